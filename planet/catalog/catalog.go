package catalog

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

//go:embed data/*.json
var dataFS embed.FS

// Name orders a Country may declare.
const (
	GivenFamily = "given_family" // "Anna Müller"
	FamilyGiven = "family_given" // "佐藤翔太", "Nagy Anna"
)

// Country is one country's locale facts and name, address and company
// vocabularies. Field names mirror data/countries.json.
type Country struct {
	Code                 string   `json:"code"` // ISO 3166-1 alpha-2
	Name                 string   `json:"name"` // English short name
	NativeName           string   `json:"native_name"`
	Aliases              []string `json:"aliases,omitempty"`
	Continent            string   `json:"continent"`
	Locale               string   `json:"locale"` // BCP 47
	Language             string   `json:"language"`
	Currency             string   `json:"currency"`        // ISO 4217
	CurrencyDigits       int      `json:"currency_digits"` // ISO 4217 minor units
	MoneyFormat          string   `json:"money_format"`    // "{amount} €", "R$ {amount}"
	Timezone             string   `json:"timezone"`        // main IANA zone
	CallingCode          string   `json:"calling_code"`    // "+49"
	PhoneNationalFormats []string `json:"phone_national_formats"`
	AddressFormat        string   `json:"address_format"`
	PostcodePattern      string   `json:"postcode_pattern,omitempty"`
	PostcodeLetters      string   `json:"postcode_letters,omitempty"`
	NumberPattern        string   `json:"number_pattern,omitempty"`
	States               []string `json:"states,omitempty"`
	Cities               []City   `json:"cities"`
	Streets              []string `json:"streets"`
	GivenNames           Given    `json:"given_names"`
	FamilyNames          []string `json:"family_names"`
	FamilyNamesFemale    []string `json:"family_names_female,omitempty"` // parallel to FamilyNames
	FamilyNameParts      int      `json:"family_name_parts,omitempty"`   // 2: "García López"
	NameOrder            string   `json:"name_order"`
	NamesUnspaced        bool     `json:"names_unspaced,omitempty"` // "佐藤翔太", not "佐藤 翔太"
	CompanySuffixes      []string `json:"company_suffixes"`
	CompanyStems         []string `json:"company_stems"`
	EmailTLD             string   `json:"email_tld"`
	Tax                  Tax      `json:"tax"`
	DateFormat           string   `json:"date_format"` // Go layout
	DecimalSeparator     string   `json:"decimal_separator"`
	ThousandsSeparator   string   `json:"thousands_separator"`
	WorkWeek             string   `json:"work_week"`      // "Mon-Fri", "Sun-Thu"
	BusinessHours        string   `json:"business_hours"` // "09:00-18:00"
	InvoiceDueDays       int      `json:"invoice_due_days"`
	Greeting             string   `json:"greeting"` // how a business email opens

	// LegalFormKinds sorts the forms that do not fit every firm: "small"
	// (sole traders, partnerships: only for small firms), "large" (public
	// limited and listed companies: only for large ones), "professional"
	// (LLP and the like: only from an industry's own name patterns),
	// "sole" (the sole trader's form, also small: the only form of a
	// one- or two-person business, which has none where the country has
	// no such form). A form not listed is a private limited company, fit
	// for any size.
	LegalFormKinds map[string][]string `json:"legal_form_kinds,omitempty"`
	// RegionalStems are the company stems that name a place (a region,
	// river, district), each with the catalog cities it is the home of:
	// a firm headquartered elsewhere is never named after it.
	RegionalStems map[string][]string `json:"regional_stems,omitempty"`
	// CityStreets are the streets that belong to some cities only, with
	// those cities (data/streets.json).
	CityStreets map[string][]string `json:"-"`
	// Towns are places the Cities do not list, by their local names
	// (data/places.json): where a brief's town is written in Latin
	// letters in a country that writes another script.
	Towns []City `json:"-"`
	// RegionalLocales are the country's language regions other than its
	// main one (French-speaking Switzerland, Wallonia, Québec): a business
	// headquartered in one of their cities writes that language and takes
	// its legal forms ([Country.InCity]).
	RegionalLocales []RegionalLocale `json:"regional_locales,omitempty"`
}

