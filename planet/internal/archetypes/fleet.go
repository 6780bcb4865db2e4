package archetypes

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/lexicon"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

func init() { kit.Register("fleet", "Fleet", buildFleet) }

// vehicleJob describes a maintenance job on a vehicle in the world's
// language: the lexicon's vehicle_job has one sentence per kind, in the
// order of kinds.
func vehicleJob(g *engine.Gen, kinds []string, kind, plate string) string {
	return seed.Fill(g.Locale.Lex().Sentences("vehicle_job")[slices.Index(kinds, kind)], "plate", plate)
}

// registrationPlate makes a registration plate that looks like the country's.
func registrationPlate(k *kit.Builder, n int) string {
	r := k.Gen.R
	letters := func(m int) string {
		var b strings.Builder
		for range m {
			b.WriteByte(byte('A' + r.IntN(26)))
		}
		return b.String()
	}
	switch k.Gen.Locale.C.Code {
	case "DE", "AT":
		city := strings.ToUpper(engine.ASCIIFold(k.Gen.Locale.City()))
		if len(city) > 2 {
			city = city[:1+r.IntN(2)]
		}
		return fmt.Sprintf("%s-%s %d", city, letters(2), 100+r.IntN(9800))
	case "FR", "IT", "ES", "PT":
		return fmt.Sprintf("%s-%03d-%s", letters(2), r.IntN(1000), letters(2))
	case "GB", "IE":
		return fmt.Sprintf("%s%02d %s", letters(2), 10+r.IntN(70), letters(3))
	case "NL", "BE":
		return fmt.Sprintf("%s-%03d-%s", letters(2), r.IntN(1000), letters(1))
	case "US", "CA", "AU":
		return fmt.Sprintf("%d%s%03d", 1+r.IntN(9), letters(3), r.IntN(1000))
	}
	return fmt.Sprintf("%s %04d", letters(3), (n*7919+r.IntN(9000))%10000)
}

