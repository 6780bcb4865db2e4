package world

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// ToolError is a mistake the caller can fix: bad arguments, a missing
// entity, a rule of the service. Its message is written for a model.
type ToolError struct{ Msg string }

func (e *ToolError) Error() string { return e.Msg }

func toolErr(format string, a ...any) *ToolError { return &ToolError{Msg: fmt.Sprintf(format, a...)} }

// call is the state of one tool call.
type call struct {
	ctx  context.Context
	tx   txn
	tool *Tool
	args map[string]any
	// bound are the rows the steps produced so far, the last binding of
	// an alias first to find from the end (see rowOf): a call binds a
	// handful, where two maps cost a tenth of a point read's allocations.
	bound    []boundRow
	boundBuf [4]boundRow // bound's first rows, in the call's own allocation
	now      time.Time
	loc      *time.Location
	out      any
	stepN    int
}

// ValidateArgs checks raw arguments against the tool's input schema and
// returns the decoded arguments. Errors name each offending argument by JSON
// pointer, all at once.
func (t *Tool) ValidateArgs(raw []byte) (map[string]any, error) {
	return t.validateArgs(parseArgs(raw))
}

// parsedArgs are a call's raw arguments and parseTree's tree of them,
// parsed once for both the trajectory's spelling (canonicalArgs) and the
// validation (ValidateArgs).
type parsedArgs struct {
	raw   []byte
	blank bool // only white space
	tree  any
	err   error // parseTree's
}

func parseArgs(raw []byte) parsedArgs {
	a := parsedArgs{raw: raw, blank: len(bytes.TrimSpace(raw)) == 0}
	if !a.blank {
		a.tree, a.err = parseTree(raw)
	}
	return a
}

func (t *Tool) validateArgs(a parsedArgs) (map[string]any, error) {
	raw, inst, err := a.raw, a.tree, a.err
	if a.blank || string(raw) == "null" {
		raw = []byte("{}")
		inst, err = parseTree(raw)
	}
	if err != nil {
		// Not for parseTree: encoding/json decides, and words the error.
		if inst, err = jsonschema.UnmarshalJSON(strings.NewReader(string(raw))); err != nil {
			return nil, toolErr("arguments are not valid JSON: %v", err)
		}
	}
	validator, err := t.inputValidator()
	if err != nil {
		return nil, fmt.Errorf("compile input schema of %s: %w", t.spec.Name, err)
	}
	if err := validator.Validate(inst); err != nil {
		var ve *jsonschema.ValidationError
		if !errors.As(err, &ve) {
			return nil, err
		}
		return nil, toolErr("invalid arguments for %s: %s", t.spec.Name, strings.Join(t.argErrors(ve), "; "))
	}
	args, _ := inst.(map[string]any)
	return args, nil
}

// argErrors words schema errors for a model: missing and unknown
// arguments by name, everything else located by JSON pointer.
func (t *Tool) argErrors(ve *jsonschema.ValidationError) []string {
	var lines []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		at := Pointer(e.InstanceLocation...)
		switch k := e.ErrorKind.(type) {
		case *kind.Reference:
			return
		case *kind.Required:
			for _, m := range k.Missing {
				lines = append(lines, fmt.Sprintf("%s/%s: required argument is missing", strings.TrimSuffix(at, "/"), m))
			}
			return
		case *kind.AdditionalProperties:
			if at == "" {
				for _, p := range k.Properties {
					lines = append(lines, fmt.Sprintf("/%s: unknown argument (arguments: %s)", p, t.argNames()))
				}
				return
			}
		}
		if at == "" {
			at = "/"
		}
		lines = append(lines, at+": "+e.ErrorKind.LocalizedString(printer))
	}
	walk(ve)
	slices.Sort(lines)
	return slices.Compact(lines)
}

func (c *call) run() error {
	for i, s := range c.tool.steps {
		c.stepN = i
		var err error
		switch s.op {
		case "get":
			err = c.get(s)
		case "search":
			err = c.search(s)
		case "insert":
			err = c.insert(s)
		case "update":
			err = c.update(s)
		case "delete":
			err = c.delete(s)
		case "require":
			err = c.require(s)
		case "absent":
			err = c.absent(s)
		}
		if err != nil {
			return err
		}
	}
	r := c.tool.ret
	if r.op == "search" {
		return nil // c.out was set by the search
	}
	c.out = c.record(r, c.row(c.alias(r)))
	return nil
}

