package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mercury/mcp-world/bundles"
	"github.com/mercury/mcp-world/world"
)

// The benchmarks of BENCHMARKS.md, on the embedded default world:
//
//	go test ./cmd/mcp-world -run '^$' -bench . -benchtime 2s

func defaultWorld(b *testing.B) *world.World {
	b.Helper()
	w, err := loadWorld(bundles.Default)
	if err != nil {
		b.Fatal(err)
	}
	return w
}

// pointRead finds a read tool of the default world that gets one record
// by key, and a key to give it.
func pointRead(b *testing.B, w *world.World) (string, json.RawMessage) {
	b.Helper()
	for _, t := range w.Tools() {
		if !t.ReadOnly() || !strings.HasPrefix(t.Name(), "get_") {
			continue
		}
		var schema struct {
			Required []string `json:"required"`
		}
		json.Unmarshal(t.InputSchema(), &schema)
		if len(schema.Required) != 1 {
			continue
		}
		// Find a key by listing the table the tool reads.
		reads, _ := t.Tables()
		for _, tbl := range w.Bundle().Tables {
			if tbl.Name == reads[0] && len(tbl.Rows) > 0 {
				pk, _ := w.PrimaryKey(tbl.Name)
				args, _ := json.Marshal(map[string]any{schema.Required[0]: tbl.Rows[len(tbl.Rows)/2][pk]})
				return t.Name(), args
			}
		}
	}
	b.Fatal("the default world has no get_ tool with one required argument")
	return "", nil
}

// BenchmarkNewEpisode: a fresh isolated episode from the template image.
// Target: ≤ 0.5 ms.
func BenchmarkNewEpisode(b *testing.B) {
	ctx := context.Background()
	w := defaultWorld(b)
	task := w.Tasks()[0]
	for b.Loop() {
		ep, err := w.NewEpisode(ctx, task)
		if err != nil {
			b.Fatal(err)
		}
		ep.Close()
	}
}

// BenchmarkFork: a new episode from a live one's current state.
// Target: ≤ 1 ms.
func BenchmarkFork(b *testing.B) {
	ctx := context.Background()
	w := defaultWorld(b)
	task := w.Tasks()[0]
	ep, _ := w.NewEpisode(ctx, task)
	defer ep.Close()
	for _, c := range task.Spec().Solution {
		args, _ := json.Marshal(c.Args)
		ep.Call(ctx, c.Tool, args)
	}
	for b.Loop() {
		f, err := ep.Fork(ctx)
		if err != nil {
			b.Fatal(err)
		}
		f.Close()
	}
}

// BenchmarkCallPointRead: one in-process tool call reading one record by
// key, as one transaction. Reports the median. Target: ≤ 100 µs p50.
func BenchmarkCallPointRead(b *testing.B) {
	ctx := context.Background()
	w := defaultWorld(b)
	ep, _ := w.NewEpisode(ctx, nil)
	defer ep.Close()
	tool, args := pointRead(b, w)
	if _, err := ep.Call(ctx, tool, args); err != nil {
		b.Fatalf("%s %s: %v", tool, args, err)
	}
	var took []time.Duration
	for b.Loop() {
		start := time.Now()
		if _, err := ep.Call(ctx, tool, args); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	reportMedian(b, took)
}

func reportMedian(b *testing.B, took []time.Duration) {
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds()), "p99-µs")
}

