package engine

import (
	"math"
	"math/rand/v2"

	"github.com/mercury/mcp-world/planet/seed"
)

func EurRate(currency string) float64 { return seed.PriceLevel(currency) }

// MinorPerMajor is 10^digits: cents per euro, 1 for yen.
func MinorPerMajor(digits int) int64 { return int64(math.Pow10(digits)) }

// LocalMoney draws an amount between lo and hi EUR-equivalent major units
// at the currency's price level, in whole local units, as minor units.
func LocalMoney(g *Gen, r *rand.Rand, lo, hi float64) int64 {
	major := (lo + r.Float64()*(hi-lo)) * EurRate(g.Locale.C.Currency)
	return int64(seed.RoundPrice(major)) * MinorPerMajor(g.Locale.C.CurrencyDigits) // as prices are set
}
