package verifier

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mercury/mcp-world/world"
)

// Validator names, in report order.
const (
	VSchema              = "schema"
	VReferences          = "references"
	VOwnership           = "ownership"
	VToolScope           = "tool-scope"
	VReadOnly            = "read-only"
	VToolSchemas         = "tool-schemas"
	VSeed                = "seed"
	VSeedInvariants      = "seed-invariants"
	VCrossService        = "cross-service"
	VVisiblePolicy       = "visible-policy"
	VReadOnlySQL         = "read-only-sql"
	VTaskSeed            = "task-seed"
	VReferenceSolves     = "reference-solves"
	VNoopFails           = "noop-fails"
	VReplayDeterministic = "replay-deterministic"
	VNoLeaks             = "no-leaks"

	// The reward validators (see the package documentation).
	VGoalsUnmet    = "goals-unmet-initially"
	VPartialCredit = "partial-credit"
	VStepsNeeded   = "steps-needed"
	VPolicyNeeded  = "policy-needed"
	VPolicyAgrees  = "policy-agrees"
)

var validatorNames = []string{
	VSchema, VReferences, VOwnership, VToolScope, VReadOnly, VToolSchemas, VSeed,
	VSeedInvariants, VCrossService, VVisiblePolicy, VReadOnlySQL, VTaskSeed,
	VReferenceSolves, VNoopFails, VReplayDeterministic, VNoLeaks,
	VGoalsUnmet, VPartialCredit, VStepsNeeded, VPolicyNeeded, VPolicyAgrees,
	VRealism,
}

// ValidatorNames lists the validators in the order a report lists them.
func ValidatorNames() []string { return slices.Clone(validatorNames) }

// RewardValidators lists the validators that prove a task's reward
// teaches (doing nothing scores 0, progress shows, every step and policy
// counts), in report order.
func RewardValidators() []string {
	return []string{VGoalsUnmet, VPartialCredit, VStepsNeeded, VPolicyNeeded, VPolicyAgrees}
}

// ValidateOptions change what [ValidateWith] enforces.
type ValidateOptions struct {
	// Advisory names validators that run and report their errors but do
	// not make the bundle fail (ValidationReport.OK ignores them). A
	// corpus generator that is not yet held to a validator uses this.
	Advisory []string
	// Skip names reward validators ([RewardValidators]) not to run at
	// all: they are reported skipped and, like advisory ones, do not fail
	// the bundle. Tests of a generator that is not yet held to them use
	// this to save their cost.
	Skip []string
	// Steps bounds each hidden statement the validators run, in SQLite
	// VM steps; 0 means [DefaultSteps].
	Steps int64
	// Budget is the wall-clock backstop of each hidden statement the
	// validators run; 0 means [DefaultBudget].
	Budget time.Duration
}

// ruleValidator says which validator reports a compiler error of each rule.
var ruleValidator = map[world.Rule]string{
	world.RuleSchema:     VSchema,
	world.RuleReferences: VReferences,
	world.RuleUnique:     VReferences,
	world.RuleStructure:  VReferences,
	world.RuleOwnership:  VOwnership,
	world.RuleToolScope:  VToolScope,
	world.RuleToolSchema: VToolSchemas,
	world.RuleSeed:       VSeed,
	world.RuleTaskSeed:   VTaskSeed,
}

// stages are the compiler's phases: a phase runs only when the ones
// before it passed, so a failure skips the validators of later phases.
var stages = [][]string{
	{VSchema},
	{VReferences, VOwnership, VToolScope, VToolSchemas},
	{VSeed},
	{VTaskSeed},
}

// ValidationReport is the result of [Validate]. Its JSON form is a stable
// contract.
type ValidationReport struct {
	OK         bool              `json:"ok"`
	World      string            `json:"world"`
	Validators []ValidatorResult `json:"validators"`
}

// ValidatorResult is the outcome of one validator. A skipped validator did
// not run (Skipped says why) and is not OK.
type ValidatorResult struct {
	Name   string   `json:"name"`
	OK     bool     `json:"ok"`
	Errors []string `json:"errors"`
	// Warnings are findings that do not fail the bundle (realism on a
	// hand-written bundle).
	Warnings []string `json:"warnings,omitempty"`
	Skipped  string   `json:"skipped,omitempty"`
	// Advisory: the validator's errors do not fail the bundle.
	Advisory bool `json:"advisory,omitempty"`
}

