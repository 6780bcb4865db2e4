package catalog

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"
	_ "time/tzdata" // LoadLocation must not depend on the host's zoneinfo
	"unicode"

	"github.com/nyaruka/phonenumbers"
	"golang.org/x/text/currency"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

func TestEmbeddedDataParses(t *testing.T) {
	c, err := parse(dataFS)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(c.countries); n < 55 {
		t.Errorf("%d countries, want at least 55", n)
	}
	if n := len(c.industries); n < 24 {
		t.Errorf("%d industries, want at least 24", n)
	}
	continents := map[string]bool{}
	for _, co := range c.countries {
		continents[co.Continent] = true
	}
	for _, want := range []string{"Europe", "Asia", "Africa", "North America", "South America", "Oceania"} {
		if !continents[want] {
			t.Errorf("no country in %s", want)
		}
	}
}

func TestParseIsStrict(t *testing.T) {
	good, err := dataFS.ReadFile("data/industries.json")
	if err != nil {
		t.Fatal(err)
	}
	for name, countries := range map[string]string{
		"unknown field": `[{"code": "XX", "colour": "blue"}]`,
		"trailing data": `[] []`,
		"wrong type":    `[{"code": 49}]`,
	} {
		fsys := fstest.MapFS{
			"data/countries.json":  {Data: []byte(countries)},
			"data/industries.json": {Data: good},
		}
		if _, err := parse(fsys); err == nil {
			t.Errorf("%s: parse succeeded, want an error", name)
		}
	}
}

func TestLookups(t *testing.T) {
	cs := Countries()
	if !slices.IsSortedFunc(cs, func(a, b Country) int { return strings.Compare(a.Code, b.Code) }) {
		t.Error("Countries() is not sorted by code")
	}
	is := Industries()
	if !slices.IsSortedFunc(is, func(a, b Industry) int { return strings.Compare(a.ID, b.ID) }) {
		t.Error("Industries() is not sorted by id")
	}
	if c, ok := CountryByCode(" jp "); !ok || c.Code != "JP" {
		t.Errorf("CountryByCode(jp) = %q, %v", c.Code, ok)
	}
	if _, ok := CountryByCode("XX"); ok {
		t.Error("CountryByCode(XX) found a country")
	}
	if in, ok := IndustryByID("Dental-Clinics"); !ok || in.ID != "dental-clinics" {
		t.Errorf("IndustryByID(Dental-Clinics) = %q, %v", in.ID, ok)
	}
	if _, ok := IndustryByID("space-mining"); ok {
		t.Error("IndustryByID(space-mining) found an industry")
	}
}

// The minor units x/text (CLDR) gives differ from ISO 4217 for these; the
// data follows ISO 4217.
var isoDigitsDifferFromCLDR = map[string]bool{"COP": true, "IDR": true, "PKR": true}

var (
	hoursRe   = regexp.MustCompile(`^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$`)
	callingRe = regexp.MustCompile(`^\+[1-9]\d{0,2}$`)
	slugRe    = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	snakeRe   = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)
)

func TestCountriesAreSane(t *testing.T) {
	for _, c := range Countries() {
		t.Run(c.Code, func(t *testing.T) {
			checkCountry(t, c)
		})
	}
}

