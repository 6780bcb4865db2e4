package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// needTool finds a program the test needs. Without it the test is
// skipped, unless CI is set: CI installs it (.ci/run), so its absence
// there is a failure.
func needTool(t *testing.T, names ...string) string {
	t.Helper()
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
		for _, dir := range []string{"/usr/sbin", "/usr/bin"} {
			if p := filepath.Join(dir, n); fileExists(p) {
				return p
			}
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s not found, and CI is set: .ci/run installs it", names[0])
	}
	t.Skipf("%s not installed (apt-get install %s); CI runs this test", names[0], names[0])
	return ""
}

// proxyConf reads the nginx configuration out of deploy/k8s/serve.yaml and
// points it at local replicas: only the lines marked REPLICAS and
// CONTROL-MAP change, and the listen ports.
func proxyConf(t *testing.T, agents, controls []string, agentPort, controlPort int) string {
	t.Helper()
	b, err := os.ReadFile("../../deploy/k8s/serve.yaml")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "  mercury.conf: |\n")
	if !ok {
		t.Fatal("deploy/k8s/serve.yaml has no mercury.conf")
	}
	var lines []string
	for _, l := range strings.Split(rest, "\n") {
		if l != "" && !strings.HasPrefix(l, "    ") {
			break
		}
		l = strings.TrimPrefix(l, "    ")
		switch {
		case strings.Contains(l, "# REPLICAS"):
			for _, a := range agents {
				lines = append(lines, "    server "+a+";")
			}
			continue
		case strings.Contains(l, "# CONTROL-MAP"):
			for i, a := range agents {
				lines = append(lines, fmt.Sprintf("    %s %s;", a, controls[i]))
			}
			continue
		case strings.HasPrefix(strings.TrimSpace(l), "resolver "):
			continue // local addresses need no DNS
		case strings.TrimSpace(l) == "listen 8080;":
			l = fmt.Sprintf("    listen 127.0.0.1:%d;", agentPort)
		case strings.TrimSpace(l) == "listen 8081;":
			l = fmt.Sprintf("    listen 127.0.0.1:%d;", controlPort)
		}
		lines = append(lines, l)
	}
	return strings.Join(lines, "\n")
}

