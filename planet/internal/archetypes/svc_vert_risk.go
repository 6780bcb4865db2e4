package archetypes

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

// Verticals of risk and advice: claims with assessment and payout, legal
// or advisory cases with deadlines and filings, insurance policies with
// endorsements and renewals.

func init() {
	for _, d := range []*engine.ServiceDef{
		{Name: "claims", Title: "Claims", Build: buildClaims},
		{Name: "cases", Title: "Cases", Build: buildCases},
		{Name: "policies_insurance", Title: "Insurance policies", Build: buildPolicies},
	} {
		d.Vertical, d.Layer = true, engine.LayerOperations
		engine.Register(d)
	}
}

// insurerName makes a plausible insurer name of the country, from the
// catalog's insurance industry when it has one.
func insurerName(v *kit.Builder, r *rand.Rand) string {
	if ind, ok := engine.IndustryByID("insurance"); ok {
		return v.Gen.Locale.C.CompanyName(r, ind)
	}
	_, fam, _ := v.Gen.Locale.C.PersonName(r)
	return fam + " " + []string{"Mutual", "Assurance", "Insurance", "Underwriters"}[r.IntN(4)]
}

// ---------------------------------------------------------------- claims

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
	// What gets claimed depends on the trade.
	mix := []string{"damage", "loss", "delay", "defect", "service", "other"}
	switch {
	case v.Industry("dental", "clinic", "veterin", "pharma", "health", "fitness", "beauty", "salon"):
		mix = []string{"service", "service", "service", "injury", "other"}
	case v.Industry("freight", "logistic", "shipping", "ecommerce", "retail", "wholesale", "warehous"):
		mix = []string{"damage", "damage", "loss", "loss", "delay"}
	case v.Industry("construct", "manufactur", "car", "utilit", "property", "repair"):
		mix = []string{"defect", "defect", "damage", "service", "other"}
	case v.Industry("travel", "hotel", "event", "restaurant"):
		mix = []string{"delay", "service", "loss", "injury", "other"}
	}
	describe := func(r interface{ IntN(int) int }, cat string) string {
		it := items[r.IntN(len(items))]
		switch cat {
		case "damage":
			return []string{"Damaged in handling: ", "Water damage affecting ", "Arrived broken: "}[r.IntN(3)] + it
		case "loss":
			return []string{"Lost in transit: ", "Missing after pick-up: "}[r.IntN(2)] + it
		case "delay":
			return "Delayed, extra costs incurred: " + it
		case "defect":
			return []string{"Failed within warranty: ", "Faulty workmanship on "}[r.IntN(2)] + it
		case "service":
			return []string{"Costs to be reimbursed: ", "Covered under the plan: "}[r.IntN(2)] + it
		case "injury":
			return "Injury on the premises during " + it
		}
		return "Costs after cancellation: " + it
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
			r["decision_note"] = "Covered under the terms."
		case "rejected":
			r["decision_note"] = engine.Pick(g.R, []string{"Not covered: excluded cause.", "Claimed too late.", "No proof of loss."})
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
			return world.Call{Tool: "decide_" + o, Args: map[string]any{o + "_id": r["id"], "decision": "approved", "note": "Covered under the terms."}}
		},
		Ask: []string{
			fmt.Sprintf("The assessment of %s {id} ({name}) holds up; approve it as covered under the terms.", one),
			fmt.Sprintf("Approve {name}'s %s {id} at the assessed amount – it is covered.", one),
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
			return world.Call{Tool: "decide_" + o, Args: map[string]any{o + "_id": r["id"], "decision": "rejected", "note": "Not covered: excluded cause."}}
		},
		Ask: []string{
			fmt.Sprintf("%s {id} of {name} is not covered (excluded cause). Reject it.", engine.Title(one)),
			"Reject {id}: the cause is excluded under {name}'s terms.",
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
				"incident_date": v.UpDate(up, r), "description": fmt.Sprintf("%s %s: %s", engine.Title(up.Noun), r[up.Key], kit.UpItem(up, r)), "claimed_amount": up.Val("amount", r), "source_ref": r[up.Key]}}
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
			row := newRow(v.NextNumber(table), lookupRow(v.Cust.Rows, up.Val("customer_id", r)), status, d)
			row["category"], row["claimed_amount"], row["source_ref"] = mix[0], up.Val("amount", r), r[up.Key]
			row["description"], row["incident_date"] = fmt.Sprintf("%s %s: %s", engine.Title(up.Noun), r[up.Key], kit.UpItem(up, r)), v.UpDate(up, r)
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

// ---------------------------------------------------------------- cases

