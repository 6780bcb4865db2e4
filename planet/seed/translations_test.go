package seed

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/mercury/mcp-world/planet/catalog"

	"github.com/mercury/mcp-world/world"
)

// TestTranslationsCoverSources: every translation file translates every
// catalogue item, supply, unit and job title of the catalog and of
// supplies.json, each to a non-empty value; the missing ones are named.
func TestTranslationsCoverSources(t *testing.T) {
	src := TermSources()
	if len(src) < 1000 || !slices.IsSorted(src) {
		t.Fatalf("TermSources: %d strings, sorted %v; want the catalog's thousands, sorted", len(src), slices.IsSorted(src))
	}
	for _, want := range []string{"Inner tubes", "per hour", "Tax advisor", "Monthly bookkeeping (small business)"} {
		if _, ok := slices.BinarySearch(src, want); !ok {
			t.Errorf("TermSources lacks %q (an item, supply, unit or job title of the catalog)", want)
		}
	}
	langs := Translated()
	if len(langs) == 0 {
		t.Fatal("no translation file in data/translations")
	}
	for _, lang := range langs {
		terms := load().translations.terms[lang]
		var missing []string
		for _, s := range src {
			if _, ok := terms[s]; !ok {
				missing = append(missing, s)
			}
		}
		if len(missing) > 0 {
			t.Errorf("data/translations/%s.json lacks %d of %d source strings, e.g. %q", lang, len(missing), len(src), missing[:min(len(missing), 20)])
		}
	}
}

// TestTranslate: a translated language gives its term, a locale reads as
// its language, and English, a language without a file and a name that
// is no catalog term fall back to the text itself; English reads a
// translated term back.
func TestTranslate(t *testing.T) {
	de := load().translations.terms["de"]["Inner tubes"]
	if de == "" || de == "Inner tubes" {
		t.Fatalf("de.json: Inner tubes is %q", de)
	}
	for _, tc := range []struct{ lang, in, want string }{
		{"de", "Inner tubes", de},
		{"de-AT", "Inner tubes", de},
		{"en", "Inner tubes", "Inner tubes"},
		{"en-GB", "Inner tubes", "Inner tubes"},
		{"xx", "Inner tubes", "Inner tubes"},
		{"de", "Our own special", "Our own special"},
	} {
		if got := Translate(tc.lang, tc.in); got != tc.want {
			t.Errorf("Translate(%q, %q) = %q, want %q", tc.lang, tc.in, got, tc.want)
		}
	}
	if got := English("de-AT", de); got != "Inner tubes" {
		t.Errorf("English(de-AT, %q) = %q, want Inner tubes", de, got)
	}
	// A word two languages share is read in the world's language: Polish
	// "Instalator" is an installer, Romanian "Instalator" a plumber.
	for _, tc := range []struct{ lang, in, want string }{
		{"pl-PL", "Instalator", "Installer"},
		{"ro-RO", "Instalator", "Plumber"},
		{"en-GB", "Instalator", "Instalator"},
		{"de", "Instalator", "Instalator"},
		{"xx", "Schläuche", "Schläuche"},
	} {
		if got := English(tc.lang, tc.in); got != tc.want {
			t.Errorf("English(%q, %q) = %q, want %q", tc.lang, tc.in, got, tc.want)
		}
	}
	if HasTranslations("en") || !HasTranslations("de-CH") {
		t.Errorf("HasTranslations: en %v, de-CH %v; want false, true", HasTranslations("en"), HasTranslations("de-CH"))
	}
}

