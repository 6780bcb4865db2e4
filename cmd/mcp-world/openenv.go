package main

// OpenEnv's environment protocol on the agent port, beside MCP.
//
// The message shapes follow meta-pytorch/OpenEnv (commit 685de41, May 2026):
// src/openenv/core/env_server/types.py (ResetRequest/Response, StepRequest/
// Response, State, EnvironmentMetadata, SchemaResponse, HealthResponse, the
// WS* messages and WSErrorCode), mcp_types.py (ListToolsAction,
// CallToolAction, ListToolsObservation, CallToolObservation, ToolError) and
// http_server.py (routes, the WebSocket loop, errors as {"detail": …} over
// HTTP and {"type":"error","data":{"message","code"}} over WebSocket). See
// docs/openenv.md.
//
// Differences, all deliberate: OpenEnv's HTTP /reset and /step make a
// throwaway environment per request; here an episode lives in the same
// registry as /episodes/{id}/mcp, so HTTP requests name it by episode_id
// (StepRequest allows extra fields). A third action, submit, ends the
// episode; its reward is the grade's score and nothing else of the grade.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/mercury/mcp-world/toolgen"
	"github.com/mercury/mcp-world/verifier"
	"github.com/mercury/mcp-world/world"
)

// openEnv serves one world's episodes over the OpenEnv protocol.
type openEnv struct {
	world    *world.World
	episodes *world.Episodes
	task     *world.Task // the server's --task; nil for none
	version  string
	log      *slog.Logger

	next atomic.Int64
	mu   sync.Mutex
	// progress holds what the protocol adds to an episode: steps and
	// whether it is done. It is keyed by id and checked against the
	// episode pointer, so an episode reaped, deleted or made afresh by an
	// MCP request starts at zero again.
	progress map[string]*oeProgress

	stop   context.Context // cancelled by close: ends WebSocket sessions
	cancel context.CancelFunc
}

type oeProgress struct {
	ep    *world.Episode
	steps int
	done  bool
}

func newOpenEnv(w *world.World, eps *world.Episodes, task *world.Task, version string, log *slog.Logger) *openEnv {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &openEnv{world: w, episodes: eps, task: task, version: version, log: log, progress: map[string]*oeProgress{}, stop: ctx, cancel: cancel}
}

// close ends every WebSocket session: an http.Server does not track
// hijacked connections, so Shutdown alone would leave them running.
func (o *openEnv) close() { o.cancel() }

// routes adds the OpenEnv routes to mux.
func (o *openEnv) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /health", func(w http.ResponseWriter, r *http.Request) {
		reply(w, http.StatusOK, map[string]string{"status": "healthy"})
	})
	mux.HandleFunc("GET /metadata", o.metadata)
	mux.HandleFunc("GET /schema", func(w http.ResponseWriter, r *http.Request) {
		reply(w, http.StatusOK, o.schemas())
	})
	mux.HandleFunc("POST /reset", o.httpReset)
	mux.HandleFunc("POST /step", o.httpStep)
	mux.HandleFunc("GET /state", o.httpState)
	mux.HandleFunc("GET /ws", o.ws)
	// The same routes under an episode's path, so that a proxy hashing
	// /episodes/{id}/ keeps every request of an episode on one replica,
	// and an OpenEnv client needs only base_url = …/episodes/{id}.
	mux.HandleFunc("POST /episodes/{id}/reset", o.httpReset)
	mux.HandleFunc("POST /episodes/{id}/step", o.httpStep)
	mux.HandleFunc("GET /episodes/{id}/state", o.httpState)
	mux.HandleFunc("GET /episodes/{id}/ws", o.ws)
}

// pinned reconciles the episode id of a request's path (if any) with the
// one in its body or query.
func pinned(r *http.Request, given string) (string, error) {
	path := r.PathValue("id")
	switch {
	case path == "":
		return given, nil
	case given == "" || given == path:
		return path, nil
	}
	return "", badRequest("episode_id %q differs from the episode %q of the path", given, path)
}

