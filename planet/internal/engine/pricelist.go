package engine

import (
	"cmp"
	_ "embed"
	"slices"
	"strings"
	"sync"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/lexicon"
)

// data/pricelists.json is how a business with no industry pack prices
// what it sells, by the kind of thing sold.
//
//go:embed data/pricelists.json
var priceListsJSON []byte

type priceLists struct {
	Source string `json:"_source"`
	Kinds  []struct {
		Kind  string         `json:"kind"`
		Why   string         `json:"why"`
		Base  [2]float64     `json:"base"`
		Lines []lineTemplate `json:"lines"`
	} `json:"kinds"`
	ByWeight []string `json:"by_weight"`
	// BulkGoods are sold or carried by the tonne or the cubic metre:
	// their kind (bulk, bulk_volume) and what a kilo or litre costs.
	BulkGoods       map[string]bulkPrice `json:"bulk_goods"`
	BulkGoodsSource string               `json:"bulk_goods_source"`
	ByNight         []string             `json:"by_night"`
	MadeGoods       []string             `json:"made_goods"`
	Tickets         []string             `json:"tickets"`
	ByArchetype     map[string]string    `json:"by_archetype"`
	QualifiedFactor float64              `json:"qualified_factor"`
	// PriceLevel is, by currency, what a composed line costs there
	// relative to the euro area (see price_level_source).
	PriceLevelSource string             `json:"price_level_source"`
	PriceLevel       map[string]float64 `json:"price_level"`
}

// composedLevel is what a composed line costs in a currency relative to
// the euro area its base prices were read in (1 when the data has none).
func composedLevel(currency string) float64 {
	if f, ok := loadPriceLists().PriceLevel[currency]; ok && f > 0 {
		return f
	}
	return 1
}

// lineTemplate is a line of a kind: its English ("{Noun}, pack of 6")
// and its price as a factor of the kind's base.
type lineTemplate struct {
	Name   string  `json:"name"`
	Factor float64 `json:"factor"`
	// How much the line sells, where it says: "half day" is four
	// hours, "weekend (2 nights)" two nights, "1 t" a tonne.
	Length
}

// Length is how much of a thing a price-list line sells: how long it
// lasts (hours, nights or days) or, for bulk, how heavy it is.
type Length struct {
	Hours  float64 `json:"hours,omitempty"`
	Nights int     `json:"nights,omitempty"`
	Days   int     `json:"days,omitempty"`
	// Tonnes is the weight a bulk line sells ("1 t"), for a quantity
	// sold by weight.
	Tonnes float64 `json:"tonnes,omitempty"`
	// Litres is the volume a bulk line of a liquid sells ("5 m³").
	Litres float64 `json:"litres,omitempty"`
}

var loadPriceLists = sync.OnceValue(func() *priceLists {
	p := &priceLists{}
	mustDecode("data/pricelists.json", priceListsJSON, p)
	for _, k := range p.Kinds {
		if len(k.Lines) < 3 || k.Base[0] <= 0 || k.Base[1] < k.Base[0] {
			panic("engine: data/pricelists.json: kind " + k.Kind + " needs three lines and a base range")
		}
	}
	return p
})

