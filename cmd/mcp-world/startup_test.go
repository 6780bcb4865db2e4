package main

import (
	"os/exec"
	"strings"
	"testing"
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
