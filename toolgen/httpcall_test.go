package toolgen

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mercury/mcp-world/world"
)

// httpSession is one 2025-11-25 MCP session on url, over plain POSTs.
type httpSession struct {
	t   *testing.T
	url string
	sid string
	id  int
	// length is the last answer's Content-Length (-1 when chunked).
	length int64
}

func newHTTPSession(t *testing.T, url string) *httpSession {
	s := &httpSession{t: t, url: url}
	status, _ := s.post(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`)
	if status != 200 || s.sid == "" {
		t.Fatalf("initialize: %d, session %q", status, s.sid)
	}
	if status, body := s.post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`); status != 202 {
		t.Fatalf("initialized: %d %s", status, body)
	}
	return s
}

func (s *httpSession) post(body string) (int, string) {
	s.t.Helper()
	req, _ := http.NewRequest("POST", s.url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if s.sid != "" {
		req.Header.Set("Mcp-Session-Id", s.sid)
		req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	s.length = resp.ContentLength
	if sid := resp.Header.Get("Mcp-Session-Id"); sid != "" {
		s.sid = sid
	}
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode == 200 && ct != "application/json" {
		s.t.Errorf("Content-Type %q, want application/json", ct)
	}
	return resp.StatusCode, string(b)
}

func (s *httpSession) call(tool, args string) (int, string) {
	s.id++
	return s.post(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, s.id, tool, args))
}

func decoded(t *testing.T, body string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatalf("not JSON: %v: %s", err, body)
	}
	return v
}

// TestHTTPCallDirect: a plain tools/call on a session is answered without
// mcp-go, with what mcp-go answers; a write runs once; what callDirect
// does not serve (an unknown tool, _meta, a bad session) mcp-go answers.
func TestHTTPCallDirect(t *testing.T) {
	w := mini(t)
	eps := world.NewEpisodes(w, world.RegistryOptions{})
	defer eps.CloseAll()
	h := NewHTTP(w, eps, HTTPOptions{})
	srv := httptest.NewServer(h.Handler())
	defer srv.Close()
	for _, path := range []string{"/mcp", "/episodes/direct-1/mcp"} {
		t.Run(path, func(t *testing.T) {
			s := newHTTPSession(t, srv.URL+path)
			calls := []struct{ tool, args string }{
				{"search_customers", `{"query":"caf"}`},
				{"get_order", `{"order_id":"ORD-00001"}`},
				{"get_order", `{"order_id":"ORD-99999"}`}, // a tool error
				{"get_order", `{"order":"ORD-00001"}`},    // bad arguments
				{"no_such_tool", `{}`},
			}
			for _, c := range calls {
				// A call of a session mcp-go has not seen for a while
				// goes through mcp-go; the next one is direct.
				h.lastSeen.Delete(s.sid)
				before := h.directCalls.Load()
				s1, first := s.call(c.tool, c.args)
				mid := h.directCalls.Load()
				s2, second := s.call(c.tool, c.args)
				after := h.directCalls.Load()
				if s1 != 200 || s2 != 200 {
					t.Fatalf("%s: status %d, %d: %s %s", c.tool, s1, s2, first, second)
				}
				wantDirect := int64(1)
				if c.tool == "no_such_tool" {
					wantDirect = 0
				}
				if after > mid && s.length != int64(len(second)) {
					t.Errorf("%s: a direct answer of %d bytes has Content-Length %d", c.tool, len(second), s.length)
				}
				if mid != before {
					t.Errorf("%s: a call of a session mcp-go had not seen was direct", c.tool)
				}
				if after-mid != wantDirect {
					t.Errorf("%s: %d direct calls, want %d", c.tool, after-mid, wantDirect)
				}
				// The answers differ only in their request ids.
				a, b := decoded(t, first).(map[string]any), decoded(t, second).(map[string]any)
				delete(a, "id")
				delete(b, "id")
				if d := cmp.Diff(a, b); d != "" {
					t.Errorf("%s: (-mcp-go +direct):\n%s", c.tool, d)
				}
			}
			// A write runs once.
			before := h.directCalls.Load()
			if st, body := s.call("create_invoice", `{"order_ref":"ORD-00001","customer_email":"einkauf@kranzler.example","amount_cents":100}`); st != 200 || strings.Contains(body, `"isError":true`) {
				t.Fatalf("create_invoice: %d %s", st, body)
			}
			if h.directCalls.Load() != before+1 {
				t.Error("the write was not direct")
			}
			id := "direct-1"
			if path == "/mcp" {
				id = sessionPrefix + s.sid
			}
			ep, err := eps.Open(t.Context(), id)
			if err != nil {
				t.Fatal(err)
			}
			var n int
			if err := ep.Read(t.Context(), func(r world.Querier) error {
				return r.QueryRowContext(t.Context(), "SELECT count(*) FROM billing_invoices WHERE amount_cents = 100").Scan(&n)
			}); err != nil || n != 1 {
				t.Errorf("invoices written: %d (%v), want 1", n, err)
			}
			// Not plain: mcp-go answers.
			before = h.directCalls.Load()
			if st, body := s.post(`{"jsonrpc":"2.0","id":99,"method":"tools/call","params":{"name":"get_order","arguments":{"order_id":"ORD-00001"},"_meta":{"progressToken":1}}}`); st != 200 || !strings.Contains(body, "ORD-00001") {
				t.Errorf("call with _meta: %d %s", st, body)
			}
			bad := &httpSession{t: t, url: s.url, sid: "no-such-session"}
			if st, _ := bad.call("get_order", `{"order_id":"ORD-00001"}`); st != 404 {
				t.Errorf("unknown session: %d, want 404", st)
			}
			if h.directCalls.Load() != before {
				t.Error("a request that is not a plain call on a live session was direct")
			}
		})
	}
}

