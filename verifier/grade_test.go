package verifier

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mercury/mcp-world/world"
)

var update = flag.Bool("update", false, "rewrite golden files")

// golden compares got with the file at path, or rewrites it with -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, _ := os.ReadFile(path) // a missing file counts as empty
	if d := cmp.Diff(string(want), string(got)); d != "" {
		t.Errorf("%s (-want +got):\n%s", path, d)
	}
}

const miniPath = "../world/testdata/mini.json"

func miniBytes(t testing.TB) []byte {
	t.Helper()
	data, err := os.ReadFile(miniPath)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func compile(t testing.TB, data []byte) *world.World {
	t.Helper()
	w, err := world.Compile(data)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	return w
}

// patch decodes a bundle, lets fn change it and encodes it again.
func patch(t testing.TB, data []byte, fn func(b map[string]any)) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var b map[string]any
	if err := dec.Decode(&b); err != nil {
		t.Fatal(err)
	}
	fn(b)
	out, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// strict is the mini world with a customer-editing tool, and a task that
// may only create invoice INV-00002: any other write is collateral damage.
func strict(t testing.TB) []byte {
	return patch(t, miniBytes(t), func(b map[string]any) {
		b["tools"] = append(b["tools"].([]any), map[string]any{
			"name": "set_customer_tier", "service": "crm", "title": "Set a customer's tier",
			"description": "Move a customer to another tier.",
			"args": []any{
				map[string]any{"name": "customer_id", "type": "string", "required": true},
				map[string]any{"name": "tier", "column": "crm_customers.tier", "required": true},
			},
			"steps": []any{map[string]any{"update": "crm_customers", "key": "$customer_id", "set": map[string]any{"tier": "$tier"}}},
		})
		task := b["tasks"].([]any)[0].(map[string]any)
		task["may_change"].([]any)[1].(map[string]any)["keys"] = []any{"INV-00002"}
	})
}

var (
	markDelivered = world.Call{Tool: "update_order_status", Args: map[string]any{"order_id": "ORD-00002", "status": "delivered"}}
	createInvoice = world.Call{Tool: "create_invoice", Args: map[string]any{"order_ref": "ORD-00002", "customer_email": "kueche@adlon.example", "amount_cents": 12550}}
	sendInvoice   = world.Call{Tool: "send_invoice", Args: map[string]any{"invoice_id": "INV-00002"}}
	solution      = []world.Call{markDelivered, createInvoice, sendInvoice}
	// An invoice for the old order with another amount: allowed by the
	// mini task's may_change, and it breaks no invariant.
	extraInvoice = world.Call{Tool: "create_invoice", Args: map[string]any{"order_ref": "ORD-00001", "customer_email": "einkauf@kranzler.example", "amount_cents": 100}}
	demote       = world.Call{Tool: "set_customer_tier", Args: map[string]any{"customer_id": "CUS-0001", "tier": "standard"}}
)

// play starts an episode of the world's first task and makes the calls;
// a call that fails fails the test.
func play(t testing.TB, w *world.World, calls []world.Call) *world.Episode {
	t.Helper()
	ctx := context.Background()
	ep, err := w.NewEpisode(ctx, w.Tasks()[0])
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ep.Close() })
	for _, c := range calls {
		if _, err := ep.Call(ctx, c.Tool, callArgs(c)); err != nil {
			t.Fatalf("%s: %v", c.Tool, err)
		}
	}
	return ep
}

