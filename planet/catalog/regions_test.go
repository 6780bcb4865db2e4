package catalog

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func TestLocate(t *testing.T) {
	for _, tc := range []struct {
		text    string
		country string
		region  string // ISO code, or English name for areas
		city    string
	}{
		{"Germany", "DE", "", ""},
		{"Deutschland", "DE", "", ""},
		{"Bavaria", "DE", "DE-BY", ""},
		{"Bayern", "DE", "DE-BY", ""},
		{"Freistaat Bayern", "DE", "DE-BY", ""},
		{"Niedersachsen", "DE", "DE-NI", ""},
		{"Catalonia", "ES", "ES-CT", ""},
		{"Catalunya", "ES", "ES-CT", ""},
		{"Andalucía", "ES", "ES-AN", ""},
		{"Kyushu", "JP", "Kyushu", ""},
		{"九州", "JP", "Kyushu", ""},
		{"Hokkaido", "JP", "JP-01", ""},
		{"Texas", "US", "US-TX", ""},
		{"Georgia", "US", "US-GA", ""},
		{"California", "US", "US-CA", ""},
		{"Ontario", "CA", "CA-ON", ""},
		{"Québec", "CA", "CA-QC", ""}, // the province, not the city
		{"Quebec", "CA", "CA-QC", ""},
		{"Valais", "CH", "CH-VS", ""},
		{"Wallis", "CH", "CH-VS", ""},
		{"Tirol", "AT", "AT-7", ""},
		{"Scotland", "GB", "GB-SCT", ""},
		{"Wales", "GB", "GB-WLS", ""},
		{"New South Wales", "AU", "AU-NSW", ""}, // not Wales
		{"Victoria, Australia", "AU", "AU-VIC", ""},
		{"Punjab, Pakistan", "PK", "PK-PB", ""},
		{"Punjab, India", "IN", "IN-PB", ""},
		{"Cappadocia", "TR", "Cappadocia", ""},
		{"Algarve", "PT", "PT-08", ""},
		{"Sulawesi Selatan", "ID", "ID-SN", ""},
		{"Selangor", "MY", "MY-10", ""},
		{"Mpumalanga", "ZA", "ZA-MP", ""},
		{"Lagos", "NG", "NG-LA", ""},
		{"Dubai", "AE", "", "دبي"},
		{"Lyon, France", "FR", "", "Lyon"},
		{"a bakery in Munich", "DE", "", "München"},
		{"Munich, Bavaria", "DE", "DE-BY", "München"},
		{"Tokyo", "JP", "JP-13", ""},
		{"Kyoto, Japan", "JP", "", "京都市下京区"},
		{"Seoul, South Korea", "KR", "KR-11", ""},
		{"Bangalore, India", "IN", "", "Bengaluru"},
		{"Madrid", "ES", "", "Madrid"},
		{"日本", "JP", "", ""},
		{"Czech", "CZ", "", ""},
		{"Oesterreich", "AT", "", ""},
	} {
		p, ok := Locate(tc.text)
		if !ok {
			t.Errorf("Locate(%q) found nothing, want %s", tc.text, tc.country)
			continue
		}
		region := p.Region.Code
		if region == "" {
			region = p.Region.Name
		}
		if p.Country.Code != tc.country || region != tc.region || p.City.Name != tc.city {
			t.Errorf("Locate(%q) = %s / %q / %q, want %s / %q / %q", tc.text, p.Country.Code, region, p.City.Name, tc.country, tc.region, tc.city)
		}
	}
	for _, text := range []string{"", "Atlantis", "Punjab", "Patagonia", "Narnia", "Springfield"} {
		if p, ok := Locate(text); ok {
			t.Errorf("Locate(%q) = %s %q, want nothing (unknown or ambiguous)", text, p.Country.Code, p.Region.Name)
		}
	}
}

