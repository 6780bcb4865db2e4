package world

import (
	"context"
	"errors"
	"fmt"
)

// Tamper runs one write statement on the episode's state outside any
// tool: PRAGMA foreign_keys is off meanwhile, and nothing is recorded in
// the trajectory or the change log. It exists for validators that test a
// hidden check against an altered state (does the check notice that the
// invoice is gone?); the [Episode.Diff] and state hash of a tampered
// episode no longer mean anything, so tamper only with a [Episode.Fork]
// made for it. Agent-facing code never calls it.
func (e *Episode) Tamper(ctx context.Context, stmt string, args ...any) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return ErrClosed
	}
	if e.marks > 0 {
		return errors.New("tamper: the episode has marks (see Mark)")
	}
	if err := e.setQueryOnly(ctx, false); err != nil {
		return err
	}
	e.logged = false
	if _, err := e.conn.ExecContext(ctx, "PRAGMA foreign_keys=OFF"); err != nil {
		return err
	}
	_, err := e.conn.ExecContext(ctx, stmt, args...)
	if _, ferr := e.conn.ExecContext(ctx, "PRAGMA foreign_keys=ON"); err == nil && ferr != nil {
		err = ferr
	}
	if err != nil {
		return fmt.Errorf("tamper: %w", err)
	}
	return nil
}
