package archetypes

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/lexicon"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

func init() { engine.RegisterRecord(buildRecord) }

// maxRegisterRows bounds the rows a record service is seeded with when
// the brief counts its records.
const maxRegisterRows = 500

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
func buildRecord(g *engine.Gen, s *engine.Svc, ps engine.PlanService, a lexicon.Archetype) {
	cust, work := g.Entity("customer"), g.Entity("work")
	// A filing due within some days of what it is for ("reported within
	// 10 days") takes its due date from that item's: a window of the
	// rule, not a column.
	dueDays := dueWithin(ps.Attributes)
	ps.Attributes = slices.DeleteFunc(slices.Clone(ps.Attributes), func(at engine.PlanAttribute) bool { return at.Name == "due_within" })
	// A party the brief says the records come from ("collect donations
	// from grocery stores") is whom they are with.
	if ps.Counterpart == nil {
		if cp, rest := sourceParty(ps); cp != nil {
			ps.Counterpart, ps.Attributes = cp, rest
		}
	}
	// Who a record is with: the CRM's customer, or the counterpart the
	// plan names (the mills purchase orders go to, the volunteers whose
	// shifts they are), kept in a table of this service — never a
	// customer; or nobody, for a register of the business's own animals,
	// batches or equipment (engine.OwnRegister).
	party, partyCol, partyHelp, forWhom := cust, "customer_id", "CRM id of the "+cust.Noun+".", "for"
	// A register of the customers' own animals (horses at livery) keeps
	// each with its owner.
	owned := ps.Counterpart == nil && engine.OwnRegister(ps.Archetype) && cust != nil && engine.OwnedByCustomer(ps.Entity.One, cust.Noun)
	// ("every camera or lens we take in is logged": the customers'
	// things, left for work, are theirs and cost the business nothing.)
	if takenIn := ps.Counterpart == nil && engine.OwnRegister(ps.Archetype) && cust != nil && !owned && engine.TakenIn(engine.SentenceOf(g.Plan.Brief.Description, ps.From)); takenIn {
		owned, a.Money = true, ""
	}
	own := ps.Counterpart == nil && (engine.OwnRegister(ps.Archetype) || ps.Own) && !owned
	// A register of things (animals, equipment, stock) against records
	// of events about the business's own things (its trucks'
	// inspections): those happen on dates, and nobody quotes them.
	register := own && engine.OwnRegister(ps.Archetype)
	if own && !register {
		a.Money = ""
	}
	if staff := g.Entity("staff"); ps.Counterpart != nil && staff != nil && ps.Counterpart.One == staff.Noun {
		party, partyCol, partyHelp, forWhom = staff, "staff_id", "Id of the "+staff.Noun+" (like "+staff.ID(1)+").", "of"
	} else if ps.Counterpart != nil {
		party = buildCounterparts(g, s, ps.Counterpart)
		partyCol, partyHelp, forWhom = engine.Snake(ps.Counterpart.One)+"_id", "Id of the "+ps.Counterpart.One+" (like "+party.ID(1)+").", "with"
	} else if own {
		party, partyCol = nil, ""
	}
	one, many := ps.Entity.One, ps.Entity.Many
	o, m := engine.Snake(one), engine.Snake(many)
	// Another service may already offer these tool names (a builder's
	// create_payment); then the tools say which record they are about.
	if g.ToolTaken("create_"+o) || g.ToolTaken("search_"+m) || g.ToolTaken("get_"+o) || g.ToolTaken("set_"+o+"_status") || builderKeeps(g.Plan, one) {
		o, m = o+"_record", o+"_records"
	}
	table := m
	if g.Tables[table] != nil {
		table = s.Name + "_records"
	}
	// A prefix another record has ("LIF-" of the lifeguards) gives way
	// to the record's own last word ("CER-" of lifeguard certificates),
	// then to a letter on from the service's name.
	taken := func(p string) bool {
		for _, e := range g.Entities {
			if e != nil && e.Prefix == p {
				return true
			}
		}
		return false
	}
	prefix := idPrefix(one)
	for _, alt := range []string{idPrefix(engine.LastWord(one)), idPrefix(s.Name[min(1, len(s.Name)-1):])} {
		if !taken(prefix) {
			break
		}
		prefix = alt
	}
	// A record is due for each finished item of the line of work only
	// where records of its archetype can follow work (a certificate after
	// a job); nothing is rostered or stocked because a job was done.
	follows := ps.Follows && a.Follows
	// The lifecycle is the plan's, else the one of what the records are
	// (cheese batches mature, tickets are used), else the archetype's.
	of := ""
	if ps.Resource != nil {
		of = ps.Resource.One
	}
	finalKind := cmp.Or(a.DoneKind, "done")
	states, cancel := slices.Clone(a.States), a.Cancel
	if len(ps.States) >= 2 {
		states, cancel = slices.Clone(ps.States), ps.Cancel
	} else if owned {
		lc := engine.OwnedLifecycle()
		states, cancel, finalKind = lc.States, "", lc.FinalKind
		a.Date = cmp.Or(lc.Date, a.Date)
	} else if lc, ok := engine.Lifecycle(ps.Archetype, one, of, engine.SentenceOf(g.Plan.Brief.Description, ps.From)+" "+yesNoWords(ps.Attributes)); ok {
		// ("quoted and approved by the client": the yes/no the brief
		// reads names the state, which then stands for it.)
		states, cancel, finalKind = lc.States, lc.Cancel, cmp.Or(lc.FinalKind, finalKind)
		a.Date = cmp.Or(lc.Date, a.Date)
	}
	a.States, a.Cancel = states, cancel
	final := states[len(states)-1]
	all := slices.Clone(states)
	if a.Cancel != "" {
		all = append(all, a.Cancel)
	}
	// "only invoiced once the client has accepted the quote": a yes/no
	// that is one of the record's states says again what its status
	// says, and could say otherwise.
	ps.Attributes = slices.DeleteFunc(slices.Clone(ps.Attributes), func(at engine.PlanAttribute) bool {
		return at.Type == "boolean" && slices.Contains(all, at.Name)
	})
	what := many
	if ps.Resource != nil {
		what = fmt.Sprintf("%s of %s", many, ps.Resource.Many)
	}
	s.Description = fmt.Sprintf("The %s %s keeps for its %s: each %s with its %s, status and dates.", what, g.Company.Name, cust.Plural, one, cust.Noun)
	if own {
		s.Description = fmt.Sprintf("The register of %s %s keeps of its own: each %s with its status and dates.", what, g.Company.Name, one)
	} else if ps.Counterpart != nil {
		s.Description = fmt.Sprintf("The %s %s keeps %s its %s: each %s with its %s, status and dates.", what, g.Company.Name, forWhom, party.Plural, one, party.Noun)
	}
	if len(ps.Attributes) > 0 && len(ps.Attributes[0].Values) > 0 {
		if ps.Attributes[0].Name == "authority" {
			s.Description += fmt.Sprintf(" Filed with %s.", strings.Join(ps.Attributes[0].Values, " and "))
		} else {
			s.Description += fmt.Sprintf(" Kinds: %s.", strings.Join(ps.Attributes[0].Values, ", "))
		}
	}

	// The resource booked or worked on, when the brief names one.
	var res *engine.Entity
	resTable := ""
	if ps.Resource != nil {
		r1, rm := ps.Resource.One, ps.Resource.Many
		resTable = s.Name + "_" + engine.Snake(rm)
		rp := idPrefix(r1)
		if rp == prefix {
			rp = "RES-"
		}
		// The columns follow what the thing is (lexicon.Nature): equipment
		// and vehicles (kayaks, vans, ferries) have a place and a
		// condition; goods sold or kept in stock ("spare parts", flour)
		// are stock lines with a quantity on hand and a unit price; what
		// is sold but never held (a season ticket, a class pack) has a
		// price only.
		lex := lexicon.Load()
		nature := engine.ResourceNature(r1, ps.Archetype)
		stock := nature == "goods" || lex.NounArchetype(r1) == "inventory" || lex.NounArchetype(engine.LastWord(r1)) == "inventory"
		physical := (nature == "equipment" || nature == "vehicle") && !stock
		rcols := []world.Column{kit.PK(), kit.Text("name", "Name or number of the "+r1+".")}
		if physical {
			rcols = append(rcols, kit.Opt(kit.Text("location", "Where it is.")), kit.Enum("condition", "Whether it can be used.", "available", "in_use", "out_of_service"))
		}
		switch {
		case stock:
			rcols = append(rcols, kit.Int("on_hand", "Units in stock."), kit.Money("unit_price", "Price of one "+r1))
		case !physical:
			rcols = append(rcols, kit.Money("unit_price", "Price of one "+r1))
		}
		var kinds []string
		for _, at := range ps.Resource.Attributes {
			if at.Name == "kind" && len(at.Values) > 0 {
				kinds = at.Values
				rcols = append(rcols, kit.Enum("kind", "What it is: "+strings.Join(at.Values, ", ")+".", at.Values...))
			}
		}
		s.Table(resTable, fmt.Sprintf("The %s of %s.", rm, g.Company.Name), rp, 4, rcols...)
		res = &engine.Entity{Service: s.Name, Table: resTable, Key: "id", Noun: r1, Plural: rm, Prefix: rp, Width: 4,
			Roles: map[string]engine.Role{"id": engine.Column("id"), "name": engine.Column("name")}}
		n := ps.Resource.Count
		if n <= 0 {
			n = 6 + g.R.IntN(10)
		}
		locs := g.Plan.Company.Locations
		// Stock lines are the industry's real goods at their own prices
		// ("Inner tubes 28\" (10)"), never "Spare part 3".
		// What is sold but never held (a season ticket, a guided tour) is
		// the industry's own offerings at their prices, those named like
		// it first: a priced line has a name, not "Guided tour 7".
		var goods []engine.Item
		switch {
		case stock:
			goods = stockLike(g, r1, kinds, ps.Archetype)
		case !physical:
			goods = offeringsLike(g, r1, kinds, ps.Archetype)
		}
		if goods != nil {
			n = min(n, len(goods))
		}
		for i := 1; i <= n; i++ {
			row := engine.Row{"id": res.ID(i), "name": fmt.Sprintf("%s %d", engine.LocalNoun(g.Locale.C.Locale, r1), i)}
			if physical {
				row["location"] = locs[i%len(locs)]
				row["condition"] = engine.Pick(g.R, []string{"available", "available", "available", "in_use", "out_of_service"})
			}
			if len(kinds) > 0 {
				row["kind"] = kinds[i%len(kinds)]
				row["name"] = fmt.Sprintf("%s %d", engine.LocalNoun(g.Locale.C.Locale, kinds[i%len(kinds)]), i)
			}
			switch {
			case stock:
				it := goods[i-1]
				// The list price: a line's price follows its size.
				row["name"], row["on_hand"], row["unit_price"] = it.Name, int64(g.R.IntN(40)), kit.ItemPrice(g, nil, it)
			case !physical:
				it := goods[i-1]
				row["name"], row["unit_price"] = it.Name, kit.ItemPrice(g, nil, it)
			}
			// A line named for one of the kinds is of that kind.
			for _, k := range kinds {
				if goods != nil && strings.HasPrefix(strings.ToLower(fmt.Sprint(row["name"])), strings.ToLower(k)) {
					row["kind"] = k
				}
			}
			// A line that is one of the catalogue's items is named as the
			// world's price list names it ("Child seat" in Greek).
			if goods != nil {
				row["name"] = g.Term(row["name"].(string))
			}
			res.Rows = append(res.Rows, row)
			g.AddRow(resTable, row)
		}
		if !g.ToolTaken("search_"+engine.Snake(rm)) && !physical {
			s.Tool(false, kit.Tool(s.Name, "search_"+engine.Snake(rm), "Search "+rm,
				fmt.Sprintf("Find %s by name.", rm),
				[]world.ArgSpec{kit.S("query", false, "Part of the name.")},
				kit.Search(resTable, []string{"id"}, nil, kit.FAny("query", "name"))))
		}
		if !g.ToolTaken("search_"+engine.Snake(rm)) && physical {
			s.Tool(false, kit.Tool(s.Name, "search_"+engine.Snake(rm), "Search "+rm,
				fmt.Sprintf("Find %s by name or condition.", rm),
				[]world.ArgSpec{kit.S("query", false, "Part of the name."), kit.A("condition", resTable+".condition", false, "")},
				kit.Search(resTable, []string{"id"}, nil, kit.FAny("query", "name"), kit.F("condition", "eq", "condition"))))
		}
		if !g.ToolTaken("set_"+engine.Snake(r1)+"_condition") && physical {
			s.Tool(false, kit.Tool(s.Name, "set_"+engine.Snake(r1)+"_condition", "Set the condition of "+engine.An(r1),
				fmt.Sprintf("Mark %s available, in use or out of service.", engine.An(r1)),
				[]world.ArgSpec{kit.S(engine.Snake(r1)+"_id", true, "e.g. "+res.ID(1)), kit.A("condition", resTable+".condition", true, "")},
				world.Step{Update: resTable, Key: "$" + engine.Snake(r1) + "_id", Set: map[string]any{"condition": "$condition"}, Message: fmt.Sprintf("No %s {%s_id}.", r1, engine.Snake(r1))}))
		}
	}

	dateCol := cmp.Or(a.Date, "due_on")
	dateIsTime := strings.HasSuffix(dateCol, "_at")
	cols := []world.Column{kit.PK(), kit.RefersTo("customer_id", cust.Table+".id", "The "+cust.Noun+" it is for (CRM id).")}
	if own {
		cols = cols[:1]
	} else if ps.Counterpart != nil {
		cols[1] = kit.Ref(partyCol, party.Table, "The "+party.Noun+" it is "+forWhom+".")
		if party.Service != s.Name {
			cols[1] = kit.RefersTo(partyCol, party.Table+".id", "The "+party.Noun+" it is "+forWhom+".")
		}
	}
	if res != nil {
		cols = append(cols, kit.Ref(engine.Snake(ps.Resource.One)+"_id", resTable, "The "+ps.Resource.One+"."))
	}
	if follows || ps.Precedes {
		cols = append(cols, kit.Opt(kit.RefersTo("source_ref", work.Table+".id", "The "+work.Noun+" it is for, if any.")))
	}
	for _, at := range ps.Attributes {
		c := world.Column{Name: at.Name, Type: at.Type, Description: attributeTitle(at.Name) + "."}
		if len(at.Values) > 0 {
			c.Enum = kit.Vals(at.Values...)
			c.Default = at.Values[len(at.Values)-1]
			c.Description = "Kind of " + one + ": " + strings.Join(at.Values, ", ") + "."
			if outcome(at.Name) {
				c.Description = attributeTitle(at.Name) + ": " + strings.Join(at.Values, ", ") + "."
				// (An event's outcome is known once it is done: empty
				// until then.)
				if !register {
					c.Nullable, c.Default = true, nil
					c.Description += " Empty until the " + one + " is " + strings.ReplaceAll(final, "_", " ") + "."
				}
			}
			if at.Name == "taken" {
				c.Description = "When it was taken: " + strings.Join(at.Values, " or ") + " the work."
			}
			if at.Name == "authority" {
				c.Default = at.Values[0]
				c.Description = "The authority it goes to: " + strings.Join(at.Values, ", ") + "."
			}
		} else if at.Type == "boolean" {
			c.Default = false
			c.Description = "Whether the " + one + " is " + strings.ReplaceAll(at.Name, "_", " ") + "."
		} else {
			c.Nullable = true
		}
		cols = append(cols, c)
	}
	if dateIsTime {
		cols = append(cols, kit.Datetime(dateCol, "When it is."))
	} else {
		cols = append(cols, kit.Date(dateCol, "Its date."))
	}
	if a.Money != "" {
		cols = append(cols, kit.Money(a.Money, engine.Title(strings.ReplaceAll(a.Money, "_", " "))))
	}
	cols = append(cols,
		kit.Enum("status", "Lifecycle: "+joinArrow(states)+cancelNote(a.Cancel)+".", all...),
		kit.Opt(kit.Text("notes", "Free notes.")),
		kit.Datetime("created_at", "When it was recorded."))
	s.Table(table, fmt.Sprintf("%s, one row per %s.", engine.Title(what), one), prefix, 5, cols...)

	// The email and name of whom a record is with are one hop away, so
	// that rules can name them (the invoice goes to the email on file).
	// A register of the business's own has nobody to name.
	roles := map[string]engine.Role{"id": engine.Column("id")}
	if party != nil {
		partyRows := func() []engine.Row { return party.Rows }
		roles[partyCol] = engine.Column(partyCol)
		roles["email"] = engine.Via(partyCol, party.Table, "email", partyRows)
		roles["name"] = engine.Via(partyCol, party.Table, "name", partyRows)
	}
	if a.Money != "" {
		roles["amount"] = engine.Column(a.Money)
	}
	// Records with someone other than a customer, or with nobody, are the
	// company's own business: nothing is written to a customer about them.
	e := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: roles,
		Internal: party != cust, Goods: engine.GoodsArchetype(ps.Archetype)}
	g.SetEntity("record:"+s.Name, e)

	when := func(d int) any {
		if dateIsTime {
			return g.At(d, float64(9+g.R.IntN(8)))
		}
		return g.Day(d)
	}
	amount := func() int64 {
		it := engine.Pick(g.R, g.Vocab.Items)
		return price(g, it.Min/2, it.Max)
	}
	var activeCust []engine.Row
	if party != nil {
		activeCust = kit.ActiveRows(party)
	}
	// The attributes that are a check's readings (temperature_c), once.
	reading := map[string]bool{}
	for _, at := range ps.Attributes {
		reading[at.Name] = lexicon.Load().IsReadingField(at.Name)
	}
	newRow := func(n int, status string, d int) engine.Row {
		r := engine.Row{"id": e.ID(n), dateCol: when(d), "status": status, "notes": "", "created_at": g.At(d-3-g.R.IntN(10), 10)}
		if party != nil {
			r[partyCol] = engine.Pick(g.R, activeCust)["id"]
		}
		if res != nil {
			r[engine.Snake(ps.Resource.One)+"_id"] = engine.Pick(g.R, res.Rows)["id"]
		}
		if follows {
			r["source_ref"] = nil
		}
		for _, at := range ps.Attributes {
			// ("result", "temperature_c": a check not done yet has none.)
			if !register && status != final && (len(at.Values) > 0 && outcome(at.Name) || reading[at.Name]) {
				r[at.Name] = nil
				continue
			}
			if len(at.Values) > 0 {
				r[at.Name] = engine.Pick(g.R, at.Values)
			} else if at.Type == "boolean" && engine.Approval(at.Name) {
				r[at.Name] = engine.Extra{Name: at.Name, Type: at.Type}.Value(g, nil, engine.StageIn(states, a.Cancel, status))
			} else {
				r[at.Name] = fieldValue(g, at)
			}
		}
		if a.Money != "" {
			r[a.Money] = amount()
		}
		return r
	}
	n := g.Volume("records")
	if ps.Entity.Count > 0 {
		// The brief's own count, "35 horses", up to what an agent can
		// page through ("12,000 palms" are a register of 500 of them).
		n = min(ps.Entity.Count, maxRegisterRows)
	}
	// A credential a person holds (engine.HeldLifecycle) was issued over
	// the last years and is valid for one to three years from then: the
	// pending ones are recent, the verified ones not yet expired.
	held := slices.Equal(states, engine.HeldLifecycle().States)
	for i := 1; i <= n; i++ {
		d := g.R.IntN(60) - 40
		// A register's animals, rooms and machines came over the firm's
		// years, not all in the last month.
		if register && !engine.GoodsArchetype(ps.Archetype) {
			d = -30 - g.R.IntN(1800)
		}
		if held {
			d = -g.R.IntN(900)
		}
		status := states[0]
		switch {
		case register && !engine.GoodsArchetype(ps.Archetype):
			// A register's animals and equipment are mostly in use; a few
			// have moved on.
			if x := g.R.IntN(10); x >= 9 {
				status = final
			} else if x >= 7 {
				status = states[min(1, len(states)-1)]
			}
		case d < -10:
			status = final
		case d < 0:
			status = states[min(1, len(states)-1)]
		}
		if a.Cancel != "" && g.R.IntN(10) == 0 {
			status = a.Cancel
		}
		if held && status == final && d > -15 {
			status = states[0] // (checked in the last fortnight: still pending)
		}
		if held && d < -15 && status == states[0] {
			status = final
		}
		row := newRow(i, status, d)
		if _, ok := row["expiry_date"]; ok && held {
			exp := d + 365*(1+g.R.IntN(3))
			for exp < 15 {
				exp += 365
			}
			row["expiry_date"] = g.Day(exp)
		}
		e.Rows = append(e.Rows, row)
		g.AddRow(table, row)
	}

	// Tools.
	idArg := o + "_id"
	fields := []string{"id", partyCol, dateCol, "status"}
	filters := []world.Filter{kit.F(partyCol, "eq", partyCol), kit.F("status", "eq", "status")}
	args := []world.ArgSpec{kit.S(partyCol, false, partyHelp), kit.A("status", table+".status", false, "")}
	by := "by status"
	if own {
		fields, filters, args = []string{"id", dateCol, "status"}, filters[1:], args[1:]
	} else {
		by = "by " + party.Noun + ", status"
	}
	if follows || ps.Precedes {
		fields = append(fields, "source_ref")
		filters = append(filters, kit.F("source_ref", "eq", "source_ref"))
		args = append(args, kit.S("source_ref", false, "Id of the "+work.Noun+"."))
	}
	s.Tool(true, kit.Tool(s.Name, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s %s or %s. Returns id (like %s), %s.", many, by, work.Noun, e.ID(1), strings.Join(fields[1:], ", ")),
		args, kit.Search(table, []string{"-" + dateCol, "id"}, fields, filters...)))
	s.Tool(true, kit.Tool(s.Name, "get_"+o, "Get "+engine.An(one), fmt.Sprintf("Read one %s by id, with all its details.", one),
		[]world.ArgSpec{kit.S(idArg, true, "e.g. "+e.ID(1))},
		kit.Get(table, idArg, "", fmt.Sprintf("No %s {%s}; search_%s finds ids.", one, idArg, m))))
	cargs := []world.ArgSpec{kit.S(partyCol, true, partyHelp), kit.A(dateCol, table+"."+dateCol, true, "")}
	cvals := map[string]any{partyCol: "$" + partyCol, dateCol: "$" + dateCol, "notes": "$notes", "created_at": "$now"}
	newFor := ""
	if own {
		cargs = cargs[1:]
		delete(cvals, partyCol)
	} else {
		newFor = " " + forWhom + " " + engine.An(party.Noun)
	}
	if res != nil {
		k := engine.Snake(ps.Resource.One) + "_id"
		cargs = append(cargs, kit.S(k, true, "Id of the "+ps.Resource.One+"."))
		cvals[k] = "$" + k
	}
	if follows || ps.Precedes {
		cargs = append(cargs, kit.S("source_ref", false, "Id of the "+work.Noun+" it is for."))
		cvals["source_ref"] = "$source_ref"
	}
	for _, at := range ps.Attributes {
		cargs = append(cargs, kit.A(at.Name, table+"."+at.Name, false, ""))
		cvals[at.Name] = "$" + at.Name
	}
	if a.Money != "" {
		cargs = append(cargs, world.ArgSpec{Name: a.Money, Type: "integer", Required: true, Minimum: kit.NumPtr(0), Description: "In minor units (e.g. cents)."})
		cvals[a.Money] = "$" + a.Money
	}
	cargs = append(cargs, kit.S("notes", false, "Free notes."))
	s.Tool(true, kit.Tool(s.Name, "create_"+o, "Create "+engine.An(one),
		fmt.Sprintf("Record a new %s%s; it starts as %s. Returns it with its id.", one, newFor, said(states[0])), cargs, kit.Insert(table, "", cvals)))
	trans := map[string][]string{}
	for i, st := range states[:len(states)-1] {
		trans[st] = []string{states[i+1]}
		if a.Cancel != "" {
			trans[st] = append(trans[st], a.Cancel)
		}
	}
	s.Tool(true, kit.Tool(s.Name, "set_"+o+"_status", "Move "+engine.An(one)+" along",
		fmt.Sprintf("Change the status of %s, one step at a time: %s%s.", engine.An(one), joinArrow(states), cancelNote(a.Cancel)),
		[]world.ArgSpec{kit.S(idArg, true, ""), kit.A("status", table+".status", true, "The new status.")},
		kit.Get(table, idArg, "cur", fmt.Sprintf("No %s {%s}.", one, idArg)),
		world.Step{Update: table, Key: "$" + idArg, Set: map[string]any{"status": "$status"}, Transitions: &world.Transitions{Column: "status", Allowed: trans}}))

	// Event: a record reaches its final state.
	before := states[len(states)-2]
	s.Events = append(s.Events, &engine.Event{
		Entity: e, Name: final, Kind: finalKind,
		When:    fmt.Sprintf("%s is marked %s", engine.An(one), strings.ReplaceAll(final, "_", " ")),
		Where:   map[string]any{"status": final},
		InState: func(r engine.Row) bool { return r["status"] == final },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			r := newRow(tc.FreshID(table), before, 0)
			r["created_at"] = g.At(-2, 11)
			return r
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "set_" + o + "_status", Args: map[string]any{idArg: r["id"], "status": final}}}
		},
		Ask: recordAsks(one, final, party != nil),
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{{Description: fmt.Sprintf("The %s is %s.", one, final), Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "status", Equals: final}}}
		},
		Touches: func(r engine.Row) []world.Change {
			return []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}}
		},
	})

	// Action: a record is due for each finished item of the line of work,
	// or, where it must precede the work (a deposit, a waiver), for each
	// item confirmed.
	if (follows || ps.Precedes) && party != nil {
		// A record with a counterpart is with one of them (the first
		// active), not with the work's customer.
		needs := []string{"id", "customer_id", "date"}
		partyOf := func(up *engine.Entity, r engine.Row) any { return up.Val("customer_id", r) }
		match := func(up *engine.Entity, r engine.Row) map[string]any {
			return map[string]any{"source_ref": r[up.Key], "customer_id": up.Val("customer_id", r)}
		}
		if ps.Counterpart != nil {
			needs = []string{"id", "date"}
			partyOf = func(*engine.Entity, engine.Row) any { return activeCust[0]["id"] }
			match = func(up *engine.Entity, r engine.Row) map[string]any { return map[string]any{"source_ref": r[up.Key]} }
		}
		then := strings.NewReplacer("{an_entity}", engine.An(one), "{service}", s.Title).Replace(cmp.Or(a.Then, "{an_entity} must be recorded in {service} for it"))
		on := []string{"done"}
		if ps.Precedes {
			on, then = []string{"confirmed"}, then+" before it goes ahead"
		}
		// Due within some days of the item's own date.
		window := ps.Follows && dueDays > 0
		dueOf := func(up *engine.Entity, r engine.Row) any {
			if d, ok := daysAfter(up.Val("date", r), dueDays, dateIsTime); window && ok {
				return d
			}
			return recordDate(g, dateIsTime)
		}
		s.Actions = append(s.Actions, &engine.Action{
			// "date" is a role only the line of work's items have: a record
			// follows the business's own work, not another record.
			Service: s.Name, Name: one + " " + thenVerb(a.Then), Needs: needs, On: on,
			Then: then + ", with the {noun} id as its source reference" + dueNote(window, dueDays),
			Rule: func(up *engine.Entity) *world.RuleThen {
				k := engine.KeysOf(up).Eq("source_ref", "id")
				if ps.Counterpart == nil {
					k = k.Eq("customer_id", "customer_id")
				}
				rt := k.In(table, "", nil)
				if rt != nil && window && up.Roles["date"].Path != "" {
					rt.Within = &world.RuleWindow{Column: dateCol, After: up.Roles["date"].Path, Days: float64(dueDays)}
				}
				return rt
			},
			Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
				args := map[string]any{partyCol: partyOf(up, r), dateCol: dueOf(up, r), "source_ref": r[up.Key]}
				if res != nil {
					args[engine.Snake(ps.Resource.One)+"_id"] = res.Rows[0]["id"]
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
			Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
				return []world.Assertion{{Description: fmt.Sprintf("A %s is recorded for it.", one),
					Exists: &world.RowMatch{Table: table, Where: match(up, r)}}}
			},
			Touches: []world.Change{{Table: table, Ops: []string{"insert"}}},
			Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
				for _, x := range e.Rows {
					if x["source_ref"] == r[up.Key] {
						return
					}
				}
				row := newRow(len(g.Rows(table))+1, states[0], -1)
				row[partyCol], row["source_ref"] = partyOf(up, r), r[up.Key]
				if window {
					row[dateCol] = dueOf(up, r)
				}
				e.Rows = append(e.Rows, row)
				g.AddRow(table, row)
			},
		})
	}

	// Chore: move an open record one step along.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: cmp.Or(g.Vocab.Staff.One, "coordinator"), Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		var open []engine.Row
		for _, r := range e.Rows {
			if r["status"] == states[0] {
				open = append(open, r)
			}
		}
		if len(open) == 0 {
			return engine.Task{}, false
		}
		r := engine.Pick(tc.R, open)
		// Moving a record into its final state is an event policies react
		// to; a chore stays inside the service, so it stops short of it
		// (or cancels, where the lifecycle is only two steps long).
		to, title_, ask := states[1], "advance "+one, "%s %s%s is %s now. Please update it."
		if len(states) <= 2 {
			if a.Cancel == "" {
				return engine.Task{}, false
			}
			to, title_, ask = a.Cancel, "cancel "+one, "%s %s%s is not needed any more: mark it %s."
		}
		whose := ""
		checks := []world.Assertion{{Description: "It is " + said(to) + ".", Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "status", Equals: to}}}
		if party != nil {
			whose = " " + forWhom + " " + fmt.Sprint(kit.Lookup(party, r[partyCol], "name"))
			checks = append(checks, world.Assertion{Description: "It is still " + forWhom + " the same " + party.Noun + ".", Role: world.RoleConstraint, Field: &world.FieldMatch{Table: table, Key: r["id"], Column: partyCol, Equals: r[partyCol]}})
		} else {
			checks = append(checks, world.Assertion{Description: "Its date is unchanged.", Role: world.RoleConstraint, Field: &world.FieldMatch{Table: table, Key: r["id"], Column: dateCol, Equals: r[dateCol]}})
		}
		return engine.Task{
			Title:       title_,
			Instruction: fmt.Sprintf(ask, engine.Title(one), r["id"], whose, said(to)),
			Calls:       []world.Call{{Tool: "set_" + o + "_status", Args: map[string]any{idArg: r["id"], "status": to}}},
			Assertions:  checks,
			MayChange:   []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}},
			Services:    []string{s.Name},
		}, true
	}})
}

