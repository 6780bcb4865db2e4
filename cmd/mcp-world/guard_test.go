package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mercury/mcp-world/toolgen"
	"github.com/mercury/mcp-world/world"
)

const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`

// rpcError decodes a JSON-RPC error body and fails if it is not one.
func rpcError(t *testing.T, body []byte) string {
	t.Helper()
	var e struct {
		JSONRPC string `json:"jsonrpc"`
		Error   *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(body, &e); err != nil || e.JSONRPC != "2.0" || e.Error == nil || e.Error.Message == "" {
		t.Fatalf("not a JSON-RPC error body: %s", body)
	}
	return e.Error.Message
}

// initSession opens a 2025-11-25 session on url and returns its id.
func initSession(t *testing.T, url string) string {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(initBody))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	sid := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != 200 || sid == "" {
		t.Fatalf("initialize on %s: %s, session %q", url, resp.Status, sid)
	}
	return sid
}

// listen opens a listening GET stream; the caller closes the body.
func listen(t *testing.T, url, sid string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	if sid != "" {
		req.Header.Set("Mcp-Session-Id", sid)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// listenSoon opens a listening stream once the server has noticed that
// an earlier one closed (it learns so asynchronously).
func listenSoon(t *testing.T, url, sid string) *http.Response {
	t.Helper()
	for range 50 {
		resp := listen(t, url, sid)
		if resp.StatusCode == 200 {
			return resp
		}
		readBody(resp)
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("GET %s: no stream 1 s after the earlier one closed", url)
	return nil
}

func readBody(resp *http.Response) []byte {
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return b
}

// vmRSS is a process's resident set in kB, from /proc.
func vmRSS(t *testing.T, pid int) int {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return n
		}
	}
	t.Fatal("no VmRSS")
	return 0
}

// TestSessionlessGETsRefused: a GET must name a live session of its
// endpoint, once. 2,000 sessionless GETs are refused at once and the
// server's memory stays flat; a stateless (2026-07-28) GET is 405.
func TestSessionlessGETsRefused(t *testing.T) {
	s := startServe(t, nil)
	urls := []string{s.agent + "/mcp", s.agent + "/episodes/run-1/mcp"}
	client := &http.Client{Timeout: 2 * time.Second}
	// flood sends n sessionless GETs, 100 at a time (a flood, not a fork
	// bomb), and checks each is refused with 400.
	flood := func(n int) {
		var wg sync.WaitGroup
		errs := make(chan string, n)
		for i := range n {
			wg.Go(func() {
				req, _ := http.NewRequest("GET", urls[i%2], nil)
				req.Header.Set("Accept", "text/event-stream")
				resp, err := client.Do(req)
				if err != nil {
					errs <- err.Error()
					return
				}
				readBody(resp)
				if resp.StatusCode != http.StatusBadRequest {
					errs <- resp.Status
				}
			})
			if i%100 == 99 {
				wg.Wait()
			}
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Fatalf("sessionless GET: %s, want 400", e)
		}
	}
	flood(200) // warm up: connection buffers and goroutine stacks the runtime keeps
	before := vmRSS(t, s.cmd.Process.Pid)
	flood(2000)
	after := vmRSS(t, s.cmd.Process.Pid)
	t.Logf("server RSS after a 200-GET warm-up %d kB, after 2,000 more sessionless GETs %d kB", before, after)
	if raceEnabled {
		t.Log("race detector on: the memory bound is not checked")
	} else if after-before > 10_000 {
		t.Errorf("RSS grew by %d kB over 2,000 refused GETs", after-before)
	}

	for _, url := range urls {
		resp := listen(t, url, "")
		if msg := rpcError(t, readBody(resp)); resp.StatusCode != 400 || !strings.Contains(msg, "Mcp-Session-Id") {
			t.Errorf("GET %s without a session: %s %q", url, resp.Status, msg)
		}
		resp = listen(t, url, "mcp-session-6f1d1d7e-9a59-4c43-9a1c-2a7f5fb0e001")
		if readBody(resp); resp.StatusCode != 404 {
			t.Errorf("GET %s with a made-up session: %s, want 404", url, resp.Status)
		}
		req, _ := http.NewRequest("GET", url, nil)
		req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if readBody(resp); resp.StatusCode != 405 || resp.Header.Get("Allow") != "POST" {
			t.Errorf("stateless GET %s: %s, Allow %q; want 405, POST", url, resp.Status, resp.Header.Get("Allow"))
		}

		// One listening stream per session; a session of another endpoint
		// is not one of this one's.
		sid := initSession(t, url)
		first := listen(t, url, sid)
		if first.StatusCode != 200 {
			t.Fatalf("first GET with session: %s", first.Status)
		}
		second := listen(t, url, sid)
		if msg := rpcError(t, readBody(second)); second.StatusCode != 409 {
			t.Errorf("second GET of one session: %s %q, want 409", second.Status, msg)
		}
		other := urls[0]
		if other == url {
			other = urls[1]
		}
		resp = listen(t, other, sid)
		if readBody(resp); resp.StatusCode != 404 {
			t.Errorf("GET %s with a session of %s: %s, want 404", other, url, resp.Status)
		}
		first.Body.Close()
		// Once the first stream is gone, the session may listen again.
		listenSoon(t, url, sid).Body.Close()
	}
}

// TestStreamCap: beyond --max-streams open streams, a GET gets 503 with a
// JSON-RPC error; a closed stream frees its slot.
func TestStreamCap(t *testing.T) {
	s := startServe(t, nil, "--max-streams", "2")
	url := s.agent + "/mcp"
	var open []*http.Response
	for range 2 {
		r := listen(t, url, initSession(t, url))
		if r.StatusCode != 200 {
			t.Fatalf("stream under the cap: %s", r.Status)
		}
		open = append(open, r)
	}
	third := initSession(t, url)
	resp := listen(t, url, third)
	if msg := rpcError(t, readBody(resp)); resp.StatusCode != 503 || !strings.Contains(msg, "2 open streams") || resp.Header.Get("Retry-After") == "" {
		t.Errorf("stream over the cap: %s %q", resp.Status, msg)
	}
	// Ordinary requests are not streams and still work.
	tools := `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
	req, _ := http.NewRequest("POST", url, strings.NewReader(tools))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Session-Id", third)
	req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if b := readBody(r); r.StatusCode != 200 || !strings.Contains(string(b), "create_invoice") {
		t.Errorf("tools/list at the stream cap: %s %s", r.Status, b)
	}
	open[0].Body.Close()
	listenSoon(t, url, third).Body.Close()
	open[1].Body.Close()
}

