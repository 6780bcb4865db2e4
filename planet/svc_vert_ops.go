package planet

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

// Verticals of delivery and field operations: shipments with tracking and
// proof of delivery, field work orders with parts and sign-off, projects
// with milestones and budget.

func init() {
	for _, d := range []*ServiceDef{
		{Name: "shipments", Title: "Shipments", Build: buildShipments},
		{Name: "work_orders", Title: "Work orders", Build: buildWorkOrders},
		{Name: "projects", Title: "Projects", Build: buildProjects},
	} {
		d.Vertical, d.Layer = true, LayerOperations
		register(d)
	}
}

// ---------------------------------------------------------------- shipments

func buildShipments(g *Gen, s *Svc) {
	v := newVertical(g, s)
	one, many := v.noun([2]string{"consignment", "consignments"}, [2]string{"parcel", "parcels"}, [2]string{"dispatch", "dispatches"})
	v.named(many)
	o, m := snake(one), snake(many)
	table, scans := s.Name+"_consignments", s.Name+"_scans"
	prefix := v.prefix("CNS-", "DSP-")
	s.Description = fmt.Sprintf("Consignments %s sends to its %s: carrier service, tracking scans and proof of delivery.", g.Company.Name, v.CMany)
	stages := []string{"created", "collected", "in_transit", "out_for_delivery", "delivered"}
	s.Table(table, title(many)+", one per dispatch to a consignee.", prefix, 5,
		PK(),
		RefersTo("customer_id", v.cust.Table+".id", "The "+v.C+" it is for (CRM id)."),
		Text("consignee", "Person who receives it."),
		Text("destination", "Delivery address."),
		Enum("service", "Carrier service.", "standard", "express", "same_day", "pallet"),
		Int("parcels", "Number of packages."),
		Int("weight_kg", "Gross weight in kg."),
		Money("charge", "Delivery charge"),
		Opt(Unique(Text("tracking_no", "Carrier tracking number, set at collection."))),
		Enum("status", "created → collected → in_transit → out_for_delivery → delivered (a failed attempt goes back to in_transit); created ones can be cancelled.", append(stages, "cancelled")...),
		Opt(Text("pod_signed_by", "Who signed the proof of delivery.")),
		Opt(Datetime("delivered_at", "When it was delivered.")),
		Opt(RefersTo("source_ref", v.work.Table+".id", "The "+v.work.Noun+" it delivers, if any.")),
		Datetime("created_at", "When it was booked."),
	)
	s.Table(scans, "Tracking scans of "+many+", oldest first.", "SCN-", 6,
		PK(), Ref("consignment_id", table, "The "+one+"."), Enum("stage", "What the scan recorded.", "created", "collected", "in_transit", "out_for_delivery", "delivered", "exception"),
		Text("location", "Where."), withDefault(Text("note", "Remark of the driver or depot."), ""), Datetime("scanned_at", "When."))
	e := &Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.custRoles("customer_id")}
	e.Roles["amount"] = Column("charge")
	e.Roles["consignee"] = Column("consignee")
	g.SetEntity(o, e)

	// Tracking numbers in the style of a parcel carrier, unique per id.
	carrier := Pick(g.R, []string{"JJD", "1Z", "CX", "00340"})
	tracking := func(n int) string { return fmt.Sprintf("%s%010d", carrier, 4210000000+int64(n)*7919) }
	hubs := []string{g.Locale.City(), g.Locale.City(), g.Locale.City()}
	scan := func(c Row, stage, loc string, at string) {
		g.AddRow(scans, Row{"id": fmt.Sprintf("SCN-%06d", v.next(scans)), "consignment_id": c["id"], "stage": stage, "location": loc, "note": "", "scanned_at": at})
	}
	// history adds the scans a consignment in its status has had.
	history := func(c Row, d int) {
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
			scan(c, stages[i], loc, v.at(d+i/2, 8+2*i, 15))
		}
	}
	// settled moves a consignment booked on day d back so that its last
	// scan (one day per two stages) was yesterday at the latest: what a
	// carrier has scanned has happened.
	settled := func(status string, d int) int {
		idx := slices.Index(stages, status)
		return min(d, -1-max(idx, 0)/2)
	}
	newRow := func(n int, c Row, status string, d int) Row {
		r := Row{"id": e.ID(n), "customer_id": c["id"], "consignee": v.contact(c), "destination": g.Locale.Address(),
			"service": Pick(g.R, []string{"standard", "standard", "express", "same_day", "pallet"}), "parcels": int64(1 + g.R.IntN(6)),
			"weight_kg": int64(1 + g.R.IntN(400)), "charge": v.money(g.R, 8, 240), "status": status, "created_at": v.at(d-1, 16, 40)}
		if status != "created" && status != "cancelled" {
			r["tracking_no"] = tracking(n)
		}
		if status == "delivered" {
			r["pod_signed_by"], r["delivered_at"] = r["consignee"], v.at(d+2, 11, 5)
		}
		return r
	}
	for i := 1; i <= 16+g.R.IntN(12); i++ {
		d := g.R.IntN(30) - 26
		status := stages[min(4, max(0, (d+26)/6))]
		status = Pick(g.R, []string{status, "delivered", Pick(g.R, stages[:4])})
		if d > -3 && status == "delivered" {
			status = "in_transit"
		}
		if g.R.IntN(12) == 0 {
			status = "cancelled"
		}
		d = settled(status, d)
		r := v.add(e, table, newRow(i, Pick(g.R, v.customers()), status, d))
		if status != "cancelled" {
			history(r, d)
		}
	}
	for _, st := range []string{"collected", "out_for_delivery"} {
		d := settled(st, -1)
		r := v.add(e, table, newRow(v.next(table), Pick(g.R, v.customers()), st, d))
		history(r, d)
	}

	// Tools.
	v.tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by %s, status, tracking number or the %s they deliver. Returns id (like %s), %s id, consignee, destination, tracking number and status, newest first.", many, v.C, v.work.Noun, e.ID(1), v.C),
		[]world.ArgSpec{S("customer_id", false, "CRM id."), A("status", table+".status", false, ""), S("tracking_no", false, ""), S("source_ref", false, "Id of the "+v.work.Noun+".")},
		Search(table, []string{"-created_at"}, []string{"id", "customer_id", "consignee", "destination", "service", "tracking_no", "status", "source_ref"},
			F("customer_id", "eq", "customer_id"), F("status", "eq", "status"), F("tracking_no", "eq", "tracking_no"), F("source_ref", "eq", "source_ref")))
	v.tool(false, "get_"+o, "Get "+an(one), fmt.Sprintf("Read one %s by id, with charge (minor units) and proof of delivery.", one),
		[]world.ArgSpec{S(o+"_id", true, "e.g. "+e.ID(1))}, Get(table, o+"_id", "", fmt.Sprintf("No %s {%s_id}; search_%s finds ids.", one, o, m)))
	v.tool(false, "list_tracking_scans", "Tracking history",
		fmt.Sprintf("The tracking scans of one %s, oldest first.", one),
		[]world.ArgSpec{S("consignment_id", true, "e.g. "+e.ID(1))},
		Search(scans, []string{"scanned_at"}, nil, F("consignment_id", "eq", "consignment_id")))
	v.tool(true, "create_"+o, "Book "+an(one),
		fmt.Sprintf("Book a %s to a consignee for a %s. charge in minor units. Refused if a %s to the same consignee and address is still waiting for collection. Starts as created; returns it with its id.", one, v.C, one),
		[]world.ArgSpec{S("customer_id", true, "CRM id."), S("consignee", true, "Person who receives it."), S("destination", true, "Delivery address."),
			A("service", table+".service", true, ""), {Name: "parcels", Type: "integer", Required: true, Minimum: numPtr(1)}, {Name: "weight_kg", Type: "integer", Required: true, Minimum: numPtr(1)},
			{Name: "charge", Type: "integer", Required: true, Minimum: numPtr(0)}, S("source_ref", false, "Id of the "+v.work.Noun+" it delivers, if any.")},
		world.Step{Absent: table, Where: map[string]any{"customer_id": "$customer_id", "consignee": "$consignee", "destination": "$destination", "status": "created"}, As: "dup",
			Message: "{dup.id} to {consignee} at that address is already waiting for collection."},
		Insert(table, "", map[string]any{"customer_id": "$customer_id", "consignee": "$consignee", "destination": "$destination", "service": "$service", "parcels": "$parcels",
			"weight_kg": "$weight_kg", "charge": "$charge", "source_ref": "$source_ref", "status": "created", "created_at": "$now"}))
	v.tool(false, "record_scan", "Record a tracking scan",
		fmt.Sprintf("Record that a %s was collected (give the carrier's tracking number), reached a depot (in_transit) or left with a driver (out_for_delivery). Moves it one stage at a time; a failed delivery attempt goes back to in_transit.", one),
		[]world.ArgSpec{S("consignment_id", true, ""), {Name: "stage", Type: "string", Required: true, Enum: vals("collected", "in_transit", "out_for_delivery")},
			S("location", true, "Depot, city or address."), S("tracking_no", false, "Carrier tracking number (at collection)."), S("note", false, "")},
		world.Step{Update: table, Key: "$consignment_id", Set: map[string]any{"status": "$stage", "tracking_no": "$tracking_no"}, As: "c",
			Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{"created": {"collected"}, "collected": {"in_transit"}, "in_transit": {"out_for_delivery"}, "out_for_delivery": {"in_transit"}}},
			Message:     "No " + one + " {consignment_id}."},
		Insert(scans, "", map[string]any{"consignment_id": "$consignment_id", "stage": "$stage", "location": "$location", "note": "$note", "scanned_at": "$now"})).Returns = "c"
	v.tool(true, "confirm_delivery", "Confirm delivery",
		fmt.Sprintf("Record proof of delivery for a %s that is out for delivery: who signed, at the time of the call. Adds the delivered scan.", one),
		[]world.ArgSpec{S("consignment_id", true, ""), S("signed_by", true, "Name of the person who signed.")},
		Get(table, "consignment_id", "c", "No "+one+" {consignment_id}."),
		world.Step{Require: "$c.status", Equals: "out_for_delivery", Message: "{consignment_id} is {c.status}; only " + many + " out for delivery can be delivered."},
		world.Step{Update: table, Key: "$consignment_id", As: "done", Set: map[string]any{"status": "delivered", "pod_signed_by": "$signed_by", "delivered_at": "$now"}},
		Insert(scans, "", map[string]any{"consignment_id": "$consignment_id", "stage": "delivered", "location": "$c.destination", "note": "$signed_by", "scanned_at": "$now"}))
	s.Tools[len(s.Tools)-1].Returns = "done"

	// Event: delivered with proof of delivery.
	v.event(e, statusEvent{
		name: "delivered", kind: "done", when: fmt.Sprintf("%s is delivered (proof of delivery recorded)", an(one)), where: map[string]any{"status": "delivered"},
		inState: func(r Row) bool { return r["status"] == "delivered" },
		setup: func(tc *TaskCtx) Row {
			n := tc.FreshID(table)
			c := Pick(tc.R, v.customers())
			r := Row{"id": e.ID(n), "customer_id": c["id"], "consignee": v.contact(c), "destination": g.Locale.Address(), "service": "express", "parcels": int64(1 + tc.R.IntN(3)),
				"weight_kg": int64(2 + tc.R.IntN(30)), "charge": v.money(tc.R, 10, 120), "status": "out_for_delivery", "tracking_no": tracking(n), "created_at": v.at(-2, 15, 0)}
			return r
		},
		call: func(r Row) world.Call {
			return world.Call{Tool: "confirm_delivery", Args: map[string]any{"consignment_id": r["id"], "signed_by": r["consignee"]}}
		},
		ask: []string{
			fmt.Sprintf("The driver handed %s {id} to {consignee}, who signed for it. Please record the delivery.", one),
			"POD in for {id}: signed by {consignee}. Close it off as delivered.",
			fmt.Sprintf("{name}'s %s {id} arrived; {consignee} signed. Record the proof of delivery.", one),
		},
		check: func(r Row) []world.Assertion {
			return []world.Assertion{fieldIs("The "+one+" is delivered.", table, r["id"], "status", "delivered"),
				fieldIs("The proof of delivery names who signed.", table, r["id"], "pod_signed_by", r["consignee"])}
		},
		inserts: []string{scans},
	})

	// Action: finished or cancelled work needs a consignment.
	v.refAction(refAction{
		name: "dispatched", on: []string{"done", "cancelled"}, needs: []string{"id", "customer_id", "item"}, table: table,
		then: fmt.Sprintf("a %s to the same %s must be booked in %s (to deliver or return the goods), with the {noun} id as its reference", one, v.C, s.Title),
		live: stages,
		call: func(tc *TaskCtx, up *Entity, r Row) world.Call {
			c := lookupRow(v.cust.Rows, up.Val("customer_id", r))
			return world.Call{Tool: "create_" + o, Args: map[string]any{"customer_id": up.Val("customer_id", r), "consignee": v.contact(c), "destination": g.Locale.Address(),
				"service": "standard", "parcels": 1, "weight_kg": 5, "charge": v.money(tc.R, 8, 40), "source_ref": r[up.Key]}}
		},
		want: func(up *Entity, r Row) map[string]any { return map[string]any{"status": "created"} },
		seed: func(g *Gen, up *Entity, r Row) {
			d := v.offset(up.Val("date", r))
			status := "created"
			if d < -3 {
				status = "delivered"
			}
			row := newRow(v.next(table), lookupRow(v.cust.Rows, up.Val("customer_id", r)), status, min(d, 0))
			row["source_ref"] = r[up.Key]
			v.add(e, table, row)
			history(row, min(d, 0))
		},
	})

	// Chores: a depot scan; a new consignment.
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		cands := v.pickRows(table, func(r Row) bool { return r["status"] == "collected" })
		if len(cands) == 0 {
			return Task{}, false
		}
		c := Pick(tc.R, cands)
		hub := Pick(tc.R, hubs) + " depot"
		tc.NextID(scans)
		return Task{
			Title:       "record depot scan",
			Instruction: fmt.Sprintf("%s (tracking %s) was scanned in at the %s this morning. Please update its tracking.", c["id"], c["tracking_no"], hub),
			Calls:       []world.Call{{Tool: "record_scan", Args: map[string]any{"consignment_id": c["id"], "stage": "in_transit", "location": hub}}},
			Assertions: []world.Assertion{
				fieldIs("The "+one+" is in transit.", table, c["id"], "status", "in_transit"),
				{Description: "The depot scan is in its history.", Weight: 2, Exists: &world.RowMatch{Table: scans, Where: map[string]any{"consignment_id": c["id"], "stage": "in_transit", "location": map[string]any{"contains": strings.TrimSuffix(hub, " depot")}}}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{c["id"]}, Ops: []string{"update"}}, {Table: scans, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: Pick(g.R, []string{"operations coordinator", "account manager"}), Make: func(tc *TaskCtx) (Task, bool) {
		c := Pick(tc.R, v.customers())
		to, addr := v.contact(c), g.Locale.Address()
		parcels, kg := 1+tc.R.IntN(4), 2+tc.R.IntN(60)
		charge := v.money(tc.R, 10, 90)
		id := e.ID(tc.NextID(table))
		return Task{
			Title: "book " + one,
			Instruction: fmt.Sprintf("%s (%s) needs %d parcel(s), %d kg in total, sent express to %s at %s. Book it at %s.",
				c["name"], c["id"], parcels, kg, to, addr, v.fmtMoney(charge)),
			Calls: []world.Call{{Tool: "create_" + o, Args: map[string]any{"customer_id": c["id"], "consignee": to, "destination": addr, "service": "express",
				"parcels": parcels, "weight_kg": kg, "charge": charge}}},
			Assertions: []world.Assertion{
				{Description: "The " + one + " is booked with the right details.", Weight: 2, Exists: &world.RowMatch{Table: table, Where: map[string]any{"id": id, "customer_id": c["id"], "consignee": to,
					"destination": addr, "service": "express", "parcels": parcels, "weight_kg": kg, "charge": charge, "status": "created"}}},
				{Description: "Booked once.", Count: &world.CountMatch{Table: table, Where: map[string]any{"customer_id": c["id"], "destination": addr}, Equals: ptrInt(1)}},
			},
			MayChange: []world.Change{{Table: table, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// ---------------------------------------------------------------- work orders

func buildWorkOrders(g *Gen, s *Svc) {
	v := newVertical(g, s)
	one, many := v.noun([2]string{"work order", "work orders"}, [2]string{"service order", "service orders"}, [2]string{"field job", "field jobs"})
	v.named(many)
	o, m := snake(one), snake(many)
	table, parts := s.Name+"_jobs", s.Name+"_parts"
	prefix := v.prefix("WO-", "SO-")
	s.Description = fmt.Sprintf("Field %s of %s: what is to be done on site, by which %s, the parts used and the %s's sign-off.", many, g.Company.Name, v.St, v.C)
	s.Table(table, title(many)+" for work on site.", prefix, 5,
		PK(),
		RefersTo("customer_id", v.cust.Table+".id", "The "+v.C+" (CRM id)."),
		Text("site_address", "Where the work is done."),
		Text("site_contact", "Who is on site and signs off."),
		Text("task", "What is to be done."),
		Opt(RefersTo("technician_id", v.staff.Table+".id", "The "+v.St+" sent.")),
		Enum("priority", "How urgent.", "normal", "urgent", "emergency"),
		Date("scheduled_on", "Day of the visit."),
		Money("quoted_amount", "Price quoted for labour and call-out"),
		Enum("status", "open → in_progress → completed → signed_off; open ones can be cancelled.", "open", "in_progress", "completed", "signed_off", "cancelled"),
		Opt(Text("signed_off_by", "Who signed the work off on site.")),
		Opt(Datetime("signed_off_at", "When it was signed off.")),
		Opt(RefersTo("source_ref", v.work.Table+".id", "The "+v.work.Noun+" it belongs to, if any.")),
		Datetime("created_at", "When it was opened."),
	)
	s.Table(parts, "Parts and materials used on "+many+".", "WOP-", 5,
		PK(), Ref("work_order_id", table, "The "+one+"."), Text("part", "Part or material."), Int("quantity", "How many."),
		Money("unit_price", "Price per unit"), Datetime("added_at", "When it was recorded."))
	e := &Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.custRoles("customer_id")}
	e.Roles["amount"] = Column("quoted_amount")
	e.Roles["date"] = Column("scheduled_on")
	e.Roles["contact"] = Column("site_contact")
	g.SetEntity(o, e)
	tasks := []string{"Inspection", "Maintenance visit", "Repair", "Installation", "Replacement", "Fault call-out"}
	for i, it := range g.Vocab.Items {
		if i < 6 {
			tasks = append(tasks, tasks[i%len(tasks)]+": "+it.Name)
		}
	}
	// Parts are the industry's own supplies (a bike shop's inner tubes,
	// not a fuse), each at one price throughout the world.
	var catalogue []string
	prices := map[string]int64{}
	supplies, _ := seed.SuppliesOf(g.Scenario.Industry)
	for _, sp := range supplies {
		catalogue = append(catalogue, sp.Name)
		prices[sp.Name] = hzPrice(g, nil, Item{Name: sp.Name, Min: sp.PriceRange[0], Max: sp.PriceRange[1]})
	}
	if len(catalogue) == 0 {
		catalogue = []string{"Seal kit", "Filter cartridge", "Fuse 16A", "Hose 1/2\"", "Valve", "Bracket set", "Sensor", "Cable 10 m", "Gasket", "Bearing"}
		for _, p := range catalogue {
			prices[p] = v.money(g.R, 2, 80)
		}
	}
	newRow := func(n int, c Row, status string, d int) Row {
		r := Row{"id": e.ID(n), "customer_id": c["id"], "site_address": g.Locale.Address(), "site_contact": v.contact(c), "task": Pick(g.R, tasks),
			"technician_id": Pick(g.R, v.team())["id"], "priority": Pick(g.R, []string{"normal", "normal", "normal", "urgent", "emergency"}), "scheduled_on": g.Day(d),
			"quoted_amount": v.money(g.R, 80, 900), "status": status, "created_at": v.at(d-4-g.R.IntN(10), 9, 30)}
		if status == "signed_off" {
			r["signed_off_by"], r["signed_off_at"] = r["site_contact"], v.at(d, 15, 45)
		}
		return r
	}
	addParts := func(r Row, k int) {
		for range k {
			part := Pick(g.R, catalogue)
			g.AddRow(parts, Row{"id": fmt.Sprintf("WOP-%05d", v.next(parts)), "work_order_id": r["id"], "part": part, "quantity": int64(1 + g.R.IntN(4)),
				"unit_price": prices[part], "added_at": v.at(v.offset(r["scheduled_on"]), 11, 20)})
		}
	}
	for i := 1; i <= 16+g.R.IntN(12); i++ {
		d := g.R.IntN(40) - 28
		status := "open"
		switch {
		case d < -3:
			status = Pick(g.R, []string{"signed_off", "signed_off", "completed", "cancelled"})
		case d <= 0:
			status = Pick(g.R, []string{"in_progress", "completed"})
		}
		r := v.add(e, table, newRow(i, Pick(g.R, v.customers()), status, d))
		if status != "open" && status != "cancelled" {
			addParts(r, g.R.IntN(3))
		}
	}
	v.add(e, table, newRow(v.next(table), Pick(g.R, v.customers()), "in_progress", 0))

	// Tools.
	v.tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by %s, %s, status, priority or visit date. Returns id (like %s), %s id, task, %s, date, quote (minor units) and status.", many, v.C, v.St, e.ID(1), v.C, v.St),
		[]world.ArgSpec{S("customer_id", false, "CRM id."), S("technician_id", false, "Id of the "+v.St+"."), A("status", table+".status", false, ""), A("priority", table+".priority", false, ""),
			{Name: "from", Type: "date", Description: "Visit on or after."}},
		Search(table, []string{"-scheduled_on"}, []string{"id", "customer_id", "task", "technician_id", "priority", "scheduled_on", "quoted_amount", "status", "source_ref"},
			F("customer_id", "eq", "customer_id"), F("technician_id", "eq", "technician_id"), F("status", "eq", "status"), F("priority", "eq", "priority"), F("scheduled_on", "gte", "from")))
	v.tool(false, "get_"+o, "Get "+an(one), fmt.Sprintf("Read one %s by id, with site, contact and sign-off.", one),
		[]world.ArgSpec{S(o+"_id", true, "e.g. "+e.ID(1))}, Get(table, o+"_id", "", fmt.Sprintf("No %s {%s_id}.", one, o)))
	v.tool(true, "open_"+o, "Open "+an(one),
		fmt.Sprintf("Open a %s for a %s: task, site, who is on site, visit date, priority and quote (minor units). Starts as open; returns it with its id.", one, v.C),
		[]world.ArgSpec{S("customer_id", true, "CRM id."), S("site_address", true, ""), S("site_contact", true, "Name of who is on site."), S("task", true, "What is to be done."),
			A("priority", table+".priority", true, ""), {Name: "scheduled_on", Type: "date", Required: true}, {Name: "quoted_amount", Type: "integer", Required: true, Minimum: numPtr(0)},
			S("technician_id", false, "Id of the "+v.St+" to send."), S("source_ref", false, "Id of the "+v.work.Noun+" it belongs to, if any.")},
		Insert(table, "", map[string]any{"customer_id": "$customer_id", "site_address": "$site_address", "site_contact": "$site_contact", "task": "$task", "priority": "$priority",
			"scheduled_on": "$scheduled_on", "quoted_amount": "$quoted_amount", "technician_id": "$technician_id", "source_ref": "$source_ref", "status": "open", "created_at": "$now"}))
	v.tool(false, "add_part", "Record a part used",
		fmt.Sprintf("Record parts or material used on an open or in-progress %s (unit price in minor units).", one),
		[]world.ArgSpec{S("work_order_id", true, ""), S("part", true, ""), {Name: "quantity", Type: "integer", Required: true, Minimum: numPtr(1)}, {Name: "unit_price", Type: "integer", Required: true, Minimum: numPtr(0)}},
		Get(table, "work_order_id", "w", "No "+one+" {work_order_id}."),
		world.Step{Require: "$w.status", In: vals("open", "in_progress"), Message: "{work_order_id} is {w.status}; parts can only be added while the work is open or in progress."},
		Insert(parts, "", map[string]any{"work_order_id": "$work_order_id", "part": "$part", "quantity": "$quantity", "unit_price": "$unit_price", "added_at": "$now"}))
	v.tool(false, "set_"+o+"_status", "Start, finish or cancel",
		fmt.Sprintf("Move a %s along: open → in_progress → completed; open ones can be cancelled. Sign-off is separate (sign_off_%s).", one, o),
		[]world.ArgSpec{S(o+"_id", true, ""), {Name: "status", Type: "string", Required: true, Enum: vals("in_progress", "completed", "cancelled")}},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "$status"}, Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{
			"open": {"in_progress", "cancelled"}, "in_progress": {"completed"}}}, Message: fmt.Sprintf("No %s {%s_id}.", one, o)})
	v.tool(true, "sign_off_"+o, "Record the sign-off",
		fmt.Sprintf("Record that the %s's contact signed off a completed %s, at the time of the call.", v.C, one),
		[]world.ArgSpec{S(o+"_id", true, ""), S("signed_by", true, "Name of who signed.")},
		Get(table, o+"_id", "w", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$w.status", Equals: "completed", Message: "{" + o + "_id} is {w.status}; only completed work can be signed off."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "signed_off", "signed_off_by": "$signed_by", "signed_off_at": "$now"}})

	// Event: signed off.
	v.event(e, statusEvent{
		name: "signed_off", kind: "done", when: fmt.Sprintf("%s is signed off by the %s", an(one), v.C), where: map[string]any{"status": "signed_off"},
		inState: func(r Row) bool { return r["status"] == "signed_off" },
		setup: func(tc *TaskCtx) Row {
			c := Pick(tc.R, v.customers())
			return Row{"id": e.ID(tc.FreshID(table)), "customer_id": c["id"], "site_address": g.Locale.Address(), "site_contact": v.contact(c), "task": Pick(tc.R, tasks),
				"technician_id": v.team()[0]["id"], "priority": "normal", "scheduled_on": g.Day(0), "quoted_amount": v.money(tc.R, 80, 900), "status": "completed", "created_at": v.at(-6, 9, 0)}
		},
		call: func(r Row) world.Call {
			return world.Call{Tool: "sign_off_" + o, Args: map[string]any{o + "_id": r["id"], "signed_by": r["site_contact"]}}
		},
		ask: []string{
			fmt.Sprintf("{contact} signed off %s {id} on site for {name}. Please record the sign-off.", one),
			fmt.Sprintf("The technician is done with {id}; {contact} has signed. Close the %s off.", one),
		},
		check: func(r Row) []world.Assertion {
			return []world.Assertion{fieldIs("The "+one+" is signed off.", table, r["id"], "status", "signed_off"),
				fieldIs("It names who signed.", table, r["id"], "signed_off_by", r["site_contact"])}
		},
	})

	// Action: finished or cancelled work gets a field visit.
	v.refAction(refAction{
		name: "work_order_opened", on: []string{"done"}, needs: []string{"id", "customer_id", "item"}, table: table,
		then: fmt.Sprintf("a %s for the same %s must be opened in %s, with the {noun} id as its reference", one, v.C, s.Title),
		live: []string{"open", "in_progress", "completed", "signed_off"},
		call: func(tc *TaskCtx, up *Entity, r Row) world.Call {
			c := lookupRow(v.cust.Rows, up.Val("customer_id", r))
			return world.Call{Tool: "open_" + o, Args: map[string]any{"customer_id": up.Val("customer_id", r), "site_address": g.Locale.Address(), "site_contact": v.contact(c),
				"task": "Follow-up on " + upItem(up, r), "priority": "normal", "scheduled_on": g.Day(3 + tc.R.IntN(5)), "quoted_amount": v.money(tc.R, 60, 300), "source_ref": r[up.Key]}}
		},
		want: func(up *Entity, r Row) map[string]any { return map[string]any{"status": "open"} },
		seed: func(g *Gen, up *Entity, r Row) {
			d := v.offset(up.Val("date", r)) + 3
			status := "open"
			if d < -2 {
				status = "signed_off"
			}
			row := newRow(v.next(table), lookupRow(v.cust.Rows, up.Val("customer_id", r)), status, d)
			row["task"], row["source_ref"] = "Follow-up on "+upItem(up, r), r[up.Key]
			v.add(e, table, row)
		},
	})

	// Chores: a part used; work finished.
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		cands := v.pickRows(table, func(r Row) bool { return r["status"] == "in_progress" })
		if len(cands) == 0 {
			return Task{}, false
		}
		w := Pick(tc.R, cands)
		part, qty := Pick(tc.R, catalogue), 1+tc.R.IntN(5)
		price := prices[part]
		tc.NextID(parts)
		return Task{
			Title:       "record parts used",
			Instruction: fmt.Sprintf("The technician on %s used %d × %s at %s each. Please record it on the %s.", w["id"], qty, part, v.fmtMoney(price), one),
			Calls:       []world.Call{{Tool: "add_part", Args: map[string]any{"work_order_id": w["id"], "part": part, "quantity": qty, "unit_price": price}}},
			Assertions: []world.Assertion{
				{Description: "The part is recorded with quantity and price.", Weight: 2, Exists: &world.RowMatch{Table: parts, Where: map[string]any{"work_order_id": w["id"], "part": part, "quantity": qty, "unit_price": price}}},
				{Description: "Recorded once.", Count: &world.CountMatch{Table: parts, Where: map[string]any{"work_order_id": w["id"]}, Equals: ptrInt(v.countRows(parts, "work_order_id", w["id"]) + 1)}},
			},
			MayChange: []world.Change{{Table: parts, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		cands := v.pickRows(table, func(r Row) bool { return r["status"] == "in_progress" })
		if len(cands) == 0 {
			return Task{}, false
		}
		w := Pick(tc.R, cands)
		return Task{
			Title:       "finish " + one,
			Instruction: fmt.Sprintf("The technician reports the work on %s (%s) is finished; the %s will sign off later. Update the %s.", w["id"], w["task"], v.C, one),
			Calls:       []world.Call{{Tool: "set_" + o + "_status", Args: map[string]any{o + "_id": w["id"], "status": "completed"}}},
			Assertions: []world.Assertion{
				fieldIs("The work is completed.", table, w["id"], "status", "completed"),
				{Description: "Not signed off yet.", Role: world.RoleConstraint, Absent: &world.RowMatch{Table: table, Where: map[string]any{"id": w["id"], "signed_off_by": map[string]any{"not_null": true}}}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{w["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// ---------------------------------------------------------------- projects

func buildProjects(g *Gen, s *Svc) {
	v := newVertical(g, s)
	one, many := v.noun([2]string{"project", "projects"}, [2]string{"engagement", "engagements"}, [2]string{"programme", "programmes"})
	v.named(many)
	mone, mmany := "milestone", "milestones"
	o, m := snake(one), snake(many)
	table, mtable := s.Name+"_portfolio", s.Name+"_milestones"
	prefix := v.prefix("PRJ-", "ENG-")
	s.Description = fmt.Sprintf("The %s %s runs for its %s: manager, budget, dates, and billable milestones the %s signs off.", many, g.Company.Name, v.CMany, v.C)
	s.Table(table, title(many)+".", prefix, 4,
		PK(), RefersTo("customer_id", v.cust.Table+".id", "The "+v.C+" (CRM id)."), Text("name", "Name."),
		RefersTo("manager_id", v.staff.Table+".id", "The "+v.St+" who leads it."), Money("budget", "Agreed budget"),
		Date("start_on", "Start."), Date("due_on", "Planned end."),
		Enum("status", "active, on_hold, closed or cancelled.", "active", "on_hold", "closed", "cancelled"),
		Opt(RefersTo("source_ref", v.work.Table+".id", "The "+v.work.Noun+" it grew out of, if any.")))
	s.Table(mtable, "Milestones of "+many+"; each is billed when the "+v.C+" approves it.", "MS-", 5,
		PK(), Ref("project_id", table, "The "+one+"."), Text("title", "What is delivered."), Date("due_on", "Due date."),
		Money("amount", "Billable amount on approval"),
		Enum("status", "planned → done → approved.", "planned", "done", "approved"),
		Opt(Text("approved_by", "Who approved it for the "+v.C+".")), Opt(Date("approved_on", "When.")))
	proj := &Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 4, Roles: v.custRoles("customer_id")}
	proj.Roles["amount"] = Column("budget")
	g.SetEntity(o, proj)
	// Milestones point at their customer through the project.
	via := func(field string) Role {
		r := Role{
			SQL: func(a string) string {
				return fmt.Sprintf("(SELECT c.%s FROM %s c WHERE c.id = (SELECT p.customer_id FROM %s p WHERE p.id = %s.project_id))", field, v.cust.Table, table, a)
			},
			Value: func(r Row) any { return lookup(v.cust, lookup(proj, r["project_id"], "customer_id"), field) },
		}
		if field == "id" {
			r.Path = "project_id.customer_id" // one hop; the customer's email is two
		}
		return r
	}
	ms := &Entity{Service: s.Name, Table: mtable, Key: "id", Noun: mone, Plural: mmany, Prefix: "MS-", Width: 5, Roles: map[string]Role{
		"id": Column("id"), "amount": Column("amount"), "date": Column("due_on"), "customer_id": via("id"), "email": via("email"), "name": via("name")}}
	g.SetEntity(mone, ms)

	themes := []string{"Rollout", "Upgrade", "Redesign", "Expansion", "Audit", "Migration", "Fit-out"}
	steps := []string{"Kick-off and plan", "Design approved", "First delivery", "Acceptance test", "Handover", "Final report"}
	for _, it := range g.Vocab.Items {
		themes = append(themes, it.Name)
	}
	newProject := func(n int, c Row, d int, status string) Row {
		return Row{"id": proj.ID(n), "customer_id": c["id"], "name": fmt.Sprintf("%s – %s", Pick(g.R, themes), c["name"]), "manager_id": Pick(g.R, v.team())["id"],
			"budget": v.money(g.R, 2000, 60000), "start_on": g.Day(d), "due_on": g.Day(d + 60 + g.R.IntN(120)), "status": status}
	}
	addMilestones := func(p Row) {
		d := v.offset(p["start_on"])
		k := 2 + g.R.IntN(3)
		unit := 100 * minorPerMajor(g.Locale.C.CurrencyDigits)
		share := max(unit, p["budget"].(int64)/int64(k+1)/unit*unit)
		for i := range k {
			due := d + 20*(i+1)
			status := "planned"
			if due < -5 {
				status = "approved"
			} else if due < 5 {
				status = Pick(g.R, []string{"planned", "done"})
			}
			if p["status"] == "cancelled" && status != "approved" {
				continue
			}
			r := Row{"id": fmt.Sprintf("MS-%05d", v.next(mtable)), "project_id": p["id"], "title": steps[i%len(steps)], "due_on": g.Day(due), "amount": share, "status": status}
			if status == "approved" {
				r["approved_by"], r["approved_on"] = v.contact(lookupRow(v.cust.Rows, p["customer_id"])), g.Day(due+2)
			}
			v.add(ms, mtable, r)
		}
	}
	for i := 1; i <= 6+g.R.IntN(6); i++ {
		d := -g.R.IntN(200) + 20
		status := Pick(g.R, []string{"active", "active", "active", "on_hold", "closed", "cancelled"})
		p := v.add(proj, table, newProject(i, Pick(g.R, v.customers()), d, status))
		addMilestones(p)
	}
	proj.Rows[0]["status"] = "active"
	var active []Row
	for _, p := range proj.Rows {
		if p["status"] == "active" {
			active = append(active, p)
		}
	}

	// Tools.
	v.tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by %s, manager, status or name. Returns every field: id (like %s), name, manager, budget (minor units), dates, status, origin.", many, v.C, proj.ID(1)),
		[]world.ArgSpec{S("customer_id", false, "CRM id."), S("manager_id", false, "Id of the "+v.St+"."), A("status", table+".status", false, ""), S("query", false, "Part of the name.")},
		Search(table, []string{"-start_on"}, nil, F("customer_id", "eq", "customer_id"), F("manager_id", "eq", "manager_id"), F("status", "eq", "status"), FAny("query", "name")))
	v.tool(false, "search_milestones", "Search milestones",
		fmt.Sprintf("Milestones of a %s, or all with a status, by due date. Amounts in minor units.", one),
		[]world.ArgSpec{S("project_id", false, "e.g. "+proj.ID(1)), A("status", mtable+".status", false, "")},
		Search(mtable, []string{"due_on"}, nil, F("project_id", "eq", "project_id"), F("status", "eq", "status")))
	v.tool(true, "open_"+o, "Open "+an(one),
		fmt.Sprintf("Open a %s for a %s with a manager, budget (minor units) and dates. Refused if the %s already has a %s of that name. Starts active.", one, v.C, v.C, one),
		[]world.ArgSpec{S("customer_id", true, "CRM id."), S("name", true, ""), S("manager_id", true, "Id of the "+v.St+"."), {Name: "budget", Type: "integer", Required: true, Minimum: numPtr(0)},
			{Name: "start_on", Type: "date", Required: true}, {Name: "due_on", Type: "date", Required: true}, S("source_ref", false, "Id of the "+v.work.Noun+" it grew out of, if any.")},
		world.Step{Absent: table, Where: map[string]any{"customer_id": "$customer_id", "name": "$name"}, As: "dup", Message: "{customer_id} already has {dup.id} called {name}."},
		Insert(table, "", map[string]any{"customer_id": "$customer_id", "name": "$name", "manager_id": "$manager_id", "budget": "$budget", "start_on": "$start_on", "due_on": "$due_on",
			"source_ref": "$source_ref", "status": "active"}))
	v.tool(false, "add_milestone", "Add a milestone",
		fmt.Sprintf("Add a billable milestone (amount in minor units) to an active %s. Starts as planned.", one),
		[]world.ArgSpec{S("project_id", true, ""), S("title", true, ""), {Name: "due_on", Type: "date", Required: true}, {Name: "amount", Type: "integer", Required: true, Minimum: numPtr(0)}},
		Get(table, "project_id", "p", "No "+one+" {project_id}."),
		world.Step{Require: "$p.status", Equals: "active", Message: "{p.name} is {p.status}; milestones are added to active " + many + " only."},
		Insert(mtable, "", map[string]any{"project_id": "$project_id", "title": "$title", "due_on": "$due_on", "amount": "$amount", "status": "planned"}))
	v.tool(false, "complete_milestone", "Mark a milestone done",
		"Mark a planned milestone as delivered (done), ready for the "+v.C+"'s approval.",
		[]world.ArgSpec{S("milestone_id", true, "e.g. MS-00001")},
		Get(mtable, "milestone_id", "ms", "No milestone {milestone_id}."),
		world.Step{Require: "$ms.status", Equals: "planned", Message: "{milestone_id} is {ms.status}; only planned milestones can be marked done."},
		world.Step{Update: mtable, Key: "$milestone_id", Set: map[string]any{"status": "done"}})
	v.tool(true, "approve_milestone", "Record a milestone approval",
		"Record that the "+v.C+" approved a delivered (done) milestone, dated today.",
		[]world.ArgSpec{S("milestone_id", true, ""), S("approved_by", true, "Who approved it for the "+v.C+".")},
		Get(mtable, "milestone_id", "ms", "No milestone {milestone_id}."),
		world.Step{Require: "$ms.status", Equals: "done", Message: "{milestone_id} is {ms.status}; only delivered (done) milestones can be approved."},
		world.Step{Update: mtable, Key: "$milestone_id", Set: map[string]any{"status": "approved", "approved_by": "$approved_by", "approved_on": "$today"}})

	// Event: a milestone is approved.
	v.event(ms, statusEvent{
		name: "approved", kind: "done", when: fmt.Sprintf("a %s milestone is approved by the %s", one, v.C), where: map[string]any{"status": "approved"},
		inState: func(r Row) bool { return r["status"] == "approved" },
		setup: func(tc *TaskCtx) Row {
			p := Pick(tc.R, active)
			return Row{"id": fmt.Sprintf("MS-%05d", tc.FreshID(mtable)), "project_id": p["id"], "title": Pick(tc.R, steps), "due_on": g.Day(-1), "amount": v.money(tc.R, 500, 8000), "status": "done"}
		},
		call: func(r Row) world.Call {
			return world.Call{Tool: "approve_milestone", Args: map[string]any{"milestone_id": r["id"], "approved_by": v.contact(lookupRow(v.cust.Rows, ms.Val("customer_id", r)))}}
		},
		ask: []string{
			"{name} has approved milestone {id}. Please record the approval (signed by our usual contact there).",
			"Good news: milestone {id} was accepted by {name}'s main contact. Record it.",
		},
		check: func(r Row) []world.Assertion {
			return []world.Assertion{fieldIs("The milestone is approved.", mtable, r["id"], "status", "approved"),
				fieldIs("Approved by the customer's contact.", mtable, r["id"], "approved_by", v.contact(lookupRow(v.cust.Rows, ms.Val("customer_id", r))))}
		},
	})

	// Action: finished or cancelled work becomes a project.
	v.refAction(refAction{
		name: "project_opened", on: []string{"done"}, needs: []string{"id", "customer_id", "amount", "date"}, table: table,
		then: fmt.Sprintf("a %s for the same %s must be open in %s with the {noun}'s amount as its budget and the {noun} id as its reference", one, v.C, s.Title),
		live: []string{"active", "on_hold", "closed"},
		eq:   map[string]string{"budget": "amount"},
		call: func(tc *TaskCtx, up *Entity, r Row) world.Call {
			return world.Call{Tool: "open_" + o, Args: map[string]any{"customer_id": up.Val("customer_id", r), "name": fmt.Sprintf("%s (%s)", upItem(up, r), r[up.Key]),
				"manager_id": v.team()[0]["id"], "budget": up.Val("amount", r), "start_on": g.Day(1), "due_on": g.Day(91), "source_ref": r[up.Key]}}
		},
		want: func(up *Entity, r Row) map[string]any {
			return map[string]any{"status": "active", "budget": up.Val("amount", r)}
		},
		seed: func(g *Gen, up *Entity, r Row) {
			d := v.offset(up.Val("date", r))
			p := newProject(v.next(table), lookupRow(v.cust.Rows, up.Val("customer_id", r)), d+1, "active")
			if d < -60 {
				p["status"] = "closed"
			}
			p["name"], p["budget"], p["source_ref"] = fmt.Sprintf("%s (%s)", upItem(up, r), r[up.Key]), up.Val("amount", r), r[up.Key]
			v.add(proj, table, p)
		},
	})

	// Chores: add a milestone; mark one delivered.
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		p := Pick(tc.R, active)
		t := Pick(tc.R, []string{"Training session", "Go-live support", "Documentation", "Quality review"})
		due, amount := g.Day(20+tc.R.IntN(40)), v.money(tc.R, 300, 5000)
		n := tc.NextID(mtable)
		id := fmt.Sprintf("MS-%05d", n)
		return Task{
			Title:       "add milestone",
			Instruction: fmt.Sprintf("Add a milestone \"%s\" to %s \"%s\" (%s), due %s, billable at %s.", t, one, p["name"], p["id"], due, v.fmtMoney(amount)),
			Calls:       []world.Call{{Tool: "add_milestone", Args: map[string]any{"project_id": p["id"], "title": t, "due_on": due, "amount": amount}}},
			Assertions: []world.Assertion{
				{Description: "The milestone is planned with date and amount.", Weight: 2, Exists: &world.RowMatch{Table: mtable, Where: map[string]any{"id": id, "project_id": p["id"], "title": t, "due_on": due, "amount": amount, "status": "planned"}}},
				{Description: "Added once.", Count: &world.CountMatch{Table: mtable, Where: map[string]any{"project_id": p["id"]}, Equals: ptrInt(v.countRows(mtable, "project_id", p["id"]) + 1)}},
			},
			MayChange: []world.Change{{Table: mtable, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		cands := v.pickRows(mtable, func(r Row) bool {
			return r["status"] == "planned" && lookup(proj, r["project_id"], "status") == "active"
		})
		if len(cands) == 0 {
			return Task{}, false
		}
		r := Pick(tc.R, cands)
		return Task{
			Title:       "milestone delivered",
			Instruction: fmt.Sprintf("We delivered \"%s\" (%s) of %s %s. Mark it done so the %s can approve it.", r["title"], r["id"], one, r["project_id"], v.C),
			Calls:       []world.Call{{Tool: "complete_milestone", Args: map[string]any{"milestone_id": r["id"]}}},
			Assertions: []world.Assertion{
				fieldIs("The milestone is done.", mtable, r["id"], "status", "done"),
				{Description: "Nothing was approved on the customer's behalf.", Role: world.RoleConstraint, Count: &world.CountMatch{Table: mtable, Where: map[string]any{"status": "approved"}, Equals: ptrInt(v.countRows(mtable, "status", "approved"))}},
			},
			MayChange: []world.Change{{Table: mtable, Keys: []any{r["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}
