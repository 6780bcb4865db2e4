package toolgen

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mercury/mcp-world/world"
)

var update = flag.Bool("update", false, "rewrite golden files")

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, _ := os.ReadFile(path)
	if d := cmp.Diff(string(want), string(got)); d != "" {
		t.Errorf("%s (-want +got):\n%s", path, d)
	}
}

func mini(t testing.TB) *world.World {
	t.Helper()
	data, err := os.ReadFile("../world/testdata/mini.json")
	if err != nil {
		t.Fatal(err)
	}
	w, err := world.Compile(data)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func initialize(t *testing.T, ctx context.Context, c *client.Client) {
	t.Helper()
	req := mcp.InitializeRequest{}
	req.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	req.Params.ClientInfo = mcp.Implementation{Name: "toolgen-test", Version: "0"}
	if _, err := c.Initialize(ctx, req); err != nil {
		t.Fatalf("initialize: %v", err)
	}
}

func call(t *testing.T, ctx context.Context, c *client.Client, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	req := mcp.CallToolRequest{}
	req.Params.Name = name
	req.Params.Arguments = args
	res, err := c.CallTool(ctx, req)
	if err != nil {
		t.Fatalf("call %s: %v", name, err)
	}
	return res
}

func text(res *mcp.CallToolResult) string {
	var sb strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(mcp.TextContent); ok {
			sb.WriteString(tc.Text)
		}
	}
	return sb.String()
}

// stdioClient serves w over an in-memory stdio pipe pair and returns a
// connected mcp-go client.
func stdioClient(t *testing.T, ctx context.Context, w *world.World, task *world.Task) (*client.Client, *world.Episode) {
	t.Helper()
	ep, err := w.NewEpisode(ctx, task)
	if err != nil {
		t.Fatal(err)
	}
	s := NewServer(w, func(context.Context) (*world.Episode, error) { return ep, nil }, Options{Task: task})
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	sctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		ServeStdio(sctx, s, sr, sw, nil)
	}()
	c := client.NewClient(transport.NewIO(cr, cw, io.NopCloser(strings.NewReader(""))))
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.Close()
		cancel()
		cw.Close()
		sw.Close()
		<-done
		ep.Close()
	})
	initialize(t, ctx, c)
	return c, ep
}

// TestStdioSession drives a whole session: list, call, fail, read, prompt.
// The tool list is a golden file, so any change to what a model sees is
// reviewed.
func TestStdioSession(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	w := mini(t)
	task, _ := w.Task("invoice-delivered-order")
	c, ep := stdioClient(t, ctx, w, task)

	tools, err := c.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	listing, _ := json.MarshalIndent(tools.Tools, "", "  ")
	golden(t, "testdata/mini-tools.json", append(listing, '\n'))

	res := call(t, ctx, c, "get_order", map[string]any{"order_id": "ORD-00002"})
	if res.IsError || !strings.Contains(text(res), `"status":"confirmed"`) {
		t.Fatalf("get_order: %s", text(res))
	}
	if sc, _ := json.Marshal(res.StructuredContent); !strings.Contains(string(sc), `"amount_cents":12550`) {
		t.Errorf("structuredContent %s", sc)
	}
	before, _ := ep.StateHash(ctx)
	res = call(t, ctx, c, "update_order_status", map[string]any{"order_id": "ORD-00002", "status": "new"})
	if !res.IsError || !strings.Contains(text(res), "cannot go from 'confirmed' to 'new'") {
		t.Fatalf("bad transition: %+v", res)
	}
	if after, _ := ep.StateHash(ctx); after != before {
		t.Error("a failed call changed the state")
	}
	res = call(t, ctx, c, "create_invoice", map[string]any{"order_ref": "ORD-00002", "customer_email": "nope", "amount_cents": 5})
	if !res.IsError || !strings.Contains(text(res), "/customer_email: 'nope' is not valid email") {
		t.Errorf("bad email: %s", text(res))
	}

	rl, err := c.ListResources(ctx, mcp.ListResourcesRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rl.Resources) != 4 {
		t.Errorf("%d resources, want company, 2 services, policies", len(rl.Resources))
	}
	rr := mcp.ReadResourceRequest{}
	rr.Params.URI = "world://mini-bakery/policies"
	pol, err := c.ReadResource(ctx, rr)
	if err != nil {
		t.Fatal(err)
	}
	if txt := pol.Contents[0].(mcp.TextResourceContents).Text; !strings.Contains(txt, "Every delivered order must have exactly one invoice") {
		t.Errorf("policies: %s", txt)
	}
	gp := mcp.GetPromptRequest{}
	gp.Params.Name = "task"
	p, err := c.GetPrompt(ctx, gp)
	if err != nil {
		t.Fatal(err)
	}
	if msg := p.Messages[0].Content.(mcp.TextContent).Text; !strings.Contains(msg, "ORD-00002 was delivered") {
		t.Errorf("prompt: %s", msg)
	}
}

