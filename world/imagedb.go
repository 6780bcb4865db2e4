package world

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"

	"modernc.org/libc"
	"modernc.org/libc/sys/types"
	sqlite3 "modernc.org/sqlite/lib"
)

// imageDB is a private in-memory SQLite database driven through SQLite's
// own C API (modernc.org/sqlite/lib, the library under the driver) rather
// than database/sql, for building a world's seeded image. A bundle of
// 100,000 rows binds half a million values; the driver spends, per text
// value, a C allocation, a copy, a mutex and a later unbinding, and
// database/sql converts every argument around it: that was most of the
// seeding, and seeding most of a first start. Here a batch's text is
// copied into one C buffer and bound in place, on a connection without
// mutexes.
//
// It is the same SQLite, with the driver's settings that reach the file
// (none but what the statements set): an image built here is
// byte-identical to one built through database/sql with the same
// statements, which TestImageDBMatchesDriver holds it to.
//
// An imageDB is used by one goroutine at a time. An episode's direct
// reader (see Episode.eachRow) is an imageDB on the driver's connection
// rather than one of its own: it prepares and finalizes its statements
// but never closes the connection.
type imageDB struct {
	tls   *libc.TLS
	db    uintptr
	stmts map[string]*imageStmt // by SQL text
	// text is C memory holding the text values bound last, textCap its size.
	text    uintptr
	textCap int
}

// openImageDB opens a new, empty in-memory database.
func openImageDB() (*imageDB, error) {
	tls := libc.NewTLS()
	name, err := libc.CString(":memory:")
	if err != nil {
		tls.Close()
		return nil, err
	}
	defer libc.Xfree(tls, name)
	pdb := tls.Alloc(8)
	defer tls.Free(8)
	rc := sqlite3.Xsqlite3_open_v2(tls, name, pdb, sqlite3.SQLITE_OPEN_READWRITE|sqlite3.SQLITE_OPEN_CREATE|sqlite3.SQLITE_OPEN_NOMUTEX, 0)
	d := &imageDB{tls: tls, db: readPtr(pdb), stmts: map[string]*imageStmt{}}
	if rc != sqlite3.SQLITE_OK {
		err := d.errorOf(rc)
		d.close()
		return nil, fmt.Errorf("open database: %w", err)
	}
	// Constraint errors name their kind (SQLITE_CONSTRAINT_UNIQUE, …), as
	// the driver's do.
	sqlite3.Xsqlite3_extended_result_codes(tls, d.db, 1)
	return d, nil
}

// readPtr reads the pointer C code stored at p.
func readPtr(p uintptr) uintptr {
	b := libc.GoBytes(p, ptrSize)
	if ptrSize == 4 {
		return uintptr(binary.NativeEndian.Uint32(b))
	}
	return uintptr(binary.NativeEndian.Uint64(b))
}

const ptrSize = 4 << (^uintptr(0) >> 63)

func (d *imageDB) close() {
	d.finalize()
	if d.db != 0 {
		sqlite3.Xsqlite3_close_v2(d.tls, d.db)
		d.db = 0
	}
	d.tls.Close()
}

// finalize finalizes d's statements and frees its text buffer.
func (d *imageDB) finalize() {
	for _, s := range d.stmts {
		sqlite3.Xsqlite3_finalize(d.tls, s.p)
	}
	d.stmts = nil
	if d.text != 0 {
		libc.Xfree(d.tls, d.text)
		d.text, d.textCap = 0, 0
	}
}

// errorOf describes the result code rc of the last call on d in the
// driver's words ("constraint failed: UNIQUE constraint failed: t.c
// (2067)"), so that messages built from it read the same either way.
func (d *imageDB) errorOf(rc int32) error {
	str := libc.GoString(sqlite3.Xsqlite3_errstr(d.tls, rc))
	if d.db == 0 {
		return fmt.Errorf("%s (%d)", str, rc)
	}
	if msg := libc.GoString(sqlite3.Xsqlite3_errmsg(d.tls, d.db)); msg != str {
		return fmt.Errorf("%s: %s (%d)", str, msg, rc)
	}
	return fmt.Errorf("%s (%d)", str, rc)
}

// execScript runs one or more statements without arguments, each in its
// own implicit transaction unless the script opens one.
func (d *imageDB) execScript(q string) error {
	z, err := libc.CString(q)
	if err != nil {
		return err
	}
	defer libc.Xfree(d.tls, z)
	if rc := sqlite3.Xsqlite3_exec(d.tls, d.db, z, 0, 0, 0); rc != sqlite3.SQLITE_OK {
		return d.errorOf(rc)
	}
	return nil
}

// imageStmt is a prepared statement of an imageDB.
type imageStmt struct {
	d *imageDB
	p uintptr
}

// prepare returns the statement for q, prepared once per database.
func (d *imageDB) prepare(q string) (*imageStmt, error) {
	if s := d.stmts[q]; s != nil {
		return s, nil
	}
	z, err := libc.CString(q)
	if err != nil {
		return nil, err
	}
	defer libc.Xfree(d.tls, z)
	pp := d.tls.Alloc(8)
	defer d.tls.Free(8)
	if rc := sqlite3.Xsqlite3_prepare_v2(d.tls, d.db, z, int32(len(q)), pp, 0); rc != sqlite3.SQLITE_OK {
		return nil, d.errorOf(rc)
	}
	s := &imageStmt{d: d, p: readPtr(pp)}
	if s.p == 0 {
		return nil, fmt.Errorf("prepare %q: no statement", q)
	}
	d.stmts[q] = s
	return s, nil
}