// withOpenEnv serves OpenEnv's routes and hands everything else to mcp.
// serve mounts the result behind the agent port's guard, so OpenEnv gets
// the same token, Host, Origin and size checks as the MCP endpoints.
func withOpenEnv(mcp http.Handler, o *openEnv) http.Handler {
	oe := http.NewServeMux()
	o.routes(oe)
	mux := http.NewServeMux()
	mux.Handle("/", mcp)
	for _, p := range []string{"/health", "/metadata", "/schema", "/reset", "/step", "/state", "/ws", "/episodes/{id}/reset", "/episodes/{id}/step", "/episodes/{id}/state", "/episodes/{id}/ws"} {
		mux.Handle(p, oe)
	}
	return mux
}

func (o *openEnv) metadata(w http.ResponseWriter, r *http.Request) {
	c := o.world.Company()
	docs := o.world.Documents()
	reply(w, http.StatusOK, map[string]any{
		"name":              "mercury/" + o.world.Name(),
		"description":       fmt.Sprintf("%s (%s, %s): %d systems, %d tools, %d tasks. Actions: list_tools, call_tool, submit; the reward is the task's score, given on submit.", c.Name, c.Industry, c.Country, len(o.world.Services()), len(o.world.Tools()), len(o.world.Tasks())),
		"readme_content":    docs[0].Text,
		"version":           o.world.Version(),
		"author":            nil,
		"documentation_url": nil,
	})
}

// oeError is a protocol error: a status and code for HTTP and WebSocket,
// and a message that says what to do.
type oeError struct {
	status int
	code   string // WSErrorCode
	msg    string
}

func (e *oeError) Error() string { return e.msg }

func badRequest(format string, a ...any) *oeError {
	return &oeError{http.StatusUnprocessableEntity, "VALIDATION_ERROR", fmt.Sprintf(format, a...)}
}

// resetParams is ResetRequest with Mercury's task_id.
type resetParams struct {
	Seed      *int64 `json:"seed"`
	EpisodeID string `json:"episode_id"`
	TaskID    string `json:"task_id"`
}

// reset starts a fresh episode under the requested id (replacing one that
// exists) at the chosen task: task_id, else the seed picks one of the
// world's tasks, else the server's --task, else the first task.
func (o *openEnv) reset(ctx context.Context, p resetParams) (string, map[string]any, error) {
	task, err := o.pickTask(p)
	if err != nil {
		return "", nil, err
	}
	id := p.EpisodeID
	if id != "" && !world.ValidEpisodeID(id) {
		return "", nil, badRequest("bad episode_id %q: use 1-128 of A-Z a-z 0-9 . _ -, starting with a letter or digit", id)
	}
	ep, err := o.world.NewEpisode(ctx, task)
	if err != nil {
		return "", nil, err
	}
	if id == "" {
		// A name of our own, never one in use.
		for {
			id = fmt.Sprintf("openenv-%06d", o.next.Add(1))
			if err = o.episodes.Put(id, ep); err == nil || errors.Is(err, world.ErrTooManyEpisodes) {
				break
			}
		}
	} else {
		// Reset replaces a live episode of that name. An MCP request may
		// create the id between Delete and Put; try again.
		for range 3 {
			o.episodes.Delete(id)
			if err = o.episodes.Put(id, ep); err == nil || errors.Is(err, world.ErrTooManyEpisodes) {
				break
			}
		}
	}
	if err != nil {
		ep.Close()
		if errors.Is(err, world.ErrTooManyEpisodes) {
			return "", nil, &oeError{http.StatusServiceUnavailable, "CAPACITY_REACHED", err.Error()}
		}
		return "", nil, err
	}
	// Forget the progress of episodes that are gone. IDs, unlike Lookup,
	// does not count as use, so it keeps no episode from idling out; an
	// entry for an id that now names another episode is replaced on use.
	live := map[string]bool{}
	for _, k := range o.episodes.IDs() {
		live[k] = true
	}
	o.mu.Lock()
	for k := range o.progress {
		if !live[k] {
			delete(o.progress, k)
		}
	}
	o.progress[id] = &oeProgress{ep: ep}
	o.mu.Unlock()
	obs := map[string]any{"episode_id": id, "mcp_path": "/episodes/" + id + "/mcp"}
	if task != nil {
		sys, user := taskPrompts(o.world, task)
		info := task.Public()
		obs["task_id"], obs["persona"], obs["title"] = info.ID, info.Persona, info.Title
		obs["system_prompt"], obs["prompt"] = sys, user
	} else {
		obs["task_id"] = nil
		obs["system_prompt"] = o.world.Instructions()
	}
	return id, obs, nil
}

