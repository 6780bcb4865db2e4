package seed

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the regional files derived from their base language (data/regional)")

// regionalRules is data/regional/<locale>.json: how a regional variety
// that differs from its base language by spelling and a few words
// (de-CH from de) is derived from the base's files.
type regionalRules struct {
	About string `json:"about"`
	From  string `json:"from"`
	// Replace are substitutions applied in order to every text of the
	// base's lexicon and translations.
	Replace [][2]string `json:"replace"`
	// Terms are translations that differ by more than a substitution,
	// keyed by their English source.
	Terms map[string]string `json:"terms"`
	// Pools replace whole lexicon pools (Swiss school grades).
	Pools map[string][]string `json:"pools"`
}

// TestRegionalFilesDerived: each regional lexicon and translation file
// that data/regional derives from its base language is what the rules
// make of the base today, so an edit of de.json reaches de-CH.json.
// With -update it writes them: this is the script that makes them.
func TestRegionalFilesDerived(t *testing.T) {
	rules, err := filepath.Glob("data/regional/*.json")
	if err != nil || len(rules) == 0 {
		t.Fatalf("no data/regional/*.json (%v)", err)
	}
	for _, file := range rules {
		locale := strings.TrimSuffix(filepath.Base(file), ".json")
		var r regionalRules
		readJSON(t, file, &r)
		if r.From == "" || localeKeys(locale)[1] != r.From {
			t.Fatalf("%s: from %q, want the base language of %s", file, r.From, locale)
		}
		swap := func(s string) string {
			for _, p := range r.Replace {
				s = strings.ReplaceAll(s, p[0], p[1])
			}
			return s
		}

		var lx Lexicon
		readJSON(t, "data/lexicon/"+r.From+".json", &lx)
		lx.Language = locale
		lx.Stopwords = swapAll(lx.Stopwords, swap)
		for k, v := range lx.Pools {
			lx.Pools[k] = swapAll(v, swap)
		}
		for k, v := range r.Pools {
			if _, ok := lx.Pools[k]; !ok {
				t.Fatalf("%s: pools: %q is no pool of %s", file, k, r.From)
			}
			lx.Pools[k] = v
		}
		for k, v := range lx.Channels {
			lx.Channels[k] = [2]string{swap(v[0]), swap(v[1])}
		}
		for k, v := range lx.Folders {
			lx.Folders[k] = swap(v)
		}
		for k, v := range lx.Text {
			lx.Text[k] = swapAll(v, swap)
		}
		checkDerived(t, "data/lexicon/"+locale+".json", encodeJSON(t, lx, " "))

		var tf translationFile
		readJSON(t, "data/translations/"+r.From+".json", &tf)
		tf.Language = locale
		tf.About = r.About
		for k, v := range tf.Terms {
			tf.Terms[k] = swap(v)
		}
		for k, v := range r.Terms {
			if _, ok := tf.Terms[k]; !ok {
				t.Fatalf("%s: terms: %q is no term of %s", file, k, r.From)
			}
			tf.Terms[k] = v
		}
		checkDerived(t, "data/translations/"+locale+".json", encodeJSON(t, tf, "  "))
	}
}

func swapAll(ss []string, swap func(string) string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = swap(s)
	}
	return out
}

func readJSON(t *testing.T, file string, v any) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
}

func encodeJSON(t *testing.T, v any, indent string) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", indent)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func checkDerived(t *testing.T, file string, want []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(file, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(file)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("%s is not what data/regional makes of its base language (%v); run go test ./planet/seed -run TestRegionalFilesDerived -update", file, err)
	}
}

// TestRegionalVocabulary: each regional file says what its region says
// where the base language's file does not: Portugal's canalizador and
// autocarro, Taiwan's 堆高機 and 軟體, Brazil's nota fiscal and equipe,
// Switzerland's Velo and no ß at all.
func TestRegionalVocabulary(t *testing.T) {
	for _, tc := range []struct{ locale, term, want string }{
		{"pt-PT", "Plumber", "Canalizador"},
		{"pt-PT", "Bus driver", "Motorista de autocarro"},
		{"pt-PT", "Butcher", "Talhante"},
		{"zh-TW", "Forklift driver", "堆高機"},
		{"zh-TW", "Accounting software licence (per user, year)", "軟體"},
		{"zh-TW", "Security officer", "保全"},
		{"de-CH", "Inner tubes", "Veloschläuche"},
	} {
		if got := Translate(tc.locale, tc.term); !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q is %q, want it to say %q", tc.locale, tc.term, got, tc.want)
		}
	}
	texts := func(lx *Lexicon) string {
		var b strings.Builder
		for _, ss := range lx.Text {
			b.WriteString(strings.Join(ss, "\n"))
		}
		for _, ss := range lx.Pools {
			b.WriteString(strings.Join(ss, "\n"))
		}
		return b.String()
	}
	for _, tc := range []struct {
		locale      string
		says, never []string
	}{
		{"pt-BR", []string{"nota fiscal", "equipe", "Atenciosamente"}, []string{"vosso", "Contabilista", "morada", "equipa"}},
		{"pt-PT", []string{"morada", "equipa"}, []string{"nota fiscal", "Bufê", "crachá"}},
		{"zh-TW", []string{"櫃檯", "資訊", "帳"}, []string{"前台", "前臺", "运营", "賬"}},
		{"de-CH", []string{"Grüsse"}, []string{"ß"}},
	} {
		s := texts(LexiconFor(tc.locale))
		for _, w := range tc.says {
			if !strings.Contains(s, w) {
				t.Errorf("lexicon %s never says %q", tc.locale, w)
			}
		}
		for _, w := range tc.never {
			if strings.Contains(s, w) {
				t.Errorf("lexicon %s says %q, which is not its region's word", tc.locale, w)
			}
		}
	}
	for en, v := range termsFor("de-CH") {
		if strings.Contains(v, "ß") {
			t.Errorf("de-CH: %q is %q, with an ß", en, v)
		}
	}
}
