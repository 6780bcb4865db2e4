package planet

import (
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
)

// TestOwnThingsChecksNotInvoiced: the checks of what the business runs
// (a haulier's trucks' technical inspections) are its own records: no
// customer is on them and no policy invoices them.
func TestOwnThingsChecksNotInvoiced(t *testing.T) {
	for _, tc := range []struct{ industry, country, table, desc string }{
		{"firma transportowa", "PL", "inspections", "Road haulage firm in Wrocław with 40 trucks running to Germany and France. The tachograph data of every driver is downloaded every 28 days and checked for rest breaks, each truck has its annual technical inspection date, and CMR waybills are scanned as proof of delivery."},
		// The trucks are not what the brief counts (prime movers), but
		// what carries a haulier's shipments is its own.
		{"container haulage", "KE", "service_visits", "We haul containers from Mombasa port to Nairobi and Kampala for clearing agents and importers with 30 prime movers. Each trip is priced per container and distance, the trucks are serviced every 10,000 km, and the empty container must be returned to the shipping line depot before the free days run out."},
	} {
		t.Run(tc.table, func(t *testing.T) {
			b, err := Synthesize(engine.Scenario{Industry: tc.industry, Country: tc.country, Seed: 1, Description: tc.desc}, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, tb := range b.Tables {
				if tb.Name != tc.table {
					continue
				}
				found = true
				for _, c := range tb.Columns {
					if c.Name == "customer_id" {
						t.Errorf("the %s of the fleet are kept per customer", tc.table)
					}
				}
			}
			if !found {
				t.Fatalf("no %s table", tc.table)
			}
			for _, inv := range b.Invariants {
				if inv.Trigger == tc.table && inv.Target == "billing" {
					t.Errorf("policy %s invoices the fleet's own %s", inv.Name, tc.table)
				}
			}
		})
	}
}
