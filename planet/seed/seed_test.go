package seed

import (
	"cmp"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"
	"unicode"

	"github.com/nyaruka/phonenumbers"
	"golang.org/x/text/unicode/norm"

	"github.com/mercury/mcp-world/planet/catalog"
)

// TestCitiesData: every city of cities.json is a catalog city, every
// landline and mobile format yields numbers libphonenumber accepts for the
// country, and every zone is a real IANA zone.
func TestCitiesData(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	draws := 200
	if testing.Short() {
		draws = 10
	}
	for _, cc := range sortedKeys(load().cities) {
		c := load().cities[cc]
		country, ok := catalog.CountryByCode(cc)
		if !ok {
			t.Errorf("cities.json: %s is not a catalog country", cc)
			continue
		}
		formats := slices.Clone(c.Mobile)
		for _, name := range sortedKeys(c.Cities) {
			fx := c.Cities[name]
			if !slices.ContainsFunc(country.Cities, func(ci catalog.City) bool { return ci.Name == name }) {
				t.Errorf("cities.json: %s/%s is not a city of the catalog", cc, name)
			}
			if fx.Zone != "" {
				if _, err := time.LoadLocation(fx.Zone); err != nil {
					t.Errorf("cities.json: %s/%s: zone %q: %v", cc, name, fx.Zone, err)
				}
			}
			formats = append(formats, fx.Phone)
		}
		for _, f := range formats {
			for range draws {
				n := country.CallingCode + " " + fillPhone(r, f)
				num, err := phonenumbers.Parse(n, cc)
				if err != nil || !phonenumbers.IsValidNumberForRegion(num, cc) {
					t.Errorf("cities.json: %s format %q gives %q, which libphonenumber rejects", cc, f, n)
					break
				}
			}
		}
	}
}

// TestPhoneInCity: a number drawn for a city has its area code or is a
// mobile, and the checker accepts it; another city's landline is caught.
func TestPhoneInCity(t *testing.T) {
	pl, _ := catalog.CountryByCode("PL")
	s := NewSource(rand.New(rand.NewPCG(3, 4)), pl, time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	ck := NewChecker(pl, s.Clock, "")
	for range 50 {
		p := s.PhoneIn("Kraków")
		if got := ck.Check("phone", Phone, p, map[string]any{"city": "Kraków"}, NoStage); len(got) > 0 {
			t.Errorf("%s: %v", p, got)
		}
	}
	got := ck.Check("phone", Phone, "+48 22 123 45 67", map[string]any{"city": "Kraków"}, NoStage)
	if len(got) != 1 || !strings.Contains(got[0], "area code of Warszawa") {
		t.Errorf("a Warsaw landline in Kraków: %v", got)
	}
}

var clock = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

// TestEveryKindDrawsValidValues draws values of every rule's kind in
// every catalog country and checks them with the Checker: what the
// generator makes, the validator accepts.
func TestEveryKindDrawsValidValues(t *testing.T) {
	for _, c := range catalog.Countries() {
		t.Run(c.Code, func(t *testing.T) {
			s := NewSource(rand.New(rand.NewPCG(7, 8)), c, clock)
			s.Home, s.Domain, s.Rate = c.Cities[0], "example-firm.test", PriceLevel(c.Currency)
			s.Staff = []string{fullName(s)}
			s.Company = func() string { return "Acme" }
			ck := NewChecker(c, clock, s.Domain)
			for _, r := range load().rules {
				col := r.Columns[0]
				typ := typeFor(r)
				for _, st := range []Stage{NoStage, Planned, Underway, Done} {
					row := map[string]any{"scheduled_on": clock.AddDate(0, 0, map[Stage]int{Planned: 5, Underway: -2, Done: -20}[st]).Format(time.DateOnly), "city": s.Home.Name}
					if r.AtMost != "" {
						row[r.AtMost] = int64(50000)
					}
					v := s.Value(col, r, typ, row, st)
					if got := ck.Check(col, r.Kind, v, row, st); len(got) > 0 {
						t.Errorf("%s (%s) stage %d: %v: %v", col, r.Kind, st, v, got)
					}
				}
			}
		})
	}
}

func fullName(s *Source) string { _, _, n := s.Country.PersonName(s.R); return n }

func typeFor(r Rule) string {
	if r.Type != "" {
		return r.Type
	}
	for _, typ := range []string{"integer", "date", "datetime", "text"} {
		if FitsType(r, typ) {
			return typ
		}
	}
	return "real"
}

// TestCheckerFindings: each kind of defect the issue names is caught.
func TestCheckerFindings(t *testing.T) {
	pl, _ := catalog.CountryByCode("PL")
	ck := NewChecker(pl, clock, "firma.pl")
	open := map[string]any{"status": "in_transit"}
	tests := []struct {
		name   string
		column string
		kind   Kind
		value  any
		stage  Stage
		want   string
	}{
		{"street as pet", "pet_name", PetName, "ul. Kościuszki", NoStage, "is a street name"},
		{"street as licence", "licence_number", LicenceNumber, "ul. Polna", NoStage, "is a street name"},
		{"city as class", "class_name", ClassName, "Kraków", NoStage, "is a city"},
		{"rent of 2.90", "monthly_rent", MonthlyRent, int64(290), NoStage, "outside the range"},
		{"salary of 95.10", "salary_max", Salary, int64(9510), NoStage, "outside the range"},
		{"money as real", "contract_value", ContractValue, 0.9, NoStage, "not an integer"},
		{"born last year", "date_of_birth", DateOfBirth, "2025-06-01", NoStage, "makes an age of"},
		{"eta passed in transit", "eta", DueDate, "2026-02-01", Underway, "has passed but the row is still open"},
		{"court date passed", "court_date", DueDate, "2025-12-01", Planned, "has passed"},
		{"done in the future", "event_date", EventDate, "2026-04-01", Done, "in the future but the row is done"},
		{"bad postcode", "postcode", Postcode, "1234", NoStage, "does not have the form"},
		{"foreign phone", "phone", Phone, "+49 30 12345678", NoStage, "not a valid PL phone number"},
		{"placeholder mail", "email", Email, "mail3@gmail.com", NoStage, "placeholder"},
		{"placeholder domain", "email", Email, "info@firm977.pl", NoStage, "placeholder"},
		{"staff off domain", "email", StaffEmail, "anna.nowak@gmail.com", NoStage, "not at the company's domain"},
		{"bad tax id", "tax_id", TaxID, "DE123456789", NoStage, "does not have the NIP form"},
		{"bad tax rate", "tax_rate", TaxRate, 19.0, NoStage, "is not a rate of PL"},
		{"mixed language", "body", Message, "Szanowni Państwo, this is to let you know about your order.", NoStage, "mixes English"},
		{"no name from the pool", "contact_person", PersonName, "John Smith", NoStage, "has no given or family name"},
		{"address without city", "site_address", StreetAddress, "ul. Polna 5, 00-001 Atlantis", NoStage, "names no city"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ck.Check(tt.column, tt.kind, tt.value, open, tt.stage)
			if !slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, tt.want) }) {
				t.Errorf("Check(%v) = %v, want a finding with %q", tt.value, got, tt.want)
			}
		})
	}
	if got := ck.CheckTax(int64(12300), int64(10000), int64(2300), 23.0); len(got) != 0 {
		t.Errorf("a correct invoice: %v", got)
	}
	if got := ck.CheckTax(int64(12300), int64(10000), int64(2000), 23.0); len(got) != 2 {
		t.Errorf("an invoice whose parts do not add up: %v", got)
	}
}

