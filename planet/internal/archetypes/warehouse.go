package archetypes

import (
	"fmt"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

func init() { kit.Register("warehouse", "Warehouse", buildWarehouse) }

func buildWarehouse(k *kit.Builder) {
	g, s := k.Gen, k.Svc
	s.Description = fmt.Sprintf("The warehouse of %s: storage bins with what they hold, and stock movements (receipts, picks for %s, returns, transfers, adjustments).",
		g.Company.Name, g.Vocab.Work.Many)
	const bt, mt = "warehouse_bins", "warehouse_movements"
	s.Table(bt, "Storage bins (locations) and their stock.", "BIN-", 3,
		kit.PK(),
		kit.Unique(kit.Text("code", "Location code: aisle-rack-level, e.g. A-01-02.")),
		kit.Enum("zone", "Storage zone.", "ambient", "cold", "bulk", "returns"),
		kit.Opt(kit.Text("item", "What the bin holds (empty bins: none).")),
		kit.Int("qty_on_hand", "Units in the bin at the last count."),
		kit.Int("capacity", "Units the bin can hold."),
		kit.Date("last_counted_on", "Date of the last stock count."),
	)
	// Movements are MOV-… unless the world already uses that prefix (a
	// cinema's moviegoers): ids must not be mistaken across tables.
	mp := k.Gen.FreePrefix("MOV-", "STM-", "SMV-")
	s.Table(mt, "Stock movements.", mp, 5,
		kit.PK(),
		kit.Enum("kind", "receipt (goods in), pick (goods out for a "+k.W+"), return (goods back), transfer or adjustment.", "receipt", "pick", "return", "transfer", "adjustment"),
		kit.Ref("bin_id", bt, "The bin it is booked on."),
		kit.Text("item", "What moves."),
		kit.Int("quantity", "Units."),
		kit.Opt(kit.RefersTo("order_ref", k.Work.Table+".id", "Id of the "+k.W+" it is for, if any.")),
		kit.Enum("status", "Picks: open → picked → shipped; other kinds: open → done; any open one can be cancelled.", "open", "picked", "shipped", "done", "cancelled"),
		kit.Datetime("created_at", "When it was booked."),
		kit.Opt(kit.Datetime("done_at", "When it was finished.")),
	)
	items := k.StockItems()

	// Seed bins: every item has a home bin; some bins are empty.
	var bins []engine.Row
	zones := []string{"ambient", "ambient", "bulk", "cold"}
	nb := max(len(items)+3, 10+g.R.IntN(6))
	for i := 0; i < nb; i++ {
		aisle := string(rune('A' + i/6))
		r := engine.Row{"id": k.NextID(bt), "code": fmt.Sprintf("%s-%02d-%02d", aisle, 1+i%6, 1+g.R.IntN(4)), "zone": engine.Pick(g.R, zones), "capacity": int64(200 + 100*g.R.IntN(5)),
			"qty_on_hand": int64(0), "last_counted_on": g.Day(-g.R.IntN(60) - 1)}
		if i < len(items) {
			r["item"], r["qty_on_hand"] = items[i], int64(10+g.R.IntN(180))
		} else if i == nb-1 {
			r["zone"] = "returns"
		}
		bins = append(bins, k.Add(nil, bt, r))
	}
	home := func(item any) engine.Row {
		for _, b := range bins {
			if b["item"] == item {
				return b
			}
		}
		return bins[0]
	}
	returns := bins[len(bins)-1]

	pick := k.Entity(mt, "pick", "picks", k.ViaRoles("order_ref", k.Work.Table, "customer_id"))
	pick.Goods = true
	pick.Roles["item"] = engine.Column("item")
	pick.Roles["order_ref"] = engine.Column("order_ref")
	move := func(e *engine.Entity, kind string, b engine.Row, item any, qty int64, order any, status string, day int) engine.Row {
		r := engine.Row{"id": k.NextID(mt), "kind": kind, "bin_id": b["id"], "item": item, "quantity": qty, "order_ref": order, "status": status, "created_at": kit.LocalTime(g, min(day, -1), 8.5)}
		if status == "shipped" || status == "done" {
			r["done_at"] = kit.LocalTime(g, min(day, -1), 15)
		}
		return k.Add(e, mt, r)
	}
	// Goods received in the past weeks and expected this week; open picks
	// for work in hand.
	for i := 0; i < 4+g.R.IntN(4); i++ {
		it := engine.Pick(g.R, items)
		d := -g.R.IntN(30) - 1
		st := "done"
		if i < 2 {
			d, st = g.R.IntN(4), "open"
		}
		move(nil, "receipt", home(it), it, int64(20*(1+g.R.IntN(10))), nil, st, d)
	}
	for _, w := range k.WorkIn(g.Vocab.States[:max(1, len(g.Vocab.States)-1)]...) {
		if g.R.IntN(3) == 0 {
			it := k.StockItemFor(items, w)
			move(pick, "pick", home(it), it, int64(1+g.R.IntN(4)), w["id"], "open", -1)
		}
	}

	// Tools.
	k.Tool(true, "search_warehouse_bins", "Search bins",
		fmt.Sprintf("Find storage bins by code or item, or by zone. Returns id (like %s), code, zone, item, qty_on_hand, capacity and last_counted_on.", g.FormatID(bt, 1)),
		[]world.ArgSpec{kit.S("query", false, "Part of the bin code or the item."), kit.A("zone", bt+".zone", false, "")},
		kit.Search(bt, []string{"code"}, nil, kit.FAny("query", "code", "item"), kit.F("zone", "eq", "zone")))
	k.Tool(false, "search_warehouse_movements", "Search stock movements",
		"List stock movements, newest first, by kind, status, bin or the id of the "+k.W+" they are for.",
		[]world.ArgSpec{kit.A("kind", mt+".kind", false, ""), kit.A("status", mt+".status", false, ""), kit.S("bin_id", false, ""), kit.S("order_ref", false, "Id of the "+k.W+".")},
		kit.Search(mt, []string{"-created_at"}, nil, kit.F("kind", "eq", "kind"), kit.F("status", "eq", "status"), kit.F("bin_id", "eq", "bin_id"), kit.F("order_ref", "eq", "order_ref")))
	k.Tool(true, "book_warehouse_movement", "Book a stock movement",
		"Book a stock movement on a bin: a receipt, a pick for a "+k.W+" (give order_ref), a return, a transfer or an adjustment. It starts open. Returns it with its id ("+mp+"…).",
		[]world.ArgSpec{kit.A("kind", mt+".kind", true, ""), kit.S("bin_id", true, "e.g. "+g.FormatID(bt, 1)), kit.S("item", true, ""), kit.IntArg("quantity", true, "Units.", 1),
			kit.S("order_ref", false, "Id of the "+k.W+" it is for.")},
		kit.Get(bt, "bin_id", "b", "No bin {bin_id}; search_warehouse_bins lists them."),
		kit.Insert(mt, "", map[string]any{"kind": "$kind", "bin_id": "$bin_id", "item": "$item", "quantity": "$quantity", "order_ref": "$order_ref", "status": "open", "created_at": "$now"}))
	k.Tool(false, "confirm_warehouse_pick", "Confirm a pick",
		"Confirm that an open pick has been taken from its bin (picked).",
		[]world.ArgSpec{kit.S("movement_id", true, "e.g. "+mp+"00001")},
		kit.Get(mt, "movement_id", "m", "No movement {movement_id}."),
		world.Step{Require: "$m.kind", Equals: "pick", Message: "{movement_id} is a {m.kind}, not a pick."},
		world.Step{Require: "$m.status", Equals: "open", Message: "Pick {movement_id} is {m.status}; only open picks can be confirmed."},
		world.Step{Update: mt, Key: "$movement_id", Set: map[string]any{"status": "picked"}})
	k.Tool(true, "ship_warehouse_pick", "Ship a pick",
		"Mark a picked pick as shipped (it has left the dock), now.",
		[]world.ArgSpec{kit.S("movement_id", true, "e.g. "+mp+"00001")},
		kit.Get(mt, "movement_id", "m", "No movement {movement_id}."),
		world.Step{Require: "$m.kind", Equals: "pick", Message: "{movement_id} is a {m.kind}, not a pick."},
		world.Step{Require: "$m.status", Equals: "picked", Message: "Pick {movement_id} is {m.status}; confirm_warehouse_pick first."},
		world.Step{Update: mt, Key: "$movement_id", Set: map[string]any{"status": "shipped", "done_at": "$now"}})
	k.Tool(false, "close_warehouse_movement", "Close a stock movement",
		"Mark an open receipt, return, transfer or adjustment done, now.",
		[]world.ArgSpec{kit.S("movement_id", true, "e.g. "+mp+"00001")},
		kit.Get(mt, "movement_id", "m", "No movement {movement_id}."),
		world.Step{Require: "$m.kind", NotIn: kit.Vals("pick"), Message: "{movement_id} is a pick; use ship_warehouse_pick."},
		world.Step{Require: "$m.status", Equals: "open", Message: "Movement {movement_id} is {m.status}; only open ones can be closed."},
		world.Step{Update: mt, Key: "$movement_id", Set: map[string]any{"status": "done", "done_at": "$now"}})

	// Event: a pick leaves the warehouse.
	var inHand []engine.Row
	for _, w := range k.WorkIn(g.Vocab.States[:max(1, len(g.Vocab.States)-1)]...) {
		if kit.Lookup(k.Cust, w["customer_id"], "status") == "active" {
			inHand = append(inHand, w)
		}
	}
	if len(inHand) == 0 {
		inHand = k.Work.Rows
	}
	s.Events = append(s.Events, &engine.Event{
		Entity: pick, Name: "shipped", Kind: "done", When: "a pick is shipped from the Warehouse", Where: map[string]any{"kind": "pick", "status": "shipped"},
		InState: func(r engine.Row) bool { return r["kind"] == "pick" && r["status"] == "shipped" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			w := engine.Pick(tc.R, inHand)
			it := k.StockItemFor(items, w)
			return engine.Row{"id": k.TaskID(tc, mt), "kind": "pick", "bin_id": home(it)["id"], "item": it, "quantity": int64(1 + tc.R.IntN(4)),
				"order_ref": w["id"], "status": "picked", "created_at": kit.LocalTime(g, -1, 14)}
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "ship_warehouse_pick", Args: map[string]any{"movement_id": r["id"]}}}
		},
		Ask: []string{
			"Pick {id} ({item}) for {order_ref} has left the dock. Mark it shipped.",
			"The truck just took pick {id} for {name} ({order_ref}); record it as shipped.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The pick is shipped.", mt, r["id"], "status", "shipped")}
		},
		Touches: func(r engine.Row) []world.Change { return []world.Change{kit.Change(mt, []any{r["id"]}, "update")} },
	})

	// Action: finished or called-off work moves stock.
	s.Actions = append(s.Actions, &engine.Action{
		On:      []string{"done"},
		Service: s.Name, Name: "stock booked", Needs: []string{"id", "date"},
		Then: "the stock it uses must be booked in the Warehouse: a stock movement with the {noun} id as order reference",
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Eq("order_ref", "id").In(mt, "", map[string]any{"status": map[string]any{"ne": "cancelled"}})
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			tc.NextID(mt)
			item := k.StockItemFor(items, r)
			return []world.Call{{Tool: "book_warehouse_movement", Args: map[string]any{"kind": "pick", "bin_id": home(item)["id"], "item": item, "quantity": 1, "order_ref": r[up.Key]}}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			return []world.Assertion{kit.Exists("A stock movement references it.", mt, map[string]any{"order_ref": r[up.Key], "status": map[string]any{"ne": "cancelled"}})}
		},
		Touches: []world.Change{kit.Change(mt, nil, "insert")},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			for _, m := range kit.RowsWhere(g.Rows(mt), "order_ref", r[up.Key]) {
				if m["status"] != "cancelled" {
					return
				}
			}
			item := k.StockItemFor(items, r)
			day := min(-1, kit.DaysFromStart(g, up.Val("date", r)))
			if r["status"] == k.Cancel {
				move(nil, "return", returns, item, 1, r[up.Key], "done", day)
			} else {
				move(pick, "pick", home(item), item, int64(1+g.R.IntN(3)), r[up.Key], "shipped", day)
			}
		},
	})

	// Chores.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		it := engine.Pick(tc.R, items)
		b := home(it)
		qty := int64(10 * (2 + tc.R.IntN(20)))
		id := k.TaskID(tc, mt)
		return engine.Task{
			Title:       "book goods receipt",
			Instruction: fmt.Sprintf("A delivery of %d × %s is arriving today. Book the receipt into bin %s.", qty, it, b["code"]),
			Calls:       []world.Call{{Tool: "book_warehouse_movement", Args: map[string]any{"kind": "receipt", "bin_id": b["id"], "item": it, "quantity": qty}}},
			Assertions: []world.Assertion{
				kit.Exists("The receipt is booked on the bin.", mt, map[string]any{"id": id, "kind": "receipt", "bin_id": b["id"], "item": it, "quantity": qty, "status": "open"}),
				kit.CountIs("One receipt was booked.", mt, map[string]any{"kind": "receipt", "bin_id": b["id"], "quantity": qty},
					len(kit.RowsWhere(g.Rows(mt), "kind", "receipt", "bin_id", b["id"], "quantity", qty))+1),
			},
			MayChange: []world.Change{kit.Change(mt, nil, "insert")},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		open := kit.RowsWhere(g.Rows(mt), "kind", "pick", "status", "open")
		if len(open) == 0 {
			return engine.Task{}, false
		}
		m := engine.Pick(tc.R, open)
		return engine.Task{
			Title:       "confirm pick",
			Instruction: fmt.Sprintf("The %d × %s for %s have been taken from the shelf and are waiting at the dock. Confirm the pick.", m["quantity"], m["item"], m["order_ref"]),
			Calls:       []world.Call{{Tool: "confirm_warehouse_pick", Args: map[string]any{"movement_id": m["id"]}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The pick is confirmed.", mt, m["id"], "status", "picked"),
				engine.Constraint(kit.Exists("It has not been shipped yet.", mt, map[string]any{"id": m["id"], "done_at": nil})),
			},
			MayChange: []world.Change{kit.Change(mt, []any{m["id"]}, "update")},
			Services:  []string{s.Name},
		}, true
	}})
	g.SetEntity("warehouse_pick", pick)
}
