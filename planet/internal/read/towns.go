package read

import (
	"regexp"
	"strings"
	"sync"

	"github.com/mercury/mcp-world/planet/catalog"
)

// clauseBreak splits a description into the clauses places are looked
// for in.
var clauseBreak = regexp.MustCompile(`[.;,!?\n]+`)

// placeCue is a capitalised name after a word that puts a business
// somewhere ("in Split", "above Zermatt", "near Lisse", "based in São João
// da Madeira"), with the lower-case particles place names carry.
var placeCue = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(?:in|near|above|below|outside|at|from|based in|out of|around|by|beside|close to|on)\s+(?:the\s+)?(\p{Lu}[\p{L}'’-]*(?:[ -](?:\p{Lu}[\p{L}'’-]*|de|da|do|dos|das|del|della|di|du|des|la|le|les|am|an|im|in|sur|upon|on|op|aan|den|der|van|y|i|e|og|och|na|nad|pod))*)`)
})

// town finds a town of the brief's country that the description names
// after a place cue, or the country field names before the country
// ("Zermatt, Switzerland"): the longest run of words from the cue that is
// a town's name ("São João da Madeira", not "São João"). A month or a
// word the lexicon says is no place ("in March"), a sight and a country
// are not a town.
func (r *reader) town() (namedCity, bool) {
	// The states of the regions the brief names pick among towns of one
	// name ("Breckenridge, Colorado").
	var states []string
	for _, text := range append(clauseBreak.Split(r.s.Description, -1), r.s.Country) {
		if pl, ok := catalog.Locate(text); ok && pl.Country.Code == r.c.Code && pl.Region.State != "" {
			states = append(states, pl.Region.State)
		}
	}
	try := func(words []string, phrase string) (namedCity, bool) {
		for n := len(words); n > 0; n-- {
			name := strings.Join(words[:n], " ")
			if r.lex.Is("notplace", strings.ToLower(name)) || r.isLandmark(name) {
				continue
			}
			// "imports from China" is no town in Maine.
			if _, isCountry := catalog.MatchCountry(name); isCountry {
				continue
			}
			if t, ok := r.c.TownIn(name, states); ok {
				// In a country of another script the town is written as
				// its people write it (places.json), or not taken: the
				// later readings decide (placeAfterIn says why).
				if !r.c.WritesLatin() {
					if local, ok := r.c.Town(t.Name); ok {
						return namedCity{local.Name, phrase}, true
					}
					return namedCity{}, false
				}
				// A town that is not the most populous of its name
				// carries its state, for the builder to find it again.
				if first, _ := r.c.TownNamed(name); first.Near != t.Near || first.Admin != t.Admin {
					return namedCity{t.Name + ", " + r.c.TownCity(t).State, phrase}, true
				}
				return namedCity{t.Name, phrase}, true
			}
		}
		return namedCity{}, false
	}
	for _, m := range placeCue().FindAllStringSubmatch(r.s.Description, -1) {
		name := strings.TrimRight(strings.TrimSuffix(strings.TrimSuffix(m[1], "'s"), "’s"), "'’-")
		if c, ok := try(strings.Fields(name), strings.TrimSpace(m[0])); ok {
			return c, true
		}
	}
	if before, _, ok := strings.Cut(r.s.Country, ","); ok {
		if c, ok := try(strings.Fields(strings.TrimSpace(before)), r.s.Country); ok {
			return c, true
		}
	}
	return namedCity{}, false
}

// townBefore returns the town the description puts the business in
// before it names the catalog city first: "Tile wholesaler in Castellón
// … from the port of Valencia" is in Castellón, and Valencia is where its
// containers leave. A town that is part of that city (within
// townOfCity km of it, "in Ruzafa, Valencia") gives way to the city.
func (r *reader) townBefore(first namedCity) (namedCity, bool) {
	t, ok := r.town()
	if !ok || t.name == first.name {
		return namedCity{}, false
	}
	at := strings.Index(r.s.Description, t.phrase)
	cityAt := strings.Index(r.s.Description, first.phrase)
	// The town's words end before the city's begin: "in Quezon City"
	// names the city, not a town called Quezon.
	if at < 0 || cityAt < 0 || at+len(t.phrase) > cityAt {
		return namedCity{}, false
	}
	name, _, _ := strings.Cut(t.name, ",")
	if town, ok := r.c.TownNamed(name); ok && town.Near == first.name && town.NearKm <= townOfCity {
		return namedCity{}, false
	}
	return t, true
}

// townOfCity is how near a named town may be to a city the brief also
// names and still be read as a part of it.
const townOfCity = 15