// RegionalLocale is a language region of a country: what a business there
// writes and is registered as, in place of the country's main locale.
type RegionalLocale struct {
	Locale          string   `json:"locale"` // BCP 47: "fr-CH"
	Language        string   `json:"language"`
	Greeting        string   `json:"greeting"`
	CompanySuffixes []string `json:"company_suffixes"`
	Cities          []string `json:"cities"` // catalog cities of the region
	// Streets and names of the region, in place of the country's (which
	// are its main language's) when given.
	Streets     []string `json:"streets,omitempty"`
	GivenNames  *Given   `json:"given_names,omitempty"`
	FamilyNames []string `json:"family_names,omitempty"`
	Source      string   `json:"source"`
}

// InCity is the country as a business headquartered in city sees it: its
// language region's locale, language, greeting and legal forms when the
// city is in one (Genève is French-speaking, Lugano Italian), else the
// country unchanged.
func (c Country) InCity(city string) Country {
	if rl, ok := c.regionOf(city); ok {
		return c.withRegion(rl)
	}
	return c
}

// regionOf is the language region of city, or of the catalog city a
// town is nearest to (Anchor).
func (c Country) regionOf(city string) (RegionalLocale, bool) {
	if len(c.RegionalLocales) == 0 {
		return RegionalLocale{}, false
	}
	for _, name := range []string{city, c.Anchor(city)} {
		for _, rl := range c.RegionalLocales {
			if slices.Contains(rl.Cities, name) {
				return rl, true
			}
		}
	}
	return RegionalLocale{}, false
}

// LanguageArea is the locale of the language region city is in, or "" for
// the country's main one: customers come from the same area as the firm.
func (c Country) LanguageArea(city string) string {
	if rl, ok := c.regionOf(city); ok {
		return rl.Locale
	}
	return ""
}

// WithLocale is the country in the language region of locale (as a
// bundle's company records it), or the country unchanged when locale is
// its main one or none of its regions'.
func (c Country) WithLocale(locale string) Country {
	for _, rl := range c.RegionalLocales {
		if rl.Locale == locale {
			return c.withRegion(rl)
		}
	}
	return c
}

func (c Country) withRegion(rl RegionalLocale) Country {
	c.Locale, c.Language, c.Greeting = rl.Locale, rl.Language, rl.Greeting
	c.CompanySuffixes = rl.CompanySuffixes
	if len(rl.Streets) > 0 {
		c.Streets = rl.Streets
	}
	if rl.GivenNames != nil {
		c.GivenNames = *rl.GivenNames
	}
	if len(rl.FamilyNames) > 0 {
		c.FamilyNames, c.FamilyNamesFemale = rl.FamilyNames, nil
	}
	return c
}

// City is a real city (or district) with postcode prefixes or samples.
type City struct {
	Name      string   `json:"name"`
	Latin     string   `json:"latin,omitempty"` // romanized name for non-Latin scripts
	State     string   `json:"state,omitempty"`
	Postcodes []string `json:"postcodes,omitempty"`
	// Near is, for a town (TownCity), the catalog city nearest to it.
	Near string `json:"-"`
	// Zone is, for a town, its own IANA time zone; "" for a catalog city
	// (seed.ZoneOf knows theirs).
	Zone string `json:"-"`
}

// Given holds given names by gender.
type Given struct {
	Female []string `json:"female"`
	Male   []string `json:"male"`
}

// Tax is the standard sales tax (VAT, GST, ...) of a country.
type Tax struct {
	Name string  `json:"name"`
	Rate float64 `json:"rate"` // percent
	Note string  `json:"note,omitempty"`
}

// Industry is a kind of business with the nouns its systems use.
// Field names mirror data/industries.json.
type Industry struct {
	ID                   string              `json:"id"`
	Name                 string              `json:"name"`
	Aliases              []string            `json:"aliases"`
	DescriptionTemplates []string            `json:"description_templates"` // {company}, {city}
	CompanyNamePatterns  []string            `json:"company_name_patterns"` // {stem}, {city}, {family}
	LocalNamePatterns    map[string][]string `json:"local_name_patterns,omitempty"`
	SizeRange            [2]int              `json:"size_range"` // employees of a mid-size firm
	Vocabulary           Vocabulary          `json:"vocabulary"`
	Services             []string            `json:"services"`
	Pack                                     // pack.go: archetypes, supplies, job titles, policies

	// A composed industry's (ComposedIndustry): its body, read from its
	// brief, and whether its English patterns are in the brief's own
	// (local) words.
	body     string
	ownWords bool
}

