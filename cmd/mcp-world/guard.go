package main

import (
	"bytes"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"sync/atomic"
	"time"
)

// guard is the middleware in front of everything serve --http answers,
// on the agent port and on the control port. In order, it:
//
//  1. on a loopback listener, refuses a Host that is neither a loopback
//     name nor one of hosts (403): a rebound DNS name must not reach it;
//  2. refuses a request whose Origin header is present and not allowed
//     (403): a browser page must not drive a local server (DNS rebinding);
//     pages of allowed origins get CORS headers, and their preflights are
//     answered here, without a token;
//  3. checks the bearer token, when one is set (401 with WWW-Authenticate);
//  4. bounds the work in progress: at most maxRequests requests and
//     maxStreams long-lived streams at once (503 beyond);
//  5. reads the request body, up to maxBody bytes (413 beyond) and within
//     bodyTimeout (408 beyond), so the handler never waits on a client.
//
// Every refusal carries a body from reject: a JSON-RPC error on the agent
// port (what MCP clients read), {"error": …} on the control port. The
// connection-level bounds (header and idle timeouts, connection count) are
// the listener's: see [httpServer] and [limitListen].
//
// To serve another handler on the agent port behind the same checks, mount
// it on the agent mux through the same guard:
//
//	mux.Handle("/openenv/", agentGuard.wrap(h))
//
// Only /healthz and /readyz are mounted outside it.
type guard struct {
	// token is the SHA-256 of the bearer token; nil means no auth.
	token []byte
	// realm names the port in WWW-Authenticate.
	realm string
	// origins are the allowed Origin values (scheme://host[:port]).
	origins []string
	// hosts are Host names accepted on a loopback listener besides the
	// loopback ones (a proxy in front that keeps the public name).
	hosts []string

	maxBody     int64
	bodyTimeout time.Duration
	maxRequests int64
	maxStreams  int64

	reject func(w http.ResponseWriter, status int, msg string)
	log    *slog.Logger

	requests atomic.Int64 // in flight, streams not counted
	streams  atomic.Int64
}

// limits are the resource bounds of one listener.
type limits struct {
	maxBody       int64         // bytes of a request body
	bodyTimeout   time.Duration // to receive a request body
	maxRequests   int           // requests in flight at once
	maxStreams    int           // open streams at once (listening GETs, subscriptions)
	headerTimeout time.Duration // to receive the request headers
	idleTimeout   time.Duration // a keep-alive connection between requests
	maxConns      int           // open connections at once
}

// defaultLimits: maxRequests is sized for a harness's usual shape, 100
// sessions with 4 calls in flight each (400), with room to spare; it still
// bounds what a flood holds at once (goroutines, and bodies: at most
// maxRequests × maxBody, 1 GiB, where a tool call's body is well under 1 KiB).
var defaultLimits = limits{
	maxBody:       1 << 20,
	bodyTimeout:   30 * time.Second,
	maxRequests:   1024,
	maxStreams:    1000,
	headerTimeout: 10 * time.Second,
	idleTimeout:   2 * time.Minute,
	maxConns:      4096,
}

// newGuard makes a guard; token "" turns auth off.
func newGuard(realm, token string, sec httpSecurity, l limits, reject func(http.ResponseWriter, int, string), log *slog.Logger) *guard {
	g := &guard{
		realm: realm, origins: sec.origins, hosts: sec.hosts, reject: reject, log: log,
		maxBody: l.maxBody, bodyTimeout: l.bodyTimeout,
		maxRequests: int64(l.maxRequests), maxStreams: int64(l.maxStreams),
	}
	if token != "" {
		sum := sha256.Sum256([]byte(token))
		g.token = sum[:]
	}
	return g
}

// httpServer is the http.Server of every listener: headers and bodies must
// arrive in bounded time and idle connections close. There is no write
// timeout: listening streams stay open by design (they are bounded by
// count instead, in guard).
func httpServer(h http.Handler, l limits, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: l.headerTimeout,
		IdleTimeout:       l.idleTimeout,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelDebug),
	}
}

// wrap puts h behind the guard.
func (g *guard) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !g.hostAllowed(r) {
			g.refuse(w, r, http.StatusForbidden, fmt.Sprintf("host %q is not served on this loopback address (a proxy in front may name it with --allow-host)", r.Host))
			return
		}
		if o := r.Header.Get("Origin"); o != "" {
			if !slices.Contains(g.origins, o) {
				g.refuse(w, r, http.StatusForbidden, fmt.Sprintf("origin %q is not allowed (allow it with --allow-origin)", o))
				return
			}
			if allowCORS(w, r, o) {
				return // a preflight, answered
			}
		}
		if !g.authorized(w, r) {
			return
		}
		stream := isStream(r)
		counter, limit, what := &g.requests, g.maxRequests, "requests in progress"
		if stream {
			counter, limit, what = &g.streams, g.maxStreams, "open streams"
		}
		if n := counter.Add(1); n > limit {
			counter.Add(-1)
			w.Header().Set("Retry-After", "1")
			g.refuse(w, r, http.StatusServiceUnavailable, fmt.Sprintf("server busy: %d %s, the most it takes; retry later", limit, what))
			return
		}
		defer counter.Add(-1)
		if !g.readBody(w, r) {
			return
		}
		h.ServeHTTP(w, r)
	})
}

