package archetypes

import (
	"fmt"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

// The balance after a deposit (the plan's billing attribute "balance"):
// what remains of the price, when it is due and when it was paid, on
// each deposit of [buildDeposits].

// balanceNote says when the balance after a deposit is due: "before",
// "after" the work, or "later".
func balanceNote(when, work string) string {
	switch when {
	case "before":
		return " The balance is due before the " + work + " goes ahead."
	case "after":
		return " The balance is due when the " + work + " is over."
	}
	return " The balance is paid later."
}

// balanceColumns are what a deposit records of the rest of the price.
func balanceColumns(work string) []world.Column {
	return []world.Column{
		kit.Opt(kit.Money("balance", "What remains of the "+work+"'s price after the deposit")),
		kit.Opt(kit.Date("balance_due_on", "When the balance is due.")),
		kit.Opt(kit.Date("balance_paid_on", "When the balance arrived.")),
	}
}

// addBalance gives a seed deposit row the rest of the price and its due
// date.
func addBalance(g *engine.Gen, row engine.Row, price any) {
	total, ok := price.(int64)
	dep, _ := row["amount"].(int64)
	if !ok || total <= dep {
		return
	}
	row["balance"] = total - dep
	row["balance_due_on"] = g.Day(7 + g.R.IntN(40))
}

// buildBalanceTool records the balance of a deposit paid.
func buildBalanceTool(s *engine.Svc, table, noun, o string) {
	s.Tool(false, kit.Tool(s.Name, "record_balance_payment", "Record a balance paid",
		fmt.Sprintf("Mark the balance after a paid %s paid, as of today.", noun),
		[]world.ArgSpec{kit.S(o+"_id", true, "")},
		kit.Get(table, o+"_id", "dep", "No "+noun+" {"+o+"_id}."),
		world.Step{Require: "$dep.status", Equals: "paid", Message: engine.Title(noun) + " {" + o + "_id} is {dep.status}; the balance follows a paid " + noun + "."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"balance_paid_on": "$today"}}))
}
