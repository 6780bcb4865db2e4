package seed

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/world"
)

// Findings lists what the realism validator finds in a bundle's seed
// values, each as "JSON pointer: what is wrong": values of each kind from
// the right pool and in the right form, money in the range of its meaning,
// dates on the right side of the clock for their row's status, no street
// or city in a column of another kind, and no text that mixes English with
// the world's language. The verifier runs it as its realism validator
// (verifier.Realism), which mcp-world sets to this function.
func Findings(b *world.Bundle) []string {
	country, ok := catalog.CountryByCode(b.Company.Country)
	if !ok {
		return []string{fmt.Sprintf("/company/country: %q is not a catalog country; values were not checked", b.Company.Country)}
	}
	country = country.WithLocale(b.Company.Locale) // a Genève firm writes French
	clock, err := time.Parse(time.RFC3339, b.Clock.Start)
	if err != nil {
		return nil // the schema validator reports it
	}
	ck := NewChecker(country, clock, websiteDomain(b.Company.Website))
	ck.Company = b.Company.Name
	if city := homeCity(country, b.Company.Headquarters); city != "" {
		ck.AddHome(city)
	}
	ck.hq = b.Company.Headquarters // a brief's city the catalog lacks ("Jingdezhen")
	ck.Industry, ck.industryGuessed = industryOf(b.Company.Industry)
	var out []string
	if n := catalog.LegalForms(b.Company.Name); n > 1 {
		out = append(out, fmt.Sprintf("/company/name: company name %q has %d legal forms", b.Company.Name, n))
	}
	if form, big := country.OversizedForm(b.Company.Name, b.Company.Employees); big {
		out = append(out, fmt.Sprintf("/company/name: %q is a legal form of large or listed companies, not of a company of %d employees (fewer than %d)",
			form, b.Company.Employees, catalog.SmallFirm))
	}
	out = append(out, nameFindings(country, b.Company, ck.Industry, ck.industryGuessed)...)
	out = append(out, depositFindings(ck, b)...)
	lists := priceLists(b)
	// A composed world's lines and records are the brief's own nouns, in
	// the brief's language ("an urn", "child seats"), and its pack is a
	// guess: only a pack world's catalogue is held to its translation.
	var ownTerms map[string]bool
	if !ck.industryGuessed {
		ownTerms = industryTerms(ck.Industry)
	}
	for ti, t := range b.Tables {
		stage := stager(b, t)
		out = append(out, taxFindings(ck, ti, t)...)
		out = append(out, placeholderFindings(ti, t)...)
		out = append(out, listPriceFindings(ck, ti, t, lists)...)
		if len(lists[t.Service]) == 0 {
			out = append(out, unitPriceFindings(ti, t)...)
		}
		out = append(out, orgBirthdayFindings(ti, t)...)
		out = append(out, englishTermFindings(country.Locale, ownTerms, ti, t)...)
		for ci, c := range t.Columns {
			k := Kind(c.Kind)
			if c.Kind != "" && !Known(k) {
				out = append(out, fmt.Sprintf("/tables/%d/columns/%d/kind: unknown kind %q", ti, ci, c.Kind))
				continue
			}
			for ri, row := range t.Rows {
				val, ok := row[c.Name]
				if !ok || val == nil {
					continue
				}
				ptr := fmt.Sprintf("/tables/%d/rows/%d/%s", ti, ri, c.Name)
				var problems []string
				if c.Kind != "" {
					problems = ck.Check(c.Name, k, val, row, stage(row))
				} else if s, isText := val.(string); isText && c.Type == "text" && len(c.Enum) == 0 && !c.PrimaryKey {
					problems = unkindedText(ck, s)
				}
				for _, p := range problems {
					out = append(out, ptr+": "+p)
				}
			}
		}
	}
	return out
}

// industryOf is the catalog id of a company's industry: by name or id,
// else (a brief's own words, "family-run dental practice") the industry
// the catalog matches them to, which Planet may have read otherwise
// (guessed).
func industryOf(name string) (id string, guessed bool) {
	for _, ind := range catalog.Industries() {
		if ind.Name == name || ind.ID == name {
			return ind.ID, false
		}
	}
	if ind, _, ok := catalog.MatchIndustry(name); ok {
		return ind.ID, true
	}
	return "", true
}

