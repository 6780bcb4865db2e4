package lexicon

import (
	"slices"
	"strings"
)

// customerTrades is data/customers.json: the lines of work whose
// customers are firms, by the words that name the trade.
type customerTrades struct {
	Source string          `json:"_source"`
	Trades []CustomerTrade `json:"trades"`
}

// CustomerTrade is a line of work whose customers are organisations:
// Customer is the noun the trade calls them ("shipper"), empty when they
// keep the general word.
type CustomerTrade struct {
	Trade    string   `json:"trade"`
	Customer string   `json:"customer"`
	Words    []string `json:"words"`
}

// FirmTrade finds the trade the words of a text (an industry's name, a
// description's first sentence) name whose customers are firms, and the
// word that named it. A single long word also ends a compound of its own
// language ("Getränkegroßhandel", "LKW-Spedition").
func (l *Lexicon) FirmTrade(text string) (CustomerTrade, string, bool) {
	ws := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(r == '-' || r == '\'' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r > 127)
	})
	joined := " " + strings.Join(ws, " ") + " "
	for _, t := range l.customers.Trades {
		for _, w := range t.Words {
			if strings.Contains(joined, " "+w+" ") {
				return t, w, true
			}
			if !strings.Contains(w, " ") && len(w) >= 7 && slices.ContainsFunc(ws, func(x string) bool { return strings.HasSuffix(x, w) || strings.HasSuffix(x, "-"+w) }) {
				return t, w, true
			}
		}
	}
	return CustomerTrade{}, "", false
}
