package archetypes

import (
	"fmt"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

// Projects: a vertical of projects with milestones and budget.

func init() {
	engine.Register(&engine.ServiceDef{Name: "projects", Title: "Projects", Vertical: true, Layer: engine.LayerOperations, Build: buildProjects})
}

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
	steps := g.Locale.Lex().Sentences("project_milestone")
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
				r["approved_by"], r["approved_on"] = v.Contact(kit.Find(v.Cust.Rows, p["customer_id"])), g.Day(due+2)
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
			return world.Call{Tool: "approve_milestone", Args: map[string]any{"milestone_id": r["id"], "approved_by": v.Contact(kit.Find(v.Cust.Rows, ms.Val("customer_id", r)))}}
		},
		Ask: []string{
			"{name} has approved milestone {id}. Please record the approval (signed by our usual contact there).",
			"Good news: our main contact at {name} accepted milestone {id}. Record it.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The milestone is approved.", mtable, r["id"], "status", "approved"),
				kit.FieldIs("Approved by the customer's contact.", mtable, r["id"], "approved_by", v.Contact(kit.Find(v.Cust.Rows, ms.Val("customer_id", r))))}
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
			p := newProject(v.NextNumber(table), kit.Find(v.Cust.Rows, up.Val("customer_id", r)), d+1, "active")
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
