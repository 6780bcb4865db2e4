package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// startOpenEnv runs serve --http --control in a subprocess for OpenEnv
// tests and returns the agent base URL, the control base URL and a client
// that sends the control token.
func startOpenEnv(t *testing.T, args ...string) (agent, ctl string, cc *http.Client) {
	t.Helper()
	s := startServe(t, nil, append([]string{"--task", "invoice-delivered-order", "--control", "127.0.0.1:0"}, args...)...)
	tok, err := os.ReadFile(s.tokenFile)
	if err != nil {
		t.Fatal(err)
	}
	return s.agent, s.control, &http.Client{Transport: withToken{strings.TrimSpace(string(tok))}}
}

// withToken sends a token with every request.
type withToken struct{ token string }

func (b withToken) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

// transcript records requests and answers as text for a golden file.
type transcript struct {
	t   *testing.T
	buf bytes.Buffer
}

func (tr *transcript) note(format string, a ...any) { fmt.Fprintf(&tr.buf, "# "+format+"\n", a...) }

func indentJSON(b []byte) string {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return string(b)
	}
	out, _ := json.MarshalIndent(v, "", "  ")
	return string(out)
}

// shorten drops long texts that have goldens of their own (the policies,
// the company profile) from a transcript.
var longText = regexp.MustCompile(`"(readme_content|system_prompt)": "(?:[^"\\]|\\.){200,}"`)

func shorten(s string) string {
	return longText.ReplaceAllStringFunc(s, func(m string) string {
		k := m[1 : strings.Index(m[1:], `"`)+1]
		return fmt.Sprintf(`"%s": "…(%d bytes)"`, k, len(m))
	})
}

