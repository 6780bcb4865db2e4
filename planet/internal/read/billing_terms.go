package read

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/lexicon"
)

// The passes of this file read what the brief says about money over time
// that no single charge clause says: the balance after a deposit, time
// billed by the hour, refunds. Each adds to the plan's one billing
// service (see [reader.billingIndex]).

// balanceCue is what the rest of a price is called after a deposit: "the
// balance two weeks before", "the rest at collection".
var balanceCue = regexp.MustCompile(`(?i)\bthe\s+(balance|rest|remainder)\b`)

// balance gives a business that takes deposits the balance its brief
// says the customer pays later ("a 30% deposit to hold the date and the
// balance two weeks before the wedding"): each deposit carries what
// remains and when it is due.
func (r *reader) balance() {
	p := r.p
	i := slices.IndexFunc(p.Services, func(s engine.PlanService) bool { return s.Builder == "billing" && s.Precedes })
	if i < 0 {
		return
	}
	for _, clause := range clauseSplit().Split(r.desc, -1) {
		m := balanceCue.FindStringSubmatch(clause)
		if m == nil {
			continue
		}
		when := "later"
		switch {
		case r.precedes(clause):
			when = "before"
		case r.follows(clause) || strings.Contains(strings.ToLower(clause), " at ") || strings.Contains(strings.ToLower(clause), " on "):
			when = "after"
		}
		from := strings.TrimSpace(clause)
		s := &p.Services[i]
		s.Attributes = append(s.Attributes, engine.PlanAttribute{Name: "balance", Type: "text", Values: []string{when}, From: from})
		// The balance is what remains of the deposit's price, not an
		// invoice of its own kind.
		for k := range s.Attributes {
			if s.Attributes[k].Name == "kind" {
				s.Attributes[k].Values = slices.DeleteFunc(slices.Clone(s.Attributes[k].Values), func(v string) bool { return v == "balance" })
			}
		}
		s.Attributes = slices.DeleteFunc(s.Attributes, func(a engine.PlanAttribute) bool { return a.Name == "kind" && len(a.Values) < 2 })
		r.decide(from, fmt.Sprintf("/services/%d/attributes", i), "billing: the balance after the %s is due %s the %s", attributeValue(s.Attributes, "upfront"), when, p.Work.One)
		return
	}
}

func attributeValue(attrs []engine.PlanAttribute, name string) string {
	for _, a := range attrs {
		if a.Name == name && len(a.Values) > 0 {
			return a.Values[0]
		}
	}
	return ""
}

// billingIndex is the plan's billing service, added when the world has
// none: a brief that says what it bills, refunds or pays out has billing.
func (r *reader) billingIndex(from string) int {
	p := r.p
	i := slices.IndexFunc(p.Services, func(s engine.PlanService) bool { return s.Builder == "billing" })
	if i < 0 && engine.Registry["billing"] != nil {
		p.Services = append(p.Services, engine.PlanService{Name: "billing", Archetype: "billing", Title: "Billing", Builder: "billing", From: from})
		i = len(p.Services) - 1
	}
	return i
}

// hourlyBilling reads time billed by the hour where no clause read it
// as a charge: "a retainer that we bill hours against", "extra hours on
// the day are billed at 400 zł an hour", "invoice each client at an
// hourly charge rate". Billing's invoices then count hours.
func (r *reader) hourlyBilling() {
	p := r.p
	for _, clause := range clauseSplit().Split(r.desc, -1) {
		ws := words(clause)
		billed := slices.ContainsFunc(ws, func(w string) bool {
			return slices.ContainsFunc(lexicon.VerbLemma(w), func(l string) bool { return l == "bill" || l == "invoice" || l == "charge" })
		})
		hourly := slices.ContainsFunc(ws, func(w string) bool { return w == "hour" || w == "hours" || w == "hourly" })
		if !billed || !hourly {
			continue
		}
		i := r.billingIndex(strings.TrimSpace(clause))
		if i < 0 {
			return
		}
		s := &p.Services[i]
		k := slices.IndexFunc(s.Attributes, func(a engine.PlanAttribute) bool { return a.Name == "unit" })
		if k < 0 {
			s.Attributes = append(s.Attributes, engine.PlanAttribute{Name: "unit", Type: "text", From: strings.TrimSpace(clause)})
			k = len(s.Attributes) - 1
		}
		if slices.Contains(s.Attributes[k].Values, "hour") {
			return
		}
		s.Attributes[k].Values = append(slices.Clone(s.Attributes[k].Values), "hour")
		r.decide(strings.TrimSpace(clause), fmt.Sprintf("/services/%d/attributes", i), "billing: time billed by the hour")
		return
	}
}

// refundsSaid gives billing its refunds when a clause says money is paid
// back but no billing clause read it ("tours cancelled for weather are
// rebooked or refunded"): a paid invoice of what was called off is
// refunded.
func (r *reader) refundsSaid() {
	p := r.p
	for _, clause := range clauseSplit().Split(r.desc, -1) {
		if !slices.ContainsFunc(words(clause), func(w string) bool { return strings.HasPrefix(w, "refund") }) {
			continue
		}
		i := r.billingIndex(strings.TrimSpace(clause))
		if i < 0 || slices.ContainsFunc(p.Services[i].Attributes, func(a engine.PlanAttribute) bool { return a.Name == "refunds" }) {
			return
		}
		s := &p.Services[i]
		s.Attributes = append(s.Attributes, engine.PlanAttribute{Name: "refunds", Type: "text", Values: []string{"refund"}, From: strings.TrimSpace(clause)})
		r.decide(strings.TrimSpace(clause), fmt.Sprintf("/services/%d/attributes", i), "billing: paid invoices refunded when the %s is cancelled", p.Work.One)
		return
	}
}
