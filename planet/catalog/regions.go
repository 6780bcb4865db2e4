package catalog

import (
	"fmt"
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"
)

// Region is a subdivision of a catalog country (state, province,
// prefecture, canton, emirate, ...) or a well-known area that is not one
// (Kyushu, Cappadocia, the Bay Area). Field names mirror data/regions.json.
type Region struct {
	Country   string   `json:"country"`              // ISO 3166-1 alpha-2 of a catalog country
	Code      string   `json:"code,omitempty"`       // ISO 3166-2 ("DE-BY"); empty for areas
	Kind      string   `json:"kind"`                 // one of RegionKinds
	Name      string   `json:"name"`                 // English name
	LocalName string   `json:"local_name,omitempty"` // name in the country's language
	Aliases   []string `json:"aliases,omitempty"`    // other spellings and languages
	State     string   `json:"state,omitempty"`      // the country's states entry, for addresses
	City      string   `json:"city,omitempty"`       // main city, one of the country's cities
}

var regionKinds = []string{
	"area", "autonomous_community", "autonomous_region", "canton", "city", "county",
	"department", "district", "division", "emirate", "federal_territory",
	"governorate", "metropolitan_city", "municipality", "nation", "oblast",
	"prefecture", "province", "region", "special_area", "special_city",
	"special_municipality", "state", "territory", "voivodeship",
}

// RegionKinds returns the kinds a Region may have; "area" is a named part
// of a country that is not an administrative subdivision.
func RegionKinds() []string { return slices.Clone(regionKinds) }

// regionsFile is the shape of data/regions.json.
type regionsFile struct {
	CountryAliases []struct {
		Country string   `json:"country"`
		Aliases []string `json:"aliases"`
	} `json:"country_aliases"`
	Regions     []Region `json:"regions"`
	CityAliases []struct {
		Country string   `json:"country"`
		City    string   `json:"city"`
		Aliases []string `json:"aliases"`
	} `json:"city_aliases"`
}

// districtsFile is the shape of data/districts.json: districts,
// neighbourhoods and landmarks that place a business in a city.
type districtsFile struct {
	Comment   string `json:"_comment"`
	Districts []struct {
		Country string   `json:"country"`
		City    string   `json:"city"`
		Names   []string `json:"names"`
	} `json:"districts"`
	TownsNote     string         `json:"_town_districts"`
	TownDistricts []townDistrict `json:"town_districts"`
}

// townDistrict is a district no catalog city stands for, named for its
// seat, a town ("Cameron Highlands" → Tanah Rata).
type townDistrict struct {
	Country string   `json:"country"`
	Town    string   `json:"town"`
	Names   []string `json:"names"`
}

// places indexes regions and city names.
type places struct {
	regions   []Region                     // sorted by country, then name
	regionIdx map[string][]int             // normalized name, local name, alias or code -> regions
	regionKey []string                     // keys of regionIdx, sorted
	cityIdx   map[string]map[string]int    // country -> normalized city name -> index in Cities
	townIdx   map[string]map[string]string // country -> normalized district -> its seat, a town

	// The same keys measured once, for reading places out of text:
	// Locate looks for every one of them in every brief.
	regionNames []placeName            // as regionKey
	cityNames   map[string][]placeName // country -> keys of cityIdx, sorted
}

// placeName is a normalized name with what looking for it in a text needs.
type placeName struct {
	key      string
	padded   string // " key ": a match of whole words
	runes    int
	unspaced bool // a script without spaces: matched as a substring
	city     int  // index in the country's Cities (city names only)
}

func newPlaceName(key string, city int) placeName {
	return placeName{key: key, padded: " " + key + " ", runes: len([]rune(key)), unspaced: unspacedScript(key), city: city}
}

// placeText is a normalized text being searched for place names.
type placeText struct{ t, padded string }

func newPlaceText(t string) placeText { return placeText{t, " " + t + " "} }

