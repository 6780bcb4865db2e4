package lexicon

import "testing"

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
	} {
		found := false
		for _, l := range VerbLemma(c.form) {
			found = found || l == c.lemma
		}
		if !found {
			t.Errorf("VerbLemma(%q) = %v, want %q among them", c.form, VerbLemma(c.form), c.lemma)
		}
	}
}
