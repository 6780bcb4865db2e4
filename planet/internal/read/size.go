package read

import (
	"regexp"
	"slices"
	"strings"
)

// teamOf reads a head count the brief states outright: "a team of 4",
// "the six of us", "we are 12", "a two-person locksmith", "a 12-strong
// crew".
var teamOf = regexp.MustCompile(`(?i)\b(?:team|crew|staff) of (\d+|[a-z]+)\b|\b(?:the )?(\d+|[a-z]+) of us\b|\bwe(?: are|'re) (\d+|[a-z]+)\b|\b(\d+|[a-z]+)-(?:person|people|man|woman|strong)\b`)

// headcount reads how many people the business is from how the owner
// describes it: a count stated outright, a phrase of the lexicon in the
// industry or the description's opening words ("an independent piano
// tuner", "a one-woman studio", "a small family bakery"), or an owner
// who writes "I" and never "we". It returns the range of employees and
// the phrase, ok false when the brief says nothing of its size.
func (r *reader) headcount() (lo, hi int, phrase string, ok bool) {
	for _, m := range teamOf.FindAllStringSubmatch(r.desc, -1) {
		for _, g := range m[1:] {
			if n := numberWord(strings.ToLower(g)); n > 0 && n < 100000 {
				return n, n, m[0], true
			}
		}
	}
	// An owner who writes "I" and never "we" works alone, whatever
	// else the opening says ("an independent piano tuner … I tune").
	ws := words(r.desc)
	if slices.Contains(ws, "i") && !slices.ContainsFunc(ws, func(w string) bool { return w == "we" || w == "our" || w == "us" }) {
		return 1, 1, "I", true
	}
	// The opening words: the industry, and the description up to its
	// first clause ("Family glazing firm in Bristol with five fitters",
	// not "… cheeses from thirty small farms").
	opening := strings.Join(words(r.s.Industry), " ")
	if first := clauseSplit().Split(r.desc, 2); len(first) > 0 {
		opening += " | " + strings.Join(words(first[0]), " ")
	}
	best := -1
	for i, h := range r.lex.Headcount {
		if !containsPhrase(opening, h.Phrase) {
			continue
		}
		// The longest phrase wins: "small family" over "family".
		if best < 0 || len(h.Phrase) > len(r.lex.Headcount[best].Phrase) {
			best = i
		}
	}
	if best >= 0 {
		h := r.lex.Headcount[best]
		return h.Min, h.Max, h.Phrase, true
	}
	return 0, 0, "", false
}

// containsPhrase reports whether the words of a phrase occur in text as
// whole words, in order ("one-man" in "a one-man band").
func containsPhrase(text, phrase string) bool {
	w := " " + strings.Join(words(phrase), " ") + " "
	return strings.Contains(" "+strings.ReplaceAll(text, "|", " ")+" ", w)
}
