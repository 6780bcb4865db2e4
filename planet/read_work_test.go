package planet

import (
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/world"
)

// TestWorkAsTheBriefSaysIt: how a brief names its work decides what the
// world keeps of it. Work done where it is done is the verb's own
// record; "every job" is the line of work whatever its archetype; a
// quote is drafted, sent and accepted, never invoiced; what customers
// order online is sold, not bought; standing orders are orders that say
// so; what clients book at a salon is a kind of its appointments; an
// industry in a language the packs do not know is found where the
// description names it again; a small word says little of a business
// that counts its branches; and an item's verb is no kind of customer.
func TestWorkAsTheBriefSaysIt(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		pack                          string            // the industry pack the brief reads as ("" composed)
		tables                        []string          // tables the world has
		never                         []string          // tables it has not
		columns                       []string          // "table.column" the world has
		noColumns                     []string          // "table.column" it has not
		enumHas                       map[string]string // "table.column" → one of its values
		enums                         map[string][]string
		noPolicy                      []string // a policy whose name has this prefix is not made
		minEmployees                  int
		noValue                       string // no enum value of any column contains it
	}{
		{
			name: "installed on site, every job, a quote accepted", industry: "kitchen fitter", country: "GB",
			desc:   "Kitchen fitting firm in Leeds making worktops to order. Every job starts with an estimate the customer accepts, and our installers install at the customer's home.",
			pack:   "joinery",
			tables: []string{"installations", "estimates"},
			never:  []string{"jobs"},
			// An estimate is sent and accepted or declined.
			enums:    map[string][]string{"estimates.status": {"drafted", "sent", "accepted", "declined"}},
			noPolicy: []string{"estimate-accepted-invoiced", "estimate-delivered-invoiced"},
		},
		{
			name: "ordered online is sold, and standing orders say so", industry: "cake shop", country: "PT",
			desc:    "Cake shop in Porto. Birthday cakes are ordered online two days ahead, hotels have standing orders every morning, and we buy flour from a mill.",
			columns: []string{"*.standing_order"},
			never:   []string{"purchase_orders_cakes", "standing_orders"},
		},
		{
			name: "parts bought from someone are goods", industry: "motorbike garage", country: "PT",
			desc:    "Motorbike garage in Braga. We order parts from wholesalers in Lisbon, and riders book a service online.",
			columns: []string{"purchase_orders.wholesaler_id"},
		},
		{
			name: "a crew after a pair that is none", industry: "safari tours", country: "KE",
			desc:  "Safari tours from Nairobi by jeep. Guests book a seat, and guides and drivers are rostered each week.",
			enums: map[string][]string{"crew_shifts.role": {"guide", "driver"}},
		},
		{
			name: "one who comes to the house, and what is kept in stock", industry: "appliance repair", country: "IE",
			desc:   "Appliance repair in Cork. Customers call, an engineer comes to the house within a day, and we keep motors and belts in stock.",
			tables: []string{"repairs_engineers", "motors"},
			// Stock received at a cost, not documents.
			columns: []string{"motors.unit_cost", "motors.received_on"},
		},
		{
			name: "whom a purchase is from is its table's, not a column of names", industry: "banner printer", country: "PT",
			desc:      "Banner printing in Porto for shops and events. We buy vinyl and ink from three suppliers, and every banner is proofed before printing.",
			columns:   []string{"purchase_orders.supplier_id"},
			noColumns: []string{"purchase_orders.supplier"},
		},
		{
			name: "a verb of going is no record", industry: "timber frame builder", country: "FI",
			desc:  "Timber frame builder near Oulu making garden sheds. Logs come from our own mill, and every frame is assembled on site.",
			never: []string{"comes", "goes"},
		},
		{
			name: "a salon's bookings, in a language no pack knows", industry: "kapsalon aan huis", country: "NL",
			desc: "Hair salon in Utrecht with four stylists. Clients book cuts and colours online.",
			pack: "hair-beauty-salons", never: []string{"cuts"},
		},
		{
			name: "what is booked is the kind of appointment, in the brief's words; stamps are loyalty", industry: "kapsalon", country: "BE",
			desc:    "Hair salon in Antwerp with five stylists. Clients book lash lifts online, and regulars collect stamps.",
			enumHas: map[string]string{"salon_appointments.kind_of_work": "lash lift"},
			never:   []string{"lifts", "collections"},
		},
		{
			name: "stamps collected are a loyalty card", industry: "tea shop", country: "GB",
			desc:   "Tea shop in York selling loose tea by weight. Regulars collect stamps.",
			tables: []string{"memberships_members"}, never: []string{"collections"},
		},
		{
			name: "independent with three branches, supplying schools", industry: "boekhandel", country: "BE",
			desc:         "Independent bookshop with three branches in Ghent, selling to readers and supplying schools with textbooks.",
			minEmployees: 6, noValue: "supplying",
		},
		{
			// A making verb names the line of work; a filing is no more
			// than a record beside it.
			name: "what is mixed to order is the work", industry: "mortar works", country: "DE",
			desc:   "Mortar works near Kassel mixing dry mortar for builders' merchants. We file a quarterly dust report with the district.",
			tables: []string{"orders", "orders_mortars"},
			never:  []string{"dust_reports_dust_reports"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, b := buildBrief(t, Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			validated(t, b)
			if tc.pack != "" && p.Company.Pack != tc.pack {
				t.Errorf("pack %q, want %q", p.Company.Pack, tc.pack)
			}
			for _, name := range tc.tables {
				if tableNamed(b, name) == nil {
					t.Errorf("no %s table", name)
				}
			}
			for _, name := range tc.never {
				if tableNamed(b, name) != nil {
					t.Errorf("a %s table", name)
				}
			}
			cols := columnsOf(b)
			for _, want := range tc.columns {
				_, col, _ := strings.Cut(want, ".")
				if !slices.ContainsFunc(cols, func(c string) bool { return strings.HasSuffix(c, "."+col) }) {
					t.Errorf("no %s column: %v", want, cols)
				}
			}
			for _, no := range tc.noColumns {
				if slices.Contains(cols, no) {
					t.Errorf("a %s column", no)
				}
			}
			for tcol, want := range tc.enumHas {
				table, col, _ := strings.Cut(tcol, ".")
				found := false
				if tb := tableNamed(b, table); tb != nil {
					for _, c := range tb.Columns {
						found = found || c.Name == col && slices.Contains(c.Enum, any(want))
					}
				}
				if !found {
					t.Errorf("%s has no value %q", tcol, want)
				}
			}
			for tcol, want := range tc.enums {
				table, col, _ := strings.Cut(tcol, ".")
				tb := tableNamed(b, table)
				if tb == nil {
					t.Errorf("no %s table", table)
					continue
				}
				i := slices.IndexFunc(tb.Columns, func(c world.Column) bool { return c.Name == col })
				if i < 0 {
					t.Errorf("no %s column", tcol)
					continue
				}
				var got []string
				for _, v := range tb.Columns[i].Enum {
					got = append(got, v.(string))
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s is one of %v, want %v", tcol, got, want)
				}
			}
			for _, pol := range p.Policies {
				for _, no := range tc.noPolicy {
					if strings.HasPrefix(pol.Name, no) {
						t.Errorf("policy %s", pol.Name)
					}
				}
			}
			if b.Company.Employees < tc.minEmployees {
				t.Errorf("%d employees, want at least %d", b.Company.Employees, tc.minEmployees)
			}
			if tc.noValue != "" {
				for _, tb := range b.Tables {
					for _, c := range tb.Columns {
						for _, v := range c.Enum {
							if s, _ := v.(string); strings.Contains(s, tc.noValue) {
								t.Errorf("%s.%s has the value %q", tb.Name, c.Name, s)
							}
						}
					}
				}
			}
		})
	}
}

