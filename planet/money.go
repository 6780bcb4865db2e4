package planet

import (
	"math"

	"github.com/mercury/mcp-world/planet/seed"
)

func eurRate(currency string) float64 { return seed.PriceLevel(currency) }

// minorPerMajor is 10^digits: cents per euro, 1 for yen.
func minorPerMajor(digits int) int64 { return int64(math.Pow10(digits)) }
