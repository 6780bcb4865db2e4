package planet

import (
	"fmt"
	"strings"
	"testing"
)

// TestKindOfPackIndustry: an industry whose head word is a pack's own
// and whose qualifier is a word the pack describes its business in reads
// as the pack ("motor insurer" is an insurer "selling motor, home and
// business cover"); a qualifier on a head the pack does not name keeps
// the world composed ("pharmacy delivery" is no pharmacy).
func TestKindOfPackIndustry(t *testing.T) {
	for _, tc := range []struct{ industry, country, pack string }{
		{"motor insurer", "KE", "insurance"},
		{"event equipment hire", "ZA", "equipment-rental"},
		{"pharmacy delivery", "KE", Composed},
	} {
		p, err := Read(Scenario{Industry: tc.industry, Country: tc.country, Seed: 1, Description: "We serve customers across the city."})
		if err != nil {
			t.Fatalf("%s: %v", tc.industry, err)
		}
		if p.Company.Pack != tc.pack {
			t.Errorf("%q reads as pack %q, want %q", tc.industry, p.Company.Pack, tc.pack)
		}
	}
}

// TestFiledWithIsNoCustomer: the authority a business sends its filings
// to ("a crew list is sent to the harbour master") is not whom it sells
// to; the people the brief says are booked are.
func TestFiledWithIsNoCustomer(t *testing.T) {
	p, err := Read(Scenario{Industry: "island ferry", Country: "HR", Seed: 1,
		Description: "Island ferry company in Split with two catamarans. Passengers and bicycles are booked online for each crossing, and a crew list is sent to the harbour master before departure."})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(p.Customer.One, "harbour") || strings.Contains(p.Customer.One, "master") {
		t.Errorf("customers are %q, the authority the crew lists go to", p.Customer.Many)
	}
	if p.Customer.One != "passenger" {
		t.Errorf("customers are %q, want the passengers the brief books", p.Customer.Many)
	}
}

// TestCustomersNamedByTheirTrade: a linen service's restaurants are named
// as French restaurants are ("Bistrot Phare SASU"), not as a random trade
// (a funeral home among the restaurants).
func TestCustomersNamedByTheirTrade(t *testing.T) {
	p, err := Read(Scenario{Industry: "linen service", Country: "FR", Seed: 2,
		Description: "Linen hire in Lyon for restaurants; restaurants rent tablecloths weekly."})
	if err != nil {
		t.Fatal(err)
	}
	if p.Customer.One != "restaurant" {
		t.Fatalf("customers are %q; the test needs restaurants", p.Customer.Many)
	}
	b, err := Build(p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	crm := tableNamed(b, "crm_restaurants")
	if crm == nil || len(crm.Rows) < 3 {
		t.Fatal("too few restaurants in the CRM to check")
	}
	for i, r := range crm.Rows {
		if name := fmt.Sprint(r["name"]); !strings.HasPrefix(name, "Restaurant ") && !strings.HasPrefix(name, "Bistrot ") {
			t.Errorf("restaurant %d is named %q, not as a French restaurant is", i, name)
		}
	}
}
