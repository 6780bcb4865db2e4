package archetypes

import (
	"fmt"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

func init() {
	engine.Register(&engine.ServiceDef{Name: "orders", Title: "Orders", Layer: engine.LayerOperations, Weight: 1, Folder: "sales", Build: buildOrders})
}

// buildOrders is the order desk: what customers buy from the company's
// range. An order holds one line (item, quantity, unit price): a task's
// seed inserts one row per event, so the content of an order lives on it.
func buildOrders(g *engine.Gen, s *engine.Svc) {
	cust := g.Entity("customer")
	one, many := kit.OwnNouns(g, "order", "orders", "sale", "sales")
	if one != "order" {
		// The industry's own line of work is orders: this desk sells.
		s.Name, s.Title = "sales", "Sales"
	}
	table := s.Name + "_orders"
	prefix := "ORD-"
	if idPrefix(g.Vocab.Work.One) == prefix || cust.Prefix == prefix {
		prefix = "SO-"
	}
	s.Description = fmt.Sprintf("The order desk of %s: %s placed by %s for %s, with quantity, unit price and delivery status.", g.Company.Name, many, cust.Plural, g.Vocab.Offering.Many)
	s.Table(table, engine.Title(many)+", one line each.", prefix, 5,
		kit.PK(),
		kit.RefersTo("customer_id", cust.Table+".id", "CRM id of the "+cust.Noun+" who ordered."),
		kit.Text("item", "What was ordered: one of the "+g.Vocab.Offering.Many+"."),
		kit.Int("quantity", "How many."),
		kit.Money("unit_price", "Price per unit"),
		kit.Text("ship_to", "Delivery city or address."),
		kit.Enum("status", "placed → confirmed → shipped → delivered; cancelled before shipping.", "placed", "confirmed", "shipped", "delivered", "cancelled"),
		kit.Datetime("placed_at", "When it was placed."),
	)
	ord := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Goods: true,
		Roles: map[string]engine.Role{
			"id": engine.Column("id"), "item": engine.Column("item"), "quantity": engine.Column("quantity"), "customer_id": engine.Column("customer_id"),
			"amount": {SQL: func(a string) string { return "(" + a + ".quantity * " + a + ".unit_price)" },
				Value: func(r engine.Row) any { return r["quantity"].(int64) * r["unit_price"].(int64) }, Path: "quantity", Times: "unit_price"},
			"date": {SQL: func(a string) string { return "substr(" + a + ".placed_at, 1, 10)" }, Value: func(r engine.Row) any { return fmt.Sprint(r["placed_at"])[:10] }},
			"email": {SQL: func(a string) string {
				return fmt.Sprintf("(SELECT c.email FROM %s c WHERE c.id = %s.customer_id)", cust.Table, a)
			}, Value: func(r engine.Row) any { return kit.Lookup(cust, r["customer_id"], "email") }, Path: "customer_id.email"},
			"name": {SQL: func(a string) string {
				return fmt.Sprintf("(SELECT c.name FROM %s c WHERE c.id = %s.customer_id)", cust.Table, a)
			}, Value: func(r engine.Row) any { return kit.Lookup(cust, r["customer_id"], "name") }, Path: "customer_id.name"},
		}}
	// Orders move stock only where the company sells goods (a shop, a
	// wholesaler); a law firm's "orders" of services do not.
	if _, resale := seed.SuppliesOf(g.Scenario.Industry); resale {
		ord.Roles["stock_item"] = engine.Column("item")
	}
	items := kit.Offerings(g)
	buyers := kit.ActiveRows(cust)
	newOrder := func(id string, c engine.Row, status string, day int) engine.Row {
		it := engine.Pick(g.R, items)
		return engine.Row{"id": id, "customer_id": c["id"], "item": it.Name, "quantity": int64(1 + g.R.IntN(5)), "unit_price": kit.ItemPrice(g, nil, it), // the list price: one price per item
			"ship_to": c["city"], "status": status, "placed_at": kit.Clock(g, day, 8+g.R.IntN(10), g.R.IntN(60))}
	}
	for i, n := 1, g.Volume("orders"); i <= n; i++ {
		day := -1 - g.R.IntN(40)
		status := "placed"
		switch {
		case day < -20:
			status = "delivered"
		case day < -10:
			status = engine.Pick(g.R, []string{"shipped", "delivered"})
		case day < -4:
			status = "confirmed"
		}
		if g.R.IntN(10) == 0 {
			status = "cancelled"
		}
		if i <= 2 {
			status, day = []string{"placed", "confirmed"}[i-1], -1-g.R.IntN(3)
		}
		r := newOrder(ord.ID(i), engine.Pick(g.R, buyers), status, day)
		ord.Rows = append(ord.Rows, r)
		tablesAdd(g, s, table, r)
	}
	g.SetEntity("order", ord)

	// Tools.
	s.Tool(true, kit.Tool(s.Name, "search_"+many, "Search "+many,
		fmt.Sprintf("Find %s by %s, status or item; newest first. Returns id (like %s), customer_id, item, quantity, unit_price (minor units), status and placed_at.", many, cust.Noun, ord.ID(1)),
		[]world.ArgSpec{kit.S("customer_id", false, "CRM id of the "+cust.Noun+"."), kit.A("status", table+".status", false, ""), kit.S("item", false, "Part of the item name.")},
		kit.Search(table, []string{"-placed_at"}, []string{"id", "customer_id", "item", "quantity", "unit_price", "status", "placed_at"},
			kit.F("customer_id", "eq", "customer_id"), kit.F("status", "eq", "status"), kit.F("item", "contains", "item"))))
	s.Tool(true, kit.Tool(s.Name, "get_"+one, "Get "+kit.WithArticle(one), fmt.Sprintf("Read one %s by id, with delivery address.", one),
		[]world.ArgSpec{kit.S(one+"_id", true, "e.g. "+ord.ID(1))},
		kit.Get(table, one+"_id", "", fmt.Sprintf("No %s {%s_id}; search_%s finds ids.", one, one, many))))
	s.Tool(false, kit.Tool(s.Name, "create_"+one, "Place "+kit.WithArticle(one),
		fmt.Sprintf("Place a new %s for a %s; it starts as placed. unit_price is in minor units (cents). Returns the %s with its id.", one, cust.Noun, one),
		[]world.ArgSpec{kit.S("customer_id", true, "CRM id of the "+cust.Noun+"."), kit.S("item", true, "One of the "+g.Vocab.Offering.Many+"."),
			{Name: "quantity", Type: "integer", Required: true, Minimum: kit.NumPtr(1)}, {Name: "unit_price", Type: "integer", Required: true, Minimum: kit.NumPtr(0), Description: "Minor units (cents)."},
			kit.S("ship_to", true, "Delivery city or address.")},
		kit.Insert(table, "", map[string]any{"customer_id": "$customer_id", "item": "$item", "quantity": "$quantity", "unit_price": "$unit_price", "ship_to": "$ship_to", "status": "placed", "placed_at": "$now"})))
	s.Tool(true, kit.Tool(s.Name, "set_"+one+"_status", "Move "+kit.WithArticle(one)+" along",
		fmt.Sprintf("Move %s one step: placed → confirmed → shipped → delivered. To call one off, use cancel_%s.", kit.WithArticle(one), one),
		[]world.ArgSpec{kit.S(one+"_id", true, ""), {Name: "status", Type: "string", Required: true, Enum: []any{"confirmed", "shipped", "delivered"}}},
		world.Step{Update: table, Key: "$" + one + "_id", Set: map[string]any{"status": "$status"},
			Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{"placed": {"confirmed"}, "confirmed": {"shipped"}, "shipped": {"delivered"}}},
			Message:     fmt.Sprintf("No %s {%s_id}.", one, one)}))
	s.Tool(false, kit.Tool(s.Name, "cancel_"+one, "Cancel "+kit.WithArticle(one),
		fmt.Sprintf("Cancel %s that has not shipped yet.", kit.WithArticle(one)),
		[]world.ArgSpec{kit.S(one+"_id", true, "")},
		kit.Get(table, one+"_id", "o", fmt.Sprintf("No %s {%s_id}.", one, one)),
		world.Step{Require: "$o.status", In: kit.Vals("placed", "confirmed"), Message: fmt.Sprintf("%s {%s_id} is {o.status}; only placed or confirmed %s can be cancelled.", engine.Title(one), one, many)},
		kit.Update(table, one+"_id", "", map[string]any{"status": "cancelled"})))

	// Events: shipped; cancelled.
	setup := func(status string) func(tc *engine.TaskCtx) engine.Row {
		return func(tc *engine.TaskCtx) engine.Row {
			return newOrder(ord.ID(tc.NextID(table)), engine.Pick(tc.R, buyers), status, -1)
		}
	}
	touch := func(r engine.Row) []world.Change {
		return []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}}
	}
	s.Events = append(s.Events, &engine.Event{
		Entity: ord, Name: "shipped", Kind: "done",
		When:    fmt.Sprintf("%s is shipped", kit.WithArticle(one)),
		Where:   map[string]any{"status": map[string]any{"in": kit.Vals("shipped", "delivered")}},
		InState: func(r engine.Row) bool { return r["status"] == "shipped" || r["status"] == "delivered" },
		Setup:   setup("confirmed"),
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "set_" + one + "_status", Args: map[string]any{one + "_id": r["id"], "status": "shipped"}}}
		},
		Ask: []string{
			fmt.Sprintf("%s {id} for {name} ({quantity} × {item}) left the warehouse this morning. Mark it shipped.", engine.Title(one)),
			fmt.Sprintf("The courier picked up %s {id} for {name}. Please record the shipment.", one),
			fmt.Sprintf("%s {id} ({item}) is on its way to {name}; update its status.", engine.Title(one)),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{{Description: "The " + one + " is shipped.", Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "status", Equals: "shipped"}}}
		},
		Touches: touch,
	})
	s.Events = append(s.Events, &engine.Event{
		Entity: ord, Name: "cancelled", Kind: "cancelled",
		When:    fmt.Sprintf("%s is cancelled", kit.WithArticle(one)),
		Where:   map[string]any{"status": "cancelled"},
		InState: func(r engine.Row) bool { return r["status"] == "cancelled" },
		Setup:   setup("placed"),
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "cancel_" + one, Args: map[string]any{one + "_id": r["id"]}}}
		},
		Ask: []string{
			fmt.Sprintf("{name} called to cancel %s {id} ({item}). Please cancel it.", one),
			fmt.Sprintf("%s {id} from {name} is no longer wanted; call it off.", engine.Title(one)),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{{Description: "The " + one + " is cancelled.", Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "status", Equals: "cancelled"}}}
		},
		Touches: touch,
	})

	// Chore: place an order for a customer.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "sales manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		c := engine.Pick(tc.R, buyers)
		it := engine.Pick(tc.R, items)
		qty := int64(2 + tc.R.IntN(8))
		// Not a line the customer already has on order: the new order
		// would then be there before the task began.
		for kit.CountWhere(ord.Rows, "customer_id", c["id"], "item", it.Name, "quantity", qty) > 0 {
			qty++
		}
		price := kit.ItemPrice(g, nil, it)
		tc.NextID(table) // the new row: checked by its details, not its id
		before := kit.CountWhere(ord.Rows, "customer_id", c["id"], "item", it.Name)
		return engine.Task{
			Title: "place " + one,
			Instruction: fmt.Sprintf("%s (%s) would like %d × %s at %s each, delivered to %s. Please place the %s.",
				c["name"], c["id"], qty, it.Name, g.Locale.C.FormatMoney(price), c["city"], one),
			Calls: []world.Call{{Tool: "create_" + one, Args: map[string]any{"customer_id": c["id"], "item": it.Name, "quantity": qty, "unit_price": price, "ship_to": c["city"]}}},
			Assertions: []world.Assertion{
				{Description: "The " + one + " is placed with the right line.", Exists: &world.RowMatch{Table: table, Where: map[string]any{"customer_id": c["id"], "item": it.Name, "quantity": qty, "unit_price": price, "status": "placed"}}},
				{Description: "It goes to the right place.", Exists: &world.RowMatch{Table: table, Where: map[string]any{"customer_id": c["id"], "item": it.Name, "quantity": qty, "ship_to": map[string]any{"contains": c["city"]}}}},
				{Description: "Placed once.", Count: &world.CountMatch{Table: table, Where: map[string]any{"customer_id": c["id"], "item": it.Name}, Equals: kit.PtrInt(before + 1)}},
			},
			MayChange: []world.Change{{Table: table, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
	// Chore: confirm a placed order.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		placed := kit.Where(ord.Rows, func(r engine.Row) bool { return r["status"] == "placed" })
		if len(placed) == 0 {
			return engine.Task{}, false
		}
		r := engine.Pick(tc.R, placed)
		return engine.Task{
			Title:       "confirm " + one,
			Instruction: fmt.Sprintf("We can deliver %s %s (%d × %s for %s). Please confirm it.", one, r["id"], r["quantity"], r["item"], kit.Lookup(cust, r["customer_id"], "name")),
			Calls:       []world.Call{{Tool: "set_" + one + "_status", Args: map[string]any{one + "_id": r["id"], "status": "confirmed"}}},
			Assertions: []world.Assertion{
				{Description: "The " + one + " is confirmed.", Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "status", Equals: "confirmed"}},
				{Description: "Its quantity is unchanged.", Role: world.RoleConstraint, Field: &world.FieldMatch{Table: table, Key: r["id"], Column: "quantity", Equals: r["quantity"]}},
			},
			MayChange: []world.Change{{Table: table, Keys: []any{r["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}