// Failed lists the validators that ran and found errors, in report order.
func (r *ValidationReport) Failed() []string {
	var names []string
	for _, v := range r.Validators {
		if len(v.Errors) > 0 {
			names = append(names, v.Name)
		}
	}
	return names
}

// Validator returns the result of the named validator.
func (r *ValidationReport) Validator(name string) (ValidatorResult, bool) {
	i := slices.IndexFunc(r.Validators, func(v ValidatorResult) bool { return v.Name == name })
	if i < 0 {
		return ValidatorResult{}, false
	}
	return r.Validators[i], true
}

// Validate runs every validator on a bundle. Structural validators come
// from [world.Compile]; when it fails, the executable validators are
// reported as skipped. Problems are never returned as an error: a canceled
// ctx, too, shows up as errors of the validators that were running.
func Validate(ctx context.Context, data []byte) *ValidationReport {
	return ValidateWith(ctx, data, ValidateOptions{})
}

// ValidateWith is [Validate] with options.
func ValidateWith(ctx context.Context, data []byte, opts ValidateOptions) *ValidationReport {
	ctx = withBudget(ctx, budget{opts.Steps, opts.Budget})
	v := &validation{byName: map[string]*ValidatorResult{}, skipped: opts.Skip}
	for _, n := range validatorNames {
		v.byName[n] = &ValidatorResult{Name: n, OK: true, Errors: []string{}}
	}
	w, err := world.Compile(data)
	rep := &ValidationReport{World: worldName(data)}
	if err != nil {
		v.compileErrors(err)
	} else {
		rep.World = w.Name()
		v.run(ctx, w)
		w.CloseScratch()
	}
	rep.OK = true
	for _, n := range validatorNames {
		r := v.byName[n]
		r.OK = len(r.Errors) == 0 && r.Skipped == ""
		r.Advisory = slices.Contains(opts.Advisory, n) || v.unwanted(n)
		rep.OK = rep.OK && (r.OK || r.Advisory)
		rep.Validators = append(rep.Validators, *r)
	}
	return rep
}

// worldName reads the name of a bundle that may not compile.
func worldName(data []byte) string {
	var b struct {
		Name string `json:"name"`
	}
	_ = json.Unmarshal(data, &b)
	return b.Name
}

type validation struct {
	byName  map[string]*ValidatorResult
	skipped []string // reward validators the caller does not want run
	plays   map[string]*played
	memo    *checkMemo // the checks graded so far (see checkMemo)
}

// unwanted reports whether the caller asked not to run a reward validator.
func (v *validation) unwanted(name string) bool {
	return slices.Contains(v.skipped, name) && slices.Contains(RewardValidators(), name)
}

// wanted marks an unwanted validator skipped and reports whether to run it.
func (v *validation) wanted(name string) bool {
	if v.unwanted(name) {
		v.skip(name, "not run: the caller skipped it")
		return false
	}
	return true
}

func (v *validation) fail(name, format string, a ...any) {
	r := v.byName[name]
	r.Errors = append(r.Errors, fmt.Sprintf(format, a...))
}

func (v *validation) skip(name, reason string) {
	v.byName[name].Skipped = reason
}

func (v *validation) failed(name string) bool { return len(v.byName[name].Errors) > 0 }

// compileErrors files each compiler error under its validator and skips
// the validators the compiler never reached.
func (v *validation) compileErrors(err error) {
	for _, e := range flatten(err) {
		var be *world.BundleError
		name := VSchema // an error that is not located is a decoding failure
		if errors.As(e, &be) {
			if n, ok := ruleValidator[be.Rule]; ok {
				name = n
			} else {
				name = VReferences
			}
		}
		v.fail(name, "%s", e.Error())
	}
	var failing []string
	stage := len(stages)
	for i, st := range stages {
		for _, n := range st {
			if v.failed(n) {
				failing = append(failing, n)
			}
		}
		if len(failing) > 0 {
			stage = i
			break
		}
	}
	if stage == len(stages) {
		// An error no stage claims; treat it as a decoding failure.
		stage, failing = 0, []string{VSchema}
		if !v.failed(VSchema) {
			v.fail(VSchema, "%s", err.Error())
		}
	}
	reason := "not checked: the bundle fails " + strings.Join(failing, ", ")
	for _, st := range stages[stage+1:] {
		for _, n := range st {
			v.skip(n, reason)
		}
	}
	for _, n := range validatorNames {
		if !v.structural(n) {
			v.skip(n, reason)
		}
	}
}

