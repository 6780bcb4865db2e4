package archetypes

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

// Listings: a vertical of listings and the enquiries on them.

func init() {
	engine.Register(&engine.ServiceDef{Name: "listings", Title: "Listings", Vertical: true, Layer: engine.LayerOperations, Build: buildListings})
}

func buildListings(g *engine.Gen, s *engine.Svc) {
	v := kit.New(g, s)
	one, many := v.Noun([2]string{"listing", "listings"}, [2]string{"advert", "adverts"}, [2]string{"offer", "offers"})
	v.Named(many)
	o, m := engine.Snake(one), engine.Snake(many)
	table, etable := s.Name+"_ads", s.Name+"_enquiries"
	prefix, eprefix := v.Prefix("LST-", "ADV-"), v.Prefix("ENQ-", "INQ-")
	s.Description = fmt.Sprintf("What %s lists for sale or rent on behalf of its %s, and the enquiries that come in.", g.Company.Name, v.CMany)
	// What an estate agency lists, how it is described and priced (the
	// one pack with listings is real estate's).
	cats := []string{"Two-room flat", "Family house", "Office unit", "Retail unit", "Garage", "Building plot"}
	adj := []string{"Bright", "Spacious", "Renovated", "Central", "Quiet", "Modern", "Classic"}
	sale, rent := [2]float64{60000, 600000}, [2]float64{450, 2800}
	price := func(r *rand.Rand, kind string) int64 {
		if kind == "rent" {
			return v.StepMoney(r, rent[0], rent[1])
		}
		return v.StepMoney(r, sale[0], sale[1])
	}
	s.Table(table, engine.Title(many)+", one per item or property on the market.", prefix, 5,
		kit.PK(), kit.RefersTo("customer_id", v.Cust.Table+".id", "The "+v.C+" who owns what is listed (CRM id)."),
		kit.Text("title", "Headline."), kit.Text("category", "What kind of thing it is."), kit.Enum("kind", "For sale or to rent.", "sale", "rent"),
		kit.Money("asking_price", "Asking price (for rentals: per month)"), kit.Text("location", "City."),
		kit.Enum("status", "draft → live → under_offer → sold (sold or let); live or under-offer ones can be withdrawn; an offer can fall through (back to live).", "draft", "live", "under_offer", "sold", "withdrawn"),
		kit.Date("listed_on", "When it was first listed."))
	e := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.CustRoles("customer_id")}
	g.SetEntity(o, e)
	for i := 1; i <= 12+g.R.IntN(10); i++ {
		cat, city := engine.Pick(g.R, cats), g.Locale.City()
		d := -g.R.IntN(120)
		status := engine.Pick(g.R, []string{"live", "live", "live", "under_offer", "sold", "withdrawn", "draft"})
		if status == "draft" {
			d = 0
		}
		kind := engine.Pick(g.R, []string{"sale", "rent"})
		v.Add(e, table, engine.Row{"id": e.ID(i), "customer_id": engine.Pick(g.R, v.Customers())["id"], "title": fmt.Sprintf("%s %s in %s", engine.Pick(g.R, adj), strings.ToLower(cat), city),
			"category": cat, "kind": kind, "asking_price": price(g.R, kind), "location": city, "status": status, "listed_on": g.Day(d)})
	}
	e.Rows[0]["status"] = "live"
	var live []engine.Row
	for _, r := range e.Rows {
		if r["status"] == "live" {
			live = append(live, r)
		}
	}
	s.Table(etable, "Enquiries about "+many+".", eprefix, 5,
		kit.PK(), kit.Ref("listing_id", table, "The "+one+" asked about."), kit.RefersTo("customer_id", v.Cust.Table+".id", "Who asked (CRM id)."),
		kit.Text("message", "What they asked."), kit.Enum("channel", "How it came in.", "phone", "email", "portal", "walk_in"),
		kit.Enum("status", "new → answered → viewing_booked → closed.", "new", "answered", "viewing_booked", "closed"),
		kit.Opt(kit.RefersTo("source_ref", v.Work.Table+".id", "The "+v.Work.Noun+" it came from, if any.")), kit.Datetime("received_at", "When it came in."))
	questions := []string{"Is it still available?", "Can we arrange a viewing?", "Is the price negotiable?", "What are the running costs?", "When could I move in / take it over?"}
	for i := 1; i <= 10+g.R.IntN(12); i++ {
		l := engine.Pick(g.R, e.Rows)
		if l["status"] == "draft" {
			continue
		}
		g.AddRow(etable, engine.Row{"id": fmt.Sprintf("%s%05d", eprefix, v.NextNumber(etable)), "listing_id": l["id"], "customer_id": engine.Pick(g.R, v.Customers())["id"], "message": engine.Pick(g.R, questions),
			"channel": engine.Pick(g.R, []string{"phone", "email", "portal", "portal", "walk_in"}), "status": engine.Pick(g.R, []string{"new", "answered", "viewing_booked", "closed"}),
			"received_at": v.At(-g.R.IntN(20), 9+g.R.IntN(9), 10*g.R.IntN(6))})
	}

	// Tools.
	v.Tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by text (title, category, location), kind, status, owner or maximum asking price (minor units). Returns id (like %s), title, kind, price, location and status.", many, e.ID(1)),
		[]world.ArgSpec{kit.S("query", false, "Part of the title, category or city."), kit.A("kind", table+".kind", false, ""), kit.A("status", table+".status", false, ""),
			kit.S("customer_id", false, "CRM id of the owner."), kit.I("max_price", false, "Highest asking price, minor units.")},
		kit.Search(table, []string{"-listed_on"}, []string{"id", "customer_id", "title", "kind", "asking_price", "location", "status"},
			kit.FAny("query", "title", "category", "location"), kit.F("kind", "eq", "kind"), kit.F("status", "eq", "status"), kit.F("customer_id", "eq", "customer_id"), kit.F("asking_price", "lte", "max_price")))
	v.Tool(false, "get_"+o, "Get "+engine.An(one), fmt.Sprintf("Read one %s by id.", one),
		[]world.ArgSpec{kit.S(o+"_id", true, "e.g. "+e.ID(1))}, kit.Get(table, o+"_id", "", fmt.Sprintf("No %s {%s_id}.", one, o)))
	v.Tool(true, "set_"+o+"_status", "Move "+engine.An(one)+" along",
		fmt.Sprintf("Publish, mark under offer, sold (or let), or withdraw a %s: draft → live → under_offer → sold; an offer that falls through goes back to live; draft, live and under-offer ones can be withdrawn. Sold and withdrawn are final.", one),
		[]world.ArgSpec{kit.S(o+"_id", true, ""), kit.A("status", table+".status", true, "The new status.")},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "$status"}, Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{
			"draft": {"live", "withdrawn"}, "live": {"under_offer", "withdrawn"}, "under_offer": {"live", "sold", "withdrawn"}}}, Message: fmt.Sprintf("No %s {%s_id}.", one, o)})
	v.Tool(false, "search_enquiries", "Search enquiries",
		fmt.Sprintf("Find enquiries by %s, %s or status, newest first.", one, v.C),
		[]world.ArgSpec{kit.S("listing_id", false, ""), kit.S("customer_id", false, "CRM id."), kit.A("status", etable+".status", false, "")},
		kit.Search(etable, []string{"-received_at"}, nil, kit.F("listing_id", "eq", "listing_id"), kit.F("customer_id", "eq", "customer_id"), kit.F("status", "eq", "status")))
	v.Tool(true, "log_enquiry", "Log an enquiry",
		fmt.Sprintf("Record an enquiry from a %s about a %s that is on the market (live or under offer). Starts as new; returns it with its id (like %s00001).", v.C, one, eprefix),
		[]world.ArgSpec{kit.S("listing_id", true, ""), kit.S("customer_id", true, "CRM id of who asked."), kit.S("message", true, "What they asked."),
			kit.A("channel", etable+".channel", true, ""), kit.S("source_ref", false, "Id of the "+v.Work.Noun+" it came from, if any.")},
		kit.Get(table, "listing_id", "l", "No "+one+" {listing_id}."),
		world.Step{Require: "$l.status", In: kit.Vals("live", "under_offer"), Message: "{l.title} is {l.status}, not on the market."},
		kit.Insert(etable, "", map[string]any{"listing_id": "$listing_id", "customer_id": "$customer_id", "message": "$message", "channel": "$channel",
			"source_ref": "$source_ref", "status": "new", "received_at": "$now"}))
	v.Tool(false, "update_enquiry", "Update an enquiry",
		"Record what happened to an enquiry: new → answered → viewing_booked → closed (any open one can be closed).",
		[]world.ArgSpec{kit.S("enquiry_id", true, ""), kit.A("status", etable+".status", true, "")},
		world.Step{Update: etable, Key: "$enquiry_id", Set: map[string]any{"status": "$status"}, Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{
			"new": {"answered", "viewing_booked", "closed"}, "answered": {"viewing_booked", "closed"}, "viewing_booked": {"closed"}}}, Message: "No enquiry {enquiry_id}."})

	// Events: sold; published.
	v.Event(e, kit.StatusEvent{
		Name: "sold", Kind: "done", When: fmt.Sprintf("%s is marked sold (or let)", engine.An(one)), Where: map[string]any{"status": "sold"},
		InState: func(r engine.Row) bool { return r["status"] == "sold" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			cat, city := engine.Pick(tc.R, cats), g.Locale.City()
			return engine.Row{"id": e.ID(tc.FreshID(table)), "customer_id": engine.Pick(tc.R, v.Customers())["id"], "title": fmt.Sprintf("%s %s in %s", engine.Pick(tc.R, adj), strings.ToLower(cat), city),
				"category": cat, "kind": "sale", "asking_price": price(tc.R, "sale"), "location": city, "status": "under_offer", "listed_on": g.Day(-30)}
		},
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "set_" + o + "_status", Args: map[string]any{o + "_id": r["id"], "status": "sold"}}
		},
		Ask: []string{
			fmt.Sprintf("Contracts are signed for %s {id} of {name}. Mark it sold.", one),
			fmt.Sprintf("The offer on {id} went through – the %s of {name} is sold. Please update it.", one),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The "+one+" is sold.", table, r["id"], "status", "sold")}
		},
	})
	v.Event(e, kit.StatusEvent{
		Name: "published", Kind: "created", When: fmt.Sprintf("%s goes live", engine.An(one)),
		Where:   map[string]any{"status": "live"},
		InState: func(r engine.Row) bool { return r["status"] == "live" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			cat, city := engine.Pick(tc.R, cats), g.Locale.City()
			kind := engine.Pick(tc.R, []string{"sale", "rent"})
			return engine.Row{"id": e.ID(tc.FreshID(table)), "customer_id": engine.Pick(tc.R, v.Customers())["id"], "title": fmt.Sprintf("%s %s in %s", engine.Pick(tc.R, adj), strings.ToLower(cat), city),
				"category": cat, "kind": kind, "asking_price": price(tc.R, kind), "location": city, "status": "draft", "listed_on": g.Day(0)}
		},
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "set_" + o + "_status", Args: map[string]any{o + "_id": r["id"], "status": "live"}}
		},
		Ask: []string{
			fmt.Sprintf("{name} approved the text and photos of draft %s {id}. Put it live.", one),
			fmt.Sprintf("Publish %s {id} for {name}; everything is signed off.", one),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The "+one+" is live.", table, r["id"], "status", "live")}
		},
	})

	// Action: work leads to an enquiry on a live listing.
	v.RefAction(kit.RefAction{
		Name: "enquiry_logged", On: []string{"done"}, Needs: []string{"id", "customer_id", "date"}, Table: etable,
		Then: fmt.Sprintf("an enquiry from the same %s must be logged in %s on one of our live %s, with the {noun} id as its reference", v.C, s.Title, many),
		Live: []string{"new", "answered", "viewing_booked", "closed"},
		Call: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) world.Call {
			l := engine.Pick(tc.R, live)
			return world.Call{Tool: "log_enquiry", Args: map[string]any{"listing_id": l["id"], "customer_id": up.Val("customer_id", r), "message": g.Locale.Lex().Say("enquiry_after", "id", fmt.Sprint(r[up.Key])),
				"channel": "phone", "source_ref": r[up.Key]}}
		},
		Want: func(up *engine.Entity, r engine.Row) map[string]any { return map[string]any{"status": "new"} },
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			l := engine.Pick(g.R, live)
			g.AddRow(etable, engine.Row{"id": fmt.Sprintf("%s%05d", eprefix, v.NextNumber(etable)), "listing_id": l["id"], "customer_id": up.Val("customer_id", r),
				"message": g.Locale.Lex().Say("enquiry_after", "id", fmt.Sprint(r[up.Key])), "channel": "phone", "status": "answered", "source_ref": r[up.Key],
				"received_at": v.At(min(v.Offset(up.Val("date", r)), 0), 8, 45)})
		},
	})

	// Chores: log an enquiry; book a viewing.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: engine.Pick(g.R, []string{"sales manager", "coordinator"}), Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		l, c := engine.Pick(tc.R, live), engine.Pick(tc.R, v.Customers())
		q := engine.Pick(tc.R, questions)
		n := tc.NextID(etable)
		id := fmt.Sprintf("%s%05d", eprefix, n)
		return engine.Task{
			Title:       "log enquiry",
			Instruction: fmt.Sprintf("%s (%s) just phoned about \"%s\" (%s): \"%s\" Please log the enquiry.", c["name"], c["id"], l["title"], l["id"], q),
			Calls:       []world.Call{{Tool: "log_enquiry", Args: map[string]any{"listing_id": l["id"], "customer_id": c["id"], "message": q, "channel": "phone"}}},
			Assertions: []world.Assertion{
				{Description: "The enquiry is logged as a phone call.", Weight: 2, Exists: &world.RowMatch{Table: etable, Where: map[string]any{"id": id, "listing_id": l["id"], "customer_id": c["id"], "channel": "phone", "status": "new"}}},
				{Description: "Logged once.", Count: &world.CountMatch{Table: etable, Where: map[string]any{"listing_id": l["id"], "customer_id": c["id"]}, Equals: kit.PtrInt(v.CountRows(etable, "listing_id", l["id"], "customer_id", c["id"]) + 1)}},
			},
			MayChange: []world.Change{{Table: etable, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		cands := v.PickRows(etable, func(r engine.Row) bool { return r["status"] == "new" || r["status"] == "answered" })
		if len(cands) == 0 {
			return engine.Task{}, false
		}
		q := engine.Pick(tc.R, cands)
		return engine.Task{
			Title:       "book viewing",
			Instruction: fmt.Sprintf("We agreed a viewing with %s about enquiry %s. Please record that the viewing is booked.", kit.Lookup(v.Cust, q["customer_id"], "name"), q["id"]),
			Calls:       []world.Call{{Tool: "update_enquiry", Args: map[string]any{"enquiry_id": q["id"], "status": "viewing_booked"}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The enquiry has a viewing booked.", etable, q["id"], "status", "viewing_booked"),
				{Description: "No other enquiry changed.", Count: &world.CountMatch{Table: etable, Where: map[string]any{"status": "viewing_booked"}, Equals: kit.PtrInt(v.CountRows(etable, "status", "viewing_booked") + 1)}},
			},
			MayChange: []world.Change{{Table: etable, Keys: []any{q["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}
