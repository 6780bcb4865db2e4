package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestSynthShardsUnion builds a corpus whole and in three shards: the
// shards are disjoint and their union is the same files, byte for byte.
func TestSynthShardsUnion(t *testing.T) {
	whole, sharded := t.TempDir(), t.TempDir()
	runCLI(t, "synth", "--count", "8", "--seed", "11", "--tasks", "3", "--out", whole)
	total := 0
	for _, sh := range []string{"0/3", "1/3", "2/3"} {
		dir := filepath.Join(t.TempDir(), "shard")
		runCLI(t, "synth", "--count", "8", "--seed", "11", "--tasks", "3", "--shard", sh, "--out", dir)
		files, _ := os.ReadDir(dir)
		total += len(files)
		for _, f := range files {
			b, _ := os.ReadFile(filepath.Join(dir, f.Name()))
			if _, err := os.Stat(filepath.Join(sharded, f.Name())); err == nil {
				t.Errorf("%s is in two shards", f.Name())
			}
			os.WriteFile(filepath.Join(sharded, f.Name()), b, 0o644)
		}
	}
	names := func(dir string) []string {
		es, _ := os.ReadDir(dir)
		var n []string
		for _, e := range es {
			n = append(n, e.Name())
		}
		return n
	}
	a, b := names(whole), names(sharded)
	if len(a) != 8 || !slices.Equal(a, b) || total != 8 {
		t.Fatalf("whole corpus %v, union of shards %v (%d files)", a, b, total)
	}
	for _, n := range a {
		x, _ := os.ReadFile(filepath.Join(whole, n))
		y, _ := os.ReadFile(filepath.Join(sharded, n))
		if !bytes.Equal(x, y) {
			t.Errorf("%s differs between the whole corpus and its shard", n)
		}
	}
}

func TestParseShard(t *testing.T) {
	for _, s := range []string{"3/3", "-1/2", "1", "a/b", "0/0", "1/2/3"} {
		if _, err := parseShard(s); err == nil {
			t.Errorf("--shard %q accepted", s)
		}
	}
	if sh, err := parseShard("2/8"); err != nil || sh != (shard{2, 8}) {
		t.Errorf("2/8: %v %v", sh, err)
	}
}
