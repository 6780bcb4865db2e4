package planet

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// policyNames are the names of a bundle's policies.
func policyNames(t *testing.T, p *engine.Plan) []string {
	t.Helper()
	b, err := engine.Build(p, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, inv := range b.Invariants {
		out = append(out, inv.Name)
	}
	return out
}

// TestPlanListsPolicies: the plan a brief reads into lists exactly the
// policies its world has, and a world synthesized from the brief is the
// world of that plan.
func TestPlanListsPolicies(t *testing.T) {
	for _, c := range planBriefs {
		t.Run(c.name, func(t *testing.T) {
			p, err := read.Read(c.s)
			if err != nil {
				t.Fatal(err)
			}
			var listed []string
			for _, pol := range p.Policies {
				listed = append(listed, pol.Name)
			}
			if got := policyNames(t, p); len(listed) == 0 || !slices.Equal(listed, got) {
				t.Errorf("plan lists %v, world has %v", listed, got)
			}
			b1, err := engine.Build(p, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			b2, err := Synthesize(c.s, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			j1, _ := json.Marshal(b1)
			j2, _ := json.Marshal(b2)
			if !bytes.Equal(j1, j2) {
				t.Error("Synthesize and Build(Read) give different worlds")
			}
		})
	}
}

// TestEditPolicies: a person or an LLM editing the plan's policies
// changes the world's: a policy dropped is gone, a pair added (an event
// and an action that follows it) is there, and the world still passes
// every validator.
func TestEditPolicies(t *testing.T) {
	for _, c := range planBriefs {
		t.Run(c.name, func(t *testing.T) {
			p, err := read.Read(c.s)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Policies) < 2 {
				t.Skipf("%d policies", len(p.Policies))
			}
			// Drop the first.
			dropped := p.Policies[0]
			p.Policies = p.Policies[1:]
			got := policyNames(t, p)
			if slices.Contains(got, dropped.Name) || len(got) != len(p.Policies) {
				t.Errorf("dropped %s, world has %v", dropped.Name, got)
			}
			// Add a candidate the planner did not pick.
			g, err := engine.BuildServices(p, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var extra *engine.PlanPolicy
			var kept []*engine.Link
			for _, pol := range p.Policies {
				for _, l := range g.Candidates() {
					if l.Name == pol.Name {
						kept = append(kept, l)
					}
				}
			}
			for _, l := range g.Candidates() {
				pol := g.PlanPolicy(l)
				if slices.ContainsFunc(p.Policies, func(x engine.PlanPolicy) bool { return x.Name == pol.Name }) ||
					slices.ContainsFunc(kept, l.Clashes) || pol.Name == dropped.Name || l.Event.Setup == nil {
					continue
				}
				extra = &pol
				break
			}
			if extra == nil {
				t.Skip("no other candidate")
			}
			want := extra.Name
			extra.Name = "" // a hand-written policy needs no name
			p.Policies = append(p.Policies, *extra)
			b, err := engine.Build(p, engine.Options{})
			if err != nil {
				t.Fatalf("adding %+v: %v", *extra, err)
			}
			var got2 []string
			for _, inv := range b.Invariants {
				got2 = append(got2, inv.Name)
			}
			if !slices.Contains(got2, want) || len(got2) != len(p.Policies) {
				t.Errorf("added %s (%s %s → %s %s); world has %v", want, extra.Trigger, extra.Event, extra.Target, extra.Action, got2)
			}
			data, _ := json.MarshalIndent(b, "", " ")
			validate(t, c.name+" edited", data)
		})
	}
}

// TestBrokenPolicies: every problem of the plan's policies is reported at
// its JSON pointer, and the plan is rejected whole.
func TestBrokenPolicies(t *testing.T) {
	p, err := read.Read(planBriefs[1].s) // locksmith-gb
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Policies) < 2 {
		t.Fatalf("%d policies", len(p.Policies))
	}
	first := p.Policies[0]
	notFollowing := engine.PlanPolicy{Trigger: "crm", Event: "deactivated", Target: "billing", Action: "invoiced"} // invoices follow finished work
	for _, c := range []struct {
		name string
		pols []engine.PlanPolicy
		want []string
	}{
		{"unknown event and action", []engine.PlanPolicy{{Trigger: first.Trigger, Event: "exploded", Target: first.Target, Action: "celebrated"}},
			[]string{`/policies/0/event: ` + first.Trigger + ` has no event "exploded" (events: `, `/policies/0/action: ` + first.Target + ` has no action "celebrated" (actions: `}},
		{"unknown service", []engine.PlanPolicy{{Trigger: "nowhere", Event: "x", Target: first.Target, Action: first.Action}}, []string{`/policies/0/trigger: no service "nowhere"`}},
		{"not a pair", []engine.PlanPolicy{first, notFollowing}, []string{`/policies/1: billing's "invoiced" cannot follow crm's "deactivated" (what can: `}},
		{"twice", []engine.PlanPolicy{first, first}, []string{"/policies/1: the same policy as /policies/0"}},
		{"wrong name", []engine.PlanPolicy{{Name: "made-up", Trigger: first.Trigger, Event: first.Event, Target: first.Target, Action: first.Action}},
			[]string{`/policies/0/name: the policy of this pair is named "` + first.Name + `"`}},
		{"same service", []engine.PlanPolicy{{Trigger: "crm", Event: "deactivated", Target: "crm", Action: "x"}}, []string{"/policies/0/target: a policy binds two services"}},
		{"empty", []engine.PlanPolicy{{Trigger: "crm", Target: "chat"}}, []string{"/policies/0/event: is empty", "/policies/0/action: is empty"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			q := *p
			q.Policies = c.pols
			_, err := engine.Build(&q, engine.Options{})
			if err == nil {
				t.Fatal("broken policies accepted")
			}
			var pe *engine.PlanError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v has no pointer", err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

// TestPlanSchema: every plan Read writes is valid under the published
// JSON Schema, and the schema refuses a policy without its event.
func TestPlanSchema(t *testing.T) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(engine.PlanSchema()))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("plan.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("plan.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range planBriefs {
		p, err := read.Read(b.s)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := engine.MarshalPlan(p)
		v, _ := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err := sch.Validate(v); err != nil {
			t.Errorf("%s: %v", b.name, err)
		}
		if len(p.Policies) == 0 {
			continue
		}
		p.Policies[0].Event = ""
		data, _ = engine.MarshalPlan(p)
		v, _ = jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err := sch.Validate(v); err == nil {
			t.Errorf("%s: the schema accepts a policy with an empty event", b.name)
		}
	}
}

// TestPlanOneServicePerBuilder: a registered builder makes one service of
// a world; a plan listing it twice is refused at the second.
func TestPlanOneServicePerBuilder(t *testing.T) {
	p, err := read.Read(planBriefs[1].s)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(p.Services, func(s engine.PlanService) bool { return s.Builder == "billing" })
	if i < 0 {
		t.Fatal("no billing")
	}
	twice := p.Services[i]
	twice.Name = "billing_two"
	p.Services = append(p.Services, twice)
	err = p.Check()
	want := "/services/" + itoa(len(p.Services)-1) + `/builder: builder "billing" also makes /services/` + itoa(i)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %q", err, want)
	}
}
