package seed

import (
	"embed"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/mercury/mcp-world/planet/catalog"
)

//go:embed data/*.json data/lexicon/*.json data/translations/*.json
var dataFS embed.FS

// Kind is what a column's values mean: a person's name, a postcode, a
// monthly rent. The generator draws each kind from its own pool, and the
// realism validator checks a value against its kind.
type Kind string

// The kinds the generator and the validator know.
const (
	PersonName     Kind = "person_name"
	StaffName      Kind = "staff_name"
	CompanyName    Kind = "company_name"
	StreetAddress  Kind = "street_address"
	City           Kind = "city"
	Venue          Kind = "venue"
	Destination    Kind = "destination" // a country travelled to
	Postcode       Kind = "postcode"
	Phone          Kind = "phone"
	Email          Kind = "email"
	OrgEmail       Kind = "org_email"
	StaffEmail     Kind = "staff_email"
	PetName        Kind = "pet_name"
	LicenceNumber  Kind = "licence_number"
	MeterNumber    Kind = "meter_number"
	LoyaltyNumber  Kind = "loyalty_number"
	RxNumber       Kind = "rx_number"
	SKU            Kind = "sku"
	TrackingNumber Kind = "tracking_number"
	VIN            Kind = "vin"
	Reference      Kind = "reference"
	TaxID          Kind = "tax_id"
	Period         Kind = "period"
	Language       Kind = "language"
	Nationality    Kind = "nationality"
	JobTitle       Kind = "job_title"
	Sector         Kind = "sector"
	ClassName      Kind = "class_name"
	Certification  Kind = "certification"
	Subject        Kind = "subject"
	Grade          Kind = "grade"
	CarModel       Kind = "car_model"
	Offering       Kind = "offering"
	Note           Kind = "note"
	// Term is a word of the industry's own vocabulary (a jeweller's
	// stones, a joiner's woods), drawn from data/terms.json.
	Term    Kind = "term"
	Message Kind = "message" // an email or chat body, a document text

	UnitPrice        Kind = "unit_price"
	MonthlyRent      Kind = "monthly_rent"
	Salary           Kind = "salary"
	ContractValue    Kind = "contract_value"
	Fee              Kind = "fee"
	Deposit          Kind = "deposit"
	Budget           Kind = "budget"
	CreditLimit      Kind = "credit_limit"
	HourlyRate       Kind = "hourly_rate"
	DayRate          Kind = "day_rate"
	RatePerWord      Kind = "rate_per_word"
	RecurringRevenue Kind = "recurring_revenue"
	OrderTotal       Kind = "order_total"
	ClaimAmount      Kind = "claim_amount"
	Amount           Kind = "amount"
	TaxAmount        Kind = "tax_amount"
	TaxRate          Kind = "tax_rate"

	Percent         Kind = "percent"
	Measure         Kind = "measure"
	Year            Kind = "year"
	Quantity        Kind = "quantity"
	DurationMinutes Kind = "duration_minutes"
	Score           Kind = "score"
	PaymentTerms    Kind = "payment_terms"
	SLAHours        Kind = "sla_hours"

	DateOfBirth Kind = "date_of_birth"
	PastDate    Kind = "past_date"
	ExpiryDate  Kind = "expiry_date"
	FutureDate  Kind = "future_date" // a next delivery, a next visit
	RecordTime  Kind = "record_time" // when a record was made: never after the clock
	EventDate   Kind = "event_date"
	DueDate     Kind = "due_date"
	EventTime   Kind = "event_time"
	DueTime     Kind = "due_time"
)

// Rule says which columns have a kind and how their values are drawn.
// Field names mirror data/kinds.json.
type Rule struct {
	Kind    Kind     `json:"kind"`
	Columns []string `json:"columns"`
	// Type limits the rule to columns of that type, where one name means
	// two things (a music exam's grade 1–8, a civil servant's pay grade).
	Type     string    `json:"type,omitempty"`
	Suffixes []string  `json:"suffixes,omitempty"`
	Money    []float64 `json:"money,omitempty"` // EUR-equivalent major units [lo, hi]
	Cents    bool      `json:"cents,omitempty"` // keep fractions of a major unit (rates per word)
	Round    float64   `json:"round,omitempty"` // round money to this many major units
	AtMost   string    `json:"at_most,omitempty"`
	// Of and Times draw money as a multiple of the row's column Of (a
	// claim of 0.2–8 times the premium of the policy it is on), within
	// Money.
	Of      string    `json:"of,omitempty"`
	Times   []float64 `json:"times,omitempty"`
	Range   []float64 `json:"range,omitempty"` // counts, measures; days or years for dates
	Step    float64   `json:"step,omitempty"`
	Choices []float64 `json:"choices,omitempty"`
	Pattern string    `json:"pattern,omitempty"`
	// PatternByCountry overrides Pattern per country (number plates).
	PatternByCountry map[string]string `json:"pattern_by_country,omitempty"`
	Shape            string            `json:"shape,omitempty"`  // regexp the validator accepts, when wider than Pattern
	Anchor           string            `json:"anchor,omitempty"` // the row's date column a date follows
	// ExtraOnly limits the rule to industry extra columns: "subject" is a
	// school subject there, an email's subject line elsewhere.
	ExtraOnly bool `json:"extra_only,omitempty"`
	// NotBefore names a date column of the row this date cannot precede
	// (a last visit is not before the patient registered).
	NotBefore string `json:"not_before,omitempty"`
	// ByIndustry narrows Money (or Range) for industries whose values
	// differ from the general range (a lawyer's hour against a
	// trainer's, a coach's passengers against a taxi's).
	ByIndustry map[string][]float64 `json:"by_industry,omitempty"`
}

