package planet

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/verifier"
	"github.com/mercury/mcp-world/world"
)

// TestRewardCorpus measures the reward signal of a directory of bundles
// (mcp-world synth --out DIR): doing nothing, the reference solution up to
// its first write, the whole solution, and the solution without each one
// of its write calls. It runs only with MERCURY_CORPUS=DIR; BENCHMARKS.md
// quotes it.
func TestRewardCorpus(t *testing.T) {
	dir := os.Getenv("MERCURY_CORPUS")
	if dir == "" {
		t.Skip("set MERCURY_CORPUS=DIR to measure a corpus")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no bundles in %s", dir)
	}
	ctx := context.Background()
	var (
		tasks, noopZero, oracleOne                int
		cross, crossMulti, firstBetween           int
		multi, multiBetween                       int
		stepTasks, stepsNeeded, drops, dropsLower int
		services, assertions                      int
		worlds, typesOK                           int
		failures                                  []string
	)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		w, err := world.Compile(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		worlds++
		titles := map[string]bool{}
		for _, task := range w.Tasks() {
			spec := task.Spec()
			titles[spec.Title] = true
			tasks++
			services += len(spec.Services)
			assertions += len(spec.Assertions)
			score := func(calls []world.Call) float64 {
				ep, err := w.NewEpisode(ctx, task)
				if err != nil {
					t.Fatal(err)
				}
				defer ep.Close()
				for _, c := range calls {
					args, _ := json.Marshal(c.Args)
					var te *world.ToolError
					if _, err := ep.Call(ctx, c.Tool, args); err != nil && !errors.As(err, &te) {
						t.Fatal(err)
					}
				}
				rep, err := verifier.Grade(ctx, ep, task)
				if err != nil {
					t.Fatal(err)
				}
				return rep.Score
			}
			sol := spec.Solution
			var writes []int
			for i, c := range sol {
				if tool, ok := w.Tool(c.Tool); ok && !tool.ReadOnly() {
					writes = append(writes, i)
				}
			}
			noop, oracle := score(nil), score(sol)
			if noop == 0 {
				noopZero++
			} else {
				failures = append(failures, fmt.Sprintf("%s %s: noop %.3f", w.Name(), spec.ID, noop))
			}
			if oracle == 1 {
				oracleOne++
			}
			if len(writes) > 1 {
				first := score(sol[:writes[0]+1])
				between := first > 0 && first < 1
				multi++
				if between {
					multiBetween++
				}
				if len(spec.Services) > 1 {
					crossMulti++
					if between {
						firstBetween++
					} else {
						failures = append(failures, fmt.Sprintf("%s %s: first write %.3f", w.Name(), spec.ID, first))
					}
				}
			}
			if len(spec.Services) > 1 {
				cross++
			}
			if len(writes) > 0 {
				stepTasks++
				all := true
				for _, i := range writes {
					drops++
					if score(slices.Delete(slices.Clone(sol), i, i+1)) < oracle {
						dropsLower++
					} else {
						all = false
						failures = append(failures, fmt.Sprintf("%s %s: dropping call %d (%s) does not lower the score", w.Name(), spec.ID, i, sol[i].Tool))
					}
				}
				if all {
					stepsNeeded++
				}
			}
		}
		if len(titles) >= engine.MinTypes {
			typesOK++
		}
	}
	pct := func(a, b int) string { return fmt.Sprintf("%d/%d (%.1f%%)", a, b, 100*float64(a)/float64(max(b, 1))) }
	t.Logf("worlds %d, tasks %d (cross-system %d)", worlds, tasks, cross)
	t.Logf("noop scores 0:                      %s", pct(noopZero, tasks))
	t.Logf("oracle scores 1:                    %s", pct(oracleOne, tasks))
	t.Logf("first write in (0,1), cross-system: %s", pct(firstBetween, crossMulti))
	t.Logf("first write in (0,1), all multi:    %s", pct(multiBetween, multi))
	t.Logf("every write needed (tasks):         %s", pct(stepsNeeded, stepTasks))
	t.Logf("write calls needed:                 %s", pct(dropsLower, drops))
	t.Logf("services per task %.2f, assertions per task %.2f", float64(services)/float64(tasks), float64(assertions)/float64(tasks))
	t.Logf("worlds with >= %d task types:       %s", engine.MinTypes, pct(typesOK, worlds))
	for i, f := range failures {
		if i == 40 {
			t.Logf("… %d more", len(failures)-40)
			break
		}
		t.Log(f)
	}
}
