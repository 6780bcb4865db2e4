package world

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // worlds name IANA zones; don't depend on the host's zoneinfo

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// World is a compiled bundle: immutable, safe for concurrent use.
type World struct {
	bundle   *Bundle
	hash     string
	services []*Service
	tables   []*table
	tableBy  map[string]*table
	byName   []int // indexes of tables, sorted by table name
	tools    []*Tool
	toolBy   map[string]*Tool
	tasks    []*Task
	taskBy   map[string]*Task
	broken   map[string]bool // tools that failed to compile
	schemas  *jsonschema.Compiler
	trusted  bool
	loc      *time.Location
	start    time.Time
	tick     time.Duration
	image    []byte // seeded template database (s0)
	s0       lazyState
	// parsedRows: the seed rows the bundle parser kept out of bundle, by
	// table index (decodeRows). full is bundle with them as maps, made by
	// Bundle on first use: serving a world never needs the maps.
	parsedRows []*seedRows
	rowsOnce   sync.Once
	full       *Bundle
	// invReads: the tables each invariant's check reads, by name.
	invReads map[string][]string
	// rowCounts, when set, counts the seed rows of a world rebuilt by
	// Recompile, whose bundle has none.
	rowCounts map[string]int
	// scratch: idle scratch databases the grader borrows (scratch.go).
	scratch scratchPool
}

type table struct {
	spec    *Table
	seed    *seedRows // its seed rows (spec.Rows may not have them)
	name    string
	service string
	cols    []*column
	colBy   map[string]*column
	pk      *column
	seq     *IDSequence
	ptr     string
	// fetchSQL reads one row by primary key, its columns in order: the
	// text of every point read, written once.
	fetchSQL string
}

type column struct {
	Column
	typ   colType
	table *table
	enum  []any // stored values
	// textEnum holds enum as a set, for a text column.
	textEnum map[string]bool
	def      any // stored default
	// jsonName is the column name as a JSON string, as the state hash
	// writes it.
	jsonName []byte
}

// Task is a compiled task. Its rubric, solution and may-change set are the
// grader's: toolgen sees only [Task.Public].
type Task struct {
	spec  *TaskSpec
	image []byte // s0 + Δs0; built lazily for trusted bundles
	once  sync.Once
	err   error
	state lazyState // the rows of image, read on first use
}

// ID returns the task id.
func (t *Task) ID() string { return t.spec.ID }

// TaskInfo is what an agent may see of a task.
type TaskInfo struct {
	ID          string   `json:"id"`
	Persona     string   `json:"persona"`
	Title       string   `json:"title"`
	Instruction string   `json:"instruction"`
	Services    []string `json:"services,omitempty"`
}

// Public returns the agent-visible view of the task.
func (t *Task) Public() TaskInfo {
	return TaskInfo{ID: t.spec.ID, Persona: t.spec.Persona, Title: t.spec.Title, Instruction: t.spec.Instruction, Services: t.spec.Services}
}

// Spec returns the task's full specification, rubric and solution included.
// Only the grader and validators call it.
func (t *Task) Spec() *TaskSpec { return t.spec }

// Compile decodes, checks and compiles a bundle. On failure the error joins
// every problem found, each a *BundleError located by JSON pointer.
func Compile(data []byte) (*World, error) { return CompileWith(data, Options{}) }

// Options tune [CompileWith].
type Options struct {
	// Trusted skips the work only a changed bundle could fail: the JSON
	// Schema pass, compiling tool schemas up front (each compiles on its
	// first call) and building task images (each is built on first use).
	// Use it only for bytes that passed a full Compile, such as embedded
	// bundles: it is what makes a server start in milliseconds.
	Trusted bool
	// Image is the seeded database a full Compile of the same bytes
	// produced ([World.Image]); it replaces re-seeding.
	Image []byte
	// Sum is the SHA-256 of the bytes, when the caller has already
	// computed it (a cache key): a large bundle takes tens of
	// milliseconds to hash. It becomes [World.Hash].
	Sum *[sha256.Size]byte
}

