package planet

import (
	"slices"
	"strings"
	"testing"
)

// What a person must hold to work or take part ("every lifeguard must
// hold a valid certificate") is a register of that credential, held by
// that person: the staff's (staff_id), people the brief names (a table
// of them), or the customers' own (customer_id). It is checked and
// verified, not drafted; it has the date it expires; it is never the
// line of work, and the word that says it is valid is no part of its
// name.
func TestCredentials(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		table                         string // the credential's table
		party                         string // its column of whose it is
	}{
		{"the staff's, a lone generic noun named by its holder", "leisure centre", "UK",
			"Leisure centre in Leeds with a 25-metre pool and a gym. Members book swimming lessons online, and every lifeguard must hold a valid pool lifeguard qualification.",
			"pool_lifeguard_qualifications", ""},
		{"a named check of a country", "home care agency", "Ireland",
			"Home care agency in Cork. Our carers visit older people at home twice a day, and each carer must have Garda vetting before the first visit.",
			"garda_vettings", "staff_id"},
		{"the customers' own", "fishing charter", "Florida",
			"Fishing charter in Tampa with two boats. Guests book half-day trips with a deposit, and every guest needs a valid fishing licence.",
			"fishing_licences", "customer_id"},
		{"a firm holds one too", "roofing contractor", "Australia",
			"Roofing contractor in Brisbane re-roofing homes with six subcontractors. Homeowners get a written quote, and every subcontractor must hold current public liability insurance.",
			"public_liability_insurances", "subcontractor_id"},
		{"a person with one", "youth football club", "New Zealand",
			"Youth football club in Wellington with twenty teams. Families register their children each season, and every team has a volunteer coach with a police vet.",
			"police_vets", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, b := buildBrief(t, Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			tb, ok := tableOf(b, tc.table)
			if !ok {
				var names []string
				for _, t := range b.Tables {
					names = append(names, t.Name)
				}
				t.Fatalf("no %s table among %v; decisions:\n%v", tc.table, names, p.Decisions)
			}
			cols := columnNames(tb)
			want := []string{"expiry_date", "status"}
			if tc.party != "" {
				want = append(want, tc.party)
			}
			for _, c := range want {
				if !slices.Contains(cols, c) {
					t.Errorf("%s columns %v lack %s", tc.table, cols, c)
				}
			}
			for _, c := range tb.Columns {
				if c.Name != "status" {
					continue
				}
				for _, st := range []string{"pending", "verified", "rejected"} {
					if !slices.Contains(c.Enum, any(st)) {
						t.Errorf("%s states %v lack %q: a credential is checked and verified", tc.table, c.Enum, st)
					}
				}
				if slices.Contains(c.Enum, any("draft")) {
					t.Errorf("%s states %v: nobody drafts a credential", tc.table, c.Enum)
				}
			}
			// Issued in the past, valid a year or more from then; a
			// verified one not yet expired.
			for _, r := range tb.Rows {
				issued, _ := r["issued_on"].(string)
				expiry, _ := r["expiry_date"].(string)
				if issued == "" || expiry == "" || expiry <= issued {
					t.Errorf("%s %v: issued %q, expires %q", tc.table, r["id"], issued, expiry)
					continue
				}
				if r["status"] == "verified" && expiry < b.Clock.Start[:10] {
					t.Errorf("%s %v: verified but expired %s (clock %s)", tc.table, r["id"], expiry, b.Clock.Start)
				}
			}
			if strings.Contains(p.Work.Many, "licence") || strings.Contains(p.Work.Many, "vetting") || strings.Contains(p.Work.Many, "insurance") || strings.Contains(p.Work.Many, "qualification") || strings.Contains(p.Work.Many, "police vet") {
				t.Errorf("the line of work is %s: a credential is no work sold", p.Work.Many)
			}
			for _, tt := range b.Tables {
				for _, q := range []string{"valid_", "current_"} {
					if strings.HasPrefix(tt.Name, q) {
						t.Errorf("table %s: %q says the credential is in force, it is no part of its name", tt.Name, strings.TrimSuffix(q, "_"))
					}
				}
			}
		})
	}
}

// What a person has is theirs, but no credential unless the brief says
// it is one or valid ("every client has a care plan"); a thing that must
// have something is no holder ("every stay needs a deposit"); and a
// linking verb before what its subject stays is no record ("the gate
// stays open": no stays).
func TestNoCredential(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		not                           []string // no table is named with any
	}{
		{"a client's care plan", "home care agency", "Ireland",
			"Home care agency in Galway. Every client has a care plan agreed with their family, and carers log each visit.",
			nil},
		{"a stay's deposit", "campsite", "France",
			"Campsite near Annecy with 90 pitches. Pitches are let by the night, and every stay needs a 30% deposit.",
			nil},
		{"a gate that stays open", "water park", "Spain",
			"Water park near Alicante with eight pools. Each slide is checked before opening and stays closed if it fails, and the gate stays open until ten.",
			[]string{"stays"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, b := buildBrief(t, Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			for _, tt := range b.Tables {
				for _, c := range tt.Columns {
					if c.Name != "status" {
						continue
					}
					if slices.Contains(c.Enum, any("verified")) && slices.Contains(c.Enum, any("pending")) {
						t.Errorf("table %s has a credential's states %v", tt.Name, c.Enum)
					}
				}
				for _, n := range tc.not {
					if tt.Name == n || strings.HasPrefix(tt.Name, n+"_") {
						t.Errorf("table %s: %q is a verb there", tt.Name, n)
					}
				}
			}
		})
	}
}
