package archetypes

import (
	"fmt"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

func init() {
	engine.Register(&engine.ServiceDef{Name: "payments", Title: "Payments", Layer: engine.LayerSettlement, Weight: 1, Folder: "finance", Personas: []string{"account manager"}, Build: buildPayments})
}

func buildPayments(g *engine.Gen, s *engine.Svc) {
	cust := g.Entity("customer")
	// What payments settle: invoices when the world has billing, the work
	// itself otherwise.
	src := g.Entity("invoice")
	if src == nil {
		src = g.Entity("work")
	}
	one, many := kit.OwnNouns(g, "payment", "payments", "transaction", "transactions")
	const table = "payments_transactions"
	s.Description = fmt.Sprintf("Money received by %s: card, bank transfer and cash payments from %s, each with the %s it pays, in %s minor units.", g.Company.Name, cust.Plural, src.Noun, g.Company.Currency)
	s.Table(table, "Incoming payments, one row per transaction.", "PAY-", 5,
		kit.PK(),
		kit.Text("payer", "Who paid."),
		kit.Email("payer_email", "Payer's email."),
		kit.Money("amount", "Amount received"),
		kit.Enum("method", "How it was paid.", "transfer", "card", "cash"),
		kit.RefersTo("reference", src.Table+".id", fmt.Sprintf("Id of the %s this payment is for.", src.Noun)),
		kit.Enum("status", "pending → settled or failed; settled → refunded.", "pending", "settled", "failed", "refunded"),
		kit.Datetime("received_at", "When it came in."),
	)
	pay := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: "PAY-", Width: 5,
		Roles: map[string]engine.Role{"id": engine.Column("id"), "amount": engine.Column("amount"), "name": engine.Column("payer"), "email": engine.Column("payer_email"),
			"date": {SQL: func(a string) string { return "substr(" + a + ".received_at, 1, 10)" }, Value: func(r engine.Row) any { return fmt.Sprint(r["received_at"])[:10] }}}}
	nameOf := func(r engine.Row) string {
		if src.Has("name") {
			return src.Str("name", r)
		}
		return fmt.Sprint(kit.Lookup(cust, src.Val("customer_id", r), "name"))
	}
	add := func(r engine.Row) engine.Row {
		r["id"] = pay.ID(len(g.Rows(table)) + 1)
		tablesAdd(g, s, table, r)
		pay.Rows = append(pay.Rows, r)
		return r
	}
	paymentFor := func(r engine.Row, status, method string, day int) engine.Row {
		return engine.Row{"payer": nameOf(r), "payer_email": src.Val("email", r), "amount": src.Val("amount", r), "method": method,
			"reference": r[src.Key], "status": status, "received_at": kit.Clock(g, day, 9+g.R.IntN(8), g.R.IntN(60))}
	}
	methods := []string{"transfer", "transfer", "card", "card", "cash"}
	// History: most settled work is paid for; a few card payments are
	// still pending or failed.
	paid, open := "paid", "issued"
	if src.Service != "billing" {
		paid, open = g.Vocab.States[len(g.Vocab.States)-1], g.Vocab.States[0]
	}
	for _, r := range src.Rows {
		switch {
		case r["status"] == paid && g.R.IntN(4) != 0:
			add(paymentFor(r, "settled", engine.Pick(g.R, methods), -1-g.R.IntN(20)))
		case r["status"] == open && g.R.IntN(4) == 0:
			add(paymentFor(r, engine.Pick(g.R, []string{"pending", "failed"}), "card", -1-g.R.IntN(3)))
		}
	}
	// Card payments still clearing, a transfer nobody could match yet, and
	// a card charged twice.
	for _, r := range src.Rows {
		if r["status"] == open && kit.CountWhere(pay.Rows, "reference", r[src.Key]) == 0 && kit.CountWhere(pay.Rows, "status", "pending") < 3 {
			add(paymentFor(r, "pending", "card", -1))
		}
	}
	c := engine.Pick(g.R, kit.ActiveRows(cust))
	add(engine.Row{"payer": c["name"], "payer_email": c["email"], "amount": engine.LocalMoney(g, g.R, 50, 450), "method": "transfer",
		"reference": src.ID(len(src.Rows) + 100), "status": "pending", "received_at": kit.Clock(g, -1-g.R.IntN(5), 10, 0)})
	if settled := kit.Where(pay.Rows, func(r engine.Row) bool { return r["status"] == "settled" }); len(settled) > 0 {
		first := engine.Pick(g.R, settled)
		dup := engine.Row{}
		for k, v := range first {
			dup[k] = v
		}
		dup["method"] = "card"
		first["method"] = "card"
		dup["received_at"] = kit.Clock(g, -1, 17, 45)
		add(dup)
	}

	// Tools.
	s.Tool(true, kit.Tool(s.Name, "search_"+many, "Search "+many,
		fmt.Sprintf("Find incoming %s by the %s id they pay, payer, status or method; newest first. Amounts are in minor units (cents). Returns id (like %s), payer, amount, method, reference, status and received_at.", many, src.Noun, pay.ID(1)),
		[]world.ArgSpec{kit.S("reference", false, fmt.Sprintf("Id of the %s paid, e.g. %s.", src.Noun, src.ID(1))), kit.S("payer", false, "Part of the payer's name or email."),
			kit.A("status", table+".status", false, ""), kit.A("method", table+".method", false, "")},
		kit.Search(table, []string{"-received_at"}, []string{"id", "payer", "amount", "method", "reference", "status", "received_at"},
			kit.F("reference", "eq", "reference"), kit.FAny("payer", "payer", "payer_email"), kit.F("status", "eq", "status"), kit.F("method", "eq", "method"))))
	s.Tool(false, kit.Tool(s.Name, "get_"+one, "Get a "+one, fmt.Sprintf("Read one %s by id.", one),
		[]world.ArgSpec{kit.S(one+"_id", true, "e.g. "+pay.ID(1))},
		kit.Get(table, one+"_id", "", fmt.Sprintf("No %s {%s_id}; search_%s finds ids.", one, one, many))))
	s.Tool(true, kit.Tool(s.Name, "record_"+one+"_received", "Record money received",
		fmt.Sprintf("Record money that has arrived, as settled, received now. amount is in minor units (cents); reference is the id of the %s it pays. Refused if a settled %s over the same amount already pays that %s.", src.Noun, one, src.Noun),
		[]world.ArgSpec{kit.S("reference", true, fmt.Sprintf("Id of the %s paid.", src.Noun)), kit.S("payer", true, "Who paid."), {Name: "payer_email", Type: "email", Required: true},
			{Name: "amount", Type: "integer", Required: true, Minimum: kit.NumPtr(1), Description: "Minor units (cents)."}, kit.A("method", table+".method", true, "")},
		world.Step{Absent: table, Where: map[string]any{"reference": "$reference", "amount": "$amount", "status": "settled"}, As: "dup",
			Message: fmt.Sprintf("%s {dup.id} already settles {reference} for that amount; check it before recording the money twice.", engine.Title(one))},
		kit.Insert(table, "", map[string]any{"payer": "$payer", "payer_email": "$payer_email", "amount": "$amount", "method": "$method", "reference": "$reference", "status": "settled", "received_at": "$now"})))
	s.Tool(false, kit.Tool(s.Name, "update_"+one+"_status", "Settle or fail a pending "+one,
		fmt.Sprintf("Decide a pending %s: settled when the money has cleared, failed when it was declined or bounced.", one),
		[]world.ArgSpec{kit.S(one+"_id", true, ""), {Name: "status", Type: "string", Required: true, Enum: []any{"settled", "failed"}}},
		world.Step{Update: table, Key: "$" + one + "_id", Set: map[string]any{"status": "$status"},
			Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{"pending": {"settled", "failed"}}},
			Message:     fmt.Sprintf("No %s {%s_id}.", one, one)}))
	s.Tool(false, kit.Tool(s.Name, "refund_"+one, "Refund a "+one,
		fmt.Sprintf("Pay a settled %s back in full; it becomes refunded.", one),
		[]world.ArgSpec{kit.S(one+"_id", true, "")},
		kit.Get(table, one+"_id", "p", fmt.Sprintf("No %s {%s_id}.", one, one)),
		world.Step{Require: "$p.status", Equals: "settled", Message: fmt.Sprintf("%s {%s_id} is {p.status}; only settled %s can be refunded.", engine.Title(one), one, many)},
		kit.Update(table, one+"_id", "", map[string]any{"status": "refunded"})))

	// Event: a card payment clears. (Transfers and cash arrive settled:
	// recording them, which billing's paid invoices ask for, must not
	// start another chain of duties.)
	s.Events = append(s.Events, &engine.Event{
		Entity: pay, Name: "settled", Kind: "paid",
		When:  fmt.Sprintf("a card %s is settled in Payments", one),
		Where: map[string]any{"method": "card", "status": map[string]any{"in": kit.Vals("settled", "refunded")}},
		InState: func(r engine.Row) bool {
			return r["method"] == "card" && (r["status"] == "settled" || r["status"] == "refunded")
		},
		Setup: func(tc *engine.TaskCtx) engine.Row {
			n := tc.NextID(table)
			var ref any = src.ID(len(src.Rows) + 200 + n)
			c := engine.Pick(tc.R, kit.ActiveRows(cust))
			amount := engine.LocalMoney(g, tc.R, 50, 650)
			if opens := kit.Where(src.Rows, func(r engine.Row) bool { return r["status"] == open }); len(opens) > 0 {
				r := engine.Pick(tc.R, opens)
				ref, amount = r[src.Key], src.Val("amount", r).(int64)
				if id := src.Val("customer_id", r); kit.Lookup(cust, id, "email") != nil {
					c = engine.Row{"name": kit.Lookup(cust, id, "name"), "email": kit.Lookup(cust, id, "email")}
				}
			}
			return engine.Row{"id": pay.ID(n), "payer": c["name"], "payer_email": c["email"], "amount": amount, "method": "card",
				"reference": ref, "status": "pending", "received_at": kit.Clock(g, -1, 16, 30)}
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "update_" + one + "_status", Args: map[string]any{one + "_id": r["id"], "status": "settled"}}}
		},
		Ask: []string{
			fmt.Sprintf("The card %s {id} from {name} has cleared. Mark it settled.", one),
			fmt.Sprintf("The bank confirmed %s {id} from {name}. Please settle it.", one),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{{Description: "The " + one + " is settled.", Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "status", Equals: "settled"}}}
		},
		Touches: func(r engine.Row) []world.Change {
			return []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}}
		},
	})

	// Action: record the money for a paid invoice.
	s.Actions = append(s.Actions, &engine.Action{
		Service: s.Name, Name: "recorded", Needs: []string{"id", "amount", "name", "email"}, On: []string{"paid"},
		Then: fmt.Sprintf("a settled %s for its full amount must be recorded in Payments with the {noun} id as its reference", one),
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Eq("reference", "id").Eq("amount", "amount").In(table, "", map[string]any{"status": "settled"})
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			tc.NextID(table)
			return []world.Call{{Tool: "record_" + one + "_received", Args: map[string]any{"reference": r[up.Key], "payer": up.Str("name", r), "payer_email": up.Val("email", r),
				"amount": up.Val("amount", r), "method": "transfer"}}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			return []world.Assertion{
				{Description: "A settled " + one + " references it.", Exists: &world.RowMatch{Table: table, Where: map[string]any{"reference": r[up.Key], "status": "settled"}}},
				{Description: "It is for the full amount.", Exists: &world.RowMatch{Table: table,
					Where: map[string]any{"reference": r[up.Key], "amount": up.Val("amount", r), "status": "settled"}}},
			}
		},
		Touches: []world.Change{{Table: table, Ops: []string{"insert"}}},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			for _, x := range g.Rows(table) {
				if x["reference"] == r[up.Key] && x["status"] == "settled" && x["amount"] == up.Val("amount", r) {
					return
				}
			}
			row := engine.Row{"id": pay.ID(len(g.Rows(table)) + 1), "payer": up.Str("name", r), "payer_email": up.Val("email", r), "amount": up.Val("amount", r),
				"method": "transfer", "reference": r[up.Key], "status": "settled", "received_at": kit.Clock(g, -1-g.R.IntN(10), 12, 0)}
			g.AddRow(table, row)
			pay.Rows = append(pay.Rows, row)
		},
	})

	// Chore: refund a card charged twice.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "account manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		type pair struct{ first, dup engine.Row }
		var pairs []pair
		for i, a := range pay.Rows {
			for _, b := range pay.Rows[i+1:] {
				if a["status"] == "settled" && b["status"] == "settled" && a["reference"] == b["reference"] && a["amount"] == b["amount"] {
					pairs = append(pairs, pair{a, b})
				}
			}
		}
		if len(pairs) == 0 {
			return engine.Task{}, false
		}
		p := engine.Pick(tc.R, pairs)
		return engine.Task{
			Title: "refund duplicate " + one,
			Instruction: fmt.Sprintf("%s was charged twice for %s (%s each). Keep the first charge and refund the duplicate.",
				p.first["payer"], p.first["reference"], g.Locale.C.FormatMoney(p.first["amount"].(int64))),
			Calls: []world.Call{{Tool: "refund_" + one, Args: map[string]any{one + "_id": p.dup["id"]}}},
			Assertions: []world.Assertion{
				{Description: "The duplicate is refunded.", Field: &world.FieldMatch{Table: table, Key: p.dup["id"], Column: "status", Equals: "refunded"}},
				{Description: "The first charge stands.", Role: world.RoleConstraint, Field: &world.FieldMatch{Table: table, Key: p.first["id"], Column: "status", Equals: "settled"}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{p.dup["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
	// Chore: a card payment was declined.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "account manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		pending := kit.Where(pay.Rows, func(r engine.Row) bool { return r["status"] == "pending" })
		if len(pending) == 0 {
			return engine.Task{}, false
		}
		r := engine.Pick(tc.R, pending)
		return engine.Task{
			Title:       "record declined " + one,
			Instruction: fmt.Sprintf("The bank bounced the %s of %s from %s (%s). Record that it failed.", one, g.Locale.C.FormatMoney(r["amount"].(int64)), r["payer"], r["id"]),
			Calls:       []world.Call{{Tool: "update_" + one + "_status", Args: map[string]any{one + "_id": r["id"], "status": "failed"}}},
			Assertions: []world.Assertion{
				{Description: "The " + one + " failed.", Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "status", Equals: "failed"}},
				{Description: "Its amount is unchanged.", Role: world.RoleConstraint, Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "amount", Equals: r["amount"]}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}
