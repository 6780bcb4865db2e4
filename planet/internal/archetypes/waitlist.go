package archetypes

import (
	"fmt"
	"strings"
	"time"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

func init() {
	engine.Register(&engine.ServiceDef{Name: "waitlist", Title: "Waitlist", Vertical: true, Layer: engine.LayerOperations, Build: buildWaitlist})
}

// buildWaitlist keeps the waitlist a brief says its bookings have ("a
// waitlist when a class is full", "people are put on a waiting list"):
// a customer who finds a date full waits for it at a position, and when
// a booking of that date is cancelled its place is offered to the first
// one waiting — the policy that binds the line of work's cancellations
// to the list, and the tool that acts on it.
func buildWaitlist(g *engine.Gen, s *engine.Svc) {
	cust, work := g.Entity("customer"), g.Entity("work")
	if cust == nil || work == nil || !work.Has("date", "item") {
		return
	}
	list := strings.ToLower(s.Title) // "waitlist", "waiting list"
	one, many := list+" entry", list+" entries"
	table := s.Name + "_entries"
	prefix := g.FreePrefix("WL-", "WAI-", "WTL-")
	cancel := g.Plan.Work.Cancel
	s.Description = fmt.Sprintf("The %s of %s: %s waiting for a %s on a date that is full, in order, and the places offered to them when a %s is cancelled.",
		list, g.Company.Name, cust.Plural, work.Noun, work.Noun)
	s.Table(table, engine.Title(many)+", one per "+cust.Noun+" waiting for a date.", prefix, 5,
		kit.PK(),
		kit.RefersTo("customer_id", cust.Table+".id", "The "+cust.Noun+" waiting (CRM id)."),
		kit.Text("item", "What they wait for: one of the "+g.Vocab.Offering.Many+"."),
		kit.Date("wanted_on", "The date they want."),
		kit.Int("position", "Their place on the "+list+" for that date and item: 1 is offered the next free place."),
		kit.Enum("status", "waiting → offered → booked, or lapsed when an offer is not taken up.", "waiting", "offered", "booked", "lapsed"),
		kit.Opt(kit.RefersTo("freed_by", work.Table+".id", "The cancelled "+work.Noun+" whose place was offered to them.")),
		kit.Datetime("added_at", "When they joined the "+list+"."),
	)
	e := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Internal: true,
		Roles: map[string]engine.Role{"id": engine.Column("id"), "customer_id": engine.Column("customer_id")}}
	g.SetEntity("waitlist", e)

	active := kit.ActiveRows(cust)
	others := func(n int, not any) []engine.Row {
		var out []engine.Row
		for _, c := range active {
			if c["id"] != not && len(out) < n {
				out = append(out, c)
			}
		}
		return out
	}
	entry := func(id int, c engine.Row, w engine.Row, pos int, status string) engine.Row {
		// They joined a few days before the date, in the order of their
		// positions, and never after today.
		wanted, _ := work.Val("date", w).(string)
		day := -1
		if t, err := time.Parse(time.DateOnly, wanted); err == nil {
			day = min(int(t.Sub(g.Start).Hours()/24)-3, -1)
		}
		return engine.Row{"id": g.FormatID(table, id), "customer_id": c["id"], "item": w["item"], "wanted_on": wanted,
			"position": int64(pos), "status": status, "freed_by": nil, "added_at": g.At(day-4+pos, 9+float64(pos))}
	}
	// Seed: those waiting for the coming bookings' dates.
	n := 0
	for _, w := range work.Rows {
		if n >= 10 {
			break
		}
		d, _ := work.Val("date", w).(string)
		if d < g.Day(1) || w["status"] == cancel {
			continue
		}
		start := g.R.IntN(len(active))
		for pos := 1; pos <= 1+g.R.IntN(2) && len(active) > 1; pos++ {
			c := active[(start+pos)%len(active)]
			if c["id"] == w["customer_id"] {
				continue
			}
			n++
			r := entry(n, c, w, pos, "waiting")
			e.Rows = append(e.Rows, r)
			tablesAdd(g, s, table, r)
		}
	}

	s.Tool(true, kit.Tool(s.Name, "search_"+engine.Snake(many), "Search the "+list,
		fmt.Sprintf("Find %s by date wanted, item, %s or status, in order of position. Returns id (like %s), customer_id, item, wanted_on, position, status and freed_by.", many, cust.Noun, g.FormatID(table, 1)),
		[]world.ArgSpec{kit.A("wanted_on", table+".wanted_on", false, ""), kit.S("item", false, "Item (contains)."), kit.S("customer_id", false, "CRM id of the "+cust.Noun+"."), kit.A("status", table+".status", false, "")},
		kit.Search(table, []string{"wanted_on", "position", "id"}, []string{"id", "customer_id", "item", "wanted_on", "position", "status", "freed_by"},
			kit.F("wanted_on", "eq", "wanted_on"), kit.F("item", "contains", "item"), kit.F("customer_id", "eq", "customer_id"), kit.F("status", "eq", "status"))))
	s.Tool(false, kit.Tool(s.Name, "add_to_"+engine.Snake(list), "Add to the "+list,
		fmt.Sprintf("Put a %s on the %s for a date that is full, at the next position for that date and item (search the %s first). It starts as waiting.", cust.Noun, list, list),
		[]world.ArgSpec{kit.S("customer_id", true, "CRM id of the "+cust.Noun+"."), kit.S("item", true, "What they wait for."), kit.A("wanted_on", table+".wanted_on", true, ""), kit.A("position", table+".position", true, "")},
		kit.Insert(table, "", map[string]any{"customer_id": "$customer_id", "item": "$item", "wanted_on": "$wanted_on", "position": "$position", "status": "waiting", "added_at": "$now"})))
	offer := "offer_" + engine.Snake(list) + "_place"
	s.Tool(false, kit.Tool(s.Name, offer, "Offer a freed place",
		fmt.Sprintf("Offer the place of a cancelled %s to a %s waiting for its date: the entry becomes offered, with the %s that freed the place. Offer it to the lowest position waiting for that date and item.", work.Noun, cust.Noun, work.Noun),
		[]world.ArgSpec{kit.S("entry_id", true, "e.g. "+g.FormatID(table, 1)), kit.S("freed_by", true, "Id of the cancelled "+work.Noun+".")},
		kit.Get(table, "entry_id", "e", fmt.Sprintf("No %s {entry_id}.", one)),
		world.Step{Require: "$e.status", Equals: "waiting", Message: "Entry {entry_id} is {e.status}; only a waiting entry can be offered a place."},
		world.Step{Update: table, Key: "$entry_id", Set: map[string]any{"status": "offered", "freed_by": "$freed_by"}}))

	if cancel == "" {
		return
	}
	// Action: a cancelled booking's place goes to the first waiting.
	prepared := func(tc *engine.TaskCtx, r engine.Row) []string {
		ids, _ := tc.Noted("waitlist|" + fmt.Sprint(r["id"])).([]string)
		return ids
	}
	s.Actions = append(s.Actions, &engine.Action{
		Service: s.Name, Name: "place offered", Needs: []string{"id", "date", "item", "customer_id"}, On: []string{"cancelled"},
		Then: fmt.Sprintf("its place must be offered to the first %s on the %s for its date, with the {noun} id as what freed it", cust.Noun, list),
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Eq("freed_by", "id").Eq("wanted_on", "date").In(table, "", nil)
		},
		Prepare: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.SeedOp {
			var ops []world.SeedOp
			var ids []string
			for pos, c := range others(2, up.Val("customer_id", r)) {
				row := entry(tc.FreshID(table), c, r, pos+1, "waiting")
				row["wanted_on"] = up.Val("date", r)
				ids = append(ids, row["id"].(string))
				ops = append(ops, world.SeedOp{Insert: table, Values: row})
			}
			tc.Note("waitlist|"+fmt.Sprint(r["id"]), ids)
			return ops
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			ids := prepared(tc, r)
			if len(ids) == 0 {
				return nil
			}
			return []world.Call{{Tool: offer, Args: map[string]any{"entry_id": ids[0], "freed_by": r[up.Key]}}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			ids := prepared(tc, r)
			if len(ids) == 0 {
				return nil
			}
			out := []world.Assertion{
				{Description: "The place is offered to the first on the " + list + ".", Exists: &world.RowMatch{Table: table, Where: map[string]any{"id": ids[0], "status": "offered", "freed_by": r[up.Key]}}},
			}
			if len(ids) > 1 {
				out = append(out, world.Assertion{Description: "The next one on the " + list + " is still waiting.", Role: world.RoleConstraint,
					Field: &world.FieldMatch{Table: table, Key: ids[1], Column: "status", Equals: "waiting"}})
			}
			return out
		},
		Touches: []world.Change{{Table: table, Ops: []string{"update"}}},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			for _, x := range e.Rows {
				if x["freed_by"] == r[up.Key] {
					return
				}
			}
			c := others(len(active), up.Val("customer_id", r))
			if len(c) == 0 {
				return
			}
			row := entry(len(g.Rows(table))+1, engine.Pick(g.R, c), r, 1, engine.Pick(g.R, []string{"booked", "booked", "lapsed"}))
			row["freed_by"] = r[up.Key]
			e.Rows = append(e.Rows, row)
			g.AddRow(table, row)
		},
	})
}
