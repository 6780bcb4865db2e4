package planet

import (
	"fmt"

	"github.com/mercury/mcp-world/world"
)

func init() { vkRegister("memberships", "Memberships", buildMemberships) }

func buildMemberships(k *vk) {
	g, s := k.g, k.s
	s.Description = fmt.Sprintf("Memberships of %s's %s: plan, fee per period, renewal date and status, and the visits logged against each membership. Fees are in %s minor units.",
		g.Company.Name, g.Vocab.Customer.Many, g.Company.Currency)
	const mt, vt = "memberships_members", "memberships_visits"
	plans := []string{"basic", "plus", "premium"}
	monthly := map[string][2]float64{"basic": {19, 29}, "plus": {35, 49}, "premium": {59, 89}}
	periods := map[string]int{"monthly": 1, "quarterly": 3, "yearly": 12}
	s.Table(mt, "Memberships: one "+k.C+"'s subscription to a plan.", "MBR-", 5,
		PK(),
		RefersTo("customer_id", k.cust.Table+".id", "The member (CRM id)."),
		Enum("plan", "Plan: basic, plus or premium.", plans...),
		Enum("period", "Billing period.", "monthly", "quarterly", "yearly"),
		Money("fee", "Fee per period"),
		Enum("status", "active ↔ paused; active → lapsed (not renewed in time) → active again on renewal; cancelled is final.", "active", "paused", "lapsed", "cancelled"),
		Date("started_on", "Date it started."),
		Date("renews_on", "End of the paid period: the next renewal date."),
		Opt(Date("last_renewed_on", "Date of the last renewal, if any.")),
		Bool("auto_renew", "Renews automatically.", true),
	)
	s.Table(vt, "Visits logged against a membership.", "MV-", 5,
		PK(),
		Ref("membership_id", mt, "The membership."),
		Date("visited_on", "Date of the visit."),
		Text("note", "What it was."),
		Opt(RefersTo("work_ref", k.work.Table+".id", "Id of the "+k.W+" it was for, if any.")),
	)
	fee := func(plan, period string) int64 {
		m := monthly[plan]
		f := k.money(g.R, m[0], m[1])
		switch period {
		case "quarterly":
			return f * 3 * 95 / 100 / minorPerMajor(g.Locale.C.CurrencyDigits) * minorPerMajor(g.Locale.C.CurrencyDigits)
		case "yearly":
			return f * 12 * 85 / 100 / minorPerMajor(g.Locale.C.CurrencyDigits) * minorPerMajor(g.Locale.C.CurrencyDigits)
		}
		return f
	}
	next := func(r Row) string { return vkAddMonths(r["renews_on"], periods[r["period"].(string)]) }
	mem := k.entity(mt, "membership", "memberships", k.custRoles("customer_id"))
	mem.Roles["amount"] = Column("fee")
	mem.Roles["plan"] = Column("plan")
	mem.Roles["renews_on"] = Column("renews_on")
	mem.Roles["next_renewal"] = textRole("renews_on", func(r Row) any { return next(r) })

	// Seed: one membership per customer; the active ones have usually
	// been renewed before.
	for _, c := range k.cust.Rows {
		plan := Pick(g.R, plans)
		period := Pick(g.R, []string{"monthly", "monthly", "quarterly", "yearly"})
		p := periods[period]
		started := g.Day(-20 - g.R.IntN(700))
		renews := started
		last := ""
		for renews <= g.Day(0) {
			last = renews
			renews = vkAddMonths(renews, p)
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
		r := Row{"id": k.nextID(mt), "customer_id": c["id"], "plan": plan, "period": period, "fee": fee(plan, period), "status": status,
			"started_on": started, "renews_on": renews, "auto_renew": g.R.IntN(4) != 0}
		if last != "" && last != started && status != "lapsed" {
			r["last_renewed_on"] = last
		}
		k.add(mem, mt, r)
	}
	member := func(custID any) Row {
		for _, r := range mem.Rows {
			if r["customer_id"] == custID && r["status"] != "cancelled" {
				return r
			}
		}
		return nil
	}
	activeMem := vkRowsWhere(mem.Rows, "status", "active")
	notes := []string{"Drop-in session", "Guest visit", "Induction", "Class", "Open session"}
	for i := 0; i < 4+g.R.IntN(8) && len(activeMem) > 0; i++ {
		m := Pick(g.R, activeMem)
		k.add(nil, vt, Row{"id": k.nextID(vt), "membership_id": m["id"], "visited_on": g.Day(-1 - g.R.IntN(30)), "note": Pick(g.R, notes)})
	}

	// Tools.
	k.tool(true, "search_memberships", "Search memberships",
		fmt.Sprintf("Find memberships by member (CRM id), status or plan, by renewal date. Returns id (like %s), customer_id, plan, period, fee (minor units), status, renews_on and last_renewed_on.", g.FormatID(mt, 1)),
		[]world.ArgSpec{S("customer_id", false, "CRM id of the member."), A("status", mt+".status", false, ""), A("plan", mt+".plan", false, "")},
		Search(mt, []string{"renews_on"}, []string{"id", "customer_id", "plan", "period", "fee", "status", "renews_on", "last_renewed_on"},
			F("customer_id", "eq", "customer_id"), F("status", "eq", "status"), F("plan", "eq", "plan")))
	k.tool(false, "get_membership", "Get a membership", "Read one membership by id, with start date and auto-renewal.",
		[]world.ArgSpec{S("membership_id", true, "e.g. "+g.FormatID(mt, 1))},
		Get(mt, "membership_id", "", "No membership {membership_id}; search_memberships finds them."))
	k.tool(false, "enrol_member", "Enrol a member",
		fmt.Sprintf("Start a membership for a %s today, active until renews_on. fee is per period, in minor units. A %s can hold one active membership.", k.C, k.C),
		[]world.ArgSpec{S("customer_id", true, "CRM id of the "+k.C+"."), A("plan", mt+".plan", true, ""), A("period", mt+".period", true, ""),
			vkMoneyArg("fee", true, "Fee per period."), vkDateArg("renews_on", true, "End of the first period.")},
		world.Step{Absent: mt, Where: map[string]any{"customer_id": "$customer_id", "status": "active"}, As: "dup", Message: "{customer_id} already has active membership {dup.id}."},
		Insert(mt, "", map[string]any{"customer_id": "$customer_id", "plan": "$plan", "period": "$period", "fee": "$fee", "status": "active",
			"started_on": "$today", "renews_on": "$renews_on", "auto_renew": true}))
	k.tool(true, "renew_membership", "Renew a membership",
		"Renew an active or lapsed membership for another period: it becomes active until the new renews_on, and last_renewed_on is set to today.",
		[]world.ArgSpec{S("membership_id", true, ""), vkDateArg("renews_on", true, "End of the new period.")},
		Get(mt, "membership_id", "m", "No membership {membership_id}."),
		world.Step{Require: "$m.status", In: vals("active", "lapsed"), Message: "Membership {membership_id} is {m.status}; only active or lapsed memberships can be renewed."},
		world.Step{Update: mt, Key: "$membership_id", Set: map[string]any{"status": "active", "renews_on": "$renews_on", "last_renewed_on": "$today"}})
	k.tool(false, "set_membership_status", "Pause, resume, lapse or cancel a membership",
		"Change a membership's status: pause or resume it, mark it lapsed, or cancel it for good.",
		[]world.ArgSpec{S("membership_id", true, ""), A("status", mt+".status", true, "The new status.")},
		world.Step{Update: mt, Key: "$membership_id", Set: map[string]any{"status": "$status"},
			Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{"active": {"paused", "lapsed", "cancelled"}, "paused": {"active", "cancelled"}, "lapsed": {"cancelled"}}},
			Message:     "No membership {membership_id}."})
	k.tool(true, "log_member_visit", "Log a visit",
		"Log a visit against a membership that is not cancelled. Give work_ref when the visit was one of our "+g.Vocab.Work.Many+".",
		[]world.ArgSpec{S("membership_id", true, ""), vkDateArg("visited_on", true, ""), S("note", true, "What it was."), S("work_ref", false, "Id of the "+k.W+", if any.")},
		Get(mt, "membership_id", "m", "No membership {membership_id}."),
		world.Step{Require: "$m.status", NotIn: vals("cancelled"), Message: "Membership {membership_id} is cancelled."},
		Insert(vt, "", map[string]any{"membership_id": "$membership_id", "visited_on": "$visited_on", "note": "$note", "work_ref": "$work_ref"}))

	// Events. A cancelled membership is not billed: its event goes through
	// a view of the table without the amount role.
	ended := k.entity(mt, "membership", "memberships", k.custRoles("customer_id"))
	ended.Roles["plan"] = Column("plan")
	ended.Rows = mem.Rows
	newMem := func(tc *TaskCtx) Row {
		c := Pick(tc.R, k.customers())
		plan := Pick(tc.R, plans)
		return Row{"id": k.tcID(tc, mt), "customer_id": c["id"], "plan": plan, "period": "monthly", "fee": fee(plan, "monthly"), "status": "active",
			"started_on": g.Day(-29), "renews_on": g.Day(2), "auto_renew": true}
	}
	s.Events = append(s.Events, &Event{
		Entity: ended, Name: "cancelled", Kind: "cancelled", When: "a membership is cancelled in Memberships", Where: map[string]any{"status": "cancelled"},
		InState: func(r Row) bool { return r["status"] == "cancelled" },
		Setup:   newMem,
		Do: func(r Row) []world.Call {
			return []world.Call{{Tool: "set_membership_status", Args: map[string]any{"membership_id": r["id"], "status": "cancelled"}}}
		},
		Ask: []string{
			"{name} is ending their {plan} membership {id}. Please cancel it.",
			"Cancel membership {id}; {name} has given notice.",
		},
		Check: func(r Row) []world.Assertion {
			return []world.Assertion{vkField("The membership is cancelled.", mt, r["id"], "status", "cancelled")}
		},
		Touches: func(r Row) []world.Change { return []world.Change{vkChange(mt, []any{r["id"]}, "update")} },
	})
	s.Events = append(s.Events, &Event{
		Entity: mem, Name: "renewed", Kind: "done", When: "a membership is renewed in Memberships", Where: map[string]any{"last_renewed_on": map[string]any{"not_null": true}},
		InState: func(r Row) bool { return r["last_renewed_on"] != nil },
		Setup:   newMem,
		Do: func(r Row) []world.Call {
			return []world.Call{{Tool: "renew_membership", Args: map[string]any{"membership_id": r["id"], "renews_on": next(r)}}}
		},
		Ask: []string{
			"{name} wants to keep their {plan} membership {id}, which runs out on {renews_on}. Renew it until {next_renewal}.",
			"Renew membership {id} for {name} for another month, to {next_renewal}.",
		},
		Check: func(r Row) []world.Assertion {
			return []world.Assertion{
				vkField("The membership runs to the new date.", mt, r["id"], "renews_on", next(r)),
				vkField("The renewal is dated today.", mt, r["id"], "last_renewed_on", g.Day(0)),
			}
		},
		Touches: func(r Row) []world.Change { return []world.Change{vkChange(mt, []any{r["id"]}, "update")} },
	})

	// Action: finished work counts as a visit of the member.
	s.Actions = append(s.Actions, &Action{
		On:      []string{"done"},
		Service: s.Name, Name: "visit logged", Needs: []string{"id", "customer_id", "date"},
		Then: fmt.Sprintf("a visit must be logged in Memberships on the %s's membership, dated the day of the {noun} and with the {noun} id as work reference", k.C),
		Rule: func(up *Entity) *world.RuleThen {
			return KeysOf(up).Eq("work_ref", "id").Eq("membership_id.customer_id", "customer_id").Eq("visited_on", "date").In(vt, "", nil)
		},
		Do: func(tc *TaskCtx, up *Entity, r Row) []world.Call {
			m := member(up.Val("customer_id", r))
			if m == nil {
				return nil
			}
			tc.NextID(vt)
			return []world.Call{{Tool: "log_member_visit", Args: map[string]any{"membership_id": m["id"], "visited_on": up.Val("date", r),
				"note": fmt.Sprintf("%s %s", title(up.Noun), r[up.Key]), "work_ref": r[up.Key]}}}
		},
		Check: func(tc *TaskCtx, up *Entity, r Row) []world.Assertion {
			return []world.Assertion{vkExists("A visit is logged for it.", vt, map[string]any{"work_ref": r[up.Key], "visited_on": up.Val("date", r)})}
		},
		Touches: []world.Change{vkChange(vt, nil, "insert")},
		Seed: func(g *Gen, up *Entity, r Row) {
			if len(vkRowsWhere(g.Rows(vt), "work_ref", r[up.Key])) > 0 {
				return
			}
			m := member(up.Val("customer_id", r))
			if m == nil {
				return
			}
			k.add(nil, vt, Row{"id": k.nextID(vt), "membership_id": m["id"], "visited_on": up.Val("date", r), "note": fmt.Sprintf("%s %s", title(up.Noun), r[up.Key]), "work_ref": r[up.Key]})
		},
	})

	// Chores.
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "account manager", Make: func(tc *TaskCtx) (Task, bool) {
		if len(activeMem) == 0 {
			return Task{}, false
		}
		m := Pick(tc.R, activeMem)
		return Task{
			Title: "pause membership",
			Instruction: fmt.Sprintf("%s (%s) is abroad for a few months and asked us to pause their membership until further notice. Please do that; the renewal date stays as it is.",
				lookup(k.cust, m["customer_id"], "name"), m["customer_id"]),
			Calls: []world.Call{{Tool: "set_membership_status", Args: map[string]any{"membership_id": m["id"], "status": "paused"}}},
			Assertions: []world.Assertion{
				vkField("The membership is paused.", mt, m["id"], "status", "paused"),
				constraint(vkField("The renewal date is unchanged.", mt, m["id"], "renews_on", m["renews_on"])),
			},
			MayChange: []world.Change{vkChange(mt, []any{m["id"]}, "update")},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		if len(activeMem) == 0 {
			return Task{}, false
		}
		m := Pick(tc.R, activeMem)
		note := Pick(tc.R, notes)
		tc.NextID(vt)
		prev := len(vkRowsWhere(g.Rows(vt), "membership_id", m["id"]))
		return Task{
			Title: "log member visit",
			Instruction: fmt.Sprintf("%s (%s) came in today for a %s. Log the visit on their membership.",
				lookup(k.cust, m["customer_id"], "name"), m["customer_id"], vkLower(note)),
			Calls: []world.Call{{Tool: "log_member_visit", Args: map[string]any{"membership_id": m["id"], "visited_on": g.Day(0), "note": note}}},
			Assertions: []world.Assertion{
				vkExists("Today's visit is logged on the membership.", vt, map[string]any{"membership_id": m["id"], "visited_on": g.Day(0)}),
				vkCount("One visit was added.", vt, map[string]any{"membership_id": m["id"]}, prev+1),
			},
			MayChange: []world.Change{vkChange(vt, nil, "insert")},
			Services:  []string{s.Name},
		}, true
	}})
	g.SetEntity("membership", mem)
}
