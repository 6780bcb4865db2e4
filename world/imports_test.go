package world

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// This file enforces the architecture's one-way imports (the import rules
// of the design: world knows no MCP, no grading and no generator; the
// agent-facing side has no path to the hidden checks; grading reads state,
// not MCP) and that the code rendering what an agent sees never calls the
// accessors of hidden data. It reads the source tree with go/parser, so it
// covers every package of the module, including ones added later.

const modulePath = "github.com/mercury/mcp-world"

// importRule forbids a project package, and everything it imports
// transitively, from reaching the listed packages (or package-path
// prefixes ending in "/").
type importRule struct {
	pkg    string
	forbid []string
	why    string
}

var importRules = []importRule{
	{"world", []string{modulePath + "/"}, "the core knows no MCP, no grading and no generator"},
	{"world", []string{"github.com/mark3labs/mcp-go/"}, "the core knows no MCP"},
	{"toolgen", []string{modulePath + "/verifier", modulePath + "/planet"}, "the agent-facing side has no path to the hidden checks"},
	{"verifier", []string{modulePath + "/toolgen", modulePath + "/planet", "github.com/mark3labs/mcp-go/"}, "grading reads state, not MCP"},
}

// hiddenAccessors return hidden checks, rubrics or reference solutions
// (or the whole bundle, which holds them).
var hiddenAccessors = []string{"Invariants", "Bundle", "Spec"}

// agentVisibleSources are the non-test files that must not call them: all
// of toolgen, and world's renderer of agent-visible texts.
var agentVisibleSources = []string{"toolgen/*.go", "world/documents.go"}

func TestImportRules(t *testing.T) {
	graph, err := importGraph("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, rule := range importRules {
		if _, ok := graph[modulePath+"/"+rule.pkg]; !ok {
			t.Errorf("rule for %s: no such package in the module", rule.pkg)
		}
	}
	for _, v := range importViolations(graph, importRules) {
		t.Error(v)
	}
}

func TestNoHiddenAccessorsOnAgentSide(t *testing.T) {
	var files []string
	for _, pat := range agentVisibleSources {
		m, err := filepath.Glob(filepath.Join("..", pat))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range m {
			if !strings.HasSuffix(f, "_test.go") {
				files = append(files, f)
			}
		}
	}
	if len(files) < 3 {
		t.Fatalf("found only %v: the globs no longer match the tree", files)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		calls, err := hiddenCalls(f, src)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range calls {
			t.Errorf("%s: calls a hidden accessor; the agent-facing side may use only Policies, Task.Public and the tool descriptions", c)
		}
	}
}

// TestCheckersCatchViolations proves both checkers can fail.
func TestCheckersCatchViolations(t *testing.T) {
	graph := map[string][]string{
		modulePath + "/toolgen":  {modulePath + "/world", modulePath + "/bundles"},
		modulePath + "/bundles":  {modulePath + "/verifier"},
		modulePath + "/verifier": {modulePath + "/world", "github.com/mark3labs/mcp-go/mcp"},
		modulePath + "/world":    {"database/sql"},
	}
	got := importViolations(graph, importRules)
	want := []string{
		"toolgen reaches " + modulePath + "/verifier (via " + modulePath + "/bundles): the agent-facing side has no path to the hidden checks",
		"verifier reaches github.com/mark3labs/mcp-go/mcp: grading reads state, not MCP",
	}
	if !slices.Equal(got, want) {
		t.Errorf("import violations:\n got %q\nwant %q", got, want)
	}
	src := []byte("package toolgen\nfunc f(w *world.World, t *world.Task) {\n\t_ = w.Policies()\n\t_ = t.Spec().Solution\n\tg := w.Invariants\n\t_ = g\n}\n")
	calls, err := hiddenCalls("x.go", src)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"x.go:4: .Spec", "x.go:5: .Invariants"}; !slices.Equal(calls, want) {
		t.Errorf("hidden calls: got %q, want %q", calls, want)
	}
}

// importGraph maps every package of the module under root to its non-test
// imports.
func importGraph(root string) (map[string][]string, error) {
	graph := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		pkg := modulePath
		if rel != "." {
			pkg += "/" + filepath.ToSlash(rel)
		}
		for _, im := range f.Imports {
			p := strings.Trim(im.Path.Value, `"`)
			if !slices.Contains(graph[pkg], p) {
				graph[pkg] = append(graph[pkg], p)
			}
		}
		if _, ok := graph[pkg]; !ok {
			graph[pkg] = nil
		}
		return nil
	})
	return graph, err
}

// importViolations reports, for each rule, every forbidden package its
// package reaches, with the first package on the way.
func importViolations(graph map[string][]string, rules []importRule) []string {
	var out []string
	for _, rule := range rules {
		from := modulePath + "/" + rule.pkg
		// Breadth-first from the package; via remembers the direct import
		// each package was reached through.
		via := map[string]string{}
		queue := []string{}
		for _, im := range graph[from] {
			if _, seen := via[im]; !seen {
				via[im] = im
				queue = append(queue, im)
			}
		}
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			for _, im := range graph[p] {
				if _, seen := via[im]; !seen {
					via[im] = via[p]
					queue = append(queue, im)
				}
			}
		}
		reached := make([]string, 0, len(via))
		for p := range via {
			reached = append(reached, p)
		}
		slices.Sort(reached)
		for _, p := range reached {
			if !forbidden(p, rule.forbid) {
				continue
			}
			msg := fmt.Sprintf("%s reaches %s", rule.pkg, p)
			if via[p] != p {
				msg += " (via " + via[p] + ")"
			}
			out = append(out, msg+": "+rule.why)
		}
	}
	return out
}

func forbidden(p string, list []string) bool {
	for _, f := range list {
		if p == f || (strings.HasSuffix(f, "/") && strings.HasPrefix(p, f)) || p == strings.TrimSuffix(f, "/") {
			return true
		}
	}
	return false
}

// hiddenCalls lists every use of a hidden accessor (as a selector, called
// or not) in one Go source file, as "file:line: .Name".
func hiddenCalls(name string, src []byte) ([]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, 0)
	if err != nil {
		return nil, err
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && slices.Contains(hiddenAccessors, sel.Sel.Name) {
			out = append(out, fmt.Sprintf("%s:%d: .%s", name, fset.Position(sel.Pos()).Line, sel.Sel.Name))
		}
		return true
	})
	return out, nil
}