// PriceKind is how what a business sells is priced: "weight" (cheese by
// the 250 g), "packs", "tickets", "visits" (by length), "sessions",
// "rentals" (by the hour, half day, day), "terms" (monthly, annual),
// "parcels" (by size and speed) or "scope".
func PriceKind(noun, archetype string) string {
	pl := loadPriceLists()
	lex := lexicon.Load()
	n := strings.ToLower(noun)
	head := LastWord(n)
	in := func(list []string) bool { return slices.Contains(list, n) || slices.Contains(list, head) }
	// Diesel, gravel, water by the tanker: by the tonne or the cubic
	// metre, whatever the archetype, unless it is booked.
	if b, ok := bulkGood(n); ok && archetype != "bookings" {
		return b.Kind
	}
	switch {
	case in(pl.Tickets):
		return "tickets"
	case in(pl.ByWeight):
		return "weight"
	case in(pl.ByNight):
		// A stay is sold by the night, never by the half hour.
		return "nights"
	}
	nature := lex.Nature(n)
	switch archetype {
	case "bookings":
		// What is booked is a session or visit (an occasion the
		// archetype knows), or a thing hired out (a kayak).
		a, _ := lex.Archetype("bookings")
		if (nature == "equipment" || nature == "vehicle") && !slices.Contains(a.Native, head) {
			return "rentals"
		}
	case "work_orders":
		// Keys cut while you wait are priced per key, not by the length
		// of a visit.
		if MadeGoods(n) {
			return "pieces"
		}
	case "orders", "inventory", "production":
		if nature == "intangible" {
			return "scope"
		}
	}
	if k, ok := pl.ByArchetype[archetype]; ok {
		return k
	}
	return "scope"
}

// MadeGoods reports whether the offering of a work order is goods handed
// over (keys cut, tyres fitted) rather than a service performed on the
// customer's things: the lexicon knows it as goods, or keeps it in one
// of data/pricelists.json's made_goods archetypes (a key is stock). Such
// work is priced per piece and no follow-up meeting is booked for it.
func MadeGoods(noun string) bool {
	lex := lexicon.Load()
	n := strings.ToLower(noun)
	if n == "" {
		return false
	}
	if lex.Nature(n) == "goods" {
		return true
	}
	return slices.Contains(loadPriceLists().MadeGoods, cmp.Or(lex.NounArchetype(n), lex.NounArchetype(LastWord(n))))
}

// PriceList is the price list of a business with no industry pack: the
// lines a business selling noun as archetype puts on it (see
// [PriceKind]), each priced at the kind's base times its factor, so that
// a larger pack costs more and less per unit; then one line per
// qualifier the brief gives ("same-day pickup"). The lines are English,
// as a plan names its items; [LocalPriceList] writes them in a
// world's language.
func PriceList(noun string, quals []string, archetype string) []PlanItem {
	var out []PlanItem
	for _, l := range priceLines(noun, quals, archetype) {
		out = append(out, PlanItem{Name: l.english(), Price: l.price})
	}
	return out
}

// LocalPriceList is [PriceList] in a language or locale ("de-AT") and at
// a currency's price level for such lines (see composedLevel), each item
// with its English name as Source; a qualified line the language cannot
// say is left off (see priceLine.local).
func LocalPriceList(lang, currency, noun string, quals []string, archetype string) []Item {
	var out []Item
	f := composedLevel(currency)
	for _, l := range priceLines(noun, quals, archetype) {
		if name, ok := l.local(lang); ok {
			out = append(out, Item{Name: name, Min: round2(l.price[0] * f), Max: round2(l.price[1] * f), Source: l.english()})
		}
	}
	return out
}

// priceLine is one line of a composed price list: a line template of a
// kind ("{Noun}, pack of 6") with the noun sold, or the noun with a
// qualifier of the brief ("organic" vegetable box).
type priceLine struct {
	kind, tmpl, noun, qual string
	price                  [2]float64
}

func priceLines(noun string, quals []string, archetype string) []priceLine {
	pl := loadPriceLists()
	kind := PriceKind(noun, archetype)
	var out []priceLine
	for _, k := range pl.Kinds {
		if k.Kind != kind {
			continue
		}
		if b, ok := bulkGood(strings.ToLower(noun)); ok && b.Kind == kind {
			k.Base = b.Base // a kilo of gravel is not a kilo of diesel
		}
		for _, l := range k.Lines {
			out = append(out, priceLine{kind: kind, tmpl: l.Name, noun: noun, price: [2]float64{round2(k.Base[0] * l.Factor), round2(k.Base[1] * l.Factor)}})
		}
		for _, q := range quals {
			// "half-day classes": a length is a line of the list
			// ("Class, half day"), priced as that many of its units, not
			// a class of its own kind the language may not say.
			if t, factor, ok := lengthLine(pl, q); ok {
				if !slices.ContainsFunc(out, func(l priceLine) bool { return l.tmpl == t }) {
					out = append(out, priceLine{kind: kind, tmpl: t, noun: noun, price: [2]float64{round2(k.Base[0] * factor), round2(k.Base[1] * factor)}})
				}
				continue
			}
			out = append(out, priceLine{kind: kind, noun: noun, qual: q, price: [2]float64{round2(k.Base[0] * pl.QualifiedFactor), round2(k.Base[1] * pl.QualifiedFactor)}})
		}
	}
	return out
}

