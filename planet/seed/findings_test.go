package seed

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mercury/mcp-world/planet/catalog"
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

// TestFindingsCompanyName: an association with a company's legal form
// and a name composed in English in a country named in its own language
// are findings; the same names in their right form are not.
func TestFindingsCompanyName(t *testing.T) {
	for _, tc := range []struct {
		country, industry, name string
		want                    string
		description             string
	}{
		{"DE", "Food banks", "Leipziger Tafel UG (haftungsbeschränkt)", "a nonprofit body", ""},
		{"DE", "Food banks", "Leipziger Tafel", "", ""},
		{"MX", "Printing shops", "Cantera Printing S.A. de C.V.", "named in English", ""},
		{"MX", "Printing shops", "Artes Gráficas Golfo S.A. de C.V.", "", ""},
		{"HU", "Municipalities & local government", "City of Debrecen Nyrt.", "a public body", ""},
		{"GB", "Printing shops", "Crown Printing Ltd", "", ""},
		// Composed industries (no pack): the body from the brief's
		// words, no English words of the brief in a local name.
		{"PT", "goat dairy", "Luso Goat Dairy Lda.", "named in English (Goat, Dairy)", ""},
		{"PT", "goat dairy", "Queijaria Rocha Lda.", "", ""},
		{"DE", "volunteer-run food bank", "Schmitt GmbH", "a nonprofit body", ""},
		{"DE", "food distribution", "Schmitt GmbH", "a nonprofit body", "A charity handing out groceries."},
		{"DE", "volunteer-run food bank", "Förderverein Leipzig", "", ""},
		{"DE", "Schreinerei", "Schreinerei Weber GmbH", "", ""},
		{"GB", "goat dairy", "Harbour Goat Dairy Ltd", "", ""},
	} {
		b := &world.Bundle{Company: world.Company{Name: tc.name, Country: tc.country, Industry: tc.industry, Description: tc.description, Employees: 300}, Clock: world.Clock{Start: "2026-03-02T09:00:00Z"}}
		var got []string
		for _, f := range Findings(b) {
			if strings.HasPrefix(f, "/company/name: ") {
				got = append(got, f)
			}
		}
		if tc.want == "" && len(got) > 0 || tc.want != "" && !strings.Contains(strings.Join(got, "\n"), tc.want) {
			t.Errorf("%s %q: findings %q, want one with %q", tc.country, tc.name, got, tc.want)
		}
	}
}

// TestFindingsPlaceholdersAndBirthdays: priced goods named "Spare part 1,
// 2, 3" are placeholders, numbered rooms without a price are not; a date
// of birth on a row with a contact person (an organisation) is a
// finding; a scan after the clock is a record made in the future.
func TestFindingsPlaceholdersAndBirthdays(t *testing.T) {
	priced := world.Table{Name: "stock", Columns: []world.Column{{Name: "id", Type: "text", PrimaryKey: true}, {Name: "name", Type: "text"}, {Name: "unit_price", Type: "integer", Kind: "unit_price"}}}
	rooms := world.Table{Name: "rooms", Columns: []world.Column{{Name: "id", Type: "text", PrimaryKey: true}, {Name: "name", Type: "text"}}}
	for i, n := range []string{"Spare part 1", "Spare part 2", "Spare part 3"} {
		priced.Rows = append(priced.Rows, map[string]any{"id": fmt.Sprint(i), "name": n, "unit_price": int64(1500)})
		rooms.Rows = append(rooms.Rows, map[string]any{"id": fmt.Sprint(i), "name": strings.Replace(n, "Spare part", "Room", 1)})
	}
	goods := priced
	goods.Rows = []map[string]any{{"id": "1", "name": "Brake pads (pair)", "unit_price": int64(1500)}, {"id": "2", "name": "Inner tube 28\"", "unit_price": int64(600)}, {"id": "3", "name": "Sonnencreme LSF 50", "unit_price": int64(900)}}
	holders := world.Table{Name: "crm_policyholders", Columns: []world.Column{{Name: "id", Type: "text", PrimaryKey: true}, {Name: "contact_person", Type: "text"}, {Name: "date_of_birth", Type: "date", Kind: "date_of_birth"}},
		Rows: []map[string]any{{"id": "1", "contact_person": "Anna Müller", "date_of_birth": "1980-02-03"}}}
	scans := world.Table{Name: "shipments_scans", Columns: []world.Column{{Name: "id", Type: "text", PrimaryKey: true}, {Name: "scanned_at", Type: "datetime", Kind: "record_time"}},
		Rows: []map[string]any{{"id": "1", "scanned_at": "2026-03-03T12:15:00Z"}}}
	for _, tc := range []struct {
		table world.Table
		want  string
	}{
		{priced, "placeholders, not goods"},
		{rooms, ""},
		{goods, ""},
		{holders, "an organisation (it has a contact person) with a date of birth"},
		{scans, "a record made in the future"},
	} {
		b := &world.Bundle{Company: world.Company{Name: "Weber GmbH", Country: "DE"}, Clock: world.Clock{Start: "2026-03-02T09:00:00Z"}, Tables: []world.Table{tc.table}}
		got := strings.Join(Findings(b), "\n")
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%s: findings %q, want %q", tc.table.Name, got, tc.want)
		}
	}
}

