package read

import (
	"cmp"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/lexicon"
)

// carrierCues come before what goods travel on or with: "on
// low-loaders", "by wellboat", "in our own vans", "with our van".
var carrierCues = []string{"by", "on", "in", "with", "via", "using"}

// carriersIn reads what a clause's goods travel on or with: "we deliver
// on low-loaders" → low loader; "samples travel by courier" → courier;
// "oil is sold in bulk tankers" → bulk tanker. The longest carrier of
// the lexicon after a cue (and its determiners: "our own") counts.
func (r *reader) carriersIn(ws []string) []string {
	var out []string
	for i := 0; i < len(ws); i++ {
		if !slices.Contains(carrierCues, ws[i]) {
			continue
		}
		j := i + 1
		for j < len(ws) && (r.lex.Is("det", ws[j]) || isNumber(ws[j]) || numberWord(ws[j]) > 0) {
			j++
		}
		for n := min(3, len(ws)-j); n >= 1; n-- {
			sg := strings.Join(append(slices.Clone(ws[j:j+n-1]), r.lex.Singular(ws[j+n-1])), " ")
			if !r.lex.Is("carrier", sg) {
				continue
			}
			// "low-loader" and "low loader" are one carrier.
			one := strings.ReplaceAll(sg, "-", " ")
			if !slices.Contains(out, one) {
				out = append(out, one)
			}
			i = j + n - 1
			break
		}
	}
	return out
}

// moveVerbs say that goods go somewhere; with a carrier in the clause
// ("samples travel by courier", "harvests go to the plant by wellboat")
// the clause is a shipment of its subject.
var moveVerbs = []string{"go", "travel", "move", "come", "leave", "arrive", "return", "head"}

// moved reads a clause that says goods travel and names no object: "we
// deliver on low-loaders" (a verb of the lexicon's shipments with no
// object), "samples travel by courier to the central lab" (a verb of
// moving with a carrier). What moves is the subject before the verb
// when it is a thing ("samples", "dried mushrooms"), else the business's
// goods (left empty). ok is false when the clause says no such thing.
func (r *reader) moved(ws []string, v *lexicon.Verb, clause string) (capability, bool) {
	carriers := r.carriersIn(ws)
	at := -1
	entity := ""
	switch {
	case v != nil && v.Archetype == "shipments" && v.Entity != "" && r.lex.NounArchetype(v.Entity) == "shipments":
		entity = v.Entity
		at = slices.IndexFunc(ws, func(w string) bool { return slices.Contains(lexicon.VerbLemma(w), strings.Fields(v.Verb)[0]) })
	case len(carriers) > 0:
		at = slices.IndexFunc(ws, func(w string) bool {
			return slices.ContainsFunc(lexicon.VerbLemma(w), func(l string) bool { return slices.Contains(moveVerbs, l) })
		})
		entity = "shipment"
	}
	if at < 0 {
		return capability{}, false
	}
	c := capability{phrase: clause, archetype: "shipments", role: "entity", entity: entity, carriers: carriers}
	// The subject: the clause's first noun phrase before the verb ("a
	// rider on a motorbike collects", "dried mushrooms ship to Taiwan").
	if np := r.nounPhrase(ws[:at]); len(np) > 0 {
		head := r.lex.Singular(np[len(np)-1])
		switch {
		case r.isPerson(head):
			// "passengers travel by ferry": people who travel are no goods.
			if v == nil {
				return capability{}, false
			}
		case !r.lex.Is("vague", head) && len(head) > 2:
			c.resource = head
			for _, m := range np[:len(np)-1] {
				if len(m) > 2 && !r.isVerb(m) && !r.lex.Is("det", m) {
					c.qualifiers = append(c.qualifiers, m)
				}
			}
		}
	}
	return c, true
}

// isThing reports whether an object is a thing, not staff: "hire
// breakers", "borrow books" but not "hire guides" or "hire staff".
func (r *reader) isThing(head string) bool {
	if head == "" || r.lex.Is("det", head) || r.lex.Is("stop", head) {
		return false
	}
	k := r.lex.ScaleKind(head)
	return k != "staff" && k != "customers" && r.lex.Nature(head) != "person" && !slices.Contains(money, head)
}

// money is lent, never hired or borrowed as a thing: "we loan money to
// farmers" is a loan of money (contracts), not a booking.
// ("borrow up to three times their savings": a multiple of savings.)
var money = []string{"money", "cash", "capital", "fund", "credit", "microloan", "loan", "amount", "sum", "saving", "savings", "time"}

// isPerson reports whether a subject is a person or an organisation:
// "riders", "passengers", "hotels", "the couriers".
func (r *reader) isPerson(head string) bool {
	return !r.isThing(head) || r.lex.Is("org", head) || r.lex.Is("counterpart", head) || r.looksLikeCustomer(head) && r.lex.Nature(head) != "goods"
}

