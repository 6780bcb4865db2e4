package planet

import (
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
	"github.com/mercury/mcp-world/world"
)

// TestReadProductionRuns reads a run of making in the brief's own noun
// with what goes in and comes out: "each pressing records the kilos of
// olives in and the litres of oil out" is a pressing of kilos of olives
// in, litres of oil out. A verb's particle ("weighed in") is no
// quantity, and a run without one is not read as a run.
func TestReadProductionRuns(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		want                          []string // run=…, in=…|unit, out=…|unit
	}{
		{"a pressing's kilos in and litres out", "olive press", "IT", "We press olives for local growers, and each pressing records the kilos of olives in and the litres of oil out.",
			[]string{"run=pressing", "in=kilos of olives in|kilo|olive", "out=litres of oil out|litre|oil"}},
		{"a side said by its participle", "kombucha brewery", "AU", "We log each brew with the litres of sweet tea in and the litres bottled.",
			[]string{"run=brew", "in=litres of sweet tea in|litre|sweet tea", "out=litres bottled|litre|"}},
		{"a counted side and a used side", "yarn dyer", "GB", "Every dye lot records how many skeins were dyed and the grams of dye used.",
			[]string{"run=dye lot", "in=grams of dye used|gram|dye", "out=skeins dyed||skein"}},
		{"what the raw kilos are of is what is roasted", "nut roastery", "TR", "We roast about 300 kg of pistachios and hazelnuts a week, and each roast records the raw kilos in and the roasted kilos out.",
			[]string{"run=roast", "in=raw kilos in|kilo|pistachio or hazelnut", "out=roasted kilos out|kilo|"}},
		{"boiled into what comes out", "jaggery unit", "IN", "We boil each batch of juice into gur.",
			[]string{"run=batch", "in=juice in||juice", "out=gur out||gur"}},
		{"weighed in is no quantity in", "cidery", "GB", "Every load of apples is weighed in by the tonne, each pressing is logged with its juice yield.",
			[]string{"run="}},
		{"a place in each batch is no quantity in", "yoga studio", "IN", "Students book their spot in each batch, and we run a teacher training.",
			[]string{"run="}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := read.Read(engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			attr := map[string]string{}
			for _, s := range p.Services {
				if s.Builder == "production" {
					for _, a := range s.Attributes {
						attr[a.Name] = strings.Join(a.Values, ",")
					}
				}
			}
			got := []string{"run=" + attr["production_run"]}
			if attr["production_run"] != "" {
				got = append(got, "in="+attr["production_input"]+"|"+attr["production_input_unit"]+"|"+attr["production_input_of"], "out="+attr["production_output"]+"|"+attr["production_output_unit"]+"|"+attr["production_output_of"])
			}
			for _, w := range tc.want {
				if !slices.Contains(got, w) {
					t.Errorf("want %q; got %q", w, got)
				}
			}
		})
	}
}

// TestProductionRunWorld builds the world of a run the brief names: its
// table is named for the run (pressings), carries the quantities in and
// out, the seed keeps the yield of every completed run within the
// plausible range (13–20 l of oil per 100 kg of olives), a run is
// released only once its output is recorded, and a task records one.
func TestProductionRunWorld(t *testing.T) {
	const brief = "Frantoio near Bari. In the harvest each pressing records the kilos of olives in and the litres of oil out; we sell oil to delis and restaurants."
	b, err := Synthesize(engine.Scenario{Industry: "frantoio", Country: "IT", Description: brief, Seed: 1}, engine.Options{Tasks: 20})
	if err != nil {
		t.Fatal(err)
	}
	var runs *world.Table
	for i := range b.Tables {
		if b.Tables[i].Name == "pressings" {
			runs = &b.Tables[i]
		}
	}
	if runs == nil {
		t.Fatalf("no pressings table; tables: %v", tableNames(b))
	}
	completed := 0
	for _, r := range runs.Rows {
		in, okIn := r["kilos_of_olives_in"].(float64)
		out, okOut := r["litres_of_oil_out"].(float64)
		switch r["status"] {
		case "completed", "released":
			if !okIn || !okOut {
				t.Errorf("%v is %v without its quantities: %v", r["id"], r["status"], r)
				continue
			}
			completed++
			if y := out / in; y < 0.13 || y > 0.2 {
				t.Errorf("%v: yield %.3f l/kg is outside 0.13–0.20", r["id"], y)
			}
		case "planned":
			if okIn || okOut {
				t.Errorf("%v is planned but has quantities: %v", r["id"], r)
			}
		}
	}
	if completed == 0 {
		t.Error("no completed pressing in the seed")
	}
	var release, record *world.ToolSpec
	for i := range b.Tools {
		switch b.Tools[i].Name {
		case "release_pressing":
			release = &b.Tools[i]
		case "record_pressing_output":
			record = &b.Tools[i]
		}
	}
	for _, tl := range b.Tools {
		// The id the plan tool names is the pressings' own (PRE-…).
		if tl.Name == "plan_pressing" && !strings.Contains(tl.Description, "(PRE-…)") {
			t.Errorf("plan_pressing names another id prefix: %s", tl.Description)
		}
	}
	if record == nil {
		t.Fatal("no record_pressing_output tool")
	}
	// release_pressing is no core tool, so a world keeps it only when a
	// task or the draw does; where it is, it needs the output recorded.
	if release != nil && !slices.ContainsFunc(release.Steps, func(s world.Step) bool { return s.Require == "$b.litres_of_oil_out" && slices.Contains(s.NotIn, nil) }) {
		t.Error("release_pressing does not require the litres of oil out")
	}
	// A chore records a pressing's output from the floor's figure: some
	// world of a few seeds, with Production forced to get its chores, has
	// one.
	recorded := false
	for seed := uint64(1); seed <= 8 && !recorded; seed++ {
		w, err := Synthesize(engine.Scenario{Industry: "frantoio", Country: "IT", Description: brief, Seed: seed}, engine.Options{Tasks: 30, Services: []string{"production"}})
		if err != nil {
			t.Fatal(err)
		}
		recorded = slices.ContainsFunc(w.Tasks, func(tk world.TaskSpec) bool {
			return slices.ContainsFunc(tk.Solution, func(c world.Call) bool { return c.Tool == "record_pressing_output" })
		})
	}
	if !recorded {
		t.Error("no task records a pressing's output in eight seeds")
	}
}

func tableNames(b *world.Bundle) []string {
	var out []string
	for _, t := range b.Tables {
		out = append(out, t.Name)
	}
	return out
}
