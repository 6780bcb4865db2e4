package planet

import (
	"slices"
	"testing"

	"github.com/mercury/mcp-world/world"
)

// A field the brief names for where a thing comes from ("tagged with its
// harvest area") holds a place near the firm, not a number of square
// metres; a paper it carries has its number; a column of one industry's vocabulary draws that industry's
// words (a fish farm's species are fish, a forest's trees).
func TestPlaceFieldsAndIndustryTerms(t *testing.T) {
	column := func(b *world.Bundle, col string) (world.Column, []any) {
		for _, tb := range b.Tables {
			for _, c := range tb.Columns {
				if c.Name == col {
					var vals []any
					for _, r := range tb.Rows {
						vals = append(vals, r[col])
					}
					return c, vals
				}
			}
		}
		t.Fatalf("no column %s", col)
		return world.Column{}, nil
	}
	b, err := Synthesize(Scenario{Industry: "mussel farm", Country: "ES", Description: "Mussel farm in Vigo selling to canneries. Each sack is tagged with its harvest area and depuration date.", Seed: 1}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	c, vals := column(b, "harvest_area")
	if c.Type != "text" {
		t.Errorf("harvest_area is %s, want text", c.Type)
	}
	filled := 0
	for _, v := range vals {
		if s, ok := v.(string); ok && s != "" {
			filled++
		}
	}
	if filled < len(vals)/2 {
		t.Errorf("harvest_area filled in %d of %d rows: %v", filled, len(vals), vals)
	}

	// ("each batch is labelled with a plant passport": its number.)
	b, err = Synthesize(Scenario{Industry: "flower bulb grower", Country: "NL", Description: "Bulb grower in Lisse selling tulip bulbs to exporters. Every bulb batch is virus tested in our sheds, and each batch is labelled with a plant passport before it ships.", Seed: 1}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, vals := column(b, "plant_passport"); slices.Contains(vals, nil) {
		t.Errorf("a batch without its plant passport: %v", vals)
	}

	for _, tc := range []struct {
		industry, country string
		want, never       []string
	}{
		{"forestry", "SE", []string{"Gran", "Tall", "Ek", "Bok"}, []string{"Atlantisk lax", "Regnbåge"}},
		{"aquaculture", "NO", []string{"Atlantisk laks", "Regnbueørret", "Havabbor", "Dorade"}, []string{"Gran", "Furu", "Eik", "Bøk"}},
	} {
		b, err := Synthesize(Scenario{Industry: tc.industry, Country: tc.country, Seed: 1}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, vals := column(b, "species")
		for _, v := range vals {
			s, _ := v.(string)
			if slices.Contains(tc.never, s) || s != "" && !slices.Contains(tc.want, s) {
				t.Errorf("%s species %q, want one of %v", tc.industry, s, tc.want)
			}
		}
	}
}
