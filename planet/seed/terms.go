package seed

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"slices"
)

type termsFile struct {
	About string                         `json:"about"`
	Terms map[string]map[string][]string `json:"terms"`
}

func parseTerms(fsys fs.FS) (map[string]map[string][]string, error) {
	var f termsFile
	if err := decodeFile(fsys, "data/terms.json", &f); err != nil {
		return nil, err
	}
	for col, byLang := range f.Terms {
		if len(byLang["en"]) == 0 {
			return nil, fmt.Errorf("terms.json: %s: no English words (English is every language's fallback)", col)
		}
		for lang, ws := range byLang {
			if slices.Contains(ws, "") {
				return nil, fmt.Errorf("terms.json: %s/%s: an empty word", col, lang)
			}
		}
	}
	return f.Terms, nil
}

// Terms returns the words of a term column in an industry (its own
// words, "grade@municipalities", else the column's) and a language or
// locale (its own words, then its base language's, as LexiconFor), or in
// English when the language has none.
func Terms(column, industry, lang string) []string {
	t := load().terms
	byLang, ok := t[column+"@"+industry]
	if !ok {
		byLang = t[column]
	}
	for _, k := range localeKeys(lang) {
		if ws := byLang[k]; len(ws) > 0 {
			return ws
		}
	}
	return byLang["en"]
}

// isTerm reports whether s is a word of the column in the language or in
// English, the fallback, or an English word's translation (a machine
// column's "Pulverizador", the price list's name for "Sprayer").
func isTerm(column, industry, lang, s string) bool {
	en := Terms(column, industry, "en")
	if slices.Contains(Terms(column, industry, lang), s) || slices.Contains(en, s) {
		return true
	}
	// A word TermIn translated: looked up in this language's own file, since
	// another language may write the same word for another term (Polish
	// and Romanian "Instalator").
	for _, w := range en {
		if Translate(lang, w) == s {
			return true
		}
	}
	return false
}

// TermIn draws a word of a term column in a language: the language's own
// words, else the English ones, those that are catalogue items, supplies
// or job titles in the language's translation ("Sprayer" at a Colombian
// dealer is its price list's "Pulverizador").
func TermIn(r *rand.Rand, column, industry, lang string) string {
	ws := Terms(column, industry, lang)
	if len(ws) == 0 {
		return ""
	}
	return Translate(lang, ws[r.IntN(len(ws))])
}
