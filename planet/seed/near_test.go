package seed

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mercury/mcp-world/planet/catalog"
)

// TestNearCityLanguageArea: a firm's nearby cities are of its own
// language area: Walloon for Liège, German-speaking for Zürich.
func TestNearCityLanguageArea(t *testing.T) {
	for _, tc := range []struct {
		country, home string
		others        bool // the state or area has other cities
	}{{"BE", "Liège", true}, {"BE", "Gent", true}, {"CH", "Zürich", true}, {"CH", "Genève", false}, {"CA", "Montréal", true}} {
		c, _ := catalog.CountryByCode(tc.country)
		c = c.InCity(tc.home)
		home, _ := c.CityNamed(tc.home)
		s := NewSource(rand.New(rand.NewPCG(1, 1)), c, time.Time{})
		s.Home = home
		want := c.LanguageArea(tc.home)
		others := 0
		for range 300 {
			got := s.NearCity()
			if a := c.LanguageArea(got.Name); a != want {
				t.Fatalf("%s: NearCity gave %s (area %q), not of %q", tc.home, got.Name, a, want)
			}
			if got.Name != tc.home {
				others++
			}
		}
		if tc.others && others == 0 {
			t.Errorf("%s: NearCity never gave another city", tc.home)
		}
	}
}
