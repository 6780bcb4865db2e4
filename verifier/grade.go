package verifier

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mercury/mcp-world/world"
)

// GraderVersion names the grading rules a report is made with by default.
// It changes whenever the same state could get a different report; the
// rules of earlier versions stay selectable with [Options.Grader].
const GraderVersion = GraderV2

// Grading rules (see the package documentation).
const (
	// GraderV1: score = passed weight / total weight; every invariant in
	// scope when a task names none.
	GraderV1 = "mercury-grader/1"
	// GraderV2: goals and constraints; score = progress × 2^(−broken);
	// the invariants the task can affect in scope when it names none.
	GraderV2 = "mercury-grader/2"
)

// GraderVersions lists the rules [GradeWith] can grade with, oldest first.
func GraderVersions() []string { return []string{GraderV1, GraderV2} }

// Options change how [GradeWith] grades.
type Options struct {
	// Grader is the rule to grade with, one of [GraderVersions]; empty
	// means [GraderVersion].
	Grader string
	// Steps bounds each hidden statement's SQLite VM steps; 0 means
	// [DefaultSteps].
	Steps int64
	// Budget is each hidden statement's wall-clock backstop; 0 means
	// [DefaultBudget].
	Budget time.Duration
	// shared: grade on the world's shared scratch databases
	// ([world.World.SharedScratch]), as a validation, which grades every
	// task's episodes in turn, does.
	shared bool
}

// validating is how the validators grade.
var validating = Options{shared: true}

// noScratch makes Grade read the episode itself; tests compare the two.
var noScratch = false

// Check roles (grader/2 and later).
const (
	RoleGoal       = world.RoleGoal
	RoleConstraint = world.RoleConstraint
)

// maxRows caps the offending rows listed in a check.
const maxRows = 20

// maxShown caps the offending changes named in the collateral detail.
const maxShown = 5

// Check kinds.
const (
	KindAssertion  = "assertion"
	KindInvariant  = "invariant"
	KindCollateral = "collateral"
)

// Report is the grade of one episode. Its JSON form is a stable contract.
type Report struct {
	World         string  `json:"world"`
	WorldVersion  string  `json:"world_version"`
	Task          string  `json:"task"`
	BundleHash    string  `json:"bundle_hash"`
	GraderVersion string  `json:"grader_version"`
	StateHash     string  `json:"state_hash"`
	Score         float64 `json:"score"`
	Success       bool    `json:"success"`
	// Progress is the passed share of the goals' weight and Broken the
	// weight of the failed constraints (grader/2; absent under grader/1).
	Progress *float64 `json:"progress,omitempty"`
	Broken   *float64 `json:"broken,omitempty"`
	Checks   []Check  `json:"checks"`
	Calls    int      `json:"calls"`
}

// Check is one graded check.
type Check struct {
	ID     string  `json:"id"`
	Kind   string  `json:"kind"`
	Passed bool    `json:"passed"`
	Weight float64 `json:"weight"`
	// Role is "goal" or "constraint" (grader/2; absent under grader/1).
	Role   string `json:"role,omitempty"`
	Detail string `json:"detail"`
	// Rows lists offending rows as JSON objects, at most 20.
	Rows []json.RawMessage `json:"rows,omitempty"`
}