// Vocabulary names the generic business entities the way the industry does.
type Vocabulary struct {
	Customer Entity   `json:"customer"`
	Staff    Entity   `json:"staff"`
	WorkItem Entity   `json:"work_item"`
	Offering Offering `json:"offering"`
}

// Entity is an industry's name for a generic entity plus its extra columns.
// Only work items have States (ordered first to final) and a CancelState.
type Entity struct {
	Singular    string   `json:"singular"`
	Plural      string   `json:"plural"`
	States      []string `json:"states,omitempty"`
	CancelState string   `json:"cancel_state,omitempty"`
	// DoneKind is what reaching a work item's final state is to other
	// services when it is not finished work to invoice: "closed" for a
	// charity's thanked donation or an insurer's paid claim.
	DoneKind     string   `json:"done_kind,omitempty"`
	ExtraColumns []Column `json:"extra_columns"`
	// People, on a customer named by a general word ("customer",
	// "client"), says whether they are people (true: a jeweller's,
	// a psychotherapist's) or firms (false: an IT services firm's);
	// unset, the word decides.
	People *bool `json:"people,omitempty"`
}

// Column is an extra typed column; a text column may list enum Values.
type Column struct {
	Name   string   `json:"name"`
	Type   string   `json:"type"`
	Values []string `json:"values,omitempty"`
}

// Offering is what the industry sells, with realistic price ranges.
type Offering struct {
	Singular string `json:"singular"`
	Plural   string `json:"plural"`
	Unit     string `json:"unit"`
	Items    []Item `json:"items"`
}

// Item is one product or service; PriceRange is in EUR-equivalent major units
// per Unit, which defaults to the Offering's.
type Item struct {
	Name       string     `json:"name"`
	PriceRange [2]float64 `json:"price_range"`
	Unit       string     `json:"unit,omitempty"`
	// Sleeps is how many guests a room of a stay takes (a single room 1).
	Sleeps int `json:"sleeps,omitempty"`
	// Sets are the values a record of the item has in the work's columns
	// of values: a claim on car insurance is a motor claim.
	Sets map[string]string `json:"sets,omitempty"`
}

var columnTypes = []string{"text", "integer", "real", "boolean", "date", "datetime", "email"}

var serviceIDs = []string{
	"appointments", "reservations", "shipments", "claims", "work_orders", "listings",
	"enrolments", "projects", "fleet", "prescriptions", "memberships", "tickets_events",
	"cases", "casework", "production", "warehouse", "policies_insurance", "properties", "vehicles",
	"campaigns", "timesheets",
}

// ColumnTypes returns the column types an extra column may have.
func ColumnTypes() []string { return slices.Clone(columnTypes) }

// ServiceIDs returns the industry-specific service ids an industry may list.
func ServiceIDs() []string { return slices.Clone(serviceIDs) }

type catalog struct {
	countries  []Country // sorted by code
	byCode     map[string]int
	industries []Industry // sorted by id
	byID       map[string]int
	printers   map[string]*message.Printer
	countryIdx map[string]string // normalized name/alias/code -> code
	// countryNames are countryIdx's keys, sorted and measured (regions.go).
	countryNames []placeName
	industryIx   *industryIndex
	places       *places        // regions.go
	flavours     []Flavour      // flavour.go, in file order
	flavourIx    map[string]int // id → index in flavours
}

var load = sync.OnceValue(func() *catalog {
	c, err := parse(dataFS)
	if err != nil {
		panic("catalog: embedded data is invalid: " + err.Error())
	}
	return c
})

