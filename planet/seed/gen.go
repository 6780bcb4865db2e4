package seed

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"github.com/mercury/mcp-world/planet/catalog"
)

// Stage is where a row is in its lifecycle, for dates that follow status.
type Stage int

const (
	NoStage   Stage = iota // the row has no lifecycle
	Planned                // not started: its dates lie ahead
	Underway               // started, not finished
	Done                   // finished: its dates have passed
	Cancelled              // off the main path
)

// Source draws values for one world: its country, language, clock and
// home city. Everything random comes from R.
type Source struct {
	R       *rand.Rand
	Country catalog.Country
	Lex     *Lexicon
	Clock   time.Time     // the world's virtual clock start
	Home    catalog.City  // the headquarters city
	Rate    float64       // local currency units per EUR, for price levels
	Domain  string        // the company's email domain
	Staff   []string      // names of the staff, for staff_name columns
	Items   []string      // what the company sells, for offering columns
	Company func() string // a company name of the country
	// Industry is the catalog id of the company's industry, for ranges
	// that differ by industry.
	Industry string
}

// NewSource makes a Source for a country; callers fill in the rest.
func NewSource(r *rand.Rand, c catalog.Country, clock time.Time) *Source {
	return &Source{R: r, Country: c, Lex: LexiconFor(c.Locale), Clock: clock, Rate: 1}
}

// Value draws a value for a column of a rule's kind. row is the row so
// far (anchors and at_most read it), typ the column's type and st the
// row's stage.
func (s *Source) Value(column string, r Rule, typ string, row map[string]any, st Stage) any {
	r = r.ForIndustry(s.Industry)
	// What is approved of a claim is not known before it is decided,
	// nor of one turned down.
	if r.AtMost != "" && (st == Planned || st == Cancelled) {
		return nil
	}
	switch {
	case r.IsMoney():
		return s.money(r, row)
	case r.Kind == DateOfBirth:
		return s.dateOfBirth(r)
	case r.Kind == RecordTime:
		d := -1 - s.R.IntN(90)
		if typ == "datetime" {
			return s.at(d, 9+s.R.IntN(8))
		}
		return s.day(d)
	case r.Anchor != "" && (typ == "date" || typ == "datetime"):
		return s.anchored(r, typ, row, st)
	case typ == "date" || typ == "datetime":
		lo, hi := s.span(r, -900, -1)
		if after, err := time.Parse(time.DateOnly, fmt.Sprint(row[r.NotBefore])); r.NotBefore != "" && err == nil {
			lo = max(lo, int(after.Sub(s.day0()).Hours()/24)+1)
			hi = max(hi, lo)
		}
		d := lo + s.R.IntN(hi-lo+1)
		if typ == "datetime" {
			return s.at(d, 9+s.R.IntN(8))
		}
		return s.day(d)
	case typ == "integer" || typ == "real":
		return s.number(r, typ)
	}
	return s.text(column, r, row)
}

// money draws an amount in minor units, log-uniform over the rule's
// EUR-equivalent range at the currency's price level, rounded the way
// prices are.
func (s *Source) money(r Rule, row map[string]any) int64 {
	lo, hi := max(r.Money[0], 0.01)*s.Rate, r.Money[1]*s.Rate
	major := math.Exp(math.Log(lo) + s.R.Float64()*(math.Log(hi)-math.Log(lo)))
	scale := math.Pow10(s.Country.CurrencyDigits)
	if base, ok := row[r.Of].(int64); ok && base > 0 && len(r.Times) == 2 {
		t := math.Exp(math.Log(r.Times[0]) + s.R.Float64()*(math.Log(r.Times[1])-math.Log(r.Times[0])))
		major = min(max(float64(base)/scale*t, lo), hi)
	}
	var minor int64
	if r.Cents {
		minor = int64(math.Max(1, math.Round(major*scale)))
	} else {
		minor = int64(roundPrice(major, r.Round*s.Rate) * scale)
	}
	if r.AtMost != "" {
		if cap, ok := row[r.AtMost].(int64); ok {
			// Approved at 60–100 % of what was claimed, never a sum of
			// its own (1 % of a claim is no decision anyone makes).
			unit := int64(scale)
			minor = max(unit, cap*int64(60+s.R.IntN(41))/100/unit*unit)
			minor = min(minor, cap)
		}
	}
	return minor
}

// RoundPrice rounds a price in major units the way price lists do: to
// 1 under 1,000, then 10, 100, … (39,875 won is listed at 39,900).
func RoundPrice(x float64) float64 { return roundPrice(x, 0) }

// roundPrice rounds to a step that fits the size: 1 under 1,000, then 10,
// 100, … (or to step when the rule sets one).
func roundPrice(x, step float64) float64 {
	if step <= 0 {
		step = 1
		for lim := 1000.0; x >= lim; lim *= 10 {
			step *= 10
		}
	}
	return math.Max(step, math.Round(x/step)*step)
}

