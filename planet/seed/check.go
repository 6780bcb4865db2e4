package seed

import (
	"encoding/json"
	"fmt"
	"math"
	"net/mail"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/phoneplan"
)

// Checker checks values against their kinds for one world.
type Checker struct {
	Country catalog.Country
	Clock   time.Time
	Domain  string // the company's email domain, from its website
	Lang    string // the business language ("pl")
	Company string // the company's name, which any text may quote
	// Industry is the catalog id of the company's industry, for ranges
	// that differ by industry (a combine harvester's price).
	Industry string
	// industryGuessed: Industry was matched from a brief's own words, so
	// whether its services are exempt from tax is not certain.
	industryGuessed bool

	streets, cities, names map[string]bool
	home                   string          // a headquarters city the catalog does not list
	hq                     string          // the headquarters address: the city in it is the world's own
	native                 map[string]bool // words only the world's language uses
	postcode               *regexp.Regexp
	homePostcodes          []string // of a headquarters town (AddHome)
	tax                    Tax
	hasTax                 bool
}

// NewChecker makes a Checker for a country, clock and company domain.
func NewChecker(c catalog.Country, clock time.Time, domain string) *Checker {
	ck := &Checker{Country: c, Clock: clock, Domain: strings.ToLower(domain), streets: map[string]bool{}, cities: map[string]bool{}, names: map[string]bool{}}
	ck.Lang, _, _ = strings.Cut(c.Locale, "-")
	for _, s := range c.Streets {
		ck.streets[s] = true
	}
	for _, ci := range c.Cities {
		ck.cities[ci.Name] = true
		if ci.Latin != "" {
			ck.cities[ci.Latin] = true
		}
	}
	for _, n := range slices.Concat(c.GivenNames.Female, c.GivenNames.Male, c.FamilyNames, c.FamilyNamesFemale) {
		ck.names[n] = true
	}
	ck.postcode = c.PostcodeForm()
	ck.tax, ck.hasTax = TaxOf(c.Code)
	ck.native = nativeWords(c, c.Locale)
	return ck
}

// AddHome accepts city, the headquarters' own, as a city of the world
// though the catalog does not list it: a town's addresses must carry one
// of its postcodes (catalog.Town); a place neither knows has none to
// check, nor area codes.
func (ck *Checker) AddHome(city string) {
	ck.home = city
	ck.cities[city] = true
	// A town of GeoNames has its own postcodes: its addresses carry one
	// (of any town of the name: the address does not say which).
	for _, t := range ck.Country.TownsNamed(city) {
		ck.homePostcodes = append(ck.homePostcodes, t.Postcodes...)
	}
}

// postcodeStem is what every postcode of a place shares with the one
// GeoNames gives for it: a municipality's general code stands for its
// range ("11000-000" for all of Santos' 11xxx-xxx), so its trailing zeros
// go.
func postcodeStem(code string) string {
	if stem := strings.TrimRight(code, "0-"); len(stem) >= 2 {
		return stem
	}
	return code
}

// IsStreet reports whether s is one of the country's street names.
func (ck *Checker) IsStreet(s string) bool { return ck.streets[s] }

// IsCity reports whether s is one of the country's cities.
func (ck *Checker) IsCity(s string) bool { return ck.cities[s] }

var freeMailDomains = []string{"gmail.com", "outlook.com", "yahoo.com", "icloud.com", "proton.me", "hotmail.com"}

var (
	placeholderLocal  = regexp.MustCompile(`^(mail|contact|office|info|user)[0-9]+$`)
	placeholderDomain = regexp.MustCompile(`^(firm|company|example)[0-9]*\.`)
)