// TestBodyLimit: a body over --max-body gets 413 with a JSON-RPC error,
// whether it announces its length (1 GB, never sent) or streams it.
func TestBodyLimit(t *testing.T) {
	s := startServe(t, nil, "--max-body", "65536")
	addr := strings.TrimPrefix(s.agent, "http://")
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /episodes/run-1/mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{\"jsonrpc\":", addr, 1<<30)
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("1 GB body: %v", err)
	}
	if msg := rpcError(t, readBody(resp)); resp.StatusCode != 413 || !strings.Contains(msg, "65536 bytes") {
		t.Errorf("1 GB body: %s %q", resp.Status, msg)
	}

	// Chunked, no length: cut off at the limit.
	pr, pw := io.Pipe()
	go func() {
		chunk := strings.Repeat(" ", 8192)
		for range 64 {
			if _, err := io.WriteString(pw, chunk); err != nil {
				return
			}
		}
		pw.Close()
	}()
	req, _ := http.NewRequest("POST", s.agent+"/mcp", pr)
	req.Header.Set("Content-Type", "application/json")
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if msg := rpcError(t, readBody(r)); r.StatusCode != 413 {
		t.Errorf("chunked 512 KB body: %s %q", r.Status, msg)
	}
	pr.Close()
}

// newTestAgent serves the mini world's agent port in-process with l.
func newTestAgent(t *testing.T, l limits, token string) *httptest.Server {
	t.Helper()
	w, err := loadWorld(miniPath(t))
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	eps := world.NewEpisodes(w, world.RegistryOptions{Limit: 10})
	t.Cleanup(eps.CloseAll)
	h := toolgen.NewHTTP(w, eps, toolgen.HTTPOptions{})
	g := newGuard("mcp-world", token, httpSecurity{}, l, rejectJSONRPC, log)
	ts := httptest.NewUnstartedServer(nil)
	ts.Config = httpServer(agentMux(g, h.Handler(), eps, 10), l, log)
	ts.Start()
	t.Cleanup(ts.Close)
	return ts
}

