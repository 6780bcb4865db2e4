package world

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"
)

// TestMarkRewind: rewinding to a mark gives the state, clock and
// trajectory a fresh replay of the calls before it gives, and replaying
// the rest from there ends where the full run ended; a failed call inside
// a mark leaves the state as it was; a mark a rewind dropped is refused.
func TestMarkRewind(t *testing.T) {
	ctx := context.Background()
	w := mustCompileBytes(t, mutate(t, func(map[string]any) {}))
	task := w.Tasks()[0]
	sol := task.Spec().Solution
	if len(sol) < 2 {
		t.Fatalf("task %s has %d calls; the test needs two", task.ID(), len(sol))
	}
	args := func(c Call) json.RawMessage { b, _ := json.Marshal(c.Args); return b }
	// fresh is the hash and trajectory of calls replayed on a new episode.
	fresh := func(calls []Call) (string, []Entry) {
		ep, err := w.NewEpisode(ctx, task)
		if err != nil {
			t.Fatal(err)
		}
		defer ep.Close()
		for _, c := range calls {
			ep.Call(ctx, c.Tool, args(c))
		}
		h, err := ep.StateHash(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return h, ep.Trajectory()
	}
	ep, err := w.NewEpisode(ctx, task)
	if err != nil {
		t.Fatal(err)
	}
	defer ep.Close()
	var marks []Mark
	for _, c := range sol {
		m, err := ep.Mark(ctx)
		if err != nil {
			t.Fatal(err)
		}
		marks = append(marks, m)
		ep.Call(ctx, c.Tool, args(c))
	}
	full, fullTraj := fresh(sol)
	for k := len(sol) - 1; k >= 0; k-- {
		if err := ep.Rewind(ctx, marks[k]); err != nil {
			t.Fatal(err)
		}
		h, _ := ep.StateHash(ctx)
		want, wantTraj := fresh(sol[:k])
		if h != want || ep.Calls() != k || !slices.EqualFunc(ep.Trajectory(), wantTraj, sameEntry) {
			t.Fatalf("rewound to the mark before call %d: state %s, %d calls; a fresh replay: %s, %d calls", k, h, ep.Calls(), want, len(wantTraj))
		}
		// A failed call inside the mark changes nothing but the clock.
		if _, err := ep.Call(ctx, "no_such_tool", nil); err == nil {
			t.Fatal("an unknown tool did not fail")
		}
		if h2, _ := ep.StateHash(ctx); h2 != h {
			t.Fatalf("a failed call changed the state: %s, then %s", h, h2)
		}
		if err := ep.Rewind(ctx, marks[k]); err != nil {
			t.Fatal(err)
		}
		for _, c := range sol[k:] {
			ep.Call(ctx, c.Tool, args(c))
		}
		if h, _ := ep.StateHash(ctx); h != full || !slices.EqualFunc(ep.Trajectory(), fullTraj, sameEntry) {
			t.Fatalf("replayed from the mark before call %d: state %s; the full run: %s", k, h, full)
		}
		if k > 0 {
			// The marks after k-1 go with the next rewind.
			if err := ep.Rewind(ctx, marks[k-1]); err != nil {
				t.Fatal(err)
			}
			if err := ep.Rewind(ctx, marks[k]); !errors.Is(err, ErrMarkGone) {
				t.Fatalf("rewind to a dropped mark: %v, want ErrMarkGone", err)
			}
		}
	}
	if _, err := ep.Fork(ctx); err == nil {
		t.Error("an episode with marks forked")
	}
}

func sameEntry(a, b Entry) bool {
	return a.Step == b.Step && a.Time == b.Time && a.Tool == b.Tool && string(a.Args) == string(b.Args) && string(a.Result) == string(b.Result) && a.Error == b.Error
}
