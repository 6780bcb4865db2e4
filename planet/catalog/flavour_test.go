package catalog

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// A world's flavours are its pack's, or, without a pack, those whose
// words begin a word of the industry's name: "transport" is not "sport",
// "carpet" is not "pet".
func TestFlavoursOf(t *testing.T) {
	for _, tc := range []struct {
		pack, industry string
		want           []string
	}{
		{"dental-clinics", "Dental clinics", []string{"dental"}},
		{"public-transport", "Public transport", []string{"heavy_fleet"}},
		{"coworking", "Coworking spaces", []string{"commercial_property"}},
		{"couriers", "Couriers", []string{"freight", "heavy_fleet"}},
		{"accounting-firms", "Accounting firms", []string{"tax_advice"}},
		{"law-firms", "Law firms", []string{"legal"}},
		{"marinas", "Marinas", []string{"bays"}},
		{"bakeries", "Bakeries", nil},
		{"composed", "orthodontist practice", []string{"dental"}},
		{"composed", "sports physio", []string{"physiotherapy"}},
		{"composed", "transport co-op", []string{"heavy_fleet"}},
		{"composed", "carpet cleaning", nil},
		{"composed", "Hair & Nail Studio", []string{"beauty", "studio_hire"}},
		{"composed", "", nil},
	} {
		var got []string
		for _, f := range FlavoursOf(tc.pack, tc.industry) {
			got = append(got, f.ID)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("FlavoursOf(%q, %q) = %v, want %v", tc.pack, tc.industry, got, tc.want)
		}
	}
}

// Every flavour adds something, and every pack's flavours exist and each
// gives a field no earlier flavour of the pack gives (a later one would
// never be used).
func TestPackFlavoursAreUsed(t *testing.T) {
	if n := len(Flavours()); n < 10 {
		t.Errorf("%d flavours, want at least 10", n)
	}
	for _, in := range Industries() {
		given := map[string]bool{}
		for _, f := range FlavoursOf(in.ID, "") {
			var fields []string
			for name, n := range map[string]int{"prescriptions": len(f.Prescriptions), "stock_items": len(f.StockItems), "vehicles": len(f.Vehicles),
				"property_kinds": len(f.PropertyKinds), "event_titles": len(f.EventTitles), "matter_topics": len(f.MatterTopics),
				"claim_kinds": len(f.ClaimKinds), "resource_kinds": len(f.ResourceKinds)} {
				if n > 0 && !given[name] {
					fields = append(fields, name)
				}
				given[name] = given[name] || n > 0
			}
			if len(fields) == 0 {
				t.Errorf("%s: flavour %s gives nothing an earlier flavour of the pack does not", in.ID, f.ID)
			}
		}
	}
}

