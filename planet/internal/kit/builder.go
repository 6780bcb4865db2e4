package kit

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

// A vertical registered with Register (fleet, prescriptions, memberships,
// campaigns, timesheets, warehouse, production, properties, vehicles,
// tickets_events) joins a world next to the CRM and the industry's line of
// work ("work"). It reacts to finished work with a record of its own that
// names the work item (an Action whose Needs include "date", a role only
// work items have; campaigns also reacts to customers leaving, through the
// role "since" that only CRM customers have), and it publishes one or two
// events of its own for the horizontal services of later layers (email,
// chat, billing) to follow.

// Builder is a service being built in one world, with what it reads from
// the world it joins: the CRM's customers, the line of work and the staff,
// and their nouns.
type Builder struct {
	Gen               *engine.Gen
	Svc               *engine.Svc
	Cust, Work, Staff *engine.Entity
	Final, Cancel     string // the work's final and cancelled states
	C, CMany          string // the customer noun: "patient", "patients"
	St, W             string // the staff and work nouns: "dentist", "appointment"
	slots             map[string]bool
	views             map[string][]*engine.Entity // other views of a table's entity
	renamed           bool                        // the service took another name (see New)
}

func newBuilder(g *engine.Gen, s *engine.Svc) *Builder {
	k := &Builder{Gen: g, Svc: s, Cust: g.Entity("customer"), Work: g.Entity("work"), Staff: g.Entity("staff"),
		slots: map[string]bool{}, views: map[string][]*engine.Entity{}}
	if st := g.Vocab.States; len(st) > 0 {
		k.Final = st[len(st)-1]
	}
	k.Cancel = g.Vocab.Cancel
	k.C, k.CMany = g.Vocab.Customer.One, g.Vocab.Customer.Many
	k.St, k.W = g.Vocab.Staff.One, g.Vocab.Work.One
	return k
}

// Register registers a vertical of the operations layer that reads from
// crm and work; forced into a world whose line of work has the same name,
// it takes the suffix "_hub".
func Register(name, title string, build func(k *Builder)) {
	engine.Register(&engine.ServiceDef{Name: name, Title: title, Vertical: true, Twin: "_hub", Layer: engine.LayerOperations, Build: func(g *engine.Gen, s *engine.Svc) {
		k := newBuilder(g, s)
		for _, o := range g.Services {
			if o != s && o.Name == s.Name {
				s.Name += "_hub"
				break
			}
		}
		build(k)
	}})
}

// Entity makes an entity over one of the service's tables.
func (k *Builder) Entity(table, noun, plural string, roles map[string]engine.Role) *engine.Entity {
	t := k.Gen.Tables[table]
	return &engine.Entity{Service: k.Svc.Name, Table: table, Key: "id", Noun: noun, Plural: plural, Prefix: t.ID.Prefix, Width: t.ID.Width, Roles: roles}
}

// NextID is the id the next seed row of table gets.
func (k *Builder) NextID(table string) string { return k.Gen.FormatID(table, len(k.Gen.Rows(table))+1) }

// TaskID is the id the next insert of a task gets.
func (k *Builder) TaskID(tc *engine.TaskCtx, table string) string {
	return k.Gen.FormatID(table, tc.NextID(table))
}

// Money draws a price between lo and hi EUR-equivalent major units, in the
// company currency's minor units, rounded to whole major units.
func (k *Builder) Money(r *rand.Rand, lo, hi float64) int64 {
	p := (lo + r.Float64()*(hi-lo)) * engine.EurRate(k.Gen.Locale.C.Currency)
	// A fee or a price the business sets is a round one (744,000 dong a
	// month, not 744,089).
	return int64(seed.RoundPrice(p)) * engine.MinorPerMajor(k.Gen.Locale.C.CurrencyDigits)
}

