package planet

import (
	"regexp"
	"slices"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
	"github.com/mercury/mcp-world/world"
)

// The records a business keeps about its things: what it measures,
// tests and grades them for, and the details it logs of each, are
// fields of the thing's record; an agent or a manner after "by" is none.
func TestReadThingRecords(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		// want: service (by entity) → fields it must have; none: fields
		// no service may have; gone: services that must not be there.
		want       map[string][]string
		none, gone []string
	}{
		{"a grade and what it is graded by", "lobster wholesaler", "US",
			"Lobster wholesaler in Boston shipping live lobster to restaurants. We grade every catch by size and ship overnight.",
			map[string][]string{"grading": {"grade", "size"}}, []string{"ship_overnight"}, nil},
		{"what a thing is tested for", "football manufacturer", "PK",
			"Football factory in Sialkot making match balls for brands. Every ball is tested for weight and roundness, and stitchers are paid by the piece.",
			map[string][]string{"test": {"weight", "roundness"}}, []string{"piece"}, nil},
		{"a thing sorted by a measure is a register of its own", "alpaca mill", "PE",
			"Alpaca mill in Arequipa spinning yarn for knitwear brands. We sort every fleece by fineness and ship cones to Italy.",
			map[string][]string{"fleece": {"fineness"}}, nil, nil},
		{"a passive list of steps still grades", "date farm", "SA",
			"Date farm in Al-Ahsa selling to wholesalers. Harvest is picked, sorted and graded by variety, and packed dates go to supermarkets.",
			map[string][]string{"harvest": {"grade", "variety"}}, nil, nil},
		{"a manner is no measure", "tea estate", "KE",
			"Tea estate in Kericho selling to brokers. Every lot is sorted by hand and checked by the factory manager.",
			nil, []string{"hand", "factory_manager"}, nil},
		{"a noun that looks like a measure is none", "clinical laboratory", "MX",
			"Clinical lab in Mexico City with twelve collection points; samples travel by courier to the central lab.",
			nil, []string{"courier"}, []string{"travel"}},
		{"details logged for every thing are its fields", "tube well drilling", "PK",
			"We drill tube wells for farms in Punjab with three rigs. We log depth and water quality for every bore, and pumps carry a warranty.",
			map[string][]string{"bore": {"depth", "water_quality"}}, nil, []string{"depth"}},
		{"details of every thing not yet kept make its register", "gemstone dealer", "TH",
			"Gem dealers in Bangkok with a showroom for jewellers. We record the weight and clarity of every stone.",
			map[string][]string{"stone": {"weight", "clarity"}}, nil, []string{"weight"}},
		{"details of a thing sold go on the record of its sale", "gemstone dealer", "TH",
			"Gem dealers in Bangkok selling cut stones to jewellers. We record the weight and clarity of every stone.",
			map[string][]string{"order": {"weight", "clarity"}}, nil, []string{"weight"}},
		{"a paper named with of is one field", "marble quarry", "GR",
			"We quarry marble near Kavala and ship in containers with a certificate of origin.",
			map[string][]string{"container": {"certificate_of_origin"}}, nil, nil},
		{"a field after its is a noun, though the word is a verb too", "citrus grower", "ES",
			"Citrus grower near Valencia selling oranges to supermarkets. Each crate is labelled with its harvest block and packing date, and leaf samples from our groves are tested every month.",
			map[string][]string{"crate": {"harvest_block", "packing_date"}}, nil, []string{"harvest block"}},
		{"what a thing is tested for, in one word before the participle", "flower bulb grower", "NL",
			"Bulb grower in Lisse selling tulip bulbs to exporters. Every bulb batch is virus tested in our sheds, and each batch is labelled with a plant passport before it leaves.",
			map[string][]string{"batch": {"virus_tested", "labelled", "plant_passport"}}, []string{"tested"}, []string{"leaf"}},
		{"an adverb before the participle says nothing of it", "tree nursery", "NL",
			"Tree nursery in Boskoop growing young trees for garden centres. We keep a register of tree lots, and every lot is carefully root pruned and then inspected before it ships.",
			map[string][]string{"lot": {"inspected", "root_pruned"}}, []string{"carefully_root_pruned", "then_inspected"}, nil},
		{"a short subject with its passive verb is still a field", "banquet hall", "TR",
			"Banquet hall in Izmir with two halls. Families book a hall for the evening with a deposit, and the menu choice is confirmed a week before the day.",
			map[string][]string{"hall booking": {"menu_choice"}}, nil, nil},
		{"a field of its own register keeps the register", "boiler servicing", "GB",
			"Boiler servicing firm in Leeds. Every boiler gets a safety inspection, passes get a green label, and a boiler that fails is capped off.",
			map[string][]string{"green label": nil}, nil, nil},
		{"what is not done is no flag", "tree nursery", "NL",
			"Tree nursery in Boskoop growing young trees for garden centres. Every lot is not sprayed, and each lot is inspected before it ships.",
			nil, []string{"sprayed", "not_sprayed"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := read.Read(engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			fields := map[string][]string{}
			for _, s := range p.Services {
				one := s.Name
				if s.Entity != nil {
					one = s.Entity.One
				}
				for _, a := range s.Attributes {
					fields[one] = append(fields[one], a.Name)
				}
				if slices.Contains(tc.gone, one) {
					t.Errorf("service %s (%s) is there; the brief keeps it as a field", s.Name, s.Archetype)
				}
			}
			if p.Work.One != "" {
				for _, a := range p.Work.Attributes {
					fields[p.Work.One] = append(fields[p.Work.One], a.Name)
				}
			}
			for one, want := range tc.want {
				for _, f := range want {
					if !slices.Contains(fields[one], f) {
						t.Errorf("%s has no field %s: fields %v", one, f, fields)
					}
				}
			}
			for one, fs := range fields {
				for _, f := range tc.none {
					if slices.Contains(fs, f) {
						t.Errorf("%s has a field %s", one, f)
					}
				}
			}
		})
	}
}

