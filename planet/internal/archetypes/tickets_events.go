package archetypes

import (
	"fmt"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

func init() { kit.Register("tickets_events", "Tickets & Events", buildTicketsEvents) }

func buildTicketsEvents(k *kit.Builder) {
	g, s := k.Gen, k.Svc
	s.Description = fmt.Sprintf("The events %s runs and the tickets sold for them: reservations, payments, complimentary tickets and check-ins at the door. Prices are in %s minor units.",
		g.Company.Name, g.Company.Currency)
	const et, tt = "tickets_events_events", "tickets_events_tickets"
	s.Table(et, "Ticketed events.", "EVN-", 3,
		kit.PK(),
		kit.Text("title", "Name of the event."),
		kit.Text("venue", "Where it takes place."),
		kit.Datetime("starts_at", "Start (local time)."),
		kit.Int("capacity", "Seats or places."),
		kit.Money("price", "Ticket price"),
		kit.Enum("status", "on_sale → sold_out or completed; cancelled.", "on_sale", "sold_out", "completed", "cancelled"),
	)
	s.Table(tt, "Tickets.", "TKT-", 5,
		kit.PK(),
		kit.Ref("event_id", et, "The event."),
		kit.RefersTo("customer_id", k.Cust.Table+".id", "The buyer (CRM id)."),
		kit.Email("holder_email", "Where the ticket is sent."),
		kit.Int("quantity", "Places on the ticket."),
		kit.Money("amount", "Total paid"),
		kit.Enum("kind", "paid or complimentary (free).", "paid", "complimentary"),
		kit.Enum("status", "reserved → confirmed (paid) → checked_in; reserved or confirmed can be cancelled.", "reserved", "confirmed", "checked_in", "cancelled"),
		kit.Opt(kit.RefersTo("source_ref", k.Work.Table+".id", "Id of the "+k.W+" a complimentary ticket was given for.")),
		kit.Datetime("created_at", "When it was issued."),
	)
	titles := []string{"Spring gala", "Summer evening concert", "Open day", "Autumn wine tasting", "Jazz brunch", "Family day", "Winter market", "Members' night",
		"Guided city tour", "Networking breakfast", "Charity dinner", "Film night"}
	if ts := engine.Flavoured(g, func(f catalog.Flavour) []string { return f.EventTitles }); ts != nil {
		titles = ts // a travel agency's travel evenings
	}
	halls := []string{"Town Hall", "Congress Centre", "Theatre", "Old Brewery", "Harbour Hall", "Garden Pavilion"}
	at := func(d int, hour float64) string { return kit.LocalTime(g, d, hour) }
	event := k.Entity(et, "event", "events", map[string]engine.Role{"id": engine.Column("id"), "name": engine.Column("title")})
	ticket := k.Entity(tt, "ticket", "tickets", k.CustRoles("customer_id"))
	ticket.Roles["email"] = engine.Column("holder_email")
	ticket.Roles["amount"] = engine.Column("amount")
	ticket.Roles["event"] = kit.TextRole("event_id", func(r engine.Row) any { return kit.Find(g.Rows(et), r["event_id"])["title"] })

	// Seed: past and coming events, and their tickets.
	used := map[string]bool{}
	ne := 6 + g.R.IntN(4)
	for i := 0; i < ne; i++ {
		d := -50 + i*100/ne + g.R.IntN(5)
		title := engine.Pick(g.R, titles)
		for j := 0; used[title] && j < len(titles); j++ {
			title = titles[(i+j)%len(titles)]
		}
		if used[title] {
			title = fmt.Sprintf("%s (%s)", title, g.Locale.City())
		}
		used[title] = true
		status := "on_sale"
		switch {
		case d < 0:
			status = "completed"
		case i == ne-2:
			status = "sold_out"
		}
		if d < 0 && g.R.IntN(7) == 0 {
			status = "cancelled"
		}
		k.Add(event, et, engine.Row{"id": k.NextID(et), "title": title, "venue": g.Locale.City() + " " + engine.Pick(g.R, halls), "starts_at": at(d, float64(18+g.R.IntN(3))),
			"capacity": int64(80 + 20*g.R.IntN(20)), "price": k.Money(g.R, 15, 90), "status": status})
	}
	onSale := kit.RowsWhere(event.Rows, "status", "on_sale")
	if len(onSale) < 2 {
		for len(onSale) < 2 {
			onSale = append(onSale, k.Add(event, et, engine.Row{"id": k.NextID(et), "title": engine.Pick(g.R, titles) + " (extra date)", "venue": g.Locale.City() + " " + engine.Pick(g.R, halls),
				"starts_at": at(30+10*len(onSale), 19), "capacity": int64(120), "price": k.Money(g.R, 15, 90), "status": "on_sale"}))
		}
	}
	custs := k.Customers()
	for _, e := range event.Rows {
		for j := 0; j < 2+g.R.IntN(4); j++ {
			c := engine.Pick(g.R, custs)
			q := int64(1 + g.R.IntN(4))
			st := "confirmed"
			switch e["status"] {
			case "completed":
				st = "checked_in"
			case "cancelled":
				st = "cancelled"
			case "on_sale":
				if j%3 == 2 {
					st = "reserved"
				}
			}
			k.Add(ticket, tt, engine.Row{"id": k.NextID(tt), "event_id": e["id"], "customer_id": c["id"], "holder_email": c["email"], "quantity": q, "amount": q * e["price"].(int64),
				"kind": "paid", "status": st, "created_at": kit.LocalTime(g, -10-g.R.IntN(60), 12)})
		}
	}
	next := onSale[0]
	for _, e := range onSale {
		if e["starts_at"].(string) < next["starts_at"].(string) {
			next = e
		}
	}

	// Tools.
	k.Tool(true, "search_ticketed_events", "Search events",
		fmt.Sprintf("Find events by title or venue, status or start, soonest first. Returns id (like %s), title, venue, starts_at, capacity, price (minor units) and status.", g.FormatID(et, 1)),
		[]world.ArgSpec{kit.S("query", false, "Part of the title or venue."), kit.A("status", et+".status", false, ""), {Name: "from", Type: "datetime", Description: "Starting at or after."}},
		kit.Search(et, []string{"starts_at"}, nil, kit.FAny("query", "title", "venue"), kit.F("status", "eq", "status"), kit.F("starts_at", "gte", "from")))
	k.Tool(false, "search_event_tickets", "Search tickets",
		"List tickets by event, buyer, holder email, kind or status.",
		[]world.ArgSpec{kit.S("event_id", false, ""), kit.S("customer_id", false, "CRM id of the buyer."), kit.S("holder_email", false, "Part of the address."), kit.A("kind", tt+".kind", false, ""), kit.A("status", tt+".status", false, "")},
		kit.Search(tt, []string{"-created_at"}, nil, kit.F("event_id", "eq", "event_id"), kit.F("customer_id", "eq", "customer_id"), kit.F("holder_email", "contains", "holder_email"),
			kit.F("kind", "eq", "kind"), kit.F("status", "eq", "status")))
	k.Tool(true, "reserve_event_ticket", "Reserve tickets",
		"Reserve paid tickets for an event that is on sale: quantity places for amount in total (minor units), sent to holder_email. The reservation is confirmed once paid. Returns it with its id (TKT-…).",
		[]world.ArgSpec{kit.S("event_id", true, "e.g. "+g.FormatID(et, 1)), kit.S("customer_id", true, "CRM id of the buyer."), {Name: "holder_email", Type: "email", Required: true},
			{Name: "quantity", Type: "integer", Required: true, Minimum: kit.NumPtr(1), Maximum: kit.NumPtr(10)}, kit.MoneyArg("amount", true, "Total price.")},
		kit.Get(et, "event_id", "e", "No event {event_id}; search_ticketed_events lists them."),
		world.Step{Require: "$e.status", Equals: "on_sale", Message: "{e.title} is {e.status}; tickets can only be sold while it is on sale."},
		kit.Insert(tt, "", map[string]any{"event_id": "$event_id", "customer_id": "$customer_id", "holder_email": "$holder_email", "quantity": "$quantity", "amount": "$amount",
			"kind": "paid", "status": "reserved", "created_at": "$now"}))
	k.Tool(true, "confirm_event_ticket", "Confirm a ticket",
		"Confirm a reserved ticket once it is paid.",
		[]world.ArgSpec{kit.S("ticket_id", true, "e.g. "+g.FormatID(tt, 1))},
		kit.Get(tt, "ticket_id", "t", "No ticket {ticket_id}."),
		world.Step{Require: "$t.status", Equals: "reserved", Message: "Ticket {ticket_id} is {t.status}; only reserved tickets can be confirmed."},
		world.Step{Update: tt, Key: "$ticket_id", Set: map[string]any{"status": "confirmed"}})
	k.Tool(false, "check_in_event_ticket", "Check a ticket in",
		"Check in the holder of a confirmed ticket at the door.",
		[]world.ArgSpec{kit.S("ticket_id", true, "")},
		kit.Get(tt, "ticket_id", "t", "No ticket {ticket_id}."),
		world.Step{Require: "$t.status", Equals: "confirmed", Message: "Ticket {ticket_id} is {t.status}; only confirmed tickets can be checked in."},
		world.Step{Update: tt, Key: "$ticket_id", Set: map[string]any{"status": "checked_in"}})
	k.Tool(false, "issue_comp_ticket", "Issue a complimentary ticket",
		"Give a "+k.C+" one free place at an event that is on sale, sent to holder_email; it is confirmed at once. source_ref is the id of the "+k.W+" it is given for; one per event and source.",
		[]world.ArgSpec{kit.S("event_id", true, ""), kit.S("customer_id", true, "CRM id."), {Name: "holder_email", Type: "email", Required: true}, kit.S("source_ref", true, "Id of the "+k.W+".")},
		kit.Get(et, "event_id", "e", "No event {event_id}."),
		world.Step{Require: "$e.status", Equals: "on_sale", Message: "{e.title} is {e.status}; pick an event that is on sale."},
		world.Step{Absent: tt, Where: map[string]any{"event_id": "$event_id", "source_ref": "$source_ref"}, As: "dup", Message: "{source_ref} already has ticket {dup.id} for this event."},
		kit.Insert(tt, "", map[string]any{"event_id": "$event_id", "customer_id": "$customer_id", "holder_email": "$holder_email", "quantity": 1, "amount": 0,
			"kind": "complimentary", "status": "confirmed", "source_ref": "$source_ref", "created_at": "$now"}))

	// Event: a paid ticket is confirmed.
	s.Events = append(s.Events, &engine.Event{
		Entity: ticket, Name: "confirmed", Kind: "done", When: "a paid ticket is confirmed", Where: map[string]any{"kind": "paid", "status": map[string]any{"in": kit.Vals("confirmed", "checked_in")}},
		InState: func(r engine.Row) bool {
			return r["kind"] == "paid" && (r["status"] == "confirmed" || r["status"] == "checked_in")
		},
		Setup: func(tc *engine.TaskCtx) engine.Row {
			e := engine.Pick(tc.R, onSale)
			c := engine.Pick(tc.R, custs)
			q := int64(1 + tc.R.IntN(4))
			return engine.Row{"id": k.TaskID(tc, tt), "event_id": e["id"], "customer_id": c["id"], "holder_email": c["email"], "quantity": q, "amount": q * e["price"].(int64),
				"kind": "paid", "status": "reserved", "created_at": kit.LocalTime(g, -1, 11)}
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "confirm_event_ticket", Args: map[string]any{"ticket_id": r["id"]}}}
		},
		Ask: []string{
			"The payment from {name} for ticket {id} ({event}) has arrived. Confirm the ticket.",
			"Ticket {id} for {event} is paid by {name}; please confirm it.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The ticket is confirmed.", tt, r["id"], "status", "confirmed")}
		},
		Touches: func(r engine.Row) []world.Change { return []world.Change{kit.Change(tt, []any{r["id"]}, "update")} },
	})

	// Action: a complimentary ticket for the customer of the work.
	s.Actions = append(s.Actions, &engine.Action{
		On:      []string{"done"},
		Service: s.Name, Name: "comp ticket issued", Needs: []string{"id", "customer_id", "email", "date"},
		Then: fmt.Sprintf("the %s must be given a complimentary ticket to one of our events on sale in Tickets & Events, sent to the email on file, with the {noun} id as its source", k.C),
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Eq("source_ref", "id").Eq("customer_id", "customer_id").Eq("holder_email", "email").
				In(tt, "", map[string]any{"kind": "complimentary", "status": map[string]any{"ne": "cancelled"}})
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			tc.NextID(tt)
			return []world.Call{{Tool: "issue_comp_ticket", Args: map[string]any{"event_id": next["id"], "customer_id": up.Val("customer_id", r), "holder_email": up.Val("email", r), "source_ref": r[up.Key]}}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			return []world.Assertion{kit.Exists("A complimentary ticket is issued for it.", tt, map[string]any{"source_ref": r[up.Key], "kind": "complimentary",
				"customer_id": up.Val("customer_id", r), "holder_email": up.Val("email", r), "status": map[string]any{"ne": "cancelled"}})}
		},
		Touches: []world.Change{kit.Change(tt, nil, "insert")},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			if len(kit.RowsWhere(g.Rows(tt), "source_ref", r[up.Key], "kind", "complimentary")) > 0 {
				return
			}
			e := next
			for _, x := range event.Rows {
				if x["status"] == "completed" && x["starts_at"].(string) > fmt.Sprint(up.Val("date", r)) {
					e = x
					break
				}
			}
			st := "confirmed"
			if e["status"] == "completed" {
				st = "checked_in"
			}
			k.Add(ticket, tt, engine.Row{"id": k.NextID(tt), "event_id": e["id"], "customer_id": up.Val("customer_id", r), "holder_email": up.Val("email", r), "quantity": int64(1),
				"amount": int64(0), "kind": "complimentary", "status": st, "source_ref": r[up.Key], "created_at": kit.LocalTime(g, min(-1, kit.DaysFromStart(g, up.Val("date", r))+1), 10)})
		},
	})

	// Chores.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "sales manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		e := engine.Pick(tc.R, onSale)
		c := engine.Pick(tc.R, custs)
		q := int64(2 + tc.R.IntN(3))
		total := q * e["price"].(int64)
		id := k.TaskID(tc, tt)
		return engine.Task{
			Title: "reserve event tickets",
			Instruction: fmt.Sprintf("%s (%s) wants %d places for %s (%s) at the standard price, %s in total. Reserve them, with the tickets going to %s; they will pay by transfer.",
				c["name"], c["id"], q, e["title"], e["id"], k.FmtMoney(total), c["email"]),
			Calls: []world.Call{{Tool: "reserve_event_ticket", Args: map[string]any{"event_id": e["id"], "customer_id": c["id"], "holder_email": c["email"], "quantity": q, "amount": total}}},
			Assertions: []world.Assertion{
				kit.Exists("The reservation is there.", tt, map[string]any{"id": id, "event_id": e["id"], "customer_id": c["id"], "holder_email": c["email"], "quantity": q, "amount": total, "status": "reserved"}),
				kit.CountIs("One reservation was made.", tt, map[string]any{"event_id": e["id"], "customer_id": c["id"], "status": "reserved"},
					len(kit.RowsWhere(g.Rows(tt), "event_id", e["id"], "customer_id", c["id"], "status", "reserved"))+1),
			},
			MayChange: []world.Change{kit.Change(tt, nil, "insert")},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		var conf []engine.Row
		for _, t := range kit.RowsWhere(g.Rows(tt), "status", "confirmed") {
			if ev := kit.Find(g.Rows(et), t["event_id"]); ev != nil && (ev["status"] == "on_sale" || ev["status"] == "sold_out") {
				conf = append(conf, t)
			}
		}
		if len(conf) == 0 {
			return engine.Task{}, false
		}
		t := engine.Pick(tc.R, conf)
		ev := kit.Find(g.Rows(et), t["event_id"])
		return engine.Task{
			Title:       "check in ticket",
			Instruction: fmt.Sprintf("%s is at the door of %s with ticket %s. Check them in.", kit.Lookup(k.Cust, t["customer_id"], "name"), ev["title"], t["id"]),
			Calls:       []world.Call{{Tool: "check_in_event_ticket", Args: map[string]any{"ticket_id": t["id"]}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The ticket is checked in.", tt, t["id"], "status", "checked_in"),
				kit.FieldIs("The ticket is unchanged otherwise.", tt, t["id"], "quantity", t["quantity"]),
			},
			MayChange: []world.Change{kit.Change(tt, []any{t["id"]}, "update")},
			Services:  []string{s.Name},
		}, true
	}})
	g.SetEntity("event_ticket", ticket)
}
