package archetypes

import (
	"fmt"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

func init() {
	engine.Register(&engine.ServiceDef{Name: "calendar", Title: "Calendar", Layer: engine.LayerFollowUp, Weight: 1.5, Folder: "meetings", Personas: []string{"coordinator"}, Build: buildCalendar})
}

func buildCalendar(g *engine.Gen, s *engine.Svc) {
	cust := g.Entity("customer")
	one, many := kit.OwnNouns(g, "event", "events", "meeting", "meetings")
	table := "calendar_" + many
	s.Description = fmt.Sprintf("The shared calendar of %s: meetings, consultations and follow-ups with %s and within the team, with time, place, attendees and whether they go ahead.", g.Company.Name, cust.Plural)
	s.Table(table, "Calendar "+many+".", "EVT-", 5,
		kit.PK(),
		kit.Text("title", "What it is about; references (ids) go here."),
		kit.Datetime("starts_at", "Start, local time with UTC offset."),
		kit.Datetime("ends_at", "End, local time with UTC offset."),
		kit.Opt(kit.Text("location", "Room, address or video link.")),
		kit.Text("attendees", "Who takes part, comma-separated."),
		kit.Email("contact_email", "Main attendee to keep informed of changes."),
		kit.Enum("status", "confirmed, or cancelled (final).", "confirmed", "cancelled"),
		kit.Enum("kind", "meeting, or follow_up: booked to follow up a record named in the title.", "meeting", "follow_up"),
	)
	ev := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: "EVT-", Width: 5,
		Roles: map[string]engine.Role{"id": engine.Column("id"), "name": engine.Column("title"), "email": engine.Column("contact_email"),
			"date": {SQL: func(a string) string { return "substr(" + a + ".starts_at, 1, 10)" }, Value: func(r engine.Row) any { return fmt.Sprint(r["starts_at"])[:10] }}}}

	// Who works here: the staff of the line of work when it exists, else
	// people at the company's domain.
	var staff []engine.Row
	if st := g.Entity("staff"); st != nil {
		staff = st.Rows
	}
	if emp := g.Entity("employee"); emp != nil {
		staff = append(staff, emp.Rows...)
	}
	if len(staff) == 0 {
		for i := 0; i < 5; i++ {
			name, email := g.Locale.Person("")
			staff = append(staff, engine.Row{"name": name, "email": email})
		}
	}
	// Rooms and titles in the world's language.
	lex := g.Locale.Lex()
	rooms := lex.Pool("meeting_room")
	custTitles := lex.Sentences("meeting_customer")
	custTitle := func(tmpl string, c engine.Row) string { return seed.Fill(tmpl, "name", fmt.Sprint(c["name"])) }
	// guest is how a customer appears among attendees: its contact person
	// for organisations.
	guest := func(c engine.Row) string {
		if p, ok := c["contact_person"].(string); ok && p != "" {
			return fmt.Sprintf("%s (%s)", p, c["name"])
		}
		return fmt.Sprint(c["name"])
	}
	add := func(r engine.Row) {
		ev.Rows = append(ev.Rows, r)
		tablesAdd(g, s, table, r)
	}
	n := g.Volume("calendar_events")
	for i := 1; i <= n; i++ {
		d := g.R.IntN(36) - 14
		h := 9 + g.R.IntN(8)
		r := engine.Row{"id": ev.ID(i), "starts_at": kit.Clock(g, d, h, 0), "ends_at": kit.Clock(g, d, h, 45), "location": engine.Pick(g.R, rooms), "status": "confirmed", "kind": "meeting"}
		if g.R.IntN(3) == 0 {
			k := g.R.IntN(len(staff))
			a, b := staff[k], staff[(k+1+g.R.IntN(max(len(staff)-1, 1)))%len(staff)]
			r["title"] = seed.Fill(engine.Pick(g.R, lex.Sentences("meeting_internal")), "item", engine.Pick(g.R, kit.Offerings(g)).Name)
			r["attendees"] = fmt.Sprintf("%s, %s", a["name"], b["name"])
			r["contact_email"] = a["email"]
		} else {
			c := engine.Pick(g.R, kit.ActiveRows(cust))
			r["title"] = custTitle(engine.Pick(g.R, custTitles), c)
			r["attendees"] = fmt.Sprintf("%s, %s", guest(c), engine.Pick(g.R, staff)["name"])
			r["contact_email"] = c["email"]
			if g.R.IntN(6) == 0 {
				r["status"] = "cancelled"
			}
		}
		add(r)
	}

	// Tools.
	s.Tool(true, kit.Tool(s.Name, "list_"+many, "List "+many,
		fmt.Sprintf("Calendar %s in a date range, earliest first: from (on or after that day) and before (strictly before that day), optionally by status or by words in the title, attendees or location. Returns id (like %s), title, start, end, location, attendees, contact_email and status.", many, ev.ID(1)),
		[]world.ArgSpec{{Name: "from", Type: "string", Pattern: `^\d{4}-\d{2}-\d{2}`, Description: "First day to include (YYYY-MM-DD)."}, {Name: "before", Type: "string", Pattern: `^\d{4}-\d{2}-\d{2}`, Description: "Day after the last day to include (YYYY-MM-DD)."},
			kit.A("status", table+".status", false, ""), kit.S("query", false, "Part of the title, attendees or location.")},
		kit.Search(table, []string{"starts_at"}, []string{"id", "title", "starts_at", "ends_at", "location", "attendees", "contact_email", "status"},
			kit.F("starts_at", "gte", "from"), kit.F("starts_at", "lt", "before"), kit.F("status", "eq", "status"), kit.FAny("query", "title", "attendees", "location"))))
	s.Tool(false, kit.Tool(s.Name, "get_"+one, "Get "+kit.WithArticle(one), fmt.Sprintf("Read one calendar %s by id.", one),
		[]world.ArgSpec{kit.S(one+"_id", true, "e.g. "+ev.ID(1))},
		kit.Get(table, one+"_id", "", fmt.Sprintf("No %s {%s_id}; list_%s finds ids.", one, one, many))))
	s.Tool(true, kit.Tool(s.Name, "create_"+one, "Schedule "+kit.WithArticle(one),
		fmt.Sprintf("Put a new confirmed %s on the calendar. Times are RFC 3339 with the local UTC offset, e.g. %s. Returns the %s with its id.", one, kit.Clock(g, 1, 10, 0), one),
		[]world.ArgSpec{kit.S("title", true, "What it is about; include any reference id."), {Name: "starts_at", Type: "datetime", Required: true}, {Name: "ends_at", Type: "datetime", Required: true},
			kit.S("attendees", true, "Names, comma-separated."), {Name: "contact_email", Type: "email", Required: true, Description: "Main attendee to keep informed."}, kit.S("location", false, ""),
			kit.A("kind", table+".kind", false, "follow_up when it follows up a record (name its id in the title); meeting otherwise (the default).")},
		kit.Insert(table, "", map[string]any{"title": "$title", "starts_at": "$starts_at", "ends_at": "$ends_at", "attendees": "$attendees", "contact_email": "$contact_email", "location": "$location", "status": "confirmed", "kind": "$kind"})))
	s.Tool(false, kit.Tool(s.Name, "cancel_"+one, "Cancel "+kit.WithArticle(one),
		fmt.Sprintf("Cancel a confirmed %s. Cancelled %s cannot be restored; schedule a new one instead.", one, many),
		[]world.ArgSpec{kit.S(one+"_id", true, "")},
		kit.Get(table, one+"_id", "e", fmt.Sprintf("No %s {%s_id}.", one, one)),
		world.Step{Require: "$e.status", Equals: "confirmed", Message: fmt.Sprintf("%s {%s_id} is already {e.status}.", engine.Title(one), one)},
		kit.Update(table, one+"_id", "", map[string]any{"status": "cancelled"})))
	s.Tool(false, kit.Tool(s.Name, "reschedule_"+one, "Reschedule "+kit.WithArticle(one),
		fmt.Sprintf("Move a confirmed %s to a new start and end time (RFC 3339 with offset).", one),
		[]world.ArgSpec{kit.S(one+"_id", true, ""), {Name: "starts_at", Type: "datetime", Required: true}, {Name: "ends_at", Type: "datetime", Required: true}},
		kit.Get(table, one+"_id", "e", fmt.Sprintf("No %s {%s_id}.", one, one)),
		world.Step{Require: "$e.status", Equals: "confirmed", Message: fmt.Sprintf("%s {%s_id} is {e.status}; only confirmed %s can move.", engine.Title(one), one, many)},
		kit.Update(table, one+"_id", "", map[string]any{"starts_at": "$starts_at", "ends_at": "$ends_at"})))

	// Event: a meeting is cancelled.
	s.Events = append(s.Events, &engine.Event{
		Entity: ev, Name: "cancelled", Kind: "cancelled",
		When:    fmt.Sprintf("a calendar %s is cancelled", one),
		Where:   map[string]any{"status": "cancelled"},
		InState: func(r engine.Row) bool { return r["status"] == "cancelled" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			c := engine.Pick(tc.R, kit.ActiveRows(cust))
			d, h := 2+tc.R.IntN(8), 9+tc.R.IntN(8)
			return engine.Row{"id": ev.ID(tc.NextID(table)), "title": custTitle(custTitles[0], c), "starts_at": kit.Clock(g, d, h, 0), "ends_at": kit.Clock(g, d, h, 45),
				"location": engine.Pick(tc.R, rooms), "attendees": fmt.Sprintf("%s, %s", guest(c), engine.Pick(tc.R, staff)["name"]), "contact_email": c["email"], "status": "confirmed", "kind": "meeting"}
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "cancel_" + one, Args: map[string]any{one + "_id": r["id"]}}}
		},
		Ask: []string{
			"\"{name}\" on {date} ({id}) will not take place. Cancel it in the calendar.",
			fmt.Sprintf("Please cancel %s {id}, \"{name}\" on {date}; it is off.", one),
			"We have to call off \"{name}\" ({id}, {date}). Take it off the calendar.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{{Description: "The " + one + " is cancelled.", Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "status", Equals: "cancelled"}}}
		},
		Touches: func(r engine.Row) []world.Change {
			return []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}}
		},
	})

	// Action: schedule a follow-up that names the upstream record.
	followUp := func(up *engine.Entity, r engine.Row) string {
		return lex.Say("follow_up_title", "id", fmt.Sprint(r[up.Key]))
	}
	contact := func(up *engine.Entity, r engine.Row) any {
		if up.Has("email") {
			if e, ok := up.Val("email", r).(string); ok && e != "" {
				return e
			}
		}
		return kit.OfficeMailbox(g)
	}
	who := func(up *engine.Entity, r engine.Row) string {
		if up.Has("name") {
			return up.Str("name", r) + ", " + fmt.Sprint(staff[0]["name"])
		}
		return fmt.Sprint(staff[0]["name"])
	}
	s.Actions = append(s.Actions, &engine.Action{
		// A follow-up meeting follows work done for a customer (a visit, a
		// consultation) or a ticket escalated: never goods handed over or
		// the company's own records (a batch, a shift).
		Service: s.Name, Name: "scheduled", Needs: []string{"id"}, On: []string{"done", "escalated", "approved"}, ToCustomer: true, AfterService: true,
		Then: fmt.Sprintf("a confirmed follow_up %s with the {noun} id in its title must be scheduled in the Calendar", one),
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Mentions("id", "title").In(table, "", map[string]any{"status": "confirmed", "kind": "follow_up"})
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			tc.NextID(table)
			d := tc.Noted("followup:" + fmt.Sprint(r[up.Key])).(int)
			return []world.Call{{Tool: "create_" + one, Args: map[string]any{"title": followUp(up, r), "starts_at": kit.Clock(g, d, 10, 0), "ends_at": kit.Clock(g, d, 10, 30),
				"attendees": who(up, r), "contact_email": contact(up, r), "location": lex.Say("follow_up_location"), "kind": "follow_up"}}}
		},
		Creates: table,
		Makes: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) *engine.Made {
			d := 1 + tc.R.IntN(5)
			tc.Note("followup:"+fmt.Sprint(r[up.Key]), d)
			ttl := followUp(up, r)
			row := engine.Row{"id": ev.ID(tc.PeekID(table)), "title": ttl, "starts_at": kit.Clock(g, d, 10, 0), "ends_at": kit.Clock(g, d, 10, 30),
				"attendees": who(up, r), "contact_email": contact(up, r), "location": lex.Say("follow_up_location"), "status": "confirmed", "kind": "follow_up"}
			return &engine.Made{Entity: ev, Row: row, Say: fmt.Sprintf("the follow-up %s for %s %s", one, up.Noun, r[up.Key]),
				Select: func(a string) string {
					return fmt.Sprintf("instr(%s.title, %s) > 0 AND %s.status = 'confirmed' AND %s.kind = 'follow_up'", a, engine.SQLQuote(r[up.Key]), a, a)
				}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			about := map[string]any{"title": map[string]any{"contains": r[up.Key]}}
			return []world.Assertion{
				{Description: fmt.Sprintf("A confirmed follow-up %s names the %s.", one, up.Noun), Exists: &world.RowMatch{Table: table,
					Where: map[string]any{"title": map[string]any{"contains": r[up.Key]}, "status": "confirmed", "kind": "follow_up"}}},
				{Description: "It was booked once, not twice.", Count: &world.CountMatch{Table: table, Where: about, Equals: kit.PtrInt(1)}},
			}
		},
		Touches: []world.Change{{Table: table, Ops: []string{"insert"}}},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			id := fmt.Sprint(r[up.Key])
			for _, x := range g.Rows(table) {
				if strings.Contains(fmt.Sprint(x["title"]), id) && x["status"] == "confirmed" && x["kind"] == "follow_up" {
					return
				}
			}
			d := -1 - g.R.IntN(10)
			row := engine.Row{"id": ev.ID(len(g.Rows(table)) + 1), "title": followUp(up, r), "starts_at": kit.Clock(g, d, 15, 0), "ends_at": kit.Clock(g, d, 15, 30),
				"location": lex.Say("follow_up_location"), "attendees": who(up, r), "contact_email": contact(up, r), "status": "confirmed", "kind": "follow_up"}
			g.AddRow(table, row)
			ev.Rows = append(ev.Rows, row)
		},
	})

	// Event: a meeting is booked. No task asks for it on its own; it
	// follows from policies that schedule follow-ups, and what the policies
	// ask of a booking (tell the contact) chains on from there.
	s.Events = append(s.Events, &engine.Event{
		Entity: ev, Name: "follow-up booked", Kind: "created", When: fmt.Sprintf("a follow-up %s (kind follow_up) is booked in the calendar", one),
		Where: map[string]any{"status": "confirmed", "kind": "follow_up"},
		InState: func(r engine.Row) bool {
			return r["status"] == "confirmed" && r["kind"] == "follow_up"
		},
	})

	// Action: release what was booked for something called off.
	s.Actions = append(s.Actions, &engine.Action{
		Service: s.Name, Name: "booking released", Needs: []string{"id"}, On: []string{"cancelled", "closed"},
		Then: fmt.Sprintf("every confirmed calendar %s with the {noun} id in its title must be cancelled", one),
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Mentions("id", "title").In(table, world.RequireNone, map[string]any{"status": "confirmed"})
		},
		Prepare: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.SeedOp {
			id := ev.ID(tc.NextID(table))
			d, h := 2+tc.R.IntN(6), 9+tc.R.IntN(7)
			row := engine.Row{"id": id, "title": lex.Say("notify_subject", "id", fmt.Sprint(r[up.Key])), "starts_at": kit.Clock(g, d, h, 0), "ends_at": kit.Clock(g, d, h, 45),
				"location": engine.Pick(tc.R, rooms), "attendees": who(up, r), "contact_email": contact(up, r), "status": "confirmed", "kind": "meeting"}
			tc.Note("release:"+fmt.Sprint(r[up.Key]), row)
			return []world.SeedOp{{Insert: table, Values: row}}
		},
		Makes: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) *engine.Made {
			before, row := tc.Prepared("release:"+fmt.Sprint(r[up.Key]), "cancelled")
			return &engine.Made{Entity: ev, Row: row, Before: before, Say: fmt.Sprintf("the %s booked for %s %s", one, up.Noun, r[up.Key]),
				Select: func(a string) string { return fmt.Sprintf("instr(%s.title, %s) > 0", a, engine.SQLQuote(r[up.Key])) }}
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			return []world.Call{{Tool: "cancel_" + one, Args: map[string]any{one + "_id": tc.Noted("release:" + fmt.Sprint(r[up.Key])).(engine.Row)["id"]}}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			ref := r[up.Key]
			return []world.Assertion{
				{Description: fmt.Sprintf("No confirmed %s for it is left in the calendar.", one), Absent: &world.RowMatch{Table: table, Where: map[string]any{"title": map[string]any{"contains": ref}, "status": "confirmed"}}},
				{Description: fmt.Sprintf("Its %s was cancelled, not deleted.", one), Exists: &world.RowMatch{Table: table, Where: map[string]any{"title": map[string]any{"contains": ref}, "status": "cancelled"}}},
			}
		},
		Touches: []world.Change{{Table: table, Ops: []string{"update"}}},
	})

	// Chore: schedule a meeting.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		c := engine.Pick(tc.R, kit.ActiveRows(cust))
		d, h := 3+tc.R.IntN(10), 9+tc.R.IntN(7)
		// The title in the world's language; the task's own title in English.
		titles := g.Locale.Lex().Sentences("meeting_scheduled")
		i := tc.R.IntN(len(titles))
		ttl := seed.Fill(titles[i], "name", fmt.Sprint(c["name"]))
		en := seed.LexiconFor("en").Sentences("meeting_scheduled")
		topic, _, _ := strings.Cut(en[i%len(en)], " with ")
		room := engine.Pick(tc.R, rooms)
		host := engine.Pick(tc.R, staff)
		start, end := kit.Clock(g, d, h, 30), kit.Clock(g, d, h+1, 30)
		tc.NextID(table) // the new row: checked by its details, not its id
		return engine.Task{
			Title: "schedule " + strings.ToLower(topic),
			Instruction: fmt.Sprintf("Please put \"%s\" in the calendar on %s from %02d:30 to %02d:30 in %s. %s and %s attend; keep %s informed of changes.",
				ttl, start[:10], h, h+1, room, guest(c), host["name"], c["email"]),
			Calls: []world.Call{{Tool: "create_" + one, Args: map[string]any{"title": ttl, "starts_at": start, "ends_at": end,
				"attendees": fmt.Sprintf("%s, %s", guest(c), host["name"]), "contact_email": c["email"], "location": room}}},
			Assertions: []world.Assertion{
				{Description: "The meeting is on the calendar at the right time.", Exists: &world.RowMatch{Table: table, Where: map[string]any{"title": map[string]any{"contains": ttl},
					"starts_at": map[string]any{"contains": start[:16]}, "ends_at": map[string]any{"contains": end[:16]}, "status": "confirmed"}}},
				{Description: "The contact is the " + cust.Noun + ".", Exists: &world.RowMatch{Table: table, Where: map[string]any{"title": map[string]any{"contains": ttl}, "contact_email": c["email"]}}},
				{Description: "It was scheduled once.", Count: &world.CountMatch{Table: table, Where: map[string]any{"title": map[string]any{"contains": ttl}}, Equals: kit.PtrInt(1)}},
			},
			MayChange: []world.Change{{Table: table, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
	// Chore: move a meeting by a day.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		future := kit.Where(ev.Rows, func(r engine.Row) bool {
			return r["status"] == "confirmed" && fmt.Sprint(r["starts_at"]) > kit.Clock(g, 1, 0, 0)
		})
		if len(future) == 0 {
			return engine.Task{}, false
		}
		r := engine.Pick(tc.R, future)
		old := fmt.Sprint(r["starts_at"])
		d := 1
		for ; d < 60; d++ {
			if kit.Clock(g, d, 0, 0)[:10] == old[:10] {
				break
			}
		}
		d++ // the day after the old one
		h := 9 + tc.R.IntN(7)
		start, end := kit.Clock(g, d, h, 0), kit.Clock(g, d, h, 45)
		return engine.Task{
			Title:       "reschedule " + one,
			Instruction: fmt.Sprintf("\"%s\" (%s) has to move to %s, %02d:00 to %02d:45. Please reschedule it.", r["title"], r["id"], start[:10], h, h),
			Calls:       []world.Call{{Tool: "reschedule_" + one, Args: map[string]any{one + "_id": r["id"], "starts_at": start, "ends_at": end}}},
			Assertions: []world.Assertion{
				{Description: "It starts at the new time.", Exists: &world.RowMatch{Table: table, Where: map[string]any{"id": r["id"], "starts_at": map[string]any{"contains": start[:16]}, "ends_at": map[string]any{"contains": end[:16]}}}},
				{Description: "It is still confirmed.", Role: world.RoleConstraint, Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "status", Equals: "confirmed"}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}
