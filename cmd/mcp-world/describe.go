package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/mercury/mcp-world/bundles"
	"github.com/mercury/mcp-world/world"
)

func (e *env) worlds(args []string) error {
	fs := e.flags("worlds", "[--json]")
	asJSON := fs.Bool("json", false, "print JSON: [{name, company, industry, country, services, tools, tasks, default}]")
	if err := parse(fs, args); err != nil {
		return done(err)
	}
	type entry struct {
		Name     string `json:"name"`
		Company  string `json:"company"`
		Industry string `json:"industry"`
		Country  string `json:"country"`
		Services int    `json:"services"`
		Tools    int    `json:"tools"`
		Tasks    int    `json:"tasks"`
		Default  bool   `json:"default"`
	}
	var list []entry
	for _, name := range bundles.Names() {
		w, err := loadWorld(name)
		if err != nil {
			return err
		}
		c := w.Company()
		list = append(list, entry{name, c.Name, c.Industry, c.Country, len(w.Services()), len(w.Tools()), len(w.Tasks()), name == bundles.Default})
	}
	if *asJSON {
		return writeJSON(e.stdout, list)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tCOMPANY\tINDUSTRY\tCOUNTRY\tSERVICES\tTOOLS\tTASKS")
	for _, x := range list {
		name := x.Name
		if x.Default {
			name += " (default)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%d\t%d\n", name, x.Company, x.Industry, x.Country, x.Services, x.Tools, x.Tasks)
	}
	return tw.Flush()
}

// Description is the describe --json contract. It holds nothing hidden:
// no invariant checks, rubrics or solutions.
type Description struct {
	Name     string            `json:"name"`
	Version  string            `json:"version"`
	Hash     string            `json:"bundle_hash"`
	Company  world.Company     `json:"company"`
	Services []world.Service   `json:"services"`
	Tools    []ToolDescription `json:"tools"`
	Tables   []world.TableInfo `json:"tables"`
	Policies []world.Policy    `json:"policies"`
	Tasks    []world.TaskInfo  `json:"tasks"`
}

// ToolDescription describes one tool for describe --json.
type ToolDescription struct {
	Name         string          `json:"name"`
	Service      string          `json:"service"`
	Title        string          `json:"title"`
	Description  string          `json:"description"`
	ReadOnly     bool            `json:"read_only"`
	Destructive  bool            `json:"destructive"`
	Reads        []string        `json:"reads,omitempty"`
	Writes       []string        `json:"writes,omitempty"`
	InputSchema  json.RawMessage `json:"input_schema"`
	OutputSchema json.RawMessage `json:"output_schema"`
}

func describeWorld(w *world.World) Description {
	d := Description{Name: w.Name(), Version: w.Version(), Hash: w.Hash(), Company: w.Company(), Services: w.Services(), Tables: w.Tables(), Policies: w.Policies()}
	for _, t := range w.Tools() {
		r, wr := t.Tables()
		d.Tools = append(d.Tools, ToolDescription{t.Name(), t.Service(), t.Title(), t.Description(), t.ReadOnly(), t.Destructive(), r, wr, t.InputSchema(), t.OutputSchema()})
	}
	d.Tasks = []world.TaskInfo{}
	for _, t := range w.Tasks() {
		d.Tasks = append(d.Tasks, t.Public())
	}
	return d
}

func (e *env) describe(args []string) error {
	fs := e.flags("describe", "[--world NAME|PATH] [--json] [--graph mermaid|dot|svg]")
	worldName := fs.String("world", "", "embedded world name or bundle file (default: the default world)")
	asJSON := fs.Bool("json", false, "print JSON with company, services, tools, tables, policies and tasks")
	graph := fs.String("graph", "", "print the service graph instead: mermaid, dot or svg (graph.go)")
	if err := parse(fs, args); err != nil {
		return done(err)
	}
	w, err := loadWorld(*worldName)
	if err != nil {
		return err
	}
	if *graph != "" {
		out, err := renderGraph(w, *graph)
		if err != nil {
			return err
		}
		_, err = fmt.Fprint(e.stdout, out)
		return err
	}
	d := describeWorld(w)
	if *asJSON {
		return writeJSON(e.stdout, d)
	}
	out := e.stdout
	c := d.Company
	fmt.Fprintf(out, "World %s (version %s)\n\n%s — %s, %s. %d employees, %s, %s, %s.\n%s\n",
		d.Name, d.Version, c.Name, c.Industry, c.Country, c.Employees, c.Currency, c.Timezone, c.Headquarters, c.Description)
	fmt.Fprintf(out, "\nServices (%d)\n", len(d.Services))
	for _, s := range d.Services {
		dep := ""
		if len(s.DependsOn) > 0 {
			dep = " ← " + strings.Join(s.DependsOn, ", ")
		}
		fmt.Fprintf(out, "  %-12s %s%s\n", s.Name, s.Title, dep)
	}
	fmt.Fprintf(out, "\nTools (%d)\n", len(d.Tools))
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	for _, t := range d.Tools {
		kind := "write"
		if t.ReadOnly {
			kind = "read"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", t.Service, t.Name, kind, t.Title)
	}
	tw.Flush()
	fmt.Fprintf(out, "\nTables (%d)\n", len(d.Tables))
	for _, t := range d.Tables {
		cols := make([]string, len(t.Columns))
		for i, c := range t.Columns {
			cols[i] = c.Name
		}
		fmt.Fprintf(out, "  %-28s %-10s %4d rows  %s\n", t.Name, t.Service, t.Rows, strings.Join(cols, ", "))
	}
	fmt.Fprintf(out, "\nPolicies (%d)\n", len(d.Policies))
	for _, p := range d.Policies {
		fmt.Fprintf(out, "  %s (%s → %s): %s\n", p.Name, p.Trigger, p.Target, p.Title)
	}
	fmt.Fprintf(out, "\nTasks (%d)\n", len(d.Tasks))
	for _, t := range d.Tasks {
		fmt.Fprintf(out, "  %s [%s] %s\n      %s\n", t.ID, t.Persona, t.Title, t.Instruction)
	}
	return nil
}

func writeJSON(w interface{ Write([]byte) (int, error) }, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
