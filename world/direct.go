package world

import (
	"context"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// A search page is read through SQLite's own C API on the episode's
// connection (the handle the driver holds, see sqliteHandle) instead of
// database/sql. The driver reads each value of a row with three C calls
// (its type, its text, its length), each of which takes and releases the
// connection's mutex, then copies it; database/sql converts and copies it
// again. A page of 11 rows of five columns is 55 values: that was a fifth
// of a search's CPU. Here each value is one sqlite3_column_value (one
// mutex) and a copy into a Go string. The statement, its arguments and
// the values are the driver's: the page is the same, value for value.

// maxDirectStmts caps how many statements an episode keeps prepared for
// direct reads (one per search query text it has run).
const maxDirectStmts = 32

// directReads returns the episode's direct reader, opening it on first
// use, or nil where the driver does not expose its connection handle.
// Callers hold e.mu.
func (e *Episode) directReads() *imageDB {
	if e.direct == nil && !e.noDirect {
		e.conn.Raw(func(dc any) error {
			if tls, db, ok := sqliteHandle(dc); ok {
				e.direct = &imageDB{tls: tls, db: db, stmts: map[string]*imageStmt{}}
			}
			return nil
		})
		e.noDirect = e.direct == nil
	}
	return e.direct
}

// eachRow runs query q with args and calls row with the values of each
// result row (int64, float64, string, []byte or nil, as database/sql
// scans them into an any; the slice is reused) until row returns false.
// Callers hold e.mu; the statement runs under the progress handler of
// the call's watch, which stops it when the call's context ends.
func (e *Episode) eachRow(ctx context.Context, q string, args []any, row func([]any) (bool, error)) error {
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
		return s.eachValue(vals, row)
	})
}

// eachRowSQL is eachRow through database/sql.
func (e *Episode) eachRowSQL(ctx context.Context, q string, args []any, row func([]any) (bool, error)) error {
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
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		more, err := row(vals)
		if err != nil || !more {
			return err
		}
	}
	return rows.Err()
}

// eachValue runs the statement with args and calls row with each result
// row's values until it returns false; see eachRow.
func (s *imageStmt) eachValue(args []sqlValue, row func([]any) (bool, error)) error {
	d := s.d
	defer sqlite3.Xsqlite3_reset(d.tls, s.p)
	if err := s.bind(args); err != nil {
		return err
	}
	n := sqlite3.Xsqlite3_column_count(d.tls, s.p)
	vals := make([]any, n)
	for {
		switch rc := sqlite3.Xsqlite3_step(d.tls, s.p); rc {
		case sqlite3.SQLITE_DONE:
			return nil
		case sqlite3.SQLITE_ROW:
			for i := range n {
				vals[i] = columnValue(d.tls, sqlite3.Xsqlite3_column_value(d.tls, s.p, i))
			}
			if more, err := row(vals); err != nil || !more {
				return err
			}
		default:
			return d.errorOf(rc)
		}
	}
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
