package archetypes

import (
	"fmt"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

// Verticals of delivery and field operations: shipments with tracking and
// proof of delivery, field work orders with parts and sign-off, projects
// with milestones and budget.

func init() {
	for _, d := range []*engine.ServiceDef{
		{Name: "shipments", Title: "Shipments", Build: buildShipments},
		{Name: "work_orders", Title: "Work orders", Build: buildWorkOrders},
		{Name: "projects", Title: "Projects", Build: buildProjects},
	} {
		d.Vertical, d.Layer = true, engine.LayerOperations
		engine.Register(d)
	}
}

// ---------------------------------------------------------------- shipments

func buildShipments(g *engine.Gen, s *engine.Svc) {
	v := kit.New(g, s)
	one, many := v.Noun([2]string{"consignment", "consignments"}, [2]string{"parcel", "parcels"}, [2]string{"dispatch", "dispatches"})
	v.Named(many)
	o, m := engine.Snake(one), engine.Snake(many)
	table, scans := s.Name+"_consignments", s.Name+"_scans"
	prefix := v.Prefix("CNS-", "DSP-")
	s.Description = fmt.Sprintf("Consignments %s sends to its %s: carrier service, tracking scans and proof of delivery.", g.Company.Name, v.CMany)
	stages := []string{"created", "collected", "in_transit", "out_for_delivery", "delivered"}
	s.Table(table, engine.Title(many)+", one per dispatch to a consignee.", prefix, 5,
		kit.PK(),
		kit.RefersTo("customer_id", v.Cust.Table+".id", "The "+v.C+" it is for (CRM id)."),
		kit.Text("consignee", "Person who receives it."),
		kit.Text("destination", "Delivery address."),
		kit.Enum("service", "Carrier service.", "standard", "express", "same_day", "pallet"),
		kit.Int("parcels", "Number of packages."),
		kit.Int("weight_kg", "Gross weight in kg."),
		kit.Money("charge", "Delivery charge"),
		kit.Opt(kit.Unique(kit.Text("tracking_no", "Carrier tracking number, set at collection."))),
		kit.Enum("status", "created → collected → in_transit → out_for_delivery → delivered (a failed attempt goes back to in_transit); created ones can be cancelled.", append(stages, "cancelled")...),
		kit.Opt(kit.Text("pod_signed_by", "Who signed the proof of delivery.")),
		kit.Opt(kit.Datetime("delivered_at", "When it was delivered.")),
		kit.Opt(kit.RefersTo("source_ref", v.Work.Table+".id", "The "+v.Work.Noun+" it delivers, if any.")),
		kit.Datetime("created_at", "When it was booked."),
	)
	s.Table(scans, "Tracking scans of "+many+", oldest first.", "SCN-", 6,
		kit.PK(), kit.Ref("consignment_id", table, "The "+one+"."), kit.Enum("stage", "What the scan recorded.", "created", "collected", "in_transit", "out_for_delivery", "delivered", "exception"),
		kit.Text("location", "Where."), kit.WithDefault(kit.Text("note", "Remark of the driver or depot."), ""), kit.Datetime("scanned_at", "When."))
	e := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.CustRoles("customer_id")}
	e.Roles["amount"] = engine.Column("charge")
	e.Roles["consignee"] = engine.Column("consignee")
	g.SetEntity(o, e)

	// Tracking numbers in the style of a parcel carrier, unique per id.
	carrier := engine.Pick(g.R, []string{"JJD", "1Z", "CX", "00340"})
	tracking := func(n int) string { return fmt.Sprintf("%s%010d", carrier, 4210000000+int64(n)*7919) }
	hubs := []string{g.Locale.City(), g.Locale.City(), g.Locale.City()}
	scan := func(c engine.Row, stage, loc string, at string) {
		g.AddRow(scans, engine.Row{"id": fmt.Sprintf("SCN-%06d", v.NextNumber(scans)), "consignment_id": c["id"], "stage": stage, "location": loc, "note": "", "scanned_at": at})
	}
	// history adds the scans a consignment in its status has had.
	history := func(c engine.Row, d int) {
		idx := 0
		for i, st := range stages {
			if st == c["status"] {
				idx = i
			}
		}
		for i := 0; i <= idx; i++ {
			loc := hubs[i%len(hubs)]
			if i == 0 {
				loc = g.Company.Headquarters
			}
			if stages[i] == "delivered" || stages[i] == "out_for_delivery" {
				loc = fmt.Sprint(c["destination"])
			}
			scan(c, stages[i], loc, v.At(d+i/2, 8+2*i, 15))
		}
	}
	newRow := func(n int, c engine.Row, status string, d int) engine.Row {
		r := engine.Row{"id": e.ID(n), "customer_id": c["id"], "consignee": v.Contact(c), "destination": g.Locale.Address(),
			"service": engine.Pick(g.R, []string{"standard", "standard", "express", "same_day", "pallet"}), "parcels": int64(1 + g.R.IntN(6)),
			"weight_kg": int64(1 + g.R.IntN(400)), "charge": v.StepMoney(g.R, 8, 240), "status": status, "created_at": v.At(d-1, 16, 40)}
		if status != "created" && status != "cancelled" {
			r["tracking_no"] = tracking(n)
		}
		if status == "delivered" {
			r["pod_signed_by"], r["delivered_at"] = r["consignee"], v.At(d+2, 11, 5)
		}
		return r
	}
	for i := 1; i <= 16+g.R.IntN(12); i++ {
		d := g.R.IntN(30) - 26
		status := stages[min(4, max(0, (d+26)/6))]
		status = engine.Pick(g.R, []string{status, "delivered", engine.Pick(g.R, stages[:4])})
		if d > -3 && status == "delivered" {
			status = "in_transit"
		}
		if g.R.IntN(12) == 0 {
			status = "cancelled"
		}
		r := v.Add(e, table, newRow(i, engine.Pick(g.R, v.Customers()), status, d))
		if status != "cancelled" {
			history(r, d)
		}
	}
	for _, st := range []string{"collected", "out_for_delivery"} {
		r := v.Add(e, table, newRow(v.NextNumber(table), engine.Pick(g.R, v.Customers()), st, -1))
		history(r, -1)
	}

	// Tools.
	v.Tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by %s, status, tracking number or the %s they deliver. Returns id (like %s), %s id, consignee, destination, tracking number and status, newest first.", many, v.C, v.Work.Noun, e.ID(1), v.C),
		[]world.ArgSpec{kit.S("customer_id", false, "CRM id."), kit.A("status", table+".status", false, ""), kit.S("tracking_no", false, ""), kit.S("source_ref", false, "Id of the "+v.Work.Noun+".")},
		kit.Search(table, []string{"-created_at"}, []string{"id", "customer_id", "consignee", "destination", "service", "tracking_no", "status", "source_ref"},
			kit.F("customer_id", "eq", "customer_id"), kit.F("status", "eq", "status"), kit.F("tracking_no", "eq", "tracking_no"), kit.F("source_ref", "eq", "source_ref")))
	v.Tool(false, "get_"+o, "Get "+engine.An(one), fmt.Sprintf("Read one %s by id, with charge (minor units) and proof of delivery.", one),
		[]world.ArgSpec{kit.S(o+"_id", true, "e.g. "+e.ID(1))}, kit.Get(table, o+"_id", "", fmt.Sprintf("No %s {%s_id}; search_%s finds ids.", one, o, m)))
	v.Tool(false, "list_tracking_scans", "Tracking history",
		fmt.Sprintf("The tracking scans of one %s, oldest first.", one),
		[]world.ArgSpec{kit.S("consignment_id", true, "e.g. "+e.ID(1))},
		kit.Search(scans, []string{"scanned_at"}, nil, kit.F("consignment_id", "eq", "consignment_id")))
	v.Tool(true, "create_"+o, "Book "+engine.An(one),
		fmt.Sprintf("Book a %s to a consignee for a %s. charge in minor units. Refused if a %s to the same consignee and address is still waiting for collection. Starts as created; returns it with its id.", one, v.C, one),
		[]world.ArgSpec{kit.S("customer_id", true, "CRM id."), kit.S("consignee", true, "Person who receives it."), kit.S("destination", true, "Delivery address."),
			kit.A("service", table+".service", true, ""), {Name: "parcels", Type: "integer", Required: true, Minimum: kit.NumPtr(1)}, {Name: "weight_kg", Type: "integer", Required: true, Minimum: kit.NumPtr(1)},
			{Name: "charge", Type: "integer", Required: true, Minimum: kit.NumPtr(0)}, kit.S("source_ref", false, "Id of the "+v.Work.Noun+" it delivers, if any.")},
		world.Step{Absent: table, Where: map[string]any{"customer_id": "$customer_id", "consignee": "$consignee", "destination": "$destination", "status": "created"}, As: "dup",
			Message: "{dup.id} to {consignee} at that address is already waiting for collection."},
		kit.Insert(table, "", map[string]any{"customer_id": "$customer_id", "consignee": "$consignee", "destination": "$destination", "service": "$service", "parcels": "$parcels",
			"weight_kg": "$weight_kg", "charge": "$charge", "source_ref": "$source_ref", "status": "created", "created_at": "$now"}))
	v.Tool(false, "record_scan", "Record a tracking scan",
		fmt.Sprintf("Record that a %s was collected (give the carrier's tracking number), reached a depot (in_transit) or left with a driver (out_for_delivery). Moves it one stage at a time; a failed delivery attempt goes back to in_transit.", one),
		[]world.ArgSpec{kit.S("consignment_id", true, ""), {Name: "stage", Type: "string", Required: true, Enum: kit.Vals("collected", "in_transit", "out_for_delivery")},
			kit.S("location", true, "Depot, city or address."), kit.S("tracking_no", false, "Carrier tracking number (at collection)."), kit.S("note", false, "")},
		world.Step{Update: table, Key: "$consignment_id", Set: map[string]any{"status": "$stage", "tracking_no": "$tracking_no"}, As: "c",
			Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{"created": {"collected"}, "collected": {"in_transit"}, "in_transit": {"out_for_delivery"}, "out_for_delivery": {"in_transit"}}},
			Message:     "No " + one + " {consignment_id}."},
		kit.Insert(scans, "", map[string]any{"consignment_id": "$consignment_id", "stage": "$stage", "location": "$location", "note": "$note", "scanned_at": "$now"})).Returns = "c"
	v.Tool(true, "confirm_delivery", "Confirm delivery",
		fmt.Sprintf("Record proof of delivery for a %s that is out for delivery: who signed, at the time of the call. Adds the delivered scan.", one),
		[]world.ArgSpec{kit.S("consignment_id", true, ""), kit.S("signed_by", true, "Name of the person who signed.")},
		kit.Get(table, "consignment_id", "c", "No "+one+" {consignment_id}."),
		world.Step{Require: "$c.status", Equals: "out_for_delivery", Message: "{consignment_id} is {c.status}; only " + many + " out for delivery can be delivered."},
		world.Step{Update: table, Key: "$consignment_id", As: "done", Set: map[string]any{"status": "delivered", "pod_signed_by": "$signed_by", "delivered_at": "$now"}},
		kit.Insert(scans, "", map[string]any{"consignment_id": "$consignment_id", "stage": "delivered", "location": "$c.destination", "note": "$signed_by", "scanned_at": "$now"}))
	s.Tools[len(s.Tools)-1].Returns = "done"

	// Event: delivered with proof of delivery.
	v.Event(e, kit.StatusEvent{
		Name: "delivered", Kind: "done", When: fmt.Sprintf("%s is delivered (proof of delivery recorded)", engine.An(one)), Where: map[string]any{"status": "delivered"},
		InState: func(r engine.Row) bool { return r["status"] == "delivered" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			n := tc.FreshID(table)
			c := engine.Pick(tc.R, v.Customers())
			r := engine.Row{"id": e.ID(n), "customer_id": c["id"], "consignee": v.Contact(c), "destination": g.Locale.Address(), "service": "express", "parcels": int64(1 + tc.R.IntN(3)),
				"weight_kg": int64(2 + tc.R.IntN(30)), "charge": v.StepMoney(tc.R, 10, 120), "status": "out_for_delivery", "tracking_no": tracking(n), "created_at": v.At(-2, 15, 0)}
			return r
		},
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "confirm_delivery", Args: map[string]any{"consignment_id": r["id"], "signed_by": r["consignee"]}}
		},
		Ask: []string{
			fmt.Sprintf("The driver handed %s {id} to {consignee}, who signed for it. Please record the delivery.", one),
			"POD in for {id}: signed by {consignee}. Close it off as delivered.",
			fmt.Sprintf("{name}'s %s {id} arrived; {consignee} signed. Record the proof of delivery.", one),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The "+one+" is delivered.", table, r["id"], "status", "delivered"),
				kit.FieldIs("The proof of delivery names who signed.", table, r["id"], "pod_signed_by", r["consignee"])}
		},
		Inserts: []string{scans},
	})

	// Action: finished or cancelled work needs a consignment.
	v.RefAction(kit.RefAction{
		Name: "dispatched", On: []string{"done", "cancelled"}, Needs: []string{"id", "customer_id", "item"}, Table: table,
		Then: fmt.Sprintf("a %s to the same %s must be booked in %s (to deliver or return the goods), with the {noun} id as its reference", one, v.C, s.Title),
		Live: stages,
		Call: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) world.Call {
			c := lookupRow(v.Cust.Rows, up.Val("customer_id", r))
			return world.Call{Tool: "create_" + o, Args: map[string]any{"customer_id": up.Val("customer_id", r), "consignee": v.Contact(c), "destination": g.Locale.Address(),
				"service": "standard", "parcels": 1, "weight_kg": 5, "charge": v.StepMoney(tc.R, 8, 40), "source_ref": r[up.Key]}}
		},
		Want: func(up *engine.Entity, r engine.Row) map[string]any { return map[string]any{"status": "created"} },
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			d := v.Offset(up.Val("date", r))
			status := "created"
			if d < -3 {
				status = "delivered"
			}
			row := newRow(v.NextNumber(table), lookupRow(v.Cust.Rows, up.Val("customer_id", r)), status, min(d, 0))
			row["source_ref"] = r[up.Key]
			v.Add(e, table, row)
			history(row, min(d, 0))
		},
	})

	// Chores: a depot scan; a new consignment.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		cands := v.PickRows(table, func(r engine.Row) bool { return r["status"] == "collected" })
		if len(cands) == 0 {
			return engine.Task{}, false
		}
		c := engine.Pick(tc.R, cands)
		hub := engine.Pick(tc.R, hubs) + " depot"
		tc.NextID(scans)
		return engine.Task{
			Title:       "record depot scan",
			Instruction: fmt.Sprintf("%s (tracking %s) was scanned in at the %s this morning. Please update its tracking.", c["id"], c["tracking_no"], hub),
			Calls:       []world.Call{{Tool: "record_scan", Args: map[string]any{"consignment_id": c["id"], "stage": "in_transit", "location": hub}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The "+one+" is in transit.", table, c["id"], "status", "in_transit"),
				{Description: "The depot scan is in its history.", Weight: 2, Exists: &world.RowMatch{Table: scans, Where: map[string]any{"consignment_id": c["id"], "stage": "in_transit", "location": map[string]any{"contains": strings.TrimSuffix(hub, " depot")}}}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{c["id"]}, Ops: []string{"update"}}, {Table: scans, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: engine.Pick(g.R, []string{"operations coordinator", "account manager"}), Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		c := engine.Pick(tc.R, v.Customers())
		to, addr := v.Contact(c), g.Locale.Address()
		parcels, kg := 1+tc.R.IntN(4), 2+tc.R.IntN(60)
		charge := v.StepMoney(tc.R, 10, 90)
		id := e.ID(tc.NextID(table))
		return engine.Task{
			Title: "book " + one,
			Instruction: fmt.Sprintf("%s (%s) needs %d parcel(s), %d kg in total, sent express to %s at %s. Book it at %s.",
				c["name"], c["id"], parcels, kg, to, addr, v.FmtMoney(charge)),
			Calls: []world.Call{{Tool: "create_" + o, Args: map[string]any{"customer_id": c["id"], "consignee": to, "destination": addr, "service": "express",
				"parcels": parcels, "weight_kg": kg, "charge": charge}}},
			Assertions: []world.Assertion{
				{Description: "The " + one + " is booked with the right details.", Weight: 2, Exists: &world.RowMatch{Table: table, Where: map[string]any{"id": id, "customer_id": c["id"], "consignee": to,
					"destination": addr, "service": "express", "parcels": parcels, "weight_kg": kg, "charge": charge, "status": "created"}}},
				{Description: "Booked once.", Count: &world.CountMatch{Table: table, Where: map[string]any{"customer_id": c["id"], "destination": addr}, Equals: kit.PtrInt(1)}},
			},
			MayChange: []world.Change{{Table: table, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// ---------------------------------------------------------------- work orders

func buildWorkOrders(g *engine.Gen, s *engine.Svc) {
	v := kit.New(g, s)
	one, many := v.Noun([2]string{"work order", "work orders"}, [2]string{"service order", "service orders"}, [2]string{"field job", "field jobs"})
	v.Named(many)
	o, m := engine.Snake(one), engine.Snake(many)
	table, parts := s.Name+"_jobs", s.Name+"_parts"
	prefix := v.Prefix("WO-", "SO-")
	s.Description = fmt.Sprintf("Field %s of %s: what is to be done on site, by which %s, the parts used and the %s's sign-off.", many, g.Company.Name, v.St, v.C)
	s.Table(table, engine.Title(many)+" for work on site.", prefix, 5,
		kit.PK(),
		kit.RefersTo("customer_id", v.Cust.Table+".id", "The "+v.C+" (CRM id)."),
		kit.Text("site_address", "Where the work is done."),
		kit.Text("site_contact", "Who is on site and signs off."),
		kit.Text("task", "What is to be done."),
		kit.Opt(kit.RefersTo("technician_id", v.Staff.Table+".id", "The "+v.St+" sent.")),
		kit.Enum("priority", "How urgent.", "normal", "urgent", "emergency"),
		kit.Date("scheduled_on", "Day of the visit."),
		kit.Money("quoted_amount", "Price quoted for labour and call-out"),
		kit.Enum("status", "open → in_progress → completed → signed_off; open ones can be cancelled.", "open", "in_progress", "completed", "signed_off", "cancelled"),
		kit.Opt(kit.Text("signed_off_by", "Who signed the work off on site.")),
		kit.Opt(kit.Datetime("signed_off_at", "When it was signed off.")),
		kit.Opt(kit.RefersTo("source_ref", v.Work.Table+".id", "The "+v.Work.Noun+" it belongs to, if any.")),
		kit.Datetime("created_at", "When it was opened."),
	)
	s.Table(parts, "Parts and materials used on "+many+".", "WOP-", 5,
		kit.PK(), kit.Ref("work_order_id", table, "The "+one+"."), kit.Text("part", "Part or material."), kit.Int("quantity", "How many."),
		kit.Money("unit_price", "Price per unit"), kit.Datetime("added_at", "When it was recorded."))
	e := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.CustRoles("customer_id")}
	e.Roles["amount"] = engine.Column("quoted_amount")
	e.Roles["date"] = engine.Column("scheduled_on")
	e.Roles["contact"] = engine.Column("site_contact")
	g.SetEntity(o, e)
	tasks := []string{"Inspection", "Maintenance visit", "Repair", "Installation", "Replacement", "Fault call-out"}
	for i, it := range g.Vocab.Items {
		if i < 6 {
			tasks = append(tasks, tasks[i%len(tasks)]+": "+it.Name)
		}
	}
	catalogue := []string{"Seal kit", "Filter cartridge", "Fuse 16A", "Hose 1/2\"", "Valve", "Bracket set", "Sensor", "Cable 10 m", "Gasket", "Bearing"}
	partPrice := func() int64 { return v.StepMoney(g.R, 2, 80) }
	newRow := func(n int, c engine.Row, status string, d int) engine.Row {
		r := engine.Row{"id": e.ID(n), "customer_id": c["id"], "site_address": g.Locale.Address(), "site_contact": v.Contact(c), "task": engine.Pick(g.R, tasks),
			"technician_id": engine.Pick(g.R, v.Team())["id"], "priority": engine.Pick(g.R, []string{"normal", "normal", "normal", "urgent", "emergency"}), "scheduled_on": g.Day(d),
			"quoted_amount": v.StepMoney(g.R, 80, 900), "status": status, "created_at": v.At(d-4-g.R.IntN(10), 9, 30)}
		if status == "signed_off" {
			r["signed_off_by"], r["signed_off_at"] = r["site_contact"], v.At(d, 15, 45)
		}
		return r
	}
	addParts := func(r engine.Row, k int) {
		for range k {
			g.AddRow(parts, engine.Row{"id": fmt.Sprintf("WOP-%05d", v.NextNumber(parts)), "work_order_id": r["id"], "part": engine.Pick(g.R, catalogue), "quantity": int64(1 + g.R.IntN(4)),
				"unit_price": partPrice(), "added_at": v.At(v.Offset(r["scheduled_on"]), 11, 20)})
		}
	}
	for i := 1; i <= 16+g.R.IntN(12); i++ {
		d := g.R.IntN(40) - 28
		status := "open"
		switch {
		case d < -3:
			status = engine.Pick(g.R, []string{"signed_off", "signed_off", "completed", "cancelled"})
		case d <= 0:
			status = engine.Pick(g.R, []string{"in_progress", "completed"})
		}
		r := v.Add(e, table, newRow(i, engine.Pick(g.R, v.Customers()), status, d))
		if status != "open" && status != "cancelled" {
			addParts(r, g.R.IntN(3))
		}
	}
	v.Add(e, table, newRow(v.NextNumber(table), engine.Pick(g.R, v.Customers()), "in_progress", 0))

	// Tools.
	v.Tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by %s, %s, status, priority or visit date. Returns id (like %s), %s id, task, %s, date, quote (minor units) and status.", many, v.C, v.St, e.ID(1), v.C, v.St),
		[]world.ArgSpec{kit.S("customer_id", false, "CRM id."), kit.S("technician_id", false, "Id of the "+v.St+"."), kit.A("status", table+".status", false, ""), kit.A("priority", table+".priority", false, ""),
			{Name: "from", Type: "date", Description: "Visit on or after."}},
		kit.Search(table, []string{"-scheduled_on"}, []string{"id", "customer_id", "task", "technician_id", "priority", "scheduled_on", "quoted_amount", "status", "source_ref"},
			kit.F("customer_id", "eq", "customer_id"), kit.F("technician_id", "eq", "technician_id"), kit.F("status", "eq", "status"), kit.F("priority", "eq", "priority"), kit.F("scheduled_on", "gte", "from")))
	v.Tool(false, "get_"+o, "Get "+engine.An(one), fmt.Sprintf("Read one %s by id, with site, contact and sign-off.", one),
		[]world.ArgSpec{kit.S(o+"_id", true, "e.g. "+e.ID(1))}, kit.Get(table, o+"_id", "", fmt.Sprintf("No %s {%s_id}.", one, o)))
	v.Tool(true, "open_"+o, "Open "+engine.An(one),
		fmt.Sprintf("Open a %s for a %s: task, site, who is on site, visit date, priority and quote (minor units). Starts as open; returns it with its id.", one, v.C),
		[]world.ArgSpec{kit.S("customer_id", true, "CRM id."), kit.S("site_address", true, ""), kit.S("site_contact", true, "Name of who is on site."), kit.S("task", true, "What is to be done."),
			kit.A("priority", table+".priority", true, ""), {Name: "scheduled_on", Type: "date", Required: true}, {Name: "quoted_amount", Type: "integer", Required: true, Minimum: kit.NumPtr(0)},
			kit.S("technician_id", false, "Id of the "+v.St+" to send."), kit.S("source_ref", false, "Id of the "+v.Work.Noun+" it belongs to, if any.")},
		kit.Insert(table, "", map[string]any{"customer_id": "$customer_id", "site_address": "$site_address", "site_contact": "$site_contact", "task": "$task", "priority": "$priority",
			"scheduled_on": "$scheduled_on", "quoted_amount": "$quoted_amount", "technician_id": "$technician_id", "source_ref": "$source_ref", "status": "open", "created_at": "$now"}))
	v.Tool(false, "add_part", "Record a part used",
		fmt.Sprintf("Record parts or material used on an open or in-progress %s (unit price in minor units).", one),
		[]world.ArgSpec{kit.S("work_order_id", true, ""), kit.S("part", true, ""), {Name: "quantity", Type: "integer", Required: true, Minimum: kit.NumPtr(1)}, {Name: "unit_price", Type: "integer", Required: true, Minimum: kit.NumPtr(0)}},
		kit.Get(table, "work_order_id", "w", "No "+one+" {work_order_id}."),
		world.Step{Require: "$w.status", In: kit.Vals("open", "in_progress"), Message: "{work_order_id} is {w.status}; parts can only be added while the work is open or in progress."},
		kit.Insert(parts, "", map[string]any{"work_order_id": "$work_order_id", "part": "$part", "quantity": "$quantity", "unit_price": "$unit_price", "added_at": "$now"}))
	v.Tool(false, "set_"+o+"_status", "Start, finish or cancel",
		fmt.Sprintf("Move a %s along: open → in_progress → completed; open ones can be cancelled. Sign-off is separate (sign_off_%s).", one, o),
		[]world.ArgSpec{kit.S(o+"_id", true, ""), {Name: "status", Type: "string", Required: true, Enum: kit.Vals("in_progress", "completed", "cancelled")}},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "$status"}, Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{
			"open": {"in_progress", "cancelled"}, "in_progress": {"completed"}}}, Message: fmt.Sprintf("No %s {%s_id}.", one, o)})
	v.Tool(true, "sign_off_"+o, "Record the sign-off",
		fmt.Sprintf("Record that the %s's contact signed off a completed %s, at the time of the call.", v.C, one),
		[]world.ArgSpec{kit.S(o+"_id", true, ""), kit.S("signed_by", true, "Name of who signed.")},
		kit.Get(table, o+"_id", "w", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$w.status", Equals: "completed", Message: "{" + o + "_id} is {w.status}; only completed work can be signed off."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "signed_off", "signed_off_by": "$signed_by", "signed_off_at": "$now"}})

	// Event: signed off.
	v.Event(e, kit.StatusEvent{
		Name: "signed_off", Kind: "done", When: fmt.Sprintf("%s is signed off by the %s", engine.An(one), v.C), Where: map[string]any{"status": "signed_off"},
		InState: func(r engine.Row) bool { return r["status"] == "signed_off" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			c := engine.Pick(tc.R, v.Customers())
			return engine.Row{"id": e.ID(tc.FreshID(table)), "customer_id": c["id"], "site_address": g.Locale.Address(), "site_contact": v.Contact(c), "task": engine.Pick(tc.R, tasks),
				"technician_id": v.Team()[0]["id"], "priority": "normal", "scheduled_on": g.Day(0), "quoted_amount": v.StepMoney(tc.R, 80, 900), "status": "completed", "created_at": v.At(-6, 9, 0)}
		},
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "sign_off_" + o, Args: map[string]any{o + "_id": r["id"], "signed_by": r["site_contact"]}}
		},
		Ask: []string{
			fmt.Sprintf("{contact} signed off %s {id} on site for {name}. Please record the sign-off.", one),
			fmt.Sprintf("The technician is done with {id}; {contact} has signed. Close the %s off.", one),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The "+one+" is signed off.", table, r["id"], "status", "signed_off"),
				kit.FieldIs("It names who signed.", table, r["id"], "signed_off_by", r["site_contact"])}
		},
	})

	// Action: finished or cancelled work gets a field visit.
	v.RefAction(kit.RefAction{
		Name: "work_order_opened", On: []string{"done"}, Needs: []string{"id", "customer_id", "item"}, Table: table,
		Then: fmt.Sprintf("a %s for the same %s must be opened in %s, with the {noun} id as its reference", one, v.C, s.Title),
		Live: []string{"open", "in_progress", "completed", "signed_off"},
		Call: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) world.Call {
			c := lookupRow(v.Cust.Rows, up.Val("customer_id", r))
			return world.Call{Tool: "open_" + o, Args: map[string]any{"customer_id": up.Val("customer_id", r), "site_address": g.Locale.Address(), "site_contact": v.Contact(c),
				"task": "Follow-up on " + kit.UpItem(up, r), "priority": "normal", "scheduled_on": g.Day(3 + tc.R.IntN(5)), "quoted_amount": v.StepMoney(tc.R, 60, 300), "source_ref": r[up.Key]}}
		},
		Want: func(up *engine.Entity, r engine.Row) map[string]any { return map[string]any{"status": "open"} },
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			d := v.Offset(up.Val("date", r)) + 3
			status := "open"
			if d < -2 {
				status = "signed_off"
			}
			row := newRow(v.NextNumber(table), lookupRow(v.Cust.Rows, up.Val("customer_id", r)), status, d)
			row["task"], row["source_ref"] = "Follow-up on "+kit.UpItem(up, r), r[up.Key]
			v.Add(e, table, row)
		},
	})

	// Chores: a part used; work finished.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		cands := v.PickRows(table, func(r engine.Row) bool { return r["status"] == "in_progress" })
		if len(cands) == 0 {
			return engine.Task{}, false
		}
		w := engine.Pick(tc.R, cands)
		part, qty, price := engine.Pick(tc.R, catalogue), 1+tc.R.IntN(5), v.StepMoney(tc.R, 2, 80)
		tc.NextID(parts)
		return engine.Task{
			Title:       "record parts used",
			Instruction: fmt.Sprintf("The technician on %s used %d × %s at %s each. Please record it on the %s.", w["id"], qty, part, v.FmtMoney(price), one),
			Calls:       []world.Call{{Tool: "add_part", Args: map[string]any{"work_order_id": w["id"], "part": part, "quantity": qty, "unit_price": price}}},
			Assertions: []world.Assertion{
				{Description: "The part is recorded with quantity and price.", Weight: 2, Exists: &world.RowMatch{Table: parts, Where: map[string]any{"work_order_id": w["id"], "part": part, "quantity": qty, "unit_price": price}}},
				{Description: "Recorded once.", Count: &world.CountMatch{Table: parts, Where: map[string]any{"work_order_id": w["id"]}, Equals: kit.PtrInt(v.CountRows(parts, "work_order_id", w["id"]) + 1)}},
			},
			MayChange: []world.Change{{Table: parts, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		cands := v.PickRows(table, func(r engine.Row) bool { return r["status"] == "in_progress" })
		if len(cands) == 0 {
			return engine.Task{}, false
		}
		w := engine.Pick(tc.R, cands)
		return engine.Task{
			Title:       "finish " + one,
			Instruction: fmt.Sprintf("The technician reports the work on %s (%s) is finished; the %s will sign off later. Update the %s.", w["id"], w["task"], v.C, one),
			Calls:       []world.Call{{Tool: "set_" + o + "_status", Args: map[string]any{o + "_id": w["id"], "status": "completed"}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The work is completed.", table, w["id"], "status", "completed"),
				{Description: "Not signed off yet.", Role: world.RoleConstraint, Absent: &world.RowMatch{Table: table, Where: map[string]any{"id": w["id"], "signed_off_by": map[string]any{"not_null": true}}}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{w["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// ---------------------------------------------------------------- projects

func buildProjects(g *engine.Gen, s *engine.Svc) {
	v := kit.New(g, s)
	one, many := v.Noun([2]string{"project", "projects"}, [2]string{"engagement", "engagements"}, [2]string{"programme", "programmes"})
	v.Named(many)
	mone, mmany := "milestone", "milestones"
	o, m := engine.Snake(one), engine.Snake(many)
	table, mtable := s.Name+"_portfolio", s.Name+"_milestones"
	prefix := v.Prefix("PRJ-", "ENG-")
	s.Description = fmt.Sprintf("The %s %s runs for its %s: manager, budget, dates, and billable milestones the %s signs off.", many, g.Company.Name, v.CMany, v.C)
	s.Table(table, engine.Title(many)+".", prefix, 4,
		kit.PK(), kit.RefersTo("customer_id", v.Cust.Table+".id", "The "+v.C+" (CRM id)."), kit.Text("name", "Name."),
		kit.RefersTo("manager_id", v.Staff.Table+".id", "The "+v.St+" who leads it."), kit.Money("budget", "Agreed budget"),
		kit.Date("start_on", "Start."), kit.Date("due_on", "Planned end."),
		kit.Enum("status", "active, on_hold, closed or cancelled.", "active", "on_hold", "closed", "cancelled"),
		kit.Opt(kit.RefersTo("source_ref", v.Work.Table+".id", "The "+v.Work.Noun+" it grew out of, if any.")))
	s.Table(mtable, "Milestones of "+many+"; each is billed when the "+v.C+" approves it.", "MS-", 5,
		kit.PK(), kit.Ref("project_id", table, "The "+one+"."), kit.Text("title", "What is delivered."), kit.Date("due_on", "Due date."),
		kit.Money("amount", "Billable amount on approval"),
		kit.Enum("status", "planned → done → approved.", "planned", "done", "approved"),
		kit.Opt(kit.Text("approved_by", "Who approved it for the "+v.C+".")), kit.Opt(kit.Date("approved_on", "When.")))
	proj := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 4, Roles: v.CustRoles("customer_id")}
	proj.Roles["amount"] = engine.Column("budget")
	g.SetEntity(o, proj)
	// Milestones point at their customer through the project.
	via := func(field string) engine.Role {
		r := engine.Role{
			SQL: func(a string) string {
				return fmt.Sprintf("(SELECT c.%s FROM %s c WHERE c.id = (SELECT p.customer_id FROM %s p WHERE p.id = %s.project_id))", field, v.Cust.Table, table, a)
			},
			Value: func(r engine.Row) any {
				return kit.Lookup(v.Cust, kit.Lookup(proj, r["project_id"], "customer_id"), field)
			},
		}
		if field == "id" {
			r.Path = "project_id.customer_id" // one hop; the customer's email is two
		}
		return r
	}
	ms := &engine.Entity{Service: s.Name, Table: mtable, Key: "id", Noun: mone, Plural: mmany, Prefix: "MS-", Width: 5, Roles: map[string]engine.Role{
		"id": engine.Column("id"), "amount": engine.Column("amount"), "date": engine.Column("due_on"), "customer_id": via("id"), "email": via("email"), "name": via("name")}}
	g.SetEntity(mone, ms)

	themes := []string{"Rollout", "Upgrade", "Redesign", "Expansion", "Audit", "Migration", "Fit-out"}
	steps := []string{"Kick-off and plan", "Design approved", "First delivery", "Acceptance test", "Handover", "Final report"}
	for _, it := range g.Vocab.Items {
		themes = append(themes, it.Name)
	}
	newProject := func(n int, c engine.Row, d int, status string) engine.Row {
		return engine.Row{"id": proj.ID(n), "customer_id": c["id"], "name": fmt.Sprintf("%s – %s", engine.Pick(g.R, themes), c["name"]), "manager_id": engine.Pick(g.R, v.Team())["id"],
			"budget": v.StepMoney(g.R, 2000, 60000), "start_on": g.Day(d), "due_on": g.Day(d + 60 + g.R.IntN(120)), "status": status}
	}
	addMilestones := func(p engine.Row) {
		d := v.Offset(p["start_on"])
		k := 2 + g.R.IntN(3)
		unit := 100 * engine.MinorPerMajor(g.Locale.C.CurrencyDigits)
		share := max(unit, p["budget"].(int64)/int64(k+1)/unit*unit)
		for i := range k {
			due := d + 20*(i+1)
			status := "planned"
			if due < -5 {
				status = "approved"
			} else if due < 5 {
				status = engine.Pick(g.R, []string{"planned", "done"})
			}
			if p["status"] == "cancelled" && status != "approved" {
				continue
			}
			r := engine.Row{"id": fmt.Sprintf("MS-%05d", v.NextNumber(mtable)), "project_id": p["id"], "title": steps[i%len(steps)], "due_on": g.Day(due), "amount": share, "status": status}
			if status == "approved" {
				r["approved_by"], r["approved_on"] = v.Contact(lookupRow(v.Cust.Rows, p["customer_id"])), g.Day(due+2)
			}
			v.Add(ms, mtable, r)
		}
	}
	for i := 1; i <= 6+g.R.IntN(6); i++ {
		d := -g.R.IntN(200) + 20
		status := engine.Pick(g.R, []string{"active", "active", "active", "on_hold", "closed", "cancelled"})
		p := v.Add(proj, table, newProject(i, engine.Pick(g.R, v.Customers()), d, status))
		addMilestones(p)
	}
	proj.Rows[0]["status"] = "active"
	var active []engine.Row
	for _, p := range proj.Rows {
		if p["status"] == "active" {
			active = append(active, p)
		}
	}

	// Tools.
	v.Tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by %s, manager, status or name. Returns every field: id (like %s), name, manager, budget (minor units), dates, status, origin.", many, v.C, proj.ID(1)),
		[]world.ArgSpec{kit.S("customer_id", false, "CRM id."), kit.S("manager_id", false, "Id of the "+v.St+"."), kit.A("status", table+".status", false, ""), kit.S("query", false, "Part of the name.")},
		kit.Search(table, []string{"-start_on"}, nil, kit.F("customer_id", "eq", "customer_id"), kit.F("manager_id", "eq", "manager_id"), kit.F("status", "eq", "status"), kit.FAny("query", "name")))
	v.Tool(false, "search_milestones", "Search milestones",
		fmt.Sprintf("Milestones of a %s, or all with a status, by due date. Amounts in minor units.", one),
		[]world.ArgSpec{kit.S("project_id", false, "e.g. "+proj.ID(1)), kit.A("status", mtable+".status", false, "")},
		kit.Search(mtable, []string{"due_on"}, nil, kit.F("project_id", "eq", "project_id"), kit.F("status", "eq", "status")))
	v.Tool(true, "open_"+o, "Open "+engine.An(one),
		fmt.Sprintf("Open a %s for a %s with a manager, budget (minor units) and dates. Refused if the %s already has a %s of that name. Starts active.", one, v.C, v.C, one),
		[]world.ArgSpec{kit.S("customer_id", true, "CRM id."), kit.S("name", true, ""), kit.S("manager_id", true, "Id of the "+v.St+"."), {Name: "budget", Type: "integer", Required: true, Minimum: kit.NumPtr(0)},
			{Name: "start_on", Type: "date", Required: true}, {Name: "due_on", Type: "date", Required: true}, kit.S("source_ref", false, "Id of the "+v.Work.Noun+" it grew out of, if any.")},
		world.Step{Absent: table, Where: map[string]any{"customer_id": "$customer_id", "name": "$name"}, As: "dup", Message: "{customer_id} already has {dup.id} called {name}."},
		kit.Insert(table, "", map[string]any{"customer_id": "$customer_id", "name": "$name", "manager_id": "$manager_id", "budget": "$budget", "start_on": "$start_on", "due_on": "$due_on",
			"source_ref": "$source_ref", "status": "active"}))
	v.Tool(false, "add_milestone", "Add a milestone",
		fmt.Sprintf("Add a billable milestone (amount in minor units) to an active %s. Starts as planned.", one),
		[]world.ArgSpec{kit.S("project_id", true, ""), kit.S("title", true, ""), {Name: "due_on", Type: "date", Required: true}, {Name: "amount", Type: "integer", Required: true, Minimum: kit.NumPtr(0)}},
		kit.Get(table, "project_id", "p", "No "+one+" {project_id}."),
		world.Step{Require: "$p.status", Equals: "active", Message: "{p.name} is {p.status}; milestones are added to active " + many + " only."},
		kit.Insert(mtable, "", map[string]any{"project_id": "$project_id", "title": "$title", "due_on": "$due_on", "amount": "$amount", "status": "planned"}))
	v.Tool(false, "complete_milestone", "Mark a milestone done",
		"Mark a planned milestone as delivered (done), ready for the "+v.C+"'s approval.",
		[]world.ArgSpec{kit.S("milestone_id", true, "e.g. MS-00001")},
		kit.Get(mtable, "milestone_id", "ms", "No milestone {milestone_id}."),
		world.Step{Require: "$ms.status", Equals: "planned", Message: "{milestone_id} is {ms.status}; only planned milestones can be marked done."},
		world.Step{Update: mtable, Key: "$milestone_id", Set: map[string]any{"status": "done"}})
	v.Tool(true, "approve_milestone", "Record a milestone approval",
		"Record that the "+v.C+" approved a delivered (done) milestone, dated today.",
		[]world.ArgSpec{kit.S("milestone_id", true, ""), kit.S("approved_by", true, "Who approved it for the "+v.C+".")},
		kit.Get(mtable, "milestone_id", "ms", "No milestone {milestone_id}."),
		world.Step{Require: "$ms.status", Equals: "done", Message: "{milestone_id} is {ms.status}; only delivered (done) milestones can be approved."},
		world.Step{Update: mtable, Key: "$milestone_id", Set: map[string]any{"status": "approved", "approved_by": "$approved_by", "approved_on": "$today"}})

	// Event: a milestone is approved.
	v.Event(ms, kit.StatusEvent{
		Name: "approved", Kind: "done", When: fmt.Sprintf("a %s milestone is approved by the %s", one, v.C), Where: map[string]any{"status": "approved"},
		InState: func(r engine.Row) bool { return r["status"] == "approved" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			p := engine.Pick(tc.R, active)
			return engine.Row{"id": fmt.Sprintf("MS-%05d", tc.FreshID(mtable)), "project_id": p["id"], "title": engine.Pick(tc.R, steps), "due_on": g.Day(-1), "amount": v.StepMoney(tc.R, 500, 8000), "status": "done"}
		},
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "approve_milestone", Args: map[string]any{"milestone_id": r["id"], "approved_by": v.Contact(lookupRow(v.Cust.Rows, ms.Val("customer_id", r)))}}
		},
		Ask: []string{
			"{name} has approved milestone {id}. Please record the approval (signed by our usual contact there).",
			"Good news: milestone {id} was accepted by {name}'s main contact. Record it.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The milestone is approved.", mtable, r["id"], "status", "approved"),
				kit.FieldIs("Approved by the customer's contact.", mtable, r["id"], "approved_by", v.Contact(lookupRow(v.Cust.Rows, ms.Val("customer_id", r))))}
		},
	})

	// Action: finished or cancelled work becomes a project.
	v.RefAction(kit.RefAction{
		Name: "project_opened", On: []string{"done"}, Needs: []string{"id", "customer_id", "amount", "date"}, Table: table,
		Then: fmt.Sprintf("a %s for the same %s must be open in %s with the {noun}'s amount as its budget and the {noun} id as its reference", one, v.C, s.Title),
		Live: []string{"active", "on_hold", "closed"},
		Eq:   map[string]string{"budget": "amount"},
		Call: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) world.Call {
			return world.Call{Tool: "open_" + o, Args: map[string]any{"customer_id": up.Val("customer_id", r), "name": fmt.Sprintf("%s (%s)", kit.UpItem(up, r), r[up.Key]),
				"manager_id": v.Team()[0]["id"], "budget": up.Val("amount", r), "start_on": g.Day(1), "due_on": g.Day(91), "source_ref": r[up.Key]}}
		},
		Want: func(up *engine.Entity, r engine.Row) map[string]any {
			return map[string]any{"status": "active", "budget": up.Val("amount", r)}
		},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			d := v.Offset(up.Val("date", r))
			p := newProject(v.NextNumber(table), lookupRow(v.Cust.Rows, up.Val("customer_id", r)), d+1, "active")
			if d < -60 {
				p["status"] = "closed"
			}
			p["name"], p["budget"], p["source_ref"] = fmt.Sprintf("%s (%s)", kit.UpItem(up, r), r[up.Key]), up.Val("amount", r), r[up.Key]
			v.Add(proj, table, p)
		},
	})

	// Chores: add a milestone; mark one delivered.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		p := engine.Pick(tc.R, active)
		t := engine.Pick(tc.R, []string{"Training session", "Go-live support", "Documentation", "Quality review"})
		due, amount := g.Day(20+tc.R.IntN(40)), v.StepMoney(tc.R, 300, 5000)
		n := tc.NextID(mtable)
		id := fmt.Sprintf("MS-%05d", n)
		return engine.Task{
			Title:       "add milestone",
			Instruction: fmt.Sprintf("Add a milestone \"%s\" to %s \"%s\" (%s), due %s, billable at %s.", t, one, p["name"], p["id"], due, v.FmtMoney(amount)),
			Calls:       []world.Call{{Tool: "add_milestone", Args: map[string]any{"project_id": p["id"], "title": t, "due_on": due, "amount": amount}}},
			Assertions: []world.Assertion{
				{Description: "The milestone is planned with date and amount.", Weight: 2, Exists: &world.RowMatch{Table: mtable, Where: map[string]any{"id": id, "project_id": p["id"], "title": t, "due_on": due, "amount": amount, "status": "planned"}}},
				{Description: "Added once.", Count: &world.CountMatch{Table: mtable, Where: map[string]any{"project_id": p["id"]}, Equals: kit.PtrInt(v.CountRows(mtable, "project_id", p["id"]) + 1)}},
			},
			MayChange: []world.Change{{Table: mtable, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		cands := v.PickRows(mtable, func(r engine.Row) bool {
			return r["status"] == "planned" && kit.Lookup(proj, r["project_id"], "status") == "active"
		})
		if len(cands) == 0 {
			return engine.Task{}, false
		}
		r := engine.Pick(tc.R, cands)
		return engine.Task{
			Title:       "milestone delivered",
			Instruction: fmt.Sprintf("We delivered \"%s\" (%s) of %s %s. Mark it done so the %s can approve it.", r["title"], r["id"], one, r["project_id"], v.C),
			Calls:       []world.Call{{Tool: "complete_milestone", Args: map[string]any{"milestone_id": r["id"]}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The milestone is done.", mtable, r["id"], "status", "done"),
				{Description: "Nothing was approved on the customer's behalf.", Role: world.RoleConstraint, Count: &world.CountMatch{Table: mtable, Where: map[string]any{"status": "approved"}, Equals: kit.PtrInt(v.CountRows(mtable, "status", "approved"))}},
			},
			MayChange: []world.Change{{Table: mtable, Keys: []any{r["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}
