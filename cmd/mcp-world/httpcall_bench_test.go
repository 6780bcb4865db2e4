package main

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mercury/mcp-world/toolgen"
	"github.com/mercury/mcp-world/world"
)

// BenchmarkHTTPHandlerCall: one tools/call on a 2025-11-25 session of the
// plain /mcp endpoint, the request handed to the agent port's handler as
// serve --http builds it (guard, mux, toolgen's HTTP server; no OpenEnv
// routes) and the answer written to a recorder: the server's work per HTTP
// call above the connection (net/http's reading of the request and the
// socket writes are not in it). It is the path goload -lean drives, and
// cpu-µs/op is the process's CPU per call. With MERCURY_ANCHOR_BUNDLE set
// (the anchor's crm-anchor.json) it calls the anchor's two tools;
// otherwise the default world's point read.
//
//	MERCURY_ANCHOR_BUNDLE=…/crm-anchor.json go test ./cmd/mcp-world -run '^$' -bench HTTPHandlerCall -benchtime 20000x
func BenchmarkHTTPHandlerCall(b *testing.B) {
	type tc struct{ name, tool, args string }
	var w *world.World
	var cases []tc
	if p := os.Getenv("MERCURY_ANCHOR_BUNDLE"); p != "" {
		var err error
		if w, err = loadWorld(p); err != nil {
			b.Fatal(err)
		}
		cases = []tc{{"search", "crm_search_contacts", `{"query":"an"}`}, {"get", "crm_get_deal", `{"deal_id":"d_0007"}`}}
	} else {
		w = defaultWorld(b)
		tool, args := pointRead(b, w)
		cases = []tc{{"get", tool, string(args)}}
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			eps := world.NewEpisodes(w, world.RegistryOptions{})
			defer eps.CloseAll()
			log := slog.New(slog.DiscardHandler)
			h := toolgen.NewHTTP(w, eps, toolgen.HTTPOptions{AllowRemoteHosts: true})
			g := newGuard("mcp-world", "", httpSecurity{}, defaultLimits, rejectJSONRPC, log)
			mux := agentMux(g, h.Handler(), eps, 1000)
			post := func(sid, body string) *httptest.ResponseRecorder {
				r := httptest.NewRequest("POST", "/mcp", strings.NewReader(body))
				r.Header = http.Header{"Content-Type": {"application/json"}, "Accept": {"application/json, text/event-stream"}}
				if sid != "" {
					r.Header["Mcp-Session-Id"] = []string{sid}
					r.Header["Mcp-Protocol-Version"] = []string{"2025-11-25"}
				}
				rec := httptest.NewRecorder()
				mux.ServeHTTP(rec, r)
				return rec
			}
			rec := post("", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}`)
			sid := rec.Header().Get("Mcp-Session-Id")
			if rec.Code != http.StatusOK || sid == "" {
				b.Fatalf("initialize: %d %s", rec.Code, rec.Body)
			}
			post(sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			prefix := `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"` + c.tool + `","arguments":` + c.args + `},"id":`
			id := 0
			call := func() {
				id++
				rec := post(sid, prefix+strconv.Itoa(id)+"}\n")
				body, _ := io.ReadAll(rec.Body)
				if rec.Code != http.StatusOK || strings.Contains(string(body), `"isError":true`) || strings.Contains(string(body), `"error"`) {
					b.Fatalf("%s: %d %s", c.tool, rec.Code, body)
				}
			}
			call()
			cpu0 := cpuTime(b)
			for b.Loop() {
				call()
			}
			b.ReportMetric(float64((cpuTime(b)-cpu0).Microseconds())/float64(b.N), "cpu-µs/op")
		})
	}
}

// cpuTime is the process's CPU time so far (user and system).
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
