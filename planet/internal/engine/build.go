package engine

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/lexicon"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

// Scenario is what a world is made from.
type Scenario struct {
	Industry    string `json:"industry"` // catalog industry id
	Country     string `json:"country"`  // ISO 3166-1 alpha-2
	Description string `json:"description,omitempty"`
	Seed        uint64 `json:"seed"`
}

// Options tune the synthesizer.
type Options struct {
	Tasks int // tasks per world; 0 means 10
	// Services forces services into the world (by registry name), for
	// tests and for briefs that name them.
	Services []string
}

// Version is stamped into generated bundles; bump it when the output for a
// given scenario changes.
const Version = "planet/23"

// stage seeds: every stage draws from its own stream, so changing how one
// stage uses randomness does not reshuffle the others.
const (
	StageCompany uint64 = iota + 1
	StageGraph
	stageSeed
	stageInvariants
	stageTasks
)

func (s Scenario) Rand(stage uint64) *rand.Rand {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%s|%s", s.Industry, s.Country, s.Description)
	return rand.New(rand.NewPCG(s.Seed^h.Sum64(), stage))
}

// Build makes the world of a plan: schema, seed state, invariants and
// tasks, drawn from the plan's seed. The plan is checked first and
// rejected whole (see [Plan.Check]). The bundle is not yet validated:
// callers run the verifier's validators and keep only worlds that pass
// (see mcp-world synth).
func Build(p *Plan, opts Options) (b *world.Bundle, err error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	s := p.Brief
	s.Seed = p.Seed
	defer func() {
		// A generator bug must fail this world, not the whole corpus run.
		if r := recover(); r != nil {
			b, err = nil, fmt.Errorf("build %s/%s seed %d: %v", p.Company.Pack, p.Company.Country, p.Seed, r)
		}
	}()
	g, err := BuildServices(p, opts)
	if err != nil {
		return nil, err
	}

	g.R = s.Rand(stageInvariants)
	g.Locale.R = g.R
	// The plan's policies, when it lists them, replace the ones picked;
	// picking still runs, so that the random stream after it is the same.
	candidates := g.Candidates()
	links := g.pickLinks(candidates)
	if len(p.Policies) > 0 {
		if links, err = g.planLinks(candidates, p.Policies); err != nil {
			return nil, err
		}
	}
	g.links = links
	// Upstream first: an action's seed rows (an invoice for finished work)
	// can put rows into another link's event state (a paid invoice).
	ordered := slices.Clone(links)
	slices.SortStableFunc(ordered, func(a, b *Link) int { return g.SvcIndex(a.Event.Entity.Service) - g.SvcIndex(b.Event.Entity.Service) })
	for _, l := range ordered {
		g.seedLink(l)
	}
	// Where the world keeps documents, the policies are filed there too.
	// Before task sampling: task ids count the rows the hooks add.
	for _, sv := range g.Services {
		if sv.Def.FilePolicies != nil {
			sv.Def.FilePolicies(g, links)
		}
	}
	g.recordsInThePast()
	g.staffFromTheTeam()

	g.R = s.Rand(stageTasks)
	g.Locale.R = g.R
	tasks := g.sampleTasks(links, p.Tasks.Count)
	return g.bundle(links, tasks), nil
}

// BuildServices makes the company, builds the plan's services layer by
// layer and derives the service graph from their events and actions.
func BuildServices(p *Plan, opts Options) (*Gen, error) {
	s := p.Brief
	s.Seed = p.Seed
	country, _ := catalog.CountryByCode(p.Company.Country)
	country = country.InCity(p.Company.Headquarters) // Genève writes French
	g := &Gen{
		Scenario: Scenario{Industry: cmp.Or(packID(p), Snake(p.Company.Industry)), Country: country.Code, Description: s.Description, Seed: p.Seed},
		Vocab:    vocabOfPlan(p, country.Locale, country.Currency),
		Plan:     p,
		flavours: catalog.FlavoursFor(p.Company.Pack, p.Company.Industry, s.Industry+" "+s.Description, p.Company.Country),
		ByName:   map[string]*Svc{},
		Tables:   map[string]*world.Table{},
		Entities: map[string]*Entity{},
	}
	g.R = s.Rand(StageCompany)
	g.Locale = &Locale{C: country, R: g.R}
	g.company(p)
	g.forced = opts.Services

	g.R = s.Rand(stageSeed)
	g.Locale.R = g.R
	lex := lexicon.Load()
	for _, ps := range buildOrder(p) {
		d := Registry[ps.Builder]
		if ps.Builder == "record" {
			a, _ := lex.Archetype(ps.Archetype)
			d = &ServiceDef{Name: ps.Name, Title: ps.Title, Layer: LayerWork, Build: func(g *Gen, sv *Svc) { recordBuilder(g, sv, ps, a) }}
		}
		sv := &Svc{Def: d, Name: ps.Name, Title: cmp.Or(ps.Title, d.Title), plan: ps.Name, g: g}
		g.Services = append(g.Services, sv)
		g.ByName[d.Name] = sv
		d.Build(g, sv)
		polishArticles(sv)
		// A registered builder may still rename its service to keep clear
		// of the line of work's nouns (orders → sales); record services and
		// the line of work are named by the plan.
		if sv.Name != ps.Name && (ps.Builder == "record" || ps.Builder == "work") {
			i := slices.IndexFunc(p.Services, func(x PlanService) bool { return x.Name == ps.Name })
			return nil, &PlanError{Pointer: fmt.Sprintf("/services/%d/name", i), Err: fmt.Errorf("the %s builder names this service %q, not %q", ps.Builder, sv.Name, ps.Name)}
		}
	}
	for _, sv := range g.Services {
		if sv.Description == "" {
			sv.Description = sv.Title + " of " + g.Company.Name + "."
		}
	}
	g.deriveEdges()
	return g, nil
}

