package engine

import (
	"cmp"
	_ "embed"
	"slices"
	"strings"
	"sync"

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
		Kind  string     `json:"kind"`
		Why   string     `json:"why"`
		Base  [2]float64 `json:"base"`
		Lines []struct {
			Name   string  `json:"name"`
			Factor float64 `json:"factor"`
		} `json:"lines"`
	} `json:"kinds"`
	ByWeight        []string          `json:"by_weight"`
	ByNight         []string          `json:"by_night"`
	MadeGoods       []string          `json:"made_goods"`
	Tickets         []string          `json:"tickets"`
	ByArchetype     map[string]string `json:"by_archetype"`
	QualifiedFactor float64           `json:"qualified_factor"`
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
// qualifier the brief gives ("same-day pickup").
func PriceList(noun string, quals []string, archetype string) []PlanItem {
	pl := loadPriceLists()
	kind := PriceKind(noun, archetype)
	var out []PlanItem
	for _, k := range pl.Kinds {
		if k.Kind != kind {
			continue
		}
		r := strings.NewReplacer("{Noun}", Title(noun), "{noun}", noun)
		for _, l := range k.Lines {
			out = append(out, PlanItem{Name: r.Replace(l.Name), Price: [2]float64{round2(k.Base[0] * l.Factor), round2(k.Base[1] * l.Factor)}})
		}
		for _, q := range quals {
			out = append(out, PlanItem{Name: Title(q) + " " + noun, Price: [2]float64{round2(k.Base[0] * pl.QualifiedFactor), round2(k.Base[1] * pl.QualifiedFactor)}})
		}
	}
	return out
}

func round2(x float64) float64 { return float64(int64(x*100+0.5)) / 100 }
