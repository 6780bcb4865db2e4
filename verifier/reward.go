package verifier

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/world"
)

// The reward validators prove that a task's score teaches: doing nothing
// earns nothing, the first step earns something, every step counts and
// the policies matter. They grade with the current rule.

// playGrade runs calls on a fresh episode of task (tool errors are part of
// the play) and grades the final state. The caller closes the episode.
func playGrade(ctx context.Context, w *world.World, task *world.Task, calls []world.Call, memo *checkMemo) (*Report, *world.Episode, error) {
	ep, err := w.NewEpisode(ctx, task)
	if err != nil {
		return nil, nil, err
	}
	for _, c := range calls {
		var te *world.ToolError
		if _, err := ep.Call(ctx, c.Tool, callArgs(c)); err != nil && !errors.As(err, &te) {
			ep.Close()
			return nil, nil, err
		}
	}
	r, err := gradeMemo(ctx, ep, task, validating, memo)
	if err != nil {
		ep.Close()
		return nil, nil, err
	}
	return r, ep, nil
}

// played is one memoized play of the reward validators: the same calls
// on the same task are played and graded once per validation (dropping a
// task's one policy call is both a steps-needed and a policy-agrees
// play). Its episode stays open until the validation ends.
type played struct {
	report *Report
	ep     *world.Episode
	err    error
}

func playKey(task *world.Task, calls []world.Call) string {
	key, _ := json.Marshal(struct {
		Task  string
		Calls []world.Call
	}{task.ID(), calls})
	return string(key)
}

// play plays calls on a fresh episode of task and grades it, once; the
// episode stays open at the play's final state.
func (v *validation) play(ctx context.Context, w *world.World, task *world.Task, calls []world.Call) (*Report, *world.Episode, error) {
	key := playKey(task, calls)
	if p, ok := v.plays[key]; ok && (p.ep != nil || p.err != nil) {
		return p.report, p.ep, p.err
	}
	r, ep, err := playGrade(ctx, w, task, calls, v.memo)
	if v.plays == nil {
		v.plays = map[string]*played{}
	}
	v.plays[key] = &played{r, ep, err}
	return r, ep, err
}

// scoreOf is the grade of a memoized play: one [validation.benchPlays]
// graded, or else a fresh one.
func (v *validation) scoreOf(ctx context.Context, w *world.World, task *world.Task, calls []world.Call) (*Report, error) {
	if p, ok := v.plays[playKey(task, calls)]; ok {
		return p.report, p.err
	}
	r, _, err := v.play(ctx, w, task, calls)
	return r, err
}

// variant is a play of a task that follows its reference solution up to
// call from and then leaves it.
type variant struct {
	calls []world.Call
	from  int
}

// benchPlays grades, for each solved task, the variants of its reference
// run that partial-credit, steps-needed and policy-needed ask for (the
// run up to its first write, without each write, without the calls only
// a policy asks for), on the run's own episode: each variant is replayed
// from the last mark before the call where it leaves the run (see
// [world.Episode.Mark]), the latest marks first, instead of from the
// start on an episode of its own. The validators then find their grades
// memoized. A replay from a mark is the replay from the start, call for
// call: the mark holds the state, the clock and the trajectory.
func (v *validation) benchPlays(ctx context.Context, w *world.World, runs []*solveRun) {
	if v.plays == nil {
		v.plays = map[string]*played{}
	}
	for _, run := range runs {
		if run.bench == nil || !solved(run) {
			continue
		}
		sol := run.task.Spec().Solution
		writes := writeCalls(w, sol)
		var vs []variant
		if !v.unwanted(VPartialCredit) && len(writes) >= 2 {
			vs = append(vs, variant{sol[:writes[0]+1], writes[0] + 1})
		}
		if !v.unwanted(VStepsNeeded) {
			for _, j := range writes {
				vs = append(vs, variant{without(sol, []int{j}), j})
			}
		}
		if drop := policyDrop(w, run.task); len(drop) > 0 && !v.unwanted(VPolicyNeeded) {
			vs = append(vs, variant{without(sol, drop), drop[0]})
		}
		// The mark each variant starts from: the last one at or before
		// where it leaves the run.
		start := func(x variant) int {
			s := 0
			for j := range run.marks {
				if j <= x.from && j > s {
					s = j
				}
			}
			return s
		}
		slices.SortStableFunc(vs, func(a, b variant) int { return start(b) - start(a) })
		for _, x := range vs {
			key := playKey(run.task, x.calls)
			if _, ok := v.plays[key]; ok {
				continue
			}
			r, err := v.benchPlay(ctx, run, x.calls, start(x))
			v.plays[key] = &played{report: r, err: err}
		}
		run.bench.Close()
		run.bench = nil
	}
}

