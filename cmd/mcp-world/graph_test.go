package main

import (
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
)

// TestDescribeGraph pins the three formats on the mini world with golden
// files, and checks on the default world that every service, every
// dependency and every policy is drawn, and that the SVG is well-formed.
func TestDescribeGraph(t *testing.T) {
	for _, f := range graphFormats {
		got := runCLI(t, "describe", "--world", "../../world/testdata/mini.json", "--graph", f)
		golden(t, "testdata/graph/mini."+f, []byte(got))
	}
	w, _ := loadWorld("")
	for _, f := range graphFormats {
		out := runCLI(t, "describe", "--graph", f)
		for _, s := range w.Services() {
			if !strings.Contains(out, s.Name) {
				t.Errorf("%s: no service %s", f, s.Name)
			}
		}
		for _, p := range w.Policies() {
			if want := map[string]string{"svg": p.Title, "mermaid": p.Name, "dot": p.Name}[f]; !strings.Contains(out, want) {
				t.Errorf("%s: no policy %q", f, want)
			}
		}
		deps := 0
		for _, s := range w.Services() {
			deps += len(s.DependsOn)
		}
		arrows := map[string]string{"svg": `marker-end="url(#dep)"`, "mermaid": " --> ", "dot": `color="#8a94a8"]`}[f]
		if got := strings.Count(out, arrows); got != deps {
			t.Errorf("%s: %d dependency arrows, want %d", f, got, deps)
		}
		if f == "svg" {
			dec := xml.NewDecoder(strings.NewReader(out))
			for {
				_, err := dec.Token()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatalf("svg is not well-formed XML: %v", err)
				}
			}
		}
	}
	var stderr strings.Builder
	err := run(t.Context(), []string{"describe", "--graph", "png"}, strings.NewReader(""), io.Discard, &stderr)
	if err == nil || err.Error() != `describe: --graph "png" is not a format (formats: mermaid, dot, svg)` {
		t.Errorf("--graph png: %v", err)
	}
}