func checkCountry(t *testing.T, c Country) {
	if len(c.Code) != 2 || strings.ToUpper(c.Code) != c.Code {
		t.Errorf("code %q is not an upper-case alpha-2 code", c.Code)
	}
	for field, v := range map[string]string{
		"name": c.Name, "native_name": c.NativeName, "continent": c.Continent, "language": c.Language,
		"email_tld": c.EmailTLD, "tax.name": c.Tax.Name, "greeting": c.Greeting, "address_format": c.AddressFormat,
	} {
		if strings.TrimSpace(v) == "" {
			t.Errorf("%s is empty", field)
		}
	}

	tag, err := language.Parse(c.Locale)
	if err != nil {
		t.Errorf("locale %q: %v", c.Locale, err)
	} else if region, _ := tag.Region(); region.String() != c.Code {
		t.Errorf("locale %q has region %s, want %s", c.Locale, region, c.Code)
	}
	unit, err := currency.ParseISO(c.Currency)
	if err != nil {
		t.Errorf("currency %q: %v", c.Currency, err)
	} else if std, _ := currency.Standard.Rounding(unit); std != c.CurrencyDigits && !isoDigitsDifferFromCLDR[c.Currency] {
		t.Errorf("currency_digits %d, CLDR says %d for %s", c.CurrencyDigits, std, c.Currency)
	}
	if c.CurrencyDigits < 0 || c.CurrencyDigits > 3 {
		t.Errorf("currency_digits %d out of range", c.CurrencyDigits)
	}
	if strings.Count(c.MoneyFormat, "{amount}") != 1 {
		t.Errorf("money_format %q must contain {amount} once", c.MoneyFormat)
	}
	if _, err := time.LoadLocation(c.Timezone); err != nil {
		t.Errorf("timezone %q: %v", c.Timezone, err)
	}
	if !callingRe.MatchString(c.CallingCode) || c.CallingCode != fmt.Sprintf("+%d", phonenumbers.GetCountryCodeForRegion(c.Code)) {
		t.Errorf("calling_code %q, libphonenumber says +%d", c.CallingCode, phonenumbers.GetCountryCodeForRegion(c.Code))
	}
	if n := len(c.PhoneNationalFormats); n < 1 || n > 3 {
		t.Errorf("%d phone formats, want 1-3", n)
	}
	if !strings.HasPrefix(c.EmailTLD, ".") {
		t.Errorf("email_tld %q does not start with a dot", c.EmailTLD)
	}
	if c.Tax.Rate < 0 || c.Tax.Rate >= 30 {
		t.Errorf("tax rate %v out of range", c.Tax.Rate)
	}
	if !slices.Contains([]string{"Mon-Fri", "Mon-Sat", "Sun-Thu"}, c.WorkWeek) {
		t.Errorf("work_week %q", c.WorkWeek)
	}
	if m := hoursRe.FindStringSubmatch(c.BusinessHours); m == nil || c.BusinessHours[:5] >= c.BusinessHours[6:] {
		t.Errorf("business_hours %q", c.BusinessHours)
	}
	if c.InvoiceDueDays < 1 || c.InvoiceDueDays > 120 {
		t.Errorf("invoice_due_days %d", c.InvoiceDueDays)
	}
	day := time.Date(2024, time.November, 23, 0, 0, 0, 0, time.UTC)
	if got, err := time.Parse(c.DateFormat, day.Format(c.DateFormat)); err != nil || !got.Equal(day) {
		t.Errorf("date_format %q does not round-trip: %v %v", c.DateFormat, got, err)
	}

	// Separators must agree with CLDR as x/text prints them (FormatMoney
	// uses x/text's grouping with our decimal separator).
	if c.DecimalSeparator != "," && c.DecimalSeparator != "." || c.DecimalSeparator == c.ThousandsSeparator || c.ThousandsSeparator == "" {
		t.Errorf("separators %q/%q", c.DecimalSeparator, c.ThousandsSeparator)
	}
	p := message.NewPrinter(tag)
	if got, want := p.Sprint(number.Decimal(1.5, number.Scale(1))), "1"+c.DecimalSeparator+"5"; got != want {
		t.Errorf("CLDR writes 1.5 as %q, data says %q", got, want)
	}
	if got := p.Sprint(number.Decimal(1234567)); !strings.Contains(got, c.ThousandsSeparator) {
		t.Errorf("CLDR writes 1234567 as %q, data's thousands separator is %q", got, c.ThousandsSeparator)
	}

	// Names.
	if !slices.Contains([]string{GivenFamily, FamilyGiven}, c.NameOrder) {
		t.Errorf("name_order %q", c.NameOrder)
	}
	checkList(t, "given_names.female", c.GivenNames.Female, 15)
	checkList(t, "given_names.male", c.GivenNames.Male, 15)
	if n := len(c.GivenNames.Female) + len(c.GivenNames.Male); n < 30 {
		t.Errorf("%d given names, want at least 30", n)
	}
	checkList(t, "family_names", c.FamilyNames, 30)
	if c.FamilyNamesFemale != nil && len(c.FamilyNamesFemale) != len(c.FamilyNames) {
		t.Errorf("family_names_female has %d entries, family_names %d", len(c.FamilyNamesFemale), len(c.FamilyNames))
	}
	if c.FamilyNameParts != 0 && c.FamilyNameParts != 2 {
		t.Errorf("family_name_parts %d", c.FamilyNameParts)
	}
	checkList(t, "company_suffixes", c.CompanySuffixes, 1)
	checkList(t, "company_stems", c.CompanyStems, 15)

	// Places.
	checkList(t, "streets", c.Streets, 15)
	if n := len(c.Cities); n < 10 || n > 20 {
		t.Errorf("%d cities, want 10-20", n)
	}
	cityNames := make([]string, len(c.Cities))
	for i, city := range c.Cities {
		cityNames[i] = city.Name
	}
	checkList(t, "cities", cityNames, 10)
	checkList(t, "states", c.States, 0)
	usesState := strings.Contains(c.AddressFormat, "{state}")
	usesPostcode := strings.Contains(c.AddressFormat, "{postcode}")
	for _, ph := range placeholderRe.FindAllString(c.AddressFormat, -1) {
		if !slices.Contains([]string{"{street}", "{number}", "{postcode}", "{city}", "{state}"}, ph) {
			t.Errorf("address_format has unknown placeholder %s", ph)
		}
	}
	if !strings.Contains(c.AddressFormat, "{street}") {
		t.Errorf("address_format %q has no {street}", c.AddressFormat)
	}
	if usesPostcode && c.PostcodePattern == "" {
		t.Error("address_format uses {postcode} but postcode_pattern is empty")
	}
	for _, city := range c.Cities {
		if usesState && city.State == "" {
			t.Errorf("city %s has no state but address_format uses {state}", city.Name)
		}
		if city.State != "" && len(c.States) > 0 && !slices.Contains(c.States, city.State) {
			t.Errorf("city %s: state %q not in states", city.Name, city.State)
		}
		if usesPostcode && len(city.Postcodes) == 0 {
			t.Errorf("city %s has no postcodes", city.Name)
		}
		for _, pc := range city.Postcodes {
			if err := prefixFits(pc, c.PostcodePattern); err != nil {
				t.Errorf("city %s postcode %q: %v", city.Name, pc, err)
			}
		}
	}
	if strings.ContainsRune(c.PostcodePattern, '@') != (strings.Count(c.PostcodePattern, "@") == 1) {
		t.Errorf("postcode_pattern %q has more than one '@'", c.PostcodePattern)
	}
	r := rand.New(rand.NewPCG(7, uint64(c.Code[0])<<8|uint64(c.Code[1])))
	for range 100 {
		if a := c.Address(r); strings.ContainsAny(a, "{}") || strings.Contains(a, "  ") {
			t.Fatalf("Address() = %q", a)
		}
	}
}

