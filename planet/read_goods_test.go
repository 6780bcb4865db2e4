package planet

import (
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/lexicon"
)

// Goods bought from producers keep the words the trade names them by
// ("wet cacao", "fresh fruit bunches", "raw cashew nuts"), not their
// last word alone; a modifier of any business ("local", "organic")
// stays out.
func TestBoughtGoodsKeepTheirWords(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc, want string
	}{
		{"wet cacao", "cacao fermentary", "PE", "Cacao fermentation centre near Piura. We buy wet cacao from 150 smallholders by the kilo and ferment it in batches.", "wet cacao"},
		{"fresh fruit bunches", "palm oil mill", "MY", "Palm oil mill outside Kuantan. We buy fresh fruit bunches from about 400 smallholders by the tonne.", "fresh fruit bunch"},
		{"a modifier of any business", "greengrocer", "IE", "Greengrocer in Cork. We buy local vegetables from farmers every morning.", "vegetable"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, _ := buildBrief(t, Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			var got []string
			for _, s := range p.Services {
				if s.Archetype == "purchase_orders" && s.Resource != nil {
					got = append(got, s.Resource.One)
				}
			}
			if !slices.Contains(got, tc.want) {
				t.Errorf("purchase orders of %v, want %q", got, tc.want)
			}
			for _, g := range got {
				if strings.HasPrefix(g, "local ") {
					t.Errorf("purchase orders of %q: local is no part of the goods", g)
				}
			}
		})
	}
}

// A plural the lexicon spells irregularly is the plural of its singular
// ("leaves", not "leafs").
func TestIrregularPlurals(t *testing.T) {
	lex := lexicon.Load()
	for sg, pl := range map[string]string{"leaf": "leaves", "green leaf": "green leaves", "shelf": "shelves", "calf": "calves", "lens": "lenses", "box": "boxes", "semi": "semis"} {
		if got := lex.Plural(sg); got != pl {
			t.Errorf("Plural(%q) = %q, want %q", sg, got, pl)
		}
		// ("4 semis" are four semi-trailers, not "semises".)
		if got := lex.Singular(strings.Fields(pl)[len(strings.Fields(pl))-1]); got != strings.Fields(sg)[len(strings.Fields(sg))-1] {
			t.Errorf("Singular(%q) = %q, want %q", pl, got, sg)
		}
	}
}

// Crops and bulk goods are never pluralised ("cut canola and wheat" is
// no canolas), and a noun after a count before a plural is part of what
// is counted ("3 grain carts" keep no grain in stock).
func TestMassNounsAndCountedCompounds(t *testing.T) {
	lex := lexicon.Load()
	for _, w := range []string{"wheat", "canola", "gravel", "milk", "cotton"} {
		if got := lex.Plural(w); got != w {
			t.Errorf("Plural(%q) = %q: a mass noun has no plural", w, got)
		}
	}
	p, err := Read(Scenario{Industry: "custom harvesting", Country: "Canada", Description: "Custom harvesting outfit near Regina with 5 combines, 2 grain carts and 3 semis, cutting barley and canola for farms across Saskatchewan.", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range p.Services {
		if s.Entity != nil && s.Entity.One == "grain" {
			t.Errorf("service %s (%s) of grain: the grain carts are counted, no grain is stocked", s.Name, s.Archetype)
		}
		for _, n := range []*PlanNoun{s.Entity, s.Resource} {
			if n != nil && (strings.Contains(n.Many, "canolas") || strings.Contains(n.Many, "barleys")) {
				t.Errorf("service %s: %q", s.Name, n.Many)
			}
		}
	}
	if strings.Contains(p.Work.Offering.Many, "canolas") || strings.Contains(p.Work.Offering.Many, "barleys") {
		t.Errorf("line of work offers %q", p.Work.Offering.Many)
	}
}

// A record the brief says falls due or expires has the date: "remind
// customers when the recalibration is due" → the recalibration's
// next_due_on; "book the check before it expires" → the check's
// expiry_date, a date ahead of the clock.
func TestDueAndExpiryDates(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc, table, column string
	}{
		{"due", "Kalibrierlabor", "Germany", "Kalibrierlabor in Stuttgart calibrating gauges and scales for industry, and we remind customers when the recalibration is due.", "recalibrations", "next_due_on"},
		{"expires", "gas engineer", "UK", "Gas Safe engineers in Birmingham. Every rented property needs a gas safety certificate each year, so we book the check before it expires.", "checks", "expiry_date"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, b := buildBrief(t, Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			tb, ok := tableOf(b, tc.table)
			if !ok {
				t.Fatalf("no %s table; decisions:\n%v", tc.table, p.Decisions)
			}
			if !slices.Contains(columnNames(tb), tc.column) {
				t.Fatalf("%s columns %v lack %s", tc.table, columnNames(tb), tc.column)
			}
			clock := b.Clock.Start[:10]
			for _, r := range tb.Rows {
				if d, _ := r[tc.column].(string); d == "" || d < clock {
					t.Errorf("%s %v: %s = %v, want a date after the clock %s", tc.table, r["id"], tc.column, r[tc.column], clock)
				}
			}
		})
	}
}
