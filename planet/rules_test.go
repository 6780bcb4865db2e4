package planet

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/world"
)

// rulesCorpus synthesizes one world per industry (countries vary), shared
// by the tests of this file.
func rulesCorpus(t *testing.T) []*world.Bundle {
	t.Helper()
	var out []*world.Bundle
	countries := catalog.Countries()
	for i, ind := range catalog.Industries() {
		b, err := Synthesize(engine.Scenario{Industry: ind.ID, Country: countries[(i*11)%len(countries)].Code, Seed: uint64(900 + i)}, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// TestPoliciesAreBusinessRules: Planet writes structured rules only (the
// compiler makes text and check from them), and at most a third of a
// world's policies only tell someone (an email, a chat post).
func TestPoliciesAreBusinessRules(t *testing.T) {
	for _, b := range rulesCorpus(t) {
		notify := 0
		for _, inv := range b.Invariants {
			if inv.Rule == nil || inv.Check != "" || inv.Policy != "" {
				t.Errorf("%s: invariant %s is not a structured rule alone", b.Name, inv.Name)
				continue
			}
			if tt := inv.Rule.Then.Table; tt == "email_messages" || tt == "chat_messages" {
				notify++
			}
		}
		if 3*notify > len(b.Invariants) {
			t.Errorf("%s: %d of %d policies are notifications (at most a third may be)", b.Name, notify, len(b.Invariants))
		}
		if len(b.Invariants) == 0 {
			t.Errorf("%s: no policies", b.Name)
		}
	}
}

// TestTasksChainAcrossServices: tasks follow what the policies set off
// across services, and rows the agent creates are checked by their
// business key, never by an id the instruction does not name.
func TestTasksChainAcrossServices(t *testing.T) {
	var tasks, services, assertions, chained int
	for _, b := range rulesCorpus(t) {
		types := map[string]bool{}
		seeded := map[string]bool{} // ids in the world seed
		for _, tb := range b.Tables {
			for _, r := range tb.Rows {
				seeded[fmt.Sprint(r["id"])] = true
			}
		}
		for _, task := range b.Tasks {
			tasks++
			services += len(task.Services)
			assertions += len(task.Assertions)
			types[task.Title] = true
			if len(task.Services) > engine.MaxTaskServices || len(task.Assertions) > engine.MaxTaskAssertions || len(task.Assertions) < 2 {
				t.Errorf("%s %s: %d services, %d assertions", b.Name, task.ID, len(task.Services), len(task.Assertions))
			}
			known := map[string]bool{}
			for _, op := range task.Seed {
				if op.Insert != "" {
					known[fmt.Sprint(op.Values["id"])] = true
				}
			}
			for _, a := range task.Assertions {
				if a.SQL != "" && strings.Contains(a.SQL, "EXISTS (SELECT 1 FROM") && len(task.Services) >= 3 {
					chained++
				}
				var key any
				switch {
				case a.Field != nil:
					key = a.Field.Key
				case a.Exists != nil:
					key = a.Exists.Where["id"]
				}
				if key == nil {
					continue
				}
				id := fmt.Sprint(key)
				if !strings.Contains(task.Instruction, id) && !known[id] && !seeded[id] {
					t.Errorf("%s %s: assertion %s pins id %s, which the instruction does not name", b.Name, task.ID, a.ID, id)
				}
			}
		}
		if len(types) < engine.MinTypes {
			t.Errorf("%s: %d kinds of task, want at least %d", b.Name, len(types), engine.MinTypes)
		}
	}
	if chained == 0 {
		t.Error("no task checks a policy on a row it created along the way")
	}
	if s, a := float64(services)/float64(tasks), float64(assertions)/float64(tasks); s < 2.9 || a < 5.4 {
		t.Errorf("services per task %.2f (want ≥ 2.9), assertions per task %.2f (want ≥ 5.4)", s, a)
	}
}

// TestInstructionsReadWell: instructions carry no column names or raw
// status values (no snake_case words) and no opener runs into a command.
func TestInstructionsReadWell(t *testing.T) {
	snakeWord := regexp.MustCompile(`\b[a-z]+_[a-z_]+\b`)
	glued := regexp.MustCompile(`(, |: )(Please|Mark|Set|Update) `)
	for _, b := range rulesCorpus(t) {
		for _, task := range b.Tasks {
			if w := snakeWord.FindString(task.Instruction); w != "" {
				t.Errorf("%s %s: instruction says %q: %s", b.Name, task.ID, w, task.Instruction)
			}
			if g := glued.FindString(task.Instruction); g != "" && !strings.Contains(task.Instruction, "First: ") && !strings.Contains(task.Instruction, "Second: ") {
				t.Errorf("%s %s: an opener runs into a command (%q): %s", b.Name, task.ID, g, task.Instruction)
			}
		}
	}
}

// TestRulesDeterministic: the rules of a world are the same for the same
// scenario, byte for byte.
func TestRulesDeterministic(t *testing.T) {
	s := engine.Scenario{Industry: catalog.Industries()[3].ID, Country: "BR", Seed: 5}
	a, _ := Synthesize(s, engine.Options{})
	b, _ := Synthesize(s, engine.Options{})
	x, _ := json.Marshal(a.Invariants)
	y, _ := json.Marshal(b.Invariants)
	if string(x) != string(y) {
		t.Fatal("same scenario, different rules")
	}
}