// prefixFits checks that a city's postcode prefix can start a postcode of
// the pattern: in overlay mode every prefix rune must fit the pattern rune at
// its position ('#' digit, 'A' letter, otherwise equal).
func prefixFits(prefix, pattern string) error {
	if strings.ContainsRune(pattern, '@') {
		if strings.TrimSpace(prefix) != prefix || prefix == "" {
			return fmt.Errorf("outward code must be non-empty and unpadded")
		}
		return nil
	}
	pr, pat := []rune(prefix), []rune(pattern)
	if len(pr) > len(pat) {
		return fmt.Errorf("longer than pattern %q", pattern)
	}
	for i, ch := range pr {
		switch want := pat[i]; want {
		case '#':
			if !unicode.IsDigit(ch) {
				return fmt.Errorf("position %d: %q is not a digit (pattern %q)", i, ch, pattern)
			}
		case 'A':
			if !unicode.IsUpper(ch) {
				return fmt.Errorf("position %d: %q is not a letter (pattern %q)", i, ch, pattern)
			}
		default:
			if ch != want {
				return fmt.Errorf("position %d: %q, pattern has %q", i, ch, want)
			}
		}
	}
	return nil
}

func checkList(t *testing.T, field string, xs []string, min int) {
	t.Helper()
	if len(xs) < min {
		t.Errorf("%s: %d entries, want at least %d", field, len(xs), min)
	}
	seen := map[string]bool{}
	for _, x := range xs {
		if strings.TrimSpace(x) == "" || strings.TrimSpace(x) != x {
			t.Errorf("%s: blank or padded entry %q", field, x)
		}
		if seen[x] {
			t.Errorf("%s: duplicate %q", field, x)
		}
		seen[x] = true
	}
}

func TestIndustriesAreSane(t *testing.T) {
	aliasOwner := map[string]string{}
	workItems := map[string]string{}
	for _, in := range Industries() {
		t.Run(in.ID, func(t *testing.T) {
			checkIndustry(t, in)
		})
		for _, a := range append([]string{in.Name}, in.Aliases...) {
			k := normalize(a)
			if other, dup := aliasOwner[k]; dup && other != in.ID {
				t.Errorf("alias %q belongs to both %s and %s", a, other, in.ID)
			}
			aliasOwner[k] = in.ID
		}
		w := in.Vocabulary.WorkItem.Singular
		if other, dup := workItems[w]; dup {
			t.Errorf("work item %q is used by both %s and %s", w, other, in.ID)
		}
		workItems[w] = in.ID
	}
}

