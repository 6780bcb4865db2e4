package archetypes

import (
	"fmt"
	"github.com/mercury/mcp-world/planet/catalog"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

// Reservations: a vertical where customers reserve a resource for a
// time.

func init() {
	engine.Register(&engine.ServiceDef{Name: "reservations", Title: "Reservations", Vertical: true, Layer: engine.LayerOperations, Build: buildReservations})
}

func buildReservations(g *engine.Gen, s *engine.Svc) {
	v := kit.New(g, s)
	one, many := v.Noun([2]string{"reservation", "reservations"}, [2]string{"booking", "bookings"}, [2]string{"hold", "holds"})
	v.Named(many)
	o, m := engine.Snake(one), engine.Snake(many)
	resTable, table := s.Name+"_resources", s.Name+"_bookings"
	rprefix, prefix := v.Prefix("RSC-", "RES-"), v.Prefix("RSV-", "RBK-")
	s.Description = fmt.Sprintf("What the %s of %s reserve: rooms, tables, bays and equipment, for which dates, and whether it is held, confirmed or used.", v.CMany, g.Company.Name)

	// Resources: the flavour's kinds (a restaurant's tables, a marina's
	// bays), else by how the industry sells.
	kinds := []string{"room", "table", "bay", "studio", "vehicle", "equipment"}
	mine := engine.Flavoured(g, func(f catalog.Flavour) []string { return f.ResourceKinds })
	if u := strings.ToLower(g.Vocab.Unit); mine == nil {
		switch {
		case strings.Contains(u, "night"):
			mine = []string{"room", "room", "room", "studio"}
		case strings.Contains(u, "hour"), strings.Contains(u, "session"):
			mine = []string{"studio", "room", "equipment"}
		default:
			mine = []string{"room", "equipment", engine.Pick(g.R, kinds)}
		}
	}
	s.Table(resTable, "Things that can be reserved.", rprefix, 3,
		kit.PK(), kit.Text("name", "Name, e.g. Room 12."), kit.Enum("kind", "Kind of resource.", kinds...), kit.Int("capacity", "People (or pallets, seats) it takes."),
		kit.Money("daily_rate", "Standard price per day (for tables: per sitting)"), kit.Bool("active", "Can be reserved.", true))
	// What each kind of resource is called, in the world's language.
	names := map[string][]string{}
	for _, kind := range []string{"room", "table", "bay", "studio", "vehicle", "equipment"} {
		names[kind] = g.Locale.Lex().Sentences("resource_" + kind)
	}
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
