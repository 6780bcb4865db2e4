// Package bundles holds the curated world bundles that ship inside the
// mcp-world binary, embedded with go:embed from worlds/*.json.
//
// Start with [Default] and [Load]:
//
//	w, err := bundles.Load(bundles.Default)
//
// [Names] lists every embedded world and [Bytes] returns a bundle's raw
// JSON, for callers that compile it themselves or show it to people. Every
// function is safe for concurrent use: the embedded files are read-only.
//
// # The default world
//
// rijnmond-forwarding is Rijnmond Forwarding B.V., a mid-size freight
// forwarder in the port of Rotterdam. Seven services (staff directory, CRM,
// TMS, billing, helpdesk, shared mailboxes, team chat) with their tables and
// seed data, 26 tools, eight cross-service policies with hidden checks, and
// tasks from several personas whose reference solutions are proven by this
// package's tests to pass every assertion and every policy in scope.
//
// # Adding a world
//
// Drop a mercury.world/v1 bundle into worlds/ as <name>.json, where <name>
// is the bundle's "name". The tests compile it, replay every task's
// reference solution and check the rubric and the invariants.
package bundles
