package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/server"

	"github.com/mercury/mcp-world/toolgen"
	"github.com/mercury/mcp-world/world"
)

func (e *env) serve(args []string) error {
	fs := e.flags("serve", "[--world NAME|PATH] [--task ID] [--http ADDR]")
	worldName := fs.String("world", "", "embedded world name or bundle file (default: the default world)")
	taskID := fs.String("task", "", "start episodes at this task's state and serve its prompt")
	httpAddr := fs.String("http", "", "serve streamable HTTP on ADDR (host:port; a bare :port binds loopback) instead of stdio")
	idle := fs.Duration("idle", 30*time.Minute, "HTTP: close episodes and sessions unused for this long")
	maxEpisodes := fs.Int("max-episodes", 1000, "HTTP: most live episodes at once")
	controlAddr := fs.String("control", "", "HTTP: serve the control API (create, grade, fork, delete episodes) on ADDR; never on the agent port")
	stateDir := fs.String("state-dir", "", "stdio: keep the episode's state.db and trajectory.jsonl in DIR, each call on disk before it is answered")
	logLevel := fs.String("log-level", "info", "debug, info, warn or error (logs go to stderr)")
	if err := parse(fs, args); err != nil {
		return done(err)
	}
	log, err := newLogger(e.stderr, *logLevel)
	if err != nil {
		return &exitError{2, err}
	}
	w, err := loadWorld(*worldName)
	if err != nil {
		return err
	}
	task, err := findTask(w, *taskID)
	if err != nil {
		return err
	}
	opts := toolgen.Options{Task: task, Version: version, Logger: log}
	if *httpAddr == "" {
		if *controlAddr != "" {
			return &exitError{2, errors.New("--control goes with --http: over stdio, grade with mcp-world grade --state-dir")}
		}
		return e.serveStdio(w, *worldName, task, opts, log, *stateDir)
	}
	if *stateDir != "" {
		return &exitError{2, errors.New("--state-dir is for one episode over stdio; over HTTP, fetch trajectories and grades from the --control API")}
	}
	return e.serveHTTP(w, task, opts, log, *httpAddr, *controlAddr, *idle, *maxEpisodes)
}

