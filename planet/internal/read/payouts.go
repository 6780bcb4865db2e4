package read

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/lexicon"
)

// payout is money the business pays out rather than bills: to the
// sellers of a flea market, the clients of a collection agency, the
// members of a cooperative, the guides and agencies that bring it
// customers.
type payout struct {
	payees []string // singular nouns of who is paid; none when the brief names nobody
	// commission: "kept" when the business keeps one from the payout
	// ("minus a 10% commission"), "paid" when the payout is one ("pay
	// each guide a commission", "earn a commission").
	commission string
	units      []string // what it is paid per: "per hat", "by the kilo"
	basis      []string // what the units are of: "the kilo of kernels"
	from       string   // the sentence that said it
}

// passiveAux are the words before a past form that make it passive:
// "members are paid by the kilo".
var passiveAux = []string{"is", "are", "was", "were", "be", "been", "get", "gets"}

// payouts reads what the business pays out: "we pay out their sales
// every Monday", "we pay each guide a commission", "members are paid by
// the kilo of kernels", "hotels and agencies who earn a commission". A
// customer paying ("charterers pay 50% at booking") is billing, not a
// payout; so are wages ("paid by the hour", "overtime"), which are the
// staff's pay. It also drops the capabilities that are the payout
// itself ("a commission" read as a commissioned order).
func (r *reader) payouts(caps []capability) (payout, []capability) {
	var out payout
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		ws := words(sentence)
		starts := clauseStarts(sentence)
		for i := range ws {
			payees, ok := r.payeesAt(ws, i, starts[i])
			if !ok {
				continue
			}
			tail := ws[i+1 : min(len(ws), i+10)]
			if slices.ContainsFunc(tail, func(w string) bool {
				return slices.Contains([]string{"hour", "hourly", "overtime", "wage", "salary", "shift"}, r.lex.Singular(w))
			}) {
				continue
			}
			out.payees = union(out.payees, payees)
			if out.commission == "" {
				out.commission = commissionOf(r, ws)
			}
			out.units = union(out.units, r.priceUnits(tail))
			// A piece rate: "pay the weavers per hat".
			for k := 0; k+1 < len(tail); k++ {
				if sg := r.lex.Singular(tail[k+1]); tail[k] == "per" && !r.lex.Is("det", sg) && !r.lex.Is("vague", sg) && !isNumber(sg) {
					out.units = union(out.units, []string{sg})
				}
			}
			for k := range len(tail) - 2 {
				if slices.Contains(out.units, r.lex.Singular(tail[k])) && tail[k+1] == "of" {
					// "per litre of oil their olives gave, less the fee": the
					// basis ends where a clause of its own starts.
					np := r.nounPhrase(tail[k+2:])
					if cut := slices.IndexFunc(np, func(w string) bool {
						return slices.Contains([]string{"their", "its", "our", "his", "her", "less", "minus", "after"}, w)
					}); cut >= 0 {
						np = np[:cut]
					}
					if len(np) > 0 {
						out.basis = union(out.basis, []string{tail[k] + " of " + strings.Join(np, " ")})
					}
				}
			}
			if out.from == "" {
				out.from = strings.TrimSpace(sentence)
			}
		}
	}
	if out.from == "" {
		return out, caps
	}
	// The commission is what is kept from a payout, not an order placed.
	kept := slices.DeleteFunc(slices.Clone(caps), func(c capability) bool {
		return strings.Contains(out.from, c.phrase) && slices.Contains([]string{"commission", "payout", "share"}, engine.LastWord(c.entity))
	})
	return out, kept
}

// payeesAt reads a payout at word i of a sentence and who it goes to.
// starts says that it starts a clause: "we buy leaves by the bundle, pay
// the weavers per hat" shares the sentence's subject.
func (r *reader) payeesAt(ws []string, i int, starts bool) ([]string, bool) {
	w := ws[i]
	lemmas := lexicon.VerbLemma(w)
	switch {
	case r.lex.Singular(w) == "payout":
		return r.payeeAfterTo(ws[i+1:]), true
	case slices.Contains(lemmas, "earn"):
		// "hotels and agencies who earn a commission": only money earned
		// from the business (points are loyalty, not a payout).
		if !slices.ContainsFunc(ws[i+1:min(len(ws), i+4)], func(x string) bool {
			return slices.Contains([]string{"commission", "share", "cut", "percentage", "fee"}, r.lex.Singular(x))
		}) {
			return nil, false
		}
		return r.subjectsBefore(ws, i), true
	case !slices.Contains(lemmas, "pay"):
		return nil, false
	}
	// "members are paid": who is paid is the subject.
	if w == "paid" && i >= 2 && slices.Contains(passiveAux, ws[i-1]) {
		subj := r.subjectsBefore(ws, i-1)
		return subj, len(subj) > 0
	}
	// "we pay …": the business pays; "customers pay" bills them.
	if !slices.Contains(ws[max(0, i-3):i], "we") && !(starts && slices.Contains(ws[:i], "we")) {
		return nil, false
	}
	j := i + 1
	if j < len(ws) && ws[j] == "out" {
		j++
	}
	for j < len(ws) && r.skippable(ws[j]) {
		j++
	}
	if j < len(ws) {
		if sg := r.lex.Singular(ws[j]); r.payee(sg) {
			return []string{sg}, true
		}
		// ("pay the boat owners every Friday": the payee's noun is the
		// second word.)
		if j+1 < len(ws) && !r.lex.Is("stop", ws[j]) && !isNumber(ws[j]) {
			if sg := r.lex.Singular(ws[j+1]); sg != ws[j+1] && r.payee(sg) {
				return []string{ws[j] + " " + sg}, true
			}
		}
	}
	return r.payeeAfterTo(ws[i+1:]), true
}

