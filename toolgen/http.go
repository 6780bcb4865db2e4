package toolgen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mercury/mcp-world/world"
)

// sessionPrefix marks registry ids owned by a plain-/mcp session. The colon
// cannot occur in an episode id from a URL, so the two never collide.
const sessionPrefix = "session:"

type ctxKey int

const (
	episodeKey   ctxKey = iota // the episode id from /episodes/{id}/mcp
	plainKey                   // set on requests to the plain /mcp endpoint
	sessionIDKey               // the MCP session of a call served by callDirect
)

// HTTP serves a world's MCP server over streamable HTTP, for both protocol
// generations:
//
//   - /episodes/{id}/mcp addresses one episode by URL. It is created on
//     first use with the id the harness picked and reaped when idle. Both
//     the stateless 2026-07-28 protocol and session-ful 2025-11-25 clients
//     work here; all sessions on one URL share the episode.
//   - /mcp gives every session-ful (2025-11-25) client a fresh episode for
//     its MCP session, closed when the session ends or idles out. A
//     stateless request there is answered with an error naming the episode
//     URLs, since it has no session to hold its state.
//
// A GET (the 2025-11-25 listening stream) must name a live session this
// endpoint issued, and each session holds at most one such stream: mcp-go
// alone would open a stream, and a session, for any GET.
type HTTP struct {
	episodes *Episodes
	byURL    endpoint
	plain    endpoint
	log      *slog.Logger
	// listening holds the ids of sessions with an open GET stream.
	listening sync.Map
	// liveSessions counts registered MCP sessions, up to maxSessions.
	liveSessions atomic.Int64
	maxSessions  int64
	// mcp serves plain tool calls (callDirect); lastSeen holds, for each
	// live session, when mcp-go last saw it (unix nanoseconds, an
	// *atomic.Int64), and touchEvery how often it must (httpcall.go).
	mcp         *server.MCPServer
	lastSeen    sync.Map
	touchEvery  time.Duration
	direct      bool         // no ServerOptions: nothing of mcp-go's to skip
	directCalls atomic.Int64 // calls callDirect served
}

// endpoint is one streamable HTTP server with the session manager whose
// ids it issues, so GETs can be checked against it.
type endpoint struct {
	srv      *server.StreamableHTTPServer
	sessions *server.InsecureStatefulSessionIdManager
	plain    bool // the /mcp endpoint
}

// Episodes is the registry the HTTP server creates episodes in.
type Episodes = world.Episodes

// HTTPOptions configures [NewHTTP].
type HTTPOptions struct {
	Options
	// SessionIdle is how long an idle MCP session lives; also used for
	// episodes of plain-/mcp sessions. 0 means 30 minutes.
	SessionIdle time.Duration
	// MaxSessions bounds the live 2025-11-25 sessions (on both endpoints);
	// an initialize beyond it is answered 503. 0 means 10,000.
	MaxSessions int
	// AllowRemoteHosts turns off the DNS-rebinding guard that rejects
	// non-loopback Host headers on a loopback listener.
	AllowRemoteHosts bool
}

