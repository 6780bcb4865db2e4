package planet

import (
	"fmt"

	"github.com/mercury/mcp-world/world"
)

func init() { vkRegister("warehouse", "Warehouse", buildWarehouse) }

func buildWarehouse(k *vk) {
	g, s := k.g, k.s
	s.Description = fmt.Sprintf("The warehouse of %s: storage bins with what they hold, and stock movements (receipts, picks for %s, returns, transfers, adjustments).",
		g.Company.Name, g.Vocab.Work.Many)
	const bt, mt = "warehouse_bins", "warehouse_movements"
	s.Table(bt, "Storage bins (locations) and their stock.", "BIN-", 3,
		PK(),
		Unique(Text("code", "Location code: aisle-rack-level, e.g. A-01-02.")),
		Enum("zone", "Storage zone.", "ambient", "cold", "bulk", "returns"),
		Opt(Text("item", "What the bin holds (empty bins: none).")),
		Int("qty_on_hand", "Units in the bin at the last count."),
		Int("capacity", "Units the bin can hold."),
		Date("last_counted_on", "Date of the last stock count."),
	)
	// Movements are MOV-… unless the world already uses that prefix (a
	// cinema's moviegoers): ids must not be mistaken across tables.
	mp := k.g.FreePrefix("MOV-", "STM-", "SMV-")
	s.Table(mt, "Stock movements.", mp, 5,
		PK(),
		Enum("kind", "receipt (goods in), pick (goods out for a "+k.W+"), return (goods back), transfer or adjustment.", "receipt", "pick", "return", "transfer", "adjustment"),
		Ref("bin_id", bt, "The bin it is booked on."),
		Text("item", "What moves."),
		Int("quantity", "Units."),
		Opt(RefersTo("order_ref", k.work.Table+".id", "Id of the "+k.W+" it is for, if any.")),
		Enum("status", "Picks: open → picked → shipped; other kinds: open → done; any open one can be cancelled.", "open", "picked", "shipped", "done", "cancelled"),
		Datetime("created_at", "When it was booked."),
		Opt(Datetime("done_at", "When it was finished.")),
	)
	items := k.stockItems()

	// Seed bins: every item has a home bin; some bins are empty.
	var bins []Row
	zones := []string{"ambient", "ambient", "bulk", "cold"}
	nb := max(len(items)+3, 10+g.R.IntN(6))
	for i := 0; i < nb; i++ {
		aisle := string(rune('A' + i/6))
		r := Row{"id": k.nextID(bt), "code": fmt.Sprintf("%s-%02d-%02d", aisle, 1+i%6, 1+g.R.IntN(4)), "zone": Pick(g.R, zones), "capacity": int64(200 + 100*g.R.IntN(5)),
			"qty_on_hand": int64(0), "last_counted_on": g.Day(-g.R.IntN(60) - 1)}
		if i < len(items) {
			r["item"], r["qty_on_hand"] = items[i], int64(10+g.R.IntN(180))
		} else if i == nb-1 {
			r["zone"] = "returns"
		}
		bins = append(bins, k.add(nil, bt, r))
	}
	home := func(item any) Row {
		for _, b := range bins {
			if b["item"] == item {
				return b
			}
		}
		return bins[0]
	}
	returns := bins[len(bins)-1]

	pick := k.entity(mt, "pick", "picks", k.viaRoles("order_ref", k.work.Table, "customer_id"))
	pick.Roles["item"] = Column("item")
	pick.Roles["order_ref"] = Column("order_ref")
	move := func(e *Entity, kind string, b Row, item any, qty int64, order any, status string, day int) Row {
		r := Row{"id": k.nextID(mt), "kind": kind, "bin_id": b["id"], "item": item, "quantity": qty, "order_ref": order, "status": status, "created_at": vkAt(g, min(day, -1), 8.5)}
		if status == "shipped" || status == "done" {
			r["done_at"] = vkAt(g, min(day, -1), 15)
		}
		return k.add(e, mt, r)
	}
	// Goods received in the past weeks and expected this week; open picks
	// for work in hand.
	for i := 0; i < 4+g.R.IntN(4); i++ {
		it := Pick(g.R, items)
		d := -g.R.IntN(30) - 1
		st := "done"
		if i < 2 {
			d, st = g.R.IntN(4), "open"
		}
		move(nil, "receipt", home(it), it, int64(20*(1+g.R.IntN(10))), nil, st, d)
	}
	for _, w := range k.workIn(g.Vocab.States[:max(1, len(g.Vocab.States)-1)]...) {
		if g.R.IntN(3) == 0 {
			it := k.stockItemFor(items, w)
			move(pick, "pick", home(it), it, int64(1+g.R.IntN(4)), w["id"], "open", -1)
		}
	}

	// Tools.
	k.tool(true, "search_warehouse_bins", "Search bins",
		fmt.Sprintf("Find storage bins by code or item, or by zone. Returns id (like %s), code, zone, item, qty_on_hand, capacity and last_counted_on.", g.FormatID(bt, 1)),
		[]world.ArgSpec{S("query", false, "Part of the bin code or the item."), A("zone", bt+".zone", false, "")},
		Search(bt, []string{"code"}, nil, FAny("query", "code", "item"), F("zone", "eq", "zone")))
	k.tool(false, "search_warehouse_movements", "Search stock movements",
		"List stock movements, newest first, by kind, status, bin or the id of the "+k.W+" they are for.",
		[]world.ArgSpec{A("kind", mt+".kind", false, ""), A("status", mt+".status", false, ""), S("bin_id", false, ""), S("order_ref", false, "Id of the "+k.W+".")},
		Search(mt, []string{"-created_at"}, nil, F("kind", "eq", "kind"), F("status", "eq", "status"), F("bin_id", "eq", "bin_id"), F("order_ref", "eq", "order_ref")))
	k.tool(true, "book_warehouse_movement", "Book a stock movement",
		"Book a stock movement on a bin: a receipt, a pick for a "+k.W+" (give order_ref), a return, a transfer or an adjustment. It starts open. Returns it with its id ("+mp+"…).",
		[]world.ArgSpec{A("kind", mt+".kind", true, ""), S("bin_id", true, "e.g. "+g.FormatID(bt, 1)), S("item", true, ""), vkIntArg("quantity", true, "Units.", 1),
			S("order_ref", false, "Id of the "+k.W+" it is for.")},
		Get(bt, "bin_id", "b", "No bin {bin_id}; search_warehouse_bins lists them."),
		Insert(mt, "", map[string]any{"kind": "$kind", "bin_id": "$bin_id", "item": "$item", "quantity": "$quantity", "order_ref": "$order_ref", "status": "open", "created_at": "$now"}))
	k.tool(false, "confirm_warehouse_pick", "Confirm a pick",
		"Confirm that an open pick has been taken from its bin (picked).",
		[]world.ArgSpec{S("movement_id", true, "e.g. "+mp+"00001")},
		Get(mt, "movement_id", "m", "No movement {movement_id}."),
		world.Step{Require: "$m.kind", Equals: "pick", Message: "{movement_id} is a {m.kind}, not a pick."},
		world.Step{Require: "$m.status", Equals: "open", Message: "Pick {movement_id} is {m.status}; only open picks can be confirmed."},
		world.Step{Update: mt, Key: "$movement_id", Set: map[string]any{"status": "picked"}})
	k.tool(true, "ship_warehouse_pick", "Ship a pick",
		"Mark a picked pick as shipped (it has left the dock), now.",
		[]world.ArgSpec{S("movement_id", true, "e.g. "+mp+"00001")},
		Get(mt, "movement_id", "m", "No movement {movement_id}."),
		world.Step{Require: "$m.kind", Equals: "pick", Message: "{movement_id} is a {m.kind}, not a pick."},
		world.Step{Require: "$m.status", Equals: "picked", Message: "Pick {movement_id} is {m.status}; confirm_warehouse_pick first."},
		world.Step{Update: mt, Key: "$movement_id", Set: map[string]any{"status": "shipped", "done_at": "$now"}})
	k.tool(false, "close_warehouse_movement", "Close a stock movement",
		"Mark an open receipt, return, transfer or adjustment done, now.",
		[]world.ArgSpec{S("movement_id", true, "e.g. "+mp+"00001")},
		Get(mt, "movement_id", "m", "No movement {movement_id}."),
		world.Step{Require: "$m.kind", NotIn: vals("pick"), Message: "{movement_id} is a pick; use ship_warehouse_pick."},
		world.Step{Require: "$m.status", Equals: "open", Message: "Movement {movement_id} is {m.status}; only open ones can be closed."},
		world.Step{Update: mt, Key: "$movement_id", Set: map[string]any{"status": "done", "done_at": "$now"}})

	// Event: a pick leaves the warehouse.
	var inHand []Row
	for _, w := range k.workIn(g.Vocab.States[:max(1, len(g.Vocab.States)-1)]...) {
		if lookup(k.cust, w["customer_id"], "status") == "active" {
			inHand = append(inHand, w)
		}
	}
	if len(inHand) == 0 {
		inHand = k.work.Rows
	}
	s.Events = append(s.Events, &Event{
		Entity: pick, Name: "shipped", Kind: "done", When: "a pick is shipped from the Warehouse", Where: map[string]any{"kind": "pick", "status": "shipped"},
		InState: func(r Row) bool { return r["kind"] == "pick" && r["status"] == "shipped" },
		Setup: func(tc *TaskCtx) Row {
			w := Pick(tc.R, inHand)
			it := k.stockItemFor(items, w)
			return Row{"id": k.tcID(tc, mt), "kind": "pick", "bin_id": home(it)["id"], "item": it, "quantity": int64(1 + tc.R.IntN(4)),
				"order_ref": w["id"], "status": "picked", "created_at": vkAt(g, -1, 14)}
		},
		Do: func(r Row) []world.Call {
			return []world.Call{{Tool: "ship_warehouse_pick", Args: map[string]any{"movement_id": r["id"]}}}
		},
		Ask: []string{
			"Pick {id} ({item}) for {order_ref} has left the dock. Mark it shipped.",
			"The truck just took pick {id} for {name} ({order_ref}); record it as shipped.",
		},
		Check: func(r Row) []world.Assertion {
			return []world.Assertion{vkField("The pick is shipped.", mt, r["id"], "status", "shipped")}
		},
		Touches: func(r Row) []world.Change { return []world.Change{vkChange(mt, []any{r["id"]}, "update")} },
	})

	// Action: finished or called-off work moves stock.
	s.Actions = append(s.Actions, &Action{
		On:      []string{"done"},
		Service: s.Name, Name: "stock booked", Needs: []string{"id", "date"},
		Then: "the stock it uses must be booked in the Warehouse: a stock movement with the {noun} id as order reference",
		Rule: func(up *Entity) *world.RuleThen {
			return KeysOf(up).Eq("order_ref", "id").In(mt, "", map[string]any{"status": map[string]any{"ne": "cancelled"}})
		},
		Do: func(tc *TaskCtx, up *Entity, r Row) []world.Call {
			tc.NextID(mt)
			item := k.stockItemFor(items, r)
			return []world.Call{{Tool: "book_warehouse_movement", Args: map[string]any{"kind": "pick", "bin_id": home(item)["id"], "item": item, "quantity": 1, "order_ref": r[up.Key]}}}
		},
		Check: func(tc *TaskCtx, up *Entity, r Row) []world.Assertion {
			return []world.Assertion{vkExists("A stock movement references it.", mt, map[string]any{"order_ref": r[up.Key], "status": map[string]any{"ne": "cancelled"}})}
		},
		Touches: []world.Change{vkChange(mt, nil, "insert")},
		Seed: func(g *Gen, up *Entity, r Row) {
			for _, m := range vkRowsWhere(g.Rows(mt), "order_ref", r[up.Key]) {
				if m["status"] != "cancelled" {
					return
				}
			}
			item := k.stockItemFor(items, r)
			day := min(-1, vkDays(g, up.Val("date", r)))
			if r["status"] == k.cancel {
				move(nil, "return", returns, item, 1, r[up.Key], "done", day)
			} else {
				move(pick, "pick", home(item), item, int64(1+g.R.IntN(3)), r[up.Key], "shipped", day)
			}
		},
	})

	// Chores.
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		it := Pick(tc.R, items)
		b := home(it)
		qty := int64(10 * (2 + tc.R.IntN(20)))
		id := k.tcID(tc, mt)
		return Task{
			Title:       "book goods receipt",
			Instruction: fmt.Sprintf("A delivery of %d × %s is arriving today. Book the receipt into bin %s.", qty, it, b["code"]),
			Calls:       []world.Call{{Tool: "book_warehouse_movement", Args: map[string]any{"kind": "receipt", "bin_id": b["id"], "item": it, "quantity": qty}}},
			Assertions: []world.Assertion{
				vkExists("The receipt is booked on the bin.", mt, map[string]any{"id": id, "kind": "receipt", "bin_id": b["id"], "item": it, "quantity": qty, "status": "open"}),
				vkCount("One receipt was booked.", mt, map[string]any{"kind": "receipt", "bin_id": b["id"], "quantity": qty},
					len(vkRowsWhere(g.Rows(mt), "kind", "receipt", "bin_id", b["id"], "quantity", qty))+1),
			},
			MayChange: []world.Change{vkChange(mt, nil, "insert")},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		open := vkRowsWhere(g.Rows(mt), "kind", "pick", "status", "open")
		if len(open) == 0 {
			return Task{}, false
		}
		m := Pick(tc.R, open)
		return Task{
			Title:       "confirm pick",
			Instruction: fmt.Sprintf("The %d × %s for %s have been taken from the shelf and are waiting at the dock. Confirm the pick.", m["quantity"], m["item"], m["order_ref"]),
			Calls:       []world.Call{{Tool: "confirm_warehouse_pick", Args: map[string]any{"movement_id": m["id"]}}},
			Assertions: []world.Assertion{
				vkField("The pick is confirmed.", mt, m["id"], "status", "picked"),
				constraint(vkExists("It has not been shipped yet.", mt, map[string]any{"id": m["id"], "done_at": nil})),
			},
			MayChange: []world.Change{vkChange(mt, []any{m["id"]}, "update")},
			Services:  []string{s.Name},
		}, true
	}})
	g.SetEntity("warehouse_pick", pick)
}
