package read

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/mercury/mcp-world/planet/internal/engine"
)

// countWordRe is a count written as a compound adjective: "a six-screen
// cinema", "a 40-bed hotel", "a 12-chair salon" (after digits()).
var countWordRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(\d+)-([\p{L}]+)\b`)
})

// andAlsoRe is a count shared by two plural nouns: "four harvesters and
// forwarders", "12 kilns and dryers".
var andAlsoRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(\d{1,3}(?:[,.]\d{3})+|\d+)\s+([\p{L}-]+s)\s+(?:and|&)\s+([\p{L}-]+s)\b`)
})

// counts finds every count the description gives, each as a match of
// countRe (the number, the word after it and the one after that): "12
// studios", then the compound adjectives ("six-screen" → "6 screens")
// and the second noun of a shared count ("4 harvesters and forwarders"
// → also "4 forwarders").
func (r *reader) counts() [][]string {
	text := digits(r.desc)
	out := countRe().FindAllStringSubmatch(text, -1)
	for _, m := range countWordRe().FindAllStringSubmatch(text, -1) {
		sg := r.lex.Singular(strings.ToLower(m[2]))
		// "a 24-month guarantee", "two-person", "12-hour shifts": a
		// duration or a head count, not a thing the business has.
		if r.lex.Is("unit_of_time", sg) || r.lex.Is("price_unit", sg) || r.lex.ScaleKind(sg) == "staff" || sg == "person" || sg == "man" || sg == "woman" || sg == "strong" || sg == "star" || len(sg) < 3 {
			continue
		}
		// Only what the lexicon knows as a place or unit of a business
		// ("screen", "bed", "chair", "lane"), so that "a 3-course menu"
		// or "a 2-day trip" counts nothing.
		if r.lex.ScaleKind(sg) == "" && !r.lex.Is("counted_unit", sg) {
			continue
		}
		out = append(out, []string{m[0], m[1], r.lex.Plural(sg), ""})
	}
	for _, m := range andAlsoRe().FindAllStringSubmatch(text, -1) {
		if numberWord(strings.ToLower(m[3])) > 0 || r.lex.Is("stop", strings.ToLower(m[3])) {
			continue
		}
		out = append(out, []string{m[1] + " " + m[3], m[1], m[3], ""})
	}
	return out
}

// unitModifier reports whether a word before a premises noun makes it a
// unit the business has rather than a place it works from: a word of the
// lexicon ("mobile home", "holiday home", "serviced office") or a
// participle ("monitored homes", "managed flats").
func (r *reader) unitModifier(w string) bool {
	return r.lex.Is("unit_modifier", w) || strings.HasSuffix(w, "ed") && len(w) > 4 && !r.lex.Is("modifier", w)
}

// countedCompound reads a counted noun the lexicon does not list as
// a compound: a modifier and a plural head ("2,000 oak trees", "350
// vending machines", "22 sea pens"), which is a thing the business has,
// the register of its own assets. It returns "" when the words are no
// such compound.
func (r *reader) countedCompound(w1, w2 string) (noun, kind string) {
	if w1 == "" || w2 == "" || !strings.HasSuffix(w2, "s") || strings.HasSuffix(w2, "ss") {
		return "", ""
	}
	head := r.lex.Singular(w2)
	if head == w2 || len(head) < 3 || len(w1) < 3 {
		return "", ""
	}
	// The first word modifies the second: not plural itself ("boats
	// daily"), not a function word, number or verb ("members cracking").
	for _, w := range []string{w1, w2} {
		if r.lex.Is("det", w) || r.lex.Is("stop", w) || r.lex.Is("vague", r.lex.Singular(w)) || numberWord(w) > 0 {
			return "", ""
		}
	}
	if r.lex.Singular(w1) != w1 && !strings.HasSuffix(w1, "ss") || r.isVerb(w2) || r.lex.Is("unit_of_time", head) || r.lex.Is("price_unit", head) {
		return "", ""
	}
	// A person or organisation is someone the business deals with; the
	// reader's other rules name them. A machine ends like a person
	// ("harvester", "charger"): the lexicon knows the counted ones.
	if !r.lex.Is("counted_unit", head) && (r.looksLikeCustomer(head) || r.lex.Is("counterpart", head) || r.lex.Is("org", head)) {
		return "", ""
	}
	return w1 + " " + head, "assets"
}