// TestCustomersAreWhomTheTradeServes: a general word for the customers
// ("customers", "clients") names no firms. A jeweller's and a
// psychotherapist's customers are people, an IT services firm's are
// firms (the pack says so), and a brief's "customers book …" keeps them
// people; firms have a contact person, people do not.
func TestCustomersAreWhomTheTradeServes(t *testing.T) {
	for _, tc := range []struct {
		industry, country, desc string
		firms                   bool
	}{
		{"jewellers", "FR", "", false},
		{"psychotherapy", "LV", "", false},
		{"it-services", "DE", "", true},
		{"IT outsourcing", "PL", "Software house in Gdansk with forty developers. Clients sign fixed-price contracts and invoices go out monthly.", true},
		{"aircon repair", "PH", "Aircon repair service in Cebu. Customers book a cleaning by text, and technicians visit the same week.", false},
	} {
		t.Run(tc.industry, func(t *testing.T) {
			_, b := buildBrief(t, Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 3})
			validated(t, b)
			var crm *world.Table
			for i := range b.Tables {
				if b.Tables[i].Service == "crm" && crm == nil {
					crm = &b.Tables[i]
				}
			}
			if crm == nil {
				t.Fatal("no CRM table")
			}
			firms := slices.ContainsFunc(crm.Columns, func(c world.Column) bool { return c.Name == "contact_person" })
			if firms != tc.firms {
				t.Errorf("%s: firms %v, want %v (first row %v)", crm.Name, firms, tc.firms, crm.Rows[0]["name"])
			}
		})
	}
}

