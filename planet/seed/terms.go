package seed

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"slices"
)

type termsFile struct {
	About string `json:"about"`
	// Neutral are the columns whose words are the same in every language
	// (brand and model names, ports, titles, sizes): English only.
	Neutral []string                       `json:"neutral"`
	Terms   map[string]map[string][]string `json:"terms"`
}

// parseTerms reads data/terms.json: every column has English words (the
// fallback of a language the file lacks), no word is empty, and a
// language-neutral column has English words only. Whether every other
// column has every lexicon's language is a data test.
func parseTerms(fsys fs.FS) (terms map[string]map[string][]string, neutral map[string]bool, err error) {
	var f termsFile
	if err := decodeFile(fsys, "data/terms.json", &f); err != nil {
		return nil, nil, err
	}
	neutral = map[string]bool{}
	for _, col := range f.Neutral {
		byLang, ok := f.Terms[col]
		if !ok {
			return nil, nil, fmt.Errorf("terms.json: /neutral: %q is no column of /terms", col)
		}
		if len(byLang) != 1 {
			return nil, nil, fmt.Errorf("terms.json: /terms/%s: a language-neutral column has English words only, not %d languages", col, len(byLang))
		}
		neutral[col] = true
	}
	for _, col := range sortedKeys(f.Terms) {
		byLang := f.Terms[col]
		if len(byLang["en"]) == 0 {
			return nil, nil, fmt.Errorf("terms.json: /terms/%s: no English words (English is every language's fallback)", col)
		}
		for _, lang := range sortedKeys(byLang) {
			if slices.Contains(byLang[lang], "") {
				return nil, nil, fmt.Errorf("terms.json: /terms/%s/%s: an empty word", col, lang)
			}
		}
	}
	return f.Terms, neutral, nil
}

// TermNeutral reports whether a term column's words are the same in every
// language (brand and model names, ports, titles), as terms.json marks it.
func TermNeutral(column string) bool { return load().termsNeutral[column] }

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

// isTerm reports whether s is a word of the column in the language (its
// own words, else English, the fallback of a language-neutral column or
// of a language terms.json lacks), or such a word's translation (a
// machine column's "Pulverizador", the price list's name for "Sprayer").
// An English word in a column the language has its own words for is
// English left over ("Well done!" on a Hamburg bakery's cake).
func isTerm(column, industry, lang, s string) bool {
	ws := Terms(column, industry, lang)
	if slices.Contains(ws, s) {
		return true
	}
	// A word TermIn translated: looked up in this language's own file, since
	// another language may write the same word for another term (Polish
	// and Romanian "Instalator").
	for _, w := range ws {
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
