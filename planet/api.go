package planet

import (
	"fmt"
	"strings"

	_ "github.com/mercury/mcp-world/planet/internal/archetypes" // registers every archetype's builder
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
	"github.com/mercury/mcp-world/world"
)

// The plan, the intermediate form between a brief and a world (see
// docs/plan-format.md). The types are the engine's own: a plan is what the
// engine builds from.
type (
	// Scenario is what a world is made from: a brief and a seed.
	Scenario = engine.Scenario
	// Options tune the synthesizer.
	Options = engine.Options
	// Plan is every decision the reader took, in the form Build reads.
	Plan          = engine.Plan
	PlanCompany   = engine.PlanCompany
	PlanNoun      = engine.PlanNoun
	PlanWork      = engine.PlanWork
	PlanItem      = engine.PlanItem
	PlanAttribute = engine.PlanAttribute
	PlanScale     = engine.PlanScale
	PlanService   = engine.PlanService
	PlanPolicy    = engine.PlanPolicy
	PlanTasks     = engine.PlanTasks
	// Decision is one decision of the reader, with the phrase behind it.
	Decision = engine.Decision
	// PlanError is a problem of a plan at its JSON pointer.
	PlanError = engine.PlanError
)

const (
	// Version is stamped into generated bundles; bump it when the output
	// for a given scenario changes.
	Version = engine.Version
	// PlanVersion is the format of a plan.
	PlanVersion = engine.PlanVersion
	// Composed is the pack of a plan whose industry no pack fits: it is
	// composed from the brief's description.
	Composed = engine.Composed
	// PackThreshold is the industry match confidence at and above which
	// the reader uses an industry pack.
	PackThreshold = read.PackThreshold
)

// ErrUnreadable is returned for a brief with nothing to build on.
var ErrUnreadable = read.ErrUnreadable

// Read turns a brief into a plan, logging every decision with the phrase
// that caused it.
func Read(s Scenario) (*Plan, error) { return read.Read(s) }

// Build makes the world of a plan: schema, seed state, invariants and
// tasks, drawn from the plan's seed. The plan is checked first and
// rejected whole (see [Plan.Check]). The bundle is not yet validated:
// callers run the verifier's validators and keep only worlds that pass
// (see mcp-world synth).
func Build(p *Plan, opts Options) (*world.Bundle, error) { return engine.Build(p, opts) }

// ParsePlan decodes and checks a plan; every problem is a [*PlanError]
// with its JSON pointer, and the plan is rejected whole.
func ParsePlan(data []byte) (*Plan, error) { return engine.ParsePlan(data) }

// MarshalPlan writes a plan as indented JSON, the form --emit-plan prints.
func MarshalPlan(p *Plan) ([]byte, error) { return engine.MarshalPlan(p) }

// PlanSchema returns the JSON Schema of a plan.
func PlanSchema() []byte { return engine.PlanSchema() }

// ServiceNames lists every service the synthesizer knows, sorted.
func ServiceNames() []string { return engine.ServiceNames() }

// Synthesize reads a scenario into a plan and builds its world: [Read]
// then [Build]. The bundle is not yet validated; see [Build].
func Synthesize(s Scenario, opts Options) (*world.Bundle, error) {
	for _, f := range opts.Services {
		if engine.Registry[f] == nil {
			return nil, fmt.Errorf("unknown service %q (known: %s)", f, strings.Join(engine.ServiceNames(), ", "))
		}
	}
	p, err := read.ReadForced(s, opts.Services)
	if err != nil {
		return nil, err
	}
	if opts.Tasks > 0 {
		p.Tasks.Count = opts.Tasks
	}
	return engine.Build(p, opts)
}
