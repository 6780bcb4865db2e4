package planet

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/lexicon"
)

// PackThreshold is the industry match confidence at and above which a
// brief is built on the matched pack; below it the industry is composed
// from the brief's capabilities.
const PackThreshold = 0.75

// ErrUnreadable is returned for a brief with nothing to build on.
var ErrUnreadable = errors.New("brief unreadable")

// Read turns a brief into a plan: the industry (a matched pack, or
// composed), the country, the headquarters city, scale, currencies, the
// kind of customer, counterparts and, most of all, the capabilities the
// description names, each a service with the brief's own nouns. Every
// decision is logged in Plan.Decisions with the phrase that caused it.
// Read is deterministic: the same brief gives the same plan.
func Read(s Scenario) (*Plan, error) { return readForced(s, nil) }

// readForced reads a brief with some services forced in (by builder
// name) before the horizontal services are drawn.
func readForced(s Scenario, force []string) (*Plan, error) {
	r := &reader{lex: lexicon.Load(), s: s, force: force}
	return r.read()
}

type reader struct {
	lex   *lexicon.Lexicon
	s     Scenario
	p     *Plan
	ind   *catalog.Industry
	c     catalog.Country
	desc  string
	force []string
	place catalog.Place // where the brief's country field points
}

func (r *reader) decide(phrase, ptr, format string, args ...any) {
	r.p.Decisions = append(r.p.Decisions, Decision{Phrase: phrase, Decision: fmt.Sprintf(format, args...), Pointer: ptr})
}

func (r *reader) read() (*Plan, error) {
	s := r.s
	r.desc = strings.TrimSpace(s.Description)
	r.p = &Plan{Version: PlanVersion, Seed: s.Seed, Brief: s}
	p := r.p

	// Country: the brief's own field (a name, code, local name, region or
	// "city, country"), else a place the description names.
	place, ok := catalog.Locate(s.Country)
	if !ok && strings.TrimSpace(s.Country) == "" {
		place, ok = catalog.Locate(r.desc)
	}
	if !ok {
		if strings.TrimSpace(s.Country) == "" {
			return nil, fmt.Errorf("%w: no country: give one (an ISO code such as DE, JP, BR, or a name)", ErrUnreadable)
		}
		return nil, fmt.Errorf("unknown country %q: give an ISO code (DE, JP, BR…), a country name or a region", s.Country)
	}
	c := place.Country
	r.place = place
	r.c = c
	p.Company.Country = c.Code
	r.decide(cmp.Or(strings.TrimSpace(s.Country), c.Name), "/company/country", "country %s (%s)", c.Code, c.Name)

	// Industry: a pack when it fits well, composed otherwise.
	indText := strings.TrimSpace(s.Industry)
	if indText == "" && r.desc == "" {
		return nil, fmt.Errorf("%w: the industry and the description are both empty: say what the business does (e.g. \"industry\": \"locksmith\", \"description\": \"We open locked doors and fit new locks for households in Leeds.\")", ErrUnreadable)
	}
	if ind, score, ok := catalog.MatchIndustry(indText); ok && indText != "" && r.packFits(ind, indText, score) {
		r.ind = &ind
		p.Company.Pack, p.Company.Match = ind.ID, round2(score)
		p.Company.Industry = ind.Name
		if score < 1 {
			p.Company.Industry = indText
		}
		r.decide(indText, "/company/pack", "industry pack %s (%s), match %.2f", ind.ID, ind.Name, score)
	} else {
		p.Company.Pack, p.Company.Match = Composed, 0
		p.Company.Industry = cmp.Or(indText, r.industryFromDescription())
		why := "no pack fits"
		if ok {
			why = fmt.Sprintf("closest pack %s only matches %.2f", ind.ID, score)
		}
		r.decide(cmp.Or(indText, p.Company.Industry), "/company/pack", "composed industry %q (%s)", p.Company.Industry, why)
		if r.desc == "" {
			// With nothing but a name to go on, the industry's own words
			// are the description.
			r.desc = indText
		}
	}

	caps := r.capabilities()
	r.fields(caps)
	if p.Company.Pack == Composed && len(caps) == 0 && strings.TrimSpace(s.Description) == "" {
		return nil, fmt.Errorf("%w: no industry pack is close to %q and there is no description: add a sentence of what the business does (what it sells, books, repairs or delivers, and for whom)", ErrUnreadable, indText)
	}
	r.customer()
	r.scale(caps)
	r.currencies()
	r.counterparts()
	r.work(caps)
	r.company()
	r.services(caps)
	p.Tasks = PlanTasks{Count: 10, Families: []string{"cross-system", "chore"}}
	r.decide("", "/tasks", "%d tasks: cross-system policies and chores inside one service", p.Tasks.Count)
	return p, nil
}

func round2(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 2, 64), 64)
	return v
}

// words folds text into lower-case words, keeping inner hyphens
// ("call-outs").
func words(s string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, strings.Trim(b.String(), "-"))
			b.Reset()
		}
	}
	for _, ch := range strings.ToLower(s) {
		if unicode.IsLetter(ch) || unicode.IsDigit(ch) || ch == '-' {
			b.WriteRune(ch)
		} else {
			flush()
		}
	}
	flush()
	return slices.DeleteFunc(out, func(w string) bool { return w == "" })
}

// packFits accepts a pack matched by name: exact, or every content word
// of the brief's industry is one of the pack's words or a mere modifier
// ("boutique hotel" is a hotel; "chess club" is not a fitness studio).
func (r *reader) packFits(ind catalog.Industry, text string, score float64) bool {
	if score >= 1 {
		return true
	}
	if score < PackThreshold {
		return false
	}
	own := map[string]bool{}
	for _, n := range append([]string{strings.ReplaceAll(ind.ID, "-", " "), ind.Name}, ind.Aliases...) {
		for _, w := range words(n) {
			own[w], own[r.lex.Singular(w)] = true, true
		}
	}
	for _, w := range strings.FieldsFunc(strings.Join(words(text), " "), func(r rune) bool { return r == ' ' || r == '-' }) {
		sg := r.lex.Singular(w)
		if own[w] || own[sg] || r.lex.Is("det", w) || r.lex.Is("stop", w) || r.lex.Is("modifier", w) || len(w) < 3 {
			continue
		}
		return false
	}
	return true
}

// industryFromDescription names a composed industry from the
// description's first clause when the brief gave none.
func (r *reader) industryFromDescription() string {
	ws := words(r.desc)
	for i, w := range ws {
		if (w == "a" || w == "an") && i+1 < len(ws) {
			var np []string
			for _, x := range ws[i+1:] {
				if r.lex.Is("stop", x) || x == "that" || x == "which" || x == "and" {
					break
				}
				np = append(np, x)
				if len(np) == 3 {
					break
				}
			}
			if len(np) > 0 {
				return strings.Join(np, " ")
			}
		}
	}
	return "business"
}

