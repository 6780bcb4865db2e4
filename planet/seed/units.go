package seed

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"regexp"
	"strings"
)

type unitsFile struct {
	About string            `json:"about"`
	Units map[string][2]int `json:"units"`
}

func parseUnits(fsys fs.FS) (map[string][2]int, error) {
	var f unitsFile
	if err := decodeFile(fsys, "data/units.json", &f); err != nil {
		return nil, err
	}
	for u, r := range f.Units {
		if r[0] < 1 || r[1] < r[0] {
			return nil, fmt.Errorf("units.json: %q: bad range %v", u, r)
		}
	}
	return f.Units, nil
}

// perUnit finds the unit of a per-unit price: "(per word)" or a trailing
// "per pallet".
var perUnit = regexp.MustCompile(`\(per ([^)]+)\)|\bper ([\pL² ]+)$`)

// UnitsOf returns how many units one order of an item priced per unit
// covers ("Standard translation (per word)": a few thousand words), or 1
// for an item priced as a whole. A translated item ("Standardübersetzung
// (pro Wort)") is read by its English name in the world's language.
func UnitsOf(r *rand.Rand, lang, item string) int {
	m := perUnit.FindStringSubmatch(English(lang, item))
	if m == nil {
		return 1
	}
	rng, ok := load().units[strings.TrimSpace(m[1]+m[2])]
	if !ok {
		return 1
	}
	return rng[0] + r.IntN(rng[1]-rng[0]+1)
}

// UnitRange is the range of units one order of an item covers ([1, 1]
// for an item priced as a whole), for checking an amount against the
// item's list price. A translated item is read in its language.
func UnitRange(lang, item string) (lo, hi int) {
	m := perUnit.FindStringSubmatch(English(lang, item))
	if m == nil {
		return 1, 1
	}
	rng, ok := load().units[strings.TrimSpace(m[1]+m[2])]
	if !ok {
		return 1, 1
	}
	return rng[0], rng[1]
}
