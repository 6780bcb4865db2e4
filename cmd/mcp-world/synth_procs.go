package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// A corpus is built by one child process per worker, each a shard of it,
// rather than by goroutines in one process: SQLite here is C compiled to
// Go (modernc.org/sqlite), whose allocator takes one process-wide lock on
// every malloc and free, so two validating workers in one process wait on
// each other. Two processes built 400 worlds in 38–44 s against 46–49 s for
// two workers in one (same binary, alternately). The shards' union is the
// corpus byte for byte, so the output does not change.

// synthChildEnv marks a child of runSynthProcs: it reports progress on
// stderr and never forks again.
const synthChildEnv = "MERCURY_SYNTH_CHILD"

// progressMark starts a child's progress line on its stderr: one per world.
const progressMark = "\x1emercury-synth-done"

// runSynthProcs runs synth with args in procs child processes, child j
// building shard (s.i + s.k*j)/(s.k*procs) with one worker, and adds up
// their summaries.
func runSynthProcs(ctx context.Context, args []string, s shard, procs, total int, stderr io.Writer) (synthSummary, error) {
	exe, err := selfExecutable()
	if err != nil {
		return synthSummary{}, fmt.Errorf("synth: cannot find its own executable to run workers: %w", err)
	}
	start := time.Now()
	bar := newProgress(stderr, total, "worlds")
	var (
		mu   sync.Mutex
		done int
		sums = make([]synthSummary, procs)
		errs = make([]error, procs)
		wg   sync.WaitGroup
	)
	for j := range procs {
		child := append(append([]string{"synth"}, args...),
			"--shard", fmt.Sprintf("%d/%d", s.i+s.k*j, s.k*procs), "--workers", "1", "--json")
		cmd := exec.CommandContext(ctx, exe, child...)
		cmd.Env = append(os.Environ(), synthChildEnv+"=1")
		var out bytes.Buffer
		cmd.Stdout = &out
		pipe, err := cmd.StderrPipe()
		if err != nil {
			return synthSummary{}, err
		}
		if err := cmd.Start(); err != nil {
			return synthSummary{}, fmt.Errorf("synth: starting worker %d: %w", j, err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sc := bufio.NewScanner(pipe)
			sc.Buffer(make([]byte, 64<<10), 1<<20)
			for sc.Scan() {
				line := sc.Text()
				if line == progressMark {
					mu.Lock()
					done++
					bar.set(done)
					mu.Unlock()
					continue
				}
				mu.Lock()
				fmt.Fprintln(stderr, line)
				mu.Unlock()
			}
			werr := cmd.Wait()
			// A child exits non-zero when a world failed; its summary says
			// which. Only a child without one failed as a process.
			if err := json.Unmarshal(out.Bytes(), &sums[j]); err != nil {
				errs[j] = fmt.Errorf("synth: worker %d (shard %s): %v", j, child[len(child)-4], firstErr(werr, err))
			}
		}()
	}
	wg.Wait()
	bar.finish()
	var sum synthSummary
	for j, s := range sums {
		if errs[j] != nil {
			return synthSummary{}, errs[j]
		}
		sum.Worlds += s.Worlds
		sum.Written += s.Written
		sum.Failed += s.Failed
		sum.Tasks += s.Tasks
		sum.Failures = append(sum.Failures, s.Failures...)
	}
	sum.Seconds = time.Since(start).Seconds()
	return sum, nil
}

// firstErr prefers the process's error to the summary's.
func firstErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// selfExecutable is the command this process was started as, found the
// way the shell found it (a test harness's shim dispatches on that name),
// else the running executable.
func selfExecutable() (string, error) {
	if p, err := exec.LookPath(os.Args[0]); err == nil {
		return p, nil
	}
	return os.Executable()
}

// canRunWorkerProcesses reports whether running os.Args[0] again runs
// this command: always for a real binary; for a test binary only when the
// test harness started it under the command's name (testscript's shim),
// not when a test calls the CLI in process.
func canRunWorkerProcesses() bool {
	return !testing.Testing() || filepath.Base(os.Args[0]) == "mcp-world"
}

// isSynthChild reports whether this process is a worker of runSynthProcs.
func isSynthChild() bool { return strings.TrimSpace(os.Getenv(synthChildEnv)) != "" }
