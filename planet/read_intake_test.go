package planet

import (
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
)

// TestReadIntake reads work on a thing the customer brings in: the
// ticket each thing gets is a number of the work (with the date it
// promises), not a helpdesk, and work the customer is told is ready
// goes received → in work → ready → collected.
func TestReadIntake(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		attrs                         []string // attributes of the line of work
		ready                         bool     // the work has a ready state
		notHelpdesk                   bool     // no helpdesk service read from the ticket
	}{
		{"a numbered ticket with a promised date", "shoe repair", "AR", "We resole shoes and fix bags. Each pair gets a numbered ticket with a promised date, and we call them when it is ready.",
			[]string{"ticket_number", "promised_date"}, true, true},
		{"a claim stub with the promised pickup date", "watch repair", "PH", "We repair watches. Every watch dropped off gets a numbered claim stub with the promised pickup date.",
			[]string{"claim_stub_number", "promised_pickup_date"}, true, true},
		{"ready for collection alone", "bike repair", "NL", "We repair bikes and text the owner when it is ready.",
			nil, true, false},
		{"no ticket, no intake", "plumbing", "GB", "We fix leaks and install boilers for landlords.",
			nil, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := read.Read(engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, a := range p.Work.Attributes {
				names = append(names, a.Name)
			}
			for _, a := range tc.attrs {
				if !slices.Contains(names, a) {
					t.Errorf("work %s has no %s: %v", p.Work.Many, a, names)
				}
			}
			if got := slices.Contains(p.Work.States, "ready"); got != tc.ready {
				t.Errorf("work states %v: ready %v, want %v", p.Work.States, got, tc.ready)
			}
			if tc.notHelpdesk {
				for _, s := range p.Services {
					if s.Archetype == "helpdesk" && strings.Contains(s.From, "ticket") {
						t.Errorf("a helpdesk read from the intake ticket: %s", s.From)
					}
				}
			}
		})
	}
}
