package planet

import (
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
	"github.com/mercury/mcp-world/world"
)

// Recurring checks: a thing the brief checks on a schedule has a record
// with what the check reads, its result, who checked it and, when the
// check falls due again, the next due date; a thing checked many times a
// day or before each use is a register of the business's own equipment
// (no customer); a check on a schedule is the work itself.
func TestReadRecurringChecks(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		// entity → archetype and the fields it must have.
		entity, archetype string
		fields            []string
		// staff: the staff noun the world must keep ("" to skip).
		staff string
	}{
		{"a routine check of own equipment reads what the thing is checked for", "fishmonger", "PT",
			"Fishmonger in Porto selling to households and tascas. Display fridges are checked and logged three times a day.",
			"display fridge", "assets", []string{"temperature_c", "check_result", "last_checked_on", "checked_by"}, ""},
		{"a reading logged is a check of its thing", "ice cream maker", "GR",
			"Ice cream workshop in Thessaloniki supplying cafés. Freezer temperatures are recorded every morning and every evening.",
			"freezer", "assets", []string{"temperature_c", "check_result"}, ""},
		{"a list of gear checked before use is one register each", "climbing gym", "CZ",
			"Climbing gym in Brno. Every rope and harness is inspected before use, and instructors teach beginners on weekends.",
			"harness", "assets", []string{"inspection_result", "last_checked_on"}, ""},
		{"a pool checked all day reads chlorine and pH", "hotel", "ES",
			"Beach hotel in Málaga with two pools. We test every pool every two hours during the season.",
			"pool", "assets", []string{"free_chlorine_mg_l", "ph", "test_result"}, ""},
		{"a check on a schedule is the work, with a next due date", "lift maintenance", "UK",
			"Lift engineers in Leeds for housing associations. Every lift gets a yearly inspection and the landlord gets the report.",
			"inspection", "work_orders", []string{"result", "next_due_date"}, ""},
		{"a thing swept on a legal schedule is swept work", "Schornsteinfeger", "DE",
			"Schornsteinfeger in Kassel for homeowners. Every flue is swept and inspected on a legal schedule.",
			"sweep", "work_orders", []string{"result", "next_due_date"}, ""},
		{"a passive of people is still who works", "spa", "HU",
			"Day spa in Budapest. Therapists are scheduled by shift, and every sauna is checked each morning.",
			"sauna", "assets", []string{"check_result"}, "therapist"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := read.Read(engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			var got *engine.PlanService
			attrs := map[string]bool{}
			if p.Work.One == tc.entity {
				for _, a := range p.Work.Attributes {
					attrs[a.Name] = true
				}
				if p.Work.Archetype != tc.archetype {
					t.Errorf("the work %s is %s, want %s", p.Work.One, p.Work.Archetype, tc.archetype)
				}
			} else {
				for i, s := range p.Services {
					if s.Entity != nil && s.Entity.One == tc.entity {
						got = &p.Services[i]
					}
				}
				if got == nil {
					t.Fatalf("no record of %s; work %s, services %v", tc.entity, p.Work.One, serviceNames(p))
				}
				if got.Archetype != tc.archetype {
					t.Errorf("%s is %s, want %s", tc.entity, got.Archetype, tc.archetype)
				}
				for _, a := range got.Attributes {
					attrs[a.Name] = true
				}
			}
			for _, f := range tc.fields {
				if !attrs[f] {
					t.Errorf("%s has no %s: %v", tc.entity, f, attrs)
				}
			}
			if tc.staff != "" && p.Staff.One != tc.staff {
				t.Errorf("staff are %s, want %s", p.Staff.Many, tc.staff)
			}
		})
	}
}

// What is not a thing checked makes no register: a customer checked in,
// a time, a member of staff; a check said of nothing adds no field.
func TestReadChecksOfNothing(t *testing.T) {
	for _, tc := range []struct{ name, industry, country, desc string }{
		{"customers checked in", "hostel", "NL", "Hostel in Utrecht. Every guest is checked in at the desk, and we rent bikes by the day."},
		{"a time is no thing", "bakery", "FR", "Boulangerie in Lyon baking bread every morning; ovens are cleaned each evening."},
		{"staff checked are no equipment", "security company", "ZA", "Guarding company in Durban. Every guard is screened before hire and guards work night shifts."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := read.Read(engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range p.Services {
				if s.Entity == nil {
					continue
				}
				if one := s.Entity.One; slices.Contains([]string{"guest", "morning", "evening", "guard", "day"}, one) {
					t.Errorf("a record of %s (%s): %v", one, s.Archetype, serviceNames(p))
				}
			}
		})
	}
}

