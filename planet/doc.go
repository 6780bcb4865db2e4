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
//	           industry's vocabulary and the country's names and formats)
//	         → invariants ([Link]: an upstream [Event] paired with a
//	           downstream [Action] along a graph edge, written as a
//	           structured rule (world.PolicyRule) from which the world
//	           compiles both the policy text and its hidden check; the seed
//	           is made to satisfy them)
//	         → tasks (cross-system tasks from links: the instruction asks for
//	           the event, the policies alone say what else must happen; and
//	           chores inside one service)
//
// # Policies
//
// Most policies bind state across systems: invoice what was delivered,
// void what was called off, resolve the ticket once the job is done,
// release the booking of a cancelled job, record the money of a paid
// invoice. Notifications (an email, a chat post) may be at most a third of
// a world's policies. An [Action] says what its rule requires downstream
// ([Keys] over the upstream entity's [Role] paths); a rule about records
// that already exist (an open ticket to resolve) has a Prepare that seeds
// them in the task, so that the rule does not hold before the agent acts.
//
// # Tasks
//
// A cross-system task follows every policy its events set off, and the
// policies on what those create or change ([Made]: the invoice issued for
// the finished job must itself be emailed), up to five services and ten
// assertions. Rows made on the way are checked by their business key (the
// invoice whose source is the job), never by an id the instruction does
// not name. Goals fail on the task's initial state; what must merely stay
// true is a constraint. Events whose policies reach a single other service
// are asked for in pairs ("Two things today…"). Each world has at least
// eight kinds of task.
//
// Services are [ServiceDef]s registered by the svc_*.go files; each Build
// adds tables, tools, events, actions and chores to its [Svc]. Country and
// industry data come from [catalog].
//
// The same scenario and seed give a byte-identical bundle. Synthesize does
// not validate: callers run the verifier's validators and write only
// worlds that pass (see mcp-world synth).
package planet