func (e *env) serveStdio(w *world.World, worldArg string, task *world.Task, opts toolgen.Options, log *slog.Logger, stateDir string) error {
	var ep *world.Episode
	if stateDir != "" {
		d, err := newDiskEpisode(e.ctx, w, task, stateDir)
		if err != nil {
			return err
		}
		defer func() {
			if err := d.Close(context.WithoutCancel(e.ctx)); err != nil {
				log.Error("close state dir", "err", err)
			}
		}()
		ep = d.ep
	} else {
		var err error
		if ep, err = w.NewEpisode(e.ctx, task); err != nil {
			return err
		}
		defer ep.Close()
	}
	s := toolgen.NewServer(w, func(context.Context) (*world.Episode, error) { return ep, nil }, opts)
	log.Info("serving over stdio", "world", w.Name(), "task", taskName(task), "tools", len(w.Tools()))
	self := selfCommand()
	fmt.Fprintf(e.stderr, "%s\n", connectHelpStdio(self, worldArg, w, task))
	stdio := server.NewStdioServer(s)
	stdio.SetErrorLogger(slog.NewLogLogger(log.Handler(), slog.LevelError))
	err := stdio.Listen(e.ctx, e.stdin, e.stdout)
	if err != nil && (errors.Is(err, context.Canceled) || e.ctx.Err() != nil) {
		return nil
	}
	return err
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func taskName(t *world.Task) string {
	if t == nil {
		return "(none)"
	}
	return t.ID()
}

// selfCommand is how a client should start this binary.
func selfCommand() string {
	exe, err := os.Executable()
	if err != nil || strings.Contains(exe, "go-build") {
		return "mcp-world"
	}
	return exe
}

func connectHelpStdio(self, worldArg string, w *world.World, task *world.Task) string {
	if worldArg == "" {
		worldArg = w.Name()
	} else if abs, err := filepath.Abs(worldArg); err == nil && fileExists(worldArg) {
		worldArg = abs // a client starts the server from another directory
	}
	args := []string{"serve", "--world", worldArg}
	if task != nil {
		args = append(args, "--task", task.ID())
	}
	cfg, _ := json.MarshalIndent(map[string]any{"mcpServers": map[string]any{"mercury-" + w.Name(): map[string]any{"command": self, "args": args}}}, "", "  ")
	return fmt.Sprintf(`mcp-world: serving world %q (%s) over stdio — %d tools, task %s.
  MCP Inspector:  npx @modelcontextprotocol/inspector %s %s
  Claude Desktop (claude_desktop_config.json):
%s`, w.Name(), w.Company().Name, len(w.Tools()), taskName(task), self, strings.Join(args, " "), indent(string(cfg), "    "))
}

func indent(s, pre string) string {
	return pre + strings.ReplaceAll(s, "\n", "\n"+pre)
}

// listenAddr makes a bare ":port" bind loopback: serving beyond this
// machine must be asked for by naming the host.
func listenAddr(addr string) string {
	if strings.HasPrefix(addr, ":") {
		return "127.0.0.1" + addr
	}
	return addr
}

func (e *env) serveHTTP(w *world.World, task *world.Task, opts toolgen.Options, log *slog.Logger, addr, controlAddr string, idle time.Duration, maxEpisodes int) error {
	eps := world.NewEpisodes(w, world.RegistryOptions{Task: task, Idle: idle, Limit: maxEpisodes})
	h := toolgen.NewHTTP(w, eps, toolgen.HTTPOptions{Options: opts, SessionIdle: idle})
	ln, err := net.Listen("tcp", listenAddr(addr))
	if err != nil {
		return fmt.Errorf("--http: %w", err)
	}
	base := "http://" + ln.Addr().String()
	fmt.Fprintf(e.stderr, `mcp-world: serving world %q (%s) over streamable HTTP on %s — %d tools, task %s.
  Episode by URL (stateless 2026-07-28 and session-ful clients):  %s/episodes/{id}/mcp
  Fresh episode per MCP session (2025-11-25 clients):            %s/mcp
  MCP Inspector:  npx @modelcontextprotocol/inspector --transport http --server-url %s/mcp
  Claude Desktop: add a remote (custom) connector with URL %s/mcp
  Idle episodes and sessions close after %s; at most %d live episodes.
`, w.Name(), w.Company().Name, base, len(w.Tools()), taskName(task), base, base, base, base, idle, maxEpisodes)
	// OpenEnv protocol beside MCP (openenv.go), on the same episodes.
	oe := newOpenEnv(w, eps, task, version, log)
	defer oe.close()
	fmt.Fprintf(e.stderr, "  OpenEnv (TRL, SkyRL, verifiers): %s/reset, /step, /state, /schema, /metadata, /health; WebSocket ws://%s/ws\n", base, ln.Addr())
	srv := &http.Server{Handler: withOpenEnv(h.Handler(), oe), ReadHeaderTimeout: 10 * time.Second}
	ctx, cancel := context.WithCancel(e.ctx)
	defer cancel()
	if controlAddr != "" {
		cln, err := net.Listen("tcp", listenAddr(controlAddr))
		if err != nil {
			ln.Close()
			return fmt.Errorf("--control: %w", err)
		}
		ctl := &control{world: w, episodes: eps, agentURL: base}
		csrv := &http.Server{Handler: ctl.handler(), ReadHeaderTimeout: 10 * time.Second}
		fmt.Fprintf(e.stderr, "  Control API (harness only): http://%s  (POST /episodes, /episodes/{id}/grade, /fork; GET /trajectory; DELETE)\n", cln.Addr())
		go csrv.Serve(cln)
		defer csrv.Close()
	}
	reaped := make(chan struct{})
	go func() {
		defer close(reaped)
		eps.Run(ctx, min(idle/4+time.Second, time.Minute), func(ids []string) {
			log.Info("reaped idle episodes", "count", len(ids), "live", eps.Len())
		})
	}()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err = <-errc:
	case <-e.ctx.Done():
		// Clients keep a listening stream open; end their sessions first
		// or Shutdown waits for them until its deadline.
		sctx, scancel := context.WithTimeout(context.WithoutCancel(e.ctx), 5*time.Second)
		h.CloseSessions(sctx)
		oe.close()
		if serr := srv.Shutdown(sctx); serr != nil {
			log.Warn("shutdown: closing remaining connections", "err", serr)
			srv.Close()
		}
		scancel()
		err = <-errc
	}
	cancel()
	<-reaped
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}
