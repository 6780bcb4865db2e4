package read

import (
	"slices"
	"strings"
)

// suppliedBy is what the brief says the suppliers of the given kinds
// supply: "the milk of 14 local farmers", "buy logs from forest owners",
// "order flour and butter from local mills", "farmers deliver milk".
// A material is a noun the lexicon knows as goods, joined to the
// supplier's word by "of" or "from" before it, or by a verb of supplying
// after it. What is bought from them is that material, not office
// supplies.
func (r *reader) suppliedBy(kinds []string) []string {
	var out []string
	generic := []string{"supply", "supplies", "stock", "material", "raw material", "ingredient", "part", "case", "bottle"}
	goods := func(w string) string {
		sg := r.lex.Singular(w)
		if r.lex.Nature(sg) != "goods" || slices.Contains(generic, sg) {
			return ""
		}
		return sg
	}
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		ws := words(sentence)
		for k, w := range ws {
			// "seed from 200 farms" is the farmers' seed.
			if sg := r.lex.Singular(w); !slices.Contains(kinds, sg) && !slices.Contains(kinds, sg+"er") {
				continue
			}
			// "the milk of 14 local farmers", "flour and butter from mills"
			joined := false
			for i := k - 1; i >= max(0, k-8); i-- {
				// "pressing olives for 300 member growers"
				if ws[i] == "of" || ws[i] == "from" || ws[i] == "for" {
					joined = true
					continue
				}
				if m := goods(ws[i]); m != "" && joined && !slices.Contains(out, m) {
					out = append(out, m)
				}
			}
			// "farmers deliver milk", "growers supply us grapes"
			if k+1 < len(ws) && slices.Contains([]string{"deliver", "supply", "sell", "bring", "send", "provide"}, strings.TrimSuffix(ws[k+1], "s")) {
				for _, x := range ws[k+2 : min(len(ws), k+5)] {
					if m := goods(x); m != "" && !slices.Contains(out, m) {
						out = append(out, m)
					}
				}
			}
		}
	}
	return out
}