// TestHiddenStaysHidden collects every agent-visible surface and looks for
// hidden text: invariant checks, assertions and reference solutions.
func TestHiddenStaysHidden(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	w := mini(t)
	task, _ := w.Task("invoice-delivered-order")
	c, _ := stdioClient(t, ctx, w, task)
	var seen strings.Builder
	add := func(v any) { b, _ := json.Marshal(v); seen.Write(b); seen.WriteString(w.Instructions()) }
	tools, _ := c.ListTools(ctx, mcp.ListToolsRequest{})
	add(tools)
	rl, _ := c.ListResources(ctx, mcp.ListResourcesRequest{})
	for _, r := range rl.Resources {
		rr := mcp.ReadResourceRequest{}
		rr.Params.URI = r.URI
		out, err := c.ReadResource(ctx, rr)
		if err != nil {
			t.Fatal(err)
		}
		add(out)
	}
	gp := mcp.GetPromptRequest{}
	gp.Params.Name = "task"
	p, _ := c.GetPrompt(ctx, gp)
	add(p)
	for _, s := range task.Spec().Solution {
		add(call(t, ctx, c, s.Tool, s.Args))
	}
	surface := seen.String()
	var hidden []string
	for _, inv := range w.Invariants() {
		hidden = append(hidden, inv.Check, "order_ref = o.id")
	}
	for _, a := range task.Spec().Assertions {
		hidden = append(hidden, a.Description)
	}
	sol, _ := json.Marshal(task.Spec().Solution)
	hidden = append(hidden, string(sol))
	for _, h := range hidden {
		if strings.Contains(surface, h) {
			t.Errorf("hidden text reached the agent: %q", h)
		}
	}
}

func httpClient(t *testing.T, ctx context.Context, url string, legacy bool) *client.Client {
	t.Helper()
	return httpClientWant(t, ctx, url, legacy, !legacy)
}

