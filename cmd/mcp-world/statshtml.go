package main

import (
	"cmp"
	"context"
	"fmt"
	"html"
	"maps"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/world"
)

// corpusFigures are the distributions behind stats --html: what the
// summary of [corpusStats] reduces to min, mean and max.
type corpusFigures struct {
	industries, countries, services, personas map[string]int
	servicesPerWorld, toolsPerWorld           map[int]int
	servicesPerTask, assertionsPerTask        map[int]int
	noop, reference                           []float64 // one score per task
	graded, failed                            int       // tasks graded; tasks that would not run
}

// worldFigures is what one world adds to the figures.
type worldFigures struct {
	industry, country string
	services          []string
	tools             int
	tasks             []taskFigures
	err               error
}

type taskFigures struct {
	persona              string
	services, assertions int
	noop, ref            float64
	ran                  bool
}

// computeFigures reads every bundle and, to draw the score
// distributions, runs each task twice: doing nothing (noop) and the
// reference solution (oracle), graded as stats --scores grades them
// (policyScores). Worlds are compiled and run by a pool of workers, one
// world per worker at a time; results merge in file order.
func computeFigures(ctx context.Context, files []string, workers int) (*corpusFigures, error) {
	results := make([]worldFigures, len(files))
	forEachFile(ctx, files, workers, func(i int) { results[i] = figuresOf(ctx, files[i]) })
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	f := &corpusFigures{industries: map[string]int{}, countries: map[string]int{}, services: map[string]int{}, personas: map[string]int{},
		servicesPerWorld: map[int]int{}, toolsPerWorld: map[int]int{}, servicesPerTask: map[int]int{}, assertionsPerTask: map[int]int{}}
	for _, r := range results {
		if r.err != nil {
			return nil, r.err
		}
		f.industries[r.industry]++
		f.countries[r.country]++
		for _, s := range r.services {
			f.services[s]++
		}
		f.servicesPerWorld[len(r.services)]++
		f.toolsPerWorld[r.tools]++
		for _, t := range r.tasks {
			f.personas[t.persona]++
			f.servicesPerTask[t.services]++
			f.assertionsPerTask[t.assertions]++
			if !t.ran {
				f.failed++
				continue
			}
			f.graded++
			f.noop = append(f.noop, t.noop)
			f.reference = append(f.reference, t.ref)
		}
	}
	return f, nil
}

func figuresOf(ctx context.Context, file string) worldFigures {
	data, err := readBundle(file)
	if err != nil {
		return worldFigures{err: err}
	}
	w, err := world.Compile(data)
	if err != nil {
		return worldFigures{err: &bundleError{name: file, err: err}}
	}
	defer w.CloseScratch()
	b := w.Bundle()
	r := worldFigures{industry: b.Company.Industry, country: b.Company.Country, tools: len(b.Tools)}
	if c, ok := catalog.CountryByCode(r.country); ok {
		r.country = c.Name + " (" + c.Code + ")"
	}
	for _, s := range b.Services {
		r.services = append(r.services, s.Name)
	}
	for _, t := range w.Tasks() {
		spec := t.Spec()
		tf := taskFigures{persona: spec.Persona, services: len(spec.Services), assertions: len(spec.Assertions)}
		if scores, err := policyScores(ctx, w, t, []string{"noop", "oracle"}); err == nil {
			tf.noop, tf.ref, tf.ran = scores[0], scores[1], true
		}
		r.tasks = append(r.tasks, tf)
	}
	return r
}

type bar struct {
	label string
	value int
}

// top sorts counts by size (then label) and keeps the first n; it says
// how many it left out.
func top(m map[string]int, n int) ([]bar, int) {
	bars := make([]bar, 0, len(m))
	for k, v := range m {
		bars = append(bars, bar{k, v})
	}
	slices.SortFunc(bars, func(a, b bar) int {
		if c := cmp.Compare(b.value, a.value); c != 0 {
			return c
		}
		return cmp.Compare(a.label, b.label)
	})
	if len(bars) > n {
		return bars[:n], len(bars) - n
	}
	return bars, 0
}

// topChart is a bar chart of the n largest counts, with a note of the rest.
func topChart(m map[string]int, n int) (string, string) {
	bars, rest := top(m, n)
	if rest > 0 {
		return hbars(bars), fmt.Sprintf(" The %d largest of %d shown.", n, n+rest)
	}
	return hbars(bars), ""
}