// TestAgesFollowTheIndustry: a date of birth is an adult's unless the
// industry's customers may be children (a nursery's are, an insurer's
// policyholders are not), both when drawn and when checked.
func TestAgesFollowTheIndustry(t *testing.T) {
	pl, _ := catalog.CountryByCode("PL")
	r, ok := RuleFor("date_of_birth")
	if !ok {
		t.Fatal("no rule for date_of_birth")
	}
	for _, tc := range []struct {
		industry, born string
		finding        bool
	}{
		{"insurance", "2016-01-30", true},  // a policyholder of ten
		{"insurance", "1980-05-01", false}, //
		{"childcare", "1990-01-01", true},  // a nursery child of 36
		{"childcare", "2023-09-01", false}, //
		{"hospitals", "2024-01-01", false}, // patients may be infants
		{"", "2012-01-01", true},           // a customer of a composed world is an adult
	} {
		ck := NewChecker(pl, clock, "firma.pl")
		ck.Industry = tc.industry
		got := ck.Check("date_of_birth", DateOfBirth, tc.born, nil, NoStage)
		if (len(got) > 0) != tc.finding {
			t.Errorf("%s, born %s: findings %v, want a finding: %v", cmp.Or(tc.industry, "composed"), tc.born, got, tc.finding)
		}
		src := &Source{R: rand.New(rand.NewPCG(1, 2)), Clock: clock, Country: pl, Industry: tc.industry}
		for range 200 {
			born := src.Value("date_of_birth", r, "date", map[string]any{}, NoStage)
			if f := ck.Check("date_of_birth", DateOfBirth, born, nil, NoStage); len(f) > 0 {
				t.Fatalf("%s: drawn %v: %v", tc.industry, born, f)
			}
		}
	}
}