// The register's seeded rows read as a log a person of the business
// would sign: a chiller's temperature is a chiller's, its last check is
// today or yesterday, and someone signed it.
func TestCheckRegisterRows(t *testing.T) {
	b, err := Synthesize(Scenario{Industry: "butcher", Country: "IT", Description: "Butcher in Bologna selling to trattorias. Chillers are checked and logged twice a day.", Seed: 3}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	today := b.Clock.Start[:10]
	for _, tb := range b.Tables {
		if tb.Name != "chillers" {
			continue
		}
		if len(tb.Rows) == 0 {
			t.Fatal("no chillers seeded")
		}
		for _, r := range tb.Rows {
			if tc, ok := r["temperature_c"].(float64); !ok || tc < 0 || tc > 5 {
				t.Errorf("%v: temperature %v is no chiller's", r["id"], r["temperature_c"])
			}
			if d, _ := r["last_checked_on"].(string); d == "" || d > today || strings.Compare(d, "2000") < 0 {
				t.Errorf("%v: last checked %v, the clock is at %s", r["id"], r["last_checked_on"], today)
			}
			if by, _ := r["checked_by"].(string); by == "" {
				t.Errorf("%v: nobody signed the check", r["id"])
			}
			if _, ok := r["customer_id"]; ok {
				t.Errorf("%v: the business's own chiller has a customer", r["id"])
			}
		}
		return
	}
	t.Fatal("no chillers table")
}

func serviceNames(p *engine.Plan) []string {
	var out []string
	for _, s := range p.Services {
		out = append(out, s.Name+"("+s.Archetype+")")
	}
	return out
}

// A register has one result of its check, named for it, even when a
// measure read the same test's result first.
func TestCheckRegisterHasOneResult(t *testing.T) {
	p, err := read.Read(engine.Scenario{Industry: "lido", Country: "UK", Description: "Open-air lido in Bristol with two pools. The water of every pool is tested every two hours and logged.", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range p.Services {
		if s.Entity == nil || s.Entity.One != "pool" {
			continue
		}
		var results []string
		for _, a := range s.Attributes {
			if a.Name == "result" || strings.HasSuffix(a.Name, "_result") {
				results = append(results, a.Name)
			}
		}
		if !slices.Equal(results, []string{"test_result"}) {
			t.Errorf("pools' results %v, want [test_result]", results)
		}
		return
	}
	t.Fatalf("no register of pools: %v", serviceNames(p))
}

// Equipment the brief names as the business's own ("the travel lift",
// "the reverse-osmosis plant", "our compressors"), counted or not, has
// checks of its own: no customer, not invoiced, never the line of work;
// the check is of that equipment by its whole name.
func TestChecksOfEquipmentNamedAsOwn(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		resource                      string
	}{
		{"the travel lift", "marina", "Denmark", "Marina in Aarhus with 400 berths let by the season. Boat owners book a lift-out in October, and the travel lift is inspected every year.", "travel lift"},
		{"the treatment plant", "fish farm", "Chile", "Salmon hatchery near Puerto Montt selling smolts to farms. Water from the treatment plant is tested every morning and the result logged.", "treatment plant"},
		{"our compressors", "dive centre", "Egypt", "Dive centre in Hurghada. Divers book boat dives and courses, and our compressors are serviced every month.", "compressor"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := read.Read(engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, s := range p.Services {
				if s.Resource == nil || s.Resource.One != tc.resource {
					continue
				}
				found = true
				if !s.Own {
					t.Errorf("%s of %s: not the business's own", s.Name, s.Resource.Many)
				}
			}
			if !found {
				t.Errorf("no checks of %s; services %v; decisions:\n%v", tc.resource, serviceNames(p), p.Decisions)
			}
			if strings.Contains(p.Work.Many, "inspection") || strings.Contains(p.Work.Many, "test") || strings.Contains(p.Work.Many, "service") {
				t.Errorf("the line of work is %s: checks of the business's own equipment are no work sold", p.Work.Many)
			}
		})
	}
}

// A check of the business's own things is an event: what it reads (its
// result, the temperature the brief says is logged) is there once it is
// done and empty before, and nobody quotes a price for it.
func TestOwnChecksFollowStatus(t *testing.T) {
	p, b := buildBrief(t, Scenario{Industry: "cold chain haulier", Country: "NL", Description: "Cold chain haulier in Rotterdam with 30 trucks carrying flowers and fruit for exporters. Each trailer's temperature is logged during the trip, and every load is charged per pallet.", Seed: 1})
	var checks *world.Table
	for _, s := range p.Services {
		if s.Own && s.Resource != nil && s.Resource.One == "trailer" {
			for _, name := range []string{s.Name, engine.Snake(s.Entity.Many)} {
				if tb, ok := tableOf(b, name); ok && checks == nil {
					checks = &tb
				}
			}
		}
	}
	if checks == nil {
		t.Fatalf("no checks of the trailers; services %v; decisions:\n%v", serviceNames(p), p.Decisions)
	}
	cols := columnNames(*checks)
	if !slices.Contains(cols, "temperature_c") {
		t.Errorf("%s columns %v lack temperature_c: the brief says the temperature is logged", checks.Name, cols)
	}
	for _, c := range cols {
		if strings.Contains(c, "amount") || strings.Contains(c, "price") {
			t.Errorf("%s has %s: nobody quotes a check of their own trailer", checks.Name, c)
		}
	}
	done := 0
	for _, r := range checks.Rows {
		if r["status"] == "completed" {
			done++
			if r["result"] == nil || r["temperature_c"] == nil {
				t.Errorf("%s %v completed without its result or reading: %v", checks.Name, r["id"], r)
			}
			continue
		}
		if r["result"] != nil || r["temperature_c"] != nil {
			t.Errorf("%s %v is %v but has a result or reading: %v", checks.Name, r["id"], r["status"], r)
		}
	}
	if done == 0 || done == len(checks.Rows) {
		t.Errorf("%s: %d of %d rows completed; want some done and some not", checks.Name, done, len(checks.Rows))
	}
}

// Two checks a thing gets ("every combine gets its daily greasing and
// inspection logged") are both of that thing: its register has a result
// of each, and no inspection is work for a customer.
func TestTwoChecksOfOneThing(t *testing.T) {
	p, b := buildBrief(t, Scenario{Industry: "crane hire", Country: "Australia", Description: "Crane hire in Perth with 12 mobile cranes hired to builders by the day. Every crane gets its daily lubrication and inspection logged.", Seed: 1})
	tb, ok := tableOf(b, "mobile_cranes")
	if !ok {
		tb, ok = tableOf(b, "cranes")
	}
	if !ok {
		t.Fatalf("no register of the cranes; services %v; decisions:\n%v", serviceNames(p), p.Decisions)
	}
	cols := columnNames(tb)
	for _, want := range []string{"lubrication_result", "inspection_result"} {
		if !slices.Contains(cols, want) {
			t.Errorf("%s columns %v lack %s", tb.Name, cols, want)
		}
	}
	for _, s := range p.Services {
		if s.Entity != nil && s.Entity.One == "inspection" && !s.Own {
			t.Errorf("service %s: inspections of the business's own cranes are no work for a customer", s.Name)
		}
	}
}

// A paper named for what it is of is a document ("each flight has a
// signed load sheet": load sheets, signed, not loads); "its next
// maintenance due" gives the next due date, not a field "next"; and the
// kind of vehicle counted is the business's own ("six turboprops … every
// aircraft"), whose maintenance is no work for a customer.
func TestPapersDueDatesAndKindsOfVehicle(t *testing.T) {
	p, err := read.Read(engine.Scenario{Industry: "helicopter charter", Country: "New Zealand", Description: "Helicopter charter in Queenstown with four choppers flying tourists to the glaciers. Every helicopter has its next maintenance due by engine hours, and each flight has a signed load sheet.", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var maint, manifest *engine.PlanService
	for i, s := range p.Services {
		if s.Entity == nil {
			continue
		}
		switch s.Entity.One {
		case "maintenance":
			maint = &p.Services[i]
		case "load sheet":
			manifest = &p.Services[i]
		case "load":
			t.Errorf("service %s of %s: the load sheet is one paper", s.Name, s.Entity.Many)
		}
	}
	if manifest == nil || manifest.Archetype != "documents" {
		t.Errorf("no documents of load sheets; services %v", serviceNames(p))
	}
	if maint == nil {
		t.Fatalf("no maintenance; services %v; decisions:\n%v", serviceNames(p), p.Decisions)
	}
	if !maint.Own {
		t.Errorf("maintenance of the business's own helicopters is work for a customer")
	}
	var names []string
	for _, a := range maint.Attributes {
		names = append(names, a.Name)
	}
	if slices.Contains(names, "next") || !slices.ContainsFunc(names, func(n string) bool { return strings.Contains(n, "due") }) {
		t.Errorf("maintenance attributes %v: want a next due date, not a field next", names)
	}
}