func checkIndustry(t *testing.T, in Industry) {
	if !slugRe.MatchString(in.ID) {
		t.Errorf("id %q is not a slug", in.ID)
	}
	if in.Name == "" {
		t.Error("name is empty")
	}
	checkList(t, "aliases", in.Aliases, 10)
	if n := len(in.DescriptionTemplates); n < 3 || n > 5 {
		t.Errorf("%d description templates, want 3-5", n)
	}
	for _, d := range in.DescriptionTemplates {
		if !strings.Contains(d, "{company}") || !strings.Contains(d, "{city}") {
			t.Errorf("description %q lacks {company} or {city}", d)
		}
	}
	checkList(t, "company_name_patterns", in.CompanyNamePatterns, 3)
	checkPatterns := func(field string, pats []string) {
		for _, p := range pats {
			phs := placeholderRe.FindAllString(p, -1)
			if len(phs) == 0 {
				t.Errorf("%s: %q has no placeholder", field, p)
			}
			for _, ph := range phs {
				if ph != "{stem}" && ph != "{family}" && ph != "{city}" {
					t.Errorf("%s: %q has unknown placeholder %s", field, p, ph)
				}
			}
		}
	}
	checkPatterns("company_name_patterns", in.CompanyNamePatterns)
	for lang, pats := range in.LocalNamePatterns {
		if _, err := language.Parse(lang); err != nil {
			t.Errorf("local_name_patterns key %q: %v", lang, err)
		}
		checkList(t, "local_name_patterns."+lang, pats, 1)
		checkPatterns("local_name_patterns."+lang, pats)
	}
	if in.SizeRange[0] < 1 || in.SizeRange[0] >= in.SizeRange[1] {
		t.Errorf("size_range %v", in.SizeRange)
	}

	v := in.Vocabulary
	checkEntity(t, "customer", v.Customer, false)
	checkEntity(t, "staff", v.Staff, false)
	checkEntity(t, "work_item", v.WorkItem, true)
	o := v.Offering
	if o.Singular == "" || o.Plural == "" || o.Unit == "" {
		t.Errorf("offering %+v lacks singular, plural or unit", o)
	}
	names := make([]string, len(o.Items))
	for i, it := range o.Items {
		names[i] = it.Name
		if it.PriceRange[0] <= 0 || it.PriceRange[0] > it.PriceRange[1] {
			t.Errorf("item %q: price_range %v", it.Name, it.PriceRange)
		}
	}
	checkList(t, "offering.items", names, 12)

	if n := len(in.Services); n < 2 || n > 4 {
		t.Errorf("%d services, want 2-4", n)
	}
	checkList(t, "services", in.Services, 2)
	for _, s := range in.Services {
		if !slices.Contains(ServiceIDs(), s) {
			t.Errorf("unknown service %q", s)
		}
	}
}

func checkEntity(t *testing.T, field string, e Entity, workItem bool) {
	t.Helper()
	if e.Singular == "" || e.Plural == "" || e.Singular == e.Plural {
		t.Errorf("%s: singular %q, plural %q", field, e.Singular, e.Plural)
	}
	if n := len(e.ExtraColumns); n < 2 || n > 4 {
		t.Errorf("%s: %d extra columns, want 2-4", field, n)
	}
	colNames := map[string]bool{}
	for _, col := range e.ExtraColumns {
		if !snakeRe.MatchString(col.Name) || colNames[col.Name] {
			t.Errorf("%s: column name %q is not snake_case or is duplicated", field, col.Name)
		}
		colNames[col.Name] = true
		if !slices.Contains(ColumnTypes(), col.Type) {
			t.Errorf("%s.%s: type %q", field, col.Name, col.Type)
		}
		if len(col.Values) > 0 {
			if col.Type != "text" {
				t.Errorf("%s.%s: values on a %s column", field, col.Name, col.Type)
			}
			checkList(t, field+"."+col.Name+".values", col.Values, 2)
		}
	}
	if !workItem {
		if len(e.States) > 0 || e.CancelState != "" {
			t.Errorf("%s has states", field)
		}
		return
	}
	if n := len(e.States); n < 3 || n > 6 {
		t.Errorf("%s: %d states, want 3-6", field, n)
	}
	checkList(t, field+".states", e.States, 3)
	for _, s := range append(slices.Clone(e.States), e.CancelState) {
		if s != "" && !snakeRe.MatchString(s) {
			t.Errorf("%s: state %q is not snake_case", field, s)
		}
	}
	if slices.Contains(e.States, e.CancelState) {
		t.Errorf("%s: cancel_state %q is also a lifecycle state", field, e.CancelState)
	}
}

