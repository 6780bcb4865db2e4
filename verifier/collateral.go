package verifier

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/world"
)

// change is one row that differs between the initial and final states.
type change = world.RowChange

func changeName(c change) string { return c.Op + " " + c.Table + " " + keyString(c.Key) }

func (g *grader) allowed(c change) bool {
	for _, m := range g.spec.MayChange {
		if m.Table != c.Table {
			continue
		}
		if len(m.Keys) > 0 && !slices.ContainsFunc(m.Keys, func(k any) bool { return keyString(k) == keyString(c.Key) }) {
			continue
		}
		if len(m.Ops) > 0 && !slices.Contains(m.Ops, c.Op) {
			continue
		}
		return true
	}
	return false
}

// collateral judges the rows that differ from the task's initial state
// (see [world.Diff]: by table name, then key).
func (g *grader) collateral(changes []change) Check {
	c := Check{ID: "collateral", Kind: KindCollateral, Weight: 1}
	var bad []change
	for _, ch := range changes {
		if !g.allowed(ch) {
			bad = append(bad, ch)
		}
	}
	if len(bad) == 0 {
		c.Passed = true
		switch len(changes) {
		case 0:
			c.Detail = "no rows changed"
		case 1:
			c.Detail = "1 row changed, allowed by may_change"
		default:
			c.Detail = fmt.Sprintf("%d rows changed, all allowed by may_change", len(changes))
		}
		return c
	}
	names := make([]string, 0, maxShown)
	for _, ch := range bad[:min(len(bad), maxShown)] {
		names = append(names, changeName(ch))
	}
	noun := "changes"
	if len(bad) == 1 {
		noun = "change"
	}
	c.Detail = fmt.Sprintf("%d %s outside may_change: %s", len(bad), noun, strings.Join(names, ", "))
	if len(bad) > maxShown {
		c.Detail += fmt.Sprintf(" and %d more", len(bad)-maxShown)
	}
	for _, ch := range bad[:min(len(bad), maxRows)] {
		o := ordered{{"op", ch.Op}, {"table", ch.Table}, {"key", ch.Key}}
		if ch.Before != nil {
			o = append(o, field{"before", rowObject(ch.Columns, ch.Before, g.types(ch.Table))})
		}
		if ch.After != nil {
			o = append(o, field{"after", rowObject(ch.Columns, ch.After, g.types(ch.Table))})
		}
		c.Rows = append(c.Rows, o.encode())
	}
	return c
}
