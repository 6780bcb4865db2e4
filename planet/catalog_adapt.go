package planet

import "github.com/mercury/mcp-world/planet/catalog"

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

// randomIndustry picks any industry, for the names of business customers.
func randomIndustry(g *Gen) catalog.Industry {
	all := catalog.Industries()
	return all[g.R.IntN(len(all))]
}

func industryByID(id string) (catalog.Industry, bool) {
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
