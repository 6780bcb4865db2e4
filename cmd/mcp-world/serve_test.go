package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mercury/mcp-world/verifier"
	"github.com/mercury/mcp-world/world"
)

// self starts this test binary as mcp-world with args.
func self(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "MCP_WORLD_AS_MAIN=1")
	return cmd
}

func miniPath(t *testing.T) string {
	p, err := filepath.Abs("../../world/testdata/mini.json")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestKillLosesNoAnsweredCall kills a stdio server with SIGKILL after some
// answered calls: the state directory must still open, hold every
// answered call, grade and replay.
func TestKillLosesNoAnsweredCall(t *testing.T) {
	dir := t.TempDir()
	mini := miniPath(t)
	cmd := self(t, "serve", "--world", mini, "--task", "invoice-delivered-order", "--state-dir", dir, "--log-level", "error")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	answers := bufio.NewScanner(stdout)
	send := func(id int, method string, params any) map[string]any {
		t.Helper()
		msg, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
		fmt.Fprintf(stdin, "%s\n", msg)
		for answers.Scan() {
			var resp map[string]any
			json.Unmarshal(answers.Bytes(), &resp)
			if resp["id"] == float64(id) {
				return resp
			}
		}
		t.Fatalf("no answer to %s", method)
		return nil
	}
	send(1, "initialize", map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "kill-test", "version": "0"}})
	fmt.Fprintln(stdin, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	call := func(id int, tool string, args map[string]any) {
		resp := send(id, "tools/call", map[string]any{"name": tool, "arguments": args})
		if resp["result"] == nil {
			t.Fatalf("%s: %v", tool, resp)
		}
	}
	call(2, "update_order_status", map[string]any{"order_id": "ORD-00002", "status": "delivered"})
	call(3, "create_invoice", map[string]any{"order_ref": "ORD-00002", "customer_email": "kueche@adlon.example", "amount_cents": 12550})
	call(4, "get_order", map[string]any{"order_id": "ORD-404"}) // an answered error counts too
	cmd.Process.Kill()
	cmd.Wait()

	data, _ := os.ReadFile(mini)
	w, err := world.Compile(data)
	if err != nil {
		t.Fatal(err)
	}
	task, _ := w.Task("invoice-delivered-order")
	ctx := context.Background()
	ep, tr, err := openStateDir(ctx, w, task, dir)
	if err != nil {
		t.Fatalf("state dir after kill: %v", err)
	}
	defer ep.Close()
	if len(tr.Calls) != 3 || tr.End != nil {
		t.Fatalf("trajectory after kill: %d calls, end %v; want 3 calls and no end line", len(tr.Calls), tr.End)
	}
	rep, err := verifier.Grade(ctx, ep, task)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Success || !strings.Contains(strings.Join(rep.Failed(), " "), "invoice-sent") {
		t.Errorf("grade after kill: %v (the invoice was created but never sent)", rep.Failed())
	}
	// The replay of the cut trajectory reaches the same state.
	res, err := verifier.Replay(ctx, w, tr)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := ep.StateHash(ctx); !res.OK || res.StateHash != got {
		t.Errorf("replay after kill: ok=%v %v; state %s vs %s", res.OK, res.Mismatches, res.StateHash, got)
	}
}

var listening = regexp.MustCompile(`over streamable HTTP on (http://[0-9.:]+)`)
var controlLine = regexp.MustCompile(`Control API \(harness only\): (http://[0-9.:]+)`)

