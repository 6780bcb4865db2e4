package world

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Scratch is a database at a task's initial state (s0 + Δs0) that a
// grader borrows to run hidden SQL against an episode's state, without
// parsing it on the episode's own connection. [Scratch.Apply] replays the
// episode's changed rows ([Episode.Diff]) inside a transaction,
// [Scratch.Read] runs read-only queries on the result, and
// [Scratch.Release] rolls the transaction back and returns the database
// to its world's pool. Its statements stay prepared from one borrowing to
// the next, so a world's hidden SQL is parsed once per pooled database
// rather than once per episode: SQLite statements belong to one
// connection, and an episode's connection lives for one episode.
//
// A grader that grades the episodes of many tasks in turn (a validation)
// borrows with [World.SharedScratch]: the tasks whose seed is short then
// share the world's scratch databases at s0, and Apply replays the
// task's seed first, as [Compile] applied it to make the task's image, so
// the rows (rowids included) and sequences are the task image's. One
// pool serves every task, and the invariants' statements, the same for
// every task, are prepared once for all; each grade pays for the replay.
//
// A Scratch is used by one goroutine at a time.
type Scratch struct {
	w    *World
	task *Task // whose image the database holds (nil: s0)
	// seed: the task whose seed Apply replays first (nil: none), when
	// the database holds s0.
	seed  *Task
	db    *sql.DB
	conn  *sql.Conn
	stmts map[string]*scratchStmt
	inTx  bool
	// readOnly holds the queries checkQuery passed, so that a world's
	// hidden SQL is checked once per pooled database, like it is parsed.
	readOnly map[string]bool
}

type scratchStmt struct {
	st   *sql.Stmt
	busy bool
}

// scratchIdle is how many idle scratch databases a world keeps per
// image.
const scratchIdle = 2

// maxScratchStmts caps the statements a scratch database keeps prepared:
// one serves every task with a short seed, so it prepares the rubrics of
// all of them, their seeds and the invariants (an episode's cap,
// maxStmts, is for one task's calls).
const maxScratchStmts = 1024

// scratchSeedOps is the longest task seed a scratch database at s0
// replays on each [World.SharedScratch] borrowing; a task with a longer
// seed gets databases at its own image.
const scratchSeedOps = 64

// scratchPool holds a world's idle scratch databases, by task.
type scratchPool struct {
	mu   sync.Mutex
	idle map[*Task][]*Scratch
}

// Scratch borrows a scratch database at the initial state of task (nil:
// s0). Release it when done.
func (w *World) Scratch(ctx context.Context, task *Task) (*Scratch, error) {
	return w.borrowScratch(ctx, task, false)
}

// SharedScratch is [World.Scratch] for a grader of many tasks' episodes:
// a task with a short seed gets one of the world's databases at s0, on
// which Apply replays its seed first (see [Scratch]).
func (w *World) SharedScratch(ctx context.Context, task *Task) (*Scratch, error) {
	return w.borrowScratch(ctx, task, true)
}

func (w *World) borrowScratch(ctx context.Context, task *Task, shared bool) (*Scratch, error) {
	var seed *Task
	if shared && task != nil && len(task.spec.Seed) <= scratchSeedOps {
		task, seed = nil, task
	}
	w.scratch.mu.Lock()
	if l := w.scratch.idle[task]; len(l) > 0 {
		s := l[len(l)-1]
		w.scratch.idle[task] = l[:len(l)-1]
		w.scratch.mu.Unlock()
		s.seed = seed
		return s, nil
	}
	w.scratch.mu.Unlock()
	image := w.image
	if task != nil {
		var err error
		if image, err = w.taskImage(ctx, task); err != nil {
			return nil, err
		}
	}
	db, conn, err := openMemory(ctx)
	if err != nil {
		return nil, fmt.Errorf("open scratch database: %w", err)
	}
	s := &Scratch{w: w, task: task, seed: seed, db: db, conn: conn, stmts: map[string]*scratchStmt{}}
	if err := deserialize(conn, image); err != nil {
		s.close()
		return nil, fmt.Errorf("load scratch image: %w", err)
	}
	// The replayed state is a valid one, but not every intermediate state
	// of the replay is: rows come by table name, not in the order the keys
	// between them need.
	if _, err := conn.ExecContext(ctx, "PRAGMA foreign_keys=OFF"); err != nil {
		s.close()
		return nil, err
	}
	if _, err := conn.ExecContext(ctx, w.scratchIndexes()); err != nil {
		s.close()
		return nil, fmt.Errorf("index scratch database: %w", err)
	}
	return s, nil
}

