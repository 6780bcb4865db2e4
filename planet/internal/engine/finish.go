package engine

import (
	"regexp"
	"time"

	"github.com/mercury/mcp-world/planet/seed"
)

// Passes over a whole world once its services are built and its links
// seeded, whatever the services are.

// articles fixes "a" before a vowel sound in generated English text
// ("a appointment" → "an appointment").
var articleRe = regexp.MustCompile(`\b([Aa]) ([AaEeIi]|[Oo][^n]|[Oo]n[^ec]|[Uu](?:n[^i]|p|s[^eu]|g|m|lt|nd|r))`)

func Articles(s string) string { return articleRe.ReplaceAllString(s, "${1}n $2") }

// polishArticles fixes the indefinite articles in a service's
// agent-visible English texts, once its builder is done: nouns come from
// the plan ("a owner" → "an owner").
func polishArticles(s *Svc) {
	s.Description = Articles(s.Description)
	for _, t := range s.Tables {
		t.Description = Articles(t.Description)
		for i := range t.Columns {
			t.Columns[i].Description = Articles(t.Columns[i].Description)
		}
	}
	for _, t := range s.Tools {
		t.Title, t.Description = Articles(t.Title), Articles(t.Description)
		for i := range t.Args {
			t.Args[i].Description = Articles(t.Args[i].Description)
		}
		for i := range t.Steps {
			t.Steps[i].Message = Articles(t.Steps[i].Message)
		}
	}
	for _, e := range s.Events {
		e.When = Articles(e.When)
	}
	for _, a := range s.Actions {
		a.Then = Articles(a.Then)
	}
}

// recordsInThePast moves seed rows' record times (kind record_time: when
// a note was written, a message sent, a row created) that builders put
// after the clock (a booking made "today" at 14:00 when the day starts at
// 9) to a working hour of the days before: nothing on file was made in
// the future. The realism validator holds every world to it.
func (g *Gen) recordsInThePast() {
	for _, sv := range g.Services { // in build order: the draws stay deterministic
		for _, t := range sv.Tables {
			for _, c := range t.Columns {
				if c.Kind != string(seed.RecordTime) {
					continue
				}
				for _, r := range t.Rows {
					v, ok := r[c.Name].(string)
					if !ok {
						continue
					}
					if c.Type == "date" {
						if d, err := time.Parse(time.DateOnly, v); err == nil && d.After(time.Date(g.Start.Year(), g.Start.Month(), g.Start.Day(), 0, 0, 0, 0, time.UTC)) {
							r[c.Name] = g.Day(-1 - g.R.IntN(3))
						}
						continue
					}
					if at, err := time.Parse(time.RFC3339, v); err == nil && at.After(g.Start) {
						r[c.Name] = g.At(-1-g.R.IntN(3), 9+float64(g.R.IntN(16))/2)
					}
				}
			}
		}
	}
}

// staffFromTheTeam fills staff_name columns (a client's preferred
// stylist) with the names of the staff the world has: the customers are
// drawn before the team is, so until now they named a stranger.
func (g *Gen) staffFromTheTeam() {
	st := g.Entity("staff")
	if st == nil {
		return
	}
	var names []string
	for _, r := range st.Rows {
		if n, ok := r["name"].(string); ok && n != "" {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return
	}
	for _, sv := range g.Services {
		for _, t := range sv.Tables {
			for _, c := range t.Columns {
				if c.Kind != string(seed.StaffName) {
					continue
				}
				for _, r := range t.Rows {
					if _, ok := r[c.Name].(string); ok {
						r[c.Name] = Pick(g.R, names)
					}
				}
			}
		}
	}
}
