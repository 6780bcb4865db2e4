package archetypes

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/lexicon"
	"github.com/mercury/mcp-world/planet/seed"

	"github.com/mercury/mcp-world/world"
)

func init() {
	engine.Register(&engine.ServiceDef{Name: "crm", Title: "CRM", Layer: engine.LayerCustomers, Folder: "customers", Personas: []string{"account manager", "sales manager"}, Build: buildCRM})
}

// idPrefix makes "PAT-" from "patient".
func idPrefix(noun string) string {
	a := strings.ToUpper(engine.ASCIIFold(noun))
	if len(a) < 3 {
		a += "XXX"
	}
	return a[:3] + "-"
}

func buildCRM(g *engine.Gen, s *engine.Svc) {
	v := g.Vocab.Customer
	s.Title = "CRM"
	s.Description = fmt.Sprintf("The customer records of %s: every %s with contact details and status, and notes.", g.Company.Name, v.One)
	table := "crm_" + engine.Snake(v.Many)
	prefix := idPrefix(v.One)
	cols := []world.Column{
		kit.PK(),
		kit.Text("name", "Full name of the "+v.One+"."),
		kit.Unique(kit.Email("email", "Email address on file.")),
		kit.Text("phone", "Phone number, international format."),
		kit.Text("city", "City."),
		kit.Enum("status", "Relationship status.", "active", "inactive"),
	}
	// The plan says whether the customers are organisations ("supply
	// cafés and hotels"); a pack's word for them may say so too. A noun
	// that records a date of birth is people, whatever it is called.
	// The reader's own default ("customers are customers", From empty)
	// says nothing: a parish's or a karaoke bar's customers are people
	// unless the brief names firms.
	// Nor do the general words: "customers book a cleaning", "clients
	// book cuts" name no firms.
	named := g.Plan.Customer.From != "" && !engine.GeneralCustomer(v.One)
	org := (g.Plan.Customer.Organisation || engine.B2B(v.One) && named) && !hasDateOfBirth(v)
	// "for households and shops": some kinds of customer are people, and
	// their rows are named as people are, among the firms.
	people := personKinds(g)
	if org {
		cols[1].Description = "Company name of the " + v.One + "."
		contact := kit.Text("contact_person", "Main contact at the "+v.One+".")
		if len(people) > 0 {
			cols[1].Description = "Name of the " + v.One + ": the company's, or the person's for " + strings.Join(pluralAll(people), " and ") + "."
			contact = kit.Opt(kit.Text("contact_person", "Main contact at the "+v.One+", for a company."))
		}
		cols = append(cols, contact)
		if tax, ok := seed.TaxOf(g.Company.Country); ok {
			cols = append(cols, kit.Opt(withKind(kit.Text("tax_id", "Tax number ("+tax.TaxIDLabel+")."), seed.TaxID)))
		}
	}
	cols = append(cols, v.Columns()...)
	cols = append(cols, kit.Date("since", "Customer since."))
	s.Table(table, fmt.Sprintf("%s of %s.", engine.Title(v.Many), g.Company.Name), prefix, 5, cols...)

	e := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: v.One, Plural: v.Many, Prefix: prefix, Width: 5,
		Roles: map[string]engine.Role{"id": engine.Column("id"), "name": engine.Column("name"), "email": engine.Column("email"), "customer_id": engine.Column("id")}}
	// Customers of a trade the catalog knows are named as that trade
	// names its firms: a garage is no funeral home.
	own, ownTrade := engine.FirmsOf(v.One, g.Locale.C)
	if tr, ok := catalog.IndustryNamed(v.Many); ok && !ownTrade {
		own, ownTrade = tr, true
	}
	n := g.Volume("customers")
	for i := 1; i <= n; i++ {
		name, email := g.Locale.Person("")
		if org {
			// Named in its own city: no "Aare …" firm in Genève.
			city := g.Locale.City()
			ind := own
			if !ownTrade {
				ind = engine.RandomIndustry(g)
			}
			company := g.Locale.C.CompanyNameIn(g.R, ind, city)
			r := engine.Row{"id": e.ID(i), "name": company, "contact_person": name, "email": g.Locale.Email("info", "", g.Locale.DomainFor(company)),
				"city": city, "status": "active", "since": g.Day(-30 - g.R.IntN(1500))}
			if tax, ok := seed.TaxOf(g.Company.Country); ok {
				r["tax_id"] = tax.TaxID(g.R)
			}
			_ = email
			e.Rows = append(e.Rows, r)
		} else {
			domain := engine.Pick(g.R, []string{"gmail.com", "outlook.com", "yahoo.com", "icloud.com", "proton.me"})
			given, family, full := g.Locale.C.PersonName(g.R)
			_ = name
			e.Rows = append(e.Rows, engine.Row{"id": e.ID(i), "name": full, "email": g.Locale.Email(given, family, domain),
				"city": g.Locale.City(), "status": "active", "since": g.Day(-30 - g.R.IntN(1500))})
		}
		r := e.Rows[len(e.Rows)-1]
		r["phone"] = g.Locale.PhoneIn(r["city"].(string))
		if g.R.IntN(8) == 0 {
			r["status"] = "inactive"
		}
		for _, x := range v.Extra {
			r[x.Name] = x.Value(g, r, seed.NoStage)
		}
		kindName(g, g.R, r, org)
		if kind, _ := r["kind"].(string); org && slices.Contains(people, kind) {
			given, family, full := g.Locale.C.PersonName(g.R)
			domain := engine.Pick(g.R, []string{"gmail.com", "outlook.com", "yahoo.com", "icloud.com", "proton.me"})
			r["name"], r["email"], r["contact_person"] = full, g.Locale.Email(given, family, domain), nil
			delete(r, "tax_id")
		}
	}
	for _, r := range e.Rows {
		tablesAdd(g, s, table, r)
	}
	g.SetEntity("customer", e)

	many, one := engine.Snake(v.Many), engine.Snake(v.One)
	searchArgs := []world.ArgSpec{kit.S("query", false, "Part of the name, email or city."), kit.A("status", table+".status", false, "")}
	filters := []world.Filter{kit.FAny("query", "name", "email", "city"), kit.F("status", "eq", "status")}
	for _, x := range v.Extra {
		if len(x.Values) > 0 {
			searchArgs = append(searchArgs, kit.A(x.Name, table+"."+x.Name, false, ""))
			filters = append(filters, kit.F(x.Name, "eq", x.Name))
			break
		}
	}
	s.Tool(true, kit.Tool(s.Name, "search_"+many, "Search "+v.Many,
		fmt.Sprintf("Find %s by name, email or city. Returns id (like %s00001), name, email, phone, city and status; page with cursor.", v.Many, prefix),
		searchArgs, kit.Search(table, []string{"name"}, []string{"id", "name", "email", "phone", "city", "status"}, filters...)))
	s.Tool(true, kit.Tool(s.Name, "get_"+one, "Get "+engine.An(v.One),
		fmt.Sprintf("Read the full record of one %s by id.", v.One),
		[]world.ArgSpec{kit.S(one+"_id", true, "The "+v.One+" id, e.g. "+e.ID(1)+".")},
		kit.Get(table, one+"_id", "", fmt.Sprintf("No %s {%s_id}; search_%s finds ids.", v.One, one, many))))
	s.Tool(false, kit.Tool(s.Name, "find_"+one+"_by_email", "Find a "+v.One+" by email",
		fmt.Sprintf("Read the %s record that has this email address, if any.", v.One),
		[]world.ArgSpec{kit.A("email", table+".email", true, "")},
		world.Step{Get: table, Where: map[string]any{"email": "$email"}, Message: fmt.Sprintf("No %s has email {email}.", v.One)}))
	createArgs := []world.ArgSpec{kit.S("name", true, cols[1].Description), kit.A("email", table+".email", true, ""), kit.S("phone", true, "International format, e.g. "+g.Locale.Phone()+"."), kit.S("city", true, "")}
	values := map[string]any{"name": "$name", "email": "$email", "phone": "$phone", "city": "$city", "since": "$today"}
	if org {
		createArgs = append(createArgs, kit.S("contact_person", true, "Main contact."))
		values["contact_person"] = "$contact_person"
	}
	for _, x := range v.Extra {
		createArgs = append(createArgs, kit.A(x.Name, table+"."+x.Name, true, ""))
		values[x.Name] = "$" + x.Name
	}
	s.Tool(false, kit.Tool(s.Name, "create_"+one, "Register "+engine.An(v.One),
		fmt.Sprintf("Create a new %s record. Fails if the email is already on file (search first). Returns the new record with its id.", v.One),
		createArgs,
		world.Step{Absent: table, Where: map[string]any{"email": "$email"}, As: "dup", Message: fmt.Sprintf("%s {dup.id} already has email {email}; update that record instead.", engine.Title(v.One))},
		kit.Insert(table, "", values)))
	s.Tool(false, kit.Tool(s.Name, "update_"+one, "Update "+engine.An(v.One),
		fmt.Sprintf("Change the contact details or status of a %s. Give only what changes.", v.One),
		[]world.ArgSpec{kit.S(one+"_id", true, ""), kit.A("email", table+".email", false, ""), kit.S("phone", false, ""), kit.S("city", false, ""), kit.A("status", table+".status", false, "")},
		world.Step{Update: table, Key: "$" + one + "_id", Set: map[string]any{"email": "$email", "phone": "$phone", "city": "$city", "status": "$status"},
			Message: fmt.Sprintf("No %s {%s_id}.", v.One, one)}))

	// Notes on customer records.
	notes := "crm_" + one + "_notes"
	s.Table(notes, fmt.Sprintf("Notes on %s records: calls, visits, agreements.", v.One), "NOTE-", 5,
		kit.PK(), kit.Ref(one+"_id", table, "The "+v.One+"."), kit.Text("body", "The note."), kit.Text("author", "Who wrote it."), kit.Datetime("created_at", "When."))
	for i := 0; i < len(e.Rows)/3; i++ {
		r := engine.Pick(g.R, e.Rows)
		author, _ := g.Locale.Person("")
		tablesAdd(g, s, notes, engine.Row{"id": fmt.Sprintf("NOTE-%05d", len(g.Rows(notes))+1), one + "_id": r["id"], "author": author,
			"body":       engine.Pick(g.R, g.Locale.Lex().Sentences("crm_note")),
			"created_at": g.At(-g.R.IntN(60), 9+float64(g.R.IntN(8)))})
	}
	s.Tool(false, kit.Tool(s.Name, "add_"+one+"_note", "Add a note to "+engine.An(v.One),
		fmt.Sprintf("Write a note on a %s's record (a call, an agreement, a complaint). Returns the note.", v.One),
		[]world.ArgSpec{kit.S(one+"_id", true, ""), kit.S("body", true, "The note."), kit.S("author", true, "Your name.")},
		kit.Get(table, one+"_id", "c", fmt.Sprintf("No %s {%s_id}.", v.One, one)),
		kit.Insert(notes, "", map[string]any{one + "_id": "$" + one + "_id", "body": "$body", "author": "$author", "created_at": "$now"})))
	s.Tool(false, kit.Tool(s.Name, "list_"+one+"_notes", "Read "+engine.An(v.One)+"'s notes", "Notes on one record, newest first.",
		[]world.ArgSpec{kit.S(one+"_id", true, "")},
		kit.Search(notes, []string{"-created_at"}, nil, kit.F(one+"_id", "eq", one+"_id"))))

	// Consent register: what each customer agreed to be contacted by.
	consents := "crm_" + one + "_consents"
	s.Table(consents, fmt.Sprintf("Marketing consent of each %s per channel, as last recorded.", v.One), "CNS-", 5,
		kit.PK(), kit.Ref(one+"_id", table, "The "+v.One+"."), kit.Enum("channel", "Contact channel.", "email", "sms", "phone", "post"),
		kit.Bool("granted", "True when the "+v.One+" agreed.", false), kit.Date("recorded_on", "When it was recorded."))
	for _, r := range e.Rows {
		if g.R.IntN(2) == 0 {
			tablesAdd(g, s, consents, engine.Row{"id": fmt.Sprintf("CNS-%05d", len(g.Rows(consents))+1), one + "_id": r["id"],
				"channel": engine.Pick(g.R, []string{"email", "sms", "phone", "post"}), "granted": g.R.IntN(3) != 0, "recorded_on": g.Day(-g.R.IntN(700))})
		}
	}
	s.Tool(false, kit.Tool(s.Name, "record_consent", "Record marketing consent",
		fmt.Sprintf("Record that a %s granted or withdrew consent to be contacted on one channel. Adds a new entry; the latest entry per channel counts.", v.One),
		[]world.ArgSpec{kit.S(one+"_id", true, ""), kit.A("channel", consents+".channel", true, ""), {Name: "granted", Type: "boolean", Required: true}},
		kit.Get(table, one+"_id", "c", fmt.Sprintf("No %s {%s_id}.", v.One, one)),
		kit.Insert(consents, "", map[string]any{one + "_id": "$" + one + "_id", "channel": "$channel", "granted": "$granted", "recorded_on": "$today"})))
	s.Tool(false, kit.Tool(s.Name, "list_consents", "Read consents",
		fmt.Sprintf("Consent entries of one %s, newest first.", v.One),
		[]world.ArgSpec{kit.S(one+"_id", true, "")},
		kit.Search(consents, []string{"-recorded_on"}, nil, kit.F(one+"_id", "eq", one+"_id"))))
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "account manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		c := engine.Pick(tc.R, kit.ActiveRows(e))
		ch := engine.Pick(tc.R, []string{"email", "sms", "phone", "post"})
		tc.NextID(consents) // the new row: checked by its details, not its id
		return engine.Task{
			Title:       "record consent withdrawal",
			Instruction: fmt.Sprintf("%s (%s) asked us to stop contacting them by %s for marketing. Record it.", c["name"], c["id"], ch),
			Calls:       []world.Call{{Tool: "record_consent", Args: map[string]any{one + "_id": c["id"], "channel": ch, "granted": false}}},
			Assertions: []world.Assertion{
				{Description: "A withdrawal is recorded for that channel.", Count: &world.CountMatch{Table: consents, Where: map[string]any{one + "_id": c["id"], "channel": ch, "granted": false},
					Equals: kit.PtrInt(kit.CountWhere(g.Rows(consents), one+"_id", c["id"], "channel", ch, "granted", false) + 1)}},
				{Description: "Only one entry was added.", Count: &world.CountMatch{Table: consents, Where: map[string]any{one + "_id": c["id"]}, Equals: kit.PtrInt(kit.CountWhere(g.Rows(consents), one+"_id", c["id"]) + 1)}},
			},
			MayChange: []world.Change{{Table: consents, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})

	// Event: a customer leaves.
	s.Events = append(s.Events, &engine.Event{
		Entity: e, Name: "deactivated", Kind: "closed",
		When:    fmt.Sprintf("%s is marked inactive in the CRM", engine.An(v.One)),
		Where:   map[string]any{"status": "inactive"},
		InState: func(r engine.Row) bool { return r["status"] == "inactive" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			n := tc.FreshID(table)
			given, family, full := g.Locale.C.PersonName(tc.R)
			r := engine.Row{"id": e.ID(n), "name": full, "email": g.Locale.Email(given, family, "mail"+g.Locale.C.EmailTLD), "phone": g.Locale.Phone(),
				"city": g.Locale.City(), "status": "active", "since": g.Day(-400)}
			if org {
				r["contact_person"] = full
				company := g.Locale.C.CompanyNameIn(tc.R, engine.RandomIndustry(g), r["city"].(string))
				r["name"], r["email"] = company, g.Locale.Email("info", "", g.Locale.DomainFor(company))
			}
			for _, x := range v.Extra {
				r[x.Name] = x.Value(g, r, seed.NoStage)
			}
			kindName(g, tc.R, r, org)
			return r
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "update_" + one, Args: map[string]any{one + "_id": r["id"], "status": "inactive"}}}
		},
		Ask: []string{
			"{name} ({id}) has asked us to close their account. Please deactivate them in the CRM.",
			"We are ending the relationship with {name}, {noun} {id}. Set them to inactive.",
			"{name} ({id}) is leaving us; mark the record inactive.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{{Description: "The " + v.One + " is inactive.", Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "status", Equals: "inactive"}}}
		},
		Touches: func(r engine.Row) []world.Change {
			return []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}}
		},
	})

	// Chore: register a new customer from an enquiry.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: engine.Pick(g.R, []string{"account manager", "sales manager"}), Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		given, family, full := g.Locale.C.PersonName(tc.R)
		email := g.Locale.Email(given, family, "post"+g.Locale.C.EmailTLD)
		city := g.Locale.City()
		phone := g.Locale.PhoneIn(city)
		args := map[string]any{"name": full, "email": email, "phone": phone, "city": city}
		if org {
			args["name"] = g.Locale.C.CompanyName(tc.R, engine.RandomIndustry(g))
			args["contact_person"] = full
		}
		var extras []string
		for _, x := range v.Extra {
			args[x.Name] = x.Value(g, args, seed.NoStage)
			extras = append(extras, engine.Detail(x.Name, args[x.Name]))
		}
		tc.NextID(table) // the new row: checked by its details, not its id
		ask := fmt.Sprintf("Please register %s as a new %s: email %s, phone %s, based in %s", args["name"], v.One, email, phone, city)
		if org {
			ask += ", contact " + full
		}
		ask += engine.Details(extras)
		return engine.Task{
			Title: "register new " + v.One, Instruction: ask + ".",
			Calls: []world.Call{{Tool: "create_" + one, Args: args}},
			Assertions: []world.Assertion{
				{Description: "The new " + v.One + " is on file with the given details.", Exists: &world.RowMatch{Table: table, Where: map[string]any{"email": email, "phone": phone, "city": city}}},
				{Description: "There is exactly one record with that email.", Count: &world.CountMatch{Table: table, Where: map[string]any{"email": email}, Equals: kit.PtrInt(1)}},
			},
			MayChange: []world.Change{{Table: table, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// tablesAdd appends a seed row to a table of the service being built.
func tablesAdd(g *engine.Gen, s *engine.Svc, table string, r engine.Row) {
	for _, t := range s.Tables {
		if t.Name == table {
			t.Rows = append(t.Rows, r)
			return
		}
	}
	panic("planet: no table " + table + " in " + s.Name)
}

// hasDateOfBirth reports whether a customer noun records a date of birth
// (see engine.RecordsBirth, the same rule on the catalog's columns).
func hasDateOfBirth(n engine.Noun) bool {
	return slices.ContainsFunc(n.Extra, func(x engine.Extra) bool { return engine.IsBirthColumn(x.Name, x.Type) })
}

// kindName names an organisation customer after its kind when the kind
// is an industry the catalog knows ("supply cafés and hotels": a café is
// named like a café, not like a random firm).
func kindName(g *engine.Gen, rng *rand.Rand, r engine.Row, org bool) {
	kind, _ := r["kind"].(string)
	if !org || kind == "" {
		return
	}
	ind, ok := engine.FirmsOf(kind, g.Locale.C)
	if !ok {
		return
	}
	city, _ := r["city"].(string)
	company := g.Locale.C.CompanyNameIn(rng, ind, city)
	r["name"], r["email"] = company, g.Locale.Email("info", "", g.Locale.DomainFor(company))
}

// personKinds are the kinds of customer of an organisations' CRM that are
// people ("households" beside "shops"), by the lexicon's organisations:
// their rows are named as people. None when every kind is a firm.
func personKinds(g *engine.Gen) []string {
	lex := lexicon.Load()
	var out []string
	for _, at := range g.Plan.Customer.Attributes {
		if at.Name != "kind" {
			continue
		}
		for _, k := range at.Values {
			last := engine.LastWord(k)
			if !lex.Is("org", k) && !lex.Is("org", last) && (lex.Is("people_kind", k) || lex.Is("people_kind", last) || lex.Nature(k) == "person") {
				out = append(out, k)
			}
		}
	}
	return out
}

func pluralAll(ones []string) []string {
	out := make([]string, len(ones))
	for i, o := range ones {
		out[i] = lexicon.Load().Plural(o)
	}
	return out
}
