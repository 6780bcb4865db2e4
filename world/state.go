package world

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding"
	"encoding/hex"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// An episode's state is read as its initial state (the image it started
// from: s0, or a task's s0 + Δs0) plus the rows its change log names. The
// initial state of each task is read once per process and kept, so
// [Episode.StateHash] and [Episode.Diff] cost what the episode changed,
// not what the world holds.

// tableState is the rows of one table, in primary-key order.
type tableState struct {
	rows  []stateRow
	byKey map[any]int // primary key (stored form) → index in rows
	lines []byte      // every row's line of the state hash, in order
}

type stateRow struct {
	key  any
	vals []any  // stored values in column order, TEXT as string
	line []byte // the row's line of the state hash, in tableState.lines
}

// initialState is the state an episode of a task (or of s0) starts from.
type initialState struct {
	tables []*tableState // in w.tables order
	seqs   []byte        // the sequence lines of the state hash
	hash   string
	// mids[i] is the state hash's digest, marshaled, before table i (and
	// mids[len(tables)] before the sequences): a state whose first
	// changed table is i hashes from there on, not from the start.
	mids [][]byte
}

// lazyState reads an initial state on first use and keeps it.
type lazyState struct {
	once  sync.Once
	state *initialState
	err   error
}

// initial returns the initial state of episodes of task (nil: s0).
func (w *World) initial(ctx context.Context, task *Task) (*initialState, error) {
	return w.initialVia(ctx, task, nil)
}

// initialVia is initial, reading a state not read yet on ep's own
// connection when ep is still at it (no call, no tampering): the image
// is then not opened a second time, and its schema not parsed again.
// Callers hold ep.mu.
func (w *World) initialVia(ctx context.Context, task *Task, ep *Episode) (*initialState, error) {
	// The state is shared by every later caller: one caller's
	// cancellation must not become everyone's error.
	ctx = context.WithoutCancel(ctx)
	var at rowsQuerier // reads the initial state of task, or nil
	if ep != nil && ep.calls == 0 && ep.logged && (ep.task == task || task == nil && len(ep.task.spec.Seed) == 0) {
		at = ep.query
	}
	if task == nil {
		w.s0.once.Do(func() { w.s0.state, w.s0.err = w.readInitial(ctx, w.image, nil, nil, at) })
		return w.s0.state, w.s0.err
	}
	task.state.once.Do(func() {
		if len(task.spec.Seed) == 0 {
			task.state.state, task.state.err = w.initialVia(ctx, nil, ep)
			return
		}
		s0, err := w.initial(ctx, nil)
		if err != nil {
			task.state.err = err
			return
		}
		img, err := w.taskImage(ctx, task)
		if err != nil {
			task.state.err = err
			return
		}
		// Tables no seed step names are as in s0: share them.
		seeded := map[string]bool{}
		for _, op := range task.spec.Seed {
			seeded[op.Insert+op.Update+op.Delete] = true
		}
		task.state.state, task.state.err = w.readInitial(ctx, img, s0, seeded, at)
		if task.state.err != nil {
			task.state.err = fmt.Errorf("task %s: %w", task.spec.ID, task.state.err)
		}
	})
	return task.state.state, task.state.err
}

// readInitial reads the state of an image, with query when it is given
// (a querier of a database at that state), else on a database of its
// own. Only the tables in seeded are read when base is given; the others
// are base's.
func (w *World) readInitial(ctx context.Context, image []byte, base *initialState, seeded map[string]bool, query rowsQuerier) (*initialState, error) {
	if query == nil {
		db, conn, err := openMemory(ctx)
		if err != nil {
			return nil, fmt.Errorf("read initial state: %w", err)
		}
		defer db.Close()
		defer conn.Close()
		if err := deserialize(conn, image); err != nil {
			return nil, fmt.Errorf("read initial state: %w", err)
		}
		query = connQuerier(conn)
	}
	st := &initialState{tables: make([]*tableState, len(w.tables))}
	var err error
	for i, t := range w.tables {
		if base != nil && !seeded[t.name] {
			st.tables[i] = base.tables[i]
			continue
		}
		if st.tables[i], err = readTable(ctx, query, t, ""); err != nil {
			return nil, fmt.Errorf("read initial state: %w", err)
		}
	}
	if st.seqs, err = readSeqs(ctx, query); err != nil {
		return nil, fmt.Errorf("read initial state: %w", err)
	}
	st.hash = w.hashStateFrom(st, nil, st.seqs, &st.mids)
	return st, nil
}

