package archetypes

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/lexicon"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

// buildMoneyTerms adds to Billing what the plan says of money beyond one
// invoice to one customer (read by read.moneyTerms): claims to the
// insurers who pay for the customers, work invoiced stage by stage as
// each is approved, a card of surcharges, and credit accounts with their
// limit and past-due rule. taxed splits a gross amount into net and tax
// at the invoices' rate.
func buildMoneyTerms(g *engine.Gen, s *engine.Svc, ps engine.PlanService, cust, work *engine.Entity, taxed func(engine.Row) engine.Row) {
	if v := AttributeValues(ps, "insurer_claims"); len(v) > 0 {
		buildInsurerClaims(g, s, v[1:], cust, work)
	}
	if v := AttributeValues(ps, "stages"); len(v) > 0 {
		buildStages(g, s, v, cust, work, taxed)
	}
	if v := AttributeValues(ps, "surcharge"); len(v) > 0 {
		buildSurcharges(g, s, v, work)
	}
	if v := AttributeValues(ps, "credit_accounts"); len(v) > 0 {
		buildCreditAccounts(g, s, v, cust)
	}
}

// kindGloss is the kind column's description with each local charge
// word glossed ("mensalidade (monthly fee)").
func kindGloss(kinds []string) string {
	gl := lexicon.Money().Glosses
	out := make([]string, len(kinds))
	for i, k := range kinds {
		out[i] = k
		if e := gl[strings.ToLower(k)]; e != "" {
			out[i] = k + " (" + e + ")"
		}
	}
	return strings.Join(out, ", ")
}

