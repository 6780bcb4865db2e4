package read

import (
	"cmp"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/lexicon"
)

// bookables reads what a booking is of. "Schools book lanes", "builders
// book a pump for a pour", "groups book a room for two to four hours":
// the lane, the pump and the room are the resource the bookings are of,
// not the bookings themselves (as the ferry is what crossings are on).
// The record is what the thing is booked for when the clause says it
// and it is no time ("a pour", "team events"), else a booking of the
// thing ("room booking"); a thing the brief names by a compound
// elsewhere ("six private steam rooms") keeps that name. "Book a slot
// online", "book open studio time": a booked time is a booking of that
// time ("slot booking"), of the thing it names when it names one
// ("studio").
func (r *reader) bookables(caps []capability) []capability {
	for i := 0; i < len(caps); i++ {
		c := &caps[i]
		// "48-hour sessions", "a 90-minute session": a length is no
		// name of the record (nor can a name start with a digit).
		if c.archetype == "bookings" {
			c.entity = withoutLengths(c.entity)
		}
		if c.archetype != "bookings" || c.resource != "" || c.entity == "" {
			continue
		}
		// "take group reservations only for the private room": the
		// bookings are of the room.
		if !r.lex.IsBookable(c.entity) {
			if res := r.bookedThing(c.phrase); res != "" {
				c.resource = r.bookedCompound(res)
				continue
			}
		}
		if r.lex.IsBookingTime(c.entity) {
			c.entity = c.entity + " booking"
			continue
		}
		if !r.lex.IsBookable(c.entity) {
			continue
		}
		res := r.bookedCompound(c.entity)
		c.resource = res
		c.entity = engine.LastWord(res) + " booking"
		purpose := r.bookedFor(c.phrase)
		if purpose == "" {
			continue
		}
		// "schools book lanes for swimming lessons" beside the lessons
		// the brief reads on their own: the lessons are of lanes.
		if j := slices.IndexFunc(caps, func(o capability) bool {
			return o.archetype == "bookings" && o.resource == "" && (o.entity == purpose || o.entity == engine.LastWord(purpose))
		}); j >= 0 && j != i {
			caps[j].resource = res
			caps = slices.Delete(caps, i, i+1)
			i--
			continue
		}
		c.entity = purpose
	}
	return caps
}

// withoutLengths drops the words of a noun that start with a digit
// ("90-minute session" → session), keeping the noun's head.
func withoutLengths(noun string) string {
	ws := strings.Fields(noun)
	if len(ws) < 2 {
		return noun
	}
	kept := slices.DeleteFunc(ws[:len(ws)-1], func(w string) bool { return w[0] >= '0' && w[0] <= '9' })
	return strings.Join(append(kept, ws[len(ws)-1]), " ")
}

// bookedCompound is the brief's own name for a bookable it names by its
// head alone: "book a room" in a banya with "six private steam rooms" is
// a steam room. A compound the lexicon knows, or one the brief counts
// ("nine boom pumps"), is a name; "indoor courts" are courts.
func (r *reader) bookedCompound(noun string) string {
	if strings.Contains(noun, " ") {
		return noun
	}
	// Word pairs are read within a sentence: the last word of one
	// sentence names nothing of the first of the next.
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		if cand := r.compoundIn(words(sentence), noun); cand != "" {
			return cand
		}
	}
	return noun
}

// compoundIn is the compound a sentence's words name a bookable by, or "".
func (r *reader) compoundIn(ws []string, noun string) string {
	for k := 1; k < len(ws); k++ {
		if r.lex.Singular(ws[k]) != noun {
			continue
		}
		prev := ws[k-1]
		// "lanes, lanes" or "lane lanes" names the thing, not a kind of it.
		if r.lex.Singular(prev) == noun || r.lex.Is("det", prev) || r.lex.Is("stop", prev) || isNumber(prev) || numberWord(prev) > 0 || !r.lex.IsBookableKind(prev) || r.isVerb(prev) {
			continue
		}
		cand := prev + " " + noun
		counted := k >= 2 && (isNumber(ws[k-2]) || numberWord(ws[k-2]) > 0 || !r.lex.IsBookableKind(ws[k-2]) && k >= 3 && (isNumber(ws[k-3]) || numberWord(ws[k-3]) > 0))
		if slices.Contains(r.lex.Bookables(), cand) || r.lex.NounArchetype(cand) != "" || counted {
			return cand
		}
	}
	return ""
}