// readTable reads the rows of t, in primary-key order; where, when not
// empty, is a condition on them with its arguments.
func readTable(ctx context.Context, query rowsQuerier, t *table, where string, args ...any) (*tableState, error) {
	q := "SELECT " + (&call{}).selectList(t) + " FROM " + quoteIdent(t.name)
	if where != "" {
		q += " WHERE " + where
	}
	q += " ORDER BY " + quoteIdent(t.pk.Name)
	rows, err := query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", t.name, err)
	}
	defer rows.Close()
	pk := slices.Index(t.cols, t.pk)
	ptrs := make([]any, len(t.cols))
	ts := &tableState{byKey: map[any]int{}}
	var ends []int
	for rows.Next() {
		vals := make([]any, len(t.cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, fmt.Errorf("read %s: %w", t.name, err)
		}
		for i, v := range vals {
			if b, ok := v.([]byte); ok {
				vals[i] = string(b)
			}
		}
		ts.lines = t.appendLine(ts.lines, vals)
		ends = append(ends, len(ts.lines))
		ts.byKey[vals[pk]] = len(ts.rows)
		ts.rows = append(ts.rows, stateRow{key: vals[pk], vals: vals})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", t.name, err)
	}
	start := 0
	for i, end := range ends {
		ts.rows[i].line = ts.lines[start:end:end]
		start = end
	}
	return ts, nil
}

// readSeqs reads the id sequences as lines of the state hash.
func readSeqs(ctx context.Context, query rowsQuerier) ([]byte, error) {
	rows, err := query(ctx, "SELECT table_name, next FROM "+seqTable+" ORDER BY table_name")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var b []byte
	for rows.Next() {
		var name string
		var next int64
		if err := rows.Scan(&name, &next); err != nil {
			return nil, err
		}
		b = append(b, "seq "...)
		b = append(b, name...)
		b = append(b, ' ')
		b = strconv.AppendInt(b, next, 10)
		b = append(b, '\n')
	}
	return b, rows.Err()
}

// rowsQuerier runs a query: an episode's (through its prepared
// statements; callers hold e.mu) or a plain connection's.
type rowsQuerier func(ctx context.Context, query string, args ...any) (*Rows, error)

func connQuerier(conn *sql.Conn) rowsQuerier {
	return func(ctx context.Context, query string, args ...any) (*Rows, error) {
		rows, err := conn.QueryContext(ctx, query, args...)
		if err != nil {
			return nil, err
		}
		return &Rows{Rows: rows}, nil
	}
}

// tableDelta is the part of one table that may differ from the initial
// state: the keys the change log names and their current rows.
type tableDelta struct {
	keys []any       // touched keys, in key order
	cur  *tableState // the current rows of those keys
}

