package archetypes

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/lexicon"

	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

func init() {
	engine.Register(&engine.ServiceDef{Name: "billing", Title: "Billing", Layer: engine.LayerFollowUp, Weight: 3, Folder: "finance", Personas: []string{"account manager"}, Build: buildBilling})
}

func buildBilling(g *engine.Gen, s *engine.Svc) {
	cust, work := g.Entity("customer"), g.Entity("work")
	s.Description = fmt.Sprintf("Invoices %s issues to its %s, in %s minor units.", g.Company.Name, cust.Plural, g.Company.Currency)
	// Amounts are gross; each invoice also shows its net and tax at the
	// country's standard rate, and the seller's tax number is on it.
	tax, _ := seed.TaxOf(g.Company.Country)
	rate := tax.RateFor(g.Scenario.Industry)
	// A lender whose line of work is loans is exempt whatever its
	// industry is called ("chama", "financiera").
	if g.Plan != nil && engine.TaxExempt(g.Plan.Work.Archetype, g.Plan.Work.One) {
		rate = 0
	}
	switch {
	case tax.TaxIDPattern == "":
	case rate == 0:
		// Medical care, social care, lending: exempt, no tax on the invoice.
		s.Description += fmt.Sprintf(" Issued by %s (%s %s); its services are exempt from %s (tax_rate 0): amount = net_amount + tax_amount, tax_amount 0.",
			g.Company.Name, tax.TaxIDLabel, tax.TaxID(g.R), g.Locale.C.Tax.Name)
	default:
		s.Description += fmt.Sprintf(" Issued by %s (%s %s); amounts include %s at %v%%: amount = net_amount + tax_amount.",
			g.Company.Name, tax.TaxIDLabel, tax.TaxID(g.R), g.Locale.C.Tax.Name, rate)
	}
	taxed := func(row engine.Row) engine.Row {
		if gross, ok := row["amount"].(int64); ok {
			net, t := seed.Split(gross, rate)
			row["net_amount"], row["tax_amount"], row["tax_rate"] = net, t, rate
		}
		return row
	}
	const table = "billing_invoices"
	// The charges the brief names ("green fees", "instalments", "rent")
	// are kinds of invoice in the one billing service, not services of
	// their own.
	ps := planBuilt(g.Plan, "billing")
	kinds := AttributeValues(ps, "kind")
	// "We refund cancelled crossings": money paid for what was called off
	// goes back; a paid invoice is refunded, never invoiced again.
	refunds := len(AttributeValues(ps, "refunds")) > 0
	statuses := []string{"issued", "paid", "void"}
	if refunds {
		statuses = append(statuses, "refunded")
	}
	cols := []world.Column{kit.PK(),
		kit.RefersTo("customer_id", cust.Table+".id", "CRM id of the "+cust.Noun+" billed."),
		kit.RefersTo("source_ref", work.Table+".id", "Id of the "+work.Noun+" this invoice bills."),
		kit.Email("bill_to", "Email the invoice goes to."),
		kit.Money("amount", "Total, tax included"),
		kit.Opt(withKind(kit.Money("net_amount", "Amount before tax"), seed.Amount)),
		kit.Opt(withKind(kit.Money("tax_amount", "Tax ("+g.Locale.C.Tax.Name+")"), seed.TaxAmount)),
		kit.Opt(withKind(world.Column{Name: "tax_rate", Type: "real", Description: "Tax rate in percent."}, seed.TaxRate)),
		kit.Enum("status", "issued → paid, or void"+map[bool]string{true: "; a paid invoice can be refunded", false: ""}[refunds]+".", statuses...),
		kit.Date("issued_on", "Issue date."),
		kit.Opt(kit.Date("paid_on", "Date the payment arrived.")),
	}
	if len(kinds) > 0 {
		cols = append(cols, kit.Opt(kit.Enum("kind", "What the invoice charges: "+kindGloss(kinds)+".", kinds...)))
		s.Description += " It bills " + strings.Join(kinds, ", ") + "."
	}
	// "Billed per kilo", "paid by the net tonne": what an invoice counts.
	units := AttributeValues(ps, "unit")
	if len(units) > 0 {
		cols = append(cols, kit.Opt(world.Column{Name: "quantity", Type: "real", Description: "How many units are billed."}),
			kit.Opt(kit.Enum("unit", "What is billed per: "+strings.Join(units, ", ")+".", units...)))
		s.Description += " Charges are per " + strings.Join(units, " or per ") + "."
	}
	// "Schools pay by bank transfer": how a paid invoice was paid.
	methods := AttributeValues(ps, "payment_method")
	if len(methods) > 0 {
		cols = append(cols, kit.Opt(kit.Enum("payment_method", "How it was paid: "+strings.Join(methods, ", ")+".", methods...)))
		s.Description += " Customers pay by " + strings.Join(methods, " or ") + "."
	}
	s.Table(table, "Invoices, one per billed "+work.Noun+".", "INV-", 5, cols...)
	inv := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: "invoice", Plural: "invoices", Prefix: "INV-", Width: 5,
		Roles: map[string]engine.Role{"id": engine.Column("id"), "amount": engine.Column("amount"), "email": engine.Column("bill_to"), "customer_id": engine.Column("customer_id"),
			"name": {SQL: func(a string) string {
				return fmt.Sprintf("(SELECT c.name FROM %s c WHERE c.id = %s.customer_id)", cust.Table, a)
			},
				Value: func(r engine.Row) any { return kit.Lookup(cust, r["customer_id"], "name") }, Path: "customer_id.name"}, "date": engine.Column("issued_on"), "ref": engine.Column("source_ref")}}
	g.SetEntity("invoice", inv)
	invoice := func(n int, up *engine.Entity, r engine.Row, status string) engine.Row {
		row := engine.Row{"id": inv.ID(n), "customer_id": up.Val("customer_id", r), "source_ref": r[up.Key], "bill_to": up.Val("email", r),
			"amount": up.Val("amount", r), "status": status, "issued_on": g.Day(-g.R.IntN(20) - 1)}
		if status == "paid" {
			row["paid_on"] = g.Day(-g.R.IntN(3))
			if len(methods) > 0 {
				row["payment_method"] = methods[n%len(methods)]
			}
		}
		if len(units) > 0 {
			row["unit"], row["quantity"] = units[n%len(units)], float64(1+g.R.IntN(40))
		}
		return taxed(row)
	}
	// Some history: paid invoices for finished work of the past.
	for _, r := range work.Rows {
		if r["status"] == g.Vocab.States[len(g.Vocab.States)-1] && g.R.IntN(3) == 0 {
			row := invoice(len(g.Rows(table))+1, work, r, "paid")
			tablesAdd(g, s, table, row)
			inv.Rows = append(inv.Rows, row)
		}
	}

	s.Tool(true, kit.Tool(s.Name, "search_invoices", "Search invoices",
		"Find invoices by customer, the "+work.Noun+" they bill, or status. Amounts are in minor units (cents).",
		[]world.ArgSpec{kit.S("customer_id", false, "CRM id."), kit.S("source_ref", false, "Id of the billed "+work.Noun+"."), kit.A("status", table+".status", false, "")},
		kit.Search(table, []string{"-issued_on"}, nil, kit.F("customer_id", "eq", "customer_id"), kit.F("source_ref", "eq", "source_ref"), kit.F("status", "eq", "status"))))
	invoiceArgs := []world.ArgSpec{kit.S("customer_id", true, "CRM id of the "+cust.Noun+"."), kit.S("source_ref", true, "Id of the "+work.Noun+" billed."),
		{Name: "bill_to", Type: "email", Required: true, Description: "Email of the " + cust.Noun + " on file."}, {Name: "amount", Type: "integer", Required: true, Minimum: kit.NumPtr(1), Description: "Total, tax included."},
		{Name: "net_amount", Type: "integer", Minimum: kit.NumPtr(0), Description: "Amount before tax."}, {Name: "tax_amount", Type: "integer", Minimum: kit.NumPtr(0), Description: fmt.Sprintf("Tax at %v%%.", rate)},
		{Name: "tax_rate", Type: "number", Minimum: kit.NumPtr(0), Description: fmt.Sprintf("Tax rate in percent (standard: %v).", rate)}}
	invoiceValues := map[string]any{"customer_id": "$customer_id", "source_ref": "$source_ref", "bill_to": "$bill_to", "amount": "$amount",
		"net_amount": "$net_amount", "tax_amount": "$tax_amount", "tax_rate": "$tax_rate", "status": "issued", "issued_on": "$today"}
	if len(kinds) > 0 {
		invoiceArgs = append(invoiceArgs, kit.A("kind", table+".kind", false, ""))
		invoiceValues["kind"] = "$kind"
	}
	if len(units) > 0 {
		invoiceArgs = append(invoiceArgs, world.ArgSpec{Name: "quantity", Type: "number", Minimum: kit.NumPtr(0), Description: "How many units are billed."}, kit.A("unit", table+".unit", false, ""))
		invoiceValues["quantity"], invoiceValues["unit"] = "$quantity", "$unit"
	}
	s.Tool(true, kit.Tool(s.Name, "create_invoice", "Issue an invoice",
		fmt.Sprintf("Issue an invoice to a %s for a %s, dated today. amount is in minor units (cents). One live invoice per %s: refused if it already has an issued or paid one.", cust.Noun, work.Noun, work.Noun),
		invoiceArgs,
		world.Step{Absent: table, Where: map[string]any{"source_ref": "$source_ref", "status": "issued"}, As: "dup", Message: "{source_ref} already has invoice {dup.id}."},
		world.Step{Absent: table, Where: map[string]any{"source_ref": "$source_ref", "status": "paid"}, As: "paid", Message: "{source_ref} already has paid invoice {paid.id}."},
		kit.Insert(table, "", invoiceValues)))
	s.Tool(false, kit.Tool(s.Name, "record_payment", "Record a payment",
		"Mark an issued invoice paid, as of today.",
		[]world.ArgSpec{kit.S("invoice_id", true, "e.g. INV-00001")},
		kit.Get(table, "invoice_id", "inv", "No invoice {invoice_id}."),
		world.Step{Require: "$inv.status", Equals: "issued", Message: "Invoice {invoice_id} is {inv.status}; only issued invoices can be paid."},
		world.Step{Update: table, Key: "$invoice_id", Set: map[string]any{"status": "paid", "paid_on": "$today"}}))
	if ps.Precedes {
		buildDeposits(g, s, ps, cust, work)
	}
	buildPayouts(g, s, ps, work)
	buildMoneyTerms(g, s, ps, cust, work, taxed)
	// Action: bill finished work.
	s.Actions = append(s.Actions, &engine.Action{
		Service: s.Name, Name: "invoiced", Needs: []string{"id", "amount", "customer_id", "email"}, On: []string{"done"},
		Then: "an invoice for its full amount must be issued in Billing to the email on file, with the {noun} id as its source",
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Eq("source_ref", "id").Eq("amount", "amount").Eq("bill_to", "email").
				In(table, "", map[string]any{"status": map[string]any{"in": kit.Vals("issued", "paid")}})
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			tc.NextID(table)
			args := map[string]any{"customer_id": up.Val("customer_id", r), "source_ref": r[up.Key], "bill_to": up.Val("email", r), "amount": up.Val("amount", r)}
			if gross, ok := args["amount"].(int64); ok {
				args["net_amount"], args["tax_amount"] = seed.Split(gross, rate)
				args["tax_rate"] = rate
			}
			return []world.Call{{Tool: "create_invoice", Args: args}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			ref := r[up.Key]
			return []world.Assertion{
				{Description: "An invoice was issued for it.", Exists: &world.RowMatch{Table: table, Where: map[string]any{"source_ref": ref, "status": "issued"}}},
				{Description: "The invoice is for the full amount.", Exists: &world.RowMatch{Table: table, Where: map[string]any{"source_ref": ref, "amount": up.Val("amount", r)}}},
				{Description: "It went to the email on file.", Exists: &world.RowMatch{Table: table, Where: map[string]any{"source_ref": ref, "bill_to": up.Val("email", r)}}},
				{Description: "Exactly one invoice bills it.", Count: &world.CountMatch{Table: table, Where: map[string]any{"source_ref": ref}, Equals: kit.PtrInt(1)}},
			}
		},
		Touches: []world.Change{{Table: table, Ops: []string{"insert"}}},
		Creates: table,
		Makes: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) *engine.Made {
			ref := r[up.Key]
			row := engine.Row{"id": inv.ID(tc.PeekID(table)), "customer_id": up.Val("customer_id", r), "source_ref": ref, "bill_to": up.Val("email", r),
				"amount": up.Val("amount", r), "status": "issued", "issued_on": g.Day(0)}
			return &engine.Made{Entity: inv, Row: row, Say: fmt.Sprintf("the invoice for %s %s", up.Noun, ref),
				Select: func(a string) string {
					return fmt.Sprintf("%s.source_ref = %s AND %s.status IN ('issued', 'paid')", a, engine.SQLQuote(ref), a)
				}}
		},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			for _, x := range g.Rows(table) {
				if x["source_ref"] == r[up.Key] {
					return
				}
			}
			row := invoice(len(g.Rows(table))+1, up, r, engine.Pick(g.R, []string{"issued", "paid"}))
			g.AddRow(table, row)
			inv.Rows = append(inv.Rows, row)
		},
	})

	// Event: an invoice is issued. No task asks for it on its own: it
	// follows from billing finished work, and what the policies ask of an
	// issued invoice (send it) chains on from there.
	s.Events = append(s.Events, &engine.Event{
		Entity: inv, Name: "issued", Kind: "billed", When: "an invoice is issued", Where: map[string]any{"status": map[string]any{"in": kit.Vals("issued", "paid")}},
		InState: func(r engine.Row) bool { return r["status"] == "issued" || r["status"] == "paid" },
	})

	// Action: void what was billed for work that was called off.
	s.Actions = append(s.Actions, undoInvoice(s, inv, invoice, "voided", "issued", "void", "void_invoice",
		"any invoice still issued for it in Billing must be voided", "No invoice is still issued for it.", "Its invoice was voided, not left or paid."))
	s.Tool(false, kit.Tool(s.Name, "void_invoice", "Void an invoice",
		"Cancel an issued invoice that should not have been sent. Paid invoices cannot be voided.",
		[]world.ArgSpec{kit.S("invoice_id", true, "")},
		kit.Get(table, "invoice_id", "inv", "No invoice {invoice_id}."),
		world.Step{Require: "$inv.status", Equals: "issued", Message: "Invoice {invoice_id} is {inv.status}; only issued invoices can be voided."},
		world.Step{Update: table, Key: "$invoice_id", Set: map[string]any{"status": "void"}}))

	if refunds {
		buildRefunds(g, s, inv, invoice)
	}

	// Event: an invoice is paid.
	s.Events = append(s.Events, &engine.Event{
		Entity: inv, Name: "paid", Kind: "paid", When: "an invoice is marked paid", Where: map[string]any{"status": "paid"},
		InState: func(r engine.Row) bool { return r["status"] == "paid" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			c := engine.Pick(tc.R, kit.ActiveRows(cust))
			n := tc.FreshID(table)
			return taxed(engine.Row{"id": inv.ID(n), "customer_id": c["id"], "source_ref": work.ID(len(work.Rows) + 50 + n), "bill_to": c["email"],
				"amount": engine.LocalMoney(g, tc.R, 100, 1000), "status": "issued", "issued_on": g.Day(-14)})
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "record_payment", Args: map[string]any{"invoice_id": r["id"]}}}
		},
		Ask: []string{
			"The bank statement shows {name} paid invoice {id} today. Please record the payment.",
			"Payment for invoice {id} ({name}) came in. Update Billing.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{{Description: "The invoice is paid.", Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "status", Equals: "paid"}}}
		},
		Touches: func(r engine.Row) []world.Change {
			return []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}}
		},
	})

	// Chore (analytics): report open receivables by email.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "analytics lead", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		if !g.Has("email") {
			return engine.Task{}, false
		}
		n, total := 0, int64(0)
		for _, r := range g.Rows(table) {
			if r["status"] == "issued" {
				n++
				total += r["amount"].(int64)
			}
		}
		name, addr := g.Locale.Person("")
		line := fmt.Sprintf("Open invoices: %d, total %d", n, total)
		tc.NextID("email_messages")
		return engine.Task{
			Title:       "report open invoices",
			Instruction: fmt.Sprintf("%s (%s) needs today's open receivables: how many invoices are issued but not paid, and what they add up to, written as %s writes amounts. Email it to them, with the line \"Open invoices: <count>, total <amount>\" in the body.", name, addr, s.Title),
			Calls:       []world.Call{{Tool: "send_email", Args: map[string]any{"to": addr, "subject": g.Locale.Lex().Say("receivables_subject"), "body": line + "."}}},
			Assertions: []world.Assertion{
				{Description: "The report went to the requester.", Exists: &world.RowMatch{Table: "email_messages", Where: map[string]any{"direction": "outbound", "to_addr": addr}}},
				{Description: "It has the right figures.", Exists: &world.RowMatch{Table: "email_messages", Where: map[string]any{"to_addr": addr, "body": map[string]any{"contains": line}}}},
			},
			MayChange: []world.Change{{Table: "email_messages", Ops: []string{"insert"}}},
			Services:  []string{s.Name, "email"},
		}, true
	}})

	// Chore: void a wrong invoice.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "account manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		c := engine.Pick(tc.R, kit.ActiveRows(cust))
		n := tc.NextID(table)
		id := inv.ID(n)
		amount := engine.LocalMoney(g, tc.R, 100, 1000)
		row := taxed(engine.Row{"id": id, "customer_id": c["id"], "source_ref": work.ID(len(work.Rows) + 80 + n), "bill_to": c["email"], "amount": amount, "status": "issued", "issued_on": g.Day(-2)})
		return engine.Task{
			Title:       "void duplicate invoice",
			Instruction: fmt.Sprintf("%s says invoice %s (%s) was sent by mistake: nothing was delivered under %s. Cancel that invoice.", c["name"], id, g.Locale.C.FormatMoney(amount), row["source_ref"]),
			Seed:        []world.SeedOp{{Insert: table, Values: row}},
			Calls:       []world.Call{{Tool: "void_invoice", Args: map[string]any{"invoice_id": id}}},
			Assertions: []world.Assertion{
				{Description: "The invoice is void.", Field: &world.FieldMatch{Table: table, Key: id, Column: "status", Equals: "void"}},
				{Description: "No other invoice of the customer changed status to void.", Count: &world.CountMatch{Table: table, Where: map[string]any{"customer_id": c["id"], "status": "void"}, Equals: kit.PtrInt(kit.CountWhere(g.Rows(table), "customer_id", c["id"], "status", "void") + 1)}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{id}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// planBuilt returns the plan's service of a registered builder (the zero
// service when the plan has none, as for a world drawn without a plan).
func planBuilt(p *engine.Plan, builder string) engine.PlanService {
	if p != nil {
		for _, s := range p.Services {
			if s.Builder == builder {
				return s
			}
		}
	}
	return engine.PlanService{}
}

func AttributeValues(ps engine.PlanService, name string) []string {
	for _, a := range ps.Attributes {
		if a.Name == name {
			return a.Values
		}
	}
	return nil
}

// buildDeposits adds what a business that takes money up front keeps: a
// deposit (or advance, the brief's word) requested for each item of the
// line of work before it is confirmed, then paid. The policy binds the
// confirmation, not the completion: nothing goes ahead unsecured.
func buildDeposits(g *engine.Gen, s *engine.Svc, ps engine.PlanService, cust, work *engine.Entity) {
	noun := cmp.Or(attributeValue(ps, "upfront"), "deposit")
	plural := lexicon.Load().Plural(noun)
	o, m := engine.Snake(noun), engine.Snake(plural)
	table := "billing_" + m
	// "… and the balance two weeks before": what remains after the
	// deposit, and when it is due (see balanceColumns).
	balance := attributeValue(ps, "balance")
	desc := fmt.Sprintf("%s taken before a %s goes ahead.", engine.Title(plural), work.Noun)
	cols := []world.Column{kit.PK(),
		kit.RefersTo("customer_id", cust.Table+".id", "CRM id of the "+cust.Noun+"."),
		kit.RefersTo("source_ref", work.Table+".id", "Id of the "+work.Noun+" it secures."),
		kit.Money("amount", engine.Title(noun)),
		kit.Enum("status", "requested → paid, or refunded.", "requested", "paid", "refunded"),
		kit.Date("requested_on", "When it was asked for."),
		kit.Opt(kit.Date("paid_on", "When it arrived.")),
	}
	if balance != "" {
		desc += balanceNote(balance, work.Noun)
		cols = append(cols, balanceColumns(work.Noun)...)
	}
	s.Table(table, desc, "DEP-", 5, cols...)
	dep := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: noun, Plural: plural, Prefix: "DEP-", Width: 5,
		Roles: map[string]engine.Role{"id": engine.Column("id"), "amount": engine.Column("amount"), "customer_id": engine.Column("customer_id"), "ref": engine.Column("source_ref")}}
	g.SetEntity("deposit", dep)
	half := func(v any) int64 {
		if n, ok := v.(int64); ok {
			return max(1, n/2)
		}
		return 1
	}
	add := func(up *engine.Entity, r engine.Row, status string) {
		row := engine.Row{"id": dep.ID(len(g.Rows(table)) + 1), "customer_id": up.Val("customer_id", r), "source_ref": r[up.Key],
			"amount": half(up.Val("amount", r)), "status": status, "requested_on": g.Day(-g.R.IntN(10) - 2)}
		if status == "paid" {
			row["paid_on"] = g.Day(-1)
		}
		if balance != "" {
			addBalance(g, row, up.Val("amount", r))
		}
		tablesAdd(g, s, table, row)
		dep.Rows = append(dep.Rows, row)
	}
	s.Tool(true, kit.Tool(s.Name, "search_"+m, "Search "+plural,
		fmt.Sprintf("Find %s by %s, the %s they secure, or status. Amounts are in minor units (cents).", plural, cust.Noun, work.Noun),
		[]world.ArgSpec{kit.S("customer_id", false, "CRM id."), kit.S("source_ref", false, "Id of the "+work.Noun+"."), kit.A("status", table+".status", false, "")},
		kit.Search(table, []string{"-requested_on", "id"}, nil, kit.F("customer_id", "eq", "customer_id"), kit.F("source_ref", "eq", "source_ref"), kit.F("status", "eq", "status"))))
	s.Tool(true, kit.Tool(s.Name, "request_"+o, "Request "+engine.An(noun),
		fmt.Sprintf("Ask a %s for %s on a %s, dated today; amount in minor units. One per %s.", cust.Noun, engine.An(noun), work.Noun, work.Noun),
		[]world.ArgSpec{kit.S("customer_id", true, "CRM id of the "+cust.Noun+"."), kit.S("source_ref", true, "Id of the "+work.Noun+" it secures."),
			{Name: "amount", Type: "integer", Required: true, Minimum: kit.NumPtr(1)}},
		world.Step{Absent: table, Where: map[string]any{"source_ref": "$source_ref"}, As: "dup", Message: "{source_ref} already has " + noun + " {dup.id}."},
		kit.Insert(table, "", map[string]any{"customer_id": "$customer_id", "source_ref": "$source_ref", "amount": "$amount", "status": "requested", "requested_on": "$today"})))
	s.Tool(false, kit.Tool(s.Name, "record_"+o+"_payment", "Record "+engine.An(noun)+" paid",
		fmt.Sprintf("Mark a requested %s paid, as of today.", noun),
		[]world.ArgSpec{kit.S(o+"_id", true, "e.g. "+dep.ID(1))},
		kit.Get(table, o+"_id", "dep", "No "+noun+" {"+o+"_id}."),
		world.Step{Require: "$dep.status", Equals: "requested", Message: engine.Title(noun) + " {" + o + "_id} is {dep.status}; only a requested one can be paid."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "paid", "paid_on": "$today"}}))
	if balance != "" {
		buildBalanceTool(s, table, noun, o)
	}
	s.Actions = append(s.Actions, &engine.Action{
		Service: s.Name, Name: noun + " requested", Needs: []string{"id", "amount", "customer_id", "date"}, On: []string{"confirmed"},
		Then: engine.An(noun) + " must be requested in Billing for it before it goes ahead, with the {noun} id as its source",
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Eq("source_ref", "id").Eq("customer_id", "customer_id").In(table, "", nil)
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			tc.NextID(table)
			return []world.Call{{Tool: "request_" + o, Args: map[string]any{"customer_id": up.Val("customer_id", r), "source_ref": r[up.Key], "amount": half(up.Val("amount", r))}}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			return []world.Assertion{{Description: fmt.Sprintf("%s was requested for it.", engine.Title(engine.An(noun))),
				Exists: &world.RowMatch{Table: table, Where: map[string]any{"source_ref": r[up.Key], "customer_id": up.Val("customer_id", r)}}}}
		},
		Touches: []world.Change{{Table: table, Ops: []string{"insert"}}},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			// The table, not dep.Rows: a task's seed is taken back from
			// the tables after it is captured (Gen.capture).
			for _, x := range g.Rows(table) {
				if x["source_ref"] == r[up.Key] {
					return
				}
			}
			add(up, r, "paid")
		},
	})
}

