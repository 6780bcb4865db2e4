package archetypes

import (
	"fmt"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

func init() {
	engine.Register(&engine.ServiceDef{Name: "inventory", Title: "Inventory", Layer: engine.LayerFollowUp, Weight: 0.8, Folder: "purchasing", Build: buildInventory})
}

// inventoryExtra are goods a task can bring into stock: never seeded, so a
// new one never shares a name with a stocked item.
var inventoryExtra = []string{"Batteries AA, pack of 24", "Thermal printer labels, 10 rolls", "Hand sanitiser, 5 l", "Bin liners, roll of 50", "Paper towels, 12 rolls", "Whiteboard markers, set of 8"}

func buildInventory(g *engine.Gen, s *engine.Svc) {
	const items, counts = "inventory_items", "inventory_counts"
	s.Description = fmt.Sprintf("Stock kept by %s: every item with its SKU, quantity on hand, reorder level and storage location, and the history of stock counts.", g.Company.Name)
	s.Table(items, "Stock items.", "ITM-", 4,
		kit.PK(), kit.Unique(kit.Text("sku", "Stock keeping unit code.")), kit.Text("name", "Item name."),
		kit.Int("on_hand", "Units in stock, as of the last count."), kit.Int("reorder_level", "Reorder when stock falls below this."),
		kit.Text("location", "Where it is stored."))
	s.Table(counts, "Stock counts: each sets the quantity on hand of an item.", "CNT-", 5,
		kit.PK(), kit.Ref("item_id", items, "The item counted."), kit.Int("counted", "Units found."),
		kit.Opt(kit.Text("reference", "What the count is about, e.g. the id of an order or PO.")), kit.Datetime("counted_at", "When."))

	it := &engine.Entity{Service: s.Name, Table: items, Key: "id", Noun: "item", Plural: "items", Prefix: "ITM-", Width: 4,
		Roles: map[string]engine.Role{"id": engine.Column("id"), "name": engine.Column("name"), "sku": engine.Column("sku"),
			// low_count is the count that takes an item below its reorder level.
			"low_count": {SQL: func(a string) string { return "(" + a + ".reorder_level / 2)" }, Value: func(r engine.Row) any { return r["reorder_level"].(int64) / 2 }}}}
	locations := g.Locale.Lex().Sentences("stock_location")
	// A SKU is made from the English name, so a translated item keeps a
	// readable code (LEG-001, not XXX-001 for 法令データベース).
	sku := func(name string, n int) string {
		a := strings.ToUpper(engine.ASCIIFold(name))
		if len(a) < 3 {
			a += "XXX"
		}
		return fmt.Sprintf("%s-%03d", a[:3], n)
	}
	addCount := func(itemID any, counted int64, ref any, at string) {
		r := engine.Row{"id": fmt.Sprintf("CNT-%05d", len(g.Rows(counts))+1), "item_id": itemID, "counted": counted, "counted_at": at}
		if ref != nil {
			r["reference"] = ref
		}
		tablesAdd(g, s, counts, r)
	}
	low := g.R.IntN(2) == 0
	for i, x := range kit.StockItemsOf(g) {
		reorder := int64(5 + g.R.IntN(16))
		onHand := reorder + int64(20+g.R.IntN(60))
		if low && i == len(g.Vocab.Items) {
			onHand = reorder / 2
		}
		r := engine.Row{"id": it.ID(i + 1), "sku": sku(x.English(), i+1), "name": x.Name, "on_hand": onHand, "reorder_level": reorder, "location": engine.Pick(g.R, locations)}
		it.Rows = append(it.Rows, r)
		tablesAdd(g, s, items, r)
	}
	for _, r := range it.Rows {
		for k := g.R.IntN(3); k > 0; k-- {
			addCount(r["id"], r["on_hand"].(int64)+int64(3*k), nil, kit.Clock(g, -7*k-g.R.IntN(5), 17, 0))
		}
	}
	byName := func(name any) engine.Row {
		for _, r := range it.Rows {
			if r["name"] == name {
				return r
			}
		}
		return nil
	}

	// Tools.
	s.Tool(true, kit.Tool(s.Name, "search_items", "Search stock",
		"Find stock items by name or SKU, or by location. Returns id (like ITM-0001), sku, name, on_hand, reorder_level and location.",
		[]world.ArgSpec{kit.S("query", false, "Part of the name or SKU."), kit.S("location", false, "Part of the storage location.")},
		kit.Search(items, []string{"name"}, []string{"id", "sku", "name", "on_hand", "reorder_level", "location"}, kit.FAny("query", "name", "sku"), kit.F("location", "contains", "location"))))
	s.Tool(false, kit.Tool(s.Name, "get_item", "Get a stock item", "Read one stock item by id.",
		[]world.ArgSpec{kit.S("item_id", true, "e.g. ITM-0001")},
		kit.Get(items, "item_id", "", "No item {item_id}; search_items finds ids.")))
	s.Tool(true, kit.Tool(s.Name, "record_stock_count", "Record a stock count",
		"Record how many units of an item were counted; the count becomes the item's quantity on hand (it replaces it, it is not added). Give a reference (an order or PO id) when the count is about one. Returns the item.",
		[]world.ArgSpec{kit.S("item_id", true, ""), {Name: "counted", Type: "integer", Required: true, Minimum: kit.NumPtr(0), Description: "Units found."}, kit.S("reference", false, "Id of the order, PO or other record the count is about.")},
		kit.Get(items, "item_id", "item", "No item {item_id}; search_items finds ids."),
		kit.Insert(counts, "", map[string]any{"item_id": "$item.id", "counted": "$counted", "reference": "$reference", "counted_at": "$now"}),
		kit.Update(items, "item_id", "", map[string]any{"on_hand": "$counted"})))
	s.Tool(false, kit.Tool(s.Name, "set_reorder_level", "Set a reorder level",
		"Change the stock level below which an item should be reordered.",
		[]world.ArgSpec{kit.S("item_id", true, ""), {Name: "reorder_level", Type: "integer", Required: true, Minimum: kit.NumPtr(0)}},
		world.Step{Update: items, Key: "$item_id", Set: map[string]any{"reorder_level": "$reorder_level"}, Message: "No item {item_id}."}))
	s.Tool(false, kit.Tool(s.Name, "list_stock_counts", "List stock counts",
		"Past stock counts, newest first, by item or by reference.",
		[]world.ArgSpec{kit.S("item_id", false, ""), kit.S("reference", false, "Order, PO or other id.")},
		kit.Search(counts, []string{"-counted_at"}, nil, kit.F("item_id", "eq", "item_id"), kit.F("reference", "eq", "reference"))))

	// Event: a count takes an item below its reorder level.
	s.Events = append(s.Events, &engine.Event{
		Entity: it, Name: "low-stock",
		When: "a stock count leaves an item below its reorder level",
		// Stock below its reorder level compares two columns, which a
		// structured rule cannot say: no policy reacts to it.
		Where:   nil,
		InState: func(r engine.Row) bool { return r["on_hand"].(int64) < r["reorder_level"].(int64) },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			n := tc.NextID(items)
			name := engine.Pick(tc.R, inventoryExtra)
			reorder := int64(10 + tc.R.IntN(11))
			return engine.Row{"id": it.ID(n), "sku": sku(name, n), "name": name, "on_hand": reorder + int64(15+tc.R.IntN(25)), "reorder_level": reorder, "location": engine.Pick(tc.R, locations)}
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "record_stock_count", Args: map[string]any{"item_id": r["id"], "counted": r["reorder_level"].(int64) / 2}}}
		},
		Ask: []string{
			"The shelf count of {name} ({id}) came to {low_count} units. Please record the count.",
			"We only have {low_count} of {name} left ({id}, SKU {sku}). Update the stock.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{{Description: "The count is on record.", Field: &world.FieldMatch{Table: items, Key: r["id"], Column: "on_hand", Equals: r["reorder_level"].(int64) / 2}}}
		},
		Touches: func(r engine.Row) []world.Change {
			return []world.Change{{Table: items, Keys: []any{r["id"]}, Ops: []string{"update"}}, {Table: counts, Ops: []string{"insert"}}}
		},
	})

	// Action: count the stock of the item an order or PO moved. Only
	// records that move stock have the role "stock_item" (a PO; an order
	// where the company sells goods), so a finished appointment never asks
	// for its treatment to be counted.
	s.Actions = append(s.Actions, &engine.Action{
		Service: s.Name, Name: "counted", Needs: []string{"id", "stock_item"},
		Then: "the stock of its item must be counted in Inventory, with the {noun} id as the count's reference",
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Eq("reference", "id").Eq("item_id.name", "stock_item").In(counts, "", nil)
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			x := byName(up.Val("stock_item", r))
			if x == nil {
				return nil
			}
			tc.NextID(counts)
			n := x["on_hand"].(int64)
			if up.Has("quantity") {
				q := up.Val("quantity", r).(int64)
				switch {
				case up.Inbound:
					n += q // goods arrived
				case r["status"] == "confirmed":
					n -= q // an order about to ship
				}
			}
			n = max(n, x["reorder_level"].(int64))
			return []world.Call{{Tool: "record_stock_count", Args: map[string]any{"item_id": x["id"], "counted": n, "reference": r[up.Key]}}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			where := map[string]any{"reference": r[up.Key]}
			if x := byName(up.Val("stock_item", r)); x != nil {
				where["item_id"] = x["id"]
			}
			return []world.Assertion{{Description: "The item's stock was counted with the reference.", Exists: &world.RowMatch{Table: counts, Where: where}}}
		},
		Touches: []world.Change{{Table: items, Ops: []string{"update"}}, {Table: counts, Ops: []string{"insert"}}},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			x := byName(up.Val("stock_item", r))
			if x == nil {
				return
			}
			for _, c := range g.Rows(counts) {
				if c["reference"] == r[up.Key] && c["item_id"] == x["id"] {
					return
				}
			}
			g.AddRow(counts, engine.Row{"id": fmt.Sprintf("CNT-%05d", len(g.Rows(counts))+1), "item_id": x["id"], "counted": x["on_hand"], "reference": r[up.Key],
				"counted_at": kit.Clock(g, -1-g.R.IntN(10), 16, 30)})
		},
	})

	// Chore: record a stock count.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		ok := kit.Where(it.Rows, func(r engine.Row) bool { return r["on_hand"].(int64) >= r["reorder_level"].(int64)+5 })
		if len(ok) == 0 {
			return engine.Task{}, false
		}
		r := engine.Pick(tc.R, ok)
		counted := r["on_hand"].(int64) - int64(1+tc.R.IntN(4))
		tc.NextID(counts)
		return engine.Task{
			Title:       "record stock count",
			Instruction: fmt.Sprintf("Today's stocktake in %s found %d units of %s (SKU %s). Please record the count.", r["location"], counted, r["name"], r["sku"]),
			Calls:       []world.Call{{Tool: "record_stock_count", Args: map[string]any{"item_id": r["id"], "counted": counted}}},
			Assertions: []world.Assertion{
				{Description: "The stock on hand is the counted figure.", Field: &world.FieldMatch{Table: items, Key: r["id"], Column: "on_hand", Equals: counted}},
				{Description: "The count is in the history.", Exists: &world.RowMatch{Table: counts, Where: map[string]any{"item_id": r["id"], "counted": counted}}},
			},
			MayChange: []world.Change{{Table: items, Keys: []any{r["id"]}, Ops: []string{"update"}}, {Table: counts, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
	// Chore: change a reorder level.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		ok := kit.Where(it.Rows, func(r engine.Row) bool { return r["on_hand"].(int64) >= r["reorder_level"].(int64)+10 })
		if len(ok) == 0 {
			return engine.Task{}, false
		}
		r := engine.Pick(tc.R, ok)
		level := r["reorder_level"].(int64) + int64(2+tc.R.IntN(6))
		return engine.Task{
			Title:       "raise reorder level",
			Instruction: fmt.Sprintf("We keep running short of %s (SKU %s). From now on reorder it when fewer than %d are left.", r["name"], r["sku"], level),
			Calls:       []world.Call{{Tool: "set_reorder_level", Args: map[string]any{"item_id": r["id"], "reorder_level": level}}},
			Assertions: []world.Assertion{
				{Description: "The new reorder level is set.", Field: &world.FieldMatch{Table: items, Key: r["id"], Column: "reorder_level", Equals: level}},
				{Description: "The stock on hand is unchanged.", Role: world.RoleConstraint, Field: &world.FieldMatch{Table: items, Key: r["id"], Column: "on_hand", Equals: r["on_hand"]}},
			},
			MayChange: []world.Change{{Table: items, Keys: []any{r["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}
