// Package interop tests mcp-world against real third-party MCP clients:
// the official TypeScript SDK (sdk-client.mjs) and the MCP Inspector CLI,
// both pinned in package-lock.json. Install them with
//
//	npm ci --prefix interop
//
// then run go test ./interop/. Without interop/node_modules the tests skip,
// unless the environment variable CI is set, when they fail.
//
// The mcp-world binary is built once per run with go build; set
// MERCURY_BUILD_OVERLAY to a go build -overlay file to build with it.
package interop

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

const (
	task = "invoice-delivered-order"

	buildTimeout = 6 * time.Minute  // a cold build compiles modernc.org/sqlite (~1 min on 2 cores)
	nodeTimeout  = 90 * time.Second // one node process (sdk-client.mjs has its own 60 s bound)
	startTimeout = 30 * time.Second // until the HTTP server prints its address
	stopTimeout  = 10 * time.Second // SIGTERM to exit
)

var wantTools = []string{"create_invoice", "get_order", "search_customers", "send_invoice", "update_order_status"}

// env is what every test needs: paths, and the built binary.
type env struct {
	dir   string // interop/
	root  string // the module root
	world string // absolute path of world/testdata/mini.json
	bin   string // the built mcp-world
	home  string // HOME for the Inspector, which keeps state under it
}

func setup(t *testing.T) *env {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Dir(dir)
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found above %s: %v", dir, err)
	}
	requireNode(t, dir)
	trackInputs(root)
	e := &env{
		dir:   dir,
		root:  root,
		world: filepath.Join(root, "world", "testdata", "mini.json"),
		bin:   filepath.Join(t.TempDir(), "mcp-world"),
		home:  t.TempDir(),
	}
	build(t, e)
	return e
}

// requireNode skips (or, under CI, fails) when node, npx or the pinned
// packages are missing.
func requireNode(t *testing.T, dir string) {
	t.Helper()
	missing := func(format string, args ...any) {
		t.Helper()
		msg := fmt.Sprintf(format, args...)
		if os.Getenv("CI") != "" {
			t.Fatalf("%s (CI is set, so this is a failure)", msg)
		}
		t.Skipf("%s; skipping the third-party client tests", msg)
	}
	for _, tool := range []string{"node", "npx"} {
		if _, err := exec.LookPath(tool); err != nil {
			missing("%s not found on PATH (need Node 20 or newer)", tool)
		}
	}
	for _, pkg := range []string{"@modelcontextprotocol/sdk", "@modelcontextprotocol/inspector"} {
		if _, err := os.Stat(filepath.Join(dir, "node_modules", filepath.FromSlash(pkg), "package.json")); err != nil {
			missing("interop/node_modules has no %s: run `npm ci --prefix interop` first", pkg)
		}
	}
}

// trackInputs makes go test's result cache see what this test depends on
// but does not import. go test reuses a passing result while the files and
// environment variables the test process itself touched are unchanged; the
// server, though, is built by a child go build and driven by node scripts.
// So stat every file of the module (and of an overlay) and read the
// variables that change the build.
func trackInputs(root string) {
	for _, k := range []string{"GOFLAGS", "CGO_ENABLED", "GOEXPERIMENT", "GOTOOLCHAIN"} {
		os.Getenv(k)
	}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return nil
		case d.IsDir() && p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules"):
			return filepath.SkipDir
		case !d.IsDir():
			os.Stat(p)
		}
		return nil
	})
	// npm ci rewrites this, so a reinstall reruns the tests.
	os.Stat(filepath.Join(root, "interop", "node_modules", ".package-lock.json"))
	if ov := os.Getenv("MERCURY_BUILD_OVERLAY"); ov != "" {
		var o struct{ Replace map[string]string }
		if b, err := os.ReadFile(ov); err == nil && json.Unmarshal(b, &o) == nil {
			for _, p := range o.Replace {
				os.Stat(p)
			}
		}
	}
}

func build(t *testing.T, e *env) {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("go not found on PATH: %v", err)
	}
	args := []string{"build"}
	if ov := os.Getenv("MERCURY_BUILD_OVERLAY"); ov != "" {
		args = append(args, "-overlay", ov)
	}
	args = append(args, "-o", e.bin, "./cmd/mcp-world")
	ctx, cancel := context.WithTimeout(t.Context(), buildTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, goTool, args...)
	cmd.Dir = e.root
	start := time.Now()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	t.Logf("built mcp-world in %s", time.Since(start).Round(time.Millisecond))
}

// result is what a finished client process left.
type result struct {
	stdout, stderr string
	code           int
}

