package planet

import (
	"math"
	"testing"

	"github.com/mercury/mcp-world/planet/catalog"
)

// TestListPricesAreRound: a price list names round prices (39,900 won,
// 12,800,000 dong), not a conversion's digits (39,875, 12,825,000), and
// so does a monthly membership fee (744,000 dong, not 744,089): a
// price of 1,000 or more major units is a multiple of 10, of 10,000 or
// more of 100, and so on.
func TestListPricesAreRound(t *testing.T) {
	for _, tc := range []struct {
		industry, country string
		services          []string
	}{
		{"clothing-stores", "KR", nil}, {"marinas", "VN", []string{"memberships"}}, {"law-firms", "JP", nil}, {"dental-clinics", "HU", nil}, {"hotels", "ID", nil}, {"fitness-studios", "KR", []string{"memberships"}},
	} {
		t.Run(tc.industry+"/"+tc.country, func(t *testing.T) {
			c, ok := catalog.CountryByCode(tc.country)
			if !ok {
				t.Fatalf("no country %s", tc.country)
			}
			b, err := Synthesize(Scenario{Industry: tc.industry, Country: tc.country, Seed: 3}, Options{Services: tc.services})
			if err != nil {
				t.Fatal(err)
			}
			minor := math.Pow10(c.CurrencyDigits)
			n := 0
			for _, tb := range b.Tables {
				for _, r := range tb.Rows {
					v, ok := r["list_price"].(int64)
					// A monthly fee is set as a price is.
					if f, isFee := r["fee"].(int64); !ok && isFee && r["period"] == "monthly" {
						v, ok = f, true
					}
					if !ok {
						continue
					}
					n++
					major := float64(v) / minor
					step := 1.0
					for lim := 1000.0; major >= lim; lim *= 10 {
						step *= 10
					}
					if major >= 20 && math.Mod(major, step) != 0 {
						t.Errorf("%s: price %.0f is not a round price (a multiple of %.0f)", tb.Name, major, step)
					}
				}
			}
			if n == 0 {
				t.Fatal("no list prices")
			}
		})
	}
}
