package planet

import (
	"fmt"
	"strings"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/world"
)

func init() { vkRegister("fleet", "Fleet", buildFleet) }

// vkPlate makes a registration plate that looks like the country's.
func vkPlate(k *vk, n int) string {
	r := k.g.R
	letters := func(m int) string {
		var b strings.Builder
		for range m {
			b.WriteByte(byte('A' + r.IntN(26)))
		}
		return b.String()
	}
	switch k.g.Locale.C.Code {
	case "DE", "AT":
		city := strings.ToUpper(asciiFold(k.g.Locale.City()))
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

func buildFleet(k *vk) {
	g, s := k.g, k.s
	s.Description = fmt.Sprintf("The vehicles %s runs for its %s and their maintenance: workshop visits, inspections and repairs. Costs are in %s minor units.",
		g.Company.Name, g.Vocab.Work.Many, g.Company.Currency)
	const vt, mt = "fleet_vehicles", "fleet_maintenance"
	s.Table(vt, "The company's vehicles.", "FV-", 3,
		PK(),
		Unique(Text("plate", "Registration plate.")),
		Text("make_model", "Make and model."),
		Enum("kind", "Body type.", "van", "truck", "car"),
		Int("odometer_km", "Odometer reading at the last recorded service, in km."),
		Enum("status", "available (on the road), in_workshop (off the road) or retired (sold or scrapped, final).", "available", "in_workshop", "retired"),
		Date("next_service_on", "When the next regular service is due."),
		Text("home_depot", "City the vehicle is based in."),
	)
	kinds := []string{"inspection", "oil_service", "tyres", "brakes", "repair", "post_job_check"}
	s.Table(mt, "Maintenance jobs: workshop visits, inspections and checks of a vehicle.", "MNT-", 5,
		PK(),
		Ref("vehicle_id", vt, "The vehicle."),
		Enum("kind", "What is done; post_job_check is the yard check of a vehicle after a job.", kinds...),
		Text("description", "What the workshop is asked to do."),
		Text("workshop", "Who does it (own yard or a garage)."),
		Date("scheduled_on", "Date booked."),
		Money("estimate", "Quoted cost"),
		Opt(Money("cost", "Final cost, set when done")),
		Enum("status", "scheduled → in_progress → done, or cancelled.", "scheduled", "in_progress", "done", "cancelled"),
		Opt(RefersTo("source_ref", k.work.Table+".id", "Id of the "+k.W+" it follows up, if any.")),
		Opt(Date("done_on", "Date it was finished.")),
	)

	// Vehicles.
	models := [][2]string{{"Mercedes-Benz Sprinter", "van"}, {"Ford Transit Custom", "van"}, {"Volkswagen Crafter", "van"}, {"Renault Master", "van"},
		{"Toyota Corolla Touring", "car"}, {"Škoda Octavia Combi", "car"}, {"Volkswagen Caddy", "van"}}
	// A haulier's trucks and the like come from its flavour.
	if vs := flavoured(g, func(f catalog.Flavour) []catalog.Vehicle { return f.Vehicles }); vs != nil {
		models = nil
		for _, v := range vs {
			models = append(models, [2]string{v.Model, v.Kind})
		}
	}
	workshops := make([]string, 3)
	for i := range workshops {
		_, family, _ := g.Locale.C.PersonName(g.R)
		workshops[i] = family + " " + []string{"Autoservice", "Truck & Van Service", "Fleet Care"}[i]
	}
	const yard = "Own yard"
	var veh []Row
	plates := map[string]bool{}
	nv := 6 + g.R.IntN(7)
	for i := 1; i <= nv; i++ {
		m := Pick(g.R, models)
		plate := vkPlate(k, i)
		for plates[plate] {
			plate = vkPlate(k, i+100)
		}
		plates[plate] = true
		status := "available"
		switch {
		case i == 3:
			status = "in_workshop"
		case i == nv && g.R.IntN(2) == 0:
			status = "retired"
		}
		veh = append(veh, k.add(nil, vt, Row{"id": g.FormatID(vt, i), "plate": plate, "make_model": m[0], "kind": m[1],
			"odometer_km": int64(8000 + g.R.IntN(230000)), "status": status, "next_service_on": g.Day(g.R.IntN(80) - 10), "home_depot": g.Locale.City()}))
	}
	var onRoad []Row
	for _, v := range veh {
		if v["status"] != "retired" {
			onRoad = append(onRoad, v)
		}
	}
	available := vkRowsWhere(veh, "status", "available")

	// Maintenance history, and the job of the vehicle in the workshop.
	mnt := k.entity(mt, "maintenance", "maintenance jobs", map[string]Role{
		"id": Column("id"), "date": Column("scheduled_on"),
		"kind":  textRole("kind", func(r Row) any { return vkHuman(r["kind"]) }),
		"plate": textRole("vehicle_id", func(r Row) any { return vkFind(veh, r["vehicle_id"])["plate"] }),
		"cost":  textRole("estimate", func(r Row) any { return k.fmtMoney(r["estimate"].(int64)) }),
	})
	reading := func(r Row) int64 {
		return vkFind(veh, r["vehicle_id"])["odometer_km"].(int64) + 300 + int64(vkNum(r["id"])*137%2500)
	}
	mnt.Roles["reading"] = textRole("vehicle_id", func(r Row) any { return reading(r) })
	std := kinds[:5]
	for i := 0; i < 8+g.R.IntN(9); i++ {
		v := Pick(g.R, onRoad)
		kind := Pick(g.R, std)
		d := g.R.IntN(150) - 120
		est := k.money(g.R, 90, 1400)
		r := Row{"id": k.nextID(mt), "vehicle_id": v["id"], "kind": kind, "description": vkHuman(kind) + " for " + v["plate"].(string),
			"workshop": Pick(g.R, workshops), "scheduled_on": g.Day(d), "estimate": est, "status": "scheduled"}
		if d < 0 {
			r["status"], r["cost"], r["done_on"] = "done", est+k.money(g.R, 0, 80)-k.money(g.R, 0, 40), g.Day(d+g.R.IntN(2))
			if r["cost"].(int64) < 0 {
				r["cost"] = est
			}
			if g.R.IntN(8) == 0 {
				r["status"], r["cost"], r["done_on"] = "cancelled", nil, nil
			}
		}
		k.add(mnt, mt, r)
	}
	k.add(mnt, mt, Row{"id": k.nextID(mt), "vehicle_id": veh[2]["id"], "kind": "repair", "description": "Gearbox noise, diagnose and repair",
		"workshop": workshops[0], "scheduled_on": g.Day(-2), "estimate": k.money(g.R, 600, 2500), "status": "in_progress"})

	// Tools.
	k.tool(true, "search_fleet_vehicles", "Search fleet vehicles",
		fmt.Sprintf("Find company vehicles by plate or model, status or body type. Returns id (like %s), plate, make_model, kind, odometer_km, status and next_service_on; page with cursor.", g.FormatID(vt, 1)),
		[]world.ArgSpec{S("query", false, "Part of the plate or the make and model."), A("status", vt+".status", false, ""), A("kind", vt+".kind", false, "")},
		Search(vt, []string{"plate"}, []string{"id", "plate", "make_model", "kind", "odometer_km", "status", "next_service_on"},
			FAny("query", "plate", "make_model"), F("status", "eq", "status"), F("kind", "eq", "kind")))
	k.tool(false, "search_fleet_maintenance", "Search maintenance jobs",
		"List maintenance jobs, newest date first, by vehicle, status, kind or the id of the "+k.W+" they follow up. Costs are in minor units.",
		[]world.ArgSpec{S("vehicle_id", false, "Fleet vehicle id, e.g. "+g.FormatID(vt, 1)+"."), A("status", mt+".status", false, ""), A("kind", mt+".kind", false, ""),
			S("source_ref", false, "Id of the "+k.W+" a job follows up.")},
		Search(mt, []string{"-scheduled_on"}, nil, F("vehicle_id", "eq", "vehicle_id"), F("status", "eq", "status"), F("kind", "eq", "kind"), F("source_ref", "eq", "source_ref")))
	k.tool(true, "book_fleet_maintenance", "Book a maintenance job",
		"Book a vehicle in for maintenance on a date: a workshop visit, an inspection or a post-job check in the yard. The job starts as scheduled; estimate is the quoted cost in minor units (0 for own-yard checks). Retired vehicles cannot be booked, and a vehicle takes one job of a kind per day. Returns the job with its id (MNT-…).",
		[]world.ArgSpec{S("vehicle_id", true, "Fleet vehicle id, e.g. "+g.FormatID(vt, 1)+"."), A("kind", mt+".kind", true, ""), vkDateArg("scheduled_on", true, "Date of the job."),
			S("description", true, "What is to be done."), S("workshop", true, "Garage name, or \""+yard+"\" for checks done by our own staff."),
			vkMoneyArg("estimate", true, "Quoted cost."), S("source_ref", false, "Id of the "+k.W+" this job follows up, if any.")},
		Get(vt, "vehicle_id", "veh", "No vehicle {vehicle_id}; search_fleet_vehicles lists the fleet."),
		world.Step{Require: "$veh.status", NotIn: vals("retired"), Message: "{veh.plate} is retired and cannot be booked."},
		world.Step{Absent: mt, Where: map[string]any{"vehicle_id": "$vehicle_id", "kind": "$kind", "scheduled_on": "$scheduled_on"}, As: "dup",
			Message: "{veh.plate} already has job {dup.id} of that kind on {scheduled_on}."},
		Insert(mt, "", map[string]any{"vehicle_id": "$vehicle_id", "kind": "$kind", "scheduled_on": "$scheduled_on", "description": "$description",
			"workshop": "$workshop", "estimate": "$estimate", "source_ref": "$source_ref", "status": "scheduled"}))
	complete := k.tool(true, "complete_fleet_maintenance", "Close a maintenance job",
		"Mark a scheduled or in-progress maintenance job done today, with its final cost (minor units) and the odometer reading in km. The vehicle's odometer is updated and it is back on the road (available). Returns the job.",
		[]world.ArgSpec{S("maintenance_id", true, "e.g. MNT-00001"), vkMoneyArg("cost", true, "Final cost."), vkIntArg("odometer_km", true, "Odometer reading at the workshop, in km.", 0)},
		Get(mt, "maintenance_id", "job", "No maintenance job {maintenance_id}."),
		world.Step{Require: "$job.status", In: vals("scheduled", "in_progress"), Message: "Job {maintenance_id} is {job.status}; only scheduled or in-progress jobs can be closed."},
		world.Step{Update: mt, Key: "$maintenance_id", Set: map[string]any{"status": "done", "cost": "$cost", "done_on": "$today"}, As: "done"},
		world.Step{Update: vt, Key: "$job.vehicle_id", Set: map[string]any{"odometer_km": "$odometer_km", "status": "available"},
			Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{"in_workshop": {"available"}}}})
	complete.Returns = "done"
	k.tool(false, "set_fleet_vehicle_status", "Change a vehicle's status",
		"Take a vehicle off the road (in_workshop), put it back (available) or retire it for good (retired is final).",
		[]world.ArgSpec{S("vehicle_id", true, ""), A("status", vt+".status", true, "The new status.")},
		world.Step{Update: vt, Key: "$vehicle_id", Set: map[string]any{"status": "$status"},
			Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{"available": {"in_workshop", "retired"}, "in_workshop": {"available", "retired"}}},
			Message:     "No vehicle {vehicle_id}."})

	// Event: a maintenance job is finished.
	s.Events = append(s.Events, &Event{
		Entity: mnt, Name: "done", Kind: "done", When: "a vehicle maintenance job is marked done in Fleet", Where: map[string]any{"status": "done"},
		InState: func(r Row) bool { return r["status"] == "done" },
		Setup: func(tc *TaskCtx) Row {
			v := Pick(tc.R, available)
			kind := Pick(tc.R, std)
			return Row{"id": k.tcID(tc, mt), "vehicle_id": v["id"], "kind": kind, "description": vkHuman(kind) + " for " + v["plate"].(string),
				"workshop": Pick(tc.R, workshops), "scheduled_on": g.Day(-1), "estimate": k.money(tc.R, 120, 900), "status": "in_progress"}
		},
		Do: func(r Row) []world.Call {
			return []world.Call{{Tool: "complete_fleet_maintenance", Args: map[string]any{"maintenance_id": r["id"], "cost": r["estimate"], "odometer_km": reading(r)}}}
		},
		Ask: []string{
			"The workshop has finished maintenance job {id} ({kind}) on {plate}. The bill came to {cost} and the odometer read {reading} km. Please close the job.",
			"{plate} is back from the workshop: job {id} is done, final cost {cost}, odometer {reading} km. Record it.",
			"Close maintenance {id} for {plate}: {kind} done, {cost} as quoted, {reading} km on the clock.",
		},
		Check: func(r Row) []world.Assertion {
			return []world.Assertion{
				vkField("The job is done.", mt, r["id"], "status", "done"),
				vkField("The final cost is recorded.", mt, r["id"], "cost", r["estimate"]),
				vkField("The vehicle's odometer is updated.", vt, r["vehicle_id"], "odometer_km", reading(r)),
			}
		},
		Touches: func(r Row) []world.Change {
			return []world.Change{vkChange(mt, []any{r["id"]}, "update"), vkChange(vt, []any{r["vehicle_id"]}, "update")}
		},
	})

	// Action: finished work gets a post-job vehicle check.
	freeVehicle := func(day string) Row {
		for _, v := range onRoad {
			if len(vkRowsWhere(g.Rows(mt), "vehicle_id", v["id"], "kind", "post_job_check", "scheduled_on", day)) == 0 {
				return v
			}
		}
		return onRoad[0]
	}
	s.Actions = append(s.Actions, &Action{
		On:      []string{"done"},
		Service: s.Name, Name: "vehicle checked", Needs: []string{"id", "date"},
		Then: "a post-job vehicle check (kind post_job_check) must be booked in Fleet on one of our vehicles, with the {noun} id as its source reference",
		Rule: func(up *Entity) *world.RuleThen {
			return KeysOf(up).Eq("source_ref", "id").In(mt, "", map[string]any{"kind": "post_job_check", "status": map[string]any{"ne": "cancelled"}})
		},
		Do: func(tc *TaskCtx, up *Entity, r Row) []world.Call {
			tc.NextID(mt)
			day := g.Day(1)
			return []world.Call{{Tool: "book_fleet_maintenance", Args: map[string]any{"vehicle_id": freeVehicle(day)["id"], "kind": "post_job_check",
				"scheduled_on": day, "description": fmt.Sprintf("Post-job check after %s %s", up.Noun, r[up.Key]), "workshop": yard, "estimate": 0, "source_ref": r[up.Key]}}}
		},
		Check: func(tc *TaskCtx, up *Entity, r Row) []world.Assertion {
			return []world.Assertion{vkExists("A post-job vehicle check references it.", mt,
				map[string]any{"source_ref": r[up.Key], "kind": "post_job_check", "status": map[string]any{"ne": "cancelled"}})}
		},
		Touches: []world.Change{vkChange(mt, nil, "insert")},
		Seed: func(g *Gen, up *Entity, r Row) {
			if len(vkRowsWhere(g.Rows(mt), "source_ref", r[up.Key], "kind", "post_job_check")) > 0 {
				return
			}
			day := fmt.Sprint(up.Val("date", r))
			row := Row{"id": k.nextID(mt), "vehicle_id": Pick(g.R, onRoad)["id"], "kind": "post_job_check", "description": fmt.Sprintf("Post-job check after %s %s", up.Noun, r[up.Key]),
				"workshop": yard, "scheduled_on": day, "estimate": int64(0), "status": "scheduled", "source_ref": r[up.Key]}
			if day < g.Day(0) {
				row["status"], row["cost"], row["done_on"] = "done", int64(0), day
			}
			k.add(mnt, mt, row)
		},
	})

	// Chores.
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		if len(available) == 0 {
			return Task{}, false
		}
		v := Pick(tc.R, available)
		kind := Pick(tc.R, []string{"oil_service", "inspection", "tyres"})
		day := g.Day(2 + tc.R.IntN(20))
		if len(vkRowsWhere(g.Rows(mt), "vehicle_id", v["id"], "kind", kind, "scheduled_on", day)) > 0 {
			return Task{}, false
		}
		shop := Pick(tc.R, workshops)
		est := k.money(tc.R, 120, 700)
		id := k.tcID(tc, mt)
		return Task{
			Title: "book vehicle " + vkHuman(kind),
			Instruction: fmt.Sprintf("Our %s %s is due for its %s (due date %s). Book it in with %s for %s; they quoted %s.",
				v["make_model"], v["plate"], vkHuman(kind), v["next_service_on"], shop, day, k.fmtMoney(est)),
			Calls: []world.Call{{Tool: "book_fleet_maintenance", Args: map[string]any{"vehicle_id": v["id"], "kind": kind, "scheduled_on": day,
				"description": vkHuman(kind) + " for " + v["plate"].(string), "workshop": shop, "estimate": est}}},
			Assertions: []world.Assertion{
				vkExists("The job is booked with the right garage, date and quote.", mt, map[string]any{"id": id, "vehicle_id": v["id"], "kind": kind,
					"scheduled_on": day, "workshop": shop, "estimate": est, "status": "scheduled"}),
				vkCount("Exactly one such job is booked.", mt, map[string]any{"vehicle_id": v["id"], "kind": kind, "scheduled_on": day}, 1),
			},
			MayChange: []world.Change{vkChange(mt, nil, "insert")},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		if len(available) == 0 {
			return Task{}, false
		}
		v := Pick(tc.R, available)
		day := g.Day(1)
		if len(vkRowsWhere(g.Rows(mt), "vehicle_id", v["id"], "kind", "brakes", "scheduled_on", day)) > 0 {
			return Task{}, false
		}
		shop := Pick(tc.R, workshops)
		est := k.money(tc.R, 250, 900)
		tc.NextID(mt)
		return Task{
			Title: "ground vehicle for brakes",
			Instruction: fmt.Sprintf("A driver reports that the brakes of %s (%s) feel soft. Take the vehicle off the road and book a brake repair with %s for %s; the quote is %s.",
				v["plate"], v["make_model"], shop, day, k.fmtMoney(est)),
			Calls: []world.Call{
				{Tool: "set_fleet_vehicle_status", Args: map[string]any{"vehicle_id": v["id"], "status": "in_workshop"}},
				{Tool: "book_fleet_maintenance", Args: map[string]any{"vehicle_id": v["id"], "kind": "brakes", "scheduled_on": day,
					"description": "Brakes feel soft, check and repair", "workshop": shop, "estimate": est}},
			},
			Assertions: []world.Assertion{
				vkField("The vehicle is off the road.", vt, v["id"], "status", "in_workshop"),
				vkExists("A brake repair is booked for it.", mt, map[string]any{"vehicle_id": v["id"], "kind": "brakes", "scheduled_on": day, "workshop": shop, "estimate": est, "status": "scheduled"}),
			},
			MayChange: []world.Change{vkChange(vt, []any{v["id"]}, "update"), vkChange(mt, nil, "insert")},
			Services:  []string{s.Name},
		}, true
	}})
	g.SetEntity("fleet_vehicle", &Entity{Service: s.Name, Table: vt, Key: "id", Noun: "vehicle", Plural: "vehicles", Prefix: "FV-", Width: 3, Rows: veh,
		Roles: map[string]Role{"id": Column("id"), "name": Column("plate")}})
}
