package catalog

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
)

// streetsFile is data/streets.json: the streets of a country's list that
// belong to particular cities.
type streetsFile struct {
	About   string                         `json:"about"`
	Streets map[string]map[string][]string `json:"streets"` // country → street → cities
}

// loadCityStreets sets each country's CityStreets from data/streets.json,
// checking that every street and city is one of the country's.
func loadCityStreets(fsys fs.FS, countries []Country) error {
	var f streetsFile
	if _, err := fs.Stat(fsys, "data/streets.json"); errors.Is(err, fs.ErrNotExist) {
		return nil // a test's data set without it: every street is everywhere
	}
	if err := decodeFile(fsys, "data/streets.json", &f); err != nil {
		return err
	}
	for code, streets := range f.Streets {
		i := slices.IndexFunc(countries, func(c Country) bool { return c.Code == code })
		if i < 0 {
			return fmt.Errorf("streets.json: no country %q", code)
		}
		c := &countries[i]
		for street, cities := range streets {
			if !slices.Contains(c.Streets, street) {
				return fmt.Errorf("streets.json: %s: %q is not one of the country's streets", code, street)
			}
			for _, city := range cities {
				if !slices.ContainsFunc(c.Cities, func(ci City) bool { return ci.Name == city }) {
					return fmt.Errorf("streets.json: %s: %s: %q is not a catalog city", code, street, city)
				}
			}
		}
		c.CityStreets = streets
	}
	return nil
}

// StreetsOf are the streets an address in city can have: the country's
// streets found in most of its cities, and those of city itself (never
// Salzburg's Getreidegasse in Innsbruck).
func (c Country) StreetsOf(city string) []string {
	var out []string
	for _, s := range c.Streets {
		if homes, local := c.CityStreets[s]; !local || slices.Contains(homes, city) {
			out = append(out, s)
		}
	}
	return out
}

// StreetElsewhere reports whether street belongs to other cities than
// city, and which.
func (c Country) StreetElsewhere(street, city string) ([]string, bool) {
	homes, local := c.CityStreets[street]
	return homes, local && !slices.Contains(homes, city)
}