// clauseStarts are the indexes in words(sentence) of the first word of
// each of its clauses (split as [reader.capabilities] splits them).
func clauseStarts(sentence string) map[int]bool {
	starts := map[int]bool{}
	seps := clauseSplit().FindAllString(sentence, -1)
	n := 0
	for k, piece := range clauseSplit().Split(sentence, -1) {
		starts[n] = true
		n += len(words(piece))
		if k < len(seps) {
			n += len(words(seps[k]))
		}
	}
	return starts
}

// commissionOf says whether a payout sentence keeps a commission or pays
// one (see [payout]); "" when it names none.
func commissionOf(r *reader, ws []string) string {
	for k, w := range ws {
		if r.lex.Singular(w) != "commission" {
			continue
		}
		for _, x := range ws[max(0, k-4):k] {
			if slices.Contains([]string{"minus", "less", "after", "deducting", "keep", "keeps", "take", "takes", "retain"}, x) {
				return "kept"
			}
		}
		return "paid"
	}
	return ""
}

// payee reports whether a noun can be paid: a person or an organisation.
func (r *reader) payee(sg string) bool {
	if r.lex.Is("vague", sg) || slices.Contains([]string{"we", "us", "they", "them", "it", "their", "our"}, sg) {
		return false
	}
	return r.looksLikeCustomer(sg) || r.lex.Is("counterpart", sg) || r.lex.ScaleKind(sg) == "staff" || r.lex.ScaleKind(sg) == "customers"
}

// skippable is a determiner before a payee ("each", "their"), not a
// person the lexicon keeps among the determiners ("clients").
func (r *reader) skippable(w string) bool {
	return r.lex.Is("det", w) && !r.payee(r.lex.Singular(w))
}

// payeeAfterTo reads "… to the seller": who a payout goes to.
func (r *reader) payeeAfterTo(ws []string) []string {
	for k, w := range ws {
		if w != "to" {
			continue
		}
		for _, x := range ws[k+1:] {
			if r.skippable(x) {
				continue
			}
			if sg := r.lex.Singular(x); r.payee(sg) {
				return []string{sg}
			}
			break
		}
	}
	return nil
}

// subjectsBefore reads the people or organisations just before word i:
// "hotels and agencies (who) earn", "members are paid".
func (r *reader) subjectsBefore(ws []string, i int) []string {
	var out []string
	for k := i - 1; k >= 0; k-- {
		w := ws[k]
		if w == "who" || w == "that" || w == "and" || w == "or" || w == "also" || w == "can" || r.skippable(w) {
			continue
		}
		sg := r.lex.Singular(w)
		if !r.payee(sg) {
			break
		}
		out = append([]string{sg}, out...)
	}
	return out
}

// addPayouts gives billing the payouts the brief names (see [payout]):
// a payouts register beside the invoices.
func (r *reader) addPayouts(pay payout) {
	if pay.from == "" {
		return
	}
	p := r.p
	i := r.billingIndex(pay.from)
	if i < 0 {
		return
	}
	payees := slices.DeleteFunc(slices.Clone(pay.payees), func(s string) bool { return s == "" })
	if len(payees) == 0 {
		payees = []string{"payee"}
	}
	attrs := []engine.PlanAttribute{{Name: "payout", Type: "text", Values: payees, From: pay.from}}
	if pay.commission != "" {
		attrs = append(attrs, engine.PlanAttribute{Name: "payout_commission", Type: "text", Values: []string{pay.commission}, From: pay.from})
	}
	if len(pay.units) > 0 {
		attrs = append(attrs, engine.PlanAttribute{Name: "payout_unit", Type: "text", Values: pay.units, From: pay.from})
	}
	if len(pay.basis) > 0 {
		attrs = append(attrs, engine.PlanAttribute{Name: "payout_basis", Type: "text", Values: pay.basis, From: pay.from})
	}
	p.Services[i].Attributes = append(p.Services[i].Attributes, attrs...)
	what := "payouts to " + strings.Join(r.pluralAll(payees), ", ")
	switch pay.commission {
	case "kept":
		what += ", less commission"
	case "paid":
		what = "commissions paid to " + strings.Join(r.pluralAll(payees), ", ")
	}
	if len(pay.units) > 0 {
		what += ", per " + strings.Join(pay.units, ", ")
	}
	r.decide(pay.from, fmt.Sprintf("/services/%d/attributes", i), "billing: %s", what)
}
