package planet

import (
	"slices"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
	"github.com/mercury/mcp-world/world"
)

// TestWaitlist: a brief whose bookings have a waitlist keeps it as a
// service named with the brief's word, and its world binds it: a
// cancelled booking's place must be offered to the first waiting for
// its date (a policy with its hidden check), a tool offers it, a task
// cancels a booking and asks for it, and the seed holds the policy. A
// brief that says no waitlist has none.
func TestWaitlist(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc, service string
	}{
		{"classes booked in the app with a waitlist", "climbing gym", "NO",
			"Climbing gym in Bergen with 40 routes. Members book classes in the app with a waitlist, and new members sign a waiver.", "waitlist"},
		{"children put on the waiting list", "dance school", "PL",
			"Dance school in Kraków for children and adults. Parents book a place in a weekly class, and when a class is full the child goes on the waiting list.", "waiting_list"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1}
			p, err := read.Read(s)
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(p.Services, func(s engine.PlanService) bool { return s.Builder == "waitlist" })
			if i < 0 || p.Services[i].Name != tc.service {
				t.Fatalf("no %s service (services %v)", tc.service, p.Services)
			}
			if slices.ContainsFunc(p.Work.Attributes, func(a engine.PlanAttribute) bool { return a.Name == "waitlist_position" }) {
				t.Errorf("%s keep a waitlist position beside the %s", p.Work.Many, tc.service)
			}
			b, err := engine.Build(p, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			validated(t, b)
			table := tc.service + "_entries"
			policy := ""
			for _, inv := range b.Invariants {
				if inv.Rule != nil && inv.Rule.Then.Table == table && inv.Rule.When.Where["status"] == p.Work.Cancel {
					policy = inv.Name
				}
			}
			if policy == "" {
				t.Fatalf("no policy binds a cancelled %s to the %s", p.Work.One, tc.service)
			}
			offer := "offer_" + tc.service + "_place"
			if !slices.ContainsFunc(b.Tools, func(tl world.ToolSpec) bool { return tl.Name == offer }) {
				t.Errorf("no %s tool", offer)
			}
			asked := false
			for _, task := range b.Tasks {
				if slices.ContainsFunc(task.Solution, func(c world.Call) bool { return c.Tool == offer }) {
					asked = true
				}
			}
			if !asked {
				t.Errorf("no task offers a freed place (policy %s)", policy)
			}
		})
	}
	p, err := read.Read(engine.Scenario{Industry: "climbing gym", Country: "NO", Seed: 1,
		Description: "Climbing gym in Bergen with 40 routes. Members book classes in the app, and new members sign a waiver."})
	if err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(p.Services, func(s engine.PlanService) bool { return s.Builder == "waitlist" }) {
		t.Error("a brief that says no waitlist keeps one")
	}
}
