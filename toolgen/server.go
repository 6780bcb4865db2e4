package toolgen

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mercury/mcp-world/world"
)

// Resolver finds the episode a request is addressed to.
type Resolver func(ctx context.Context) (*world.Episode, error)

// Options configures [NewServer].
type Options struct {
	// Task, when set, is served as the "task" prompt.
	Task *world.Task
	// Version is reported as the server version.
	Version string
	// Logger receives one line per tool call; nil discards.
	Logger *slog.Logger
	// ServerOptions are passed through to mcp-go. With any, [HTTP] hands
	// every request to mcp-go, plain tool calls included.
	ServerOptions []server.ServerOption
}

// NewServer builds the MCP server of a world: one tool per world tool,
// the company, service and policy documents as resources, and the task
// instruction as a prompt. Every tool call runs on the episode resolve
// returns for the request.
func NewServer(w *world.World, resolve Resolver, opts Options) *server.MCPServer {
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if opts.Version == "" {
		opts.Version = "dev"
	}
	sopts := []server.ServerOption{
		server.WithToolCapabilities(false),
		server.WithResourceCapabilities(false, false),
		server.WithInstructions(w.Instructions()),
		server.WithRecovery(),
	}
	if opts.Task != nil {
		sopts = append(sopts, server.WithPromptCapabilities(false))
	}
	sopts = append(sopts, opts.ServerOptions...)
	s := server.NewMCPServer("mcp-world/"+w.Name(), opts.Version, sopts...)
	for _, t := range w.Tools() {
		s.AddTool(Tool(t), handler(t, resolve, log))
	}
	for _, d := range w.Documents() {
		res := mcp.NewResource(d.URI, d.Name, mcp.WithResourceDescription(d.Description), mcp.WithMIMEType("text/markdown"))
		res.Title = d.Title
		text := d.Text
		uri := d.URI
		s.AddResource(res, func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return []mcp.ResourceContents{mcp.TextResourceContents{URI: uri, MIMEType: "text/markdown", Text: text}}, nil
		})
	}
	if opts.Task != nil {
		info := opts.Task.Public()
		p := mcp.NewPrompt("task", mcp.WithPromptDescription(fmt.Sprintf("Your task as %s: %s", info.Persona, info.Title)))
		p.Title = info.Title
		msg := w.TaskPrompt(info)
		s.AddPrompt(p, func(ctx context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return mcp.NewGetPromptResult(info.Title, []mcp.PromptMessage{mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent(msg))}), nil
		})
	}
	return s
}

func ptr[T any](v T) *T { return &v }

// Tool describes a world tool for MCP.
func Tool(t *world.Tool) mcp.Tool {
	return mcp.Tool{
		Name:            t.Name(),
		Title:           t.Title(),
		Description:     t.Description(),
		RawInputSchema:  t.InputSchema(),
		RawOutputSchema: t.OutputSchema(),
		Annotations: mcp.ToolAnnotation{
			Title:           t.Title(),
			ReadOnlyHint:    ptr(t.ReadOnly()),
			DestructiveHint: ptr(t.Destructive()),
			IdempotentHint:  ptr(t.Idempotent()),
			OpenWorldHint:   ptr(false),
		},
	}
}

func handler(t *world.Tool, resolve Resolver, log *slog.Logger) server.ToolHandlerFunc {
	name := t.Name()
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ep, err := resolve(ctx)
		if err != nil {
			var ue *UserError
			if errors.As(err, &ue) {
				return mcp.NewToolResultError(ue.Msg), nil
			}
			return nil, err
		}
		raw := req.Params.RawArguments
		if len(raw) == 0 && req.Params.Arguments != nil {
			raw, _ = json.Marshal(req.Params.Arguments)
		}
		out, err := ep.Call(ctx, name, raw)
		var te *world.ToolError
		switch {
		case errors.As(err, &te):
			log.Debug("tool call", "tool", name, "error", te.Msg)
			return mcp.NewToolResultError(te.Msg), nil
		case err != nil:
			log.Error("tool call", "tool", name, "err", err)
			return nil, fmt.Errorf("tool %s: %w", name, err)
		}
		log.Debug("tool call", "tool", name)
		return &mcp.CallToolResult{
			Content:           []mcp.Content{mcp.NewTextContent(string(out))},
			StructuredContent: json.RawMessage(out),
		}, nil
	}
}

// UserError is a resolver failure the client can act on (an unknown
// episode, a full server); it is returned as a tool error, not a protocol
// error.
type UserError struct{ Msg string }

func (e *UserError) Error() string { return e.Msg }
