package planet

import (
	"slices"
	"testing"
)

// Filings to an authority: a report the brief sends to an authority for
// each item of the line of work is a record with the authority, a
// lifecycle draft → submitted → acknowledged, and a policy that binds it
// to the item, due within the brief's days of the item's date.
func TestFilingsToAnAuthority(t *testing.T) {
	b, err := Synthesize(Scenario{Industry: "bed and breakfast", Country: "IT",
		Description: "Bed and breakfast in Rome with six rooms near Termini. Every guest's passport details are sent to the police within 24 hours of check-in.", Seed: 1}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var cols []string
	var states []any
	for _, tb := range b.Tables {
		if tb.Name != "guest_reports" {
			continue
		}
		for _, c := range tb.Columns {
			cols = append(cols, c.Name)
			if c.Name == "status" {
				states = c.Enum
			}
			if c.Name == "authority" && (len(c.Enum) != 1 || c.Enum[0] != "police") {
				t.Errorf("authority enum %v, want [police]", c.Enum)
			}
		}
	}
	if !slices.Contains(cols, "authority") || !slices.Contains(cols, "due_on") || !slices.Contains(cols, "source_ref") {
		t.Fatalf("guest_reports columns %v: want authority, due_on, source_ref", cols)
	}
	if !slices.Contains(states, any("submitted")) || !slices.Contains(states, any("acknowledged")) {
		t.Errorf("guest report states %v, want draft → submitted → acknowledged", states)
	}
	bound := false
	for _, inv := range b.Invariants {
		if inv.Rule != nil && inv.Rule.Then.Table == "guest_reports" {
			bound = true
			if w := inv.Rule.Then.Within; w == nil || w.Column != "due_on" || w.Days != 1 {
				t.Errorf("policy %s: window %+v, want due_on within 1 day of the booking", inv.Name, w)
			}
		}
	}
	if !bound {
		t.Error("no policy binds a guest report to each booking")
	}
}
