package world

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// CallBudget is how long one tool call may run before it is stopped.
const CallBudget = 5 * time.Second

// callBudget is CallBudget; tests shorten it.
var callBudget = CallBudget

// ErrClosed is returned by calls on a closed episode.
var ErrClosed = errors.New("episode is closed")

// Episode is one isolated run of a world: its own in-memory SQLite
// database made from the world (or task) image, a virtual clock and the
// trajectory of every call. Safe for concurrent use; calls run one at a time.
type Episode struct {
	world *World
	task  *Task

	mu         sync.Mutex
	db         *sql.DB
	conn       *sql.Conn
	calls      int
	trajectory []Entry
	record     func(Entry) error
	closed     bool
	// logged: the database started from the image of task, so its change
	// log names every row that differs from that image.
	logged bool
	// queryOnly: PRAGMA query_only is on (see setQueryOnly).
	queryOnly bool
	// marks is how many savepoints [Episode.Mark] holds open; with any,
	// a call is a savepoint rather than a transaction.
	marks int

	stmtMu sync.Mutex
	stmts  map[string]*cachedStmt // prepared statements, by SQL text
	// direct reads search pages through SQLite's C API (see eachRow);
	// noDirect: the driver did not expose its connection for it.
	direct   *imageDB
	noDirect bool
	// contains: containsFunc is registered on the connection.
	contains bool
	// searchSQL holds the text of the search queries run (see
	// call.search).
	searchSQL map[searchKey]string
	// pageBuf is where a search writes its page (see call.search).
	pageBuf []byte
}