// delta reads the rows the change log names (every row, when the episode
// has no change log it can trust). The result is in w.tables order; a nil
// entry is a table no statement changed.
func (e *Episode) delta(ctx context.Context) (*initialState, []*tableDelta, error) {
	w := e.world
	init, err := w.initialVia(ctx, e.task, e)
	if err != nil {
		return nil, nil, err
	}
	d := make([]*tableDelta, len(w.tables))
	if !e.logged {
		for i, t := range w.tables {
			cur, err := readTable(ctx, e.query, t, "")
			if err != nil {
				return nil, nil, err
			}
			d[i] = &tableDelta{keys: mergeKeys(init.tables[i], cur), cur: cur}
		}
		return init, d, nil
	}
	rows, err := e.query(ctx, "SELECT table_name, key FROM "+changesTable+" ORDER BY table_name, key")
	if err != nil {
		return nil, nil, fmt.Errorf("read change log: %w", err)
	}
	defer rows.Close()
	index := map[string]int{}
	for i, t := range w.tables {
		index[t.name] = i
	}
	for rows.Next() {
		var name string
		var key any
		if err := rows.Scan(&name, &key); err != nil {
			return nil, nil, fmt.Errorf("read change log: %w", err)
		}
		if b, ok := key.([]byte); ok {
			key = string(b)
		}
		i, ok := index[name]
		if !ok {
			return nil, nil, fmt.Errorf("read change log: unknown table %q", name)
		}
		if d[i] == nil {
			d[i] = &tableDelta{}
		}
		d[i].keys = append(d[i].keys, key)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("read change log: %w", err)
	}
	rows.Close()
	for i, t := range w.tables {
		if d[i] == nil {
			continue
		}
		slices.SortFunc(d[i].keys, compareKeys)
		if len(d[i].keys) <= pointReads {
			d[i].cur, err = readKeys(ctx, e.query, t, d[i].keys)
		} else {
			d[i].cur, err = readTable(ctx, e.query, t, quoteIdent(t.pk.Name)+" IN (SELECT key FROM "+changesTable+" WHERE table_name = ?)", t.name)
		}
		if err != nil {
			return nil, nil, err
		}
	}
	return init, d, nil
}

// pointReads is how many changed keys of a table delta reads one by one.
// The statement is the one a tool's write step reads its row back with,
// already prepared on the episode's connection, so a grade after a few
// calls parses nothing for them; more keys are read with one query.
const pointReads = 32

// readKeys reads the rows of t with the given keys (in key order; a key
// with no row, deleted, is left out), with the statement [call.fetch]
// uses.
func readKeys(ctx context.Context, query rowsQuerier, t *table, keys []any) (*tableState, error) {
	q := "SELECT " + (&call{}).selectList(t) + " FROM " + quoteIdent(t.name) + " WHERE " + quoteIdent(t.pk.Name) + " = ?"
	pk := slices.Index(t.cols, t.pk)
	ts := &tableState{byKey: map[any]int{}}
	var ends []int
	for _, key := range keys {
		rows, err := query(ctx, q, key)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", t.name, err)
		}
		vals := make([]any, len(t.cols))
		ptrs := make([]any, len(t.cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		found := rows.Next()
		if found {
			err = rows.Scan(ptrs...)
		}
		if cerr := rows.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", t.name, err)
		}
		if !found {
			continue
		}
		for i, v := range vals {
			if b, ok := v.([]byte); ok {
				vals[i] = string(b)
			}
		}
		ts.lines = t.appendLine(ts.lines, vals)
		ends = append(ends, len(ts.lines))
		ts.byKey[vals[pk]] = len(ts.rows)
		ts.rows = append(ts.rows, stateRow{key: vals[pk], vals: vals})
	}
	start := 0
	for i, end := range ends {
		ts.rows[i].line = ts.lines[start:end:end]
		start = end
	}
	return ts, nil
}

// readState reads what the state hash and the diff need: the initial
// state, the delta from it and the id sequences. Callers hold e.mu.
func (e *Episode) readState(ctx context.Context) (*initialState, []*tableDelta, []byte, error) {
	ctx, err := quiet(ctx) // a few short reads (see quiet)
	if err != nil {
		return nil, nil, nil, err
	}
	init, d, err := e.delta(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	seqs, err := readSeqs(ctx, e.query)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("read id sequences: %w", err)
	}
	return init, d, seqs, nil
}

// mergeKeys returns the keys of a and b, in key order.
func mergeKeys(a, b *tableState) []any {
	keys := make([]any, 0, max(len(a.rows), len(b.rows)))
	i, j := 0, 0
	for i < len(a.rows) || j < len(b.rows) {
		switch {
		case j == len(b.rows) || i < len(a.rows) && compareKeys(a.rows[i].key, b.rows[j].key) < 0:
			keys = append(keys, a.rows[i].key)
			i++
		case i == len(a.rows) || compareKeys(a.rows[i].key, b.rows[j].key) > 0:
			keys = append(keys, b.rows[j].key)
			j++
		default:
			keys = append(keys, a.rows[i].key)
			i++
			j++
		}
	}
	return keys
}