// capability is one thing the description says the business does.
type capability struct {
	phrase     string // the clause it was read from
	archetype  string
	entity     string // singular record noun
	qualifiers []string
	resource   string // singular noun of what is booked, sold, worked on
	// more resources of the same record: "rents canoes and kayaks"
	resources []string
	role      string
	// fields the brief says each record has: "with breed and coat notes",
	// "has a service date and the next due date"
	fields []string
}

var clauseSplit = regexp.MustCompile(`[.;:!?\n]+|,|\band\b|\bas well as\b|\bplus\b|\bthen\b|\balso\b|\bwhile\b|\bwho\b|\bwhich\b`)

// capabilities reads verb–object clauses: "dispatches emergency call-outs",
// "rents kayaks by the hour", "takes deposits for bookings".
func (r *reader) capabilities() []capability {
	var out []capability
	seen := map[string]int{}
	for _, sentence := range regexp.MustCompile(`[.;!?\n]+`).Split(r.desc, -1) {
		var last *lexicon.Verb
		for _, clause := range clauseSplit.Split(sentence, -1) {
			ws := words(clause)
			if len(ws) == 0 {
				continue
			}
			v, rest := r.findVerb(ws)
			if v == nil {
				// "sells bread, cakes and pastries": a bare noun phrase
				// shares the verb before it.
				if last == nil || last.Role == "entity" || len(ws) > 4 {
					continue
				}
				v, rest = last, ws
			}
			last = v
			c, ok := r.capability(v, rest, strings.TrimSpace(clause))
			if !ok {
				continue
			}
			key := c.archetype + "|" + c.entity
			if i, dup := seen[key]; dup {
				if c.resource != "" && c.resource != out[i].resource && !slices.Contains(out[i].resources, c.resource) {
					out[i].resources = append(out[i].resources, c.resource)
				}
				continue
			}
			seen[key] = len(out)
			out = append(out, c)
		}
	}
	return r.nounSweep(out)
}

// maxCapabilities bounds the services a description adds, so that a long
// brief still makes a world an agent can take in.
const maxCapabilities = 8

// nounSweep adds the records a brief names without a verb of the lexicon
// ("every job starts with a quote", "pay with gift vouchers", "evening
// shifts"): each noun of the lexicon that no capability keeps yet.
func (r *reader) nounSweep(caps []capability) []capability {
	have := map[string]bool{}
	for _, c := range caps {
		have[c.entity], have[c.resource] = true, true
		for _, q := range c.qualifiers {
			have[q] = true
		}
		for _, x := range c.resources {
			have[x] = true
		}
	}
	for _, clause := range clauseSplit.Split(r.desc, -1) {
		ws := words(clause)
		for i, w := range ws {
			if len(caps) >= maxCapabilities {
				return caps
			}
			sg := r.lex.Singular(w)
			noun, arch := sg, r.lex.NounArchetype(sg)
			var prev string
			if i > 0 && !r.lex.Is("det", ws[i-1]) && !r.lex.Is("stop", ws[i-1]) && !isNumber(ws[i-1]) && numberWord(ws[i-1]) == 0 {
				prev = r.lex.Singular(ws[i-1])
				if a := r.lex.NounArchetype(prev + " " + sg); a != "" {
					noun, arch = prev+" "+sg, a
					prev = ""
				} else if r.lex.Is("head", sg) && arch != "" {
					noun, prev = prev+" "+sg, ""
				}
			}
			if arch == "" || have[noun] || have[sg] {
				continue
			}
			if k := r.lex.ScaleKind(sg); k == "customers" || k == "staff" || k == "locations" {
				continue
			}
			// A word that is also a verb of the lexicon is a noun here only
			// after a determiner or a modifier ("a quote", "gift vouchers").
			if i > 0 && prev == "" && noun == sg && r.isVerb(w) && !r.lex.Is("det", ws[i-1]) {
				continue
			}
			have[noun], have[sg] = true, true
			c := capability{phrase: strings.TrimSpace(clause), archetype: arch, entity: noun, role: "entity"}
			if prev != "" && len(prev) > 2 && !r.lex.Is("stop", prev) && r.lex.NounArchetype(prev) == "" && !r.isVerb(ws[i-1]) {
				c.qualifiers = []string{prev}
			}
			caps = append(caps, c)
		}
	}
	return caps
}

// isVerb reports whether a word is a form of a lexicon verb.
func (r *reader) isVerb(w string) bool {
	for _, l := range lexicon.VerbLemma(w) {
		for _, v := range r.lex.Verbs {
			if v.Verb == l {
				return true
			}
		}
	}
	return false
}

// findVerb finds the first lexicon verb (longest phrase first) and
// returns it with the words after it.
func (r *reader) findVerb(ws []string) (*lexicon.Verb, []string) {
	for i := range ws {
		var best *lexicon.Verb
		bestLen := 0
		for vi := range r.lex.Verbs {
			v := &r.lex.Verbs[vi]
			parts := strings.Fields(v.Verb)
			if i+len(parts) > len(ws) || len(parts) <= bestLen {
				continue
			}
			if !slices.Contains(lexicon.VerbLemma(ws[i]), parts[0]) {
				continue
			}
			match := true
			for k, part := range parts[1:] {
				w := ws[i+1+k]
				if w != part && r.lex.Singular(w) != part {
					match = false
					break
				}
			}
			if match {
				best, bestLen = v, len(parts)
			}
		}
		// "Feeder shipping line": an -ing form after a noun is a modifier,
		// not the clause's verb ("we are shipping", "running tours" are).
		if best != nil && strings.HasSuffix(ws[i], "ing") && i > 0 && !slices.Contains([]string{"we", "are", "is", "re", "also", "by", "and", "for", "i", "they", "been"}, ws[i-1]) {
			best = nil
		}
		if best != nil {
			// A word that is a verb only by accident of its form ("bookings",
			// "rentals") is a noun when a determiner comes before it.
			if i > 0 && r.lex.Is("det", ws[i-1]) && ws[i-1] != "also" {
				continue
			}
			// Passive: "damage is reported", "every block is graded": the
			// object is the subject before the auxiliary.
			if i >= 2 && slices.Contains([]string{"is", "are", "was", "were", "be", "been", "get", "gets"}, ws[i-1]) && strings.HasSuffix(ws[i], "ed") {
				var subj []string
				for _, w := range ws[max(0, i-4) : i-1] {
					if !r.lex.Is("det", w) && !r.lex.Is("stop", w) {
						subj = append(subj, w)
					} else {
						subj = nil
					}
				}
				if len(subj) > 0 {
					return best, subj
				}
			}
			return best, ws[i+bestLen:]
		}
	}
	return nil, nil
}