// TestSlowClientsCutOff: a client that sends its headers or its body too
// slowly is cut off, and while it holds a request slot, others get 503.
func TestSlowClientsCutOff(t *testing.T) {
	l := defaultLimits
	l.headerTimeout = 300 * time.Millisecond
	l.bodyTimeout = 300 * time.Millisecond
	l.maxRequests = 1
	ts := newTestAgent(t, l, "")
	addr := ts.Listener.Addr().String()

	// Slowloris: one header line every 100 ms, never finishing.
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	start := time.Now()
	fmt.Fprintf(conn, "GET /mcp HTTP/1.1\r\nHost: %s\r\n", addr)
	go func() {
		for i := 0; time.Since(start) < 5*time.Second; i++ {
			if _, err := fmt.Fprintf(conn, "X-Slow-%d: 1\r\n", i); err != nil {
				return // cut off
			}
			time.Sleep(100 * time.Millisecond)
		}
	}()
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	io.Copy(io.Discard, conn) // returns when the server closes the connection
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("slow-header client held the connection %s (header timeout 300ms)", took)
	}

	// A slow body holds the only request slot until the body timeout.
	slow, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	fmt.Fprintf(slow, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{", addr)
	time.Sleep(50 * time.Millisecond)
	r, err := http.Post(ts.URL+"/mcp", "application/json", strings.NewReader(initBody))
	if err != nil {
		t.Fatal(err)
	}
	if msg := rpcError(t, readBody(r)); r.StatusCode != 503 || !strings.Contains(msg, "1 requests in progress") {
		t.Errorf("request while the slot is held: %s %q", r.Status, msg)
	}
	slow.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(slow), nil)
	if err != nil {
		t.Fatalf("slow body: %v", err)
	}
	if rpcError(t, readBody(resp)); resp.StatusCode != http.StatusRequestTimeout {
		t.Errorf("slow body: %s, want 408", resp.Status)
	}
	if sid := initSession(t, ts.URL+"/mcp"); sid == "" {
		t.Error("no session after the slot was freed")
	}
}