// TestHTTPCallDirectKeepsSessions: a session busy with direct calls only
// is not reaped as idle (mcp-go sees it every touchEvery), and an idle
// one still is.
func TestHTTPCallDirectKeepsSessions(t *testing.T) {
	w := mini(t)
	eps := world.NewEpisodes(w, world.RegistryOptions{})
	defer eps.CloseAll()
	const idle = 200 * time.Millisecond
	h := NewHTTP(w, eps, HTTPOptions{SessionIdle: idle})
	srv := httptest.NewServer(h.Handler())
	defer srv.Close()
	s := newHTTPSession(t, srv.URL+"/mcp")
	before := h.directCalls.Load()
	n := 0
	for start := time.Now(); time.Since(start) < 10*idle; n++ { // past a sweep (every second)
		if st, body := s.call("get_order", `{"order_id":"ORD-00001"}`); st != 200 || !strings.Contains(body, "ORD-00001") {
			t.Fatalf("busy session, after %v: %d %s", time.Since(start), st, body)
		}
		time.Sleep(idle / 20)
	}
	if direct := h.directCalls.Load() - before; direct < int64(n/2) {
		t.Errorf("%d of %d calls direct", direct, n)
	}
	// mcp-go's TTL is idle + idle/4, swept every second.
	time.Sleep(idle + idle/4 + 1100*time.Millisecond)
	if st, body := s.call("get_order", `{"order_id":"ORD-00001"}`); st != 404 {
		t.Fatalf("idle session: %d %s, want 404", st, body)
	}
	if _, ok := h.lastSeen.Load(s.sid); ok {
		t.Error("a reaped session is still in lastSeen")
	}
}

// TestHTTPCallDirectLength: a direct answer past net/http's 2 KiB
// chunking buffer (a page of the anchor CRM's contacts) carries its
// Content-Length instead of coming chunked.
func TestHTTPCallDirectLength(t *testing.T) {
	data, err := os.ReadFile("../world/testdata/crm-anchor.json")
	if err != nil {
		t.Fatal(err)
	}
	var b map[string]any
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	var rows []any
	for i := range 30 {
		rows = append(rows, map[string]any{"id": fmt.Sprintf("c_%04d", i+1), "name": fmt.Sprintf("Ana Contact %d", i+1),
			"email": fmt.Sprintf("ana.contact%d@example.com", i+1), "company": "Anchor Co", "created_at": "2026-01-01T00:00:00.000Z"})
	}
	b["tables"].([]any)[0].(map[string]any)["rows"] = rows
	if data, err = json.Marshal(b); err != nil {
		t.Fatal(err)
	}
	w, err := world.Compile(data)
	if err != nil {
		t.Fatal(err)
	}
	eps := world.NewEpisodes(w, world.RegistryOptions{})
	defer eps.CloseAll()
	h := NewHTTP(w, eps, HTTPOptions{})
	srv := httptest.NewServer(h.Handler())
	defer srv.Close()
	s := newHTTPSession(t, srv.URL+"/mcp")
	before := h.directCalls.Load()
	status, body := s.call("crm_search_contacts", `{"query":"an"}`)
	if status != 200 || h.directCalls.Load() != before+1 || len(body) <= 2048 {
		t.Fatalf("status %d, %d direct calls, %d bytes: want one direct answer past 2 KiB: %s", status, h.directCalls.Load()-before, len(body), body)
	}
	if s.length != int64(len(body)) {
		t.Errorf("Content-Length %d for %d bytes (-1: chunked)", s.length, len(body))
	}
}
