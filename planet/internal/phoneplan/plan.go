package phoneplan

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"sync"
)

// The plans.json data file.
type plansFile struct {
	Source  string `json:"source"`
	License string `json:"license"`
	// CallingCodes are every country calling code libphonenumber knows,
	// to tell where the code ends in an international number ("+4930…"
	// is +49, not +4) and to reject numbers with no such code.
	CallingCodes []int            `json:"calling_codes"`
	Regions      map[string]*plan `json:"regions"`
}

// plan is one region's numbering plan: libphonenumber's PhoneMetadata,
// less the formatting rules.
type plan struct {
	CountryCode int `json:"country_code"`
	// MainCountryForCode marks the region whose plan reads numbers of a
	// shared calling code (US for +1, RU for +7, GB for +44).
	MainCountryForCode          bool   `json:"main_country_for_code,omitempty"`
	InternationalPrefix         string `json:"international_prefix"`
	NationalPrefixForParsing    string `json:"national_prefix_for_parsing,omitempty"`
	NationalPrefixTransformRule string `json:"national_prefix_transform_rule,omitempty"`
	SameMobileAndFixedLine      bool   `json:"same_mobile_and_fixed_line_pattern,omitempty"`
	General                     desc   `json:"general"`
	// Types are the descriptions of each number type, by Type.String();
	// a type the region has no numbers of is absent.
	Types map[string]desc `json:"types"`

	compiled sync.Once
	general  matcher
	types    [numTypes]matcher
	idd      *regexp.Regexp
	npp      *regexp.Regexp // nil: no national prefix to strip
}

// desc describes the national numbers of one type: their lengths and the
// pattern they match whole.
type desc struct {
	Pattern   string  `json:"pattern"`
	Lengths   []int32 `json:"lengths,omitempty"`
	LocalOnly []int32 `json:"local_only,omitempty"`
}

type matcher struct {
	desc
	re *regexp.Regexp
}

func (m *matcher) matches(nsn string) bool {
	if len(m.Lengths) > 0 && !containsLen(m.Lengths, len(nsn)) {
		return false
	}
	return m.re.MatchString(nsn)
}

func containsLen(ls []int32, n int) bool {
	for _, l := range ls {
		if int(l) == n {
			return true
		}
	}
	return false
}

//go:embed plans.json
var plansJSON []byte

var plans = sync.OnceValues(func() (*plansFile, error) {
	var f plansFile
	if err := json.Unmarshal(plansJSON, &f); err != nil {
		return nil, fmt.Errorf("phoneplan: plans.json: %w", err)
	}
	return &f, nil
})

// region returns a region's plan with its patterns compiled, or nil for
// a region the data does not hold.
func region(code string) *plan {
	f, err := plans()
	if err != nil {
		panic(err) // embedded data, held by the tests
	}
	p := f.Regions[code]
	if p == nil {
		return nil
	}
	p.compiled.Do(func() {
		whole := func(d desc) matcher { return matcher{d, regexp.MustCompile("^(?:" + d.Pattern + ")$")} }
		p.general = whole(p.General)
		for t := Type(0); t < numTypes; t++ {
			p.types[t] = whole(p.Types[t.String()]) // absent: "^(?:)$", no national number matches
		}
		p.idd = regexp.MustCompile(p.InternationalPrefix)
		if p.NationalPrefixForParsing != "" {
			p.npp = regexp.MustCompile("^(?:" + p.NationalPrefixForParsing + ")")
		}
	})
	return p
}

// mainRegion is the region whose plan reads numbers of a calling code,
// among those the data holds ("" if none).
func mainRegion(cc int) string {
	f, _ := plans()
	code := ""
	for id, p := range f.Regions {
		if p.CountryCode == cc && (p.MainCountryForCode || code == "") {
			code = id
		}
	}
	return code
}

func isCallingCode(cc int) bool {
	f, _ := plans()
	for _, c := range f.CallingCodes {
		if c == cc {
			return true
		}
	}
	return false
}

// Type is the type of a national number, as libphonenumber names them.
type Type int

const (
	PremiumRate Type = iota
	TollFree
	SharedCost
	VoIP
	PersonalNumber
	Pager
	UAN
	Voicemail
	FixedLine
	Mobile
	numTypes // the types a plan describes

	// FixedLineOrMobile is a number the plan does not tell apart (the
	// United States').
	FixedLineOrMobile
	// Unknown is a number that fits no type of the plan: not valid.
	Unknown
)

var typeNames = [...]string{"premium_rate", "toll_free", "shared_cost", "voip", "personal_number", "pager", "uan", "voicemail", "fixed_line", "mobile"}

func (t Type) String() string {
	switch {
	case t >= 0 && t < numTypes:
		return typeNames[t]
	case t == FixedLineOrMobile:
		return "fixed_line_or_mobile"
	}
	return "unknown"
}

// Number is a parsed phone number: its country calling code and its
// national significant number (the digits after the calling code and any
// trunk prefix, leading zeros kept).
type Number struct {
	CountryCode int
	National    string
}

// Valid reports whether s is a valid phone number of the region (an ISO
// 3166 code the data holds), written in any way libphonenumber reads:
// nationally, with +, with an international prefix, with punctuation.
func Valid(s, region string) bool {
	n, err := Parse(s, region)
	return err == nil && n.TypeIn(region) != Unknown
}

// TypeIn is the number's type in the region's plan: Unknown when the
// number is not valid there, or the region has another calling code.
// (For a number valid in the region, it is the type libphonenumber's
// GetNumberType gives.)
func (n Number) TypeIn(code string) Type {
	p := region(code)
	if p == nil || p.CountryCode != n.CountryCode {
		return Unknown
	}
	return p.typeOf(n.National)
}

// typeOf is libphonenumber's getNumberTypeHelper.
func (p *plan) typeOf(nsn string) Type {
	if !p.general.matches(nsn) {
		return Unknown
	}
	for t := PremiumRate; t <= Voicemail; t++ {
		if p.types[t].matches(nsn) {
			return t
		}
	}
	if p.types[FixedLine].matches(nsn) {
		if p.SameMobileAndFixedLine || p.types[Mobile].matches(nsn) {
			return FixedLineOrMobile
		}
		return FixedLine
	}
	if !p.SameMobileAndFixedLine && p.types[Mobile].matches(nsn) {
		return Mobile
	}
	return Unknown
}