func (o *openEnv) pickTask(p resetParams) (*world.Task, error) {
	tasks := o.world.Tasks()
	switch {
	case p.TaskID != "":
		t, ok := o.world.Task(p.TaskID)
		if !ok {
			return nil, badRequest("unknown task_id %q (tasks: %s)", p.TaskID, strings.Join(o.world.TaskIDs(), ", "))
		}
		return t, nil
	case p.Seed != nil && *p.Seed < 0:
		return nil, badRequest("seed must be >= 0, got %d", *p.Seed)
	case p.Seed != nil && len(tasks) > 0:
		return tasks[*p.Seed%int64(len(tasks))], nil
	case o.task != nil:
		return o.task, nil
	case len(tasks) > 0:
		return tasks[0], nil
	}
	return nil, nil
}

// action is the union of the three actions; type says which.
type action struct {
	Type      string          `json:"type"`
	ToolName  string          `json:"tool_name"`
	Arguments json.RawMessage `json:"arguments"`
	Metadata  map[string]any  `json:"metadata"`
}

func decodeAction(raw json.RawMessage) (action, error) {
	var a action
	if len(raw) == 0 || string(raw) == "null" {
		return a, badRequest("action is missing: send {\"type\": \"list_tools\"}, {\"type\": \"call_tool\", \"tool_name\": …, \"arguments\": {…}} or {\"type\": \"submit\"}")
	}
	if err := decodeJSON(bytes.NewReader(raw), &a, true); err != nil {
		return a, badRequest("bad action: %v (fields: type, tool_name, arguments, metadata)", err)
	}
	switch a.Type {
	case "list_tools", "submit":
		if a.ToolName != "" || len(a.Arguments) > 0 {
			return a, badRequest("a %s action takes no tool_name or arguments", a.Type)
		}
	case "call_tool":
		if a.ToolName == "" {
			return a, badRequest("call_tool needs tool_name")
		}
		if len(a.Arguments) == 0 || string(a.Arguments) == "null" {
			a.Arguments = json.RawMessage("{}")
		} else if a.Arguments[0] != '{' {
			return a, badRequest("call_tool arguments must be a JSON object, got %s", a.Arguments)
		}
	case "":
		return a, badRequest("action has no type (types: list_tools, call_tool, submit)")
	default:
		return a, badRequest("unknown action type %q (types: list_tools, call_tool, submit)", a.Type)
	}
	return a, nil
}

// stepResult is StepResponse: the observation, with reward and done
// lifted beside it as OpenEnv's serialize_observation does.
type stepResult struct {
	Observation map[string]any `json:"observation"`
	Reward      *float64       `json:"reward"`
	Done        bool           `json:"done"`
}

// step runs one action on episode id ("" only for list_tools, which
// needs no episode).
func (o *openEnv) step(ctx context.Context, id string, a action) (stepResult, error) {
	if a.Type == "list_tools" && id == "" {
		return stepResult{Observation: map[string]any{"tools": o.toolList()}}, nil
	}
	pr, err := o.lookup(id)
	if err != nil {
		return stepResult{}, err
	}
	o.mu.Lock()
	if pr.done {
		o.mu.Unlock()
		return stepResult{}, &oeError{http.StatusConflict, "EXECUTION_ERROR", fmt.Sprintf("episode %s is done (submitted); reset to start another", id)}
	}
	pr.steps++
	o.mu.Unlock()
	switch a.Type {
	case "list_tools":
		return stepResult{Observation: map[string]any{"tools": o.toolList()}}, nil
	case "call_tool":
		return stepResult{Observation: o.callTool(ctx, pr.ep, a)}, nil
	}
	// submit: grade, and give the score alone; the checks stay with the
	// control API.
	task := pr.ep.Task()
	if task == nil {
		return stepResult{}, &oeError{http.StatusConflict, "EXECUTION_ERROR", fmt.Sprintf("episode %s has no task to grade; reset with a task_id", id)}
	}
	rep, err := verifier.Grade(ctx, pr.ep, task)
	if err != nil {
		return stepResult{}, err
	}
	score := rep.Score
	o.mu.Lock()
	pr.done = true
	steps := pr.steps
	o.mu.Unlock()
	return stepResult{Observation: map[string]any{"episode_id": id, "step_count": steps, "tool_calls": pr.ep.Calls()}, Reward: &score, Done: true}, nil
}

