package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"

	"github.com/mercury/mcp-world/verifier"
	"github.com/mercury/mcp-world/world"
)

// scorePolicies are the scripted policies stats --scores grades, in the
// order it reports them.
var scorePolicies = []string{"noop", "first-write", "oracle"}

// scoreStats is the stats --scores part of the stats --json contract: the
// score distribution of each scripted policy over every task of a corpus,
// graded with the current rule.
type scoreStats struct {
	Grader   string                 `json:"grader"`
	Policies map[string]*scoreDist  `json:"policies"`
	Cross    crossSystemFirstWrites `json:"cross_system_first_write"`
}

// scoreDist is the distribution of one policy's scores.
type scoreDist struct {
	Tasks   int     `json:"tasks"`
	Mean    float64 `json:"mean"`
	Min     float64 `json:"min"`
	Max     float64 `json:"max"`
	Zero    int     `json:"zero"`    // tasks scoring exactly 0
	Partial int     `json:"partial"` // strictly between 0 and 1
	One     int     `json:"one"`     // tasks scoring 1 (success)
	sum     float64
}

func (d *scoreDist) add(s float64) {
	if d.Tasks == 0 || s < d.Min {
		d.Min = s
	}
	d.Max = max(d.Max, s)
	d.Tasks++
	d.sum += s
	d.Mean = d.sum / float64(d.Tasks)
	switch {
	case s <= 0:
		d.Zero++
	case s >= 1:
		d.One++
	default:
		d.Partial++
	}
}

// crossSystemFirstWrites counts the cross-system tasks (the reference
// solution writes in two services or more) whose first write scores
// strictly between doing nothing and 1.
type crossSystemFirstWrites struct {
	Tasks   int     `json:"tasks"`
	Between int     `json:"between"`
	Share   float64 `json:"share"`
}

// taskScores is one task's score under each policy.
type taskScores struct {
	scores []float64 // by scorePolicies
	cross  bool
}

// computeScores compiles every bundle and plays each scripted policy on
// every task, in-process (the episode runtime and the grader, without
// MCP: rollout measures the MCP path), with workers worlds at a time.
func computeScores(ctx context.Context, files []string, workers int) (*scoreStats, error) {
	perWorld := make([][]taskScores, len(files))
	errs := make([]error, len(files))
	forEachFile(ctx, files, workers, func(i int) { perWorld[i], errs[i] = worldScores(ctx, files[i]) })
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	st := &scoreStats{Grader: verifier.GraderVersion, Policies: map[string]*scoreDist{}}
	for _, p := range scorePolicies {
		st.Policies[p] = &scoreDist{}
	}
	for _, tasks := range perWorld {
		for _, t := range tasks {
			for k, p := range scorePolicies {
				st.Policies[p].add(t.scores[k])
			}
			if t.cross {
				st.Cross.Tasks++
				if fw, noop := t.scores[1], t.scores[0]; fw > noop && fw < 1 {
					st.Cross.Between++
				}
			}
		}
	}
	if st.Cross.Tasks > 0 {
		st.Cross.Share = float64(st.Cross.Between) / float64(st.Cross.Tasks)
	}
	return st, nil
}

// forEachFile runs fn(i) for every file, workers at a time, until ctx
// ends; results go into the caller's slots, in file order.
func forEachFile(ctx context.Context, files []string, workers int, fn func(i int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(workers, len(files))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				fn(i)
			}
		}()
	}
	for i := range files {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
}

func worldScores(ctx context.Context, file string) ([]taskScores, error) {
	data, err := readBundle(file)
	if err != nil {
		return nil, err
	}
	w, err := world.Compile(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	defer w.CloseScratch()
	var out []taskScores
	for _, t := range w.Tasks() {
		scores, err := policyScores(ctx, w, t, scorePolicies)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		out = append(out, taskScores{scores: scores, cross: crossSystem(w, t)})
	}
	return out, nil
}

// policyScores plays each scripted policy on a fresh episode of t and
// grades it with the current rule; stats --scores and stats --html both
// grade with it. A tool error is part of the play (it lowers the score);
// an error is a play that could not run or be graded.
func policyScores(ctx context.Context, w *world.World, t *world.Task, policies []string) ([]float64, error) {
	scores := make([]float64, len(policies))
	for k, p := range policies {
		pick, err := parsePolicy(w, p)
		if err != nil {
			return nil, err
		}
		calls, err := pick(t)
		if err != nil {
			return nil, err
		}
		if scores[k], err = playScore(ctx, w, t, calls); err != nil {
			return nil, fmt.Errorf("task %s, policy %s: %w", t.ID(), p, err)
		}
	}
	return scores, nil
}

// crossSystem reports whether the task's reference solution writes in two
// services or more.
func crossSystem(w *world.World, t *world.Task) bool {
	services := map[string]bool{}
	for _, c := range t.Spec().Solution {
		if tool, ok := w.Tool(c.Tool); ok && !tool.ReadOnly() {
			services[tool.Service()] = true
		}
	}
	return len(services) >= 2
}

func playScore(ctx context.Context, w *world.World, t *world.Task, calls []world.Call) (float64, error) {
	ep, err := w.NewEpisode(ctx, t)
	if err != nil {
		return 0, err
	}
	defer ep.Close()
	for _, c := range calls {
		args, _ := json.Marshal(c.Args)
		var te *world.ToolError
		if _, err := ep.Call(ctx, c.Tool, args); err != nil && !errors.As(err, &te) {
			return 0, err
		}
	}
	r, err := verifier.Grade(ctx, ep, t)
	if err != nil {
		return 0, err
	}
	return r.Score, nil
}

func printScores(w io.Writer, st *scoreStats) {
	fmt.Fprintf(w, "\nscores (%s)\tmean\tmin\tmax\tscore 0\tbetween\tscore 1\n", st.Grader)
	for _, p := range scorePolicies {
		d := st.Policies[p]
		fmt.Fprintf(w, "  %s\t%.3f\t%.3f\t%.3f\t%s\t%s\t%s\n", p, d.Mean, d.Min, d.Max, share(d.Zero, d.Tasks), share(d.Partial, d.Tasks), share(d.One, d.Tasks))
	}
	fmt.Fprintf(w, "cross-system first write strictly between noop and 1\t%s\n", share(st.Cross.Between, st.Cross.Tasks))
}

func share(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%d (%.1f%%)", n, 100*float64(n)/float64(of))
}

// defaultWorkers is how many worlds stats --scores grades at once.
func defaultWorkers() int { return runtime.GOMAXPROCS(0) }