// TestTokensAndOrigin: with --token-file the agent port needs the token
// (401 and WWW-Authenticate without it), the control port needs its own,
// which the agent token does not open; a foreign Origin gets 403 on both;
// the health checks need nothing and tell nothing.
func TestTokensAndOrigin(t *testing.T) {
	dir := t.TempDir()
	agentTok := "agent-token-0123456789abcdef"
	tokFile := filepath.Join(dir, "agent-token")
	os.WriteFile(tokFile, []byte(agentTok+"\n"), 0o600)
	ctlFile := filepath.Join(dir, "control-token")
	s := startServe(t, nil, "--token-file", tokFile, "--control", "127.0.0.1:0", "--control-token-file", ctlFile, "--allow-origin", "http://app.example:3000", "--allow-host", "mcp.example.com")
	if s.tokenFile != ctlFile {
		t.Errorf("control token file %q, want %q", s.tokenFile, ctlFile)
	}
	ctlTok, err := readToken(ctlFile)
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(ctlFile); st.Mode().Perm() != 0o600 {
		t.Errorf("control token file mode %v", st.Mode().Perm())
	}
	if strings.Contains(s.stderr.String(), ctlTok) || strings.Contains(s.stderr.String(), agentTok) {
		t.Errorf("a token is printed:\n%s", s.stderr)
	}
	agentMCP := s.agent + "/episodes/run-1/mcp"

	post := func(url, token, origin string) *http.Response {
		req, _ := http.NewRequest("POST", url, strings.NewReader(initBody))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	for _, c := range []struct {
		name, url, token, origin string
		want                     int
	}{
		{"agent, no token", agentMCP, "", "", 401},
		{"agent, wrong token", agentMCP, "not-the-token-0123456789", "", 401},
		{"agent, control token", agentMCP, ctlTok, "", 401},
		{"agent, token", agentMCP, agentTok, "", 200},
		{"agent, token, foreign origin", agentMCP, agentTok, "http://evil.example", 403},
		{"agent, no token, foreign origin", agentMCP, "", "http://evil.example", 403},
		{"agent, token, allowed origin", agentMCP, agentTok, "http://app.example:3000", 200},
		{"agent index, no token", s.agent + "/", "", "", 401},
		{"agent query token", agentMCP + "?access_token=" + agentTok, "", "", 400},
		{"control, no token", s.control + "/episodes", "", "", 401},
		{"control, agent token", s.control + "/episodes", agentTok, "", 401},
		{"control, token, foreign origin", s.control + "/episodes", ctlTok, "http://evil.example", 403},
		{"control, token", s.control + "/episodes", ctlTok, "", 400}, // initialize is not a control body
	} {
		resp := post(c.url, c.token, c.origin)
		body := readBody(resp)
		if resp.StatusCode != c.want {
			t.Errorf("%s: %s %s, want %d", c.name, resp.Status, body, c.want)
			continue
		}
		if c.want == 401 {
			if h := resp.Header.Get("WWW-Authenticate"); !strings.HasPrefix(h, "Bearer realm=") {
				t.Errorf("%s: WWW-Authenticate %q", c.name, h)
			}
		}
		if c.want >= 400 && strings.HasPrefix(c.url, s.agent) {
			rpcError(t, body)
		}
	}
	// A browser page of the allowed origin: its preflight is answered
	// without a token, and its answers carry CORS headers.
	for _, c := range []struct {
		origin string
		want   int
	}{{"http://app.example:3000", 204}, {"http://evil.example", 403}} {
		req, _ := http.NewRequest("OPTIONS", agentMCP, nil)
		req.Header.Set("Origin", c.origin)
		req.Header.Set("Access-Control-Request-Method", "POST")
		req.Header.Set("Access-Control-Request-Headers", "authorization, content-type, mcp-protocol-version")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		readBody(resp)
		if resp.StatusCode != c.want {
			t.Errorf("preflight from %s: %s, want %d", c.origin, resp.Status, c.want)
		}
		if allowed := resp.Header.Get("Access-Control-Allow-Origin"); (c.want == 204) != (allowed == c.origin) || c.want == 204 && !strings.Contains(resp.Header.Get("Access-Control-Allow-Headers"), "Authorization") {
			t.Errorf("preflight from %s: Allow-Origin %q, Allow-Headers %q", c.origin, allowed, resp.Header.Get("Access-Control-Allow-Headers"))
		}
	}
	if resp := post(agentMCP, agentTok, "http://app.example:3000"); resp.Header.Get("Access-Control-Allow-Origin") != "http://app.example:3000" || !strings.Contains(resp.Header.Get("Access-Control-Expose-Headers"), "Mcp-Session-Id") {
		t.Errorf("answer to the allowed origin: CORS headers %v", resp.Header)
	} else {
		readBody(resp)
	}

	// DNS rebinding: on a loopback listener only loopback names, and the
	// allowed host, on both ports.
	for _, c := range []struct {
		url, token, host string
		want             int
	}{
		{agentMCP, agentTok, "evil.example", 403},
		{agentMCP, agentTok, "evil.example:8080", 403},
		{agentMCP, agentTok, "mcp.example.com", 200},
		{agentMCP, agentTok, "localhost:9", 200},
		{s.control + "/episodes", ctlTok, "evil.example", 403},
	} {
		req, _ := http.NewRequest("POST", c.url, strings.NewReader(initBody))
		req.Host = c.host
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Authorization", "Bearer "+c.token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if b := readBody(resp); resp.StatusCode != c.want {
			t.Errorf("Host %s on %s: %s %s, want %d", c.host, c.url, resp.Status, b, c.want)
		}
	}

	for _, p := range []string{"/healthz", "/readyz"} {
		b := string(request(t, "GET", s.agent+p, "", "", 200))
		if strings.Contains(b, "mini") || strings.Contains(b, "episodes") {
			t.Errorf("%s tells about the world: %s", p, b)
		}
	}
	// The control port's own /healthz, with details, needs its token.
	request(t, "GET", s.control+"/healthz", "", "", 401)
	if b := request(t, "GET", s.control+"/healthz", ctlTok, "", 200); !strings.Contains(string(b), "bundle_hash") {
		t.Errorf("control /healthz: %s", b)
	}
}

