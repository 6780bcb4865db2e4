package planet

import (
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/archetypes"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
	"github.com/mercury/mcp-world/world"
)

// readBilling reads a brief and returns its plan's billing service (the
// zero service when it has none) and the world built from it.
func readBilling(t *testing.T, industry, country, desc string) (engine.PlanService, *world.Bundle) {
	t.Helper()
	p, err := read.Read(engine.Scenario{Industry: industry, Country: country, Description: desc, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, err := engine.Build(p, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range p.Services {
		if s.Builder == "billing" {
			return s, b
		}
	}
	return engine.PlanService{}, b
}

// tableNamed is a bundle's table by name, or nil.
func tableNamed(b *world.Bundle, name string) *world.Table {
	for i := range b.Tables {
		if b.Tables[i].Name == name {
			return &b.Tables[i]
		}
	}
	return nil
}

// Money the business pays out (to sellers, clients, members, guides,
// agencies) is a payouts register in billing, with who is paid, what it
// is paid per and whether a commission is kept or is the payout; money
// customers pay, and wages, are not payouts.
func TestPayouts(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		payees                        []string // nil: no payouts
		commission                    string
		units                         []string
	}{
		{"flea market", "kirpputori", "FI", "Sellers rent tables by the week. We pay out their sales every Monday minus a 10% commission.", []string{"payee"}, "kept", nil},
		{"consignment", "consignment store", "AU", "We sell clothes on consignment and pay out 60% of each sale to the seller at the end of the month.", []string{"seller"}, "", nil},
		{"piece rate", "hat workshop", "VN", "We buy palm leaves by the bundle, pay the weavers per hat, and shops order hats.", []string{"weaver"}, "", []string{"hat"}},
		{"cooperative", "argan cooperative", "MA", "Members are paid by the kilo of kernels, and we export oil to brands.", []string{"member"}, "", []string{"kilo"}},
		{"agents", "balloon flights", "TR", "Passengers book seats through hotels and agencies who earn a commission.", []string{"hotel", "agency"}, "paid", nil},
		{"guides", "papyrus workshop", "EG", "Our artists paint to order, we pay each guide a commission on what his group buys.", []string{"guide"}, "paid", nil},
		{"customers pay", "yacht charter", "HR", "Charterers pay 50% at booking and the rest four weeks before.", nil, "", nil},
		{"wages", "snow clearing", "JP", "Operators are paid by the hour on night shifts.", nil, "", nil},
		{"points", "perfumery", "AE", "Customers book fittings and earn points on every purchase.", nil, "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bs, b := readBilling(t, tc.industry, tc.country, tc.desc)
			got := archetypes.AttributeValues(bs, "payout")
			if !slices.Equal(got, tc.payees) {
				t.Fatalf("payees %v, want %v", got, tc.payees)
			}
			if tc.payees == nil {
				if tableNamed(b, "billing_payouts") != nil {
					t.Error("a world without payouts has a payouts table")
				}
				return
			}
			if c := strings.Join(archetypes.AttributeValues(bs, "payout_commission"), ""); c != tc.commission {
				t.Errorf("commission %q, want %q", c, tc.commission)
			}
			if u := archetypes.AttributeValues(bs, "payout_unit"); !slices.Equal(u, tc.units) {
				t.Errorf("units %v, want %v", u, tc.units)
			}
			tab := tableNamed(b, "billing_payouts")
			if tab == nil {
				t.Fatal("no billing_payouts table")
			}
			if len(tab.Rows) == 0 {
				t.Error("no payouts in the seed")
			}
			cols := map[string]bool{}
			for _, c := range tab.Columns {
				cols[c.Name] = true
			}
			if cols["commission"] != (tc.commission == "kept") {
				t.Errorf("commission column %v, want it only when a commission is kept", cols["commission"])
			}
			if cols["unit"] != (len(tc.units) > 0) {
				t.Errorf("unit column %v, want it only when the brief says per what", cols["unit"])
			}
		})
	}
}

// A deposit followed by "the balance …" or "the rest …" records what
// remains and when it is due; without a deposit there is no balance,
// and the balance is no kind of invoice of its own.
func TestDepositBalance(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc, when string
	}{
		{"before", "wedding photographer", "PL", "Couples book a wedding and pay a 30% deposit to hold the date and the balance two weeks before the wedding.", "before"},
		{"rest", "yacht charter", "HR", "Charterers book yachts by the week, pay 50% at booking and the rest four weeks before.", "before"},
		{"at collection", "boarding kennel", "IE", "Owners book stays online, and we take a deposit at booking and the balance at collection.", "after"},
		{"no deposit", "bakery", "FR", "Shops order bread every morning and pay the balance of their account monthly.", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bs, b := readBilling(t, tc.industry, tc.country, tc.desc)
			if got := strings.Join(archetypes.AttributeValues(bs, "balance"), ""); got != tc.when {
				t.Fatalf("balance %q, want %q", got, tc.when)
			}
			if slices.Contains(archetypes.AttributeValues(bs, "kind"), "balance") && tc.when != "" {
				t.Error("the balance after a deposit is billed as an invoice kind of its own")
			}
			if tc.when == "" {
				return
			}
			var dep *world.Table
			for i := range b.Tables {
				if strings.HasPrefix(b.Tables[i].Name, "billing_") && b.Tables[i].Name != "billing_invoices" {
					dep = &b.Tables[i]
				}
			}
			if dep == nil {
				t.Fatal("no deposits table")
			}
			has := map[string]bool{}
			for _, c := range dep.Columns {
				has[c.Name] = true
			}
			if !has["balance"] || !has["balance_due_on"] {
				t.Errorf("%s has no balance columns", dep.Name)
			}
		})
	}
}

