package toolgen

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mercury/mcp-world/world"
)

// modernMeta is the _meta every 2026-07-28 request carries.
const modernMeta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"conformance","version":"0"},"io.modelcontextprotocol/clientCapabilities":{}}`

// serveTask serves the mini world's task invoice-delivered-order over HTTP
// until the test ends.
func serveTask(t *testing.T) (*httptest.Server, *world.Episodes) {
	t.Helper()
	w := mini(t)
	task, _ := w.Task("invoice-delivered-order")
	eps := world.NewEpisodes(w, world.RegistryOptions{Task: task})
	t.Cleanup(eps.CloseAll)
	srv := httptest.NewServer(NewHTTP(w, eps, HTTPOptions{Options: Options{Task: task, Version: "test"}}).Handler())
	t.Cleanup(srv.Close)
	return srv, eps
}

// exchange is one raw HTTP request of the conformance transcript.
type exchange struct {
	name    string
	method  string
	header  map[string]string
	body    string
	status  int    // wanted HTTP status
	errCode int    // wanted JSON-RPC error code, 0 for a result
	has     string // a substring the response body must hold
}

// modern is a well-formed 2026-07-28 POST.
func modern(name, rpcMethod, mcpName, params string, status int, errCode int, has string) exchange {
	h := map[string]string{"Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": rpcMethod}
	if mcpName != "" {
		h["Mcp-Name"] = mcpName
	}
	if params != "" {
		params += ","
	}
	return exchange{name: name, method: "POST", header: h,
		body:   fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":%q,"params":{%s%s}}`, rpcMethod, params, modernMeta),
		status: status, errCode: errCode, has: has}
}

