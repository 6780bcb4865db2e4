package main

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite golden files and scripts")

func TestMain(m *testing.M) {
	// Subprocess tests run this binary as mcp-world itself.
	if os.Getenv("MCP_WORLD_AS_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	// Served bundle files go to the world cache (cache.go): keep the
	// tests' entries out of the user's cache directory.
	if os.Getenv("MERCURY_CACHE_DIR") == "" {
		os.Setenv("MERCURY_CACHE_DIR", filepath.Join(os.TempDir(), "mcp-world-test-cache"))
	}
	testscript.Main(m, map[string]func(){"mcp-world": main})
}

// TestScripts runs the CLI scripts in testdata/script: exit codes, stdout
// and stderr of every command, including every way it can be misused.
func TestScripts(t *testing.T) {
	mini, err := filepath.Abs("../../world/testdata/mini.json")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			env.Setenv("MINI", mini)
			return nil
		},
	})
}