func (v *validation) structural(name string) bool {
	for _, st := range stages {
		if slices.Contains(st, name) {
			return true
		}
	}
	return false
}

// flatten unwraps joined errors into their leaves.
func flatten(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range j.Unwrap() {
			out = append(out, flatten(e)...)
		}
		return out
	}
	return []error{err}
}

// run runs the executable validators on a compiled world.
func (v *validation) run(ctx context.Context, w *world.World) {
	v.memo = newCheckMemo(w)
	b := w.Bundle()
	v.crossService(b)
	v.visiblePolicy(w)
	badChecks := v.readOnlySQL(ctx, w)

	runs := make([]*solveRun, len(w.Tasks()))
	for i, t := range w.Tasks() {
		runs[i] = solve(ctx, w, t, v.memo, true)
	}
	defer closeBenches(runs)
	v.readOnly(ctx, w, runs)

	if badChecks {
		v.skip(VSeedInvariants, "not checked: an invariant check does not run read-only (see read-only-sql)")
	} else {
		v.seedInvariants(ctx, w)
	}
	if v.failed(VReadOnlySQL) {
		reason := "not checked: hidden SQL does not run read-only (see read-only-sql)"
		for _, n := range append([]string{VReferenceSolves, VNoopFails}, RewardValidators()...) {
			v.skip(n, reason)
		}
	} else {
		v.referenceSolves(runs)
		noops := v.noopFails(ctx, w, runs)
		v.benchPlays(ctx, w, runs)
		if v.wanted(VGoalsUnmet) {
			v.goalsUnmet(w, noops)
		}
		if v.wanted(VPartialCredit) {
			v.partialCredit(ctx, w, runs, noops)
		}
		if v.wanted(VStepsNeeded) {
			v.stepsNeeded(ctx, w, runs)
		}
		if v.wanted(VPolicyNeeded) {
			v.policyNeeded(ctx, w, runs)
		}
		if v.wanted(VPolicyAgrees) {
			v.policyAgrees(ctx, w, runs)
		}
		v.closePlays()
	}
	v.deterministic(ctx, w, runs)
	v.noLeaks(w, runs)
	v.realism(b)
}

// solveRun is one run of a task's reference solution.
type solveRun struct {
	index   int // the task's index in the bundle
	task    *world.Task
	entries []world.Entry
	wrote   []int  // solution steps where a read-only tool wrote rows
	final   string // the final state hash
	report  *Report
	json    []byte // the report's JSON
	grade   error  // why the run could not be graded
	err     error  // why the run itself failed (not a tool error)

	// With bench (see solve's keep): the grade of the task's initial
	// state, taken before the run, and the run's episode, left open at
	// its final state with a mark before each write call (by solution
	// index; 0 is the initial state) for [validation.benchPlays].
	noop    *Report
	noopErr error
	bench   *world.Episode
	marks   map[int]world.Mark
}

// solve runs a task's reference solution on a fresh episode and grades it
// (with memo, when not nil). With keep, it grades the initial state first
// and keeps the episode for the reward validators' variants of the run
// (solveRun.bench).
func solve(ctx context.Context, w *world.World, task *world.Task, memo *checkMemo, keep bool) *solveRun {
	r := &solveRun{index: slices.Index(w.Tasks(), task), task: task}
	ep, err := w.NewEpisode(ctx, task)
	if err != nil {
		r.err = err
		return r
	}
	if keep {
		r.bench, r.marks = ep, map[int]world.Mark{}
		r.noop, r.noopErr = gradeMemo(ctx, ep, task, validating, memo)
	} else {
		defer ep.Close()
	}
	for j, c := range task.Spec().Solution {
		t, ok := w.Tool(c.Tool)
		readOnly := ok && t.ReadOnly()
		if keep && (j == 0 || ok && !readOnly) {
			if r.marks[j], r.err = ep.Mark(ctx); r.err != nil {
				return r
			}
		}
		var before int64
		if readOnly {
			if before, r.err = rowsWritten(ctx, ep); r.err != nil {
				return r
			}
		}
		var te *world.ToolError
		if _, err := ep.Call(ctx, c.Tool, callArgs(c)); err != nil && !errors.As(err, &te) {
			r.err = err
			return r
		}
		if readOnly {
			after, err := rowsWritten(ctx, ep)
			if err != nil {
				r.err = err
				return r
			}
			if after != before {
				changed, err := changesState(ctx, w, task, task.Spec().Solution[:j+1])
				if err != nil {
					r.err = err
					return r
				}
				if changed {
					r.wrote = append(r.wrote, j)
				}
			}
		}
	}
	r.entries = ep.Trajectory()
	r.report, r.grade = gradeMemo(ctx, ep, task, validating, memo)
	if r.grade != nil {
		r.final, r.err = ep.StateHash(ctx)
		return r
	}
	r.final = r.report.StateHash
	r.json, r.grade = json.Marshal(r.report)
	return r
}

