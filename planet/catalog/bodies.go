package catalog

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
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
	// ComposedKinds name a composed industry by its kind of business,
	// with ComposedPatterns per language ("default" for the others).
	ComposedKinds    map[string]composedKind `json:"composed_kinds"`
	ComposedPatterns map[string][]string     `json:"composed_patterns"`
	// EnglishHeads are more English words of briefs ("kennels",
	// "sawmill"): a composed name of them is not local.
	EnglishHeads []string `json:"english_heads"`
	// LocalConnectives join the words of a trade in another language
	// ("atelier de zellige", "Haus der Musik"): an industry written with
	// one is not English, whatever words it shares with English.
	LocalConnectives []string `json:"local_connectives"`
	// NonprofitCues make a composed business an association.
	NonprofitCues []string `json:"nonprofit_cues"`
	// DomainFillers are the words of a name a firm's domain leaves out:
	// connectives and generic heads ("Wojciechowski i Wspólnicy" is
	// wojciechowski-wspolnicy.pl, "Grupa Bursztyn" bursztyn.pl).
	DomainFillers []string `json:"domain_fillers"`
	// SurnameCapitalAlone lists the countries whose surname standing
	// alone capitalises its first particle ("Gebroeders Van der Meer").
	SurnameCapitalAlone struct {
		About     string   `json:"about"`
		Countries []string `json:"countries"`
	} `json:"surname_capital_alone"`
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
	// The brief's own words are the country's only when they are in its
	// script: "locksmith" is no Japanese word, whatever list of English
	// words it is missing from, and "日本 Locksmith株式会社" no Japanese
	// firm's name.
	if ind.ownWords && sameScript(ind.CompanyNamePatterns, c.FamilyNames) {
		return ind.CompanyNamePatterns
	}
	n := namingData()
	if ind.Body() == NonprofitBody {
		if p := byLocale(n.Nonprofit, c.Locale); len(p) > 0 {
			return p
		}
	}
	if ind.Body() == "" {
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

// composedKind is a kind of business of naming.json's composed_kinds: the
// English words that name it in a brief and its trade word per language.
type composedKind struct {
	Words []string          `json:"words"`
	Trade map[string]string `json:"trade"`
}

// ComposedIndustry is the industry of a composed world (one no pack
// fits), named by its brief: industry is the plan's industry ("goat
// dairy"), text the brief's words (industry and description), from which
// the body is read ("a volunteer-run food bank" is a nonprofit). Its
// names are local where the country names firms in its own language: the
// trade word of the kind of business the words name ("Queijaria {family}"
// for a dairy in Portugal), else the brief's own words when they are not
// English ("Schreinerei {family}"), else a generic local name; English
// countries get the brief's words ("{stem} Goat Dairy").
func ComposedIndustry(industry, text string) Industry {
	// "зернове господарство (grain farm)": the gloss is for us, not for
	// the company's name.
	if i := strings.Index(industry, "("); i > 0 {
		industry = strings.TrimSpace(industry[:i])
	}
	var words []string
	for _, w := range strings.Fields(industry) {
		r, n := utf8.DecodeRuneInString(w)
		words = append(words, string(unicode.ToUpper(r))+w[n:])
	}
	t := strings.Join(words, " ")
	ind := Industry{
		CompanyNamePatterns: []string{"{stem} " + t, "{family} " + t, "{city} " + t, "{stem} " + t},
		body:                composedBody(strings.ToLower(industry + " " + text)),
	}
	if ind.body == NonprofitBody {
		return ind // an association's names (naming.json nonprofit)
	}
	n := namingData()
	if kind, ok := composedKindOf(industry); ok {
		ind.LocalNamePatterns = map[string][]string{}
		for lang, trade := range n.ComposedKinds[kind].Trade {
			ps := n.ComposedPatterns[lang]
			if len(ps) == 0 {
				ps = n.ComposedPatterns["default"]
			}
			for _, p := range ps {
				ind.LocalNamePatterns[lang] = append(ind.LocalNamePatterns[lang], strings.ReplaceAll(p, "{trade}", trade))
			}
		}
		return ind
	}
	if len(ComposedEnglishWords(industry)) == 0 {
		// The brief's own words are the country's ("Schreinerei"): a name
		// in them is local in whatever locale the firm is in.
		ind.ownWords = true
	}
	return ind
}

// composedKindOf is the kind of business an industry's words name: the
// kind with the longest matching phrase ("olive oil mill" is an oil mill,
// not a mill), as whole words.
func composedKindOf(industry string) (string, bool) {
	text := " " + strings.Join(strings.FieldsFunc(strings.ToLower(industry), func(r rune) bool { return !unicode.IsLetter(r) }), " ") + " "
	best, bestLen := "", 0
	n := namingData()
	for _, kind := range slices.Sorted(maps.Keys(n.ComposedKinds)) {
		for _, w := range n.ComposedKinds[kind].Words {
			if len(w) > bestLen && strings.Contains(text, " "+w+" ") {
				best, bestLen = kind, len(w)
			}
		}
	}
	return best, best != ""
}

// composedBody is what body a composed business is by its words:
// NonprofitBody for an association, a club or a charity, else "".
func composedBody(text string) string {
	text = " " + strings.Join(strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }), " ") + " "
	for _, cue := range namingData().NonprofitCues {
		if strings.Contains(text, " "+cue+" ") {
			return NonprofitBody
		}
	}
	return ""
}

