package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mercury/mcp-world/verifier"
	"github.com/mercury/mcp-world/world"
)

// evalConfig is what a run is; a resumed run must have the same.
type evalConfig struct {
	World       string   `json:"world"`
	Tasks       []string `json:"tasks,omitempty"`
	BaseURL     string   `json:"base_url"`
	Model       string   `json:"model"`
	K           int      `json:"k"`
	MaxTurns    int      `json:"max_turns"`
	Temperature *float64 `json:"temperature,omitempty"`
}

// evalResult is one line of results.jsonl: one episode.
type evalResult struct {
	World            string   `json:"world"`
	Task             string   `json:"task"`
	Trial            int      `json:"trial"`
	Persona          string   `json:"persona"`
	Services         []string `json:"services"`
	Status           string   `json:"status"` // stopped, max_turns, context_overflow, api_error
	Score            float64  `json:"score"`
	Success          bool     `json:"success"`
	Turns            int      `json:"turns"`
	ToolCalls        int      `json:"tool_calls"`
	ToolErrors       int      `json:"tool_errors"`
	Malformed        int      `json:"malformed_tool_calls"`
	PromptTokens     int      `json:"prompt_tokens"`
	CompletionTokens int      `json:"completion_tokens"`
	RateLimited      int      `json:"rate_limited"`
	Retries          int      `json:"retries"`
	Seconds          float64  `json:"seconds"`
	Error            string   `json:"error,omitempty"`
	Dir              string   `json:"dir"` // trajectory, transcript and report, relative to --out
}

func (r evalResult) key() string { return episodeKey(r.World, r.Task, r.Trial) }

// episodeKey names one trial of one task in results.jsonl.
func episodeKey(world, task string, trial int) string {
	return fmt.Sprintf("%s/%s/%d", world, task, trial)
}

// evalJob is one episode to run.
type evalJob struct {
	world *world.World
	task  *world.Task
	trial int
}

func (j evalJob) key() string { return episodeKey(j.world.Name(), j.task.ID(), j.trial) }

