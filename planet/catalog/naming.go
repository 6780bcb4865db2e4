package catalog

import (
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
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
	if len(c.CompanySuffixes) == 0 || LegalForms(name) > 0 {
		return name // the pattern has its form already: "弁護士法人{stem}", "{family} LLP"
	}
	suffix := pick(r, c.CompanySuffixes)
	if strings.Contains(suffix, "{name}") {
		return strings.Replace(suffix, "{name}", name, 1)
	}
	return name + " " + suffix
}

// professionForms are legal forms that industry name patterns carry
// themselves (a Japanese law firm is a 弁護士法人, not also a 有限会社).
var professionForms = []string{"弁護士法人", "税理士法人", "司法書士法人", "医療法人", "社会福祉法人", "学校法人", "一般社団法人", "NPO法人"}

// legalForms are the forms of every catalog country (each as the literal
// parts of its template: "ООО «{name}»" → "ООО «", "»"), longest first.
var legalForms = sync.OnceValue(func() [][]string {
	seen := map[string]bool{}
	var out [][]string
	add := func(t string) {
		if seen[t] {
			return
		}
		seen[t] = true
		pre, post, _ := strings.Cut(t, "{name}")
		var parts []string
		for _, p := range []string{strings.TrimSpace(pre), strings.TrimSpace(post)} {
			if p != "" {
				parts = append(parts, p)
			}
		}
		if len(parts) > 0 {
			out = append(out, parts)
		}
	}
	for _, c := range load().countries {
		for _, f := range c.CompanySuffixes {
			add(f)
		}
	}
	for _, f := range professionForms {
		add(f)
	}
	size := func(ps []string) int { return len(strings.Join(ps, "")) }
	slices.SortStableFunc(out, func(a, b []string) int { return size(b) - size(a) })
	return out
})

// LegalForms counts the legal forms in a company name ("Giordano Russo
// LLP S.r.l." has two, "Müller GmbH & Co. KG" one): each form of any
// catalog country, longest first, as a whole word in Latin script and
// anywhere in scripts written without spaces.
func LegalForms(name string) int {
	n := 0
	for _, parts := range legalForms() {
		rest, ok := name, true
		for _, p := range parts {
			i := formIndex(rest, p)
			if i < 0 {
				ok = false
				break
			}
			rest = rest[:i] + " " + rest[i+len(p):]
		}
		if ok {
			n++
			name = rest
		}
	}
	return n
}

// formIndex finds a legal form in s.
func formIndex(s, form string) int {
	// Whole words for forms in Latin letters; a form in another script,
	// or of punctuation only (the "»" closing "ООО «…»"), anywhere.
	latin := strings.IndexFunc(form, func(r rune) bool { return unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) }) < 0 &&
		strings.IndexFunc(form, unicode.IsLetter) >= 0
	for from := 0; from <= len(s); {
		i := strings.Index(s[from:], form)
		if i < 0 {
			return -1
		}
		i += from
		if !latin {
			return i
		}
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[i+len(form):])
		if (i == 0 || !isWordRune(before)) && (i+len(form) == len(s) || !isWordRune(after)) {
			return i
		}
		from = i + 1
	}
	return -1
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