// ofThing turns a verb with another reading for things into it when its
// object is a thing: "builders hire breakers" is a hire, "we hire
// guides" hiring staff (see lexicon.Verb.OfThing).
func (r *reader) ofThing(v *lexicon.Verb, rest []string) *lexicon.Verb {
	if v.OfThing == nil {
		return v
	}
	np := r.nounPhrase(rest)
	if len(np) == 0 || !r.isThing(r.lex.Singular(np[len(np)-1])) {
		return v
	}
	return v.OfThing
}

// conditions gives each record the states the brief says its things
// fall into: "overdue loans get reminders", "damaged tools go back to
// the manufacturer" → overdue, damaged (yes/no of the loans, the hires).
func (r *reader) conditions(caps []capability) []capability {
	ws := words(r.desc)
	for i := 0; i+1 < len(ws); i++ {
		if !r.lex.Is("condition", ws[i]) {
			continue
		}
		np := r.nounPhrase(ws[i+1:])
		if len(np) == 0 {
			continue
		}
		head := r.lex.Singular(np[len(np)-1])
		for k := range caps {
			c := &caps[k]
			if c.archetype != "bookings" && c.archetype != "shipments" && c.archetype != "orders" {
				continue
			}
			if c.entity == head || c.resource == head || slices.Contains(c.resources, head) || engine.LastWord(c.entity) == head {
				c.flags = union(c.flags, []string{ws[i]})
				break
			}
		}
	}
	return caps
}

// carrierAttribute is the transport column of a record whose clause
// names what its goods travel on ("we deliver on low-loaders"), unless
// the record has one already.
func carrierAttribute(c capability, have []engine.PlanAttribute) (engine.PlanAttribute, bool) {
	if len(c.carriers) == 0 || slices.ContainsFunc(have, func(a engine.PlanAttribute) bool { return a.Name == "transport" }) {
		return engine.PlanAttribute{}, false
	}
	return engine.PlanAttribute{Name: "transport", Type: "text", Values: slices.Clone(c.carriers), From: c.phrase}, true
}

// sendVerbs send a thing away to be worked on: "send damaged ones for
// repair", "tools go back to the manufacturer for repair", "customers
// drop off bikes for servicing".
var sendVerbs = []string{"send", "go", "return", "take", "ship", "bring", "drop", "hand"}

// sentFor reads a clause that sends a thing away for work: the work
// after "for" is a record of its own ("send damaged ones for repair" →
// repairs), of the thing sent when the clause names one, else of the
// thing the sentence was about (prev). ok is false when the clause
// sends nothing for work.
func (r *reader) sentFor(ws []string, prev *capability, clause string) (capability, bool) {
	at := slices.IndexFunc(ws, func(w string) bool {
		return slices.ContainsFunc(lexicon.VerbLemma(w), func(l string) bool { return slices.Contains(sendVerbs, l) })
	})
	if at < 0 {
		return capability{}, false
	}
	for i := at + 1; i+1 < len(ws); i++ {
		// ("damaged kites are sent to a repair shop": the work is the
		// shop's, the shop whom it is with.)
		var shop, work string
		switch ws[i] {
		case "to":
			np := r.nounPhrase(ws[i+1:])
			if len(np) < 2 || !r.lex.Is("work_place", r.lex.Singular(np[len(np)-1])) {
				continue
			}
			shop = strings.Join(append(slices.Clone(np[:len(np)-1]), r.lex.Singular(np[len(np)-1])), " ")
			work = r.lex.Singular(np[0])
		case "for":
			work = r.lex.Singular(ws[i+1])
		default:
			continue
		}
		if r.lex.NounArchetype(work) != "work_orders" {
			continue
		}
		c := capability{phrase: clause, archetype: "work_orders", role: "entity", entity: work}
		if shop != "" {
			c.counterpart, c.counterpartFrom = shop, clause
		}
		// What is sent: the object after the verb, or its subject before
		// it ("damaged tools go back"), else the sentence's own thing.
		obj := r.nounPhrase(ws[at+1 : i])
		if len(obj) == 0 || r.lex.Is("vague", r.lex.Singular(obj[len(obj)-1])) || obj[len(obj)-1] == "ones" || obj[len(obj)-1] == "back" {
			obj = r.nounPhrase(ws[:at])
		}
		if len(obj) > 0 && r.isThing(r.lex.Singular(obj[len(obj)-1])) && obj[len(obj)-1] != "ones" && !r.lex.Is("vague", r.lex.Singular(obj[len(obj)-1])) {
			c.resource = r.lex.Singular(obj[len(obj)-1])
		} else if prev != nil {
			c.resource = cmp.Or(prev.resource, prev.entity)
		}
		// Sent to whom: "back to the manufacturer" — the repair is with
		// them, not with a customer.
		for k := at + 1; k+1 < len(ws); k++ {
			if ws[k] != "to" {
				continue
			}
			if np := r.nounPhrase(ws[k+1:]); len(np) > 0 && r.lex.Is("counterpart", r.lex.Singular(np[len(np)-1])) && shop == "" {
				c.counterpart, c.counterpartFrom = r.lex.Singular(np[len(np)-1]), clause
			}
			break
		}
		for _, w := range ws[:i] {
			if r.lex.Is("condition", w) {
				c.flags = union(c.flags, []string{w})
			}
		}
		return c, true
	}
	return capability{}, false
}
