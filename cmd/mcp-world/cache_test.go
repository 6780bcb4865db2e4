package main

import (
	"bytes"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A bundle file served twice comes from the world cache the second time,
// as the same world; a damaged or stale entry is ignored and rewritten;
// MERCURY_CACHE_DIR=off keeps nothing.
func TestWorldCache(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("MERCURY_CACHE_DIR", dir)
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	mini := miniPath(t)

	first, wait, err := loadServedWorld(mini, log)
	if err != nil {
		t.Fatal(err)
	}
	wait()
	entries, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(entries) != 1 {
		t.Fatalf("cache holds %d entries after the first load, want 1", len(entries))
	}
	if strings.Contains(logs.String(), "world from cache") {
		t.Fatal("the first load came from the cache")
	}
	second, wait, err := loadServedWorld(mini, log)
	if err != nil {
		t.Fatal(err)
	}
	wait()
	if !strings.Contains(logs.String(), "world from cache") {
		t.Fatalf("the second load did not come from the cache:\n%s", logs.String())
	}
	if first.Hash() != second.Hash() || first.DDL() != second.DDL() {
		t.Error("the cached world differs from the compiled one")
	}
	if d := cmp.Diff(first.Tables(), second.Tables()); d != "" {
		t.Errorf("tables (-compiled +cached):\n%s", d)
	}

	// A damaged entry: the world is compiled again, and the entry fixed.
	if err := os.WriteFile(entries[0], []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	logs.Reset()
	_, wait, err = loadServedWorld(mini, log)
	if err != nil {
		t.Fatal(err)
	}
	wait()
	if !strings.Contains(logs.String(), "bad entry") {
		t.Errorf("a damaged entry was not reported:\n%s", logs.String())
	}
	logs.Reset()
	if _, _, err := loadServedWorld(mini, log); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), "world from cache") {
		t.Errorf("the damaged entry was not rewritten:\n%s", logs.String())
	}

	// A bad bundle is still rejected whole, never cached.
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"format":"mercury.world/v1"}`), 0o600)
	if _, _, err := loadServedWorld(bad, log); err == nil {
		t.Error("a bad bundle loaded")
	}
	if got, _ := filepath.Glob(filepath.Join(dir, "*.json")); len(got) != 1 {
		t.Errorf("cache holds %d entries after a bad bundle, want 1", len(got))
	}

	t.Setenv("MERCURY_CACHE_DIR", "off")
	if c := openWorldCache(log); c != nil {
		t.Errorf("MERCURY_CACHE_DIR=off opened a cache in %s", c.dir)
	}
}
