package planet

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

var planBriefs = []struct {
	name string
	s    engine.Scenario
}{
	{"tattoo-de", engine.Scenario{Industry: "tattoo studio", Country: "Germany", Description: "We are a tattoo studio in Hamburg. We book sessions, take deposits for bookings, keep signed consent forms and send aftercare reminders.", Seed: 1}},
	{"locksmith-gb", engine.Scenario{Industry: "locksmith", Country: "GB", Description: "A locksmith in Leeds with six vans: we dispatch emergency call-outs for households and handle insurance claims.", Seed: 2}},
	{"kayaks-jp", engine.Scenario{Industry: "kayak rental", Country: "JP", Description: "We rent kayaks by the hour on Lake Biwa and sell guided tours to families.", Seed: 3}},
	{"dental-br", engine.Scenario{Industry: "dental-clinics", Country: "BR", Seed: 4}},
}

// TestPlanRoundTrip: a plan written by --emit-plan and read back builds a
// byte-identical world, and the same brief gives the same plan.
func TestPlanRoundTrip(t *testing.T) {
	for _, c := range planBriefs {
		t.Run(c.name, func(t *testing.T) {
			p, err := read.Read(c.s)
			if err != nil {
				t.Fatal(err)
			}
			data, err := engine.MarshalPlan(p)
			if err != nil {
				t.Fatal(err)
			}
			p2, err := read.Read(c.s)
			if err != nil {
				t.Fatal(err)
			}
			if again, _ := engine.MarshalPlan(p2); !bytes.Equal(data, again) {
				t.Fatal("same brief, different plans")
			}
			b1, err := engine.Build(p, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			parsed, err := engine.ParsePlan(data)
			if err != nil {
				t.Fatal(err)
			}
			b2, err := engine.Build(parsed, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			j1, _ := json.MarshalIndent(b1, "", " ")
			j2, _ := json.MarshalIndent(b2, "", " ")
			if !bytes.Equal(j1, j2) {
				t.Fatal("emit → plan gives another world")
			}
			validate(t, c.name, j1)
			golden(t, filepath.Join("testdata", "plans", c.name+".plan.json"), data)
			golden(t, filepath.Join("testdata", "worlds", c.name+".json"), append(j1, '\n'))
		})
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, _ := os.ReadFile(path)
	if !bytes.Equal(want, got) {
		t.Errorf("%s differs from what Planet makes now; if the change is intended, run go test ./planet -run TestPlanRoundTrip -update and bump planet.Version", path)
	}
}

// TestBrokenPlan: every problem of a plan is reported with its JSON
// pointer, and the plan is rejected whole.
func TestBrokenPlan(t *testing.T) {
	p, err := read.Read(planBriefs[0].s)
	if err != nil {
		t.Fatal(err)
	}
	good, _ := engine.MarshalPlan(p)
	cases := []struct {
		name string
		edit func(p *engine.Plan)
		want []string
	}{
		{"version", func(p *engine.Plan) { p.Version = "mercury.plan/v0" }, []string{"/version"}},
		{"country and pack", func(p *engine.Plan) { p.Company.Country = "XX"; p.Company.Pack = "no-such-pack" }, []string{"/company/country", "/company/pack"}},
		{"states", func(p *engine.Plan) { p.Work.States = []string{"open"} }, []string{"/work/states"}},
		{"service", func(p *engine.Plan) {
			p.Services[2].Archetype = "nope"
			p.Services[3].Name = "Bad Name"
			p.Services = append(p.Services, p.Services[1])
		}, []string{"/services/2/archetype", "/services/3/name", "/services/" + itoa(len(p.Services)) + "/name"}},
		{"price", func(p *engine.Plan) { p.Work.Items[0].Price = [2]float64{10, 5} }, []string{"/work/items/0/price"}},
		{"attribute", func(p *engine.Plan) {
			p.Services[3].Attributes = append(p.Services[3].Attributes, engine.PlanAttribute{Name: "x", Type: "money"})
		}, []string{"/services/3/attributes/"}},
		{"no crm", func(p *engine.Plan) { p.Services = p.Services[1:] }, []string{"/services: needs the crm"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var q engine.Plan
			if err := json.Unmarshal(good, &q); err != nil {
				t.Fatal(err)
			}
			c.edit(&q)
			data, _ := json.Marshal(&q)
			got, err := engine.ParsePlan(data)
			if err == nil || got != nil {
				t.Fatalf("broken plan accepted")
			}
			var pe *engine.PlanError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v has no pointer", err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not name %s", err, w)
				}
			}
			if _, err := engine.Build(&q, engine.Options{}); err == nil {
				t.Error("Build accepted the broken plan")
			}
		})
	}
	// Unknown fields and wrong types are located too.
	for _, c := range []struct{ data, want string }{
		{strings.Replace(string(good), `"seed"`, `"sede"`, 1), "/sede"},
		{strings.Replace(string(good), `"employees": `, `"employees": "many", "x": `, 1), "/company/employees"},
	} {
		if _, err := engine.ParsePlan([]byte(c.data)); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("got %v, want an error at %s", err, c.want)
		}
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestReadUnreadable: a brief with nothing to read says what to add; a
// brief whose country is known is never refused.
func TestReadUnreadable(t *testing.T) {
	if _, err := read.Read(engine.Scenario{Country: "DE"}); !errors.Is(err, read.ErrUnreadable) || !strings.Contains(err.Error(), "say what the business does") {
		t.Errorf("empty brief: %v", err)
	}
	if _, err := read.Read(engine.Scenario{Industry: "zzqx", Country: "DE"}); !errors.Is(err, read.ErrUnreadable) || !strings.Contains(err.Error(), "add a sentence") {
		t.Errorf("unknown industry, no description: %v", err)
	}
	for _, ind := range []string{"canoe rental", "chess club", "bridal boutique", "piano retailer", "vineyard", "kennel", "sign maker"} {
		p, err := read.Read(engine.Scenario{Industry: ind, Country: "FR", Description: "We sell and rent what we make to people in Lyon.", Seed: 1})
		if err != nil {
			t.Errorf("%s refused: %v", ind, err)
			continue
		}
		if p.Company.Headquarters != "Lyon" {
			t.Errorf("%s: headquarters %s, want Lyon", ind, p.Company.Headquarters)
		}
	}
}
