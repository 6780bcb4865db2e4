package catalog

import "testing"

// A ward is named with its city where the address writes the state
// before the city; other cities by their name.
func TestPlaceName(t *testing.T) {
	for _, tc := range []struct{ country, name, want string }{
		{"TW", "東區", "臺南市東區"},
		{"KR", "강남구", "서울특별시 강남구"},
		{"JP", "千代田区", "東京都千代田区"},
		{"US", "Denver", "Denver"},     // the state follows the city
		{"ES", "Valencia", "Valencia"}, // no state in the address
		{"TW", "亞特蘭提斯", "亞特蘭提斯"},       // not a catalog place
	} {
		c, _ := CountryByCode(tc.country)
		if got := c.PlaceName(tc.name); got != tc.want {
			t.Errorf("%s %q: %q, want %q", tc.country, tc.name, got, tc.want)
		}
	}
}