// homeCity is the city of a headquarters address that names no catalog
// city (a brief's "out of Santos"), read by the country's address format;
// "" when the address names a catalog city or does not have the format.
func homeCity(c catalog.Country, hq string) string {
	for _, ct := range c.Cities {
		if strings.Contains(hq, ct.Name) {
			return ""
		}
	}
	if !strings.Contains(c.AddressFormat, "{city}") {
		return ""
	}
	for _, format := range []string{c.AddressFormat, catalog.WithoutState(c.AddressFormat)} {
		if city := cityByFormat(format, hq); city != "" {
			return city
		}
	}
	return ""
}

// cityByFormat reads the {city} of an address of that format.
func cityByFormat(format, hq string) string {
	var b strings.Builder
	b.WriteString("^")
	rest := format
	for rest != "" {
		i := strings.Index(rest, "{")
		j := strings.Index(rest, "}")
		if i < 0 || j < i {
			b.WriteString(regexp.QuoteMeta(rest))
			break
		}
		b.WriteString(regexp.QuoteMeta(rest[:i]))
		if rest[i+1:j] == "city" {
			b.WriteString("(?P<city>.+?)")
		} else {
			b.WriteString(".+?")
		}
		rest = rest[j+1:]
	}
	b.WriteString("$")
	m := regexp.MustCompile(b.String()).FindStringSubmatch(hq)
	if m == nil {
		return ""
	}
	return strings.TrimSpace(m[1])
}

// unkindedText checks a text value of a column without a kind: it must
// not be a street or city from the country's pools, nor mix languages.
func unkindedText(ck *Checker, s string) []string {
	return ck.Check("", Note, s, nil, NoStage)
}

// websiteDomain is the company's mail domain: its website's host without
// "www.".
func websiteDomain(site string) string {
	u, err := url.Parse(site)
	if err != nil {
		return ""
	}
	return strings.TrimPrefix(u.Hostname(), "www.")
}

// stager places a table's rows in their lifecycle from its status
// column: the column's default is where rows start, a value no tool's
// transitions lead out of is terminal, and of the terminal values the one
// listed first in the enum is "done" (the bundle convention: the main path
// in order, off-path states such as "cancelled" after it). Tables without
// a status column or transitions have no stages.
func stager(b *world.Bundle, t world.Table) func(row map[string]any) Stage {
	none := func(map[string]any) Stage { return NoStage }
	col := slices.IndexFunc(t.Columns, func(c world.Column) bool { return c.Name == "status" && len(c.Enum) > 0 })
	if col < 0 {
		return none
	}
	var allowed map[string][]string
	for _, tool := range b.Tools {
		for _, st := range tool.Steps {
			if st.Update == t.Name && st.Transitions != nil && st.Transitions.Column == "status" {
				allowed = st.Transitions.Allowed
			}
		}
	}
	if allowed == nil {
		return none
	}
	c := t.Columns[col]
	initial := fmt.Sprint(c.Default)
	done := ""
	for _, e := range c.Enum {
		if s := fmt.Sprint(e); len(allowed[s]) == 0 && s != initial {
			done = s
			break
		}
	}
	return func(row map[string]any) Stage {
		switch s := fmt.Sprint(row["status"]); {
		case s == initial:
			return Planned
		case s == done:
			return Done
		case len(allowed[s]) > 0:
			return Underway
		}
		return Cancelled
	}
}

// taxFindings checks the rows of a table with a tax_amount column: its
// "net_amount" and tax add up to its "amount" at its tax_rate.
func taxFindings(ck *Checker, ti int, t world.Table) []string {
	var tax, rate string
	for _, c := range t.Columns {
		switch Kind(c.Kind) {
		case TaxAmount:
			tax = c.Name
		case TaxRate:
			rate = c.Name
		}
	}
	if tax == "" || rate == "" {
		return nil
	}
	var out []string
	for ri, row := range t.Rows {
		for _, p := range ck.CheckTax(row["amount"], row["net_amount"], row[tax], row[rate]) {
			out = append(out, fmt.Sprintf("/tables/%d/rows/%d/%s: %s", ti, ri, tax, p))
		}
	}
	return out
}