// run runs a client process in interop/ with a bounded time.
func (e *env) run(t *testing.T, name string, args ...string) result {
	t.Helper()
	return e.runEnv(t, nil, name, args...)
}

// runEnv is run with more environment variables.
func (e *env) runEnv(t *testing.T, extraEnv []string, name string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), nodeTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = e.dir
	cmd.Env = append(os.Environ(),
		"HOME="+e.home, // the Inspector keeps a catalog and OAuth storage under HOME
		"npm_config_update_notifier=false",
		"npm_config_fund=false",
		"npm_config_audit=false",
		"NO_COLOR=1",
	)
	cmd.Env = append(cmd.Env, extraEnv...)
	// A stdio server the client spawned could outlive it and hold the
	// pipes open: don't wait for that forever.
	cmd.WaitDelay = 5 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit) && ctx.Err() == nil:
		r.code = exit.ExitCode()
	default:
		t.Fatalf("%s %s: %v (after %s)\nstdout:\n%s\nstderr:\n%s", name, strings.Join(args, " "), err,
			time.Since(start).Round(time.Millisecond), r.stdout, r.stderr)
	}
	t.Logf("%s %s: exit %d in %s", name, shortArgs(args), r.code, time.Since(start).Round(time.Millisecond))
	return r
}

func shortArgs(args []string) string {
	s := strings.Join(args, " ")
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return s
}

// sdkClient runs sdk-client.mjs and fails the test if it fails.
func (e *env) sdkClient(t *testing.T, args ...string) {
	t.Helper()
	e.sdkClientEnv(t, nil, args...)
}

// sdkClientEnv is sdkClient with more environment variables.
func (e *env) sdkClientEnv(t *testing.T, extraEnv []string, args ...string) {
	t.Helper()
	r := e.runEnv(t, extraEnv, "node", append([]string{"sdk-client.mjs"}, args...)...)
	for line := range strings.Lines(r.stdout) {
		t.Log(strings.TrimRight(line, "\n"))
	}
	if r.code != 0 || !strings.Contains(r.stdout, "PASS ") {
		t.Fatalf("sdk-client.mjs exited %d\nstderr:\n%s", r.code, r.stderr)
	}
	if strings.TrimSpace(r.stderr) != "" {
		t.Logf("sdk-client.mjs stderr:\n%s", r.stderr)
	}
}

// inspector runs the MCP Inspector CLI (npx --no-install, so only the
// pinned local copy) and decodes its JSON output.
func (e *env) inspector(t *testing.T, wantCode int, out any, args ...string) result {
	t.Helper()
	r := e.run(t, "npx", append([]string{"--no-install", "@modelcontextprotocol/inspector", "--cli"}, args...)...)
	if r.code != wantCode {
		t.Fatalf("inspector exited %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, wantCode, r.stdout, r.stderr)
	}
	if out != nil {
		if err := json.Unmarshal([]byte(r.stdout), out); err != nil {
			t.Fatalf("inspector output is not the JSON expected: %v\nstdout:\n%s\nstderr:\n%s", err, r.stdout, r.stderr)
		}
	}
	return r
}

// server is a running `mcp-world serve --http`.
type server struct {
	url  string // http://127.0.0.1:PORT
	cmd  *exec.Cmd
	mu   sync.Mutex
	logs bytes.Buffer // its stderr
}

func (s *server) log() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.logs.String()
}

var addrLine = regexp.MustCompile(`over streamable HTTP on (http://[0-9A-Za-z.:\[\]-]+)`)

// startHTTP starts the server on a free loopback port and stops it (SIGTERM,
// then checks a clean exit) when the test ends.
func (e *env) startHTTP(t *testing.T, args ...string) *server {
	t.Helper()
	cmd := exec.Command(e.bin, append([]string{"serve", "--http", "127.0.0.1:0"}, args...)...)
	cmd.Stdout = io.Discard
	pr, pw := io.Pipe()
	cmd.Stderr = pw
	s := &server{cmd: cmd}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() {
		err := cmd.Wait()
		pw.Close()
		exited <- err
	}()
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			s.mu.Lock()
			s.logs.WriteString(line + "\n")
			s.mu.Unlock()
			if m := addrLine.FindStringSubmatch(line); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
		io.Copy(io.Discard, pr) // keep draining after a scanner error
	}()
	t.Cleanup(func() {
		start := time.Now()
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case err := <-exited:
			if err != nil {
				t.Errorf("mcp-world serve --http did not exit cleanly on SIGTERM: %v\nlog:\n%s", err, s.log())
			} else {
				t.Logf("server stopped on SIGTERM in %s", time.Since(start).Round(time.Millisecond))
			}
		case <-time.After(stopTimeout):
			cmd.Process.Kill()
			<-exited
			t.Errorf("mcp-world serve --http still running %s after SIGTERM; killed\nlog:\n%s", stopTimeout, s.log())
		}
	})
	select {
	case s.url = <-found:
	case err := <-exited:
		t.Fatalf("mcp-world serve --http exited before printing its address: %v\nlog:\n%s", err, s.log())
	case <-time.After(startTimeout):
		t.Fatalf("mcp-world serve --http printed no address in %s\nlog:\n%s", startTimeout, s.log())
	}
	t.Logf("server at %s", s.url)
	return s
}

