package phoneplan

import (
	"encoding/json"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/nyaruka/phonenumbers"

	"github.com/mercury/mcp-world/planet/catalog"
)

// libVerdict is what libphonenumber says of s for a region: whether it
// parses, the number it reads, whether it is valid for the region and its
// type.
type verdict struct {
	Parsed   bool
	CC       int
	National string
	Valid    bool
	Type     string
}

var libTypes = map[phonenumbers.PhoneNumberType]Type{
	phonenumbers.FIXED_LINE: FixedLine, phonenumbers.MOBILE: Mobile, phonenumbers.FIXED_LINE_OR_MOBILE: FixedLineOrMobile,
	phonenumbers.TOLL_FREE: TollFree, phonenumbers.PREMIUM_RATE: PremiumRate, phonenumbers.SHARED_COST: SharedCost,
	phonenumbers.VOIP: VoIP, phonenumbers.PERSONAL_NUMBER: PersonalNumber, phonenumbers.PAGER: Pager,
	phonenumbers.UAN: UAN, phonenumbers.VOICEMAIL: Voicemail, phonenumbers.UNKNOWN: Unknown,
}

func libVerdict(s, region string) verdict {
	num, err := phonenumbers.Parse(s, region)
	if err != nil {
		return verdict{}
	}
	v := verdict{Parsed: true, CC: int(num.GetCountryCode()), National: phonenumbers.GetNationalSignificantNumber(num),
		Valid: phonenumbers.IsValidNumberForRegion(num, region)}
	if v.Valid {
		v.Type = libTypes[phonenumbers.GetNumberType(num)].String()
	}
	return v
}

func ourVerdict(s, region string) verdict {
	n, err := Parse(s, region)
	if err != nil {
		return verdict{}
	}
	v := verdict{Parsed: true, CC: n.CountryCode, National: n.National, Valid: Valid(s, region)}
	if v.Valid {
		v.Type = n.TypeIn(region).String()
	}
	return v
}

// sameVerdict compares what matters: validity, type of a valid number,
// and the number read wherever the calling code is one whose plan the
// data holds (for another code the library strips that country's trunk
// prefix, which only it knows; such a number is invalid for the region
// either way).
func sameVerdict(ours, lib verdict) bool {
	if ours.Valid != lib.Valid || ours.Type != lib.Type {
		return false
	}
	if lib.Parsed && mainRegion(lib.CC) == "" {
		return true
	}
	return ours == lib
}

// phoneFormats are every national format the data draws numbers from:
// the catalog's and the cities' (planet/seed/data/cities.json).
func phoneFormats(t testing.TB) map[string][]string {
	formats := map[string][]string{}
	for _, c := range catalog.Countries() {
		formats[c.Code] = append(formats[c.Code], c.PhoneNationalFormats...)
	}
	data, err := os.ReadFile("../../seed/data/cities.json")
	if err != nil {
		t.Fatal(err)
	}
	var cities struct {
		Countries map[string]struct {
			Mobile []string                          `json:"mobile"`
			Cities map[string]struct{ Phone string } `json:"cities"`
		} `json:"countries"`
	}
	if err := json.Unmarshal(data, &cities); err != nil {
		t.Fatal(err)
	}
	for cc, c := range cities.Countries {
		formats[cc] = append(formats[cc], c.Mobile...)
		for _, fx := range c.Cities {
			formats[cc] = append(formats[cc], fx.Phone)
		}
	}
	return formats
}

// layouts are ways people write a national number: as the generator
// does, with the trunk prefix, with the international prefix, bare
// digits, in a tel: URI, with an extension, and slightly wrong.
func layouts(r *rand.Rand, c catalog.Country, national string) []string {
	cc := strings.TrimPrefix(c.CallingCode, "+")
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, national)
	trunk := phonenumbers.GetNddPrefixForRegion(c.Code, true)
	out := []string{
		c.CallingCode + " " + national,
		trunk + national,
		trunk + " " + national,
		"(" + trunk + national[:min(3, len(national))] + ") " + national[min(3, len(national)):],
		"00" + cc + " " + national,
		"011 " + cc + " " + national,
		c.CallingCode + digits,
		cc + digits,
		digits,
		c.CallingCode + " (0)" + national,
		"tel:" + c.CallingCode + "-" + strings.ReplaceAll(national, " ", "-"),
		"tel:" + digits + ";phone-context=" + c.CallingCode,
		c.CallingCode + " " + national + " ext. 12",
		c.CallingCode + " " + national + " x3",
		"Tel.: " + c.CallingCode + " " + national,
		c.CallingCode + " " + national[:len(national)-1],
		c.CallingCode + " " + national + "7",
		c.CallingCode + " " + string(rune('0'+r.IntN(10))) + national[1:],
		"+" + cc + cc + digits,
		"+1 " + national,
		"+33 " + national,
		"1-800-FLOWERS",
		"+" + cc + " " + strings.ReplaceAll(national, " ", "."),
		"\uFF0B" + cc + " " + national,
	}
	return out
}