// A record kept "for each" or "on every" thing names which one.
func TestReadEachWhat(t *testing.T) {
	p, err := read.Read(engine.Scenario{Industry: "shrimp hatchery", Country: "BD", Description: "Shrimp hatchery near Khulna selling post-larvae to farmers. We keep broodstock records for each tank, and check water every morning.", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(p.Services, func(s engine.PlanService) bool {
		return slices.ContainsFunc(s.Attributes, func(a engine.PlanAttribute) bool { return a.Name == "tank" })
	})
	if i < 0 {
		t.Errorf("no record names its tank: %+v", p.Services)
	}
	if hasAttribute(p, "morning") {
		t.Error("'every morning' is no column")
	}
}

// A measure with a few usual outcomes lists them, so a seeded record
// carries one; a measured quantity has none to list.
func TestReadMeasureValues(t *testing.T) {
	p, err := read.Read(engine.Scenario{Industry: "truffle farm", Country: "AU", Description: "Truffle farm near Canberra selling to chefs. We grade every truffle by weight before it is sold.", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var grade, weight *engine.PlanAttribute
	for _, s := range p.Services {
		for i, a := range s.Attributes {
			switch a.Name {
			case "grade":
				grade = &s.Attributes[i]
			case "weight":
				weight = &s.Attributes[i]
			}
		}
	}
	if grade == nil || !slices.Contains(grade.Values, "A") {
		t.Errorf("grade %+v: want the usual grades", grade)
	}
	if weight == nil || len(weight.Values) > 0 {
		t.Errorf("weight %+v: want a field with no list", weight)
	}
}

// A register of the customers' animals (horses at livery) keeps each
// with its owner and is not for sale; a column naming the animal holds
// an animal's name, not a person's.
func TestOwnedAnimals(t *testing.T) {
	p, err := read.Read(engine.Scenario{Industry: "riding stables", Country: "DE", Description: "Reitstall near Hannover with 35 horses at livery. Owners pay monthly livery contracts, and the farrier and vet visits are logged per horse.", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, err := engine.Build(p, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	people := map[any]bool{}
	var horses, visits *world.Table
	for i, tb := range b.Tables {
		switch {
		case tb.Name == "horses":
			horses = &b.Tables[i]
		case tb.Name == "visits":
			visits = &b.Tables[i]
		case len(tb.Rows) > 0 && tb.Rows[0]["name"] != nil && tb.Service == "crm":
			for _, r := range tb.Rows {
				people[r["name"]] = true
			}
		}
	}
	if horses == nil || visits == nil || len(people) == 0 {
		t.Fatalf("no horses, visits or customers table")
	}
	cols := map[string]world.Column{}
	for _, c := range horses.Columns {
		cols[c.Name] = c
	}
	if _, ok := cols["customer_id"]; !ok {
		t.Errorf("horses have no owner: %+v", horses.Columns)
	}
	if st := cols["status"].Enum; slices.Contains(st, any("for_sale")) || !slices.Contains(st, any("in_care")) {
		t.Errorf("horses at livery have states %v", st)
	}
	for _, r := range visits.Rows {
		if people[r["horse"]] {
			t.Errorf("visit %v: horse %v is a customer's name", r["id"], r["horse"])
		}
	}
	var kinds []any
	for _, c := range visits.Columns {
		if c.Name == "kind" {
			kinds = c.Enum
		}
	}
	if !slices.Equal(kinds, []any{"farrier", "vet"}) {
		t.Errorf("visit kinds %v, want farrier, vet", kinds)
	}
}

// What is done to things in batches is a yes/no of each batch; a record
// kept until a day has that day's date; a paper a record gets keeps the
// words that say which, and holds a reference number.
func TestReadBatchesDatesPapers(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		entity, field                 string
	}{
		{"batch flag", "sawmill", "LV", "Sawmill near Valmiera sawing spruce for buyers in Germany. Sawn timber is kiln-dried in batches, and we ship packs to buyers.", "batch", "kiln_dried"},
		{"kept until", "mushroom farm", "JP", "We grow shiitake near Fukuoka for supermarkets. Logs are inoculated in batches and tracked until harvest.", "batch", "harvest_date"},
		{"a paper of three words", "septic tank pumping", "AU", "We pump septic tanks around Brisbane with four vacuum trucks. Every load gets a waste tracking certificate.", "load", "waste_tracking_certificate"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := read.Read(engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			attrs := p.Work.Attributes
			if p.Work.One != tc.entity {
				attrs = nil
				for _, s := range p.Services {
					if s.Entity != nil && s.Entity.One == tc.entity {
						attrs = s.Attributes
					}
				}
			}
			if !slices.ContainsFunc(attrs, func(a engine.PlanAttribute) bool { return a.Name == tc.field }) {
				t.Fatalf("%s has no %s: %+v", tc.entity, tc.field, attrs)
			}
			if tc.field != "waste_tracking_certificate" {
				return
			}
			b, err := engine.Build(p, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, tb := range b.Tables {
				for _, r := range tb.Rows {
					if v, ok := r[tc.field].(string); ok {
						n++
						if !regexp.MustCompile(`^[A-Z]{2}-\d{5}$`).MatchString(v) {
							t.Errorf("%s.%s = %q, want a reference number", tb.Name, tc.field, v)
						}
					}
				}
			}
			if n == 0 {
				t.Errorf("no row has a %s", tc.field)
			}
		})
	}
}

// What a thing is tested for is a number, and a test is not "tested".
func TestReadTestedFor(t *testing.T) {
	p, err := read.Read(engine.Scenario{Industry: "hop farm", Country: "NZ", Description: "Hop farm near Nelson selling to breweries. Every bale is tested for alpha acid and shipped with a lab certificate.", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	attrs := p.Work.Attributes
	for _, s := range p.Services {
		attrs = append(attrs, s.Attributes...)
	}
	i := slices.IndexFunc(attrs, func(a engine.PlanAttribute) bool { return a.Name == "alpha_acid" })
	if i < 0 || attrs[i].Type != "real" {
		t.Errorf("alpha acid: %+v", attrs)
	}
	if hasAttribute(p, "tested") {
		t.Errorf("a test has a yes/no 'tested': %+v", attrs)
	}
}
