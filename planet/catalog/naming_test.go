package catalog

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestLegalFormKindsData: every sorted form is one of its country's forms
// under a known kind, and every regional stem is a stem of the country
// whose homes are catalog cities, so a typo cannot silently unsort one.
func TestLegalFormKindsData(t *testing.T) {
	for _, c := range Countries() {
		for kind, forms := range c.LegalFormKinds {
			if !slices.Contains([]string{"small", "large", "professional", "sole"}, kind) {
				t.Errorf("%s: legal_form_kinds: unknown kind %q", c.Code, kind)
			}
			all := slices.Clone(c.CompanySuffixes)
			for _, rl := range c.RegionalLocales {
				all = append(all, rl.CompanySuffixes...)
			}
			for _, f := range forms {
				if !slices.Contains(all, f) {
					t.Errorf("%s: legal_form_kinds/%s: %q is not in company_suffixes", c.Code, kind, f)
				}
			}
		}
		for stem, homes := range c.RegionalStems {
			if !slices.Contains(c.CompanyStems, stem) {
				t.Errorf("%s: regional_stems: %q is not in company_stems", c.Code, stem)
			}
			for _, h := range homes {
				if !slices.ContainsFunc(c.Cities, func(ci City) bool { return ci.Name == h }) {
					t.Errorf("%s: regional_stems/%s: %q is not a catalog city", c.Code, stem, h)
				}
			}
		}
		if len(c.stemsFor("no such city")) == 0 {
			t.Errorf("%s: every company stem is regional; a firm elsewhere has none", c.Code)
		}
		for _, in := range append([]Country{c}, regionsOf(c)...) {
			if len(in.FormsFor(SoleFirm+1)) == 0 || len(in.FormsFor(5000)) == 0 {
				t.Errorf("%s (%s): no legal form for a firm of %d or of 5000", c.Code, in.Locale, SoleFirm+1)
			}
			for _, f := range in.FormsFor(1) {
				if !slices.Contains(in.LegalFormKinds["sole"], f) {
					t.Errorf("%s (%s): a one-person firm takes %q, no sole trader's form", c.Code, in.Locale, f)
				}
			}
		}
	}
}

// TestFormsFor: a small firm is never a public limited company nor a
// large one a sole trader, and professional forms are never drawn.
func TestFormsFor(t *testing.T) {
	for _, tc := range []struct {
		country   string
		employees int
		has, not  []string
	}{
		{"NL", 12, []string{"B.V.", "V.O.F."}, []string{"N.V."}},
		{"NL", 120, []string{"B.V."}, []string{"N.V.", "V.O.F."}},
		{"NL", 800, []string{"B.V.", "N.V."}, []string{"V.O.F."}},
		{"GB", 5, []string{"Ltd"}, []string{"PLC", "LLP"}},
		{"DE", 8, []string{"GmbH", "e.K."}, []string{"AG"}},
		{"IT", 30, []string{"S.r.l."}, []string{"S.p.A."}},
		{"JP", 10, []string{"株式会社{name}", "合同会社{name}"}, nil},
		{"NL", 0, []string{"B.V.", "N.V.", "V.O.F."}, nil}, // unknown size: any
		// A one- or two-person business is a sole trader: its form, or
		// none (a British or Japanese sole trader registers no company).
		{"DE", 2, []string{"e.K."}, []string{"GmbH", "OHG"}},
		{"FI", 1, []string{"Tmi"}, []string{"Oy", "Ky"}},
		{"GB", 1, nil, []string{"Ltd", "Limited"}},
		{"JP", 2, nil, []string{"株式会社{name}", "合同会社{name}", "有限会社{name}"}},
	} {
		forms := mustCountry(t, tc.country).FormsFor(tc.employees)
		for _, f := range tc.has {
			if !slices.Contains(forms, f) {
				t.Errorf("%s, %d employees: forms %q lack %q", tc.country, tc.employees, forms, f)
			}
		}
		for _, f := range tc.not {
			if slices.Contains(forms, f) {
				t.Errorf("%s, %d employees: forms %q include %q", tc.country, tc.employees, forms, f)
			}
		}
	}
}

// TestFormOf: the longest form of the country is the one a name has, so
// an Australian "Pty Ltd" is a private company, not a public "Ltd".
func TestFormOf(t *testing.T) {
	for _, tc := range []struct{ country, name, form, kind string }{
		{"NL", "Veluwe Fietsen N.V.", "N.V.", "large"},
		{"NL", "Fietsfix B.V.", "B.V.", ""},
		{"AU", "Harbour Plumbing Pty Ltd", "Pty Ltd", ""},
		{"AU", "Harbour Plumbing Ltd", "Ltd", "large"},
		{"CN", "华信股份有限公司", "{name}股份有限公司", "large"},
		{"CN", "华信有限公司", "{name}有限公司", ""},
		{"TH", "บริษัท สยาม จำกัด (มหาชน)", "บริษัท {name} จำกัด (มหาชน)", "large"},
		{"GB", "Hale & Webb LLP", "LLP", "professional"},
		{"DE", "Müller Bau", "", ""},
	} {
		form, kind := mustCountry(t, tc.country).FormOf(tc.name)
		if form != tc.form || kind != tc.kind {
			t.Errorf("%s FormOf(%q) = %q, %q; want %q, %q", tc.country, tc.name, form, kind, tc.form, tc.kind)
		}
	}
}