// TestTaxData: every catalog country has tax facts, the standard rate
// agrees with countries.json, and drawn tax ids match their pattern.
func TestTaxData(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, c := range catalog.Countries() {
		tax, ok := TaxOf(c.Code)
		if !ok {
			t.Errorf("tax.json: no entry for %s", c.Code)
			continue
		}
		if tax.StandardRate != c.Tax.Rate {
			t.Errorf("%s: tax.json standard rate %v, countries.json %v", c.Code, tax.StandardRate, c.Tax.Rate)
		}
		if id := tax.TaxID(r); !PatternRegexp(tax.TaxIDPattern, c.Code).MatchString(id) {
			t.Errorf("%s: tax id %q does not match %q", c.Code, id, tax.TaxIDPattern)
		}
	}
	// Medical care is exempt: no VAT on a dentist's invoice, and the
	// checker catches one with the standard rate.
	pl, _ := TaxOf("PL")
	if got := pl.RateFor("dental-clinics"); got != 0 {
		t.Errorf("a Polish dentist's rate is %v%%, want 0 (exempt)", got)
	}
	if got := pl.RateFor("hair-beauty-salons"); got != 23 {
		t.Errorf("a Polish salon's rate is %v%%, want 23", got)
	}
	plc, _ := catalog.CountryByCode("PL")
	ck := NewChecker(plc, clock, "")
	ck.Industry = "dental-clinics"
	if got := ck.Check("tax_rate", TaxRate, 23.0, nil, NoStage); len(got) != 1 {
		t.Errorf("23%% VAT on dental care: %v", got)
	}
	if got := ck.Check("tax_rate", TaxRate, 0.0, nil, NoStage); len(got) != 0 {
		t.Errorf("exempt dental care: %v", got)
	}
	if net, tax := Split(12300, 23); net != 10000 || tax != 2300 {
		t.Errorf("Split(12300, 23) = %d, %d", net, tax)
	}
	if net, tax := Split(1000, 0); net != 1000 || tax != 0 {
		t.Errorf("Split at 0%% = %d, %d", net, tax)
	}
}

// TestKindsCoverCatalog: every extra column of the catalog's industries
// that is not an enum or a flag has a rule, so none falls back to a note.
func TestKindsCoverCatalog(t *testing.T) {
	for _, ind := range catalog.Industries() {
		v := ind.Vocabulary
		for _, e := range []catalog.Entity{v.Customer, v.Staff, v.WorkItem} {
			for _, c := range e.ExtraColumns {
				if len(c.Values) > 0 || c.Type == "boolean" {
					continue
				}
				r, ok := RuleForType(c.Name, c.Type)
				if !ok {
					t.Errorf("%s: column %s (%s) has no rule in kinds.json", ind.ID, c.Name, c.Type)
					continue
				}
				if !FitsType(r, c.Type) && !(r.IsMoney() && c.Type == "real") {
					t.Errorf("%s: column %s is %s, its kind %s wants another type", ind.ID, c.Name, c.Type, r.Kind)
				}
			}
		}
	}
}

// TestLexicons: at least 15 business languages besides English, each
// with the keys English has (checked on load) and topics parallel to
// English, and no lexicon text in English.
func TestLexicons(t *testing.T) {
	langs := Languages()
	if len(langs) < 16 {
		t.Errorf("%d lexicons, want English and at least 15 more", len(langs))
	}
	en := LexiconFor("en")
	for _, l := range langs {
		lx := LexiconFor(l)
		if len(lx.Sentences("topic")) != len(en.Sentences("topic")) {
			t.Errorf("%s: %d topics, English has %d", l, len(lx.Sentences("topic")), len(en.Sentences("topic")))
		}
		if l == "en" {
			continue
		}
		for _, k := range lexiconText {
			for _, s := range lx.Sentences(k) {
				if n := countWords(s, en.Stopwords); n >= 2 {
					t.Errorf("%s: text %s %q reads as English", l, k, s)
				}
			}
		}
	}
}

// TestUnitsAndSupplies: per-unit items are ordered by many units, and
// supplies are keyed by catalog industries.
func TestUnitsAndSupplies(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	if n := UnitsOf(r, "en", "Standard translation (per word)"); n < 400 {
		t.Errorf("a translation of %d words", n)
	}
	// A translated item is read by its English name in its language.
	for _, lang := range []string{"de", "ja-JP"} {
		if local := Translate(lang, "Standard translation (per word)"); UnitsOf(r, lang, local) < 400 {
			t.Errorf("%s: %q is not priced per word", lang, local)
		}
	}
	if n := UnitsOf(r, "en", "Ceramic crown"); n != 1 {
		t.Errorf("a crown priced per unit: %d", n)
	}
	ids := map[string]bool{}
	for _, ind := range catalog.Industries() {
		ids[ind.ID] = true
		if s, resale := SuppliesOf(ind.ID); len(s) == 0 && !resale {
			t.Logf("%s has no supplies of its own; it buys general supplies only", ind.ID)
		}
	}
	for id := range load().supplies.Industries {
		if !ids[id] {
			t.Errorf("supplies.json: %s is not a catalog industry", id)
		}
	}
}

