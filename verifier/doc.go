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
// by name, then the collateral check. Each check has a role: a "goal" is
// what the task must achieve, a "constraint" what it must not break.
//
//   - "assertion": one per rubric assertion, id = the assertion id,
//     weight = the assertion's weight (1 when not given), role = the
//     assertion's role ("goal" unless the bundle says "constraint": a
//     "must not change" assertion such as "no shipment was booked" or
//     "history kept" is a constraint).
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
//   - "invariant": id "invariant:<name>", weight 1, role constraint. One
//     per invariant in the task's scope: the invariants the task names in
//     "invariants"; when it names none, every invariant whose check reads a
//     table the task can change (its seed changes it, or one of its
//     may_change entries allows changing it). The rest of the world's rules
//     cannot be moved by the task: a change to any other table is
//     collateral damage. (A structured rule reads its when and then tables
//     and the tables its paths follow; a raw check reads the tables it
//     names.) Its hidden check returns the violating rows: it passes when
//     it returns none. On failure the check lists the rows (at most 20,
//     sorted).
//   - "collateral": id "collateral", weight 1, role constraint. The final
//     state is compared with the task's initial state (s0 + Δs0), table by
//     table by primary key; the runtime's own _mercury tables are ignored.
//     Each inserted, updated or deleted row must be allowed by one
//     "may_change" entry: same table; if it gives keys, the row's primary
//     key is one of them (this holds for inserts too, so leave keys out
//     where the agent creates rows); if it gives ops, the kind of change is
//     one of them. Rows changed and changed back do not count. On failure
//     the detail names the first five offending changes ("update
//     crm_orders ORD-00001") and the rows list up to 20 of them with their
//     before and after rows.
//
// # Score (mercury-grader/2)
//
// Every check is pass or fail; there is no partial credit inside a check
// (an exists that finds the wrong row, a count off by one, an invariant with
// one violation out of a hundred all fail the whole check). Partial credit
// comes from goals; constraints only take away:
//
//	progress = (weight of the goals that passed) / (weight of all goals)
//	broken   = weight of the constraints that failed
//	score    = progress × 2^(−broken)
//
// so doing nothing scores 0 (every goal fails on the initial state; the
// goals-unmet-initially validator proves it), each goal reached adds its
// share, and each broken constraint halves the score, however many
// constraints are in scope. Success is true exactly when every check
// passed (score 1). The report gives progress and broken beside the score.
// In the mini world's task (goals order-delivered, weight 1, and
// invoice-sent, weight 2; one invariant and collateral as constraints):
//
//	what the agent does                                 progress broken  score
//	marks the order delivered and sends the invoice      3/3      0      1     success
//	does nothing                                         0/3      0      0
//	only marks the order delivered (the first write)     1/3      1      0.167 (the invoicing rule now fails)
//	sends the invoice, leaves the order confirmed        2/3      0      0.667
//	the full solution, then a second invoice             3/3      1      0.5   (the rule wants exactly one)
//	the full solution plus a change outside may_change   3/3      1      0.5   (collateral fails)
//	both of the last two                                 3/3      2      0.25
//
// # Earlier rules
//
// A report names the rule it was scored with in grader_version.
// [GradeWith] with [Options.Grader] set to "mercury-grader/1" reproduces
// the reports of that rule byte for byte, so old results can be regraded
// and compared. Under mercury-grader/1 the score is the passed weight over
// the total weight of all checks (so doing nothing on the mini task scored
// 2/5 = 0.4), every invariant of the world is in scope when the task names
// none, and reports carry no role, progress or broken.
//
// # Determinism
//
// The same state gives a byte-identical report: checks come in the order
// above, rows and changes are sorted, details use no map order, time or
// randomness. [GraderVersion] names these rules; it changes whenever the
// same state could be graded differently.
//
// # Budget
//
// Hidden SQL is bounded: every hidden statement (an invariant check or a
// rubric query) may run at most [Options.Steps] SQLite virtual machine
// steps (default [DefaultSteps], counted by a progress handler, see
// [world.Meter]) and return at most [maxResultRows] rows. Both are counts,
// not times, so the same bundle and state are accepted or refused the
// same way on any machine, however loaded. A wall-clock backstop far
// above them ([Options.Budget], default [DefaultBudget]) stops a
// statement only on a machine many times slower. A statement past any of
// them is interrupted and [Grade] returns an error wrapping [ErrBudget]
// that names the check and the limit ("stopped after 50000000 VM
// steps"): an unbounded recursive CTE is a broken bundle, not a low
// score. The budget never changes a score: a grade either finishes within
// it or is not made. The read-only-sql validator runs every hidden
// statement under the same budget and reports one that runs past it at
// its JSON pointer.
//
// # Hidden SQL
//
// Invariant checks and sql assertions run through a querier
// ([world.Scratch.Read], or [world.Episode.Read] as the fallback) that
// runs only a single statement starting with SELECT, WITH or VALUES: the
// SQLite driver runs every statement of a multi-statement string, and
// query_only alone does not stop "PRAGMA query_only=OFF; DELETE …", BEGIN
// or ATTACH. Hand-written hidden SQL is wrapped as the body of a
// materialized CTE, so "WITH x AS (…) DELETE …" does not even parse; on a
// scratch database whatever a statement might write is rolled back, and
// on an episode PRAGMA query_only refuses it. Hidden SQL that does not run
// makes [Grade] return an error rather than a low score: it is a broken
// bundle, not a bad agent, and the read-only-sql validator reports it
// first.
//
// # Cost
//
// [Grade] reads the changed rows, not the whole state: the collateral
// check and the state hash come from [world.Episode.Diff], which compares
// the rows the episode's change log names with the task's initial state
// (read once per process). The rubric and invariant SQL then runs on a
// [world.Scratch]: a pooled database of the world at the task's initial
// state, on which the episode's changed rows are replayed inside a
// transaction that is rolled back afterwards. Its statements stay
// prepared from one episode to the next, and it indexes the columns
// hidden checks join on, so the first grade of an episode does not parse
// the world's hidden SQL again. The scratch state holds the same rows as
// the episode, so the report is the same (a replay that does not apply
// falls back to reading the episode). [Validate] and corpus tools free a
// world's scratch databases with [world.World.CloseScratch].
//
// # Validators
//
// [Validate] runs twenty-two named validators in a fixed order (see
// [ValidatorNames]). schema, references (with unique names and other
// structure), ownership, tool-scope, tool-schemas, seed and task-seed report
// [world.Compile]'s errors grouped by [world.Rule]; the compiler works in
// phases (schema; structure; seed rows; task seeds), so a failing phase
// skips the validators of later phases and every executable validator, each
// marked skipped with the reason. The executable validators run the world:
// read-only, seed-invariants, cross-service, visible-policy, read-only-sql,
// reference-solves, noop-fails, replay-deterministic and no-leaks, the
// reward validators, which prove the score teaches:
//
//   - goals-unmet-initially: every goal assertion fails on the task's
//     initial state (so doing nothing scores 0);
//   - partial-credit: when the reference solution writes more than once,
//     the solution up to and including its first write scores strictly
//     between doing nothing and 1;
//   - steps-needed: dropping any one write call of the reference solution
//     lowers its score (no step the grader does not need);
//   - policy-needed: on a cross-system task (the solution writes in two
//     services or more), dropping the write calls in the target service of
//     an invariant in scope whose trigger service the solution also writes
//     (the calls only the policy asks for) makes the task fail; a task
//     that no policy in its scope links across the services it writes has
//     nothing to check here (steps-needed still holds each of its writes
//     to a check);
//   - policy-agrees: a structured rule's text and check come from the rule
//     (the visible text is the one it compiles to); for a raw check,
//     mutations of each task's final reference state that break a
//     condition the policy text states (a value it quotes, an id it says
//     to mention) must make the check fail;
//
// and realism (seed values against their columns' semantic kinds, through
// [Realism], which the program sets to planet/seed's Findings: the country
// data is the synthesizer's, which grading does not import; its findings
// are warnings, not errors, on a bundle Planet did not synthesize).
//
// A validator that ran and found errors fails; one that was skipped is not
// OK either, but has no errors. [ValidateWith] can make validators
// advisory ([ValidateOptions.Advisory]): they run and report their errors,
// but do not fail the bundle; and it can skip the reward validators
// ([ValidateOptions.Skip]), which then neither run nor fail it. A
// generator that is being brought up to new validators uses these.
package verifier
