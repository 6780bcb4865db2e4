package seed

import (
	"fmt"
	"io/fs"
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
// words, "grade@municipalities", else the column's) and a language, or in
// English when the language has none.
func Terms(column, industry, lang string) []string {
	t := load().terms
	byLang, ok := t[column+"@"+industry]
	if !ok {
		byLang = t[column]
	}
	if ws := byLang[lang]; len(ws) > 0 {
		return ws
	}
	return byLang["en"]
}

// isTerm reports whether s is a word of the column in the language or in
// English, the fallback.
func isTerm(column, industry, lang, s string) bool {
	return slices.Contains(Terms(column, industry, lang), s) || slices.Contains(Terms(column, industry, "en"), s)
}
