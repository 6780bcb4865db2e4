package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/mercury/mcp-world/world"
)

// scriptedModel is an OpenAI-compatible chat-completions server for tests.
// It is a script, not a model: the model name picks what it plays, and it
// reads the conversation so far to know its next move.
//
//   - reference: the task's reference solution, one call a turn, then stops
//   - wrong-tool: calls a tool that does not exist, then stops
//   - malformed: a tool call whose arguments are not JSON, then the solution
//   - rate-limited: answers each distinct request once with 429, then as
//     reference (k trials send the same requests: 4 distinct on mini)
//   - flaky: drops the connection of the first distinct request, answers
//     each other distinct request once with 503, then as reference
//   - overflow: one solution call, then says the context is full
//   - slow: the reference, 100 ms a turn
//
// It checks what a real endpoint would reject: a missing model, tools not
// in function form, tool answers without the id of their call.
type scriptedModel struct {
	t         *testing.T
	solutions map[string][]world.Call // by user prompt
	key       string                  // Bearer token wanted; "" for none

	mu       sync.Mutex
	requests int
	seen     map[[32]byte]bool
	dropped  bool
}

func newScriptedModel(t *testing.T, worlds ...*world.World) (*scriptedModel, string) {
	m := &scriptedModel{t: t, solutions: map[string][]world.Call{}, seen: map[[32]byte]bool{}}
	for _, w := range worlds {
		for _, task := range w.Tasks() {
			_, user := taskPrompts(w, task)
			m.solutions[user] = task.Spec().Solution
		}
	}
	srv := httptest.NewServer(http.HandlerFunc(m.serve))
	t.Cleanup(srv.Close)
	return m, srv.URL + "/v1"
}

func (m *scriptedModel) count() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.requests
}

func apiError(w http.ResponseWriter, code int, msg, typ string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": msg, "type": typ, "code": typ}})
}

func (m *scriptedModel) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	m.mu.Lock()
	m.requests++
	first := !m.seen[sha256.Sum256(body)]
	m.seen[sha256.Sum256(body)] = true
	m.mu.Unlock()
	if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
		apiError(w, 404, "no route "+r.URL.Path, "not_found")
		return
	}
	if m.key != "" && r.Header.Get("Authorization") != "Bearer "+m.key {
		apiError(w, 401, "Incorrect API key provided", "invalid_api_key")
		return
	}
	var req struct {
		Model    string `json:"model"`
		Messages []struct {
			Role       string     `json:"role"`
			Content    *string    `json:"content"`
			ToolCalls  []toolCall `json:"tool_calls"`
			ToolCallID string     `json:"tool_call_id"`
		} `json:"messages"`
		Tools []openAITool `json:"tools"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		apiError(w, 400, "bad JSON: "+err.Error(), "invalid_request_error")
		return
	}
	if req.Model == "" || len(req.Messages) < 2 || req.Messages[0].Role != "system" || req.Messages[1].Role != "user" || len(req.Tools) == 0 {
		apiError(w, 400, "want model, a system and a user message, and tools", "invalid_request_error")
		return
	}
	for _, t := range req.Tools {
		if t.Type != "function" || t.Function.Name == "" || len(t.Function.Parameters) == 0 {
			apiError(w, 400, "tools must be functions with parameters", "invalid_request_error")
			return
		}
	}
	pending := map[string]bool{}
	turn := 0
	for _, msg := range req.Messages[2:] {
		switch msg.Role {
		case "assistant":
			if len(pending) > 0 {
				apiError(w, 400, "tool calls without answers", "invalid_request_error")
				return
			}
			turn++
			for _, tc := range msg.ToolCalls {
				pending[tc.ID] = true
			}
		case "tool":
			if !pending[msg.ToolCallID] {
				apiError(w, 400, fmt.Sprintf("tool message answers unknown call %q", msg.ToolCallID), "invalid_request_error")
				return
			}
			delete(pending, msg.ToolCallID)
		}
	}
	solution := m.solutions[*req.Messages[1].Content]
	if solution == nil {
		apiError(w, 400, "the scripted model knows no such task", "invalid_request_error")
		return
	}
	play := func(i int) {
		if i < len(solution) {
			args, _ := json.Marshal(solution[i].Args)
			answer(w, len(req.Messages), solution[i].Tool, string(args))
		} else {
			answer(w, len(req.Messages), "", "")
		}
	}
	switch req.Model {
	case "reference":
		play(turn)
	case "slow":
		time.Sleep(100 * time.Millisecond)
		play(turn)
	case "wrong-tool":
		if turn == 0 {
			answer(w, len(req.Messages), "refund_everything", `{}`)
		} else {
			answer(w, len(req.Messages), "", "")
		}
	case "malformed":
		if turn == 0 {
			answer(w, len(req.Messages), solution[0].Tool, `{"order_id": "ORD-`)
		} else {
			play(turn - 1)
		}
	case "rate-limited":
		if first {
			w.Header().Set("Retry-After", "0")
			apiError(w, 429, "Rate limit reached for requests", "rate_limit_exceeded")
			return
		}
		play(turn)
	case "flaky":
		// The drop takes the place of one distinct request's 503, so the
		// retries are one per distinct request whichever of two
		// concurrent episodes gets there first (deciding the drop apart
		// from first let a dropped duplicate and its 503 both count).
		m.mu.Lock()
		drop := first && !m.dropped
		if drop {
			m.dropped = true
		}
		m.mu.Unlock()
		if drop {
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close()
			return
		}
		if first {
			w.Header().Set("Retry-After", "0")
			apiError(w, 503, "upstream overloaded", "server_error")
			return
		}
		play(turn)
	case "overflow":
		if turn == 0 {
			play(0)
			return
		}
		apiError(w, 400, "This model's maximum context length is 8192 tokens. However, your messages resulted in 9001 tokens.", "context_length_exceeded")
	default:
		apiError(w, 404, "The model `"+req.Model+"` does not exist", "model_not_found")
	}
}