// alias names a step's row even when the author did not.
func (c *call) alias(s *step) string { return s.alias }

// A boundRow is a step's row (stored values, column order) under its
// alias, with the table it is a row of.
type boundRow struct {
	alias string
	row   object
	t     *table
}

// bind records the row a step produced under its alias.
func (c *call) bind(s *step, row object) {
	if c.bound == nil {
		c.bound = c.boundBuf[:0]
	}
	c.bound = append(c.bound, boundRow{c.alias(s), row, s.t})
}

// rowOf is the row last bound under alias and its table, or nil.
func (c *call) rowOf(alias string) (object, *table) {
	for i := len(c.bound) - 1; i >= 0; i-- {
		if b := &c.bound[i]; b.alias == alias {
			return b.row, b.t
		}
	}
	return nil, nil
}

// row is the row last bound under alias, or nil.
func (c *call) row(alias string) object {
	r, _ := c.rowOf(alias)
	return r
}

// eval returns an expression's value in JSON form (for arguments) or stored
// form (for row references and literals), and whether it has a value at
// all: an optional argument that was not given has none.
func (c *call) eval(e *expr) (any, bool) {
	switch e.kind {
	case exprArg:
		v, ok := c.args[e.name]
		return v, ok
	case exprRef:
		v, _ := c.row(c.alias(e.ref)).get(e.field)
		return v, true
	case exprNow:
		return c.now.Format(time.RFC3339), true
	case exprToday:
		return c.now.Format(time.DateOnly), true
	}
	return e.lit, true
}

// value evaluates e for column col and converts it to the stored form;
// errors name the argument it came from.
func (c *call) value(e *expr, col *column) (any, bool, error) {
	v, ok := c.eval(e)
	if !ok {
		return nil, false, nil
	}
	sv, err := col.check(v)
	if err != nil {
		if e.kind == exprArg {
			return nil, true, toolErr("%s: %v", e.name, err)
		}
		return nil, true, toolErr("%s: %v", col.Name, err)
	}
	return sv, true, nil
}

func (c *call) selectList(t *table) string { return columnList(t.cols) }

func columnList(cols []*column) string {
	names := make([]string, len(cols))
	for i, col := range cols {
		names[i] = quoteIdent(col.Name)
	}
	return strings.Join(names, ", ")
}

