package read

import (
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
)

// shiftWords are the nouns a brief names a stretch of work by.
var shiftWords = []string{"shift", "rota", "roster", "rotation", "duty", "watch"}

// shiftRecord names the shifts a clause reads ("mahouts work in rotating
// shifts", "the crews work two-week rotations", "bar staff work rotas",
// "agents work night shifts rostered by forecast", "rangers and trackers
// are rostered per drive"): they are of the people the clause names, in
// the clause's word for them ("mahout rotating shift", "crew rotation");
// a rota or roster is the shift's column, not its record ("bar staff
// shift" with its rota week); and what the shifts are planned by or per
// ("forecast", "drive") is a column too. It returns the record noun and
// the fields to add.
func (r *reader) shiftRecord(c capability, one string) (string, []string) {
	ws := words(c.phrase)
	var fields []string
	word, rota := "", ""
	for _, w := range ws {
		sg := r.lex.Singular(w)
		if strings.HasPrefix(w, "roster") { // "rostered"
			sg = "roster"
		}
		if slices.Contains(shiftWords, sg) && word == "" {
			word = sg
		}
		if sg == "rota" || sg == "roster" {
			rota = sg
		}
	}
	// "night shift", "rotating shift": the clause's own compound.
	if word != "" && engine.LastWord(one) != word {
		// "every crew shift": the record's noun is the shift's modifier.
		compound := false
		for i := 0; i+1 < len(ws); i++ {
			compound = compound || ws[i] == one && r.lex.Singular(ws[i+1]) == word
		}
		if compound {
			one += " " + word
		} else {
			one = word
		}
	}
	// The week of the rota a shift is on: a week, not a person.
	if rota != "" {
		fields = append(fields, rota+"_week")
	}
	if word == "rota" || word == "roster" {
		one = "shift"
	}
	person := r.shiftPerson(ws)
	if person == "" {
		// "volunteers present shows on a weekly rota": the staff the
		// clause names.
		for _, w := range ws {
			if sg := r.lex.Singular(w); sg != w && (sg == r.p.Staff.One || r.lex.ScaleKind(sg) == "staff") && sg != "staff" {
				person = sg
				break
			}
		}
	}
	if person != "" && !strings.HasPrefix(one, person+" ") && person != one && !slices.Contains(strings.Fields(one), person) {
		one = person + " " + one
	}
	// "rostered per drive", "planned by forecast": not a price unit
	// ("paid by the hour") nor a means ("by phone").
	for i, w := range ws {
		if (w != "per" && w != "by") || i+1 >= len(ws) {
			continue
		}
		x := ws[i+1]
		sg := r.lex.Singular(x)
		if r.lex.Is("det", x) || r.lex.Is("price_unit", sg) || r.lex.Is("channel", sg) || r.lex.Is("vague", sg) || isNumber(x) || len(sg) < 3 ||
			slices.Contains([]string{"hour", "day", "week", "month", "year", "night", "shift"}, sg) {
			continue
		}
		fields = union(fields, []string{sg})
	}
	if x := r.staffedFor(ws); x != "" {
		fields = union(fields, []string{x})
	}
	return one, fields
}

// shiftPerson is who works the shifts of a clause: the plural noun
// before its verb ("the crews work", "our mahouts work", "trackers are
// rostered"), with its modifier for "staff" ("bar staff").
func (r *reader) shiftPerson(ws []string) string {
	for i, w := range ws {
		if i == 0 || !(w == "work" || w == "works" || w == "are" || w == "is" || w == "rostered" || w == "staff" && i+1 < len(ws) && ws[i+1] == "work") {
			continue
		}
		if w == "staff" {
			if q := ws[i-1]; !r.lex.Is("det", q) {
				return q + " staff"
			}
			return ""
		}
		prev := ws[i-1]
		if prev == "staff" && i >= 2 && !r.lex.Is("det", ws[i-2]) {
			return ws[i-2] + " staff"
		}
		sg := r.lex.Singular(prev)
		if sg == prev || r.lex.Is("det", prev) || r.lex.Is("vague", sg) || slices.Contains(shiftWords, sg) || isNumber(prev) {
			return ""
		}
		return sg
	}
	// "crews rotate on a roster": the plural subject a clause starts
	// with, its verb after it.
	i := 0
	for i < len(ws) && (ws[i] == "our" || ws[i] == "the" || ws[i] == "all") {
		i++
	}
	// ("our deck crews rotate": past one word that says which.)
	if i+2 < len(ws) && r.lex.Singular(ws[i]) == ws[i] && r.lex.Singular(ws[i+1]) != ws[i+1] {
		i++
	}
	if i+1 < len(ws) {
		sg := r.lex.Singular(ws[i])
		if next := ws[i+1]; sg != ws[i] && !r.lex.Is("det", ws[i]) && !r.lex.Is("vague", sg) && !slices.Contains(shiftWords, sg) && (r.lex.NounArchetype(sg) == "" || r.lex.NounArchetype(sg) == "shifts" || r.lex.ScaleKind(sg) == "staff") &&
			!r.lex.Is("stop", next) && !r.lex.Is("det", next) && r.lex.NounArchetype(r.lex.Singular(next)) == "" && !slices.Contains(shiftWords, r.lex.Singular(next)) && len(sg) > 2 {
			return sg
		}
	}
	return ""
}
