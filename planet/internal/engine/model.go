package engine

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/world"
)

// Row is one seed row: column → value (string, int64, float64, bool, nil).
type Row = map[string]any

// Entity is a table other services can point at: customers, orders,
// tickets. Its roles name what a downstream action needs from it (an
// email to write to, an amount to bill) as SQL over the entity's alias and
// as a value from a row.
type Entity struct {
	Service string
	Table   string
	Key     string // primary key column
	Noun    string // "patient", "shipment"
	Plural  string
	Prefix  string // id prefix, e.g. "SHP-"
	Width   int
	Rows    []Row // seed rows, in order
	Roles   map[string]Role
	// Internal: its rows are the company's own business (staff, leave,
	// purchase orders), not a customer's, so that actions that write to
	// the customer ([Action.ToCustomer]) do not follow its events.
	Internal bool
	// Inbound: its rows bring goods in (a purchase order), so that their
	// quantity adds to stock rather than taking from it.
	Inbound bool
	// Goods: its rows hand goods over or keep them (an order, a delivery,
	// a stock batch) rather than being work performed for someone, so
	// that actions about a service performed ([Action.AfterService]) do
	// not follow its events.
	Goods bool
}

// Role is one thing an entity can tell: "id", "name", "email", "amount",
// "date", "customer_id"… SQL gives it in a hidden check, Value from a row.
//
// Path is the role as a structured rule names it: a column of the entity
// ("amount") or a one-hop path through a column that points elsewhere
// ("customer_id.email"); Times, when set, multiplies it by another column
// (quantity × unit price). A role without a Path cannot appear in a rule.
type Role struct {
	SQL   func(alias string) string
	Value func(r Row) any
	Path  string
	Times string
}

// Column makes a role read from one of the entity's own columns.
func Column(col string) Role {
	return Role{
		SQL:   func(a string) string { return a + "." + col },
		Value: func(r Row) any { return r[col] },
		Path:  col,
	}
}

// Via makes a role read column field of the row that column col points
// at in table (a CRM customer's email).
func Via(col, table, field string, rows func() []Row) Role {
	return Role{
		SQL: func(a string) string {
			return fmt.Sprintf("(SELECT c.%s FROM %s c WHERE c.id = %s.%s)", field, table, a, col)
		},
		Value: func(r Row) any {
			for _, x := range rows() {
				if x["id"] == r[col] {
					return x[field]
				}
			}
			return nil
		},
		Path: col + "." + field,
	}
}

// Has reports whether the entity has every role named.
func (e *Entity) Has(roles ...string) bool {
	for _, r := range roles {
		if _, ok := e.Roles[r]; !ok {
			return false
		}
	}
	return true
}

// Val returns a role's value for a row.
func (e *Entity) Val(role string, r Row) any { return e.Roles[role].Value(r) }

// Str returns a role's value for a row as text.
func (e *Entity) Str(role string, r Row) string { return fmt.Sprint(e.Roles[role].Value(r)) }

// SQL returns a role's SQL expression over alias.
func (e *Entity) SQL(role, alias string) string { return e.Roles[role].SQL(alias) }

// ID formats the n-th id of the entity's table.
func (e *Entity) ID(n int) string { return fmt.Sprintf("%s%0*d", e.Prefix, e.Width, n) }

// Event is a change in an upstream service that company policy reacts to
// downstream: an appointment completed, a deal won, a ticket escalated.
type Event struct {
	Entity *Entity
	Name   string // short id, e.g. "completed"
	// Kind says what sort of change it is, so actions can say which they
	// follow: "done" (work finished for a customer), "received" (goods
	// came in), "cancelled", "closed" (a customer leaves), "paid",
	// "created", "escalated"… Empty: unspecified.
	Kind string
	// When is the policy clause, e.g. "an appointment is marked completed".
	When string
	// Where selects the rows in the event state, in the rubric's where
	// language (a structured rule's "when"); nil: no rule can react to the
	// event.
	Where map[string]any
	// Setup returns a new row just before the event, inserted by the task
	// seed; n is a fresh id number.
	Setup func(tc *TaskCtx) Row
	// Do returns the calls that make the event happen to row.
	Do func(row Row) []world.Call
	// Ask is how a persona asks for the event; placeholders are role names
	// of the entity in braces: "{id}", "{name}".
	Ask []string
	// Check returns assertions that the event happened.
	Check func(row Row) []world.Assertion
	// Touches lists what the event may change.
	Touches func(row Row) []world.Change
	// InState reports whether a seed row is already in the event state
	// (and so must satisfy the policy in the seed).
	InState func(r Row) bool
}

