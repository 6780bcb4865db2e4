package planet

import (
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

// columnsOf lists every column of a world as "table.column".
func columnsOf(b *world.Bundle) []string {
	var out []string
	for _, t := range b.Tables {
		for _, c := range t.Columns {
			out = append(out, t.Name+"."+c.Name)
		}
	}
	return out
}

// TestFieldsTheBriefNames: "logged with its A, B and C" gives the record
// those columns, typed by what they hold, and nothing else: a list of
// fields ends where the next clause starts (a plural subject with its
// verb, "then …", "every …", money talk), a name says where and is no
// field, a noun before "number" is no record, and whom a filing goes to
// is no column.
func TestFieldsTheBriefNames(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		want                          map[string]string // table.column → type ("*" any table)
		wantTables                    []string
		never                         []string // column names, or tables as "table:" name
	}{
		{
			name: "logged with its fields, on the thing the work is of", industry: "bicycle repair workshop", country: "FR",
			desc: "Bicycle repair workshop in Lyon servicing road and city bikes for commuters. Every bike is logged with its frame number and groupset on intake, the owner approves the quote before work starts.",
			want: map[string]string{"bike_services.groupset": "text", "bike_services.bike_kind": "text"},
			// frame_no is the pack's own, and the brief's frame number is it.
			never: []string{"frame_number", "owner_approves", "table:frames", "table:intakes", "table:service_visits", "table:servicings"},
		},
		{
			name: "a date and a strength are a date and a number", industry: "whisky distillery", country: "GB",
			desc: "Whisky distillery in Speyside filling around 900 casks a year. Every cask is logged with its fill date, strength and warehouse bay, and visitors book tours.",
			want: map[string]string{"casks.fill_date": "date", "casks.strength": "real", "casks.warehouse_bay": "text"},
		},
		{
			name: "a plural subject with its verb ends the list", industry: "scaffold hire", country: "ZA",
			desc:  "Scaffold hire in Durban with thirty towers. Every tower has an inspection certificate renewed each year, and riggers fill in a daily log of hours.",
			never: []string{"riggers_fill", "riggers"},
		},
		{
			name: "then ends the list, and the record is no field of itself", industry: "fertility clinic", country: "PL",
			desc:  "Fertility clinic in Krakow. Couples have a first consultation, then a treatment cycle with scans.",
			never: []string{"then", "first_consultation"},
		},
		{
			name: "money talk is no field", industry: "gift shop", country: "TR",
			desc:  "Gift shop in Izmir. We ship parcels to buyers abroad with tracking, price in lira, euros and dollars.",
			never: []string{"euros", "dollars", "price"},
		},
		{
			name: "a minimum is a rule, not a column", industry: "yacht charter", country: "GR",
			desc:  "Yacht charter in Athens with five yachts. Charters are booked by the day with a minimum of three days.",
			never: []string{"minimum"},
		},
		{
			name: "a name says where", industry: "flower grower", country: "CH",
			desc:  "We grow tulips on 20 hectares by Lake Geneva and ship to florists in Germany.",
			never: []string{"lake_geneva"},
		},
		{
			name: "whom a filing goes to is no column, nor is a subject's verb", industry: "land surveyor", country: "DK",
			desc:  "Land surveyor in Odense. Each boundary plan has a deadline, plans are filed with the kommune and clients pay a fixed fee.",
			never: []string{"kommune", "pay"},
		},
		{
			name: "what follows with is more of the same record's", industry: "equine vet", country: "IE",
			desc:  "Equine vet practice near Cork. Each horse has its own record with its passport number and vaccinations, and the owners get a monthly account.",
			want:  map[string]string{"records.passport_number": "text", "records.vaccinations": "text"},
			never: []string{"table:passports"},
		},
		{
			name: "the work's generic word is the work, and being logged is no field", industry: "auto glass repair", country: "KE",
			desc:  "Auto glass repair in Nairobi fixing chips and replacing windscreens for fleet companies. Every job is logged with the car's plate number.",
			want:  map[string]string{"*.car_plate_number": "text"},
			never: []string{"table:jobs", "logged"},
		},
		{
			name: "a breed is no past form, abroad no thing", industry: "dog groomer", country: "BR",
			desc:  "Dog groomer in Recife. Owners book baths online with their dog's breed, and shampoos are shipped abroad.",
			want:  map[string]string{"baths.dog_breed": "text"},
			never: []string{"abroad_id", "table:shipments_abroads"},
		},
		{
			name: "a day of the week is no thing, a singular subject with its verb no field", industry: "vegetable box scheme", country: "NL",
			desc:  "We pack organic vegetable boxes from six farms around Utrecht. Households subscribe to weekly deliveries, our vans deliver every Friday, and the customer pays in two instalments.",
			never: []string{"friday_id", "customer_pays", "table:fridays"},
		},
		{
			name: "the customer who pays is no field", industry: "kitchen maker", country: "RO",
			desc:  "Kitchen maker in Iasi building kitchens to measure. We send a 3D design for approval with the quote, and the customer pays 40% up front before we cut the boards.",
			never: []string{"customer_pays"},
		},
		{
			name: "crews who rotate on a roster have the shifts", industry: "ferry operator", country: "IT",
			desc:       "Ferry operator sailing from Naples to Capri with two ships. Passengers are booked per sailing, and our deck crews rotate weekly on a roster.",
			wantTables: []string{"crew_shifts"},
			never:      []string{"crews_rotate"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, b := buildBrief(t, Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			validated(t, b)
			cols := columnsOf(b)
			for tc2, typ := range tc.want {
				table, col, _ := strings.Cut(tc2, ".")
				if table == "*" {
					// Any table: the record the brief's generic word is.
					for _, c := range cols {
						if strings.HasSuffix(c, "."+col) {
							table, _, _ = strings.Cut(c, ".")
						}
					}
				}
				tb := tableNamed(b, table)
				if tb == nil {
					t.Errorf("no %s table; columns: %v", table, cols)
					continue
				}
				i := slices.IndexFunc(tb.Columns, func(c world.Column) bool { return c.Name == col })
				if i < 0 {
					t.Errorf("%s has no %s column: %v", table, col, cols)
					continue
				}
				// Money and integers are kept as integers; a measure is real.
				if got := tb.Columns[i].Type; got != typ {
					t.Errorf("%s is %s, want %s", tc2, got, typ)
				}
			}
			for _, name := range tc.wantTables {
				if tableNamed(b, name) == nil {
					t.Errorf("no %s table", name)
				}
			}
			for _, n := range tc.never {
				if table, ok := strings.CutPrefix(n, "table:"); ok {
					if tableNamed(b, table) != nil {
						t.Errorf("a %s table beside the line of work", table)
					}
					continue
				}
				for _, c := range cols {
					if strings.HasSuffix(c, "."+n) {
						t.Errorf("column %s read from the brief", c)
					}
				}
			}
		})
	}
}

// TestUnknownFieldIsNoNote: a field the brief names that no pool, kind or
// pattern knows ("groupset") is left empty in the seed, not filled with
// another kind's values (a note such as "Confirmé par téléphone"), and
// its tool does not require it; a field of a known kind is still filled.
func TestUnknownFieldIsNoNote(t *testing.T) {
	_, b := buildBrief(t, Scenario{Industry: "bicycle repair workshop", Country: "FR", Seed: 2,
		Description: "Bicycle repair workshop in Nantes servicing city bikes. Every bike is logged with its frame number and groupset on intake."})
	validated(t, b)
	tb := tableNamed(b, "bike_services")
	if tb == nil {
		t.Fatal("no bike_services table")
	}
	i := slices.IndexFunc(tb.Columns, func(c world.Column) bool { return c.Name == "groupset" })
	if i < 0 {
		t.Fatal("no groupset column")
	}
	if !tb.Columns[i].Nullable {
		t.Error("groupset is not nullable")
	}
	notes := seed.LexiconFor("fr").Pool("note")
	filled := 0
	for _, r := range tb.Rows {
		if v, ok := r["groupset"].(string); ok && slices.Contains(notes, v) {
			t.Errorf("groupset %q is a note", v)
		}
		if r["frame_no"] != nil {
			filled++
		}
	}
	if filled != len(tb.Rows) || filled == 0 {
		t.Errorf("frame_no filled on %d of %d rows", filled, len(tb.Rows))
	}
	for _, tool := range b.Tools {
		for _, a := range tool.Args {
			if a.Name == "groupset" && a.Required {
				t.Errorf("%s requires groupset", tool.Name)
			}
		}
	}
}
