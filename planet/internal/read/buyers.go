package read

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/mercury/mcp-world/planet/internal/engine"
)

// Trade buyers: a business that makes or grows things sells to other
// businesses as well as to the customer a brief names first ("we sell
// cloth to boutiques … run classes for tourists", "hotels and souvenir
// shops order hats", "we take commissions from tea houses"). Each kind
// of buyer a sale clause names is a kind of customer, a column of the
// CRM, so that an order can be told apart by who placed it.

// sellTo is a sale verb with the buyers after "to": "sell dyed leather to
// the slipper makers", "export to cosmetics brands", "deliver to
// taquerías on standing orders", "deliver cylinders to hospitals,
// nursing homes and clinics" (the list goes on past its commas).
var sellTo = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:sell|sells|selling|sold|supply|supplies|supplying|supplied|export|exports|exporting|exported|deliver|delivers|delivering|delivered|ship|ships|shipping|shipped|wholesale|wholesales)\b[^,;:.!?]*?\bto\s+([^;:.!?]+)`)
})

// orderedBy is a clause whose subject buys: "hotels and souvenir shops
// order hats", "Mechanics across the South-East order on WhatsApp",
// "retail shops reorder dried nests", "dealers consign rough stones".
var orderedBy = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^\s*(?:and\s+)?((?:[\p{L}'’-]+\s+){1,5}?)(?:order|orders|reorder|reorders|buy|buys|commission|commissions|consign|consigns|contract|contracts)\b`)
})