// benchPlay rewinds the run's episode to the mark before call s and plays
// calls[s:] (calls[:s] are the run's own).
func (v *validation) benchPlay(ctx context.Context, run *solveRun, calls []world.Call, s int) (*Report, error) {
	ep := run.bench
	if err := ep.Rewind(ctx, run.marks[s]); err != nil {
		return nil, err
	}
	for _, c := range calls[s:] {
		var te *world.ToolError
		if _, err := ep.Call(ctx, c.Tool, callArgs(c)); err != nil && !errors.As(err, &te) {
			return nil, err
		}
	}
	return gradeMemo(ctx, ep, run.task, validating, v.memo)
}

// closeBenches closes the episodes solve kept that benchPlays did not.
func closeBenches(runs []*solveRun) {
	for _, r := range runs {
		if r.bench != nil {
			r.bench.Close()
			r.bench = nil
		}
	}
}

// closePlays closes the episodes of the memoized plays.
func (v *validation) closePlays() {
	for _, p := range v.plays {
		if p.ep != nil {
			p.ep.Close()
		}
	}
	v.plays = nil
}

// writeCalls returns the indexes of the solution's calls to tools that
// write.
func writeCalls(w *world.World, sol []world.Call) []int {
	var out []int
	for i, c := range sol {
		if t, ok := w.Tool(c.Tool); ok && !t.ReadOnly() {
			out = append(out, i)
		}
	}
	return out
}

// without returns calls without the ones at the given indexes.
func without(calls []world.Call, drop []int) []world.Call {
	var out []world.Call
	for i, c := range calls {
		if !slices.Contains(drop, i) {
			out = append(out, c)
		}
	}
	return out
}

// solved reports whether a task's reference run can anchor the reward
// validators: it ran and scored 1. reference-solves reports the others.
func solved(r *solveRun) bool { return r.err == nil && r.grade == nil && r.report.Success }

// goalsUnmet: every goal fails on the task's initial state.
func (v *validation) goalsUnmet(w *world.World, noops []*Report) {
	for i, t := range w.Tasks() {
		spec := t.Spec()
		if !slices.ContainsFunc(spec.Assertions, world.Assertion.IsGoal) {
			v.fail(VGoalsUnmet, "/tasks/%d/assertions: task %s has no goal: every assertion is a constraint, so nothing the agent does can earn a score", i, t.ID())
			continue
		}
		r := noops[i]
		if r == nil {
			continue // noop-fails says why
		}
		for j, a := range spec.Assertions {
			if !a.IsGoal() {
				continue
			}
			if k := slices.IndexFunc(r.Checks, func(c Check) bool { return c.ID == a.ID }); k >= 0 && r.Checks[k].Passed {
				v.fail(VGoalsUnmet, "/tasks/%d/assertions/%d: goal %s already passes on the task's initial state (%s); a goal must be something the task achieves: make it fail on the start state, or mark it \"role\": \"constraint\"", i, j, a.ID, r.Checks[k].Detail)
			}
		}
	}
}

// partialCredit: the solution up to its first write scores strictly
// between doing nothing and 1, when the solution writes more than once.
func (v *validation) partialCredit(ctx context.Context, w *world.World, runs []*solveRun, noops []*Report) {
	for _, run := range runs {
		if !solved(run) || noops[run.index] == nil {
			continue
		}
		sol := run.task.Spec().Solution
		writes := writeCalls(w, sol)
		if len(writes) < 2 {
			continue
		}
		first := writes[0]
		r, err := v.scoreOf(ctx, w, run.task, sol[:first+1])
		if err != nil {
			v.fail(VPartialCredit, "/tasks/%d/solution/%d: %v", run.index, first, err)
			continue
		}
		noop := noops[run.index].Score
		if r.Score > noop && r.Score < 1 {
			continue
		}
		why := "it reaches no goal"
		if r.Score >= 1 {
			why = "it already solves the task: the later writes are not needed"
		} else if r.Score > 0 {
			why = fmt.Sprintf("it reaches %s but breaks %s", strings.Join(checkIDs(r, RoleGoal, true), ", "), strings.Join(checkIDs(r, RoleConstraint, false), ", "))
		}
		v.fail(VPartialCredit, "/tasks/%d/solution/%d: the solution up to its first write (%s) scores %s, not strictly between doing nothing (%s) and 1: %s", run.index, first, sol[first].Tool, formatScore(r.Score), formatScore(noop), why)
	}
}

