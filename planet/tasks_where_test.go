package planet

import (
	"github.com/mercury/mcp-world/planet/internal/engine"
	"testing"
)

// TestWhereHolds: a rubric's where conditions hold on seed values as the
// grader's SQL reads them, so a task whose goal its start state already
// meets is caught before validation (an order whose ship_to mentions the
// town already on file).
func TestWhereHolds(t *testing.T) {
	tests := []struct {
		name string
		v    any
		cond any
		want bool
	}{
		{"equal", "open", "open", true},
		{"not equal", "open", "closed", false},
		{"number equal", int64(3), 3, true},
		{"null", nil, nil, true},
		{"null is no value", nil, "open", false},
		{"contains, any case", "ul. Długa 3, Most", map[string]any{"contains": "most"}, true},
		{"does not contain", "Praha 4", map[string]any{"contains": "Most"}, false},
		{"contains on a number", int64(4), map[string]any{"contains": "4"}, false},
		{"ne", "open", map[string]any{"ne": "closed"}, true},
		{"ne on null", nil, map[string]any{"ne": "closed"}, true},
		{"ne null", nil, map[string]any{"ne": nil}, false},
		{"gte", int64(5), map[string]any{"gte": 5}, true},
		{"lt", 2.5, map[string]any{"lt": 2}, false},
		{"in", "paid", map[string]any{"in": []any{"issued", "paid"}}, true},
		{"not in", "void", map[string]any{"in": []any{"issued", "paid"}}, false},
		{"not_null", "x", map[string]any{"not_null": true}, true},
		{"unknown operator", "x", map[string]any{"like": "x"}, false},
	}
	for _, tt := range tests {
		if got := engine.WhereHolds(tt.v, tt.cond); got != tt.want {
			t.Errorf("%s: whereHolds(%v, %v) = %v, want %v", tt.name, tt.v, tt.cond, got, tt.want)
		}
	}
}
