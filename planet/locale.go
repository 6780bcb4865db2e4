package planet

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"github.com/mercury/mcp-world/planet/catalog"
)

// Locale makes people, places and contact details that look like the
// world's country, from the catalog's real data.
type Locale struct {
	C      catalog.Country
	R      *rand.Rand
	Domain string // the company's email domain
	used   map[string]int
}

// Person returns a person's full name and an email address at domain
// (the company's own domain when domain is "").
func (l *Locale) Person(domain string) (name, email string) {
	given, family, full := l.C.PersonName(l.R)
	if domain == "" {
		domain = l.Domain
	}
	return full, l.Email(given, family, domain)
}

// Email makes a unique address from a name: "anna.schmidt@domain".
// Names in scripts without a Latin spelling get a role-style address.
func (l *Locale) Email(given, family, domain string) string {
	local := asciiFold(given)
	if f := asciiFold(family); f != "" && local != "" {
		local = local + "." + f
	} else if f != "" {
		local = f
	}
	if local == "" {
		local = Pick(l.R, []string{"office", "contact", "info", "kontakt", "mail"})
	}
	if !strings.Contains(domain, ".") {
		domain = domain + l.C.EmailTLD
	}
	addr := local + "@" + domain
	if l.used == nil {
		l.used = map[string]int{}
	}
	l.used[addr]++
	if n := l.used[addr]; n > 1 {
		addr = fmt.Sprintf("%s%d@%s", local, n, domain)
	}
	return addr
}

// asciiFold lowercases and strips accents; letters outside Latin script
// are dropped.
func asciiFold(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, _ := transform.String(t, s)
	var b strings.Builder
	for _, r := range strings.ToLower(out) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == 'ß':
			b.WriteString("ss")
		case r == 'ø':
			b.WriteString("o")
		case r == 'æ':
			b.WriteString("ae")
		case r == 'ł':
			b.WriteString("l")
		case r == 'đ':
			b.WriteString("d")
		}
	}
	return b.String()
}

// DomainFor makes an email domain for a company name.
func (l *Locale) DomainFor(company string) string {
	d := asciiFold(company)
	if len(d) > 18 {
		d = d[:18]
	}
	if d == "" {
		d = fmt.Sprintf("firm%d", 100+l.R.IntN(900))
	}
	return d + l.C.EmailTLD
}

// Phone returns a valid phone number of the country.
func (l *Locale) Phone() string { return l.C.Phone(l.R) }

// Address returns a street address in the country's format.
func (l *Locale) Address() string { return l.C.Address(l.R) }

// City returns a city name.
func (l *Locale) City() string { return Pick(l.R, l.C.Cities).Name }

// Word returns a street-ish local word, for free text columns.
func (l *Locale) Word() string { return Pick(l.R, l.C.Streets) }

// Company returns a company name for an industry.
func (l *Locale) Company(ind catalog.Industry) string { return l.C.CompanyName(l.R, ind) }
