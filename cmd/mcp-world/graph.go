package main

import (
	"cmp"
	"fmt"
	"html"
	"math"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/world"
)

// serviceGraph is what describe --graph draws: the services, their
// dependency edges (upstream → downstream: the downstream system works
// with the upstream's data) and the policies, each from the service whose
// change triggers it to the one that must follow.
type serviceGraph struct {
	name     string
	nodes    []graphNode
	deps     [][2]string
	policies []graphPolicy
}

type graphNode struct {
	name, title string
	tools       int
	level       int // longest dependency path from a root: the column
}

type graphPolicy struct {
	n               int // 1-based, as in the policies resource
	name, title     string
	trigger, target string
}

func graphOf(w *world.World) serviceGraph {
	g := serviceGraph{name: w.Name()}
	tools := map[string]int{}
	for _, t := range w.Tools() {
		tools[t.Service()]++
	}
	svcs := w.Services()
	deps := map[string][]string{}
	for _, s := range svcs {
		for _, d := range s.DependsOn {
			deps[s.Name] = append(deps[s.Name], d)
			g.deps = append(g.deps, [2]string{d, s.Name})
		}
	}
	level := map[string]int{}
	var depth func(string, map[string]bool) int
	depth = func(s string, onPath map[string]bool) int {
		if l, ok := level[s]; ok {
			return l
		}
		if onPath[s] { // a cycle: stop here
			return 0
		}
		onPath[s] = true
		l := 0
		for _, d := range deps[s] {
			l = max(l, depth(d, onPath)+1)
		}
		delete(onPath, s)
		level[s] = l
		return l
	}
	for _, s := range svcs {
		g.nodes = append(g.nodes, graphNode{name: s.Name, title: s.Title, tools: tools[s.Name], level: depth(s.Name, map[string]bool{})})
	}
	for i, p := range w.Policies() {
		g.policies = append(g.policies, graphPolicy{n: i + 1, name: p.Name, title: p.Title, trigger: p.Trigger, target: p.Target})
	}
	return g
}

// mermaid writes a Mermaid flowchart: solid arrows for dependencies,
// dotted labelled arrows for policies.
func (g serviceGraph) mermaid() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "---\ntitle: %s — services and policies\n---\nflowchart LR\n", g.name)
	for _, n := range g.nodes {
		fmt.Fprintf(&sb, "  %s[\"%s<br/><small>%s · %s</small>\"]\n", mermaidID(n.name), mermaidText(n.title), n.name, plural(n.tools, "tool"))
	}
	for _, d := range g.deps {
		fmt.Fprintf(&sb, "  %s --> %s\n", mermaidID(d[0]), mermaidID(d[1]))
	}
	for _, p := range g.policies {
		fmt.Fprintf(&sb, "  %s -.->|\"%d. %s\"| %s\n", mermaidID(p.trigger), p.n, mermaidText(p.name), mermaidID(p.target))
	}
	sb.WriteString("  classDef default fill:#f4f6fb,stroke:#4a5a7a,color:#1c2333\n")
	sb.WriteString("  linkStyle default stroke:#8a94a8\n")
	for i := range g.policies {
		fmt.Fprintf(&sb, "  linkStyle %d stroke:#c0392b,stroke-dasharray:4 3\n", len(g.deps)+i)
	}
	return sb.String()
}

// mermaidID keeps node ids to letters, digits and underscores.
func mermaidID(s string) string {
	return "s_" + strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, s)
}

func mermaidText(s string) string { return strings.ReplaceAll(s, `"`, "#quot;") }

// dot writes Graphviz DOT.
func (g serviceGraph) dot() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "digraph %s {\n  label=%s;\n  labelloc=t;\n  rankdir=LR;\n  node [shape=box, style=\"rounded,filled\", fillcolor=\"#f4f6fb\", color=\"#4a5a7a\", fontname=\"Helvetica\"];\n  edge [fontname=\"Helvetica\", fontsize=10];\n",
		dotQuote(g.name), dotQuote(g.name+" — services and policies"))
	for _, n := range g.nodes {
		fmt.Fprintf(&sb, "  %s [label=%s];\n", dotQuote(n.name), dotQuote(fmt.Sprintf("%s\n%s · %s", n.title, n.name, plural(n.tools, "tool"))))
	}
	for _, d := range g.deps {
		fmt.Fprintf(&sb, "  %s -> %s [color=\"#8a94a8\"];\n", dotQuote(d[0]), dotQuote(d[1]))
	}
	for _, p := range g.policies {
		fmt.Fprintf(&sb, "  %s -> %s [style=dashed, color=\"#c0392b\", fontcolor=\"#c0392b\", constraint=false, label=%s, tooltip=%s];\n",
			dotQuote(p.trigger), dotQuote(p.target), dotQuote(fmt.Sprintf("%d. %s", p.n, p.name)), dotQuote(p.title))
	}
	sb.WriteString("}\n")
	return sb.String()
}

func dotQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
}

// svg draws the graph itself, with no layout engine: services in columns
// by dependency depth, dependencies as grey arrows, policies as numbered
// red dashed arcs, and the numbered policies listed below.
func (g serviceGraph) svg() string {
	const colW, rowH, boxW, boxH, margin = 300, 130, 214, 54, 40
	cols := map[int][]int{}
	maxLevel := 0
	for i, n := range g.nodes {
		cols[n.level] = append(cols[n.level], i)
		maxLevel = max(maxLevel, n.level)
	}
	rows := 0
	for _, c := range cols {
		rows = max(rows, len(c))
	}
	pos := make([][2]float64, len(g.nodes))
	index := map[string]int{}
	ups := map[string][]string{}
	for _, d := range g.deps {
		ups[d[1]] = append(ups[d[1]], d[0])
	}
	for l := 0; l <= maxLevel; l++ {
		c := cols[l]
		// Order a column by where its upstreams sit (barycentre), so
		// fewer edges cross; ties keep the bundle's order.
		bary := func(i int) float64 {
			sum, n := 0.0, 0
			for _, u := range ups[g.nodes[i].name] {
				if j, ok := index[u]; ok {
					sum += pos[j][1]
					n++
				}
			}
			if n == 0 {
				return 0
			}
			return sum / float64(n)
		}
		slices.SortStableFunc(c, func(a, b int) int { return cmp.Compare(bary(a), bary(b)) })
		off := float64(rows-len(c)) * rowH / 2 // centre short columns
		for j, i := range c {
			pos[i] = [2]float64{margin + float64(l*colW), 70 + off + float64(j*rowH)}
			index[g.nodes[i].name] = i
		}
	}
	width := margin*2 + maxLevel*colW + boxW
	graphH := 70 + rows*rowH
	legendH := 30 + 20*len(g.policies)
	height := graphH + legendH + 20
	var sb strings.Builder
	esc := html.EscapeString
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Helvetica, Arial, sans-serif">`+"\n", width, height, width, height)
	sb.WriteString(`<defs><marker id="dep" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#8a94a8"/></marker>` +
		`<marker id="pol" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#c0392b"/></marker></defs>` + "\n")
	fmt.Fprintf(&sb, `<rect width="100%%" height="100%%" fill="#ffffff"/>`+"\n")
	fmt.Fprintf(&sb, `<text x="%d" y="32" font-size="18" font-weight="bold" fill="#1c2333">%s — services and policies</text>`+"\n", margin, esc(g.name))
	for _, d := range g.deps {
		a, b := pos[index[d[0]]], pos[index[d[1]]]
		x1, y1, x2, y2 := a[0]+boxW, a[1]+boxH/2, b[0], b[1]+boxH/2
		if b[0] <= a[0] { // same column or backwards: leave from the bottom
			x1, y1, x2, y2 = a[0]+boxW/2, a[1]+boxH, b[0]+boxW/2, b[1]
		}
		dx := max((x2-x1)/2, 30)
		fmt.Fprintf(&sb, `<path d="M%.0f,%.0f C%.0f,%.0f %.0f,%.0f %.0f,%.0f" fill="none" stroke="#8a94a8" stroke-width="1.6" marker-end="url(#dep)"/>`+"\n", x1, y1, x1+dx, y1, x2-dx, y2, x2, y2)
	}
	var labels strings.Builder // policy numbers go on top of the boxes
	for k, p := range g.policies {
		a, b := pos[index[p.trigger]], pos[index[p.target]]
		x1, y1 := a[0]+boxW/2, a[1]+boxH/2
		x2, y2 := b[0]+boxW/2, b[1]+boxH/2
		// Bend each arc to its own side so arcs between the same pair part.
		mx, my := (x1+x2)/2, (y1+y2)/2
		nx, ny := -(y2 - y1), x2-x1
		l := max(1, math.Hypot(nx, ny))
		bend := 40 + 14*float64(k%3)
		if k%2 == 1 {
			bend = -bend
		}
		cx, cy := mx+nx/l*bend, my+ny/l*bend
		// Start and end on the box borders, not the centres.
		sx, sy := clipToBox(x1, y1, cx, cy, boxW, boxH)
		ex, ey := clipToBox(x2, y2, cx, cy, boxW, boxH)
		fmt.Fprintf(&sb, `<path d="M%.0f,%.0f Q%.0f,%.0f %.0f,%.0f" fill="none" stroke="#c0392b" stroke-width="1.4" stroke-dasharray="5 3" marker-end="url(#pol)"><title>%d. %s (%s → %s)</title></path>`+"\n", sx, sy, cx, cy, ex, ey, p.n, esc(p.title), esc(p.trigger), esc(p.target))
		lx, ly := (sx+2*cx+ex)/4, (sy+2*cy+ey)/4 // the curve's midpoint
		fmt.Fprintf(&labels, `<circle cx="%.0f" cy="%.0f" r="9" fill="#c0392b"/><text x="%.0f" y="%.0f" font-size="11" fill="#fff" text-anchor="middle">%d</text>`+"\n", lx, ly, lx, ly+4, p.n)
	}
	for i, n := range g.nodes {
		x, y := pos[i][0], pos[i][1]
		fmt.Fprintf(&sb, `<g><rect x="%.0f" y="%.0f" width="%d" height="%d" rx="9" fill="#f4f6fb" stroke="#4a5a7a" stroke-width="1.4"/>`, x, y, boxW, boxH)
		fmt.Fprintf(&sb, `<text x="%.0f" y="%.0f" font-size="13" font-weight="bold" fill="#1c2333" text-anchor="middle">%s</text>`, x+boxW/2, y+22, esc(ellipsize(n.title, 26)))
		fmt.Fprintf(&sb, `<text x="%.0f" y="%.0f" font-size="11" fill="#4a5a7a" text-anchor="middle">%s · %s</text></g>`+"\n", x+boxW/2, y+40, esc(n.name), plural(n.tools, "tool"))
	}
	sb.WriteString(labels.String())
	y := graphH + 10
	fmt.Fprintf(&sb, `<text x="%d" y="%d" font-size="13" font-weight="bold" fill="#1c2333">Policies (dashed: from the system whose change triggers it to the one that must follow; grey: depends on)</text>`+"\n", margin, y)
	for _, p := range g.policies {
		y += 20
		fmt.Fprintf(&sb, `<text x="%d" y="%d" font-size="12" fill="#1c2333"><tspan fill="#c0392b" font-weight="bold">%d.</tspan> %s <tspan fill="#4a5a7a">(%s → %s)</tspan></text>`+"\n", margin, y, p.n, esc(p.title), esc(p.trigger), esc(p.target))
	}
	sb.WriteString("</svg>\n")
	return sb.String()
}

// clipToBox moves (x, y), a box's centre, towards (tx, ty) until it
// reaches the box's border.
func clipToBox(x, y, tx, ty float64, w, h int) (float64, float64) {
	dx, dy := tx-x, ty-y
	if dx == 0 && dy == 0 {
		return x, y
	}
	s := 1e9
	if dx != 0 {
		s = min(s, float64(w)/2/math.Abs(dx))
	}
	if dy != 0 {
		s = min(s, float64(h)/2/math.Abs(dy))
	}
	s = min(s, 1)
	return x + dx*s, y + dy*s
}

func ellipsize(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// graphFormats are describe --graph's formats.
var graphFormats = []string{"mermaid", "dot", "svg"}

func renderGraph(w *world.World, format string) (string, error) {
	g := graphOf(w)
	switch format {
	case "mermaid":
		return g.mermaid(), nil
	case "dot":
		return g.dot(), nil
	case "svg":
		return g.svg(), nil
	}
	return "", &exitError{2, fmt.Errorf("describe: --graph %q is not a format (formats: %s)", format, strings.Join(graphFormats, ", "))}
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
