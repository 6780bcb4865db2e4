package planet

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/world"
)

// composedBriefs are businesses no industry pack fits, each selling by
// another kind of composed price list: by weight, by the pack, by the
// hour and day, by term, by parcel, by scope, by the night, by the visit.
var composedBriefs = []struct{ industry, description string }{
	{"cheesemonger", "Cheese shop selling cheese by weight and honey in packs; we also rent kayaks by the hour."},
	{"cargo bike collective", "Cargo bike collective delivering parcels across the city, same-day deliveries for offices."},
	{"piano tuner", "Piano tuner visiting homes and schools; each visit is booked and invoiced after the tuning."},
	{"dog kennel", "Kennel offering boarding for dogs by the night, with a weekend stay and a week stay."},
	{"genealogy research", "Genealogy researchers tracing family trees; each commission is a case with archive searches and a written report."},
	{"kayak hire", "Kayak and canoe hire on the river: customers book kayaks by the hour or the day."},
}

// composedArchetypes are the archetypes whose price lists a composed
// world may show (see engine.PriceKind).
var composedArchetypes = []string{"orders", "inventory", "production", "purchase_orders", "work_orders", "bookings", "shipments", "contracts", "memberships", "cases", "documents", "campaigns"}

// TestComposedPriceListsInTheWorldsLanguage: in a composed world of every
// catalog country whose business language is not English, no text of the
// bundle is a composed price-list line in English ("Cheese, 250 g",
// "Kayak, 1 hour"), every composed item of the price list is written in
// the language (its line template and noun from data/pricelines), and
// an English world keeps them English, so that the check can fail.
func TestComposedPriceListsInTheWorldsLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a composed world per brief and country")
	}
	langs := map[string]bool{}
	local, checked := 0, 0
	for ci, c := range catalog.Countries() {
		lang, _, _ := strings.Cut(c.Locale, "-")
		if lang == "en" && c.Code != "GB" {
			continue
		}
		for bi, b := range composedBriefs {
			// Each country reads two briefs, in turn, so that the
			// corpus has every brief in many languages; Britain reads
			// them all.
			if lang != "en" && bi != ci%len(composedBriefs) && bi != (ci+3)%len(composedBriefs) {
				continue
			}
			p, err := Read(Scenario{Industry: b.industry, Country: c.Code, Description: b.description, Seed: 7})
			if err != nil {
				t.Fatalf("%s %s: %v", c.Code, b.industry, err)
			}
			if p.Company.Pack != Composed {
				t.Fatalf("%s %q: read as pack %s; the test needs a composed world", c.Code, b.industry, p.Company.Pack)
			}
			bundle, err := Build(p, Options{})
			if err != nil {
				t.Fatalf("%s %s: %v", c.Code, b.industry, err)
			}
			langs[lang] = true
			english := englishLines(p)
			eachText(bundle, func(ptr, s string) {
				if !english[s] {
					return
				}
				if lang == "en" {
					local++ // an English world's own line: the check sees them
					return
				}
				t.Errorf("%s %s: %s: %q is a composed price-list line in English", c.Code, b.industry, ptr, s)
			})
			if lang == "en" {
				continue
			}
			// The plan's items as the world names them are in the bundle.
			for _, it := range p.Work.Items {
				l, ok := engine.LocalPlanItem(c.Locale, c.Currency, p.Work, it)
				if !ok {
					continue
				}
				checked++
				if l.Name == it.Name && english[it.Name] {
					t.Errorf("%s %s: %q has no %s form", c.Code, b.industry, it.Name, c.Locale)
				}
			}
		}
	}
	if local == 0 || checked < 100 {
		t.Fatalf("the check saw %d English lines in English worlds and %d local items: it cannot fail", local, checked)
	}
	t.Logf("%d languages (%d price-line files), %d local composed items checked, %d English lines seen in English worlds", len(langs)-1, len(engine.PriceLineLanguages()), checked, local)
}

// englishLines are the composed lines in English a world of the plan
// could show: every line of every kind, for each noun the plan names.
func englishLines(p *Plan) map[string]bool {
	nouns := []string{p.Work.Offering.One, p.Work.One}
	for _, s := range p.Services {
		for _, n := range []*PlanNoun{s.Entity, s.Resource} {
			if n != nil {
				nouns = append(nouns, n.One)
			}
		}
		for _, a := range s.Attributes {
			nouns = append(nouns, a.Values...)
		}
	}
	for _, a := range p.Work.Attributes {
		nouns = append(nouns, a.Values...)
	}
	out := map[string]bool{}
	for _, n := range slices.Compact(slices.Sorted(slices.Values(nouns))) {
		if n == "" {
			continue
		}
		for _, arch := range composedArchetypes {
			for _, it := range engine.PriceList(n, nil, arch) {
				out[it.Name] = true
			}
		}
	}
	return out
}

// eachText calls f with every string of the bundle's rows and tasks, at
// its JSON pointer.
func eachText(b *world.Bundle, f func(ptr, s string)) {
	for _, tb := range b.Tables {
		for i, r := range tb.Rows {
			for k, v := range r {
				if s, ok := v.(string); ok {
					f(fmt.Sprintf("/tables/%s/rows/%d/%s", tb.Name, i, k), s)
				}
			}
		}
	}
	for i, task := range b.Tasks {
		for j, sd := range task.Seed {
			for k, v := range sd.Values {
				if s, ok := v.(string); ok {
					f(fmt.Sprintf("/tasks/%d/seed/%d/values/%s", i, j, k), s)
				}
			}
		}
	}
}