func TestPhonesAreValid(t *testing.T) {
	for _, c := range Countries() {
		r := rand.New(rand.NewPCG(42, uint64(c.Code[0])<<8|uint64(c.Code[1])))
		for _, format := range c.PhoneNationalFormats {
			for range 50 {
				s := c.CallingCode + " " + fillPhone(r, format)
				num, err := phonenumbers.Parse(s, c.Code)
				if err != nil {
					t.Errorf("%s: %q (format %q): %v", c.Code, s, format, err)
					break
				}
				if !phonenumbers.IsValidNumberForRegion(num, c.Code) {
					t.Errorf("%s: %q (format %q) is not valid for the region", c.Code, s, format)
					break
				}
			}
		}
		for range 50 {
			s := c.Phone(r)
			if num, err := phonenumbers.Parse(s, "ZZ"); err != nil || !phonenumbers.IsValidNumberForRegion(num, c.Code) {
				t.Errorf("%s: Phone() = %q is not valid (%v)", c.Code, s, err)
				break
			}
		}
	}
}

// Countries whose names are written in a non-Latin script get company names
// from the industry's local patterns, never the English ones.
func TestLocalCompanyNames(t *testing.T) {
	inds := Industries()
	for _, c := range Countries() {
		if !nonLatin(c.FamilyNames[0]) {
			continue
		}
		r := rand.New(rand.NewPCG(3, 4))
		for _, in := range inds {
			if len(in.localPatterns(c.Locale)) == 0 {
				t.Errorf("%s: industry %s has no local_name_patterns for %s", c.Code, in.ID, c.Locale)
				continue
			}
			name := c.CompanyName(r, in)
			if strings.ContainsAny(name, "{}") || !nonLatin(name) {
				t.Errorf("%s/%s: CompanyName() = %q", c.Code, in.ID, name)
			}
		}
	}
}

func nonLatin(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) {
			return true
		}
	}
	return false
}

func TestCompanyNames(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, c := range Countries() {
		for _, in := range Industries() {
			name := c.CompanyName(r, in)
			if strings.ContainsAny(name, "{}") || strings.TrimSpace(name) != name || strings.Contains(name, "  ") {
				t.Errorf("%s/%s: CompanyName() = %q", c.Code, in.ID, name)
			}
		}
	}
	de, _ := CountryByCode("DE")
	dental, _ := IndustryByID("dental-clinics")
	name := de.CompanyName(r, dental)
	if !slices.ContainsFunc(de.CompanySuffixes, func(s string) bool { return strings.HasSuffix(name, " "+s) }) {
		t.Errorf("DE CompanyName() = %q has no legal form", name)
	}
}

func TestPersonNames(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	check := func(code string, f func(given, family, full string) bool) {
		t.Helper()
		c, _ := CountryByCode(code)
		for range 50 {
			given, family, full := c.PersonName(r)
			if given == "" || family == "" || !f(given, family, full) {
				t.Fatalf("%s: PersonName() = %q, %q, %q", code, given, family, full)
			}
		}
	}
	check("JP", func(g, f, full string) bool { return full == f+g })
	check("CN", func(g, f, full string) bool { return full == f+g })
	check("HU", func(g, f, full string) bool { return full == f+" "+g })
	check("US", func(g, f, full string) bool { return full == g+" "+f })
	check("ES", func(g, f, full string) bool { return full == g+" "+f && strings.Count(f, " ") >= 1 })
	pl, _ := CountryByCode("PL")
	check("PL", func(g, f, full string) bool {
		if slices.Contains(pl.GivenNames.Female, g) {
			return slices.Contains(pl.FamilyNamesFemale, f)
		}
		return slices.Contains(pl.FamilyNames, f)
	})
}

