package engine

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

// Link is one world invariant: when Event happens upstream, Action must
// be done downstream. Trigger and target are different services, joined by
// an edge of the service graph. Its policy text and hidden check are
// generated from Rule when the world compiles, so the two agree.
type Link struct {
	Event  *Event
	Action *Action
	Name   string
	Title  string
	Rule   *world.PolicyRule
}

// maxLinks is the most policies a world has.
const maxLinks = 14

// Candidates pairs events with actions across every edge of the graph:
// every policy the world could have.
func (g *Gen) Candidates() []*Link {
	var all []*Link
	for _, down := range g.Services {
		for _, upName := range down.DependsOn {
			up := g.ByName[upName]
			for _, ev := range up.Events {
				for _, ac := range down.Actions {
					if ac.Service != down.Name || up.Name == down.Name || !ac.Follows(ev) {
						continue
					}
					if l := g.link(ev, ac); l != nil {
						all = append(all, l)
					}
				}
			}
		}
	}
	return all
}

// pickLinks keeps a varied set of business rules among the candidates:
// rules that bind state across systems first (one for every service that
// can act on one, one per edge, then up to four per event), then
// notifications, which may make up at most a third of the policies. A
// notification about a row another rule creates (an issued invoice must be
// emailed) is preferred to one about a row no task makes.
func (g *Gen) pickLinks(candidates []*Link) []*Link {
	all := slices.Clone(candidates)
	g.R.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	var out []*Link
	perEvent := map[*Event]int{}
	edges := map[string]bool{}
	targets := map[string]bool{} // services a picked rule acts in
	notify := 0
	created := map[string]bool{} // tables whose rows a picked rule creates
	// One rule per action on the rows of one table: two events on a table
	// can hold at once (an invoice paid is also issued), and the second
	// rule would already hold once the first did.
	acted := map[string]bool{}
	take := func(l *Link) {
		acted[l.Event.Entity.Table+">"+l.Action.Service+">"+l.Action.Name] = true
		out = append(out, l)
		perEvent[l.Event]++
		edges[l.Event.Entity.Service+">"+l.Action.Service] = true
		targets[l.Action.Service] = true
		if l.Action.Notify {
			notify++
		}
		if l.Action.Creates != "" {
			created[l.Action.Creates] = true
		}
	}
	clashes := func(l *Link) bool { return slices.ContainsFunc(out, l.Clashes) }
	// reachable: a task can start at the event, or a picked rule makes
	// rows in its state.
	reachable := func(l *Link) bool { return l.Event.Setup != nil || created[l.Event.Entity.Table] }
	for pass := 0; pass < 6; pass++ {
		for _, l := range all {
			if len(out) >= maxLinks || slices.Contains(out, l) || perEvent[l.Event] >= 4 || acted[l.Event.Entity.Table+">"+l.Action.Service+">"+l.Action.Name] || clashes(l) {
				continue
			}
			edge := l.Event.Entity.Service + ">" + l.Action.Service
			switch pass {
			case 0: // state rules on events a task starts at, one per service that can act on one, so that every such service does
				if l.Action.Notify || targets[l.Action.Service] || l.Event.Setup == nil {
					continue
				}
			case 1: // state rules, one per edge, on events a task starts at
				if l.Action.Notify || edges[edge] || l.Event.Setup == nil {
					continue
				}
			case 2: // state rules on any reachable event
				if l.Action.Notify || !reachable(l) {
					continue
				}
			case 3, 4, 5: // notifications, at most a third: first for events no rule covers yet, then chained ones
				if !l.Action.Notify || 3*(notify+1) > len(out)+1 || !reachable(l) ||
					(pass == 3 && perEvent[l.Event] > 0) || (pass == 4 && l.Event.Setup != nil) {
					continue
				}
			}
			take(l)
		}
	}
	slices.SortFunc(out, func(a, b *Link) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Clashes reports whether two rules cannot hold together: one forbids
// rows (no open ticket about a finished job) and the other asks for them
// (a ticket about a cancelled one), on rows of the same tables, so they
// would clash on a row in both states.
func (l *Link) Clashes(o *Link) bool {
	return o.Event.Entity.Table == l.Event.Entity.Table && o.Rule.Then.Table == l.Rule.Then.Table &&
		(o.Rule.Then.Require == world.RequireNone) != (l.Rule.Then.Require == world.RequireNone)
}

// boundedName keeps a name within the bundle's 63 characters: a longer one
// is cut at 54 and ends in a hash of the whole, so it stays unique.
func boundedName(s string) string {
	if len(s) <= 63 {
		return s
	}
	h := fnv.New32a()
	h.Write([]byte(s))
	return strings.TrimRight(s[:54], "-") + fmt.Sprintf("-%08x", h.Sum32())
}

// link pairs an event with an action, or returns nil when the pair has
// no structured rule (the event's state or a role the action needs is not
// a column path).
func (g *Gen) link(ev *Event, ac *Action) *Link {
	up := ev.Entity
	if ev.Where == nil || ac.Rule == nil {
		return nil
	}
	then := ac.Rule(up)
	if then == nil {
		return nil
	}
	return &Link{
		Event:  ev,
		Action: ac,
		Name:   boundedName(snakeDash(up.Noun + "-" + ev.Name + "-" + ac.Name)),
		Title:  Title(fmt.Sprintf("%s %s: %s", up.Plural, ev.Name, ac.Name)),
		Rule:   &world.PolicyRule{When: world.RuleWhen{Table: up.Table, Noun: up.Noun, Where: ev.Where}, Then: *then},
	}
}

// Keys builds the match of a rule from the roles of the upstream entity;
// a role without a column path makes the whole rule inexpressible.
type Keys struct {
	up   *Entity
	keys []world.RuleKey
	bad  bool
}

// KeysOf starts the keys of a rule about rows of up.
func KeysOf(up *Entity) *Keys { return &Keys{up: up} }

// Eq ties the target's column (or one-hop path) col to a role of the
// upstream row.
func (k *Keys) Eq(col, role string) *Keys {
	r, ok := k.up.Roles[role]
	if !ok || r.Path == "" {
		k.bad = true
		return k
	}
	k.keys = append(k.keys, world.RuleKey{Column: col, Equals: r.Path, Times: r.Times})
	return k
}

// EqCol ties the target's col to a column of the upstream row that is no
// role (the staff member in charge).
func (k *Keys) EqCol(col, upCol string) *Keys {
	k.keys = append(k.keys, world.RuleKey{Column: col, Equals: upCol})
	return k
}

// Mentions asks the target's text columns to mention a role of the
// upstream row (its id in a subject).
func (k *Keys) Mentions(role string, cols ...string) *Keys {
	r, ok := k.up.Roles[role]
	if !ok || r.Path == "" || r.Times != "" {
		k.bad = true
		return k
	}
	key := world.RuleKey{Contains: r.Path}
	if len(cols) == 1 {
		key.Column = cols[0]
	} else {
		key.Columns = cols
	}
	k.keys = append(k.keys, key)
	return k
}

// In returns the rule's "then": rows of table matching the keys and where
// must exist (require "exists"), be exactly one ("one") or be absent
// ("none"). Nil when a role had no path.
func (k *Keys) In(table, require string, where map[string]any) *world.RuleThen {
	if k.bad {
		return nil
	}
	return &world.RuleThen{Table: table, Require: require, Match: k.keys, Where: where}
}

func snakeDash(s string) string { return strings.ReplaceAll(Snake(s), "_", "-") }

// seedLink makes the seed state satisfy a link: every seed row already in
// the event state gets the action's footprint.
func (g *Gen) seedLink(l *Link) {
	if l.Action.Seed == nil {
		return
	}
	for _, r := range slices.Clone(l.Event.Entity.Rows) {
		if l.Event.InState(r) {
			l.Action.Seed(g, l.Event.Entity, r)
		}
	}
}

// bundle assembles the world bundle.
func (g *Gen) bundle(links []*Link, tasks []*world.TaskSpec) *world.Bundle {
	b := &world.Bundle{
		Format:      world.Format,
		Name:        g.worldName(),
		Version:     Version,
		Description: fmt.Sprintf("Synthesized by Mercury planet from a %s scenario in %s (seed %d).", g.Scenario.Industry, g.Scenario.Country, g.Scenario.Seed),
		Company:     g.Company,
		Clock:       world.Clock{Start: g.Start.Format("2006-01-02T15:04:05Z07:00"), TickSeconds: 60},
		Invariants:  []world.Invariant{},
		Tasks:       []world.TaskSpec{},
	}
	for _, s := range g.Services {
		ws := world.Service{Name: s.Name, Title: s.Title, Description: s.Description}
		for _, up := range s.DependsOn {
			ws.DependsOn = append(ws.DependsOn, g.ByName[up].Name)
		}
		b.Services = append(b.Services, ws)
		for _, t := range s.Tables {
			b.Tables = append(b.Tables, *t)
		}
	}
	for _, l := range links {
		// Trigger and target are what the rule implies; the compiler checks
		// they agree and fills in the policy text and check.
		b.Invariants = append(b.Invariants, world.Invariant{Name: l.Name, Title: l.Title, Rule: l.Rule,
			Trigger: l.Event.Entity.Service, Target: l.Action.Service})
	}
	b.Tools = g.pickTools(tasks)
	for _, t := range tasks {
		b.Tasks = append(b.Tasks, *t)
	}
	return b
}

func (g *Gen) worldName() string {
	// The name as its people spell it in Latin letters ("pao-meridianmash",
	// "sanei"), whole words up to 40 letters.
	name := ""
	for _, w := range strings.Fields(seed.Romanize(g.Locale.C.Locale, g.Company.Name)) {
		f := ASCIIFold(w)
		if f == "" {
			continue
		}
		if name != "" && len(name)+1+len(f) > 40 {
			break
		}
		name = strings.TrimPrefix(name+"-"+f, "-")
	}
	if len(name) > 40 {
		name = name[:40]
	}
	if name == "" {
		// A name in a script without a Latin spelling: say what it is.
		name = strings.Trim(ASCIIFold(strings.ReplaceAll(g.Scenario.Industry, "_", "-")), "-")
	}
	if name == "" {
		// Nor has the industry ("찜질방" with a name in Hangul only).
		name = "world"
	}
	if name[0] < 'a' || name[0] > 'z' {
		name = "w-" + name
	}
	return fmt.Sprintf("%s-%s-%d", name, strings.ToLower(g.Scenario.Country), g.Scenario.Seed)
}

// pickTools keeps every tool a task's solution calls and every core tool,
// then adds others at random, for 10 to 26 tools in all.
func (g *Gen) pickTools(tasks []*world.TaskSpec) []world.ToolSpec {
	need := map[string]bool{}
	for _, t := range tasks {
		for _, c := range t.Solution {
			need[c.Tool] = true
		}
	}
	var all []*world.ToolSpec
	budget := 14 + g.R.IntN(maxTools-13) // 14..26
	for _, s := range g.Services {
		all = append(all, s.Tools...)
		// Every service keeps at least its first core tool, the rest of
		// its core while the budget lasts.
		for i, c := range s.Core {
			if i == 0 || len(need) < budget {
				need[c] = true
			}
		}
	}
	var rest []*world.ToolSpec
	for _, t := range all {
		if !need[t.Name] {
			rest = append(rest, t)
		}
	}
	g.R.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	for _, t := range rest {
		if len(need) >= budget {
			break
		}
		need[t.Name] = true
	}
	// Over the cap: drop core tools no task needs, keeping each service's
	// first tool.
	byTask := map[string]bool{}
	for _, t := range tasks {
		for _, c := range t.Solution {
			byTask[c.Tool] = true
		}
	}
	for _, s := range slices.Backward(g.Services) {
		for _, c := range slices.Backward(s.Core) {
			if len(need) <= maxTools {
				break
			}
			if !byTask[c] && c != s.Core[0] && need[c] {
				delete(need, c)
			}
		}
	}
	// Two services may name a tool alike when their nouns meet (an HR
	// get_employee and a staff get_employee): the first built keeps it.
	var out []world.ToolSpec
	seen := map[string]bool{}
	for _, t := range all {
		if need[t.Name] && !seen[t.Name] {
			seen[t.Name] = true
			out = append(out, *t)
		}
	}
	return out
}

// maxTools is the most tools a world offers.
const maxTools = 26

// SQLQuote writes a value as an SQL literal: numbers as they are, text
// quoted.
func SQLQuote(v any) string {
	switch x := v.(type) {
	case int, int64, float64:
		return fmt.Sprint(x)
	case nil:
		return "NULL"
	}
	return "'" + strings.ReplaceAll(fmt.Sprint(v), "'", "''") + "'"
}

// satisfy returns the task seed that makes rows inserted by ops follow the
// world's policies, the way the seed state does: an issued invoice a task
// seeds (to be voided) was emailed when it was issued. It runs the
// actions' Seed against the world and takes back what they add.
func (g *Gen) satisfy(tc *TaskCtx, ops []world.SeedOp) []world.SeedOp {
	var out []world.SeedOp
	for _, op := range ops {
		for _, l := range g.links {
			if op.Insert == "" || l.Event.Entity.Table != op.Insert || l.Action.Seed == nil || !l.Event.InState(op.Values) {
				continue
			}
			out = append(out, g.capture(tc, func() { l.Action.Seed(g, l.Event.Entity, op.Values) })...)
		}
	}
	return out
}

// capture runs f, which adds seed rows to the world, and turns what it
// added into task seed inserts with the task's next ids instead. The world
// and its entities are left as they were.
func (g *Gen) capture(tc *TaskCtx, f func()) []world.SeedOp {
	names := slices.Sorted(maps.Keys(g.Tables))
	before := make([]int, len(names))
	for i, n := range names {
		before[i] = len(g.Tables[n].Rows)
	}
	ents := slices.Sorted(maps.Keys(g.Entities))
	rows := make([]int, len(ents))
	for i, e := range ents {
		if x := g.Entities[e]; x != nil {
			rows[i] = len(x.Rows)
		}
	}
	f()
	for i, e := range ents {
		if x := g.Entities[e]; x != nil {
			x.Rows = x.Rows[:rows[i]]
		}
	}
	var out []world.SeedOp
	for i, n := range names {
		t := g.Tables[n]
		for _, r := range t.Rows[before[i]:] {
			r = maps.Clone(r)
			if t.ID != nil {
				r["id"] = g.FormatID(n, tc.NextID(n))
			}
			out = append(out, world.SeedOp{Insert: n, Values: r})
		}
		t.Rows = t.Rows[:before[i]]
	}
	return out
}

// holdsSQL is a rubric query: true when some row of the rule's "when"
// table picked by sel (SQL over alias t) is in the rule's state and the
// rule holds for it. It renders the rule the way the world compiles its
// hidden check, for the one row a task is about.
func (g *Gen) holdsSQL(r *world.PolicyRule, sel string) string {
	const t, u = "t", "u"
	var keys []string
	for _, k := range r.Then.Match {
		if k.Equals != "" {
			x := g.pathSQL(r.When.Table, t, k.Equals)
			if k.Times != "" {
				x = "(" + x + " * " + g.pathSQL(r.When.Table, t, k.Times) + ")"
			}
			keys = append(keys, g.pathSQL(r.Then.Table, u, k.Column)+" = "+x)
			continue
		}
		cols := k.Columns
		if k.Column != "" {
			cols = []string{k.Column}
		}
		parts := make([]string, len(cols))
		for i, c := range cols {
			parts[i] = "coalesce(" + g.pathSQL(r.Then.Table, u, c) + ", '')"
		}
		keys = append(keys, "instr("+strings.Join(parts, " || ' ' || ")+", "+g.pathSQL(r.When.Table, t, k.Contains)+") > 0")
	}
	keys = append(keys, g.whereSQL(r.Then.Table, u, r.Then.Where)...)
	match := fmt.Sprintf("SELECT 1 FROM %s %s WHERE %s", r.Then.Table, u, strings.Join(keys, " AND "))
	var holds string
	switch r.Then.Require {
	case world.RequireNone:
		holds = "NOT EXISTS (" + match + ")"
	case world.RequireOne:
		holds = fmt.Sprintf("(SELECT count(*) FROM %s %s WHERE %s) = 1", r.Then.Table, u, strings.Join(keys, " AND "))
	default:
		holds = "EXISTS (" + match + ")"
	}
	conds := append([]string{sel}, g.whereSQL(r.When.Table, t, r.When.Where)...)
	return fmt.Sprintf("SELECT EXISTS (SELECT 1 FROM %s %s WHERE %s AND %s)", r.When.Table, t, strings.Join(conds, " AND "), holds)
}

// pathSQL renders a column or one-hop path of table over alias.
func (g *Gen) pathSQL(table, alias, path string) string {
	head, rest, hop := strings.Cut(path, ".")
	if !hop {
		return alias + "." + head
	}
	for _, c := range g.Tables[table].Columns {
		if c.Name == head {
			rt, rk, _ := strings.Cut(cmp.Or(c.References, c.RefersTo), ".")
			return fmt.Sprintf("(SELECT r.%s FROM %s r WHERE r.%s = %s.%s)", rest, rt, rk, alias, head)
		}
	}
	panic("planet: no column " + head + " in " + table)
}

// whereSQL renders conditions of the where language over alias, in key
// order.
func (g *Gen) whereSQL(table, alias string, where map[string]any) []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(where)) {
		x := g.pathSQL(table, alias, k)
		op, isOp := where[k].(map[string]any)
		if !isOp {
			if where[k] == nil {
				out = append(out, x+" IS NULL")
			} else {
				out = append(out, x+" = "+sqlLit(where[k]))
			}
			continue
		}
		for _, name := range slices.Sorted(maps.Keys(op)) {
			v := op[name]
			switch name {
			case "in":
				var lits []string
				for _, e := range v.([]any) {
					lits = append(lits, sqlLit(e))
				}
				out = append(out, x+" IN ("+strings.Join(lits, ", ")+")")
			case "ne":
				out = append(out, x+" IS NOT "+sqlLit(v))
			case "contains":
				out = append(out, "instr(lower("+x+"), lower("+sqlLit(v)+")) > 0")
			case "not_null":
				out = append(out, x+" IS NOT NULL")
			default:
				panic("planet: where operator " + name + " not rendered")
			}
		}
	}
	return out
}

// sqlLit writes a where value as an SQL literal.
func sqlLit(v any) string {
	switch x := v.(type) {
	case bool:
		if x {
			return "1"
		}
		return "0"
	}
	return SQLQuote(v)
}
