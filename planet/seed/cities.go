package seed

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"strings"
	"sync"
	"unicode"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/phoneplan"
)

// CityFacts are what a city adds to the catalog: its landline format
// (area code first) and, in countries with several time zones, its zone.
// Field names mirror data/cities.json.
type CityFacts struct {
	Phone string `json:"phone"`
	Zone  string `json:"zone,omitempty"`
	// Metro is the catalog city whose area code this one shares, where
	// libphonenumber's geocoder names the number after it (Espoo:
	// Helsinki); the tests cross-check the rest.
	Metro string `json:"metro,omitempty"`
}

type countryCities struct {
	Mobile []string             `json:"mobile"`
	Cities map[string]CityFacts `json:"cities"`
}

type citiesFile struct {
	About     string                   `json:"about"`
	Countries map[string]countryCities `json:"countries"`
}

func parseCities(fsys fs.FS) (map[string]countryCities, error) {
	var f citiesFile
	if err := decodeFile(fsys, "data/cities.json", &f); err != nil {
		return nil, err
	}
	for cc, c := range f.Countries {
		for name, fx := range c.Cities {
			if fx.Phone == "" {
				return nil, fmt.Errorf("cities.json: %s/%s: no phone format", cc, name)
			}
		}
	}
	return f.Countries, nil
}

// FactsOf returns the facts of a country's city, if the data has them.
func FactsOf(country, city string) (CityFacts, bool) {
	c, ok := load().cities[country]
	if !ok {
		return CityFacts{}, false
	}
	fx, ok := c.Cities[city]
	return fx, ok
}

// ZoneOf is the IANA time zone of a city: its own where the country has
// several, else the country's.
func ZoneOf(c catalog.Country, city string) string {
	if fx, ok := FactsOf(c.Code, city); ok && fx.Zone != "" {
		return fx.Zone
	}
	return c.Timezone
}

// PhoneIn returns a phone number of someone in city: a landline with the
// city's area code or a mobile number, where the data knows the city;
// any number of the country otherwise. A format's digits are drawn until
// the country's numbering plan (libphonenumber's, read by phoneplan, which
// the realism validator asks too) takes the number as the country's: a
// format such as "74## ######" also covers blocks that are not allocated.
func (s *Source) PhoneIn(city string) string {
	c := s.Country
	fx, ok := FactsOf(c.Code, city)
	var format string
	switch mobile := load().cities[c.Code].Mobile; {
	case !ok:
		// No area codes known for the city: a mobile number, valid
		// anywhere, rather than a landline of some other city.
		m := mobileFormats(c)
		if len(m) == 0 {
			return c.Phone(s.R)
		}
		format = m[s.R.IntN(len(m))]
	case len(mobile) > 0 && s.R.IntN(5) < 2:
		format = mobile[s.R.IntN(len(mobile))]
	default:
		format = fx.Phone
	}
	return drawPhone(s.R, c, format)
}

// drawPhone fills a national format with digits until the number is valid
// for the country (20 tries; a format the data gets wrong keeps its last
// draw, for the realism validator to report).
func drawPhone(r *rand.Rand, c catalog.Country, format string) string {
	var phone string
	for range 20 {
		phone = c.CallingCode + " " + fillPhone(r, format)
		if phoneplan.Valid(phone, c.Code) {
			break
		}
	}
	return phone
}

func fillPhone(r *rand.Rand, pattern string) string { return catalog.FillPhone(r, pattern) }

// prefixOf is the fixed digits a phone format starts with (its area code
// or mobile prefix): "22 ### ## ##" → "22".
func prefixOf(format string) string {
	var b strings.Builder
	for _, ch := range format {
		switch {
		case ch == '#' || ch == 'N' || ch == 'D':
			return b.String()
		case unicode.IsDigit(ch):
			b.WriteRune(ch)
		}
	}
	return b.String()
}

// areaOf is the area code of a landline format: the fixed digits of its
// first group ("6 2## ####" → "6", "30 ########" → "30", "212-N##-####"
// → "212").
func areaOf(format string) string {
	first, _, _ := strings.Cut(strings.ReplaceAll(format, "-", " "), " ")
	return prefixOf(first)
}

// checkPhoneArea reports a landline of someone in city that does not have
// the city's area code: another city's ("the area code of Warszawa") or
// none of the data's. Mobile numbers are valid anywhere; cities the data
// lacks are not checked.
func (ck *Checker) checkPhoneArea(phone, city string) string {
	cc, ok := load().cities[ck.Country.Code]
	fx, known := cc.Cities[city]
	if !ok || !known {
		return ""
	}
	national := digitsOf(strings.TrimPrefix(phone, ck.Country.CallingCode))
	area := areaOf(fx.Phone)
	if strings.HasPrefix(national, area) {
		return ""
	}
	for _, m := range cc.Mobile {
		if strings.HasPrefix(national, prefixOf(m)) {
			return ""
		}
	}
	num, err := phoneplan.Parse(phone, ck.Country.Code)
	if err != nil {
		return ""
	}
	if t := num.TypeIn(ck.Country.Code); t != phoneplan.FixedLine && t != phoneplan.FixedLineOrMobile {
		return "" // a mobile, toll-free or VoIP number: no area
	}
	for _, name := range sortedKeys(cc.Cities) {
		if a := areaOf(cc.Cities[name].Phone); a != area && strings.HasPrefix(national, a) {
			return fmt.Sprintf("phone %q has the area code of %s, not of %s", phone, name, city)
		}
	}
	return fmt.Sprintf("landline %q does not have the area code of %s (%s)", phone, city, area)
}

func digitsOf(s string) string {
	var b strings.Builder
	for _, ch := range s {
		if ch >= '0' && ch <= '9' {
			b.WriteRune(ch)
		}
	}
	return b.String()
}

// mobileFormats are the country's national phone formats that
// libphonenumber reads as mobile numbers, found once per country from a
// sample of each.
func mobileFormats(c catalog.Country) []string {
	mobileOnce.Do(func() {
		mobiles = map[string][]string{}
		r := rand.New(rand.NewPCG(1, 1))
		for _, cc := range catalog.Countries() {
			for _, f := range cc.PhoneNationalFormats {
				num, err := phoneplan.Parse(cc.CallingCode+" "+fillPhone(r, f), cc.Code)
				if err == nil && num.TypeIn(cc.Code) == phoneplan.Mobile {
					mobiles[cc.Code] = append(mobiles[cc.Code], f)
				}
			}
		}
	})
	return mobiles[c.Code]
}

var (
	mobileOnce sync.Once
	mobiles    map[string][]string // country → mobile formats
)
