package planet

import (
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/catalog"
)

// Money lent is a loan (a contract that is applied for, approved, paid
// out and repaid), never a booking of what it is a multiple of; who
// approves it is a yes/no of the loan that holds once the loan is under
// way; a state said after the loan ("in arrears") is a yes/no too.
func TestMoneyLoans(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		table                         string
		columns                       []string // the loan table has each
		approval                      string   // the approval column, seeded with the status
	}{
		{"a multiple of savings is no thing lent", "chama", "Kenya",
			"Women's chama in Mombasa with 60 members. Every member contributes 2,000 shillings a month, and members can borrow loans of up to three times their savings, repaid in monthly instalments with 1% interest.",
			"loans", nil, ""},
		{"a committee approves", "thrift and credit society", "Nigeria",
			"Cooperative thrift society in Ibadan with 2,300 members. Members save every month and can borrow up to three times their savings once the loan committee approves.",
			"loans", []string{"approved_by_committee"}, "approved_by_committee"},
		{"arrears", "financiera", "MX",
			"Financiera in Guadalajara lending to market vendors: microloans of 5,000 to 20,000 pesos repaid weekly over 16 weeks, and loans more than two weeks in arrears go to the branch manager.",
			"loans", []string{"in_arrears"}, ""},
		{"a finance company approves each loan", "motorbike dealer", "Vietnam",
			"Motorbike dealer in Da Nang. Most buyers pay in instalments through a finance company that approves each loan.",
			"loans", []string{"approved_by_finance_company"}, "approved_by_finance_company"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, b := buildBrief(t, Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			tb, ok := tableOf(b, tc.table)
			if !ok {
				t.Fatalf("no %s table; decisions:\n%v", tc.table, p.Decisions)
			}
			var states []any
			for _, c := range tb.Columns {
				if c.Name == "status" {
					states = c.Enum
				}
			}
			for _, want := range []string{"applied", "approved", "disbursed", "repaid", "declined"} {
				if !slices.Contains(states, any(want)) {
					t.Errorf("%s states %v lack %q: money lent is applied for, paid out and repaid", tc.table, states, want)
				}
			}
			cols := columnNames(tb)
			for _, c := range tc.columns {
				if !slices.Contains(cols, c) {
					t.Errorf("%s columns %v lack %s", tc.table, cols, c)
				}
			}
			// Nothing is a loan of savings, of "repaids" or of times.
			for _, tt := range b.Tables {
				for _, w := range []string{"repaid", "saving_kind", "times"} {
					if strings.Contains(tt.Name, w) {
						t.Errorf("table %s: a loan is of money, not of %q", tt.Name, w)
					}
				}
			}
			// Granting credit is exempt from VAT: a lender whose line of
			// work is loans invoices no tax on them.
			if p.Work.One == "loan" {
				if inv, ok := tableOf(b, "billing_invoices"); ok {
					for _, r := range inv.Rows {
						if r["tax_amount"] != nil && r["tax_amount"] != int64(0) {
							t.Errorf("invoice %v of a lender: tax_amount %v, want 0", r["id"], r["tax_amount"])
						}
					}
				}
			}
			if tc.approval == "" {
				return
			}
			for _, r := range tb.Rows {
				st, ok := r["status"].(string)
				if !ok {
					continue
				}
				want := st != "applied" && st != "declined"
				if r[tc.approval] != want {
					t.Errorf("%s %v: %s is %v, want %v (approved once under way)", tc.table, r["id"], tc.approval, r[tc.approval], want)
				}
			}
		})
	}
}

// "architectural requests need board approval": the request has the
// board's approval as a yes/no, and nothing else does.
func TestApprovalNeeded(t *testing.T) {
	_, b := buildBrief(t, Scenario{Industry: "HOA management", Country: "US", Description: "HOA management company in Phoenix looking after 45 communities. Homeowners pay quarterly assessments, architectural requests need board approval, and violation letters go out after each inspection drive.", Seed: 1})
	var with []string
	for _, tt := range b.Tables {
		if slices.Contains(columnNames(tt), "approved_by_board") {
			with = append(with, tt.Name)
		}
	}
	if !slices.Equal(with, []string{"architectural_requests"}) {
		t.Errorf("tables with approved_by_board: %v, want [architectural_requests]", with)
	}
}

// A kind of customer of three words keeps them ("health food shops"), and
// a participle after a list is no item of it.
func TestCustomerKindOfThreeWords(t *testing.T) {
	p, _ := buildBrief(t, Scenario{Industry: "kombucha brewery", Country: "Australia", Description: "Kombucha brewery in Melbourne. We brew 2,000-litre batches in six fermenters; the bottles go to cafés and health food shops on weekly orders.", Seed: 1})
	var kinds []string
	for _, a := range p.Customer.Attributes {
		if a.Name == "kind" {
			kinds = a.Values
		}
	}
	if !slices.Contains(kinds, "health food shop") {
		t.Errorf("customer kinds %v, want health food shop among them", kinds)
	}
}

// An industry written with another language's connective is not English,
// whatever words it shares with English: "Atelier" is the firm's own
// French word in Fès.
func TestLocalIndustryIsNotEnglish(t *testing.T) {
	for in, english := range map[string]bool{"atelier de zellige": false, "Haus der Musik": false, "goat dairy": true} {
		if got := len(catalog.ComposedEnglishWords(in)) > 0; got != english {
			t.Errorf("ComposedEnglishWords(%q) English = %v, want %v", in, got, english)
		}
	}
}

// Whom a lender lends to are its borrowers, never suppliers it buys
// from: no procurement in a lender's world.
func TestBorrowersAreNoSuppliers(t *testing.T) {
	p, _ := buildBrief(t, Scenario{Industry: "financiera", Country: "MX", Description: "Financiera in Guadalajara lending to market vendors: microloans of 5,000 to 20,000 pesos repaid weekly over 16 weeks.", Seed: 1})
	if slices.ContainsFunc(p.Counterparts, func(n PlanNoun) bool { return n.One == "vendor" }) {
		t.Errorf("counterparts %v: the vendors are borrowers", p.Counterparts)
	}
	for _, s := range p.Services {
		if s.Archetype == "procurement" || s.Archetype == "purchase_orders" {
			t.Errorf("service %s (%s): a lender buys nothing from its borrowers", s.Name, s.Archetype)
		}
	}
}

// The business's own people and one person it answers to are no
// customers ("repay weekly to our field officers", "go to the branch
// manager"); "members save every month" keeps savings, how often being
// no object of the verb.
func TestOwnPeopleAreNoCustomers(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc, notCustomer, service string
	}{
		{"our field officers", "thrift and credit society", "Nigeria", "Cooperative thrift society in Ibadan. Members save every month, and repay weekly to our field officers.", "field officer", "savings"},
		{"the branch manager", "financiera", "MX", "Financiera in Guadalajara. Loans more than two weeks in arrears go to the branch manager.", "branch manager", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, _ := buildBrief(t, Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			kinds := customerAndKinds(p)
			if slices.Contains(kinds, tc.notCustomer) {
				t.Errorf("customers %v: a %s is no customer", kinds, tc.notCustomer)
			}
			if tc.service != "" && !slices.ContainsFunc(p.Services, func(s PlanService) bool { return s.Name == tc.service }) {
				t.Errorf("no %s service; decisions:\n%v", tc.service, p.Decisions)
			}
		})
	}
}
