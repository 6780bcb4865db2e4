package archetypes

import (
	"fmt"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

// Casework: the legal or advisory cases of a firm that is paid to handle
// them (law firms, accountants, consultants), with an agreed fee,
// deadlines and filings. Complaints and incidents any business handles
// are the record archetype "cases" (lexicon), not this.

func init() {
	engine.Register(&engine.ServiceDef{Name: "casework", Title: "Casework", Vertical: true, Layer: engine.LayerOperations, Build: buildCasework})
}

func buildCasework(g *engine.Gen, s *engine.Svc) {
	v := kit.New(g, s)
	one, many := v.Noun([2]string{"case", "cases"}, [2]string{"matter", "matters"}, [2]string{"file", "files"})
	v.Named(many)
	o, m := engine.Snake(one), engine.Snake(many)
	table, dl := s.Name+"_files", s.Name+"_deadlines"
	prefix := v.Prefix("CAS-", "MAT-")
	s.Description = fmt.Sprintf("The %s %s handles for its %s: who leads them, agreed fees, and the deadlines and filings of each.", many, g.Company.Name, v.CMany)
	areas := []string{"contract", "employment", "property", "family", "tax", "regulatory", "dispute", "other"}
	s.Table(table, engine.Title(many)+".", prefix, 5,
		kit.PK(),
		kit.RefersTo("customer_id", v.Cust.Table+".id", "The "+v.C+" (CRM id)."),
		kit.Text("title", "Short title."),
		kit.Enum("practice_area", "Area.", areas...),
		kit.RefersTo("lead_id", v.Staff.Table+".id", "The "+v.St+" who leads it."),
		kit.Money("fee", "Agreed fixed fee"),
		kit.Date("opened_on", "Opened."),
		kit.Enum("status", "open, on_hold, closed.", "open", "on_hold", "closed"),
		kit.Opt(kit.Text("outcome", "How it ended.")),
		kit.Opt(kit.Date("closed_on", "Closed.")),
		kit.Opt(kit.RefersTo("source_ref", v.Work.Table+".id", "The "+v.Work.Noun+" it arose from, if any.")),
	)
	s.Table(dl, "Deadlines of "+many+": filings, hearings, responses.", "DL-", 5,
		kit.PK(), kit.Ref("case_id", table, "The "+one+"."), kit.Enum("kind", "Kind.", "filing", "hearing", "response", "limitation", "review"),
		kit.Date("due_on", "Due."), kit.Text("description", "What is due."),
		kit.Enum("status", "open → filed (done), or waived.", "open", "filed", "waived"),
		kit.Opt(kit.Text("filing_ref", "Reference of the filing or submission.")), kit.Opt(kit.Date("done_on", "When it was done.")))
	e := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.CustRoles("customer_id")}
	e.Roles["amount"] = engine.Column("fee")
	g.SetEntity(o, e)
	// Topics and their areas: the firm's flavour's (a law firm's
	// dismissal claims, an accountant's tax audits), else an advisory
	// firm's.
	type topic struct{ title, area string }
	var topics []topic
	for _, t := range engine.Flavoured(g, func(f catalog.Flavour) []catalog.MatterTopic { return f.MatterTopics }) {
		topics = append(topics, topic{t.Title, t.Area})
	}
	if topics == nil {
		topics = []topic{{"Contract review", "contract"}, {"Unpaid invoice", "dispute"}, {"Warranty dispute", "contract"}, {"Licence application", "regulatory"},
			{"Shareholder agreement", "contract"}, {"Planning objection", "regulatory"}}
	}
	// What a deadline is, in the world's language: case_deadline has one
	// sentence per kind, in this order.
	lex := g.Locale.Lex()
	what := map[string]string{}
	for i, k := range []string{"filing", "hearing", "response", "limitation", "review"} {
		what[k] = lex.Sentences("case_deadline")[i]
	}
	settled, settledStem := lex.Sentences("case_settled")[0], lex.Sentences("case_settled")[1]
	filingRef := func(n int) string {
		return fmt.Sprintf("%d-%s-%04d", g.Start.Year(), []string{"AZ", "REF", "DOC"}[n%3], 1000+n*37%9000)
	}
	addDeadline := func(c engine.Row, d int, status string) {
		k := engine.Pick(g.R, []string{"filing", "hearing", "response", "limitation", "review"})
		n := v.NextNumber(dl)
		r := engine.Row{"id": fmt.Sprintf("DL-%05d", n), "case_id": c["id"], "kind": k, "due_on": g.Day(d), "description": what[k], "status": status}
		if status == "filed" {
			r["filing_ref"], r["done_on"] = filingRef(n), g.Day(d-1)
		}
		g.AddRow(dl, r)
	}
	newRow := func(n int, c engine.Row, d int, status string) engine.Row {
		tp := engine.Pick(g.R, topics)
		r := engine.Row{"id": e.ID(n), "customer_id": c["id"], "title": tp.title + " – " + fmt.Sprint(c["name"]), "practice_area": tp.area,
			"lead_id": engine.Pick(g.R, v.Team())["id"], "fee": v.StepMoney(g.R, 500, 12000), "opened_on": g.Day(d), "status": status}
		if status == "closed" {
			r["outcome"], r["closed_on"] = engine.Pick(g.R, lex.Sentences("case_outcome")), g.Day(min(d+40, -1))
		}
		return r
	}
	for i := 1; i <= 12+g.R.IntN(10); i++ {
		d := -g.R.IntN(300)
		status := engine.Pick(g.R, []string{"open", "open", "open", "on_hold", "closed"})
		c := v.Add(e, table, newRow(i, engine.Pick(g.R, v.Customers()), d, status))
		for k := range 1 + g.R.IntN(3) {
			due := d + 30*(k+1)
			st := "open"
			if status == "closed" || due < -3 {
				st = engine.Pick(g.R, []string{"filed", "filed", "waived"})
			}
			addDeadline(c, due, st)
		}
	}
	e.Rows[0]["status"], e.Rows[0]["outcome"], e.Rows[0]["closed_on"] = "open", nil, nil
	var open []engine.Row
	for _, c := range e.Rows {
		if c["status"] == "open" {
			open = append(open, c)
		}
	}
	addDeadline(open[0], 4, "open")

	// Tools.
	v.Tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by %s, status, area, lead or title. Returns every field: id (like %s), title, area, lead, fee (minor units), dates, status, outcome.", many, v.C, e.ID(1)),
		[]world.ArgSpec{kit.S("customer_id", false, "CRM id."), kit.A("status", table+".status", false, ""), kit.A("practice_area", table+".practice_area", false, ""),
			kit.S("lead_id", false, "Id of the "+v.St+"."), kit.S("query", false, "Part of the title.")},
		kit.Search(table, []string{"-opened_on"}, nil, kit.F("customer_id", "eq", "customer_id"), kit.F("status", "eq", "status"), kit.F("practice_area", "eq", "practice_area"),
			kit.F("lead_id", "eq", "lead_id"), kit.FAny("query", "title")))
	v.Tool(false, "search_deadlines", "Search deadlines",
		fmt.Sprintf("Deadlines of a %s, or all open ones up to a date, soonest first.", one),
		[]world.ArgSpec{kit.S("case_id", false, "e.g. "+e.ID(1)), kit.A("status", dl+".status", false, ""), {Name: "due_by", Type: "date", Description: "Due on or before."}},
		kit.Search(dl, []string{"due_on"}, nil, kit.F("case_id", "eq", "case_id"), kit.F("status", "eq", "status"), kit.F("due_on", "lte", "due_by")))
	v.Tool(true, "open_"+o, "Open "+engine.An(one),
		fmt.Sprintf("Open a %s for a %s with the lead %s and the agreed fixed fee (minor units), dated today.", one, v.C, v.St),
		[]world.ArgSpec{kit.S("customer_id", true, "CRM id."), kit.S("title", true, ""), kit.A("practice_area", table+".practice_area", true, ""), kit.S("lead_id", true, "Id of the "+v.St+"."),
			{Name: "fee", Type: "integer", Required: true, Minimum: kit.NumPtr(0)}, kit.S("source_ref", false, "Id of the "+v.Work.Noun+" it arose from, if any.")},
		kit.Insert(table, "", map[string]any{"customer_id": "$customer_id", "title": "$title", "practice_area": "$practice_area", "lead_id": "$lead_id", "fee": "$fee",
			"source_ref": "$source_ref", "opened_on": "$today", "status": "open"}))
	v.Tool(false, "add_deadline", "Add a deadline",
		fmt.Sprintf("Add a deadline to an open %s.", one),
		[]world.ArgSpec{kit.S("case_id", true, ""), kit.A("kind", dl+".kind", true, ""), {Name: "due_on", Type: "date", Required: true}, kit.S("description", true, "")},
		kit.Get(table, "case_id", "c", "No "+one+" {case_id}."),
		world.Step{Require: "$c.status", Equals: "open", Message: "{c.title} is {c.status}; deadlines are added to open " + many + " only."},
		kit.Insert(dl, "", map[string]any{"case_id": "$case_id", "kind": "$kind", "due_on": "$due_on", "description": "$description", "status": "open"}))
	v.Tool(true, "record_filing", "Record a filing",
		"Record that an open deadline was met: the reference of what was filed or submitted, dated today.",
		[]world.ArgSpec{kit.S("deadline_id", true, "e.g. DL-00001"), kit.S("filing_ref", true, "Reference of the filing.")},
		kit.Get(dl, "deadline_id", "d", "No deadline {deadline_id}."),
		world.Step{Require: "$d.status", Equals: "open", Message: "{deadline_id} is {d.status} already."},
		world.Step{Update: dl, Key: "$deadline_id", Set: map[string]any{"status": "filed", "filing_ref": "$filing_ref", "done_on": "$today"}})
	v.Tool(false, "close_"+o, "Close "+engine.An(one),
		fmt.Sprintf("Close an open %s with its outcome, dated today. Refused while it has open deadlines.", one),
		[]world.ArgSpec{kit.S("case_id", true, ""), kit.S("outcome", true, "")},
		kit.Get(table, "case_id", "c", "No "+one+" {case_id}."),
		world.Step{Require: "$c.status", In: kit.Vals("open", "on_hold"), Message: "{case_id} is {c.status}."},
		world.Step{Absent: dl, Where: map[string]any{"case_id": "$case_id", "status": "open"}, As: "d", Message: "{case_id} still has open deadline {d.id} ({d.description}, due {d.due_on})."},
		world.Step{Update: table, Key: "$case_id", Set: map[string]any{"status": "closed", "outcome": "$outcome", "closed_on": "$today"}})

	// Event: closed.
	v.Event(e, kit.StatusEvent{
		Name: "closed", Kind: "done", When: fmt.Sprintf("%s is closed", engine.An(one)), Where: map[string]any{"status": "closed"},
		InState: func(r engine.Row) bool { return r["status"] == "closed" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			c := engine.Pick(tc.R, v.Customers())
			tp := engine.Pick(tc.R, topics)
			return engine.Row{"id": e.ID(tc.FreshID(table)), "customer_id": c["id"], "title": tp.title + " – " + fmt.Sprint(c["name"]), "practice_area": tp.area,
				"lead_id": v.Team()[0]["id"], "fee": v.StepMoney(tc.R, 500, 8000), "opened_on": g.Day(-45), "status": "open"}
		},
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "close_" + o, Args: map[string]any{"case_id": r["id"], "outcome": settled}}
		},
		Ask: []string{
			fmt.Sprintf("%s {id} for {name} has settled. Please close it with outcome \"%s\".", engine.Title(one), settled),
			fmt.Sprintf("Close %s {id} for {name}: the parties settled (outcome \"%s\").", one, settled),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The "+one+" is closed.", table, r["id"], "status", "closed"),
				{Description: "The outcome mentions the settlement.", Exists: &world.RowMatch{Table: table, Where: map[string]any{"id": r["id"], "outcome": map[string]any{"contains": settledStem}}}}}
		},
	})

	// Action: finished or cancelled work opens a case.
	v.RefAction(kit.RefAction{
		Name: "case_opened", On: []string{"done", "cancelled"}, Needs: []string{"id", "customer_id", "date"}, Table: table,
		Then: fmt.Sprintf("a %s for the same %s must be opened in %s, with the {noun} id as its reference", one, v.C, s.Title),
		Live: []string{"open", "on_hold", "closed"},
		Call: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) world.Call {
			return world.Call{Tool: "open_" + o, Args: map[string]any{"customer_id": up.Val("customer_id", r), "title": fmt.Sprintf("%s: %s", r[up.Key], kit.UpItem(up, r)),
				"practice_area": "other", "lead_id": v.Team()[0]["id"], "fee": v.StepMoney(tc.R, 300, 3000), "source_ref": r[up.Key]}}
		},
		Want: func(up *engine.Entity, r engine.Row) map[string]any { return map[string]any{"status": "open"} },
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			d := min(v.Offset(up.Val("date", r))+1, 0)
			status := "open"
			if d < -20 {
				status = "closed"
			}
			row := newRow(v.NextNumber(table), kit.Find(v.Cust.Rows, up.Val("customer_id", r)), d, status)
			row["title"], row["practice_area"], row["source_ref"] = fmt.Sprintf("%s: %s", r[up.Key], kit.UpItem(up, r)), "other", r[up.Key]
			v.Add(e, table, row)
		},
	})

	// Chores: a new deadline; a filing made.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		c := engine.Pick(tc.R, open)
		due := g.Day(10 + tc.R.IntN(50))
		id := fmt.Sprintf("DL-%05d", tc.NextID(dl))
		return engine.Task{
			Title:       "add hearing date",
			Instruction: fmt.Sprintf("The court set a hearing in %s \"%s\" (%s) for %s. Please put it in the deadlines.", one, c["title"], c["id"], due),
			Calls:       []world.Call{{Tool: "add_deadline", Args: map[string]any{"case_id": c["id"], "kind": "hearing", "due_on": due, "description": what["hearing"]}}},
			Assertions: []world.Assertion{
				{Description: "The hearing is on file.", Weight: 2, Exists: &world.RowMatch{Table: dl, Where: map[string]any{"id": id, "case_id": c["id"], "kind": "hearing", "due_on": due, "status": "open"}}},
				{Description: "Added once.", Count: &world.CountMatch{Table: dl, Where: map[string]any{"case_id": c["id"], "kind": "hearing", "due_on": due}, Equals: kit.PtrInt(1)}},
			},
			MayChange: []world.Change{{Table: dl, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		cands := v.PickRows(dl, func(r engine.Row) bool { return r["status"] == "open" })
		if len(cands) == 0 {
			return engine.Task{}, false
		}
		d := engine.Pick(tc.R, cands)
		ref := filingRef(900 + tc.R.IntN(900))
		return engine.Task{
			Title:       "record filing",
			Instruction: fmt.Sprintf("We met deadline %s (%s, %s %s) today; the filing reference is %s. Please record it.", d["id"], d["description"], one, d["case_id"], ref),
			Calls:       []world.Call{{Tool: "record_filing", Args: map[string]any{"deadline_id": d["id"], "filing_ref": ref}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The deadline is filed.", dl, d["id"], "status", "filed"),
				kit.FieldIs("With the filing reference.", dl, d["id"], "filing_ref", ref),
			},
			MayChange: []world.Change{{Table: dl, Keys: []any{d["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}
