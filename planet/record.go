package planet

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/lexicon"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

// buildRecord is the generic builder of an archetype's records, for a
// capability the brief names in its own nouns: complaints (cases),
// consent forms (documents), aftercare reminders (campaigns), kayak
// rentals (bookings). One definition serves every archetype with a
// lifecycle: the archetype gives the states, the date and amount columns
// and the policy clause; the plan gives the nouns and attributes.
//
// A record can be of a resource ("kayaks"), which gets its own table with
// as many rows as the brief counts; it can follow the line of work (a
// record is due for each finished item: the policy that binds them); and
// its final state is an event downstream services react to.
func buildRecord(g *Gen, s *Svc, ps PlanService, a lexicon.Archetype) {
	cust, work := g.Entity("customer"), g.Entity("work")
	one, many := ps.Entity.One, ps.Entity.Many
	o, m := snake(one), snake(many)
	// Another service may already offer these tool names (a builder's
	// create_payment); then the tools say which record they are about.
	if g.ToolTaken("create_"+o) || g.ToolTaken("search_"+m) || g.ToolTaken("get_"+o) || g.ToolTaken("set_"+o+"_status") || builderKeeps(g.plan, one) {
		o, m = o+"_record", o+"_records"
	}
	table := m
	if g.tables[table] != nil {
		table = s.Name + "_records"
	}
	prefix := idPrefix(one)
	for _, e := range g.entities {
		if e != nil && e.Prefix == prefix {
			prefix = idPrefix(s.Name[min(1, len(s.Name)-1):])
			break
		}
	}
	states := slices.Clone(a.States)
	final := states[len(states)-1]
	all := slices.Clone(states)
	if a.Cancel != "" {
		all = append(all, a.Cancel)
	}
	what := many
	if ps.Resource != nil {
		what = fmt.Sprintf("%s of %s", many, ps.Resource.Many)
	}
	s.Description = fmt.Sprintf("The %s %s keeps for its %s: each %s with its %s, status and dates.", what, g.Company.Name, cust.Plural, one, cust.Noun)
	if len(ps.Attributes) > 0 && len(ps.Attributes[0].Values) > 0 {
		s.Description += fmt.Sprintf(" Kinds: %s.", strings.Join(ps.Attributes[0].Values, ", "))
	}

	// The resource booked or worked on, when the brief names one.
	var res *Entity
	resTable := ""
	if ps.Resource != nil {
		r1, rm := ps.Resource.One, ps.Resource.Many
		resTable = s.Name + "_" + snake(rm)
		rp := idPrefix(r1)
		if rp == prefix {
			rp = "RES-"
		}
		rcols := []world.Column{PK(), Text("name", "Name or number of the "+r1+"."), Opt(Text("location", "Where it is.")),
			Enum("condition", "Whether it can be used.", "available", "in_use", "out_of_service")}
		// Goods sold or kept in stock ("sell spare parts") are stock
		// lines: a quantity on hand and a unit price, not only a name.
		lex := lexicon.Load()
		stock := lex.NounArchetype(r1) == "inventory" || lex.NounArchetype(lastWord(r1)) == "inventory"
		if stock {
			rcols = append(rcols, Int("on_hand", "Units in stock."), Money("unit_price", "Price of one "+r1))
		}
		var kinds []string
		for _, at := range ps.Resource.Attributes {
			if at.Name == "kind" && len(at.Values) > 0 {
				kinds = at.Values
				rcols = append(rcols, Enum("kind", "What it is: "+strings.Join(at.Values, ", ")+".", at.Values...))
			}
		}
		s.Table(resTable, fmt.Sprintf("The %s of %s.", rm, g.Company.Name), rp, 4, rcols...)
		res = &Entity{Service: s.Name, Table: resTable, Key: "id", Noun: r1, Plural: rm, Prefix: rp, Width: 4,
			Roles: map[string]Role{"id": Column("id"), "name": Column("name")}}
		n := ps.Resource.Count
		if n <= 0 {
			n = 6 + g.R.IntN(10)
		}
		locs := g.plan.Company.Locations
		for i := 1; i <= n; i++ {
			row := Row{"id": res.ID(i), "name": fmt.Sprintf("%s %d", title(r1), i), "location": locs[i%len(locs)],
				"condition": Pick(g.R, []string{"available", "available", "available", "in_use", "out_of_service"})}
			if stock {
				row["on_hand"] = int64(g.R.IntN(40))
				row["unit_price"] = int64(50 * (4 + g.R.IntN(300)))
			}
			if len(kinds) > 0 {
				row["kind"] = kinds[i%len(kinds)]
				row["name"] = fmt.Sprintf("%s %d", title(kinds[i%len(kinds)]), i)
			}
			res.Rows = append(res.Rows, row)
			g.AddRow(resTable, row)
		}
		if !g.ToolTaken("search_" + snake(rm)) {
			s.Tool(false, Tool(s.Name, "search_"+snake(rm), "Search "+rm,
				fmt.Sprintf("Find %s by name or condition.", rm),
				[]world.ArgSpec{S("query", false, "Part of the name."), A("condition", resTable+".condition", false, "")},
				Search(resTable, []string{"id"}, nil, FAny("query", "name"), F("condition", "eq", "condition"))))
		}
		if !g.ToolTaken("set_" + snake(r1) + "_condition") {
			s.Tool(false, Tool(s.Name, "set_"+snake(r1)+"_condition", "Set the condition of "+an(r1),
				fmt.Sprintf("Mark %s available, in use or out of service.", an(r1)),
				[]world.ArgSpec{S(snake(r1)+"_id", true, "e.g. "+res.ID(1)), A("condition", resTable+".condition", true, "")},
				world.Step{Update: resTable, Key: "$" + snake(r1) + "_id", Set: map[string]any{"condition": "$condition"}, Message: fmt.Sprintf("No %s {%s_id}.", r1, snake(r1))}))
		}
	}

	dateCol := cmp.Or(a.Date, "due_on")
	dateIsTime := strings.HasSuffix(dateCol, "_at")
	cols := []world.Column{PK(), RefersTo("customer_id", cust.Table+".id", "The "+cust.Noun+" it is for (CRM id).")}
	if res != nil {
		cols = append(cols, Ref(snake(ps.Resource.One)+"_id", resTable, "The "+ps.Resource.One+"."))
	}
	if ps.Follows || ps.Precedes {
		cols = append(cols, Opt(RefersTo("source_ref", work.Table+".id", "The "+work.Noun+" it is for, if any.")))
	}
	for _, at := range ps.Attributes {
		c := world.Column{Name: at.Name, Type: at.Type, Description: title(strings.ReplaceAll(at.Name, "_", " ")) + "."}
		if len(at.Values) > 0 {
			c.Enum = vals(at.Values...)
			c.Default = at.Values[len(at.Values)-1]
			c.Description = "Kind of " + one + ": " + strings.Join(at.Values, ", ") + "."
		} else if at.Type == "boolean" {
			c.Default = false
			c.Description = "Whether the " + one + " is " + strings.ReplaceAll(at.Name, "_", " ") + "."
		} else {
			c.Nullable = true
		}
		cols = append(cols, c)
	}
	if dateIsTime {
		cols = append(cols, Datetime(dateCol, "When it is."))
	} else {
		cols = append(cols, Date(dateCol, "Its date."))
	}
	if a.Money != "" {
		cols = append(cols, Money(a.Money, title(strings.ReplaceAll(a.Money, "_", " "))))
	}
	cols = append(cols,
		Enum("status", "Lifecycle: "+joinArrow(states)+cancelNote(a.Cancel)+".", all...),
		Opt(Text("notes", "Free notes.")),
		Datetime("created_at", "When it was recorded."))
	s.Table(table, fmt.Sprintf("%s, one row per %s.", title(what), one), prefix, 5, cols...)

	roles := map[string]Role{"id": Column("id"), "customer_id": Column("customer_id"),
		"email": {SQL: func(al string) string {
			return fmt.Sprintf("(SELECT c.email FROM %s c WHERE c.id = %s.customer_id)", cust.Table, al)
		}, Value: func(r Row) any { return lookup(cust, r["customer_id"], "email") }},
		"name": {SQL: func(al string) string {
			return fmt.Sprintf("(SELECT c.name FROM %s c WHERE c.id = %s.customer_id)", cust.Table, al)
		}, Value: func(r Row) any { return lookup(cust, r["customer_id"], "name") }},
	}
	if a.Money != "" {
		roles["amount"] = Column(a.Money)
	}
	e := &Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: roles}
	g.SetEntity("record:"+s.Name, e)

	when := func(d int) any {
		if dateIsTime {
			return g.At(d, float64(9+g.R.IntN(8)))
		}
		return g.Day(d)
	}
	amount := func() int64 {
		it := Pick(g.R, g.Vocab.Items)
		return g.price(it.Min/2, it.Max)
	}
	activeCust := activeRows(cust)
	newRow := func(n int, status string, d int) Row {
		r := Row{"id": e.ID(n), "customer_id": Pick(g.R, activeCust)["id"], dateCol: when(d), "status": status, "notes": "", "created_at": g.At(d-3-g.R.IntN(10), 10)}
		if res != nil {
			r[snake(ps.Resource.One)+"_id"] = Pick(g.R, res.Rows)["id"]
		}
		if ps.Follows {
			r["source_ref"] = nil
		}
		for _, at := range ps.Attributes {
			if len(at.Values) > 0 {
				r[at.Name] = Pick(g.R, at.Values)
			} else {
				r[at.Name] = fieldValue(g, at)
			}
		}
		if a.Money != "" {
			r[a.Money] = amount()
		}
		return r
	}
	n := 12 + g.R.IntN(14)
	if ps.Entity.Count > 0 {
		n = ps.Entity.Count // the brief's own count: "35 horses"
	}
	for i := 1; i <= n; i++ {
		d := g.R.IntN(60) - 40
		status := states[0]
		switch {
		case d < -10:
			status = final
		case d < 0:
			status = states[min(1, len(states)-1)]
		}
		if a.Cancel != "" && g.R.IntN(10) == 0 {
			status = a.Cancel
		}
		row := newRow(i, status, d)
		e.Rows = append(e.Rows, row)
		g.AddRow(table, row)
	}

	// Tools.
	idArg := o + "_id"
	fields := []string{"id", "customer_id", dateCol, "status"}
	filters := []world.Filter{F("customer_id", "eq", "customer_id"), F("status", "eq", "status")}
	args := []world.ArgSpec{S("customer_id", false, "CRM id of the "+cust.Noun+"."), A("status", table+".status", false, "")}
	if ps.Follows || ps.Precedes {
		fields = append(fields, "source_ref")
		filters = append(filters, F("source_ref", "eq", "source_ref"))
		args = append(args, S("source_ref", false, "Id of the "+work.Noun+"."))
	}
	s.Tool(true, Tool(s.Name, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by %s, status or %s. Returns id (like %s), %s.", many, cust.Noun, work.Noun, e.ID(1), strings.Join(fields[1:], ", ")),
		args, Search(table, []string{"-" + dateCol, "id"}, fields, filters...)))
	s.Tool(true, Tool(s.Name, "get_"+o, "Get "+an(one), fmt.Sprintf("Read one %s by id, with all its details.", one),
		[]world.ArgSpec{S(idArg, true, "e.g. "+e.ID(1))},
		Get(table, idArg, "", fmt.Sprintf("No %s {%s}; search_%s finds ids.", one, idArg, m))))
	cargs := []world.ArgSpec{S("customer_id", true, "CRM id of the "+cust.Noun+"."), A(dateCol, table+"."+dateCol, true, "")}
	cvals := map[string]any{"customer_id": "$customer_id", dateCol: "$" + dateCol, "notes": "$notes", "created_at": "$now"}
	if res != nil {
		k := snake(ps.Resource.One) + "_id"
		cargs = append(cargs, S(k, true, "Id of the "+ps.Resource.One+"."))
		cvals[k] = "$" + k
	}
	if ps.Follows || ps.Precedes {
		cargs = append(cargs, S("source_ref", false, "Id of the "+work.Noun+" it is for."))
		cvals["source_ref"] = "$source_ref"
	}
	for _, at := range ps.Attributes {
		cargs = append(cargs, A(at.Name, table+"."+at.Name, false, ""))
		cvals[at.Name] = "$" + at.Name
	}
	if a.Money != "" {
		cargs = append(cargs, world.ArgSpec{Name: a.Money, Type: "integer", Required: true, Minimum: numPtr(0), Description: "In minor units (e.g. cents)."})
		cvals[a.Money] = "$" + a.Money
	}
	cargs = append(cargs, S("notes", false, "Free notes."))
	s.Tool(true, Tool(s.Name, "create_"+o, "Create "+an(one),
		fmt.Sprintf("Record a new %s for a %s; it starts as %s. Returns it with its id.", one, cust.Noun, states[0]), cargs, Insert(table, "", cvals)))
	trans := map[string][]string{}
	for i, st := range states[:len(states)-1] {
		trans[st] = []string{states[i+1]}
		if a.Cancel != "" {
			trans[st] = append(trans[st], a.Cancel)
		}
	}
	s.Tool(true, Tool(s.Name, "set_"+o+"_status", "Move "+an(one)+" along",
		fmt.Sprintf("Change the status of %s, one step at a time: %s%s.", an(one), joinArrow(states), cancelNote(a.Cancel)),
		[]world.ArgSpec{S(idArg, true, ""), A("status", table+".status", true, "The new status.")},
		Get(table, idArg, "cur", fmt.Sprintf("No %s {%s}.", one, idArg)),
		world.Step{Update: table, Key: "$" + idArg, Set: map[string]any{"status": "$status"}, Transitions: &world.Transitions{Column: "status", Allowed: trans}}))

	// Event: a record reaches its final state.
	before := states[len(states)-2]
	s.Events = append(s.Events, &Event{
		Entity: e, Name: final, Kind: cmp.Or(a.DoneKind, "done"),
		When:    fmt.Sprintf("%s is marked %s", an(one), strings.ReplaceAll(final, "_", " ")),
		Where:   map[string]any{"status": final},
		InState: func(r Row) bool { return r["status"] == final },
		Setup: func(tc *TaskCtx) Row {
			r := newRow(tc.FreshID(table), before, 0)
			r["created_at"] = g.At(-2, 11)
			return r
		},
		Do: func(r Row) []world.Call {
			return []world.Call{{Tool: "set_" + o + "_status", Args: map[string]any{idArg: r["id"], "status": final}}}
		},
		Ask: []string{
			fmt.Sprintf("%s {id} for {name} is %s now. Please record it.", title(one), strings.ReplaceAll(final, "_", " ")),
			fmt.Sprintf("Mark %s {id} ({name}) as %s.", one, strings.ReplaceAll(final, "_", " ")),
		},
		Check: func(r Row) []world.Assertion {
			return []world.Assertion{{Description: fmt.Sprintf("The %s is %s.", one, final), Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "status", Equals: final}}}
		},
		Touches: func(r Row) []world.Change {
			return []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}}
		},
	})

	// Action: a record is due for each finished item of the line of work,
	// or, where it must precede the work (a deposit, a waiver), for each
	// item confirmed.
	if ps.Follows || ps.Precedes {
		then := strings.NewReplacer("{an_entity}", an(one), "{service}", s.Title).Replace(cmp.Or(a.Then, "{an_entity} must be recorded in {service} for it"))
		on := []string{"done"}
		if ps.Precedes {
			on, then = []string{"confirmed"}, then+" before it goes ahead"
		}
		s.Actions = append(s.Actions, &Action{
			// "date" is a role only the line of work's items have: a record
			// follows the business's own work, not another record.
			Service: s.Name, Name: one + " recorded", Needs: []string{"id", "customer_id", "date"}, On: on,
			Then: then + ", with the {noun} id as its source reference",
			Rule: func(up *Entity) *world.RuleThen {
				return KeysOf(up).Eq("source_ref", "id").Eq("customer_id", "customer_id").In(table, "", nil)
			},
			Do: func(tc *TaskCtx, up *Entity, r Row) []world.Call {
				args := map[string]any{"customer_id": up.Val("customer_id", r), dateCol: recordDate(g, dateIsTime), "source_ref": r[up.Key]}
				if res != nil {
					args[snake(ps.Resource.One)+"_id"] = res.Rows[0]["id"]
				}
				if a.Money != "" {
					args[a.Money] = int64(0)
					if up.Has("amount") {
						args[a.Money] = up.Val("amount", r)
					}
				}
				tc.NextID(table)
				return []world.Call{{Tool: "create_" + o, Args: args}}
			},
			Check: func(tc *TaskCtx, up *Entity, r Row) []world.Assertion {
				return []world.Assertion{{Description: fmt.Sprintf("A %s is recorded for it.", one),
					Exists: &world.RowMatch{Table: table, Where: map[string]any{"source_ref": r[up.Key], "customer_id": up.Val("customer_id", r)}}}}
			},
			Touches: []world.Change{{Table: table, Ops: []string{"insert"}}},
			Seed: func(g *Gen, up *Entity, r Row) {
				for _, x := range e.Rows {
					if x["source_ref"] == r[up.Key] {
						return
					}
				}
				row := newRow(len(g.Rows(table))+1, states[0], -1)
				row["customer_id"], row["source_ref"] = up.Val("customer_id", r), r[up.Key]
				e.Rows = append(e.Rows, row)
				g.AddRow(table, row)
			},
		})
	}

	// Chore: move an open record one step along.
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: cmp.Or(g.Vocab.Staff.One, "coordinator"), Make: func(tc *TaskCtx) (Task, bool) {
		var open []Row
		for _, r := range e.Rows {
			if r["status"] == states[0] {
				open = append(open, r)
			}
		}
		if len(open) == 0 {
			return Task{}, false
		}
		r := Pick(tc.R, open)
		// Moving a record into its final state is an event policies react
		// to; a chore stays inside the service, so it stops short of it
		// (or cancels, where the lifecycle is only two steps long).
		to, title_, ask := states[1], "advance "+one, "%s %s for %s is %s now. Please update it."
		if len(states) <= 2 {
			if a.Cancel == "" {
				return Task{}, false
			}
			to, title_, ask = a.Cancel, "cancel "+one, "%s %s for %s is not needed any more: mark it %s."
		}
		return Task{
			Title:       title_,
			Instruction: fmt.Sprintf(ask, title(one), r["id"], lookup(cust, r["customer_id"], "name"), strings.ReplaceAll(to, "_", " ")),
			Calls:       []world.Call{{Tool: "set_" + o + "_status", Args: map[string]any{idArg: r["id"], "status": to}}},
			Assertions: []world.Assertion{
				{Description: "It is " + to + ".", Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "status", Equals: to}},
				{Description: "It is still for the same " + cust.Noun + ".", Role: world.RoleConstraint, Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "customer_id", Equals: r["customer_id"]}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// fieldValue seeds an attribute the brief named without values: dates
// and reference numbers are made up; free text is left empty rather than
// filled with words that mean nothing ("breed: Hauptstraße").
func fieldValue(g *Gen, at PlanAttribute) any {
	switch at.Type {
	case "date", "datetime", "integer", "real", "boolean", "email":
		return Extra{Name: at.Name, Type: at.Type}.Value(g, nil, seed.NoStage)
	}
	for _, suf := range []string{"number", "serial", "no", "code", "tag", "ticket", "reference", "ref", "id"} {
		if strings.HasSuffix(at.Name, suf) {
			return fmt.Sprintf("%s-%05d", strings.ToUpper(at.Name[:min(2, len(at.Name))]), 10000+g.R.IntN(89999))
		}
	}
	// A party the brief names beside the record ("from the designer").
	if k := partyKind(at.Name, at.Type); k != "" {
		if _, ruled := seed.RuleForType(at.Name, at.Type); !ruled {
			return g.Locale.Src().Value(at.Name, seed.Rule{Kind: k}, "text", nil, seed.NoStage)
		}
	}
	return nil
}

// builderKeeps reports whether a registered builder of the plan, built
// later, keeps records of that noun itself (procurement's purchase orders)
// and so will offer the tools named after it.
func builderKeeps(p *Plan, one string) bool {
	lex := lexicon.Load()
	for _, ps := range p.Services {
		if ps.Builder == "record" || ps.Builder == "work" {
			continue
		}
		for _, a := range lex.Archetypes {
			if a.Builder == ps.Builder && (a.Entity.One == one || slices.Contains(a.Native, one)) {
				return true
			}
		}
	}
	return false
}

func recordDate(g *Gen, dateTime bool) string {
	if dateTime {
		return g.At(1, 10)
	}
	return g.Day(1)
}

// price draws an amount in the company currency's minor units from a
// EUR-equivalent range, rounded to whole major units.
func (g *Gen) price(lo, hi float64) int64 {
	p := lo + g.R.Float64()*(hi-lo)
	return max(1, int64(math.Round(p*eurRate(g.Locale.C.Currency)))) * minorPerMajor(g.Locale.C.CurrencyDigits)
}
