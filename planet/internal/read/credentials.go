package read

import (
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
)

// everyone are the words for all the staff at once ("everyone serving
// alcohol needs a current RSA certificate").
var everyone = []string{"everyone", "everybody", "anyone", "anybody"}

// credentials reads what a person must hold to do the work or take part
// (lexicon.Credentials): "every lifeguard must hold a valid certificate",
// "each carer must have Garda vetting before the first visit", "every
// angler needs a valid rod licence", "a volunteer coach with a police
// vet". Each is a record of documents held by that person, with the date
// it expires; the record read from the same clause by its verb or noun
// ("valid certificates", rod licences as contracts) is replaced by it.
// Whose records they are (the staff's, people the brief names, the
// customers') is settled when the services are (see credentialHolder).
func (r *reader) credentials(caps []capability) []capability {
	for _, clause := range clauseSplit().Split(r.desc, -1) {
		holder, doc, ok := r.credentialIn(words(clause))
		if !ok {
			continue
		}
		phrase := strings.TrimSpace(clause)
		r.holders = append(r.holders, countedParty{holder, phrase})
		c := capability{phrase: phrase, archetype: "documents", entity: doc, role: "entity", holder: holder,
			fields: []string{"expiry_date"}, types: map[string]string{"expiry_date": "date"}}
		head := engine.LastWord(doc)
		i := slices.IndexFunc(caps, func(x capability) bool {
			return x.phrase == phrase && (x.entity == "" || strings.Contains(x.entity, head) || strings.Contains(doc, engine.LastWord(x.entity)))
		})
		if i < 0 {
			caps = append(caps, c)
			continue
		}
		c.fields = union(c.fields, caps[i].fields)
		c.flags = caps[i].flags
		caps[i] = c
	}
	return caps
}

// credentialIn reads a clause that says a person must hold something:
// the holder's noun (singular, or "everyone" for all the staff) and the
// credential's name, without the word that says it is in force. The
// credential is one by its last word (a licence, a vetting), or anything
// said to be "valid" or "current" after a verb of holding; a lone
// generic noun is named by its holder ("lifeguard certificate").
func (r *reader) credentialIn(ws []string) (holder, doc string, ok bool) {
	cr := r.lex.Credentials
	// "… a volunteer coach with a police vet": a person with one.
	if w := slices.Index(ws, "with"); w > 0 {
		if who := r.singularPerson(ws[w-1]); who != "" {
			if d, qualified := r.credentialNoun(ws[w+1:]); d != "" && (qualified || r.isCredential(d)) {
				return who, r.namedByHolder(d, who), true
			}
		}
	}
	k := slices.IndexFunc(ws, func(w string) bool { return slices.Contains(cr.Verbs, w) })
	if k < 1 {
		return "", "", false
	}
	// The modal before the verb ("must", "has to"), then the holder.
	end := k
	for _, m := range cr.Modals {
		mw := strings.Fields(m)
		if end >= len(mw) && slices.Equal(ws[end-len(mw):end], mw) {
			end -= len(mw)
			break
		}
	}
	start := 0
	for start < end && (ws[start] == "every" || ws[start] == "each" || ws[start] == "all" || ws[start] == "any" || ws[start] == "our" || ws[start] == "the") {
		start++
	}
	if start >= end {
		return "", "", false
	}
	switch {
	case slices.Contains(everyone, ws[start]):
		holder = "everyone"
	case end-start <= 3:
		holder = r.singularPerson(ws[end-1])
		// ("every subcontractor must hold valid insurance": a firm
		// holds one too.)
		if sg := r.lex.Singular(ws[end-1]); holder == "" && (r.lex.Is("org", sg) || r.lex.Is("counterpart", sg)) {
			holder = sg
		}
	}
	if holder == "" {
		return "", "", false
	}
	d, qualified := r.credentialNoun(ws[k+1:])
	if d == "" || !qualified && !r.isCredential(d) {
		return "", "", false
	}
	// ("every client has a care plan": what a person has is theirs, but
	// no credential unless it is one or is said to be valid.)
	if (ws[k] == "has" || ws[k] == "have") && !r.isCredential(d) {
		return "", "", false
	}
	return holder, r.namedByHolder(d, holder), true
}

