package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mercury/mcp-world/world"
)

// runCLI runs the command in-process and returns its stdout.
func runCLI(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if err := run(context.Background(), args, strings.NewReader(""), &out, &errb); err != nil {
		t.Fatalf("mcp-world %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	return out.String()
}

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
	want, _ := os.ReadFile(path)
	if d := cmp.Diff(string(want), string(got)); d != "" {
		t.Errorf("%s (-want +got):\n%s", path, d)
	}
}

// TestExportGolden pins the row format on the mini world.
func TestExportGolden(t *testing.T) {
	got := runCLI(t, "export", "--world", "../../world/testdata/mini.json")
	golden(t, "testdata/export/mini.jsonl", []byte(got))
	if again := runCLI(t, "export", "--world", "../../world/testdata/mini.json"); again != got {
		t.Error("two exports of the same world differ")
	}
}

// strings of a decoded JSON value, keys included, normalized like the
// bundle leak validator does.
func jsonTexts(v any, out *[]string) {
	switch x := v.(type) {
	case string:
		*out = append(*out, strings.Join(strings.Fields(x), " "))
	case []any:
		for _, e := range x {
			jsonTexts(e, out)
		}
	case map[string]any:
		for k, e := range x {
			*out = append(*out, k)
			jsonTexts(e, out)
		}
	}
}

// hiddenTexts lists what must never leave the grader: invariant checks,
// rubric SQL and descriptions, reference solutions (whole, per call and
// per call's arguments).
func hiddenTexts(b *world.Bundle) []string {
	var h []string
	add := func(s string) {
		if s = strings.Join(strings.Fields(s), " "); len(s) >= 24 {
			h = append(h, s)
		}
	}
	for _, inv := range b.Invariants {
		add(inv.Check)
	}
	for _, t := range b.Tasks {
		for _, a := range t.Assertions {
			add(a.SQL)
			add(a.Description)
		}
		sol, _ := json.Marshal(t.Solution)
		add(string(sol))
		for _, c := range t.Solution {
			cb, _ := json.Marshal(c)
			add(string(cb))
			if len(c.Args) > 1 {
				ab, _ := json.Marshal(c.Args)
				add(string(ab))
			}
		}
	}
	return h
}

// TestExportCorpusHidesHidden synthesizes a small corpus, exports it and
// looks for every hidden text of every world in every row, both among the
// row's strings and in its canonical JSON.
func TestExportCorpusHidesHidden(t *testing.T) {
	dir := t.TempDir()
	runCLI(t, "synth", "--count", "6", "--seed", "3", "--out", dir)
	out := runCLI(t, "export", "--world", dir)
	files, err := bundleFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	var hidden []string
	tasks := 0
	for _, f := range files {
		data, _ := os.ReadFile(f)
		b, err := world.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		tasks += len(b.Tasks)
		hidden = append(hidden, hiddenTexts(b)...)
		// The detector must see hidden text where it is: in the bundle.
		var raw any
		json.Unmarshal(data, &raw)
		var texts []string
		jsonTexts(raw, &texts)
		if inv := b.Invariants[0].Check; !strings.Contains(strings.Join(texts, "\n"), strings.Join(strings.Fields(inv), " ")) {
			t.Fatalf("detector does not find invariant check %q in its own bundle", inv)
		}
	}
	if len(hidden) < 50 {
		t.Fatalf("only %d hidden texts collected from %d worlds: the test would prove little", len(hidden), len(files))
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != tasks {
		t.Fatalf("%d rows, want one per task (%d)", len(lines), tasks)
	}
	sawPolicy := false
	for i, line := range lines {
		var row map[string]any
		if err := json.Unmarshal([]byte(line), &row); err != nil {
			t.Fatalf("row %d: %v", i+1, err)
		}
		for _, k := range []string{"id", "world", "bundle_hash", "task_id", "persona", "system_prompt", "user_prompt", "tools", "mcp_tools", "episode"} {
			if row[k] == nil || row[k] == "" {
				t.Errorf("row %d has no %s", i+1, k)
			}
		}
		var texts []string
		jsonTexts(row, &texts)
		canon, _ := json.Marshal(row)
		surface := strings.Join(texts, "\n") + "\n" + string(canon)
		sawPolicy = sawPolicy || strings.Contains(surface, "Operating policies of")
		for _, h := range hidden {
			if strings.Contains(surface, h) {
				t.Errorf("row %d (%s) holds hidden text %q", i+1, row["id"], h)
			}
		}
	}
	if !sawPolicy {
		t.Error("no row carries the policies in its system prompt")
	}
}

// TestExportTools checks the two tool forms against each other: every
// tool once, same names, the input schema as the function parameters.
func TestExportTools(t *testing.T) {
	line, _, _ := strings.Cut(runCLI(t, "export"), "\n")
	var row struct {
		Tools    []openAITool `json:"tools"`
		MCPTools []struct {
			Name        string          `json:"name"`
			InputSchema json.RawMessage `json:"inputSchema"`
		} `json:"mcp_tools"`
	}
	if err := json.Unmarshal([]byte(line), &row); err != nil {
		t.Fatal(err)
	}
	w, _ := loadWorld("")
	if len(row.Tools) != len(w.Tools()) || len(row.MCPTools) != len(w.Tools()) {
		t.Fatalf("%d function tools and %d MCP tools, want %d", len(row.Tools), len(row.MCPTools), len(w.Tools()))
	}
	for i, tool := range w.Tools() {
		f := row.Tools[i]
		if f.Type != "function" || f.Function.Name != tool.Name() || row.MCPTools[i].Name != tool.Name() {
			t.Errorf("tool %d: %s/%s/%s, want function/%s", i, f.Type, f.Function.Name, row.MCPTools[i].Name, tool.Name())
		}
		var a, b any
		json.Unmarshal(f.Function.Parameters, &a)
		json.Unmarshal(row.MCPTools[i].InputSchema, &b)
		if d := cmp.Diff(a, b); d != "" {
			t.Errorf("%s: parameters differ from the MCP input schema:\n%s", tool.Name(), d)
		}
	}
}
