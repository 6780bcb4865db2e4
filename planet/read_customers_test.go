package planet

import (
	"slices"
	"testing"
)

// customerAndKinds is the plan's customer noun and each kind of it.
func customerAndKinds(p *Plan) []string {
	kinds := []string{p.Customer.One}
	for _, a := range p.Customer.Attributes {
		if a.Name == "kind" {
			kinds = append(kinds, a.Values...)
		}
	}
	return kinds
}

// Whom the business serves, as owners say it: two kinds that share a
// verb at the start of a sentence are both kinds of customer; a trade
// that buys from others is a customer; the people an agency supplies,
// the business's own people and its own teams are none.
func TestCustomersAsOwnersSayThem(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		kinds                         []string // each is a kind of customer
		not                           []string // none is the customer or a kind of one
	}{
		{"two kinds booking", "kayak tours", "Canada",
			"Kayak tours in Victoria with 30 kayaks. Cruise passengers and hotel guests book sunset paddles online, and every kayak is checked after each tour.",
			[]string{"cruise passenger", "hotel guest"}, nil},
		{"two kinds of one word", "climbing gym", "Germany",
			"Climbing gym in Leipzig. Students and families buy ten-visit passes at the desk, and the routes are reset every month.",
			[]string{"student", "family"}, nil},
		{"a trade that buys", "gearbox repair", "South Africa",
			"Gearbox rebuild shop in Durban working for mechanics and fleet workshops. Every gearbox gets a job card.",
			[]string{"mechanic", "fleet workshop"}, nil},
		{"the people supplied", "security staffing agency", "UK",
			"We supply door supervisors and stewards to nightclubs and stadiums around Manchester, and every guard is paid weekly.",
			nil, []string{"door supervisor", "steward", "supervisor"}},
		{"the business's own people", "home care agency", "Ireland",
			"Our carers visit older people at home across Cork, and every client has a care plan.",
			nil, []string{"carer"}},
		{"a list before how often", "chimney sweep", "Austria",
			"Chimney sweep in Graz with three journeymen. We sweep chimneys for homeowners and landlords twice a year.",
			[]string{"homeowner", "landlord"}, nil},
		{"the repairer is no customer", "kayak rental", "Portugal",
			"Kayak rental in Lagos, Algarve. Tourists book kayaks by the hour, and damaged kayaks are sent to a repair shop in Faro.",
			nil, []string{"repair shop", "shop"}},
		{"its own teams", "Sportverein", "Germany",
			"Sportverein in Bremen with 800 members. Members pay dues by direct debit, and pitch slots are allocated to teams each season.",
			nil, []string{"team"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Read(Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			kinds := customerAndKinds(p)
			for _, k := range tc.kinds {
				if !slices.Contains(kinds, k) {
					t.Errorf("customers %v lack %q; decisions:\n%v", kinds, k, p.Decisions)
				}
			}
			for _, k := range tc.not {
				if slices.Contains(kinds, k) {
					t.Errorf("customers %v: a %s is no customer", kinds, k)
				}
			}
		})
	}
}

// "jobs are assigned to a translator and a proofreader": both are people
// of the job, each a column of it.
func TestPartiesAfterAnd(t *testing.T) {
	p, err := Read(Scenario{Industry: "translation agency", Country: "Belgium", Description: "Translation agency in Brussels. Clients send documents for a quote, and every job is assigned to a translator and a reviewer.", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range p.Work.Attributes {
		names = append(names, a.Name)
	}
	for _, want := range []string{"translator", "reviewer"} {
		if !slices.Contains(names, want) {
			t.Errorf("%s attributes %v lack %s; decisions:\n%v", p.Work.Many, names, want, p.Decisions)
		}
	}
}

// "We weigh each boat's catch, sell it to exporters and seafood
// restaurants, and pay the boat owners every Friday": what is sold is the
// catch (not restaurants: whom it goes to goes on after "and"), and the
// payouts go to the boat owners.
func TestSoldItAndPaidOwners(t *testing.T) {
	p, err := Read(Scenario{Industry: "fishing cooperative", Country: "Philippines", Description: "Fishing cooperative in General Santos whose 80 member boats land tuna at our port. We grade each boat's catch, sell it to canneries and hotels, and pay the boat owners every Saturday.", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if p.Work.Offering.One != "catch" && p.Work.One != "catch" {
		t.Errorf("line of work %s of %s, want what is sold: the catch; decisions:\n%v", p.Work.Many, p.Work.Offering.Many, p.Decisions)
	}
	for _, s := range p.Services {
		for _, n := range []*PlanNoun{s.Entity, s.Resource} {
			if n != nil && n.One == "hotel" {
				t.Errorf("service %s of hotels: the hotels buy, they are not sold", s.Name)
			}
		}
		for _, a := range s.Attributes {
			if a.Name == "payout" && !slices.Contains(a.Values, "boat owner") {
				t.Errorf("%s payouts to %v, want boat owners", s.Name, a.Values)
			}
		}
	}
}

// "Customers drop off phones": a word before its particle is a phrasal
// verb, no record of drops.
func TestPhrasalVerbIsNoRecord(t *testing.T) {
	p, err := Read(Scenario{Industry: "phone repair", Country: "Kenya", Description: "Phone repair kiosk in Mombasa. Customers drop off phones in the morning, and every repair gets a quote first.", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range p.Services {
		if s.Entity != nil && s.Entity.One == "drop" {
			t.Errorf("service %s (%s) of drops: %q is a verb there", s.Name, s.Archetype, "drop off")
		}
	}
	for _, c := range p.Counterparts {
		if c.One == "landlord" {
			t.Errorf("counterparts %v", p.Counterparts)
		}
	}
}

// "Damaged kites are sent to a repair shop": repairs of the kites, with
// the repair shops, no customer's; no text column "shop" beside them.
func TestSentToARepairShop(t *testing.T) {
	p, err := Read(Scenario{Industry: "surf school", Country: "Portugal", Description: "Surf school in Ericeira with 40 boards. Students book lessons by the morning, and damaged boards are sent to a repair shop in Lisbon.", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(p.Services, func(s PlanService) bool { return s.Entity != nil && s.Entity.One == "repair" })
	if i < 0 {
		t.Fatalf("no repairs; decisions:\n%v", p.Decisions)
	}
	s := p.Services[i]
	if s.Counterpart == nil || s.Counterpart.One != "repair shop" {
		t.Errorf("repairs with %v, want the repair shops", s.Counterpart)
	}
	if s.Resource == nil || s.Resource.One != "board" {
		t.Errorf("repairs of %v, want the boards", s.Resource)
	}
	for _, a := range s.Attributes {
		if a.Name == "shop" {
			t.Errorf("repairs have a column shop beside their repair shop")
		}
	}
	for _, s := range p.Services {
		if s.Archetype == "campaigns" && s.Entity != nil && s.Entity.One == "board" {
			t.Errorf("service %s: boards sent for repair are no campaign", s.Name)
		}
	}
}