// Check returns what is wrong with value v of a column of kind k (empty
// when nothing is). row is the value's row, for rules that compare
// columns; st is the row's stage.
func (ck *Checker) Check(column string, k Kind, v any, row map[string]any, st Stage) []string {
	if v == nil {
		return nil
	}
	r, _ := RuleOf(column, k)
	r = r.ForIndustry(ck.Industry)
	s, isText := v.(string)
	var out []string
	bad := func(format string, a ...any) { out = append(out, fmt.Sprintf(format, a...)) }
	switch {
	case r.IsMoney() || k == TaxAmount:
		n, ok := asInt(v)
		if !ok {
			bad("%v is not an integer amount in minor units", v)
			break
		}
		if r.IsMoney() {
			scale := math.Pow10(ck.Country.CurrencyDigits) * PriceLevel(ck.Country.Currency)
			// Zero is "none" (no deposit taken); the range catches the
			// amounts that mean nothing: a monthly rent of 2.90.
			lo, hi := r.Money[0]*scale/10, r.Money[1]*scale*5
			if n != 0 && (float64(n) < math.Floor(lo) || float64(n) > hi) {
				bad("%s %d is outside the range of a %s (%.0f–%.0f minor units of %s)", column, n, strings.ReplaceAll(string(k), "_", " "), lo, hi, ck.Country.Currency)
			}
		}
		if r.AtMost != "" {
			if cap, ok := asInt(row[r.AtMost]); ok && n > cap {
				bad("%s %d is more than %s %d", column, n, r.AtMost, cap)
			}
		}
	case k == TaxRate:
		f, _ := asFloat(v)
		if ck.industryGuessed && f == 0 {
			break // exempt or not, Planet read the brief; 0 is a rate it gives
		}
		if Exempt(ck.Industry) && f != 0 && !ck.industryGuessed {
			bad("tax rate %v%% on the services of an industry exempt from %s", f, ck.Country.Tax.Name)
		} else if ck.hasTax && !Exempt(ck.Industry) && f != ck.tax.StandardRate && !slices.Contains(ck.tax.ReducedRates, f) {
			bad("tax rate %v%% is not a rate of %s (standard %v%%)", f, ck.Country.Code, ck.tax.StandardRate)
		}
	case k == DateOfBirth:
		d, ok := asDate(v)
		if !ok {
			bad("%v is not a date", v)
			break
		}
		lo, hi := 0.0, 110.0
		if len(r.Range) == 2 {
			lo, hi = r.Range[0]-1, r.Range[1]+1
		}
		if age := ck.Clock.Sub(d).Hours() / 24 / 365.25; age < lo || age > hi {
			bad("date of birth %s makes an age of %.0f at the clock start, outside %.0f–%.0f", s, age, lo, hi)
		}
	case k == RecordTime:
		d, ok := asDate(v)
		switch {
		case !ok:
			bad("%v is not a date", v)
		case strings.Contains(s, "T") && d.After(ck.Clock):
			bad("%s %s is after the clock start %s: a record made in the future", column, s, ck.Clock.Format(time.RFC3339))
		case !strings.Contains(s, "T") && ck.day(d).After(ck.day(ck.Clock)):
			bad("%s %s is after the clock start %s: a record made in the future", column, s, ck.Clock.Format(time.DateOnly))
		}
	case k == PastDate, k == ExpiryDate, k == FutureDate, k == EventDate, k == DueDate, k == EventTime, k == DueTime:
		d, ok := asDate(v)
		if !ok {
			bad("%v is not a date", v)
			break
		}
		today := ck.day(ck.Clock)
		day := ck.day(d)
		switch {
		case r.NotBefore != "" && beforeColumn(day, row[r.NotBefore]):
			bad("%s %s is before %s %v", column, s, r.NotBefore, row[r.NotBefore])
		case k == PastDate && day.After(today):
			bad("%s %s is after the clock start %s", column, s, today.Format(time.DateOnly))
		case k == ExpiryDate && day.Before(today):
			bad("%s %s has expired before the clock start %s", column, s, today.Format(time.DateOnly))
		case k == FutureDate && !day.After(today):
			bad("%s %s is not after the clock start %s", column, s, today.Format(time.DateOnly))
		case (k == EventDate || k == EventTime) && st == Done && day.After(today):
			bad("%s %s is in the future but the row is done", column, s)
		case (k == EventDate || k == EventTime) && st == Planned && day.Before(today):
			bad("%s %s has passed but the row is still planned", column, s)
		case (k == DueDate || k == DueTime) && (st == Planned || st == Underway) && day.Before(today):
			bad("%s %s has passed but the row is still open", column, s)
		}
	case len(r.Range) == 2 || len(r.Choices) > 0:
		f, ok := asFloat(v)
		if !ok {
			bad("%v is not a number", v)
			break
		}
		if len(r.Choices) > 0 {
			if !slices.Contains(r.Choices, f) {
				bad("%s %v is not one of %v", column, f, r.Choices)
			}
			break
		}
		lo, hi := r.Range[0], r.Range[1]
		if k == Year {
			lo, hi = lo+float64(ck.Clock.Year()), hi+float64(ck.Clock.Year())
		}
		if f < lo || f > hi {
			bad("%s %v is outside %v–%v", column, f, lo, hi)
		}
	case !isText:
		bad("%v is not text", v)
	default:
		out = append(out, ck.checkText(column, k, r, s, row)...)
	}
	return out
}

