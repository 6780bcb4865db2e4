package read

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/lexicon"
)

// renewals gives the records a brief says are renewed ("domains and
// plans renew automatically after reminders", "subscribers renew their
// season seats each spring", "policies renew every year") their next
// renewal date, and a yes/no of renewing automatically when the brief
// says so. The record is the one the clause names, else the one read
// from the clause; a memberships service keeps its renewals already.
func (r *reader) renewals() {
	p := r.p
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		for _, clause := range clauseSplit().Split(sentence, -1) {
			ws := words(clause)
			if !slices.ContainsFunc(ws, func(w string) bool {
				return slices.Contains(lexicon.VerbLemma(w), "renew") || strings.HasPrefix(w, "renewal") || w == "auto-renew" || w == "auto-renews"
			}) {
				continue
			}
			auto := slices.ContainsFunc(ws, func(w string) bool {
				return w == "automatically" || strings.HasPrefix(w, "auto-renew") || w == "autorenew"
			})
			named := func(one, many string) bool {
				return one != "" && (slices.Contains(ws, one) || slices.Contains(ws, many) || slices.Contains(ws, engine.LastWord(many)))
			}
			attrs := []engine.PlanAttribute{{Name: "renewal_date", Type: "date", From: strings.TrimSpace(clause)}}
			if auto {
				attrs = append(attrs, engine.PlanAttribute{Name: "auto_renewed", Type: "boolean", From: strings.TrimSpace(clause)})
			}
			add := func(have []engine.PlanAttribute) []engine.PlanAttribute {
				for _, a := range attrs {
					if !slices.ContainsFunc(have, func(x engine.PlanAttribute) bool { return x.Name == a.Name }) {
						have = append(have, a)
					}
				}
				return have
			}
			done := false
			for i := range p.Services {
				s := &p.Services[i]
				if s.Entity == nil || s.Builder != "record" || !(named(s.Entity.One, s.Entity.Many) || s.From != "" && strings.Contains(s.From, strings.TrimSpace(clause))) {
					continue
				}
				s.Attributes = add(s.Attributes)
				r.decide(strings.TrimSpace(clause), fmt.Sprintf("/services/%d/attributes", i), "%s: renewed, with the next renewal date", s.Entity.Many)
				done = true
			}
			if !done && named(p.Work.One, p.Work.Many) {
				p.Work.Attributes = add(p.Work.Attributes)
				r.decide(strings.TrimSpace(clause), "/work/attributes", "%s: renewed, with the next renewal date", p.Work.Many)
			}
		}
	}
}