// buildBinary builds mcp-world once for the start-up benchmark.
func buildBinary(b *testing.B) string {
	b.Helper()
	bin := filepath.Join(b.TempDir(), "mcp-world")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// BenchmarkStdioStartup: from starting the process to the answer of the
// first tools/list, for the embedded world. Target: ≤ 30 ms. Each start is
// paired with one of `mcp-world --help`, the same binary's start and exit
// with no work of its own (runtime and package initialization, which
// includes every dependency's init), so that on a loaded machine the
// difference is what serve adds; cpu-ms is the child's user + system
// time per start. Medians of each kind of start.
//
// On a shared machine compare in one run, alternated start by start:
//
//	MERCURY_STARTUP_BASE=BIN   another mcp-world (main's), started after
//	                           each of this tree's the same way: base-*
//	MERCURY_STARTUP_WORLD=PATH serve this bundle file instead (each start
//	                           with an empty world cache: a first start)
//	MERCURY_STARTUP_REF=CMD    a reference stdio MCP server (the anchor's
//	                           "node …/ts-ref/server.mjs"), started after
//	                           each: ref-p50-ms, ref-cpu-ms, ref-x (its p50
//	                           over this tree's)
//
//	MERCURY_STARTUP_BASE=/tmp/main-mw go test ./cmd/mcp-world -run '^$' -bench StdioStartup -benchtime 40x
func BenchmarkStdioStartup(b *testing.B) {
	bin := buildBinary(b)
	args := []string{"serve", "--log-level", "error"}
	if p := os.Getenv("MERCURY_STARTUP_WORLD"); p != "" {
		abs, err := filepath.Abs(p)
		if err != nil {
			b.Fatal(err)
		}
		args = append(args, "--world", abs)
	}
	type starts struct {
		serve, help, serveCPU, helpCPU []time.Duration
	}
	var this, base, ref starts
	baseBin, refCmd := os.Getenv("MERCURY_STARTUP_BASE"), strings.Fields(os.Getenv("MERCURY_STARTUP_REF"))
	for b.Loop() {
		for _, s := range []struct {
			st   *starts
			cmd  []string
			help bool
		}{{&this, append([]string{bin}, args...), true}, {&base, append([]string{baseBin}, args...), true}, {&ref, refCmd, false}} {
			if len(s.cmd) == 0 || s.cmd[0] == "" {
				continue
			}
			if s.help {
				took, cpu := startOnce(b, exec.Command(s.cmd[0], "--help"), false)
				s.st.help, s.st.helpCPU = append(s.st.help, took), append(s.st.helpCPU, cpu)
			}
			c := exec.Command(s.cmd[0], s.cmd[1:]...)
			c.Env = append(os.Environ(), "MERCURY_CACHE_DIR="+b.TempDir())
			took, cpu := startOnce(b, c, true)
			s.st.serve, s.st.serveCPU = append(s.st.serve, took), append(s.st.serveCPU, cpu)
		}
	}
	report := func(prefix string, s starts) {
		if len(s.serve) == 0 {
			return
		}
		b.ReportMetric(medianMs(s.serve), prefix+"p50-ms")
		b.ReportMetric(medianMs(s.serveCPU), prefix+"cpu-ms")
		if len(s.help) > 0 {
			b.ReportMetric(medianMs(s.help), prefix+"help-p50-ms")
			b.ReportMetric(medianMs(s.helpCPU), prefix+"help-cpu-ms")
		}
	}
	report("", this)
	report("base-", base)
	report("ref-", ref)
	if len(ref.serve) > 0 {
		b.ReportMetric(medianMs(ref.serve)/medianMs(this.serve), "ref-x")
	}
}

// startOnce starts a command, and for a server, sends the MCP handshake
// and tools/list on stdin and waits for that answer: the wall time to it
// and the process's CPU time.
func startOnce(b *testing.B, cmd *exec.Cmd, server bool) (took, cpu time.Duration) {
	b.Helper()
	start := time.Now()
	if !server {
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
		return time.Since(start), cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	const msgs = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/list"}
`
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	io.WriteString(stdin, msgs)
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	got := false
	for sc.Scan() {
		var msg struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal(sc.Bytes(), &msg) == nil && string(msg.ID) == "2" {
			got = true
			break
		}
	}
	took = time.Since(start)
	stdin.Close()
	io.Copy(io.Discard, stdout)
	cmd.Wait()
	if !got {
		b.Fatalf("%s: no tools/list answer", cmd)
	}
	return took, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}

func medianMs(d []time.Duration) float64 {
	s := slices.Clone(d)
	slices.Sort(s)
	return float64(s[len(s)/2].Microseconds()) / 1000
}

func rss(b *testing.B) int64 {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		b.Skip("needs /proc/self/statm")
	}
	f := strings.Fields(string(data))
	pages, _ := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize())
}

// BenchmarkEpisodeMemory: resident memory per live episode in an HTTP
// server's registry, against the template image. Target: ≤ 2× the image.
// MERCURY_EPISODES sets how many are open at once (default 1,000); with
// 10,000 the process must stay under 4 GiB ("GiB-total").
func BenchmarkEpisodeMemory(b *testing.B) {
	ctx := context.Background()
	w := defaultWorld(b)
	n := 1000
	if v, err := strconv.Atoi(os.Getenv("MERCURY_EPISODES")); err == nil && v > 0 {
		n = v
	}
	for b.Loop() {
		eps := world.NewEpisodes(w, world.RegistryOptions{Task: w.Tasks()[0], Limit: n})
		runtime.GC()
		before := rss(b)
		for i := range n {
			ep, err := eps.Open(ctx, fmt.Sprintf("ep-%d", i))
			if err != nil {
				b.Fatal(err)
			}
			// A live episode has been used: one point read each.
			tool, args := pointRead(b, w)
			ep.Call(ctx, tool, args)
		}
		runtime.GC()
		per := float64(rss(b)-before) / float64(n)
		b.ReportMetric(per/1024, "KiB/episode")
		b.ReportMetric(float64(w.ImageSize())/1024, "KiB-image")
		b.ReportMetric(per/float64(w.ImageSize()), "x-image")
		b.ReportMetric(float64(rss(b))/(1<<30), "GiB-total")
		eps.CloseAll()
	}
}