// lookup finds an episode and its progress; an episode made by an MCP
// request (or by the control API) gets fresh progress.
func (o *openEnv) lookup(id string) (*oeProgress, error) {
	if id == "" {
		return nil, badRequest("no episode: reset first (POST /reset, or a reset message on /ws); over HTTP, pass the episode_id that reset returned")
	}
	ep, err := o.episodes.Lookup(id)
	if err != nil {
		return nil, &oeError{http.StatusNotFound, "SESSION_ERROR", fmt.Sprintf("no episode %q: it was never reset, was deleted, or idled out; reset it again", id)}
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	pr := o.progress[id]
	if pr == nil || pr.ep != ep {
		pr = &oeProgress{ep: ep}
		o.progress[id] = pr
	}
	return pr, nil
}

func (o *openEnv) toolList() []map[string]any {
	out := make([]map[string]any, 0, len(o.world.Tools()))
	for _, t := range o.world.Tools() {
		out = append(out, map[string]any{"name": t.Name(), "description": t.Description(), "input_schema": t.InputSchema()})
	}
	return out
}

// callTool is a CallToolObservation. A tool's own failure (bad arguments,
// a broken precondition) is a result with is_error, as in MCP; only an
// unknown tool or a fault of ours fills error.
func (o *openEnv) callTool(ctx context.Context, ep *world.Episode, a action) map[string]any {
	obs := map[string]any{"tool_name": a.ToolName, "result": nil, "error": nil}
	if _, ok := o.world.Tool(a.ToolName); !ok {
		obs["error"] = map[string]string{"error_type": "tool_not_found", "message": fmt.Sprintf("unknown tool %q; list_tools lists them", a.ToolName)}
		return obs
	}
	out, err := ep.Call(ctx, a.ToolName, a.Arguments)
	var te *world.ToolError
	switch {
	case errors.As(err, &te):
		obs["result"] = map[string]any{"content": []map[string]string{{"type": "text", "text": te.Msg}}, "structured_content": nil, "data": nil, "is_error": true}
	case err != nil:
		o.log.Error("openenv tool call", "tool", a.ToolName, "err", err)
		obs["error"] = map[string]string{"error_type": "execution_error", "message": fmt.Sprintf("tool %s failed inside the server; the episode's state is unchanged", a.ToolName)}
	default:
		obs["result"] = map[string]any{"content": []map[string]string{{"type": "text", "text": string(out)}}, "structured_content": out, "data": out, "is_error": false}
	}
	return obs
}

// state is State: episode_id and step_count, and Mercury's extras.
func (o *openEnv) state(id string) (map[string]any, error) {
	pr, err := o.lookup(id)
	if err != nil {
		return nil, err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	st := map[string]any{"episode_id": id, "step_count": pr.steps, "done": pr.done, "tool_calls": pr.ep.Calls(), "task_id": nil}
	if t := pr.ep.Task(); t != nil {
		st["task_id"] = t.ID()
	}
	return st, nil
}

// --- HTTP ---

// detail answers an error as FastAPI's HTTPException does.
func (o *openEnv) detail(w http.ResponseWriter, err error) {
	var oe *oeError
	if errors.As(err, &oe) {
		reply(w, oe.status, map[string]any{"detail": oe.msg})
		return
	}
	o.log.Error("openenv", "err", err)
	reply(w, http.StatusInternalServerError, map[string]any{"detail": "internal error: " + err.Error()})
}

// decodeBody reads a JSON object body; an empty body is {}.
func decodeBody(r *http.Request, v any, strict bool) error {
	err := decodeJSON(http.MaxBytesReader(nil, r.Body, 1<<20), v, strict)
	if err != nil && !errors.Is(err, io.EOF) {
		return badRequest("bad JSON body: %v", err)
	}
	return nil
}

// decodeJSON decodes exactly one JSON value: anything after it is an
// error, not ignored. strict refuses unknown fields.
func decodeJSON(r io.Reader, v any, strict bool) error {
	dec := json.NewDecoder(r)
	if strict {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("unexpected data after the JSON value")
	}
	return nil
}

func (o *openEnv) httpReset(w http.ResponseWriter, r *http.Request) {
	var p resetParams
	if err := decodeBody(r, &p, true); err != nil {
		o.detail(w, badRequest("%s (reset takes seed, episode_id, task_id)", err))
		return
	}
	var err error
	if p.EpisodeID, err = pinned(r, p.EpisodeID); err != nil {
		o.detail(w, err)
		return
	}
	_, obs, err := o.reset(r.Context(), p)
	if err != nil {
		o.detail(w, err)
		return
	}
	reply(w, http.StatusOK, stepResult{Observation: obs})
}

func (o *openEnv) httpStep(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Action    json.RawMessage `json:"action"`
		EpisodeID string          `json:"episode_id"`
		TimeoutS  *float64        `json:"timeout_s"`
		RequestID string          `json:"request_id"`
	}
	if err := decodeBody(r, &req, false); err != nil {
		o.detail(w, err)
		return
	}
	a, err := decodeAction(req.Action)
	if err == nil {
		req.EpisodeID, err = pinned(r, req.EpisodeID)
	}
	if err != nil {
		o.detail(w, err)
		return
	}
	ctx := r.Context()
	if req.TimeoutS != nil && *req.TimeoutS > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Duration(*req.TimeoutS*float64(time.Second)))
		defer cancel()
	}
	res, err := o.step(ctx, req.EpisodeID, a)
	if err != nil {
		o.detail(w, err)
		return
	}
	reply(w, http.StatusOK, res)
}

