package read

import (
	"cmp"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/lexicon"
)

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
	// flags are what the brief says is done to each record: "every
	// block is numbered and graded" → numbered, graded (yes/no).
	flags []string
	// via is the record word of the verb that read it, when the record
	// is another: "take bookings for repairs" keeps repairs via booking.
	via string
	// counterpart is who the record is with when it is not the customer:
	// "order flour from local mills" → mill.
	counterpart, counterpartFrom string
	// holder is the person a credential is held by: "every lifeguard
	// must hold a valid certificate" → lifeguard (see credentials).
	holder string
	// parties are the people and organisations a clause names beside
	// its record: "order the gown from the designer", "pay landowners a
	// hive rent", "book seats through hotels". Each is a column of the
	// record.
	parties []string
	// units are what the clause prices per ("paid by the kilo", "per
	// night"): the record has a quantity of each.
	units []string
	// places are where the clause says it happens ("in the indoor
	// arena", "at the counter"): a location column of the record.
	places []string
	// stages are the steps the brief says each record goes through
	// ("through polishing, fermentation and pressing", "from script to
	// storyboard to inking"): a stage column of the record.
	stages []string
	// swept: read from a noun alone, with no verb of its own ("customers
	// get a photo proof of delivery").
	swept bool
	// values are the values a field lists when the brief names them:
	// "farrier and vet visits" are visits of kind farrier or vet.
	values map[string][]string
	// types are the types of fields the brief says are numbers: what a
	// thing is tested for ("alpha acid") is measured, not described.
	types map[string]string
	// carriers are what the goods travel on or with ("on low-loaders",
	// "by courier"): the transport column of a shipment or an order.
	carriers []string
}

var clauseSplit = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`[.;:!?\n]+|,|\band\b|\bas well as\b|\bplus\b|\bthen\b|\balso\b|\bwhile\b|\bwho\b|\bwhich\b`)
})

// capabilities reads verb–object clauses: "dispatches emergency call-outs",
// "rents kayaks by the hour", "takes deposits for bookings".
func (r *reader) capabilities() []capability {
	var out []capability
	seen := map[string]int{}
	// add keeps a capability, or merges it into the one of the same
	// record read before; it returns the index of either.
	add := func(c capability) int {
		key := c.archetype + "|" + c.entity
		if i, dup := seen[key]; dup {
			if c.resource != "" && c.resource != out[i].resource && !slices.Contains(out[i].resources, c.resource) {
				if out[i].resource == "" {
					out[i].resource = c.resource
				} else {
					out[i].resources = append(out[i].resources, c.resource)
				}
			}
			out[i].parties = union(out[i].parties, c.parties)
			out[i].units = union(out[i].units, c.units)
			out[i].places = union(out[i].places, c.places)
			out[i].flags = union(out[i].flags, c.flags)
			out[i].carriers = union(out[i].carriers, c.carriers)
			return i
		}
		seen[key] = len(out)
		out = append(out, c)
		return len(out) - 1
	}
	desc, kinds := r.coordinated(r.desc)
	desc, r.roles = r.crews(desc)
	// "hire over 200 labourers": the count is the object's, whatever
	// its hedge.
	desc = unhedge(hundredDigits(desc))
	for _, sentence := range sentenceSplit.Split(desc, -1) {
		var last *lexicon.Verb
		lastCap := -1        // the capability the sentence read last
		var pending []string // "check and photograph each car": a verb waiting for its object
		moving := -1         // the shipment the sentence read with no goods yet ("we deliver and set up …")
		var prevWs []string  // the clause before, in this sentence
		for _, clause := range clauseSplit().Split(sentence, -1) {
			ws := words(clause)
			if len(ws) == 0 {
				continue
			}
			before := prevWs
			prevWs = ws
			v, rest := r.findVerb(ws)
			// ("we weigh each boat's catch, sell it to exporters": "it" is
			// the thing the clause before ended with, when nothing but its
			// verb and determiners came before it: "roast coffee in small
			// batches and sell it" sells no batches.)
			if v != nil && len(rest) > 0 && (rest[0] == "it" || rest[0] == "them") && len(before) > 0 && !slices.ContainsFunc(before, func(w string) bool {
				return r.lex.Is("stop", w) && !slices.Contains([]string{"we", "they", "i", "you"}, w)
			}) {
				if w := before[len(before)-1]; len(w) > 2 && !r.lex.Is("stop", w) && !r.lex.Is("det", w) && !r.isVerb(w) && !isNumber(w) && !r.isPerson(r.lex.Singular(w)) && !r.lex.Is("vague", r.lex.Singular(w)) {
					rest = append([]string{w}, rest[1:]...)
				}
			}
			// "guests book rooms and cooking classes": an -ing word that
			// starts an item booked too is its kind, not a verb.
			if v != nil && last != nil && strings.HasSuffix(ws[0], "ing") && len(rest) == len(ws)-1 && r.bookedItem(last, ws) {
				v, rest = nil, nil
			}
			// ("…, VIP cabanas online with a minimum spend": a bookable
			// item that goes on saying how is booked too.)
			if v != nil && last != nil && last.Archetype == "bookings" && r.bookableGoesOn(ws) {
				v, rest = nil, nil
			}
			// "we deliver on low-loaders", "samples travel by courier":
			// goods that move, with no object.
			// ("harvests go to the plant by wellboat": "harvests" is no
			// verb there.)
			mv := v
			if v != nil && v.Archetype != "shipments" && len(r.carriersIn(ws)) > 0 {
				mv = nil
			}
			if len(r.nounPhrase(rest)) == 0 || mv == nil {
				if c, ok := r.moved(ws, mv, strings.TrimSpace(clause)); ok {
					c.flags = union(c.flags, standingOrder(ws))
					lastCap = add(c)
					moving = lastCap
					if v != nil {
						last = v
					}
					continue
				}
			}
			if moving >= 0 {
				out[moving].carriers = union(out[moving].carriers, r.carriersIn(ws))
			}
			// "send damaged ones for repair": work done elsewhere on a
			// thing sent away.
			// (The thing is the one the sentence rents, sells or keeps
			// last: "rent canoes …, take a deposit … and send damaged ones
			// for repair" repairs canoes.)
			var prev *capability
			for i := lastCap; i >= 0 && prev == nil; i-- {
				if a := out[i].archetype; a == "bookings" || a == "orders" || a == "inventory" || a == "shipments" {
					prev = &out[i]
				}
			}
			if c, ok := r.sentFor(ws, prev, strings.TrimSpace(clause)); ok {
				c.parties = r.parties(ws, rest, c)
				lastCap = add(c)
				continue
			}
			// ("member families borrow and reserve books": a subject of
			// its own, the verb last.)
			// ("regulars collect stamps": a verb phrase that holds its
			// record waits for nothing.)
			whole := v != nil && strings.Contains(v.Verb, " ") && v.Entity != "" && r.lex.NounArchetype(v.Entity) == v.Archetype
			if v != nil && len(rest) == 0 && len(ws) <= 4 && !whole {
				pending = ws
				continue
			}
			// "check boats back in and send damaged ones for repair": a
			// clause that names no record of its own says what is done
			// to the one before it.
			flagLast := func() {
				if lastCap >= 0 && v != nil {
					out[lastCap].flags = union(out[lastCap].flags, r.actions(ws, &lexicon.Verb{}, out[lastCap]))
				}
			}
			// "jobs are assigned to a translator and a proofreader": a
			// person alone after the party the clause before ended with is
			// one more of its parties.
			if v == nil && lastCap >= 0 && len(ws) <= 3 && slices.ContainsFunc(out[lastCap].parties, func(p string) bool { return strings.HasSuffix(strings.ToLower(out[lastCap].phrase), p) }) {
				if np := r.nounPhrase(ws); len(np) > 0 && len(np) <= 2 && len(np) >= len(ws)-1 {
					if ps := r.parties(append([]string{"to"}, ws...), nil, out[lastCap]); len(ps) == 1 {
						out[lastCap].parties = union(out[lastCap].parties, ps)
						continue
					}
				}
			}
			if v == nil {
				// "sells bread, cakes and pastries": a bare noun phrase
				// shares the verb before it.
				// The list item is the noun phrase the clause starts with,
				// whatever follows it ("canoes and kayaks by the hour at the
				// lake").
				// ("guests reserve sunbeds and VIP cabanas online with a
				// minimum spend": the item is the bookable it starts with.)
				item := ws
				if last != nil && last.Archetype == "bookings" && r.bookableGoesOn(ws) {
					item = r.bookableItem(ws)
				}
				// ("sell it to exporters and seafood restaurants": whom it
				// goes to goes on, no item sold.)
				if n := len(before); n >= 2 && (before[n-2] == "to" || before[n-2] == "for") {
					if np := r.nounPhrase(item); len(np) > 0 && len(np) <= 3 && r.looksLikeCustomer(r.lex.Singular(np[len(np)-1])) {
						continue
					}
				}
				if last == nil || last.Role == "entity" && !r.bookedItem(last, item) || !r.listItem(item) {
					continue
				}
				v, rest = last, item
			}
			last = v
			if v.ByCustomer != nil && (r.customerSubject(ws, rest, v) || r.orderedByCustomers(ws, rest)) {
				v = v.ByCustomer
			}
			v = r.ofThing(v, rest)
			c, ok := r.capability(v, rest, strings.TrimSpace(clause))
			// "photograph each bolted connection": photos of connections
			// as proof, not photo shoots.
			if proof := r.proofVerb(v.Verb, rest); ok && proof != "" {
				c.archetype, c.entity, c.role = "evidence", proof, "subject"
			}
			if !ok {
				// "billed per kilo", "paid by cubic metre": a charge with
				// no noun still says what it is per.
				if units := r.priceUnits(ws); len(units) > 0 && (v.Archetype == "billing" || v.Archetype == "payments") {
					c, ok = capability{phrase: strings.TrimSpace(clause), archetype: "billing", role: "entity", units: units}, true
				}
			}
			if !ok {
				flagLast()
				continue
			}
			c.carriers = r.carriersIn(ws)
			// "members borrow and reserve books": a verb waiting for its
			// object that keeps a record of its own keeps one of this
			// object too (loans of books beside their reservations).
			if pending != nil {
				if pv, prest := r.findVerb(pending); pv != nil && len(prest) == 0 {
					pv = r.ofThing(pv, rest)
					if pv.Entity != "" && pv.Entity != c.entity && r.lex.NounArchetype(pv.Entity) != "" && !r.lex.Is("generic_verb", pv.Verb) {
						twin := capability{phrase: strings.TrimSpace(strings.Join(pending, " ") + " " + clause), archetype: pv.Archetype, role: "entity", entity: pv.Entity, resource: cmp.Or(c.resource, c.entity), resources: c.resources}
						add(twin)
					}
				}
			}
			if moving >= 0 && out[moving].resource == "" && c.archetype != "shipments" {
				out[moving].resource = cmp.Or(c.resource, c.entity)
			}
			c.parties = r.parties(ws, rest, c)
			c.fields = union(union(c.fields, r.perWhat(ws, c)), r.eachWhat(ws, c))
			if pending != nil {
				c.flags = union(c.flags, r.actions(pending, &lexicon.Verb{}, c))
				pending = nil
			}
			c.units = r.priceUnits(ws)
			c.places = r.placesIn(ws)
			c.flags = append(c.flags, r.actions(ws, v, c)...)
			c.flags = union(c.flags, standingOrder(ws))
			lastCap = add(c)
		}
	}
	return withKinds(r.approvals(r.conditions(r.stagesOf(r.participles(r.nounSweep(r.bookables(r.bookedPassives(r.credentials(out)))))))), kinds)
}