// TestAgreesWithLibphonenumber reads numbers of every format the data
// draws from, written in many layouts, and holds every verdict to the
// library's.
func TestAgreesWithLibphonenumber(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	formats := phoneFormats(t)
	// Each format's draw in a third of the layouts, chosen at random:
	// 10,000 numbers, a few seconds (all 24 layouts, six draws each:
	// 184,000 numbers, 0 disagreements); the fuzz test goes further.
	const layoutsPerDraw = 8

	checked, valid, bad := 0, 0, 0
	for _, c := range catalog.Countries() {
		if len(formats[c.Code]) == 0 {
			t.Errorf("%s: no phone formats", c.Code)
		}
		for _, f := range formats[c.Code] {
			all := layouts(r, c, catalog.FillPhone(r, f))
			r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
			for _, s := range all[:layoutsPerDraw] {
				ours, lib := ourVerdict(s, c.Code), libVerdict(s, c.Code)
				checked++
				if lib.Valid {
					valid++
				}
				if !sameVerdict(ours, lib) {
					bad++
					if bad <= 30 {
						t.Errorf("%s %q: ours %+v, libphonenumber %+v", c.Code, s, ours, lib)
					}
				}
			}
		}
	}
	t.Logf("%d numbers, %d valid for their region, %d disagreements", checked, valid, bad)
	if valid < checked/4 {
		t.Errorf("only %d of %d numbers valid: the layouts test too little", valid, checked)
	}
}

// TestMobileFormatsAgree: the generator classes a format as mobile by
// the type of a number drawn from it, valid or not (seed.mobileFormats).
func TestMobileFormatsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	// (In a fixed order: drawn in the map's order, the numbers and so the
	// verdict changed from run to run.)
	formats := phoneFormats(t)
	for _, code := range slices.Sorted(maps.Keys(formats)) {
		fs := formats[code]
		c, _ := catalog.CountryByCode(code)
		for _, f := range fs {
			for range 5 {
				s := c.CallingCode + " " + catalog.FillPhone(r, f)
				n, err := Parse(s, code)
				num, lerr := phonenumbers.Parse(s, code)
				if (err == nil) != (lerr == nil) {
					t.Errorf("%s %q: parse error %v, libphonenumber %v", code, s, err, lerr)
					continue
				}
				// (The library types a number for the region it belongs to:
				// "+44 7457 642463", drawn from a GB format, is an Isle of
				// Man mobile, of no type in GB.)
				if err != nil || phonenumbers.GetRegionCodeForNumber(num) != code {
					continue
				}
				ours, lib := n.TypeIn(code) == Mobile, phonenumbers.GetNumberType(num) == phonenumbers.MOBILE
				if ours != lib {
					t.Errorf("%s %q: mobile %v, libphonenumber %v", code, s, ours, lib)
				}
			}
		}
	}
}

// FuzzAgreesWithLibphonenumber: any text, read for any of the data's
// regions, gets the library's verdict.
func FuzzAgreesWithLibphonenumber(f *testing.F) {
	for _, s := range []string{"+31 10 123 4567", "010-1234567", "0031101234567", "+1 212-555-0100", "(0)20 7946 0018",
		"tel:+49-30-1234567;ext=5", "1-800-FLOWERS", "+7 (495) 123-45-67", "9 11 5123-4567", "٠١٢٣٤٥٦٧٨٩", "+٩٧١٥٠١٢٣٤٥٦٧"} {
		f.Add(s, uint8(0))
	}
	countries := catalog.Countries()
	f.Fuzz(func(t *testing.T, s string, i uint8) {
		code := countries[int(i)%len(countries)].Code
		ours, lib := ourVerdict(s, code), libVerdict(s, code)
		if !sameVerdict(ours, lib) {
			t.Errorf("%s %q: ours %+v, libphonenumber %+v", code, s, ours, lib)
		}
	})
}