func (c *call) scanRow(t *table, rows interface{ Scan(...any) error }) (object, error) {
	vals := make([]any, len(t.cols))
	ptrs := make([]any, len(t.cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	if err := rows.Scan(ptrs...); err != nil {
		return nil, err
	}
	row := make(object, len(t.cols))
	for i, col := range t.cols {
		v := vals[i]
		if b, ok := v.([]byte); ok {
			v = string(b)
		}
		row[i] = member{col.Name, v}
	}
	return row, nil
}

// fetch reads one row by primary key, through SQLite's C API as a search
// page is (eachRow): the row's values as scanRow gives them. Through
// database/sql a point read over HTTP spent a fifth of the server's CPU
// in database/sql and the driver around a one-row SELECT.
func (c *call) fetch(t *table, key any) (object, error) {
	var row object
	err := c.tx.e.eachRow(c.ctx, t.fetchSQL, []any{key}, func(r *resultRow) (bool, error) {
		row = make(object, len(t.cols))
		for i, col := range t.cols {
			v := r.value(i)
			if b, ok := v.([]byte); ok {
				v = string(b)
			}
			row[i] = member{col.Name, v}
		}
		return false, nil
	})
	return row, err
}

func (c *call) keyOf(s *step) (any, error) {
	v, _, err := c.value(s.key, s.t.pk)
	return v, err
}

func (c *call) missing(s *step, what string) error {
	if s.message != "" {
		return &ToolError{Msg: c.render(s.message, nil)}
	}
	return toolErr("no %s row with %s", s.t.name, what)
}

func (c *call) get(s *step) error {
	var row object
	var err error
	if s.key != nil {
		key, kerr := c.keyOf(s)
		if kerr != nil {
			return kerr
		}
		if row, err = c.fetch(s.t, key); err != nil {
			return err
		}
		if row == nil {
			return c.missing(s, s.t.pk.Name+" "+display(key))
		}
	} else {
		conds, args, desc, werr := c.whereClause(s)
		if werr != nil {
			return werr
		}
		q := "SELECT " + c.selectList(s.t) + " FROM " + quoteIdent(s.t.name) + " WHERE " + conds + " ORDER BY " + orderClause(s.order) + " LIMIT 1"
		rows, err := c.tx.QueryContext(c.ctx, q, args...)
		if err != nil {
			return err
		}
		if rows.Next() {
			row, err = c.scanRow(s.t, rows)
		}
		rows.Close()
		if err != nil {
			return err
		}
		if row == nil {
			return c.missing(s, desc)
		}
	}
	c.bind(s, row)
	return nil
}

// whereClause builds "a = ? AND b = ?" from a step's where terms.
func (c *call) whereClause(s *step) (string, []any, string, error) {
	var conds, descs []string
	var args []any
	for _, a := range s.where {
		v, ok, err := c.value(a.val, a.col)
		if err != nil {
			return "", nil, "", err
		}
		if !ok {
			continue
		}
		if v == nil {
			conds = append(conds, quoteIdent(a.col.Name)+" IS NULL")
		} else {
			conds = append(conds, quoteIdent(a.col.Name)+" = ?")
			args = append(args, v)
		}
		descs = append(descs, a.col.Name+" "+display(a.col.typ.fromSQL(v)))
	}
	if len(conds) == 0 {
		return "1", nil, "", nil
	}
	return strings.Join(conds, " AND "), args, strings.Join(descs, " and "), nil
}

func orderClause(order []orderTerm) string {
	parts := make([]string, len(order))
	for i, o := range order {
		parts[i] = quoteIdent(o.col.Name)
		if o.desc {
			parts[i] += " DESC"
		}
	}
	return strings.Join(parts, ", ")
}

func (c *call) search(s *step) error {
	// The query's text depends only on which filters were given and how
	// each is written (see filterArgs), so the episode keeps it by that
	// shape rather than building it on every call.
	var args []any
	shape := make([]byte, 0, 2*len(s.filters))
	var given []*filter
	var shapes []int
	for i, f := range s.filters {
		var v any
		if f.fixed {
			v = f.value
		} else {
			av, ok := c.args[f.arg.Name]
			if !ok {
				continue
			}
			v = av
		}
		n, fargs, err := c.filterArgs(f, v)
		if err != nil {
			return err
		}
		args = append(args, fargs...)
		shape = binary.AppendUvarint(binary.AppendUvarint(shape, uint64(i)), uint64(n))
		given, shapes = append(given, f), append(shapes, n)
	}
	e := c.tx.e
	key := searchKey{s, string(shape)}
	q, ok := e.searchSQL[key]
	if !ok {
		q = searchSQL(s, given, shapes)
		if e.searchSQL == nil || len(e.searchSQL) >= maxSearchSQL {
			e.searchSQL = map[searchKey]string{}
		}
		e.searchSQL[key] = q
	}
	limit := s.page
	if v, ok := c.args["limit"]; ok {
		n, err := typeInteger.toSQL(v)
		if err != nil {
			return toolErr("limit: %v", err)
		}
		limit = int(n.(int64))
	}
	offset := 0
	if v, ok := c.args["cursor"]; ok {
		off, err := decodeCursor(v.(string))
		if err != nil {
			return toolErr("cursor: %q is not a cursor this tool returned; omit cursor to start from the first page", v)
		}
		offset = off
	}
	// The page is written as JSON as its rows are read, value by value
	// from where the reader holds them, as an object of items would
	// encode: {"items":[…],"has_more":…[,"next_cursor":…]}.
	// It is written into the episode's page buffer and copied out at its
	// size: the result stays in the trajectory.
	b := append(e.pageBuf[:0], `{"items":[`...)
	items, more := 0, false
	err := e.eachRow(c.ctx, q, append(args, int64(limit+1), int64(offset)), func(r *resultRow) (bool, error) {
		if items == limit {
			more = true
			return false, nil
		}
		if items > 0 {
			b = append(b, ',')
		}
		b = append(b, '{')
		for i, col := range s.fields {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(append(b, col.jsonName...), ':')
			var err error
			if b, err = r.appendJSON(b, i, col.typ); err != nil {
				return false, err
			}
		}
		b = append(b, '}')
		items++
		return true, nil
	})
	if err != nil {
		return err
	}
	b = strconv.AppendBool(append(b, `],"has_more":`...), more)
	if more {
		b = appendJSONString(append(b, `,"next_cursor":`...), encodeCursor(offset+items))
	}
	b = append(b, '}')
	e.pageBuf = b
	if cap(b) > maxPageBuf {
		e.pageBuf = nil
	}
	c.out = rawJSON(bytes.Clone(b))
	return nil
}

// rawJSON is a result already encoded.
type rawJSON []byte

// maxPageBuf caps the page buffer an episode keeps between searches.
const maxPageBuf = 64 << 10

// maxSearchSQL caps how many search query texts an episode keeps.
const maxSearchSQL = 64

// searchKey names a search query's text: its step, and the filters given
// with the shape of each (see filterArgs).
type searchKey struct {
	s     *step
	shape string
}

// searchSQL is the text of step s's query with the filters given, each
// written in its shape (see filterArgs). One row past the page says
// whether another page follows: counting every match instead would make
// each page cost a scan of the whole filtered table, however small the
// page. Only the fields the page shows are read.
func searchSQL(s *step, given []*filter, shapes []int) string {
	where := ""
	if len(given) > 0 {
		conds := make([]string, len(given))
		for i, f := range given {
			conds[i] = filterText(f, shapes[i])
		}
		where = " WHERE " + strings.Join(conds, " AND ")
	}
	return "SELECT " + columnList(s.fields) + " FROM " + quoteIdent(s.t.name) + where + " ORDER BY " + orderClause(s.order) + " LIMIT ? OFFSET ?"
}

func encodeCursor(offset int) string {
	return base64.RawURLEncoding.EncodeToString([]byte("o:" + strconv.Itoa(offset)))
}

func decodeCursor(s string) (int, error) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(strings.TrimPrefix(string(b), "o:"))
	if err != nil || !strings.HasPrefix(string(b), "o:") || n < 0 {
		return 0, errors.New("bad cursor")
	}
	return n, nil
}

// filterArgs returns the arguments of filter f for the value v, and the
// shape of its SQL (see filterText): for contains, 1 where containsFunc
// stands for LIKE, else 0; for in, the number of values; for is_null, 1
// for IS NULL; else 0.
func (c *call) filterArgs(f *filter, v any) (int, []any, error) {
	name := ""
	if f.arg != nil {
		name = f.arg.Name
	}
	conv := func(col *column, v any) (any, error) {
		sv, err := col.typ.toSQL(v)
		if err != nil {
			return nil, toolErr("%s: %v", name, err)
		}
		return sv, nil
	}
	switch f.op {
	case "contains", "prefix":
		s, ok := v.(string)
		if !ok {
			return 0, nil, toolErr("%s: want a string", name)
		}
		if f.op == "contains" && c.tx.e.directReads() != nil && c.tx.e.contains {
			if needle, ok := containsNeedle(s); ok {
				return 1, []any{needle}, nil
			}
		}
		pat := likeEscape(s) + "%"
		if f.op == "contains" {
			pat = "%" + pat
		}
		args := make([]any, len(f.cols))
		for i := range args {
			args[i] = pat
		}
		return 0, args, nil
	case "in":
		list, _ := v.([]any)
		args := make([]any, len(list))
		for i, e := range list {
			sv, err := conv(f.cols[0], e)
			if err != nil {
				return 0, nil, err
			}
			args[i] = sv
		}
		return len(list), args, nil
	case "is_null":
		if b, _ := v.(bool); b {
			return 1, nil, nil
		}
		return 0, nil, nil
	}
	sv, err := conv(f.cols[0], v)
	if err != nil {
		return 0, nil, err
	}
	return 0, []any{sv}, nil
}

// filterText is the SQL of filter f in the given shape (see filterArgs).
func filterText(f *filter, shape int) string {
	qc := quoteIdent(f.cols[0].Name)
	switch f.op {
	case "contains", "prefix":
		parts := make([]string, len(f.cols))
		if shape == 1 {
			// LIKE's own result, cheaper per row (see containsNeedle),
			// one call for all the columns; "+?" as below.
			for i, col := range f.cols {
				parts[i] = quoteIdent(col.Name)
			}
			return containsFunc + "(+?, " + strings.Join(parts, ", ") + ")"
		}
		for i, col := range f.cols {
			// "+?" (a no-op on the value) keeps the pattern from being
			// a bare parameter: SQLite plans a LIKE with its bound
			// pattern, so binding one expires the prepared statement
			// and every search would be parsed and planned again.
			parts[i] = quoteIdent(col.Name) + ` LIKE +? ESCAPE '\'`
		}
		return "(" + strings.Join(parts, " OR ") + ")"
	case "in":
		if shape == 0 {
			return "0"
		}
		return qc + " IN (" + strings.Repeat("?, ", shape-1) + "?)"
	case "is_null":
		if shape == 1 {
			return qc + " IS NULL"
		}
		return qc + " IS NOT NULL"
	}
	op := map[string]string{"eq": "=", "ne": "IS NOT", "gt": ">", "gte": ">=", "lt": "<", "lte": "<="}[f.op]
	return qc + " " + op + " ?"
}

// checkRefs gives a readable error for a foreign key that points nowhere,
// before SQLite's anonymous "FOREIGN KEY constraint failed".
func (c *call) checkRefs(t *table, vals map[*column]any, from map[*column]*expr) error {
	for _, col := range t.cols {
		v, ok := vals[col]
		if !ok || v == nil || col.References == "" {
			continue
		}
		rt, rc, _ := strings.Cut(col.References, ".")
		var one int
		err := c.tx.QueryRowContext(c.ctx, "SELECT 1 FROM "+quoteIdent(rt)+" WHERE "+quoteIdent(rc)+" = ?", v).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			who := col.Name
			if e := from[col]; e != nil && e.kind == exprArg {
				who = e.name
			}
			return toolErr("%s: no %s row with %s %s", who, rt, rc, display(col.typ.fromSQL(v)))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (c *call) insert(s *step) error {
	t := s.t
	vals := map[*column]any{}
	from := map[*column]*expr{}
	for _, a := range s.values {
		v, ok, err := c.value(a.val, a.col)
		if err != nil {
			return err
		}
		if ok {
			vals[a.col], from[a.col] = v, a.val
		}
	}
	if _, given := vals[t.pk]; !given && (t.seq != nil || t.pk.typ == typeInteger) {
		var next int64
		if err := c.tx.QueryRowContext(c.ctx, "SELECT next FROM "+seqTable+" WHERE table_name = ?", t.name).Scan(&next); err != nil {
			return fmt.Errorf("read id sequence of %s: %w", t.name, err)
		}
		if _, err := c.tx.ExecContext(c.ctx, "UPDATE "+seqTable+" SET next = next + 1 WHERE table_name = ?", t.name); err != nil {
			return err
		}
		if t.seq != nil {
			vals[t.pk] = fmt.Sprintf("%s%0*d", t.seq.Prefix, t.seq.Width, next)
		} else {
			vals[t.pk] = next
		}
	}
	if err := c.checkRefs(t, vals, from); err != nil {
		return err
	}
	if from[t.pk] != nil {
		// A caller-chosen key moves the sequence past it, so later
		// generated ids never collide with it.
		if n, ok := t.seqNumber(vals[t.pk]); ok {
			if _, err := c.tx.ExecContext(c.ctx, "UPDATE "+seqTable+" SET next = max(next, ?) WHERE table_name = ?", n+1, t.name); err != nil {
				return err
			}
		}
	}
	var cols []string
	var args []any
	for _, col := range t.cols {
		if v, ok := vals[col]; ok {
			cols = append(cols, col.Name)
			args = append(args, v)
		}
	}
	if _, err := c.tx.ExecContext(c.ctx, insertSQL(t, cols), args...); err != nil {
		if isConstraint(err) {
			return &ToolError{Msg: constraintMessage(t, err)}
		}
		return err
	}
	row, err := c.fetch(t, vals[t.pk])
	if err != nil {
		return err
	}
	if err := c.logChange(t, row); err != nil {
		return err
	}
	c.bind(s, row)
	return nil
}

// logChange records in the change log that the row with row's key was
// written. It takes the key from a row read back from the table, so it is
// the key as stored.
func (c *call) logChange(t *table, row object) error {
	key, _ := row.get(t.pk.Name)
	if _, err := c.tx.ExecContext(c.ctx, "INSERT OR IGNORE INTO "+changesTable+" VALUES (?, ?)", t.name, key); err != nil {
		return fmt.Errorf("log change of %s: %w", t.name, err)
	}
	return nil
}

// seqNumber returns the sequence number of a key, if it has the table's
// id form.
func (t *table) seqNumber(key any) (int64, bool) {
	switch k := key.(type) {
	case int64:
		return k, t.seq == nil
	case string:
		if t.seq == nil || !strings.HasPrefix(k, t.seq.Prefix) {
			return 0, false
		}
		n, err := strconv.ParseInt(k[len(t.seq.Prefix):], 10, 64)
		return n, err == nil
	}
	return 0, false
}

func isConstraint(err error) bool { return strings.Contains(err.Error(), "constraint failed") }

func (c *call) update(s *step) error {
	t := s.t
	key, err := c.keyOf(s)
	if err != nil {
		return err
	}
	old, err := c.fetch(t, key)
	if err != nil {
		return err
	}
	if old == nil {
		return c.missing(s, t.pk.Name+" "+display(key))
	}
	c.bind(s, old) // messages may name the row as it was
	vals := map[*column]any{}
	from := map[*column]*expr{}
	var optional []string
	givenArgs, requiredArgs := 0, 0
	for _, a := range s.set {
		if a.val.kind == exprArg {
			if c.tool.argBy[a.val.name].Required {
				requiredArgs++
			} else {
				optional = append(optional, a.val.name)
			}
		}
		v, ok, err := c.value(a.val, a.col)
		if err != nil {
			return err
		}
		if ok {
			vals[a.col], from[a.col] = v, a.val
			if a.val.kind == exprArg {
				givenArgs++
			}
		}
	}
	// An update whose caller-given fields are all optional must be given
	// one of them; timestamps and literals alone are not a change.
	if len(vals) == 0 || (len(optional) > 0 && requiredArgs == 0 && givenArgs == 0) {
		return toolErr("nothing to change: give at least one of %s", strings.Join(optional, ", "))
	}
	if s.trans != nil {
		col := t.colBy[s.trans.Column]
		if nv, ok := vals[col]; ok {
			ov, _ := old.get(col.Name)
			if !sqlEqual(ov, nv) {
				cur := fmt.Sprint(ov)
				allowed := s.trans.Allowed[cur]
				if !slices.Contains(allowed, fmt.Sprint(nv)) {
					next := "none: it is final"
					if len(allowed) > 0 {
						next = strings.Join(allowed, ", ")
					}
					return toolErr("%s cannot go from %s to %s; from %s it can go to: %s", col.Name, display(ov), display(nv), display(ov), next)
				}
			}
		}
	}
	if err := c.checkRefs(t, vals, from); err != nil {
		return err
	}
	var sets []string
	var args []any
	for _, col := range t.cols {
		if v, ok := vals[col]; ok {
			sets = append(sets, quoteIdent(col.Name)+" = ?")
			args = append(args, v)
		}
	}
	args = append(args, key)
	if _, err := c.tx.ExecContext(c.ctx, "UPDATE "+quoteIdent(t.name)+" SET "+strings.Join(sets, ", ")+" WHERE "+quoteIdent(t.pk.Name)+" = ?", args...); err != nil {
		if isConstraint(err) {
			return &ToolError{Msg: constraintMessage(t, err)}
		}
		return err
	}
	row, err := c.fetch(t, key)
	if err != nil {
		return err
	}
	if err := c.logChange(t, old); err != nil {
		return err
	}
	c.bind(s, row)
	return nil
}

func (c *call) delete(s *step) error {
	t := s.t
	key, err := c.keyOf(s)
	if err != nil {
		return err
	}
	old, err := c.fetch(t, key)
	if err != nil {
		return err
	}
	if old == nil {
		return c.missing(s, t.pk.Name+" "+display(key))
	}
	if _, err := c.tx.ExecContext(c.ctx, "DELETE FROM "+quoteIdent(t.name)+" WHERE "+quoteIdent(t.pk.Name)+" = ?", key); err != nil {
		if strings.Contains(err.Error(), "FOREIGN KEY constraint failed") {
			return toolErr("%s %s is still referred to by other records; remove or reassign those first", t.name, display(key))
		}
		return err
	}
	if err := c.logChange(t, old); err != nil {
		return err
	}
	c.bind(s, old)
	return nil
}

func (c *call) require(s *step) error {
	v, _ := c.eval(s.require)
	if s.require.kind == exprRef {
		v = s.require.ref.t.colBy[s.require.field].typ.fromSQL(v)
	}
	ok := false
	switch {
	case s.hasEq:
		ok = jsonEqual(v, s.equals)
	case s.in != nil:
		ok = slices.ContainsFunc(s.in, func(e any) bool { return jsonEqual(v, e) })
	case s.notIn != nil:
		ok = !slices.ContainsFunc(s.notIn, func(e any) bool { return jsonEqual(v, e) })
	default:
		ok = v != nil && v != false && v != "" && v != int64(0) && v != float64(0)
	}
	if !ok {
		return &ToolError{Msg: c.render(s.message, nil)}
	}
	return nil
}

func jsonEqual(a, b any) bool {
	ab, aok := a.(bool)
	bb, bok := b.(bool)
	if aok || bok {
		return aok && bok && ab == bb
	}
	return sqlEqual(a, b)
}

func (c *call) absent(s *step) error {
	conds, args, _, err := c.whereClause(s)
	if err != nil {
		return err
	}
	if len(args) == 0 && conds == "1" {
		return nil // no condition was given: nothing can conflict
	}
	rows, err := c.tx.QueryContext(c.ctx, "SELECT "+c.selectList(s.t)+" FROM "+quoteIdent(s.t.name)+" WHERE "+conds+" ORDER BY "+orderClause(s.order)+" LIMIT 1", args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	if !rows.Next() {
		return rows.Err()
	}
	row, err := c.scanRow(s.t, rows)
	if err != nil {
		return err
	}
	c.bind(s, row)
	return &ToolError{Msg: c.render(s.message, nil)}
}

// render fills {arg} and {step.column} placeholders.
func (c *call) render(msg string, extra map[string]object) string {
	return placeholder().ReplaceAllStringFunc(msg, func(m string) string {
		name := m[1 : len(m)-1]
		if alias, field, ok := strings.Cut(name, "."); ok {
			row, found := extra[alias]
			bound, t := c.rowOf(alias)
			if !found {
				row = bound
			}
			v, _ := row.get(field)
			if t != nil && t.colBy[field] != nil {
				v = t.colBy[field].typ.fromSQL(v)
			}
			return plain(v)
		}
		return plain(c.args[name])
	})
}

func plain(v any) string {
	switch x := v.(type) {
	case nil:
		return "(none)"
	case string:
		return x
	case json.Number:
		return string(x)
	}
	return fmt.Sprint(v)
}

// record projects a stored row onto a step's fields, in JSON form.
func (c *call) record(s *step, row object) object {
	out := make(object, 0, len(s.fields))
	for _, col := range s.fields {
		v, _ := row.get(col.Name)
		out = append(out, member{col.Name, col.typ.fromSQL(v)})
	}
	return out
}
