package catalog

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/mercury/mcp-world/planet/lexicon"
)

// Pack is what an industry pack adds for the engine that composes a world
// from a brief: the service archetypes typical of the industry, what it
// buys, who works there and the business rules it usually runs by. The
// fields are embedded in Industry and mirror data/industries.json; all
// are optional for the decoder, and the catalog tests require them of
// every industry.
type Pack struct {
	Archetypes []string `json:"archetypes,omitempty"` // most characteristic first; see Archetypes
	Supplies   []Supply `json:"supplies,omitempty"`   // bought, not sold: parts, consumables, raw materials
	JobTitles  []string `json:"job_titles,omitempty"` // as the industry writes them, most common first
	Policies   []Policy `json:"policies,omitempty"`   // typical business rules
	// Flavours name the industry knowledge its services draw on (ids of
	// data/flavours.json, see [Flavour]): "dental" prescriptions,
	// "heavy_fleet" trucks.
	Flavours []string `json:"flavours,omitempty"`
}

// Supply is something the business purchases from suppliers, with a
// realistic EUR-equivalent price range per Unit ("per kg", "per box of 100").
type Supply struct {
	Name       string     `json:"name"`
	Unit       string     `json:"unit"`
	PriceRange [2]float64 `json:"price_range"`
}

// Policy is a business rule typical of the industry, stated as a person
// would write it in a policy document, bound to the archetype whose
// records it constrains.
type Policy struct {
	ID        string `json:"id"`        // snake_case, unique within the industry
	Archetype string `json:"archetype"` // one of Archetypes
	Rule      string `json:"rule"`      // one or two sentences ending in a full stop
}

// archetypeIDs are the service archetypes shared with the engine: each is
// defined once, in the lexicon's archetypes.json, and parameterised by an
// industry's or a brief's nouns. Loaded on first use, not at start-up:
// every mcp-world process links this package, and serving a world never
// reads the lexicon.
var archetypeIDs = sync.OnceValue(func() []string { return lexicon.Load().ArchetypeIDs() })

// Archetypes returns the service archetype ids a pack or a brief may name.
func Archetypes() []string { return slices.Clone(archetypeIDs()) }

// checkPack reports the first problem with an industry's pack fields, or
// nil. Empty fields are allowed here; completeness is a data test.
func checkPack(in Industry) error {
	seen := map[string]bool{}
	for _, a := range in.Archetypes {
		if !slices.Contains(archetypeIDs(), a) {
			return fmt.Errorf("archetypes: %q is not an archetype", a)
		}
		if seen[a] {
			return fmt.Errorf("archetypes: duplicate %q", a)
		}
		seen[a] = true
	}
	items := map[string]bool{}
	for _, it := range in.Vocabulary.Offering.Items {
		items[strings.ToLower(it.Name)] = true
	}
	names := map[string]bool{}
	for i, s := range in.Supplies {
		if strings.TrimSpace(s.Name) == "" || strings.TrimSpace(s.Unit) == "" {
			return fmt.Errorf("supplies[%d]: name and unit are required", i)
		}
		if s.PriceRange[0] <= 0 || s.PriceRange[0] > s.PriceRange[1] {
			return fmt.Errorf("supplies[%d] %q: price_range %v", i, s.Name, s.PriceRange)
		}
		k := strings.ToLower(s.Name)
		if names[k] {
			return fmt.Errorf("supplies[%d]: duplicate %q", i, s.Name)
		}
		if items[k] {
			return fmt.Errorf("supplies[%d]: %q is also a catalogue item (supplies are bought, items sold)", i, s.Name)
		}
		names[k] = true
	}
	titles := map[string]bool{}
	for i, j := range in.JobTitles {
		if strings.TrimSpace(j) == "" || strings.TrimSpace(j) != j || titles[j] {
			return fmt.Errorf("job_titles[%d]: blank, padded or duplicate %q", i, j)
		}
		titles[j] = true
	}
	ids := map[string]bool{}
	for i, p := range in.Policies {
		if !snakeCase(p.ID) || ids[p.ID] {
			return fmt.Errorf("policies[%d]: id %q is not snake_case or is duplicated", i, p.ID)
		}
		ids[p.ID] = true
		if !slices.Contains(archetypeIDs(), p.Archetype) {
			return fmt.Errorf("policies[%d] %s: %q is not an archetype", i, p.ID, p.Archetype)
		}
		if r := strings.TrimSpace(p.Rule); r == "" || r != p.Rule || !strings.HasSuffix(r, ".") {
			return fmt.Errorf("policies[%d] %s: rule must be unpadded text ending in '.'", i, p.ID)
		}
	}
	return nil
}

func snakeCase(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' || strings.HasSuffix(s, "_") || strings.Contains(s, "__") {
		return false
	}
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '_' {
			return false
		}
	}
	return true
}