// answer writes a chat completion: one tool call, or a final text when
// tool is "". Token counts depend only on how many messages the request
// has, so runs are reproducible and goldens do not move with tool texts.
func answer(w http.ResponseWriter, messages int, tool, args string) {
	msg := map[string]any{"role": "assistant", "content": nil}
	finish := "tool_calls"
	if tool == "" {
		msg["content"], finish = "Done: everything is in order.", "stop"
	} else {
		msg["tool_calls"] = []any{map[string]any{"id": "call_" + tool, "type": "function", "function": map[string]any{"name": tool, "arguments": args}}}
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-scripted", "object": "chat.completion", "model": "scripted",
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}},
		"usage":   map[string]any{"prompt_tokens": 250 * messages, "completion_tokens": 12, "total_tokens": 250*messages + 12},
	})
}

func loadMini(t *testing.T) *world.World {
	t.Helper()
	w, err := loadWorld(miniPath(t))
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func evalSummaryOf(t *testing.T, args ...string) evalSummary {
	t.Helper()
	var s evalSummary
	if err := json.Unmarshal([]byte(runCLI(t, append([]string{"eval", "--json"}, args...)...)), &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestEvalScriptedModels runs eval against each script on the mini world
// and checks what the summary counts.
func TestEvalScriptedModels(t *testing.T) {
	mini := loadMini(t)
	_, url := newScriptedModel(t, mini)
	tests := []struct {
		model   string
		success float64
		check   func(evalSummary) string
	}{
		{"reference", 1, func(s evalSummary) string {
			if s.Statuses["stopped"] != 2 || s.MeanToolCalls != 3 || s.PassK[1].Value != 1 {
				return "want 2 stopped episodes, 3 calls each, pass^2 1"
			}
			return ""
		}},
		{"wrong-tool", 0, func(s evalSummary) string {
			if s.ToolErrors != 2 || s.MeanScore >= 1 || s.PassK[0].Value != 0 {
				return "want 2 tool errors, a score below 1, pass^1 0"
			}
			return ""
		}},
		{"malformed", 1, func(s evalSummary) string {
			if s.Malformed != 2 || s.MeanToolCalls != 4 {
				return "want one malformed call per episode, then the solution"
			}
			return ""
		}},
		{"rate-limited", 1, func(s evalSummary) string {
			if s.RateLimited != 4 || s.Retries != 4 {
				return "want each of the 4 distinct requests rate limited once and retried"
			}
			return ""
		}},
		{"flaky", 1, func(s evalSummary) string {
			if s.Retries != 4 || s.RateLimited != 0 {
				return "want one retry after a dropped connection and 3 after a 503"
			}
			return ""
		}},
		{"overflow", 0, func(s evalSummary) string {
			if s.Statuses["context_overflow"] != 2 || s.MeanToolCalls != 1 || s.MeanScore <= 0 {
				return "want both episodes ended by context overflow after one call, graded on their state"
			}
			return ""
		}},
		{"no-such-model", 0, func(s evalSummary) string {
			if s.Statuses["api_error"] != 2 {
				return "want both episodes counted as API errors"
			}
			return ""
		}},
	}
	for _, tc := range tests {
		t.Run(tc.model, func(t *testing.T) {
			s := evalSummaryOf(t, "--world", miniPath(t), "--base-url", url, "--model", tc.model, "--k", "2", "--concurrency", "2", "--out", t.TempDir())
			if s.SuccessRate != tc.success || s.Episodes != 2 {
				t.Errorf("success %v over %d episodes, want %v over 2", s.SuccessRate, s.Episodes, tc.success)
			}
			if msg := tc.check(s); msg != "" {
				b, _ := json.MarshalIndent(s, "", " ")
				t.Errorf("%s; got\n%s", msg, b)
			}
		})
	}
}

// TestEvalDefaultWorld plays every task of the default world with the
// reference script: all succeed, every episode leaves a trajectory that
// replays and a report, and the text summary is pinned by a golden file.
func TestEvalDefaultWorld(t *testing.T) {
	def, _ := loadWorld("")
	m, url := newScriptedModel(t, def)
	m.key = "sk-test"
	t.Setenv("SCRIPTED_KEY", "sk-test")
	out := t.TempDir()
	text := runCLI(t, "eval", "--base-url", url, "--model", "reference", "--api-key-env", "SCRIPTED_KEY", "--concurrency", "4", "--out", out)
	golden(t, "testdata/eval/default-reference.txt", []byte(text))
	results, err := readResults(filepath.Join(out, "results.jsonl"))
	if err != nil || len(results) != len(def.Tasks()) {
		t.Fatalf("%d results (%v), want %d", len(results), err, len(def.Tasks()))
	}
	for _, r := range results {
		if !r.Success {
			t.Errorf("%s: score %v (%s)", r.Task, r.Score, r.Error)
		}
		for _, f := range []string{"trajectory.jsonl", "messages.json", "report.json"} {
			if !fileExists(filepath.Join(out, r.Dir, f)) {
				t.Errorf("%s: no %s", r.Task, f)
			}
		}
	}
	r := results[0]
	replay := runCLI(t, "replay", "--task", r.Task, "--trajectory", filepath.Join(out, r.Dir, "trajectory.jsonl"))
	if !strings.Contains(replay, "score 1") {
		t.Errorf("replay of an eval trajectory:\n%s", replay)
	}
}

// TestEvalResume stops nothing by luck: it runs to the end, drops the
// last result as a killed run would, and checks that a second run asks
// the model only for the missing episode.
func TestEvalResume(t *testing.T) {
	m, url := newScriptedModel(t, loadMini(t))
	out := t.TempDir()
	args := []string{"--world", miniPath(t), "--base-url", url, "--model", "reference", "--k", "3", "--out", out}
	full := evalSummaryOf(t, args...)
	perEpisode := m.count() / 3
	if again := evalSummaryOf(t, args...); m.count() != 3*perEpisode || again.Episodes != 3 {
		t.Fatalf("a finished run asked the model again (%d requests) or lost episodes (%d)", m.count()-3*perEpisode, again.Episodes)
	}
	path := filepath.Join(out, "results.jsonl")
	lines := readLines(t, path)
	os.WriteFile(path, []byte(strings.Join(lines[:2], "\n")+"\n"+`{"world":"mini-bakery","task":"invoice-`), 0o644) // killed mid-write
	before := m.count()
	resumed := evalSummaryOf(t, args...)
	if got := m.count() - before; got != perEpisode {
		t.Errorf("resume made %d requests, want %d (one episode)", got, perEpisode)
	}
	if resumed.Episodes != 3 || resumed.PassK[2].Value != full.PassK[2].Value {
		t.Errorf("resumed summary %+v, want %+v", resumed, full)
	}
	var stderr strings.Builder
	err := run(t.Context(), []string{"eval", "--world", miniPath(t), "--base-url", url, "--model", "other", "--out", out}, strings.NewReader(""), io.Discard, &stderr)
	if err == nil || !strings.Contains(err.Error(), "holds another run") {
		t.Errorf("another model into the same --out: %v", err)
	}
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}

// TestEvalInterruptAndResume stops a real eval process with SIGINT mid-run:
// it says how to resume and exits non-zero; the finished episodes are in
// results.jsonl; running the command again finishes the rest.
func TestEvalInterruptAndResume(t *testing.T) {
	m, url := newScriptedModel(t, loadMini(t))
	out := t.TempDir()
	args := []string{"eval", "--world", miniPath(t), "--base-url", url, "--model", "slow", "--k", "6", "--concurrency", "1", "--out", out}
	cmd := self(t, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Each episode takes 4 turns of 100 ms: stop during the third or so.
	for m.count() < 9 {
		time.Sleep(10 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	if err == nil || !strings.Contains(stderr.String(), "run the same command again to resume") {
		t.Fatalf("interrupted eval: %v\n%s", err, stderr.String())
	}
	first, _ := readResults(filepath.Join(out, "results.jsonl"))
	if len(first) < 1 || len(first) >= 6 {
		t.Fatalf("%d episodes finished before the interrupt, want some but not all", len(first))
	}
	for _, r := range first {
		if r.Status != "stopped" || !r.Success {
			t.Errorf("kept an unfinished episode: %+v", r)
		}
	}
	s := evalSummaryOf(t, args[1:]...)
	if s.Episodes != 6 || s.SuccessRate != 1 {
		t.Errorf("after resume: %d episodes, success %v", s.Episodes, s.SuccessRate)
	}
}