// TestGrade grades the mini task after several plays, under the current
// rule (golden reports under testdata/grade) and under mercury-grader/1,
// whose reports must stay byte-identical to the ones it made before
// grader/2 existed (testdata/grade/v1, never rewritten by -update).
func TestGrade(t *testing.T) {
	tests := []struct {
		name        string
		bundle      func(testing.TB) []byte
		calls       []world.Call
		wantScore   float64 // mercury-grader/2
		wantV1      float64 // mercury-grader/1
		wantSuccess bool
		wantFailed  []string
		golden      string // report golden file under testdata/grade
	}{
		{name: "solution", calls: solution, wantScore: 1, wantV1: 1, wantSuccess: true, golden: "solution.json"},
		{name: "noop", wantScore: 0, wantV1: 0.4, wantFailed: []string{"order-delivered", "invoice-sent"}, golden: "noop.json"},
		{name: "invoice only", calls: []world.Call{createInvoice, sendInvoice}, wantScore: 2.0 / 3, wantV1: 0.8, wantFailed: []string{"order-delivered"}},
		{name: "delivered only", calls: []world.Call{markDelivered}, wantScore: 1.0 / 6, wantV1: 0.4,
			wantFailed: []string{"invoice-sent", "invariant:delivered-orders-invoiced"}, golden: "delivered-only.json"},
		{name: "draft not sent", calls: []world.Call{markDelivered, createInvoice}, wantScore: 1.0 / 3, wantV1: 0.6, wantFailed: []string{"invoice-sent"}},
		{name: "solution and an allowed extra invoice", calls: append(solution[:3:3], extraInvoice), wantScore: 1, wantV1: 1, wantSuccess: true},
		{name: "strict: solution", bundle: strict, calls: solution, wantScore: 1, wantV1: 1, wantSuccess: true},
		{name: "strict: solution and an extra invoice", bundle: strict, calls: append(solution[:3:3], extraInvoice),
			wantScore: 0.5, wantV1: 0.8, wantFailed: []string{"collateral"}},
		{name: "strict: solution and an unrelated write", bundle: strict, calls: append(solution[:3:3], demote),
			wantScore: 0.5, wantV1: 0.8, wantFailed: []string{"collateral"}, golden: "collateral.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := miniBytes(t)
			if tt.bundle != nil {
				data = tt.bundle(t)
			}
			w := compile(t, data)
			ep := play(t, w, tt.calls)
			for _, grader := range GraderVersions() {
				r, err := GradeWith(context.Background(), ep, w.Tasks()[0], Options{Grader: grader})
				if err != nil {
					t.Fatal(err)
				}
				want := tt.wantScore
				if grader == GraderV1 {
					want = tt.wantV1
				}
				if r.Score != want || r.Success != tt.wantSuccess || r.GraderVersion != grader {
					t.Errorf("%s: score %v success %v, want %v %v", grader, r.Score, r.Success, want, tt.wantSuccess)
				}
				if d := cmp.Diff(tt.wantFailed, r.Failed()); d != "" {
					t.Errorf("%s: failed checks (-want +got):\n%s", grader, d)
				}
				if r.Calls != len(tt.calls) {
					t.Errorf("calls = %d, want %d", r.Calls, len(tt.calls))
				}
				if hash, _ := ep.StateHash(context.Background()); r.StateHash != hash || r.BundleHash != w.Hash() {
					t.Errorf("hashes %s %s, want %s %s", r.StateHash, r.BundleHash, hash, w.Hash())
				}
				if tt.golden == "" {
					continue
				}
				// The hashes change with mini.json's bytes and the runtime's
				// hashing; they were checked above.
				scrubbed := *r
				scrubbed.BundleHash, scrubbed.StateHash = "sha256:…", "sha256:…"
				b, err := json.MarshalIndent(scrubbed, "", "  ")
				if err != nil {
					t.Fatal(err)
				}
				b = append(b, '\n')
				if grader == GraderV1 {
					want, err := os.ReadFile(filepath.Join("testdata", "grade", "v1", tt.golden))
					if err != nil {
						t.Fatal(err)
					}
					if d := cmp.Diff(string(want), string(b)); d != "" {
						t.Errorf("a mercury-grader/1 report changed (-want +got):\n%s", d)
					}
					continue
				}
				golden(t, filepath.Join("testdata", "grade", tt.golden), b)
			}
		})
	}
	t.Run("unknown grader", func(t *testing.T) {
		w := compile(t, miniBytes(t))
		ep := play(t, w, nil)
		_, err := GradeWith(context.Background(), ep, w.Tasks()[0], Options{Grader: "mercury-grader/9"})
		if err == nil || !strings.Contains(err.Error(), `unknown grader "mercury-grader/9" (graders: mercury-grader/1, mercury-grader/2)`) {
			t.Errorf("err = %v", err)
		}
	})
}