// rowsWritten is the number of rows the episode's database has inserted,
// updated or deleted since it opened (SQLite's total_changes()). Every
// change of the state hash writes rows, so an unchanged count proves an
// unchanged state at a fraction of the cost of two state hashes. When the
// count moves, [changesState] settles it with the hashes.
func rowsWritten(ctx context.Context, ep *world.Episode) (int64, error) {
	return ep.RowsWritten(ctx)
}

// changesState reports whether the last of calls changes the state hash,
// running them on a fresh episode of task (nil: s0).
func changesState(ctx context.Context, w *world.World, task *world.Task, calls []world.Call) (bool, error) {
	ep, err := w.NewEpisode(ctx, task)
	if err != nil {
		return false, err
	}
	defer ep.Close()
	var before string
	for i, c := range calls {
		if i == len(calls)-1 {
			if before, err = ep.StateHash(ctx); err != nil {
				return false, err
			}
		}
		var te *world.ToolError
		if _, err := ep.Call(ctx, c.Tool, callArgs(c)); err != nil && !errors.As(err, &te) {
			return false, err
		}
	}
	after, err := ep.StateHash(ctx)
	return after != before, err
}

func callArgs(c world.Call) json.RawMessage {
	if c.Args == nil {
		return json.RawMessage("{}")
	}
	b, err := json.Marshal(c.Args)
	if err != nil {
		return json.RawMessage("{}")
	}
	return b
}

var readPrefixes = []string{"get_", "search_", "list_", "find_", "count_"}

// readOnly: tools named like reads don't write, and read-only tools leave
// the state as it was, called with no arguments (on s0) and as the
// reference solutions call them: the state hash is unchanged, checked
// cheaply with [rowsWritten] first.
func (v *validation) readOnly(ctx context.Context, w *world.World, runs []*solveRun) {
	index := map[string]int{}
	for i, t := range w.Bundle().Tools {
		index[t.Name] = i
	}
	for _, t := range w.Tools() {
		for _, p := range readPrefixes {
			if strings.HasPrefix(t.Name(), p) && !t.ReadOnly() {
				_, writes := t.Tables()
				v.fail(VReadOnly, "/tools/%d/name: tool %s is named like a read (%s…) but writes %s", index[t.Name()], t.Name(), p, strings.Join(writes, ", "))
			}
		}
	}
	ep, err := w.NewEpisode(ctx, nil)
	if err != nil {
		v.fail(VReadOnly, "/: start an episode: %v", err)
		return
	}
	defer ep.Close()
	for _, t := range w.Tools() {
		if !t.ReadOnly() {
			continue
		}
		n, err := rowsWritten(ctx, ep)
		if err != nil {
			v.fail(VReadOnly, "/: %v", err)
			return
		}
		var te *world.ToolError
		if _, err := ep.Call(ctx, t.Name(), json.RawMessage("{}")); err != nil && !errors.As(err, &te) {
			v.fail(VReadOnly, "/tools/%d: call with no arguments: %v", index[t.Name()], err)
			continue
		}
		m, err := rowsWritten(ctx, ep)
		if err != nil {
			v.fail(VReadOnly, "/: %v", err)
			return
		}
		if m == n {
			continue
		}
		if changed, err := changesState(ctx, w, nil, []world.Call{{Tool: t.Name()}}); err != nil || changed {
			v.fail(VReadOnly, "/tools/%d: read-only tool %s changed the state when called with no arguments", index[t.Name()], t.Name())
		}
	}
	for _, r := range runs {
		for _, j := range r.wrote {
			v.fail(VReadOnly, "/tasks/%d/solution/%d: read-only tool %s changed the state", r.index, j, r.task.Spec().Solution[j].Tool)
		}
	}
}

