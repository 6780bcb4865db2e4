package main

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

var chartTitles = []string{"Industries", "Countries", "Services per world", "Tools per world", "Services across worlds", "Tasks per persona", "Services per task", "Assertions per task", "Score distributions"}

// statsPage synthesizes a small corpus and writes its stats page.
func statsPage(t *testing.T) (string, []byte, int) {
	t.Helper()
	dir := t.TempDir()
	corpus := filepath.Join(dir, "corpus")
	runCLI(t, "synth", "--count", "6", "--seed", "4", "--tasks", "4", "--out", corpus)
	page := filepath.Join(dir, "stats.html")
	runCLI(t, "stats", corpus, "--html", page)
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	return page, b, 6 * 4
}

// TestStatsHTML checks the page without a browser: self-contained, every
// chart there, the reference solution at 1.0 on every task, and the same
// bytes from the same corpus.
func TestStatsHTML(t *testing.T) {
	page, b, tasks := statsPage(t)
	s := string(b)
	for _, bad := range []string{"<script", "<link", "src=", "url(", "@import"} {
		if strings.Contains(s, bad) {
			t.Errorf("page is not self-contained: it has %q", bad)
		}
	}
	if urls := regexp.MustCompile(`https?://[^"\s]+`).FindAllString(s, -1); len(urls) != strings.Count(s, "<svg") || strings.Count(s, "http://www.w3.org/2000/svg") != len(urls) {
		t.Errorf("page names URLs other than the SVG namespace: %v", urls)
	}
	for _, title := range chartTitles {
		if !strings.Contains(s, "<h2>"+title+"</h2>") {
			t.Errorf("no chart %q", title)
		}
	}
	if n := strings.Count(s, "<svg"); n != len(chartTitles) {
		t.Errorf("%d charts, want %d", n, len(chartTitles))
	}
	ref := regexp.MustCompile(`fill="#3b5bdb"><title>1\.0: (\d+)</title>`).FindStringSubmatch(s)
	if ref == nil || ref[1] != strconv.Itoa(tasks) {
		t.Errorf("reference solutions at 1.0: %v, want all %d tasks", ref, tasks)
	}
	again := filepath.Join(filepath.Dir(page), "again.html")
	runCLI(t, "stats", filepath.Join(filepath.Dir(page), "corpus"), "--html", again)
	if b2, _ := os.ReadFile(again); !bytes.Equal(b, b2) {
		t.Error("two pages of the same corpus differ")
	}
}

// TestStatsHTMLInChromium renders the page in headless Chromium: the
// rendered DOM holds every chart, and the screenshot is a picture, not
// a blank page. Skipped without Chromium unless CI is set.
func TestStatsHTMLInChromium(t *testing.T) {
	chromium := needTool(t, "chromium", "chromium-browser", "google-chrome")
	page, _, _ := statsPage(t)
	dir := t.TempDir()
	browse := func(args ...string) []byte {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, chromium, append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
			"--user-data-dir=" + filepath.Join(dir, "profile"), "--window-size=1240,3000"}, append(args, "file://"+page)...)...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("chromium %v: %v\n%s", args, err, stderr.String())
		}
		return out
	}
	dom := string(browse("--dump-dom"))
	if n := strings.Count(dom, "<svg"); n != len(chartTitles) {
		t.Errorf("rendered DOM has %d charts, want %d", n, len(chartTitles))
	}
	if !strings.Contains(dom, "Score distributions") {
		t.Error("rendered DOM lacks the score chart")
	}
	shot := filepath.Join(dir, "stats.png")
	browse("--screenshot=" + shot)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	// The bars are drawn in the accent colour; count its pixels.
	bars, colours := 0, map[[3]uint32]bool{}
	bnd := img.Bounds()
	for y := bnd.Min.Y; y < bnd.Max.Y; y += 2 {
		for x := bnd.Min.X; x < bnd.Max.X; x += 2 {
			r, g, b, _ := img.At(x, y).RGBA()
			colours[[3]uint32{r >> 8, g >> 8, b >> 8}] = true
			if r>>8 == 0x3b && g>>8 == 0x5b && b>>8 == 0xdb {
				bars++
			}
		}
	}
	if bars < 2000 || len(colours) < 20 {
		t.Errorf("screenshot looks blank: %d bar pixels, %d colours", bars, len(colours))
	}
	if os.Getenv("MERCURY_KEEP_SCREENSHOT") != "" {
		os.WriteFile(os.Getenv("MERCURY_KEEP_SCREENSHOT"), mustRead(t, shot), 0o644)
	}
}

func mustRead(t *testing.T, p string) []byte {
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestStatsScores: stats --scores on a synthesized corpus finds every
// task at 0 doing nothing and at 1 after its reference solution, and the
// page's score distributions (stats --html) are the same grades.
func TestStatsScores(t *testing.T) {
	corpus := filepath.Join(t.TempDir(), "corpus")
	runCLI(t, "synth", "--count", "3", "--seed", "4", "--tasks", "4", "--out", corpus)
	files, err := bundleFiles(corpus)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, err := computeScores(ctx, files, 2)
	if err != nil {
		t.Fatal(err)
	}
	noop, oracle := st.Policies["noop"], st.Policies["oracle"]
	if noop.Tasks != 12 || noop.Zero != 12 || oracle.One != 12 {
		t.Errorf("noop %+v, oracle %+v; want all 12 tasks at 0 and at 1", noop, oracle)
	}
	figs, err := computeFigures(ctx, files, 2)
	if err != nil {
		t.Fatal(err)
	}
	var sum [2]float64
	for i := range figs.noop {
		sum[0] += figs.noop[i]
		sum[1] += figs.reference[i]
	}
	if figs.graded != noop.Tasks || sum[0] != noop.sum || sum[1] != oracle.sum {
		t.Errorf("the page graded %d tasks, noop sum %v, reference sum %v; --scores: %d, %v, %v", figs.graded, sum[0], sum[1], noop.Tasks, noop.sum, oracle.sum)
	}
}