// TestCountsInWords: a count written in words is a count, up to ninety-nine.
func TestCountsInWords(t *testing.T) {
	p, err := Read(Scenario{Industry: "engineering inspection", Country: "GB", Seed: 1,
		Description: "Engineering inspection firm in Leeds with fourteen surveyors and twenty-five vans. We examine boilers and lifts."})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"staff": 14, "vehicles": 25}
	for _, sc := range p.Scale {
		if n, ok := want[sc.Kind]; ok {
			if sc.Count != n {
				t.Errorf("%s: %d, want %d", sc.Kind, sc.Count, n)
			}
			delete(want, sc.Kind)
		}
	}
	for kind := range want {
		t.Errorf("no count of %s: %+v", kind, p.Scale)
	}
}

// TestWhoDoesTheWork: the people a clause sends to the work are the
// staff ("a fitter comes to the house", "our drivers carry spares");
// those who get something, and things that go somewhere, are not.
func TestWhoDoesTheWork(t *testing.T) {
	for _, tc := range []struct {
		industry, country, desc string
		staff                   string // want the staff's noun ("" any but the never ones)
		never                   []string
	}{
		{"boiler repair", "GB", "Boiler repair in Hull. Customers phone in, a fitter comes to the house the next morning, and every repair is invoiced on the day.", "fitter", nil},
		{"lift maintenance", "GB", "Lift maintenance in Cardiff. Our engineers carry spare parts in their vans, and every lift is serviced twice a year.", "engineer", nil},
		{"lettings agency", "GB", "Lettings agency in Bath. Offers go to the landlord in writing, and owners get a monthly statement of rent.", "", []string{"offer", "owner"}},
		// A passive is of a thing, and a staff word with its verb is staff.
		{"propane supplier", "CA", "Propane supplier in Red Deer delivering tanks to farms. Drivers load the full ones at the depot each morning, and spare tanks are refilled overnight.", "driver", []string{"spare tank", "tank"}},
		// Who orders is a customer, even in a word of staff (a guard on
		// the rule above).
		{"microgreens grower", "US", "Microgreens grower in Austin. Chefs order trays every Monday and we deliver on Tuesday.", "", []string{"chef"}},
	} {
		t.Run(tc.industry, func(t *testing.T) {
			p, err := Read(Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if tc.staff != "" && p.Staff.One != tc.staff {
				t.Errorf("staff are %q, want %q", p.Staff.One, tc.staff)
			}
			if slices.Contains(tc.never, p.Staff.One) {
				t.Errorf("staff are %q", p.Staff.One)
			}
		})
	}
}