// payerInsurers are the few insurers a business claims from, named as
// the claims vertical names insurers (insurerName), drawn once per world.
func payerInsurers(g *engine.Gen) []string {
	var out []string
	for try := 0; len(out) < 4 && try < 16; try++ {
		name := ""
		if ind, ok := engine.IndustryByID("insurance"); ok {
			name = g.Locale.C.CompanyName(g.R, ind)
		} else {
			_, fam, _ := g.Locale.C.PersonName(g.R)
			name = fam + " Insurance"
		}
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// buildInsurerClaims keeps the claims the business makes to the insurers
// who pay for its customers: one per item of work, submitted for an
// amount, approved for what the insurer will pay (or rejected), then
// paid. steps are what the brief says a claim needs: "guarantee" (the
// insurer's guarantee of payment before the work goes ahead),
// "referral" (the referral it pays on), "approval", "monthly" (claimed
// in a monthly run), "excess" (the customer's own share).
func buildInsurerClaims(g *engine.Gen, s *engine.Svc, steps []string, cust, work *engine.Entity) {
	const table = "billing_insurance_claims"
	has := func(x string) bool { return slices.Contains(steps, x) }
	statuses := []string{"submitted", "approved", "paid", "rejected"}
	flow := "submitted → approved → paid, or rejected"
	if has("guarantee") {
		statuses = append([]string{"guarantee_requested", "guaranteed"}, statuses...)
		flow = "guarantee_requested → guaranteed (a payment guarantee from the insurer, before the " + work.Noun + " goes ahead) → submitted → approved → paid, or rejected"
	}
	cols := []world.Column{kit.PK(),
		kit.RefersTo("customer_id", cust.Table+".id", "CRM id of the insured "+cust.Noun+"."),
		kit.RefersTo("source_ref", work.Table+".id", "Id of the "+work.Noun+" the insurer pays for."),
		kit.Text("insurer", "The insurer billed."),
		kit.Text("policy_number", "The "+cust.Noun+"'s policy number with the insurer."),
		kit.Money("amount", "Amount claimed from the insurer"),
		kit.Opt(kit.Money("approved_amount", "What the insurer approved to pay")),
		kit.Enum("status", flow+".", statuses...),
		kit.Date("submitted_on", "When the claim was sent."),
		kit.Opt(kit.Date("paid_on", "When the insurer paid.")),
	}
	if has("guarantee") {
		cols = append(cols, kit.Opt(kit.Text("guarantee_ref", "Reference of the payment guarantee the insurer gave.")))
	}
	if has("referral") {
		cols = append(cols, kit.Opt(kit.Text("referral_ref", "The referral the insurer pays on (required to submit).")))
	}
	if has("monthly") {
		cols = append(cols, kit.Opt(kit.Text("claim_month", "The monthly claim run it belongs to (YYYY-MM).")))
	}
	if has("excess") {
		cols = append(cols, kit.Opt(kit.Money("excess_amount", "The "+cust.Noun+"'s own share (excess), billed to them, not the insurer")))
	}
	insurers := payerInsurers(g)
	prefix := g.FreePrefix("ICL-", "INC-", "ISC-")
	s.Table(table, "Claims to the insurers who pay for insured "+cust.Plural+": one per "+work.Noun+", "+flow+".", prefix, 5, cols...)
	s.Description += " Insured " + cust.Plural + "' " + work.Plural + " are claimed from their insurers."
	row := func(n int, w engine.Row, status string) engine.Row {
		amount := engine.LocalMoney(g, g.R, 80, 1500)
		if v, ok := work.Val("amount", w).(int64); ok && v > 0 {
			amount = v
		}
		r := engine.Row{"id": g.FormatID(table, n), "customer_id": work.Val("customer_id", w), "source_ref": w[work.Key], "insurer": insurers[n%len(insurers)],
			"policy_number": fmt.Sprintf("P%07d", 1000000+g.R.IntN(9000000)), "amount": amount, "status": status, "submitted_on": g.Day(-5 - g.R.IntN(20))}
		if status == "approved" || status == "paid" {
			r["approved_amount"] = amount - amount/10*int64(g.R.IntN(2))
		}
		if status == "paid" {
			r["paid_on"] = g.Day(-g.R.IntN(4))
		}
		if has("guarantee") && status != "guarantee_requested" {
			r["guarantee_ref"] = fmt.Sprintf("GOP-%06d", g.R.IntN(1000000))
		}
		if has("referral") {
			r["referral_ref"] = fmt.Sprintf("REF-%05d", g.R.IntN(100000))
		}
		if has("monthly") {
			r["claim_month"] = r["submitted_on"].(string)[:7]
		}
		if has("excess") {
			r["excess_amount"] = max(1, amount/10)
			r["amount"] = amount - r["excess_amount"].(int64)
		}
		return r
	}
	for n, w := range work.Rows[:min(len(work.Rows), 8)] {
		if work.Val("customer_id", w) == nil {
			continue
		}
		tablesAdd(g, s, table, row(n+1, w, engine.Pick(g.R, []string{"submitted", "approved", "paid", "paid"})))
	}

	s.Tool(true, kit.Tool(s.Name, "search_insurance_claims", "Search insurance claims",
		"Find claims to insurers by insurer, "+cust.Noun+", the "+work.Noun+" claimed for, or status. Amounts are in minor units (cents).",
		[]world.ArgSpec{kit.S("insurer", false, "Insurer name (contains)."), kit.S("customer_id", false, "CRM id."), kit.S("source_ref", false, "Id of the "+work.Noun+"."), kit.A("status", table+".status", false, "")},
		kit.Search(table, []string{"-submitted_on", "id"}, nil, kit.F("insurer", "contains", "insurer"), kit.F("customer_id", "eq", "customer_id"), kit.F("source_ref", "eq", "source_ref"), kit.F("status", "eq", "status"))))
	args := []world.ArgSpec{kit.S("customer_id", true, "CRM id of the insured "+cust.Noun+"."), kit.S("source_ref", true, "Id of the "+work.Noun+"."),
		kit.S("insurer", true, "The insurer."), kit.S("policy_number", true, "The policy number."),
		{Name: "amount", Type: "integer", Required: true, Minimum: kit.NumPtr(1), Description: "Amount claimed, minor units."}}
	values := map[string]any{"customer_id": "$customer_id", "source_ref": "$source_ref", "insurer": "$insurer", "policy_number": "$policy_number", "amount": "$amount", "status": "submitted", "submitted_on": "$today"}
	if has("referral") {
		args = append(args, kit.S("referral_ref", true, "The referral the insurer pays on."))
		values["referral_ref"] = "$referral_ref"
	}
	if has("monthly") {
		args = append(args, kit.S("claim_month", false, "Monthly claim run, YYYY-MM."))
		values["claim_month"] = "$claim_month"
	}
	if has("excess") {
		args = append(args, world.ArgSpec{Name: "excess_amount", Type: "integer", Minimum: kit.NumPtr(0), Description: "The " + cust.Noun + "'s own share, minor units."})
		values["excess_amount"] = "$excess_amount"
	}
	s.Tool(true, kit.Tool(s.Name, "submit_insurance_claim", "Submit an insurance claim",
		fmt.Sprintf("Claim a %s from the %s's insurer, dated today. One live claim per %s.", work.Noun, cust.Noun, work.Noun), args,
		world.Step{Absent: table, Where: map[string]any{"source_ref": "$source_ref", "status": "submitted"}, As: "dup", Message: "{source_ref} already has claim {dup.id}, awaiting the insurer."},
		world.Step{Absent: table, Where: map[string]any{"source_ref": "$source_ref", "status": "approved"}, As: "ok", Message: "{source_ref} already has approved claim {ok.id}."},
		world.Step{Absent: table, Where: map[string]any{"source_ref": "$source_ref", "status": "paid"}, As: "paid", Message: "{source_ref} already has paid claim {paid.id}."},
		kit.Insert(table, "", values)))
	s.Tool(false, kit.Tool(s.Name, "record_claim_decision", "Record an insurer's decision",
		"Record what the insurer decided on a submitted claim: approved (with the amount it will pay) or rejected.",
		[]world.ArgSpec{kit.S("claim_id", true, "e.g. "+g.FormatID(table, 1)), {Name: "decision", Type: "string", Required: true, Enum: kit.Vals("approved", "rejected")},
			{Name: "approved_amount", Type: "integer", Minimum: kit.NumPtr(0), Description: "What the insurer will pay, minor units (when approved)."}},
		kit.Get(table, "claim_id", "cl", "No claim {claim_id}."),
		world.Step{Require: "$cl.status", Equals: "submitted", Message: "Claim {claim_id} is {cl.status}; only a submitted claim can be decided."},
		world.Step{Update: table, Key: "$claim_id", Set: map[string]any{"status": "$decision", "approved_amount": "$approved_amount"}}))
	s.Tool(false, kit.Tool(s.Name, "record_claim_payment", "Record an insurer's payment",
		"Mark an approved claim paid by the insurer, as of today.",
		[]world.ArgSpec{kit.S("claim_id", true, "")},
		kit.Get(table, "claim_id", "cl", "No claim {claim_id}."),
		world.Step{Require: "$cl.status", Equals: "approved", Message: "Claim {claim_id} is {cl.status}; only an approved claim can be paid."},
		world.Step{Update: table, Key: "$claim_id", Set: map[string]any{"status": "paid", "paid_on": "$today"}}))
	if has("guarantee") {
		s.Tool(false, kit.Tool(s.Name, "record_guarantee", "Record an insurer's payment guarantee",
			"Record the payment guarantee an insurer gave for a "+work.Noun+" before it goes ahead.",
			[]world.ArgSpec{kit.S("claim_id", true, ""), kit.S("guarantee_ref", true, "The insurer's reference.")},
			kit.Get(table, "claim_id", "cl", "No claim {claim_id}."),
			world.Step{Require: "$cl.status", Equals: "guarantee_requested", Message: "Claim {claim_id} is {cl.status}; only a requested guarantee can be recorded."},
			world.Step{Update: table, Key: "$claim_id", Set: map[string]any{"status": "guaranteed", "guarantee_ref": "$guarantee_ref"}}))
	}

	// Chore: the insurer's remittance says what it approved.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "account manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		ws := kit.Where(work.Rows, func(r engine.Row) bool { return work.Val("customer_id", r) != nil })
		if len(ws) == 0 {
			return engine.Task{}, false
		}
		n := tc.NextID(table)
		r := row(n, engine.Pick(tc.R, ws), "submitted")
		r["submitted_on"] = g.Day(-9)
		id, amount := r["id"], r["amount"].(int64)
		approved := amount - amount/5
		return engine.Task{
			Title: "record an insurer's approval",
			Instruction: fmt.Sprintf("%s wrote that claim %s (%s) is approved, but only for %s. Record their decision in %s.",
				r["insurer"], id, g.Locale.C.FormatMoney(amount), g.Locale.C.FormatMoney(approved), s.Title),
			Seed:  []world.SeedOp{{Insert: table, Values: r}},
			Calls: []world.Call{{Tool: "record_claim_decision", Args: map[string]any{"claim_id": id, "decision": "approved", "approved_amount": approved}}},
			Assertions: []world.Assertion{
				{Description: "The claim is approved.", Field: &world.FieldMatch{Table: table, Key: id, Column: "status", Equals: "approved"}},
				{Description: "For the amount the insurer approved, not the amount claimed.", Field: &world.FieldMatch{Table: table, Key: id, Column: "approved_amount", Equals: approved}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{id}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// buildStages keeps work billed in stages: each stage of a quoted item
// of work has its amount, is approved (or signed off) by the customer,
// and only then invoiced. v: the state a stage must be in to be
// invoiced, then who approves it when the brief names them.
func buildStages(g *engine.Gen, s *engine.Svc, v []string, cust, work *engine.Entity, taxed func(engine.Row) engine.Row) {
	const table = "billing_stages"
	state := v[0]
	approver := "the " + cust.Noun
	if len(v) > 1 {
		approver = "the " + v[1]
	}
	said := strings.ReplaceAll(state, "_", " ")
	inv := g.Entity("invoice")
	cols := []world.Column{kit.PK(),
		kit.RefersTo("customer_id", cust.Table+".id", "CRM id of the "+cust.Noun+"."),
		kit.RefersTo("source_ref", work.Table+".id", "Id of the "+work.Noun+" billed in stages."),
		kit.Email("bill_to", "Email the stage's invoice goes to."),
		world.Column{Name: "stage_no", Type: "integer", Description: "Stage number within the " + work.Noun + ", from 1."},
		kit.Text("title", "What the stage covers."),
		kit.Money("amount", "Stage price, tax included"),
		kit.Opt(withKind(kit.Money("net_amount", "Stage price before tax"), seed.Amount)),
		kit.Opt(withKind(kit.Money("tax_amount", "Tax on the stage"), seed.TaxAmount)),
		kit.Opt(withKind(world.Column{Name: "tax_rate", Type: "real", Description: "Tax rate in percent."}, seed.TaxRate)),
		kit.Enum("status", "planned → "+state+" (by "+approver+") → invoiced; a stage is invoiced only once "+said+".", "planned", state, "invoiced"),
		kit.Opt(kit.Date(state+"_on", "When "+approver+" "+map[string]string{"approved": "approved", "signed_off": "signed it off", "accepted": "accepted"}[state]+" it.")),
		kit.Opt(kit.Text(state+"_by", "Who "+map[string]string{"approved": "approved", "signed_off": "signed it off", "accepted": "accepted"}[state]+" it, for "+approver+".")),
		kit.Opt(kit.Ref("invoice_id", inv.Table, "The invoice that billed the stage.")),
	}
	prefix := g.FreePrefix("STG-", "STA-", "PHS-")
	s.Table(table, engine.Title(work.Plural)+" billed stage by stage: each stage is invoiced once "+approver+" has "+said+" it.", prefix, 5, cols...)
	s.Description += " " + engine.Title(work.Plural) + " are invoiced by stage, each once " + said + "."
	titles := []string{"Stage 1: preparation", "Stage 2: main works", "Stage 3: completion"}
	stage := func(n int, w engine.Row, k int, status string) engine.Row {
		total := engine.LocalMoney(g, g.R, 600, 6000)
		if a, ok := work.Val("amount", w).(int64); ok && a > 0 {
			total = a
		}
		r := taxed(engine.Row{"id": g.FormatID(table, n), "customer_id": work.Val("customer_id", w), "source_ref": w[work.Key], "bill_to": work.Val("email", w),
			"stage_no": int64(k + 1), "title": titles[k], "amount": max(1, total/3), "status": status})
		if status != "planned" {
			who, _ := g.Locale.Person("")
			r[state+"_on"], r[state+"_by"] = g.Day(-3-g.R.IntN(10)), who
		}
		return r
	}
	n := 0
	for _, w := range work.Rows[:min(len(work.Rows), 3)] {
		if work.Val("customer_id", w) == nil {
			continue
		}
		for k, st := range []string{state, state, "planned"} {
			n++
			tablesAdd(g, s, table, stage(n, w, k, st))
		}
	}
	s.Tool(true, kit.Tool(s.Name, "search_stages", "Search stages",
		"Find the stages of a "+work.Noun+", or stages by status. Amounts are in minor units (cents).",
		[]world.ArgSpec{kit.S("source_ref", false, "Id of the "+work.Noun+"."), kit.A("status", table+".status", false, "")},
		kit.Search(table, []string{"source_ref", "stage_no"}, nil, kit.F("source_ref", "eq", "source_ref"), kit.F("status", "eq", "status"))))
	verb := map[string]string{"approved": "approve", "signed_off": "sign_off", "accepted": "accept"}[state]
	s.Tool(false, kit.Tool(s.Name, verb+"_stage", "Record a stage "+said,
		"Record that "+approver+" "+said+" a planned stage, as of today.",
		[]world.ArgSpec{kit.S("stage_id", true, "e.g. "+g.FormatID(table, 1)), kit.S("by", true, "Who "+said+" it.")},
		kit.Get(table, "stage_id", "st", "No stage {stage_id}."),
		world.Step{Require: "$st.status", Equals: "planned", Message: "Stage {stage_id} is {st.status}; only a planned stage can be " + said + "."},
		world.Step{Update: table, Key: "$stage_id", Set: map[string]any{"status": state, state + "_on": "$today", state + "_by": "$by"}}))
	s.Tool(true, kit.Tool(s.Name, "invoice_stage", "Invoice a stage",
		"Issue the invoice of a stage for its amount, dated today, to the email on the stage. Refused unless the stage is "+said+".",
		[]world.ArgSpec{kit.S("stage_id", true, "")},
		kit.Get(table, "stage_id", "st", "No stage {stage_id}."),
		world.Step{Require: "$st.status", Equals: state, Message: "Stage {stage_id} is {st.status}; it can be invoiced only once " + said + "."},
		kit.Insert(inv.Table, "inv", map[string]any{"customer_id": "$st.customer_id", "source_ref": "$st.source_ref", "bill_to": "$st.bill_to", "amount": "$st.amount",
			"net_amount": "$st.net_amount", "tax_amount": "$st.tax_amount", "tax_rate": "$st.tax_rate", "status": "issued", "issued_on": "$today"}),
		world.Step{Update: table, Key: "$stage_id", Set: map[string]any{"status": "invoiced", "invoice_id": "$inv.id"}}))

	// Chore: the customer approved a stage; record it and invoice it.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "account manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		ws := kit.Where(work.Rows, func(r engine.Row) bool { return work.Val("customer_id", r) != nil && work.Val("email", r) != nil })
		if len(ws) == 0 {
			return engine.Task{}, false
		}
		w := engine.Pick(tc.R, ws)
		r := stage(tc.NextID(table), w, 1, "planned")
		id := r["id"]
		who, _ := g.Locale.Person("")
		invID := inv.ID(tc.NextID(inv.Table))
		return engine.Task{
			Title:       "invoice an approved stage",
			Instruction: fmt.Sprintf("%s, for %v, has %s stage %s of %v (%s) today. Record it and invoice that stage.", who, nameOfCustomer(cust, r["customer_id"]), said, id, w[work.Key], g.Locale.C.FormatMoney(r["amount"].(int64))),
			Seed:        []world.SeedOp{{Insert: table, Values: r}},
			Calls: []world.Call{{Tool: verb + "_stage", Args: map[string]any{"stage_id": id, "by": who}},
				{Tool: "invoice_stage", Args: map[string]any{"stage_id": id}}},
			Assertions: []world.Assertion{
				{Description: "The stage is invoiced.", Field: &world.FieldMatch{Table: table, Key: id, Column: "status", Equals: "invoiced"}},
				{Description: "Its invoice is for the stage's amount.", Exists: &world.RowMatch{Table: inv.Table, Where: map[string]any{"id": invID, "source_ref": w[work.Key], "amount": r["amount"], "status": "issued"}}},
				{Description: "The stage points at that invoice.", Field: &world.FieldMatch{Table: table, Key: id, Column: "invoice_id", Equals: invID}},
				{Description: "The " + said + " was recorded today.", Field: &world.FieldMatch{Table: table, Key: id, Column: state + "_on", Equals: g.Day(0)}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{id}, Ops: []string{"update"}}, {Table: inv.Table, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

func nameOfCustomer(cust *engine.Entity, id any) any {
	if v := kit.Lookup(cust, id, "name"); v != nil {
		return v
	}
	return "the " + cust.Noun
}

// buildSurcharges keeps the card of surcharges the brief names: one
// rate per time it applies at ("weekend", "out_of_hours"), with its
// multiplier of the normal price (time and a half is 1.5).
func buildSurcharges(g *engine.Gen, s *engine.Svc, v []string, work *engine.Entity) {
	const table = "billing_surcharges"
	mult := 1.25
	var times []string
	for _, x := range v {
		if f, err := strconv.ParseFloat(strings.TrimPrefix(x, "x"), 64); strings.HasPrefix(x, "x") && err == nil {
			mult = f
			continue
		}
		times = append(times, x)
	}
	s.Table(table, "Surcharges on "+work.Plural+" by when they are done ("+strings.ReplaceAll(strings.Join(times, ", "), "_", " ")+"): the price is multiplied by the rate.", g.FreePrefix("SUR-", "SRC-"), 3,
		kit.PK(),
		kit.Enum("applies_when", "When the surcharge applies.", times...),
		world.Column{Name: "multiplier", Type: "real", Description: "Rate as a multiple of the normal price (time and a half = 1.5)."},
		kit.Text("note", "How it is charged."))
	for i, t := range times {
		tablesAdd(g, s, table, engine.Row{"id": g.FormatID(table, i+1), "applies_when": t, "multiplier": mult,
			"note": fmt.Sprintf("%s (%s): %v× the normal price", engine.Title(work.Plural), strings.ReplaceAll(t, "_", " "), mult)})
	}
	s.Description += fmt.Sprintf(" %s with a surcharge (%s) are charged %v× the normal price.", engine.Title(work.Plural), strings.ReplaceAll(strings.Join(times, ", "), "_", " "), mult)
	s.Tool(true, kit.Tool(s.Name, "list_surcharges", "List surcharges",
		"The surcharge rates and when each applies.", nil,
		kit.Search(table, []string{"id"}, nil)))
}

// buildCreditAccounts keeps customers' accounts: a credit limit when
// they buy on credit, and the past-due rule (v: "limit", then
// "past_due", the days and the state an account past due is put in:
// "overlocked", "disconnected", "on_stop").
func buildCreditAccounts(g *engine.Gen, s *engine.Svc, v []string, cust *engine.Entity) {
	limit := v[0] == "limit"
	days, late, word := 0, "", "past due"
	if k := slices.Index(v, "past_due"); k >= 0 && k+2 < len(v) {
		days, _ = strconv.Atoi(v[k+1])
		late = v[k+2]
		if k+3 < len(v) {
			word = v[k+3] // the brief's word: "overdue", "in arrears"
		}
	}
	table := "billing_accounts"
	desc := engine.Title(cust.Plural) + "' accounts"
	if limit {
		table, desc = "billing_credit_accounts", engine.Title(cust.Plural)+" who buy on credit, each up to a credit limit"
	}
	statuses := []string{"active"}
	if late != "" {
		statuses = append(statuses, late)
		desc += fmt.Sprintf("; an account over %d days %s is %s until it is paid", days, word, strings.ReplaceAll(late, "_", " "))
	}
	statuses = append(statuses, "closed")
	cols := []world.Column{kit.PK(),
		kit.RefersTo("customer_id", cust.Table+".id", "CRM id of the "+cust.Noun+"."),
		kit.Money("balance", "What the "+cust.Noun+" owes now")}
	if limit {
		cols = append(cols, kit.Money("credit_limit", "Most the "+cust.Noun+" may owe"))
	}
	if late != "" {
		cols = append(cols, world.Column{Name: "days_past_due", Type: "integer", Description: "Days the oldest unpaid invoice is " + word + " (0 when none)."})
	}
	cols = append(cols, kit.Enum("status", "active, "+strings.Join(statuses[1:], ", ")+".", statuses...))
	s.Table(table, desc+".", g.FreePrefix("ACC-", "CRA-", "ACT-"), 5, cols...)
	s.Description += " " + desc + "."
	row := func(n int, c engine.Row, pastDue int) engine.Row {
		// On credit, what is owed runs up to a share of the limit; on a
		// plain account only what is past due is owed.
		lim := engine.LocalMoney(g, g.R, 1000, 20000)
		bal := lim / int64(2+g.R.IntN(4))
		if !limit {
			bal = 0
			if pastDue > 0 {
				bal = engine.LocalMoney(g, g.R, 60, 400) * int64(1+pastDue/30)
			}
		}
		r := engine.Row{"id": g.FormatID(table, n), "customer_id": c["id"], "balance": bal, "status": "active"}
		if limit {
			r["credit_limit"] = lim
		}
		if late != "" {
			r["days_past_due"] = int64(pastDue)
			if pastDue > days {
				r["status"] = late
			}
		}
		return r
	}
	for n, c := range kit.ActiveRows(cust)[:min(len(kit.ActiveRows(cust)), 8)] {
		pd := 0
		if n%3 == 2 {
			pd = days + 3 + g.R.IntN(20)
		}
		tablesAdd(g, s, table, row(n+1, c, pd))
	}
	s.Tool(true, kit.Tool(s.Name, "search_accounts", "Search accounts",
		"Find "+cust.Plural+"' accounts by "+cust.Noun+" or status. Amounts are in minor units (cents).",
		[]world.ArgSpec{kit.S("customer_id", false, "CRM id."), kit.A("status", table+".status", false, "")},
		kit.Search(table, []string{"id"}, nil, kit.F("customer_id", "eq", "customer_id"), kit.F("status", "eq", "status"))))
	if limit {
		s.Tool(false, kit.Tool(s.Name, "set_credit_limit", "Set a credit limit",
			"Change the credit limit of an account; amount in minor units.",
			[]world.ArgSpec{kit.S("account_id", true, ""), {Name: "credit_limit", Type: "integer", Required: true, Minimum: kit.NumPtr(0)}},
			kit.Get(table, "account_id", "acc", "No account {account_id}."),
			world.Step{Update: table, Key: "$account_id", Set: map[string]any{"credit_limit": "$credit_limit"}}))
	}
	if late == "" {
		return
	}
	said := strings.ReplaceAll(late, "_", " ")
	s.Tool(false, kit.Tool(s.Name, "set_account_status", "Set an account's status",
		fmt.Sprintf("Mark an account %s (over %d days %s) or active again once paid.", said, days, word),
		[]world.ArgSpec{kit.S("account_id", true, ""), kit.A("status", table+".status", true, "")},
		kit.Get(table, "account_id", "acc", "No account {account_id}."),
		world.Step{Update: table, Key: "$account_id", Set: map[string]any{"status": "$status"}}))
	// Chore: apply the past-due rule to the one account it catches.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "account manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		cs := kit.ActiveRows(cust)
		if len(cs) == 0 {
			return engine.Task{}, false
		}
		over := row(tc.NextID(table), engine.Pick(tc.R, cs), days+2+tc.R.IntN(10))
		over["status"] = "active"
		under := row(tc.NextID(table), engine.Pick(tc.R, cs), max(0, days-3))
		return engine.Task{
			Title:       "apply the past-due rule",
			Instruction: fmt.Sprintf("Accounts %s and %s have unpaid invoices. Apply the rule: an account over %d days %s is %s.", over["id"], under["id"], days, word, said),
			Seed:        []world.SeedOp{{Insert: table, Values: over}, {Insert: table, Values: under}},
			Calls:       []world.Call{{Tool: "set_account_status", Args: map[string]any{"account_id": over["id"], "status": late}}},
			Assertions: []world.Assertion{
				{Description: "The account past the limit is " + said + ".", Field: &world.FieldMatch{Table: table, Key: over["id"], Column: "status", Equals: late}},
				{Description: "The account within the limit stays active.", Role: world.RoleConstraint, Field: &world.FieldMatch{Table: table, Key: under["id"], Column: "status", Equals: "active"}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{over["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}