// hostAllowed is the DNS-rebinding check: a request that reached a
// loopback address must name a loopback host, or an allowed one.
func (g *guard) hostAllowed(r *http.Request) bool {
	local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok || !isLoopbackName(local.String()) {
		return true
	}
	host, _, err := net.SplitHostPort(r.Host)
	if err != nil {
		host = r.Host
	}
	host = strings.Trim(host, "[]")
	return isLoopbackName(host) || slices.ContainsFunc(g.hosts, func(h string) bool { return strings.EqualFold(h, host) })
}

// isLoopbackName reports whether a host or host:port is "localhost" or a
// loopback address.
func isLoopbackName(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = strings.Trim(addr, "[]")
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Unmap().IsLoopback()
}

// allowCORS lets a browser page of an allowed origin read the answers:
// it sets the CORS headers and answers a preflight (which carries no
// token) itself, returning true then.
func allowCORS(w http.ResponseWriter, r *http.Request, origin string) bool {
	h := w.Header()
	h.Add("Vary", "Origin")
	h.Set("Access-Control-Allow-Origin", origin)
	h.Set("Access-Control-Expose-Headers", "Mcp-Session-Id, WWW-Authenticate, Retry-After")
	if r.Method != http.MethodOptions || r.Header.Get("Access-Control-Request-Method") == "" {
		return false
	}
	h.Set("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS")
	h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, Accept, Last-Event-ID, Mcp-Session-Id, Mcp-Protocol-Version, Mcp-Method, Mcp-Name")
	h.Set("Access-Control-Max-Age", "600")
	w.WriteHeader(http.StatusNoContent)
	return true
}

// refuse answers a request the guard turns away, and logs it at debug: a
// flood of refusals must not flood the log.
func (g *guard) refuse(w http.ResponseWriter, r *http.Request, status int, msg string) {
	g.log.Debug("refused", "port", g.realm, "status", status, "method", r.Method, "path", r.URL.Path, "remote", r.RemoteAddr, "why", msg)
	g.reject(w, status, msg)
}

// isStream reports whether a request may open a long-lived stream: any GET
// (the 2025-11-25 listening stream; whatever its Accept header says, it
// must not hold one of the slots of ordinary requests) or a 2026-07-28
// subscriptions/listen, whose Mcp-Method header mcp-go checks against the
// body.
func isStream(r *http.Request) bool {
	return r.Method == http.MethodGet ||
		r.Method == http.MethodPost && r.Header.Get("Mcp-Method") == "subscriptions/listen"
}

func (g *guard) authorized(w http.ResponseWriter, r *http.Request) bool {
	if g.token == nil {
		return true
	}
	if r.URL.Query().Has("access_token") {
		// A token in a URL ends up in logs and browser history.
		g.refuse(w, r, http.StatusBadRequest, "send the token in the Authorization header (Bearer), never in the URL")
		return false
	}
	got, ok := bearer(r.Header.Get("Authorization"))
	if ok {
		sum := sha256.Sum256([]byte(strings.TrimSpace(got)))
		if subtle.ConstantTimeCompare(sum[:], g.token) == 1 {
			return true
		}
	}
	challenge := fmt.Sprintf("Bearer realm=%q", g.realm)
	msg := "this port needs a bearer token: send Authorization: Bearer <token>"
	if ok {
		challenge += `, error="invalid_token"`
		msg = "the bearer token is not valid for this port"
	}
	w.Header().Set("WWW-Authenticate", challenge)
	g.refuse(w, r, http.StatusUnauthorized, msg)
	return false
}

// bearer returns the token of an Authorization header of the Bearer
// scheme, whose name is case-insensitive (RFC 7235).
func bearer(h string) (string, bool) {
	const scheme = "bearer "
	if len(h) < len(scheme) || !strings.EqualFold(h[:len(scheme)], scheme) {
		return "", false
	}
	return h[len(scheme):], true
}

// readBody reads the whole body into memory within the limits and puts it
// back for the handler.
func (g *guard) readBody(w http.ResponseWriter, r *http.Request) bool {
	if r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0 {
		return true // no body (a chunked one has ContentLength -1)
	}
	tooLarge := fmt.Sprintf("request body over %d bytes, the most this server reads", g.maxBody)
	if r.ContentLength > g.maxBody {
		w.Header().Set("Connection", "close")
		g.refuse(w, r, http.StatusRequestEntityTooLarge, tooLarge)
		return false
	}
	rc := http.NewResponseController(w)
	if err := rc.SetReadDeadline(time.Now().Add(g.bodyTimeout)); err != nil {
		g.log.Debug("set body deadline", "err", err)
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, g.maxBody))
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		g.refuse(w, r, http.StatusRequestEntityTooLarge, tooLarge)
		return false
	case err != nil:
		w.Header().Set("Connection", "close")
		g.refuse(w, r, http.StatusRequestTimeout, fmt.Sprintf("request body not received in %s: %v", g.bodyTimeout, err))
		return false
	}
	// Streams and slow handlers must not inherit the body deadline.
	_ = rc.SetReadDeadline(time.Time{})
	r.Body = io.NopCloser(bytes.NewReader(body))
	r.ContentLength = int64(len(body))
	return true
}
