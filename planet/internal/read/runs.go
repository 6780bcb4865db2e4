package read

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
)

// productionRun is one run of making the brief names in its own noun
// ("each pressing records the kilos of olives in and the litres of oil
// out", "log each brew with the litres of sweet tea in and the litres
// bottled", "every dye lot records how many skeins were dyed and the
// grams of dye used"), with what goes in and comes out.
type productionRun struct {
	noun    string // singular: "pressing", "dye lot", "brew"
	in, out []runSide
	from    string // the sentence that said it
}

// runSide is a quantity of a run: its unit ("kilo"; "" when counted:
// "the loaves out"), what it is of ("olive"; "" when unsaid: "the raw
// kilos in") and the brief's word for the side ("in", "used", "bottled").
type runSide struct {
	unit, what, word string
	said             string // the brief's words: "kilos of olives in", "raw kilos in"
}

// productionRun reads a run of making with its quantities in or out
// from the description, and drops the capabilities that were the run
// misread ("each pressing records…" as pressing records, "the kilos"
// as a register of kilos). A run needs its noun after "each" or
// "every" and a quantity said to go in or come out of it.
func (r *reader) productionRun(caps []capability) (productionRun, []capability) {
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		ws := words(sentence)
		ends := pieceEnds(sentence)
		noun, at := r.runNoun(ws)
		if noun == "" {
			continue
		}
		run := productionRun{noun: noun, from: strings.TrimSpace(sentence)}
		for j, w := range ws {
			switch {
			case slices.Contains(r.lex.RunSides.In, w) && (ends[j] || r.sideEnds(ws, j)):
				if s, ok := r.runSideBefore(ws, j); ok {
					run.in = append(run.in, s)
				}
			case slices.Contains(r.lex.RunSides.Out, w) && (ends[j] || r.sideEnds(ws, j)):
				if s, ok := r.runSideBefore(ws, j); ok {
					run.out = append(run.out, s)
				}
			}
		}
		// "boil each batch of juice into gur": what goes in after the
		// noun, what comes out after "into".
		k := at + len(strings.Fields(noun))
		if len(run.in) == 0 && k+1 < len(ws) && ws[k] == "of" {
			if np := r.nounPhrase(ws[k+1:]); len(np) > 0 {
				run.in = append(run.in, runSide{what: r.lex.Singular(strings.Join(np, " ")), said: strings.Join(np, " ") + " in"})
			}
		}
		if i := slices.Index(ws, "into"); len(run.out) == 0 && i > at && i <= k+4 && i+1 < len(ws) {
			if np := r.nounPhrase(ws[i+1:]); len(np) > 0 {
				run.out = append(run.out, runSide{what: r.lex.Singular(strings.Join(np, " ")), said: strings.Join(np, " ") + " out"})
			}
		}
		if len(run.in)+len(run.out) == 0 {
			continue
		}
		// What the business makes runs of, when the sides name none:
		// "we roast about 300 kg of pistachios and hazelnuts a week"
		// says what the raw kilos are of.
		if len(run.in) > 0 && run.in[0].what == "" {
			if things := r.runObjects(noun); len(things) > 0 {
				run.in[0].what = strings.Join(things, " or ")
			}
		}
		kept := slices.DeleteFunc(slices.Clone(caps), func(c capability) bool {
			return strings.Contains(run.from, c.phrase) && r.isRunWord(run, c.entity)
		})
		return run, kept
	}
	return productionRun{}, caps
}

// runNoun is the run noun after "each" or "every" in a sentence, and
// where it starts.
func (r *reader) runNoun(ws []string) (string, int) {
	for i, w := range ws {
		if w != "each" && w != "every" {
			continue
		}
		for n := 2; n >= 1; n-- {
			if i+n < len(ws) {
				sg := r.lex.Singular(strings.Join(ws[i+1:i+1+n], " "))
				if _, ok := r.lex.ProductionRun(sg); ok {
					return sg, i + 1
				}
			}
		}
	}
	return "", -1
}

// sideEnds reports whether the side word at j closes its quantity:
// "the kilos of olives in and …", "… oil out; …", "out of each batch",
// not "in the harvest" or "in six fermenters".
func (r *reader) sideEnds(ws []string, j int) bool {
	if j == 0 {
		return false
	}
	if j+1 == len(ws) {
		return true
	}
	next := ws[j+1]
	return next == "and" || next == "of" || next == "at" || next == "from" || next == "per" || next == "into" || next == "to" || next == "that" ||
		!r.lex.Is("det", next) && r.lex.Is("stop", next)
}

// pieceEnds are the indexes in words(sentence) of the last word before
// a comma: "the litres of neutral spirit in, the botanicals used".
func pieceEnds(sentence string) map[int]bool {
	ends := map[int]bool{}
	n := 0
	for _, piece := range strings.Split(sentence, ",") {
		n += len(words(piece))
		ends[n-1] = true
	}
	return ends
}

