package world

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// dumpRows reads every world table in storage order (rowid order, as a
// query without ORDER BY scans it) and the sequence table, so that two
// databases compare equal only when their rows, rowids and sequences are.
func dumpRows(t *testing.T, w *World, read func(context.Context, func(Querier) error) error) string {
	t.Helper()
	ctx := context.Background()
	var sb strings.Builder
	err := read(ctx, func(q Querier) error {
		var names []string
		for _, tb := range w.tables {
			names = append(names, tb.name)
		}
		names = append(names, seqTable)
		for _, name := range names {
			rows, err := q.QueryContext(ctx, "SELECT rowid, * FROM "+quoteIdent(name))
			if err != nil {
				return err
			}
			cols, _ := rows.Columns()
			for rows.Next() {
				vals := make([]any, len(cols))
				ptrs := make([]any, len(cols))
				for i := range vals {
					ptrs[i] = &vals[i]
				}
				if err := rows.Scan(ptrs...); err != nil {
					rows.Close()
					return err
				}
				for i, v := range vals {
					if b, ok := v.([]byte); ok {
						vals[i] = string(b)
					}
				}
				fmt.Fprintf(&sb, "%s %v\n", name, vals)
			}
			if err := rows.Err(); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

// TestScratchReplaysSeed: a task with a short seed borrows one of the
// world's scratch databases at s0, and once Apply has replayed its seed
// it holds exactly the task's image: the same rows in the same storage
// order (rowids) and the same sequences, whichever task borrowed the
// database before.
func TestScratchReplaysSeed(t *testing.T) {
	ctx := context.Background()
	for _, path := range []string{"testdata/ops.json", "testdata/mini.json"} {
		w := mustCompile(t, path)
		for round := range 2 { // the second round reuses pooled databases
			for _, task := range w.Tasks() {
				if len(task.spec.Seed) == 0 {
					continue
				}
				ep, err := w.NewEpisode(ctx, task)
				if err != nil {
					t.Fatal(err)
				}
				want := dumpRows(t, w, ep.Read)
				ep.Close()
				// Another borrowing in between leaves nothing behind.
				if other, err := w.Scratch(ctx, nil); err == nil {
					if err := other.Apply(ctx, nil); err != nil {
						t.Fatal(err)
					}
					other.Release()
				}
				own, err := w.Scratch(ctx, task)
				if err != nil {
					t.Fatal(err)
				}
				if own.task != task || own.seed != nil {
					t.Errorf("%s/%s: Scratch is not at the task's own image", path, task.ID())
				}
				own.Release()
				sc, err := w.SharedScratch(ctx, task)
				if err != nil {
					t.Fatal(err)
				}
				if sc.task != nil || sc.seed != task {
					t.Errorf("%s/%s: the scratch database is not the world's at s0 replaying the seed", path, task.ID())
				}
				if err := sc.Apply(ctx, nil); err != nil {
					t.Fatal(err)
				}
				if got := dumpRows(t, w, sc.Read); got != want {
					t.Errorf("%s/%s round %d: the replayed seed differs from the task's image:\n%s\nwant\n%s", path, task.ID(), round, got, want)
				}
				sc.Release()
			}
		}
	}
}

// TestInitialStateViaEpisode: the initial state read on a task's first
// episode (no call yet) is the one read from the task's image: the same
// hashes and the same diff after the same calls.
func TestInitialStateViaEpisode(t *testing.T) {
	ctx := context.Background()
	calls := []struct{ tool, args string }{
		{"update_order_status", `{"order_id":"ORD-00002","status":"delivered"}`},
	}
	state := func(w *World, pristineFirst bool) (string, string) {
		task := w.Tasks()[0]
		ep, err := w.NewEpisode(ctx, task)
		if err != nil {
			t.Fatal(err)
		}
		defer ep.Close()
		var first string
		if pristineFirst {
			if first, err = ep.StateHash(ctx); err != nil { // read via ep
				t.Fatal(err)
			}
		}
		for _, c := range calls {
			if _, err := ep.Call(ctx, c.tool, []byte(c.args)); err != nil {
				t.Fatal(err)
			}
		}
		d, err := ep.Diff(ctx) // read from the image when not read yet
		if err != nil {
			t.Fatal(err)
		}
		if !pristineFirst {
			fresh, err := w.NewEpisode(ctx, task)
			if err != nil {
				t.Fatal(err)
			}
			defer fresh.Close()
			if first, err = fresh.StateHash(ctx); err != nil {
				t.Fatal(err)
			}
		}
		return first, fmt.Sprintf("%s %v", d.StateHash, d.Changes)
	}
	i1, d1 := state(mustCompile(t, "testdata/mini.json"), true)
	i2, d2 := state(mustCompile(t, "testdata/mini.json"), false)
	if i1 != i2 || d1 != d2 {
		t.Errorf("read on the episode: %s, %s\nread from the image: %s, %s", i1, d1, i2, d2)
	}
}

// TestRowsWritten: RowsWritten counts the rows calls write and leaves the
// connection as calls leave it (query_only off), so their prepared
// statements are not expired.
func TestRowsWritten(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/mini.json")
	ep, err := w.NewEpisode(ctx, w.Tasks()[0])
	if err != nil {
		t.Fatal(err)
	}
	defer ep.Close()
	count := func() int64 {
		n, err := ep.RowsWritten(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	start := count()
	if _, err := ep.Call(ctx, "get_order", []byte(`{"order_id":"ORD-00002"}`)); err != nil {
		t.Fatal(err)
	}
	if n := count(); n != start {
		t.Errorf("a read wrote %d rows", n-start)
	}
	if _, err := ep.Call(ctx, "update_order_status", []byte(`{"order_id":"ORD-00002","status":"delivered"}`)); err != nil {
		t.Fatal(err)
	}
	if n := count(); n <= start {
		t.Errorf("a write counts %d rows", n-start)
	}
	if ep.queryOnly {
		t.Error("RowsWritten turned query_only on")
	}
	ep.Close()
	if _, err := ep.RowsWritten(ctx); err != ErrClosed {
		t.Errorf("closed episode: %v", err)
	}
}

// TestWatchStopsStatement: a statement run with the context watch returns
// stops soon after the watched context ends, although the driver never
// sees that context end.
func TestWatchStopsStatement(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/mini.json")
	ep, err := w.NewEpisode(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ep.Close()
	cctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	sctx, detach := watch(cctx, ep.conn)
	defer detach()
	if sctx.Done() != nil {
		t.Fatal("the statements' context can still end: the driver would watch it with a goroutine")
	}
	start := time.Now()
	var n int64
	err = ep.conn.QueryRowContext(sctx, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c").Scan(&n)
	if err == nil {
		t.Fatal("an endless statement finished")
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("stopped after %s", d)
	}
	var one int
	if err := ep.conn.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		t.Errorf("the connection is not usable after the stop: %v", err)
	}
}
