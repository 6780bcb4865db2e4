package read

import (
	"cmp"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/lexicon"
)

// customer reads the kind of customer: "for landlords", "serving
// schools", "dog owners".
func (r *reader) customer() {
	p := r.p
	if r.ind != nil {
		v := r.ind.Vocabulary.Customer
		org := engine.B2B(v.Singular)
		if v.People != nil {
			org = !*v.People
		}
		p.Customer = engine.PlanNoun{One: v.Singular, Many: v.Plural, Organisation: org && !engine.RecordsBirth(v.ExtraColumns), Attributes: engine.AttrsOf(v.ExtraColumns)}
	}
	ws := words(r.desc)
	text := " " + strings.Join(ws, " ") + " "
	bestAt := -1
	var best, trade engine.PlanNoun
	var bestKinds, tradeKinds []string
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
			// "stays for their dogs": what belongs to the customers is
			// not them.
			// ("repay weekly to our field officers": the business's own
			// people are no customers either.)
			if len(after) > 0 && slices.Contains([]string{"their", "your", "his", "her", "its", "our"}, after[0]) {
				continue
			}
			np := r.nounPhrase(after)
			// ("we supply bar staff, waiters and ushers to venues": what
			// is supplied to someone, people too, is what is sold; whom
			// it goes to follows "to".)
			if (cue == "supply" || cue == "supplies") && len(after) > 0 && r.suppliedTo(cue, after[0]) {
				continue
			}
			// ("loans in arrears go to the branch manager": one person
			// named with "the" is someone the business answers to, not
			// its customers.)
			if cue == "to" && len(after) > 0 && after[0] == "the" && len(np) > 0 && r.lex.Singular(np[len(np)-1]) == np[len(np)-1] && r.lex.ScaleKind(np[len(np)-1]) != "customers" && !r.lex.Is("org", np[len(np)-1]) {
				continue
			}
			// ("damaged kites are sent to a repair shop": whom the business
			// sends its own things to for work does work for it.)
			if cue == "to" && slices.ContainsFunc(np, func(w string) bool { return strings.HasPrefix(w, "repair") }) {
				continue
			}
			// ("pitch slots are allocated to teams": what the business
			// shares out among its own is no sale.)
			if cue == "to" && slices.ContainsFunc([]string{"allocated", "assigned", "allotted", "rostered"}, func(w string) bool { return strings.HasSuffix(text[:i], " "+w) }) {
				continue
			}
			// "a manifest sent to the port authority": whom the business
			// files with is no customer.
			if cue == "to" && r.filedWith(text[:i], np) {
				continue
			}
			// "for builders, councils and housing associations",
			// "customers are commuters and students": a list of kinds
			// keeps the customer general, its kinds a column of the CRM.
			// ("to filling stations, farms and construction sites": the
			// words lost their commas, the description has them.)
			// ("for homeowners and landlords": the phrase ends at "and",
			// the list does not.)
			if len(np) > 3 || slices.Contains(np, "and") || slices.Contains(np, "or") || (len(np) > 1 || len(after) > 2 && after[1] == "and") && len(after) > 0 && len(r.customerKinds(cue, after[0])) > 1 {
				if len(after) > 0 {
					kinds := r.customerKinds(cue, after[0])
					if len(kinds) > 1 {
						// Organisations when any kind is one: "for households
						// and shops" is a CRM of firms whose households are
						// named as people (archetypes' personKinds).
						org := slices.ContainsFunc(kinds, func(k string) bool { return r.lex.Is("org", engine.LastWord(k)) || r.lex.Is("org", k) })
						best = engine.PlanNoun{One: "customer", Many: "customers", Organisation: org, From: cue + " " + strings.Join(r.pluralAll(kinds), ", ")}
						if r.ind != nil {
							// A pack's customer is already the general word
							// of its trade ("cyclist", "client").
							// Organisations when every kind is one ("supply cafés
							// and hotels").
							best = engine.PlanNoun{One: p.Customer.One, Many: p.Customer.Many, Organisation: p.Customer.Organisation || org, Attributes: p.Customer.Attributes, From: best.From}
						}
						bestAt, bestKinds = i, kinds
						break
					}
					if len(kinds) == 1 {
						np = strings.Fields(r.lex.Plural(kinds[0]))
					}
				}
			}
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
			found := engine.PlanNoun{One: one, Many: r.lex.Plural(one), Organisation: r.lex.Is("org", head) || r.lex.Is("org", one), From: cue + " " + strings.Join(np, " ")}
			// ("sell cloth to boutiques … and run classes for tourists":
			// a trade that buys is the customer only when no one else is;
			// tradeBuyers then makes it a kind beside the tourists.)
			if r.lex.Is("trade_buyer", head) && !r.lex.Is("org", head) && r.lex.ScaleKind(head) != "customers" {
				if trade.One == "" {
					trade, tradeKinds = found, r.customerKinds(cue, after[0])
				}
				continue
			}
			bestAt, bestKinds, best = i, r.customerKinds(cue, after[0]), found
			break
		}
	}
	if bestAt < 0 && trade.One != "" {
		best, bestKinds, bestAt = trade, tradeKinds, 0
	}
	// "sell day passes for the beach club" names no customer when
	// "Tourists book trips" does: a place after a weak cue yields to the
	// people who book ("for students", "to investors" stay).
	if bestAt >= 0 && (strings.HasPrefix(best.From, "for ") || strings.HasPrefix(best.From, "to ")) && len(bestKinds) < 2 {
		if n, ok := r.subjectCustomer(); ok && n.One != best.One && best.Organisation && !n.Organisation && r.lex.ScaleKind(engine.LastWord(n.One)) != "customers" {
			n.Attributes = p.Customer.Attributes
			p.Customer = n
			r.decide(n.From, "/customer", "customers are %s (who books, not %q)", n.Many, best.From)
			return
		}
	}
	if bestAt >= 0 {
		// "Clients sign time-and-materials contracts" at an IT services
		// firm: the general word keeps what the pack knows of its
		// customers (firms); it says nothing of its own.
		if r.ind != nil && engine.GeneralCustomer(best.One) && p.Customer.Organisation {
			best.Organisation = true
		}
		// "we look after 60 horses": the customers are their owners.
		if a := engine.LastWord(best.One); r.lex.Is("animal", a) {
			best.One, best.Many, best.Organisation = a+" owner", a+" owners", false
		}
		p.Customer = best
		kind := "people"
		if best.Organisation {
			kind = "organisations"
		}
		r.decide(best.From, "/customer", "customers are %s (%s)", best.Many, kind)
		// "for builders, councils and housing associations": the kinds
		// of customer are a column of the CRM.
		if len(bestKinds) > 1 {
			p.Customer.Attributes = append(slices.Clone(p.Customer.Attributes), engine.PlanAttribute{Name: "kind", Type: "text", Values: bestKinds, From: best.From})
			r.decide(best.From, "/customer/attributes", "kinds of customer: %s", strings.Join(bestKinds, ", "))
		}
		return
	}
	if p.Customer.One == "" || r.ind != nil {
		if p.Customer.One == "" {
			p.Customer = engine.PlanNoun{One: "customer", Many: "customers"}
		}
		// "Photographers and brands book a studio": two kinds of
		// customer, the general word (or the pack's) for both.
		if kinds, from := r.coordinatedSubject(); len(kinds) > 1 {
			org := slices.ContainsFunc(kinds, func(k string) bool { return r.lex.Is("org", k) || r.lex.Is("org", engine.LastWord(k)) })
			p.Customer.Organisation = p.Customer.Organisation || org
			p.Customer.From = from
			p.Customer.Attributes = append(slices.Clone(p.Customer.Attributes), engine.PlanAttribute{Name: "kind", Type: "text", Values: kinds, From: from})
			r.decide(from, "/customer", "customers are %s", p.Customer.Many)
			r.decide(from, "/customer/attributes", "kinds of customer: %s", strings.Join(kinds, ", "))
			return
		}
		if n, ok := r.subjectCustomer(); ok {
			// The brief's word wins over a pack's ("students", not
			// "learners"); the pack's columns stay.
			n.Attributes = p.Customer.Attributes
			// (The general word keeps what the pack knows of them.)
			if r.ind != nil && engine.GeneralCustomer(n.One) {
				n.Organisation = n.Organisation || p.Customer.Organisation
			}
			p.Customer = n
			r.decide(p.Customer.From, "/customer", "customers are %s", p.Customer.Many)
			return
		}
		// "4,000 households": the counted customers name them.
		for _, m := range countRe().FindAllStringSubmatch(digits(r.desc), -1) {
			// "4 resident artists": the first word only modifies the next.
			if next := r.lex.Singular(strings.ToLower(m[3])); next != "" && (r.lex.ScaleKind(next) != "" || r.looksLikeCustomer(next)) {
				continue
			}
			if sg := r.lex.Singular(strings.ToLower(m[2])); r.lex.ScaleKind(sg) == "customers" && sg != "customer" && !r.lex.Is("animal", sg) {
				p.Customer = engine.PlanNoun{One: sg, Many: r.lex.Plural(sg), Organisation: r.lex.Is("org", sg), From: m[0]}
				r.decide(m[0], "/customer", "customers are %s", p.Customer.Many)
				return
			}
		}
	}
	r.decide("", "/customer", "customers are %s", p.Customer.Many)
}

// suppliedTo reports whether the sentence where cue and first follow
// each other goes on to say whom it is supplied to ("supply stewards to
// stadiums").
func (r *reader) suppliedTo(cue, first string) bool {
	low := strings.ToLower(r.desc)
	i := strings.Index(low, cue+" "+first)
	if i < 0 {
		return false
	}
	rest := low[i:]
	if end := strings.IndexAny(rest, ".;!?"); end >= 0 {
		rest = rest[:end]
	}
	return strings.Contains(rest, " to ")
}

// filedWith reports whether "to" and the noun phrase after it name an
// authority the text before files with ("sent to the port authority",
// "reported to the police"), not someone it sells to.
func (r *reader) filedWith(before string, np []string) bool {
	prev := strings.Fields(before)
	if len(prev) == 0 || len(np) == 0 {
		return false
	}
	if !r.filingVerbBefore(before) {
		return false
	}
	auth := r.lex.Filings.Authorities
	last := r.lex.Singular(np[len(np)-1])
	return slices.Contains(auth, last) || len(np) >= 2 && slices.Contains(auth, np[len(np)-2]+" "+last)
}

// filingVerbBefore reports whether the text ends in a verb of filing
// ("filed", "lodged", "reported").
func (r *reader) filingVerbBefore(before string) bool {
	prev := strings.Fields(strings.ToLower(before))
	if len(prev) == 0 {
		return false
	}
	w := prev[len(prev)-1]
	for _, lemma := range []string{w, strings.TrimSuffix(w, "s"), strings.TrimSuffix(w, "ed"), strings.TrimSuffix(w, "d"), strings.Replace(w, "sent", "send", 1)} {
		if r.lex.IsFilingVerb(lemma) {
			return true
		}
	}
	return false
}

// filedBefore reports whether the text ends in a verb of filing done
// ("filed", "lodged", "sent"): "each file has" files nothing.
func (r *reader) filedBefore(before string) bool {
	prev := strings.Fields(strings.ToLower(before))
	return len(prev) > 0 && lexicon.PastForm(prev[len(prev)-1]) && r.filingVerbBefore(before)
}

// looksLikeCustomer: a person or organisation noun, not a thing.
func (r *reader) looksLikeCustomer(head string) bool {
	// (A trade that buys from others is one too: "working for
	// mechanics and fleet workshops", "cattle to the slaughterhouse".)
	if r.lex.ScaleKind(head) == "customers" || r.lex.Is("org", head) || r.lex.Is("trade_buyer", head) {
		return true
	}
	// "for next-day courier", "by phone": how a thing is sent or asked
	// for is nobody the business serves.
	if r.lex.Is("channel", head) {
		return false
	}
	// "cancelled for weather": a vague noun is nobody.
	if r.lex.Is("vague", head) {
		return false
	}
	// "instalment", "shipment", "payment" are things, not people; so is
	// the record of a line of work ("made to order", "a tender") and what
	// the lexicon knows as goods or tickets ("hampers", "season passes").
	if strings.HasSuffix(head, "ment") || r.lex.Nature(head) == "goods" || r.lex.Nature(head) == "intangible" {
		return false
	}
	if a, ok := r.lex.Archetype(r.lex.NounArchetype(head)); ok && a.LineOfWork {
		return false
	}
	for _, suf := range []string{"er", "or", "ist", "ant", "ent", "ee", "ian", "man", "woman", "person", "owner", "family", "couple", "line"} {
		if strings.HasSuffix(head, suf) && len(head) > len(suf)+2 {
			return true
		}
	}
	return false
}

var countRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(\d{1,3}(?:[,.]\d{3})+|\d+)\s+([\p{L}-]+)(?:\s+([\p{L}-]+))?`)
})

// scale reads counts: "12 studios", "45 vans", "1,200 storage units",
// "2,000 oak trees", "a six-screen cinema", "four harvesters and
// forwarders".
func (r *reader) scale(caps []capability) {
	for _, m := range r.counts() {
		n, err := strconv.Atoi(strings.NewReplacer(",", "", ".", "").Replace(m[1]))
		if err != nil || n < 1 {
			continue
		}
		w1, w2 := strings.ToLower(m[2]), strings.ToLower(m[3])
		// "contributes 2,000 shillings a month": an amount of money,
		// not a thing the business has.
		if _, money := r.lex.Currencies[w1]; money {
			continue
		}
		prev, next := r.countContext(m[0])
		before := ""
		if len(prev) > 0 {
			before = prev[0]
		}
		// "300 funerals a year", "120 dogs a day": how much work comes
		// in, not things the business has.
		// (Customers a week are about the customers there are: "serves
		// 1,400 households a week".)
		if w2 == "a" || w2 == "an" || w2 == "per" || w2 == "each" || w2 == "every" {
			if r.lex.Is("unit_of_time", r.lex.Singular(next)) && r.lex.ScaleKind(r.lex.Singular(w1)) != "customers" {
				continue
			}
		}
		// ("from twenty local orchards": the head is the second word.)
		head := w1
		if !strings.HasSuffix(w1, "s") && strings.HasSuffix(w2, "s") && !r.lex.Is("stop", w2) {
			head = w2
		}
		// "40 tonnes of", "10 thousand euros": a measure or a number
		// (not "40,000 pallet positions").
		if sg := r.lex.Singular(w1); head == w1 && (slices.Contains([]string{"thousand", "hundred", "million"}, sg) || r.lex.Is("price_unit", sg) && !r.lex.Is("counted_unit", sg) && r.lex.ScaleKind(sg) == "") {
			continue
		}
		// "buy green leaf from 2,000 smallholders", "the milk of 14
		// farms": those the business buys from, counted; the service
		// that deals with them seeds that many (see partyCounts).
		// ("A chain of 12 shops" are its own; "from 20 local orchards"
		// never are.)
		if sg := r.lex.Singular(head); before == "from" || before == "of" && w2 != "of" {
			// ("12 companies each" of a cohort, "waste from 3,500
			// businesses", "milk from 1,800 members": customers.)
			party := r.lex.Is("counterpart", sg)
			// "from the milk of 14 farms": of what they supply (a
			// chain of 12 shops is a chain, not "the chain").
			ofSupply := before == "of" && len(prev) == 3 && prev[2] == "the" && r.lex.NounArchetype(prev[1]) == ""
			if (before == "from" || ofSupply) && r.lex.ScaleKind(sg) != "customers" {
				party = party || r.lex.Nature(sg) == "person" || r.lex.Is("tradesperson", sg) || r.lex.ScaleKind(sg) == "locations" || strings.HasSuffix(head, "s") && r.lex.ScaleKind(sg) == "" && !r.lex.Is("animal", sg) && !r.lex.Is("org", sg)
			}
			if party {
				if r.partyCounts == nil {
					r.partyCounts = map[string]int{}
				}
				if _, seen := r.partyCounts[sg]; !seen {
					r.countedFrom = append(r.countedFrom, countedParty{sg, strings.TrimSpace(before + " " + m[0])})
				}
				r.partyCounts[sg] = min(n, 5000)
				continue
			}
		}
		noun, kind := "", ""
		for _, cand := range []string{w1 + " " + w2, w2, w1} {
			if strings.TrimSpace(cand) == "" || strings.HasSuffix(cand, " ") {
				continue
			}
			// "two site crews": a singular before a plural is its
			// modifier, and the count is of the plural.
			if cand == w1 && !strings.HasSuffix(w1, "s") && strings.HasSuffix(w2, "s") && r.lex.Singular(w2) != w2 && !r.lex.Is("stop", w2) && !r.lex.Is("det", w2) && !r.isVerb(w2) {
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
				// "60 mobile homes", "4,000 monitored homes": a premises
				// word made a unit by its modifier is something the
				// business has or looks after, not a place it works from.
				if k == "locations" && (r.unitModifier(w1) || r.lex.Is("counted_unit", sg)) {
					kind = "assets"
				}
				break
			}
		}
		if kind == "" {
			// Units of what the business rents or works on.
			for _, c := range caps {
				for _, cand := range []string{r.lex.Singular(w1), w1 + " " + r.lex.Singular(w2)} {
					if c.resource != "" && (c.resource == cand || strings.HasSuffix(c.resource, " "+cand) || strings.HasSuffix(cand, c.resource)) {
						noun, kind = c.resource, "units"
						// "350 vending machines" of a clause's "machines":
						// the count names them more closely.
						if strings.HasSuffix(cand, " "+c.resource) {
							noun = cand
						}
					}
				}
			}
		}
		if kind == "" && w2 != "" && r.lex.Is("head", r.lex.Singular(w2)) {
			noun, kind = w1+" "+r.lex.Singular(w2), "units"
		}
		if kind == "" {
			noun, kind = r.countedCompound(w1, w2)
		}
		// "store 80 customer boats": what the customers own is kept or
		// looked after, a register, not the business's own fleet.
		if (kind == "vehicles" || kind == "locations") && strings.Contains(noun, " ") && r.lex.ScaleKind(r.lex.Singular(w1)) == "customers" {
			kind = "assets"
		}
		// "35 horses at livery", "120 Normande cows": animals the business
		// keeps are a register of its own, unless they are the customer.
		for _, cand := range []string{r.lex.Singular(w1), r.lex.Singular(w2)} {
			if r.lex.Is("animal", cand) && (kind == "" || kind == "customers") && cand != r.p.Customer.One && engine.LastWord(r.p.Customer.One) != cand {
				noun, kind = cand, "assets"
				if cand == r.lex.Singular(w2) && w1 != "" && !strings.HasSuffix(w1, "s") && !r.lex.Is("det", w1) && !r.lex.Is("stop", w1) {
					noun = w1 + " " + cand
				}
				break
			}
		}
		if kind == "" && slices.Contains([]string{"hour", "day", "night", "week", "month", "year", "minute", "km", "kg", "metre", "meter", "hectare", "acre", "litre", "ton", "tonne"}, r.lex.Singular(w2)) {
			continue // "5 free days": a duration, not a thing
		}
		if kind == "" && slices.Contains([]string{"degree", "percent", "volt", "watt", "kilowatt", "kwh", "mm", "cm", "bar", "psi"}, r.lex.Singular(w1)) {
			continue // "at minus 25 degrees": a measure, not a thing
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
			case r.lex.Nature(sg) == "person" || r.lex.Is("tradesperson", sg):
				// "with twelve artisans", "our two installers": people
				// of the trade the business has are its staff; others
				// counted ("for 400 sellers") are no thing it has.
				if slices.Contains([]string{"with", "our", "employ", "employs", "employing", "has", "have", "of"}, before) {
					noun, kind = sg, "staff"
				}
			case r.looksLikeCustomer(sg) && !strings.HasSuffix(sg, "er") || r.lex.ScaleKind(sg) == "customers":
				noun, kind = sg, "customers"
			case r.lex.NounArchetype(sg) == "billing" || r.lex.Is("upfront", sg):
				// "three instalments": a count of charges, not of things.
			case strings.HasSuffix(w1, "s") && !slices.Contains([]string{"hour", "day", "week", "month", "year", "minute", "time", "km", "kg", "cm", "hectare", "percent", "euro", "dollar", "pound", "currency"}, sg) && !r.lex.Is("unit_of_time", sg):
				noun, kind = sg, "assets"
			}
		}
		if kind == "" || n > 5000 && kind != "customers" && kind != "assets" || kind == "counterparts" {
			continue
		}
		// "12,000 palms": a plan counts up to 5,000 of a thing; the
		// phrase keeps the brief's own number.
		if kind == "customers" || kind == "assets" {
			n = min(n, 5000)
		}
		if slices.ContainsFunc(r.p.Scale, func(s engine.PlanScale) bool { return s.Kind == kind && s.Noun == noun }) {
			continue
		}
		r.p.Scale = append(r.p.Scale, engine.PlanScale{Kind: kind, Noun: noun, Count: n, From: strings.TrimSpace(m[0])})
		r.decide(strings.TrimSpace(m[0]), fmt.Sprintf("/scale/%d", len(r.p.Scale)-1), "%d %s (%s in the seed)", n, r.lex.Plural(noun), kind)
		// "a sweeping district of 4,000 households" where the owners are
		// the customers: the counted ones are a kind of them (not the
		// members of a cooperative whose customers are brands).
		if c := &r.p.Customer; kind == "customers" && c.One != "" && noun != c.One && noun != engine.LastWord(c.One) && noun != "customer" && (!c.Organisation || r.lex.Is("org", noun)) {
			r.customerKind(noun, strings.TrimSpace(m[0]))
		}
	}
}

// customerKind adds a kind to the customer's kind column, the
// customer's own noun first.
func (r *reader) customerKind(kind, from string) {
	c := &r.p.Customer
	i := slices.IndexFunc(c.Attributes, func(a engine.PlanAttribute) bool { return a.Name == "kind" })
	if i < 0 {
		c.Attributes = append(slices.Clone(c.Attributes), engine.PlanAttribute{Name: "kind", Type: "text", Values: []string{c.One}, From: from})
		i = len(c.Attributes) - 1
	}
	if !slices.Contains(c.Attributes[i].Values, kind) {
		c.Attributes[i].Values = append(slices.Clone(c.Attributes[i].Values), kind)
		r.decide(from, "/customer/attributes", "kinds of customer: %s", strings.Join(c.Attributes[i].Values, ", "))
	}
}

func (r *reader) scaleOf(kind string) (engine.PlanScale, bool) {
	for _, s := range r.p.Scale {
		if s.Kind == kind {
			return s, true
		}
	}
	return engine.PlanScale{}, false
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
			hit = ContainsWord(low, k)
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

func ContainsWord(low, w string) bool {
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

// lentTo reports whether words end in a verb of money lent (the
// lexicon's verbs of a loan contract: lend, loan) and "to", up to two
// words of the noun before it: "lending to (tianguis)".
func (r *reader) lentTo(ws []string) bool {
	for k := len(ws) - 1; k >= max(1, len(ws)-3); k-- {
		if ws[k] == "to" && slices.ContainsFunc(r.lex.Verbs, func(v lexicon.Verb) bool {
			return v.Entity == "loan" && v.Archetype == "contracts" && slices.Contains(lexicon.VerbLemma(ws[k-1]), v.Verb)
		}) {
			return true
		}
	}
	return false
}

// counterparts: "three subcontractors", "with local suppliers".
func (r *reader) counterparts() {
	ws := words(r.desc)
	for i, w := range ws {
		sg := r.lex.Singular(w)
		if !r.lex.Is("counterpart", sg) || sg == r.p.Customer.One || r.isCustomerWord(sg) {
			continue
		}
		if slices.ContainsFunc(r.p.Counterparts, func(n engine.PlanNoun) bool { return n.One == sg }) {
			continue
		}
		// "Farmers pay an advance": who pays is a customer; "Tomato
		// grower in the Westland": the business names itself.
		if i+1 < len(ws) && (ws[i+1] == "pay" || ws[i+1] == "pays" || i < 3 && slices.Contains([]string{"in", "near", "based", "on"}, ws[i+1])) {
			continue
		}
		// "lending to market vendors": whom the business lends to are its
		// borrowers, its customers.
		if r.lentTo(ws[:i]) {
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
		r.p.Counterparts = append(r.p.Counterparts, engine.PlanNoun{One: sg, Many: r.lex.Plural(sg), Count: n, From: phrase})
		r.decide(phrase, fmt.Sprintf("/counterparts/%d", len(r.p.Counterparts)-1), "counterpart: %s", r.lex.Plural(sg))
	}
	// "pieces from over 200 weavers": whom the brief counts it gets
	// things from are counterparts too, whatever the word.
	for _, cp := range r.countedFrom {
		if slices.ContainsFunc(r.p.Counterparts, func(n engine.PlanNoun) bool { return n.One == cp.noun }) {
			continue
		}
		n := engine.PlanNoun{One: cp.noun, Many: r.lex.Plural(cp.noun), Count: r.partyCounts[cp.noun], From: cp.phrase}
		r.p.Counterparts = append(r.p.Counterparts, n)
		r.decide(cp.phrase, fmt.Sprintf("/counterparts/%d", len(r.p.Counterparts)-1), "counterpart: %s", counted(&n))
	}
}

// The number words a brief counts with: units and teens by their place
// in the list, the tens, and "twenty-five".
var (
	unitWords = []string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}
	tensWords = map[string]int{"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
)

// numberWords finds them in a text ("one" aside: "one of our vans"),
// the hyphenated tens first.
var numberWords = sync.OnceValue(func() *regexp.Regexp {
	tens := strings.Join(slices.Sorted(maps.Keys(tensWords)), "|")
	return regexp.MustCompile(`(?i)\b((?:` + tens + `)-(?:` + strings.Join(unitWords[1:10], "|") + `)|` + strings.Join(unitWords[2:], "|") + `|` + tens + `|a dozen|a hundred)\b`)
})

var hundreds = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(two|three|four|five|six|seven|eight|nine) hundred\b`)
})

