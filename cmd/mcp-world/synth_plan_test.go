package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSynthPlanPolicies: the plan synth --emit-plan writes lists the
// world's policies; a person who drops one gets a world without it, and a
// plan whose policies are broken is refused with every pointer, writing
// nothing.
func TestSynthPlanPolicies(t *testing.T) {
	dir := t.TempDir()
	plan := filepath.Join(dir, "plan.json")
	brief := []string{"synth", "--industry", "locksmith", "--country", "GB", "--seed", "2",
		"--description", "A locksmith in Leeds with six vans: we dispatch emergency call-outs for households and handle insurance claims."}
	runCLI(t, append(brief, "--emit-plan", plan, "--out", filepath.Join(dir, "a"))...)
	data, err := os.ReadFile(plan)
	if err != nil {
		t.Fatal(err)
	}
	var p map[string]any
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatal(err)
	}
	pols, _ := p["policies"].([]any)
	if len(pols) < 2 {
		t.Fatalf("the plan lists %d policies", len(pols))
	}
	// Round trip: the plan as written builds the same world.
	runCLI(t, "synth", "--plan", plan, "--out", filepath.Join(dir, "b"))
	a, b := onlyWorld(t, filepath.Join(dir, "a")), onlyWorld(t, filepath.Join(dir, "b"))
	if !bytes.Equal(a, b) {
		t.Fatal("--emit-plan then --plan gives another world")
	}

	// Drop the first policy.
	dropped := pols[0].(map[string]any)["name"].(string)
	p["policies"] = pols[1:]
	edited, _ := json.Marshal(p)
	if err := os.WriteFile(plan, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	runCLI(t, "synth", "--plan", plan, "--out", filepath.Join(dir, "c"))
	var w struct {
		Invariants []struct{ Name string } `json:"invariants"`
	}
	if err := json.Unmarshal(onlyWorld(t, filepath.Join(dir, "c")), &w); err != nil {
		t.Fatal(err)
	}
	if len(w.Invariants) != len(pols)-1 {
		t.Errorf("%d policies after dropping one of %d", len(w.Invariants), len(pols))
	}
	for _, inv := range w.Invariants {
		if inv.Name == dropped {
			t.Errorf("dropped %s is still in the world", dropped)
		}
	}

	// Break two policies.
	broken := append([]any{}, pols...)
	first := map[string]any{}
	for k, v := range pols[0].(map[string]any) {
		first[k] = v
	}
	first["event"] = "exploded"
	broken[0] = first
	broken = append(broken, pols[1])
	p["policies"] = broken
	edited, _ = json.Marshal(p)
	if err := os.WriteFile(plan, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	err = run(context.Background(), []string{"synth", "--plan", plan, "--out", filepath.Join(dir, "d")}, strings.NewReader(""), &out, &errb)
	if err == nil {
		t.Fatal("broken policies accepted")
	}
	for _, want := range []string{"/policies/0/event", `no event "exploded"`, "/policies/" + itoa(len(broken)-1) + ": the same policy as /policies/1"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "d")); len(entries) > 0 {
		t.Errorf("a refused plan wrote %d files", len(entries))
	}
}

func onlyWorld(t *testing.T, dir string) []byte {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 1 {
		t.Fatalf("%s has %d worlds", dir, len(files))
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
