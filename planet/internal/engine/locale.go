package engine

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/seed"
)

// Locale makes people, places and contact details that look like the
// world's country, from the catalog's real data.
type Locale struct {
	C      catalog.Country
	R      *rand.Rand
	Domain string       // the company's email domain
	Home   catalog.City // the headquarters city
	used   map[string]int
	// domains are the email domains handed out, by the firm they belong to.
	domains map[string]string
	src     *seed.Source
}

// SetHome fixes the world's home city, clock and industry (a catalog id),
// from which places, dates and price ranges are drawn.
func (l *Locale) SetHome(city catalog.City, clock time.Time, industry string) {
	l.Home = city
	l.src = seed.NewSource(l.R, l.C, clock)
	// The seed's amounts (rents, salaries, fees, contract values) are
	// local work and living: at the currency's price level, not only its
	// market rate (a flat in Pune does not rent for a German flat's rent).
	l.src.Home, l.src.Domain, l.src.Rate = city, l.Domain, EurRate(l.C.Currency)*composedLevel(l.C.Currency)
	l.src.Industry = industry
	l.src.Company = func() string {
		all := catalog.CompanyIndustries()
		return l.C.CompanyName(l.R, all[l.R.IntN(len(all))])
	}
}

// Src is the world's value source for semantic kinds, drawing from the
// Locale's current random stream.
func (l *Locale) Src() *seed.Source {
	if l.src == nil {
		l.SetHome(l.C.Cities[0], time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC), "")
	}
	l.src.R = l.R
	return l.src
}

// Lex is the lexicon of the world's business language.
func (l *Locale) Lex() *seed.Lexicon { return l.Src().Lex }

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
// Names in scripts without a Latin spelling get a role address at an
// organisation's domain ("reception@…") and a handle made of the home
// city's Latin name at a mail provider ("dubai87@gmail.com"); a second
// person with the same name gets a middle initial, never a bare counter.
func (l *Locale) Email(given, family, domain string) string {
	given, family = seed.Romanize(l.C.Locale, given), seed.Romanize(l.C.Locale, family)
	local := ASCIIFold(given)
	if f := ASCIIFold(family); f != "" && local != "" {
		local = local + "." + f
	} else if f != "" {
		local = f
	}
	if !strings.Contains(domain, ".") {
		domain = domain + l.C.EmailTLD
	}
	if l.used == nil {
		l.used = map[string]int{}
	}
	for try := 0; ; try++ {
		cand := local
		switch {
		case local == "" && slices.Contains(freeMail, domain):
			cand = fmt.Sprintf("%s%02d", cmp.Or(ASCIIFold(l.Home.Latin), ASCIIFold(l.Home.Name), "post"), 50+l.R.IntN(50))
		case local == "":
			cand = roleLocals[(try+l.used["@"+domain])%len(roleLocals)]
			if try >= len(roleLocals) {
				cand += "." + string(rune('a'+l.R.IntN(26)))
			}
		case try > 0 && !strings.Contains(local, "."):
			// A role mailbox that is taken: another role.
			cand = roleLocals[(try+l.used["@"+domain])%len(roleLocals)]
			if try >= len(roleLocals) {
				cand += "." + string(rune('a'+l.R.IntN(26)))
			}
		case try > 0:
			// A namesake: given name, middle initial, family name.
			g, f, _ := strings.Cut(local, ".")
			cand = g + "." + string(rune('a'+l.R.IntN(26))) + "." + f
		}
		addr := cand + "@" + domain
		if l.used[addr] == 0 {
			l.used[addr]++
			l.used["@"+domain]++
			return addr
		}
	}
}

// roleLocals are the shared mailboxes an organisation has.
var roleLocals = []string{"info", "office", "contact", "sales", "reception", "accounts", "service", "booking", "hello", "team", "admin", "support", "desk", "orders"}

// ASCIIFold lowercases and strips accents; letters outside Latin script
// are dropped.
func ASCIIFold(s string) string {
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
		case r == 'đ', r == 'ð':
			b.WriteString("d")
		case r == 'ı': // Turkish dotless i: Yıldız is yildiz, not yldz
			b.WriteString("i")
		case r == 'þ':
			b.WriteString("th")
		case r == 'œ':
			b.WriteString("oe")
		case r == 'ħ':
			b.WriteString("h")
		}
	}
	return b.String()
}

// DomainFor makes an email domain for a company name; a name without a
// Latin spelling takes a Latin city name and a business word
// ("dubai-trading.ae").
func (l *Locale) DomainFor(company string) string {
	d := l.nameLabel(seed.Romanize(l.C.Locale, withoutLegalForm(company, l.C.CompanySuffixes)))
	if l.domains == nil {
		l.domains = map[string]string{}
	}
	for try := 0; d != "" && try < 8; try++ {
		// Another firm of the same stem ("Fuji", "Daon"): never the
		// company's own domain nor another firm's.
		if owner, taken := l.domains[d+l.C.EmailTLD]; (!taken || owner == company) && d+l.C.EmailTLD != l.Domain {
			break
		}
		d = strings.SplitN(d, "-", 2)[0] + "-" + Pick(l.R, []string{"group", "trading", "services", "partners", "holding", "co"})
	}
	if d == "" {
		city := Pick(l.R, l.C.Cities)
		latin := city.Latin // "Chiyoda, Tokyo": the city, not its ward
		if i := strings.LastIndex(latin, ","); i >= 0 {
			latin = latin[i+1:]
		}
		d = cmp.Or(domainLabel(latin), ASCIIFold(city.Name), "biz") + "-" + Pick(l.R, []string{"group", "holding", "co"})
	}
	if _, taken := l.domains[d+l.C.EmailTLD]; !taken {
		l.domains[d+l.C.EmailTLD] = company
	}
	return d + l.C.EmailTLD
}

