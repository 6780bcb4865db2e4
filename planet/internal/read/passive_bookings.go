package read

import (
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
)

// bookedPassives reads the booking clauses that name what is booked as
// their subject and no one who books it: "pitches are let by the
// night", "each court is booked in 1-hour blocks", "berths are assigned
// per season", "slots can be booked online" are bookings of pitches,
// courts, berths and slots (by the night, per season: how many of each
// a booking is for). "Passengers and vehicles are booked per sailing",
// "seats are booked per trip": a booking per an occasion is a booking of
// that occasion, and what the clause books (passengers, vehicles, seats)
// is what each booking carries, a count of each.
func (r *reader) bookedPassives(caps []capability) []capability {
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		for _, part := range commaSplit().Split(sentence, -1) {
			ws := words(part)
			for i := 2; i < len(ws); i++ {
				end := passiveSubjectEnd(ws, i)
				if end <= 0 || !r.lex.IsBookingPassive(ws[i]) {
					continue
				}
				if c, ok := r.passiveBooking(ws[:end], ws[i+1:], strings.TrimSpace(part)); ok {
					caps = r.placeBooking(caps, c)
				}
				break
			}
		}
	}
	return caps
}

// passiveSubjectEnd is where the subject ends before a past form at i
// that follows an auxiliary ("are let", "can be booked", "are usually
// reserved"), or 0 when it follows none.
func passiveSubjectEnd(ws []string, i int) int {
	j := i - 1
	if strings.HasSuffix(ws[j], "ly") && j > 1 {
		j--
	}
	switch {
	case slices.Contains([]string{"is", "are", "get", "gets"}, ws[j]):
		return j
	case ws[j] == "be" && j > 1 && slices.Contains([]string{"can", "must", "will", "may", "should", "are", "is"}, ws[j-1]):
		return j - 1
	}
	return 0
}

// passiveBooking is the bookings capability of one passive clause: its
// subject words and the words after the verb.
func (r *reader) passiveBooking(subject, tail []string, phrase string) (capability, bool) {
	things := r.passiveSubjects(subject)
	if len(things) == 0 {
		return capability{}, false
	}
	if occ := r.bookedPerOccasion(tail); occ != "" {
		// "passengers and vehicles are booked per sailing": the
		// bookings are of sailings and carry passengers and vehicles.
		var carried []string
		for _, t := range things {
			if t.plural && !r.lex.IsBookedPer(t.head) && !slices.Contains(carried, t.head) {
				carried = append(carried, t.head)
			}
		}
		if len(carried) == 0 {
			return capability{}, false
		}
		units := slices.DeleteFunc(r.priceUnits(tail), func(u string) bool { return u == occ })
		return capability{phrase: phrase, archetype: "bookings", role: "entity", entity: engine.LastWord(occ) + " booking", resource: occ, units: union(carried, units)}, true
	}
	for _, t := range things {
		if r.lex.IsBookingTime(t.head) {
			return capability{phrase: phrase, archetype: "bookings", role: "entity", entity: t.head + " booking", units: r.timeUnits(tail)}, true
		}
		if !r.lex.IsBookable(t.name) {
			continue
		}
		res := r.bookedCompound(t.name)
		return capability{phrase: phrase, archetype: "bookings", role: "entity", entity: engine.LastWord(res) + " booking", resource: res, units: r.timeUnits(tail)}, true
	}
	return capability{}, false
}

// passiveThing is one noun of a passive subject: its name (a compound
// the lexicon knows, else its head), head and whether the brief says it
// in the plural.
type passiveThing struct {
	name, head string
	plural     bool
}

// passiveSubjects are the nouns of a passive subject, read back from
// the verb: "passengers and vehicles", "each court", "the mobile homes".
func (r *reader) passiveSubjects(ws []string) []passiveThing {
	var out []passiveThing
	var group []string
	flush := func() {
		if len(group) == 0 {
			return
		}
		last := group[len(group)-1]
		head := r.lex.Singular(last)
		t := passiveThing{name: head, head: head, plural: head != last}
		if len(group) >= 2 {
			if c := group[len(group)-2] + " " + head; r.lex.IsBookable(c) && slices.Contains(r.lex.Bookables(), c) {
				t.name = c
			}
		}
		out = append([]passiveThing{t}, out...)
		group = nil
	}
	for k := len(ws) - 1; k >= 0 && k >= len(ws)-6; k-- {
		w := ws[k]
		if w == "and" || w == "or" {
			flush()
			continue
		}
		if r.lex.Is("det", w) || r.lex.Is("stop", w) || isNumber(w) || numberWord(w) > 0 {
			break
		}
		group = append([]string{w}, group...)
	}
	flush()
	return out
}

// bookedPerOccasion is the occasion after "per", "for each" or "on
// each" in the words after a booking verb ("per sailing"), singular, or
// "".
func (r *reader) bookedPerOccasion(ws []string) string {
	for k := 0; k+1 < len(ws); k++ {
		next := k + 1
		if (ws[k] == "for" || ws[k] == "on") && ws[k+1] == "each" && k+2 < len(ws) {
			next = k + 2
		} else if ws[k] != "per" {
			continue
		}
		if sg := r.lex.Singular(ws[next]); r.lex.IsBookedPer(sg) {
			return sg
		}
	}
	return ""
}

// timeUnits are the units of time a booking clause books by: "by the
// night", "per season", "by the year" (a booking is for a number of
// each).
func (r *reader) timeUnits(ws []string) []string {
	var out []string
	for k := 0; k+1 < len(ws); k++ {
		if ws[k] != "by" && ws[k] != "per" {
			continue
		}
		j := k + 1
		if ws[k] == "by" && (ws[j] == "the" || ws[j] == "a") && j+1 < len(ws) {
			j++
		}
		if sg := r.lex.Singular(ws[j]); slices.Contains(r.lex.UnitsOfTime, sg) && !slices.Contains(out, sg) {
			out = append(out, sg)
		}
	}
	return out
}

// placeBooking puts a passive clause's booking among the capabilities:
// in place of the bookings read from the same clause ("vehicles are
// booked per sailing" read as bookings of vehicles), merged into one of
// the same record, else added.
func (r *reader) placeBooking(caps []capability, c capability) []capability {
	low := strings.ToLower(c.phrase)
	placed := -1
	for i := 0; i < len(caps); i++ {
		o := &caps[i]
		if o.archetype != "bookings" {
			continue
		}
		same := o.entity == c.entity
		fromClause := o.phrase != "" && strings.Contains(low, strings.ToLower(o.phrase))
		if !same && !fromClause {
			continue
		}
		if placed < 0 {
			o.entity, o.role = c.entity, "entity"
			o.resource = c.resource
			o.units = union(o.units, c.units)
			if !same {
				o.phrase = c.phrase
			}
			placed = i
			continue
		}
		// A second record of the same clause, or a twin of the one
		// placed: one booking of the thing.
		caps[placed].units = union(caps[placed].units, o.units)
		caps = slices.Delete(caps, i, i+1)
		i--
	}
	if placed < 0 {
		caps = append(caps, c)
	}
	// "Ferry company sailing from Piraeus …, passengers and vehicles are
	// booked per sailing": a journey the brief books per is booked, not
	// a shipment of its own.
	if r.lex.IsBookedPer(c.resource) {
		caps = slices.DeleteFunc(caps, func(o capability) bool { return o.archetype == "shipments" && o.resource == c.resource })
	}
	return caps
}
