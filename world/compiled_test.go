package world

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A world rebuilt from its compiled form and image is the same world: same
// hash, tables and row counts, same state and same tool results.
func TestRecompile(t *testing.T) {
	ctx := context.Background()
	full, err := Compile(anchorBundle(t, 500))
	if err != nil {
		t.Fatal(err)
	}
	c, err := full.Compiled()
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var back Compiled
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	w, err := Recompile(&back, full.Image())
	if err != nil {
		t.Fatal(err)
	}
	if w.Hash() != full.Hash() {
		t.Errorf("hash %s, want %s", w.Hash(), full.Hash())
	}
	if d := cmp.Diff(full.Tables(), w.Tables()); d != "" {
		t.Errorf("tables (-want +got):\n%s", d)
	}
	if len(data) > 20000 {
		t.Errorf("compiled form is %d bytes: the seed rows should be left out", len(data))
	}
	run := func(w *World) (string, []string) {
		ep, err := w.NewEpisode(ctx, w.Tasks()[0])
		if err != nil {
			t.Fatal(err)
		}
		defer ep.Close()
		var outs []string
		for _, c := range []struct{ tool, args string }{
			{"crm_search_contacts", `{"query":"an","limit":3}`},
			{"crm_get_deal", `{"deal_id":"d_0007"}`},
			{"billing_create_invoice", `{"deal_ref":"d_0007","amount_cents":500}`},
		} {
			out, err := ep.Call(ctx, c.tool, json.RawMessage(c.args))
			if err != nil {
				t.Fatalf("%s: %v", c.tool, err)
			}
			outs = append(outs, string(out))
		}
		h, err := ep.StateHash(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return h, outs
	}
	wantHash, wantOuts := run(full)
	gotHash, gotOuts := run(w)
	if gotHash != wantHash {
		t.Errorf("state hash %s, want %s", gotHash, wantHash)
	}
	if d := cmp.Diff(wantOuts, gotOuts); d != "" {
		t.Errorf("results (-want +got):\n%s", d)
	}

	stale := back
	stale.SchemaHash = "sha256:0"
	if _, err := Recompile(&stale, full.Image()); !errors.Is(err, ErrStale) {
		t.Errorf("Recompile with another schema hash: %v, want ErrStale", err)
	}
	stale = back
	stale.Format = "mercury.compiled/v0"
	if _, err := Recompile(&stale, full.Image()); !errors.Is(err, ErrStale) {
		t.Errorf("Recompile of another format: %v, want ErrStale", err)
	}
}
