package world

import (
	"encoding/json"
)

// Format is the only bundle format this package reads.
const Format = "mercury.world/v1"

// Bundle is the decoded form of a world bundle file. Field names mirror the
// JSON keys one to one; see docs/bundle-format.md for the reference.
type Bundle struct {
	Format      string      `json:"format"`
	Name        string      `json:"name"`
	Version     string      `json:"version"`
	Company     Company     `json:"company"`
	Clock       Clock       `json:"clock"`
	Services    []Service   `json:"services"`
	Tables      []Table     `json:"tables"`
	Invariants  []Invariant `json:"invariants"`
	Tools       []ToolSpec  `json:"tools"`
	Tasks       []TaskSpec  `json:"tasks"`
	Description string      `json:"description,omitempty"`
}

// Company is the business the world belongs to.
type Company struct {
	Name         string `json:"name"`
	LegalName    string `json:"legal_name,omitempty"`
	Industry     string `json:"industry"`
	Country      string `json:"country"`
	Locale       string `json:"locale"`
	Currency     string `json:"currency"`
	Timezone     string `json:"timezone"`
	Employees    int    `json:"employees"`
	Headquarters string `json:"headquarters"`
	Website      string `json:"website,omitempty"`
	Description  string `json:"description"`
}

// Clock sets the virtual clock: every tool call advances it by TickSeconds.
type Clock struct {
	Start       string `json:"start"`
	TickSeconds int    `json:"tick_seconds,omitempty"`
}

// Service is one business system of the world (CRM, email, billing, …).
type Service struct {
	Name        string   `json:"name"`
	Title       string   `json:"title"`
	Description string   `json:"description"`
	DependsOn   []string `json:"depends_on,omitempty"`
}

// Table is a table owned by one service, with its seed rows.
type Table struct {
	Name        string           `json:"name"`
	Service     string           `json:"service"`
	Description string           `json:"description"`
	Columns     []Column         `json:"columns"`
	ID          *IDSequence      `json:"id,omitempty"`
	Rows        []map[string]any `json:"rows,omitempty"`
}

// IDSequence makes primary keys such as INV-000123 for inserted rows.
type IDSequence struct {
	Prefix string `json:"prefix"`
	Width  int    `json:"width"`
}

// Column is a typed column. References is a real foreign key inside the
// table's own service; RefersTo is a plain value pointing into another
// service, which nothing enforces.
type Column struct {
	Name        string `json:"name"`
	Type        string `json:"type"`
	Description string `json:"description,omitempty"`
	PrimaryKey  bool   `json:"primary_key,omitempty"`
	Nullable    bool   `json:"nullable,omitempty"`
	Unique      bool   `json:"unique,omitempty"`
	Enum        []any  `json:"enum,omitempty"`
	Default     any    `json:"default,omitempty"`
	References  string `json:"references,omitempty"`
	RefersTo    string `json:"refers_to,omitempty"`
	// Kind is what the values mean ("person_name", "monthly_rent",
	// "postcode"): documentation for readers and the realism validator;
	// the engine does not interpret it.
	Kind string `json:"kind,omitempty"`
}

// Invariant is a world rule: visible policy text and a hidden SQL check
// whose result rows are violations.
//
// An invariant is written either with raw text and SQL (Policy, Trigger,
// Target, Check) or as a structured Rule, from which [Compile] fills in
// the other four.
type Invariant struct {
	Name    string `json:"name"`
	Title   string `json:"title"`
	Policy  string `json:"policy,omitempty"`
	Trigger string `json:"trigger,omitempty"`
	Target  string `json:"target,omitempty"`
	Check   string `json:"check,omitempty"`

	// Structured policies (issue 9): see policyrule.go.
	Rule *PolicyRule `json:"rule,omitempty"`
}