// TestRomanize: names in Cyrillic and Greek get the Latin spelling people
// use in email addresses, letter by letter; names in other scripts name
// by name (Taiwan after its own usage, not mainland pinyin), and a
// company name keeps the names it is made of; other text is left alone.
func TestRomanize(t *testing.T) {
	tests := []struct{ lang, in, want string }{
		{"ru", "Иванов", "Ivanov"},
		{"ru", "Щукина", "Shchukina"},
		{"uk", "Шевченко", "Shevchenko"},
		{"el", "Παπαδόπουλος", "Papadopoulos"},
		{"ja-JP", "佐藤", "Sato"},
		{"ja-JP", "三栄麦酒", "Sanei 麦酒"},
		{"ja-JP", "桜 Kayak Rental", "Sakura Kayak Rental"}, // a Latin word stays a word
		{"zh-CN", "张", "Zhang"},
		{"zh-TW", "張", "Chang"},
		{"zh-TW", "欣怡", "Hsinyi"},
		{"zh-CN", "欣怡", "Xinyi"},
		{"ko-KR", "박", "Park"},
		{"ar-EG", "عبد الله", "Abdallah"},
		{"ar-AE", "شركة النخلة للتجارة", "شركة Al Nakhla للتجارة"},
		{"he-IL", "בן דוד", "Ben David"},
		{"th-TH", "สมชาย", "Somchai"},
		{"de-DE", "Müller", "Mueller"}, // German addresses write umlauts out
		{"de-AT", "Jürgen Groß", "Juergen Gross"},
		{"fr-FR", "Hélène", "Hélène"}, // other Latin text is left alone
	}
	for _, tt := range tests {
		if got := Romanize(tt.lang, tt.in); got != tt.want {
			t.Errorf("Romanize(%s, %q) = %q, want %q", tt.lang, tt.in, got, tt.want)
		}
	}
}

// TestTerms: every column of kind term draws, in every catalog country,
// words of its own list that the checker accepts; a word of another
// column's list, and a street, are findings. A column that means two
// things has one rule per type.
func TestTerms(t *testing.T) {
	for _, c := range catalog.Countries() {
		s := NewSource(rand.New(rand.NewPCG(5, 6)), c, clock)
		ck := NewChecker(c, clock, "")
		for _, r := range load().rules {
			if r.Kind != Term {
				continue
			}
			for _, col := range r.Columns {
				v := s.Value(col, r, "text", nil, NoStage)
				if got := ck.Check(col, Term, v, nil, NoStage); len(got) > 0 {
					t.Errorf("%s %s: %v: %v", c.Code, col, v, got)
				}
			}
		}
	}
	pl, _ := catalog.CountryByCode("PL")
	ck := NewChecker(pl, clock, "")
	if got := ck.Check("stone", Term, "Oak", nil, NoStage); len(got) != 1 {
		t.Errorf("a wood as a stone: %v", got)
	}
	if got := ck.Check("wood", Term, pl.Streets[0], nil, NoStage); len(got) == 0 {
		t.Errorf("a street as a wood: no finding")
	}
	if r, _ := RuleForType("grade", "integer"); r.Kind != Quantity {
		t.Errorf("an integer grade is %s, want a quantity", r.Kind)
	}
	if r, _ := RuleForType("grade", "text"); r.Kind != Term {
		t.Errorf("a text grade is %s, want a term", r.Kind)
	}
	ck.Industry = "municipalities"
	if got := ck.Check("grade", Term, "Kategoria V", nil, NoStage); len(got) != 0 {
		t.Errorf("a Polish municipal pay grade: %v", got)
	}
	if got := ck.Check("grade", Term, "Członek honorowy", nil, NoStage); len(got) != 1 {
		t.Errorf("an association's grade in a municipality: %v", got)
	}
	// English left in a Polish world's term column is a finding; a
	// language-neutral column (a port) takes its English words anywhere.
	if got := ck.Check("grade", Term, "Grade 5", nil, NoStage); len(got) != 1 {
		t.Errorf("an English pay grade in a Polish world: %v", got)
	}
	if got := ck.Check("message", Term, "Well done!", nil, NoStage); len(got) != 1 {
		t.Errorf("an English cake message in a Polish world: %v", got)
	}
	if got := ck.Check("port_of_loading", Term, "Rotterdam", nil, NoStage); len(got) != 0 {
		t.Errorf("a port in a Polish world: %v", got)
	}
}

