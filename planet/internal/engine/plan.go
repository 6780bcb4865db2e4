package engine

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/lexicon"
)

// PlanVersion is the version of the plan format this package reads and
// writes.
const PlanVersion = "mercury.plan/v1"

// Plan is how Planet reads a brief: the intermediate form between [Read]
// and [Build]. A person or an LLM can also write or edit one; [ParsePlan]
// checks it. Everything [Build] needs is in the plan, so the same plan
// and options give a byte-identical world.
type Plan struct {
	Version string `json:"version"`
	// Seed drives every random choice Build makes.
	Seed uint64 `json:"seed"`
	// Brief is what the plan was read from (empty for a hand-written
	// plan); it is kept for provenance and seeds the random streams.
	Brief        Scenario    `json:"brief"`
	Company      PlanCompany `json:"company"`
	Customer     PlanNoun    `json:"customer"`
	Staff        PlanNoun    `json:"staff"`
	Work         PlanWork    `json:"work"`
	Scale        []PlanScale `json:"scale,omitempty"`
	Counterparts []PlanNoun  `json:"counterparts,omitempty"`
	// Currencies are ISO 4217 codes; the first is the company's own.
	Currencies []string      `json:"currencies"`
	Services   []PlanService `json:"services"`
	Policies   []PlanPolicy  `json:"policies,omitempty"`
	Tasks      PlanTasks     `json:"tasks"`
	// Decisions is how the brief was read, one line per decision, in the
	// order they were made.
	Decisions []Decision `json:"decisions"`
}

// PlanCompany is who the world belongs to.
type PlanCompany struct {
	Name string `json:"name"`
	// Industry is free text, as the brief gave it.
	Industry string `json:"industry"`
	// Pack is the matched industry pack's id, or "composed" when the
	// world is composed from the brief's capabilities.
	Pack string `json:"pack"`
	// Match is the pack match's confidence in [0,1] (0 when composed).
	Match        float64 `json:"match"`
	Country      string  `json:"country"`      // ISO 3166-1 alpha-2
	Headquarters string  `json:"headquarters"` // a city
	// Locations are the cities of the company's sites, headquarters first.
	Locations   []string `json:"locations,omitempty"`
	Employees   int      `json:"employees"`
	Description string   `json:"description"`
}

// Composed is PlanCompany.Pack for a world with no industry pack.
const Composed = "composed"

// PlanNoun is a noun of the world with the brief phrase it came from.
type PlanNoun struct {
	One  string `json:"one"`
	Many string `json:"many"`
	// Organisation: the customers are businesses or institutions, not
	// people.
	Organisation bool `json:"organisation,omitempty"`
	Count        int  `json:"count,omitempty"`
	// Attributes are columns of its own ("insurer" of a patient).
	Attributes []PlanAttribute `json:"attributes,omitempty"`
	From       string          `json:"from,omitempty"`
}

// PlanWork is the business's own line of work: what its main service
// keeps, its lifecycle and what it offers.
// workDoneKinds are the event kinds the line of work's final state may
// have: finished work, a payment, a closed record.
var workDoneKinds = []string{"done", "paid", "closed"}

type PlanWork struct {
	Archetype string   `json:"archetype"`
	One       string   `json:"one"`
	Many      string   `json:"many"`
	States    []string `json:"states"`
	Cancel    string   `json:"cancel,omitempty"`
	// DoneKind is the event kind of reaching the final state when it is
	// not "done" (finished work, which is invoiced): "closed", "paid".
	DoneKind   string          `json:"done_kind,omitempty"`
	Offering   PlanNoun        `json:"offering"`
	Unit       string          `json:"unit"`
	Items      []PlanItem      `json:"items"`
	Attributes []PlanAttribute `json:"attributes,omitempty"`
	From       string          `json:"from,omitempty"`
}

// PlanItem is one thing on the price list; Price is a range in
// EUR-equivalent major units, converted to the company currency.
type PlanItem struct {
	Name  string     `json:"name"`
	Price [2]float64 `json:"price"`
}