func TestDeterminism(t *testing.T) {
	dental, _ := IndustryByID("dental-clinics")
	run := func(seed uint64) string {
		r := rand.New(rand.NewPCG(seed, seed))
		var b strings.Builder
		for _, c := range Countries() {
			_, _, full := c.PersonName(r)
			fmt.Fprintln(&b, full, c.Phone(r), c.Address(r), c.CompanyName(r, dental))
		}
		return b.String()
	}
	a, b := run(1), run(1)
	if a != b {
		t.Error("same seed gave different output")
	}
	if a == run(2) {
		t.Error("different seeds gave the same output")
	}
}

func TestFormatMoney(t *testing.T) {
	for _, tc := range []struct {
		code  string
		minor int64
		want  string
	}{
		{"JP", 1234567, "¥1,234,567"},
		{"JP", 0, "¥0"},
		{"DE", 123456789, "1.234.567,89 €"},
		{"DE", 5, "0,05 €"},
		{"FR", 123456789, "1\u00a0234\u00a0567,89 €"},
		{"US", 123456789, "$1,234,567.89"},
		{"US", -500, "-$5.00"},
		{"BR", 123456, "R$ 1.234,56"},
		{"IN", 1234567890, "₹1,23,45,678.90"},
		{"CH", 123456789, "CHF 1’234’567.89"},
		{"KR", 50000, "₩50,000"},
		{"GB", 99, "£0.99"},
	} {
		c, ok := CountryByCode(tc.code)
		if !ok {
			t.Fatalf("no country %s", tc.code)
		}
		if got := c.FormatMoney(tc.minor); got != tc.want {
			t.Errorf("%s.FormatMoney(%d) = %q, want %q", tc.code, tc.minor, got, tc.want)
		}
	}
}

func TestPostcodes(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, tc := range []struct {
		code string
		re   string
	}{
		{"DE", `^\d{5}$`},
		{"NL", `^\d{4} [A-Z]{2}$`},
		{"GB", `^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$`},
		{"CA", `^[A-Z]\d[A-Z] \d[A-Z]\d$`},
		{"JP", `^\d{3}-\d{4}$`},
		{"PL", `^\d{2}-\d{3}$`},
		{"AR", `^[A-Z]\d{4}[A-Z]{3}$`},
		{"IE", `^[A-Z]\d{2}(\d|W)? [A-Z\d]{4}$`},
		{"LV", `^LV-\d{4}$`},
		{"BR", `^\d{5}-\d{3}$`},
	} {
		c, _ := CountryByCode(tc.code)
		re := regexp.MustCompile(tc.re)
		for range 100 {
			city := c.Cities[r.IntN(len(c.Cities))]
			if pc := c.Postcode(r, city); !re.MatchString(pc) {
				t.Errorf("%s: Postcode(%s) = %q, want %s", tc.code, city.Name, pc, tc.re)
				break
			}
		}
	}
	vn, _ := CountryByCode("VN")
	if pc := vn.Postcode(r, vn.Cities[0]); pc != "" {
		t.Errorf("VN has no postcodes in addresses, got %q", pc)
	}
}

func TestMatchIndustry(t *testing.T) {
	for _, tc := range []struct {
		text string
		want string
	}{
		{"dentist", "dental-clinics"},
		{"Zahnarztpraxis", "dental-clinics"},
		{"clínica dental", "dental-clinics"},
		{"Clinica Dental", "dental-clinics"},
		{"orthodontic practice for kids", "dental-clinics"},
		{"歯科", "dental-clinics"},
		{"transportadora", "freight-forwarding"},
		{"customs broker and air freight", "freight-forwarding"},
		{"Italian restaurant and pizzeria", "restaurants"},
		{"a small coffee shop", "restaurants"},
		{"family-run boutique hotel by the sea", "hotels"},
		{"B2B SaaS startup", "saas"},
		{"online shop for handmade jewellery", "ecommerce-retail"},
		{"general contractor for residential buildings", "construction"},
		{"Hausverwaltung", "property-management"},
		{"car insurance broker", "insurance"},
		{"Steuerberater", "accounting-firms"},
		{"despacho de abogados laboralistas", "law-firms"},
		{"language school for adults", "schools-training"},
		{"CNC machining and metal fabrication", "manufacturing"},
		{"wholesale distributor of beverages", "wholesale-distribution"},
		{"3PL fulfilment warehouse", "logistics-warehousing"},
		{"digital marketing agency", "marketing-agencies"},
		{"managed IT support for offices", "it-services"},
		{"used car dealer", "car-dealerships"},
		{"Tierarzt", "veterinary-clinics"},
		{"yoga studio", "fitness-studios"},
		{"wedding planner", "event-management"},
		{"Stadtwerke", "utilities-energy"},
		{"headhunter for tech talent", "recruitment-agencies"},
		{"agencia de viajes", "travel-agencies"},
		{"barbershop", "hair-beauty-salons"},
		{"Apotheke", "pharmacies"},
		{"farmácia de bairro", "pharmacies"},
		{"logistique", "logistics-warehousing"},
		{"saas", "saas"},
		{"Freight Forwarding", "freight-forwarding"},
	} {
		in, score, ok := MatchIndustry(tc.text)
		if !ok || in.ID != tc.want {
			t.Errorf("MatchIndustry(%q) = %s, %.2f, %v; want %s", tc.text, in.ID, score, ok, tc.want)
		}
		if ok && (score <= 0 || score > 1) {
			t.Errorf("MatchIndustry(%q) score %v out of (0,1]", tc.text, score)
		}
	}
	if _, score, _ := MatchIndustry("dentist"); score != 1 {
		t.Errorf("exact alias scored %v, want 1", score)
	}
	for _, text := range []string{"", "   ", "the", "qwertyuiop asdfgh", "blue"} {
		if in, score, ok := MatchIndustry(text); ok {
			t.Errorf("MatchIndustry(%q) = %s, %.2f; want no match", text, in.ID, score)
		}
	}
}

