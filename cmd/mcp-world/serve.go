package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

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
	var hs httpSecurity
	fs.StringVar(&hs.tokenFile, "token-file", "", "HTTP: agents must send the bearer token in `FILE` (or set "+agentTokenEnv+"); default: no agent auth")
	fs.StringVar(&hs.controlTokenFile, "control-token-file", "", "HTTP: the control API's bearer token: read from `FILE`, or made and written to it (mode 0600) if missing; default: "+controlTokenEnv+", else a fresh token in a temporary file")
	fs.Func("allow-origin", "HTTP: an `ORIGIN` (scheme://host[:port]) whose browser pages may call the server; repeat or comma-separate; requests with any other Origin get 403", listFlag(&hs.origins))
	fs.Func("allow-host", "HTTP: a `HOST` name accepted on a loopback listener besides localhost and loopback addresses (e.g. the public name a proxy in front passes on); repeat or comma-separate", listFlag(&hs.hosts))
	lim := defaultLimits
	fs.Int64Var(&lim.maxBody, "max-body", lim.maxBody, "HTTP: most bytes in a request body (413 beyond)")
	fs.IntVar(&lim.maxRequests, "max-requests", lim.maxRequests, "HTTP: most requests in progress at once, streams not counted (503 beyond)")
	fs.IntVar(&lim.maxStreams, "max-streams", lim.maxStreams, "HTTP: most open listening streams at once (503 beyond)")
	fs.IntVar(&lim.maxConns, "max-conns", lim.maxConns, "HTTP: most open connections per port at once (more wait to be accepted)")
	publicURL := fs.String("public-url", "", "HTTP: the agent port's base `URL` as clients reach it, e.g. behind a proxy (https://mcp.example.com); used in the control API's mcp_url and the connection hints")
	maxSessions := fs.Int("max-sessions", 10_000, "HTTP: most live 2025-11-25 MCP sessions at once (an initialize beyond gets 503)")
	stateDir := fs.String("state-dir", "", "stdio: keep the episode's state.db and trajectory.jsonl in DIR, each call on disk before it is answered")
	logLevel := fs.String("log-level", "info", "debug, info, warn or error (logs go to stderr)")
	if err := parse(fs, args); err != nil {
		return done(err)
	}
	log, err := newLogger(e.stderr, *logLevel)
	if err != nil {
		return &exitError{2, err}
	}
	releaseGC := holdGC(*worldName)
	defer releaseGC()
	w, cached, err := loadServedWorld(*worldName, log)
	if err != nil {
		return err
	}
	defer cached()
	task, err := findTask(w, *taskID)
	if err != nil {
		return err
	}
	opts := toolgen.Options{Task: task, Version: version, Logger: log}
	if *httpAddr == "" {
		if *controlAddr != "" {
			return &exitError{2, errors.New("--control goes with --http: over stdio, grade with mcp-world grade --state-dir")}
		}
		if hs.tokenFile != "" || len(hs.origins) > 0 || len(hs.hosts) > 0 {
			return &exitError{2, errors.New("--token-file, --allow-origin and --allow-host go with --http: over stdio, only the process that started the server can talk to it")}
		}
		return e.serveStdio(w, *worldName, task, opts, log, *stateDir, releaseGC)
	}
	releaseGC()
	if hs.controlTokenFile != "" && *controlAddr == "" {
		return &exitError{2, errors.New("--control-token-file goes with --control")}
	}
	if *stateDir != "" {
		return &exitError{2, errors.New("--state-dir is for one episode over stdio; over HTTP, fetch trajectories and grades from the --control API")}
	}
	if *maxEpisodes <= 0 {
		*maxEpisodes = 1000
	}
	if *publicURL != "" {
		if u, err := url.Parse(*publicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return &exitError{2, fmt.Errorf("--public-url: %q is not an http(s) URL with a host", *publicURL)}
		}
	}
	for _, l := range []struct {
		name string
		v    int64
	}{{"--max-body", lim.maxBody}, {"--max-requests", int64(lim.maxRequests)}, {"--max-streams", int64(lim.maxStreams)}, {"--max-conns", int64(lim.maxConns)}, {"--max-sessions", int64(*maxSessions)}} {
		if l.v <= 0 {
			return &exitError{2, fmt.Errorf("%s: %d; it must be at least 1", l.name, l.v)}
		}
	}
	return e.serveHTTP(w, task, opts, log, httpConfig{
		addr: *httpAddr, controlAddr: *controlAddr, idle: *idle, maxEpisodes: *maxEpisodes,
		maxSessions: *maxSessions, publicURL: strings.TrimSuffix(*publicURL, "/"), limits: lim, security: hs,
	})
}

