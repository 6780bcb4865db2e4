// Package kit is the helper kit archetype builders share, so that a
// builder reads as the service it makes: column and argument builders
// (PK, Text, Money, Ref…), tool steps (Get, Insert, Update, Search),
// assertions and changes for tasks, date and money helpers in the world's
// clock and currency, and the two builder contexts over a service being
// built — [Builder] (with its [Register]) and [Vertical] — that know the
// world's customers, line of work and staff.
package kit