// Entry is one call of a trajectory.
type Entry struct {
	Step   int             `json:"step"`
	Time   string          `json:"time"`
	Tool   string          `json:"tool"`
	Args   json.RawMessage `json:"args"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  string          `json:"error,omitempty"`
}

// NewEpisode starts an episode of the world, at the state of task (nil for
// the plain seed state s0).
func (w *World) NewEpisode(ctx context.Context, task *Task) (*Episode, error) {
	image := w.image
	if task != nil {
		var err error
		if image, err = w.taskImage(ctx, task); err != nil {
			return nil, err
		}
	}
	return w.episodeFromImage(ctx, task, image)
}

func (w *World) episodeFromImage(ctx context.Context, task *Task, image []byte) (*Episode, error) {
	db, conn, err := openMemory(ctx)
	if err != nil {
		return nil, fmt.Errorf("open episode database: %w", err)
	}
	if err := deserialize(conn, image); err != nil {
		conn.Close()
		db.Close()
		return nil, fmt.Errorf("load episode image: %w", err)
	}
	return &Episode{world: w, task: task, db: db, conn: conn, logged: true}, nil
}

// setQueryOnly turns PRAGMA query_only on (for a [Episode.Read]) or off
// (for a call). The connection stays as it was left until the other kind
// of access needs it: setting the pragma expires every prepared statement
// of the connection, so a run of calls, or of reads, sets it once.
// Callers hold e.mu.
func (e *Episode) setQueryOnly(ctx context.Context, on bool) error {
	if e.queryOnly == on {
		return nil
	}
	q := "PRAGMA query_only=OFF"
	if on {
		q = "PRAGMA query_only=ON"
	}
	ctx, err := quiet(ctx)
	if err != nil {
		return err
	}
	if _, err := e.conn.ExecContext(ctx, q); err != nil {
		return fmt.Errorf("%s: %w", q, err)
	}
	e.queryOnly = on
	return nil
}

// World returns the episode's world.
func (e *Episode) World() *World { return e.world }

// Task returns the episode's task, or nil.
func (e *Episode) Task() *Task { return e.task }

// OnCall sets a function called with every trajectory entry after its
// transaction ends and before the call returns; an error from it fails the
// call. Used to put each call on disk before it is answered.
func (e *Episode) OnCall(fn func(Entry) error) {
	e.mu.Lock()
	e.record = fn
	e.mu.Unlock()
}

// Now returns the episode's virtual time: the time the next call runs at.
func (e *Episode) Now() time.Time {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.world.timeAt(e.calls)
}

// Call runs one tool call as one transaction. A *ToolError is a mistake the
// caller can fix; the state is then exactly as before the call. Any other
// error is a fault of the server.
func (e *Episode) Call(ctx context.Context, name string, rawArgs json.RawMessage) (json.RawMessage, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return nil, ErrClosed
	}
	now := e.world.timeAt(e.calls)
	e.calls++
	args := parseArgs(rawArgs)
	entry := Entry{Step: e.calls, Time: now.Format(time.RFC3339), Tool: name, Args: canonicalArgsOf(args)}
	out, err := e.call(ctx, name, args, now)
	var te *ToolError
	switch {
	case err == nil:
		entry.Result = out
	case errors.As(err, &te):
		entry.Error = te.Msg
	default:
		entry.Error = "internal error: " + err.Error()
	}
	e.trajectory = append(e.trajectory, entry)
	if e.record != nil {
		if rerr := e.record(entry); rerr != nil {
			return nil, fmt.Errorf("record call %d: %w", entry.Step, rerr)
		}
	}
	return out, err
}

// canonicalArgs is the trajectory's spelling of a call's arguments: what
// encoding/json makes of them decoded into an any (numbers as float64,
// map keys sorted), or, when they do not decode, their text as a JSON
// string.
func canonicalArgs(raw json.RawMessage) json.RawMessage {
	return canonicalArgsOf(parseArgs(raw))
}

func canonicalArgsOf(a parsedArgs) json.RawMessage {
	raw := a.raw
	if a.blank {
		return json.RawMessage("{}")
	}
	// Every call has its arguments spelled this way: parseTree and the
	// encoders held to encoding/json's (appendJSONString,
	// appendJSONFloat) do it without reflection.
	if a.err == nil {
		if b, ok := appendCanonical(nil, a.tree); ok {
			return b
		}
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		b, _ := json.Marshal(string(raw))
		return b
	}
	b, _ := marshalNoEscape(v) // map keys sorted: one spelling per call
	return b
}

// appendCanonical appends what encoding/json's Marshal (without HTML
// escaping) makes of tree decoded into an any, for a tree parseTree
// made; false for a number that does not fit a float64, which
// json.Unmarshal refuses.
func appendCanonical(b []byte, tree any) ([]byte, bool) {
	switch x := tree.(type) {
	case map[string]any:
		keys := sortedKeys(x)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(appendJSONString(b, k), ':')
			var ok bool
			if b, ok = appendCanonical(b, x[k]); !ok {
				return nil, false
			}
		}
		return append(b, '}'), true
	case []any:
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			var ok bool
			if b, ok = appendCanonical(b, e); !ok {
				return nil, false
			}
		}
		return append(b, ']'), true
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		if err != nil {
			return nil, false
		}
		return appendJSONFloat(b, f)
	case string, bool, nil:
		return appendJSONValue(b, x)
	}
	return nil, false
}

func (e *Episode) call(ctx context.Context, name string, rawArgs parsedArgs, now time.Time) (json.RawMessage, error) {
	tool := e.world.toolBy[name]
	if tool == nil {
		return nil, toolErr("unknown tool %q; the tools are: %s", name, strings.Join(e.world.toolNames(), ", "))
	}
	args, err := tool.validateArgs(rawArgs)
	if err != nil {
		return nil, err
	}
	// A call that runs past its budget is interrupted (the progress
	// handler watch sets sees the deadline) and rolled back: the agent
	// reads that it was stopped, and the state is as before.
	cctx, cancel := context.WithTimeout(ctx, callBudget)
	defer cancel()
	stopped := func(err error) error {
		if ctx.Err() == nil && cctx.Err() != nil {
			return toolErr("%s ran past its budget of %s and was stopped; nothing was changed. Narrow the request (filters, a smaller page) and try again", name, callBudget)
		}
		return err
	}
	if err := cctx.Err(); err != nil {
		return nil, stopped(fmt.Errorf("begin: %w", err))
	}
	sctx, detach := watch(cctx, e.conn)
	defer detach()
	if err := e.setQueryOnly(sctx, false); err != nil {
		return nil, fmt.Errorf("begin: %w", err)
	}
	// The transaction is run by hand rather than as an sql.Tx so that its
	// statements can be the episode's prepared ones: a run of calls
	// repeats many (reading a row by key, the id sequences, the change
	// log), and an sql.Tx prepares each statement again.
	tx := txn{e}
	begin, commit, undo := "BEGIN", "COMMIT", []string{"ROLLBACK"}
	if tool.readOnly {
		// A tool that only reads needs no transaction of its own: the
		// episode's lock keeps any write out between its statements, and
		// there is nothing to undo. BEGIN and COMMIT were an eighth of a
		// search's CPU over HTTP.
		begin, commit, undo = "", "", nil
	} else if e.marks > 0 {
		// Inside a mark's savepoint (see Mark): nest, commit nothing.
		begin, commit, undo = "SAVEPOINT _mercury_call", "RELEASE _mercury_call", []string{"ROLLBACK TO _mercury_call", "RELEASE _mercury_call"}
	}
	if begin != "" {
		if _, err := tx.ExecContext(sctx, begin); err != nil {
			return nil, fmt.Errorf("begin: %w", err)
		}
	}
	rollback := func(err error) error {
		for _, q := range undo {
			if _, rerr := tx.ExecContext(context.WithoutCancel(ctx), q); rerr != nil {
				return errors.Join(err, fmt.Errorf("rollback: %w", rerr))
			}
		}
		return err
	}
	c := &call{ctx: sctx, tx: tx, tool: tool, args: args, now: now}
	if err := c.run(); err != nil {
		return nil, rollback(stopped(err))
	}
	if commit != "" {
		if _, err := tx.ExecContext(sctx, commit); err != nil {
			return nil, rollback(fmt.Errorf("commit: %w", err))
		}
	}
	switch o := c.out.(type) {
	case rawJSON:
		return json.RawMessage(o), nil
	case object:
		return o.appendJSON(nil)
	}
	return marshalNoEscape(c.out)
}

func (w *World) toolNames() []string {
	names := make([]string, len(w.tools))
	for i, t := range w.tools {
		names[i] = t.Name()
	}
	return names
}

// Trajectory returns a copy of the calls so far.
func (e *Episode) Trajectory() []Entry {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]Entry(nil), e.trajectory...)
}

// Calls returns how many calls the episode has run.
func (e *Episode) Calls() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.calls
}

// RowsWritten is how many rows the episode's database has inserted,
// updated or deleted since it opened (SQLite's total_changes()). Unlike
// the same query through [Episode.Read], it leaves the connection as the
// last call left it, so the statements the calls prepared stay prepared.
func (e *Episode) RowsWritten(ctx context.Context) (int64, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return 0, ErrClosed
	}
	ctx, err := quiet(ctx)
	if err != nil {
		return 0, err
	}
	var n int64
	err = e.queryRow(ctx, "SELECT total_changes()").Scan(&n)
	return n, err
}

// Snapshot returns the serialized database of the episode.
func (e *Episode) Snapshot(ctx context.Context) ([]byte, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return nil, ErrClosed
	}
	if e.marks > 0 {
		return nil, errors.New("snapshot: the episode has marks (see Mark)")
	}
	return serialize(e.conn)
}

// Fork returns a new episode that starts from this one's current state,
// clock and trajectory.
func (e *Episode) Fork(ctx context.Context) (*Episode, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return nil, ErrClosed
	}
	if e.marks > 0 {
		return nil, errors.New("fork: the episode has marks (see Mark)")
	}
	img, err := serialize(e.conn)
	if err != nil {
		return nil, fmt.Errorf("fork: %w", err)
	}
	f, err := e.world.episodeFromImage(ctx, e.task, img)
	if err != nil {
		return nil, err
	}
	f.calls = e.calls
	f.logged = e.logged
	f.trajectory = append([]Entry(nil), e.trajectory...)
	return f, nil
}

// StateHash is a digest of the logical state: every world table's rows in
// primary-key order, plus the id sequences. It does not depend on page
// layout, so it stays comparable across SQLite versions.
func (e *Episode) StateHash(ctx context.Context) (string, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return "", ErrClosed
	}
	init, d, seqs, err := e.readState(ctx)
	if err != nil {
		return "", err
	}
	return e.world.hashState(init, d, seqs), nil
}

// Close releases the episode's database. Further calls fail with ErrClosed.
func (e *Episode) Close() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return nil
	}
	e.closed = true
	var errs []error
	e.stmtMu.Lock()
	for _, cs := range e.stmts {
		errs = append(errs, cs.st.Close())
	}
	e.stmts = nil
	e.stmtMu.Unlock()
	e.closeDirect()
	return errors.Join(append(errs, e.conn.Close(), e.db.Close())...)
}

// maxStmts caps how many statements an episode keeps prepared.
const maxStmts = 128

// cachedStmt is a statement the episode keeps prepared.
type cachedStmt struct {
	st   *sql.Stmt
	busy bool // rows of it are open: SQLite runs one execution at a time
}

// query runs a query through a statement prepared once for the episode's
// life: hashing, diffing and grading run the same few statements again
// and again, and SQLite then parses each once (as pgx's statement cache
// does for PostgreSQL). A statement whose rows are still open is not
// shared: the query then runs unprepared. Callers hold e.mu.
func (e *Episode) query(ctx context.Context, q string, args ...any) (*Rows, error) {
	cs, err := e.checkout(ctx, q)
	if err != nil {
		return nil, err
	}
	if cs == nil {
		rows, err := e.conn.QueryContext(ctx, q, args...)
		if err != nil {
			return nil, err
		}
		return &Rows{Rows: rows}, nil
	}
	rows, err := cs.st.QueryContext(ctx, args...)
	if err != nil {
		e.checkin(cs)
		return nil, err
	}
	return &Rows{Rows: rows, done: func() { e.checkin(cs) }}, nil
}

// queryRow is query for one row.
func (e *Episode) queryRow(ctx context.Context, q string, args ...any) *Row {
	cs, err := e.checkout(ctx, q)
	switch {
	case err != nil:
		return &Row{err: err}
	case cs == nil:
		return &Row{row: e.conn.QueryRowContext(ctx, q, args...)}
	}
	return &Row{row: cs.st.QueryRowContext(ctx, args...), done: func() { e.checkin(cs) }}
}

// checkout returns the prepared statement for q, marked busy, or nil when
// it is busy. A full cache drops a statement that is not busy.
func (e *Episode) checkout(ctx context.Context, q string) (*cachedStmt, error) {
	e.stmtMu.Lock()
	defer e.stmtMu.Unlock()
	if cs := e.stmts[q]; cs != nil {
		if cs.busy {
			return nil, nil
		}
		cs.busy = true
		return cs, nil
	}
	if len(e.stmts) >= maxStmts {
		for old, cs := range e.stmts {
			if !cs.busy {
				cs.st.Close()
				delete(e.stmts, old)
				break
			}
		}
		if len(e.stmts) >= maxStmts {
			return nil, nil
		}
	}
	st, err := e.conn.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	if e.stmts == nil {
		e.stmts = map[string]*cachedStmt{}
	}
	cs := &cachedStmt{st: st, busy: true}
	e.stmts[q] = cs
	return cs, nil
}

// exec runs a statement that returns no rows through the statement
// cache. Callers hold e.mu.
func (e *Episode) exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	cs, err := e.checkout(ctx, q)
	if err != nil {
		return nil, err
	}
	if cs == nil {
		return e.conn.ExecContext(ctx, q, args...)
	}
	defer e.checkin(cs)
	return cs.st.ExecContext(ctx, args...)
}

// txn runs the statements of a call's transaction on the episode's
// prepared statements.
type txn struct{ e *Episode }

func (t txn) QueryContext(ctx context.Context, q string, args ...any) (*Rows, error) {
	return t.e.query(ctx, q, args...)
}

func (t txn) QueryRowContext(ctx context.Context, q string, args ...any) *Row {
	return t.e.queryRow(ctx, q, args...)
}

func (t txn) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return t.e.exec(ctx, q, args...)
}

func (e *Episode) checkin(cs *cachedStmt) {
	e.stmtMu.Lock()
	cs.busy = false
	e.stmtMu.Unlock()
}