// A near-exact name, a plural of a name or a name with one more word
// among its own, matches its pack as a contained name does (0.75 and
// up), not by the loose word overlap that tops out at 0.6.
func TestMatchIndustryNearNames(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"bicycle repair shop", "bicycle-shops"},
		{"bicycle shops", "bicycle-shops"},
		{"dental practices", "dental-clinics"},
		{"boutique hotels", "hotels"},
	} {
		in, score, ok := MatchIndustry(tc.text)
		if !ok || in.ID != tc.want || score < 0.75 {
			t.Errorf("MatchIndustry(%q) = %s, %.2f, %v; want %s at 0.75 or more", tc.text, in.ID, score, ok, tc.want)
		}
	}
	// Two words apart is no longer the name: "bicycle and car repair shop"
	// is not a "bicycle shop" by its name.
	if !looseContains([]string{"bicycle", "repair", "shop"}, []string{"bicycle", "shop"}) ||
		looseContains([]string{"bicycle", "and", "car", "shop"}, []string{"bicycle", "shop"}) ||
		looseContains([]string{"shop", "bicycle"}, []string{"bicycle", "shop"}) {
		t.Error("looseContains: want in order with at most one word between")
	}
}

func TestMatchCountry(t *testing.T) {
	for _, tc := range []struct {
		text string
		want string
	}{
		{"DE", "DE"},
		{"de", "DE"},
		{"Germany", "DE"},
		{"Deutschland", "DE"},
		{"日本", "JP"},
		{"Japan", "JP"},
		{"Brasil", "BR"},
		{"brazil", "BR"},
		{"España", "ES"},
		{"espana", "ES"},
		{"UK", "GB"},
		{"United Kingdom", "GB"},
		{"U.S.A.", "US"},
		{"United States", "US"},
		{"Türkiye", "TR"},
		{"Turkey", "TR"},
		{"대한민국", "KR"},
		{"South Korea", "KR"},
		{"中国", "CN"},
		{"Россия", "RU"},
		{"Ελλάδα", "GR"},
		{"ישראל", "IL"},
		{"السعودية", "SA"},
		{"Côte d'Ivoire is not here but France is", "FR"},
		{"a bakery in Lyon, France", "FR"},
		{"Schweiz", "CH"},
		{"Magyarország", "HU"},
		{"New Zealand", "NZ"},
		{"Viet Nam", "VN"},
	} {
		c, ok := MatchCountry(tc.text)
		if !ok || c.Code != tc.want {
			t.Errorf("MatchCountry(%q) = %s, %v; want %s", tc.text, c.Code, ok, tc.want)
		}
	}
	for _, text := range []string{"", "Atlantis", "XX", "Narnia"} {
		if c, ok := MatchCountry(text); ok {
			t.Errorf("MatchCountry(%q) = %s; want no match", text, c.Code)
		}
	}
}