// TestTermsEveryLanguage: every term column has words in every language
// of the lexicons (regional ones fall back to their base) or is marked
// language-neutral, and a language's list is its own, not the English
// one copied.
func TestTermsEveryLanguage(t *testing.T) {
	tb := load()
	var bases []string
	for _, lang := range Languages() {
		if !strings.Contains(lang, "-") && lang != "en" {
			bases = append(bases, lang)
		}
	}
	if len(bases) < 28 {
		t.Fatalf("%d base languages with a lexicon, want at least 28", len(bases))
	}
	for _, col := range sortedKeys(tb.terms) {
		byLang := tb.terms[col]
		if tb.termsNeutral[col] {
			if len(byLang) != 1 {
				t.Errorf("terms.json: %s is language-neutral but has %d languages", col, len(byLang))
			}
			continue
		}
		en := byLang["en"]
		for _, lang := range bases {
			ws := byLang[lang]
			switch {
			case len(ws) == 0:
				t.Errorf("terms.json: %s has no %s words and is not marked neutral", col, lang)
			case slices.Equal(ws, en):
				t.Errorf("terms.json: %s/%s is the English list", col, lang)
			}
		}
		for lang := range byLang {
			keys := localeKeys(lang)
			if base := keys[len(keys)-1]; lang != "en" && !slices.Contains(bases, base) {
				t.Errorf("terms.json: %s/%s: no lexicon speaks %s", col, lang, base)
			}
		}
	}
	for _, col := range []string{"port_of_loading", "vehicle_make", "title"} {
		if !TermNeutral(col) {
			t.Errorf("%s is not language-neutral", col)
		}
	}
	if TermNeutral("message") {
		t.Error("message is language-neutral")
	}
}

// TestParseTermsRejects: a neutral column with other languages, a neutral
// name that is no column, a column without English and an empty word are
// load errors naming the column.
func TestParseTermsRejects(t *testing.T) {
	for _, tc := range []struct{ json, want string }{
		{`{"neutral": ["port"], "terms": {"port": {"en": ["Hamburg"], "de": ["Hamburg"]}}}`, "/terms/port"},
		{`{"neutral": ["ports"], "terms": {"port": {"en": ["Hamburg"]}}}`, "/neutral"},
		{`{"terms": {"stone": {"de": ["Rubin"]}}}`, "/terms/stone: no English"},
		{`{"terms": {"stone": {"en": ["Ruby", ""]}}}`, "/terms/stone/en: an empty word"},
	} {
		fsys := fstest.MapFS{"data/terms.json": {Data: []byte(tc.json)}}
		if _, _, err := parseTerms(fsys); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error naming %q", tc.json, err, tc.want)
		}
	}
}

// TestHomeCity: a headquarters in a city the catalog does not list is
// read from the address by the country's format, and its name then counts
// as a city; an address in a catalog city adds none.
func TestHomeCity(t *testing.T) {
	br, _ := catalog.CountryByCode("BR")
	hq := "Rua Augusta, 120, Santos - SP, 11010-000"
	if got := homeCity(br, hq); got != "Santos" {
		t.Fatalf("homeCity(%q) = %q, want Santos", hq, got)
	}
	// A city the catalog does not list has no known state.
	if got := homeCity(br, "Rua Augusta, 120, Santos, 11010-000"); got != "Santos" {
		t.Errorf("homeCity without a state = %q, want Santos", got)
	}
	if got := homeCity(br, "Rua Augusta, 120, "+br.Cities[0].Name+" - SP, 01000-000"); got != "" {
		t.Errorf("a catalog city gave home %q", got)
	}
	ck := NewChecker(br, clock, "")
	if got := ck.Check("city", City, "Santos", nil, NoStage); len(got) != 1 {
		t.Errorf("Santos before AddHome: %v", got)
	}
	ck.AddHome("Santos")
	if got := ck.Check("city", City, "Santos", nil, NoStage); len(got) != 0 {
		t.Errorf("the home city: %v", got)
	}
	if got := ck.Check("address", StreetAddress, hq, nil, NoStage); len(got) != 0 {
		t.Errorf("the headquarters address: %v", got)
	}
	// Santos is a town of GeoNames (11000-000): an address there with a
	// postcode of another place is reported.
	if got := ck.Check("address", StreetAddress, "Rua Augusta, 120, Santos - SP, 69945-000", nil, NoStage); len(got) != 1 {
		t.Errorf("a Santos address with Acrelândia's postcode: %v", got)
	}
}

