package world

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// miniRule is mini.json's raw invariant written as a structured rule.
var miniRule = map[string]any{
	"when": map[string]any{"table": "crm_orders", "noun": "order", "where": map[string]any{"status": "delivered"}},
	"then": map[string]any{
		"table": "billing_invoices", "require": "one",
		"match": []any{
			map[string]any{"column": "order_ref", "equals": "id"},
			map[string]any{"column": "amount_cents", "equals": "amount_cents"},
			map[string]any{"column": "customer_email", "equals": "customer_id.email"},
		},
		"where": map[string]any{"status": map[string]any{"ne": "void"}},
	},
}

func ruleInvariant(rule map[string]any) func(b map[string]any) {
	return func(b map[string]any) {
		inv := obj(at(b, "invariants", 0))
		for _, k := range []string{"policy", "check", "trigger", "target"} {
			delete(inv, k)
		}
		inv["rule"] = rule
	}
}

// TestRuleCompiles checks the text and SQL a rule compiles to (golden),
// and that the SQL finds exactly the violations of the hand-written check
// it replaces, at every step of the reference solution and of a wrong one.
func TestRuleCompiles(t *testing.T) {
	ctx := context.Background()
	raw := mustCompileBytes(t, mutate(t, func(map[string]any) {}))
	ruled := mustCompileBytes(t, mutate(t, ruleInvariant(miniRule)))
	inv := ruled.Invariants()[0]
	if inv.Trigger != "crm" || inv.Target != "billing" {
		t.Errorf("trigger %q, target %q; want crm, billing", inv.Trigger, inv.Target)
	}
	golden(t, filepath.Join("testdata", "rules", "mini.golden"), []byte(inv.Policy+"\n\n"+inv.Check+"\n"))
	if p := ruled.Policies()[0]; p.Text != inv.Policy {
		t.Errorf("the visible policy %q is not the rule's text %q", p.Text, inv.Policy)
	}

	violations := func(w *World, ep *Episode) string {
		t.Helper()
		var ids []string
		err := ep.Read(ctx, func(q Querier) error {
			rows, err := q.QueryContext(ctx, w.Invariants()[0].Check)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var id string
				if err := rows.Scan(&id); err != nil {
					return err
				}
				ids = append(ids, id)
			}
			return rows.Err()
		})
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(ids, ",")
	}
	task := raw.Tasks()[0]
	plays := map[string][]Call{
		"solution": task.Spec().Solution,
		"two invoices": append(task.Spec().Solution, Call{Tool: "create_invoice", Args: map[string]any{
			"order_ref": "ORD-00002", "customer_email": "kueche@adlon.example", "amount_cents": json.Number("12550")}}),
		"wrong amount": {task.Spec().Solution[0], {Tool: "create_invoice", Args: map[string]any{
			"order_ref": "ORD-00002", "customer_email": "kueche@adlon.example", "amount_cents": json.Number("12500")}}},
		"wrong email": {task.Spec().Solution[0], {Tool: "create_invoice", Args: map[string]any{
			"order_ref": "ORD-00002", "customer_email": "info@adlon.example", "amount_cents": json.Number("12550")}}},
	}
	for name, calls := range plays {
		t.Run(name, func(t *testing.T) {
			a, err := raw.NewEpisode(ctx, task)
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			rt, _ := ruled.Task(task.ID())
			b, err := ruled.NewEpisode(ctx, rt)
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			for i, c := range calls {
				args, _ := json.Marshal(c.Args)
				a.Call(ctx, c.Tool, args)
				b.Call(ctx, c.Tool, args)
				if x, y := violations(raw, a), violations(ruled, b); x != y {
					t.Fatalf("after call %d (%s): the raw check finds [%s], the rule [%s]", i+1, c.Tool, x, y)
				}
			}
		})
	}
}

