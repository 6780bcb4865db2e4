package planet

import (
	"slices"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
)

// Photos, videos and scans as proof: a record of them is evidence of
// each item of the line of work (a policy binds them), "before and
// after" are when a photo is taken, "photograph each connection" makes
// connection photos (not photo shoots), and a video kept of each survey
// is a record of its own, not a text column of the survey.
func TestReadEvidence(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		service                       string   // the evidence service
		attrs                         []string // attributes it must have
		notWork                       string   // the line of work must not be this
		notWorkAttr                   string   // nor have this attribute
	}{
		{"photos of every job, before and after", "pressure washing", "US",
			"Pressure washing company in Atlanta cleaning driveways, decks and roofs for homeowners. Crews take photos of every job before and after.",
			"photos", []string{"taken"}, "", ""},
		{"a quantified photograph is proof, not a shoot", "steel erection contractor", "UK",
			"Steel erection contractor in Manchester putting up portal frames for main contractors. Our riggers photograph each bolted connection before a frame is signed off.",
			"connection_photos", nil, "shoot", ""},
		{"a video kept of each survey is a record of its own", "CCTV drain survey", "IE",
			"CCTV drain survey company in Dublin working for homebuyers, landlords and insurers. We keep a video of each survey with the written report.",
			"videos", nil, "", "video"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := read.Read(engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if tc.notWork != "" && p.Work.One == tc.notWork {
				t.Errorf("the line of work is %s", p.Work.One)
			}
			if tc.notWorkAttr != "" && slices.ContainsFunc(p.Work.Attributes, func(a engine.PlanAttribute) bool { return a.Name == tc.notWorkAttr }) {
				t.Errorf("the %s keep a text %s", p.Work.Many, tc.notWorkAttr)
			}
			i := slices.IndexFunc(p.Services, func(s engine.PlanService) bool { return s.Name == tc.service })
			if i < 0 {
				t.Fatalf("no service %s: %v", tc.service, serviceNames(p))
			}
			s := p.Services[i]
			if s.Archetype != "evidence" || !s.Follows {
				t.Errorf("%s: archetype %s, follows %v; want evidence of each %s", s.Name, s.Archetype, s.Follows, p.Work.One)
			}
			for _, a := range tc.attrs {
				if !slices.ContainsFunc(s.Attributes, func(x engine.PlanAttribute) bool { return x.Name == a }) {
					t.Errorf("%s has no %s: %+v", s.Name, a, s.Attributes)
				}
			}
			b, err := Build(p, Options{})
			if err != nil {
				t.Fatal(err)
			}
			bound := false
			for _, inv := range b.Invariants {
				bound = bound || inv.Rule != nil && inv.Rule.Then.Table == tc.service && inv.Rule.When.Table == engine.Snake(p.Work.Many)
			}
			if !bound {
				t.Errorf("no policy binds %s to each finished %s", tc.service, p.Work.One)
			}
		})
	}
}