// fieldValue seeds an attribute the brief named without values: dates
// and reference numbers are made up; free text is left empty rather than
// filled with words that mean nothing ("breed: Hauptstraße").
func fieldValue(g *engine.Gen, at engine.PlanAttribute) any {
	switch at.Type {
	case "date", "datetime", "integer", "real", "boolean", "email":
		return engine.Extra{Name: at.Name, Type: at.Type}.Value(g, nil, seed.NoStage)
	}
	if v, ok := engine.ReferenceValue(g, at.Name); ok {
		return v
	}
	// A site of the business ("three branches"): in its home city, where
	// a brief that counts its branches mostly has them.
	if at.Name == "address" {
		return g.Locale.AddressIn(g.Locale.Home)
	}
	// A column a seed rule names ("checked_by": a person; "harvest_area":
	// a place near the firm).
	if r, ruled := seed.RuleForType(at.Name, at.Type); ruled && (r.Kind == seed.PersonName || r.Kind == seed.City) {
		return engine.Extra{Name: at.Name, Type: at.Type}.Value(g, nil, seed.NoStage)
	}
	// A party the brief names beside the record ("from the designer").
	if k := engine.PartyKind(at.Name, at.Type); k != "" {
		if _, ruled := seed.RuleForType(at.Name, at.Type); !ruled {
			return g.Locale.Src().Value(at.Name, seed.Rule{Kind: k}, "text", nil, seed.NoStage)
		}
	}
	return nil
}