// histogram lists every value from the smallest to the largest, gaps
// included, so the axis is honest.
func histogram(m map[int]int) []bar {
	if len(m) == 0 {
		return nil
	}
	keys := slices.Sorted(maps.Keys(m))
	var bars []bar
	for v := keys[0]; v <= keys[len(keys)-1]; v++ {
		bars = append(bars, bar{fmt.Sprint(v), m[v]})
	}
	return bars
}

// scoreBins counts scores in tenths; 1.0 has a bin of its own.
func scoreBins(scores []float64) []int {
	bins := make([]int, 11)
	for _, s := range scores {
		i := int(math.Floor(s * 10))
		bins[min(max(i, 0), 10)]++
	}
	return bins
}

var scoreLabels = []string{"0–.1", ".1–.2", ".2–.3", ".3–.4", ".4–.5", ".5–.6", ".6–.7", ".7–.8", ".8–.9", ".9–1", "1.0"}

const (
	chartW   = 520
	accent   = "#3b5bdb"
	accent2  = "#e8590c"
	inkColor = "#1c2333"
	gridInk  = "#dfe3ec"
)

// hbars draws labelled horizontal bars.
func hbars(bars []bar) string {
	const labelW, rowH, pad = 200, 22, 8
	maxV := 1
	for _, b := range bars {
		maxV = max(maxV, b.value)
	}
	h := pad*2 + rowH*len(bars)
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" role="img">`, chartW, h)
	span := float64(chartW - labelW - 50)
	for i, b := range bars {
		y := pad + i*rowH
		w := span * float64(b.value) / float64(maxV)
		fmt.Fprintf(&sb, `<text x="%d" y="%d" font-size="12" text-anchor="end" fill="%s">%s</text>`, labelW-8, y+15, inkColor, html.EscapeString(ellipsize(b.label, 28)))
		fmt.Fprintf(&sb, `<rect class="bar" x="%d" y="%d" width="%.1f" height="%d" rx="2" fill="%s"><title>%s: %d</title></rect>`, labelW, y+3, max(w, 1), rowH-6, accent, html.EscapeString(b.label), b.value)
		fmt.Fprintf(&sb, `<text x="%.1f" y="%d" font-size="11" fill="#4a5a7a">%d</text>`, float64(labelW)+w+5, y+15, b.value)
	}
	sb.WriteString("</svg>")
	return sb.String()
}

