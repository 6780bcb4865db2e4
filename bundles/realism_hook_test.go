package bundles

import (
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/verifier"
)

// The embedded worlds are validated as mcp-world validates them, with the
// realism validator's data (its findings are warnings on a hand-written
// world).
func init() { verifier.Realism = seed.Findings }
