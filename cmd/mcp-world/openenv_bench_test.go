package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/mercury/mcp-world/toolgen"
	"github.com/mercury/mcp-world/world"
)

// openEnvServer serves the default world's agent port, OpenEnv included,
// on loopback.
func openEnvServer(b testing.TB) string {
	w, err := loadWorld("")
	if err != nil {
		b.Fatal(err)
	}
	eps := world.NewEpisodes(w, world.RegistryOptions{})
	oe := newOpenEnv(w, eps, nil, "bench", nil)
	srv := httptest.NewServer(withOpenEnv(toolgen.NewHTTP(w, eps, toolgen.HTTPOptions{}).Handler(), oe))
	b.Cleanup(func() { oe.close(); srv.Close(); eps.CloseAll() })
	return srv.URL
}

const benchStep = `{"episode_id":"bench","action":{"type":"call_tool","tool_name":"get_shipment","arguments":{"shipment_id":"SHP-00031"}}}`

func reportP50(b *testing.B, took []time.Duration) {
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds()), "p99-µs")
}

// BenchmarkOpenEnvStepHTTP is one OpenEnv step over HTTP on loopback: a
// point read (get_shipment), request to answer, keep-alive connection.
func BenchmarkOpenEnvStepHTTP(b *testing.B) {
	url := openEnvServer(b)
	if resp, err := http.Post(url+"/reset", "application/json", strings.NewReader(`{"episode_id":"bench"}`)); err != nil || resp.StatusCode != 200 {
		b.Fatal(err, resp)
	}
	var took []time.Duration
	for b.Loop() {
		t0 := time.Now()
		resp, err := http.Post(url+"/step", "application/json", strings.NewReader(benchStep))
		if err != nil || resp.StatusCode != 200 {
			b.Fatal(err, resp)
		}
		io.Copy(io.Discard, resp.Body) // read to the end, so the connection is reused
		resp.Body.Close()
		took = append(took, time.Since(t0))
	}
	reportP50(b, took)
}

// BenchmarkOpenEnvStepWS is the same step over one WebSocket.
func BenchmarkOpenEnvStepWS(b *testing.B) {
	url := openEnvServer(b)
	ctx := context.Background()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http")+"/ws", nil)
	if err != nil {
		b.Fatal(err)
	}
	defer c.CloseNow()
	rt := func(msg string) {
		if err := c.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
			b.Fatal(err)
		}
		if _, _, err := c.Read(ctx); err != nil {
			b.Fatal(err)
		}
	}
	rt(`{"type":"reset","data":{}}`)
	step := `{"type":"step","data":{"type":"call_tool","tool_name":"get_shipment","arguments":{"shipment_id":"SHP-00031"}}}`
	var took []time.Duration
	for b.Loop() {
		t0 := time.Now()
		rt(step)
		took = append(took, time.Since(t0))
	}
	reportP50(b, took)
}