// nounPhrase takes the object after a verb: determiners skipped, up to a
// stop word; the last word is its head.
func (r *reader) nounPhrase(ws []string) []string {
	var np []string
	for _, w := range ws {
		if r.lex.Is("stop", w) {
			break
		}
		if len(np) == 0 && (r.lex.Is("det", w) || isNumber(w)) {
			continue
		}
		// A number or a new quantifier starts another phrase: "reminders
		// every six months".
		if isNumber(w) || numberWord(w) > 0 || w == "every" || w == "each" {
			break
		}
		np = append(np, w)
		if len(np) == 4 {
			break
		}
	}
	// "them", "it", leftover determiners at the end carry nothing.
	for len(np) > 0 && r.lex.Is("det", np[len(np)-1]) {
		np = np[:len(np)-1]
	}
	return np
}

func isNumber(w string) bool {
	_, err := strconv.Atoi(strings.NewReplacer(",", "", ".", "").Replace(w))
	return err == nil
}

var fieldCue = regexp.MustCompile(`(?i)\b(?:with(?: its| their| a| an| the)?|has(?: a| an| its)?|have(?: a| an)?|carries(?: a| an)?|carry(?: a| an)?|gets(?: a| an)?|get(?: a| an)?|keeping(?: the)?|recording(?: the)?)\s+([\p{L} ,'-]+)`)

// fields reads the attributes a brief gives its records: "logged with its
// calibre and serial", "every loan has a pawn ticket, an appraisal and a
// maturity date". They go to the capability read from the same sentence.
func (r *reader) fields(caps []capability) {
	for _, sentence := range regexp.MustCompile(`[.;!?\n]+`).Split(r.desc, -1) {
		low := strings.ToLower(sentence)
		target := -1
		for i, c := range caps {
			if c.archetype != "" && strings.Contains(low, strings.Fields(c.entity)[0]) || c.archetype != "" && strings.Contains(sentence, c.phrase) {
				target = i
				break
			}
		}
		if target < 0 {
			continue
		}
		for _, m := range fieldCue.FindAllStringSubmatch(sentence, -1) {
			for _, part := range regexp.MustCompile(`,|\band\b|\bor\b`).Split(m[1], -1) {
				np := r.nounPhrase(words(part))
				if len(np) == 0 || len(np) > 2 {
					continue
				}
				name := snake(strings.Join(np, " "))
				sg := r.lex.Singular(np[len(np)-1])
				if name == "" || r.lex.ScaleKind(sg) != "" || r.lex.NounArchetype(sg) != "" && len(np) == 1 || isNumber(np[0]) || slices.Contains(caps[target].fields, name) {
					continue
				}
				caps[target].fields = append(caps[target].fields, name)
			}
		}
	}
}

// containers are nouns that hold records of something else: "a register
// of master key systems" keeps master key systems.
var containers = []string{"register", "list", "log", "record", "file", "database", "catalogue", "catalog", "archive", "history", "track", "note", "ledger", "schedule"}

func (r *reader) capability(v *lexicon.Verb, rest []string, clause string) (capability, bool) {
	for i := 0; i+2 < len(rest) && i < 3; i++ {
		if rest[i+1] == "of" && slices.Contains(containers, r.lex.Singular(rest[i])) {
			if inner := r.nounPhrase(rest[i+2:]); len(inner) > 0 {
				rest = rest[i+2:]
				if v.Role != "entity" {
					v = &lexicon.Verb{Verb: v.Verb, Archetype: "documents", Role: "entity"}
				}
			}
			break
		}
	}
	np := r.nounPhrase(rest)
	if len(np) == 0 {
		return capability{}, false
	}
	head := r.lex.Singular(np[len(np)-1])
	mods := np[:len(np)-1]
	// A participle is no record: "line based (in …)".
	if strings.HasSuffix(head, "ed") && r.lex.NounArchetype(head) == "" {
		return capability{}, false
	}
	// A compound keeps its modifier: "consent form", "storage unit".
	noun := head
	if len(mods) > 0 && (r.lex.Is("head", head) || r.lex.NounArchetype(mods[len(mods)-1]+" "+head) != "") {
		noun = mods[len(mods)-1] + " " + head
		mods = mods[:len(mods)-1]
	}
	var quals []string
	for _, m := range mods {
		if !r.lex.Is("det", m) && len(m) > 2 {
			quals = append(quals, m)
		}
	}
	c := capability{phrase: clause, archetype: v.Archetype, role: v.Role, qualifiers: quals}
	// The noun's own archetype wins over the verb's ("handles deposits"
	// is billing, "takes bookings" is bookings).
	if a := cmp.Or(r.lex.NounArchetype(noun), r.lex.NounArchetype(head)); a != "" && (v.Role == "entity" || v.Role == "subject" && a == v.Archetype) {
		c.archetype, c.entity = a, noun
		return c, true
	}
	switch v.Role {
	case "entity":
		c.entity = noun
	default:
		c.entity, c.resource = v.Entity, noun
		if c.entity == "" {
			a, _ := r.lex.Archetype(v.Archetype)
			c.entity = a.Entity.One
		}
	}
	// Customers, staff and places are not records a verb keeps.
	if kind := r.lex.ScaleKind(head); v.Role == "entity" && (kind == "customers" || kind == "staff" || kind == "locations") {
		return capability{}, false
	}
	return c, true
}

