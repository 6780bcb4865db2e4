package planet

import (
	"fmt"
	"math"

	"github.com/mercury/mcp-world/world"
)

func init() { vkRegister("timesheets", "Timesheets", buildTimesheets) }

func buildTimesheets(k *vk) {
	g, s := k.g, k.s
	s.Description = fmt.Sprintf("Time the %s of %s spend on %s: one entry per %s and %s, filled in, submitted and approved. Billable amounts are in %s minor units.",
		g.Vocab.Staff.Many, g.Company.Name, g.Vocab.Work.Many, k.St, k.W, g.Company.Currency)
	const et = "timesheets_entries"
	s.Table(et, "Time entries.", "TS-", 5,
		PK(),
		RefersTo("staff_id", k.staff.Table+".id", "The "+k.St+" whose time it is."),
		RefersTo("work_ref", k.work.Table+".id", "The "+k.W+" the time was spent on."),
		Date("work_date", "Day the work was done."),
		Opt(Int("minutes", "Time spent, in minutes; filled in on submission.")),
		Opt(Money("billable_amount", "Amount to bill for the time")),
		Opt(Text("note", "Comment, or the reason for a rejection.")),
		Enum("status", "open → submitted → approved; submitted → rejected → submitted again.", "open", "submitted", "approved", "rejected"),
		Opt(Datetime("submitted_at", "When it was submitted.")),
		Opt(Text("approved_by", "Who approved it.")),
	)
	rate := k.money(g.R, 55, 120) // per hour
	bill := func(minutes int64) int64 {
		minor := minorPerMajor(g.Locale.C.CurrencyDigits)
		return int64(math.Round(float64(rate)*float64(minutes)/60/float64(minor))) * minor
	}
	ts := k.entity(et, "timesheet", "timesheets", k.viaRoles("work_ref", k.work.Table, "customer_id"))
	ts.Roles["amount"] = Column("billable_amount")
	ts.Roles["minutes"] = Column("minutes")
	ts.Roles["work_ref"] = Column("work_ref")
	ts.Roles["staff"] = textRole("staff_id", func(r Row) any { return lookup(k.staff, r["staff_id"], "name") })
	lead := k.staff.Rows[0]["name"]
	ts.Roles["approver"] = textRole("approved_by", func(Row) any { return lead })

	// Seed: entries for work in hand and work done.
	entry := func(w Row, status string) Row {
		r := Row{"id": k.nextID(et), "staff_id": w["staff_id"], "work_ref": w["id"], "work_date": w["scheduled_on"], "status": status}
		if status != "open" {
			m := int64(15 * (2 + g.R.IntN(16)))
			r["minutes"], r["billable_amount"] = m, bill(m)
			r["submitted_at"] = vkAt(g, min(-1, vkDays(g, w["scheduled_on"])+1), 17.5)
		}
		switch status {
		case "approved":
			r["approved_by"] = lead
		case "rejected":
			r["note"] = "Please split travel time from work time."
		}
		return k.add(ts, et, r)
	}
	for _, w := range k.work.Rows {
		if w["staff_id"] == nil {
			continue
		}
		switch {
		case w["status"] == k.final:
			entry(w, Pick(g.R, []string{"approved", "approved", "approved", "submitted", "rejected"}))
		case w["status"] == k.cancel:
		case w["scheduled_on"].(string) <= g.Day(0) && w["status"] != g.Vocab.States[0]:
			entry(w, "submitted")
		case g.R.IntN(3) == 0:
			entry(w, "open")
		}
	}

	// Tools.
	k.tool(true, "search_time_entries", "Search time entries",
		fmt.Sprintf("Find time entries by %s, %s or status, newest work date first. Returns id (like %s), staff_id, work_ref, work_date, minutes, billable_amount (minor units) and status.", k.St, k.W, g.FormatID(et, 1)),
		[]world.ArgSpec{S("staff_id", false, "Id of the "+k.St+", e.g. "+k.staff.ID(1)+"."), S("work_ref", false, "Id of the "+k.W+"."), A("status", et+".status", false, ""),
			vkDateArg("from", false, "Work date on or after."), vkDateArg("to", false, "Work date on or before.")},
		Search(et, []string{"-work_date"}, []string{"id", "staff_id", "work_ref", "work_date", "minutes", "billable_amount", "status"},
			F("staff_id", "eq", "staff_id"), F("work_ref", "eq", "work_ref"), F("status", "eq", "status"), F("work_date", "gte", "from"), F("work_date", "lte", "to")))
	k.tool(true, "open_time_entry", "Open a time entry",
		fmt.Sprintf("Open an empty time entry for a %s against a %s on a work date, for them to fill in. One entry per %s and %s.", k.St, k.W, k.St, k.W),
		[]world.ArgSpec{S("staff_id", true, "Id of the "+k.St+"."), S("work_ref", true, "Id of the "+k.W+"."), vkDateArg("work_date", true, ""), S("note", false, "")},
		world.Step{Absent: et, Where: map[string]any{"staff_id": "$staff_id", "work_ref": "$work_ref"}, As: "dup", Message: "{staff_id} already has entry {dup.id} for {work_ref}."},
		Insert(et, "", map[string]any{"staff_id": "$staff_id", "work_ref": "$work_ref", "work_date": "$work_date", "note": "$note", "status": "open"}))
	k.tool(false, "submit_time_entry", "Submit a time entry",
		"Fill in the minutes and the billable amount (minor units) of an open or rejected entry and submit it for approval.",
		[]world.ArgSpec{S("entry_id", true, "e.g. "+g.FormatID(et, 1)), vkIntArg("minutes", true, "Time spent.", 1), vkMoneyArg("billable_amount", true, "Amount to bill."), S("note", false, "")},
		Get(et, "entry_id", "e", "No time entry {entry_id}."),
		world.Step{Require: "$e.status", In: vals("open", "rejected"), Message: "Entry {entry_id} is {e.status}; only open or rejected entries can be submitted."},
		world.Step{Update: et, Key: "$entry_id", Set: map[string]any{"minutes": "$minutes", "billable_amount": "$billable_amount", "note": "$note", "status": "submitted", "submitted_at": "$now"}})
	k.tool(true, "approve_time_entry", "Approve a time entry",
		"Approve a submitted time entry.",
		[]world.ArgSpec{S("entry_id", true, ""), S("approver", true, "Name of the person approving.")},
		Get(et, "entry_id", "e", "No time entry {entry_id}."),
		world.Step{Require: "$e.status", Equals: "submitted", Message: "Entry {entry_id} is {e.status}; only submitted entries can be approved."},
		world.Step{Update: et, Key: "$entry_id", Set: map[string]any{"status": "approved", "approved_by": "$approver"}})
	k.tool(false, "reject_time_entry", "Send a time entry back",
		"Reject a submitted time entry with the reason; the "+k.St+" can correct and resubmit it.",
		[]world.ArgSpec{S("entry_id", true, ""), S("reason", true, "")},
		Get(et, "entry_id", "e", "No time entry {entry_id}."),
		world.Step{Require: "$e.status", Equals: "submitted", Message: "Entry {entry_id} is {e.status}; only submitted entries can be rejected."},
		world.Step{Update: et, Key: "$entry_id", Set: map[string]any{"status": "rejected", "note": "$reason"}})

	// Event: an entry is approved.
	doable := func() []Row {
		var out []Row
		for _, w := range k.work.Rows {
			if w["status"] != k.cancel && w["staff_id"] != nil && lookup(k.cust, w["customer_id"], "status") == "active" {
				out = append(out, w)
			}
		}
		return out
	}()
	s.Events = append(s.Events, &Event{
		Entity: ts, Name: "approved", Kind: "done", When: "a timesheet entry is approved in Timesheets", Where: map[string]any{"status": "approved"},
		InState: func(r Row) bool { return r["status"] == "approved" },
		Setup: func(tc *TaskCtx) Row {
			var fresh []Row
			for _, w := range doable {
				if len(vkRowsWhere(g.Rows(et), "work_ref", w["id"])) == 0 {
					fresh = append(fresh, w)
				}
			}
			if len(fresh) == 0 {
				fresh = doable
			}
			w := Pick(tc.R, fresh)
			m := int64(15 * (2 + tc.R.IntN(16)))
			return Row{"id": k.tcID(tc, et), "staff_id": w["staff_id"], "work_ref": w["id"], "work_date": w["scheduled_on"], "minutes": m, "billable_amount": bill(m),
				"status": "submitted", "submitted_at": vkAt(g, -1, 17.5)}
		},
		Do: func(r Row) []world.Call {
			return []world.Call{{Tool: "approve_time_entry", Args: map[string]any{"entry_id": r["id"], "approver": lead}}}
		},
		Ask: []string{
			"{staff} submitted time entry {id}: {minutes} minutes on {work_ref}. It checks out; approve it in {approver}'s name.",
			"{approver} has signed off {staff}'s time entry {id} ({minutes} min for {work_ref}). Record the approval.",
		},
		Check: func(r Row) []world.Assertion {
			return []world.Assertion{vkField("The entry is approved.", et, r["id"], "status", "approved"), vkField("The approver is recorded.", et, r["id"], "approved_by", lead)}
		},
		Touches: func(r Row) []world.Change { return []world.Change{vkChange(et, []any{r["id"]}, "update")} },
	})

	// Action: finished work gets a time entry for the person in charge.
	s.Actions = append(s.Actions, &Action{
		On:      []string{"done"},
		Service: s.Name, Name: "time entry opened", Needs: []string{"id", "date"},
		Then: fmt.Sprintf("a time entry must be opened in Timesheets for the %s in charge of the {noun}, against the {noun} id and dated the day the {noun} was scheduled", k.St),
		Rule: func(up *Entity) *world.RuleThen {
			return KeysOf(up).Eq("work_ref", "id").EqCol("staff_id", "staff_id").Eq("work_date", "date").In(et, "", nil)
		},
		Do: func(tc *TaskCtx, up *Entity, r Row) []world.Call {
			tc.NextID(et)
			return []world.Call{{Tool: "open_time_entry", Args: map[string]any{"staff_id": r["staff_id"], "work_ref": r[up.Key], "work_date": up.Val("date", r)}}}
		},
		Check: func(tc *TaskCtx, up *Entity, r Row) []world.Assertion {
			return []world.Assertion{vkExists("A time entry for the "+k.St+" in charge exists.", et, map[string]any{"work_ref": r[up.Key], "staff_id": r["staff_id"], "work_date": up.Val("date", r)})}
		},
		Touches: []world.Change{vkChange(et, nil, "insert")},
		Seed: func(g *Gen, up *Entity, r Row) {
			if r["staff_id"] == nil || len(vkRowsWhere(g.Rows(et), "work_ref", r[up.Key], "staff_id", r["staff_id"], "work_date", up.Val("date", r))) > 0 {
				return
			}
			if up.Val("date", r).(string) > g.Day(0) || r["status"] == k.cancel {
				entry(r, "open")
			} else {
				entry(r, "approved")
			}
		},
	})

	// Chores.
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		open := vkRowsWhere(g.Rows(et), "status", "open")
		if len(open) == 0 {
			return Task{}, false
		}
		e := Pick(tc.R, open)
		m := int64(15 * (2 + tc.R.IntN(12)))
		return Task{
			Title: "submit time entry",
			Instruction: fmt.Sprintf("%s spent %d minutes on %s %s. Fill that into their time entry, bill it at %s, and submit it.",
				lookup(k.staff, e["staff_id"], "name"), m, k.W, e["work_ref"], k.fmtMoney(bill(m))),
			Calls: []world.Call{{Tool: "submit_time_entry", Args: map[string]any{"entry_id": e["id"], "minutes": m, "billable_amount": bill(m)}}},
			Assertions: []world.Assertion{
				vkField("The entry is submitted.", et, e["id"], "status", "submitted"),
				vkField("The minutes are recorded.", et, e["id"], "minutes", m),
				vkField("The billable amount is recorded.", et, e["id"], "billable_amount", bill(m)),
			},
			MayChange: []world.Change{vkChange(et, []any{e["id"]}, "update")},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		sub := vkRowsWhere(g.Rows(et), "status", "submitted")
		if len(sub) == 0 {
			return Task{}, false
		}
		e := Pick(tc.R, sub)
		reason := Pick(tc.R, []string{"Travel time must be logged separately", "Minutes look too high for this job", "Wrong work date"})
		return Task{
			Title: "reject time entry",
			Instruction: fmt.Sprintf("Send %s's time entry for %s %s back to them: \"%s\".",
				lookup(k.staff, e["staff_id"], "name"), k.W, e["work_ref"], reason),
			Calls: []world.Call{{Tool: "reject_time_entry", Args: map[string]any{"entry_id": e["id"], "reason": reason}}},
			Assertions: []world.Assertion{
				vkField("The entry is rejected.", et, e["id"], "status", "rejected"),
				vkExists("The reason is noted.", et, map[string]any{"id": e["id"], "note": map[string]any{"contains": reason}}),
			},
			MayChange: []world.Change{vkChange(et, []any{e["id"]}, "update")},
			Services:  []string{s.Name},
		}, true
	}})
	g.SetEntity("timesheet", ts)
}
