// Package planet synthesizes worlds from business briefs: industry,
// country and a description go in; a world bundle with tasks comes out.
//
// It works in three phases, like a compiler with an intermediate form:
//
//	brief ──[Read]──▶ [Plan] (mercury.plan/v1 JSON) ──[Build]──▶ world bundle
//
// [Read] turns a [Scenario] into a plan: the industry (an industry pack of
// [catalog] when one fits at [PackThreshold] or better, else composed from
// the description), the country and headquarters city, scale, currencies,
// the kind of customer, counterparts and the capabilities the description
// names, each mapped by the capability lexicon ([lexicon]) to a service
// archetype with the brief's own nouns. Every decision is logged with the
// phrase that caused it ([Decision]).
//
// A [Plan] is documented in docs/plan-format.md, has a JSON Schema
// ([PlanSchema]) and is checked whole by [ParsePlan] / [Plan.Check], every
// error a [*PlanError] with its JSON pointer. A person or an LLM may write
// one.
//
// [Build] makes the world of a plan (the engine, below); [Synthesize] is
// Read then Build. The same brief and seed give a byte-identical plan and
// world; the same plan gives the same world. Build does not validate:
// callers run the verifier's validators and write only worlds that pass
// (see mcp-world synth).
//
// # Layout
//
// This package is the public API only. The work is done by internal
// packages, one concept each:
//
//	internal/read        the reader: brief → plan, every decision logged
//	internal/engine      the generator: plan types, the service registry,
//	                     Gen, Svc, Entity, Row, Role, events, actions,
//	                     the derived service graph, links (policies),
//	                     task sampling, bundle assembly; it names no service
//	internal/kit         the one helper kit archetype builders share:
//	                     column, argument, step and assertion builders,
//	                     the world's clock and money, the Builder context
//	internal/archetypes  one file per archetype or service, named for it
//	                     (crm.go, billing.go, appointments.go, cases.go,
//	                     work_orders.go, the generic record.go…), each
//	                     registering its builder with the engine
//
// Data lives beside them: the capability lexicon and archetypes in
// [lexicon], industry packs, flavours and countries in [catalog], value
// pools by semantic kind in [seed]. A new industry is data only; a new
// archetype is a lexicon entry, and a file in internal/archetypes only when
// it needs tools and rules of its own (docs/extending-planet.md).
package planet
