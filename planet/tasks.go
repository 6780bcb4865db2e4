package planet

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/world"
)

// Personas are the six roles tasks are written for.
var Personas = []string{"account manager", "coordinator", "sales manager", "operations coordinator", "support lead", "analytics lead"}

// sampleTasks makes n tasks: at least 60% cross-system tasks from the
// links (an upstream event whose downstream duty only the policies tell),
// the rest chores inside one service.
func (g *Gen) sampleTasks(links []*Link, n int) []*world.TaskSpec {
	byEvent := map[*Event][]*Link{}
	var events []*Event
	for _, l := range links {
		if byEvent[l.Event] == nil {
			events = append(events, l.Event)
		}
		byEvent[l.Event] = append(byEvent[l.Event], l)
	}
	var chores []*Chore
	for _, s := range g.svcs {
		chores = append(chores, s.Chores...)
	}
	cross := (n*6 + 9) / 10
	if len(events) == 0 {
		cross = 0
	}
	var out []*world.TaskSpec
	seen := map[string]bool{}
	add := func(t Task, persona string, invariants []string, cross bool) {
		if seen[t.Instruction] {
			return
		}
		seen[t.Instruction] = true
		id := fmt.Sprintf("t%02d-%s", len(out)+1, snakeDash(t.Title))
		if len(id) > 60 {
			id = strings.TrimRight(id[:60], "-")
		}
		spec := &world.TaskSpec{
			ID: id, Persona: persona, Title: t.Title, Instruction: t.Instruction,
			Services: t.Services, Seed: t.Seed, Assertions: t.Assertions,
			Invariants: invariants, MayChange: t.MayChange, Solution: t.Calls,
		}
		for i := range spec.Assertions {
			if spec.Assertions[i].ID == "" {
				spec.Assertions[i].ID = fmt.Sprintf("a%d", i+1)
			}
		}
		out = append(out, spec)
	}
	for tries := 0; len(out) < cross && tries < cross*4; tries++ {
		ev := events[tries%len(events)]
		tc := &TaskCtx{R: g.R, G: g, next: map[string]int{}}
		t, persona := g.crossTask(tc, ev, byEvent[ev])
		add(t, persona, nil, true)
	}
	// Chores round-robin over services, so every service of the world gets
	// its turn before any gets a second chore.
	g.R.Shuffle(len(chores), func(i, j int) { chores[i], chores[j] = chores[j], chores[i] })
	order := map[string]int{}
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
	for tries := 0; len(out) < n && tries < n*6 && len(chores) > 0; tries++ {
		c := chores[tries%len(chores)]
		tc := &TaskCtx{R: g.R, G: g, next: map[string]int{}}
		if t, ok := c.Make(tc); ok {
			add(t, c.Persona, nil, false)
		}
	}
	// Not enough chores: more cross-system tasks from other rows.
	for tries := 0; len(out) < n && len(events) > 0 && tries < n*4; tries++ {
		ev := events[g.R.IntN(len(events))]
		tc := &TaskCtx{R: g.R, G: g, next: map[string]int{}}
		t, persona := g.crossTask(tc, ev, byEvent[ev])
		add(t, persona, nil, true)
	}
	return out
}

// personaFor picks who asks for work in a service.
func personaFor(service string, r interface{ IntN(int) int }) string {
	switch service {
	case "crm":
		return []string{"account manager", "sales manager"}[r.IntN(2)]
	case "helpdesk":
		return "support lead"
	case "calendar", "hr":
		return "coordinator"
	case "billing", "payments":
		return "account manager"
	}
	return []string{"operations coordinator", "coordinator"}[r.IntN(2)]
}

var openers = []string{"", "", "Quick one: ", "Hi, ", "Please handle this: ", "Heads-up: "}
var closers = []string{"", "", " Thanks!", " Please take care of it today.", " Make sure everything is in order.", " Handle it the way we always do."}

// crossTask builds a task around one event: the instruction asks for the
// event; the links it triggers (found only in the policies) must be done
// too.
func (g *Gen) crossTask(tc *TaskCtx, ev *Event, links []*Link) (Task, string) {
	up := ev.Entity
	row := ev.Setup(tc)
	t := Task{Title: title(fmt.Sprintf("%s %s", up.Noun, ev.Name))}
	t.Seed = append(t.Seed, world.SeedOp{Insert: up.Table, Values: row})
	ask := fill(Pick(tc.R, ev.Ask), up, row)
	t.Instruction = Pick(tc.R, openers) + ask + Pick(tc.R, closers)
	t.Calls = append(t.Calls, ev.Do(row)...)
	t.Assertions = append(t.Assertions, ev.Check(row)...)
	t.MayChange = append(t.MayChange, ev.Touches(row)...)
	services := []string{up.Service}
	for _, l := range links {
		t.Calls = append(t.Calls, l.Action.Do(tc, up, row)...)
		t.Assertions = append(t.Assertions, l.Action.Check(tc, up, row)...)
		t.MayChange = append(t.MayChange, l.Action.Touches...)
		if !slices.Contains(services, l.Action.Service) {
			services = append(services, l.Action.Service)
		}
	}
	t.Services = services
	if len(t.Assertions) > 10 {
		t.Assertions = t.Assertions[:10]
	}
	return t, personaFor(up.Service, tc.R)
}
