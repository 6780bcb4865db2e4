package read

import (
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
)

// Hours logged per person: "each pilot's flying hours are logged",
// "pilots log duty hours for the CAA", "drivers' hours are planned
// around the tachograph rules". The time kept is that person's: the
// timesheets are titled for them ("Timesheets: pilots' duty hours") and,
// when the brief names no other staff, they are the staff.

// hoursPerson returns the person whose hours a clause keeps, "" when it
// names none: a possessive before the hours ("pilot's", "drivers'") or
// the subject of the clause's verb ("pilots log").
func (r *reader) hoursPerson(phrase string) string {
	raw := strings.Fields(strings.ToLower(strings.NewReplacer("’", "'", ",", " ", ".", " ").Replace(phrase)))
	for i, w := range raw {
		base, possessive := strings.CutSuffix(w, "'s")
		if !possessive {
			base, possessive = strings.CutSuffix(w, "s'")
		}
		if possessive && i+1 < len(raw) && r.isWorker(r.lex.Singular(base)) {
			return r.lex.Singular(base)
		}
		// "the tachograph data of every driver".
		if w == "of" && i+2 < len(raw) && (raw[i+1] == "every" || raw[i+1] == "each") && r.isWorker(r.lex.Singular(raw[i+2])) {
			return r.lex.Singular(raw[i+2])
		}
		// "pilots log duty hours": the subject before the verb.
		if i+1 < len(raw) && !possessive && r.isVerb(raw[i+1]) && slices.ContainsFunc(raw[i+1:], func(x string) bool { return r.lex.Singular(x) == "hour" }) {
			if sg := r.lex.Singular(w); sg != w && r.isWorker(sg) {
				return sg
			}
		}
	}
	return ""
}

// hoursTitle is the word a timesheets service is titled with: whose
// hours they are, then the brief's word for them.
func (r *reader) hoursTitle(c capability, word string) string {
	who := r.hoursPerson(c.phrase)
	if who == "" {
		// "Pilots' flight and duty hours are logged" was read as duty
		// hours: the possessive is just before the phrase.
		low, ph := strings.ToLower(r.desc), strings.ToLower(c.phrase)
		if i := strings.Index(low, ph); i > 0 {
			before := strings.Fields(low[:i])
			who = r.hoursPerson(strings.Join(before[max(0, len(before)-4):], " ") + " " + ph)
		}
	}
	if who == "" || strings.Contains(word, who) {
		return word
	}
	if r.p.Staff.From == "" && r.ind == nil {
		// The people whose hours are kept are the staff.
		r.p.Staff = engine.PlanNoun{One: who, Many: r.lex.Plural(who), Count: r.p.Staff.Count, From: c.phrase}
		r.decide(c.phrase, "/staff", "staff are %s", r.p.Staff.Many)
	}
	return r.lex.Plural(who) + "' " + word
}

// isWorker: a noun of someone who works (a pilot, a driver, a
// technician), not a customer nor an organisation.
func (r *reader) isWorker(sg string) bool {
	if r.lex.ScaleKind(sg) == "staff" {
		return true
	}
	return r.lex.ScaleKind(sg) == "" && !r.lex.Is("org", sg) && !r.lex.Is("counterpart", sg) && r.looksLikeCustomer(sg) && sg != r.p.Customer.One
}
