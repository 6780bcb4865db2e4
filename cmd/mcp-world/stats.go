package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/mercury/mcp-world/world"
)

// corpusStats is the stats --json contract.
type corpusStats struct {
	Worlds              int            `json:"worlds"`
	Tasks               int            `json:"tasks"`
	TasksPerWorld       minMeanMax     `json:"tasks_per_world"`
	Industries          int            `json:"industries"`
	Countries           int            `json:"countries"`
	UniqueTools         int            `json:"unique_tools"`
	UniqueToolNames     int            `json:"unique_tool_names"`
	UniqueTables        int            `json:"unique_tables"`
	UniqueTableNames    int            `json:"unique_table_names"`
	ServiceCombinations int            `json:"service_combinations"`
	Services            int            `json:"services"`
	ToolsPerWorld       minMeanMax     `json:"tools_per_world"`
	ServicesPerWorld    minMeanMax     `json:"services_per_world"`
	ServicesPerTask     minMeanMax     `json:"services_per_task"`
	AssertionsPerTask   minMeanMax     `json:"assertions_per_task"`
	InvariantsPerWorld  minMeanMax     `json:"invariants_per_world"`
	CrossSystemShare    float64        `json:"cross_system_share"`
	Personas            map[string]int `json:"personas"`
	IndustryMix         map[string]int `json:"industry_mix"`
	// Scores is there with --scores.
	Scores *scoreStats `json:"scores,omitempty"`
}

type minMeanMax struct {
	Min  int     `json:"min"`
	Mean float64 `json:"mean"`
	Max  int     `json:"max"`
	n    int
	sum  int
}

func (m *minMeanMax) add(v int) {
	if m.n == 0 || v < m.Min {
		m.Min = v
	}
	if v > m.Max {
		m.Max = v
	}
	m.n++
	m.sum += v
	m.Mean = float64(m.sum) / float64(m.n)
}

func (m minMeanMax) String() string { return fmt.Sprintf("%d / %.1f / %d", m.Min, m.Mean, m.Max) }

func (e *env) stats(args []string) error {
	fs := e.flags("stats", "DIR [--scores] [--json]")
	asJSON := fs.Bool("json", false, "print JSON")
	scores := fs.Bool("scores", false, "also play noop, first-write and oracle on every task and report their score distributions (compiles every world: slower)")
	workers := fs.Int("workers", defaultWorkers(), "worlds graded in parallel with --scores")
	var dir string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		dir, args = args[0], args[1:]
	}
	if err := parse(fs, args); err != nil {
		return done(err)
	}
	if dir == "" {
		return &exitError{2, fmt.Errorf("stats: give the corpus directory")}
	}
	files, err := bundleFiles(dir)
	if err != nil {
		return err
	}
	st, err := computeStats(files)
	if err != nil {
		return err
	}
	if *scores {
		if st.Scores, err = computeScores(e.ctx, files, *workers); err != nil {
			return err
		}
	}
	if *asJSON {
		return writeJSON(e.stdout, st)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	row := func(k string, v any) { fmt.Fprintf(tw, "%s\t%v\n", k, v) }
	row("worlds", st.Worlds)
	row("tasks", st.Tasks)
	row("tasks per world (min/mean/max)", st.TasksPerWorld)
	row("industries", st.Industries)
	row("countries", st.Countries)
	row("unique tools (definitions)", st.UniqueTools)
	row("unique tool names", st.UniqueToolNames)
	row("unique tables (schemas)", st.UniqueTables)
	row("unique table names", st.UniqueTableNames)
	row("services (distinct)", st.Services)
	row("service combinations", st.ServiceCombinations)
	row("tools per world", st.ToolsPerWorld)
	row("services per world", st.ServicesPerWorld)
	row("services per task", st.ServicesPerTask)
	row("assertions per task", st.AssertionsPerTask)
	row("invariants per world", st.InvariantsPerWorld)
	row("cross-system share", fmt.Sprintf("%.1f%%", 100*st.CrossSystemShare))
	var ps []string
	for _, p := range slices.Sorted(maps.Keys(st.Personas)) {
		ps = append(ps, fmt.Sprintf("%s %d", p, st.Personas[p]))
	}
	row("personas", strings.Join(ps, ", "))
	if st.Scores != nil {
		printScores(tw, st.Scores)
	}
	return tw.Flush()
}

