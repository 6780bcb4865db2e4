package main

import (
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/bundles"
)

// slowInit are modules whose package initialization costs a server start
// more than its whole work on the embedded world, for code serving never
// runs. Package init runs for every package linked, used or not, so the
// binary must not link them at all.
var slowInit = map[string]string{
	// 2.5 MB of metadata for every region decoded in init (12 ms on a
	// quiet machine); Planet reads the plans it needs through
	// planet/internal/phoneplan instead, and the library is the tests'.
	"github.com/nyaruka/phonenumbers": "planet/internal/phoneplan holds the numbering plans; the library is for tests only",
}

func TestBinaryLinksNoSlowInit(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		for mod, why := range slowInit {
			if pkg == mod || strings.HasPrefix(pkg, mod+"/") {
				t.Errorf("mcp-world links %s, whose init slows every start: %s", pkg, why)
			}
		}
	}
}

func TestHoldGC(t *testing.T) {
	pct := debug.SetGCPercent(100)
	defer debug.SetGCPercent(pct)
	limit := debug.SetMemoryLimit(math.MaxInt64)
	defer debug.SetMemoryLimit(limit)

	release := holdGC("")
	inner := holdGC(bundles.Default)
	inner()
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Errorf("embedded world: GC percent %d while loading, want off", got)
	}
	if got := debug.SetMemoryLimit(-1); got != startHeap {
		t.Errorf("embedded world: memory limit %d while loading, want %d", got, startHeap)
	}
	release()
	release() // a second call changes nothing
	if got := debug.SetGCPercent(-1); got != 100 {
		t.Errorf("after release: GC percent %d, want 100", got)
	}
	debug.SetGCPercent(100)
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("after release: memory limit %d, want none", got)
	}

	dir := t.TempDir()
	small, large := filepath.Join(dir, "small.json"), filepath.Join(dir, "large.json")
	if err := os.WriteFile(small, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(large, make([]byte, smallBundle+1), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		held bool
	}{{small, true}, {large, false}, {filepath.Join(dir, "missing.json"), false}} {
		release := holdGC(c.name)
		got := debug.SetGCPercent(-1)
		debug.SetGCPercent(got)
		release()
		if held := got == -1; held != c.held {
			t.Errorf("bundle file %s: GC held %v while loading, want %v", filepath.Base(c.name), held, c.held)
		}
		if got := debug.SetGCPercent(100); got != 100 {
			t.Errorf("bundle file %s: GC percent %d after release, want 100", filepath.Base(c.name), got)
		}
	}
}

func TestAfterWrites(t *testing.T) {
	var buf strings.Builder
	calls := 0
	w := &afterWrites{w: &buf, n: 2, then: func() { calls++ }}
	for i, want := range []int{0, 1, 1, 1} {
		if _, err := io.WriteString(w, "x"); err != nil {
			t.Fatal(err)
		}
		if calls != want {
			t.Errorf("after write %d: then called %d times, want %d", i+1, calls, want)
		}
	}
	if buf.String() != "xxxx" {
		t.Errorf("wrote %q", buf.String())
	}
}

// initAllocs caps the allocations of a package's init, per module: ones
// that did heavy work in init before and now do it on first use.
var initAllocs = map[string]int{
	// Upstream v6.0.3 compiles the metaschemas of five drafts in init
	// (21,280 allocations, ~5 ms); third_party/jsonschema compiles them
	// on the first Compile, so a start that compiles no schema skips it.
	"github.com/santhosh-tekuri/jsonschema/v6": 1000,
	// Its regexps are compiled on first use (1,947 allocations at
	// package level).
	"github.com/mercury/mcp-world/world": 200,
}

func TestPackageInitStaysSmall(t *testing.T) {
	// This test binary links what mcp-world links; run it again doing
	// nothing, with the runtime tracing each package's init.
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", cmd, err, out)
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		// init PKG @T ms, C ms clock, B bytes, N allocs
		f := strings.Fields(line)
		if len(f) < 11 || f[0] != "init" || f[10] != "allocs" {
			continue
		}
		limit, ok := initAllocs[f[1]]
		if !ok {
			continue
		}
		seen[f[1]] = true
		n, err := strconv.Atoi(f[9])
		if err != nil {
			t.Fatalf("inittrace line %q: %v", line, err)
		}
		if n > limit {
			t.Errorf("init of %s: %d allocations, want at most %d (%s)", f[1], n, limit, line)
		}
	}
	for pkg := range initAllocs {
		if !seen[pkg] {
			t.Errorf("no inittrace line for %s in:\n%s", pkg, out)
		}
	}
}
