package planet

import (
	"fmt"
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

// pickLinks pairs events with actions across every edge of the graph and
// keeps a varied set: at most two per event, preferring edges not used yet.
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
	targets := map[string]bool{}
	// First pass: one link per target service, so that every service that
	// can act on a policy does; second: one per edge; third: fill up to 6.
	for pass := 0; pass < 3; pass++ {
		for _, l := range all {
			edge := l.Event.Entity.Service + ">" + l.Action.Service
			if slices.Contains(out, l) || perEvent[l.Event] >= 2 || (pass == 0 && targets[l.Action.Service]) || (pass <= 1 && edges[edge]) || len(out) >= 6 {
				continue
			}
			out = append(out, l)
			perEvent[l.Event]++
			edges[edge] = true
			targets[l.Action.Service] = true
		}
	}
	slices.SortFunc(out, func(a, b *Link) int { return strings.Compare(a.Name, b.Name) })
	return out
}

func (g *Gen) link(ev *Event, ac *Action) *Link {
	up := ev.Entity
	then := strings.ReplaceAll(ac.Then, "{noun}", up.Noun)
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