func (o *openEnv) httpState(w http.ResponseWriter, r *http.Request) {
	id, err := pinned(r, r.URL.Query().Get("episode_id"))
	if err != nil {
		o.detail(w, err)
		return
	}
	if id == "" {
		o.detail(w, badRequest("GET /state needs ?episode_id= (the id reset returned)"))
		return
	}
	st, err := o.state(id)
	if err != nil {
		o.detail(w, err)
		return
	}
	reply(w, http.StatusOK, st)
}

// --- WebSocket ---

// wsMessage is an incoming WS*Message.
type wsMessage struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

// ws is one OpenEnv session: one connection works one episode at a time.
// An episode the session created without naming it is deleted when the
// session ends; a named one stays, for MCP and the control API, until it
// is reaped or deleted.
func (o *openEnv) ws(w http.ResponseWriter, r *http.Request) {
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return // Accept has answered
	}
	c.SetReadLimit(1 << 20)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	stopWatch := context.AfterFunc(o.stop, cancel)
	defer stopWatch()
	id := r.PathValue("id") // under /episodes/{id}/ws, the episode of the path
	anonymous := false
	defer func() {
		if anonymous {
			o.episodes.Delete(id)
		}
	}()
	send := func(typ string, data any) error {
		b, err := marshalLine(map[string]any{"type": typ, "data": data})
		if err != nil {
			return err
		}
		return c.Write(ctx, websocket.MessageText, b)
	}
	sendErr := func(err error) error {
		var oe *oeError
		if !errors.As(err, &oe) {
			o.log.Error("openenv websocket", "err", err)
			oe = &oeError{code: "EXECUTION_ERROR", msg: "internal error: " + err.Error()}
		}
		return send("error", map[string]string{"message": oe.msg, "code": oe.code})
	}
	for {
		typ, raw, err := c.Read(ctx)
		if err != nil {
			c.CloseNow()
			return
		}
		if typ != websocket.MessageText {
			sendErr(&oeError{code: "INVALID_JSON", msg: "send text frames with JSON messages"})
			continue
		}
		var m wsMessage
		if err := decodeJSON(bytes.NewReader(raw), &m, true); err != nil {
			if errors.As(err, new(*json.SyntaxError)) || errors.Is(err, io.ErrUnexpectedEOF) {
				err = sendErr(&oeError{code: "INVALID_JSON", msg: "Invalid JSON: " + err.Error()})
			} else {
				err = sendErr(&oeError{code: "VALIDATION_ERROR", msg: "Invalid message: " + err.Error() + " (fields: type, data)"})
			}
			if err != nil {
				return
			}
			continue
		}
		switch m.Type {
		case "reset":
			var p resetParams
			if len(m.Data) > 0 {
				if err := decodeJSON(bytes.NewReader(m.Data), &p, true); err != nil {
					err = sendErr(badRequest("bad reset data: %v (reset takes seed, episode_id, task_id)", err))
					if err != nil {
						return
					}
					continue
				}
			}
			if p.EpisodeID, err = pinned(r, p.EpisodeID); err != nil {
				if err = sendErr(err); err != nil {
					return
				}
				continue
			}
			if anonymous { // the previous unnamed episode is finished with
				o.episodes.Delete(id)
				anonymous = false
			}
			newID, obs, err := o.reset(ctx, p)
			if err != nil {
				err = sendErr(err)
			} else {
				id, anonymous = newID, p.EpisodeID == ""
				err = send("observation", stepResult{Observation: obs})
			}
			if err != nil {
				return
			}
		case "step":
			a, err := decodeAction(m.Data)
			var res stepResult
			if err == nil {
				res, err = o.step(ctx, id, a)
			}
			if err != nil {
				err = sendErr(err)
			} else {
				err = send("observation", res)
			}
			if err != nil {
				return
			}
		case "state":
			st, err := o.state(id)
			if err != nil {
				err = sendErr(err)
			} else {
				err = send("state", st)
			}
			if err != nil {
				return
			}
		case "mcp":
			if err := send("mcp", o.jsonRPC(ctx, id, m.Data)); err != nil {
				return
			}
		case "close":
			c.Close(websocket.StatusNormalClosure, "")
			return
		default:
			if err := sendErr(&oeError{code: "UNKNOWN_TYPE", msg: fmt.Sprintf("Unknown message type: %q (types: reset, step, state, mcp, close)", m.Type)}); err != nil {
				return
			}
		}
	}
}