// scratchIndexes indexes the columns hidden checks join on across and
// within services: every references and refers_to column, and every
// email column (a requester, a bill-to address, a recipient). Episodes
// do without them (their tools read by key); on the default world they
// halve the time of the slowest checks. An index changes no result, only
// how SQLite finds it.
func (w *World) scratchIndexes() string {
	var sb strings.Builder
	n := 0
	for _, t := range w.tables {
		for _, c := range t.cols {
			if c.PrimaryKey || c.Unique || (c.References == "" && c.RefersTo == "" && c.typ != typeEmail) {
				continue
			}
			n++
			fmt.Fprintf(&sb, "CREATE INDEX \"_mercury_scratch_%d\" ON %s (%s);\n", n, quoteIdent(t.name), quoteIdent(c.Name))
		}
	}
	if n == 0 {
		return "SELECT 1"
	}
	return sb.String()
}

// Apply replays changes (an episode's [Diff.Changes], compared with this
// scratch database's initial state) inside a transaction. An error leaves
// the scratch database unusable for this borrowing: release it, and read
// the episode itself instead.
func (s *Scratch) Apply(ctx context.Context, changes []RowChange) error {
	if s.inTx {
		return errors.New("scratch: changes already applied")
	}
	ctx, err := quiet(ctx) // short statements, one per changed row
	if err != nil {
		return err
	}
	if _, err := s.exec(ctx, "BEGIN"); err != nil {
		return err
	}
	s.inTx = true
	if s.seed != nil {
		if err := s.replaySeed(ctx, s.seed); err != nil {
			return err
		}
	}
	for _, ch := range changes {
		t := s.w.tableBy[ch.Table]
		if t == nil || t.pk == nil {
			return fmt.Errorf("scratch: unknown table %q", ch.Table)
		}
		var q string
		var args []any
		switch ch.Op {
		case "delete":
			q, args = "DELETE FROM "+quoteIdent(t.name)+" WHERE "+quoteIdent(t.pk.Name)+" = ?", []any{ch.Key}
		case "insert":
			q, args = insertSQL(t, ch.Columns), ch.After
		case "update":
			sets := make([]string, len(ch.Columns))
			for i, c := range ch.Columns {
				sets[i] = quoteIdent(c) + " = ?"
			}
			q = "UPDATE " + quoteIdent(t.name) + " SET " + strings.Join(sets, ", ") + " WHERE " + quoteIdent(t.pk.Name) + " = ?"
			args = append(append(make([]any, 0, len(ch.After)+1), ch.After...), ch.Key)
		default:
			return fmt.Errorf("scratch: unknown change %q", ch.Op)
		}
		if _, err := s.exec(ctx, q, args...); err != nil {
			return fmt.Errorf("scratch: replay %s %s: %w", ch.Op, ch.Table, err)
		}
	}
	return nil
}

