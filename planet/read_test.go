package planet

import (
	"github.com/mercury/mcp-world/planet/internal/archetypes"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mercury/mcp-world/world"
)

// What the reader decides for a phrase, one behaviour per row: each row
// fails without the rule it names.
func TestReadDecisions(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		check                         func(t *testing.T, p *engine.Plan)
	}{
		{"participles are yes/no fields", "marble quarry", "GR", "We quarry marble near Kavala. Every block is numbered and graded, and we ship in containers.", func(t *testing.T, p *engine.Plan) {
			if !hasAttribute(p, "graded") || !hasAttribute(p, "numbered") {
				t.Errorf("no graded/numbered field in %+v", p.Services)
			}
		}},
		{"customer kinds from a list", "scaffolding hire", "GB", "We hire out scaffolding for builders, councils and housing associations in Glasgow.", func(t *testing.T, p *engine.Plan) {
			var kinds []string
			for _, a := range p.Customer.Attributes {
				if a.Name == "kind" {
					kinds = a.Values
				}
			}
			if !slices.Contains(kinds, "council") || !slices.Contains(kinds, "housing association") {
				t.Errorf("customer kinds %v", kinds)
			}
			if p.Customer.One != "customer" {
				t.Errorf("customers are %s; a list of kinds keeps them general", p.Customer.Many)
			}
		}},
		{"customers are a list: kinds after a cue of two words", "fix-it shop", "NL", "We repair bicycles in Utrecht; customers are commuters and students.", func(t *testing.T, p *engine.Plan) {
			var kinds []string
			for _, a := range p.Customer.Attributes {
				if a.Name == "kind" {
					kinds = a.Values
				}
			}
			if p.Customer.One != "customer" || !slices.Equal(kinds, []string{"commuter", "student"}) {
				t.Errorf("customers are %s with kinds %v; want customers of kinds commuter, student", p.Customer.Many, kinds)
			}
		}},
		{"bookings for repairs are repairs, not a follow-up", "fix-it shop", "NL", "We take bookings for repairs and rent e-bikes by the day.", func(t *testing.T, p *engine.Plan) {
			i := slices.IndexFunc(p.Services, func(s engine.PlanService) bool { return s.Archetype == "work_orders" })
			if p.Work.One != "repair" && (i < 0 || p.Services[i].Follows) {
				t.Errorf("repairs: work %s, services %+v", p.Work.Many, p.Services)
			}
			for _, s := range p.Services {
				if s.Name == "bookings" || s.Follows {
					t.Errorf("service %s (follows %v): nothing in the brief follows the line of work", s.Name, s.Follows)
				}
			}
		}},
		{"a record follows the line of work when the brief says so", "home inspections", "US", "We inspect houses for buyers and issue a certificate after each inspection.", func(t *testing.T, p *engine.Plan) {
			if !slices.ContainsFunc(p.Services, func(s engine.PlanService) bool { return s.Entity != nil && s.Entity.One == "certificate" && s.Follows }) {
				t.Errorf("no certificate following the inspections in %+v", p.Services)
			}
		}},
		{"parts sold are stock lines of orders, not records per customer", "fix-it shop", "NL", "We repair bicycles and sell spare parts.", func(t *testing.T, p *engine.Plan) {
			i := slices.IndexFunc(p.Services, func(s engine.PlanService) bool { return s.Resource != nil && s.Resource.One == "spare part" })
			if i < 0 || p.Services[i].Archetype != "orders" {
				t.Fatalf("spare parts: services %+v", p.Services)
			}
			b, err := engine.Build(p, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, tb := range b.Tables {
				if strings.HasSuffix(tb.Name, "_spare_parts") {
					var cols []string
					for _, c := range tb.Columns {
						cols = append(cols, c.Name)
					}
					if !slices.Contains(cols, "on_hand") || !slices.Contains(cols, "unit_price") || slices.Contains(cols, "customer_id") {
						t.Errorf("spare parts columns %v", cols)
					}
					return
				}
			}
			t.Error("no table of spare parts")
		}},
		{"a noun before a bare verb is no subject", "auto repair", "BR", "Car repair workshop in Curitiba. Customers book a diagnosis and every repair has a warranty.", func(t *testing.T, p *engine.Plan) {
			for _, d := range p.Decisions {
				if strings.Contains(d.Decision, "of car") {
					t.Errorf("%q read as repairs of cars", d.Phrase)
				}
			}
		}},
		{"vague words are no records", "balloon flights", "TR", "We fly balloons at dawn. Flights cancelled for weather are rebooked every morning.", func(t *testing.T, p *engine.Plan) {
			for _, s := range p.Services {
				if s.Name == "weathers" || s.Name == "mornings" {
					t.Errorf("service %s", s.Name)
				}
			}
		}},
		{"the customers' own things are not customers", "dog hotel", "JP", "Owners book stays for their dogs in Tokyo.", func(t *testing.T, p *engine.Plan) {
			if p.Customer.One != "owner" {
				t.Errorf("customers are %s, want owners", p.Customer.Many)
			}
		}},
		{"made to order is no customer", "fur atelier", "RU", "Fur atelier in Novosibirsk sewing coats to order. Each order starts with measurements and a deposit.", func(t *testing.T, p *engine.Plan) {
			if p.Customer.One == "order" {
				t.Errorf("customers are %s", p.Customer.Many)
			}
		}},
		{"shifts are of the people the clause names", "surf school", "PT", "Students book lessons by the day and instructors are rostered by tide.", func(t *testing.T, p *engine.Plan) {
			if !slices.ContainsFunc(p.Services, func(s engine.PlanService) bool {
				return s.Archetype == "shifts" && strings.HasPrefix(s.Name, "instructor_")
			}) {
				t.Errorf("no shifts of instructors in %+v", p.Services)
			}
		}},
		{"a composed name in another script stays whole", "зернове господарство (grain farm)", "UA", "Агрофірма near Poltava growing wheat.", func(t *testing.T, p *engine.Plan) {
			if !utf8.ValidString(p.Company.Name) || strings.Contains(p.Company.Name, "(") {
				t.Errorf("company name %q", p.Company.Name)
			}
		}},
		{"what customers buy is a sale, what we buy a purchase", "ice cream parlour", "IT", "Tourists buy cones at the counter, and we buy milk from two dairies.", func(t *testing.T, p *Plan) {
			if p.Work.Archetype != "orders" && !slices.ContainsFunc(p.Services, func(s engine.PlanService) bool { return s.Archetype == "orders" }) {
				t.Errorf("tourists buying cones is no sale: work %s (%s), services %+v", p.Work.Many, p.Work.Archetype, p.Services)
			}
			if !slices.ContainsFunc(p.Services, func(s engine.PlanService) bool { return s.Archetype == "purchase_orders" }) {
				t.Errorf("we buy milk: no purchase orders in %+v", p.Services)
			}
		}},
		{"a plural subject's participles are fields", "kite school", "BR", "We teach kitesurfing in Fortaleza. Lessons are cancelled and rebooked when the wind drops.", func(t *testing.T, p *Plan) {
			if !hasAttribute(p, "rebooked") {
				t.Errorf("no rebooked field: work %+v, services %+v", p.Work.Attributes, p.Services)
			}
		}},
		{"the parties of a clause are columns of its record", "saddlery", "DE", "We make saddles to measure and order the leather from a tannery, and riders book fittings through their trainers.", func(t *testing.T, p *Plan) {
			if !hasAttribute(p, "trainer") {
				t.Errorf("fittings through their trainers: no trainer column in %+v / %+v", p.Work.Attributes, p.Services)
			}
		}},
		{"what a clause prices per is a quantity", "hay merchant", "IE", "We sell hay and straw to stables, billed per bale, and collect it from farms.", func(t *testing.T, p *Plan) {
			i := slices.IndexFunc(p.Services, func(s engine.PlanService) bool { return s.Name == "billing" })
			if i < 0 || !slices.Contains(archetypes.AttributeValues(p.Services[i], "unit"), "bale") {
				t.Errorf("billed per bale: billing %+v", p.Services)
			}
		}},
		{"irregular past forms are verbs", "sign writer", "GB", "Shop signs are painted by hand, and every sign is sold with a fitting.", func(t *testing.T, p *Plan) {
			if !slices.ContainsFunc(p.Decisions, func(d engine.Decision) bool { return strings.Contains(d.Phrase, "sold") }) {
				t.Errorf("\"is sold\" read nothing: %v", p.Decisions)
			}
		}},
		{"a clause with no record of its own acts on the one before; a thing sent for repair is a repair of it", "bike hire", "NL", "We rent bikes by the day, check them back in and send broken ones for repair.", func(t *testing.T, p *Plan) {
			if !hasAttribute(p, "checked") {
				t.Errorf("no checked field: %+v / %+v", p.Work.Attributes, p.Services)
			}
			if !slices.ContainsFunc(p.Services, func(s engine.PlanService) bool {
				return s.Entity != nil && s.Entity.One == "repair" && s.Resource != nil && s.Resource.One == "bike" && hasAttribute(&engine.Plan{Services: []engine.PlanService{s}}, "broken")
			}) {
				t.Errorf("no repairs of broken bikes: %+v", p.Services)
			}
		}},
		{"counted animals are a register, not customers", "stud farm", "IE", "Owners send mares to our 12 stallions, and we look after 60 horses at livery.", func(t *testing.T, p *Plan) {
			if p.Customer.One == "horse" || !slices.ContainsFunc(p.Scale, func(s engine.PlanScale) bool { return s.Noun == "horse" && s.Kind == "assets" && s.Count == 60 }) {
				t.Errorf("customers %s; scale %+v", p.Customer.Many, p.Scale)
			}
		}},
		{"kinds of a record keep their compound", "locksmith", "GB", "We fit locks and keep a register of every master key system.", func(t *testing.T, p *Plan) {
			for _, s := range p.Services {
				if v := archetypes.AttributeValues(s, "category"); len(v) > 0 && v[0] == "master key system" {
					return
				}
			}
			t.Errorf("no kind master key system in %+v", p.Services)
		}},
		{"a composed world has a second service that keeps state about the work", "glazier", "GB", "We fit double glazing for homeowners in Bristol.", func(t *testing.T, p *Plan) {
			if !slices.ContainsFunc(p.Services, func(s engine.PlanService) bool { return s.Builder == "helpdesk" || s.Builder == "calendar" }) {
				t.Errorf("no helpdesk or calendar in %+v", p.Services)
			}
			if len(p.Policies) < 4 {
				t.Errorf("%d policies: %+v", len(p.Policies), p.Policies)
			}
		}},
		{"customers' subscriptions to deliveries are subscriptions", "water delivery", "KE", "We deliver bottled water to homes and offices in Nairobi. Customers subscribe to weekly deliveries and drivers collect empties.", func(t *testing.T, p *Plan) {
			if !slices.ContainsFunc(p.Services, func(s engine.PlanService) bool { return s.Entity != nil && s.Entity.One == "subscription" }) {
				t.Errorf("no subscriptions in %+v", p.Services)
			}
			if p.Customer.One == "office" || p.Customer.One == "home" {
				t.Errorf("customers are %s; homes and offices are kinds of customer", p.Customer.Many)
			}
			for _, s := range p.Services {
				if s.Archetype == "documents" && s.Entity != nil && s.Entity.One == "empty" {
					t.Errorf("collecting empties is no document: %+v", s)
				}
			}
		}},
		{"what a record is kept per is a column of it", "nursery", "NL", "We grow tomatoes under glass; crops are planted in batches per greenhouse.", func(t *testing.T, p *engine.Plan) {
			if !hasAttribute(p, "greenhouse") {
				t.Errorf("per greenhouse: no greenhouse column in %+v / %+v", p.Work.Attributes, p.Services)
			}
		}},
		{"a pack's line of work is the repairs the brief names", "plumber", "GB", "Plumbing firm in London: we do repairs for homeowners and letting agents.", func(t *testing.T, p *engine.Plan) {
			if p.Company.Pack == "" || p.Company.Pack == "composed" {
				t.Skipf("no pack for plumbers: %s", p.Company.Pack)
			}
			for _, s := range p.Services {
				if s.Name == "repairs" {
					t.Errorf("repairs beside the line of work %s", p.Work.Many)
				}
				for _, a := range s.Attributes {
					if a.Name == "homeowner" {
						t.Errorf("%s has a homeowner column; homeowners are a kind of customer", s.Name)
					}
				}
			}
		}},
		{"an -ing form before people names them", "plumber", "GB", "We fix boilers for homeowners and letting agents in Leeds.", func(t *testing.T, p *engine.Plan) {
			for _, s := range p.Services {
				if s.Archetype == "contracts" {
					t.Errorf("letting agents read as lettings: %+v", s)
				}
			}
		}},
		{"urgency the brief speaks of is a priority of the work", "veterinary clinic", "BR", "Small-animal clinic in Recife with 24-hour emergency care and vaccinations by appointment.", func(t *testing.T, p *engine.Plan) {
			i := slices.IndexFunc(p.Work.Attributes, func(a engine.PlanAttribute) bool { return a.Name == "priority" || a.Name == "urgency" })
			if i < 0 || !slices.Contains(p.Work.Attributes[i].Values, "emergency") {
				if !slices.ContainsFunc(p.Work.Attributes, func(a engine.PlanAttribute) bool { return slices.Contains(a.Values, "emergency") }) {
					t.Errorf("no emergency priority on %s: %+v", p.Work.Many, p.Work.Attributes)
				}
			}
		}},
		{"a verb with no object shares the next one's", "car hire", "GR", "We rent cars in Heraklion, and we check and photograph each car at pickup.", func(t *testing.T, p *engine.Plan) {
			for _, s := range p.Services {
				if s.Name == "checks" || s.Name == "checkings" {
					t.Errorf("\"check and photograph each car\" made a service %s", s.Name)
				}
			}
			if !hasAttribute(p, "checked") {
				t.Errorf("no checked field: %+v / %+v", p.Work.Attributes, p.Services)
			}
		}},
		{"a built service is titled in the brief's words", "wine shop", "FR", "We sell wine in Lyon and run a wine club with monthly boxes.", func(t *testing.T, p *Plan) {
			if !slices.ContainsFunc(p.Services, func(s engine.PlanService) bool {
				return s.Builder == "memberships" && strings.Contains(s.Title, "wine club")
			}) {
				t.Errorf("no memberships titled wine club in %+v", p.Services)
			}
		}},
		{"one phrase, one service: a photo proof is the delivery's", "cargo bike courier", "NL", "Cargo-bike courier in Utrecht delivering parcels for local shops. Customers get a photo proof of delivery.", func(t *testing.T, p *Plan) {
			for _, s := range p.Services {
				if s.Entity != nil && slices.Contains([]string{"photo", "proof", "delivery", "photo proof"}, s.Entity.One) {
					t.Errorf("service %s of %s: the photo proof is an attribute of the %s", s.Name, s.Entity.Many, p.Work.One)
				}
			}
			if !slices.ContainsFunc(p.Work.Attributes, func(a engine.PlanAttribute) bool { return a.Name == "photo_proof" }) {
				t.Errorf("the %s have no photo_proof: %+v", p.Work.Many, p.Work.Attributes)
			}
		}},
		{"a means of payment is a billing column, not bookings", "piano tuner", "NO", "Piano tuner in Trondheim tuning pianos for schools and churches. Schools pay by bank transfer.", func(t *testing.T, p *Plan) {
			if strings.Contains(p.Work.One, "transfer") {
				t.Errorf("the line of work is %s", p.Work.Many)
			}
			i := slices.IndexFunc(p.Services, func(s engine.PlanService) bool { return s.Builder == "billing" })
			if i < 0 || !slices.Equal(archetypes.AttributeValues(p.Services[i], "payment_method"), []string{"bank transfer"}) {
				t.Fatalf("no billing paid by bank transfer in %+v", p.Services)
			}
			for _, s := range p.Services {
				if strings.Contains(s.Name, "transfer") {
					t.Errorf("service %s", s.Name)
				}
			}
			b, err := engine.Build(p, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(b.Tables, func(tb world.Table) bool {
				return tb.Name == "billing_invoices" && slices.ContainsFunc(tb.Columns, func(c world.Column) bool { return c.Name == "payment_method" })
			}) {
				t.Error("billing_invoices has no payment_method column")
			}
		}},
		{"headcount words set the company's size", "", "", "", func(t *testing.T, _ *Plan) {
			for _, c := range []struct {
				industry, desc string
				lo, hi         int
			}{
				{"piano tuner", "An independent piano tuner in York. I tune pianos for schools.", 1, 1},
				{"pottery studio", "A one-woman studio in Bath making mugs for cafés.", 1, 1},
				{"bakery", "A small family bakery in Leeds. We bake bread for restaurants.", 2, 6},
				{"design studio", "We are a team of 4 in Leeds. We design logos for startups.", 4, 4},
			} {
				p, err := read.Read(engine.Scenario{Industry: c.industry, Country: "GB", Description: c.desc, Seed: 3})
				if err != nil {
					t.Fatal(err)
				}
				if e := p.Company.Employees; e < c.lo || e > c.hi {
					t.Errorf("%q: %d employees, want %d-%d", c.desc, e, c.lo, c.hi)
				}
			}
		}},
		{"a list item is the noun phrase its clause starts with", "canoe rental", "CA", "We rent canoes and kayaks by the hour or the day at the lake. We take a damage deposit on every rental.", func(t *testing.T, p *Plan) {
			if !slices.ContainsFunc(p.Decisions, func(d engine.Decision) bool { return strings.Contains(d.Decision, "canoes, kayaks") }) {
				t.Errorf("no rentals of canoes and kayaks in %v", p.Decisions)
			}
			i := slices.IndexFunc(p.Services, func(s engine.PlanService) bool { return s.Builder == "billing" })
			if i < 0 || !slices.Equal(archetypes.AttributeValues(p.Services[i], "upfront"), []string{"damage deposit"}) {
				t.Errorf("the deposit is not a damage deposit: %+v", p.Services)
			}
		}},
		{"counted customers are a kind of customer", "chimney sweep", "AT", "Rauchfangkehrer in Innsbruck with a sweeping district of 4,000 households. Every chimney is inspected on a legal schedule and defects are reported to the owner.", func(t *testing.T, p *Plan) {
			i := slices.IndexFunc(p.Customer.Attributes, func(a engine.PlanAttribute) bool { return a.Name == "kind" })
			if p.Customer.One != "household" && (i < 0 || !slices.Contains(p.Customer.Attributes[i].Values, "household")) {
				t.Errorf("customers %s, attributes %+v: households are no kind of them", p.Customer.Many, p.Customer.Attributes)
			}
		}},
		{"where on the premises is a location column", "riding stables", "DE", "Riding stables in Hannover. Riders book lessons in the indoor arena, and we sell feed at the counter.", func(t *testing.T, p *Plan) {
			var places []string
			for _, a := range p.Work.Attributes {
				if a.Name == "location" {
					places = append(places, a.Values...)
				}
			}
			for _, s := range p.Services {
				if a := archetypes.AttributeValues(s, "location"); len(a) > 0 {
					places = append(places, a...)
				}
			}
			if !slices.Contains(places, "indoor arena") {
				t.Errorf("no location indoor arena: work %+v, services %+v", p.Work.Attributes, p.Services)
			}
			if slices.ContainsFunc(p.Services, func(s engine.PlanService) bool {
				return strings.Contains(s.Name, "arena") || strings.Contains(s.Name, "counter")
			}) {
				t.Errorf("a place became a service: %+v", p.Services)
			}
		}},
		{"a field of each record", "piano shop", "JP", "Piano shop in Osaka selling upright pianos. We keep the serial number of each instrument.", func(t *testing.T, p *Plan) {
			i := slices.IndexFunc(p.Services, func(s engine.PlanService) bool { return s.Entity != nil && s.Entity.One == "instrument" })
			if i < 0 || !slices.ContainsFunc(p.Services[i].Attributes, func(a engine.PlanAttribute) bool { return a.Name == "serial_number" }) {
				t.Errorf("no instruments with a serial_number in %+v", p.Services)
			}
		}},
		{"the steps a record goes through are its stages", "sake brewery", "JP", "Sake brewery in Kyoto. Each brew is a numbered batch through polishing, fermentation and pressing, and we ship bottles to bars.", func(t *testing.T, p *Plan) {
			var stages []string
			for _, s := range p.Services {
				stages = append(stages, archetypes.AttributeValues(s, "stage")...)
			}
			for _, a := range p.Work.Attributes {
				if a.Name == "stage" {
					stages = append(stages, a.Values...)
				}
			}
			if !slices.Equal(stages, []string{"polishing", "fermentation", "pressing"}) {
				t.Errorf("stages %v", stages)
			}
		}},
		{"a trip from one place to another has no stages", "ferry operator", "GR", "Ferry operator in Piraeus sailing from Piraeus to the Cyclades, and passengers book seats online.", func(t *testing.T, p *Plan) {
			for _, s := range p.Services {
				if v := archetypes.AttributeValues(s, "stage"); len(v) > 0 {
					t.Errorf("%s has stages %v", s.Name, v)
				}
			}
		}},
		{"the town the business is in comes before the city it ships from", "tile wholesaler", "ES", "Tile wholesaler in Castellón selling porcelain tiles to builders. Export shipments go by container from the port of Valencia.", func(t *testing.T, p *Plan) {
			if p.Company.Headquarters != "Castelló de la Plana" {
				t.Errorf("headquarters %s, want Castelló de la Plana", p.Company.Headquarters)
			}
		}},
		{"a town that is part of the city gives way to it", "tapas bar", "ES", "Tapas bar in Ruzafa, Valencia, with 40 covers; groups book tables online.", func(t *testing.T, p *Plan) {
			if p.Company.Headquarters != "Valencia" {
				t.Errorf("headquarters %s, want Valencia", p.Company.Headquarters)
			}
		}},
		{"a city named first stays the headquarters", "wine exporter", "ES", "Wine exporter in Valencia shipping to Castellón and Alicante.", func(t *testing.T, p *Plan) {
			if p.Company.Headquarters != "Valencia" {
				t.Errorf("headquarters %s, want Valencia", p.Company.Headquarters)
			}
		}},
		{"a landmark is not a city", "tea house", "JP", "A small tea house near Kiyomizu-dera. We serve matcha to tourists, and groups book tea ceremonies.", func(t *testing.T, p *Plan) {
			if strings.Contains(p.Company.Headquarters, "Kiyomizu") {
				t.Errorf("headquarters %s", p.Company.Headquarters)
			}
		}},
		{"a word in another script is a gloss, not the noun", "結婚相談所", "JP", "Marriage agency in Tokyo. Each counsellor arranges introductions (お見合い) for our members.", func(t *testing.T, p *Plan) {
			if p.Work.One != "introduction" {
				t.Errorf("line of work %q, want introduction", p.Work.One)
			}
		}},
		{"no noun without Latin letters (tables are named by it)", "結婚相談所", "JP", "Marriage agency in Tokyo. Each counsellor arranges お見合い for our members.", func(t *testing.T, p *Plan) {
			for _, n := range []string{p.Work.One, p.Work.Many, p.Work.Offering.One, p.Customer.One, p.Staff.One} {
				if engine.Snake(n) == "" {
					t.Errorf("noun %q has no name in Latin letters: the plan is refused", n)
				}
			}
			for _, s := range p.Services {
				if engine.Snake(s.Name) == "" {
					t.Errorf("service %q has no name in Latin letters", s.Name)
				}
			}
		}},
	} {
		if tc.desc == "" {
			t.Run(tc.name, func(t *testing.T) { tc.check(t, nil) })
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			p, err := read.Read(engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, p)
		})
	}
}

