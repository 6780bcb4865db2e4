package engine

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

// Personas are the six roles tasks are written for.
var Personas = []string{"account manager", "coordinator", "sales manager", "operations coordinator", "support lead", "analytics lead"}

// MinTypes is the fewest distinct kinds of task (titles) a world's tasks
// should cover when it has enough events and chores.
const MinTypes = 8

// Limits of one task: services it touches and assertions it checks.
const (
	MaxTaskServices   = 5
	MaxTaskAssertions = 10
)

// sampleTasks makes n tasks. Cross-system tasks come from the events that
// policies react to (the instruction asks for the event; the policies
// alone say what else must happen, and what that in turn sets off). Each
// event whose policies reach two other services or more gets a task of
// its own first; then pairs of events in one request, thin events first;
// then chores inside one service, as many as it takes to reach minTypes
// kinds of task; more cross-system tasks on other rows fill the rest.
func (g *Gen) sampleTasks(links []*Link, n int) []*world.TaskSpec {
	byEvent := map[*Event][]*Link{}
	var events []*Event
	for _, l := range links {
		if byEvent[l.Event] == nil && l.Event.Setup != nil {
			events = append(events, l.Event)
		}
		byEvent[l.Event] = append(byEvent[l.Event], l)
	}
	var chores []*Chore
	for _, s := range g.Services {
		chores = append(chores, s.Chores...)
	}
	var out []*world.TaskSpec
	seen := map[string]bool{}
	add := func(t Task, persona string) bool {
		if seen[t.Instruction] || !g.settleGoals(&t) {
			return false
		}
		if !g.unpinNewIDs(&t) || g.existsMetAtStart(&t) {
			return false
		}
		seen[t.Instruction] = true
		id := fmt.Sprintf("t%02d-%s", len(out)+1, snakeDash(t.Title))
		if len(id) > 60 {
			id = strings.TrimRight(id[:60], "-")
		}
		spec := &world.TaskSpec{
			ID: id, Persona: persona, Title: t.Title, Instruction: t.Instruction,
			Services: t.Services, Seed: t.Seed, Assertions: t.Assertions,
			MayChange: t.MayChange, Solution: t.Calls,
		}
		for i := range spec.Assertions {
			if spec.Assertions[i].ID == "" {
				spec.Assertions[i].ID = fmt.Sprintf("a%d", i+1)
			}
		}
		out = append(out, spec)
		return true
	}
	cross := func(evs ...*Event) bool {
		tc := &TaskCtx{R: g.R, G: g, next: map[string]int{}}
		if t, persona, ok := g.crossTask(tc, evs, byEvent); ok {
			return add(t, persona)
		}
		return false
	}
	// An event whose policies reach one other service only (a single
	// notification) makes a thin task alone: it is asked for together with
	// another event instead.
	reach := map[*Event]int{}
	for _, ev := range events {
		reach[ev] = g.reach(ev, byEvent)
	}
	slices.SortStableFunc(events, func(a, b *Event) int { return reach[b] - reach[a] })
	for _, ev := range events {
		if len(out) < n && (reach[ev] >= 3 || reach[events[0]] < 3) {
			cross(ev)
		}
	}
	// Then two events in one request (a colleague's "two things today"),
	// each pair once, thin events first, while chores still have room for
	// their kinds.
	// At least one chore, and one for each service the options asked for.
	least := 1
	for _, f := range g.forced {
		if g.Has(f) && len(g.ByName[f].Chores) > 0 {
			least++
		}
	}
	least = min(least, max(1, n/3))
	wantChores := max(least, MinTypes-len(out))
	if len(events) == 0 {
		wantChores = n
	}
	pairs := 0
	for i := len(events) - 1; i >= 0; i-- {
		for j := 0; j < i && len(out)+wantChores < n && pairs < 2*n/3; j++ {
			if cross(events[j], events[i]) {
				pairs++
				wantChores = max(least, MinTypes-len(out))
			}
		}
	}
	// Chores round-robin over services, so every service of the world gets
	// its turn before any gets a second chore.
	g.R.Shuffle(len(chores), func(i, j int) { chores[i], chores[j] = chores[j], chores[i] })
	order := map[string]int{}
	for _, f := range g.forced {
		if g.Has(f) {
			order[f] = len(order)
		}
	}
	for _, c := range chores {
		if _, ok := order[c.Service]; !ok {
			order[c.Service] = len(order)
		}
	}
	round := map[string]int{}
	for _, c := range chores {
		round[c.Service]++
		c.round = round[c.Service]
	}
	slices.SortStableFunc(chores, func(a, b *Chore) int {
		if a.round != b.round {
			return a.round - b.round
		}
		return order[a.Service] - order[b.Service]
	})
	types := map[string]bool{}
	for tries, made := 0, 0; made < wantChores && len(out) < n && tries < n*6 && len(chores) > 0; tries++ {
		c := chores[tries%len(chores)]
		tc := &TaskCtx{R: g.R, G: g, next: map[string]int{}}
		t, ok := g.chore(tc, c)
		// A chore of a kind the world already has only when every kind has
		// had its turn.
		if !ok || (types[t.Title] && tries < len(chores)) {
			continue
		}
		if add(t, c.Persona) {
			types[t.Title] = true
			made++
		}
	}
	// The rest: more cross-system tasks on other rows, then chores.
	for tries := 0; len(out) < n && len(events) > 0 && tries < n*4; tries++ {
		cross(events[g.R.IntN(len(events))])
	}
	for tries := 0; len(out) < n && tries < n*6 && len(chores) > 0; tries++ {
		tc := &TaskCtx{R: g.R, G: g, next: map[string]int{}}
		if t, ok := g.chore(tc, chores[tries%len(chores)]); ok {
			add(t, chores[tries%len(chores)].Persona)
		}
	}
	return out
}

