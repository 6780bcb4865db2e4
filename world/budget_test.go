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
