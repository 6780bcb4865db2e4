package toolgen

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
)

// BenchmarkAppendToolResponse: the response line of a search page of ten
// items (about 1.5 KB of JSON, as text and as structured content).
func BenchmarkAppendToolResponse(b *testing.B) {
	item := `{"id":"c_0001","name":"Ada Lovelace","email":"ada@example.com","company":"Analytical Engines","created_at":"2025-01-01T00:00:00Z"}`
	page := `{"items":[` + strings.TrimSuffix(strings.Repeat(item+",", 10), ",") + `],"has_more":true,"next_cursor":"bzoxMA"}`
	res := &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(page)}, RawStructuredContent: json.RawMessage(page)}
	id := json.RawMessage(`17`)
	for b.Loop() {
		if _, ok := appendToolResponse(nil, id, res); !ok {
			b.Fatal("not appended")
		}
	}
}