func (ck *Checker) checkText(column string, k Kind, r Rule, s string, row map[string]any) []string {
	var out []string
	bad := func(format string, a ...any) { out = append(out, fmt.Sprintf(format, a...)) }
	if k == Term && isTerm(column, ck.Industry, ck.Country.Locale, s) {
		return nil // the industry's own word, a port city as much as a stone
	}
	if msg := ck.foreignScript(s); msg != "" {
		bad("%s", msg)
	}
	if k != StreetAddress && k != Venue && ck.streets[s] && !(k == City && ck.cities[s]) {
		bad("%q is a street name, not a %s", s, strings.ReplaceAll(string(k), "_", " "))
	}
	if k != City && k != StreetAddress && k != Venue && ck.cities[s] {
		bad("%q is a city, not a %s", s, strings.ReplaceAll(string(k), "_", " "))
	}
	switch k {
	case PersonName, StaffName:
		if strings.ContainsFunc(s, unicode.IsDigit) {
			bad("person name %q has digits", s)
		} else if !ck.hasNameFromPool(s) {
			bad("%q has no given or family name of %s", s, ck.Country.Code)
		}
	case City:
		if !ck.cities[s] && !(ck.hq != "" && strings.Contains(ck.hq, s)) && !ck.townNearHome(s) {
			bad("%q is not a city of %s", s, ck.Country.Code)
		}
	case Postcode:
		if ck.postcode != nil && !ck.postcode.MatchString(s) {
			bad("postcode %q does not have the form %s", s, ck.Country.PostcodePattern)
		}
	case StreetAddress:
		out = append(out, ck.checkAddress(s)...)
	case Phone:
		if !phoneplan.Valid(s, ck.Country.Code) {
			bad("%q is not a valid %s phone number", s, ck.Country.Code)
		} else if city, ok := row["city"].(string); ok {
			if msg := ck.checkPhoneArea(s, city); msg != "" {
				bad("%s", msg)
			}
		}
	case Email, OrgEmail, StaffEmail:
		a, err := mail.ParseAddress(s)
		if err != nil || a.Address != s {
			bad("%q is not an email address", s)
			break
		}
		local, domain, _ := strings.Cut(strings.ToLower(s), "@")
		if placeholderLocal.MatchString(local) || placeholderDomain.MatchString(domain) {
			bad("%q looks like a placeholder address", s)
		}
		if k == StaffEmail && ck.Domain != "" && domain != ck.Domain {
			bad("staff address %q is not at the company's domain %s", s, ck.Domain)
		}
		if k == OrgEmail && slices.Contains(freeMailDomains, domain) {
			bad("organisation address %q is at a free mail provider", s)
		}
	case LicenceNumber, MeterNumber, LoyaltyNumber, RxNumber, SKU, TrackingNumber, VIN, Reference:
		switch {
		case r.Shape != "":
			if !regexp.MustCompile(r.Shape).MatchString(s) {
				bad("%s %q does not have the form %s", column, s, r.Shape)
			}
		case r.PatternIn(ck.Country.Code) != "" && !PatternRegexp(r.PatternIn(ck.Country.Code), ck.Country.Code).MatchString(s):
			bad("%s %q does not have the form %s", column, s, r.PatternIn(ck.Country.Code))
		}
	case Sector:
		// A composed industry's nearest pack is a guess: its customers'
		// sectors are not held against it.
		if !ck.industryGuessed && foreignSector(ck.Industry, ck.Country.Locale, s) {
			bad("%q is not a sector the customers of %s are in", s, ck.Industry)
		}
	case TaxID:
		if ck.hasTax && !PatternRegexp(ck.tax.TaxIDPattern, ck.Country.Code).MatchString(s) {
			bad("tax id %q does not have the %s form %s", s, ck.tax.TaxIDLabel, ck.tax.TaxIDPattern)
		}
	case CompanyName:
		if n := catalog.LegalForms(s); n > 1 {
			bad("company name %q has %d legal forms", s, n)
		}
		for _, f := range englishNameFindings(ck.Country, "", s) {
			bad("%s", strings.TrimPrefix(f, ": "))
		}
	case Term:
		if !isTerm(column, ck.Industry, ck.Country.Locale, s) {
			bad("%q is not a word of %s (terms.json)", s, column)
		}
	case PetName:
		if strings.ContainsFunc(s, unicode.IsDigit) {
			bad("pet name %q has digits", s)
		}
	}
	if msg := ck.mixedLanguage(s); msg != "" && (k == Message || k == Note) && column != "" {
		bad("%s", msg)
	}
	return out
}

