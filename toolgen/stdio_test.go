package toolgen

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mercury/mcp-world/world"
)

// The hand-written tool response decodes to exactly what encoding/json
// makes of the same response through mcp-go.
func TestAppendToolResponse(t *testing.T) {
	for _, tc := range []struct {
		name string
		res  *mcp.CallToolResult
	}{
		{"structured", &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(`{"items":[{"name":"Café \"Kranzler\" <b>&</b>"}],"has_more":false}`)}, StructuredContent: json.RawMessage(`{"items":[{"name":"Café \"Kranzler\" <b>&</b>"}],"has_more":false}`)}},
		{"error", mcp.NewToolResultError("no deal d_9\twith\nid \x01 \u2028 \xff")},
		{"result type", &mcp.CallToolResult{Result: mcp.Result{ResultType: "complete"}, Content: []mcp.Content{mcp.NewTextContent("{}")}, RawStructuredContent: json.RawMessage(`{}`)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			id := json.RawMessage(`"req-7"`)
			got, ok := appendToolResponse(nil, id, tc.res)
			if !ok {
				t.Fatal("not encoded by hand")
			}
			if !strings.HasSuffix(string(got), "}\n") || strings.Count(string(got), "\n") != 1 {
				t.Errorf("not one line: %q", got)
			}
			want, err := json.Marshal(mcp.NewJSONRPCResultResponse(mcp.NewRequestId("req-7"), tc.res))
			if err != nil {
				t.Fatal(err)
			}
			var g, w any
			if err := json.Unmarshal(got, &g); err != nil {
				t.Fatalf("invalid JSON %s: %v", got, err)
			}
			json.Unmarshal(want, &w)
			if d := cmp.Diff(w, g); d != "" {
				t.Errorf("(-encoding/json +by hand):\n%s", d)
			}
		})
	}
	// Anything else is left to encoding/json.
	for _, r := range []*mcp.CallToolResult{
		{Content: []mcp.Content{mcp.NewTextContent("a"), mcp.NewTextContent("b")}},
		{Content: []mcp.Content{mcp.NewImageContent("AAAA", "image/png")}},
		{Content: []mcp.Content{mcp.NewTextContent("a")}, StructuredContent: map[string]any{"a": 1}},
		{Result: mcp.Result{Meta: &mcp.Meta{}}, Content: []mcp.Content{mcp.NewTextContent("a")}},
	} {
		if b, ok := appendToolResponse(nil, json.RawMessage(`1`), r); ok {
			t.Errorf("encoded by hand: %s", b)
		}
	}
}

// rawStdio serves the mini world with ServeStdio over pipes and returns
// the client's ends.
func rawStdio(t *testing.T) (io.WriteCloser, *bufio.Scanner, <-chan error) {
	t.Helper()
	w := mini(t)
	ctx := context.Background()
	ep, err := w.NewEpisode(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ep.Close() })
	s := NewServer(w, func(context.Context) (*world.Episode, error) { return ep, nil }, Options{})
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := ServeStdio(ctx, s, inR, outW, nil)
		outW.Close()
		done <- err
	}()
	t.Cleanup(func() { inW.Close(); outR.Close() })
	return inW, bufio.NewScanner(outR), done
}

// Requests written before the input ends are all answered, then the
// server returns; a line that is not JSON gets a parse error and the
// session goes on.
func TestServeStdioAnswersBeforeEOF(t *testing.T) {
	in, out, done := rawStdio(t)
	const n = 40
	var sb strings.Builder
	sb.WriteString(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}` + "\n")
	sb.WriteString(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
	sb.WriteString("not json\n\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&sb, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"search_customers","arguments":{"query":"a"}}}`+"\n", i)
	}
	go func() {
		io.WriteString(in, sb.String())
		in.Close()
	}()
	seen := map[float64]bool{}
	parseErrors := 0
	for out.Scan() {
		var resp struct {
			ID     *float64 `json:"id"`
			Result *struct {
				IsError bool `json:"isError"`
			} `json:"result"`
			Error *struct{ Code int } `json:"error"`
		}
		if err := json.Unmarshal(out.Bytes(), &resp); err != nil {
			t.Fatalf("bad line %s: %v", out.Bytes(), err)
		}
		switch {
		case resp.ID == nil && resp.Error != nil && resp.Error.Code == mcp.PARSE_ERROR:
			parseErrors++
		case resp.ID != nil && resp.Result != nil && !resp.Result.IsError:
			seen[*resp.ID] = true
		default:
			t.Errorf("unexpected answer %s", out.Bytes())
		}
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("ServeStdio: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ServeStdio did not return after the input ended")
	}
	if len(seen) != n+1 || parseErrors != 1 {
		t.Errorf("%d answers and %d parse errors, want %d and 1", len(seen), parseErrors, n+1)
	}
}

