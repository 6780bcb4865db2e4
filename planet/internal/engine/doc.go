// Package engine makes the world of a plan: it holds the plan types and
// the service registry, builds the plan's services layer by layer, derives
// the service graph, picks and seeds the policies, samples the tasks and
// assembles the bundle. It names no service: archetype builders (package
// archetypes) register a [ServiceDef] each, with its [Layer] and hooks,
// and everything the engine does with a service follows from what it
// declares.
//
// [Build] makes the world of a plan, each stage drawing from its own
// seeded random stream:
//
//	plan → company (name, address in the headquarters city, clock)
//	     → services, layer by layer ([Layer]): CRM, the line of work
//	       (archetypes: work), one generic record service per capability
//	       (archetypes: record, parameterised by the archetype and the plan's
//	       nouns) and the other registered builders; each adds tables,
//	       tools, events, actions and chores
//	       with the country's names and formats: every value of a column
//	       with a semantic kind is drawn by package seed from that kind's
//	       pool, in the world's language, at the currency's price level,
//	       with dates that follow the row's status
//	     → service graph: an edge from a lower layer to a higher one
//	       wherever an event pairs with an action ([Action] says which
//	       roles and kinds of event it follows); no service names another
//	     → invariants ([Link]: an upstream [Event] paired with a downstream
//	       [Action]; the seed is made to satisfy them)
//	     → tasks (cross-system tasks from links, and chores inside one
//	       service)
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
// The reader lists the policies Build picks in the plan ([PlanPolicy]: an
// event of one service, an action of another that follows it); Build
// makes exactly the listed ones, so a person or an LLM can drop or add
// one, and [ParsePlan] refuses an entry no action can follow at its JSON
// pointer.
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
package engine
