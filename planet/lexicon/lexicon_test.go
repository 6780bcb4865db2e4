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
	} {
		if got := l.Singular(c.plural); got != c.one {
			t.Errorf("Singular(%q) = %q, want %q", c.plural, got, c.one)
		}
	}
	for _, c := range []struct{ one, plural string }{
		{"consent form", "consent forms"}, {"delivery", "deliveries"}, {"batch", "batches"}, {"person", "people"}, {"day", "days"},
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