// TestAddressOneScript: an address is written in one script, as a local
// writes it: a town in Latin letters in a Japanese or Russian address is
// a finding, the same town in the country's script is not.
func TestAddressOneScript(t *testing.T) {
	for _, tc := range []struct {
		country, home, address string
		mixed                  bool
	}{
		{"JP", "Beppu", "〒874-0920 Beppu旭町5-52-83", true},
		{"JP", "別府市", "〒874-0920 大分県別府市旭町5-52-83", false},
		{"RU", "Pyatigorsk", "ул. Чехова, д. 86, Pyatigorsk, 357500", true},
		{"RU", "Пятигорск", "ул. Чехова, д. 86, Пятигорск, 357500", false},
		{"KR", "Gangneung", "(25000) Gangneung 대학로 905", true},
		{"IL", "Eilat", "יפו 19, Eilat 8800000", true},
		{"PL", "Łódź", "ul. Krótka 1, 91-373 Łódź", false},
		{"PL", "Лодзь", "ul. Krótka 1, 91-373 Лодзь", true},
	} {
		c, _ := catalog.CountryByCode(tc.country)
		ck := NewChecker(c, clock, "")
		ck.AddHome(tc.home)
		got := ck.Check("address", StreetAddress, tc.address, nil, NoStage)
		mixed := slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, "mixes Latin letters") })
		if mixed != tc.mixed {
			t.Errorf("%s %q: %v, want mixed %v", tc.country, tc.address, got, tc.mixed)
		}
	}
}

// TestTownsInTheCountrysScript: a town a brief names in Latin letters
// in a country of another script has its local name and state
// (catalog places.json), and an address there is in one script.
func TestTownsInTheCountrysScript(t *testing.T) {
	jp, _ := catalog.CountryByCode("JP")
	town, ok := jp.Town("Beppu")
	if !ok || town.Name != "別府市" || town.State != "大分県" {
		t.Fatalf("Town(Beppu) = %+v, %v", town, ok)
	}
	for _, c := range catalog.Countries() {
		for _, town := range c.Towns {
			s := NewSource(rand.New(rand.NewPCG(1, 2)), c, clock)
			addr := s.Address(town)
			ck := NewChecker(c, clock, "")
			ck.AddHome(town.Name)
			if got := ck.Check("address", StreetAddress, addr, nil, NoStage); len(got) != 0 {
				t.Errorf("%s %s: %q: %v", c.Code, town.Latin, addr, got)
			}
		}
	}
}

// TestRomanizeCatalogNames: every given name, family name and company
// stem of a country whose script has no alphabet mapping has a Latin
// spelling, so no email address there falls back to a role mailbox.
func TestRomanizeCatalogNames(t *testing.T) {
	for _, c := range catalog.Countries() {
		lang, _, _ := strings.Cut(c.Locale, "-")
		if load().names[c.Locale] == nil && load().names[lang] == nil {
			continue
		}
		for _, n := range slices.Concat(c.GivenNames.Female, c.GivenNames.Male, c.FamilyNames, c.FamilyNamesFemale, c.CompanyStems) {
			if got := Romanize(c.Locale, n); strings.ContainsFunc(got, func(r rune) bool { return r > unicode.MaxLatin1 }) {
				t.Errorf("%s: %q has no Latin spelling (got %q)", c.Code, n, got)
			}
		}
	}
}

// TestPhoneWithoutCityData: where the data has no area codes for a city,
// its people get mobile numbers (valid anywhere), not another city's
// landline; every country with a mobile format has one found.
func TestPhoneWithoutCityData(t *testing.T) {
	cn, _ := catalog.CountryByCode("CN")
	s := NewSource(rand.New(rand.NewPCG(9, 9)), cn, clock)
	for range 30 {
		p := s.PhoneIn("景德镇市") // a city the data does not have
		num, err := phonenumbers.Parse(p, "CN")
		if err != nil || phonenumbers.GetNumberType(num) != phonenumbers.MOBILE {
			t.Fatalf("景德镇市: %q is not a mobile number", p)
		}
	}
	var none []string
	for _, c := range catalog.Countries() {
		if len(mobileFormats(c)) == 0 {
			none = append(none, c.Code)
		}
	}
	if len(none) > 5 {
		t.Errorf("no mobile format found for %v", none)
	}
	t.Logf("countries without a mobile format: %v", none)
}

// TestPhonesSkipUnallocatedBlocks: a format's digits can fall in a block
// no operator holds (GB 074576…, inside the "74## ######" mobile format),
// and the realism validator would fail the world; the draw takes another.
func TestPhonesSkipUnallocatedBlocks(t *testing.T) {
	gb, _ := catalog.CountryByCode("GB")
	r := rand.New(rand.NewPCG(5, 7))
	for range 500 { // a tenth of "7457 ######" is 074576…
		p := drawPhone(r, gb, "7457 ######")
		num, err := phonenumbers.Parse(p, "GB")
		if err != nil || !phonenumbers.IsValidNumberForRegion(num, "GB") {
			t.Fatalf("%q is not a valid GB number", p)
		}
	}
}