func (e *env) eval(args []string) error {
	fs := e.flags("eval", "--world W|DIR [--tasks IDS] --base-url URL --model NAME [--api-key-env VAR] [--concurrency N] [--max-turns T] [--k K] --out DIR [--json]")
	worldArg := fs.String("world", "", "embedded world, bundle file, or a folder of bundles; default: the default world")
	tasksArg := fs.String("tasks", "", "comma-separated task ids (or world/task in a corpus); default: every task")
	baseURL := fs.String("base-url", "", "OpenAI-compatible API base, e.g. http://localhost:8000/v1 (required)")
	model := fs.String("model", "", "model name the endpoint serves (required)")
	keyEnv := fs.String("api-key-env", "", "environment variable holding the API key (sent as a Bearer token); none by default")
	concurrency := fs.Int("concurrency", 4, "episodes run at once")
	maxTurns := fs.Int("max-turns", 30, "most model turns per episode")
	k := fs.Int("k", 1, "trials per task; pass^k is reported for 1..k")
	out := fs.String("out", "", "directory for trajectories, reports, results.jsonl and summary.json (required); a run there resumes")
	temperature := fs.Float64("temperature", 0, "sampling temperature; omitted from requests unless set")
	timeout := fs.Duration("timeout", 5*time.Minute, "timeout of one model request")
	retries := fs.Int("retries", 6, "retries of one request after a 429, a 5xx or a network error, with exponential backoff")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	if err := parse(fs, args); err != nil {
		return done(err)
	}
	var missing []string
	for _, f := range []struct{ name, v string }{{"--base-url", *baseURL}, {"--model", *model}, {"--out", *out}} {
		if f.v == "" {
			missing = append(missing, f.name)
		}
	}
	if len(missing) > 0 {
		verb := "is"
		if len(missing) > 1 {
			verb = "are"
			missing[len(missing)-2] += " and " + missing[len(missing)-1]
			missing = missing[:len(missing)-1]
		}
		return &exitError{2, fmt.Errorf("eval: %s %s required", strings.Join(missing, ", "), verb)}
	}
	if *k < 1 || *maxTurns < 1 || *concurrency < 1 {
		return &exitError{2, errors.New("eval: --k, --max-turns and --concurrency must be at least 1")}
	}
	apiKey := ""
	if *keyEnv != "" {
		if apiKey = os.Getenv(*keyEnv); apiKey == "" {
			return &exitError{2, fmt.Errorf("eval: --api-key-env %s: the variable is empty or unset", *keyEnv)}
		}
	}
	cfg := evalConfig{World: *worldArg, BaseURL: strings.TrimRight(*baseURL, "/"), Model: *model, K: *k, MaxTurns: *maxTurns}
	if *tasksArg != "" {
		cfg.Tasks = strings.Split(*tasksArg, ",")
	}
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "temperature" {
			cfg.Temperature = temperature
		}
	})
	jobs, err := evalJobs(cfg)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	finished, err := resumeRun(*out, cfg)
	if err != nil {
		return err
	}
	var todo []evalJob
	for _, j := range jobs {
		if _, ok := finished[j.key()]; !ok {
			todo = append(todo, j)
		}
	}
	if len(finished) > 0 {
		fmt.Fprintf(e.stderr, "mcp-world: resuming %s: %d of %d episodes already done\n", *out, len(jobs)-len(todo), len(jobs))
	}
	m := &modelClient{base: cfg.BaseURL, model: cfg.Model, key: apiKey, temperature: cfg.Temperature, retries: *retries, http: &http.Client{Timeout: *timeout}}
	progressTo := e.stderr
	if *asJSON {
		progressTo = io.Discard
	}
	if err := runEval(e.ctx, m, todo, cfg, *out, *concurrency, progressTo); err != nil {
		return err
	}
	results, err := readResults(filepath.Join(*out, "results.jsonl"))
	if err != nil {
		return err
	}
	sum := summarize(cfg, jobs, results)
	if err := writeFileJSON(filepath.Join(*out, "summary.json"), sum); err != nil {
		return err
	}
	if e.ctx.Err() != nil {
		return fmt.Errorf("eval interrupted after %d of %d episodes; run the same command again to resume", sum.Episodes, len(jobs))
	}
	if *asJSON {
		return writeJSON(e.stdout, sum)
	}
	printSummary(e.stdout, sum)
	return nil
}

