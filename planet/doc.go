// Package planet synthesizes worlds from business scenarios: industry,
// country and a description go in; a world bundle with tasks comes out.
//
// Start with [Synthesize]. It generates in the order a world is made, each
// stage drawing from its own seeded random stream:
//
//	scenario → company (name, locale, currency, time zone, size)
//	         → service graph (CRM, the industry's own line of work, and a
//	           weighted draw of horizontal and vertical services; edges from
//	           each service's ServiceDef.After)
//	         → state schema and seed state (each service's Build, with the
//	           industry's vocabulary and the country's names and formats;
//	           every value of a column with a semantic kind is drawn by
//	           package seed from that kind's pool, in the world's language,
//	           at the currency's price level, with dates that follow the
//	           row's status)
//	         → invariants ([Link]: an upstream [Event] paired with a
//	           downstream [Action] along a graph edge; the seed is made to
//	           satisfy them)
//	         → tasks (cross-system tasks from links: the instruction asks for
//	           the event, the policy alone says what else must happen; and
//	           chores inside one service)
//
// Services are [ServiceDef]s registered by the svc_*.go files; each Build
// adds tables, tools, events, actions and chores to its [Svc]. Country and
// industry data come from [catalog].
//
// The same scenario and seed give a byte-identical bundle. Synthesize does
// not validate: callers run the verifier's validators and write only
// worlds that pass (see mcp-world synth).
package planet