// TestCitiesGeocode cross-checks every city's landline with
// libphonenumber's offline geocoder: a number drawn for a city must not be
// placed in another catalog city, unless cities.json says the city shares
// that one's area code (metro: Espoo, Helsinki).
func TestCitiesGeocode(t *testing.T) {
	// Geocoder names that are a region, not the catalog city of that name.
	region := map[string]string{
		"BR/Campinas": "São Paulo", // the state
		"CA/Montréal": "Quebec",    // the province
	}
	r := rand.New(rand.NewPCG(5, 6))
	for _, cc := range sortedKeys(load().cities) {
		country, _ := catalog.CountryByCode(cc)
		c := load().cities[cc]
		for _, ci := range country.Cities {
			fx, ok := c.Cities[ci.Name]
			if !ok {
				continue
			}
			if fx.Metro != "" && !slices.ContainsFunc(country.Cities, func(o catalog.City) bool { return o.Name == fx.Metro }) {
				t.Errorf("cities.json: %s/%s: metro %q is not a city of the catalog", cc, ci.Name, fx.Metro)
			}
			for range 5 {
				n := country.CallingCode + " " + fillPhone(r, fx.Phone)
				num, err := phonenumbers.Parse(n, cc)
				if err != nil {
					t.Fatalf("%s/%s: %q: %v", cc, ci.Name, n, err)
				}
				place, _ := phonenumbers.GetGeocodingForNumber(num, "en")
				metro, shared := country.CityNamed(fx.Metro)
				if namesPlace(place, ci) || (shared && namesPlace(place, metro)) || place == region[cc+"/"+ci.Name] {
					continue
				}
				for _, other := range country.Cities {
					if other.Name != ci.Name && namesPlace(place, other) {
						t.Errorf("cities.json: %s/%s: %q is in %q, which names %s", cc, ci.Name, n, place, other.Name)
						break
					}
				}
			}
		}
	}
}

