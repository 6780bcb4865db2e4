package verifier

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mercury/mcp-world/bundles"
	"github.com/mercury/mcp-world/world"
)

var longNumber = regexp.MustCompile(`[0-9]{8,}`)

func TestValidateMini(t *testing.T) {
	rep := Validate(context.Background(), miniBytes(t))
	if !rep.OK || rep.World != "mini-bakery" {
		b, _ := json.MarshalIndent(rep, "", "  ")
		t.Fatalf("mini.json does not validate:\n%s", b)
	}
	var names []string
	for _, v := range rep.Validators {
		names = append(names, v.Name)
		if !v.OK || v.Skipped != "" || v.Errors == nil {
			t.Errorf("%+v", v)
		}
	}
	if d := cmp.Diff(ValidatorNames(), names); d != "" {
		t.Errorf("validators (-want +got):\n%s", d)
	}
}

// TestValidateBroken validates testdata/validate/<validator>.json, each
// mini.json with one defect, and checks that exactly that validator fails.
// The errors it reports are in <validator>.golden; -update rewrites them.
//
// tool-schemas has no case: every way to make a tool's JSON Schema fail to
// compile is already rejected by the bundle's own schema (see
// TestCompileErrorGrouping for how its errors are reported).
//
// A few defects cannot come alone: a task whose initial state passes
// every check also has goals that pass initially, and a policy the
// solution does not need has calls no check needs. also lists the
// validators that fail with them.
func TestValidateBroken(t *testing.T) {
	also := map[string][]string{
		VNoopFails:    {VGoalsUnmet, VPartialCredit, VStepsNeeded},
		VPolicyNeeded: {VStepsNeeded},
	}
	for _, name := range ValidatorNames() {
		if name == VToolSchemas {
			continue
		}
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "validate", name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			rep := Validate(context.Background(), data)
			if rep.OK {
				t.Fatal("the bundle validates")
			}
			want := []string{name}
			for _, n := range ValidatorNames() {
				if slices.Contains(also[name], n) {
					want = append(want, n)
				}
			}
			slices.SortFunc(want, func(a, b string) int { return slices.Index(ValidatorNames(), a) - slices.Index(ValidatorNames(), b) })
			if d := cmp.Diff(want, rep.Failed()); d != "" {
				b, _ := json.MarshalIndent(rep, "", "  ")
				t.Errorf("failing validators (-want +got):\n%s\n%s", d, b)
			}
			v, _ := rep.Validator(name)
			// Long numbers come from random(), in the replay-deterministic case.
			text := longNumber.ReplaceAllString(strings.Join(v.Errors, "\n")+"\n", "N")
			golden(t, filepath.Join("testdata", "validate", name+".golden"), []byte(text))
		})
	}
}

// TestValidateSkips checks which validators a failing compiler phase skips.
func TestValidateSkips(t *testing.T) {
	tests := []struct {
		bundle      string
		wantSkipped []string
		wantReason  string
	}{
		{"schema", ValidatorNames()[1:], "not checked: the bundle fails schema"},
		{"references", []string{VReadOnly, VSeed, VSeedInvariants, VCrossService, VVisiblePolicy, VReadOnlySQL, VTaskSeed,
			VReferenceSolves, VNoopFails, VReplayDeterministic, VNoLeaks, VGoalsUnmet, VPartialCredit, VStepsNeeded, VPolicyNeeded, VPolicyAgrees, VRealism}, "not checked: the bundle fails references"},
		{"seed", []string{VReadOnly, VSeedInvariants, VCrossService, VVisiblePolicy, VReadOnlySQL, VTaskSeed,
			VReferenceSolves, VNoopFails, VReplayDeterministic, VNoLeaks, VGoalsUnmet, VPartialCredit, VStepsNeeded, VPolicyNeeded, VPolicyAgrees, VRealism}, "not checked: the bundle fails seed"},
		{"task-seed", []string{VReadOnly, VSeedInvariants, VCrossService, VVisiblePolicy, VReadOnlySQL,
			VReferenceSolves, VNoopFails, VReplayDeterministic, VNoLeaks, VGoalsUnmet, VPartialCredit, VStepsNeeded, VPolicyNeeded, VPolicyAgrees, VRealism}, "not checked: the bundle fails task-seed"},
		{"read-only-sql", []string{VReferenceSolves, VNoopFails, VGoalsUnmet, VPartialCredit, VStepsNeeded, VPolicyNeeded, VPolicyAgrees}, "not checked: hidden SQL does not run read-only (see read-only-sql)"},
		{"cross-service", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.bundle, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "validate", tt.bundle+".json"))
			if err != nil {
				t.Fatal(err)
			}
			rep := Validate(context.Background(), data)
			var skipped []string
			for _, v := range rep.Validators {
				if v.Skipped == "" {
					continue
				}
				skipped = append(skipped, v.Name)
				if v.OK || len(v.Errors) != 0 || v.Skipped != tt.wantReason {
					t.Errorf("%+v: want not OK, no errors, reason %q", v, tt.wantReason)
				}
			}
			if d := cmp.Diff(tt.wantSkipped, skipped); d != "" {
				t.Errorf("skipped (-want +got):\n%s", d)
			}
		})
	}
}