func buildCases(g *engine.Gen, s *engine.Svc) {
	v := kit.New(g, s)
	one, many := v.Noun([2]string{"case", "cases"}, [2]string{"matter", "matters"}, [2]string{"file", "files"})
	v.Named(many)
	o, m := engine.Snake(one), engine.Snake(many)
	table, dl := s.Name+"_files", s.Name+"_deadlines"
	prefix := v.Prefix("CAS-", "MAT-")
	s.Description = fmt.Sprintf("The %s %s handles for its %s: who leads them, agreed fees, and the deadlines and filings of each.", many, g.Company.Name, v.CMany)
	areas := []string{"contract", "employment", "property", "family", "tax", "regulatory", "dispute", "other"}
	s.Table(table, engine.Title(many)+".", prefix, 5,
		kit.PK(),
		kit.RefersTo("customer_id", v.Cust.Table+".id", "The "+v.C+" (CRM id)."),
		kit.Text("title", "Short title."),
		kit.Enum("practice_area", "Area.", areas...),
		kit.RefersTo("lead_id", v.Staff.Table+".id", "The "+v.St+" who leads it."),
		kit.Money("fee", "Agreed fixed fee"),
		kit.Date("opened_on", "Opened."),
		kit.Enum("status", "open, on_hold, closed.", "open", "on_hold", "closed"),
		kit.Opt(kit.Text("outcome", "How it ended.")),
		kit.Opt(kit.Date("closed_on", "Closed.")),
		kit.Opt(kit.RefersTo("source_ref", v.Work.Table+".id", "The "+v.Work.Noun+" it arose from, if any.")),
	)
	s.Table(dl, "Deadlines of "+many+": filings, hearings, responses.", "DL-", 5,
		kit.PK(), kit.Ref("case_id", table, "The "+one+"."), kit.Enum("kind", "Kind.", "filing", "hearing", "response", "limitation", "review"),
		kit.Date("due_on", "Due."), kit.Text("description", "What is due."),
		kit.Enum("status", "open → filed (done), or waived.", "open", "filed", "waived"),
		kit.Opt(kit.Text("filing_ref", "Reference of the filing or submission.")), kit.Opt(kit.Date("done_on", "When it was done.")))
	e := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.CustRoles("customer_id")}
	e.Roles["amount"] = engine.Column("fee")
	g.SetEntity(o, e)
	// Topics and their areas, by trade.
	type topic struct{ title, area string }
	topics := []topic{{"Contract review", "contract"}, {"Unpaid invoice", "dispute"}, {"Lease dispute", "property"}, {"Dismissal claim", "employment"},
		{"Tax audit", "tax"}, {"Licence application", "regulatory"}, {"Warranty dispute", "contract"}, {"Shareholder agreement", "contract"}, {"Divorce settlement", "family"}}
	switch {
	case v.Industry("property", "real estate", "real-estate", "hotel"):
		topics = []topic{{"Rent arrears", "property"}, {"Deposit dispute", "property"}, {"Eviction notice", "property"}, {"Service charge dispute", "property"}, {"Noise complaint", "other"}, {"Planning objection", "regulatory"}}
	case v.Industry("insurance"):
		topics = []topic{{"Coverage dispute", "contract"}, {"Subrogation", "dispute"}, {"Fraud investigation", "regulatory"}, {"Complaint to the ombudsman", "regulatory"}, {"Liability claim", "dispute"}}
	case v.Industry("accounting", "tax"):
		topics = []topic{{"Tax audit", "tax"}, {"VAT enquiry", "tax"}, {"Appeal against assessment", "tax"}, {"Payroll dispute", "employment"}, {"Late filing penalty", "tax"}}
	case v.Industry("it-", "saas", "software", "utilit", "telecom"):
		topics = []topic{{"Contract dispute", "contract"}, {"SLA breach", "contract"}, {"Data protection request", "regulatory"}, {"Billing complaint", "dispute"}, {"Ombudsman referral", "regulatory"}}
	case v.Industry("travel"):
		topics = []topic{{"Refund claim", "dispute"}, {"Package travel complaint", "contract"}, {"Denied boarding compensation", "regulatory"}}
	case v.Industry("recruit", "staffing"):
		topics = []topic{{"Placement fee dispute", "contract"}, {"Discrimination complaint", "employment"}, {"Work permit application", "regulatory"}}
	}
	what := map[string]string{"filing": "File the statement", "hearing": "Hearing", "response": "Reply to the other side", "limitation": "Limitation period ends", "review": "Internal review"}
	filingRef := func(n int) string {
		return fmt.Sprintf("%d-%s-%04d", g.Start.Year(), []string{"AZ", "REF", "DOC"}[n%3], 1000+n*37%9000)
	}
	addDeadline := func(c engine.Row, d int, status string) {
		k := engine.Pick(g.R, []string{"filing", "hearing", "response", "limitation", "review"})
		n := v.NextNumber(dl)
		r := engine.Row{"id": fmt.Sprintf("DL-%05d", n), "case_id": c["id"], "kind": k, "due_on": g.Day(d), "description": what[k], "status": status}
		if status == "filed" {
			r["filing_ref"], r["done_on"] = filingRef(n), g.Day(d-1)
		}
		g.AddRow(dl, r)
	}
	newRow := func(n int, c engine.Row, d int, status string) engine.Row {
		tp := engine.Pick(g.R, topics)
		r := engine.Row{"id": e.ID(n), "customer_id": c["id"], "title": tp.title + " – " + fmt.Sprint(c["name"]), "practice_area": tp.area,
			"lead_id": engine.Pick(g.R, v.Team())["id"], "fee": v.StepMoney(g.R, 500, 12000), "opened_on": g.Day(d), "status": status}
		if status == "closed" {
			r["outcome"], r["closed_on"] = engine.Pick(g.R, []string{"Settled", "Won", "Advice given", "Withdrawn by the other side"}), g.Day(min(d+40, -1))
		}
		return r
	}
	for i := 1; i <= 12+g.R.IntN(10); i++ {
		d := -g.R.IntN(300)
		status := engine.Pick(g.R, []string{"open", "open", "open", "on_hold", "closed"})
		c := v.Add(e, table, newRow(i, engine.Pick(g.R, v.Customers()), d, status))
		for k := range 1 + g.R.IntN(3) {
			due := d + 30*(k+1)
			st := "open"
			if status == "closed" || due < -3 {
				st = engine.Pick(g.R, []string{"filed", "filed", "waived"})
			}
			addDeadline(c, due, st)
		}
	}
	e.Rows[0]["status"], e.Rows[0]["outcome"], e.Rows[0]["closed_on"] = "open", nil, nil
	var open []engine.Row
	for _, c := range e.Rows {
		if c["status"] == "open" {
			open = append(open, c)
		}
	}
	addDeadline(open[0], 4, "open")

	// Tools.
	v.Tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by %s, status, area, lead or title. Returns every field: id (like %s), title, area, lead, fee (minor units), dates, status, outcome.", many, v.C, e.ID(1)),
		[]world.ArgSpec{kit.S("customer_id", false, "CRM id."), kit.A("status", table+".status", false, ""), kit.A("practice_area", table+".practice_area", false, ""),
			kit.S("lead_id", false, "Id of the "+v.St+"."), kit.S("query", false, "Part of the title.")},
		kit.Search(table, []string{"-opened_on"}, nil, kit.F("customer_id", "eq", "customer_id"), kit.F("status", "eq", "status"), kit.F("practice_area", "eq", "practice_area"),
			kit.F("lead_id", "eq", "lead_id"), kit.FAny("query", "title")))
	v.Tool(false, "search_deadlines", "Search deadlines",
		fmt.Sprintf("Deadlines of a %s, or all open ones up to a date, soonest first.", one),
		[]world.ArgSpec{kit.S("case_id", false, "e.g. "+e.ID(1)), kit.A("status", dl+".status", false, ""), {Name: "due_by", Type: "date", Description: "Due on or before."}},
		kit.Search(dl, []string{"due_on"}, nil, kit.F("case_id", "eq", "case_id"), kit.F("status", "eq", "status"), kit.F("due_on", "lte", "due_by")))
	v.Tool(true, "open_"+o, "Open "+engine.An(one),
		fmt.Sprintf("Open a %s for a %s with the lead %s and the agreed fixed fee (minor units), dated today.", one, v.C, v.St),
		[]world.ArgSpec{kit.S("customer_id", true, "CRM id."), kit.S("title", true, ""), kit.A("practice_area", table+".practice_area", true, ""), kit.S("lead_id", true, "Id of the "+v.St+"."),
			{Name: "fee", Type: "integer", Required: true, Minimum: kit.NumPtr(0)}, kit.S("source_ref", false, "Id of the "+v.Work.Noun+" it arose from, if any.")},
		kit.Insert(table, "", map[string]any{"customer_id": "$customer_id", "title": "$title", "practice_area": "$practice_area", "lead_id": "$lead_id", "fee": "$fee",
			"source_ref": "$source_ref", "opened_on": "$today", "status": "open"}))
	v.Tool(false, "add_deadline", "Add a deadline",
		fmt.Sprintf("Add a deadline to an open %s.", one),
		[]world.ArgSpec{kit.S("case_id", true, ""), kit.A("kind", dl+".kind", true, ""), {Name: "due_on", Type: "date", Required: true}, kit.S("description", true, "")},
		kit.Get(table, "case_id", "c", "No "+one+" {case_id}."),
		world.Step{Require: "$c.status", Equals: "open", Message: "{c.title} is {c.status}; deadlines are added to open " + many + " only."},
		kit.Insert(dl, "", map[string]any{"case_id": "$case_id", "kind": "$kind", "due_on": "$due_on", "description": "$description", "status": "open"}))
	v.Tool(true, "record_filing", "Record a filing",
		"Record that an open deadline was met: the reference of what was filed or submitted, dated today.",
		[]world.ArgSpec{kit.S("deadline_id", true, "e.g. DL-00001"), kit.S("filing_ref", true, "Reference of the filing.")},
		kit.Get(dl, "deadline_id", "d", "No deadline {deadline_id}."),
		world.Step{Require: "$d.status", Equals: "open", Message: "{deadline_id} is {d.status} already."},
		world.Step{Update: dl, Key: "$deadline_id", Set: map[string]any{"status": "filed", "filing_ref": "$filing_ref", "done_on": "$today"}})
	v.Tool(false, "close_"+o, "Close "+engine.An(one),
		fmt.Sprintf("Close an open %s with its outcome, dated today. Refused while it has open deadlines.", one),
		[]world.ArgSpec{kit.S("case_id", true, ""), kit.S("outcome", true, "")},
		kit.Get(table, "case_id", "c", "No "+one+" {case_id}."),
		world.Step{Require: "$c.status", In: kit.Vals("open", "on_hold"), Message: "{case_id} is {c.status}."},
		world.Step{Absent: dl, Where: map[string]any{"case_id": "$case_id", "status": "open"}, As: "d", Message: "{case_id} still has open deadline {d.id} ({d.description}, due {d.due_on})."},
		world.Step{Update: table, Key: "$case_id", Set: map[string]any{"status": "closed", "outcome": "$outcome", "closed_on": "$today"}})

	// Event: closed.
	v.Event(e, kit.StatusEvent{
		Name: "closed", Kind: "done", When: fmt.Sprintf("%s is closed", engine.An(one)), Where: map[string]any{"status": "closed"},
		InState: func(r engine.Row) bool { return r["status"] == "closed" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			c := engine.Pick(tc.R, v.Customers())
			tp := engine.Pick(tc.R, topics)
			return engine.Row{"id": e.ID(tc.FreshID(table)), "customer_id": c["id"], "title": tp.title + " – " + fmt.Sprint(c["name"]), "practice_area": tp.area,
				"lead_id": v.Team()[0]["id"], "fee": v.StepMoney(tc.R, 500, 8000), "opened_on": g.Day(-45), "status": "open"}
		},
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "close_" + o, Args: map[string]any{"case_id": r["id"], "outcome": "Settled"}}
		},
		Ask: []string{
			fmt.Sprintf("{name}'s %s {id} has settled. Please close it with outcome \"Settled\".", one),
			fmt.Sprintf("Close %s {id} for {name}: the parties settled.", one),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The "+one+" is closed.", table, r["id"], "status", "closed"),
				{Description: "The outcome mentions the settlement.", Exists: &world.RowMatch{Table: table, Where: map[string]any{"id": r["id"], "outcome": map[string]any{"contains": "settle"}}}}}
		},
	})

	// Action: finished or cancelled work opens a case.
	v.RefAction(kit.RefAction{
		Name: "case_opened", On: []string{"done", "cancelled"}, Needs: []string{"id", "customer_id", "date"}, Table: table,
		Then: fmt.Sprintf("a %s for the same %s must be opened in %s, with the {noun} id as its reference", one, v.C, s.Title),
		Live: []string{"open", "on_hold", "closed"},
		Call: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) world.Call {
			return world.Call{Tool: "open_" + o, Args: map[string]any{"customer_id": up.Val("customer_id", r), "title": fmt.Sprintf("%s %s: %s", engine.Title(up.Noun), r[up.Key], kit.UpItem(up, r)),
				"practice_area": "other", "lead_id": v.Team()[0]["id"], "fee": v.StepMoney(tc.R, 300, 3000), "source_ref": r[up.Key]}}
		},
		Want: func(up *engine.Entity, r engine.Row) map[string]any { return map[string]any{"status": "open"} },
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			d := min(v.Offset(up.Val("date", r))+1, 0)
			status := "open"
			if d < -20 {
				status = "closed"
			}
			row := newRow(v.NextNumber(table), lookupRow(v.Cust.Rows, up.Val("customer_id", r)), d, status)
			row["title"], row["practice_area"], row["source_ref"] = fmt.Sprintf("%s %s: %s", engine.Title(up.Noun), r[up.Key], kit.UpItem(up, r)), "other", r[up.Key]
			v.Add(e, table, row)
		},
	})

	// Chores: a new deadline; a filing made.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		c := engine.Pick(tc.R, open)
		due := g.Day(10 + tc.R.IntN(50))
		id := fmt.Sprintf("DL-%05d", tc.NextID(dl))
		return engine.Task{
			Title:       "add hearing date",
			Instruction: fmt.Sprintf("The court set a hearing in %s \"%s\" (%s) for %s. Please put it in the deadlines.", one, c["title"], c["id"], due),
			Calls:       []world.Call{{Tool: "add_deadline", Args: map[string]any{"case_id": c["id"], "kind": "hearing", "due_on": due, "description": "Hearing"}}},
			Assertions: []world.Assertion{
				{Description: "The hearing is on file.", Weight: 2, Exists: &world.RowMatch{Table: dl, Where: map[string]any{"id": id, "case_id": c["id"], "kind": "hearing", "due_on": due, "status": "open"}}},
				{Description: "Added once.", Count: &world.CountMatch{Table: dl, Where: map[string]any{"case_id": c["id"], "kind": "hearing", "due_on": due}, Equals: kit.PtrInt(1)}},
			},
			MayChange: []world.Change{{Table: dl, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		cands := v.PickRows(dl, func(r engine.Row) bool { return r["status"] == "open" })
		if len(cands) == 0 {
			return engine.Task{}, false
		}
		d := engine.Pick(tc.R, cands)
		ref := filingRef(900 + tc.R.IntN(900))
		return engine.Task{
			Title:       "record filing",
			Instruction: fmt.Sprintf("We met deadline %s (%s, %s %s) today; the filing reference is %s. Please record it.", d["id"], d["description"], one, d["case_id"], ref),
			Calls:       []world.Call{{Tool: "record_filing", Args: map[string]any{"deadline_id": d["id"], "filing_ref": ref}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The deadline is filed.", dl, d["id"], "status", "filed"),
				kit.FieldIs("With the filing reference.", dl, d["id"], "filing_ref", ref),
			},
			MayChange: []world.Change{{Table: dl, Keys: []any{d["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// ---------------------------------------------------------------- insurance policies

func buildPolicies(g *engine.Gen, s *engine.Svc) {
	v := kit.New(g, s)
	one, many := v.Noun([2]string{"insurance policy", "insurance policies"}, [2]string{"cover", "covers"}, [2]string{"insurance contract", "insurance contracts"})
	v.Named(many)
	o, m := engine.Snake(one), engine.Snake(many)
	table, endorse := s.Name+"_policies", s.Name+"_endorsements"
	prefix := v.Prefix("POL-", "INP-")
	s.Description = fmt.Sprintf("%s arranged by %s for its %s: cover, sum insured, premium, endorsements and renewals.", engine.Title(many), g.Company.Name, v.CMany)
	products := []string{"motor", "home", "contents", "liability", "travel", "health", "business", "cargo", "equipment"}
	s.Table(table, engine.Title(many)+".", prefix, 5,
		kit.PK(),
		kit.RefersTo("customer_id", v.Cust.Table+".id", "The policyholder (CRM id)."),
		kit.Enum("product", "Line of cover.", products...),
		kit.Text("insured_item", "What is insured."),
		kit.Text("insurer", "Underwriting insurer."),
		kit.Money("sum_insured", "Sum insured"),
		kit.Money("premium", "Annual premium"),
		kit.Date("starts_on", "Cover starts."),
		kit.Opt(kit.Date("renews_on", "Next renewal date (set when bound).")),
		kit.Opt(kit.Money("bound_premium", "Annual premium when it was bound (invoiced then)")),
		kit.Enum("status", "quoted → active (bound) → lapsed; quotes or active policies can be cancelled.", "quoted", "active", "lapsed", "cancelled"),
		kit.Opt(kit.RefersTo("source_ref", v.Work.Table+".id", "The "+v.Work.Noun+" it covers, if any.")),
		kit.Datetime("quoted_at", "When it was quoted."),
	)
	s.Table(endorse, "Mid-term changes (endorsements) of "+many+".", "END-", 5,
		kit.PK(), kit.Ref("policy_id", table, "The "+one+"."), kit.Text("change", "What changed."), kit.Money("premium_after", "Annual premium after the change"),
		kit.Date("effective_on", "From when."), kit.Datetime("recorded_at", "When it was recorded."))
	e := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.CustRoles("customer_id")}
	// The amount billed is the premium as bound; endorsements and renewals
	// change the premium later.
	e.Roles["amount"] = engine.Role{
		SQL: func(a string) string { return fmt.Sprintf("COALESCE(%s.bound_premium, %s.premium)", a, a) },
		Value: func(r engine.Row) any {
			if bp, ok := r["bound_premium"].(int64); ok {
				return bp
			}
			return r["premium"]
		},
	}
	e.Roles["date"] = engine.Column("starts_on")
	g.SetEntity(o, e)
	mine := []string{engine.Pick(g.R, products), engine.Pick(g.R, products), engine.Pick(g.R, products)}
	plate := func() string {
		return fmt.Sprintf("%c%c %03d %c%c", 'A'+rune(g.R.IntN(26)), 'A'+rune(g.R.IntN(26)), 100+g.R.IntN(900), 'A'+rune(g.R.IntN(26)), 'A'+rune(g.R.IntN(26)))
	}
	items := map[string][]string{"motor": {"Car, reg. " + plate(), "Delivery van, reg. " + plate(), "Company car, reg. " + plate()}, "home": {"House", "Flat"},
		"contents": {"Household contents", "Office contents"}, "liability": {"Public liability", "Professional liability"}, "travel": {"Annual travel", "Single trip"},
		"health": {"Supplementary dental", "Hospital cover"}, "business": {"Business interruption", "Shop premises"}, "cargo": {"Goods in transit", "Open cargo"},
		"equipment": {"Machinery", "IT equipment"}}
	// Sums insured (EUR-equivalent) and annual rates per line of cover.
	type band struct{ lo, hi, rlo, rhi float64 }
	bands := map[string]band{"motor": {8000, 60000, 0.04, 0.08}, "home": {150000, 600000, 0.001, 0.003}, "contents": {10000, 80000, 0.005, 0.01},
		"liability": {500000, 3000000, 0.0005, 0.002}, "travel": {5000, 20000, 0.01, 0.03}, "health": {10000, 50000, 0.05, 0.1},
		"business": {50000, 1000000, 0.003, 0.01}, "cargo": {20000, 300000, 0.003, 0.01}, "equipment": {10000, 200000, 0.01, 0.03}}
	premiumFor := func(r interface{ Float64() float64 }, p string, sum int64) int64 {
		b := bands[p]
		unit := engine.MinorPerMajor(g.Locale.C.CurrencyDigits)
		// No insurer writes a policy for less than about 25 euros a year.
		floor := int64(math.Round(25*engine.EurRate(g.Locale.C.Currency))) * unit
		return max(floor, int64(float64(sum)*(b.rlo+r.Float64()*(b.rhi-b.rlo)))/unit*unit)
	}
	insurers := []string{insurerName(v, g.R), insurerName(v, g.R)}
	anniversary := func(date string) string {
		t, err := time.Parse(time.DateOnly, date)
		if err != nil {
			return date
		}
		return t.AddDate(1, 0, 0).Format(time.DateOnly)
	}
	newRow := func(n int, c engine.Row, d int, status string) engine.Row {
		p := engine.Pick(g.R, mine)
		sum := v.StepMoney(g.R, bands[p].lo, bands[p].hi)
		r := engine.Row{"id": e.ID(n), "customer_id": c["id"], "product": p, "insured_item": engine.Pick(g.R, items[p]), "insurer": engine.Pick(g.R, insurers),
			"sum_insured": sum, "premium": premiumFor(g.R, p, sum), "starts_on": g.Day(d), "status": status, "quoted_at": v.At(min(d-7, -1), 14, 10)}
		if status != "quoted" {
			r["renews_on"], r["bound_premium"] = anniversary(g.Day(d)), r["premium"]
		}
		return r
	}
	for i := 1; i <= 14+g.R.IntN(12); i++ {
		d := 30 - g.R.IntN(400)
		status := engine.Pick(g.R, []string{"active", "active", "active", "quoted", "lapsed", "cancelled"})
		if d > 0 {
			status = "quoted"
		}
		v.Add(e, table, newRow(i, engine.Pick(g.R, v.Customers()), d, status))
	}
	// Two active ones that come up for renewal soon.
	for range 2 {
		v.Add(e, table, newRow(v.NextNumber(table), engine.Pick(g.R, v.Customers()), -365+10+g.R.IntN(20), "active"))
	}
	for _, r := range e.Rows {
		if r["status"] == "active" && g.R.IntN(3) == 0 {
			g.AddRow(endorse, engine.Row{"id": fmt.Sprintf("END-%05d", v.NextNumber(endorse)), "policy_id": r["id"], "change": engine.Pick(g.R, []string{"Additional driver", "Higher excess", "New address", "Extra item covered"}),
				"premium_after": r["premium"], "effective_on": g.Day(v.Offset(r["starts_on"]) + 60), "recorded_at": v.At(v.Offset(r["starts_on"])+58, 10, 0)})
		}
	}

	// Tools.
	v.Tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by policyholder, status, product or renewal date. Returns id (like %s), policyholder id, product, insured item, sum insured and premium (minor units), dates and status.", many, e.ID(1)),
		[]world.ArgSpec{kit.S("customer_id", false, "CRM id of the policyholder."), kit.A("status", table+".status", false, ""), kit.A("product", table+".product", false, ""),
			{Name: "renews_by", Type: "date", Description: "Renewing on or before."}},
		kit.Search(table, []string{"starts_on"}, []string{"id", "customer_id", "product", "insured_item", "sum_insured", "premium", "starts_on", "renews_on", "status"},
			kit.F("customer_id", "eq", "customer_id"), kit.F("status", "eq", "status"), kit.F("product", "eq", "product"), kit.F("renews_on", "lte", "renews_by")))
	v.Tool(false, "get_"+o, "Get "+engine.An(one), fmt.Sprintf("Read one %s by id, with insurer and reference.", one),
		[]world.ArgSpec{kit.S(o+"_id", true, "e.g. "+e.ID(1))}, kit.Get(table, o+"_id", "", fmt.Sprintf("No %s {%s_id}.", one, o)))
	v.Tool(true, "quote_"+o, "Quote "+engine.An(one),
		fmt.Sprintf("Record a quote for a %s: product, what is insured, insurer, sum insured and annual premium (minor units), start date. Starts as quoted.", one),
		[]world.ArgSpec{kit.S("customer_id", true, "CRM id of the policyholder."), kit.A("product", table+".product", true, ""), kit.S("insured_item", true, ""), kit.S("insurer", true, ""),
			{Name: "sum_insured", Type: "integer", Required: true, Minimum: kit.NumPtr(1)}, {Name: "premium", Type: "integer", Required: true, Minimum: kit.NumPtr(0)},
			{Name: "starts_on", Type: "date", Required: true}, kit.S("source_ref", false, "Id of the "+v.Work.Noun+" it covers, if any.")},
		kit.Insert(table, "", map[string]any{"customer_id": "$customer_id", "product": "$product", "insured_item": "$insured_item", "insurer": "$insurer", "sum_insured": "$sum_insured",
			"premium": "$premium", "starts_on": "$starts_on", "source_ref": "$source_ref", "status": "quoted", "quoted_at": "$now"}))
	v.Tool(true, "bind_"+o, "Bind "+engine.An(one),
		fmt.Sprintf("Put a quoted %s in force (active) with its first renewal date, normally a year after the start.", one),
		[]world.ArgSpec{kit.S(o+"_id", true, ""), {Name: "renews_on", Type: "date", Required: true}},
		kit.Get(table, o+"_id", "p", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$p.status", Equals: "quoted", Message: "{" + o + "_id} is {p.status}; only quotes can be bound."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "active", "renews_on": "$renews_on", "bound_premium": "$p.premium"}})
	v.Tool(false, "add_endorsement", "Endorse "+engine.An(one),
		fmt.Sprintf("Record a mid-term change to an active %s and its new annual premium (minor units), effective from a date.", one),
		[]world.ArgSpec{kit.S("policy_id", true, ""), kit.S("change", true, "What changes."), {Name: "premium_after", Type: "integer", Required: true, Minimum: kit.NumPtr(0)},
			{Name: "effective_on", Type: "date", Required: true}},
		kit.Get(table, "policy_id", "p", "No "+one+" {policy_id}."),
		world.Step{Require: "$p.status", Equals: "active", Message: "{policy_id} is {p.status}; only active " + many + " can be endorsed."},
		kit.Insert(endorse, "en", map[string]any{"policy_id": "$policy_id", "change": "$change", "premium_after": "$premium_after", "effective_on": "$effective_on", "recorded_at": "$now"}),
		world.Step{Update: table, Key: "$policy_id", Set: map[string]any{"premium": "$premium_after"}})
	s.Tools[len(s.Tools)-1].Returns = "en"
	v.Tool(false, "renew_"+o, "Renew "+engine.An(one),
		fmt.Sprintf("Renew an active %s: the next renewal date and the new annual premium (minor units).", one),
		[]world.ArgSpec{kit.S(o+"_id", true, ""), {Name: "renews_on", Type: "date", Required: true}, {Name: "premium", Type: "integer", Required: true, Minimum: kit.NumPtr(0)}},
		kit.Get(table, o+"_id", "p", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$p.status", Equals: "active", Message: "{" + o + "_id} is {p.status}; only active " + many + " can be renewed."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"renews_on": "$renews_on", "premium": "$premium"}})

	// Event: bound.
	v.Event(e, kit.StatusEvent{
		Name: "bound", Kind: "done", When: fmt.Sprintf("%s is bound (active)", engine.An(one)), Where: map[string]any{"status": "active"},
		InState: func(r engine.Row) bool { return r["status"] == "active" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			r := newRow(tc.FreshID(table), engine.Pick(tc.R, v.Customers()), 7, "quoted")
			return r
		},
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "bind_" + o, Args: map[string]any{o + "_id": r["id"], "renews_on": anniversary(r["starts_on"].(string))}}
		},
		Ask: []string{
			"{name} accepted quote {id}. Bind it, renewing a year after the start date ({date}).",
			fmt.Sprintf("Put %s {id} for {name} in force from {date}; first renewal one year later.", one),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The "+one+" is active.", table, r["id"], "status", "active"),
				kit.FieldIs("It renews a year after the start.", table, r["id"], "renews_on", anniversary(r["starts_on"].(string)))}
		},
	})

	// Action: finished or cancelled work gets cover.
	v.RefAction(kit.RefAction{
		Name: "cover_quoted", On: []string{"done"}, Needs: []string{"id", "customer_id", "amount"}, Table: table,
		Then: fmt.Sprintf("%s covering it must be quoted or in force in %s for the same %s, with the {noun}'s amount as the sum insured and the {noun} id as its reference", engine.An(one), s.Title, v.C),
		Live: []string{"quoted", "active"},
		Eq:   map[string]string{"sum_insured": "amount"},
		Call: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) world.Call {
			sum := up.Val("amount", r).(int64)
			return world.Call{Tool: "quote_" + o, Args: map[string]any{"customer_id": up.Val("customer_id", r), "product": mine[0], "insured_item": fmt.Sprintf("%s %s", engine.Title(up.Noun), r[up.Key]),
				"insurer": insurers[0], "sum_insured": sum, "premium": premiumFor(tc.R, mine[0], sum), "starts_on": g.Day(1), "source_ref": r[up.Key]}}
		},
		Want: func(up *engine.Entity, r engine.Row) map[string]any {
			return map[string]any{"status": "quoted", "sum_insured": up.Val("amount", r)}
		},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			d := v.Offset(v.UpDate(up, r)) + 1
			status := "quoted"
			if d < 0 {
				status = "active"
			}
			row := newRow(v.NextNumber(table), lookupRow(v.Cust.Rows, up.Val("customer_id", r)), d, status)
			row["insured_item"], row["sum_insured"], row["source_ref"] = fmt.Sprintf("%s %s", engine.Title(up.Noun), r[up.Key]), up.Val("amount", r), r[up.Key]
			row["premium"] = premiumFor(g.R, row["product"].(string), up.Val("amount", r).(int64))
			if status == "active" {
				row["bound_premium"] = row["premium"]
			}
			v.Add(e, table, row)
		},
	})

	// Chores: an endorsement; a renewal.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "account manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		cands := v.PickRows(table, func(r engine.Row) bool { return r["status"] == "active" })
		if len(cands) == 0 {
			return engine.Task{}, false
		}
		p := engine.Pick(tc.R, cands)
		change := engine.Pick(tc.R, []string{"Additional driver", "Higher excess", "New address", "Extra item covered"})
		after := p["premium"].(int64) + v.StepMoney(tc.R, 10, 120)
		eff := g.Day(1 + tc.R.IntN(14))
		tc.NextID(endorse)
		return engine.Task{
			Title: "endorse " + one,
			Instruction: fmt.Sprintf("%s asked for a change to %s %s: \"%s\", from %s. The insurer quotes a new annual premium of %s. Please record it.",
				kit.Lookup(v.Cust, p["customer_id"], "name"), one, p["id"], change, eff, v.FmtMoney(after)),
			Calls: []world.Call{{Tool: "add_endorsement", Args: map[string]any{"policy_id": p["id"], "change": change, "premium_after": after, "effective_on": eff}}},
			Assertions: []world.Assertion{
				{Description: "The endorsement is recorded.", Weight: 2, Exists: &world.RowMatch{Table: endorse, Where: map[string]any{"policy_id": p["id"], "premium_after": after, "effective_on": eff}}},
				kit.FieldIs("The premium is the new one.", table, p["id"], "premium", after),
			},
			MayChange: []world.Change{{Table: endorse, Ops: []string{"insert"}}, {Table: table, Keys: []any{p["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "account manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		cands := v.PickRows(table, func(r engine.Row) bool {
			return r["status"] == "active" && r["renews_on"] != nil && v.Offset(r["renews_on"]) <= 45
		})
		if len(cands) == 0 {
			return engine.Task{}, false
		}
		p := engine.Pick(tc.R, cands)
		next := anniversary(p["renews_on"].(string))
		premium := p["premium"].(int64) + v.StepMoney(tc.R, 5, 60)
		return engine.Task{
			Title:       "renew " + one,
			Instruction: fmt.Sprintf("%s %s of %s comes up for renewal on %s. The insurer renews it for another year at %s. Please renew it.", engine.Title(one), p["id"], kit.Lookup(v.Cust, p["customer_id"], "name"), p["renews_on"], v.FmtMoney(premium)),
			Calls:       []world.Call{{Tool: "renew_" + o, Args: map[string]any{o + "_id": p["id"], "renews_on": next, "premium": premium}}},
			Assertions: []world.Assertion{
				kit.FieldIs("It renews a year later.", table, p["id"], "renews_on", next),
				kit.FieldIs("At the new premium.", table, p["id"], "premium", premium),
				kit.FieldIs("It stays active.", table, p["id"], "status", "active"),
			},
			MayChange: []world.Change{{Table: table, Keys: []any{p["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}
