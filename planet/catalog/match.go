package catalog

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// normalize folds text for matching: Unicode NFKD with combining marks
// removed ("España" → "espana"), lower case, '.' and apostrophes dropped
// ("U.S.A." → "usa"), every other run of non-letters/digits collapsed to one
// space.
func normalize(s string) string {
	var b strings.Builder
	space := false
	for _, r := range norm.NFKD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case r == '.' || r == '\'' || r == '’' || r == '`':
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(unicode.ToLower(r))
		default:
			space = true
		}
	}
	return b.String()
}

// unspacedScript reports whether s contains a letter from a script written
// without spaces between words, where phrases are matched as substrings.
func unspacedScript(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai) {
			return true
		}
	}
	return false
}

// containsPhrase reports whether the normalized phrase occurs in the
// normalized text as whole words (as a substring for unspaced scripts).
func containsPhrase(text, phrase string) bool {
	if phrase == "" {
		return false
	}
	if unspacedScript(phrase) {
		return strings.Contains(text, phrase)
	}
	return strings.Contains(" "+text+" ", " "+phrase+" ")
}

func buildCountryIndex(cs []Country) map[string]string {
	idx := map[string]string{}
	add := func(key, code string) {
		if k := normalize(key); k != "" {
			if _, taken := idx[k]; !taken {
				idx[k] = code
			}
		}
	}
	// Codes, names and native names first so no alias can shadow them.
	for _, c := range cs {
		add(c.Code, c.Code)
		add(c.Name, c.Code)
		add(c.NativeName, c.Code)
	}
	for _, c := range cs {
		for _, a := range c.Aliases {
			add(a, c.Code)
		}
	}
	return idx
}

// MatchCountry maps free text to a country: an ISO code ("jp"), the English
// name ("Germany"), the native name ("Deutschland", "日本", "Brasil") or an
// alias ("UK", "USA"), case- and accent-insensitively. Failing an exact
// match, it looks for a country name of at least four letters (or any name
// in an unspaced script) inside the text, preferring the longest, so
// "a bakery in Lyon, France" gives FR.
func MatchCountry(text string) (Country, bool) {
	c := load()
	t := normalize(text)
	if t == "" {
		return Country{}, false
	}
	best, _ := c.countryIn(t)
	if best == "" {
		return Country{}, false
	}
	return c.countries[c.byCode[best]], true
}

// MinIndustryScore is the score below which MatchIndustry reports no match.
const MinIndustryScore = 0.15

