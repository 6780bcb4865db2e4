package planet

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
)

// records lists a plan's records as "archetype:entity of resource" with
// their attributes ("transport=low loader,van", "damaged"), the line of
// work first: what the tests of reading bookings, loans, orders, repairs
// sent out and deliveries look for.
func records(p *engine.Plan) []string {
	attrs := func(as []engine.PlanAttribute) string {
		var out []string
		for _, a := range as {
			if len(a.Values) > 0 {
				out = append(out, a.Name+"="+strings.Join(a.Values, ","))
			} else {
				out = append(out, a.Name)
			}
		}
		return strings.Join(out, " ")
	}
	out := []string{fmt.Sprintf("%s:%s of %s [%s]", p.Work.Archetype, p.Work.One, p.Work.Offering.One, attrs(p.Work.Attributes))}
	for _, s := range p.Services {
		if s.Entity == nil {
			continue
		}
		of := ""
		if s.Resource != nil {
			of = s.Resource.One
		}
		out = append(out, fmt.Sprintf("%s:%s of %s [%s]", s.Archetype, s.Entity.One, of, attrs(s.Attributes)))
	}
	return out
}

// TestReadMoves reads what is booked, lent, hired, ordered, sent away
// for work and delivered: each brief's plan has the records it names
// (want, substrings of records()) and not the ones a careless reading
// would make (not).
func TestReadMoves(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		want, not                     []string
	}{
		{"delivery with no object, on the carrier named", "plant hire", "AU", "We hire out excavators and loaders to contractors, and we deliver on low-loaders.",
			[]string{"shipments:delivery", "transport=low loader"}, nil},
		{"a delivery waiting for its object delivers it", "piano retailer", "JP", "We sell pianos from our showroom. We deliver and tune every piano we sell.",
			[]string{"shipments:delivery of piano", "work_orders:tuning of piano"}, nil},
		{"the carrier of a later clause of the sentence", "kosher caterer", "IL", "We cater weddings and bar mitzvahs. We deliver and set up with our own vans.",
			[]string{"shipments:delivery", "transport=van"}, nil},
		{"goods that travel by a carrier: the line of work goes by it", "clinical lab", "MX", "Patients book home collection, and samples travel by courier to the central lab.",
			[]string{"transport=courier"}, nil},
		{"goods that go somewhere on a carrier", "salmon farm", "CL", "We farm salmon in sea pens near Puerto Montt, and harvests go to the processing plant by wellboat.",
			[]string{"shipments:shipment of harvest", "transport=wellboat"}, nil},
		{"goods that ship with no object", "mushroom farm", "JP", "We grow shiitake on oak logs, and dried mushrooms ship to Taiwan.",
			[]string{"shipments:shipment of mushroom"}, nil},
		{"people who travel are no shipment", "ferry line", "GR", "We run ferries to the islands, and passengers travel by ferry with their cars.",
			nil, []string{"shipments:shipment of passenger"}},
		{"a thing hired is a hire; staff hired are not", "tool hire depot", "GB", "Tool hire depot in Leeds. They hire breakers and mixers by the day, and we hire seasonal drivers in summer.",
			[]string{"bookings:hire of breaker"}, []string{"of driver"}},
		{"borrow and reserve: loans beside reservations", "toy library", "AU", "Member families borrow and reserve toys and puzzles, and overdue loans get a reminder.",
			[]string{"bookings:loan of toy", "bookings:reservation of toy", "overdue"}, nil},
		{"a thing sent away for work, of what the sentence rents", "canoe rental", "CA", "We rent canoes and kayaks by the hour. We take a damage deposit on every rental, check boats back in and send damaged ones for repair.",
			[]string{"work_orders:repair of canoe [damaged"}, []string{"repair of deposit"}},
		{"the subject sent back for work", "tool hire depot", "GB", "We rent out breakers and mixers to builders, and damaged tools go back to the manufacturer for repair.",
			[]string{"work_orders:repair of tool [damaged]"}, nil},
		{"a bound on the count is no part of the noun", "toy library", "AU", "Member families borrow up to six toys a fortnight.",
			[]string{"bookings:loan of toy"}, nil},
		{"money lent is no booking", "microfinance", "KE", "We loan money to farmers in Kisumu and collect repayments by M-Pesa.",
			nil, []string{"bookings:loan"}},
		{"a verb phrase that holds its record", "pharmacy delivery", "KE", "Pharmacy delivery service in Nairobi. Pharmacies place orders through our app.",
			[]string{"orders:order"}, []string{"placement"}},
		{"a purchase from whom", "coffee exporter", "CO", "Coffee exporter in Medellín buying from smallholder farms, and containers ship from Cartagena.",
			[]string{"purchase_orders:purchase order"}, nil},
		{"sent in for servicing", "instrument repair", "DE", "Schools send instruments in for servicing, and repaired instruments go back by courier.",
			[]string{"work_orders:servicing of instrument"}, nil},
		{"an -ing verb after the place the business is in", "stained glass studio", "EE", "Stained glass studio in Tallinn restoring church windows, and we run weekend glass courses.",
			[]string{"restoration of window"}, nil},
		{"an -ing form after a noun is still a modifier", "shipping agency", "LT", "Feeder shipping line agency in Klaipeda; we book pilots for vessels.",
			nil, []string{"shipments:shipping"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := read.Read(engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			got := records(p)
			all := strings.Join(got, "\n")
			for _, w := range tc.want {
				if !strings.Contains(all, w) {
					t.Errorf("no %q in the records:\n%s", w, all)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(all, n) {
					t.Errorf("%q is in the records:\n%s", n, all)
				}
			}
			// A thing sent away for work is with whom it is sent to.
			if strings.Contains(tc.desc, "to the manufacturer for repair") && !slices.ContainsFunc(p.Services, func(s engine.PlanService) bool {
				return s.Entity != nil && s.Entity.One == "repair" && s.Counterpart != nil && s.Counterpart.One == "manufacturer"
			}) {
				t.Errorf("repairs are not with the manufacturer: %+v", p.Services)
			}
			if _, err := engine.Build(p, engine.Options{}); err != nil {
				t.Errorf("build: %v", err)
			}
			if slices.Contains(got, "") {
				t.Error("an empty record")
			}
		})
	}
}

// Loans and hires go out and come back: their lifecycle ends in
// returned, whether they are the line of work or a record beside it.
func TestLoanLifecycle(t *testing.T) {
	p, err := read.Read(engine.Scenario{Industry: "toy library", Country: "AU", Description: "Member families borrow up to six toys a fortnight, and parents can reserve puzzles online.", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if p.Work.One != "loan" || !slices.Equal(p.Work.States, []string{"reserved", "out", "returned"}) {
		t.Errorf("line of work %s with states %v, want loans reserved, out, returned", p.Work.Many, p.Work.States)
	}
	if lc, ok := engine.Lifecycle("bookings", "hire", "breaker", ""); !ok || lc.States[len(lc.States)-1] != "returned" {
		t.Errorf("hires: %+v, %v", lc, ok)
	}
	if lc, ok := engine.Lifecycle("bookings", "appointment", "", ""); ok {
		t.Errorf("appointments are no loans: %+v", lc)
	}
}