func hasAttribute(p *engine.Plan, name string) bool {
	for _, a := range p.Work.Attributes {
		if a.Name == name {
			return true
		}
	}
	for _, s := range p.Services {
		for _, a := range s.Attributes {
			if a.Name == name {
				return true
			}
		}
	}
	return false
}

func TestTitleByRune(t *testing.T) {
	for in, want := range map[string]string{"зернове": "Зернове", "école": "École", "kayak": "Kayak", "": ""} {
		if got := engine.Title(in); got != want {
			t.Errorf("title(%q) = %q, want %q", in, got, want)
		}
	}
}

// BenchmarkRead reads every brief of the suite into a plan, and
// BenchmarkReadBuild also builds its world: their ratio is the reader's
// share of making a world from a brief (BENCHMARKS.md, "Reading briefs").
func BenchmarkRead(b *testing.B) {
	briefs := loadSuite(b, "testdata/briefs/briefs.jsonl")
	for b.Loop() {
		for i, br := range briefs {
			if _, err := read.Read(engine.Scenario{Industry: br.Industry, Country: br.Country, Description: br.Description, Seed: uint64(i + 1)}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkReadBuild(b *testing.B) {
	briefs := loadSuite(b, "testdata/briefs/briefs.jsonl")
	for b.Loop() {
		for i, br := range briefs {
			p, err := read.Read(engine.Scenario{Industry: br.Industry, Country: br.Country, Description: br.Description, Seed: uint64(i + 1)})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := engine.Build(p, engine.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