// stopwords carry no industry signal on their own.
var stopwords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the and or of for in on at to with by from as we our us you is are be
		company companies business businesses firm firms small large big mid sized medium local family run owned based
		services service provider providers group ltd inc llc gmbh new best general home care operator
		de la el los las y en del und der die das fur mit et le les des du di da do dos e em para`) {
		stopwords[w] = true
	}
}

type industryIndex struct {
	exact   map[string]int // normalized id, name, alias or local name fragment -> industry
	phrases []phrase       // the same, for finding them inside longer text
	strong  [][]string     // per industry: tokens of id, name, aliases, local fragments
	weak    [][]string     // per industry: tokens of the description templates
}

type phrase struct {
	text   string
	ind    int
	n      int      // runes
	tokens []string // words, for coverage
	multi  bool     // several words, or an unspaced script
	// unspaced: the text is matched as a substring (see containsPhrase).
	unspaced bool
	padded   string // " text ": a match of whole words
}

// contentTokens returns the normalized words of s that may carry meaning:
// no stopwords, at least 3 letters (2 in unspaced scripts).
func contentTokens(s string) []string {
	var out []string
	for _, w := range strings.Fields(normalize(s)) {
		n := len([]rune(w))
		if stopwords[w] || n < 2 || n < 3 && !unspacedScript(w) {
			continue
		}
		out = append(out, w)
	}
	return out
}

var placeholderRe = regexp.MustCompile(`\{[a-z]+\}`)

func buildIndustryIndex(inds []Industry) *industryIndex {
	ix := &industryIndex{exact: map[string]int{}, strong: make([][]string, len(inds)), weak: make([][]string, len(inds))}
	add := func(i int, name string) {
		k := normalize(name)
		if k == "" {
			return
		}
		if _, taken := ix.exact[k]; !taken {
			ix.exact[k] = i
		}
		words := strings.Fields(k)
		unspaced := unspacedScript(k)
		ix.phrases = append(ix.phrases, phrase{text: k, ind: i, n: len([]rune(k)), tokens: words,
			multi: len(words) > 1 || unspaced, unspaced: unspaced, padded: " " + k + " "})
		ix.strong[i] = append(ix.strong[i], contentTokens(name)...)
	}
	for i, in := range inds {
		add(i, strings.ReplaceAll(in.ID, "-", " "))
		add(i, in.Name)
		for _, a := range in.Aliases {
			add(i, a)
		}
		var weak []string
		for _, d := range in.DescriptionTemplates {
			weak = append(weak, contentTokens(placeholderRe.ReplaceAllString(d, " "))...)
		}
		ix.weak[i] = dedupe(weak)
	}
	// The literal parts of the local company name patterns ("Zahnarztpraxis",
	// "Стоматология", "歯科") name the industry in its own language; use those
	// that belong to one industry only.
	owners := map[string]map[int]bool{}
	for i, in := range inds {
		for _, pats := range in.LocalNamePatterns {
			for _, p := range pats {
				for _, frag := range placeholderRe.Split(p, -1) {
					k := normalize(frag)
					if n := len([]rune(k)); n >= 4 || n >= 2 && unspacedScript(k) {
						if owners[k] == nil {
							owners[k] = map[int]bool{}
						}
						owners[k][i] = true
					}
				}
			}
		}
	}
	for _, k := range slices.Sorted(maps.Keys(owners)) {
		if len(owners[k]) == 1 {
			for i := range owners[k] {
				add(i, k)
			}
		}
	}
	for i := range ix.strong {
		ix.strong[i] = dedupe(ix.strong[i])
	}
	// Longest phrases first, then by industry order, for a deterministic scan.
	slices.SortStableFunc(ix.phrases, func(a, b phrase) int {
		if a.n != b.n {
			return b.n - a.n
		}
		return a.ind - b.ind
	})
	return ix
}

func dedupe(xs []string) []string {
	slices.Sort(xs)
	return slices.Compact(xs)
}

// tokenMatch reports whether a query word q names the index word w: the same
// word, an extension of it (plural or compound: "dentists", "zahnarztpraxis"
// for "zahnarzt"), or a near-complete prefix of it ("orthodontic" for
// "orthodontics", but not "hospital" for "hospitality").
func tokenMatch(q, w string) bool {
	if q == w {
		return true
	}
	nq, nw := len([]rune(q)), len([]rune(w))
	if nq > nw {
		return nw >= 5 && 2*nw >= nq && strings.HasPrefix(q, w)
	}
	return nq >= 5 && 4*nq >= 3*nw && strings.HasPrefix(w, q)
}

// looseContains reports whether the words of a several-word name occur
// in text's words in order, each as itself or its plural or compound
// (sameWord), with at most one other word among them: "bicycle repair
// shop" names a "bicycle shop", "dental practices" a "dental practice".
func looseContains(text, name []string) bool {
	if len(name) < 2 || len(name) > len(text) {
		return false
	}
	for start := range text {
		if !sameWord(text[start], name[0]) {
			continue
		}
		k, skipped := 1, 0
		for i := start + 1; i < len(text) && k < len(name) && skipped <= 1; i++ {
			if sameWord(text[i], name[k]) {
				k++
			} else {
				skipped++
			}
		}
		if k == len(name) && skipped <= 1 {
			return true
		}
	}
	return false
}

// sameWord is tokenMatch, or q is the English plural of a short w
// ("shops", "bodies"), which tokenMatch leaves to words of five letters.
func sameWord(q, w string) bool {
	return tokenMatch(q, w) || q == w+"s" || q == w+"es" || strings.HasSuffix(w, "y") && q == w[:len(w)-1]+"ies"
}

func anyMatch(tok string, set []string) bool {
	for _, s := range set {
		if tokenMatch(tok, s) {
			return true
		}
	}
	return false
}

// IndustryNamed returns the industry whose id, name or alias the text is,
// exactly (case- and accent-insensitively): what MatchIndustry scores 1,
// without scoring every other industry.
func IndustryNamed(text string) (Industry, bool) {
	c := load()
	if i, hit := c.industryIx.exact[normalize(text)]; hit {
		return c.industries[i], true
	}
	return Industry{}, false
}

// MatchIndustry maps free text ("dental practice", "Zahnarztpraxis",
// "we ship containers from Asia") to the closest industry.
//
// An exact id, name or alias scores 1 (and only that: see IndustryNamed). A known alias or local name found
// inside the text scores 0.75-0.99 (longer aliases win) when it has several
// words or covers at least 40% of the text's words. Otherwise the words are
// compared with each industry's names and aliases, weighted by how few
// industries share them, plus a little for description words; such matches
// score at most 0.6. ok is false below MinIndustryScore or when two
// industries tie that way (a bare "clinic" or "studio" is ambiguous).
func MatchIndustry(text string) (ind Industry, score float64, ok bool) {
	c := load()
	ix := c.industryIx
	t := normalize(text)
	if t == "" {
		return Industry{}, 0, false
	}
	if i, hit := ix.exact[t]; hit {
		return c.industries[i], 1, true
	}
	toks := dedupe(contentTokens(text))
	tn := float64(len([]rune(t)))
	scores := make([]float64, len(c.industries))

	longest := make([]int, len(c.industries))
	multi := make([]bool, len(c.industries))
	covered := make([]map[string]bool, len(c.industries))
	tw := strings.Fields(t)
	padded := " " + t + " "
	for _, p := range ix.phrases {
		var in bool
		if p.unspaced {
			in = strings.Contains(t, p.text)
		} else {
			in = strings.Contains(padded, p.padded)
		}
		if !in && !(p.multi && looseContains(tw, p.tokens)) {
			continue
		}
		longest[p.ind] = max(longest[p.ind], p.n)
		multi[p.ind] = multi[p.ind] || p.multi
		if covered[p.ind] == nil {
			covered[p.ind] = map[string]bool{}
		}
		for _, w := range p.tokens {
			if slices.Contains(toks, w) {
				covered[p.ind][w] = true
			}
		}
	}
	for i, n := range longest {
		if n > 0 && (multi[i] || 10*len(covered[i]) >= 4*len(toks)) {
			scores[i] = 0.75 + 0.24*min(1, float64(n)/tn)
		}
	}

	if len(toks) > 0 {
		dfStrong, dfWeak := map[string]int{}, map[string]int{}
		for _, tok := range toks {
			for i := range c.industries {
				if anyMatch(tok, ix.strong[i]) {
					dfStrong[tok]++
				}
				if anyMatch(tok, ix.weak[i]) {
					dfWeak[tok]++
				}
			}
		}
		for i := range c.industries {
			if scores[i] > 0 {
				continue
			}
			sum, strong := 0.0, false
			for _, tok := range toks {
				switch {
				case anyMatch(tok, ix.strong[i]):
					sum += 1 / float64(dfStrong[tok])
					strong = true
				case anyMatch(tok, ix.weak[i]):
					sum += 0.3 / float64(dfWeak[tok])
				}
			}
			if strong {
				scores[i] = 0.6 * sum / float64(len(toks))
			}
		}
	}

	best, second := 0, -1
	for i := 1; i < len(scores); i++ {
		switch {
		case scores[i] > scores[best]:
			best, second = i, best
		case second < 0 || scores[i] > scores[second]:
			second = i
		}
	}
	const eps = 1e-9
	s := scores[best]
	if s < MinIndustryScore-eps || s < 0.75 && second >= 0 && scores[second] > s-eps {
		return Industry{}, s, false
	}
	return c.industries[best], s, true
}
