package archetypes

import (
	"fmt"
	"slices"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

// Shipments: a vertical of deliveries with proof of delivery.

func init() {
	engine.Register(&engine.ServiceDef{Name: "shipments", Title: "Shipments", Vertical: true, Layer: engine.LayerOperations, Build: buildShipments})
}

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
	e := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Goods: true, Roles: v.CustRoles("customer_id")}
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
	// settled moves a consignment booked on day d back so that its last
	// scan (one day per two stages) was yesterday at the latest: what a
	// carrier has scanned has happened.
	settled := func(status string, d int) int {
		idx := slices.Index(stages, status)
		return min(d, -1-max(idx, 0)/2)
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
		d = settled(status, d)
		r := v.Add(e, table, newRow(i, engine.Pick(g.R, v.Customers()), status, d))
		if status != "cancelled" {
			history(r, d)
		}
	}
	for _, st := range []string{"collected", "out_for_delivery"} {
		d := settled(st, -1)
		r := v.Add(e, table, newRow(v.NextNumber(table), engine.Pick(g.R, v.Customers()), st, d))
		history(r, d)
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
			fmt.Sprintf("%s {id} for {name} arrived; {consignee} signed. Record the proof of delivery.", engine.Title(one)),
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
			c := kit.Find(v.Cust.Rows, up.Val("customer_id", r))
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
			row := newRow(v.NextNumber(table), kit.Find(v.Cust.Rows, up.Val("customer_id", r)), status, min(d, 0))
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
		// The depot as the carrier's tracking names it: "Depot
		// München", "大阪配送センター".
		city := engine.Pick(tc.R, hubs)
		hub := g.Locale.Lex().Say("shipment_depot", "city", city)
		tc.NextID(scans)
		return engine.Task{
			Title:       "record depot scan",
			Instruction: fmt.Sprintf("%s (tracking %s) was scanned in at %s this morning. Please update its tracking.", c["id"], c["tracking_no"], hub),
			Calls:       []world.Call{{Tool: "record_scan", Args: map[string]any{"consignment_id": c["id"], "stage": "in_transit", "location": hub}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The "+one+" is in transit.", table, c["id"], "status", "in_transit"),
				{Description: "The depot scan is in its history.", Weight: 2, Exists: &world.RowMatch{Table: scans, Where: map[string]any{"consignment_id": c["id"], "stage": "in_transit", "location": map[string]any{"contains": city}}}},
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