func TestGradeDetail(t *testing.T) {
	w := compile(t, strict(t))
	ep := play(t, w, append(solution[:3:3], demote))
	r, err := Grade(context.Background(), ep, w.Tasks()[0])
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, c := range r.Checks {
		got[c.ID] = c.Detail
	}
	want := map[string]string{
		"order-delivered":                     "want crm_orders ORD-00002 status = 'delivered'; found 'delivered'",
		"invoice-sent":                        "want at least 1 row in billing_invoices where amount_cents=12550 and customer_email='kueche@adlon.example' and order_ref='ORD-00002' and status='sent'; found 1",
		"invariant:delivered-orders-invoiced": `no violations of "Delivered orders are invoiced"`,
		"collateral":                          "1 change outside may_change: update crm_customers CUS-0001",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("details (-want +got):\n%s", d)
	}
}

// TestGradeDeterministic grades equal states reached on different episodes
// and checks the reports are byte for byte the same.
func TestGradeDeterministic(t *testing.T) {
	w := compile(t, strict(t))
	calls := append(solution[:3:3], extraInvoice, demote)
	var reports [][]byte
	for range 3 {
		ep := play(t, w, calls)
		r, err := Grade(context.Background(), ep, w.Tasks()[0])
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		reports = append(reports, b)
	}
	for i := 1; i < len(reports); i++ {
		if !bytes.Equal(reports[0], reports[i]) {
			t.Fatalf("report %d differs:\n%s\n%s", i, reports[0], reports[i])
		}
	}
}

