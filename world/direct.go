package world

import (
	"context"
	"encoding/binary"
	"strconv"
	"strings"
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// A search page, and a row read by key (fetch), is read through SQLite's own C API on the episode's
// connection (the handle the driver holds, see sqliteHandle) instead of
// database/sql. The driver reads each value of a row with three C calls
// (its type, its text, its length), each of which takes and releases the
// connection's mutex, then copies it; database/sql converts and copies it
// again. A page of 11 rows of five columns is 55 values; reading it this
// way cut a search's CPU by a third on the 100,000-contact anchor world
// (BENCHMARKS.md, run H). Here a row's values are found where SQLite
// holds them, without a mutex (see rowValues), and a search writes each
// straight into its page's JSON (see resultRow.appendJSON), another third
// (run I). The statement, its arguments and the values are the driver's:
// the page is the same, value for value.

// maxDirectStmts caps how many statements an episode keeps prepared for
// direct reads (one per search query text it has run, and one per table
// it has read a row of by key).
const maxDirectStmts = 32

// directReads returns the episode's direct reader, opening it on first
// use, or nil where the driver does not expose its connection handle.
// Callers hold e.mu.
func (e *Episode) directReads() *imageDB {
	if e.direct == nil && !e.noDirect {
		e.conn.Raw(func(dc any) error {
			if tls, db, ok := sqliteHandle(dc); ok {
				e.direct = &imageDB{tls: tls, db: db, stmts: map[string]*imageStmt{}}
				e.contains = registerContains(tls, db)
			}
			return nil
		})
		e.noDirect = e.direct == nil
	}
	return e.direct
}

// eachRow runs query q with args and calls row with each result row
// until row returns false. Callers hold e.mu; the statement runs under the
// progress handler of the call's watch, which stops it when the call's
// context ends.
func (e *Episode) eachRow(ctx context.Context, q string, args []any, row func(*resultRow) (bool, error)) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	d := e.directReads()
	vals := make([]sqlValue, len(args))
	for i, a := range args {
		v, ok := sqlValueOf(a)
		if !ok {
			d = nil // a type the driver converts its own way
			break
		}
		vals[i] = v
	}
	if d == nil {
		return e.eachRowSQL(ctx, q, args, row)
	}
	return e.conn.Raw(func(any) error {
		s := d.stmts[q]
		if s == nil {
			if len(d.stmts) >= maxDirectStmts {
				for old, s := range d.stmts {
					sqlite3.Xsqlite3_finalize(d.tls, s.p)
					delete(d.stmts, old)
					break
				}
			}
			var err error
			if s, err = d.prepare(q); err != nil {
				return err
			}
		}
		r := &resultRow{tls: d.tls}
		return s.eachC(vals, func(cvals []uintptr) (bool, error) {
			r.cvals = cvals
			return row(r)
		})
	})
}

// A resultRow is the row eachRow is at: either SQLite's own values
// (cvals, read where SQLite holds them) or database/sql's (vals). It is
// valid until the row function returns.
type resultRow struct {
	tls   *libc.TLS
	cvals []uintptr
	vals  []any
}

// value is column i's value as database/sql scans it into an any (int64,
// float64, string, []byte or nil).
func (r *resultRow) value(i int) any {
	if r.vals != nil {
		return r.vals[i]
	}
	return columnValue(r.tls, r.cvals[i])
}

// appendJSON appends column i's value, of type t, as the JSON a tool's
// result gives it: t.fromSQL's value as appendAnyJSON writes it. Text is
// escaped from where SQLite holds it, without a copy.
func (r *resultRow) appendJSON(b []byte, i int, t colType) ([]byte, error) {
	if r.vals == nil {
		v := r.cvals[i]
		switch sqlite3.Xsqlite3_value_type(r.tls, v) {
		case sqlite3.SQLITE_NULL:
			return append(b, "null"...), nil
		case sqlite3.SQLITE_TEXT:
			return appendJSONString(b, valueString(r.tls, v)), nil
		case sqlite3.SQLITE_BLOB:
			// fromSQL gives a blob as a string too.
			p, n := sqlite3.Xsqlite3_value_blob(r.tls, v), int(sqlite3.Xsqlite3_value_bytes(r.tls, v))
			if p == 0 || n <= 0 {
				return append(b, `""`...), nil
			}
			bs := libc.GoBytes(p, n)
			return appendJSONString(b, unsafe.String(unsafe.SliceData(bs), n)), nil
		case sqlite3.SQLITE_INTEGER:
			n := sqlite3.Xsqlite3_value_int64(r.tls, v)
			if t == typeBoolean {
				return strconv.AppendBool(b, n != 0), nil
			}
			return strconv.AppendInt(b, n, 10), nil
		}
	}
	return appendAnyJSON(b, t.fromSQL(r.value(i)))
}

