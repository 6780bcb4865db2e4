package read

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/lexicon"
)

// Evidence: what the business keeps as proof of its work ("crews take
// photos of every job before and after", "we keep a video of each
// survey", "we photograph every vehicle on arrival"). A record of photos,
// videos, scans or copies is proof (archetype evidence, taken →
// uploaded), bound to each item of the line of work it proves: the work
// cannot be finished without it. "before and after" are the two moments
// a photo is taken.

// proofVerb is the proof a verb makes of what it is done to when that is
// quantified ("photograph each bolted connection" → photos of
// connections), "" otherwise: "we photograph weddings" is a shoot.
func (r *reader) proofVerb(verb string, rest []string) string {
	proof, ok := r.lex.Evidence.Verbs[verb]
	if !ok || len(rest) == 0 || !slices.Contains([]string{"every", "each", "all"}, rest[0]) {
		return ""
	}
	return proof
}

// isProof reports whether a record noun is a piece of proof, by its
// last word ("photo", "scanned copy", "video").
func (r *reader) isProof(one string) bool {
	return slices.Contains(r.lex.Evidence.Nouns, one) || slices.Contains(r.lex.Evidence.Nouns, engine.LastWord(one))
}

// evidence makes the plan's records of proof evidence of the line of
// work.
func (r *reader) evidence() {
	p := r.p
	// "we keep a video of each survey": proof kept of the work is no
	// text column of it but a record of its own.
	for _, at := range slices.Clone(p.Work.Attributes) {
		if at.Type != "text" || len(at.Values) > 0 || !r.isProof(r.lex.Singular(at.Name)) {
			continue
		}
		p.Work.Attributes = slices.DeleteFunc(p.Work.Attributes, func(a engine.PlanAttribute) bool { return a.Name == at.Name })
		one := r.lex.Singular(strings.ReplaceAll(at.Name, "_", " "))
		if slices.ContainsFunc(p.Services, func(x engine.PlanService) bool { return x.Entity != nil && x.Entity.One == one }) {
			continue
		}
		many := r.lex.Plural(one)
		p.Services = append(p.Services, engine.PlanService{Name: engine.Snake(many), Archetype: "evidence", Title: engine.Title(many), Builder: "record",
			Entity: &engine.PlanNoun{One: one, Many: many}, From: at.From})
	}
	for i, s := range p.Services {
		if s.Builder != "record" || s.Entity == nil || !r.isProof(s.Entity.One) || s.Archetype == "filings" {
			continue
		}
		// "before and after" may close the sentence the clause is of.
		low := " " + strings.Join(words(s.From), " ") + " "
		for _, sentence := range sentenceSplit.Split(r.desc, -1) {
			if s.From != "" && strings.Contains(sentence, s.From) {
				low = " " + strings.Join(words(sentence), " ") + " "
			}
		}
		s.Archetype, s.Follows, s.Precedes, s.States, s.Cancel = "evidence", true, false, nil, ""
		// "photos of connections" are connection photos: the thing shown
		// is no equipment of a register of its own.
		if s.Resource != nil && !strings.Contains(s.Entity.One, " ") {
			s.Entity = &engine.PlanNoun{One: s.Resource.One + " " + s.Entity.One, Many: s.Resource.One + " " + s.Entity.Many}
			s.Name, s.Title, s.Resource = engine.Snake(s.Entity.Many), engine.Title(s.Entity.Many), nil
		}
		// "photographed", "scanned": what makes the proof says nothing
		// of it.
		s.Attributes = slices.DeleteFunc(slices.Clone(s.Attributes), func(a engine.PlanAttribute) bool {
			return a.Type == "boolean" && slices.ContainsFunc(lexicon.VerbLemma(a.Name), func(v string) bool { _, ok := r.lex.Evidence.Verbs[v]; return ok })
		})
		if strings.Contains(low, " before and after ") {
			s.Attributes = append(slices.DeleteFunc(slices.Clone(s.Attributes), func(a engine.PlanAttribute) bool { return a.Name == "taken" }),
				engine.PlanAttribute{Name: "taken", Type: "text", Values: []string{"before", "after"}, From: s.From})
		}
		p.Services[i] = s
		r.decide(s.From, fmt.Sprintf("/services/%d", i), "%s (evidence): proof of each %s, uploaded before it is finished", s.Name, p.Work.One)
	}
}