// PlanAttribute is a column the brief asks for; Values make it an enum.
type PlanAttribute struct {
	Name   string   `json:"name"`
	Type   string   `json:"type"`
	Values []string `json:"values,omitempty"`
	From   string   `json:"from,omitempty"`
}

// PlanScale is a count the brief gives: "12 studios", "45 vans".
type PlanScale struct {
	Kind  string `json:"kind"` // locations, vehicles, staff, customers, units
	Noun  string `json:"noun"`
	Count int    `json:"count"`
	From  string `json:"from"`
}

// PlanService is one service of the world.
type PlanService struct {
	// Name is the service's name in the world ("call_outs").
	Name      string `json:"name"`
	Archetype string `json:"archetype"`
	Title     string `json:"title"`
	// Builder is the registered builder ("billing", "shipments", "work")
	// or "record", the generic builder of an archetype's records.
	Builder string `json:"builder"`
	// Entity is the record the service keeps, for the record builder.
	Entity *PlanNoun `json:"entity,omitempty"`
	// Resource is what a record is of, where the brief names it
	// ("kayaks" of kayak rentals); Count seeds that many.
	Resource *PlanNoun `json:"resource,omitempty"`
	// Counterpart is who the records are with when it is not a customer:
	// the suppliers purchase orders go to ("local mills"). A record
	// service with a counterpart keeps a table of them and no customer.
	Counterpart *PlanNoun       `json:"counterpart,omitempty"`
	Attributes  []PlanAttribute `json:"attributes,omitempty"`
	// Follows: the service keeps a record for each finished item of the
	// line of work (the policy binds them).
	Follows bool `json:"follows,omitempty"`
	// Precedes: the service keeps a record due before each item of the
	// line of work is confirmed (a deposit, a signed waiver, a permit):
	// the policy binds the item's confirmation, not its completion.
	Precedes bool `json:"precedes,omitempty"`
	// Own: the records are of the business's own things, not work for a
	// customer (its trucks' technical inspections, its plant's water
	// tests): no customer is on them and nothing is invoiced.
	Own bool `json:"own,omitempty"`
	// States is a record service's lifecycle, first to final, and
	// Cancel its terminal state off the main path. Empty: the lifecycle
	// of what the records are (see [Lifecycle]: made goods mature, tickets
	// are used), else the archetype's.
	States []string `json:"states,omitempty"`
	Cancel string   `json:"cancel,omitempty"`
	From   string   `json:"from,omitempty"`
}

// PlanPolicy is one business rule of the world: when Event happens in the
// Trigger service, Action must be done in the Target service. [Read]
// lists the policies Build would pick; a person or an LLM may drop one or
// add another pair of an event and an action that follows it, and Build
// makes exactly the listed policies (an empty list: Build picks them).
type PlanPolicy struct {
	// Name is the policy's name in the world, derived from the pair
	// ("call-out-completed-invoiced"); optional in a hand-written plan.
	Name    string `json:"name,omitempty"`
	Trigger string `json:"trigger"` // a service of /services
	Event   string `json:"event"`   // one of its events ("completed")
	Target  string `json:"target"`  // another service of /services
	Action  string `json:"action"`  // one of its actions ("invoiced")
	From    string `json:"from,omitempty"`
}

// PlanTasks says how many tasks to sample and of which families.
type PlanTasks struct {
	Count    int      `json:"count"`
	Families []string `json:"families"`
}

// Decision is one line of how a brief was read: the phrase that caused it
// and what was decided, with the plan field it set.
type Decision struct {
	Phrase   string `json:"phrase"`
	Decision string `json:"decision"`
	Pointer  string `json:"pointer"`
}

// String is the decision as synth prints it.
func (d Decision) String() string {
	if d.Phrase == "" {
		return "(default) → " + d.Decision
	}
	return strconv.Quote(d.Phrase) + " → " + d.Decision
}

