package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"

	"github.com/mercury/mcp-world/verifier"
	"github.com/mercury/mcp-world/world"
)

// control is the harness-facing JSON API of an HTTP server: create, grade,
// fork, inspect and delete episodes. It listens on its own address, never
// on the agent port, because grading reads hidden checks.
type control struct {
	world    *world.World
	episodes *world.Episodes
	agentURL string // base URL of the agent port
	next     atomic.Int64
}

type episodeInfo struct {
	ID        string `json:"id"`
	Task      string `json:"task,omitempty"`
	MCPURL    string `json:"mcp_url"`
	Calls     int    `json:"calls"`
	StateHash string `json:"state_hash,omitempty"`
	ForkedOf  string `json:"forked_from,omitempty"`
}

func (c *control) info(id string, ep *world.Episode) episodeInfo {
	inf := episodeInfo{ID: id, MCPURL: c.agentURL + "/episodes/" + id + "/mcp", Calls: ep.Calls()}
	if t := ep.Task(); t != nil {
		inf.Task = t.ID()
	}
	return inf
}

func (c *control) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		reply(w, http.StatusOK, map[string]any{"world": c.world.Name(), "bundle_hash": c.world.Hash(), "episodes": c.episodes.Len()})
	})
	mux.HandleFunc("GET /episodes", func(w http.ResponseWriter, r *http.Request) {
		list := []episodeInfo{}
		for _, id := range c.episodes.IDs() {
			if ep, err := c.episodes.Lookup(id); err == nil {
				list = append(list, c.info(id, ep))
			}
		}
		reply(w, http.StatusOK, map[string]any{"episodes": list})
	})
	mux.HandleFunc("POST /episodes", c.create)
	mux.HandleFunc("GET /episodes/{id}", c.withEpisode(func(w http.ResponseWriter, r *http.Request, id string, ep *world.Episode) {
		inf := c.info(id, ep)
		h, err := ep.StateHash(r.Context())
		if err != nil {
			fail(w, http.StatusInternalServerError, err.Error())
			return
		}
		inf.StateHash = h
		reply(w, http.StatusOK, inf)
	}))
	mux.HandleFunc("POST /episodes/{id}/grade", c.withEpisode(func(w http.ResponseWriter, r *http.Request, id string, ep *world.Episode) {
		if ep.Task() == nil {
			fail(w, http.StatusConflict, fmt.Sprintf("episode %s has no task to grade against; create episodes with a task", id))
			return
		}
		// ?grader=mercury-grader/1 regrades with an earlier rule, to
		// compare with reports made under it.
		grader := r.URL.Query().Get("grader")
		if err := checkGrader(grader); err != nil {
			fail(w, http.StatusBadRequest, strings.TrimPrefix(err.Error(), "--"))
			return
		}
		rep, err := verifier.GradeWith(r.Context(), ep, ep.Task(), verifier.Options{Grader: grader})
		if err != nil {
			fail(w, http.StatusInternalServerError, err.Error())
			return
		}
		reply(w, http.StatusOK, rep)
	}))
	mux.HandleFunc("GET /episodes/{id}/trajectory", c.withEpisode(func(w http.ResponseWriter, r *http.Request, id string, ep *world.Episode) {
		var buf bytes.Buffer
		h, err := ep.Header(r.Context())
		if err != nil {
			fail(w, http.StatusInternalServerError, err.Error())
			return
		}
		tw, _ := world.NewTrajectoryWriter(&buf, h, nil)
		calls := ep.Trajectory()
		for _, e := range calls {
			tw.Call(e)
		}
		hash, err := ep.StateHash(r.Context())
		if err != nil {
			fail(w, http.StatusInternalServerError, err.Error())
			return
		}
		tw.End(world.TrajectoryEnd{FinalStateHash: hash, Calls: len(calls)})
		w.Header().Set("Content-Type", "application/jsonl")
		w.Write(buf.Bytes())
	}))
	mux.HandleFunc("POST /episodes/{id}/fork", c.withEpisode(func(w http.ResponseWriter, r *http.Request, id string, ep *world.Episode) {
		var req struct {
			ID string `json:"id"`
		}
		if !decode(w, r, &req) {
			return
		}
		newID, ok := c.pickID(w, req.ID)
		if !ok {
			return
		}
		f, err := ep.Fork(r.Context())
		if err != nil {
			fail(w, http.StatusInternalServerError, err.Error())
			return
		}
		if err := c.episodes.Put(newID, f); err != nil {
			f.Close()
			fail(w, http.StatusConflict, err.Error())
			return
		}
		inf := c.info(newID, f)
		inf.ForkedOf = id
		reply(w, http.StatusCreated, inf)
	}))
	mux.HandleFunc("DELETE /episodes/{id}", func(w http.ResponseWriter, r *http.Request) {
		if !c.episodes.Delete(r.PathValue("id")) {
			fail(w, http.StatusNotFound, fmt.Sprintf("no episode %q", r.PathValue("id")))
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
	return mux
}

func (c *control) create(w http.ResponseWriter, r *http.Request) {
	var req struct {
		ID   string `json:"id"`
		Task string `json:"task"`
	}
	if !decode(w, r, &req) {
		return
	}
	var task *world.Task
	if req.Task != "" {
		t, ok := c.world.Task(req.Task)
		if !ok {
			fail(w, http.StatusBadRequest, fmt.Sprintf("unknown task %q (tasks: %s)", req.Task, strings.Join(c.world.TaskIDs(), ", ")))
			return
		}
		task = t
	}
	id, ok := c.pickID(w, req.ID)
	if !ok {
		return
	}
	ep, err := c.world.NewEpisode(r.Context(), task)
	if err != nil {
		fail(w, http.StatusInternalServerError, err.Error())
		return
	}
	if err := c.episodes.Put(id, ep); err != nil {
		ep.Close()
		code := http.StatusConflict
		if errors.Is(err, world.ErrTooManyEpisodes) {
			code = http.StatusServiceUnavailable
		}
		fail(w, code, err.Error())
		return
	}
	reply(w, http.StatusCreated, c.info(id, ep))
}

// pickID validates a requested id or makes one.
func (c *control) pickID(w http.ResponseWriter, id string) (string, bool) {
	if id == "" {
		for {
			id = fmt.Sprintf("ep-%06d", c.next.Add(1))
			if _, err := c.episodes.Lookup(id); err != nil {
				return id, true
			}
		}
	}
	if !world.ValidEpisodeID(id) {
		fail(w, http.StatusBadRequest, fmt.Sprintf("bad episode id %q: use 1-128 of A-Z a-z 0-9 . _ -, starting with a letter or digit", id))
		return "", false
	}
	return id, true
}

func (c *control) withEpisode(fn func(http.ResponseWriter, *http.Request, string, *world.Episode)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("id")
		ep, err := c.episodes.Lookup(id)
		if err != nil {
			fail(w, http.StatusNotFound, fmt.Sprintf("no episode %q (create it with POST /episodes, or by its first MCP request)", id))
			return
		}
		fn(w, r, id, ep)
	}
}

func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	body := http.MaxBytesReader(w, r.Body, 1<<20)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil && err.Error() != "EOF" {
		fail(w, http.StatusBadRequest, "bad JSON body: "+err.Error())
		return false
	}
	return true
}

func reply(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	writeJSON(w, v)
}

func fail(w http.ResponseWriter, code int, msg string) {
	reply(w, code, map[string]string{"error": msg})
}
