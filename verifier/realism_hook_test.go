package verifier

import "github.com/mercury/mcp-world/planet/seed"

// The tests validate as mcp-world does, with the realism validator's data
// (only non-test files are held to the import rules).
func init() { Realism = seed.Findings }
