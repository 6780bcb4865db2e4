package planet

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

func init() {
	register(&ServiceDef{Name: "helpdesk", Title: "Helpdesk", Layer: LayerFollowUp, Weight: 2, Build: buildHelpdesk})
}

// Helpers shared by the horizontal services (helpdesk, calendar, hr,
// drive, payments, orders, inventory, procurement).

// hzClock returns the date-time d days after the clock start's day at
// hour:minute local time.
func hzClock(g *Gen, d, hour, minute int) string {
	s := g.Start
	return time.Date(s.Year(), s.Month(), s.Day()+d, hour, minute, 0, 0, s.Location()).Format(time.RFC3339)
}

// hzNouns picks a service's own noun, or an alternative when the
// industry's customer, staff or work noun already uses it (its tools
// would have the same names).
func hzNouns(g *Gen, one, many, altOne, altMany string) (string, string) {
	v := g.Vocab
	for _, n := range []Noun{v.Customer, v.Staff, v.Work} {
		if snake(n.One) == one || snake(n.Many) == many {
			return altOne, altMany
		}
	}
	return one, many
}

// hzWhere returns the rows for which keep is true.
func hzWhere(rows []Row, keep func(Row) bool) []Row {
	var out []Row
	for _, r := range rows {
		if keep(r) {
			out = append(out, r)
		}
	}
	return out
}

// hzPrice draws a price for an item in minor units of the company
// currency, rounded to whole major units unless it is small; never 0.
// A nil r gives the middle of the item's range: its list price.
func hzPrice(g *Gen, r *rand.Rand, it Item) int64 {
	at := 0.5
	if r != nil {
		at = r.Float64()
	}
	p := (it.Min + at*(it.Max-it.Min)) * eurRate(g.Locale.C.Currency)
	minor := minorPerMajor(g.Locale.C.CurrencyDigits)
	if p >= 20 {
		return int64(math.Round(p)) * minor
	}
	// Small prices (per kWh, per page) keep their cents.
	return max(1, int64(math.Round(p*float64(minor))))
}

// hzOfferings returns the industry's offering items, never empty.
func hzOfferings(g *Gen) []Item {
	if len(g.Vocab.Items) > 0 {
		return g.Vocab.Items
	}
	return []Item{{Name: "Standard service", Min: 50, Max: 150}, {Name: "Premium service", Min: 150, Max: 400}}
}

// hzSupplies are goods any business buys and keeps in stock.
var hzSupplies = []Item{
	{Name: "Printer paper A4, box of 5 reams", Min: 20, Max: 35},
	{Name: "Toner cartridge, black", Min: 60, Max: 120},
	{Name: "Cleaning supplies kit", Min: 15, Max: 40},
	{Name: "Disposable gloves, box of 100", Min: 6, Max: 12},
	{Name: "Packing tape, 6 rolls", Min: 8, Max: 15},
	{Name: "First aid kit refill", Min: 20, Max: 45},
}

// hzStockItems are the names inventory keeps and procurement buys: the
// industry's own supplies, spare parts and raw materials (its offerings
// only where it trades goods, seed/data/supplies.json), then general
// supplies. The list does not depend on randomness, so every service that
// uses it sees the same one.
func hzStockItems(g *Gen) []Item {
	var out []Item
	seen := map[string]bool{}
	supplies, resale := seed.SuppliesOf(g.Scenario.Industry)
	var own []Item
	if resale {
		own = slices.Clone(hzOfferings(g))
	}
	for _, s := range supplies {
		own = append(own, Item{Name: s.Name, Min: s.PriceRange[0], Max: s.PriceRange[1]})
	}
	for _, it := range append(own, hzSupplies...) {
		if !seen[it.Name] {
			seen[it.Name] = true
			out = append(out, it)
		}
	}
	return out
}

