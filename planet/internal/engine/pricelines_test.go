package engine

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// placeholderLike is the realism validator's numbered placeholder name
// (seed's numbered): words, a space and a small number.
var placeholderLike = regexp.MustCompile(`^(\p{L}[\p{L} -]*?) ([0-9]{1,2})$`)

// TestPriceLineFilesSayEveryLine: every language's file loads, and a
// line of every kind in it is in the language: never the English line,
// never an English word of the template, the noun translated or the
// kind's generic word when the noun has no entry.
func TestPriceLineFilesSayEveryLine(t *testing.T) {
	files := loadLineFiles()
	if len(files) < 30 {
		t.Fatalf("%d price-line files, want one per language of the lexicon (30+)", len(files))
	}
	pl := loadPriceLists()
	for lang, f := range files {
		for _, k := range pl.Kinds {
			for _, l := range k.Lines {
				for _, noun := range []string{"kayak", "zzq widget"} {
					line := priceLine{kind: k.Kind, tmpl: l.Name, noun: noun}
					got, ok := line.local(lang)
					// "Kayak, 250 g" is French too; an unknown noun's line
					// never is.
					if !ok || noun != "kayak" && got == line.english() || strings.Contains(got, "{") {
						t.Errorf("%s: %q → %q", lang, line.english(), got)
					}
					if strings.Contains(strings.ToLower(got), "zzq") {
						t.Errorf("%s: %q keeps the English noun: %q", lang, line.english(), got)
					}
					// The realism validator takes "Sản phẩm lốc 3" for a
					// placeholder name and a counter.
					if placeholderLike.MatchString(got) {
						t.Errorf("%s: %q reads as a name and a counter", lang, got)
					}
					if noun == "zzq widget" && !strings.Contains(got, f.Generic[k.Kind]) {
						t.Errorf("%s: %q without a translated noun is %q, want the generic %q", lang, line.english(), got, f.Generic[k.Kind])
					}
				}
			}
		}
	}
	// Swiss Standard German is German with ss for ß, word for word.
	de, ch := files["de"], files["de-CH"]
	for _, part := range []struct{ de, ch map[string]string }{{de.Lines, ch.Lines}, {de.Nouns, ch.Nouns}, {de.Generic, ch.Generic}} {
		if len(part.de) != len(part.ch) {
			t.Errorf("de-CH has %d entries where de has %d", len(part.ch), len(part.de))
		}
		for k, v := range part.de {
			if want := strings.ReplaceAll(v, "ß", "ss"); part.ch[k] != want {
				t.Errorf("de-CH: %s = %q, want %q (de with ss for ß)", k, part.ch[k], want)
			}
		}
	}
}

// TestLocalPlanItem: a plan's English composed line is read back and
// written in the world's language, the way LocalPriceList writes it; a
// qualified line is said when the language has the phrase and left off
// when it has not; English keeps the plan's names; a plan's own item
// that is no composed line keeps its name.
func TestLocalPlanItem(t *testing.T) {
	cases := []struct {
		lang, noun, arch string
		quals            []string
	}{
		{"de-DE", "kayak", "bookings", nil},
		{"ja-JP", "cheese", "orders", nil},
		{"pl-PL", "stay", "bookings", nil},
		{"zh-TW", "parcel", "shipments", nil},
		{"de-AT", "vegetable box", "orders", []string{"organic", "large"}},
		{"fr-FR", "piano", "work_orders", nil},
	}
	for _, c := range cases {
		w := PlanWork{Archetype: c.arch, Offering: PlanNoun{One: c.noun}}
		if c.quals != nil {
			w.Attributes = []PlanAttribute{{Name: "category", Type: "text", Values: append(c.quals, "standard")}}
		}
		plan := PriceList(c.noun, c.quals, c.arch)
		local := LocalPriceList(c.lang, "EUR", c.noun, c.quals, c.arch)
		var got []Item
		for _, it := range plan {
			if l, ok := LocalPlanItem(c.lang, "EUR", w, it); ok {
				got = append(got, l)
			}
		}
		if len(got) != len(local) {
			t.Fatalf("%s %s: %d items from the plan, %d from LocalPriceList", c.lang, c.noun, len(got), len(local))
		}
		for i := range got {
			if got[i] != local[i] {
				t.Errorf("%s %s: item %d: %+v from the plan, %+v from LocalPriceList", c.lang, c.noun, i, got[i], local[i])
			}
			if got[i].Source == "" || got[i].Name == got[i].Source {
				t.Errorf("%s %s: %q is not localised", c.lang, c.noun, got[i].Name)
			}
		}
		if c.quals != nil && len(got) != len(plan)-1 {
			t.Errorf("%s: %d of %d lines; want the organic box said and the large one left off", c.lang, len(got), len(plan))
		}
	}
	if it, _ := LocalPlanItem("de-DE", "EUR", PlanWork{Archetype: "bookings"}, PlanItem{Name: "Kayak, 1 hour", Price: [2]float64{10, 30}}); it.Name != "Kajak, 1 Stunde" || it.Source != "Kayak, 1 hour" {
		t.Errorf("de-DE: %+v, want Kajak, 1 Stunde", it)
	}
	if it, ok := LocalPlanItem("en-GB", "GBP", PlanWork{Archetype: "bookings"}, PlanItem{Name: "Kayak, 1 hour", Price: [2]float64{10, 30}}); !ok || it.Name != "Kayak, 1 hour" {
		t.Errorf("en-GB: %+v, want the plan's name", it)
	}
	if it, ok := LocalPlanItem("de-DE", "EUR", PlanWork{Archetype: "orders"}, PlanItem{Name: "Wedding cake tasting", Price: [2]float64{10, 30}}); !ok || it.Name != "Wedding cake tasting" {
		t.Errorf("a plan's own item: %+v, want its name kept", it)
	}
}