// NewHTTP builds the HTTP handler of a world. Episodes are made in eps.
func NewHTTP(w *world.World, eps *world.Episodes, opts HTTPOptions) *HTTP {
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if opts.SessionIdle <= 0 {
		opts.SessionIdle = 30 * time.Minute
	}
	h := &HTTP{episodes: eps, log: log, touchEvery: opts.SessionIdle / touchShare, direct: len(opts.ServerOptions) == 0}
	if opts.MaxSessions <= 0 {
		opts.MaxSessions = 10_000
	}
	h.maxSessions = int64(opts.MaxSessions)
	hooks := &server.Hooks{}
	hooks.AddOnRegisterSession(func(ctx context.Context, s server.ClientSession) {
		h.liveSessions.Add(1)
	})
	hooks.AddOnUnregisterSession(func(ctx context.Context, s server.ClientSession) {
		h.liveSessions.Add(-1)
		h.lastSeen.Delete(s.SessionID())
		if eps.Delete(sessionPrefix + s.SessionID()) {
			log.Info("session episode closed", "session", s.SessionID())
		}
	})
	o := opts.Options
	o.ServerOptions = append(o.ServerOptions, server.WithHooks(hooks))
	s := NewServer(w, h.resolve, o)
	h.mcp = s
	newEndpoint := func(plain bool, extra ...server.StreamableHTTPOption) endpoint {
		// mcp-go's stateful manager: random (UUIDv4) ids it remembers, so a
		// made-up or expired session id is refused.
		ids := &server.InsecureStatefulSessionIdManager{}
		return endpoint{srv: server.NewStreamableHTTPServer(s, append([]server.StreamableHTTPOption{
			server.WithSessionIdManager(ids),
			// mcp-go sees a busy session only every touchEvery (httpcall.go).
			server.WithSessionIdleTTL(opts.SessionIdle + h.touchEvery),
			server.WithStreamableHTTPLogger(log),
			server.WithDisableLocalhostProtection(opts.AllowRemoteHosts),
		}, extra...)...), sessions: ids, plain: plain}
	}
	h.byURL = newEndpoint(false, server.WithHTTPContextFunc(func(ctx context.Context, r *http.Request) context.Context {
		return context.WithValue(ctx, episodeKey, r.PathValue("id"))
	}))
	// The plain endpoint offers only the session-ful versions, so a client
	// that discovers versions first falls back to a session and works.
	h.plain = newEndpoint(true,
		server.WithStreamableHTTPProtocolVersions(mcp.LegacyProtocolVersions()...),
		server.WithHTTPContextFunc(func(ctx context.Context, r *http.Request) context.Context {
			return context.WithValue(ctx, plainKey, true)
		}))
	return h
}

// CloseSessions ends every open MCP session (and its listening stream),
// so an http.Server can shut down while clients are still connected.
func (h *HTTP) CloseSessions(ctx context.Context) {
	h.byURL.srv.CloseSessions(ctx)
	h.plain.srv.CloseSessions(ctx)
}

// Handler returns the routes: /episodes/{id}/mcp, /mcp and a plain-text
// index at /.
func (h *HTTP) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/episodes/{id}/mcp", func(w http.ResponseWriter, r *http.Request) {
		if !world.ValidEpisodeID(r.PathValue("id")) {
			http.Error(w, fmt.Sprintf("bad episode id %q: use 1-128 of A-Z a-z 0-9 . _ -, starting with a letter or digit", r.PathValue("id")), http.StatusBadRequest)
			return
		}
		h.serve(h.byURL, w, r)
	})
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && mcp.IsModernProtocol(r.Header.Get(mcp.HeaderProtocolVersion)) && r.Header.Get("Mcp-Method") != "server/discover" {
			writeStatelessRefusal(w, r)
			return
		}
		h.serve(h.plain, w, r)
	})
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, indexText)
	})
	return mux
}