// http sends one request and records it with the answer.
func (tr *transcript) http(method, url, path, body string) map[string]any {
	tr.t.Helper()
	req, _ := http.NewRequest(method, url+path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tr.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	fmt.Fprintf(&tr.buf, "> %s %s %s\n< %d %s\n\n", method, path, body, resp.StatusCode, shorten(indentJSON(b)))
	var v map[string]any
	json.Unmarshal(b, &v)
	return v
}

// TestOpenEnvHTTP plays an episode over OpenEnv's HTTP routes on a real
// serve --http and compares the transcript with a golden file: discovery,
// reset, the reference solution, a wrong tool, bad arguments, state,
// submit with the score as reward, and the errors.
func TestOpenEnvHTTP(t *testing.T) {
	agent, ctl, cc := startOpenEnv(t)
	tr := &transcript{t: t}
	tr.http("GET", agent, "/health", "")
	md := tr.http("GET", agent, "/metadata", "")
	if md["name"] != "mercury/mini-bakery" {
		t.Errorf("metadata name %v", md["name"])
	}
	tr.note("tools without an episode: list_tools needs no reset")
	tr.http("POST", agent, "/step", `{"action":{"type":"list_tools"}}`)
	tr.http("POST", agent, "/reset", `{"episode_id":"run-1","task_id":"invoice-delivered-order"}`)
	tr.http("POST", agent, "/step", `{"episode_id":"run-1","action":{"type":"call_tool","tool_name":"get_order","arguments":{"order_id":"ORD-00002"}}}`)
	tr.note("a tool that does not exist, and arguments the tool rejects")
	tr.http("POST", agent, "/step", `{"episode_id":"run-1","action":{"type":"call_tool","tool_name":"refund_everything","arguments":{}}}`)
	tr.http("POST", agent, "/step", `{"episode_id":"run-1","action":{"type":"call_tool","tool_name":"create_invoice","arguments":{"order_ref":"ORD-00002"}}}`)
	tr.note("the reference solution")
	for _, c := range miniSolution {
		body, _ := json.Marshal(map[string]any{"episode_id": "run-1", "action": map[string]any{"type": "call_tool", "tool_name": c.tool, "arguments": c.args}})
		res := tr.http("POST", agent, "/step", string(body))
		if res["reward"] != nil || res["done"] != false {
			t.Errorf("%s: reward %v done %v before submit; want null and false", c.tool, res["reward"], res["done"])
		}
	}
	tr.http("GET", agent, "/state?episode_id=run-1", "")
	res := tr.http("POST", agent, "/step", `{"episode_id":"run-1","action":{"type":"submit"}}`)
	if res["reward"] != 1.0 || res["done"] != true {
		t.Errorf("submit: reward %v done %v; want 1 and true", res["reward"], res["done"])
	}
	tr.note("after submit the episode takes no more steps")
	tr.http("POST", agent, "/step", `{"episode_id":"run-1","action":{"type":"list_tools"}}`)
	tr.note("errors")
	tr.http("POST", agent, "/step", `{"episode_id":"run-1","action":{"type":"dance"}}`)
	tr.http("POST", agent, "/step", `{"episode_id":"run-1","action":{"type":"call_tool","tool_name":"get_order","arguments":{},"colour":"red"}}`)
	tr.http("POST", agent, "/step", `{"action":{"type":"call_tool","tool_name":"get_order","arguments":{"order_id":"ORD-00002"}}}`)
	tr.http("POST", agent, "/step", `{"episode_id":"never-reset","action":{"type":"list_tools"}}`)
	tr.http("POST", agent, "/reset", `{"task_id":"bake-bread"}`)
	tr.http("POST", agent, "/reset", `{"episode":"x"}`)
	tr.http("GET", agent, "/state", "")
	tr.note("a reset without an id names the episode; the seed picks the task")
	tr.http("POST", agent, "/reset", `{"seed":7}`)
	tr.note("a noop episode submits for less than 1")
	tr.http("POST", agent, "/reset", `{"episode_id":"run-2"}`)
	res = tr.http("POST", agent, "/step", `{"episode_id":"run-2","action":{"type":"submit"}}`)
	if r, _ := res["reward"].(float64); r >= 1 {
		t.Errorf("noop submit earned %v", res["reward"])
	}
	golden(t, "testdata/openenv/http.golden", tr.buf.Bytes())

	// The grade's checks stay on the control port: the agent port only
	// ever showed the score.
	if strings.Contains(tr.buf.String(), `"checks"`) {
		t.Error("the agent port showed grade checks")
	}
	resp, err := cc.Post(ctl+"/episodes/run-1/grade", "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Score  float64
		Checks []any
	}
	json.NewDecoder(resp.Body).Decode(&rep)
	resp.Body.Close()
	if rep.Score != 1 || len(rep.Checks) == 0 {
		t.Errorf("control grade of the OpenEnv episode: score %v, %d checks", rep.Score, len(rep.Checks))
	}
}

var miniSolution = []struct {
	tool string
	args map[string]any
}{
	{"update_order_status", map[string]any{"order_id": "ORD-00002", "status": "delivered"}},
	{"create_invoice", map[string]any{"order_ref": "ORD-00002", "customer_email": "kueche@adlon.example", "amount_cents": 12550}},
	{"send_invoice", map[string]any{"invoice_id": "INV-00002"}},
}

// wsSession is an OpenEnv client over the WebSocket, sending the
// messages of OpenEnv's EnvClient.
type wsSession struct {
	t  *testing.T
	c  *websocket.Conn
	tr *transcript
}

func dialWS(t *testing.T, agent string, tr *transcript) *wsSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(agent, "http")+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.CloseNow() })
	return &wsSession{t: t, c: c, tr: tr}
}

func (s *wsSession) send(msg string) map[string]any {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.c.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
		s.t.Fatal(err)
	}
	_, b, err := s.c.Read(ctx)
	if err != nil {
		s.t.Fatalf("after %s: %v", msg, err)
	}
	if s.tr != nil {
		fmt.Fprintf(&s.tr.buf, "> %s\n< %s\n\n", msg, shorten(indentJSON(b)))
	}
	var v map[string]any
	json.Unmarshal(b, &v)
	return v
}

