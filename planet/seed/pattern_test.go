package seed

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPatternsDrawWhatTheyCheck: every value a rule's pattern draws is
// one the validator's regular expression for that pattern accepts, and a
// room number is a floor and a room ("304"), not a reference code.
func TestPatternsDrawWhatTheyCheck(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, rule := range load().rules {
		for _, pat := range append([]string{rule.Pattern}, slices.Collect(maps.Values(rule.PatternByCountry))...) {
			if pat == "" {
				continue
			}
			re := PatternRegexp(pat, "DE")
			for range 200 {
				if v := FillPattern(r, pat, "DE"); !re.MatchString(v) {
					t.Fatalf("%s %v: pattern %q drew %q, which %s rejects", rule.Kind, rule.Columns, pat, v, re)
				}
			}
		}
	}
	room, ok := RuleForType("room_number", "text")
	if !ok {
		t.Fatal("room_number has no rule")
	}
	for range 50 {
		v := FillPattern(r, room.Pattern, "JP")
		if len(v) != 3 || v[0] < '1' || v[0] > '5' || v[1] != '0' || v[2] == '0' {
			t.Fatalf("room number %q: want a floor 1–5 and a room 01–09, like 304", v)
		}
	}
}