// TestCompanyNameForFits: names drawn for small firms of every country
// and industry never carry a large-company form, and a firm named after
// a region is one headquartered there.
func TestCompanyNameForFits(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	for _, c := range Countries() {
		for _, ind := range Industries() {
			for _, city := range c.Cities[:3] {
				n := c.CompanyNameFor(r, ind, Firm{City: city.Name, Employees: 1 + r.IntN(SmallFirm-1)})
				if form, big := c.OversizedForm(n, 12); big {
					t.Errorf("%s %s: small firm %q has the large form %q", c.Code, ind.ID, n, form)
				}
				for stem, homes := range c.RegionalStems {
					// whole words: "Moldovan" is a family name; a word of the
					// trade's own patterns is no stem ("{stem} Yacht Harbour").
					if formIndex(n, stem) >= 0 && !slices.Contains(homes, city.Name) && !slices.ContainsFunc(c.namePatterns(ind), func(p string) bool { return formIndex(p, stem) >= 0 }) {
						t.Errorf("%s %s: firm in %s named %q after %s", c.Code, ind.ID, city.Name, n, stem)
					}
				}
			}
		}
	}
}

// TestComposedIndustryNames: a composed industry is named locally in
// every country that names firms in its own language (the kind's trade
// word where the data has one, never the brief's English words), in the
// brief's words in English countries, and a nonprofit one carries no
// company's legal form anywhere (an association's may: NPO法人).
func TestComposedIndustryNames(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 2))
	dairy := ComposedIndustry("goat dairy", "a goat dairy making cheese")
	bank := ComposedIndustry("food distribution", "a volunteer-run food bank")
	if bank.Body() != NonprofitBody || dairy.Body() != "" {
		t.Fatalf("bodies: food bank %q, dairy %q", bank.Body(), dairy.Body())
	}
	for _, c := range Countries() {
		lang, _, _ := strings.Cut(c.Locale, "-")
		for range 5 {
			name := c.CompanyNameFor(r, dairy, Firm{Employees: 12})
			switch {
			case c.NamesInLanguage():
				if strings.Contains(name, "Dairy") || strings.Contains(name, "Goat") {
					t.Errorf("%s: %q is named in English", c.Code, name)
				}
				trade := namingData().ComposedKinds["dairy"].Trade
				if w, ok := trade[c.Locale]; !ok {
					if w, ok = trade[lang]; ok && !strings.Contains(name, w) {
						t.Errorf("%s: %q lacks the trade word %q", c.Code, name, w)
					}
				} else if !strings.Contains(name, w) {
					t.Errorf("%s: %q lacks the trade word %q", c.Code, name, w)
				}
			case english(c.Locale):
				if !strings.Contains(name, "Goat Dairy") {
					t.Errorf("%s: %q is not named after the brief", c.Code, name)
				}
			}
			if n := c.CompanyNameFor(r, bank, Firm{Employees: 12}); n != "" {
				if form, _ := c.FormOf(n); form != "" {
					t.Errorf("%s: the food bank %q has a company's legal form %q", c.Code, n, form)
				}
			}
		}
	}
	if ComposedEnglishWords("Schreinerei") != nil || len(ComposedEnglishWords("dog grooming salon")) == 0 {
		t.Errorf("English words: Schreinerei %v, dog grooming salon %v", ComposedEnglishWords("Schreinerei"), ComposedEnglishWords("dog grooming salon"))
	}
}

// A composed firm is named in its country's language from the kind its
// words name ("İstanbul Diyaliz Merkezi", "Dialysezentrum Müller"), never
// "Dialysis Centre" with a local legal form.
func TestComposedNamesTranslated(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 1))
	ind := ComposedIndustry("dialysis centre", "a dialysis centre treating kidney patients")
	for code, trade := range map[string]string{"TR": "Diyaliz Merkezi", "DE": "Dialysezentrum", "PL": "Stacja Dializ", "JP": "透析クリニック", "FR": "Centre de dialyse"} {
		c, _ := CountryByCode(code)
		for range 6 {
			name := c.CompanyNameFor(r, ind, Firm{Employees: 40})
			if !strings.Contains(name, trade) || strings.Contains(name, "Dialysis") || strings.Contains(name, "Centre ") && code != "FR" {
				t.Errorf("%s: %q, want it named with %q", code, name, trade)
			}
		}
	}
}