// hundredDigits writes hundreds as digits: "two hundred labourers" are
// 200 of them.
func hundredDigits(s string) string {
	return hundreds().ReplaceAllStringFunc(s, func(w string) string {
		return strconv.Itoa(100 * numberWord(strings.ToLower(strings.Fields(w)[0])))
	})
}

// digits writes small number words as digits: "six vans" → "6 vans".
func digits(s string) string {
	return numberWords().ReplaceAllStringFunc(hundredDigits(s), func(w string) string {
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
	if i := slices.Index(unitWords, w); i > 0 {
		return i
	}
	// "twenty-five"
	if t, u, ok := strings.Cut(w, "-"); ok && tensWords[t] > 0 {
		if i := slices.Index(unitWords[:10], u); i > 0 {
			return tensWords[t] + i
		}
		return 0
	}
	return tensWords[w]
}

// work chooses the line of work: the pack's, or the first capability
// whose archetype can be one.
func (r *reader) work(caps []capability) {
	p := r.p
	if r.ind != nil {
		v := r.ind.Vocabulary
		arch := cmp.Or(r.lex.NounArchetype(v.WorkItem.Singular), r.lex.NounArchetype(engine.LastWord(v.WorkItem.Singular)))
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
		p.Work = engine.PlanWork{Archetype: arch, One: v.WorkItem.Singular, Many: v.WorkItem.Plural, States: v.WorkItem.States, Cancel: v.WorkItem.CancelState,
			DoneKind: v.WorkItem.DoneKind, Offering: engine.PlanNoun{One: v.Offering.Singular, Many: v.Offering.Plural}, Unit: v.Offering.Unit}
		items := v.Offering.Items
		// The brief's cuisine or crop, else its country's: an izakaya
		// serves yakitori, not the generic restaurant's risotto.
		if f, by, ok := catalog.Variant(r.ind.ID, r.s.Industry+" "+r.desc, r.c.Code); ok && len(f.Items) > 0 {
			items = f.Items
			r.decide(by, "/work/items", "the catalogue of %s (%s)", strings.ReplaceAll(f.ID, "_", " "), by)
		}
		for _, it := range items {
			p.Work.Items = append(p.Work.Items, engine.PlanItem{Name: it.Name, Price: it.PriceRange})
		}
		p.Work.Attributes = engine.AttrsOf(v.WorkItem.ExtraColumns)
		st := v.Staff
		p.Staff = engine.PlanNoun{One: st.Singular, Many: st.Plural, Attributes: engine.AttrsOf(st.ExtraColumns)}
		r.decide("", "/work", "line of work: %s of the pack (%s)", p.Work.Many, arch)
		// The brief's word for its people wins over the pack's ("six
		// coaches", "our fitters install on site").
		if sc, ok := r.scaleOf("staff"); ok && !slices.Contains([]string{"employee", "staff", "person", "people", "member of staff", "worker"}, sc.Noun) {
			p.Staff = engine.PlanNoun{One: sc.Noun, Many: r.lex.Plural(sc.Noun), Count: sc.Count, Attributes: p.Staff.Attributes, From: sc.From}
			r.decide(sc.From, "/staff", "staff are %s", p.Staff.Many)
		} else if one, phrase := r.staffNoun(); one != "" {
			p.Staff = engine.PlanNoun{One: one, Many: r.lex.Plural(one), Attributes: p.Staff.Attributes, From: phrase}
			r.decide(phrase, "/staff", "staff are %s", p.Staff.Many)
		}
		return
	}
	var main *capability
	rank := 0
	quoteFirst := false
	for i := range caps {
		// "each truck has its annual technical inspection date": the
		// checks of the business's own fleet are no work it sells.
		if r.ownThingChecked(caps[i], caps[i].entity, caps[i].archetype) != "" {
			continue
		}
		// Nor is what a person must hold to do it (a lifeguard's
		// certificate).
		if caps[i].holder != "" {
			continue
		}
		if a, _ := r.lex.Archetype(caps[i].archetype); a.LineOfWork && (main == nil || a.LineRank < rank || a.LineRank == rank && quoteFirst && !engine.PrecedesWork(caps[i].archetype, caps[i].entity)) {
			main, rank = &caps[i], a.LineRank
			// ("we send an estimate and start only once the customer
			// approves it": the estimate comes before the repairs, which
			// are the work.)
			quoteFirst = engine.PrecedesWork(caps[i].archetype, caps[i].entity)
		}
	}
	arch := "work_orders"
	one, from := "job", ""
	var resource string
	var quals, more []string
	var flags []string
	if main != nil {
		arch, one, from, resource, quals, more = main.archetype, main.entity, main.phrase, main.resource, main.qualifiers, main.resources
		flags = main.flags
		main.archetype = "" // consumed: it is the line of work
		// "deliver water to lodges and farms": the farms are whom it
		// goes to, not a second thing delivered.
		more = slices.DeleteFunc(slices.Clone(more), func(m string) bool {
			return r.isCustomerWord(m)
		})
	}
	a, _ := r.lex.Archetype(arch)
	if main == nil {
		one = a.Entity.One
	}
	w := engine.PlanWork{Archetype: arch, One: one, Many: r.lex.Plural(one), States: slices.Clone(a.States), Cancel: a.Cancel, Unit: a.Unit, From: from}
	// What is offered: the brief's resource ("kayaks"), else the line of
	// work itself.
	off := cmp.Or(resource, one)
	w.Offering = engine.PlanNoun{One: off, Many: r.lex.Plural(off)}
	// Loans and hires go out and come back, as the records beside a
	// line of work do (engine.Lifecycle): "loans returned", not
	// "completed"; money lent is applied for, paid out and repaid.
	// A quote is drafted, sent and approved as the sentence says ("we
	// send an estimate and start only once the customer approves it").
	if lc, ok := engine.Lifecycle(arch, one, off, engine.SentenceOf(r.desc, from)); ok && (arch == "bookings" && slices.Contains([]string{"loan", "hire", "rental"}, engine.LastWord(one)) || (arch == "contracts" || arch == "orders") && lc.OfNoun) {
		w.States, w.Cancel = lc.States, lc.Cancel
	}
	if resource != "" && strings.Contains(strings.ToLower(r.desc), "by the hour") || strings.Contains(strings.ToLower(r.desc), "per hour") || strings.Contains(strings.ToLower(r.desc), "hourly") {
		w.Unit = "per hour"
	}
	w.Items = r.items(off, quals, arch)
	// "we collect used tyres by the tonne": what is sold by weight in
	// bulk is priced by weight, not by parcel size or per piece.
	if main != nil && arch != "bookings" && slices.ContainsFunc(main.units, isBulkWeight) {
		w.Items, w.Unit = engine.BulkList(off), "per tonne"
	} else if unit, bulk := engine.BulkGood(off); bulk && arch != "bookings" {
		// "we deliver water by tanker": by the cubic metre.
		w.Unit = unit
	}
	// "rents canoes and kayaks": what an item is of is a column of the
	// line of work.
	if resource != "" && len(more) > 0 {
		w.Attributes = append(w.Attributes, engine.PlanAttribute{Name: engine.Snake(resource) + "_kind", Type: "text", Values: append([]string{resource}, more...), From: from})
	}
	// "rents kayaks and canoes": each resource is on the price list.
	for _, m := range more {
		w.Items = append(w.Items, engine.PriceList(m, nil, arch)...)
	}
	if len(quals) > 0 {
		vals := append(slices.Clone(quals), "standard")
		w.Attributes = append(w.Attributes, engine.PlanAttribute{Name: "category", Type: "text", Values: vals, From: from})
	}
	for _, f := range flags {
		w.Attributes = append(w.Attributes, engine.PlanAttribute{Name: engine.Snake(f), Type: "boolean", From: from})
	}
	if main != nil {
		main.entity = one
	}
	p.Work = w
	p.Staff = engine.PlanNoun{One: cmp.Or(a.Staff.One, "team member"), Many: cmp.Or(a.Staff.Many, "team members")}
	if sc, ok := r.scaleOf("staff"); ok && sc.Noun != "employee" && sc.Noun != "staff" && sc.Noun != "person" && sc.Noun != "people" && sc.Noun != "member of staff" {
		p.Staff = engine.PlanNoun{One: sc.Noun, Many: r.lex.Plural(sc.Noun), Count: sc.Count, From: sc.From}
	} else if ok {
		p.Staff.Count = sc.Count
	} else if st, phrase := r.staffNoun(); st != "" {
		p.Staff = engine.PlanNoun{One: st, Many: r.lex.Plural(st), From: phrase}
		r.decide(phrase, "/staff", "staff are %s", p.Staff.Many)
	}
	desc := fmt.Sprintf("line of work: %s (%s)", w.Many, arch)
	if resource != "" {
		desc += " of " + r.lex.Plural(resource)
		for _, m := range more {
			desc += ", " + r.lex.Plural(m)
		}
	}
	// ("selling tulip bulbs": bulbs whose category is tulip, not
	// "tulip of bulbs".)
	if len(quals) > 0 {
		desc += "; category " + strings.Join(quals, ", ") + " or standard"
	}
	r.decide(from, "/work", "%s", desc)
}

// suchAsRe is a class named before its examples: "disbursements such as
// court filing fees".
var suchAsRe = regexp.MustCompile(`(?i)\b(\p{L}{4,})\s+such\s+as\b`)

// unitAttributes are the quantities of what a record is priced per:
// "log deliveries are paid by cubic metre" → cubic_metres.
func (r *reader) unitAttributes(c capability, have []engine.PlanAttribute) []engine.PlanAttribute {
	var out []engine.PlanAttribute
	for _, u := range c.units {
		name := engine.Snake(r.lex.Plural(u))
		if slices.ContainsFunc(have, func(a engine.PlanAttribute) bool { return a.Name == name }) || name == "" {
			continue
		}
		typ := "integer"
		if isBulkWeight(u) {
			typ = "real" // half a tonne
		}
		out = append(out, engine.PlanAttribute{Name: name, Type: typ, From: c.phrase})
	}
	return out
}

// isBulkWeight reports whether a price unit is a weight goods are sold
// by in bulk ("by the tonne").
func isBulkWeight(unit string) bool { return unit == "tonne" || unit == "ton" }

// workPriority gives the line of work a priority when the brief speaks
// of urgency ("24-hour emergency care", "weekend emergencies", "same-day
// repairs"), unless it has one already (a pack's urgency).
func (r *reader) workPriority() {
	w := &r.p.Work
	if slices.ContainsFunc(w.Attributes, func(a engine.PlanAttribute) bool {
		return a.Name == "priority" || a.Name == "urgency" || slices.ContainsFunc(a.Values, func(v string) bool { return r.lex.Is("priority", v) })
	}) {
		return
	}
	var found []string
	from := ""
	for _, clause := range clauseSplit().Split(r.desc, -1) {
		for _, wd := range words(clause) {
			if sg := r.lex.Singular(wd); r.lex.Is("priority", sg) && !slices.Contains(found, sg) {
				found = append(found, sg)
				from = cmp.Or(from, strings.TrimSpace(clause))
			}
		}
	}
	if len(found) == 0 {
		return
	}
	w.Attributes = append(w.Attributes, engine.PlanAttribute{Name: "priority", Type: "text", Values: append(found, "standard"), From: from})
	r.decide(from, "/work/attributes", "%s have a priority: %s or standard", w.Many, strings.Join(found, ", "))
}

// workKind records a kind of work the brief names for a pack's line of
// work ("we do repairs" for a plumber's jobs): a value of its kind column.
func (r *reader) workKind(kind, from string) {
	w := &r.p.Work
	i := slices.IndexFunc(w.Attributes, func(a engine.PlanAttribute) bool { return a.Name == "kind_of_work" })
	if i < 0 {
		w.Attributes = append(w.Attributes, engine.PlanAttribute{Name: "kind_of_work", Type: "text", Values: []string{"other"}, From: from})
		i = len(w.Attributes) - 1
	}
	if at := &w.Attributes[i]; !slices.Contains(at.Values, kind) {
		at.Values = append([]string{kind}, at.Values...)
	}
}

// partyFields are the columns of a record for the parties its clause
// names, other than the customer and the staff (who have their own).
func (r *reader) partyFields(c capability) []string {
	var out []string
	var kinds []string // kinds of customer are the customer
	for _, at := range r.p.Customer.Attributes {
		if at.Name == "kind" {
			kinds = at.Values
		}
	}
	for _, p := range c.parties {
		// (Who the record is with has a table of its own.)
		if p == c.counterpart && p != "" {
			continue
		}
		// "booked by groups": a group is the booking's size, not a party.
		if r.lex.IsBookingGroup(r.lex.Singular(engine.LastWord(p))) {
			continue
		}
		if p == r.p.Customer.One || engine.LastWord(p) == engine.LastWord(r.p.Customer.One) || p == r.p.Staff.One || engine.LastWord(p) == engine.LastWord(r.p.Staff.One) || engine.GeneralCustomer(engine.LastWord(p)) || slices.Contains(kinds, p) {
			continue
		}
		out = append(out, engine.Snake(p))
	}
	return out
}

// workFields gives the line of work the fields the brief names for it:
// "every watch is logged with its calibre and serial", "every engagement
// has a signed mandate", and the parties of its clause ("book seats
// through hotels").
func (r *reader) workFields(caps []capability) {
	w := &r.p.Work
	for _, c := range caps {
		// "samples travel by courier" where the work is collections:
		// the archetype's own word is the line of work, and so is its
		// transport.
		if a, _ := r.lex.Archetype(c.archetype); c.archetype == w.Archetype && c.entity == a.Entity.One {
			if at, ok := carrierAttribute(c, w.Attributes); ok {
				w.Attributes = append(w.Attributes, at)
				r.decide(c.phrase, "/work/attributes", "%s go by %s", w.Many, strings.Join(at.Values, ", "))
			}
		}
		if !r.namesWork(c.entity) && c.entity != engine.LastWord(w.One) && !r.isWorkItself(c) && !r.isWorkOn(c) {
			continue
		}
		// "we deliver water by tanker": the tanker is how the work
		// goes (its transport), not a field of it of its own.
		carried, _ := carrierAttribute(c, nil)
		for _, f := range append(slices.Clone(c.fields), r.partyFields(c)...) {
			if slices.Contains(carried.Values, f) || slices.Contains(carried.Values, strings.ReplaceAll(f, "_", " ")) {
				continue
			}
			// "every bike is logged": the kind is the bike's, not the
			// work's ("road and city bikes").
			of := ""
			if f == "kind" && !r.isWorkItself(c) && engine.Snake(c.entity) != engine.Snake(w.One) && c.entity != engine.LastWord(w.One) {
				of = engine.Snake(c.entity) + "_"
			}
			if !slices.ContainsFunc(w.Attributes, func(a engine.PlanAttribute) bool { return sameField(a.Name, of+f) }) && !slices.Contains([]string{"id", "status", "notes", "customer_id", "created_at"}, f) {
				at := r.fieldAttribute(f, c)
				at.Name = of + at.Name
				w.Attributes = append(w.Attributes, at)
				r.decide(c.phrase, "/work/attributes", "%s have %s", w.Many, r.aField(at.Name))
			}
		}
		// "every delivery is closed with a photo": what is done to the
		// work read under another of its words is a yes/no of it.
		if r.isWorkItself(c) {
			for _, f := range c.flags {
				if name := engine.Snake(f); !slices.ContainsFunc(w.Attributes, func(a engine.PlanAttribute) bool { return a.Name == name }) {
					w.Attributes = append(w.Attributes, engine.PlanAttribute{Name: name, Type: "boolean", From: c.phrase})
					r.decide(c.phrase, "/work/attributes", "%s are %s or not", w.Many, f)
				}
			}
		}
		if len(c.stages) > 0 && !slices.ContainsFunc(w.Attributes, func(a engine.PlanAttribute) bool { return a.Name == "stage" }) {
			w.Attributes = append(w.Attributes, engine.PlanAttribute{Name: "stage", Type: "text", Values: c.stages, From: c.phrase})
			r.decide(c.phrase, "/work/attributes", "%s go through %s", w.Many, strings.Join(c.stages, ", "))
		}
		if len(c.places) > 0 {
			if i := slices.IndexFunc(w.Attributes, func(a engine.PlanAttribute) bool { return a.Name == "location" }); i >= 0 {
				w.Attributes[i].Values = union(slices.Clone(w.Attributes[i].Values), c.places)
			} else {
				w.Attributes = append(w.Attributes, engine.PlanAttribute{Name: "location", Type: "text", Values: c.places, From: c.phrase})
				r.decide(c.phrase, "/work/attributes", "%s are at a location: %s", w.Many, strings.Join(c.places, ", "))
			}
		}
		if at, ok := carrierAttribute(c, w.Attributes); ok {
			w.Attributes = append(w.Attributes, at)
			r.decide(c.phrase, "/work/attributes", "%s go by %s", w.Many, strings.Join(at.Values, ", "))
		}
		for _, at := range r.unitAttributes(c, w.Attributes) {
			w.Attributes = append(w.Attributes, at)
			r.decide(c.phrase, "/work/attributes", "%s count %s", w.Many, strings.ReplaceAll(at.Name, "_", " "))
		}
	}
}

// standingOrders marks the orders that repeat: "cafés have standing
// orders every morning" where the work is orders is orders that say so,
// not a second service of orders.
func (r *reader) standingOrders() {
	w := &r.p.Work
	if w.Archetype != "orders" || slices.ContainsFunc(w.Attributes, func(a engine.PlanAttribute) bool { return a.Name == "standing_order" }) {
		return
	}
	for _, clause := range clauseSplit().Split(r.desc, -1) {
		if len(standingOrder(words(clause))) > 0 {
			w.Attributes = append(w.Attributes, engine.PlanAttribute{Name: "standing_order", Type: "boolean", From: strings.TrimSpace(clause)})
			r.decide(strings.TrimSpace(clause), "/work/attributes", "%s are standing orders or not", w.Many)
			return
		}
	}
}

// sameField reports whether two field names say the same: "frame_no"
// of a pack is the brief's "frame_number".
func sameField(a, b string) bool {
	norm := func(s string) string {
		if t, ok := strings.CutSuffix(s, "_number"); ok {
			return t + "_no"
		}
		return s
	}
	return norm(a) == norm(b)
}

// namesWork reports whether a record noun is the line of work's own:
// its word, the thing it is of ("every bike is logged with its frame
// number" where the work is bike services), or a word of its name.
func (r *reader) namesWork(one string) bool {
	w := r.p.Work
	return one != "" && (engine.Snake(one) == engine.Snake(w.One) || engine.Snake(one) == engine.Snake(w.Offering.One) || strings.HasPrefix(w.One, one+" ") || strings.HasSuffix(w.One, " "+one))
}

// isWorkOn reports whether a record is work of the line's own archetype
// on the thing the line of work is of: "servicing bikes" at a workshop
// whose work is bike services. (Bookings are not: a reservation of a
// toy is no loan of it.)
func (r *reader) isWorkOn(c capability) bool {
	w := r.p.Work
	return c.archetype == w.Archetype && c.archetype == "work_orders" && len(c.qualifiers) == 0 && c.resource != "" && r.namesWork(c.resource)
}

// isWorkItself reports whether a record read from a noun alone is the
// line of work under the archetype's own word: "customers get a photo
// proof of delivery" at a courier whose work is parcels is the parcel's
// delivery, not deliveries beside the parcels.
func (r *reader) isWorkItself(c capability) bool {
	if len(c.qualifiers) > 0 {
		return false
	}
	// ("every job starts with a quote" where the work is orders: a job
	// is any business's word for its work.)
	if r.lex.Is("any_work", c.entity) && c.resource == "" && len(c.fields) == 0 {
		if a, ok := r.lex.Archetype(r.p.Work.Archetype); ok && a.LineOfWork {
			return true
		}
	}
	if c.archetype != r.p.Work.Archetype {
		return false
	}
	// ("every job is logged with the car's plate number" where the work
	// is repairs: the job is the repair, verb or no verb.)
	a, _ := r.lex.Archetype(c.archetype)
	return slices.Contains(a.Generic, c.entity) && (c.swept || c.resource == "")
}

// staffNoun finds who does the work: a person noun that is the subject of
// a clause ("our fitters install on site", "instructors are rostered",
// "game masters work evening shifts") and not the customer.
func (r *reader) staffNoun() (string, string) {
	for _, clause := range clauseSplit().Split(r.desc, -1) {
		ws := words(clause)
		start := 0
		for start < len(ws) && (ws[start] == "our" || ws[start] == "the" || ws[start] == "all" || ws[start] == "two" || ws[start] == "each" || ws[start] == "a" || ws[start] == "an") {
			start++
		}
		for i := start; i < len(ws)-1 && i < start+2; i++ {
			sg := r.lex.Singular(ws[i])
			next := ws[i+1]
			// ("a master comes to their home": one of them, with its verb.)
			one := start > 0 && (ws[start-1] == "a" || ws[start-1] == "an") && strings.HasSuffix(next, "s") && len(next) > 3
			// ("drivers bring back a note": a staff word is one of them,
			// whatever else it could be.)
			staffWord := r.lex.ScaleKind(sg) == "staff" || r.lex.Is("tradesperson", sg)
			if sg == ws[i] && !one || !staffWord && !r.looksLikeCustomer(sg) || r.lex.Is("org", sg) || r.lex.ScaleKind(sg) == "customers" || sg == r.p.Customer.One || sg == engine.LastWord(r.p.Customer.One) || r.lex.Is("counterpart", sg) {
				continue
			}
			// "chefs order fresh truffles": who buys is a customer, even
			// in a word of staff.
			if staffWord && slices.Contains([]string{"order", "orders", "buy", "buys", "book", "books", "rent", "rents", "pay", "pays", "hire", "hires", "subscribe", "subscribes", "reserve", "reserves"}, next) {
				continue
			}
			// "chillers are checked", "empty cylinders are collected":
			// what is done to is no one who does the work ("therapists
			// are scheduled" still are).
			if (next == "are" || next == "is") && i+2 < len(ws) && lexicon.PastForm(ws[i+2]) && (r.checkVerb(ws[i+2]) != "" || !staffWord && !slices.Contains(staffingParticiples, ws[i+2])) {
				continue
			}
			// ("a master comes to their home", "makeup artists travel to
			// the venue": everyday verbs of people going to the work; who
			// "gets" something is as often a customer.)
			if r.isVerb(next) || slices.Contains([]string{"are", "is", "work", "come", "comes", "travel", "travels", "visit", "visits", "carry", "carries", "ride", "rides", "drive", "drives"}, next) || staffWord && slices.Contains([]string{"bring", "brings", "take", "takes", "pick", "picks", "load", "loads", "collect", "collects", "deliver", "delivers", "fit", "fits"}, next) {
				one := sg
				if i > start {
					one = ws[i-1] + " " + sg
				}
				return one, strings.TrimSpace(clause)
			}
		}
	}
	// "every lifeguard must hold a valid certificate": who must hold
	// one to do the work are the staff.
	for _, h := range r.holders {
		if h.noun != "everyone" && r.isWorker(h.noun) {
			return h.noun, h.phrase
		}
	}
	return "", ""
}

// aField is a field's name as a decision says a record has it: with its
// article ("a result", "an expiry date"), none before a plural ("hours
// flown").
func (r *reader) aField(name string) string {
	n := strings.ReplaceAll(name, "_", " ")
	if f := strings.Fields(n); len(f) > 0 && r.lex.Singular(f[0]) != f[0] {
		return n
	}
	return engine.An(n)
}

// items makes a price list from the brief's own nouns when no pack has
// one: the lines of the kind of thing sold (by weight, by the hour, by
// term…) and one per qualifier (see engine.PriceList).
func (r *reader) items(noun string, quals []string, arch string) []engine.PlanItem {
	return engine.PriceList(noun, quals, arch)
}

// services chooses the world's services: CRM and the line of work, one
// service per capability, and the horizontal ones (a pack's weighted
// draw; for a composed industry email, chat and billing).
func (r *reader) services(caps []capability) {
	p := r.p
	workName := engine.Snake(p.Work.Many)
	add := func(s engine.PlanService, decision string) {
		if slices.ContainsFunc(p.Services, func(x engine.PlanService) bool { return x.Name == s.Name }) {
			return
		}
		p.Services = append(p.Services, s)
		r.decide(s.From, fmt.Sprintf("/services/%d", len(p.Services)-1), "%s", decision)
	}
	add(engine.PlanService{Name: "crm", Archetype: "crm", Title: "CRM", Builder: "crm"}, "crm (crm): customer records")
	add(engine.PlanService{Name: workName, Archetype: p.Work.Archetype, Title: engine.Title(p.Work.Many), Builder: "work", From: p.Work.From},
		fmt.Sprintf("%s (%s): %s, the line of work", workName, p.Work.Archetype, p.Work.One))
	taken := map[string]bool{"crm": true, workName: true, engine.Snake(p.Work.One): true, engine.Snake(p.Customer.Many): true, engine.Snake(p.Staff.Many): true}
	entities := map[string]string{engine.Snake(p.Customer.One): "crm", engine.Snake(p.Staff.One): workName}
	kept := []keptRecord{{p.Work.One, p.Work.Archetype, r.bookedResource(p.Work.Offering.One)}}
	// Charges the brief names are kinds of invoice in the one billing
	// service; money taken up front is its deposits (policy: before the
	// work is confirmed).
	registerAttrs := map[string][]engine.PlanAttribute{} // the fields of what the brief counts
	var billKinds, billUnits []string
	var upfront, billFrom, refunds string
	for _, c := range caps {
		if c.archetype == "" {
			continue
		}
		a, _ := r.lex.Archetype(c.archetype)
		one := c.entity
		// "instructors are rostered by tide", "lifeguards work shifts":
		// the shifts are of the people the clause names, in its word.
		// "hire porters for every departure": people hired for each of
		// something are assigned to it, not kept as employees.
		if c.archetype == "hr" && r.staffedFor(words(c.phrase)) != "" {
			c.archetype, one = "shifts", "assignment"
			a, _ = r.lex.Archetype(c.archetype)
		}
		// "hire seasonal pickers": the employees are of the role hired.
		if c.archetype == "hr" && engine.LastWord(one) == "employee" && c.resource != "" && r.lex.ScaleKind(engine.LastWord(c.resource)) == "staff" && c.resource != "staff" {
			one = strings.TrimSpace(strings.TrimSuffix(one, "employee") + " " + c.resource)
		}
		// The people on a shift are whom it is of, not what it books.
		if c.archetype == "shifts" && r.lex.ScaleKind(c.resource) == "staff" {
			c.resource = ""
		}
		if c.archetype == "shifts" {
			var fields []string
			one, fields = r.shiftRecord(c, one)
			c.fields = union(c.fields, fields)
			c = r.withRoles(c, one)
			// A crew of several roles names its shifts as a crew's.
			if r.crewOf(one) == "crew member" {
				one = "crew " + engine.LastWord(one)
			}
		}
		if c.archetype == "billing" {
			billUnits = union(billUnits, c.units)
			kind := r.chargeKind(c)
			switch {
			case r.lex.IsMoneyBack(c.entity) || r.lex.IsMoneyBack(engine.LastWord(c.entity)) || slices.ContainsFunc(words(c.phrase), func(w string) bool { return slices.Contains(lexicon.VerbLemma(w), "refund") }):
				// "refunds cancelled crossings": paid invoices are refunded,
				// nothing is invoiced.
				refunds = cmp.Or(refunds, "refund")
				billFrom = cmp.Or(billFrom, c.phrase)
				r.decide(c.phrase, "/services", "billing: paid invoices refunded when the %s is cancelled", p.Work.One)
			case kind == "" && r.lex.Is("price_unit", r.lex.Singular(engine.LastWord(cmp.Or(c.resource, c.entity)))):
				// "bill hours against a retainer", "extra hours are
				// billed": what is billed is counted in the unit.
				billUnits = union(billUnits, []string{r.lex.Singular(engine.LastWord(cmp.Or(c.resource, c.entity)))})
				billFrom = cmp.Or(billFrom, c.phrase)
				r.decide(c.phrase, "/services", "billing: invoices per %s", r.lex.Singular(engine.LastWord(cmp.Or(c.resource, c.entity))))
			case kind == "":
				r.decide(c.phrase, "/services", "billing: no charge named")
			case r.lex.Is("upfront", kind) || r.lex.Is("upfront", engine.LastWord(kind)) || r.precedes(c.phrase) && !slices.Contains(a.Native, kind):
				if upfront == "" {
					upfront = kind // "damage deposit" keeps its word
					if !r.lex.Is("upfront", kind) && !r.lex.Is("upfront", engine.LastWord(kind)) {
						upfront = "deposit" // "pay half up front"
					}
				}
				billFrom = cmp.Or(billFrom, c.phrase)
				r.decide(c.phrase, "/services", "billing: %s taken before the %s goes ahead", r.lex.Plural(upfront), p.Work.One)
			case slices.Contains(a.Native, kind):
				billFrom = cmp.Or(billFrom, c.phrase)
			default:
				// "disbursements such as court filing fees": the class
				// is a kind of invoice, and its example another.
				if m := suchAsRe.FindStringSubmatch(c.phrase); m != nil {
					if class := r.lex.Singular(strings.ToLower(m[1])); !r.lex.Is("stop", class) && !r.lex.Is("vague", class) && class != kind && !slices.Contains(billKinds, class) {
						billKinds = append(billKinds, class)
						r.decide(c.phrase, "/services", "billing: invoices of %s", class)
					}
				}
				if !slices.Contains(billKinds, kind) {
					billKinds = append(billKinds, kind)
				}
				billFrom = cmp.Or(billFrom, c.phrase)
				r.decide(c.phrase, "/services", "billing: invoices of %s", kind)
			}
			continue
		}
		if r.namesWork(one) {
			r.decide(c.phrase, "/work", "%s: already the line of work", r.lex.Plural(one))
			continue
		}
		// "take deposits for bookings" in a business whose line of work
		// is bookings already: the archetype's own word is the work.
		// "We fix boilers and do repairs" in a plumber's pack: the pack's
		// jobs are the repairs; a generic word of the same line of work
		// is no second service beside them.
		if c.archetype == p.Work.Archetype && one == a.Entity.One {
			r.decide(c.phrase, "/work", "%s: already the line of work (%s)", r.lex.Plural(one), p.Work.Many)
			continue
		}
		// "servicing bikes" at a workshop whose work is bike services:
		// work of the line's archetype on the thing the line of work is
		// of is that work, of a kind when its word is another.
		if r.isWorkOn(c) && !r.namesWork(one) {
			// ("tune every piano": tuning is a kind of the work; a verb's
			// own word, "service visit", says no more than the work.)
			if one != a.Entity.One && !slices.Contains(a.Generic, one) && (slices.Contains(a.Native, one) || strings.HasSuffix(one, "ing")) {
				r.workKind(one, c.phrase)
			}
			r.decide(c.phrase, "/work", "%s of %s: the line of work (%s)", r.lex.Plural(one), r.lex.Plural(c.resource), p.Work.Many)
			continue
		}
		// … and the kind of work it is: a column of the line of work.
		// (Not work on a thing of its own: "we rent shoes" at a gym
		// whose work is classes is shoe rentals beside them.)
		// ("clients book cuts" at a salon whose work is appointments: what
		// is booked that is no bookable thing nor a record of its own is
		// a kind of the appointment.)
		plainKind := len(c.qualifiers) == 0 || len(c.qualifiers) == 1 && !strings.ContainsAny(c.qualifiers[0], "0123456789")
		treatment := c.archetype == "bookings" && !c.swept && c.resource == "" && !r.lex.IsBookable(one) && r.lex.NounArchetype(one) == "" && !strings.Contains(one, " ") && plainKind
		nativeKind := len(c.qualifiers) == 0 && slices.Contains(a.Native, one)
		if r.ind != nil && c.archetype == p.Work.Archetype && (c.archetype == "work_orders" || c.archetype == "bookings") && (nativeKind || treatment) && (c.resource == "" || r.namesWork(c.resource)) {
			// ("book gel sets": the kind is the brief's whole word.)
			if len(c.qualifiers) > 0 {
				one = strings.Join(c.qualifiers, " ") + " " + one
			}
			r.workKind(one, c.phrase)
			r.decide(c.phrase, "/work", "%s: a kind of %s, the line of work", r.lex.Plural(one), p.Work.One)
			continue
		}
		if r.isWorkItself(c) {
			r.decide(c.phrase, "/work", "%s: already the line of work (%s)", r.lex.Plural(one), p.Work.Many)
			continue
		}
		// "a workshop servicing bikes" where the work is bike services:
		// work named by an -ing word alone, of the line's own archetype,
		// is a kind of it, not jobs beside it ("tune-ups", "bores" are
		// things of their own).
		if c.swept && c.archetype == "work_orders" && p.Work.Archetype == "work_orders" && len(c.qualifiers) == 0 && c.resource == "" && !strings.Contains(one, " ") && strings.HasSuffix(one, "ing") {
			r.workKind(one, c.phrase)
			r.decide(c.phrase, "/work", "%s: a kind of %s, the line of work", r.lex.Plural(one), p.Work.One)
			continue
		}
		if prev, dup := entities[engine.Snake(one)]; dup {
			r.decide(c.phrase, "/services", "%s: already kept by %s", r.lex.Plural(one), prev)
			continue
		}
		// One thing, one service: "custom cake orders" where the work is
		// bake orders, "maintenance" beside "maintenance visits".
		if prev := twinOf(kept, one, a.ID, r.bookedResource(c.resource), r.occasions()); prev != "" {
			r.decide(c.phrase, "/services", "%s: one thing with the %s kept already", r.lex.Plural(one), r.lex.Plural(prev))
			// ("each lot is labelled with a plant passport": the seed
			// lots kept already have one.)
			for i := range p.Services {
				if s := &p.Services[i]; s.Entity != nil && s.Entity.One == prev {
					for _, f := range c.fields {
						if !slices.ContainsFunc(s.Attributes, func(a engine.PlanAttribute) bool { return a.Name == f }) {
							s.Attributes = append(s.Attributes, r.fieldAttribute(f, c))
						}
					}
					for _, f := range c.flags {
						if f := engine.Snake(f); !slices.ContainsFunc(s.Attributes, func(a engine.PlanAttribute) bool { return a.Name == f }) {
							s.Attributes = append(s.Attributes, engine.PlanAttribute{Name: f, Type: "boolean", From: c.phrase})
						}
					}
				}
			}
			continue
		}
		// "We keep 900 hives": what the brief counts is a register of
		// its own (below), not a document per customer.
		if (c.archetype == "documents" || c.archetype == "inventory") && slices.ContainsFunc(p.Scale, func(s engine.PlanScale) bool { return s.Kind == "assets" && s.Noun == one }) {
			r.decide(c.phrase, "/services", "%s: a register of what the brief counts", r.lex.Plural(one))
			// ("every cask is logged with its fill date and strength":
			// the register's columns.)
			for _, f := range c.fields {
				registerAttrs[one] = append(registerAttrs[one], r.fieldAttribute(f, c))
			}
			continue
		}
		native := slices.Contains(a.Native, one) || slices.Contains(a.Native, engine.LastWord(one))
		if a.Builder != "" && (native || len(a.States) < 2) {
			if engine.Registry[a.Builder] == nil {
				continue
			}
			// The brief's own word for what it keeps titles the service:
			// "Memberships: annual passes", "Memberships: wine club".
			t := a.Title
			if word := strings.TrimSpace(strings.Join(append(slices.Clone(c.qualifiers), one), " ")); word != "" && engine.Snake(word) != engine.Snake(a.Entity.One) && engine.Snake(r.lex.Plural(word)) != engine.Snake(a.Entity.Many) {
				t += ": " + r.lex.Plural(word)
			}
			if a.ID == "timesheets" {
				// "each pilot's flying hours": whose time it is.
				t = a.Title + ": " + r.hoursTitle(c, strings.TrimPrefix(strings.TrimPrefix(t, a.Title), ": "))
				t = strings.TrimSuffix(strings.TrimSpace(t), ":")
			}
			add(engine.PlanService{Name: a.Builder, Archetype: a.ID, Title: t, Builder: a.Builder, From: c.phrase},
				fmt.Sprintf("%s (%s): %s", a.Builder, a.ID, strings.ToLower(strings.TrimPrefix(t, a.Title+": "))))
			continue
		}
		if len(a.States) < 2 {
			continue
		}
		many := r.lex.Plural(one)
		name := engine.Snake(many)
		if taken[name] {
			name = engine.Snake(one + " records")
		}
		if taken[name] {
			continue
		}
		taken[name] = true
		entities[engine.Snake(one)] = name
		kept = append(kept, keptRecord{one, a.ID, r.bookedResource(c.resource)})
		// A record follows the line of work when its archetype is a
		// follow-up (reminders, purchase orders) or the brief says so
		// ("a certificate after each inspection"); other work the business
		// does ("we take bookings for repairs") is no follow-up of the line
		// of work.
		// What is bought or rostered is for the work only when the brief
		// says so ("fabric is ordered after each fitting").
		follows := a.Follows && (!a.LineOfWork || r.follows(c.phrase)) || !a.Follows && r.follows(c.phrase)
		s := engine.PlanService{Name: name, Archetype: a.ID, Title: engine.Title(many), Builder: "record", Entity: &engine.PlanNoun{One: one, Many: many}, Follows: follows, From: c.phrase}
		// "each truck has its annual technical inspection date": a check
		// of what the business runs, not work done for a customer.
		if thing := r.ownThingChecked(c, one, a.ID); thing != "" {
			s.Own, s.Follows = true, false
			// ("the travel lift is inspected": of travel lifts, not lifts.)
			if c.resource != "" && c.resource != thing && strings.HasSuffix(thing, " "+c.resource) {
				c.resource = thing
			}
			r.decide(c.phrase, fmt.Sprintf("/services/%d/own", len(p.Services)), "%s are of the business's own %s: no customer, not invoiced", many, r.lex.Plural(thing))
		}
		switch {
		case c.holder != "":
			// "every lifeguard must hold a valid certificate": the
			// lifeguards' certificates; "every angler needs a valid rod
			// licence" the customers' own.
			// It is checked and verified, not drafted like a form.
			held := engine.HeldLifecycle()
			s.States, s.Cancel = held.States, held.Cancel
			if who := r.credentialHolder(c.holder); who != "" {
				s.Counterpart = &engine.PlanNoun{One: who, Many: r.lex.Plural(who), From: c.phrase}
				r.decide(c.phrase, fmt.Sprintf("/services/%d/counterpart", len(p.Services)), "%s are held by %s, not customers", many, s.Counterpart.Many)
			}
		case c.counterpart != "":
			// "tools go back to the manufacturer for repair": the work is
			// done by them for the business.
			s.Counterpart = &engine.PlanNoun{One: c.counterpart, Many: r.lex.Plural(c.counterpart), Count: r.partyCount(c.counterpart), From: c.counterpartFrom}
			r.decide(c.counterpartFrom, fmt.Sprintf("/services/%d/counterpart", len(p.Services)), "%s are with %s, not customers", many, counted(s.Counterpart))
		case a.Counterparty == "":
		case a.Counterparty == "staff":
			// Shifts are the staff's ("volunteer shifts"), not a customer's.
			s.Counterpart = &engine.PlanNoun{One: p.Staff.One, Many: p.Staff.Many}
			// "hire porters for every departure": the assignments are of
			// the people the clause names, when they are not the staff.
			if who := r.crewOf(one); who != "" && who != p.Staff.One {
				s.Counterpart = &engine.PlanNoun{One: who, Many: r.lex.Plural(who), From: c.phrase}
			}
			r.decide(c.phrase, fmt.Sprintf("/services/%d/counterpart", len(p.Services)), "%s are of %s, not customers", many, s.Counterpart.Many)
		default:
			// Suppliers ("order flour from local mills"), donors ("collect
			// donations from grocery stores").
			cp, cpFrom := r.counterpartOf(c.phrase, a.Counterparty != "supplier")
			cp = cmp.Or(cp, a.Counterparty)
			s.Counterpart = &engine.PlanNoun{One: cp, Many: r.lex.Plural(cp), Count: r.partyCount(cp), From: cpFrom}
			r.decide(cmp.Or(cpFrom, c.phrase), fmt.Sprintf("/services/%d/counterpart", len(p.Services)), "%s are with %s, not customers", many, counted(s.Counterpart))
		}
		// "signed consent forms": a participle is a yes/no of the record;
		// other modifiers are its kinds ("noise complaints").
		var kinds []string
		flags := slices.Clone(c.flags)
		for _, q := range c.qualifiers {
			if strings.HasSuffix(q, "ed") && len(q) > 4 {
				flags = append(flags, q)
			} else {
				kinds = append(kinds, q)
			}
		}
		if len(kinds) > 0 {
			// "noise complaints", "master key systems": each kind in the
			// brief's own compound.
			vals := make([]string, 0, len(kinds)+1)
			for _, k := range kinds {
				vals = append(vals, k+" "+one)
			}
			s.Attributes = append(s.Attributes, engine.PlanAttribute{Name: "category", Type: "text", Values: append(vals, "other"), From: c.phrase})
		}
		for _, f := range flags {
			if !slices.ContainsFunc(s.Attributes, func(a engine.PlanAttribute) bool { return a.Name == engine.Snake(f) }) {
				s.Attributes = append(s.Attributes, engine.PlanAttribute{Name: engine.Snake(f), Type: "boolean", From: c.phrase})
			}
		}
		// "must show a vaccination card before we accept a dog": due
		// before the work goes ahead, not after it.
		if (a.Follows || len(a.States) > 1) && (r.precedes(c.phrase) || r.lex.Is("due_before", one) || r.lex.Is("due_before", engine.LastWord(one))) {
			s.Follows, s.Precedes = false, true
		}
		for _, f := range append(slices.Clone(c.fields), r.partyFields(c)...) {
			if slices.ContainsFunc(s.Attributes, func(a engine.PlanAttribute) bool { return a.Name == f }) || slices.Contains([]string{"id", "status", "notes", "customer_id", "created_at", "source_ref", a.Date, a.Money}, f) {
				continue
			}
			s.Attributes = append(s.Attributes, r.fieldAttribute(f, c))
		}
		// ("loads are priced per 1,000 litres" read as a passive keeps
		// its units too.)
		// Not the record itself ("drops are priced per drop"), nor hours
		// (how long a record lasts is read with its bookings).
		if len(c.units) == 0 {
			for _, u := range r.priceUnits(words(c.phrase)) {
				if u != engine.LastWord(one) && u != "hour" {
					c.units = append(c.units, u)
				}
			}
		}
		s.Attributes = append(s.Attributes, r.unitAttributes(c, s.Attributes)...)
		if len(c.stages) > 0 && !slices.ContainsFunc(s.Attributes, func(a engine.PlanAttribute) bool { return a.Name == "stage" }) {
			s.Attributes = append(s.Attributes, engine.PlanAttribute{Name: "stage", Type: "text", Values: c.stages, From: c.phrase})
		}
		if len(c.places) > 0 && !slices.ContainsFunc(s.Attributes, func(a engine.PlanAttribute) bool { return a.Name == "location" }) {
			s.Attributes = append(s.Attributes, engine.PlanAttribute{Name: "location", Type: "text", Values: c.places, From: c.phrase})
		}
		if at, ok := carrierAttribute(c, s.Attributes); ok {
			s.Attributes = append(s.Attributes, at)
		}
		if c.resource != "" && c.resource != one {
			res := &engine.PlanNoun{One: c.resource, Many: r.lex.Plural(c.resource)}
			if len(c.resources) > 0 {
				res.Attributes = []engine.PlanAttribute{{Name: "kind", Type: "text", Values: append([]string{c.resource}, c.resources...), From: c.phrase}}
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
	// "customers pay half up front": money paid before the work is a
	// deposit, whatever noun the clause has.
	if upfront == "" {
		for _, clause := range clauseSplit().Split(r.desc, -1) {
			ws := words(clause)
			paid := slices.ContainsFunc(ws, func(w string) bool {
				return slices.ContainsFunc(lexicon.VerbLemma(w), func(l string) bool { return l == "pay" || l == "charge" || l == "prepay" })
			})
			if paid && r.precedes(clause) {
				upfront, billFrom = "deposit", cmp.Or(billFrom, strings.TrimSpace(clause))
				r.decide(strings.TrimSpace(clause), "/services", "billing: paid before the %s goes ahead, a deposit", p.Work.One)
				break
			}
		}
	}
	if len(billKinds) > 0 || upfront != "" || refunds != "" || len(billUnits) > 0 {
		bs := engine.PlanService{Name: "billing", Archetype: "billing", Title: "Billing", Builder: "billing", From: billFrom}
		if refunds != "" {
			bs.Attributes = append(bs.Attributes, engine.PlanAttribute{Name: "refunds", Type: "text", Values: []string{refunds}, From: billFrom})
		}
		desc := "billing (billing): invoices"
		if len(billKinds) > 0 {
			vals := append([]string{"invoice"}, billKinds...)
			bs.Attributes = append(bs.Attributes, engine.PlanAttribute{Name: "kind", Type: "text", Values: vals, From: billFrom})
			desc += " of " + strings.Join(vals, ", ")
		}
		if len(billUnits) > 0 {
			bs.Attributes = append(bs.Attributes, engine.PlanAttribute{Name: "unit", Type: "text", Values: billUnits, From: billFrom})
			desc += ", per " + strings.Join(billUnits, ", ")
		}
		if upfront != "" {
			bs.Attributes = append(bs.Attributes, engine.PlanAttribute{Name: "upfront", Type: "text", Values: []string{upfront}, From: billFrom})
			bs.Precedes = true
			desc += fmt.Sprintf(", and %s before each %s goes ahead", r.lex.Plural(upfront), p.Work.One)
		}
		add(bs, desc)
	}
	for _, f := range r.force {
		if d := engine.Registry[f]; d != nil && f != "work" {
			arch := f
			if _, ok := r.lex.Archetype(f); !ok {
				arch = "work_orders"
			}
			name := f
			if name == workName {
				// The line of work has its name: the builder's twin.
				name += cmp.Or(d.Twin, "_desk")
			}
			add(engine.PlanService{Name: name, Archetype: arch, Title: d.Title, Builder: f, From: "forced"}, name+" (forced)")
		}
	}
	// Suppliers the brief names buy through procurement, unless the brief's
	// own purchases keep them already ("order malt and hops from
	// suppliers": one purchasing service, not two); its words for them are
	// the suppliers' kinds.
	buys := slices.ContainsFunc(p.Services, func(s engine.PlanService) bool { return s.Counterpart != nil && s.Archetype == "purchase_orders" })
	var supKinds []string
	supFrom := ""
	for _, cp := range p.Counterparts {
		// (Those things come from, when no service of the brief deals
		// with them already: "pieces from over 200 weavers".)
		from := slices.ContainsFunc(r.countedFrom, func(c countedParty) bool { return c.noun == cp.One }) &&
			!slices.ContainsFunc(p.Services, func(s engine.PlanService) bool { return s.Counterpart != nil && s.Counterpart.One == cp.One })
		if (from || slices.Contains([]string{"supplier", "vendor", "wholesaler", "distributor", "grower", "producer", "farmer", "manufacturer", "importer", "mill"}, engine.LastWord(cp.One))) && engine.Registry["procurement"] != nil {
			supKinds = append(supKinds, cp.One)
			supFrom = cmp.Or(supFrom, cp.From)
		}
	}
	if len(supKinds) > 0 && buys {
		r.decide(supFrom, "/services", "procurement: the purchase orders keep the %s", strings.Join(r.pluralAll(supKinds), ", "))
	} else if len(supKinds) > 0 {
		ps := engine.PlanService{Name: "procurement", Archetype: "procurement", Title: "Procurement", Builder: "procurement", From: supFrom}
		if len(supKinds) > 1 || supKinds[0] != "supplier" {
			ps.Attributes = []engine.PlanAttribute{{Name: "kind", Type: "text", Values: supKinds, From: supFrom}}
		}
		decision := "procurement (procurement): purchase orders to " + strings.Join(r.pluralAll(supKinds), ", ")
		// "the milk of 14 local farmers": what they supply is bought.
		if m := r.suppliedBy(supKinds); len(m) > 0 {
			ps.Resource = &engine.PlanNoun{One: m[0], Many: r.lex.Plural(m[0]), From: supFrom}
			decision += " for " + m[0]
		}
		add(ps, decision)
	}
	if sc, ok := r.scaleOf("vehicles"); ok && !slices.ContainsFunc(p.Services, func(s engine.PlanService) bool { return s.Builder == "fleet" }) {
		fleet := engine.PlanService{Name: "fleet", Archetype: "fleet", Title: "Fleet: " + strconv.Itoa(sc.Count) + " " + r.lex.Plural(sc.Noun), Builder: "fleet", From: sc.From,
			Resource: &engine.PlanNoun{One: sc.Noun, Many: r.lex.Plural(sc.Noun), Count: sc.Count}}
		detail := ""
		if kinds := r.vehicleKinds(); len(kinds) > 0 {
			fleet.Attributes = []engine.PlanAttribute{{Name: "kind", Type: "text", Values: kinds, From: sc.From}}
			detail = " (" + strings.Join(kinds, ", ") + ")"
		}
		add(fleet, fmt.Sprintf("fleet (fleet): %d %s%s", sc.Count, r.lex.Plural(sc.Noun), detail))
	}
	// Counted things of the business no capability keeps: a register of
	// them ("35 horses", "three rigs").
	for _, sc := range p.Scale {
		// "three branches", "four parking garages": a business of several
		// sites keeps a register of them, each in one of its cities.
		sites := sc.Kind == "locations" && sc.Count >= 2 && len(p.Company.Locations) >= 2
		// Units no booking takes ("14 collection points") are a register
		// of their own, as assets are.
		units := sc.Kind == "units" && !slices.ContainsFunc(p.Services, func(s engine.PlanService) bool {
			return s.Resource != nil && (s.Resource.One == sc.Noun || strings.HasSuffix(sc.Noun, s.Resource.One))
		})
		if sc.Kind != "assets" && !sites && !units || entities[engine.Snake(sc.Noun)] != "" || engine.Snake(sc.Noun) == engine.Snake(p.Work.Offering.One) {
			continue
		}
		many := r.lex.Plural(sc.Noun)
		name := engine.Snake(many)
		if taken[name] {
			continue
		}
		taken[name], entities[engine.Snake(sc.Noun)] = true, name
		ps := engine.PlanService{Name: name, Archetype: "assets", Title: engine.Title(many), Builder: "record", Entity: &engine.PlanNoun{One: sc.Noun, Many: many, Count: sc.Count}, From: sc.From}
		if sites {
			ps.Attributes = []engine.PlanAttribute{{Name: "address", Type: "text", From: sc.From}}
		}
		ps.Attributes = append(ps.Attributes, registerAttrs[sc.Noun]...)
		add(ps, fmt.Sprintf("%s (assets): %d %s", name, sc.Count, many))
	}
	// What the opening says the business has, uncounted: "with 22 sea
	// pens and a freshwater hatchery", "with EV chargers".
	for _, o := range r.owned() {
		many := r.lex.Plural(o.One)
		name := engine.Snake(many)
		if taken[name] || entities[engine.Snake(o.One)] != "" || slices.ContainsFunc(p.Scale, func(sc engine.PlanScale) bool { return engine.LastWord(sc.Noun) == engine.LastWord(o.One) }) {
			continue
		}
		taken[name], entities[engine.Snake(o.One)] = true, name
		add(engine.PlanService{Name: name, Archetype: "assets", Title: engine.Title(many), Builder: "record", Entity: &engine.PlanNoun{One: o.One, Many: many, Count: o.Count}, From: o.From},
			fmt.Sprintf("%s (assets): %s", name, many))
	}
	// A food bank or a charity gives to those it serves: no billing of
	// them unless the brief names a charge.
	free := r.lex.FreeToCustomers(strings.ToLower(r.s.Industry + " " + r.desc))
	if free && !slices.ContainsFunc(p.Services, func(s engine.PlanService) bool { return s.Builder == "billing" }) {
		r.decide("", "/services", "no billing: the business serves its %s free of charge", p.Customer.Many)
	}
	if r.ind == nil {
		for _, h := range []string{"email", "chat", "billing"} {
			if h == "billing" && free {
				continue
			}
			a, _ := r.lex.Archetype(h)
			add(engine.PlanService{Name: h, Archetype: h, Title: a.Title, Builder: h}, h+" ("+h+"): every business has it")
		}
		// Rules that bind state need a second service that keeps state
		// about the work (tickets or appointments), as a pack's world
		// has: without it a composed world has one or two policies.
		reactors := r.lex.Reactors.Composed
		if !slices.ContainsFunc(p.Services, func(s engine.PlanService) bool { return slices.Contains(reactors, s.Builder) }) {
			h := reactors[r.s.Rand(engine.StageGraph).IntN(len(reactors))]
			if d := engine.Registry[h]; d != nil {
				what := map[string]string{"helpdesk": "tickets", "calendar": "meetings"}[h]
				add(engine.PlanService{Name: h, Archetype: h, Title: d.Title, Builder: h}, fmt.Sprintf("%s (%s): %s about the %s", h, h, what, r.lex.Plural(p.Work.One)))
			}
		}
		return
	}
	// A pack's world: one of its verticals at random and a weighted draw
	// of horizontal services, as Synthesize has always drawn them.
	rng := r.s.Rand(engine.StageGraph)
	chosen := map[string]bool{}
	for _, s := range p.Services {
		chosen[s.Builder], chosen[s.Name] = true, true
	}
	var verticals []string
	for _, v := range r.ind.Services {
		if d := engine.Registry[v]; d != nil && d.Vertical && v != workName || r.recordArchetype(v) && v != workName {
			verticals = append(verticals, v)
		}
	}
	rng.Shuffle(len(verticals), func(i, j int) { verticals[i], verticals[j] = verticals[j], verticals[i] })
	var picked []string
	for _, v := range verticals[:min(len(verticals), rng.IntN(2))] {
		chosen[v] = true
		picked = append(picked, v)
	}
	// A world needs services that react to the work downstream, or it
	// has no policies across systems. Rules that bind state need services
	// that keep state about others' work (invoices, tickets, bookings):
	// notifications may be at most a third of the policies. Two of them.
	reactors := slices.Clone(r.lex.Reactors.Pack)
	if free {
		reactors = slices.DeleteFunc(reactors, func(s string) bool { return s == "billing" })
	}
	rng.Shuffle(len(reactors), func(i, j int) { reactors[i], reactors[j] = reactors[j], reactors[i] })
	for _, n := range reactors {
		if len(slices.DeleteFunc(slices.Clone(reactors), func(r string) bool { return !chosen[r] })) >= 2 {
			break
		}
		if !chosen[n] {
			chosen[n] = true
			picked = append(picked, n)
		}
	}
	target := 4 + rng.IntN(5) // 4..8
	var pool []*engine.ServiceDef
	for _, n := range engine.ServiceNames() {
		// A builder of the line of work's own archetype would keep the
		// same thing twice (a bakery's bake orders and "orders").
		if d := engine.Registry[n]; !d.Vertical && !chosen[n] && n != "work" && !(free && n == "billing") && n != p.Work.Archetype {
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
		// A pack's record archetype ("cases": the complaints and
		// incidents it handles) is built as a composed world's would be.
		if engine.Registry[n] == nil {
			a, _ := r.lex.Archetype(n)
			add(engine.PlanService{Name: n, Archetype: a.ID, Title: a.Title, Builder: "record", Entity: &engine.PlanNoun{One: a.Entity.One, Many: a.Entity.Many}},
				fmt.Sprintf("%s (%s): typical of %s", n, a.ID, r.ind.Name))
			continue
		}
		arch := n
		if _, ok := r.lex.Archetype(n); !ok {
			arch = "work_orders"
			if a := r.lex.NounArchetype(r.lex.Singular(strings.Split(n, "_")[0])); a != "" {
				arch = a
			}
		}
		add(engine.PlanService{Name: n, Archetype: arch, Title: engine.Registry[n].Title, Builder: n}, fmt.Sprintf("%s (%s): typical of %s", n, arch, r.ind.Name))
	}
}

// recordArchetype reports whether a pack's service id is an archetype of
// the lexicon that the record builder builds (it has states and no
// builder of its own).
func (r *reader) recordArchetype(id string) bool {
	a, ok := r.lex.Archetype(id)
	return ok && a.Builder == "" && len(a.States) >= 2
}

// fieldType is the type of a field the brief names, by its last word
// (lexicon field_types): "fill_date" a date, "strength" a number, else
// text.
func fieldType(f string) string {
	return lexicon.Load().FieldType(f)
}

// chargeKind names the charge a billing capability is about ("green
// fee", "instalment", "rent"): its record noun, unless that is a person,
// a time or no charge at all ("pay farmers", "bill monthly").
func (r *reader) chargeKind(c capability) string {
	k := c.entity
	if c.resource != "" && c.entity == "charge" {
		k = c.resource
	}
	// "a damage deposit", "a booking fee": the noun before a charge
	// says which ("monthly", "signed" do not).
	if n := len(c.qualifiers); n > 0 && k == c.entity && !strings.Contains(k, " ") {
		if q := c.qualifiers[n-1]; !strings.HasSuffix(q, "ly") && !strings.HasSuffix(q, "ed") && !isNumber(q) && !r.lex.Is("det", q) {
			k = q + " " + k
		}
	}
	last := engine.LastWord(k)
	if len(k) < 3 || r.looksLikeCustomer(last) && !strings.HasSuffix(last, "er") || r.lex.ScaleKind(last) != "" || r.lex.Is("counterpart", last) ||
		slices.Contains([]string{"time", "month", "week", "day", "year", "hour", "what", "quarterly", "monthly", "weekly", "half", "rest", "part", "share", "kilo", "minute"}, last) {
		return ""
	}
	if strings.HasSuffix(last, "er") && r.looksLikeCustomer(last) {
		return ""
	}
	return k
}

// follows reports whether a clause says its record comes after the
// work: "issue a certificate after each inspection", "once the job is
// done we send a survey".
func (r *reader) follows(phrase string) bool {
	low := " " + strings.Join(words(phrase), " ") + " "
	return slices.ContainsFunc(r.lex.FollowCues, func(cue string) bool { return strings.Contains(low, " "+cue+" ") })
}

// precedes reports whether a clause says its record comes before the
// work goes ahead: "take a deposit at booking", "pay half up front",
// "must sign a waiver before the dive".
func (r *reader) precedes(phrase string) bool {
	low := " " + strings.Join(words(phrase), " ") + " "
	for _, cue := range r.lex.PrecedeCues {
		if strings.Contains(low, " "+cue+" ") {
			return true
		}
	}
	return false
}

func (r *reader) pluralAll(ones []string) []string {
	out := make([]string, len(ones))
	for i, o := range ones {
		out[i] = r.lex.Plural(o)
	}
	return out
}

var listSplit = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`,|\band\b|\bor\b|&`) })

// customerKinds reads the list of customers after a cue ("for builders,
// councils and housing associations", "customers are commuters and
// students") from the description's own text; first is the list's first
// word.
func (r *reader) customerKinds(cue, first string) []string {
	low := strings.ToLower(r.desc)
	i := strings.Index(low, cue+" "+first)
	if i < 0 {
		return nil
	}
	rest := low[i+len(cue):]
	if j := strings.IndexAny(rest, ".;:!?"); j >= 0 {
		rest = rest[:j]
	}
	var kinds []string
	for _, part := range listSplit().Split(rest, -1) {
		ws := words(part)
		// "for collectors and for three retail jewellers": the cue again,
		// and a count, start the next kind.
		if len(kinds) > 0 && len(ws) > 1 && strings.Join(ws[:len(strings.Fields(cue))], " ") == cue {
			ws = ws[len(strings.Fields(cue)):]
		}
		for len(ws) > 1 && (numberWord(ws[0]) > 0 || isNumber(ws[0])) {
			ws = ws[1:]
		}
		// ("to readers and supplying schools": the item's verb is no
		// kind of the buyer.)
		if len(kinds) > 0 && len(ws) > 1 && strings.HasSuffix(ws[0], "ing") && r.isVerb(ws[0]) {
			ws = ws[1:]
		}
		// ("for homeowners and landlords twice a year": how often is no
		// part of whom.)
		if k := slices.IndexFunc(ws, func(w string) bool {
			return slices.Contains([]string{"once", "twice", "thrice", "every", "each", "daily", "weekly", "monthly", "yearly", "annually"}, w)
		}); k > 0 {
			ws = ws[:k]
		}
		// The list ends where a clause does: "for landlords between tenants".
		np := r.nounPhrase(ws)
		if len(np) == 0 || len(np) > 3 {
			if len(kinds) > 0 {
				break
			}
			continue
		}
		// "housing associations in Glasgow": the last of the list.
		last := len(ws) > len(np)+1
		head := r.lex.Singular(np[len(np)-1])
		one := head
		if len(np) > 1 && !r.lex.Is("modifier", np[len(np)-2]) {
			one = r.lex.Singular(np[len(np)-2]) + " " + head
			// "health food shops", "fleet repair workshops": a kind of
			// three words keeps them, unless the first only qualifies.
			if len(np) == 3 && !r.lex.Is("modifier", np[0]) && !r.lex.Is("det", np[0]) && len(np[0]) > 2 && !r.isVerb(np[0]) {
				one = np[0] + " " + np[1] + " " + head
			}
		}
		// "to homes and offices": premises stand for who has them, in a
		// list of two or more; "shipping lines" are organisations by
		// both their words.
		// (So are landlords in a list of whom the business works for:
		// "for homeowners and landlords".)
		if !r.looksLikeCustomer(head) && !r.lex.Is("org", one) && !(r.lex.Is("premises", head) && strings.Contains(rest, " and ")) && !(len(kinds) > 0 && r.lex.Is("counterpart", head)) {
			break
		}
		if !slices.Contains(kinds, one) {
			kinds = append(kinds, one)
		}
		if last {
			break
		}
	}
	return kinds
}

// approximately are the words of a rough count: "from about 400
// smallholders".
var approximately = []string{"about", "around", "some", "over", "nearly", "roughly", "almost", "more", "than"}

var fromRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\bfrom\s+((?:[\p{L}\p{N}-]+\s+){0,3}[\p{L}-]+)`) })

// counterpartOf reads whom the records of a clause are with when they
// are bought or given: "order flour and butter from local mills" → mill;
// with anyParty any firm or person ("donations from grocery stores" →
// grocery store). It reads
// from the clause to the end of its sentence; a capitalised word after
// "from" is a place ("from Stockholm"), not a firm.
func (r *reader) counterpartOf(phrase string, anyParty bool) (noun, from string) {
	i := strings.Index(strings.ToLower(r.desc), strings.ToLower(phrase))
	if i < 0 || phrase == "" {
		return "", ""
	}
	rest := r.desc[i:]
	if j := strings.IndexAny(rest, ".;!?\n"); j >= 0 {
		rest = rest[:j]
	}
	for _, m := range fromRe().FindAllStringSubmatch(rest, -1) {
		ws := words(m[1])
		// "from highland communities and spinning yarn": the list's
		// first is whom it is bought from.
		if i := slices.Index(ws, "and"); i > 0 {
			ws = ws[:i]
		}
		for len(ws) > 1 && (numberWord(ws[0]) > 0 || isNumber(ws[0]) || slices.Contains(approximately, ws[0])) {
			ws = ws[1:] // "from two wholesalers", "from about 400 smallholders"
		}
		np := r.nounPhrase(ws)
		if len(np) == 0 {
			continue
		}
		if first := []rune(strings.Fields(m[1])[0]); unicode.IsUpper(first[0]) && !r.lex.Is("det", strings.ToLower(string(first))) {
			continue
		}
		head := r.lex.Singular(np[len(np)-1])
		// "from forest owners", "from swiftlet houses": a producer one
		// buys from by both its words.
		if len(np) > 1 {
			if two := r.lex.Singular(np[len(np)-2]) + " " + head; r.lex.IsSource(two) {
				return two, strings.TrimSpace(m[0])
			}
		}
		if r.lex.IsSource(head) || r.lex.Is("counterpart", head) || anyParty && (r.lex.Is("org", head) || r.looksLikeCustomer(head)) {
			if len(np) > 1 && !r.lex.Is("modifier", np[len(np)-2]) && anyParty {
				head = r.lex.Singular(np[len(np)-2]) + " " + head // "grocery stores"
			}
			return head, strings.TrimSpace(m[0])
		}
	}
	return "", ""
}

// keptRecord is a record a service keeps already: its noun, archetype
// and the bookable thing it is a booking of ("" for none).
type keptRecord struct{ one, archetype, resource string }

// bookedResource is a resource when it is a bookable thing (a stable, an
// arena), else "".
func (r *reader) bookedResource(res string) string {
	if res != "" && r.lex.IsBookable(res) {
		return res
	}
	return ""
}

// twinOf returns the record already kept that a new one is the same thing
// as: one of the same archetype and head ("cake order" and "bake order"),
// or one that is the other with a word more ("maintenance", "maintenance
// visit"); "" when there is none. A "purchase order" is no "order" of the
// business's own: heads alone join only records of one archetype. Two
// bookings of different things ("stable booking", "arena booking") are
// two records.
func twinOf(kept []keptRecord, one, archetype, resource string, occasions []string) string {
	w := strings.Fields(one)
	// "maintenance visit" is maintenance; a "maintenance plan" or an
	// "inspection label" is a thing of its own.
	occasion := func(ws []string) bool { return slices.Contains(occasions, ws[len(ws)-1]) }
	for _, k := range kept {
		kw := strings.Fields(k.one)
		if len(w) == 0 || len(kw) == 0 || k.one == one || archetype == "bookings" && resource != "" && k.resource != "" && resource != k.resource {
			continue
		}
		if k.archetype == archetype && kw[len(kw)-1] == w[len(w)-1] && archetype != "documents" ||
			len(w) == 1 && len(kw) > 1 && kw[0] == w[0] && occasion(kw) || len(kw) == 1 && len(w) > 1 && w[0] == kw[0] && occasion(w) {
			return k.one
		}
	}
	return ""
}

// occasions are the nouns of a time the work is done ("visit", "session",
// "appointment"): the native nouns of the bookings and work-order
// archetypes.
func (r *reader) occasions() []string {
	var out []string
	for _, id := range []string{"bookings", "work_orders"} {
		a, _ := r.lex.Archetype(id)
		out = append(out, a.Native...)
	}
	return out
}

// subjectCustomer reads the customer from a clause whose subject books,
// buys or pays: "Owners book grooms online", "guests order at the bar".
func (r *reader) subjectCustomer() (engine.PlanNoun, bool) {
	for _, clause := range clauseSplit().Split(r.desc, -1) {
		ws := words(clause)
		for i := 0; i+1 < len(ws) && i < 3; i++ {
			sg := r.lex.Singular(ws[i])
			// ("our carers visit older people": the business's own
			// people are no customers.)
			if sg == ws[i] || !r.looksLikeCustomer(sg) || r.lex.Is("counterpart", sg) || i > 0 && ws[i-1] == "our" {
				continue
			}
			if customerVerb(ws[i+1]) {
				one := sg
				if i > 0 && !r.lex.Is("det", ws[i-1]) && ws[i-1] != "our" {
					one = ws[i-1] + " " + sg
				}
				return engine.PlanNoun{One: one, Many: r.lex.Plural(one), Organisation: r.lex.Is("org", sg), From: strings.TrimSpace(clause)}, true
			}
		}
	}
	// "Passengers and cars are booked per sailing": the people booked
	// are whom the business serves (read in the sentence: its "and"
	// would split the clause).
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		ws := words(sentence)
		for i := 0; i+1 < len(ws) && i < 3; i++ {
			if sg := r.lex.Singular(ws[i]); sg != ws[i] && sg != "customer" && r.lex.ScaleKind(sg) == "customers" && passiveBooked(ws[i+1:]) > 0 {
				return engine.PlanNoun{One: sg, Many: r.lex.Plural(sg), Organisation: r.lex.Is("org", sg), From: strings.TrimSpace(sentence)}, true
			}
		}
	}
	return engine.PlanNoun{}, false
}

// customerVerbs are what the people a business serves do to get it:
// the subject of one is its customer ("owners book grooms online").
var customerVerbs = []string{"book", "order", "buy", "pay", "rent", "reserve", "bring", "join", "sign", "hire", "call", "visit", "choose", "subscribe", "come", "drop", "collect", "unlock", "borrow", "attend", "charter", "commission"}

// customerVerb reports whether a word is a form of a customer verb.
func customerVerb(w string) bool {
	return slices.ContainsFunc(lexicon.VerbLemma(w), func(l string) bool { return slices.Contains(customerVerbs, l) })
}

// coordinatedSubject reads two kinds of customer that share a customer
// verb at the start of a sentence: "Cruise passengers and hotel guests
// book tours", "Photographers and brands book a studio" (the clauses
// split at "and" would keep only the second). Each kind is a plural
// word for people or organisations, with at most one word before it.
func (r *reader) coordinatedSubject() ([]string, string) {
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		ws := words(sentence)
		for len(ws) > 0 && (r.lex.Is("det", ws[0]) || ws[0] == "both") {
			ws = ws[1:]
		}
		and := slices.Index(ws, "and")
		if and < 1 || and > 2 || and+3 > len(ws) {
			continue
		}
		kind := func(np []string) string {
			head := r.lex.Singular(np[len(np)-1])
			if head == np[len(np)-1] || !r.looksLikeCustomer(head) || r.lex.Is("counterpart", head) || r.lex.ScaleKind(head) == "staff" {
				return ""
			}
			// ("print shops": before the shared verb, a word that could be
			// a verb is the kind's modifier.)
			if len(np) == 2 {
				if r.lex.Is("det", np[0]) || r.lex.Is("stop", np[0]) {
					return ""
				}
				return np[0] + " " + head
			}
			return head
		}
		a := kind(ws[:and])
		for n := 2; n <= 3 && and+n < len(ws); n++ {
			if !customerVerb(ws[and+n]) {
				continue
			}
			if b := kind(ws[and+1 : and+n]); a != "" && b != "" && a != b {
				return []string{a, b}, strings.Join(ws[:and+n+1], " ")
			}
		}
	}
	return nil, ""
}

// passiveBooked is how many words after a subject say it is booked
// ("are booked", "and cars are booked", "can be reserved"), 0 when they
// do not.
func passiveBooked(ws []string) int {
	k := 0
	if len(ws) >= 2 && (ws[0] == "and" || ws[0] == "or") {
		k = 2 // "and cars"
	}
	rest := ws[k:]
	for len(rest) > 0 && slices.Contains([]string{"are", "is", "can", "be", "get", "must", "usually", "always"}, rest[0]) {
		rest, k = rest[1:], k+1
	}
	if k == 0 || len(rest) == 0 || rest[0] != "booked" && rest[0] != "reserved" {
		return 0
	}
	return k + 1
}

// isCustomerWord reports whether a noun is the plan's customer or one of
// its kinds ("farms" of "to lodges and farms").
func (r *reader) isCustomerWord(noun string) bool {
	c := r.p.Customer
	if noun == c.One || noun == engine.LastWord(c.One) {
		return true
	}
	for _, a := range c.Attributes {
		if a.Name == "kind" && slices.Contains(a.Values, noun) {
			return true
		}
	}
	return false
}

// staffingParticiples are what is done to people who work ("guides are
// rostered"): a passive of another verb is of a thing ("cylinders are
// collected").
var staffingParticiples = []string{"scheduled", "rostered", "assigned", "trained", "employed", "hired", "certified", "vetted", "paid", "booked", "licensed", "qualified", "registered", "contracted", "based", "dispatched", "sent"}