// builderKeeps reports whether a registered builder of the plan, built
// later, keeps records of that noun itself (procurement's purchase orders)
// and so will offer the tools named after it.
func builderKeeps(p *engine.Plan, one string) bool {
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

func recordDate(g *engine.Gen, dateTime bool) string {
	if dateTime {
		return g.At(1, 10)
	}
	return g.Day(1)
}

// price draws an amount in the company currency's minor units from a
// EUR-equivalent range, rounded to whole major units.
func price(g *engine.Gen, lo, hi float64) int64 {
	p := lo + g.R.Float64()*(hi-lo)
	return max(1, int64(math.Round(p*engine.EurRate(g.Locale.C.Currency)))) * engine.MinorPerMajor(g.Locale.C.CurrencyDigits)
}

// maxParties is the most counterparts a world seeds, whatever the brief
// counts: enough to search, few enough to read; maxStaff the most of
// those who do the line of work.
const (
	maxParties = 500
	maxStaff   = 60
)

// buildCounterparts makes the table of whom a service's records are with
// when they are not customers (the mills purchase orders go to), with a
// handful of rows named the way the country names such a firm, or a
// person where the noun is one ("farmers").
func buildCounterparts(g *engine.Gen, s *engine.Svc, n *engine.PlanNoun) *engine.Entity {
	table := s.Name + "_" + engine.Snake(n.Many)
	prefix := idPrefix(n.One)
	for _, e := range g.Entities {
		if e != nil && e.Prefix == prefix {
			prefix = "CP-"
			break
		}
	}
	s.Table(table, fmt.Sprintf("The %s %s deals with.", n.Many, g.Company.Name), prefix, 3,
		kit.PK(), kit.Text("name", "Name of the "+n.One+"."), kit.Unique(kit.Email("email", "Orders go to this address.")), kit.Text("phone", "Phone."), kit.Text("city", "City."),
		kit.Enum("status", "Whether we still deal with them.", "active", "inactive"))
	e := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: n.One, Plural: n.Many, Prefix: prefix, Width: 3, Internal: true,
		Roles: map[string]engine.Role{"id": engine.Column("id"), "name": engine.Column("name"), "email": engine.Column("email")}}
	// People hired for the work ("porters", a crew) are named as people,
	// as are the counterparts the lexicon knows are people (farmers).
	lex := lexicon.Load()
	person := lex.Nature(n.One) == "person" || lex.ScaleKind(n.One) == "staff" || lex.ScaleKind(engine.LastWord(n.One)) == "staff"
	// Named as the country names such a firm: the industry of the noun
	// when the catalog has it ("grocery stores"), else a wholesaler's.
	ind, _ := catalog.IndustryByID("wholesale-distribution")
	if own, ok := engine.FirmsOf(n.One, g.Locale.C); ok {
		ind = own
	}
	seen := map[string]bool{}
	// As many as the brief counts ("from 150 smallholders", up to
	// maxParties), else a handful (drawn at every step, as worlds have
	// always been).
	more := func(i int) bool { return i <= 3+g.R.IntN(4) }
	if n.Count > 0 {
		more = func(i int) bool { return i <= min(n.Count, maxParties) }
	}
	for i := 1; more(i); i++ {
		city := g.Locale.City()
		var name, email string
		for try := 0; name == "" || seen[name]; try++ {
			if try == 20 {
				// A pool this world has drawn dry: the next of a name.
				name, email = fmt.Sprintf("%s (%d)", name, i), strings.Replace(email, "@", fmt.Sprintf(".%d@", i), 1)
				break
			}
			if person {
				given, family, full := g.Locale.C.PersonName(g.R)
				name, email = full, g.Locale.Email(given, family, "mail"+g.Locale.C.EmailTLD)
			} else {
				name = g.Locale.C.CompanyName(g.R, ind)
				email = g.Locale.Email("orders", "", g.Locale.DomainFor(name))
			}
		}
		seen[name] = true
		status := "active"
		if i > 2 && g.R.IntN(5) == 0 {
			status = "inactive"
		}
		r := engine.Row{"id": e.ID(i), "name": name, "email": email, "phone": g.Locale.PhoneIn(city), "city": city, "status": status}
		e.Rows = append(e.Rows, r)
		g.AddRow(table, r)
	}
	return e
}