// PlanError is one problem in a plan, at an RFC 6901 pointer.
type PlanError struct {
	Pointer string
	Err     error
}

func (e *PlanError) Error() string { return e.Pointer + ": " + e.Err.Error() }
func (e *PlanError) Unwrap() error { return e.Err }

//go:embed plan.schema.json
var planSchema []byte

// PlanSchema returns the JSON Schema of the plan format.
func PlanSchema() []byte { return slices.Clone(planSchema) }

// ParsePlan decodes and checks a plan. It rejects the plan whole: every
// problem found is returned, joined, each as a [*PlanError] with its JSON
// pointer.
func ParsePlan(data []byte) (*Plan, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var p Plan
	if err := dec.Decode(&p); err != nil {
		return nil, &PlanError{Pointer: decodePointer(data, err), Err: fmt.Errorf("decode plan: %w", err)}
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, &PlanError{Pointer: "", Err: errors.New("trailing data after the plan")}
	}
	if err := p.Check(); err != nil {
		return nil, err
	}
	// Whether each listed policy pairs an event with an action that
	// follows it shows only once the services are built.
	if err := checkPolicies(&p); err != nil {
		return nil, err
	}
	return &p, nil
}

// decodePointer locates a decode error: the field of an unknown-field or
// type error, else the document root.
func decodePointer(data []byte, err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return "/" + strings.ReplaceAll(te.Field, ".", "/")
	}
	msg := err.Error()
	if i := strings.Index(msg, "unknown field "); i >= 0 {
		name, _ := strconv.Unquote(msg[i+len("unknown field "):])
		return "/" + name
	}
	return ""
}

