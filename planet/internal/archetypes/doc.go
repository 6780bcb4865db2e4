// Package archetypes holds the service builders: one per archetype or
// service (crm, the line of work, billing, bookings, cases, work orders,
// email, drive…), and the generic record builder that serves every
// archetype of the lexicon with a lifecycle. Each registers itself with
// the engine in an init function, with its layer and hooks; none names
// another service, and the service graph follows from their events and
// actions. Package planet imports this package for its registrations.
package archetypes