// credentialNoun is the noun phrase a credential is named by at the start
// of ws, after its determiner, and whether a qualifier said it is in
// force ("a valid rod licence" → rod licence, true). It ends where a stop
// word does ("Garda vetting before the first visit"), and is "" when it
// is no record (a deposit, a booking, a person).
func (r *reader) credentialNoun(ws []string) (string, bool) {
	j := 0
	for j < len(ws) && r.lex.Is("det", ws[j]) && !slices.Contains(everyone, ws[j]) {
		j++
	}
	qualified := false
	for j < len(ws) && slices.Contains(r.lex.Credentials.Qualifiers, ws[j]) {
		qualified = true
		j++
	}
	e := j
	for e < len(ws) && e < j+4 && !r.lex.Is("stop", ws[e]) && !r.lex.Is("det", ws[e]) && !isNumber(ws[e]) {
		e++
	}
	if e == j {
		return "", false
	}
	np := slices.Clone(ws[j:e])
	np[len(np)-1] = r.lex.Singular(np[len(np)-1])
	head, name := np[len(np)-1], strings.Join(np, " ")
	if r.isPerson(head) && !r.isCredential(name) || r.lex.Is("vague", head) {
		return "", false
	}
	switch r.lex.NounArchetype(head) {
	case "", "documents", "contracts":
	default:
		if !r.isCredential(name) {
			return "", false
		}
	}
	return name, qualified
}

// isCredential reports whether a noun phrase names a credential by its
// last one or two words.
func (r *reader) isCredential(np string) bool {
	ws := strings.Fields(np)
	nouns := r.lex.Credentials.Nouns
	if len(ws) >= 2 && slices.Contains(nouns, strings.Join(ws[len(ws)-2:], " ")) {
		return true
	}
	return len(ws) > 0 && slices.Contains(nouns, ws[len(ws)-1])
}

// singularPerson is the singular of a plural or singular word for
// people ("lifeguards", "carer"), "" for a thing or an organisation.
func (r *reader) singularPerson(w string) string {
	sg := r.lex.Singular(w)
	if r.lex.Is("org", sg) || r.lex.Is("vague", sg) || r.lex.Is("stop", sg) || r.lex.Is("det", sg) {
		return ""
	}
	if r.lex.ScaleKind(sg) == "staff" || r.lex.ScaleKind(sg) == "customers" || r.lex.Nature(sg) == "person" || r.lex.Is("people_kind", sg) || r.lex.Is("tradesperson", sg) {
		return sg
	}
	if k := r.lex.ScaleKind(sg); k != "" || r.lex.NounArchetype(sg) != "" {
		return ""
	}
	if r.looksLikeCustomer(sg) {
		return sg
	}
	return ""
}

// namedByHolder names a lone generic credential by whose it is: a
// lifeguard's certificate is a "lifeguard certificate".
func (r *reader) namedByHolder(doc, holder string) string {
	if strings.Contains(doc, " ") || holder == "everyone" || !slices.Contains([]string{"certificate", "certification", "licence", "license", "permit", "qualification", "accreditation", "registration", "clearance", "card"}, doc) {
		return doc
	}
	return holder + " " + doc
}

// credentialHolder is whom a credential's records are with (see
// credentials): "" for the customers' own (an angler's rod licence is the
// customer's), else the staff's noun or the people the brief names.
func (r *reader) credentialHolder(holder string) string {
	if holder == "everyone" || holder == r.p.Staff.One || holder == engine.LastWord(r.p.Staff.One) {
		return r.p.Staff.One
	}
	if r.isCustomerWord(holder) || r.lex.ScaleKind(holder) == "customers" {
		return ""
	}
	return holder
}
