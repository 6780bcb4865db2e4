// Package verifier grades episodes of a world, replays recorded
// trajectories and validates world bundles. It is the grading sidecar: it
// reads the hidden parts of a bundle (invariant checks, rubrics, reference
// solutions) that agent-facing code never sees, and nothing agent-facing
// imports it.
//
// Start with [Grade] for the reward of an episode, [Replay] to regrade a
// trajectory file offline, and [Validate] to check a bundle before serving
// it. All three are safe for concurrent use. Grade an episode no one is
// calling any more: a call that lands while [Grade] reads the episode makes
// it return an error rather than a report that mixes two states.
//
// # Checks
//
// A [Report] lists its checks in a fixed order: the task's rubric
// assertions in rubric order, then the hidden invariants in the task's scope
// by name, then the collateral check.
//
//   - "assertion": one per rubric assertion, id = the assertion id,
//     weight = the assertion's weight (1 when not given).
//     exists passes when at least one row matches its where; absent when
//     none does; count when the number of matching rows meets every bound
//     given (equals, min, max); field when the row with that primary key
//     exists and its column equals the value; sql when the query returns a
//     row whose first column is true. A where value is either a scalar,
//     meaning equality (null means IS NULL, true and false mean 1 and 0,
//     numbers compare as numbers), or a one-key operator object: ne (null
//     safe: a null is not equal to a value), gt, gte, lt, lte, contains (SQL
//     LIKE '%x%' with x escaped, so case-insensitive for ASCII letters), in
//     (a list; null in the list matches null) or not_null: true. Conditions
//     on several columns must all hold. In a sql assertion NULL, 0, 0.0, "",
//     "0" and "false" (any case) are false; any other value is true.
//   - "invariant": id "invariant:<name>", weight 1, one per invariant the
//     task names in "invariants" (every invariant of the world when it names
//     none). Its hidden check returns the violating rows: it passes when it
//     returns none. On failure the check lists the rows (at most 20, sorted).
//   - "collateral": id "collateral", weight 1. The final state is compared
//     with the task's initial state (s0 + Δs0), table by table by primary
//     key; the runtime's own _mercury tables are ignored. Each inserted,
//     updated or deleted row must be allowed by one "may_change" entry: same
//     table; if it gives keys, the row's primary key is one of them (this
//     holds for inserts too, so leave keys out where the agent creates rows);
//     if it gives ops, the kind of change is one of them. Rows changed and
//     changed back do not count. On failure the detail names the first five
//     offending changes ("update crm_orders ORD-00001") and the rows list up
//     to 20 of them with their before and after rows.
//
// # Score and partial credit
//
// Every check is pass or fail; there is no partial credit inside a check
// (an exists that finds the wrong row, a count off by one, an invariant with
// one violation out of a hundred all fail the whole check). The score is
//
//	score = (sum of the weights of the checks that passed) / (sum of all weights)
//
// so it lies in [0, 1], and success is true exactly when every check passed
// (score 1). Invariants and collateral weigh 1 each, whatever the rubric's
// weights. In the mini world's task (assertions order-delivered, weight 1,
// and invoice-sent, weight 2; one invariant; collateral) the total is 5:
//
//	marks the order delivered and sends the invoice      5/5 = 1   success
//	sends the invoice, leaves the order confirmed        4/5 = 0.8
//	does nothing                                         2/5 = 0.4 (breaks no rule, changes nothing)
//	only marks the order delivered                       2/5 = 0.4 (now breaks the invoicing invariant)
//	the full solution plus a change outside may_change   4/5 = 0.8 (collateral fails)
//
// # Determinism
//
// The same state gives a byte-identical report: checks come in the order
// above, rows and changes are sorted, details use no map order, time or
// randomness. [GraderVersion] names these rules; it changes whenever the
// same state could be graded differently.
//
// # Hidden SQL
//
// Invariant checks and sql assertions run inside [world.Episode.Read],
// whose querier runs only a single statement starting with SELECT, WITH or
// VALUES: the SQLite driver runs every statement of a multi-statement
// string, and query_only alone does not stop "PRAGMA query_only=OFF;
// DELETE …", BEGIN or ATTACH. Hidden SQL that does not run makes [Grade]
// return an error rather than a low score: it is a broken bundle, not a bad
// agent, and the read-only-sql validator reports it first.
//
// # Cost
//
// [Grade] reads the changed rows, not the whole state: the collateral
// check and the state hash come from [world.Episode.Diff], which compares
// the rows the episode's change log names with the task's initial state
// (read once per process). What remains is the rubric and invariant SQL,
// which the episode keeps prepared, so grading an episode again is cheaper
// than the first time.
//
// # Validators
//
// [Validate] runs seventeen named validators in a fixed order (see
// [ValidatorNames]). schema, references (with unique names and other
// structure), ownership, tool-scope, tool-schemas, seed and task-seed report
// [world.Compile]'s errors grouped by [world.Rule]; the compiler works in
// phases (schema; structure; seed rows; task seeds), so a failing phase
// skips the validators of later phases and every executable validator, each
// marked skipped with the reason. The executable validators run the world:
// read-only, seed-invariants, cross-service, visible-policy, read-only-sql,
// reference-solves, noop-fails, replay-deterministic, no-leaks and realism
// (seed values against their columns' semantic kinds, through [Realism],
// which the program sets to planet/seed's Findings: the country data is the
// synthesizer's, which grading does not import; its findings are warnings,
// not errors, on a bundle Planet did not synthesize). A validator that ran and found
// errors fails; one that was skipped is not OK either, but has no errors.
package verifier