// hasNameFromPool reports whether a name has a given or family name of the
// country (names in unspaced scripts: as a prefix or suffix).
func (ck *Checker) hasNameFromPool(s string) bool {
	for _, part := range strings.Fields(s) {
		if ck.names[part] {
			return true
		}
	}
	// Names of several words ("Siti Aminah", "El Fassi") and unspaced
	// names ("佐藤翔太").
	for n := range ck.names {
		if strings.Contains(s, n) {
			return true
		}
	}
	return false
}

// checkAddress checks that an address names a city of the country and,
// where that city has postcode prefixes, a postcode of that city (a
// street may be named after another city, so any named city will do).
func (ck *Checker) checkAddress(s string) []string {
	if msg := ck.mixedScript(s); msg != "" {
		return []string{msg}
	}
	if !strings.Contains(ck.Country.AddressFormat, "{city}") {
		return nil // "…, Singapore 048875": the country is the city
	}
	var named []string
	for _, c := range ck.Country.Cities {
		if !strings.Contains(s, c.Name) {
			continue
		}
		named = append(named, c.Name)
		// A street of a city the address also names is that city's ("…
		// Commonwealth Avenue, Quezon City, 1100 Metro Manila" names Manila
		// only inside Metro Manila).
		if street, homes, ok := ck.streetOfOtherCity(s, c.Name); ok && !slices.ContainsFunc(homes, func(h string) bool { return strings.Contains(s, h) }) {
			return []string{fmt.Sprintf("address %q in %s is on %s, a street of %s", s, c.Name, street, strings.Join(homes, " or "))}
		}
		if len(c.Postcodes) == 0 || ck.postcode == nil || !strings.Contains(ck.Country.AddressFormat, "{postcode}") {
			return nil
		}
		for _, p := range c.Postcodes {
			if strings.Contains(s, p) {
				return nil
			}
		}
	}
	if len(named) == 0 && ck.home != "" && strings.Contains(s, ck.home) {
		if len(ck.homePostcodes) == 0 || ck.postcode == nil || !strings.Contains(ck.Country.AddressFormat, "{postcode}") ||
			slices.ContainsFunc(ck.homePostcodes, func(p string) bool { return strings.Contains(s, postcodeStem(p)) }) {
			return nil
		}
		return []string{fmt.Sprintf("address %q has no postcode of %s (%s)", s, ck.home, strings.Join(ck.homePostcodes, ", "))}
	}
	if len(named) == 0 {
		return []string{fmt.Sprintf("address %q names no city of %s", s, ck.Country.Code)}
	}
	return []string{fmt.Sprintf("address %q has no postcode of %s", s, strings.Join(named, " or "))}
}

// mixedScript reports an address written in two scripts: a town in
// Latin letters in a Japanese address ("〒874-0920 大分県Beppu旭町"),
// or one in Cyrillic in a Latin one. A local writes the whole address in
// the country's script.
func (ck *Checker) mixedScript(s string) string {
	latin, other := 0, 0
	for _, r := range s {
		switch {
		case !unicode.IsLetter(r):
		case unicode.Is(unicode.Latin, r):
			latin++
		default:
			other++
		}
	}
	if ck.Country.WritesLatin() && other > 0 || !ck.Country.WritesLatin() && latin > 0 {
		return fmt.Sprintf("address %q mixes Latin letters with another script; %s addresses are written in one", s, ck.Country.Code)
	}
	return ""
}

// mixedLanguage reports a text that is partly English and partly the
// world's language ("Szanowni Państwo, this is to let you know…").
func (ck *Checker) mixedLanguage(s string) string {
	if ck.Company != "" {
		s = strings.ReplaceAll(s, ck.Company, "")
	}
	if ck.Lang == "en" || len(strings.Fields(s)) < 4 {
		return ""
	}
	en := countWords(s, LexiconFor("en").Stopwords)
	if en < 2 {
		return ""
	}
	native := false
	for _, w := range words(s) {
		if ck.native[w] {
			native = true
			break
		}
	}
	if !native {
		for _, r := range s {
			if r > unicode.MaxLatin1 && !unicode.Is(unicode.Latin, r) && unicode.IsLetter(r) {
				native = true
				break
			}
		}
	}
	if native {
		return fmt.Sprintf("%q mixes English with the world's language (%s)", clip(s), ck.Lang)
	}
	return ""
}

