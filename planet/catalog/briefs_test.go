package catalog

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/currency"
)

// suiteBrief is one line of planet/testdata/briefs/briefs.jsonl (see the
// README there).
type suiteBrief struct {
	ID           string `json:"id"`
	Industry     string `json:"industry"`
	Country      string `json:"country"`
	Description  string `json:"description"`
	City         string `json:"city,omitempty"`
	Capabilities []struct {
		Phrase    string   `json:"phrase"`
		Archetype string   `json:"archetype"`
		Terms     []string `json:"terms"`
	} `json:"capabilities"`
	Scale []struct {
		Noun  string `json:"noun"`
		Count int    `json:"count"`
	} `json:"scale,omitempty"`
	Currencies []string `json:"currencies,omitempty"`
}

// packMatch is the score from which an industry's text counts as having a
// pack of its own: a known alias or local name found in it.
const packMatch = 0.75

var termRe = regexp.MustCompile(`^[a-z0-9]+([ -][a-z0-9]+)*$`)

// TestBriefSuite checks the labelled brief suite the engine's coverage
// test reads: its format, that every country and city resolves in the
// catalog, and its spread (issue 7: at least 150 briefs, 100 industries,
// 50 countries and 60 industries without a pack).
func TestBriefSuite(t *testing.T) {
	briefs, industries, noPack, countries := checkSuiteFile(t, "../testdata/briefs/briefs.jsonl")
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"briefs", briefs, 150},
		{"industries", industries, 100},
		{"industries without a pack", noPack, 60},
		{"countries", countries, 50},
	} {
		if c.got < c.want {
			t.Errorf("%d %s, want at least %d", c.got, c.what, c.want)
		}
	}
}

// TestHeldOutBriefs checks the held-out sets (heldout.jsonl,
// heldout2.jsonl, heldout3.jsonl, heldout6.jsonl, heldout7.jsonl): the same format, at least 40 briefs each, and no
// industry of the main suite or of an earlier held-out set, so that each
// measures the reader on businesses it was not tuned on. The second set
// must also have its own spread: 25 countries, 25 industries, half of
// them without a pack.
func TestHeldOutBriefs(t *testing.T) {
	seen := map[string]string{}
	for _, b := range readSuiteFile(t, "../testdata/briefs/briefs.jsonl") {
		seen[normalize(b.Industry)] = "the main suite"
	}
	for _, set := range []struct {
		file                        string
		industries, noPack, country int
	}{
		{"heldout.jsonl", 0, 0, 0},
		{"heldout2.jsonl", 25, 20, 25},
		{"heldout3.jsonl", 30, 25, 30},
		// heldout4 and heldout5 are not checked here: written without this
		// test, they repeat a few earlier industries (the README lists
		// them), and their figures are kept as measured.
		{"heldout6.jsonl", 50, 40, 50},
		{"heldout7.jsonl", 35, 30, 30},
	} {
		path := "../testdata/briefs/" + set.file
		briefs, industries, noPack, countries := checkSuiteFile(t, path)
		if briefs < 40 {
			t.Errorf("%s: %d held-out briefs, want at least 40", set.file, briefs)
		}
		if industries < set.industries || noPack < set.noPack || countries < set.country {
			t.Errorf("%s: %d industries (%d without a pack), %d countries; want at least %d (%d), %d",
				set.file, industries, noPack, countries, set.industries, set.noPack, set.country)
		}
		mine := map[string]bool{}
		for _, b := range readSuiteFile(t, path) {
			k := normalize(b.Industry)
			if where, ok := seen[k]; ok {
				t.Errorf("%s %s: industry %q is in %s", set.file, b.ID, b.Industry, where)
			}
			mine[k] = true
		}
		for k := range mine {
			seen[k] = set.file
		}
	}
}

func readSuiteFile(t *testing.T, path string) []suiteBrief {
	t.Helper()
	f, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []suiteBrief
	for _, line := range bytes.Split(f, []byte("\n")) {
		var b suiteBrief
		if len(bytes.TrimSpace(line)) > 0 && json.Unmarshal(line, &b) == nil {
			out = append(out, b)
		}
	}
	return out
}

// checkSuiteFile checks every line of a brief file and returns its
// spread: briefs, industries, industries without a pack, countries.
func checkSuiteFile(t *testing.T, path string) (int, int, int, int) {
	t.Helper()
	f, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	industries, noPack, countries := map[string]bool{}, map[string]bool{}, map[string]bool{}
	briefs, withCity := 0, 0
	sc := bufio.NewScanner(bytes.NewReader(f))
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		var b suiteBrief
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&b); err != nil {
			t.Errorf("line %d: %v", line, err)
			continue
		}
		briefs++
		at := func(format string, args ...any) {
			t.Helper()
			t.Errorf("line %d (%s): "+format, append([]any{line, b.ID}, args...)...)
		}
		if !slugRe.MatchString(b.ID) || ids[b.ID] {
			at("id is not a slug or is duplicated")
		}
		ids[b.ID] = true
		if strings.TrimSpace(b.Industry) == "" || strings.TrimSpace(b.Description) == "" {
			at("industry and description are required")
		}
		if n := strings.Count(b.Description, ". ") + 1; n < 2 || n > 3 {
			at("description has %d sentences, want two (three at most)", n)
		}
		if n := len(b.Capabilities); n < 2 || n > 6 {
			at("%d capabilities, want 2-6", n)
		}
		for _, c := range b.Capabilities {
			if c.Phrase == "" || !slices.Contains(archetypeIDs(), c.Archetype) {
				at("capability %q: archetype %q is not one of %v", c.Phrase, c.Archetype, archetypeIDs())
			}
			if n := len(c.Terms); n < 1 || n > 3 {
				at("capability %q: %d terms, want 1-3", c.Phrase, n)
			}
			for _, term := range c.Terms {
				if !termRe.MatchString(term) {
					at("capability %q: term %q is not lower-case words", c.Phrase, term)
				}
			}
		}
		for _, s := range b.Scale {
			if s.Noun == "" || s.Count < 1 {
				at("scale %+v", s)
			}
		}
		for _, code := range b.Currencies {
			if _, err := currency.ParseISO(code); err != nil || code != strings.ToUpper(code) {
				at("currency %q: %v", code, err)
			}
		}

		place, ok := Locate(b.Country)
		if !ok {
			at("country %q does not resolve", b.Country)
			continue
		}
		countries[place.Country.Code] = true
		if b.City != "" {
			withCity++
			_, city := place.Country.CityNamed(b.City)
			_, town := place.Country.TownNamed(b.City)
			if !city && !town {
				at("city %q is neither a city nor a town of %s in the catalog", b.City, place.Country.Code)
			}
		}
		key := normalize(b.Industry)
		if in, score, ok := MatchIndustry(b.Industry); ok && score >= packMatch {
			key = in.ID
		} else {
			noPack[key] = true
		}
		industries[key] = true
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d briefs (%d name a city), %d industries (%d without a pack), %d countries",
		path, briefs, withCity, len(industries), len(noPack), len(countries))
	return briefs, len(industries), len(noPack), len(countries)
}
