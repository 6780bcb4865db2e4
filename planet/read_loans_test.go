package planet

import (
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
)

// "take out" a thing is a loan of it, like "borrow": members who take
// out drills borrow drills (bookings of them, out → returned); traders
// who take out a loan of money have a loan contract.
func TestTakeOutIsALoan(t *testing.T) {
	for _, tc := range []struct{ desc, archetype, offering string }{
		{"Tool library in Vancouver run by a non-profit. Members take out drills, ladders and tile saws on a one-week loan.", "bookings", "drill"},
		{"Microfinance in Davao for market traders. Traders take out a loan of 5,000 pesos over 16 weeks.", "contracts", ""},
	} {
		p, err := read.Read(engine.Scenario{Industry: "lending", Country: "PH", Description: tc.desc, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if p.Work.One != "loan" || p.Work.Archetype != tc.archetype || tc.offering != "" && p.Work.Offering.One != tc.offering {
			t.Errorf("%q: the work is %s (%s) of %s, want loans (%s) of %q", tc.desc, p.Work.Many, p.Work.Archetype, p.Work.Offering.One, tc.archetype, tc.offering)
		}
	}
}