func packID(p *Plan) string {
	if p.Company.Pack == Composed {
		return ""
	}
	return p.Company.Pack
}

// buildOrder puts the plan's services in the order they are built: layer
// by layer (see [Layer]), so that a service reads the entities of the
// layers below it; within the line of work's layer the line of work
// first, then the record services in plan order; within another layer by
// builder name.
func buildOrder(p *Plan) []PlanService {
	layer := func(ps PlanService) Layer {
		if d := Registry[ps.Builder]; d != nil {
			return d.Layer
		}
		return LayerWork // a record service
	}
	rank := func(ps PlanService) int {
		switch ps.Builder {
		case "work":
			return 0
		case "record":
			return 1
		}
		return 2
	}
	out := slices.Clone(p.Services)
	slices.SortStableFunc(out, func(a, b PlanService) int {
		return cmp.Or(cmp.Compare(layer(a), layer(b)), cmp.Compare(rank(a), rank(b)), cmpBuilder(a, b))
	})
	return out
}

// cmpBuilder orders registered builders by name; record services keep
// their plan order.
func cmpBuilder(a, b PlanService) int {
	if a.Builder == "record" && b.Builder == "record" {
		return 0
	}
	return strings.Compare(a.Builder, b.Builder)
}

// deriveEdges sets each service's upstream services: those with an event
// that one of its actions can follow, from a lower layer (see [Layer]), or
// built before it in the line of work's layer. The graph's edges are
// exactly the pairs a policy can join; no service names another.
func (g *Gen) deriveEdges() {
	for i, down := range g.Services {
		for _, up := range g.Services[:i] {
			if up.Def.Layer == down.Def.Layer && up.Def.Layer != LayerWork {
				continue
			}
			if Pairs(up, down) && !slices.Contains(down.DependsOn, up.Def.Name) {
				down.DependsOn = append(down.DependsOn, up.Def.Name)
			}
		}
	}
}

// Pairs reports whether an event of up can trigger an action of down.
func Pairs(up, down *Svc) bool {
	for _, ev := range up.Events {
		for _, ac := range down.Actions {
			if ac.Service == down.Name && ac.Follows(ev) {
				return true
			}
		}
	}
	return false
}

func (g *Gen) SvcIndex(name string) int {
	for i, s := range g.Services {
		if s.Name == name {
			return i
		}
	}
	return len(g.Services)
}

func (g *Gen) company(p *Plan) {
	c := g.Locale.C
	pc := p.Company
	hq := cityOf(c, pc.Headquarters)
	g.Locale.Domain = g.Locale.DomainFor(pc.Name)
	g.Company = world.Company{
		Name:         pc.Name,
		Industry:     pc.Industry,
		Country:      c.Code,
		Locale:       c.Locale,
		Currency:     p.Currencies[0],
		Timezone:     cmp.Or(hq.Zone, seed.ZoneOf(c, cmp.Or(hq.Near, hq.Name))), // the headquarters' own zone; a town GeoNames no longer lists keeps its catalog city's
		Employees:    pc.Employees,
		Headquarters: g.Locale.AddressIn(hq),
		Website:      "https://www." + g.Locale.Domain,
		Description:  pc.Description,
	}
	loc, err := time.LoadLocation(g.Company.Timezone)
	if err != nil {
		loc = time.UTC
	}
	// A Monday morning in 2026, different per world.
	day := time.Date(2026, 1, 5, 9, 0, 0, 0, loc).AddDate(0, 0, 7*g.R.IntN(40))
	g.Start = day
	g.Locale.SetHome(hq, day, pc.Pack)
	// What the company sells fills offering columns ("service_name").
	for _, it := range g.Vocab.Items {
		g.Locale.Src().Items = append(g.Locale.Src().Items, it.Name)
	}
}

// cityOf returns the country's city of that name, or a city with only a
// name (a place the catalog does not list).
func cityOf(c catalog.Country, name string) catalog.City {
	for _, ct := range c.Cities {
		if ct.Name == name || ct.Latin == name {
			return ct
		}
	}
	// A town of a country of another script, by its local name (別府市,
	// 大分県: places.json), with what GeoNames knows of it by its Latin
	// one (postcodes, the catalog city whose zone it keeps).
	if t, ok := c.Town(name); ok {
		if geo, ok := c.TownNamed(t.Latin); ok {
			g := c.TownCity(geo)
			t.Postcodes, t.Near, t.Zone = g.Postcodes, g.Near, g.Zone
		}
		return t
	}
	// A town the brief named: its own postcodes, its state. The reader
	// writes "Breckenridge, CO" for a town that is not the most populous
	// of its name.
	town, state, _ := strings.Cut(name, ", ")
	if t, ok := c.TownIn(town, []string{state}); ok {
		return c.TownCity(t)
	}
	return catalog.City{Name: name}
}
