package planet

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/world"
)

// buildBrief reads and builds a brief, failing the test on an error.
func buildBrief(t *testing.T, s Scenario) (*Plan, *world.Bundle) {
	t.Helper()
	p, err := Read(s)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Build(p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p, b
}

func tableOf(b *world.Bundle, name string) (world.Table, bool) {
	for _, t := range b.Tables {
		if t.Name == name {
			return t, true
		}
	}
	return world.Table{}, false
}

func columnNames(t world.Table) []string {
	var out []string
	for _, c := range t.Columns {
		out = append(out, c.Name)
	}
	return out
}

func statusesOf(t world.Table) []string {
	for _, c := range t.Columns {
		if c.Name == "status" {
			var out []string
			for _, v := range c.Enum {
				out = append(out, fmt.Sprint(v))
			}
			return out
		}
	}
	return nil
}

// TestRecordsOfTheBusiness builds worlds of briefs whose records people
// from those businesses frowned at, and checks what each record is: whose
// it is, which columns it has and its lifecycle.
func TestRecordsOfTheBusiness(t *testing.T) {
	for _, tc := range []struct {
		name  string
		brief Scenario
		table string
		// has and hasNot are columns; states the lifecycle, in order,
		// cancel last.
		has, hasNot []string
		states      []string
	}{
		{"goats are the dairy's own", Scenario{Industry: "goat dairy", Country: "Portugal", Seed: 2,
			Description: "Family goat dairy near Évora with 140 goats. We make cheese in batches that we age for three months, and sell it at weekend markets and to delis in Lisbon."},
			"goats", nil, []string{"customer_id"}, []string{"active", "for_sale", "sold", "died"}},
		{"cheese batches are made and mature", Scenario{Industry: "goat dairy", Country: "Portugal", Seed: 2,
			Description: "Family goat dairy near Évora with 140 goats. We make cheese in batches that we age for three months, and sell it at weekend markets and to delis in Lisbon."},
			"batches", []string{"made_on"}, []string{"customer_id", "received_on"}, []string{"started", "maturing", "ready", "sold_out", "discarded"}},
		{"donations are collected from grocery stores", Scenario{Industry: "food bank", Country: "Canada", Seed: 5,
			Description: "Volunteer-run food bank in Winnipeg. We collect donations from grocery stores, schedule volunteer shifts, and deliver food parcels to registered families."},
			"collections", []string{"grocery_store_id"}, []string{"customer_id", "grocery_store"}, nil},
		{"donations have no place or condition", Scenario{Industry: "food bank", Country: "Canada", Seed: 5,
			Description: "Volunteer-run food bank in Winnipeg. We collect donations from grocery stores, schedule volunteer shifts, and deliver food parcels to registered families."},
			"collections_donations", nil, []string{"location", "condition"}, nil},
		{"cables bought are stock", Scenario{Industry: "electrician", Country: "United Kingdom", Seed: 7,
			Description: "Electrician in Leeds doing rewiring and consumer unit upgrades for landlords. We buy cables and consumer units from wholesalers and issue a safety certificate after every job."},
			"purchase_orders_cables", []string{"on_hand"}, []string{"location", "condition"}, nil},
		{"cafés and hotels have no allergies", Scenario{Industry: "bakery", Country: "Germany", Seed: 6,
			Description: "Bakery in Hamburg supplying cafés and hotels with bread and pastries every morning. Customers place standing orders and we invoice them monthly."},
			"crm_customers", []string{"contact_person"}, []string{"allergies", "date_of_birth"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, b := buildBrief(t, tc.brief)
			tb, ok := tableOf(b, tc.table)
			if !ok {
				var names []string
				for _, x := range b.Tables {
					names = append(names, x.Name)
				}
				t.Fatalf("no table %s (tables: %s)", tc.table, strings.Join(names, ", "))
			}
			cols := columnNames(tb)
			for _, c := range tc.has {
				if !slices.Contains(cols, c) {
					t.Errorf("%s has no column %s (columns: %s)", tc.table, c, strings.Join(cols, ", "))
				}
			}
			for _, c := range tc.hasNot {
				if slices.Contains(cols, c) {
					t.Errorf("%s has a column %s", tc.table, c)
				}
			}
			if tc.states != nil && !slices.Equal(statusesOf(tb), tc.states) {
				t.Errorf("%s states %v, want %v", tc.table, statusesOf(tb), tc.states)
			}
		})
	}
}

// TestLifecycle: the lifecycle of a record follows what it is, from
// data/records.json.
func TestLifecycle(t *testing.T) {
	for _, tc := range []struct {
		arch, entity, of, phrase string
		want                     []string // nil: the archetype's own
	}{
		{"inventory", "batch", "", "We make cheese in batches that we age for three months", []string{"started", "maturing", "ready", "sold_out"}},
		{"inventory", "batch", "", "We bake bread in batches every night", []string{"started", "ready", "sold_out"}},
		{"inventory", "batch", "", "We buy flour in batches from the mill", nil},
		{"orders", "order", "season ticket", "fans buy season tickets", []string{"placed", "paid", "issued"}},
		{"orders", "order", "cheese", "sells cheese", nil},
		{"inventory", "season ticket", "", "", []string{"issued", "used"}},
		{"assets", "goat", "", "140 goats", []string{"active", "for_sale", "sold"}},
		{"assets", "bike", "", "8 bikes", []string{"in_service", "under_maintenance", "retired"}},
	} {
		lc, ok := engine.Lifecycle(tc.arch, tc.entity, tc.of, tc.phrase)
		if tc.want == nil {
			if ok {
				t.Errorf("%s %s of %q (%q): %v, want the archetype's own", tc.arch, tc.entity, tc.of, tc.phrase, lc.States)
			}
			continue
		}
		if !ok || !slices.Equal(lc.States, tc.want) {
			t.Errorf("%s %s of %q (%q): %v, want %v", tc.arch, tc.entity, tc.of, tc.phrase, lc.States, tc.want)
		}
	}
}

// TestPriceList: a composed world's price list has the lines of the kind
// of thing sold, several of them, priced from one base: a larger pack
// costs more, and less per unit.
func TestPriceList(t *testing.T) {
	for _, tc := range []struct {
		noun, arch string
		kind       string
		first      string
	}{
		{"cheese", "orders", "weight", "Cheese, 250 g"},
		{"candle", "orders", "packs", "Candle, single"},
		{"season ticket", "orders", "tickets", "Season ticket, adult"},
		{"tuning visit", "bookings", "sessions", "Tuning visit, 30 min"},
		{"kayak", "bookings", "rentals", "Kayak, 1 hour"},
		{"repair", "work_orders", "visits", "Repair, up to 1 hour"},
		{"membership", "contracts", "terms", "Membership, monthly"},
		{"pickup", "shipments", "parcels", "Pickup, small (up to 5 kg)"},
		{"claim", "cases", "scope", "Claim, simple"},
	} {
		if k := engine.PriceKind(tc.noun, tc.arch); k != tc.kind {
			t.Errorf("%s (%s) is priced as %s, want %s", tc.noun, tc.arch, k, tc.kind)
		}
		items := engine.PriceList(tc.noun, nil, tc.arch)
		if len(items) < 3 || items[0].Name != tc.first {
			t.Errorf("%s (%s): %v, want at least three lines from %q", tc.noun, tc.arch, items, tc.first)
		}
		for _, it := range items {
			if strings.Contains(it.Name, "extended") || strings.HasPrefix(it.Name, "Standard ") || it.Price[0] <= 0 || it.Price[1] < it.Price[0] {
				t.Errorf("%s: line %+v", tc.noun, it)
			}
		}
	}
	// By weight: 250 g < 500 g < 1 kg, and the kilo is cheaper per gram.
	w := engine.PriceList("cheese", nil, "orders")
	mid := func(it engine.PlanItem) float64 { return (it.Price[0] + it.Price[1]) / 2 }
	if !(mid(w[0]) < mid(w[1]) && mid(w[1]) < mid(w[2]) && mid(w[2])/1000 < mid(w[0])/250) {
		t.Errorf("cheese by weight is not priced coherently: %v", w)
	}
	// Qualifiers the brief gives are lines of their own.
	q := engine.PriceList("pickup", []string{"same-day"}, "shipments")
	if !slices.ContainsFunc(q, func(it engine.PlanItem) bool { return it.Name == "Same-day pickup" }) {
		t.Errorf("no line for the qualifier: %v", q)
	}
}

// TestVolumesFollowSize: the everyday records of a one-person business
// are a handful; a firm of sixty has several times as many.
func TestVolumesFollowSize(t *testing.T) {
	brief := Scenario{Industry: "piano tuner", Country: "Poland", Seed: 3,
		Description: "Piano tuner in Kraków. We book tuning visits at homes, schools and concert halls, and keep the tuning history of every piano."}
	p, err := Read(brief)
	if err != nil {
		t.Fatal(err)
	}
	count := func(employees int) map[string]int {
		q := *p
		q.Company.Employees = employees
		b, err := Build(&q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		n := map[string]int{}
		for _, tb := range b.Tables {
			n[tb.Name] = len(tb.Rows)
		}
		return n
	}
	small, big := count(1), count(60)
	checked := 0
	for _, table := range []string{"crm_customers", "helpdesk_tickets", "chat_messages", "email_messages", "tuning_visits"} {
		s, ok := small[table]
		if !ok {
			continue
		}
		checked++
		if s > 20 || big[table] < 2*s {
			t.Errorf("%s: %d rows for one person, %d for sixty", table, s, big[table])
		}
	}
	if checked < 3 {
		t.Fatalf("only %d of the everyday tables are in the world", checked)
	}
}