// reach estimates how many services a task around ev touches: its own,
// those its policies act in, and those of the policies on rows they
// create.
func (g *Gen) reach(ev *Event, byEvent map[*Event][]*Link) int {
	seen := map[string]bool{ev.Entity.Service: true}
	for _, l := range byEvent[ev] {
		seen[l.Action.Service] = true
		for e, ls := range byEvent {
			if l.Action.Creates != "" && e.Entity.Table == l.Action.Creates {
				for _, x := range ls {
					seen[x.Action.Service] = true
				}
			}
		}
	}
	return len(seen)
}

// chore makes a chore's task; the rows its seed inserts follow the
// world's policies, as seed rows do.
func (g *Gen) chore(tc *TaskCtx, c *Chore) (Task, bool) {
	t, ok := c.Make(tc)
	if ok {
		t.Seed = append(t.Seed, g.satisfy(tc, t.Seed)...)
	}
	return t, ok
}

// personaFor picks who asks for work in a service: one of its
// definition's Personas.
func personaFor(s *Svc, r interface{ IntN(int) int }) string {
	personas := []string{"operations coordinator", "coordinator"}
	if s != nil && s.Def != nil && len(s.Def.Personas) > 0 {
		personas = s.Def.Personas
	}
	if len(personas) == 1 {
		return personas[0]
	}
	return personas[r.IntN(len(personas))]
}

// voice is how a persona opens and closes a request: whole sentences, so
// no opener runs into the request it introduces.
type voice struct{ open, close []string }

var voices = map[string]voice{
	"account manager": {
		open:  []string{"", "Hi!", "One from the accounts side.", "A customer matter for you."},
		close: []string{"", "Thanks!", "Please keep the account straight in every system.", "Whatever our policies ask for on top, do that too."},
	},
	"sales manager": {
		open:  []string{"", "Hi!", "Quick one before my next call.", "News from a customer."},
		close: []string{"", "Thanks a lot.", "Do the usual follow-up, please.", "Make sure the paperwork follows."},
	},
	"coordinator": {
		open:  []string{"", "Morning!", "One for today.", "Something came up."},
		close: []string{"", "Thanks!", "Please handle it the way we always do.", "Take care of whatever else that sets off."},
	},
	"operations coordinator": {
		open:  []string{"", "Update from the floor.", "Ops update.", "Hi there."},
		close: []string{"", "Thanks.", "Follow our procedures for the rest.", "Everything downstream should be in order by tonight."},
	},
	"support lead": {
		open:  []string{"", "Hi!", "From the support queue.", "A customer just got in touch."},
		close: []string{"", "Thanks!", "Please close the loop everywhere it matters.", "Follow the usual process, please."},
	},
	"analytics lead": {
		open:  []string{"", "Hi!", "For the numbers."},
		close: []string{"", "Thanks!"},
	},
}

// phrase wraps a request in the persona's voice.
func phrase(r *rand.Rand, persona, ask string) string {
	v, ok := voices[persona]
	if !ok {
		return ask
	}
	parts := []string{Pick(r, v.open), ask, Pick(r, v.close)}
	return strings.Join(slices.DeleteFunc(parts, func(s string) bool { return s == "" }), " ")
}

