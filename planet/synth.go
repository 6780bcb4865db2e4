package planet

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/mercury/mcp-world/planet/catalog"
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
const Version = "planet/1"

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

// Synthesize builds the world of a scenario: company, service graph,
// schema, seed state, invariants and tasks, in that order. The bundle is
// not yet validated; see [Build].
func Synthesize(s Scenario, opts Options) (b *world.Bundle, err error) {
	defer func() {
		// A generator bug must fail this world, not the whole corpus run.
		if r := recover(); r != nil {
			b, err = nil, fmt.Errorf("synthesize %s/%s seed %d: %v", s.Industry, s.Country, s.Seed, r)
		}
	}()
	if opts.Tasks <= 0 {
		opts.Tasks = 10
	}
	ind, ok := industryByID(s.Industry)
	if !ok {
		return nil, fmt.Errorf("unknown industry %q", s.Industry)
	}
	country, ok := countryByCode(s.Country)
	if !ok {
		return nil, fmt.Errorf("unknown country %q", s.Country)
	}
	g := &Gen{
		Scenario: s,
		Vocab:    vocabOf(ind),
		svcBy:    map[string]*Svc{},
		tables:   map[string]*world.Table{},
		entities: map[string]*Entity{},
	}
	g.R = s.rng(stageCompany)
	g.Locale = &Locale{C: country, R: g.R}
	g.company(ind)

	g.R = s.rng(stageGraph)
	g.Locale.R = g.R
	defs := g.pickServices(ind, opts.Services)

	g.R = s.rng(stageSeed)
	g.Locale.R = g.R
	for _, d := range defs {
		sv := &Svc{Def: d, Name: d.Name, Title: d.Title, g: g}
		for _, up := range d.After {
			if slices.Contains(sv.DependsOn, up) {
				continue
			}
			if slices.ContainsFunc(defs, func(x *ServiceDef) bool { return x.Name == up }) {
				sv.DependsOn = append(sv.DependsOn, up)
			}
		}
		g.svcs = append(g.svcs, sv)
		g.svcBy[d.Name] = sv
		d.Build(g, sv)
	}
	for _, sv := range g.svcs {
		if sv.Description == "" {
			sv.Description = sv.Title + " of " + g.Company.Name + "."
		}
	}

	g.R = s.rng(stageInvariants)
	g.Locale.R = g.R
	links := g.pickLinks()
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

	g.R = s.rng(stageTasks)
	g.Locale.R = g.R
	tasks := g.sampleTasks(links, opts.Tasks)
	return g.bundle(links, tasks), nil
}

func (g *Gen) svcIndex(name string) int {
	for i, s := range g.svcs {
		if s.Name == name {
			return i
		}
	}
	return len(g.svcs)
}

func (g *Gen) company(ind catalog.Industry) {
	c := g.Locale.C
	name := g.Locale.Company(ind)
	g.Locale.Domain = g.Locale.DomainFor(name)
	lo, hi := ind.SizeRange[0], ind.SizeRange[1]
	if hi <= lo {
		hi = lo + 1
	}
	city := Pick(g.R, c.Cities)
	desc := strings.NewReplacer("{company}", name, "{city}", city.Name).Replace(Pick(g.R, ind.DescriptionTemplates))
	if d := strings.TrimSpace(g.Scenario.Description); d != "" {
		desc += " " + d
	}
	g.Company = world.Company{
		Name:         name,
		Industry:     ind.Name,
		Country:      c.Code,
		Locale:       c.Locale,
		Currency:     c.Currency,
		Timezone:     seed.ZoneOf(c, city.Name), // the headquarters' own zone
		Employees:    lo + g.R.IntN(hi-lo+1),
		Headquarters: g.Locale.AddressIn(city),
		Website:      "https://www." + g.Locale.Domain,
		Description:  desc,
	}
	loc, err := time.LoadLocation(g.Company.Timezone)
	if err != nil {
		loc = time.UTC
	}
	// A Monday morning in 2026, different per world.
	day := time.Date(2026, 1, 5, 9, 0, 0, 0, loc).AddDate(0, 0, 7*g.R.IntN(40))
	g.Start = day
	g.Locale.SetHome(city, day, ind.ID)
}

// pickServices chooses 4–8 services: the industry's own (vertical) ones,
// CRM as the hub, and a weighted draw of horizontal ones, in dependency
// order.
func (g *Gen) pickServices(ind catalog.Industry, force []string) []*ServiceDef {
	chosen := map[string]bool{"crm": true, "work": true}
	for _, f := range force {
		if registry[f] != nil {
			chosen[f] = true
		}
	}
	// The work service is named after the industry's work noun; a
	// vertical of the same name would be its twin.
	workName := snake(g.Vocab.Work.Many)
	var verticals []string
	for _, v := range ind.Services {
		if d := registry[v]; d != nil && d.Vertical && v != workName {
			verticals = append(verticals, v)
		}
	}
	g.R.Shuffle(len(verticals), func(i, j int) { verticals[i], verticals[j] = verticals[j], verticals[i] })
	for _, v := range verticals[:min(len(verticals), g.R.IntN(2))] {
		chosen[v] = true
	}
	// A world needs a service that reacts to the work downstream, or it
	// has no policies across systems.
	reactors := []string{"billing", "email", "chat"}
	if !slices.ContainsFunc(reactors, func(n string) bool { return chosen[n] }) {
		chosen[reactors[g.R.IntN(len(reactors))]] = true
	}
	target := 4 + g.R.IntN(5) // 4..8
	var pool []*ServiceDef
	for _, n := range ServiceNames() {
		if d := registry[n]; !d.Vertical && !chosen[n] {
			pool = append(pool, d)
		}
	}
	for len(chosen) < target && len(pool) > 0 {
		total := 0.0
		for _, d := range pool {
			total += cmp.Or(d.Weight, 1)
		}
		x := g.R.Float64() * total
		i := 0
		for ; i < len(pool)-1; i++ {
			x -= cmp.Or(pool[i].Weight, 1)
			if x < 0 {
				break
			}
		}
		chosen[pool[i].Name] = true
		pool = slices.Delete(pool, i, i+1)
	}
	// Dependency order: a service builds after the ones it reads from.
	var order []*ServiceDef
	done := map[string]bool{}
	var visit func(n string)
	visit = func(n string) {
		if done[n] || !chosen[n] {
			return
		}
		done[n] = true
		d := registry[n]
		for _, up := range d.After {
			visit(up)
		}
		order = append(order, d)
	}
	names := make([]string, 0, len(chosen))
	for n := range chosen {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		visit(n)
	}
	return order
}