// ---- MCP results as the Inspector prints them ----

type toolList struct {
	Tools []struct {
		Name         string          `json:"name"`
		InputSchema  json.RawMessage `json:"inputSchema"`
		OutputSchema json.RawMessage `json:"outputSchema"`
		Annotations  struct {
			ReadOnlyHint *bool `json:"readOnlyHint"`
		} `json:"annotations"`
	} `json:"tools"`
}

type callResult struct {
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	StructuredContent map[string]any `json:"structuredContent"`
	IsError           bool           `json:"isError"`
}

func (c callResult) text() string {
	var b strings.Builder
	for _, x := range c.Content {
		b.WriteString(x.Text)
	}
	return b.String()
}

func checkToolList(t *testing.T, l toolList) {
	t.Helper()
	var names []string
	for _, tool := range l.Tools {
		names = append(names, tool.Name)
		if len(tool.InputSchema) == 0 || len(tool.OutputSchema) == 0 {
			t.Errorf("tool %s: inputSchema %d bytes, outputSchema %d bytes", tool.Name, len(tool.InputSchema), len(tool.OutputSchema))
		}
		if tool.Annotations.ReadOnlyHint == nil {
			t.Errorf("tool %s: no annotations.readOnlyHint", tool.Name)
		}
	}
	slices.Sort(names)
	if !slices.Equal(names, wantTools) {
		t.Errorf("tools %v, want %v", names, wantTools)
	}
}

func checkOrder(t *testing.T, c callResult, id, status string) {
	t.Helper()
	if c.IsError {
		t.Fatalf("get_order %s: isError: %s", id, c.text())
	}
	if c.StructuredContent["id"] != id || c.StructuredContent["status"] != status {
		t.Errorf("get_order %s: structuredContent %v, want id %s status %s", id, c.StructuredContent, id, status)
	}
	if !strings.Contains(c.text(), `"status":"`+status+`"`) {
		t.Errorf("get_order %s: text fallback %q lacks the status", id, c.text())
	}
}

// ---- tests ----