// checkIDs lists the checks of a role that passed (or failed).
func checkIDs(r *Report, role string, passed bool) []string {
	var ids []string
	for _, c := range r.Checks {
		if c.Role == role && c.Passed == passed {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// stepsNeeded: dropping any one write call lowers the score.
func (v *validation) stepsNeeded(ctx context.Context, w *world.World, runs []*solveRun) {
	for _, run := range runs {
		if !solved(run) {
			continue
		}
		sol := run.task.Spec().Solution
		for _, j := range writeCalls(w, sol) {
			r, err := v.scoreOf(ctx, w, run.task, without(sol, []int{j}))
			if err != nil {
				v.fail(VStepsNeeded, "/tasks/%d/solution/%d: %v", run.index, j, err)
				continue
			}
			if r.Score >= run.report.Score {
				v.fail(VStepsNeeded, "/tasks/%d/solution/%d: without this call (%s) the solution still scores %s: no goal, rule or constraint needs it; check what it does, or drop it", run.index, j, sol[j].Tool, formatScore(r.Score))
			}
		}
	}
}

// policyCalls returns, for a cross-system task, the write calls in the
// target service of each invariant in scope whose trigger service the
// solution or the task seed writes: the calls only a policy asks for.
// cross is false when the solution writes in fewer than two services.
func policyCalls(w *world.World, task *world.Task) (calls map[string][]int, cross bool) {
	sol := task.Spec().Solution
	writes := writeCalls(w, sol)
	written := map[string]bool{}
	for _, j := range writes {
		t, _ := w.Tool(sol[j].Tool)
		written[t.Service()] = true
	}
	if len(written) < 2 {
		return nil, false
	}
	triggered := maps.Clone(written)
	for _, op := range task.Spec().Seed {
		if s, ok := w.TableService(op.Insert + op.Update + op.Delete); ok {
			triggered[s] = true
		}
	}
	calls = map[string][]int{}
	for _, inv := range scope(w, task) {
		if inv.Trigger == inv.Target || !triggered[inv.Trigger] || !written[inv.Target] {
			continue
		}
		for _, j := range writes {
			if t, _ := w.Tool(sol[j].Tool); t.Service() == inv.Target {
				calls[inv.Name] = append(calls[inv.Name], j)
			}
		}
	}
	return calls, true
}

// scope is the task's invariants in scope under the current rule.
func scope(w *world.World, task *world.Task) []world.Invariant {
	invs, err := newGrader(w, task, GraderVersion, budget{}).invariants()
	if err != nil {
		return nil
	}
	return invs
}

// policyNeeded: on a cross-system task, the solution without the calls
// only the policies ask for fails.
func (v *validation) policyNeeded(ctx context.Context, w *world.World, runs []*solveRun) {
	for _, run := range runs {
		if !solved(run) {
			continue
		}
		drop := policyDrop(w, run.task)
		if len(drop) == 0 {
			// Not cross-system, or no policy links the services the
			// solution writes: the instruction asks for each write, and
			// steps-needed checks them.
			continue
		}
		r, err := v.scoreOf(ctx, w, run.task, without(run.task.Spec().Solution, drop))
		if err != nil {
			v.fail(VPolicyNeeded, "/tasks/%d/solution: %v", run.index, err)
			continue
		}
		if r.Success {
			v.fail(VPolicyNeeded, "/tasks/%d/solution: without the calls only a policy asks for (%s) the task still succeeds: its checks do not need the policy", run.index, callList(run.task.Spec().Solution, drop))
		}
	}
}

// policyDrop returns, in order, the solution's calls that only the
// policies of a cross-system task ask for (see policyCalls); none when
// the task is not cross-system.
func policyDrop(w *world.World, task *world.Task) []int {
	byInv, cross := policyCalls(w, task)
	if !cross {
		return nil
	}
	var drop []int
	for _, js := range byInv {
		for _, j := range js {
			if !slices.Contains(drop, j) {
				drop = append(drop, j)
			}
		}
	}
	slices.Sort(drop)
	return drop
}

func callList(sol []world.Call, idx []int) string {
	parts := make([]string, len(idx))
	for i, j := range idx {
		parts[i] = fmt.Sprintf("%d %s", j, sol[j].Tool)
	}
	return strings.Join(parts, ", ")
}

// exampleID is an id quoted in policy text, "(e.g. SHP-00019)".
var exampleID = regexp.MustCompile(`\b[A-Z][A-Z0-9]*-[0-9]+\b`)

// policyAgrees holds each invariant's hidden check to its policy text.
//
// A structured rule has nothing to replay: [world.Compile] writes its
// text and its check from the one rule, and refuses a rule given beside
// policy or check text (docs/bundle-format.md §3.1), so they agree by
// construction; the world package's tests hold the compiler to the
// rule's meaning (TestRuleCompiles). Mutation heuristics on a rule only
// find their own limits (a value flipped to another one the rule allows,
// a row that another row keeping the rule makes irrelevant).
//
// A raw check is tested: for each task and each raw invariant in its
// scope that the task triggers (the solution without the policy's calls
// breaks it), alterations of the final reference state that break what
// the policy text says must make the check fail: undoing the task's
// writes in the target service, changing a value the text names (a
// mailbox, a channel, a status) in a row the task wrote there or a row it
// points to, and taking the trigger's id out of the text the task wrote,
// when the text asks for the id.
func (v *validation) policyAgrees(ctx context.Context, w *world.World, runs []*solveRun) {
	invIndex := map[string]int{}
	raw := false
	for i, inv := range w.Invariants() {
		invIndex[inv.Name] = i
		raw = raw || inv.Rule == nil
	}
	if !raw {
		return
	}
	for _, run := range runs {
		if !solved(run) {
			continue
		}
		byInv, _ := policyCalls(w, run.task)
		for _, inv := range scope(w, run.task) {
			drop, ok := byInv[inv.Name]
			if !ok || inv.Rule != nil {
				continue
			}
			ptr := fmt.Sprintf("/invariants/%d/check", invIndex[inv.Name])
			if err := v.agrees(ctx, w, run, inv, drop); err != nil {
				v.fail(VPolicyAgrees, "%s: %v (task %s)", ptr, err, run.task.ID())
			}
		}
	}
}

// agrees runs the mutations of one (task, invariant) pair and returns the
// first disagreement, or an error that stopped it.
func (v *validation) agrees(ctx context.Context, w *world.World, run *solveRun, inv world.Invariant, drop []int) error {
	sol := run.task.Spec().Solution
	// The trigger: the keys the check reports once the policy's calls are
	// left out. A task that does not trigger the rule tests nothing.
	_, dropped, err := v.play(ctx, w, run.task, without(sol, drop))
	if err != nil {
		return err
	}
	keys, err := violations(ctx, dropped, inv.Check)
	if err != nil || len(keys) == 0 {
		return err
	}
	_, final, err := v.play(ctx, w, run.task, sol)
	if err != nil {
		return err
	}
	diff, err := final.Diff(ctx)
	if err != nil {
		return err
	}
	// Rows of tables the check does not read cannot move it; the test is
	// whether it reads the right values of the tables it does.
	reads := w.InvariantReads(inv.Name)
	var target []world.RowChange
	for _, ch := range diff.Changes {
		if s, _ := w.TableService(ch.Table); s == inv.Target && ch.After != nil && slices.Contains(reads, ch.Table) {
			target = append(target, ch)
		}
	}
	if len(target) == 0 {
		return nil
	}
	text := inv.Policy
	type mutation struct {
		what  string
		stmts []stmt
	}
	var muts []mutation
	// Undo every write of the task in the target service.
	var undo []stmt
	for _, ch := range target {
		undo = append(undo, restore(w, ch))
	}
	muts = append(muts, mutation{"the task's " + inv.Target + " changes are undone", undo})
	// Values the text names, in the rows the task wrote and the rows they
	// point to.
	for _, ch := range target {
		for k, col := range ch.Columns {
			s, ok := ch.After[k].(string)
			if !ok || !named(text, s) {
				continue
			}
			if alt, ok := unnamedValue(w, text, ch.Table, col, s); ok {
				muts = append(muts, mutation{fmt.Sprintf("%s %s has %s %s instead of %s", ch.Table, keyString(ch.Key), col, show(alt), show(s)),
					[]stmt{setColumn(w, ch.Table, ch.Key, col, alt)}})
			}
		}
		for k, col := range ch.Columns {
			refTable, refCol, ok := reference(w, ch.Table, col)
			if !ok || ch.After[k] == nil || !slices.Contains(reads, refTable) {
				continue
			}
			row, cols, err := readRow(ctx, final, refTable, refCol, ch.After[k])
			if err != nil || row == nil {
				continue
			}
			for m, rc := range cols {
				s, ok := row[m].(string)
				// A value the task's row carries itself was mutated
				// there already (a message's from address and its
				// thread's mailbox).
				if !ok || !named(text, s) || rc == refCol || slices.Contains(ch.After, any(s)) {
					continue
				}
				if alt, ok := unnamedValue(w, text, refTable, rc, s); ok {
					muts = append(muts, mutation{fmt.Sprintf("the %s row %s points to has %s %s instead of %s", refTable, show(ch.After[k]), rc, show(alt), show(s)),
						[]stmt{{"UPDATE " + quoteIdent(refTable) + " SET " + quoteIdent(rc) + " = ? WHERE " + quoteIdent(refCol) + " = ?", []any{alt, ch.After[k]}}}})
				}
			}
		}
	}
	// The trigger's id taken out of the text the task wrote, when the
	// policy asks for the id (it quotes an example id of that kind, or
	// says to mention it).
	for _, key := range keys {
		ks, ok := key.(string)
		if !ok || !asksForID(text, ks) {
			continue
		}
		var strip []stmt
		for _, ch := range target {
			pk, _ := w.PrimaryKey(ch.Table)
			for k, col := range ch.Columns {
				if s, ok := ch.After[k].(string); ok && col != pk && strings.Contains(s, ks) {
					strip = append(strip, setColumn(w, ch.Table, ch.Key, col, strings.ReplaceAll(s, ks, "")))
				}
			}
		}
		if len(strip) > 0 {
			muts = append(muts, mutation{"the text the task wrote no longer names " + ks, strip})
		}
	}
	for _, m := range muts {
		fork, err := final.Fork(ctx)
		if err != nil {
			return err
		}
		var terr error
		for _, st := range m.stmts {
			if terr = fork.Tamper(ctx, st.sql, st.args...); terr != nil {
				break
			}
		}
		var rows []any
		if terr == nil {
			rows, terr = violations(ctx, fork, inv.Check)
		}
		fork.Close()
		if terr != nil {
			return terr
		}
		if len(rows) == 0 {
			return fmt.Errorf("the check does not hold the state to its policy text: it still passes when %s", m.what)
		}
	}
	return nil
}

type stmt struct {
	sql  string
	args []any
}

// restore undoes one change: delete an inserted row, put an updated one
// back as it was.
func restore(w *world.World, ch world.RowChange) stmt {
	pk, _ := w.PrimaryKey(ch.Table)
	if ch.Before == nil {
		return stmt{"DELETE FROM " + quoteIdent(ch.Table) + " WHERE " + quoteIdent(pk) + " = ?", []any{ch.Key}}
	}
	sets := make([]string, len(ch.Columns))
	for i, c := range ch.Columns {
		sets[i] = quoteIdent(c) + " = ?"
	}
	return stmt{"UPDATE " + quoteIdent(ch.Table) + " SET " + strings.Join(sets, ", ") + " WHERE " + quoteIdent(pk) + " = ?", append(slices.Clone(ch.Before), ch.Key)}
}

func setColumn(w *world.World, table string, key any, col string, v any) stmt {
	pk, _ := w.PrimaryKey(table)
	return stmt{"UPDATE " + quoteIdent(table) + " SET " + quoteIdent(col) + " = ? WHERE " + quoteIdent(pk) + " = ?", []any{v, key}}
}

// named reports whether policy text names the value s as a
// token of its own, and distinctly enough to be a value rather than a
// word of the sentence: a value with a character other than a lower-case
// letter ("billing@…", "customs-desk", "on_hold", "Support"), or one the
// text marks ("#finance", "'sent'"). "open, paid" names neither: a rule
// about an emailed invoice does not name the ticket channel "email".
//
// A value in lower case matches the text in any case; one with capitals
// only as written ("Support" is not named by "a support ticket").
func named(policy, s string) bool {
	if len(s) < 3 {
		return false
	}
	plain := strings.Trim(s, "abcdefghijklmnopqrstuvwxyz") == ""
	text := policy
	if strings.ToLower(s) == s {
		text = strings.ToLower(policy)
	}
	return anyToken(text, s, func(j int) bool {
		marked := j > 0 && strings.ContainsRune("#'\"", rune(text[j-1]))
		return !plain || marked
	})
}

// mentions reports whether policy text has s as a token of its own, in
// any case, whether or not it is distinct enough to count as named.
func mentions(policy, s string) bool {
	return s != "" && anyToken(strings.ToLower(policy), strings.ToLower(s), func(int) bool { return true })
}

// anyToken reports whether ok holds at the offset of some occurrence of s
// in text as a whole token (a sentence's full stop may end it).
func anyToken(text, s string, ok func(j int) bool) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], s)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(s)
		if (j == 0 || !tokenByte(text[j-1])) && (end == len(text) || !tokenByte(text[end]) || (text[end] == '.' && (end+1 == len(text) || !tokenByte(text[end+1])))) && ok(j) {
			return true
		}
		i = j + 1
	}
}