// computeStats reads every bundle (decoded, not compiled: stats must be
// fast on thousands of worlds). A tool's identity is its definition (args
// and steps, not its wording); a table's is its name and columns.
func computeStats(files []string) (*corpusStats, error) {
	st := &corpusStats{Personas: map[string]int{}, IndustryMix: map[string]int{}}
	tools, toolNames, tables, tableNames := map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	combos, services, industries, countries := map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	cross := 0
	for _, f := range files {
		data, err := readBundle(f)
		if err != nil {
			return nil, err
		}
		var b world.Bundle
		if err := json.Unmarshal(data, &b); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		st.Worlds++
		industries[b.Company.Industry] = true
		st.IndustryMix[b.Company.Industry]++
		countries[b.Company.Country] = true
		var names []string
		for _, s := range b.Services {
			names = append(names, s.Name)
			services[s.Name] = true
		}
		slices.Sort(names)
		combos[strings.Join(names, "+")] = true
		st.ServicesPerWorld.add(len(b.Services))
		st.ToolsPerWorld.add(len(b.Tools))
		st.InvariantsPerWorld.add(len(b.Invariants))
		toolService := map[string]string{}
		writes := map[string]bool{}
		for _, t := range b.Tools {
			toolService[t.Name] = t.Service
			for _, s := range t.Steps {
				if s.Insert != "" || s.Update != "" || s.Delete != "" {
					writes[t.Name] = true
				}
			}
			tools[toolIdentity(t)] = true
			toolNames[t.Name] = true
		}
		for _, t := range b.Tables {
			var cols []string
			for _, c := range t.Columns {
				cols = append(cols, c.Name+":"+c.Type)
			}
			tables[t.Name+"("+strings.Join(cols, ",")+")"] = true
			tableNames[t.Name] = true
		}
		st.TasksPerWorld.add(len(b.Tasks))
		for _, t := range b.Tasks {
			st.Tasks++
			st.Personas[t.Persona]++
			st.AssertionsPerTask.add(len(t.Assertions))
			touched := map[string]bool{}
			written := map[string]bool{}
			// Cross-system: the reference solution writes in two services
			// or more.
			for _, c := range t.Solution {
				touched[toolService[c.Tool]] = true
				if writes[c.Tool] {
					written[toolService[c.Tool]] = true
				}
			}
			n := len(t.Services)
			if n == 0 {
				n = len(touched)
			}
			st.ServicesPerTask.add(n)
			if len(written) >= 2 {
				cross++
			}
		}
	}
	st.Industries, st.Countries = len(industries), len(countries)
	st.UniqueTools, st.UniqueToolNames = len(tools), len(toolNames)
	st.UniqueTables, st.UniqueTableNames = len(tables), len(tableNames)
	st.ServiceCombinations, st.Services = len(combos), len(services)
	if st.Tasks > 0 {
		st.CrossSystemShare = float64(cross) / float64(st.Tasks)
	}
	return st, nil
}

// toolIdentity is what makes two tools the same operation: its name,
// its arguments (names, types, constraints) and the shape of its steps
// (operation, table, which columns it reads, writes or filters). Prose
// and literal values are left out — a company's own email address baked
// into a send_email tool does not make it another tool.
func toolIdentity(t world.ToolSpec) string {
	type argShape struct {
		Name, Type, Column, Items string
		Required                  bool
		Enum                      []any
	}
	type stepShape struct {
		Op, Table            string
		Keys, Filters, Order []string
		Fields               []string
		Require, Transitions string
	}
	var args []argShape
	for _, a := range t.Args {
		args = append(args, argShape{a.Name, a.Type, a.Column, a.Items, a.Required, a.Enum})
	}
	var steps []stepShape
	for _, st := range t.Steps {
		sh := stepShape{Order: st.Order, Fields: st.Fields, Require: st.Require}
		for _, o := range [][2]string{{"get", st.Get}, {"search", st.Search}, {"insert", st.Insert}, {"update", st.Update}, {"delete", st.Delete}, {"absent", st.Absent}, {"require", st.Require}} {
			if o[1] != "" {
				sh.Op, sh.Table = o[0], o[1]
			}
		}
		for _, m := range []map[string]any{st.Where, st.Values, st.Set} {
			sh.Keys = append(sh.Keys, slices.Sorted(maps.Keys(m))...)
		}
		for _, f := range st.Filters {
			sh.Filters = append(sh.Filters, f.Column+strings.Join(f.Columns, ",")+" "+f.Op+" "+f.Arg)
		}
		if st.Transitions != nil {
			sh.Transitions = st.Transitions.Column
		}
		steps = append(steps, sh)
	}
	def, _ := json.Marshal(struct {
		Name  string
		Args  []argShape
		Steps []stepShape
	}{t.Name, args, steps})
	return digest(def)
}

func digest(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:8])
}
