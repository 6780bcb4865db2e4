package read

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Describe is a company's description from its brief: one sentence of who
// and where, then the brief's own words. When the brief's first sentence
// already says where the business is ("A bicycle repair shop in
// Utrecht."), that sentence becomes the who ("Fietsfix B.V. is a bicycle
// repair shop in Utrecht.") rather than being repeated after one of our
// own; kindAn is the business with its article ("a bicycle repair shop").
func Describe(name, kindAn, city, brief string) string {
	first, rest := firstSentence(brief)
	if city == "" || !strings.Contains(strings.ToLower(first), strings.ToLower(city)) {
		return fmt.Sprintf("%s is %s based in %s. %s", name, kindAn, city, brief)
	}
	if phrase, ok := indefinitePhrase(first); ok {
		return strings.TrimSpace(name + " is " + phrase + " " + rest)
	}
	return name + " — " + brief // "Wir sind eine Bäckerei in Köln." is ours to keep, not to rephrase
}

// firstSentence splits text after its first sentence's full stop.
func firstSentence(text string) (first, rest string) {
	for i, r := range text {
		if strings.ContainsRune(".!?。", r) {
			end := i + utf8.RuneLen(r)
			if end == len(text) || text[end] == ' ' || r == '。' {
				return text[:end], strings.TrimSpace(text[end:])
			}
		}
	}
	return text, ""
}

// indefinitePhrase is an English sentence that opens on "A"/"An" ("A
// bicycle repair shop in Utrecht.") or "We are a …", as the phrase after
// "is": "a bicycle repair shop in Utrecht.".
func indefinitePhrase(s string) (string, bool) {
	lower := strings.ToLower(s)
	for _, lead := range []string{"we are ", "we're ", ""} {
		if !strings.HasPrefix(lower, lead) {
			continue
		}
		t := s[len(lead):]
		if l := strings.ToLower(t); strings.HasPrefix(l, "a ") || strings.HasPrefix(l, "an ") {
			r, size := utf8.DecodeRuneInString(t)
			return string(unicode.ToLower(r)) + t[size:], true
		}
	}
	return "", false
}
