package main

import (
	"io"
	"math"
	"os/exec"
	"runtime/debug"
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

	holdGC("testdata/some-bundle.json")()
	if got := debug.SetGCPercent(-1); got != 100 {
		t.Errorf("bundle file: GC percent %d, want it left at 100", got)
	}
	debug.SetGCPercent(100)
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