// ComposedBody is the body of a composed business by its words (see
// ComposedIndustry): NonprofitBody or "".
func ComposedBody(text string) string { return composedBody(strings.ToLower(text)) }

// ComposedEnglishWords are the English words of a composed industry's
// name ("goat dairy" → "Goat", "Dairy"): its words when any of them is a
// word only English writes that way (an English trade word, a kind of
// business or a head noun of naming.json), title-cased as a name writes
// them; none for a brief in the country's language ("Schreinerei").
func ComposedEnglishWords(industry string) []string {
	if i := strings.Index(industry, "("); i > 0 {
		industry = strings.TrimSpace(industry[:i])
	}
	n := namingData()
	english := false
	var out []string
	for _, w := range strings.FieldsFunc(industry, func(r rune) bool { return !unicode.IsLetter(r) }) {
		lw := strings.ToLower(w)
		if slices.Contains(n.LocalConnectives, lw) {
			return nil
		}
		r, size := utf8.DecodeRuneInString(w)
		tw := string(unicode.ToUpper(r)) + w[size:]
		if slices.Contains(n.EnglishHeads, lw) || slices.Contains(n.EnglishTradeWords, tw) || slices.ContainsFunc(slices.Collect(maps.Values(n.ComposedKinds)), func(k composedKind) bool { return slices.Contains(k.Words, lw) }) {
			english = true
		}
		if len(w) > 2 {
			out = append(out, tw)
		}
	}
	if !english {
		return nil
	}
	return out
}

// Body is what body the industry's firms are (BodyOf its id; a composed
// industry's from its brief).
func (ind Industry) Body() string {
	if ind.body != "" {
		return ind.body
	}
	return BodyOf(ind.ID)
}

// IsDomainFiller reports whether a word of a company's name is left out
// of its domain (naming.json domain_fillers).
func IsDomainFiller(word string) bool { return slices.Contains(namingData().DomainFillers, word) }

// sameScript reports whether the letters of patterns (outside their
// {placeholders}) are in the script the country writes names in, judged
// by its family names: Latin letters or not.
func sameScript(patterns, names []string) bool {
	if len(names) == 0 || len(patterns) == 0 {
		return true
	}
	latin := func(s string) (bool, bool) {
		has, all := false, true
		depth := 0
		for _, r := range s {
			switch {
			case r == '{':
				depth++
			case r == '}':
				depth--
			case depth == 0 && unicode.IsLetter(r):
				has = true
				all = all && unicode.Is(unicode.Latin, r)
			}
		}
		return has, all
	}
	_, namesLatin := latin(names[0])
	for _, p := range patterns {
		if has, pLatin := latin(p); has && pLatin != namesLatin {
			return false
		}
	}
	return true
}