// customer reads the kind of customer: "for landlords", "serving
// schools", "dog owners".
func (r *reader) customer() {
	p := r.p
	if r.ind != nil {
		v := r.ind.Vocabulary.Customer
		p.Customer = PlanNoun{One: v.Singular, Many: v.Plural, Organisation: b2b(v.Singular), Attributes: attrsOf(v.ExtraColumns)}
	}
	ws := words(r.desc)
	text := " " + strings.Join(ws, " ") + " "
	bestAt := -1
	var best PlanNoun
	for _, cue := range r.lex.CustomerCues {
	occurrences:
		for from := 0; ; {
			j := strings.Index(text[from:], " "+cue+" ")
			if j < 0 {
				break
			}
			i := from + j
			from = i + 1
			if bestAt >= 0 && i >= bestAt {
				break occurrences
			}
			after := strings.Fields(text[i+len(cue)+2:])
			np := r.nounPhrase(after)
			if len(np) == 0 || len(np) > 3 {
				continue
			}
			head := r.lex.Singular(np[len(np)-1])
			if !r.looksLikeCustomer(head) {
				continue
			}
			one := head
			if len(np) > 1 && !r.lex.Is("det", np[len(np)-2]) && !r.lex.Is("modifier", np[len(np)-2]) && len(np[len(np)-2]) > 2 {
				one = r.lex.Singular(np[len(np)-2]) + " " + head
			}
			bestAt = i
			best = PlanNoun{One: one, Many: r.lex.Plural(one), Organisation: r.lex.Is("org", head) || r.lex.Is("org", one), From: cue + " " + strings.Join(np, " ")}
			break
		}
	}
	if bestAt >= 0 {
		p.Customer = best
		kind := "people"
		if best.Organisation {
			kind = "organisations"
		}
		r.decide(best.From, "/customer", "customers are %s (%s)", best.Many, kind)
		return
	}
	if p.Customer.One == "" {
		p.Customer = PlanNoun{One: "customer", Many: "customers"}
		// "Owners book grooms online", "guests order at the bar": a person
		// who books, buys or pays is the customer.
		for _, clause := range clauseSplit.Split(r.desc, -1) {
			ws := words(clause)
			for i := 0; i+1 < len(ws) && i < 3; i++ {
				sg := r.lex.Singular(ws[i])
				if sg == ws[i] || !r.looksLikeCustomer(sg) || r.lex.Is("counterpart", sg) {
					continue
				}
				if slices.ContainsFunc(lexicon.VerbLemma(ws[i+1]), func(l string) bool {
					return slices.Contains([]string{"book", "order", "buy", "pay", "rent", "reserve", "bring", "join", "sign", "hire", "call", "visit", "choose", "subscribe", "come", "drop", "collect"}, l)
				}) {
					one := sg
					if i > 0 && !r.lex.Is("det", ws[i-1]) && ws[i-1] != "our" {
						one = ws[i-1] + " " + sg
					}
					p.Customer = PlanNoun{One: one, Many: r.lex.Plural(one), Organisation: r.lex.Is("org", sg), From: strings.TrimSpace(clause)}
					r.decide(p.Customer.From, "/customer", "customers are %s", p.Customer.Many)
					return
				}
			}
		}
		// "4,000 households": the counted customers name them.
		for _, m := range countRe.FindAllStringSubmatch(digits(r.desc), -1) {
			if sg := r.lex.Singular(strings.ToLower(m[2])); r.lex.ScaleKind(sg) == "customers" && sg != "customer" {
				p.Customer = PlanNoun{One: sg, Many: r.lex.Plural(sg), Organisation: r.lex.Is("org", sg), From: m[0]}
				r.decide(m[0], "/customer", "customers are %s", p.Customer.Many)
				return
			}
		}
	}
	r.decide("", "/customer", "customers are %s", p.Customer.Many)
}

// looksLikeCustomer: a person or organisation noun, not a thing.
func (r *reader) looksLikeCustomer(head string) bool {
	if r.lex.ScaleKind(head) == "customers" || r.lex.Is("org", head) {
		return true
	}
	for _, suf := range []string{"er", "or", "ist", "ant", "ent", "ee", "ian", "man", "woman", "person", "owner", "family", "couple", "line"} {
		if strings.HasSuffix(head, suf) && len(head) > len(suf)+2 {
			return true
		}
	}
	return false
}

var countRe = regexp.MustCompile(`(?i)\b(\d{1,3}(?:[,.]\d{3})+|\d+)\s+([\p{L}-]+)(?:\s+([\p{L}-]+))?`)

// scale reads counts: "12 studios", "45 vans", "1,200 storage units".
func (r *reader) scale(caps []capability) {
	for _, m := range countRe.FindAllStringSubmatch(digits(r.desc), -1) {
		n, err := strconv.Atoi(strings.NewReplacer(",", "", ".", "").Replace(m[1]))
		if err != nil || n < 1 {
			continue
		}
		w1, w2 := strings.ToLower(m[2]), strings.ToLower(m[3])
		noun, kind := "", ""
		for _, cand := range []string{w1 + " " + w2, w2, w1} {
			if strings.TrimSpace(cand) == "" || strings.HasSuffix(cand, " ") {
				continue
			}
			parts := strings.Fields(cand)
			parts[len(parts)-1] = r.lex.Singular(parts[len(parts)-1])
			sg := strings.Join(parts, " ")
			if k := r.lex.ScaleKind(sg); k != "" {
				noun, kind = sg, k
				break
			}
			if k := r.lex.ScaleKind(parts[len(parts)-1]); k != "" && len(parts) == 2 && cand == w1+" "+w2 {
				noun, kind = sg, k
				break
			}
		}
		if kind == "" {
			// Units of what the business rents or works on.
			for _, c := range caps {
				for _, cand := range []string{r.lex.Singular(w1), w1 + " " + r.lex.Singular(w2)} {
					if c.resource != "" && (c.resource == cand || strings.HasSuffix(c.resource, " "+cand) || strings.HasSuffix(cand, c.resource)) {
						noun, kind = c.resource, "units"
					}
				}
			}
		}
		if kind == "" && w2 != "" && r.lex.Is("head", r.lex.Singular(w2)) {
			noun, kind = w1+" "+r.lex.Singular(w2), "units"
		}
		if kind == "" && slices.Contains([]string{"hour", "day", "night", "week", "month", "year", "minute", "km", "kg", "metre", "meter", "hectare", "acre", "litre", "ton", "tonne"}, r.lex.Singular(w2)) {
			continue // "5 free days": a duration, not a thing
		}
		if kind == "" {
			// Anything else counted is something the business has: a
			// person or organisation is a customer or counterpart, a
			// thing an asset ("35 horses", "three rigs").
			sg := r.lex.Singular(w1)
			switch {
			case len(sg) < 3 || r.lex.Is("det", sg) || r.lex.Is("stop", sg) || r.lex.Is("notplace", sg) || r.isVerb(w1) && !strings.HasSuffix(w1, "s"):
			case r.lex.Is("counterpart", sg):
				noun, kind = sg, "counterparts"
			case r.looksLikeCustomer(sg) && !strings.HasSuffix(sg, "er") || r.lex.ScaleKind(sg) == "customers":
				noun, kind = sg, "customers"
			case strings.HasSuffix(w1, "s") && !slices.Contains([]string{"hour", "day", "week", "month", "year", "minute", "time", "km", "kg", "cm", "hectare", "percent", "euro", "dollar", "pound", "currency"}, sg):
				noun, kind = sg, "assets"
			}
		}
		if kind == "" || n > 5000 && kind != "customers" || kind == "counterparts" {
			continue
		}
		if kind == "customers" {
			n = min(n, 5000)
		}
		if slices.ContainsFunc(r.p.Scale, func(s PlanScale) bool { return s.Kind == kind && s.Noun == noun }) {
			continue
		}
		r.p.Scale = append(r.p.Scale, PlanScale{Kind: kind, Noun: noun, Count: n, From: strings.TrimSpace(m[0])})
		r.decide(strings.TrimSpace(m[0]), fmt.Sprintf("/scale/%d", len(r.p.Scale)-1), "%d %s (%s in the seed)", n, r.lex.Plural(noun), kind)
	}
}

func (r *reader) scaleOf(kind string) (PlanScale, bool) {
	for _, s := range r.p.Scale {
		if s.Kind == kind {
			return s, true
		}
	}
	return PlanScale{}, false
}

