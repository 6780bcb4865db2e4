package engine

import "strings"

// BulkList is what a business buys of a raw material from the people
// who produce it ("the milk of 14 local farmers"): deliveries by weight
// at a producer's price (data/pricelists.json's "bulk" kind), never the
// retail packs it would sell.
func BulkList(noun string) []PlanItem {
	var out []PlanItem
	for _, k := range loadPriceLists().Kinds {
		if k.Kind != "bulk" {
			continue
		}
		if b, ok := bulkGood(strings.ToLower(noun)); ok && b.Kind == "bulk" {
			k.Base = b.Base
		}
		r := strings.NewReplacer("{Noun}", Title(noun), "{noun}", noun)
		for _, l := range k.Lines {
			out = append(out, PlanItem{Name: r.Replace(l.Name), Price: [2]float64{round2(k.Base[0] * l.Factor), round2(k.Base[1] * l.Factor)}})
		}
	}
	return out
}
