package planet

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/mercury/mcp-world/world"
)

// Helpers shared by the vertical services of svc_vert_*.go: appointments,
// reservations, shipments, claims, work_orders, listings, enrolments,
// projects, cases and policies_insurance. Each vertical joins a world next
// to the CRM and the industry's line of work ("work"), reacts to finished
// or cancelled work with a record of its own that references it, and
// publishes events of its own for the services of later layers (email,
// chat, billing) to follow.

// vctx is what a vertical reads from the world it joins.
type vctx struct {
	g                 *Gen
	s                 *Svc
	cust, work, staff *Entity
	C, CMany          string // the customer noun: "patient", "patients"
	St                string // the staff noun: "dentist"
	slots             map[string]bool
	views             map[string][]*Entity // other views of a table's entity
	renamed           bool                 // the service took another name (see newVertical)
}

func newVertical(g *Gen, s *Svc) *vctx {
	v := &vctx{g: g, s: s, cust: g.Entity("customer"), work: g.Entity("work"), staff: g.Entity("staff"), slots: map[string]bool{}, views: map[string][]*Entity{}}
	v.C, v.CMany = g.Vocab.Customer.One, g.Vocab.Customer.Many
	v.St = g.Vocab.Staff.One
	// The work service is named after the industry's line of work; a
	// vertical forced into a world whose work has the same name (an
	// appointments vertical in a clinic whose work is appointments) takes
	// another name so that services, tables and tools stay unique.
	for _, o := range g.svcs {
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

// named titles a renamed service after its own noun, so that it does not
// share a title with the line of work it was named like.
func (v *vctx) named(many string) {
	if v.renamed {
		v.s.Title = title(many)
	}
}

// noun picks the first (singular, plural) pair that does not clash with
// the nouns or tools the world already has.
func (v *vctx) noun(cands ...[2]string) (string, string) {
	used := map[string]bool{}
	for _, n := range []string{v.g.Vocab.Customer.One, v.g.Vocab.Customer.Many, v.g.Vocab.Staff.One, v.g.Vocab.Staff.Many,
		v.g.Vocab.Work.One, v.g.Vocab.Work.Many, v.g.Vocab.Offering.One, v.g.Vocab.Offering.Many} {
		used[snake(n)] = true
	}
	tools := map[string]bool{}
	for _, o := range v.g.svcs {
		for _, t := range o.Tools {
			tools[t.Name] = true
		}
	}
	for _, c := range cands {
		one, many := snake(c[0]), snake(c[1])
		if !used[one] && !used[many] && !tools["search_"+many] && !tools["get_"+one] {
			return c[0], c[1]
		}
	}
	c := cands[len(cands)-1]
	return "booked " + c[0], "booked " + c[1]
}

// prefix returns want unless another entity of the world already uses it.
func (v *vctx) prefix(want, alt string) string {
	for _, e := range v.g.entities {
		if e != nil && e.Prefix == want {
			return alt
		}
	}
	return want
}

// tool adds a tool to the service.
func (v *vctx) tool(core bool, name, title, desc string, args []world.ArgSpec, steps ...world.Step) *world.ToolSpec {
	return v.s.Tool(core, Tool(v.s.Name, name, title, desc, args, steps...))
}

// add appends a seed row to a table of the service, and to the entity
// that mirrors the table, if any.
func (v *vctx) add(e *Entity, table string, r Row) Row {
	v.g.AddRow(table, r)
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

// view is another view of an entity without some roles, for an event
// that should not pair with the actions needing them (a cancellation
// has no amount to bill). It keeps the entity's rows as they grow.
func (v *vctx) view(e *Entity, drop ...string) *Entity {
	c := *e
	c.Rows = slices.Clone(e.Rows)
	c.Roles = map[string]Role{}
	for k, r := range e.Roles {
		if !slices.Contains(drop, k) {
			c.Roles[k] = r
		}
	}
	v.views[e.Table] = append(v.views[e.Table], &c)
	return &c
}

// next is the id number the next seed row of table gets.
func (v *vctx) next(table string) int { return len(v.g.Rows(table)) + 1 }

// money is a price in minor units from a EUR-equivalent range, rounded
// to whole (and for larger sums round) local amounts.
func (v *vctx) money(r *rand.Rand, lo, hi float64) int64 {
	p := (lo + r.Float64()*(hi-lo)) * eurRate(v.g.Locale.C.Currency)
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
	return int64(major) * minorPerMajor(v.g.Locale.C.CurrencyDigits)
}

// fmtMoney formats minor units for an instruction.
func (v *vctx) fmtMoney(minor int64) string { return v.g.Locale.C.FormatMoney(minor) }

// at is a local date-time d days after the clock's start day, at h:m.
func (v *vctx) at(d, h, m int) string {
	s := v.g.Start
	return time.Date(s.Year(), s.Month(), s.Day()+d, h, m, 0, 0, s.Location()).Format(time.RFC3339)
}

// offset is how many days a date lies after the clock's start day.
func (v *vctx) offset(date any) int {
	ds, _ := date.(string)
	if len(ds) < 10 {
		return 0
	}
	t, err := time.ParseInLocation(time.DateOnly, ds[:10], v.g.Start.Location())
	if err != nil {
		return 0
	}
	s := v.g.Start
	day := time.Date(s.Year(), s.Month(), s.Day(), 0, 0, 0, 0, s.Location())
	return int(math.Round(t.Sub(day).Hours() / 24))
}

// human renders a stored date-time for an instruction: "2026-03-10 14:30".
func human(dt string) string {
	t, err := time.Parse(time.RFC3339, dt)
	if err != nil {
		return dt
	}
	return t.Format("2006-01-02 15:04")
}

// customers are the active customers.
func (v *vctx) customers() []Row { return activeRows(v.cust) }

// team are the active staff.
func (v *vctx) team() []Row {
	var out []Row
	for _, r := range v.staff.Rows {
		if r["active"] == true {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return v.staff.Rows
	}
	return out
}

// contact is the person to deal with at a customer: the contact person of
// an organisation, the customer themself otherwise.
func (v *vctx) contact(c Row) string {
	if p, ok := c["contact_person"].(string); ok && p != "" {
		return p
	}
	return fmt.Sprint(c["name"])
}

// custRoles are the roles of a row that points at a CRM customer through
// col: customer_id, and the customer's email and name.
func (v *vctx) custRoles(col string) map[string]Role {
	cust := v.cust
	via := func(field string) Role {
		return Role{
			SQL: func(a string) string {
				return fmt.Sprintf("(SELECT c.%s FROM %s c WHERE c.id = %s.%s)", field, cust.Table, a, col)
			},
			Value: func(r Row) any { return lookup(cust, r[col], field) },
			Path:  col + "." + field,
		}
	}
	return map[string]Role{"id": Column("id"), "customer_id": Column(col), "email": via("email"), "name": via("name")}
}

// dateRole gives the date part of a date or date-time column.
func dateRole(col string) Role {
	return Role{
		SQL: func(a string) string { return fmt.Sprintf("substr(%s.%s, 1, 10)", a, col) },
		Value: func(r Row) any {
			s := fmt.Sprint(r[col])
			if len(s) > 10 {
				s = s[:10]
			}
			return s
		},
	}
}

// statusEvent is an event where a row of e moves to a status by one tool
// call; where and inState describe the event state.
type statusEvent struct {
	name, kind, when string
	where            map[string]any
	inState          func(Row) bool
	setup            func(tc *TaskCtx) Row
	call             func(r Row) world.Call
	ask              []string
	check            func(r Row) []world.Assertion
	// inserts lists tables the call also inserts into.
	inserts []string
}

func (v *vctx) event(e *Entity, se statusEvent) {
	v.s.Events = append(v.s.Events, &Event{
		Entity: e, Name: se.name, Kind: se.kind, When: se.when, Where: se.where, InState: se.inState, Setup: se.setup,
		Do:    func(r Row) []world.Call { return []world.Call{se.call(r)} },
		Ask:   se.ask,
		Check: se.check,
		Touches: func(r Row) []world.Change {
			ch := []world.Change{{Table: e.Table, Keys: []any{r[e.Key]}, Ops: []string{"update"}}}
			for _, t := range se.inserts {
				ch = append(ch, world.Change{Table: t, Ops: []string{"insert"}})
			}
			return ch
		},
	})
}

// fieldIs asserts one column of one row.
func fieldIs(desc, table string, key, col, val any) world.Assertion {
	return world.Assertion{Description: desc, Field: &world.FieldMatch{Table: table, Key: key, Column: fmt.Sprint(col), Equals: val}}
}

// refAction is the usual reaction of a vertical to upstream work: a record
// of its own for the same customer, with the upstream id as source_ref.
type refAction struct {
	name, then string
	needs      []string
	on         []string // upstream event kinds it follows
	table      string
	live       []string // statuses that count as done
	// eq ties more columns of the new record to roles of the upstream row
	// (column → role), e.g. its budget to the amount.
	eq map[string]string
	// call makes the record; the action counts the new id itself.
	call func(tc *TaskCtx, up *Entity, r Row) world.Call
	// want is what the new record must hold (besides source_ref and
	// customer_id).
	want func(up *Entity, r Row) map[string]any
	// seed adds the record for a seed row in the event state.
	seed func(g *Gen, up *Entity, r Row)
}

func (v *vctx) refAction(ra refAction) {
	v.s.Actions = append(v.s.Actions, &Action{
		Service: v.s.Name, Name: ra.name, Needs: ra.needs, On: ra.on, Then: ra.then,
		Rule: func(up *Entity) *world.RuleThen {
			k := KeysOf(up).Eq("source_ref", "id").Eq("customer_id", "customer_id")
			for _, col := range slices.Sorted(maps.Keys(ra.eq)) {
				k.Eq(col, ra.eq[col])
			}
			return k.In(ra.table, "", map[string]any{"status": map[string]any{"in": vals(ra.live...)}})
		},
		Do: func(tc *TaskCtx, up *Entity, r Row) []world.Call {
			c := ra.call(tc, up, r)
			tc.NextID(ra.table)
			return []world.Call{c}
		},
		Check: func(tc *TaskCtx, up *Entity, r Row) []world.Assertion {
			where := map[string]any{"source_ref": r[up.Key], "customer_id": up.Val("customer_id", r)}
			for k, x := range ra.want(up, r) {
				where[k] = x
			}
			return []world.Assertion{
				{Description: fmt.Sprintf("A record referencing the %s exists for the same customer.", up.Noun), Exists: &world.RowMatch{Table: ra.table, Where: where}},
				{Description: "Exactly one was made.", Count: &world.CountMatch{Table: ra.table, Where: map[string]any{"source_ref": r[up.Key]}, Equals: ptrInt(1)}},
			}
		},
		Touches: []world.Change{{Table: ra.table, Ops: []string{"insert"}}},
		Seed: func(g *Gen, up *Entity, r Row) {
			if slices.ContainsFunc(g.Rows(ra.table), func(x Row) bool { return x["source_ref"] == r[up.Key] }) {
				return
			}
			ra.seed(g, up, r)
		},
	})
}

// upItem is the upstream row's item (what was provided), or its noun.
func upItem(up *Entity, r Row) string {
	if up.Has("item") {
		if s, ok := up.Val("item", r).(string); ok && s != "" {
			return s
		}
	}
	return title(up.Noun)
}

// upDate is the upstream row's date, or the clock's start day.
func (v *vctx) upDate(up *Entity, r Row) string {
	if up.Has("date") {
		if s, ok := up.Val("date", r).(string); ok && len(s) >= 10 {
			return s[:10]
		}
	}
	return v.g.Day(0)
}

// slot returns a free date-time on working day d (or the next working
// day) for key, a staff member or a resource, between h:00 and h+9:00;
// it marks the slot used.
func (v *vctx) slot(key string, d, h int, r *rand.Rand) string {
	start := r.IntN(16)
	for i := 0; ; i++ {
		k := start + i
		hh, mm := h+(k/2)%9, []int{0, 30}[k%2]
		dd := d + i/18
		for wd := v.g.Start.AddDate(0, 0, dd).Weekday(); wd == time.Saturday || wd == time.Sunday; wd = v.g.Start.AddDate(0, 0, dd).Weekday() {
			dd++
		}
		at := v.at(dd, hh, mm)
		if !v.slots[key+"|"+at] {
			v.slots[key+"|"+at] = true
			return at
		}
	}
}

// countRows counts seed rows of a table matching all of kv.
func (v *vctx) countRows(table string, kv ...any) int { return countWhere(v.g.Rows(table), kv...) }

// pickRows returns the seed rows of a table matching pred.
func (v *vctx) pickRows(table string, pred func(Row) bool) []Row {
	var out []Row
	for _, r := range v.g.Rows(table) {
		if pred(r) {
			out = append(out, r)
		}
	}
	return out
}

// withDefault gives a column a default value.
func withDefault(c world.Column, def any) world.Column { c.Default = def; return c }

// industry reports whether the world's industry (catalog id or name)
// mentions any of the keys.
func (v *vctx) industry(keys ...string) bool {
	s := strings.ToLower(v.g.Scenario.Industry + " " + v.g.Company.Industry)
	for _, k := range keys {
		if strings.Contains(s, k) {
			return true
		}
	}
	return false
}

// articles fixes "a" before a vowel sound in generated English text
// ("a appointment" → "an appointment").
var articleRe = regexp.MustCompile(`\b([Aa]) ([AaEeIi]|[Oo][^n]|[Oo]n[^ec]|[Uu](?:n[^i]|p|s[^eu]|g|m|lt|nd|r))`)

func articles(s string) string { return articleRe.ReplaceAllString(s, "${1}n $2") }

// polishArticles fixes the indefinite articles in a service's
// agent-visible English texts, once its builder is done: nouns come from
// the plan ("a owner" → "an owner").
func polishArticles(s *Svc) {
	s.Description = articles(s.Description)
	for _, t := range s.Tables {
		t.Description = articles(t.Description)
		for i := range t.Columns {
			t.Columns[i].Description = articles(t.Columns[i].Description)
		}
	}
	for _, t := range s.Tools {
		t.Title, t.Description = articles(t.Title), articles(t.Description)
		for i := range t.Args {
			t.Args[i].Description = articles(t.Args[i].Description)
		}
		for i := range t.Steps {
			t.Steps[i].Message = articles(t.Steps[i].Message)
		}
	}
	for _, e := range s.Events {
		e.When = articles(e.When)
	}
	for _, a := range s.Actions {
		a.Then = articles(a.Then)
	}
}
