package world

import (
	"context"
	"errors"
	"fmt"
	"strconv"
)

// A Mark is a moment of an episode that [Episode.Rewind] brings it back
// to: its state, its clock and its trajectory. A validator that grades
// many variants of one run (the run without its third call, the run up
// to its first write) replays each from the mark where it leaves the
// run instead of from the start, on the same connection, whose
// statements stay prepared.
type Mark struct {
	depth   int // the savepoint's place in the stack, from 1
	calls   int
	entries int
}

// ErrMarkGone is returned by [Episode.Rewind] with a mark that an earlier
// rewind dropped.
var ErrMarkGone = errors.New("the mark was dropped by a rewind to an earlier one")

// Mark records the episode's current moment. From the first mark on, the
// episode's calls run inside a savepoint each, not a transaction of their
// own, and nothing is committed until the episode closes: marks are for
// episodes that are replayed and graded, not for ones an agent is using,
// and such an episode can be neither forked nor tampered with.
func (e *Episode) Mark(ctx context.Context) (Mark, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return Mark{}, ErrClosed
	}
	ctx, err := quiet(ctx)
	if err != nil {
		return Mark{}, err
	}
	if err := e.setQueryOnly(ctx, false); err != nil {
		return Mark{}, err
	}
	m := Mark{depth: e.marks + 1, calls: e.calls, entries: len(e.trajectory)}
	if _, err := e.exec(ctx, "SAVEPOINT "+markName(m.depth)); err != nil {
		return Mark{}, fmt.Errorf("mark: %w", err)
	}
	e.marks = m.depth
	return m, nil
}

// Rewind brings the episode back to mark m: the state, the clock and the
// trajectory are what they were when m was made. The marks made after m
// are dropped; m itself stays, to rewind to again.
func (e *Episode) Rewind(ctx context.Context, m Mark) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return ErrClosed
	}
	if m.depth < 1 || m.depth > e.marks {
		return ErrMarkGone
	}
	ctx, err := quiet(ctx)
	if err != nil {
		return err
	}
	if err := e.setQueryOnly(ctx, false); err != nil {
		return err
	}
	if _, err := e.exec(ctx, "ROLLBACK TO "+markName(m.depth)); err != nil {
		return fmt.Errorf("rewind: %w", err)
	}
	e.marks = m.depth
	e.calls = m.calls
	e.trajectory = e.trajectory[:m.entries]
	return nil
}

func markName(depth int) string { return "_mercury_mark_" + strconv.Itoa(depth) }
