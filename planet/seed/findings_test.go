package seed

import (
	"strings"
	"testing"

	"github.com/mercury/mcp-world/world"
)

// TestFindingsLegalFormFitsSize: a public limited company's form on a
// small shop is a finding at /company/name; the same form on a large
// company, a private form on a small one, or an unknown size is not.
func TestFindingsLegalFormFitsSize(t *testing.T) {
	for _, tc := range []struct {
		country, name string
		employees     int
		want          bool
	}{
		{"NL", "Veluwe Bicycle Repair Shop N.V.", 12, true},
		{"NL", "Utrecht Bicycle Repair Shop B.V.", 12, false},
		{"NL", "Delta Logistiek N.V.", 900, false},
		{"GB", "Crown Barbers PLC", 4, true},
		{"GB", "Crown Barbers Ltd", 4, false},
		{"DE", "Bäckerei Weber AG", 20, true},
		{"AU", "Harbour Plumbing Pty Ltd", 6, false}, // the private "Pty Ltd", not the public "Ltd"
		{"NL", "Veluwe Bicycle Repair Shop N.V.", 0, false},
	} {
		b := &world.Bundle{Company: world.Company{Name: tc.name, Country: tc.country, Employees: tc.employees}, Clock: world.Clock{Start: "2026-03-02T09:00:00Z"}}
		got := false
		for _, f := range Findings(b) {
			if strings.HasPrefix(f, "/company/name: ") && strings.Contains(f, "large or listed") {
				got = true
			}
		}
		if got != tc.want {
			t.Errorf("%s %q with %d employees: large-form finding %v, want %v (%q)", tc.country, tc.name, tc.employees, got, tc.want, Findings(b))
		}
	}
}