// TestControlAPI runs serve --http with --control in a subprocess and
// drives a harness session: create, call over MCP, fork, grade, export,
// delete. The control API must not be reachable on the agent port.
func TestControlAPI(t *testing.T) {
	cmd := self(t, "serve", "--world", miniPath(t), "--http", "127.0.0.1:0", "--control", "127.0.0.1:0", "--log-level", "error")
	var stderr bytes.Buffer
	pr, pw := io.Pipe()
	cmd.Stderr = io.MultiWriter(&stderr, pw)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() }()
	var agent, ctl string
	sc := bufio.NewScanner(pr)
	deadline := time.AfterFunc(10*time.Second, func() { pw.Close() })
	for (agent == "" || ctl == "") && sc.Scan() {
		if m := listening.FindStringSubmatch(sc.Text()); m != nil {
			agent = m[1]
		}
		if m := controlLine.FindStringSubmatch(sc.Text()); m != nil {
			ctl = m[1]
		}
	}
	deadline.Stop()
	go io.Copy(io.Discard, pr)
	if agent == "" || ctl == "" {
		t.Fatalf("no addresses in stderr:\n%s", stderr.String())
	}
	do := func(method, url, body string, want int) []byte {
		t.Helper()
		req, _ := http.NewRequest(method, url, strings.NewReader(body))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		out, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != want {
			t.Fatalf("%s %s: %d %s, want %d", method, url, resp.StatusCode, out, want)
		}
		return out
	}
	var created struct {
		ID     string `json:"id"`
		MCPURL string `json:"mcp_url"`
	}
	json.Unmarshal(do("POST", ctl+"/episodes", `{"id":"run-1","task":"invoice-delivered-order"}`, 201), &created)
	if created.MCPURL != agent+"/episodes/run-1/mcp" {
		t.Fatalf("mcp_url %q", created.MCPURL)
	}
	do("POST", ctl+"/episodes", `{"task":"nope"}`, 400)
	do("POST", ctl+"/episodes", `{"id":"run-1"}`, 409)

	// One stateless MCP request on the episode URL.
	mcpCall := func(url, tool, args string) string {
		body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"` + tool + `","arguments":` + args + `,"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"t","version":"0"},"io.modelcontextprotocol/clientCapabilities":{}}}}`
		req, _ := http.NewRequest("POST", url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
		req.Header.Set("Mcp-Method", "tools/call")
		req.Header.Set("Mcp-Name", tool)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		out, _ := io.ReadAll(resp.Body)
		return string(out)
	}
	if out := mcpCall(created.MCPURL, "update_order_status", `{"order_id":"ORD-00002","status":"delivered"}`); !strings.Contains(out, `delivered`) {
		t.Fatalf("stateless call: %s", out)
	}
	var fork struct {
		ID     string `json:"id"`
		MCPURL string `json:"mcp_url"`
	}
	json.Unmarshal(do("POST", ctl+"/episodes/run-1/fork", `{"id":"run-1b"}`, 201), &fork)
	for _, c := range [][2]string{
		{"create_invoice", `{"order_ref":"ORD-00002","customer_email":"kueche@adlon.example","amount_cents":12550}`},
		{"send_invoice", `{"invoice_id":"INV-00002"}`},
	} {
		if out := mcpCall(fork.MCPURL, c[0], c[1]); strings.Contains(out, `"isError":true`) {
			t.Fatalf("%s on fork: %s", c[0], out)
		}
	}
	var parent, child verifier.Report
	json.Unmarshal(do("POST", ctl+"/episodes/run-1/grade", "", 200), &parent)
	json.Unmarshal(do("POST", ctl+"/episodes/run-1b/grade", "", 200), &child)
	if parent.Success || !child.Success {
		t.Errorf("parent success=%v (want false), fork success=%v (want true)", parent.Success, child.Success)
	}
	var old verifier.Report
	json.Unmarshal(do("POST", ctl+"/episodes/run-1b/grade?grader=mercury-grader/1", "", 200), &old)
	if old.GraderVersion != verifier.GraderV1 || !old.Success || old.Progress != nil {
		t.Errorf("regrade with mercury-grader/1: %+v", old)
	}
	if out := do("POST", ctl+"/episodes/run-1b/grade?grader=nope", "", 400); !strings.Contains(string(out), `grader \"nope\": use one of mercury-grader/1, mercury-grader/2`) {
		t.Errorf("unknown grader: %s", out)
	}
	tr, err := world.ReadTrajectory(bytes.NewReader(do("GET", ctl+"/episodes/run-1b/trajectory", "", 200)))
	if err != nil || len(tr.Calls) != 3 || tr.End == nil {
		t.Fatalf("exported trajectory: %v %+v", err, tr)
	}
	// Nothing of the control API on the agent port.
	for _, p := range []string{"/episodes/run-1/grade", "/episodes/run-1/trajectory", "/episodes", "/healthz"} {
		resp, err := http.Post(agent+p, "application/json", strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		out, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode == 200 || strings.Contains(string(out), "score") {
			t.Errorf("agent port answers %s: %d %s", p, resp.StatusCode, out)
		}
	}
	do("DELETE", ctl+"/episodes/run-1", "", 204)
	do("DELETE", ctl+"/episodes/run-1", "", 404)
	do("POST", ctl+"/episodes/run-1/grade", "", 404)
}

// TestShutdownWithOpenStream: SIGTERM while a client holds a listening
// stream open ends the server promptly and cleanly.
func TestShutdownWithOpenStream(t *testing.T) {
	cmd := self(t, "serve", "--world", miniPath(t), "--http", "127.0.0.1:0", "--log-level", "error")
	pr, pw := io.Pipe()
	cmd.Stderr = pw
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	sc := bufio.NewScanner(pr)
	var agent string
	for agent == "" && sc.Scan() {
		if m := listening.FindStringSubmatch(sc.Text()); m != nil {
			agent = m[1]
		}
	}
	go io.Copy(io.Discard, pr)
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`
	req, _ := http.NewRequest("POST", agent+"/mcp", strings.NewReader(init))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.ReadAll(resp.Body)
	resp.Body.Close()
	sid := resp.Header.Get("Mcp-Session-Id")
	get, _ := http.NewRequest("GET", agent+"/mcp", nil)
	get.Header.Set("Accept", "text/event-stream")
	get.Header.Set("Mcp-Session-Id", sid)
	get.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	stream, err := http.DefaultClient.Do(get)
	if err != nil || stream.StatusCode != 200 {
		t.Fatalf("listening stream: %v %v", err, stream.Status)
	}
	defer stream.Body.Close()
	start := time.Now()
	cmd.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("exit after SIGINT with an open stream: %v", err)
		}
		if took := time.Since(start); took > 2*time.Second {
			t.Errorf("shutdown took %s", took)
		}
	case <-time.After(8 * time.Second):
		t.Fatal("server did not stop")
	}
}
