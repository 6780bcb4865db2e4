package catalog

import (
	"fmt"
	"slices"
	"strings"
)

// Flavour is industry knowledge a service draws on, shared by the packs
// that name it ([Pack.Flavours]): what a dental practice prescribes, what
// a restaurant keeps in stock, that a haulier runs trucks. A service takes
// a field from the first of the world's flavours that has it and falls
// back on its own generic content. Field names mirror data/flavours.json;
// a new flavour is data only.
type Flavour struct {
	ID string `json:"id"`
	// Words call for the flavour in an industry without a pack: a word of
	// the industry's name that begins with one of them ("orthodont" →
	// orthodontist).
	Words []string `json:"words"`
	// Prescriptions are what the prescriptions service writes, the
	// standard aftercare item first.
	Prescriptions []Medication `json:"prescriptions,omitempty"`
	// StockItems are goods a warehouse or production line keeps.
	StockItems []string `json:"stock_items,omitempty"`
	// Vehicles are the models a fleet runs.
	Vehicles []Vehicle `json:"vehicles,omitempty"`
	// PropertyKinds are the kinds of unit a property portfolio holds,
	// repeated to weight the draw.
	PropertyKinds []string `json:"property_kinds,omitempty"`
	// EventTitles are the events a ticketing service sells.
	EventTitles []string `json:"event_titles,omitempty"`
}

// Medication is one item a prescription can be written for.
type Medication struct {
	Name     string `json:"name"`
	Dose     string `json:"dose"`
	Quantity int64  `json:"quantity"` // packs or units per fill
}

// Vehicle is a make and model with its body type (van, truck or car).
type Vehicle struct {
	Model string `json:"model"`
	Kind  string `json:"kind"`
}

// Flavours returns every flavour, in data file order.
func Flavours() []Flavour { return slices.Clone(load().flavours) }

// FlavourByID returns the flavour of an id ("general_practice": what a
// service falls back on when no flavour of the world gives the field).
func FlavourByID(id string) (Flavour, bool) {
	c := load()
	i, ok := c.flavourIx[id]
	if !ok {
		return Flavour{}, false
	}
	return c.flavours[i], true
}

// FlavoursOf returns the flavours of a world: its pack's when it has one
// (pack is an industry id), else those whose words begin a word of the
// industry's free-text name, in data file order.
func FlavoursOf(pack, industry string) []Flavour {
	c := load()
	if in, ok := IndustryByID(pack); ok {
		out := make([]Flavour, 0, len(in.Flavours))
		for _, id := range in.Flavours {
			out = append(out, c.flavours[c.flavourIx[id]])
		}
		return out
	}
	words := strings.FieldsFunc(strings.ToLower(industry), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	})
	var out []Flavour
	for _, f := range c.flavours {
		if flavourCalled(f, words) {
			out = append(out, f)
		}
	}
	return out
}

func flavourCalled(f Flavour, words []string) bool {
	for _, w := range words {
		for _, p := range f.Words {
			if strings.HasPrefix(w, p) {
				return true
			}
		}
	}
	return false
}

// checkFlavours reports the first problem of the flavours file, or nil.
func checkFlavours(fs []Flavour) (map[string]int, error) {
	ix := map[string]int{}
	for i, f := range fs {
		if !snakeCase(f.ID) {
			return nil, fmt.Errorf("flavours.json: [%d]: id %q is not snake_case", i, f.ID)
		}
		if _, dup := ix[f.ID]; dup {
			return nil, fmt.Errorf("flavours.json: duplicate id %q", f.ID)
		}
		ix[f.ID] = i
		if len(f.Words) == 0 {
			return nil, fmt.Errorf("flavours.json: %s: needs words", f.ID)
		}
		if len(f.Prescriptions)+len(f.StockItems)+len(f.Vehicles)+len(f.PropertyKinds)+len(f.EventTitles) == 0 {
			return nil, fmt.Errorf("flavours.json: %s: adds nothing", f.ID)
		}
		for j, m := range f.Prescriptions {
			if strings.TrimSpace(m.Name) == "" || strings.TrimSpace(m.Dose) == "" || m.Quantity < 1 {
				return nil, fmt.Errorf("flavours.json: %s: prescriptions[%d] needs a name, a dose and a quantity of at least 1", f.ID, j)
			}
		}
		for j, v := range f.Vehicles {
			if strings.TrimSpace(v.Model) == "" || (v.Kind != "van" && v.Kind != "truck" && v.Kind != "car") {
				return nil, fmt.Errorf("flavours.json: %s: vehicles[%d] needs a model and a kind of van, truck or car", f.ID, j)
			}
		}
	}
	return ix, nil
}
