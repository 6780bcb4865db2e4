package world

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
)

// driverImage builds w's seeded image as buildImage did before imageDB:
// through database/sql and the driver, with the same statements in the
// same order (the rows of each table in batches of seedBatch).
func driverImage(t *testing.T, w *World) []byte {
	t.Helper()
	ctx := context.Background()
	db, conn, err := openMemory(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	defer conn.Close()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	_, err = conn.ExecContext(ctx, fmt.Sprintf("PRAGMA page_size=%d;", w.pageSize())+w.DDL())
	must(err)
	_, err = conn.ExecContext(ctx, "PRAGMA foreign_keys=OFF")
	must(err)
	tx, err := conn.BeginTx(ctx, nil)
	must(err)
	for _, tb := range w.tables {
		var cols []*column
		var vals []any
		n := 0
		flush := func() {
			if n > 0 {
				_, err := tx.ExecContext(ctx, insertRowsSQL(tb, cols, n), vals...)
				must(err)
			}
			cols, vals, n = nil, nil, 0
		}
		for ri := range tb.seed.len() {
			row := tb.seed.rowMap(ri)
			var rc []*column
			for _, c := range tb.cols {
				if _, ok := row[c.Name]; ok {
					rc = append(rc, c)
				}
			}
			if n == seedBatch || fmt.Sprint(rc) != fmt.Sprint(cols) {
				flush()
				cols = rc
			}
			for _, c := range rc {
				v, err := c.check(row[c.Name])
				must(err)
				vals = append(vals, v)
			}
			n++
		}
		flush()
	}
	must(tx.Commit())
	_, err = conn.ExecContext(ctx, "PRAGMA foreign_keys=ON")
	must(err)
	must(w.resetSequences(ctx, sqlSeedConn{conn}))
	img, err := serialize(conn)
	must(err)
	return img
}

// edgeBundle is mini.json with a table of values at the edges of each
// type: reals that are whole, tiny, huge, negative zero; integers at the
// ends of int64 and written as 1.0 or 1e2; text with escapes, a NUL,
// emoji and values longer than the text buffer; nulls; an integer key
// with gaps.
func edgeBundle(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/mini.json")
	if err != nil {
		t.Fatal(err)
	}
	var b map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&b); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("0123456789 ", 1000)
	edges := `{"name": "crm_edges", "service": "crm", "description": "Edge values.", "columns": [
		{"name": "id", "type": "integer", "primary_key": true},
		{"name": "i", "type": "integer", "nullable": true},
		{"name": "r", "type": "real", "nullable": true},
		{"name": "b", "type": "boolean", "nullable": true},
		{"name": "s", "type": "text", "nullable": true},
		{"name": "d", "type": "date", "nullable": true},
		{"name": "e", "type": "email", "nullable": true},
		{"name": "k", "type": "text", "enum": ["a", "b"], "default": "a"}],
		"rows": [
		{"id": 1, "i": 9223372036854775807, "r": 0.1, "b": true, "s": "", "k": "b"},
		{"id": 2, "i": -9223372036854775808, "r": -0.0, "b": false, "s": "tab\there \"q\" \\ é 日本 \ud83d\ude00"},
		{"id": 3, "i": 1.0, "r": 5e-324, "s": "nul \u0000 inside", "d": "2026-02-28", "e": "a@b.example"},
		{"id": 4, "i": 1e2, "r": 1.7976931348623157e308, "s": "` + long + `"},
		{"id": 5, "i": null, "r": 3, "b": null, "s": null, "d": null, "e": null},
		{"id": 6, "r": 123456789.123456789, "i": -0, "s": "six"},
		{"id": 10, "r": 1e-300, "s": "x"},
		{"id": 11, "r": -2.5e15},
		{"id": 12, "r": 0.30000000000000004, "s": "` + long + long + `"}]}`
	var tbl any
	dec = json.NewDecoder(strings.NewReader(edges))
	dec.UseNumber()
	if err := dec.Decode(&tbl); err != nil {
		t.Fatal(err)
	}
	b["tables"] = append(b["tables"].([]any), tbl)
	out, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestImageDBMatchesDriver: an image seeded through imageDB is
// byte-identical to one seeded through database/sql and the driver, for
// the test worlds, the anchor world and a table of edge values, and every
// value keeps its storage class.
func TestImageDBMatchesDriver(t *testing.T) {
	cases := map[string][]byte{"edges": edgeBundle(t), "anchor-2000": anchorBundle(t, 2000)}
	for _, p := range []string{"testdata/mini.json", "testdata/ops.json", "../bundles/worlds/rijnmond-forwarding.json"} {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		cases[p] = data
	}
	for name, data := range cases {
		w, err := Compile(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if want := driverImage(t, w); !bytes.Equal(w.Image(), want) {
			t.Errorf("%s: the image differs from the driver's (%d and %d bytes)", name, len(w.Image()), len(want))
		}
	}

	w, err := Compile(cases["edges"])
	if err != nil {
		t.Fatal(err)
	}
	ep, err := w.NewEpisode(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ep.Close()
	var got []string
	rows, err := ep.conn.QueryContext(context.Background(), `SELECT id, typeof(i), typeof(r), typeof(b), typeof(s), r, length(CAST(s AS BLOB)) FROM crm_edges ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		var ti, tr, tb, ts string
		var r *float64
		var n *int64
		if err := rows.Scan(&id, &ti, &tr, &tb, &ts, &r, &n); err != nil {
			t.Fatal(err)
		}
		line := fmt.Sprintf("%d %s %s %s %s", id, ti, tr, tb, ts)
		if r != nil {
			line += fmt.Sprintf(" %x", math.Float64bits(*r))
		}
		if n != nil {
			line += fmt.Sprintf(" %d", *n)
		}
		got = append(got, line)
	}
	rows.Close()
	want := []string{
		"1 integer real integer text 3fb999999999999a 0",
		"2 integer real integer text 0 29", // SQLite keeps no negative zero
		"3 integer real null text 1 12",
		"4 integer real null text 7fefffffffffffff 11000",
		"5 null real null null 4008000000000000",
		"6 integer real null text 419d6f34547e6b75 3",
		"10 null real null text 1a56e1fc2f8f359 1",
		"11 null real null null c321c37937e08000",
		"12 null real null text 3fd3333333333334 22000",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("stored values:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
