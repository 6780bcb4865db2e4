package archetypes

import (
	"fmt"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

func init() { kit.Register("production", "Production", buildProduction) }

func buildProduction(k *kit.Builder) {
	g, s := k.Gen, k.Svc
	run := runOf(g, planBuilt(g.Plan, "production"))
	bt, one, many, idArg := run.table, run.one, run.many, run.idArg
	const qt = "production_checks"
	s.Description = fmt.Sprintf("Production at %s: %s made on the lines, and the quality checks each %s passes before it is released.", g.Company.Name, many, one)
	checks := []string{"visual", "measurement", "function", "packaging"}
	cols := []world.Column{
		kit.PK(),
		kit.Text("item", "What is made."),
		kit.Int("quantity", "Units in the "+one+"."),
		kit.Enum("line", "Production line.", "line_1", "line_2", "line_3"),
		kit.Date("planned_for", "Production date."),
		kit.Enum("status", "planned → in_progress → completed → released (after a passed quality check); planned or in-progress "+many+" can be scrapped.",
			"planned", "in_progress", "completed", "released", "scrapped"),
		kit.Opt(kit.RefersTo("source_ref", k.Work.Table+".id", "Id of the "+k.W+" it is made for, if any.")),
		kit.Opt(kit.Date("released_on", "Date it was released.")),
	}
	cols = append(cols, run.columns()...)
	prefix := run.prefix(g) // once: a second draw would find it taken
	s.Table(bt, run.description(), prefix, 5, cols...)
	s.Table(qt, "Quality checks of "+many+".", "QC-", 5,
		kit.PK(),
		kit.Ref(idArg, bt, "The "+one+" checked."),
		kit.Enum("check", "What was checked.", checks...),
		kit.Enum("result", "pass or fail.", "pass", "fail"),
		kit.Text("inspector", "Who checked it."),
		kit.Date("checked_on", "Date of the check."),
		kit.Opt(kit.Text("note", "Findings.")),
	)
	items := k.StockItems()
	if named := run.items(); len(named) > 0 {
		items = named
	}
	inspectors := make([]string, 0, 3)
	for range 3 {
		name, _ := g.Locale.Person("")
		inspectors = append(inspectors, name)
	}
	batch := k.Entity(bt, one, many, map[string]engine.Role{"id": engine.Column("id"), "item": engine.Column("item"), "date": engine.Column("planned_for")})
	batch.Goods = true
	batch.Roles["quantity"] = engine.Column("quantity")
	checkOf := func(r engine.Row) string { return checks[kit.IDNumber(r["id"])%len(checks)] }
	inspectorOf := func(r engine.Row) string { return inspectors[kit.IDNumber(r["id"])%len(inspectors)] }
	batch.Roles["check"] = kit.TextRole("id", func(r engine.Row) any { return checkOf(r) })
	batch.Roles["inspector"] = kit.TextRole("id", func(r engine.Row) any { return inspectorOf(r) })

	qc := func(b engine.Row, check, result, day string, note any) {
		k.Add(nil, qt, engine.Row{"id": k.NextID(qt), idArg: b["id"], "check": check, "result": result, "inspector": engine.Pick(g.R, inspectors), "checked_on": day, "note": note})
	}
	addBatch := func(item string, qty int64, d int, status string, source any) engine.Row {
		row := engine.Row{"id": k.NextID(bt), "item": item, "quantity": qty, "line": engine.Pick(g.R, []string{"line_1", "line_2", "line_3"}),
			"planned_for": g.Day(d), "status": status, "source_ref": source}
		run.seed(g.R, row)
		b := k.Add(batch, bt, row)
		switch status {
		case "released":
			qc(b, engine.Pick(g.R, checks), "pass", g.Day(d+1), nil)
			b["released_on"] = g.Day(d + 1)
		case "scrapped":
			qc(b, engine.Pick(g.R, checks), "fail", g.Day(d), g.Locale.Lex().Say("quality_fail_note"))
		case "completed":
			if g.R.IntN(2) == 0 {
				qc(b, engine.Pick(g.R, checks), "pass", g.Day(min(d+1, 0)), nil)
			}
		}
		return b
	}
	for i := 0; i < 10+g.R.IntN(7); i++ {
		d := g.R.IntN(50) - 40
		status := "released"
		switch {
		case d > 0:
			status = "planned"
		case d == 0 || d == -1:
			status = "in_progress"
		case d > -5:
			status = "completed"
		case g.R.IntN(8) == 0:
			status = "scrapped"
		}
		addBatch(engine.Pick(g.R, items), int64(50*(1+g.R.IntN(20))), d, status, nil)
	}
	if len(kit.RowsWhere(batch.Rows, "status", "in_progress")) == 0 {
		addBatch(engine.Pick(g.R, items), 400, 0, "in_progress", nil)
	}

	// Tools.
	k.Tool(true, run.searchTool, "Search "+many,
		fmt.Sprintf("Find "+run.prodMany+" by item, status, line or the %s they are made for, newest first. Returns id (like %s), item, quantity, line, planned_for, status and source_ref.", k.W, g.FormatID(bt, 1)),
		[]world.ArgSpec{kit.S("item", false, "Part of the item name."), kit.A("status", bt+".status", false, ""), kit.A("line", bt+".line", false, ""), kit.S("source_ref", false, "Id of the "+k.W+".")},
		kit.Search(bt, []string{"-planned_for"}, []string{"id", "item", "quantity", "line", "planned_for", "status", "source_ref"},
			kit.F("item", "contains", "item"), kit.F("status", "eq", "status"), kit.F("line", "eq", "line"), kit.F("source_ref", "eq", "source_ref")))
	k.Tool(false, "get_"+run.toolOne, "Get a "+one, "Read one "+one+" by id, with its release date.",
		[]world.ArgSpec{kit.S(idArg, true, "e.g. "+g.FormatID(bt, 1))},
		kit.Get(bt, idArg, "", "No "+one+" {"+idArg+"}; "+run.searchTool+" finds them."))
	k.Tool(true, "plan_"+run.toolOne, "Plan a "+one,
		"Plan a "+one+" of an item on a line for a date. Returns it with its id ("+prefix+"…).",
		[]world.ArgSpec{kit.S("item", true, ""), kit.IntArg("quantity", true, "Units.", 1), kit.A("line", bt+".line", true, ""), kit.DateArg("planned_for", true, ""),
			kit.S("source_ref", false, "Id of the "+k.W+" it is made for, if any.")},
		kit.Insert(bt, "", map[string]any{"item": "$item", "quantity": "$quantity", "line": "$line", "planned_for": "$planned_for", "status": "planned", "source_ref": "$source_ref"}))
	k.Tool(false, "set_"+run.toolOne+"_status", "Start, finish or scrap a "+one,
		"Move a "+one+" along: planned → in_progress → completed, or scrap a planned or in-progress "+one+". Releasing is done with release_"+run.toolOne+".",
		[]world.ArgSpec{kit.S(idArg, true, ""), kit.A("status", bt+".status", true, "The new status.")},
		world.Step{Update: bt, Key: "$" + idArg, Set: map[string]any{"status": "$status"},
			Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{"planned": {"in_progress", "scrapped"}, "in_progress": {"completed", "scrapped"}}},
			Message:     "No " + one + " {" + idArg + "}."})
	k.Tool(true, "record_quality_check", "Record a quality check",
		"Record the result of a quality check of an in-progress or completed "+one+", dated today.",
		[]world.ArgSpec{kit.S(idArg, true, ""), kit.A("check", qt+".check", true, ""), kit.A("result", qt+".result", true, ""), kit.S("inspector", true, "Who checked it."), kit.S("note", false, "Findings.")},
		kit.Get(bt, idArg, "b", "No "+one+" {"+idArg+"}."),
		world.Step{Require: "$b.status", In: kit.Vals("in_progress", "completed"), Message: engine.Title(one) + " {" + idArg + "} is {b.status}; only in-progress or completed " + many + " are checked."},
		kit.Insert(qt, "", map[string]any{idArg: "$" + idArg, "check": "$check", "result": "$result", "inspector": "$inspector", "checked_on": "$today", "note": "$note"}))
	release := []world.Step{
		kit.Get(bt, idArg, "b", "No "+one+" {"+idArg+"}."),
		{Require: "$b.status", Equals: "completed", Message: engine.Title(one) + " {" + idArg + "} is {b.status}; only completed " + many + " can be released."},
	}
	if run.out != nil {
		// What a run gave is on record before it is sold.
		release = append(release, world.Step{Require: "$b." + run.out.col, NotIn: []any{nil}, Message: engine.Title(one) + " {" + idArg + "} has no " + run.out.col + " recorded yet; record_" + run.toolOne + "_output records it."})
	}
	release = append(release,
		world.Step{Get: qt, Where: map[string]any{idArg: "$" + idArg, "result": "pass"}, As: "ok", Message: engine.Title(one) + " {" + idArg + "} has no passed quality check yet."},
		world.Step{Absent: qt, Where: map[string]any{idArg: "$" + idArg, "result": "fail"}, As: "bad", Message: engine.Title(one) + " {" + idArg + "} failed check {bad.id}; it cannot be released."},
		world.Step{Update: bt, Key: "$" + idArg, Set: map[string]any{"status": "released", "released_on": "$today"}})
	releaseDesc := "Release a completed " + one + " for sale, dated today. It needs at least one passed quality check and no failed one."
	if run.out != nil {
		releaseDesc = "Release a completed " + one + " for sale, dated today. It needs its output (" + run.out.col + ") recorded, at least one passed quality check and no failed one."
	}
	k.Tool(false, "release_"+run.toolOne, "Release a "+one, releaseDesc, []world.ArgSpec{kit.S(idArg, true, "")}, release...)

	if run.out != nil {
		buildRunOutput(k, run)
	}

	// Event: a batch is released.
	s.Events = append(s.Events, &engine.Event{
		Entity: batch, Name: "released", Kind: "done", When: "a " + run.prodOne + " is released", Where: map[string]any{"status": "released"},
		InState: func(r engine.Row) bool { return r["status"] == "released" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			row := engine.Row{"id": k.TaskID(tc, bt), "item": engine.Pick(tc.R, items), "quantity": int64(50 * (1 + tc.R.IntN(20))), "line": engine.Pick(tc.R, []string{"line_1", "line_2", "line_3"}),
				"planned_for": g.Day(-1), "status": "completed"}
			run.seed(tc.R, row)
			return row
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{
				{Tool: "record_quality_check", Args: map[string]any{idArg: r["id"], "check": checkOf(r), "result": "pass", "inspector": inspectorOf(r)}},
				{Tool: "release_" + run.toolOne, Args: map[string]any{idArg: r["id"]}},
			}
		},
		Ask: []string{
			engine.Title(one) + " {id} ({quantity} × {item}) passed its final {check} check by {inspector}. Record the check and release the " + one + ".",
			"{inspector} signed off the {check} check of " + one + " {id} ({item}): pass. Please log it and release the " + one + ".",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{
				kit.FieldIs("The "+one+" is released.", bt, r["id"], "status", "released"),
				kit.Exists("The passed check is recorded.", qt, map[string]any{idArg: r["id"], "check": checkOf(r), "result": "pass", "inspector": inspectorOf(r)}),
			}
		},
		Touches: func(r engine.Row) []world.Change {
			return []world.Change{kit.Change(bt, []any{r["id"]}, "update"), kit.Change(qt, nil, "insert")}
		},
	})

	// Action: finished work has a batch on record.
	s.Actions = append(s.Actions, &engine.Action{
		On:      []string{"done"},
		Service: s.Name, Name: one + " recorded", Needs: []string{"id", "date"},
		Then: "a " + run.prodOne + " for it must be on record in Production, with the {noun} id as its source (plan one if there is none)",
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Eq("source_ref", "id").In(bt, "", map[string]any{"status": map[string]any{"ne": "scrapped"}})
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			tc.NextID(bt)
			return []world.Call{{Tool: "plan_" + run.toolOne, Args: map[string]any{"item": k.StockItemFor(items, r), "quantity": 100, "line": "line_1", "planned_for": g.Day(3), "source_ref": r[up.Key]}}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			return []world.Assertion{kit.Exists("A "+one+" references it.", bt, map[string]any{"source_ref": r[up.Key], "status": map[string]any{"ne": "scrapped"}})}
		},
		Touches: []world.Change{kit.Change(bt, nil, "insert")},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			for _, b := range kit.RowsWhere(g.Rows(bt), "source_ref", r[up.Key]) {
				if b["status"] != "scrapped" {
					return
				}
			}
			item := k.StockItemFor(items, r)
			d := kit.DaysFromStart(g, up.Val("date", r))
			if d < -3 {
				addBatch(item, int64(50*(1+g.R.IntN(10))), d-2, "released", r[up.Key])
			} else {
				addBatch(item, int64(50*(1+g.R.IntN(10))), max(d, 1), "planned", r[up.Key])
			}
		},
	})

	// Chores.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		it := engine.Pick(tc.R, items)
		qty := int64(100 * (1 + tc.R.IntN(10)))
		line := engine.Pick(tc.R, []string{"line_1", "line_2", "line_3"})
		day := g.Day(2 + tc.R.IntN(12))
		id := k.TaskID(tc, bt)
		return engine.Task{
			Title:       "plan " + run.prodOne,
			Instruction: fmt.Sprintf("Plan a "+one+" of %d × %s on %s for %s.", qty, it, kit.Spaced(line), day),
			Calls:       []world.Call{{Tool: "plan_" + run.toolOne, Args: map[string]any{"item": it, "quantity": qty, "line": line, "planned_for": day}}},
			Assertions: []world.Assertion{
				kit.Exists("The "+one+" is planned as asked.", bt, map[string]any{"id": id, "item": it, "quantity": qty, "line": line, "planned_for": day, "status": "planned"}),
				kit.CountIs("One such "+one+" is planned.", bt, map[string]any{"item": it, "planned_for": day, "line": line},
					len(kit.RowsWhere(g.Rows(bt), "item", it, "planned_for", day, "line", line))+1),
			},
			MayChange: []world.Change{kit.Change(bt, nil, "insert")},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		running := kit.RowsWhere(g.Rows(bt), "status", "in_progress")
		if len(running) == 0 {
			return engine.Task{}, false
		}
		b := engine.Pick(tc.R, running)
		check := engine.Pick(tc.R, checks)
		who := engine.Pick(tc.R, inspectors)
		note := engine.Pick(tc.R, g.Locale.Lex().Sentences("quality_scrap_note"))
		tc.NextID(qt)
		return engine.Task{
			Title:       "scrap failed " + one,
			Instruction: fmt.Sprintf("%s reports that "+one+" %s (%s) failed the %s check: \"%s\". Record the failed check and scrap the "+one+".", who, b["id"], b["item"], check, note),
			Calls: []world.Call{
				{Tool: "record_quality_check", Args: map[string]any{idArg: b["id"], "check": check, "result": "fail", "inspector": who, "note": note}},
				{Tool: "set_" + run.toolOne + "_status", Args: map[string]any{idArg: b["id"], "status": "scrapped"}},
			},
			Assertions: []world.Assertion{
				kit.Exists("The failed check is recorded.", qt, map[string]any{idArg: b["id"], "check": check, "result": "fail", "inspector": who}),
				kit.FieldIs("The "+one+" is scrapped.", bt, b["id"], "status", "scrapped"),
			},
			MayChange: []world.Change{kit.Change(qt, nil, "insert"), kit.Change(bt, []any{b["id"]}, "update")},
			Services:  []string{s.Name},
		}, true
	}})
	g.SetEntity("production_batch", batch)
}
