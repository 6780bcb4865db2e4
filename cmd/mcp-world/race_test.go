//go:build race

package main

// raceEnabled: the race detector keeps shadow memory per goroutine, so
// memory bounds do not hold under it.
const raceEnabled = true
