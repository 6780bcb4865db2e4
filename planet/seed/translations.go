package seed

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/catalog"
)

// translationFile is one language's data/translations/<lang>.json: the
// catalogue items, supplies, units and job titles of the catalog and of
// data/supplies.json, keyed by their English text.
type translationFile struct {
	Language string            `json:"language"`
	About    string            `json:"about"`
	Terms    map[string]string `json:"terms"`
}

// translations holds every language's terms and, for reading a world
// back, the English of each translated term in that language: a reverse
// map across all languages would confuse words two languages share
// (Polish and Romanian both write "Instalator", for different terms).
type translations struct {
	terms   map[string]map[string]string // language → English → local
	english map[string]map[string]string // language → local → English
}

// TermSources returns, sorted, every English string a translation file
// translates: each industry's offering unit, catalogue item names and
// units, supply names and units and job titles, the catalogue items and
// stock of the packs' variant flavours, the supply names of
// data/supplies.json, and the medications and directions of the
// flavours' prescriptions.
func TermSources() []string { return slices.Clone(load().termSources) }

func termSources(supplies *suppliesFile) []string {
	set := map[string]bool{}
	add := func(s string) {
		if strings.TrimSpace(s) != "" {
			set[s] = true
		}
	}
	for _, ind := range catalog.Industries() {
		off := ind.Vocabulary.Offering
		add(off.Unit)
		for _, it := range off.Items {
			add(it.Name)
			add(it.Unit)
		}
		for _, s := range ind.Supplies {
			add(s.Name)
			add(s.Unit)
		}
		for _, j := range ind.JobTitles {
			add(j)
		}
	}
	// A pack's variant is its catalogue and stock where the brief calls
	// for it (an izakaya's yakitori and sake).
	for _, f := range catalog.Flavours() {
		for _, it := range f.Items {
			add(it.Name)
			add(it.Unit)
		}
		if f.ChosenBy != nil {
			for _, s := range f.StockItems {
				add(s)
			}
		}
	}
	for _, ss := range supplies.Industries {
		for _, s := range ss {
			add(s.Name)
		}
	}
	for _, f := range catalog.Flavours() {
		for _, m := range f.Prescriptions {
			add(m.Name)
			add(m.Dose)
		}
	}
	return sortedKeys(set)
}

// parseTranslations reads data/translations/*.json. A file must be named
// for its language ("pt", or a regional "pt-PT"), the language or its
// base must have a lexicon (a world speaks it), every value must be
// non-empty and every key a source string. Whether a file covers every
// source string is a data test, so that a file being written still loads.
func parseTranslations(fsys fs.FS, sources []string, lexicons map[string]*Lexicon) (*translations, error) {
	names, err := fs.Glob(fsys, "data/translations/*.json")
	if err != nil {
		return nil, err
	}
	out := &translations{terms: map[string]map[string]string{}, english: map[string]map[string]string{}}
	for _, n := range names {
		var f translationFile
		if err := decodeFile(fsys, n, &f); err != nil {
			return nil, err
		}
		if err := checkLanguageTag(n, f.Language); err != nil {
			return nil, err
		}
		keys := localeKeys(f.Language)
		base := keys[len(keys)-1]
		if base == "en" || lexicons[f.Language] == nil && lexicons[base] == nil {
			return nil, fmt.Errorf("%s: %q is not a language of data/lexicon (other than English), nor a region of one", n, f.Language)
		}
		for _, k := range sortedKeys(f.Terms) {
			v := f.Terms[k]
			if _, ok := slices.BinarySearch(sources, k); !ok {
				return nil, fmt.Errorf("%s: /terms/%s: not a catalogue item, supply, unit or job title of the catalog", n, pointerToken(k))
			}
			if strings.TrimSpace(v) == "" || strings.TrimSpace(v) != v {
				return nil, fmt.Errorf("%s: /terms/%s: empty or padded translation %q", n, pointerToken(k), v)
			}
		}
		out.terms[f.Language] = f.Terms
	}
	// The English of a local term in its language, the first key
	// winning, so that reading a world back does not depend on map order.
	for _, lang := range sortedKeys(out.terms) {
		back := map[string]string{}
		for _, k := range sortedKeys(out.terms[lang]) {
			if v := out.terms[lang][k]; v != k {
				if _, seen := back[v]; !seen {
					back[v] = k
				}
			}
		}
		out.english[lang] = back
	}
	return out, nil
}

// pointerToken escapes a JSON object key for a JSON pointer (RFC 6901).
func pointerToken(k string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(k)
}

// termsFor is the translation file a language or locale reads: its own
// regional one ("pt-PT"), else its base language's ("de-AT" → de), else
// none.
func termsFor(lang string) map[string]string { return load().translations.of(lang) }

func (tr *translations) of(lang string) map[string]string {
	for _, k := range localeKeys(lang) {
		if terms, ok := tr.terms[k]; ok {
			return terms
		}
	}
	return nil
}

// Translate returns a catalogue item, supply, unit or job title in a
// language ("de", or a locale "de-AT", "pt-PT"): its entry in the
// locale's translation file (see termsFor), else s itself (a language
// without a file, English, or a name that is no catalog term, such as a
// plan's own item).
func Translate(lang, s string) string {
	if v, ok := termsFor(lang)[s]; ok {
		return v
	}
	return s
}

// Translated lists the languages that have a translation file, regional
// ones ("pt-PT") included, sorted.
func Translated() []string { return sortedKeys(load().translations.terms) }

// HasTranslations reports whether a language (or locale) has a
// translation file.
func HasTranslations(lang string) bool { return termsFor(lang) != nil }

// English returns the English source of a term translated into a
// language or locale ("Inner tubes" for German "Schläuche"), looked up in
// the file that language reads (see termsFor), or s itself when it is
// English or no term of that language.
func English(lang, s string) string {
	tr := load().translations
	for _, k := range localeKeys(lang) {
		if _, ok := tr.terms[k]; ok {
			if e, ok := tr.english[k][s]; ok {
				return e
			}
			return s
		}
	}
	return s
}

// untranslated reports whether s is a source string that the language
// writes otherwise: an English catalogue item, supply, unit or job title
// left in a world of that language. It returns the local term.
func untranslated(lang, s string) (string, bool) {
	v, ok := termsFor(lang)[s]
	return v, ok && v != s
}