// domainLabel makes a domain's name from a company's words: whole words
// only, never one cut short ("regensburglocksmit"), up to about 20
// letters; run together when short ("kaczmarekdental"), else joined by
// hyphens ("polonia-dental-care"). Words without Latin letters are left
// out.
func domainLabel(name string) string {
	var words []string
	n := 0
	for _, w := range strings.Fields(name) {
		if catalog.IsDomainFiller(w) {
			continue // "i", "&", "Grupa": not the firm's name
		}
		// A compound too long to fit gives its first parts, so the firm's
		// trade stays beside its city ("München 3D-Druck-Dienstleister"
		// is munchen3ddruck, not the city's own munchen).
		if f := ASCIIFold(w); n > 0 && n+len(f) > 20 && strings.Contains(w, "-") {
			for _, part := range strings.Split(w, "-") {
				part = ASCIIFold(part)
				if part == "" || n+len(part) > 20 {
					break
				}
				words = append(words, part)
				n += len(part)
			}
			break
		}
		w = ASCIIFold(w)
		if w == "" || (n > 0 && n+len(w) > 20) {
			if w != "" {
				break
			}
			continue
		}
		words = append(words, w)
		n += len(w)
	}
	if n <= 14 {
		return strings.Join(words, "")
	}
	return strings.Join(words, "-")
}

// nameLabel is a domain's name for a firm's name that keeps what tells
// the firm apart: when its words do not all fit, the family name, stem or
// city in them stays and trade words give way ("Escuela Infantil
// Cantábrica" → "escuela-cantabrica", not the generic
// "escuela-infantil"); connectors ("de", "la") go first.
func (l *Locale) nameLabel(name string) string {
	full := domainLabel(name)
	var words []string
	for _, w := range strings.Fields(name) {
		if !catalog.IsDomainFiller(w) && ASCIIFold(w) != "" {
			words = append(words, w)
		}
	}
	known := func(w string) bool {
		f := ASCIIFold(w)
		for _, pool := range [][]string{l.C.FamilyNames, l.C.CompanyStems} {
			for _, x := range pool {
				if ASCIIFold(x) == f {
					return true
				}
			}
		}
		for _, c := range l.C.Cities {
			if ASCIIFold(c.Name) == f {
				return true
			}
		}
		return false
	}
	lost := false
	for _, w := range words {
		if known(w) && !strings.Contains(full, ASCIIFold(w)) {
			lost = true
		}
	}
	if !lost {
		return full
	}
	// The known words first, then the others in order while they fit;
	// the label keeps the name's order.
	keep := make([]bool, len(words))
	n := 0
	for i, w := range words {
		if known(w) {
			keep[i], n = true, n+len(ASCIIFold(w))
		}
	}
	for i, w := range words {
		f := ASCIIFold(w)
		if keep[i] || len([]rune(w)) <= 3 && unicode.IsLower([]rune(w)[0]) || n+len(f) > 20 {
			continue
		}
		keep[i], n = true, n+len(f)
	}
	var out []string
	for i, w := range words {
		if keep[i] {
			out = append(out, ASCIIFold(w))
		}
	}
	if n <= 14 {
		return strings.Join(out, "")
	}
	return strings.Join(out, "-")
}

// withoutLegalForm strips the legal form ("GmbH", "株式会社{name}") from a
// company name: domains carry the name, not the form.
func withoutLegalForm(name string, forms []string) string {
	for _, f := range forms {
		if pre, post, ok := strings.Cut(f, "{name}"); ok {
			if strings.HasPrefix(name, pre) && strings.HasSuffix(name, post) && len(name) > len(pre)+len(post) {
				return strings.TrimSpace(name[len(pre) : len(name)-len(post)])
			}
		} else if n, ok := strings.CutSuffix(name, " "+f); ok {
			return n
		}
	}
	return name
}

// Phone returns a phone number of someone at the home city.
func (l *Locale) Phone() string { return l.Src().PhoneIn(l.Home.Name) }

// PhoneIn returns a phone number of someone in city: a landline with the
// city's area code or a mobile, where the data knows the city.
func (l *Locale) PhoneIn(city string) string { return l.Src().PhoneIn(city) }

// Address returns a street address in or near the home city, in the
// country's format.
func (l *Locale) Address() string { s := l.Src(); return s.Address(s.NearCity()) }

// AddressIn returns a street address in city.
func (l *Locale) AddressIn(city catalog.City) string {
	s := seed.NewSource(l.R, l.C, time.Time{})
	return s.Address(city)
}

// City returns the home city or a city near it.
func (l *Locale) City() string { return l.Src().NearCity().Name }

// Company returns a company name for an industry.
func (l *Locale) Company(ind catalog.Industry) string { return l.C.CompanyName(l.R, ind) }