// ToolSpec declares one tool as a list of steps run in one transaction.
type ToolSpec struct {
	Name        string    `json:"name"`
	Service     string    `json:"service"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	Args        []ArgSpec `json:"args,omitempty"`
	Steps       []Step    `json:"steps"`
	Returns     string    `json:"returns,omitempty"`
	Idempotent  bool      `json:"idempotent,omitempty"`
}

// ArgSpec declares one tool argument. Column, when set, lends the column's
// type, enum and description to the argument.
type ArgSpec struct {
	Name        string       `json:"name"`
	Type        string       `json:"type,omitempty"`
	Column      string       `json:"column,omitempty"`
	Description string       `json:"description,omitempty"`
	Required    bool         `json:"required,omitempty"`
	Enum        []any        `json:"enum,omitempty"`
	Items       string       `json:"items,omitempty"`
	Minimum     *json.Number `json:"minimum,omitempty"`
	Maximum     *json.Number `json:"maximum,omitempty"`
	MinLength   *int         `json:"min_length,omitempty"`
	MaxLength   *int         `json:"max_length,omitempty"`
	Pattern     string       `json:"pattern,omitempty"`
}

// Step is one operation of a tool. Exactly one of the operation keys (Get,
// Search, Insert, Update, Delete, Require, Absent) is set.
type Step struct {
	Get     string `json:"get,omitempty"`
	Search  string `json:"search,omitempty"`
	Insert  string `json:"insert,omitempty"`
	Update  string `json:"update,omitempty"`
	Delete  string `json:"delete,omitempty"`
	Absent  string `json:"absent,omitempty"`
	Require string `json:"require,omitempty"`

	Key         any            `json:"key,omitempty"`
	Where       map[string]any `json:"where,omitempty"`
	Values      map[string]any `json:"values,omitempty"`
	Set         map[string]any `json:"set,omitempty"`
	Transitions *Transitions   `json:"transitions,omitempty"`
	Filters     []Filter       `json:"filters,omitempty"`
	Order       []string       `json:"order,omitempty"`
	Fields      []string       `json:"fields,omitempty"`
	PageSize    int            `json:"page_size,omitempty"`
	MaxPageSize int            `json:"max_page_size,omitempty"`
	Equals      any            `json:"equals,omitempty"`
	In          []any          `json:"in,omitempty"`
	NotIn       []any          `json:"not_in,omitempty"`
	As          string         `json:"as,omitempty"`
	Message     string         `json:"message,omitempty"`
}

// Transitions restricts how an update may move a state column.
type Transitions struct {
	Column  string              `json:"column"`
	Allowed map[string][]string `json:"allowed"`
}

// Filter is one optional search condition, applied when its argument is given
// (or always, when it has a fixed Value).
type Filter struct {
	Column  string   `json:"column,omitempty"`
	Columns []string `json:"columns,omitempty"`
	Op      string   `json:"op"`
	Arg     string   `json:"arg,omitempty"`
	Value   any      `json:"value,omitempty"`
}

// TaskSpec is one task sampled from the world.
type TaskSpec struct {
	ID          string      `json:"id"`
	Persona     string      `json:"persona"`
	Title       string      `json:"title"`
	Instruction string      `json:"instruction"`
	Services    []string    `json:"services,omitempty"`
	Seed        []SeedOp    `json:"seed,omitempty"`
	Assertions  []Assertion `json:"assertions"`
	Invariants  []string    `json:"invariants,omitempty"`
	MayChange   []Change    `json:"may_change,omitempty"`
	Solution    []Call      `json:"solution"`
}

// SeedOp is one change of a task seed (Δs0): exactly one of Insert, Update
// and Delete names a table.
type SeedOp struct {
	Insert string         `json:"insert,omitempty"`
	Update string         `json:"update,omitempty"`
	Delete string         `json:"delete,omitempty"`
	Key    any            `json:"key,omitempty"`
	Values map[string]any `json:"values,omitempty"`
	Set    map[string]any `json:"set,omitempty"`
}

// Assertion is one rubric check on the final state. Exactly one of Exists,
// Absent, Count, Field and SQL is set.
type Assertion struct {
	ID          string  `json:"id"`
	Description string  `json:"description"`
	Weight      float64 `json:"weight,omitempty"`
	// Role is RoleGoal (the default) or RoleConstraint; see [Assertion.IsGoal].
	Role   string      `json:"role,omitempty"`
	Exists *RowMatch   `json:"exists,omitempty"`
	Absent *RowMatch   `json:"absent,omitempty"`
	Count  *CountMatch `json:"count,omitempty"`
	Field  *FieldMatch `json:"field,omitempty"`
	SQL    string      `json:"sql,omitempty"`
}

// RowMatch selects rows of a table by column conditions.
type RowMatch struct {
	Table string         `json:"table"`
	Where map[string]any `json:"where,omitempty"`
}

// CountMatch compares the number of matching rows.
type CountMatch struct {
	Table  string         `json:"table"`
	Where  map[string]any `json:"where,omitempty"`
	Equals *int           `json:"equals,omitempty"`
	Min    *int           `json:"min,omitempty"`
	Max    *int           `json:"max,omitempty"`
}

// FieldMatch compares one column of one row, found by primary key.
type FieldMatch struct {
	Table  string `json:"table"`
	Key    any    `json:"key"`
	Column string `json:"column"`
	Equals any    `json:"equals"`
}

// Change names what a task may change: a table, optionally only some rows
// (by primary key) and some kinds of change (insert, update, delete).
type Change struct {
	Table string   `json:"table"`
	Keys  []any    `json:"keys,omitempty"`
	Ops   []string `json:"ops,omitempty"`
}

// Call is one tool call of a reference solution or a trajectory.
type Call struct {
	Tool string         `json:"tool"`
	Args map[string]any `json:"args,omitempty"`
}
