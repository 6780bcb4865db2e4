package toolgen

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mercury/mcp-world/world"
)

// ServeStdio serves s, a server built by [NewServer], over
// newline-delimited JSON-RPC on in and out until in ends or ctx is
// cancelled. Messages are handled by mcp-go's
// [server.MCPServer.HandleMessage], as in mcp-go's own [server.StdioServer],
// except plain tool calls (see [callDirect]); what differs is the cost
// around them, which was half of a point read's server CPU there: one read
// loop without a goroutine per line, one parse of each line for its id and
// method (mcp-go's parses every line five times before handling it), long-
// lived workers, and tool results written by hand (encoding/json walks a
// result three times, escaping its text and compacting its structured
// content). When in ends, calls in flight are answered before ServeStdio
// returns (mcp-go's cancels them).
//
// Requests are served concurrently, at most maxInFlight at a time, and may
// be answered out of order; notifications are handled in order on the read
// loop. The server never sends requests to the client (no sampling,
// elicitation or roots), so responses from the client are ignored.
func ServeStdio(ctx context.Context, s *server.MCPServer, in io.Reader, out io.Writer, log *slog.Logger) error {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	sess := &stdioSession{notes: make(chan mcp.JSONRPCNotification, 64)}
	if err := s.RegisterSession(ctx, sess); err != nil {
		return fmt.Errorf("register stdio session: %w", err)
	}
	defer s.UnregisterSession(context.WithoutCancel(ctx), sess.SessionID())
	ctx, cancel := context.WithCancel(s.WithContext(ctx, sess))
	w := &lineWriter{w: bufio.NewWriterSize(out, 64<<10)}
	var notifier, calls sync.WaitGroup
	defer func() {
		cancel()
		calls.Wait()
		notifier.Wait()
	}()
	notifier.Add(1)
	go func() {
		defer notifier.Done()
		for {
			select {
			case n := <-sess.notes:
				if err := w.writeJSON(n); err != nil {
					log.Error("stdio: write notification", "err", err)
				}
			case <-ctx.Done():
				return
			}
		}
	}()

	// Long-lived workers serve the requests that overlap: a goroutine
	// per request would grow a fresh stack through SQLite's deep calls
	// every time.
	jobs := make(chan stdioJob)
	var handedOut atomic.Int32 // requests sent to the workers and not yet answered
	serve := func(j stdioJob) {
		if j.call != nil && sess.Initialized() {
			if b, ok := callDirect(ctx, s, j.id, j.call, log); ok {
				if err := w.write(b); err != nil {
					log.Error("stdio: write response", "err", err)
				}
				return
			}
		}
		resp := handle(ctx, s, j.line, log)
		if resp == nil {
			return
		}
		if err := w.writeResponse(j.id, resp); err != nil {
			log.Error("stdio: write response", "err", err)
		}
	}
	for range maxInFlight {
		calls.Add(1)
		go func() {
			defer calls.Done()
			for {
				select {
				case j, ok := <-jobs:
					if !ok {
						return
					}
					serve(j)
					handedOut.Add(-1)
				case <-ctx.Done():
					return
				}
			}
		}()
	}

	// The read loop runs on its own goroutine so that ServeStdio can
	// return when ctx ends while a read blocks. It serves a request
	// itself when it is alone, none handed out and no more input read:
	// the usual client's one call at a time. Handing each to a worker
	// woke another thread twice per call (reader to loop, loop to
	// worker), which cost more server CPU than the point read itself.
	// A request that arrives while another is served waits for the
	// loop only when that one was alone; one read with others, or while
	// others are handed out, goes to a worker.
	var serving sync.Mutex // held while the loop serves a request itself
	loopDone := make(chan error, 1)
	go func() {
		err := readLoop(ctx, in, func(line []byte, more bool) bool {
			head, ok := parseHead(line)
			if !ok {
				w.write(append([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`), '\n'))
				return true
			}
			isRequest := len(head.ID) > 0 && !bytes.Equal(head.ID, []byte("null"))
			switch {
			case head.Method == "" && isRequest:
				return true // a client's response: the server asks the client nothing
			case !isRequest:
				// A notification: in order, on the read loop.
				if resp := handle(ctx, s, line, log); resp != nil {
					w.writeJSON(resp)
				}
				return true
			}
			j := stdioJob{head.ID, line, plainToolCall(head.JSONRPC, head.Method, head.Params)}
			if !more && handedOut.Load() == 0 {
				serving.Lock()
				defer serving.Unlock()
				if ctx.Err() != nil {
					return false
				}
				serve(j)
				return true
			}
			handedOut.Add(1)
			select {
			case jobs <- j:
				return true
			case <-ctx.Done():
				handedOut.Add(-1)
				return false
			}
		})
		close(jobs)
		loopDone <- err
	}()
	select {
	case err := <-loopDone:
		calls.Wait() // answer what was asked before the input ended
		if errors.Is(err, io.EOF) || ctx.Err() != nil {
			return nil
		}
		return fmt.Errorf("read stdin: %w", err)
	case <-ctx.Done():
		// Let a request the loop is serving finish (its context is
		// cancelled); the loop serves no other.
		cancel()
		serving.Lock()
		serving.Unlock()
		return nil
	}
}

// A stdioJob is one request to serve.
type stdioJob struct {
	id   json.RawMessage
	line []byte
	call *toolCall // a plain tools/call, for callDirect
}

// toolCall is a tools/call request that carries nothing but a tool name
// and its arguments.
type toolCall struct {
	name string
	args json.RawMessage
}

// plainToolCall returns the call if a request is a tools/call with only a
// name and arguments: no _meta (progress tokens, the 2026-07-28 protocol's
// per-request version), no task, no multi-round-trip answers. Anything
// else, and every other method, goes through mcp-go.
func plainToolCall(version, method string, params json.RawMessage) *toolCall {
	if version != mcp.JSONRPC_VERSION || method != string(mcp.MethodToolsCall) {
		return nil
	}
	// params is valid JSON (the message parsed): split it by hand when
	// its keys are plain.
	var c toolCall
	plain := rawMembers(params, func(k string, v []byte) bool {
		switch k {
		case "name":
			name, ok := plainString(v)
			c.name = name
			return ok
		case "arguments":
			c.args = v
			return true
		}
		return false
	})
	if !plain {
		return decodeToolCall(params)
	}
	if c.name == "" {
		return nil
	}
	return &c
}

// decodeToolCall is plainToolCall's reading of params by encoding/json,
// for params whose keys are not plain.
func decodeToolCall(params json.RawMessage) *toolCall {
	var c toolCall
	var p map[string]json.RawMessage
	if json.Unmarshal(params, &p) != nil {
		return nil
	}
	for k, v := range p {
		switch k {
		case "name":
			if json.Unmarshal(v, &c.name) != nil {
				return nil
			}
		case "arguments":
			c.args = v
		default:
			return nil
		}
	}
	if c.name == "" {
		return nil
	}
	return &c
}

// callDirect runs a plain tools/call on the tool's handler and encodes the
// answer, skipping mcp-go's request handling: for a point read that was
// about a quarter of the server's CPU per call (decoding the request three
// more times, protocol bookkeeping). It is what mcp-go would do for the
// servers [NewServer] builds, which have no hooks, filters or tool
// middleware other than recovery (done here too); notifications/cancelled
// cannot interrupt such a call, which takes well under a millisecond. It
// reports false, before running anything, when mcp-go must answer: an
// unknown tool, one with a task execution mode. A result it cannot encode
// by hand is encoded by encoding/json: the call has run, and must not run
// again.
func callDirect(ctx context.Context, s *server.MCPServer, id json.RawMessage, c *toolCall, log *slog.Logger) (b []byte, ok bool) {
	tool := s.GetTool(c.name)
	if tool == nil || tool.Handler == nil || tool.Tool.Execution != nil {
		return nil, false
	}
	defer func() {
		if r := recover(); r != nil {
			log.Error("stdio: panic in tool handler", "tool", c.name, "panic", r)
			b, ok = appendError(nil, id, mcp.INTERNAL_ERROR, fmt.Sprintf("internal panic: %v", r)), true
		}
	}()
	var req mcp.CallToolRequest
	req.Method = string(mcp.MethodToolsCall)
	req.Params.Name = c.name
	req.Params.RawArguments = c.args // valid JSON: the whole line parsed
	res, err := tool.Handler(ctx, req)
	if err != nil {
		return appendError(nil, id, mcp.INTERNAL_ERROR, err.Error()), true
	}
	if res == nil {
		return appendError(nil, id, mcp.INTERNAL_ERROR, fmt.Sprintf("tool %s returned no result", c.name)), true
	}
	if b, ok := appendToolResponse(nil, id, res); ok {
		return b, true
	}
	var rid any
	if err := json.Unmarshal(id, &rid); err != nil {
		return appendError(nil, id, mcp.INTERNAL_ERROR, err.Error()), true
	}
	b, err = json.Marshal(mcp.NewJSONRPCResultResponse(mcp.NewRequestId(rid), res))
	if err != nil {
		return appendError(nil, id, mcp.INTERNAL_ERROR, fmt.Sprintf("encode result: %v", err)), true
	}
	return append(b, '\n'), true
}

func appendError(b []byte, id json.RawMessage, code int, msg string) []byte {
	b = append(b, `{"jsonrpc":"2.0","id":`...)
	b = append(b, id...)
	b = append(b, `,"error":{"code":`...)
	b = strconv.AppendInt(b, int64(code), 10)
	b = append(b, `,"message":`...)
	b = world.AppendJSONString(b, msg)
	return append(b, "}}\n"...)
}

// maxInFlight bounds the requests served at once (the workers); the read
// loop waits for a free one, so a flood of requests is read no faster than
// it is served.
const maxInFlight = 16

// readLoop calls line with each non-blank line of in (without its
// newline) and whether more input is already read after it, until in
// ends, ctx is done or line returns false. The line is the reader's own:
// a copy, as it may be handed to a worker.
func readLoop(ctx context.Context, in io.Reader, line func(b []byte, more bool) bool) error {
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		b, err := r.ReadBytes('\n')
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if len(bytes.TrimSpace(b)) > 0 && !line(b, r.Buffered() > 0) {
			return ctx.Err()
		}
		if err != nil {
			return err
		}
	}
}

// handle runs one message through the server, turning a panic into an
// internal error for a request (none for a notification).
func handle(ctx context.Context, s *server.MCPServer, line []byte, log *slog.Logger) (resp mcp.JSONRPCMessage) {
	defer func() {
		if r := recover(); r != nil {
			log.Error("stdio: panic in handler", "panic", r)
			var head struct {
				ID any `json:"id"`
			}
			json.Unmarshal(line, &head)
			if head.ID != nil {
				resp = mcp.NewJSONRPCError(mcp.NewRequestId(head.ID), mcp.INTERNAL_ERROR, fmt.Sprintf("internal panic: %v", r), nil)
			} else {
				resp = nil
			}
		}
	}()
	return s.HandleMessage(ctx, line)
}

// lineWriter writes one JSON-RPC message per line, one at a time.
type lineWriter struct {
	mu  sync.Mutex
	w   *bufio.Writer
	buf []byte
}

func (lw *lineWriter) write(b []byte) error {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if _, err := lw.w.Write(b); err != nil {
		return err
	}
	return lw.w.Flush()
}

func (lw *lineWriter) writeJSON(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return lw.write(append(b, '\n'))
}

// writeResponse writes a response to the request with the given raw id.
// A tool result of the shape toolgen's handlers return is encoded by
// hand; anything else by encoding/json.
func (lw *lineWriter) writeResponse(id json.RawMessage, resp mcp.JSONRPCMessage) error {
	r, ok := resp.(mcp.JSONRPCResponse)
	if !ok {
		return lw.writeJSON(resp)
	}
	res, ok := r.Result.(*mcp.CallToolResult)
	if !ok {
		if v, isValue := r.Result.(mcp.CallToolResult); isValue {
			res, ok = &v, true
		}
	}
	if !ok {
		return lw.writeJSON(resp)
	}
	b, ok := appendToolResponse(nil, id, res)
	if !ok {
		return lw.writeJSON(resp)
	}
	return lw.write(b)
}

// appendToolResponse encodes the response carrying a tool result with one
// plain text content item and, optionally, raw structured content: what
// toolgen's handlers return. It reports false for any other result, which
// is then left to encoding/json (via mcp-go's MarshalJSON).
func appendToolResponse(b []byte, id json.RawMessage, r *mcp.CallToolResult) ([]byte, bool) {
	if r.Meta != nil || len(r.Content) != 1 || len(r.InputRequests) > 0 || r.RequestState != "" || r.StructuredContent != nil && !isRaw(r.StructuredContent) {
		return nil, false
	}
	text, ok := r.Content[0].(mcp.TextContent)
	if !ok || text.Meta != nil || text.Annotations != nil || text.Type != "text" {
		return nil, false
	}
	structured := r.RawStructuredContent
	if len(structured) == 0 {
		if raw, ok := r.StructuredContent.(json.RawMessage); ok {
			structured = raw
		}
	}
	// Grown once to about its size: a search page is a few KiB, text and
	// structured content, and appending from nil copied it ten times.
	b = slices.Grow(b, 96+len(id)+len(r.ResultType)+len(text.Text)+len(text.Text)/8+len(structured))
	b = append(b, `{"jsonrpc":"2.0","id":`...)
	b = append(b, id...)
	b = append(b, `,"result":{`...)
	if r.ResultType != "" {
		b = append(b, `"resultType":`...)
		b = world.AppendJSONString(b, string(r.ResultType))
		b = append(b, ',')
	}
	b = append(b, `"content":[{"type":"text","text":`...)
	b = world.AppendJSONString(b, text.Text)
	b = append(b, "}]"...)
	if len(structured) > 0 {
		b = append(b, `,"structuredContent":`...)
		b = append(b, structured...)
	}
	if r.IsError {
		b = append(b, `,"isError":true`...)
	}
	return append(b, "}}\n"...), true
}

func isRaw(v any) bool {
	_, ok := v.(json.RawMessage)
	return ok
}

// stdioSession is the one client of a stdio server.
type stdioSession struct {
	notes       chan mcp.JSONRPCNotification
	initialized atomic.Bool
	level       atomic.Value // mcp.LoggingLevel
	mu          sync.Mutex
	client      mcp.Implementation
	caps        mcp.ClientCapabilities
}

func (s *stdioSession) SessionID() string                                   { return "stdio" }
func (s *stdioSession) NotificationChannel() chan<- mcp.JSONRPCNotification { return s.notes }
func (s *stdioSession) Initialize()                                         { s.initialized.Store(true) }
func (s *stdioSession) Initialized() bool                                   { return s.initialized.Load() }
func (s *stdioSession) SetLogLevel(l mcp.LoggingLevel)                      { s.level.Store(l) }

func (s *stdioSession) GetLogLevel() mcp.LoggingLevel {
	if l, ok := s.level.Load().(mcp.LoggingLevel); ok {
		return l
	}
	return mcp.LoggingLevelError
}

func (s *stdioSession) GetClientInfo() mcp.Implementation {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.client
}

func (s *stdioSession) SetClientInfo(c mcp.Implementation) {
	s.mu.Lock()
	s.client = c
	s.mu.Unlock()
}

func (s *stdioSession) GetClientCapabilities() mcp.ClientCapabilities {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.caps
}

func (s *stdioSession) SetClientCapabilities(c mcp.ClientCapabilities) {
	s.mu.Lock()
	s.caps = c
	s.mu.Unlock()
}

var (
	_ server.SessionWithLogging    = (*stdioSession)(nil)
	_ server.SessionWithClientInfo = (*stdioSession)(nil)
)
