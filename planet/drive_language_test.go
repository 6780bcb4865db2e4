package planet

import (
	"regexp"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/seed"
)

// TestDriveDocumentsInTheWorldsLanguage: the everyday documents of the
// drive (opening hours, emergency contacts, onboarding, complaints, month
// end) are written in the world's language, not only titled in it.
func TestDriveDocumentsInTheWorldsLanguage(t *testing.T) {
	for _, tc := range []struct{ country, locale string }{{"DE", "de-DE"}, {"JP", "ja-JP"}, {"PL", "pl-PL"}} {
		b, err := Synthesize(engine.Scenario{Industry: "dental-clinics", Country: tc.country, Seed: 3}, engine.Options{Services: []string{"drive"}})
		if err != nil {
			t.Fatal(err)
		}
		lex := seed.LexiconFor(tc.locale)
		want := map[string]string{}
		for _, k := range []string{"doc_opening_hours", "doc_onboarding", "doc_month_end", "doc_complaints"} {
			want[lex.Sentences(k)[0]] = lex.Sentences(k + "_body")[0]
		}
		found := 0
		for _, tb := range b.Tables {
			if tb.Name != "drive_documents" {
				continue
			}
			for _, r := range tb.Rows {
				body, ok := want[r["title"].(string)]
				if !ok {
					continue
				}
				found++
				if r["body"] != body {
					t.Errorf("%s %q: body %q, want %q", tc.country, r["title"], r["body"], body)
				}
			}
		}
		if found != len(want) {
			t.Errorf("%s: %d of the %d everyday documents found", tc.country, found, len(want))
		}
		if tc.country == "DE" && !strings.HasPrefix(lex.Sentences("doc_opening_hours_body")[0], "Montag") {
			t.Errorf("de opening hours are not German: %q", lex.Sentences("doc_opening_hours_body")[0])
		}
	}
}

// TestCompanyAndDriveFramingInTheWorldsLanguage: in every language with
// a lexicon, the company's description, the operating handbooks' titles
// (the systems by the names staff give them) and the policies document
// (its owner and one line per policy) are in the world's language: no
// English framing sentence, service title or policy title is left.
func TestCompanyAndDriveFramingInTheWorldsLanguage(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range catalog.Countries() {
		lex := seed.LexiconFor(c.Locale)
		if lex.Language == "en" || seen[lex.Language] {
			continue
		}
		seen[lex.Language] = true
		b, err := Synthesize(engine.Scenario{Industry: "dental-clinics", Country: c.Code, Seed: 5}, engine.Options{Services: []string{"drive", "helpdesk", "email"}})
		if err != nil {
			t.Fatal(err)
		}
		lex = seed.LexiconFor(b.Company.Locale) // a language region's (Genève writes French)
		pre, post, _ := strings.Cut(seed.Fill(lex.Sentences("company_about")[0], "company", b.Company.Name), "{city}")
		if d := b.Company.Description; !strings.HasPrefix(d, pre) || !strings.HasSuffix(d, post) {
			t.Errorf("%s: description %q, want %q…%q", c.Code, d, pre, post)
		}
		local := map[string]bool{}
		for _, name := range lex.Services {
			local[name] = true
		}
		var english []string
		for _, s := range b.Services {
			if !local[s.Title] {
				english = append(english, s.Title)
			}
		}
		handbooks, policies := 0, 0
		for _, tb := range b.Tables {
			if tb.Name != "drive_documents" {
				continue
			}
			for _, r := range tb.Rows {
				title, body := r["title"].(string), r["body"].(string)
				if r["folder"] == lex.Folder("handbook") {
					handbooks++
					for _, e := range english {
						if regexp.MustCompile(`\b` + regexp.QuoteMeta(e) + `\b`).MatchString(title) {
							t.Errorf("%s: handbook %q names the system in English (%q)", c.Code, title, e)
						}
					}
				}
				if title == lex.Sentences("doc_policies")[0] {
					policies++
					if r["owner"] != lex.Sentences("doc_policies_owner")[0] {
						t.Errorf("%s: policies document owned by %q", c.Code, r["owner"])
					}
					for _, inv := range b.Invariants {
						if strings.Contains(body, inv.Title) {
							t.Errorf("%s: policies document lists %q in English", c.Code, inv.Title)
						}
					}
				}
			}
		}
		if handbooks < 3 || policies != 1 {
			t.Errorf("%s: %d handbooks and %d policies documents", c.Code, handbooks, policies)
		}
	}
	if len(seen) < 30 {
		t.Errorf("%d languages read, want every lexicon's", len(seen))
	}
}

