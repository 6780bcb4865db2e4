package catalog

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// namingFile is data/naming.json: how firms are named where an industry
// has no pattern in the country's language.
type namingFile struct {
	About string `json:"about"`
	// Generic names say nothing of the trade ("Müller & Söhne"), for an
	// industry with no pattern in the language: better than an English
	// "Müller Bike Shop GmbH".
	Generic map[string][]string `json:"generic"`
	// Nonprofit names are those of associations and foundations.
	Nonprofit map[string][]string `json:"nonprofit"`
	// Bodies lists the industries that are not companies: "nonprofit"
	// (associations, charities) and "public" (a town hall, a library).
	Bodies map[string][]string `json:"bodies"`
	// EnglishTradeWords give away a name composed in English ("Delivery",
	// "Roofing"): words no other catalog language writes the same way.
	EnglishTradeWords []string `json:"english_trade_words"`
}

// Kinds of body in naming.json's "bodies".
const (
	NonprofitBody = "nonprofit"
	PublicBody    = "public"
)

var naming = sync.OnceValues(func() (*namingFile, error) {
	var n namingFile
	if err := decodeFile(dataFS, "data/naming.json", &n); err != nil {
		return nil, err
	}
	for kind, ids := range n.Bodies {
		if kind != NonprofitBody && kind != PublicBody {
			return nil, fmt.Errorf("naming.json: bodies: unknown kind %q", kind)
		}
		for _, id := range ids {
			if _, ok := IndustryByID(id); !ok {
				return nil, fmt.Errorf("naming.json: bodies: %s: no industry %q", kind, id)
			}
		}
	}
	return &n, nil
})

func namingData() *namingFile {
	n, err := naming()
	if err != nil {
		panic("catalog: embedded data is invalid: " + err.Error())
	}
	return n
}

// BodyOf is what kind of body an industry's firms are: NonprofitBody,
// PublicBody, or "" for a company. Bodies carry no commercial legal form.
func BodyOf(industryID string) string {
	for kind, ids := range namingData().Bodies {
		if slices.Contains(ids, industryID) {
			return kind
		}
	}
	return ""
}

// byLocale is the entry of m for a locale, else for its base language.
func byLocale(m map[string][]string, locale string) []string {
	if p := m[locale]; len(p) > 0 {
		return p
	}
	base, _, _ := strings.Cut(locale, "-")
	return m[base]
}

// namePatterns are the patterns a firm of ind is named by in the
// country: the industry's own in the country's language, else (in a
// language other than English) a nonprofit's or a generic local name,
// else the industry's English patterns.
func (c Country) namePatterns(ind Industry) []string {
	if p := ind.localPatterns(c.Locale); len(p) > 0 {
		return p
	}
	if english(c.Locale) {
		return ind.CompanyNamePatterns
	}
	n := namingData()
	if BodyOf(ind.ID) == NonprofitBody {
		if p := byLocale(n.Nonprofit, c.Locale); len(p) > 0 {
			return p
		}
	}
	if BodyOf(ind.ID) == "" {
		if p := byLocale(n.Generic, c.Locale); len(p) > 0 {
			return p
		}
	}
	return ind.CompanyNamePatterns
}

func english(locale string) bool {
	base, _, _ := strings.Cut(locale, "-")
	return base == "en"
}

// NamesInLanguage reports whether the catalog names firms in the
// country's own language (it has generic names for it), so a name with
// English trade words is one composed in the wrong language.
func (c Country) NamesInLanguage() bool {
	return !english(c.Locale) && len(byLocale(namingData().Generic, c.Locale)) > 0
}

// EnglishTradeWords are the English trade words in a name ("Water",
// "Delivery" of "Cantera Water Delivery S.A. de C.V."), in order.
func EnglishTradeWords(name string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if slices.Contains(namingData().EnglishTradeWords, w) {
			out = append(out, w)
		}
	}
	return out
}

// HasOwnPattern reports whether an industry has name patterns in the
// country's language (a public body without them keeps its English name).
func (c Country) HasOwnPattern(ind Industry) bool { return len(ind.localPatterns(c.Locale)) > 0 }

// CompanyIndustries are the industries whose firms are companies (not
// associations or public bodies), sorted by id: the businesses a firm
// invoices. The slice is shared and must not be modified.
var CompanyIndustries = sync.OnceValue(func() []Industry {
	return slices.DeleteFunc(Industries(), func(i Industry) bool { return BodyOf(i.ID) != "" })
})
