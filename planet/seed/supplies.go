package seed

import (
	"fmt"
	"io/fs"
	"slices"
)

// Supply is something a business buys to do its work: a consumable, a
// spare part, a raw material. PriceRange is EUR-equivalent per unit
// ordered. Field names mirror data/supplies.json.
type Supply struct {
	Name       string     `json:"name"`
	PriceRange [2]float64 `json:"price_range"`
}

type suppliesFile struct {
	About      string              `json:"about"`
	Resale     []string            `json:"resale"`
	Industries map[string][]Supply `json:"industries"`
}

func parseSupplies(fsys fs.FS) (*suppliesFile, error) {
	var f suppliesFile
	if err := decodeFile(fsys, "data/supplies.json", &f); err != nil {
		return nil, err
	}
	for id, ss := range f.Industries {
		for _, s := range ss {
			if s.Name == "" || s.PriceRange[0] <= 0 || s.PriceRange[1] < s.PriceRange[0] {
				return nil, fmt.Errorf("supplies.json: %s: bad supply %+v", id, s)
			}
		}
	}
	return &f, nil
}

// SuppliesOf returns what an industry buys and keeps in stock, and
// whether it trades the goods it sells (a shop's stock is its catalogue;
// a gym's is disinfectant and towels, never a membership).
func SuppliesOf(industry string) (supplies []Supply, resale bool) {
	f := load().supplies
	return slices.Clone(f.Industries[industry]), slices.Contains(f.Resale, industry)
}