// eachRowSQL is eachRow through database/sql.
func (e *Episode) eachRowSQL(ctx context.Context, q string, args []any, row func(*resultRow) (bool, error)) error {
	rows, err := e.query(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	r := &resultRow{vals: vals}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		more, err := row(r)
		if err != nil || !more {
			return err
		}
	}
	return rows.Err()
}

// eachValue runs the statement with args and calls row with each result
// row's values (as database/sql scans them into an any; the slice is
// reused) until it returns false.
func (s *imageStmt) eachValue(args []sqlValue, row func([]any) (bool, error)) error {
	var vals []any
	return s.eachC(args, func(cvals []uintptr) (bool, error) {
		if vals == nil {
			vals = make([]any, len(cvals))
		}
		for i, v := range cvals {
			vals[i] = columnValue(s.d.tls, v)
		}
		return row(vals)
	})
}

// eachC runs the statement with args and calls row with each result
// row's values, SQLite's own (sqlite3_value pointers, valid until the
// next step), until it returns false.
func (s *imageStmt) eachC(args []sqlValue, row func([]uintptr) (bool, error)) error {
	d := s.d
	defer sqlite3.Xsqlite3_reset(d.tls, s.p)
	if err := s.bind(args); err != nil {
		return err
	}
	n := sqlite3.Xsqlite3_column_count(d.tls, s.p)
	vals := make([]uintptr, n)
	for {
		switch rc := sqlite3.Xsqlite3_step(d.tls, s.p); rc {
		case sqlite3.SQLITE_DONE:
			return nil
		case sqlite3.SQLITE_ROW:
			if !rowValues(s.p, vals) {
				for i := range n {
					vals[i] = sqlite3.Xsqlite3_column_value(d.tls, s.p, i)
				}
			}
			if more, err := row(vals); err != nil || !more {
				return err
			}
		default:
			return d.errorOf(rc)
		}
	}
}

// The fields of SQLite's statement object (a Vdbe) and the size of its
// values (a Mem), as the transpiled library lays them out: see rowValues.
var (
	vdbeResultRow  = unsafe.Offsetof(sqlite3.TVdbe{}.FpResultRow)
	vdbeResColumns = unsafe.Offsetof(sqlite3.TVdbe{}.FnResColumn)
	memSize        = unsafe.Sizeof(sqlite3.TMem{})
)

// rowValues sets vals to the values of statement p's current result row,
// where sqlite3_column_value finds them (the statement's pResultRow, an
// array of Mem), and reports whether the row has that many. Each
// sqlite3_column_value takes and releases the connection's mutex (which
// the driver opens FULLMUTEX) to read that pointer: a tenth of a search
// call for its 55 values. The episode's lock keeps every other use of the
// connection out. TestRowValues holds it to sqlite3_column_value.
func rowValues(p uintptr, vals []uintptr) bool {
	row := readPtr(p + vdbeResultRow)
	if row == 0 || int(binary.NativeEndian.Uint16(libc.GoBytes(p+vdbeResColumns, 2))) < len(vals) {
		return false
	}
	for i := range vals {
		vals[i] = row + uintptr(i)*memSize
	}
	return true
}

// columnValue is the Go value of a result column's value v, as the
// driver gives it. v is the statement's own (an unprotected value):
// reading it takes no mutex, which is safe since the episode's lock keeps
// every other use of the connection out.
func columnValue(tls *libc.TLS, v uintptr) any {
	switch sqlite3.Xsqlite3_value_type(tls, v) {
	case sqlite3.SQLITE_INTEGER:
		return sqlite3.Xsqlite3_value_int64(tls, v)
	case sqlite3.SQLITE_FLOAT:
		return sqlite3.Xsqlite3_value_double(tls, v)
	case sqlite3.SQLITE_TEXT:
		p := sqlite3.Xsqlite3_value_text(tls, v)
		return string(libc.GoBytes(p, int(sqlite3.Xsqlite3_value_bytes(tls, v))))
	case sqlite3.SQLITE_BLOB:
		p := sqlite3.Xsqlite3_value_blob(tls, v)
		return append([]byte{}, libc.GoBytes(p, int(sqlite3.Xsqlite3_value_bytes(tls, v)))...)
	}
	return nil
}

