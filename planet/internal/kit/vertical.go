package kit

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/world"
)

// A vertical made with New (appointments, reservations, shipments,
// claims, work_orders, listings, enrolments, projects, cases,
// policies_insurance) joins a world next to the CRM and the industry's line
// of work ("work"), reacts to finished or cancelled work with a record of
// its own that references it (RefAction), and publishes events of its own
// (StatusEvent) for the services of later layers (email, chat, billing) to
// follow.

// New makes the builder of a vertical registered with engine.Register
// directly (with its own layer and hooks), over the service being built.
// The work service is named after the industry's line of work; a vertical
// forced into a world whose work has the same name (an appointments
// vertical in a clinic whose work is appointments) takes another name so
// that services, tables and tools stay unique.
func New(g *engine.Gen, s *engine.Svc) *Builder {
	v := newBuilder(g, s)
	for _, o := range g.Services {
		if o != s && o.Name == s.Name {
			s.Name += "_desk"
			v.renamed = true
			break
		}
	}
	// A plan may name the twin itself (ServiceDef.Twin).
	v.renamed = v.renamed || s.Def != nil && s.Name != s.Def.Name
	return v
}

// Named titles a renamed service after its own noun, so that it does not
// share a title with the line of work it was named like.
func (v *Builder) Named(many string) {
	if v.renamed {
		v.Svc.Title = engine.Title(many)
	}
}

// Noun picks the first (singular, plural) pair that does not clash with
// the nouns or tools the world already has.
func (v *Builder) Noun(cands ...[2]string) (string, string) {
	used := map[string]bool{}
	for _, n := range []string{v.Gen.Vocab.Customer.One, v.Gen.Vocab.Customer.Many, v.Gen.Vocab.Staff.One, v.Gen.Vocab.Staff.Many,
		v.Gen.Vocab.Work.One, v.Gen.Vocab.Work.Many, v.Gen.Vocab.Offering.One, v.Gen.Vocab.Offering.Many} {
		used[engine.Snake(n)] = true
	}
	tools := map[string]bool{}
	for _, o := range v.Gen.Services {
		for _, t := range o.Tools {
			tools[t.Name] = true
		}
	}
	for _, c := range cands {
		one, many := engine.Snake(c[0]), engine.Snake(c[1])
		if !used[one] && !used[many] && !tools["search_"+many] && !tools["get_"+one] {
			return c[0], c[1]
		}
	}
	c := cands[len(cands)-1]
	return "booked " + c[0], "booked " + c[1]
}

// Prefix returns want unless another entity of the world already uses it.
func (v *Builder) Prefix(want, alt string) string {
	for _, e := range v.Gen.Entities {
		if e != nil && e.Prefix == want {
			return alt
		}
	}
	return want
}

// Tool adds a tool to the service.
func (v *Builder) Tool(core bool, name, title, desc string, args []world.ArgSpec, steps ...world.Step) *world.ToolSpec {
	return v.Svc.Tool(core, Tool(v.Svc.Name, name, title, desc, args, steps...))
}

// Add appends a seed row to a table of the service, and to the entity
// that mirrors the table, if any.
func (v *Builder) Add(e *engine.Entity, table string, r engine.Row) engine.Row {
	v.Gen.AddRow(table, r)
	if e != nil {
		e.Rows = append(e.Rows, r)
	}
	for _, x := range v.views[table] {
		if x != e {
			x.Rows = append(x.Rows, r)
		}
	}
	return r
}

// View is another view of an entity without some roles, for an event
// that should not pair with the actions needing them (a cancellation
// has no amount to bill). It keeps the entity's rows as they grow.
func (v *Builder) View(e *engine.Entity, drop ...string) *engine.Entity {
	c := *e
	c.Rows = slices.Clone(e.Rows)
	c.Roles = map[string]engine.Role{}
	for k, r := range e.Roles {
		if !slices.Contains(drop, k) {
			c.Roles[k] = r
		}
	}
	v.views[e.Table] = append(v.views[e.Table], &c)
	return &c
}

// NextNumber is the id number the next seed row of table gets.
func (v *Builder) NextNumber(table string) int { return len(v.Gen.Rows(table)) + 1 }

// money is a price in minor units from a EUR-equivalent range, rounded
// to whole (and for larger sums round) local amounts.
func (v *Builder) StepMoney(r *rand.Rand, lo, hi float64) int64 {
	p := (lo + r.Float64()*(hi-lo)) * engine.EurRate(v.Gen.Locale.C.Currency)
	step := 1.0
	switch {
	case p >= 5000:
		step = 50
	case p >= 1000:
		step = 10
	case p >= 100:
		step = 5
	}
	major := math.Max(step, math.Round(p/step)*step)
	return int64(major) * engine.MinorPerMajor(v.Gen.Locale.C.CurrencyDigits)
}

