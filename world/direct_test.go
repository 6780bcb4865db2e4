package world

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"

	sqlite3 "modernc.org/sqlite/lib"
)

// searchCalls returns argument sets for every search tool of w: none, and
// each argument alone with values of its type, wildcards and LIKE's escape
// character among the strings, a limit of 1 and the next page.
func searchCalls(w *World) map[string][]string {
	calls := map[string][]string{}
	for _, t := range w.Tools() {
		if t.ret == nil || t.ret.op != "search" {
			continue
		}
		sets := []string{`{}`, `{"limit":1}`, `{"limit":1,"cursor":"` + encodeCursor(1) + `"}`}
		for _, a := range t.args {
			if a.auto {
				continue
			}
			var vals []any
			switch a.typ {
			case "string", "email", "date", "datetime":
				vals = []any{"a", "E", "%", "_", `\`, "2026", "vpn", "zz", ""}
			case "integer", "number":
				vals = []any{0, 1, 2, 3}
			case "boolean":
				vals = []any{true, false}
			case "array":
				vals = []any{[]string{"new", "open"}, []string{}}
			}
			for _, v := range vals {
				b, _ := json.Marshal(map[string]any{a.Name: v})
				sets = append(sets, string(b))
			}
		}
		calls[t.Name()] = sets
	}
	return calls
}

// TestDirectSearch: a search page read through SQLite's C API is the page
// database/sql reads, byte for byte, errors included, on every search tool
// of the test worlds and the default world, before and after writes in
// the same state; the direct path is the one searches take, and closing
// the episode finalizes its statements.
func TestDirectSearch(t *testing.T) {
	ctx := context.Background()
	for _, path := range []string{"testdata/ops.json", "testdata/mini.json", "../bundles/worlds/rijnmond-forwarding.json"} {
		t.Run(path, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if path == "testdata/ops.json" {
				// search_tickets shows every column: nulls, reals, dates.
				var b map[string]any
				if err := json.Unmarshal(data, &b); err != nil {
					t.Fatal(err)
				}
				for _, tool := range b["tools"].([]any) {
					if tool := tool.(map[string]any); tool["name"] == "search_tickets" {
						delete(tool["steps"].([]any)[0].(map[string]any), "fields")
					}
				}
				data, _ = json.Marshal(b)
			}
			w := mustCompileBytes(t, data)
			ep, err := w.NewEpisode(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			calls := searchCalls(w)
			if len(calls) == 0 {
				t.Fatal("no search tools")
			}
			run := func(direct bool, tool, args string) string {
				d := ep.directReads()
				if !direct {
					ep.direct, ep.noDirect = nil, true
					defer func() { ep.direct, ep.noDirect = d, false }()
				}
				out, err := ep.Call(ctx, tool, json.RawMessage(args))
				return fmt.Sprintf("%s|%v", out, err)
			}
			compare := func(stage string) {
				n := 0
				for tool, sets := range calls {
					for _, args := range sets {
						got, want := run(true, tool, args), run(false, tool, args)
						if got != want {
							t.Errorf("%s: %s %s:\ndirect: %s\ndriver: %s", stage, tool, args, got, want)
						}
						if bytes.Contains([]byte(got), []byte(`"items":[{`)) {
							n++
						}
					}
				}
				if n == 0 {
					t.Errorf("%s: no search returned a row", stage)
				}
			}
			compare("seed state")
			if len(ep.direct.stmts) == 0 {
				t.Fatal("searches did not take the direct path")
			}
			// A read turns PRAGMA query_only on and the next call off,
			// which expires every prepared statement of the connection:
			// the direct ones are prepared again as they run.
			if err := ep.Read(ctx, func(q Querier) error {
				return q.QueryRowContext(ctx, "SELECT 1").Scan(new(int))
			}); err != nil {
				t.Fatal(err)
			}
			compare("after a read")
			if path == "testdata/ops.json" {
				// Rows written by calls, with nulls, reals and text the
				// search matches, are read the same way.
				for _, args := range []string{
					`{"subject":"vpn again","priority":1,"score":2.25}`,
					`{"subject":"Printer 100% fine","priority":3}`,
				} {
					if _, err := ep.Call(ctx, "create_ticket", json.RawMessage(args)); err != nil {
						t.Fatal(err)
					}
				}
				compare("after writes")
			}
			if err := ep.Close(); err != nil {
				t.Fatal(err)
			}
			if ep.direct != nil {
				t.Error("Close left the direct reader open")
			}
		})
	}
}

// FuzzContainsLike: wherever containsNeedle accepts a needle,
// mercury_contains(needle, value) is what value LIKE '%needle%' ESCAPE '\'
// is in SQLite, whatever the value: mixed case, other scripts, invalid
// UTF-8, NULs; and mercury_contains(needle, a, b, …) is what LIKEs of a,
// b, … joined by OR are, NULLs among them.
func FuzzContainsLike(f *testing.F) {
	for _, s := range [][2]string{
		{"Ada Lovelace", "an"}, {"ADA", "da"}, {"", ""}, {"x", ""}, {"Ünïcode", "code"}, {"ÄBC", "bc"},
		{"a\x00an", "an"}, {"\xc1\x81n", "an"}, {"\xffAN\xfe", "an"}, {"100%", "0%"}, {`a\b`, `\`}, {"a_b", "_"},
		{"K", "k"}, {"straße", "SS"}, {"Ǆ", "ǆ"}, {"abc", "abcd"}, {"aab", "ab"},
	} {
		f.Add(s[0], s[1])
	}
	w := mustCompile(f, "testdata/mini.json")
	ep, err := w.NewEpisode(context.Background(), nil)
	if err != nil {
		f.Fatal(err)
	}
	defer ep.Close()
	d := ep.directReads()
	if d == nil || !ep.contains {
		f.Fatal("no direct reader with mercury_contains")
	}
	f.Fuzz(func(t *testing.T, value, needle string) {
		n, ok := containsNeedle(needle)
		if !ok {
			return
		}
		var got, want []any
		err := ep.conn.Raw(func(any) error {
			// One column, a NULL, and several columns with a NULL among
			// them, where the call stands for LIKEs joined by OR.
			st, err := d.prepare(`SELECT ?1 LIKE ?2 ESCAPE '\', mercury_contains(?3, ?1), mercury_contains(?3, NULL),
				(NULL LIKE ?2 ESCAPE '\' OR ?1 LIKE ?2 ESCAPE '\'), mercury_contains(?3, NULL, ?1),
				('x' LIKE ?2 ESCAPE '\' OR ?1 LIKE ?2 ESCAPE '\' OR NULL LIKE ?2 ESCAPE '\'), mercury_contains(?3, 'x', ?1, NULL),
				(?1 LIKE ?2 ESCAPE '\' OR ?1 LIKE ?2 ESCAPE '\'), mercury_contains(?3, ?1, ?1)`)
			if err != nil {
				return err
			}
			args := []sqlValue{{kind: sqlText, text: value}, {kind: sqlText, text: "%" + likeEscape(needle) + "%"}, {kind: sqlText, text: n}}
			return st.eachValue(args, func(vals []any) (bool, error) {
				want = []any{vals[0], nil, vals[3], vals[5], vals[7]}
				got = []any{vals[1], vals[2], vals[4], vals[6], vals[8]}
				return false, nil
			})
		})
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q in %q: mercury_contains gives %v, LIKE %v", needle, value, got, want)
		}
	})
}

// TestRowValues: rowValues finds each value of a result row where
// sqlite3_column_value does, for rows of one and several columns, and
// none before the first step.
func TestRowValues(t *testing.T) {
	w := mustCompile(t, "testdata/mini.json")
	ep, err := w.NewEpisode(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ep.Close()
	d := ep.directReads()
	if d == nil {
		t.Fatal("no direct reader")
	}
	err = ep.conn.Raw(func(any) error {
		for _, q := range []string{`SELECT 1`, `SELECT 1, 'two', NULL, 4.5, x'05' UNION ALL SELECT 6, 'seven', 8, NULL, NULL`} {
			st, err := d.prepare(q)
			if err != nil {
				return err
			}
			n := sqlite3.Xsqlite3_column_count(d.tls, st.p)
			got := make([]uintptr, n)
			if rowValues(st.p, got) {
				t.Errorf("%s: a row before the first step", q)
			}
			rows := 0
			for sqlite3.Xsqlite3_step(d.tls, st.p) == sqlite3.SQLITE_ROW {
				rows++
				if !rowValues(st.p, got) {
					t.Fatalf("%s: no row after a step", q)
				}
				for i := range n {
					if want := sqlite3.Xsqlite3_column_value(d.tls, st.p, i); got[i] != want {
						t.Errorf("%s: row %d column %d at %#x, sqlite3_column_value %#x", q, rows, i, got[i], want)
					}
				}
				if rowValues(st.p, make([]uintptr, n+1)) {
					t.Errorf("%s: %d values of a row of %d", q, n+1, n)
				}
			}
			sqlite3.Xsqlite3_reset(d.tls, st.p)
			if rows == 0 {
				t.Errorf("%s: no rows", q)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