func (v *validation) crossService(b *world.Bundle) {
	for i, inv := range b.Invariants {
		if inv.Trigger == inv.Target {
			v.fail(VCrossService, "/invariants/%d/target: invariant %s has trigger and target in the same service (%s); a cross-service invariant spans two", i, inv.Name, inv.Target)
		}
	}
}

func (v *validation) visiblePolicy(w *world.World) {
	var doc string
	for _, d := range w.Documents() {
		if d.Name == "policies" {
			doc = normalize(d.Text)
		}
	}
	for i, inv := range w.Invariants() {
		p := normalize(inv.Policy)
		switch {
		case p == "":
			v.fail(VVisiblePolicy, "/invariants/%d/policy: invariant %s has no policy text, so the agent cannot know the rule", i, inv.Name)
		case !strings.Contains(doc, p):
			v.fail(VVisiblePolicy, "/invariants/%d/policy: the policy of invariant %s does not appear in the agent-visible policies document", i, inv.Name)
		}
	}
}

// readOnlySQL runs every hidden check on s0 and every sql assertion on its
// task's initial state, read-only. It reports whether an invariant check
// failed.
func (v *validation) readOnlySQL(ctx context.Context, w *world.World) (badInvariant bool) {
	// One episode per initial state serves its queries in turn: a query
	// that passes left it as it was (rowsWritten says so); after one that
	// fails, the next query gets a fresh episode.
	var ep *world.Episode
	var epTask *world.Task
	drop := func() {
		if ep != nil {
			ep.Close()
			ep = nil
		}
	}
	defer drop()
	try := func(task *world.Task, ptr, sql string) (ok bool) {
		if ep == nil || epTask != task {
			drop()
			var err error
			if ep, err = w.NewEpisode(ctx, task); err != nil {
				ep = nil
				v.fail(VReadOnlySQL, "%s: start an episode: %v", ptr, err)
				return false
			}
			epTask = task
		}
		defer func() {
			if !ok {
				drop()
			}
		}()
		before, err := rowsWritten(ctx, ep)
		if err != nil {
			v.fail(VReadOnlySQL, "%s: %v", ptr, err)
			return false
		}
		err = ep.Read(ctx, func(q world.Querier) error {
			res, err := queryHidden(ctx, q, budgetOf(ctx, budget{}), sql)
			if err == nil && len(res.cols) == 0 {
				err = errors.New("returns no columns")
			}
			return err
		})
		if err != nil {
			v.fail(VReadOnlySQL, "%s: %v", ptr, err)
			return false
		}
		if after, err := rowsWritten(ctx, ep); err != nil || after != before {
			v.fail(VReadOnlySQL, "%s: the query wrote to the state", ptr)
			return false
		}
		return true
	}
	for i, inv := range w.Invariants() {
		if !try(nil, fmt.Sprintf("/invariants/%d/check", i), inv.Check) {
			badInvariant = true
		}
	}
	for i, t := range w.Tasks() {
		for j, a := range t.Spec().Assertions {
			if a.SQL != "" {
				try(t, fmt.Sprintf("/tasks/%d/assertions/%d/sql", i, j), a.SQL)
			}
		}
	}
	return badInvariant
}

func (v *validation) seedInvariants(ctx context.Context, w *world.World) {
	ep, err := w.NewEpisode(ctx, nil)
	if err != nil {
		v.fail(VSeedInvariants, "/: start an episode: %v", err)
		return
	}
	defer ep.Close()
	for i, inv := range w.Invariants() {
		var res *result
		err := ep.Read(ctx, func(q world.Querier) error {
			var err error
			res, err = queryHidden(ctx, q, budgetOf(ctx, budget{}), inv.Check)
			return err
		})
		if err != nil {
			v.fail(VSeedInvariants, "/invariants/%d/check: %v", i, err)
			continue
		}
		if n := len(res.rows); n > 0 {
			rows := make([]string, len(res.rows))
			for k, r := range res.rows {
				rows[k] = string(rowObject(res.cols, r, nil))
			}
			slices.Sort(rows)
			noun := "rows violate"
			if n == 1 {
				noun = "row violates"
			}
			v.fail(VSeedInvariants, "/invariants/%d: the seed state breaks invariant %s: %d %s it, e.g. %s", i, inv.Name, n, noun, strings.Join(rows[:min(n, 3)], ", "))
		}
	}
}