// ForIndustry returns the rule with the money range (or range) of an
// industry.
func (r Rule) ForIndustry(id string) Rule {
	m, ok := r.ByIndustry[id]
	switch {
	case !ok || len(m) != 2:
	case r.IsMoney():
		r.Money = m
	default:
		r.Range = m
	}
	return r
}

// PatternIn is the rule's pattern in a country.
func (r Rule) PatternIn(country string) string {
	if p, ok := r.PatternByCountry[country]; ok {
		return p
	}
	return r.Pattern
}

// IsMoney reports whether the rule's values are amounts of money, stored
// as integers in the currency's minor units.
func (r Rule) IsMoney() bool { return len(r.Money) == 2 }

type kindsFile struct {
	About string `json:"about"`
	Rules []Rule `json:"rules"`
}

type tables struct {
	rules    []Rule
	byColumn map[string][]int // a column's rules, one per type at most
	lexicons map[string]*Lexicon
	taxes    map[string]Tax
	exempt   []string // industries exempt from VAT/GST
	units    map[string][2]int
	cities   map[string]countryCities
	supplies *suppliesFile
	romanize map[string]map[string]string   // letters, by language
	names    map[string]map[string]string   // whole names, by locale or language
	terms    map[string]map[string][]string // column → language → words
	tenancy  map[string]Tenancy             // country → deposit custom
	sectors  *sectorsFile
	scripts  map[string]string // locale → characters it does not write
	// termSources are the English strings translation files translate,
	// sorted; translations are their local terms (translations.go).
	termSources  []string
	translations *translations
	// termsNeutral are the term columns the same in every language.
	termsNeutral map[string]bool
}

var load = sync.OnceValue(func() *tables {
	t, err := parse(dataFS)
	if err != nil {
		panic("seed: embedded data is invalid: " + err.Error())
	}
	return t
})

func parse(fsys fs.FS) (*tables, error) {
	var kf kindsFile
	if err := decodeFile(fsys, "data/kinds.json", &kf); err != nil {
		return nil, err
	}
	t := &tables{rules: kf.Rules, byColumn: map[string][]int{}}
	for i, r := range kf.Rules {
		if !slices.Contains(allKinds, r.Kind) {
			return nil, fmt.Errorf("kinds.json: rule %d: unknown kind %q", i, r.Kind)
		}
		if r.Shape != "" {
			if _, err := regexp.Compile(r.Shape); err != nil {
				return nil, fmt.Errorf("kinds.json: rule %d: shape: %v", i, err)
			}
		}
		for _, c := range r.Columns {
			for _, j := range t.byColumn[c] {
				if kf.Rules[j].Type == "" || r.Type == "" || kf.Rules[j].Type == r.Type {
					return nil, fmt.Errorf("kinds.json: column %q has two rules (give each a different type)", c)
				}
			}
			t.byColumn[c] = append(t.byColumn[c], i)
		}
	}
	var err error
	if t.lexicons, err = parseLexicons(fsys); err != nil {
		return nil, err
	}
	if t.taxes, t.exempt, err = parseTaxes(fsys); err != nil {
		return nil, err
	}
	if t.units, err = parseUnits(fsys); err != nil {
		return nil, err
	}
	if t.cities, err = parseCities(fsys); err != nil {
		return nil, err
	}
	if t.supplies, err = parseSupplies(fsys); err != nil {
		return nil, err
	}
	if t.romanize, t.names, err = parseRomanize(fsys); err != nil {
		return nil, err
	}
	if t.terms, t.termsNeutral, err = parseTerms(fsys); err != nil {
		return nil, err
	}
	t.termSources = termSources(t.supplies)
	if t.translations, err = parseTranslations(fsys, t.termSources, t.lexicons); err != nil {
		return nil, err
	}
	if t.tenancy, err = parseTenancy(fsys); err != nil {
		return nil, err
	}
	if t.sectors, err = parseSectors(fsys); err != nil {
		return nil, err
	}
	if t.scripts, err = parseScripts(fsys); err != nil {
		return nil, err
	}
	for i, r := range kf.Rules {
		for _, c := range r.Columns {
			if r.Kind == Term && len(t.terms[c]["en"]) == 0 {
				return nil, fmt.Errorf("kinds.json: rule %d: term column %q has no English words in terms.json", i, c)
			}
		}
	}
	return t, nil
}

