package planet

import (
	"context"
	"flag"
	"fmt"
	"testing"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/verifier"
)

var corpus = flag.Int("corpus", 0, "TestRealismCorpus: synthesize this many worlds (0: one per country; -short: a few)")

// TestRealismCorpus synthesizes worlds across every catalog country and
// industry and requires zero realism findings: every value of a kind from
// that kind's pool, in range and on the right side of the clock.
func TestRealismCorpus(t *testing.T) {
	cs, is := catalog.Countries(), catalog.Industries()
	n := *corpus
	if n == 0 {
		n = len(cs)
		if testing.Short() {
			n = 8
		}
	}
	found := 0
	for i := range n {
		s := Scenario{Industry: is[(i*5)%len(is)].ID, Country: cs[i%len(cs)].Code, Seed: uint64(1000 + i)}
		b, err := Synthesize(s, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range seed.Findings(b) {
			found++
			if *corpus > 0 {
				fmt.Printf("FINDING %s %s %d %s\n", s.Country, s.Industry, s.Seed, f)
			}
			if found <= 60 {
				t.Errorf("%s/%s seed %d: %s", s.Industry, s.Country, s.Seed, f)
			}
		}
	}
	if found > 60 {
		t.Errorf("… %d findings in all", found)
	}
	fmt.Printf("realism: %d worlds, %d findings\n", n, found)
}

// BenchmarkRealism measures the realism validator against the whole
// validation of the same world, to keep its share of synth's budget small.
func BenchmarkRealism(b *testing.B) {
	bundle, data := synthJSON(b, Scenario{Industry: "dental-clinics", Country: "PL", Seed: 3}, Options{})
	b.Run("realism", func(b *testing.B) {
		for b.Loop() {
			seed.Findings(bundle)
		}
	})
	b.Run("validate", func(b *testing.B) {
		for b.Loop() {
			verifier.Validate(context.Background(), data)
		}
	})
}