// TestCompileErrorGrouping files synthetic compiler errors, including the
// tool-schemas rule no bundle can reach, under their validators.
func TestCompileErrorGrouping(t *testing.T) {
	be := func(ptr string, r world.Rule, msg string) error {
		return &world.BundleError{Pointer: ptr, Rule: r, Err: errors.New(msg)}
	}
	err := errors.Join(
		be("/tools/0/args", world.RuleToolSchema, "input schema does not compile: boom"),
		be("/tools/1/name", world.RuleUnique, `tool "x" is declared twice`),
		be("/tasks/0", world.RuleStructure, "something else"),
		be("/tables/0/service", world.RuleOwnership, `unknown service "s"`),
		be("/tools/2/steps/0/get", world.RuleToolScope, "may only use its own service's tables"),
		be("/x", world.Rule("future-rule"), "a rule this package does not know"),
	)
	v := &validation{byName: map[string]*ValidatorResult{}}
	for _, n := range validatorNames {
		v.byName[n] = &ValidatorResult{Name: n, Errors: []string{}}
	}
	v.compileErrors(err)
	got := map[string][]string{}
	var skipped []string
	for _, n := range validatorNames {
		if r := v.byName[n]; len(r.Errors) > 0 {
			got[n] = r.Errors
		} else if r.Skipped != "" {
			skipped = append(skipped, n)
		}
	}
	want := map[string][]string{
		VToolSchemas: {"/tools/0/args: input schema does not compile: boom"},
		VReferences:  {`/tools/1/name: tool "x" is declared twice`, "/tasks/0: something else", "/x: a rule this package does not know"},
		VOwnership:   {`/tables/0/service: unknown service "s"`},
		VToolScope:   {"/tools/2/steps/0/get: may only use its own service's tables"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("errors (-want +got):\n%s", d)
	}
	if slices.Contains(skipped, VReferences) || !slices.Contains(skipped, VSeed) || !slices.Contains(skipped, VNoLeaks) {
		t.Errorf("skipped %v", skipped)
	}
	if got := v.byName[VSeed].Skipped; got != "not checked: the bundle fails references, ownership, tool-scope, tool-schemas" {
		t.Errorf("seed skipped: %q", got)
	}
}

func TestValidateNotJSON(t *testing.T) {
	rep := Validate(context.Background(), []byte(`{"name": "half`))
	if rep.OK || rep.World != "" {
		t.Fatalf("%+v", rep)
	}
	if d := cmp.Diff([]string{VSchema}, rep.Failed()); d != "" {
		t.Errorf("failing validators (-want +got):\n%s", d)
	}
	b, err := json.Marshal(rep.Validators[1])
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"name":"references","ok":false,"errors":[],"skipped":"not checked: the bundle fails schema"}`; string(b) != want {
		t.Errorf("got %s\nwant %s", b, want)
	}
}

// TestReadOnlySQL puts hidden SQL that writes, or would change the
// episode's connection, into an invariant check.
func TestReadOnlySQL(t *testing.T) {
	tests := []struct {
		check   string
		wantErr string
	}{
		{"SELECT 1; PRAGMA query_only=OFF; DELETE FROM crm_orders", "/invariants/0/check: more than one statement: write a single SELECT"},
		{"BEGIN", "/invariants/0/check: starts with BEGIN: only a read-only SELECT (or WITH … SELECT, VALUES) runs here"},
		{"PRAGMA foreign_keys=OFF", "/invariants/0/check: starts with PRAGMA: only a read-only SELECT (or WITH … SELECT, VALUES) runs here"},
		{"WITH gone AS (SELECT id FROM crm_orders) DELETE FROM crm_orders WHERE id IN gone", `/invariants/0/check: SQL logic error: near "DELETE": syntax error (1)`},
		{"SELECT nope FROM crm_orders", "/invariants/0/check: SQL logic error: no such column: nope (1)"},
	}
	for _, tt := range tests {
		t.Run(tt.check, func(t *testing.T) {
			data := patch(t, miniBytes(t), func(b map[string]any) {
				b["invariants"].([]any)[0].(map[string]any)["check"] = tt.check
			})
			rep := Validate(context.Background(), data)
			v, _ := rep.Validator(VReadOnlySQL)
			if d := cmp.Diff([]string{tt.wantErr}, v.Errors); d != "" {
				t.Errorf("errors (-want +got):\n%s", d)
			}
			if d := cmp.Diff([]string{VReadOnlySQL}, rep.Failed()); d != "" {
				t.Errorf("failing validators (-want +got):\n%s", d)
			}
		})
	}
}

func TestNoLeaks(t *testing.T) {
	const check = "SELECT o.id FROM crm_orders o JOIN crm_customers c ON c.id = o.customer_id WHERE o.status = 'delivered' AND (SELECT count(*) FROM billing_invoices i WHERE i.order_ref = o.id AND i.status <> 'void' AND i.amount_cents = o.amount_cents AND i.customer_email = c.email) <> 1"
	tool := func(b map[string]any, name string) map[string]any {
		for _, x := range b["tools"].([]any) {
			if m := x.(map[string]any); m["name"] == name {
				return m
			}
		}
		t.Fatalf("no tool %s", name)
		return nil
	}
	task := func(b map[string]any) map[string]any { return b["tasks"].([]any)[0].(map[string]any) }
	tests := []struct {
		name  string
		patch func(b map[string]any)
		want  []string
	}{
		{"argument description", func(b map[string]any) {
			tool(b, "create_invoice")["args"].([]any)[0].(map[string]any)["description"] = "Checked by " + check
		}, []string{"/invariants/0/check: hidden text appears in tool create_invoice"}},
		{"white space differs", func(b map[string]any) {
			b["invariants"].([]any)[0].(map[string]any)["check"] = strings.ReplaceAll(check, " AND ", "\n   AND ")
			tool(b, "get_order")["title"] = check
		}, []string{
			"/invariants/0/check: hidden text appears in tool get_order",
			"/invariants/0/check: hidden text appears in resource world://mini-bakery/services/crm", // it lists tool titles
		}},
		{"solution in the instruction", func(b map[string]any) {
			task(b)["instruction"] = `Run {"tool":"send_invoice","args":{"invoice_id":"INV-00002"}} and be done.`
		}, []string{"/tasks/0/solution/2: hidden text appears in the prompt of task invoice-delivered-order"}},
		{"sql assertion in the company profile", func(b map[string]any) {
			task(b)["assertions"] = append(task(b)["assertions"].([]any), map[string]any{
				"id": "all-sent", "description": "No draft invoices.", "sql": "SELECT count(*) = 0 FROM billing_invoices WHERE status = 'draft'"})
			b["company"].(map[string]any)["description"] = "We keep SELECT count(*) = 0 FROM billing_invoices WHERE status = 'draft' true."
		}, []string{"/tasks/0/assertions/2/sql: hidden text appears in resource world://mini-bakery/company"}},
		{"short hidden text is ignored", func(b map[string]any) {
			task(b)["assertions"] = append(task(b)["assertions"].([]any), map[string]any{
				"id": "short", "description": "Always true.", "sql": "SELECT 1"})
			tool(b, "get_order")["description"] = "Read one order by id; SELECT 1."
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := Validate(context.Background(), patch(t, miniBytes(t), tt.patch))
			v, _ := rep.Validator(VNoLeaks)
			if d := cmp.Diff(tt.want, v.Errors, cmpEmpty); d != "" {
				t.Errorf("errors (-want +got):\n%s", d)
			}
		})
	}
}

func TestChangesState(t *testing.T) {
	ctx := context.Background()
	w := compile(t, miniBytes(t))
	task := w.Tasks()[0]
	get := world.Call{Tool: "get_order", Args: map[string]any{"order_id": "ORD-00002"}}
	tests := []struct {
		name  string
		calls []world.Call
		want  bool
	}{
		{"a read", []world.Call{markDelivered, get}, false},
		{"a write", []world.Call{get, markDelivered}, true},
		{"a failing write", []world.Call{markDelivered, markDelivered}, false},
	}
	for _, tt := range tests {
		got, err := changesState(ctx, w, task, tt.calls)
		if err != nil || got != tt.want {
			t.Errorf("%s: changesState = %v, %v; want %v", tt.name, got, err, tt.want)
		}
	}
}

// TestValidateUnbounded: a check that never ends (a recursive CTE without
// a bound) is stopped at its budget of VM steps, or at the wall-clock
// backstop when that comes first, and reported at its pointer, both
// when it computes forever before its first row and when it streams rows
// without end; validation returns instead of hanging.
func TestValidateUnbounded(t *testing.T) {
	for _, check := range []string{
		"WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n",
		"WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n WHERE x = 1 OR x < 0",
		"WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n",
	} {
		t.Run(check, func(t *testing.T) {
			data := patch(t, miniBytes(t), func(b map[string]any) {
				b["invariants"].([]any)[0].(map[string]any)["check"] = check
			})
			start := time.Now()
			rep := ValidateWith(context.Background(), data, ValidateOptions{Steps: 100_000})
			if d := time.Since(start); d > 20*time.Second {
				t.Errorf("validation took %s", d)
			}
			v, _ := rep.Validator(VReadOnlySQL)
			if len(v.Errors) != 1 || v.Errors[0] != "/invariants/0/check: stopped after 100000 VM steps: the query ran past its budget" {
				t.Errorf("read-only-sql errors: %q", v.Errors)
			}
			// The wall-clock backstop stops it too, when it comes first.
			rep = ValidateWith(context.Background(), data, ValidateOptions{Budget: 50 * time.Millisecond})
			v, _ = rep.Validator(VReadOnlySQL)
			if len(v.Errors) != 1 || v.Errors[0] != "/invariants/0/check: stopped after 50ms of wall-clock time: the query ran past its budget" {
				t.Errorf("read-only-sql errors with a 50ms backstop: %q", v.Errors)
			}
			if rep.OK {
				t.Error("the bundle validates")
			}
		})
	}
}

// TestValidateAdvisory: an advisory validator reports its errors but does
// not fail the bundle; every other validator still does.
func TestValidateAdvisory(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "validate", "steps-needed.json"))
	if err != nil {
		t.Fatal(err)
	}
	rep := ValidateWith(context.Background(), data, ValidateOptions{Advisory: RewardValidators()})
	v, _ := rep.Validator(VStepsNeeded)
	if !rep.OK || v.OK || !v.Advisory || len(v.Errors) != 1 {
		t.Errorf("report ok %v; steps-needed %+v", rep.OK, v)
	}
	data, err = os.ReadFile(filepath.Join("testdata", "validate", "seed-invariants.json"))
	if err != nil {
		t.Fatal(err)
	}
	if rep := ValidateWith(context.Background(), data, ValidateOptions{Advisory: RewardValidators()}); rep.OK {
		t.Error("an advisory reward validator hid a failing seed-invariants")
	}
	// Skipped reward validators do not run and do not fail the bundle;
	// other validators cannot be skipped.
	data, err = os.ReadFile(filepath.Join("testdata", "validate", "steps-needed.json"))
	if err != nil {
		t.Fatal(err)
	}
	rep = ValidateWith(context.Background(), data, ValidateOptions{Skip: append(RewardValidators(), VNoLeaks)})
	v, _ = rep.Validator(VStepsNeeded)
	nl, _ := rep.Validator(VNoLeaks)
	if !rep.OK || v.Skipped == "" || len(v.Errors) != 0 || nl.Skipped != "" || !nl.OK {
		t.Errorf("report ok %v; steps-needed %+v; no-leaks %+v", rep.OK, v, nl)
	}
}

// TestValidateRule: mini.json with its invariant written as a structured
// rule passes every validator, policy-agrees included (its text and check
// are compiled from the rule).
func TestValidateRule(t *testing.T) {
	data := patch(t, miniBytes(t), func(b map[string]any) {
		b["invariants"] = []any{map[string]any{
			"name": "delivered-orders-invoiced", "title": "Delivered orders are invoiced",
			"rule": map[string]any{
				"when": map[string]any{"table": "crm_orders", "noun": "order", "where": map[string]any{"status": "delivered"}},
				"then": map[string]any{"table": "billing_invoices", "require": "one",
					"match": []any{
						map[string]any{"column": "order_ref", "equals": "id"},
						map[string]any{"column": "amount_cents", "equals": "amount_cents"},
						map[string]any{"column": "customer_email", "equals": "customer_id.email"},
					},
					"where": map[string]any{"status": map[string]any{"ne": "void"}}},
			},
		}}
	})
	rep := Validate(context.Background(), data)
	if !rep.OK {
		b, _ := json.MarshalIndent(rep, "", "  ")
		t.Fatalf("the rule version of mini.json does not validate:\n%s", b)
	}
}

// TestValidateDeterministic: the same bundle gives a byte-identical
// validation report, reward validators included.
func TestValidateDeterministic(t *testing.T) {
	data, err := bundles.Bytes(bundles.Default)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(Validate(context.Background(), data))
	b, _ := json.Marshal(Validate(context.Background(), data))
	if !bytes.Equal(a, b) {
		t.Errorf("two validations differ:\n%s\n%s", a, b)
	}
	if rep := Validate(context.Background(), data); !rep.OK {
		t.Errorf("the default world does not validate: %v", rep.Failed())
	}
}
