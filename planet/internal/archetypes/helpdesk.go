package archetypes

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

func init() {
	engine.Register(&engine.ServiceDef{Name: "helpdesk", Title: "Helpdesk", Layer: engine.LayerFollowUp, Weight: 2, Folder: "support", Personas: []string{"support lead"}, Build: buildHelpdesk})
}

func buildHelpdesk(g *engine.Gen, s *engine.Svc) {
	cust := g.Entity("customer")
	one, many := kit.OwnNouns(g, "ticket", "tickets", "issue", "issues")
	s.Description = fmt.Sprintf("The support desk of %s: %s raised by %s (questions, complaints, problems), their priority and status, the support agents who handle them, and internal comments.", g.Company.Name, many, cust.Plural)
	const agents, comments = "helpdesk_agents", "helpdesk_comments"
	table := "helpdesk_" + many
	ref, prefix := one+"_id", "TCK-"
	if one != "ticket" {
		prefix = "ISS-"
	}

	s.Table(agents, "Support agents who can own "+many+".", "AGT-", 3,
		kit.PK(), kit.Text("name", "Full name."), kit.Unique(kit.Email("email", "Work email.")),
		kit.Text("team", "Team the agent belongs to."),
		kit.Bool("active", "Takes new "+many+"; inactive agents cannot be assigned.", true))
	priority := kit.Enum("priority", "How urgent it is: low, normal, high or urgent.", "low", "normal", "high", "urgent")
	priority.Default = "normal"
	tcols := []world.Column{
		kit.PK(),
		kit.Text("subject", "Short summary of the request."),
		kit.Text("requester", "Name of the person who asked."),
		kit.RefersTo("requester_email", cust.Table+".email", "Email of the requester; replies go there."),
		kit.Opt(kit.RefersTo("customer_id", cust.Table+".id", "CRM id of the "+cust.Noun+", when known.")),
		priority,
		kit.Enum("status", "new → open → pending (waiting for the requester) → resolved → closed; resolved can be reopened.", "new", "open", "pending", "resolved", "closed"),
		kit.Opt(kit.Ref("assignee_id", agents, "Agent who owns it.")),
		kit.Enum("channel", "How it came in.", "email", "phone", "web"),
		kit.Datetime("created_at", "When it was raised."),
	}
	tcols[3].Type = "email"
	s.Table(table, engine.Title(many)+" raised with the support desk.", prefix, 5, tcols...)
	s.Table(comments, "Internal comments on "+many+", oldest first.", "COM-", 5,
		kit.PK(), kit.Ref(ref, table, "The "+one+"."), kit.Text("author", "Who wrote it."), kit.Text("body", "The comment."), kit.Datetime("created_at", "When it was written."))

	// Agents.
	lex := g.Locale.Lex()
	team := lex.Pool("helpdesk_team") // front line, billing, escalations
	teams := []string{team[0], team[0], team[1], team[2], team[0], team[2], team[1]}
	var agentRows []engine.Row
	for i, n := 1, g.Volume("helpdesk_agents"); i <= n; i++ {
		name, email := g.Locale.Person("")
		r := engine.Row{"id": fmt.Sprintf("AGT-%03d", i), "name": name, "email": email, "team": teams[i-1], "active": i <= 2 || g.R.IntN(5) != 0}
		agentRows = append(agentRows, r)
		tablesAdd(g, s, agents, r)
	}
	active := kit.Where(agentRows, func(r engine.Row) bool { return r["active"] == true })

	tk := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5,
		Roles: map[string]engine.Role{"id": engine.Column("id"), "name": engine.Column("requester"), "email": engine.Column("requester_email"), "subject": engine.Column("subject")}}

	// Subjects: general ones and ones in the industry's words.
	w, st, off := g.Vocab.Work, g.Vocab.Staff, kit.Offerings(g)
	subject := func(r *rand.Rand) string {
		// The lexicon's subjects; only English ones name the industry's
		// nouns, which are English.
		return seed.Fill(engine.Pick(r, lex.Sentences("ticket_subject")), "item", engine.Pick(r, off).Name, "work", w.One, "staff", st.One)
	}
	custRow := func(r *rand.Rand) engine.Row { return engine.Pick(r, kit.ActiveRows(cust)) }
	person := func(c engine.Row) string {
		if p, ok := c["contact_person"].(string); ok && p != "" {
			return p
		}
		return fmt.Sprint(c["name"])
	}
	newTicket := func(id string, r *rand.Rand, status, prio string, day int) engine.Row {
		c := custRow(r)
		row := engine.Row{"id": id, "subject": subject(r), "requester": person(c), "requester_email": c["email"], "customer_id": c["id"],
			"priority": prio, "status": status, "channel": engine.Pick(r, []string{"email", "email", "phone", "web"}),
			"created_at": kit.Clock(g, day, 8+r.IntN(9), 5*r.IntN(12))}
		if status != "new" {
			row["assignee_id"] = engine.Pick(r, active)["id"]
		}
		return row
	}
	statuses := []string{"new", "open", "open", "pending", "resolved", "resolved", "closed", "closed"}
	prios := []string{"low", "normal", "normal", "normal", "high", "high", "urgent"}
	n := g.Volume("helpdesk_tickets")
	for i := 1; i <= n; i++ {
		status := engine.Pick(g.R, statuses)
		switch i {
		case 1:
			status = "new"
		case 2, 3:
			status = "resolved"
		}
		day := -1 - g.R.IntN(25)
		if status == "new" {
			day = -g.R.IntN(2) - 1
		}
		r := newTicket(tk.ID(i), g.R, status, engine.Pick(g.R, prios), day)
		tk.Rows = append(tk.Rows, r)
		tablesAdd(g, s, table, r)
	}
	notes := lex.Sentences("ticket_comment")
	for _, r := range tk.Rows {
		if r["status"] == "new" {
			continue
		}
		at, _ := time.Parse(time.RFC3339, fmt.Sprint(r["created_at"]))
		for k := 0; k < g.R.IntN(3); k++ {
			// Each comment some hours after the last, before the clock.
			at = workingHours(g, at.Add(time.Duration(30+g.R.IntN(20*60))*time.Minute))
			if !at.Before(g.Start) {
				break
			}
			tablesAdd(g, s, comments, engine.Row{"id": fmt.Sprintf("COM-%05d", len(g.Rows(comments))+1), ref: r["id"],
				"author": kit.ColumnOf(agentRows, r["assignee_id"], "name"), "body": engine.Pick(g.R, notes), "created_at": at.Truncate(time.Minute).Format(time.RFC3339)})
		}
	}

	// Tools.
	idEx := tk.ID(1)
	s.Tool(true, kit.Tool(s.Name, "search_"+many, "Search "+many,
		fmt.Sprintf("Find support %s by words in the subject, requester name or email, status, priority or assignee; newest first. Returns id (like %s), subject, requester, requester_email, priority, status, assignee_id and created_at; page with cursor.", many, idEx),
		[]world.ArgSpec{kit.S("query", false, "Part of the subject, requester name or email."), kit.A("status", table+".status", false, ""), kit.A("priority", table+".priority", false, ""),
			kit.S("assignee_id", false, "Agent id, e.g. AGT-001."), kit.S("customer_id", false, "CRM id of the "+cust.Noun+".")},
		kit.Search(table, []string{"-created_at"}, []string{"id", "subject", "requester", "requester_email", "priority", "status", "assignee_id", "created_at"},
			kit.FAny("query", "subject", "requester", "requester_email"), kit.F("status", "eq", "status"), kit.F("priority", "eq", "priority"), kit.F("assignee_id", "eq", "assignee_id"), kit.F("customer_id", "eq", "customer_id"))))
	s.Tool(true, kit.Tool(s.Name, "get_"+one, "Get a "+one,
		fmt.Sprintf("Read one %s by id with all its fields (requester, priority, status, assignee, channel).", one),
		[]world.ArgSpec{kit.S(one+"_id", true, "e.g. "+idEx)},
		kit.Get(table, one+"_id", "", fmt.Sprintf("No %s {%s_id}; search_%s finds ids.", one, one, many))))
	s.Tool(false, kit.Tool(s.Name, "create_"+one, "Open a "+one,
		fmt.Sprintf("Open a new %s for a requester; it starts as new and unassigned, normal priority unless given. Returns the %s with its id.", one, one),
		[]world.ArgSpec{kit.S("subject", true, "Short summary; put any reference number in it."), kit.S("requester", true, "Name of the person asking."),
			{Name: "requester_email", Type: "email", Required: true, Description: "Where replies go."},
			kit.S("customer_id", false, "CRM id of the "+cust.Noun+", if known."), kit.A("priority", table+".priority", false, ""), kit.A("channel", table+".channel", false, "")},
		kit.Insert(table, "", map[string]any{"subject": "$subject", "requester": "$requester", "requester_email": "$requester_email", "customer_id": "$customer_id",
			"priority": "$priority", "channel": "$channel", "created_at": "$now"})))
	s.Tool(true, kit.Tool(s.Name, "update_"+one, "Update a "+one,
		fmt.Sprintf("Change the status and/or priority of a %s. Status moves new → open → pending or resolved; pending → open or resolved; resolved → closed, or back to open. Closed %s stay closed.", one, many),
		[]world.ArgSpec{kit.S(one+"_id", true, ""), kit.A("status", table+".status", false, "The new status."), kit.A("priority", table+".priority", false, "The new priority.")},
		world.Step{Update: table, Key: "$" + one + "_id", Set: map[string]any{"status": "$status", "priority": "$priority"},
			Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{
				"new": {"open"}, "open": {"pending", "resolved"}, "pending": {"open", "resolved"}, "resolved": {"closed", "open"}}},
			Message: fmt.Sprintf("No %s {%s_id}.", one, one)}))
	s.Tool(false, kit.Tool(s.Name, "assign_"+one, "Assign a "+one,
		fmt.Sprintf("Make a support agent the owner of a %s. Only active agents can be assigned (list_support_agents shows them).", one),
		[]world.ArgSpec{kit.S(one+"_id", true, ""), kit.S("agent_id", true, "e.g. AGT-001")},
		kit.Get(agents, "agent_id", "agent", "No agent {agent_id}; list_support_agents shows the team."),
		world.Step{Require: "$agent.active", Equals: true, Message: "{agent.name} is not taking " + many + " at the moment; pick an active agent."},
		world.Step{Update: table, Key: "$" + one + "_id", Set: map[string]any{"assignee_id": "$agent_id"}, Message: fmt.Sprintf("No %s {%s_id}.", one, one)}))
	s.Tool(false, kit.Tool(s.Name, "add_"+one+"_comment", "Comment on a "+one,
		fmt.Sprintf("Add an internal comment to a %s that is not closed. Returns the comment.", one),
		[]world.ArgSpec{kit.S(one+"_id", true, ""), kit.S("body", true, "The comment text.")},
		kit.Get(table, one+"_id", "tk", fmt.Sprintf("No %s {%s_id}.", one, one)),
		world.Step{Require: "$tk.status", NotIn: kit.Vals("closed"), Message: fmt.Sprintf("%s {%s_id} is closed; comments go on open %s.", engine.Title(one), one, many)},
		kit.Insert(comments, "", map[string]any{ref: "$tk.id", "author": "Support desk", "body": "$body", "created_at": "$now"})))
	s.Tool(false, kit.Tool(s.Name, "list_support_agents", "List support agents",
		"The support agents with their id, team, email and whether they take new "+many+".", nil,
		kit.Search(agents, []string{"name"}, nil)))

	// Events: escalated to urgent; resolved.
	setup := func(status, prio string) func(tc *engine.TaskCtx) engine.Row {
		return func(tc *engine.TaskCtx) engine.Row {
			r := newTicket(tk.ID(tc.NextID(table)), tc.R, status, prio, -1)
			r["assignee_id"] = active[0]["id"]
			return r
		}
	}
	touch := func(r engine.Row) []world.Change {
		return []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}}
	}
	s.Events = append(s.Events, &engine.Event{
		Entity: tk, Name: "escalated", Kind: "escalated",
		When:    fmt.Sprintf("a support %s is escalated to urgent priority", one),
		Where:   map[string]any{"priority": "urgent"},
		InState: func(r engine.Row) bool { return r["priority"] == "urgent" },
		Setup:   setup("open", "high"),
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "update_" + one, Args: map[string]any{one + "_id": r["id"], "priority": "urgent"}}}
		},
		Ask: []string{
			fmt.Sprintf("%s {id} from {name} (\"{subject}\") is now blocking them completely. Escalate it to urgent.", engine.Title(one)),
			fmt.Sprintf("{name} has chased us again about %s {id}. Raise it to urgent priority.", one),
			fmt.Sprintf("Please make %s {id} (\"{subject}\") urgent: {name} cannot wait any longer.", one),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{{Description: "The " + one + " is urgent.", Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "priority", Equals: "urgent"}}}
		},
		Touches: touch,
	})
	s.Events = append(s.Events, &engine.Event{
		Entity: tk, Name: "resolved", Kind: "done",
		When:    fmt.Sprintf("a support %s is marked resolved", one),
		Where:   map[string]any{"status": map[string]any{"in": kit.Vals("resolved", "closed")}},
		InState: func(r engine.Row) bool { return r["status"] == "resolved" || r["status"] == "closed" },
		Setup:   setup("open", "normal"),
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "update_" + one, Args: map[string]any{one + "_id": r["id"], "status": "resolved"}}}
		},
		Ask: []string{
			fmt.Sprintf("The problem in %s {id} (\"{subject}\") is fixed. Mark it resolved.", one),
			fmt.Sprintf("{name} confirmed on the phone that %s {id} is sorted. Please resolve it.", one),
			fmt.Sprintf("We are done with %s {id} from {name}; set it to resolved.", one),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{{Description: "The " + one + " is resolved.", Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "status", Equals: "resolved"}}}
		},
		Touches: touch,
	})

	// Action: open a ticket about something that happened upstream. A
	// support ticket is a customer's: it follows records that have one
	// (not an employee leaving or a meeting called off).
	hasRef := func(up *engine.Entity, r engine.Row) (engine.Row, bool) {
		id, email := fmt.Sprint(r[up.Key]), up.Str("email", r)
		for _, x := range g.Rows(table) {
			if strings.Contains(fmt.Sprint(x["subject"]), id) && x["requester_email"] == email {
				return x, true
			}
		}
		return nil, false
	}
	subjectFor := func(up *engine.Entity, r engine.Row) string {
		return g.Locale.Lex().Say("ticket_follow_up", "id", fmt.Sprint(r[up.Key]))
	}
	s.Actions = append(s.Actions, &engine.Action{
		Service: s.Name, Name: "ticketed", Needs: []string{"id", "email", "name", "customer_id"}, On: []string{"cancelled", "closed", "escalated"},
		Then: fmt.Sprintf("a support %s must be opened in the Helpdesk with the {noun} id in its subject and the %s's email on file as requester email", one, cust.Noun),
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Mentions("id", "subject").Eq("requester_email", "email").In(table, "", nil)
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			tc.NextID(table)
			args := map[string]any{"subject": subjectFor(up, r), "requester": up.Str("name", r), "requester_email": up.Val("email", r)}
			if up.Has("customer_id") {
				args["customer_id"] = up.Val("customer_id", r)
			}
			return []world.Call{{Tool: "create_" + one, Args: args}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			about := map[string]any{"subject": map[string]any{"contains": r[up.Key]}}
			return []world.Assertion{
				{Description: fmt.Sprintf("A %s names the %s in its subject.", one, up.Noun), Exists: &world.RowMatch{Table: table, Where: about}},
				{Description: "It was opened for the email on file.", Exists: &world.RowMatch{Table: table,
					Where: map[string]any{"subject": map[string]any{"contains": r[up.Key]}, "requester_email": up.Val("email", r)}}},
				{Description: fmt.Sprintf("Only one %s was opened about it.", one), Count: &world.CountMatch{Table: table, Where: about, Equals: kit.PtrInt(1)}},
			}
		},
		Touches: []world.Change{{Table: table, Ops: []string{"insert"}}},
		Creates: table,
		Makes: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) *engine.Made {
			id, email := r[up.Key], up.Val("email", r)
			row := engine.Row{"id": tk.ID(tc.PeekID(table)), "subject": subjectFor(up, r), "requester": up.Str("name", r), "requester_email": email,
				"priority": "normal", "status": "new", "channel": "email"}
			return &engine.Made{Entity: tk, Row: row, Say: fmt.Sprintf("the %s about %s %s", one, up.Noun, id),
				Select: func(a string) string {
					return fmt.Sprintf("instr(%s.subject, %s) > 0 AND %s.requester_email = %s", a, engine.SQLQuote(id), a, engine.SQLQuote(email))
				}}
		},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			if _, ok := hasRef(up, r); ok {
				return
			}
			status := engine.Pick(g.R, []string{"open", "pending"})
			row := engine.Row{"id": tk.ID(len(g.Rows(table)) + 1), "subject": subjectFor(up, r), "requester": up.Str("name", r), "requester_email": up.Val("email", r),
				"priority": "normal", "status": status, "assignee_id": engine.Pick(g.R, active)["id"], "channel": "email", "created_at": kit.Clock(g, -1-g.R.IntN(10), 11, 0)}
			if up.Has("customer_id") {
				row["customer_id"] = up.Val("customer_id", r)
			}
			g.AddRow(table, row)
			tk.Rows = append(tk.Rows, row)
		},
	})

	// Event: a ticket is opened. No task asks for it on its own; it
	// follows from policies that open tickets, and what the policies ask
	// of a new ticket (acknowledge it) chains on from there.
	s.Events = append(s.Events, &engine.Event{
		Entity: tk, Name: "opened", Kind: "created", When: fmt.Sprintf("a support %s is opened", one), Where: map[string]any{"status": map[string]any{"ne": "closed"}},
		InState: func(r engine.Row) bool { return r["status"] != "closed" },
	})

	// Action: close the loop. Once the work a ticket is about is done, the
	// ticket is resolved.
	openStates := []string{"new", "open", "pending"}
	s.Actions = append(s.Actions, &engine.Action{
		Service: s.Name, Name: "ticket resolved", Needs: []string{"id", "email", "name", "customer_id"}, On: []string{"done"},
		Then: fmt.Sprintf("every open support %s that names the {noun} id in its subject must be resolved in the Helpdesk", one),
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Mentions("id", "subject").In(table, world.RequireNone, map[string]any{"status": map[string]any{"in": kit.Vals(openStates...)}})
		},
		Prepare: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.SeedOp {
			id := tk.ID(tc.NextID(table))
			row := engine.Row{"id": id, "subject": g.Locale.Lex().Say("ticket_when_done", "id", fmt.Sprint(r[up.Key])), "requester": up.Str("name", r),
				"requester_email": up.Val("email", r), "priority": "normal", "status": "open", "assignee_id": active[0]["id"], "channel": "phone",
				"created_at": kit.Clock(g, -2, 10, 15)}
			if up.Has("customer_id") {
				row["customer_id"] = up.Val("customer_id", r)
			}
			tc.Note("resolve:"+fmt.Sprint(r[up.Key]), row)
			return []world.SeedOp{{Insert: table, Values: row}}
		},
		Makes: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) *engine.Made {
			before, row := tc.Prepared("resolve:"+fmt.Sprint(r[up.Key]), "resolved")
			return &engine.Made{Entity: tk, Row: row, Before: before, Say: fmt.Sprintf("the %s about %s %s", one, up.Noun, r[up.Key]),
				Select: func(a string) string {
					return fmt.Sprintf("instr(%s.subject, %s) > 0 AND %s.requester_email = %s", a, engine.SQLQuote(r[up.Key]), a, engine.SQLQuote(row["requester_email"]))
				}}
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			return []world.Call{{Tool: "update_" + one, Args: map[string]any{one + "_id": tc.Noted("resolve:" + fmt.Sprint(r[up.Key])).(engine.Row)["id"], "status": "resolved"}}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			ref := r[up.Key]
			return []world.Assertion{
				{Description: fmt.Sprintf("No %s about it is left open.", one), Absent: &world.RowMatch{Table: table, Where: map[string]any{"subject": map[string]any{"contains": ref}, "status": map[string]any{"in": kit.Vals(openStates...)}}}},
				{Description: fmt.Sprintf("The %s about it is resolved.", one), Exists: &world.RowMatch{Table: table, Where: map[string]any{"subject": map[string]any{"contains": ref}, "requester_email": up.Val("email", r), "status": map[string]any{"in": kit.Vals("resolved", "closed")}}}},
			}
		},
		Touches: []world.Change{{Table: table, Ops: []string{"update"}}},
	})

	// Chore: triage a new ticket.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "support lead", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		id := tk.ID(tc.NextID(table))
		row := newTicket(id, tc.R, "new", "normal", -1)
		row["created_at"] = kit.Clock(g, -1, 18, 40)
		prio := engine.Pick(tc.R, []string{"low", "high"})
		agent := engine.Pick(tc.R, active)
		why := map[string]string{"low": "it is a general question that can wait", "high": "the requester is stuck until we answer"}[prio]
		return engine.Task{
			Title: "triage new " + one,
			Instruction: fmt.Sprintf("A new %s came in overnight from %s: \"%s\" (%s). Triage it: %s, so it is %s priority; %s should own it, and it should be open.",
				one, row["requester"], row["subject"], id, why, prio, agent["name"]),
			Seed: []world.SeedOp{{Insert: table, Values: row}},
			Calls: []world.Call{
				{Tool: "update_" + one, Args: map[string]any{one + "_id": id, "status": "open", "priority": prio}},
				{Tool: "assign_" + one, Args: map[string]any{one + "_id": id, "agent_id": agent["id"]}},
			},
			Assertions: []world.Assertion{
				{Description: "The priority is set.", Field: &world.FieldMatch{Table: table, Key: id, Column: "priority", Equals: prio}},
				{Description: "The right agent owns it.", Field: &world.FieldMatch{Table: table, Key: id, Column: "assignee_id", Equals: agent["id"]}},
				{Description: "It is open.", Field: &world.FieldMatch{Table: table, Key: id, Column: "status", Equals: "open"}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{id}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
	// Chore: close a resolved ticket with a comment.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "support lead", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		resolved := kit.Where(tk.Rows, func(r engine.Row) bool { return r["status"] == "resolved" })
		if len(resolved) == 0 {
			return engine.Task{}, false
		}
		r := engine.Pick(tc.R, resolved)
		id := r["id"]
		note := engine.Pick(tc.R, g.Locale.Lex().Sentences("ticket_close_note"))
		tc.NextID(comments)
		before := kit.CountWhere(g.Rows(comments), ref, id)
		return engine.Task{
			Title:       "close resolved " + one,
			Instruction: fmt.Sprintf("%s %s (\"%s\") was resolved and %s has not come back. Close it, with the comment \"%s\" on it.", engine.Title(one), id, r["subject"], r["requester"], note),
			Calls: []world.Call{
				{Tool: "add_" + one + "_comment", Args: map[string]any{one + "_id": id, "body": note}},
				{Tool: "update_" + one, Args: map[string]any{one + "_id": id, "status": "closed"}},
			},
			Assertions: []world.Assertion{
				{Description: "The " + one + " is closed.", Field: &world.FieldMatch{Table: table, Key: id, Column: "status", Equals: "closed"}},
				{Description: "The closing comment is on it.", Exists: &world.RowMatch{Table: comments, Where: map[string]any{ref: id, "body": map[string]any{"contains": strings.TrimSuffix(note, ".")}}}},
				{Description: "Exactly one comment was added.", Count: &world.CountMatch{Table: comments, Where: map[string]any{ref: id}, Equals: kit.PtrInt(before + 1)}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{id}, Ops: []string{"update"}}, {Table: comments, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
}
