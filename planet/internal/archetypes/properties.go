package archetypes

import (
	"fmt"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

func init() { kit.Register("properties", "Properties", buildProperties) }

func buildProperties(k *kit.Builder) {
	g, s := k.Gen, k.Svc
	s.Description = fmt.Sprintf("The property portfolio %s manages: units with their tenant and rent, and the listings that advertise units to let. Rents are monthly, in %s minor units.",
		g.Company.Name, g.Company.Currency)
	const ut, lt = "properties_units", "properties_listings"
	s.Table(ut, "Rentable units (flats, houses, offices, shops).", "UNT-", 3,
		kit.PK(),
		kit.Text("address", "Street address with postcode and city."),
		kit.Enum("kind", "Type of unit.", "apartment", "house", "office", "retail"),
		kit.Int("rooms", "Number of rooms."),
		kit.Int("area_m2", "Floor area in m²."),
		kit.Money("rent", "Monthly rent"),
		kit.Enum("status", "vacant → reserved (for an applicant) → let; off_market units are not offered.", "vacant", "reserved", "let", "off_market"),
		kit.Opt(kit.RefersTo("tenant_id", k.Cust.Table+".id", "The tenant, or the applicant it is reserved for (CRM id).")),
		kit.Opt(kit.Date("let_on", "Date it was let to the tenant.")),
	)
	s.Table(lt, "Listings that advertise a unit.", "LST-", 5,
		kit.PK(),
		kit.Ref("unit_id", ut, "The unit advertised."),
		kit.Money("asking_rent", "Monthly rent asked"),
		kit.Enum("channel", "Where it is advertised.", "portal", "website", "agency_window", "social"),
		kit.Enum("status", "draft → published → closed, or withdrawn.", "draft", "published", "closed", "withdrawn"),
		kit.Opt(kit.Date("published_on", "Date it went online.")),
		kit.Opt(kit.RefersTo("source_ref", k.Work.Table+".id", "Id of the "+k.W+" that led to it, if any.")),
	)
	kinds := []string{"apartment", "apartment", "apartment", "house", "office", "retail"}
	if ks := engine.Flavoured(g, func(f catalog.Flavour) []string { return f.PropertyKinds }); ks != nil {
		kinds = ks // a commercial portfolio's offices and shops
	}
	unit := k.Entity(ut, "unit", "units", k.CustRoles("tenant_id"))
	unit.Roles["amount"] = engine.Column("rent")
	unit.Roles["address"] = engine.Column("address")
	listing := k.Entity(lt, "listing", "listings", map[string]engine.Role{"id": engine.Column("id"), "amount": engine.Column("asking_rent")})
	listing.Roles["address"] = kit.TextRole("unit_id", func(r engine.Row) any { return kit.Find(g.Rows(ut), r["unit_id"])["address"] })

	newUnit := func(r interface{ IntN(int) int }, id string) engine.Row {
		kind := engine.Pick(g.R, kinds)
		rooms := int64(1 + r.IntN(4))
		area := rooms*int64(18+r.IntN(12)) + int64(10)
		if kind == "house" {
			rooms, area = rooms+2, area+40
		}
		rent := int64(area) * k.Money(g.R, 9, 17)
		return engine.Row{"id": id, "address": g.Locale.Address(), "kind": kind, "rooms": rooms, "area_m2": area, "rent": rent, "status": "vacant"}
	}

	// Seed: every active customer rents one unit; a few units are vacant.
	var tenantUnit = map[any]engine.Row{}
	for _, c := range k.Customers() {
		u := newUnit(g.R, k.NextID(ut))
		u["status"], u["tenant_id"], u["let_on"] = "let", c["id"], g.Day(-30-g.R.IntN(900))
		if _, ok := c["deposit_amount"]; ok {
			c["deposit_amount"] = g.Locale.Src().Deposit(u["rent"].(int64)) // the country's multiple of the rent
		}
		k.Add(unit, ut, u)
		tenantUnit[c["id"]] = u
	}
	for i := 0; i < 3+g.R.IntN(4); i++ {
		u := newUnit(g.R, k.NextID(ut))
		if i == 3 {
			u["status"] = "off_market"
		}
		k.Add(unit, ut, u)
	}
	// Shuffle-free interleaving: keep ids dense, order as added.
	vacant := kit.RowsWhere(unit.Rows, "status", "vacant")
	for i, u := range vacant {
		st := "published"
		if i%3 == 2 {
			st = "draft"
		}
		l := engine.Row{"id": k.NextID(lt), "unit_id": u["id"], "asking_rent": u["rent"], "channel": engine.Pick(g.R, []string{"portal", "website", "agency_window", "social"}), "status": st}
		if st == "published" {
			l["published_on"] = g.Day(-1 - g.R.IntN(20))
		}
		k.Add(listing, lt, l)
	}

	// Tools.
	k.Tool(true, "search_property_units", "Search units",
		fmt.Sprintf("Find units by address (street, postcode or city), status, kind or tenant. Returns every field: id (like %s), address, kind, rooms, area_m2, rent (monthly, minor units), status, tenant_id and let_on.", g.FormatID(ut, 1)),
		[]world.ArgSpec{kit.S("query", false, "Part of the address."), kit.A("status", ut+".status", false, ""), kit.A("kind", ut+".kind", false, ""), kit.S("tenant_id", false, "CRM id of the tenant.")},
		kit.Search(ut, []string{"address"}, nil, kit.F("address", "contains", "query"), kit.F("status", "eq", "status"), kit.F("kind", "eq", "kind"), kit.F("tenant_id", "eq", "tenant_id")))
	k.Tool(false, "reserve_property_unit", "Reserve a unit",
		fmt.Sprintf("Reserve a vacant unit for an applicant (a %s, by CRM id) while the contract is prepared.", k.C),
		[]world.ArgSpec{kit.S("unit_id", true, "e.g. "+g.FormatID(ut, 1)), kit.S("tenant_id", true, "CRM id of the applicant.")},
		kit.Get(ut, "unit_id", "u", "No unit {unit_id}; search_property_units finds them."),
		world.Step{Require: "$u.status", Equals: "vacant", Message: "Unit {unit_id} is {u.status}; only vacant units can be reserved."},
		world.Step{Update: ut, Key: "$unit_id", Set: map[string]any{"status": "reserved", "tenant_id": "$tenant_id"}})
	k.Tool(true, "let_property_unit", "Let a unit",
		"Record that the applicant a unit is reserved for has signed: the unit is let to them from today.",
		[]world.ArgSpec{kit.S("unit_id", true, "")},
		kit.Get(ut, "unit_id", "u", "No unit {unit_id}."),
		world.Step{Require: "$u.status", Equals: "reserved", Message: "Unit {unit_id} is {u.status}; reserve it for the applicant first."},
		world.Step{Update: ut, Key: "$unit_id", Set: map[string]any{"status": "let", "let_on": "$today"}})
	k.Tool(false, "search_property_listings", "Search listings",
		"List the listings of units by unit, status or channel, with asking rent (minor units).",
		[]world.ArgSpec{kit.S("unit_id", false, ""), kit.A("status", lt+".status", false, ""), kit.A("channel", lt+".channel", false, ""), kit.S("source_ref", false, "Id of the "+k.W+" that led to it.")},
		kit.Search(lt, []string{"unit_id"}, nil, kit.F("unit_id", "eq", "unit_id"), kit.F("status", "eq", "status"), kit.F("channel", "eq", "channel"), kit.F("source_ref", "eq", "source_ref")))
	k.Tool(true, "draft_property_listing", "Draft a listing",
		"Draft a listing for a unit at a monthly asking rent (minor units) on a channel. A unit has one draft at a time; off-market units are not listed. Returns it with its id (LST-…).",
		[]world.ArgSpec{kit.S("unit_id", true, ""), kit.MoneyArg("asking_rent", true, "Monthly rent asked."), kit.A("channel", lt+".channel", true, ""), kit.S("source_ref", false, "Id of the "+k.W+" that led to it, if any.")},
		kit.Get(ut, "unit_id", "u", "No unit {unit_id}."),
		world.Step{Require: "$u.status", NotIn: kit.Vals("off_market"), Message: "Unit {unit_id} is off the market."},
		world.Step{Absent: lt, Where: map[string]any{"unit_id": "$unit_id", "status": "draft"}, As: "dup", Message: "Unit {unit_id} already has draft listing {dup.id}; publish or use that one."},
		kit.Insert(lt, "", map[string]any{"unit_id": "$unit_id", "asking_rent": "$asking_rent", "channel": "$channel", "status": "draft", "source_ref": "$source_ref"}))
	k.Tool(false, "publish_property_listing", "Publish a listing",
		"Put a draft listing online, dated today.",
		[]world.ArgSpec{kit.S("listing_id", true, "e.g. "+g.FormatID(lt, 1))},
		kit.Get(lt, "listing_id", "l", "No listing {listing_id}."),
		world.Step{Require: "$l.status", Equals: "draft", Message: "Listing {listing_id} is {l.status}; only drafts can be published."},
		world.Step{Update: lt, Key: "$listing_id", Set: map[string]any{"status": "published", "published_on": "$today"}})

	// Events.
	s.Events = append(s.Events, &engine.Event{
		Entity: unit, Name: "let", Kind: "done", When: "a unit is let to a tenant in Properties", Where: map[string]any{"status": "let"},
		InState: func(r engine.Row) bool { return r["status"] == "let" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			u := newUnit(tc.R, k.TaskID(tc, ut))
			u["status"], u["tenant_id"] = "reserved", engine.Pick(tc.R, k.Customers())["id"]
			return u
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "let_property_unit", Args: map[string]any{"unit_id": r["id"]}}}
		},
		Ask: []string{
			"{name} has signed for unit {id} ({address}). Record the let.",
			"Unit {id} at {address} is now let to {name}; the contract came back signed today.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The unit is let.", ut, r["id"], "status", "let"), kit.FieldIs("It is let from today.", ut, r["id"], "let_on", g.Day(0))}
		},
		Touches: func(r engine.Row) []world.Change { return []world.Change{kit.Change(ut, []any{r["id"]}, "update")} },
	})
	s.Events = append(s.Events, &engine.Event{
		Entity: listing, Name: "published", Kind: "created", When: "a listing is published", Where: map[string]any{"status": map[string]any{"in": kit.Vals("published", "closed")}},
		InState: func(r engine.Row) bool { return r["status"] == "published" || r["status"] == "closed" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			u := engine.Pick(tc.R, vacant)
			return engine.Row{"id": k.TaskID(tc, lt), "unit_id": u["id"], "asking_rent": u["rent"], "channel": engine.Pick(tc.R, []string{"portal", "website"}), "status": "draft"}
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "publish_property_listing", Args: map[string]any{"listing_id": r["id"]}}}
		},
		Ask: []string{
			"The photos for listing {id} ({address}) are in. Put it online.",
			"Publish listing {id} for {address} today.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The listing is published.", lt, r["id"], "status", "published")}
		},
		Touches: func(r engine.Row) []world.Change { return []world.Change{kit.Change(lt, []any{r["id"]}, "update")} },
	})

	// Action: when work for a tenant ends, their unit is advertised.
	s.Actions = append(s.Actions, &engine.Action{
		On:      []string{"done"},
		Service: s.Name, Name: "unit listed", Needs: []string{"id", "customer_id", "date"},
		Then: fmt.Sprintf("a listing for the unit the %s rents must be drafted in Properties at its current rent, with the {noun} id as its source", k.C),
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Eq("source_ref", "id").In(lt, "", map[string]any{"status": map[string]any{"ne": "withdrawn"}})
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			u := tenantUnit[up.Val("customer_id", r)]
			if u == nil {
				return nil
			}
			tc.NextID(lt)
			return []world.Call{{Tool: "draft_property_listing", Args: map[string]any{"unit_id": u["id"], "asking_rent": u["rent"], "channel": "portal", "source_ref": r[up.Key]}}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			u := tenantUnit[up.Val("customer_id", r)]
			if u == nil {
				return nil
			}
			return []world.Assertion{kit.Exists("A listing of the "+k.C+"'s unit references it.", lt, map[string]any{"source_ref": r[up.Key], "unit_id": u["id"], "asking_rent": u["rent"]})}
		},
		Touches: []world.Change{kit.Change(lt, nil, "insert")},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			if len(kit.RowsWhere(g.Rows(lt), "source_ref", r[up.Key])) > 0 {
				return
			}
			u := tenantUnit[up.Val("customer_id", r)]
			if u == nil {
				u = engine.Pick(g.R, unit.Rows)
			}
			k.Add(listing, lt, engine.Row{"id": k.NextID(lt), "unit_id": u["id"], "asking_rent": u["rent"], "channel": "portal", "status": "closed",
				"published_on": kit.AddDays(up.Val("date", r), -30), "source_ref": r[up.Key]})
		},
	})

	// Chores.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "account manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		if len(vacant) == 0 {
			return engine.Task{}, false
		}
		u := engine.Pick(tc.R, vacant)
		c := engine.Pick(tc.R, k.Customers())
		return engine.Task{
			Title:       "reserve unit",
			Instruction: fmt.Sprintf("%s (%s) wants the %s at %s; hold it for them while we prepare the contract.", c["name"], c["id"], u["kind"], u["address"]),
			Calls:       []world.Call{{Tool: "reserve_property_unit", Args: map[string]any{"unit_id": u["id"], "tenant_id": c["id"]}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The unit is reserved.", ut, u["id"], "status", "reserved"),
				kit.FieldIs("It is reserved for the applicant.", ut, u["id"], "tenant_id", c["id"]),
			},
			MayChange: []world.Change{kit.Change(ut, []any{u["id"]}, "update")},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "account manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		var free []engine.Row
		for _, u := range vacant {
			if len(kit.RowsWhere(g.Rows(lt), "unit_id", u["id"], "status", "draft")) == 0 {
				free = append(free, u)
			}
		}
		if len(free) == 0 {
			return engine.Task{}, false
		}
		u := engine.Pick(tc.R, free)
		rent := u["rent"].(int64) * 105 / 100 / engine.MinorPerMajor(g.Locale.C.CurrencyDigits) * engine.MinorPerMajor(g.Locale.C.CurrencyDigits)
		channel := engine.Pick(tc.R, []string{"portal", "website", "social"})
		id := k.TaskID(tc, lt)
		return engine.Task{
			Title:       "draft listing",
			Instruction: fmt.Sprintf("Draft a new %s listing for the vacant unit at %s, asking %s a month. Don't publish it yet.", kit.Spaced(channel), u["address"], k.FmtMoney(rent)),
			Calls:       []world.Call{{Tool: "draft_property_listing", Args: map[string]any{"unit_id": u["id"], "asking_rent": rent, "channel": channel}}},
			Assertions: []world.Assertion{
				kit.Exists("The draft listing is there.", lt, map[string]any{"id": id, "unit_id": u["id"], "asking_rent": rent, "channel": channel, "status": "draft"}),
				kit.CountIs("The unit has one draft.", lt, map[string]any{"unit_id": u["id"], "status": "draft"}, 1),
			},
			MayChange: []world.Change{kit.Change(lt, nil, "insert")},
			Services:  []string{s.Name},
		}, true
	}})
	g.SetEntity("property_unit", unit)
}
