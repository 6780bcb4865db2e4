package lexicon

import (
	"slices"
	"strings"
)

// senses is data/senses.json: what kind of thing a noun is.
type senses struct {
	Source  string              `json:"_source"`
	Natures map[string][]string `json:"natures"`
	// Sources are the firms and people a business buys from: "from
	// local mills", "from two wholesalers".
	Sources []string `json:"sources"`
	// MoneyBack are the words of money paid back ("refunds cancelled
	// crossings"): a refund of what was paid, never an invoice.
	MoneyBack []string `json:"money_back"`
	// Journeys are what is booked on a vehicle: "crossings" of a ferry.
	Journeys []string `json:"journeys"`
	// FreeCues say a business gives to the people it serves rather than
	// selling to them ("volunteer-run food bank"): nothing is invoiced to
	// them unless the brief names a charge.
	FreeCues []string `json:"free_cues"`
	bookingSenses
}

// FreeToCustomers reports whether a business's words (industry and
// description, lower case) say it serves people free of charge.
func (l *Lexicon) FreeToCustomers(text string) bool {
	for _, c := range l.senses.FreeCues {
		if strings.Contains(text, c) {
			return true
		}
	}
	return false
}

// IsJourney reports whether a noun names a journey one books on a
// vehicle (a crossing, a trip).
func (l *Lexicon) IsJourney(noun string) bool {
	return slices.Contains(l.senses.Journeys, noun)
}

// IsMoneyBack reports whether a noun names money paid back to a
// customer (a refund, a credit note).
func (l *Lexicon) IsMoneyBack(noun string) bool {
	return slices.Contains(l.senses.MoneyBack, noun)
}

// IsSource reports whether a noun names whom a business buys from (a
// mill, a wholesaler, a farmer).
func (l *Lexicon) IsSource(noun string) bool {
	return slices.Contains(l.senses.Sources, noun)
}

// Nature says what kind of thing a noun names: "goods" (counted in
// stock, bought and sold), "intangible" (a ticket, pass, plan or course:
// sold or issued, never located or broken) or "equipment" (the default:
// a thing that is used, has a place and can be out of service); "vehicle"
// is equipment one runs journeys with; "person"
// marks the counterparts who are people (farmers one buys from). A
// compound takes its head's nature ("season ticket" is a ticket).
func (l *Lexicon) Nature(noun string) string {
	for _, n := range []string{noun, lastField(noun)} {
		for nature, nouns := range l.senses.Natures {
			for _, x := range nouns {
				if x == n {
					return nature
				}
			}
		}
	}
	return "equipment"
}

func lastField(s string) string {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == ' ' {
			return s[i+1:]
		}
	}
	return s
}