// Action is what a downstream service must do when an upstream event
// happens: issue an invoice, email the customer, post in a channel.
type Action struct {
	Service string
	Name    string
	Needs   []string // roles of the upstream entity it needs
	// On lists the event kinds the action makes sense after (an invoice
	// follows finished work, not a cancellation). Empty: any event.
	On []string
	// Then is the policy clause, e.g. "an invoice for the full amount
	// must be issued in Billing"; {noun} is the upstream noun.
	Then string
	// ThenFor, when set, writes the clause for one upstream entity instead
	// of Then (what an email must carry depends on what it is about).
	ThenFor func(up *Entity) string
	// Rule is what must hold downstream for a row of up in the event
	// state, as the "then" of a structured rule; nil when up lacks a role
	// it needs as a column path.
	Rule func(up *Entity) *world.RuleThen
	// Do returns the calls that perform the action for row.
	Do func(tc *TaskCtx, up *Entity, row Row) []world.Call
	// Declines, when set, reports that the action cannot be done for row
	// in the world's state (every open course already has this customer):
	// a task whose policies would need it is not made, since its reference
	// solution would be refused.
	Declines func(tc *TaskCtx, up *Entity, row Row) bool
	// Check returns assertions that the action was done.
	Check func(tc *TaskCtx, up *Entity, row Row) []world.Assertion
	// Touches lists what the action may change.
	Touches []world.Change
	// Seed adds rows to the seed state so that a seed row already in the
	// event state satisfies the policy.
	Seed func(g *Gen, up *Entity, row Row)
	// Notify marks an action that only tells someone (an email, a chat
	// post). A world keeps most of its policies for rules that bind state
	// across systems; see pickLinks.
	Notify bool
	// ToCustomer marks an action that writes to the customer of the
	// upstream row (an email from the shared mailbox): it does not follow
	// events of an [Entity.Internal] entity.
	ToCustomer bool
	// AfterService marks an action that follows work performed for a
	// customer (a follow-up meeting after a visit), never goods handed
	// over: it does not follow events of an [Entity.Goods] entity.
	AfterService bool
	// Prepare returns the task seed a rule about existing records needs:
	// the open ticket that must be closed once the work is done, the
	// issued invoice that must be voided when it is cancelled. Without it
	// such a rule would hold before the agent did anything. nil: the
	// action creates what it checks.
	Prepare func(tc *TaskCtx, up *Entity, row Row) []world.SeedOp
	// Makes describes the row Do creates, so that the policies on that
	// row chain on (an issued invoice must be emailed). It is called just
	// before Do, whose ids it may peek at. nil: nothing chains on.
	Makes func(tc *TaskCtx, up *Entity, row Row) *Made
	// Creates names the table Makes creates rows in.
	Creates string
}

// Follows reports whether the action can follow the event: the event's
// entity has every role the action needs, the event is of a kind the
// action follows, and an action that writes to a customer is not about the
// company's internal records. The service graph and the policies are
// derived from it.
func (a *Action) Follows(ev *Event) bool {
	return ev.Entity.Has(a.Needs...) && (len(a.On) == 0 || slices.Contains(a.On, ev.Kind)) && !(a.ToCustomer && ev.Entity.Internal) &&
		!(a.AfterService && ev.Entity.Goods)
}

// clause is the action's policy clause for an upstream entity.
func (a *Action) clause(up *Entity) string {
	if a.ThenFor != nil {
		return a.ThenFor(up)
	}
	return strings.ReplaceAll(a.Then, "{noun}", up.Noun)
}

// Made is a row an action creates downstream. Graders find it by Select,
// its business key (the invoice whose source is the finished job), not by
// the id the agent's call happens to get.
type Made struct {
	Entity *Entity
	Row    Row
	// Select is an SQL predicate over alias that picks the row by its
	// business key.
	Select func(alias string) string
	// Say names the row in a sentence: "the invoice for APP-00033".
	Say string
	// Before is the row as the task seed had it, when the action changes
	// a row rather than creating one: policies whose state already held
	// for it were followed before the task began.
	Before Row
}

// Chore is a task inside one service: no policy across systems is needed.
type Chore struct {
	Service string
	Persona string
	// Make builds the task; ok is false when the world has nothing to
	// make it from.
	Make func(tc *TaskCtx) (Task, bool)

	round int // the sampler's turn order
}

// Task is a sampled task before it becomes a world.TaskSpec.
type Task struct {
	Title       string
	Instruction string
	Seed        []world.SeedOp
	Calls       []world.Call
	Assertions  []world.Assertion
	MayChange   []world.Change
	Services    []string
}

// TaskCtx is the context of one task being sampled: a random source and the
// ids its seed and calls will produce. Each task starts from s0, so id
// counters start from the seed state for every task.
type TaskCtx struct {
	R    *rand.Rand
	G    *Gen
	next map[string]int
	memo map[string]any
}

// Note keeps a value for a later step of the same task: the id of a row
// Prepare seeded, which Do then acts on.
func (tc *TaskCtx) Note(key string, v any) {
	if tc.memo == nil {
		tc.memo = map[string]any{}
	}
	tc.memo[key] = v
}

// Prepared returns the row a Prepare kept under key, and a copy of it with
// the status the action leaves it in.
func (tc *TaskCtx) Prepared(key, status string) (before, after Row) {
	before = tc.memo[key].(Row)
	after = maps.Clone(before)
	after["status"] = status
	return before, after
}

// Noted returns a value kept by [TaskCtx.Note].
func (tc *TaskCtx) Noted(key string) any { return tc.memo[key] }

// FreshID returns an id number for a row the task seed inserts into
// table, a little past the seed's last so tasks don't all share one id;
// later inserts into the table continue after it.
func (tc *TaskCtx) FreshID(table string) int {
	n := tc.NextID(table) + tc.R.IntN(40)
	tc.next[table] = n + 1
	return n
}

// NextID returns the id the next insert into table will get, and counts it.
func (tc *TaskCtx) NextID(table string) int {
	n := tc.next[table]
	if n == 0 {
		n = tc.G.seqNext(table)
	}
	tc.next[table] = n + 1
	return n
}

// PeekID returns the id the next insert into table will get, without
// counting it.
func (tc *TaskCtx) PeekID(table string) int {
	if n := tc.next[table]; n != 0 {
		return n
	}
	return tc.G.seqNext(table)
}

// Pick returns a random element.
func Pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// fill replaces {role} placeholders with the entity's values for row.
func fill(text string, e *Entity, row Row) string {
	for role := range e.Roles {
		if strings.Contains(text, "{"+role+"}") {
			text = strings.ReplaceAll(text, "{"+role+"}", e.Str(role, row))
		}
	}
	text = strings.ReplaceAll(text, "{noun}", e.Noun)
	text = strings.ReplaceAll(text, "{plural}", e.Plural)
	return text
}
