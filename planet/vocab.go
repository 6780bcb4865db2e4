package planet

import "github.com/mercury/mcp-world/world"

// Vocab is an industry's words for the generic business entities, so that a
// dental clinic's CRM holds patients with insurers and a forwarder's holds
// shippers with incoterms: different tables and tools, not renamed copies.
type Vocab struct {
	Customer Noun
	Staff    Noun
	Work     Noun
	Offering Noun
	// States is the work item's lifecycle, first to final; Cancel is the
	// terminal state off the main path ("cancelled"), or "".
	States []string
	Cancel string
	Unit   string // the offering's unit: "per hour", "per night"
	Items  []Item
}

// Noun names an entity and the columns particular to the industry.
type Noun struct {
	One   string // "patient"
	Many  string // "patients"
	Extra []Extra
}

// Extra is an industry-specific column; Values makes it an enum.
type Extra struct {
	Name   string
	Type   string
	Values []string
}

// Item is one offering with a price range in major units (EUR-equivalent).
type Item struct {
	Name     string
	Min, Max float64
}

// Columns returns the extra columns as bundle columns.
func (n Noun) Columns() []world.Column {
	var cols []world.Column
	for _, e := range n.Extra {
		c := world.Column{Name: e.Name, Type: e.Type}
		if len(e.Values) > 0 {
			c.Enum = make([]any, len(e.Values))
			for i, v := range e.Values {
				c.Enum[i] = v
			}
		}
		cols = append(cols, c)
	}
	return cols
}

// Value makes a random value for an extra column.
func (e Extra) Value(g *Gen) any {
	r := g.R
	if len(e.Values) > 0 {
		return Pick(r, e.Values)
	}
	switch e.Type {
	case "integer":
		return int64(1 + r.IntN(50))
	case "real":
		return float64(r.IntN(1000)) / 10
	case "boolean":
		return r.IntN(3) == 0
	case "date":
		return g.Day(-r.IntN(900))
	case "datetime":
		return g.At(-r.IntN(90), float64(8+r.IntN(9)))
	case "email":
		return g.Locale.Email("info", "", "example")
	}
	return g.Locale.Word()
}