// offeringsLike returns the industry's offerings whose name holds the
// noun's head ("guided tour": "Guided tour, half day"); when none does,
// the price list a composed world would have for the noun (see
// engine.PriceList: "Season ticket, adult", "…, concession"), a line per
// kind.
func offeringsLike(g *engine.Gen, noun string, kinds []string, archetype string) []engine.Item {
	head := strings.ToLower(engine.LastWord(noun))
	offers := kit.Offerings(g)
	var like []engine.Item
	for _, it := range offers {
		if strings.Contains(strings.ToLower(it.English()), head) {
			like = append(like, it)
		}
	}
	if len(like) > 0 {
		return like
	}
	return engine.LocalPriceList(g.Locale.C.Locale, g.Locale.C.Currency, noun, kinds, archetype)
}

// recordAsks are how a colleague asks for a record to reach its final
// state: "Batch BAT-00012 is ready now", with whom it is with when it is
// with someone.
func recordAsks(one, final string, withParty bool) []string {
	if !withParty {
		return []string{
			fmt.Sprintf("%s {id} is %s now. Please record it.", engine.Title(one), said(final)),
			fmt.Sprintf("Please mark %s {id} as %s.", one, said(final)),
		}
	}
	return []string{
		fmt.Sprintf("%s {id} for {name} is %s now. Please record it.", engine.Title(one), said(final)),
		fmt.Sprintf("Please mark %s {id} ({name}) as %s.", one, said(final)),
	}
}