// TestRuleErrors checks that a bad rule is rejected whole, each problem
// located (golden: testdata/rules/<case>.golden).
func TestRuleErrors(t *testing.T) {
	cases := []struct {
		name string
		rule map[string]any
		keep bool // keep the raw policy and check beside the rule
	}{
		{name: "references", rule: map[string]any{
			"when": map[string]any{"table": "crm_orders", "where": map[string]any{"state": "delivered", "customer_id.mail": "x@y.example"}},
			"then": map[string]any{"table": "billing_invoices", "match": []any{
				map[string]any{"column": "order_id", "equals": "id"},
				map[string]any{"column": "amount_cents", "equals": "amount_cents", "times": "status"},
				map[string]any{"column": "customer_email", "equals": "amount_cents"},
				map[string]any{"columns": []any{"amount_cents", "status"}, "contains": "id"},
			}, "within": map[string]any{"column": "status", "after": "placed_at"}},
		}},
		{name: "values", rule: map[string]any{
			"when": map[string]any{"table": "crm_orders", "where": map[string]any{"status": "shipped", "amount_cents": map[string]any{"gt": "lots"}}},
			"then": map[string]any{"table": "billing_invoices", "match": []any{map[string]any{"column": "order_ref", "equals": "id"}},
				"where": map[string]any{"issued_at": "yesterday"}},
		}},
		{name: "text-beside-rule", rule: miniRule, keep: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			data := mutate(t, func(b map[string]any) {
				if tc.keep {
					obj(at(b, "invariants", 0))["rule"] = tc.rule
					return
				}
				ruleInvariant(tc.rule)(b)
			})
			_, err := Compile(data)
			if err == nil {
				t.Fatal("compiled a bad rule")
			}
			var lines []string
			for _, e := range flattenErrs(err) {
				var be *BundleError
				if !errors.As(e, &be) {
					t.Errorf("not a *BundleError: %v", e)
					continue
				}
				lines = append(lines, be.Error())
			}
			golden(t, filepath.Join("testdata", "rules", tc.name+".golden"), []byte(strings.Join(lines, "\n")+"\n"))
		})
	}
}

func flattenErrs(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

func mustCompileBytes(t *testing.T, data []byte) *World {
	t.Helper()
	w, err := Compile(data)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// FuzzRule: a rule either fails to compile with located errors, or it
// compiles to a check that runs read-only on the seed state, and the text
// the agent reads names every literal value the check tests.
func FuzzRule(f *testing.F) {
	seed, _ := json.Marshal(miniRule)
	f.Add(seed)
	f.Add([]byte(`{"when":{"table":"crm_customers","where":{"tier":"gold","name":{"contains":"O'Brien"}}},"then":{"table":"billing_invoices","require":"none","match":[{"column":"customer_email","equals":"email"}],"where":{"status":{"in":["void","draft"]}}}}`))
	f.Add([]byte(`{"when":{"table":"crm_orders","where":{"status":"delivered"}},"then":{"table":"billing_invoices","match":[{"columns":["order_ref","customer_email"],"contains":"id"}],"within":{"column":"issued_at","after":"placed_at","days":2}}}`))
	f.Add([]byte(`{"when":{"table":"crm_orders","where":{"amount_cents":{"gt":100}}},"then":{"table":"billing_invoices","match":[{"column":"amount_cents","equals":"amount_cents","times":"amount_cents"}]}}`))
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, raw []byte) {
		var rule map[string]any
		if json.Unmarshal(raw, &rule) != nil {
			return
		}
		data := mutate(t, ruleInvariant(rule))
		w, err := Compile(data)
		if err != nil {
			for _, e := range flattenErrs(err) {
				var be *BundleError
				if !errors.As(e, &be) {
					t.Fatalf("not a *BundleError: %v", e)
				}
			}
			return
		}
		inv := w.Invariants()[0]
		ep, err := w.NewEpisode(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ep.Close()
		err = ep.Read(ctx, func(q Querier) error {
			rows, err := q.QueryContext(ctx, inv.Check)
			if err != nil {
				return err
			}
			for rows.Next() {
			}
			return rows.Close()
		})
		if err != nil {
			t.Fatalf("the check of a compiled rule does not run: %v\n%s", err, inv.Check)
		}
		var b Bundle
		if err := json.Unmarshal(data, &b); err != nil {
			t.Fatal(err)
		}
		for _, where := range []map[string]any{b.Invariants[0].Rule.When.Where, b.Invariants[0].Rule.Then.Where} {
			for _, v := range where {
				if s, ok := v.(string); ok && !strings.Contains(inv.Policy, s) {
					t.Fatalf("the policy %q does not name %q, which its check tests", inv.Policy, s)
				}
			}
		}
	})
}