// replaySeed brings a database at s0 to task's initial state: its seed
// steps, as [World.applySeed] runs them on s0 to make the task's image
// (so new rows get the image's rowids), and the image's sequences.
func (s *Scratch) replaySeed(ctx context.Context, task *Task) error {
	for j, op := range task.spec.Seed {
		t := s.w.tableBy[op.Insert+op.Update+op.Delete]
		if t == nil {
			return fmt.Errorf("scratch: seed step %d: unknown table", j)
		}
		var err error
		switch {
		case op.Insert != "":
			cols, vals, errs := t.rowValues(op.Values, "")
			if len(errs) > 0 {
				return fmt.Errorf("scratch: seed step %d: %v", j, errs[0])
			}
			_, err = s.exec(ctx, insertSQL(t, cols), vals...)
		case op.Update != "":
			var key any
			if key, err = t.pk.typ.toSQL(op.Key); err != nil {
				break
			}
			var sets []string
			var args []any
			for _, k := range sortedKeys(op.Set) {
				c := t.colBy[k]
				if c == nil {
					return fmt.Errorf("scratch: seed step %d: no column %q", j, k)
				}
				v, err := c.check(op.Set[k])
				if err != nil {
					return fmt.Errorf("scratch: seed step %d: %w", j, err)
				}
				sets = append(sets, quoteIdent(k)+" = ?")
				args = append(args, v)
			}
			if len(sets) == 0 {
				continue
			}
			_, err = s.exec(ctx, "UPDATE "+quoteIdent(t.name)+" SET "+strings.Join(sets, ", ")+" WHERE "+quoteIdent(t.pk.Name)+" = ?", append(args, key)...)
		default:
			var key any
			if key, err = t.pk.typ.toSQL(op.Key); err != nil {
				break
			}
			_, err = s.exec(ctx, "DELETE FROM "+quoteIdent(t.name)+" WHERE "+quoteIdent(t.pk.Name)+" = ?", key)
		}
		if err != nil {
			return fmt.Errorf("scratch: seed step %d: %w", j, err)
		}
	}
	seqs, err := s.w.seedSequences(ctx, task)
	if err != nil {
		return err
	}
	for _, sq := range seqs {
		if _, err := s.exec(ctx, "INSERT OR REPLACE INTO "+seqTable+" VALUES (?, ?)", sq.table, sq.next); err != nil {
			return fmt.Errorf("scratch: sequences: %w", err)
		}
	}
	return nil
}

// Read runs fn with read-only access to the scratch state, with the same
// rules as [Episode.Read]: the [Querier] runs one read-only statement per
// query. What a statement might still write is rolled back on Release.
func (s *Scratch) Read(ctx context.Context, fn func(Querier) error) error {
	r := &scratchReader{s: s}
	defer func() { r.over = true }()
	return fn(r)
}

// Release rolls back what Apply replayed and returns the database to its
// world's pool (or closes it, when the pool is full or it cannot be
// rolled back).
func (s *Scratch) Release() {
	if s.inTx {
		s.inTx = false
		if _, err := s.exec(context.Background(), "ROLLBACK"); err != nil {
			s.close()
			return
		}
	}
	p := &s.w.scratch
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.idle == nil {
		p.idle = map[*Task][]*Scratch{}
	}
	if len(p.idle[s.task]) >= scratchIdle {
		s.close()
		return
	}
	p.idle[s.task] = append(p.idle[s.task], s)
}

// CloseScratch closes the world's idle scratch databases. A long-lived
// server keeps them; code that grades a world and then drops it (a
// validation run over a corpus) calls this so their memory, which the Go
// garbage collector does not see, is freed.
func (w *World) CloseScratch() {
	w.scratch.mu.Lock()
	defer w.scratch.mu.Unlock()
	for _, l := range w.scratch.idle {
		for _, s := range l {
			s.close()
		}
	}
	w.scratch.idle = nil
}

func (s *Scratch) close() {
	for _, st := range s.stmts {
		st.st.Close()
	}
	s.stmts = nil
	s.conn.Close()
	s.db.Close()
}

// prepared returns the statement for q, marked busy, or nil when it is
// busy (its rows are still open): the query then runs unprepared.
func (s *Scratch) prepared(ctx context.Context, q string) (*scratchStmt, error) {
	if st := s.stmts[q]; st != nil {
		if st.busy {
			return nil, nil
		}
		st.busy = true
		return st, nil
	}
	if len(s.stmts) >= maxScratchStmts {
		return nil, nil
	}
	p, err := s.conn.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	st := &scratchStmt{st: p, busy: true}
	s.stmts[q] = st
	return st, nil
}