// schemas is SchemaResponse: JSON Schemas of the action, observation and
// state, with the world's tool names in call_tool's tool_name.
func (o *openEnv) schemas() map[string]any {
	names := make([]string, 0, len(o.world.Tools()))
	for _, t := range o.world.Tools() {
		names = append(names, t.Name())
	}
	metadata := map[string]any{"type": "object", "description": "Additional metadata"}
	act := func(title, typ, desc string, props map[string]any, required ...string) map[string]any {
		props["type"] = map[string]any{"const": typ, "default": typ}
		props["metadata"] = metadata
		return map[string]any{"title": title, "description": desc, "type": "object", "properties": props, "required": append([]string{"type"}, required...), "additionalProperties": false}
	}
	// Like OpenEnv's Observation, each lists done, reward and metadata,
	// which /step and /ws lift out beside the observation.
	obsBase := func(title, desc string, props map[string]any, required ...string) map[string]any {
		props["done"] = map[string]any{"type": "boolean", "default": false}
		props["reward"] = map[string]any{"type": []string{"number", "null"}, "default": nil}
		props["metadata"] = metadata
		return map[string]any{"title": title, "description": desc, "type": "object", "properties": props, "required": required, "additionalProperties": false}
	}
	str := map[string]any{"type": "string"}
	nullableStr := map[string]any{"type": []string{"string", "null"}}
	return map[string]any{
		"action": map[string]any{
			"title": "MercuryAction",
			"oneOf": []any{
				act("ListToolsAction", "list_tools", "List the world's tools with their input schemas.", map[string]any{}),
				act("CallToolAction", "call_tool", "Call one tool: one transaction on the episode's state.", map[string]any{
					"tool_name": map[string]any{"type": "string", "enum": names},
					"arguments": map[string]any{"type": "object", "default": map[string]any{}},
				}, "tool_name"),
				act("SubmitAction", "submit", "End the episode; the observation's reward is the task's score in [0, 1].", map[string]any{}),
			},
		},
		"observation": map[string]any{
			"title": "MercuryObservation",
			"anyOf": []any{
				obsBase("ResetObservation", "What reset returns: the episode and the task's prompts.", map[string]any{
					"episode_id": str, "mcp_path": str, "task_id": nullableStr, "persona": str, "title": str, "system_prompt": str, "prompt": str,
				}, "episode_id", "mcp_path", "task_id", "system_prompt"),
				obsBase("ListToolsObservation", "The tools.", map[string]any{
					"tools": map[string]any{"type": "array", "items": map[string]any{"type": "object", "properties": map[string]any{"name": str, "description": str, "input_schema": map[string]any{"type": "object"}}, "required": []string{"name", "description", "input_schema"}}},
				}, "tools"),
				obsBase("CallToolObservation", "A tool's result; is_error marks a failure the agent can read and recover from. error is set only for an unknown tool or a server fault.", map[string]any{
					"tool_name": str,
					"result": map[string]any{"type": []string{"object", "null"}, "required": []string{"content", "is_error"}, "properties": map[string]any{
						"content":            map[string]any{"type": "array", "items": map[string]any{"type": "object", "properties": map[string]any{"type": str, "text": str}}},
						"structured_content": map[string]any{},
						"data":               map[string]any{},
						"is_error":           map[string]any{"type": "boolean"},
					}},
					"error": map[string]any{"type": []string{"object", "null"}, "properties": map[string]any{
						"error_type": map[string]any{"type": "string", "enum": []string{"execution_error", "invalid_args", "transport_error", "tool_not_found", "timeout"}},
						"message":    str,
					}, "required": []string{"error_type", "message"}},
				}, "tool_name", "result", "error"),
				obsBase("SubmitObservation", "The episode is done; reward holds the score.", map[string]any{
					"episode_id": str, "step_count": map[string]any{"type": "integer"}, "tool_calls": map[string]any{"type": "integer"},
				}, "episode_id", "step_count", "tool_calls"),
			},
		},
		"state": map[string]any{
			"title": "MercuryState", "type": "object", "additionalProperties": true, "required": []string{"episode_id", "step_count"},
			"properties": map[string]any{
				"episode_id": nullableStr,
				"step_count": map[string]any{"type": "integer", "minimum": 0, "default": 0},
				"task_id":    nullableStr,
				"done":       map[string]any{"type": "boolean"},
				"tool_calls": map[string]any{"type": "integer", "minimum": 0, "description": "Tool calls on the episode, over OpenEnv and MCP."},
			},
		},
	}
}