// depositFindings reports tenants' deposits that are not the country's
// usual multiple of their rent (tenancy.json): a table's deposit column
// against a monthly rent on the same row or on the rows that refer to it
// (a lease's tenant). A deposit that fits any of its rents is right.
func depositFindings(ck *Checker, b *world.Bundle) []string {
	kindCol := func(t world.Table, k Kind) string {
		for _, c := range t.Columns {
			if Kind(c.Kind) == k {
				return c.Name
			}
		}
		return ""
	}
	rents := map[string]map[any][]int64{} // table.id → id → rents
	for _, t := range b.Tables {
		rent := kindCol(t, MonthlyRent)
		if rent == "" {
			continue
		}
		for _, c := range t.Columns {
			target := cmp.Or(c.References, c.RefersTo)
			if target == "" {
				continue
			}
			if rents[target] == nil {
				rents[target] = map[any][]int64{}
			}
			for _, row := range t.Rows {
				if n, ok := asInt(row[rent]); ok {
					rents[target][row[c.Name]] = append(rents[target][row[c.Name]], n)
				}
			}
		}
	}
	var out []string
	for ti, t := range b.Tables {
		dep := kindCol(t, Deposit)
		if dep == "" {
			continue
		}
		rent, byRef := kindCol(t, MonthlyRent), rents[t.Name+".id"]
		for ri, row := range t.Rows {
			d, ok := asInt(row[dep])
			if !ok {
				continue
			}
			var rs []int64
			if n, ok := asInt(row[rent]); ok && rent != "" {
				rs = append(rs, n)
			}
			rs = append(rs, byRef[row["id"]]...)
			var msg string
			for _, r := range rs {
				if msg = ck.CheckDeposit(d, r); msg == "" {
					break
				}
			}
			if msg != "" {
				out = append(out, fmt.Sprintf("/tables/%d/rows/%d/%s: %s", ti, ri, dep, msg))
			}
		}
	}
	return out
}

// nameFindings checks the company's name against what the company is: an
// association or a town hall has no commercial legal form, and a company
// of a country whose firms the catalog names in its own language has no
// name composed in English ("Cantera Water Delivery S.A. de C.V.").
//
// A composed industry's nearest pack is a guess ("dog grooming" is no
// animal shelter): its body is read from its own words ("a volunteer-run
// food bank"), and its name must not carry the brief's English words
// ("Luso Goat Dairy Lda." in Portugal).
func nameFindings(c catalog.Country, co world.Company, industry string, guessed bool) []string {
	var out []string
	body := catalog.BodyOf(industry)
	if guessed {
		body = catalog.ComposedBody(co.Industry + " " + co.Description)
	}
	if body != "" {
		if form, _ := c.FormOf(co.Name); form != "" {
			out = append(out, fmt.Sprintf("/company/name: %q is a company's legal form, but a firm of %s is a %s body", form, co.Industry, body))
		}
	}
	if guessed && c.NamesInLanguage() {
		var ws []string
		for _, w := range catalog.ComposedEnglishWords(co.Industry) {
			if slices.Contains(strings.FieldsFunc(co.Name, func(r rune) bool { return !unicode.IsLetter(r) }), w) {
				ws = append(ws, w)
			}
		}
		if len(ws) > 0 {
			return append(out, fmt.Sprintf("/company/name: %q is named in English (%s) in a country whose firms are named in %s", co.Name, strings.Join(ws, ", "), c.Language))
		}
	}
	ind, _ := catalog.IndustryByID(industry)
	publicWithoutOwn := body == catalog.PublicBody && !c.HasOwnPattern(ind)
	if !publicWithoutOwn {
		out = append(out, englishNameFindings(c, "/company/name", co.Name)...)
	}
	return out
}

// englishNameFindings reports a firm's name in English in a country
// whose firms are named in its own language.
func englishNameFindings(c catalog.Country, ptr, name string) []string {
	if !c.NamesInLanguage() {
		return nil
	}
	if ws := catalog.EnglishTradeWords(name); len(ws) > 0 {
		return []string{fmt.Sprintf("%s: %q is named in English (%s) in a country whose firms are named in %s", ptr, name, strings.Join(ws, ", "), c.Language)}
	}
	return nil
}

// numbered is a name made of words and a small number: "Spare part 3".
var numbered = regexp.MustCompile(`^(\p{L}[\p{L} -]*?) ([0-9]{1,2})$`)