// bind binds args to the statement's parameters 1…len(args), as the
// driver binds what check returns: an integer as INTEGER, a real as
// REAL, text as TEXT, null as NULL. The text of every value is copied
// once into the database's text buffer and bound from there (it stays
// there until the next bind).
func (s *imageStmt) bind(args []sqlValue) error {
	d := s.d
	if want := int(sqlite3.Xsqlite3_bind_parameter_count(d.tls, s.p)); len(args) != want {
		return fmt.Errorf("%d arguments for %d parameters", len(args), want)
	}
	n := 0
	for _, a := range args {
		n += len(a.text)
	}
	if n > d.textCap {
		if d.text != 0 {
			libc.Xfree(d.tls, d.text)
		}
		size := max(n, 2*d.textCap, 256)
		d.text = libc.Xmalloc(d.tls, types.Size_t(size))
		if d.text == 0 {
			d.textCap = 0
			return fmt.Errorf("cannot allocate %d bytes", size)
		}
		d.textCap = size
	}
	buf := libc.GoBytes(d.text, n)
	off := 0
	for i, a := range args {
		idx := int32(i + 1)
		var rc int32
		switch a.kind {
		case sqlText:
			copy(buf[off:], a.text)
			// SQLITE_STATIC: SQLite reads the text where it is.
			rc = sqlite3.Xsqlite3_bind_text(d.tls, s.p, idx, d.text+uintptr(off), int32(len(a.text)), sqlite3.SQLITE_STATIC)
			off += len(a.text)
		case sqlInteger:
			rc = sqlite3.Xsqlite3_bind_int64(d.tls, s.p, idx, a.num)
		case sqlReal:
			rc = sqlite3.Xsqlite3_bind_double(d.tls, s.p, idx, a.real)
		default:
			rc = sqlite3.Xsqlite3_bind_null(d.tls, s.p, idx)
		}
		if rc != sqlite3.SQLITE_OK {
			return d.errorOf(rc)
		}
	}
	return nil
}

// exec runs the statement with args, for its effect.
func (s *imageStmt) exec(args []sqlValue) error {
	return s.each(args, nil)
}

// each runs the statement with args and calls row, if not nil, with the
// values of each result row, as database/sql scans them into an any:
// int64, float64, string, []byte or nil. row's slice is reused.
func (s *imageStmt) each(args []sqlValue, row func([]any) error) error {
	d := s.d
	defer sqlite3.Xsqlite3_reset(d.tls, s.p)
	if err := s.bind(args); err != nil {
		return err
	}
	var vals []any
	for {
		switch rc := sqlite3.Xsqlite3_step(d.tls, s.p); rc {
		case sqlite3.SQLITE_DONE:
			return nil
		case sqlite3.SQLITE_ROW:
			if row == nil {
				continue
			}
			n := sqlite3.Xsqlite3_column_count(d.tls, s.p)
			vals = vals[:0]
			for i := range n {
				vals = append(vals, s.column(i))
			}
			if err := row(vals); err != nil {
				return err
			}
		default:
			return d.errorOf(rc)
		}
	}
}

func (s *imageStmt) column(i int32) any {
	d := s.d
	switch sqlite3.Xsqlite3_column_type(d.tls, s.p, i) {
	case sqlite3.SQLITE_INTEGER:
		return sqlite3.Xsqlite3_column_int64(d.tls, s.p, i)
	case sqlite3.SQLITE_FLOAT:
		return sqlite3.Xsqlite3_column_double(d.tls, s.p, i)
	case sqlite3.SQLITE_TEXT:
		p := sqlite3.Xsqlite3_column_text(d.tls, s.p, i)
		return string(libc.GoBytes(p, int(sqlite3.Xsqlite3_column_bytes(d.tls, s.p, i))))
	case sqlite3.SQLITE_BLOB:
		p := sqlite3.Xsqlite3_column_blob(d.tls, s.p, i)
		return append([]byte{}, libc.GoBytes(p, int(sqlite3.Xsqlite3_column_bytes(d.tls, s.p, i)))...)
	}
	return nil
}

// serialize returns a copy of the database's bytes: its image.
func (d *imageDB) serialize() ([]byte, error) {
	main, err := libc.CString("main")
	if err != nil {
		return nil, err
	}
	defer libc.Xfree(d.tls, main)
	pn := d.tls.Alloc(8)
	defer d.tls.Free(8)
	p := sqlite3.Xsqlite3_serialize(d.tls, d.db, main, pn, 0)
	if p == 0 {
		return nil, errors.New("serialize: out of memory")
	}
	defer sqlite3.Xsqlite3_free(d.tls, p)
	n := int64(binary.NativeEndian.Uint64(libc.GoBytes(pn, 8)))
	if n <= 0 || n > math.MaxInt {
		return nil, errors.New("serialize: bad size " + strconv.FormatInt(n, 10))
	}
	return append([]byte(nil), libc.GoBytes(p, int(n))...), nil
}

// each is [seedConn]'s: q prepared once per database.
func (d *imageDB) each(_ context.Context, q string, args []any, row func([]any) error) error {
	vals := make([]sqlValue, len(args))
	for i, a := range args {
		v, ok := sqlValueOf(a)
		if !ok {
			return fmt.Errorf("argument %d: unsupported type %T", i+1, a)
		}
		vals[i] = v
	}
	s, err := d.prepare(q)
	if err != nil {
		return err
	}
	return s.each(vals, row)
}
