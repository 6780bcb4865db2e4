package archetypes

import (
	"fmt"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

// Enrolments: a vertical where customers enrol on courses.

func init() {
	engine.Register(&engine.ServiceDef{Name: "enrolments", Title: "Enrolments", Vertical: true, Layer: engine.LayerOperations, Build: buildEnrolments})
}

func buildEnrolments(g *engine.Gen, s *engine.Svc) {
	v := kit.New(g, s)
	cone, cmany := v.Noun([2]string{"course", "courses"}, [2]string{"class", "classes"}, [2]string{"programme", "programmes"})
	one, many := v.Noun([2]string{"enrolment", "enrolments"}, [2]string{"registration", "registrations"}, [2]string{"place", "places"})
	v.Named(many)
	cm, o, m := engine.Snake(cmany), engine.Snake(one), engine.Snake(many)
	ctable, table := s.Name+"_courses", s.Name+"_register"
	cprefix, prefix := v.Prefix("CRS-", "CLS-"), v.Prefix("ENR-", "REG-")
	s.Description = fmt.Sprintf("The %s %s runs for its %s, who is enrolled on which, what they pay and how many sessions they attended.", cmany, g.Company.Name, v.CMany)
	s.Table(ctable, engine.Title(cmany)+" with dates, seats and fee.", cprefix, 3,
		kit.PK(), kit.Text("title", "Title."), kit.RefersTo("tutor_id", v.Staff.Table+".id", "The "+v.St+" who teaches it."),
		kit.Date("starts_on", "First session."), kit.Int("sessions", "Number of sessions."), kit.Int("seats", "Places available."),
		kit.Money("fee", "Fee per participant"), kit.Enum("status", "open for enrolment, or closed.", "open", "closed"))
	var topics []string
	for _, it := range g.Vocab.Items {
		topics = append(topics, it.Name)
	}
	topics = append(topics, "Introduction", "Refresher", "Advanced practice")
	levels := []string{"for beginners", "intensive", "evening " + cone, "weekend " + cone, "level 2", "masterclass"}
	var courses []engine.Row
	usedTitle := map[string]bool{}
	for len(courses) < 4+g.R.IntN(4) {
		t := engine.Pick(g.R, topics) + " – " + engine.Pick(g.R, levels)
		if usedTitle[t] {
			continue
		}
		usedTitle[t] = true
		d := g.R.IntN(80) - 40
		status := "open"
		if d < -7 || g.R.IntN(5) == 0 {
			status = "closed"
		}
		r := engine.Row{"id": fmt.Sprintf("%s%03d", cprefix, len(courses)+1), "title": t, "tutor_id": engine.Pick(g.R, v.Team())["id"], "starts_on": g.Day(d),
			"sessions": int64(engine.Pick(g.R, []int{4, 6, 8, 10, 12})), "seats": int64(6 + g.R.IntN(14)), "fee": v.StepMoney(g.R, 60, 600), "status": status}
		courses = append(courses, r)
		g.AddRow(ctable, r)
	}
	// Two open courses ahead, one that has run.
	courses[0]["status"], courses[0]["starts_on"] = "open", g.Day(14)
	courses[1]["status"], courses[1]["starts_on"] = "open", g.Day(21)
	courses[2]["status"], courses[2]["starts_on"] = "closed", g.Day(-60)
	var open, past []engine.Row
	for _, c := range courses {
		if c["status"] == "open" {
			open = append(open, c)
		}
		if c["status"] == "closed" && v.Offset(c["starts_on"]) < 0 {
			past = append(past, c)
		}
	}
	s.Table(table, fmt.Sprintf("%s of %s on %s.", engine.Title(many), v.CMany, cmany), prefix, 5,
		kit.PK(), kit.Ref("course_id", ctable, "The "+cone+"."), kit.RefersTo("customer_id", v.Cust.Table+".id", "The "+v.C+" (CRM id)."),
		kit.Money("fee", "Fee agreed"),
		kit.Enum("status", "applied → enrolled → completed; applied or enrolled ones can withdraw.", "applied", "enrolled", "completed", "withdrawn"),
		kit.WithDefault(kit.Int("sessions_attended", "Sessions attended so far."), int64(0)),
		kit.Opt(kit.RefersTo("source_ref", v.Work.Table+".id", "The "+v.Work.Noun+" that led to it, if any.")),
		kit.Datetime("applied_at", "When the application came in."))
	e := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.CustRoles("customer_id")}
	e.Roles["amount"] = engine.Column("fee")
	g.SetEntity(o, e)
	// pair marks who is on which course; everyone is on at most one open
	// course, so that another open one always has room for them.
	pair := map[string]bool{}
	onOpen := map[any]bool{}
	for i := 1; i <= 18+g.R.IntN(14); i++ {
		c, cu := engine.Pick(g.R, courses), engine.Pick(g.R, v.Customers())
		if pair[fmt.Sprint(c["id"], cu["id"])] || (c["status"] == "open" && onOpen[cu["id"]]) {
			continue
		}
		pair[fmt.Sprint(c["id"], cu["id"])] = true
		if c["status"] == "open" {
			onOpen[cu["id"]] = true
		}
		started := v.Offset(c["starts_on"]) < 0
		status := engine.Pick(g.R, []string{"applied", "enrolled", "enrolled"})
		attended := int64(0)
		if started {
			status = engine.Pick(g.R, []string{"enrolled", "enrolled", "completed", "withdrawn"})
			attended = int64(g.R.IntN(int(c["sessions"].(int64)) + 1))
			if status == "completed" {
				attended = c["sessions"].(int64)
			}
		}
		v.Add(e, table, engine.Row{"id": e.ID(v.NextNumber(table)), "course_id": c["id"], "customer_id": cu["id"], "fee": c["fee"], "status": status,
			"sessions_attended": attended, "applied_at": v.At(v.Offset(c["starts_on"])-10-g.R.IntN(30), 10, 0)})
	}

	// Tools.
	v.Tool(false, "search_"+cm, "Search "+cmany,
		fmt.Sprintf("Find %s by title or status. Returns id (like %s), title, tutor, start date, sessions, seats, fee (minor units) and status.", cmany, cprefix+"001"),
		[]world.ArgSpec{kit.S("query", false, "Part of the title."), kit.A("status", ctable+".status", false, ""), {Name: "from", Type: "date", Description: "Starting on or after."}},
		kit.Search(ctable, []string{"starts_on"}, nil, kit.FAny("query", "title"), kit.F("status", "eq", "status"), kit.F("starts_on", "gte", "from")))
	v.Tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by %s, %s or status. Returns id (like %s), %s, %s id, fee, status and sessions attended.", many, cone, v.C, e.ID(1), cone, v.C),
		[]world.ArgSpec{kit.S("course_id", false, "Id of the "+cone+"."), kit.S("customer_id", false, "CRM id."), kit.A("status", table+".status", false, "")},
		kit.Search(table, []string{"-applied_at"}, nil, kit.F("course_id", "eq", "course_id"), kit.F("customer_id", "eq", "customer_id"), kit.F("status", "eq", "status")))
	v.Tool(true, "apply_"+o, "Put someone down for a "+cone,
		fmt.Sprintf("Record a %s's application for an open %s, at the fee agreed (minor units). Refused if the %s is closed or they already applied or are enrolled. Starts as applied.", v.C, cone, cone),
		[]world.ArgSpec{kit.S("course_id", true, ""), kit.S("customer_id", true, "CRM id."), {Name: "fee", Type: "integer", Required: true, Minimum: kit.NumPtr(0)},
			kit.S("source_ref", false, "Id of the "+v.Work.Noun+" that led to it, if any.")},
		kit.Get(ctable, "course_id", "c", "No "+cone+" {course_id}; search_"+cm+" lists them."),
		world.Step{Require: "$c.status", Equals: "open", Message: "{c.title} is closed for enrolment."},
		world.Step{Absent: table, Where: map[string]any{"course_id": "$course_id", "customer_id": "$customer_id", "status": "applied"}, As: "a", Message: "{customer_id} already applied ({a.id})."},
		world.Step{Absent: table, Where: map[string]any{"course_id": "$course_id", "customer_id": "$customer_id", "status": "enrolled"}, As: "b", Message: "{customer_id} is already enrolled ({b.id})."},
		kit.Insert(table, "", map[string]any{"course_id": "$course_id", "customer_id": "$customer_id", "fee": "$fee", "source_ref": "$source_ref", "status": "applied", "applied_at": "$now"}))
	v.Tool(true, "confirm_"+o, "Confirm "+engine.An(one),
		"Turn an application into a confirmed place (applied → enrolled).",
		[]world.ArgSpec{kit.S(o+"_id", true, "e.g. "+e.ID(1))},
		kit.Get(table, o+"_id", "r", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$r.status", Equals: "applied", Message: "{" + o + "_id} is {r.status}; only applications can be confirmed."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "enrolled"}})
	v.Tool(false, "record_attendance", "Record attendance",
		"Set how many sessions an enrolled participant has attended so far (the running total, not an increment).",
		[]world.ArgSpec{kit.S(o+"_id", true, ""), {Name: "sessions_attended", Type: "integer", Required: true, Minimum: kit.NumPtr(0)}},
		kit.Get(table, o+"_id", "r", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$r.status", Equals: "enrolled", Message: "{" + o + "_id} is {r.status}; attendance is kept for enrolled participants only."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"sessions_attended": "$sessions_attended"}})
	v.Tool(false, "set_"+o+"_status", "Complete or withdraw",
		fmt.Sprintf("Mark an enrolled participant as completed, or withdraw an application or a place. Use confirm_%s to enrol.", o),
		[]world.ArgSpec{kit.S(o+"_id", true, ""), {Name: "status", Type: "string", Required: true, Enum: kit.Vals("completed", "withdrawn")}},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "$status"}, Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{
			"applied": {"withdrawn"}, "enrolled": {"completed", "withdrawn"}}}, Message: fmt.Sprintf("No %s {%s_id}.", one, o)})

	// Events: a place is confirmed; someone withdraws.
	setup := func(tc *engine.TaskCtx) engine.Row {
		c := engine.Pick(tc.R, open)
		var cu engine.Row
		for range 50 {
			if cu = engine.Pick(tc.R, v.Customers()); !pair[fmt.Sprint(c["id"], cu["id"])] {
				break
			}
		}
		// A later step of the same task must not apply them for it again.
		tc.Note(pairKey(c["id"], cu["id"]), true)
		return engine.Row{"id": e.ID(tc.FreshID(table)), "course_id": c["id"], "customer_id": cu["id"], "fee": c["fee"], "status": "applied",
			"sessions_attended": int64(0), "applied_at": v.At(-3, 10, 30)}
	}
	v.Event(e, kit.StatusEvent{
		Name: "enrolled", Kind: "done", When: fmt.Sprintf("%s is confirmed (the participant is enrolled, and later completed)", engine.An(one)),
		Where:   map[string]any{"status": map[string]any{"in": kit.Vals("enrolled", "completed")}},
		InState: func(r engine.Row) bool { return r["status"] == "enrolled" || r["status"] == "completed" },
		Setup:   setup,
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "confirm_" + o, Args: map[string]any{o + "_id": r["id"]}}
		},
		Ask: []string{
			"The application {id} of {name} is approved. Please confirm the place.",
			fmt.Sprintf("We have a place for {name} ({id}); confirm the %s.", one),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The participant is enrolled.", table, r["id"], "status", "enrolled")}
		},
	})
	v.Event(v.View(e, "amount"), kit.StatusEvent{
		Name: "withdrawn", Kind: "cancelled", When: fmt.Sprintf("%s is withdrawn", engine.An(one)), Where: map[string]any{"status": "withdrawn"},
		InState: func(r engine.Row) bool { return r["status"] == "withdrawn" },
		Setup:   setup,
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "set_" + o + "_status", Args: map[string]any{o + "_id": r["id"], "status": "withdrawn"}}
		},
		Ask: []string{
			"{name} has changed their mind and withdraws application {id}. Please record it.",
			fmt.Sprintf("Withdraw %s {id}: {name} cannot attend after all.", one),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The "+one+" is withdrawn.", table, r["id"], "status", "withdrawn")}
		},
	})

	// Action: work leads to an application for a course.
	v.RefAction(kit.RefAction{
		Name: "enrolled", On: []string{"done"}, Needs: []string{"id", "customer_id", "item"}, Table: table,
		Then: fmt.Sprintf("the same %s must be put down for an open %s in %s (applied or enrolled), with the {noun} id as its reference", v.C, cone, s.Title),
		Live: []string{"applied", "enrolled", "completed"},
		// apply_ refuses a course the customer already applied for or is
		// enrolled on; with few customers one can hold every open course.
		Declines: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) bool {
			return freeCourse(tc, open, pair, up.Val("customer_id", r)) == nil
		},
		Call: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) world.Call {
			c := freeCourse(tc, open, pair, up.Val("customer_id", r))
			return world.Call{Tool: "apply_" + o, Args: map[string]any{"course_id": c["id"], "customer_id": up.Val("customer_id", r), "fee": c["fee"], "source_ref": r[up.Key]}}
		},
		Want: func(up *engine.Entity, r engine.Row) map[string]any { return map[string]any{"status": "applied"} },
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			c := engine.Pick(g.R, past)
			pair[fmt.Sprint(c["id"], up.Val("customer_id", r))] = true
			status := "completed"
			v.Add(e, table, engine.Row{"id": e.ID(v.NextNumber(table)), "course_id": c["id"], "customer_id": up.Val("customer_id", r), "fee": c["fee"], "status": status,
				"sessions_attended": c["sessions"], "source_ref": r[up.Key], "applied_at": v.At(v.Offset(up.Val("date", r))-1, 17, 0)})
		},
	})

	// Chores: attendance, applications.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		var cands []engine.Row
		for _, r := range v.Gen.Rows(table) {
			if c := kit.Find(courses, r["course_id"]); r["status"] == "enrolled" && c != nil && v.Offset(c["starts_on"]) < 0 && r["sessions_attended"].(int64) < c["sessions"].(int64) {
				cands = append(cands, r)
			}
		}
		if len(cands) == 0 {
			return engine.Task{}, false
		}
		r := engine.Pick(tc.R, cands)
		c := kit.Find(courses, r["course_id"])
		n := r["sessions_attended"].(int64) + 1
		return engine.Task{
			Title: "record attendance",
			Instruction: fmt.Sprintf("The register for \"%s\" says %s has now attended %d sessions in total (%s %s). Please update their attendance.",
				c["title"], kit.Lookup(v.Cust, r["customer_id"], "name"), n, one, r["id"]),
			Calls: []world.Call{{Tool: "record_attendance", Args: map[string]any{o + "_id": r["id"], "sessions_attended": n}}},
			Assertions: []world.Assertion{
				kit.FieldIs("Attendance is up to date.", table, r["id"], "sessions_attended", n),
				engine.Constraint(kit.FieldIs("They are still enrolled.", table, r["id"], "status", "enrolled")),
			},
			MayChange: []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: engine.Pick(g.R, []string{"coordinator", "sales manager"}), Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		c, cu := engine.Pick(tc.R, open), engine.Pick(tc.R, v.Customers())
		if pair[fmt.Sprint(c["id"], cu["id"])] {
			return engine.Task{}, false
		}
		id := e.ID(tc.NextID(table))
		return engine.Task{
			Title:       "apply for " + cone,
			Instruction: fmt.Sprintf("%s (%s) wants to join \"%s\" at the standard fee. Please put them down for it; we confirm places later.", cu["name"], cu["id"], c["title"]),
			Calls:       []world.Call{{Tool: "apply_" + o, Args: map[string]any{"course_id": c["id"], "customer_id": cu["id"], "fee": c["fee"]}}},
			Assertions: []world.Assertion{
				{Description: "The application is recorded at the standard fee.", Weight: 2, Exists: &world.RowMatch{Table: table, Where: map[string]any{"id": id, "course_id": c["id"], "customer_id": cu["id"], "fee": c["fee"], "status": "applied"}}},
				{Description: "Only one application.", Count: &world.CountMatch{Table: table, Where: map[string]any{"course_id": c["id"], "customer_id": cu["id"]}, Equals: kit.PtrInt(1)}},
			},
			MayChange: []world.Change{{Table: table, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// freeCourse is the first open course the customer has neither applied for
// nor been enrolled on, in the seed or in the task's own seed, or nil.
func freeCourse(tc *engine.TaskCtx, open []engine.Row, pair map[string]bool, customer any) engine.Row {
	for _, x := range open {
		if k := pairKey(x["id"], customer); !pair[k] && tc.Noted(k) == nil {
			return x
		}
	}
	return nil
}

func pairKey(course, customer any) string { return fmt.Sprint(course, customer) }