// currencies: the country's own first, then any the brief names.
func (r *reader) currencies() {
	p := r.p
	p.Currencies = []string{r.c.Currency}
	low := " " + strings.ToLower(r.desc) + " "
	var found []string
	for _, k := range slices.Sorted(maps.Keys(r.lex.Currencies)) {
		code := r.lex.Currencies[k]
		var hit bool
		if strings.ContainsAny(k, "€$£¥₹") {
			hit = strings.Contains(low, k)
		} else {
			hit = containsWord(low, k)
		}
		if hit && !slices.Contains(p.Currencies, code) && !slices.Contains(found, code) {
			found = append(found, code)
			r.decide(k, "/currencies", "also bills in %s", code)
		}
	}
	p.Currencies = append(p.Currencies, found...)
	for _, m := range r.lex.MultiCurrency {
		if strings.Contains(low, m) && len(p.Currencies) == 1 {
			second := "EUR"
			if r.c.Currency == "EUR" {
				second = "USD"
			}
			p.Currencies = append(p.Currencies, second)
			r.decide(m, "/currencies", "bills in %s and %s", p.Currencies[0], second)
		}
	}
	r.decide("", "/currencies/0", "company currency %s", p.Currencies[0])
}

func containsWord(low, w string) bool {
	i := strings.Index(low, w)
	for i >= 0 {
		before, after := rune(' '), rune(' ')
		if i > 0 {
			before = rune(low[i-1])
		}
		if i+len(w) < len(low) {
			after = rune(low[i+len(w)])
		}
		if !unicode.IsLetter(before) && !unicode.IsLetter(after) {
			return true
		}
		j := strings.Index(low[i+1:], w)
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// counterparts: "three subcontractors", "with local suppliers".
func (r *reader) counterparts() {
	ws := words(r.desc)
	for i, w := range ws {
		sg := r.lex.Singular(w)
		if !r.lex.Is("counterpart", sg) || sg == r.p.Customer.One {
			continue
		}
		if slices.ContainsFunc(r.p.Counterparts, func(n PlanNoun) bool { return n.One == sg }) {
			continue
		}
		n := 0
		if i > 0 {
			n = numberWord(ws[i-1])
		}
		phrase := w
		if i > 0 {
			phrase = ws[i-1] + " " + w
		}
		r.p.Counterparts = append(r.p.Counterparts, PlanNoun{One: sg, Many: r.lex.Plural(sg), Count: n, From: phrase})
		r.decide(phrase, fmt.Sprintf("/counterparts/%d", len(r.p.Counterparts)-1), "counterpart: %s", r.lex.Plural(sg))
	}
}

var numberWords = regexp.MustCompile(`(?i)\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a dozen|a hundred)\b`)

// digits writes small number words as digits: "six vans" → "6 vans".
func digits(s string) string {
	return numberWords.ReplaceAllStringFunc(s, func(w string) string {
		switch strings.ToLower(w) {
		case "a dozen":
			return "12"
		case "a hundred":
			return "100"
		}
		return strconv.Itoa(numberWord(strings.ToLower(w)))
	})
}

func numberWord(w string) int {
	if n, err := strconv.Atoi(w); err == nil {
		return n
	}
	if i := slices.Index([]string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}, w); i > 0 {
		return i
	}
	return map[string]int{"fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50}[w]
}

// work chooses the line of work: the pack's, or the first capability
// whose archetype can be one.
func (r *reader) work(caps []capability) {
	p := r.p
	if r.ind != nil {
		v := r.ind.Vocabulary
		arch := cmp.Or(r.lex.NounArchetype(v.WorkItem.Singular), r.lex.NounArchetype(lastWord(v.WorkItem.Singular)))
		if a, ok := r.lex.Archetype(arch); !ok || !a.LineOfWork {
			arch = ""
			for _, x := range r.ind.Archetypes {
				if a, ok := r.lex.Archetype(x); ok && a.LineOfWork {
					arch = x
					break
				}
			}
			arch = cmp.Or(arch, "work_orders")
		}
		p.Work = PlanWork{Archetype: arch, One: v.WorkItem.Singular, Many: v.WorkItem.Plural, States: v.WorkItem.States, Cancel: v.WorkItem.CancelState,
			Offering: PlanNoun{One: v.Offering.Singular, Many: v.Offering.Plural}, Unit: v.Offering.Unit}
		for _, it := range v.Offering.Items {
			p.Work.Items = append(p.Work.Items, PlanItem{Name: it.Name, Price: it.PriceRange})
		}
		p.Work.Attributes = attrsOf(v.WorkItem.ExtraColumns)
		st := v.Staff
		p.Staff = PlanNoun{One: st.Singular, Many: st.Plural, Attributes: attrsOf(st.ExtraColumns)}
		r.decide("", "/work", "line of work: %s of the pack (%s)", p.Work.Many, arch)
		return
	}
	var main *capability
	for i := range caps {
		if a, _ := r.lex.Archetype(caps[i].archetype); a.LineOfWork {
			main = &caps[i]
			break
		}
	}
	arch := "work_orders"
	one, from := "job", ""
	var resource string
	var quals, more []string
	if main != nil {
		arch, one, from, resource, quals, more = main.archetype, main.entity, main.phrase, main.resource, main.qualifiers, main.resources
		main.archetype = "" // consumed: it is the line of work
	}
	a, _ := r.lex.Archetype(arch)
	if main == nil {
		one = a.Entity.One
	}
	w := PlanWork{Archetype: arch, One: one, Many: r.lex.Plural(one), States: slices.Clone(a.States), Cancel: a.Cancel, Unit: a.Unit, From: from}
	// What is offered: the brief's resource ("kayaks"), else the line of
	// work itself.
	off := cmp.Or(resource, one)
	w.Offering = PlanNoun{One: off, Many: r.lex.Plural(off)}
	if resource != "" && strings.Contains(strings.ToLower(r.desc), "by the hour") || strings.Contains(strings.ToLower(r.desc), "per hour") || strings.Contains(strings.ToLower(r.desc), "hourly") {
		w.Unit = "per hour"
	}
	w.Items = r.items(off, quals, arch)
	// "rents kayaks and canoes": each resource is on the price list.
	for _, m := range more {
		w.Items = append(w.Items, PlanItem{Name: "Standard " + m, Price: w.Items[0].Price})
	}
	if len(quals) > 0 {
		vals := append(slices.Clone(quals), "standard")
		w.Attributes = append(w.Attributes, PlanAttribute{Name: "category", Type: "text", Values: vals, From: from})
	}
	p.Work = w
	p.Staff = PlanNoun{One: cmp.Or(a.Staff.One, "team member"), Many: cmp.Or(a.Staff.Many, "team members")}
	if sc, ok := r.scaleOf("staff"); ok && sc.Noun != "employee" && sc.Noun != "staff" && sc.Noun != "person" && sc.Noun != "people" && sc.Noun != "member of staff" {
		p.Staff = PlanNoun{One: sc.Noun, Many: r.lex.Plural(sc.Noun), Count: sc.Count, From: sc.From}
	} else if ok {
		p.Staff.Count = sc.Count
	} else if st, phrase := r.staffNoun(); st != "" {
		p.Staff = PlanNoun{One: st, Many: r.lex.Plural(st), From: phrase}
		r.decide(phrase, "/staff", "staff are %s", p.Staff.Many)
	}
	desc := fmt.Sprintf("line of work: %s (%s)", w.Many, arch)
	if len(quals) > 0 {
		desc += ", " + strings.Join(quals, ", ")
	}
	if resource != "" {
		desc += " of " + r.lex.Plural(resource)
		for _, m := range more {
			desc += ", " + r.lex.Plural(m)
		}
	}
	r.decide(from, "/work", "%s", desc)
}

// staffNoun finds who does the work: a person noun that is the subject of
// a clause ("our fitters install on site", "instructors are rostered",
// "game masters work evening shifts") and not the customer.
func (r *reader) staffNoun() (string, string) {
	for _, clause := range clauseSplit.Split(r.desc, -1) {
		ws := words(clause)
		start := 0
		for start < len(ws) && (ws[start] == "our" || ws[start] == "the" || ws[start] == "all" || ws[start] == "two" || ws[start] == "each") {
			start++
		}
		for i := start; i < len(ws)-1 && i < start+2; i++ {
			sg := r.lex.Singular(ws[i])
			next := ws[i+1]
			if sg == ws[i] || !r.looksLikeCustomer(sg) || r.lex.Is("org", sg) || r.lex.ScaleKind(sg) == "customers" || sg == r.p.Customer.One || r.lex.Is("counterpart", sg) {
				continue
			}
			if r.isVerb(next) || next == "are" || next == "work" || next == "is" {
				one := sg
				if i > start {
					one = ws[i-1] + " " + sg
				}
				return one, strings.TrimSpace(clause)
			}
		}
	}
	return "", ""
}

func lastWord(s string) string { f := strings.Fields(s); return f[len(f)-1] }

// items makes a price list from the brief's own nouns when no pack has
// one: each qualifier and a standard item, at the archetype's price level.
func (r *reader) items(noun string, quals []string, arch string) []PlanItem {
	lo, hi := 40.0, 250.0
	switch arch {
	case "orders":
		lo, hi = 8, 120
	case "contracts":
		lo, hi = 30, 400
	case "shipments":
		lo, hi = 25, 600
	case "cases", "documents":
		lo, hi = 60, 900
	}
	name := title(noun)
	out := []PlanItem{{Name: "Standard " + noun, Price: [2]float64{lo, (lo + hi) / 2}}}
	for _, q := range quals {
		out = append(out, PlanItem{Name: title(q) + " " + noun, Price: [2]float64{(lo + hi) / 2, hi}})
	}
	out = append(out, PlanItem{Name: name + ", extended", Price: [2]float64{hi * 0.8, hi * 1.6}})
	return out
}

// company names the company and places it: the city the brief names is
// the headquarters.
func (r *reader) company() {
	p := r.p
	rng := r.s.rng(stageCompany)
	cities := r.cities()
	if len(cities) > 0 {
		p.Company.Headquarters = cities[0].name
		r.decide(cities[0].phrase, "/company/headquarters", "headquarters in %s", cities[0].name)
	} else {
		p.Company.Headquarters = Pick(rng, r.c.Cities).Name
		r.decide("", "/company/headquarters", "headquarters in %s (no city named)", p.Company.Headquarters)
	}
	// The name: a pack's patterns or the industry's own words; a city in
	// the name is the headquarters, never another city.
	pats := composedNamePatterns(p.Company.Industry)
	if r.ind != nil {
		pats = r.ind.CompanyNamePatterns
		if local := r.ind.LocalNamePatterns[r.c.Locale]; len(local) > 0 {
			pats = local
		} else if local := r.ind.LocalNamePatterns[strings.Split(r.c.Locale, "-")[0]]; len(local) > 0 {
			pats = local
		}
	}
	var named []string
	for _, pat := range pats {
		named = append(named, strings.ReplaceAll(pat, "{city}", p.Company.Headquarters))
	}
	p.Company.Name = r.c.CompanyName(rng, catalog.Industry{CompanyNamePatterns: named})
	r.decide("", "/company/name", "company %s", p.Company.Name)
	p.Company.Locations = []string{p.Company.Headquarters}
	for _, c := range cities[min(1, len(cities)):] {
		p.Company.Locations = append(p.Company.Locations, c.name)
	}
	if sc, ok := r.scaleOf("locations"); ok {
		for i := len(p.Company.Locations); i < min(sc.Count, 200); i++ {
			p.Company.Locations = append(p.Company.Locations, r.c.Cities[(i*7+len(p.Company.Name))%len(r.c.Cities)].Name)
		}
		r.decide(sc.From, "/company/locations", "%d locations", len(p.Company.Locations))
	}
	lo, hi := 8, 60
	if r.ind != nil {
		lo, hi = r.ind.SizeRange[0], max(r.ind.SizeRange[1], r.ind.SizeRange[0]+1)
	}
	p.Company.Employees = lo + rng.IntN(hi-lo+1)
	if p.Staff.Count > 0 {
		p.Company.Employees = max(p.Staff.Count, 1)
	}
	if sc, ok := r.scaleOf("staff"); ok {
		p.Company.Employees = sc.Count
	}
	// The description: one sentence of who and where, then the brief's
	// own words. A pack's template is used only when the brief says
	// nothing, so the text never describes another business or city.
	city := p.Company.Headquarters
	// The business in the brief's own word ("Zahnarztpraxis", "tattoo
	// studio"), not a pack's plural name ("Dental clinics").
	kind := strings.TrimSpace(r.s.Industry)
	if kind == "" || r.ind != nil && strings.EqualFold(kind, r.ind.ID) {
		kind = strings.ToLower(p.Company.Industry)
		if r.ind != nil && len(r.ind.Aliases) > 0 {
			kind = r.ind.Aliases[0]
		}
	}
	switch {
	case strings.TrimSpace(r.s.Description) != "":
		p.Company.Description = fmt.Sprintf("%s is %s based in %s. %s", p.Company.Name, an(kind), city, ensureStop(strings.TrimSpace(r.s.Description)))
	case r.ind != nil && len(r.ind.DescriptionTemplates) > 0:
		p.Company.Description = strings.NewReplacer("{company}", p.Company.Name, "{city}", city).Replace(Pick(rng, r.ind.DescriptionTemplates))
	default:
		p.Company.Description = fmt.Sprintf("%s is %s based in %s.", p.Company.Name, an(kind), city)
	}
}

func ensureStop(s string) string {
	if s == "" || strings.ContainsRune(".!?。", []rune(s)[len([]rune(s))-1]) {
		return s
	}
	return s + "."
}

// composedNamePatterns names a company of a composed industry after it:
// "Nordlicht Locksmiths", "Weber Kayak Rental".
func composedNamePatterns(industry string) []string {
	t := strings.Join(titleWords(industry), " ")
	return []string{"{stem} " + t, "{family} " + t, "{city} " + t, "{stem} " + t}
}

func titleWords(s string) []string {
	var out []string
	for _, w := range strings.Fields(s) {
		out = append(out, title(w))
	}
	return out
}

type namedCity struct{ name, phrase string }

var basedIn = regexp.MustCompile(`\b(?:based in|located in|headquartered in|in the city of|out of|from|in|near|across|around)\s+((?:\p{Lu}[\p{L}'’-]+)(?:[ -](?:\p{Lu}[\p{L}'’-]+|de|del|la|le|am|an|upon|on|sur))*)`)

// cities finds the cities the brief names, in order: the country's
// known cities first, then a capitalised place after "in", "based in"….
func (r *reader) cities() []namedCity {
	var out []namedCity
	addCity := func(name, phrase string) {
		if name != "" && !slices.ContainsFunc(out, func(c namedCity) bool { return c.name == name }) {
			out = append(out, namedCity{name, phrase})
		}
	}
	// The place the description names, in the brief's country: its city,
	// else its region's main city; then what the country field named
	// ("Lyon, France", "Bavaria").
	// Clause by clause, so that other countries the brief mentions ("we
	// send remittances to India") do not hide the place it is in.
	var regionHQ namedCity
	for _, clause := range regexp.MustCompile(`[.;,!?\n]+`).Split(r.s.Description, -1) {
		pl, ok := catalog.Locate(clause)
		if !ok || pl.Country.Code != r.c.Code {
			continue
		}
		if pl.City.Name != "" {
			addCity(pl.City.Name, strings.TrimSpace(clause))
		} else if hq, ok := pl.Headquarters(); ok && regionHQ.name == "" {
			regionHQ = namedCity{hq.Name, pl.Region.Name}
		}
	}
	if r.place.City.Name != "" {
		addCity(r.place.City.Name, r.s.Country)
	}
	// Every other city of the country the text names, in order.
	text := r.s.Description
	norm := " " + strings.Join(words(text), " ") + " "
	type hit struct {
		at   int
		city namedCity
	}
	var hits []hit
	for _, c := range r.c.Cities {
		for _, n := range []string{c.Name, c.Latin} {
			k := strings.Join(words(n), " ")
			if k == "" {
				continue
			}
			if i := strings.Index(norm, " "+k+" "); i >= 0 || unspacedScript(k) && strings.Contains(text, n) {
				if i < 0 {
					i = strings.Index(text, n)
				}
				hits = append(hits, hit{i, namedCity{c.Name, n}})
				break
			}
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int { return a.at - b.at })
	for _, h := range hits {
		addCity(h.city.name, h.city.phrase)
	}
	// Then a region or district the description names ("in Deira" → Dubai),
	// a place after "in" the catalog does not list, and last the region
	// of the country field ("Bayern" → München).
	if len(out) == 0 && regionHQ.name != "" {
		addCity(regionHQ.name, regionHQ.phrase)
	}
	if len(out) == 0 {
		out = append(out, r.placeAfterIn()...)
	}
	if hq, ok := r.place.Headquarters(); ok && len(out) == 0 {
		addCity(hq.Name, r.s.Country)
	}
	return out
}

// placeAfterIn is a capitalised place after "in", "based in"… that is
// no country: a city the catalog does not list.
func (r *reader) placeAfterIn() []namedCity {
	var out []namedCity
	for _, m := range basedIn.FindAllStringSubmatch(r.s.Description, -1) {
		name := strings.TrimRight(m[1], "'’-")
		if _, isCountry := catalog.MatchCountry(name); isCountry || r.lex.Is("notplace", strings.ToLower(name)) {
			continue
		}
		if strings.EqualFold(name, r.c.Name) || strings.EqualFold(name, r.c.NativeName) {
			continue
		}
		out = append(out, namedCity{name, m[0]})
		break
	}
	return out
}

func unspacedScript(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai) {
			return true
		}
	}
	return false
}

// services chooses the world's services: CRM and the line of work, one
// service per capability, and the horizontal ones (a pack's weighted
// draw; for a composed industry email, chat and billing).
func (r *reader) services(caps []capability) {
	p := r.p
	workName := snake(p.Work.Many)
	add := func(s PlanService, decision string) {
		if slices.ContainsFunc(p.Services, func(x PlanService) bool { return x.Name == s.Name }) {
			return
		}
		p.Services = append(p.Services, s)
		r.decide(s.From, fmt.Sprintf("/services/%d", len(p.Services)-1), "%s", decision)
	}
	add(PlanService{Name: "crm", Archetype: "crm", Title: "CRM", Builder: "crm"}, "crm (crm): customer records")
	add(PlanService{Name: workName, Archetype: p.Work.Archetype, Title: title(p.Work.Many), Builder: "work", From: p.Work.From},
		fmt.Sprintf("%s (%s): %s, the line of work", workName, p.Work.Archetype, p.Work.One))
	taken := map[string]bool{"crm": true, workName: true, snake(p.Work.One): true, snake(p.Customer.Many): true, snake(p.Staff.Many): true}
	entities := map[string]string{snake(p.Customer.One): "crm", snake(p.Staff.One): workName}
	for _, c := range caps {
		if c.archetype == "" {
			continue
		}
		a, _ := r.lex.Archetype(c.archetype)
		one := c.entity
		if snake(one) == snake(p.Work.One) || snake(one) == snake(p.Work.Offering.One) {
			r.decide(c.phrase, "/work", "%s: already the line of work", r.lex.Plural(one))
			continue
		}
		if prev, dup := entities[snake(one)]; dup {
			r.decide(c.phrase, "/services", "%s: already kept by %s", r.lex.Plural(one), prev)
			continue
		}
		native := slices.Contains(a.Native, one) || slices.Contains(a.Native, lastWord(one))
		if a.Builder != "" && (native || len(a.States) < 2) {
			if registry[a.Builder] == nil {
				continue
			}
			add(PlanService{Name: a.Builder, Archetype: a.ID, Title: a.Title, Builder: a.Builder, From: c.phrase},
				fmt.Sprintf("%s (%s): %s", a.Builder, a.ID, a.Entity.Many))
			continue
		}
		if len(a.States) < 2 {
			continue
		}
		many := r.lex.Plural(one)
		name := snake(many)
		if taken[name] {
			name = snake(one + " records")
		}
		if taken[name] {
			continue
		}
		taken[name] = true
		entities[snake(one)] = name
		s := PlanService{Name: name, Archetype: a.ID, Title: title(many), Builder: "record", Entity: &PlanNoun{One: one, Many: many}, Follows: a.Follows, From: c.phrase}
		// "signed consent forms": a participle is a yes/no of the record;
		// other modifiers are its kinds ("noise complaints").
		var kinds, flags []string
		for _, q := range c.qualifiers {
			if strings.HasSuffix(q, "ed") && len(q) > 4 {
				flags = append(flags, q)
			} else {
				kinds = append(kinds, q)
			}
		}
		if len(kinds) > 0 {
			s.Attributes = append(s.Attributes, PlanAttribute{Name: "category", Type: "text", Values: append(kinds, "other"), From: c.phrase})
		}
		for _, f := range flags {
			s.Attributes = append(s.Attributes, PlanAttribute{Name: snake(f), Type: "boolean", From: c.phrase})
		}
		for _, f := range c.fields {
			if slices.ContainsFunc(s.Attributes, func(a PlanAttribute) bool { return a.Name == f }) || slices.Contains([]string{"id", "status", "notes", "customer_id", "created_at", "source_ref", a.Date, a.Money}, f) {
				continue
			}
			typ := "text"
			if strings.HasSuffix(f, "date") || strings.HasSuffix(f, "deadline") {
				typ = "date"
			}
			s.Attributes = append(s.Attributes, PlanAttribute{Name: f, Type: typ, From: c.phrase})
		}
		if c.resource != "" && c.resource != one {
			res := &PlanNoun{One: c.resource, Many: r.lex.Plural(c.resource)}
			if len(c.resources) > 0 {
				res.Attributes = []PlanAttribute{{Name: "kind", Type: "text", Values: append([]string{c.resource}, c.resources...), From: c.phrase}}
			}
			if sc, ok := r.scaleOf("units"); ok && (sc.Noun == c.resource || strings.HasSuffix(sc.Noun, c.resource)) {
				res.Count, res.From = sc.Count, sc.From
			}
			s.Resource = res
		}
		desc := fmt.Sprintf("%s (%s): %s", name, a.ID, one)
		switch {
		case s.Resource != nil:
			desc += " of " + s.Resource.Many
		case len(kinds) > 0:
			desc += " of " + strings.Join(kinds, ", ")
		}
		if len(flags) > 0 {
			desc += ", " + strings.Join(flags, ", ")
		}
		add(s, desc)
	}
	for _, f := range r.force {
		if d := registry[f]; d != nil && f != "work" {
			arch := f
			if _, ok := r.lex.Archetype(f); !ok {
				arch = "work_orders"
			}
			name := f
			if name == workName {
				// The line of work has its name: the builder's twin.
				name += cmp.Or(d.Twin, "_desk")
			}
			add(PlanService{Name: name, Archetype: arch, Title: d.Title, Builder: f, From: "forced"}, name+" (forced)")
		}
	}
	// Suppliers the brief names buy through procurement.
	for _, cp := range p.Counterparts {
		if slices.Contains([]string{"supplier", "vendor", "wholesaler", "distributor", "grower", "producer", "farmer", "manufacturer"}, cp.One) && registry["procurement"] != nil {
			add(PlanService{Name: "procurement", Archetype: "procurement", Title: "Procurement", Builder: "procurement", From: cp.From}, "procurement (procurement): purchase orders to "+cp.Many)
			break
		}
	}
	if sc, ok := r.scaleOf("vehicles"); ok && !slices.ContainsFunc(p.Services, func(s PlanService) bool { return s.Builder == "fleet" }) {
		add(PlanService{Name: "fleet", Archetype: "fleet", Title: "Fleet: " + strconv.Itoa(sc.Count) + " " + r.lex.Plural(sc.Noun), Builder: "fleet", From: sc.From}, fmt.Sprintf("fleet (fleet): %d %s", sc.Count, r.lex.Plural(sc.Noun)))
	}
	// Counted things of the business no capability keeps: a register of
	// them ("35 horses", "three rigs").
	for _, sc := range p.Scale {
		if sc.Kind != "assets" || entities[snake(sc.Noun)] != "" || snake(sc.Noun) == snake(p.Work.Offering.One) {
			continue
		}
		many := r.lex.Plural(sc.Noun)
		name := snake(many)
		if taken[name] {
			continue
		}
		taken[name], entities[snake(sc.Noun)] = true, name
		add(PlanService{Name: name, Archetype: "assets", Title: title(many), Builder: "record", Entity: &PlanNoun{One: sc.Noun, Many: many, Count: sc.Count}, From: sc.From},
			fmt.Sprintf("%s (assets): %d %s", name, sc.Count, many))
	}
	if r.ind == nil {
		for _, h := range []string{"email", "chat", "billing"} {
			a, _ := r.lex.Archetype(h)
			add(PlanService{Name: h, Archetype: h, Title: a.Title, Builder: h}, h+" ("+h+"): every business has it")
		}
		return
	}
	// A pack's world: one of its verticals at random and a weighted draw
	// of horizontal services, as Synthesize has always drawn them.
	rng := r.s.rng(stageGraph)
	chosen := map[string]bool{}
	for _, s := range p.Services {
		chosen[s.Builder], chosen[s.Name] = true, true
	}
	var verticals []string
	for _, v := range r.ind.Services {
		if d := registry[v]; d != nil && d.Vertical && v != workName {
			verticals = append(verticals, v)
		}
	}
	rng.Shuffle(len(verticals), func(i, j int) { verticals[i], verticals[j] = verticals[j], verticals[i] })
	var picked []string
	for _, v := range verticals[:min(len(verticals), rng.IntN(2))] {
		chosen[v] = true
		picked = append(picked, v)
	}
	reactors := []string{"billing", "email", "chat"}
	if !slices.ContainsFunc(reactors, func(n string) bool { return chosen[n] }) {
		x := reactors[rng.IntN(len(reactors))]
		chosen[x] = true
		picked = append(picked, x)
	}
	target := 4 + rng.IntN(5) // 4..8
	var pool []*ServiceDef
	for _, n := range ServiceNames() {
		if d := registry[n]; !d.Vertical && !chosen[n] && n != "work" {
			pool = append(pool, d)
		}
	}
	for len(p.Services)+len(picked) < target && len(pool) > 0 {
		total := 0.0
		for _, d := range pool {
			total += cmp.Or(d.Weight, 1)
		}
		x := rng.Float64() * total
		i := 0
		for ; i < len(pool)-1; i++ {
			x -= cmp.Or(pool[i].Weight, 1)
			if x < 0 {
				break
			}
		}
		chosen[pool[i].Name] = true
		picked = append(picked, pool[i].Name)
		pool = slices.Delete(pool, i, i+1)
	}
	slices.Sort(picked)
	for _, n := range picked {
		arch := n
		if _, ok := r.lex.Archetype(n); !ok {
			arch = "work_orders"
			if a := r.lex.NounArchetype(r.lex.Singular(strings.Split(n, "_")[0])); a != "" {
				arch = a
			}
		}
		add(PlanService{Name: n, Archetype: arch, Title: registry[n].Title, Builder: n}, fmt.Sprintf("%s (%s): typical of %s", n, arch, r.ind.Name))
	}
}
