package catalog

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"unicode"
)

// townsFile is data/places.json: local names of towns the city lists do
// not carry, for countries that write a script other than Latin.
type townsFile struct {
	About  string `json:"about"`
	Places map[string][]struct {
		Latin string `json:"latin"`
		Name  string `json:"name"`
		State string `json:"state,omitempty"`
	} `json:"places"` // country → towns
}

// loadTowns sets each country's Towns from data/places.json, checking
// that each is a country's, written in the country's script, and not one
// of its catalog cities already.
func loadTowns(fsys fs.FS, countries []Country) error {
	if _, err := fs.Stat(fsys, "data/places.json"); errors.Is(err, fs.ErrNotExist) {
		return nil // a test's data set without it
	}
	var f townsFile
	if err := decodeFile(fsys, "data/places.json", &f); err != nil {
		return err
	}
	for code, towns := range f.Places {
		i := slices.IndexFunc(countries, func(c Country) bool { return c.Code == code })
		if i < 0 {
			return fmt.Errorf("places.json: no country %q", code)
		}
		c := &countries[i]
		if c.WritesLatin() {
			return fmt.Errorf("places.json: %s writes Latin letters; its towns need no local names", code)
		}
		seen := map[string]bool{}
		for j, t := range towns {
			at := fmt.Sprintf("places.json: %s[%d]", code, j)
			switch {
			case strings.TrimSpace(t.Latin) == "" || strings.TrimSpace(t.Name) == "":
				return fmt.Errorf("%s: a town needs its latin and its local name", at)
			case strings.ContainsFunc(t.Name, isLatinLetter) || strings.ContainsFunc(t.State, isLatinLetter):
				return fmt.Errorf("%s: %q (%s) is not written in %s's script", at, t.Name, t.State, code)
			case !strings.ContainsFunc(t.Latin, isLatinLetter):
				return fmt.Errorf("%s: latin %q has no Latin letters", at, t.Latin)
			case seen[townKey(t.Latin)]:
				return fmt.Errorf("%s: %q is listed twice", at, t.Latin)
			}
			if slices.ContainsFunc(c.Cities, func(ci City) bool { return ci.Name == t.Name || normalize(ci.Latin) == normalize(t.Latin) }) {
				return fmt.Errorf("%s: %q is a catalog city already", at, t.Latin)
			}
			seen[townKey(t.Latin)] = true
			c.Towns = append(c.Towns, City{Name: t.Name, Latin: t.Latin, State: t.State})
		}
	}
	return nil
}

func isLatinLetter(r rune) bool { return unicode.Is(unicode.Latin, r) }

// WritesLatin reports whether the country writes its place names in
// Latin letters: its catalog cities' names have them.
func (c Country) WritesLatin() bool {
	return len(c.Cities) == 0 || strings.ContainsFunc(c.Cities[0].Name, isLatinLetter)
}

// townKey is a town's Latin name as it is looked up: "Al-Ula", "Al Ula"
// and "AlUla" are one town.
func townKey(s string) string { return strings.ReplaceAll(normalize(s), " ", "") }

// Town returns a town of the country the catalog's cities do not list,
// named by its Latin spelling ("Beppu") or its local name ("別府市"),
// case-, accent- and space-insensitively ("AlUla" is "Al-Ula"), with the
// local name as Name.
func (c Country) Town(name string) (City, bool) {
	k := townKey(name)
	for _, t := range c.Towns {
		if townKey(t.Latin) == k || t.Name == name {
			return t, true
		}
	}
	return City{}, false
}