// placeholderFindings reports the names of priced goods that are a noun
// and a counter ("Spare part 1", "Spare part 2", "Spare part 3"): three
// or more of one prefix in a table with a money column. A room or a bay
// may be numbered; what is sold or stocked has a name.
func placeholderFindings(ti int, t world.Table) []string {
	priced := slices.ContainsFunc(t.Columns, func(c world.Column) bool {
		r, ok := RuleOf(c.Name, Kind(c.Kind))
		return ok && r.IsMoney()
	})
	if !priced || !slices.ContainsFunc(t.Columns, func(c world.Column) bool { return c.Name == "name" }) {
		return nil
	}
	rows := map[string][]int{}
	for ri, row := range t.Rows {
		if m := numbered.FindStringSubmatch(fmt.Sprint(row["name"])); m != nil {
			rows[m[1]] = append(rows[m[1]], ri)
		}
	}
	var out []string
	for _, prefix := range slices.Sorted(maps.Keys(rows)) {
		if ris := rows[prefix]; len(ris) >= 3 {
			out = append(out, fmt.Sprintf("/tables/%d/rows/%d/name: %d priced rows are named %q and a number: placeholders, not goods", ti, ris[0], len(ris), prefix))
		}
	}
	return out
}

// orgBirthdayFindings reports a date of birth on a row that is an
// organisation (it has a main contact person): companies are not born.
func orgBirthdayFindings(ti int, t world.Table) []string {
	if !slices.ContainsFunc(t.Columns, func(c world.Column) bool { return c.Name == "contact_person" }) {
		return nil
	}
	var out []string
	for _, c := range t.Columns {
		if Kind(c.Kind) != DateOfBirth {
			continue
		}
		for ri, row := range t.Rows {
			if row[c.Name] != nil && row["contact_person"] != nil {
				out = append(out, fmt.Sprintf("/tables/%d/rows/%d/%s: an organisation (it has a contact person) with a date of birth", ti, ri, c.Name))
			}
		}
	}
	return out
}

// priceLists are the list prices of each service's price list (a table
// with name and list_price), by service and item name.
func priceLists(b *world.Bundle) map[string]map[string]int64 {
	out := map[string]map[string]int64{}
	for _, t := range b.Tables {
		has := func(n string) bool {
			return slices.ContainsFunc(t.Columns, func(c world.Column) bool { return c.Name == n })
		}
		if !has("name") || !has("list_price") {
			continue
		}
		for _, row := range t.Rows {
			name, _ := row["name"].(string)
			if p, ok := asInt(row["list_price"]); ok && name != "" {
				if out[t.Service] == nil {
					out[t.Service] = map[string]int64{}
				}
				out[t.Service][name] = p
			}
		}
	}
	return out
}

// listPriceFindings checks the amount of a row that names an item of
// its service's price list: the list price for the units ordered (an
// item priced per word: some hundreds of words), less at most 15 %
// discount, give or take a major unit of rounding. An amount of its
// own ("Standard delivery" at 2,367 against a list price of 3,206) is a
// finding.
func listPriceFindings(ck *Checker, ti int, t world.Table, lists map[string]map[string]int64) []string {
	list := lists[t.Service]
	if len(list) == 0 || !slices.ContainsFunc(t.Columns, func(c world.Column) bool { return c.Name == "item" }) {
		return nil
	}
	minor := math.Pow10(ck.Country.CurrencyDigits)
	var out []string
	for ri, row := range t.Rows {
		item, _ := row["item"].(string)
		p, listed := list[item]
		amount, ok := asInt(row["amount"])
		if !listed || !ok || p <= 0 {
			continue
		}
		lo, hi := UnitRange(ck.Country.Locale, item)
		// A stay is its nightly rate for the nights from check-in to
		// check-out.
		if n := StayNights(row); n > 0 {
			if a := float64(amount); a >= 0.85*float64(p)*float64(n)-minor && a <= float64(p)*float64(n)+minor {
				continue
			}
		}
		if a := float64(amount); a < 0.85*float64(p)*float64(lo)-minor || a > float64(p)*float64(hi)+minor {
			out = append(out, fmt.Sprintf("/tables/%d/rows/%d/amount: %d for %q does not follow its list price %d (%d–%d units, at most 15 %% off)", ti, ri, amount, item, p, lo, hi))
		}
	}
	return out
}

