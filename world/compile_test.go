package world

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mutate decodes mini.json, applies f and re-encodes it.
func mutate(t *testing.T, f func(b map[string]any)) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/mini.json")
	if err != nil {
		t.Fatal(err)
	}
	var b map[string]any
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	f(b)
	out, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// at walks a decoded JSON document by keys and indexes.
func at(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			v = v.(map[string]any)[k]
		case int:
			v = v.([]any)[k]
		}
	}
	return v
}

func obj(v any) map[string]any { return v.(map[string]any) }

// TestCompileErrors checks that bad bundles are rejected whole, with every
// problem reported and located. Golden files: testdata/errors/<case>.golden.
func TestCompileErrors(t *testing.T) {
	cases := []struct {
		name    string
		raw     string
		mutate  func(b map[string]any)
		trusted bool // compile without the JSON Schema pass
	}{
		{name: "not-json", raw: `{"format": "mercury.world/v1",`},
		{name: "schema-many", mutate: func(b map[string]any) {
			delete(b, "company")
			obj(at(b, "tables", 0, "columns", 1))["tpye"] = "text"
			obj(at(b, "tables", 0, "columns", 2))["type"] = "varchar"
			obj(at(b, "tools", 0))["name"] = "Search Customers"
			obj(at(b, "tools", 1, "steps", 0))["search"] = "crm_orders"
			b["format"] = "mercury.world/v0"
		}},
		{name: "references", mutate: func(b map[string]any) {
			obj(at(b, "tools", 0, "steps", 0))["search"] = "crm_custmers"
			obj(at(b, "tools", 1, "steps", 0))["key"] = "$order"
			obj(at(b, "tables", 1, "columns", 1))["references"] = "crm_customers.uid"
			obj(at(b, "services", 1))["depends_on"] = []any{"erp"}
			obj(at(b, "tasks", 0, "solution", 0))["tool"] = "mark_delivered"
			obj(at(b, "tasks", 0, "assertions", 0, "field"))["column"] = "state"
		}},
		{name: "ownership-and-scope", mutate: func(b map[string]any) {
			obj(at(b, "tables", 2))["service"] = "finance"
			obj(at(b, "tools", 3, "steps", 1))["insert"] = "crm_orders"
			obj(at(b, "tables", 2, "columns", 1))["references"] = "crm_orders.id"
			delete(obj(at(b, "tables", 2, "columns", 1)), "refers_to")
		}},
		{name: "duplicates", mutate: func(b map[string]any) {
			obj(at(b, "tools", 1))["name"] = "search_customers"
			b["tables"] = append(b["tables"].([]any), at(b, "tables", 0))
		}},
		{name: "seed-rows", mutate: func(b map[string]any) {
			rows := at(b, "tables", 1, "rows").([]any)
			obj(rows[0])["amount_cents"] = "480.00"
			obj(rows[0])["customer_id"] = "CUS-0404"
			rows = append(rows, map[string]any{"id": "ORD-00009", "customer_id": "CUS-0003", "status": "shipped", "placed_at": "yesterday", "colour": "red"})
			obj(at(b, "tables", 1))["rows"] = rows
		}},
		{name: "seed-foreign-key", mutate: func(b map[string]any) {
			obj(at(b, "tables", 1, "rows", 0))["customer_id"] = "CUS-0404"
		}},
		// Seed rows go to SQLite many to an INSERT: each error still
		// names its row, in a batch SQLite refuses (a key given twice) as
		// in one it never sees (a bad value), and a broken reference
		// names its row whether the key is the rowid (crm_notes: an
		// INTEGER key, one of them null) or not.
		{name: "seed-batches", mutate: func(b map[string]any) {
			var orders []any
			for i := 1; i <= 200; i++ {
				orders = append(orders, map[string]any{"id": fmt.Sprintf("ORD-%05d", i), "customer_id": "CUS-0001", "amount_cents": i, "placed_at": "2026-02-27T06:30:00+01:00"})
			}
			obj(orders[69])["id"] = "ORD-00005"
			obj(orders[99])["customer_id"] = "CUS-0404"
			obj(orders[149])["amount_cents"] = "a lot"
			obj(orders[179])["customer_id"] = "CUS-0405"
			obj(at(b, "tables", 1))["rows"] = orders
			var notes []any
			for i := 1; i <= 100; i++ {
				notes = append(notes, map[string]any{"id": 1000 - i, "customer_id": "CUS-0001"})
			}
			obj(notes[9])["id"] = nil
			obj(notes[63])["customer_id"] = "CUS-0406"
			obj(notes[9])["customer_id"] = "CUS-0407"
			b["tables"] = append(b["tables"].([]any), map[string]any{
				"name": "crm_notes", "service": "crm", "description": "Notes on customers.",
				"columns": []any{
					map[string]any{"name": "id", "type": "integer", "primary_key": true},
					map[string]any{"name": "customer_id", "type": "text", "references": "crm_customers.id"},
				},
				"rows": notes,
			})
		}},
		{name: "task-seed", mutate: func(b map[string]any) {
			seed := at(b, "tasks", 0, "seed").([]any)
			seed = append(seed,
				map[string]any{"update": "crm_orders", "key": "ORD-99999", "set": map[string]any{"status": "new"}},
				map[string]any{"insert": "crm_orders", "values": map[string]any{"id": "ORD-00003", "customer_id": "CUS-9", "amount_cents": 1, "placed_at": "2026-03-01T17:00:00+01:00"}},
			)
			obj(at(b, "tasks", 0))["seed"] = seed
		}},
		{name: "steps", mutate: func(b map[string]any) {
			send := at(b, "tools", 4, "steps").([]any)
			delete(obj(send[1]), "message")
			obj(send[2])["filters"] = []any{}
			obj(at(b, "tools", 3, "steps", 1, "values"))["amount_cents"] = "$total"
			obj(at(b, "tools", 2, "steps", 0, "transitions", "allowed"))["new"] = []any{"shipped"}
			obj(at(b, "tools", 0, "args", 0))["required"] = false
			obj(at(b, "tools", 1, "args", 0))["required"] = false
		}},
		{name: "assertion-ids", mutate: func(b map[string]any) {
			asserts := at(b, "tasks", 0, "assertions").([]any)
			obj(asserts[1])["id"] = "order-delivered"
			extra := map[string]any{"id": "collateral", "description": "Shadows the report's own check.", "exists": map[string]any{"table": "crm_orders"}}
			obj(at(b, "tasks", 0))["assertions"] = append(asserts, extra)
		}},
		// The schema's id pattern has no ':', so only a trusted compile
		// (no schema pass) reaches the compiler's own check.
		{name: "assertion-ids-trusted", trusted: true, mutate: func(b map[string]any) {
			obj(at(b, "tasks", 0, "assertions", 0))["id"] = "invariant:delivered-orders-invoiced"
		}},
		// crm_orders has no primary key: the tools that use it are not
		// checked (one error says so); every other tool and the task are.
		{name: "no-primary-key", mutate: func(b map[string]any) {
			delete(obj(at(b, "tables", 1, "columns", 0)), "primary_key")
			obj(at(b, "tools", 0, "steps", 0))["order"] = []any{"nmae"}
			obj(at(b, "tasks", 0, "assertions", 1, "exists", "where"))["state"] = "sent"
		}},
		{name: "types", mutate: func(b map[string]any) {
			obj(at(b, "company"))["timezone"] = "Europe/Gotham"
			obj(at(b, "tables", 0, "columns", 3))["default"] = "platinum"
			obj(at(b, "tools", 3, "args", 2))["type"] = "string"
			obj(at(b, "tasks", 0, "solution", 1, "args"))["amount_cents"] = "125.50"
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			data := []byte(tc.raw)
			if tc.mutate != nil {
				data = mutate(t, tc.mutate)
			}
			w, err := CompileWith(data, Options{Trusted: tc.trusted})
			if err == nil {
				t.Fatalf("compiled a bad bundle (world %s)", w.Name())
			}
			var lines []string
			var j interface{ Unwrap() []error }
			if errors.As(err, &j) {
				for _, e := range j.Unwrap() {
					var be *BundleError
					if !errors.As(e, &be) {
						t.Errorf("not a *BundleError: %v", e)
					}
					lines = append(lines, string(be.Rule)+"\t"+be.Error())
				}
			} else {
				var be *BundleError
				if !errors.As(err, &be) {
					t.Errorf("not a *BundleError: %v", err)
				}
				lines = append(lines, string(be.Rule)+"\t"+be.Error())
			}
			golden(t, filepath.Join("testdata", "errors", tc.name+".golden"), []byte(strings.Join(lines, "\n")+"\n"))
		})
	}
}

// TestCompileWithSum: a bundle hashed by the caller compiles to the same
// world hash as one Compile hashes itself.
func TestCompileWithSum(t *testing.T) {
	data, err := os.ReadFile("testdata/mini.json")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	a, err := Compile(data)
	if err != nil {
		t.Fatal(err)
	}
	b, err := CompileWith(data, Options{Sum: &sum})
	if err != nil {
		t.Fatal(err)
	}
	if a.Hash() != b.Hash() || a.Hash() != "sha256:"+hex.EncodeToString(sum[:]) {
		t.Errorf("hash %s with the caller's sum, %s without", b.Hash(), a.Hash())
	}
}
