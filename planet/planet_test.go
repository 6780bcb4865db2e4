package planet

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/verifier"
	"github.com/mercury/mcp-world/world"
)

func synthJSON(t testing.TB, s engine.Scenario, opts engine.Options) (*world.Bundle, []byte) {
	t.Helper()
	b, err := Synthesize(s, opts)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.MarshalIndent(b, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return b, data
}

// coverageValidation is what the service-coverage tests hold their many
// worlds to: every validator but the reward ones, which replay each
// solution many times and are proven on a world of every industry and
// country (TestEveryIndustry, TestEveryCountry) and over a corpus
// (TestRewardCorpus).
var coverageValidation = verifier.ValidateOptions{Skip: verifier.RewardValidators()}

// validate fails the test with every failing validator's errors.
func validate(t testing.TB, label string, data []byte) {
	t.Helper()
	// As synth holds them: every validator.
	validateWith(t, label, data, verifier.ValidateOptions{})
}

func validateWith(t testing.TB, label string, data []byte, opts verifier.ValidateOptions) {
	t.Helper()
	rep := verifier.ValidateWith(context.Background(), data, opts)
	if rep.OK {
		return
	}
	for _, v := range rep.Validators {
		if !v.OK && v.Skipped == "" {
			t.Errorf("%s: validator %s: %v", label, v.Name, v.Errors)
		}
	}
}

// TestDeterministic: the same scenario gives byte-identical bundles; a
// different seed gives a different world.
func TestDeterministic(t *testing.T) {
	ind := catalog.Industries()[0].ID
	c := catalog.Countries()[0].Code
	_, a := synthJSON(t, engine.Scenario{Industry: ind, Country: c, Seed: 42}, engine.Options{})
	_, b := synthJSON(t, engine.Scenario{Industry: ind, Country: c, Seed: 42}, engine.Options{})
	if !bytes.Equal(a, b) {
		t.Fatal("same scenario, different bundles")
	}
	_, d := synthJSON(t, engine.Scenario{Industry: ind, Country: c, Seed: 43}, engine.Options{})
	if bytes.Equal(a, d) {
		t.Fatal("different seeds, same bundle")
	}
}

// TestEveryIndustry synthesizes and fully validates a world of every
// industry, each in another country, so every catalog entry is exercised.
func TestEveryIndustry(t *testing.T) {
	countries := catalog.Countries()
	for i, ind := range catalog.Industries() {
		c := countries[(i*7)%len(countries)]
		t.Run(ind.ID+"/"+c.Code, func(t *testing.T) {
			t.Parallel()
			b, data := synthJSON(t, engine.Scenario{Industry: ind.ID, Country: c.Code, Seed: uint64(i + 1)}, engine.Options{})
			validate(t, b.Name, data)
			shape(t, b)
		})
	}
}

// TestEveryCountry: one world per country, validated.
func TestEveryCountry(t *testing.T) {
	inds := catalog.Industries()
	for i, c := range catalog.Countries() {
		ind := inds[(i*5)%len(inds)]
		t.Run(c.Code, func(t *testing.T) {
			t.Parallel()
			b, data := synthJSON(t, engine.Scenario{Industry: ind.ID, Country: c.Code, Seed: uint64(100 + i)}, engine.Options{})
			validate(t, b.Name, data)
			// The zone is the headquarters' own: the country's, or one of
			// its cities' (seed/data/cities.json).
			zoneOK := slices.ContainsFunc(c.Cities, func(ci catalog.City) bool { return seed.ZoneOf(c, ci.Name) == b.Company.Timezone })
			// The locale is the country's, or its headquarters city's
			// (Montréal and Genève write French).
			localeOK := b.Company.Locale == c.Locale || slices.ContainsFunc(c.Cities, func(ci catalog.City) bool {
				return strings.Contains(b.Company.Headquarters, ci.Name) && c.InCity(ci.Name).Locale == b.Company.Locale
			})
			if b.Company.Currency != c.Currency || !zoneOK || !localeOK {
				t.Errorf("company %+v does not carry the country's currency, zone and locale", b.Company)
			}
		})
	}
}

// TestEveryService forces each registered service into a world.
func TestEveryService(t *testing.T) {
	ind := catalog.Industries()[0].ID
	for i, name := range engine.ServiceNames() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b, data := synthJSON(t, engine.Scenario{Industry: ind, Country: "DE", Seed: uint64(200 + i)}, engine.Options{Services: []string{name}})
			validate(t, b.Name, data)
		})
	}
}

// shape checks the issue's structural promises for one world.
func shape(t *testing.T, b *world.Bundle) {
	t.Helper()
	if n := len(b.Services); n < 4 || n > 8 {
		t.Errorf("%d services, want 4-8", n)
	}
	if n := len(b.Tools); n < 10 || n > 26 {
		t.Errorf("%d tools, want 10-26", n)
	}
	if len(b.Tasks) != 10 {
		t.Errorf("%d tasks, want 10", len(b.Tasks))
	}
	for _, inv := range b.Invariants {
		if inv.Trigger == inv.Target {
			t.Errorf("invariant %s: trigger and target are both %s", inv.Name, inv.Trigger)
		}
	}
	for _, task := range b.Tasks {
		if n := len(task.Assertions); n < 2 || n > 10 {
			t.Errorf("task %s: %d assertions", task.ID, n)
		}
		if n := len(task.Services); n < 1 || n > 5 {
			t.Errorf("task %s: %d services", task.ID, n)
		}
	}
}

func ExampleSynthesize() {
	b, err := Synthesize(engine.Scenario{Industry: catalog.Industries()[0].ID, Country: "JP", Seed: 1}, engine.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.Company.Country, b.Company.Currency, len(b.Tasks))
	// Output: JP JPY 10
}

// TestArticleBeforeVowel: a world whose customers are owners describes
// "each visit for an owner", never "for a owner", in what the agent reads.
func TestArticleBeforeVowel(t *testing.T) {
	b, err := Synthesize(engine.Scenario{Industry: "veterinary clinic", Country: "JP", Seed: 5,
		Description: "A small animal hospital in Sapporo with two vets. Owners book check-ups and vaccinations online, we send vaccination reminders, and sell pet food."}, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	bad := regexp.MustCompile(`\b[Aa] owner`)
	var texts []string
	for _, s := range b.Services {
		texts = append(texts, s.Description)
	}
	for _, tool := range b.Tools {
		texts = append(texts, tool.Description)
	}
	owners := false
	for _, s := range texts {
		owners = owners || strings.Contains(s, "owner")
		if bad.MatchString(s) {
			t.Errorf("%q", s)
		}
	}
	if !owners {
		t.Fatal("the world has no owners: the test no longer tests the article")
	}
}
