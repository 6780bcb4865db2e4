package archetypes

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

// Verticals where customers book something: appointments, reservations,
// enrolments on courses, and enquiries on listings.

func init() {
	for _, d := range []*engine.ServiceDef{
		{Name: "appointments", Title: "Appointments", Build: buildAppointments},
		{Name: "reservations", Title: "Reservations", Build: buildReservations},
		{Name: "enrolments", Title: "Enrolments", Build: buildEnrolments},
		{Name: "listings", Title: "Listings", Build: buildListings},
	} {
		d.Vertical, d.Layer = true, engine.LayerOperations
		engine.Register(d)
	}
}

// ---------------------------------------------------------------- appointments

func buildAppointments(g *engine.Gen, s *engine.Svc) {
	v := kit.New(g, s)
	one, many := v.Noun([2]string{"appointment", "appointments"}, [2]string{"consultation", "consultations"}, [2]string{"visit", "visits"})
	v.Named(many)
	o, m := engine.Snake(one), engine.Snake(many)
	table := s.Name + "_bookings"
	prefix := v.Prefix("APT-", "BKG-")
	s.Description = fmt.Sprintf("The %s diary of %s: who comes when, to see which %s, for what, and whether they turned up.", one, g.Company.Name, v.St)
	s.Table(table, fmt.Sprintf("%s with %s, one row per booked slot.", engine.Title(many), v.CMany), prefix, 5,
		kit.PK(),
		kit.RefersTo("customer_id", v.Cust.Table+".id", "The "+v.C+" (CRM id)."),
		kit.RefersTo("staff_id", v.Staff.Table+".id", "The "+v.St+" they see (staff id from "+v.Work.Plural+")."),
		kit.Text("purpose", "What it is for: one of the "+g.Vocab.Offering.Many+", a check-up or a follow-up."),
		kit.Datetime("starts_at", "Start, local time."),
		kit.Int("duration_min", "Length in minutes."),
		kit.Text("location", "Room or branch."),
		kit.Money("fee", "Fee of the "+one+"; charged in full for a no-show"),
		kit.Enum("status", "booked → confirmed → attended, or no_show; cancelled before it takes place.", "booked", "confirmed", "attended", "no_show", "cancelled"),
		kit.Bool("reminder_sent", "A reminder went out.", false),
		kit.Opt(kit.RefersTo("source_ref", v.Work.Table+".id", "The "+v.Work.Noun+" this "+one+" follows up, if any.")),
		kit.Datetime("booked_at", "When it was booked."),
	)
	e := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.CustRoles("customer_id")}
	e.Roles["amount"] = engine.Column("fee")
	e.Roles["date"] = kit.DateRole("starts_at")
	g.SetEntity(o, e)

	rooms := []string{"Room 1", "Room 2", "Room 3", "Main branch", g.Locale.City() + " branch"}
	purposes := []string{"Check-up", "Consultation", "Follow-up"}
	for _, it := range g.Vocab.Items {
		purposes = append(purposes, it.Name)
	}
	fee := func() int64 { return v.StepMoney(g.R, 30, 90) }
	for i := 1; i <= 16+g.R.IntN(12); i++ {
		c, st := engine.Pick(g.R, v.Customers()), engine.Pick(g.R, v.Team())
		d := g.R.IntN(40) - 20
		status := engine.Pick(g.R, []string{"booked", "confirmed"})
		if d < 0 {
			status = engine.Pick(g.R, []string{"attended", "attended", "attended", "no_show", "cancelled"})
		}
		r := engine.Row{"id": e.ID(i), "customer_id": c["id"], "staff_id": st["id"], "purpose": engine.Pick(g.R, purposes),
			"starts_at": v.Slot(fmt.Sprint(st["id"]), d, 8, g.R), "duration_min": int64(engine.Pick(g.R, []int{15, 30, 30, 45, 60})),
			"location": engine.Pick(g.R, rooms), "fee": fee(), "status": status, "reminder_sent": d < 3 && status != "cancelled",
			"booked_at": v.At(d-3-g.R.IntN(20), 8+g.R.IntN(9), 5*g.R.IntN(12))}
		v.Add(e, table, r)
	}

	// Tools.
	v.Tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by %s, %s, status or date. Returns id (like %s), %s id, staff id, purpose, start (local time) and status, earliest first.", many, v.C, v.St, e.ID(1), v.C),
		[]world.ArgSpec{kit.S("customer_id", false, "CRM id of the "+v.C+"."), kit.S("staff_id", false, "Id of the "+v.St+"."), kit.A("status", table+".status", false, ""),
			{Name: "from", Type: "datetime", Description: "Starting at or after this local time, e.g. " + v.At(0, 0, 0) + "."}, {Name: "before", Type: "datetime", Description: "Starting before this local time."}},
		kit.Search(table, []string{"starts_at"}, []string{"id", "customer_id", "staff_id", "purpose", "starts_at", "status", "source_ref"},
			kit.F("customer_id", "eq", "customer_id"), kit.F("staff_id", "eq", "staff_id"), kit.F("status", "eq", "status"), kit.F("starts_at", "gte", "from"), kit.F("starts_at", "lt", "before")))
	v.Tool(false, "get_"+o, "Get "+engine.An(one), fmt.Sprintf("Read one %s by id (e.g. %s), with fee (minor units), reminder flag and the %s it follows up.", one, e.ID(1), v.Work.Noun),
		[]world.ArgSpec{kit.S(o+"_id", true, "")},
		kit.Get(table, o+"_id", "", fmt.Sprintf("No %s {%s_id}; search_%s finds ids.", one, o, m)))
	v.Tool(true, "book_"+o, "Book "+engine.An(one),
		fmt.Sprintf("Book a %s in a %s's diary. starts_at is a local date-time (e.g. %s); fee in minor units. The %s must be free at that time. Starts as booked; returns the %s with its id.", one, v.St, v.At(7, 10, 30), v.St, one),
		[]world.ArgSpec{kit.S("customer_id", true, "CRM id of the "+v.C+"."), kit.S("staff_id", true, "Id of the "+v.St+"."),
			{Name: "starts_at", Type: "datetime", Required: true}, {Name: "duration_min", Type: "integer", Required: true, Minimum: kit.NumPtr(5)},
			kit.S("purpose", true, ""), kit.S("location", true, "Room or branch."), {Name: "fee", Type: "integer", Required: true, Minimum: kit.NumPtr(0)},
			kit.S("source_ref", false, "Id of the "+v.Work.Noun+" it follows up, if any.")},
		world.Step{Absent: table, Where: map[string]any{"staff_id": "$staff_id", "starts_at": "$starts_at", "status": "booked"}, As: "clash", Message: "{staff_id} already has {clash.id} at {starts_at}; pick another time."},
		world.Step{Absent: table, Where: map[string]any{"staff_id": "$staff_id", "starts_at": "$starts_at", "status": "confirmed"}, As: "clash2", Message: "{staff_id} already has {clash2.id} at {starts_at}; pick another time."},
		kit.Insert(table, "", map[string]any{"customer_id": "$customer_id", "staff_id": "$staff_id", "starts_at": "$starts_at", "duration_min": "$duration_min",
			"purpose": "$purpose", "location": "$location", "fee": "$fee", "source_ref": "$source_ref", "status": "booked", "booked_at": "$now"}))
	v.Tool(true, "set_"+o+"_status", "Update "+engine.An(one)+"'s status",
		fmt.Sprintf("Confirm, cancel or record the outcome of a %s: booked → confirmed → attended or no_show; booked or confirmed ones can be cancelled. Attended, no-show and cancelled are final.", one),
		[]world.ArgSpec{kit.S(o+"_id", true, ""), kit.A("status", table+".status", true, "The new status.")},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "$status"}, Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{
			"booked": {"confirmed", "attended", "no_show", "cancelled"}, "confirmed": {"attended", "no_show", "cancelled"}}},
			Message: fmt.Sprintf("No %s {%s_id}.", one, o)})
	v.Tool(false, "reschedule_"+o, "Reschedule "+engine.An(one),
		fmt.Sprintf("Move a booked or confirmed %s to another start time with the same %s. It goes back to booked (to be confirmed again) and its reminder is reset.", one, v.St),
		[]world.ArgSpec{kit.S(o+"_id", true, ""), {Name: "starts_at", Type: "datetime", Required: true, Description: "New local start time."}},
		kit.Get(table, o+"_id", "a", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$a.status", In: kit.Vals("booked", "confirmed"), Message: "{" + o + "_id} is {a.status}; only booked or confirmed " + many + " can be moved."},
		world.Step{Absent: table, Where: map[string]any{"staff_id": "$a.staff_id", "starts_at": "$starts_at", "status": "booked"}, As: "clash", Message: "{a.staff_id} already has {clash.id} at {starts_at}."},
		world.Step{Absent: table, Where: map[string]any{"staff_id": "$a.staff_id", "starts_at": "$starts_at", "status": "confirmed"}, As: "clash2", Message: "{a.staff_id} already has {clash2.id} at {starts_at}."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"starts_at": "$starts_at", "status": "booked", "reminder_sent": false}})

	// Event: a no-show.
	v.Event(e, kit.StatusEvent{
		Name: "no_show", Kind: "done", When: fmt.Sprintf("%s is marked as a no-show", engine.An(one)), Where: map[string]any{"status": "no_show"},
		InState: func(r engine.Row) bool { return r["status"] == "no_show" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			c, st := engine.Pick(tc.R, v.Customers()), engine.Pick(tc.R, v.Team())
			return engine.Row{"id": e.ID(tc.FreshID(table)), "customer_id": c["id"], "staff_id": st["id"], "purpose": engine.Pick(tc.R, purposes),
				"starts_at": v.At(0, 7, 15+15*tc.R.IntN(3)), "duration_min": int64(30), "location": engine.Pick(tc.R, rooms), "fee": v.StepMoney(tc.R, 30, 90),
				"status": "confirmed", "reminder_sent": true, "booked_at": v.At(-9, 11, 0)}
		},
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "set_" + o + "_status", Args: map[string]any{o + "_id": r["id"], "status": "no_show"}}
		},
		Ask: []string{
			fmt.Sprintf("{name} did not turn up for %s {id} this morning and never called. Please record it.", one),
			fmt.Sprintf("%s {id} ({name}): the %s waited, nobody came. Mark it as a no-show.", engine.Title(one), v.St),
			fmt.Sprintf("No-show this morning: {name}, %s {id}. Update the diary.", one),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The "+one+" is a no-show.", table, r["id"], "status", "no_show")}
		},
	})

	// Action: finished or cancelled work gets a follow-up booking.
	v.RefAction(kit.RefAction{
		Name: "follow_up_booked", On: []string{"done", "cancelled"}, Needs: []string{"id", "customer_id", "date"}, Table: table,
		Then: fmt.Sprintf("a follow-up %s for the same %s must be booked in %s (booked or confirmed), with the {noun} id as its reference", one, v.C, s.Title),
		Live: []string{"booked", "confirmed", "attended"},
		Call: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) world.Call {
			st := v.Team()[0]
			return world.Call{Tool: "book_" + o, Args: map[string]any{"customer_id": up.Val("customer_id", r), "staff_id": st["id"],
				"starts_at": v.Slot(fmt.Sprint(st["id"]), 14+tc.R.IntN(7), 9, tc.R), "duration_min": 30, "purpose": "Follow-up: " + kit.UpItem(up, r),
				"location": rooms[0], "fee": v.StepMoney(tc.R, 30, 60), "source_ref": r[up.Key]}}
		},
		Want: func(up *engine.Entity, r engine.Row) map[string]any { return map[string]any{"status": "booked"} },
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			st := engine.Pick(g.R, v.Team())
			d := v.Offset(up.Val("date", r)) + 14
			status := "booked"
			if d < 0 {
				status = "attended"
			}
			v.Add(e, table, engine.Row{"id": e.ID(v.NextNumber(table)), "customer_id": up.Val("customer_id", r), "staff_id": st["id"], "purpose": "Follow-up: " + kit.UpItem(up, r),
				"starts_at": v.Slot(fmt.Sprint(st["id"]), d, 9, g.R), "duration_min": int64(30), "location": rooms[0], "fee": v.StepMoney(g.R, 30, 60),
				"status": status, "reminder_sent": d < 3, "source_ref": r[up.Key], "booked_at": v.At(min(d, 0)-10, 16, 0)})
		},
	})

	// Chores: reschedule, book.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		open := v.PickRows(table, func(r engine.Row) bool {
			return (r["status"] == "booked" || r["status"] == "confirmed") && v.Offset(r["starts_at"]) >= 1
		})
		if len(open) == 0 {
			return engine.Task{}, false
		}
		a := engine.Pick(tc.R, open)
		to := v.Slot(fmt.Sprint(a["staff_id"]), v.Offset(a["starts_at"])+1+tc.R.IntN(3), 9, tc.R)
		who := kit.Lookup(v.Cust, a["customer_id"], "name")
		return engine.Task{
			Title:       "reschedule " + one,
			Instruction: fmt.Sprintf("%s called: they cannot make %s %s on %s. Please move it to %s (local time), same %s.", who, one, a["id"], kit.HumanTime(a["starts_at"].(string)), kit.HumanTime(to), v.St),
			Calls:       []world.Call{{Tool: "reschedule_" + o, Args: map[string]any{o + "_id": a["id"], "starts_at": to}}},
			Assertions: []world.Assertion{
				{Description: "It starts at the new time.", Weight: 2, SQL: fmt.Sprintf("SELECT datetime(starts_at) = datetime('%s') FROM %s WHERE id = '%s'", to, table, a["id"])},
				{Description: "It is still on.", Role: world.RoleConstraint, Exists: &world.RowMatch{Table: table, Where: map[string]any{"id": a["id"], "status": map[string]any{"in": []any{"booked", "confirmed"}}, "staff_id": a["staff_id"]}}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{a["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: engine.Pick(g.R, []string{"coordinator", "support lead"}), Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		c, st := engine.Pick(tc.R, v.Customers()), engine.Pick(tc.R, v.Team())
		at := v.Slot(fmt.Sprint(st["id"]), 3+tc.R.IntN(10), 9, tc.R)
		purpose := engine.Pick(tc.R, purposes)
		fee := v.StepMoney(tc.R, 30, 90)
		tc.NextID(table) // the new row: checked by its details, not its id
		return engine.Task{
			Title: "book " + one,
			Instruction: fmt.Sprintf("Please book %s (%s) in with %s (%s) on %s local time for %s: 45 minutes in %s, fee %s.",
				c["name"], c["id"], st["name"], st["id"], kit.HumanTime(at), purpose, rooms[1], v.FmtMoney(fee)),
			Calls: []world.Call{{Tool: "book_" + o, Args: map[string]any{"customer_id": c["id"], "staff_id": st["id"], "starts_at": at, "duration_min": 45,
				"purpose": purpose, "location": rooms[1], "fee": fee}}},
			Assertions: []world.Assertion{
				{Description: "The " + one + " is booked with the right details.", Weight: 2, Exists: &world.RowMatch{Table: table, Where: map[string]any{"customer_id": c["id"], "staff_id": st["id"], "duration_min": 45, "fee": fee, "status": "booked"}}},
				{Description: "It starts at the requested time.", SQL: fmt.Sprintf("SELECT datetime(starts_at) = datetime('%s') FROM %s WHERE customer_id = '%s' AND staff_id = '%s' AND status = 'booked' ORDER BY id DESC LIMIT 1", at, table, c["id"], st["id"])},
				{Description: "Booked once.", Count: &world.CountMatch{Table: table, Where: map[string]any{"customer_id": c["id"], "staff_id": st["id"], "status": "booked"}, Equals: kit.PtrInt(v.CountRows(table, "customer_id", c["id"], "staff_id", st["id"], "status", "booked") + 1)}},
			},
			MayChange: []world.Change{{Table: table, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// ---------------------------------------------------------------- reservations

func buildReservations(g *engine.Gen, s *engine.Svc) {
	v := kit.New(g, s)
	one, many := v.Noun([2]string{"reservation", "reservations"}, [2]string{"booking", "bookings"}, [2]string{"hold", "holds"})
	v.Named(many)
	o, m := engine.Snake(one), engine.Snake(many)
	resTable, table := s.Name+"_resources", s.Name+"_bookings"
	rprefix, prefix := v.Prefix("RSC-", "RES-"), v.Prefix("RSV-", "RBK-")
	s.Description = fmt.Sprintf("What %s's %s reserve: rooms, tables, bays and equipment, for which dates, and whether it is held, confirmed or used.", g.Company.Name, v.CMany)

	// Resources, flavoured by how the industry sells.
	kinds := []string{"room", "table", "bay", "studio", "vehicle", "equipment"}
	var mine []string
	switch u := strings.ToLower(g.Vocab.Unit); {
	case v.Industry("hotel", "hostel", "holiday"), strings.Contains(u, "night"):
		mine = []string{"room", "room", "room", "studio"}
	case v.Industry("restaurant", "cafe", "bar", "catering"):
		mine = []string{"table", "table", "table", "room"}
	case v.Industry("fitness", "gym", "studio", "beauty", "salon", "school", "training"):
		mine = []string{"studio", "room", "equipment"}
	case v.Industry("event", "conference"):
		mine = []string{"room", "studio", "equipment"}
	case v.Industry("travel", "tour"):
		mine = []string{"room", "vehicle"}
	case v.Industry("freight", "logistic", "warehous", "wholesale", "rental", "construct"):
		mine = []string{"vehicle", "bay", "equipment"}
	case strings.Contains(u, "hour"), strings.Contains(u, "session"):
		mine = []string{"studio", "room", "equipment"}
	default:
		mine = []string{"room", "equipment", engine.Pick(g.R, kinds)}
	}
	s.Table(resTable, "Things that can be reserved.", rprefix, 3,
		kit.PK(), kit.Text("name", "Name, e.g. Room 12."), kit.Enum("kind", "Kind of resource.", kinds...), kit.Int("capacity", "People (or pallets, seats) it takes."),
		kit.Money("daily_rate", "Standard price per day (for tables: per sitting)"), kit.Bool("active", "Can be reserved.", true))
	names := map[string][]string{"room": {"Room 101", "Room 102", "Room 204", "Room 215", "Suite 301", "Garden room", "Meeting room 1"},
		"table": {"Table 1", "Table 4", "Table 7", "Table 12", "Terrace table", "Window table", "Private dining room"},
		"bay":   {"Bay 1", "Bay 2", "Loading bay 3"}, "studio": {"Studio A", "Studio B", "Seminar room", "Treatment room"}, "vehicle": {"Van 1", "Van 2", "Truck 7.5t", "Minibus"},
		"equipment": {"Projector kit", "Sound system", "Lifting platform", "Mobile crane"}}
	rate := map[string][2]float64{"room": {60, 240}, "table": {20, 90}, "bay": {40, 120}, "studio": {30, 150}, "vehicle": {60, 220}, "equipment": {20, 180}}
	used := map[string]bool{}
	var resources []engine.Row
	for i := 1; len(resources) < 5+g.R.IntN(3) && i < 40; i++ {
		k := engine.Pick(g.R, mine)
		n := engine.Pick(g.R, names[k])
		if used[n] {
			continue
		}
		used[n] = true
		r := engine.Row{"id": fmt.Sprintf("%s%03d", rprefix, len(resources)+1), "name": n, "kind": k, "capacity": int64(1 + g.R.IntN(12)),
			"daily_rate": v.StepMoney(g.R, rate[k][0], rate[k][1]), "active": g.R.IntN(8) != 0}
		resources = append(resources, r)
		g.AddRow(resTable, r)
	}
	resources[0]["active"] = true
	var live []engine.Row
	for _, r := range resources {
		if r["active"] == true {
			live = append(live, r)
		}
	}

	s.Table(table, fmt.Sprintf("%s of resources by %s.", engine.Title(many), v.CMany), prefix, 5,
		kit.PK(),
		kit.Ref("resource_id", resTable, "What is reserved."),
		kit.RefersTo("customer_id", v.Cust.Table+".id", "The "+v.C+" (CRM id)."),
		kit.Int("party_size", "People (or units) expected."),
		kit.Date("start_date", "First day."),
		kit.Date("end_date", "Last day."),
		kit.Money("amount", "Total price quoted"),
		kit.WithDefault(kit.Money("deposit", "Deposit taken when confirmed"), int64(0)),
		kit.Enum("status", "held → confirmed → checked_in → completed; held or confirmed ones can be cancelled.", "held", "confirmed", "checked_in", "completed", "cancelled"),
		kit.Opt(kit.RefersTo("source_ref", v.Work.Table+".id", "The "+v.Work.Noun+" it is for, if any.")),
		kit.Datetime("created_at", "When it was taken."),
	)
	e := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.CustRoles("customer_id")}
	e.Roles["amount"] = engine.Column("amount")
	e.Roles["date"] = engine.Column("start_date")
	g.SetEntity(o, e)
	taken := map[string]bool{}
	free := func(res engine.Row, d int) int {
		for taken[fmt.Sprint(res["id"], d)] {
			d++
		}
		taken[fmt.Sprint(res["id"], d)] = true
		return d
	}
	quote := func(res engine.Row, nights int) int64 { return res["daily_rate"].(int64) * int64(nights) }
	for i := 1; i <= 14+g.R.IntN(12); i++ {
		res := engine.Pick(g.R, live)
		d := free(res, g.R.IntN(50)-25)
		n := 1 + g.R.IntN(3)
		status := engine.Pick(g.R, []string{"held", "confirmed", "confirmed"})
		switch {
		case d+n <= 0:
			status = engine.Pick(g.R, []string{"completed", "completed", "cancelled"})
		case d <= 0:
			status = "checked_in"
		}
		amount := quote(res, n)
		r := engine.Row{"id": e.ID(i), "resource_id": res["id"], "customer_id": engine.Pick(g.R, v.Customers())["id"], "party_size": int64(1 + g.R.IntN(6)),
			"start_date": g.Day(d), "end_date": g.Day(d + n - 1), "amount": amount, "deposit": int64(0), "status": status, "created_at": v.At(d-5-g.R.IntN(30), 10, 15)}
		if status != "held" && status != "cancelled" {
			r["deposit"] = amount / 5
		}
		v.Add(e, table, r)
	}
	// A confirmed reservation starting today, for check-in.
	res := live[0]
	d0 := free(res, 0)
	v.Add(e, table, engine.Row{"id": e.ID(v.NextNumber(table)), "resource_id": res["id"], "customer_id": engine.Pick(g.R, v.Customers())["id"], "party_size": int64(2),
		"start_date": g.Day(d0), "end_date": g.Day(d0 + 1), "amount": quote(res, 2), "deposit": quote(res, 2) / 5, "status": "confirmed", "created_at": v.At(-12, 14, 0)})

	// Tools.
	v.Tool(false, "list_reservable_resources", "List reservable resources",
		"Rooms, tables, bays, vehicles and equipment that can be reserved: id, name, kind, capacity, daily rate (minor units) and whether they can be reserved now.",
		[]world.ArgSpec{kit.A("kind", resTable+".kind", false, "")}, kit.Search(resTable, []string{"name"}, nil, kit.F("kind", "eq", "kind")))
	v.Tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by %s, resource, status or start date. Returns id (like %s), resource, %s id, dates, amount (minor units) and status.", many, v.C, e.ID(1), v.C),
		[]world.ArgSpec{kit.S("customer_id", false, "CRM id."), kit.S("resource_id", false, "e.g. "+rprefix+"001"), kit.A("status", table+".status", false, ""),
			{Name: "from", Type: "date", Description: "Starting on or after."}, {Name: "to", Type: "date", Description: "Starting on or before."}},
		kit.Search(table, []string{"start_date"}, []string{"id", "resource_id", "customer_id", "start_date", "end_date", "party_size", "amount", "status"},
			kit.F("customer_id", "eq", "customer_id"), kit.F("resource_id", "eq", "resource_id"), kit.F("status", "eq", "status"), kit.F("start_date", "gte", "from"), kit.F("start_date", "lte", "to")))
	v.Tool(false, "get_"+o, "Get "+engine.An(one), fmt.Sprintf("Read one %s by id with deposit and reference.", one),
		[]world.ArgSpec{kit.S(o+"_id", true, "e.g. "+e.ID(1))}, kit.Get(table, o+"_id", "", fmt.Sprintf("No %s {%s_id}.", one, o)))
	v.Tool(true, "hold_"+o, "Hold "+engine.An(one),
		fmt.Sprintf("Put a resource on hold for a %s from start_date to end_date. Refused if the resource cannot be reserved or already has a held or confirmed %s starting that day. amount in minor units. Starts as held; returns it with its id.", v.C, one),
		[]world.ArgSpec{kit.S("resource_id", true, ""), kit.S("customer_id", true, "CRM id."), {Name: "start_date", Type: "date", Required: true}, {Name: "end_date", Type: "date", Required: true},
			{Name: "party_size", Type: "integer", Required: true, Minimum: kit.NumPtr(1)}, {Name: "amount", Type: "integer", Required: true, Minimum: kit.NumPtr(0)},
			kit.S("source_ref", false, "Id of the "+v.Work.Noun+" it is for, if any.")},
		kit.Get(resTable, "resource_id", "res", "No resource {resource_id}; list the resources to see ids."),
		world.Step{Require: "$res.active", Equals: true, Message: "{res.name} cannot be reserved at the moment; pick another resource."},
		world.Step{Absent: table, Where: map[string]any{"resource_id": "$resource_id", "start_date": "$start_date", "status": "held"}, As: "h", Message: "{res.name} is already held from {start_date} ({h.id})."},
		world.Step{Absent: table, Where: map[string]any{"resource_id": "$resource_id", "start_date": "$start_date", "status": "confirmed"}, As: "c", Message: "{res.name} is already booked from {start_date} ({c.id})."},
		kit.Insert(table, "", map[string]any{"resource_id": "$resource_id", "customer_id": "$customer_id", "start_date": "$start_date", "end_date": "$end_date",
			"party_size": "$party_size", "amount": "$amount", "source_ref": "$source_ref", "status": "held", "created_at": "$now"}))
	v.Tool(true, "confirm_"+o, "Confirm "+engine.An(one),
		fmt.Sprintf("Confirm a held %s once the deposit (minor units) is taken.", one),
		[]world.ArgSpec{kit.S(o+"_id", true, ""), {Name: "deposit", Type: "integer", Required: true, Minimum: kit.NumPtr(0)}},
		kit.Get(table, o+"_id", "r", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$r.status", Equals: "held", Message: "{" + o + "_id} is {r.status}; only held " + many + " can be confirmed."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "confirmed", "deposit": "$deposit"}})
	v.Tool(false, "set_"+o+"_status", "Check in, complete or cancel",
		fmt.Sprintf("Move a %s along: confirmed → checked_in → completed; held or confirmed ones can be cancelled. Use confirm_%s to confirm.", one, o),
		[]world.ArgSpec{kit.S(o+"_id", true, ""), {Name: "status", Type: "string", Required: true, Enum: kit.Vals("checked_in", "completed", "cancelled")}},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "$status"}, Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{
			"held": {"cancelled"}, "confirmed": {"checked_in", "cancelled"}, "checked_in": {"completed"}}}, Message: fmt.Sprintf("No %s {%s_id}.", one, o)})

	// Events: confirmed, cancelled.
	setup := func(tc *engine.TaskCtx) engine.Row {
		res := engine.Pick(tc.R, live)
		d := free(res, 10+tc.R.IntN(20))
		return engine.Row{"id": e.ID(tc.FreshID(table)), "resource_id": res["id"], "customer_id": engine.Pick(tc.R, v.Customers())["id"], "party_size": int64(2 + tc.R.IntN(4)),
			"start_date": g.Day(d), "end_date": g.Day(d + 1), "amount": quote(res, 2), "deposit": int64(0), "status": "held", "created_at": v.At(-2, 15, 30)}
	}
	confirmed := []string{"confirmed", "checked_in", "completed"}
	v.Event(e, kit.StatusEvent{
		Name: "confirmed", Kind: "done", When: fmt.Sprintf("%s is confirmed (and from then on, while it is checked in or completed)", engine.An(one)),
		Where:   map[string]any{"status": map[string]any{"in": kit.Vals(confirmed...)}},
		InState: func(r engine.Row) bool { return slices.Contains(confirmed, r["status"].(string)) },
		Setup:   setup,
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "confirm_" + o, Args: map[string]any{o + "_id": r["id"], "deposit": r["amount"].(int64) / 5}}
		},
		Ask: []string{
			fmt.Sprintf("{name} paid the deposit for %s {id} (20%% of the total). Please confirm it.", one),
			fmt.Sprintf("Deposit of 20%% is in for %s {id}; {name} is coming. Confirm the %s.", one, one),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The "+one+" is confirmed.", table, r["id"], "status", "confirmed"),
				kit.FieldIs("The deposit is recorded.", table, r["id"], "deposit", r["amount"].(int64)/5)}
		},
	})
	v.Event(v.View(e, "amount"), kit.StatusEvent{
		Name: "cancelled", Kind: "cancelled", When: fmt.Sprintf("%s is cancelled", engine.An(one)), Where: map[string]any{"status": "cancelled"},
		InState: func(r engine.Row) bool { return r["status"] == "cancelled" },
		Setup:   setup,
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "set_" + o + "_status", Args: map[string]any{o + "_id": r["id"], "status": "cancelled"}}
		},
		Ask: []string{
			fmt.Sprintf("{name} no longer needs %s {id}. Please cancel it.", one),
			"Release the hold {id}: {name} has cancelled.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The "+one+" is cancelled.", table, r["id"], "status", "cancelled")}
		},
	})

	// Action: work gets a reservation for the next visit.
	v.RefAction(kit.RefAction{
		Name: "reserved", On: []string{"done"}, Needs: []string{"id", "customer_id", "date"}, Table: table,
		Then: fmt.Sprintf("a %s for the same %s must be held or confirmed in %s, with the {noun} id as its reference", one, v.C, s.Title),
		Live: []string{"held", "confirmed", "checked_in", "completed"},
		Call: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) world.Call {
			res := live[0]
			d := free(res, 7+tc.R.IntN(14))
			return world.Call{Tool: "hold_" + o, Args: map[string]any{"resource_id": res["id"], "customer_id": up.Val("customer_id", r), "start_date": g.Day(d), "end_date": g.Day(d),
				"party_size": 1, "amount": quote(res, 1), "source_ref": r[up.Key]}}
		},
		Want: func(up *engine.Entity, r engine.Row) map[string]any { return map[string]any{"status": "held"} },
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			res := engine.Pick(g.R, live)
			d := free(res, v.Offset(up.Val("date", r))+7)
			status := "held"
			if d < 0 {
				status = "completed"
			}
			row := engine.Row{"id": e.ID(v.NextNumber(table)), "resource_id": res["id"], "customer_id": up.Val("customer_id", r), "party_size": int64(1), "start_date": g.Day(d),
				"end_date": g.Day(d), "amount": quote(res, 1), "deposit": int64(0), "status": status, "source_ref": r[up.Key], "created_at": v.At(min(d, 0)-6, 12, 0)}
			if status == "completed" {
				row["deposit"] = quote(res, 1) / 5
			}
			v.Add(e, table, row)
		},
	})

	// Chores: check a guest in, hold a resource.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		today := v.PickRows(table, func(r engine.Row) bool { return r["status"] == "confirmed" && r["start_date"] == g.Day(0) })
		if len(today) == 0 {
			return engine.Task{}, false
		}
		r := engine.Pick(tc.R, today)
		return engine.Task{
			Title:       "check in " + one,
			Instruction: fmt.Sprintf("%s has arrived for %s %s. Please check them in.", kit.Lookup(v.Cust, r["customer_id"], "name"), one, r["id"]),
			Calls:       []world.Call{{Tool: "set_" + o + "_status", Args: map[string]any{o + "_id": r["id"], "status": "checked_in"}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The "+one+" is checked in.", table, r["id"], "status", "checked_in"),
				{Description: "No other check-in was recorded.", Count: &world.CountMatch{Table: table, Where: map[string]any{"status": "checked_in"}, Equals: kit.PtrInt(v.CountRows(table, "status", "checked_in") + 1)}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: engine.Pick(g.R, []string{"coordinator", "account manager"}), Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		c, res := engine.Pick(tc.R, v.Customers()), engine.Pick(tc.R, live)
		d := free(res, 5+tc.R.IntN(25))
		amount := quote(res, 2)
		id := e.ID(tc.NextID(table))
		return engine.Task{
			Title: "hold " + one,
			Instruction: fmt.Sprintf("%s (%s) would like %s from %s to %s for 3 people, at the standard rate: %s in total. Please put it on hold for them.",
				c["name"], c["id"], res["name"], g.Day(d), g.Day(d+1), v.FmtMoney(amount)),
			Calls: []world.Call{{Tool: "hold_" + o, Args: map[string]any{"resource_id": res["id"], "customer_id": c["id"], "start_date": g.Day(d), "end_date": g.Day(d + 1), "party_size": 3, "amount": amount}}},
			Assertions: []world.Assertion{
				{Description: "The " + one + " is held with the right details.", Weight: 2, Exists: &world.RowMatch{Table: table, Where: map[string]any{"id": id, "resource_id": res["id"], "customer_id": c["id"],
					"start_date": g.Day(d), "end_date": g.Day(d + 1), "party_size": 3, "amount": amount, "status": "held"}}},
				{Description: "Only one hold was made.", Count: &world.CountMatch{Table: table, Where: map[string]any{"customer_id": c["id"], "resource_id": res["id"]}, Equals: kit.PtrInt(v.CountRows(table, "customer_id", c["id"], "resource_id", res["id"]) + 1)}},
			},
			MayChange: []world.Change{{Table: table, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// ---------------------------------------------------------------- enrolments

func buildEnrolments(g *engine.Gen, s *engine.Svc) {
	v := kit.New(g, s)
	cone, cmany := v.Noun([2]string{"course", "courses"}, [2]string{"class", "classes"}, [2]string{"programme", "programmes"})
	one, many := v.Noun([2]string{"enrolment", "enrolments"}, [2]string{"registration", "registrations"}, [2]string{"place", "places"})
	v.Named(many)
	cm, o, m := engine.Snake(cmany), engine.Snake(one), engine.Snake(many)
	ctable, table := s.Name+"_courses", s.Name+"_register"
	cprefix, prefix := v.Prefix("CRS-", "CLS-"), v.Prefix("ENR-", "REG-")
	s.Description = fmt.Sprintf("The %s %s runs for its %s, who is enrolled on which, what they pay and how many sessions they attended.", cmany, g.Company.Name, v.CMany)
	s.Table(ctable, engine.Title(cmany)+" with dates, seats and fee.", cprefix, 3,
		kit.PK(), kit.Text("title", "Title."), kit.RefersTo("tutor_id", v.Staff.Table+".id", "The "+v.St+" who teaches it."),
		kit.Date("starts_on", "First session."), kit.Int("sessions", "Number of sessions."), kit.Int("seats", "Places available."),
		kit.Money("fee", "Fee per participant"), kit.Enum("status", "open for enrolment, or closed.", "open", "closed"))
	var topics []string
	for _, it := range g.Vocab.Items {
		topics = append(topics, it.Name)
	}
	topics = append(topics, "Introduction", "Refresher", "Advanced practice")
	levels := []string{"for beginners", "intensive", "evening " + cone, "weekend " + cone, "level 2", "masterclass"}
	var courses []engine.Row
	usedTitle := map[string]bool{}
	for len(courses) < 4+g.R.IntN(4) {
		t := engine.Pick(g.R, topics) + " – " + engine.Pick(g.R, levels)
		if usedTitle[t] {
			continue
		}
		usedTitle[t] = true
		d := g.R.IntN(80) - 40
		status := "open"
		if d < -7 || g.R.IntN(5) == 0 {
			status = "closed"
		}
		r := engine.Row{"id": fmt.Sprintf("%s%03d", cprefix, len(courses)+1), "title": t, "tutor_id": engine.Pick(g.R, v.Team())["id"], "starts_on": g.Day(d),
			"sessions": int64(engine.Pick(g.R, []int{4, 6, 8, 10, 12})), "seats": int64(6 + g.R.IntN(14)), "fee": v.StepMoney(g.R, 60, 600), "status": status}
		courses = append(courses, r)
		g.AddRow(ctable, r)
	}
	// Two open courses ahead, one that has run.
	courses[0]["status"], courses[0]["starts_on"] = "open", g.Day(14)
	courses[1]["status"], courses[1]["starts_on"] = "open", g.Day(21)
	courses[2]["status"], courses[2]["starts_on"] = "closed", g.Day(-60)
	var open, past []engine.Row
	for _, c := range courses {
		if c["status"] == "open" {
			open = append(open, c)
		}
		if c["status"] == "closed" && v.Offset(c["starts_on"]) < 0 {
			past = append(past, c)
		}
	}
	s.Table(table, fmt.Sprintf("%s of %s on %s.", engine.Title(many), v.CMany, cmany), prefix, 5,
		kit.PK(), kit.Ref("course_id", ctable, "The "+cone+"."), kit.RefersTo("customer_id", v.Cust.Table+".id", "The "+v.C+" (CRM id)."),
		kit.Money("fee", "Fee agreed"),
		kit.Enum("status", "applied → enrolled → completed; applied or enrolled ones can withdraw.", "applied", "enrolled", "completed", "withdrawn"),
		kit.WithDefault(kit.Int("sessions_attended", "Sessions attended so far."), int64(0)),
		kit.Opt(kit.RefersTo("source_ref", v.Work.Table+".id", "The "+v.Work.Noun+" that led to it, if any.")),
		kit.Datetime("applied_at", "When the application came in."))
	e := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.CustRoles("customer_id")}
	e.Roles["amount"] = engine.Column("fee")
	g.SetEntity(o, e)
	// pair marks who is on which course; everyone is on at most one open
	// course, so that another open one always has room for them.
	pair := map[string]bool{}
	onOpen := map[any]bool{}
	for i := 1; i <= 18+g.R.IntN(14); i++ {
		c, cu := engine.Pick(g.R, courses), engine.Pick(g.R, v.Customers())
		if pair[fmt.Sprint(c["id"], cu["id"])] || (c["status"] == "open" && onOpen[cu["id"]]) {
			continue
		}
		pair[fmt.Sprint(c["id"], cu["id"])] = true
		if c["status"] == "open" {
			onOpen[cu["id"]] = true
		}
		started := v.Offset(c["starts_on"]) < 0
		status := engine.Pick(g.R, []string{"applied", "enrolled", "enrolled"})
		attended := int64(0)
		if started {
			status = engine.Pick(g.R, []string{"enrolled", "enrolled", "completed", "withdrawn"})
			attended = int64(g.R.IntN(int(c["sessions"].(int64)) + 1))
			if status == "completed" {
				attended = c["sessions"].(int64)
			}
		}
		v.Add(e, table, engine.Row{"id": e.ID(v.NextNumber(table)), "course_id": c["id"], "customer_id": cu["id"], "fee": c["fee"], "status": status,
			"sessions_attended": attended, "applied_at": v.At(v.Offset(c["starts_on"])-10-g.R.IntN(30), 10, 0)})
	}

	// Tools.
	v.Tool(false, "search_"+cm, "Search "+cmany,
		fmt.Sprintf("Find %s by title or status. Returns id (like %s), title, tutor, start date, sessions, seats, fee (minor units) and status.", cmany, cprefix+"001"),
		[]world.ArgSpec{kit.S("query", false, "Part of the title."), kit.A("status", ctable+".status", false, ""), {Name: "from", Type: "date", Description: "Starting on or after."}},
		kit.Search(ctable, []string{"starts_on"}, nil, kit.FAny("query", "title"), kit.F("status", "eq", "status"), kit.F("starts_on", "gte", "from")))
	v.Tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by %s, %s or status. Returns id (like %s), %s, %s id, fee, status and sessions attended.", many, cone, v.C, e.ID(1), cone, v.C),
		[]world.ArgSpec{kit.S("course_id", false, "Id of the "+cone+"."), kit.S("customer_id", false, "CRM id."), kit.A("status", table+".status", false, "")},
		kit.Search(table, []string{"-applied_at"}, nil, kit.F("course_id", "eq", "course_id"), kit.F("customer_id", "eq", "customer_id"), kit.F("status", "eq", "status")))
	v.Tool(true, "apply_"+o, "Put someone down for a "+cone,
		fmt.Sprintf("Record a %s's application for an open %s, at the fee agreed (minor units). Refused if the %s is closed or they already applied or are enrolled. Starts as applied.", v.C, cone, cone),
		[]world.ArgSpec{kit.S("course_id", true, ""), kit.S("customer_id", true, "CRM id."), {Name: "fee", Type: "integer", Required: true, Minimum: kit.NumPtr(0)},
			kit.S("source_ref", false, "Id of the "+v.Work.Noun+" that led to it, if any.")},
		kit.Get(ctable, "course_id", "c", "No "+cone+" {course_id}; search_"+cm+" lists them."),
		world.Step{Require: "$c.status", Equals: "open", Message: "{c.title} is closed for enrolment."},
		world.Step{Absent: table, Where: map[string]any{"course_id": "$course_id", "customer_id": "$customer_id", "status": "applied"}, As: "a", Message: "{customer_id} already applied ({a.id})."},
		world.Step{Absent: table, Where: map[string]any{"course_id": "$course_id", "customer_id": "$customer_id", "status": "enrolled"}, As: "b", Message: "{customer_id} is already enrolled ({b.id})."},
		kit.Insert(table, "", map[string]any{"course_id": "$course_id", "customer_id": "$customer_id", "fee": "$fee", "source_ref": "$source_ref", "status": "applied", "applied_at": "$now"}))
	v.Tool(true, "confirm_"+o, "Confirm "+engine.An(one),
		"Turn an application into a confirmed place (applied → enrolled).",
		[]world.ArgSpec{kit.S(o+"_id", true, "e.g. "+e.ID(1))},
		kit.Get(table, o+"_id", "r", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$r.status", Equals: "applied", Message: "{" + o + "_id} is {r.status}; only applications can be confirmed."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "enrolled"}})
	v.Tool(false, "record_attendance", "Record attendance",
		"Set how many sessions an enrolled participant has attended so far (the running total, not an increment).",
		[]world.ArgSpec{kit.S(o+"_id", true, ""), {Name: "sessions_attended", Type: "integer", Required: true, Minimum: kit.NumPtr(0)}},
		kit.Get(table, o+"_id", "r", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$r.status", Equals: "enrolled", Message: "{" + o + "_id} is {r.status}; attendance is kept for enrolled participants only."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"sessions_attended": "$sessions_attended"}})
	v.Tool(false, "set_"+o+"_status", "Complete or withdraw",
		fmt.Sprintf("Mark an enrolled participant as completed, or withdraw an application or a place. Use confirm_%s to enrol.", o),
		[]world.ArgSpec{kit.S(o+"_id", true, ""), {Name: "status", Type: "string", Required: true, Enum: kit.Vals("completed", "withdrawn")}},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "$status"}, Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{
			"applied": {"withdrawn"}, "enrolled": {"completed", "withdrawn"}}}, Message: fmt.Sprintf("No %s {%s_id}.", one, o)})

	// Events: a place is confirmed; someone withdraws.
	setup := func(tc *engine.TaskCtx) engine.Row {
		c := engine.Pick(tc.R, open)
		var cu engine.Row
		for range 50 {
			if cu = engine.Pick(tc.R, v.Customers()); !pair[fmt.Sprint(c["id"], cu["id"])] {
				break
			}
		}
		return engine.Row{"id": e.ID(tc.FreshID(table)), "course_id": c["id"], "customer_id": cu["id"], "fee": c["fee"], "status": "applied",
			"sessions_attended": int64(0), "applied_at": v.At(-3, 10, 30)}
	}
	v.Event(e, kit.StatusEvent{
		Name: "enrolled", Kind: "done", When: fmt.Sprintf("%s is confirmed (the participant is enrolled, and later completed)", engine.An(one)),
		Where:   map[string]any{"status": map[string]any{"in": kit.Vals("enrolled", "completed")}},
		InState: func(r engine.Row) bool { return r["status"] == "enrolled" || r["status"] == "completed" },
		Setup:   setup,
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "confirm_" + o, Args: map[string]any{o + "_id": r["id"]}}
		},
		Ask: []string{
			"{name}'s application {id} is approved. Please confirm the place.",
			fmt.Sprintf("We have a place for {name} ({id}); confirm the %s.", one),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The participant is enrolled.", table, r["id"], "status", "enrolled")}
		},
	})
	v.Event(v.View(e, "amount"), kit.StatusEvent{
		Name: "withdrawn", Kind: "cancelled", When: fmt.Sprintf("%s is withdrawn", engine.An(one)), Where: map[string]any{"status": "withdrawn"},
		InState: func(r engine.Row) bool { return r["status"] == "withdrawn" },
		Setup:   setup,
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "set_" + o + "_status", Args: map[string]any{o + "_id": r["id"], "status": "withdrawn"}}
		},
		Ask: []string{
			"{name} has changed their mind and withdraws application {id}. Please record it.",
			fmt.Sprintf("Withdraw %s {id}: {name} cannot attend after all.", one),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The "+one+" is withdrawn.", table, r["id"], "status", "withdrawn")}
		},
	})

	// Action: work leads to an application for a course.
	v.RefAction(kit.RefAction{
		Name: "enrolled", On: []string{"done"}, Needs: []string{"id", "customer_id", "item"}, Table: table,
		Then: fmt.Sprintf("the same %s must be put down for an open %s in %s (applied or enrolled), with the {noun} id as its reference", v.C, cone, s.Title),
		Live: []string{"applied", "enrolled", "completed"},
		Call: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) world.Call {
			c := open[0]
			for _, x := range open {
				if !pair[fmt.Sprint(x["id"], up.Val("customer_id", r))] {
					c = x
					break
				}
			}
			return world.Call{Tool: "apply_" + o, Args: map[string]any{"course_id": c["id"], "customer_id": up.Val("customer_id", r), "fee": c["fee"], "source_ref": r[up.Key]}}
		},
		Want: func(up *engine.Entity, r engine.Row) map[string]any { return map[string]any{"status": "applied"} },
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			c := engine.Pick(g.R, past)
			pair[fmt.Sprint(c["id"], up.Val("customer_id", r))] = true
			status := "completed"
			v.Add(e, table, engine.Row{"id": e.ID(v.NextNumber(table)), "course_id": c["id"], "customer_id": up.Val("customer_id", r), "fee": c["fee"], "status": status,
				"sessions_attended": c["sessions"], "source_ref": r[up.Key], "applied_at": v.At(v.Offset(up.Val("date", r))-1, 17, 0)})
		},
	})

	// Chores: attendance, applications.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		var cands []engine.Row
		for _, r := range v.Gen.Rows(table) {
			if c := lookupRow(courses, r["course_id"]); r["status"] == "enrolled" && c != nil && v.Offset(c["starts_on"]) < 0 && r["sessions_attended"].(int64) < c["sessions"].(int64) {
				cands = append(cands, r)
			}
		}
		if len(cands) == 0 {
			return engine.Task{}, false
		}
		r := engine.Pick(tc.R, cands)
		c := lookupRow(courses, r["course_id"])
		n := r["sessions_attended"].(int64) + 1
		return engine.Task{
			Title: "record attendance",
			Instruction: fmt.Sprintf("The register for \"%s\" says %s has now attended %d sessions in total (%s %s). Please update their attendance.",
				c["title"], kit.Lookup(v.Cust, r["customer_id"], "name"), n, one, r["id"]),
			Calls: []world.Call{{Tool: "record_attendance", Args: map[string]any{o + "_id": r["id"], "sessions_attended": n}}},
			Assertions: []world.Assertion{
				kit.FieldIs("Attendance is up to date.", table, r["id"], "sessions_attended", n),
				engine.Constraint(kit.FieldIs("They are still enrolled.", table, r["id"], "status", "enrolled")),
			},
			MayChange: []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: engine.Pick(g.R, []string{"coordinator", "sales manager"}), Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		c, cu := engine.Pick(tc.R, open), engine.Pick(tc.R, v.Customers())
		if pair[fmt.Sprint(c["id"], cu["id"])] {
			return engine.Task{}, false
		}
		id := e.ID(tc.NextID(table))
		return engine.Task{
			Title:       "apply for " + cone,
			Instruction: fmt.Sprintf("%s (%s) wants to join \"%s\" at the standard fee. Please put them down for it; we confirm places later.", cu["name"], cu["id"], c["title"]),
			Calls:       []world.Call{{Tool: "apply_" + o, Args: map[string]any{"course_id": c["id"], "customer_id": cu["id"], "fee": c["fee"]}}},
			Assertions: []world.Assertion{
				{Description: "The application is recorded at the standard fee.", Weight: 2, Exists: &world.RowMatch{Table: table, Where: map[string]any{"id": id, "course_id": c["id"], "customer_id": cu["id"], "fee": c["fee"], "status": "applied"}}},
				{Description: "Only one application.", Count: &world.CountMatch{Table: table, Where: map[string]any{"course_id": c["id"], "customer_id": cu["id"]}, Equals: kit.PtrInt(1)}},
			},
			MayChange: []world.Change{{Table: table, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// lookupRow finds a row by id.
func lookupRow(rows []engine.Row, id any) engine.Row {
	for _, r := range rows {
		if r["id"] == id {
			return r
		}
	}
	return nil
}

// ---------------------------------------------------------------- listings

func buildListings(g *engine.Gen, s *engine.Svc) {
	v := kit.New(g, s)
	one, many := v.Noun([2]string{"listing", "listings"}, [2]string{"advert", "adverts"}, [2]string{"offer", "offers"})
	v.Named(many)
	o, m := engine.Snake(one), engine.Snake(many)
	table, etable := s.Name+"_ads", s.Name+"_enquiries"
	prefix, eprefix := v.Prefix("LST-", "ADV-"), v.Prefix("ENQ-", "INQ-")
	s.Description = fmt.Sprintf("What %s lists for sale or rent on behalf of its %s, and the enquiries that come in.", g.Company.Name, v.CMany)
	// What is listed, how it is described and priced, by trade.
	cats := []string{"Two-room flat", "Family house", "Office unit", "Retail unit", "Garage", "Building plot"}
	adj := []string{"Bright", "Spacious", "Renovated", "Central", "Quiet", "Modern", "Classic"}
	sale, rent := [2]float64{60000, 600000}, [2]float64{450, 2800}
	switch {
	case v.Industry("car", "vehicle", "dealer", "motor"):
		cats = []string{"Hatchback", "Estate car", "SUV", "Saloon", "Van", "Motorbike"}
		adj = []string{"Low-mileage", "One-owner", "Well-kept", "Full-service-history", "Nearly new"}
		sale, rent = [2]float64{6000, 60000}, [2]float64{250, 900}
	case v.Industry("property", "real estate", "real-estate", "hotel", "construct"):
	default:
		cats = nil
		for _, it := range g.Vocab.Items {
			cats = append(cats, it.Name)
		}
		cats = append(cats, "Used equipment", "Surplus stock")
		adj = []string{"Well-kept", "As new", "Good value", "Ready to use"}
		sale, rent = [2]float64{200, 20000}, [2]float64{50, 900}
	}
	price := func(r *rand.Rand, kind string) int64 {
		if kind == "rent" {
			return v.StepMoney(r, rent[0], rent[1])
		}
		return v.StepMoney(r, sale[0], sale[1])
	}
	s.Table(table, engine.Title(many)+", one per item or property on the market.", prefix, 5,
		kit.PK(), kit.RefersTo("customer_id", v.Cust.Table+".id", "The "+v.C+" who owns what is listed (CRM id)."),
		kit.Text("title", "Headline."), kit.Text("category", "What kind of thing it is."), kit.Enum("kind", "For sale or to rent.", "sale", "rent"),
		kit.Money("asking_price", "Asking price (for rentals: per month)"), kit.Text("location", "City."),
		kit.Enum("status", "draft → live → under_offer → sold (sold or let); live or under-offer ones can be withdrawn; an offer can fall through (back to live).", "draft", "live", "under_offer", "sold", "withdrawn"),
		kit.Date("listed_on", "When it was first listed."))
	e := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.CustRoles("customer_id")}
	g.SetEntity(o, e)
	for i := 1; i <= 12+g.R.IntN(10); i++ {
		cat, city := engine.Pick(g.R, cats), g.Locale.City()
		d := -g.R.IntN(120)
		status := engine.Pick(g.R, []string{"live", "live", "live", "under_offer", "sold", "withdrawn", "draft"})
		if status == "draft" {
			d = 0
		}
		kind := engine.Pick(g.R, []string{"sale", "rent"})
		v.Add(e, table, engine.Row{"id": e.ID(i), "customer_id": engine.Pick(g.R, v.Customers())["id"], "title": fmt.Sprintf("%s %s in %s", engine.Pick(g.R, adj), strings.ToLower(cat), city),
			"category": cat, "kind": kind, "asking_price": price(g.R, kind), "location": city, "status": status, "listed_on": g.Day(d)})
	}
	e.Rows[0]["status"] = "live"
	var live []engine.Row
	for _, r := range e.Rows {
		if r["status"] == "live" {
			live = append(live, r)
		}
	}
	s.Table(etable, "Enquiries about "+many+".", eprefix, 5,
		kit.PK(), kit.Ref("listing_id", table, "The "+one+" asked about."), kit.RefersTo("customer_id", v.Cust.Table+".id", "Who asked (CRM id)."),
		kit.Text("message", "What they asked."), kit.Enum("channel", "How it came in.", "phone", "email", "portal", "walk_in"),
		kit.Enum("status", "new → answered → viewing_booked → closed.", "new", "answered", "viewing_booked", "closed"),
		kit.Opt(kit.RefersTo("source_ref", v.Work.Table+".id", "The "+v.Work.Noun+" it came from, if any.")), kit.Datetime("received_at", "When it came in."))
	questions := []string{"Is it still available?", "Can we arrange a viewing?", "Is the price negotiable?", "What are the running costs?", "When could I move in / take it over?"}
	for i := 1; i <= 10+g.R.IntN(12); i++ {
		l := engine.Pick(g.R, e.Rows)
		if l["status"] == "draft" {
			continue
		}
		g.AddRow(etable, engine.Row{"id": fmt.Sprintf("%s%05d", eprefix, v.NextNumber(etable)), "listing_id": l["id"], "customer_id": engine.Pick(g.R, v.Customers())["id"], "message": engine.Pick(g.R, questions),
			"channel": engine.Pick(g.R, []string{"phone", "email", "portal", "portal", "walk_in"}), "status": engine.Pick(g.R, []string{"new", "answered", "viewing_booked", "closed"}),
			"received_at": v.At(-g.R.IntN(20), 9+g.R.IntN(9), 10*g.R.IntN(6))})
	}

	// Tools.
	v.Tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by text (title, category, location), kind, status, owner or maximum asking price (minor units). Returns id (like %s), title, kind, price, location and status.", many, e.ID(1)),
		[]world.ArgSpec{kit.S("query", false, "Part of the title, category or city."), kit.A("kind", table+".kind", false, ""), kit.A("status", table+".status", false, ""),
			kit.S("customer_id", false, "CRM id of the owner."), kit.I("max_price", false, "Highest asking price, minor units.")},
		kit.Search(table, []string{"-listed_on"}, []string{"id", "customer_id", "title", "kind", "asking_price", "location", "status"},
			kit.FAny("query", "title", "category", "location"), kit.F("kind", "eq", "kind"), kit.F("status", "eq", "status"), kit.F("customer_id", "eq", "customer_id"), kit.F("asking_price", "lte", "max_price")))
	v.Tool(false, "get_"+o, "Get "+engine.An(one), fmt.Sprintf("Read one %s by id.", one),
		[]world.ArgSpec{kit.S(o+"_id", true, "e.g. "+e.ID(1))}, kit.Get(table, o+"_id", "", fmt.Sprintf("No %s {%s_id}.", one, o)))
	v.Tool(true, "set_"+o+"_status", "Move "+engine.An(one)+" along",
		fmt.Sprintf("Publish, mark under offer, sold (or let), or withdraw a %s: draft → live → under_offer → sold; an offer that falls through goes back to live; draft, live and under-offer ones can be withdrawn. Sold and withdrawn are final.", one),
		[]world.ArgSpec{kit.S(o+"_id", true, ""), kit.A("status", table+".status", true, "The new status.")},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "$status"}, Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{
			"draft": {"live", "withdrawn"}, "live": {"under_offer", "withdrawn"}, "under_offer": {"live", "sold", "withdrawn"}}}, Message: fmt.Sprintf("No %s {%s_id}.", one, o)})
	v.Tool(false, "search_enquiries", "Search enquiries",
		fmt.Sprintf("Find enquiries by %s, %s or status, newest first.", one, v.C),
		[]world.ArgSpec{kit.S("listing_id", false, ""), kit.S("customer_id", false, "CRM id."), kit.A("status", etable+".status", false, "")},
		kit.Search(etable, []string{"-received_at"}, nil, kit.F("listing_id", "eq", "listing_id"), kit.F("customer_id", "eq", "customer_id"), kit.F("status", "eq", "status")))
	v.Tool(true, "log_enquiry", "Log an enquiry",
		fmt.Sprintf("Record an enquiry from a %s about a %s that is on the market (live or under offer). Starts as new; returns it with its id (like %s00001).", v.C, one, eprefix),
		[]world.ArgSpec{kit.S("listing_id", true, ""), kit.S("customer_id", true, "CRM id of who asked."), kit.S("message", true, "What they asked."),
			kit.A("channel", etable+".channel", true, ""), kit.S("source_ref", false, "Id of the "+v.Work.Noun+" it came from, if any.")},
		kit.Get(table, "listing_id", "l", "No "+one+" {listing_id}."),
		world.Step{Require: "$l.status", In: kit.Vals("live", "under_offer"), Message: "{l.title} is {l.status}, not on the market."},
		kit.Insert(etable, "", map[string]any{"listing_id": "$listing_id", "customer_id": "$customer_id", "message": "$message", "channel": "$channel",
			"source_ref": "$source_ref", "status": "new", "received_at": "$now"}))
	v.Tool(false, "update_enquiry", "Update an enquiry",
		"Record what happened to an enquiry: new → answered → viewing_booked → closed (any open one can be closed).",
		[]world.ArgSpec{kit.S("enquiry_id", true, ""), kit.A("status", etable+".status", true, "")},
		world.Step{Update: etable, Key: "$enquiry_id", Set: map[string]any{"status": "$status"}, Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{
			"new": {"answered", "viewing_booked", "closed"}, "answered": {"viewing_booked", "closed"}, "viewing_booked": {"closed"}}}, Message: "No enquiry {enquiry_id}."})

	// Events: sold; published.
	v.Event(e, kit.StatusEvent{
		Name: "sold", Kind: "done", When: fmt.Sprintf("%s is marked sold (or let)", engine.An(one)), Where: map[string]any{"status": "sold"},
		InState: func(r engine.Row) bool { return r["status"] == "sold" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			cat, city := engine.Pick(tc.R, cats), g.Locale.City()
			return engine.Row{"id": e.ID(tc.FreshID(table)), "customer_id": engine.Pick(tc.R, v.Customers())["id"], "title": fmt.Sprintf("%s %s in %s", engine.Pick(tc.R, adj), strings.ToLower(cat), city),
				"category": cat, "kind": "sale", "asking_price": price(tc.R, "sale"), "location": city, "status": "under_offer", "listed_on": g.Day(-30)}
		},
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "set_" + o + "_status", Args: map[string]any{o + "_id": r["id"], "status": "sold"}}
		},
		Ask: []string{
			fmt.Sprintf("Contracts are signed for %s {id} of {name}. Mark it sold.", one),
			fmt.Sprintf("The offer on {id} went through – {name}'s %s is sold. Please update it.", one),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The "+one+" is sold.", table, r["id"], "status", "sold")}
		},
	})
	v.Event(e, kit.StatusEvent{
		Name: "published", Kind: "created", When: fmt.Sprintf("%s goes live", engine.An(one)),
		Where:   map[string]any{"status": "live"},
		InState: func(r engine.Row) bool { return r["status"] == "live" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			cat, city := engine.Pick(tc.R, cats), g.Locale.City()
			kind := engine.Pick(tc.R, []string{"sale", "rent"})
			return engine.Row{"id": e.ID(tc.FreshID(table)), "customer_id": engine.Pick(tc.R, v.Customers())["id"], "title": fmt.Sprintf("%s %s in %s", engine.Pick(tc.R, adj), strings.ToLower(cat), city),
				"category": cat, "kind": kind, "asking_price": price(tc.R, kind), "location": city, "status": "draft", "listed_on": g.Day(0)}
		},
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "set_" + o + "_status", Args: map[string]any{o + "_id": r["id"], "status": "live"}}
		},
		Ask: []string{
			fmt.Sprintf("{name} approved the text and photos of draft %s {id}. Put it live.", one),
			fmt.Sprintf("Publish %s {id} for {name}; everything is signed off.", one),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The "+one+" is live.", table, r["id"], "status", "live")}
		},
	})

	// Action: work leads to an enquiry on a live listing.
	v.RefAction(kit.RefAction{
		Name: "enquiry_logged", On: []string{"done"}, Needs: []string{"id", "customer_id", "date"}, Table: etable,
		Then: fmt.Sprintf("an enquiry from the same %s must be logged in %s on one of our live %s, with the {noun} id as its reference", v.C, s.Title, many),
		Live: []string{"new", "answered", "viewing_booked", "closed"},
		Call: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) world.Call {
			l := engine.Pick(tc.R, live)
			return world.Call{Tool: "log_enquiry", Args: map[string]any{"listing_id": l["id"], "customer_id": up.Val("customer_id", r), "message": fmt.Sprintf("Interest after %s %s.", up.Noun, r[up.Key]),
				"channel": "phone", "source_ref": r[up.Key]}}
		},
		Want: func(up *engine.Entity, r engine.Row) map[string]any { return map[string]any{"status": "new"} },
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			l := engine.Pick(g.R, live)
			g.AddRow(etable, engine.Row{"id": fmt.Sprintf("%s%05d", eprefix, v.NextNumber(etable)), "listing_id": l["id"], "customer_id": up.Val("customer_id", r),
				"message": fmt.Sprintf("Interest after %s %s.", up.Noun, r[up.Key]), "channel": "phone", "status": "answered", "source_ref": r[up.Key],
				"received_at": v.At(min(v.Offset(up.Val("date", r)), 0), 8, 45)})
		},
	})

	// Chores: log an enquiry; book a viewing.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: engine.Pick(g.R, []string{"sales manager", "coordinator"}), Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		l, c := engine.Pick(tc.R, live), engine.Pick(tc.R, v.Customers())
		q := engine.Pick(tc.R, questions)
		n := tc.NextID(etable)
		id := fmt.Sprintf("%s%05d", eprefix, n)
		return engine.Task{
			Title:       "log enquiry",
			Instruction: fmt.Sprintf("%s (%s) just phoned about \"%s\" (%s): \"%s\" Please log the enquiry.", c["name"], c["id"], l["title"], l["id"], q),
			Calls:       []world.Call{{Tool: "log_enquiry", Args: map[string]any{"listing_id": l["id"], "customer_id": c["id"], "message": q, "channel": "phone"}}},
			Assertions: []world.Assertion{
				{Description: "The enquiry is logged as a phone call.", Weight: 2, Exists: &world.RowMatch{Table: etable, Where: map[string]any{"id": id, "listing_id": l["id"], "customer_id": c["id"], "channel": "phone", "status": "new"}}},
				{Description: "Logged once.", Count: &world.CountMatch{Table: etable, Where: map[string]any{"listing_id": l["id"], "customer_id": c["id"]}, Equals: kit.PtrInt(v.CountRows(etable, "listing_id", l["id"], "customer_id", c["id"]) + 1)}},
			},
			MayChange: []world.Change{{Table: etable, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		cands := v.PickRows(etable, func(r engine.Row) bool { return r["status"] == "new" || r["status"] == "answered" })
		if len(cands) == 0 {
			return engine.Task{}, false
		}
		q := engine.Pick(tc.R, cands)
		return engine.Task{
			Title:       "book viewing",
			Instruction: fmt.Sprintf("We agreed a viewing with %s about enquiry %s. Please record that the viewing is booked.", kit.Lookup(v.Cust, q["customer_id"], "name"), q["id"]),
			Calls:       []world.Call{{Tool: "update_enquiry", Args: map[string]any{"enquiry_id": q["id"], "status": "viewing_booked"}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The enquiry has a viewing booked.", etable, q["id"], "status", "viewing_booked"),
				{Description: "No other enquiry changed.", Count: &world.CountMatch{Table: etable, Where: map[string]any{"status": "viewing_booked"}, Equals: kit.PtrInt(v.CountRows(etable, "status", "viewing_booked") + 1)}},
			},
			MayChange: []world.Change{{Table: etable, Keys: []any{q["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}
