package planet

import (
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
)

// TestOwnThingsChecksNotInvoiced: the checks of what the business runs
// (a haulier's trucks' technical inspections) are its own records: no
// customer is on them and no policy invoices them.
func TestOwnThingsChecksNotInvoiced(t *testing.T) {
	b, err := Synthesize(engine.Scenario{Industry: "firma transportowa", Country: "PL", Seed: 1,
		Description: "Road haulage firm in Wrocław with 40 trucks running to Germany and France. The tachograph data of every driver is downloaded every 28 days and checked for rest breaks, each truck has its annual technical inspection date, and CMR waybills are scanned as proof of delivery."}, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, tb := range b.Tables {
		if tb.Name != "inspections" {
			continue
		}
		found = true
		for _, c := range tb.Columns {
			if c.Name == "customer_id" {
				t.Errorf("the trucks' inspections are kept per customer")
			}
		}
	}
	if !found {
		t.Fatal("no inspections table")
	}
	for _, inv := range b.Invariants {
		if inv.Trigger == "inspections" && inv.Target == "billing" {
			t.Errorf("policy %s invoices the trucks' inspections", inv.Name)
		}
	}
}
