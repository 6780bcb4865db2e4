package world

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// A Meter bounds the work of one read-only statement by SQLite virtual
// machine steps, counted by a progress handler: the same statement on the
// same state runs the same steps on any machine, however loaded, so a
// grader that stops hidden SQL at a number of steps accepts or refuses
// the same bundle everywhere. A context that carries a meter
// ([WithMeter]) makes the [Querier] of [Episode.Read] and [Scratch.Read]
// count the statement's steps and stop it past the meter's limit; the
// context's own deadline and cancellation still stop it too (the same
// handler watches them), which is how a wall-clock backstop stays in
// force. Use a meter for one statement at a time.
type Meter struct {
	limit int64
	steps atomic.Int64
	over  atomic.Bool
}

// MeterGranularity is how many VM steps pass between two looks of the
// progress handler; [Meter.Steps] counts in these.
const MeterGranularity = 1000

// NewMeter returns a meter that stops a statement past limit VM steps.
func NewMeter(limit int64) *Meter { return &Meter{limit: limit} }

// Steps is how many VM steps the statements metered so far ran, rounded
// down to [MeterGranularity].
func (m *Meter) Steps() int64 { return m.steps.Load() }

// Over reports whether the meter stopped a statement for its steps.
func (m *Meter) Over() bool { return m.over.Load() }

type meterKey struct{}

// WithMeter returns ctx carrying m.
func WithMeter(ctx context.Context, m *Meter) context.Context {
	return context.WithValue(ctx, meterKey{}, m)
}

func meterOf(ctx context.Context) *Meter {
	m, _ := ctx.Value(meterKey{}).(*Meter)
	return m
}

// metering is one statement's meter attached to a connection.
type metering struct {
	m   *Meter
	ctx context.Context // the caller's: its end stops the statement too
}

// meterings holds the attached meters, by SQLite connection handle, for
// the progress handler.
var meterings sync.Map // uintptr → *metering

// meterProgress is the progress handler of a metered connection: a
// non-zero return interrupts the statement.
func meterProgress(_ *libc.TLS, db uintptr) int32 {
	v, ok := meterings.Load(db)
	if !ok {
		return 0
	}
	mt := v.(*metering)
	if mt.m.steps.Add(MeterGranularity) > mt.m.limit {
		mt.m.over.Store(true)
		return 1
	}
	if mt.ctx.Err() != nil {
		return 1
	}
	return 0
}

// progressHandler is meterProgress as a C function pointer (the layout
// of https://golang.org/s/go11func, as the driver's own).
var progressHandler = *(*uintptr)(unsafe.Pointer(&struct {
	f func(*libc.TLS, uintptr) int32
}{meterProgress}))

// meter attaches the meter ctx carries, if any, to conn for one statement:
// it returns the context to run the statement with and a function that
// detaches it once the statement's rows are done. The statement runs with
// ctx's values but not its cancellation: the driver would otherwise take
// the connection's one progress-handler slot for its own watch of ctx;
// the meter's handler watches ctx instead.
func meter(ctx context.Context, conn *sql.Conn) (context.Context, func(), error) {
	m := meterOf(ctx)
	if m == nil {
		return ctx, func() {}, nil
	}
	var db uintptr
	var tls *libc.TLS
	err := conn.Raw(func(dc any) error {
		var ok bool
		if tls, db, ok = sqliteHandle(dc); !ok {
			return errNoMeter
		}
		meterings.Store(db, &metering{m: m, ctx: ctx})
		sqlite3.Xsqlite3_progress_handler(tls, db, MeterGranularity, progressHandler, db)
		return nil
	})
	if err != nil {
		return ctx, func() {}, err
	}
	detach := func() {
		conn.Raw(func(any) error {
			sqlite3.Xsqlite3_progress_handler(tls, db, 0, 0, 0)
			return nil
		})
		meterings.Delete(db)
	}
	return context.WithoutCancel(ctx), detach, nil
}

var errNoMeter = errors.New("the SQLite driver's connection does not expose its handle: statements cannot be metered")

var tlsType = reflect.TypeFor[*libc.TLS]()

// sqliteHandle reads the SQLite connection handle and thread state of
// modernc.org/sqlite's driver connection (its unexported db and tls
// fields; the driver has no accessor). TestMeter fails if a new driver
// version moves them.
func sqliteHandle(dc any) (*libc.TLS, uintptr, bool) {
	v := reflect.ValueOf(dc)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil, 0, false
	}
	s := v.Elem()
	db, tls := s.FieldByName("db"), s.FieldByName("tls")
	if !db.IsValid() || db.Kind() != reflect.Uintptr || !tls.IsValid() || tls.Type() != tlsType || db.Uint() == 0 {
		return nil, 0, false
	}
	return (*libc.TLS)(unsafe.Pointer(tls.Pointer())), uintptr(db.Uint()), true
}

// metered runs a query with the meter ctx carries attached to conn until
// its rows are done.
func metered(ctx context.Context, conn *sql.Conn, run func(context.Context) (*Rows, error)) (*Rows, error) {
	mctx, detach, err := meter(ctx, conn)
	if err != nil {
		return nil, err
	}
	rows, err := run(mctx)
	if err != nil {
		detach()
		return nil, err
	}
	rows.then(detach)
	return rows, nil
}

// meteredRow is metered for a one-row query.
func meteredRow(ctx context.Context, conn *sql.Conn, run func(context.Context) *Row) *Row {
	mctx, detach, err := meter(ctx, conn)
	if err != nil {
		return &Row{err: err}
	}
	row := run(mctx)
	if row.err != nil {
		detach()
		return row
	}
	row.then(detach)
	return row
}

// Statements the engine runs for itself (a call's, a diff's, a mark's)
// are given contexts without cancellation: with a context that can end,
// the SQLite driver starts a goroutine per statement to watch it, which
// a grade or a call, tens of short statements each, pays for many times
// over. Their end is watched once instead: quiet checks it before a run
// of statements that ends soon by itself, and watch, for a call, sets a
// progress handler that stops the statement running when it ends.

// quiet returns ctx without its cancellation, or ctx's error if it has
// ended already.
func quiet(ctx context.Context) (context.Context, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return context.WithoutCancel(ctx), nil
}

// watch attaches to conn a progress handler that stops the running
// statement once ctx ends (its deadline, its cancellation), until the
// returned function detaches it; statements run with the returned
// context. Where the driver does not expose its connection, the driver
// watches ctx itself.
func watch(ctx context.Context, conn *sql.Conn) (context.Context, func()) {
	wctx, detach, err := meter(WithMeter(ctx, NewMeter(math.MaxInt64)), conn)
	if err != nil {
		return ctx, func() {}
	}
	return wctx, detach
}