// closeDirect finalizes the direct reader's statements; the connection
// is the driver's, which closes it. Callers hold e.mu, before the
// connection is closed.
func (e *Episode) closeDirect() {
	d := e.direct
	if d == nil {
		return
	}
	e.conn.Raw(func(any) error {
		d.finalize()
		return nil
	})
	e.direct = nil
}

// containsFunc is the name of the SQL function a search's contains filter
// calls on the episode's connection in place of LIKE, where it can: see
// containsNeedle.
const containsFunc = "mercury_contains"

// registerContains registers containsFunc on the connection db and
// reports whether it could.
func registerContains(tls *libc.TLS, db uintptr) bool {
	z, err := libc.CString(containsFunc)
	if err != nil {
		return false
	}
	defer libc.Xfree(tls, z)
	flags := int32(sqlite3.SQLITE_UTF8 | sqlite3.SQLITE_DETERMINISTIC | sqlite3.SQLITE_INNOCUOUS)
	return sqlite3.Xsqlite3_create_function_v2(tls, db, z, -1, flags, 0, containsFuncPtr, 0, 0, 0) == sqlite3.SQLITE_OK
}

// containsNeedle returns the argument of containsFunc for a contains
// filter's text s, and whether the function gives exactly what
// `col LIKE '%s%' ESCAPE '\'` gives: for a needle of ASCII characters
// other than NUL (a LIKE pattern ends at a NUL), of a length far inside
// LIKE's pattern limit. LIKE folds the case of ASCII letters only, and an
// ASCII character of the value is always a character of its own in
// SQLite's reading of UTF-8 (valid or not), so a match of LIKE is a run of
// the value's bytes equal to the needle but for the case of A–Z, which is
// what containsFunc looks for. The needle comes back in lower case.
func containsNeedle(s string) (string, bool) {
	if len(s) > 1000 {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == 0 || c >= 0x80 {
			return "", false
		}
	}
	return strings.ToLower(s), true
}

// containsSQL is containsFunc's C entry point: mercury_contains(needle,
// value, …) is what `value LIKE '%needle%' ESCAPE '\' OR …` is for the
// lower-case ASCII needle: 1 when any value's text, up to a NUL (where
// LIKE stops reading it), holds the needle but for the case of A–Z, else
// NULL when a value is NULL (as LIKE is, and OR of NULL and false), else
// 0. One call for a filter's columns costs SQLite one function call per
// row instead of one per column. The text is read where SQLite holds it.
func containsSQL(tls *libc.TLS, ctx uintptr, argc int32, argv uintptr) {
	n := valueString(tls, readPtr(argv))
	null := false
	for i := 1; i < int(argc); i++ {
		value := readPtr(argv + uintptr(i)*ptrSize)
		if sqlite3.Xsqlite3_value_type(tls, value) == sqlite3.SQLITE_NULL {
			null = true
			continue
		}
		v := valueString(tls, value)
		if i := strings.IndexByte(v, 0); i >= 0 {
			v = v[:i]
		}
		if foldedContains(v, n) {
			sqlite3.Xsqlite3_result_int(tls, ctx, 1)
			return
		}
	}
	if null {
		sqlite3.Xsqlite3_result_null(tls, ctx)
		return
	}
	sqlite3.Xsqlite3_result_int(tls, ctx, 0)
}

// valueString is the text of an SQL function's argument v, not copied:
// valid until the function returns.
func valueString(tls *libc.TLS, v uintptr) string {
	p := sqlite3.Xsqlite3_value_text(tls, v)
	n := sqlite3.Xsqlite3_value_bytes(tls, v)
	if p == 0 || n <= 0 {
		return ""
	}
	b := libc.GoBytes(p, int(n))
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// foldedContains reports whether s holds needle (lower case) but for the
// case of ASCII letters in s.
func foldedContains(s, needle string) bool {
	if len(needle) == 0 {
		return true
	}
	first, upper := needle[0], needle[0]
	if 'a' <= first && first <= 'z' {
		upper = first - 'a' + 'A'
	}
	for i := 0; i+len(needle) <= len(s); i++ {
		if c := s[i]; c != first && c != upper {
			continue
		}
		j := 1
		for ; j < len(needle); j++ {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != needle[j] {
				break
			}
		}
		if j == len(needle) {
			return true
		}
	}
	return false
}

// containsFuncPtr is containsSQL as a C function pointer (the layout of
// https://golang.org/s/go11func, as progressHandler's).
var containsFuncPtr = *(*uintptr)(unsafe.Pointer(&struct {
	f func(*libc.TLS, uintptr, int32, uintptr)
}{containsSQL}))
