package main

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzGuard: whatever the Authorization, Origin and Host headers and the
// body, a request reaches the handler exactly when the token is right, the
// Origin is absent or allowed, the Host is loopback or allowed and the body
// fits; every refusal has a status that says which.
func FuzzGuard(f *testing.F) {
	const token = "fuzz-token-0123456789abcdef"
	f.Add("Bearer "+token, "", "127.0.0.1:8080", "{}")
	f.Add("Bearer "+token+" ", "http://ok.example", "localhost", "{}")
	f.Add("bearer "+token, "", "127.0.0.1", "")
	f.Add("Bearer "+token, "http://evil.example", "mcp.example.com", "{}")
	f.Add("Basic abc", "null", "evil.example", strings.Repeat("x", 100))
	f.Add("Bearer "+token, "", "[::1]:1", "")
	f.Add("Bearer "+token, "", "[::ffff:127.0.0.1]:1", "")
	f.Add("Bearer "+token, "", "[::1%25lo]:1", "")
	l := defaultLimits
	l.maxBody = 64
	g := newGuard("fuzz", token, httpSecurity{origins: []string{"http://ok.example"}, hosts: []string{"mcp.example.com"}}, l, rejectJSONRPC, slog.New(slog.DiscardHandler))
	loopback := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}
	f.Fuzz(func(t *testing.T, auth, origin, host, body string) {
		reached := false
		h := g.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { reached = true }))
		req := httptest.NewRequest("POST", "/mcp", strings.NewReader(body))
		req = req.WithContext(context.WithValue(req.Context(), http.LocalAddrContextKey, net.Addr(loopback)))
		req.Host = host
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)

		name := req.Host
		if h, _, err := net.SplitHostPort(name); err == nil {
			name = h
		}
		name = strings.ToLower(strings.Trim(name, "[]"))
		addr := name
		if i := strings.IndexByte(addr, '%'); i > 0 {
			addr = addr[:i] // an IPv6 zone
		}
		ip := net.ParseIP(addr)
		hostOK := name == "localhost" || name == "mcp.example.com" || ip != nil && ip.IsLoopback()
		originOK := req.Header.Get("Origin") == "" || req.Header.Get("Origin") == "http://ok.example"
		a := req.Header.Get("Authorization")
		tokenOK := len(a) > 7 && strings.ToLower(a[:7]) == "bearer " && strings.TrimSpace(a[7:]) == token
		bodyOK := len(body) <= 64
		want := hostOK && originOK && tokenOK && bodyOK
		if reached != want {
			t.Fatalf("reached %v, want %v (host %v origin %v token %v body %v): %d %s", reached, want, hostOK, originOK, tokenOK, bodyOK, rec.Code, rec.Body)
		}
		wantCode := http.StatusOK
		switch {
		case !hostOK, !originOK:
			wantCode = http.StatusForbidden
		case !tokenOK:
			wantCode = http.StatusUnauthorized
		case !bodyOK:
			wantCode = http.StatusRequestEntityTooLarge
		}
		if rec.Code != wantCode {
			t.Fatalf("status %d, want %d: %s", rec.Code, wantCode, rec.Body)
		}
	})
}
