package verifier

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/mercury/mcp-world/world"
)

// ReplayResult is the outcome of [Replay].
type ReplayResult struct {
	// Report grades the replayed final state.
	Report *Report `json:"report"`
	// Mismatches lists every way the replay differs from the recording,
	// each naming its step; empty when the replay is exact.
	Mismatches []string `json:"mismatches"`
	// StateHash is the replayed final state hash.
	StateHash string `json:"state_hash"`
	// OK reports an exact replay: no mismatches. It says nothing about the
	// score.
	OK bool `json:"ok"`
}

// maxQuoted caps how much of a result a mismatch quotes.
const maxQuoted = 200

// Replay re-runs a recorded trajectory on a fresh episode of its task and
// grades the result. The trajectory must have been recorded on exactly this
// bundle (same name and hash). Every call is run with its recorded
// arguments; each result or error, the virtual time of each call, the
// initial state hash and (when the trajectory was closed cleanly) the final
// state hash are compared with the recording.
func Replay(ctx context.Context, w *world.World, tr *world.Trajectory) (*ReplayResult, error) {
	return ReplayWith(ctx, w, tr, Options{})
}

// ReplayWith is [Replay], regrading with opts (another grading rule, to
// compare with a report made under it).
func ReplayWith(ctx context.Context, w *world.World, tr *world.Trajectory, opts Options) (*ReplayResult, error) {
	h := tr.Header
	if h.World != w.Name() {
		return nil, fmt.Errorf("replay: trajectory is of world %q, not %q", h.World, w.Name())
	}
	if h.BundleHash != w.Hash() {
		return nil, fmt.Errorf("replay: trajectory was recorded on bundle %s, but this world is bundle %s (world %s %s); replay needs the exact bundle", h.BundleHash, w.Hash(), w.Name(), w.Version())
	}
	if h.Task == "" {
		return nil, fmt.Errorf("replay: trajectory names no task; grading needs one (tasks: %s)", strings.Join(w.TaskIDs(), ", "))
	}
	task, ok := w.Task(h.Task)
	if !ok {
		return nil, fmt.Errorf("replay: unknown task %q (tasks: %s)", h.Task, strings.Join(w.TaskIDs(), ", "))
	}
	ep, err := w.NewEpisode(ctx, task)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	defer ep.Close()

	res := &ReplayResult{Mismatches: []string{}}
	mismatch := func(format string, a ...any) { res.Mismatches = append(res.Mismatches, fmt.Sprintf(format, a...)) }
	initial, err := ep.StateHash(ctx)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	if h.InitialHash != "" && h.InitialHash != initial {
		mismatch("initial state hash: recorded %s, replayed %s", h.InitialHash, initial)
	}
	for i, rec := range tr.Calls {
		_, err := ep.Call(ctx, rec.Tool, rec.Args)
		if cerr := ctx.Err(); cerr != nil {
			return nil, fmt.Errorf("replay: step %d: %w", rec.Step, cerr)
		}
		entries := ep.Trajectory()
		if len(entries) != i+1 {
			// The call was not even recorded: the episode itself failed.
			return nil, fmt.Errorf("replay: step %d: %w", rec.Step, err)
		}
		got := entries[i]
		step := fmt.Sprintf("step %d (%s)", rec.Step, rec.Tool)
		if got.Time != rec.Time {
			mismatch("%s: time: recorded %s, replayed %s", step, rec.Time, got.Time)
		}
		switch {
		case rec.Error != "" || got.Error != "":
			if rec.Error != got.Error {
				mismatch("%s: %s", step, describeOutcomes(rec, got))
			}
		case !sameJSON(rec.Result, got.Result):
			mismatch("%s: result: recorded %s, replayed %s", step, quote(rec.Result), quote(got.Result))
		}
	}
	res.Report, err = GradeWith(ctx, ep, task, opts)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	res.StateHash = res.Report.StateHash
	if tr.End != nil && tr.End.FinalStateHash != res.StateHash {
		mismatch("final state hash: recorded %s, replayed %s", tr.End.FinalStateHash, res.StateHash)
	}
	res.OK = len(res.Mismatches) == 0
	return res, nil
}

// describeOutcomes words a difference where at least one side failed.
func describeOutcomes(rec, got world.Entry) string {
	switch {
	case rec.Error == "":
		return fmt.Sprintf("recorded result %s, replay failed: %q", quote(rec.Result), got.Error)
	case got.Error == "":
		return fmt.Sprintf("recorded error %q, replay returned %s", rec.Error, quote(got.Result))
	}
	return fmt.Sprintf("error: recorded %q, replayed %q", rec.Error, got.Error)
}

// sameJSON compares two JSON texts byte for byte after removing
// insignificant whitespace: key order is part of a result.
func sameJSON(a, b json.RawMessage) bool {
	if bytes.Equal(a, b) {
		return true // the usual case: both as the runtime wrote them
	}
	var ca, cb bytes.Buffer
	if json.Compact(&ca, a) != nil || json.Compact(&cb, b) != nil {
		return bytes.Equal(a, b)
	}
	return bytes.Equal(ca.Bytes(), cb.Bytes())
}

func quote(b json.RawMessage) string {
	var c bytes.Buffer
	s := string(b)
	if json.Compact(&c, b) == nil {
		s = c.String()
	}
	if s == "" {
		s = "nothing"
	}
	if len(s) > maxQuoted {
		cut := maxQuoted
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}