// compareKeys orders primary keys as SQLite does: NULL, then numbers,
// then text by bytes (the BINARY collation). In a STRICT table a key
// column holds one type.
func compareKeys(a, b any) int {
	if c := cmp.Compare(keyClass(a), keyClass(b)); c != 0 {
		return c
	}
	switch x := a.(type) {
	case int64:
		if y, ok := b.(int64); ok {
			return cmp.Compare(x, y)
		}
		return cmp.Compare(float64(x), b.(float64))
	case float64:
		if y, ok := b.(int64); ok {
			return cmp.Compare(x, float64(y))
		}
		return cmp.Compare(x, b.(float64))
	case string:
		return strings.Compare(x, b.(string))
	}
	return 0
}

func keyClass(v any) int {
	switch v.(type) {
	case nil:
		return 0
	case int64, float64:
		return 1
	case string:
		return 2
	}
	return 3
}

// hashState digests a state: for each world table its name and its rows
// in primary-key order, each as a JSON object of its columns in
// declaration order; then the id sequences. The encoding is that of
// encoding/json without HTML escaping, written out by hand (see
// appendLine) so the digest needs no reflection.
func (w *World) hashState(init *initialState, d []*tableDelta, seqs []byte) string {
	return w.hashStateFrom(init, d, seqs, nil)
}

// hashStateFrom is hashState, recording the digest before each table
// into mids when it is not nil.
func (w *World) hashStateFrom(init *initialState, d []*tableDelta, seqs []byte, mids *[][]byte) string {
	first := slices.IndexFunc(d, func(t *tableDelta) bool { return t != nil })
	if init.hash != "" && first < 0 && bytes.Equal(seqs, init.seqs) {
		return init.hash // nothing changed
	}
	h := sha256.New()
	from := 0
	if first < 0 {
		first = len(w.tables) // only the sequences moved
	}
	// The tables before the first changed one hash as in the initial
	// state: start from its digest there.
	if u, ok := h.(encoding.BinaryUnmarshaler); ok && mids == nil && d != nil && len(init.mids) == len(w.tables)+1 && first > 0 {
		if u.UnmarshalBinary(init.mids[first]) == nil {
			from = first
		} else {
			h.Reset()
		}
	}
	mark := func() {
		if mids == nil {
			return
		}
		if m, ok := h.(encoding.BinaryMarshaler); ok {
			if b, err := m.MarshalBinary(); err == nil {
				*mids = append(*mids, b)
			}
		}
	}
	var buf []byte
	for i := from; i < len(w.tables); i++ {
		t := w.tables[i]
		mark()
		buf = append(buf[:0], "table "...)
		buf = append(buf, t.name...)
		buf = append(buf, '\n')
		h.Write(buf)
		base := init.tables[i]
		if d == nil || d[i] == nil {
			h.Write(base.lines)
			continue
		}
		// The rows of the initial state that were not touched, merged in
		// key order with the current rows of the touched keys.
		cur, touched := d[i].cur, d[i].keys
		j, k := 0, 0
		for _, r := range base.rows {
			for ; j < len(cur.rows) && compareKeys(cur.rows[j].key, r.key) < 0; j++ {
				h.Write(cur.rows[j].line)
			}
			for k < len(touched) && compareKeys(touched[k], r.key) < 0 {
				k++
			}
			if k < len(touched) && compareKeys(touched[k], r.key) == 0 {
				continue
			}
			h.Write(r.line)
		}
		for ; j < len(cur.rows); j++ {
			h.Write(cur.rows[j].line)
		}
	}
	mark()
	h.Write(seqs)
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// appendLine appends a row's line of the state hash: its JSON object and a
// newline. A value JSON cannot hold (an infinite REAL) leaves the line
// empty, as encoding/json's error always did.
func (t *table) appendLine(b []byte, vals []any) []byte {
	start := len(b)
	b = append(b, '{')
	for i, v := range vals {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, t.cols[i].jsonName...)
		b = append(b, ':')
		var ok bool
		if b, ok = appendJSONValue(b, v); !ok {
			return append(b[:start], '\n')
		}
	}
	return append(b, '}', '\n')
}

