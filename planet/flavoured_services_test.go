package planet

import (
	"slices"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
)

// TestCaseworkIsForFirmsPaidForIt: the legal casework builder (court
// hearings, filings, a fixed fee) serves only firms paid to handle
// matters; a library's or an animal shelter's cases are complaint
// records. And a marina's reservable resources are bays, from its
// flavour, not the rooms its "per night" unit once gave it.
func TestCaseworkIsForFirmsPaidForIt(t *testing.T) {
	seen := map[string]bool{}
	for _, ind := range []string{"public-libraries", "animal-shelters", "hospitals", "law-firms", "marinas"} {
		for seed := uint64(1); seed <= 12; seed++ {
			b, err := Synthesize(engine.Scenario{Industry: ind, Country: "IE", Seed: seed}, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range b.Services {
				seen[ind+"/"+s.Name] = true
				if s.Name == "casework" && ind != "law-firms" {
					t.Errorf("%s seed %d has legal casework", ind, seed)
				}
			}
			for _, tb := range b.Tables {
				if tb.Name != "reservations_resources" || ind != "marinas" {
					continue
				}
				for _, r := range tb.Rows {
					if k := r["kind"]; !slices.Contains([]any{"bay", "equipment"}, k) {
						t.Errorf("marina seed %d reserves a %v", seed, k)
					}
				}
			}
		}
	}
	for _, want := range []string{"law-firms/casework", "marinas/reservations"} {
		if !seen[want] {
			t.Errorf("no %s in twelve worlds: the test checks nothing", want)
		}
	}
}