var sentenceSplit = regexp.MustCompile(`[.;!?\n]+`)

// stageCue starts a sequence of steps: "through A, B and C", "from A
// to B to C".
var stageCue = regexp.MustCompile(`(?i)\b(through|from)\s+`)

// steps reads the items of a sequence after its cue: one or two
// lower-case words each, separated by commas, "and", "or" or "to"
// ("polishing, fermentation and pressing"; "script to storyboard to
// inking"; "reminder letters to a payment plan or to court"). A "from"
// sequence needs a "to"; names ("from Piraeus to the Cyclades") are
// places, not steps.
func (r *reader) steps(text, cue string) []string {
	var steps, cur []string
	sawTo := false
	flush := func() bool {
		if len(cur) == 0 || len(cur) > 2 {
			return false
		}
		steps = union(steps, []string{strings.Join(cur, " ")})
		cur = nil
		return true
	}
	for _, f := range strings.Fields(text) {
		comma := strings.HasSuffix(f, ",")
		w := strings.Trim(f, ",")
		lw := strings.ToLower(w)
		switch {
		case lw == "and" || lw == "or" || lw == "to":
			sawTo = sawTo || lw == "to"
			if len(cur) > 0 && !flush() {
				return nil
			}
			continue
		case lw == "a" || lw == "an" || lw == "the":
			continue
		}
		// Not a name, a size ("5x5 lockers") or who ("through hotels
		// and agencies", "…, and authors get").
		if w == "" || w != lw || strings.ContainsAny(w, "0123456789") || r.lex.Is("stop", lw) || r.lex.Is("det", lw) || r.lex.Is("vague", lw) ||
			r.looksLikeCustomer(r.lex.Singular(lw)) || r.lex.ScaleKind(r.lex.Singular(lw)) != "" {
			break
		}
		cur = append(cur, lw)
		if len(cur) > 2 {
			cur = cur[:2]
			break
		}
		if comma && !flush() {
			return nil
		}
	}
	if len(cur) > 0 && len(cur) <= 2 && len(steps) > 0 {
		flush()
	}
	if cue == "from" && !sawTo || len(steps) < 2 {
		return nil
	}
	return steps
}

// stagesOf reads the steps each record goes through and gives them to
// the record the sentence names before them.
func (r *reader) stagesOf(caps []capability) []capability {
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		for _, mi := range stageCue.FindAllStringSubmatchIndex(sentence, -1) {
			cue := strings.ToLower(sentence[mi[2]:mi[3]])
			steps := r.steps(sentence[mi[1]:], cue)
			if len(steps) < 2 {
				continue
			}
			// The record named last before the steps ("each brew is a
			// numbered batch through …", "each episode moves from …").
			low := strings.ToLower(sentence[:mi[0]])
			best, at := -1, -1
			for i, c := range caps {
				if c.entity == "" {
					continue
				}
				for _, w := range []string{c.entity, r.lex.Plural(c.entity), c.resource} {
					if w == "" {
						continue
					}
					if j := strings.LastIndex(low, w); j > at {
						best, at = i, j
					}
				}
			}
			if best >= 0 && len(caps[best].stages) == 0 {
				caps[best].stages = steps
			}
		}
	}
	return caps
}

var passiveRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:every|each|all)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+?)(?:['’]s)?\s+(?:is|are|gets|get|must be|has been|have been)\s+((?:[\p{L}-]+\s+){0,2}(?:[\p{L}-]+ed)(?:(?:\s*,\s*|,?\s+and\s+)[\p{L}-]+ed)*)`)
})

// pluralPassiveRe is the same without a quantifier, of a plural subject
// that starts its clause: "flights are cancelled and rebooked", "log
// deliveries are measured and paid by cubic metre".
var pluralPassiveRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:^|[,;:.]\s*|\b(?:and|while|then)\s+)(?:(?:the|our|all|their|its)\s+)?((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+s)\s+(?:are|were|get|must be|have been|can be|are then)\s+((?:[\p{L}-]+\s+){0,2}(?:[\p{L}-]+ed)(?:(?:\s*,\s*|,?\s+and\s+)[\p{L}-]+ed)*)`)
})

var participleSplit = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\s*,\s*|,?\s+and\s+`) })

// participles reads what is done to each record: "every block is
// numbered and graded", "each dog is vaccinated, neutered and
// microchipped". The participles become yes/no fields of the record; a
// record no clause kept yet is added when the lexicon knows its noun or
// the participle's verb.
func (r *reader) participles(caps []capability) []capability {
	for _, m := range append(passiveRe().FindAllStringSubmatch(r.desc, -1), pluralPassiveRe().FindAllStringSubmatch(r.desc, -1)...) {
		np := r.nounPhrase(words(m[1]))
		if len(np) == 0 {
			continue
		}
		head := r.lex.Singular(np[len(np)-1])
		noun := head
		if len(np) > 1 && (r.lex.Is("head", head) || r.lex.NounArchetype(np[len(np)-2]+" "+head) != "") {
			noun = np[len(np)-2] + " " + head
		}
		var flags []string
		for _, w := range participleSplit().Split(strings.ToLower(m[2]), -1) {
			// "is germination tested": the noun before the participle
			// says which test ("is then tested", "is carefully tested",
			// "is not tested" say nothing of it).
			ws := strings.Fields(w)
			if len(ws) > 1 && (ws[0] == "not" || ws[0] == "never") {
				continue
			}
			for len(ws) > 1 && r.saysNothingOfParticiple(ws[0]) {
				ws = ws[1:]
			}
			if len(ws) > 2 {
				ws = ws[len(ws)-1:]
			}
			w = strings.Join(ws, " ")
			if w = strings.TrimSpace(w); len(w) > 4 && !slices.Contains(flags, w) && !slices.Contains([]string{"based", "used", "needed", "required", "called", "named"}, w) {
				flags = append(flags, w)
			}
		}
		if len(flags) == 0 || r.lex.Is("vague", head) || r.lex.ScaleKind(head) == "customers" || r.lex.ScaleKind(head) == "staff" {
			continue
		}
		// "passengers and vehicles are booked per sailing": what a
		// booking carries or books is booked by it, no record flagged
		// booked.
		if slices.ContainsFunc(flags, r.lex.IsBookingPassive) && slices.ContainsFunc(caps, func(c capability) bool {
			return c.archetype == "bookings" && (slices.Contains(c.units, head) || c.resource == head || c.resource == noun)
		}) {
			continue
		}
		// ("every seed lot is …": the seed lots a clause kept already.)
		whole := strings.Join(append(slices.Clone(np[:len(np)-1]), head), " ")
		i := slices.IndexFunc(caps, func(c capability) bool { return c.entity == whole && c.archetype != "" })
		if i < 0 {
			i = slices.IndexFunc(caps, func(c capability) bool { return c.entity == noun || c.resource == noun || c.entity == head })
		}
		if i < 0 {
			arch := cmp.Or(r.lex.NounArchetype(noun), r.lex.NounArchetype(head))
			if arch == "" {
				if v, _ := r.findVerb(words(flags[0])); v != nil {
					arch = v.Archetype
				}
			}
			if a, ok := r.lex.Archetype(arch); !ok || len(a.States) < 2 || len(caps) >= maxCapabilities {
				continue
			}
			caps = append(caps, capability{phrase: strings.TrimSpace(m[0]), archetype: arch, entity: noun, role: "entity"})
			i = len(caps) - 1
		}
		for _, f := range flags {
			// ("every piece is logged": the record is kept, and no
			// yes/no of it says so.)
			if slices.ContainsFunc(lexicon.VerbLemma(f), func(l string) bool { return slices.Contains(r.lex.Checks.LogVerbs, l) }) {
				continue
			}
			if !slices.Contains(caps[i].flags, f) {
				caps[i].flags = append(caps[i].flags, f)
			}
		}
	}
	return caps
}