// TestParseTranslationsRejects: a file not named for its language, a
// language no lexicon speaks, an empty value and a key that is no source
// string are each rejected, naming the file and the key.
func TestParseTranslationsRejects(t *testing.T) {
	sources := []string{"Inner tubes", "per hour"}
	lexicons := map[string]*Lexicon{"en": {}, "de": {}}
	file := func(lang string, terms map[string]string) *fstest.MapFile {
		b, _ := json.Marshal(translationFile{Language: lang, About: "test", Terms: terms})
		return &fstest.MapFile{Data: b}
	}
	for _, tc := range []struct {
		name    string
		fsys    fstest.MapFS
		wantErr string
	}{
		{"ok", fstest.MapFS{"data/translations/de.json": file("de", map[string]string{"Inner tubes": "Schläuche"})}, ""},
		{"misnamed", fstest.MapFS{"data/translations/de.json": file("fr", nil)}, `de.json: language "fr", want "de"`},
		{"no lexicon", fstest.MapFS{"data/translations/xx.json": file("xx", nil)}, `xx.json: "xx" is not a language of data/lexicon`},
		{"english", fstest.MapFS{"data/translations/en.json": file("en", nil)}, `en.json: "en" is not a language`},
		{"empty", fstest.MapFS{"data/translations/de.json": file("de", map[string]string{"per hour": " "})}, "de.json: /terms/per hour: empty or padded"},
		{"extra", fstest.MapFS{"data/translations/de.json": file("de", map[string]string{"Tubes/tyres": "Schläuche"})}, "de.json: /terms/Tubes~1tyres: not a catalogue item"},
		{"unknown field", fstest.MapFS{"data/translations/de.json": {Data: []byte(`{"language":"de","about":"","terms":{},"extra":1}`)}}, "extra"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseTranslations(tc.fsys, sources, lexicons)
			switch {
			case tc.wantErr == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Fatalf("error %v, want one containing %q", err, tc.wantErr)
			}
		})
	}
}

// TestFindingsEnglishTerms: an English catalogue item or supply of the
// world's industry, alone or in a list, is a finding in a German bicycle
// shop and not in a British one; its German name, an enum value, a name
// that is no catalog term and another industry's item ("Dog") are not.
func TestFindingsEnglishTerms(t *testing.T) {
	de := Translate("de", "Inner tubes")
	table := world.Table{Name: "parts", Columns: []world.Column{
		{Name: "id", Type: "text", PrimaryKey: true}, {Name: "part", Type: "text"}, {Name: "supplies", Type: "text"},
		{Name: "kind", Type: "text", Enum: []any{"Inner tubes"}},
	}, Rows: []map[string]any{
		{"id": "P1", "part": "Inner tubes", "kind": "Inner tubes"},
		{"id": "P2", "part": de, "supplies": "Our own special, Inner tubes"},
		{"id": "P3", "part": de, "supplies": de + ", Our own special"},
		{"id": "P4", "part": "Dog"},
		{"id": "P5", "part": "Inner tubes, pack of 3"}, // one line: a kind and its variant
	}}
	got := func(country string) []string {
		b := &world.Bundle{Company: world.Company{Name: "Radladen Neumann OHG", Industry: "bicycle-shops", Country: country}, Clock: world.Clock{Start: "2026-03-02T09:00:00Z"}, Tables: []world.Table{table}}
		var out []string
		for _, f := range Findings(b) {
			if strings.Contains(f, "is English in a world") {
				out = append(out, f)
			}
		}
		return out
	}
	want := []string{
		`/tables/0/rows/0/part: "Inner tubes" is English in a world whose language writes it "` + de + `"`,
		`/tables/0/rows/1/supplies: "Inner tubes" is English in a world whose language writes it "` + de + `"`,
	}
	if g := got("DE"); !slices.Equal(g, want) {
		t.Errorf("DE findings:\n%s\nwant:\n%s", strings.Join(g, "\n"), strings.Join(want, "\n"))
	}
	if g := got("GB"); len(g) > 0 {
		t.Errorf("GB findings %q, want none (English is its language)", g)
	}
}

