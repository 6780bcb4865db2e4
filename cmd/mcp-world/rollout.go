package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mercury/mcp-world/toolgen"
	"github.com/mercury/mcp-world/verifier"
	"github.com/mercury/mcp-world/world"
)

// policyUsage lists the scripted policies rollout can run.
const policyUsage = "oracle, noop, first-write, prefix:N or drop:I"

// scripted is a scripted policy: the calls it makes on a task.
type scripted func(*world.Task) ([]world.Call, error)

// parsePolicy reads a --policy value. oracle is the reference solution;
// noop does nothing; first-write is the solution up to and including its
// first write call; prefix:N is its first N calls; drop:I is the solution
// without call I (0-based, as in /tasks/T/solution/I).
func parsePolicy(w *world.World, spec string) (scripted, error) {
	name, arg, hasArg := strings.Cut(spec, ":")
	n := -1
	if hasArg {
		v, err := strconv.Atoi(arg)
		if err != nil || v < 0 {
			return nil, fmt.Errorf("--policy %q: %s needs a whole number ≥ 0, as in %s:2", spec, name, name)
		}
		n = v
	}
	switch {
	case spec == "oracle":
		return func(t *world.Task) ([]world.Call, error) { return t.Spec().Solution, nil }, nil
	case spec == "noop":
		return func(*world.Task) ([]world.Call, error) { return nil, nil }, nil
	case spec == "first-write":
		return func(t *world.Task) ([]world.Call, error) {
			sol := t.Spec().Solution
			for i, c := range sol {
				if tool, ok := w.Tool(c.Tool); ok && !tool.ReadOnly() {
					return sol[:i+1], nil
				}
			}
			return sol, nil
		}, nil
	case name == "prefix" && n >= 0:
		return func(t *world.Task) ([]world.Call, error) {
			sol := t.Spec().Solution
			return sol[:min(n, len(sol))], nil
		}, nil
	case name == "drop" && n >= 0:
		return func(t *world.Task) ([]world.Call, error) {
			sol := t.Spec().Solution
			if n >= len(sol) {
				return nil, fmt.Errorf("--policy %s: the reference solution has %d calls (0 to %d)", spec, len(sol), len(sol)-1)
			}
			return slices.Delete(slices.Clone(sol), n, n+1), nil
		}, nil
	}
	return nil, fmt.Errorf("--policy %q: use %s", spec, policyUsage)
}

func (e *env) rollout(args []string) error {
	fs := e.flags("rollout", "--world W --task T|all --policy POLICY [--grader G] [--state-dir DIR] [--expect success|failure] [--json]")
	worldName := fs.String("world", "", "embedded world name or bundle file (default: the default world)")
	taskID := fs.String("task", "", "the task to run (required; \"all\" runs every task)")
	policy := fs.String("policy", "oracle", "oracle (the reference solution), noop (do nothing), first-write (the solution up to its first write), prefix:N (its first N calls) or drop:I (the solution without call I, from 0)")
	grader := fs.String("grader", "", "grade with this rule ("+strings.Join(verifier.GraderVersions(), ", ")+"; default "+verifier.GraderVersion+")")
	dir := fs.String("state-dir", "", "keep the episode's state.db and trajectory.jsonl here, and grade from it")
	asJSON := fs.Bool("json", false, "print the report(s) as JSON")
	expect := fs.String("expect", "", "success or failure: exit 1 unless every task's grade is that (for CI)")
	if err := parse(fs, args); err != nil {
		return done(err)
	}
	if *expect != "" && *expect != "success" && *expect != "failure" {
		return &exitError{2, fmt.Errorf("--expect %q: use success or failure", *expect)}
	}
	if err := checkGrader(*grader); err != nil {
		return err
	}
	w, err := loadWorld(*worldName)
	if err != nil {
		return err
	}
	pick, err := parsePolicy(w, *policy)
	if err != nil {
		return &exitError{2, err}
	}
	var tasks []*world.Task
	if *taskID == "all" {
		if *dir != "" {
			return &exitError{2, errors.New("--state-dir holds one episode: give one --task, not all")}
		}
		tasks = w.Tasks()
	} else {
		t, err := needTask(w, *taskID)
		if err != nil {
			return err
		}
		tasks = []*world.Task{t}
	}
	var reports []*verifier.Report
	opts := verifier.Options{Grader: *grader}
	for _, t := range tasks {
		calls, err := pick(t)
		if err != nil {
			return &exitError{2, fmt.Errorf("task %s: %w", t.ID(), err)}
		}
		rep, err := e.rolloutOne(w, t, calls, *dir, opts)
		if err != nil {
			return fmt.Errorf("task %s: %w", t.ID(), err)
		}
		reports = append(reports, rep)
	}
	var err2 error
	if *asJSON {
		if len(reports) == 1 {
			err2 = writeJSON(e.stdout, reports[0])
		} else {
			err2 = writeJSON(e.stdout, reports)
		}
	} else {
		for _, r := range reports {
			if err := printReport(e.stdout, r, false); err != nil {
				return err
			}
		}
	}
	if err2 != nil || *expect == "" {
		return err2
	}
	var wrong []string
	for _, r := range reports {
		if r.Success != (*expect == "success") {
			wrong = append(wrong, fmt.Sprintf("%s (score %.3f)", r.Task, r.Score))
		}
	}
	if len(wrong) > 0 {
		return fmt.Errorf("policy %s: expected %s, but not on %d of %d tasks: %s", *policy, *expect, len(wrong), len(reports), strings.Join(wrong, ", "))
	}
	return nil
}

