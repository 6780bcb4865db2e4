package engine

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/lexicon"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

// ServiceDef is a kind of service the synthesizer can put in a world.
type ServiceDef struct {
	Name  string // service name in the world, e.g. "billing"
	Title string
	// Vertical services belong to some industries only (Industries lists
	// their catalog ids, empty: chosen through the industry's catalog
	// entry); horizontal ones can go anywhere.
	Vertical bool
	// Layer is where the service sits in the flow of a business (see
	// [Layer]): it is built after the services of lower layers, and its
	// actions follow only their events. No service names another.
	Layer Layer
	// Twin is the suffix the service's name takes in a world whose line of
	// work already has its name (default "_desk").
	Twin string
	// Weight is how often a horizontal service is picked (default 1).
	Weight float64
	// Build adds the service's tables, tools, events, actions and chores.
	// It runs after every service of a lower layer the world has.
	Build func(g *Gen, s *Svc)
	// Folder is the role of the drive folder where documents about the
	// service's records are filed ("finance"; default "general").
	Folder string
	// Personas are who asks for work that starts in the service (default
	// an operations coordinator or a coordinator).
	Personas []string
	// FilePolicies, when set, files the world's policies (its links) in
	// the service, once they are picked and seeded, before tasks are
	// sampled.
	FilePolicies func(g *Gen, links []*Link)
}

// Layer is a service's place in the flow of a business, from who the
// customers are, through the work done for them, to what follows from that
// work and, last, who is told and where it is filed. Services are built
// layer by layer, and the service graph has an edge from a lower layer to
// a higher one wherever an event of the first pairs with an action of the
// second (see deriveEdges); within the line of work's layer, from a
// service built earlier to one built later.
type Layer int

const (
	// LayerCustomers keeps who the business serves (CRM).
	LayerCustomers Layer = iota
	// LayerWork is the business's own line of work and the plan's record
	// services, parameterised by its nouns.
	LayerWork
	// LayerOperations are the other records of the business: verticals,
	// sales orders, purchasing, HR.
	LayerOperations
	// LayerFollowUp reacts to the work: billing, support, scheduling,
	// stock.
	LayerFollowUp
	// LayerSettlement reacts to what follow-up asks for (money received
	// for invoices).
	LayerSettlement
	// LayerNotify tells people: email, chat.
	LayerNotify
	// LayerArchive files what everything else did: the drive.
	LayerArchive
)

var Registry = map[string]*ServiceDef{}

// Register adds a service definition; called from init functions.
func Register(d *ServiceDef) {
	if _, dup := Registry[d.Name]; dup {
		panic("planet: service " + d.Name + " registered twice")
	}
	Registry[d.Name] = d
}

// recordBuilder builds a record service of the plan (builder "record"):
// one generic service per capability, parameterised by its archetype.
var recordBuilder func(g *Gen, s *Svc, ps PlanService, a lexicon.Archetype)

// RegisterRecord sets the builder of record services; called from an
// init function.
func RegisterRecord(build func(g *Gen, s *Svc, ps PlanService, a lexicon.Archetype)) {
	recordBuilder = build
}

