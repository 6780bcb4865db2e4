package planet

import (
	"github.com/mercury/mcp-world/planet/internal/archetypes"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
	"strings"
	"testing"
)

// A business that takes deposits has one billing service that takes
// them, and the deposit (and any record due before the work, such as a
// consent form) binds the work's confirmation, never its completion.
// Charges the brief names are kinds of invoice, not services of their own.
func TestDepositsBeforeConfirmation(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		kinds                         []string
		before                        []string // policies that must bind the confirmation
	}{
		{"tattoo", "tattoo studio", "DE", "We book sessions. We take deposits for bookings, keep signed consent forms and send aftercare reminders.", nil, []string{"deposit", "consent form"}},
		{"cobbler", "shoe repair", "AR", "We resole shoes and repair bags. Customers pay half up front and the rest is invoiced in three instalments.", []string{"instalment"}, []string{"deposit"}},
		{"golf", "golf club", "ZA", "Members book tee times online and visitors pay green fees and buggy hire.", []string{"green fee"}, nil},
		{"a class named before its examples", "accountants", "IE", "Accountancy practice in Cork doing tax returns for farmers. Outlays such as registry search fees are recharged to the client at cost.", []string{"outlay", "search fee"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := read.Read(engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			var billing []engine.PlanService
			for _, s := range p.Services {
				if s.Archetype == "billing" {
					billing = append(billing, s)
				}
			}
			if len(billing) != 1 || billing[0].Builder != "billing" {
				t.Fatalf("billing services %+v, want exactly the billing builder's", billing)
			}
			for _, k := range tc.kinds {
				if !strings.Contains(strings.Join(archetypes.AttributeValues(billing[0], "kind"), ","), k) {
					t.Errorf("billing kinds %v lack %q", archetypes.AttributeValues(billing[0], "kind"), k)
				}
			}
			b, err := engine.Build(p, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			titles := map[string]bool{}
			for _, inv := range b.Invariants {
				titles[strings.ToLower(inv.Title)] = true
			}
			for _, noun := range tc.before {
				found := false
				for title := range titles {
					// The policies that make the record for the work ("bookings
					// confirmed: consent form recorded"), not those its own
					// events set off ("consent forms approved: ticket resolved").
					if _, action, ok := strings.Cut(title, ":"); ok && strings.Contains(action, noun) {
						found = true
						// The go-ahead is the work's second state (confirmed,
						// dispatched…), never its last.
						if !strings.Contains(title, strings.ReplaceAll(p.Work.States[1], "_", " ")) {
							t.Errorf("policy %q binds something else than the confirmation", title)
						}
					}
				}
				if !found {
					t.Errorf("no policy about %s in %v", noun, titles)
				}
			}
		})
	}
}