// crossTask builds a task around events: the instruction asks for them;
// the policies they trigger must be followed too, and so must the
// policies on what those create or change (an invoice issued for the
// finished job must be emailed). ok is false when following every policy
// would take more than five services or ten assertions.
func (g *Gen) crossTask(tc *TaskCtx, evs []*Event, byEvent map[*Event][]*Link) (t Task, persona string, ok bool) {
	// Each policy followed adds its checks: the action's own for the row
	// the instruction names, one query by business key for rows made on
	// the way. Over ten assertions, policies fall back to that one query;
	// the events' own checks stay.
	type group struct {
		full, compact []world.Assertion
		fixed         bool
	}
	// A step is one policy followed for one row: the event's row
	// (parent -1) or a row an earlier step made.
	type step struct {
		link   *Link
		parent int
	}
	var groups []group
	var services, titles, asks []string
	rows := make([]Row, len(evs))
	steps := make([][]step, len(evs))
	// First every task seed: the event rows, and what rules about existing
	// records need (an issued invoice to void), so that the ids the
	// solution's calls get come after all of them.
	for i, ev := range evs {
		up := ev.Entity
		rows[i] = ev.Setup(tc)
		ops := []world.SeedOp{{Insert: up.Table, Values: rows[i]}}
		t.Seed = append(t.Seed, ops...)
		t.Seed = append(t.Seed, g.satisfy(tc, ops)...)
		type node struct {
			links []*Link
			up    *Entity
			row   Row
			idx   int
		}
		done := map[string]bool{}
		queue := []node{{byEvent[ev], up, rows[i], -1}}
		for len(queue) > 0 {
			n := queue[0]
			queue = queue[1:]
			for _, l := range n.links {
				key := l.Name + "|" + fmt.Sprint(n.row[n.up.Key])
				if done[key] {
					continue
				}
				done[key] = true
				steps[i] = append(steps[i], step{l, n.idx})
				ac := l.Action
				if ac.Prepare != nil {
					ops := ac.Prepare(tc, n.up, n.row)
					t.Seed = append(t.Seed, ops...)
					t.Seed = append(t.Seed, g.satisfy(tc, ops)...)
				}
				if ac.Makes == nil {
					continue
				}
				made := ac.Makes(tc, n.up, n.row)
				for _, e := range g.ByName[made.Entity.Service].Events {
					if e.Entity.Table == made.Entity.Table && e.Where != nil && e.InState(made.Row) && len(byEvent[e]) > 0 &&
						(made.Before == nil || !e.InState(made.Before)) {
						queue = append(queue, node{byEvent[e], made.Entity, made.Row, len(steps[i]) - 1})
					}
				}
			}
		}
	}
	// Then the calls and checks, in order: each event, then the policies
	// it sets off.
	for i, ev := range evs {
		up, row := ev.Entity, rows[i]
		if persona == "" {
			persona = personaFor(g.ServiceNamed(up.Service), tc.R)
		}
		titles = append(titles, fmt.Sprintf("%s %s", up.Noun, ev.Name))
		asks = append(asks, fill(Pick(tc.R, ev.Ask), up, row))
		t.Calls = append(t.Calls, ev.Do(row)...)
		groups = append(groups, group{full: ev.Check(row), fixed: true})
		t.MayChange = append(t.MayChange, ev.Touches(row)...)
		if !slices.Contains(services, up.Service) {
			services = append(services, up.Service)
		}
		made := make([]*Made, len(steps[i]))
		for j, st := range steps[i] {
			l, ac := st.link, st.link.Action
			stUp, stRow := up, row
			var parent *Made
			if st.parent >= 0 {
				parent = made[st.parent]
				stUp, stRow = parent.Entity, parent.Row
			}
			// Asked once every event's seed is in: a later event's row
			// may be what leaves the action nothing to do.
			if ac.Declines != nil && ac.Declines(tc, stUp, stRow) {
				return t, "", false
			}
			if !slices.Contains(services, ac.Service) {
				services = append(services, ac.Service)
			}
			if ac.Makes != nil {
				made[j] = ac.Makes(tc, stUp, stRow)
			}
			t.Calls = append(t.Calls, ac.Do(tc, stUp, stRow)...)
			t.MayChange = append(t.MayChange, ac.Touches...)
			if parent == nil {
				k := up.Key
				sel := fmt.Sprintf("t.%s = %s", k, SQLQuote(row[k]))
				groups = append(groups, group{full: ac.Check(tc, up, row), compact: []world.Assertion{{
					Description: fmt.Sprintf("For %s %s: %s.", up.Noun, row[k], ac.clause(up)), SQL: g.holdsSQL(l.Rule, sel)}}})
			} else {
				a := g.madeCheck(l, parent)
				groups = append(groups, group{full: []world.Assertion{a}, compact: []world.Assertion{a}})
			}
		}
	}
	t.Title = Title(strings.Join(titles, "; "))
	if len(asks) == 1 {
		t.Instruction = phrase(tc.R, persona, asks[0])
	} else {
		// The pair is its own opener; the persona only closes.
		t.Instruction = phrase(tc.R, "", Pick(tc.R, []string{"Two things today.", "Two updates.", "A couple of things."})+" First: "+asks[0]+" Second: "+asks[1])
		if v, ok := voices[persona]; ok {
			if c := Pick(tc.R, v.close); c != "" {
				t.Instruction += " " + c
			}
		}
	}
	t.Services = services
	// Every policy the task sets off must be followed, or the reference
	// solution would break one: a task over the limits is not made.
	count := func() int {
		n := 0
		for _, gr := range groups {
			n += len(gr.full)
		}
		return n
	}
	for i := len(groups) - 1; i >= 0 && count() > MaxTaskAssertions; i-- {
		if !groups[i].fixed {
			groups[i].full = groups[i].compact
		}
	}
	for _, gr := range groups {
		t.Assertions = append(t.Assertions, gr.full...)
	}
	return t, persona, len(services) <= MaxTaskServices && count() <= MaxTaskAssertions
}

