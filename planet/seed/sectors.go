package seed

import (
	"cmp"
	"fmt"
	"io/fs"
	"slices"
	"strings"
)

// sectorsFile is data/sectors.json: the sectors of business customers by
// language, and which of them each industry's customers are in.
type sectorsFile struct {
	About     string                       `json:"about"`
	Sectors   map[string]map[string]string `json:"sectors"`   // sector → language → label
	Customers map[string][]string          `json:"customers"` // industry id → sectors
}

func parseSectors(fsys fs.FS) (*sectorsFile, error) {
	var f sectorsFile
	if err := decodeFile(fsys, "data/sectors.json", &f); err != nil {
		return nil, err
	}
	for s, labels := range f.Sectors {
		if labels["en"] == "" {
			return nil, fmt.Errorf("sectors.json: sector %q has no English label", s)
		}
	}
	for ind, ss := range f.Customers {
		for _, s := range ss {
			if f.Sectors[s] == nil {
				return nil, fmt.Errorf("sectors.json: customers of %s: no sector %q", ind, s)
			}
		}
	}
	return &f, nil
}

// CustomerSectors are the sectors an industry's business customers are
// in, labelled in lang, a language or locale ("de", "zh-TW"; English
// where the data has no label in it): a
// bakery's are hospitality, retail, food…; every sector for an industry
// the data does not list.
func CustomerSectors(industry, lang string) []string {
	f := load().sectors
	keys := f.Customers[industry]
	if len(keys) == 0 {
		keys = sortedKeys(f.Sectors)
	}
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		out = append(out, sectorLabel(f.Sectors[k], lang))
	}
	return out
}

func sectorLabel(labels map[string]string, lang string) string {
	base, _, _ := strings.Cut(lang, "-")
	return cmp.Or(labels[lang], labels[base], labels["en"])
}

// foreignSector reports a sector label of another sector than the
// industry's customers are in ("Financial services" for a bakery's
// customer); a value that is no sector of the data is not judged.
func foreignSector(industry, locale, s string) bool {
	f := load().sectors
	keys := f.Customers[industry]
	if len(keys) == 0 {
		return false
	}
	for k, labels := range f.Sectors {
		if s == sectorLabel(labels, locale) || s == labels["en"] {
			return !slices.Contains(keys, k)
		}
	}
	return false
}
