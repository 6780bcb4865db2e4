// Package toolgen turns a compiled [world.World] into an MCP server.
//
// Start with [NewServer]: one MCP tool per world tool (raw input and output
// JSON Schemas, annotations derived from the tool's steps, structured
// results with a JSON text fallback), the company profile, one document per
// service and the policies as resources, and the task instruction as the
// "task" prompt. Every call runs on the episode a [Resolver] returns for the
// request, so one server serves one episode (stdio) or many (HTTP).
//
// [ServeStdio] serves such a server over stdio: mcp-go handles every
// message, but lines are read, plain tool calls dispatched and tool results
// encoded by this package, which costs a fraction of mcp-go's own stdio
// server (see its documentation and BENCHMARKS.md).
//
// [NewHTTP] serves a world over streamable HTTP for both protocol
// generations: /episodes/{id}/mcp addresses an episode by URL, and /mcp
// gives each session-ful client a fresh episode for its MCP session. It
// bounds what sessions can hold: a listening GET must name a live session
// of its endpoint and each session gets one, and at most
// [HTTPOptions.MaxSessions] sessions live at once. A plain tool call on a
// session is answered by this package as [ServeStdio] answers one, the
// rest by mcp-go (httpcall.go says how sessions stay alive meanwhile).
// Authentication, Origin
// checks and request limits are the embedding server's (mcp-world serve
// puts them in front); errors in that layer can use [WriteJSONRPCError].
//
// The agent-visible texts served as instructions, resources and the
// prompt are rendered by package world ([world.World.Documents] and
// friends), so the verifier can check them without importing this package.
//
// # Hidden stays hidden
//
// This package uses only the agent-visible parts of a world:
// [world.World.Policies] (never the checks) and [world.Task.Public] (never
// the rubric or the solution). It does not import the verifier.
//
// Mistakes the model made (bad arguments, missing records, broken rules)
// come back as tool results with isError set, worded so the model can
// recover; faults of the server are protocol errors.
package toolgen