// The catalog is shared by concurrent synthesizers; run with -race.
func TestConcurrentUse(t *testing.T) {
	done := make(chan bool)
	for g := range 4 {
		go func() {
			r := rand.New(rand.NewPCG(uint64(g), 1))
			for _, c := range Countries() {
				c.FormatMoney(r.Int64N(1e9))
				c.PersonName(r)
				MatchIndustry("dental practice in " + c.Name)
				MatchCountry(c.NativeName)
			}
			done <- true
		}()
	}
	for range 4 {
		<-done
	}
}

// TestWithoutState: an address of a city with no known state drops the
// state with its separator, whatever the format.
func TestWithoutState(t *testing.T) {
	for in, want := range map[string]string{
		"{street}, {number}, {city} - {state}, {postcode}": "{street}, {number}, {city}, {postcode}",
		"{number} {street}, {city} {state} {postcode}":     "{number} {street}, {city} {postcode}",
		"〒{postcode} {state}{city}{street}{number}":        "〒{postcode} {city}{street}{number}",
		"{street} {number}, {postcode} {city}":             "{street} {number}, {postcode} {city}",
		"{number}, {street}, {city}, {state} {postcode}":   "{number}, {street}, {city} {postcode}",
	} {
		if got := WithoutState(in); got != want {
			t.Errorf("WithoutState(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestLegalForms: legal forms are counted whole, longest first, so a
// form made of forms counts once and two forms in one name count two.
func TestLegalForms(t *testing.T) {
	for name, want := range map[string]int{
		"Kaczmarek Dental Sp.j.":    1,
		"Müller GmbH & Co. KG":      1,
		"Giordano Russo LLP S.r.l.": 2,
		"有限会社弁護士法人富士":               2,
		"弁護士法人富士":                   1,
		"ООО «Гранит-Страхование»":  1,
		"شركة النخلة المحدودة":      1,
		"Kassab Trading":            0,
		"Asahi Bakery":              0,
	} {
		if got := LegalForms(name); got != want {
			t.Errorf("LegalForms(%q) = %d, want %d", name, got, want)
		}
	}
	// Names drawn for every industry and country carry one form at most.
	r := rand.New(rand.NewPCG(4, 4))
	for _, c := range Countries() {
		for _, ind := range Industries() {
			if n := c.CompanyName(r, ind); LegalForms(n) > 1 {
				t.Errorf("%s %s: %q has %d legal forms", c.Code, ind.ID, n, LegalForms(n))
			}
		}
	}
}

// TestIndustryNamed: IndustryNamed is exactly MatchIndustry's score of 1.
func TestIndustryNamed(t *testing.T) {
	texts := []string{"a bakery in Lyon", "clinic", "dog grooming salon", "Zahnarztpraxis", "", "  "}
	for _, in := range Industries() {
		texts = append(texts, in.ID, in.Name, strings.ToUpper(in.Name))
		texts = append(texts, in.Aliases...)
	}
	for _, s := range texts {
		want, score, ok := MatchIndustry(s)
		got, named := IndustryNamed(s)
		if named != (ok && score == 1) || named && got.ID != want.ID {
			t.Errorf("IndustryNamed(%q) = %q, %v; MatchIndustry gives %q at %v, %v", s, got.ID, named, want.ID, score, ok)
		}
	}
}

// TestItemSetsAndSleeps: what an item sets in its record names a column
// of the pack's work item that has values, with one of them; a room
// sleeps one to eight and is sold by the night.
func TestItemSetsAndSleeps(t *testing.T) {
	sets, sleeps := 0, 0
	for _, in := range Industries() {
		o, wi := in.Vocabulary.Offering, in.Vocabulary.WorkItem
		for _, it := range o.Items {
			for col, v := range it.Sets {
				sets++
				i := slices.IndexFunc(wi.ExtraColumns, func(c Column) bool { return c.Name == col })
				if i < 0 || !slices.Contains(wi.ExtraColumns[i].Values, v) {
					t.Errorf("%s: item %q sets %s=%q, which %s's columns do not have", in.ID, it.Name, col, v, wi.Singular)
				}
			}
			if it.Sleeps != 0 {
				sleeps++
				if it.Sleeps < 1 || it.Sleeps > 8 || cmp.Or(it.Unit, o.Unit) != "per night" {
					t.Errorf("%s: item %q sleeps %d, sold %q", in.ID, it.Name, it.Sleeps, cmp.Or(it.Unit, o.Unit))
				}
			}
		}
	}
	if sets == 0 || sleeps == 0 {
		t.Errorf("no item sets a column (%d) or sleeps anyone (%d): the check saw nothing", sets, sleeps)
	}
}
