package archetypes

import (
	"fmt"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

func init() { kit.Register("vehicles", "Vehicles", buildVehicles) }

// carModel is a model a dealer sells or services.
type carModel struct {
	Model, WMI, Fuel string
	Price            float64 // EUR, new-ish
}

var carModels = []carModel{
	{"Volkswagen Golf 1.5 TSI", "WVW", "petrol", 28000}, {"BMW 320d Touring", "WBA", "diesel", 42000}, {"Renault Clio TCe 90", "VF1", "petrol", 18000},
	{"Škoda Octavia Combi 2.0 TDI", "TMB", "diesel", 31000}, {"Toyota Yaris Hybrid", "JTD", "hybrid", 22000}, {"Fiat 500e", "ZFA", "electric", 27000},
	{"Kia Niro EV", "KNA", "electric", 38000}, {"Ford Focus 1.0 EcoBoost", "WF0", "petrol", 24000}, {"Hyundai Tucson 1.6 T-GDI Hybrid", "KMH", "hybrid", 36000},
	{"Tesla Model 3", "5YJ", "electric", 41000}, {"Peugeot 308 SW BlueHDi", "VF3", "diesel", 29000}, {"Volvo XC40 Recharge", "YV1", "electric", 46000},
}

func buildVehicles(k *kit.Builder) {
	g, s := k.Gen, k.Svc
	s.Description = fmt.Sprintf("The vehicles %s sells and services: stock for sale, reservations and sales, %s' own vehicles, and the visits booked for them (test drives, services, inspections, repairs). Prices are in %s minor units.",
		g.Company.Name, g.Vocab.Customer.Many, g.Company.Currency)
	const vt, xt = "vehicles_register", "vehicles_visits"
	s.Table(vt, "Vehicles: stock for sale and "+g.Vocab.Customer.Many+"' own vehicles.", "CAR-", 4,
		kit.PK(),
		kit.Unique(kit.Text("vin", "Vehicle identification number (17 characters).")),
		kit.Text("make_model", "Make and model."),
		kit.Int("year", "Model year."),
		kit.Int("mileage_km", "Mileage at the last visit, in km."),
		kit.Enum("fuel", "Fuel or drive.", "petrol", "diesel", "hybrid", "electric"),
		kit.Opt(kit.Money("price", "Asking price (stock vehicles)")),
		kit.Opt(kit.RefersTo("owner_id", k.Cust.Table+".id", "The "+k.C+" who owns it or has reserved it (CRM id).")),
		kit.Enum("status", "for_sale → reserved (for a buyer) → sold; customer_owned: a "+k.C+"'s own vehicle we service.", "for_sale", "reserved", "sold", "customer_owned"),
		kit.Opt(kit.Date("sold_on", "Date of sale.")),
	)
	s.Table(xt, "Visits booked for a vehicle.", "VST-", 5,
		kit.PK(),
		kit.Ref("vehicle_id", vt, "The vehicle."),
		kit.RefersTo("customer_id", k.Cust.Table+".id", "The "+k.C+" (CRM id)."),
		kit.Enum("kind", "test_drive, service, inspection or repair.", "test_drive", "service", "inspection", "repair"),
		kit.Date("scheduled_on", "Date of the visit."),
		kit.Opt(kit.RefersTo("staff_id", k.Staff.Table+".id", "The "+k.St+" who looks after it.")),
		kit.Opt(kit.RefersTo("work_ref", k.Work.Table+".id", "Id of the "+k.W+" it belongs to, if any.")),
		kit.Opt(kit.Int("mileage_km", "Mileage read at the visit, in km.")),
		kit.Enum("status", "booked → completed, or no_show / cancelled.", "booked", "completed", "no_show", "cancelled"),
	)
	vins := map[string]bool{}
	vin := func(c carModel, year int) string {
		const chars = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
		for {
			var b strings.Builder
			b.WriteString(c.WMI)
			for range 6 {
				b.WriteByte(chars[g.R.IntN(len(chars))])
			}
			b.WriteByte("ABCDEFGHJKLMNPRSTVWXY123456789"[(year-2001)%30])
			b.WriteByte(chars[g.R.IntN(23)])
			fmt.Fprintf(&b, "%06d", g.R.IntN(1000000))
			if v := b.String(); !vins[v] {
				vins[v] = true
				return v
			}
		}
	}
	car := k.Entity(vt, "vehicle", "vehicles", k.CustRoles("owner_id"))
	car.Roles["amount"] = engine.Column("price")
	car.Roles["model"] = engine.Column("make_model")
	newCar := func(id, status string, owner any) engine.Row {
		c := engine.Pick(g.R, carModels)
		year := 2015 + g.R.IntN(11)
		age := float64(2026 - year)
		r := engine.Row{"id": id, "vin": vin(c, year), "make_model": c.Model, "year": int64(year), "mileage_km": int64(age*11000) + int64(g.R.IntN(9000)),
			"fuel": c.Fuel, "status": status, "owner_id": owner}
		if status != "customer_owned" {
			r["price"] = k.Money(g.R, c.Price*(1-age*0.07)*0.95, c.Price*(1-age*0.07)*1.05) / engine.MinorPerMajor(g.Locale.C.CurrencyDigits) / 10 * 10 * engine.MinorPerMajor(g.Locale.C.CurrencyDigits)
		}
		return r
	}

	// Seed: stock, recent sales, and every active customer's own vehicle.
	for i := 0; i < 8+g.R.IntN(5); i++ {
		k.Add(car, vt, newCar(k.NextID(vt), "for_sale", nil))
	}
	custs := k.Customers()
	for i := 0; i < 2+g.R.IntN(2); i++ {
		r := newCar(k.NextID(vt), "sold", engine.Pick(g.R, custs)["id"])
		r["sold_on"] = g.Day(-3 - g.R.IntN(120))
		k.Add(car, vt, r)
	}
	r := newCar(k.NextID(vt), "reserved", engine.Pick(g.R, custs)["id"])
	k.Add(car, vt, r)
	owned := map[any][]engine.Row{}
	for _, c := range custs {
		n := 1
		if g.R.IntN(5) == 0 {
			n = 2
		}
		for range n {
			owned[c["id"]] = append(owned[c["id"]], k.Add(car, vt, newCar(k.NextID(vt), "customer_owned", c["id"])))
		}
	}
	for _, v := range kit.RowsWhere(car.Rows, "status", "sold") {
		owned[v["owner_id"]] = append(owned[v["owner_id"]], v)
	}
	forSale := kit.RowsWhere(car.Rows, "status", "for_sale")
	staffOn := k.ActiveStaff()
	for _, v := range forSale[:min(4, len(forSale))] {
		c := engine.Pick(g.R, custs)
		d := g.R.IntN(20) - 10
		st := "completed"
		if d >= 0 {
			st = "booked"
		}
		k.Add(nil, xt, engine.Row{"id": k.NextID(xt), "vehicle_id": v["id"], "customer_id": c["id"], "kind": "test_drive", "scheduled_on": g.Day(d), "staff_id": engine.Pick(g.R, staffOn)["id"], "status": st})
	}

	// Tools.
	k.Tool(true, "search_dealer_vehicles", "Search vehicles",
		fmt.Sprintf("Find vehicles by make, model or VIN, status, fuel or owner. Returns id (like %s), vin, make_model, year, mileage_km, fuel, price (minor units), owner_id and status.", g.FormatID(vt, 1)),
		[]world.ArgSpec{kit.S("query", false, "Part of the make and model or the VIN."), kit.A("status", vt+".status", false, ""), kit.A("fuel", vt+".fuel", false, ""), kit.S("owner_id", false, "CRM id of the owner.")},
		kit.Search(vt, []string{"make_model"}, []string{"id", "vin", "make_model", "year", "mileage_km", "fuel", "price", "owner_id", "status"},
			kit.FAny("query", "make_model", "vin"), kit.F("status", "eq", "status"), kit.F("fuel", "eq", "fuel"), kit.F("owner_id", "eq", "owner_id")))
	k.Tool(false, "reserve_dealer_vehicle", "Reserve a vehicle",
		fmt.Sprintf("Reserve a vehicle for sale for a buyer (a %s, by CRM id).", k.C),
		[]world.ArgSpec{kit.S("vehicle_id", true, "e.g. "+g.FormatID(vt, 1)), kit.S("customer_id", true, "CRM id of the buyer.")},
		kit.Get(vt, "vehicle_id", "v", "No vehicle {vehicle_id}; search_dealer_vehicles finds them."),
		world.Step{Require: "$v.status", Equals: "for_sale", Message: "Vehicle {vehicle_id} is {v.status}; only vehicles for sale can be reserved."},
		world.Step{Update: vt, Key: "$vehicle_id", Set: map[string]any{"status": "reserved", "owner_id": "$customer_id"}})
	k.Tool(true, "sell_dealer_vehicle", "Sell a vehicle",
		"Record the sale of a reserved vehicle to the buyer it is reserved for, dated today.",
		[]world.ArgSpec{kit.S("vehicle_id", true, "")},
		kit.Get(vt, "vehicle_id", "v", "No vehicle {vehicle_id}."),
		world.Step{Require: "$v.status", Equals: "reserved", Message: "Vehicle {vehicle_id} is {v.status}; reserve it for the buyer first."},
		world.Step{Update: vt, Key: "$vehicle_id", Set: map[string]any{"status": "sold", "sold_on": "$today"}})
	k.Tool(true, "book_vehicle_visit", "Book a visit",
		"Book a test drive, service, inspection or repair of a vehicle for a "+k.C+" on a date. A vehicle has one visit of a kind per day. Returns the visit with its id (VST-…).",
		[]world.ArgSpec{kit.S("vehicle_id", true, ""), kit.S("customer_id", true, "CRM id."), kit.A("kind", xt+".kind", true, ""), kit.DateArg("scheduled_on", true, ""),
			kit.S("staff_id", false, "Id of the "+k.St+", e.g. "+k.Staff.ID(1)+"."), kit.S("work_ref", false, "Id of the "+k.W+" it belongs to, if any.")},
		kit.Get(vt, "vehicle_id", "v", "No vehicle {vehicle_id}."),
		world.Step{Absent: xt, Where: map[string]any{"vehicle_id": "$vehicle_id", "kind": "$kind", "scheduled_on": "$scheduled_on"}, As: "dup",
			Message: "{v.make_model} already has visit {dup.id} of that kind on {scheduled_on}."},
		kit.Insert(xt, "", map[string]any{"vehicle_id": "$vehicle_id", "customer_id": "$customer_id", "kind": "$kind", "scheduled_on": "$scheduled_on",
			"staff_id": "$staff_id", "work_ref": "$work_ref", "status": "booked"}))
	k.Tool(false, "complete_vehicle_visit", "Complete a visit",
		"Mark a booked visit completed with the mileage read; the vehicle's mileage is updated.",
		[]world.ArgSpec{kit.S("visit_id", true, "e.g. VST-00001"), kit.IntArg("mileage_km", true, "Mileage read, in km.", 0)},
		kit.Get(xt, "visit_id", "vis", "No visit {visit_id}."),
		world.Step{Require: "$vis.status", Equals: "booked", Message: "Visit {visit_id} is {vis.status}; only booked visits can be completed."},
		world.Step{Update: xt, Key: "$visit_id", Set: map[string]any{"status": "completed", "mileage_km": "$mileage_km"}, As: "done"},
		world.Step{Update: vt, Key: "$vis.vehicle_id", Set: map[string]any{"mileage_km": "$mileage_km"}})
	s.Tools[len(s.Tools)-1].Returns = "done"

	// Event: a vehicle is sold.
	s.Events = append(s.Events, &engine.Event{
		Entity: car, Name: "sold", Kind: "done", When: "a vehicle is sold", Where: map[string]any{"status": "sold"},
		InState: func(r engine.Row) bool { return r["status"] == "sold" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			return newCar(k.TaskID(tc, vt), "reserved", engine.Pick(tc.R, custs)["id"])
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "sell_dealer_vehicle", Args: map[string]any{"vehicle_id": r["id"]}}}
		},
		Ask: []string{
			"{name} has paid for the {model} ({id}) they reserved. Record the sale.",
			"The {model} {id} is sold to {name}: payment is in. Update the vehicle.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The vehicle is sold.", vt, r["id"], "status", "sold"), kit.FieldIs("The sale is dated today.", vt, r["id"], "sold_on", g.Day(0))}
		},
		Touches: func(r engine.Row) []world.Change { return []world.Change{kit.Change(vt, []any{r["id"]}, "update")} },
	})

	// Action: finished work gets a handover inspection of the customer's vehicle.
	freeDay := func(v engine.Row, kind string, day string) string {
		for len(kit.RowsWhere(g.Rows(xt), "vehicle_id", v["id"], "kind", kind, "scheduled_on", day)) > 0 {
			day = kit.AddDays(day, 1)
		}
		return day
	}
	s.Actions = append(s.Actions, &engine.Action{
		On:      []string{"done"},
		Service: s.Name, Name: "inspection logged", Needs: []string{"id", "customer_id", "date"},
		Then: fmt.Sprintf("an inspection visit (kind inspection) must be booked in Vehicles on one of the %s's vehicles, with the {noun} id as work reference", k.C),
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Eq("work_ref", "id").Eq("vehicle_id.owner_id", "customer_id").
				In(xt, "", map[string]any{"kind": "inspection", "status": map[string]any{"ne": "cancelled"}})
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			mine := owned[up.Val("customer_id", r)]
			if len(mine) == 0 {
				return nil
			}
			tc.NextID(xt)
			return []world.Call{{Tool: "book_vehicle_visit", Args: map[string]any{"vehicle_id": mine[0]["id"], "customer_id": up.Val("customer_id", r), "kind": "inspection",
				"scheduled_on": freeDay(mine[0], "inspection", g.Day(1)), "work_ref": r[up.Key]}}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			if len(owned[up.Val("customer_id", r)]) == 0 {
				return nil
			}
			return []world.Assertion{kit.Exists("An inspection visit references it.", xt, map[string]any{"work_ref": r[up.Key], "kind": "inspection", "customer_id": up.Val("customer_id", r),
				"status": map[string]any{"ne": "cancelled"}})}
		},
		Touches: []world.Change{kit.Change(xt, nil, "insert")},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			if len(kit.RowsWhere(g.Rows(xt), "work_ref", r[up.Key], "kind", "inspection")) > 0 {
				return
			}
			mine := owned[up.Val("customer_id", r)]
			if len(mine) == 0 {
				return
			}
			v := mine[0]
			day := freeDay(v, "inspection", fmt.Sprint(up.Val("date", r)))
			row := engine.Row{"id": k.NextID(xt), "vehicle_id": v["id"], "customer_id": up.Val("customer_id", r), "kind": "inspection", "scheduled_on": day,
				"staff_id": r["staff_id"], "work_ref": r[up.Key], "status": "booked"}
			if day < g.Day(0) {
				row["status"], row["mileage_km"] = "completed", v["mileage_km"]
			}
			k.Add(nil, xt, row)
		},
	})

	// Chores.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "sales manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		if len(forSale) == 0 || len(staffOn) == 0 {
			return engine.Task{}, false
		}
		v := engine.Pick(tc.R, forSale)
		c := engine.Pick(tc.R, custs)
		who := engine.Pick(tc.R, staffOn)
		day := g.Day(1 + tc.R.IntN(10))
		if len(kit.RowsWhere(g.Rows(xt), "vehicle_id", v["id"], "kind", "test_drive", "scheduled_on", day)) > 0 {
			return engine.Task{}, false
		}
		id := k.TaskID(tc, xt)
		return engine.Task{
			Title:       "book test drive",
			Instruction: fmt.Sprintf("%s (%s) would like to test-drive the %v %s (%s) on %s. Book it with %s.", c["name"], c["id"], v["year"], v["make_model"], v["id"], day, who["name"]),
			Calls: []world.Call{{Tool: "book_vehicle_visit", Args: map[string]any{"vehicle_id": v["id"], "customer_id": c["id"], "kind": "test_drive", "scheduled_on": day,
				"staff_id": who["id"]}}},
			Assertions: []world.Assertion{
				kit.Exists("The test drive is booked.", xt, map[string]any{"id": id, "vehicle_id": v["id"], "customer_id": c["id"], "kind": "test_drive", "scheduled_on": day, "staff_id": who["id"], "status": "booked"}),
				kit.CountIs("One test drive is booked for that day.", xt, map[string]any{"vehicle_id": v["id"], "kind": "test_drive", "scheduled_on": day}, 1),
			},
			MayChange: []world.Change{kit.Change(xt, nil, "insert")},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "sales manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		if len(forSale) == 0 {
			return engine.Task{}, false
		}
		v := engine.Pick(tc.R, forSale)
		c := engine.Pick(tc.R, custs)
		return engine.Task{
			Title:       "reserve vehicle",
			Instruction: fmt.Sprintf("%s (%s) has put down a deposit on the %s with VIN %s. Reserve it for them.", c["name"], c["id"], v["make_model"], v["vin"]),
			Calls:       []world.Call{{Tool: "reserve_dealer_vehicle", Args: map[string]any{"vehicle_id": v["id"], "customer_id": c["id"]}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The vehicle is reserved.", vt, v["id"], "status", "reserved"),
				kit.FieldIs("It is reserved for the buyer.", vt, v["id"], "owner_id", c["id"]),
			},
			MayChange: []world.Change{kit.Change(vt, []any{v["id"]}, "update")},
			Services:  []string{s.Name},
		}, true
	}})
	g.SetEntity("dealer_vehicle", car)
}