// Check reports every problem of the plan, each with its JSON pointer.
func (p *Plan) Check() error {
	var errs []error
	bad := func(ptr, format string, args ...any) {
		errs = append(errs, &PlanError{Pointer: ptr, Err: fmt.Errorf(format, args...)})
	}
	lex := lexicon.Load()
	if p.Version != PlanVersion {
		bad("/version", "version %q is not %q", p.Version, PlanVersion)
	}
	c := p.Company
	if strings.TrimSpace(c.Name) == "" {
		bad("/company/name", "is empty")
	}
	if strings.TrimSpace(c.Industry) == "" {
		bad("/company/industry", "is empty")
	}
	if c.Pack != Composed {
		if _, ok := catalog.IndustryByID(c.Pack); !ok {
			bad("/company/pack", "no industry pack %q (use %q for a composed industry)", c.Pack, Composed)
		}
	}
	if c.Match < 0 || c.Match > 1 {
		bad("/company/match", "%v is outside [0,1]", c.Match)
	}
	if _, ok := catalog.CountryByCode(c.Country); !ok || len(c.Country) != 2 {
		bad("/company/country", "unknown country code %q", c.Country)
	}
	if strings.TrimSpace(c.Headquarters) == "" {
		bad("/company/headquarters", "is empty")
	}
	if c.Employees < 1 {
		bad("/company/employees", "must be at least 1")
	}
	nouns := map[string]PlanNoun{"/customer": p.Customer, "/staff": p.Staff, "/work/offering": p.Work.Offering}
	for _, ptr := range []string{"/customer", "/staff", "/work/offering"} {
		n := nouns[ptr]
		if strings.TrimSpace(n.One) == "" || Snake(n.One) == "" {
			bad(ptr+"/one", "is empty")
		}
		if strings.TrimSpace(n.Many) == "" || Snake(n.Many) == "" {
			bad(ptr+"/many", "is empty")
		}
	}
	w := p.Work
	if a, ok := lex.Archetype(w.Archetype); !ok || !a.LineOfWork {
		bad("/work/archetype", "%q is not an archetype that can be a line of work", w.Archetype)
	}
	if Snake(w.One) == "" {
		bad("/work/one", "is empty")
	}
	if Snake(w.Many) == "" {
		bad("/work/many", "is empty")
	}
	if len(w.States) < 2 {
		bad("/work/states", "needs at least two states, first to final")
	}
	for i, s := range w.States {
		if Snake(s) != s {
			bad(fmt.Sprintf("/work/states/%d", i), "state %q must be lower snake case", s)
		}
		if slices.Index(w.States, s) != i || s == w.Cancel {
			bad(fmt.Sprintf("/work/states/%d", i), "state %q appears twice", s)
		}
	}
	if w.DoneKind != "" && !slices.Contains(workDoneKinds, w.DoneKind) {
		bad("/work/done_kind", "%q is not one of %v", w.DoneKind, workDoneKinds)
	}
	if w.Cancel != "" && Snake(w.Cancel) != w.Cancel {
		bad("/work/cancel", "state %q must be lower snake case", w.Cancel)
	}
	if len(w.Items) == 0 {
		bad("/work/items", "needs at least one item")
	}
	for i, it := range w.Items {
		ptr := fmt.Sprintf("/work/items/%d", i)
		if strings.TrimSpace(it.Name) == "" {
			bad(ptr+"/name", "is empty")
		}
		if it.Price[0] <= 0 || it.Price[1] < it.Price[0] {
			bad(ptr+"/price", "needs 0 < low ≤ high, got %v", it.Price)
		}
	}
	checkAttrs(bad, "/work/attributes", w.Attributes)
	checkAttrs(bad, "/customer/attributes", p.Customer.Attributes)
	checkAttrs(bad, "/staff/attributes", p.Staff.Attributes)
	if len(p.Currencies) == 0 {
		bad("/currencies", "needs the company currency first")
	}
	for i, cur := range p.Currencies {
		if len(cur) != 3 || strings.ToUpper(cur) != cur {
			bad(fmt.Sprintf("/currencies/%d", i), "%q is not an ISO 4217 code", cur)
		}
	}
	for i, s := range p.Scale {
		if s.Count < 1 || s.Count > 5000 {
			bad(fmt.Sprintf("/scale/%d/count", i), "%d is outside 1..5000", s.Count)
		}
	}
	names, builders := map[string]int{}, map[string]int{}
	hasCRM, hasWork := false, false
	for i, s := range p.Services {
		ptr := fmt.Sprintf("/services/%d", i)
		if Snake(s.Name) != s.Name || s.Name == "" {
			bad(ptr+"/name", "%q must be lower snake case", s.Name)
		}
		if j, dup := names[s.Name]; dup {
			bad(ptr+"/name", "service %q is also /services/%d", s.Name, j)
		}
		names[s.Name] = i
		// A registered builder (and the line of work) makes one service
		// of a world; record services may repeat.
		if j, dup := builders[s.Builder]; dup && s.Builder != "record" {
			bad(ptr+"/builder", "builder %q also makes /services/%d; a world has one of it", s.Builder, j)
		}
		builders[s.Builder] = i
		if _, ok := lex.Archetype(s.Archetype); !ok && s.Builder != "work" {
			bad(ptr+"/archetype", "unknown archetype %q (known: %s)", s.Archetype, strings.Join(lex.ArchetypeIDs(), ", "))
		}
		switch {
		case s.Builder == "record":
			a, _ := lex.Archetype(s.Archetype)
			if len(a.States) < 2 {
				bad(ptr+"/builder", "archetype %q has no record lifecycle; use its builder %q", s.Archetype, a.Builder)
			}
			if s.Entity == nil || Snake(s.Entity.One) == "" || Snake(s.Entity.Many) == "" {
				bad(ptr+"/entity", "a record service needs an entity with one and many")
			}
		case s.Builder == "work":
			hasWork = true
		case Registry[s.Builder] == nil:
			bad(ptr+"/builder", "unknown builder %q (record, work or one of: %s)", s.Builder, strings.Join(ServiceNames(), ", "))
		}
		if s.Builder == "crm" {
			hasCRM = true
		}
		if s.Resource != nil && (Snake(s.Resource.One) == "" || s.Resource.Count < 0 || s.Resource.Count > 5000) {
			bad(ptr+"/resource", "needs one, many and a count in 0..5000")
		}
		if s.Counterpart != nil && (s.Counterpart.Count < 0 || s.Counterpart.Count > 5000) {
			bad(ptr+"/counterpart/count", "%d is outside 0..5000", s.Counterpart.Count)
		}
		if s.Counterpart != nil && (s.Builder != "record" || Snake(s.Counterpart.One) == "" || Snake(s.Counterpart.Many) == "" || Snake(s.Counterpart.Many) == Snake(s.Name)) {
			bad(ptr+"/counterpart", "a counterpart is for a record service and needs one and many, not the service's own name")
		}
		checkAttrs(bad, ptr+"/attributes", s.Attributes)
		if len(s.States) > 0 || s.Cancel != "" {
			if s.Builder != "record" {
				bad(ptr+"/states", "only a record service takes its lifecycle from the plan")
			}
			if len(s.States) < 2 {
				bad(ptr+"/states", "needs at least two states, first to final")
			}
			for j, st := range s.States {
				if Snake(st) != st || slices.Index(s.States, st) != j || st == s.Cancel {
					bad(fmt.Sprintf("%s/states/%d", ptr, j), "state %q must be lower snake case and appear once", st)
				}
			}
			if s.Cancel != "" && Snake(s.Cancel) != s.Cancel {
				bad(ptr+"/cancel", "state %q must be lower snake case", s.Cancel)
			}
		}
	}
	if !hasCRM {
		bad("/services", "needs the crm service (every world has its customers)")
	}
	if !hasWork {
		bad("/services", "needs the line of work (builder \"work\")")
	}
	for i, pol := range p.Policies {
		for _, f := range []struct{ name, v string }{{"trigger", pol.Trigger}, {"target", pol.Target}} {
			if _, ok := names[f.v]; !ok {
				bad(fmt.Sprintf("/policies/%d/%s", i, f.name), "no service %q in /services", f.v)
			}
		}
		if pol.Trigger == pol.Target && pol.Trigger != "" {
			bad(fmt.Sprintf("/policies/%d/target", i), "a policy binds two services; %q is also the trigger", pol.Target)
		}
		for _, f := range []struct{ name, v string }{{"event", pol.Event}, {"action", pol.Action}} {
			if strings.TrimSpace(f.v) == "" {
				bad(fmt.Sprintf("/policies/%d/%s", i, f.name), "is empty")
			}
		}
	}
	if len(p.Policies) > maxLinks {
		bad("/policies", "%d policies; a world has at most %d", len(p.Policies), maxLinks)
	}
	if p.Tasks.Count < 1 || p.Tasks.Count > 200 {
		bad("/tasks/count", "%d is outside 1..200", p.Tasks.Count)
	}
	return errors.Join(errs...)
}

func checkAttrs(bad func(string, string, ...any), at string, attrs []PlanAttribute) {
	seen := map[string]bool{}
	for i, a := range attrs {
		ptr := fmt.Sprintf("%s/%d", at, i)
		if Snake(a.Name) != a.Name || a.Name == "" {
			bad(ptr+"/name", "%q must be lower snake case", a.Name)
		}
		if seen[a.Name] {
			bad(ptr+"/name", "attribute %q appears twice", a.Name)
		}
		seen[a.Name] = true
		if !slices.Contains(catalog.ColumnTypes(), a.Type) {
			bad(ptr+"/type", "unknown type %q (one of %s)", a.Type, strings.Join(catalog.ColumnTypes(), ", "))
		}
		if len(a.Values) > 0 && a.Type != "text" {
			bad(ptr+"/values", "only a text attribute can list values")
		}
	}
}

// MarshalPlan writes a plan as indented JSON, the form --emit-plan prints.
func MarshalPlan(p *Plan) ([]byte, error) {
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