func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// TestReplicasBehindNginx runs two serve replicas behind nginx with the
// proxy configuration of deploy/k8s/serve.yaml. Many episodes, over MCP
// and OpenEnv, each make several requests: every request of an episode
// reaches one replica (nginx's access log says which), both replicas get
// episodes, each episode lives on exactly one, and the control port
// through the proxy grades the right one.
func TestReplicasBehindNginx(t *testing.T) {
	nginx := needTool(t, "nginx")
	var agents, controls []string
	// Both replicas share one control token, so the control proxy in
	// front of them can use it.
	tokenFile := filepath.Join(t.TempDir(), "control-token")
	os.WriteFile(tokenFile, []byte("replicas-control-token-0123456789abcdef\n"), 0o600)
	cc := &http.Client{Transport: withToken{"replicas-control-token-0123456789abcdef"}}
	for range 2 {
		s := startServe(t, nil, "--task", "invoice-delivered-order", "--control", "127.0.0.1:0", "--control-token-file", tokenFile)
		a, c := s.agent, s.control
		agents = append(agents, strings.TrimPrefix(a, "http://"))
		controls = append(controls, strings.TrimPrefix(c, "http://"))
	}
	dir := t.TempDir()
	agentPort, controlPort := freePort(t), freePort(t)
	conf := fmt.Sprintf(`daemon off;
master_process off;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log warn;
events { worker_connections 256; }
http {
    log_format episode '$request_uri $upstream_addr $status';
    access_log %[1]s/access.log episode;
    client_body_temp_path %[1]s/body;
    proxy_temp_path %[1]s/proxy;
    fastcgi_temp_path %[1]s/fastcgi;
    uwsgi_temp_path %[1]s/uwsgi;
    scgi_temp_path %[1]s/scgi;
%[2]s
}
`, dir, proxyConf(t, agents, controls, agentPort, controlPort))
	os.WriteFile(filepath.Join(dir, "nginx.conf"), []byte(conf), 0o644)
	cmd := exec.Command(nginx, "-p", dir, "-c", filepath.Join(dir, "nginx.conf"))
	out, _ := os.Create(filepath.Join(dir, "stderr"))
	cmd.Stderr, cmd.Stdout = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	proxy := fmt.Sprintf("http://127.0.0.1:%d", agentPort)
	ctlProxy := fmt.Sprintf("http://127.0.0.1:%d", controlPort)
	for i := 0; ; i++ {
		if resp, err := http.Get(proxy + "/health"); err == nil {
			resp.Body.Close()
			break
		}
		if i == 100 {
			b, _ := os.ReadFile(filepath.Join(dir, "stderr"))
			e, _ := os.ReadFile(filepath.Join(dir, "error.log"))
			t.Fatalf("nginx did not start:\n%s\n%s\n%s", b, e, conf)
		}
		time.Sleep(50 * time.Millisecond)
	}

	const n = 16
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprintf("ep-%02d", i)
			if i%2 == 0 {
				errs[i] = mcpEpisode(proxy, id)
			} else {
				errs[i] = openEnvEpisode(proxy, id)
			}
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("episode %d: %v", i, err)
		}
	}

	// Each episode's requests went to one replica.
	logb, _ := os.ReadFile(filepath.Join(dir, "access.log"))
	byEpisode := map[string]map[string]bool{}
	line := regexp.MustCompile(`^/episodes/([^/]+)/\S* (\S+) (\d+)$`)
	for _, l := range strings.Split(strings.TrimSpace(string(logb)), "\n") {
		if m := line.FindStringSubmatch(l); m != nil {
			if byEpisode[m[1]] == nil {
				byEpisode[m[1]] = map[string]bool{}
			}
			byEpisode[m[1]][m[2]] = true
		}
	}
	perReplica := map[string]int{}
	for i := range n {
		id := fmt.Sprintf("ep-%02d", i)
		ups := byEpisode[id]
		if len(ups) != 1 {
			t.Errorf("%s reached %d upstreams: %v", id, len(ups), ups)
		}
		for u := range ups {
			perReplica[u]++
		}
	}
	t.Logf("episodes per replica: %v (%d log lines)", perReplica, strings.Count(string(logb), "\n"))
	if len(perReplica) != 2 {
		t.Errorf("episodes per replica %v: want both replicas used", perReplica)
	}

	// Each episode lives on exactly one replica, with only its own calls.
	holder := map[string]int{}
	for r, c := range controls {
		var list struct {
			Episodes []struct {
				ID    string
				Calls int
			}
		}
		getJSON(t, cc, "http://"+c+"/episodes", &list)
		for _, e := range list.Episodes {
			holder[e.ID]++
			if e.Calls != 3 {
				t.Errorf("replica %d: %s has %d calls, want its own 3", r, e.ID, e.Calls)
			}
		}
	}
	for i := range n {
		if id := fmt.Sprintf("ep-%02d", i); holder[id] != 1 {
			t.Errorf("%s is held by %d replicas", id, holder[id])
		}
	}

	// The control port through the proxy finds each episode's replica.
	for i := range n {
		id := fmt.Sprintf("ep-%02d", i)
		resp, err := cc.Post(ctlProxy+"/episodes/"+id+"/grade", "application/json", nil)
		if err != nil {
			t.Fatal(err)
		}
		var rep struct{ Score float64 }
		json.NewDecoder(resp.Body).Decode(&rep)
		resp.Body.Close()
		if resp.StatusCode != 200 || rep.Score != 1 {
			t.Errorf("grade of %s through the control proxy: %s, score %v", id, resp.Status, rep.Score)
		}
	}
	resp, err := cc.Post(ctlProxy+"/episodes", "application/json", strings.NewReader(`{"id":"x"}`))
	if err != nil || resp.StatusCode != http.StatusConflict {
		t.Errorf("POST /episodes through the proxy: %v %v, want 409", err, resp.Status)
	}
}

func getJSON(t *testing.T, c *http.Client, url string, v any) {
	t.Helper()
	resp, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatalf("%s: %v", url, err)
	}
}

// mcpEpisode solves the mini task over MCP by URL, through the proxy.
func mcpEpisode(base, id string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	tp, err := transport.NewStreamableHTTP(base + "/episodes/" + id + "/mcp")
	if err != nil {
		return err
	}
	c := client.NewClient(tp)
	if err := c.Start(ctx); err != nil {
		return err
	}
	defer c.Close()
	ini := mcp.InitializeRequest{}
	ini.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	ini.Params.ClientInfo = mcp.Implementation{Name: "replicas-test", Version: "0"}
	if _, err := c.Initialize(ctx, ini); err != nil {
		return err
	}
	for _, s := range miniSolution {
		req := mcp.CallToolRequest{}
		req.Params.Name, req.Params.Arguments = s.tool, s.args
		res, err := c.CallTool(ctx, req)
		if err != nil {
			return err
		}
		if res.IsError {
			return fmt.Errorf("%s: %v", s.tool, res.Content)
		}
	}
	return nil
}

// openEnvEpisode solves it over OpenEnv's routes under the episode path.
func openEnvEpisode(base, id string) error {
	post := func(path, body string) (map[string]any, error) {
		resp, err := http.Post(base+"/episodes/"+id+path, "application/json", strings.NewReader(body))
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		var v map[string]any
		json.NewDecoder(resp.Body).Decode(&v)
		if resp.StatusCode != 200 {
			return nil, fmt.Errorf("%s: %s %v", path, resp.Status, v)
		}
		return v, nil
	}
	if _, err := post("/reset", `{}`); err != nil {
		return err
	}
	for _, s := range miniSolution {
		b, _ := json.Marshal(map[string]any{"action": map[string]any{"type": "call_tool", "tool_name": s.tool, "arguments": s.args}})
		if _, err := post("/step", string(b)); err != nil {
			return err
		}
	}
	return nil
}