func parse(fsys fs.FS) (*catalog, error) {
	c := &catalog{byCode: map[string]int{}, byID: map[string]int{}, printers: map[string]*message.Printer{}}
	if err := decodeFile(fsys, "data/countries.json", &c.countries); err != nil {
		return nil, err
	}
	if err := decodeFile(fsys, "data/industries.json", &c.industries); err != nil {
		return nil, err
	}
	if err := decodeFile(fsys, "data/flavours.json", &c.flavours); err != nil {
		return nil, err
	}
	ix, err := checkFlavours(c.flavours)
	if err != nil {
		return nil, err
	}
	c.flavourIx = ix
	slices.SortFunc(c.countries, func(a, b Country) int { return strings.Compare(a.Code, b.Code) })
	slices.SortFunc(c.industries, func(a, b Industry) int { return strings.Compare(a.ID, b.ID) })
	for i, co := range c.countries {
		if _, dup := c.byCode[co.Code]; dup {
			return nil, fmt.Errorf("countries.json: duplicate code %q", co.Code)
		}
		c.byCode[co.Code] = i
		tag, err := language.Parse(co.Locale)
		if err != nil {
			return nil, fmt.Errorf("countries.json: %s: locale %q: %v", co.Code, co.Locale, err)
		}
		c.printers[co.Code] = message.NewPrinter(tag)
		if err := checkRegionalLocales(co); err != nil {
			return nil, err
		}
	}
	for i, in := range c.industries {
		if _, dup := c.byID[in.ID]; dup {
			return nil, fmt.Errorf("industries.json: duplicate id %q", in.ID)
		}
		c.byID[in.ID] = i
		if err := checkPack(in); err != nil {
			return nil, fmt.Errorf("industries.json: %s: %w", in.ID, err)
		}
		for _, f := range in.Flavours {
			if _, ok := c.flavourIx[f]; !ok {
				return nil, fmt.Errorf("industries.json: %s: flavours: no flavour %q in flavours.json", in.ID, f)
			}
		}
	}
	if err := loadCityStreets(fsys, c.countries); err != nil {
		return nil, err
	}
	if err := loadTowns(fsys, c.countries); err != nil {
		return nil, err
	}
	places, err := loadPlaces(fsys, c.countries)
	if err != nil {
		return nil, err
	}
	c.places = places
	c.countryIdx = buildCountryIndex(c.countries)
	for _, k := range slices.Sorted(maps.Keys(c.countryIdx)) {
		c.countryNames = append(c.countryNames, newPlaceName(k, -1))
	}
	c.industryIx = buildIndustryIndex(c.industries)
	return c, nil
}

// DecodeFile decodes one JSON data file strictly: unknown fields and
// trailing data are errors. Packages with data files of their own (seed)
// read them the same way.
func DecodeFile(fsys fs.FS, name string, v any) error { return decodeFile(fsys, name, v) }

func decodeFile(fsys fs.FS, name string, v any) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("%s: trailing data after the top-level value", name)
	}
	return nil
}

// Countries returns all countries sorted by code. The slice is a copy; the
// Countries in it share their inner slices with the catalog and must not be
// modified.
func Countries() []Country { return slices.Clone(load().countries) }

// CountryByCode returns the country with the ISO 3166-1 alpha-2 code,
// case-insensitively.
func CountryByCode(code string) (Country, bool) {
	c := load()
	i, ok := c.byCode[strings.ToUpper(strings.TrimSpace(code))]
	if !ok {
		return Country{}, false
	}
	return c.countries[i], true
}

// Industries returns all industries sorted by id (a copy of the slice; see Countries).
func Industries() []Industry { return slices.Clone(load().industries) }

// IndustryByID returns the industry with the id, case-insensitively.
func IndustryByID(id string) (Industry, bool) {
	c := load()
	i, ok := c.byID[strings.ToLower(strings.TrimSpace(id))]
	if !ok {
		return Industry{}, false
	}
	return c.industries[i], true
}

