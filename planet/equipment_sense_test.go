package planet

import (
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/world"
)

// TestEquipmentNounIsNoVerb: "the reverse-osmosis plant is tested" names
// the centre's water plant, a thing; it plants nothing (the world had a
// line of work of "plantings" billed to patients).
func TestEquipmentNounIsNoVerb(t *testing.T) {
	b, err := Synthesize(engine.Scenario{Industry: "dialysis centre", Country: "TR", Seed: 1,
		Description: "Dialysis centre in İstanbul with 30 stations running three shifts a day. Water from the reverse-osmosis plant is tested every morning and the result logged, every machine is disinfected after each session, and the nurse signs the treatment chart of each patient."}, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range b.Services {
		if strings.Contains(s.Name, "planting") {
			t.Errorf("service %s: the plant is equipment, not planting", s.Name)
		}
	}
	for _, tb := range b.Tables {
		if strings.Contains(tb.Name, "planting") {
			t.Errorf("table %s: the plant is equipment, not planting", tb.Name)
		}
	}
}

// TestCountedNounIsNoVerb: "with 40 trucks running to Germany and
// France" counts the haulier's trucks; it does not "truck" runnings and
// Frances (the world priced "Runnings" and kept a column of them), and
// the checks of those trucks are no line of work sold to shippers.
func TestCountedNounIsNoVerb(t *testing.T) {
	b, err := Synthesize(engine.Scenario{Industry: "firma transportowa", Country: "PL", Seed: 1,
		Description: "Road haulage firm in Wrocław with 40 trucks running to Germany and France. The tachograph data of every driver is downloaded every 28 days and checked for rest breaks, each truck has its annual technical inspection date, and CMR waybills are scanned as proof of delivery."}, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range b.Tables {
		if strings.Contains(tb.Name, "running") {
			t.Errorf("table %s: the trucks run, nobody ships runnings", tb.Name)
		}
		for _, c := range tb.Columns {
			if strings.Contains(c.Name, "running") {
				t.Errorf("column %s.%s: the trucks run, nobody ships runnings", tb.Name, c.Name)
			}
		}
	}
	if !slices.ContainsFunc(b.Services, func(s world.Service) bool { return s.Name == "deliveries" }) {
		t.Errorf("no deliveries: the haulier's line of work is its loads, not its trucks' inspections")
	}
}
