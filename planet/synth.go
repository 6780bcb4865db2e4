package planet

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"maps"
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
const Version = "planet/2"

// stage seeds: every stage draws from its own stream, so changing how one
// stage uses randomness does not reshuffle the others.
const (
	stageCompany uint64 = iota + 1
	stageGraph
	stageSeed
	stageInvariants
	stageTasks
)

func (s Scenario) rng(stage uint64) *rand.Rand {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%s|%s", s.Industry, s.Country, s.Description)
	return rand.New(rand.NewPCG(s.Seed^h.Sum64(), stage))
}

// Synthesize reads a scenario into a plan and builds its world: [Read]
// then [Build]. The bundle is not yet validated; see [Build].
func Synthesize(s Scenario, opts Options) (*world.Bundle, error) {
	for _, f := range opts.Services {
		if registry[f] == nil {
			return nil, fmt.Errorf("unknown service %q (known: %s)", f, strings.Join(ServiceNames(), ", "))
		}
	}
	p, err := readForced(s, opts.Services)
	if err != nil {
		return nil, err
	}
	if opts.Tasks > 0 {
		p.Tasks.Count = opts.Tasks
	}
	return Build(p, opts)
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
	country, _ := catalog.CountryByCode(p.Company.Country)
	g := &Gen{
		Scenario: Scenario{Industry: cmp.Or(packID(p), snake(p.Company.Industry)), Country: country.Code, Description: s.Description, Seed: p.Seed},
		Vocab:    vocabOfPlan(p),
		plan:     p,
		svcBy:    map[string]*Svc{},
		tables:   map[string]*world.Table{},
		entities: map[string]*Entity{},
	}
	g.R = s.rng(stageCompany)
	g.Locale = &Locale{C: country, R: g.R}
	g.company(p)
	g.forced = opts.Services

	g.R = s.rng(stageSeed)
	g.Locale.R = g.R
	lex := lexicon.Load()
	for _, ps := range buildOrder(p) {
		d := registry[ps.Builder]
		if ps.Builder == "record" {
			a, _ := lex.Archetype(ps.Archetype)
			d = &ServiceDef{Name: ps.Name, Title: ps.Title, Build: func(g *Gen, sv *Svc) { buildRecord(g, sv, ps, a) }}
		}
		sv := &Svc{Def: d, Name: ps.Name, Title: cmp.Or(ps.Title, d.Title), g: g}
		g.svcs = append(g.svcs, sv)
		g.svcBy[d.Name] = sv
		d.Build(g, sv)
		// A registered builder may still rename its service to keep clear
		// of the line of work's nouns (orders → sales); record services and
		// the line of work are named by the plan.
		if sv.Name != ps.Name && (ps.Builder == "record" || ps.Builder == "work") {
			i := slices.IndexFunc(p.Services, func(x PlanService) bool { return x.Name == ps.Name })
			return nil, &PlanError{Pointer: fmt.Sprintf("/services/%d/name", i), Err: fmt.Errorf("the %s builder names this service %q, not %q", ps.Builder, sv.Name, ps.Name)}
		}
	}
	for _, sv := range g.svcs {
		if sv.Description == "" {
			sv.Description = sv.Title + " of " + g.Company.Name + "."
		}
	}
	g.deriveEdges()

	g.R = s.rng(stageInvariants)
	g.Locale.R = g.R
	links := g.pickLinks()
	g.links = links
	// Upstream first: an action's seed rows (an invoice for finished work)
	// can put rows into another link's event state (a paid invoice).
	ordered := slices.Clone(links)
	slices.SortStableFunc(ordered, func(a, b *Link) int { return g.svcIndex(a.Event.Entity.Service) - g.svcIndex(b.Event.Entity.Service) })
	for _, l := range ordered {
		g.seedLink(l)
	}
	// Where the world keeps documents, the policies are filed there too.
	// Before task sampling: task ids count the drive's rows.
	if g.Has("drive") {
		g.addPolicyDocument(links)
	}
	g.recordsInThePast()
	g.staffFromTheTeam()

	g.R = s.rng(stageTasks)
	g.Locale.R = g.R
	tasks := g.sampleTasks(links, p.Tasks.Count)
	return g.bundle(links, tasks), nil
}

func packID(p *Plan) string {
	if p.Company.Pack == Composed {
		return ""
	}
	return p.Company.Pack
}

// buildOrder puts the plan's services in the order they are built: CRM,
// the line of work, the record services, then the registered builders
// after the ones whose entities they read (ServiceDef.After).
func buildOrder(p *Plan) []PlanService {
	var out []PlanService
	byBuilder := map[string]PlanService{}
	for _, ps := range p.Services {
		if ps.Builder != "record" {
			byBuilder[ps.Builder] = ps
		}
	}
	done := map[string]bool{}
	var visit func(b string)
	visit = func(b string) {
		ps, ok := byBuilder[b]
		if done[b] || !ok {
			return
		}
		done[b] = true
		for _, up := range registry[b].After {
			visit(up)
		}
		out = append(out, ps)
		if b == "work" {
			for _, r := range p.Services {
				if r.Builder == "record" {
					out = append(out, r)
				}
			}
		}
	}
	visit("crm")
	visit("work")
	for _, b := range slices.Sorted(maps.Keys(byBuilder)) {
		visit(b)
	}
	return out
}

// deriveEdges sets each service's upstream services: those built before
// it with an event that one of its actions can follow, so the graph's
// edges are exactly the pairs a policy can join. A registered builder's
// After list narrows which other registered builders it may follow (email
// does not write to a fleet's vehicles); record services pair freely.
func (g *Gen) deriveEdges() {
	for i, down := range g.svcs {
		for _, up := range g.svcs[:i] {
			if registry[down.Def.Name] != nil && registry[up.Def.Name] != nil && !slices.Contains(down.Def.After, up.Def.Name) {
				continue
			}
			if pairs(up, down) && !slices.Contains(down.DependsOn, up.Def.Name) {
				down.DependsOn = append(down.DependsOn, up.Def.Name)
			}
		}
	}
}

// pairs reports whether an event of up can trigger an action of down.
func pairs(up, down *Svc) bool {
	for _, ev := range up.Events {
		for _, ac := range down.Actions {
			if ac.Service == down.Name && ev.Entity.Has(ac.Needs...) && (len(ac.On) == 0 || slices.Contains(ac.On, ev.Kind)) {
				return true
			}
		}
	}
	return false
}

func (g *Gen) svcIndex(name string) int {
	for i, s := range g.svcs {
		if s.Name == name {
			return i
		}
	}
	return len(g.svcs)
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
		Timezone:     seed.ZoneOf(c, hq.Name), // the headquarters' own zone
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
	return catalog.City{Name: name}
}
