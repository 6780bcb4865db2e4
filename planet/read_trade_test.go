package planet

import (
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
)

// TestReadTrade reads whom a maker or grower sells to and buys from:
// the buyers its sale clauses name are its customer or the kinds of its
// customer, the producers it buys from are the counterpart of its
// purchases, and a sale on a standing order says so. want are
// substrings of the plan's customer line ("customer|kind=a,b"), of its
// purchase counterparts ("from=x") and of records(); not must be in
// none of them.
func TestReadTrade(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		want, not                     []string
	}{
		{"sold to boutiques beside the tourists it teaches", "batik workshop", "ID", "We sell cloth to boutiques in Jakarta and run batik classes for tourists.",
			[]string{"kind=tourist,boutique"}, []string{"jakarta"}},
		{"subjects that order are buyers, places after them are not", "conical hat workshop", "VN", "We weave conical hats, and hotels and souvenir shops order hats with their own lining.",
			[]string{"souvenir shop", "hotel"}, nil},
		{"the one buyer named is the customer", "brick kiln", "PK", "We fire bricks and sell by the thousand to building contractors.",
			[]string{"customer=building contractor"}, nil},
		{"where a buyer is is no part of it", "spare parts dealer", "NG", "Mechanics across the South-East order on WhatsApp and pay by bank transfer.",
			[]string{"customer=mechanic"}, []string{"across"}},
		{"a clause before the verb is no subject", "tortillería", "MX", "We make tortillas, deliver to taquerías on standing orders every morning.",
			[]string{"customer=taquería", "standing_order"}, []string{"customer=deliver", "kind="}},
		{"a place is no buyer", "cashew processor", "IN", "We export kernels to China and sell splits to bakeries.",
			[]string{"customer=bakery"}, []string{"china"}},
		{"bought from producers by both their words", "alpaca wool mill", "PE", "We buy fleece from highland communities and spin yarn for knitwear brands.",
			[]string{"from=highland community"}, nil},
		{"bought from a rough count of producers", "palm oil mill", "MY", "We buy fresh fruit bunches from about 400 smallholders by the tonne.",
			[]string{"from=smallholder"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := read.Read(engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			got = append(got, "customer="+p.Customer.One)
			for _, a := range p.Customer.Attributes {
				if a.Name == "kind" {
					got = append(got, "kind="+strings.Join(a.Values, ","))
				}
			}
			for _, s := range p.Services {
				if s.Archetype == "purchase_orders" && s.Counterpart != nil {
					got = append(got, "from="+s.Counterpart.One)
				}
			}
			got = append(got, records(p)...)
			all := strings.Join(got, "\n")
			for _, w := range tc.want {
				if !strings.Contains(all, w) {
					t.Errorf("no %q in\n%s", w, all)
				}
			}
			for _, n := range tc.not {
				if slices.ContainsFunc(got, func(g string) bool { return strings.Contains(strings.ToLower(g), n) }) {
					t.Errorf("%q should not be in\n%s", n, all)
				}
			}
		})
	}
}

// TestReadVessels reads the vessel a thing is kept or made in as where
// its record is, with no article before it ("in holding tanks"); a
// bare noun that is no vessel is no place ("in batches").
func TestReadVessels(t *testing.T) {
	for _, tc := range []struct{ desc, want, not string }{
		{"We keep lobsters in holding tanks.", "location=holding tank", ""},
		{"We keep cheeses in the cellar.", "location=cellar", ""},
		{"We keep cheeses in batches.", "", "location="},
	} {
		p, err := read.Read(engine.Scenario{Industry: "seafood wholesaler", Country: "US", Description: tc.desc, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		all := strings.Join(records(p), "\n")
		if tc.want != "" && !strings.Contains(all, tc.want) {
			t.Errorf("%s: no %q in\n%s", tc.desc, tc.want, all)
		}
		if tc.not != "" && strings.Contains(all, tc.not) {
			t.Errorf("%s: %q in\n%s", tc.desc, tc.not, all)
		}
	}
}