func TestInterop(t *testing.T) {
	e := setup(t)
	stdio := []string{e.bin, "serve", "--world", e.world}
	stdioTask := append(slices.Clone(stdio), "--task", task)

	// The HTTP servers outlive the parallel subtests below: cleanups of t
	// run after they all finish. authSrv needs a bearer token.
	srv := e.startHTTP(t, "--world", e.world, "--task", task)
	token := "interop-token-0123456789abcdef"
	tokenFile := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(tokenFile, []byte(token+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	authSrv := e.startHTTP(t, "--world", e.world, "--task", task, "--token-file", tokenFile)

	t.Run("sdk", func(t *testing.T) {
		t.Run("stdio", func(t *testing.T) {
			t.Parallel()
			e.sdkClient(t, append([]string{"--task", task, "stdio"}, stdioTask...)...)
		})
		t.Run("stdio-no-task", func(t *testing.T) {
			t.Parallel()
			e.sdkClient(t, append([]string{"stdio"}, stdio...)...)
		})
		t.Run("http", func(t *testing.T) {
			t.Parallel()
			e.sdkClient(t, "--task", task, "http", srv.url)
		})
		t.Run("http-token", func(t *testing.T) {
			t.Parallel()
			e.sdkClientEnv(t, []string{"MCP_WORLD_TOKEN=" + token}, "--task", task, "http", authSrv.url)
		})
	})

	t.Run("inspector", func(t *testing.T) {
		t.Run("stdio/tools-list", func(t *testing.T) {
			t.Parallel()
			var l toolList
			r := e.inspector(t, 0, &l, append(slices.Clone(stdio), "--method", "tools/list")...)
			checkToolList(t, l)
			if m := regexp.MustCompile(`Schema portability: .*`).FindString(r.stderr); m != "" {
				t.Logf("inspector: %s", m)
			}
		})
		t.Run("stdio/tools-list-strict", func(t *testing.T) {
			t.Parallel()
			// --strict exits 6 on an error-severity schema portability
			// problem; warnings are only logged.
			var l toolList
			r := e.inspector(t, 0, &l, append(slices.Clone(stdio), "--method", "tools/list", "--strict")...)
			if m := regexp.MustCompile(`\d+ errors?, \d+ warnings?.*`).FindString(r.stderr); m != "" {
				t.Logf("inspector --strict: %s", m)
			}
		})
		t.Run("stdio/tools-call", func(t *testing.T) {
			t.Parallel()
			var c callResult
			e.inspector(t, 0, &c, append(slices.Clone(stdio), "--method", "tools/call", "--tool-name", "get_order", "--tool-arg", "order_id=ORD-00001")...)
			checkOrder(t, c, "ORD-00001", "delivered")
		})
		t.Run("stdio/tools-call-bad-status", func(t *testing.T) {
			t.Parallel()
			// The Inspector CLI exits 5 when a tool result has isError.
			var c callResult
			e.inspector(t, 5, &c, append(slices.Clone(stdioTask), "--method", "tools/call", "--tool-name", "update_order_status",
				"--tool-arg", "order_id=ORD-00002", "status=teleported")...)
			if !c.IsError || !strings.Contains(c.text(), "/status") || !strings.Contains(c.text(), "'delivered'") {
				t.Errorf("want isError naming /status and the allowed values, got isError %v: %q", c.IsError, c.text())
			}
		})
		t.Run("stdio/resources-read", func(t *testing.T) {
			t.Parallel()
			var r struct {
				Contents []struct {
					URI  string `json:"uri"`
					Text string `json:"text"`
				} `json:"contents"`
			}
			e.inspector(t, 0, &r, append(slices.Clone(stdio), "--method", "resources/read", "--uri", "world://mini-bakery/policies")...)
			if len(r.Contents) != 1 || !strings.Contains(r.Contents[0].Text, "Delivered orders are invoiced") {
				t.Errorf("resources/read policies: %+v", r.Contents)
			}
		})
		t.Run("stdio/prompts-get", func(t *testing.T) {
			t.Parallel()
			var p struct {
				Messages []struct {
					Role    string `json:"role"`
					Content struct {
						Text string `json:"text"`
					} `json:"content"`
				} `json:"messages"`
			}
			e.inspector(t, 0, &p, append(slices.Clone(stdioTask), "--method", "prompts/get", "--prompt-name", "task")...)
			if len(p.Messages) == 0 || !strings.Contains(p.Messages[0].Content.Text, "ORD-00002") {
				t.Errorf("prompts/get task: %+v", p.Messages)
			}
		})
		t.Run("http/tools-list", func(t *testing.T) {
			t.Parallel()
			var l toolList
			e.inspector(t, 0, &l, srv.url+"/mcp", "--transport", "http", "--method", "tools/list")
			checkToolList(t, l)
		})
		t.Run("http/episode-tools-call", func(t *testing.T) {
			t.Parallel()
			// The transport is auto-detected from the /mcp suffix.
			var c callResult
			e.inspector(t, 0, &c, srv.url+"/episodes/inspector-1/mcp", "--method", "tools/call", "--tool-name", "get_order", "--tool-arg", "order_id=ORD-00002")
			checkOrder(t, c, "ORD-00002", "confirmed") // the task seed
		})
		t.Run("http-token/tools-call", func(t *testing.T) {
			t.Parallel()
			var c callResult
			e.inspector(t, 0, &c, authSrv.url+"/episodes/inspector-2/mcp", "--header", "Authorization: Bearer "+token,
				"--method", "tools/call", "--tool-name", "get_order", "--tool-arg", "order_id=ORD-00002")
			checkOrder(t, c, "ORD-00002", "confirmed")
		})
		t.Run("http-token/refused-without", func(t *testing.T) {
			t.Parallel()
			r := e.run(t, "npx", "--no-install", "@modelcontextprotocol/inspector", "--cli", authSrv.url+"/mcp", "--transport", "http", "--method", "tools/list")
			// The Inspector takes the 401 for an OAuth challenge and, with no
			// terminal to log in on, stops with auth_required.
			if out := r.stdout + r.stderr; r.code == 0 || !strings.Contains(out, "401") && !strings.Contains(out, "auth_required") {
				t.Errorf("inspector without the token: exit %d, want an auth failure\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
			}
		})
	})

	if t.Failed() {
		t.Logf("HTTP server log:\n%s", srv.log())
		t.Logf("HTTP server (token) log:\n%s", authSrv.log())
	}
}