func tokenByte(b byte) bool {
	return b == '_' || b == '-' || b == '@' || b == '.' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// unnamedValue picks a value for column col of table that the policy
// text does not name: an enum value the text never mentions, not even as
// a plain word ("open, in progress or signed_off" allows open), or, for a
// free column, s with a suffix.
func unnamedValue(w *world.World, text, table, col, s string) (any, bool) {
	for _, t := range w.Tables() {
		if t.Name != table {
			continue
		}
		for _, c := range t.Columns {
			if c.Name != col {
				continue
			}
			if c.PrimaryKey {
				return nil, false
			}
			if len(c.Enum) == 0 {
				if c.Type == "email" {
					return "x" + s, true
				}
				return s + "-x", true
			}
			for _, e := range c.Enum {
				if es, ok := e.(string); ok && es != s && !mentions(text, es) {
					return es, true
				}
			}
		}
	}
	return nil, false
}

// reference returns the table and column a column references inside its
// service.
func reference(w *world.World, table, col string) (string, string, bool) {
	for _, t := range w.Tables() {
		if t.Name != table {
			continue
		}
		for _, c := range t.Columns {
			if c.Name == col && c.References != "" {
				rt, rc, ok := strings.Cut(c.References, ".")
				return rt, rc, ok
			}
		}
	}
	return "", "", false
}

func readRow(ctx context.Context, ep *world.Episode, table, col string, key any) ([]any, []string, error) {
	var res *result
	err := ep.Read(ctx, func(q world.Querier) error {
		var err error
		res, err = query(ctx, q, "SELECT * FROM "+quoteIdent(table)+" WHERE "+quoteIdent(col)+" = ?", key)
		return err
	})
	if err != nil || len(res.rows) == 0 {
		return nil, nil, err
	}
	return res.rows[0], res.cols, nil
}

// asksForID reports whether policy text asks for an id like key to be
// named: it quotes an example id with the same prefix, or says to mention
// or name it.
func asksForID(policy, key string) bool {
	text := strings.ToLower(policy)
	prefix := strings.ToLower(key[:strings.LastIndex(key, "-")+1])
	for _, id := range exampleID.FindAllString(strings.ToUpper(text), -1) {
		if strings.HasPrefix(strings.ToLower(id), prefix) {
			return true
		}
	}
	return strings.Contains(text, "mentions") || strings.Contains(text, "names the")
}

// violations runs a hidden check on the episode and returns the first
// column of each row.
func violations(ctx context.Context, ep *world.Episode, check string) ([]any, error) {
	var res *result
	err := ep.Read(ctx, func(q world.Querier) error {
		var err error
		res, err = queryHidden(ctx, q, budgetOf(ctx, budget{}), check)
		return err
	})
	if err != nil {
		return nil, err
	}
	keys := make([]any, len(res.rows))
	for i, r := range res.rows {
		if len(r) > 0 {
			keys[i] = r[0]
		}
	}
	return keys, nil
}
