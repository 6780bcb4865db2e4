package world

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
)

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
	entry := Entry{Step: e.calls, Time: now.Format(time.RFC3339), Tool: name, Args: canonicalArgs(rawArgs)}
	out, err := e.call(ctx, name, rawArgs, now)
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

func canonicalArgs(raw json.RawMessage) json.RawMessage {
	if len(strings.TrimSpace(string(raw))) == 0 {
		return json.RawMessage("{}")
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		b, _ := json.Marshal(string(raw))
		return b
	}
	b, _ := marshalNoEscape(v) // map keys sorted: one spelling per call
	return b
}

func (e *Episode) call(ctx context.Context, name string, rawArgs json.RawMessage, now time.Time) (json.RawMessage, error) {
	tool := e.world.toolBy[name]
	if tool == nil {
		return nil, toolErr("unknown tool %q; the tools are: %s", name, strings.Join(e.world.toolNames(), ", "))
	}
	args, err := tool.ValidateArgs(rawArgs)
	if err != nil {
		return nil, err
	}
	tx, err := e.conn.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("begin: %w", err)
	}
	c := &call{ctx: ctx, tx: tx, tool: tool, args: args, rows: map[string]object{}, now: now}
	if err := c.run(); err != nil {
		if rerr := tx.Rollback(); rerr != nil {
			return nil, errors.Join(err, fmt.Errorf("rollback: %w", rerr))
		}
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("commit: %w", err)
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

// Snapshot returns the serialized database of the episode.
func (e *Episode) Snapshot(ctx context.Context) ([]byte, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return nil, ErrClosed
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
	return errors.Join(e.conn.Close(), e.db.Close())
}
