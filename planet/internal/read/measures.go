package read

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/lexicon"
)

// What a business records about its things: the measures it takes
// ("grade every catch by size", "every bale is tested for alpha acid")
// and the details it keeps of each ("log depth and water quality for
// every bore", "a note of each horse's feet and shoe size"). Each is a
// field of the thing's record, not a record of its own.

// measures gives each thing the brief measures the measure's field and
// what it is measured for or by: "grade every catch by size" gives the
// catches a grade and a size, "every ball is tested for weight and
// roundness" the balls' tests a weight and a roundness, "we sort every
// fleece by fineness" a register of fleeces with their fineness. The
// thing is the measuring verb's object, or its subject when the verb is
// passive; a "by" or "for" with an agent or a manner ("checked by the
// vet", "sorted by hand") measures nothing.
func (r *reader) measures(caps []capability) []capability {
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		spans := wordSpan.FindAllStringIndex(sentence, -1)
		ws := make([]string, len(spans))
		for i, sp := range spans {
			ws[i] = strings.ToLower(sentence[sp[0]:sp[1]])
		}
		// sep reports whether a comma or the like stands before word j.
		sep := func(j int) bool { return j > 0 && strings.ContainsAny(sentence[spans[j-1][1]:spans[j][0]], ",;:") }
		for i, w := range ws {
			m, ok := r.measureOf(w)
			if !ok {
				continue
			}
			passive := strings.HasSuffix(w, "ed")
			if !passive && !strings.HasSuffix(w, "ing") && i > 0 && !sep(i) && !verbCanFollow(ws[i-1]) {
				continue // "rates are set daily": a noun, not a verb
			}
			if i+1 < len(ws) && slices.Contains([]string{"is", "are", "was", "were", "has", "have"}, ws[i+1]) {
				continue
			}
			var thing []string
			if passive {
				// "every ball is tested", "harvest is picked, sorted and
				// graded": the subject before the auxiliary.
				for j := i - 1; j > 0 && j >= i-6; j-- {
					if slices.Contains([]string{"is", "are", "was", "were", "be", "been", "gets", "get"}, ws[j]) {
						thing = r.nounPhrase(ws[max(0, j-3):j])
						for k := 0; k < len(thing); k++ {
							if thing[k] == "every" || thing[k] == "each" || r.lex.Is("det", thing[k]) {
								thing = thing[k+1:]
								k = -1
							}
						}
						break
					}
					if !strings.HasSuffix(ws[j], "ed") && ws[j] != "and" {
						break
					}
				}
			} else if i+1 < len(ws) && !sep(i+1) && slices.Contains([]string{"every", "each", "all", "the", "our", "their", "its"}, ws[i+1]) {
				// "we grade every catch": an active measure names its
				// object ("samples travel by courier" measures nothing).
				var obj []string
				for j := i + 1; j < len(ws) && j <= i+4 && !sep(j) && ws[j] != "by" && ws[j] != "for"; j++ {
					obj = append(obj, ws[j])
				}
				thing = r.nounPhrase(obj)
			}
			if len(thing) == 0 {
				continue
			}
			one := r.lex.Singular(thing[len(thing)-1])
			if r.lex.Is("vague", one) || r.lex.ScaleKind(one) == "customers" || r.lex.ScaleKind(one) == "staff" {
				continue
			}
			var fields, quantities []string
			if m.Field != "" {
				fields = append(fields, engine.Snake(m.Field))
			}
			// What follows "for" or "by" in the verb's clause.
			for j := i + 1; j+1 < len(ws) && j <= i+5 && !sep(j); j++ {
				if ws[j] != "for" && ws[j] != "by" {
					continue
				}
				if next := ws[j+1]; !r.lex.Is("measure_manner", next) && !r.lex.Is("det", next) && !r.lex.Is("channel", next) && !isNumber(next) && !r.lex.Is("price_unit", r.lex.Singular(next)) {
					list := r.detailList(measureList.FindString(sentence[spans[j+1][0]:]))
					fields = union(fields, list)
					if m.Quantities && ws[j] == "for" {
						quantities = list
					}
				}
				break
			}
			if len(fields) == 0 {
				continue
			}
			// The record of the thing this sentence reads (the balls'
			// tests) before one another sentence read of it (orders of
			// balls).
			of := func(c capability) bool {
				return c.entity == one || c.resource == one || slices.Contains(c.resources, one)
			}
			t := slices.IndexFunc(caps, func(c capability) bool { return of(c) && strings.Contains(sentence, c.phrase) })
			if t < 0 {
				t = slices.IndexFunc(caps, of)
			}
			if t < 0 {
				if len(caps) >= maxCapabilities {
					continue
				}
				caps = append(caps, capability{phrase: strings.TrimSpace(sentence[spans[max(0, i-1)][0]:spans[min(len(spans)-1, i+len(thing)+1)][1]]), archetype: cmp.Or(r.lex.NounArchetype(one), "inventory"), entity: one, role: "entity"})
				t = len(caps) - 1
			}
			for _, f := range fields {
				if f != engine.Snake(caps[t].entity) && !slices.Contains(caps[t].fields, f) {
					caps[t].fields = append(caps[t].fields, f)
				}
			}
			for _, f := range quantities {
				if caps[t].types == nil {
					caps[t].types = map[string]string{}
				}
				caps[t].types[f] = "real"
			}
		}
	}
	return caps
}