// A plain tools/call answered directly gets the same answer as through
// mcp-go's HandleMessage; calls that are not plain are left to mcp-go.
func TestCallDirect(t *testing.T) {
	w := mini(t)
	ctx := context.Background()
	ep, err := w.NewEpisode(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ep.Close()
	s := NewServer(w, func(context.Context) (*world.Episode, error) { return ep, nil }, Options{})
	for _, tc := range []struct{ name, params string }{
		{"search", `{"name":"search_customers","arguments":{"query":"a","limit":1}}`},
		{"no arguments", `{"name":"search_customers"}`},
		{"bad arguments", `{"name":"search_customers","arguments":{"limit":"x","nope":1}}`},
		{"unknown record", `{"name":"get_order","arguments":{"order_id":"ORD-99999"}}`},
		{"point read", `{"name":"get_order","arguments":{"order_id":"ORD-00001"}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			line := []byte(`{"jsonrpc":"2.0","id":"r1","method":"tools/call","params":` + tc.params + `}`)
			c := plainToolCall("2.0", "tools/call", json.RawMessage(tc.params))
			if c == nil {
				t.Fatal("not a plain tool call")
			}
			direct, ok := callDirect(ctx, s, json.RawMessage(`"r1"`), c, nil)
			if !ok {
				t.Fatal("not answered directly")
			}
			var via bytesWriter
			lw := &lineWriter{w: bufio.NewWriter(&via)}
			lw.writeResponse(json.RawMessage(`"r1"`), handle(ctx, s, line, nil))
			var a, b any
			if err := json.Unmarshal(direct, &a); err != nil {
				t.Fatalf("direct answer %s: %v", direct, err)
			}
			json.Unmarshal(via.b, &b)
			if d := cmp.Diff(b, a); d != "" {
				t.Errorf("(-HandleMessage +direct):\n%s", d)
			}
		})
	}
	for _, p := range []string{
		`{"name":"search_customers","arguments":{},"_meta":{"progressToken":1}}`,
		`{"name":"search_customers","task":{}}`,
		`{"arguments":{}}`,
		`[1]`,
	} {
		if c := plainToolCall("2.0", "tools/call", json.RawMessage(p)); c != nil {
			t.Errorf("%s counted as a plain call", p)
		}
	}
	if c := plainToolCall("1.0", "tools/call", json.RawMessage(`{"name":"x"}`)); c != nil {
		t.Error("jsonrpc 1.0 counted as a plain call")
	}
	if _, ok := callDirect(ctx, s, json.RawMessage(`1`), &toolCall{name: "no_such_tool"}, nil); ok {
		t.Error("an unknown tool was answered directly")
	}
}

type bytesWriter struct{ b []byte }

func (w *bytesWriter) Write(p []byte) (int, error) { w.b = append(w.b, p...); return len(p), nil }

// A call that comes alone (nothing else read, nothing handed out) is
// served on the read loop itself, so a request written while it runs
// waits for it; requests read together, or while others are handed out,
// are served by the workers concurrently, so a quick one is answered
// while a slow one still runs.
func TestServeStdioLoneCallsOnReadLoop(t *testing.T) {
	s := server.NewMCPServer("t", "0")
	release := make(chan struct{})
	s.AddTool(mcp.NewTool("slow"), func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		select {
		case <-release:
		case <-ctx.Done():
		}
		return mcp.NewToolResultText("slow"), nil
	})
	s.AddTool(mcp.NewTool("quick"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("quick"), nil
	})
	inR, in := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := ServeStdio(context.Background(), s, inR, outW, nil)
		outW.Close()
		done <- err
	}()
	answers := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			answers <- sc.Text()
		}
		close(answers)
	}()
	next := func(within time.Duration) (string, bool) {
		select {
		case a := <-answers:
			return a, true
		case <-time.After(within):
			return "", false
		}
	}
	call := func(id int, tool string) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":{}}}`+"\n", id, tool)
	}
	io.WriteString(in, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`+"\n")
	if _, ok := next(10 * time.Second); !ok {
		t.Fatal("no answer to initialize")
	}
	io.WriteString(in, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")

	// Alone: the slow call holds the read loop, so the quick one waits.
	io.WriteString(in, call(1, "slow"))
	time.Sleep(50 * time.Millisecond) // the loop has read it, alone
	// An io.Pipe write returns once read: from a goroutine, as the
	// loop reads nothing while it serves.
	go io.WriteString(in, call(2, "quick"))
	if a, ok := next(200 * time.Millisecond); ok {
		t.Errorf("answered while a lone call held the read loop: %s", a)
	}
	release <- struct{}{}
	for _, want := range []string{`"id":1,`, `"id":2,`} {
		if a, ok := next(10 * time.Second); !ok || !strings.Contains(a, want) {
			t.Fatalf("got %q (%v), want the answer with %s, in order", a, ok, want)
		}
	}

	// Together: the slow call goes to a worker and the quick one is
	// answered while it runs.
	io.WriteString(in, call(3, "slow")+call(4, "quick"))
	if a, ok := next(10 * time.Second); !ok || !strings.Contains(a, `"id":4,`) {
		t.Fatalf("got %q (%v), want the quick call's answer while the slow one runs", a, ok)
	}
	release <- struct{}{}
	if a, ok := next(10 * time.Second); !ok || !strings.Contains(a, `"id":3,`) {
		t.Fatalf("got %q (%v), want the slow call's answer", a, ok)
	}
	in.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
