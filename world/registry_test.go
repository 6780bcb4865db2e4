package world

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"
	"time"
)

func TestEpisodesReapAndLimit(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/ops.json")
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	r := NewEpisodes(w, RegistryOptions{Idle: time.Minute, Limit: 2, Now: clock})
	a, err := r.Open(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := r.Open(ctx, "a"); again != a {
		t.Fatal("the same id opened a different episode")
	}
	if _, err := r.Open(ctx, "b"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Open(ctx, "c"); !errors.Is(err, ErrTooManyEpisodes) {
		t.Fatalf("third episode over a limit of 2: %v", err)
	}
	now = now.Add(45 * time.Second)
	r.Open(ctx, "b") // b is used, a is not
	now = now.Add(30 * time.Second)
	if got := r.Reap(); len(got) != 1 || got[0] != "a" {
		t.Fatalf("reaped %v, want [a]", got)
	}
	if _, err := a.Call(ctx, "list_active_agents", nil); !errors.Is(err, ErrClosed) {
		t.Errorf("reaped episode still answers: %v", err)
	}
	if _, err := r.Lookup("a"); !errors.Is(err, ErrNoEpisode) {
		t.Errorf("lookup of reaped episode: %v", err)
	}
	if !r.Delete("b") || r.Delete("b") || r.Len() != 0 {
		t.Error("delete did not empty the registry")
	}
}

// TestEpisodesIsolated opens many episodes concurrently; each sees only
// its own writes.
func TestEpisodesIsolated(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/ops.json")
	r := NewEpisodes(w, RegistryOptions{})
	defer r.CloseAll()
	var wg sync.WaitGroup
	errs := make([]error, 16)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ep, err := r.Open(ctx, string(rune('a'+i)))
			if err != nil {
				errs[i] = err
				return
			}
			out, err := ep.Call(ctx, "create_ticket", json.RawMessage(`{"subject":"only mine"}`))
			if err != nil {
				errs[i] = err
				return
			}
			var rec struct{ ID string }
			json.Unmarshal(out, &rec)
			if rec.ID != "TCK-0005" {
				errs[i] = errors.New("episode saw another episode's insert: got " + rec.ID)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}