// bookableItem is a list item's words up to the bookable thing it
// starts with ("vip cabanas" of "vip cabanas online with a minimum
// spend"), or all of them when it starts with none.
func (r *reader) bookableItem(ws []string) []string {
	for k := 0; k < len(ws) && k < 3; k++ {
		if r.lex.IsBookable(r.lex.Singular(ws[k])) {
			return ws[:k+1]
		}
	}
	return ws
}

// bookableGoesOn reports whether a clause starts with a bookable thing
// followed by how it is booked ("vip cabanas online with …"), not by a
// verb of its own ("rooms are cleaned daily").
func (r *reader) bookableGoesOn(ws []string) bool {
	item := r.bookableItem(ws)
	if len(item) == len(ws) || !r.lex.IsBookable(r.lex.Singular(item[len(item)-1])) {
		return false
	}
	next := ws[len(item)]
	return slices.Contains(bookingGoesOn, next) || r.lex.Is("channel", next)
}

// countedBookable is the bookable thing the brief counts ("twelve
// studios", "8 rooms"), singular, or "".
func (r *reader) countedBookable() string {
	ws := words(r.desc)
	for k := 1; k < len(ws); k++ {
		sg := r.lex.Singular(ws[k])
		if sg == ws[k] || !r.lex.IsBookable(sg) {
			continue
		}
		if isNumber(ws[k-1]) || numberWord(ws[k-1]) > 0 || k >= 2 && (isNumber(ws[k-2]) || numberWord(ws[k-2]) > 0) && slices.Contains(r.lex.Bookables(), ws[k-1]+" "+sg) {
			if k >= 2 && slices.Contains(r.lex.Bookables(), ws[k-1]+" "+sg) {
				return ws[k-1] + " " + sg
			}
			return sg
		}
	}
	return ""
}

// bookedItem reports whether a bare list item after a booking verb is
// booked too: "owners book check-ups and feather imping", "guests book
// rooms and cooking classes" book the imping and the classes (a
// booking's own noun, a bookable thing or a service done, "-ing").
// Other verbs that name their object keep their items apart.
func (r *reader) bookedItem(v *lexicon.Verb, ws []string) bool {
	if v.Archetype != "bookings" || !r.listItem(ws) {
		return false
	}
	np := r.nounPhrase(ws)
	if len(np) == 0 {
		return false
	}
	head := r.lex.Singular(np[len(np)-1])
	return r.lex.NounArchetype(head) == "bookings" || r.lex.IsBookable(head) || strings.HasSuffix(head, "ing") && len(head) > 5 && !r.lex.Is("vague", head)
}

var bookedThingRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\bfor\s+(?:the|a|an|our|their)\s+(.+)$`)
})

// bookedThing is the bookable a clause books its record for: "group
// reservations for the private room" → private room.
func (r *reader) bookedThing(clause string) string {
	m := bookedThingRe().FindStringSubmatch(clause)
	if m == nil {
		return ""
	}
	np := r.nounPhrase(words(m[1]))
	for n := len(np); n > 0; n-- {
		head := r.lex.Singular(np[n-1])
		if !r.lex.IsBookable(head) {
			continue
		}
		if n >= 2 && slices.Contains(r.lex.Bookables(), np[n-2]+" "+head) {
			return np[n-2] + " " + head
		}
		return head
	}
	return ""
}

var bookedForRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\bfor\s+(.+)$`)
})

// bookedFor is what a clause books its thing for, when that is a thing
// done and not a time or a party: "book a pump for a pour" → pour,
// "book a whole lake for their matches" → match; "for two to four
// hours", "for up to ten people", "for schools" are none.
func (r *reader) bookedFor(clause string) string {
	m := bookedForRe().FindStringSubmatch(clause)
	if m == nil {
		return ""
	}
	ws := words(m[1])
	if len(ws) > 0 && (isNumber(ws[0]) || numberWord(ws[0]) > 0 || ws[0] == "up" || ws[0] == "at" || ws[0] == "each" || ws[0] == "every") {
		return ""
	}
	np := r.nounPhrase(ws)
	if len(np) == 0 {
		return ""
	}
	np = strings.Fields(withoutLengths(strings.Join(np, " ")))
	if len(np) == 0 {
		return ""
	}
	head := r.lex.Singular(np[len(np)-1])
	if slices.Contains(r.lex.UnitsOfTime, head) || r.lex.Is("vague", head) || r.looksLikeCustomer(head) || r.lex.ScaleKind(head) != "" || r.lex.IsBookable(head) || r.lex.Is("channel", head) || isNumber(head) {
		return ""
	}
	// "for swimming lessons": a modifier that names the kind stays.
	if len(np) >= 2 && !r.lex.Is("det", np[len(np)-2]) && r.lex.NounArchetype(head) != "" {
		return np[len(np)-2] + " " + head
	}
	return head
}