// TestComposedKindsData: every kind's trade words are in languages the
// naming data knows, and a longer phrase wins ("olive oil mill").
func TestComposedKindsData(t *testing.T) {
	n := namingData()
	for kind, k := range n.ComposedKinds {
		for lang := range k.Trade {
			if len(byLocale(n.Generic, lang)) == 0 {
				t.Errorf("composed_kinds: %s: language %q has no generic names", kind, lang)
			}
		}
	}
	for text, want := range map[string]string{"olive oil mill": "oil-mill", "flour mill": "mill", "goat dairy": "dairy", "tea plantation": "farm", "surf school": "school", "tattoo studio": "", "dialysis centre": "dialysis", "dialysis clinic": "dialysis", "medical centre": "clinic"} {
		if got, _ := composedKindOf(text); got != want {
			t.Errorf("kind of %q: %q, want %q", text, got, want)
		}
	}
}

// regionsOf is the country in each of its language regions.
func regionsOf(c Country) []Country {
	var out []Country
	for _, rl := range c.RegionalLocales {
		out = append(out, c.WithLocale(rl.Locale))
	}
	return out
}

// TestInCity: a business in a language region's city takes the region's
// language and legal forms; one elsewhere, the country's.
func TestInCity(t *testing.T) {
	for _, tc := range []struct {
		country, city, locale string
		forms                 []string
	}{
		{"CH", "Genève", "fr-CH", []string{"SA", "Sàrl"}},
		{"CH", "Lugano", "it-CH", []string{"SA", "Sagl"}},
		{"CH", "Zürich", "de-CH", []string{"AG", "GmbH"}},
		{"BE", "Liège", "fr-BE", []string{"SRL", "SA", "SComm"}},
		{"BE", "Gent", "nl-BE", []string{"BV", "NV", "CommV"}},
		{"CA", "Montréal", "fr-CA", []string{"Inc.", "Ltée"}},
		{"CA", "Toronto", "en-CA", []string{"Inc.", "Ltd.", "Corp."}},
		{"DE", "München", "de-DE", nil},
	} {
		c, _ := CountryByCode(tc.country)
		in := c.InCity(tc.city)
		if in.Locale != tc.locale || tc.forms != nil && !slices.Equal(in.CompanySuffixes, tc.forms) {
			t.Errorf("%s InCity(%s) = %s %v, want %s %v", tc.country, tc.city, in.Locale, in.CompanySuffixes, tc.locale, tc.forms)
		}
		if back := c.WithLocale(in.Locale); back.Locale != in.Locale || !slices.Equal(back.CompanySuffixes, in.CompanySuffixes) {
			t.Errorf("%s WithLocale(%s) = %s, not what InCity(%s) gave", tc.country, in.Locale, back.Locale, tc.city)
		}
		r := rand.New(rand.NewPCG(1, 2))
		if ind, ok := IndustryByID("bakeries"); ok && tc.forms != nil {
			name := in.CompanyNameFor(r, ind, Firm{City: tc.city, Employees: 20})
			if !slices.ContainsFunc(tc.forms, func(f string) bool { return strings.HasSuffix(name, " "+f) }) {
				t.Errorf("%s %s: company %q has none of the region's forms %v", tc.country, tc.city, name, tc.forms)
			}
		}
	}
}

// TestSurnameAloneParticles: a Dutch or Afrikaans surname with no given
// name before it capitalises its first particle, in a firm's name as
// anywhere ("Gebroeders Van der Meer", not "Gebroeders van der Meer");
// a Belgian one keeps its registered form and a Spanish one is as it is.
func TestSurnameAloneParticles(t *testing.T) {
	for _, tc := range []struct{ country, family, want string }{
		{"NL", "van der Meer", "Van der Meer"},
		{"NL", "de Vries", "De Vries"},
		{"ZA", "van der Merwe", "Van der Merwe"},
		{"BE", "Van de Velde", "Van de Velde"},
		{"ES", "de la Cruz", "de la Cruz"},
	} {
		c, _ := CountryByCode(tc.country)
		if got := c.SurnameAlone(tc.family); got != tc.want {
			t.Errorf("%s SurnameAlone(%q) = %q, want %q", tc.country, tc.family, got, tc.want)
		}
	}
	for _, code := range []string{"NL", "ZA"} {
		c, _ := CountryByCode(code)
		r := rand.New(rand.NewPCG(1, 2))
		for _, ind := range Industries() {
			for range 5 {
				name := c.CompanyNameFor(r, ind, Firm{Employees: 10})
				for _, f := range c.FamilyNames {
					if f != c.SurnameAlone(f) && strings.Contains(name, f) && !strings.Contains(name, c.SurnameAlone(f)) {
						t.Errorf("%s %s: %q writes %q lower-case with no given name before it", code, ind.ID, name, f)
					}
				}
			}
		}
	}
}