// A bad flavours file, or a pack naming a flavour that does not exist, is
// refused when the catalog loads, with the file and the entry named.
func TestFlavoursRejected(t *testing.T) {
	real := func(name string) []byte {
		b, err := fs.ReadFile(dataFS, name)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	files := func(edit map[string]string) fstest.MapFS {
		m := fstest.MapFS{}
		for _, n := range []string{"data/countries.json", "data/industries.json", "data/flavours.json", "data/regions.json", "data/districts.json"} {
			m[n] = &fstest.MapFile{Data: real(n)}
		}
		for n, v := range edit {
			m[n] = &fstest.MapFile{Data: []byte(v)}
		}
		return m
	}
	if _, err := parse(files(nil)); err != nil {
		t.Fatalf("the embedded data: %v", err)
	}
	industries := string(real("data/industries.json"))
	for _, tc := range []struct {
		name string
		edit map[string]string
		want string
	}{
		{"unknown pack flavour", map[string]string{"data/industries.json": strings.Replace(industries, `"flavours": ["dental"]`, `"flavours": ["dentistry"]`, 1)},
			`dental-clinics: flavours: no flavour "dentistry"`},
		{"id", map[string]string{"data/flavours.json": `[{"id": "Dental", "words": ["x"], "stock_items": ["a"]}]`}, `id "Dental" is not snake_case`},
		{"duplicate", map[string]string{"data/flavours.json": `[{"id": "a", "words": ["x"], "stock_items": ["a"]}, {"id": "a", "words": ["y"], "stock_items": ["b"]}]`}, `duplicate id "a"`},
		{"no words", map[string]string{"data/flavours.json": `[{"id": "a", "words": [], "stock_items": ["a"]}]`}, "a: needs words"},
		{"empty", map[string]string{"data/flavours.json": `[{"id": "a", "words": ["x"]}]`}, "a: adds nothing"},
		{"medication", map[string]string{"data/flavours.json": `[{"id": "a", "words": ["x"], "prescriptions": [{"name": "Ibuprofen", "dose": "", "quantity": 1}]}]`}, "a: prescriptions[0]"},
		{"vehicle kind", map[string]string{"data/flavours.json": `[{"id": "a", "words": ["x"], "vehicles": [{"model": "Volvo FH", "kind": "lorry"}]}]`}, "a: vehicles[0]"},
		{"unknown field", map[string]string{"data/flavours.json": `[{"id": "a", "words": ["x"], "stock_items": ["a"], "colour": "red"}]`}, "flavours.json"},
	} {
		_, err := parse(files(tc.edit))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: parse() = %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
}

// TestVariantFollowsTheBrief: a restaurant's cuisine is the one its brief
// names wherever it is (an izakaya in Düsseldorf), else its country's,
// else none; its catalogue replaces the pack's, and a pack-less industry
// never takes a variant.
func TestVariantFollowsTheBrief(t *testing.T) {
	for _, tc := range []struct{ text, country, want string }{
		{"izakaya A small izakaya in Osaka serving yakitori", "JP", "izakaya"},
		{"restaurant Japanese izakaya in Düsseldorf", "DE", "izakaya"},
		{"restaurant Family restaurant in Osaka", "JP", "izakaya"},
		{"taquería Tacos al pastor in Coyoacán", "MX", "taqueria"},
		{"tapas bar Tapas in La Latina", "ES", "tapas"},
		{"meyhane Meze and rakı in Beyoğlu", "TR", "meyhane"},
		{"restaurant Tacos and margaritas in Istanbul", "TR", "taqueria"},
		{"restaurant Seasonal cooking in Köln", "DE", ""},
	} {
		v, _, ok := Variant("restaurants", tc.text, tc.country)
		if got := v.ID; !ok && got != "" || got != tc.want {
			t.Errorf("Variant(restaurants, %q, %s) = %q, want %q", tc.text, tc.country, got, tc.want)
		}
		fs := FlavoursFor("restaurants", "restaurants", tc.text, tc.country)
		if tc.want != "" && (len(fs) == 0 || fs[0].ID != tc.want) {
			t.Errorf("FlavoursFor(%q): %d flavours, the variant %s not first", tc.text, len(fs), tc.want)
		}
		for _, f := range fs[min(1, len(fs)):] {
			if f.ChosenBy != nil {
				t.Errorf("FlavoursFor(%q) also carries the variant %s", tc.text, f.ID)
			}
		}
	}
	if _, _, ok := Variant("no-such-pack", "izakaya", "JP"); ok {
		t.Error("a pack-less industry took a variant")
	}
	for _, f := range FlavoursOf("", "izakaya restaurant") {
		if f.ChosenBy != nil {
			t.Errorf("a pack-less industry's flavours carry the variant %s", f.ID)
		}
	}
	// Every variant's countries are countries of the catalog.
	for _, f := range Flavours() {
		if f.ChosenBy == nil {
			continue
		}
		for _, c := range f.ChosenBy.Countries {
			if _, ok := CountryByCode(c); !ok {
				t.Errorf("flavours.json: %s: chosen_by country %q is not in countries.json", f.ID, c)
			}
		}
	}
}