// bookingDetails reads what the brief says of how its bookings are
// made, clause by clause, onto the bookings the clause is about: the
// channels they come through ("through our site and travel agencies",
// "in the app", "directly or through Booking.com") as a channel column;
// a waitlist ("booked in the app with a waitlist") as each booking's
// place on it; a party size where a group books ("groups book a room",
// "group reservations", "up to six players per bay"); and who books
// when it is a kind of customer of its own ("schools book lanes",
// "tour operators book sleigh rides").
func (r *reader) bookingDetails() {
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		low := strings.ToLower(sentence)
		if !bookingVerbRe().MatchString(low) && !r.lex.SaysWaitlist(low) {
			continue
		}
		for _, part := range r.bookingParts(low) {
			attrs := r.bookingAttributes(part)
			if len(attrs) == 0 {
				continue
			}
			target := r.bookingsAbout(part)
			if target == nil {
				continue
			}
			for _, at := range attrs {
				if slices.ContainsFunc(*target.attrs, func(a engine.PlanAttribute) bool { return a.Name == at.Name }) {
					continue
				}
				// "by the hour" read as a unit counted ("hours") is the
				// booking's length already: one column measures it.
				if measuresLength(at.Name) && slices.ContainsFunc(*target.attrs, func(a engine.PlanAttribute) bool { return measuresLength(a.Name) }) {
					continue
				}
				*target.attrs = append(*target.attrs, at)
				r.decide(strings.TrimSpace(part), target.ptr, "%s have %s", target.many, r.aField(at.Name))
			}
		}
	}
}

var bookingVerbRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(book|books|booked|booking|bookings|reserve|reserves|reserved|reservation|reservations)\b`)
})

var bookingSubjectRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\s*(?:and\s+|but\s+|while\s+)?(?:the\s+|our\s+|most\s+|many\s+|local\s+)?([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+(?:can\s+|usually\s+|also\s+)?(?:book|reserve)\b`)
})

var bookingLengthRe = sync.OnceValue(func() *regexp.Regexp {
	const unit = `(half day|full day|half-day|full-day|day|hour|night|week|month|session)`
	return regexp.MustCompile(`\bby the ` + unit + `(?:\s+or\s+(?:by\s+)?(?:the\s+|a\s+)?` + unit + `)?\b`)
})

var bookingHoursRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\bfor (?:\d+|[a-z]+) (?:to|or) (?:\d+|[a-z]+) hours\b|\b(?:\d+|[a-z]+)-hour (?:blocks?|slots?|sessions?)\b|\bby the hour\b`)
})

var partySizeRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(?:up to|of up to|at most|no more than|for up to)\s+(?:\d+|[a-z]+)\s+(people|persons|guests|players|children|kids|divers|riders|adults|pax)\b|\bgroups? (?:reservation|reservations|booking|bookings)\b|\bgroups? of (?:up to )?(?:\d+|[a-z]+)\b|\bby (?:groups|parties)\b|\bparty size\b`)
})

// bookingParts are the parts of a sentence (lower case, split at its
// commas) that book or say a waitlist, each with the parts after it that
// go on saying how
// ("book a dome for two nights, directly on our website or through
// Airbnb"), not the next clause ("…, and we report guests to the police
// portal").
func (r *reader) bookingParts(low string) []string {
	var out []string
	for _, part := range commaSplit().Split(low, -1) {
		f := strings.Fields(part)
		if len(out) > 0 && len(f) > 0 && slices.Contains(bookingGoesOn, f[0]) && !bookingVerbRe().MatchString(part) {
			out[len(out)-1] += "," + part
			continue
		}
		out = append(out, part)
	}
	return slices.DeleteFunc(out, func(s string) bool { return !bookingVerbRe().MatchString(s) && !r.lex.SaysWaitlist(s) })
}

// measuresLength reports whether a booking's column is how long it is.
func measuresLength(name string) bool {
	return slices.Contains([]string{"hours", "duration_hours", "length", "nights", "days", "minutes", "duration_minutes"}, name)
}