// maxCapabilities bounds the services a description adds, so that a long
// brief still makes a world an agent can take in.
const maxCapabilities = 14

// nounSweep adds the records a brief names without a verb of the lexicon
// ("every job starts with a quote", "pay with gift vouchers", "evening
// shifts"): each noun of the lexicon that no capability keeps yet.
func (r *reader) nounSweep(caps []capability) []capability {
	have := map[string]bool{}
	for _, c := range caps {
		have[c.entity], have[c.resource], have[c.via] = true, true, true
		for _, q := range c.qualifiers {
			have[q] = true
		}
		for _, x := range c.resources {
			have[x] = true
		}
		// ("every lifeguard must hold a valid certificate": the
		// lifeguard certificates are the certificates it names.)
		if c.holder != "" {
			have[engine.LastWord(c.entity)] = true
		}
		// "passengers and vehicles are booked per sailing": what a
		// booking carries a count of is no record of its own.
		if c.archetype == "bookings" {
			for _, u := range c.units {
				have[u] = true
			}
		}
	}
	for _, clause := range clauseSplit().Split(r.desc, -1) {
		ws := words(clause)
		// "pay by bank transfer": how they pay is no record.
		means, _ := r.meansSpans(ws)
		ofField := map[int][]string{} // "photo proof of delivery": delivery has a photo proof
		for i, w := range ws {
			if len(caps) >= maxCapabilities {
				return caps
			}
			if means[i] {
				continue
			}
			sg := r.lex.Singular(w)
			noun, arch := sg, r.lex.NounArchetype(sg)
			// "logged on intake", "signed on completion": a bare noun after
			// "on" is when something happens, not a record.
			// (A paper's word only: "cash on collection" still collects.)
			if (arch == "documents" || arch == "evidence") && i > 0 && (ws[i-1] == "on" || ws[i-1] == "upon") && sg == w {
				continue
			}
			// ("3 grain carts": after a count, a noun before a plural is
			// part of what is counted, not grain in stock.)
			if arch != "" && i > 0 && i+1 < len(ws) && (isNumber(ws[i-1]) || numberWord(ws[i-1]) > 0) && sg == w && r.lex.Singular(ws[i+1]) != ws[i+1] && !r.lex.Is("stop", ws[i+1]) && !r.lex.Is("det", ws[i+1]) && !r.isVerb(ws[i+1]) {
				continue
			}
			// ("customers drop off phones", "riders pick up parcels": a
			// word before its particle is a phrasal verb, not a drop.)
			if arch != "" && i+1 < len(ws) && slices.Contains([]string{"off", "up", "out", "back"}, ws[i+1]) && sg == w && i > 0 && (r.lex.Singular(ws[i-1]) != ws[i-1] && !r.lex.Is("det", r.lex.Singular(ws[i-1])) || slices.Contains([]string{"we", "they", "you"}, ws[i-1])) {
				continue
			}
			// "the gate stays open", "each slide … stays closed if it
			// fails": a linking verb before what its subject is, not stays.
			if arch != "" && sg != w && r.lex.Is("linking_verb", sg) && i+1 < len(ws) && r.lex.Is("predicative", ws[i+1]) {
				continue
			}
			// "before it leaves", "when she signs": after a singular
			// pronoun the word is its verb, not leaves or signs.
			if arch != "" && i > 0 && sg != w && slices.Contains([]string{"it", "he", "she"}, ws[i-1]) {
				continue
			}
			// "its frame number", "the lot code": a noun before the head of
			// an identifier names the number, not a record of its own.
			if arch != "" && i+1 < len(ws) && slices.Contains(idHeads, r.lex.Singular(ws[i+1])) && r.lex.NounArchetype(sg+" "+r.lex.Singular(ws[i+1])) == "" {
				continue
			}
			// "a signed load sheet", "the delivery note": a paper named
			// for what it is of is a document of its own, not loads.
			if arch != "" && arch != "documents" && i+1 < len(ws) && r.lex.Is("paper_head", r.lex.Singular(ws[i+1])) && r.lex.NounArchetype(sg+" "+r.lex.Singular(ws[i+1])) == "" {
				noun, arch = sg+" "+r.lex.Singular(ws[i+1]), "documents"
				if have[noun] {
					continue
				}
				have[noun] = true
				c := capability{phrase: strings.TrimSpace(clause), archetype: arch, entity: noun, role: "entity", swept: true}
				if i > 0 && lexicon.PastForm(ws[i-1]) && !r.lex.Is("stop", ws[i-1]) {
					c.flags = []string{ws[i-1]}
				}
				caps = append(caps, c)
				continue
			}
			// One phrase, one record: "a photo proof of delivery" is a
			// delivery with a photo proof, not photos, proofs and
			// deliveries. A noun before another noun of the lexicon, or
			// before "of" one, is what that record has.
			if arch != "" && i+1 < len(ws) {
				// ("each debtor file moves from …": "moves" is the verb.)
				verbNext := r.isVerb(ws[i+1]) && (i+2 == len(ws) || r.lex.Is("stop", ws[i+2]) || r.lex.Is("det", ws[i+2]))
				if next := r.lex.Singular(ws[i+1]); !verbNext && r.lex.NounArchetype(next) != "" && r.lex.NounArchetype(sg+" "+next) == "" && !r.lex.Is("head", next) {
					continue
				}
				if j := r.ofHead(ws, i); j >= 0 {
					field := strings.Join(ws[r.phraseStart(ws, i):i+1], " ")
					ofField[j] = union(ofField[j], []string{engine.Snake(field)})
					continue
				}
			}
			var prev string
			if i > 0 && !r.lex.Is("det", ws[i-1]) && !r.lex.Is("stop", ws[i-1]) && !isNumber(ws[i-1]) && numberWord(ws[i-1]) == 0 {
				prev = r.lex.Singular(ws[i-1])
				if a := r.lex.NounArchetype(prev + " " + sg); a != "" {
					noun, arch = prev+" "+sg, a
					prev = ""
				} else if r.lex.Is("head", sg) && arch != "" && !r.isVerb(ws[i-1]) && !r.lex.Is("vague", prev) {
					noun, prev = prev+" "+sg, ""
				} else if arch != "" && r.lex.NounArchetype(prev) != "" && !r.lex.Is("vague", prev) && !means[i-1] && !(r.isVerb(w) && (i+1 == len(ws) || r.lex.Is("stop", ws[i+1]) || r.lex.Is("det", ws[i+1]))) {
					// "royalty statements", "warranty repairs": the noun
					// before (no record of its own, above) names which.
					noun, prev = prev+" "+sg, ""
				}
			}
			if arch == "" || r.lex.Is("vague", sg) {
				continue
			}
			// "a 60-minute slot": a length is no part of a record's name
			// (nor can a name start with a digit).
			noun = withoutLengths(noun)
			if have[noun] || have[sg] || prev != "" && arch == "bookings" && have[prev+" "+sg] {
				if k := slices.IndexFunc(caps, func(c capability) bool { return c.entity == noun || c.entity == sg }); k >= 0 {
					caps[k].fields = union(caps[k].fields, ofField[i])
				}
				continue
			}
			// "consent" of the "consent forms" already kept.
			if i+1 < len(ws) && have[sg+" "+r.lex.Singular(ws[i+1])] {
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
			// "…, supply cafés", "we order flour": a verb that starts its
			// clause, or follows its subject, is the clause's verb — unless
			// a verb follows it ("repairs get a receipt", "spray is
			// recorded").
			if noun == sg && r.isVerb(w) && i+1 < len(ws) && (i == 0 || slices.Contains([]string{"we", "they", "i", "also", "you"}, ws[i-1])) &&
				!r.isVerb(ws[i+1]) && !slices.Contains([]string{"is", "are", "was", "were", "get", "gets", "has", "have", "must", "can", "will", "go", "goes"}, ws[i+1]) {
				continue
			}
			have[noun], have[sg] = true, true
			c := capability{phrase: strings.TrimSpace(clause), archetype: arch, entity: noun, role: "entity", fields: ofField[i], swept: true}
			// ("a workshop in Lyon servicing bikes": a name before the
			// noun says where, not which.)
			if prev != "" && len(prev) > 2 && !r.lex.Is("stop", prev) && r.lex.NounArchetype(prev) == "" && !r.isVerb(ws[i-1]) && !r.namedMidSentence(ws[i-1]) {
				c.qualifiers = []string{prev}
			}
			caps = append(caps, c)
		}
	}
	return caps
}

// ofHead returns the index of the head noun of a lexicon noun after
// "of" that follows word i ("proof of delivery", "certificate of the
// batch"), -1 when there is none.
func (r *reader) ofHead(ws []string, i int) int {
	if i+2 >= len(ws) || ws[i+1] != "of" {
		return -1
	}
	j := i + 2
	for j < len(ws) && r.lex.Is("det", ws[j]) {
		j++
	}
	if j < len(ws) && r.lex.NounArchetype(r.lex.Singular(ws[j])) != "" && !r.lex.Is("vague", r.lex.Singular(ws[j])) {
		return j
	}
	return -1
}

// phraseStart is where the noun phrase ending at word i starts: after
// the determiner, number or stop word before it ("a photo proof" →
// photo).
func (r *reader) phraseStart(ws []string, i int) int {
	k := i
	for k > 0 && k > i-2 && !r.lex.Is("det", ws[k-1]) && !r.lex.Is("stop", ws[k-1]) && !isNumber(ws[k-1]) && !r.isVerb(ws[k-1]) {
		k--
	}
	return k
}

// listItem reports whether a clause with no verb of its own is the next
// item of a list after a verb: it starts with a short noun phrase (up to
// three words, a determiner aside) followed by nothing or by a stop word
// ("kayaks by the hour", "large-format banners", "and headboards").
func (r *reader) listItem(ws []string) bool {
	if len(ws) <= 4 {
		return true
	}
	// "… and set up with our own vans": a verb starts a clause, not an
	// item.
	if slices.ContainsFunc(lexicon.VerbLemma(ws[0]), func(l string) bool { return r.lex.Is("generic_verb", l) }) {
		return false
	}
	// "…, repaid in monthly instalments": a participle says how the
	// record before goes on, it is no item of the list.
	if r.participleStarts(ws) {
		return false
	}
	np := r.nounPhrase(ws)
	if len(np) == 0 || len(np) > 3 {
		return false
	}
	k := 0
	for k < len(ws) && (r.lex.Is("det", ws[k]) || isNumber(ws[k])) {
		k++
	}
	k += len(np)
	return k >= len(ws) || r.lex.Is("stop", ws[k])
}

// relativeAfter reports whether a relative clause with no "that"
// follows the noun phrase np that words ws start with (determiners
// aside): "extras the client asks for", "upgrades we fit".
func relativeAfter(ws, np []string) bool {
	k := slices.Index(ws, np[0])
	if k < 0 || k+len(np) >= len(ws) {
		return false
	}
	return slices.Contains([]string{"the", "a", "an", "our", "we", "they", "you", "he", "she", "customers", "clients"}, ws[k+len(np)])
}

// oftenPhrase reports whether words say only how often: "every month",
// "twice a week", "each season".
func oftenPhrase(ws []string) bool {
	if len(ws) == 0 || len(ws) > 4 {
		return false
	}
	for _, w := range ws {
		if !slices.Contains([]string{"every", "each", "a", "an", "per", "once", "twice", "other", "day", "week", "month", "year", "morning", "evening", "night", "season", "quarter", "fortnight", "weekend"}, w) && !strings.HasSuffix(w, "ly") && numberWord(w) == 0 && !isNumber(w) {
			return false
		}
	}
	return true
}

// participleStarts reports whether a clause starts with a past
// participle followed by a preposition ("repaid in instalments",
// "delivered by van", "paid weekly"): an irregular form the lexicon
// knows, or an -ed word whose stem is a verb of the lexicon or has its
// participle spelt so.
func (r *reader) participleStarts(ws []string) bool {
	if len(ws) < 2 || !r.lex.Is("stop", ws[1]) && ws[1] != "weekly" && ws[1] != "monthly" && ws[1] != "daily" {
		return false
	}
	w := ws[0]
	if _, ok := r.lex.IrregularVerbs[w]; ok {
		return true
	}
	if len(w) < 5 || !strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "eed") || r.lex.NounArchetype(w) != "" {
		return false
	}
	return r.isVerb(w) || slices.ContainsFunc(lexicon.VerbLemma(w)[1:], func(l string) bool { return participle(l) == w })
}

