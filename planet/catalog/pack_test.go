package catalog

import (
	"strings"
	"testing"
	"testing/fstest"
)

func mapFS(industries string) fstest.MapFS {
	return fstest.MapFS{"data/industries.json": {Data: []byte(industries)}}
}

// Every industry is a full pack: typical archetypes, supplies distinct
// from what it sells, job titles and policies (checkPack has already
// validated their form when the catalog loaded).
func TestPacksAreComplete(t *testing.T) {
	inds := Industries()
	if n := len(inds); n < 120 {
		t.Errorf("%d industries, want at least 120", n)
	}
	for _, in := range inds {
		if err := checkPack(in); err != nil {
			t.Errorf("%s: %v", in.ID, err)
		}
		if n := len(in.Archetypes); n < 3 {
			t.Errorf("%s: %d archetypes, want at least 3", in.ID, n)
		}
		if n := len(in.Supplies); n < 4 {
			t.Errorf("%s: %d supplies, want at least 4", in.ID, n)
		}
		if n := len(in.JobTitles); n < 4 {
			t.Errorf("%s: %d job titles, want at least 4", in.ID, n)
		}
		if n := len(in.Policies); n < 2 {
			t.Errorf("%s: %d policies, want at least 2", in.ID, n)
		}
	}
}

func TestCheckPackRejects(t *testing.T) {
	good, ok := IndustryByID("dental-clinics")
	if !ok {
		t.Fatal("no dental-clinics")
	}
	if err := checkPack(good); err != nil {
		t.Fatalf("dental-clinics: %v", err)
	}
	for _, tc := range []struct {
		name string
		edit func(*Industry)
		want string
	}{
		{"unknown archetype", func(in *Industry) { in.Archetypes = []string{"bookings", "teleportation"} }, `"teleportation" is not an archetype`},
		{"duplicate archetype", func(in *Industry) { in.Archetypes = []string{"bookings", "bookings"} }, "duplicate"},
		{"supply without unit", func(in *Industry) { in.Supplies = []Supply{{Name: "Gloves", PriceRange: [2]float64{1, 2}}} }, "unit"},
		{"supply price inverted", func(in *Industry) {
			in.Supplies = []Supply{{Name: "Gloves", Unit: "per box", PriceRange: [2]float64{9, 2}}}
		}, "price_range"},
		{"supply sold too", func(in *Industry) {
			in.Supplies = []Supply{{Name: in.Vocabulary.Offering.Items[0].Name, Unit: "each", PriceRange: [2]float64{1, 2}}}
		}, "also a catalogue item"},
		{"blank job title", func(in *Industry) { in.JobTitles = []string{"Dentist", " "} }, "job_titles[1]"},
		{"policy id", func(in *Industry) { in.Policies = []Policy{{ID: "No-Shows", Archetype: "bookings", Rule: "x."}} }, "snake_case"},
		{"policy archetype", func(in *Industry) { in.Policies = []Policy{{ID: "no_show", Archetype: "booking", Rule: "x."}} }, `"booking" is not an archetype`},
		{"policy sentence", func(in *Industry) {
			in.Policies = []Policy{{ID: "no_show", Archetype: "bookings", Rule: "no full stop"}}
		}, "ending in '.'"},
	} {
		in := good
		in.Pack = Pack{Archetypes: good.Archetypes}
		tc.edit(&in)
		err := checkPack(in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: checkPack() = %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
	// Pack fields decode strictly like the rest of industries.json.
	var ind []Industry
	if err := decodeFile(mapFS(`[{"id": "x", "archetypes": ["bookings"], "supplies": [{"name": "a", "unit": "b", "price_range": [1, 2], "colour": "red"}]}]`), "data/industries.json", &ind); err == nil {
		t.Error("an unknown field inside supplies decoded without error")
	}
}

// The new packs are found by the words people use, in several languages;
// businesses with no pack are not claimed confidently by an unrelated one
// (issue 7: "chess club" had become a fitness studio, "piano retailer" a
// generic web shop).
func TestPackMatching(t *testing.T) {
	for text, want := range map[string]string{
		"plumber":                       "plumbing-heating",
		"Sanitär und Heizung":           "plumbing-heating",
		"dakdekker":                     "roofing",
		"Kfz-Werkstatt":                 "auto-repair",
		"self storage":                  "self-storage",
		"Tierheim":                      "animal-shelters",
		"Kita":                          "childcare",
		"food bank":                     "food-banks",
		"housing association":           "social-housing",
		"city council":                  "municipalities",
		"ayuntamiento":                  "municipalities",
		"Pflegedienst":                  "home-care",
		"EHPAD":                         "care-homes",
		"fish farm":                     "aquaculture",
		"hazelnut trader":               "crop-traders",
		"grain merchant":                "crop-traders",
		"fındık tüccarı":                "crop-traders",
		"meyhane":                       "restaurants",
		"taquería":                      "restaurants",
		"Milchviehbetrieb":              "dairy-farms",
		"tractor dealer":                "farm-machinery-dealers",
		"boulangerie":                   "bakeries",
		"youth hostel":                  "hostels",
		"hammam":                        "spas",
		"bicycle shop":                  "bicycle-shops",
		"estate agent":                  "real-estate-agencies",
		"credit union":                  "credit-unions",
		"craft brewery":                 "breweries",
		"coffee roastery":               "coffee-roasters",
		"Metzgerei":                     "butchers",
		"game studio":                   "game-studios",
		"call centre":                   "call-centres",
		"management consultancy":        "consulting",
		"structural engineers":          "engineering-consultancies",
		"container line":                "shipping-lines",
		"internet provider":             "telecoms",
		"Verkehrsbetriebe":              "public-transport",
		"driving school":                "driving-schools",
		"tutoring":                      "tutoring",
		"car repair":                    "auto-repair",
		"solar installer":               "solar-installers",
		"water utility":                 "water-utilities",
		"online shop for handmade soap": "ecommerce-retail",
	} {
		in, score, ok := MatchIndustry(text)
		if !ok || in.ID != want {
			t.Errorf("MatchIndustry(%q) = %s, %.2f, %v; want %s", text, in.ID, score, ok, want)
		}
	}
	for _, text := range []string{"locksmith", "vineyard", "tattoo studio", "boarding kennels", "sign maker", "drone survey company",
		"home inspection", "canoe rental", "chess club", "rowing club", "bridal boutique", "piano retailer", "record store",
		"boat builder", "fur atelier"} {
		if in, score, ok := MatchIndustry(text); ok && score >= packMatch {
			t.Errorf("MatchIndustry(%q) = %s at %.2f; want no confident match", text, in.ID, score)
		}
	}
}