// FormatMoney formats an amount given in minor units (cents; yen for JPY) the
// way the country writes it: CLDR digit grouping for the locale (from
// golang.org/x/text, so Indian lakh grouping works), the country's decimal
// separator, all ISO 4217 minor digits, and the symbol placed by MoneyFormat.
func (c Country) FormatMoney(minor int64) string {
	p := load().printers[c.Code]
	if p == nil {
		tag, err := language.Parse(c.Locale)
		if err != nil {
			tag = language.Und
		}
		p = message.NewPrinter(tag)
	}
	neg := minor < 0
	u := uint64(minor)
	if neg {
		u = uint64(-minor) // two's complement also covers math.MinInt64
	}
	scale := uint64(1)
	for range c.CurrencyDigits {
		scale *= 10
	}
	whole, frac := u/scale, u%scale
	var amount string
	if whole <= 1<<63-1 {
		amount = p.Sprint(number.Decimal(int64(whole)))
	} else {
		amount = strconv.FormatUint(whole, 10)
	}
	if c.CurrencyDigits > 0 {
		amount += c.DecimalSeparator + fmt.Sprintf("%0*d", c.CurrencyDigits, frac)
	}
	format := c.MoneyFormat
	if format == "" {
		format = c.Currency + " {amount}"
	}
	s := strings.Replace(format, "{amount}", amount, 1)
	if neg {
		s = "-" + s
	}
	return s
}

// Phone returns a random number valid for the country, as
// "+CC national", e.g. "+49 30 12345678" or "+81 90-1234-5678".
func (c Country) Phone(r *rand.Rand) string {
	if len(c.PhoneNationalFormats) == 0 {
		return ""
	}
	return c.CallingCode + " " + fillPhone(r, pick(r, c.PhoneNationalFormats))
}

// FillPhone expands a phone format: '#' to 0-9, 'D' to 1-9 and 'N' to
// 2-9; everything else is literal.
func FillPhone(r *rand.Rand, pattern string) string { return fillPhone(r, pattern) }

func fillPhone(r *rand.Rand, pattern string) string {
	var b strings.Builder
	for _, ch := range pattern {
		switch ch {
		case '#':
			b.WriteByte(byte('0' + r.IntN(10)))
		case 'D':
			b.WriteByte(byte('1' + r.IntN(9)))
		case 'N':
			b.WriteByte(byte('2' + r.IntN(8)))
		default:
			b.WriteRune(ch)
		}
	}
	return b.String()
}

// PersonName returns a random person's given name, family name and full name
// in the country's order and spacing ("Anna Kowalska", "Nagy Anna",
// "佐藤翔太"). Family names take the feminine form where the country has one.
func (c Country) PersonName(r *rand.Rand) (given, family, full string) {
	female := r.IntN(2) == 0
	if female {
		given = pick(r, c.GivenNames.Female)
	} else {
		given = pick(r, c.GivenNames.Male)
	}
	family = c.familyName(r, female)
	if c.FamilyNameParts >= 2 && len(c.FamilyNames) > 1 {
		second := c.familyName(r, female)
		for second == family {
			second = c.familyName(r, female)
		}
		family += " " + second
	}
	sep := " "
	if c.NamesUnspaced {
		sep = ""
	}
	if c.NameOrder == FamilyGiven {
		return given, family, family + sep + given
	}
	return given, family, given + sep + family
}

func (c Country) familyName(r *rand.Rand, female bool) string {
	i := r.IntN(len(c.FamilyNames))
	if female && len(c.FamilyNamesFemale) == len(c.FamilyNames) {
		return c.FamilyNamesFemale[i]
	}
	return c.FamilyNames[i]
}

// Address returns a random postal address in the country's format.
func (c Country) Address(r *rand.Rand) string {
	return c.AddressIn(r, c.Cities[r.IntN(len(c.Cities))])
}

// AddressIn returns a random postal address in city, in the country's
// format.
func (c Country) AddressIn(r *rand.Rand, city City) string {
	streets := c.StreetsOf(city.Name)
	if len(streets) == 0 {
		streets = c.Streets
	}
	street := pick(r, streets)
	num := fillNumber(r, c.NumberPattern)
	postcode := c.Postcode(r, city)
	format := c.AddressFormat
	if city.State == "" {
		format = WithoutState(format)
	}
	if postcode == "" {
		format = withoutPostcode(format)
	}
	return strings.NewReplacer(
		"{street}", street,
		"{number}", num,
		"{postcode}", postcode,
		"{city}", city.Name,
		"{state}", city.State,
	).Replace(format)
}