// namesPlace reports whether a geocoder description names the city (its
// Latin name, or the city part of "district, city"), as a whole word.
func namesPlace(place string, ci catalog.City) bool {
	p, n := foldLatin(place), foldLatin(cityPart(ci))
	for i := strings.Index(p, n); i >= 0; {
		before := i == 0 || !unicode.IsLetter(rune(p[i-1]))
		j := i + len(n)
		after := j == len(p) || !unicode.IsLetter(rune(p[j]))
		if before && after {
			return true
		}
		k := strings.Index(p[i+1:], n)
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return false
}

// cityPart is a city's Latin name without its district ("Xinyi,
// Taipei" → "Taipei").
func cityPart(ci catalog.City) string {
	name := cmp.Or(ci.Latin, ci.Name)
	if i := strings.LastIndex(name, ", "); i >= 0 {
		name = name[i+2:]
	}
	return name
}

// foldLatin lower-cases s and drops its diacritics ("Kraków" → "krakow").
func foldLatin(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r == 'ı':
			b.WriteRune('i')
		case r == 'ł':
			b.WriteRune('l')
		case r == 'ø':
			b.WriteRune('o')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestPhoneAreaEveryCountry: in every catalog country, numbers drawn for
// each city pass the area check, and a landline of a city with another
// area code is reported for it.
func TestPhoneAreaEveryCountry(t *testing.T) {
	var missing []string
	for _, c := range catalog.Countries() {
		data, ok := load().cities[c.Code]
		if !ok {
			missing = append(missing, c.Code)
			continue
		}
		s := NewSource(rand.New(rand.NewPCG(7, 8)), c, clock)
		ck := NewChecker(c, clock, "")
		for _, ci := range c.Cities {
			fx, ok := data.Cities[ci.Name]
			if !ok {
				t.Errorf("%s/%s: no area code in cities.json", c.Code, ci.Name)
				continue
			}
			for range 10 {
				p := s.PhoneIn(ci.Name)
				if got := ck.Check("phone", Phone, p, map[string]any{"city": ci.Name}, NoStage); len(got) > 0 {
					t.Errorf("%s/%s: %s: %v", c.Code, ci.Name, p, got)
				}
			}
			for _, other := range c.Cities {
				ofx := data.Cities[other.Name]
				if areaOf(ofx.Phone) == areaOf(fx.Phone) || strings.HasPrefix(areaOf(ofx.Phone), areaOf(fx.Phone)) {
					continue
				}
				p := drawPhone(s.R, c, ofx.Phone)
				if got := ck.Check("phone", Phone, p, map[string]any{"city": ci.Name}, NoStage); len(got) != 1 {
					t.Errorf("%s: %s's landline %s in %s: %v", c.Code, other.Name, p, ci.Name, got)
				}
				break
			}
		}
	}
	if len(missing) > 0 {
		t.Errorf("countries without city phone data: %v", missing)
	}
}

// TestTenancyData: every catalog country has its deposit custom; a
// deposit drawn for a rent passes the check, a tenth of a month's rent
// and more than the cap do not, and where the law forbids a deposit (CO)
// any is reported.
func TestTenancyData(t *testing.T) {
	for _, c := range catalog.Countries() {
		tn, ok := TenancyOf(c.Code)
		if !ok {
			t.Errorf("tenancy.json: no entry for %s", c.Code)
			continue
		}
		s := NewSource(rand.New(rand.NewPCG(1, 1)), c, clock)
		ck := NewChecker(c, clock, "")
		rent := int64(120000)
		for range 20 {
			d := s.Deposit(rent)
			if tn.Max == 0 && d != 0 {
				t.Errorf("%s: deposit %d where none is allowed", c.Code, d)
			}
			if msg := ck.CheckDeposit(d, rent); msg != "" {
				t.Errorf("%s: drawn deposit %d: %s", c.Code, d, msg)
			}
		}
		if tn.Max > 0 && ck.CheckDeposit(rent/10, rent) == "" {
			t.Errorf("%s: a tenth of a month's rent passes", c.Code)
		}
		if ck.CheckDeposit(int64(float64(rent)*(tn.months(tn.Max)*1.5+1)), rent) == "" {
			t.Errorf("%s: a deposit above the cap passes", c.Code)
		}
	}
	de, _ := catalog.CountryByCode("DE")
	gb, _ := catalog.CountryByCode("GB")
	if msg := NewChecker(de, clock, "").CheckDeposit(400000, 100000); !strings.Contains(msg, "551 BGB") {
		t.Errorf("four months' rent in Germany: %q", msg)
	}
	if msg := NewChecker(gb, clock, "").CheckDeposit(150000, 100000); msg == "" {
		t.Errorf("six and a half weeks' rent in England passes")
	}
}

// TestCustomerSectors: every industry of sectors.json is a catalog
// industry, every sector is labelled in every lexicon language, a
// bakery's customers are drawn from its sectors in the world's language,
// and a bakery customer in financial services is reported.
func TestCustomerSectors(t *testing.T) {
	f := load().sectors
	for ind := range f.Customers {
		if _, ok := catalog.IndustryByID(ind); !ok {
			t.Errorf("sectors.json: %q is not a catalog industry", ind)
		}
	}
	// A regional lexicon (de-CH) may read its base language's label, as
	// sectorLabel does; a base language needs its own.
	for _, lang := range Languages() {
		base, _, _ := strings.Cut(lang, "-")
		for k, labels := range f.Sectors {
			if labels[lang] == "" && labels[base] == "" {
				t.Errorf("sectors.json: %s has no %s label", k, lang)
			}
		}
	}
	de, _ := catalog.CountryByCode("DE")
	s := NewSource(rand.New(rand.NewPCG(2, 3)), de, clock)
	s.Industry = "bakeries"
	want := CustomerSectors("bakeries", "de")
	for range 30 {
		r, _ := RuleOf("sector", Sector)
		if v := s.Value("sector", r, "text", map[string]any{}, NoStage); !slices.Contains(want, v.(string)) {
			t.Fatalf("a bakery customer's sector %q is not one of %v", v, want)
		}
	}
	ck := NewChecker(de, clock, "")
	ck.Industry = "bakeries"
	if got := ck.Check("sector", Sector, "Finanzdienstleistungen", nil, NoStage); len(got) != 1 {
		t.Errorf("a bakery customer in financial services: %v", got)
	}
	if got := ck.Check("sector", Sector, "Gastgewerbe", nil, NoStage); len(got) != 0 {
		t.Errorf("a bakery customer in hospitality: %v", got)
	}
}

// TestTraditionalChinese: a Taiwanese world's lexicon is written in
// traditional characters (none of scripts.json's simplified ones), a
// simplified note is reported in Taiwan and not in China.
func TestTraditionalChinese(t *testing.T) {
	tw, _ := catalog.CountryByCode("TW")
	cn, _ := catalog.CountryByCode("CN")
	lx := LexiconFor(tw.Locale)
	if lx.Language != "zh-TW" {
		t.Fatalf("Taiwan's lexicon is %q", lx.Language)
	}
	ck := NewChecker(tw, clock, "")
	raw, err := json.Marshal(lx)
	if err != nil {
		t.Fatal(err)
	}
	if msg := ck.foreignScript(string(raw)); msg != "" {
		t.Errorf("lexicon zh-TW: %s", msg)
	}
	if ck.foreignScript("已回电，问题已解决。") == "" {
		t.Error("a simplified note passes in Taiwan")
	}
	if NewChecker(cn, clock, "").foreignScript("已回电，问题已解决。") != "" {
		t.Error("a simplified note is reported in China")
	}
}
