package archetypes

import (
	"fmt"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/lexicon"
	"github.com/mercury/mcp-world/world"
)

// buildPayouts adds the money the business pays out beside what it
// bills (the plan's "payout" attribute: who is paid): a flea market's
// sellers paid their sales less a commission, a collection agency's
// clients their share of what was recovered, a cooperative's members by
// the kilo, the guides and agencies that bring customers their
// commission. Each payout is for one item of the line of work, due, then
// paid.
func buildPayouts(g *engine.Gen, s *engine.Svc, ps engine.PlanService, work *engine.Entity) {
	payees := AttributeValues(ps, "payout")
	if len(payees) == 0 {
		return
	}
	lex := lexicon.Load()
	// "kept": a commission is kept from each payout; "paid": the payout
	// is a commission.
	commission := attributeValue(ps, "payout_commission")
	units, basis := AttributeValues(ps, "payout_unit"), AttributeValues(ps, "payout_basis")
	who := strings.Join(pluralsOf(lex, payees), " and ")
	const table = "billing_payouts"
	desc := "Payouts to " + who + ", one per " + work.Noun + " paid out"
	if commission == "paid" {
		desc = "Commissions paid to " + who + ", one per " + work.Noun + " they brought"
	}
	cols := []world.Column{kit.PK(),
		kit.Text("payee", "Who is paid: the "+strings.Join(payees, " or ")+"."),
		kit.RefersTo("source_ref", work.Table+".id", "Id of the "+work.Noun+" the payout is for."),
		kit.Money("amount", "What is paid out"),
	}
	if len(payees) > 1 {
		cols = append(cols, kit.Enum("payee_kind", "Which kind of payee.", payees...))
	}
	if commission == "kept" {
		desc += ", less the commission kept"
		cols = append(cols, kit.Money("commission", "Commission kept from the payout"))
	}
	if len(units) > 0 {
		per := strings.Join(units, " or ")
		if len(basis) > 0 {
			per = strings.Join(basis, " or ")
		}
		desc += ", paid per " + per
		cols = append(cols, world.Column{Name: "quantity", Type: "real", Description: "How many units are paid for."},
			kit.Enum("unit", "What is paid per: "+per+".", units...))
	}
	cols = append(cols,
		kit.Enum("status", "due → paid, or withheld.", "due", "paid", "withheld"),
		kit.Date("due_on", "When it is due."),
		kit.Opt(kit.Date("paid_on", "When it was paid.")))
	s.Table(table, desc+".", g.FreePrefix("PAY-", "PYT-", "PYO-"), 5, cols...)
	s.Description += " It also pays out to " + who + "."

	org := func(p string) bool { return lex.Is("org", p) || lex.Is("org_customer", p) }
	row := func(n int, w engine.Row, status string) engine.Row {
		kind := payees[n%len(payees)]
		name, _ := g.Locale.Person("")
		if org(kind) {
			name = engine.LastWord(name) + " " + engine.Title(kind)
		}
		// What the item brought in: a sale's price, from which the
		// commission is kept; otherwise the payee's share of it (a
		// commission is a tenth, a piece rate or a share a half).
		gross := engine.LocalMoney(g, g.R, 40, 900)
		if v, ok := work.Val("amount", w).(int64); ok && v > 0 {
			gross = v
		}
		amount := gross / 2
		switch commission {
		case "kept":
			amount = gross
		case "paid":
			amount = gross / 10
		}
		r := engine.Row{"id": g.FormatID(table, n), "payee": name, "source_ref": w[work.Key], "amount": max(amount, 1), "status": status, "due_on": g.Day(-3 - g.R.IntN(10))}
		if len(payees) > 1 {
			r["payee_kind"] = kind
		}
		if commission == "kept" {
			c := gross / 10
			r["commission"], r["amount"] = c, gross-c
		}
		if len(units) > 0 {
			r["unit"], r["quantity"] = units[n%len(units)], float64(1+g.R.IntN(40))
		}
		if status == "paid" {
			r["paid_on"] = g.Day(-g.R.IntN(3))
		}
		return r
	}
	n := 0
	for _, w := range work.Rows {
		if n >= 8 {
			break
		}
		n++
		tablesAdd(g, s, table, row(n, w, engine.Pick(g.R, []string{"due", "paid", "paid"})))
	}

	s.Tool(true, kit.Tool(s.Name, "search_payouts", "Search payouts",
		"Find payouts to "+who+" by payee, the "+work.Noun+" they are for, or status. Amounts are in minor units (cents).",
		[]world.ArgSpec{kit.S("payee", false, "Name of the payee (contains)."), kit.S("source_ref", false, "Id of the "+work.Noun+"."), kit.A("status", table+".status", false, "")},
		kit.Search(table, []string{"-due_on", "id"}, nil, kit.F("payee", "contains", "payee"), kit.F("source_ref", "eq", "source_ref"), kit.F("status", "eq", "status"))))
	s.Tool(false, kit.Tool(s.Name, "pay_payout", "Pay a payout",
		"Mark a due payout paid, as of today.",
		[]world.ArgSpec{kit.S("payout_id", true, "e.g. "+g.FormatID(table, 1))},
		kit.Get(table, "payout_id", "po", "No payout {payout_id}."),
		world.Step{Require: "$po.status", Equals: "due", Message: "Payout {payout_id} is {po.status}; only a due payout can be paid."},
		world.Step{Update: table, Key: "$payout_id", Set: map[string]any{"status": "paid", "paid_on": "$today"}}))

	// Chore: pay what is due.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "account manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		if len(work.Rows) == 0 {
			return engine.Task{}, false
		}
		n := tc.NextID(table)
		r := row(n, engine.Pick(tc.R, work.Rows), "due")
		id := r["id"]
		return engine.Task{
			Title:       "pay a due payout",
			Instruction: fmt.Sprintf("The transfer of payout %s to %s (%s) went out this morning. Mark it paid in %s.", id, r["payee"], g.Locale.C.FormatMoney(r["amount"].(int64)), s.Title),
			Seed:        []world.SeedOp{{Insert: table, Values: r}},
			Calls:       []world.Call{{Tool: "pay_payout", Args: map[string]any{"payout_id": id}}},
			Assertions: []world.Assertion{
				{Description: "The payout is paid.", Field: &world.FieldMatch{Table: table, Key: id, Column: "status", Equals: "paid"}},
				{Description: "No other payout changed.", Count: &world.CountMatch{Table: table, Where: map[string]any{"status": "paid"}, Equals: kit.PtrInt(kit.CountWhere(g.Rows(table), "status", "paid") + 1)}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{id}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

func pluralsOf(lex *lexicon.Lexicon, ones []string) []string {
	out := make([]string, len(ones))
	for i, o := range ones {
		out[i] = lex.Plural(o)
	}
	return out
}
