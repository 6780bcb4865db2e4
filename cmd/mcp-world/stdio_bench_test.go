package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// stdioSession runs "serve" in process over pipes, as a client's stdio
// transport would, and returns a function making one tools/call and
// waiting for its answer.
func stdioSession(b *testing.B, args ...string) func(tool, arguments string) string {
	b.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"serve", "--log-level", "error"}, args...), inR, outW, io.Discard)
	}()
	b.Cleanup(func() {
		inW.Close()
		cancel()
		outR.Close()
		<-done
	})
	sc := bufio.NewScanner(outR)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	id := 0
	send := func(msg string) string {
		id++
		if _, err := fmt.Fprintf(inW, msg+"\n", id); err != nil {
			b.Fatal(err)
		}
		want := fmt.Sprintf(`"id":%d,`, id)
		for sc.Scan() {
			if strings.Contains(sc.Text(), want) {
				return sc.Text()
			}
		}
		b.Fatalf("no answer to request %d: %v", id, sc.Err())
		return ""
	}
	send(`{"jsonrpc":"2.0","id":%d,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}`)
	io.WriteString(inW, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	return func(tool, arguments string) string {
		return send(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"` + tool + `","arguments":` + arguments + `}}`)
	}
}

// BenchmarkStdioCall: one tools/call over the stdio server, request line
// in, answer line out, in process (no process boundary, no client
// library): what the server adds on top of the call itself. With
// MERCURY_ANCHOR_BUNDLE set (the anchor's crm-anchor.json), it serves the
// anchor world's two tools; otherwise the default world's point read.
//
//	MERCURY_ANCHOR_BUNDLE=…/crm-anchor.json go test ./cmd/mcp-world -run '^$' -bench StdioCall -benchtime 2000x
func BenchmarkStdioCall(b *testing.B) {
	type tc struct{ name, tool, args string }
	var world string
	var cases []tc
	if p := os.Getenv("MERCURY_ANCHOR_BUNDLE"); p != "" {
		world = p
		cases = []tc{{"search", "crm_search_contacts", `{"query":"an"}`}, {"get", "crm_get_deal", `{"deal_id":"d_0007"}`}}
	} else {
		w := defaultWorld(b)
		tool, args := pointRead(b, w)
		world = w.Name()
		cases = []tc{{"get", tool, string(args)}}
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			call := stdioSession(b, "--world", world)
			if out := call(c.tool, c.args); strings.Contains(out, `"isError":true`) || strings.Contains(out, `"error"`) {
				b.Fatalf("%s: %s", c.tool, out)
			}
			var took []time.Duration
			for b.Loop() {
				start := time.Now()
				call(c.tool, c.args)
				took = append(took, time.Since(start))
			}
			reportMedian(b, took)
		})
	}
}
