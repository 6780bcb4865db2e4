package planet

import (
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
)

// TestPrescriptionsInTheWorldsLanguage: the medications and directions
// of a world's prescriptions (a dental, veterinary, optical and
// physiotherapy flavour's, and a general practice's for a pharmacy) are
// written in the language of a German, Japanese, Thai or Brazilian world,
// never the formulary's English, and a task that asks for a prescription
// quotes them as the world writes them; a British world keeps the
// English, so that the check can fail.
func TestPrescriptionsInTheWorldsLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizes a world per industry and country")
	}
	english := map[string]bool{}
	for _, f := range catalog.Flavours() {
		for _, m := range f.Prescriptions {
			english[m.Name], english[m.Dose] = true, true
		}
	}
	seenEnglish := 0
	for _, country := range []string{"DE", "JP", "TH", "BR", "GB"} {
		for _, ind := range []string{"dental-clinics", "veterinary-clinics", "opticians", "physiotherapy", "pharmacies"} {
			b, err := Synthesize(engine.Scenario{Industry: ind, Country: country, Seed: 4}, engine.Options{Services: []string{"prescriptions"}, Tasks: 30})
			if err != nil {
				t.Fatalf("%s %s: %v", ind, country, err)
			}
			rows := 0
			for _, tb := range b.Tables {
				if tb.Name != "prescriptions_rx" {
					continue
				}
				for i, r := range tb.Rows {
					rows++
					for _, col := range []string{"medication", "dosage"} {
						v, _ := r[col].(string)
						switch {
						case country == "GB" && english[v]:
							seenEnglish++
						case country == "GB":
							t.Errorf("GB %s: prescriptions_rx/%d/%s %q is no formulary English", ind, i, col, v)
						case english[v] || v == "":
							t.Errorf("%s %s: prescriptions_rx/%d/%s %q is the formulary's English", country, ind, i, col, v)
						}
					}
				}
			}
			if rows == 0 {
				t.Errorf("%s %s: no prescriptions", country, ind)
			}
			if country == "GB" {
				continue
			}
			for _, task := range b.Tasks {
				for v := range english {
					if strings.Contains(task.Instruction, "\""+v+"\"") || strings.Contains(task.Instruction, ": "+v+",") {
						t.Errorf("%s %s: task %q quotes the English %q", country, ind, task.Instruction, v)
					}
				}
			}
		}
	}
	if seenEnglish == 0 {
		t.Error("no English medication in a British world: the check cannot fail")
	}
}
