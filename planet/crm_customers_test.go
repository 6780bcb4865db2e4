package planet

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/catalog"
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

// TestFirmsNamedForTheirKind: a firm customer or counterpart of a kind
// no pack names is named as that kind of business ("… Refinery"), not as
// a firm of some other trade (a refinery called "… Butchers"); a kind
// that is a person or a role ("visitors", "accounts") names no firm.
func TestFirmsNamedForTheirKind(t *testing.T) {
	for _, tc := range []struct {
		noun    string
		want    string // a word of the name, or "" for no firm of its own
		country string
	}{
		{"refinery", "Refinery", "GB"},
		{"processing plant", "Processing Plant", "AU"},
		{"stopper factory", "Stopper Factory", "US"},
		{"visitor", "", "GB"},
		{"account", "", "GB"},
		{"elephant", "", "GB"},
		{"parish", "", "GB"},
		// No English words in a German firm's name.
		{"refinery", "", "DE"},
		{"refinery", "Refinery", "MY"},
	} {
		c, _ := catalog.CountryByCode(tc.country)
		ind, ok := engine.FirmsOf(tc.noun, c)
		if ok != (tc.want != "") {
			t.Errorf("FirmsOf(%q, %s) ok = %v", tc.noun, c.Locale, ok)
			continue
		}
		if !ok {
			continue
		}
		r := rand.New(rand.NewPCG(1, 2))
		for range 5 {
			if name := c.CompanyName(r, ind); !strings.Contains(name, tc.want) {
				t.Errorf("a %s is named %q", tc.noun, name)
			}
		}
	}
	// And in a world: the brief's refineries are refineries.
	b, err := Synthesize(engine.Scenario{Industry: "industrial lubricants", Country: "GB", Description: "We blend industrial lubricants in Teesside and supply them to refineries.", Seed: 1}, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range b.Tables {
		if tb.Name != "crm_refineries" {
			continue
		}
		for _, r := range tb.Rows[:min(8, len(tb.Rows))] {
			if name, _ := r["name"].(string); !strings.Contains(name, "Refinery") {
				t.Errorf("refinery %q", name)
			}
		}
		return
	}
	t.Errorf("no crm_refineries table")
}