// TestPublicURL: behind a proxy, the control API hands out the public URL.
func TestPublicURL(t *testing.T) {
	s := startServe(t, nil, "--public-url", "https://mcp.example.com/", "--control", "127.0.0.1:0")
	tok, err := readToken(s.tokenFile)
	if err != nil {
		t.Fatal(err)
	}
	var ep struct {
		MCPURL string `json:"mcp_url"`
	}
	json.Unmarshal(request(t, "POST", s.control+"/episodes", tok, `{"id":"pub-1"}`, 201), &ep)
	if ep.MCPURL != "https://mcp.example.com/episodes/pub-1/mcp" {
		t.Errorf("mcp_url %q", ep.MCPURL)
	}
	if !strings.Contains(s.stderr.String(), "(clients: https://mcp.example.com)") {
		t.Errorf("no public URL in the hints:\n%s", s.stderr)
	}
}

// TestReadableControlTokenWarns: a control token file others can read is
// used, with a warning.
func TestReadableControlTokenWarns(t *testing.T) {
	f := filepath.Join(t.TempDir(), "control.token")
	os.WriteFile(f, []byte("loose-token-0123456789abcdef\n"), 0o644)
	s := startServe(t, nil, "--control", "127.0.0.1:0", "--control-token-file", f, "--log-level", "warn")
	request(t, "GET", s.control+"/episodes", "loose-token-0123456789abcdef", "", 200)
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(s.stderr.String(), "readable by other users") {
		if time.Now().After(deadline) {
			t.Fatalf("no warning:\n%s", s.stderr)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestConnectionCap: beyond --max-conns open connections a new one waits
// until another closes.
func TestConnectionCap(t *testing.T) {
	s := startServe(t, nil, "--max-conns", "3")
	addr := strings.TrimPrefix(s.agent, "http://")
	var held []net.Conn
	for range 3 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		held = append(held, c)
	}
	answered := make(chan int, 1)
	go func() {
		resp, err := http.Get(s.agent + "/healthz")
		if err != nil {
			answered <- -1
			return
		}
		readBody(resp)
		answered <- resp.StatusCode
	}()
	select {
	case code := <-answered:
		t.Fatalf("a 4th connection was served (%d) while 3 were open", code)
	case <-time.After(300 * time.Millisecond):
	}
	held[0].Close()
	select {
	case code := <-answered:
		if code != 200 {
			t.Errorf("after a connection closed: %d", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the waiting connection was not served after another closed")
	}
}

// TestReadyzAtCapacity: /readyz turns 503 when the episode cap is reached.
func TestReadyzAtCapacity(t *testing.T) {
	s := startServe(t, nil, "--max-episodes", "1")
	request(t, "GET", s.agent+"/readyz", "", "", 200)
	tools := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_order","arguments":{"order_id":"ORD-00001"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"t","version":"0"},"io.modelcontextprotocol/clientCapabilities":{}}}}`
	req, _ := http.NewRequest("POST", s.agent+"/episodes/run-1/mcp", strings.NewReader(tools))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
	req.Header.Set("Mcp-Method", "tools/call")
	req.Header.Set("Mcp-Name", "get_order")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if b := readBody(resp); resp.StatusCode != 200 {
		t.Fatalf("call: %s %s", resp.Status, b)
	}
	if b := request(t, "GET", s.agent+"/readyz", "", "", 503); !strings.Contains(string(b), "full") {
		t.Errorf("readyz at capacity: %s", b)
	}
}

// TestServeTokenErrors: bad token setups stop serve before it listens.
func TestServeTokenErrors(t *testing.T) {
	dir := t.TempDir()
	same := filepath.Join(dir, "same")
	os.WriteFile(same, []byte("shared-token-0123456789abcdef\n"), 0o600)
	short := filepath.Join(dir, "short")
	os.WriteFile(short, []byte("abc\n"), 0o600)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--token-file", same, "--control", ":0", "--control-token-file", same}, "the control token equals the agent token"},
		{[]string{"--token-file", short}, "the token is 3 bytes; use at least 16"},
		{[]string{"--token-file", filepath.Join(dir, "missing")}, "--token-file: open"},
	} {
		var stderr strings.Builder
		err := run(t.Context(), append([]string{"serve", "--world", miniPath(t), "--http", "127.0.0.1:0"}, c.args...), nil, io.Discard, &stderr)
		if err == nil || !strings.Contains(err.Error(), c.want) || exitCode(err) != 2 {
			t.Errorf("%v: %v (exit %d), want %q", c.args, err, exitCode(err), c.want)
		}
	}
}

// TestTokenWithMCPGoClient: the mcp-go client, stateless (2026-07-28) on an
// episode URL, works with the token in its headers and is refused without.
func TestTokenWithMCPGoClient(t *testing.T) {
	const token = "mcp-go-token-0123456789abcdef"
	ts := newTestAgent(t, defaultLimits, token)
	connect := func(headers map[string]string) (*client.Client, error) {
		tr, err := transport.NewStreamableHTTP(ts.URL+"/episodes/go-1/mcp", transport.WithHTTPHeaders(headers))
		if err != nil {
			t.Fatal(err)
		}
		c := client.NewClient(tr)
		if err := c.Start(t.Context()); err != nil {
			return nil, err
		}
		req := mcp.InitializeRequest{}
		req.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
		req.Params.ClientInfo = mcp.Implementation{Name: "guard-test", Version: "0"}
		if _, err := c.Initialize(t.Context(), req); err != nil {
			c.Close()
			return nil, err
		}
		t.Cleanup(func() { c.Close() })
		return c, nil
	}
	if _, err := connect(nil); !errors.Is(err, transport.ErrAuthorizationRequired) {
		t.Errorf("without the token: %v, want a 401", err)
	}
	c, err := connect(map[string]string{"Authorization": "Bearer " + token})
	if err != nil {
		t.Fatal(err)
	}
	if !mcp.IsModernProtocol(c.ProtocolVersion()) {
		t.Errorf("negotiated %s, want the stateless generation", c.ProtocolVersion())
	}
	res, err := c.CallTool(t.Context(), mcp.CallToolRequest{Params: mcp.CallToolParams{Name: "get_order", Arguments: map[string]any{"order_id": "ORD-00001"}}})
	if err != nil || res.IsError {
		t.Fatalf("call with the token: %v %+v", err, res)
	}
}

// BenchmarkHTTPCallGuard: one stateless tool call over HTTP (mcp-go
// client, get_order on an episode URL), with the guard and a token in front
// and without: what auth, Origin and limits cost per call.
func BenchmarkHTTPCallGuard(b *testing.B) {
	w, err := loadWorld("../../world/testdata/mini.json")
	if err != nil {
		b.Fatal(err)
	}
	for _, guarded := range []bool{false, true} {
		name := "bare"
		if guarded {
			name = "guarded"
		}
		b.Run(name, func(b *testing.B) {
			eps := world.NewEpisodes(w, world.RegistryOptions{})
			defer eps.CloseAll()
			h := toolgen.NewHTTP(w, eps, toolgen.HTTPOptions{}).Handler()
			headers := map[string]string{}
			if guarded {
				const token = "bench-token-0123456789abcdef"
				g := newGuard("mcp-world", token, httpSecurity{}, defaultLimits, rejectJSONRPC, slog.New(slog.DiscardHandler))
				h = agentMux(g, h, eps, 1000)
				headers["Authorization"] = "Bearer " + token
			}
			ts := httptest.NewServer(h)
			defer ts.Close()
			tr, _ := transport.NewStreamableHTTP(ts.URL+"/episodes/bench/mcp", transport.WithHTTPHeaders(headers))
			c := client.NewClient(tr)
			defer c.Close()
			ctx := b.Context()
			if err := c.Start(ctx); err != nil {
				b.Fatal(err)
			}
			init := mcp.InitializeRequest{}
			init.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
			init.Params.ClientInfo = mcp.Implementation{Name: "bench", Version: "0"}
			if _, err := c.Initialize(ctx, init); err != nil {
				b.Fatal(err)
			}
			req := mcp.CallToolRequest{Params: mcp.CallToolParams{Name: "get_order", Arguments: map[string]any{"order_id": "ORD-00001"}}}
			var took []time.Duration
			for b.Loop() {
				start := time.Now()
				if res, err := c.CallTool(ctx, req); err != nil || res.IsError {
					b.Fatal(err, res)
				}
				took = append(took, time.Since(start))
			}
			reportMedian(b, took)
		})
	}
}

// TestGuardMountsAnyHandler: another agent-facing handler mounted on the
// agent mux through the guard gets the same token, Origin and body checks.
func TestGuardMountsAnyHandler(t *testing.T) {
	w, err := loadWorld(miniPath(t))
	if err != nil {
		t.Fatal(err)
	}
	eps := world.NewEpisodes(w, world.RegistryOptions{})
	defer eps.CloseAll()
	l := defaultLimits
	l.maxBody = 16
	g := newGuard("mcp-world", "other-token-0123456789abcdef", httpSecurity{}, l, rejectJSONRPC, slog.New(slog.DiscardHandler))
	mux := agentMux(g, toolgen.NewHTTP(w, eps, toolgen.HTTPOptions{}).Handler(), eps, 10)
	mux.Handle("/other/", g.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		fmt.Fprintf(w, "other got %q", b)
	})))
	ts := httptest.NewServer(mux)
	defer ts.Close()
	for _, c := range []struct {
		token, origin, body string
		want                int
	}{
		{"", "", "hi", 401},
		{"other-token-0123456789abcdef", "", "hi", 200},
		{"other-token-0123456789abcdef", "http://evil.example", "hi", 403},
		{"other-token-0123456789abcdef", "", strings.Repeat("x", 17), 413},
	} {
		req, _ := http.NewRequest("POST", ts.URL+"/other/x", strings.NewReader(c.body))
		if c.token != "" {
			req.Header.Set("Authorization", "Bearer "+c.token)
		}
		if c.origin != "" {
			req.Header.Set("Origin", c.origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b := readBody(resp)
		if resp.StatusCode != c.want || c.want == 200 && string(b) != `other got "hi"` {
			t.Errorf("%+v: %s %s", c, resp.Status, b)
		}
	}
	request(t, "GET", ts.URL+"/healthz", "", "", 200)
}

// TestTokensFromEnvironment: both tokens can come from the environment.
func TestTokensFromEnvironment(t *testing.T) {
	const agentTok, ctlTok = "env-agent-token-0123456789", "env-control-token-0123456789"
	s := startServe(t, []string{agentTokenEnv + "=" + agentTok, controlTokenEnv + "=" + ctlTok}, "--control", "127.0.0.1:0")
	if s.tokenFile != "$"+controlTokenEnv {
		t.Errorf("control token named as %q", s.tokenFile)
	}
	request(t, "GET", s.agent+"/", "", "", 401)
	request(t, "GET", s.agent+"/", agentTok, "", 200)
	request(t, "GET", s.control+"/episodes", agentTok, "", 401)
	request(t, "GET", s.control+"/episodes", ctlTok, "", 200)
}

// TestDefaultRequestCap: with the default limits, 100 sessions × 4 calls
// in flight (the load harnesses and bench/anchor.sh use) are all served,
// and the cap still refuses the request past it.
func TestDefaultRequestCap(t *testing.T) {
	const inFlight = 100 * 4
	g := newGuard("mcp-world", "", httpSecurity{}, defaultLimits, rejectJSONRPC, slog.New(slog.DiscardHandler))
	var arrived sync.WaitGroup
	release := make(chan struct{})
	h := g.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		arrived.Done()
		<-release
	}))
	call := func() int {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "http://127.0.0.1/mcp", strings.NewReader("{}")))
		return rec.Code
	}
	held := defaultLimits.maxRequests
	if held < inFlight {
		t.Fatalf("default --max-requests %d is under %d calls in flight", held, inFlight)
	}
	arrived.Add(held)
	codes := make(chan int, held)
	for range held {
		go func() { codes <- call() }()
	}
	arrived.Wait() // every slot is held by a request in its handler
	if code := call(); code != http.StatusServiceUnavailable {
		t.Errorf("request past the cap of %d: %d, want 503", held, code)
	}
	close(release)
	for range held {
		if code := <-codes; code != http.StatusOK {
			t.Fatalf("a request within the cap: %d, want 200", code)
		}
	}
}
