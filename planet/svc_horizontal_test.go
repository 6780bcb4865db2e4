package planet

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/verifier"
	"github.com/mercury/mcp-world/world"
)

// TestHorizontalServices synthesizes worlds with each horizontal service
// and the peers it pairs with, validates every one, and checks that the
// service's events and actions became invariants and its chores tasks.
func TestHorizontalServices(t *testing.T) {
	cases := []struct {
		service    string
		peers      [][]string // each list is one configuration of forced peers
		invariants []string   // substrings some invariant name must contain
		chores     []string   // prefixes some task title must start with
	}{
		{"helpdesk", [][]string{{"email", "chat", "orders"}, {"drive"}},
			[]string{"ticket-escalated-", "ticket-resolved-", "-ticketed"}, []string{"Triage new ticket", "Close resolved ticket"}},
		{"calendar", [][]string{{"hr", "email"}, {"drive"}},
			[]string{"event-cancelled-", "-scheduled"}, []string{"Schedule ", "Reschedule event"}},
		{"hr", [][]string{{"calendar", "chat"}, {"drive"}},
			[]string{"employee-left-", "leave-approved-"}, []string{"Reject leave request", "Record new hire"}},
		{"drive", [][]string{{"hr", "helpdesk"}, {"payments", "billing", "procurement"}},
			[]string{"-filed"}, []string{"Update ", "File "}},
		{"payments", [][]string{{"billing", "drive"}, {"billing"}},
			[]string{"payment-settled-", "-recorded"}, []string{"Refund duplicate payment", "Record declined payment"}},
		{"orders", [][]string{{"inventory", "helpdesk"}, {"drive"}},
			[]string{"order-shipped-", "order-cancelled-"}, []string{"Place order", "Confirm order"}},
		{"inventory", [][]string{{"orders", "procurement", "chat"}, {"drive"}},
			// Low stock compares two columns, which no structured rule can
			// say, so no policy reacts to it.
			[]string{"-counted"}, []string{"Record stock count", "Raise reorder level"}},
		{"procurement", [][]string{{"inventory", "drive"}},
			[]string{"po-received-"}, []string{"Raise purchase order"}},
	}
	// Industries with single-word nouns (see the report on multi-word
	// nouns in links.go), including ones whose own nouns clash with the
	// services' (orders, tickets, events); whichever the catalog has.
	var industries []string
	for _, id := range []string{"dental-clinics", "freight-forwarding", "ecommerce-retail", "it-services", "law-firms", "hotels"} {
		if _, ok := engine.IndustryByID(id); ok {
			industries = append(industries, id)
		}
	}
	countries := catalog.Countries()
	for _, c := range cases {
		t.Run(c.service, func(t *testing.T) {
			t.Parallel()
			var mu sync.Mutex
			invs, titles := map[string]bool{}, map[string]bool{}
			var wg sync.WaitGroup
			for pi, peers := range c.peers {
				for k := range 10 { // a chore is one of several per service: enough worlds to see each
					seed := uint64(1 + k + 10*pi)
					ind := industries[(k+pi)%len(industries)]
					country := countries[(7*k+13*pi)%len(countries)].Code
					wg.Add(1)
					go func() {
						defer wg.Done()
						hzSlots <- struct{}{}
						defer func() { <-hzSlots }()
						opts := engine.Options{Services: append([]string{c.service}, peers...)}
						b, err := Synthesize(engine.Scenario{Industry: ind, Country: country, Seed: seed}, opts)
						if err != nil {
							t.Error(err)
							return
						}
						data, err := json.MarshalIndent(b, "", " ")
						if err != nil {
							t.Error(err)
							return
						}
						label := fmt.Sprintf("%s/%s %v seed %d", ind, country, opts.Services, seed)
						rep := verifier.ValidateWith(context.Background(), data, coverageValidation)
						for _, v := range rep.Validators {
							if !v.OK && v.Skipped == "" {
								t.Errorf("%s: %s %s %v", label, v.Name, v.Skipped, v.Errors)
							}
						}
						hzShape(t, label, b)
						mu.Lock()
						defer mu.Unlock()
						for _, inv := range b.Invariants {
							invs[inv.Name] = true
						}
						for _, task := range b.Tasks {
							titles[task.Title] = true
						}
					}()
				}
			}
			wg.Wait()
			// Pairings and chores are drawn per world: when the validated
			// sample misses one, look further in unvalidated worlds (synthesis
			// is cheap) before failing.
			missing := func() bool {
				for _, want := range c.invariants {
					if !slices.ContainsFunc(hzKeys(invs), func(n string) bool { return strings.Contains(n, want) }) {
						return true
					}
				}
				for _, want := range c.chores {
					if !slices.ContainsFunc(hzKeys(titles), func(n string) bool { return strings.HasPrefix(strings.ToLower(n), strings.ToLower(want)) }) {
						return true
					}
				}
				return false
			}
			for k := 0; k < 36 && missing(); k++ {
				peers := c.peers[k%len(c.peers)]
				b, err := Synthesize(engine.Scenario{Industry: industries[k%len(industries)], Country: countries[(11*k+5)%len(countries)].Code, Seed: uint64(100 + k)},
					engine.Options{Services: append([]string{c.service}, peers...)})
				if err != nil {
					t.Fatal(err)
				}
				for _, inv := range b.Invariants {
					invs[inv.Name] = true
				}
				for _, task := range b.Tasks {
					titles[task.Title] = true
				}
			}
			for _, want := range c.invariants {
				if !slices.ContainsFunc(hzKeys(invs), func(n string) bool { return strings.Contains(n, want) }) {
					t.Errorf("no invariant name contains %q; got %v", want, hzKeys(invs))
				}
			}
			for _, want := range c.chores {
				if !slices.ContainsFunc(hzKeys(titles), func(n string) bool { return strings.HasPrefix(strings.ToLower(n), strings.ToLower(want)) }) {
					t.Errorf("no task title starts with %q; got %v", want, hzKeys(titles))
				}
			}
		})
	}
}

// hzSlots bounds how many worlds are validated at once.
var hzSlots = make(chan struct{}, max(2, runtime.NumCPU()))

// hzShape checks the promises every world makes about its tools and tasks.
func hzShape(t *testing.T, label string, b *world.Bundle) {
	t.Helper()
	for _, task := range b.Tasks {
		if n := len(task.Assertions); n < 2 || n > 10 {
			t.Errorf("%s: task %s has %d assertions", label, task.ID, n)
		}
	}
	perService := map[string]int{}
	for _, s := range b.Services {
		perService[s.Name] = 0
	}
	for _, tool := range b.Tools {
		perService[tool.Service]++
	}
	for s, n := range perService {
		if n == 0 {
			t.Errorf("%s: service %s keeps no tool", label, s)
		}
	}
}

func hzKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
