package read

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// approverRe finds who approves a record: "once the loan committee
// approves", "a finance company that approves each loan", "need board
// approval", "signed off by the supervisor". The approver is group 1, 2
// or 3.
var approverRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:the|a|an|our|their|its)\s+((?:[\p{L}-]+\s+)?[\p{L}-]+?)\s+(?:that\s+|who\s+)?(?:approves?|signs?\s+off)\b|\bneeds?\s+(?:(?:the|a|an)\s+)?((?:[\p{L}-]+\s+)?[\p{L}-]+?)(?:['’]s)?\s+(?:approval|sign-off)\b|\b(?:approved|signed\s+off|authori[sz]ed)\s+by\s+(?:the|a|an|our|their|its)\s+((?:[\p{L}-]+\s+)?[\p{L}-]+)`)
})

var (
	dueRe = sync.OnceValue(func() *regexp.Regexp {
		// ("its next maintenance due by hours flown": the next one's due.)
		return regexp.MustCompile(`\b(?:is|are|falls?|comes?|becomes?)\s+due\b|\bdue\s+(?:date|again)\b|\bnext\s+[\p{L}-]+\s+due\b`)
	})
	expiresRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(?:expires?|lapses?|runs out)\b`) })
)

// approvals reads what a sentence says of a record after naming it: who
// must approve it before it goes ahead ("once the loan committee
// approves" → a loan's approved_by_committee), when it falls due or
// expires (next_due_on, expiry_date), and the states said after it
// ("loans more than two weeks in arrears" → in_arrears). A sentence that
// names none of the records read is left alone: what it says is of
// nothing the world keeps.
func (r *reader) approvals(caps []capability) []capability {
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		low := strings.ToLower(sentence)
		for _, m := range approverRe().FindAllStringSubmatchIndex(low, -1) {
			var who string
			for g := 1; g <= 3; g++ {
				if m[2*g] >= 0 {
					who = low[m[2*g]:m[2*g+1]]
				}
			}
			approver := r.approver(strings.Fields(who))
			if approver == "" {
				continue
			}
			// The record approved: the one named after the verb ("approves
			// each loan"), else the nearest named before it.
			i := r.recordNamed(caps, low[m[1]:], "")
			// ("members can borrow … once the loan committee approves":
			// the record its clause read by its verb, else the one named
			// last before.)
			if i < 0 {
				i = slices.IndexFunc(caps, func(c capability) bool {
					return c.archetype != "" && !c.swept && c.phrase != "" && strings.Contains(strings.ToLower(c.phrase), low[m[0]:m[1]])
				})
			}
			if i < 0 {
				i = r.recordNamed(caps, "", low[:m[0]])
			}
			if i >= 0 {
				caps[i].flags = union(caps[i].flags, []string{"approved by " + approver})
			}
		}
		// "remind customers when the recalibration is due", "ten-visit
		// passes expire after a year", "book the check before it
		// expires": the record has the date.
		for _, d := range []struct {
			re    *regexp.Regexp
			field string
		}{{dueRe(), "next_due_on"}, {expiresRe(), "expiry_date"}} {
			if m := d.re.FindStringIndex(low); m != nil {
				i := r.recordNamed(caps, "", low[:m[0]])
				if i >= 0 && !slices.ContainsFunc(caps[i].fields, func(f string) bool {
					return strings.Contains(f, "due") || strings.Contains(f, "expir") || strings.Contains(f, "valid")
				}) {
					caps[i].fields = append(caps[i].fields, d.field)
					if caps[i].types == nil {
						caps[i].types = map[string]string{}
					}
					caps[i].types[d.field] = "date"
				}
			}
		}
		for _, cond := range r.lex.TrailingConditions {
			at := strings.Index(low, " "+cond)
			if at < 0 {
				continue
			}
			// ("loans more than two weeks in arrears": the record is
			// before the state, in its clause.)
			before := low[:at]
			if j := strings.LastIndexAny(before, ",;:"); j >= 0 {
				before = before[j+1:]
			}
			if i := r.recordNamed(caps, "", before); i >= 0 {
				caps[i].flags = union(caps[i].flags, []string{cond})
			}
		}
	}
	return caps
}

// approver is the approver a phrase names: its head ("loan committee"
// is the committee), else its last two words where the lexicon knows
// them together ("finance company"); "" when it names none.
func (r *reader) approver(ws []string) string {
	if len(ws) == 0 {
		return ""
	}
	head := r.lex.Singular(ws[len(ws)-1])
	if r.lex.Is("approver", head) {
		return head
	}
	if len(ws) > 1 && r.lex.Is("approver", ws[len(ws)-2]+" "+head) {
		return ws[len(ws)-2] + " " + head
	}
	return ""
}

// recordNamed is the index of the capability whose record after names
// first (within its first words) or, failing that, before names last; -1
// when neither names one.
func (r *reader) recordNamed(caps []capability, after, before string) int {
	names := func(c capability) []string {
		var out []string
		for _, n := range []string{c.entity, c.resource} {
			if n != "" {
				out = append(out, n, r.lex.Plural(n))
			}
		}
		return out
	}
	// ("approves each loan": the object of the verb, not the next
	// clause's record.)
	if ws := strings.Fields(after); len(ws) > 1 && slices.Contains([]string{"each", "every", "all", "the", "a", "an", "any", "its", "their"}, ws[0]) {
		head := strings.Join(ws[:min(3, len(ws))], " ")
		for i, c := range caps {
			if c.archetype != "" && slices.ContainsFunc(names(c), func(n string) bool { return ContainsWord(head, n) }) {
				return i
			}
		}
	}
	best, at := -1, -1
	for i, c := range caps {
		if c.archetype == "" {
			continue
		}
		for _, n := range names(c) {
			if j := lastWordIndex(before, n); j > at {
				best, at = i, j
			}
		}
	}
	return best
}

// lastWordIndex is where the last whole-word n is in s (whole as
// ContainsWord reads it), or -1.
func lastWordIndex(s, n string) int {
	for j := strings.LastIndex(s, n); j >= 0; j = strings.LastIndex(s[:j], n) {
		if ContainsWord(s[max(0, j-1):min(len(s), j+len(n)+1)], n) {
			return j
		}
	}
	return -1
}