func (s *Source) number(r Rule, typ string) any {
	if len(r.Choices) > 0 {
		v := r.Choices[s.R.IntN(len(r.Choices))]
		if typ == "integer" {
			return int64(v)
		}
		return v
	}
	lo, hi := 1.0, 50.0
	if len(r.Range) == 2 {
		lo, hi = r.Range[0], r.Range[1]
	}
	if r.Kind == Year {
		y := float64(s.Clock.Year())
		lo, hi = y+lo, y+hi
	}
	step := r.Step
	if typ == "integer" {
		// Whole numbers inside the range, whatever its bounds.
		lo, hi = math.Ceil(lo), math.Max(math.Ceil(lo), math.Floor(hi))
		step = math.Max(1, math.Round(step))
	}
	if step > 0 {
		n := int((hi - lo) / step)
		v := lo + float64(s.R.IntN(n+1))*step
		if typ == "integer" {
			return int64(v)
		}
		return v
	}
	v := math.Round((lo+s.R.Float64()*(hi-lo))*10) / 10
	if typ == "integer" {
		return int64(v)
	}
	return v
}

func (s *Source) span(r Rule, lo, hi int) (int, int) {
	if len(r.Range) == 2 {
		return int(r.Range[0]), int(r.Range[1])
	}
	return lo, hi
}

func (s *Source) dateOfBirth(r Rule) string {
	lo, hi := s.span(r, 18, 85)
	age := lo + s.R.IntN(hi-lo+1)
	return s.Clock.AddDate(-age, 0, -s.R.IntN(365)).Format(time.DateOnly)
}

// anchored draws a date that follows another date of the row (a check-out
// after the check-in) and the row's stage: what is done lies in the past,
// what is open in the future.
func (s *Source) anchored(r Rule, typ string, row map[string]any, st Stage) string {
	base := s.Clock
	if a, err := time.Parse(time.DateOnly, fmt.Sprint(row[r.Anchor])); err == nil {
		base = time.Date(a.Year(), a.Month(), a.Day(), s.Clock.Hour(), 0, 0, 0, s.Clock.Location())
	}
	lo, hi := s.span(r, 0, 0)
	d := base.AddDate(0, 0, lo+s.R.IntN(hi-lo+1))
	today := s.Clock
	switch {
	case lo > 0 && (st == Planned || st == Underway) && !d.After(today):
		d = today.AddDate(0, 0, 1+s.R.IntN(max(1, hi-lo+1)))
	case hi < 0 && d.After(today):
		d = today.AddDate(0, 0, -1-s.R.IntN(30))
	case st == Done && !d.Before(today):
		d = today.AddDate(0, 0, -1-s.R.IntN(3))
		if d.Before(base) {
			d = base
		}
	}
	if typ == "datetime" {
		hour := []int{7, 9, 10, 12, 17, 18, 19}[s.R.IntN(7)]
		if r.Kind == DueTime {
			hour = 17
		}
		return time.Date(d.Year(), d.Month(), d.Day(), hour, 0, 0, 0, s.Clock.Location()).Format(time.RFC3339)
	}
	return d.Format(time.DateOnly)
}

// day0 is the clock's calendar day at midnight UTC, for day arithmetic
// on dates.
func (s *Source) day0() time.Time {
	return time.Date(s.Clock.Year(), s.Clock.Month(), s.Clock.Day(), 0, 0, 0, 0, time.UTC)
}

func (s *Source) day(d int) string { return s.Clock.AddDate(0, 0, d).Format(time.DateOnly) }

func (s *Source) at(d, hour int) string {
	t := s.Clock.AddDate(0, 0, d)
	return time.Date(t.Year(), t.Month(), t.Day(), hour, 0, 0, 0, t.Location()).Format(time.RFC3339)
}

