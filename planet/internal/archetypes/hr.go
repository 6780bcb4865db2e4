package archetypes

import (
	"fmt"
	"math/rand/v2"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

func init() {
	engine.Register(&engine.ServiceDef{Name: "hr", Title: "HR", Layer: engine.LayerOperations, Weight: 1, Folder: "hr", Personas: []string{"coordinator"}, Build: buildHR})
}

// hrDepartments are the departments of any company, by their lexicon
// folder role (the department is called as its folder is: "Finanzen",
// "経理"), with job titles the translation files carry (seed.Translate).
var hrDepartments = []struct {
	role   string
	titles []string
}{
	{"operations", []string{"Operations coordinator", "Team leader", "Office manager", "Receptionist"}},
	{"finance", []string{"Bookkeeper", "Accounts assistant", "Finance officer"}},
	{"sales", []string{"Account manager", "Sales representative"}},
	{"support", []string{"Customer service agent", "Customer service advisor"}},
	{"purchasing", []string{"Buyer", "Purchasing manager"}},
	{"hr", []string{"Payroll administrator", "Training coordinator"}},
}

func buildHR(g *engine.Gen, s *engine.Svc) {
	dept := func(role string) string { return g.Locale.Lex().Folder(role) }
	pickTitle := func(r *rand.Rand, titles []string) string { return g.Term(engine.Pick(r, titles)) }
	s.Description = fmt.Sprintf("The people records of %s: employees with department, job title and employment status, and their leave requests.", g.Company.Name)
	const emps, leaves = "hr_employees", "hr_leave_requests"
	s.Table(emps, "Employees, past and present.", "EMP-", 4,
		kit.PK(), kit.Text("name", "Full name."), kit.Unique(kit.Email("email", "Work email.")),
		kit.Text("department", "Department."), kit.Text("title", "Job title."),
		kit.Enum("status", "active, on_leave (temporarily away), or left (no longer employed; final).", "active", "on_leave", "left"),
		kit.Date("start_date", "First working day."))
	s.Table(leaves, "Leave requests of employees.", "LVE-", 4,
		kit.PK(), kit.Ref("employee_id", emps, "The employee."),
		kit.Date("from_date", "First day away."), kit.Date("to_date", "Last day away."),
		kit.Enum("kind", "Kind of leave.", "vacation", "sick", "parental", "training", "unpaid"),
		kit.Enum("status", "requested → approved or rejected (both final).", "requested", "approved", "rejected"),
		kit.Date("requested_on", "When it was asked for."))

	emp := &engine.Entity{Service: s.Name, Table: emps, Key: "id", Noun: "employee", Plural: "employees", Prefix: "EMP-", Width: 4, Internal: true,
		Roles: map[string]engine.Role{"id": engine.Column("id"), "name": engine.Column("name"), "email": engine.Column("email"), "date": engine.Column("start_date")}}
	empSQL := func(col string) engine.Role {
		return engine.Role{
			SQL: func(a string) string {
				return fmt.Sprintf("(SELECT e.%s FROM %s e WHERE e.id = %s.employee_id)", col, emps, a)
			},
			Value: func(r engine.Row) any { return kit.Lookup(emp, r["employee_id"], col) },
			Path:  "employee_id." + col,
		}
	}
	lv := &engine.Entity{Service: s.Name, Table: leaves, Key: "id", Noun: "leave", Plural: "leaves", Prefix: "LVE-", Width: 4, Internal: true,
		Roles: map[string]engine.Role{"id": engine.Column("id"), "name": empSQL("name"), "email": empSQL("email"), "date": engine.Column("from_date"), "kind": engine.Column("kind")}}

	addEmp := func(name, email, dept, jobTitle, status string) {
		r := engine.Row{"id": emp.ID(len(emp.Rows) + 1), "name": name, "email": email, "department": dept, "title": jobTitle,
			"status": status, "start_date": g.Day(-60 - g.R.IntN(2500))}
		emp.Rows = append(emp.Rows, r)
		tablesAdd(g, s, emps, r)
	}
	// The people who do the line of work, when it is already built.
	// Their titles are the industry's, in turn (a bike shop's mechanics
	// and workshop manager), else the staff noun.
	if st := g.Entity("staff"); st != nil {
		titles := g.JobTitles()
		// The line of work's department is its staff noun ("Bike
		// mechanics") in English, which has no other word for it, and
		// operations in the world's language elsewhere.
		lineDept := engine.Title(st.Plural)
		if g.Locale.Lex().Language != "en" {
			lineDept = dept("operations")
		}
		for i, r := range st.Rows {
			status := "active"
			if r["active"] == false {
				status = "on_leave"
			}
			title := engine.Title(st.Noun)
			if len(titles) > 0 {
				title = titles[i%len(titles)]
			}
			addEmp(fmt.Sprint(r["name"]), fmt.Sprint(r["email"]), lineDept, title, status)
		}
	}
	for i := 0; i < 10+g.R.IntN(10); i++ {
		d := engine.Pick(g.R, hrDepartments)
		name, email := g.Locale.Person("")
		status := "active"
		switch g.R.IntN(10) {
		case 0:
			status = "left"
		case 1:
			status = "on_leave"
		}
		addEmp(name, email, dept(d.role), pickTitle(g.R, d.titles), status)
	}
	current := kit.Where(emp.Rows, func(r engine.Row) bool { return r["status"] == "active" })
	g.SetEntity("employee", emp)

	kinds := []string{"vacation", "vacation", "vacation", "sick", "training", "parental", "unpaid"}
	leave := func(id string, e engine.Row, status string, from int) engine.Row {
		length := 1 + g.R.IntN(10)
		return engine.Row{"id": id, "employee_id": e["id"], "from_date": g.Day(from), "to_date": g.Day(from + length),
			"kind": engine.Pick(g.R, kinds), "status": status, "requested_on": g.Day(min(from, 0) - 3 - g.R.IntN(20))}
	}
	for i := 1; i <= 8+g.R.IntN(8); i++ {
		status := engine.Pick(g.R, []string{"approved", "approved", "requested", "requested", "rejected"})
		if i <= 2 {
			status = "requested"
		}
		from := g.R.IntN(60) - 30
		if status == "requested" {
			from = 5 + g.R.IntN(40)
		}
		r := leave(lv.ID(i), engine.Pick(g.R, current), status, from)
		lv.Rows = append(lv.Rows, r)
		tablesAdd(g, s, leaves, r)
	}

	// Tools.
	s.Tool(true, kit.Tool(s.Name, "search_employees", "Search employees",
		"Find employees by name, email or job title, department or status; by name. Returns id (like EMP-0001), name, email, department, title and status.",
		[]world.ArgSpec{kit.S("query", false, "Part of the name, email or job title."), kit.S("department", false, "Exact department name."), kit.A("status", emps+".status", false, "")},
		kit.Search(emps, []string{"name"}, []string{"id", "name", "email", "department", "title", "status"},
			kit.FAny("query", "name", "email", "title"), kit.F("department", "eq", "department"), kit.F("status", "eq", "status"))))
	s.Tool(false, kit.Tool(s.Name, "get_employee", "Get an employee", "Read one employee record by id, including the start date.",
		[]world.ArgSpec{kit.S("employee_id", true, "e.g. EMP-0001")},
		kit.Get(emps, "employee_id", "", "No employee {employee_id}; search_employees finds ids.")))
	s.Tool(false, kit.Tool(s.Name, "hire_employee", "Record a new hire",
		"Add a new employee, active from their start date. The work email must not be on file yet. Returns the record with its id.",
		[]world.ArgSpec{kit.S("name", true, "Full name."), kit.A("email", emps+".email", true, "Work email."), kit.S("department", true, ""), kit.S("title", true, "Job title."),
			{Name: "start_date", Type: "date", Required: true, Description: "First working day."}},
		world.Step{Absent: emps, Where: map[string]any{"email": "$email"}, As: "dup", Message: "{email} already belongs to {dup.name} ({dup.id})."},
		kit.Insert(emps, "", map[string]any{"name": "$name", "email": "$email", "department": "$department", "title": "$title", "start_date": "$start_date", "status": "active"})))
	s.Tool(false, kit.Tool(s.Name, "set_employee_status", "Change employment status",
		"Set an employee to active, on_leave or left. active ↔ on_leave; either can become left, which is final.",
		[]world.ArgSpec{kit.S("employee_id", true, ""), kit.A("status", emps+".status", true, "The new status.")},
		world.Step{Update: emps, Key: "$employee_id", Set: map[string]any{"status": "$status"},
			Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{"active": {"on_leave", "left"}, "on_leave": {"active", "left"}}},
			Message:     "No employee {employee_id}."}))
	s.Tool(true, kit.Tool(s.Name, "search_leave_requests", "Search leave requests",
		"Leave requests by employee, status or kind, latest start first. Returns id (like LVE-0001), employee_id, dates, kind and status.",
		[]world.ArgSpec{kit.S("employee_id", false, ""), kit.A("status", leaves+".status", false, ""), kit.A("kind", leaves+".kind", false, "")},
		kit.Search(leaves, []string{"-from_date"}, nil, kit.F("employee_id", "eq", "employee_id"), kit.F("status", "eq", "status"), kit.F("kind", "eq", "kind"))))
	s.Tool(false, kit.Tool(s.Name, "request_leave", "Request leave",
		"File a leave request for an employee who has not left; it starts as requested. Dates are YYYY-MM-DD, both days included.",
		[]world.ArgSpec{kit.S("employee_id", true, ""), {Name: "from_date", Type: "date", Required: true}, {Name: "to_date", Type: "date", Required: true}, kit.A("kind", leaves+".kind", true, "")},
		kit.Get(emps, "employee_id", "e", "No employee {employee_id}."),
		world.Step{Require: "$e.status", NotIn: kit.Vals("left"), Message: "{e.name} has left the company."},
		kit.Insert(leaves, "", map[string]any{"employee_id": "$employee_id", "from_date": "$from_date", "to_date": "$to_date", "kind": "$kind", "status": "requested", "requested_on": "$today"})))
	s.Tool(true, kit.Tool(s.Name, "decide_leave", "Approve or reject leave",
		"Decide a pending leave request: approved or rejected. A decided request cannot be changed.",
		[]world.ArgSpec{kit.S("leave_id", true, "e.g. LVE-0001"), {Name: "decision", Type: "string", Required: true, Enum: []any{"approved", "rejected"}}},
		world.Step{Update: leaves, Key: "$leave_id", Set: map[string]any{"status": "$decision"},
			Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{"requested": {"approved", "rejected"}}},
			Message:     "No leave request {leave_id}; search_leave_requests finds them."}))

	// Events: an employee leaves; a leave request is approved.
	s.Events = append(s.Events, &engine.Event{
		Entity: emp, Name: "left", Kind: "closed",
		When:    "an employee leaves the company (marked left in HR)",
		Where:   map[string]any{"status": "left"},
		InState: func(r engine.Row) bool { return r["status"] == "left" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			d := engine.Pick(tc.R, hrDepartments)
			given, family, full := g.Locale.C.PersonName(tc.R)
			return engine.Row{"id": emp.ID(tc.NextID(emps)), "name": full, "email": g.Locale.Email(given, family, g.Locale.Domain), "department": dept(d.role),
				"title": pickTitle(tc.R, d.titles), "status": "active", "start_date": g.Day(-400 - tc.R.IntN(900))}
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "set_employee_status", Args: map[string]any{"employee_id": r["id"], "status": "left"}}}
		},
		Ask: []string{
			"Today is the last working day of {name} ({id}). Please record that they have left.",
			"{name}, employee {id}, has resigned and is leaving us today. Update HR.",
			"Please process the departure of {name} ({id}); they no longer work here.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{{Description: "The employee has left.", Field: &world.FieldMatch{Table: emps, Key: r["id"], Column: "status", Equals: "left"}}}
		},
		Touches: func(r engine.Row) []world.Change {
			return []world.Change{{Table: emps, Keys: []any{r["id"]}, Ops: []string{"update"}}}
		},
	})
	s.Events = append(s.Events, &engine.Event{
		Entity: lv, Name: "approved", Kind: "approved",
		When:    "a leave request is approved in HR",
		Where:   map[string]any{"status": "approved"},
		InState: func(r engine.Row) bool { return r["status"] == "approved" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			from := 10 + tc.R.IntN(30)
			r := leave(lv.ID(tc.NextID(leaves)), engine.Pick(tc.R, current), "requested", from)
			r["requested_on"] = g.Day(-2)
			return r
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "decide_leave", Args: map[string]any{"leave_id": r["id"], "decision": "approved"}}}
		},
		Ask: []string{
			"Approve leave request {id} ({kind}) for {name}, starting {date}.",
			"{name}'s {kind} leave from {date} ({id}) is fine with the team. Please approve it.",
			"The team can cover for {name}: go ahead and approve {id}.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{{Description: "The request is approved.", Field: &world.FieldMatch{Table: leaves, Key: r["id"], Column: "status", Equals: "approved"}}}
		},
		Touches: func(r engine.Row) []world.Change {
			return []world.Change{{Table: leaves, Keys: []any{r["id"]}, Ops: []string{"update"}}}
		},
	})

	// Chore: turn down a leave request (approving one is what the
	// approved event asks for, with whatever policy follows from it).
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		open := kit.Where(lv.Rows, func(r engine.Row) bool { return r["status"] == "requested" })
		if len(open) == 0 {
			return engine.Task{}, false
		}
		r := engine.Pick(tc.R, open)
		name := kit.Lookup(emp, r["employee_id"], "name")
		why := engine.Pick(tc.R, []string{"half the team is already away that week", "it falls in our busiest week", "the dates clash with the annual stocktake"})
		return engine.Task{
			Title:       "reject leave request",
			Instruction: fmt.Sprintf("We cannot grant %s's leave from %s to %s (%s): %s. Please turn the request down.", name, r["from_date"], r["to_date"], r["id"], why),
			Calls:       []world.Call{{Tool: "decide_leave", Args: map[string]any{"leave_id": r["id"], "decision": "rejected"}}},
			Assertions: []world.Assertion{
				{Description: "The request is rejected.", Field: &world.FieldMatch{Table: leaves, Key: r["id"], Column: "status", Equals: "rejected"}},
				{Description: "The employee's other requests are untouched.", Role: world.RoleConstraint, Count: &world.CountMatch{Table: leaves, Where: map[string]any{"employee_id": r["employee_id"], "status": "rejected"},
					Equals: kit.PtrInt(kit.CountWhere(lv.Rows, "employee_id", r["employee_id"], "status", "rejected") + 1)}},
			},
			MayChange: []world.Change{{Table: leaves, Keys: []any{r["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
	// Chore: record a new hire.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		d := engine.Pick(tc.R, hrDepartments)
		jobTitle, department := pickTitle(tc.R, d.titles), dept(d.role)
		given, family, full := g.Locale.C.PersonName(tc.R)
		email := g.Locale.Email(given, family, g.Locale.Domain)
		start := g.Day(7 + 7*tc.R.IntN(4))
		tc.NextID(emps) // the new row: checked by its details, not its id
		return engine.Task{
			Title:       "record new hire",
			Instruction: fmt.Sprintf("%s has signed with us as %s in %s and starts on %s. Their work email will be %s. Please add them to HR.", full, jobTitle, department, start, email),
			Calls:       []world.Call{{Tool: "hire_employee", Args: map[string]any{"name": full, "email": email, "department": department, "title": jobTitle, "start_date": start}}},
			Assertions: []world.Assertion{
				{Description: "The new employee is on file.", Exists: &world.RowMatch{Table: emps, Where: map[string]any{"email": email, "department": department, "title": jobTitle, "start_date": start}}},
				{Description: "They are active.", Exists: &world.RowMatch{Table: emps, Where: map[string]any{"email": email, "status": "active"}}},
				{Description: "Recorded once.", Count: &world.CountMatch{Table: emps, Where: map[string]any{"email": email}, Equals: kit.PtrInt(1)}},
			},
			MayChange: []world.Change{{Table: emps, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
	// Chore: an employee is back from leave.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		away := kit.Where(emp.Rows, func(r engine.Row) bool { return r["status"] == "on_leave" })
		if len(away) == 0 {
			return engine.Task{}, false
		}
		r := engine.Pick(tc.R, away)
		return engine.Task{
			Title:       "employee back from leave",
			Instruction: fmt.Sprintf("%s (%s, %s) is back at work from today. Please update their record.", r["name"], r["id"], r["department"]),
			Calls:       []world.Call{{Tool: "set_employee_status", Args: map[string]any{"employee_id": r["id"], "status": "active"}}},
			Assertions: []world.Assertion{
				{Description: "The employee is active again.", Field: &world.FieldMatch{Table: emps, Key: r["id"], Column: "status", Equals: "active"}},
				{Description: "Their department is unchanged.", Role: world.RoleConstraint, Field: &world.FieldMatch{Table: emps, Key: r["id"], Column: "department", Equals: r["department"]}},
			},
			MayChange: []world.Change{{Table: emps, Keys: []any{r["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}