// vehicleKinds are the kinds of vehicle the brief counts or its industry
// names, as the lexicon names them ("95 cabs" at a taxi company: taxi;
// "25 tuk-tuks"): the kinds of a fleet. Nil when none is a kind the
// lexicon knows, so that the fleet keeps its vans, trucks and cars.
func (r *reader) vehicleKinds() []string {
	var out []string
	add := func(noun string) {
		if v, ok := r.lex.Vehicle(noun); ok && !slices.Contains(out, v.Kind) {
			out = append(out, v.Kind)
		}
	}
	for _, sc := range r.p.Scale {
		if sc.Kind == "vehicles" {
			add(sc.Noun)
			add(engine.LastWord(sc.Noun))
		}
	}
	if len(out) == 0 {
		return nil
	}
	for _, w := range words(r.s.Industry) {
		add(r.lex.Singular(w))
	}
	return out
}

// withRe is the list of what a business has, after "with" in its
// opening sentence: "Salmonicultora in Los Lagos with 22 sea pens and a
// freshwater hatchery".
var withRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)\bwith\s+([^.;:!?]+)`) })

// owned reads the things the opening sentence says the business has
// without counting them ("a freshwater hatchery", "EV chargers", "a
// library bus"): each a unit or vehicle the lexicon knows, one of it
// when the brief says "a", as many as a register has when it gives a
// plural. What is counted is read by scale.
func (r *reader) owned() []engine.PlanNoun {
	first := r.desc
	if i := strings.IndexAny(first, ".!?;"); i >= 0 {
		first = first[:i]
	}
	var out []engine.PlanNoun
	for _, m := range withRe().FindAllStringSubmatch(first, -1) {
		for _, part := range listSplit().Split(m[1], -1) {
			ws := words(part)
			if len(ws) == 0 || isNumber(ws[0]) || numberWord(ws[0]) > 0 {
				continue // counted: scale reads it
			}
			one := len(ws) > 1 && (ws[0] == "a" || ws[0] == "an")
			np := r.nounPhrase(ws)
			if len(np) == 0 || len(np) > 3 {
				continue
			}
			head := r.lex.Singular(np[len(np)-1])
			plural := head != np[len(np)-1]
			if one == plural {
				continue // "a" with a plural, or a bare singular ("with seat selection")
			}
			noun := head
			if len(np) > 1 {
				if two := r.lex.Singular(np[len(np)-2]) + " " + head; !r.lex.Is("modifier", np[len(np)-2]) {
					noun = two
				}
			}
			if _, vehicle := r.lex.Vehicle(head); !vehicle && !r.lex.Is("counted_unit", head) && !r.lex.Is("counted_unit", noun) {
				continue
			}
			n := engine.PlanNoun{One: noun, Many: r.lex.Plural(noun), From: strings.TrimSpace(part)}
			if one {
				n.Count = 1
			}
			out = append(out, n)
		}
	}
	return out
}

// countContext returns the words before a count's number, past words
// of approximation ("from over 200 weavers": "from"), last first, and
// the word after the match ("300 funerals a year": "year").
func (r *reader) countContext(match string) (before []string, next string) {
	text := strings.ToLower(digits(r.desc))
	i := strings.Index(text, strings.ToLower(match))
	if i < 0 {
		return nil, ""
	}
	prev := strings.Fields(text[:i])
	for len(prev) > 0 && slices.Contains([]string{"over", "about", "around", "some", "nearly", "almost", "roughly", "approximately", "than", "more", "up", "to"}, prev[len(prev)-1]) {
		prev = prev[:len(prev)-1]
	}
	for j := len(prev) - 1; j >= 0 && len(before) < 3; j-- {
		before = append(before, strings.Trim(prev[j], ",;:()"))
	}
	if after := strings.Fields(text[i+len(match):]); len(after) > 0 {
		next = strings.Trim(after[0], ".,;:()")
	}
	return before, next
}

// partyCount is how many of those the business deals with the brief
// counts ("from 150 smallholders"), by the noun or its head; 0 when it
// gives no number.
func (r *reader) partyCount(one string) int {
	if n, ok := r.partyCounts[one]; ok {
		return n
	}
	return r.partyCounts[engine.LastWord(one)]
}

// counted is a noun's plural with the brief's count of it, if any ("150
// smallholders").
func counted(n *engine.PlanNoun) string {
	if n.Count > 0 {
		return strconv.Itoa(n.Count) + " " + n.Many
	}
	return n.Many
}