// serve hands a request to an endpoint, after the checks of session-ful
// requests: an initialize must fit under the session cap, and a GET must
// name a live session of this endpoint that has no stream open yet.
// Stateless (2026-07-28) requests have no sessions; mcp-go answers their
// GET with 405.
func (h *HTTP) serve(e endpoint, w http.ResponseWriter, r *http.Request) {
	if mcp.IsModernProtocol(r.Header.Get(mcp.HeaderProtocolVersion)) {
		e.srv.ServeHTTP(w, r)
		return
	}
	if r.Method == http.MethodPost && h.liveSessions.Load() >= h.maxSessions && isInitialize(w, r) {
		w.Header().Set("Retry-After", "10")
		WriteJSONRPCError(w, http.StatusServiceUnavailable, nil, mcp.INTERNAL_ERROR,
			fmt.Sprintf("server busy: %d MCP sessions are open, the most it keeps; retry later, or address an episode by URL without a session (2026-07-28)", h.maxSessions))
		return
	}
	if r.Method != http.MethodGet {
		if r.Method == http.MethodPost && h.callDirect(e, w, r) {
			return
		}
		h.seenBy(e, r)
		e.srv.ServeHTTP(w, r)
		return
	}
	sid := r.Header.Get(server.HeaderKeySessionID)
	if sid == "" {
		WriteJSONRPCError(w, http.StatusBadRequest, nil, mcp.INVALID_REQUEST,
			"GET opens the listening stream of an MCP session: send the Mcp-Session-Id header that initialize returned (stateless 2026-07-28 clients do not GET; they POST)")
		return
	}
	if terminated, err := e.sessions.Validate(sid); err != nil || terminated {
		WriteJSONRPCError(w, http.StatusNotFound, nil, mcp.INVALID_REQUEST,
			"no live MCP session with this Mcp-Session-Id on this endpoint (it ended, idled out or never existed): initialize a new session")
		return
	}
	if _, open := h.listening.LoadOrStore(sid, struct{}{}); open {
		WriteJSONRPCError(w, http.StatusConflict, nil, mcp.INVALID_REQUEST,
			"this MCP session already has a listening stream open; close it before opening another")
		return
	}
	defer h.listening.Delete(sid)
	h.seen(sid)
	e.srv.ServeHTTP(w, r)
}

// isInitialize reports whether a POST is an initialize request, leaving
// its body readable.
func isInitialize(w http.ResponseWriter, r *http.Request) bool {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	r.Body = io.NopCloser(bytes.NewReader(body))
	if err != nil {
		return false
	}
	var msg struct {
		Method string `json:"method"`
	}
	return json.Unmarshal(body, &msg) == nil && msg.Method == string(mcp.MethodInitialize)
}

// WriteJSONRPCError answers an HTTP request with a JSON-RPC error object,
// the body MCP clients read on every failure of the transport.
func WriteJSONRPCError(w http.ResponseWriter, status int, id any, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      id,
		"error":   map[string]any{"code": code, "message": msg},
	})
}

const indexText = `mcp-world: MCP endpoints
  POST /episodes/{id}/mcp   one episode per URL; {id} is yours to pick (A-Z a-z 0-9 . _ -).
                            Stateless (2026-07-28) and session-ful (2025-11-25) clients.
  POST /mcp                 session-ful clients: a fresh episode for each MCP session.
`

// statelessRefusal is the message a stateless request on /mcp gets.
const statelessRefusal = "this endpoint keeps an episode per MCP session, and protocol %s has no sessions: address an episode by URL instead, POST /episodes/{id}/mcp with an id you choose (e.g. /episodes/run-42/mcp); the episode is created on first use"

func writeStatelessRefusal(w http.ResponseWriter, r *http.Request) {
	var req struct {
		ID any `json:"id"`
	}
	_ = json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20)).Decode(&req)
	WriteJSONRPCError(w, http.StatusBadRequest, req.ID, mcp.INVALID_REQUEST, fmt.Sprintf(statelessRefusal, r.Header.Get(mcp.HeaderProtocolVersion)))
}

func (h *HTTP) resolve(ctx context.Context) (*world.Episode, error) {
	if id, ok := ctx.Value(episodeKey).(string); ok && id != "" {
		ep, err := h.episodes.Open(ctx, id)
		return ep, userError(err)
	}
	if ctx.Value(plainKey) != nil {
		if sid, ok := ctx.Value(sessionIDKey).(string); ok {
			ep, err := h.episodes.Open(ctx, sessionPrefix+sid)
			return ep, userError(err)
		}
		sess := server.ClientSessionFromContext(ctx)
		if sess == nil || sess.SessionID() == "" {
			return nil, &UserError{Msg: fmt.Sprintf(statelessRefusal, "without a session")}
		}
		ep, err := h.episodes.Open(ctx, sessionPrefix+sess.SessionID())
		return ep, userError(err)
	}
	return nil, errors.New("request reached no endpoint")
}

func userError(err error) error {
	if errors.Is(err, world.ErrTooManyEpisodes) {
		return &UserError{Msg: err.Error()}
	}
	return err
}
