package planet

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/world"
)

// vkServices are the verticals registered with kit.Register.
var vkServices = []string{"fleet", "prescriptions", "memberships", "campaigns", "timesheets", "warehouse", "production", "properties", "vehicles", "tickets_events"}

// vkWorlds are the scenarios a vertical is tested in: three seeds in
// each of dental-clinics and freight-forwarding (or the catalog's first
// two industries), two in the first industry whose catalog entry lists
// the vertical and one in each of up to three more of those, spread over
// the catalog.
func vkWorlds(svc string, seeds int) []engine.Scenario {
	var inds []string
	for _, ind := range catalog.Industries() {
		if ind.ID == "dental-clinics" || ind.ID == "freight-forwarding" {
			inds = append(inds, ind.ID)
		}
	}
	if len(inds) < 2 {
		inds = nil
		for _, ind := range catalog.Industries()[:min(2, len(catalog.Industries()))] {
			inds = append(inds, ind.ID)
		}
	}
	var out []engine.Scenario
	for _, ind := range inds {
		for seed := 1; seed <= seeds; seed++ {
			out = append(out, engine.Scenario{Industry: ind, Country: "DE", Seed: uint64(seed)})
		}
	}
	var listing []string
	for _, ind := range catalog.Industries() {
		if slices.Contains(ind.Services, svc) {
			listing = append(listing, ind.ID)
		}
	}
	countries := catalog.Countries()
	if len(listing) == 0 {
		return out
	}
	for seed := 1; seed <= min(2, seeds); seed++ {
		out = append(out, engine.Scenario{Industry: listing[0], Country: countries[(seed*7)%len(countries)].Code, Seed: uint64(100 + seed)})
	}
	// As the catalog grows, sample across the rest of them too.
	for k := 1; k < min(4, len(listing)); k++ {
		ind := listing[k*len(listing)/min(4, len(listing))]
		out = append(out, engine.Scenario{Industry: ind, Country: countries[(3+5*k)%len(countries)].Code, Seed: uint64(102 + k)})
	}
	return out
}

// TestVerticalKit forces each vertical into worlds with email, chat and
// billing for several seeds and two industries, validates every world, and
// checks that the vertical's events and actions became invariants and its
// chores became tasks somewhere.
func TestVerticalKit(t *testing.T) {
	seeds := 3
	if testing.Short() {
		seeds = 1
	}
	for _, svc := range vkServices {
		if engine.Registry[svc] == nil {
			t.Errorf("service %s is not registered", svc)
			continue
		}
		t.Run(svc, func(t *testing.T) {
			t.Parallel()
			var asTrigger, asTarget []string
			chores := 0
			for i, sc := range vkWorlds(svc, seeds) {
				opts := engine.Options{Services: []string{svc, "email", "chat", "billing"}, Tasks: 14}
				b, data := synthJSON(t, sc, opts)
				if i == 0 {
					if _, again := synthJSON(t, sc, opts); !bytes.Equal(data, again) {
						t.Errorf("%s: the same scenario gives different bundles", svc)
					}
				}
				label := fmt.Sprintf("%s/%s/%s/%d", svc, sc.Industry, sc.Country, sc.Seed)
				validateWith(t, label, data, coverageValidation)
				name := svc
				for _, s := range b.Services {
					if s.Name == svc+"_hub" {
						name = s.Name
					}
				}
				if !slices.ContainsFunc(b.Services, func(s world.Service) bool { return s.Name == name }) {
					t.Fatalf("%s: service not in the world", label)
				}
				for _, inv := range b.Invariants {
					if inv.Trigger == name {
						asTrigger = append(asTrigger, inv.Name)
					}
					if inv.Target == name {
						asTarget = append(asTarget, inv.Name)
					}
				}
				for _, task := range b.Tasks {
					if len(task.Services) == 1 && task.Services[0] == name {
						chores++
					}
				}
			}
			if len(asTrigger) == 0 {
				t.Errorf("no event of %s became an invariant", svc)
			}
			if len(asTarget) == 0 {
				t.Errorf("no action of %s became an invariant", svc)
			}
			if chores == 0 {
				t.Errorf("no chore of %s became a task", svc)
			}
			slices.Sort(asTrigger)
			slices.Sort(asTarget)
			t.Logf("%s: events %s; actions %s; %d chores", svc, strings.Join(slices.Compact(asTrigger), ","), strings.Join(slices.Compact(asTarget), ","), chores)
		})
	}
}

// TestFlavours: a service's industry-specific content comes from the
// world's flavours (catalog.Flavour): a pack's, or a composed industry's
// by the words of its name, else the service's generic content.
func TestFlavours(t *testing.T) {
	for _, tc := range []struct {
		industry, service, table, column string
		want, not                        string
	}{
		// The worlds are German: the medications are the flavour's in
		// German ("Chlorhexidin 0,2 % Mundspülung", "Kinesio-Tape"), so
		// the words looked for are stems both languages write.
		{"dental-clinics", "prescriptions", "prescriptions_rx", "medication", "Chlorhexidin", "Ramipril"},
		{"orthodontist", "prescriptions", "prescriptions_rx", "medication", "Chlorhexidin", "Ramipril"},
		{"accounting-firms", "prescriptions", "prescriptions_rx", "medication", "Ramipril", "Chlorhexidin"},
		// "transport" holds "sport", but a transport company prescribes
		// nothing of a physiotherapist's and runs trucks.
		{"public-transport", "prescriptions", "prescriptions_rx", "medication", "Ramipril", "Kinesio"},
		// The flavour's trucks (MAN TGX, TGL), not the generic vans.
		{"public-transport", "fleet", "fleet_vehicles", "make_model", "MAN TG", "Ford Transit"},
		{"coworking", "properties", "properties_units", "kind", "office", "house"},
		{"travel-agencies", "tickets_events", "tickets_events_events", "title", "Travel fair", ""},
	} {
		t.Run(tc.industry+"/"+tc.service, func(t *testing.T) {
			b, _ := synthJSON(t, engine.Scenario{Industry: tc.industry, Country: "DE", Seed: 7}, engine.Options{Services: []string{tc.service}})
			var vals []string
			for _, tb := range b.Tables {
				if tb.Name != tc.table {
					continue
				}
				for _, r := range tb.Rows {
					vals = append(vals, fmt.Sprint(r[tc.column]))
				}
			}
			if len(vals) == 0 {
				t.Fatalf("no seed rows in %s", tc.table)
			}
			all := strings.Join(vals, " | ")
			if !strings.Contains(all, tc.want) {
				t.Errorf("%s.%s has no %q: %s", tc.table, tc.column, tc.want, all)
			}
			if tc.not != "" && strings.Contains(all, tc.not) {
				t.Errorf("%s.%s has %q: %s", tc.table, tc.column, tc.not, all)
			}
		})
	}
}