// Stays are priced by the night and goods cut while the customer waits
// by the piece, never by the length of a visit; and no follow-up
// meeting is booked because a key was cut.
func TestStaysByNightGoodsByPiece(t *testing.T) {
	for _, tc := range []struct{ noun, arch, kind string }{
		{"stay", "bookings", "nights"},
		{"homestay", "bookings", "nights"},
		{"key", "work_orders", "pieces"},
		{"tyre", "work_orders", "pieces"},
		{"boiler", "work_orders", "visits"},
		{"lesson", "bookings", "sessions"},
	} {
		if got := engine.PriceKind(tc.noun, tc.arch); got != tc.kind {
			t.Errorf("PriceKind(%q, %q) = %q, want %q", tc.noun, tc.arch, got, tc.kind)
		}
	}
	_, b := readBilling(t, "locksmith", "UK", "Locksmith in Leeds. We cut keys while you wait, fit and rekey locks, and dispatch emergency call-outs for lockouts.")
	for _, inv := range b.Invariants {
		if strings.HasPrefix(inv.Title, "Cuttings completed") && strings.HasSuffix(inv.Title, "scheduled") {
			t.Errorf("policy %q: a meeting booked for every key cut", inv.Title)
		}
	}
}

// What the brief says is renewed carries its next renewal date, and
// whether it renews automatically when the brief says so.
func TestRenewals(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc, table string
		auto                                 bool
	}{
		{"insurance", "insurance agency", "TR", "We sell car and home insurance policies. Policies renew every year after we send a reminder.", "policies", false},
		{"auto", "domain registrar", "LV", "We register domains for small firms, and domains renew automatically after reminders.", "domains", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, b := readBilling(t, tc.industry, tc.country, tc.desc)
			tab := tableNamed(b, tc.table)
			if tab == nil {
				names := []string{}
				for _, x := range b.Tables {
					names = append(names, x.Name)
				}
				t.Fatalf("no table %s in %v", tc.table, names)
			}
			has := map[string]bool{}
			for _, c := range tab.Columns {
				has[c.Name] = true
			}
			if !has["renewal_date"] || has["auto_renewed"] != tc.auto {
				t.Errorf("%s: renewal_date %v, auto_renewed %v; want true, %v", tc.table, has["renewal_date"], has["auto_renewed"], tc.auto)
			}
		})
	}
}