// withoutPostcode is an address format for a place whose postcodes are
// not known: the postcode and the separator before it go.
func withoutPostcode(format string) string {
	for _, s := range []string{", {postcode}", " {postcode}", "{postcode} ", "{postcode}"} {
		if strings.Contains(format, s) {
			return strings.Replace(format, s, "", 1)
		}
	}
	return format
}

// WithoutState is an address format for a city whose state is not known
// (a place the catalog does not list): the state and the separator before
// it go, so no address reads "Santos - , 11010-000".
func WithoutState(format string) string {
	if strings.Contains(format, "{state}{") {
		return strings.Replace(format, "{state}", "", 1) // glued to the next part: 〒…県市
	}
	for _, s := range []string{" - {state}", ", {state}", " {state}", "{state}"} {
		if strings.Contains(format, s) {
			return strings.Replace(format, s, "", 1)
		}
	}
	return format
}

// Postcode returns a random postcode in city built from PostcodePattern: a
// '@' stands for one of the city's prefixes (GB outward codes); otherwise the
// prefix overlays the start of the pattern. '#' is a digit and 'A' a letter
// from PostcodeLetters (A-Z when empty). It returns "" where the country
// has no postcodes.
func (c Country) Postcode(r *rand.Rand, city City) string {
	if c.PostcodePattern == "" {
		return ""
	}
	prefix := ""
	if len(city.Postcodes) > 0 {
		prefix = pick(r, city.Postcodes)
	} else if strings.ContainsRune(c.PostcodePattern, '@') {
		// An outward code is a place's own ("CB1"): a place whose codes
		// are not known gets none rather than half of one (" 0ZQ").
		return ""
	}
	letters := c.PostcodeLetters
	if letters == "" {
		letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	}
	pat := []rune(c.PostcodePattern)
	var b strings.Builder
	start := 0
	if !strings.ContainsRune(c.PostcodePattern, '@') {
		pr := []rune(prefix)
		if len(pr) >= len(pat) {
			return prefix
		}
		b.WriteString(prefix)
		start = len(pr)
	}
	for _, ch := range pat[start:] {
		switch ch {
		case '@':
			b.WriteString(prefix)
		case '#':
			b.WriteByte(byte('0' + r.IntN(10)))
		case 'A':
			b.WriteByte(letters[r.IntN(len(letters))])
		default:
			b.WriteRune(ch)
		}
	}
	return b.String()
}