// Failed returns the ids of the checks that did not pass, in report order.
func (r *Report) Failed() []string {
	var ids []string
	for _, c := range r.Checks {
		if !c.Passed {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// Grade grades the current state of ep against task: the rubric
// assertions, the hidden invariants in the task's scope and the
// collateral-damage check. See the package documentation for the rules and
// how the score is computed. Every query runs inside [world.Episode.Read].
//
// An error means the episode could not be graded (a closed episode, a task
// of another world, hidden SQL that does not run, or a call made while
// grading), never that the agent did badly.
func Grade(ctx context.Context, ep *world.Episode, task *world.Task) (*Report, error) {
	return GradeWith(ctx, ep, task, Options{})
}

// GradeWith is [Grade] with options: another grading rule, another budget.
func GradeWith(ctx context.Context, ep *world.Episode, task *world.Task, opts Options) (*Report, error) {
	return gradeMemo(ctx, ep, task, opts, nil)
}

// gradeMemo is [GradeWith], taking the checks memo knows instead of
// running their queries again, and teaching it the ones it runs (memo nil:
// run every query).
func gradeMemo(ctx context.Context, ep *world.Episode, task *world.Task, opts Options, memo *checkMemo) (*Report, error) {
	version := cmp.Or(opts.Grader, GraderVersion)
	if !slices.Contains(GraderVersions(), version) {
		return nil, fmt.Errorf("grade: unknown grader %q (graders: %s)", version, strings.Join(GraderVersions(), ", "))
	}
	if task == nil {
		return nil, errors.New("grade: no task given")
	}
	w := ep.World()
	if wt, ok := w.Task(task.ID()); !ok || wt != task {
		return nil, fmt.Errorf("grade: task %q is not a task of world %s", task.ID(), w.Name())
	}
	if et := ep.Task(); et != task {
		got := "the seed state (no task)"
		if et != nil {
			got = "task " + et.ID()
		}
		return nil, fmt.Errorf("grade: the episode started at %s, not at task %s", got, task.ID())
	}
	g := newGrader(w, task, version, budgetOf(ctx, budget{opts.Steps, opts.Budget}))

	// Reading takes several turns of the episode's lock; a call landing in
	// between would mix two states in one report.
	calls := ep.Calls()
	diff, err := ep.Diff(ctx)
	if err != nil {
		return nil, fmt.Errorf("grade: compare with the initial state: %w", err)
	}
	spec := g.spec
	invs, err := g.invariants()
	if err != nil {
		return nil, fmt.Errorf("grade: %w", err)
	}
	// checks[i] is assertion i, then invariant i-len(assertions).
	checks := make([]Check, len(spec.Assertions)+len(invs))
	keys := make([][32]byte, len(checks))
	var todo []int
	for i := range checks {
		if memo != nil {
			var id, base string
			var reads []string
			if i < len(spec.Assertions) {
				// Assertion ids are the task's own.
				id, base, reads = "assertion:"+spec.Assertions[i].ID, "task "+task.ID(), memo.assertionReads(task, spec.Assertions[i])
			} else {
				// An invariant is the world's: its result depends on
				// the rows of the tables it reads, whatever the task.
				inv := invs[i-len(spec.Assertions)]
				id, reads = "invariant:"+inv.Name, memo.invariantReads(w, inv)
				base = memo.base(task, reads)
			}
			if reads != nil {
				keys[i] = memo.key(version, base, id, reads, diff.Changes)
				if c, ok := memo.checks[keys[i]]; ok {
					checks[i] = c
					memo.hits++
					continue
				}
			}
		}
		todo = append(todo, i)
	}
	// The hidden SQL runs on a scratch database of the world at the task's
	// initial state with the episode's changes replayed: its statements
	// are prepared once per pooled database, not once per episode. A
	// replay that does not apply (a unique key moved between rows in an
	// order the replay cannot follow) falls back to the episode itself;
	// either way the queries see the same rows.
	read := ep.Read
	if !noScratch && len(todo) > 0 {
		borrow := w.Scratch
		if opts.shared {
			borrow = w.SharedScratch
		}
		if sc, err := borrow(ctx, task); err == nil {
			defer sc.Release()
			if sc.Apply(ctx, diff.Changes) == nil {
				read = sc.Read
			}
		}
	}
	if len(todo) > 0 {
		err = read(ctx, func(q world.Querier) error {
			for _, i := range todo {
				if i < len(spec.Assertions) {
					a := spec.Assertions[i]
					c, err := g.assertion(ctx, q, a)
					if err != nil {
						return fmt.Errorf("assertion %s: %w", a.ID, err)
					}
					checks[i] = c
					continue
				}
				inv := invs[i-len(spec.Assertions)]
				c, err := g.invariant(ctx, q, inv)
				if err != nil {
					return fmt.Errorf("invariant %s: %w", inv.Name, err)
				}
				checks[i] = c
			}
			return nil
		})
	}
	if err != nil {
		return nil, fmt.Errorf("grade: %w", err)
	}
	if ep.Calls() != calls {
		return nil, errors.New("grade: the episode was called while it was being graded; grade an episode no one is calling")
	}
	if memo != nil {
		for _, i := range todo {
			if keys[i] != ([32]byte{}) {
				memo.checks[keys[i]] = checks[i]
			}
		}
	}
	checks = append(checks, g.collateral(diff.Changes))
	r := &Report{
		World:         w.Name(),
		WorldVersion:  w.Version(),
		Task:          task.ID(),
		BundleHash:    w.Hash(),
		GraderVersion: version,
		StateHash:     diff.StateHash,
		Checks:        checks,
		Calls:         calls,
	}
	if version == GraderV1 {
		r.Score, r.Success = scoreV1(checks)
		return r, nil
	}
	for i := range r.Checks {
		if r.Checks[i].Role == "" {
			r.Checks[i].Role = RoleConstraint
		}
	}
	var progress, broken float64
	r.Score, r.Success, progress, broken = scoreV2(r.Checks)
	r.Progress, r.Broken = &progress, &broken
	return r, nil
}

// scoreV2 is progress × 2^(−broken): the passed share of the goals'
// weight, halved for each unit of weight of the failed constraints.
// Success needs every check to pass.
func scoreV2(checks []Check) (score float64, success bool, progress, broken float64) {
	var passed, total float64
	success = true
	for _, c := range checks {
		if !c.Passed {
			success = false
		}
		switch {
		case c.Role == RoleGoal:
			total += c.Weight
			if c.Passed {
				passed += c.Weight
			}
		case !c.Passed:
			broken += c.Weight
		}
	}
	if total == 0 {
		return 0, false, 0, broken
	}
	progress = passed / total
	score = progress * math.Exp2(-broken)
	if success {
		score = 1 // exact, whatever rounding the product did
	}
	return score, success, progress, broken
}

// scoreV1 is the passed weight over the total weight; success needs every
// check to pass.
func scoreV1(checks []Check) (float64, bool) {
	var passed, total float64
	success := true
	for _, c := range checks {
		total += c.Weight
		if c.Passed {
			passed += c.Weight
		} else {
			success = false
		}
	}
	if total == 0 {
		return 0, false
	}
	return passed / total, success
}

type grader struct {
	w       *world.World
	task    *world.Task
	spec    *world.TaskSpec
	version string
	budget  budget
}

func newGrader(w *world.World, task *world.Task, version string, b budget) *grader {
	return &grader{w: w, task: task, spec: task.Spec(), version: version, budget: budgetOf(context.Background(), b)}
}

// types returns the bundle types of table's columns, for [rowObject].
func (g *grader) types(table string) func(column string) string {
	return func(column string) string {
		typ, _ := g.w.ColumnType(table, column)
		return typ
	}
}

func (g *grader) assertion(ctx context.Context, q world.Querier, a world.Assertion) (Check, error) {
	c := Check{ID: a.ID, Kind: KindAssertion, Weight: a.Weight}
	if c.Weight == 0 {
		c.Weight = 1
	}
	if g.version != GraderV1 {
		c.Role = RoleConstraint
		if a.IsGoal() {
			c.Role = RoleGoal
		}
	}
	var err error
	switch {
	case a.Exists != nil:
		err = g.rowCount(ctx, q, &c, a.Exists.Table, a.Exists.Where, func(n int) (bool, string) {
			return n > 0, "at least 1 row"
		}, false)
	case a.Absent != nil:
		err = g.rowCount(ctx, q, &c, a.Absent.Table, a.Absent.Where, func(n int) (bool, string) {
			return n == 0, "no rows"
		}, true)
	case a.Count != nil:
		m := a.Count
		err = g.rowCount(ctx, q, &c, m.Table, m.Where, func(n int) (bool, string) {
			return countOK(m, n), countWant(m)
		}, true)
	case a.Field != nil:
		err = g.field(ctx, q, &c, a.Field)
	case a.SQL != "":
		err = g.sqlAssertion(ctx, q, &c, a.SQL)
	default:
		err = errors.New("the assertion has no kind (exists, absent, count, field or sql)")
	}
	return c, err
}

func countOK(m *world.CountMatch, n int) bool {
	return (m.Equals == nil || n == *m.Equals) && (m.Min == nil || n >= *m.Min) && (m.Max == nil || n <= *m.Max)
}

func countWant(m *world.CountMatch) string {
	rows := func(n int) string {
		if n == 1 {
			return "1 row"
		}
		return strconv.Itoa(n) + " rows"
	}
	var parts []string
	if m.Equals != nil {
		parts = append(parts, "exactly "+rows(*m.Equals))
	}
	switch {
	case m.Min != nil && m.Max != nil:
		parts = append(parts, fmt.Sprintf("between %d and %d rows", *m.Min, *m.Max))
	case m.Min != nil:
		parts = append(parts, "at least "+rows(*m.Min))
	case m.Max != nil:
		parts = append(parts, "at most "+rows(*m.Max))
	}
	return strings.Join(parts, " and ")
}

// rowCount counts the rows of table matching where, judges the count and,
// when the check fails and listRows is set, lists the matching rows.
func (g *grader) rowCount(ctx context.Context, q world.Querier, c *Check, table string, where map[string]any, judge func(int) (bool, string), listRows bool) error {
	cond, args, desc, err := whereSQL(where)
	if err != nil {
		return err
	}
	var n int
	if err := q.QueryRowContext(ctx, "SELECT count(*) FROM "+quoteIdent(table)+" WHERE "+cond, args...).Scan(&n); err != nil {
		return err
	}
	pass, want := judge(n)
	c.Passed = pass
	c.Detail = fmt.Sprintf("want %s in %s", want, table)
	if desc != "" {
		c.Detail += " where " + desc
	}
	c.Detail += "; found " + strconv.Itoa(n)
	if !pass && listRows && n > 0 {
		pk, _ := g.w.PrimaryKey(table)
		res, err := query(ctx, q, "SELECT * FROM "+quoteIdent(table)+" WHERE "+cond+" ORDER BY "+quoteIdent(pk)+" LIMIT "+strconv.Itoa(maxRows), args...)
		if err != nil {
			return err
		}
		for _, r := range res.rows {
			c.Rows = append(c.Rows, rowObject(res.cols, r, g.types(table)))
		}
	}
	return nil
}

func (g *grader) field(ctx context.Context, q world.Querier, c *Check, m *world.FieldMatch) error {
	pk, ok := g.w.PrimaryKey(m.Table)
	if !ok {
		return fmt.Errorf("unknown table %q", m.Table)
	}
	want, err := bindValue(m.Equals)
	if err != nil {
		return err
	}
	key, err := bindValue(m.Key)
	if err != nil {
		return err
	}
	col := quoteIdent(m.Column)
	res, err := query(ctx, q, "SELECT "+col+", "+col+" IS ? FROM "+quoteIdent(m.Table)+" WHERE "+quoteIdent(pk)+" = ?", want, key)
	if err != nil {
		return err
	}
	c.Detail = fmt.Sprintf("want %s %s %s = %s; ", m.Table, keyString(m.Key), m.Column, show(m.Equals))
	if len(res.rows) == 0 {
		c.Detail += fmt.Sprintf("no %s row with %s %s", m.Table, pk, show(key))
		return nil
	}
	c.Passed = truthy(res.rows[0][1])
	c.Detail += "found " + show(jsonValue(res.rows[0][0], g.types(m.Table)(m.Column)))
	return nil
}

func (g *grader) sqlAssertion(ctx context.Context, q world.Querier, c *Check, sql string) error {
	res, err := queryHidden(ctx, q, g.budget, sql)
	if err != nil {
		return err
	}
	if len(res.rows) == 0 || len(res.cols) == 0 {
		c.Detail = "want a true first column; the query returned no rows"
		return nil
	}
	v := res.rows[0][0]
	c.Passed = truthy(v)
	if c.Passed {
		c.Detail = "first column is " + show(v) + " (true)"
	} else {
		c.Detail = "want a true first column; found " + show(v)
	}
	return nil
}

// invariants returns the hidden invariants in the task's scope, by name.
func (g *grader) invariants() ([]world.Invariant, error) {
	all := g.w.Invariants()
	var out []world.Invariant
	switch {
	case len(g.spec.Invariants) == 0 && g.version == GraderV1:
		out = all
	case len(g.spec.Invariants) == 0:
		out = affected(g.w, g.spec, all)
	default:
		for _, name := range g.spec.Invariants {
			i := slices.IndexFunc(all, func(inv world.Invariant) bool { return inv.Name == name })
			if i < 0 {
				return nil, fmt.Errorf("task %s names unknown invariant %q", g.spec.ID, name)
			}
			out = append(out, all[i])
		}
	}
	slices.SortFunc(out, func(a, b world.Invariant) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

func (g *grader) invariant(ctx context.Context, q world.Querier, inv world.Invariant) (Check, error) {
	c := Check{ID: "invariant:" + inv.Name, Kind: KindInvariant, Weight: 1}
	run := queryHidden
	if inv.Rule != nil {
		run = queryCompiled
	}
	res, err := run(ctx, q, g.budget, inv.Check)
	if err != nil {
		return c, err
	}
	if len(res.rows) == 0 {
		c.Passed = true
		c.Detail = fmt.Sprintf("no violations of %q", inv.Title)
		return c, nil
	}
	// The check may not order its rows; sort them so the same state gives
	// the same report.
	rows := make([]json.RawMessage, len(res.rows))
	for i, r := range res.rows {
		rows[i] = rowObject(res.cols, r, nil)
	}
	slices.SortFunc(rows, func(a, b json.RawMessage) int { return strings.Compare(string(a), string(b)) })
	c.Rows = rows[:min(len(rows), maxRows)]
	noun := "violations"
	if len(rows) == 1 {
		noun = "violation"
	}
	c.Detail = fmt.Sprintf("%d %s of %q", len(rows), noun, inv.Title)
	return c, nil
}

// whereSQL turns a rubric's where into an SQL condition with bound
// parameters and a description for the report. Columns are taken in name
// order.
func whereSQL(where map[string]any) (string, []any, string, error) {
	if len(where) == 0 {
		return "1", nil, "", nil
	}
	var conds, descs []string
	var args []any
	for _, col := range sortedKeys(where) {
		qc := quoteIdent(col)
		v := where[col]
		m, isOp := v.(map[string]any)
		if !isOp {
			b, err := bindValue(v)
			if err != nil {
				return "", nil, "", fmt.Errorf("where %s: %w", col, err)
			}
			if b == nil {
				conds = append(conds, qc+" IS NULL")
				descs = append(descs, col+" is null")
			} else {
				conds = append(conds, qc+" = ?")
				args = append(args, b)
				descs = append(descs, col+"="+show(v))
			}
			continue
		}
		if len(m) != 1 {
			return "", nil, "", fmt.Errorf("where %s: want one operator, got %d", col, len(m))
		}
		op := sortedKeys(m)[0]
		arg := m[op]
		switch op {
		case "ne":
			b, err := bindValue(arg)
			if err != nil {
				return "", nil, "", fmt.Errorf("where %s: %w", col, err)
			}
			if b == nil {
				conds = append(conds, qc+" IS NOT NULL")
				descs = append(descs, col+" is not null")
			} else {
				// IS NOT: a null is not equal to the value either.
				conds = append(conds, qc+" IS NOT ?")
				args = append(args, b)
				descs = append(descs, col+"!="+show(arg))
			}
		case "gt", "gte", "lt", "lte":
			b, err := bindValue(arg)
			if err != nil || b == nil {
				return "", nil, "", fmt.Errorf("where %s: %s needs a number, got %s", col, op, show(arg))
			}
			sym := map[string]string{"gt": ">", "gte": ">=", "lt": "<", "lte": "<="}[op]
			conds = append(conds, qc+" "+sym+" ?")
			args = append(args, b)
			descs = append(descs, col+sym+show(arg))
		case "contains":
			s, ok := arg.(string)
			if !ok {
				return "", nil, "", fmt.Errorf("where %s: contains needs a string, got %s", col, show(arg))
			}
			conds = append(conds, qc+` LIKE ? ESCAPE '\'`)
			args = append(args, "%"+likeEscape(s)+"%")
			descs = append(descs, col+" contains "+show(s))
		case "in":
			list, ok := arg.([]any)
			if !ok {
				return "", nil, "", fmt.Errorf("where %s: in needs a list, got %s", col, show(arg))
			}
			var marks []string
			var parts []string
			hasNull := false
			for _, e := range list {
				b, err := bindValue(e)
				if err != nil {
					return "", nil, "", fmt.Errorf("where %s: %w", col, err)
				}
				if b == nil {
					hasNull = true
					continue
				}
				marks = append(marks, "?")
				args = append(args, b)
			}
			if len(marks) > 0 {
				parts = append(parts, qc+" IN ("+strings.Join(marks, ", ")+")")
			}
			if hasNull {
				parts = append(parts, qc+" IS NULL")
			}
			if len(parts) == 0 {
				parts = []string{"0"}
			}
			conds = append(conds, "("+strings.Join(parts, " OR ")+")")
			descs = append(descs, col+" in "+show(list))
		case "not_null":
			if arg != true {
				return "", nil, "", fmt.Errorf("where %s: not_null takes true", col)
			}
			conds = append(conds, qc+" IS NOT NULL")
			descs = append(descs, col+" is not null")
		default:
			return "", nil, "", fmt.Errorf("where %s: unknown operator %q (operators: ne, gt, gte, lt, lte, contains, in, not_null)", col, op)
		}
	}
	return strings.Join(conds, " AND "), args, strings.Join(descs, " and "), nil
}

// bindValue converts a bundle value (decoded with UseNumber) to a bound SQL
// parameter: booleans become 1 and 0, numbers int64 or float64.
func bindValue(v any) (any, error) {
	switch x := v.(type) {
	case nil, string, int64, float64:
		return v, nil
	case bool:
		if x {
			return int64(1), nil
		}
		return int64(0), nil
	case int:
		return int64(x), nil
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return n, nil
		}
		f, err := x.Float64()
		if err != nil {
			return nil, fmt.Errorf("%s is not a number", x)
		}
		return f, nil
	}
	return nil, fmt.Errorf("want a string, number, boolean or null, got %s", show(v))
}

// keyString is the canonical text of a primary key value, for matching
// may_change keys and naming rows in details.
func keyString(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return x
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return strconv.FormatInt(n, 10)
		}
		return string(x)
	}
	return show(v)
}

func sortedKeys[M ~map[string]V, V any](m M) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// affected returns the invariants whose check reads a table the task can
// change: one its seed changes or one of its may_change entries names.
func affected(w *world.World, spec *world.TaskSpec, all []world.Invariant) []world.Invariant {
	can := map[string]bool{}
	for _, op := range spec.Seed {
		can[op.Insert+op.Update+op.Delete] = true
	}
	for _, m := range spec.MayChange {
		can[m.Table] = true
	}
	var out []world.Invariant
	for _, inv := range all {
		if slices.ContainsFunc(w.InvariantReads(inv.Name), func(t string) bool { return can[t] }) {
			out = append(out, inv)
		}
	}
	return out
}