// measureOf returns the measure an inflected word is a form of.
func (r *reader) measureOf(w string) (lexicon.Measure, bool) {
	for _, l := range lexicon.VerbLemma(w) {
		if m, ok := r.lex.MeasureOf(l); ok {
			return m, true
		}
	}
	return lexicon.Measure{}, false
}

var (
	wordSpan    = regexp.MustCompile(`[\p{L}\d'’-]+`)
	measureList = regexp.MustCompile(`^[\p{L} '-]+`)
	detailSplit = regexp.MustCompile(`,|\band\b|\bor\b`)
)

// keptDetails reads "log depth and water quality for every bore", "keep
// the serial number and tuning history of each instrument": a keeping
// verb, a list of details, then the thing they are of.
var keptDetails = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:log|logs|logged|logging|record|records|recorded|recording|keep|keeps|kept|keeping|note|notes|noted|track|tracks|tracked|tracking)\s+(?:(?:a|the) (?:note|record|log) of\s+)?(?:the\s+|its\s+|their\s+)?([\p{L} ,'-]+?)\s+(?:of|for|on)\s+(?:each|every|all)\s+([\p{L}-]+)`)
})

// ownedDetails reads "a note of each horse's feet and shoe size": the
// details after the thing's possessive.
var ownedDetails = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:of|for)\s+(?:each|every)\s+([\p{L}-]+)['’]s?\s+([\p{L} ,-]+)`)
})

// keptFields gives each thing the details the brief keeps of it, and
// drops the records read from those details alone ("we log depth" is no
// register of depths when the depth is each bore's).
func (r *reader) keptFields(caps []capability) []capability {
	caps = r.batchesAndDates(r.measures(caps))
	// A test is not "tested" nor a grading "graded": a yes/no of the
	// record's own verb says nothing its status does not.
	for i, c := range caps {
		caps[i].flags = slices.DeleteFunc(slices.Clone(c.flags), func(f string) bool {
			return slices.ContainsFunc(lexicon.VerbLemma(f), func(l string) bool {
				return l == c.entity || l+"ing" == c.entity || strings.TrimSuffix(l, "e")+"ing" == c.entity
			})
		})
	}
	var absorbed []string
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		var found [][3]string // thing, list, phrase
		for _, m := range keptDetails().FindAllStringSubmatch(sentence, -1) {
			found = append(found, [3]string{m[2], m[1], m[0]})
		}
		for _, m := range ownedDetails().FindAllStringSubmatch(sentence, -1) {
			found = append(found, [3]string{m[1], m[2], m[0]})
		}
		for _, f := range found {
			thing := r.lex.Singular(strings.ToLower(f[0]))
			i := slices.IndexFunc(caps, func(c capability) bool {
				return c.entity == thing || c.resource == thing || slices.Contains(c.resources, thing)
			})
			names := r.detailList(f[1])
			if i < 0 {
				// "record the weight and clarity of every stone": the
				// stones are a register of their own.
				if len(names) == 0 || len(caps) >= maxCapabilities || r.lex.ScaleKind(thing) != "" || r.lex.Is("animal", thing) || r.lex.Is("vague", thing) {
					continue
				}
				caps = append(caps, capability{phrase: f[2], archetype: cmp.Or(r.lex.NounArchetype(thing), "inventory"), entity: thing, role: "entity"})
				i = len(caps) - 1
			}
			for _, name := range names {
				if !slices.Contains(caps[i].fields, name) {
					caps[i].fields = append(caps[i].fields, name)
					absorbed = append(absorbed, name)
				}
			}
		}
	}
	return slices.DeleteFunc(caps, func(c capability) bool {
		return c.archetype == "documents" && slices.Contains(absorbed, engine.Snake(c.entity))
	})
}

