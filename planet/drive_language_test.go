package planet

import (
	"strings"
	"testing"

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