// unitPriceFindings checks that one item has one price throughout a
// table of lines (an item or part with a quantity): its unit_price, or
// its amount divided by the quantity. "Fuse 16A" at 10.00 on one work
// order and 77.00 on the next is a finding; so is an amount that is no
// whole multiple of the quantity.
func unitPriceFindings(ti int, t world.Table) []string {
	col := func(names ...string) string {
		for _, n := range names {
			if slices.ContainsFunc(t.Columns, func(c world.Column) bool { return c.Name == n }) {
				return n
			}
		}
		return ""
	}
	item, qty, unit, total := col("item", "part"), col("quantity"), col("unit_price"), col("amount")
	if item == "" || qty == "" || unit == "" && total == "" {
		return nil
	}
	var out []string
	first := map[string]int64{}
	for ri, row := range t.Rows {
		name, _ := row[item].(string)
		q, okQ := asInt(row[qty])
		var p int64
		switch u, okU := asInt(row[unit]); {
		case unit != "" && okU:
			p = u
		case unit == "" && okQ && q > 0:
			a, ok := asInt(row[total])
			if !ok {
				continue
			}
			if a%q != 0 {
				out = append(out, fmt.Sprintf("/tables/%d/rows/%d/%s: %d is no whole multiple of the quantity %d", ti, ri, total, a, q))
				continue
			}
			p = a / q
		default:
			continue
		}
		if was, seen := first[name]; !seen {
			first[name] = p
		} else if was != p {
			out = append(out, fmt.Sprintf("/tables/%d/rows/%d: %q costs %d a unit here and %d in an earlier row", ti, ri, name, p, was))
		}
	}
	return out
}

// englishTermFindings reports a catalogue item, supply or job title of
// the world's industry left in English ("Inner tubes") in a world whose
// language has a translation file that writes it otherwise
// ("Fahrradschläuche"): a whole text value, or an item of a list ("Inner
// tubes, Brake pads"). Enum values are the API and stay English; a word
// that is another industry's item ("Dog" in a pet shop's pets column) is
// no catalogue item of this world, and a term column's words come from
// terms.json, English where it has no list for the language ("Personal
// care, medication" is a home-care task, not its price list's item).
func englishTermFindings(locale string, own map[string]bool, ti int, t world.Table) []string {
	if !HasTranslations(locale) || len(own) == 0 {
		return nil
	}
	// A word the language writes for another of the industry's terms is
	// no English left over: Norwegian "Dress" is a suit.
	local := map[string]bool{}
	for w := range own {
		local[Translate(locale, w)] = true
	}
	var out []string
	for ri, row := range t.Rows {
		for _, c := range t.Columns {
			s, ok := row[c.Name].(string)
			if !ok || c.Type != "text" || len(c.Enum) > 0 || c.PrimaryKey || Kind(c.Kind) == Term {
				continue
			}
			// A list of items capitalises each ("Our own special, Inner
			// tubes"); a line named for a kind and its variant ("Child seat,
			// standard", "Urn, pack of 3") is one name, not a list.
			parts := strings.Split(s, ", ")
			if slices.ContainsFunc(parts[1:], func(p string) bool { r, _ := utf8.DecodeRuneInString(p); return !unicode.IsUpper(r) }) {
				parts = []string{s}
			}
			for _, part := range parts {
				if want, english := untranslated(locale, part); english && own[part] && !local[part] {
					out = append(out, fmt.Sprintf("/tables/%d/rows/%d/%s: %q is English in a world whose language writes it %q", ti, ri, c.Name, part, want))
					break
				}
			}
		}
	}
	return out
}

// industryTerms are the catalogue items, supplies and job titles of an
// industry (a catalog id), as TermSources counts them.
func industryTerms(id string) map[string]bool {
	out := map[string]bool{}
	for _, ind := range catalog.Industries() {
		if ind.ID != id {
			continue
		}
		for _, it := range ind.Vocabulary.Offering.Items {
			out[it.Name] = true
		}
		for _, s := range ind.Supplies {
			out[s.Name] = true
		}
		for _, j := range ind.JobTitles {
			out[j] = true
		}
	}
	own, _ := SuppliesOf(id)
	for _, s := range own {
		out[s.Name] = true
	}
	return out
}

// StayNights is the number of nights between a row's check_in and
// check_out dates, 0 when it has none (or checks out before it checks
// in): what a stay sold by the night is priced for.
func StayNights(row map[string]any) int {
	in, err1 := time.Parse(time.DateOnly, fmt.Sprint(row["check_in"]))
	out, err2 := time.Parse(time.DateOnly, fmt.Sprint(row["check_out"]))
	if err1 != nil || err2 != nil || !out.After(in) {
		return 0
	}
	return int(out.Sub(in).Hours() / 24)
}