// TestTranslationsKeepNamesApart: within one industry, the catalogue
// items and supplies that are different goods in English stay different
// in every language: two items of one price list under one name would be
// one item with two prices. (Job titles may coincide: Russian has one
// "Переводчик" for a translator and an interpreter.)
func TestTranslationsKeepNamesApart(t *testing.T) {
	for _, ind := range catalog.Industries() {
		var goods []string
		for _, it := range ind.Vocabulary.Offering.Items {
			goods = append(goods, it.Name)
		}
		for _, s := range ind.Supplies {
			goods = append(goods, s.Name)
		}
		own, _ := SuppliesOf(ind.ID)
		for _, s := range own {
			goods = append(goods, s.Name)
		}
		for _, lang := range Translated() {
			seen := map[string]string{}
			for _, en := range goods {
				local := Translate(lang, en)
				if was, ok := seen[local]; ok && was != en {
					t.Errorf("%s.json: %s: %q and %q are both %q", lang, ind.ID, was, en, local)
				}
				seen[local] = en
			}
		}
	}
}

// TestRegionalTranslations: a locale reads its own regional file first
// (pt-PT, zh-TW, de-CH), then its base language's (pt-BR, zh-CN, de-AT
// without files of their own), and a regional file needs a lexicon of
// its own or of its base; a tag in another casing is no file name.
func TestRegionalTranslations(t *testing.T) {
	sources := []string{"Plumber"}
	lexicons := map[string]*Lexicon{"en": {}, "de": {}, "de-CH": {}, "pt": {}, "pt-BR": {}, "zh": {}, "zh-TW": {}}
	file := func(lang, v string) *fstest.MapFile {
		b, _ := json.Marshal(translationFile{Language: lang, About: "test", Terms: map[string]string{"Plumber": v}})
		return &fstest.MapFile{Data: b}
	}
	fsys := fstest.MapFS{
		"data/translations/de.json":    file("de", "Installateur"),
		"data/translations/de-CH.json": file("de-CH", "Sanitärinstallateur"),
		"data/translations/pt.json":    file("pt", "Encanador"),
		"data/translations/pt-PT.json": file("pt-PT", "Canalizador"),
		"data/translations/zh.json":    file("zh", "水管工"),
		"data/translations/zh-TW.json": file("zh-TW", "水電工"),
	}
	tr, err := parseTranslations(fsys, sources, lexicons)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ locale, want string }{
		{"zh-TW", "水電工"}, {"zh-CN", "水管工"}, {"zh", "水管工"}, {"zh_tw", "水電工"},
		{"pt-PT", "Canalizador"}, {"pt-BR", "Encanador"}, {"pt", "Encanador"},
		{"de-CH", "Sanitärinstallateur"}, {"de-AT", "Installateur"}, {"de-DE", "Installateur"},
		{"en-GB", ""}, {"fr-CH", ""},
	} {
		if got := tr.of(tc.locale)["Plumber"]; got != tc.want {
			t.Errorf("%s: Plumber is %q, want %q", tc.locale, got, tc.want)
		}
	}

	for _, tc := range []struct {
		name, file, lang, wantErr string
	}{
		{"region without lexicon", "pt-AO.json", "pt-AO", ""},
		{"no base lexicon", "fr-CH.json", "fr-CH", `"fr-CH" is not a language of data/lexicon`},
		{"english region", "en-GB.json", "en-GB", `"en-GB" is not a language`},
		{"lower-case region", "pt-pt.json", "pt-pt", `"pt-pt" is not a language ("pt") or a language and region`},
		{"misnamed", "pt-PT.json", "pt-BR", `language "pt-BR", want "pt-PT"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseTranslations(fstest.MapFS{"data/translations/" + tc.file: file(tc.lang, "x")}, sources, lexicons)
			switch {
			case tc.wantErr == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Fatalf("error %v, want one containing %q", err, tc.wantErr)
			}
		})
	}
}

// TestLexiconForLocale: a locale's own lexicon first (zh-TW, pt-BR,
// de-CH), then its base language's, then English.
func TestLexiconForLocale(t *testing.T) {
	for _, tc := range []struct{ locale, want string }{
		{"zh-TW", "zh-TW"}, {"ZH-tw", "zh-TW"}, {"zh-CN", "zh"}, {"zh", "zh"},
		{"pt-BR", "pt-BR"}, {"pt-PT", "pt"},
		{"de-CH", "de-CH"}, {"de_ch", "de-CH"}, {"de-AT", "de"}, {"de-DE", "de"},
		{"en-GB", "en"}, {"xx-YY", "en"}, {"", "en"},
	} {
		if got := LexiconFor(tc.locale).Language; got != tc.want {
			t.Errorf("LexiconFor(%q) is %s, want %s", tc.locale, got, tc.want)
		}
	}
}

// TestTermsInTranslation: a term column's English words that the
// language's translation file carries are drawn translated, so that a
// machine column names a dealer's machines as its price list does, and
// the checker takes the translation for the word.
func TestTermsInTranslation(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[string]bool{}
	for range 300 {
		seen[TermIn(r, "machine", "farm-machinery-dealers", "es")] = true
	}
	local := Translate("es", "Sprayer")
	if seen["Sprayer"] || !seen[local] {
		t.Errorf("machine words in Spanish %v: want %q, not Sprayer", seen, local)
	}
	if !isTerm("machine", "farm-machinery-dealers", "es", local) || isTerm("machine", "farm-machinery-dealers", "es", "Fahrradschläuche") {
		t.Errorf("isTerm: %q %v, Fahrradschläuche %v; want true, false", local, isTerm("machine", "farm-machinery-dealers", "es", local), isTerm("machine", "farm-machinery-dealers", "es", "Fahrradschläuche"))
	}
}

// TestTermsInRegionalTranslation: a term column in a regional locale
// draws the regional file's word (Taiwan's, not the mainland's or the
// English), and the checker takes it.
func TestTermsInRegionalTranslation(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	tw := map[string]bool{}
	for _, v := range termsFor("zh-TW") {
		tw[v] = true
	}
	local := 0
	for range 50 {
		w := TermIn(r, "machine", "farm-machinery-dealers", "zh-TW")
		if v, english := untranslated("zh-TW", w); english {
			t.Fatalf("zh-TW machine word %q is English; translations/zh-TW.json writes %q", w, v)
		}
		if tw[w] {
			local++
		}
		if !isTerm("machine", "farm-machinery-dealers", "zh-TW", w) {
			t.Fatalf("isTerm(zh-TW, %q) is false", w)
		}
	}
	if local == 0 {
		t.Error("no zh-TW machine word came from translations/zh-TW.json")
	}
}

// TestFindingsLocalWordThatIsEnglish: a word the language writes for one
// of the industry's terms is not English left over when it spells another
// term's English name (Norwegian "Dress" is a suit), while the English
// dress it also spells still is, in a language that writes it otherwise.
func TestFindingsLocalWordThatIsEnglish(t *testing.T) {
	if Translate("nb", "Suit") != "Dress" {
		t.Skip("nb.json no longer writes a suit as Dress")
	}
	table := world.Table{Name: "alterations", Columns: []world.Column{
		{Name: "id", Type: "text", PrimaryKey: true}, {Name: "item", Type: "text"},
	}, Rows: []map[string]any{{"id": "A1", "item": "Dress"}}}
	got := func(country string) int {
		b := &world.Bundle{Company: world.Company{Name: "Fjell Gruppen AS", Industry: "clothing-stores", Country: country}, Clock: world.Clock{Start: "2026-03-02T09:00:00Z"}, Tables: []world.Table{table}}
		n := 0
		for _, f := range Findings(b) {
			if strings.Contains(f, "is English in a world") {
				n++
			}
		}
		return n
	}
	if n := got("NO"); n != 0 {
		t.Errorf("NO: %d findings for Dress, a Norwegian suit; want 0", n)
	}
	if n := got("DE"); n != 1 {
		t.Errorf("DE: %d findings for Dress; want 1 (German writes Kleid)", n)
	}
}
