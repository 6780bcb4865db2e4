package read

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/lexicon"
)

// Filings: what the business reports, files or submits to an authority
// ("every accident on site is reported to the Health and Safety
// Executive within 10 days", "we file each client's return with SARS",
// "skippers submit the catch log to the Directorate of Fisheries after
// every trip", "we notify the town hall before each display"). Each is a
// record of the filings archetype (draft → submitted → acknowledged)
// named by the document the brief names ("catch log", "emission report")
// or, when it names none, by what is reported ("accident report"), with
// the authority it goes to. A filing due after or before each item of
// the line of work follows or precedes it (the policy binds them), and
// "within 10 days" is its due date, counted from the item's date.

// filingMention is one clause that sends a record to an authority.
type filingMention struct {
	phrase      string
	document    string   // the filed record's noun: "catch log", "accident report"
	authorities []string // as the brief writes them: "Health and Safety Executive"
	trigger     string   // what each filing is for: "trip", "display", "accident"
	before      bool     // due before each trigger ("before each display")
	withinDays  int      // "within 10 days"; 0 when the brief gives none
}

var (
	// "to the Health and Safety Executive", "with SARS".
	filingTo = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)\b(?:to|with|notif(?:y|ies|ied))\s+`) })
	// Where an authority's name ends: a clause break or a word that
	// starts saying when, how or what for.
	filingEnd = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)[,.;:!?]|\s(?:within|by|before|after|each|every|through|via|at|on|for|in|once|when|until|from|so|which|who|and\s+(?:we|our|every|each|all|a|an|it|they|the\s+catch)\b)`)
	})
	filingWithin = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\bwithin\s+(\d+|an?|one|two|three|four|five|six|seven|ten|fourteen|thirty)\s+(hours?|days?|weeks?|months?)\b`)
	})
	// "after every trip", "before each display", "of check-in".
	filingEvery = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(after|before|of|for)\s+(?:every|each)\s+([\p{L}-]+)`)
	})
	// "the town hall and the Guardia Civil" (but one "Health and Safety
	// Executive").
	filingListSplit = regexp.MustCompile(`\s*,\s*(?:and\s+)?|\s+and\s+(?:the\s+)`)
)

var smallNumbers = map[string]int{"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10, "fourteen": 14, "thirty": 30}

// filingMentions finds the clauses of a sentence that send a record to
// an authority.
func (r *reader) filingMentions(sentence string) []filingMention {
	var out []filingMention
	for _, mi := range filingTo().FindAllStringIndex(sentence, -1) {
		before := sentence[:mi[0]]
		if i := strings.LastIndexAny(before, ",;:"); i >= 0 {
			before = before[i+1:]
		}
		ws := words(before)
		// "we notify the town hall": the verb's object is the authority.
		notify := strings.HasPrefix(strings.ToLower(sentence[mi[0]:mi[1]]), "notif")
		if notify {
			ws = append(ws, strings.ToLower(strings.TrimSpace(sentence[mi[0]:mi[1]])))
		}
		// The verb nearest the authority; a document noun ("an emissions
		// report to …") is the verb only when no other verb comes first.
		k := -1
		for i := len(ws) - 1; i >= 0 && i >= len(ws)-8; i-- {
			if slices.ContainsFunc(lexicon.VerbLemma(ws[i]), r.lex.IsFilingVerb) {
				if k < 0 || slices.Contains(r.lex.Filings.Documents, r.lex.Singular(ws[k])) {
					k = i
				}
				if !slices.Contains(r.lex.Filings.Documents, r.lex.Singular(ws[i])) {
					break
				}
			}
		}
		if k < 0 {
			continue
		}
		after := sentence[mi[1]:]
		end := len(after)
		if loc := filingEnd().FindStringIndex(after); loc != nil {
			end = loc[0]
		}
		auths := r.authorities(after[:end])
		if len(auths) == 0 {
			continue
		}
		rest := after[end:]
		if i := strings.IndexAny(rest, ".;"); i >= 0 {
			rest = rest[:i]
		}
		m := filingMention{authorities: auths, phrase: strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(before+sentence[mi[0]:mi[1]]+after[:end]), "and "))}
		if w := filingWithin().FindStringSubmatch(rest); w != nil {
			n, err := strconv.Atoi(w[1])
			if err != nil {
				n = smallNumbers[strings.ToLower(w[1])]
			}
			switch u := strings.ToLower(w[2]); {
			case strings.HasPrefix(u, "hour"):
				n = max(1, (n+23)/24)
			case strings.HasPrefix(u, "week"):
				n *= 7
			case strings.HasPrefix(u, "month"):
				n *= 30
			}
			m.withinDays = n
		}
		if e := filingEvery().FindStringSubmatch(before + " " + rest); e != nil {
			m.trigger = r.lex.Singular(strings.ToLower(e[2]))
			m.before = strings.EqualFold(e[1], "before")
		}
		passive := k > 0 && slices.Contains([]string{"is", "are", "was", "were", "be", "been", "gets", "get"}, ws[k-1])
		m.document = r.filingDocument(ws[:k], ws[k+1:])
		subject := ""
		if passive {
			subject = r.filingSubject(ws[:k-1])
		}
		if m.trigger == "" && m.document == "" && subject != "" {
			m.trigger = subject
		}
		if m.document == "" {
			noun := subject
			if noun == "" {
				noun = m.trigger
			}
			m.document = filingName(noun, ws[k], r.lex)
		}
		if m.document == "" {
			continue
		}
		out = append(out, m)
	}
	return out
}