// bookingGoesOn are the words a part of a sentence starts with when it
// goes on saying how the booking before it is made.
var bookingGoesOn = []string{"directly", "through", "via", "online", "or", "by", "with", "on", "in", "over", "either"}

var commaSplit = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[,;:]`) })

// bookingAttributes are the columns one booking clause (lower case)
// gives its bookings.
func (r *reader) bookingAttributes(part string) []engine.PlanAttribute {
	from := strings.TrimSpace(part)
	var out []engine.PlanAttribute
	if ch := r.lex.BookingChannels(part); len(ch) > 0 {
		// A channel column has more than one value: a booking the brief
		// names one channel for can still be taken by phone.
		if len(ch) == 1 && ch[0] != "phone" {
			ch = append(ch, "phone")
		}
		out = append(out, engine.PlanAttribute{Name: "channel", Type: "text", Values: ch, From: from})
	}
	// "by the half day or full day": how long a booking is, of the
	// lengths the brief names; "for two to four hours", "in three-hour
	// blocks": its length in hours.
	if m := bookingLengthRe().FindStringSubmatch(part); m != nil && m[2] != "" && m[1] != m[2] {
		out = append(out, engine.PlanAttribute{Name: "length", Type: "text", Values: []string{engine.Snake(m[1]), engine.Snake(m[2])}, From: from})
	} else if bookingHoursRe().MatchString(part) {
		out = append(out, engine.PlanAttribute{Name: "duration_hours", Type: "real", From: from})
	}
	if r.lex.SaysWaitlist(part) {
		out = append(out, engine.PlanAttribute{Name: "waitlist_position", Type: "integer", From: from})
	}
	size := ""
	if m := partySizeRe().FindStringSubmatch(part); m != nil {
		size = "party_size"
		if strings.Contains(m[0], "group") {
			size = "group_size"
		}
	}
	if m := bookingSubjectRe().FindStringSubmatch(part); m != nil {
		sub := strings.Fields(m[1])
		head := r.lex.Singular(sub[len(sub)-1])
		kind := head
		if len(sub) == 2 && r.lex.Is("org", sub[0]+" "+head) {
			kind = sub[0] + " " + head
		}
		switch {
		case r.lex.IsBookingGroup(head):
			// "groups book a room" is a group's size; "bands book a
			// room" is a band's, and bands are whom the business serves.
			size = cmp.Or(size, "party_size")
			if head == "group" || head == "party" {
				size = head + "_size"
			} else if head != r.p.Customer.One {
				r.customerKind(kind, from)
			}
		case head != r.p.Customer.One && r.looksLikeCustomer(head) && r.lex.ScaleKind(head) != "staff":
			r.customerKind(kind, from)
		}
	}
	if size != "" {
		out = append(out, engine.PlanAttribute{Name: size, Type: "integer", From: from})
	}
	return out
}

// bookingTarget is a bookings record of the plan whose columns a clause
// adds to.
type bookingTarget struct {
	attrs *[]engine.PlanAttribute
	ptr   string
	many  string
}

// bookingsAbout is the bookings a clause is about: the bookings service
// whose record or resource it names, else the line of work when it
// books, else the only bookings service.
func (r *reader) bookingsAbout(part string) *bookingTarget {
	p := r.p
	named := func(nouns ...string) bool {
		for _, n := range nouns {
			if n == "" {
				continue
			}
			if ContainsWord(part, n) || ContainsWord(part, r.lex.Plural(n)) || ContainsWord(part, engine.LastWord(n)) || ContainsWord(part, r.lex.Plural(engine.LastWord(n))) {
				return true
			}
		}
		return false
	}
	var only *bookingTarget
	count := 0
	for i := range p.Services {
		s := &p.Services[i]
		if s.Archetype != "bookings" || s.Builder != "record" || s.Entity == nil {
			continue
		}
		t := &bookingTarget{attrs: &s.Attributes, ptr: "/services/" + strconv.Itoa(i) + "/attributes", many: s.Entity.Many}
		res := ""
		if s.Resource != nil {
			res = s.Resource.One
		}
		if named(s.Entity.One, res) {
			return t
		}
		only, count = t, count+1
	}
	if p.Work.Archetype == "bookings" {
		w := &bookingTarget{attrs: &p.Work.Attributes, ptr: "/work/attributes", many: p.Work.Many}
		// A clause that books and names none of the records is about
		// the line of work.
		return w
	}
	if count == 1 {
		return only
	}
	return nil
}