// evalJobs lists the episodes of a run: every chosen task, k times, in
// world and task order.
func evalJobs(cfg evalConfig) ([]evalJob, error) {
	want := map[string]bool{}
	for _, id := range cfg.Tasks {
		want[strings.TrimSpace(id)] = false
	}
	var jobs []evalJob
	var known []string
	err := eachWorld(cfg.World, func(ws worldSource) error {
		for _, t := range ws.world.Tasks() {
			full := ws.world.Name() + "/" + t.ID()
			known = append(known, t.ID())
			if len(want) > 0 {
				_, a := want[t.ID()]
				_, b := want[full]
				if !a && !b {
					continue
				}
				want[t.ID()], want[full] = true, true
			}
			for trial := range cfg.K {
				jobs = append(jobs, evalJob{ws.world, t, trial + 1})
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var unknown []string
	for id, seen := range want {
		if !seen {
			unknown = append(unknown, id)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		if len(known) > 12 {
			known = append(known[:12], "…")
		}
		return nil, &exitError{2, fmt.Errorf("--tasks: unknown task %s (tasks: %s)", strings.Join(unknown, ", "), strings.Join(known, ", "))}
	}
	if len(jobs) == 0 {
		return nil, fmt.Errorf("eval: no tasks in %s", cfg.World)
	}
	return jobs, nil
}

// resumeRun checks that out holds no run or one with the same config, and
// returns the episodes that finished there. An episode that ended with an
// API error is run again.
func resumeRun(out string, cfg evalConfig) (map[string]evalResult, error) {
	path := filepath.Join(out, "run.json")
	if b, err := os.ReadFile(path); err == nil {
		var prev evalConfig
		if err := json.Unmarshal(b, &prev); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		pb, _ := json.Marshal(prev)
		cb, _ := json.Marshal(cfg)
		if !bytes.Equal(pb, cb) {
			return nil, &exitError{2, fmt.Errorf("%s holds another run (%s); use another --out, or delete it", out, pb)}
		}
	} else if err := writeFileJSON(path, cfg); err != nil {
		return nil, err
	}
	results, err := readResults(filepath.Join(out, "results.jsonl"))
	if err != nil {
		return nil, err
	}
	done := map[string]evalResult{}
	for _, r := range results {
		if r.Status != "api_error" {
			done[r.key()] = r
		}
	}
	return done, nil
}

// readResults reads results.jsonl, keeping the last line of each episode;
// a torn last line (a run killed while writing) is ignored.
func readResults(path string) ([]evalResult, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	defer f.Close()
	byKey := map[string]int{}
	var out []evalResult
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	for sc.Scan() {
		var r evalResult
		if json.Unmarshal(sc.Bytes(), &r) != nil {
			continue
		}
		if i, ok := byKey[r.key()]; ok {
			out[i] = r
			continue
		}
		byKey[r.key()] = len(out)
		out = append(out, r)
	}
	return out, sc.Err()
}

// dropTornLine cuts a last line without its newline, left by a run killed
// while writing, so appended results start on a line of their own.
func dropTornLine(path string) error {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) || len(b) == 0 || b[len(b)-1] == '\n' {
		return nil
	} else if err != nil {
		return err
	}
	return os.Truncate(path, int64(bytes.LastIndexByte(b, '\n')+1))
}

func writeFileJSON(path string, v any) error {
	var buf bytes.Buffer
	if err := writeJSON(&buf, v); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// runEval runs the jobs with a pool of workers, appending each result to
// results.jsonl as it finishes, so a stopped run loses at most the
// episodes in flight.
func runEval(ctx context.Context, m *modelClient, jobs []evalJob, cfg evalConfig, out string, workers int, stderr io.Writer) error {
	path := filepath.Join(out, "results.jsonl")
	if err := dropTornLine(path); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	var mu sync.Mutex
	var werr error
	var n atomic.Int64
	bar := newProgress(stderr, len(jobs), "episodes")
	next := make(chan evalJob)
	var wg sync.WaitGroup
	for range min(workers, max(len(jobs), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				r := runEpisode(ctx, m, j, cfg, out)
				if ctx.Err() != nil && r.Status == "api_error" {
					continue // interrupted, not failed: run it on resume
				}
				line, err := marshalLine(r)
				mu.Lock()
				if err == nil {
					_, err = f.Write(line)
				}
				werr = errors.Join(werr, err)
				mu.Unlock()
				bar.set(int(n.Add(1)))
			}
		}()
	}
	for _, j := range jobs {
		if ctx.Err() != nil {
			break
		}
		next <- j
	}
	close(next)
	wg.Wait()
	bar.finish()
	return werr
}

// chatMessage is an OpenAI chat message.
type chatMessage struct {
	Role       string     `json:"role"`
	Content    *string    `json:"content"`
	ToolCalls  []toolCall `json:"tool_calls,omitempty"`
	ToolCallID string     `json:"tool_call_id,omitempty"`
}

type toolCall struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

func text(s string) *string { return &s }

// runEpisode plays one task: the model gets the world's tools, the
// system prompt and the task; each of its tool calls runs on a fresh
// episode; the final state is graded.
func runEpisode(ctx context.Context, m *modelClient, j evalJob, cfg evalConfig, out string) evalResult {
	start := time.Now()
	info := j.task.Public()
	r := evalResult{World: j.world.Name(), Task: info.ID, Trial: j.trial, Persona: info.Persona, Services: info.Services,
		Dir: filepath.Join("episodes", j.world.Name(), info.ID, strconv.Itoa(j.trial))}
	if r.Services == nil {
		r.Services = []string{}
	}
	finish := func(status string, err error) evalResult {
		r.Status = status
		if err != nil {
			r.Error = err.Error()
		}
		r.Seconds = math.Round(time.Since(start).Seconds()*1000) / 1000
		return r
	}
	ep, err := j.world.NewEpisode(ctx, j.task)
	if err != nil {
		return finish("api_error", fmt.Errorf("start episode: %w", err))
	}
	defer ep.Close()
	sys, user := taskPrompts(j.world, j.task)
	msgs := []chatMessage{{Role: "system", Content: text(sys)}, {Role: "user", Content: text(user)}}
	tools := openAITools(j.world)
	status := "max_turns"
	var runErr error
	for r.Turns < cfg.MaxTurns {
		resp, usage, stats, err := m.complete(ctx, msgs, tools)
		r.RateLimited += stats.rateLimited
		r.Retries += stats.retries
		if err != nil {
			if errors.Is(err, errContextOverflow) {
				status, runErr = "context_overflow", err
			} else {
				status, runErr = "api_error", err
			}
			break
		}
		r.Turns++
		r.PromptTokens += usage.PromptTokens
		r.CompletionTokens += usage.CompletionTokens
		msgs = append(msgs, resp)
		if len(resp.ToolCalls) == 0 {
			status = "stopped"
			break
		}
		for _, tc := range resp.ToolCalls {
			r.ToolCalls++
			content, malformed, failed := runToolCall(ctx, ep, j.world, tc)
			if malformed {
				r.Malformed++
			}
			if failed {
				r.ToolErrors++
			}
			msgs = append(msgs, chatMessage{Role: "tool", ToolCallID: tc.ID, Content: text(content)})
		}
	}
	dir := filepath.Join(out, r.Dir)
	if err := saveEpisode(ctx, dir, ep, msgs); err != nil {
		return finish("api_error", errors.Join(runErr, err))
	}
	rep, err := verifier.Grade(context.WithoutCancel(ctx), ep, j.task)
	if err != nil {
		return finish("api_error", errors.Join(runErr, fmt.Errorf("grade: %w", err)))
	}
	r.Score, r.Success = rep.Score, rep.Success
	if err := writeFileJSON(filepath.Join(dir, "report.json"), rep); err != nil {
		return finish("api_error", err)
	}
	return finish(status, runErr)
}

// runToolCall runs one tool call of the model and returns what the model
// reads back. A call the model got wrong (unknown tool, arguments that
// are not a JSON object) becomes an error message it can act on.
func runToolCall(ctx context.Context, ep *world.Episode, w *world.World, tc toolCall) (content string, malformed, failed bool) {
	name := tc.Function.Name
	if _, ok := w.Tool(name); !ok {
		return fmt.Sprintf("error: unknown tool %q", name), false, true
	}
	args := strings.TrimSpace(tc.Function.Arguments)
	if args == "" {
		args = "{}"
	}
	var obj map[string]any
	if err := json.Unmarshal([]byte(args), &obj); err != nil {
		return fmt.Sprintf("error: the arguments of %s are not a JSON object (%v); call it again with valid JSON", name, err), true, true
	}
	res, err := ep.Call(ctx, name, json.RawMessage(args))
	var te *world.ToolError
	switch {
	case errors.As(err, &te):
		return "error: " + te.Msg, false, true
	case err != nil:
		return fmt.Sprintf("error: %s failed inside the server; nothing changed", name), false, true
	}
	return string(res), false, false
}

// saveEpisode writes an episode's trajectory and chat transcript.
func saveEpisode(ctx context.Context, dir string, ep *world.Episode, msgs []chatMessage) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	ctx = context.WithoutCancel(ctx)
	var buf bytes.Buffer
	h, err := ep.Header(ctx)
	if err != nil {
		return err
	}
	tw, err := world.NewTrajectoryWriter(&buf, h, nil)
	if err != nil {
		return err
	}
	calls := ep.Trajectory()
	for _, c := range calls {
		if err := tw.Call(c); err != nil {
			return err
		}
	}
	hash, err := ep.StateHash(ctx)
	if err != nil {
		return err
	}
	if err := tw.End(world.TrajectoryEnd{FinalStateHash: hash, Calls: len(calls)}); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "trajectory.jsonl"), buf.Bytes(), 0o644); err != nil {
		return err
	}
	return writeFileJSON(filepath.Join(dir, "messages.json"), msgs)
}