func attributeValue(ps engine.PlanService, name string) string {
	if v := AttributeValues(ps, name); len(v) > 0 {
		return v[0]
	}
	return ""
}

// buildRefunds lets Billing refund a paid invoice, and binds refunds to
// the work: what was paid for a cancelled item must be refunded.
func buildRefunds(g *engine.Gen, s *engine.Svc, inv *engine.Entity, invoice func(n int, up *engine.Entity, r engine.Row, status string) engine.Row) {
	table := inv.Table
	s.Tool(false, kit.Tool(s.Name, "refund_invoice", "Refund an invoice",
		"Pay back a paid invoice in full; it becomes refunded. Issued invoices are voided instead.",
		[]world.ArgSpec{kit.S("invoice_id", true, "")},
		kit.Get(table, "invoice_id", "inv", "No invoice {invoice_id}."),
		world.Step{Require: "$inv.status", Equals: "paid", Message: "Invoice {invoice_id} is {inv.status}; only paid invoices can be refunded."},
		world.Step{Update: table, Key: "$invoice_id", Set: map[string]any{"status": "refunded"}}))
	s.Actions = append(s.Actions, undoInvoice(s, inv, invoice, "refunded", "paid", "refunded", "refund_invoice",
		"any invoice paid for it in Billing must be refunded", "No invoice is still paid for it.", "Its invoice was refunded."))
}

