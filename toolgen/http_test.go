package toolgen

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mercury/mcp-world/world"
)

// TestSessionCap: beyond MaxSessions live sessions an initialize gets 503
// with a JSON-RPC error; ending a session frees its place, and requests of
// open sessions and stateless ones still work at the cap.
func TestSessionCap(t *testing.T) {
	w := mini(t)
	eps := world.NewEpisodes(w, world.RegistryOptions{})
	defer eps.CloseAll()
	srv := httptest.NewServer(NewHTTP(w, eps, HTTPOptions{MaxSessions: 2}).Handler())
	defer srv.Close()
	post := func(url, sid, body string) (*http.Response, string) {
		req, _ := http.NewRequest("POST", url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if sid != "" {
			req.Header.Set("Mcp-Session-Id", sid)
			req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp, string(b)
	}
	const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`
	var sids []string
	for _, url := range []string{srv.URL + "/mcp", srv.URL + "/episodes/e1/mcp"} {
		resp, body := post(url, "", initBody)
		if resp.StatusCode != 200 {
			t.Fatalf("initialize under the cap: %s %s", resp.Status, body)
		}
		sids = append(sids, resp.Header.Get("Mcp-Session-Id"))
	}
	resp, body := post(srv.URL+"/mcp", "", initBody)
	if resp.StatusCode != 503 || !strings.Contains(body, `"code":-32603`) || !strings.Contains(body, "2 MCP sessions") {
		t.Errorf("initialize over the cap: %s %s", resp.Status, body)
	}
	if resp, body := post(srv.URL+"/mcp", sids[0], `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`); resp.StatusCode != 200 || !strings.Contains(body, "get_order") {
		t.Errorf("an open session at the cap: %s %s", resp.Status, body)
	}
	del, _ := http.NewRequest("DELETE", srv.URL+"/mcp", nil)
	del.Header.Set("Mcp-Session-Id", sids[0])
	if resp, err := http.DefaultClient.Do(del); err != nil || resp.StatusCode != 200 {
		t.Fatalf("DELETE session: %v %v", err, resp.Status)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		resp, body := post(srv.URL+"/mcp", "", initBody)
		if resp.StatusCode == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("initialize after a session ended: %s %s", resp.Status, body)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