// TestAssertions covers every assertion kind and where operator on the
// mini world after its solution.
func TestAssertions(t *testing.T) {
	tests := []struct {
		name       string
		assertion  string
		wantPassed bool
		wantDetail string
		wantRows   int
	}{
		{"exists", `{"exists": {"table": "billing_invoices", "where": {"status": "sent"}}}`, true,
			"want at least 1 row in billing_invoices where status='sent'; found 1", 0},
		{"exists without where", `{"exists": {"table": "crm_orders"}}`, true, "want at least 1 row in crm_orders; found 2", 0},
		{"exists fails", `{"exists": {"table": "billing_invoices", "where": {"status": "void"}}}`, false,
			"want at least 1 row in billing_invoices where status='void'; found 0", 0},
		{"absent", `{"absent": {"table": "billing_invoices", "where": {"status": "draft"}}}`, true,
			"want no rows in billing_invoices where status='draft'; found 0", 0},
		{"absent fails with rows", `{"absent": {"table": "billing_invoices", "where": {"issued_at": {"not_null": true}}}}`, false,
			"want no rows in billing_invoices where issued_at is not null; found 2", 2},
		{"count equals", `{"count": {"table": "billing_invoices", "equals": 2}}`, true, "want exactly 2 rows in billing_invoices; found 2", 0},
		{"count min max", `{"count": {"table": "billing_invoices", "min": 3, "max": 5}}`, false,
			"want between 3 and 5 rows in billing_invoices; found 2", 2},
		{"count max", `{"count": {"table": "crm_customers", "where": {"active": true}, "max": 1}}`, false,
			"want at most 1 row in crm_customers where active=true; found 2", 2},
		{"null equality", `{"count": {"table": "billing_invoices", "where": {"issued_at": null}, "equals": 0}}`, true,
			"want exactly 0 rows in billing_invoices where issued_at is null; found 0", 0},
		{"ne value", `{"count": {"table": "billing_invoices", "where": {"status": {"ne": "paid"}}, "equals": 1}}`, true,
			"want exactly 1 row in billing_invoices where status!='paid'; found 1", 0},
		{"ne null", `{"count": {"table": "billing_invoices", "where": {"issued_at": {"ne": null}}, "equals": 2}}`, true,
			"want exactly 2 rows in billing_invoices where issued_at is not null; found 2", 0},
		{"gt and lte", `{"count": {"table": "crm_orders", "where": {"amount_cents": {"gt": 12550}, "status": {"in": ["delivered", "new"]}}, "equals": 1}}`, true,
			"want exactly 1 row in crm_orders where amount_cents>12550 and status in ('delivered', 'new'); found 1", 0},
		{"gte real", `{"count": {"table": "crm_orders", "where": {"amount_cents": {"gte": 12549.5}}, "equals": 2}}`, true,
			"want exactly 2 rows in crm_orders where amount_cents>=12549.5; found 2", 0},
		{"lt", `{"count": {"table": "crm_orders", "where": {"amount_cents": {"lt": 12550}}, "equals": 0}}`, true,
			"want exactly 0 rows in crm_orders where amount_cents<12550; found 0", 0},
		{"contains", `{"count": {"table": "crm_customers", "where": {"name": {"contains": "adlon"}}, "equals": 1}}`, true,
			"want exactly 1 row in crm_customers where name contains 'adlon'; found 1", 0},
		{"contains escapes wildcards", `{"count": {"table": "crm_customers", "where": {"name": {"contains": "%"}}, "equals": 0}}`, true,
			"want exactly 0 rows in crm_customers where name contains '%'; found 0", 0},
		{"in with null", `{"count": {"table": "billing_invoices", "where": {"issued_at": {"in": [null]}}, "equals": 0}}`, true,
			"want exactly 0 rows in billing_invoices where issued_at in (null); found 0", 0},
		{"empty in", `{"count": {"table": "billing_invoices", "where": {"status": {"in": []}}, "equals": 0}}`, true,
			"want exactly 0 rows in billing_invoices where status in (); found 0", 0},
		{"field", `{"field": {"table": "crm_customers", "key": "CUS-0002", "column": "active", "equals": true}}`, true,
			"want crm_customers CUS-0002 active = true; found true", 0},
		{"field number", `{"field": {"table": "crm_orders", "key": "ORD-00002", "column": "amount_cents", "equals": 12550.0}}`, true,
			"want crm_orders ORD-00002 amount_cents = 12550.0; found 12550", 0},
		{"field null", `{"field": {"table": "billing_invoices", "key": "INV-00002", "column": "issued_at", "equals": null}}`, false,
			"want billing_invoices INV-00002 issued_at = null; found '2026-03-02T08:02:00+01:00'", 0},
		{"field missing row", `{"field": {"table": "crm_orders", "key": "ORD-00099", "column": "status", "equals": "new"}}`, false,
			"want crm_orders ORD-00099 status = 'new'; no crm_orders row with id 'ORD-00099'", 0},
		{"sql", `{"sql": "SELECT count(*) = 2 FROM billing_invoices"}`, true, "first column is 1 (true)", 0},
		{"sql false", `{"sql": "SELECT 'false'"}`, false, "want a true first column; found 'false'", 0},
		{"sql no rows", `{"sql": "SELECT 1 WHERE 0"}`, false, "want a true first column; the query returned no rows", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var a map[string]any
			dec := json.NewDecoder(strings.NewReader(tt.assertion))
			dec.UseNumber()
			if err := dec.Decode(&a); err != nil {
				t.Fatal(err)
			}
			a["id"], a["description"] = "probe", "The assertion under test."
			data := patch(t, miniBytes(t), func(b map[string]any) {
				task := b["tasks"].([]any)[0].(map[string]any)
				task["assertions"] = append(task["assertions"].([]any), a)
			})
			w := compile(t, data)
			ep := play(t, w, solution)
			r, err := Grade(context.Background(), ep, w.Tasks()[0])
			if err != nil {
				t.Fatal(err)
			}
			c := r.Checks[2]
			if c.ID != "probe" || c.Passed != tt.wantPassed || c.Detail != tt.wantDetail || len(c.Rows) != tt.wantRows {
				t.Errorf("got %s passed=%v rows=%d %q\nwant passed=%v rows=%d %q", c.ID, c.Passed, len(c.Rows), c.Detail, tt.wantPassed, tt.wantRows, tt.wantDetail)
			}
		})
	}
}

