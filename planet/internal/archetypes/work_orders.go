package archetypes

import (
	"fmt"
	"slices"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

// Work orders: field work with parts and sign-off.

func init() {
	engine.Register(&engine.ServiceDef{Name: "work_orders", Title: "Work orders", Vertical: true, Layer: engine.LayerOperations, Build: buildWorkOrders})
}

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
	tasks := slices.Clone(g.Locale.Lex().Sentences("work_order_task"))
	for i, it := range g.Vocab.Items {
		if i < 6 {
			tasks = append(tasks, tasks[i%len(tasks)]+": "+it.Name)
		}
	}
	// Parts are the industry's own supplies (a bike shop's inner tubes,
	// not a fuse), each at one price throughout the world.
	var catalogue []string
	prices := map[string]int64{}
	for _, it := range kit.PartsOf(g) {
		catalogue = append(catalogue, it.Name)
		prices[it.Name] = kit.ItemPrice(g, nil, it)
	}
	if len(catalogue) == 0 {
		catalogue = []string{"Seal kit", "Filter cartridge", "Fuse 16A", "Hose 1/2\"", "Valve", "Bracket set", "Sensor", "Cable 10 m", "Gasket", "Bearing"}
		for _, p := range catalogue {
			prices[p] = v.StepMoney(g.R, 2, 80)
		}
	}
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
			part := engine.Pick(g.R, catalogue)
			g.AddRow(parts, engine.Row{"id": fmt.Sprintf("WOP-%05d", v.NextNumber(parts)), "work_order_id": r["id"], "part": part, "quantity": int64(1 + g.R.IntN(4)),
				"unit_price": prices[part], "added_at": v.At(v.Offset(r["scheduled_on"]), 11, 20)})
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
			c := kit.Find(v.Cust.Rows, up.Val("customer_id", r))
			return world.Call{Tool: "open_" + o, Args: map[string]any{"customer_id": up.Val("customer_id", r), "site_address": g.Locale.Address(), "site_contact": v.Contact(c),
				"task": g.Locale.Lex().Say("work_order_follow_up", "item", kit.UpItem(up, r)), "priority": "normal", "scheduled_on": g.Day(3 + tc.R.IntN(5)), "quoted_amount": v.StepMoney(tc.R, 60, 300), "source_ref": r[up.Key]}}
		},
		Want: func(up *engine.Entity, r engine.Row) map[string]any { return map[string]any{"status": "open"} },
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			d := v.Offset(up.Val("date", r)) + 3
			status := "open"
			if d < -2 {
				status = "signed_off"
			}
			row := newRow(v.NextNumber(table), kit.Find(v.Cust.Rows, up.Val("customer_id", r)), status, d)
			row["task"], row["source_ref"] = g.Locale.Lex().Say("work_order_follow_up", "item", kit.UpItem(up, r)), r[up.Key]
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
		part, qty := engine.Pick(tc.R, catalogue), 1+tc.R.IntN(5)
		price := prices[part]
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
