package planet

import (
	"github.com/mercury/mcp-world/planet/internal/read"
	"testing"
)

// TestDescribe: a brief whose first sentence says what and where becomes
// the description's first sentence, with the company's name, instead of
// following a sentence that says the same; other briefs follow ours.
func TestDescribe(t *testing.T) {
	for _, tc := range []struct{ brief, city, want string }{
		{"A bicycle repair and rental shop in Utrecht. We take bookings.", "Utrecht",
			"Fietsfix B.V. is a bicycle repair and rental shop in Utrecht. We take bookings."},
		{"We are an independent bike shop in Utrecht.", "Utrecht",
			"Fietsfix B.V. is an independent bike shop in Utrecht."},
		{"Wir sind eine Fahrradwerkstatt in Utrecht.", "Utrecht",
			"Fietsfix B.V. — Wir sind eine Fahrradwerkstatt in Utrecht."},
		{"We take bookings for repairs. Customers are students.", "Utrecht",
			"Fietsfix B.V. is a bicycle repair shop based in Utrecht. We take bookings for repairs. Customers are students."},
		{"A shop for commuters. Based in Utrecht.", "Utrecht", // the first sentence does not say where
			"Fietsfix B.V. is a bicycle repair shop based in Utrecht. A shop for commuters. Based in Utrecht."},
		{"ユトレヒトの自転車店。修理を受け付けます。", "ユトレヒト",
			"Fietsfix B.V. — ユトレヒトの自転車店。修理を受け付けます。"},
	} {
		if got := read.Describe("Fietsfix B.V.", "a bicycle repair shop", tc.city, tc.brief); got != tc.want {
			t.Errorf("describe(%q)\n got %q\nwant %q", tc.brief, got, tc.want)
		}
	}
}
