package world

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite golden files")

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, _ := os.ReadFile(path)
	if d := cmp.Diff(string(want), string(got)); d != "" {
		t.Errorf("%s (-want +got):\n%s", path, d)
	}
}

func mustCompile(t testing.TB, path string) *World {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := Compile(data)
	if err != nil {
		t.Fatalf("compile %s: %v", path, err)
	}
	return w
}

func hash(t testing.TB, ep *Episode) string {
	t.Helper()
	h, err := ep.StateHash(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// opsCalls exercise every operation kind, with the mistakes a model makes.
var opsCalls = []struct{ tool, args string }{
	// search: every filter op, paging, total order
	{"search_tickets", `{}`},
	{"search_tickets", `{"limit":3}`},
	{"search_tickets", `{"cursor":"bzoy"}`},
	{"search_tickets", `{"cursor":"not-a-cursor"}`},
	{"search_tickets", `{"limit":4}`},
	{"search_tickets", `{"text":"vpn"}`},
	{"search_tickets", `{"text":"100%"}`},
	{"search_tickets", `{"text":"_setup"}`},
	{"search_tickets", `{"prefix":"New"}`},
	{"search_tickets", `{"status":"new"}`},
	{"search_tickets", `{"not_status":"new"}`},
	{"search_tickets", `{"statuses":["resolved","open"]}`},
	{"search_tickets", `{"statuses":[]}`},
	{"search_tickets", `{"min_priority":2,"max_priority":2}`},
	{"search_tickets", `{"above_priority":1,"below_priority":3}`},
	{"search_tickets", `{"unassigned":true}`},
	{"search_tickets", `{"unassigned":false}`},
	{"search_tickets", `{"due_before":"2026-06-01"}`},
	{"search_tickets", `{"status":"bogus","min_priority":"high","extra":1}`},
	{"list_active_agents", `{}`},
	// get
	{"get_agent_by_email", `{"email":"emma@opslab.example"}`},
	{"get_agent_by_email", `{"email":"nobody@opslab.example"}`},
	{"get_agent_by_email", `{}`},
	// insert: sequence ids, defaults, absent precondition, key checks
	{"create_ticket", `{"subject":"Coffee machine","score":3}`},
	{"create_ticket", `{"subject":"Coffee machine"}`},
	{"create_ticket", `{"subject":"Phones","priority":1,"assignee_id":99}`},
	{"create_ticket", `{"subject":"Phones","priority":7}`},
	{"create_ticket", `{"subject":"Phones","priority":1,"assignee_id":1}`},
	// a caller-chosen id moves the sequence past it
	{"import_ticket", `{"id":"TCK-0100","subject":"Imported"}`},
	{"create_ticket", `{"subject":"After import","priority":2.0}`},
	{"import_ticket", `{"id":"TCK-0100","subject":"Again"}`},
	// update: key, optional set, transitions
	{"update_ticket", `{"ticket_id":"TCK-0002","status":"open"}`},
	{"update_ticket", `{"ticket_id":"TCK-0002","status":"closed"}`},
	{"update_ticket", `{"ticket_id":"TCK-0002"}`},
	{"update_ticket", `{"ticket_id":"TCK-0099","status":"open"}`},
	{"update_ticket", `{"ticket_id":"TCK-0002","priority":1,"due":"2026-05-06"}`},
	{"update_ticket", `{"ticket_id":"TCK-0002","due":"May 6th"}`},
	// require
	{"assign_ticket", `{"ticket_id":"TCK-0004","agent_id":2}`},
	{"assign_ticket", `{"ticket_id":"TCK-0004","agent_id":42}`},
	{"assign_ticket", `{"ticket_id":"TCK-0004","agent_id":3}`},
	{"reopen_ticket", `{"ticket_id":"TCK-0004"}`},
	{"reopen_ticket", `{"ticket_id":"TCK-0003"}`},
	{"post_message", `{"channel":"old-news","text":"hello"}`},
	{"post_message", `{"channel":"nope","text":"hello"}`},
	{"post_message", `{"channel":"support","text":"TCK-0001 is on fire <b>"}`},
	// composite write across two tables, alias reads, $today
	{"send_email", `{"thread_id":"THR-001","to":"klant@example.nl","body":"Dank u!"}`},
	{"send_email", `{"thread_id":"THR-001","to":"not an email","body":"x"}`},
	// delete: referenced rows are protected, then a free one goes
	{"delete_agent", `{"agent_id":1}`},
	{"delete_agent", `{"agent_id":2}`},
	{"delete_agent", `{"agent_id":2}`},
	// rollback of a multi-step write
	{"broken_write", `{"thread_id":"THR-001"}`},
	{"no_such_tool", `{}`},
	{"search_tickets", `not json`},
}

// TestOperations runs every operation kind and records the transcript. Every
// failed call must leave the state exactly as it was.
func TestOperations(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/ops.json")
	ep, err := w.NewEpisode(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ep.Close()
	var buf bytes.Buffer
	for _, c := range opsCalls {
		before := hash(t, ep)
		out, err := ep.Call(ctx, c.tool, json.RawMessage(c.args))
		fmt.Fprintf(&buf, "> %s %s\n", c.tool, c.args)
		if err != nil {
			var te *ToolError
			if !errors.As(err, &te) {
				t.Fatalf("%s %s: internal error %v", c.tool, c.args, err)
			}
			fmt.Fprintf(&buf, "error: %s\n", te.Msg)
			if after := hash(t, ep); after != before {
				t.Errorf("%s %s failed but changed the state", c.tool, c.args)
			}
			continue
		}
		fmt.Fprintf(&buf, "%s\n", out)
	}
	golden(t, "testdata/ops.golden", buf.Bytes())
	got := ep.Trajectory()
	if len(got) != len(opsCalls) {
		t.Fatalf("trajectory has %d entries, want %d", len(got), len(opsCalls))
	}
	if got[1].Time != "2026-05-04T09:00:30+02:00" {
		t.Errorf("second call at %s, want one tick (30s) after the start", got[1].Time)
	}
}

// TestDeterminism: the same bundle compiles to the same bytes, and the same
// calls give the same results and state.
func TestDeterminism(t *testing.T) {
	ctx := context.Background()
	w1 := mustCompile(t, "testdata/ops.json")
	w2 := mustCompile(t, "testdata/ops.json")
	if w1.DDL() != w2.DDL() {
		t.Error("DDL differs between compiles")
	}
	if !bytes.Equal(w1.image, w2.image) {
		t.Error("template image differs between compiles")
	}
	for i := range w1.tasks {
		if !bytes.Equal(w1.tasks[i].image, w2.tasks[i].image) {
			t.Errorf("task %s image differs", w1.tasks[i].ID())
		}
	}
	run := func(w *World) ([]Entry, string) {
		ep, err := w.NewEpisode(ctx, w.tasks[0])
		if err != nil {
			t.Fatal(err)
		}
		defer ep.Close()
		for _, c := range opsCalls {
			ep.Call(ctx, c.tool, json.RawMessage(c.args))
		}
		return ep.Trajectory(), hash(t, ep)
	}
	t1, h1 := run(w1)
	t2, h2 := run(w2)
	if h1 != h2 {
		t.Errorf("state hash %s != %s", h1, h2)
	}
	if d := cmp.Diff(t1, t2); d != "" {
		t.Errorf("trajectories differ (-1 +2):\n%s", d)
	}
}

func TestTaskSeed(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/ops.json")
	task, _ := w.Task("announce-urgent")
	ep, err := w.NewEpisode(ctx, task)
	if err != nil {
		t.Fatal(err)
	}
	defer ep.Close()
	out, err := ep.Call(ctx, "search_tickets", json.RawMessage(`{"min_priority":1,"max_priority":1}`))
	if err != nil || !strings.Contains(string(out), "TCK-0005") {
		t.Fatalf("seeded ticket not visible: %s %v", out, err)
	}
	// The seed deleted THR-001.
	if _, err := ep.Call(ctx, "send_email", json.RawMessage(`{"thread_id":"THR-001","to":"a@b.nl","body":"x"}`)); err == nil {
		t.Error("deleted thread still there")
	}
	// Sequences continue after the seeded id.
	out, err = ep.Call(ctx, "create_ticket", json.RawMessage(`{"subject":"Next"}`))
	if err != nil || !strings.Contains(string(out), `"id":"TCK-0006"`) {
		t.Errorf("want TCK-0006 after seeded TCK-0005, got %s %v", out, err)
	}
}

func TestFork(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/ops.json")
	a, _ := w.NewEpisode(ctx, nil)
	defer a.Close()
	if _, err := a.Call(ctx, "create_ticket", json.RawMessage(`{"subject":"Before fork"}`)); err != nil {
		t.Fatal(err)
	}
	b, err := a.Fork(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if hash(t, a) != hash(t, b) || b.Calls() != 1 {
		t.Fatal("fork does not start from the parent's state")
	}
	outA, _ := a.Call(ctx, "create_ticket", json.RawMessage(`{"subject":"In A"}`))
	outB, _ := b.Call(ctx, "create_ticket", json.RawMessage(`{"subject":"In B"}`))
	if !strings.Contains(string(outA), "TCK-0006") || !strings.Contains(string(outB), "TCK-0006") {
		t.Errorf("forks should allocate ids independently: %s / %s", outA, outB)
	}
	if hash(t, a) == hash(t, b) {
		t.Error("forks share state")
	}
	if a.Trajectory()[1].Time != b.Trajectory()[1].Time {
		t.Error("fork clock did not continue from the parent")
	}
}

func TestClosedEpisode(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/ops.json")
	ep, _ := w.NewEpisode(ctx, nil)
	ep.Close()
	if _, err := ep.Call(ctx, "list_active_agents", nil); err != ErrClosed {
		t.Errorf("call on closed episode: %v, want ErrClosed", err)
	}
	if err := ep.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

func TestReadIsReadOnly(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/ops.json")
	ep, _ := w.NewEpisode(ctx, nil)
	defer ep.Close()
	before := hash(t, ep)
	err := ep.Read(ctx, func(q Querier) error {
		_, err := q.QueryContext(ctx, "DELETE FROM helpdesk_agents")
		return err
	})
	if err == nil {
		t.Fatal("a write inside Read succeeded")
	}
	if hash(t, ep) != before {
		t.Fatal("Read changed the state")
	}
	if _, err := ep.Call(ctx, "create_ticket", json.RawMessage(`{"subject":"After read"}`)); err != nil {
		t.Fatalf("writes fail after Read: %v", err)
	}
}

func TestBundleSchemaIsValidJSON(t *testing.T) {
	var v map[string]any
	if err := json.Unmarshal(BundleSchema(), &v); err != nil {
		t.Fatal(err)
	}
	matches, _ := filepath.Glob("testdata/*.json")
	for _, m := range matches {
		mustCompile(t, m)
	}
}
