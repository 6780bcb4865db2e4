package planet

import (
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
)

// TestWorkThatIsNotInvoiced: a pack whose line of work is not finished
// work for a customer (a charity's donations, an insurer's claims) binds
// no invoice to its final state, over several seeds; a dental clinic's
// finished treatments still are invoiced.
func TestWorkThatIsNotInvoiced(t *testing.T) {
	for _, tc := range []struct {
		industry, final string
		invoiced        bool
	}{
		{"charities", "thanked", false},
		{"insurance", "paid", false},
		{"dental-clinics", "", true},
	} {
		invoiced := false
		for seed := uint64(1); seed <= 6; seed++ {
			b, err := Synthesize(engine.Scenario{Industry: tc.industry, Country: "GB", Seed: seed}, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, inv := range b.Invariants {
				if !strings.HasSuffix(inv.Title, ": invoiced") {
					continue
				}
				if tc.final != "" && strings.Contains(inv.Title, " "+tc.final+":") {
					t.Errorf("%s seed %d: %q", tc.industry, seed, inv.Title)
				}
				invoiced = true
			}
		}
		if tc.invoiced && !invoiced {
			t.Errorf("%s: no invoicing policy in six worlds", tc.industry)
		}
	}
}
