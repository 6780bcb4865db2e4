package world

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Tool is a compiled, declarative tool. Immutable.
type Tool struct {
	spec         *ToolSpec
	args         []*arg
	argBy        map[string]*arg
	steps        []*step
	ret          *step
	readOnly     bool
	destructive  bool
	idempotent   bool
	inputSchema  []byte
	outputSchema []byte
	validator    *jsonschema.Schema
	once         sync.Once
	verr         error
}

// Name, Service, Title and Description describe the tool for a model.
func (t *Tool) Name() string    { return t.spec.Name }
func (t *Tool) Service() string { return t.spec.Service }
func (t *Tool) Title() string   { return t.spec.Title }
func (t *Tool) Description() string {
	if t.ret != nil && t.ret.op == "search" {
		return pagingNote(t.spec.Description, t.ret.page)
	}
	return t.spec.Description
}

// pagingNote tells a model how a search pages: it sees has_more, never a
// count (counting every match would make each page cost a whole scan).
func pagingNote(desc string, page int) string {
	note := fmt.Sprintf("Results come %d per page (set limit for more): has_more says whether more match, and next_cursor fetches the next page; matches are not counted.", page)
	if desc == "" {
		return note
	}
	return strings.TrimRight(desc, " ") + " " + note
}

// ReadOnly reports whether the tool never writes.
func (t *Tool) ReadOnly() bool { return t.readOnly }

// Destructive reports whether the tool may update or delete existing rows.
func (t *Tool) Destructive() bool { return t.destructive }

// Idempotent reports whether calling the tool twice with the same arguments
// has the same effect as calling it once.
func (t *Tool) Idempotent() bool { return t.idempotent }

// InputSchema and OutputSchema are the tool's JSON Schemas.
func (t *Tool) InputSchema() json.RawMessage  { return t.inputSchema }
func (t *Tool) OutputSchema() json.RawMessage { return t.outputSchema }

// Tables lists the tables the tool reads or writes, in step order.
func (t *Tool) Tables() (reads, writes []string) {
	for _, s := range t.steps {
		if s.t == nil {
			continue
		}
		if s.writes() {
			if !slices.Contains(writes, s.t.name) {
				writes = append(writes, s.t.name)
			}
		} else if !slices.Contains(reads, s.t.name) {
			reads = append(reads, s.t.name)
		}
	}
	return reads, writes
}

type arg struct {
	ArgSpec
	typ   string // string integer number boolean date datetime email array
	col   *column
	auto  bool // limit/cursor added for a search
	items string
}

type exprKind int

const (
	exprLit exprKind = iota
	exprArg
	exprRef
	exprNow
	exprToday
)

type expr struct {
	kind  exprKind
	lit   any
	name  string // arg name or alias
	field string // column, for exprRef
	ref   *step  // the step an alias names
}

type assign struct {
	col *column
	val *expr
}

type filter struct {
	cols  []*column
	op    string
	arg   *arg
	value any
	fixed bool
}

type orderTerm struct {
	col  *column
	desc bool
}

type step struct {
	op      string // get search insert update delete require absent
	t       *table
	key     *expr
	where   []assign
	values  []assign
	set     []assign
	trans   *Transitions
	filters []*filter
	order   []orderTerm
	fields  []*column
	page    int
	maxPage int
	require *expr
	equals  any
	hasEq   bool
	in      []any
	notIn   []any
	as      string
	message string
	ptr     string
	// alias names the step's row in a call: as, or "#" and ptr.
	alias string
}

func (s *step) writes() bool { return s.op == "insert" || s.op == "update" || s.op == "delete" }

// returnsRecord reports whether the step leaves a row behind to return.
func (s *step) returnsRecord() bool {
	switch s.op {
	case "get", "insert", "update", "delete":
		return true
	}
	return false
}

