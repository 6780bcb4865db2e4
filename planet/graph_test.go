package planet

import (
	"fmt"
	"slices"
	"testing"

	"github.com/mercury/mcp-world/planet/catalog"
)

// graphWorlds builds the services of a world of every industry, and of
// one with each registered service forced in, and returns them with the
// service graph derived.
func graphWorlds(t *testing.T) []*Gen {
	t.Helper()
	var out []*Gen
	add := func(s Scenario, force []string) {
		p, err := readForced(s, force)
		if err != nil {
			t.Fatalf("%v: %v", s, err)
		}
		g, err := buildServices(p, Options{Services: force})
		if err != nil {
			t.Fatalf("%v: %v", s, err)
		}
		out = append(out, g)
	}
	countries := catalog.Countries()
	for i, ind := range catalog.Industries() {
		add(Scenario{Industry: ind.ID, Country: countries[(i*7)%len(countries)].Code, Seed: uint64(i + 1)}, nil)
	}
	for i, name := range ServiceNames() {
		add(Scenario{Industry: "accounting-firms", Country: "DE", Seed: uint64(300 + i)}, []string{name, "email", "helpdesk", "calendar"})
	}
	return out
}

// TestGraphIsDerived: every edge of the service graph joins an event of
// a lower layer (or an earlier service of the line of work's layer) to an
// action that follows it, and every such pair is an edge. So the graph has
// no cycle, and no service lists another.
func TestGraphIsDerived(t *testing.T) {
	for _, g := range graphWorlds(t) {
		for i, down := range g.svcs {
			for j, up := range g.svcs {
				ordered := up.Def.Layer < down.Def.Layer || (up.Def.Layer == LayerWork && down.Def.Layer == LayerWork && j < i)
				edge := slices.Contains(down.DependsOn, up.Def.Name)
				if want := ordered && pairs(up, down); edge != want {
					t.Errorf("%s: edge %s → %s is %v, want %v (layers %d → %d, pair %v)", g.Company.Name, up.Name, down.Name, edge, want, up.Def.Layer, down.Def.Layer, pairs(up, down))
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
		for _, down := range g.svcs {
			for _, upName := range down.DependsOn {
				up := g.svcBy[upName]
				for _, ev := range up.Events {
					for _, ac := range down.Actions {
						if !ac.follows(ev) {
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
	register(&ServiceDef{Name: name, Title: "Kennel stays", Layer: LayerOperations, Build: func(g *Gen, s *Svc) {
		cust := g.Entity("customer")
		t := s.Table(name, "Stays of dogs in the kennel.", "KNL-", 4, PK(),
			RefersTo("customer_id", cust.Table+".id", "The owner."), Money("amount", "Price"), Enum("status", "booked → ended", "booked", "ended"))
		e := &Entity{Service: s.Name, Table: t.Name, Key: "id", Noun: "stay", Plural: "stays", Prefix: "KNL-", Width: 4, Roles: map[string]Role{
			"id": Column("id"), "amount": Column("amount"), "customer_id": Column("customer_id"),
			"email": Via("customer_id", cust.Table, "email", func() []Row { return cust.Rows }),
			"name":  Via("customer_id", cust.Table, "name", func() []Row { return cust.Rows })}}
		s.Events = append(s.Events, &Event{Entity: e, Name: "ended", Kind: "done", When: "a stay ends", Where: map[string]any{"status": "ended"},
			InState: func(r Row) bool { return r["status"] == "ended" }})
	}})
	defer delete(registry, name)
	force := []string{name, "billing", "email", "chat", "helpdesk", "calendar", "drive"}
	p, err := readForced(Scenario{Industry: "dog kennel", Country: "IE", Description: "We board dogs.", Seed: 1}, force)
	if err != nil {
		t.Fatal(err)
	}
	g, err := buildServices(p, Options{Services: force})
	if err != nil {
		t.Fatal(err)
	}
	for _, down := range force[1:] {
		if !slices.Contains(g.Service(down).DependsOn, name) {
			t.Errorf("%s does not follow the new service (depends on %v)", down, g.Service(down).DependsOn)
		}
	}
	if g.svcIndex(name) > g.svcIndex("billing") {
		t.Error("the new service is built after billing, a layer above it")
	}
}

// TestEventAndActionNamesAreUnique: a plan's policy names an event and
// an action by name, so within a service each names one.
func TestEventAndActionNamesAreUnique(t *testing.T) {
	for _, g := range graphWorlds(t) {
		for _, s := range g.svcs {
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