// thenVerb is the verb of an archetype's policy clause, for the name of
// the action ("{an_entity} must be filed in …" → "filed"), "recorded"
// when the clause has none.
func thenVerb(then string) string {
	_, rest, ok := strings.Cut(then, " must be ")
	if !ok {
		return "recorded"
	}
	verb, _, _ := strings.Cut(rest, " in ")
	return cmp.Or(strings.TrimSpace(verb), "recorded")
}

// sourceParty finds a party the brief names as where a service's records
// come from ("collect donations from grocery stores": an attribute
// grocery_store the phrase puts after "from"): the records are with that
// party, so it becomes the service's counterpart and leaves the
// attributes.
func sourceParty(ps engine.PlanService) (*engine.PlanNoun, []engine.PlanAttribute) {
	lex := lexicon.Load()
	words := strings.Fields(strings.ToLower(ps.From))
	for i, at := range ps.Attributes {
		if len(at.Values) > 0 || engine.PartyKind(at.Name, at.Type) == "" {
			continue
		}
		name := strings.Fields(strings.ReplaceAll(at.Name, "_", " "))
		for j := 0; j+len(name) < len(words); j++ {
			if !engine.SourceCue(words[j]) {
				continue
			}
			k := j + 1
			for k < len(words) && lex.Is("det", words[k]) {
				k++
			}
			if k+len(name) > len(words) || strings.Join(words[k:k+len(name)-1], " ") != strings.Join(name[:len(name)-1], " ") ||
				lex.Singular(strings.Trim(words[k+len(name)-1], ".,;")) != name[len(name)-1] {
				continue
			}
			one := strings.Join(name, " ")
			rest := slices.Delete(slices.Clone(ps.Attributes), i, i+1)
			return &engine.PlanNoun{One: one, Many: lex.Plural(one), From: ps.From}, rest
		}
	}
	return nil, ps.Attributes
}

