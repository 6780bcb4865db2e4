package planet

import (
	"fmt"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/world"
)

func init() { vkRegister("properties", "Properties", buildProperties) }

func buildProperties(k *vk) {
	g, s := k.g, k.s
	s.Description = fmt.Sprintf("The property portfolio %s manages: units with their tenant and rent, and the listings that advertise units to let. Rents are monthly, in %s minor units.",
		g.Company.Name, g.Company.Currency)
	const ut, lt = "properties_units", "properties_listings"
	s.Table(ut, "Rentable units (flats, houses, offices, shops).", "UNT-", 3,
		PK(),
		Text("address", "Street address with postcode and city."),
		Enum("kind", "Type of unit.", "apartment", "house", "office", "retail"),
		Int("rooms", "Number of rooms."),
		Int("area_m2", "Floor area in m²."),
		Money("rent", "Monthly rent"),
		Enum("status", "vacant → reserved (for an applicant) → let; off_market units are not offered.", "vacant", "reserved", "let", "off_market"),
		Opt(RefersTo("tenant_id", k.cust.Table+".id", "The tenant, or the applicant it is reserved for (CRM id).")),
		Opt(Date("let_on", "Date it was let to the tenant.")),
	)
	s.Table(lt, "Listings that advertise a unit.", "LST-", 5,
		PK(),
		Ref("unit_id", ut, "The unit advertised."),
		Money("asking_rent", "Monthly rent asked"),
		Enum("channel", "Where it is advertised.", "portal", "website", "agency_window", "social"),
		Enum("status", "draft → published → closed, or withdrawn.", "draft", "published", "closed", "withdrawn"),
		Opt(Date("published_on", "Date it went online.")),
		Opt(RefersTo("source_ref", k.work.Table+".id", "Id of the "+k.W+" that led to it, if any.")),
	)
	kinds := []string{"apartment", "apartment", "apartment", "house", "office", "retail"}
	if ks := flavoured(g, func(f catalog.Flavour) []string { return f.PropertyKinds }); ks != nil {
		kinds = ks // a commercial portfolio's offices and shops
	}
	unit := k.entity(ut, "unit", "units", k.custRoles("tenant_id"))
	unit.Roles["amount"] = Column("rent")
	unit.Roles["address"] = Column("address")
	listing := k.entity(lt, "listing", "listings", map[string]Role{"id": Column("id"), "amount": Column("asking_rent")})
	listing.Roles["address"] = textRole("unit_id", func(r Row) any { return vkFind(g.Rows(ut), r["unit_id"])["address"] })

	newUnit := func(r interface{ IntN(int) int }, id string) Row {
		kind := Pick(g.R, kinds)
		rooms := int64(1 + r.IntN(4))
		area := rooms*int64(18+r.IntN(12)) + int64(10)
		if kind == "house" {
			rooms, area = rooms+2, area+40
		}
		rent := int64(area) * k.money(g.R, 9, 17)
		return Row{"id": id, "address": g.Locale.Address(), "kind": kind, "rooms": rooms, "area_m2": area, "rent": rent, "status": "vacant"}
	}

	// Seed: every active customer rents one unit; a few units are vacant.
	var tenantUnit = map[any]Row{}
	for _, c := range k.customers() {
		u := newUnit(g.R, k.nextID(ut))
		u["status"], u["tenant_id"], u["let_on"] = "let", c["id"], g.Day(-30-g.R.IntN(900))
		k.add(unit, ut, u)
		tenantUnit[c["id"]] = u
	}
	for i := 0; i < 3+g.R.IntN(4); i++ {
		u := newUnit(g.R, k.nextID(ut))
		if i == 3 {
			u["status"] = "off_market"
		}
		k.add(unit, ut, u)
	}
	// Shuffle-free interleaving: keep ids dense, order as added.
	vacant := vkRowsWhere(unit.Rows, "status", "vacant")
	for i, u := range vacant {
		st := "published"
		if i%3 == 2 {
			st = "draft"
		}
		l := Row{"id": k.nextID(lt), "unit_id": u["id"], "asking_rent": u["rent"], "channel": Pick(g.R, []string{"portal", "website", "agency_window", "social"}), "status": st}
		if st == "published" {
			l["published_on"] = g.Day(-1 - g.R.IntN(20))
		}
		k.add(listing, lt, l)
	}

	// Tools.
	k.tool(true, "search_property_units", "Search units",
		fmt.Sprintf("Find units by address (street, postcode or city), status, kind or tenant. Returns every field: id (like %s), address, kind, rooms, area_m2, rent (monthly, minor units), status, tenant_id and let_on.", g.FormatID(ut, 1)),
		[]world.ArgSpec{S("query", false, "Part of the address."), A("status", ut+".status", false, ""), A("kind", ut+".kind", false, ""), S("tenant_id", false, "CRM id of the tenant.")},
		Search(ut, []string{"address"}, nil, F("address", "contains", "query"), F("status", "eq", "status"), F("kind", "eq", "kind"), F("tenant_id", "eq", "tenant_id")))
	k.tool(false, "reserve_property_unit", "Reserve a unit",
		fmt.Sprintf("Reserve a vacant unit for an applicant (a %s, by CRM id) while the contract is prepared.", k.C),
		[]world.ArgSpec{S("unit_id", true, "e.g. "+g.FormatID(ut, 1)), S("tenant_id", true, "CRM id of the applicant.")},
		Get(ut, "unit_id", "u", "No unit {unit_id}; search_property_units finds them."),
		world.Step{Require: "$u.status", Equals: "vacant", Message: "Unit {unit_id} is {u.status}; only vacant units can be reserved."},
		world.Step{Update: ut, Key: "$unit_id", Set: map[string]any{"status": "reserved", "tenant_id": "$tenant_id"}})
	k.tool(true, "let_property_unit", "Let a unit",
		"Record that the applicant a unit is reserved for has signed: the unit is let to them from today.",
		[]world.ArgSpec{S("unit_id", true, "")},
		Get(ut, "unit_id", "u", "No unit {unit_id}."),
		world.Step{Require: "$u.status", Equals: "reserved", Message: "Unit {unit_id} is {u.status}; reserve it for the applicant first."},
		world.Step{Update: ut, Key: "$unit_id", Set: map[string]any{"status": "let", "let_on": "$today"}})
	k.tool(false, "search_property_listings", "Search listings",
		"List the listings of units by unit, status or channel, with asking rent (minor units).",
		[]world.ArgSpec{S("unit_id", false, ""), A("status", lt+".status", false, ""), A("channel", lt+".channel", false, ""), S("source_ref", false, "Id of the "+k.W+" that led to it.")},
		Search(lt, []string{"unit_id"}, nil, F("unit_id", "eq", "unit_id"), F("status", "eq", "status"), F("channel", "eq", "channel"), F("source_ref", "eq", "source_ref")))
	k.tool(true, "draft_property_listing", "Draft a listing",
		"Draft a listing for a unit at a monthly asking rent (minor units) on a channel. A unit has one draft at a time; off-market units are not listed. Returns it with its id (LST-…).",
		[]world.ArgSpec{S("unit_id", true, ""), vkMoneyArg("asking_rent", true, "Monthly rent asked."), A("channel", lt+".channel", true, ""), S("source_ref", false, "Id of the "+k.W+" that led to it, if any.")},
		Get(ut, "unit_id", "u", "No unit {unit_id}."),
		world.Step{Require: "$u.status", NotIn: vals("off_market"), Message: "Unit {unit_id} is off the market."},
		world.Step{Absent: lt, Where: map[string]any{"unit_id": "$unit_id", "status": "draft"}, As: "dup", Message: "Unit {unit_id} already has draft listing {dup.id}; publish or use that one."},
		Insert(lt, "", map[string]any{"unit_id": "$unit_id", "asking_rent": "$asking_rent", "channel": "$channel", "status": "draft", "source_ref": "$source_ref"}))
	k.tool(false, "publish_property_listing", "Publish a listing",
		"Put a draft listing online, dated today.",
		[]world.ArgSpec{S("listing_id", true, "e.g. "+g.FormatID(lt, 1))},
		Get(lt, "listing_id", "l", "No listing {listing_id}."),
		world.Step{Require: "$l.status", Equals: "draft", Message: "Listing {listing_id} is {l.status}; only drafts can be published."},
		world.Step{Update: lt, Key: "$listing_id", Set: map[string]any{"status": "published", "published_on": "$today"}})

	// Events.
	s.Events = append(s.Events, &Event{
		Entity: unit, Name: "let", Kind: "done", When: "a unit is let to a tenant in Properties", Where: map[string]any{"status": "let"},
		InState: func(r Row) bool { return r["status"] == "let" },
		Setup: func(tc *TaskCtx) Row {
			u := newUnit(tc.R, k.tcID(tc, ut))
			u["status"], u["tenant_id"] = "reserved", Pick(tc.R, k.customers())["id"]
			return u
		},
		Do: func(r Row) []world.Call {
			return []world.Call{{Tool: "let_property_unit", Args: map[string]any{"unit_id": r["id"]}}}
		},
		Ask: []string{
			"{name} has signed for unit {id} ({address}). Record the let.",
			"Unit {id} at {address} is now let to {name}; the contract came back signed today.",
		},
		Check: func(r Row) []world.Assertion {
			return []world.Assertion{vkField("The unit is let.", ut, r["id"], "status", "let"), vkField("It is let from today.", ut, r["id"], "let_on", g.Day(0))}
		},
		Touches: func(r Row) []world.Change { return []world.Change{vkChange(ut, []any{r["id"]}, "update")} },
	})
	s.Events = append(s.Events, &Event{
		Entity: listing, Name: "published", Kind: "created", When: "a listing is published", Where: map[string]any{"status": map[string]any{"in": vals("published", "closed")}},
		InState: func(r Row) bool { return r["status"] == "published" || r["status"] == "closed" },
		Setup: func(tc *TaskCtx) Row {
			u := Pick(tc.R, vacant)
			return Row{"id": k.tcID(tc, lt), "unit_id": u["id"], "asking_rent": u["rent"], "channel": Pick(tc.R, []string{"portal", "website"}), "status": "draft"}
		},
		Do: func(r Row) []world.Call {
			return []world.Call{{Tool: "publish_property_listing", Args: map[string]any{"listing_id": r["id"]}}}
		},
		Ask: []string{
			"The photos for listing {id} ({address}) are in. Put it online.",
			"Publish listing {id} for {address} today.",
		},
		Check: func(r Row) []world.Assertion {
			return []world.Assertion{vkField("The listing is published.", lt, r["id"], "status", "published")}
		},
		Touches: func(r Row) []world.Change { return []world.Change{vkChange(lt, []any{r["id"]}, "update")} },
	})

	// Action: when work for a tenant ends, their unit is advertised.
	s.Actions = append(s.Actions, &Action{
		On:      []string{"done"},
		Service: s.Name, Name: "unit listed", Needs: []string{"id", "customer_id", "date"},
		Then: fmt.Sprintf("a listing for the unit the %s rents must be drafted in Properties at its current rent, with the {noun} id as its source", k.C),
		Rule: func(up *Entity) *world.RuleThen {
			return KeysOf(up).Eq("source_ref", "id").In(lt, "", map[string]any{"status": map[string]any{"ne": "withdrawn"}})
		},
		Do: func(tc *TaskCtx, up *Entity, r Row) []world.Call {
			u := tenantUnit[up.Val("customer_id", r)]
			if u == nil {
				return nil
			}
			tc.NextID(lt)
			return []world.Call{{Tool: "draft_property_listing", Args: map[string]any{"unit_id": u["id"], "asking_rent": u["rent"], "channel": "portal", "source_ref": r[up.Key]}}}
		},
		Check: func(tc *TaskCtx, up *Entity, r Row) []world.Assertion {
			u := tenantUnit[up.Val("customer_id", r)]
			if u == nil {
				return nil
			}
			return []world.Assertion{vkExists("A listing of the "+k.C+"'s unit references it.", lt, map[string]any{"source_ref": r[up.Key], "unit_id": u["id"], "asking_rent": u["rent"]})}
		},
		Touches: []world.Change{vkChange(lt, nil, "insert")},
		Seed: func(g *Gen, up *Entity, r Row) {
			if len(vkRowsWhere(g.Rows(lt), "source_ref", r[up.Key])) > 0 {
				return
			}
			u := tenantUnit[up.Val("customer_id", r)]
			if u == nil {
				u = Pick(g.R, unit.Rows)
			}
			k.add(listing, lt, Row{"id": k.nextID(lt), "unit_id": u["id"], "asking_rent": u["rent"], "channel": "portal", "status": "closed",
				"published_on": vkAddDays(up.Val("date", r), -30), "source_ref": r[up.Key]})
		},
	})

	// Chores.
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "account manager", Make: func(tc *TaskCtx) (Task, bool) {
		if len(vacant) == 0 {
			return Task{}, false
		}
		u := Pick(tc.R, vacant)
		c := Pick(tc.R, k.customers())
		return Task{
			Title:       "reserve unit",
			Instruction: fmt.Sprintf("%s (%s) wants the %s at %s; hold it for them while we prepare the contract.", c["name"], c["id"], u["kind"], u["address"]),
			Calls:       []world.Call{{Tool: "reserve_property_unit", Args: map[string]any{"unit_id": u["id"], "tenant_id": c["id"]}}},
			Assertions: []world.Assertion{
				vkField("The unit is reserved.", ut, u["id"], "status", "reserved"),
				vkField("It is reserved for the applicant.", ut, u["id"], "tenant_id", c["id"]),
			},
			MayChange: []world.Change{vkChange(ut, []any{u["id"]}, "update")},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "account manager", Make: func(tc *TaskCtx) (Task, bool) {
		var free []Row
		for _, u := range vacant {
			if len(vkRowsWhere(g.Rows(lt), "unit_id", u["id"], "status", "draft")) == 0 {
				free = append(free, u)
			}
		}
		if len(free) == 0 {
			return Task{}, false
		}
		u := Pick(tc.R, free)
		rent := u["rent"].(int64) * 105 / 100 / minorPerMajor(g.Locale.C.CurrencyDigits) * minorPerMajor(g.Locale.C.CurrencyDigits)
		channel := Pick(tc.R, []string{"portal", "website", "social"})
		id := k.tcID(tc, lt)
		return Task{
			Title:       "draft listing",
			Instruction: fmt.Sprintf("Draft a new %s listing for the vacant unit at %s, asking %s a month. Don't publish it yet.", vkHuman(channel), u["address"], k.fmtMoney(rent)),
			Calls:       []world.Call{{Tool: "draft_property_listing", Args: map[string]any{"unit_id": u["id"], "asking_rent": rent, "channel": channel}}},
			Assertions: []world.Assertion{
				vkExists("The draft listing is there.", lt, map[string]any{"id": id, "unit_id": u["id"], "asking_rent": rent, "channel": channel, "status": "draft"}),
				vkCount("The unit has one draft.", lt, map[string]any{"unit_id": u["id"], "status": "draft"}, 1),
			},
			MayChange: []world.Change{vkChange(lt, nil, "insert")},
			Services:  []string{s.Name},
		}, true
	}})
	g.SetEntity("property_unit", unit)
}
