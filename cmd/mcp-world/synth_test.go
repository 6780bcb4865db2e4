package main

import (
	"bytes"
	"os"
	"path/filepath"
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

// TestSynthProfiles: --cpuprofile and --memprofile write profiles that
// pprof reads (gzipped protocol buffers), and the corpus is the same as
// without them.
func TestSynthProfiles(t *testing.T) {
	dir := t.TempDir()
	cpu, mem := filepath.Join(dir, "cpu.prof"), filepath.Join(dir, "mem.prof")
	runCLI(t, "synth", "--count", "1", "--seed", "5", "--tasks", "3", "--out", filepath.Join(dir, "a"), "--cpuprofile", cpu, "--memprofile", mem)
	runCLI(t, "synth", "--count", "1", "--seed", "5", "--tasks", "3", "--out", filepath.Join(dir, "b"))
	for _, p := range []string{cpu, mem} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
			t.Errorf("%s: not a gzipped pprof profile (%d bytes)", p, len(b))
		}
	}
	a, _ := os.ReadDir(filepath.Join(dir, "a"))
	for _, f := range a {
		x, _ := os.ReadFile(filepath.Join(dir, "a", f.Name()))
		y, err := os.ReadFile(filepath.Join(dir, "b", f.Name()))
		if err != nil || !bytes.Equal(x, y) {
			t.Errorf("%s differs with profiling on", f.Name())
		}
	}
	if len(a) != 1 {
		t.Errorf("%d worlds written, want 1", len(a))
	}
}
