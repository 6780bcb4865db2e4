package lexicon

import (
	"slices"
	"testing"
)

func TestLoad(t *testing.T) {
	l := Load()
	if len(l.Verbs) == 0 || len(l.Nouns) == 0 || len(l.Archetypes) == 0 {
		t.Fatal("empty lexicon")
	}
	// The archetype ids shared with the catalog's packs.
	for _, id := range []string{"bookings", "cases", "work_orders", "orders", "purchase_orders", "inventory", "contracts", "billing", "shifts",
		"documents", "shipments", "campaigns", "crm", "email", "chat", "helpdesk", "calendar", "hr", "drive", "payments", "memberships",
		"properties", "vehicles", "fleet", "timesheets", "production", "prescriptions", "procurement", "warehouse"} {
		if _, ok := l.Archetype(id); !ok {
			t.Errorf("no archetype %q", id)
		}
	}
	if l.NounArchetype("complaint") != "cases" || l.ScaleKind("van") != "vehicles" || !l.Is("head", "form") {
		t.Error("lexicon lookups")
	}
	// The lists moved out of Go into data (engine.B2B, the means of
	// payment, sights that are no city, size phrases).
	if !l.Is("org_customer", "shipper") || !l.Is("org_customer", "empresa") || l.Is("org_customer", "patient") ||
		!l.Is("payment_means", "bank transfer") || !l.Is("landmark", "dera") || len(l.Headcount) == 0 {
		t.Error("lexicon lists: organisation customers, payment means, landmarks, headcount")
	}
	for _, key := range []string{"payment_means", "headcount", "organisation_customers", "landmarks"} {
		if l.Sources[key] == "" {
			t.Errorf("capabilities.json: %s has no source in _sources", key)
		}
	}
}

func TestMorphology(t *testing.T) {
	l := Load()
	for _, c := range []struct{ plural, one string }{
		{"call-outs", "call-out"}, {"complaints", "complaint"}, {"bookings", "booking"}, {"batches", "batch"},
		{"deliveries", "delivery"}, {"people", "person"}, {"studios", "studio"}, {"boxes", "box"}, {"premises", "premises"}, {"bus", "bus"},
		{"midwives", "midwife"}, {"chairwomen", "chairwoman"}, {"olives", "olive"}, {"specimen", "specimen"},
	} {
		if got := l.Singular(c.plural); got != c.one {
			t.Errorf("Singular(%q) = %q, want %q", c.plural, got, c.one)
		}
	}
	for _, c := range []struct{ one, plural string }{
		{"consent form", "consent forms"}, {"delivery", "deliveries"}, {"batch", "batches"}, {"person", "people"}, {"day", "days"},
		{"midwife", "midwives"}, {"olive", "olives"},
	} {
		if got := l.Plural(c.one); got != c.plural {
			t.Errorf("Plural(%q) = %q, want %q", c.one, got, c.plural)
		}
	}
	for _, c := range []struct{ form, lemma string }{
		{"dispatches", "dispatch"}, {"rents", "rent"}, {"handled", "handle"}, {"carries", "carry"}, {"booking", "book"}, {"planned", "plan"},
		{"paid", "pay"}, {"sold", "sell"}, {"bought", "buy"}, {"shipped", "ship"},
	} {
		found := false
		for _, l := range VerbLemma(c.form) {
			found = found || l == c.lemma
		}
		if !found {
			t.Errorf("VerbLemma(%q) = %v, want %q among them", c.form, VerbLemma(c.form), c.lemma)
		}
	}
	for w, want := range map[string]bool{"paid": true, "graded": true, "sold": true, "grade": false, "pays": false} {
		if got := PastForm(w); got != want {
			t.Errorf("PastForm(%q) = %v, want %v", w, got, want)
		}
	}
	for _, verb := range []string{"buy", "order", "purchase"} {
		i := slices.IndexFunc(l.Verbs, func(v Verb) bool { return v.Verb == verb })
		if i < 0 || l.Verbs[i].ByCustomer == nil || l.Verbs[i].ByCustomer.Archetype != "orders" {
			t.Errorf("%q: what a customer does with it should be an order (a sale)", verb)
		}
	}
}

// TestRunYield: a run's plausible yield by its noun, units and what it
// is of, "kg" read as kilos; the same unit falls back to 0.85-0.98 and
// units that differ with no entry have none.
func TestRunYield(t *testing.T) {
	l := Load()
	for _, c := range []struct {
		run, in, out string
		of           []string
		want         [2]float64
		ok           bool
	}{
		{"pressing", "kilo", "litre", []string{"olive", "oil"}, [2]float64{0.13, 0.2}, true},
		{"pressing", "kg", "litre", []string{"olive", "oil"}, [2]float64{0.13, 0.2}, true},
		{"roast", "kilo", "kilo", []string{"coffee"}, [2]float64{0.8, 0.87}, true},
		{"roast", "kilo", "kilo", []string{"pistachio"}, [2]float64{0.9, 0.97}, true},
		{"batch", "kilo", "kilo", []string{"cacao", "dry bean"}, [2]float64{0.33, 0.4}, true},
		{"batch", "litre", "litre", nil, [2]float64{0.85, 0.98}, true},
		{"batch", "gram", "piece", nil, [2]float64{}, false},
	} {
		got, ok := l.RunYield(c.run, c.in, c.out, c.of)
		if got != c.want || ok != c.ok {
			t.Errorf("RunYield(%s, %s, %s, %v) = %v, %v; want %v, %v", c.run, c.in, c.out, c.of, got, ok, c.want, c.ok)
		}
	}
	for _, key := range []string{"production_runs", "run_sides", "run_yields", "run_units"} {
		if l.Sources[key] == "" {
			t.Errorf("capabilities.json: %s has no source in _sources", key)
		}
	}
}
