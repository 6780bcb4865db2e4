package read

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// isPlaceName reports whether a (lower-cased) word is written as a
// name in the description: "Perth", "Liège", "Tallinn". Words are
// lower-cased before they are read; the description keeps their case.
func (r *reader) isPlaceName(w string) bool {
	for _, f := range strings.FieldsFunc(r.desc, func(c rune) bool { return !unicode.IsLetter(c) && !unicode.IsDigit(c) && c != '-' }) {
		if first, _ := utf8.DecodeRuneInString(f); unicode.IsUpper(first) && strings.ToLower(f) == w {
			return true
		}
	}
	return false
}

// namedMidSentence reports whether a (lower-cased) word is written as a
// name inside a sentence of the description, not only at its start:
// "in Lyon servicing bikes" names Lyon; "Kimono rental shop" names no
// kimono.
func (r *reader) namedMidSentence(w string) bool {
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		fs := strings.FieldsFunc(sentence, func(c rune) bool { return !unicode.IsLetter(c) && !unicode.IsDigit(c) && c != '-' })
		for i, f := range fs {
			if first, _ := utf8.DecodeRuneInString(f); i > 0 && unicode.IsUpper(first) && strings.ToLower(f) == w {
				return true
			}
		}
	}
	return false
}
