package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/seed"
)

// A world's seed amounts (a lease's monthly rent, a salary) are at its
// currency's price level, not only its market rate: in euros, a rent in
// India, Nigeria or Poland is a fraction of a German one, one in
// Switzerland more.
func TestSeedMoneyAtPriceLevel(t *testing.T) {
	inEUR := func(code string, k seed.Kind) float64 {
		c, _ := catalog.CountryByCode(code)
		l := &Locale{C: c, R: rand.New(rand.NewPCG(3, 9))}
		l.SetHome(c.Cities[0], time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC), "")
		r, _ := seed.RuleOf("amount", k)
		var eur []float64
		for range 400 {
			minor := l.Src().Value("amount", r, "integer", map[string]any{}, seed.Stage(0)).(int64)
			eur = append(eur, float64(minor)/float64(MinorPerMajor(c.CurrencyDigits))/EurRate(c.Currency))
		}
		slices.Sort(eur)
		return eur[len(eur)/2]
	}
	for _, k := range []seed.Kind{seed.MonthlyRent, seed.Salary} {
		de := inEUR("DE", k)
		for _, tc := range []struct {
			code   string
			lo, hi float64 // of the German median, in euros at market rates
		}{
			{"IN", 0.15, 0.5}, {"NG", 0.15, 0.5}, {"PL", 0.4, 0.8}, {"BR", 0.35, 0.75}, {"CH", 1.2, 2},
		} {
			if got := inEUR(tc.code, k) / de; got < tc.lo || got > tc.hi {
				t.Errorf("%s %s: median %.2f of Germany's in euros, want %.2f–%.2f", tc.code, k, got, tc.lo, tc.hi)
			}
		}
	}
}