// madeCheck asserts that a policy holds for a row an earlier step of the
// task created, found by its business key rather than its id.
func (g *Gen) madeCheck(l *Link, m *Made) world.Assertion {
	return world.Assertion{
		Description: fmt.Sprintf("For %s: %s.", m.Say, l.Action.clause(m.Entity)),
		SQL:         g.holdsSQL(l.Rule, m.Select("t")),
	}
}

// Constraint marks an assertion as something the task must not break
// rather than a goal: it holds before the agent starts.
func Constraint(a world.Assertion) world.Assertion {
	a.Role = world.RoleConstraint
	return a
}

// Detail says one field of a record the way a colleague would: "pet
// name: Rex", "prepaid plan: yes", not "pet_name Rex".
func Detail(column string, v any) string {
	var val string
	switch x := v.(type) {
	case bool:
		val = map[bool]string{true: "yes", false: "no"}[x]
	default:
		val = strings.ReplaceAll(fmt.Sprint(x), "_", " ")
	}
	return strings.ReplaceAll(column, "_", " ") + ": " + val
}

// Details puts fields in brackets after a request, or nothing.
func Details(ds []string) string {
	if len(ds) == 0 {
		return ""
	}
	return " (" + strings.Join(ds, "; ") + ")"
}

// settleGoals makes a field goal the task's start state already meets a
// constraint (it must stay true; the task does not achieve it), and
// reports whether the task still has a goal. The start state is the seed
// row as the task's own seed leaves it; a row the task seeds or deletes is
// left to the validators.
func (g *Gen) settleGoals(t *Task) bool {
	goals := 0
	for i := range t.Assertions {
		a := &t.Assertions[i]
		if !a.IsGoal() {
			continue
		}
		if f := a.Field; f != nil {
			if v, ok := g.startValue(t.Seed, f.Table, f.Key, f.Column); ok && fmt.Sprint(v) == fmt.Sprint(f.Equals) {
				a.Role = world.RoleConstraint
				continue
			}
		}
		goals++
	}
	return goals > 0
}

// existsMetAtStart reports whether an "exists" goal of the task already
// holds on its start state (a ticket the agent is to sell is on file):
// such a task asks for nothing, so the sampler drops it. Run after
// unpinNewIDs, which widens an exists goal to the new row's details.
func (g *Gen) existsMetAtStart(t *Task) bool {
	for _, a := range t.Assertions {
		if a.IsGoal() && a.Exists != nil && g.matchesAtStart(t.Seed, a.Exists) {
			return true
		}
	}
	return false
}