func (s *Scratch) exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	st, err := s.prepared(ctx, q)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return s.conn.ExecContext(ctx, q, args...)
	}
	defer func() { st.busy = false }()
	return st.st.ExecContext(ctx, args...)
}

// scratchReader is the Querier of one Scratch.Read.
type scratchReader struct {
	s    *Scratch
	over bool
}

func (r *scratchReader) check(q string) error {
	if r.over {
		return errors.New("read-only querier used after its Read returned")
	}
	if r.s.readOnly[q] {
		return nil
	}
	if err := checkQuery(q); err != nil {
		return err
	}
	if r.s.readOnly == nil {
		r.s.readOnly = map[string]bool{}
	}
	if len(r.s.readOnly) < maxChecked {
		r.s.readOnly[q] = true
	}
	return nil
}

// maxChecked caps the queries a scratch database remembers as checked.
const maxChecked = 1024

func (r *scratchReader) QueryContext(ctx context.Context, q string, args ...any) (*Rows, error) {
	if err := r.check(q); err != nil {
		return nil, err
	}
	return metered(ctx, r.s.conn, func(ctx context.Context) (*Rows, error) { return r.query(ctx, q, args...) })
}

func (r *scratchReader) query(ctx context.Context, q string, args ...any) (*Rows, error) {
	st, err := r.s.prepared(ctx, q)
	if err != nil {
		return nil, err
	}
	if st == nil {
		rows, err := r.s.conn.QueryContext(ctx, q, args...)
		if err != nil {
			return nil, err
		}
		return &Rows{Rows: rows}, nil
	}
	rows, err := st.st.QueryContext(ctx, args...)
	if err != nil {
		st.busy = false
		return nil, err
	}
	return &Rows{Rows: rows, done: func() { st.busy = false }}, nil
}

func (r *scratchReader) QueryRowContext(ctx context.Context, q string, args ...any) *Row {
	if err := r.check(q); err != nil {
		return &Row{err: err}
	}
	return meteredRow(ctx, r.s.conn, func(ctx context.Context) *Row { return r.queryRow(ctx, q, args...) })
}

func (r *scratchReader) queryRow(ctx context.Context, q string, args ...any) *Row {
	st, err := r.s.prepared(ctx, q)
	switch {
	case err != nil:
		return &Row{err: err}
	case st == nil:
		return &Row{row: r.s.conn.QueryRowContext(ctx, q, args...)}
	}
	return &Row{row: st.st.QueryRowContext(ctx, args...), done: func() { st.busy = false }}
}

// sequence is one row of the sequence table.
type sequence struct {
	table string
	next  int64
}

// seedSequences returns the sequence rows the seed of task sets, in the
// order [World.applySeed] writes them (see resetSequencesOf: every table
// the seed writes that has a sequence, in table order), with the values
// of the task's image.
func (w *World) seedSequences(ctx context.Context, task *Task) ([]sequence, error) {
	ts, err := w.initial(ctx, task)
	if err != nil {
		return nil, err
	}
	next := map[string]int64{}
	for _, l := range strings.Split(string(ts.seqs), "\n") {
		f := strings.Fields(l) // "seq <table> <next>", as readSeqs writes it
		if len(f) != 3 {
			continue
		}
		n, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("scratch: sequence line %q", l)
		}
		next[f[1]] = n
	}
	touched := map[string]bool{}
	for _, op := range task.spec.Seed {
		touched[op.Insert+op.Update+op.Delete] = true
	}
	var out []sequence
	for _, t := range w.tables {
		if !touched[t.name] || t.seq == nil && t.pk.typ != typeInteger {
			continue
		}
		n, ok := next[t.name]
		if !ok {
			return nil, fmt.Errorf("scratch: no sequence of %s in the image of task %s", t.name, task.spec.ID)
		}
		out = append(out, sequence{t.name, n})
	}
	return out, nil
}