// WorkIn returns the seed work items in one of the states.
func (k *Builder) WorkIn(states ...string) []engine.Row {
	var out []engine.Row
	for _, r := range k.Work.Rows {
		for _, s := range states {
			if r["status"] == s {
				out = append(out, r)
				break
			}
		}
	}
	return out
}

// ActiveStaff are the staff who take new work.
func (k *Builder) ActiveStaff() []engine.Row {
	var out []engine.Row
	for _, r := range k.Staff.Rows {
		if r["active"] == true {
			out = append(out, r)
		}
	}
	return out
}

// ViaRoles are the customer roles of an entity that reaches the CRM
// through a parent row: fk names the parent (in parentTable), whose column
// custCol holds the CRM id.
func (k *Builder) ViaRoles(fk, parentTable, custCol string) map[string]engine.Role {
	cust, g := k.Cust, k.Gen
	custSQL := func(a string) string {
		return fmt.Sprintf("(SELECT p.%s FROM %s p WHERE p.id = %s.%s)", custCol, parentTable, a, fk)
	}
	custOf := func(r engine.Row) any {
		for _, p := range g.Rows(parentTable) {
			if p["id"] == r[fk] {
				return p[custCol]
			}
		}
		return nil
	}
	return map[string]engine.Role{
		"id":          engine.Column("id"),
		"customer_id": {SQL: custSQL, Value: custOf, Path: fk + "." + custCol},
		"email": {
			SQL: func(a string) string {
				return fmt.Sprintf("(SELECT c.email FROM %s c WHERE c.id = %s)", cust.Table, custSQL(a))
			},
			Value: func(r engine.Row) any { return Lookup(cust, custOf(r), "email") },
		},
		"name": {
			SQL: func(a string) string {
				return fmt.Sprintf("(SELECT c.name FROM %s c WHERE c.id = %s)", cust.Table, custSQL(a))
			},
			Value: func(r engine.Row) any { return Lookup(cust, custOf(r), "name") },
		},
	}
}

// TextRole is a role for instructions only: a value shown to the person
// asking, with SQL over the column it comes from.
func TextRole(col string, value func(r engine.Row) any) engine.Role {
	return engine.Role{SQL: func(a string) string { return a + "." + col }, Value: value}
}

// SinceRole gives the CRM's customers the role "since" (their column
// "since"), which work items do not have: an action that needs it pairs
// with customer events only.
func (k *Builder) SinceRole() {
	if _, ok := k.Cust.Roles["since"]; !ok {
		k.Cust.Roles["since"] = engine.Column("since")
	}
}

// StockItems are the goods the company keeps in stock or makes, in the
// world's language: its flavour's (see catalog.Flavour), else its
// offerings when they are goods, else what any business stores.
func (k *Builder) StockItems() []string {
	if items := engine.Flavoured(k.Gen, func(f catalog.Flavour) []string { return f.StockItems }); items != nil {
		return k.terms(items)
	}
	var out []string
	for _, it := range k.Gen.Vocab.Items {
		n := strings.ToLower(it.English())
		service := false
		for _, w := range []string{"fee", " per ", "consultation", "vaccination", "test", "service", "clearance", "insurance", "surcharge", "gift card", "review", "treatment", "session", "membership"} {
			if strings.Contains(n, w) {
				service = true
				break
			}
		}
		if !service {
			out = append(out, it.Name)
		}
	}
	if len(out) >= 4 {
		return out
	}
	return k.terms([]string{"Cardboard boxes (bundle of 25)", "Copy paper A4 (box of 5 reams)", "Nitrile gloves (box of 100)", "Cleaning detergent 5 L",
		"Paper towels (case)", "Printer toner cartridge", "Safety shoes"})
}

// terms names catalog goods in the world's language.
func (k *Builder) terms(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = k.Gen.Term(n)
	}
	return out
}

