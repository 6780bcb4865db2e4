package catalog

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Town is a place of the catalog's countries that is not one of its
// cities: every populated place of 1,000 people or more in GeoNames
// (data/towns.tsv.gz, written by internal/towngen; sources in
// data/SOURCES.md). It is enough to put a headquarters where a brief names
// it ("a mountain hut above Zermatt"): its own postcodes and time zone
// (Homer, Alaska keeps Alaska's time, not Seattle's), and the catalog city
// nearest to it, whose state and language area it takes.
type Town struct {
	Name       string
	Admin      string // GeoNames' first-level division: a state code in the US ("CO") and CH ("VS"), a number elsewhere
	Population int    // 0 where GeoNames does not know it
	Near       string
	NearKm     int
	Postcodes  []string // as the catalog keeps city postcodes: prefixes of the country's pattern
	// Zone is the town's IANA time zone (GeoNames'); "" where GeoNames
	// no longer lists the town, which then keeps its catalog city's.
	Zone string
}

// townsNearby is how far a town may be from its catalog city and still
// share its state: further out, the nearest catalog city is often in
// another state (Erzurum is 180 km from Trabzon).
const townsNearby = 60

//go:embed data/towns.tsv.gz
var townsGz []byte

// townsText is data/towns.tsv.gz unpacked, on first use only: a world of
// a catalog city never pays for it.
var townsText = sync.OnceValue(func() []byte {
	zr, err := gzip.NewReader(bytes.NewReader(townsGz))
	if err != nil {
		panic("catalog: data/towns.tsv.gz: " + err.Error())
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		panic("catalog: data/towns.tsv.gz: " + err.Error())
	}
	return b
})

// countryTowns are a country's towns by folded name and by folded
// alternate name, each most populous first (there are many Springfields).
type countryTowns struct {
	byName, byAlternate map[string][]Town
}

var (
	townsMu     sync.Mutex
	townsByCode = map[string]countryTowns{}
)

// towns are a country's towns, read the first time the country is asked
// for: its lines only, for folding names is most of the cost.
func towns(code string) countryTowns {
	townsMu.Lock()
	defer townsMu.Unlock()
	if m, ok := townsByCode[code]; ok {
		return m
	}
	m := countryTowns{byName: map[string][]Town{}, byAlternate: map[string][]Town{}}
	prefix := []byte(code + "\t")
	for line := range bytes.Lines(townsText()) {
		if !bytes.HasPrefix(line, prefix) {
			continue
		}
		f := strings.Split(strings.TrimRight(string(line), "\n"), "\t")
		if len(f) != 11 {
			panic("catalog: data/towns.tsv.gz: bad line " + strconv.Quote(string(line)))
		}
		pop, _ := strconv.Atoi(f[3])
		km, _ := strconv.Atoi(f[7])
		t := Town{Name: f[1], Admin: f[2], Population: pop, Near: f[6], NearKm: km, Zone: f[9]}
		if f[8] != "" {
			t.Postcodes = strings.Split(f[8], ",")
		}
		key := normalize(t.Name)
		m.byName[key] = append(m.byName[key], t)
		if f[10] != "" {
			for _, alt := range strings.Split(f[10], ",") {
				k := normalize(alt)
				m.byAlternate[k] = append(m.byAlternate[k], t)
			}
		}
	}
	// The file lists a country's towns by name: a name shared by several
	// towns as an alternate lists them most populous first too.
	for _, ts := range m.byAlternate {
		slices.SortStableFunc(ts, func(a, b Town) int { return b.Population - a.Population })
	}
	townsByCode[code] = m
	return m
}

// TownNamed returns the country's most populous town of that name (any
// case, with or without diacritics), if it is a town and not a catalog
// city. A name no town has as its own may be a town's alternate name
// (GeoNames': "Castellón" is Castelló de la Plana, "Chamonix" is
// Chamonix-Mont-Blanc).
func (c Country) TownNamed(name string) (Town, bool) { return c.TownIn(name, nil) }

// TownIn is TownNamed preferring a town in one of states (the country's
// states entries, as a brief's region gives them: "Breckenridge" in
// Colorado, not the larger one in Texas).
func (c Country) TownIn(name string, states []string) (Town, bool) {
	key := normalize(name)
	if key == "" {
		return Town{}, false
	}
	if _, ok := c.CityNamed(name); ok {
		return Town{}, false
	}
	ts := c.townsOf(key)
	if len(ts) == 0 {
		return Town{}, false
	}
	for _, t := range ts {
		if st := c.TownCity(t).State; st != "" && slices.Contains(states, st) {
			return t, true
		}
	}
	return ts[0], true
}

// TownsNamed are all the country's towns of that name, most populous
// first.
func (c Country) TownsNamed(name string) []Town {
	if _, ok := c.CityNamed(name); ok {
		return nil
	}
	return c.townsOf(normalize(name))
}

// townsOf are the towns of a folded name: those it is the name of, else
// those it is an alternate name of, else the seat of the district it
// names (districts.json town_districts: "Cameron Highlands" is Tanah
// Rata).
func (c Country) townsOf(key string) []Town {
	m := towns(c.Code)
	if ts := m.byName[key]; len(ts) > 0 {
		return ts
	}
	if ts := m.byAlternate[key]; len(ts) > 0 {
		return ts
	}
	if seat, ok := load().places.townIdx[c.Code][key]; ok {
		return m.byName[normalize(seat)]
	}
	return nil
}

// TownCity is a town as a headquarters city: its name, postcodes and
// time zone, and its state: GeoNames' where that is one of the country's
// states, else that of its GeoNames division where the states are the
// divisions (adminStates), else its catalog city's when that city is
// near.
func (c Country) TownCity(t Town) City {
	city := City{Name: t.Name, Postcodes: t.Postcodes, Near: t.Near, Zone: t.Zone}
	byAdmin, divisions := c.adminStates()
	switch near, ok := c.CityNamed(t.Near); {
	case t.Admin != "" && slices.Contains(c.States, t.Admin):
		city.State = t.Admin // the US and Swiss codes are GeoNames' own
	case divisions && byAdmin[t.Admin] != "":
		// The states are GeoNames' divisions: the town's own, never its
		// catalog city's across a border (Tanah Rata is in Pahang, its
		// nearest catalog city Ipoh in Perak).
		city.State = byAdmin[t.Admin]
	case divisions && slices.Contains(slices.Collect(maps.Values(byAdmin)), near.State):
		// The near city's state is another division's: the town's own
		// division has no name the catalog knows.
	case ok && t.NearKm <= townsNearby:
		city.State = near.State
	}
	return city
}

// Anchor is the catalog city that stands for a place: the city itself,
// a town's nearest catalog city, or "" for a place the catalog does not
// know. A town takes its anchor's time zone and language area (Zermatt
// writes German, as Thun does).
func (c Country) Anchor(place string) string {
	if ct, ok := c.CityNamed(place); ok {
		return ct.Name
	}
	if t, ok := c.TownNamed(place); ok {
		return t.Near
	}
	return ""
}
