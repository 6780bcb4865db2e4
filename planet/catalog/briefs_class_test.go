package catalog

import (
	"path/filepath"
	"testing"
)

// TestClassHeldOutBriefs checks the small held-out sets written for one
// class of capability (heldout-<branch>.jsonl, see the README there): the
// format of every line, at least ten briefs, and no industry that any
// other set has, so that each measures the reader on businesses it was
// not tuned on.
func TestClassHeldOutBriefs(t *testing.T) {
	files, err := filepath.Glob("../testdata/briefs/heldout-*.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	others := []string{"briefs.jsonl", "heldout.jsonl", "heldout2.jsonl", "heldout3.jsonl", "sense.jsonl"}
	for _, path := range files {
		seen := map[string]string{}
		for _, o := range others {
			for _, b := range readSuiteFile(t, "../testdata/briefs/"+o) {
				seen[normalize(b.Industry)] = o
			}
		}
		for _, p := range files {
			if p != path {
				for _, b := range readSuiteFile(t, p) {
					seen[normalize(b.Industry)] = filepath.Base(p)
				}
			}
		}
		name := filepath.Base(path)
		if briefs, _, _, _ := checkSuiteFile(t, path); briefs < 10 {
			t.Errorf("%s: %d briefs, want at least 10", name, briefs)
		}
		for _, b := range readSuiteFile(t, path) {
			if where, ok := seen[normalize(b.Industry)]; ok {
				t.Errorf("%s %s: industry %q is in %s", name, b.ID, b.Industry, where)
			}
		}
	}
}
