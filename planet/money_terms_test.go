package planet

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
	"github.com/mercury/mcp-world/verifier"
	"github.com/mercury/mcp-world/world"
)

// Money beyond one invoice (read.moneyTerms, the billing builder's
// billing_terms.go): what a brief says of insurers who pay, stage
// billing, surcharges, credit accounts and commissioned channels becomes
// records with their tools and tasks, the worlds validate (every task's
// solution replayed), and words that only look alike build nothing.
func TestMoneyTerms(t *testing.T) {
	cases := []struct {
		name, industry, country, desc string
		tables                        []string          // must exist
		columns                       map[string]string // table → column that must exist
		enum                          map[string]string // table.status must hold this value
		tasks                         []string          // chore titles that must be drawn
		absent                        []string          // tables that must not exist
	}{
		{name: "insurer pays on referral", industry: "physiotherapy practice", country: "NZ",
			desc:   "Physiotherapy practice in Hamilton with four physios. ACC and private insurers pay for treatment on a GP referral, and patients pay the excess at each visit.",
			tables: []string{"billing_insurance_claims"}, columns: map[string]string{"billing_insurance_claims": "referral_ref"}, tasks: []string{"record an insurer's approval"}},
		{name: "guarantee before admission", industry: "eye hospital", country: "India",
			desc:   "Eye hospital in Pune doing cataract surgery. Insured patients need a pre-authorisation from their insurer before surgery, and we claim the rest after discharge.",
			tables: []string{"billing_insurance_claims"}, enum: map[string]string{"billing_insurance_claims": "guaranteed"}},
		{name: "insurance sold is no payer", industry: "phone repair shop", country: "UK",
			desc:   "Phone repair shop in Cardiff fixing screens and batteries while you wait. We sell cases and screen insurance at the counter.",
			absent: []string{"billing_insurance_claims"}},
		{name: "stages signed off", industry: "kitchen fitter", country: "Ireland",
			desc:   "Kitchen fitting company in Galway. We measure and design each kitchen, and the fit is paid in three stages, each invoiced once the homeowner signs it off.",
			tables: []string{"billing_stages"}, enum: map[string]string{"billing_stages": "signed_off"}, tasks: []string{"invoice an approved stage"}},
		{name: "a stage that is not billing", industry: "event production", country: "NL",
			desc:   "Event production company in Utrecht building stages and lighting rigs for festivals. Crews are booked per show.",
			absent: []string{"billing_stages"}},
		{name: "stage lighting is no stage billing", industry: "stage lighting hire", country: "UK",
			desc:   "Stage lighting hire in Glasgow for theatres and bands. We charge stage lighting rigs per day and deliver them in our vans.",
			absent: []string{"billing_stages"}},
		{name: "surcharge at night", industry: "locksmith", country: "Australia",
			desc:   "Locksmith in Perth doing lockouts and rekeys. Night and weekend call-outs are charged double time.",
			tables: []string{"billing_surcharges"}},
		{name: "credit and past due", industry: "fuel distributor", country: "South Africa",
			desc:   "Diesel distributor near Durban delivering to farms and fleets. Farms buy on a credit account with a limit, and accounts more than 45 days overdue are suspended.",
			tables: []string{"billing_credit_accounts"}, columns: map[string]string{"billing_credit_accounts": "credit_limit"}, enum: map[string]string{"billing_credit_accounts": "suspended"}, tasks: []string{"apply the past-due rule"}},
		{name: "resellers on commission", industry: "whale watching", country: "Canada",
			desc:   "Whale watching tours from Tadoussac. Hotels and campgrounds resell our tours on commission, and trips cancelled for fog are refunded.",
			tables: []string{"billing_payouts"}},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := read.Read(engine.Scenario{Industry: c.industry, Country: c.country, Description: c.desc, Seed: uint64(i + 1)})
			if err != nil {
				t.Fatal(err)
			}
			// Billing is forced so that its chores are drawn; over a few
			// seeds every chore of it is.
			p.Tasks.Count = 40
			b, err := engine.Build(p, engine.Options{Services: []string{"billing"}})
			if err != nil {
				t.Fatal(err)
			}
			titles := map[string]bool{}
			for seed := uint64(1); seed <= 6 && len(c.tasks) > 0; seed++ {
				p.Seed = seed * 7
				o, err := engine.Build(p, engine.Options{Services: []string{"billing"}})
				if err != nil {
					t.Fatal(err)
				}
				fresh := false
				for _, task := range o.Tasks {
					fresh = fresh || slices.Contains(c.tasks, task.Title) && !titles[task.Title]
					titles[task.Title] = true
				}
				// A world that draws one of the chores first is validated
				// too: its solution replays and its goals are honest.
				if fresh {
					validated(t, o)
				}
			}
			tables := map[string]world.Table{}
			for _, tb := range b.Tables {
				tables[tb.Name] = tb
			}
			for _, name := range c.tables {
				if _, ok := tables[name]; !ok {
					t.Errorf("no table %s", name)
				}
			}
			for _, name := range c.absent {
				if _, ok := tables[name]; ok {
					t.Errorf("table %s built, but the brief does not say it", name)
				}
			}
			for tb, col := range c.columns {
				if !slices.ContainsFunc(tables[tb].Columns, func(x world.Column) bool { return x.Name == col }) {
					t.Errorf("%s has no column %s", tb, col)
				}
			}
			for tb, v := range c.enum {
				i := slices.IndexFunc(tables[tb].Columns, func(x world.Column) bool { return x.Name == "status" })
				if i < 0 || !slices.Contains(tables[tb].Columns[i].Enum, any(v)) {
					t.Errorf("%s.status has no %q", tb, v)
				}
			}
			for _, title := range c.tasks {
				if !titles[title] {
					t.Errorf("no task %q over six seeds", title)
				}
			}
			validated(t, b)
		})
	}
}

func validated(t *testing.T, b *world.Bundle) {
	t.Helper()
	data, _ := json.Marshal(b)
	if rep := verifier.Validate(context.Background(), data); !rep.OK {
		for _, v := range rep.Validators {
			if !v.OK && v.Skipped == "" {
				t.Errorf("%s: %s: %v", b.Name, v.Name, v.Errors[:min(3, len(v.Errors))])
			}
		}
	}
}
