package catalog

import (
	"cmp"
	"maps"
	"slices"
	"strings"
	"sync"
)

// cityDivisionTowns and cityDivisionKm are how a catalog city's own
// division is told: by the division of most of its nearest towns, up to
// that many of them and that far.
const (
	cityDivisionTowns = 3
	cityDivisionKm    = 40
)

// adminStates maps GeoNames' first-level divisions of a country to its
// states, where the catalog's states are those divisions: the country
// lists at least as many states as its towns have divisions (Australia's
// eight, Brazil's 27, Malaysia's 16; not Italy's provinces, finer than
// its regions), and no division holds catalog cities of two states. A
// division's state is that of the catalog cities in it, found by the
// towns within adminCityKm of each. Nil where the states are not the
// divisions: a town then takes its catalog city's state when that city
// is near (TownCity).
func (c Country) adminStates() (states map[string]string, complete bool) {
	adminStatesMu.Lock()
	defer adminStatesMu.Unlock()
	if m, ok := adminStatesBy[c.Code]; ok {
		return m, m != nil
	}
	m := c.findAdminStates()
	adminStatesBy[c.Code] = m
	return m, m != nil
}

var (
	adminStatesMu sync.Mutex
	adminStatesBy = map[string]map[string]string{}
)

func (c Country) findAdminStates() map[string]string {
	if len(c.States) == 0 {
		return nil
	}
	admins := map[string]bool{}
	nearest := map[string][]Town{} // catalog city -> its towns, nearest first
	for _, ts := range towns(c.Code).byName {
		for _, t := range ts {
			if t.Admin == "" {
				continue
			}
			admins[t.Admin] = true
			if t.NearKm <= cityDivisionKm {
				nearest[t.Near] = append(nearest[t.Near], t)
			}
		}
	}
	if len(c.States) < len(admins) {
		return nil
	}
	votes := map[string]map[string]int{} // division -> state -> catalog cities
	for _, city := range c.Cities {
		ts := nearest[city.Name]
		if city.State == "" || !slices.Contains(c.States, city.State) || len(ts) == 0 {
			continue
		}
		slices.SortFunc(ts, func(a, b Town) int { return cmp.Or(a.NearKm-b.NearKm, strings.Compare(a.Name, b.Name)) })
		count := map[string]int{}
		own := ts[0].Admin
		for _, t := range ts[:min(cityDivisionTowns, len(ts))] {
			if count[t.Admin]++; count[t.Admin] > count[own] {
				own = t.Admin
			}
		}
		if votes[own] == nil {
			votes[own] = map[string]int{}
		}
		votes[own][city.State]++
	}
	// A division's state is that of most of its catalog cities (Canberra,
	// whose nearest towns are in New South Wales, is outvoted there), by
	// two to one at least; a division split more evenly holds cities of
	// two states, which are then finer than the divisions.
	m := map[string]string{}
	for _, admin := range slices.Sorted(maps.Keys(votes)) {
		vs := votes[admin]
		best, total := "", 0
		for _, st := range slices.Sorted(maps.Keys(vs)) {
			total += vs[st]
			if best == "" || vs[st] > vs[best] {
				best = st
			}
		}
		if 3*vs[best] < 2*total {
			return nil
		}
		m[admin] = best
	}
	return m
}
