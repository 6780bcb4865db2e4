package main

import (
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/verifier"
)

// The realism validator needs the synthesizer's country data, which the
// verifier must not import; this program has both, so it joins them.
func init() { verifier.Realism = seed.Findings }
