package engine

import (
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/lexicon"
	"github.com/mercury/mcp-world/planet/seed"
)

// vocabOf adapts an industry's catalog vocabulary.
func vocabOf(ind catalog.Industry) *Vocab {
	v := ind.Vocabulary
	noun := func(e catalog.Entity) Noun {
		n := Noun{One: e.Singular, Many: e.Plural}
		for _, c := range e.ExtraColumns {
			n.Extra = append(n.Extra, Extra{Name: c.Name, Type: c.Type, Values: c.Values})
		}
		return n
	}
	out := &Vocab{
		Customer: noun(v.Customer), Staff: noun(v.Staff), Work: noun(v.WorkItem),
		Offering: Noun{One: v.Offering.Singular, Many: v.Offering.Plural},
		States:   v.WorkItem.States, Cancel: v.WorkItem.CancelState, Unit: v.Offering.Unit,
	}
	for _, it := range v.Offering.Items {
		out.Items = append(out.Items, Item{Name: it.Name, Min: it.PriceRange[0], Max: it.PriceRange[1]})
	}
	return out
}

// vocabOfPlan gives a plan's nouns to the builders, its items named in
// the world's language (the plan names them as the catalog does, and a
// composed price list in English; see LocalPlanItem).
func vocabOfPlan(p *Plan, lang, currency string) *Vocab {
	noun := func(n PlanNoun) Noun {
		out := Noun{One: n.One, Many: n.Many}
		for _, a := range n.Attributes {
			out.Extra = append(out.Extra, Extra{Name: a.Name, Type: a.Type, Values: a.Values})
		}
		return out
	}
	w := p.Work
	work := Noun{One: w.One, Many: w.Many}
	for _, a := range w.Attributes {
		work.Extra = append(work.Extra, Extra{Name: a.Name, Type: a.Type, Values: a.Values})
	}
	cust := noun(p.Customer)
	if p.Customer.Organisation {
		// A pack's customer columns are written for people; a café or a
		// hotel has no allergies and no date of birth.
		cust.Extra = slices.DeleteFunc(cust.Extra, func(e Extra) bool { return PersonOnly(e.Name, e.Type) })
	}
	v := &Vocab{Customer: cust, Staff: noun(p.Staff), Work: work,
		Offering: Noun{One: w.Offering.One, Many: w.Offering.Many}, States: w.States, Cancel: w.Cancel, Unit: w.Unit}
	// Two resources without a word of their own in the language both
	// fall back to the kind's generic word: the price list shows it once.
	seen := map[string]bool{}
	for _, it := range w.Items {
		if local, ok := LocalPlanItem(lang, currency, w, it); ok && !seen[local.Name] {
			seen[local.Name] = true
			v.Items = append(v.Items, local)
		}
	}
	return v
}

// AttrsOf turns catalog extra columns into plan attributes.
func AttrsOf(cols []catalog.Column) []PlanAttribute {
	var out []PlanAttribute
	for _, c := range cols {
		out = append(out, PlanAttribute{Name: c.Name, Type: c.Type, Values: c.Values})
	}
	return out
}

// RecordsBirth reports whether columns hold a date of birth: customers
// with one are people, whatever their noun (a motor insurer's
// policyholders), and no company is given a birthday.
func RecordsBirth(cols []catalog.Column) bool {
	return slices.ContainsFunc(cols, func(c catalog.Column) bool { return IsBirthColumn(c.Name, c.Type) })
}

// IsBirthColumn reports whether a column of that name and type is a date
// of birth.
func IsBirthColumn(name, typ string) bool {
	r, ok := seed.RuleForType(name, typ)
	return ok && r.Kind == seed.DateOfBirth
}

// RandomIndustry is the industry of a business customer: a company, not
// an association or a town hall.
func RandomIndustry(g *Gen) catalog.Industry {
	all := catalog.CompanyIndustries()
	return all[g.R.IntN(len(all))]
}

func IndustryByID(id string) (catalog.Industry, bool) {
	for _, i := range catalog.Industries() {
		if i.ID == id {
			return i, true
		}
	}
	return catalog.Industry{}, false
}

func countryByCode(code string) (catalog.Country, bool) {
	for _, c := range catalog.Countries() {
		if c.Code == code {
			return c, true
		}
	}
	return catalog.Country{}, false
}

// FirmsOf is the industry whose names a firm of kind noun gets in a
// country (a customer, a counterpart): the trade the catalog knows by
// that name ("garage"), else the noun's own words when it names a kind
// of business ("refinery": "Bin Razak Refinery"), where the country
// names firms in English or has a word for that kind of business.
// ok is false for a word that says only what the firm is to the business
// ("account", "shipper", "company"), a body that is no firm ("parish"),
// or a kind the country would get English words for ("… Refinery
// GmbH"): the caller draws the trade (RandomIndustry, or its own).
func FirmsOf(noun string, c catalog.Country) (ind catalog.Industry, ok bool) {
	if ind, ok := catalog.IndustryNamed(noun); ok {
		return ind, true
	}
	lex := lexicon.Load()
	n := strings.ToLower(strings.TrimSpace(noun))
	// Only a word the lexicon knows as an organisation or a premises
	// ("refinery", "processing plant"): no firm is named for a kind of
	// customer that is a person, an animal or a stray reading.
	if !lex.Is("org", n) && !lex.Is("org", LastWord(n)) && lex.ScaleKind(LastWord(n)) != "locations" {
		return catalog.Industry{}, false
	}
	if GeneralCustomer(n) || lex.Is("org_customer", n) || lex.Is("org_customer", LastWord(n)) || slices.Contains(noFirmNames, n) || slices.Contains(noFirmNames, LastWord(n)) || catalog.ComposedBody(n) != "" {
		return catalog.Industry{}, false
	}
	ind = catalog.ComposedIndustry(n, "")
	lang, _, _ := strings.Cut(c.Locale, "-")
	if c.NamesInLanguage() && len(ind.LocalNamePatterns[c.Locale]) == 0 && len(ind.LocalNamePatterns[lang]) == 0 {
		return catalog.Industry{}, false
	}
	return ind, true
}

// noFirmNames are organisation words that say what a firm is, not its
// trade (no firm is called "… Business Ltd"), and bodies that are no
// firm ("… Parish GmbH").
var noFirmNames = []string{"business", "firm", "enterprise", "organisation", "organization", "corporation", "corporate", "startup", "institution", "operator", "partner", "member", "supplier", "vendor", "government", "ministry", "fleet", "committee", "production", "employer", "agent", "broker", "developer", "contractor", "subcontractor", "manufacturer", "producer", "grower", "farmer", "importer", "exporter", "trader", "seller", "consignor", "owner", "landlord", "brand", "home", "region", "county", "district", "site", "location", "branch", "office", "facility", "station", "port", "market", "practice", "chapter",
	"parish", "church", "diocese", "council", "municipality", "authority", "university", "college", "league", "trust", "charity", "ngo", "nonprofit", "association", "club", "cooperative"}
