package catalog

import (
	"cmp"
	"slices"
)

// minDepotKm keeps out the city's own districts (Straßgang is Graz): a
// town nearer than that is the city, not a place near it.
const minDepotKm = 8

// TownsNear are the towns of at least minPop people whose nearest catalog
// city is city and that lie within km of it (and not inside it), most populous first (then by
// name): where a business of that city keeps a depot or a yard (a
// Wrocław haulier's trucks are based in Wrocław, Oława or Oleśnica, not
// in Szczecin). None for a country whose cities are in another script
// than GeoNames' town names, so that a world does not mix them.
func (c Country) TownsNear(city string, km, minPop int) []Town {
	home, ok := c.CityNamed(city)
	if !ok || home.Latin != "" {
		return nil
	}
	var out []Town
	for _, ts := range towns(c.Code).byName {
		for _, t := range ts {
			// ("Århus" is GeoNames' name of the catalog's Aarhus C: a
			// town a catalog city answers to is that city.)
			if _, isCity := c.CityNamed(t.Name); isCity {
				continue
			}
			if t.Near == home.Name && t.NearKm <= km && t.NearKm >= minDepotKm && t.Population >= minPop {
				out = append(out, t)
			}
		}
	}
	slices.SortFunc(out, func(a, b Town) int {
		return cmp.Or(cmp.Compare(b.Population, a.Population), cmp.Compare(a.Name, b.Name), cmp.Compare(a.NearKm, b.NearKm))
	})
	return out
}
