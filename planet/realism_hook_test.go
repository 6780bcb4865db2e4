package planet

import (
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/verifier"
)

// Planet's tests validate worlds as mcp-world does, realism included.
func init() { verifier.Realism = seed.Findings }