func (v *validation) referenceSolves(runs []*solveRun) {
	for _, r := range runs {
		ptr := fmt.Sprintf("/tasks/%d", r.index)
		if r.err != nil {
			v.fail(VReferenceSolves, "%s/solution: %v", ptr, r.err)
			continue
		}
		for j, e := range r.entries {
			if e.Error != "" {
				v.fail(VReferenceSolves, "%s/solution/%d: %s failed: %s", ptr, j, e.Tool, e.Error)
			}
		}
		if r.grade != nil {
			v.fail(VReferenceSolves, "%s: %v", ptr, r.grade)
			continue
		}
		if r.report.Score >= 1 {
			continue
		}
		for _, c := range r.report.Checks {
			if !c.Passed {
				v.fail(VReferenceSolves, "%s: the reference solution scores %s; check %s fails: %s", checkPointer(r, c), formatScore(r.report.Score), c.ID, c.Detail)
			}
		}
	}
}

// checkPointer locates a check in the bundle.
func checkPointer(r *solveRun, c Check) string {
	ptr := fmt.Sprintf("/tasks/%d", r.index)
	switch c.Kind {
	case KindAssertion:
		if j := slices.IndexFunc(r.task.Spec().Assertions, func(a world.Assertion) bool { return a.ID == c.ID }); j >= 0 {
			return ptr + "/assertions/" + strconv.Itoa(j)
		}
	case KindCollateral:
		return ptr + "/may_change"
	}
	return ptr
}

func formatScore(s float64) string { return strconv.FormatFloat(s, 'f', -1, 64) }

// noopFails grades each task's initial state (solve graded it already
// when it kept the run's episode) and returns the reports (nil where
// grading failed).
func (v *validation) noopFails(ctx context.Context, w *world.World, runs []*solveRun) []*Report {
	reports := make([]*Report, len(w.Tasks()))
	for i, t := range w.Tasks() {
		r, err := runs[i].noop, runs[i].noopErr
		if r == nil && err == nil {
			ep, eerr := w.NewEpisode(ctx, t)
			if eerr != nil {
				v.fail(VNoopFails, "/tasks/%d: start an episode: %v", i, eerr)
				continue
			}
			r, err = gradeMemo(ctx, ep, t, validating, v.memo)
			ep.Close()
		}
		switch {
		case err != nil:
			v.fail(VNoopFails, "/tasks/%d: %v", i, err)
			continue
		case r.Score >= 1:
			v.fail(VNoopFails, "/tasks/%d: doing nothing scores 1: the initial state already passes every check of task %s", i, t.ID())
		}
		reports[i] = r
	}
	return reports
}

// deterministic runs each reference solution a second time and compares
// every call's time, result or error, the final state and the grade report.
func (v *validation) deterministic(ctx context.Context, w *world.World, runs []*solveRun) {
	for _, a := range runs {
		b := solve(ctx, w, a.task, nil, false) // graded afresh: a check must give one answer
		ptr := fmt.Sprintf("/tasks/%d", a.index)
		if a.err != nil || b.err != nil {
			v.fail(VReplayDeterministic, "%s/solution: %v", ptr, errors.Join(a.err, b.err))
			continue
		}
		for j := range min(len(a.entries), len(b.entries)) {
			x, y := a.entries[j], b.entries[j]
			switch {
			case x.Time != y.Time:
				v.fail(VReplayDeterministic, "%s/solution/%d: two runs call %s at different times: %s, %s", ptr, j, x.Tool, x.Time, y.Time)
			case x.Error != y.Error:
				v.fail(VReplayDeterministic, "%s/solution/%d: two runs of %s fail differently: %q, %q", ptr, j, x.Tool, x.Error, y.Error)
			case !bytes.Equal(x.Result, y.Result):
				v.fail(VReplayDeterministic, "%s/solution/%d: two runs of %s return different results: %s, %s", ptr, j, x.Tool, quote(x.Result), quote(y.Result))
			}
		}
		if len(a.entries) != len(b.entries) {
			v.fail(VReplayDeterministic, "%s/solution: two runs make %d and %d calls", ptr, len(a.entries), len(b.entries))
		}
		if a.final != b.final {
			v.fail(VReplayDeterministic, "%s: two runs end in different states: %s, %s", ptr, a.final, b.final)
		}
		if a.grade != nil || b.grade != nil || bytes.Equal(a.json, b.json) {
			continue
		}
		diffs := 0
		for k := range min(len(a.report.Checks), len(b.report.Checks)) {
			x, y := a.report.Checks[k], b.report.Checks[k]
			if x.Passed != y.Passed || x.Detail != y.Detail || !slices.EqualFunc(x.Rows, y.Rows, func(p, q json.RawMessage) bool { return bytes.Equal(p, q) }) {
				diffs++
				v.fail(VReplayDeterministic, "%s: two runs grade check %s differently: %q, %q", checkPointer(a, x), x.ID, x.Detail, y.Detail)
			}
		}
		if diffs == 0 {
			v.fail(VReplayDeterministic, "%s: two runs give different grade reports", ptr)
		}
	}
}