// TestFindingsPrices: an amount that ignores its item's list price, a
// part at two prices, and a purchase order whose amount is no multiple of
// its quantity are findings; amounts that follow the list are not.
func TestFindingsPrices(t *testing.T) {
	col := func(name, typ, kind string) world.Column { return world.Column{Name: name, Type: typ, Kind: kind} }
	list := world.Table{Name: "deliveries_deliveries", Service: "deliveries", Columns: []world.Column{{Name: "code", Type: "text", PrimaryKey: true}, col("name", "text", ""), col("list_price", "integer", "unit_price")},
		Rows: []map[string]any{{"code": "D1", "name": "Jug delivery", "list_price": int64(8000)}, {"code": "D2", "name": "Labelling (per carton)", "list_price": int64(300)}}}
	work := func(amounts ...int64) world.Table {
		t := world.Table{Name: "deliveries", Service: "deliveries", Columns: []world.Column{{Name: "id", Type: "text", PrimaryKey: true}, col("item", "text", "offering"), col("amount", "integer", "amount")}}
		for i, a := range amounts {
			item := "Jug delivery"
			if i%2 == 1 {
				item = "Labelling (per carton)"
			}
			t.Rows = append(t.Rows, map[string]any{"id": fmt.Sprint(i), "item": item, "amount": a})
		}
		return t
	}
	parts := func(p1, p2 int64) world.Table {
		return world.Table{Name: "work_orders_parts", Service: "work_orders", Columns: []world.Column{{Name: "id", Type: "text", PrimaryKey: true}, col("part", "text", ""), col("quantity", "integer", "quantity"), col("unit_price", "integer", "unit_price")},
			Rows: []map[string]any{{"id": "1", "part": "Inner tube", "quantity": int64(2), "unit_price": p1}, {"id": "2", "part": "Inner tube", "quantity": int64(1), "unit_price": p2}}}
	}
	po := func(amount int64) world.Table {
		return world.Table{Name: "procurement_purchase_orders", Service: "procurement", Columns: []world.Column{{Name: "id", Type: "text", PrimaryKey: true}, col("item", "text", ""), col("quantity", "integer", "quantity"), col("amount", "integer", "amount")},
			Rows: []map[string]any{{"id": "1", "item": "Gloves", "quantity": int64(30), "amount": amount}}}
	}
	stay := func(amount int64) world.Table {
		return world.Table{Name: "bookings", Service: "deliveries", Columns: []world.Column{{Name: "id", Type: "text", PrimaryKey: true}, col("item", "text", "offering"), col("amount", "integer", "amount"), col("check_in", "date", ""), col("check_out", "date", "")},
			Rows: []map[string]any{{"id": "1", "item": "Jug delivery", "amount": amount, "check_in": "2026-06-27", "check_out": "2026-07-06"}}}
	}
	for _, tc := range []struct {
		name   string
		tables []world.Table
		want   string
	}{
		{"list prices followed", []world.Table{list, work(8000, 300*40, 7200)}, ""},
		{"a stay of nine nights at its rate", []world.Table{list, stay(9 * 8000)}, ""},
		{"a stay priced as the whole item (a package of its own)", []world.Table{list, stay(8000)}, ""},
		{"a stay at a rate of its own", []world.Table{list, stay(5 * 8000)}, "does not follow its list price"},
		{"a price of its own", []world.Table{list, work(236700)}, "does not follow its list price"},
		{"per-unit item beyond its units", []world.Table{list, work(8000, 300*5000)}, "does not follow its list price"},
		{"one part one price", []world.Table{parts(600, 600)}, ""},
		{"one part two prices", []world.Table{parts(1000, 7700)}, "a unit here"},
		{"po multiple", []world.Table{po(30 * 950)}, ""},
		{"po not a multiple", []world.Table{po(30*950 + 7)}, "no whole multiple"},
	} {
		b := &world.Bundle{Company: world.Company{Name: "Weber GmbH", Country: "DE"}, Clock: world.Clock{Start: "2026-03-02T09:00:00Z"}, Tables: tc.tables}
		got := strings.Join(Findings(b), "\n")
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%s: findings %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestFindingsStreetOfAnotherCity: Salzburg's Getreidegasse in an
// Innsbruck address is a finding; in Salzburg, or a street every city
// has, it is not.
func TestFindingsStreetOfAnotherCity(t *testing.T) {
	at, ok := catalog.CountryByCode("AT")
	if !ok {
		t.Fatal("no AT")
	}
	ck := NewChecker(at, time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), "example.at")
	for _, tc := range []struct {
		address string
		want    bool
	}{
		{"Getreidegasse 12, 6020 Innsbruck", true},
		{"Getreidegasse 12, 5020 Salzburg", false},
		{"Hauptstraße 3, 6020 Innsbruck", false},
		{"Maria-Theresien-Straße 7, 1010 Wien", true},
	} {
		got := strings.Contains(strings.Join(ck.Check("address", StreetAddress, tc.address, nil, NoStage), "\n"), "a street of")
		if got != tc.want {
			t.Errorf("%q: street-of-another-city finding %v, want %v", tc.address, got, tc.want)
		}
	}
	// A street of a city the address names too is that city's, even when
	// another city's name is inside the address ("Metro Manila").
	ph, _ := catalog.CountryByCode("PH")
	ckPH := NewChecker(ph, time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), "example.ph")
	for _, tc := range []struct {
		address string
		want    bool
	}{
		{"7792 Commonwealth Avenue, Quezon City, 1100 Metro Manila", false},
		{"7792 Commonwealth Avenue, Manila, 1000 Metro Manila", true},
	} {
		got := strings.Contains(strings.Join(ckPH.Check("address", StreetAddress, tc.address, nil, NoStage), "\n"), "a street of")
		if got != tc.want {
			t.Errorf("PH %q: street-of-another-city finding %v, want %v", tc.address, got, tc.want)
		}
	}
	// And the generator never draws one.
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range catalog.Countries() {
		for _, city := range c.Cities {
			for range 20 {
				a := c.AddressIn(r, city)
				ckc := NewChecker(c, time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), "")
				if s, homes, bad := ckc.streetOfOtherCity(a, city.Name); bad {
					t.Fatalf("%s: %q in %s is on %s, a street of %v", c.Code, a, city.Name, s, homes)
				}
			}
		}
	}
}