// vbars draws a histogram: one or two series per bin.
func vbars(labels []string, series [][]int, colors []string) string {
	const h, top, bottom, left = 220, 14, 40, 36
	maxV := 1
	for _, s := range series {
		for _, v := range s {
			maxV = max(maxV, v)
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" role="img">`, chartW, h)
	plotH := float64(h - top - bottom)
	for _, frac := range []float64{0, 0.5, 1} {
		y := float64(top) + plotH*(1-frac)
		fmt.Fprintf(&sb, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="%s"/><text x="%d" y="%.1f" font-size="10" text-anchor="end" fill="#4a5a7a">%d</text>`,
			left, chartW-6, y, y, gridInk, left-4, y+3, int(math.Round(frac*float64(maxV))))
	}
	slot := float64(chartW-left-10) / float64(max(len(labels), 1))
	barW := (slot - 6) / float64(len(series))
	for i, l := range labels {
		x0 := float64(left) + float64(i)*slot + 3
		for j, s := range series {
			v := s[i]
			bh := plotH * float64(v) / float64(maxV)
			fmt.Fprintf(&sb, `<rect class="bar" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s: %d</title></rect>`,
				x0+float64(j)*barW, float64(top)+plotH-bh, barW-1, bh, colors[j], html.EscapeString(l), v)
		}
		fmt.Fprintf(&sb, `<text x="%.1f" y="%d" font-size="10" text-anchor="middle" fill="#4a5a7a">%s</text>`, x0+slot/2-3, h-bottom+14, html.EscapeString(l))
	}
	sb.WriteString("</svg>")
	return sb.String()
}

func histChart(m map[int]int) string {
	bars := histogram(m)
	labels := make([]string, len(bars))
	vals := make([]int, len(bars))
	for i, b := range bars {
		labels[i], vals[i] = b.label, b.value
	}
	return vbars(labels, [][]int{vals}, []string{accent})
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// writeStatsHTML writes the corpus page: one self-contained file, no
// scripts, no network, charts as inline SVG.
func writeStatsHTML(path, dir string, st *corpusStats, f *corpusFigures) error {
	var sb strings.Builder
	esc := html.EscapeString
	card := func(title, note, chart string) {
		fmt.Fprintf(&sb, "<section class=\"card\"><h2>%s</h2><p class=\"note\">%s</p>%s</section>\n", esc(title), esc(note), chart)
	}
	fmt.Fprintf(&sb, `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>Mercury corpus: %s</title>
<style>
body{font-family:Helvetica,Arial,sans-serif;color:%s;background:#f6f7fb;margin:0;padding:24px 32px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:15px;margin:0 0 2px}
.sub{color:#4a5a7a;margin:0 0 18px}
.kpis{display:flex;flex-wrap:wrap;gap:10px;margin-bottom:18px}
.kpi{background:#fff;border:1px solid %s;border-radius:8px;padding:8px 14px;min-width:110px}
.kpi b{display:block;font-size:20px}.kpi span{font-size:12px;color:#4a5a7a}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(560px,1fr));gap:16px}
.card{background:#fff;border:1px solid %s;border-radius:8px;padding:14px 16px}
.note{font-size:12px;color:#4a5a7a;margin:0 0 8px}
.legend span{display:inline-block;width:10px;height:10px;margin:0 4px 0 10px;border-radius:2px}
</style></head><body>
<h1>Mercury corpus</h1>
<p class="sub">%s — %d worlds, %d tasks</p>
<div class="kpis">
`, esc(dir), inkColor, gridInk, gridInk, esc(dir), st.Worlds, st.Tasks)
	kpi := func(v, label string) {
		fmt.Fprintf(&sb, "<div class=\"kpi\"><b>%s</b><span>%s</span></div>\n", esc(v), esc(label))
	}
	kpi(fmt.Sprint(st.Worlds), "worlds")
	kpi(fmt.Sprint(st.Tasks), "tasks")
	kpi(fmt.Sprint(st.Industries), "industries")
	kpi(fmt.Sprint(st.Countries), "countries")
	kpi(fmt.Sprint(st.UniqueTools), "unique tools")
	kpi(fmt.Sprint(st.UniqueTables), "unique tables")
	kpi(fmt.Sprint(st.ServiceCombinations), "service combinations")
	kpi(fmt.Sprintf("%.0f%%", 100*st.CrossSystemShare), "cross-system tasks")
	kpi(fmt.Sprintf("%.2f / %.2f", mean(f.noop), mean(f.reference)), "mean score noop / reference")
	sb.WriteString("</div>\n<div class=\"grid\">\n")
	chart, more := topChart(f.industries, 40)
	card("Industries", "Worlds per industry."+more, chart)
	chart, more = topChart(f.countries, 40)
	card("Countries", "Worlds per country of the company."+more, chart)
	card("Services per world", "How many separate systems a world has.", histChart(f.servicesPerWorld))
	card("Tools per world", "MCP tools a world serves.", histChart(f.toolsPerWorld))
	chart, more = topChart(f.services, 30)
	card("Services across worlds", fmt.Sprintf("Worlds that have each system; %d distinct combinations of systems in %d worlds.", st.ServiceCombinations, st.Worlds)+more, chart)
	chart, more = topChart(f.personas, 30)
	card("Tasks per persona", "Who asks: the persona of each task's instruction."+more, chart)
	card("Services per task", "Systems a task involves.", histChart(f.servicesPerTask))
	card("Assertions per task", "Rubric assertions on the final state.", histChart(f.assertionsPerTask))
	note := fmt.Sprintf("Score of every task when the agent does nothing (noop) and after the reference solution; %d tasks graded", f.graded)
	if f.failed > 0 {
		note += fmt.Sprintf(", %d could not run", f.failed)
	}
	card("Score distributions", note+".",
		`<div class="legend"><span style="background:`+accent2+`"></span>noop<span style="background:`+accent+`"></span>reference</div>`+
			vbars(scoreLabels, [][]int{scoreBins(f.noop), scoreBins(f.reference)}, []string{accent2, accent}))
	sb.WriteString("</div>\n</body></html>\n")
	return os.WriteFile(path, []byte(sb.String()), 0o644)
}