// TestTaskTextsInTheWorldsLanguage: what a task has the agent write into
// a record of a world in another language (a meeting's title, a closing
// comment, a failed check's note) is in that language: no argument of a
// reference solution is an English sentence. Prescription dosages are
// the price-list helper's (issue 8, i8pl) and are left out here.
func TestTaskTextsInTheWorldsLanguage(t *testing.T) {
	stop := map[string]bool{}
	for _, w := range seed.LexiconFor("en").Stopwords {
		stop[w] = true
	}
	word := regexp.MustCompile(`[a-z']+`)
	checked := 0
	for i, c := range catalog.Countries() {
		if seed.LexiconFor(c.Locale).Language == "en" {
			continue
		}
		for _, ind := range []string{"dental-clinics", "manufacturing"} {
			b, err := Synthesize(engine.Scenario{Industry: ind, Country: c.Code, Seed: uint64(20 + i)}, engine.Options{Tasks: 30, Services: []string{"calendar", "helpdesk", "production"}})
			if err != nil {
				t.Fatal(err)
			}
			if seed.LexiconFor(b.Company.Locale).Language == "en" {
				continue
			}
			for _, tk := range b.Tasks {
				for _, call := range tk.Solution {
					for k, v := range call.Args {
						s, ok := v.(string)
						if !ok || k == "dosage" || strings.Contains(s, "@") {
							continue
						}
						checked++
						ws := word.FindAllString(strings.ToLower(s), -1)
						n := 0
						for _, w := range ws {
							if stop[w] {
								n++
							}
						}
						if len(ws) >= 3 && n >= 2 {
							t.Errorf("%s %s: %s(%s) writes English: %q", c.Code, ind, call.Tool, k, s)
						}
					}
				}
			}
		}
	}
	if checked < 500 {
		t.Errorf("only %d task texts checked", checked)
	}
}

// TestLetterOpenings: a letter opens as the country's letters do; an
// opening that ends a sentence itself (Japanese "いつもお世話になって
// おります。", Chinese "您好！") takes no name and comma after it, one
// that does not ("Dear", "Szanowni Państwo") is not cut.
func TestLetterOpenings(t *testing.T) {
	for _, code := range []string{"JP", "CN", "TW", "PL"} {
		b, err := Synthesize(engine.Scenario{Industry: "dental-clinics", Country: code, Seed: 4}, engine.Options{Services: []string{"email"}})
		if err != nil {
			t.Fatal(err)
		}
		c, _ := catalog.CountryByCode(code)
		letters := 0
		for _, tb := range b.Tables {
			if tb.Name != "email_messages" {
				continue
			}
			for _, r := range tb.Rows {
				body := r["body"].(string)
				if r["direction"] != "outbound" || !strings.HasPrefix(body, c.Greeting) {
					continue
				}
				letters++
				first, _, _ := strings.Cut(body, "\n")
				if code != "PL" && first != c.Greeting {
					t.Errorf("%s: letter opens %q, want %q alone", code, first, c.Greeting)
				}
			}
		}
		if letters == 0 {
			t.Errorf("%s: no outbound letter opens with %q", code, c.Greeting)
		}
	}
}