// runSideBefore reads the quantity before a side word: "the kilos of
// olives", "the raw kilos", "the loaves", "how many skeins were".
func (r *reader) runSideBefore(ws []string, j int) (runSide, bool) {
	// "weighed in", "checked out": a verb's particle, no quantity.
	if (ws[j] == "in" || ws[j] == "out") && strings.HasSuffix(ws[j-1], "ed") {
		return runSide{}, false
	}
	var np []string
	for k := j - 1; k >= 0 && len(np) < 5; k-- {
		w := ws[k]
		aux := w == "were" || w == "was" || w == "are" || w == "is" || w == "get" || w == "got"
		if aux && len(np) == 0 {
			continue
		}
		if aux {
			break
		}
		if w == "the" || w == "with" || w == "and" || w == "many" || w == "how" || w == "its" || w == "their" || isNumber(w) || w != "of" && r.lex.Is("det", w) {
			break
		}
		if _, ok := r.lex.ProductionRun(r.lex.Singular(w)); ok && len(np) == 0 {
			return runSide{}, false
		}
		np = append([]string{w}, np...)
	}
	if len(np) == 0 {
		return runSide{}, false
	}
	side := runSide{word: ws[j], said: strings.Join(np, " ") + " " + ws[j]}
	if i := slices.Index(np, "of"); i > 0 && i+1 < len(np) {
		side.unit = r.lex.Singular(np[i-1])
		side.what = r.lex.Singular(strings.Join(np[i+1:], " "))
		return side, true
	}
	last := r.lex.Singular(np[len(np)-1])
	if r.lex.Is("price_unit", last) {
		side.unit = last
		return side, true
	}
	side.what = r.lex.Singular(strings.Join(np, " "))
	return side, true
}

// runObjects are the things a sentence says the business makes its
// runs of: the objects of the run's verb ("we roast … pistachios and
// hazelnuts", "we press … olives").
func (r *reader) runObjects(noun string) []string {
	verb := strings.Fields(noun)[0]
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		ws := words(sentence)
		for i, w := range ws {
			if w != verb || i == 0 || ws[i-1] != "we" {
				continue
			}
			var out []string
			for k := i + 1; k < len(ws) && k < i+12; k++ {
				if ws[k] != "of" {
					continue
				}
				for _, x := range ws[k+1:] {
					if x == "and" || x == "or" {
						continue
					}
					if r.lex.Is("stop", x) || r.lex.Is("det", x) || isNumber(x) || x == "a" {
						break
					}
					out = append(out, r.lex.Singular(x))
				}
				return out
			}
		}
	}
	return nil
}

// isRunWord reports whether a capability's record is the run misread:
// its own noun, a record of it, or a unit or thing of its quantities.
func (r *reader) isRunWord(run productionRun, entity string) bool {
	last := engine.LastWord(entity)
	if entity == run.noun || entity == run.noun+" record" || last == engine.LastWord(run.noun) || last == "record" || last == "log" {
		return true
	}
	for _, s := range append(slices.Clone(run.in), run.out...) {
		if last == s.unit || entity == s.what || last == engine.LastWord(s.what) && s.what != "" {
			return true
		}
	}
	return r.lex.Is("price_unit", last)
}

// addProductionRun gives Production the run the brief names (see
// [productionRun]): its noun and its quantities in and out.
func (r *reader) addProductionRun(run productionRun) {
	if run.noun == "" {
		return
	}
	p := r.p
	i := slices.IndexFunc(p.Services, func(s engine.PlanService) bool { return s.Builder == "production" })
	if i < 0 {
		p.Services = append(p.Services, engine.PlanService{Name: "production", Archetype: "production", Title: "Production: " + r.lex.Plural(run.noun), Builder: "production", From: run.from})
		i = len(p.Services) - 1
	}
	ps := &p.Services[i]
	// The run's own word replaces what the service was read from.
	ps.Attributes = slices.DeleteFunc(ps.Attributes, func(a engine.PlanAttribute) bool { return strings.HasPrefix(a.Name, "production_") })
	ps.Attributes = append(ps.Attributes, engine.PlanAttribute{Name: "production_run", Type: "text", Values: []string{run.noun}, From: run.from})
	side := func(name string, ss []runSide) {
		if len(ss) == 0 {
			return
		}
		s := ss[0]
		for _, a := range []struct{ suffix, v string }{{"", s.said}, {"_unit", s.unit}, {"_of", s.what}} {
			if a.v != "" {
				ps.Attributes = append(ps.Attributes, engine.PlanAttribute{Name: name + a.suffix, Type: "text", Values: []string{a.v}, From: run.from})
			}
		}
	}
	side("production_input", run.in)
	side("production_output", run.out)
	what := func(ss []runSide) string {
		if len(ss) == 0 {
			return "—"
		}
		return strings.TrimSpace(strings.Join([]string{ss[0].unit, ss[0].what}, " "))
	}
	r.decide(run.from, fmt.Sprintf("/services/%d/attributes", i), "production: %s, %s in, %s out", r.lex.Plural(run.noun), what(run.in), what(run.out))
}
