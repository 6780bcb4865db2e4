package world

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func TestTrajectoryRoundTrip(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/mini.json")
	task, _ := w.Task("invoice-delivered-order")
	ep, _ := w.NewEpisode(ctx, task)
	defer ep.Close()
	var buf bytes.Buffer
	h, err := ep.Header(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tw, err := NewTrajectoryWriter(&buf, h, nil)
	if err != nil {
		t.Fatal(err)
	}
	ep.OnCall(tw.Call)
	for _, c := range task.Spec().Solution {
		args, _ := json.Marshal(c.Args)
		if _, err := ep.Call(ctx, c.Tool, args); err != nil {
			t.Fatal(err)
		}
	}
	ep.Call(ctx, "get_order", json.RawMessage(`{"order_id":"nope"}`))
	final := hash(t, ep)
	if err := tw.End(TrajectoryEnd{FinalStateHash: final, Calls: ep.Calls()}); err != nil {
		t.Fatal(err)
	}
	tr, err := ReadTrajectory(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Header.Task != task.ID() || tr.Header.BundleHash != w.Hash() || len(tr.Calls) != 4 || tr.End.FinalStateHash != final {
		t.Fatalf("round trip lost data: %+v", tr)
	}
	if tr.Calls[3].Error == "" || tr.Calls[0].Result == nil {
		t.Errorf("results and errors not recorded: %+v", tr.Calls)
	}
}

func TestReadTrajectoryErrors(t *testing.T) {
	head := `{"format":"mercury.trajectory/v1","world":"w","world_version":"1","bundle_hash":"sha256:x","initial_state_hash":"sha256:y"}`
	call := func(n string) string {
		return `{"step":` + n + `,"time":"2026-01-01T00:00:00Z","tool":"t","args":{}}`
	}
	cases := []struct{ name, in, want string }{
		{"empty", "", "empty trajectory"},
		{"bad header", `{"format":"other"}`, `line 1: format "other"`},
		{"corrupt line", head + "\n" + call("1") + "\n{not json\n", "line 3:"},
		{"gap", head + "\n" + call("1") + "\n" + call("3") + "\n", "line 3: step 3, want 2"},
		{"unknown key", head + "\n" + `{"step":1,"tool":"t","args":{},"oops":1}` + "\n", `line 2: json: unknown field "oops"`},
		{"after end", head + "\n" + `{"end":{"final_state_hash":"h","calls":0}}` + "\n" + call("1"), "line 3: content after the end line"},
		{"count", head + "\n" + call("1") + "\n" + `{"end":{"final_state_hash":"h","calls":2}}`, "end line says 2 calls, the file has 1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadTrajectory(strings.NewReader(tc.in))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestEpisodeFile(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/mini.json")
	task, _ := w.Task("invoice-delivered-order")
	path := t.TempDir() + "/state.db"
	ep, err := w.NewEpisodeFile(ctx, task, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ep.Call(ctx, "update_order_status", json.RawMessage(`{"order_id":"ORD-00002","status":"delivered"}`)); err != nil {
		t.Fatal(err)
	}
	want := hash(t, ep)
	// A second process opening the file while the first still runs sees
	// the committed call.
	ro, err := w.OpenEpisodeFile(ctx, task, path)
	if err != nil {
		t.Fatal(err)
	}
	if got := hash(t, ro); got != want {
		t.Fatalf("reopened state %s, want %s", got, want)
	}
	ro.Close()
	ep.Close()
	if _, err := w.NewEpisodeFile(ctx, task, path); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("overwrote an episode file: %v", err)
	}
	other := mustCompile(t, "testdata/ops.json")
	if _, err := other.OpenEpisodeFile(ctx, nil, path); err == nil || !strings.Contains(err.Error(), "not a database of world ops-lab") {
		t.Errorf("opened another world's file: %v", err)
	}
}

// FuzzCanonicalArgs: the trajectory's spelling of arguments is what
// encoding/json makes of them, as it was before the fast way.
func FuzzCanonicalArgs(f *testing.F) {
	for _, s := range []string{``, ` `, `{}`, `{"query":"an"}`, `{"b":1,"a":[1.50,2e3,-0,1e21,1e-7,true,null,{"z":"\u00e9\"<>&"}]}`,
		`{"a":1,"a":2}`, `{"x":1e400}`, `[1,2]`, `"s"`, `nope`, `{"limit":10,"cursor":"bzox"}`, "{\"s\":\"bad \xff utf8\"}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		want := func() string {
			if len(strings.TrimSpace(raw)) == 0 {
				return "{}"
			}
			var v any
			if json.Unmarshal([]byte(raw), &v) != nil {
				b, _ := json.Marshal(raw)
				return string(b)
			}
			b, _ := marshalNoEscape(v)
			return string(b)
		}()
		if got := string(canonicalArgs(json.RawMessage(raw))); got != want {
			t.Errorf("canonicalArgs(%q) = %s, want %s", raw, got, want)
		}
	})
}