// matchesAtStart reports whether a row of the seed, as the task's seed
// ops leave it, matches m.
func (g *Gen) matchesAtStart(ops []world.SeedOp, m *world.RowMatch) bool {
	tb := g.Tables[m.Table]
	if tb == nil {
		return false
	}
	pk := "id"
	for _, c := range tb.Columns {
		if c.PrimaryKey {
			pk = c.Name
		}
	}
	rows := map[string]map[string]any{}
	for _, r := range tb.Rows {
		rows[fmt.Sprint(r[pk])] = r
	}
	for _, op := range ops {
		switch {
		case op.Insert == m.Table:
			rows[fmt.Sprint(op.Values[pk])] = op.Values
		case op.Delete == m.Table:
			delete(rows, fmt.Sprint(op.Key))
		case op.Update == m.Table:
			k := fmt.Sprint(op.Key)
			if r, ok := rows[k]; ok {
				r = maps.Clone(r)
				maps.Copy(r, op.Set)
				rows[k] = r
			}
		}
	}
	for _, r := range rows { // any match will do: the order cannot matter
		match := true
		for col, want := range m.Where {
			if !WhereHolds(r[col], want) {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// WhereHolds reports whether a value meets one condition of a rubric's
// where, as the grader reads it: a plain value is equality; an operator
// object ({"contains": "Most"}, {"gte": 3}, {"in": […]}) compares as its
// SQL does (contains ignores case, like SQLite's LIKE). An operator it
// does not know does not hold.
func WhereHolds(v, cond any) bool {
	m, isOp := cond.(map[string]any)
	if !isOp {
		if cond == nil {
			return v == nil
		}
		return v != nil && fmt.Sprint(v) == fmt.Sprint(cond)
	}
	for op, arg := range m {
		switch op {
		case "ne":
			if arg == nil {
				return v != nil
			}
			return v == nil || fmt.Sprint(v) != fmt.Sprint(arg)
		case "not_null":
			return v != nil
		case "contains":
			s, ok := v.(string)
			return ok && strings.Contains(strings.ToLower(s), strings.ToLower(fmt.Sprint(arg)))
		case "in":
			list, _ := arg.([]any)
			return slices.ContainsFunc(list, func(e any) bool { return WhereHolds(v, e) })
		case "gt", "gte", "lt", "lte":
			a, ok1 := seed.Number(v)
			b, ok2 := seed.Number(arg)
			if !ok1 || !ok2 {
				return false
			}
			return map[string]bool{"gt": a > b, "gte": a >= b, "lt": a < b, "lte": a <= b}[op]
		}
	}
	return false
}

// startValue is a seed row's column as a task's seed ops leave it; false
// when the row is not in the seed, or the ops insert or delete it.
func (g *Gen) startValue(ops []world.SeedOp, table string, key any, column string) (any, bool) {
	t := g.Tables[table]
	if t == nil {
		return nil, false
	}
	pk := "id"
	for _, c := range t.Columns {
		if c.PrimaryKey {
			pk = c.Name
		}
	}
	var row map[string]any
	for _, r := range t.Rows {
		if fmt.Sprint(r[pk]) == fmt.Sprint(key) {
			row = r
			break
		}
	}
	if row == nil {
		return nil, false
	}
	v, ok := row[column]
	for _, op := range ops {
		switch {
		case (op.Insert == table || op.Delete == table) && fmt.Sprint(op.Key) == fmt.Sprint(key):
			return nil, false
		case op.Insert == table:
			if fmt.Sprint(op.Values[pk]) == fmt.Sprint(key) {
				return nil, false
			}
		case op.Update == table && fmt.Sprint(op.Key) == fmt.Sprint(key):
			if x, set := op.Set[column]; set {
				v, ok = x, true
			}
		}
	}
	return v, ok
}

// unpinNewIDs checks rows the task makes by their details, never by an id
// the instruction does not name (the agent's new row may get another id):
// an "exists" drops such an id from its match, and a field check on that
// row becomes an "exists" with the details of the row's match. It reports
// false when a field check has no details to go by.
func (g *Gen) unpinNewIDs(t *Task) bool {
	known := map[string]bool{}
	for _, op := range t.Seed {
		if op.Insert != "" {
			known[fmt.Sprint(op.Values["id"])] = true
		}
	}
	isNew := func(table string, key any) bool {
		id := fmt.Sprint(key)
		if key == nil || strings.Contains(t.Instruction, id) || known[id] {
			return false
		}
		_, seeded := g.startValue(nil, table, key, "id")
		return !seeded
	}
	details := map[string]map[string]any{} // table/id → the row's match without its id
	for i := range t.Assertions {
		e := t.Assertions[i].Exists
		if e == nil || !isNew(e.Table, e.Where["id"]) || len(e.Where) < 2 {
			continue
		}
		where := maps.Clone(e.Where)
		delete(where, "id")
		details[e.Table+"/"+fmt.Sprint(e.Where["id"])] = where
		e.Where = where
	}
	for i := range t.Assertions {
		a := &t.Assertions[i]
		f := a.Field
		if f == nil || !isNew(f.Table, f.Key) {
			continue
		}
		d, ok := details[f.Table+"/"+fmt.Sprint(f.Key)]
		if !ok {
			return false
		}
		where := maps.Clone(d)
		where[f.Column] = f.Equals
		a.Field, a.Exists = nil, &world.RowMatch{Table: f.Table, Where: where}
	}
	return true
}
