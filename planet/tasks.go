package planet

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/world"
)

// Personas are the six roles tasks are written for.
var Personas = []string{"account manager", "coordinator", "sales manager", "operations coordinator", "support lead", "analytics lead"}

// minTypes is the fewest distinct kinds of task (titles) a world's tasks
// should cover when it has enough events and chores.
const minTypes = 8

// Limits of one task: services it touches and assertions it checks.
const (
	maxTaskServices   = 5
	maxTaskAssertions = 10
)

// sampleTasks makes n tasks. Cross-system tasks come from the events that
// policies react to (the instruction asks for the event; the policies
// alone say what else must happen, and what that in turn sets off); each
// such event gets a task first, then chores inside one service make up at
// least minTypes kinds of task, and more cross-system tasks on other rows
// fill the rest.
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
	for _, s := range g.svcs {
		chores = append(chores, s.Chores...)
	}
	var out []*world.TaskSpec
	seen := map[string]bool{}
	add := func(t Task, persona string) bool {
		if seen[t.Instruction] {
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
	cross := func(ev *Event) {
		tc := &TaskCtx{R: g.R, G: g, next: map[string]int{}}
		t, persona := g.crossTask(tc, ev, byEvent)
		add(t, persona)
	}
	for _, ev := range events {
		if len(out) < n {
			cross(ev)
		}
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
	wantChores := max(1, minTypes-len(events))
	if len(events) == 0 {
		wantChores = n
	}
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

// chore makes a chore's task; the rows its seed inserts follow the
// world's notification policies, as seed rows do.
func (g *Gen) chore(tc *TaskCtx, c *Chore) (Task, bool) {
	t, ok := c.Make(tc)
	if ok {
		t.Seed = append(t.Seed, g.satisfy(tc, t.Seed)...)
	}
	return t, ok
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

// crossTask builds a task around one event: the instruction asks for the
// event; the policies it triggers must be followed too, and so must the
// policies on what those create (an invoice issued for the finished job
// must be emailed), up to five services and ten assertions.
func (g *Gen) crossTask(tc *TaskCtx, ev *Event, byEvent map[*Event][]*Link) (Task, string) {
	up := ev.Entity
	row := ev.Setup(tc)
	persona := personaFor(up.Service, tc.R)
	t := Task{Title: title(fmt.Sprintf("%s %s", up.Noun, ev.Name))}
	t.Seed = append(t.Seed, world.SeedOp{Insert: up.Table, Values: row})
	t.Seed = append(t.Seed, g.satisfy(tc, t.Seed)...)
	t.Instruction = phrase(tc.R, persona, fill(Pick(tc.R, ev.Ask), up, row))
	t.Calls = append(t.Calls, ev.Do(row)...)
	t.Assertions = append(t.Assertions, ev.Check(row)...)
	t.MayChange = append(t.MayChange, ev.Touches(row)...)
	services := []string{up.Service}

	type step struct {
		links []*Link
		up    *Entity
		row   Row
		made  *Made // nil for the event the instruction asks for
	}
	queue := []step{{byEvent[ev], up, row, nil}}
	done := map[*Link]bool{}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		for _, l := range st.links {
			ac := l.Action
			if done[l] || (len(services) >= maxTaskServices && !slices.Contains(services, ac.Service)) {
				continue
			}
			var checks []world.Assertion
			if st.made == nil {
				checks = ac.Check(tc, st.up, st.row)
			} else {
				checks = []world.Assertion{g.madeCheck(l, st.made)}
			}
			if len(t.Assertions)+len(checks) > maxTaskAssertions {
				continue
			}
			done[l] = true
			if ac.Prepare != nil {
				ops := ac.Prepare(tc, st.up, st.row)
				t.Seed = append(t.Seed, ops...)
				t.Seed = append(t.Seed, g.satisfy(tc, ops)...)
			}
			var made *Made
			if ac.Makes != nil {
				made = ac.Makes(tc, st.up, st.row)
			}
			t.Calls = append(t.Calls, ac.Do(tc, st.up, st.row)...)
			t.Assertions = append(t.Assertions, checks...)
			t.MayChange = append(t.MayChange, ac.Touches...)
			if !slices.Contains(services, ac.Service) {
				services = append(services, ac.Service)
			}
			if made == nil {
				continue
			}
			for _, e := range g.svcBy[made.Entity.Service].Events {
				if e.Entity.Table == made.Entity.Table && e.InState(made.Row) && len(byEvent[e]) > 0 {
					queue = append(queue, step{byEvent[e], made.Entity, made.Row, made})
				}
			}
		}
	}
	t.Services = services
	return t, persona
}

// madeCheck asserts that a policy holds for a row an earlier step of the
// task created, found by its business key rather than its id.
func (g *Gen) madeCheck(l *Link, m *Made) world.Assertion {
	return world.Assertion{
		Description: fmt.Sprintf("For %s: %s.", m.Say, l.Action.clause(m.Entity)),
		SQL:         g.holdsSQL(l.Rule, m.Select("t")),
	}
}
