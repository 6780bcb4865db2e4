package planet

import (
	"context"
	"encoding/json"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/verifier"
	"github.com/mercury/mcp-world/world"
)

// vertNames are the vertical services of svc_vert_*.go.
var vertNames = []string{"appointments", "reservations", "shipments", "claims", "work_orders", "listings", "enrolments", "projects", "casework", "policies_insurance"}

// vertEvents are the events of each vertical, as they appear in invariant
// names.
var vertEvents = map[string][]string{
	"appointments": {"no-show"}, "reservations": {"confirmed", "cancelled"}, "shipments": {"delivered"}, "claims": {"approved", "rejected"},
	"work_orders": {"signed-off"}, "listings": {"published", "sold"}, "enrolments": {"enrolled", "withdrawn"}, "projects": {"approved"},
	"casework": {"closed"}, "policies_insurance": {"bound"},
}

// TestVerticals synthesizes worlds with each vertical forced in, next to
// email, chat and billing (a layer above, so that the verticals' events
// pair with their actions), validates every world, and checks that the verticals' events and
// actions became invariants and their chores became tasks somewhere.
// VERT_ONLY=name,name limits it to some services.
func TestVerticals(t *testing.T) {
	only := os.Getenv("VERT_ONLY")
	downstream := []string{"email", "chat", "billing"}
	all := catalog.Industries()
	countries := catalog.Countries()
	for _, name := range vertNames {
		if only != "" && !slices.Contains(strings.Split(only, ","), name) {
			continue
		}
		// Up to five of the industries that list the service, spread over
		// the catalog so that its growth does not narrow the sample, and two
		// that do not; about eight worlds in all.
		var listing, inds []string
		for _, ind := range all {
			if slices.Contains(ind.Services, name) {
				listing = append(listing, ind.ID)
			}
		}
		for k := range min(5, len(listing)) {
			inds = append(inds, listing[k*len(listing)/min(5, len(listing))])
		}
		for i, n := 0, 0; i < len(all) && n < 2; i++ {
			if j := (i*7 + len(name)) % len(all); !slices.Contains(inds, all[j].ID) {
				inds = append(inds, all[j].ID)
				n++
			}
		}
		seeds := uint64(max(1, 8/len(inds)))
		t.Run(name, func(t *testing.T) {
			var mu sync.Mutex
			seen := map[string]bool{} // invariant names and task titles over all worlds
			record := func(b *world.Bundle) {
				mine := name
				if slices.ContainsFunc(b.Services, func(s world.Service) bool { return s.Name == name+"_desk" }) {
					mine = name + "_desk"
				}
				mu.Lock()
				defer mu.Unlock()
				for _, inv := range b.Invariants {
					switch {
					case inv.Trigger == mine:
						seen["up:"+inv.Name] = true
					case inv.Target == mine:
						seen["down:"+inv.Name] = true
					}
				}
				for _, task := range b.Tasks {
					if slices.Equal(task.Services, []string{mine}) {
						seen["chore:"+task.Title] = true
					}
				}
			}
			has := func(prefix string) bool {
				return slices.ContainsFunc(slices.Collect(maps.Keys(seen)), func(k string) bool { return strings.HasPrefix(k, prefix) })
			}
			var wg sync.WaitGroup
			for _, ind := range inds {
				for seed := uint64(1); seed <= seeds; seed++ {
					wg.Add(1)
					go func() {
						defer wg.Done()
						opts := engine.Options{Services: append([]string{name}, downstream...)}
						b, err := Synthesize(engine.Scenario{Industry: ind, Country: countries[(int(seed)*5+len(ind))%len(countries)].Code, Seed: seed}, opts)
						if err != nil {
							t.Error(err)
							return
						}
						data, err := json.MarshalIndent(b, "", " ")
						if err != nil {
							t.Error(err)
							return
						}
						rep := verifier.ValidateWith(context.Background(), data, coverageValidation)
						for _, v := range rep.Validators {
							if !v.OK && v.Skipped == "" {
								t.Errorf("%s/%s seed %d: validator %s: %v", name, ind, seed, v.Name, v.Errors)
							}
						}
						record(b)
					}()
				}
			}
			wg.Wait()
			// Pairings are drawn per world: when the validated sample shows no
			// event, action or chore of the service, look further (synthesis
			// is cheap; validation is what the sample is for) before failing.
			for seed := uint64(100); seed < 100+uint64(4*len(listing)) && !(has("up:") && has("down:") && has("chore:")); seed++ {
				ind := listing[int(seed)%len(listing)]
				b, err := Synthesize(engine.Scenario{Industry: ind, Country: countries[int(seed)%len(countries)].Code, Seed: seed}, engine.Options{Services: append([]string{name}, downstream...)})
				if err != nil {
					t.Fatal(err)
				}
				record(b)
			}
			// Same scenario, same bytes.
			sc := engine.Scenario{Industry: inds[0], Country: countries[0].Code, Seed: 7}
			opts := engine.Options{Services: append([]string{name}, downstream...)}
			a, _ := Synthesize(sc, opts)
			b, _ := Synthesize(sc, opts)
			x, _ := json.Marshal(a)
			y, _ := json.Marshal(b)
			if string(x) != string(y) {
				t.Errorf("%s: the same scenario gave different bundles", name)
			}
			var keys []string
			var up, down, chores int
			for k := range seen {
				keys = append(keys, k)
				switch {
				case strings.HasPrefix(k, "up:"):
					up++
				case strings.HasPrefix(k, "down:"):
					down++
				case strings.HasPrefix(k, "chore:"):
					chores++
				}
			}
			slices.Sort(keys)
			t.Logf("%s: %s", name, strings.Join(keys, ", "))
			if up == 0 {
				t.Errorf("%s: none of its events became an invariant", name)
			}
			for _, ev := range vertEvents[name] {
				if !slices.ContainsFunc(keys, func(k string) bool { return strings.HasPrefix(k, "up:") && strings.Contains(k, "-"+ev+"-") }) {
					t.Errorf("%s: event %s never became an invariant", name, ev)
				}
			}
			if down == 0 {
				t.Errorf("%s: none of its actions became an invariant", name)
			}
			if chores == 0 {
				t.Errorf("%s: no chore became a task", name)
			}
		})
	}
}

func TestVertArticles(t *testing.T) {
	for in, want := range map[string]string{
		"Book a appointment": "Book an appointment", "a enrolment": "an enrolment", "a user": "a user", "a unit": "a unit", "a update": "an update",
		"A insurance policy": "An insurance policy", "a online form": "an online form", "a one-off": "a one-off", "a case": "a case", "a urgent job": "an urgent job",
		"for a owner": "for an owner", "a usual day": "a usual day",
	} {
		if got := engine.Articles(in); got != want {
			t.Errorf("%q: got %q want %q", in, got, want)
		}
	}
}
