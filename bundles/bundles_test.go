package bundles

import (
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/verifier"
	"github.com/mercury/mcp-world/world"
)

func TestNames(t *testing.T) {
	names := Names()
	if len(names) == 0 {
		t.Fatal("no embedded worlds")
	}
	if !slices.IsSorted(names) {
		t.Errorf("Names() = %v, not sorted", names)
	}
	if !slices.Contains(names, Default) {
		t.Errorf("Default %q is not among the embedded worlds %v", Default, names)
	}
}

func TestBytesUnknown(t *testing.T) {
	_, err := Bytes("atlantis")
	if err == nil {
		t.Fatal("Bytes(atlantis) succeeded")
	}
	for _, name := range Names() {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("error %q does not list known world %q", err, name)
		}
	}
	if _, err := Load("atlantis"); err == nil {
		t.Error("Load(atlantis) succeeded")
	}
}

// loadAll compiles every embedded world once per test binary.
var loaded = map[string]*world.World{}

func load(t *testing.T, name string) *world.World {
	t.Helper()
	if w, ok := loaded[name]; ok {
		return w
	}
	w, err := Load(name)
	if err != nil {
		t.Fatalf("Load(%s):\n%v", name, err)
	}
	if w.Name() != name {
		t.Fatalf("world file %s.json declares name %q", name, w.Name())
	}
	loaded[name] = w
	return w
}

func TestCompile(t *testing.T) {
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) { load(t, name) })
	}
}

// TestShape checks what a curated world promises beyond compiling: enough
// services, a tool count in the published range, cross-service invariants
// and enough tasks from several personas.
func TestShape(t *testing.T) {
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			w := load(t, name)
			var services []string
			for _, s := range w.Services() {
				services = append(services, s.Name)
			}
			if len(services) < 5 {
				t.Errorf("%d services, want at least 5", len(services))
			}
			for _, need := range []string{"crm", "email", "chat", "billing"} {
				if !slices.Contains(services, need) {
					t.Errorf("no %s service", need)
				}
			}
			if n := len(w.Tools()); n < 16 || n > 26 {
				t.Errorf("%d tools, want 16 to 26", n)
			}
			perService := map[string]int{}
			for _, tool := range w.Tools() {
				perService[tool.Service()]++
			}
			for _, s := range services {
				if perService[s] == 0 {
					t.Errorf("service %s has no tools", s)
				}
			}
			invs := w.Invariants()
			if len(invs) < 4 {
				t.Errorf("%d invariants, want at least 4", len(invs))
			}
			for _, inv := range invs {
				if inv.Trigger == inv.Target {
					t.Errorf("invariant %s: trigger and target are both %s", inv.Name, inv.Trigger)
				}
			}
			if len(w.Tasks()) < 10 {
				t.Errorf("%d tasks, want at least 10", len(w.Tasks()))
			}
			personas := map[string]bool{}
			for _, task := range w.Tasks() {
				personas[task.Spec().Persona] = true
			}
			if len(personas) < 4 {
				t.Errorf("%d personas, want at least 4", len(personas))
			}
		})
	}
}

// TestValidate runs every validator on every embedded world: the seed
// satisfies every invariant, each reference solution scores 1.0 with no
// collateral damage, doing nothing scores below 1.0, replays are exact and
// nothing hidden reaches the agent.
func TestValidate(t *testing.T) {
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			b, err := Bytes(name)
			if err != nil {
				t.Fatal(err)
			}
			rep := verifier.Validate(t.Context(), b)
			for _, v := range rep.Validators {
				if !v.OK {
					t.Errorf("validator %s: %s %v", v.Name, v.Skipped, v.Errors)
				}
			}
		})
	}
}
