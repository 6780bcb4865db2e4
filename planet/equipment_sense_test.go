package planet

import (
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
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