func (s *Source) text(column string, r Rule, row map[string]any) any {
	c := s.Country
	switch r.Kind {
	case PersonName:
		_, _, full := c.PersonName(s.R)
		return full
	case StaffName:
		if len(s.Staff) > 0 {
			return s.Staff[s.R.IntN(len(s.Staff))]
		}
		_, _, full := c.PersonName(s.R)
		return full
	case CompanyName:
		if s.Company != nil {
			return s.Company()
		}
	case StreetAddress:
		return s.Address(s.NearCity())
	case City:
		return s.NearCity().Name
	case Venue:
		return Fill(s.pick(s.Lex.Pool("venue")), "city", s.NearCity().Name)
	case Postcode:
		return c.Postcode(s.R, s.Home)
	case Phone:
		city, _ := row["city"].(string)
		return s.PhoneIn(cmp.Or(city, s.Home.Name))
	case Email, StaffEmail:
		return fmt.Sprintf("%s@%s", s.pick([]string{"info", "office", "contact"}), s.Domain)
	case OrgEmail:
		domain := s.Domain
		if e, ok := row["email"].(string); ok {
			if _, d, ok := strings.Cut(e, "@"); ok {
				domain = d
			}
		}
		return s.pick([]string{"accounts", "invoices", "orders", "studio"}) + "@" + domain
	case LicenceNumber, MeterNumber, LoyaltyNumber, RxNumber, SKU, TrackingNumber, VIN, Reference:
		return FillPattern(s.R, r.PatternIn(c.Code), c.Code)
	case TaxID:
		if t, ok := TaxOf(c.Code); ok {
			return t.TaxID(s.R)
		}
	case Period:
		y := s.Clock.Year() - s.R.IntN(2)
		if s.R.IntN(2) == 0 {
			return strconv.Itoa(y)
		}
		return fmt.Sprintf("Q%d %d", 1+s.R.IntN(4), y)
	case Language:
		return s.languages(row)
	case Nationality:
		return s.nationality()
	case Destination:
		return s.region(true)
	case Offering:
		if len(s.Items) > 0 {
			return s.pick(s.Items)
		}
	case Term:
		return TermIn(s.R, column, s.Industry, c.Locale)
	case Sector:
		return s.pick(CustomerSectors(s.Industry, s.Lex.Language))
	case PetName, JobTitle, ClassName, Certification, Subject, Grade, CarModel:
		return s.pick(s.poolFor(string(r.Kind)))
	}
	return s.NoteFor(column)
}

// NoteFor draws a note for the named column.
func (s *Source) NoteFor(column string) string {
	if p := s.Lex.Pool(column); len(p) > 0 {
		return s.pick(p)
	}
	return s.pick(s.Lex.Pool("note"))
}

// languages names languages in the world's own language: the country's
// and English for staff, a source and a different target for a job.
func (s *Source) languages(row map[string]any) string {
	tag, err := language.Parse(s.Country.Locale)
	if err != nil {
		tag = language.English
	}
	namer := display.Tags(tag)
	base, _ := tag.Base()
	all := []string{base.String(), "en", "de", "fr", "es", "it", "zh", "ja", "ar", "ru", "pt", "pl"}
	name := func(code string) string { return namer.Name(language.MustParse(code)) }
	if _, isJob := row["word_count"]; isJob || row["source_language"] != nil {
		src := fmt.Sprint(row["source_language"])
		for {
			t := name(all[s.R.IntN(len(all))])
			if t != src {
				return t
			}
		}
	}
	out := []string{name(all[0])}
	if all[0] != "en" {
		out = append(out, name("en"))
	}
	if s.R.IntN(2) == 0 {
		if extra := name(all[2+s.R.IntN(len(all)-2)]); extra != out[0] && extra != out[len(out)-1] {
			out = append(out, extra)
		}
	}
	return strings.Join(out, ", ")
}

// nationality names a country (mostly the world's own) in the world's
// language.
func (s *Source) nationality() string { return s.region(false) }

// region names a country in the world's language: abroad, or mostly home.
func (s *Source) region(abroad bool) string {
	tag, err := language.Parse(s.Country.Locale)
	if err != nil {
		tag = language.English
	}
	code := s.Country.Code
	if abroad || s.R.IntN(3) == 0 {
		all := catalog.Countries()
		for code == s.Country.Code || !abroad {
			code = all[s.R.IntN(len(all))].Code
			abroad = true
		}
	}
	return display.Regions(tag).Name(language.MustParseRegion(code))
}

// NearCity returns the headquarters city most of the time, else another
// city of the same state (or of the country when it has no states) and of
// the same language area (a Liège firm's customers are Walloon).
func (s *Source) NearCity() catalog.City {
	cs := s.Country.Cities
	if s.Home.Name == "" || s.R.IntN(10) >= 6 {
		var near []catalog.City
		area := s.Country.LanguageArea(s.Home.Name)
		for _, c := range cs {
			if c.Name != s.Home.Name && (s.Home.State == "" || c.State == s.Home.State) && s.Country.LanguageArea(c.Name) == area {
				near = append(near, c)
			}
		}
		if len(near) > 0 && s.Home.Name != "" {
			return near[s.R.IntN(len(near))]
		}
		if s.Home.Name == "" {
			return cs[s.R.IntN(len(cs))]
		}
	}
	return s.Home
}

// Address returns a street address in city, in the country's format.
func (s *Source) Address(city catalog.City) string { return s.Country.AddressIn(s.R, city) }

// poolFor is the pool of a kind for the company's industry where one
// exists ("certification@it-services": ITIL, not a first-aid course; such
// names are the same in every language, so English serves), else the
// language's general pool.
func (s *Source) poolFor(kind string) []string {
	key := kind + "@" + s.Industry
	if p := s.Lex.Pool(key); len(p) > 0 {
		return p
	}
	if p := LexiconFor("en").Pool(key); len(p) > 0 {
		return p
	}
	return s.Lex.Pool(kind)
}

func (s *Source) pick(xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return xs[s.R.IntN(len(xs))]
}
