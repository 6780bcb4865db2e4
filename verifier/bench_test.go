package verifier

import (
	"bytes"
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/mercury/mcp-world/bundles"
	"github.com/mercury/mcp-world/world"
)

// loadDefault loads the default embedded world, as the server does.
func loadDefault(tb testing.TB) *world.World {
	tb.Helper()
	w, err := bundles.Load(bundles.Default)
	if err != nil {
		tb.Fatal(err)
	}
	return w
}

// solvedDefault plays the reference solution of the default world's first
// task and checks it succeeds.
func solvedDefault(b *testing.B) (*world.Episode, *world.Task) {
	ctx := context.Background()
	w := loadDefault(b)
	task := w.Tasks()[0]
	ep, err := w.NewEpisode(ctx, task)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ep.Close() })
	for _, c := range task.Spec().Solution {
		if _, err := ep.Call(ctx, c.Tool, callArgs(c)); err != nil {
			b.Fatalf("%s: %v", c.Tool, err)
		}
	}
	if r, err := Grade(ctx, ep, task); err != nil || !r.Success {
		b.Fatalf("reference solution: %v %v", r, err)
	}
	return ep, task
}

// BenchmarkGradeDefault grades the default world's first task after its
// reference solution, again and again: the grading sidecar's cost per
// grade of an episode it has graded before (its statements are prepared).
func BenchmarkGradeDefault(b *testing.B) {
	ctx := context.Background()
	ep, task := solvedDefault(b)
	start := cpuTime()
	for b.Loop() {
		if _, err := Grade(ctx, ep, task); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpuTime()-start)
}

// cpuTime is the process's user and system CPU time so far. On a shared
// machine wall time per grade varies with the load; CPU time much less.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU time per operation as "cpu-µs/op".
func reportCPU(b *testing.B, cpu time.Duration) {
	if b.N > 0 {
		b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/op")
	}
}

// BenchmarkGradeDefaultCold is BenchmarkGradeDefault on an episode graded
// for the first time, as a harness grades it after its last call: a new
// episode of the task plays the reference solution (off the clock), then
// it is graded. The world's scratch databases are warm, as in a server
// that has graded episodes of the world before.
func BenchmarkGradeDefaultCold(b *testing.B) {
	ctx := context.Background()
	w := loadDefault(b)
	task := w.Tasks()[0]
	var cpu time.Duration
	defer func() { reportCPU(b, cpu) }()
	for b.Loop() {
		b.StopTimer()
		ep, err := w.NewEpisode(ctx, task)
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range task.Spec().Solution {
			if _, err := ep.Call(ctx, c.Tool, callArgs(c)); err != nil {
				b.Fatalf("%s: %v", c.Tool, err)
			}
		}
		b.StartTimer()
		start := cpuTime()
		r, err := Grade(ctx, ep, task)
		cpu += cpuTime() - start
		b.StopTimer()
		if err != nil || !r.Success {
			b.Fatalf("reference solution: %v %v", r, err)
		}
		ep.Close()
		b.StartTimer()
	}
}

// defaultTrajectory records the default world's first task: a few reads,
// then its reference solution.
func defaultTrajectory(tb testing.TB, w *world.World) *world.Trajectory {
	tb.Helper()
	ctx := context.Background()
	task := w.Tasks()[0]
	ep, err := w.NewEpisode(ctx, task)
	if err != nil {
		tb.Fatal(err)
	}
	defer ep.Close()
	h, err := ep.Header(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	var buf bytes.Buffer
	tw, err := world.NewTrajectoryWriter(&buf, h, nil)
	if err != nil {
		tb.Fatal(err)
	}
	ep.OnCall(tw.Call)
	calls := []world.Call{
		{Tool: "search_shipments", Args: map[string]any{}},
		{Tool: "search_invoices", Args: map[string]any{}},
		{Tool: "list_chat_channels", Args: map[string]any{}},
	}
	calls = append(calls, task.Spec().Solution...)
	for _, c := range calls {
		if _, err := ep.Call(ctx, c.Tool, callArgs(c)); err != nil {
			tb.Fatalf("%s: %v", c.Tool, err)
		}
	}
	final, err := ep.StateHash(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	if err := tw.End(world.TrajectoryEnd{FinalStateHash: final, Calls: ep.Calls()}); err != nil {
		tb.Fatal(err)
	}
	tr, err := world.ReadTrajectory(bytes.NewReader(buf.Bytes()))
	if err != nil {
		tb.Fatal(err)
	}
	if len(tr.Calls) < 10 {
		tb.Fatalf("trajectory has %d calls, want at least 10", len(tr.Calls))
	}
	return tr
}

// BenchmarkReplayDefault replays and regrades a recorded trajectory of the
// default world.
func BenchmarkReplayDefault(b *testing.B) {
	ctx := context.Background()
	w := loadDefault(b)
	tr := defaultTrajectory(b, w)
	if res, err := Replay(ctx, w, tr); err != nil || !res.OK || !res.Report.Success {
		b.Fatalf("replay: %+v %v", res, err)
	}
	for b.Loop() {
		if _, err := Replay(ctx, w, tr); err != nil {
			b.Fatal(err)
		}
	}
}
