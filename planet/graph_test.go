package planet

import (
	"fmt"
	"slices"
	"testing"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/internal/read"
)

// graphWorlds builds the services of a world of every industry, and of
// one with each registered service forced in, and returns them with the
// service graph derived.
func graphWorlds(t *testing.T) []*engine.Gen {
	t.Helper()
	var out []*engine.Gen
	add := func(s engine.Scenario, force []string) {
		p, err := read.ReadForced(s, force)
		if err != nil {
			t.Fatalf("%v: %v", s, err)
		}
		g, err := engine.BuildServices(p, engine.Options{Services: force})
		if err != nil {
			t.Fatalf("%v: %v", s, err)
		}
		out = append(out, g)
	}
	countries := catalog.Countries()
	for i, ind := range catalog.Industries() {
		add(engine.Scenario{Industry: ind.ID, Country: countries[(i*7)%len(countries)].Code, Seed: uint64(i + 1)}, nil)
	}
	for i, name := range engine.ServiceNames() {
		add(engine.Scenario{Industry: "accounting-firms", Country: "DE", Seed: uint64(300 + i)}, []string{name, "email", "helpdesk", "calendar"})
	}
	return out
}

// TestGraphIsDerived: every edge of the service graph joins an event of
// a lower layer (or an earlier service of the line of work's layer) to an
// action that follows it, and every such pair is an edge. So the graph has
// no cycle, and no service lists another.
func TestGraphIsDerived(t *testing.T) {
	for _, g := range graphWorlds(t) {
		for i, down := range g.Services {
			for j, up := range g.Services {
				ordered := up.Def.Layer < down.Def.Layer || (up.Def.Layer == engine.LayerWork && down.Def.Layer == engine.LayerWork && j < i)
				edge := slices.Contains(down.DependsOn, up.Def.Name)
				if want := ordered && engine.Pairs(up, down); edge != want {
					t.Errorf("%s: edge %s → %s is %v, want %v (layers %d → %d, pair %v)", g.Company.Name, up.Name, down.Name, edge, want, up.Def.Layer, down.Def.Layer, engine.Pairs(up, down))
				}
			}
		}
	}
}

// TestGraphMeansSomething: the pairs the graph is derived from make
// business sense. A support ticket is a customer's, not an employee
// leaving or a meeting called off; the customer mailbox does not write to
// staff or suppliers; a stock count follows what moves goods.
func TestGraphMeansSomething(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range graphWorlds(t) {
		for _, down := range g.Services {
			for _, upName := range down.DependsOn {
				up := g.ByName[upName]
				for _, ev := range up.Events {
					for _, ac := range down.Actions {
						if !ac.Follows(ev) {
							continue
						}
						pair := fmt.Sprintf("%s/%s → %s/%s", up.Def.Name, ev.Name, down.Def.Name, ac.Name)
						seen[down.Def.Name] = true
						switch {
						case down.Def.Name == "helpdesk" && !ev.Entity.Has("customer_id"):
							t.Errorf("%s: a ticket about a row with no customer", pair)
						case ac.ToCustomer && (up.Def.Name == "hr" || up.Def.Name == "procurement"):
							t.Errorf("%s: the customer mailbox writes about staff or suppliers", pair)
						case down.Def.Name == "inventory" && !ev.Entity.Has("quantity"):
							t.Errorf("%s: a stock count after a row that moves no goods", pair)
						}
					}
				}
			}
		}
	}
	for _, s := range []string{"helpdesk", "email", "inventory", "billing", "calendar", "chat", "drive", "payments"} {
		if !seen[s] {
			t.Errorf("no world has %s following anything: the test checks nothing of it", s)
		}
	}
}

// TestNewServiceJoinsTheGraph: a service is one definition. Registered
// with a layer and an event of finished work, it is followed by billing,
// email, chat, support, the calendar and the drive without any of them
// naming it.
func TestNewServiceJoinsTheGraph(t *testing.T) {
	const name = "kennel_stays"
	engine.Register(&engine.ServiceDef{Name: name, Title: "Kennel stays", Layer: engine.LayerOperations, Build: func(g *engine.Gen, s *engine.Svc) {
		cust := g.Entity("customer")
		t := s.Table(name, "Stays of dogs in the kennel.", "KNL-", 4, kit.PK(),
			kit.RefersTo("customer_id", cust.Table+".id", "The owner."), kit.Money("amount", "Price"), kit.Enum("status", "booked → ended", "booked", "ended"))
		e := &engine.Entity{Service: s.Name, Table: t.Name, Key: "id", Noun: "stay", Plural: "stays", Prefix: "KNL-", Width: 4, Roles: map[string]engine.Role{
			"id": engine.Column("id"), "amount": engine.Column("amount"), "customer_id": engine.Column("customer_id"),
			"email": engine.Via("customer_id", cust.Table, "email", func() []engine.Row { return cust.Rows }),
			"name":  engine.Via("customer_id", cust.Table, "name", func() []engine.Row { return cust.Rows })}}
		s.Events = append(s.Events, &engine.Event{Entity: e, Name: "ended", Kind: "done", When: "a stay ends", Where: map[string]any{"status": "ended"},
			InState: func(r engine.Row) bool { return r["status"] == "ended" }})
	}})
	defer delete(engine.Registry, name)
	force := []string{name, "billing", "email", "chat", "helpdesk", "calendar", "drive"}
	p, err := read.ReadForced(engine.Scenario{Industry: "dog kennel", Country: "IE", Description: "We board dogs.", Seed: 1}, force)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.BuildServices(p, engine.Options{Services: force})
	if err != nil {
		t.Fatal(err)
	}
	for _, down := range force[1:] {
		if !slices.Contains(g.Service(down).DependsOn, name) {
			t.Errorf("%s does not follow the new service (depends on %v)", down, g.Service(down).DependsOn)
		}
	}
	if g.SvcIndex(name) > g.SvcIndex("billing") {
		t.Error("the new service is built after billing, a layer above it")
	}
}

// TestEventAndActionNamesAreUnique: a plan's policy names an event and
// an action by name, so within a service each names one.
func TestEventAndActionNamesAreUnique(t *testing.T) {
	for _, g := range graphWorlds(t) {
		for _, s := range g.Services {
			events, actions := map[string]bool{}, map[string]bool{}
			for _, e := range s.Events {
				if events[e.Name] {
					t.Errorf("%s: two events %q", s.Name, e.Name)
				}
				events[e.Name] = true
			}
			for _, a := range s.Actions {
				if a.Service == s.Name && actions[a.Name] {
					t.Errorf("%s: two actions %q", s.Name, a.Name)
				}
				actions[a.Name] = true
			}
		}
	}
}