// rolloutOne serves the task over MCP on an in-memory stdio pipe, plays the
// calls through mcp-go's client (the path an agent's calls take) and grades
// the final state.
func (e *env) rolloutOne(w *world.World, task *world.Task, calls []world.Call, dir string, opts verifier.Options) (*verifier.Report, error) {
	ctx, cancel := context.WithCancel(e.ctx)
	defer cancel()
	var ep *world.Episode
	var disk *diskEpisode
	if dir != "" {
		d, err := newDiskEpisode(ctx, w, task, dir)
		if err != nil {
			return nil, err
		}
		disk, ep = d, d.ep
	} else {
		var err error
		if ep, err = w.NewEpisode(ctx, task); err != nil {
			return nil, err
		}
		defer ep.Close()
	}
	s := toolgen.NewServer(w, func(context.Context) (*world.Episode, error) { return ep, nil }, toolgen.Options{Task: task, Version: version})
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	served := make(chan error, 1)
	go func() {
		stdio := server.NewStdioServer(s)
		stdio.SetErrorLogger(slog.NewLogLogger(slog.DiscardHandler, slog.LevelError))
		served <- stdio.Listen(ctx, sr, sw)
	}()
	c := client.NewClient(transport.NewIO(cr, cw, io.NopCloser(strings.NewReader(""))))
	stop := func() {
		c.Close()
		cw.Close()
		cancel()
		sw.Close()
		<-served
	}
	err := play(ctx, c, calls)
	stop()
	if err != nil {
		return nil, err
	}
	if disk != nil {
		if err := disk.Close(context.WithoutCancel(e.ctx)); err != nil {
			return nil, err
		}
		// Grade the way the sidecar does: from the state directory alone.
		gep, tr, err := openStateDir(e.ctx, w, task, dir)
		if err != nil {
			return nil, err
		}
		defer gep.Close()
		rep, err := verifier.GradeWith(e.ctx, gep, task, opts)
		if err != nil {
			return nil, err
		}
		rep.Calls = len(tr.Calls)
		return rep, nil
	}
	return verifier.GradeWith(e.ctx, ep, task, opts)
}

// checkGrader rejects a --grader that names no grading rule.
func checkGrader(g string) error {
	if g != "" && !slices.Contains(verifier.GraderVersions(), g) {
		return &exitError{2, fmt.Errorf("--grader %q: use one of %s", g, strings.Join(verifier.GraderVersions(), ", "))}
	}
	return nil
}

func play(ctx context.Context, c *client.Client, calls []world.Call) error {
	if err := c.Start(ctx); err != nil {
		return err
	}
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "mcp-world-rollout", Version: version}
	if _, err := c.Initialize(ctx, init); err != nil {
		return fmt.Errorf("initialize: %w", err)
	}
	if _, err := c.ListTools(ctx, mcp.ListToolsRequest{}); err != nil {
		return fmt.Errorf("tools/list: %w", err)
	}
	for i, call := range calls {
		req := mcp.CallToolRequest{}
		req.Params.Name = call.Tool
		args, _ := json.Marshal(call.Args)
		req.Params.Arguments = json.RawMessage(args)
		res, err := c.CallTool(ctx, req)
		if err != nil {
			return fmt.Errorf("call %d (%s): %w", i+1, call.Tool, err)
		}
		if res.IsError {
			// A scripted policy goes on after a tool error, as an agent
			// would; the grade shows the consequence.
			continue
		}
	}
	return nil
}
