package archetypes

import (
	"fmt"
	"math"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

func init() { kit.Register("timesheets", "Timesheets", buildTimesheets) }

func buildTimesheets(k *kit.Builder) {
	g, s := k.Gen, k.Svc
	s.Description = fmt.Sprintf("Time the %s of %s spend on %s: one entry per %s and %s, filled in, submitted and approved. Billable amounts are in %s minor units.",
		g.Vocab.Staff.Many, g.Company.Name, g.Vocab.Work.Many, k.St, k.W, g.Company.Currency)
	const et = "timesheets_entries"
	s.Table(et, "Time entries.", "TS-", 5,
		kit.PK(),
		kit.RefersTo("staff_id", k.Staff.Table+".id", "The "+k.St+" whose time it is."),
		kit.RefersTo("work_ref", k.Work.Table+".id", "The "+k.W+" the time was spent on."),
		kit.Date("work_date", "Day the work was done."),
		kit.Opt(kit.Int("minutes", "Time spent, in minutes; filled in on submission.")),
		kit.Opt(kit.Money("billable_amount", "Amount to bill for the time")),
		kit.Opt(kit.Text("note", "Comment, or the reason for a rejection.")),
		kit.Enum("status", "open → submitted → approved; submitted → rejected → submitted again.", "open", "submitted", "approved", "rejected"),
		kit.Opt(kit.Datetime("submitted_at", "When it was submitted.")),
		kit.Opt(kit.Text("approved_by", "Who approved it.")),
	)
	rate := k.Money(g.R, 55, 120) // per hour
	bill := func(minutes int64) int64 {
		minor := engine.MinorPerMajor(g.Locale.C.CurrencyDigits)
		return int64(math.Round(float64(rate)*float64(minutes)/60/float64(minor))) * minor
	}
	ts := k.Entity(et, "timesheet", "timesheets", k.ViaRoles("work_ref", k.Work.Table, "customer_id"))
	ts.Roles["amount"] = engine.Column("billable_amount")
	ts.Roles["minutes"] = engine.Column("minutes")
	ts.Roles["work_ref"] = engine.Column("work_ref")
	ts.Roles["staff"] = kit.TextRole("staff_id", func(r engine.Row) any { return kit.Lookup(k.Staff, r["staff_id"], "name") })
	lead := k.Staff.Rows[0]["name"]
	ts.Roles["approver"] = kit.TextRole("approved_by", func(engine.Row) any { return lead })

	// Seed: entries for work in hand and work done.
	entry := func(w engine.Row, status string) engine.Row {
		r := engine.Row{"id": k.NextID(et), "staff_id": w["staff_id"], "work_ref": w["id"], "work_date": w["scheduled_on"], "status": status}
		if status != "open" {
			m := int64(15 * (2 + g.R.IntN(16)))
			r["minutes"], r["billable_amount"] = m, bill(m)
			r["submitted_at"] = kit.LocalTime(g, min(-1, kit.DaysFromStart(g, w["scheduled_on"])+1), 17.5)
		}
		switch status {
		case "approved":
			r["approved_by"] = lead
		case "rejected":
			r["note"] = g.Locale.Lex().Say("timesheet_split_note")
		}
		return k.Add(ts, et, r)
	}
	for _, w := range k.Work.Rows {
		if w["staff_id"] == nil {
			continue
		}
		switch {
		case w["status"] == k.Final:
			entry(w, engine.Pick(g.R, []string{"approved", "approved", "approved", "submitted", "rejected"}))
		case w["status"] == k.Cancel:
		case w["scheduled_on"].(string) <= g.Day(0) && w["status"] != g.Vocab.States[0]:
			entry(w, "submitted")
		case g.R.IntN(3) == 0:
			entry(w, "open")
		}
	}

	// Tools.
	k.Tool(true, "search_time_entries", "Search time entries",
		fmt.Sprintf("Find time entries by %s, %s or status, newest work date first. Returns id (like %s), staff_id, work_ref, work_date, minutes, billable_amount (minor units) and status.", k.St, k.W, g.FormatID(et, 1)),
		[]world.ArgSpec{kit.S("staff_id", false, "Id of the "+k.St+", e.g. "+k.Staff.ID(1)+"."), kit.S("work_ref", false, "Id of the "+k.W+"."), kit.A("status", et+".status", false, ""),
			kit.DateArg("from", false, "Work date on or after."), kit.DateArg("to", false, "Work date on or before.")},
		kit.Search(et, []string{"-work_date"}, []string{"id", "staff_id", "work_ref", "work_date", "minutes", "billable_amount", "status"},
			kit.F("staff_id", "eq", "staff_id"), kit.F("work_ref", "eq", "work_ref"), kit.F("status", "eq", "status"), kit.F("work_date", "gte", "from"), kit.F("work_date", "lte", "to")))
	k.Tool(true, "open_time_entry", "Open a time entry",
		fmt.Sprintf("Open an empty time entry for a %s against a %s on a work date, for them to fill in. One entry per %s and %s.", k.St, k.W, k.St, k.W),
		[]world.ArgSpec{kit.S("staff_id", true, "Id of the "+k.St+"."), kit.S("work_ref", true, "Id of the "+k.W+"."), kit.DateArg("work_date", true, ""), kit.S("note", false, "")},
		world.Step{Absent: et, Where: map[string]any{"staff_id": "$staff_id", "work_ref": "$work_ref"}, As: "dup", Message: "{staff_id} already has entry {dup.id} for {work_ref}."},
		kit.Insert(et, "", map[string]any{"staff_id": "$staff_id", "work_ref": "$work_ref", "work_date": "$work_date", "note": "$note", "status": "open"}))
	k.Tool(false, "submit_time_entry", "Submit a time entry",
		"Fill in the minutes and the billable amount (minor units) of an open or rejected entry and submit it for approval.",
		[]world.ArgSpec{kit.S("entry_id", true, "e.g. "+g.FormatID(et, 1)), kit.IntArg("minutes", true, "Time spent.", 1), kit.MoneyArg("billable_amount", true, "Amount to bill."), kit.S("note", false, "")},
		kit.Get(et, "entry_id", "e", "No time entry {entry_id}."),
		world.Step{Require: "$e.status", In: kit.Vals("open", "rejected"), Message: "Entry {entry_id} is {e.status}; only open or rejected entries can be submitted."},
		world.Step{Update: et, Key: "$entry_id", Set: map[string]any{"minutes": "$minutes", "billable_amount": "$billable_amount", "note": "$note", "status": "submitted", "submitted_at": "$now"}})
	k.Tool(true, "approve_time_entry", "Approve a time entry",
		"Approve a submitted time entry.",
		[]world.ArgSpec{kit.S("entry_id", true, ""), kit.S("approver", true, "Name of the person approving.")},
		kit.Get(et, "entry_id", "e", "No time entry {entry_id}."),
		world.Step{Require: "$e.status", Equals: "submitted", Message: "Entry {entry_id} is {e.status}; only submitted entries can be approved."},
		world.Step{Update: et, Key: "$entry_id", Set: map[string]any{"status": "approved", "approved_by": "$approver"}})
	k.Tool(false, "reject_time_entry", "Send a time entry back",
		"Reject a submitted time entry with the reason; the "+k.St+" can correct and resubmit it.",
		[]world.ArgSpec{kit.S("entry_id", true, ""), kit.S("reason", true, "")},
		kit.Get(et, "entry_id", "e", "No time entry {entry_id}."),
		world.Step{Require: "$e.status", Equals: "submitted", Message: "Entry {entry_id} is {e.status}; only submitted entries can be rejected."},
		world.Step{Update: et, Key: "$entry_id", Set: map[string]any{"status": "rejected", "note": "$reason"}})

	// Event: an entry is approved.
	doable := func() []engine.Row {
		var out []engine.Row
		for _, w := range k.Work.Rows {
			if w["status"] != k.Cancel && w["staff_id"] != nil && kit.Lookup(k.Cust, w["customer_id"], "status") == "active" {
				out = append(out, w)
			}
		}
		return out
	}()
	s.Events = append(s.Events, &engine.Event{
		Entity: ts, Name: "approved", Kind: "done", When: "a timesheet entry is approved in Timesheets", Where: map[string]any{"status": "approved"},
		InState: func(r engine.Row) bool { return r["status"] == "approved" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			var fresh []engine.Row
			for _, w := range doable {
				if len(kit.RowsWhere(g.Rows(et), "work_ref", w["id"])) == 0 {
					fresh = append(fresh, w)
				}
			}
			if len(fresh) == 0 {
				fresh = doable
			}
			w := engine.Pick(tc.R, fresh)
			m := int64(15 * (2 + tc.R.IntN(16)))
			return engine.Row{"id": k.TaskID(tc, et), "staff_id": w["staff_id"], "work_ref": w["id"], "work_date": w["scheduled_on"], "minutes": m, "billable_amount": bill(m),
				"status": "submitted", "submitted_at": kit.LocalTime(g, -1, 17.5)}
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "approve_time_entry", Args: map[string]any{"entry_id": r["id"], "approver": lead}}}
		},
		Ask: []string{
			"{staff} submitted time entry {id}: {minutes} minutes on {work_ref}. It checks out; approve it in {approver}'s name.",
			"{approver} has signed off {staff}'s time entry {id} ({minutes} min for {work_ref}). Record the approval.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The entry is approved.", et, r["id"], "status", "approved"), kit.FieldIs("The approver is recorded.", et, r["id"], "approved_by", lead)}
		},
		Touches: func(r engine.Row) []world.Change { return []world.Change{kit.Change(et, []any{r["id"]}, "update")} },
	})

	// Action: finished work gets a time entry for the person in charge.
	s.Actions = append(s.Actions, &engine.Action{
		On:      []string{"done"},
		Service: s.Name, Name: "time entry opened", Needs: []string{"id", "date"},
		Then: fmt.Sprintf("a time entry must be opened in Timesheets for the %s in charge of the {noun}, against the {noun} id and dated the day the {noun} was scheduled", k.St),
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Eq("work_ref", "id").EqCol("staff_id", "staff_id").Eq("work_date", "date").In(et, "", nil)
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			tc.NextID(et)
			return []world.Call{{Tool: "open_time_entry", Args: map[string]any{"staff_id": r["staff_id"], "work_ref": r[up.Key], "work_date": up.Val("date", r)}}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			return []world.Assertion{kit.Exists("A time entry for the "+k.St+" in charge exists.", et, map[string]any{"work_ref": r[up.Key], "staff_id": r["staff_id"], "work_date": up.Val("date", r)})}
		},
		Touches: []world.Change{kit.Change(et, nil, "insert")},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			if r["staff_id"] == nil || len(kit.RowsWhere(g.Rows(et), "work_ref", r[up.Key], "staff_id", r["staff_id"], "work_date", up.Val("date", r))) > 0 {
				return
			}
			if up.Val("date", r).(string) > g.Day(0) || r["status"] == k.Cancel {
				entry(r, "open")
			} else {
				entry(r, "approved")
			}
		},
	})

	// Chores.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		open := kit.RowsWhere(g.Rows(et), "status", "open")
		if len(open) == 0 {
			return engine.Task{}, false
		}
		e := engine.Pick(tc.R, open)
		m := int64(15 * (2 + tc.R.IntN(12)))
		return engine.Task{
			Title: "submit time entry",
			Instruction: fmt.Sprintf("%s spent %d minutes on %s %s. Fill that into their time entry, bill it at %s, and submit it.",
				kit.Lookup(k.Staff, e["staff_id"], "name"), m, k.W, e["work_ref"], k.FmtMoney(bill(m))),
			Calls: []world.Call{{Tool: "submit_time_entry", Args: map[string]any{"entry_id": e["id"], "minutes": m, "billable_amount": bill(m)}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The entry is submitted.", et, e["id"], "status", "submitted"),
				kit.FieldIs("The minutes are recorded.", et, e["id"], "minutes", m),
				kit.FieldIs("The billable amount is recorded.", et, e["id"], "billable_amount", bill(m)),
			},
			MayChange: []world.Change{kit.Change(et, []any{e["id"]}, "update")},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		sub := kit.RowsWhere(g.Rows(et), "status", "submitted")
		if len(sub) == 0 {
			return engine.Task{}, false
		}
		e := engine.Pick(tc.R, sub)
		reason := engine.Pick(tc.R, g.Locale.Lex().Sentences("timesheet_reject_reason"))
		return engine.Task{
			Title: "reject time entry",
			Instruction: fmt.Sprintf("Send %s's time entry for %s %s back to them: \"%s\".",
				kit.Lookup(k.Staff, e["staff_id"], "name"), k.W, e["work_ref"], reason),
			Calls: []world.Call{{Tool: "reject_time_entry", Args: map[string]any{"entry_id": e["id"], "reason": reason}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The entry is rejected.", et, e["id"], "status", "rejected"),
				kit.Exists("The reason is noted.", et, map[string]any{"id": e["id"], "note": map[string]any{"contains": reason}}),
			},
			MayChange: []world.Change{kit.Change(et, []any{e["id"]}, "update")},
			Services:  []string{s.Name},
		}, true
	}})
	g.SetEntity("timesheet", ts)
}