func buildFleet(k *kit.Builder) {
	g, s := k.Gen, k.Svc
	s.Description = fmt.Sprintf("The vehicles %s runs for its %s and their maintenance: workshop visits, inspections and repairs. Costs are in %s minor units.",
		g.Company.Name, g.Vocab.Work.Many, g.Company.Currency)
	const vt, mt = "fleet_vehicles", "fleet_maintenance"
	// The kinds of vehicle the brief names ("95 cabs", "25 tuk-tuks"),
	// with models sold for them, else vans, trucks and cars.
	named, bodies := fleetKinds(g, s.Name)
	if len(named) == 0 {
		bodies = []string{"van", "truck", "car"}
	}
	s.Table(vt, "The company's vehicles.", "FV-", 3,
		kit.PK(),
		kit.Unique(kit.Text("plate", "Registration plate.")),
		kit.Text("make_model", "Make and model."),
		kit.Enum("kind", map[bool]string{true: "Kind of vehicle.", false: "Body type."}[len(named) > 0], bodies...),
		kit.Int("odometer_km", "Odometer reading at the last recorded service, in km."),
		kit.Enum("status", "available (on the road), in_workshop (off the road) or retired (sold or scrapped, final).", "available", "in_workshop", "retired"),
		kit.Date("next_service_on", "When the next regular service is due."),
		kit.Text("home_depot", "City the vehicle is based in."),
	)
	kinds := []string{"inspection", "oil_service", "tyres", "brakes", "repair", "post_job_check"}
	s.Table(mt, "Maintenance jobs: workshop visits, inspections and checks of a vehicle.", "MNT-", 5,
		kit.PK(),
		kit.Ref("vehicle_id", vt, "The vehicle."),
		kit.Enum("kind", "What is done; post_job_check is the yard check of a vehicle after a job.", kinds...),
		kit.Text("description", "What the workshop is asked to do."),
		kit.Text("workshop", "Who does it (own yard or a garage)."),
		kit.Date("scheduled_on", "Date booked."),
		kit.Money("estimate", "Quoted cost"),
		kit.Opt(kit.Money("cost", "Final cost, set when done")),
		kit.Enum("status", "scheduled → in_progress → done, or cancelled.", "scheduled", "in_progress", "done", "cancelled"),
		kit.Opt(kit.RefersTo("source_ref", k.Work.Table+".id", "Id of the "+k.W+" it follows up, if any.")),
		kit.Opt(kit.Date("done_on", "Date it was finished.")),
	)

	// Vehicles.
	models := [][2]string{{"Mercedes-Benz Sprinter", "van"}, {"Ford Transit Custom", "van"}, {"Volkswagen Crafter", "van"}, {"Renault Master", "van"},
		{"Toyota Corolla Touring", "car"}, {"Škoda Octavia Combi", "car"}, {"Volkswagen Caddy", "van"}}
	// A haulier's trucks and the like come from its flavour.
	if vs := engine.Flavoured(g, func(f catalog.Flavour) []catalog.Vehicle { return f.Vehicles }); vs != nil {
		models = nil
		for _, v := range vs {
			models = append(models, [2]string{v.Model, v.Kind})
		}
	}
	if len(named) > 0 {
		models = named
	}
	workshops := make([]string, 3)
	for i := range workshops {
		_, family, _ := g.Locale.C.PersonName(g.R)
		workshops[i] = family + " " + []string{"Autoservice", "Truck & Van Service", "Fleet Care"}[i]
	}
	const yard = "Own yard"
	var veh []engine.Row
	plates := map[string]bool{}
	depots := depotTowns(g)
	nv := 6 + g.R.IntN(7)
	// The brief's own count, "95 cabs", up to what a page of the fleet
	// shows an agent.
	if n := fleetCount(g, s.Name); n > 0 {
		nv = max(min(n, maxFleetRows), 2)
	}
	// One vehicle is in the workshop: the third, or the last of a fleet
	// of two ("two boats running daily trips").
	inWorkshop := min(3, nv)
	for i := 1; i <= nv; i++ {
		m := engine.Pick(g.R, models)
		plate := registrationPlate(k, i)
		for plates[plate] {
			plate = registrationPlate(k, i+100)
		}
		plates[plate] = true
		status := "available"
		switch {
		case i == inWorkshop:
			status = "in_workshop"
		case i == nv && g.R.IntN(2) == 0:
			status = "retired"
		}
		veh = append(veh, k.Add(nil, vt, engine.Row{"id": g.FormatID(vt, i), "plate": plate, "make_model": m[0], "kind": m[1],
			"odometer_km": int64(8000 + g.R.IntN(230000)), "status": status, "next_service_on": g.Day(g.R.IntN(80) - 10), "home_depot": depotCity(g, depots)}))
	}
	var onRoad []engine.Row
	for _, v := range veh {
		if v["status"] != "retired" {
			onRoad = append(onRoad, v)
		}
	}
	available := kit.RowsWhere(veh, "status", "available")

	// Maintenance history, and the job of the vehicle in the workshop.
	mnt := k.Entity(mt, "maintenance", "maintenance jobs", map[string]engine.Role{
		"id": engine.Column("id"), "date": engine.Column("scheduled_on"),
		"kind":  kit.TextRole("kind", func(r engine.Row) any { return kit.Spaced(r["kind"]) }),
		"plate": kit.TextRole("vehicle_id", func(r engine.Row) any { return kit.Find(veh, r["vehicle_id"])["plate"] }),
		"cost":  kit.TextRole("estimate", func(r engine.Row) any { return k.FmtMoney(r["estimate"].(int64)) }),
	})
	reading := func(r engine.Row) int64 {
		return kit.Find(veh, r["vehicle_id"])["odometer_km"].(int64) + 300 + int64(kit.IDNumber(r["id"])*137%2500)
	}
	mnt.Roles["reading"] = kit.TextRole("vehicle_id", func(r engine.Row) any { return reading(r) })
	std := kinds[:5]
	for i := 0; i < 8+g.R.IntN(9); i++ {
		v := engine.Pick(g.R, onRoad)
		kind := engine.Pick(g.R, std)
		d := g.R.IntN(150) - 120
		est := k.Money(g.R, 90, 1400)
		r := engine.Row{"id": k.NextID(mt), "vehicle_id": v["id"], "kind": kind, "description": vehicleJob(g, kinds, kind, v["plate"].(string)),
			"workshop": engine.Pick(g.R, workshops), "scheduled_on": g.Day(d), "estimate": est, "status": "scheduled"}
		if d < 0 {
			r["status"], r["cost"], r["done_on"] = "done", est+k.Money(g.R, 0, 80)-k.Money(g.R, 0, 40), g.Day(d+g.R.IntN(2))
			if r["cost"].(int64) < 0 {
				r["cost"] = est
			}
			if g.R.IntN(8) == 0 {
				r["status"], r["cost"], r["done_on"] = "cancelled", nil, nil
			}
		}
		k.Add(mnt, mt, r)
	}
	k.Add(mnt, mt, engine.Row{"id": k.NextID(mt), "vehicle_id": veh[inWorkshop-1]["id"], "kind": "repair", "description": g.Locale.Lex().Say("vehicle_gearbox"),
		"workshop": workshops[0], "scheduled_on": g.Day(-2), "estimate": k.Money(g.R, 600, 2500), "status": "in_progress"})

	// Tools.
	k.Tool(true, "search_fleet_vehicles", "Search fleet vehicles",
		fmt.Sprintf("Find company vehicles by plate or model, status or body type. Returns id (like %s), plate, make_model, kind, odometer_km, status and next_service_on; page with cursor.", g.FormatID(vt, 1)),
		[]world.ArgSpec{kit.S("query", false, "Part of the plate or the make and model."), kit.A("status", vt+".status", false, ""), kit.A("kind", vt+".kind", false, "")},
		kit.Search(vt, []string{"plate"}, []string{"id", "plate", "make_model", "kind", "odometer_km", "status", "next_service_on"},
			kit.FAny("query", "plate", "make_model"), kit.F("status", "eq", "status"), kit.F("kind", "eq", "kind")))
	k.Tool(false, "search_fleet_maintenance", "Search maintenance jobs",
		"List maintenance jobs, newest date first, by vehicle, status, kind or the id of the "+k.W+" they follow up. Costs are in minor units.",
		[]world.ArgSpec{kit.S("vehicle_id", false, "Fleet vehicle id, e.g. "+g.FormatID(vt, 1)+"."), kit.A("status", mt+".status", false, ""), kit.A("kind", mt+".kind", false, ""),
			kit.S("source_ref", false, "Id of the "+k.W+" a job follows up.")},
		kit.Search(mt, []string{"-scheduled_on"}, nil, kit.F("vehicle_id", "eq", "vehicle_id"), kit.F("status", "eq", "status"), kit.F("kind", "eq", "kind"), kit.F("source_ref", "eq", "source_ref")))
	k.Tool(true, "book_fleet_maintenance", "Book a maintenance job",
		"Book a vehicle in for maintenance on a date: a workshop visit, an inspection or a post-job check in the yard. The job starts as scheduled; estimate is the quoted cost in minor units (0 for own-yard checks). Retired vehicles cannot be booked, and a vehicle takes one job of a kind per day. Returns the job with its id (MNT-…).",
		[]world.ArgSpec{kit.S("vehicle_id", true, "Fleet vehicle id, e.g. "+g.FormatID(vt, 1)+"."), kit.A("kind", mt+".kind", true, ""), kit.DateArg("scheduled_on", true, "Date of the job."),
			kit.S("description", true, "What is to be done."), kit.S("workshop", true, "Garage name, or \""+yard+"\" for checks done by our own staff."),
			kit.MoneyArg("estimate", true, "Quoted cost."), kit.S("source_ref", false, "Id of the "+k.W+" this job follows up, if any.")},
		kit.Get(vt, "vehicle_id", "veh", "No vehicle {vehicle_id}; search_fleet_vehicles lists the fleet."),
		world.Step{Require: "$veh.status", NotIn: kit.Vals("retired"), Message: "{veh.plate} is retired and cannot be booked."},
		world.Step{Absent: mt, Where: map[string]any{"vehicle_id": "$vehicle_id", "kind": "$kind", "scheduled_on": "$scheduled_on"}, As: "dup",
			Message: "{veh.plate} already has job {dup.id} of that kind on {scheduled_on}."},
		kit.Insert(mt, "", map[string]any{"vehicle_id": "$vehicle_id", "kind": "$kind", "scheduled_on": "$scheduled_on", "description": "$description",
			"workshop": "$workshop", "estimate": "$estimate", "source_ref": "$source_ref", "status": "scheduled"}))
	complete := k.Tool(true, "complete_fleet_maintenance", "Close a maintenance job",
		"Mark a scheduled or in-progress maintenance job done today, with its final cost (minor units) and the odometer reading in km. The vehicle's odometer is updated and it is back on the road (available). Returns the job.",
		[]world.ArgSpec{kit.S("maintenance_id", true, "e.g. MNT-00001"), kit.MoneyArg("cost", true, "Final cost."), kit.IntArg("odometer_km", true, "Odometer reading at the workshop, in km.", 0)},
		kit.Get(mt, "maintenance_id", "job", "No maintenance job {maintenance_id}."),
		world.Step{Require: "$job.status", In: kit.Vals("scheduled", "in_progress"), Message: "Job {maintenance_id} is {job.status}; only scheduled or in-progress jobs can be closed."},
		world.Step{Update: mt, Key: "$maintenance_id", Set: map[string]any{"status": "done", "cost": "$cost", "done_on": "$today"}, As: "done"},
		world.Step{Update: vt, Key: "$job.vehicle_id", Set: map[string]any{"odometer_km": "$odometer_km", "status": "available"},
			Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{"in_workshop": {"available"}}}})
	complete.Returns = "done"
	k.Tool(false, "set_fleet_vehicle_status", "Change a vehicle's status",
		"Take a vehicle off the road (in_workshop), put it back (available) or retire it for good (retired is final).",
		[]world.ArgSpec{kit.S("vehicle_id", true, ""), kit.A("status", vt+".status", true, "The new status.")},
		world.Step{Update: vt, Key: "$vehicle_id", Set: map[string]any{"status": "$status"},
			Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{"available": {"in_workshop", "retired"}, "in_workshop": {"available", "retired"}}},
			Message:     "No vehicle {vehicle_id}."})

	// Event: a maintenance job is finished.
	s.Events = append(s.Events, &engine.Event{
		Entity: mnt, Name: "done", Kind: "done", When: "a vehicle maintenance job is marked done in Fleet", Where: map[string]any{"status": "done"},
		InState: func(r engine.Row) bool { return r["status"] == "done" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			v := engine.Pick(tc.R, available)
			kind := engine.Pick(tc.R, std)
			return engine.Row{"id": k.TaskID(tc, mt), "vehicle_id": v["id"], "kind": kind, "description": vehicleJob(g, kinds, kind, v["plate"].(string)),
				"workshop": engine.Pick(tc.R, workshops), "scheduled_on": g.Day(-1), "estimate": k.Money(tc.R, 120, 900), "status": "in_progress"}
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "complete_fleet_maintenance", Args: map[string]any{"maintenance_id": r["id"], "cost": r["estimate"], "odometer_km": reading(r)}}}
		},
		Ask: []string{
			"The workshop has finished maintenance job {id} ({kind}) on {plate}. The bill came to {cost} and the odometer read {reading} km. Please close the job.",
			"{plate} is back from the workshop: job {id} is done, final cost {cost}, odometer {reading} km. Record it.",
			"Close maintenance {id} for {plate}: {kind} done, {cost} as quoted, {reading} km on the clock.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{
				kit.FieldIs("The job is done.", mt, r["id"], "status", "done"),
				kit.FieldIs("The final cost is recorded.", mt, r["id"], "cost", r["estimate"]),
				kit.FieldIs("The vehicle's odometer is updated.", vt, r["vehicle_id"], "odometer_km", reading(r)),
			}
		},
		Touches: func(r engine.Row) []world.Change {
			return []world.Change{kit.Change(mt, []any{r["id"]}, "update"), kit.Change(vt, []any{r["vehicle_id"]}, "update")}
		},
	})

	// Action: finished work gets a post-job vehicle check.
	freeVehicle := func(day string) engine.Row {
		for _, v := range onRoad {
			if len(kit.RowsWhere(g.Rows(mt), "vehicle_id", v["id"], "kind", "post_job_check", "scheduled_on", day)) == 0 {
				return v
			}
		}
		return onRoad[0]
	}
	s.Actions = append(s.Actions, &engine.Action{
		On:      []string{"done"},
		Service: s.Name, Name: "vehicle checked", Needs: []string{"id", "date"},
		Then: "a post-job vehicle check (kind post_job_check) must be booked in Fleet on one of our vehicles, with the {noun} id as its source reference",
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Eq("source_ref", "id").In(mt, "", map[string]any{"kind": "post_job_check", "status": map[string]any{"ne": "cancelled"}})
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			tc.NextID(mt)
			day := g.Day(1)
			return []world.Call{{Tool: "book_fleet_maintenance", Args: map[string]any{"vehicle_id": freeVehicle(day)["id"], "kind": "post_job_check",
				"scheduled_on": day, "description": g.Locale.Lex().Say("vehicle_post_job_check", "id", fmt.Sprint(r[up.Key])), "workshop": yard, "estimate": 0, "source_ref": r[up.Key]}}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			return []world.Assertion{kit.Exists("A post-job vehicle check references it.", mt,
				map[string]any{"source_ref": r[up.Key], "kind": "post_job_check", "status": map[string]any{"ne": "cancelled"}})}
		},
		Touches: []world.Change{kit.Change(mt, nil, "insert")},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			if len(kit.RowsWhere(g.Rows(mt), "source_ref", r[up.Key], "kind", "post_job_check")) > 0 {
				return
			}
			day := fmt.Sprint(up.Val("date", r))
			row := engine.Row{"id": k.NextID(mt), "vehicle_id": engine.Pick(g.R, onRoad)["id"], "kind": "post_job_check", "description": g.Locale.Lex().Say("vehicle_post_job_check", "id", fmt.Sprint(r[up.Key])),
				"workshop": yard, "scheduled_on": day, "estimate": int64(0), "status": "scheduled", "source_ref": r[up.Key]}
			if day < g.Day(0) {
				row["status"], row["cost"], row["done_on"] = "done", int64(0), day
			}
			k.Add(mnt, mt, row)
		},
	})

	// Chores.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		if len(available) == 0 {
			return engine.Task{}, false
		}
		v := engine.Pick(tc.R, available)
		kind := engine.Pick(tc.R, []string{"oil_service", "inspection", "tyres"})
		day := g.Day(2 + tc.R.IntN(20))
		if len(kit.RowsWhere(g.Rows(mt), "vehicle_id", v["id"], "kind", kind, "scheduled_on", day)) > 0 {
			return engine.Task{}, false
		}
		shop := engine.Pick(tc.R, workshops)
		est := k.Money(tc.R, 120, 700)
		id := k.TaskID(tc, mt)
		return engine.Task{
			Title: "book vehicle " + kit.Spaced(kind),
			Instruction: fmt.Sprintf("Our %s %s is due for its %s (due date %s). Book it in with %s for %s; they quoted %s.",
				v["make_model"], v["plate"], kit.Spaced(kind), v["next_service_on"], shop, day, k.FmtMoney(est)),
			Calls: []world.Call{{Tool: "book_fleet_maintenance", Args: map[string]any{"vehicle_id": v["id"], "kind": kind, "scheduled_on": day,
				"description": vehicleJob(g, kinds, kind, v["plate"].(string)), "workshop": shop, "estimate": est}}},
			Assertions: []world.Assertion{
				kit.Exists("The job is booked with the right garage, date and quote.", mt, map[string]any{"id": id, "vehicle_id": v["id"], "kind": kind,
					"scheduled_on": day, "workshop": shop, "estimate": est, "status": "scheduled"}),
				kit.CountIs("Exactly one such job is booked.", mt, map[string]any{"vehicle_id": v["id"], "kind": kind, "scheduled_on": day}, 1),
			},
			MayChange: []world.Change{kit.Change(mt, nil, "insert")},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		if len(available) == 0 {
			return engine.Task{}, false
		}
		v := engine.Pick(tc.R, available)
		day := g.Day(1)
		if len(kit.RowsWhere(g.Rows(mt), "vehicle_id", v["id"], "kind", "brakes", "scheduled_on", day)) > 0 {
			return engine.Task{}, false
		}
		shop := engine.Pick(tc.R, workshops)
		est := k.Money(tc.R, 250, 900)
		tc.NextID(mt)
		return engine.Task{
			Title: "ground vehicle for brakes",
			Instruction: fmt.Sprintf("A driver reports that the brakes of %s (%s) feel soft. Take the vehicle off the road and book a brake repair with %s for %s; the quote is %s.",
				v["plate"], v["make_model"], shop, day, k.FmtMoney(est)),
			Calls: []world.Call{
				{Tool: "set_fleet_vehicle_status", Args: map[string]any{"vehicle_id": v["id"], "status": "in_workshop"}},
				{Tool: "book_fleet_maintenance", Args: map[string]any{"vehicle_id": v["id"], "kind": "brakes", "scheduled_on": day,
					"description": g.Locale.Lex().Say("vehicle_brakes"), "workshop": shop, "estimate": est}},
			},
			Assertions: []world.Assertion{
				kit.FieldIs("The vehicle is off the road.", vt, v["id"], "status", "in_workshop"),
				kit.Exists("A brake repair is booked for it.", mt, map[string]any{"vehicle_id": v["id"], "kind": "brakes", "scheduled_on": day, "workshop": shop, "estimate": est, "status": "scheduled"}),
			},
			MayChange: []world.Change{kit.Change(vt, []any{v["id"]}, "update"), kit.Change(mt, nil, "insert")},
			Services:  []string{s.Name},
		}, true
	}})
	g.SetEntity("fleet_vehicle", &engine.Entity{Service: s.Name, Table: vt, Key: "id", Noun: "vehicle", Plural: "vehicles", Prefix: "FV-", Width: 3, Rows: veh,
		Roles: map[string]engine.Role{"id": engine.Column("id"), "name": engine.Column("plate")}})
}

