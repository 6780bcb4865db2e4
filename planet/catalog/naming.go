package catalog

import (
	"math/rand/v2"
	"strings"
	"unicode"
	"unicode/utf8"
)

// CompanyNameIn is CompanyName for a business headquartered in city: a
// {city} in the name pattern is that city, so a brief's "Leeds" locksmith
// is never "Bristol Locksmiths". An empty city draws one at random, as
// CompanyName does.
func (c Country) CompanyNameIn(r *rand.Rand, ind Industry, city string) string {
	pats := ind.localPatterns(c.Locale)
	if len(pats) == 0 {
		pats = ind.CompanyNamePatterns
	}
	pattern := pick(r, pats)
	if city != "" {
		pattern = strings.ReplaceAll(pattern, "{city}", city)
	}
	name := c.expandCompany(r, pattern)
	if first, size := utf8.DecodeRuneInString(name); unicode.IsLower(first) {
		name = string(unicode.ToUpper(first)) + name[size:] // "de Groot …" → "De Groot …"
	}
	if len(c.CompanySuffixes) == 0 {
		return name
	}
	suffix := pick(r, c.CompanySuffixes)
	if strings.Contains(suffix, "{name}") {
		return strings.Replace(suffix, "{name}", name, 1)
	}
	return name + " " + suffix
}