// TestOpenEnvWebSocket plays an episode over /ws with a golden
// transcript, then checks that the same episode is reachable over MCP by
// URL and that close ends the session.
func TestOpenEnvWebSocket(t *testing.T) {
	agent, ctl, cc := startOpenEnv(t)
	tr := &transcript{t: t}
	s := dialWS(t, agent, tr)
	tr.note("step before reset: tools are listed, a call is refused")
	s.send(`{"type":"step","data":{"type":"list_tools"}}`)
	s.send(`{"type":"step","data":{"type":"call_tool","tool_name":"get_order","arguments":{"order_id":"ORD-00002"}}}`)
	s.send(`{"type":"reset","data":{"episode_id":"ws-1","task_id":"invoice-delivered-order"}}`)
	for _, c := range miniSolution[:2] {
		b, _ := json.Marshal(map[string]any{"type": "step", "data": map[string]any{"type": "call_tool", "tool_name": c.tool, "arguments": c.args}})
		s.send(string(b))
	}
	s.send(`{"type":"state"}`)
	tr.note("errors")
	s.send(`{"type":"step","data":{"type":"call_tool","tool_name":"get_order","arguments":[1]}}`)
	s.send(`{"type":"jump"}`)
	s.send(`{not json`)
	s.send(`{"type":"reset","data":{"seed":-1}}`)

	// The same episode by MCP URL: the last solution call over MCP.
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	tp, err := transport.NewStreamableHTTP(agent + "/episodes/ws-1/mcp")
	if err != nil {
		t.Fatal(err)
	}
	mc := client.NewClient(tp)
	if err := mc.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer mc.Close()
	ini := mcp.InitializeRequest{}
	ini.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	ini.Params.ClientInfo = mcp.Implementation{Name: "openenv-test", Version: "0"}
	if _, err := mc.Initialize(ctx, ini); err != nil {
		t.Fatal(err)
	}
	req := mcp.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = miniSolution[2].tool, miniSolution[2].args
	if res, err := mc.CallTool(ctx, req); err != nil || res.IsError {
		t.Fatalf("MCP call on the OpenEnv episode: %v %v", err, res)
	}
	tr.note("the last solution call went over MCP, to /episodes/ws-1/mcp")
	tr.note("MCP JSON-RPC over the socket (OpenEnv's mcp message): no step is counted")
	s.send(`{"type":"mcp","data":{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_order","arguments":{"order_id":"ORD-00002"}}}}`)
	s.send(`{"type":"mcp","data":{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"refund_everything"}}}`)
	s.send(`{"type":"mcp","data":{"jsonrpc":"2.0","id":9,"method":"resources/list"}}`)
	s.tr = nil // the MCP tool definitions have goldens of their own (toolgen)
	if r := s.send(`{"type":"mcp","data":{"jsonrpc":"2.0","id":10,"method":"tools/list"}}`); len(r["data"].(map[string]any)["result"].(map[string]any)["tools"].([]any)) != 5 {
		t.Errorf("tools/list over the socket: %v", r)
	}
	s.tr = tr
	s.send(`{"type":"state"}`)
	s.send(`{"type":"step","data":{"type":"submit"}}`)
	golden(t, "testdata/openenv/ws.golden", tr.buf.Bytes())

	// close ends the session; a named episode stays for the control API.
	wctx, wcancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer wcancel()
	s.c.Write(wctx, websocket.MessageText, []byte(`{"type":"close"}`))
	if _, _, err := s.c.Read(wctx); websocket.CloseStatus(err) != websocket.StatusNormalClosure {
		t.Errorf("after close: %v, want a normal closure", err)
	}
	resp, err := cc.Get(ctl + "/episodes/ws-1")
	if err != nil || resp.StatusCode != 200 {
		t.Errorf("named episode after close: %v %v", err, resp.Status)
	}
	resp.Body.Close()
}

