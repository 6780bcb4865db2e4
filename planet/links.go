package planet

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/world"
)

// Link is one world invariant: when Event happens upstream, Action must
// be done downstream. Trigger and target are different services, joined by
// an edge of the service graph.
type Link struct {
	Event  *Event
	Action *Action
	Name   string
	Title  string
	Policy string
	Check  string
}

// maxLinks is the most policies a world has.
const maxLinks = 8

// pickLinks pairs events with actions across every edge of the graph and
// keeps a varied set of business rules: rules that bind state across
// systems first (one per edge, then up to three per event), then
// notifications, which may make up at most a third of the policies. A
// notification about a row another rule creates (an issued invoice must be
// emailed) is preferred to one about a row no task makes.
func (g *Gen) pickLinks() []*Link {
	var all []*Link
	for _, down := range g.svcs {
		for _, upName := range down.DependsOn {
			up := g.svcBy[upName]
			for _, ev := range up.Events {
				for _, ac := range down.Actions {
					if ac.Service != down.Name || up.Name == down.Name || !ev.Entity.Has(ac.Needs...) {
						continue
					}
					if len(ac.On) > 0 && !slices.Contains(ac.On, ev.Kind) {
						continue
					}
					all = append(all, g.link(ev, ac))
				}
			}
		}
	}
	g.R.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	var out []*Link
	perEvent := map[*Event]int{}
	edges := map[string]bool{}
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
		if l.Action.Notify {
			notify++
		}
		if l.Action.Creates != "" {
			created[l.Action.Creates] = true
		}
	}
	// reachable: a task can start at the event, or a picked rule makes
	// rows in its state.
	reachable := func(l *Link) bool { return l.Event.Setup != nil || created[l.Event.Entity.Table] }
	for pass := 0; pass < 4; pass++ {
		for _, l := range all {
			if len(out) >= maxLinks || slices.Contains(out, l) || perEvent[l.Event] >= 3 || acted[l.Event.Entity.Table+">"+l.Action.Service+">"+l.Action.Name] {
				continue
			}
			edge := l.Event.Entity.Service + ">" + l.Action.Service
			switch pass {
			case 0: // state rules, one per edge, on events a task starts at
				if l.Action.Notify || edges[edge] || l.Event.Setup == nil {
					continue
				}
			case 1: // state rules on any reachable event
				if l.Action.Notify || !reachable(l) {
					continue
				}
			case 2, 3: // notifications, at most a third; chained ones first
				if !l.Action.Notify || 3*(notify+1) > len(out)+1 || (pass == 2 && (l.Event.Setup != nil || !reachable(l))) || !reachable(l) {
					continue
				}
			}
			take(l)
		}
	}
	slices.SortFunc(out, func(a, b *Link) int { return strings.Compare(a.Name, b.Name) })
	return out
}

func (g *Gen) link(ev *Event, ac *Action) *Link {
	up := ev.Entity
	then := ac.clause(up)
	l := &Link{
		Event:  ev,
		Action: ac,
		Name:   snakeDash(up.Noun + "-" + ev.Name + "-" + ac.Name),
		Title:  title(fmt.Sprintf("%s %s: %s", up.Plural, ev.Name, ac.Name)),
		Policy: fmt.Sprintf("When %s, %s.", ev.When, then),
		Check: fmt.Sprintf("SELECT t.%s AS %s FROM %s t WHERE (%s) AND NOT (%s) ORDER BY t.%s",
			up.Key, snake(up.Noun)+"_id", up.Table, ev.Where, ac.Done(up, "t"), up.Key),
	}
	return l
}

func snakeDash(s string) string { return strings.ReplaceAll(snake(s), "_", "-") }

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
	for _, s := range g.svcs {
		ws := world.Service{Name: s.Name, Title: s.Title, Description: s.Description}
		for _, up := range s.DependsOn {
			ws.DependsOn = append(ws.DependsOn, g.svcBy[up].Name)
		}
		b.Services = append(b.Services, ws)
		for _, t := range s.Tables {
			b.Tables = append(b.Tables, *t)
		}
	}
	for _, l := range links {
		b.Invariants = append(b.Invariants, world.Invariant{
			Name: l.Name, Title: l.Title, Policy: l.Policy,
			Trigger: l.Event.Entity.Service, Target: l.Action.Service, Check: l.Check,
		})
	}
	b.Tools = g.pickTools(tasks)
	for _, t := range tasks {
		b.Tasks = append(b.Tasks, *t)
	}
	return b
}

func (g *Gen) worldName() string {
	var words []string
	for _, w := range strings.Fields(g.Company.Name) {
		if f := asciiFold(w); f != "" {
			words = append(words, f)
		}
	}
	name := strings.Join(words, "-")
	if len(name) > 40 {
		name = strings.TrimRight(name[:40], "-")
	}
	if name == "" {
		// A name in a script without a Latin spelling: say what it is.
		name = g.Scenario.Industry
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
	for _, s := range g.svcs {
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
	for _, s := range slices.Backward(g.svcs) {
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

// sqlQuote writes a value as an SQL literal: numbers as they are, text
// quoted.
func sqlQuote(v any) string {
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
	names := slices.Sorted(maps.Keys(g.tables))
	before := make([]int, len(names))
	for i, n := range names {
		before[i] = len(g.tables[n].Rows)
	}
	ents := slices.Sorted(maps.Keys(g.entities))
	rows := make([]int, len(ents))
	for i, e := range ents {
		if x := g.entities[e]; x != nil {
			rows[i] = len(x.Rows)
		}
	}
	f()
	for i, e := range ents {
		if x := g.entities[e]; x != nil {
			x.Rows = x.Rows[:rows[i]]
		}
	}
	var out []world.SeedOp
	for i, n := range names {
		t := g.tables[n]
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
