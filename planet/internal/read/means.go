package read

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/lexicon"
)

// meansCues introduce how something is paid or sent: "by bank
// transfer", "via M-Pesa", "on account", "in cash", "with a card".
var meansCues = []string{"by", "via", "through", "with", "using", "in", "on"}

// meansSpans marks the words of a clause that name a means of payment
// after a cue ("schools pay by bank transfer": bank, transfer) and
// returns the means in the brief's words. Such nouns say how customers
// pay, a column of billing; they are never records of their own.
func (r *reader) meansSpans(ws []string) (covered map[int]bool, means []string) {
	covered = map[int]bool{}
	for i := 0; i < len(ws); i++ {
		if !slices.Contains(meansCues, ws[i]) {
			continue
		}
		j := i + 1
		for j < len(ws) && r.lex.Is("det", ws[j]) {
			j++
		}
		// The longest means of the lexicon that starts here: "bank
		// transfer" before "transfer"; "card" of "credit card".
		for n := min(3, len(ws)-j); n >= 1; n-- {
			phrase := strings.Join(ws[j:j+n], " ")
			sg := strings.Join(append(slices.Clone(ws[j:j+n-1]), r.lex.Singular(ws[j+n-1])), " ")
			if r.lex.Is("payment_means", phrase) || r.lex.Is("payment_means", sg) {
				for k := j; k < j+n; k++ {
					covered[k] = true
				}
				means = union(means, []string{sg})
				i = j + n - 1
				break
			}
		}
	}
	return covered, means
}

// paymentMeans lists every means of payment the description names, in
// order.
func (r *reader) paymentMeans() (means []string, phrase string) {
	for _, clause := range clauseSplit().Split(r.desc, -1) {
		ws := words(clause)
		if !slices.ContainsFunc(ws, func(w string) bool {
			return slices.ContainsFunc(lexicon.VerbLemma(w), func(l string) bool { return slices.Contains(payVerbs, l) })
		}) {
			continue
		}
		if _, m := r.meansSpans(ws); len(m) > 0 {
			means = union(means, m)
			if phrase == "" {
				phrase = strings.TrimSpace(clause)
			}
			// "schools pay by bank transfer": who pays is a kind of
			// customer.
			for i := 1; i < len(ws); i++ {
				if !slices.ContainsFunc(lexicon.VerbLemma(ws[i]), func(l string) bool { return slices.Contains(payVerbs, l) }) {
					continue
				}
				if sg := r.lex.Singular(ws[i-1]); sg != ws[i-1] && (r.lex.Is("org", sg) || r.lex.ScaleKind(sg) == "customers") && sg != r.p.Customer.One && !engine.GeneralCustomer(sg) {
					r.customerKind(sg, strings.TrimSpace(clause))
				}
				break
			}
		}
	}
	return means, phrase
}

// payVerbs are the verbs whose means are how customers pay.
var payVerbs = []string{"pay", "settle", "prepay", "charge", "bill", "invoice", "collect", "accept", "take"}

// paymentMethod gives billing a payment-method column of the means the
// brief names ("schools pay by bank transfer"): billing is added when
// the world has none, since a brief that says how it is paid bills.
func (r *reader) paymentMethod() {
	means, phrase := r.paymentMeans()
	if len(means) == 0 {
		return
	}
	p := r.p
	i := slices.IndexFunc(p.Services, func(s engine.PlanService) bool { return s.Builder == "billing" })
	if i < 0 {
		if engine.Registry["billing"] == nil {
			return
		}
		p.Services = append(p.Services, engine.PlanService{Name: "billing", Archetype: "billing", Title: "Billing", Builder: "billing", From: phrase})
		i = len(p.Services) - 1
	}
	p.Services[i].Attributes = append(p.Services[i].Attributes, engine.PlanAttribute{Name: "payment_method", Type: "text", Values: means, From: phrase})
	r.decide(phrase, fmt.Sprintf("/services/%d/attributes", i), "billing: paid by %s", strings.Join(means, ", "))
}