// TestOpenEnvConcurrent runs many WebSocket sessions at once, each on its
// own unnamed episode: each solves or idles its task and gets its own
// reward; none sees another's state; closed sessions leave no episode.
func TestOpenEnvConcurrent(t *testing.T) {
	agent, ctl, cc := startOpenEnv(t)
	const n = 12
	var wg sync.WaitGroup
	rewards := make([]float64, n)
	ids := make([]string, n)
	errs := make([]string, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := dialWS(t, agent, nil)
			res := s.send(`{"type":"reset","data":{}}`)
			obs, _ := res["data"].(map[string]any)["observation"].(map[string]any)
			ids[i], _ = obs["episode_id"].(string)
			if i%2 == 0 {
				for _, c := range miniSolution {
					b, _ := json.Marshal(map[string]any{"type": "step", "data": map[string]any{"type": "call_tool", "tool_name": c.tool, "arguments": c.args}})
					r := s.send(string(b))
					if r["type"] != "observation" || strings.Contains(fmt.Sprint(r), "is_error:true") {
						errs[i] = fmt.Sprint(r)
					}
				}
			}
			st := s.send(`{"type":"state"}`)["data"].(map[string]any)
			if want := float64(3 * (1 - i%2)); st["tool_calls"] != want {
				errs[i] = fmt.Sprintf("state %v: tool_calls %v, want %v (another session's calls?)", ids[i], st["tool_calls"], want)
			}
			r := s.send(`{"type":"step","data":{"type":"submit"}}`)
			rewards[i], _ = r["data"].(map[string]any)["reward"].(float64)
			s.c.Close(websocket.StatusNormalClosure, "")
		}()
	}
	wg.Wait()
	seen := map[string]bool{}
	for i := range n {
		if errs[i] != "" {
			t.Errorf("session %d: %s", i, errs[i])
		}
		if ids[i] == "" || seen[ids[i]] {
			t.Errorf("session %d: episode id %q not unique", i, ids[i])
		}
		seen[ids[i]] = true
		if solved := i%2 == 0; solved != (rewards[i] == 1) {
			t.Errorf("session %d (solved %v): reward %v", i, solved, rewards[i])
		}
	}
	// Unnamed episodes go with their sessions.
	var list struct{ Episodes []any }
	for range 250 { // sessions end asynchronously: allow 5 s on a loaded machine
		resp, err := cc.Get(ctl + "/episodes")
		if err != nil {
			t.Fatal(err)
		}
		json.NewDecoder(resp.Body).Decode(&list)
		resp.Body.Close()
		if len(list.Episodes) == 0 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if len(list.Episodes) != 0 {
		t.Errorf("%d episodes left after every session closed", len(list.Episodes))
	}
}

// TestOpenEnvCappedAndReaped: OpenEnv episodes count against
// --max-episodes and idle out like any other.
func TestOpenEnvCappedAndReaped(t *testing.T) {
	agent, _, _ := startOpenEnv(t, "--max-episodes", "2", "--idle", "1s")
	tr := &transcript{t: t}
	for _, id := range []string{"a", "b"} {
		if res := tr.http("POST", agent, "/reset", `{"episode_id":"`+id+`"}`); res["observation"] == nil {
			t.Fatalf("reset %s: %v", id, res)
		}
	}
	res := tr.http("POST", agent, "/reset", `{"episode_id":"c"}`)
	if d, _ := res["detail"].(string); !strings.Contains(d, "too many live episodes (2)") {
		t.Errorf("third episode over a cap of 2: %v", res)
	}
	// Resetting an existing id replaces it rather than adding one.
	if res := tr.http("POST", agent, "/reset", `{"episode_id":"a"}`); res["observation"] == nil {
		t.Errorf("reset of a live id at the cap: %v", res)
	}
	// Busy with a, idle with b: other resets must not keep b alive.
	for range 6 {
		time.Sleep(500 * time.Millisecond)
		tr.http("POST", agent, "/step", `{"episode_id":"a","action":{"type":"list_tools"}}`)
		tr.http("POST", agent, "/reset", `{"episode_id":"a"}`)
	}
	res = tr.http("POST", agent, "/step", `{"episode_id":"b","action":{"type":"submit"}}`)
	if d, _ := res["detail"].(string); !strings.Contains(d, `no episode "b"`) {
		t.Errorf("idle episode not reaped: %v", res)
	}
	if res := tr.http("GET", agent, "/state?episode_id=a", ""); res["episode_id"] != "a" {
		t.Errorf("busy episode reaped: %v", res)
	}
}

// TestOpenEnvEpisodePath: the routes under /episodes/{id}/ take the
// episode from the path, so an OpenEnv client with base_url
// …/episodes/{id} works behind a proxy that hashes that path.
func TestOpenEnvEpisodePath(t *testing.T) {
	agent, _, _ := startOpenEnv(t)
	tr := &transcript{t: t}
	base := "/episodes/p-1"
	if res := tr.http("POST", agent, base+"/reset", `{}`); res["observation"].(map[string]any)["episode_id"] != "p-1" {
		t.Fatalf("reset under the path: %v", res)
	}
	for _, c := range miniSolution {
		b, _ := json.Marshal(map[string]any{"action": map[string]any{"type": "call_tool", "tool_name": c.tool, "arguments": c.args}})
		tr.http("POST", agent, base+"/step", string(b))
	}
	if st := tr.http("GET", agent, base+"/state", ""); st["tool_calls"] != 3.0 {
		t.Errorf("state under the path: %v", st)
	}
	res := tr.http("POST", agent, base+"/step", `{"episode_id":"p-2","action":{"type":"list_tools"}}`)
	if d, _ := res["detail"].(string); !strings.Contains(d, `differs from the episode "p-1" of the path`) {
		t.Errorf("mismatched ids: %v", res)
	}
	s := dialWS(t, agent+base, nil)
	if st := s.send(`{"type":"state"}`); st["data"].(map[string]any)["tool_calls"] != 3.0 {
		t.Errorf("state over /episodes/p-1/ws before any reset: %v", st)
	}
	if r := s.send(`{"type":"step","data":{"type":"submit"}}`); r["data"].(map[string]any)["reward"] != 1.0 {
		t.Errorf("submit over the episode's socket: %v", r)
	}
}