// orderedFrom is a record of a sale with its buyers after "from": "take
// commissions from tea houses", "orders from restaurants".
var orderedFrom = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:commissions|orders|standing orders|bookings)\s+from\s+([^,;:.!?]+)`)
})

// tradeBuyers adds the kinds of buyer the sale clauses name to the
// customer's kinds, when they are two or more with the customer the
// brief names first.
func (r *reader) tradeBuyers() {
	p := r.p
	var kinds []string
	if one := p.Customer.One; one != "" && !engine.GeneralCustomer(one) {
		kinds = append(kinds, one)
	}
	for _, a := range p.Customer.Attributes {
		if a.Name == "kind" {
			kinds = union(kinds, a.Values)
		}
	}
	before := len(kinds)
	var from []string
	take := func(list, phrase string) {
		if got := r.buyersIn(list); len(got) > 0 {
			kinds = union(kinds, got)
			from = append(from, strings.TrimSpace(phrase))
		}
	}
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		// "export kernels to China and sell splits to bakeries": the next
		// sale starts inside the list of the one before.
		for pos := 0; pos < len(sentence); {
			m := sellTo().FindStringSubmatchIndex(sentence[pos:])
			if m == nil {
				break
			}
			take(sentence[pos+m[2]:pos+m[3]], sentence[pos+m[0]:pos+m[1]])
			pos += m[2]
		}
		for _, m := range orderedFrom().FindAllStringSubmatch(sentence, -1) {
			take(m[1], m[0])
		}
		for i, clause := range strings.Split(sentence, ",") {
			m := orderedBy().FindStringSubmatch(clause)
			// A capitalised first word is the sentence's own start, not a
			// place ("Hotels order welcome chocolates").
			if m != nil && (i == 0 || !startsUpper(m[1])) && r.subjectOnly(lowerFirst(m[1])) {
				take(lowerFirst(m[1]), m[0])
			}
		}
	}
	// "we sell by the thousand to building contractors": with no
	// customer word of its own, the one buyer the sales name is the
	// customer.
	if before == 0 && len(kinds) == 1 && p.Customer.One == "customer" {
		one := kinds[0]
		p.Customer.One, p.Customer.Many = one, r.lex.Plural(one)
		p.Customer.Organisation = r.lex.Is("org", one) || r.lex.Is("org", engine.LastWord(one)) || r.lex.Is("trade_buyer", engine.LastWord(one)) && r.lex.ScaleKind(engine.LastWord(one)) != "staff"
		p.Customer.From = strings.Join(from, "; ")
		r.decide(p.Customer.From, "/customer", "customers are %s (the buyers the sales name)", p.Customer.Many)
		return
	}
	if len(kinds) < 2 || len(kinds) == before {
		return
	}
	attrs := slices.DeleteFunc(slices.Clone(p.Customer.Attributes), func(a engine.PlanAttribute) bool { return a.Name == "kind" })
	p.Customer.Attributes = append(attrs, engine.PlanAttribute{Name: "kind", Type: "text", Values: kinds, From: strings.Join(from, "; ")})
	r.decide(strings.Join(from, "; "), "/customer/attributes", "kinds of customer: %s (the buyers the sales name)", strings.Join(kinds, ", "))
}

// subjectOnly: the words before a buying verb are its subject alone,
// nouns and where they are ("hotels and souvenir shops", "Mechanics
// across the South-East"), not a clause of its own ("deliver to
// taquerías on standing orders").
func (r *reader) subjectOnly(s string) bool {
	for _, w := range words(s) {
		if slices.Contains(wherePrepositions, w) {
			return true
		}
		if r.isVerb(w) || r.lex.Is("stop", w) && w != "and" {
			return false
		}
	}
	return true
}

// buyersIn reads the buyers a list names ("the slipper and bag makers of
// the souk", "hotels and souvenir shops", "boutiques in Jakarta"): each
// a person or an organisation, never a place ("to China", "to buyers in
// Italy and Japan" names buyers, not Japan) nor the business's own
// premises ("to our workshop").
func (r *reader) buyersIn(list string) []string {
	var out []string
	for _, part := range listSplit().Split(list, -1) {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		// "to China", "Shops in Istanbul and Ankara": a name is a place.
		if startsUpper(part) {
			break
		}
		ws := words(part)
		if len(ws) > 0 && (ws[0] == "our" || ws[0] == "my" || ws[0] == "us" || ws[0] == "them") {
			break
		}
		for len(ws) > 1 && (numberWord(ws[0]) > 0 || isNumber(ws[0])) {
			ws = ws[1:]
		}
		// "…, and supplying schools": the verb of the item is no kind
		// of the buyer.
		if len(ws) > 1 && strings.HasSuffix(ws[0], "ing") && r.isVerb(ws[0]) {
			ws = ws[1:]
		}
		// "mechanics across the South-East": where they are is no part
		// of who they are.
		for i, w := range ws {
			if i > 0 && slices.Contains(wherePrepositions, w) {
				ws = ws[:i]
				break
			}
		}
		np := r.nounPhrase(ws)
		if len(np) == 0 || len(np) > 3 {
			break
		}
		head := r.lex.Singular(np[len(np)-1])
		one := head
		if len(np) > 1 && !r.lex.Is("modifier", np[len(np)-2]) && !r.lex.Is("det", np[len(np)-2]) && len(np[len(np)-2]) > 2 {
			one = r.lex.Singular(np[len(np)-2]) + " " + head
		}
		if !r.isBuyer(head, one) {
			break
		}
		if !slices.Contains(out, one) {
			out = append(out, one)
		}
		// "boutiques in Jakarta": the list ends with the first that a
		// place follows.
		if len(ws) > len(np)+1 {
			break
		}
	}
	return out
}

// isBuyer: a customer noun, an organisation, or a trade that buys from
// makers and growers (a stall, a boutique, a refinery, a mechanic).
func (r *reader) isBuyer(head, one string) bool {
	if r.lex.Is("trade_buyer", one) || r.lex.Is("trade_buyer", head) || r.lex.Is("org", one) {
		return true
	}
	if r.lex.Is("counterpart", head) && !r.lex.Is("org", head) || r.lex.IsSource(head) && !r.lex.Is("org", head) {
		return false
	}
	return r.looksLikeCustomer(head) && r.lex.ScaleKind(head) != "staff"
}

// wherePrepositions start where a buyer is, after who it is.
var wherePrepositions = []string{"in", "across", "around", "near", "throughout", "along", "from", "of", "at", "on", "abroad", "overseas"}

func startsUpper(s string) bool {
	for _, c := range strings.TrimSpace(s) {
		return unicode.IsUpper(c)
	}
	return false
}

func lowerFirst(s string) string {
	s = strings.TrimSpace(s)
	for i, c := range s {
		return string(unicode.ToLower(c)) + s[i+len(string(c)):]
	}
	return s
}

// standingOrder reads a sale that repeats on an agreed order ("deliver
// to taquerías on standing orders", "pubs buy kegs on a standing
// order"): whether each record is on one is a yes/no of it.
func standingOrder(ws []string) []string {
	for i := 0; i+1 < len(ws); i++ {
		if ws[i] == "standing" && (ws[i+1] == "order" || ws[i+1] == "orders") {
			return []string{"standing order"}
		}
	}
	return nil
}
