package verifier

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRealismWarnsOnHandWritten: the same defects that fail a bundle
// Planet synthesized (testdata/validate/realism.json, version planet/1)
// are warnings on a hand-written bundle, which stays valid.
func TestRealismWarnsOnHandWritten(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "validate", "realism.json"))
	if err != nil {
		t.Fatal(err)
	}
	synth := Validate(context.Background(), data)
	failed, _ := synth.Validator(VRealism)
	if synth.OK || len(failed.Errors) == 0 {
		t.Fatalf("the synthesized bundle passes realism: %+v", failed)
	}

	var b map[string]any
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	b["version"] = "1.0.0"
	hand, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	rep := Validate(context.Background(), hand)
	warned, _ := rep.Validator(VRealism)
	if !rep.OK || !warned.OK || len(warned.Errors) != 0 {
		t.Fatalf("a hand-written bundle fails realism: %+v", warned)
	}
	if d := cmp.Diff(failed.Errors, warned.Warnings); d != "" {
		t.Errorf("warnings differ from the synthesized bundle's errors (-errors +warnings):\n%s", d)
	}
}