// authorities reads the bodies a clause names after "to" or "with"
// ("the town hall and the Guardia Civil"): each part that is an
// authority word or a capitalised name, as the brief writes it.
func (r *reader) authorities(text string) []string {
	var out []string
	for i, part := range filingListSplit.Split(strings.TrimSpace(text), -1) {
		part = strings.TrimSpace(part)
		for _, det := range []string{"the ", "The ", "our ", "their ", "its "} {
			part = strings.TrimPrefix(part, det)
		}
		ws := words(part)
		if len(ws) == 0 || len(ws) > 6 {
			break
		}
		low := strings.Join(ws, " ")
		first := []rune(part)[0]
		named := unicode.IsUpper(first) && !r.lex.Is("det", ws[0])
		body := slices.Contains(r.lex.Filings.Authorities, low) || slices.Contains(r.lex.Filings.Authorities, r.lex.Singular(ws[len(ws)-1])) ||
			len(ws) >= 2 && slices.Contains(r.lex.Filings.Authorities, strings.Join(ws[len(ws)-2:], " "))
		if !named && !body {
			if i == 0 {
				return nil
			}
			break
		}
		out = append(out, strings.Trim(part, "'\" "))
	}
	return out
}

// filingDocument is the document a clause names around its verb: "submit
// the electronic catch log" → catch log, "send an annual emissions
// report" → emission report; "" when it names none.
func (r *reader) filingDocument(before, after []string) string {
	for _, ws := range [][]string{after, before} {
		for i := len(ws) - 1; i >= 0; i-- {
			doc := r.lex.Singular(ws[i])
			if !slices.Contains(r.lex.Filings.Documents, doc) {
				continue
			}
			if i > 0 {
				mod := ws[i-1]
				if r.plainWord(mod) {
					return doc
				}
				return r.lex.Singular(mod) + " " + doc
			}
			return doc
		}
	}
	return ""
}

// plainWord reports whether a word before a document says nothing of
// what it is (an article, "annual", "electronic", a number or code).
func (r *reader) plainWord(w string) bool {
	return w == "s" || r.lex.Is("det", w) || r.lex.Is("stop", w) || slices.Contains(r.lex.Filings.Plain, w) ||
		strings.ContainsFunc(w, unicode.IsDigit) || strings.HasSuffix(w, "ly") || lexicon.PastForm(w)
}

// filingSubject is what a passive filing clause reports ("every accident
// on site" → accident, "new tenants" → tenant, "every guest's passport
// details" → guest, "the city tourist tax" → tourist tax).
func (r *reader) filingSubject(ws []string) string {
	for i, w := range ws {
		if w == "s" && i > 0 {
			// "guest's passport details": whose they are.
			ws = ws[:i]
			break
		}
		if slices.Contains([]string{"on", "in", "at", "of", "from", "for", "with", "by"}, w) {
			ws = ws[:i]
			break
		}
	}
	for len(ws) > 0 && r.plainWord(ws[0]) {
		ws = ws[1:]
	}
	if len(ws) == 0 {
		return ""
	}
	last := r.lex.Singular(ws[len(ws)-1])
	if len(ws) >= 2 && slices.Contains(r.lex.Filings.Returns, last) {
		return ws[len(ws)-2] + " " + last
	}
	return last
}

