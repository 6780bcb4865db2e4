package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"

	charmlog "github.com/charmbracelet/log"

	"github.com/mercury/mcp-world/bundles"
	"github.com/mercury/mcp-world/world"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

// errSilent fails the command after it has said all it has to say.
var errSilent = errors.New("silent failure")

// exitError carries an exit code other than 1.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func exitCode(err error) int {
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	return 1
}

const usage = `mcp-world serves Mercury worlds to AI agents over MCP.

Usage:
  mcp-world serve    [--world NAME|PATH] [--task ID] [--http ADDR]   serve a world (stdio by default)
  mcp-world worlds   [--json]                                        list the embedded worlds
  mcp-world describe [--world NAME|PATH] [--json]                    company, services, tools, tables, tasks
  mcp-world grade    --world W --task T --state-dir DIR [--grader G] [--json]  grade an episode from its state directory
  mcp-world replay   --world W --task T --trajectory FILE [--grader G] [--json]  re-run a trajectory, check it, regrade
  mcp-world rollout  --world W --task T|all --policy P [--grader G] [--state-dir DIR] [--json]
                                                                     run a scripted policy through an MCP client, grade it
  mcp-world validate [--json] [--advisory V,..] [PATH|NAME...]      run the bundle validators (a folder: every bundle)
  mcp-world synth    --industry X --country Y [--description TEXT] [--seed S] --out DIR
  mcp-world synth    --briefs FILE.jsonl --out DIR | --count N [--seed S] --out DIR
                                                                     synthesize validated worlds with tasks
  mcp-world stats    DIR [--scores] [--json]                         diversity figures (and score distributions) of a corpus
  mcp-world help                                                     this text

Run "mcp-world COMMAND -h" for a command's flags.
`

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return &exitError{2, errors.New("no command given")}
	}
	cmd, rest := args[0], args[1:]
	env := &env{ctx: ctx, stdin: stdin, stdout: stdout, stderr: stderr}
	switch cmd {
	case "serve":
		return env.serve(rest)
	case "worlds":
		return env.worlds(rest)
	case "describe":
		return env.describe(rest)
	case "grade":
		return env.grade(rest)
	case "replay":
		return env.replay(rest)
	case "rollout":
		return env.rollout(rest)
	case "validate":
		return env.validate(rest)
	case "synth":
		return env.synth(rest)
	case "stats":
		return env.stats(rest)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	case "version", "--version":
		fmt.Fprintln(stdout, "mcp-world", version)
		return nil
	}
	return &exitError{2, fmt.Errorf("unknown command %q (commands: serve, worlds, describe, grade, replay, rollout, validate, synth, stats, help)", cmd)}
}

// env is what every command runs with.
type env struct {
	ctx    context.Context
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// flags makes a flag set that reports to stderr and never exits.
func (e *env) flags(name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "Usage: mcp-world %s %s\n\nFlags:\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses flags, turning -h into success and extra arguments into an
// error that names them.
func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return &exitError{2, errSilent}
	}
	if fs.NArg() > 0 {
		return &exitError{2, fmt.Errorf("%s: unexpected argument %q", fs.Name(), fs.Arg(0))}
	}
	return nil
}

var errHelp = errors.New("help shown")

// done maps errHelp to success.
func done(err error) error {
	if errors.Is(err, errHelp) {
		return nil
	}
	return err
}

// loadWorld resolves --world: an embedded world's name or a path to a
// bundle file.
func loadWorld(name string) (*world.World, error) {
	if name == "" {
		name = bundles.Default
	}
	var data []byte
	if slices.Contains(bundles.Names(), name) {
		return bundles.Load(name)
	} else if st, err := os.Stat(name); err == nil {
		path := name
		if st.IsDir() {
			path = filepath.Join(name, "world.json")
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("read world: %w", err)
		}
		data = b
		name = path
	} else {
		return nil, fmt.Errorf("unknown world %q: not an embedded world (%s) and no such file", name, strings.Join(bundles.Names(), ", "))
	}
	w, err := world.Compile(data)
	if err != nil {
		return nil, &bundleError{name: name, err: err}
	}
	return w, nil
}

// bundleError reports every problem of a bad bundle, one per line.
type bundleError struct {
	name string
	err  error
}

func (e *bundleError) Error() string {
	var lines []string
	var j interface{ Unwrap() []error }
	if errors.As(e.err, &j) {
		for _, x := range j.Unwrap() {
			lines = append(lines, "  "+x.Error())
		}
	} else {
		lines = append(lines, "  "+e.err.Error())
	}
	return fmt.Sprintf("bundle %s is invalid (%d problems):\n%s", e.name, len(lines), strings.Join(lines, "\n"))
}

func (e *bundleError) Unwrap() error { return e.err }

// findTask resolves --task.
func findTask(w *world.World, id string) (*world.Task, error) {
	if id == "" {
		return nil, nil
	}
	t, ok := w.Task(id)
	if !ok {
		ids := w.TaskIDs()
		if len(ids) == 0 {
			return nil, fmt.Errorf("unknown task %q: world %s has no tasks", id, w.Name())
		}
		return nil, fmt.Errorf("unknown task %q in world %s (tasks: %s)", id, w.Name(), strings.Join(ids, ", "))
	}
	return t, nil
}

// newLogger builds the slog logger: charmbracelet/log on stderr.
func newLogger(w io.Writer, level string) (*slog.Logger, error) {
	lvl, err := charmlog.ParseLevel(level)
	if err != nil {
		return nil, fmt.Errorf("--log-level: %q is not one of debug, info, warn, error", level)
	}
	h := charmlog.NewWithOptions(w, charmlog.Options{Level: lvl, ReportTimestamp: true, Prefix: "mcp-world"})
	return slog.New(h), nil
}
