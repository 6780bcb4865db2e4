package planet

import (
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
)

// TestComposedCustomersByTheBrief: a composed world whose brief names no
// customers keeps them as people (a tattoo studio's are not GmbHs); one
// that names organisations keeps firms, with a contact person.
func TestComposedCustomersByTheBrief(t *testing.T) {
	for _, tc := range []struct {
		name, industry, desc string
		firms                bool
	}{
		{"no customers named", "tattoo studio", "Tattoo studio in Hamburg. We design custom pieces and book sessions by the hour.", false},
		{"organisations named", "sign maker", "We make shop signs for retailers and restaurants in Hamburg.", true},
		// The trade says who the customers are when the brief does not
		// (lexicon customers.json): a haulier carries for shippers, a
		// wholesaler sells to the trade; a parish serves people, and so do a
		// haulier's removals when the brief says families book them.
		{"haulier names none", "Spedition", "Road haulage firm in Hamburg with 40 trucks running to Poland and France. Each truck has its annual inspection date.", true},
		{"wholesaler names none", "Getränkegroßhandel", "Drinks wholesale in Hamburg with a warehouse of 3,000 items and our own vans.", true},
		{"parish names none", "parish office", "Parish office in Hamburg. We book baptisms and weddings and keep the parish register.", false},
		{"customers named people", "Spedition", "Removals and haulage in Hamburg: families book a move with a home survey.", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Synthesize(engine.Scenario{Industry: tc.industry, Country: "DE", Description: tc.desc, Seed: 1}, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, tb := range b.Tables {
				if !strings.HasPrefix(tb.Name, "crm_") || strings.Count(tb.Name, "_") != 1 {
					continue
				}
				firms := false
				for _, c := range tb.Columns {
					firms = firms || c.Name == "contact_person"
				}
				if firms != tc.firms {
					t.Errorf("%s: firms %v, want %v", tb.Name, firms, tc.firms)
				}
				return
			}
			t.Fatal("no CRM table")
		})
	}
}