// stockLike returns the industry's stock lines of the noun or its kinds
// ("cables" and "consumer units" of an electrician); when none is, the
// noun's own lines as a composed price list has them ("Cable, pack of
// 3"), never the office supplies any business keeps (a register of
// cables named "Toner cartridge").
func stockLike(g *engine.Gen, noun string, kinds []string, archetype string) []engine.Item {
	heads := []string{strings.ToLower(engine.LastWord(noun))}
	for _, k := range kinds {
		heads = append(heads, strings.ToLower(engine.LastWord(k)))
	}
	var like []engine.Item
	for _, it := range kit.StockItemsOf(g) {
		if slices.ContainsFunc(heads, func(h string) bool { return strings.Contains(strings.ToLower(it.Name), h) }) {
			like = append(like, it)
		}
	}
	if len(like) > 0 {
		return like
	}
	// Its kinds name it better than the noun does; their lines take turns,
	// so that a short register has some of each.
	names := kinds
	if len(names) == 0 {
		names = []string{noun}
	}
	var lists [][]engine.Item
	total := 0
	for _, n := range names {
		lists = append(lists, engine.LocalPriceList(g.Locale.C.Locale, g.Locale.C.Currency, n, nil, archetype))
		total += len(lists[len(lists)-1])
	}
	var out []engine.Item
	for i := 0; len(out) < total; i++ {
		l := lists[i%len(lists)]
		if j := i / len(lists); j < len(l) {
			out = append(out, l[j])
		}
	}
	return out
}