func TestHeadquarters(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"Bavaria", "München"},
		{"Kyushu", "福岡市博多区"},
		{"Texas", "Houston"},
		{"Austin, Texas", "Austin"},
		{"Québec", "Montréal"},
		{"Lagos", "Lagos Island"},
	} {
		p, ok := Locate(tc.text)
		if !ok {
			t.Fatalf("Locate(%q) found nothing", tc.text)
		}
		if city, ok := p.Headquarters(); !ok || city.Name != tc.want {
			t.Errorf("Locate(%q).Headquarters() = %q, %v; want %q", tc.text, city.Name, ok, tc.want)
		}
	}
	if _, ok := (Place{Country: mustCountry(t, "DE")}).Headquarters(); ok {
		t.Error("a bare country has a headquarters city")
	}
}

func mustCountry(t *testing.T, code string) Country {
	t.Helper()
	c, ok := CountryByCode(code)
	if !ok {
		t.Fatalf("no country %s", code)
	}
	return c
}

func TestCityNamed(t *testing.T) {
	for _, tc := range []struct{ country, text, want string }{
		{"DE", "Munich", "München"},
		{"DE", "munchen", "München"},
		{"DE", "Frankfurt", "Frankfurt am Main"},
		{"JP", "Tokyo", "千代田区"},
		{"JP", "Shibuya", "渋谷区"},
		{"JP", "Kyoto", "京都市下京区"},
		{"JP", "京都市下京区", "京都市下京区"},
		{"KR", "Seoul", "중구"},
		{"KR", "Suwon", "수원시"},
		{"TW", "Taipei", "中正區"},
		{"CN", "Chengdu", "成都市"},
		{"CN", "Beijing", "朝阳区"},
		{"NG", "Lagos", "Lagos Island"},
		{"ZA", "Joburg", "Johannesburg"},
		{"VN", "Saigon", "TP. Hồ Chí Minh"},
		{"DK", "Aarhus", "Aarhus C"},
		{"AE", "Dubai", "دبي"},
		{"TH", "Phuket", "ภูเก็ต"},
		{"GR", "Kavala", "Καβάλα"},
		{"SE", "Gothenburg", "Göteborg"},
		{"CH", "Geneva", "Genève"},
		{"IT", "Milano", "Milano"},
		{"US", "NYC", "New York"},
	} {
		c := mustCountry(t, tc.country)
		if city, ok := c.CityNamed(tc.text); !ok || city.Name != tc.want {
			t.Errorf("%s.CityNamed(%q) = %q, %v; want %q", tc.country, tc.text, city.Name, ok, tc.want)
		}
	}
	// "Chuo-ku" is a ward of Osaka, Sapporo and Chiba: no guess.
	if city, ok := mustCountry(t, "JP").CityNamed("Chuo-ku"); ok {
		t.Errorf("JP.CityNamed(Chuo-ku) = %q, want no match", city.Name)
	}
	if city, ok := mustCountry(t, "FR").CityNamed("Munich"); ok {
		t.Errorf("FR.CityNamed(Munich) = %q, want no match", city.Name)
	}
}

func TestRegionsNamed(t *testing.T) {
	var got []string
	for _, r := range RegionsNamed("punjab") {
		got = append(got, r.Code)
	}
	if !slices.Equal(got, []string{"IN-PB", "PK-PB"}) {
		t.Errorf("RegionsNamed(punjab) = %v, want IN-PB and PK-PB", got)
	}
	if rs := RegionsNamed("DE-BY"); len(rs) != 1 || rs[0].LocalName != "Bayern" {
		t.Errorf("RegionsNamed(DE-BY) = %+v", rs)
	}
	if rs := RegionsNamed("Atlantis"); len(rs) != 0 {
		t.Errorf("RegionsNamed(Atlantis) = %+v", rs)
	}
}