// StockItemFor is the stock item a work item uses: the item itself when
// it is stocked, else one of the stock items.
func (k *Builder) StockItemFor(items []string, w engine.Row) string {
	for _, it := range items {
		if it == w["item"] {
			return it
		}
	}
	return items[IDNumber(w["id"])%len(items)]
}

// Dates.

// AddDays returns an ISO date n days after date.
func AddDays(date any, n int) string {
	d, err := time.Parse(time.DateOnly, fmt.Sprint(date))
	if err != nil {
		return fmt.Sprint(date)
	}
	return d.AddDate(0, 0, n).Format(time.DateOnly)
}

// AddMonths returns an ISO date n months after date.
func AddMonths(date any, n int) string {
	d, err := time.Parse(time.DateOnly, fmt.Sprint(date))
	if err != nil {
		return fmt.Sprint(date)
	}
	return d.AddDate(0, n, 0).Format(time.DateOnly)
}

// DaysFromStart is how many days after the clock start a date is.
func DaysFromStart(g *engine.Gen, date any) int {
	d, err := time.Parse(time.DateOnly, fmt.Sprint(date))
	s, err2 := time.Parse(time.DateOnly, g.Day(0))
	if err != nil || err2 != nil {
		return 0
	}
	return int(math.Round(d.Sub(s).Hours() / 24))
}

// LocalTime is the local date-time at a given hour of day d after the clock
// start, e.g. "2026-05-04T19:00:00+02:00".
func LocalTime(g *engine.Gen, d int, hour float64) string {
	day := g.Start.AddDate(0, 0, d)
	h := int(hour)
	return time.Date(day.Year(), day.Month(), day.Day(), h, int((hour-float64(h))*60), 0, 0, g.Start.Location()).Format(time.RFC3339)
}

// IDNumber is the number at the end of an id: 12 for "MNT-00012".
func IDNumber(id any) int {
	s := fmt.Sprint(id)
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	n, _ := strconv.Atoi(s[i:])
	return n
}

// LowerFirst lower-cases the first letter.
func LowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// quoteSQL quotes a SQL string literal.
func quoteSQL(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// Spaced turns "oil_service" into "oil service".
func Spaced(s any) string { return strings.ReplaceAll(fmt.Sprint(s), "_", " ") }

// Arguments.

func DateArg(name string, required bool, desc string) world.ArgSpec {
	return world.ArgSpec{Name: name, Type: "date", Required: required, Description: desc}
}

func IntArg(name string, required bool, desc string, minimum int) world.ArgSpec {
	return world.ArgSpec{Name: name, Type: "integer", Required: required, Description: desc, Minimum: NumPtr(minimum)}
}

func MoneyArg(name string, required bool, desc string) world.ArgSpec {
	return world.ArgSpec{Name: name, Type: "integer", Required: required, Description: desc + " In minor units (cents).", Minimum: NumPtr(0)}
}

// Assertions.

func Exists(desc, table string, where map[string]any) world.Assertion {
	return world.Assertion{Description: desc, Exists: &world.RowMatch{Table: table, Where: where}}
}

func CountIs(desc, table string, where map[string]any, n int) world.Assertion {
	return world.Assertion{Description: desc, Count: &world.CountMatch{Table: table, Where: where, Equals: PtrInt(n)}}
}

// Change allows ops on a table, on the given keys only (none: any row).
func Change(table string, keys []any, ops ...string) world.Change {
	return world.Change{Table: table, Keys: keys, Ops: ops}
}

// RowsWhere returns the rows matching every column = value pair.
func RowsWhere(rows []engine.Row, kv ...any) []engine.Row {
	var out []engine.Row
	for _, r := range rows {
		ok := true
		for i := 0; i+1 < len(kv); i += 2 {
			if r[kv[i].(string)] != kv[i+1] {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, r)
		}
	}
	return out
}

// Find returns the row with the given id, or nil.
func Find(rows []engine.Row, id any) engine.Row {
	for _, r := range rows {
		if r["id"] == id {
			return r
		}
	}
	return nil
}
