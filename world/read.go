package world

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
)

// ErrNotReadOnly is matched (with [errors.Is]) by the error of a query that
// [Episode.Read] refuses to run: anything but one read-only statement.
var ErrNotReadOnly = errors.New("not a single read-only query")

// refusal is why a query was refused; it is an [ErrNotReadOnly].
type refusal struct{ msg string }

func (r *refusal) Error() string        { return r.msg }
func (r *refusal) Is(target error) bool { return target == ErrNotReadOnly }

func refuse(format string, a ...any) error { return &refusal{fmt.Sprintf(format, a...)} }

// Querier runs read-only queries on an episode's state. It is valid only
// during the [Episode.Read] that passed it.
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *Row
}

// Rows is the result of [Querier.QueryContext]: an [sql.Rows] whose
// prepared statement the episode reuses once the rows are closed or read
// to the end.
type Rows struct {
	*sql.Rows
	done func()
}

// Next is [sql.Rows.Next].
func (r *Rows) Next() bool {
	if r.Rows.Next() {
		return true
	}
	r.release()
	return false
}

// Close is [sql.Rows.Close].
func (r *Rows) Close() error {
	err := r.Rows.Close()
	r.release()
	return err
}

// then adds f to what releasing the rows does.
func (r *Rows) then(f func()) {
	prev := r.done
	r.done = func() {
		if prev != nil {
			prev()
		}
		f()
	}
}

func (r *Rows) release() {
	if r.done != nil {
		r.done()
		r.done = nil
	}
}

// Row is the result of [Querier.QueryRowContext], like [sql.Row].
type Row struct {
	row  *sql.Row
	err  error
	done func()
}

// Scan copies the columns of the first row into dest, like [sql.Row.Scan].
func (r *Row) Scan(dest ...any) error {
	if r.err != nil {
		return r.err
	}
	err := r.row.Scan(dest...)
	if r.done != nil {
		r.done()
		r.done = nil
	}
	return err
}

// then adds f to what scanning the row does once.
func (r *Row) then(f func()) {
	prev := r.done
	r.done = func() {
		if prev != nil {
			prev()
		}
		f()
	}
}

// Err returns the error of the query, like [sql.Row.Err].
func (r *Row) Err() error {
	if r.err != nil {
		return r.err
	}
	return r.row.Err()
}

// Read runs fn with read-only access to the state. The [Querier] runs only
// a query that is one statement starting with SELECT, WITH or VALUES
// (comments and a final ';' aside), and only while fn runs; anything else
// fails with an [ErrNotReadOnly]. PRAGMA query_only is on meanwhile, so a
// statement that passes and still tries to write (WITH … DELETE) fails
// too. Either way the episode stays as it was, and usable.
func (e *Episode) Read(ctx context.Context, fn func(Querier) error) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return ErrClosed
	}
	if err := e.setQueryOnly(ctx, true); err != nil {
		return err
	}
	r := &reader{e: e}
	defer r.over.Store(true)
	return fn(r)
}

// reader is the Querier of one Read.
type reader struct {
	e    *Episode
	over atomic.Bool // Read returned: the querier is dead
}

func (r *reader) check(query string) error {
	if r.over.Load() {
		return errors.New("read-only querier used after its Read returned")
	}
	return checkQuery(query)
}

func (r *reader) QueryContext(ctx context.Context, query string, args ...any) (*Rows, error) {
	if err := r.check(query); err != nil {
		return nil, err
	}
	return metered(ctx, r.e.conn, func(ctx context.Context) (*Rows, error) { return r.e.query(ctx, query, args...) })
}

func (r *reader) QueryRowContext(ctx context.Context, query string, args ...any) *Row {
	if err := r.check(query); err != nil {
		return &Row{err: err}
	}
	return meteredRow(ctx, r.e.conn, func(ctx context.Context) *Row { return r.e.queryRow(ctx, query, args...) })
}

// CheckQuery reports why q is not a single read-only query: an error
// matching [ErrNotReadOnly], or nil. [Episode.Read] runs only queries that
// pass; a grader that wraps hidden SQL checks the SQL it was given first,
// so the error names what the author wrote.
func CheckQuery(q string) error { return checkQuery(q) }

// checkQuery reports why q is not a single read-only query; the error is
// an [ErrNotReadOnly]. [Episode.Read] runs only queries that pass.
//
// The SQLite driver runs every statement of a multi-statement string, so
// "SELECT 1; PRAGMA query_only=OFF; DELETE …" would write, and statements
// such as BEGIN, ATTACH or PRAGMA foreign_keys=OFF change the episode's
// connection without writing a page, which query_only does not stop. So a
// query must be one statement (comments and a final ';' aside) that starts
// with SELECT, WITH or VALUES.
func checkQuery(q string) error {
	first := ""
	end := -1 // offset of the first top-level ';'
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '-' && i+1 < len(q) && q[i+1] == '-':
			nl := strings.IndexByte(q[i:], '\n')
			if nl < 0 {
				i = len(q)
			} else {
				i += nl + 1
			}
		case c == '/' && i+1 < len(q) && q[i+1] == '*':
			close := strings.Index(q[i+2:], "*/")
			if close < 0 {
				return refuse("unterminated /* comment")
			}
			i += 2 + close + 2
		case end >= 0:
			return refuse("more than one statement: write a single SELECT")
		case c == ';':
			end = i
			i++
		case c == '\'' || c == '"' || c == '`' || c == '[':
			closer := c
			if c == '[' {
				closer = ']'
			}
			j := i + 1
			for {
				k := strings.IndexByte(q[j:], closer)
				if k < 0 {
					return refuse("unterminated %c", c)
				}
				j += k + 1
				// A doubled quote is an escaped quote, not the end.
				if closer != ']' && j < len(q) && q[j] == closer {
					j++
					continue
				}
				break
			}
			if first == "" {
				first = q[i:j]
			}
			i = j
		default:
			j := i
			for j < len(q) && isWordByte(q[j]) {
				j++
			}
			if j == i {
				j = i + 1
			}
			if first == "" {
				first = q[i:j]
			}
			i = j
		}
	}
	switch strings.ToUpper(first) {
	case "SELECT", "WITH", "VALUES":
		return nil
	case "":
		return refuse("empty query")
	}
	return refuse("starts with %s: only a read-only SELECT (or WITH … SELECT, VALUES) runs here", strings.ToUpper(first))
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}
