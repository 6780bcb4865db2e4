package world

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestReadRefusesWrites runs, through Read, statements that would write,
// or change the episode's connection without writing, and checks each
// fails and leaves the episode as it was and fully usable.
func TestReadRefusesWrites(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/ops.json")
	attacks := []struct {
		sql     string
		wantErr string
	}{
		{"SELECT 1; PRAGMA query_only=OFF; DELETE FROM helpdesk_tickets", "more than one statement"},
		{"SELECT 1; DELETE FROM helpdesk_tickets", "more than one statement"},
		{"SELECT 1 -- ;\n; DELETE FROM helpdesk_tickets", "more than one statement"},
		{"DELETE FROM helpdesk_tickets", "starts with DELETE"},
		{"UPDATE helpdesk_tickets SET status = 'closed'", "starts with UPDATE"},
		{"INSERT INTO helpdesk_agents (id, name, email) VALUES (9, 'X', 'x@x.example')", "starts with INSERT"},
		{"REPLACE INTO helpdesk_agents (id, name, email) VALUES (1, 'X', 'x@x.example')", "starts with REPLACE"},
		{"PRAGMA query_only=OFF", "starts with PRAGMA"},
		{"PRAGMA foreign_keys=OFF", "starts with PRAGMA"},
		{"BEGIN", "starts with BEGIN"},
		{"BEGIN IMMEDIATE", "starts with BEGIN"},
		{"SAVEPOINT s", "starts with SAVEPOINT"},
		{"COMMIT", "starts with COMMIT"},
		{"ROLLBACK", "starts with ROLLBACK"},
		{"ATTACH ':memory:' AS other", "starts with ATTACH"},
		{"DETACH main", "starts with DETACH"},
		{"CREATE TEMP TABLE t (x)", "starts with CREATE"},
		{"DROP TABLE helpdesk_tickets", "starts with DROP"},
		{"VACUUM", "starts with VACUUM"},
		{"ANALYZE", "starts with ANALYZE"},
		// Passes the statement check; query_only stops it.
		{"WITH gone AS (SELECT id FROM helpdesk_tickets) DELETE FROM helpdesk_tickets WHERE id IN gone", "readonly"},
	}
	for _, a := range attacks {
		for _, row := range []bool{false, true} {
			name := a.sql
			if row {
				name = "row: " + name
			}
			t.Run(name, func(t *testing.T) {
				ep, err := w.NewEpisode(ctx, nil)
				if err != nil {
					t.Fatal(err)
				}
				defer ep.Close()
				before := hash(t, ep)
				err = ep.Read(ctx, func(q Querier) error {
					if row {
						var x any
						return q.QueryRowContext(ctx, a.sql).Scan(&x)
					}
					rows, err := q.QueryContext(ctx, a.sql)
					if err != nil {
						return err
					}
					for rows.Next() {
					}
					rows.Close()
					return rows.Err()
				})
				if err == nil || !strings.Contains(err.Error(), a.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, a.wantErr)
				}
				if a.wantErr != "readonly" && !errors.Is(err, ErrNotReadOnly) {
					t.Errorf("err %v is not an ErrNotReadOnly", err)
				}
				checkUsable(t, ep, before)
			})
		}
	}
}

// checkUsable checks the episode has the state it had, its connection is
// as the runtime set it up, and calls still work.
func checkUsable(t *testing.T, ep *Episode, wantHash string) {
	t.Helper()
	ctx := context.Background()
	if got := hash(t, ep); got != wantHash {
		t.Fatalf("the state changed: %s, want %s", got, wantHash)
	}
	var fk, qo, dbs int
	if err := ep.Read(ctx, func(q Querier) error {
		if err := q.QueryRowContext(ctx, "SELECT foreign_keys FROM pragma_foreign_keys").Scan(&fk); err != nil {
			return err
		}
		return q.QueryRowContext(ctx, "SELECT count(*) FROM pragma_database_list").Scan(&dbs)
	}); err != nil {
		t.Fatal(err)
	}
	ep.mu.Lock()
	err := ep.conn.QueryRowContext(ctx, "PRAGMA query_only").Scan(&qo)
	ep.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	// After a Read the connection is query_only until the next call.
	if fk != 1 || qo != 1 || dbs != 1 {
		t.Errorf("foreign_keys=%d query_only=%d databases=%d, want 1 1 1", fk, qo, dbs)
	}
	if _, err := ep.Call(ctx, "create_ticket", json.RawMessage(`{"subject":"Still works"}`)); err != nil {
		t.Fatalf("a call after the refused query: %v", err)
	}
	if _, err := ep.Call(ctx, "delete_agent", json.RawMessage(`{"agent_id":1}`)); err == nil || !strings.Contains(err.Error(), "still referred to") {
		t.Errorf("foreign keys no longer enforced: %v", err)
	}
	if hash(t, ep) == wantHash {
		t.Error("the call after the refused query changed nothing")
	}
}

