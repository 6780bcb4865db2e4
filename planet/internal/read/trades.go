package read

import (
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
)

// customerTrade makes the customers of a composed world firms when the
// brief names none of its own and its line of work serves firms (a road
// haulier's are shippers, a wholesaler's the trade: the lexicon's
// customers.json). The brief's own customer nouns win: only the general
// word ("customers", or none at all) is read from the trade.
func (r *reader) customerTrade() {
	c := &r.p.Customer
	if r.ind != nil || c.Organisation || !engine.GeneralCustomer(c.One) {
		return
	}
	for _, a := range c.Attributes {
		if a.Name == "kind" {
			return
		}
	}
	text := r.s.Industry
	if first := sentenceSplit.Split(r.desc, 2); len(first) > 0 {
		text += " . " + first[0]
	}
	t, w, ok := r.lex.FirmTrade(text)
	if !ok {
		return
	}
	c.Organisation = true
	if t.Customer != "" && c.From == "" {
		c.One, c.Many = t.Customer, r.lex.Plural(t.Customer)
	}
	if c.From == "" {
		c.From = w
	}
	r.decide(w, "/customer", "customers are %s (organisations: the customers of %s)", c.Many, strings.TrimSpace(t.Trade))
}