// httpClientWant connects, optionally pinned to the session-ful protocol,
// and checks which generation was negotiated.
func httpClientWant(t *testing.T, ctx context.Context, url string, legacy, wantModern bool) *client.Client {
	t.Helper()
	var opts []client.ClientOption
	if legacy {
		opts = append(opts, client.WithLegacyProtocolOnly())
	}
	tr, err := transport.NewStreamableHTTP(url)
	if err != nil {
		t.Fatal(err)
	}
	c := client.NewClient(tr, opts...)
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	initialize(t, ctx, c)
	if got := mcp.IsModernProtocol(c.ProtocolVersion()); got != wantModern {
		t.Fatalf("client on %s negotiated %s", url, c.ProtocolVersion())
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func orderStatus(t *testing.T, ctx context.Context, c *client.Client) string {
	t.Helper()
	res := call(t, ctx, c, "get_order", map[string]any{"order_id": "ORD-00002"})
	var rec struct{ Status string }
	if err := json.Unmarshal([]byte(text(res)), &rec); err != nil {
		t.Fatalf("get_order: %s", text(res))
	}
	return rec.Status
}

// TestHTTPEpisodes: episodes addressed by URL are isolated and shared by
// URL, for stateless and session-ful clients; plain /mcp sessions get
// their own episodes and free them when they end.
func TestHTTPEpisodes(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	w := mini(t)
	task, _ := w.Task("invoice-delivered-order")
	eps := world.NewEpisodes(w, world.RegistryOptions{Task: task})
	defer eps.CloseAll()
	srv := httptest.NewServer(NewHTTP(w, eps, HTTPOptions{Options: Options{Task: task}}).Handler())
	defer srv.Close()

	a := httpClient(t, ctx, srv.URL+"/episodes/run-a/mcp", false)
	b := httpClient(t, ctx, srv.URL+"/episodes/run-b/mcp", false)
	if res := call(t, ctx, a, "update_order_status", map[string]any{"order_id": "ORD-00002", "status": "delivered"}); res.IsError {
		t.Fatal(text(res))
	}
	if got := orderStatus(t, ctx, a); got != "delivered" {
		t.Errorf("episode a lost its write: %s", got)
	}
	if got := orderStatus(t, ctx, b); got != "confirmed" {
		t.Errorf("episode b sees a's write: %s", got)
	}
	// A session-ful client on a's URL shares a's episode.
	a2 := httpClient(t, ctx, srv.URL+"/episodes/run-a/mcp", true)
	if got := orderStatus(t, ctx, a2); got != "delivered" {
		t.Errorf("second client on run-a does not see run-a's state: %s", got)
	}
	if eps.Len() != 2 {
		t.Errorf("%d live episodes, want 2", eps.Len())
	}

	// Plain /mcp: one episode per session.
	s1 := httpClient(t, ctx, srv.URL+"/mcp", true)
	s2 := httpClient(t, ctx, srv.URL+"/mcp", true)
	call(t, ctx, s1, "update_order_status", map[string]any{"order_id": "ORD-00002", "status": "cancelled"})
	if got := orderStatus(t, ctx, s2); got != "confirmed" {
		t.Errorf("session 2 sees session 1's write: %s", got)
	}
	if eps.Len() != 4 {
		t.Errorf("%d live episodes, want 4", eps.Len())
	}
	s1.Close()
	deadline := time.Now().Add(5 * time.Second)
	for eps.Len() != 3 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if eps.Len() != 3 {
		t.Errorf("closing a session left %d episodes, want 3", eps.Len())
	}

	// A client that discovers first falls back to a session on /mcp.
	d := httpClientWant(t, ctx, srv.URL+"/mcp", false, false)
	if got := orderStatus(t, ctx, d); got != "confirmed" {
		t.Errorf("fresh session sees old state: %s", got)
	}
}

// TestHTTPStatelessOnPlainEndpoint: a stateless request on /mcp is told
// where to go.
func TestHTTPStatelessOnPlainEndpoint(t *testing.T) {
	w := mini(t)
	eps := world.NewEpisodes(w, world.RegistryOptions{})
	defer eps.CloseAll()
	srv := httptest.NewServer(NewHTTP(w, eps, HTTPOptions{}).Handler())
	defer srv.Close()
	body := `{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`
	req, _ := http.NewRequest("POST", srv.URL+"/mcp", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
	req.Header.Set("Mcp-Method", "tools/list")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 400 || !strings.Contains(string(out), "/episodes/{id}/mcp") || !strings.Contains(string(out), `"id":7`) {
		t.Fatalf("status %d body %s", resp.StatusCode, out)
	}
	if eps.Len() != 0 {
		t.Error("a refused request created an episode")
	}
	resp, _ = http.Get(srv.URL + "/episodes/bad%20id/mcp")
	if resp.StatusCode != 400 {
		t.Errorf("bad episode id: status %d", resp.StatusCode)
	}
	resp.Body.Close()
}