func TestGradeErrors(t *testing.T) {
	ctx := context.Background()
	w := compile(t, miniBytes(t))
	other := compile(t, strict(t))
	s0, err := w.NewEpisode(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s0.Close()
	bad := compile(t, patch(t, miniBytes(t), func(b map[string]any) {
		inv := b["invariants"].([]any)[0].(map[string]any)
		inv["check"] = "SELECT 1; PRAGMA query_only=OFF; DELETE FROM crm_orders"
	}))
	badEp := play(t, bad, nil)
	tests := []struct {
		name    string
		ep      *world.Episode
		task    *world.Task
		wantErr string
	}{
		{"no task", s0, nil, "grade: no task given"},
		{"seed episode", s0, w.Tasks()[0], "grade: the episode started at the seed state (no task), not at task invoice-delivered-order"},
		{"task of another world", play(t, w, nil), other.Tasks()[0], `grade: task "invoice-delivered-order" is not a task of world mini-bakery`},
		{"multi-statement check", badEp, bad.Tasks()[0], "grade: invariant delivered-orders-invoiced: more than one statement: write a single SELECT"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Grade(ctx, tt.ep, tt.task)
			if err == nil || err.Error() != tt.wantErr {
				t.Fatalf("err = %v, want %q", err, tt.wantErr)
			}
		})
	}
	// The rejected check did not run: the orders are still there.
	r, err := Grade(ctx, play(t, bad, nil), bad.Tasks()[0])
	if err == nil {
		t.Fatalf("graded a bundle with a writing check: %+v", r)
	}
	var n int
	if err := badEp.Read(ctx, func(q world.Querier) error {
		return q.QueryRowContext(ctx, "SELECT count(*) FROM crm_orders").Scan(&n)
	}); err != nil || n != 2 {
		t.Fatalf("crm_orders has %d rows (err %v), want 2", n, err)
	}
}

func BenchmarkGrade(b *testing.B) {
	ctx := context.Background()
	w := compile(b, miniBytes(b))
	ep := play(b, w, solution)
	task := w.Tasks()[0]
	for b.Loop() {
		if _, err := Grade(ctx, ep, task); err != nil {
			b.Fatal(err)
		}
	}
}

// TestGradeScratch: grading on a scratch database (the episode's changes
// replayed on the task's initial state) gives byte-identical reports to
// grading the episode itself, for every task of the default world and the
// mini world after many partial plays; and a scratch database is clean
// again once released.
func TestGradeScratch(t *testing.T) {
	ctx := context.Background()
	for _, w := range []*world.World{loadDefault(t), compile(t, miniBytes(t))} {
		for _, task := range w.Tasks() {
			sol := task.Spec().Solution
			plays := [][]world.Call{nil, sol}
			for n := 1; n < len(sol); n++ {
				plays = append(plays, sol[:n])
			}
			for _, j := range writeCalls(w, sol) {
				plays = append(plays, without(sol, []int{j}))
			}
			for k, calls := range plays {
				ep, err := w.NewEpisode(ctx, task)
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range calls {
					ep.Call(ctx, c.Tool, callArgs(c))
				}
				scratch, err := Grade(ctx, ep, task)
				if err != nil {
					t.Fatal(err)
				}
				noScratch = true
				direct, err := Grade(ctx, ep, task)
				noScratch = false
				ep.Close()
				if err != nil {
					t.Fatal(err)
				}
				a, _ := json.Marshal(scratch)
				b, _ := json.Marshal(direct)
				if !bytes.Equal(a, b) {
					t.Errorf("%s/%s play %d: the scratch report differs from the episode's:\n%s\n%s", w.Name(), task.ID(), k, a, b)
				}
			}
		}
	}
}

// TestGradeBudget: hidden SQL that never ends makes Grade return an
// ErrBudget that names the check and the budget that stopped it (its VM
// steps, or the wall-clock backstop), on the scratch database and on the
// episode alike, instead of hanging.
func TestGradeBudget(t *testing.T) {
	data := patch(t, miniBytes(t), func(b map[string]any) {
		// It reads crm_orders, so it is in the task's scope.
		b["invariants"].([]any)[0].(map[string]any)["check"] = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT o.id FROM crm_orders o, n WHERE n.x = 1 OR n.x < 0"
	})
	w := compile(t, data)
	ep := play(t, w, solution)
	for _, direct := range []bool{false, true} {
		noScratch = direct
		for _, opts := range []Options{{Steps: 100_000}, {Budget: 50 * time.Millisecond}} {
			_, err := GradeWith(context.Background(), ep, w.Tasks()[0], opts)
			want := "invariant delivered-orders-invoiced: stopped after 100000 VM steps"
			if opts.Budget > 0 {
				want = "invariant delivered-orders-invoiced: stopped after 50ms of wall-clock time"
			}
			if !errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), want) {
				t.Errorf("episode path %v, %+v: err = %v", direct, opts, err)
			}
		}
		noScratch = false
	}
}