// filingName names the record of a filing that names no document by
// what is reported and the verb: an accident reported is an accident
// report, a display notified a display notification, a tourist tax filed
// a tourist tax return.
func filingName(noun, verb string, lex *lexicon.Lexicon) string {
	if noun == "" {
		return ""
	}
	if slices.Contains(lex.Filings.Returns, engine.LastWord(noun)) {
		return noun + " return"
	}
	lemmas := lexicon.VerbLemma(verb)
	switch {
	case slices.Contains(lemmas, "notify"):
		return noun + " notification"
	case slices.Contains(lemmas, "declare"):
		return noun + " declaration"
	}
	return noun + " report"
}

// filings adds the record of each filing the brief names, or makes the
// record service the clause already made one (the "catch logs" the
// brief submits are the filings).
func (r *reader) filings() {
	p := r.p
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		for _, m := range r.filingMentions(sentence) {
			one := m.document
			many := r.lex.Plural(one)
			attrs := []engine.PlanAttribute{{Name: "authority", Type: "text", Values: m.authorities, From: m.phrase}}
			if m.withinDays > 0 {
				attrs = append(attrs, engine.PlanAttribute{Name: "due_within", Type: "text", Values: []string{fmt.Sprintf("%d days", m.withinDays)}, From: m.phrase})
			}
			// A filing for each item of the line of work is bound to it.
			work := m.trigger != "" && (m.trigger == p.Work.One || m.trigger == engine.LastWord(p.Work.One) || m.trigger == p.Customer.One)
			s := engine.PlanService{Name: engine.Snake(many), Archetype: "filings", Title: engine.Title(many), Builder: "record",
				Entity: &engine.PlanNoun{One: one, Many: many}, Attributes: attrs, From: m.phrase, Follows: work && !m.before, Precedes: work && m.before}
			// The filings are the line of work itself (a payroll bureau
			// files its clients' returns): its records get the filings'
			// lifecycle and the authority; a column the clause read from
			// the authority's name ("returns have a sars") goes.
			if wi := slices.IndexFunc(p.Services, func(x engine.PlanService) bool { return x.Builder == "work" }); wi >= 0 && (p.Work.One == one || p.Services[wi].Name == s.Name) {
				a, _ := r.lex.Archetype("filings")
				// The old archetype's generic staff ("case officers") are
				// the filings' own.
				if old, ok := r.lex.Archetype(p.Work.Archetype); ok && a.Staff.One != "" && p.Staff.One == old.Staff.One {
					p.Staff.One, p.Staff.Many = a.Staff.One, a.Staff.Many
				}
				p.Work.Archetype, p.Work.States, p.Work.Cancel, p.Services[wi].Archetype = "filings", slices.Clone(a.States), a.Cancel, "filings"
				p.Work.Attributes = append(slices.DeleteFunc(slices.Clone(p.Work.Attributes), func(at engine.PlanAttribute) bool {
					return at.Name == "authority" || slices.ContainsFunc(m.authorities, func(au string) bool { return engine.Snake(au) == at.Name })
				}), attrs[0])
				r.decide(m.phrase, "/work", "%s (filings): the line of work, %s to %s", p.Work.Many, p.Work.Many, strings.Join(m.authorities, " and "))
				continue
			}
			at := slices.IndexFunc(p.Services, func(x engine.PlanService) bool {
				return x.Builder == "record" && x.Entity != nil && (x.Entity.One == one || x.Name == s.Name)
			})
			if at >= 0 {
				s.Attributes = append(slices.DeleteFunc(slices.Clone(p.Services[at].Attributes), func(a engine.PlanAttribute) bool { return a.Name == "authority" || a.Name == "due_within" }), attrs...)
				p.Services[at] = s
			} else {
				if len(p.Services) == 0 {
					continue
				}
				at = len(p.Services)
				p.Services = append(p.Services, s)
			}
			how := ""
			switch {
			case s.Follows:
				how = fmt.Sprintf(", one for each %s", p.Work.One)
			case s.Precedes:
				how = fmt.Sprintf(", one before each %s goes ahead", p.Work.One)
			}
			if m.withinDays > 0 {
				how += fmt.Sprintf(", due within %d days", m.withinDays)
			}
			r.decide(m.phrase, fmt.Sprintf("/services/%d", at), "%s (filings): %s to %s%s", s.Name, many, strings.Join(m.authorities, " and "), how)
		}
	}
}