// hidden is a piece of hidden text and where it is in the bundle.
type hidden struct {
	ptr  string
	text string // normalized
}

// surface is something an agent can read.
type surface struct {
	name  string
	texts []string // normalized
}

// minLeak is the shortest hidden text the leak check looks for: shorter
// strings (ids, statuses) legitimately appear in what agents see.
const minLeak = 24

func (v *validation) noLeaks(w *world.World, runs []*solveRun) {
	var secrets []hidden
	add := func(ptr, text string) {
		if t := normalize(text); len(t) >= minLeak {
			secrets = append(secrets, hidden{ptr, t})
		}
	}
	for i, inv := range w.Invariants() {
		add(fmt.Sprintf("/invariants/%d/check", i), inv.Check)
	}
	for i, t := range w.Tasks() {
		for j, a := range t.Spec().Assertions {
			if a.SQL != "" {
				add(fmt.Sprintf("/tasks/%d/assertions/%d/sql", i, j), a.SQL)
			}
		}
		for j, c := range t.Spec().Solution {
			b, _ := marshal(c)
			add(fmt.Sprintf("/tasks/%d/solution/%d", i, j), string(b))
		}
	}
	if len(secrets) == 0 {
		return
	}
	for _, s := range surfaces(w, runs) {
		for _, h := range secrets {
			if slices.ContainsFunc(s.texts, func(t string) bool { return strings.Contains(t, h.text) }) {
				v.fail(VNoLeaks, "%s: hidden text appears in %s", h.ptr, s.name)
			}
		}
	}
}

// surfaces collects everything an agent can read: tools as MCP lists them,
// server instructions, resources, task prompts, and every tool result and
// error of the reference solutions.
func surfaces(w *world.World, runs []*solveRun) []surface {
	var out []surface
	add := func(name string, texts ...string) {
		s := surface{name: name}
		for _, t := range texts {
			if t = normalize(t); t != "" {
				s.texts = append(s.texts, t)
			}
		}
		out = append(out, s)
	}
	// A tool's MCP description is these texts and a few booleans
	// (annotations); toolgen adds no text of its own.
	for _, t := range w.Tools() {
		add("tool "+t.Name(), append([]string{t.Name(), t.Title(), t.Description(), string(t.InputSchema()), string(t.OutputSchema())},
			slices.Concat(jsonStrings(t.InputSchema()), jsonStrings(t.OutputSchema()))...)...)
	}
	add("the server instructions", w.Instructions())
	for _, d := range w.Documents() {
		add("resource "+d.URI, d.URI, d.Name, d.Title, d.Description, d.Text)
	}
	for _, t := range w.Tasks() {
		info := t.Public()
		b, _ := json.Marshal(info)
		add("the prompt of task "+t.ID(), w.TaskPrompt(info), info.Title, info.Persona, info.Instruction, string(b))
	}
	for _, r := range runs {
		for j, e := range r.entries {
			add(fmt.Sprintf("the result of /tasks/%d/solution/%d (%s)", r.index, j, e.Tool),
				append([]string{string(e.Result), e.Error}, jsonStrings(e.Result)...)...)
		}
	}
	return out
}

// jsonStrings returns every string (keys and values) in a JSON text, so
// text that JSON escapes ("<>" as \u003c\u003e) is still found.
func jsonStrings(b []byte) []string {
	var v any
	if len(b) == 0 || json.Unmarshal(b, &v) != nil {
		return nil
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			out = append(out, x)
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for _, k := range sortedKeys(x) {
				out = append(out, k)
				walk(x[k])
			}
		}
	}
	walk(v)
	return out
}

// normalize collapses every run of white space into one space.
func normalize(s string) string { return strings.Join(strings.Fields(s), " ") }
