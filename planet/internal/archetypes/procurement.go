package archetypes

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/lexicon"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

func init() {
	engine.Register(&engine.ServiceDef{Name: "procurement", Title: "Procurement", Layer: engine.LayerOperations, Weight: 0.8, Folder: "purchasing", Build: buildProcurement})
}

// procurementSuffixes make supplier names look like wholesalers.
var procurementSuffixes = []string{"Wholesale", "Supplies", "Trading", "Distribution", "Logistics"}

func buildProcurement(g *engine.Gen, s *engine.Svc) {
	const sups, pos = "procurement_suppliers", "procurement_purchase_orders"
	s.Description = fmt.Sprintf("Purchasing at %s: approved suppliers and the purchase orders (POs) sent to them, from draft to received.", g.Company.Name)
	// The brief's own words for its suppliers ("two distributors",
	// "forest owners") are their kinds.
	kinds := AttributeValues(planBuilt(g.Plan, "procurement"), "kind")
	supCols := []world.Column{kit.PK(), kit.Text("name", "Company name."), kit.Unique(kit.Email("email", "Orders go to this address.")), kit.Text("phone", "Phone."), kit.Text("city", "City."),
		kit.Text("supplies", "What they supply."), kit.Bool("active", "Approved for new orders.", true)}
	if len(kinds) > 0 {
		supCols = append(supCols, kit.Enum("kind", "What the supplier is: "+strings.Join(kinds, ", ")+".", kinds...))
		s.Description = fmt.Sprintf("Purchasing at %s: approved suppliers (%s) and the purchase orders (POs) sent to them, from draft to received.", g.Company.Name, strings.Join(kinds, ", "))
	}
	s.Table(sups, "Suppliers the company buys from.", "SUP-", 3, supCols...)
	s.Table(pos, "Purchase orders, one item each.", "PO-", 5,
		kit.PK(), kit.Ref("supplier_id", sups, "The supplier."),
		kit.Text("item", "What is bought."), kit.Int("quantity", "How many units."), kit.Money("amount", "Total price agreed"),
		kit.Enum("status", "draft → sent → received; draft or sent can be cancelled.", "draft", "sent", "received", "cancelled"),
		kit.Date("created_on", "When it was raised."), kit.Opt(kit.Date("expected_on", "Promised delivery date.")), kit.Opt(kit.Date("received_on", "When the goods arrived.")))

	items := kit.StockItemsOf(g)
	supplied := "" // what every supplier supplies, when the brief says
	// The material the brief's suppliers supply ("the milk of local
	// farmers") is what is bought from them, priced as such goods are.
	if res := planBuilt(g.Plan, "procurement").Resource; res != nil {
		var own []engine.Item
		for _, it := range engine.BulkList(res.One) {
			own = append(own, engine.Item{Name: it.Name, Min: it.Price[0], Max: it.Price[1]})
		}
		if len(own) > 0 {
			items, supplied = own, engine.Title(res.One)
		}
	}
	type sup struct {
		row  engine.Row
		sell []engine.Item
	}
	var suppliers []sup
	for i := 1; i <= 4+g.R.IntN(4); i++ {
		var name string
		for name == "" || kit.HasName(g.Rows(sups), name) {
			// A supplier is named the way the country names a wholesaler.
			if ind, ok := catalog.IndustryByID("wholesale-distribution"); ok {
				name = g.Locale.C.CompanyName(g.R, ind)
			} else {
				_, family, _ := g.Locale.C.PersonName(g.R)
				name = fmt.Sprintf("%s %s", family, engine.Pick(g.R, procurementSuffixes))
			}
		}
		email := g.Locale.Email("orders", "", g.Locale.DomainFor(name))
		// Farmers the brief names are people, with a person's name.
		if producersArePeople(kinds) {
			given, family, full := g.Locale.C.PersonName(g.R)
			if !kit.HasName(g.Rows(sups), full) {
				name, email = full, g.Locale.Email(given, family, "mail"+g.Locale.C.EmailTLD)
			}
		}
		sell := []engine.Item{items[(i-1)%len(items)], items[(i+2)%len(items)], engine.Pick(g.R, items)}
		city := g.Locale.City()
		r := engine.Row{"id": fmt.Sprintf("SUP-%03d", i), "name": name, "email": email, "phone": g.Locale.PhoneIn(city),
			"city": city, "supplies": cmp.Or(supplied, sell[0].Name+", "+sell[1].Name), "active": i <= 3 || g.R.IntN(4) != 0}
		if len(kinds) > 0 {
			r["kind"] = kinds[(i-1)%len(kinds)]
		}
		suppliers = append(suppliers, sup{r, sell})
		tablesAdd(g, s, sups, r)
	}
	var active []sup
	for _, x := range suppliers {
		if x.row["active"] == true {
			active = append(active, x)
		}
	}
	supRows := make([]engine.Row, len(suppliers))
	for i, x := range suppliers {
		supRows[i] = x.row
	}

	po := &engine.Entity{Service: s.Name, Table: pos, Key: "id", Noun: "PO", Plural: "POs", Prefix: "PO-", Width: 5, Internal: true, Inbound: true,
		Roles: map[string]engine.Role{"id": engine.Column("id"), "item": engine.Column("item"), "stock_item": engine.Column("item"), "quantity": engine.Column("quantity"), "amount": engine.Column("amount"), "date": engine.Column("created_on"),
			"name": {SQL: func(a string) string {
				return fmt.Sprintf("(SELECT s.name FROM %s s WHERE s.id = %s.supplier_id)", sups, a)
			},
				Value: func(r engine.Row) any { return kit.ColumnOf(supRows, r["supplier_id"], "name") }, Path: "supplier_id.name"},
			"email": {SQL: func(a string) string {
				return fmt.Sprintf("(SELECT s.email FROM %s s WHERE s.id = %s.supplier_id)", sups, a)
			},
				Value: func(r engine.Row) any { return kit.ColumnOf(supRows, r["supplier_id"], "email") }, Path: "supplier_id.email"},
		}}
	// Goods bought for resale cost about half their list price; supplies
	// are priced at what suppliers charge.
	_, resale := seed.SuppliesOf(g.Scenario.Industry)
	cost := func(it engine.Item, qty int64) int64 {
		if resale {
			it = engine.Item{Name: it.Name, Min: it.Min / 2, Max: it.Min / 2}
		}
		return kit.ItemPrice(g, nil, it) * qty // one price per item: the supplier's list
	}
	newPO := func(id string, x sup, status string, day int) engine.Row {
		it := engine.Pick(g.R, x.sell)
		qty := int64(10 * (1 + g.R.IntN(10)))
		r := engine.Row{"id": id, "supplier_id": x.row["id"], "item": it.Name, "quantity": qty, "amount": cost(it, qty), "status": status,
			"created_on": g.Day(day), "expected_on": g.Day(day + 7 + g.R.IntN(7))}
		if status == "received" {
			r["received_on"] = g.Day(min(day+5+g.R.IntN(5), -1))
		}
		return r
	}
	for i := 1; i <= 8+g.R.IntN(10); i++ {
		day := -1 - g.R.IntN(50)
		status := "draft"
		switch {
		case day < -15:
			status = "received"
		case day < -3:
			status = "sent"
		}
		if g.R.IntN(12) == 0 {
			status = "cancelled"
		}
		r := newPO(po.ID(i), engine.Pick(g.R, active), status, day)
		po.Rows = append(po.Rows, r)
		tablesAdd(g, s, pos, r)
	}
	g.SetEntity("purchase_order", po)

	// Tools.
	s.Tool(true, kit.Tool(s.Name, "search_suppliers", "Search suppliers",
		"Find suppliers by name, what they supply or city. Returns id (like SUP-001), name, email, city, what they supply and whether they are approved for new orders.",
		[]world.ArgSpec{kit.S("query", false, "Part of the name, goods or city."), {Name: "active", Type: "boolean", Description: "true: only approved suppliers."}},
		kit.Search(sups, []string{"name"}, []string{"id", "name", "email", "city", "supplies", "active"}, kit.FAny("query", "name", "supplies", "city"), kit.F("active", "eq", "active"))))
	s.Tool(true, kit.Tool(s.Name, "search_purchase_orders", "Search purchase orders",
		"Find POs by supplier, status or item; newest first. Amounts are in minor units (cents). Returns id (like PO-00001), supplier_id, item, quantity, amount, status and dates.",
		[]world.ArgSpec{kit.S("supplier_id", false, ""), kit.A("status", pos+".status", false, ""), kit.S("item", false, "Part of the item name.")},
		kit.Search(pos, []string{"-created_on"}, nil, kit.F("supplier_id", "eq", "supplier_id"), kit.F("status", "eq", "status"), kit.F("item", "contains", "item"))))
	s.Tool(true, kit.Tool(s.Name, "create_purchase_order", "Raise a purchase order",
		"Raise a draft PO with an approved supplier for one item. amount is the agreed total in minor units (cents). Send it with send_purchase_order. Returns the PO with its id.",
		[]world.ArgSpec{kit.S("supplier_id", true, "e.g. SUP-001"), kit.S("item", true, "What to buy."), {Name: "quantity", Type: "integer", Required: true, Minimum: kit.NumPtr(1)},
			{Name: "amount", Type: "integer", Required: true, Minimum: kit.NumPtr(1), Description: "Agreed total, minor units."}, {Name: "expected_on", Type: "date", Description: "Promised delivery date."}},
		kit.Get(sups, "supplier_id", "sup", "No supplier {supplier_id}; search_suppliers lists them."),
		world.Step{Require: "$sup.active", Equals: true, Message: "{sup.name} is not approved for new orders; pick an active supplier."},
		kit.Insert(pos, "", map[string]any{"supplier_id": "$supplier_id", "item": "$item", "quantity": "$quantity", "amount": "$amount", "expected_on": "$expected_on", "status": "draft", "created_on": "$today"})))
	s.Tool(false, kit.Tool(s.Name, "send_purchase_order", "Send a purchase order",
		"Send a draft PO to its supplier; it becomes sent.",
		[]world.ArgSpec{kit.S("po_id", true, "e.g. PO-00001")},
		kit.Get(pos, "po_id", "p", "No purchase order {po_id}."),
		world.Step{Require: "$p.status", Equals: "draft", Message: "PO {po_id} is {p.status}; only drafts can be sent."},
		kit.Update(pos, "po_id", "", map[string]any{"status": "sent"})))
	s.Tool(false, kit.Tool(s.Name, "receive_purchase_order", "Receive goods",
		"Record that the goods of a sent PO arrived today; it becomes received.",
		[]world.ArgSpec{kit.S("po_id", true, "")},
		kit.Get(pos, "po_id", "p", "No purchase order {po_id}."),
		world.Step{Require: "$p.status", Equals: "sent", Message: "PO {po_id} is {p.status}; only sent POs can be received."},
		kit.Update(pos, "po_id", "", map[string]any{"status": "received", "received_on": "$today"})))
	s.Tool(false, kit.Tool(s.Name, "cancel_purchase_order", "Cancel a purchase order",
		"Cancel a draft or sent PO.",
		[]world.ArgSpec{kit.S("po_id", true, "")},
		kit.Get(pos, "po_id", "p", "No purchase order {po_id}."),
		world.Step{Require: "$p.status", In: kit.Vals("draft", "sent"), Message: "PO {po_id} is {p.status}; it can no longer be cancelled."},
		kit.Update(pos, "po_id", "", map[string]any{"status": "cancelled"})))

	// Event: goods received.
	s.Events = append(s.Events, &engine.Event{
		Entity: po, Name: "received", Kind: "received",
		When:    "the goods of a purchase order (PO) are received",
		Where:   map[string]any{"status": "received"},
		InState: func(r engine.Row) bool { return r["status"] == "received" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			return newPO(po.ID(tc.NextID(pos)), active[tc.R.IntN(len(active))], "sent", -8)
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "receive_purchase_order", Args: map[string]any{"po_id": r["id"]}}}
		},
		Ask: []string{
			"The delivery from {name} for {id} ({quantity} × {item}) arrived complete this morning. Book it in.",
			"{quantity} × {item} from {name} just arrived: that is PO {id}. Please record the receipt.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{{Description: "The PO is received.", Field: &world.FieldMatch{Table: pos, Key: r["id"], Column: "status", Equals: "received"}}}
		},
		Touches: func(r engine.Row) []world.Change {
			return []world.Change{{Table: pos, Keys: []any{r["id"]}, Ops: []string{"update"}}}
		},
	})

	// Chore: raise and send a PO.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		x := active[tc.R.IntN(len(active))]
		it := x.sell[tc.R.IntN(len(x.sell))]
		qty := int64(10 * (2 + tc.R.IntN(8)))
		// Not a quantity the seed already has on order from the supplier:
		// the new PO would then be there before the task began.
		for kit.CountWhere(po.Rows, "supplier_id", x.row["id"], "item", it.Name, "quantity", qty) > 0 {
			qty += 10
		}
		amount := cost(it, qty)
		id := po.ID(tc.NextID(pos))
		return engine.Task{
			Title: "raise purchase order",
			Instruction: fmt.Sprintf("We are running low on %s. Order %d units from %s (%s) for %s in total, and send them the order.",
				it.Name, qty, x.row["name"], x.row["id"], g.Locale.C.FormatMoney(amount)),
			Calls: []world.Call{
				{Tool: "create_purchase_order", Args: map[string]any{"supplier_id": x.row["id"], "item": it.Name, "quantity": qty, "amount": amount}},
				{Tool: "send_purchase_order", Args: map[string]any{"po_id": id}},
			},
			Assertions: []world.Assertion{
				{Description: "A PO with the supplier for the item exists.", Exists: &world.RowMatch{Table: pos, Where: map[string]any{"id": id, "supplier_id": x.row["id"], "item": it.Name, "quantity": qty, "amount": amount}}},
				{Description: "It was sent.", Field: &world.FieldMatch{Table: pos, Key: id, Column: "status", Equals: "sent"}},
				{Description: "Only one such PO was raised.", Count: &world.CountMatch{Table: pos, Where: map[string]any{"supplier_id": x.row["id"], "item": it.Name, "status": map[string]any{"in": []any{"draft", "sent"}}},
					Equals: kit.PtrInt(kit.CountWhere(po.Rows, "supplier_id", x.row["id"], "item", it.Name, "status", "draft") + kit.CountWhere(po.Rows, "supplier_id", x.row["id"], "item", it.Name, "status", "sent") + 1)}},
			},
			MayChange: []world.Change{{Table: pos, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// producersArePeople reports whether every kind of supplier the brief names is a
// person (farmers, growers), not a firm.
func producersArePeople(kinds []string) bool {
	lex := lexicon.Load()
	for _, k := range kinds {
		if lex.Nature(k) != "person" {
			return false
		}
	}
	return len(kinds) > 0
}