func countWords(s string, list []string) int {
	n := 0
	for _, f := range words(s) {
		if slices.Contains(list, f) {
			n++
		}
	}
	return n
}

// words splits a text into lower-case words.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
}

// nativeWords are words that mark a text as written in the language: its
// stopwords, the country's greeting and the words of its lexicon, less
// any word English uses too ("de", "a"). The lexicon is the locale's own
// (zh-TW, de-CH) where it has one, the one its worlds are written from.
func nativeWords(c catalog.Country, locale string) map[string]bool {
	out := map[string]bool{}
	lx := LexiconFor(locale)
	if lx.Language == "en" {
		return out
	}
	en := map[string]bool{}
	enLex := LexiconFor("en")
	for _, w := range enLex.Stopwords {
		en[w] = true
	}
	for _, ss := range enLex.Text {
		for _, s := range ss {
			for _, w := range words(s) {
				en[w] = true
			}
		}
	}
	add := func(s string, min int) {
		for _, w := range words(s) {
			if len([]rune(w)) >= min && !en[w] {
				out[w] = true
			}
		}
	}
	for _, w := range lx.Stopwords {
		add(w, 1)
	}
	add(c.Greeting, 3)
	for _, ss := range lx.Text {
		for _, s := range ss {
			add(s, 4)
		}
	}
	return out
}

func clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}

// day is the calendar day as written (a date-time keeps its own offset).
func (ck *Checker) day(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

func asInt(v any) (int64, bool) {
	switch n := v.(type) {
	case json.Number:
		i, err := n.Int64()
		return i, err == nil
	case int64:
		return n, true
	case int:
		return int64(n), true
	case float64:
		return int64(n), n == math.Trunc(n)
	}
	return 0, false
}

// Number reads a seed or JSON value as a number (false for text, null).
func Number(v any) (float64, bool) { return asFloat(v) }

func asFloat(v any) (float64, bool) {
	switch n := v.(type) {
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	case int64:
		return float64(n), true
	case int:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}

func asDate(v any) (time.Time, bool) {
	s, ok := v.(string)
	if !ok {
		return time.Time{}, false
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, true
	}
	if t, err := time.ParseInLocation(time.DateOnly, s, time.UTC); err == nil {
		return t, true
	}
	return time.Time{}, false
}

// CheckTax checks an invoice row: net + tax = gross, and the tax is the
// rate's share of the gross (to the minor unit).
func (ck *Checker) CheckTax(gross, net, tax, rate any) []string {
	g, ok1 := asInt(gross)
	n, ok2 := asInt(net)
	t, ok3 := asInt(tax)
	r, ok4 := asFloat(rate)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return nil
	}
	var out []string
	if n+t != g {
		out = append(out, fmt.Sprintf("net %d + tax %d is not the amount %d", n, t, g))
	}
	if _, want := Split(g, r); t-want > 1 || want-t > 1 {
		out = append(out, fmt.Sprintf("tax %d is not %v%% of the amount %d (want %d)", t, r, g, want))
	}
	return out
}

// beforeColumn reports whether day is before the date in v.
func beforeColumn(day time.Time, v any) bool {
	d, ok := asDate(v)
	return ok && day.Before(time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC))
}

// streetOfOtherCity finds in an address in city a street that belongs to
// other cities (streets.json), as a whole word.
func (ck *Checker) streetOfOtherCity(address, city string) (string, []string, bool) {
	for street := range ck.Country.CityStreets {
		i := strings.Index(address, street)
		if i < 0 {
			continue
		}
		before, _ := utf8.DecodeLastRuneInString(address[:i])
		after, _ := utf8.DecodeRuneInString(address[i+len(street):])
		if i > 0 && unicode.IsLetter(before) || i+len(street) < len(address) && unicode.IsLetter(after) {
			continue
		}
		if homes, elsewhere := ck.Country.StreetElsewhere(street, city); elsewhere {
			return street, homes, true
		}
	}
	return "", nil, false
}

// townNearHome reports whether a place is a town whose nearest catalog
// city is the headquarters' (a depot in Oława beside a Wrocław
// headquarters): as real a place of the world as its cities.
func (ck *Checker) townNearHome(s string) bool {
	if ck.hq == "" {
		return false
	}
	for _, t := range ck.Country.TownsNamed(s) {
		if t.Near != "" && strings.Contains(ck.hq, t.Near) {
			return true
		}
	}
	return false
}
