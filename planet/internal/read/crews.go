package read

import (
	"regexp"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
)

// crewPair is the last two roles of a list of people: "trackers" and
// "rangers" in "net rates, rangers and trackers".
var crewPair = regexp.MustCompile(`(?i)\b([\p{L}]+),? and ([\p{L}]+)\b`)

// crewItem is one more role before a pair: ", porters" in "porters,
// cooks and guides".
var crewItem = regexp.MustCompile(`(?i)\b([\p{L}]+), $`)

// crews reads the people of several roles a sentence names together
// ("rangers and trackers are rostered per drive", "hire porters and cooks
// for every departure"): one crew, whose records carry the role. It
// returns the text with the crew named by its first role ("rangers are
// rostered per drive"), so the clause keeps its verb, and the roles of
// each crew by that first role. Every name must be a plural the lexicon
// knows as staff ("drivers and minibuses" are two things).
func (r *reader) crews(s string) (string, map[string][]string) {
	roles := map[string][]string{}
	role := func(w string) string {
		l := strings.ToLower(w)
		one := r.lex.Singular(l)
		if one == l || one == "staff" || r.lex.ScaleKind(one) != "staff" {
			return ""
		}
		return one
	}
	var out strings.Builder
	last := 0
	// ("a seat, and guides and drivers are rostered": a pair that is no
	// crew gives its second word to the next try.)
	for at := 0; at < len(s); {
		m := crewPair.FindStringSubmatchIndex(s[at:])
		if m == nil {
			break
		}
		for k := range m {
			m[k] += at
		}
		a, b := role(s[m[2]:m[3]]), role(s[m[4]:m[5]])
		if a == "" || b == "" || a == b {
			at = m[4]
			continue
		}
		at = m[1]
		from, crew := m[0], []string{a, b}
		for {
			x := crewItem.FindStringSubmatchIndex(s[last:from])
			if x == nil {
				break
			}
			one := role(s[last+x[2] : last+x[3]])
			if one == "" || slices.Contains(crew, one) {
				break
			}
			crew = append([]string{one}, crew...)
			from = last + x[0]
		}
		roles[crew[0]] = crew
		out.WriteString(s[last:from])
		out.WriteString(r.lex.Plural(crew[0]))
		last = m[1]
	}
	out.WriteString(s[last:])
	return out.String(), roles
}

// staffedFor is what a clause hires or rosters people for, one each
// ("hire porters for every departure", "a guide for each group",
// "labourers for the season"): the record the people are assigned to,
// a column of their assignment. Times ("for the day", "for three
// months") and people are no such record.
func (r *reader) staffedFor(ws []string) string {
	for i := 0; i+1 < len(ws); i++ {
		if ws[i] != "for" && ws[i] != "per" {
			continue
		}
		j := i + 1
		if ws[j] == "every" || ws[j] == "each" || ws[j] == "the" || ws[j] == "a" {
			j++
		}
		if j >= len(ws) {
			return ""
		}
		// "for the lettuce season": the head of the phrase.
		if np := r.nounPhrase(ws[j:]); len(np) > 0 && np[0] == ws[j] {
			ws, j = np, len(np)-1
		}
		x := r.lex.Singular(ws[j])
		if strings.ContainsFunc(x, func(c rune) bool { return c < 'a' || c > 'z' }) || isNumber(ws[j]) || len(x) < 3 || r.lex.Is("det", x) || r.lex.Is("stop", x) || r.lex.Is("vague", x) || r.lex.Is("price_unit", x) && x != "season" ||
			r.lex.Is("channel", x) || r.lex.ScaleKind(x) == "staff" || r.lex.Nature(x) == "person" ||
			slices.Contains([]string{"hour", "day", "week", "month", "year", "night", "shift", "while", "now"}, x) {
			return ""
		}
		return x
	}
	return ""
}

// withRoles gives the shifts of a crew ("rangers and trackers are
// rostered") the role of each person on them.
func (r *reader) withRoles(c capability, one string) capability {
	for _, w := range strings.Fields(one) {
		roles, ok := r.roles[w]
		if !ok || slices.Contains(c.fields, "role") {
			continue
		}
		c.fields = append(slices.Clone(c.fields), "role")
		values := map[string][]string{"role": roles}
		for k, v := range c.values {
			values[k] = v
		}
		c.values = values
	}
	return c
}

// crewOf is who a shift record is of, by its name ("porter assignment",
// "sound engineer shift"): the staff role before its last word, or the
// crew's own word when the record names a crew of several roles.
func (r *reader) crewOf(one string) string {
	ws := strings.Fields(one)
	if len(ws) < 2 {
		return ""
	}
	who := strings.Join(ws[:len(ws)-1], " ")
	if len(r.roles[who]) > 1 || who == "crew" {
		return "crew member"
	}
	if r.lex.ScaleKind(who) != "staff" && r.lex.ScaleKind(engine.LastWord(who)) != "staff" {
		return ""
	}
	return who
}

// hedged is a count with a hedge before it: "about 250", "over 200".
var hedged = regexp.MustCompile(`(?i)\b(about|around|over|some|nearly|almost|roughly|more than|up to) (\d)`)

// unhedge drops the hedge of a count ("over 200 labourers" → "200
// labourers") except after "from": a rough count of whom one buys from
// ("from about 400 smallholders") stays a count of counterparts, not a
// register of the firm's own.
func unhedge(s string) string {
	var b strings.Builder
	last := 0
	for _, m := range hedged.FindAllStringSubmatchIndex(s, -1) {
		if strings.HasSuffix(strings.ToLower(strings.TrimRight(s[:m[0]], " ")), "from") {
			continue
		}
		b.WriteString(s[last:m[0]])
		b.WriteString(s[m[4]:m[5]])
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String()
}