// Shifts are of the people the clause names, in the clause's word for
// the stretch of work; a rota or roster, and what the shifts are planned
// by, are columns of the shift.
func TestShiftRecords(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc, table string
		cols                                 []string
	}{
		{"rotation", "crew transfer vessels", "DK", "Wind farm operators charter a vessel by the day, and the crews work two-week rotations.", "crew_rotations", nil},
		{"person", "elephant sanctuary", "TH", "Visitors book a half-day visit, and our mahouts work in rotating shifts.", "mahout_rotating_shifts", nil},
		{"rota", "pub", "IE", "Groups book the snug with a deposit, and bar staff work rotas that cover late licences.", "bar_staff_shifts", []string{"rota_week"}},
		{"forecast", "call centre", "PH", "We answer calls for clients, and agents work night shifts rostered by forecast.", "agent_night_shifts", []string{"roster_week", "forecast"}},
		{"compound", "ambulance service", "NG", "We dispatch ambulances to emergency calls, and every crew shift starts with an oxygen check.", "crew_shifts", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, b := readBilling(t, tc.industry, tc.country, tc.desc)
			tab := tableNamed(b, tc.table)
			if tab == nil {
				names := []string{}
				for _, x := range b.Tables {
					names = append(names, x.Name)
				}
				t.Fatalf("no table %s in %v", tc.table, names)
			}
			for _, want := range tc.cols {
				if !slices.ContainsFunc(tab.Columns, func(c world.Column) bool { return c.Name == want }) {
					t.Errorf("%s has no column %s", tc.table, want)
				}
			}
		})
	}
}

// Time billed by the hour counts hours on the invoices; money paid back
// for what was called off is a refund of the paid invoice; expenses,
// copayments and disbursement accounts are kinds of invoice; members'
// contributions are payments. None is read where the brief says none.
func TestBilledHoursRefundsAndCharges(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		attr, value                   string // billing attribute and one of its values ("" value: none)
	}{
		{"bill hours", "private investigator", "ZA", "We take cases for law firms, and every case has a retainer that we bill hours against.", "unit", "hour"},
		{"extra hours", "wedding photographer", "PL", "Couples book weddings, and extra hours on the day are billed at 400 zł an hour.", "unit", "hour"},
		{"no hours", "bakery", "FR", "Shops order bread every morning, and we invoice them monthly.", "unit", ""},
		{"refunded", "whale watching", "CA", "Guests book a tour online, and tours cancelled for weather are rebooked or refunded.", "refunds", "refund"},
		{"no refunds", "whale watching", "CA", "Guests book a tour online, and tours cancelled for weather are rebooked.", "refunds", ""},
		{"expenses", "consulting", "DE", "We run engagements for banks, and expenses are capped at 10% of fees.", "kind", "expense"},
		{"copayment", "kinesiology centre", "CL", "Patients book sessions, and the patient only pays the copayment.", "kind", "copayment"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bs, _ := readBilling(t, tc.industry, tc.country, tc.desc)
			got := archetypes.AttributeValues(bs, tc.attr)
			if tc.value == "" && len(got) > 0 || tc.value != "" && !slices.Contains(got, tc.value) {
				t.Errorf("billing %s %v, want %q", tc.attr, got, tc.value)
			}
		})
	}
	p, err := read.Read(engine.Scenario{Industry: "chama", Country: "KE", Description: "Women's savings group. Every member contributes 2,000 shillings a month through M-Pesa.", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(p.Services, func(s engine.PlanService) bool {
		return s.Archetype == "payments" && strings.Contains(strings.ToLower(s.Title), "contribution")
	}) {
		t.Errorf("no payments of contributions in %+v", p.Services)
	}
}