// Every catalog country has regions, every region's main city and state
// agree with countries.json (loadPlaces enforces it; this pins the spread).
func TestRegionsCoverCountries(t *testing.T) {
	all := Regions()
	if n := len(all); n < 400 {
		t.Errorf("%d regions, want at least 400", n)
	}
	if !slices.IsSortedFunc(all, func(a, b Region) int {
		if c := strings.Compare(a.Country, b.Country); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	}) {
		t.Error("Regions() is not sorted by country and name")
	}
	for _, c := range Countries() {
		rs := RegionsOf(strings.ToLower(c.Code))
		if len(rs) == 0 && c.Code != "SG" {
			t.Errorf("%s has no regions", c.Code)
		}
		withCity := 0
		for _, r := range rs {
			if r.City != "" {
				withCity++
				if _, ok := c.CityNamed(r.City); !ok {
					t.Errorf("%s: region %s: city %q not found", c.Code, r.Name, r.City)
				}
			}
		}
		if len(rs) > 0 && withCity == 0 {
			t.Errorf("%s: no region names a main city", c.Code)
		}
	}
}

// loadPlaces rejects data that does not fit the countries, naming the
// entry and the problem.
func TestRegionsFileIsChecked(t *testing.T) {
	countries, err := dataFS.ReadFile("data/countries.json")
	if err != nil {
		t.Fatal(err)
	}
	industries, err := dataFS.ReadFile("data/industries.json")
	if err != nil {
		t.Fatal(err)
	}
	flavours, err := dataFS.ReadFile("data/flavours.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, regions, want, districts string }{
		{"unknown field", `{"regions": [{"country": "DE", "kind": "state", "name": "X", "flag": "y"}]}`, "unknown field", ""},
		{"trailing data", `{} {}`, "trailing data", ""},
		{"unknown country", `{"regions": [{"country": "XX", "kind": "state", "name": "Nowhere"}]}`, `unknown country "XX"`, ""},
		{"bad kind", `{"regions": [{"country": "DE", "kind": "land", "name": "Bavaria"}]}`, `kind "land"`, ""},
		{"bad code", `{"regions": [{"country": "DE", "code": "AT-9", "kind": "state", "name": "Bavaria"}]}`, `code "AT-9"`, ""},
		{"city elsewhere", `{"regions": [{"country": "DE", "kind": "state", "name": "Bavaria", "city": "Wien"}]}`, `city "Wien"`, ""},
		{"state unknown", `{"regions": [{"country": "DE", "kind": "state", "name": "Bavaria", "state": "Tirol"}]}`, `state "Tirol"`, ""},
		{"state disagrees with city", `{"regions": [{"country": "DE", "kind": "state", "name": "Bavaria", "state": "Hessen", "city": "München"}]}`, `city München is in state "Bayern"`, ""},
		{"name shared in a country", `{"regions": [{"country": "DE", "kind": "state", "name": "Bavaria"}, {"country": "DE", "kind": "area", "name": "Franconia", "aliases": ["Bavaria"]}]}`, `also names region`, ""},
		{"region named like another country", `{"regions": [{"country": "DE", "kind": "area", "name": "Austria"}]}`, `is a name of country AT`, ""},
		{"country alias taken", `{"country_aliases": [{"country": "DE", "aliases": ["Österreich"]}]}`, `already a name of AT`, ""},
		{"city alias of unknown city", `{"city_aliases": [{"country": "DE", "city": "Munich", "aliases": ["Monaco"]}]}`, `"Munich" is not one of DE's cities`, ""},
		{"city alias taken", `{"city_aliases": [{"country": "DE", "city": "München", "aliases": ["Berlin"]}]}`, `already names "Berlin"`, ""},
		{"district of unknown city", `{}`, `"Munich" is not one of DE's cities`, `{"districts": [{"country": "DE", "city": "Munich", "names": ["Schwabing"]}]}`},
		{"district named like a city", `{}`, `"Hamburg" already names "Hamburg"`, `{"districts": [{"country": "DE", "city": "Berlin", "names": ["Hamburg"]}]}`},
		{"district without names", `{}`, `no names`, `{"districts": [{"country": "DE", "city": "Berlin"}]}`},
		{"district unknown field", `{}`, `unknown field`, `{"districts": [{"country": "DE", "city": "Berlin", "names": ["Mitte"], "kind": "x"}]}`},
	} {
		if tc.districts == "" {
			tc.districts = `{"districts": []}`
		}
		fsys := fstest.MapFS{
			"data/countries.json":  {Data: countries},
			"data/industries.json": {Data: industries},
			"data/flavours.json":   {Data: flavours},
			"data/regions.json":    {Data: []byte(tc.regions)},
			"data/districts.json":  {Data: []byte(tc.districts)},
		}
		_, err := parse(fsys)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: parse() = %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
	// The country aliases of regions.json reach MatchCountry.
	for text, want := range map[string]string{"Czech": "CZ", "Oesterreich": "AT", "Schwiiz": "CH", "Mzansi": "ZA", "ROK": "KR"} {
		if c, ok := MatchCountry(text); !ok || c.Code != want {
			t.Errorf("MatchCountry(%q) = %s, %v; want %s", text, c.Code, ok, want)
		}
	}
}

// A company named after its city names the headquarters city, never
// another one; without a city the name is what CompanyName gives.
func TestCompanyNameIn(t *testing.T) {
	gb := mustCountry(t, "GB")
	storage, ok := IndustryByID("self-storage")
	if !ok {
		t.Fatal("no self-storage industry")
	}
	others := []string{}
	for _, c := range gb.Cities {
		if c.Name != "Leeds" {
			others = append(others, c.Name)
		}
	}
	withCity := 0
	for seed := range uint64(200) {
		name := gb.CompanyNameIn(rand.New(rand.NewPCG(seed, 1)), storage, "Leeds")
		for _, other := range others {
			if strings.Contains(name, other) {
				t.Fatalf("CompanyNameIn(Leeds) = %q names %s", name, other)
			}
		}
		if strings.Contains(name, "Leeds") {
			withCity++
		}
		a := gb.CompanyName(rand.New(rand.NewPCG(seed, 2)), storage)
		b := gb.CompanyNameIn(rand.New(rand.NewPCG(seed, 2)), storage, "")
		if a != b {
			t.Fatalf("CompanyName = %q, CompanyNameIn(\"\") = %q", a, b)
		}
	}
	if withCity == 0 {
		t.Error("no name used the {city} pattern in 200 draws")
	}
}

// A company stem is never the name of one of the country's cities: a
// company called after a river that is also a city ("Дніпро") would name
// another city than its headquarters.
func TestStemsAreNotCities(t *testing.T) {
	for _, c := range Countries() {
		for _, stem := range c.CompanyStems {
			if city, ok := c.CityNamed(stem); ok {
				t.Errorf("%s: company stem %q names the city %s", c.Code, stem, city.Name)
			}
		}
	}
}

// CitiesIn finds a country's cities in free text in the order the text
// names them, by any of their names, districts and possessives, and is
// not misled by other countries' names.
func TestCitiesIn(t *testing.T) {
	for _, tc := range []struct {
		country, text string
		want          []string
	}{
		{"DE", "Tattoo studio in Kreuzberg, guest spots from Hamburg", []string{"Berlin", "Hamburg"}},
		{"PL", "Indie game studio in Warsaw shipping to India", []string{"Warszawa"}},
		{"AU", "We walk dogs around Melbourne's inner north", []string{"Melbourne"}},
		{"US", "A bakery in New York", []string{"New York"}},
		{"RO", "Agenție in Cluj", []string{"Cluj-Napoca"}},
		{"KR", "Karaoke rooms in Hongdae", []string{"마포구"}},
		{"SG", "Feeder shipping line based in Singapore", []string{"Raffles Place"}},
		{"TR", "Leather shop in the Kapalıçarşı selling jackets", []string{"İstanbul"}},
		{"FR", "A bakery with no city", nil},
	} {
		c, _ := CountryByCode(tc.country)
		var got []string
		for _, m := range c.CitiesIn(tc.text) {
			got = append(got, m.City.Name)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s.CitiesIn(%q) = %v, want %v", tc.country, tc.text, got, tc.want)
		}
	}
}
