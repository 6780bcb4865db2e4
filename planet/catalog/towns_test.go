package catalog

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestTownNamed(t *testing.T) {
	for _, tc := range []struct {
		country, name string
		ok            bool
		near, state   string
		postcode      string // one of the town's
	}{
		{"CH", "Zermatt", true, "Thun", "VS", "3920"},
		{"CH", "ZERMATT", true, "Thun", "VS", "3920"},
		{"NL", "Lisse", true, "Leiden", "", "2161"},
		{"PT", "Sao Joao da Madeira", true, "Vila Nova de Gaia", "", "3700-009"},
		{"US", "Homer", true, "Seattle", "AK", "99603"},
		{"CH", "Zürich", false, "", "", ""},       // a catalog city, not a town
		{"CH", "Zurich", false, "", "", ""},       // nor under its other spelling
		{"FR", "Villeurbanne", false, "", "", ""}, // a district of Lyon (districts.json)
		{"DK", "Copenhagen", false, "", "", ""},   // an alias of København
		{"CH", "Atlantis", false, "", "", ""},     // no place at all
		{"DE", "Zermatt", false, "", "", ""},      // a town of another country
		{"CH", "", false, "", "", ""},
	} {
		c, _ := CountryByCode(tc.country)
		town, ok := c.TownNamed(tc.name)
		if ok != tc.ok {
			t.Errorf("%s %q: found %v, want %v", tc.country, tc.name, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		city := c.TownCity(town)
		if town.Near != tc.near || city.State != tc.state || !slices.Contains(town.Postcodes, tc.postcode) || city.Near != tc.near {
			t.Errorf("%s %q: %+v as %+v; want near %s, state %q, postcode %s", tc.country, tc.name, town, city, tc.near, tc.state, tc.postcode)
		}
	}
}

// A brief's region picks among towns of one name; without one, the most
// populous wins.
func TestTownIn(t *testing.T) {
	us, _ := CountryByCode("US")
	first, _ := us.TownNamed("Breckenridge")
	co, ok := us.TownIn("Breckenridge", []string{"CO"})
	if !ok || us.TownCity(co).State != "CO" || !slices.Contains(co.Postcodes, "80424") {
		t.Errorf("Breckenridge in CO: %+v", co)
	}
	if us.TownCity(first).State == "CO" {
		t.Errorf("the most populous Breckenridge is %+v; the test needs it elsewhere", first)
	}
	if got, _ := us.TownIn("Breckenridge", []string{"ZZ"}); got.Admin != first.Admin || got.Near != first.Near {
		t.Errorf("no town in the state: got %+v, want the most populous %+v", got, first)
	}
}

// Every town of the data: its catalog city is one of its country's, and
// its postcodes draw postcodes of the country's form.
func TestTownsData(t *testing.T) {
	n := 0
	for _, c := range Countries() {
		code, byName := c.Code, towns(c.Code)
		var form *regexp.Regexp
		if c.PostcodePattern != "" {
			form = c.PostcodeForm()
		}
		r := rand.New(rand.NewPCG(1, 2))
		for _, ts := range byName {
			for _, town := range ts {
				n++
				if _, ok := c.CityNamed(town.Near); !ok {
					t.Errorf("%s: town %s is near %q, no catalog city", code, town.Name, town.Near)
				}
				if form == nil {
					continue
				}
				for _, p := range town.Postcodes {
					if got := c.Postcode(r, City{Name: town.Name, Postcodes: []string{p}}); !form.MatchString(got) {
						t.Errorf("%s: town %s: postcode %q draws %q, not of the form %s", code, town.Name, p, got, c.PostcodePattern)
					}
				}
			}
		}
	}
	if n < 100000 {
		t.Errorf("%d towns; the data has over 100,000", n)
	}
}

// A place whose outward code is not known gets no postcode, not half of
// one, and its address no gap where the postcode would be.
func TestAddressWithoutOutwardCode(t *testing.T) {
	gb, _ := CountryByCode("GB")
	r := rand.New(rand.NewPCG(1, 2))
	got := gb.AddressIn(r, City{Name: "Cambridgeshire"})
	if strings.Contains(got, "  ") || !strings.HasSuffix(got, ", Cambridgeshire") {
		t.Errorf("address %q", got)
	}
}
