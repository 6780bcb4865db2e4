package read

import (
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
)

// waitlist keeps the waitlist a brief says its bookings have ("a
// waitlist when a group is full", "children go on the waiting list", "a
// place that comes free is offered to the first on it") as a service of
// its own: who waits for which date at which position, and the place of
// a cancelled booking offered to the first waiting. It is named with
// the brief's own word ("waiting list", "waitlist"). A booking's own
// place on it is then the list's, not a column of the booking.
func (r *reader) waitlist() {
	p := r.p
	if p.Work.Archetype != "bookings" || p.Work.Cancel == "" {
		return
	}
	cue, from := "", ""
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		if c := r.lex.WaitlistCue(strings.ToLower(sentence)); c != "" {
			cue, from = c, strings.TrimSpace(sentence)
			break
		}
	}
	if cue == "" {
		return
	}
	name, title := "waitlist", "Waitlist"
	if cue == "waiting list" {
		name, title = "waiting_list", "Waiting list"
	}
	if slices.ContainsFunc(p.Services, func(s engine.PlanService) bool { return s.Name == name || s.Builder == "waitlist" }) {
		return
	}
	p.Work.Attributes = slices.DeleteFunc(p.Work.Attributes, func(a engine.PlanAttribute) bool {
		return a.Name == "waitlist_position" || a.Name == name || a.Name == "waitlist" || a.Name == "waiting_list"
	})
	p.Services = append(p.Services, engine.PlanService{Name: name, Archetype: "bookings", Title: title, Builder: "waitlist", From: from})
	r.decide(from, "/services", "%s (bookings): who waits for a full date, and the place of a cancelled %s offered to the first on it", name, p.Work.One)
}