// placesIn reads where a clause says its record happens: a place of
// the lexicon after "in", "at" or "on" and a determiner ("in the indoor
// arena", "at the counter", "in our cellars"), with its modifiers.
func (r *reader) placesIn(ws []string) []string {
	var out []string
	for i := 0; i+2 < len(ws); i++ {
		// "in stone vats", "in holding tanks": a vessel needs no article.
		bare := ws[i] == "in" && r.lex.Is("vessel", r.lex.Singular(r.lastOfPhrase(ws[i+1:])))
		if ws[i] != "in" && ws[i] != "at" && ws[i] != "on" || !bare && !slices.Contains([]string{"the", "our", "their", "its", "a", "an"}, ws[i+1]) {
			continue
		}
		np := r.nounPhrase(ws[i+1:])
		if len(np) == 0 || len(np) > 3 {
			continue
		}
		if head := r.lex.Singular(np[len(np)-1]); r.lex.Is("place", head) {
			out = union(out, []string{strings.Join(append(slices.Clone(np[:len(np)-1]), head), " ")})
		}
	}
	return out
}

// lastOfPhrase is the last word of the noun phrase ws starts with.
func (r *reader) lastOfPhrase(ws []string) string {
	if np := r.nounPhrase(ws); len(np) > 0 && len(np) <= 3 {
		return np[len(np)-1]
	}
	return ""
}

// partyCues introduce who else a clause's record involves.
var partyCues = []string{"from", "through", "via", "to", "with", "for", "by", "between"}

func union(a, b []string) []string {
	for _, x := range b {
		if !slices.Contains(a, x) {
			a = append(a, x)
		}
	}
	return a
}

// priceUnits reads what a clause prices per: "paid by the kilo", "billed
// per kilo", "per metre per night", "by cubic metre".
func (r *reader) priceUnits(ws []string) []string {
	var out []string
	for i, w := range ws {
		if w != "per" && w != "by" || i+1 >= len(ws) {
			continue
		}
		j := i + 1
		if w == "by" && j < len(ws) && (ws[j] == "the" || ws[j] == "a") {
			j++
		}
		for j < len(ws) && (ws[j] == "net" || ws[j] == "gross") {
			j++
		}
		// "per 1,000 litres": the quantity is in litres.
		if w == "per" && j+1 < len(ws) && numberWord(ws[j]) > 1 {
			j++
		}
		if j >= len(ws) {
			continue
		}
		unit := ""
		if j+1 < len(ws) && r.lex.Is("price_unit", ws[j]+" "+r.lex.Singular(ws[j+1])) {
			unit = ws[j] + " " + r.lex.Singular(ws[j+1])
		} else if sg := r.lex.Singular(ws[j]); r.lex.Is("price_unit", sg) && (w == "per" || j > i+1 || sg != ws[j] || slices.Contains([]string{"kilo", "kg", "tonne", "ton", "metre", "meter", "litre", "liter", "hectare", "hour", "night", "piece", "page", "word", "km", "mile"}, sg)) {
			// "by the kilo", "per night", "by kilo"; not "by car" ("by"
			// with a bare noun is a means, not a unit).
			unit = sg
		}
		if unit != "" && !slices.Contains(out, unit) {
			out = append(out, unit)
		}
	}
	return out
}

// actions are the verbs of a clause that say what is done to its record,
// other than keeping it: "check boats back in and send damaged ones for
// repair" (repaired), "subscribers renew their season seats" (renewed).
// Each becomes a yes/no field of the record.
func (r *reader) actions(ws []string, v *lexicon.Verb, c capability) []string {
	a, _ := r.lex.Archetype(c.archetype)
	var out []string
	for i, w := range ws {
		// Only a word in a verb's place: first in its clause, after a
		// subject, an auxiliary or "to", or a past form after "is"/"are";
		// "for repair" names the work to be done. Nouns that look like
		// verbs ("harvests go to the processing plant") are not actions.
		verbal := i == 0 && !strings.HasSuffix(w, "s") || i > 0 && (verbCanFollow(ws[i-1]) && !r.lex.Is("det", ws[i-1]) || ws[i-1] == "for" && i == len(ws)-1)
		if !verbal {
			continue
		}
		for _, vi := range r.lex.Verbs {
			lemma := vi.Verb
			if strings.Contains(lemma, " ") || !slices.Contains(lexicon.VerbLemma(w), lemma) || r.lex.Is("generic_verb", lemma) {
				continue
			}
			// The clause's own verb, when its record is what the verb names.
			if lemma == v.Verb && vi.Archetype == c.archetype || c.entity == "" {
				continue
			}
			// "every piece is logged": a record is kept; that it is
			// logged says nothing of it.
			if slices.Contains(r.lex.Checks.LogVerbs, lemma) {
				continue
			}
			// A noun of the record's own ("grading" of gradings, "repair"
			// of repairs), or a state it has anyway (dispatched).
			if strings.HasPrefix(c.entity, lemma[:max(1, len(lemma)-1)]) || strings.HasPrefix(c.resource, lemma[:max(1, len(lemma)-1)]) && c.resource != "" {
				continue
			}
			part := participle(lemma)
			if slices.Contains(a.States, part) || slices.Contains(out, part) {
				continue
			}
			out = append(out, part)
		}
	}
	return out
}

// participle is the past participle of a regular English verb: graded,
// repaired, renewed, dispatched, shipped, applied.
func participle(v string) string {
	n := len(v)
	switch {
	case strings.HasSuffix(v, "e"):
		return v + "d"
	case n > 2 && v[n-1] == 'y' && !strings.ContainsRune("aeiou", rune(v[n-2])):
		return v[:n-1] + "ied"
	// One syllable ending consonant-vowel-consonant doubles: fitted,
	// shipped (not edited, opened).
	case (n == 3 || n == 4 && !strings.ContainsRune("aeiou", rune(v[0]))) && !strings.ContainsRune("aeiouwxy", rune(v[n-1])) && strings.ContainsRune("aeiou", rune(v[n-2])) && !strings.ContainsRune("aeiou", rune(v[n-3])):
		return v + v[n-1:] + "ed"
	}
	return v + "ed"
}