// TestConformance2026 drives /episodes/{id}/mcp with raw 2026-07-28
// requests: server/discover, the Mcp-Method and Mcp-Name header checks
// (a mismatch is a 400 with the spec's HEADER_MISMATCH error), resultType
// on every result, 405 for GET and DELETE, and tools in a fixed order.
// The whole transcript is a golden file (go test -update rewrites it), so
// any change in what a stateless client sees shows in review.
func TestConformance2026(t *testing.T) {
	srv, eps := serveTask(t)
	url := srv.URL + "/episodes/conf-1/mcp"

	wrongMethod := modern("Mcp-Method not matching the body", "tools/call", "get_order", `"name":"get_order","arguments":{"order_id":"ORD-00001"}`, 400, mcp.HEADER_MISMATCH, "Mcp-Method")
	wrongMethod.header["Mcp-Method"] = "tools/list"
	noMethod := modern("Mcp-Method missing", "tools/list", "", "", 400, mcp.HEADER_MISMATCH, "Mcp-Method")
	delete(noMethod.header, "Mcp-Method")
	wrongName := modern("Mcp-Name not matching params.name", "tools/call", "send_invoice", `"name":"get_order","arguments":{"order_id":"ORD-00001"}`, 400, mcp.HEADER_MISMATCH, "Mcp-Name")
	noName := modern("Mcp-Name missing on tools/call", "tools/call", "", `"name":"get_order","arguments":{"order_id":"ORD-00001"}`, 400, mcp.HEADER_MISMATCH, "Mcp-Name")
	wrongVersion := modern("Mcp-Protocol-Version not matching _meta", "tools/list", "", "", 400, mcp.HEADER_MISMATCH, "does not match")
	wrongVersion.header["Mcp-Protocol-Version"] = "2025-11-25"
	wrongURI := modern("Mcp-Name not matching params.uri", "resources/read", "world://mini-bakery/company", `"uri":"world://mini-bakery/policies"`, 400, mcp.HEADER_MISMATCH, "Mcp-Name")

	script := []exchange{
		modern("server/discover", "server/discover", "", "", 200, 0, `"2026-07-28"`),
		modern("tools/list", "tools/list", "", "", 200, 0, `"resultType":"complete"`),
		modern("tools/call", "tools/call", "get_order", `"name":"get_order","arguments":{"order_id":"ORD-00002"}`, 200, 0, `"resultType":"complete"`),
		modern("resources/list", "resources/list", "", "", 200, 0, `"resultType":"complete"`),
		modern("resources/read", "resources/read", "world://mini-bakery/policies", `"uri":"world://mini-bakery/policies"`, 200, 0, `"resultType":"complete"`),
		modern("prompts/get", "prompts/get", "task", `"name":"task"`, 200, 0, `"resultType":"complete"`),
		wrongMethod, noMethod, wrongName, noName, wrongVersion, wrongURI,
		{name: "GET", method: "GET", header: map[string]string{"Mcp-Protocol-Version": "2026-07-28", "Accept": "text/event-stream"}, status: 405, has: "not supported"},
		{name: "DELETE", method: "DELETE", header: map[string]string{"Mcp-Protocol-Version": "2026-07-28"}, status: 405, has: "not supported"},
	}
	var transcript bytes.Buffer
	for _, x := range script {
		req, _ := http.NewRequest(x.method, url, strings.NewReader(x.body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		for k, v := range x.header {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != x.status || !bytes.Contains(body, []byte(x.has)) {
			t.Errorf("%s: %d %s, want %d and %q", x.name, resp.StatusCode, body, x.status, x.has)
		}
		if x.errCode != 0 || (x.method == "POST" && x.status == 200) {
			var msg struct {
				Result json.RawMessage `json:"result"`
				Error  *struct {
					Code int `json:"code"`
				} `json:"error"`
			}
			got := 0
			if err := json.Unmarshal(body, &msg); err != nil {
				t.Errorf("%s: not JSON: %s", x.name, body)
			} else if msg.Error != nil {
				got = msg.Error.Code
			}
			if got != x.errCode {
				t.Errorf("%s: JSON-RPC error code %d, want %d (0: a result)", x.name, got, x.errCode)
			}
		}
		if resp.Header.Get("Mcp-Session-Id") != "" {
			t.Errorf("%s: a stateless answer carries Mcp-Session-Id", x.name)
		}
		fmt.Fprintf(&transcript, "### %s\n> %s", x.name, x.method)
		for _, k := range slices.Sorted(maps.Keys(x.header)) {
			fmt.Fprintf(&transcript, " %s: %s;", k, x.header[k])
		}
		if x.body != "" {
			fmt.Fprintf(&transcript, "\n> %s", x.body)
		}
		fmt.Fprintf(&transcript, "\n< %d %s\n", resp.StatusCode, resp.Header.Get("Content-Type"))
		var pretty bytes.Buffer
		if json.Indent(&pretty, bytes.TrimSpace(body), "", "  ") == nil {
			body = pretty.Bytes()
		}
		fmt.Fprintf(&transcript, "%s\n\n", bytes.TrimSpace(body))
	}
	golden(t, "testdata/conformance-2026.txt", transcript.Bytes())
	if eps.Len() != 1 {
		t.Errorf("%d episodes after the transcript, want 1 (conf-1)", eps.Len())
	}
}

// TestBothGenerationsOneEpisode: the mcp-go client, stateless (2026-07-28,
// found by server/discover) and pinned to 2025-11-25, sees the same tools
// in the same order on one episode URL, and the same state.
func TestBothGenerationsOneEpisode(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	srv, _ := serveTask(t)
	url := srv.URL + "/episodes/both/mcp"
	w := mini(t)

	stateless := httpClient(t, ctx, url, false)
	d, err := stateless.Discover(ctx, mcp.DiscoverRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(d.SupportedVersions, "2026-07-28") || !slices.Contains(d.SupportedVersions, "2025-11-25") {
		t.Errorf("discover: versions %v, want both generations", d.SupportedVersions)
	}
	session := httpClient(t, ctx, url, true)

	names := func(c interface {
		ListTools(context.Context, mcp.ListToolsRequest) (*mcp.ListToolsResult, error)
	}) ([]string, mcp.ResultType) {
		res, err := c.ListTools(ctx, mcp.ListToolsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, tool := range res.Tools {
			out = append(out, tool.Name)
		}
		return out, res.ResultType
	}
	a, rtA := names(stateless)
	b, _ := names(session)
	if !slices.Equal(a, b) || !slices.IsSorted(a) || len(a) != len(w.Tools()) {
		t.Errorf("tools: stateless %v, session-ful %v; want the same, sorted by name", a, b)
	}
	if rtA != mcp.ResultTypeComplete {
		t.Errorf("stateless tools/list resultType %q", rtA)
	}
	for range 3 { // the order is fixed, not the map's
		if again, _ := names(stateless); !slices.Equal(again, a) {
			t.Fatalf("tools/list order changed: %v then %v", a, again)
		}
	}
	if res := call(t, ctx, stateless, "update_order_status", map[string]any{"order_id": "ORD-00002", "status": "delivered"}); res.IsError {
		t.Fatal(text(res))
	}
	if got := orderStatus(t, ctx, session); got != "delivered" {
		t.Errorf("the session-ful client on the same URL sees %s, want delivered", got)
	}
}
