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
	return c.CompanyNameFor(r, ind, Firm{City: city})
}

// Firm is what a company's name must fit: its headquarters city (a {city}
// in the pattern, and the only place a regional stem may name) and its
// size, which decides the legal forms it can have. Zero values are
// unknown: any city, any size.
type Firm struct {
	City      string
	Employees int
}

// Firm sizes after the EU's SME definition (Commission Recommendation
// 2003/361/EC): a small enterprise has fewer than 50 employees, a medium
// one fewer than 250.
const (
	SmallFirm = 50
	LargeFirm = 250
	// SoleFirm is the most people a business of one owner is: the owner
	// and a partner or one helper.
	SoleFirm = 2
)

// CompanyNameFor is a company name for firm: a pattern of the industry,
// its stems and {city} from the firm's home, and a legal form that fits
// the firm's size (FormsFor). A pattern that carries its own form keeps it.
func (c Country) CompanyNameFor(r *rand.Rand, ind Industry, f Firm) string {
	pattern := pick(r, c.namePatterns(ind))
	name := c.expandCompany(r, pattern, f.City)
	if first, size := utf8.DecodeRuneInString(name); unicode.IsLower(first) {
		name = string(unicode.ToUpper(first)) + name[size:] // "de Groot …" → "De Groot …"
	}
	forms := c.FormsFor(f.Employees)
	if ind.Body() != "" {
		forms = nil // an association or a town hall is no company
	}
	if len(forms) == 0 || LegalForms(name) > 0 {
		return name // the pattern has its form already: "弁護士法人{stem}", "{family} LLP"
	}
	suffix := pick(r, forms)
	if strings.Contains(suffix, "{name}") {
		return strings.Replace(suffix, "{name}", name, 1)
	}
	return name + " " + suffix
}

// FormsFor are the country's legal forms a firm of that many employees
// takes (0: unknown, any size): small forms only below SmallFirm, large
// ones only from LargeFirm, private limited companies at every size, and
// professional forms never (an industry's name patterns carry those).
func (c Country) FormsFor(employees int) []string {
	// A one- or two-person business trades as its owner: the country's
	// sole-trader form (e.K., Tmi, ENK), or none where it has none (a
	// sole trader in Britain or Japan registers no company).
	if employees > 0 && employees <= SoleFirm {
		return slices.Clone(c.LegalFormKinds["sole"])
	}
	var out []string
	for _, f := range c.CompanySuffixes {
		switch c.formKind(f) {
		case "small":
			if employees >= SmallFirm {
				continue
			}
		case "large":
			if employees > 0 && employees < LargeFirm {
				continue
			}
		case "professional":
			continue
		}
		out = append(out, f)
	}
	return out
}

func (c Country) formKind(form string) string {
	for kind, forms := range c.LegalFormKinds {
		// Sole-trader forms are also of another kind (small).
		if kind != "sole" && slices.Contains(forms, form) {
			return kind
		}
	}
	return ""
}

// FormOf is the country's legal form in a company name, the longest that
// matches ("Pty Ltd", not its "Ltd"), and its kind ("small", "large",
// "professional" or "" for a private limited company); "" if none.
func (c Country) FormOf(name string) (form, kind string) {
	best := 0
	for _, f := range c.CompanySuffixes {
		parts := formParts(f)
		if n := len(strings.Join(parts, "")); n > best {
			if _, ok := withoutForm(name, parts); ok {
				form, best = f, n
			}
		}
	}
	return form, c.formKind(form)
}

// OversizedForm reports a large-company form (a public limited or listed
// company: N.V., AG, PLC, S.p.A.) on a company of fewer than SmallFirm
// employees, which no small shop registers as.
func (c Country) OversizedForm(name string, employees int) (string, bool) {
	if employees <= 0 || employees >= SmallFirm {
		return "", false
	}
	form, kind := c.FormOf(name)
	return form, kind == "large"
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
		if parts := formParts(t); len(parts) > 0 {
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
		if rest, ok := withoutForm(name, parts); ok {
			n++
			name = rest
		}
	}
	return n
}

// formParts are the literal parts of a form template ("ООО «{name}»" →
// "ООО «", "»").
func formParts(t string) []string {
	pre, post, _ := strings.Cut(t, "{name}")
	var parts []string
	for _, p := range []string{strings.TrimSpace(pre), strings.TrimSpace(post)} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return parts
}

// withoutForm is name with the form's parts blanked out, if it has them.
func withoutForm(name string, parts []string) (string, bool) {
	if len(parts) == 0 {
		return name, false
	}
	for _, p := range parts {
		i := formIndex(name, p)
		if i < 0 {
			return name, false
		}
		name = name[:i] + " " + name[i+len(p):]
	}
	return name, true
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
