package catalog

import (
	"math/rand/v2"
	"testing"
)

// TestNamesInTheCountrysLanguage: in every country whose firms the
// catalog names in its own language, no industry's firm gets a name with
// English trade words (public bodies without a pattern in the language
// excepted: their names need an inflected city), and an association or a
// town hall never gets a commercial legal form.
func TestNamesInTheCountrysLanguage(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	for _, c := range Countries() {
		for _, ind := range Industries() {
			for range 6 {
				name := c.CompanyNameFor(r, ind, Firm{City: c.Cities[0].Name, Employees: 20})
				if ws := EnglishTradeWords(name); c.NamesInLanguage() && len(ws) > 0 && !(BodyOf(ind.ID) == PublicBody && !c.HasOwnPattern(ind)) {
					t.Errorf("%s %s: %q has English trade words %v", c.Code, ind.ID, name, ws)
				}
				if form, _ := c.FormOf(name); BodyOf(ind.ID) != "" && form != "" {
					t.Errorf("%s %s: %q, a %s body, has the legal form %q", c.Code, ind.ID, name, BodyOf(ind.ID), form)
				}
			}
		}
	}
}

// TestNamingData: every language with nonprofit names has generic ones
// too, and the English trade words are written nowhere in the local
// patterns of the industries, so the check cannot flag a local name.
func TestNamingData(t *testing.T) {
	n := namingData()
	for lang := range n.Nonprofit {
		if _, ok := n.Generic[lang]; !ok && lang != "en" && lang != "ms" {
			t.Errorf("naming.json: nonprofit names for %q but no generic ones", lang)
		}
	}
	for _, ind := range Industries() {
		for lang, pats := range ind.LocalNamePatterns {
			for _, p := range pats {
				if ws := EnglishTradeWords(p); len(ws) > 0 {
					t.Errorf("%s: local pattern %s %q has English trade words %v", ind.ID, lang, p, ws)
				}
			}
		}
	}
	if got := EnglishTradeWords("Cantera Water Delivery S.A. de C.V."); len(got) != 1 || got[0] != "Delivery" {
		t.Errorf("EnglishTradeWords: %v, want [Delivery]", got)
	}
}

// TestComposedBodyOfAParish: a parish office that keeps its
// parishioners is a body, no "Corporation"; a forge that makes ironwork
// for churches is still a firm.
func TestComposedBodyOfAParish(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"parish office A Catholic parish in Cebu City; we accept donations from parishioners.", NonprofitBody},
		{"mosque Friday prayers for a congregation of 400 worshippers.", NonprofitBody},
		{"blacksmith forge Gates, railings and restoration ironwork for churches and castles.", ""},
	} {
		if got := ComposedBody(tc.text); got != tc.want {
			t.Errorf("ComposedBody(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}