// undoInvoice is the action that takes back what was billed for work
// that was called off: the invoice in state from is moved to to by tool
// (an issued one voided, a paid one refunded). The task seed holds such
// an invoice, so the rule does not hold before the agent acts.
func undoInvoice(s *engine.Svc, inv *engine.Entity, invoice func(n int, up *engine.Entity, r engine.Row, status string) engine.Row, name, from, to, tool, then, still, done string) *engine.Action {
	table := inv.Table
	key := func(up *engine.Entity, r engine.Row) string { return name + ":" + fmt.Sprint(r[up.Key]) }
	return &engine.Action{
		Service: s.Name, Name: name, Needs: []string{"id", "amount", "customer_id", "email"}, On: []string{"cancelled"},
		Then: then,
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Eq("source_ref", "id").In(table, world.RequireNone, map[string]any{"status": from})
		},
		Prepare: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.SeedOp {
			row := invoice(tc.NextID(table), up, r, from)
			tc.Note(key(up, r), row)
			return []world.SeedOp{{Insert: table, Values: row}}
		},
		Makes: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) *engine.Made {
			before, row := tc.Prepared(key(up, r), to)
			return &engine.Made{Entity: inv, Row: row, Before: before, Say: fmt.Sprintf("the invoice for %s %s", up.Noun, r[up.Key]),
				Select: func(a string) string { return fmt.Sprintf("%s.source_ref = %s", a, engine.SQLQuote(r[up.Key])) }}
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			return []world.Call{{Tool: tool, Args: map[string]any{"invoice_id": tc.Noted(key(up, r)).(engine.Row)["id"]}}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			ref := r[up.Key]
			return []world.Assertion{
				{Description: still, Absent: &world.RowMatch{Table: table, Where: map[string]any{"source_ref": ref, "status": from}}},
				{Description: done, Exists: &world.RowMatch{Table: table, Where: map[string]any{"source_ref": ref, "status": to}}},
			}
		},
		Touches: []world.Change{{Table: table, Ops: []string{"update"}}},
	}
}