// ServiceNames lists every service the synthesizer knows, sorted.
func ServiceNames() []string {
	names := make([]string, 0, len(Registry))
	for n := range Registry {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Svc is a service being built in one world.
type Svc struct {
	Def         *ServiceDef
	Name        string
	Title       string
	Description string
	DependsOn   []string
	Tables      []*world.Table
	Tools       []*world.ToolSpec
	Events      []*Event
	Actions     []*Action
	Chores      []*Chore
	// Core names the tools that stay in the world whatever the tool budget
	// (the ones a person would miss first).
	Core []string
	plan string // its name in the plan (a registered builder may rename it)
	g    *Gen
}

// Table adds a table owned by the service. With a prefix, its primary key
// column "id" gets ids such as PRE-00042.
func (s *Svc) Table(name, desc, prefix string, width int, cols ...world.Column) *world.Table {
	for i := range cols {
		cols[i].Kind = cmp.Or(cols[i].Kind, kindOf(cols[i], cols))
	}
	t := &world.Table{Name: name, Service: s.Name, Description: desc, Columns: cols}
	if prefix != "" {
		t.ID = &world.IDSequence{Prefix: prefix, Width: width}
	}
	s.Tables = append(s.Tables, t)
	s.g.Tables[name] = t
	return t
}

// FreePrefix returns the first of the id prefixes that no table of the
// world has yet, so that an id names one table only.
func (g *Gen) FreePrefix(prefixes ...string) string {
	taken := map[string]bool{}
	for _, t := range g.Tables {
		if t.ID != nil {
			taken[t.ID.Prefix] = true
		}
	}
	for _, p := range prefixes {
		if !taken[p] {
			return p
		}
	}
	return prefixes[len(prefixes)-1]
}

// ToolTaken reports whether a service built so far already has a tool of
// that name: optional tools whose names depend on the industry's nouns
// check it, so two services never offer the same name.
func (g *Gen) ToolTaken(name string) bool {
	for _, s := range g.Services {
		for _, t := range s.Tools {
			if t.Name == name {
				return true
			}
		}
	}
	return false
}

// Tool adds a tool; core tools are kept when the world trims its tools.
func (s *Svc) Tool(core bool, t *world.ToolSpec) *world.ToolSpec {
	t.Service = s.Name
	s.Tools = append(s.Tools, t)
	if core {
		s.Core = append(s.Core, t.Name)
	}
	return t
}

// Gen is the state of one world being generated. Everything random comes
// from R, seeded by the scenario: same scenario, same world.
type Gen struct {
	R        *rand.Rand
	Scenario Scenario
	Locale   *Locale
	Vocab    *Vocab
	Company  world.Company
	Start    time.Time // the virtual clock's start

	Plan     *Plan
	Services []*Svc
	ByName   map[string]*Svc
	Tables   map[string]*world.Table
	Entities map[string]*Entity
	flavours []catalog.Flavour // the industry knowledge its services draw on
	links    []*Link           // the world's policies, once picked
	forced   []string          // services the options asked for: their chores first
}

// Flavoured returns a copy of what pick takes from the first of the
// world's industry flavours that has it (see catalog.Flavour), or nil: a
// service's industry-specific content is data, not a test of the
// industry's name. The copy is the world's own to shuffle or extend;
// the catalog's is shared by worlds built at once.
func Flavoured[T any](g *Gen, pick func(catalog.Flavour) []T) []T {
	for _, f := range g.flavours {
		if xs := pick(f); len(xs) > 0 {
			return slices.Clone(xs)
		}
	}
	return nil
}

// Has reports whether the world has a service.
func (g *Gen) Has(service string) bool { _, ok := g.ByName[service]; return ok }

// Service returns a built service.
func (g *Gen) Service(name string) *Svc { return g.ByName[name] }

// Entity returns a shared entity by role ("customer", "staff", "work",
// "offering", "invoice", …), or nil.
func (g *Gen) Entity(role string) *Entity { return g.Entities[role] }

// SetEntity publishes an entity for other services to point at.
func (g *Gen) SetEntity(role string, e *Entity) { g.Entities[role] = e }

// AddRow appends a seed row to a table of the world.
func (g *Gen) AddRow(table string, r Row) {
	t := g.Tables[table]
	if t == nil {
		panic(fmt.Sprintf("planet: no table %s", table))
	}
	t.Rows = append(t.Rows, r)
}

// Rows returns a table's seed rows.
func (g *Gen) Rows(table string) []Row {
	if t := g.Tables[table]; t != nil {
		return t.Rows
	}
	return nil
}

// NextID returns the next id number for a table while seeding (ids are
// dense from 1).
func (g *Gen) seqNext(table string) int { return len(g.Tables[table].Rows) + 1 }

// FormatID formats id number n of a table with an id sequence.
func (g *Gen) FormatID(table string, n int) string {
	t := g.Tables[table]
	return fmt.Sprintf("%s%0*d", t.ID.Prefix, t.ID.Width, n)
}

// Day returns the date d days after the clock start (negative: before).
func (g *Gen) Day(d int) string { return g.Start.AddDate(0, 0, d).Format(time.DateOnly) }

// At returns the date-time at hour h (local, 0–24; fractions are minutes)
// of the day d days after the clock start.
func (g *Gen) At(d int, h float64) string {
	day := g.Start.AddDate(0, 0, d)
	midnight := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, day.Location())
	return midnight.Add(time.Duration(h * float64(time.Hour))).Format(time.RFC3339)
}

// kindOf is the semantic kind of a column from its name, when a rule
// covers it and fits its type; keys, enums and flags have none, nor a
// date that follows a column its table does not have.
func kindOf(c world.Column, table []world.Column) string {
	if c.PrimaryKey || c.References != "" || c.RefersTo != "" || len(c.Enum) > 0 || c.Type == "boolean" {
		return ""
	}
	r, ok := seed.RuleForType(c.Name, c.Type)
	if !ok || r.ExtraOnly || !seed.FitsType(r, c.Type) {
		return ""
	}
	if r.Anchor != "" && !slices.ContainsFunc(table, func(o world.Column) bool { return o.Name == r.Anchor }) {
		return ""
	}
	return string(r.Kind)
}