// FmtMoney formats minor units for an instruction.
func (v *Builder) FmtMoney(minor int64) string { return v.Gen.Locale.C.FormatMoney(minor) }

// At is a local date-time d days after the clock's start day, at h:m.
func (v *Builder) At(d, h, m int) string {
	s := v.Gen.Start
	return time.Date(s.Year(), s.Month(), s.Day()+d, h, m, 0, 0, s.Location()).Format(time.RFC3339)
}

// Offset is how many days a date lies after the clock's start day.
func (v *Builder) Offset(date any) int {
	ds, _ := date.(string)
	if len(ds) < 10 {
		return 0
	}
	t, err := time.ParseInLocation(time.DateOnly, ds[:10], v.Gen.Start.Location())
	if err != nil {
		return 0
	}
	s := v.Gen.Start
	day := time.Date(s.Year(), s.Month(), s.Day(), 0, 0, 0, 0, s.Location())
	return int(math.Round(t.Sub(day).Hours() / 24))
}

// HumanTime renders a stored date-time for an instruction: "2026-03-10 14:30".
func HumanTime(dt string) string {
	t, err := time.Parse(time.RFC3339, dt)
	if err != nil {
		return dt
	}
	return t.Format("2006-01-02 15:04")
}

// Customers are the active customers.
func (v *Builder) Customers() []engine.Row { return ActiveRows(v.Cust) }

// Team are the active staff.
func (v *Builder) Team() []engine.Row {
	var out []engine.Row
	for _, r := range v.Staff.Rows {
		if r["active"] == true {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return v.Staff.Rows
	}
	return out
}

// Contact is the person to deal with at a customer: the contact person of
// an organisation, the customer themself otherwise.
func (v *Builder) Contact(c engine.Row) string {
	if p, ok := c["contact_person"].(string); ok && p != "" {
		return p
	}
	return fmt.Sprint(c["name"])
}

// CustRoles are the roles of a row that points at a CRM customer through
// col: customer_id, and the customer's email and name.
func (v *Builder) CustRoles(col string) map[string]engine.Role {
	cust := v.Cust
	via := func(field string) engine.Role {
		return engine.Role{
			SQL: func(a string) string {
				return fmt.Sprintf("(SELECT c.%s FROM %s c WHERE c.id = %s.%s)", field, cust.Table, a, col)
			},
			Value: func(r engine.Row) any { return Lookup(cust, r[col], field) },
			Path:  col + "." + field,
		}
	}
	return map[string]engine.Role{"id": engine.Column("id"), "customer_id": engine.Column(col), "email": via("email"), "name": via("name")}
}

// DateRole gives the date part of a date or date-time column.
func DateRole(col string) engine.Role {
	return engine.Role{
		SQL: func(a string) string { return fmt.Sprintf("substr(%s.%s, 1, 10)", a, col) },
		Value: func(r engine.Row) any {
			s := fmt.Sprint(r[col])
			if len(s) > 10 {
				s = s[:10]
			}
			return s
		},
	}
}

// StatusEvent is an event where a row of e moves to a status by one tool
// call; where and inState describe the event state.
type StatusEvent struct {
	Name, Kind, When string
	Where            map[string]any
	InState          func(engine.Row) bool
	Setup            func(tc *engine.TaskCtx) engine.Row
	Call             func(r engine.Row) world.Call
	Ask              []string
	Check            func(r engine.Row) []world.Assertion
	// inserts lists tables the call also inserts into.
	Inserts []string
}

func (v *Builder) Event(e *engine.Entity, se StatusEvent) {
	v.Svc.Events = append(v.Svc.Events, &engine.Event{
		Entity: e, Name: se.Name, Kind: se.Kind, When: se.When, Where: se.Where, InState: se.InState, Setup: se.Setup,
		Do:    func(r engine.Row) []world.Call { return []world.Call{se.Call(r)} },
		Ask:   se.Ask,
		Check: se.Check,
		Touches: func(r engine.Row) []world.Change {
			ch := []world.Change{{Table: e.Table, Keys: []any{r[e.Key]}, Ops: []string{"update"}}}
			for _, t := range se.Inserts {
				ch = append(ch, world.Change{Table: t, Ops: []string{"insert"}})
			}
			return ch
		},
	})
}

// FieldIs asserts one column of one row.
func FieldIs(desc, table string, key, col, val any) world.Assertion {
	return world.Assertion{Description: desc, Field: &world.FieldMatch{Table: table, Key: key, Column: fmt.Sprint(col), Equals: val}}
}

// RefAction is the usual reaction of a vertical to upstream work: a record
// of its own for the same customer, with the upstream id as source_ref.
type RefAction struct {
	Name, Then string
	Needs      []string
	On         []string // upstream event kinds it follows
	Table      string
	Live       []string // statuses that count as done
	// eq ties more columns of the new record to roles of the upstream row
	// (column → role), e.g. its budget to the amount.
	Eq map[string]string
	// call makes the record; the action counts the new id itself.
	Call func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) world.Call
	// Declines, when set, says Call has no valid record to make for r (see
	// engine.Action.Declines).
	Declines func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) bool
	// want is what the new record must hold (besides source_ref and
	// customer_id).
	Want func(up *engine.Entity, r engine.Row) map[string]any
	// seed adds the record for a seed row in the event state.
	Seed func(g *engine.Gen, up *engine.Entity, r engine.Row)
}

