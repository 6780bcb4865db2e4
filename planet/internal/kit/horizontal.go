package kit

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/seed"
)

// Helpers of the services that go into any world (helpdesk, calendar,
// hr, drive, payments, orders, inventory, procurement), over the world
// being built.

// Clock returns the date-time d days after the clock start's day at
// hour:minute local time.
func Clock(g *engine.Gen, d, hour, minute int) string {
	s := g.Start
	return time.Date(s.Year(), s.Month(), s.Day()+d, hour, minute, 0, 0, s.Location()).Format(time.RFC3339)
}

// OwnNouns picks a service's own noun, or an alternative when the
// industry's customer, staff or work noun already uses it (its tools
// would have the same names).
func OwnNouns(g *engine.Gen, one, many, altOne, altMany string) (string, string) {
	v := g.Vocab
	for _, n := range []engine.Noun{v.Customer, v.Staff, v.Work} {
		if engine.Snake(n.One) == one || engine.Snake(n.Many) == many {
			return altOne, altMany
		}
	}
	return one, many
}

// Where returns the rows for which keep is true.
func Where(rows []engine.Row, keep func(engine.Row) bool) []engine.Row {
	var out []engine.Row
	for _, r := range rows {
		if keep(r) {
			out = append(out, r)
		}
	}
	return out
}

// ItemPrice draws a price for an item in minor units of the company
// currency, rounded to whole major units unless it is small; never 0.
// A nil r gives the middle of the item's range: its list price.
func ItemPrice(g *engine.Gen, r *rand.Rand, it engine.Item) int64 {
	at := 0.5
	if r != nil {
		at = r.Float64()
	}
	p := (it.Min + at*(it.Max-it.Min)) * engine.EurRate(g.Locale.C.Currency)
	minor := engine.MinorPerMajor(g.Locale.C.CurrencyDigits)
	// A list price is a round one: 39,900 won, not 39,875.
	if p >= 20 {
		return int64(seed.RoundPrice(p)) * minor
	}
	// Small prices (per kWh, per page) keep their cents.
	return max(1, int64(math.Round(p*float64(minor))))
}

// Offerings returns the industry's offering items, never empty.
func Offerings(g *engine.Gen) []engine.Item {
	if len(g.Vocab.Items) > 0 {
		return g.Vocab.Items
	}
	return []engine.Item{{Name: "Standard service", Min: 50, Max: 150}, {Name: "Premium service", Min: 150, Max: 400}}
}

// GeneralSupplies are goods any business buys and keeps in stock, named
// as the translation files name them (StockItemsOf gives them in the
// world's language).
var GeneralSupplies = []engine.Item{
	{Name: "Printer paper A4 (box of 5 reams)", Min: 20, Max: 35},
	{Name: "Toner cartridge", Min: 60, Max: 120},
	{Name: "Cleaning supplies", Min: 15, Max: 40},
	{Name: "Nitrile gloves (box of 100)", Min: 6, Max: 12},
	{Name: "Packing tape", Min: 8, Max: 15},
	{Name: "Hand sanitiser", Min: 8, Max: 20},
}

// StockItemsOf are the names inventory keeps and procurement buys: the
// industry's own supplies, spare parts and raw materials (its offerings
// only where it trades goods, seed/data/supplies.json), then general
// supplies. The list does not depend on randomness, so every service that
// uses it sees the same one.
func StockItemsOf(g *engine.Gen) []engine.Item {
	var out []engine.Item
	seen := map[string]bool{}
	supplies, resale := seed.SuppliesOf(g.Scenario.Industry)
	var own []engine.Item
	if resale {
		own = slices.Clone(Offerings(g))
	}
	for _, s := range supplies {
		own = append(own, engine.LocalItem(g.Locale.C.Locale, s.Name, s.PriceRange[0], s.PriceRange[1]))
	}
	for _, it := range GeneralSupplies {
		own = append(own, engine.LocalItem(g.Locale.C.Locale, it.Name, it.Min, it.Max))
	}
	for _, it := range own {
		if !seen[it.Name] {
			seen[it.Name] = true
			out = append(out, it)
		}
	}
	return out
}

// WithArticle puts "a" or "an" before a noun.
func WithArticle(noun string) string {
	if noun != "" && strings.ContainsRune("aeiou", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}

// OfficeMailbox is the company's general mailbox.
func OfficeMailbox(g *engine.Gen) string { return "office@" + g.Locale.Domain }

// ColumnOf returns a column of the row with the given id.
func ColumnOf(rows []engine.Row, id any, col string) any {
	for _, r := range rows {
		if r["id"] == id {
			return r[col]
		}
	}
	return nil
}

// HasName reports whether some row has the name.
func HasName(rows []engine.Row, name string) bool {
	for _, r := range rows {
		if r["name"] == name {
			return true
		}
	}
	return false
}

// PartsOf are the goods a technician of the company fits or uses up: the
// industry's supplies (seed/data/supplies.json), else its pack's supplies
// that are goods rather than subscriptions (priced per unit, pair, box,
// not per month or year). Empty when the industry has neither.
func PartsOf(g *engine.Gen) []engine.Item {
	var out []engine.Item
	supplies, _ := seed.SuppliesOf(g.Scenario.Industry)
	for _, s := range supplies {
		out = append(out, engine.LocalItem(g.Locale.C.Locale, s.Name, s.PriceRange[0], s.PriceRange[1]))
	}
	if len(out) > 0 {
		return out
	}
	ind, ok := engine.IndustryByID(g.Scenario.Industry)
	if !ok {
		return nil
	}
	for _, s := range ind.Supplies {
		if strings.Contains(s.Unit, "month") || strings.Contains(s.Unit, "year") {
			continue
		}
		out = append(out, engine.LocalItem(g.Locale.C.Locale, s.Name, s.PriceRange[0], s.PriceRange[1]))
	}
	return out
}