// TestOpenEnvSchemaDescribesMessages compiles the /schema answer and
// holds what the server sends, and what it accepts, to it: every
// observation of a played episode validates, the state validates, the
// actions the server takes validate and the ones it refuses do not.
func TestOpenEnvSchemaDescribesMessages(t *testing.T) {
	url := openEnvServer(t)
	tr := &transcript{t: t}
	schemas := tr.http("GET", url, "/schema", "")
	compile := func(name string) *jsonschema.Schema {
		b, _ := json.Marshal(schemas[name])
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		c := jsonschema.NewCompiler()
		if err := c.AddResource(name+".json", doc); err != nil {
			t.Fatal(err)
		}
		s, err := c.Compile(name + ".json")
		if err != nil {
			t.Fatalf("%s schema: %v", name, err)
		}
		return s
	}
	action, observation, state := compile("action"), compile("observation"), compile("state")
	valid := func(s *jsonschema.Schema, v any) error {
		b, _ := json.Marshal(v)
		inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		return s.Validate(inst)
	}
	steps := []string{
		`{"type":"list_tools"}`,
		`{"type":"call_tool","tool_name":"get_shipment","arguments":{"shipment_id":"SHP-00031"}}`,
		`{"type":"call_tool","tool_name":"get_shipment","arguments":{"shipment_id":"SHP-99999"}}`,
		`{"type":"call_tool","tool_name":"refund_everything","arguments":{}}`,
		`{"type":"submit"}`,
	}
	res := tr.http("POST", url, "/reset", `{"episode_id":"s-1","task_id":"close-out-delivered-shipment"}`)
	if err := valid(observation, res["observation"]); err != nil {
		t.Errorf("reset observation: %v", err)
	}
	for _, a := range steps {
		var av any
		json.Unmarshal([]byte(a), &av)
		// The unknown tool is a valid step (it gets a tool_not_found
		// observation) but not a valid action: tool_name is an enum.
		if err := valid(action, av); (err != nil) != strings.Contains(a, "refund_everything") {
			t.Errorf("action %s against the action schema: %v", a, err)
		}
		res := tr.http("POST", url, "/step", `{"episode_id":"s-1","action":`+a+`}`)
		if err := valid(observation, res["observation"]); err != nil {
			t.Errorf("observation of %s: %v", a, err)
		}
	}
	if err := valid(state, tr.http("GET", url, "/state?episode_id=s-1", "")); err != nil {
		t.Errorf("state: %v", err)
	}
	for _, bad := range []string{`{"type":"dance"}`, `{"type":"call_tool"}`, `{"type":"list_tools","colour":"red"}`} {
		var av any
		json.Unmarshal([]byte(bad), &av)
		if valid(action, av) == nil {
			t.Errorf("the action schema accepts %s, which /step refuses", bad)
		}
	}
	if err := valid(observation, map[string]any{"tools": []any{}, "secret": 1}); err == nil {
		t.Error("the observation schema accepts unknown fields")
	}
}

// TestOpenEnvRejectsRebinding: on a loopback listener, OpenEnv routes
// refuse a Host that is not loopback: they sit behind the agent port's
// guard, as the MCP endpoints do.
func TestOpenEnvRejectsRebinding(t *testing.T) {
	url, _, _ := startOpenEnv(t)
	for _, tc := range []struct {
		host string
		code int
	}{{"evil.example:80", 403}, {"localhost", 200}, {"127.0.0.1:1234", 200}, {"[::1]:80", 200}} {
		req, _ := http.NewRequest("POST", url+"/reset", strings.NewReader(`{}`))
		req.Host = tc.host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.code {
			t.Errorf("Host %s: %d, want %d", tc.host, resp.StatusCode, tc.code)
		}
	}
}