// perWhat reads what a record is kept per, other than a price unit:
// "logged per horse", "planted in batches per greenhouse", "rostered per
// drive": each is a column of the record naming which one.
func (r *reader) perWhat(ws []string, c capability) []string {
	var out []string
	means, _ := r.meansSpans(ws)
	for i, w := range ws {
		// "logged per horse"; "tracked by tag number", "invoiced by
		// stage", "issued by revision"; "inoculated in batches", "graded
		// into lots": what each record is kept by is a column of it.
		if w != "per" && w != "by" && w != "in" && w != "into" || i+1 >= len(ws) || means[i+1] {
			continue
		}
		np := r.nounPhrase(ws[i+1:])
		// ("by Lake Geneva", "in Matosinhos": a name says where.)
		if len(np) == 0 || len(np) > 2 || r.namedMidSentence(np[0]) {
			continue
		}
		head := r.lex.Singular(np[len(np)-1])
		switch w {
		case "by":
			// Not "by the hour" (a price unit), "by a mashgiach" or "by
			// our staff" (who), "by courier" (how it travels), "by groups"
			// (how many book).
			if r.looksLikeCustomer(head) || r.lex.IsBookingGroup(head) || r.lex.ScaleKind(head) != "" || r.lex.Nature(head) == "vehicle" || r.lex.Is("channel", head) || np[0] != ws[i+1] {
				continue
			}
		case "in", "into":
			// Only a plural right after the cue: "in batches", not "in
			// the mobile homes" or "in Lyon".
			if len(np) != 1 || np[0] != ws[i+1] || head == np[0] || r.lex.ScaleKind(head) != "" || r.looksLikeCustomer(head) || r.lex.Is("premises", head) {
				continue
			}
		}
		if len(head) < 3 || r.lex.Is("price_unit", head) || r.lex.Is("vague", head) || r.lex.Is("det", head) || isNumber(head) ||
			head == c.entity || head == engine.LastWord(c.entity) || head == c.resource || slices.Contains([]string{"year", "quarter", "fortnight", "cent", "percent"}, head) {
			continue
		}
		if w != "per" {
			// "by tag number": the whole phrase names the column.
			head = strings.Join(append(slices.Clone(np[:len(np)-1]), head), " ")
		}
		if name := engine.Snake(head); !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// parties reads the people and organisations after a preposition in a
// clause ("from the designer", "through overseas tour operators", "pay
// landowners …", "logs bought from forest owners"): person and
// organisation nouns, not the record itself.
func (r *reader) parties(ws, rest []string, c capability) []string {
	var out []string
	add := func(np []string) {
		if len(np) == 0 {
			return
		}
		head := r.lex.Singular(np[len(np)-1])
		if len(head) < 3 || r.lex.Is("vague", head) || r.lex.Is("det", head) || isNumber(head) || head == c.entity || head == c.resource || head == engine.LastWord(c.entity) {
			return
		}
		if !r.lex.Is("org", head) && !r.lex.Is("counterpart", head) && !r.looksLikeCustomer(head) {
			return
		}
		one := head
		if len(np) > 1 {
			if m := np[len(np)-2]; len(m) > 2 && !r.lex.Is("det", m) && !r.lex.Is("modifier", m) && !strings.HasSuffix(m, "ed") && !r.isVerb(m) && !isNumber(m) && m != "s" {
				one = m + " " + head
			}
		}
		if !slices.Contains(out, one) {
			out = append(out, one)
		}
	}
	for i, w := range ws {
		if slices.Contains(partyCues, w) && i+1 < len(ws) {
			after := ws[i+1:]
			// "from two distributors": the count is no part of the noun.
			for len(after) > 1 && (numberWord(after[0]) > 0 || isNumber(after[0]) || r.lex.Is("det", after[0])) {
				after = after[1:]
			}
			add(r.nounPhrase(after))
		}
	}
	// "pay landowners a hive rent": a person right after the verb, before
	// the thing, is who it is for.
	if len(rest) > 1 && !r.lex.Is("det", rest[0]) {
		if sg := r.lex.Singular(rest[0]); sg != rest[0] && r.looksLikeCustomer(sg) && slices.Contains([]string{"a", "an", "the", "their", "our"}, rest[1]) {
			add(rest[:1])
		}
	}
	return out
}

// customerSubject reports whether the subject of a clause's verb is a
// customer, not the business: "skiers buy day passes", "guests order at
// the bar" (but "we buy beans from members").
func (r *reader) customerSubject(ws, rest []string, v *lexicon.Verb) bool {
	at := len(ws) - len(rest) - len(strings.Fields(v.Verb))
	if at < 1 || at > len(ws) || !slices.Equal(ws[len(ws)-len(rest):], rest) {
		return false
	}
	subj := ws[at-1]
	for _, w := range []string{"can", "may", "must", "will", "also", "often", "usually", "then", "who"} {
		if subj == w && at >= 2 {
			subj = ws[at-2]
		}
	}
	sg := r.lex.Singular(subj)
	if sg == subj && !r.lex.Is("org", sg) || r.lex.Is("counterpart", sg) || r.lex.ScaleKind(sg) == "staff" {
		return false
	}
	return r.lex.ScaleKind(sg) == "customers" || r.looksLikeCustomer(sg) || r.lex.Is("org", sg)
}

// inStock reports whether the sentence of a clause ends what it keeps
// "in stock" ("we keep compressors and pumps in stock", the clause cut
// at its "and").
func (r *reader) inStock(clause string) bool {
	low, c := strings.ToLower(r.desc), strings.ToLower(strings.TrimSpace(clause))
	i := strings.Index(low, c)
	if i < 0 || c == "" {
		return false
	}
	tail := low[i+len(c):]
	if j := strings.IndexAny(tail, ".;!?"); j >= 0 {
		tail = tail[:j]
	}
	if j := strings.Index(tail, ","); j >= 0 {
		tail = tail[:j]
	}
	return strings.Contains(" "+tail+" ", " in stock ")
}

// orderedByCustomers reports whether a passive clause of buying says
// how customers buy: "bouquets are ordered online", "cakes are
// ordered by phone". (What the business buys comes "from" someone:
// "stock is ordered from wholesalers".)
func (r *reader) orderedByCustomers(ws, rest []string) bool {
	if len(rest) == 0 || slices.Contains(ws, "from") {
		return false
	}
	// (In a passive, rest is the subject the auxiliary follows.)
	i := slices.Index(ws, rest[len(rest)-1])
	if i < 0 || i+2 >= len(ws) || !slices.Contains([]string{"is", "are", "get", "gets"}, ws[i+1]) || !lexicon.PastForm(ws[i+2]) {
		return false
	}
	for _, w := range ws[i+3:] {
		if r.lex.Is("channel", w) && w != "courier" && w != "post" && w != "mail" {
			return true
		}
	}
	return false
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
		// ("Plant hire in Perth renting excavators": after the place
		// the business is in, it is the business's verb.)
		if best != nil && strings.HasSuffix(ws[i], "ing") && i > 0 && !slices.Contains([]string{"we", "are", "is", "re", "also", "by", "and", "for", "i", "they", "been"}, ws[i-1]) && !(i > 1 && slices.Contains([]string{"in", "near", "outside"}, ws[i-2]) && r.isPlaceName(ws[i-1])) {
			best = nil
		}
		// "for homeowners and letting agents", "training providers": an
		// -ing form before a plural person noun names the person.
		if best != nil && strings.HasSuffix(ws[i], "ing") && i+1 < len(ws) {
			if sg := r.lex.Singular(ws[i+1]); sg != ws[i+1] && (r.looksLikeCustomer(sg) || r.lex.Is("org", sg)) && !r.lex.Is("det", ws[i+1]) {
				best = nil
			}
		}
		// "Car repair workshop", "fixed routes": a bare verb after a
		// singular noun, or a participle before a noun, is a modifier;
		// a verb has a subject ("we repair", "owners book"), an
		// auxiliary, or starts the clause.
		if best != nil && i > 0 && !verbCanFollow(ws[i-1]) {
			if lexicon.PastForm(ws[i]) && i+1 < len(ws) && !slices.Contains([]string{"is", "are", "was", "were", "be", "been", "get", "gets", "has", "have", "had"}, ws[i-1]) ||
				!strings.HasSuffix(ws[i], "s") && !lexicon.PastForm(ws[i]) && !strings.HasSuffix(ws[i], "ing") && !strings.HasSuffix(ws[i-1], "s") {
				best = nil
			}
		}
		// "with 40 trucks running to Germany": a counted word is a noun
		// (the trucks of a haulier), never a verb ("to truck").
		if best != nil && i > 0 && (isNumber(ws[i-1]) || numberWord(ws[i-1]) > 0) {
			best = nil
		}
		// "Water from the reverse-osmosis plant is tested": a bare form
		// the passive's auxiliary follows is the clause's subject, a noun
		// (the plant of a works), not a verb.
		if best != nil && bestLen == 1 && i+1 < len(ws) && slices.Contains([]string{"is", "was"}, ws[i+1]) && !lexicon.PastForm(ws[i]) && !strings.HasSuffix(ws[i], "ing") && !strings.HasSuffix(ws[i], "s") {
			best = nil
		}
		// ("guides are rostered": so is a plural of people, "are" after
		// it; "the litres each member delivers are recorded" keeps its
		// verb.)
		if best != nil && bestLen == 1 && i+1 < len(ws) && slices.Contains([]string{"are", "were"}, ws[i+1]) && strings.HasSuffix(ws[i], "s") && r.lex.ScaleKind(r.lex.Singular(ws[i])) == "staff" {
			best = nil
		}
		if best != nil {
			// A word that is a verb only by accident of its form ("bookings",
			// "rentals") is a noun when a determiner comes before it.
			// ("customers" and "clients" are in the determiners so that
			// noun phrases skip them; before a verb they are its subject.)
			// ("they hire breakers": a pronoun is its subject.)
			if i > 0 && r.lex.Is("det", ws[i-1]) && ws[i-1] != "also" && ws[i-1] != "they" && r.lex.ScaleKind(r.lex.Singular(ws[i-1])) != "customers" {
				continue
			}
			// Passive: "damage is reported", "every block is graded": the
			// object is the subject before the auxiliary.
			if i >= 2 && slices.Contains([]string{"is", "are", "was", "were", "be", "been", "get", "gets"}, ws[i-1]) && lexicon.PastForm(ws[i]) {
				var subj []string
				broken := false
				for _, w := range ws[max(0, i-4) : i-1] {
					if !r.lex.Is("det", w) && !r.lex.Is("stop", w) {
						subj = append(subj, w)
					} else {
						subj, broken = nil, true
					}
				}
				// "any extras the client asks for on site are quoted",
				// "upgrades the owner wants are quoted": a plural the
				// clause starts with is the subject, whatever its relative
				// clause says ("tickets for outages are answered" keeps
				// the outages).
				if first := r.nounPhrase(ws[:i-1]); broken && len(first) > 0 && len(first) < len(ws[:i-1]) && relativeAfter(ws[:i-1], first) {
					if head := first[len(first)-1]; r.lex.Singular(head) != head && !r.looksLikeCustomer(r.lex.Singular(head)) && r.lex.ScaleKind(r.lex.Singular(head)) == "" && r.lex.Nature(r.lex.Singular(head)) != "person" {
						subj = first
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
	skip := 0
	for i, w := range ws {
		if skip > 0 {
			skip--
			continue
		}
		// "borrow up to six toys": a bound on the count is no part of
		// the noun.
		if len(np) == 0 && w == "up" && i+2 < len(ws) && ws[i+1] == "to" && (isNumber(ws[i+2]) || numberWord(ws[i+2]) > 0) {
			skip = 2
			continue
		}
		if r.lex.Is("stop", w) {
			break
		}
		if len(np) == 0 && (r.lex.Is("det", w) || isNumber(w)) {
			continue
		}
		// A number, a new quantifier or an article starts another phrase:
		// "reminders every six months", "800 tiffins a day".
		if isNumber(w) || numberWord(w) > 0 || w == "every" || w == "each" || len(np) > 0 && (w == "a" || w == "an" || w == "the" || w == "per") {
			break
		}
		// A word of another script is a gloss or a name, not the noun,
		// whose tables and tools are named in Latin letters: "arranges
		// introductions (お見合い)" arranges introductions.
		if !latinWord(w) {
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

// latinWord says whether a word's letters are Latin (digits and hyphens
// are neither).
func latinWord(w string) bool {
	for _, ch := range w {
		if unicode.IsLetter(ch) && !unicode.Is(unicode.Latin, ch) {
			return false
		}
	}
	return true
}

func isNumber(w string) bool {
	_, err := strconv.Atoi(strings.NewReplacer(",", "", ".", "").Replace(w))
	return err == nil
}

var fieldCue = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:with(?: its| their| a| an| the)?|has(?: a| an| its)?|have(?: a| an)?|carries(?: a| an)?|carry(?: a| an)?|gets(?: a| an)?|get(?: a| an)?|keeping(?: the)?|recording(?: the)?)\s+([\p{L} ,'-]+)`)
})

// fields reads the attributes a brief gives its records: "logged with its
// calibre and serial", "every loan has a pawn ticket, an appraisal and a
// maturity date". They go to the capability read from the same sentence.
func (r *reader) fields(caps []capability) {
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		low := strings.ToLower(sentence)
		if len(low) != len(sentence) {
			low = sentence // offsets of the one index the other
		}
		// A list that ends in a clause of its own leaves that clause to
		// be read for cues of its own: "with a work order, each case has
		// a due date and a shade".
		for pos := 0; pos < len(sentence); {
			loc := fieldCue().FindStringSubmatchIndex(sentence[pos:])
			if loc == nil {
				break
			}
			mi := make([]int, len(loc))
			for k, o := range loc {
				mi[k] = o + pos
			}
			pos = mi[1]
			m := []string{sentence[mi[0]:mi[1]], sentence[mi[2]:mi[3]]}
			// ("each carer must have Garda vetting": what a person must
			// have is a credential of theirs, no field.)
			if slices.ContainsFunc(caps, func(c capability) bool {
				k := strings.Index(sentence, c.phrase)
				return c.holder != "" && k >= 0 && k <= mi[0] && mi[0] < k+len(c.phrase)
			}) {
				continue
			}
			// "filed with the kommune": whom a filing goes to is no field
			// (filings reads it).
			if strings.HasPrefix(strings.ToLower(m[0]), "with") && r.filedBefore(sentence[:mi[0]]) {
				continue
			}
			// The record the attributes are of is the one named last
			// before them: "each batch is tempered with its allergens
			// recorded, and hotels order chocolates" gives batches theirs.
			target, at := -1, -1
			for i, c := range caps {
				if c.archetype == "" || c.entity == "" {
					continue
				}
				j := strings.LastIndex(low[:mi[0]], strings.Fields(c.entity)[0])
				if k := strings.LastIndex(sentence[:mi[0]], c.phrase); k > j {
					j = k
				}
				if k := strings.Index(sentence, c.phrase); k >= 0 && k <= mi[0] && k+len(c.phrase) >= mi[0] {
					j = max(j, k)
				}
				if j > at {
					target, at = i, j
				}
			}
			if target < 0 {
				continue
			}
			// ("has its own record with its passport number": what
			// follows "with" in the list is more of the same record's.)
			starts := []int{0}
			for _, sp := range fieldSplit.FindAllStringIndex(m[1], -1) {
				starts = append(starts, sp[1])
			}
			// ("with its harvest area": what follows a determiner is a
			// noun, though "harvest" is a verb too.)
			determined := strings.Contains(m[0][:len(m[0])-len(m[1])], " ")
			for pi, part := range fieldSplit.Split(m[1], -1) {
				if !(pi == 0 && determined) && r.endsFieldList(part) {
					pos = mi[2] + starts[pi]
					break
				}
				if name := r.ofCompound(part); name != "" {
					if !slices.Contains(caps[target].fields, name) {
						caps[target].fields = append(caps[target].fields, name)
					}
					continue
				}
				// "the buyer's permit number": the buyer's is part of the
				// field's name.
				np := r.nounPhrase(slices.DeleteFunc(words(part), func(w string) bool { return w == "s" }))
				// "with its allergens recorded": the field is the allergens.
				// ("a sample approved by the brand": of a record, whether
				// it is; "a message written on top": the message.)
				if n := len(np); n > 1 && lexicon.PastForm(np[n-1]) && !slices.Contains(FieldHeads, np[n-1]) {
					if r.lex.NounArchetype(r.lex.Singular(np[n-2])) != "" {
						if f := engine.Snake(strings.Join(np, " ")); !slices.Contains(caps[target].fields, f) {
							caps[target].fields = append(caps[target].fields, f)
							if caps[target].types == nil {
								caps[target].types = map[string]string{}
							}
							caps[target].types[f] = "boolean"
						}
						continue
					}
					np = np[:n-1]
				}
				// "gets a waste tracking certificate": a paper keeps the
				// words that say which.
				paper := len(np) == 3 && r.lex.NounArchetype(r.lex.Singular(np[2])) == "documents"
				// ("its hunting licence number", "the game tag number".)
				number := len(np) == 3 && slices.Contains(FieldHeads, np[2])
				if len(np) == 0 || len(np) > 2 && !paper && !number {
					continue
				}
				name := engine.Snake(strings.Join(np, " "))
				sg := r.lex.Singular(np[len(np)-1])
				// ("a weigh ticket" of a weigh ticket is the record itself.)
				// "with a minimum of two hours" is a rule of the record, no
				// field; "couples have a first consultation" names the
				// record itself.
				if sg == "minimum" || sg == "maximum" || sg == engine.LastWord(caps[target].entity) || properName(part) {
					continue
				}
				if name == "" || r.lex.ScaleKind(sg) != "" || r.lex.NounArchetype(sg) != "" && len(np) == 1 || isNumber(np[0]) || slices.Contains(caps[target].fields, name) || name == engine.Snake(caps[target].entity) {
					continue
				}
				caps[target].fields = append(caps[target].fields, name)
			}
		}
	}
}

// saysNothingOfParticiple says whether a word before a participle is an
// adverb or a verb ("is then tested", "is carefully pruned") rather than
// the noun that says which ("is germination tested").
func (r *reader) saysNothingOfParticiple(w string) bool {
	return strings.HasSuffix(w, "ly") || strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing") ||
		r.lex.Is("stop", w) || r.lex.Is("det", w) || r.isVerb(w) ||
		slices.Contains([]string{"then", "also", "always", "first", "usually", "often", "still", "only", "just", "again", "well", "now", "later", "soon"}, w)
}

// withoutFieldWords drops the capabilities read from words that are only
// part of another record's field: "each bag is tagged with its harvest
// area and packing date" keeps bags with a harvest area, not a register
// of harvests nor orders from "packing".
func (r *reader) withoutFieldWords(caps []capability) []capability {
	low := strings.ToLower(r.desc)
	var drop []int
	for i, c := range caps {
		if c.entity == "" {
			continue
		}
		phrase := strings.ToLower(c.phrase)
		word := strings.Fields(c.entity)[0]
		for j, d := range caps {
			// (A charge keeps no fields: "pays part of each aid" holds
			// no trial period, so the trials stay.)
			if i == j || c.entity == d.entity || d.archetype == "" || d.archetype == "billing" {
				continue
			}
			for _, f := range d.fields {
				field := strings.ReplaceAll(f, "_", " ")
				// ("a rehearsal schedule" holds rehearsals.)
				if slices.Contains(containers, engine.LastWord(field)) {
					continue
				}
				// Every time the brief says the word, it is in the field.
				inField := strings.HasPrefix(field, word+" ") && strings.Count(low, word) == strings.Count(low, field)
				// ("passes get a green label": a paper named as a field is
				// a thing of its own and keeps its register.)
				if c.entity == field && r.lex.NounArchetype(engine.LastWord(field)) == "documents" {
					continue
				}
				if phrase == field && strings.Contains(field, word) || inField {
					drop = append(drop, i)
				}
			}
		}
	}
	out := caps[:0:0]
	for i, c := range caps {
		if !slices.Contains(drop, i) {
			out = append(out, c)
		}
	}
	return out
}

// fieldSplit separates the fields of a list.
var fieldSplit = regexp.MustCompile(`,|\band\b|\bor\b|\bwith\b`)

// endsFieldList reports whether a part of a list of fields ("with its
// fill date, strength and …") is no field but the next clause: one that
// starts with a sequence word or a quantifier ("then a treatment cycle",
// "every new member signs"), a plural subject with its verb ("riggers
// fill in a log", "crews rotate on a roster"), or money talk ("price in
// lira, euros and dollars").
func (r *reader) endsFieldList(part string) bool {
	ws := words(part)
	if len(ws) == 0 {
		return false
	}
	// "with a deposit, supply cafés … and order flour": the list
	// of fields ends where a clause with its own verb begins
	// ("a service date" is a field: its head is one).
	// ("a pawn ticket" is a noun the lexicon knows.)
	if len(ws) > 1 && r.isVerb(ws[0]) && !strings.HasSuffix(ws[0], "ed") && !strings.HasSuffix(ws[0], "ing") && !slices.Contains(FieldHeads, r.lex.Singular(ws[len(ws)-1])) &&
		r.lex.NounArchetype(ws[0]+" "+r.lex.Singular(ws[1])) == "" {
		return true
	}
	// "…, and shops pay monthly": a subject with its verb.
	// ("clients" is a determiner of the lexicon, and a subject here.)
	if len(ws) > 1 && (!r.lex.Is("det", ws[0]) || r.lex.ScaleKind(r.lex.Singular(ws[0])) != "") && r.lex.Singular(ws[0]) != ws[0] && r.isVerb(ws[1]) && !strings.HasSuffix(ws[1], "s") && !lexicon.PastForm(ws[1]) && !strings.HasSuffix(ws[1], "ing") {
		return true
	}
	// "…, the owner approves the estimate": one with its verb.
	// ("the client pays 50% up front", "the owner pays in instalments";
	// not "the customer notes", a field.)
	if len(ws) > 2 && r.lex.Is("det", ws[0]) && !r.lex.Is("det", ws[1]) && r.lex.Singular(ws[1]) == ws[1] && !r.isVerb(ws[1]) && strings.HasSuffix(ws[2], "s") && r.lex.Singular(ws[2]) != ws[2] &&
		!slices.Contains(FieldHeads, r.lex.Singular(ws[2])) && r.lex.NounArchetype(r.lex.Singular(ws[2])) == "" &&
		(len(ws) == 3 || r.lex.Is("det", ws[3]) || r.lex.Is("stop", ws[3]) || isNumber(ws[3])) {
		return true
	}
	if slices.Contains([]string{"then", "every", "each", "all", "while", "before", "after", "when", "once", "we", "they"}, ws[0]) {
		return true
	}
	// "…, and water samples from our parks are tested every week": a
	// subject of its own with its passive verb ("and the guest count is
	// confirmed" is still a field of the record).
	for i := 1; i+1 < len(ws); i++ {
		// ("…, passes get a hologram sticker": a clause of its own.)
		if slices.Contains([]string{"get", "gets", "has", "have", "receive", "receives"}, ws[i]) && r.lex.Is("det", ws[i+1]) {
			return true
		}
		if (ws[i] == "is" || ws[i] == "are") && lexicon.PastForm(ws[i+1]) {
			subject := slices.DeleteFunc(slices.Clone(ws[:i]), func(w string) bool { return r.lex.Is("det", w) })
			if len(subject) > 2 {
				return true
			}
			break
		}
	}
	// ("euros", "price in lira": not "real estate", "deals won".)
	isCurrency := func(w string) bool { _, ok := r.lex.Currencies[w]; return ok }
	if len(ws) == 1 && isCurrency(ws[0]) {
		return true
	}
	for i := 0; i+1 < len(ws); i++ {
		if ws[i] == "in" && isCurrency(ws[i+1]) {
			return true
		}
	}
	np := r.nounPhrase(ws)
	for k := 0; k+1 < len(np); k++ {
		if w := np[k]; len(w) > 3 && r.lex.Singular(w) != w && !strings.HasSuffix(w, "ss") && r.lex.NounArchetype(strings.Join(np, " ")) == "" && !r.lex.Is("head", r.lex.Singular(np[k+1])) && !lexicon.PastForm(np[k+1]) {
			return true
		}
	}
	return false
}

// properName reports whether a phrase is a name: its words capitalised
// ("Lake Geneva"; "the harbour master" is not).
func properName(part string) bool {
	fs := strings.Fields(part)
	for len(fs) > 0 && (strings.ToLower(fs[0]) == "the" || strings.ToLower(fs[0]) == "a" || strings.ToLower(fs[0]) == "an" || strings.ToLower(fs[0]) == "its" || strings.ToLower(fs[0]) == "their") {
		fs = fs[1:]
	}
	if len(fs) == 0 {
		return false
	}
	for _, f := range fs {
		r, _ := utf8.DecodeRuneInString(f)
		if !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// FieldHeads are the heads of field names: "service date", "serial
// number" are fields even when their first word is also a verb.
var FieldHeads = []string{"date", "number", "no", "note", "type", "kind", "code", "time", "status", "level", "size", "reference", "ref", "id", "name", "score", "count", "detail", "history", "record", "photo", "signature", "period"}

// idHeads are the heads of fields that say which one a thing is
// ("frame number", "lot code"): the noun before them names the number,
// not a record ("each truck has its inspection date" still has
// inspections).
var idHeads = []string{"number", "no", "code", "reference", "ref", "id"}

// containers are nouns that hold records of something else: "a register
// of master key systems" keeps master key systems.
var containers = []string{"register", "list", "log", "record", "file", "database", "catalogue", "catalog", "archive", "history", "track", "note", "ledger", "schedule"}

func (r *reader) capability(v *lexicon.Verb, rest []string, clause string) (capability, bool) {
	// "we keep compressors and pumps in stock": what is kept in stock is
	// stock, not a register of documents.
	if v.Archetype == "documents" && v.Verb == "keep" && r.inStock(clause) {
		v = &lexicon.Verb{Verb: v.Verb, Archetype: "inventory", Role: "entity"}
	}
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
	// "keep the serial number of each instrument", "log the depth of
	// every bore": the record is what follows "of each", the first
	// phrase a field of it.
	var ofFields []string
	for i := 1; i+2 < len(rest) && i < 5; i++ {
		if rest[i] != "of" || !slices.Contains([]string{"each", "every", "all", "the", "our"}, rest[i+1]) {
			continue
		}
		field := r.nounPhrase(rest[:i])
		inner := r.nounPhrase(rest[i+2:])
		if len(field) == 0 || len(inner) == 0 || len(field) > 3 || slices.Contains(containers, r.lex.Singular(field[len(field)-1])) {
			break
		}
		if v.Role == "entity" && (v.Archetype == "documents" || r.lex.Is("generic_verb", v.Verb)) {
			ofFields = []string{engine.Snake(strings.Join(field, " "))}
			rest = rest[i+2:]
		}
		break
	}
	np := r.nounPhrase(rest)
	// ("members save every month": how often is no object.)
	if oftenPhrase(rest) {
		np = nil
	}
	// "take bookings for repairs", "take orders for wedding cakes": a verb
	// that names its record books what comes after "for".
	forWhat := false
	if len(np) == 0 && v.Role == "resource" && strings.Contains(v.Verb, " ") && len(rest) > 1 && rest[0] == "for" {
		np, forWhat = r.nounPhrase(rest[1:]), true
	}
	// "customers subscribe to weekly deliveries", "apply for grants":
	// a verb that names its record keeps what follows "to" or "for" as
	// what the record is of.
	if len(np) == 0 && v.Role == "subject" && v.Entity != "" && len(rest) > 1 && (rest[0] == "to" || rest[0] == "for") {
		if of := r.nounPhrase(rest[1:]); len(of) > 0 && !r.lex.Is("vague", r.lex.Singular(of[len(of)-1])) {
			res := r.lex.Singular(of[len(of)-1])
			var quals []string
			for _, m := range of[:len(of)-1] {
				if !r.lex.Is("det", m) && len(m) > 2 {
					quals = append(quals, m)
				}
			}
			return capability{phrase: clause, archetype: v.Archetype, role: "entity", entity: v.Entity, resource: res, qualifiers: quals}, true
		}
	}
	// "guests book directly or through Booking.com" in rooms to let
	// with "twelve studios": what is booked is what the brief counts.
	if len(np) == 0 && v.Archetype == "bookings" && v.Role == "entity" {
		if res := r.countedBookable(); res != "" {
			return capability{phrase: clause, archetype: v.Archetype, role: "entity", entity: res}, true
		}
	}
	if len(np) == 0 {
		// "customers subscribe monthly": a verb that names its record
		// needs no object.
		adverbs := !slices.ContainsFunc(rest, func(w string) bool { return !strings.HasSuffix(w, "ly") && w != "online" }) || oftenPhrase(rest)
		if adverbs && v.Role == "subject" && v.Entity != "" && r.lex.NounArchetype(v.Entity) != "" {
			return capability{phrase: clause, archetype: v.Archetype, role: "entity", entity: v.Entity}, true
		}
		// "our fitters install on site", "engineers repair at the
		// customer's": work said by where it is done is the verb's own
		// record (installations, repairs).
		if v.Role == "subject" && v.Archetype == "work_orders" && v.Entity != "" && len(rest) > 0 && slices.Contains([]string{"on", "at", "onsite", "across", "around", "throughout"}, rest[0]) {
			return capability{phrase: clause, archetype: v.Archetype, role: "entity", entity: v.Entity}, true
		}
		// "pharmacies place orders through our app": a verb phrase that
		// holds its record needs no object; "buying from smallholder
		// farms": nor does a purchase from whom.
		if v.Entity != "" && (strings.Contains(v.Verb, " ") && r.lex.NounArchetype(v.Entity) == v.Archetype || v.Archetype == "purchase_orders" && len(rest) > 1 && rest[0] == "from") {
			return capability{phrase: clause, archetype: v.Archetype, role: "entity", entity: v.Entity}, true
		}
		return capability{}, false
	}
	head := r.lex.Singular(np[len(np)-1])
	mods := np[:len(np)-1]
	// "book open studio time", "book ice time": a booked time of a
	// bookable thing books the thing.
	if v.Archetype == "bookings" && r.lex.IsBookingTime(head) && len(mods) > 0 && r.lex.IsBookable(mods[len(mods)-1]) {
		head, mods = mods[len(mods)-1], mods[:len(mods)-1]
	}
	// A participle is no record: "line based (in …)"; nor are adverbs
	// ("automatically"), past forms ("bought") or vague words ("weather").
	// A vague head is a record in a known compound ("spare parts").
	compound := len(mods) > 0 && r.lex.NounArchetype(mods[len(mods)-1]+" "+head) != ""
	// ("we order parts from the dealers": what is bought from someone
	// is goods, however plain its word.)
	compound = compound || v.Archetype == "purchase_orders" && slices.Contains(rest, "from") && r.lex.Nature(head) == "goods"
	// (A bed, a sunbed is booked, not done.)
	if (strings.HasSuffix(head, "ed") || strings.HasSuffix(head, "ly") || strings.HasSuffix(head, "ought")) && r.lex.NounArchetype(head) == "" && !r.lex.IsBookable(head) || r.lex.Is("vague", head) && !compound {
		return capability{}, false
	}
	// A verb is no modifier: "issue certificates" keeps certificates
	// ("advertising spots", "certified beans" keep theirs).
	for len(mods) > 0 && r.isVerb(mods[0]) && !strings.HasSuffix(mods[0], "ing") && !strings.HasSuffix(mods[0], "ed") && r.lex.NounArchetype(mods[0]) == "" && r.lex.NounArchetype(strings.Join(append(slices.Clone(mods), head), " ")) == "" && r.lex.NounArchetype(mods[len(mods)-1]+" "+head) == "" {
		mods = mods[1:]
	}
	// A compound keeps its modifier: "consent form", "storage unit";
	// so does what is booked by the activity it is of ("cooking
	// classes", "swimming lessons").
	noun := head
	activity := v.Archetype == "bookings" && len(mods) > 0 && strings.HasSuffix(mods[len(mods)-1], "ing") && len(mods[len(mods)-1]) > 5 && r.lex.NounArchetype(head) == "bookings"
	if len(mods) > 0 && (r.lex.Is("head", head) || r.lex.NounArchetype(mods[len(mods)-1]+" "+head) != "" || activity) {
		noun = mods[len(mods)-1] + " " + head
		mods = mods[:len(mods)-1]
	}
	// "buy wet cacao from smallholders", "buy fresh fruit bunches":
	// goods bought or brought in ("growers bring green leaf") are named
	// as the trade names them, with their words.
	if (v.Archetype == "purchase_orders" || v.Archetype == "inventory") && v.Role != "entity" {
		for len(mods) > 0 && len(strings.Fields(noun)) < 3 {
			m := mods[len(mods)-1]
			if r.lex.Is("det", m) || r.lex.Is("modifier", m) || len(m) <= 2 || isNumber(m) || numberWord(m) > 0 || strings.HasSuffix(m, "ing") || r.lex.Is("stop", m) {
				break
			}
			noun, mods = m+" "+noun, mods[:len(mods)-1]
		}
	}
	var quals []string
	for _, m := range mods {
		if !r.lex.Is("det", m) && len(m) > 2 {
			quals = append(quals, m)
		}
	}
	c := capability{phrase: clause, archetype: v.Archetype, role: v.Role, qualifiers: quals, fields: ofFields}
	// The noun's own archetype wins over the verb's ("handles deposits"
	// is billing, "takes bookings" is bookings).
	// What is booked "for" is the work itself when it is a line of work
	// of its own: bookings for repairs are repairs (work orders).
	if a, ok := r.lex.Archetype(cmp.Or(r.lex.NounArchetype(noun), r.lex.NounArchetype(head))); ok && forWhat && a.LineOfWork && a.ID != v.Archetype {
		c.archetype, c.entity, c.via = a.ID, noun, v.Entity
		return c, true
	}
	// "runs passenger ferries": a vehicle is what the journeys are on,
	// not what is booked; the record is the brief's word for a journey
	// ("crossings"), else a trip.
	if v.Role == "entity" && r.lex.Nature(head) == "vehicle" && r.lex.NounArchetype(noun) == "" {
		c.entity, c.resource = r.journeyNoun(), noun
		return c, true
	}
	// Money is billed whatever the verb: "the city tax is collected per
	// guest", "we take deposits".
	if a := cmp.Or(r.lex.NounArchetype(noun), r.lex.NounArchetype(head)); a != "" && (v.Role == "entity" || v.Role == "subject" && a == v.Archetype || a == "billing") {
		c.archetype, c.entity = a, noun
		return c, true
	}
	// "contributes 2000 shillings a month": an amount is what the record
	// is worth, not what it is of.
	if _, money := r.lex.Currencies[r.lex.Singular(np[len(np)-1])]; money && v.Role != "entity" && v.Entity != "" {
		c.entity = v.Entity
		return c, true
	}
	// "borrow loans of up to three times their savings", "lending to
	// market vendors": money lent is the loan itself, and whom it is
	// lent to is its borrower, not what it is a loan of.
	if v.Role != "entity" && v.Entity != "" && v.Archetype == "contracts" && (slices.Contains(money, head) || rest[0] == "to" && r.isPerson(head)) {
		c.entity, c.qualifiers = v.Entity, nil
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
	// (A studio or a hall one books for a time is what the booking is
	// of: see bookables.)
	if kind := r.lex.ScaleKind(head); v.Role == "entity" && (kind == "customers" || kind == "staff" || kind == "locations" && !(v.Archetype == "bookings" && r.lex.IsBookable(noun))) {
		return capability{}, false
	}
	return c, true
}

// verbCanFollow reports whether a verb may come right after w: a
// subject pronoun, an auxiliary or modal, a conjunction, "to", an adverb,
// or a plural noun that is not marked with -s ("people book").
func verbCanFollow(w string) bool {
	if strings.HasSuffix(w, "ly") {
		return true
	}
	return slices.Contains([]string{"we", "they", "i", "you", "he", "she", "it", "who", "that", "which", "and", "or", "to", "also", "then", "can", "could", "will", "would", "must", "may", "might", "should", "shall", "do", "does", "did", "not", "never", "always", "often", "only", "just", "even", "still", "both", "help", "let", "re", "ll", "ve", "d", "people", "children", "staff", "police", "cattle", "crew", "team", "family", "everyone", "first", "now", "later", "all", "each", "so", "please", "we'll", "we're", "is", "are", "was", "were", "be", "been", "get", "gets", "has", "have", "had"}, w)
}

// journeyNoun is the brief's word for a journey on its vehicles
// ("refunds cancelled crossings" → crossing), "trip" when it has none.
func (r *reader) journeyNoun() string {
	for _, w := range words(r.desc) {
		if sg := r.lex.Singular(w); sg != w && r.lex.IsJourney(sg) {
			return sg
		}
	}
	return "trip"
}
