package verifier

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/mercury/mcp-world/bundles"
	"github.com/mercury/mcp-world/world"
)

// TestMemoGradesAsFresh: on every embedded world, every play the reward
// validators grade (doing nothing, each prefix of the reference, the
// reference without each call), graded in turn with one memo per world,
// gives the byte-identical report of a grade without it; and the memo
// does answer some checks. The default world is graded a second time
// with its assertions renumbered a1, a2… in every task, as Planet names
// them: one id, other tables.
func TestMemoGradesAsFresh(t *testing.T) {
	ctx := context.Background()
	worlds := map[string]func(t *testing.T) *world.World{}
	for _, name := range bundles.Names() {
		worlds[name] = func(t *testing.T) *world.World {
			w, err := bundles.Load(name)
			if err != nil {
				t.Fatal(err)
			}
			return w
		}
	}
	worlds["renumbered"] = func(t *testing.T) *world.World {
		data, err := bundles.Bytes(bundles.Default)
		if err != nil {
			t.Fatal(err)
		}
		w, err := world.Compile(patch(t, data, func(b map[string]any) {
			for _, task := range b["tasks"].([]any) {
				for k, a := range task.(map[string]any)["assertions"].([]any) {
					a.(map[string]any)["id"] = fmt.Sprintf("a%d", k+1)
				}
			}
		}))
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	for name, load := range worlds {
		t.Run(name, func(t *testing.T) {
			w := load(t)
			memo := newCheckMemo(w)
			for _, task := range w.Tasks() {
				sol := task.Spec().Solution
				plays := [][]world.Call{nil}
				for j := range sol {
					plays = append(plays, sol[:j+1], without(sol, []int{j}))
				}
				for _, calls := range plays {
					ep, err := w.NewEpisode(ctx, task)
					if err != nil {
						t.Fatal(err)
					}
					for _, c := range calls {
						ep.Call(ctx, c.Tool, callArgs(c))
					}
					fresh, err := Grade(ctx, ep, task)
					if err != nil {
						t.Fatal(err)
					}
					memoed, err := gradeMemo(ctx, ep, task, Options{}, memo)
					ep.Close()
					if err != nil {
						t.Fatal(err)
					}
					a, _ := json.Marshal(fresh)
					b, _ := json.Marshal(memoed)
					if !bytes.Equal(a, b) {
						t.Fatalf("task %s, %d calls: the memo's report differs:\n%s\n%s", task.ID(), len(calls), a, b)
					}
				}
			}
			if memo.hits == 0 {
				t.Error("the memo answered no check")
			}
		})
	}
}

// TestBenchPlaysAsFresh: every variant benchPlays grades from a mark of
// the reference run, with the memo, gets the byte-identical report of
// the same calls played from the start on a fresh episode and graded
// without it.
func TestBenchPlaysAsFresh(t *testing.T) {
	ctx := context.Background()
	w := loadDefault(t)
	v := &validation{byName: map[string]*ValidatorResult{}, memo: newCheckMemo(w)}
	var runs []*solveRun
	for _, task := range w.Tasks() {
		runs = append(runs, solve(ctx, w, task, v.memo, true))
	}
	defer closeBenches(runs)
	v.benchPlays(ctx, w, runs)
	if len(v.plays) < len(w.Tasks()) {
		t.Fatalf("%d plays for %d tasks", len(v.plays), len(w.Tasks()))
	}
	for key, p := range v.plays {
		var k struct {
			Task  string
			Calls []world.Call
		}
		if err := json.Unmarshal([]byte(key), &k); err != nil {
			t.Fatal(err)
		}
		task, _ := w.Task(k.Task)
		fresh, ep, err := playGrade(ctx, w, task, k.Calls, nil)
		if err != nil || p.err != nil {
			t.Fatalf("task %s: %v, %v", k.Task, err, p.err)
		}
		ep.Close()
		a, _ := json.Marshal(fresh)
		b, _ := json.Marshal(p.report)
		if !bytes.Equal(a, b) {
			t.Errorf("task %s, %d calls: the bench report differs from a fresh play's:\n%s\n%s", k.Task, len(k.Calls), a, b)
		}
	}
}
