package archetypes

import (
	"fmt"
	"slices"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

// Appointments: a vertical where customers book a slot with a member of
// staff.

func init() {
	engine.Register(&engine.ServiceDef{Name: "appointments", Title: "Appointments", Vertical: true, Layer: engine.LayerOperations, Build: buildAppointments})
}

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

	var rooms []string
	city := g.Locale.City()
	for _, room := range g.Locale.Lex().Sentences("appointment_room") {
		rooms = append(rooms, seed.Fill(room, "city", city))
	}
	purposes := slices.Clone(g.Locale.Lex().Sentences("appointment_purpose"))
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
				"starts_at": v.Slot(fmt.Sprint(st["id"]), 14+tc.R.IntN(7), 9, tc.R), "duration_min": 30, "purpose": g.Locale.Lex().Say("appointment_follow_up", "item", kit.UpItem(up, r)),
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
			v.Add(e, table, engine.Row{"id": e.ID(v.NextNumber(table)), "customer_id": up.Val("customer_id", r), "staff_id": st["id"], "purpose": g.Locale.Lex().Say("appointment_follow_up", "item", kit.UpItem(up, r)),
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