// dueWithin is the days a filing is due within of what it is for (the
// plan's due_within, "10 days"), 0 when the plan gives none.
func dueWithin(attrs []engine.PlanAttribute) int {
	for _, at := range attrs {
		if at.Name == "due_within" && len(at.Values) > 0 {
			if n, err := strconv.Atoi(strings.Fields(at.Values[0] + " x")[0]); err == nil && n > 0 {
				return n
			}
		}
	}
	return 0
}

// daysAfter is the date (or date-time) n days after a date or date-time
// value.
func daysAfter(v any, n int, dateTime bool) (string, bool) {
	s, ok := v.(string)
	if !ok || len(s) < 10 {
		return "", false
	}
	d, err := time.Parse("2006-01-02", s[:10])
	if err != nil {
		return "", false
	}
	d = d.AddDate(0, 0, n)
	if dateTime {
		return d.Add(9 * time.Hour).Format(time.RFC3339), true
	}
	return d.Format("2006-01-02"), true
}

// dueNote is the policy's word for a due date counted from the item's.
func dueNote(window bool, days int) string {
	if !window {
		return ""
	}
	return fmt.Sprintf(", due within %d days of the {noun}'s date", days)
}

// yesNoWords are the names of the yes/no attributes, as words: what the
// brief says is done to each record ("approved", "signed off").
func yesNoWords(attrs []engine.PlanAttribute) string {
	var out []string
	for _, at := range attrs {
		if at.Type == "boolean" {
			out = append(out, strings.ReplaceAll(at.Name, "_", " "))
		}
	}
	return strings.Join(out, " ")
}
