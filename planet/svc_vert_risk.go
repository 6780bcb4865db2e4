package planet

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/mercury/mcp-world/world"
)

// Verticals of risk and advice: claims with assessment and payout, legal
// or advisory cases with deadlines and filings, insurance policies with
// endorsements and renewals.

func init() {
	for _, d := range []*ServiceDef{
		{Name: "claims", Title: "Claims", Build: buildClaims},
		{Name: "cases", Title: "Cases", Build: buildCases},
		{Name: "policies_insurance", Title: "Insurance policies", Build: buildPolicies},
	} {
		d.Vertical, d.Layer = true, LayerOperations
		register(d)
	}
}

// insurerName makes a plausible insurer name of the country, from the
// catalog's insurance industry when it has one.
func insurerName(v *vctx, r *rand.Rand) string {
	if ind, ok := industryByID("insurance"); ok {
		return v.g.Locale.C.CompanyName(r, ind)
	}
	_, fam, _ := v.g.Locale.C.PersonName(r)
	return fam + " " + []string{"Mutual", "Assurance", "Insurance", "Underwriters"}[r.IntN(4)]
}

// ---------------------------------------------------------------- claims

func buildClaims(g *Gen, s *Svc) {
	v := newVertical(g, s)
	one, many := v.noun([2]string{"claim", "claims"}, [2]string{"claim file", "claim files"}, [2]string{"reimbursement", "reimbursements"})
	v.named(many)
	o, m := snake(one), snake(many)
	table, payouts := s.Name+"_files", s.Name+"_payouts"
	prefix := v.prefix("CLM-", "CLF-")
	s.Description = fmt.Sprintf("Claims %s handles for its %s with insurers, carriers and other payers: what is claimed, the assessment, the decision and the payout.", g.Company.Name, v.CMany)
	cats := []string{"damage", "loss", "delay", "defect", "service", "injury", "other"}
	s.Table(table, title(many)+", one per incident.", prefix, 5,
		PK(),
		RefersTo("customer_id", v.cust.Table+".id", "The "+v.C+" claiming (CRM id)."),
		Text("payer", "Who the claim is against: insurer, carrier or other payer."),
		Enum("category", "Kind of claim.", cats...),
		Date("incident_date", "When it happened."),
		Text("description", "What happened."),
		Money("claimed_amount", "Amount claimed"),
		Opt(Money("assessed_amount", "Amount the assessment found payable")),
		Opt(RefersTo("adjuster_id", v.staff.Table+".id", "The "+v.St+" who assessed it.")),
		Enum("status", "submitted → under_review → approved → paid, or rejected after review.", "submitted", "under_review", "approved", "paid", "rejected"),
		Opt(Text("decision_note", "Reason given with the decision.")),
		Opt(RefersTo("source_ref", v.work.Table+".id", "The "+v.work.Noun+" it concerns, if any.")),
		Datetime("lodged_at", "When it was lodged."),
	)
	s.Table(payouts, "Payouts of approved "+many+".", "PAY-", 5,
		PK(), Ref("claim_id", table, "The "+one+"."), Money("amount", "Amount paid out"),
		Enum("method", "How it was paid.", "bank_transfer", "cheque", "credit_note"), Date("paid_on", "Date of payment."))
	e := &Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.custRoles("customer_id")}
	g.SetEntity(o, e)
	payers := []string{insurerName(v, g.R), insurerName(v, g.R), insurerName(v, g.R)}
	var items []string
	for _, it := range g.Vocab.Items {
		items = append(items, it.Name)
	}
	if len(items) == 0 {
		items = []string{title(g.Vocab.Work.One)}
	}
	// What gets claimed depends on the trade.
	mix := []string{"damage", "loss", "delay", "defect", "service", "other"}
	switch {
	case v.industry("dental", "clinic", "veterin", "pharma", "health", "fitness", "beauty", "salon"):
		mix = []string{"service", "service", "service", "injury", "other"}
	case v.industry("freight", "logistic", "shipping", "ecommerce", "retail", "wholesale", "warehous"):
		mix = []string{"damage", "damage", "loss", "loss", "delay"}
	case v.industry("construct", "manufactur", "car", "utilit", "property", "repair"):
		mix = []string{"defect", "defect", "damage", "service", "other"}
	case v.industry("travel", "hotel", "event", "restaurant"):
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
	newRow := func(n int, c Row, status string, d int) Row {
		cat := Pick(g.R, mix)
		claimed := v.money(g.R, 50, 4000)
		r := Row{"id": e.ID(n), "customer_id": c["id"], "payer": Pick(g.R, payers), "category": cat, "incident_date": g.Day(d - 3 - g.R.IntN(20)),
			"description": describe(g.R, cat), "claimed_amount": claimed, "status": status, "lodged_at": v.at(d, 10, 20)}
		if status != "submitted" {
			r["assessed_amount"], r["adjuster_id"] = claimed*int64(5+g.R.IntN(6))/10, Pick(g.R, v.team())["id"]
		}
		switch status {
		case "approved", "paid":
			r["decision_note"] = "Covered under the terms."
		case "rejected":
			r["decision_note"] = Pick(g.R, []string{"Not covered: excluded cause.", "Claimed too late.", "No proof of loss."})
		}
		return r
	}
	pay := func(c Row, d int) {
		g.AddRow(payouts, Row{"id": fmt.Sprintf("PAY-%05d", v.next(payouts)), "claim_id": c["id"], "amount": c["assessed_amount"], "method": "bank_transfer", "paid_on": g.Day(d)})
	}
	for i := 1; i <= 14+g.R.IntN(12); i++ {
		d := -g.R.IntN(60)
		status := Pick(g.R, []string{"submitted", "under_review", "approved", "paid", "paid", "rejected"})
		r := v.add(e, table, newRow(i, Pick(g.R, v.customers()), status, d))
		if status == "paid" {
			pay(r, min(d+10, 0))
		}
	}
	for _, st := range []string{"submitted", "approved"} {
		v.add(e, table, newRow(v.next(table), Pick(g.R, v.customers()), st, -3))
	}

	// Tools.
	v.tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by %s, status, category or the %s they concern. Returns id (like %s), %s id, payer, category, claimed and assessed amounts (minor units) and status.", many, v.C, v.work.Noun, e.ID(1), v.C),
		[]world.ArgSpec{S("customer_id", false, "CRM id."), A("status", table+".status", false, ""), A("category", table+".category", false, ""), S("source_ref", false, "Id of the "+v.work.Noun+".")},
		Search(table, []string{"-lodged_at"}, []string{"id", "customer_id", "payer", "category", "claimed_amount", "assessed_amount", "status", "source_ref"},
			F("customer_id", "eq", "customer_id"), F("status", "eq", "status"), F("category", "eq", "category"), F("source_ref", "eq", "source_ref")))
	v.tool(false, "get_"+o, "Get "+an(one), fmt.Sprintf("Read one %s by id, with assessment and decision.", one),
		[]world.ArgSpec{S(o+"_id", true, "e.g. "+e.ID(1))}, Get(table, o+"_id", "", fmt.Sprintf("No %s {%s_id}.", one, o)))
	v.tool(true, "lodge_"+o, "Lodge "+an(one),
		fmt.Sprintf("Lodge a %s for a %s against a payer. claimed_amount in minor units. Refused if the same %s already has a submitted %s of that category for that incident date. Starts as submitted.", one, v.C, v.C, one),
		[]world.ArgSpec{S("customer_id", true, "CRM id."), S("payer", true, "Insurer, carrier or payer."), A("category", table+".category", true, ""),
			{Name: "incident_date", Type: "date", Required: true}, S("description", true, ""), {Name: "claimed_amount", Type: "integer", Required: true, Minimum: numPtr(1)},
			S("source_ref", false, "Id of the "+v.work.Noun+" it concerns, if any.")},
		world.Step{Absent: table, Where: map[string]any{"customer_id": "$customer_id", "category": "$category", "incident_date": "$incident_date", "status": "submitted"}, As: "dup",
			Message: "{dup.id} for the same incident is already submitted."},
		Insert(table, "", map[string]any{"customer_id": "$customer_id", "payer": "$payer", "category": "$category", "incident_date": "$incident_date", "description": "$description",
			"claimed_amount": "$claimed_amount", "source_ref": "$source_ref", "status": "submitted", "lodged_at": "$now"}))
	v.tool(false, "assess_"+o, "Assess "+an(one),
		fmt.Sprintf("Record the assessment of a submitted %s: who assessed it and the amount found payable (minor units). Moves it to under_review.", one),
		[]world.ArgSpec{S(o+"_id", true, ""), S("adjuster_id", true, "Id of the "+v.St+"."), {Name: "assessed_amount", Type: "integer", Required: true, Minimum: numPtr(0)}},
		Get(table, o+"_id", "c", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$c.status", Equals: "submitted", Message: "{" + o + "_id} is {c.status}; only submitted " + many + " can be assessed."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "under_review", "adjuster_id": "$adjuster_id", "assessed_amount": "$assessed_amount"}})
	v.tool(true, "decide_"+o, "Approve or reject",
		fmt.Sprintf("Decide an assessed %s (under_review): approved or rejected, with the reason given to the %s.", one, v.C),
		[]world.ArgSpec{S(o+"_id", true, ""), {Name: "decision", Type: "string", Required: true, Enum: vals("approved", "rejected")}, S("note", true, "Reason.")},
		Get(table, o+"_id", "c", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$c.status", Equals: "under_review", Message: "{" + o + "_id} is {c.status}; assess it first (only " + many + " under review can be decided)."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "$decision", "decision_note": "$note"}})
	v.tool(false, "pay_"+o, "Pay out "+an(one),
		fmt.Sprintf("Pay an approved %s its assessed amount, dated today, and mark it paid.", one),
		[]world.ArgSpec{S(o+"_id", true, ""), A("method", payouts+".method", true, "")},
		Get(table, o+"_id", "c", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$c.status", Equals: "approved", Message: "{" + o + "_id} is {c.status}; only approved " + many + " are paid."},
		Insert(payouts, "p", map[string]any{"claim_id": "$" + o + "_id", "amount": "$c.assessed_amount", "method": "$method", "paid_on": "$today"}),
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "paid"}})

	// Events: approved, rejected.
	setup := func(tc *TaskCtx) Row {
		c := Pick(tc.R, v.customers())
		cat := Pick(tc.R, mix)
		claimed := v.money(tc.R, 80, 3000)
		return Row{"id": e.ID(tc.FreshID(table)), "customer_id": c["id"], "payer": Pick(tc.R, payers), "category": cat, "incident_date": g.Day(-20),
			"description": describe(tc.R, cat), "claimed_amount": claimed, "assessed_amount": claimed * 8 / 10, "adjuster_id": v.team()[0]["id"],
			"status": "under_review", "lodged_at": v.at(-12, 11, 0)}
	}
	v.event(e, statusEvent{
		name: "approved", kind: "done", when: fmt.Sprintf("%s is approved (and later paid)", an(one)), where: map[string]any{"status": map[string]any{"in": vals("approved", "paid")}},
		inState: func(r Row) bool { return r["status"] == "approved" || r["status"] == "paid" },
		setup:   setup,
		call: func(r Row) world.Call {
			return world.Call{Tool: "decide_" + o, Args: map[string]any{o + "_id": r["id"], "decision": "approved", "note": "Covered under the terms."}}
		},
		ask: []string{
			fmt.Sprintf("The assessment of %s {id} ({name}) holds up; approve it as covered under the terms.", one),
			fmt.Sprintf("Approve {name}'s %s {id} at the assessed amount – it is covered.", one),
		},
		check: func(r Row) []world.Assertion {
			return []world.Assertion{fieldIs("The "+one+" is approved.", table, r["id"], "status", "approved")}
		},
	})
	v.event(e, statusEvent{
		name: "rejected", kind: "cancelled", when: fmt.Sprintf("%s is rejected", an(one)), where: map[string]any{"status": "rejected"},
		inState: func(r Row) bool { return r["status"] == "rejected" },
		setup:   setup,
		call: func(r Row) world.Call {
			return world.Call{Tool: "decide_" + o, Args: map[string]any{o + "_id": r["id"], "decision": "rejected", "note": "Not covered: excluded cause."}}
		},
		ask: []string{
			fmt.Sprintf("%s {id} of {name} is not covered (excluded cause). Reject it.", title(one)),
			"Reject {id}: the cause is excluded under {name}'s terms.",
		},
		check: func(r Row) []world.Assertion {
			return []world.Assertion{fieldIs("The "+one+" is rejected.", table, r["id"], "status", "rejected")}
		},
	})

	// Action: finished or cancelled work is claimed from the payer.
	v.refAction(refAction{
		name: "claim_lodged", on: []string{"done"}, needs: []string{"id", "customer_id", "amount"}, table: table,
		then: fmt.Sprintf("a %s for the {noun}'s full amount must be lodged in %s for the same %s, with the {noun} id as its reference", one, s.Title, v.C),
		live: []string{"submitted", "under_review", "approved", "paid"},
		eq:   map[string]string{"claimed_amount": "amount"},
		call: func(tc *TaskCtx, up *Entity, r Row) world.Call {
			return world.Call{Tool: "lodge_" + o, Args: map[string]any{"customer_id": up.Val("customer_id", r), "payer": payers[0], "category": mix[0],
				"incident_date": v.upDate(up, r), "description": fmt.Sprintf("%s %s: %s", title(up.Noun), r[up.Key], upItem(up, r)), "claimed_amount": up.Val("amount", r), "source_ref": r[up.Key]}}
		},
		want: func(up *Entity, r Row) map[string]any {
			return map[string]any{"status": "submitted", "claimed_amount": up.Val("amount", r)}
		},
		seed: func(g *Gen, up *Entity, r Row) {
			d := min(v.offset(v.upDate(up, r))+2, 0)
			// Never "submitted": lodging refuses a second submitted claim
			// for the same incident, and new work is dated today.
			status := "under_review"
			if d < -10 {
				status = "paid"
			}
			row := newRow(v.next(table), lookupRow(v.cust.Rows, up.Val("customer_id", r)), status, d)
			row["category"], row["claimed_amount"], row["source_ref"] = mix[0], up.Val("amount", r), r[up.Key]
			row["description"], row["incident_date"] = fmt.Sprintf("%s %s: %s", title(up.Noun), r[up.Key], upItem(up, r)), v.upDate(up, r)
			row["assessed_amount"] = up.Val("amount", r)
			v.add(e, table, row)
			if status == "paid" {
				pay(row, 0)
			}
		},
	})

	// Chores: assess; pay.
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "account manager", Make: func(tc *TaskCtx) (Task, bool) {
		cands := v.pickRows(table, func(r Row) bool { return r["status"] == "submitted" })
		if len(cands) == 0 {
			return Task{}, false
		}
		c, adj := Pick(tc.R, cands), Pick(tc.R, v.team())
		amount := c["claimed_amount"].(int64) * int64(5+tc.R.IntN(5)) / 10
		return Task{
			Title:       "record assessment",
			Instruction: fmt.Sprintf("%s (%s) assessed %s %s: %s of the %s claimed is payable. Please record the assessment.", adj["name"], adj["id"], one, c["id"], v.fmtMoney(amount), v.fmtMoney(c["claimed_amount"].(int64))),
			Calls:       []world.Call{{Tool: "assess_" + o, Args: map[string]any{o + "_id": c["id"], "adjuster_id": adj["id"], "assessed_amount": amount}}},
			Assertions: []world.Assertion{
				fieldIs("The assessed amount is recorded.", table, c["id"], "assessed_amount", amount),
				fieldIs("The adjuster is recorded.", table, c["id"], "adjuster_id", adj["id"]),
				fieldIs("It is under review, not yet decided.", table, c["id"], "status", "under_review"),
			},
			MayChange: []world.Change{{Table: table, Keys: []any{c["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "account manager", Make: func(tc *TaskCtx) (Task, bool) {
		cands := v.pickRows(table, func(r Row) bool { return r["status"] == "approved" })
		if len(cands) == 0 {
			return Task{}, false
		}
		c := Pick(tc.R, cands)
		tc.NextID(payouts)
		return Task{
			Title:       "pay out " + one,
			Instruction: fmt.Sprintf("Finance released the money for approved %s %s (%s). Pay it out by bank transfer.", one, c["id"], lookup(v.cust, c["customer_id"], "name")),
			Calls:       []world.Call{{Tool: "pay_" + o, Args: map[string]any{o + "_id": c["id"], "method": "bank_transfer"}}},
			Assertions: []world.Assertion{
				fieldIs("The "+one+" is paid.", table, c["id"], "status", "paid"),
				{Description: "One payout of the assessed amount by bank transfer.", Weight: 2, Count: &world.CountMatch{Table: payouts, Where: map[string]any{"claim_id": c["id"], "amount": c["assessed_amount"], "method": "bank_transfer"}, Equals: ptrInt(1)}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{c["id"]}, Ops: []string{"update"}}, {Table: payouts, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// ---------------------------------------------------------------- cases

func buildCases(g *Gen, s *Svc) {
	v := newVertical(g, s)
	one, many := v.noun([2]string{"case", "cases"}, [2]string{"matter", "matters"}, [2]string{"file", "files"})
	v.named(many)
	o, m := snake(one), snake(many)
	table, dl := s.Name+"_files", s.Name+"_deadlines"
	prefix := v.prefix("CAS-", "MAT-")
	s.Description = fmt.Sprintf("The %s %s handles for its %s: who leads them, agreed fees, and the deadlines and filings of each.", many, g.Company.Name, v.CMany)
	areas := []string{"contract", "employment", "property", "family", "tax", "regulatory", "dispute", "other"}
	s.Table(table, title(many)+".", prefix, 5,
		PK(),
		RefersTo("customer_id", v.cust.Table+".id", "The "+v.C+" (CRM id)."),
		Text("title", "Short title."),
		Enum("practice_area", "Area.", areas...),
		RefersTo("lead_id", v.staff.Table+".id", "The "+v.St+" who leads it."),
		Money("fee", "Agreed fixed fee"),
		Date("opened_on", "Opened."),
		Enum("status", "open, on_hold, closed.", "open", "on_hold", "closed"),
		Opt(Text("outcome", "How it ended.")),
		Opt(Date("closed_on", "Closed.")),
		Opt(RefersTo("source_ref", v.work.Table+".id", "The "+v.work.Noun+" it arose from, if any.")),
	)
	s.Table(dl, "Deadlines of "+many+": filings, hearings, responses.", "DL-", 5,
		PK(), Ref("case_id", table, "The "+one+"."), Enum("kind", "Kind.", "filing", "hearing", "response", "limitation", "review"),
		Date("due_on", "Due."), Text("description", "What is due."),
		Enum("status", "open → filed (done), or waived.", "open", "filed", "waived"),
		Opt(Text("filing_ref", "Reference of the filing or submission.")), Opt(Date("done_on", "When it was done.")))
	e := &Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.custRoles("customer_id")}
	e.Roles["amount"] = Column("fee")
	g.SetEntity(o, e)
	// Topics and their areas, by trade.
	type topic struct{ title, area string }
	topics := []topic{{"Contract review", "contract"}, {"Unpaid invoice", "dispute"}, {"Lease dispute", "property"}, {"Dismissal claim", "employment"},
		{"Tax audit", "tax"}, {"Licence application", "regulatory"}, {"Warranty dispute", "contract"}, {"Shareholder agreement", "contract"}, {"Divorce settlement", "family"}}
	switch {
	case v.industry("property", "real estate", "real-estate", "hotel"):
		topics = []topic{{"Rent arrears", "property"}, {"Deposit dispute", "property"}, {"Eviction notice", "property"}, {"Service charge dispute", "property"}, {"Noise complaint", "other"}, {"Planning objection", "regulatory"}}
	case v.industry("insurance"):
		topics = []topic{{"Coverage dispute", "contract"}, {"Subrogation", "dispute"}, {"Fraud investigation", "regulatory"}, {"Complaint to the ombudsman", "regulatory"}, {"Liability claim", "dispute"}}
	case v.industry("accounting", "tax"):
		topics = []topic{{"Tax audit", "tax"}, {"VAT enquiry", "tax"}, {"Appeal against assessment", "tax"}, {"Payroll dispute", "employment"}, {"Late filing penalty", "tax"}}
	case v.industry("it-", "saas", "software", "utilit", "telecom"):
		topics = []topic{{"Contract dispute", "contract"}, {"SLA breach", "contract"}, {"Data protection request", "regulatory"}, {"Billing complaint", "dispute"}, {"Ombudsman referral", "regulatory"}}
	case v.industry("travel"):
		topics = []topic{{"Refund claim", "dispute"}, {"Package travel complaint", "contract"}, {"Denied boarding compensation", "regulatory"}}
	case v.industry("recruit", "staffing"):
		topics = []topic{{"Placement fee dispute", "contract"}, {"Discrimination complaint", "employment"}, {"Work permit application", "regulatory"}}
	}
	what := map[string]string{"filing": "File the statement", "hearing": "Hearing", "response": "Reply to the other side", "limitation": "Limitation period ends", "review": "Internal review"}
	filingRef := func(n int) string {
		return fmt.Sprintf("%d-%s-%04d", g.Start.Year(), []string{"AZ", "REF", "DOC"}[n%3], 1000+n*37%9000)
	}
	addDeadline := func(c Row, d int, status string) {
		k := Pick(g.R, []string{"filing", "hearing", "response", "limitation", "review"})
		n := v.next(dl)
		r := Row{"id": fmt.Sprintf("DL-%05d", n), "case_id": c["id"], "kind": k, "due_on": g.Day(d), "description": what[k], "status": status}
		if status == "filed" {
			r["filing_ref"], r["done_on"] = filingRef(n), g.Day(d-1)
		}
		g.AddRow(dl, r)
	}
	newRow := func(n int, c Row, d int, status string) Row {
		tp := Pick(g.R, topics)
		r := Row{"id": e.ID(n), "customer_id": c["id"], "title": tp.title + " – " + fmt.Sprint(c["name"]), "practice_area": tp.area,
			"lead_id": Pick(g.R, v.team())["id"], "fee": v.money(g.R, 500, 12000), "opened_on": g.Day(d), "status": status}
		if status == "closed" {
			r["outcome"], r["closed_on"] = Pick(g.R, []string{"Settled", "Won", "Advice given", "Withdrawn by the other side"}), g.Day(min(d+40, -1))
		}
		return r
	}
	for i := 1; i <= 12+g.R.IntN(10); i++ {
		d := -g.R.IntN(300)
		status := Pick(g.R, []string{"open", "open", "open", "on_hold", "closed"})
		c := v.add(e, table, newRow(i, Pick(g.R, v.customers()), d, status))
		for k := range 1 + g.R.IntN(3) {
			due := d + 30*(k+1)
			st := "open"
			if status == "closed" || due < -3 {
				st = Pick(g.R, []string{"filed", "filed", "waived"})
			}
			addDeadline(c, due, st)
		}
	}
	e.Rows[0]["status"], e.Rows[0]["outcome"], e.Rows[0]["closed_on"] = "open", nil, nil
	var open []Row
	for _, c := range e.Rows {
		if c["status"] == "open" {
			open = append(open, c)
		}
	}
	addDeadline(open[0], 4, "open")

	// Tools.
	v.tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by %s, status, area, lead or title. Returns every field: id (like %s), title, area, lead, fee (minor units), dates, status, outcome.", many, v.C, e.ID(1)),
		[]world.ArgSpec{S("customer_id", false, "CRM id."), A("status", table+".status", false, ""), A("practice_area", table+".practice_area", false, ""),
			S("lead_id", false, "Id of the "+v.St+"."), S("query", false, "Part of the title.")},
		Search(table, []string{"-opened_on"}, nil, F("customer_id", "eq", "customer_id"), F("status", "eq", "status"), F("practice_area", "eq", "practice_area"),
			F("lead_id", "eq", "lead_id"), FAny("query", "title")))
	v.tool(false, "search_deadlines", "Search deadlines",
		fmt.Sprintf("Deadlines of a %s, or all open ones up to a date, soonest first.", one),
		[]world.ArgSpec{S("case_id", false, "e.g. "+e.ID(1)), A("status", dl+".status", false, ""), {Name: "due_by", Type: "date", Description: "Due on or before."}},
		Search(dl, []string{"due_on"}, nil, F("case_id", "eq", "case_id"), F("status", "eq", "status"), F("due_on", "lte", "due_by")))
	v.tool(true, "open_"+o, "Open "+an(one),
		fmt.Sprintf("Open a %s for a %s with the lead %s and the agreed fixed fee (minor units), dated today.", one, v.C, v.St),
		[]world.ArgSpec{S("customer_id", true, "CRM id."), S("title", true, ""), A("practice_area", table+".practice_area", true, ""), S("lead_id", true, "Id of the "+v.St+"."),
			{Name: "fee", Type: "integer", Required: true, Minimum: numPtr(0)}, S("source_ref", false, "Id of the "+v.work.Noun+" it arose from, if any.")},
		Insert(table, "", map[string]any{"customer_id": "$customer_id", "title": "$title", "practice_area": "$practice_area", "lead_id": "$lead_id", "fee": "$fee",
			"source_ref": "$source_ref", "opened_on": "$today", "status": "open"}))
	v.tool(false, "add_deadline", "Add a deadline",
		fmt.Sprintf("Add a deadline to an open %s.", one),
		[]world.ArgSpec{S("case_id", true, ""), A("kind", dl+".kind", true, ""), {Name: "due_on", Type: "date", Required: true}, S("description", true, "")},
		Get(table, "case_id", "c", "No "+one+" {case_id}."),
		world.Step{Require: "$c.status", Equals: "open", Message: "{c.title} is {c.status}; deadlines are added to open " + many + " only."},
		Insert(dl, "", map[string]any{"case_id": "$case_id", "kind": "$kind", "due_on": "$due_on", "description": "$description", "status": "open"}))
	v.tool(true, "record_filing", "Record a filing",
		"Record that an open deadline was met: the reference of what was filed or submitted, dated today.",
		[]world.ArgSpec{S("deadline_id", true, "e.g. DL-00001"), S("filing_ref", true, "Reference of the filing.")},
		Get(dl, "deadline_id", "d", "No deadline {deadline_id}."),
		world.Step{Require: "$d.status", Equals: "open", Message: "{deadline_id} is {d.status} already."},
		world.Step{Update: dl, Key: "$deadline_id", Set: map[string]any{"status": "filed", "filing_ref": "$filing_ref", "done_on": "$today"}})
	v.tool(false, "close_"+o, "Close "+an(one),
		fmt.Sprintf("Close an open %s with its outcome, dated today. Refused while it has open deadlines.", one),
		[]world.ArgSpec{S("case_id", true, ""), S("outcome", true, "")},
		Get(table, "case_id", "c", "No "+one+" {case_id}."),
		world.Step{Require: "$c.status", In: vals("open", "on_hold"), Message: "{case_id} is {c.status}."},
		world.Step{Absent: dl, Where: map[string]any{"case_id": "$case_id", "status": "open"}, As: "d", Message: "{case_id} still has open deadline {d.id} ({d.description}, due {d.due_on})."},
		world.Step{Update: table, Key: "$case_id", Set: map[string]any{"status": "closed", "outcome": "$outcome", "closed_on": "$today"}})

	// Event: closed.
	v.event(e, statusEvent{
		name: "closed", kind: "done", when: fmt.Sprintf("%s is closed", an(one)), where: map[string]any{"status": "closed"},
		inState: func(r Row) bool { return r["status"] == "closed" },
		setup: func(tc *TaskCtx) Row {
			c := Pick(tc.R, v.customers())
			tp := Pick(tc.R, topics)
			return Row{"id": e.ID(tc.FreshID(table)), "customer_id": c["id"], "title": tp.title + " – " + fmt.Sprint(c["name"]), "practice_area": tp.area,
				"lead_id": v.team()[0]["id"], "fee": v.money(tc.R, 500, 8000), "opened_on": g.Day(-45), "status": "open"}
		},
		call: func(r Row) world.Call {
			return world.Call{Tool: "close_" + o, Args: map[string]any{"case_id": r["id"], "outcome": "Settled"}}
		},
		ask: []string{
			fmt.Sprintf("{name}'s %s {id} has settled. Please close it with outcome \"Settled\".", one),
			fmt.Sprintf("Close %s {id} for {name}: the parties settled.", one),
		},
		check: func(r Row) []world.Assertion {
			return []world.Assertion{fieldIs("The "+one+" is closed.", table, r["id"], "status", "closed"),
				{Description: "The outcome mentions the settlement.", Exists: &world.RowMatch{Table: table, Where: map[string]any{"id": r["id"], "outcome": map[string]any{"contains": "settle"}}}}}
		},
	})

	// Action: finished or cancelled work opens a case.
	v.refAction(refAction{
		name: "case_opened", on: []string{"done", "cancelled"}, needs: []string{"id", "customer_id", "date"}, table: table,
		then: fmt.Sprintf("a %s for the same %s must be opened in %s, with the {noun} id as its reference", one, v.C, s.Title),
		live: []string{"open", "on_hold", "closed"},
		call: func(tc *TaskCtx, up *Entity, r Row) world.Call {
			return world.Call{Tool: "open_" + o, Args: map[string]any{"customer_id": up.Val("customer_id", r), "title": fmt.Sprintf("%s %s: %s", title(up.Noun), r[up.Key], upItem(up, r)),
				"practice_area": "other", "lead_id": v.team()[0]["id"], "fee": v.money(tc.R, 300, 3000), "source_ref": r[up.Key]}}
		},
		want: func(up *Entity, r Row) map[string]any { return map[string]any{"status": "open"} },
		seed: func(g *Gen, up *Entity, r Row) {
			d := min(v.offset(up.Val("date", r))+1, 0)
			status := "open"
			if d < -20 {
				status = "closed"
			}
			row := newRow(v.next(table), lookupRow(v.cust.Rows, up.Val("customer_id", r)), d, status)
			row["title"], row["practice_area"], row["source_ref"] = fmt.Sprintf("%s %s: %s", title(up.Noun), r[up.Key], upItem(up, r)), "other", r[up.Key]
			v.add(e, table, row)
		},
	})

	// Chores: a new deadline; a filing made.
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		c := Pick(tc.R, open)
		due := g.Day(10 + tc.R.IntN(50))
		id := fmt.Sprintf("DL-%05d", tc.NextID(dl))
		return Task{
			Title:       "add hearing date",
			Instruction: fmt.Sprintf("The court set a hearing in %s \"%s\" (%s) for %s. Please put it in the deadlines.", one, c["title"], c["id"], due),
			Calls:       []world.Call{{Tool: "add_deadline", Args: map[string]any{"case_id": c["id"], "kind": "hearing", "due_on": due, "description": "Hearing"}}},
			Assertions: []world.Assertion{
				{Description: "The hearing is on file.", Weight: 2, Exists: &world.RowMatch{Table: dl, Where: map[string]any{"id": id, "case_id": c["id"], "kind": "hearing", "due_on": due, "status": "open"}}},
				{Description: "Added once.", Count: &world.CountMatch{Table: dl, Where: map[string]any{"case_id": c["id"], "kind": "hearing", "due_on": due}, Equals: ptrInt(1)}},
			},
			MayChange: []world.Change{{Table: dl, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		cands := v.pickRows(dl, func(r Row) bool { return r["status"] == "open" })
		if len(cands) == 0 {
			return Task{}, false
		}
		d := Pick(tc.R, cands)
		ref := filingRef(900 + tc.R.IntN(900))
		return Task{
			Title:       "record filing",
			Instruction: fmt.Sprintf("We met deadline %s (%s, %s %s) today; the filing reference is %s. Please record it.", d["id"], d["description"], one, d["case_id"], ref),
			Calls:       []world.Call{{Tool: "record_filing", Args: map[string]any{"deadline_id": d["id"], "filing_ref": ref}}},
			Assertions: []world.Assertion{
				fieldIs("The deadline is filed.", dl, d["id"], "status", "filed"),
				fieldIs("With the filing reference.", dl, d["id"], "filing_ref", ref),
			},
			MayChange: []world.Change{{Table: dl, Keys: []any{d["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// ---------------------------------------------------------------- insurance policies

func buildPolicies(g *Gen, s *Svc) {
	v := newVertical(g, s)
	one, many := v.noun([2]string{"insurance policy", "insurance policies"}, [2]string{"cover", "covers"}, [2]string{"insurance contract", "insurance contracts"})
	v.named(many)
	o, m := snake(one), snake(many)
	table, endorse := s.Name+"_policies", s.Name+"_endorsements"
	prefix := v.prefix("POL-", "INP-")
	s.Description = fmt.Sprintf("%s arranged by %s for its %s: cover, sum insured, premium, endorsements and renewals.", title(many), g.Company.Name, v.CMany)
	products := []string{"motor", "home", "contents", "liability", "travel", "health", "business", "cargo", "equipment"}
	s.Table(table, title(many)+".", prefix, 5,
		PK(),
		RefersTo("customer_id", v.cust.Table+".id", "The policyholder (CRM id)."),
		Enum("product", "Line of cover.", products...),
		Text("insured_item", "What is insured."),
		Text("insurer", "Underwriting insurer."),
		Money("sum_insured", "Sum insured"),
		Money("premium", "Annual premium"),
		Date("starts_on", "Cover starts."),
		Opt(Date("renews_on", "Next renewal date (set when bound).")),
		Opt(Money("bound_premium", "Annual premium when it was bound (invoiced then)")),
		Enum("status", "quoted → active (bound) → lapsed; quotes or active policies can be cancelled.", "quoted", "active", "lapsed", "cancelled"),
		Opt(RefersTo("source_ref", v.work.Table+".id", "The "+v.work.Noun+" it covers, if any.")),
		Datetime("quoted_at", "When it was quoted."),
	)
	s.Table(endorse, "Mid-term changes (endorsements) of "+many+".", "END-", 5,
		PK(), Ref("policy_id", table, "The "+one+"."), Text("change", "What changed."), Money("premium_after", "Annual premium after the change"),
		Date("effective_on", "From when."), Datetime("recorded_at", "When it was recorded."))
	e := &Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.custRoles("customer_id")}
	// The amount billed is the premium as bound; endorsements and renewals
	// change the premium later.
	e.Roles["amount"] = Role{
		SQL: func(a string) string { return fmt.Sprintf("COALESCE(%s.bound_premium, %s.premium)", a, a) },
		Value: func(r Row) any {
			if bp, ok := r["bound_premium"].(int64); ok {
				return bp
			}
			return r["premium"]
		},
	}
	e.Roles["date"] = Column("starts_on")
	g.SetEntity(o, e)
	mine := []string{Pick(g.R, products), Pick(g.R, products), Pick(g.R, products)}
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
		unit := minorPerMajor(g.Locale.C.CurrencyDigits)
		// No insurer writes a policy for less than about 25 euros a year.
		floor := int64(math.Round(25*eurRate(g.Locale.C.Currency))) * unit
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
	newRow := func(n int, c Row, d int, status string) Row {
		p := Pick(g.R, mine)
		sum := v.money(g.R, bands[p].lo, bands[p].hi)
		r := Row{"id": e.ID(n), "customer_id": c["id"], "product": p, "insured_item": Pick(g.R, items[p]), "insurer": Pick(g.R, insurers),
			"sum_insured": sum, "premium": premiumFor(g.R, p, sum), "starts_on": g.Day(d), "status": status, "quoted_at": v.at(min(d-7, -1), 14, 10)}
		if status != "quoted" {
			r["renews_on"], r["bound_premium"] = anniversary(g.Day(d)), r["premium"]
		}
		return r
	}
	for i := 1; i <= 14+g.R.IntN(12); i++ {
		d := 30 - g.R.IntN(400)
		status := Pick(g.R, []string{"active", "active", "active", "quoted", "lapsed", "cancelled"})
		if d > 0 {
			status = "quoted"
		}
		v.add(e, table, newRow(i, Pick(g.R, v.customers()), d, status))
	}
	// Two active ones that come up for renewal soon.
	for range 2 {
		v.add(e, table, newRow(v.next(table), Pick(g.R, v.customers()), -365+10+g.R.IntN(20), "active"))
	}
	for _, r := range e.Rows {
		if r["status"] == "active" && g.R.IntN(3) == 0 {
			g.AddRow(endorse, Row{"id": fmt.Sprintf("END-%05d", v.next(endorse)), "policy_id": r["id"], "change": Pick(g.R, []string{"Additional driver", "Higher excess", "New address", "Extra item covered"}),
				"premium_after": r["premium"], "effective_on": g.Day(v.offset(r["starts_on"]) + 60), "recorded_at": v.at(v.offset(r["starts_on"])+58, 10, 0)})
		}
	}

	// Tools.
	v.tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by policyholder, status, product or renewal date. Returns id (like %s), policyholder id, product, insured item, sum insured and premium (minor units), dates and status.", many, e.ID(1)),
		[]world.ArgSpec{S("customer_id", false, "CRM id of the policyholder."), A("status", table+".status", false, ""), A("product", table+".product", false, ""),
			{Name: "renews_by", Type: "date", Description: "Renewing on or before."}},
		Search(table, []string{"starts_on"}, []string{"id", "customer_id", "product", "insured_item", "sum_insured", "premium", "starts_on", "renews_on", "status"},
			F("customer_id", "eq", "customer_id"), F("status", "eq", "status"), F("product", "eq", "product"), F("renews_on", "lte", "renews_by")))
	v.tool(false, "get_"+o, "Get "+an(one), fmt.Sprintf("Read one %s by id, with insurer and reference.", one),
		[]world.ArgSpec{S(o+"_id", true, "e.g. "+e.ID(1))}, Get(table, o+"_id", "", fmt.Sprintf("No %s {%s_id}.", one, o)))
	v.tool(true, "quote_"+o, "Quote "+an(one),
		fmt.Sprintf("Record a quote for a %s: product, what is insured, insurer, sum insured and annual premium (minor units), start date. Starts as quoted.", one),
		[]world.ArgSpec{S("customer_id", true, "CRM id of the policyholder."), A("product", table+".product", true, ""), S("insured_item", true, ""), S("insurer", true, ""),
			{Name: "sum_insured", Type: "integer", Required: true, Minimum: numPtr(1)}, {Name: "premium", Type: "integer", Required: true, Minimum: numPtr(0)},
			{Name: "starts_on", Type: "date", Required: true}, S("source_ref", false, "Id of the "+v.work.Noun+" it covers, if any.")},
		Insert(table, "", map[string]any{"customer_id": "$customer_id", "product": "$product", "insured_item": "$insured_item", "insurer": "$insurer", "sum_insured": "$sum_insured",
			"premium": "$premium", "starts_on": "$starts_on", "source_ref": "$source_ref", "status": "quoted", "quoted_at": "$now"}))
	v.tool(true, "bind_"+o, "Bind "+an(one),
		fmt.Sprintf("Put a quoted %s in force (active) with its first renewal date, normally a year after the start.", one),
		[]world.ArgSpec{S(o+"_id", true, ""), {Name: "renews_on", Type: "date", Required: true}},
		Get(table, o+"_id", "p", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$p.status", Equals: "quoted", Message: "{" + o + "_id} is {p.status}; only quotes can be bound."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "active", "renews_on": "$renews_on", "bound_premium": "$p.premium"}})
	v.tool(false, "add_endorsement", "Endorse "+an(one),
		fmt.Sprintf("Record a mid-term change to an active %s and its new annual premium (minor units), effective from a date.", one),
		[]world.ArgSpec{S("policy_id", true, ""), S("change", true, "What changes."), {Name: "premium_after", Type: "integer", Required: true, Minimum: numPtr(0)},
			{Name: "effective_on", Type: "date", Required: true}},
		Get(table, "policy_id", "p", "No "+one+" {policy_id}."),
		world.Step{Require: "$p.status", Equals: "active", Message: "{policy_id} is {p.status}; only active " + many + " can be endorsed."},
		Insert(endorse, "en", map[string]any{"policy_id": "$policy_id", "change": "$change", "premium_after": "$premium_after", "effective_on": "$effective_on", "recorded_at": "$now"}),
		world.Step{Update: table, Key: "$policy_id", Set: map[string]any{"premium": "$premium_after"}})
	s.Tools[len(s.Tools)-1].Returns = "en"
	v.tool(false, "renew_"+o, "Renew "+an(one),
		fmt.Sprintf("Renew an active %s: the next renewal date and the new annual premium (minor units).", one),
		[]world.ArgSpec{S(o+"_id", true, ""), {Name: "renews_on", Type: "date", Required: true}, {Name: "premium", Type: "integer", Required: true, Minimum: numPtr(0)}},
		Get(table, o+"_id", "p", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$p.status", Equals: "active", Message: "{" + o + "_id} is {p.status}; only active " + many + " can be renewed."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"renews_on": "$renews_on", "premium": "$premium"}})

	// Event: bound.
	v.event(e, statusEvent{
		name: "bound", kind: "done", when: fmt.Sprintf("%s is bound (active)", an(one)), where: map[string]any{"status": "active"},
		inState: func(r Row) bool { return r["status"] == "active" },
		setup: func(tc *TaskCtx) Row {
			r := newRow(tc.FreshID(table), Pick(tc.R, v.customers()), 7, "quoted")
			return r
		},
		call: func(r Row) world.Call {
			return world.Call{Tool: "bind_" + o, Args: map[string]any{o + "_id": r["id"], "renews_on": anniversary(r["starts_on"].(string))}}
		},
		ask: []string{
			"{name} accepted quote {id}. Bind it, renewing a year after the start date ({date}).",
			fmt.Sprintf("Put %s {id} for {name} in force from {date}; first renewal one year later.", one),
		},
		check: func(r Row) []world.Assertion {
			return []world.Assertion{fieldIs("The "+one+" is active.", table, r["id"], "status", "active"),
				fieldIs("It renews a year after the start.", table, r["id"], "renews_on", anniversary(r["starts_on"].(string)))}
		},
	})

	// Action: finished or cancelled work gets cover.
	v.refAction(refAction{
		name: "cover_quoted", on: []string{"done"}, needs: []string{"id", "customer_id", "amount"}, table: table,
		then: fmt.Sprintf("%s covering it must be quoted or in force in %s for the same %s, with the {noun}'s amount as the sum insured and the {noun} id as its reference", an(one), s.Title, v.C),
		live: []string{"quoted", "active"},
		eq:   map[string]string{"sum_insured": "amount"},
		call: func(tc *TaskCtx, up *Entity, r Row) world.Call {
			sum := up.Val("amount", r).(int64)
			return world.Call{Tool: "quote_" + o, Args: map[string]any{"customer_id": up.Val("customer_id", r), "product": mine[0], "insured_item": fmt.Sprintf("%s %s", title(up.Noun), r[up.Key]),
				"insurer": insurers[0], "sum_insured": sum, "premium": premiumFor(tc.R, mine[0], sum), "starts_on": g.Day(1), "source_ref": r[up.Key]}}
		},
		want: func(up *Entity, r Row) map[string]any {
			return map[string]any{"status": "quoted", "sum_insured": up.Val("amount", r)}
		},
		seed: func(g *Gen, up *Entity, r Row) {
			d := v.offset(v.upDate(up, r)) + 1
			status := "quoted"
			if d < 0 {
				status = "active"
			}
			row := newRow(v.next(table), lookupRow(v.cust.Rows, up.Val("customer_id", r)), d, status)
			row["insured_item"], row["sum_insured"], row["source_ref"] = fmt.Sprintf("%s %s", title(up.Noun), r[up.Key]), up.Val("amount", r), r[up.Key]
			row["premium"] = premiumFor(g.R, row["product"].(string), up.Val("amount", r).(int64))
			if status == "active" {
				row["bound_premium"] = row["premium"]
			}
			v.add(e, table, row)
		},
	})

	// Chores: an endorsement; a renewal.
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "account manager", Make: func(tc *TaskCtx) (Task, bool) {
		cands := v.pickRows(table, func(r Row) bool { return r["status"] == "active" })
		if len(cands) == 0 {
			return Task{}, false
		}
		p := Pick(tc.R, cands)
		change := Pick(tc.R, []string{"Additional driver", "Higher excess", "New address", "Extra item covered"})
		after := p["premium"].(int64) + v.money(tc.R, 10, 120)
		eff := g.Day(1 + tc.R.IntN(14))
		tc.NextID(endorse)
		return Task{
			Title: "endorse " + one,
			Instruction: fmt.Sprintf("%s asked for a change to %s %s: \"%s\", from %s. The insurer quotes a new annual premium of %s. Please record it.",
				lookup(v.cust, p["customer_id"], "name"), one, p["id"], change, eff, v.fmtMoney(after)),
			Calls: []world.Call{{Tool: "add_endorsement", Args: map[string]any{"policy_id": p["id"], "change": change, "premium_after": after, "effective_on": eff}}},
			Assertions: []world.Assertion{
				{Description: "The endorsement is recorded.", Weight: 2, Exists: &world.RowMatch{Table: endorse, Where: map[string]any{"policy_id": p["id"], "premium_after": after, "effective_on": eff}}},
				fieldIs("The premium is the new one.", table, p["id"], "premium", after),
			},
			MayChange: []world.Change{{Table: endorse, Ops: []string{"insert"}}, {Table: table, Keys: []any{p["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "account manager", Make: func(tc *TaskCtx) (Task, bool) {
		cands := v.pickRows(table, func(r Row) bool {
			return r["status"] == "active" && r["renews_on"] != nil && v.offset(r["renews_on"]) <= 45
		})
		if len(cands) == 0 {
			return Task{}, false
		}
		p := Pick(tc.R, cands)
		next := anniversary(p["renews_on"].(string))
		premium := p["premium"].(int64) + v.money(tc.R, 5, 60)
		return Task{
			Title:       "renew " + one,
			Instruction: fmt.Sprintf("%s %s of %s comes up for renewal on %s. The insurer renews it for another year at %s. Please renew it.", title(one), p["id"], lookup(v.cust, p["customer_id"], "name"), p["renews_on"], v.fmtMoney(premium)),
			Calls:       []world.Call{{Tool: "renew_" + o, Args: map[string]any{o + "_id": p["id"], "renews_on": next, "premium": premium}}},
			Assertions: []world.Assertion{
				fieldIs("It renews a year later.", table, p["id"], "renews_on", next),
				fieldIs("At the new premium.", table, p["id"], "premium", premium),
				fieldIs("It stays active.", table, p["id"], "status", "active"),
			},
			MayChange: []world.Change{{Table: table, Keys: []any{p["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}