// TestParseLineFilesRejects: a file that misses a template, keeps a
// stale one, loses {Noun}, lacks a kind's generic word or names another
// language is rejected, naming the file and where.
func TestParseLineFilesRejects(t *testing.T) {
	pl := loadPriceLists()
	good := func() *lineFile {
		f := &lineFile{Language: "xx", Lines: map[string]string{}, Generic: map[string]string{}, Nouns: map[string]string{"kayak": "Kajak"}}
		for _, k := range pl.Kinds {
			f.Generic[k.Kind] = "Ding"
			for _, l := range k.Lines {
				f.Lines[l.Name] = l.Name
			}
		}
		return f
	}
	cases := []struct {
		name  string
		spoil func(f *lineFile)
		want  string
	}{
		{"missing line", func(f *lineFile) { delete(f.Lines, "{Noun}, pack of 6") }, `no line for "{Noun}, pack of 6"`},
		{"stale line", func(f *lineFile) { f.Lines["{Noun}, pack of 7"] = "{Noun}, 7" }, "no such line template"},
		{"no noun", func(f *lineFile) { f.Lines["{Noun}, 250 g"] = "250 g" }, "must keep {Noun} exactly once"},
		{"no generic", func(f *lineFile) { delete(f.Generic, "weight") }, `no word for kind "weight"`},
		{"stale kind", func(f *lineFile) { f.Generic["barrels"] = "Fass" }, "no such kind"},
		{"upper-case noun", func(f *lineFile) { f.Nouns["Kayak"] = "Kajak" }, "not in lower case"},
		{"wrong language", func(f *lineFile) { f.Language = "yy" }, "does not name the file"},
	}
	for _, c := range cases {
		f := good()
		c.spoil(f)
		data, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		_, err = parseLineFiles(fstest.MapFS{"data/pricelines/xx.json": {Data: data}}, pl)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "xx.json") {
			t.Errorf("%s: %v, want an error naming xx.json and %q", c.name, err, c.want)
		}
	}
	if _, err := parseLineFiles(fstest.MapFS{"data/pricelines/xx.json": {Data: must(json.Marshal(good()))}}, pl); err != nil {
		t.Errorf("a good file: %v", err)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// TestComposedLinesAtTheCurrencysLevel: a composed line costs what such
// work costs where the world is — a tuner's hour in Bogotá at 0.4 of the
// euro area's, in Zürich at 1.5 — and a catalog term keeps its price;
// every level of the data is a plausible ratio.
func TestComposedLinesAtTheCurrencysLevel(t *testing.T) {
	w := PlanWork{Archetype: "work_orders", Offering: PlanNoun{One: "piano"}}
	it := PriceList("piano", nil, "work_orders")[0]
	for cur, want := range map[string]float64{"EUR": 1, "COP": 0.4, "CHF": 1.5, "JPY": 0.8, "KWD": 0.75, "XXX": 1} {
		got, _ := LocalPlanItem("es-CO", cur, w, it)
		if got.Min != round2(it.Price[0]*want) || got.Max != round2(it.Price[1]*want) {
			t.Errorf("%s: %v–%v, want %v × %v", cur, got.Min, got.Max, want, it.Price)
		}
		if l := LocalPriceList("es-CO", cur, "piano", nil, "work_orders")[0]; l != got {
			t.Errorf("%s: LocalPriceList %+v, plan %+v", cur, l, got)
		}
	}
	for cur, f := range loadPriceLists().PriceLevel {
		if f < 0.2 || f > 2 {
			t.Errorf("price_level/%s = %v: no country's prices are that far from the euro area's", cur, f)
		}
	}
}

// TestLengthQualifierIsALine: "half-day classes" put a half-day line on
// the list ("Class, half day", four hours), priced as several of its
// units and said in the world's language, not a "Half-day class" the
// language may not say; a qualifier of no length stays a qualified line.
func TestLengthQualifierIsALine(t *testing.T) {
	items := PriceList("class", []string{"half-day", "vegetarian"}, "bookings")
	var names []string
	var hour, half float64
	for _, it := range items {
		names = append(names, it.Name)
		switch it.Name {
		case "Class, 60 min":
			hour = it.Price[0]
		case "Class, half day":
			half = it.Price[0]
		}
	}
	if half == 0 || slices.Contains(names, "Half-day class") {
		t.Fatalf("lines %q: want Class, half day and no Half-day class", names)
	}
	if !slices.Contains(names, "Vegetarian class") {
		t.Errorf("lines %q: want the qualified Vegetarian class kept", names)
	}
	if half < 2*hour {
		t.Errorf("a half day costs %v against an hour's %v", half, hour)
	}
	if l, ok := ItemLength("Class, half day"); !ok || l.Hours != 4 {
		t.Errorf("Class, half day lasts %+v, want 4 hours", l)
	}
	if it, ok := LocalPlanItem("th-TH", "THB", PlanWork{Archetype: "bookings", Offering: PlanNoun{One: "class"}}, PlanItem{Name: "Class, half day", Price: [2]float64{10, 30}}); !ok || it.Name == "Class, half day" || it.Source != "Class, half day" {
		t.Errorf("th-TH: %+v, want the half-day line in Thai", it)
	}
}