// maxFleetRows bounds the vehicles a fleet is seeded with, whatever the
// brief counts: enough to search and page through.
const maxFleetRows = 40

// fleetService is the plan's service the fleet is built for.
func fleetService(g *engine.Gen, name string) (engine.PlanService, bool) {
	for _, ps := range g.Plan.Services {
		if ps.Builder == "fleet" && (ps.Name == name || strings.TrimSuffix(name, "_hub") == ps.Name) {
			return ps, true
		}
	}
	return engine.PlanService{}, false
}

// fleetKinds reads the kinds of vehicle the plan names for the fleet
// (its "kind" attribute) and the models of each the lexicon knows; a
// kind it knows no model of is named by its own word ("Harvester").
func fleetKinds(g *engine.Gen, name string) (models [][2]string, kinds []string) {
	ps, ok := fleetService(g, name)
	if !ok {
		return nil, nil
	}
	lex := lexicon.Load()
	for _, at := range ps.Attributes {
		if at.Name != "kind" {
			continue
		}
		for _, k := range at.Values {
			kinds = append(kinds, k)
			v, ok := lex.Vehicle(k)
			if !ok {
				models = append(models, [2]string{engine.Title(k), k})
				continue
			}
			for _, m := range v.Models {
				models = append(models, [2]string{m, k})
			}
		}
	}
	return models, kinds
}

// fleetCount is how many vehicles the plan's fleet has, 0 when the
// brief does not say.
func fleetCount(g *engine.Gen, name string) int {
	ps, ok := fleetService(g, name)
	if !ok || ps.Resource == nil {
		return 0
	}
	return ps.Resource.Count
}

// depotRadiusKm is how far from its headquarters a fleet business keeps
// a depot: a day's shuttle of drivers and trailers, not another region.
const depotRadiusKm = 40

// depotTowns are the towns near the headquarters where a fleet is also
// based (a Wrocław haulier's in Oława or Oleśnica, not in Szczecin): the
// few most populous within depotRadiusKm.
func depotTowns(g *engine.Gen) []string {
	var out []string
	for _, t := range g.Locale.C.TownsNear(g.Locale.Home.Name, depotRadiusKm, 5000) {
		if len(out) == 3 {
			break
		}
		out = append(out, t.Name)
	}
	return out
}

// depotCity is where one vehicle is based: the headquarters mostly, else
// one of the depots near it.
func depotCity(g *engine.Gen, depots []string) string {
	if len(depots) == 0 || g.R.IntN(3) != 0 {
		return g.Locale.Home.Name
	}
	return depots[g.R.IntN(len(depots))]
}