// placeholder is a {field} in a tool message. This package's regexps are
// compiled on first use: at package level they were 1,900 allocations and
// ~0.9 ms of init in every start, most of which never uses them.
var placeholder = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\{([a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)?)\}`) })

func (w *World) compileTools() []*BundleError {
	var errs []*BundleError
	w.toolBy = map[string]*Tool{}
	broken := func(name string) {
		// Keep the name known, so tasks that call it don't report it as
		// unknown on top of its own errors.
		if w.broken == nil {
			w.broken = map[string]bool{}
		}
		w.broken[name] = true
	}
	// A tool is compiled against its tables' primary keys; one that uses
	// a table without one (an error of its own) cannot be checked.
	var unchecked, keyless []string
	for i := range w.bundle.Tools {
		spec := &w.bundle.Tools[i]
		if tables := w.keylessTables(spec); len(tables) > 0 {
			broken(spec.Name)
			unchecked = append(unchecked, spec.Name)
			for _, t := range tables {
				if !slices.Contains(keyless, t) {
					keyless = append(keyless, t)
				}
			}
			continue
		}
		ptr := Pointer("tools", strconv.Itoa(i))
		t, terrs := w.compileTool(spec, ptr)
		errs = append(errs, terrs...)
		if t == nil {
			broken(spec.Name)
			continue
		}
		if _, dup := w.toolBy[t.Name()]; dup {
			errs = append(errs, errAt(ptr+"/name", "tool %q is declared twice", t.Name()))
			continue
		}
		w.toolBy[t.Name()] = t
		w.tools = append(w.tools, t)
	}
	switch len(unchecked) {
	case 0:
	case 1:
		errs = append(errs, errAt("/tools", "tool %s was not checked: it uses a table without a primary key (%s)", unchecked[0], strings.Join(keyless, ", ")))
	default:
		errs = append(errs, errAt("/tools", "tools %s were not checked: they use tables without a primary key (%s)", strings.Join(unchecked, ", "), strings.Join(keyless, ", ")))
	}
	return errs
}

// keylessTables lists the tables without a primary key that a tool's
// steps name.
func (w *World) keylessTables(spec *ToolSpec) []string {
	var out []string
	for _, sp := range spec.Steps {
		for _, name := range []string{sp.Get, sp.Search, sp.Insert, sp.Update, sp.Delete, sp.Absent} {
			if t := w.tableBy[name]; name != "" && t != nil && t.pk == nil && !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	return out
}

func (w *World) compileTool(spec *ToolSpec, ptr string) (*Tool, []*BundleError) {
	var errs []*BundleError
	fail := func(p, format string, a ...any) { errs = append(errs, errAt(p, format, a...)) }
	t := &Tool{spec: spec, argBy: map[string]*arg{}}
	if w.service(spec.Service) == nil {
		fail(ptr+"/service", "unknown service %q (services: %s)", spec.Service, w.serviceNames())
	}
	for i, as := range spec.Args {
		aptr := ptr + "/args/" + strconv.Itoa(i)
		a := &arg{ArgSpec: as, typ: as.Type, items: as.Items}
		if as.Column != "" {
			c, err := w.resolveColumn(as.Column)
			if err != nil {
				fail(aptr+"/column", "%v", err)
				continue
			}
			a.col = c
			if a.typ == "" {
				a.typ = c.typ.argType()
			}
			if a.Enum == nil {
				a.Enum = c.Enum
			}
			if a.Description == "" {
				a.Description = c.Description
			}
		}
		if a.typ == "array" && a.items == "" {
			fail(aptr, "an array argument needs \"items\" (its element type)")
		}
		if _, dup := t.argBy[a.Name]; dup {
			fail(aptr+"/name", "argument %q is declared twice", a.Name)
			continue
		}
		t.argBy[a.Name] = a
		t.args = append(t.args, a)
	}
	aliases := map[string]*step{}
	for i := range spec.Steps {
		s, serrs := w.compileStep(t, &spec.Steps[i], ptr+"/steps/"+strconv.Itoa(i), aliases)
		errs = append(errs, serrs...)
		if s == nil {
			continue
		}
		if s.t != nil && s.t.service != spec.Service {
			fail(s.ptr+"/"+s.op, "table %s belongs to service %s; tool %s of service %s may only use its own service's tables", s.t.name, s.t.service, spec.Name, spec.Service)
		}
		if s.as != "" {
			if _, dup := aliases[s.as]; dup || t.argBy[s.as] != nil {
				fail(s.ptr+"/as", "name %q is already used by an argument or an earlier step", s.as)
			}
			aliases[s.as] = s
		}
		t.steps = append(t.steps, s)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	searches := 0
	for _, s := range t.steps {
		if s.op == "search" {
			searches++
		}
	}
	if searches > 1 || (searches == 1 && t.steps[len(t.steps)-1].op != "search") {
		fail(ptr+"/steps", "a search must be the last step and there can be only one")
	}
	t.readOnly = true
	for _, s := range t.steps {
		if s.writes() {
			t.readOnly = false
		}
		if s.op == "update" || s.op == "delete" {
			t.destructive = true
		}
	}
	t.idempotent = t.readOnly || spec.Idempotent
	switch {
	case spec.Returns != "":
		s := aliases[spec.Returns]
		if s == nil {
			fail(ptr+"/returns", "no step is named %q (give a step \"as\": %q)", spec.Returns, spec.Returns)
		} else if !s.returnsRecord() && s.op != "search" {
			fail(ptr+"/returns", "step %q (%s) has no result to return", spec.Returns, s.op)
		}
		t.ret = s
	default:
		for i := len(t.steps) - 1; i >= 0; i-- {
			if t.steps[i].returnsRecord() || t.steps[i].op == "search" {
				t.ret = t.steps[i]
				break
			}
		}
		if t.ret == nil {
			fail(ptr+"/steps", "the tool returns nothing: add a get, search, insert, update or delete step")
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if t.ret.op == "search" {
		for _, name := range []string{"limit", "cursor"} {
			if t.argBy[name] != nil {
				fail(ptr+"/args", "argument %q is reserved for the paging of search results", name)
			}
		}
		lim := &arg{auto: true, typ: "integer", ArgSpec: ArgSpec{Name: "limit", Description: fmt.Sprintf("How many results per page (default %d, at most %d).", t.ret.page, t.ret.maxPage)}}
		cur := &arg{auto: true, typ: "string", ArgSpec: ArgSpec{Name: "cursor", Description: "The next_cursor of the previous page, to continue; omit for the first page."}}
		t.args = append(t.args, lim, cur)
		t.argBy["limit"], t.argBy["cursor"] = lim, cur
	}
	// Every argument should be used; an unused one is a silent no-op.
	for i, a := range t.args {
		if !a.auto && !t.uses(a.Name) {
			fail(ptr+"/args/"+strconv.Itoa(i), "argument %q is not used by any step", a.Name)
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	var err error
	t.inputSchema, err = marshalNoEscape(t.buildInputSchema())
	if err != nil {
		return nil, []*BundleError{errAt(ptr, "input schema: %v", err)}
	}
	t.outputSchema, err = marshalNoEscape(t.buildOutputSchema())
	if err != nil {
		return nil, []*BundleError{errAt(ptr, "output schema: %v", err)}
	}
	if w.trusted {
		return t, nil // the validator compiles on the tool's first call
	}
	// URLs by position: duplicate names are reported elsewhere.
	t.validator, err = w.compileSchema("tools"+ptr+"/input.json", t.inputSchema)
	if err != nil {
		return nil, []*BundleError{errAt(ptr+"/args", "input schema does not compile: %v", err)}
	}
	if _, err := w.compileSchema("tools"+ptr+"/output.json", t.outputSchema); err != nil {
		return nil, []*BundleError{errAt(ptr, "output schema does not compile: %v", err)}
	}
	return t, nil
}

// inputValidator returns the compiled input schema, compiling it on first
// use for trusted bundles.
func (t *Tool) inputValidator() (*jsonschema.Schema, error) {
	t.once.Do(func() {
		if t.validator != nil {
			return
		}
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(t.inputSchema))
		if err != nil {
			t.verr = err
			return
		}
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		if err := c.AddResource("input.json", v); err != nil {
			t.verr = err
			return
		}
		t.validator, t.verr = c.Compile("input.json")
	})
	return t.validator, t.verr
}

// compileSchema compiles a tool schema. One compiler serves the whole
// world: it compiles the draft's metaschema once, not once per tool.
func (w *World) compileSchema(url string, doc []byte) (*jsonschema.Schema, error) {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return nil, err
	}
	if w.schemas == nil {
		w.schemas = jsonschema.NewCompiler()
		w.schemas.AssertFormat()
	}
	if err := w.schemas.AddResource(url, v); err != nil {
		return nil, err
	}
	return w.schemas.Compile(url)
}

func (t *Tool) uses(name string) bool {
	uses := func(e *expr) bool { return e != nil && e.kind == exprArg && e.name == name }
	for _, s := range t.steps {
		if uses(s.key) || uses(s.require) {
			return true
		}
		for _, as := range [][]assign{s.where, s.values, s.set} {
			for _, a := range as {
				if uses(a.val) {
					return true
				}
			}
		}
		for _, f := range s.filters {
			if f.arg != nil && f.arg.Name == name {
				return true
			}
		}
		for _, m := range placeholder().FindAllStringSubmatch(s.message, -1) {
			if m[1] == name {
				return true
			}
		}
	}
	return false
}

func (w *World) compileStep(tool *Tool, sp *Step, ptr string, aliases map[string]*step) (*step, []*BundleError) {
	var errs []*BundleError
	fail := func(p, format string, a ...any) { errs = append(errs, errAt(p, format, a...)) }
	s := &step{ptr: ptr, as: sp.As, message: sp.Message, trans: sp.Transitions, alias: sp.As}
	if s.alias == "" {
		s.alias = "#" + ptr
	}
	var tname string
	for _, o := range []struct{ op, name string }{{"get", sp.Get}, {"search", sp.Search}, {"insert", sp.Insert}, {"update", sp.Update}, {"delete", sp.Delete}, {"absent", sp.Absent}, {"require", sp.Require}} {
		if o.name != "" {
			s.op, tname = o.op, o.name
		}
	}
	allowed := map[string][]string{
		"get":     {"key", "where", "fields", "as", "message"},
		"search":  {"filters", "order", "fields", "page_size", "max_page_size", "as"},
		"insert":  {"values", "as", "fields"},
		"update":  {"key", "set", "transitions", "as", "message", "fields"},
		"delete":  {"key", "as", "message", "fields"},
		"absent":  {"where", "as", "message"},
		"require": {"equals", "in", "not_in", "message"},
	}[s.op]
	for _, k := range presentKeys(sp) {
		if !slices.Contains(allowed, k) {
			fail(ptr+"/"+k, "%q does not apply to a %s step (it takes: %s)", k, s.op, strings.Join(allowed, ", "))
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if s.op == "require" {
		e, err := w.compileExpr(tool, sp.Require, nil, aliases)
		if err != nil {
			fail(ptr+"/require", "%v", err)
		}
		s.require = e
		if sp.Message == "" {
			fail(ptr, "a require step needs a \"message\" saying what is wrong and what to do")
		}
		s.equals, s.hasEq = sp.Equals, sp.Equals != nil
		s.in, s.notIn = sp.In, sp.NotIn
		if n := btoi(s.hasEq) + btoi(s.in != nil) + btoi(s.notIn != nil); n > 1 {
			fail(ptr, "a require step takes one test: equals, in or not_in")
		}
	} else {
		s.t = w.tableBy[tname]
		if s.t == nil {
			fail(ptr+"/"+s.op, "unknown table %q (tables: %s)", tname, w.tableNames())
			return nil, errs
		}
	}
	col := func(p, name string) *column {
		c := s.t.colBy[name]
		if c == nil {
			fail(p, "table %s has no column %q (columns: %s)", s.t.name, name, s.t.columnNames())
		}
		return c
	}
	assigns := func(field string, m map[string]any) []assign {
		var out []assign
		for _, k := range sortedKeys(m) {
			c := col(ptr+"/"+field+"/"+k, k)
			if c == nil {
				continue
			}
			e, err := w.compileExpr(tool, m[k], c, aliases)
			if err != nil {
				fail(ptr+"/"+field+"/"+k, "%v", err)
				continue
			}
			out = append(out, assign{col: c, val: e})
		}
		return out
	}
	needsRequired := func(p string, e *expr) {
		if e != nil && e.kind == exprArg && !tool.argBy[e.name].Required {
			fail(p, "argument %q selects the row, so it must be \"required\": true", e.name)
		}
	}
	if sp.Key != nil {
		e, err := w.compileExpr(tool, sp.Key, s.t.pk, aliases)
		if err != nil {
			fail(ptr+"/key", "%v", err)
		}
		s.key = e
		needsRequired(ptr+"/key", e)
	}
	s.where = assigns("where", sp.Where)
	if s.op == "get" || s.op == "absent" {
		switch {
		case len(errs) > 0:
		case s.key != nil && len(s.where) > 0:
			fail(ptr, "give \"key\" or \"where\", not both")
		case s.op == "get" && s.key == nil && len(s.where) == 0:
			fail(ptr, "a get step needs \"key\" or \"where\"")
		case s.op == "absent" && len(s.where) == 0:
			fail(ptr, "an absent step needs \"where\"")
		}
		for _, a := range s.where {
			if s.op == "get" {
				needsRequired(ptr+"/where/"+a.col.Name, a.val)
			}
		}
		if s.op == "absent" && s.message == "" {
			fail(ptr, "an absent step needs a \"message\" saying what already exists")
		}
	}
	if (s.op == "update" || s.op == "delete") && s.key == nil {
		fail(ptr, "a %s step needs \"key\"", s.op)
	}
	s.values = assigns("values", sp.Values)
	s.set = assigns("set", sp.Set)
	if s.op == "update" && len(s.set) == 0 {
		fail(ptr, "an update step needs \"set\"")
	}
	for _, a := range s.set {
		if a.col.PrimaryKey {
			fail(ptr+"/set/"+a.col.Name, "the primary key cannot be changed")
		}
	}
	if s.op == "insert" {
		for _, c := range s.t.cols {
			var given *expr
			for _, a := range s.values {
				if a.col == c {
					given = a.val
				}
			}
			optional := given == nil || (given.kind == exprArg && !tool.argBy[given.name].Required)
			autoKey := c.PrimaryKey && (s.t.seq != nil || c.typ == typeInteger)
			if optional && !c.Nullable && c.def == nil && !autoKey {
				if given == nil {
					fail(ptr+"/values", "column %s.%s is required: give it a value, a default, or make it nullable", s.t.name, c.Name)
				} else {
					fail(ptr+"/values/"+c.Name, "column %s.%s is required but argument %q is optional", s.t.name, c.Name, given.name)
				}
			}
		}
	}
	if s.trans != nil {
		c := col(ptr+"/transitions/column", s.trans.Column)
		if c != nil {
			for from, tos := range s.trans.Allowed {
				for _, v := range append([]string{from}, tos...) {
					if _, err := c.check(v); err != nil {
						fail(ptr+"/transitions/allowed/"+from, "%v", err)
					}
				}
			}
		}
	}
	for i, f := range sp.Filters {
		fptr := ptr + "/filters/" + strconv.Itoa(i)
		cf := &filter{op: f.Op}
		names := f.Columns
		if f.Column != "" {
			names = []string{f.Column}
		}
		for _, n := range names {
			if c := col(fptr, n); c != nil {
				cf.cols = append(cf.cols, c)
			}
		}
		if len(cf.cols) > 1 && f.Op != "contains" && f.Op != "prefix" {
			fail(fptr+"/columns", "several columns go only with op contains or prefix")
		}
		switch {
		case f.Arg != "" && f.Value != nil:
			fail(fptr, "give \"arg\" or \"value\", not both")
		case f.Arg != "":
			a := tool.argBy[f.Arg]
			if a == nil {
				fail(fptr+"/arg", "unknown argument %q (arguments: %s)", f.Arg, tool.argNames())
			} else {
				cf.arg = a
				if f.Op == "in" && a.typ != "array" {
					fail(fptr+"/arg", "op in needs an array argument; %q is %s", f.Arg, a.typ)
				}
				if f.Op == "is_null" && a.typ != "boolean" {
					fail(fptr+"/arg", "op is_null needs a boolean argument; %q is %s", f.Arg, a.typ)
				}
				elem := a.typ
				if f.Op == "in" {
					elem = a.items
				}
				if f.Op != "is_null" {
					for _, c := range cf.cols {
						if (f.Op == "contains" || f.Op == "prefix") && !slices.Contains([]string{"string", "email", "date", "datetime"}, elem) {
							fail(fptr+"/arg", "op %s needs a string argument; %q is %s", f.Op, f.Arg, elem)
							break
						}
						if !argFits(elem, c.typ) {
							fail(fptr+"/arg", "argument %q is %s but column %s is %s", f.Arg, elem, c.Name, c.typ)
						}
					}
				}
			}
		case f.Value != nil || f.Op == "is_null":
			cf.fixed = true
			if f.Op == "is_null" {
				cf.value = true
				if f.Value != nil {
					cf.value = f.Value
				}
			} else if f.Op == "in" {
				fail(fptr+"/op", "op in compares with a list: give it an array argument, or use op eq with a fixed value")
			} else if len(cf.cols) == 1 {
				v, err := cf.cols[0].typ.toSQL(f.Value)
				if err != nil {
					fail(fptr+"/value", "%v", err)
				}
				cf.value = v
			} else {
				cf.value = f.Value
			}
		default:
			fail(fptr, "a filter needs \"arg\" or a fixed \"value\"")
		}
		s.filters = append(s.filters, cf)
	}
	for i, o := range sp.Order {
		desc := strings.HasPrefix(o, "-")
		if c := col(ptr+"/order/"+strconv.Itoa(i), strings.TrimPrefix(o, "-")); c != nil {
			s.order = append(s.order, orderTerm{col: c, desc: desc})
		}
	}
	if s.t != nil {
		// A total order: the primary key breaks every tie.
		if !slices.ContainsFunc(s.order, func(o orderTerm) bool { return o.col.PrimaryKey }) {
			s.order = append(s.order, orderTerm{col: s.t.pk})
		}
		if len(sp.Fields) == 0 {
			s.fields = s.t.cols
		}
		for i, f := range sp.Fields {
			if c := col(ptr+"/fields/"+strconv.Itoa(i), f); c != nil {
				s.fields = append(s.fields, c)
			}
		}
	}
	if s.op == "search" {
		s.page, s.maxPage = sp.PageSize, sp.MaxPageSize
		if s.page == 0 {
			s.page = 20
		}
		if s.maxPage == 0 {
			s.maxPage = max(s.page, 100)
		}
		if s.page > s.maxPage {
			fail(ptr+"/page_size", "page_size %d is above max_page_size %d", s.page, s.maxPage)
		}
	}
	if s.message != "" {
		for _, m := range placeholder().FindAllStringSubmatch(s.message, -1) {
			name, field, isRef := strings.Cut(m[1], ".")
			switch {
			case isRef:
				ref := aliases[name]
				if ref == nil && name == s.as && s.t != nil {
					ref = s // an absent step may name the row it found
				}
				if ref == nil || ref.t == nil {
					fail(ptr+"/message", "{%s}: no earlier step is named %q", m[1], name)
				} else if ref.t.colBy[field] == nil {
					fail(ptr+"/message", "{%s}: table %s has no column %q", m[1], ref.t.name, field)
				}
			case tool.argBy[name] == nil:
				fail(ptr+"/message", "{%s}: unknown argument (arguments: %s)", m[1], tool.argNames())
			}
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return s, nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// presentKeys lists which optional step keys were given.
func presentKeys(sp *Step) []string {
	var keys []string
	add := func(ok bool, k string) {
		if ok {
			keys = append(keys, k)
		}
	}
	add(sp.Key != nil, "key")
	add(sp.Where != nil, "where")
	add(sp.Values != nil, "values")
	add(sp.Set != nil, "set")
	add(sp.Transitions != nil, "transitions")
	add(sp.Filters != nil, "filters")
	add(sp.Order != nil, "order")
	add(sp.Fields != nil, "fields")
	add(sp.PageSize != 0, "page_size")
	add(sp.MaxPageSize != 0, "max_page_size")
	add(sp.Equals != nil, "equals")
	add(sp.In != nil, "in")
	add(sp.NotIn != nil, "not_in")
	add(sp.As != "", "as")
	add(sp.Message != "", "message")
	return keys
}

func (t *Tool) argNames() string {
	names := make([]string, 0, len(t.args))
	for _, a := range t.args {
		names = append(names, a.Name)
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// compileExpr parses a value: "$arg", "$step.column", "$now", "$today", a
// "$$"-escaped string, or a literal. When c is set, literals are checked
// against the column and references must fit its type.
func (w *World) compileExpr(tool *Tool, v any, c *column, aliases map[string]*step) (*expr, error) {
	s, isStr := v.(string)
	if !isStr || !strings.HasPrefix(s, "$") || strings.HasPrefix(s, "$$") {
		if isStr && strings.HasPrefix(s, "$$") {
			v = s[1:]
		}
		if c != nil {
			sv, err := c.check(v)
			if err != nil {
				return nil, err
			}
			v = sv
		}
		return &expr{kind: exprLit, lit: v}, nil
	}
	name := s[1:]
	switch name {
	case "now":
		if c != nil && c.typ != typeDatetime && c.typ != typeText {
			return nil, fmt.Errorf("$now is a date-time, but %s is %s", c.Name, c.typ)
		}
		return &expr{kind: exprNow}, nil
	case "today":
		if c != nil && c.typ != typeDate && c.typ != typeText {
			return nil, fmt.Errorf("$today is a date, but %s is %s", c.Name, c.typ)
		}
		return &expr{kind: exprToday}, nil
	}
	if alias, field, ok := strings.Cut(name, "."); ok {
		ref := aliases[alias]
		if ref == nil || ref.t == nil {
			return nil, fmt.Errorf("%s: no earlier step is named %q", s, alias)
		}
		if !ref.returnsRecord() {
			return nil, fmt.Errorf("%s: step %q (%s) has no row to read", s, alias, ref.op)
		}
		rc := ref.t.colBy[field]
		if rc == nil {
			return nil, fmt.Errorf("%s: table %s has no column %q (columns: %s)", s, ref.t.name, field, ref.t.columnNames())
		}
		if c != nil && rc.typ.sqlType() != c.typ.sqlType() {
			return nil, fmt.Errorf("%s is %s but %s is %s", s, rc.typ, c.Name, c.typ)
		}
		return &expr{kind: exprRef, name: alias, field: field, ref: ref}, nil
	}
	a := tool.argBy[name]
	if a == nil {
		return nil, fmt.Errorf("%s: unknown argument %q (arguments: %s); write $$ for a literal $", s, name, tool.argNames())
	}
	if c != nil && !argFits(a.typ, c.typ) {
		return nil, fmt.Errorf("argument %q is %s but column %s is %s", name, a.typ, c.Name, c.typ)
	}
	return &expr{kind: exprArg, name: name}, nil
}

func argFits(a string, c colType) bool {
	switch c {
	case typeInteger:
		return a == "integer"
	case typeReal:
		return a == "integer" || a == "number"
	case typeBoolean:
		return a == "boolean"
	case typeDate:
		return a == "date" || a == "string"
	case typeDatetime:
		return a == "datetime" || a == "string"
	case typeEmail:
		return a == "email" || a == "string"
	}
	return a == "string" || a == "email" || a == "date" || a == "datetime"
}

func argSchema(typ string) object {
	switch typ {
	case "date":
		return object{{"type", "string"}, {"format", "date"}}
	case "datetime":
		return object{{"type", "string"}, {"format", "date-time"}}
	case "email":
		return object{{"type", "string"}, {"format", "email"}}
	}
	return object{{"type", typ}}
}

func (t *Tool) buildInputSchema() object {
	props := object{}
	var required []string
	for _, a := range t.args {
		p := argSchema(a.typ)
		if a.typ == "array" {
			p = append(p, member{"items", argSchema(a.items)})
		}
		if a.Description != "" {
			p = append(p, member{"description", a.Description})
		}
		if len(a.Enum) > 0 {
			p = append(p, member{"enum", a.Enum})
		}
		if a.Minimum != nil {
			p = append(p, member{"minimum", *a.Minimum})
		}
		if a.Maximum != nil {
			p = append(p, member{"maximum", *a.Maximum})
		}
		if a.MinLength != nil {
			p = append(p, member{"minLength", *a.MinLength})
		}
		if a.MaxLength != nil {
			p = append(p, member{"maxLength", *a.MaxLength})
		}
		if a.Pattern != "" {
			p = append(p, member{"pattern", a.Pattern})
		}
		if a.auto && a.Name == "limit" {
			p = append(p, member{"minimum", 1}, member{"maximum", t.ret.maxPage})
		}
		props = append(props, member{a.Name, p})
		if a.Required {
			required = append(required, a.Name)
		}
	}
	s := object{{"type", "object"}, {"properties", props}}
	if len(required) > 0 {
		s = append(s, member{"required", required})
	}
	return append(s, member{"additionalProperties", false})
}

func recordSchema(fields []*column) object {
	props := object{}
	required := []string{}
	for _, c := range fields {
		var typ any
		switch c.typ {
		case typeInteger:
			typ = "integer"
		case typeReal:
			typ = "number"
		case typeBoolean:
			typ = "boolean"
		default:
			typ = "string"
		}
		if c.Nullable {
			typ = []string{typ.(string), "null"}
		}
		p := object{{"type", typ}}
		if c.Description != "" {
			p = append(p, member{"description", c.Description})
		}
		props = append(props, member{c.Name, p})
		required = append(required, c.Name)
	}
	return object{{"type", "object"}, {"properties", props}, {"required", required}, {"additionalProperties", false}}
}

func (t *Tool) buildOutputSchema() object {
	rec := recordSchema(t.ret.fields)
	if t.ret.op != "search" {
		return rec
	}
	return object{
		{"type", "object"},
		{"properties", object{
			{"items", object{{"type", "array"}, {"items", rec}}},
			{"has_more", object{{"type", "boolean"}, {"description", "Whether more rows match after this page; the number of matches is not counted."}}},
			{"next_cursor", object{{"type", "string"}, {"description", "Pass as cursor to get the next page; absent on the last page."}}},
		}},
		{"required", []string{"items", "has_more"}},
		{"additionalProperties", false},
	}
}
