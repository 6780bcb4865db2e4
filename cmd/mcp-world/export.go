package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mercury/mcp-world/toolgen"
	"github.com/mercury/mcp-world/world"
)

// exportRow is one line of mcp-world export: one task of one world, with
// what a dataset row needs and nothing hidden. docs/export.md documents it;
// it is a contract, so fields are only ever added.
type exportRow struct {
	ID           string        `json:"id"` // "world/task", unique in a corpus
	World        string        `json:"world"`
	WorldVersion string        `json:"world_version"`
	BundleHash   string        `json:"bundle_hash"`
	TaskID       string        `json:"task_id"`
	Persona      string        `json:"persona"`
	Title        string        `json:"title"`
	Services     []string      `json:"services"`
	Company      exportCompany `json:"company"`
	SystemPrompt string        `json:"system_prompt"`
	UserPrompt   string        `json:"user_prompt"`
	Tools        []openAITool  `json:"tools"`
	MCPTools     []mcp.Tool    `json:"mcp_tools"`
	Episode      exportEpisode `json:"episode"`
}

type exportCompany struct {
	Name     string `json:"name"`
	Industry string `json:"industry"`
	Country  string `json:"country"`
	Locale   string `json:"locale"`
	Currency string `json:"currency"`
	Timezone string `json:"timezone"`
}

// openAITool is a tool in the OpenAI chat-completions function-calling
// form, which vLLM, Ollama, llama.cpp and most gateways accept as is.
type openAITool struct {
	Type     string         `json:"type"` // always "function"
	Function openAIFunction `json:"function"`
}

type openAIFunction struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Parameters  json.RawMessage `json:"parameters"`
}

// exportEpisode says how to reach an episode of the row's task.
type exportEpisode struct {
	// Serve is the command line that serves this world over HTTP.
	Serve []string `json:"serve"`
	// MCPURL is a template: fill in {base_url} and an {episode_id}. An
	// unknown id is created on first use at the server's --task; to start
	// at this row's task, create the episode first (ControlCreate or
	// OpenEnvReset with that id).
	MCPURL string `json:"mcp_url"`
	// OpenEnvReset is the body of POST {base_url}/reset (or the data of a
	// WebSocket reset message) that starts an episode of this task.
	OpenEnvReset map[string]any `json:"openenv_reset"`
	// ControlCreate is the body of POST /episodes on the control port that
	// makes an episode of this task, to reach afterwards by MCPURL.
	ControlCreate map[string]any `json:"control_create"`
}

// taskPrompts is what a model is told about one task: the system prompt
// (the company's instructions and its policies, in full, because a
// function-calling model cannot read MCP resources) and the instruction.
func taskPrompts(w *world.World, t *world.Task) (system, user string) {
	system = w.Instructions()
	for _, d := range w.Documents() {
		if d.Name == "policies" {
			system += "\n\n" + d.Text
		}
	}
	return system, w.TaskPrompt(t.Public())
}

// openAITools converts a world's tools for function calling.
func openAITools(w *world.World) []openAITool {
	out := make([]openAITool, 0, len(w.Tools()))
	for _, t := range w.Tools() {
		desc := t.Title()
		if t.Description() != "" {
			desc = t.Title() + ". " + t.Description()
		}
		out = append(out, openAITool{Type: "function", Function: openAIFunction{Name: t.Name(), Description: desc, Parameters: t.InputSchema()}})
	}
	return out
}

func exportRows(w *world.World, source string) []exportRow {
	c := w.Company()
	comp := exportCompany{c.Name, c.Industry, c.Country, c.Locale, c.Currency, c.Timezone}
	tools := openAITools(w)
	mcpTools := make([]mcp.Tool, 0, len(w.Tools()))
	for _, t := range w.Tools() {
		mcpTools = append(mcpTools, toolgen.Tool(t))
	}
	var rows []exportRow
	for _, t := range w.Tasks() {
		info := t.Public()
		sys, user := taskPrompts(w, t)
		services := info.Services
		if services == nil {
			services = []string{}
		}
		rows = append(rows, exportRow{
			ID: w.Name() + "/" + info.ID, World: w.Name(), WorldVersion: w.Version(), BundleHash: w.Hash(),
			TaskID: info.ID, Persona: info.Persona, Title: info.Title, Services: services, Company: comp,
			SystemPrompt: sys, UserPrompt: user, Tools: tools, MCPTools: mcpTools,
			Episode: exportEpisode{
				Serve:         []string{"mcp-world", "serve", "--world", source, "--http", ":8080"},
				MCPURL:        "{base_url}/episodes/{episode_id}/mcp",
				OpenEnvReset:  map[string]any{"task_id": info.ID},
				ControlCreate: map[string]any{"task": info.ID},
			},
		})
	}
	return rows
}

// worldSource is one world of a --world W|DIR argument: the world and how
// to name it on a command line.
type worldSource struct {
	world  *world.World
	source string
}

// eachWorld resolves --world W|DIR: an embedded world, a bundle file, a
// folder with a world.json, or a folder of bundles (a corpus, in sorted
// order). fn sees one world at a time, so a large corpus is never held
// in memory at once.
func eachWorld(arg string, fn func(worldSource) error) error {
	if st, err := os.Stat(arg); err == nil && st.IsDir() && !fileExists(filepath.Join(arg, "world.json")) {
		files, err := bundleFiles(arg)
		if err != nil {
			return err
		}
		for _, f := range files {
			w, err := loadWorld(f)
			if err != nil {
				return err
			}
			if err := fn(worldSource{w, f}); err != nil {
				return err
			}
		}
		return nil
	}
	w, err := loadWorld(arg)
	if err != nil {
		return err
	}
	if arg == "" {
		arg = w.Name()
	}
	return fn(worldSource{w, arg})
}

func (e *env) export(args []string) error {
	fs := e.flags("export", "--world W|DIR [--format jsonl] [--out FILE]")
	worldArg := fs.String("world", "", "embedded world, bundle file, or a folder of bundles (a corpus); default: the default world")
	format := fs.String("format", "jsonl", "output format: jsonl (one task per line; see docs/export.md)")
	out := fs.String("out", "", "write to FILE instead of stdout")
	if err := parse(fs, args); err != nil {
		return done(err)
	}
	if *format != "jsonl" {
		return &exitError{2, fmt.Errorf("export: --format %q is not supported (formats: jsonl)", *format)}
	}
	var dst io.Writer = e.stdout
	var file *os.File
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return fmt.Errorf("--out: %w", err)
		}
		file, dst = f, f
	}
	bw := bufio.NewWriter(dst)
	n := 0
	err := eachWorld(*worldArg, func(ws worldSource) error {
		for _, row := range exportRows(ws.world, ws.source) {
			b, err := marshalLine(row)
			if err != nil {
				return err
			}
			bw.Write(b)
			n++
		}
		return nil
	})
	err = errors.Join(err, bw.Flush())
	if file != nil {
		err = errors.Join(err, file.Close())
	}
	if err != nil {
		return err
	}
	if *out != "" {
		fmt.Fprintf(e.stderr, "mcp-world: exported %d tasks to %s\n", n, *out)
	}
	return nil
}

// marshalLine encodes v as one JSON line, without HTML escaping.
func marshalLine(v any) ([]byte, error) {
	var sb strings.Builder
	enc := json.NewEncoder(&sb)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return []byte(sb.String()), nil
}
