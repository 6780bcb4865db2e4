// Package world compiles a declarative world bundle into an executable
// world and runs episodes of it on SQLite.
//
// Start with [Compile]: it decodes a bundle (see docs/bundle-format.md and
// the JSON Schema returned by [BundleSchema]), checks every reference and
// reports every problem at once, each a [*BundleError] located by JSON
// pointer. The result is an immutable [World] holding the schema, the seeded
// template database image (s0), one image per task (s0 + Δs0) and the
// compiled tools. A World is safe for concurrent use.
//
// A full Compile of a large bundle is mostly parsing and inserting its
// seed rows, so a good bundle is parsed once (jsontree.go), its rows into
// a compact form with no map or interface per row or value
// (seedrows.go), and they go to SQLite many to an INSERT through
// SQLite's own C API rather than database/sql (imagedb.go), which gives
// the same image; a bundle with any problem takes the slow, explaining
// way.
// [World.Compiled] and [World.Image] keep what a later start
// needs without them, and [Recompile] rebuilds the same world from those
// two (mcp-world serve keeps them in a cache per bundle file).
//
// # Episodes
//
// [World.NewEpisode] deserializes an image into a fresh, private in-memory
// database: no DDL is re-run. [Episode.Call] runs one tool call as one
// transaction; a [*ToolError] is a mistake the caller can fix and leaves the
// state exactly as it was. Time is virtual (the bundle's clock advances one
// tick per call) and ids come from per-table sequences stored in the
// database, so the same calls give byte-identical state.
//
// # State
//
// [Episode.StateHash] digests the logical state (rows in key order, not
// pages) and [Episode.Diff] lists the rows that differ from the episode's
// initial state. Both read only what the episode changed: every write step
// records the key of its row in the episode's change log, inside the
// call's transaction, and the initial state of each task is read once per
// process. [Episode.Read] gives read-only access for grading: one
// read-only statement per query, with PRAGMA query_only on.
//
// # Tools
//
// Tools are data, not code: a list of steps (get, search, insert, update,
// delete, require, absent) over the tables of the tool's own service.
// Arguments are always bound parameters, every read has a total order (the
// primary key breaks ties) and a tool without write steps cannot write.
//
// # Policies
//
// An invariant is either raw (policy text and a hidden SQL check written
// by hand) or a structured [PolicyRule], from which [Compile] writes both
// the policy text the agent reads and the hidden check, so that the two
// agree by construction. [World.InvariantReads] lists the tables a check
// reads; the grader scopes invariants to a task by it.
//
// # Grading support
//
// [World.Scratch] lends the grader a pooled database at a task's initial
// state on which it replays an episode's changes and runs hidden SQL with
// statements prepared once per pooled database. [Episode.Tamper] alters an
// episode's state outside any tool, for validators that test whether a
// hidden check notices. A tool call runs under a budget ([CallBudget]).
//
// # Hidden parts
//
// Invariant checks, rubrics and reference solutions are part of the bundle
// but are only reachable through [World.Invariants], [World.Bundle] and
// [Task.Spec]; agent-facing code uses [World.Policies] and [Task.Public].
// The texts an agent reads besides the tools ([World.Instructions],
// [World.Documents], [World.TaskPrompt]) are rendered here from those
// visible parts, so the MCP server and the verifier's leak check see the
// same words. This package imports no MCP and no grading code;
// imports_test.go enforces the import rules of the whole module and that
// agent-facing code never calls the hidden accessors.
package world