// PostcodeForm matches the postcodes Postcode draws; nil where the
// country has no postcodes.
func (c Country) PostcodeForm() *regexp.Regexp {
	if c.PostcodePattern == "" {
		return nil
	}
	var b strings.Builder
	b.WriteString("^")
	letters := c.PostcodeLetters
	if letters == "" {
		letters = "A-Z"
	}
	for _, ch := range c.PostcodePattern {
		switch ch {
		case '#':
			b.WriteString("[0-9]")
		case 'A':
			b.WriteString("[" + letters + "]")
		case '@':
			b.WriteString("[A-Z0-9]{2,4}")
		default:
			b.WriteString(regexp.QuoteMeta(string(ch)))
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// fillNumber expands each run of n '#' into a number from 1 to 10^n-1
// ("#-##-##" gives "3-14-7"); an empty pattern means "##".
func fillNumber(r *rand.Rand, pattern string) string {
	if pattern == "" {
		pattern = "##"
	}
	var b strings.Builder
	rs := []rune(pattern)
	for i := 0; i < len(rs); {
		if rs[i] != '#' {
			b.WriteRune(rs[i])
			i++
			continue
		}
		n := 0
		for i < len(rs) && rs[i] == '#' {
			n++
			i++
		}
		limit := 1
		for range n {
			limit *= 10
		}
		b.WriteString(strconv.Itoa(1 + r.IntN(limit-1)))
	}
	return b.String()
}

// stemsFor are the company stems a firm in city may take: every stem but
// the regional ones of other places (a Utrecht shop is not "Veluwe …").
// An empty city (a supplier of anywhere) takes any stem.
func (c Country) stemsFor(city string) []string {
	if city == "" || len(c.RegionalStems) == 0 {
		return c.CompanyStems
	}
	var out []string
	for _, s := range c.CompanyStems {
		if homes, regional := c.RegionalStems[s]; !regional || slices.Contains(homes, city) {
			out = append(out, s)
		}
	}
	return out
}

// CompanyName returns a plausible local company name for an industry, with a
// legal form: "Müller Dental GmbH", "株式会社佐藤歯科", "ООО «Стоматология Вектор»".
// Industry patterns in the country's language are used when the industry has
// them (LocalNamePatterns keyed by locale, then base language); otherwise
// the industry's generic CompanyNamePatterns. A {city} in the pattern is a
// random city of the country; CompanyNameIn names the headquarters city.
func (c Country) CompanyName(r *rand.Rand, ind Industry) string {
	return c.CompanyNameIn(r, ind, "")
}

func (ind Industry) localPatterns(locale string) []string {
	if p := ind.LocalNamePatterns[locale]; len(p) > 0 {
		return p
	}
	base, _, _ := strings.Cut(locale, "-")
	return ind.LocalNamePatterns[base]
}

// expandCompany fills {stem}, {family} and {city}; each occurrence is drawn
// separately.
func (c Country) expandCompany(r *rand.Rand, pattern, city string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(pattern, '{')
		if i < 0 {
			b.WriteString(pattern)
			return b.String()
		}
		j := strings.IndexByte(pattern[i:], '}')
		if j < 0 {
			b.WriteString(pattern)
			return b.String()
		}
		b.WriteString(pattern[:i])
		switch pattern[i+1 : i+j] {
		case "stem":
			b.WriteString(pick(r, c.stemsFor(city)))
		case "family":
			b.WriteString(c.SurnameAlone(c.FamilyNames[r.IntN(len(c.FamilyNames))]))
		case "city":
			if city != "" {
				b.WriteString(city)
			} else {
				b.WriteString(c.Cities[r.IntN(len(c.Cities))].Name)
			}
		default:
			b.WriteString(pattern[i : i+j+1])
		}
		pattern = pattern[i+j+1:]
	}
}

// SurnameAlone is a family name as it is written with no given name
// before it, in a firm's name or after "Mr": in Dutch and Afrikaans its
// first particle is capitalised ("de Vries" → "De Vries"); elsewhere it
// is written as it is.
func (c Country) SurnameAlone(family string) string {
	if !slices.Contains(namingData().SurnameCapitalAlone.Countries, c.Code) {
		return family
	}
	r, size := utf8.DecodeRuneInString(family)
	return string(unicode.ToUpper(r)) + family[size:]
}

func pick(r *rand.Rand, xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return xs[r.IntN(len(xs))]
}

// checkRegionalLocales rejects a language region that is not one: a bad
// locale, one of another language's country, no legal forms, or a city the
// country does not have or another region already claims.
func checkRegionalLocales(co Country) error {
	claimed := map[string]string{}
	for i, rl := range co.RegionalLocales {
		at := fmt.Sprintf("countries.json: %s: regional_locales[%d]", co.Code, i)
		tag, err := language.Parse(rl.Locale)
		if err != nil {
			return fmt.Errorf("%s: locale %q: %v", at, rl.Locale, err)
		}
		if reg, _ := tag.Region(); reg.String() != co.Code {
			return fmt.Errorf("%s: locale %q is not of %s", at, rl.Locale, co.Code)
		}
		if rl.Locale == co.Locale || rl.Language == "" || rl.Greeting == "" || len(rl.CompanySuffixes) == 0 || len(rl.Cities) == 0 || rl.Source == "" {
			return fmt.Errorf("%s (%s): needs its own locale, a language, a greeting, company suffixes, cities and a source", at, rl.Locale)
		}
		for _, city := range rl.Cities {
			if !slices.ContainsFunc(co.Cities, func(c City) bool { return c.Name == city }) {
				return fmt.Errorf("%s (%s): %q is not a city of %s", at, rl.Locale, city, co.Code)
			}
			if other, taken := claimed[city]; taken {
				return fmt.Errorf("%s (%s): %q is already in %s", at, rl.Locale, city, other)
			}
			claimed[city] = rl.Locale
		}
	}
	return nil
}
