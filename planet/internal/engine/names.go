package engine

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mercury/mcp-world/planet/lexicon"
)

// Snake turns "work order" into "work_order".
func Snake(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			if b.Len() > 0 && !strings.HasSuffix(b.String(), "_") {
				b.WriteByte('_')
			}
		}
	}
	return strings.TrimSuffix(b.String(), "_")
}

// Title capitalizes the first letter.
func Title(s string) string {
	if s == "" {
		return s
	}
	// By rune: "зернове" must not lose half of its first letter.
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// An puts the indefinite article before a noun: "an order", "a patient".
func An(noun string) string {
	if noun != "" && strings.ContainsRune("aeiouAEIOU", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}

// B2B reports whether the industry's customers are organisations: a
// customer noun of the lexicon's organisation_customers.
func B2B(noun string) bool {
	return lexicon.Load().Is("org_customer", noun)
}

// GeneralCustomer reports whether a customer noun is a general word
// ("customer", "client") that says nothing of who the customers are.
func GeneralCustomer(noun string) bool { return noun == "customer" || noun == "client" }

func LastWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}
