package planet

import (
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
)

// A town the reader writes with its state to tell it from others of its
// name ("Breckenridge, CO") is named by its name alone; a ward is
// described with its city ("臺南市東區", not "東區", a district of many).
func TestTownInNameAndDescription(t *testing.T) {
	for _, tc := range []struct {
		industry, country, desc string
		name, descHas, notIn    string
	}{
		{"ski school", "US", "A ski school in Breckenridge, Colorado teaching children and adults.", "Breckenridge", "in Breckenridge, Colorado", ", CO"},
		{"dental clinic", "TW", "A dental clinic in Tainan's East District offering implants.", "", "位於臺南市東區", ""},
	} {
		named := false // some seed's name pattern has the city
		for seed := uint64(1); seed <= 12; seed++ {
			p, err := read.Read(engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			co := p.Company
			named = named || strings.Contains(co.Name, tc.name)
			if tc.notIn != "" && strings.Contains(co.Name, tc.notIn) {
				t.Errorf("%s: name %q has %q", tc.desc, co.Name, tc.notIn)
			}
			if !strings.Contains(co.Description, tc.descHas) {
				t.Errorf("%s: description %q, want %q", tc.desc, co.Description, tc.descHas)
			}
		}
		if !named {
			t.Errorf("%s: no name of 12 seeds has %q", tc.desc, tc.name)
		}
	}
}

// A town the catalog has no city for is the headquarters when the brief
// names it, with its own postcode and its region's time zone; a month, a
// country or a county is not a town.
func TestTownHeadquarters(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		hq                            string // in the headquarters address; "" for "not a town"
		zone                          string
		notIn                         string // a word the headquarters must not be
	}{
		{"after above", "Berghütte", "Switzerland", "Mountain hut above Zermatt with 60 bunks. Climbers reserve a bunk with half board.", "3920 Zermatt", "Europe/Zurich", ""},
		{"after near", "bollenkweker", "Netherlands", "Bulb grower near Lisse growing tulips on 40 hectares.", "Lisse", "Europe/Amsterdam", ""},
		{"particles in the name", "fábrica de calçado", "Portugal", "Shoe factory in São João da Madeira making leather shoes.", "São João da Madeira", "Europe/Lisbon", ""},
		{"the country field", "Berghütte", "Zermatt, Schweiz", "Wir vermieten 60 Betten mit Halbpension.", "3920 Zermatt", "Europe/Zurich", ""},
		{"the region picks the town", "ski rental", "USA", "Ski rental shop in Breckenridge, Colorado. Guests reserve skis online.", "Breckenridge, CO 80424", "America/Denver", ""},
		{"a town keeps its own time zone", "fishing charters", "US", "Halibut fishing charters based in Homer, Alaska, running day trips on Kachemak Bay.", "Homer, AK 99603", "America/Anchorage", ""},
		{"a town by its other name", "ceramics manufacturer", "Spain", "A ceramic tile maker in Castellón exporting porcelain tiles.", "12550 Castelló de la Plana", "Europe/Madrid", ""},
		{"a district by its seat, in its own state", "tea plantation", "Malaysia", "A tea estate in the Cameron Highlands selling loose-leaf tea to hotels.", "Tanah Rata, Pahang", "Asia/Kuala_Lumpur", ""},
		{"a city whose name starts with a town's", "bakery", "PH", "Bakery in Quezon City baking pandesal for offices and sari-sari stores.", "Quezon City", "Asia/Manila", ""},
		{"a city whose first word is a town's", "bicycle repair", "VN", "Bicycle repair shop in Ho Chi Minh City fixing commuter bikes.", "Hồ Chí Minh", "Asia/Ho_Chi_Minh", ""},
		{"after on the", "ostréiculteur", "France", "Oyster farm on the Marennes basin selling to fishmongers and restaurants.", "Marennes", "Europe/Paris", ""},
		{"a day after on is no town", "bakery", "UK", "Bakery in Sale baking sourdough. We open on Sundays and deliver on Monday.", "Sale", "Europe/London", "Monday"},
		{"a month is no town", "ice cream van", "UK", "Ice cream van round in Cambridgeshire. We close in March for servicing.", "", "Europe/London", "March"},
		{"a country is no town", "tea importer", "US", "We import loose-leaf tea from China and sell it to cafés.", "", "", "China"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := read.Read(engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			b, err := engine.Build(p, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			addr := b.Company.Headquarters
			if tc.hq != "" && !strings.Contains(addr, tc.hq) {
				t.Errorf("headquarters %q, want it in %s", addr, tc.hq)
			}
			if tc.zone != "" && b.Company.Timezone != tc.zone {
				t.Errorf("time zone %s, want %s", b.Company.Timezone, tc.zone)
			}
			if tc.notIn != "" && strings.Contains(addr, tc.notIn) {
				t.Errorf("headquarters %q is in %s", addr, tc.notIn)
			}
		})
	}
}
