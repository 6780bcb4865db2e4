package planet

import (
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
	"github.com/mercury/mcp-world/world"
)

// What a brief counts becomes what the world holds, and whom the business
// deals with are its customers' kinds: one behaviour per row, each failing
// without the rule it names. A row with want checks the plan's scale
// (noun → kind); a row with check reads the plan or the built world.
func TestReadCounts(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		want                          map[string]string // scale noun → kind
		not                           []string          // scale nouns that must not be read
		check                         func(t *testing.T, p *engine.Plan, b *world.Bundle)
	}{
		{name: "a counted compound is a register", industry: "truffle farm", country: "AU",
			desc: "Truffle farm near Canberra with 2,000 oak trees. Chefs order truffles by the gram.",
			want: map[string]string{"oak tree": "assets"},
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				tb := countsTable(b, "oak_trees")
				if tb == nil {
					t.Fatalf("no oak_trees register: %v", countsTableNames(b))
				}
				// A tree is planted and bears, it is not "under maintenance".
				if !slices.ContainsFunc(tb.Columns, func(c world.Column) bool { return c.Name == "planted_on" }) || !slices.Contains(countsEnum(tb, "status"), "bearing") {
					t.Errorf("oak_trees columns %v, status %v", countsColumns(tb), countsEnum(tb, "status"))
				}
			}},
		{name: "a count written as an adjective", industry: "cinema", country: "EG",
			desc: "Six-screen cinema in Heliopolis. Tickets are sold online.",
			want: map[string]string{"screen": "assets"}},
		{name: "a count shared by two nouns", industry: "forestry contractor", country: "SE",
			desc: "Forestry contractor near Umeå with four harvesters and forwarders working for forest owners.",
			want: map[string]string{"harvester": "assets", "forwarder": "assets"}},
		{name: "more than the plan seeds is still counted", industry: "date palm farm", country: "SA",
			desc: "Date farm in Al-Ahsa with 12,000 palms producing Khalas dates. Packed dates go to wholesalers.",
			want: map[string]string{"palm": "assets"},
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				if tb := countsTable(b, "palms"); tb == nil || len(tb.Rows) == 0 || len(tb.Rows) > 500 {
					t.Errorf("palms register: %v", countsTableNames(b))
				}
			}},
		{name: "a premises word made a unit is no location", industry: "kamp", country: "HR",
			desc: "Seaside campsite near Pula with 400 pitches and 60 mobile homes.",
			want: map[string]string{"mobile home": "assets"},
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				if len(p.Company.Locations) != 1 {
					t.Errorf("60 mobile homes made %d locations", len(p.Company.Locations))
				}
			}},
		{name: "a station that is equipment is no site", industry: "bike sharing scheme", country: "ES",
			desc: "We operate bike sharing in Valencia with 1,200 bikes at 90 docking stations.",
			want: map[string]string{"docking station": "assets"}},
		{name: "durations and head counts are no things", industry: "watch repair", country: "CH",
			desc: "A two-person atelier in Geneva. Repairs carry a 24-month guarantee and we work 12-hour days.",
			not:  []string{"month", "hour", "person"},
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				if p.Company.Employees != 2 {
					t.Errorf("a two-person atelier has %d employees", p.Company.Employees)
				}
			}},
		{name: "what the customers own is kept, not driven", industry: "boat builder", country: "FI",
			desc: "Boat builder in Turku; we store 80 customer boats over winter in our sheds.",
			want: map[string]string{"customer boat": "assets"},
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				if slices.ContainsFunc(p.Services, func(s engine.PlanService) bool { return s.Builder == "fleet" }) {
					t.Error("80 customer boats became the company's fleet")
				}
			}},
		{name: "a fleet runs the kinds of vehicle counted", industry: "taxi company", country: "KR",
			desc: "Taxi company in Busan with 95 cabs and 180 drivers on day and night shifts.",
			want: map[string]string{"cab": "vehicles"},
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				tb := countsTable(b, "fleet_vehicles")
				if tb == nil {
					t.Fatalf("no fleet: %v", countsTableNames(b))
				}
				if kinds := countsEnum(tb, "kind"); !slices.Equal(kinds, []string{"taxi"}) {
					t.Errorf("fleet kinds %v, want taxi", kinds)
				}
				if len(tb.Rows) != 40 {
					t.Errorf("%d vehicles seeded for 95 cabs, want the cap of 40", len(tb.Rows))
				}
			}},
		{name: "a fleet is as many as counted, even two", industry: "scuba diving school", country: "TH",
			desc: "Dive school in Phuket with two boats running daily trips to the Similan Islands.",
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				tb := countsTable(b, "fleet_vehicles")
				if tb == nil || len(tb.Rows) != 2 || !slices.Equal(countsEnum(tb, "kind"), []string{"boat"}) {
					t.Errorf("fleet of two boats: %v", tb)
				}
			}},
		{name: "sites counted are a register in the home city", industry: "księgarnia", country: "PL",
			desc: "Independent bookshop with three branches in Kraków selling to walk-in readers.",
			want: map[string]string{"branch": "locations"},
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				tb := countsTable(b, "branches")
				if tb == nil || len(tb.Rows) != 3 {
					t.Fatalf("branches register: %v", countsTableNames(b))
				}
				for _, r := range tb.Rows {
					if a, _ := r["address"].(string); !strings.Contains(a, "Kraków") {
						t.Errorf("branch %v is not in Kraków", r)
					}
				}
			}},
		{name: "what the opening says the business has", industry: "salmon farm", country: "CL",
			desc: "Salmonicultora in Los Lagos with 22 sea pens and a freshwater hatchery. Each pen's stock is recorded daily.",
			want: map[string]string{"sea pen": "assets"},
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				if countsTable(b, "freshwater_hatcheries") == nil {
					t.Errorf("no register of the hatchery: %v", countsTableNames(b))
				}
			}},
		{name: "a list of customers through a repeated cue", industry: "watch repair workshop", country: "CH",
			desc: "Atelier in Geneva servicing watches for collectors and for three retail jewellers. Repairs carry a guarantee.",
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				if k := countsCustomerKinds(p); !slices.Equal(k, []string{"collector", "jeweller"}) {
					t.Errorf("customer kinds %v", k)
				}
			}},
		{name: "units no booking takes are a register", industry: "laboratorio clínico", country: "MX",
			desc: "Laboratorio de análisis clínicos with 14 collection points in Mexico City. Results are released online.",
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				if tb := countsTable(b, "collection_points"); tb == nil || len(tb.Rows) != 14 {
					t.Errorf("no register of 14 collection points: %v", countsTableNames(b))
				}
			}},
		{name: "a channel is no customer", industry: "truffle farm", country: "AU",
			desc: "Truffle farm near Canberra. Visitors book truffle hunts in winter, and chefs order truffles by the gram for next-day courier.",
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				if strings.Contains(p.Customer.One, "courier") {
					t.Errorf("customers are %s", p.Customer.Many)
				}
			}},
		{name: "organisations by both their words", industry: "ship agency", country: "LT",
			desc: "Port agency in Klaipėda handling calls for shipping lines and tramp owners. We book pilots for arrival.",
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				if k := countsCustomerKinds(p); !slices.Contains(k, "shipping line") || !p.Customer.Organisation {
					t.Errorf("customer kinds %v, organisation %v", k, p.Customer.Organisation)
				}
			}},
		{name: "people among firms are named as people", industry: "locksmith", country: "GB",
			desc: "Two-person locksmith in Leeds. We open lockouts for households and shops and cut keys while you wait.",
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				tb := countsTable(b, "crm_customers")
				if tb == nil {
					t.Fatalf("no crm_customers: %v", countsTableNames(b))
				}
				seen := map[string]bool{}
				for _, r := range tb.Rows {
					kind, _ := r["kind"].(string)
					seen[kind] = true
					_, firm := r["tax_id"]
					if kind == "household" && (firm || r["contact_person"] != nil) {
						t.Errorf("household named as a firm: %v", r)
					}
				}
				if !seen["household"] || !seen["shop"] {
					t.Errorf("customer kinds seeded %v, want households and shops", seen)
				}
				if strings.Contains(b.Company.Name, "Ltd") || strings.Contains(b.Company.Name, "Limited") {
					t.Errorf("a two-person British locksmith is %q, a limited company", b.Company.Name)
				}
			}},
		{name: "a composed name keeps no English head in Japanese", industry: "locksmith", country: "JP",
			desc: "A two-person locksmith in Fukuoka: emergency lockouts, high-security locks for shops, keys cut while you wait.",
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				if strings.ContainsAny(strings.ToLower(b.Company.Name), "abcdefghijklmnopqrstuvwxyz") || strings.Contains(b.Company.Name, "株式会社") {
					t.Errorf("company %q: English words or a corporation for a two-person locksmith", b.Company.Name)
				}
			}},
		{name: "those bought from are counted as counterparts, not assets", industry: "coffee washing station", country: "KE",
			desc: "Coffee washing station near Kirinyaga buying ripe cherry from 320 smallholders by the kilo. We pulp and dry it and sell parchment to exporters.",
			not:  []string{"smallholder"},
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				var table string
				for _, s := range p.Services {
					if s.Counterpart != nil && engine.LastWord(s.Counterpart.One) == "smallholder" {
						if s.Counterpart.Count != 320 {
							t.Errorf("%s: counterpart %+v, want 320 smallholders", s.Name, *s.Counterpart)
						}
						table = s.Name + "_" + engine.Snake(s.Counterpart.Many)
					}
				}
				tb := countsTable(b, table)
				if tb == nil {
					t.Fatalf("no table of smallholders (%q): %v", table, countsTableNames(b))
				}
				if len(tb.Rows) != 320 {
					t.Errorf("%s has %d rows, want the 320 the brief counts", table, len(tb.Rows))
				}
				// Smallholders are people: named as people, not firms.
				for _, r := range tb.Rows[:min(5, len(tb.Rows))] {
					if e, _ := r["email"].(string); strings.HasPrefix(e, "orders@") {
						t.Errorf("smallholder %v is named as a firm", r)
					}
				}
			}},
		{name: "whom goods come from is bought from", industry: "ceramics gallery", country: "PT",
			desc: "Ceramics gallery in Caldas da Rainha selling tableware from about 90 potters to restaurants and tourists.",
			not:  []string{"potter"},
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				for _, s := range p.Services {
					if s.Archetype == "procurement" {
						return
					}
				}
				t.Errorf("no procurement of the potters: %v", countsTableNames(b))
			}},
		{name: "a price per a quantity is a quantity of the record", industry: "bulk liquid haulier", country: "ZA",
			desc: "Bulk liquid haulier in Durban running 12 tankers for mines and farms. Loads are priced per 1,000 litres.",
			not:  []string{"litre"},
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				for _, s := range p.Services {
					for _, a := range s.Attributes {
						if a.Name == "litres" {
							return
						}
					}
				}
				t.Errorf("no record keeps litres: %+v", p.Services)
			}},
		{name: "a bulk good is sold by the cubic metre and goes by tanker", industry: "water carrier", country: "AU",
			desc: "Water carting firm in Toowoomba. We deliver water to lodges and farms by tanker.",
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				for _, a := range p.Work.Attributes {
					if a.Name == "tanker" {
						t.Errorf("the work has a %q field beside its transport: %+v", a.Name, p.Work.Attributes)
					}
				}
				if len(p.Work.Items) == 0 || !strings.HasSuffix(p.Work.Items[0].Name, " m³") || p.Work.Unit != "per m³" {
					t.Errorf("water is sold as %v (%s), want by the cubic metre", p.Work.Items, p.Work.Unit)
				}
				// Whom it goes to is not a second thing delivered.
				for _, it := range p.Work.Items {
					if strings.HasPrefix(it.Name, "Farm") {
						t.Errorf("farms are on the price list: %v", p.Work.Items)
					}
				}
			}},
		{name: "the people a firm has are its staff, whatever the trade", industry: "bell foundry", country: "NL",
			desc: "Bell foundry in Asten with two pattern shops and five welders. We cast and tune church bells and carillons to order.",
			want: map[string]string{"welder": "staff"},
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				// As many as the brief counts, each with an email of
				// their own.
				for _, tb := range b.Tables {
					if strings.HasSuffix(tb.Name, "_welders") {
						if len(tb.Rows) != 5 {
							t.Errorf("%s has %d rows, want the 5 the brief counts", tb.Name, len(tb.Rows))
						}
						return
					}
				}
				t.Errorf("no table of welders: %v", countsTableNames(b))
			}},
		{name: "a large counted crew is seeded whole", industry: "electrical contractor", country: "GB",
			desc: "Electrical contractor in Hull with forty electricians wiring new homes across Yorkshire.",
			check: func(t *testing.T, p *engine.Plan, b *world.Bundle) {
				if p.Staff.Count != 40 {
					t.Fatalf("staff %+v, want 40 counted", p.Staff)
				}
				for _, tb := range b.Tables {
					if strings.HasSuffix(tb.Name, "_"+engine.Snake(p.Staff.Many)) {
						emails := map[any]bool{}
						for _, r := range tb.Rows {
							emails[r["email"]] = true
						}
						if len(tb.Rows) != 40 || len(emails) != 40 {
							t.Errorf("%s: %d rows, %d emails, want 40 of each", tb.Name, len(tb.Rows), len(emails))
						}
						return
					}
				}
				t.Errorf("no table of %s: %v", p.Staff.Many, countsTableNames(b))
			}},
		{name: "a compound plural counts its head", industry: "birth centre", country: "IE",
			desc: "Birth centre in Cork with eight midwives. Mothers book antenatal visits online.",
			want: map[string]string{"midwife": "staff"}},
		{name: "work a year, measures and a modifier are no things", industry: "ice cream maker", country: "IT",
			desc: "Ice cream maker in Parma with two shop counters, churning 30 tonnes of gelato and 90 batches a month, stored at minus 20 degrees for 14 hotels.",
			not:  []string{"tonne", "batch", "degree"}},
		{name: "a singular before a plural is its modifier", industry: "roofing contractor", country: "DE",
			desc: "Roofing firm in Kassel with three site crews and a yard. Homeowners ask for a survey first.",
			not:  []string{"site"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := read.Read(engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for _, s := range p.Scale {
				got[s.Noun] = s.Kind
			}
			for noun, kind := range tc.want {
				if got[noun] != kind {
					t.Errorf("scale %q is %q, want %q (scale %v)", noun, got[noun], kind, got)
				}
			}
			for _, noun := range tc.not {
				for n := range got {
					if engine.LastWord(n) == noun {
						t.Errorf("%q was counted (scale %v)", n, got)
					}
				}
			}
			if tc.check == nil {
				return
			}
			b, err := engine.Build(p, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, p, b)
		})
	}
}

func countsTable(b *world.Bundle, name string) *world.Table {
	for i := range b.Tables {
		if b.Tables[i].Name == name {
			return &b.Tables[i]
		}
	}
	return nil
}

func countsTableNames(b *world.Bundle) []string {
	var out []string
	for _, t := range b.Tables {
		out = append(out, t.Name)
	}
	return out
}

func countsColumns(t *world.Table) []string {
	var out []string
	for _, c := range t.Columns {
		out = append(out, c.Name)
	}
	return out
}

func countsEnum(t *world.Table, col string) []string {
	for _, c := range t.Columns {
		if c.Name == col {
			var out []string
			for _, v := range c.Enum {
				if s, ok := v.(string); ok {
					out = append(out, s)
				}
			}
			return out
		}
	}
	return nil
}

func countsCustomerKinds(p *engine.Plan) []string {
	for _, a := range p.Customer.Attributes {
		if a.Name == "kind" {
			return a.Values
		}
	}
	return nil
}