func (e *env) serveStdio(w *world.World, worldArg string, task *world.Task, opts toolgen.Options, log *slog.Logger, stateDir string, releaseGC func()) error {
	out := &afterWrites{w: e.stdout, n: 2, then: releaseGC}
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
	err := toolgen.ServeStdio(e.ctx, s, e.stdin, out, log)
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

// httpConfig is what serve --http runs with.
type httpConfig struct {
	addr, controlAddr string
	idle              time.Duration
	maxEpisodes       int
	maxSessions       int
	publicURL         string // "" means the listener's address
	limits            limits
	security          httpSecurity
}

func (e *env) serveHTTP(w *world.World, task *world.Task, opts toolgen.Options, log *slog.Logger, cfg httpConfig) error {
	agentToken, err := cfg.security.agentToken()
	if err != nil {
		return &exitError{2, err}
	}
	eps := world.NewEpisodes(w, world.RegistryOptions{Task: task, Idle: cfg.idle, Limit: cfg.maxEpisodes})
	// The guard checks Host on every port (with --allow-host), so mcp-go's
	// own check, which knows no exceptions, is off.
	h := toolgen.NewHTTP(w, eps, toolgen.HTTPOptions{Options: opts, SessionIdle: cfg.idle, MaxSessions: cfg.maxSessions, AllowRemoteHosts: true})
	agentGuard := newGuard("mcp-world", agentToken, cfg.security, cfg.limits, rejectJSONRPC, log)
	// OpenEnv protocol beside MCP (openenv.go), on the same episodes and
	// behind the same guard.
	oe := newOpenEnv(w, eps, task, version, log)
	defer oe.close()
	srv := httpServer(agentMux(agentGuard, withOpenEnv(h.Handler(), oe), eps, cfg.maxEpisodes), cfg.limits, log)

	ln, err := net.Listen("tcp", listenAddr(cfg.addr))
	if err != nil {
		return fmt.Errorf("--http: %w", err)
	}
	defer ln.Close()
	base := "http://" + ln.Addr().String()
	if cfg.publicURL != "" {
		base = cfg.publicURL
	}
	auth := "no token needed (set --token-file to require one)"
	if agentToken != "" {
		auth = "agents send Authorization: Bearer <token>"
	}
	listenURL := "http://" + ln.Addr().String()
	if base != listenURL {
		listenURL += " (clients: " + base + ")"
	}
	fmt.Fprintf(e.stderr, `mcp-world: serving world %q (%s) over streamable HTTP on %s — %d tools, task %s.
  Episode by URL (stateless 2026-07-28 and session-ful clients):  %s/episodes/{id}/mcp
  Fresh episode per MCP session (2025-11-25 clients):            %s/mcp
  MCP Inspector:  npx @modelcontextprotocol/inspector --transport http --server-url %s/mcp
  Claude Desktop: add a remote (custom) connector with URL %s/mcp
  Idle episodes and sessions close after %s; at most %d live episodes; %s.
  Health: %s/healthz (alive), %s/readyz (ready for another episode)
`, w.Name(), w.Company().Name, listenURL, len(w.Tools()), taskName(task), base, base, base, base, cfg.idle, cfg.maxEpisodes, auth, base, base)
	if agentToken == "" && !isLoopback(ln.Addr()) {
		log.Warn("the agent port is reachable beyond this machine without a token: anyone who reaches it can create and drive episodes; set --token-file")
	}
	fmt.Fprintf(e.stderr, "  OpenEnv (TRL, SkyRL, verifiers): %s/reset, /step, /state, /schema, /metadata, /health; WebSocket ws%s/ws\n", base, strings.TrimPrefix(base, "http"))
	ctx, cancel := context.WithCancel(e.ctx)
	defer cancel()
	if cfg.controlAddr != "" {
		ct, err := cfg.security.controlToken(agentToken)
		if err != nil {
			return &exitError{2, err}
		}
		defer ct.cleanup()
		if ct.readable {
			log.Warn("the control token file is readable by other users: an agent on this machine could read it and grade itself; chmod 600 it", "file", ct.file)
		}
		cln, err := net.Listen("tcp", listenAddr(cfg.controlAddr))
		if err != nil {
			return fmt.Errorf("--control: %w", err)
		}
		ctl := &control{world: w, episodes: eps, agentURL: base}
		ctlGuard := newGuard("mcp-world-control", ct.token, cfg.security, cfg.limits, fail, log)
		csrv := httpServer(ctlGuard.wrap(ctl.handler()), cfg.limits, log)
		fmt.Fprintf(e.stderr, "  Control API (harness only): http://%s  (POST /episodes, /episodes/{id}/grade, /fork; GET /trajectory; DELETE)\n", cln.Addr())
		fmt.Fprintf(e.stderr, "  Control token: %s  (send Authorization: Bearer <token>; it is not valid on the agent port)\n", ct.file)
		go csrv.Serve(limitListen(cln, cfg.limits.maxConns))
		defer csrv.Close()
	}
	reaped := make(chan struct{})
	go func() {
		defer close(reaped)
		eps.Run(ctx, min(cfg.idle/4+time.Second, time.Minute), func(ids []string) {
			log.Info("reaped idle episodes", "count", len(ids), "live", eps.Len())
		})
	}()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(limitListen(ln, cfg.limits.maxConns)) }()
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

// agentMux is what the agent port answers: the health checks, open to
// orchestrators and telling nothing about the world, and the MCP endpoints
// behind the guard, as the catch-all "/". Mount further agent-facing
// handlers on it under their own prefix, through g.wrap.
func agentMux(g *guard, mcpHandler http.Handler, eps *world.Episodes, maxEpisodes int) *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		reply(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		if eps.Len() >= maxEpisodes {
			reply(w, http.StatusServiceUnavailable, map[string]string{"status": "full"})
			return
		}
		reply(w, http.StatusOK, map[string]string{"status": "ready"})
	})
	mux.Handle("/", g.wrap(mcpHandler))
	return mux
}

// rejectJSONRPC is how the agent port refuses a request: with a JSON-RPC
// error, the body MCP clients read.
func rejectJSONRPC(w http.ResponseWriter, status int, msg string) {
	code := mcp.INVALID_REQUEST
	if status >= 500 {
		code = mcp.INTERNAL_ERROR
	}
	toolgen.WriteJSONRPCError(w, status, nil, code, msg)
}

// listFlag appends the comma-separated values of a repeatable flag.
func listFlag(list *[]string) func(string) error {
	return func(v string) error {
		for _, x := range strings.Split(v, ",") {
			if x = strings.TrimSpace(x); x != "" {
				*list = append(*list, x)
			}
		}
		return nil
	}
}

func isLoopback(a net.Addr) bool {
	ta, ok := a.(*net.TCPAddr)
	return ok && ta.IP.IsLoopback()
}
