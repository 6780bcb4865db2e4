package catalog

import "strings"

// PlaceName is how a sentence names a headquarters city: as its address
// does where the address writes the state right before the city (the
// wards of Taipei, Tainan, Tokyo or Seoul: "臺南市東區", "서울특별시 강남구"),
// for a ward alone ("東區") is a district of many cities; else the name
// as given. A city the catalog does not list is named as given.
func (c Country) PlaceName(name string) string {
	city, ok := c.CityNamed(name)
	if !ok {
		city, ok = c.Town(name)
	}
	if !ok || city.State == "" || strings.Contains(city.Name, city.State) {
		return name
	}
	for _, sep := range []string{"", " "} {
		if strings.Contains(c.AddressFormat, "{state}"+sep+"{city}") {
			return city.State + sep + city.Name
		}
	}
	return name
}
