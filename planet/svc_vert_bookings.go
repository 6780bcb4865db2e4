package planet

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/world"
)

// Verticals where customers book something: appointments, reservations,
// enrolments on courses, and enquiries on listings.

func init() {
	for _, d := range []*ServiceDef{
		{Name: "appointments", Title: "Appointments", Build: buildAppointments},
		{Name: "reservations", Title: "Reservations", Build: buildReservations},
		{Name: "enrolments", Title: "Enrolments", Build: buildEnrolments},
		{Name: "listings", Title: "Listings", Build: buildListings},
	} {
		d.Vertical, d.Layer = true, LayerOperations
		register(d)
	}
}

// ---------------------------------------------------------------- appointments

func buildAppointments(g *Gen, s *Svc) {
	v := newVertical(g, s)
	one, many := v.noun([2]string{"appointment", "appointments"}, [2]string{"consultation", "consultations"}, [2]string{"visit", "visits"})
	v.named(many)
	o, m := snake(one), snake(many)
	table := s.Name + "_bookings"
	prefix := v.prefix("APT-", "BKG-")
	s.Description = fmt.Sprintf("The %s diary of %s: who comes when, to see which %s, for what, and whether they turned up.", one, g.Company.Name, v.St)
	s.Table(table, fmt.Sprintf("%s with %s, one row per booked slot.", title(many), v.CMany), prefix, 5,
		PK(),
		RefersTo("customer_id", v.cust.Table+".id", "The "+v.C+" (CRM id)."),
		RefersTo("staff_id", v.staff.Table+".id", "The "+v.St+" they see (staff id from "+v.work.Plural+")."),
		Text("purpose", "What it is for: one of the "+g.Vocab.Offering.Many+", a check-up or a follow-up."),
		Datetime("starts_at", "Start, local time."),
		Int("duration_min", "Length in minutes."),
		Text("location", "Room or branch."),
		Money("fee", "Fee of the "+one+"; charged in full for a no-show"),
		Enum("status", "booked → confirmed → attended, or no_show; cancelled before it takes place.", "booked", "confirmed", "attended", "no_show", "cancelled"),
		Bool("reminder_sent", "A reminder went out.", false),
		Opt(RefersTo("source_ref", v.work.Table+".id", "The "+v.work.Noun+" this "+one+" follows up, if any.")),
		Datetime("booked_at", "When it was booked."),
	)
	e := &Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.custRoles("customer_id")}
	e.Roles["amount"] = Column("fee")
	e.Roles["date"] = dateRole("starts_at")
	g.SetEntity(o, e)

	rooms := []string{"Room 1", "Room 2", "Room 3", "Main branch", g.Locale.City() + " branch"}
	purposes := []string{"Check-up", "Consultation", "Follow-up"}
	for _, it := range g.Vocab.Items {
		purposes = append(purposes, it.Name)
	}
	fee := func() int64 { return v.money(g.R, 30, 90) }
	for i := 1; i <= 16+g.R.IntN(12); i++ {
		c, st := Pick(g.R, v.customers()), Pick(g.R, v.team())
		d := g.R.IntN(40) - 20
		status := Pick(g.R, []string{"booked", "confirmed"})
		if d < 0 {
			status = Pick(g.R, []string{"attended", "attended", "attended", "no_show", "cancelled"})
		}
		r := Row{"id": e.ID(i), "customer_id": c["id"], "staff_id": st["id"], "purpose": Pick(g.R, purposes),
			"starts_at": v.slot(fmt.Sprint(st["id"]), d, 8, g.R), "duration_min": int64(Pick(g.R, []int{15, 30, 30, 45, 60})),
			"location": Pick(g.R, rooms), "fee": fee(), "status": status, "reminder_sent": d < 3 && status != "cancelled",
			"booked_at": v.at(d-3-g.R.IntN(20), 8+g.R.IntN(9), 5*g.R.IntN(12))}
		v.add(e, table, r)
	}

	// Tools.
	v.tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by %s, %s, status or date. Returns id (like %s), %s id, staff id, purpose, start (local time) and status, earliest first.", many, v.C, v.St, e.ID(1), v.C),
		[]world.ArgSpec{S("customer_id", false, "CRM id of the "+v.C+"."), S("staff_id", false, "Id of the "+v.St+"."), A("status", table+".status", false, ""),
			{Name: "from", Type: "datetime", Description: "Starting at or after this local time, e.g. " + v.at(0, 0, 0) + "."}, {Name: "before", Type: "datetime", Description: "Starting before this local time."}},
		Search(table, []string{"starts_at"}, []string{"id", "customer_id", "staff_id", "purpose", "starts_at", "status", "source_ref"},
			F("customer_id", "eq", "customer_id"), F("staff_id", "eq", "staff_id"), F("status", "eq", "status"), F("starts_at", "gte", "from"), F("starts_at", "lt", "before")))
	v.tool(false, "get_"+o, "Get "+an(one), fmt.Sprintf("Read one %s by id (e.g. %s), with fee (minor units), reminder flag and the %s it follows up.", one, e.ID(1), v.work.Noun),
		[]world.ArgSpec{S(o+"_id", true, "")},
		Get(table, o+"_id", "", fmt.Sprintf("No %s {%s_id}; search_%s finds ids.", one, o, m)))
	v.tool(true, "book_"+o, "Book "+an(one),
		fmt.Sprintf("Book a %s in a %s's diary. starts_at is a local date-time (e.g. %s); fee in minor units. The %s must be free at that time. Starts as booked; returns the %s with its id.", one, v.St, v.at(7, 10, 30), v.St, one),
		[]world.ArgSpec{S("customer_id", true, "CRM id of the "+v.C+"."), S("staff_id", true, "Id of the "+v.St+"."),
			{Name: "starts_at", Type: "datetime", Required: true}, {Name: "duration_min", Type: "integer", Required: true, Minimum: numPtr(5)},
			S("purpose", true, ""), S("location", true, "Room or branch."), {Name: "fee", Type: "integer", Required: true, Minimum: numPtr(0)},
			S("source_ref", false, "Id of the "+v.work.Noun+" it follows up, if any.")},
		world.Step{Absent: table, Where: map[string]any{"staff_id": "$staff_id", "starts_at": "$starts_at", "status": "booked"}, As: "clash", Message: "{staff_id} already has {clash.id} at {starts_at}; pick another time."},
		world.Step{Absent: table, Where: map[string]any{"staff_id": "$staff_id", "starts_at": "$starts_at", "status": "confirmed"}, As: "clash2", Message: "{staff_id} already has {clash2.id} at {starts_at}; pick another time."},
		Insert(table, "", map[string]any{"customer_id": "$customer_id", "staff_id": "$staff_id", "starts_at": "$starts_at", "duration_min": "$duration_min",
			"purpose": "$purpose", "location": "$location", "fee": "$fee", "source_ref": "$source_ref", "status": "booked", "booked_at": "$now"}))
	v.tool(true, "set_"+o+"_status", "Update "+an(one)+"'s status",
		fmt.Sprintf("Confirm, cancel or record the outcome of a %s: booked → confirmed → attended or no_show; booked or confirmed ones can be cancelled. Attended, no-show and cancelled are final.", one),
		[]world.ArgSpec{S(o+"_id", true, ""), A("status", table+".status", true, "The new status.")},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "$status"}, Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{
			"booked": {"confirmed", "attended", "no_show", "cancelled"}, "confirmed": {"attended", "no_show", "cancelled"}}},
			Message: fmt.Sprintf("No %s {%s_id}.", one, o)})
	v.tool(false, "reschedule_"+o, "Reschedule "+an(one),
		fmt.Sprintf("Move a booked or confirmed %s to another start time with the same %s. It goes back to booked (to be confirmed again) and its reminder is reset.", one, v.St),
		[]world.ArgSpec{S(o+"_id", true, ""), {Name: "starts_at", Type: "datetime", Required: true, Description: "New local start time."}},
		Get(table, o+"_id", "a", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$a.status", In: vals("booked", "confirmed"), Message: "{" + o + "_id} is {a.status}; only booked or confirmed " + many + " can be moved."},
		world.Step{Absent: table, Where: map[string]any{"staff_id": "$a.staff_id", "starts_at": "$starts_at", "status": "booked"}, As: "clash", Message: "{a.staff_id} already has {clash.id} at {starts_at}."},
		world.Step{Absent: table, Where: map[string]any{"staff_id": "$a.staff_id", "starts_at": "$starts_at", "status": "confirmed"}, As: "clash2", Message: "{a.staff_id} already has {clash2.id} at {starts_at}."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"starts_at": "$starts_at", "status": "booked", "reminder_sent": false}})

	// Event: a no-show.
	v.event(e, statusEvent{
		name: "no_show", kind: "done", when: fmt.Sprintf("%s is marked as a no-show", an(one)), where: map[string]any{"status": "no_show"},
		inState: func(r Row) bool { return r["status"] == "no_show" },
		setup: func(tc *TaskCtx) Row {
			c, st := Pick(tc.R, v.customers()), Pick(tc.R, v.team())
			return Row{"id": e.ID(tc.FreshID(table)), "customer_id": c["id"], "staff_id": st["id"], "purpose": Pick(tc.R, purposes),
				"starts_at": v.at(0, 7, 15+15*tc.R.IntN(3)), "duration_min": int64(30), "location": Pick(tc.R, rooms), "fee": v.money(tc.R, 30, 90),
				"status": "confirmed", "reminder_sent": true, "booked_at": v.at(-9, 11, 0)}
		},
		call: func(r Row) world.Call {
			return world.Call{Tool: "set_" + o + "_status", Args: map[string]any{o + "_id": r["id"], "status": "no_show"}}
		},
		ask: []string{
			fmt.Sprintf("{name} did not turn up for %s {id} this morning and never called. Please record it.", one),
			fmt.Sprintf("%s {id} ({name}): the %s waited, nobody came. Mark it as a no-show.", title(one), v.St),
			fmt.Sprintf("No-show this morning: {name}, %s {id}. Update the diary.", one),
		},
		check: func(r Row) []world.Assertion {
			return []world.Assertion{fieldIs("The "+one+" is a no-show.", table, r["id"], "status", "no_show")}
		},
	})

	// Action: finished or cancelled work gets a follow-up booking.
	v.refAction(refAction{
		name: "follow_up_booked", on: []string{"done", "cancelled"}, needs: []string{"id", "customer_id", "date"}, table: table,
		then: fmt.Sprintf("a follow-up %s for the same %s must be booked in %s (booked or confirmed), with the {noun} id as its reference", one, v.C, s.Title),
		live: []string{"booked", "confirmed", "attended"},
		call: func(tc *TaskCtx, up *Entity, r Row) world.Call {
			st := v.team()[0]
			return world.Call{Tool: "book_" + o, Args: map[string]any{"customer_id": up.Val("customer_id", r), "staff_id": st["id"],
				"starts_at": v.slot(fmt.Sprint(st["id"]), 14+tc.R.IntN(7), 9, tc.R), "duration_min": 30, "purpose": "Follow-up: " + upItem(up, r),
				"location": rooms[0], "fee": v.money(tc.R, 30, 60), "source_ref": r[up.Key]}}
		},
		want: func(up *Entity, r Row) map[string]any { return map[string]any{"status": "booked"} },
		seed: func(g *Gen, up *Entity, r Row) {
			st := Pick(g.R, v.team())
			d := v.offset(up.Val("date", r)) + 14
			status := "booked"
			if d < 0 {
				status = "attended"
			}
			v.add(e, table, Row{"id": e.ID(v.next(table)), "customer_id": up.Val("customer_id", r), "staff_id": st["id"], "purpose": "Follow-up: " + upItem(up, r),
				"starts_at": v.slot(fmt.Sprint(st["id"]), d, 9, g.R), "duration_min": int64(30), "location": rooms[0], "fee": v.money(g.R, 30, 60),
				"status": status, "reminder_sent": d < 3, "source_ref": r[up.Key], "booked_at": v.at(min(d, 0)-10, 16, 0)})
		},
	})

	// Chores: reschedule, book.
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		open := v.pickRows(table, func(r Row) bool {
			return (r["status"] == "booked" || r["status"] == "confirmed") && v.offset(r["starts_at"]) >= 1
		})
		if len(open) == 0 {
			return Task{}, false
		}
		a := Pick(tc.R, open)
		to := v.slot(fmt.Sprint(a["staff_id"]), v.offset(a["starts_at"])+1+tc.R.IntN(3), 9, tc.R)
		who := lookup(v.cust, a["customer_id"], "name")
		return Task{
			Title:       "reschedule " + one,
			Instruction: fmt.Sprintf("%s called: they cannot make %s %s on %s. Please move it to %s (local time), same %s.", who, one, a["id"], human(a["starts_at"].(string)), human(to), v.St),
			Calls:       []world.Call{{Tool: "reschedule_" + o, Args: map[string]any{o + "_id": a["id"], "starts_at": to}}},
			Assertions: []world.Assertion{
				{Description: "It starts at the new time.", Weight: 2, SQL: fmt.Sprintf("SELECT datetime(starts_at) = datetime('%s') FROM %s WHERE id = '%s'", to, table, a["id"])},
				{Description: "It is still on.", Role: world.RoleConstraint, Exists: &world.RowMatch{Table: table, Where: map[string]any{"id": a["id"], "status": map[string]any{"in": []any{"booked", "confirmed"}}, "staff_id": a["staff_id"]}}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{a["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: Pick(g.R, []string{"coordinator", "support lead"}), Make: func(tc *TaskCtx) (Task, bool) {
		c, st := Pick(tc.R, v.customers()), Pick(tc.R, v.team())
		at := v.slot(fmt.Sprint(st["id"]), 3+tc.R.IntN(10), 9, tc.R)
		purpose := Pick(tc.R, purposes)
		fee := v.money(tc.R, 30, 90)
		tc.NextID(table) // the new row: checked by its details, not its id
		return Task{
			Title: "book " + one,
			Instruction: fmt.Sprintf("Please book %s (%s) in with %s (%s) on %s local time for %s: 45 minutes in %s, fee %s.",
				c["name"], c["id"], st["name"], st["id"], human(at), purpose, rooms[1], v.fmtMoney(fee)),
			Calls: []world.Call{{Tool: "book_" + o, Args: map[string]any{"customer_id": c["id"], "staff_id": st["id"], "starts_at": at, "duration_min": 45,
				"purpose": purpose, "location": rooms[1], "fee": fee}}},
			Assertions: []world.Assertion{
				{Description: "The " + one + " is booked with the right details.", Weight: 2, Exists: &world.RowMatch{Table: table, Where: map[string]any{"customer_id": c["id"], "staff_id": st["id"], "duration_min": 45, "fee": fee, "status": "booked"}}},
				{Description: "It starts at the requested time.", SQL: fmt.Sprintf("SELECT datetime(starts_at) = datetime('%s') FROM %s WHERE customer_id = '%s' AND staff_id = '%s' AND status = 'booked' ORDER BY id DESC LIMIT 1", at, table, c["id"], st["id"])},
				{Description: "Booked once.", Count: &world.CountMatch{Table: table, Where: map[string]any{"customer_id": c["id"], "staff_id": st["id"], "status": "booked"}, Equals: ptrInt(v.countRows(table, "customer_id", c["id"], "staff_id", st["id"], "status", "booked") + 1)}},
			},
			MayChange: []world.Change{{Table: table, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// ---------------------------------------------------------------- reservations

func buildReservations(g *Gen, s *Svc) {
	v := newVertical(g, s)
	one, many := v.noun([2]string{"reservation", "reservations"}, [2]string{"booking", "bookings"}, [2]string{"hold", "holds"})
	v.named(many)
	o, m := snake(one), snake(many)
	resTable, table := s.Name+"_resources", s.Name+"_bookings"
	rprefix, prefix := v.prefix("RSC-", "RES-"), v.prefix("RSV-", "RBK-")
	s.Description = fmt.Sprintf("What %s's %s reserve: rooms, tables, bays and equipment, for which dates, and whether it is held, confirmed or used.", g.Company.Name, v.CMany)

	// Resources, flavoured by how the industry sells.
	kinds := []string{"room", "table", "bay", "studio", "vehicle", "equipment"}
	var mine []string
	switch u := strings.ToLower(g.Vocab.Unit); {
	case v.industry("hotel", "hostel", "holiday"), strings.Contains(u, "night"):
		mine = []string{"room", "room", "room", "studio"}
	case v.industry("restaurant", "cafe", "bar", "catering"):
		mine = []string{"table", "table", "table", "room"}
	case v.industry("fitness", "gym", "studio", "beauty", "salon", "school", "training"):
		mine = []string{"studio", "room", "equipment"}
	case v.industry("event", "conference"):
		mine = []string{"room", "studio", "equipment"}
	case v.industry("travel", "tour"):
		mine = []string{"room", "vehicle"}
	case v.industry("freight", "logistic", "warehous", "wholesale", "rental", "construct"):
		mine = []string{"vehicle", "bay", "equipment"}
	case strings.Contains(u, "hour"), strings.Contains(u, "session"):
		mine = []string{"studio", "room", "equipment"}
	default:
		mine = []string{"room", "equipment", Pick(g.R, kinds)}
	}
	s.Table(resTable, "Things that can be reserved.", rprefix, 3,
		PK(), Text("name", "Name, e.g. Room 12."), Enum("kind", "Kind of resource.", kinds...), Int("capacity", "People (or pallets, seats) it takes."),
		Money("daily_rate", "Standard price per day (for tables: per sitting)"), Bool("active", "Can be reserved.", true))
	names := map[string][]string{"room": {"Room 101", "Room 102", "Room 204", "Room 215", "Suite 301", "Garden room", "Meeting room 1"},
		"table": {"Table 1", "Table 4", "Table 7", "Table 12", "Terrace table", "Window table", "Private dining room"},
		"bay":   {"Bay 1", "Bay 2", "Loading bay 3"}, "studio": {"Studio A", "Studio B", "Seminar room", "Treatment room"}, "vehicle": {"Van 1", "Van 2", "Truck 7.5t", "Minibus"},
		"equipment": {"Projector kit", "Sound system", "Lifting platform", "Mobile crane"}}
	rate := map[string][2]float64{"room": {60, 240}, "table": {20, 90}, "bay": {40, 120}, "studio": {30, 150}, "vehicle": {60, 220}, "equipment": {20, 180}}
	used := map[string]bool{}
	var resources []Row
	for i := 1; len(resources) < 5+g.R.IntN(3) && i < 40; i++ {
		k := Pick(g.R, mine)
		n := Pick(g.R, names[k])
		if used[n] {
			continue
		}
		used[n] = true
		r := Row{"id": fmt.Sprintf("%s%03d", rprefix, len(resources)+1), "name": n, "kind": k, "capacity": int64(1 + g.R.IntN(12)),
			"daily_rate": v.money(g.R, rate[k][0], rate[k][1]), "active": g.R.IntN(8) != 0}
		resources = append(resources, r)
		g.AddRow(resTable, r)
	}
	resources[0]["active"] = true
	var live []Row
	for _, r := range resources {
		if r["active"] == true {
			live = append(live, r)
		}
	}

	s.Table(table, fmt.Sprintf("%s of resources by %s.", title(many), v.CMany), prefix, 5,
		PK(),
		Ref("resource_id", resTable, "What is reserved."),
		RefersTo("customer_id", v.cust.Table+".id", "The "+v.C+" (CRM id)."),
		Int("party_size", "People (or units) expected."),
		Date("start_date", "First day."),
		Date("end_date", "Last day."),
		Money("amount", "Total price quoted"),
		withDefault(Money("deposit", "Deposit taken when confirmed"), int64(0)),
		Enum("status", "held → confirmed → checked_in → completed; held or confirmed ones can be cancelled.", "held", "confirmed", "checked_in", "completed", "cancelled"),
		Opt(RefersTo("source_ref", v.work.Table+".id", "The "+v.work.Noun+" it is for, if any.")),
		Datetime("created_at", "When it was taken."),
	)
	e := &Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.custRoles("customer_id")}
	e.Roles["amount"] = Column("amount")
	e.Roles["date"] = Column("start_date")
	g.SetEntity(o, e)
	taken := map[string]bool{}
	free := func(res Row, d int) int {
		for taken[fmt.Sprint(res["id"], d)] {
			d++
		}
		taken[fmt.Sprint(res["id"], d)] = true
		return d
	}
	quote := func(res Row, nights int) int64 { return res["daily_rate"].(int64) * int64(nights) }
	for i := 1; i <= 14+g.R.IntN(12); i++ {
		res := Pick(g.R, live)
		d := free(res, g.R.IntN(50)-25)
		n := 1 + g.R.IntN(3)
		status := Pick(g.R, []string{"held", "confirmed", "confirmed"})
		switch {
		case d+n <= 0:
			status = Pick(g.R, []string{"completed", "completed", "cancelled"})
		case d <= 0:
			status = "checked_in"
		}
		amount := quote(res, n)
		r := Row{"id": e.ID(i), "resource_id": res["id"], "customer_id": Pick(g.R, v.customers())["id"], "party_size": int64(1 + g.R.IntN(6)),
			"start_date": g.Day(d), "end_date": g.Day(d + n - 1), "amount": amount, "deposit": int64(0), "status": status, "created_at": v.at(d-5-g.R.IntN(30), 10, 15)}
		if status != "held" && status != "cancelled" {
			r["deposit"] = amount / 5
		}
		v.add(e, table, r)
	}
	// A confirmed reservation starting today, for check-in.
	res := live[0]
	d0 := free(res, 0)
	v.add(e, table, Row{"id": e.ID(v.next(table)), "resource_id": res["id"], "customer_id": Pick(g.R, v.customers())["id"], "party_size": int64(2),
		"start_date": g.Day(d0), "end_date": g.Day(d0 + 1), "amount": quote(res, 2), "deposit": quote(res, 2) / 5, "status": "confirmed", "created_at": v.at(-12, 14, 0)})

	// Tools.
	v.tool(false, "list_reservable_resources", "List reservable resources",
		"Rooms, tables, bays, vehicles and equipment that can be reserved: id, name, kind, capacity, daily rate (minor units) and whether they can be reserved now.",
		[]world.ArgSpec{A("kind", resTable+".kind", false, "")}, Search(resTable, []string{"name"}, nil, F("kind", "eq", "kind")))
	v.tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by %s, resource, status or start date. Returns id (like %s), resource, %s id, dates, amount (minor units) and status.", many, v.C, e.ID(1), v.C),
		[]world.ArgSpec{S("customer_id", false, "CRM id."), S("resource_id", false, "e.g. "+rprefix+"001"), A("status", table+".status", false, ""),
			{Name: "from", Type: "date", Description: "Starting on or after."}, {Name: "to", Type: "date", Description: "Starting on or before."}},
		Search(table, []string{"start_date"}, []string{"id", "resource_id", "customer_id", "start_date", "end_date", "party_size", "amount", "status"},
			F("customer_id", "eq", "customer_id"), F("resource_id", "eq", "resource_id"), F("status", "eq", "status"), F("start_date", "gte", "from"), F("start_date", "lte", "to")))
	v.tool(false, "get_"+o, "Get "+an(one), fmt.Sprintf("Read one %s by id with deposit and reference.", one),
		[]world.ArgSpec{S(o+"_id", true, "e.g. "+e.ID(1))}, Get(table, o+"_id", "", fmt.Sprintf("No %s {%s_id}.", one, o)))
	v.tool(true, "hold_"+o, "Hold "+an(one),
		fmt.Sprintf("Put a resource on hold for a %s from start_date to end_date. Refused if the resource cannot be reserved or already has a held or confirmed %s starting that day. amount in minor units. Starts as held; returns it with its id.", v.C, one),
		[]world.ArgSpec{S("resource_id", true, ""), S("customer_id", true, "CRM id."), {Name: "start_date", Type: "date", Required: true}, {Name: "end_date", Type: "date", Required: true},
			{Name: "party_size", Type: "integer", Required: true, Minimum: numPtr(1)}, {Name: "amount", Type: "integer", Required: true, Minimum: numPtr(0)},
			S("source_ref", false, "Id of the "+v.work.Noun+" it is for, if any.")},
		Get(resTable, "resource_id", "res", "No resource {resource_id}; list the resources to see ids."),
		world.Step{Require: "$res.active", Equals: true, Message: "{res.name} cannot be reserved at the moment; pick another resource."},
		world.Step{Absent: table, Where: map[string]any{"resource_id": "$resource_id", "start_date": "$start_date", "status": "held"}, As: "h", Message: "{res.name} is already held from {start_date} ({h.id})."},
		world.Step{Absent: table, Where: map[string]any{"resource_id": "$resource_id", "start_date": "$start_date", "status": "confirmed"}, As: "c", Message: "{res.name} is already booked from {start_date} ({c.id})."},
		Insert(table, "", map[string]any{"resource_id": "$resource_id", "customer_id": "$customer_id", "start_date": "$start_date", "end_date": "$end_date",
			"party_size": "$party_size", "amount": "$amount", "source_ref": "$source_ref", "status": "held", "created_at": "$now"}))
	v.tool(true, "confirm_"+o, "Confirm "+an(one),
		fmt.Sprintf("Confirm a held %s once the deposit (minor units) is taken.", one),
		[]world.ArgSpec{S(o+"_id", true, ""), {Name: "deposit", Type: "integer", Required: true, Minimum: numPtr(0)}},
		Get(table, o+"_id", "r", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$r.status", Equals: "held", Message: "{" + o + "_id} is {r.status}; only held " + many + " can be confirmed."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "confirmed", "deposit": "$deposit"}})
	v.tool(false, "set_"+o+"_status", "Check in, complete or cancel",
		fmt.Sprintf("Move a %s along: confirmed → checked_in → completed; held or confirmed ones can be cancelled. Use confirm_%s to confirm.", one, o),
		[]world.ArgSpec{S(o+"_id", true, ""), {Name: "status", Type: "string", Required: true, Enum: vals("checked_in", "completed", "cancelled")}},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "$status"}, Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{
			"held": {"cancelled"}, "confirmed": {"checked_in", "cancelled"}, "checked_in": {"completed"}}}, Message: fmt.Sprintf("No %s {%s_id}.", one, o)})

	// Events: confirmed, cancelled.
	setup := func(tc *TaskCtx) Row {
		res := Pick(tc.R, live)
		d := free(res, 10+tc.R.IntN(20))
		return Row{"id": e.ID(tc.FreshID(table)), "resource_id": res["id"], "customer_id": Pick(tc.R, v.customers())["id"], "party_size": int64(2 + tc.R.IntN(4)),
			"start_date": g.Day(d), "end_date": g.Day(d + 1), "amount": quote(res, 2), "deposit": int64(0), "status": "held", "created_at": v.at(-2, 15, 30)}
	}
	confirmed := []string{"confirmed", "checked_in", "completed"}
	v.event(e, statusEvent{
		name: "confirmed", kind: "done", when: fmt.Sprintf("%s is confirmed (and from then on, while it is checked in or completed)", an(one)),
		where:   map[string]any{"status": map[string]any{"in": vals(confirmed...)}},
		inState: func(r Row) bool { return slices.Contains(confirmed, r["status"].(string)) },
		setup:   setup,
		call: func(r Row) world.Call {
			return world.Call{Tool: "confirm_" + o, Args: map[string]any{o + "_id": r["id"], "deposit": r["amount"].(int64) / 5}}
		},
		ask: []string{
			fmt.Sprintf("{name} paid the deposit for %s {id} (20%% of the total). Please confirm it.", one),
			fmt.Sprintf("Deposit of 20%% is in for %s {id}; {name} is coming. Confirm the %s.", one, one),
		},
		check: func(r Row) []world.Assertion {
			return []world.Assertion{fieldIs("The "+one+" is confirmed.", table, r["id"], "status", "confirmed"),
				fieldIs("The deposit is recorded.", table, r["id"], "deposit", r["amount"].(int64)/5)}
		},
	})
	v.event(v.view(e, "amount"), statusEvent{
		name: "cancelled", kind: "cancelled", when: fmt.Sprintf("%s is cancelled", an(one)), where: map[string]any{"status": "cancelled"},
		inState: func(r Row) bool { return r["status"] == "cancelled" },
		setup:   setup,
		call: func(r Row) world.Call {
			return world.Call{Tool: "set_" + o + "_status", Args: map[string]any{o + "_id": r["id"], "status": "cancelled"}}
		},
		ask: []string{
			fmt.Sprintf("{name} no longer needs %s {id}. Please cancel it.", one),
			"Release the hold {id}: {name} has cancelled.",
		},
		check: func(r Row) []world.Assertion {
			return []world.Assertion{fieldIs("The "+one+" is cancelled.", table, r["id"], "status", "cancelled")}
		},
	})

	// Action: work gets a reservation for the next visit.
	v.refAction(refAction{
		name: "reserved", on: []string{"done"}, needs: []string{"id", "customer_id", "date"}, table: table,
		then: fmt.Sprintf("a %s for the same %s must be held or confirmed in %s, with the {noun} id as its reference", one, v.C, s.Title),
		live: []string{"held", "confirmed", "checked_in", "completed"},
		call: func(tc *TaskCtx, up *Entity, r Row) world.Call {
			res := live[0]
			d := free(res, 7+tc.R.IntN(14))
			return world.Call{Tool: "hold_" + o, Args: map[string]any{"resource_id": res["id"], "customer_id": up.Val("customer_id", r), "start_date": g.Day(d), "end_date": g.Day(d),
				"party_size": 1, "amount": quote(res, 1), "source_ref": r[up.Key]}}
		},
		want: func(up *Entity, r Row) map[string]any { return map[string]any{"status": "held"} },
		seed: func(g *Gen, up *Entity, r Row) {
			res := Pick(g.R, live)
			d := free(res, v.offset(up.Val("date", r))+7)
			status := "held"
			if d < 0 {
				status = "completed"
			}
			row := Row{"id": e.ID(v.next(table)), "resource_id": res["id"], "customer_id": up.Val("customer_id", r), "party_size": int64(1), "start_date": g.Day(d),
				"end_date": g.Day(d), "amount": quote(res, 1), "deposit": int64(0), "status": status, "source_ref": r[up.Key], "created_at": v.at(min(d, 0)-6, 12, 0)}
			if status == "completed" {
				row["deposit"] = quote(res, 1) / 5
			}
			v.add(e, table, row)
		},
	})

	// Chores: check a guest in, hold a resource.
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		today := v.pickRows(table, func(r Row) bool { return r["status"] == "confirmed" && r["start_date"] == g.Day(0) })
		if len(today) == 0 {
			return Task{}, false
		}
		r := Pick(tc.R, today)
		return Task{
			Title:       "check in " + one,
			Instruction: fmt.Sprintf("%s has arrived for %s %s. Please check them in.", lookup(v.cust, r["customer_id"], "name"), one, r["id"]),
			Calls:       []world.Call{{Tool: "set_" + o + "_status", Args: map[string]any{o + "_id": r["id"], "status": "checked_in"}}},
			Assertions: []world.Assertion{
				fieldIs("The "+one+" is checked in.", table, r["id"], "status", "checked_in"),
				{Description: "No other check-in was recorded.", Count: &world.CountMatch{Table: table, Where: map[string]any{"status": "checked_in"}, Equals: ptrInt(v.countRows(table, "status", "checked_in") + 1)}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: Pick(g.R, []string{"coordinator", "account manager"}), Make: func(tc *TaskCtx) (Task, bool) {
		c, res := Pick(tc.R, v.customers()), Pick(tc.R, live)
		d := free(res, 5+tc.R.IntN(25))
		amount := quote(res, 2)
		id := e.ID(tc.NextID(table))
		return Task{
			Title: "hold " + one,
			Instruction: fmt.Sprintf("%s (%s) would like %s from %s to %s for 3 people, at the standard rate: %s in total. Please put it on hold for them.",
				c["name"], c["id"], res["name"], g.Day(d), g.Day(d+1), v.fmtMoney(amount)),
			Calls: []world.Call{{Tool: "hold_" + o, Args: map[string]any{"resource_id": res["id"], "customer_id": c["id"], "start_date": g.Day(d), "end_date": g.Day(d + 1), "party_size": 3, "amount": amount}}},
			Assertions: []world.Assertion{
				{Description: "The " + one + " is held with the right details.", Weight: 2, Exists: &world.RowMatch{Table: table, Where: map[string]any{"id": id, "resource_id": res["id"], "customer_id": c["id"],
					"start_date": g.Day(d), "end_date": g.Day(d + 1), "party_size": 3, "amount": amount, "status": "held"}}},
				{Description: "Only one hold was made.", Count: &world.CountMatch{Table: table, Where: map[string]any{"customer_id": c["id"], "resource_id": res["id"]}, Equals: ptrInt(v.countRows(table, "customer_id", c["id"], "resource_id", res["id"]) + 1)}},
			},
			MayChange: []world.Change{{Table: table, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// ---------------------------------------------------------------- enrolments

func buildEnrolments(g *Gen, s *Svc) {
	v := newVertical(g, s)
	cone, cmany := v.noun([2]string{"course", "courses"}, [2]string{"class", "classes"}, [2]string{"programme", "programmes"})
	one, many := v.noun([2]string{"enrolment", "enrolments"}, [2]string{"registration", "registrations"}, [2]string{"place", "places"})
	v.named(many)
	cm, o, m := snake(cmany), snake(one), snake(many)
	ctable, table := s.Name+"_courses", s.Name+"_register"
	cprefix, prefix := v.prefix("CRS-", "CLS-"), v.prefix("ENR-", "REG-")
	s.Description = fmt.Sprintf("The %s %s runs for its %s, who is enrolled on which, what they pay and how many sessions they attended.", cmany, g.Company.Name, v.CMany)
	s.Table(ctable, title(cmany)+" with dates, seats and fee.", cprefix, 3,
		PK(), Text("title", "Title."), RefersTo("tutor_id", v.staff.Table+".id", "The "+v.St+" who teaches it."),
		Date("starts_on", "First session."), Int("sessions", "Number of sessions."), Int("seats", "Places available."),
		Money("fee", "Fee per participant"), Enum("status", "open for enrolment, or closed.", "open", "closed"))
	var topics []string
	for _, it := range g.Vocab.Items {
		topics = append(topics, it.Name)
	}
	topics = append(topics, "Introduction", "Refresher", "Advanced practice")
	levels := []string{"for beginners", "intensive", "evening " + cone, "weekend " + cone, "level 2", "masterclass"}
	var courses []Row
	usedTitle := map[string]bool{}
	for len(courses) < 4+g.R.IntN(4) {
		t := Pick(g.R, topics) + " – " + Pick(g.R, levels)
		if usedTitle[t] {
			continue
		}
		usedTitle[t] = true
		d := g.R.IntN(80) - 40
		status := "open"
		if d < -7 || g.R.IntN(5) == 0 {
			status = "closed"
		}
		r := Row{"id": fmt.Sprintf("%s%03d", cprefix, len(courses)+1), "title": t, "tutor_id": Pick(g.R, v.team())["id"], "starts_on": g.Day(d),
			"sessions": int64(Pick(g.R, []int{4, 6, 8, 10, 12})), "seats": int64(6 + g.R.IntN(14)), "fee": v.money(g.R, 60, 600), "status": status}
		courses = append(courses, r)
		g.AddRow(ctable, r)
	}
	// Two open courses ahead, one that has run.
	courses[0]["status"], courses[0]["starts_on"] = "open", g.Day(14)
	courses[1]["status"], courses[1]["starts_on"] = "open", g.Day(21)
	courses[2]["status"], courses[2]["starts_on"] = "closed", g.Day(-60)
	var open, past []Row
	for _, c := range courses {
		if c["status"] == "open" {
			open = append(open, c)
		}
		if c["status"] == "closed" && v.offset(c["starts_on"]) < 0 {
			past = append(past, c)
		}
	}
	s.Table(table, fmt.Sprintf("%s of %s on %s.", title(many), v.CMany, cmany), prefix, 5,
		PK(), Ref("course_id", ctable, "The "+cone+"."), RefersTo("customer_id", v.cust.Table+".id", "The "+v.C+" (CRM id)."),
		Money("fee", "Fee agreed"),
		Enum("status", "applied → enrolled → completed; applied or enrolled ones can withdraw.", "applied", "enrolled", "completed", "withdrawn"),
		withDefault(Int("sessions_attended", "Sessions attended so far."), int64(0)),
		Opt(RefersTo("source_ref", v.work.Table+".id", "The "+v.work.Noun+" that led to it, if any.")),
		Datetime("applied_at", "When the application came in."))
	e := &Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.custRoles("customer_id")}
	e.Roles["amount"] = Column("fee")
	g.SetEntity(o, e)
	// pair marks who is on which course; everyone is on at most one open
	// course, so that another open one always has room for them.
	pair := map[string]bool{}
	onOpen := map[any]bool{}
	for i := 1; i <= 18+g.R.IntN(14); i++ {
		c, cu := Pick(g.R, courses), Pick(g.R, v.customers())
		if pair[fmt.Sprint(c["id"], cu["id"])] || (c["status"] == "open" && onOpen[cu["id"]]) {
			continue
		}
		pair[fmt.Sprint(c["id"], cu["id"])] = true
		if c["status"] == "open" {
			onOpen[cu["id"]] = true
		}
		started := v.offset(c["starts_on"]) < 0
		status := Pick(g.R, []string{"applied", "enrolled", "enrolled"})
		attended := int64(0)
		if started {
			status = Pick(g.R, []string{"enrolled", "enrolled", "completed", "withdrawn"})
			attended = int64(g.R.IntN(int(c["sessions"].(int64)) + 1))
			if status == "completed" {
				attended = c["sessions"].(int64)
			}
		}
		v.add(e, table, Row{"id": e.ID(v.next(table)), "course_id": c["id"], "customer_id": cu["id"], "fee": c["fee"], "status": status,
			"sessions_attended": attended, "applied_at": v.at(v.offset(c["starts_on"])-10-g.R.IntN(30), 10, 0)})
	}

	// Tools.
	v.tool(false, "search_"+cm, "Search "+cmany,
		fmt.Sprintf("Find %s by title or status. Returns id (like %s), title, tutor, start date, sessions, seats, fee (minor units) and status.", cmany, cprefix+"001"),
		[]world.ArgSpec{S("query", false, "Part of the title."), A("status", ctable+".status", false, ""), {Name: "from", Type: "date", Description: "Starting on or after."}},
		Search(ctable, []string{"starts_on"}, nil, FAny("query", "title"), F("status", "eq", "status"), F("starts_on", "gte", "from")))
	v.tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by %s, %s or status. Returns id (like %s), %s, %s id, fee, status and sessions attended.", many, cone, v.C, e.ID(1), cone, v.C),
		[]world.ArgSpec{S("course_id", false, "Id of the "+cone+"."), S("customer_id", false, "CRM id."), A("status", table+".status", false, "")},
		Search(table, []string{"-applied_at"}, nil, F("course_id", "eq", "course_id"), F("customer_id", "eq", "customer_id"), F("status", "eq", "status")))
	v.tool(true, "apply_"+o, "Put someone down for a "+cone,
		fmt.Sprintf("Record a %s's application for an open %s, at the fee agreed (minor units). Refused if the %s is closed or they already applied or are enrolled. Starts as applied.", v.C, cone, cone),
		[]world.ArgSpec{S("course_id", true, ""), S("customer_id", true, "CRM id."), {Name: "fee", Type: "integer", Required: true, Minimum: numPtr(0)},
			S("source_ref", false, "Id of the "+v.work.Noun+" that led to it, if any.")},
		Get(ctable, "course_id", "c", "No "+cone+" {course_id}; search_"+cm+" lists them."),
		world.Step{Require: "$c.status", Equals: "open", Message: "{c.title} is closed for enrolment."},
		world.Step{Absent: table, Where: map[string]any{"course_id": "$course_id", "customer_id": "$customer_id", "status": "applied"}, As: "a", Message: "{customer_id} already applied ({a.id})."},
		world.Step{Absent: table, Where: map[string]any{"course_id": "$course_id", "customer_id": "$customer_id", "status": "enrolled"}, As: "b", Message: "{customer_id} is already enrolled ({b.id})."},
		Insert(table, "", map[string]any{"course_id": "$course_id", "customer_id": "$customer_id", "fee": "$fee", "source_ref": "$source_ref", "status": "applied", "applied_at": "$now"}))
	v.tool(true, "confirm_"+o, "Confirm "+an(one),
		"Turn an application into a confirmed place (applied → enrolled).",
		[]world.ArgSpec{S(o+"_id", true, "e.g. "+e.ID(1))},
		Get(table, o+"_id", "r", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$r.status", Equals: "applied", Message: "{" + o + "_id} is {r.status}; only applications can be confirmed."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "enrolled"}})
	v.tool(false, "record_attendance", "Record attendance",
		"Set how many sessions an enrolled participant has attended so far (the running total, not an increment).",
		[]world.ArgSpec{S(o+"_id", true, ""), {Name: "sessions_attended", Type: "integer", Required: true, Minimum: numPtr(0)}},
		Get(table, o+"_id", "r", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$r.status", Equals: "enrolled", Message: "{" + o + "_id} is {r.status}; attendance is kept for enrolled participants only."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"sessions_attended": "$sessions_attended"}})
	v.tool(false, "set_"+o+"_status", "Complete or withdraw",
		fmt.Sprintf("Mark an enrolled participant as completed, or withdraw an application or a place. Use confirm_%s to enrol.", o),
		[]world.ArgSpec{S(o+"_id", true, ""), {Name: "status", Type: "string", Required: true, Enum: vals("completed", "withdrawn")}},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "$status"}, Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{
			"applied": {"withdrawn"}, "enrolled": {"completed", "withdrawn"}}}, Message: fmt.Sprintf("No %s {%s_id}.", one, o)})

	// Events: a place is confirmed; someone withdraws.
	setup := func(tc *TaskCtx) Row {
		c := Pick(tc.R, open)
		var cu Row
		for range 50 {
			if cu = Pick(tc.R, v.customers()); !pair[fmt.Sprint(c["id"], cu["id"])] {
				break
			}
		}
		return Row{"id": e.ID(tc.FreshID(table)), "course_id": c["id"], "customer_id": cu["id"], "fee": c["fee"], "status": "applied",
			"sessions_attended": int64(0), "applied_at": v.at(-3, 10, 30)}
	}
	v.event(e, statusEvent{
		name: "enrolled", kind: "done", when: fmt.Sprintf("%s is confirmed (the participant is enrolled, and later completed)", an(one)),
		where:   map[string]any{"status": map[string]any{"in": vals("enrolled", "completed")}},
		inState: func(r Row) bool { return r["status"] == "enrolled" || r["status"] == "completed" },
		setup:   setup,
		call: func(r Row) world.Call {
			return world.Call{Tool: "confirm_" + o, Args: map[string]any{o + "_id": r["id"]}}
		},
		ask: []string{
			"{name}'s application {id} is approved. Please confirm the place.",
			fmt.Sprintf("We have a place for {name} ({id}); confirm the %s.", one),
		},
		check: func(r Row) []world.Assertion {
			return []world.Assertion{fieldIs("The participant is enrolled.", table, r["id"], "status", "enrolled")}
		},
	})
	v.event(v.view(e, "amount"), statusEvent{
		name: "withdrawn", kind: "cancelled", when: fmt.Sprintf("%s is withdrawn", an(one)), where: map[string]any{"status": "withdrawn"},
		inState: func(r Row) bool { return r["status"] == "withdrawn" },
		setup:   setup,
		call: func(r Row) world.Call {
			return world.Call{Tool: "set_" + o + "_status", Args: map[string]any{o + "_id": r["id"], "status": "withdrawn"}}
		},
		ask: []string{
			"{name} has changed their mind and withdraws application {id}. Please record it.",
			fmt.Sprintf("Withdraw %s {id}: {name} cannot attend after all.", one),
		},
		check: func(r Row) []world.Assertion {
			return []world.Assertion{fieldIs("The "+one+" is withdrawn.", table, r["id"], "status", "withdrawn")}
		},
	})

	// Action: work leads to an application for a course.
	v.refAction(refAction{
		name: "enrolled", on: []string{"done"}, needs: []string{"id", "customer_id", "item"}, table: table,
		then: fmt.Sprintf("the same %s must be put down for an open %s in %s (applied or enrolled), with the {noun} id as its reference", v.C, cone, s.Title),
		live: []string{"applied", "enrolled", "completed"},
		call: func(tc *TaskCtx, up *Entity, r Row) world.Call {
			c := open[0]
			for _, x := range open {
				if !pair[fmt.Sprint(x["id"], up.Val("customer_id", r))] {
					c = x
					break
				}
			}
			return world.Call{Tool: "apply_" + o, Args: map[string]any{"course_id": c["id"], "customer_id": up.Val("customer_id", r), "fee": c["fee"], "source_ref": r[up.Key]}}
		},
		want: func(up *Entity, r Row) map[string]any { return map[string]any{"status": "applied"} },
		seed: func(g *Gen, up *Entity, r Row) {
			c := Pick(g.R, past)
			pair[fmt.Sprint(c["id"], up.Val("customer_id", r))] = true
			status := "completed"
			v.add(e, table, Row{"id": e.ID(v.next(table)), "course_id": c["id"], "customer_id": up.Val("customer_id", r), "fee": c["fee"], "status": status,
				"sessions_attended": c["sessions"], "source_ref": r[up.Key], "applied_at": v.at(v.offset(up.Val("date", r))-1, 17, 0)})
		},
	})

	// Chores: attendance, applications.
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		var cands []Row
		for _, r := range v.g.Rows(table) {
			if c := lookupRow(courses, r["course_id"]); r["status"] == "enrolled" && c != nil && v.offset(c["starts_on"]) < 0 && r["sessions_attended"].(int64) < c["sessions"].(int64) {
				cands = append(cands, r)
			}
		}
		if len(cands) == 0 {
			return Task{}, false
		}
		r := Pick(tc.R, cands)
		c := lookupRow(courses, r["course_id"])
		n := r["sessions_attended"].(int64) + 1
		return Task{
			Title: "record attendance",
			Instruction: fmt.Sprintf("The register for \"%s\" says %s has now attended %d sessions in total (%s %s). Please update their attendance.",
				c["title"], lookup(v.cust, r["customer_id"], "name"), n, one, r["id"]),
			Calls: []world.Call{{Tool: "record_attendance", Args: map[string]any{o + "_id": r["id"], "sessions_attended": n}}},
			Assertions: []world.Assertion{
				fieldIs("Attendance is up to date.", table, r["id"], "sessions_attended", n),
				constraint(fieldIs("They are still enrolled.", table, r["id"], "status", "enrolled")),
			},
			MayChange: []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: Pick(g.R, []string{"coordinator", "sales manager"}), Make: func(tc *TaskCtx) (Task, bool) {
		c, cu := Pick(tc.R, open), Pick(tc.R, v.customers())
		if pair[fmt.Sprint(c["id"], cu["id"])] {
			return Task{}, false
		}
		id := e.ID(tc.NextID(table))
		return Task{
			Title:       "apply for " + cone,
			Instruction: fmt.Sprintf("%s (%s) wants to join \"%s\" at the standard fee. Please put them down for it; we confirm places later.", cu["name"], cu["id"], c["title"]),
			Calls:       []world.Call{{Tool: "apply_" + o, Args: map[string]any{"course_id": c["id"], "customer_id": cu["id"], "fee": c["fee"]}}},
			Assertions: []world.Assertion{
				{Description: "The application is recorded at the standard fee.", Weight: 2, Exists: &world.RowMatch{Table: table, Where: map[string]any{"id": id, "course_id": c["id"], "customer_id": cu["id"], "fee": c["fee"], "status": "applied"}}},
				{Description: "Only one application.", Count: &world.CountMatch{Table: table, Where: map[string]any{"course_id": c["id"], "customer_id": cu["id"]}, Equals: ptrInt(1)}},
			},
			MayChange: []world.Change{{Table: table, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// lookupRow finds a row by id.
func lookupRow(rows []Row, id any) Row {
	for _, r := range rows {
		if r["id"] == id {
			return r
		}
	}
	return nil
}

// ---------------------------------------------------------------- listings

func buildListings(g *Gen, s *Svc) {
	v := newVertical(g, s)
	one, many := v.noun([2]string{"listing", "listings"}, [2]string{"advert", "adverts"}, [2]string{"offer", "offers"})
	v.named(many)
	o, m := snake(one), snake(many)
	table, etable := s.Name+"_ads", s.Name+"_enquiries"
	prefix, eprefix := v.prefix("LST-", "ADV-"), v.prefix("ENQ-", "INQ-")
	s.Description = fmt.Sprintf("What %s lists for sale or rent on behalf of its %s, and the enquiries that come in.", g.Company.Name, v.CMany)
	// What is listed, how it is described and priced, by trade.
	cats := []string{"Two-room flat", "Family house", "Office unit", "Retail unit", "Garage", "Building plot"}
	adj := []string{"Bright", "Spacious", "Renovated", "Central", "Quiet", "Modern", "Classic"}
	sale, rent := [2]float64{60000, 600000}, [2]float64{450, 2800}
	switch {
	case v.industry("car", "vehicle", "dealer", "motor"):
		cats = []string{"Hatchback", "Estate car", "SUV", "Saloon", "Van", "Motorbike"}
		adj = []string{"Low-mileage", "One-owner", "Well-kept", "Full-service-history", "Nearly new"}
		sale, rent = [2]float64{6000, 60000}, [2]float64{250, 900}
	case v.industry("property", "real estate", "real-estate", "hotel", "construct"):
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
			return v.money(r, rent[0], rent[1])
		}
		return v.money(r, sale[0], sale[1])
	}
	s.Table(table, title(many)+", one per item or property on the market.", prefix, 5,
		PK(), RefersTo("customer_id", v.cust.Table+".id", "The "+v.C+" who owns what is listed (CRM id)."),
		Text("title", "Headline."), Text("category", "What kind of thing it is."), Enum("kind", "For sale or to rent.", "sale", "rent"),
		Money("asking_price", "Asking price (for rentals: per month)"), Text("location", "City."),
		Enum("status", "draft → live → under_offer → sold (sold or let); live or under-offer ones can be withdrawn; an offer can fall through (back to live).", "draft", "live", "under_offer", "sold", "withdrawn"),
		Date("listed_on", "When it was first listed."))
	e := &Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.custRoles("customer_id")}
	g.SetEntity(o, e)
	for i := 1; i <= 12+g.R.IntN(10); i++ {
		cat, city := Pick(g.R, cats), g.Locale.City()
		d := -g.R.IntN(120)
		status := Pick(g.R, []string{"live", "live", "live", "under_offer", "sold", "withdrawn", "draft"})
		if status == "draft" {
			d = 0
		}
		kind := Pick(g.R, []string{"sale", "rent"})
		v.add(e, table, Row{"id": e.ID(i), "customer_id": Pick(g.R, v.customers())["id"], "title": fmt.Sprintf("%s %s in %s", Pick(g.R, adj), strings.ToLower(cat), city),
			"category": cat, "kind": kind, "asking_price": price(g.R, kind), "location": city, "status": status, "listed_on": g.Day(d)})
	}
	e.Rows[0]["status"] = "live"
	var live []Row
	for _, r := range e.Rows {
		if r["status"] == "live" {
			live = append(live, r)
		}
	}
	s.Table(etable, "Enquiries about "+many+".", eprefix, 5,
		PK(), Ref("listing_id", table, "The "+one+" asked about."), RefersTo("customer_id", v.cust.Table+".id", "Who asked (CRM id)."),
		Text("message", "What they asked."), Enum("channel", "How it came in.", "phone", "email", "portal", "walk_in"),
		Enum("status", "new → answered → viewing_booked → closed.", "new", "answered", "viewing_booked", "closed"),
		Opt(RefersTo("source_ref", v.work.Table+".id", "The "+v.work.Noun+" it came from, if any.")), Datetime("received_at", "When it came in."))
	questions := []string{"Is it still available?", "Can we arrange a viewing?", "Is the price negotiable?", "What are the running costs?", "When could I move in / take it over?"}
	for i := 1; i <= 10+g.R.IntN(12); i++ {
		l := Pick(g.R, e.Rows)
		if l["status"] == "draft" {
			continue
		}
		g.AddRow(etable, Row{"id": fmt.Sprintf("%s%05d", eprefix, v.next(etable)), "listing_id": l["id"], "customer_id": Pick(g.R, v.customers())["id"], "message": Pick(g.R, questions),
			"channel": Pick(g.R, []string{"phone", "email", "portal", "portal", "walk_in"}), "status": Pick(g.R, []string{"new", "answered", "viewing_booked", "closed"}),
			"received_at": v.at(-g.R.IntN(20), 9+g.R.IntN(9), 10*g.R.IntN(6))})
	}

	// Tools.
	v.tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by text (title, category, location), kind, status, owner or maximum asking price (minor units). Returns id (like %s), title, kind, price, location and status.", many, e.ID(1)),
		[]world.ArgSpec{S("query", false, "Part of the title, category or city."), A("kind", table+".kind", false, ""), A("status", table+".status", false, ""),
			S("customer_id", false, "CRM id of the owner."), I("max_price", false, "Highest asking price, minor units.")},
		Search(table, []string{"-listed_on"}, []string{"id", "customer_id", "title", "kind", "asking_price", "location", "status"},
			FAny("query", "title", "category", "location"), F("kind", "eq", "kind"), F("status", "eq", "status"), F("customer_id", "eq", "customer_id"), F("asking_price", "lte", "max_price")))
	v.tool(false, "get_"+o, "Get "+an(one), fmt.Sprintf("Read one %s by id.", one),
		[]world.ArgSpec{S(o+"_id", true, "e.g. "+e.ID(1))}, Get(table, o+"_id", "", fmt.Sprintf("No %s {%s_id}.", one, o)))
	v.tool(true, "set_"+o+"_status", "Move "+an(one)+" along",
		fmt.Sprintf("Publish, mark under offer, sold (or let), or withdraw a %s: draft → live → under_offer → sold; an offer that falls through goes back to live; draft, live and under-offer ones can be withdrawn. Sold and withdrawn are final.", one),
		[]world.ArgSpec{S(o+"_id", true, ""), A("status", table+".status", true, "The new status.")},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "$status"}, Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{
			"draft": {"live", "withdrawn"}, "live": {"under_offer", "withdrawn"}, "under_offer": {"live", "sold", "withdrawn"}}}, Message: fmt.Sprintf("No %s {%s_id}.", one, o)})
	v.tool(false, "search_enquiries", "Search enquiries",
		fmt.Sprintf("Find enquiries by %s, %s or status, newest first.", one, v.C),
		[]world.ArgSpec{S("listing_id", false, ""), S("customer_id", false, "CRM id."), A("status", etable+".status", false, "")},
		Search(etable, []string{"-received_at"}, nil, F("listing_id", "eq", "listing_id"), F("customer_id", "eq", "customer_id"), F("status", "eq", "status")))
	v.tool(true, "log_enquiry", "Log an enquiry",
		fmt.Sprintf("Record an enquiry from a %s about a %s that is on the market (live or under offer). Starts as new; returns it with its id (like %s00001).", v.C, one, eprefix),
		[]world.ArgSpec{S("listing_id", true, ""), S("customer_id", true, "CRM id of who asked."), S("message", true, "What they asked."),
			A("channel", etable+".channel", true, ""), S("source_ref", false, "Id of the "+v.work.Noun+" it came from, if any.")},
		Get(table, "listing_id", "l", "No "+one+" {listing_id}."),
		world.Step{Require: "$l.status", In: vals("live", "under_offer"), Message: "{l.title} is {l.status}, not on the market."},
		Insert(etable, "", map[string]any{"listing_id": "$listing_id", "customer_id": "$customer_id", "message": "$message", "channel": "$channel",
			"source_ref": "$source_ref", "status": "new", "received_at": "$now"}))
	v.tool(false, "update_enquiry", "Update an enquiry",
		"Record what happened to an enquiry: new → answered → viewing_booked → closed (any open one can be closed).",
		[]world.ArgSpec{S("enquiry_id", true, ""), A("status", etable+".status", true, "")},
		world.Step{Update: etable, Key: "$enquiry_id", Set: map[string]any{"status": "$status"}, Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{
			"new": {"answered", "viewing_booked", "closed"}, "answered": {"viewing_booked", "closed"}, "viewing_booked": {"closed"}}}, Message: "No enquiry {enquiry_id}."})

	// Events: sold; published.
	v.event(e, statusEvent{
		name: "sold", kind: "done", when: fmt.Sprintf("%s is marked sold (or let)", an(one)), where: map[string]any{"status": "sold"},
		inState: func(r Row) bool { return r["status"] == "sold" },
		setup: func(tc *TaskCtx) Row {
			cat, city := Pick(tc.R, cats), g.Locale.City()
			return Row{"id": e.ID(tc.FreshID(table)), "customer_id": Pick(tc.R, v.customers())["id"], "title": fmt.Sprintf("%s %s in %s", Pick(tc.R, adj), strings.ToLower(cat), city),
				"category": cat, "kind": "sale", "asking_price": price(tc.R, "sale"), "location": city, "status": "under_offer", "listed_on": g.Day(-30)}
		},
		call: func(r Row) world.Call {
			return world.Call{Tool: "set_" + o + "_status", Args: map[string]any{o + "_id": r["id"], "status": "sold"}}
		},
		ask: []string{
			fmt.Sprintf("Contracts are signed for %s {id} of {name}. Mark it sold.", one),
			fmt.Sprintf("The offer on {id} went through – {name}'s %s is sold. Please update it.", one),
		},
		check: func(r Row) []world.Assertion {
			return []world.Assertion{fieldIs("The "+one+" is sold.", table, r["id"], "status", "sold")}
		},
	})
	v.event(e, statusEvent{
		name: "published", kind: "created", when: fmt.Sprintf("%s goes live", an(one)),
		where:   map[string]any{"status": "live"},
		inState: func(r Row) bool { return r["status"] == "live" },
		setup: func(tc *TaskCtx) Row {
			cat, city := Pick(tc.R, cats), g.Locale.City()
			kind := Pick(tc.R, []string{"sale", "rent"})
			return Row{"id": e.ID(tc.FreshID(table)), "customer_id": Pick(tc.R, v.customers())["id"], "title": fmt.Sprintf("%s %s in %s", Pick(tc.R, adj), strings.ToLower(cat), city),
				"category": cat, "kind": kind, "asking_price": price(tc.R, kind), "location": city, "status": "draft", "listed_on": g.Day(0)}
		},
		call: func(r Row) world.Call {
			return world.Call{Tool: "set_" + o + "_status", Args: map[string]any{o + "_id": r["id"], "status": "live"}}
		},
		ask: []string{
			fmt.Sprintf("{name} approved the text and photos of draft %s {id}. Put it live.", one),
			fmt.Sprintf("Publish %s {id} for {name}; everything is signed off.", one),
		},
		check: func(r Row) []world.Assertion {
			return []world.Assertion{fieldIs("The "+one+" is live.", table, r["id"], "status", "live")}
		},
	})

	// Action: work leads to an enquiry on a live listing.
	v.refAction(refAction{
		name: "enquiry_logged", on: []string{"done"}, needs: []string{"id", "customer_id", "date"}, table: etable,
		then: fmt.Sprintf("an enquiry from the same %s must be logged in %s on one of our live %s, with the {noun} id as its reference", v.C, s.Title, many),
		live: []string{"new", "answered", "viewing_booked", "closed"},
		call: func(tc *TaskCtx, up *Entity, r Row) world.Call {
			l := Pick(tc.R, live)
			return world.Call{Tool: "log_enquiry", Args: map[string]any{"listing_id": l["id"], "customer_id": up.Val("customer_id", r), "message": fmt.Sprintf("Interest after %s %s.", up.Noun, r[up.Key]),
				"channel": "phone", "source_ref": r[up.Key]}}
		},
		want: func(up *Entity, r Row) map[string]any { return map[string]any{"status": "new"} },
		seed: func(g *Gen, up *Entity, r Row) {
			l := Pick(g.R, live)
			g.AddRow(etable, Row{"id": fmt.Sprintf("%s%05d", eprefix, v.next(etable)), "listing_id": l["id"], "customer_id": up.Val("customer_id", r),
				"message": fmt.Sprintf("Interest after %s %s.", up.Noun, r[up.Key]), "channel": "phone", "status": "answered", "source_ref": r[up.Key],
				"received_at": v.at(min(v.offset(up.Val("date", r)), 0), 8, 45)})
		},
	})

	// Chores: log an enquiry; book a viewing.
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: Pick(g.R, []string{"sales manager", "coordinator"}), Make: func(tc *TaskCtx) (Task, bool) {
		l, c := Pick(tc.R, live), Pick(tc.R, v.customers())
		q := Pick(tc.R, questions)
		n := tc.NextID(etable)
		id := fmt.Sprintf("%s%05d", eprefix, n)
		return Task{
			Title:       "log enquiry",
			Instruction: fmt.Sprintf("%s (%s) just phoned about \"%s\" (%s): \"%s\" Please log the enquiry.", c["name"], c["id"], l["title"], l["id"], q),
			Calls:       []world.Call{{Tool: "log_enquiry", Args: map[string]any{"listing_id": l["id"], "customer_id": c["id"], "message": q, "channel": "phone"}}},
			Assertions: []world.Assertion{
				{Description: "The enquiry is logged as a phone call.", Weight: 2, Exists: &world.RowMatch{Table: etable, Where: map[string]any{"id": id, "listing_id": l["id"], "customer_id": c["id"], "channel": "phone", "status": "new"}}},
				{Description: "Logged once.", Count: &world.CountMatch{Table: etable, Where: map[string]any{"listing_id": l["id"], "customer_id": c["id"]}, Equals: ptrInt(v.countRows(etable, "listing_id", l["id"], "customer_id", c["id"]) + 1)}},
			},
			MayChange: []world.Change{{Table: etable, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		cands := v.pickRows(etable, func(r Row) bool { return r["status"] == "new" || r["status"] == "answered" })
		if len(cands) == 0 {
			return Task{}, false
		}
		q := Pick(tc.R, cands)
		return Task{
			Title:       "book viewing",
			Instruction: fmt.Sprintf("We agreed a viewing with %s about enquiry %s. Please record that the viewing is booked.", lookup(v.cust, q["customer_id"], "name"), q["id"]),
			Calls:       []world.Call{{Tool: "update_enquiry", Args: map[string]any{"enquiry_id": q["id"], "status": "viewing_booked"}}},
			Assertions: []world.Assertion{
				fieldIs("The enquiry has a viewing booked.", etable, q["id"], "status", "viewing_booked"),
				{Description: "No other enquiry changed.", Count: &world.CountMatch{Table: etable, Where: map[string]any{"status": "viewing_booked"}, Equals: ptrInt(v.countRows(etable, "status", "viewing_booked") + 1)}},
			},
			MayChange: []world.Change{{Table: etable, Keys: []any{q["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}
