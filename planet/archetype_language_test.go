package planet

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

// languageWorlds are worlds whose archetypes write every text that Go
// code puts into rows (subjects, titles, locations, notes, tasks,
// outcomes): the services are forced in so that each writes its rows.
var languageWorlds = []struct {
	industry string
	services []string
}{
	{"plumbing-heating", []string{"calendar", "email", "helpdesk", "drive", "inventory", "work_orders", "timesheets", "fleet", "payments"}},
	{"law-firms", []string{"casework", "calendar", "email", "drive", "timesheets"}},
	{"insurance", []string{"claims", "policies_insurance", "email", "helpdesk"}},
	{"fitness-studios", []string{"memberships", "appointments", "calendar", "email"}},
	{"manufacturing", []string{"production", "projects", "inventory", "drive"}},
	{"real-estate-agencies", []string{"listings", "calendar", "drive"}},
}

// englishFragments are the words of every English sentence Go code writes
// into rows (seed.RowTextKeys), cut at their placeholders: "Follow-up: ",
// "Front office", "File note on ". A fragment the language writes the
// same way in that key ("Installation" in German) is no English left over.
func englishFragments(lex *seed.Lexicon) map[*regexp.Regexp]string {
	en := seed.LexiconFor("en")
	slot := regexp.MustCompile(`\{[a-z_]+\}`)
	out := map[*regexp.Regexp]string{}
	for _, k := range seed.RowTextKeys() {
		own := strings.Join(lex.Sentences(k), "\n")
		for _, s := range en.Sentences(k) {
			for _, f := range slot.Split(s, -1) {
				f = strings.Trim(f, " .:,()")
				if len([]rune(f)) < 4 || strings.Contains(own, f) {
					continue
				}
				// Whole words only: "Class" is not in "Classic".
				out[regexp.MustCompile(`(^|[^\pL\pN])`+regexp.QuoteMeta(f)+`($|[^\pL\pN])`)] = k
			}
		}
	}
	return out
}

// TestArchetypeTextsInTheWorldsLanguage: a world of a country whose
// business language is not English has none of the English texts Go code
// writes (an email subject "Invoice …", a calendar title "Follow-up: …",
// a location "Front office", a shelf "Main warehouse, shelf 7") in any
// row; and an English world has them, so the check can fail.
func TestArchetypeTextsInTheWorldsLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizes worlds in five countries")
	}
	for _, country := range []string{"DE", "JP", "SA", "TH", "GB"} {
		c, ok := catalog.CountryByCode(country)
		if !ok {
			t.Fatalf("no country %s", country)
		}
		lex := seed.LexiconFor(c.Locale)
		english := lex.Language == "en"
		frags := englishFragments(lex)
		if english {
			frags = englishFragments(seed.LexiconFor("de"))
		}
		found := 0
		for _, w := range languageWorlds {
			b, err := Synthesize(engine.Scenario{Industry: w.industry, Country: country, Seed: 5}, engine.Options{Services: w.services, Tasks: 4})
			if err != nil {
				t.Fatalf("%s %s: %v", w.industry, country, err)
			}
			for _, tb := range b.Tables {
				for ri, r := range tb.Rows {
					for _, col := range tb.Columns {
						v, ok := r[col.Name].(string)
						// Enumerations and statuses are the API, in English.
						if !ok || len(col.Enum) > 0 || strings.HasSuffix(col.Name, "status") {
							continue
						}
						for f, key := range frags {
							if !f.MatchString(v) {
								continue
							}
							found++
							if !english {
								t.Errorf("%s %s: %s/%d/%s %q has English of text %s (%s)", country, w.industry, tb.Name, ri, col.Name, v, key, f)
							}
						}
					}
				}
			}
		}
		if english && found == 0 {
			t.Errorf("%s: none of the English texts in an English world: the check cannot fail", country)
		}
	}
}

// TestFollowUpEventKeysOnKind: the hidden check that announces a booked
// follow-up finds it by its kind, not by an English word of its title, so
// it holds in every language; the follow-ups seeded are of that kind and
// titled in the world's language.
func TestFollowUpEventKeysOnKind(t *testing.T) {
	seeded := 0
	for _, country := range []string{"GB", "DE", "JP"} {
		// The first of a few worlds whose follow-ups are announced.
		var b *world.Bundle
		var rules []*world.PolicyRule
		for _, ind := range []string{"physiotherapy", "electricians", "auto-repair", "dental-clinics"} {
			var err error
			if b, err = Synthesize(engine.Scenario{Industry: ind, Country: country, Seed: 2}, engine.Options{Services: []string{"calendar", "email"}, Tasks: 4}); err != nil {
				t.Fatal(err)
			}
			for _, inv := range b.Invariants {
				if strings.HasPrefix(inv.Name, "event-follow-up-booked-") && inv.Rule != nil {
					rules = append(rules, inv.Rule)
				}
			}
			if len(rules) > 0 {
				break
			}
		}
		if len(rules) == 0 {
			t.Fatalf("%s: no event-follow-up-booked-* policy in %v", country, invariantNames(b))
		}
		for _, r := range rules {
			if r.When.Where["kind"] != "follow_up" {
				t.Errorf("%s: the follow-up policy selects %v, want kind follow_up", country, r.When.Where)
			}
			if _, ok := r.When.Where["title"]; ok {
				t.Errorf("%s: the follow-up policy still reads the title: %v", country, r.When.Where)
			}
		}
		var events *world.Table
		for i := range b.Tables {
			if strings.HasPrefix(b.Tables[i].Name, "calendar_") {
				events = &b.Tables[i]
			}
		}
		if events == nil {
			t.Fatalf("%s: no calendar table", country)
		}
		lex := seed.LexiconFor(b.Company.Locale)
		prefix, _, _ := strings.Cut(lex.Sentences("follow_up_title")[0], "{id}")
		n := 0
		for _, r := range events.Rows {
			ttl := fmt.Sprint(r["title"])
			if r["kind"] == "follow_up" {
				n++
				if !strings.Contains(ttl, strings.TrimSpace(prefix)) {
					t.Errorf("%s: follow-up %v titled %q, want %q…", country, r["id"], ttl, prefix)
				}
			} else if r["kind"] != "meeting" {
				t.Errorf("%s: event %v of kind %v", country, r["id"], r["kind"])
			}
		}
		seeded += n
	}
	if seeded == 0 {
		t.Error("no follow-up event seeded in any world: the titles went untested")
	}
}

func invariantNames(b *world.Bundle) []string {
	var out []string
	for _, inv := range b.Invariants {
		out = append(out, inv.Name)
	}
	return out
}