// detailList splits "depth and water quality" into the fields depth and
// water_quality; a list ends where a clause with its own verb begins.
func (r *reader) detailList(list string) []string {
	var out []string
	for _, part := range detailSplit.Split(list, -1) {
		ws := words(part)
		if len(ws) > 1 && r.isVerb(ws[1]) && !r.lex.Is("det", ws[0]) {
			break
		}
		// "alpha acid and shipped with a certificate": a verb ends it.
		// "by size and ship overnight": so does a verb of the lexicon,
		// unless the item is a field's name ("shoe size").
		if len(out) > 0 && len(ws) > 0 && (lexicon.PastForm(ws[0]) || strings.HasSuffix(ws[0], "ing") || r.isVerb(ws[0]) && !slices.Contains(FieldHeads, r.lex.Singular(ws[len(ws)-1]))) {
			break
		}
		np := r.nounPhrase(ws)
		if len(np) == 0 || len(np) > 3 {
			continue
		}
		sg := r.lex.Singular(np[len(np)-1])
		if isNumber(np[0]) || r.lex.ScaleKind(sg) != "" || slices.Contains(containers, sg) {
			continue
		}
		name := engine.Snake(strings.Join(np, " "))
		if name != "" && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// ofCompound returns the field name of a list item that is a lexicon
// noun with "of" in it ("a certificate of origin"), "" otherwise: the
// noun phrase of such an item stops at "of".
func (r *reader) ofCompound(part string) string {
	ws := words(part)
	for len(ws) > 0 && r.lex.Is("det", ws[0]) {
		ws = ws[1:]
	}
	if len(ws) < 3 || !slices.Contains(ws, "of") {
		return ""
	}
	if r.lex.NounArchetype(strings.Join(ws, " ")) == "" {
		return ""
	}
	return engine.Snake(strings.Join(ws, " "))
}

// eachWhat reads which thing each record is of when the brief says it
// with a quantifier: "broodstock records for each tank", "water-quality
// checks on every tank", "milk is tested at every collection": a column
// of the record naming which one (perWhat reads "per tank"). A customer
// or a member of staff is no such column: the record has them already.
func (r *reader) eachWhat(ws []string, c capability) []string {
	var out []string
	for i := 0; i+2 < len(ws); i++ {
		if !slices.Contains([]string{"for", "on", "at", "of"}, ws[i]) || ws[i+1] != "each" && ws[i+1] != "every" {
			continue
		}
		np := r.nounPhrase(ws[i+2:])
		if len(np) == 0 || len(np) > 2 || np[0] != ws[i+2] {
			continue
		}
		head := r.lex.Singular(np[len(np)-1])
		if len(head) < 3 || head == c.entity || head == engine.LastWord(c.entity) || head == c.resource || slices.Contains(c.resources, head) ||
			r.lex.ScaleKind(head) == "customers" || r.lex.ScaleKind(head) == "staff" || r.looksLikeCustomer(head) ||
			r.lex.Is("price_unit", head) || r.lex.Is("vague", head) || isNumber(head) || strings.HasSuffix(head, "'s") {
			continue
		}
		if name := engine.Snake(head); !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// fieldAttribute is the attribute of a field the brief names: a measure
// with a few usual outcomes lists them ("grade": A, B, C, reject), so a
// seeded record carries one.
func (r *reader) fieldAttribute(f string, c capability) engine.PlanAttribute {
	typ := cmp.Or(c.types[f], fieldType(f))
	values := slices.Clone(c.values[f])
	if typ == "text" && values == nil {
		values = r.lex.MeasureValues(f)
	}
	return engine.PlanAttribute{Name: f, Type: typ, Values: values, From: c.phrase}
}

var coordinated = regexp.MustCompile(`(?i)\b([\p{L}]+) and ([\p{L}]+) ([\p{L}]+)\b`)

// coordinated reads a record named for two kinds at once: "the farrier
// and vet visits are logged" are visits of kind farrier or vet, "radon and
// termite testing" testing of kind radon or termite. It returns the text
// with the kinds taken out ("the visits are logged") and the kinds of
// each record head. The first kind is a single modifier: "bikes and
// service plans" are two things, not bike plans.
func (r *reader) coordinated(s string) (string, map[string][]string) {
	kinds := map[string][]string{}
	out := coordinated.ReplaceAllStringFunc(s, func(m string) string {
		g := coordinated.FindStringSubmatch(m)
		a, b, head := strings.ToLower(g[1]), strings.ToLower(g[2]), r.lex.Singular(strings.ToLower(g[3]))
		// ("servicing road and city bikes": a plural thing of two kinds
		// is that thing too, not roads beside city bikes.)
		// (Only when the first kind with the thing is a thing known:
		// "cable and consumer units" are cable and consumer units.)
		thing := strings.ToLower(g[3]) != head && !r.isVerb(a) && !r.isVerb(g[3]) && r.lex.NounArchetype(b) == "" && r.knownThing(a+" "+head)
		if !r.lex.Is("coordinated_head", head) && !thing || r.lex.Singular(a) != a || r.lex.Is("det", a) || r.lex.Is("stop", a) || r.lex.Is("det", b) || r.lex.NounArchetype(a) != "" || lexicon.PastForm(a) || strings.HasSuffix(a, "ing") || r.isVerb(b) {
			return m
		}
		kinds[head] = union(kinds[head], []string{a, b})
		return g[3]
	})
	return out, kinds
}

// knownThing reports whether a noun names a thing the lexicon or the
// industry's price list knows ("road bike" of a bicycle shop).
func (r *reader) knownThing(noun string) bool {
	if r.lex.NounArchetype(noun) != "" {
		return true
	}
	if r.ind == nil {
		return false
	}
	for _, it := range r.ind.Vocabulary.Offering.Items {
		if strings.EqualFold(it.Name, noun) {
			return true
		}
	}
	return false
}

// withKinds gives each record read from a coordinated phrase its kind.
func withKinds(caps []capability, kinds map[string][]string) []capability {
	for i, c := range caps {
		k, ok := kinds[c.entity]
		if !ok || slices.Contains(c.fields, "kind") {
			continue
		}
		caps[i].fields = append(caps[i].fields, "kind")
		if caps[i].values == nil {
			caps[i].values = map[string][]string{}
		}
		caps[i].values["kind"] = k
	}
	return caps
}

// untilCue reads what a record is kept until: "tracked until harvest",
// "kept until collection". The record has that day's date.
var untilCue = regexp.MustCompile(`(?i)\b(?:[\p{L}-]+ed)\s+until\s+([\p{L}-]+)\b`)

// batchCue reads what is done to things in batches: "sawn timber is
// kiln-dried in batches", "logs are inoculated in batches". Each batch is
// that done, a yes/no of it.
var batchCue = regexp.MustCompile(`(?i)\b(?:is|are|get|gets)\s+([\p{L}-]+ed)\s+in\s+(batches|lots)\b`)

// batchesAndDates gives a record kept until a day that day's date, and
// the batches a thing is treated in what is done to them.
func (r *reader) batchesAndDates(caps []capability) []capability {
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		for _, mi := range untilCue.FindAllStringSubmatchIndex(sentence, -1) {
			w := strings.ToLower(sentence[mi[2]:mi[3]])
			if r.lex.Is("det", w) || r.lex.Is("stop", w) || r.lex.Is("vague", w) || isNumber(w) || r.isVerb(w) && !r.lex.Is("head", w) && r.lex.NounArchetype(w) == "" {
				continue
			}
			// The record the clause is about: the one whose phrase ends
			// last before the cue ("logs are inoculated in batches and
			// tracked until harvest" is the batches').
			t, at, named := -1, -1, -1
			low := strings.ToLower(sentence[:mi[0]])
			for i, c := range caps {
				k := strings.Index(sentence, c.phrase)
				if k < 0 || k > mi[0] || c.entity == "" {
					continue
				}
				n := strings.LastIndex(low, strings.Fields(c.entity)[0])
				if end := k + len(c.phrase); end > at || end == at && n > named {
					t, at, named = i, end, n
				}
			}
			if t < 0 {
				continue
			}
			if f := engine.Snake(w + " date"); !slices.Contains(caps[t].fields, f) {
				caps[t].fields = append(caps[t].fields, f)
			}
		}
		for _, m := range batchCue.FindAllStringSubmatch(sentence, -1) {
			batch := r.lex.Singular(strings.ToLower(m[2]))
			t := slices.IndexFunc(caps, func(c capability) bool { return c.entity == batch })
			if f := strings.ToLower(m[1]); t >= 0 && !slices.Contains(caps[t].flags, f) {
				caps[t].flags = append(caps[t].flags, f)
			}
		}
	}
	return caps
}
