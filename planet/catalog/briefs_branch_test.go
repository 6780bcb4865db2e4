package catalog

import (
	"path/filepath"
	"testing"
)

// TestBranchHeldOutBriefs checks the small held-out sets a helper writes
// for its own class of capability before changing the reader
// (heldout-<branch>.jsonl): the same format as the suite, and no industry
// of the main suite, so that each measures the reader on businesses it
// was not tuned on.
func TestBranchHeldOutBriefs(t *testing.T) {
	paths, err := filepath.Glob("../testdata/briefs/heldout-*.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	suite := map[string]bool{}
	for _, b := range readSuiteFile(t, "../testdata/briefs/briefs.jsonl") {
		suite[normalize(b.Industry)] = true
	}
	for _, path := range paths {
		if briefs, _, _, _ := checkSuiteFile(t, path); briefs < 10 {
			t.Errorf("%s: %d briefs, want at least 10", path, briefs)
		}
		for _, b := range readSuiteFile(t, path) {
			if suite[normalize(b.Industry)] {
				t.Errorf("%s %s: industry %q is in the main suite", path, b.ID, b.Industry)
			}
		}
	}
}
