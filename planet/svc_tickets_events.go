package planet

import (
	"fmt"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/world"
)

func init() { vkRegister("tickets_events", "Tickets & Events", buildTicketsEvents) }

func buildTicketsEvents(k *vk) {
	g, s := k.g, k.s
	s.Description = fmt.Sprintf("The events %s runs and the tickets sold for them: reservations, payments, complimentary tickets and check-ins at the door. Prices are in %s minor units.",
		g.Company.Name, g.Company.Currency)
	const et, tt = "tickets_events_events", "tickets_events_tickets"
	s.Table(et, "Ticketed events.", "EVN-", 3,
		PK(),
		Text("title", "Name of the event."),
		Text("venue", "Where it takes place."),
		Datetime("starts_at", "Start (local time)."),
		Int("capacity", "Seats or places."),
		Money("price", "Ticket price"),
		Enum("status", "on_sale → sold_out or completed; cancelled.", "on_sale", "sold_out", "completed", "cancelled"),
	)
	s.Table(tt, "Tickets.", "TKT-", 5,
		PK(),
		Ref("event_id", et, "The event."),
		RefersTo("customer_id", k.cust.Table+".id", "The buyer (CRM id)."),
		Email("holder_email", "Where the ticket is sent."),
		Int("quantity", "Places on the ticket."),
		Money("amount", "Total paid"),
		Enum("kind", "paid or complimentary (free).", "paid", "complimentary"),
		Enum("status", "reserved → confirmed (paid) → checked_in; reserved or confirmed can be cancelled.", "reserved", "confirmed", "checked_in", "cancelled"),
		Opt(RefersTo("source_ref", k.work.Table+".id", "Id of the "+k.W+" a complimentary ticket was given for.")),
		Datetime("created_at", "When it was issued."),
	)
	titles := []string{"Spring gala", "Summer evening concert", "Open day", "Autumn wine tasting", "Jazz brunch", "Family day", "Winter market", "Members' night",
		"Guided city tour", "Networking breakfast", "Charity dinner", "Film night"}
	if ts := flavoured(g, func(f catalog.Flavour) []string { return f.EventTitles }); ts != nil {
		titles = ts // a travel agency's travel evenings
	}
	halls := []string{"Town Hall", "Congress Centre", "Theatre", "Old Brewery", "Harbour Hall", "Garden Pavilion"}
	at := func(d int, hour float64) string { return vkAt(g, d, hour) }
	event := k.entity(et, "event", "events", map[string]Role{"id": Column("id"), "name": Column("title")})
	ticket := k.entity(tt, "ticket", "tickets", k.custRoles("customer_id"))
	ticket.Roles["email"] = Column("holder_email")
	ticket.Roles["amount"] = Column("amount")
	ticket.Roles["event"] = textRole("event_id", func(r Row) any { return vkFind(g.Rows(et), r["event_id"])["title"] })

	// Seed: past and coming events, and their tickets.
	used := map[string]bool{}
	ne := 6 + g.R.IntN(4)
	for i := 0; i < ne; i++ {
		d := -50 + i*100/ne + g.R.IntN(5)
		title := Pick(g.R, titles)
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
		k.add(event, et, Row{"id": k.nextID(et), "title": title, "venue": g.Locale.City() + " " + Pick(g.R, halls), "starts_at": at(d, float64(18+g.R.IntN(3))),
			"capacity": int64(80 + 20*g.R.IntN(20)), "price": k.money(g.R, 15, 90), "status": status})
	}
	onSale := vkRowsWhere(event.Rows, "status", "on_sale")
	if len(onSale) < 2 {
		for len(onSale) < 2 {
			onSale = append(onSale, k.add(event, et, Row{"id": k.nextID(et), "title": Pick(g.R, titles) + " (extra date)", "venue": g.Locale.City() + " " + Pick(g.R, halls),
				"starts_at": at(30+10*len(onSale), 19), "capacity": int64(120), "price": k.money(g.R, 15, 90), "status": "on_sale"}))
		}
	}
	custs := k.customers()
	for _, e := range event.Rows {
		for j := 0; j < 2+g.R.IntN(4); j++ {
			c := Pick(g.R, custs)
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
			k.add(ticket, tt, Row{"id": k.nextID(tt), "event_id": e["id"], "customer_id": c["id"], "holder_email": c["email"], "quantity": q, "amount": q * e["price"].(int64),
				"kind": "paid", "status": st, "created_at": vkAt(g, -10-g.R.IntN(60), 12)})
		}
	}
	next := onSale[0]
	for _, e := range onSale {
		if e["starts_at"].(string) < next["starts_at"].(string) {
			next = e
		}
	}

	// Tools.
	k.tool(true, "search_ticketed_events", "Search events",
		fmt.Sprintf("Find events by title or venue, status or start, soonest first. Returns id (like %s), title, venue, starts_at, capacity, price (minor units) and status.", g.FormatID(et, 1)),
		[]world.ArgSpec{S("query", false, "Part of the title or venue."), A("status", et+".status", false, ""), {Name: "from", Type: "datetime", Description: "Starting at or after."}},
		Search(et, []string{"starts_at"}, nil, FAny("query", "title", "venue"), F("status", "eq", "status"), F("starts_at", "gte", "from")))
	k.tool(false, "search_event_tickets", "Search tickets",
		"List tickets by event, buyer, holder email, kind or status.",
		[]world.ArgSpec{S("event_id", false, ""), S("customer_id", false, "CRM id of the buyer."), S("holder_email", false, "Part of the address."), A("kind", tt+".kind", false, ""), A("status", tt+".status", false, "")},
		Search(tt, []string{"-created_at"}, nil, F("event_id", "eq", "event_id"), F("customer_id", "eq", "customer_id"), F("holder_email", "contains", "holder_email"),
			F("kind", "eq", "kind"), F("status", "eq", "status")))
	k.tool(true, "reserve_event_ticket", "Reserve tickets",
		"Reserve paid tickets for an event that is on sale: quantity places for amount in total (minor units), sent to holder_email. The reservation is confirmed once paid. Returns it with its id (TKT-…).",
		[]world.ArgSpec{S("event_id", true, "e.g. "+g.FormatID(et, 1)), S("customer_id", true, "CRM id of the buyer."), {Name: "holder_email", Type: "email", Required: true},
			{Name: "quantity", Type: "integer", Required: true, Minimum: numPtr(1), Maximum: numPtr(10)}, vkMoneyArg("amount", true, "Total price.")},
		Get(et, "event_id", "e", "No event {event_id}; search_ticketed_events lists them."),
		world.Step{Require: "$e.status", Equals: "on_sale", Message: "{e.title} is {e.status}; tickets can only be sold while it is on sale."},
		Insert(tt, "", map[string]any{"event_id": "$event_id", "customer_id": "$customer_id", "holder_email": "$holder_email", "quantity": "$quantity", "amount": "$amount",
			"kind": "paid", "status": "reserved", "created_at": "$now"}))
	k.tool(true, "confirm_event_ticket", "Confirm a ticket",
		"Confirm a reserved ticket once it is paid.",
		[]world.ArgSpec{S("ticket_id", true, "e.g. "+g.FormatID(tt, 1))},
		Get(tt, "ticket_id", "t", "No ticket {ticket_id}."),
		world.Step{Require: "$t.status", Equals: "reserved", Message: "Ticket {ticket_id} is {t.status}; only reserved tickets can be confirmed."},
		world.Step{Update: tt, Key: "$ticket_id", Set: map[string]any{"status": "confirmed"}})
	k.tool(false, "check_in_event_ticket", "Check a ticket in",
		"Check in the holder of a confirmed ticket at the door.",
		[]world.ArgSpec{S("ticket_id", true, "")},
		Get(tt, "ticket_id", "t", "No ticket {ticket_id}."),
		world.Step{Require: "$t.status", Equals: "confirmed", Message: "Ticket {ticket_id} is {t.status}; only confirmed tickets can be checked in."},
		world.Step{Update: tt, Key: "$ticket_id", Set: map[string]any{"status": "checked_in"}})
	k.tool(false, "issue_comp_ticket", "Issue a complimentary ticket",
		"Give a "+k.C+" one free place at an event that is on sale, sent to holder_email; it is confirmed at once. source_ref is the id of the "+k.W+" it is given for; one per event and source.",
		[]world.ArgSpec{S("event_id", true, ""), S("customer_id", true, "CRM id."), {Name: "holder_email", Type: "email", Required: true}, S("source_ref", true, "Id of the "+k.W+".")},
		Get(et, "event_id", "e", "No event {event_id}."),
		world.Step{Require: "$e.status", Equals: "on_sale", Message: "{e.title} is {e.status}; pick an event that is on sale."},
		world.Step{Absent: tt, Where: map[string]any{"event_id": "$event_id", "source_ref": "$source_ref"}, As: "dup", Message: "{source_ref} already has ticket {dup.id} for this event."},
		Insert(tt, "", map[string]any{"event_id": "$event_id", "customer_id": "$customer_id", "holder_email": "$holder_email", "quantity": 1, "amount": 0,
			"kind": "complimentary", "status": "confirmed", "source_ref": "$source_ref", "created_at": "$now"}))

	// Event: a paid ticket is confirmed.
	s.Events = append(s.Events, &Event{
		Entity: ticket, Name: "confirmed", Kind: "done", When: "a paid ticket is confirmed", Where: map[string]any{"kind": "paid", "status": map[string]any{"in": vals("confirmed", "checked_in")}},
		InState: func(r Row) bool {
			return r["kind"] == "paid" && (r["status"] == "confirmed" || r["status"] == "checked_in")
		},
		Setup: func(tc *TaskCtx) Row {
			e := Pick(tc.R, onSale)
			c := Pick(tc.R, custs)
			q := int64(1 + tc.R.IntN(4))
			return Row{"id": k.tcID(tc, tt), "event_id": e["id"], "customer_id": c["id"], "holder_email": c["email"], "quantity": q, "amount": q * e["price"].(int64),
				"kind": "paid", "status": "reserved", "created_at": vkAt(g, -1, 11)}
		},
		Do: func(r Row) []world.Call {
			return []world.Call{{Tool: "confirm_event_ticket", Args: map[string]any{"ticket_id": r["id"]}}}
		},
		Ask: []string{
			"{name}'s payment for ticket {id} ({event}) has arrived. Confirm the ticket.",
			"Ticket {id} for {event} is paid by {name}; please confirm it.",
		},
		Check: func(r Row) []world.Assertion {
			return []world.Assertion{vkField("The ticket is confirmed.", tt, r["id"], "status", "confirmed")}
		},
		Touches: func(r Row) []world.Change { return []world.Change{vkChange(tt, []any{r["id"]}, "update")} },
	})

	// Action: a complimentary ticket for the customer of the work.
	s.Actions = append(s.Actions, &Action{
		On:      []string{"done"},
		Service: s.Name, Name: "comp ticket issued", Needs: []string{"id", "customer_id", "email", "date"},
		Then: fmt.Sprintf("the %s must be given a complimentary ticket to one of our events on sale in Tickets & Events, sent to the email on file, with the {noun} id as its source", k.C),
		Rule: func(up *Entity) *world.RuleThen {
			return KeysOf(up).Eq("source_ref", "id").Eq("customer_id", "customer_id").Eq("holder_email", "email").
				In(tt, "", map[string]any{"kind": "complimentary", "status": map[string]any{"ne": "cancelled"}})
		},
		Do: func(tc *TaskCtx, up *Entity, r Row) []world.Call {
			tc.NextID(tt)
			return []world.Call{{Tool: "issue_comp_ticket", Args: map[string]any{"event_id": next["id"], "customer_id": up.Val("customer_id", r), "holder_email": up.Val("email", r), "source_ref": r[up.Key]}}}
		},
		Check: func(tc *TaskCtx, up *Entity, r Row) []world.Assertion {
			return []world.Assertion{vkExists("A complimentary ticket is issued for it.", tt, map[string]any{"source_ref": r[up.Key], "kind": "complimentary",
				"customer_id": up.Val("customer_id", r), "holder_email": up.Val("email", r), "status": map[string]any{"ne": "cancelled"}})}
		},
		Touches: []world.Change{vkChange(tt, nil, "insert")},
		Seed: func(g *Gen, up *Entity, r Row) {
			if len(vkRowsWhere(g.Rows(tt), "source_ref", r[up.Key], "kind", "complimentary")) > 0 {
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
			k.add(ticket, tt, Row{"id": k.nextID(tt), "event_id": e["id"], "customer_id": up.Val("customer_id", r), "holder_email": up.Val("email", r), "quantity": int64(1),
				"amount": int64(0), "kind": "complimentary", "status": st, "source_ref": r[up.Key], "created_at": vkAt(g, min(-1, vkDays(g, up.Val("date", r))+1), 10)})
		},
	})

	// Chores.
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "sales manager", Make: func(tc *TaskCtx) (Task, bool) {
		e := Pick(tc.R, onSale)
		c := Pick(tc.R, custs)
		q := int64(2 + tc.R.IntN(3))
		total := q * e["price"].(int64)
		id := k.tcID(tc, tt)
		return Task{
			Title: "reserve event tickets",
			Instruction: fmt.Sprintf("%s (%s) wants %d places for %s (%s) at the standard price, %s in total. Reserve them, with the tickets going to %s; they will pay by transfer.",
				c["name"], c["id"], q, e["title"], e["id"], k.fmtMoney(total), c["email"]),
			Calls: []world.Call{{Tool: "reserve_event_ticket", Args: map[string]any{"event_id": e["id"], "customer_id": c["id"], "holder_email": c["email"], "quantity": q, "amount": total}}},
			Assertions: []world.Assertion{
				vkExists("The reservation is there.", tt, map[string]any{"id": id, "event_id": e["id"], "customer_id": c["id"], "holder_email": c["email"], "quantity": q, "amount": total, "status": "reserved"}),
				vkCount("One reservation was made.", tt, map[string]any{"event_id": e["id"], "customer_id": c["id"], "status": "reserved"},
					len(vkRowsWhere(g.Rows(tt), "event_id", e["id"], "customer_id", c["id"], "status", "reserved"))+1),
			},
			MayChange: []world.Change{vkChange(tt, nil, "insert")},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		var conf []Row
		for _, t := range vkRowsWhere(g.Rows(tt), "status", "confirmed") {
			if ev := vkFind(g.Rows(et), t["event_id"]); ev != nil && (ev["status"] == "on_sale" || ev["status"] == "sold_out") {
				conf = append(conf, t)
			}
		}
		if len(conf) == 0 {
			return Task{}, false
		}
		t := Pick(tc.R, conf)
		ev := vkFind(g.Rows(et), t["event_id"])
		return Task{
			Title:       "check in ticket",
			Instruction: fmt.Sprintf("%s is at the door of %s with ticket %s. Check them in.", lookup(k.cust, t["customer_id"], "name"), ev["title"], t["id"]),
			Calls:       []world.Call{{Tool: "check_in_event_ticket", Args: map[string]any{"ticket_id": t["id"]}}},
			Assertions: []world.Assertion{
				vkField("The ticket is checked in.", tt, t["id"], "status", "checked_in"),
				vkField("The ticket is unchanged otherwise.", tt, t["id"], "quantity", t["quantity"]),
			},
			MayChange: []world.Change{vkChange(tt, []any{t["id"]}, "update")},
			Services:  []string{s.Name},
		}, true
	}})
	g.SetEntity("event_ticket", ticket)
}
