package archetypes

import (
	"fmt"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

func init() { kit.Register("memberships", "Memberships", buildMemberships) }

func buildMemberships(k *kit.Builder) {
	g, s := k.Gen, k.Svc
	s.Description = fmt.Sprintf("Memberships of the %s of %s: plan, fee per period, renewal date and status, and the visits logged against each membership. Fees are in %s minor units.",
		g.Vocab.Customer.Many, g.Company.Name, g.Company.Currency)
	const mt, vt = "memberships_members", "memberships_visits"
	plans := []string{"basic", "plus", "premium"}
	monthly := map[string][2]float64{"basic": {19, 29}, "plus": {35, 49}, "premium": {59, 89}}
	periods := map[string]int{"monthly": 1, "quarterly": 3, "yearly": 12}
	s.Table(mt, "Memberships: one "+k.C+"'s subscription to a plan.", "MBR-", 5,
		kit.PK(),
		kit.RefersTo("customer_id", k.Cust.Table+".id", "The member (CRM id)."),
		kit.Enum("plan", "Plan: basic, plus or premium.", plans...),
		kit.Enum("period", "Billing period.", "monthly", "quarterly", "yearly"),
		kit.Money("fee", "Fee per period"),
		kit.Enum("status", "active ↔ paused; active → lapsed (not renewed in time) → active again on renewal; cancelled is final.", "active", "paused", "lapsed", "cancelled"),
		kit.Date("started_on", "Date it started."),
		kit.Date("renews_on", "End of the paid period: the next renewal date."),
		kit.Opt(kit.Date("last_renewed_on", "Date of the last renewal, if any.")),
		kit.Bool("auto_renew", "Renews automatically.", true),
	)
	s.Table(vt, "Visits logged against a membership.", "MV-", 5,
		kit.PK(),
		kit.Ref("membership_id", mt, "The membership."),
		kit.Date("visited_on", "Date of the visit."),
		kit.Text("note", "What it was."),
		kit.Opt(kit.RefersTo("work_ref", k.Work.Table+".id", "Id of the "+k.W+" it was for, if any.")),
	)
	fee := func(plan, period string) int64 {
		m := monthly[plan]
		f := k.Money(g.R, m[0], m[1])
		switch period {
		case "quarterly":
			return f * 3 * 95 / 100 / engine.MinorPerMajor(g.Locale.C.CurrencyDigits) * engine.MinorPerMajor(g.Locale.C.CurrencyDigits)
		case "yearly":
			return f * 12 * 85 / 100 / engine.MinorPerMajor(g.Locale.C.CurrencyDigits) * engine.MinorPerMajor(g.Locale.C.CurrencyDigits)
		}
		return f
	}
	next := func(r engine.Row) string { return kit.AddMonths(r["renews_on"], periods[r["period"].(string)]) }
	mem := k.Entity(mt, "membership", "memberships", k.CustRoles("customer_id"))
	mem.Roles["amount"] = engine.Column("fee")
	mem.Roles["plan"] = engine.Column("plan")
	mem.Roles["renews_on"] = engine.Column("renews_on")
	mem.Roles["next_renewal"] = kit.TextRole("renews_on", func(r engine.Row) any { return next(r) })

	// Seed: one membership per customer; the active ones have usually
	// been renewed before.
	for _, c := range k.Cust.Rows {
		plan := engine.Pick(g.R, plans)
		period := engine.Pick(g.R, []string{"monthly", "monthly", "quarterly", "yearly"})
		p := periods[period]
		started := g.Day(-20 - g.R.IntN(700))
		renews := started
		last := ""
		for renews <= g.Day(0) {
			last = renews
			renews = kit.AddMonths(renews, p)
		}
		status := "active"
		switch x := g.R.IntN(20); {
		case c["status"] != "active":
			status = "cancelled"
		case x < 2:
			status = "paused"
		case x < 5:
			status, renews = "lapsed", last
		}
		r := engine.Row{"id": k.NextID(mt), "customer_id": c["id"], "plan": plan, "period": period, "fee": fee(plan, period), "status": status,
			"started_on": started, "renews_on": renews, "auto_renew": g.R.IntN(4) != 0}
		if last != "" && last != started && status != "lapsed" {
			r["last_renewed_on"] = last
		}
		k.Add(mem, mt, r)
	}
	member := func(custID any) engine.Row {
		for _, r := range mem.Rows {
			if r["customer_id"] == custID && r["status"] != "cancelled" {
				return r
			}
		}
		return nil
	}
	activeMem := kit.RowsWhere(mem.Rows, "status", "active")
	notes := g.Locale.Lex().Sentences("visit_note")
	for i := 0; i < 4+g.R.IntN(8) && len(activeMem) > 0; i++ {
		m := engine.Pick(g.R, activeMem)
		k.Add(nil, vt, engine.Row{"id": k.NextID(vt), "membership_id": m["id"], "visited_on": g.Day(-1 - g.R.IntN(30)), "note": engine.Pick(g.R, notes)})
	}

	// Tools.
	k.Tool(true, "search_memberships", "Search memberships",
		fmt.Sprintf("Find memberships by member (CRM id), status or plan, by renewal date. Returns id (like %s), customer_id, plan, period, fee (minor units), status, renews_on and last_renewed_on.", g.FormatID(mt, 1)),
		[]world.ArgSpec{kit.S("customer_id", false, "CRM id of the member."), kit.A("status", mt+".status", false, ""), kit.A("plan", mt+".plan", false, "")},
		kit.Search(mt, []string{"renews_on"}, []string{"id", "customer_id", "plan", "period", "fee", "status", "renews_on", "last_renewed_on"},
			kit.F("customer_id", "eq", "customer_id"), kit.F("status", "eq", "status"), kit.F("plan", "eq", "plan")))
	k.Tool(false, "get_membership", "Get a membership", "Read one membership by id, with start date and auto-renewal.",
		[]world.ArgSpec{kit.S("membership_id", true, "e.g. "+g.FormatID(mt, 1))},
		kit.Get(mt, "membership_id", "", "No membership {membership_id}; search_memberships finds them."))
	k.Tool(false, "enrol_member", "Enrol a member",
		fmt.Sprintf("Start a membership for a %s today, active until renews_on. fee is per period, in minor units. A %s can hold one active membership.", k.C, k.C),
		[]world.ArgSpec{kit.S("customer_id", true, "CRM id of the "+k.C+"."), kit.A("plan", mt+".plan", true, ""), kit.A("period", mt+".period", true, ""),
			kit.MoneyArg("fee", true, "Fee per period."), kit.DateArg("renews_on", true, "End of the first period.")},
		world.Step{Absent: mt, Where: map[string]any{"customer_id": "$customer_id", "status": "active"}, As: "dup", Message: "{customer_id} already has active membership {dup.id}."},
		kit.Insert(mt, "", map[string]any{"customer_id": "$customer_id", "plan": "$plan", "period": "$period", "fee": "$fee", "status": "active",
			"started_on": "$today", "renews_on": "$renews_on", "auto_renew": true}))
	k.Tool(true, "renew_membership", "Renew a membership",
		"Renew an active or lapsed membership for another period: it becomes active until the new renews_on, and last_renewed_on is set to today.",
		[]world.ArgSpec{kit.S("membership_id", true, ""), kit.DateArg("renews_on", true, "End of the new period.")},
		kit.Get(mt, "membership_id", "m", "No membership {membership_id}."),
		world.Step{Require: "$m.status", In: kit.Vals("active", "lapsed"), Message: "Membership {membership_id} is {m.status}; only active or lapsed memberships can be renewed."},
		world.Step{Update: mt, Key: "$membership_id", Set: map[string]any{"status": "active", "renews_on": "$renews_on", "last_renewed_on": "$today"}})
	k.Tool(false, "set_membership_status", "Pause, resume, lapse or cancel a membership",
		"Change a membership's status: pause or resume it, mark it lapsed, or cancel it for good.",
		[]world.ArgSpec{kit.S("membership_id", true, ""), kit.A("status", mt+".status", true, "The new status.")},
		world.Step{Update: mt, Key: "$membership_id", Set: map[string]any{"status": "$status"},
			Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{"active": {"paused", "lapsed", "cancelled"}, "paused": {"active", "cancelled"}, "lapsed": {"cancelled"}}},
			Message:     "No membership {membership_id}."})
	k.Tool(true, "log_member_visit", "Log a visit",
		"Log a visit against a membership that is not cancelled. Give work_ref when the visit was one of our "+g.Vocab.Work.Many+".",
		[]world.ArgSpec{kit.S("membership_id", true, ""), kit.DateArg("visited_on", true, ""), kit.S("note", true, "What it was."), kit.S("work_ref", false, "Id of the "+k.W+", if any.")},
		kit.Get(mt, "membership_id", "m", "No membership {membership_id}."),
		world.Step{Require: "$m.status", NotIn: kit.Vals("cancelled"), Message: "Membership {membership_id} is cancelled."},
		kit.Insert(vt, "", map[string]any{"membership_id": "$membership_id", "visited_on": "$visited_on", "note": "$note", "work_ref": "$work_ref"}))

	// Events. A cancelled membership is not billed: its event goes through
	// a view of the table without the amount role.
	ended := k.Entity(mt, "membership", "memberships", k.CustRoles("customer_id"))
	ended.Roles["plan"] = engine.Column("plan")
	ended.Rows = mem.Rows
	newMem := func(tc *engine.TaskCtx) engine.Row {
		c := engine.Pick(tc.R, k.Customers())
		plan := engine.Pick(tc.R, plans)
		return engine.Row{"id": k.TaskID(tc, mt), "customer_id": c["id"], "plan": plan, "period": "monthly", "fee": fee(plan, "monthly"), "status": "active",
			"started_on": g.Day(-29), "renews_on": g.Day(2), "auto_renew": true}
	}
	s.Events = append(s.Events, &engine.Event{
		Entity: ended, Name: "cancelled", Kind: "cancelled", When: "a membership is cancelled in Memberships", Where: map[string]any{"status": "cancelled"},
		InState: func(r engine.Row) bool { return r["status"] == "cancelled" },
		Setup:   newMem,
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "set_membership_status", Args: map[string]any{"membership_id": r["id"], "status": "cancelled"}}}
		},
		Ask: []string{
			"{name} is ending their {plan} membership {id}. Please cancel it.",
			"Cancel membership {id}; {name} has given notice.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The membership is cancelled.", mt, r["id"], "status", "cancelled")}
		},
		Touches: func(r engine.Row) []world.Change { return []world.Change{kit.Change(mt, []any{r["id"]}, "update")} },
	})
	s.Events = append(s.Events, &engine.Event{
		Entity: mem, Name: "renewed", Kind: "done", When: "a membership is renewed in Memberships", Where: map[string]any{"last_renewed_on": map[string]any{"not_null": true}},
		InState: func(r engine.Row) bool { return r["last_renewed_on"] != nil },
		Setup:   newMem,
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "renew_membership", Args: map[string]any{"membership_id": r["id"], "renews_on": next(r)}}}
		},
		Ask: []string{
			"{name} wants to keep their {plan} membership {id}, which runs out on {renews_on}. Renew it until {next_renewal}.",
			"Renew membership {id} for {name} for another month, to {next_renewal}.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{
				kit.FieldIs("The membership runs to the new date.", mt, r["id"], "renews_on", next(r)),
				kit.FieldIs("The renewal is dated today.", mt, r["id"], "last_renewed_on", g.Day(0)),
			}
		},
		Touches: func(r engine.Row) []world.Change { return []world.Change{kit.Change(mt, []any{r["id"]}, "update")} },
	})

	// Action: finished work counts as a visit of the member.
	s.Actions = append(s.Actions, &engine.Action{
		On:      []string{"done"},
		Service: s.Name, Name: "visit logged", Needs: []string{"id", "customer_id", "date"},
		Then: fmt.Sprintf("a visit must be logged in Memberships on the %s's membership, dated the day of the {noun} and with the {noun} id as work reference", k.C),
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Eq("work_ref", "id").Eq("membership_id.customer_id", "customer_id").Eq("visited_on", "date").In(vt, "", nil)
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			m := member(up.Val("customer_id", r))
			if m == nil {
				return nil
			}
			tc.NextID(vt)
			return []world.Call{{Tool: "log_member_visit", Args: map[string]any{"membership_id": m["id"], "visited_on": up.Val("date", r),
				"note": fmt.Sprint(r[up.Key]), "work_ref": r[up.Key]}}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			return []world.Assertion{kit.Exists("A visit is logged for it.", vt, map[string]any{"work_ref": r[up.Key], "visited_on": up.Val("date", r)})}
		},
		Touches: []world.Change{kit.Change(vt, nil, "insert")},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			if len(kit.RowsWhere(g.Rows(vt), "work_ref", r[up.Key])) > 0 {
				return
			}
			m := member(up.Val("customer_id", r))
			if m == nil {
				return
			}
			k.Add(nil, vt, engine.Row{"id": k.NextID(vt), "membership_id": m["id"], "visited_on": up.Val("date", r), "note": fmt.Sprint(r[up.Key]), "work_ref": r[up.Key]})
		},
	})

	// Chores.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "account manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		if len(activeMem) == 0 {
			return engine.Task{}, false
		}
		m := engine.Pick(tc.R, activeMem)
		return engine.Task{
			Title: "pause membership",
			Instruction: fmt.Sprintf("%s (%s) is abroad for a few months and asked us to pause their membership until further notice. Please do that; the renewal date stays as it is.",
				kit.Lookup(k.Cust, m["customer_id"], "name"), m["customer_id"]),
			Calls: []world.Call{{Tool: "set_membership_status", Args: map[string]any{"membership_id": m["id"], "status": "paused"}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The membership is paused.", mt, m["id"], "status", "paused"),
				engine.Constraint(kit.FieldIs("The renewal date is unchanged.", mt, m["id"], "renews_on", m["renews_on"])),
			},
			MayChange: []world.Change{kit.Change(mt, []any{m["id"]}, "update")},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		if len(activeMem) == 0 {
			return engine.Task{}, false
		}
		m := engine.Pick(tc.R, activeMem)
		note := engine.Pick(tc.R, notes)
		tc.NextID(vt)
		prev := len(kit.RowsWhere(g.Rows(vt), "membership_id", m["id"]))
		return engine.Task{
			Title: "log member visit",
			Instruction: fmt.Sprintf("%s (%s) came in today for a %s. Log the visit on their membership.",
				kit.Lookup(k.Cust, m["customer_id"], "name"), m["customer_id"], kit.LowerFirst(note)),
			Calls: []world.Call{{Tool: "log_member_visit", Args: map[string]any{"membership_id": m["id"], "visited_on": g.Day(0), "note": note}}},
			Assertions: []world.Assertion{
				kit.Exists("Today's visit is logged on the membership.", vt, map[string]any{"membership_id": m["id"], "visited_on": g.Day(0)}),
				kit.CountIs("One visit was added.", vt, map[string]any{"membership_id": m["id"]}, prev+1),
			},
			MayChange: []world.Change{kit.Change(vt, nil, "insert")},
			Services:  []string{s.Name},
		}, true
	}})
	g.SetEntity("membership", mem)
}
