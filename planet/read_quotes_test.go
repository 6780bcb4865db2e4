package planet

import (
	"slices"
	"testing"
)

// Work quoted before it is done is a quote of that work, whatever clause
// stands between the work and "are quoted"; the quote's answer is the
// brief's word (approved, accepted), and no yes/no repeats a state.
func TestQuotedWork(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		table, resource, answer       string
	}{
		{"a relative clause between the work and its quote", "kitchen fitter", "IE",
			"Kitchen fitter in Dublin. Every kitchen is a job with a fixed price agreed from the design, and any extras the client asks for on site are quoted before the work starts and only invoiced once the client has accepted the quote.",
			"quotes", "extra_id", "accepted"},
		{"approved by the client", "Oldtimer-Restaurierung", "Germany",
			"Oldtimer-Restaurierung in Stuttgart: we restore classic Porsches for private owners. Upgrades the owner wants along the way are quoted and approved by the client before we order the parts.",
			"quotes", "upgrade_id", "approved"},
		{"an estimate the customer approves", "film camera repair", "Japan",
			"Film camera repair shop in Tokyo. Every camera we take in gets a repair ticket; we send an estimate and start only once the customer approves it.",
			"estimates", "", "approved"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, b := buildBrief(t, Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			tb, ok := tableOf(b, tc.table)
			if !ok {
				t.Fatalf("no %s table; decisions:\n%v", tc.table, p.Decisions)
			}
			cols := columnNames(tb)
			if tc.resource != "" && !slices.Contains(cols, tc.resource) {
				t.Errorf("%s columns %v lack %s: the quote is of the work named", tc.table, cols, tc.resource)
			}
			var states []any
			for _, c := range tb.Columns {
				if c.Name == "status" {
					states = c.Enum
				}
			}
			if !slices.Contains(states, any(tc.answer)) {
				t.Errorf("%s states %v lack %q, the brief's word", tc.table, states, tc.answer)
			}
			for _, c := range tb.Columns {
				if c.Type == "boolean" && slices.Contains(states, any(c.Name)) {
					t.Errorf("%s has a yes/no %s beside its state %s", tc.table, c.Name, c.Name)
				}
			}
		})
	}
}

// A quote comes before the work it prices: the line of work is the work
// the brief names, not the estimate read first.
func TestQuoteIsNoLineOfWork(t *testing.T) {
	p, _ := buildBrief(t, Scenario{Industry: "film camera repair", Country: "Japan", Description: "Film camera repair shop in Tokyo. We send an estimate and start only once the customer approves it, and every repair gets a ticket.", Seed: 1})
	if p.Work.One != "repair" {
		t.Errorf("line of work %q (%s), want the repairs; decisions:\n%v", p.Work.One, p.Work.Archetype, p.Decisions)
	}
}

// What the business takes in for work is the customers': each lens is
// with its owner, in care until collected, at no cost of the shop's.
func TestTakenInIsTheCustomers(t *testing.T) {
	p, b := buildBrief(t, Scenario{Industry: "film camera repair", Country: "Japan", Description: "Film camera repair shop in Tokyo. Every camera or lens we take in is logged with its make, model and serial number and gets a repair ticket.", Seed: 1})
	tb, ok := tableOf(b, "lenses")
	if !ok {
		t.Fatalf("no lenses table; decisions:\n%v", p.Decisions)
	}
	cols := columnNames(tb)
	if !slices.Contains(cols, "customer_id") || slices.Contains(cols, "unit_cost") {
		t.Errorf("lenses columns %v: want each with its owner (customer_id) and no unit_cost", cols)
	}
	for _, c := range tb.Columns {
		if c.Name == "status" && slices.Contains(c.Enum, any("in_stock")) {
			t.Errorf("lenses states %v: a customer's lens is not stock", c.Enum)
		}
	}
}

// A passive's subject across a prepositional phrase stays the phrase's
// noun ("support tickets for outages are answered 24/7" keeps the
// outages); only a relative clause with no "that" reaches back to the
// plural the clause starts with.
func TestPassiveAcrossAPhrase(t *testing.T) {
	p, _ := buildBrief(t, Scenario{Industry: "internet provider", Country: "RO", Description: "Local fibre ISP in Timișoara with 18,000 subscribers. Support tickets for outages are answered 24/7.", Seed: 1})
	if !slices.ContainsFunc(p.Services, func(s PlanService) bool { return s.Entity != nil && s.Entity.One == "outage" }) {
		t.Errorf("no record of outages; decisions:\n%v", p.Decisions)
	}
}
