package toolgen

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A plain tools/call on an MCP session (2025-11-25 and earlier) is served
// here, as [ServeStdio] serves one, rather than by mcp-go's streamable
// HTTP server: for a search, mcp-go's decoding of the body (three times)
// and encoding of the result (its text escaped, its structured content
// compacted, the whole walked again by encoding/json) were a third of the
// server's CPU per call. Everything else goes to mcp-go: initialize, every
// other method, notifications, a call with _meta or a task, a stateless
// (2026-07-28) request, an unknown or ended session, a request mcp-go
// would refuse, and every request when [HTTPOptions] passes ServerOptions
// (they may add hooks or middleware mcp-go would run). The answer is the
// one mcp-go gives, as a plain JSON body (mcp-go upgrades a POST to an
// event stream only to send notifications first, and a tool call here
// sends none).
//
// mcp-go reaps a session that it has not seen for its idle TTL, and only
// it can mark a session active. So a session's call goes to mcp-go when
// mcp-go has not seen the session for touchEvery, and mcp-go's TTL is the
// session idle time plus touchEvery: a session still ends after at least
// the idle time without requests.

// touchShare: a session's call goes through mcp-go again once mcp-go has
// not seen the session for 1/touchShare of the idle time.
const touchShare = 4

// seenBy records that mcp-go is handed r, if r names a live session of e
// and passes the checks mcp-go makes before it marks the session active
// (a POST's content type and protocol version).
func (h *HTTP) seenBy(e endpoint, r *http.Request) {
	sid := r.Header.Get(server.HeaderKeySessionID)
	if sid == "" {
		return
	}
	if r.Method == http.MethodPost {
		mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if v := r.Header.Get(mcp.HeaderProtocolVersion); err != nil || mt != "application/json" || v != "" && !mcp.IsValidProtocolVersion(v) {
			return
		}
	}
	if terminated, err := e.sessions.Validate(sid); err == nil && !terminated {
		h.seen(sid)
	}
}

// seen records that mcp-go was handed a request of the live session sid.
func (h *HTTP) seen(sid string) {
	if sid == "" {
		return
	}
	now := time.Now().UnixNano()
	if v, ok := h.lastSeen.Load(sid); ok {
		v.(*atomic.Int64).Store(now)
		return
	}
	v := new(atomic.Int64)
	v.Store(now)
	h.lastSeen.Store(sid, v)
}

// callDirect answers r if it is a plain tools/call on a live session of e,
// and reports whether it did. Otherwise r is left as it was (its body
// readable again) for mcp-go.
func (h *HTTP) callDirect(e endpoint, w http.ResponseWriter, r *http.Request) bool {
	if !h.direct {
		return false
	}
	sid := r.Header.Get(server.HeaderKeySessionID)
	version := r.Header.Get(mcp.HeaderProtocolVersion)
	if sid == "" || !mcp.IsValidProtocolVersion(version) || mcp.IsModernProtocol(version) {
		return false
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		return false
	}
	last, ok := h.lastSeen.Load(sid)
	if !ok || time.Since(time.Unix(0, last.(*atomic.Int64).Load())) >= h.touchEvery {
		return false
	}
	if terminated, err := e.sessions.Validate(sid); err != nil || terminated {
		return false
	}
	body, err := readBody(r)
	r.Body = io.NopCloser(bytes.NewReader(body))
	if err != nil {
		return false
	}
	head, ok := parseHead(body)
	if !ok || !validID(head.ID) {
		return false
	}
	call := plainToolCall(head.JSONRPC, head.Method, head.Params)
	if call == nil {
		return false
	}
	// The context mcp-go's context functions would give the handler.
	ctx := r.Context()
	if e.plain {
		ctx = context.WithValue(context.WithValue(ctx, plainKey, true), sessionIDKey, sid)
	} else {
		ctx = context.WithValue(ctx, episodeKey, r.PathValue("id"))
	}
	b, ok := callDirect(ctx, h.mcp, head.ID, call, h.log)
	if !ok {
		return false
	}
	h.directCalls.Add(1)
	// With its length the answer goes out in one piece rather than
	// chunked (net/http chunks a body past 2 KiB, as most search pages
	// are), which the client must then reassemble.
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(http.StatusOK)
	if _, err := w.Write(b); err != nil {
		h.log.Debug("http: write response", "err", err)
	}
	return true
}

// readBody reads r's body into a buffer of its declared length, when it
// declares one (a tool call's is), instead of growing one as it reads.
func readBody(r *http.Request) ([]byte, error) {
	if n := r.ContentLength; n > 0 && n <= 1<<20 {
		b := make([]byte, n)
		if _, err := io.ReadFull(r.Body, b); err != nil {
			return b, err
		}
		return b, nil
	}
	return io.ReadAll(r.Body)
}

// validID reports whether a raw JSON-RPC id is a string or a number, as
// a request's id must be.
func validID(id json.RawMessage) bool {
	if len(id) == 0 {
		return false
	}
	switch c := id[0]; {
	case c == '"':
		return true
	case c == '-' || c >= '0' && c <= '9':
		return true
	}
	return false
}