// jsonRPC answers a WebSocket "mcp" message (OpenEnv's WSMCPMessage): MCP
// tools/list and tools/call as JSON-RPC, on the session's episode, with
// MCP's own result shapes. It bypasses step: no step is counted, and it
// cannot submit.
func (o *openEnv) jsonRPC(ctx context.Context, id string, raw json.RawMessage) map[string]any {
	var req struct {
		JSONRPC string          `json:"jsonrpc"`
		Method  string          `json:"method"`
		Params  json.RawMessage `json:"params"`
		ID      any             `json:"id"`
	}
	fail := func(code int, msg string) map[string]any {
		return map[string]any{"jsonrpc": "2.0", "id": req.ID, "error": map[string]any{"code": code, "message": msg}}
	}
	if err := decodeJSON(bytes.NewReader(raw), &req, true); err != nil || req.JSONRPC != "2.0" {
		return fail(-32600, "Invalid request: want {\"jsonrpc\": \"2.0\", \"method\", \"params\", \"id\"}")
	}
	switch req.Method {
	case "tools/list":
		tools := make([]any, 0, len(o.world.Tools()))
		for _, t := range o.world.Tools() {
			tools = append(tools, toolgen.Tool(t))
		}
		return map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{"tools": tools}}
	case "tools/call":
		var p struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		}
		if err := json.Unmarshal(req.Params, &p); err != nil || p.Name == "" {
			return fail(-32602, "Invalid params: want {\"name\", \"arguments\"}")
		}
		pr, err := o.lookup(id)
		if err != nil {
			return fail(-32000, err.Error())
		}
		if len(p.Arguments) == 0 || string(p.Arguments) == "null" {
			p.Arguments = json.RawMessage("{}")
		}
		obs := o.callTool(ctx, pr.ep, action{Type: "call_tool", ToolName: p.Name, Arguments: p.Arguments})
		if e, ok := obs["error"].(map[string]string); ok {
			return fail(-32602, e["message"])
		}
		r := obs["result"].(map[string]any)
		res := map[string]any{"content": r["content"], "isError": r["is_error"]}
		if r["structured_content"] != nil {
			res["structuredContent"] = r["structured_content"]
		}
		return map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": res}
	}
	return fail(-32601, fmt.Sprintf("Method not found: %q (methods: tools/list, tools/call)", req.Method))
}
