// Package kit is the helper kit archetype builders share, so that a
// builder reads as the service it makes: column and argument builders
// (PK, Text, Money, Ref…), tool steps (Get, Insert, Update, Search),
// assertions and changes for tasks, date and money helpers in the world's
// clock and currency, the helpers of the services any world may have
// (horizontal.go), and the context a builder works in: a [Builder] over
// the service being built, made by [Register] for a vertical of the
// operations layer or by [New] for a builder registered with the engine
// directly, that knows the world's customers, line of work and staff.
package kit