// lengthLine is the line template a qualifier of length names ("half-day"
// → "{Noun}, half day") and that line's factor, from the first kind
// that has it.
func lengthLine(pl *priceLists, qual string) (tmpl string, factor float64, ok bool) {
	name := "{Noun}, " + strings.ReplaceAll(strings.ToLower(qual), "-", " ")
	for _, k := range pl.Kinds {
		for _, l := range k.Lines {
			if l.Name == name && l.Length != (Length{}) {
				return l.Name, l.Factor, true
			}
		}
	}
	return "", 0, false
}

func (l priceLine) english() string {
	if l.tmpl == "" {
		return Title(l.qual) + " " + l.noun
	}
	return strings.NewReplacer("{Noun}", Title(l.noun), "{noun}", l.noun).Replace(l.tmpl)
}

func round2(x float64) float64 { return float64(int64(x*100+0.5)) / 100 }

// ItemLength is how long an item of a composed price list lasts, read
// from its English name ("Lane, half day" is 4 hours, "Dome, weekend
// (2 nights)" 2 nights, "Kayak, week" 7 days): what a booking of it
// measures its length by must say the same. ok is false for a line that
// names no length.
func ItemLength(english string) (l Length, ok bool) {
	for _, k := range loadPriceLists().Kinds {
		for _, t := range k.Lines {
			if t.Length == (Length{}) {
				continue
			}
			suffix := strings.TrimPrefix(t.Name, "{Noun}")
			if noun, found := strings.CutSuffix(english, suffix); found && noun != "" {
				return t.Length, true
			}
		}
	}
	return Length{}, false
}

// PackItem is the item of a pack's price list by its English name.
func PackItem(pack, english string) (catalog.Item, bool) {
	ind, ok := catalog.IndustryByID(pack)
	if !ok {
		return catalog.Item{}, false
	}
	for _, it := range ind.Vocabulary.Offering.Items {
		if it.Name == english {
			return it, true
		}
	}
	return catalog.Item{}, false
}

// ItemUnit is what an item of a pack's price list is sold per ("Airport
// transfer" at a hotel is per trip, its rooms per night): the item's own
// unit, else its offering's; "" for an item the pack does not list.
func ItemUnit(pack, english string) string {
	it, ok := PackItem(pack, english)
	if !ok {
		return ""
	}
	ind, _ := catalog.IndustryByID(pack)
	return cmp.Or(it.Unit, ind.Vocabulary.Offering.Unit)
}

// bulkPrice is how a bulk good is priced: its kind of price list (bulk,
// bulk_volume) and what a kilo or litre of it costs, in EUR.
type bulkPrice struct {
	Kind string     `json:"kind"`
	Base [2]float64 `json:"base"`
}

// bulkGood is a bulk good of data/pricelists.json by its name or head
// ("red diesel": diesel).
func bulkGood(noun string) (b bulkPrice, ok bool) {
	goods := loadPriceLists().BulkGoods
	if b, ok = goods[noun]; ok {
		return b, true
	}
	b, ok = goods[LastWord(noun)]
	return b, ok
}

// BulkGood reports whether a noun is sold or carried in bulk (by the
// tonne or the cubic metre), and the unit its price list is per.
func BulkGood(noun string) (unit string, ok bool) {
	b, ok := bulkGood(strings.ToLower(noun))
	if !ok {
		return "", false
	}
	if b.Kind == "bulk_volume" {
		return "per m³", true
	}
	return "per tonne", true
}
