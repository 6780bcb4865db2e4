package world

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
)

// TestDirectFetch: a point read by primary key (fetch, behind every get,
// update and delete) goes through SQLite's C API, and gives the row
// database/sql gives, value for value and type for type, for every row of
// every table of the test worlds and the default world, rows written by
// calls (nulls, reals) included, and nothing for a key that is not there.
func TestDirectFetch(t *testing.T) {
	ctx := context.Background()
	for _, path := range []string{"testdata/ops.json", "testdata/mini.json", "../bundles/worlds/rijnmond-forwarding.json"} {
		t.Run(path, func(t *testing.T) {
			w := mustCompile(t, path)
			ep, err := w.NewEpisode(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer ep.Close()
			if path == "testdata/ops.json" {
				for _, args := range []string{`{"subject":"vpn again","priority":1,"score":2.25}`, `{"subject":"no score","priority":3}`} {
					if _, err := ep.Call(ctx, "create_ticket", json.RawMessage(args)); err != nil {
						t.Fatal(err)
					}
				}
			}
			rows := 0
			for _, tb := range w.tables {
				var keys []any
				if err := ep.Read(ctx, func(q Querier) error {
					rs, err := q.QueryContext(ctx, "SELECT "+quoteIdent(tb.pk.Name)+" FROM "+quoteIdent(tb.name))
					if err != nil {
						return err
					}
					defer rs.Close()
					for rs.Next() {
						var k any
						if err := rs.Scan(&k); err != nil {
							return err
						}
						keys = append(keys, k)
					}
					return rs.Err()
				}); err != nil {
					t.Fatal(err)
				}
				keys = append(keys, "no-such-key", int64(-1))
				ep.mu.Lock()
				for _, k := range keys {
					c := &call{ctx: ctx, tx: txn{ep}}
					got, gerr := c.fetch(tb, k)
					d := ep.directReads()
					if d == nil || d.stmts[tb.fetchSQL] == nil {
						t.Fatalf("%s: the point read did not take the direct path", tb.name)
					}
					ep.direct, ep.noDirect = nil, true
					want, werr := c.fetchSQL(tb, k)
					ep.direct, ep.noDirect = d, false
					if fmt.Sprint(gerr) != fmt.Sprint(werr) || !reflect.DeepEqual(got, want) {
						t.Errorf("%s %v:\ndirect: %#v %v\ndriver: %#v %v", tb.name, k, got, gerr, want, werr)
					}
					if got != nil {
						rows++
					}
				}
				ep.mu.Unlock()
			}
			if rows == 0 {
				t.Fatal("no row read")
			}
		})
	}
}

// fetchSQL is fetch through database/sql, as it was before it read rows
// directly.
func (c *call) fetchSQL(t *table, key any) (object, error) {
	rows, err := c.tx.QueryContext(c.ctx, t.fetchSQL, key)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	if !rows.Next() {
		return nil, rows.Err()
	}
	return c.scanRow(t, rows)
}
