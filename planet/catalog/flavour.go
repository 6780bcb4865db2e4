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
	// MatterTopics are the matters a firm paid to handle them opens (a
	// law firm's dismissal claims), each with its area of practice.
	MatterTopics []MatterTopic `json:"matter_topics,omitempty"`
	// ClaimKinds are what customers claim for (damage, injury…),
	// repeated to weight the draw.
	ClaimKinds []string `json:"claim_kinds,omitempty"`
	// ResourceKinds are the kinds of thing customers reserve (rooms,
	// tables, bays…), repeated to weight the draw.
	ResourceKinds []string `json:"resource_kinds,omitempty"`
	// Items, when present, replace the pack's catalogue: an izakaya's
	// yakitori and sake, not the generic restaurant's risotto.
	Items []Item `json:"items,omitempty"`
	// ChosenBy makes the flavour a variant of its packs, taken only when
	// the brief asks for it (see [Variant]): a cuisine, a crop.
	ChosenBy *FlavourChoice `json:"chosen_by,omitempty"`
}

// FlavourChoice says when a variant flavour is a world's: a word of the
// brief's industry or description beginning with one of Words
// ("izakaya", "yakitori"), else a country of Countries (a restaurant in
// Japan serves Japanese food unless its brief names another cuisine).
type FlavourChoice struct {
	Words     []string `json:"words,omitempty"`
	Countries []string `json:"countries,omitempty"`
}

// claimKinds and resourceKinds are the values those lists may hold (the
// claims and reservations services' enums).
var (
	claimKinds    = []string{"damage", "loss", "delay", "defect", "service", "injury", "other"}
	resourceKinds = []string{"room", "table", "bay", "studio", "vehicle", "equipment"}
)

// matterAreas are the areas of practice a matter may have.
var matterAreas = []string{"contract", "employment", "property", "family", "tax", "regulatory", "dispute", "other"}

// MatterTopic is the title of a kind of matter and its area (one of
// contract, employment, property, family, tax, regulatory, dispute,
// other).
type MatterTopic struct {
	Title string `json:"title"`
	Area  string `json:"area"`
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
// industry's free-text name, in data file order. A pack's variants are
// left out: [FlavoursFor] chooses them from the brief.
func FlavoursOf(pack, industry string) []Flavour { return FlavoursFor(pack, industry, "", "") }

// FlavoursFor returns the flavours of a world whose brief is text
// (industry and description) in country: as [FlavoursOf], with the
// pack's variant the brief calls for ([Variant]) first, so that its
// fields win over the pack's general knowledge.
func FlavoursFor(pack, industry, text, country string) []Flavour {
	c := load()
	if in, ok := IndustryByID(pack); ok {
		out := make([]Flavour, 0, len(in.Flavours))
		if v, _, ok := Variant(pack, text, country); ok {
			out = append(out, v)
		}
		for _, id := range in.Flavours {
			if f := c.flavours[c.flavourIx[id]]; f.ChosenBy == nil {
				out = append(out, f)
			}
		}
		return out
	}
	words := briefWords(industry)
	var out []Flavour
	for _, f := range c.flavours {
		if f.ChosenBy == nil && flavourCalled(f, words) {
			out = append(out, f)
		}
	}
	return out
}

// Variant returns the pack's variant flavour a brief calls for, and the
// word or country that called it: the first of the pack's variants one
// of whose words begins a word of text, else the first whose countries
// hold the country. A brief that names a cuisine gets it anywhere (an
// izakaya in Düsseldorf); one that names none gets its country's.
func Variant(pack, text, country string) (Flavour, string, bool) {
	in, ok := IndustryByID(pack)
	if !ok {
		return Flavour{}, "", false
	}
	c := load()
	words := briefWords(text)
	var byCountry *Flavour
	for _, id := range in.Flavours {
		f := c.flavours[c.flavourIx[id]]
		if f.ChosenBy == nil {
			continue
		}
		for _, w := range words {
			for _, p := range f.ChosenBy.Words {
				if strings.HasPrefix(w, p) {
					return f, w, true
				}
			}
		}
		if byCountry == nil && country != "" && slices.Contains(f.ChosenBy.Countries, country) {
			byCountry = &f
		}
	}
	if byCountry != nil {
		return *byCountry, country, true
	}
	return Flavour{}, "", false
}

// briefWords are the lower-cased words of a text, letters and digits of
// any script.
func briefWords(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	})
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
		if len(f.Words) == 0 && f.ChosenBy == nil {
			return nil, fmt.Errorf("flavours.json: %s: needs words (or chosen_by, for a pack's variant)", f.ID)
		}
		if len(f.Prescriptions)+len(f.StockItems)+len(f.Vehicles)+len(f.PropertyKinds)+len(f.EventTitles)+len(f.MatterTopics)+len(f.ClaimKinds)+len(f.ResourceKinds)+len(f.Items) == 0 {
			return nil, fmt.Errorf("flavours.json: %s: adds nothing", f.ID)
		}
		for j, m := range f.Prescriptions {
			if strings.TrimSpace(m.Name) == "" || strings.TrimSpace(m.Dose) == "" || m.Quantity < 1 {
				return nil, fmt.Errorf("flavours.json: %s: prescriptions[%d] needs a name, a dose and a quantity of at least 1", f.ID, j)
			}
		}
		for j, m := range f.MatterTopics {
			if strings.TrimSpace(m.Title) == "" || !slices.Contains(matterAreas, m.Area) {
				return nil, fmt.Errorf("flavours.json: %s: matter_topics[%d] needs a title and an area of %v", f.ID, j, matterAreas)
			}
		}
		for _, k := range f.ClaimKinds {
			if !slices.Contains(claimKinds, k) {
				return nil, fmt.Errorf("flavours.json: %s: claim kind %q is not one of %v", f.ID, k, claimKinds)
			}
		}
		for _, k := range f.ResourceKinds {
			if !slices.Contains(resourceKinds, k) {
				return nil, fmt.Errorf("flavours.json: %s: resource kind %q is not one of %v", f.ID, k, resourceKinds)
			}
		}
		for j, it := range f.Items {
			if strings.TrimSpace(it.Name) == "" || it.PriceRange[0] <= 0 || it.PriceRange[0] > it.PriceRange[1] {
				return nil, fmt.Errorf("flavours.json: %s: items[%d] needs a name and a price_range from low to high", f.ID, j)
			}
		}
		if ch := f.ChosenBy; ch != nil && len(ch.Words)+len(ch.Countries) == 0 {
			return nil, fmt.Errorf("flavours.json: %s: chosen_by needs words or countries", f.ID)
		}
		if len(f.Items) > 0 && f.ChosenBy == nil {
			return nil, fmt.Errorf("flavours.json: %s: items replace a pack's catalogue, so the flavour needs chosen_by", f.ID)
		}
		for j, v := range f.Vehicles {
			if strings.TrimSpace(v.Model) == "" || (v.Kind != "van" && v.Kind != "truck" && v.Kind != "car") {
				return nil, fmt.Errorf("flavours.json: %s: vehicles[%d] needs a model and a kind of van, truck or car", f.ID, j)
			}
		}
	}
	return ix, nil
}