// TestReadQuerierExpires: a Querier kept past its Read runs nothing, since
// query_only is then off.
func TestReadQuerierExpires(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/ops.json")
	ep, _ := w.NewEpisode(ctx, nil)
	defer ep.Close()
	var kept Querier
	if err := ep.Read(ctx, func(q Querier) error { kept = q; return nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := kept.QueryContext(ctx, "SELECT 1"); err == nil {
		t.Error("a kept querier ran a query after its Read returned")
	}
	var n int
	if err := kept.QueryRowContext(ctx, "SELECT 1").Scan(&n); err == nil {
		t.Error("a kept querier ran a row query after its Read returned")
	}
}

func TestCheckQuery(t *testing.T) {
	tests := []struct {
		sql     string
		wantErr string
	}{
		{"SELECT 1", ""},
		{"  select id from t -- trailing; comment\n", ""},
		{"/* lead */ WITH x AS (SELECT 1) SELECT * FROM x;", ""},
		{"SELECT 1; -- done\n /* really */", ""},
		{"VALUES (1)", ""},
		{"SELECT 'a;b', \"c;d\", [e;f], `g;h` FROM t", ""},
		{"SELECT 'it''s; fine'", ""},
		{"SELECT 1; SELECT 2", "more than one statement: write a single SELECT"},
		{"SELECT 1; PRAGMA query_only=OFF; DELETE FROM t", "more than one statement: write a single SELECT"},
		{"SELECT 1;;", "more than one statement: write a single SELECT"},
		{"DELETE FROM t", "starts with DELETE: only a read-only SELECT (or WITH … SELECT, VALUES) runs here"},
		{"PRAGMA foreign_keys=OFF", "starts with PRAGMA: only a read-only SELECT (or WITH … SELECT, VALUES) runs here"},
		{"BEGIN", "starts with BEGIN: only a read-only SELECT (or WITH … SELECT, VALUES) runs here"},
		{"ATTACH ':memory:' AS x", "starts with ATTACH: only a read-only SELECT (or WITH … SELECT, VALUES) runs here"},
		{"-- only a comment", "empty query"},
		{"", "empty query"},
		{"SELECT 'open", "unterminated '"},
		{"SELECT 1 /* open", "unterminated /* comment"},
	}
	for _, tt := range tests {
		err := checkQuery(tt.sql)
		got := ""
		if err != nil {
			got = err.Error()
			if !errors.Is(err, ErrNotReadOnly) {
				t.Errorf("checkQuery(%q) = %v, not an ErrNotReadOnly", tt.sql, err)
			}
		}
		if got != tt.wantErr {
			t.Errorf("checkQuery(%q) = %q, want %q", tt.sql, got, tt.wantErr)
		}
	}
}

// TestReadNestedQueries: the episode keeps statements prepared, but a
// query whose rows are still open (nested, or left open by an earlier
// Read) is not run on the same statement.
func TestReadNestedQueries(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/ops.json")
	ep, _ := w.NewEpisode(ctx, nil)
	defer ep.Close()
	const q = "SELECT id FROM helpdesk_tickets ORDER BY id"
	ids := func(rows *Rows) []string {
		var out []string
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			out = append(out, id)
		}
		return out
	}
	want := []string{"TCK-0001", "TCK-0002", "TCK-0003", "TCK-0004"}
	var leaked *Rows
	for range 2 {
		err := ep.Read(ctx, func(qr Querier) error {
			outer, err := qr.QueryContext(ctx, q)
			if err != nil {
				return err
			}
			defer outer.Close()
			if !outer.Next() {
				t.Fatal("no rows")
			}
			inner, err := qr.QueryContext(ctx, q)
			if err != nil {
				return err
			}
			if got := ids(inner); strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("inner query: %v, want %v", got, want)
			}
			if got := ids(outer); strings.Join(got, ",") != strings.Join(want[1:], ",") {
				t.Errorf("outer query went on with %v, want %v", got, want[1:])
			}
			if leaked == nil {
				leaked, err = qr.QueryContext(ctx, q)
				if err != nil {
					return err
				}
				leaked.Next()
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if got := ids(leaked); strings.Join(got, ",") != strings.Join(want[1:], ",") {
		t.Errorf("rows left open went on with %v, want %v", got, want[1:])
	}
}

// TestStatementCache: more distinct statements than the cache holds, and
// a call cancelled before it starts, leave the episode working.
func TestStatementCache(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/ops.json")
	ep, _ := w.NewEpisode(ctx, nil)
	defer ep.Close()
	before := hash(t, ep)
	for round := range 2 {
		if err := ep.Read(ctx, func(q Querier) error {
			for i := range 2 * maxStmts {
				var n int
				if err := q.QueryRowContext(ctx, fmt.Sprintf("SELECT %d", i)).Scan(&n); err != nil || n != i {
					return fmt.Errorf("round %d: SELECT %d = %d (%v)", round, i, n, err)
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(ep.stmts); n > maxStmts {
		t.Errorf("%d statements kept, want at most %d", n, maxStmts)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := ep.Call(cancelled, "create_ticket", json.RawMessage(`{"subject":"Never"}`)); err == nil {
		t.Error("a call with a cancelled context succeeded")
	}
	checkUsable(t, ep, before)
}
