package planet

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mercury/mcp-world/planet/internal/engine"
)

// goldenWorlds are one world per script family the catalog has (it has
// no country whose business script is Devanagari: India's systems are
// kept in English).
var goldenWorlds = []struct {
	script string
	s      engine.Scenario
}{
	{"latin", engine.Scenario{Industry: "dental-clinics", Country: "PL", Seed: 8}},
	{"cyrillic", engine.Scenario{Industry: "manufacturing", Country: "RU", Seed: 8}},
	{"cjk", engine.Scenario{Industry: "law-firms", Country: "JP", Seed: 8}},
	{"arabic", engine.Scenario{Industry: "property-management", Country: "AE", Seed: 8}},
	{"thai", engine.Scenario{Industry: "restaurants", Country: "TH", Seed: 8}},
	{"greek", engine.Scenario{Industry: "veterinary-clinics", Country: "GR", Seed: 8}},
	{"hebrew", engine.Scenario{Industry: "hotels", Country: "IL", Seed: 8}},
}

// TestGoldenWorlds renders the first page of every table of one world per
// script family, as a person would read it, and compares it with
// testdata/golden/<script>.txt (-update rewrites them). A change in what
// the seed looks like shows up here as a readable diff.
func TestGoldenWorlds(t *testing.T) {
	for _, gw := range goldenWorlds {
		t.Run(gw.script, func(t *testing.T) {
			b, err := Synthesize(gw.s, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var page strings.Builder
			c := b.Company
			fmt.Fprintf(&page, "%s | %s | %s | %s | %s\n%s\n%s\nclock %s\n", c.Name, c.Industry, c.Country, c.Currency, c.Timezone, c.Headquarters, c.Description, b.Clock.Start)
			for _, s := range b.Services {
				fmt.Fprintf(&page, "service %s: %s\n", s.Name, s.Description)
			}
			for _, tb := range b.Tables {
				var cols []string
				for _, col := range tb.Columns {
					cols = append(cols, col.Name+":"+col.Type+kindSuffix(col.Kind))
				}
				fmt.Fprintf(&page, "\n== %s (%d rows) %s\n", tb.Name, len(tb.Rows), strings.Join(cols, " "))
				for _, r := range tb.Rows[:min(3, len(tb.Rows))] {
					line, err := json.Marshal(r)
					if err != nil {
						t.Fatal(err)
					}
					fmt.Fprintf(&page, "%s\n", line)
				}
			}
			path := filepath.Join("testdata", "golden", gw.script+".txt")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(page.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(string(want), page.String()); d != "" {
				t.Errorf("%s (-want +got):\n%s", path, d)
			}
		})
	}
}

func kindSuffix(k string) string {
	if k == "" {
		return ""
	}
	return "(" + k + ")"
}
