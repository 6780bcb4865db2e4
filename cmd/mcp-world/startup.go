package main

import (
	"io"
	"os"
	"runtime/debug"
	"slices"
	"sync"

	"github.com/mercury/mcp-world/bundles"
)

// startHeap is how much heap a server start may allocate before the
// garbage collector runs: an embedded world's load allocates a few MB,
// all of it live or garbage in moments, and collecting it in cycles
// paced from the tiny heap left by package init costs a fifth of a
// start's CPU.
const startHeap = 64 << 20

// smallBundle is the largest bundle file whose load runs with the
// collector held: the 500-contact anchor (~0.3 MB) allocates a few MB to
// load, as the embedded world does; past this, a load's live heap grows
// toward startHeap and the hold would only move the cycles.
const smallBundle = 2 << 20

// holdGC turns the garbage collector off while an embedded world or a
// small bundle file (≤ smallBundle bytes) loads and its first answers are
// written (up to startHeap of heap, where it runs anyway), and returns the
// function that restores the settings it found. Larger bundle files are
// left alone: one is compiled with a live heap past any fixed limit. Holds
// nest (tests run servers side by side in one process): the last release
// restores.
func holdGC(worldName string) (release func()) {
	if worldName != "" && !slices.Contains(bundles.Names(), worldName) {
		fi, err := os.Stat(worldName)
		if err != nil || !fi.Mode().IsRegular() || fi.Size() > smallBundle {
			return func() {}
		}
	}
	gcHold.Lock()
	defer gcHold.Unlock()
	if gcHold.n == 0 {
		gcHold.pct = debug.SetGCPercent(-1)
		gcHold.limit = debug.SetMemoryLimit(startHeap)
	}
	gcHold.n++
	return sync.OnceFunc(func() {
		gcHold.Lock()
		defer gcHold.Unlock()
		if gcHold.n--; gcHold.n == 0 {
			debug.SetMemoryLimit(gcHold.limit)
			debug.SetGCPercent(gcHold.pct)
		}
	})
}

var gcHold struct {
	sync.Mutex
	n     int
	pct   int
	limit int64
}

// afterWrites calls then after n writes: the handshake's answer and the
// first request's leave the collector off.
type afterWrites struct {
	w    io.Writer
	n    int
	then func()
	mu   sync.Mutex
}

func (a *afterWrites) Write(p []byte) (int, error) {
	n, err := a.w.Write(p)
	a.mu.Lock()
	if a.n--; a.n == 0 {
		a.then()
	}
	a.mu.Unlock()
	return n, err
}
