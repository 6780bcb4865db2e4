package planet

import (
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
)

// TestFleetDepotsNearHeadquarters: a fleet is based at its headquarters
// or in towns within a day's shuttle of it (a Wrocław haulier's trucks
// in Oława or Oleśnica), never across the country (Szczecin, Katowice).
func TestFleetDepotsNearHeadquarters(t *testing.T) {
	for _, tc := range []struct{ industry, country, city, desc string }{
		{"firma transportowa", "PL", "Wrocław", "Road haulage firm in Wrocław with 40 trucks running to Germany and France. Each truck has its annual technical inspection date."},
		{"courier", "ZA", "Johannesburg", "Same-day courier in Johannesburg with 25 vans delivering parcels for online shops."},
	} {
		t.Run(tc.city, func(t *testing.T) {
			b, err := Synthesize(engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1}, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.Company.Headquarters, tc.city) {
				t.Fatalf("headquarters %q, want %s", b.Company.Headquarters, tc.city)
			}
			c, _ := catalog.CountryByCode(tc.country)
			near := []string{tc.city}
			for _, tw := range c.TownsNear(tc.city, 40, 0) {
				near = append(near, tw.Name)
			}
			seen := 0
			for _, tb := range b.Tables {
				for _, r := range tb.Rows {
					d, ok := r["home_depot"].(string)
					if !ok {
						continue
					}
					seen++
					if !slices.Contains(near, d) {
						t.Errorf("%s %v: depot %s is not within 40 km of %s", tb.Name, r["id"], d, tc.city)
					}
				}
			}
			if seen == 0 {
				t.Fatal("no vehicle with a depot")
			}
		})
	}
}
