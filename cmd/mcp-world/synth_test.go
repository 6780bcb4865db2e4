package main

import (
	"slices"
	"testing"

	"github.com/mercury/mcp-world/planet/catalog"
)

// TestSampleScenariosCoverEveryCountry: --count N takes every industry in
// turn and every country once per round of countries, so a corpus of as
// many worlds as the catalog has countries covers them all; the same seed
// gives the same scenarios.
func TestSampleScenariosCoverEveryCountry(t *testing.T) {
	cs, inds := catalog.Countries(), catalog.Industries()
	jobs := sampleScenarios(2*len(cs), 1)
	for round := range 2 {
		seen := map[string]bool{}
		for _, j := range jobs[round*len(cs) : (round+1)*len(cs)] {
			seen[j.scenario.Country] = true
		}
		for _, c := range cs {
			if !seen[c.Code] {
				t.Errorf("round %d: no world in %s", round, c.Code)
			}
		}
	}
	for i, j := range jobs {
		if want := inds[i%len(inds)].ID; j.scenario.Industry != want {
			t.Fatalf("job %d: industry %s, want %s", i, j.scenario.Industry, want)
		}
	}
	again := sampleScenarios(2*len(cs), 1)
	if !slices.EqualFunc(jobs, again, func(a, b synthJob) bool { return a.scenario == b.scenario }) {
		t.Error("the same seed gave other scenarios")
	}
}
