package archetypes

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

func init() {
	// "work" is the industry's own line of business: appointments for a
	// clinic, shipments for a forwarder. Its world name and tables come
	// from the industry's vocabulary.
	engine.Register(&engine.ServiceDef{Name: "work", Title: "Operations", Layer: engine.LayerWork, Folder: "operations", Build: buildWork})
}

func buildWork(g *engine.Gen, s *engine.Svc) {
	v := g.Vocab
	w, st := v.Work, v.Staff
	s.Name = engine.Snake(w.Many)
	s.Title = engine.Title(w.Many)
	s.Description = fmt.Sprintf("Where %s runs its %s: each %s for a %s, its %s, date, price and status.", g.Company.Name, w.Many, w.One, v.Customer.One, st.One)
	cust := g.Entity("customer")
	one, many := engine.Snake(w.One), engine.Snake(w.Many)
	staffTable := s.Name + "_" + engine.Snake(st.Many)
	if staffTable == s.Name+"_"+many {
		staffTable = s.Name + "_staff"
	}
	table := many
	if table == staffTable || table == cust.Table {
		table = s.Name + "_items"
	}
	final := v.States[len(v.States)-1]
	states := slices.Clone(v.States)
	if v.Cancel != "" {
		states = append(states, v.Cancel)
	}

	// Staff.
	sprefix := idPrefix(st.One)
	if sprefix == idPrefix(w.One) || sprefix == cust.Prefix {
		sprefix = "STF-"
	}
	scols := append([]world.Column{kit.PK(), kit.Text("name", "Full name."), kit.Unique(kit.Email("email", "Work email.")), kit.Bool("active", "Takes new work.", true)}, st.Columns()...)
	s.Table(staffTable, fmt.Sprintf("The %s who carry out %s.", st.Many, w.Many), sprefix, 3, scols...)
	staff := &engine.Entity{Service: s.Name, Table: staffTable, Key: "id", Noun: st.One, Plural: st.Many, Prefix: sprefix, Width: 3,
		Roles: map[string]engine.Role{"id": engine.Column("id"), "name": engine.Column("name"), "email": engine.Column("email")}}
	n := g.Volume("staff")
	// "with six midwives": as many as the brief counts (a crew of up to
	// maxStaff), not the share of the payroll a volume gives.
	if g.Plan != nil && g.Plan.Staff.Count > 0 {
		n = min(g.Plan.Staff.Count, maxStaff)
	}
	seen := map[string]bool{}
	for i := 1; i <= n; i++ {
		name, email := g.Locale.Person("")
		// (A crew the brief counts is larger than a volume's: no two of
		// them share a work email.)
		for try := 0; seen[email] && try < 10; try++ {
			name, email = g.Locale.Person("")
		}
		if seen[email] {
			email = strings.Replace(email, "@", fmt.Sprintf(".%d@", i), 1)
		}
		seen[email] = true
		r := engine.Row{"id": staff.ID(i), "name": name, "email": email, "active": g.R.IntN(7) != 0}
		for _, x := range st.Extra {
			r[x.Name] = x.Value(g, r, seed.NoStage)
		}
		staff.Rows = append(staff.Rows, r)
		tablesAdd(g, s, staffTable, r)
	}
	staff.Rows[0]["active"] = true
	g.SetEntity("staff", staff)

	// Work items.
	prefix := idPrefix(w.One)
	if prefix == cust.Prefix {
		prefix = "JOB-"
	}
	cols := []world.Column{
		kit.PK(),
		kit.RefersTo("customer_id", cust.Table+".id", "The "+v.Customer.One+" (CRM id)."),
		kit.Text("item", "What is provided: one of the "+v.Offering.Many+"."),
		kit.Opt(kit.Ref("staff_id", staffTable, "The "+st.One+" in charge.")),
		kit.Date("scheduled_on", "Date it is scheduled for."),
		kit.Money("amount", "Price"),
		kit.Enum("status", "Lifecycle: "+joinArrow(v.States)+cancelNote(v.Cancel)+".", states...),
	}
	cols = append(cols, w.Columns()...)
	cols = append(cols, kit.Datetime("created_at", "When it was recorded."))
	s.Table(table, fmt.Sprintf("%s, one row per %s.", engine.Title(w.Many), w.One), prefix, 5, cols...)
	work := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: w.One, Plural: w.Many, Prefix: prefix, Width: 5, Goods: engine.GoodsArchetype(g.Plan.Work.Archetype) || g.Plan.Work.Archetype == "work_orders" && engine.MadeGoods(g.Plan.Work.Offering.One),
		Roles: map[string]engine.Role{
			"id": engine.Column("id"), "amount": engine.Column("amount"), "date": engine.Column("scheduled_on"), "item": engine.Column("item"),
			"customer_id": engine.Column("customer_id"),
			"email": {
				SQL: func(a string) string {
					return fmt.Sprintf("(SELECT c.email FROM %s c WHERE c.id = %s.customer_id)", cust.Table, a)
				},
				Value: func(r engine.Row) any { return kit.Lookup(cust, r["customer_id"], "email") },
				Path:  "customer_id.email",
			},
			"name": {
				SQL: func(a string) string {
					return fmt.Sprintf("(SELECT c.name FROM %s c WHERE c.id = %s.customer_id)", cust.Table, a)
				},
				Value: func(r engine.Row) any { return kit.Lookup(cust, r["customer_id"], "name") },
				Path:  "customer_id.name",
			},
		}}
	// An item's amount is its list price for the units ordered (an item
	// priced per word or per m² is ordered by the hundred or thousand),
	// less a discount now and then: never a price of its own.
	listPrice := func(it engine.Item) int64 { return kit.ItemPrice(g, nil, it) }
	// What each item of the list is, resolved once: how much it sells (a
	// composed line's hours, nights or tonnes), what it is sold per and
	// what its pack says of it (how many a room sleeps, what a claim on
	// it is).
	facts := map[string]itemFacts{}
	for _, it := range v.Items {
		english := cmp.Or(it.Source, it.Name)
		f := itemFacts{item: it, unit: cmp.Or(engine.ItemUnit(g.Plan.Company.Pack, english), v.Unit)}
		f.length, f.composed = engine.ItemLength(english)
		f.pack, _ = engine.PackItem(g.Plan.Company.Pack, english)
		facts[it.Name] = f
	}
	// A stay (a row with a check-in) is of a room, not of the breakfast
	// or the airport transfer on the same price list.
	booked := v.Items
	if slices.ContainsFunc(w.Extra, func(x engine.Extra) bool { return x.Name == "check_in" }) {
		stays := slices.DeleteFunc(slices.Clone(v.Items), func(it engine.Item) bool { return facts[it.Name].unit != "per night" })
		if len(stays) > 0 {
			booked = stays
		}
	}
	// Bookings counted in hours are of the lines an hour column can
	// say: a lane is not booked for a week, though the list prices one.
	if slices.ContainsFunc(w.Extra, func(x engine.Extra) bool { return x.Name == "hours" || x.Name == "duration_hours" }) {
		hourly := slices.DeleteFunc(slices.Clone(booked), func(it engine.Item) bool {
			f := facts[it.Name]
			return f.composed && f.length.Hours == 0
		})
		if len(hourly) > 0 {
			booked = hourly
		}
	}
	price := func() (string, int64) {
		it := engine.Pick(g.R, booked)
		minor := engine.MinorPerMajor(g.Locale.C.CurrencyDigits)
		discount := engine.Pick(g.R, []int64{100, 100, 100, 95, 90})
		amount := listPrice(it) * int64(seed.UnitsOf(g.R, g.Locale.C.Locale, it.Name)) * discount / 100
		return it.Name, max(minor, (amount+minor/2)/minor*minor)
	}
	// fitToItem makes a row say what its item and the brief say, not
	// values drawn on their own: a booking of "Lane, 1 hour" is for 1
	// hour, a stay is its nights at the room's rate with no more guests
	// than the room sleeps, a claim on car insurance is a motor claim,
	// and "four chairs" seat no one in chair 6.
	fitToItem := func(r engine.Row) {
		fitCounted(g.Plan, w.Extra, r)
		f, ok := facts[fmt.Sprint(r["item"])]
		if !ok {
			return
		}
		if !f.composed {
			fitStay(g, r, f.unit, listPrice(f.item))
			// A single room sleeps one: the party fits the room.
			if n := int64(f.pack.Sleeps); n > 0 {
				if a, ok := r["adults"].(int64); ok && a > n {
					r["adults"] = (a-1)%n + 1
				}
			}
			// A claim on car insurance is a motor claim.
			for _, x := range w.Extra {
				if val, set := f.pack.Sets[x.Name]; set && slices.Contains(x.Values, val) {
					r[x.Name] = val
				}
			}
			return
		}
		l := f.length
		for _, x := range w.Extra {
			switch {
			case l.Hours > 0 && (x.Name == "hours" || x.Name == "duration_hours"):
				r[x.Name] = lengthValue(x.Type, l.Hours)
			case l.Nights > 0 && (x.Name == "nights" || x.Name == "number_of_nights"):
				r[x.Name] = lengthValue(x.Type, float64(l.Nights))
			case l.Tonnes > 0 && x.Name == "tonnes":
				r[x.Name] = lengthValue(x.Type, l.Tonnes)
			case l.Litres > 0 && x.Name == "litres":
				r[x.Name] = lengthValue(x.Type, l.Litres)
			}
		}
	}
	activeCust := kit.ActiveRows(cust)
	for i, n := 1, g.Volume("work_items"); i <= n; i++ {
		item, amount := price()
		c := engine.Pick(g.R, activeCust)
		d := g.R.IntN(60) - 40
		status := v.States[0]
		switch {
		case d < -5:
			status = final
		case d < 0:
			status = v.States[min(len(v.States)-2, 1)]
		}
		if v.Cancel != "" && g.R.IntN(9) == 0 {
			status = v.Cancel
		}
		r := engine.Row{"id": work.ID(i), "customer_id": c["id"], "item": item, "staff_id": engine.Pick(g.R, staff.Rows)["id"],
			"scheduled_on": g.Day(d), "amount": amount, "status": status, "created_at": g.At(recordedBefore(d-7-g.R.IntN(20), g.R.IntN(3)), 10)}
		for _, x := range w.Extra {
			r[x.Name] = x.Value(g, r, engine.StageOf(v, r["status"]))
		}
		fitToItem(r)
		work.Rows = append(work.Rows, r)
		tablesAdd(g, s, table, r)
	}
	tieDeposits(g, cust, work)
	g.SetEntity("work", work)

	// Status history: every status change is logged.
	hist := s.Name + "_" + one + "_history"
	s.Table(hist, fmt.Sprintf("Every status change of a %s.", w.One), "HIS-", 6,
		kit.PK(), kit.Ref(one+"_id", table, "The "+w.One+"."), kit.Text("from_status", "Status before."), kit.Text("to_status", "Status after."), kit.Datetime("changed_at", "When."))
	for _, r := range work.Rows {
		i := slices.Index(states, r["status"].(string))
		if i <= 0 {
			continue
		}
		from := v.States[max(0, min(i, len(v.States)-1)-1)]
		if r["status"] == v.Cancel {
			from = v.States[0]
		}
		tablesAdd(g, s, hist, engine.Row{"id": fmt.Sprintf("HIS-%06d", len(g.Rows(hist))+1), one + "_id": r["id"], "from_status": from, "to_status": r["status"], "changed_at": changedAt(g, r)})
	}
	logChange := kit.Insert(hist, "", map[string]any{one + "_id": "$" + one + "_id", "from_status": "$cur.status", "to_status": "$status", "changed_at": "$now"})

	// Price list of what is offered.
	off := v.Offering
	offTable := s.Name + "_" + engine.Snake(off.Many)
	if offTable == table || offTable == staffTable {
		offTable = s.Name + "_price_list"
	}
	s.Table(offTable, fmt.Sprintf("The %s offered and their list prices (%s).", off.Many, v.Unit), "", 0,
		world.Column{Name: "code", Type: "text", PrimaryKey: true, Description: "Price list code."},
		kit.Text("name", "Name."), kit.Money("list_price", "List price "+v.Unit), kit.Bool("available", "Offered at the moment.", true))
	for i, it := range v.Items {
		tablesAdd(g, s, offTable, engine.Row{"code": fmt.Sprintf("%s%03d", idPrefix(off.One), i+1), "name": it.Name,
			"list_price": listPrice(it), "available": g.R.IntN(10) != 0})
	}
	s.Tool(false, kit.Tool(s.Name, "search_"+engine.Snake(off.Many), "Search the price list",
		fmt.Sprintf("Find %s by name; returns code, name, list price (minor units, %s) and availability.", off.Many, v.Unit),
		[]world.ArgSpec{kit.S("query", false, "Part of the name.")},
		kit.Search(offTable, []string{"name"}, nil, kit.FAny("query", "name"))))
	s.Tool(false, kit.Tool(s.Name, "set_"+engine.Snake(off.One)+"_price", "Change a list price",
		"Set the list price of one "+off.One+" (minor units). Existing "+w.Many+" keep their price.",
		[]world.ArgSpec{kit.S("code", true, "Price list code."), {Name: "list_price", Type: "integer", Required: true, Minimum: kit.NumPtr(0)}},
		world.Step{Update: offTable, Key: "$code", Set: map[string]any{"list_price": "$list_price"}, Message: "No " + off.One + " with code {code}; search_" + engine.Snake(off.Many) + " lists them."}))

	// Tools.
	s.Tool(true, kit.Tool(s.Name, "search_"+many, "Search "+w.Many,
		fmt.Sprintf("Find %s by %s, status or date range. Returns id (like %s), %s id, item, date, amount (minor units) and status.", w.Many, v.Customer.One, work.ID(1), v.Customer.One),
		[]world.ArgSpec{kit.S("customer_id", false, "CRM id of the "+v.Customer.One+"."), kit.A("status", table+".status", false, ""),
			{Name: "from", Type: "date", Description: "Scheduled on or after."}, {Name: "to", Type: "date", Description: "Scheduled on or before."}},
		kit.Search(table, []string{"-scheduled_on"}, []string{"id", "customer_id", "item", "staff_id", "scheduled_on", "amount", "status"},
			kit.F("customer_id", "eq", "customer_id"), kit.F("status", "eq", "status"), kit.F("scheduled_on", "gte", "from"), kit.F("scheduled_on", "lte", "to"))))
	s.Tool(true, kit.Tool(s.Name, "get_"+one, "Get "+engine.An(w.One), fmt.Sprintf("Read one %s by id, with all its details.", w.One),
		[]world.ArgSpec{kit.S(one+"_id", true, "e.g. "+work.ID(1))},
		kit.Get(table, one+"_id", "", fmt.Sprintf("No %s {%s_id}; search_%s finds ids.", w.One, one, many))))
	trans := map[string][]string{}
	for i, st := range v.States[:len(v.States)-1] {
		trans[st] = []string{v.States[i+1]}
		if v.Cancel != "" {
			trans[st] = append(trans[st], v.Cancel)
		}
	}
	s.Tool(true, kit.Tool(s.Name, "set_"+one+"_status", "Move "+engine.An(w.One)+" along",
		fmt.Sprintf("Change the status of %s. It moves one step at a time: %s%s. Finished and cancelled ones stay as they are.", engine.An(w.One), joinArrow(v.States), cancelNote(v.Cancel)),
		[]world.ArgSpec{kit.S(one+"_id", true, ""), kit.A("status", table+".status", true, "The new status.")},
		kit.Get(table, one+"_id", "cur", fmt.Sprintf("No %s {%s_id}.", w.One, one)),
		world.Step{Update: table, Key: "$" + one + "_id", Set: map[string]any{"status": "$status"}, Transitions: &world.Transitions{Column: "status", Allowed: trans}},
		logChange))
	s.Tool(false, kit.Tool(s.Name, "get_"+one+"_history", "History of "+engine.An(w.One), "Every status change of one "+w.One+", oldest first.",
		[]world.ArgSpec{kit.S(one+"_id", true, "")},
		kit.Search(hist, []string{"changed_at"}, nil, kit.F(one+"_id", "eq", one+"_id"))))
	for i, to := range v.States[1:] {
		from := v.States[i]
		s.Tool(false, kit.Tool(s.Name, "mark_"+one+"_"+engine.Snake(to), fmt.Sprintf("Mark %s %s", engine.An(w.One), strings.ReplaceAll(to, "_", " ")),
			fmt.Sprintf("Move %s from %s to %s.", engine.An(w.One), from, to),
			[]world.ArgSpec{kit.S(one+"_id", true, "")},
			kit.Get(table, one+"_id", "cur", fmt.Sprintf("No %s {%s_id}.", w.One, one)),
			world.Step{Require: "$cur.status", Equals: from, Message: fmt.Sprintf("%s {%s_id} is {cur.status}; only %s %s can be marked %s.", engine.Title(w.One), one, from, w.Many, to)},
			world.Step{Update: table, Key: "$" + one + "_id", Set: map[string]any{"status": to}},
			kit.Insert(hist, "", map[string]any{one + "_id": "$" + one + "_id", "from_status": from, "to_status": to, "changed_at": "$now"})))
	}
	open := slices.Clone(v.States[:len(v.States)-1])
	s.Tool(false, kit.Tool(s.Name, "reschedule_"+one, "Reschedule "+engine.An(w.One),
		fmt.Sprintf("Move %s to another date. Only %s ones can move.", engine.An(w.One), joinOr(open)),
		[]world.ArgSpec{kit.S(one+"_id", true, ""), {Name: "scheduled_on", Type: "date", Required: true, Description: "The new date."}},
		kit.Get(table, one+"_id", "cur", fmt.Sprintf("No %s {%s_id}.", w.One, one)),
		world.Step{Require: "$cur.status", In: kit.Vals(open...), Message: fmt.Sprintf("%s {%s_id} is {cur.status} and cannot be moved.", engine.Title(w.One), one)},
		world.Step{Update: table, Key: "$" + one + "_id", Set: map[string]any{"scheduled_on": "$scheduled_on"}}))
	s.Tool(false, kit.Tool(s.Name, "list_"+engine.Snake(st.Many), "List "+st.Many, fmt.Sprintf("The %s and whether they take new work.", st.Many), nil,
		kit.Search(staffTable, []string{"name"}, nil)))
	stOne := engine.Snake(st.One)
	if !g.ToolTaken("get_" + stOne) {
		s.Tool(false, kit.Tool(s.Name, "get_"+stOne, "Get "+engine.An(st.One), fmt.Sprintf("Read one %s by id.", st.One),
			[]world.ArgSpec{kit.S("staff_id", true, "e.g. "+staff.ID(1))},
			kit.Get(staffTable, "staff_id", "", fmt.Sprintf("No %s {staff_id}; list_%s shows who works here.", st.One, engine.Snake(st.Many)))))
	}
	if !g.ToolTaken("set_" + stOne + "_active") {
		s.Tool(false, kit.Tool(s.Name, "set_"+stOne+"_active", "Set whether "+engine.An(st.One)+" takes work",
			fmt.Sprintf("Mark %s as taking new work (active) or not (on leave, left). Existing assignments stay.", engine.An(st.One)),
			[]world.ArgSpec{kit.S("staff_id", true, ""), {Name: "active", Type: "boolean", Required: true}},
			world.Step{Update: staffTable, Key: "$staff_id", Set: map[string]any{"active": "$active"}, Message: fmt.Sprintf("No %s {staff_id}.", st.One)}))
	}
	s.Tool(false, kit.Tool(s.Name, "reprice_"+one, "Change the price of a "+w.One,
		fmt.Sprintf("Set a new price (minor units) on a %s that is not finished yet.", w.One),
		[]world.ArgSpec{kit.S(one+"_id", true, ""), {Name: "amount", Type: "integer", Required: true, Minimum: kit.NumPtr(0)}},
		kit.Get(table, one+"_id", "cur", fmt.Sprintf("No %s {%s_id}.", w.One, one)),
		world.Step{Require: "$cur.status", In: kit.Vals(v.States[:len(v.States)-1]...), Message: fmt.Sprintf("%s {%s_id} is {cur.status}; its price is final.", engine.Title(w.One), one)},
		world.Step{Update: table, Key: "$" + one + "_id", Set: map[string]any{"amount": "$amount"}}))
	if v.Cancel != "" {
		s.Tool(false, kit.Tool(s.Name, "cancel_"+one, "Cancel a "+w.One,
			fmt.Sprintf("Cancel a %s that has not finished; the change is logged in its history.", w.One),
			[]world.ArgSpec{kit.S(one+"_id", true, "")},
			kit.Get(table, one+"_id", "cur", fmt.Sprintf("No %s {%s_id}.", w.One, one)),
			world.Step{Require: "$cur.status", In: kit.Vals(v.States[:len(v.States)-1]...), Message: fmt.Sprintf("%s {%s_id} is {cur.status} and cannot be cancelled.", engine.Title(w.One), one)},
			world.Step{Update: table, Key: "$" + one + "_id", Set: map[string]any{"status": v.Cancel}},
			kit.Insert(hist, "", map[string]any{one + "_id": "$" + one + "_id", "from_status": "$cur.status", "to_status": v.Cancel, "changed_at": "$now"})))
	}
	s.Tool(false, kit.Tool(s.Name, "assign_"+one, "Assign "+engine.An(w.One), fmt.Sprintf("Put a %s in charge of a %s. Only active %s can take work.", st.One, w.One, st.Many),
		[]world.ArgSpec{kit.S(one+"_id", true, ""), kit.S("staff_id", true, "Id of the "+st.One+", e.g. "+staff.ID(1)+".")},
		kit.Get(staffTable, "staff_id", "who", fmt.Sprintf("No %s {staff_id}; list_%s shows who works here.", st.One, engine.Snake(st.Many))),
		world.Step{Require: "$who.active", Equals: true, Message: "{who.name} is not taking new work; pick an active " + st.One + "."},
		world.Step{Update: table, Key: "$" + one + "_id", Set: map[string]any{"staff_id": "$staff_id"}, Message: fmt.Sprintf("No %s {%s_id}.", w.One, one)}))
	bookArgs := []world.ArgSpec{kit.S("customer_id", true, "CRM id of the "+v.Customer.One+"."), kit.S("item", true, "One of the "+v.Offering.Many+"."),
		{Name: "scheduled_on", Type: "date", Required: true}, {Name: "amount", Type: "integer", Required: true, Description: "Price in minor units (e.g. cents).", Minimum: kit.NumPtr(0)},
		kit.S("staff_id", false, "")}
	values := map[string]any{"customer_id": "$customer_id", "item": "$item", "scheduled_on": "$scheduled_on", "amount": "$amount", "staff_id": "$staff_id", "created_at": "$now"}
	for _, x := range w.Extra {
		bookArgs = append(bookArgs, kit.A(x.Name, table+"."+x.Name, !x.DecidedLater() && !x.Unrecorded(), ""))
		values[x.Name] = "$" + x.Name
	}
	s.Tool(false, kit.Tool(s.Name, "create_"+one, "Create "+engine.An(w.One),
		fmt.Sprintf("Record a new %s for a %s; it starts as %s. Returns it with its id.", w.One, v.Customer.One, v.States[0]), bookArgs, kit.Insert(table, "", values)))

	// Events: the work is finished, or cancelled.
	useMark := g.R.IntN(2) == 0
	setup := func(status string) func(tc *engine.TaskCtx) engine.Row {
		return func(tc *engine.TaskCtx) engine.Row {
			item, amount := price()
			r := engine.Row{"id": work.ID(tc.FreshID(table)), "customer_id": engine.Pick(tc.R, activeCust)["id"], "item": item, "staff_id": staff.Rows[0]["id"],
				"scheduled_on": g.Day(0), "amount": amount, "status": status, "created_at": g.At(-3, 11)}
			for _, x := range w.Extra {
				r[x.Name] = x.Value(g, r, engine.StageOf(v, r["status"]))
			}
			fitToItem(r)
			fitRent(g, cust, r)
			return r
		}
	}
	event := func(name, kind, when, to, from string, ask []string) *engine.Event {
		return &engine.Event{
			Entity: work, Name: name, Kind: kind, When: when, Where: map[string]any{"status": to},
			InState: func(r engine.Row) bool { return r["status"] == to },
			Setup:   setup(from),
			Do: func(r engine.Row) []world.Call {
				if useMark && to == final {
					return []world.Call{{Tool: "mark_" + one + "_" + engine.Snake(to), Args: map[string]any{one + "_id": r["id"]}}}
				}
				return []world.Call{{Tool: "set_" + one + "_status", Args: map[string]any{one + "_id": r["id"], "status": to}}}
			},
			Ask: ask,
			Check: func(r engine.Row) []world.Assertion {
				return []world.Assertion{
					{Description: fmt.Sprintf("The %s is %s.", w.One, to), Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "status", Equals: to}},
					{Description: "The change is in its history.", Exists: &world.RowMatch{Table: hist, Where: map[string]any{one + "_id": r["id"], "to_status": to}}},
				}
			},
			Touches: func(r engine.Row) []world.Change {
				return []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}, {Table: hist, Ops: []string{"insert"}}}
			},
		}
	}
	before := v.States[len(v.States)-2]
	s.Events = append(s.Events, event(final, cmp.Or(g.Plan.Work.DoneKind, "done"), fmt.Sprintf("%s is marked %s", engine.An(w.One), final), final, before, []string{
		fmt.Sprintf("%s {id} for {name} ({item}) is %s. Please record it.", engine.Title(w.One), said(final)),
		fmt.Sprintf("Please mark %s {id} ({item}, for {name}) as %s.", w.One, said(final)),
		fmt.Sprintf("%s {id} for {name} is %s now. Please update the system.", engine.Title(w.One), said(final)),
	}))
	// Confirmed: the item leaves its first state. Only where the plan has
	// a record due before the work goes ahead (a deposit, a waiver), so
	// that what must precede the work binds its confirmation.
	if len(v.States) >= 3 && planPrecedes(g.Plan) {
		second := v.States[1]
		ev := event(second, "confirmed", fmt.Sprintf("%s is %s", engine.An(w.One), said(second)), second, v.States[0], []string{
			fmt.Sprintf("%s {id} for {name} ({item}) can go ahead. Please set it to %s.", engine.Title(w.One), said(second)),
			fmt.Sprintf("Please mark %s {id} for {name} as %s.", w.One, said(second)),
		})
		// Every item past its first state has been confirmed.
		past := slices.Clone(v.States[1:])
		ev.Where = map[string]any{"status": map[string]any{"in": kit.Vals(past...)}}
		ev.InState = func(r engine.Row) bool { s, _ := r["status"].(string); return slices.Contains(past, s) }
		s.Events = append(s.Events, ev)
	}
	if v.Cancel != "" {
		s.Events = append(s.Events, event(v.Cancel, "cancelled", fmt.Sprintf("%s is %s", engine.An(w.One), v.Cancel), v.Cancel, v.States[0], []string{
			fmt.Sprintf("{name} called: %s {id} ({item}) is off. Please set it to %s.", w.One, said(v.Cancel)),
			fmt.Sprintf("%s {id} for {name} will not happen; mark it %s.", engine.Title(w.One), said(v.Cancel)),
		}))
	}

	// Chores: assign work, book work.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		var open []engine.Row
		for _, r := range work.Rows {
			if r["status"] == v.States[0] {
				open = append(open, r)
			}
		}
		var active []engine.Row
		for _, r := range staff.Rows {
			if r["active"] == true {
				active = append(active, r)
			}
		}
		if len(open) == 0 || len(active) < 2 {
			return engine.Task{}, false
		}
		r := engine.Pick(tc.R, open)
		to := engine.Pick(tc.R, active)
		if to["id"] == r["staff_id"] {
			return engine.Task{}, false
		}
		return engine.Task{
			Title:       "reassign " + w.One,
			Instruction: fmt.Sprintf("%s %s for %s should be handled by %s from now on. Please reassign it.", engine.Title(w.One), r["id"], kit.Lookup(cust, r["customer_id"], "name"), to["name"]),
			Calls:       []world.Call{{Tool: "assign_" + one, Args: map[string]any{one + "_id": r["id"], "staff_id": to["id"]}}},
			Assertions: []world.Assertion{
				{Description: "It is assigned to the new " + st.One + ".", Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "staff_id", Equals: to["id"]}},
				{Description: "Its status is unchanged.", Role: world.RoleConstraint, Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "status", Equals: r["status"]}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: engine.Pick(g.R, []string{"coordinator", "operations coordinator"}), Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		c := engine.Pick(tc.R, activeCust)
		item, amount := price()
		day := g.Day(7 + tc.R.IntN(20))
		args := map[string]any{"customer_id": c["id"], "item": item, "scheduled_on": day, "amount": amount}
		var extras []string
		for _, x := range w.Extra {
			args[x.Name] = x.Value(g, args, seed.Planned)
		}
		fitToItem(args)
		amount = args["amount"].(int64) // a stay's nights at its rate
		for _, x := range w.Extra {
			if args[x.Name] == nil {
				delete(args, x.Name) // decided later (an approved amount)
				continue
			}
			extras = append(extras, engine.Detail(x.Name, args[x.Name]))
		}
		tc.NextID(table) // the new row: checked by its details, not its id
		return engine.Task{
			Title: "create " + w.One,
			Instruction: fmt.Sprintf("%s (%s) wants %s on %s. Please set up the %s at our standard price of %s%s.",
				c["name"], c["id"], item, day, w.One, g.Locale.C.FormatMoney(amount), engine.Details(extras)),
			Calls: []world.Call{{Tool: "create_" + one, Args: args}},
			Assertions: []world.Assertion{
				{Description: "The " + w.One + " exists with the right details.", Exists: &world.RowMatch{Table: table, Where: map[string]any{"customer_id": c["id"], "item": item, "scheduled_on": day, "amount": amount}}},
				{Description: "It starts as " + said(v.States[0]) + ".", Exists: &world.RowMatch{Table: table, Where: map[string]any{"customer_id": c["id"], "scheduled_on": day, "status": v.States[0]}}},
			},
			MayChange: []world.Change{{Table: table, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

func joinOr(xs []string) string {
	if len(xs) <= 1 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

func joinArrow(xs []string) string {
	out := ""
	for i, x := range xs {
		if i > 0 {
			out += " → "
		}
		out += x
	}
	return out
}

func cancelNote(c string) string {
	if c == "" {
		return ""
	}
	return ", or " + c + " before that"
}

// said writes a status the way people say it: "service held", not
// "service_held".
func said(status string) string { return strings.ReplaceAll(status, "_", " ") }

// changedAt is when a seeded work item last changed status: after it was
// recorded and before the clock, on its own day or soon after when that
// day has passed, in working hours; never one moment for every row.
func changedAt(g *engine.Gen, r engine.Row) string {
	from, err := time.Parse(time.RFC3339, fmt.Sprint(r["created_at"]))
	if err != nil {
		return g.At(-1, 17)
	}
	to := g.Start.Add(-time.Hour)
	if day, err := time.ParseInLocation(time.DateOnly, fmt.Sprint(r["scheduled_on"]), g.Start.Location()); err == nil && day.After(from) && day.Before(to) {
		from = day.Add(9 * time.Hour)
		if end := day.Add(time.Duration(18+24*g.R.IntN(3)) * time.Hour); end.Before(to) {
			to = end
		}
	}
	if !to.After(from) {
		return from.Format(time.RFC3339)
	}
	t := from.Add(time.Duration(g.R.Int64N(int64(to.Sub(from)/time.Minute))) * time.Minute)
	if w := workingHours(g, t); w.After(from) && w.Before(g.Start) {
		t = w
	}
	return t.Truncate(5 * time.Minute).Format(time.RFC3339)
}

// workingHours moves a time out of hours (before 8, from 19) to the next
// working morning, in the company's zone: people update records at work.
func workingHours(g *engine.Gen, t time.Time) time.Time {
	t = t.In(g.Start.Location())
	h := t.Hour()
	if h >= 8 && h < 19 {
		return t
	}
	next := time.Date(t.Year(), t.Month(), t.Day(), 8+g.R.IntN(3), 5*g.R.IntN(12), 0, 0, t.Location())
	if h >= 19 {
		next = next.AddDate(0, 0, 1)
	}
	return next
}

// recordedBefore is the day a row was recorded: day, or (for a row booked
// far ahead) the last few days before the clock, never after it.
func recordedBefore(day, back int) int { return min(day, -1-back) }

// planPrecedes reports whether a service of the plan keeps a record due
// before each item of the line of work is confirmed.
func planPrecedes(p *engine.Plan) bool {
	return p != nil && slices.ContainsFunc(p.Services, func(s engine.PlanService) bool { return s.Precedes })
}

// tieDeposits makes a tenant's deposit the country's usual multiple of
// the monthly rent of their lease (seed.Source.Deposit, tenancy.json)
// rather than an amount drawn on its own: "3 months' rent" in Germany, 5
// weeks' in England.
func tieDeposits(g *engine.Gen, cust, work *engine.Entity) {
	byID := map[any]engine.Row{}
	for _, c := range cust.Rows {
		if _, ok := c["deposit_amount"]; ok {
			byID[c["id"]] = c
		}
	}
	for _, r := range work.Rows {
		rent, ok := r["monthly_rent"].(int64)
		if c := byID[r["customer_id"]]; ok && c != nil {
			c["deposit_amount"] = g.Locale.Src().Deposit(rent)
		}
	}
}

// fitRent gives a lease set up for a task a rent that fits its tenant's
// deposit (seed.Source.RentFor), as tieDeposits fits deposits to rents.
func fitRent(g *engine.Gen, cust *engine.Entity, r engine.Row) {
	if _, ok := r["monthly_rent"].(int64); !ok {
		return
	}
	for _, c := range cust.Rows {
		if c["id"] == r["customer_id"] {
			if d, ok := c["deposit_amount"].(int64); ok && d > 0 {
				r["monthly_rent"] = g.Locale.Src().RentFor(d)
			}
			return
		}
	}
}

// lengthValue is a length in its column's type: whole hours round up
// (a 30-minute session in an hours column is 1).
func lengthValue(typ string, v float64) any {
	if typ == "integer" {
		return int64(math.Ceil(v))
	}
	return v
}

// itemFacts is what a work row of an item must agree with: the
// composed line's length (composed: the item is such a line), the unit
// it is sold per and its pack's entry.
type itemFacts struct {
	item     engine.Item
	length   engine.Length
	composed bool
	unit     string
	pack     catalog.Item
}

// fitStay prices a stay sold by the night for the nights it lasts: a
// room from 27 June to 6 July is nine nights of its rate, not one.
func fitStay(g *engine.Gen, r engine.Row, unit string, nightly int64) {
	nights := int64(seed.StayNights(r))
	if unit != "per night" || nights == 0 {
		return
	}
	minor := engine.MinorPerMajor(g.Locale.C.CurrencyDigits)
	r["amount"] = max(minor, (nightly*nights+minor/2)/minor*minor)
}

// fitCounted keeps a column named for a thing the brief counts within
// the count: "four chairs" seats no appointment in chair 6.
func fitCounted(p *engine.Plan, extras []engine.Extra, r engine.Row) {
	for _, x := range extras {
		v, ok := r[x.Name].(int64)
		if !ok || x.Type != "integer" || v < 1 {
			continue
		}
		for _, sc := range p.Scale {
			if sc.Count > 0 && (x.Name == engine.Snake(sc.Noun) || x.Name == engine.Snake(sc.Noun)+"_number") {
				r[x.Name] = (v-1)%int64(sc.Count) + 1
			}
		}
	}
}
