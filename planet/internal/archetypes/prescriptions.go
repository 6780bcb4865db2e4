package archetypes

import (
	"fmt"
	"slices"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

func init() { kit.Register("prescriptions", "Prescriptions", buildPrescriptions) }

// medication is something a prescription can be written for.
type medication = catalog.Medication

// medicationsFor returns the industry's usual prescriptions (its flavour's, see
// catalog.Flavour, else a general practice's), the first its standard
// aftercare prescription, each named and directed in the world's
// language (the catalog's translations): a German pharmacist writes
// "1 Tablette bis zu dreimal täglich nach den Mahlzeiten", not the
// English of the formulary.
func medicationsFor(k *kit.Builder) []medication {
	meds := engine.Flavoured(k.Gen, func(f catalog.Flavour) []medication { return f.Prescriptions })
	if meds == nil {
		gp, _ := catalog.FlavourByID("general_practice")
		meds = slices.Clone(gp.Prescriptions)
	}
	for i, m := range meds {
		meds[i].Name, meds[i].Dose = k.Gen.Term(m.Name), k.Gen.Term(m.Dose)
	}
	return meds
}

func buildPrescriptions(k *kit.Builder) {
	g, s := k.Gen, k.Svc
	meds := medicationsFor(k)
	std := meds[0]
	s.Description = fmt.Sprintf("Prescriptions of the %s of %s, each signed by a %s, and the refill requests against them. Refill prices are in %s minor units.",
		g.Vocab.Customer.Many, g.Company.Name, k.St, g.Company.Currency)
	const rt, ft = "prescriptions_rx", "prescriptions_refills"
	s.Table(rt, "Prescriptions, one per item prescribed.", "RX-", 5,
		kit.PK(),
		kit.RefersTo("customer_id", k.Cust.Table+".id", "The "+k.C+" (CRM id)."),
		kit.RefersTo("prescriber_id", k.Staff.Table+".id", "The "+k.St+" who wrote it."),
		kit.Text("medication", "What is prescribed: product, strength and form."),
		kit.Text("dosage", "Directions for use."),
		kit.Int("quantity", "Packs or units per fill."),
		kit.Int("refills_allowed", "How many refills the prescriber allows."),
		kit.Enum("status", "active → completed; on_hold ↔ active; cancelled is final.", "active", "on_hold", "completed", "cancelled"),
		kit.Date("issued_on", "Date written."),
		kit.Date("expires_on", "Last date it can be filled."),
		kit.Opt(kit.RefersTo("source_ref", k.Work.Table+".id", "Id of the "+k.W+" it was written at, if any.")),
	)
	s.Table(ft, "Refill requests against a prescription.", "RFL-", 5,
		kit.PK(),
		kit.Ref("prescription_id", rt, "The prescription to refill."),
		kit.Date("requested_on", "Date of the request."),
		kit.Int("quantity", "Units asked for."),
		kit.Money("price", "Price of the refill"),
		kit.Enum("status", "requested → approved → dispensed, or rejected.", "requested", "approved", "dispensed", "rejected"),
		kit.Opt(kit.Date("decided_on", "Date of the last decision.")),
	)

	medOf := func(name any) medication {
		for _, m := range meds {
			if m.Name == name {
				return m
			}
		}
		return std
	}
	rx := k.Entity(rt, "prescription", "prescriptions", k.CustRoles("customer_id"))
	rx.Roles["medication"] = engine.Column("medication")
	refill := k.Entity(ft, "refill", "refills", k.ViaRoles("prescription_id", rt, "customer_id"))
	refill.Roles["amount"] = engine.Column("price")
	refill.Roles["medication"] = kit.TextRole("prescription_id", func(r engine.Row) any { return kit.Find(g.Rows(rt), r["prescription_id"])["medication"] })

	// Seed: prescriptions and their refills.
	n := 14 + g.R.IntN(11)
	for i := 0; i < n; i++ {
		c := engine.Pick(g.R, k.Cust.Rows)
		m := engine.Pick(g.R, meds[1:])
		d := -1 - g.R.IntN(300)
		valid := engine.Pick(g.R, []int{90, 180, 365})
		status := "active"
		switch {
		case d+valid < 0:
			status = "completed"
		case c["status"] != "active":
			status = "cancelled"
		case g.R.IntN(10) == 0:
			status = "on_hold"
		case g.R.IntN(12) == 0:
			status = "cancelled"
		}
		k.Add(rx, rt, engine.Row{"id": k.NextID(rt), "customer_id": c["id"], "prescriber_id": engine.Pick(g.R, k.Staff.Rows)["id"], "medication": m.Name, "dosage": m.Dose,
			"quantity": m.Quantity, "refills_allowed": int64(g.R.IntN(4)), "status": status, "issued_on": g.Day(d), "expires_on": g.Day(d + valid)})
	}
	active := func() []engine.Row {
		var out []engine.Row
		for _, r := range rx.Rows {
			if r["status"] == "active" && kit.Lookup(k.Cust, r["customer_id"], "status") == "active" {
				out = append(out, r)
			}
		}
		return out
	}()
	if len(active) == 0 {
		c := engine.Pick(g.R, k.Customers())
		m := meds[1]
		active = append(active, k.Add(rx, rt, engine.Row{"id": k.NextID(rt), "customer_id": c["id"], "prescriber_id": k.Staff.Rows[0]["id"], "medication": m.Name, "dosage": m.Dose,
			"quantity": m.Quantity, "refills_allowed": int64(2), "status": "active", "issued_on": g.Day(-30), "expires_on": g.Day(150)}))
	}
	for i, p := range active {
		for j := 0; j < 1+g.R.IntN(2); j++ {
			st := engine.Pick(g.R, []string{"dispensed", "dispensed", "rejected", "requested"})
			if i < 2 && j == 0 {
				st = "requested"
			}
			req := g.Day(-1 - g.R.IntN(25))
			if req <= p["issued_on"].(string) {
				req = kit.AddDays(p["issued_on"], 1+j)
			}
			r := engine.Row{"id": k.NextID(ft), "prescription_id": p["id"], "requested_on": req, "quantity": medOf(p["medication"]).Quantity,
				"price": k.Money(g.R, 6, 45), "status": st}
			if st != "requested" {
				r["decided_on"] = r["requested_on"]
			}
			k.Add(refill, ft, r)
		}
	}

	// Tools.
	k.Tool(true, "search_prescriptions", "Search prescriptions",
		fmt.Sprintf("Find prescriptions by %s, status or medication, newest first. Returns id (like %s), %s id, prescriber id, medication, quantity, refills allowed, status and dates.", k.C, g.FormatID(rt, 1), k.C),
		[]world.ArgSpec{kit.S("customer_id", false, "CRM id of the "+k.C+"."), kit.A("status", rt+".status", false, ""), kit.S("medication", false, "Part of the medication name."),
			kit.S("source_ref", false, "Id of the "+k.W+" it was written at.")},
		kit.Search(rt, []string{"-issued_on"}, []string{"id", "customer_id", "prescriber_id", "medication", "quantity", "refills_allowed", "status", "issued_on", "expires_on", "source_ref"},
			kit.F("customer_id", "eq", "customer_id"), kit.F("status", "eq", "status"), kit.F("medication", "contains", "medication"), kit.F("source_ref", "eq", "source_ref")))
	k.Tool(false, "get_prescription", "Get a prescription", "Read one prescription by id, with dosage and everything else.",
		[]world.ArgSpec{kit.S("prescription_id", true, "e.g. "+g.FormatID(rt, 1))},
		kit.Get(rt, "prescription_id", "", "No prescription {prescription_id}; search_prescriptions finds ids."))
	k.Tool(true, "issue_prescription", "Issue a prescription",
		fmt.Sprintf("Write a new prescription for a %s, signed by a %s, dated today and active until expires_on. Returns it with its id.", k.C, k.St),
		[]world.ArgSpec{kit.S("customer_id", true, "CRM id of the "+k.C+"."), kit.S("prescriber_id", true, fmt.Sprintf("Id of the prescribing %s, e.g. %s.", k.St, k.Staff.ID(1))),
			kit.S("medication", true, "Product, strength and form, e.g. \""+meds[1].Name+"\"."), kit.S("dosage", true, "Directions for use."),
			kit.IntArg("quantity", true, "Units per fill.", 1), kit.IntArg("refills_allowed", true, "Refills allowed (0 for none).", 0),
			kit.DateArg("expires_on", true, "Last date it can be filled."), kit.S("source_ref", false, "Id of the "+k.W+" it is written at, if any.")},
		kit.Insert(rt, "", map[string]any{"customer_id": "$customer_id", "prescriber_id": "$prescriber_id", "medication": "$medication", "dosage": "$dosage",
			"quantity": "$quantity", "refills_allowed": "$refills_allowed", "status": "active", "issued_on": "$today", "expires_on": "$expires_on", "source_ref": "$source_ref"}))
	k.Tool(false, "set_prescription_status", "Hold, complete or cancel a prescription",
		"Change a prescription's status: put it on hold, resume it, mark it completed or cancel it (final).",
		[]world.ArgSpec{kit.S("prescription_id", true, ""), kit.A("status", rt+".status", true, "The new status.")},
		world.Step{Update: rt, Key: "$prescription_id", Set: map[string]any{"status": "$status"},
			Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{"active": {"on_hold", "completed", "cancelled"}, "on_hold": {"active", "cancelled"}}},
			Message:     "No prescription {prescription_id}."})
	k.Tool(false, "search_refills", "Search refill requests",
		"List refill requests, newest first, by prescription or status. Prices are in minor units.",
		[]world.ArgSpec{kit.S("prescription_id", false, "e.g. "+g.FormatID(rt, 1)), kit.A("status", ft+".status", false, "")},
		kit.Search(ft, []string{"-requested_on"}, nil, kit.F("prescription_id", "eq", "prescription_id"), kit.F("status", "eq", "status")))
	k.Tool(true, "review_refill", "Decide on a refill",
		"Approve or reject a requested refill, or mark an approved one dispensed; dated today. The prescription must be active.",
		[]world.ArgSpec{kit.S("refill_id", true, "e.g. "+g.FormatID(ft, 1)), kit.A("status", ft+".status", true, "approved, rejected or dispensed.")},
		kit.Get(ft, "refill_id", "rf", "No refill request {refill_id}; search_refills lists them."),
		world.Step{Get: rt, Key: "$rf.prescription_id", As: "rx", Message: "Prescription {rf.prescription_id} is missing."},
		world.Step{Require: "$rx.status", Equals: "active", Message: "Prescription {rx.id} is {rx.status}; refills need an active prescription."},
		world.Step{Update: ft, Key: "$refill_id", Set: map[string]any{"status": "$status", "decided_on": "$today"},
			Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{"requested": {"approved", "rejected"}, "approved": {"dispensed"}}}})

	// Events.
	s.Events = append(s.Events, &engine.Event{
		Entity: rx, Name: "cancelled", Kind: "cancelled", When: "a prescription is cancelled in Prescriptions", Where: map[string]any{"status": "cancelled"},
		InState: func(r engine.Row) bool { return r["status"] == "cancelled" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			c := engine.Pick(tc.R, k.Customers())
			m := engine.Pick(tc.R, meds[1:])
			return engine.Row{"id": k.TaskID(tc, rt), "customer_id": c["id"], "prescriber_id": k.Staff.Rows[0]["id"], "medication": m.Name, "dosage": m.Dose,
				"quantity": m.Quantity, "refills_allowed": int64(1), "status": "active", "issued_on": g.Day(-12), "expires_on": g.Day(170)}
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "set_prescription_status", Args: map[string]any{"prescription_id": r["id"], "status": "cancelled"}}}
		},
		Ask: []string{
			"{name} has been told to stop taking {medication}. Please cancel prescription {id}.",
			"Prescription {id} ({medication}) for {name} was written in error; cancel it.",
			"Cancel prescription {id} of {name}; the " + k.St + " has switched them off {medication}.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The prescription is cancelled.", rt, r["id"], "status", "cancelled")}
		},
		Touches: func(r engine.Row) []world.Change { return []world.Change{kit.Change(rt, []any{r["id"]}, "update")} },
	})
	s.Events = append(s.Events, &engine.Event{
		Entity: refill, Name: "approved", Kind: "done", When: "a refill request is approved in Prescriptions", Where: map[string]any{"status": map[string]any{"in": kit.Vals("approved", "dispensed")}},
		InState: func(r engine.Row) bool { return r["status"] == "approved" || r["status"] == "dispensed" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			p := engine.Pick(tc.R, active)
			m := medOf(p["medication"])
			return engine.Row{"id": k.TaskID(tc, ft), "prescription_id": p["id"], "requested_on": g.Day(-1), "quantity": m.Quantity, "price": k.Money(tc.R, 6, 45), "status": "requested"}
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "review_refill", Args: map[string]any{"refill_id": r["id"], "status": "approved"}}}
		},
		Ask: []string{
			"The prescriber is fine with refill request {id} ({medication} for {name}). Please approve it.",
			"Approve refill {id} of {name} for {medication}.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The refill is approved.", ft, r["id"], "status", "approved")}
		},
		Touches: func(r engine.Row) []world.Change { return []world.Change{kit.Change(ft, []any{r["id"]}, "update")} },
	})

	// Action: finished work gets the standard aftercare prescription.
	s.Actions = append(s.Actions, &engine.Action{
		On:      []string{"done"},
		Service: s.Name, Name: "aftercare prescribed", Needs: []string{"id", "customer_id", "date"},
		Then: fmt.Sprintf("the standard aftercare prescription (%s; %s; quantity %d; no refills) must be issued in Prescriptions to the %s, signed by the %s in charge of the {noun}, with the {noun} id as its source",
			std.Name, std.Dose, std.Quantity, k.C, k.St),
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Eq("source_ref", "id").Eq("customer_id", "customer_id").EqCol("prescriber_id", "staff_id").
				In(rt, "", map[string]any{"medication": std.Name, "status": map[string]any{"ne": "cancelled"}})
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			tc.NextID(rt)
			return []world.Call{{Tool: "issue_prescription", Args: map[string]any{"customer_id": up.Val("customer_id", r), "prescriber_id": r["staff_id"],
				"medication": std.Name, "dosage": std.Dose, "quantity": std.Quantity, "refills_allowed": 0, "expires_on": g.Day(90), "source_ref": r[up.Key]}}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			return []world.Assertion{kit.Exists("The aftercare prescription is issued.", rt, map[string]any{"source_ref": r[up.Key], "customer_id": up.Val("customer_id", r),
				"prescriber_id": r["staff_id"], "medication": std.Name, "status": map[string]any{"ne": "cancelled"}})}
		},
		Touches: []world.Change{kit.Change(rt, nil, "insert")},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			if len(kit.RowsWhere(g.Rows(rt), "source_ref", r[up.Key], "medication", std.Name)) > 0 {
				return
			}
			day := fmt.Sprint(up.Val("date", r))
			if day >= g.Day(0) {
				day = g.Day(-1)
			}
			status := "active"
			if kit.AddDays(day, 90) < g.Day(0) {
				status = "completed"
			}
			k.Add(rx, rt, engine.Row{"id": k.NextID(rt), "customer_id": up.Val("customer_id", r), "prescriber_id": r["staff_id"], "medication": std.Name, "dosage": std.Dose,
				"quantity": std.Quantity, "refills_allowed": int64(0), "status": status, "issued_on": day, "expires_on": kit.AddDays(day, 90), "source_ref": r[up.Key]})
		},
	})

	// Chores.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		c := engine.Pick(tc.R, k.Customers())
		doc := engine.Pick(tc.R, k.ActiveStaff())
		m := engine.Pick(tc.R, meds[1:])
		refills := int64(tc.R.IntN(3))
		until := g.Day(engine.Pick(tc.R, []int{90, 180}))
		id := k.TaskID(tc, rt)
		return engine.Task{
			Title: "issue prescription",
			Instruction: fmt.Sprintf("%s asks you to write up a prescription for %s (%s): %s, \"%s\", quantity %d, %d refills, valid until %s.",
				doc["name"], c["name"], c["id"], m.Name, m.Dose, m.Quantity, refills, until),
			Calls: []world.Call{{Tool: "issue_prescription", Args: map[string]any{"customer_id": c["id"], "prescriber_id": doc["id"], "medication": m.Name,
				"dosage": m.Dose, "quantity": m.Quantity, "refills_allowed": refills, "expires_on": until}}},
			Assertions: []world.Assertion{
				kit.Exists("The prescription is on file as dictated.", rt, map[string]any{"id": id, "customer_id": c["id"], "prescriber_id": doc["id"],
					"medication": m.Name, "quantity": m.Quantity, "refills_allowed": refills, "expires_on": until, "status": "active"}),
				kit.CountIs("It was issued once.", rt, map[string]any{"customer_id": c["id"], "medication": m.Name},
					len(kit.RowsWhere(g.Rows(rt), "customer_id", c["id"], "medication", m.Name))+1),
			},
			MayChange: []world.Change{kit.Change(rt, nil, "insert")},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		var open []engine.Row
		for _, r := range kit.RowsWhere(g.Rows(ft), "status", "requested") {
			if kit.Find(g.Rows(rt), r["prescription_id"])["status"] == "active" {
				open = append(open, r)
			}
		}
		if len(open) == 0 {
			return engine.Task{}, false
		}
		r := engine.Pick(tc.R, open)
		p := kit.Find(g.Rows(rt), r["prescription_id"])
		return engine.Task{
			Title: "reject refill request",
			Instruction: fmt.Sprintf("The %s wants to see %s before any more %s is given. Turn down their refill request %s.",
				k.St, kit.Lookup(k.Cust, p["customer_id"], "name"), p["medication"], r["id"]),
			Calls: []world.Call{{Tool: "review_refill", Args: map[string]any{"refill_id": r["id"], "status": "rejected"}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The refill request is rejected.", ft, r["id"], "status", "rejected"),
				kit.FieldIs("The decision is dated today.", ft, r["id"], "decided_on", g.Day(0)),
			},
			MayChange: []world.Change{kit.Change(ft, []any{r["id"]}, "update")},
			Services:  []string{s.Name},
		}, true
	}})
	g.SetEntity("prescription", rx)
}