// appendJSONValue appends a stored value as encoding/json would encode it
// without HTML escaping.
func appendJSONValue(b []byte, v any) ([]byte, bool) {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), true
	case int64:
		return strconv.AppendInt(b, x, 10), true
	case float64:
		return appendJSONFloat(b, x)
	case string:
		return appendJSONString(b, x), true
	case bool:
		return strconv.AppendBool(b, x), true
	}
	enc, err := marshalNoEscape(v)
	if err != nil {
		return b, false
	}
	return append(b, enc...), true
}

// appendJSONFloat is encoding/json's float64 encoding: like %g, with the
// exponent cut-offs of ES6 and no zero padding in the exponent.
func appendJSONFloat(b []byte, f float64) ([]byte, bool) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return b, false
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, true
}

// jsonPlain marks the bytes a JSON string carries as they are: ASCII
// from space up, but for the quote and the backslash. One look-up per
// byte instead of four comparisons: a search's page is escaped twice
// (its fields, then the whole as the text of the answer).
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendJSONString is encoding/json's string encoding without HTML
// escaping: quotes, backslashes and control characters escaped, invalid
// UTF-8 as U+FFFD, and U+2028 and U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if jsonPlain[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// RowChange is a row that differs between an episode's initial state (its
// task's s0 + Δs0, or s0) and its current state.
type RowChange struct {
	Table   string
	Op      string   // "insert", "update" or "delete"
	Key     any      // the primary key, stored form
	Columns []string // the table's columns, in declaration order
	Before  []any    // stored values by column (TEXT as string); nil for an insert
	After   []any    // nil for a delete
}

// Diff is an episode's state compared with its initial state (its task's
// s0 + Δs0, or s0).
type Diff struct {
	// StateHash is the state's [Episode.StateHash].
	StateHash string
	// Changes lists the rows that differ from the initial state, by table
	// name, then primary key in SQLite's order. A row changed and then
	// changed back is not a change.
	Changes []RowChange
}

// Diff compares the episode's state with its initial state. Its hash and
// its changes describe the same moment: no call runs in between.
func (e *Episode) Diff(ctx context.Context) (*Diff, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return nil, ErrClosed
	}
	init, d, seqs, err := e.readState(ctx)
	if err != nil {
		return nil, err
	}
	out := &Diff{StateHash: e.world.hashState(init, d, seqs), Changes: []RowChange{}}
	for _, i := range e.world.byName {
		if d[i] == nil {
			continue
		}
		t, base, cur := e.world.tables[i], init.tables[i], d[i].cur
		for _, key := range d[i].keys {
			bi, inBefore := base.byKey[key]
			ai, inAfter := cur.byKey[key]
			ch := RowChange{Table: t.name, Key: key, Columns: t.columnList()}
			switch {
			case inBefore && inAfter:
				if sameValues(base.rows[bi].vals, cur.rows[ai].vals) {
					continue
				}
				ch.Op, ch.Before, ch.After = "update", slices.Clone(base.rows[bi].vals), cur.rows[ai].vals
			case inAfter:
				ch.Op, ch.After = "insert", cur.rows[ai].vals
			case inBefore:
				ch.Op, ch.Before = "delete", slices.Clone(base.rows[bi].vals)
			default:
				continue // inserted, then deleted
			}
			out.Changes = append(out.Changes, ch)
		}
	}
	return out, nil
}

func (t *table) columnList() []string {
	names := make([]string, len(t.cols))
	for i, c := range t.cols {
		names[i] = c.Name
	}
	return names
}

// sameValues reports whether two rows hold the same stored values: same
// types, same values.
func sameValues(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		switch x := a[i].(type) {
		case nil:
			if b[i] != nil {
				return false
			}
		case int64:
			if y, ok := b[i].(int64); !ok || x != y {
				return false
			}
		case float64:
			if y, ok := b[i].(float64); !ok || math.Float64bits(x) != math.Float64bits(y) && !(x != x && y != y) {
				return false
			}
		case string:
			if y, ok := b[i].(string); !ok || x != y {
				return false
			}
		default:
			if fmt.Sprintf("%T:%v", a[i], a[i]) != fmt.Sprintf("%T:%v", b[i], b[i]) {
				return false
			}
		}
	}
	return true
}
