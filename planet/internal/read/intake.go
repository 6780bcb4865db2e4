package read

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/mercury/mcp-world/planet/internal/engine"
)

// Intake: a business that works on the customer's own thing (shoes to
// resole, a watch to service, a garment to alter) takes it in, gives it
// a numbered ticket, promises a date, and tells the customer when it is
// ready to collect. The ticket is the line of work's, not a helpdesk's
// ("each pair gets a numbered ticket with a promised date"), and the
// work goes received → in work → ready → collected.

// intakeTicket is a clause that gives each thing taken in its ticket:
// "each pair gets a numbered ticket", "every garment dropped off gets a
// claim stub", "each engine booked in gets a job card".
var intakeTicket = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:gets?|given|receives?|issued)\s+(?:a|an|its|their)?\s*(?:numbered\s+)?([\p{L}-]+(?:\s+[\p{L}-]+)?)`)
})

// readyCue says the customer hears when the thing is done: "we call them
// when it is ready", "text the customer when it is ready", "ready for
// collection".
var readyCue = regexp.MustCompile(`(?i)\bwhen (?:it|they|it's|the [\p{L}-]+) (?:is|are) ready\b|\bready (?:for|to) (?:collection|collect|pickup|pick-up|pick up)\b`)

// promisedDate is the date a ticket carries: "with a promised date",
// "with the promised pickup date", "with its due date".
var promisedDate = regexp.MustCompile(`(?i)\bwith (?:a|an|the|its|their) ((?:[\p{L}-]+ ){0,2}(?:date|day))\b`)

// intake moves a ticket the brief gives each thing taken in onto the
// line of work (its number and the fields the clause names: "with a
// promised date"), and gives work on a thing the customer collects the
// states of one. It returns the capabilities without the tickets it
// took.
func (r *reader) intake(caps []capability) []capability {
	w := &r.p.Work
	if w.Archetype != "work_orders" {
		return caps
	}
	took := false
	out := caps[:0:0]
	for _, c := range caps {
		m := intakeTicket().FindStringSubmatch(c.phrase)
		ticket := ""
		if m != nil {
			ws := words(m[1])
			for n := len(ws); n > 0 && ticket == ""; n-- {
				if one := r.lex.Singular(strings.Join(ws[:n], " ")); r.lex.Is("intake_ticket", one) {
					ticket = one
				}
			}
		}
		// The record the clause made of the ticket ("numbered tickets",
		// "numbered claims" of a claim stub) shares a word with it.
		if ticket == "" || !slices.ContainsFunc(strings.Fields(ticket), func(t string) bool { return slices.Contains(strings.Fields(c.entity), t) }) {
			out = append(out, c)
			continue
		}
		took = true
		name := engine.Snake(ticket) + "_number"
		if !slices.ContainsFunc(w.Attributes, func(a engine.PlanAttribute) bool { return a.Name == name }) {
			w.Attributes = append(w.Attributes, engine.PlanAttribute{Name: name, Type: "text", From: c.phrase})
			r.decide(c.phrase, "/work/attributes", "%s have a %s number (the ticket of the thing taken in)", w.Many, ticket)
		}
		// "with a promised date", "with the promised pickup date": the
		// date the ticket promises is the work's.
		if d := promisedDate.FindStringSubmatch(c.phrase); d != nil {
			if f := engine.Snake(strings.ToLower(d[1])); !slices.ContainsFunc(w.Attributes, func(a engine.PlanAttribute) bool { return a.Name == f }) {
				w.Attributes = append(w.Attributes, engine.PlanAttribute{Name: f, Type: "date", From: c.phrase})
				r.decide(c.phrase, "/work/attributes", "%s have %s", w.Many, r.aField(strings.ToLower(d[1])))
			}
		}
	}
	ready := readyCue.FindString(r.desc)
	if took || ready != "" {
		if lc, ok := engine.Lifecycle(w.Archetype, w.One, w.Offering.One, "intake "+ready); ok {
			w.States, w.Cancel = lc.States, lc.Cancel
			r.decide(cmp.Or(ready, w.From), "/work/states", "%s are of a thing taken in: %s", w.Many, strings.Join(lc.States, " → "))
		}
	}
	return out
}