// CompileWith is [Compile] with options.
func CompileWith(data []byte, opts Options) (*World, error) {
	// The bundle's hash, while it is decoded: a large bundle takes tens
	// of milliseconds to hash.
	sumc := make(chan [sha256.Size]byte, 1)
	if opts.Sum != nil {
		sumc <- *opts.Sum
	} else {
		go func() { sumc <- sha256.Sum256(data) }()
	}
	var b *Bundle
	var rows []*seedRows
	var err error
	if opts.Trusted {
		b, rows, err = decodeTrusted(data)
	} else {
		b, rows, err = decodeRows(data)
	}
	sum := <-sumc
	if err != nil {
		return nil, err
	}
	w := &World{bundle: b, hash: "sha256:" + hex.EncodeToString(sum[:]), trusted: opts.Trusted, parsedRows: rows}
	var errs []error
	add := func(e ...*BundleError) {
		for _, x := range e {
			errs = append(errs, x)
		}
	}
	add(w.compileCompany()...)
	add(w.compileServices()...)
	add(w.compileTables()...)
	// Tools and tasks are checked even when tables had problems, so one
	// run reports as much as it can; only the tools that use a table
	// without a primary key are not (see compileTools).
	add(w.compileTools()...)
	add(w.compileInvariantRefs()...)
	w.computeInvariantReads()
	add(w.compileTaskRefs()...)
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	ctx := context.Background()
	if opts.Image != nil {
		w.image = opts.Image
	} else {
		image, ierrs := w.buildImage(ctx)
		add(withRule(ierrs, RuleSeed)...)
		if len(errs) > 0 {
			return nil, errors.Join(errs...)
		}
		w.image = image
	}
	if !opts.Trusted {
		add(withRule(w.buildTaskImages(ctx), RuleTaskSeed)...)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	w.schemas = nil // only needed while compiling
	return w, nil
}

func (w *World) compileCompany() []*BundleError {
	var errs []*BundleError
	loc, err := time.LoadLocation(w.bundle.Company.Timezone)
	if err != nil {
		errs = append(errs, errAt("/company/timezone", "no such time zone %q (want an IANA name such as Europe/Berlin)", w.bundle.Company.Timezone))
		loc = time.UTC
	}
	w.loc = loc
	start, err := time.Parse(time.RFC3339, w.bundle.Clock.Start)
	if err != nil {
		errs = append(errs, errAt("/clock/start", "%q is not an RFC 3339 date-time", w.bundle.Clock.Start))
	}
	w.start = start.In(loc)
	tick := w.bundle.Clock.TickSeconds
	if tick == 0 {
		tick = 60
	}
	w.tick = time.Duration(tick) * time.Second
	return errs
}

func (w *World) compileServices() []*BundleError {
	var errs []*BundleError
	seen := map[string]int{}
	for i := range w.bundle.Services {
		s := &w.bundle.Services[i]
		if j, dup := seen[s.Name]; dup {
			errs = append(errs, errAt(Pointer("services", strconv.Itoa(i), "name"), "service %q is already declared at /services/%d", s.Name, j))
			continue
		}
		seen[s.Name] = i
		w.services = append(w.services, s)
	}
	for i, s := range w.bundle.Services {
		for j, d := range s.DependsOn {
			if _, ok := seen[d]; !ok {
				errs = append(errs, errAt(Pointer("services", strconv.Itoa(i), "depends_on", strconv.Itoa(j)), "unknown service %q (services: %s)", d, w.serviceNames()))
			} else if d == s.Name {
				errs = append(errs, errAt(Pointer("services", strconv.Itoa(i), "depends_on", strconv.Itoa(j)), "service %q depends on itself", d))
			}
		}
	}
	return errs
}

func (w *World) serviceNames() string {
	names := make([]string, len(w.services))
	for i, s := range w.services {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}

func (w *World) service(name string) *Service {
	for _, s := range w.services {
		if s.Name == name {
			return s
		}
	}
	return nil
}

func (w *World) tableNames() string {
	names := make([]string, len(w.tables))
	for i, t := range w.tables {
		names[i] = t.name
	}
	return strings.Join(names, ", ")
}

func (w *World) compileTables() []*BundleError {
	var errs []*BundleError
	w.tableBy = map[string]*table{}
	for i := range w.bundle.Tables {
		spec := &w.bundle.Tables[i]
		ptr := Pointer("tables", strconv.Itoa(i))
		if _, dup := w.tableBy[spec.Name]; dup {
			errs = append(errs, errAt(ptr+"/name", "table %q is declared twice", spec.Name))
			continue
		}
		t := &table{spec: spec, name: spec.Name, service: spec.Service, colBy: map[string]*column{}, seq: spec.ID, ptr: ptr}
		if i < len(w.parsedRows) && w.parsedRows[i] != nil {
			t.seed = w.parsedRows[i]
		} else if rs, ok := seedRowsOf(spec.Rows); ok {
			t.seed = rs
		} else {
			errs = append(errs, errAt(ptr+"/rows", "a seed row holds a value that is not a string, number, boolean or null"))
		}
		if w.service(spec.Service) == nil {
			errs = append(errs, errAt(ptr+"/service", "unknown service %q (services: %s)", spec.Service, w.serviceNames()))
		}
		for j := range spec.Columns {
			c := &column{Column: spec.Columns[j], typ: colType(spec.Columns[j].Type), table: t}
			cptr := Pointer("tables", strconv.Itoa(i), "columns", strconv.Itoa(j))
			if _, dup := t.colBy[c.Name]; dup {
				errs = append(errs, errAt(cptr+"/name", "column %q is declared twice", c.Name))
				continue
			}
			if c.PrimaryKey {
				if t.pk != nil {
					errs = append(errs, errAt(cptr+"/primary_key", "table %s already has primary key %q; use exactly one", t.name, t.pk.Name))
				}
				t.pk = c
				if c.Nullable {
					errs = append(errs, errAt(cptr+"/nullable", "a primary key cannot be nullable"))
				}
			}
			for k, e := range c.Enum {
				v, err := c.typ.toSQL(e)
				if err != nil {
					errs = append(errs, errAt(Pointer("tables", strconv.Itoa(i), "columns", strconv.Itoa(j), "enum", strconv.Itoa(k)), "%v", err))
				}
				c.enum = append(c.enum, v)
			}
			c.indexEnum()
			if c.Default != nil {
				v, err := c.check(c.Default)
				if err != nil {
					errs = append(errs, errAt(cptr+"/default", "%v", err))
				}
				c.def = v
			}
			c.jsonName, _ = json.Marshal(c.Name) // a string always encodes
			t.colBy[c.Name] = c
			t.cols = append(t.cols, c)
		}
		if t.pk == nil {
			errs = append(errs, errAt(ptr+"/columns", "table %s has no primary key: mark one column \"primary_key\": true", t.name))
		} else {
			t.fetchSQL = "SELECT " + columnList(t.cols) + " FROM " + quoteIdent(t.name) + " WHERE " + quoteIdent(t.pk.Name) + " = ?"
		}
		if t.seq != nil && t.pk != nil && t.pk.typ != typeText {
			errs = append(errs, errAt(ptr+"/id", "an id prefix needs a text primary key; %s.%s is %s", t.name, t.pk.Name, t.pk.typ))
		}
		w.tableBy[t.name] = t
		w.tables = append(w.tables, t)
	}
	w.byName = make([]int, len(w.tables))
	for i := range w.byName {
		w.byName[i] = i
	}
	slices.SortFunc(w.byName, func(a, b int) int { return strings.Compare(w.tables[a].name, w.tables[b].name) })
	// References resolve once every table is known.
	for _, t := range w.tables {
		for j, c := range t.cols {
			cptr := Pointer("tables", strings.TrimPrefix(t.ptr, "/tables/"), "columns", strconv.Itoa(j))
			if c.References != "" {
				ref, err := w.resolveColumn(c.References)
				switch {
				case err != nil:
					errs = append(errs, errAt(cptr+"/references", "%v", err))
				case ref.table.service != t.service:
					errs = append(errs, errAt(cptr+"/references", "%s belongs to service %s, not %s: a value pointing into another service is a plain value, declare it with \"refers_to\"", c.References, ref.table.service, t.service))
				case !ref.PrimaryKey && !ref.Unique:
					errs = append(errs, errAt(cptr+"/references", "%s is neither a primary key nor unique", c.References))
				case ref.typ.sqlType() != c.typ.sqlType():
					errs = append(errs, errAt(cptr+"/references", "%s is %s but %s.%s is %s", c.References, ref.typ, t.name, c.Name, c.typ))
				}
			}
			if c.RefersTo != "" {
				ref, err := w.resolveColumn(c.RefersTo)
				switch {
				case err != nil:
					errs = append(errs, errAt(cptr+"/refers_to", "%v", err))
				case ref.table.service == t.service:
					errs = append(errs, errAt(cptr+"/refers_to", "%s is in the same service (%s): declare it with \"references\" so the key is enforced", c.RefersTo, t.service))
				}
			}
		}
	}
	return errs
}

// resolveColumn finds "table.column".
func (w *World) resolveColumn(ref string) (*column, error) {
	tn, cn, ok := strings.Cut(ref, ".")
	if !ok {
		return nil, fmt.Errorf("%q is not table.column", ref)
	}
	t := w.tableBy[tn]
	if t == nil {
		return nil, fmt.Errorf("unknown table %q (tables: %s)", tn, w.tableNames())
	}
	c := t.colBy[cn]
	if c == nil {
		return nil, fmt.Errorf("table %s has no column %q (columns: %s)", tn, cn, t.columnNames())
	}
	return c, nil
}

func (t *table) columnNames() string {
	names := make([]string, len(t.cols))
	for i, c := range t.cols {
		names[i] = c.Name
	}
	return strings.Join(names, ", ")
}

// indexEnum makes textEnum of a text column's enum.
func (c *column) indexEnum() {
	if len(c.enum) == 0 || c.typ.sqlType() != "TEXT" {
		return
	}
	// check compares text with text as strings.
	c.textEnum = map[string]bool{}
	for _, e := range c.enum {
		if s, ok := e.(string); ok {
			c.textEnum[s] = true
		}
	}
}

// seedValue is check of a parsed seed value, for the seeding of many
// rows: what check(s.value()) stores when check accepts it, and false
// when it does not (check then says why).
func (c *column) seedValue(s scalar) (sqlValue, bool) {
	var v sqlValue
	if s.kind == scalarNull {
		return v, c.Nullable || c.PrimaryKey
	}
	switch c.typ {
	case typeInteger:
		if s.kind != scalarNumber {
			return v, false
		}
		n, err := parseInteger(s.text)
		if err != nil {
			return v, false
		}
		v = sqlValue{num: n, kind: sqlInteger}
	case typeReal:
		if s.kind != scalarNumber {
			return v, false
		}
		f, err := parseReal(s.text)
		if err != nil {
			return v, false
		}
		v = sqlValue{real: f, kind: sqlReal}
	case typeBoolean:
		switch s.kind {
		case scalarTrue:
			v = sqlValue{num: 1, kind: sqlInteger}
		case scalarFalse:
			v = sqlValue{num: 0, kind: sqlInteger}
		default:
			return v, false
		}
	default:
		if s.kind != scalarString || c.typ.checkText(s.text) != nil {
			return v, false
		}
		v = sqlValue{text: s.text, kind: sqlText}
	}
	switch {
	case len(c.enum) == 0:
	case c.textEnum != nil:
		if !c.textEnum[v.text] {
			return v, false
		}
	case !slices.ContainsFunc(c.enum, func(e any) bool { return sqlEqual(e, v.any()) }):
		return v, false
	}
	return v, true
}

// check converts v to the column's stored form and checks its enum.
func (c *column) check(v any) (any, error) {
	s, err := c.typ.toSQL(v)
	if err != nil {
		return nil, err
	}
	if s == nil {
		if !c.Nullable && !c.PrimaryKey {
			return nil, fmt.Errorf("%s cannot be null", c.Name)
		}
		return nil, nil
	}
	if len(c.enum) > 0 && !slices.ContainsFunc(c.enum, func(e any) bool { return sqlEqual(e, s) }) {
		opts := make([]string, len(c.Enum))
		for i, e := range c.Enum {
			opts[i] = display(e)
		}
		return nil, fmt.Errorf("%s is not one of %s", display(v), strings.Join(opts, ", "))
	}
	return s, nil
}

func (w *World) compileInvariantRefs() []*BundleError {
	var errs []*BundleError
	seen := map[string]bool{}
	for i, inv := range w.bundle.Invariants {
		ptr := Pointer("invariants", strconv.Itoa(i))
		if seen[inv.Name] {
			errs = append(errs, errAt(ptr+"/name", "invariant %q is declared twice", inv.Name))
		}
		seen[inv.Name] = true
		if inv.Rule != nil {
			errs = append(errs, w.compileInvariantRule(i)...)
			continue
		}
		for _, k := range []struct{ key, val string }{{"policy", inv.Policy}, {"check", inv.Check}, {"trigger", inv.Trigger}, {"target", inv.Target}} {
			if k.val == "" {
				errs = append(errs, errAt(ptr+"/"+k.key, "an invariant without a rule needs %s", k.key))
			}
		}
		if inv.Trigger == "" || inv.Target == "" {
			continue
		}
		if w.service(inv.Trigger) == nil {
			errs = append(errs, errAt(ptr+"/trigger", "unknown service %q (services: %s)", inv.Trigger, w.serviceNames()))
		}
		if w.service(inv.Target) == nil {
			errs = append(errs, errAt(ptr+"/target", "unknown service %q (services: %s)", inv.Target, w.serviceNames()))
		}
	}
	return errs
}

// Name returns the world's name.
func (w *World) Name() string { return w.bundle.Name }

// Version returns the bundle's version string.
func (w *World) Version() string { return w.bundle.Version }

// Description returns the world's free-text description.
func (w *World) Description() string { return w.bundle.Description }

// Hash identifies the exact bundle bytes the world was compiled from.
func (w *World) Hash() string { return w.hash }

// Company returns the company profile.
func (w *World) Company() Company { return w.bundle.Company }

// Services returns the services in declaration order.
func (w *World) Services() []Service {
	out := make([]Service, len(w.services))
	for i, s := range w.services {
		out[i] = *s
	}
	return out
}

// Tools returns the compiled tools in declaration order.
func (w *World) Tools() []*Tool { return w.tools }

// Tool returns a tool by name.
func (w *World) Tool(name string) (*Tool, bool) {
	t, ok := w.toolBy[name]
	return t, ok
}

// Tasks returns the tasks in declaration order.
func (w *World) Tasks() []*Task { return w.tasks }

// Task returns a task by id.
func (w *World) Task(id string) (*Task, bool) {
	t, ok := w.taskBy[id]
	return t, ok
}

// TaskIDs lists the task ids, for error messages.
func (w *World) TaskIDs() []string {
	ids := make([]string, len(w.tasks))
	for i, t := range w.tasks {
		ids[i] = t.spec.ID
	}
	return ids
}

// Policy is the visible side of an invariant.
type Policy struct {
	Name    string `json:"name"`
	Title   string `json:"title"`
	Text    string `json:"policy"`
	Trigger string `json:"trigger"`
	Target  string `json:"target"`
}

// Policies returns the visible text of every invariant. Hidden checks are
// not part of it; see [World.Invariants].
func (w *World) Policies() []Policy {
	out := make([]Policy, len(w.bundle.Invariants))
	for i, inv := range w.bundle.Invariants {
		out[i] = Policy{Name: inv.Name, Title: inv.Title, Text: inv.Policy, Trigger: inv.Trigger, Target: inv.Target}
	}
	return out
}

// Invariants returns the invariants with their hidden checks. Only the
// grader and validators call it.
func (w *World) Invariants() []Invariant { return slices.Clone(w.bundle.Invariants) }

// Bundle returns the decoded bundle, hidden parts included. Only the grader
// and validators call it.
func (w *World) Bundle() *Bundle {
	w.rowsOnce.Do(func() {
		w.full = w.bundle
		if w.parsedRows != nil {
			// A copy: w.bundle stays as it was compiled, for readers
			// that do not hold the once.
			b := *w.bundle
			b.Tables = slices.Clone(b.Tables)
			setRows(&b, w.parsedRows)
			w.full = &b
		}
	})
	return w.full
}

// TableInfo describes a table for documentation surfaces.
type TableInfo struct {
	Name        string       `json:"name"`
	Service     string       `json:"service"`
	Description string       `json:"description"`
	Columns     []ColumnInfo `json:"columns"`
	Rows        int          `json:"rows"`
}

// ColumnInfo describes a column for documentation surfaces.
type ColumnInfo struct {
	Name        string `json:"name"`
	Type        string `json:"type"`
	Description string `json:"description,omitempty"`
	PrimaryKey  bool   `json:"primary_key,omitempty"`
	Nullable    bool   `json:"nullable,omitempty"`
	Enum        []any  `json:"enum,omitempty"`
	References  string `json:"references,omitempty"`
	RefersTo    string `json:"refers_to,omitempty"`
}

// Tables describes every table, with its seed row count.
func (w *World) Tables() []TableInfo {
	out := make([]TableInfo, len(w.tables))
	for i, t := range w.tables {
		ti := TableInfo{Name: t.name, Service: t.service, Description: t.spec.Description, Rows: w.tableRows(t)}
		for _, c := range t.cols {
			ti.Columns = append(ti.Columns, ColumnInfo{Name: c.Name, Type: string(c.typ), Description: c.Description, PrimaryKey: c.PrimaryKey, Nullable: c.Nullable, Enum: c.Enum, References: c.References, RefersTo: c.RefersTo})
		}
		out[i] = ti
	}
	return out
}

// TableService returns the service owning a table.
func (w *World) TableService(name string) (string, bool) {
	t, ok := w.tableBy[name]
	if !ok {
		return "", false
	}
	return t.service, true
}

// PrimaryKey returns the primary key column of a table.
func (w *World) PrimaryKey(name string) (string, bool) {
	t, ok := w.tableBy[name]
	if !ok {
		return "", false
	}
	return t.pk.Name, true
}

// ColumnType returns the bundle type of a column ("text", "boolean", …).
func (w *World) ColumnType(table, column string) (string, bool) {
	t, ok := w.tableBy[table]
	if !ok {
		return "", false
	}
	c, ok := t.colBy[column]
	if !ok {
		return "", false
	}
	return string(c.typ), true
}

// ImageSize is the size in bytes of the seeded template database.
func (w *World) ImageSize() int { return len(w.image) }

// Image returns the seeded template database (an SQLite file image), for
// [Options.Image].
func (w *World) Image() []byte { return slices.Clone(w.image) }

// timeAt returns the virtual time after n calls.
func (w *World) timeAt(n int) time.Time { return w.start.Add(time.Duration(n) * w.tick) }

func sortedKeys[M ~map[string]V, V any](m M) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
