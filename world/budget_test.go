package world

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestCallBudget: a call that runs past its budget is stopped, comes back
// as a tool error the agent can read, and changes nothing.
func TestCallBudget(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/mini.json")
	ep, err := w.NewEpisode(ctx, w.Tasks()[0])
	if err != nil {
		t.Fatal(err)
	}
	defer ep.Close()
	before, err := ep.StateHash(ctx)
	if err != nil {
		t.Fatal(err)
	}
	callBudget = time.Nanosecond
	defer func() { callBudget = CallBudget }()
	_, err = ep.Call(ctx, "update_order_status", []byte(`{"order_id":"ORD-00002","status":"delivered"}`))
	var te *ToolError
	if !errors.As(err, &te) || !strings.Contains(te.Msg, "update_order_status ran past its budget of 1ns and was stopped; nothing was changed") {
		t.Fatalf("err = %v", err)
	}
	callBudget = CallBudget
	if after, _ := ep.StateHash(ctx); after != before {
		t.Error("a stopped call changed the state")
	}
	if _, err := ep.Call(ctx, "update_order_status", []byte(`{"order_id":"ORD-00002","status":"delivered"}`)); err != nil {
		t.Errorf("the episode is not usable after a stopped call: %v", err)
	}
}

// TestReadOnlyCalls: a tool that only reads runs without a transaction of
// its own; one that fails, or runs past its budget, leaves none open, so
// the calls after it (a write, a read inside a mark) run as before.
func TestReadOnlyCalls(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/mini.json")
	if tool, _ := w.Tool("get_order"); !tool.ReadOnly() {
		t.Fatal("get_order should be read-only")
	}
	ep, err := w.NewEpisode(ctx, w.Tasks()[0])
	if err != nil {
		t.Fatal(err)
	}
	defer ep.Close()
	write := func() {
		t.Helper()
		if _, err := ep.Call(ctx, "update_order_status", []byte(`{"order_id":"ORD-00002","status":"delivered"}`)); err != nil {
			t.Fatalf("a write after it: %v", err)
		}
	}
	if _, err := ep.Call(ctx, "get_order", []byte(`{"order_id":"ORD-00001"}`)); err != nil {
		t.Fatal(err)
	}
	write()
	var te *ToolError
	if _, err := ep.Call(ctx, "get_order", []byte(`{"order_id":"ORD-99999"}`)); !errors.As(err, &te) {
		t.Fatalf("get of a missing order: %v", err)
	}
	write()
	callBudget = time.Nanosecond
	_, err = ep.Call(ctx, "get_order", []byte(`{"order_id":"ORD-00001"}`))
	callBudget = CallBudget
	if !errors.As(err, &te) || !strings.Contains(te.Msg, "get_order ran past its budget") {
		t.Fatalf("a read past its budget: %v", err)
	}
	write()
	out, err := ep.Call(ctx, "get_order", []byte(`{"order_id":"ORD-00002"}`))
	if err != nil || !strings.Contains(string(out), `"delivered"`) {
		t.Fatalf("a read sees the write: %s %v", out, err)
	}
}