var allKinds = []Kind{
	PersonName, StaffName, CompanyName, StreetAddress, City, Venue, Destination, Postcode, Phone, Email, OrgEmail, StaffEmail,
	PetName, LicenceNumber, MeterNumber, LoyaltyNumber, RxNumber, SKU, TrackingNumber, VIN, Reference, TaxID, Period,
	Language, Nationality, JobTitle, Sector, ClassName, Certification, Subject, Grade, CarModel, Offering, Note, Term, Message,
	UnitPrice, MonthlyRent, Salary, ContractValue, Fee, Deposit, Budget, CreditLimit, HourlyRate, DayRate, RatePerWord,
	RecurringRevenue, OrderTotal, ClaimAmount, Amount, TaxAmount, TaxRate,
	Percent, Measure, Year, Quantity, DurationMinutes, Score, PaymentTerms, SLAHours,
	DateOfBirth, PastDate, ExpiryDate, FutureDate, RecordTime, EventDate, DueDate, EventTime, DueTime,
}

// Kinds lists every kind, in a fixed order.
func Kinds() []Kind { return slices.Clone(allKinds) }

// Known reports whether k is a kind of this package.
func Known(k Kind) bool { return slices.Contains(allKinds, k) }

// RuleFor returns the rule for a column by its name: an exact match first,
// then the longest matching suffix. ok is false for a column no rule
// covers (an id, a status, a boolean flag).
func RuleFor(column string) (Rule, bool) { return RuleForType(column, "") }

// RuleForType is [RuleFor] for a column of type typ: the column's rule
// for that type, else its rule for any type. typ "" takes the first.
func RuleForType(column, typ string) (Rule, bool) {
	t := load()
	if is, ok := t.byColumn[column]; ok {
		for _, i := range is {
			if typ == "" || t.rules[i].Type == typ {
				return t.rules[i], true
			}
		}
		for _, i := range is {
			if t.rules[i].Type == "" {
				return t.rules[i], true
			}
		}
		return Rule{}, false
	}
	best, n := -1, 0
	for i, r := range t.rules {
		for _, s := range r.Suffixes {
			if strings.HasSuffix(column, s) && len(s) > n {
				best, n = i, len(s)
			}
		}
	}
	if best < 0 {
		return Rule{}, false
	}
	return t.rules[best], true
}

// RuleOf returns the rule for a column whose kind is known: the column's
// own rule when it has that kind, else the first rule of the kind.
func RuleOf(column string, k Kind) (Rule, bool) {
	for _, i := range load().byColumn[column] {
		if r := load().rules[i]; r.Kind == k {
			return r, true
		}
	}
	for _, r := range load().rules {
		if r.Kind == k {
			return r, true
		}
	}
	return Rule{Kind: k}, Known(k)
}

// decodeFile decodes one JSON file strictly, as the catalog does.
func decodeFile(fsys fs.FS, name string, v any) error { return catalog.DecodeFile(fsys, name, v) }

// FitsType reports whether a column of type typ can hold the rule's kind:
// money in integers, dates in dates, names in text.
func FitsType(r Rule, typ string) bool {
	switch {
	case r.IsMoney():
		return typ == "integer"
	case r.Kind == DateOfBirth || r.Kind == PastDate || r.Kind == ExpiryDate || r.Kind == FutureDate || r.Kind == EventDate || r.Kind == DueDate:
		return typ == "date"
	case r.Kind == EventTime || r.Kind == DueTime:
		return typ == "datetime"
	case r.Kind == RecordTime:
		return typ == "date" || typ == "datetime"
	case len(r.Range) > 0 || len(r.Choices) > 0:
		return typ == "integer" || typ == "real"
	case r.Kind == Email || r.Kind == OrgEmail || r.Kind == StaffEmail:
		return typ == "email" || typ == "text"
	}
	return typ == "text"
}