func (v *Builder) RefAction(ra RefAction) {
	v.Svc.Actions = append(v.Svc.Actions, &engine.Action{
		Service: v.Svc.Name, Name: ra.Name, Needs: ra.Needs, On: ra.On, Then: ra.Then,
		Declines: ra.Declines,
		Rule: func(up *engine.Entity) *world.RuleThen {
			k := engine.KeysOf(up).Eq("source_ref", "id").Eq("customer_id", "customer_id")
			for _, col := range slices.Sorted(maps.Keys(ra.Eq)) {
				k.Eq(col, ra.Eq[col])
			}
			return k.In(ra.Table, "", map[string]any{"status": map[string]any{"in": Vals(ra.Live...)}})
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			c := ra.Call(tc, up, r)
			tc.NextID(ra.Table)
			return []world.Call{c}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			where := map[string]any{"source_ref": r[up.Key], "customer_id": up.Val("customer_id", r)}
			for k, x := range ra.Want(up, r) {
				where[k] = x
			}
			return []world.Assertion{
				{Description: fmt.Sprintf("A record referencing the %s exists for the same customer.", up.Noun), Exists: &world.RowMatch{Table: ra.Table, Where: where}},
				{Description: "Exactly one was made.", Count: &world.CountMatch{Table: ra.Table, Where: map[string]any{"source_ref": r[up.Key]}, Equals: PtrInt(1)}},
			}
		},
		Touches: []world.Change{{Table: ra.Table, Ops: []string{"insert"}}},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			if slices.ContainsFunc(g.Rows(ra.Table), func(x engine.Row) bool { return x["source_ref"] == r[up.Key] }) {
				return
			}
			ra.Seed(g, up, r)
		},
	})
}

// UpItem is the upstream row's item (what was provided), or its noun.
func UpItem(up *engine.Entity, r engine.Row) string {
	if up.Has("item") {
		if s, ok := up.Val("item", r).(string); ok && s != "" {
			return s
		}
	}
	return engine.Title(up.Noun)
}

// UpDate is the upstream row's date, or the clock's start day.
func (v *Builder) UpDate(up *engine.Entity, r engine.Row) string {
	if up.Has("date") {
		if s, ok := up.Val("date", r).(string); ok && len(s) >= 10 {
			return s[:10]
		}
	}
	return v.Gen.Day(0)
}

// Slot returns a free date-time on working day d (or the next working
// day) for key, a staff member or a resource, between h:00 and h+9:00;
// it marks the slot used.
func (v *Builder) Slot(key string, d, h int, r *rand.Rand) string {
	start := r.IntN(16)
	for i := 0; ; i++ {
		k := start + i
		hh, mm := h+(k/2)%9, []int{0, 30}[k%2]
		dd := d + i/18
		for wd := v.Gen.Start.AddDate(0, 0, dd).Weekday(); wd == time.Saturday || wd == time.Sunday; wd = v.Gen.Start.AddDate(0, 0, dd).Weekday() {
			dd++
		}
		at := v.At(dd, hh, mm)
		if !v.slots[key+"|"+at] {
			v.slots[key+"|"+at] = true
			return at
		}
	}
}

// CountRows counts seed rows of a table matching all of kv.
func (v *Builder) CountRows(table string, kv ...any) int {
	return CountWhere(v.Gen.Rows(table), kv...)
}

// PickRows returns the seed rows of a table matching pred.
func (v *Builder) PickRows(table string, pred func(engine.Row) bool) []engine.Row {
	var out []engine.Row
	for _, r := range v.Gen.Rows(table) {
		if pred(r) {
			out = append(out, r)
		}
	}
	return out
}

// WithDefault gives a column a default value.
func WithDefault(c world.Column, def any) world.Column { c.Default = def; return c }