// TestFindingsDeposit: a tenant's deposit is checked against the monthly
// rent of the leases that refer to the tenant: 35.00 on 3,100 a month is
// a finding, two months' rent is not.
func TestFindingsDeposit(t *testing.T) {
	bundle := func(deposit int64) *world.Bundle {
		return &world.Bundle{Company: world.Company{Name: "Phönix Hausverwaltung e.K.", Country: "DE", Industry: "Property management"}, Clock: world.Clock{Start: "2026-03-02T09:00:00Z"},
			Tables: []world.Table{
				{Name: "crm_tenants", Columns: []world.Column{{Name: "id", Type: "text"}, {Name: "deposit_amount", Type: "integer", Kind: "deposit"}},
					Rows: []map[string]any{{"id": "TEN-1", "deposit_amount": deposit}}},
				{Name: "leases", Columns: []world.Column{{Name: "id", Type: "text"}, {Name: "customer_id", Type: "text", RefersTo: "crm_tenants.id"}, {Name: "monthly_rent", Type: "integer", Kind: "monthly_rent"}},
					Rows: []map[string]any{{"id": "LEA-1", "customer_id": "TEN-1", "monthly_rent": int64(310000)}}},
			}}
	}
	has := func(fs []string) bool {
		return slices.ContainsFunc(fs, func(f string) bool { return strings.Contains(f, "deposit_amount: a deposit of") })
	}
	if fs := Findings(bundle(3500)); !has(fs) {
		t.Errorf("a deposit of 35.00 on 3,100 a month: %q", fs)
	}
	if fs := Findings(bundle(620000)); has(fs) {
		t.Errorf("two months' rent: %q", fs)
	}
}
