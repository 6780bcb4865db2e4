package archetypes

import (
	"fmt"
	"github.com/mercury/mcp-world/planet/catalog"
	"math/rand/v2"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

// Claims: a vertical of claims with assessment and payout.

// insurerName makes a plausible insurer name of the country, from the
// catalog's insurance industry when it has one.
func insurerName(v *kit.Builder, r *rand.Rand) string {
	if ind, ok := engine.IndustryByID("insurance"); ok {
		return v.Gen.Locale.C.CompanyName(r, ind)
	}
	_, fam, _ := v.Gen.Locale.C.PersonName(r)
	return fam + " " + []string{"Mutual", "Assurance", "Insurance", "Underwriters"}[r.IntN(4)]
}

func init() {
	engine.Register(&engine.ServiceDef{Name: "claims", Title: "Claims", Vertical: true, Layer: engine.LayerOperations, Build: buildClaims})
}

func buildClaims(g *engine.Gen, s *engine.Svc) {
	v := kit.New(g, s)
	one, many := v.Noun([2]string{"claim", "claims"}, [2]string{"claim file", "claim files"}, [2]string{"reimbursement", "reimbursements"})
	v.Named(many)
	o, m := engine.Snake(one), engine.Snake(many)
	table, payouts := s.Name+"_files", s.Name+"_payouts"
	prefix := v.Prefix("CLM-", "CLF-")
	s.Description = fmt.Sprintf("Claims %s handles for its %s with insurers, carriers and other payers: what is claimed, the assessment, the decision and the payout.", g.Company.Name, v.CMany)
	cats := []string{"damage", "loss", "delay", "defect", "service", "injury", "other"}
	s.Table(table, engine.Title(many)+", one per incident.", prefix, 5,
		kit.PK(),
		kit.RefersTo("customer_id", v.Cust.Table+".id", "The "+v.C+" claiming (CRM id)."),
		kit.Text("payer", "Who the claim is against: insurer, carrier or other payer."),
		kit.Enum("category", "Kind of claim.", cats...),
		kit.Date("incident_date", "When it happened."),
		kit.Text("description", "What happened."),
		kit.Money("claimed_amount", "Amount claimed"),
		kit.Opt(kit.Money("assessed_amount", "Amount the assessment found payable")),
		kit.Opt(kit.RefersTo("adjuster_id", v.Staff.Table+".id", "The "+v.St+" who assessed it.")),
		kit.Enum("status", "submitted → under_review → approved → paid, or rejected after review.", "submitted", "under_review", "approved", "paid", "rejected"),
		kit.Opt(kit.Text("decision_note", "Reason given with the decision.")),
		kit.Opt(kit.RefersTo("source_ref", v.Work.Table+".id", "The "+v.Work.Noun+" it concerns, if any.")),
		kit.Datetime("lodged_at", "When it was lodged."),
	)
	s.Table(payouts, "Payouts of approved "+many+".", "PAY-", 5,
		kit.PK(), kit.Ref("claim_id", table, "The "+one+"."), kit.Money("amount", "Amount paid out"),
		kit.Enum("method", "How it was paid.", "bank_transfer", "cheque", "credit_note"), kit.Date("paid_on", "Date of payment."))
	e := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.CustRoles("customer_id")}
	g.SetEntity(o, e)
	payers := []string{insurerName(v, g.R), insurerName(v, g.R), insurerName(v, g.R)}
	var items []string
	for _, it := range g.Vocab.Items {
		items = append(items, it.Name)
	}
	if len(items) == 0 {
		items = []string{engine.Title(g.Vocab.Work.One)}
	}
	// What gets claimed depends on the trade (its flavour's claim kinds:
	// a clinic's are mostly about the service).
	mix := []string{"damage", "loss", "delay", "defect", "service", "other"}
	if ks := engine.Flavoured(g, func(f catalog.Flavour) []string { return f.ClaimKinds }); ks != nil {
		mix = ks
	}
	// What happened, in the world's language: one text key per category
	// ("claim_loss"), with the item it is about.
	describe := func(r interface{ IntN(int) int }, cat string) string {
		it := items[r.IntN(len(items))]
		says := g.Locale.Lex().Sentences("claim_" + cat)
		if len(says) == 0 {
			says = g.Locale.Lex().Sentences("claim_other")
		}
		return seed.Fill(says[r.IntN(len(says))], "item", it)
	}
	newRow := func(n int, c engine.Row, status string, d int) engine.Row {
		cat := engine.Pick(g.R, mix)
		claimed := v.StepMoney(g.R, 50, 4000)
		r := engine.Row{"id": e.ID(n), "customer_id": c["id"], "payer": engine.Pick(g.R, payers), "category": cat, "incident_date": g.Day(d - 3 - g.R.IntN(20)),
			"description": describe(g.R, cat), "claimed_amount": claimed, "status": status, "lodged_at": v.At(d, 10, 20)}
		if status != "submitted" {
			r["assessed_amount"], r["adjuster_id"] = claimed*int64(5+g.R.IntN(6))/10, engine.Pick(g.R, v.Team())["id"]
		}
		switch status {
		case "approved", "paid":
			r["decision_note"] = g.Locale.Lex().Say("claim_approved")
		case "rejected":
			r["decision_note"] = engine.Pick(g.R, g.Locale.Lex().Sentences("claim_rejected"))
		}
		return r
	}
	pay := func(c engine.Row, d int) {
		g.AddRow(payouts, engine.Row{"id": fmt.Sprintf("PAY-%05d", v.NextNumber(payouts)), "claim_id": c["id"], "amount": c["assessed_amount"], "method": "bank_transfer", "paid_on": g.Day(d)})
	}
	for i := 1; i <= 14+g.R.IntN(12); i++ {
		d := -g.R.IntN(60)
		status := engine.Pick(g.R, []string{"submitted", "under_review", "approved", "paid", "paid", "rejected"})
		r := v.Add(e, table, newRow(i, engine.Pick(g.R, v.Customers()), status, d))
		if status == "paid" {
			pay(r, min(d+10, 0))
		}
	}
	for _, st := range []string{"submitted", "approved"} {
		v.Add(e, table, newRow(v.NextNumber(table), engine.Pick(g.R, v.Customers()), st, -3))
	}

	// Tools.
	v.Tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by %s, status, category or the %s they concern. Returns id (like %s), %s id, payer, category, claimed and assessed amounts (minor units) and status.", many, v.C, v.Work.Noun, e.ID(1), v.C),
		[]world.ArgSpec{kit.S("customer_id", false, "CRM id."), kit.A("status", table+".status", false, ""), kit.A("category", table+".category", false, ""), kit.S("source_ref", false, "Id of the "+v.Work.Noun+".")},
		kit.Search(table, []string{"-lodged_at"}, []string{"id", "customer_id", "payer", "category", "claimed_amount", "assessed_amount", "status", "source_ref"},
			kit.F("customer_id", "eq", "customer_id"), kit.F("status", "eq", "status"), kit.F("category", "eq", "category"), kit.F("source_ref", "eq", "source_ref")))
	v.Tool(false, "get_"+o, "Get "+engine.An(one), fmt.Sprintf("Read one %s by id, with assessment and decision.", one),
		[]world.ArgSpec{kit.S(o+"_id", true, "e.g. "+e.ID(1))}, kit.Get(table, o+"_id", "", fmt.Sprintf("No %s {%s_id}.", one, o)))
	v.Tool(true, "lodge_"+o, "Lodge "+engine.An(one),
		fmt.Sprintf("Lodge a %s for a %s against a payer. claimed_amount in minor units. Refused if the same %s already has a submitted %s of that category for that incident date. Starts as submitted.", one, v.C, v.C, one),
		[]world.ArgSpec{kit.S("customer_id", true, "CRM id."), kit.S("payer", true, "Insurer, carrier or payer."), kit.A("category", table+".category", true, ""),
			{Name: "incident_date", Type: "date", Required: true}, kit.S("description", true, ""), {Name: "claimed_amount", Type: "integer", Required: true, Minimum: kit.NumPtr(1)},
			kit.S("source_ref", false, "Id of the "+v.Work.Noun+" it concerns, if any.")},
		world.Step{Absent: table, Where: map[string]any{"customer_id": "$customer_id", "category": "$category", "incident_date": "$incident_date", "status": "submitted"}, As: "dup",
			Message: "{dup.id} for the same incident is already submitted."},
		kit.Insert(table, "", map[string]any{"customer_id": "$customer_id", "payer": "$payer", "category": "$category", "incident_date": "$incident_date", "description": "$description",
			"claimed_amount": "$claimed_amount", "source_ref": "$source_ref", "status": "submitted", "lodged_at": "$now"}))
	v.Tool(false, "assess_"+o, "Assess "+engine.An(one),
		fmt.Sprintf("Record the assessment of a submitted %s: who assessed it and the amount found payable (minor units). Moves it to under_review.", one),
		[]world.ArgSpec{kit.S(o+"_id", true, ""), kit.S("adjuster_id", true, "Id of the "+v.St+"."), {Name: "assessed_amount", Type: "integer", Required: true, Minimum: kit.NumPtr(0)}},
		kit.Get(table, o+"_id", "c", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$c.status", Equals: "submitted", Message: "{" + o + "_id} is {c.status}; only submitted " + many + " can be assessed."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "under_review", "adjuster_id": "$adjuster_id", "assessed_amount": "$assessed_amount"}})
	v.Tool(true, "decide_"+o, "Approve or reject",
		fmt.Sprintf("Decide an assessed %s (under_review): approved or rejected, with the reason given to the %s.", one, v.C),
		[]world.ArgSpec{kit.S(o+"_id", true, ""), {Name: "decision", Type: "string", Required: true, Enum: kit.Vals("approved", "rejected")}, kit.S("note", true, "Reason.")},
		kit.Get(table, o+"_id", "c", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$c.status", Equals: "under_review", Message: "{" + o + "_id} is {c.status}; assess it first (only " + many + " under review can be decided)."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "$decision", "decision_note": "$note"}})
	v.Tool(false, "pay_"+o, "Pay out "+engine.An(one),
		fmt.Sprintf("Pay an approved %s its assessed amount, dated today, and mark it paid.", one),
		[]world.ArgSpec{kit.S(o+"_id", true, ""), kit.A("method", payouts+".method", true, "")},
		kit.Get(table, o+"_id", "c", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$c.status", Equals: "approved", Message: "{" + o + "_id} is {c.status}; only approved " + many + " are paid."},
		kit.Insert(payouts, "p", map[string]any{"claim_id": "$" + o + "_id", "amount": "$c.assessed_amount", "method": "$method", "paid_on": "$today"}),
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "paid"}})

	// Events: approved, rejected.
	setup := func(tc *engine.TaskCtx) engine.Row {
		c := engine.Pick(tc.R, v.Customers())
		cat := engine.Pick(tc.R, mix)
		claimed := v.StepMoney(tc.R, 80, 3000)
		return engine.Row{"id": e.ID(tc.FreshID(table)), "customer_id": c["id"], "payer": engine.Pick(tc.R, payers), "category": cat, "incident_date": g.Day(-20),
			"description": describe(tc.R, cat), "claimed_amount": claimed, "assessed_amount": claimed * 8 / 10, "adjuster_id": v.Team()[0]["id"],
			"status": "under_review", "lodged_at": v.At(-12, 11, 0)}
	}
	v.Event(e, kit.StatusEvent{
		Name: "approved", Kind: "done", When: fmt.Sprintf("%s is approved (and later paid)", engine.An(one)), Where: map[string]any{"status": map[string]any{"in": kit.Vals("approved", "paid")}},
		InState: func(r engine.Row) bool { return r["status"] == "approved" || r["status"] == "paid" },
		Setup:   setup,
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "decide_" + o, Args: map[string]any{o + "_id": r["id"], "decision": "approved", "note": g.Locale.Lex().Say("claim_approved")}}
		},
		Ask: []string{
			fmt.Sprintf("The assessment of %s {id} ({name}) holds up; approve it as covered under the terms.", one),
			fmt.Sprintf("Approve %s {id} of {name} at the assessed amount – it is covered.", one),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The "+one+" is approved.", table, r["id"], "status", "approved")}
		},
	})
	v.Event(e, kit.StatusEvent{
		Name: "rejected", Kind: "cancelled", When: fmt.Sprintf("%s is rejected", engine.An(one)), Where: map[string]any{"status": "rejected"},
		InState: func(r engine.Row) bool { return r["status"] == "rejected" },
		Setup:   setup,
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "decide_" + o, Args: map[string]any{o + "_id": r["id"], "decision": "rejected", "note": g.Locale.Lex().Say("claim_rejected")}}
		},
		Ask: []string{
			fmt.Sprintf("%s {id} of {name} is not covered (excluded cause). Reject it.", engine.Title(one)),
			"Reject {id}: the cause is excluded under the terms {name} holds.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The "+one+" is rejected.", table, r["id"], "status", "rejected")}
		},
	})

	// Action: finished or cancelled work is claimed from the payer.
	v.RefAction(kit.RefAction{
		Name: "claim_lodged", On: []string{"done"}, Needs: []string{"id", "customer_id", "amount"}, Table: table,
		Then: fmt.Sprintf("a %s for the {noun}'s full amount must be lodged in %s for the same %s, with the {noun} id as its reference", one, s.Title, v.C),
		Live: []string{"submitted", "under_review", "approved", "paid"},
		Eq:   map[string]string{"claimed_amount": "amount"},
		Call: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) world.Call {
			return world.Call{Tool: "lodge_" + o, Args: map[string]any{"customer_id": up.Val("customer_id", r), "payer": payers[0], "category": mix[0],
				"incident_date": v.UpDate(up, r), "description": fmt.Sprintf("%s: %s", r[up.Key], kit.UpItem(up, r)), "claimed_amount": up.Val("amount", r), "source_ref": r[up.Key]}}
		},
		Want: func(up *engine.Entity, r engine.Row) map[string]any {
			return map[string]any{"status": "submitted", "claimed_amount": up.Val("amount", r)}
		},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			d := min(v.Offset(v.UpDate(up, r))+2, 0)
			// Never "submitted": lodging refuses a second submitted claim
			// for the same incident, and new work is dated today.
			status := "under_review"
			if d < -10 {
				status = "paid"
			}
			row := newRow(v.NextNumber(table), kit.Find(v.Cust.Rows, up.Val("customer_id", r)), status, d)
			row["category"], row["claimed_amount"], row["source_ref"] = mix[0], up.Val("amount", r), r[up.Key]
			row["description"], row["incident_date"] = fmt.Sprintf("%s: %s", r[up.Key], kit.UpItem(up, r)), v.UpDate(up, r)
			row["assessed_amount"] = up.Val("amount", r)
			v.Add(e, table, row)
			if status == "paid" {
				pay(row, 0)
			}
		},
	})

	// Chores: assess; pay.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "account manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		cands := v.PickRows(table, func(r engine.Row) bool { return r["status"] == "submitted" })
		if len(cands) == 0 {
			return engine.Task{}, false
		}
		c, adj := engine.Pick(tc.R, cands), engine.Pick(tc.R, v.Team())
		amount := c["claimed_amount"].(int64) * int64(5+tc.R.IntN(5)) / 10
		return engine.Task{
			Title:       "record assessment",
			Instruction: fmt.Sprintf("%s (%s) assessed %s %s: %s of the %s claimed is payable. Please record the assessment.", adj["name"], adj["id"], one, c["id"], v.FmtMoney(amount), v.FmtMoney(c["claimed_amount"].(int64))),
			Calls:       []world.Call{{Tool: "assess_" + o, Args: map[string]any{o + "_id": c["id"], "adjuster_id": adj["id"], "assessed_amount": amount}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The assessed amount is recorded.", table, c["id"], "assessed_amount", amount),
				kit.FieldIs("The adjuster is recorded.", table, c["id"], "adjuster_id", adj["id"]),
				kit.FieldIs("It is under review, not yet decided.", table, c["id"], "status", "under_review"),
			},
			MayChange: []world.Change{{Table: table, Keys: []any{c["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "account manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		cands := v.PickRows(table, func(r engine.Row) bool { return r["status"] == "approved" })
		if len(cands) == 0 {
			return engine.Task{}, false
		}
		c := engine.Pick(tc.R, cands)
		tc.NextID(payouts)
		return engine.Task{
			Title:       "pay out " + one,
			Instruction: fmt.Sprintf("Finance released the money for approved %s %s (%s). Pay it out by bank transfer.", one, c["id"], kit.Lookup(v.Cust, c["customer_id"], "name")),
			Calls:       []world.Call{{Tool: "pay_" + o, Args: map[string]any{o + "_id": c["id"], "method": "bank_transfer"}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The "+one+" is paid.", table, c["id"], "status", "paid"),
				{Description: "One payout of the assessed amount by bank transfer.", Weight: 2, Count: &world.CountMatch{Table: payouts, Where: map[string]any{"claim_id": c["id"], "amount": c["assessed_amount"], "method": "bank_transfer"}, Equals: kit.PtrInt(1)}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{c["id"]}, Ops: []string{"update"}}, {Table: payouts, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
}