// hzA puts "a" or "an" before a noun.
func hzA(noun string) string {
	if noun != "" && strings.ContainsRune("aeiou", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}

// hzOffice is the company's general mailbox.
func hzOffice(g *Gen) string { return "office@" + g.Locale.Domain }

func buildHelpdesk(g *Gen, s *Svc) {
	cust := g.Entity("customer")
	one, many := hzNouns(g, "ticket", "tickets", "issue", "issues")
	s.Description = fmt.Sprintf("The support desk of %s: %s raised by %s (questions, complaints, problems), their priority and status, the support agents who handle them, and internal comments.", g.Company.Name, many, cust.Plural)
	const agents, comments = "helpdesk_agents", "helpdesk_comments"
	table := "helpdesk_" + many
	ref, prefix := one+"_id", "TCK-"
	if one != "ticket" {
		prefix = "ISS-"
	}

	s.Table(agents, "Support agents who can own "+many+".", "AGT-", 3,
		PK(), Text("name", "Full name."), Unique(Email("email", "Work email.")),
		Text("team", "Team the agent belongs to."),
		Bool("active", "Takes new "+many+"; inactive agents cannot be assigned.", true))
	priority := Enum("priority", "How urgent it is: low, normal, high or urgent.", "low", "normal", "high", "urgent")
	priority.Default = "normal"
	tcols := []world.Column{
		PK(),
		Text("subject", "Short summary of the request."),
		Text("requester", "Name of the person who asked."),
		RefersTo("requester_email", cust.Table+".email", "Email of the requester; replies go there."),
		Opt(RefersTo("customer_id", cust.Table+".id", "CRM id of the "+cust.Noun+", when known.")),
		priority,
		Enum("status", "new → open → pending (waiting for the requester) → resolved → closed; resolved can be reopened.", "new", "open", "pending", "resolved", "closed"),
		Opt(Ref("assignee_id", agents, "Agent who owns it.")),
		Enum("channel", "How it came in.", "email", "phone", "web"),
		Datetime("created_at", "When it was raised."),
	}
	tcols[3].Type = "email"
	s.Table(table, title(many)+" raised with the support desk.", prefix, 5, tcols...)
	s.Table(comments, "Internal comments on "+many+", oldest first.", "COM-", 5,
		PK(), Ref(ref, table, "The "+one+"."), Text("author", "Who wrote it."), Text("body", "The comment."), Datetime("created_at", "When it was written."))

	// Agents.
	lex := g.Locale.Lex()
	team := lex.Pool("helpdesk_team") // front line, billing, escalations
	teams := []string{team[0], team[0], team[1], team[2], team[0], team[2], team[1]}
	var agentRows []Row
	for i := 1; i <= 4+g.R.IntN(4); i++ {
		name, email := g.Locale.Person("")
		r := Row{"id": fmt.Sprintf("AGT-%03d", i), "name": name, "email": email, "team": teams[i-1], "active": i <= 2 || g.R.IntN(5) != 0}
		agentRows = append(agentRows, r)
		g.tablesAdd(s, agents, r)
	}
	active := hzWhere(agentRows, func(r Row) bool { return r["active"] == true })

	tk := &Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5,
		Roles: map[string]Role{"id": Column("id"), "name": Column("requester"), "email": Column("requester_email"), "subject": Column("subject")}}

	// Subjects: general ones and ones in the industry's words.
	w, st, off := g.Vocab.Work, g.Vocab.Staff, hzOfferings(g)
	subject := func(r *rand.Rand) string {
		// The lexicon's subjects; only English ones name the industry's
		// nouns, which are English.
		return seed.Fill(Pick(r, lex.Sentences("ticket_subject")), "item", Pick(r, off).Name, "work", w.One, "staff", st.One)
	}
	custRow := func(r *rand.Rand) Row { return Pick(r, activeRows(cust)) }
	person := func(c Row) string {
		if p, ok := c["contact_person"].(string); ok && p != "" {
			return p
		}
		return fmt.Sprint(c["name"])
	}
	newTicket := func(id string, r *rand.Rand, status, prio string, day int) Row {
		c := custRow(r)
		row := Row{"id": id, "subject": subject(r), "requester": person(c), "requester_email": c["email"], "customer_id": c["id"],
			"priority": prio, "status": status, "channel": Pick(r, []string{"email", "email", "phone", "web"}),
			"created_at": hzClock(g, day, 8+r.IntN(9), 5*r.IntN(12))}
		if status != "new" {
			row["assignee_id"] = Pick(r, active)["id"]
		}
		return row
	}
	statuses := []string{"new", "open", "open", "pending", "resolved", "resolved", "closed", "closed"}
	prios := []string{"low", "normal", "normal", "normal", "high", "high", "urgent"}
	n := 16 + g.R.IntN(14)
	for i := 1; i <= n; i++ {
		status := Pick(g.R, statuses)
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
		r := newTicket(tk.ID(i), g.R, status, Pick(g.R, prios), day)
		tk.Rows = append(tk.Rows, r)
		g.tablesAdd(s, table, r)
	}
	notes := lex.Sentences("ticket_comment")
	for _, r := range tk.Rows {
		if r["status"] == "new" {
			continue
		}
		at, _ := time.Parse(time.RFC3339, fmt.Sprint(r["created_at"]))
		for k := 0; k < g.R.IntN(3); k++ {
			// Each comment some hours after the last, before the clock.
			at = g.workingHours(at.Add(time.Duration(30+g.R.IntN(20*60)) * time.Minute))
			if !at.Before(g.Start) {
				break
			}
			g.tablesAdd(s, comments, Row{"id": fmt.Sprintf("COM-%05d", len(g.Rows(comments))+1), ref: r["id"],
				"author": hzLookup(agentRows, r["assignee_id"], "name"), "body": Pick(g.R, notes), "created_at": at.Truncate(time.Minute).Format(time.RFC3339)})
		}
	}

	// Tools.
	idEx := tk.ID(1)
	s.Tool(true, Tool(s.Name, "search_"+many, "Search "+many,
		fmt.Sprintf("Find support %s by words in the subject, requester name or email, status, priority or assignee; newest first. Returns id (like %s), subject, requester, requester_email, priority, status, assignee_id and created_at; page with cursor.", many, idEx),
		[]world.ArgSpec{S("query", false, "Part of the subject, requester name or email."), A("status", table+".status", false, ""), A("priority", table+".priority", false, ""),
			S("assignee_id", false, "Agent id, e.g. AGT-001."), S("customer_id", false, "CRM id of the "+cust.Noun+".")},
		Search(table, []string{"-created_at"}, []string{"id", "subject", "requester", "requester_email", "priority", "status", "assignee_id", "created_at"},
			FAny("query", "subject", "requester", "requester_email"), F("status", "eq", "status"), F("priority", "eq", "priority"), F("assignee_id", "eq", "assignee_id"), F("customer_id", "eq", "customer_id"))))
	s.Tool(true, Tool(s.Name, "get_"+one, "Get a "+one,
		fmt.Sprintf("Read one %s by id with all its fields (requester, priority, status, assignee, channel).", one),
		[]world.ArgSpec{S(one+"_id", true, "e.g. "+idEx)},
		Get(table, one+"_id", "", fmt.Sprintf("No %s {%s_id}; search_%s finds ids.", one, one, many))))
	s.Tool(false, Tool(s.Name, "create_"+one, "Open a "+one,
		fmt.Sprintf("Open a new %s for a requester; it starts as new and unassigned, normal priority unless given. Returns the %s with its id.", one, one),
		[]world.ArgSpec{S("subject", true, "Short summary; put any reference number in it."), S("requester", true, "Name of the person asking."),
			{Name: "requester_email", Type: "email", Required: true, Description: "Where replies go."},
			S("customer_id", false, "CRM id of the "+cust.Noun+", if known."), A("priority", table+".priority", false, ""), A("channel", table+".channel", false, "")},
		Insert(table, "", map[string]any{"subject": "$subject", "requester": "$requester", "requester_email": "$requester_email", "customer_id": "$customer_id",
			"priority": "$priority", "channel": "$channel", "created_at": "$now"})))
	s.Tool(true, Tool(s.Name, "update_"+one, "Update a "+one,
		fmt.Sprintf("Change the status and/or priority of a %s. Status moves new → open → pending or resolved; pending → open or resolved; resolved → closed, or back to open. Closed %s stay closed.", one, many),
		[]world.ArgSpec{S(one+"_id", true, ""), A("status", table+".status", false, "The new status."), A("priority", table+".priority", false, "The new priority.")},
		world.Step{Update: table, Key: "$" + one + "_id", Set: map[string]any{"status": "$status", "priority": "$priority"},
			Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{
				"new": {"open"}, "open": {"pending", "resolved"}, "pending": {"open", "resolved"}, "resolved": {"closed", "open"}}},
			Message: fmt.Sprintf("No %s {%s_id}.", one, one)}))
	s.Tool(false, Tool(s.Name, "assign_"+one, "Assign a "+one,
		fmt.Sprintf("Make a support agent the owner of a %s. Only active agents can be assigned (list_support_agents shows them).", one),
		[]world.ArgSpec{S(one+"_id", true, ""), S("agent_id", true, "e.g. AGT-001")},
		Get(agents, "agent_id", "agent", "No agent {agent_id}; list_support_agents shows the team."),
		world.Step{Require: "$agent.active", Equals: true, Message: "{agent.name} is not taking " + many + " at the moment; pick an active agent."},
		world.Step{Update: table, Key: "$" + one + "_id", Set: map[string]any{"assignee_id": "$agent_id"}, Message: fmt.Sprintf("No %s {%s_id}.", one, one)}))
	s.Tool(false, Tool(s.Name, "add_"+one+"_comment", "Comment on a "+one,
		fmt.Sprintf("Add an internal comment to a %s that is not closed. Returns the comment.", one),
		[]world.ArgSpec{S(one+"_id", true, ""), S("body", true, "The comment text.")},
		Get(table, one+"_id", "tk", fmt.Sprintf("No %s {%s_id}.", one, one)),
		world.Step{Require: "$tk.status", NotIn: vals("closed"), Message: fmt.Sprintf("%s {%s_id} is closed; comments go on open %s.", title(one), one, many)},
		Insert(comments, "", map[string]any{ref: "$tk.id", "author": "Support desk", "body": "$body", "created_at": "$now"})))
	s.Tool(false, Tool(s.Name, "list_support_agents", "List support agents",
		"The support agents with their id, team, email and whether they take new "+many+".", nil,
		Search(agents, []string{"name"}, nil)))

	// Events: escalated to urgent; resolved.
	setup := func(status, prio string) func(tc *TaskCtx) Row {
		return func(tc *TaskCtx) Row {
			r := newTicket(tk.ID(tc.NextID(table)), tc.R, status, prio, -1)
			r["assignee_id"] = active[0]["id"]
			return r
		}
	}
	touch := func(r Row) []world.Change {
		return []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}}
	}
	s.Events = append(s.Events, &Event{
		Entity: tk, Name: "escalated", Kind: "escalated",
		When:    fmt.Sprintf("a support %s is escalated to urgent priority", one),
		Where:   map[string]any{"priority": "urgent"},
		InState: func(r Row) bool { return r["priority"] == "urgent" },
		Setup:   setup("open", "high"),
		Do: func(r Row) []world.Call {
			return []world.Call{{Tool: "update_" + one, Args: map[string]any{one + "_id": r["id"], "priority": "urgent"}}}
		},
		Ask: []string{
			fmt.Sprintf("%s {id} from {name} (\"{subject}\") is now blocking them completely. Escalate it to urgent.", title(one)),
			fmt.Sprintf("{name} has chased us again about %s {id}. Raise it to urgent priority.", one),
			fmt.Sprintf("Please make %s {id} (\"{subject}\") urgent: {name} cannot wait any longer.", one),
		},
		Check: func(r Row) []world.Assertion {
			return []world.Assertion{{Description: "The " + one + " is urgent.", Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "priority", Equals: "urgent"}}}
		},
		Touches: touch,
	})
	s.Events = append(s.Events, &Event{
		Entity: tk, Name: "resolved", Kind: "done",
		When:    fmt.Sprintf("a support %s is marked resolved", one),
		Where:   map[string]any{"status": map[string]any{"in": vals("resolved", "closed")}},
		InState: func(r Row) bool { return r["status"] == "resolved" || r["status"] == "closed" },
		Setup:   setup("open", "normal"),
		Do: func(r Row) []world.Call {
			return []world.Call{{Tool: "update_" + one, Args: map[string]any{one + "_id": r["id"], "status": "resolved"}}}
		},
		Ask: []string{
			fmt.Sprintf("The problem in %s {id} (\"{subject}\") is fixed. Mark it resolved.", one),
			fmt.Sprintf("{name} confirmed on the phone that %s {id} is sorted. Please resolve it.", one),
			fmt.Sprintf("We are done with {name}'s %s {id}; set it to resolved.", one),
		},
		Check: func(r Row) []world.Assertion {
			return []world.Assertion{{Description: "The " + one + " is resolved.", Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "status", Equals: "resolved"}}}
		},
		Touches: touch,
	})

	// Action: open a ticket about something that happened upstream. A
	// support ticket is a customer's: it follows records that have one
	// (not an employee leaving or a meeting called off).
	hasRef := func(up *Entity, r Row) (Row, bool) {
		id, email := fmt.Sprint(r[up.Key]), up.Str("email", r)
		for _, x := range g.Rows(table) {
			if strings.Contains(fmt.Sprint(x["subject"]), id) && x["requester_email"] == email {
				return x, true
			}
		}
		return nil, false
	}
	subjectFor := func(up *Entity, r Row) string { return fmt.Sprintf("%s %s: follow-up", title(up.Noun), r[up.Key]) }
	s.Actions = append(s.Actions, &Action{
		Service: s.Name, Name: "ticketed", Needs: []string{"id", "email", "name", "customer_id"}, On: []string{"cancelled", "closed", "escalated"},
		Then: fmt.Sprintf("a support %s must be opened in the Helpdesk with the {noun} id in its subject and the %s's email on file as requester email", one, cust.Noun),
		Rule: func(up *Entity) *world.RuleThen {
			return KeysOf(up).Mentions("id", "subject").Eq("requester_email", "email").In(table, "", nil)
		},
		Do: func(tc *TaskCtx, up *Entity, r Row) []world.Call {
			tc.NextID(table)
			args := map[string]any{"subject": subjectFor(up, r), "requester": up.Str("name", r), "requester_email": up.Val("email", r)}
			if up.Has("customer_id") {
				args["customer_id"] = up.Val("customer_id", r)
			}
			return []world.Call{{Tool: "create_" + one, Args: args}}
		},
		Check: func(tc *TaskCtx, up *Entity, r Row) []world.Assertion {
			about := map[string]any{"subject": map[string]any{"contains": r[up.Key]}}
			return []world.Assertion{
				{Description: fmt.Sprintf("A %s names the %s in its subject.", one, up.Noun), Exists: &world.RowMatch{Table: table, Where: about}},
				{Description: "It was opened for the email on file.", Exists: &world.RowMatch{Table: table,
					Where: map[string]any{"subject": map[string]any{"contains": r[up.Key]}, "requester_email": up.Val("email", r)}}},
				{Description: fmt.Sprintf("Only one %s was opened about it.", one), Count: &world.CountMatch{Table: table, Where: about, Equals: ptrInt(1)}},
			}
		},
		Touches: []world.Change{{Table: table, Ops: []string{"insert"}}},
		Creates: table,
		Makes: func(tc *TaskCtx, up *Entity, r Row) *Made {
			id, email := r[up.Key], up.Val("email", r)
			row := Row{"id": tk.ID(tc.PeekID(table)), "subject": subjectFor(up, r), "requester": up.Str("name", r), "requester_email": email,
				"priority": "normal", "status": "new", "channel": "email"}
			return &Made{Entity: tk, Row: row, Say: fmt.Sprintf("the %s about %s %s", one, up.Noun, id),
				Select: func(a string) string {
					return fmt.Sprintf("instr(%s.subject, %s) > 0 AND %s.requester_email = %s", a, sqlQuote(id), a, sqlQuote(email))
				}}
		},
		Seed: func(g *Gen, up *Entity, r Row) {
			if _, ok := hasRef(up, r); ok {
				return
			}
			status := Pick(g.R, []string{"open", "pending"})
			row := Row{"id": tk.ID(len(g.Rows(table)) + 1), "subject": subjectFor(up, r), "requester": up.Str("name", r), "requester_email": up.Val("email", r),
				"priority": "normal", "status": status, "assignee_id": Pick(g.R, active)["id"], "channel": "email", "created_at": hzClock(g, -1-g.R.IntN(10), 11, 0)}
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
	s.Events = append(s.Events, &Event{
		Entity: tk, Name: "opened", Kind: "created", When: fmt.Sprintf("a support %s is opened", one), Where: map[string]any{"status": map[string]any{"ne": "closed"}},
		InState: func(r Row) bool { return r["status"] != "closed" },
	})

	// Action: close the loop. Once the work a ticket is about is done, the
	// ticket is resolved.
	openStates := []string{"new", "open", "pending"}
	s.Actions = append(s.Actions, &Action{
		Service: s.Name, Name: "ticket resolved", Needs: []string{"id", "email", "name", "customer_id"}, On: []string{"done"},
		Then: fmt.Sprintf("every open support %s that names the {noun} id in its subject must be resolved in the Helpdesk", one),
		Rule: func(up *Entity) *world.RuleThen {
			return KeysOf(up).Mentions("id", "subject").In(table, world.RequireNone, map[string]any{"status": map[string]any{"in": vals(openStates...)}})
		},
		Prepare: func(tc *TaskCtx, up *Entity, r Row) []world.SeedOp {
			id := tk.ID(tc.NextID(table))
			row := Row{"id": id, "subject": fmt.Sprintf("%s %s: when will it be done?", title(up.Noun), r[up.Key]), "requester": up.Str("name", r),
				"requester_email": up.Val("email", r), "priority": "normal", "status": "open", "assignee_id": active[0]["id"], "channel": "phone",
				"created_at": hzClock(g, -2, 10, 15)}
			if up.Has("customer_id") {
				row["customer_id"] = up.Val("customer_id", r)
			}
			tc.Note("resolve:"+fmt.Sprint(r[up.Key]), row)
			return []world.SeedOp{{Insert: table, Values: row}}
		},
		Makes: func(tc *TaskCtx, up *Entity, r Row) *Made {
			before, row := tc.Prepared("resolve:"+fmt.Sprint(r[up.Key]), "resolved")
			return &Made{Entity: tk, Row: row, Before: before, Say: fmt.Sprintf("the %s about %s %s", one, up.Noun, r[up.Key]),
				Select: func(a string) string {
					return fmt.Sprintf("instr(%s.subject, %s) > 0 AND %s.requester_email = %s", a, sqlQuote(r[up.Key]), a, sqlQuote(row["requester_email"]))
				}}
		},
		Do: func(tc *TaskCtx, up *Entity, r Row) []world.Call {
			return []world.Call{{Tool: "update_" + one, Args: map[string]any{one + "_id": tc.Noted("resolve:" + fmt.Sprint(r[up.Key])).(Row)["id"], "status": "resolved"}}}
		},
		Check: func(tc *TaskCtx, up *Entity, r Row) []world.Assertion {
			ref := r[up.Key]
			return []world.Assertion{
				{Description: fmt.Sprintf("No %s about it is left open.", one), Absent: &world.RowMatch{Table: table, Where: map[string]any{"subject": map[string]any{"contains": ref}, "status": map[string]any{"in": vals(openStates...)}}}},
				{Description: fmt.Sprintf("The %s about it is resolved.", one), Exists: &world.RowMatch{Table: table, Where: map[string]any{"subject": map[string]any{"contains": ref}, "requester_email": up.Val("email", r), "status": map[string]any{"in": vals("resolved", "closed")}}}},
			}
		},
		Touches: []world.Change{{Table: table, Ops: []string{"update"}}},
	})

	// Chore: triage a new ticket.
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "support lead", Make: func(tc *TaskCtx) (Task, bool) {
		id := tk.ID(tc.NextID(table))
		row := newTicket(id, tc.R, "new", "normal", -1)
		row["created_at"] = hzClock(g, -1, 18, 40)
		prio := Pick(tc.R, []string{"low", "high"})
		agent := Pick(tc.R, active)
		why := map[string]string{"low": "it is a general question that can wait", "high": "the requester is stuck until we answer"}[prio]
		return Task{
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
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "support lead", Make: func(tc *TaskCtx) (Task, bool) {
		resolved := hzWhere(tk.Rows, func(r Row) bool { return r["status"] == "resolved" })
		if len(resolved) == 0 {
			return Task{}, false
		}
		r := Pick(tc.R, resolved)
		id := r["id"]
		note := Pick(tc.R, []string{"Requester confirmed the fix by phone.", "Customer confirmed by email that all is well.", "No further questions from the requester; closing."})
		tc.NextID(comments)
		before := countWhere(g.Rows(comments), ref, id)
		return Task{
			Title:       "close resolved " + one,
			Instruction: fmt.Sprintf("%s %s (\"%s\") was resolved and %s has not come back. Close it, with the comment \"%s\" on it.", title(one), id, r["subject"], r["requester"], note),
			Calls: []world.Call{
				{Tool: "add_" + one + "_comment", Args: map[string]any{one + "_id": id, "body": note}},
				{Tool: "update_" + one, Args: map[string]any{one + "_id": id, "status": "closed"}},
			},
			Assertions: []world.Assertion{
				{Description: "The " + one + " is closed.", Field: &world.FieldMatch{Table: table, Key: id, Column: "status", Equals: "closed"}},
				{Description: "The closing comment is on it.", Exists: &world.RowMatch{Table: comments, Where: map[string]any{ref: id, "body": map[string]any{"contains": strings.TrimSuffix(note, ".")}}}},
				{Description: "Exactly one comment was added.", Count: &world.CountMatch{Table: comments, Where: map[string]any{ref: id}, Equals: ptrInt(before + 1)}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{id}, Ops: []string{"update"}}, {Table: comments, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// hzLookup returns a column of the row with the given id.
func hzLookup(rows []Row, id any, col string) any {
	for _, r := range rows {
		if r["id"] == id {
			return r[col]
		}
	}
	return nil
}