// fits reports whether the name may be looked for inside the text and is
// there: the whole text, or a name of at least four letters (any length
// in unspaced scripts) found as whole words.
func (n placeName) fits(x placeText) bool {
	if x.t == n.key {
		return true
	}
	if n.runes < 4 && !n.unspaced {
		return false
	}
	if n.unspaced {
		return strings.Contains(x.t, n.key)
	}
	return strings.Contains(x.padded, n.padded)
}

var isoSubdivisionRe = regexp.MustCompile(`^[A-Z]{2}-[A-Z0-9]{1,3}$`)

// loadPlaces decodes data/regions.json, checks it against the countries,
// adds its country aliases to countries (before the country index is
// built) and indexes regions and city names.
func loadPlaces(fsys fs.FS, countries []Country) (*places, error) {
	var f regionsFile
	if err := decodeFile(fsys, "data/regions.json", &f); err != nil {
		return nil, err
	}
	byCode := map[string]int{}
	for i, c := range countries {
		byCode[c.Code] = i
	}
	countryOf := map[string]string{} // normalized country key -> code
	for _, c := range countries {
		for _, k := range append([]string{c.Code, c.Name, c.NativeName}, c.Aliases...) {
			if _, taken := countryOf[normalize(k)]; !taken {
				countryOf[normalize(k)] = c.Code
			}
		}
	}
	for i, ca := range f.CountryAliases {
		at := fmt.Sprintf("regions.json: country_aliases[%d]", i)
		ci, ok := byCode[ca.Country]
		if !ok {
			return nil, fmt.Errorf("%s: unknown country %q", at, ca.Country)
		}
		if len(ca.Aliases) == 0 {
			return nil, fmt.Errorf("%s (%s): no aliases", at, ca.Country)
		}
		for _, a := range ca.Aliases {
			k := normalize(a)
			if k == "" || strings.TrimSpace(a) != a {
				return nil, fmt.Errorf("%s (%s): blank or padded alias %q", at, ca.Country, a)
			}
			if other, taken := countryOf[k]; taken {
				return nil, fmt.Errorf("%s (%s): alias %q is already a name of %s", at, ca.Country, a, other)
			}
			countryOf[k] = ca.Country
			countries[ci].Aliases = append(countries[ci].Aliases, a)
		}
	}

	p := &places{regionIdx: map[string][]int{}, cityIdx: map[string]map[string]int{}, townIdx: map[string]map[string]string{}}
	if err := p.indexCities(f, countries, byCode); err != nil {
		return nil, err
	}
	var d districtsFile
	if err := decodeFile(fsys, "data/districts.json", &d); err != nil {
		return nil, err
	}
	if err := p.indexDistricts(d, countries, byCode); err != nil {
		return nil, err
	}
	p.regions = f.Regions
	slices.SortStableFunc(p.regions, func(a, b Region) int {
		if c := strings.Compare(a.Country, b.Country); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	codes := map[string]bool{}
	ownKeys := map[string]map[string]string{} // country -> key -> region name
	for i, r := range p.regions {
		at := fmt.Sprintf("regions.json: region %s %q", r.Country, r.Name)
		ci, ok := byCode[r.Country]
		if !ok {
			return nil, fmt.Errorf("%s: unknown country %q", at, r.Country)
		}
		c := countries[ci]
		if strings.TrimSpace(r.Name) == "" || strings.TrimSpace(r.Name) != r.Name {
			return nil, fmt.Errorf("%s: blank or padded name", at)
		}
		if !slices.Contains(regionKinds, r.Kind) {
			return nil, fmt.Errorf("%s: kind %q is not one of %v", at, r.Kind, regionKinds)
		}
		if r.Code != "" {
			if !isoSubdivisionRe.MatchString(r.Code) || !strings.HasPrefix(r.Code, r.Country+"-") {
				return nil, fmt.Errorf("%s: code %q is not an ISO 3166-2 code of %s", at, r.Code, r.Country)
			}
			if codes[r.Code] {
				return nil, fmt.Errorf("%s: duplicate code %q", at, r.Code)
			}
			codes[r.Code] = true
		}
		if r.State != "" && !slices.Contains(c.States, r.State) {
			return nil, fmt.Errorf("%s: state %q is not in %s's states", at, r.State, r.Country)
		}
		if r.City != "" {
			city, ok := cityByName(c, r.City)
			if !ok {
				return nil, fmt.Errorf("%s: city %q is not one of %s's cities", at, r.City, r.Country)
			}
			if city.State != "" && r.State != "" && city.State != r.State {
				return nil, fmt.Errorf("%s: city %s is in state %q, region has state %q", at, r.City, city.State, r.State)
			}
		}
		if ownKeys[r.Country] == nil {
			ownKeys[r.Country] = map[string]string{}
		}
		for _, name := range r.names() {
			k := normalize(name)
			if k == "" || strings.TrimSpace(name) != name {
				return nil, fmt.Errorf("%s: blank or padded name or alias %q", at, name)
			}
			if other, dup := ownKeys[r.Country][k]; dup {
				if other == r.Name {
					continue // local name equal to an alias after folding
				}
				return nil, fmt.Errorf("%s: %q also names region %q", at, name, other)
			}
			if code, ok := countryOf[k]; ok && code != r.Country {
				return nil, fmt.Errorf("%s: %q is a name of country %s", at, name, code)
			}
			ownKeys[r.Country][k] = r.Name
			p.regionIdx[k] = append(p.regionIdx[k], i)
		}
	}
	for k := range p.regionIdx {
		p.regionKey = append(p.regionKey, k)
	}
	slices.Sort(p.regionKey)
	for _, k := range p.regionKey {
		p.regionNames = append(p.regionNames, newPlaceName(k, -1))
	}
	p.cityNames = map[string][]placeName{}
	for code, idx := range p.cityIdx {
		for _, k := range slices.Sorted(maps.Keys(idx)) {
			p.cityNames[code] = append(p.cityNames[code], newPlaceName(k, idx[k]))
		}
	}
	return p, nil
}

// names returns every string that names the region: English and local
// name, aliases and ISO code.
func (r Region) names() []string {
	out := []string{r.Name}
	if r.LocalName != "" {
		out = append(out, r.LocalName)
	}
	out = append(out, r.Aliases...)
	if r.Code != "" {
		out = append(out, r.Code)
	}
	return out
}

// indexCities maps each country's city names to the city: its name and
// romanized form ("Chiyoda, Tokyo"), the aliases of regions.json
// ("Munich", "Tokyo", "Lagos"), and either part of the romanized form
// ("Chiyoda"; "Kyoto" from "Shimogyo-ku, Kyoto") where only one city has
// it.
func (p *places) indexCities(f regionsFile, countries []Country, byCode map[string]int) error {
	for _, c := range countries {
		idx := map[string]int{}
		for i, city := range c.Cities {
			for _, name := range []string{city.Name, city.Latin} {
				if k := normalize(name); k != "" {
					if j, taken := idx[k]; taken && j != i {
						return fmt.Errorf("countries.json: %s: cities %q and %q share the name %q", c.Code, c.Cities[j].Name, city.Name, name)
					}
					idx[k] = i
				}
			}
		}
		p.cityIdx[c.Code] = idx
	}
	for n, ca := range f.CityAliases {
		if err := p.addCityNames(fmt.Sprintf("regions.json: city_aliases[%d]", n), ca.Country, ca.City, ca.Aliases, "alias", countries, byCode); err != nil {
			return err
		}
	}
	for _, c := range countries {
		owners := map[string][]int{}
		for i, city := range c.Cities {
			for _, part := range []string{firstPart(city.Latin), lastPart(city.Latin)} {
				if k := normalize(part); k != "" && !slices.Contains(owners[k], i) {
					owners[k] = append(owners[k], i)
				}
			}
		}
		idx := p.cityIdx[c.Code]
		for k, is := range owners {
			if _, taken := idx[k]; !taken && len(is) == 1 {
				idx[k] = is[0]
			}
		}
	}
	return nil
}

// indexDistricts maps each district of data/districts.json to its city
// ("Kreuzberg" → Berlin). A district may not take a name the country's
// cities already have.
func (p *places) indexDistricts(d districtsFile, countries []Country, byCode map[string]int) error {
	for n, dc := range d.Districts {
		if err := p.addCityNames(fmt.Sprintf("districts.json: districts[%d]", n), dc.Country, dc.City, dc.Names, "name", countries, byCode); err != nil {
			return err
		}
	}
	// A town district's seat is checked by the tests: the towns are read
	// on first use, not at load.
	for n, td := range d.TownDistricts {
		at := fmt.Sprintf("districts.json: town_districts[%d]", n)
		if _, ok := byCode[td.Country]; !ok {
			return fmt.Errorf("%s: unknown country %q", at, td.Country)
		}
		if td.Town == "" || len(td.Names) == 0 {
			return fmt.Errorf("%s: a town district needs its town and names", at)
		}
		if p.townIdx[td.Country] == nil {
			p.townIdx[td.Country] = map[string]string{}
		}
		for _, name := range td.Names {
			k := normalize(name)
			if _, taken := p.cityIdx[td.Country][k]; taken || k == "" {
				return fmt.Errorf("%s: %q is blank or a catalog city's name", at, name)
			}
			p.townIdx[td.Country][k] = td.Town
		}
	}
	return nil
}

// addCityNames indexes more names of one city (aliases, districts); a
// name may not be blank, padded or another name of the country's cities.
func (p *places) addCityNames(at, country, city string, names []string, what string, countries []Country, byCode map[string]int) error {
	ci, ok := byCode[country]
	if !ok {
		return fmt.Errorf("%s: unknown country %q", at, country)
	}
	c := countries[ci]
	i := slices.IndexFunc(c.Cities, func(x City) bool { return x.Name == city })
	if i < 0 {
		return fmt.Errorf("%s: %q is not one of %s's cities", at, city, country)
	}
	if len(names) == 0 {
		return fmt.Errorf("%s (%s): no %s", at, city, map[string]string{"alias": "aliases", "name": "names"}[what])
	}
	idx := p.cityIdx[country]
	for _, a := range names {
		k := normalize(a)
		if k == "" || strings.TrimSpace(a) != a {
			return fmt.Errorf("%s (%s): blank or padded %s %q", at, city, what, a)
		}
		if j, taken := idx[k]; taken {
			if j == i {
				return fmt.Errorf("%s (%s): %s %q is already a name of the city", at, city, what, a)
			}
			return fmt.Errorf("%s (%s): %s %q already names %q", at, city, what, a, c.Cities[j].Name)
		}
		idx[k] = i
	}
	return nil
}

func firstPart(latin string) string {
	if before, _, ok := strings.Cut(latin, ","); ok {
		return strings.TrimSpace(before)
	}
	return ""
}

func lastPart(latin string) string {
	if i := strings.LastIndexByte(latin, ','); i >= 0 {
		return strings.TrimSpace(latin[i+1:])
	}
	return ""
}

func cityByName(c Country, name string) (City, bool) {
	i := slices.IndexFunc(c.Cities, func(city City) bool { return city.Name == name })
	if i < 0 {
		return City{}, false
	}
	return c.Cities[i], true
}

// Regions returns all regions sorted by country, then English name (a
// copy of the slice; see Countries).
func Regions() []Region { return slices.Clone(load().places.regions) }

// RegionsOf returns the regions of the country with the code, sorted by
// English name.
func RegionsOf(code string) []Region {
	code = strings.ToUpper(strings.TrimSpace(code))
	var out []Region
	for _, r := range load().places.regions {
		if r.Country == code {
			out = append(out, r)
		}
	}
	return out
}

// RegionsNamed returns the regions whose English or local name, alias or
// ISO 3166-2 code is text, case- and accent-insensitively, sorted by
// country. More than one means the name is ambiguous ("Punjab" is in
// India and Pakistan).
func RegionsNamed(text string) []Region {
	p := load().places
	var out []Region
	for _, i := range p.regionIdx[normalize(text)] {
		out = append(out, p.regions[i])
	}
	return out
}

// CityNamed returns the country's city that text names: its name in the
// catalog ("München", "千代田区"), its romanized form or either part of it
// ("Chiyoda", "Tokyo"), or an exonym or common alias ("Munich", "Lagos",
// "Bangalore"), case- and accent-insensitively.
func (c Country) CityNamed(text string) (City, bool) {
	i, ok := load().places.cityIdx[c.Code][normalize(text)]
	if !ok || i >= len(c.Cities) {
		return City{}, false
	}
	return c.Cities[i], true
}

// CityMention is a city of a country named in a text: the city, the name
// the text used and where (a byte offset into the normalized text; only
// the order of mentions means anything).
type CityMention struct {
	City City
	Name string
	At   int
}

// CitiesIn returns the country's cities the text names, in the order it
// names them: by name, romanized name, alias, either part of a ward's
// romanized name, or a district or landmark of districts.json ("a
// studio in Kreuzberg" names Berlin). At each place the longest name
// wins; each city is listed once, at its first mention. Other countries'
// names in the text do not hide the country's own cities ("from Warsaw to
// India").
func (c Country) CitiesIn(text string) []CityMention {
	p := load().places
	// "Melbourne's inner north": a possessive names the city.
	t := normalize(possessive.ReplaceAllString(text, "$1"))
	type hit struct {
		at, end, city int
		key           string
	}
	var hits []hit
	for _, n := range p.cityNames[c.Code] {
		if n.runes < 4 && !n.unspaced {
			continue
		}
		for _, at := range phraseOffsets(t, n.key) {
			hits = append(hits, hit{at, at + len(n.key), n.city, n.key})
		}
	}
	// Longest first at each offset; a mention inside a longer one is not
	// its own ("York" in "New York").
	slices.SortFunc(hits, func(a, b hit) int {
		if a.at != b.at {
			return a.at - b.at
		}
		if a.end != b.end {
			return b.end - a.end
		}
		return strings.Compare(a.key, b.key)
	})
	var out []CityMention
	end := -1
	for _, h := range hits {
		if h.at < end {
			continue
		}
		end = h.end
		if !slices.ContainsFunc(out, func(m CityMention) bool { return m.City.Name == c.Cities[h.city].Name }) {
			out = append(out, CityMention{City: c.Cities[h.city], Name: h.key, At: h.at})
		}
	}
	return out
}

var possessive = regexp.MustCompile(`(\p{L})['’]s\b`)

// phraseOffsets returns where phrase occurs in the normalized text t as
// whole words (anywhere in unspaced scripts).
func phraseOffsets(t, phrase string) []int {
	var out []int
	padded := " " + t + " "
	needle := " " + phrase + " "
	if unspacedScript(phrase) {
		padded, needle = t, phrase
	}
	for from := 0; ; {
		i := strings.Index(padded[from:], needle)
		if i < 0 {
			return out
		}
		out = append(out, from+i)
		from += i + 1
	}
}

// Place is where a piece of text says a business is.
type Place struct {
	Country Country
	Region  Region // zero when the text names no region
	City    City   // zero when the text names no city of Country
}

// Headquarters returns the city a business placed here is based in: the
// named city, else the region's main city; ok is false when neither is
// known.
func (p Place) Headquarters() (City, bool) {
	if p.City.Name != "" {
		return p.City, true
	}
	if p.Region.City != "" {
		return p.Country.CityNamed(p.Region.City)
	}
	return City{}, false
}

// Locate reads a country, region and city out of free text as people
// write it: "Germany", "DE", "日本", "Bavaria", "Kyushu", "Texas",
// "Punjab, Pakistan", "Lyon, France", "Munich". The country comes from
// MatchCountry unless a longer region name explains the text better
// ("New South Wales" is in Australia, not Wales); failing both, from a
// region or city that only one country has. ok is false when the text
// names no catalog country, or only places several countries share
// ("Punjab" alone).
func Locate(text string) (Place, bool) {
	c := load()
	p := c.places
	t := normalize(text)
	if t == "" {
		return Place{}, false
	}
	x := newPlaceText(t)
	country, countryLen := c.countryIn(t)
	regionKey, regionLen := p.longestRegion(x, "")
	if regionLen > countryLen { // also when no country is named at all
		if codes := p.regionCountries(regionKey); len(codes) == 1 {
			country = codes[0] // "New South Wales", not "Wales"
		}
	}
	if country == "" {
		var found []string
		for _, co := range c.countries {
			if _, n := p.longestCity(co.Code, x, ""); n > 0 {
				found = append(found, co.Code)
			}
		}
		if len(found) != 1 {
			return Place{}, false
		}
		country = found[0]
	}
	pl := Place{Country: c.countries[c.byCode[country]]}
	key, _ := p.longestRegion(x, country)
	if key != "" {
		for _, i := range p.regionIdx[key] {
			if p.regions[i].Country == country {
				pl.Region = p.regions[i]
				break
			}
		}
	}
	if i, n := p.longestCity(country, x, key); n > 0 {
		pl.City = pl.Country.Cities[i]
	}
	return pl, true
}

// countryIn returns the country the normalized text t names and the
// length of the name found: the whole text as a code, name or alias, else
// the longest name of at least four letters (any length in unspaced
// scripts) inside it; "" when none.
func (c *catalog) countryIn(t string) (string, int) {
	if code, ok := c.countryIdx[t]; ok {
		return code, len([]rune(t))
	}
	x := newPlaceText(t)
	best, bestLen := "", 0
	for _, n := range c.countryNames {
		if n.runes < 4 && !n.unspaced {
			continue
		}
		code := c.countryIdx[n.key]
		if (n.runes > bestLen || n.runes == bestLen && code < best) && n.fits(x) {
			best, bestLen = code, n.runes
		}
	}
	return best, bestLen
}

// longestRegion returns the longest region key found in x, of country
// when it is not empty.
func (p *places) longestRegion(x placeText, country string) (string, int) {
	best, bestLen := "", 0
	for _, n := range p.regionNames {
		if n.runes <= bestLen || !n.fits(x) {
			continue
		}
		if country != "" && !slices.Contains(p.regionCountries(n.key), country) {
			continue
		}
		best, bestLen = n.key, n.runes
	}
	return best, bestLen
}

func (p *places) regionCountries(key string) []string {
	var out []string
	for _, i := range p.regionIdx[key] {
		if !slices.Contains(out, p.regions[i].Country) {
			out = append(out, p.regions[i].Country)
		}
	}
	return out
}

// longestCity returns the index of the country's city with the longest
// name found in t, and that name's length (0 when none). A name that is
// also the region the text names (the province "Québec", the state
// "Lagos") is read as the region.
func (p *places) longestCity(country string, x placeText, regionKey string) (int, int) {
	best, bestLen, bestKey := -1, 0, ""
	for _, n := range p.cityNames[country] {
		if n.key == regionKey || n.runes < bestLen || n.runes == bestLen && n.key > bestKey || !n.fits(x) {
			continue
		}
		best, bestLen, bestKey = n.city, n.runes, n.key
	}
	return best, bestLen
}
