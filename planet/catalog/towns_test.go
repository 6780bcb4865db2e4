package catalog

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
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
	n, zoned := 0, 0
	zones := map[string]bool{}
	for _, c := range Countries() {
		code, byName := c.Code, towns(c.Code).byName
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
				if town.Zone != "" && !zones[town.Zone] {
					if _, err := time.LoadLocation(town.Zone); err != nil {
						t.Errorf("%s: town %s: time zone %q: %v", code, town.Name, town.Zone, err)
					}
					zones[town.Zone] = true
				}
				if town.Zone != "" {
					zoned++
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
	if zoned < n-1000 {
		t.Errorf("%d of %d towns have a time zone; all but those GeoNames no longer lists should", zoned, n)
	}
}

// A town keeps its own time zone, not its nearest catalog city's: towns
// on both sides of a zone border near one catalog city.
func TestTownZones(t *testing.T) {
	for _, tc := range []struct {
		country, name, state, zone string
	}{
		{"US", "Homer", "AK", "America/Anchorage"}, // nearest catalog city Seattle
		{"US", "Ontario", "OR", "America/Boise"},   // Malheur County keeps Mountain time; nearest Portland
		{"US", "Baker City", "OR", "America/Los_Angeles"},
		{"US", "Lafayette", "IN", "America/Indiana/Indianapolis"}, // nearest Chicago
		{"US", "Gary", "IN", "America/Chicago"},
		{"US", "Tuba City", "AZ", "America/Denver"}, // the Navajo Nation keeps daylight time; Phoenix does not
		{"US", "Page", "AZ", "America/Phoenix"},
		{"CA", "Flin Flon", "", "America/Winnipeg"}, // nearest Saskatoon
		{"AU", "Broken Hill", "", "Australia/Broken_Hill"},
		{"AU", "Albury", "", "Australia/Sydney"},
		{"MX", "Chetumal", "", "America/Cancun"},
		{"BR", "Corumbá", "", "America/Campo_Grande"},
		{"ID", "Sorong", "", "Asia/Jayapura"},
	} {
		c, _ := CountryByCode(tc.country)
		town, ok := c.TownIn(tc.name, []string{tc.state})
		if !ok {
			t.Errorf("%s %s: no town", tc.country, tc.name)
			continue
		}
		if got := c.TownCity(town).Zone; got != tc.zone {
			t.Errorf("%s %s (%s, near %s): zone %q, want %q", tc.country, tc.name, town.Admin, town.Near, got, tc.zone)
		}
	}
}

// Every town district's seat is a town of its country.
func TestTownDistrictSeats(t *testing.T) {
	for country, names := range load().places.townIdx {
		c, _ := CountryByCode(country)
		for name, seat := range names {
			if len(c.TownsNamed(seat)) == 0 || normalize(c.TownsNamed(seat)[0].Name) != normalize(seat) {
				t.Errorf("districts.json: %s %s: seat %q is no town", country, name, seat)
			}
		}
	}
}

// A town is found by its alternate names where no town has that name as
// its own; a town's own name wins over another's alternate.
func TestTownAlternateNames(t *testing.T) {
	for _, tc := range []struct{ country, name, town string }{
		{"ES", "Castellón", "Castelló de la Plana"},
		{"ES", "Castellón de la Plana", "Castelló de la Plana"},
		{"FR", "Chamonix", "Chamonix-Mont-Blanc"},
		{"FR", "Chamonix-Mont-Blanc", "Chamonix-Mont-Blanc"},
		{"MY", "Cameron Highlands", "Tanah Rata"}, // a district, by its seat (districts.json)
	} {
		c, _ := CountryByCode(tc.country)
		if got, ok := c.TownNamed(tc.name); !ok || got.Name != tc.town {
			t.Errorf("%s %q: %+v (%v), want %s", tc.country, tc.name, got, ok, tc.town)
		}
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

// A town's state is its own division's where the catalog's states are
// GeoNames' divisions, not its nearest catalog city's across a border;
// where the states are finer than the divisions (Italy's provinces), the
// near city's.
func TestTownStates(t *testing.T) {
	for _, tc := range []struct{ country, name, state string }{
		{"MY", "Tanah Rata", "Pahang"}, // nearest catalog city Ipoh, in Perak
		{"AU", "Nuriootpa", "SA"},      // 70 km from Adelaide
		{"AU", "Albury", "NSW"},        // nearest catalog city Canberra, ACT
	} {
		c, _ := CountryByCode(tc.country)
		town, ok := c.TownNamed(tc.name)
		if !ok {
			t.Errorf("%s %s: no town", tc.country, tc.name)
			continue
		}
		if got := c.TownCity(town).State; got != tc.state {
			t.Errorf("%s %s (division %s, near %s %d km): state %q, want %q", tc.country, tc.name, town.Admin, town.Near, town.NearKm, got, tc.state)
		}
	}
	for _, code := range []string{"IT", "PH"} {
		c, _ := CountryByCode(code)
		if m, ok := c.adminStates(); ok {
			t.Errorf("%s: its states are finer than GeoNames' divisions, yet mapped %v", code, m)
		}
	}
}
