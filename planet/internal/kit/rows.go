package kit

import (
	"encoding/json"
	"fmt"
	"github.com/mercury/mcp-world/planet/internal/engine"
)

// Lookup returns a column of the entity row with the given id.
func Lookup(e *engine.Entity, id any, col string) any {
	for _, r := range e.Rows {
		if r[e.Key] == id {
			return r[col]
		}
	}
	return nil
}

func ActiveRows(e *engine.Entity) []engine.Row {
	var out []engine.Row
	for _, r := range e.Rows {
		if r["status"] == "active" {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return e.Rows
	}
	return out
}

func CountWhere(rows []engine.Row, kv ...any) int {
	n := 0
	for _, r := range rows {
		ok := true
		for i := 0; i < len(kv); i += 2 {
			if r[kv[i].(string)] != kv[i+1] {
				ok = false
			}
		}
		if ok {
			n++
		}
	}
	return n
}

func PtrInt(n int) *int { return &n }

func NumPtr(n int) *json.Number { x := json.Number(fmt.Sprint(n)); return &x }
