package engine

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/lexicon"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

// Vocab is an industry's words for the generic business entities, so that a
// dental clinic's CRM holds patients with insurers and a forwarder's holds
// shippers with incoterms: different tables and tools, not renamed copies.
type Vocab struct {
	Customer Noun
	Staff    Noun
	Work     Noun
	Offering Noun
	// States is the work item's lifecycle, first to final; Cancel is the
	// terminal state off the main path ("cancelled"), or "".
	States []string
	Cancel string
	Unit   string // the offering's unit: "per hour", "per night"
	Items  []Item
}

// Noun names an entity and the columns particular to the industry.
type Noun struct {
	One   string // "patient"
	Many  string // "patients"
	Extra []Extra
}

// Extra is an industry-specific column; Values makes it an enum.
type Extra struct {
	Name   string
	Type   string
	Values []string
}

// Item is one offering with a price range in major units (EUR-equivalent).
// Name is in the world's language; Source is the catalog's English name
// when Name is its translation (seed.Translate), for rules that read
// English words in a name.
type Item struct {
	Name     string
	Min, Max float64
	Source   string
}

// English is the item's English name, for rules that read its words
// ("per word", "membership"); the world shows Name.
func (it Item) English() string {
	if it.Source != "" {
		return it.Source
	}
	return it.Name
}

// Term is a catalogue item, supply, unit or job title in the world's
// language (see seed.Translate).
func (g *Gen) Term(s string) string { return seed.Translate(g.Locale.C.Locale, s) }

// JobTitles are the job titles of the company's industry, most common
// first, in the world's language; nil for an industry without a pack.
func (g *Gen) JobTitles() []string {
	ind, ok := IndustryByID(g.Scenario.Industry)
	if !ok {
		return nil
	}
	var out []string
	for _, j := range ind.JobTitles {
		out = append(out, g.Term(j))
	}
	return out
}

// LocalItem is a catalog item, supply or part named in the world's
// language.
func LocalItem(lang, name string, lo, hi float64) Item {
	it := Item{Name: seed.Translate(lang, name), Min: lo, Max: hi}
	if it.Name != name {
		it.Source = name
	}
	return it
}

// Columns returns the extra columns as bundle columns, each with its
// semantic kind; money is stored as an integer in minor units whatever
// type the catalog gives it.
func (n Noun) Columns() []world.Column {
	var cols []world.Column
	for _, e := range n.Extra {
		c := world.Column{Name: e.Name, Type: e.Type}
		if len(e.Values) > 0 {
			c.Enum = make([]any, len(e.Values))
			for i, v := range e.Values {
				c.Enum[i] = v
			}
			if e.Name == "authority" {
				c.Description = "The authority it goes to: " + strings.Join(e.Values, ", ") + "."
			}
		} else if r, ok := seed.RuleForType(e.Name, e.Type); ok {
			c.Kind = string(r.Kind)
			if r.IsMoney() {
				c.Type = "integer"
				c.Description = "In minor units of the company currency."
			}
		}
		if e.DecidedLater() {
			c.Nullable = true
			c.Description = strings.TrimSpace(c.Description + " Empty until the record is decided.")
		}
		if e.Unrecorded() {
			c.Nullable = true
			c.Description = strings.TrimSpace(c.Description + " Not kept on older records.")
		}
		cols = append(cols, c)
	}
	return cols
}

// DecidedLater reports whether the column holds what a decision sets
// (an approved amount, at most what was claimed): empty before it.
func (e Extra) DecidedLater() bool {
	r, ok := seed.RuleForType(e.Name, e.Type)
	return ok && r.AtMost != "" && len(e.Values) == 0
}

// Unrecorded reports whether the column is text the brief names that no
// pool, kind, pattern or party knows ("groupset", "calibre"): the seed
// leaves it empty rather than fill it from another kind's pool (a note
// such as "Confirmed by phone"), and the tools write it from now on.
func (e Extra) Unrecorded() bool {
	if len(e.Values) > 0 || e.Type != "text" || noteLike(e.Name) {
		return false
	}
	if _, ok := seed.RuleForType(e.Name, e.Type); ok {
		return false
	}
	if _, isRef := referenceName(e.Name); isRef {
		return false
	}
	return PartyKind(e.Name, e.Type) == "" && len(seed.LexiconFor("en").Pool(e.Name)) == 0
}

// noteLike reports whether a column is a note by its name ("notes",
// "access_instructions"): free text, which the note pool fills.
func noteLike(name string) bool {
	last := name[strings.LastIndexByte(name, '_')+1:]
	return slices.Contains([]string{"note", "notes", "comment", "comments", "remark", "remarks", "instructions", "request", "requests", "details", "description", "feedback"}, last)
}

// Value makes a value for an extra column of row, drawn from the pool of
// the column's kind; st is the row's place in its lifecycle, which dates
// follow.
func (e Extra) Value(g *Gen, row Row, st seed.Stage) any {
	if len(e.Values) > 0 {
		return Pick(g.R, e.Values)
	}
	if e.Type == "boolean" {
		// "approved_by_committee": an approval is given before a record
		// goes ahead and stands once it is done; a record not started
		// or turned down has none.
		if Approval(e.Name) && st != seed.NoStage {
			return st == seed.Underway || st == seed.Done
		}
		return g.R.IntN(3) == 0
	}
	if e.Unrecorded() {
		return nil
	}
	r, ok := seed.RuleForType(e.Name, e.Type)
	if !ok && e.Type == "text" {
		// "waste_tracking_certificate": a paper's number, not a note.
		if v, isRef := ReferenceValue(g, e.Name); isRef {
			return v
		}
	}
	if !ok {
		// A column no rule covers gets a neutral note, never a value
		// from another kind's pool (see seed/data/kinds.json), unless
		// it names a party: a designer is a person, a wholesaler a firm.
		r = seed.Rule{Kind: cmp.Or(PartyKind(e.Name, e.Type), seed.Note)}
	}
	typ := e.Type
	if r.IsMoney() {
		typ = "integer"
	}
	if e.Type == "email" && r.Kind != seed.OrgEmail {
		given, family, _ := g.Locale.C.PersonName(g.R)
		return g.Locale.Email(given, family, Pick(g.R, freeMail))
	}
	return g.Locale.Src().Value(e.Name, r, typ, row, st)
}

// PartyKind is the kind of a text column named for a party of the
// brief ("designer", "tour_operator", "wholesaler"): a company's name for
// an organisation, a person's for a person, "" for anything else.
func PartyKind(name, typ string) seed.Kind {
	if typ != "text" && typ != "" {
		return ""
	}
	lex := lexicon.Load()
	// ("owners": the last word of the name, one of them.)
	w := lex.Singular(name[strings.LastIndexByte(name, '_')+1:])
	switch {
	case lex.Is("org", w) || lex.Is("counterpart", w):
		return seed.CompanyName
	case lex.Is("animal", w):
		// "logged per horse": an animal has a pet's name, not a person's.
		return seed.PetName
	case lex.ScaleKind(w) == "customers" || lex.ScaleKind(w) == "staff" || personNoun(w):
		return seed.PersonName
	}
	return ""
}

// personNoun: a noun of a person by its ending ("designer", "landowner",
// "farrier", "pharmacist").
func personNoun(w string) bool {
	for _, suf := range []string{"er", "or", "ist", "ian", "ant", "ee", "owner"} {
		if strings.HasSuffix(w, suf) && len(w) > len(suf)+2 {
			return true
		}
	}
	return false
}

// freeMail are the mail providers private people use.
var freeMail = []string{"gmail.com", "outlook.com", "yahoo.com", "icloud.com", "proton.me"}

// StageOf places a work item's status in its lifecycle.
func StageOf(v *Vocab, status any) seed.Stage {
	return StageIn(v.States, v.Cancel, status)
}

// StageIn places a status in the lifecycle states (then cancel).
func StageIn(states []string, cancel string, status any) seed.Stage {
	switch {
	case status == cancel && cancel != "":
		return seed.Cancelled
	case len(states) == 0:
		return seed.NoStage
	case status == states[0]:
		return seed.Planned
	case status == states[len(states)-1]:
		return seed.Done
	}
	return seed.Underway
}

// Approval reports whether a yes/no column records an approval
// ("approved", "approved_by_committee"): the reader writes an
// approver's approval so.
func Approval(name string) bool {
	return name == "approved" || strings.HasPrefix(name, "approved_by_")
}

// referenceWords end the names of columns that hold a reference number:
// "serial_number", "pawn_ticket", "waste_tracking_certificate".
var referenceWords = []string{"number", "serial", "no", "code", "tag", "ticket", "reference", "ref", "id", "certificate", "permit", "licence", "license", "passport"}

// ReferenceValue makes a reference number for a column whose name says it
// holds one ("CE-48213" for a certificate); false for any other column.
func ReferenceValue(g *Gen, name string) (string, bool) {
	if _, ok := referenceName(name); !ok {
		return "", false
	}
	return fmt.Sprintf("%s-%05d", strings.ToUpper(name[:min(2, len(name))]), 10000+g.R.IntN(89999)), true
}

// referenceName reports whether a column's name says it holds a
// reference number, and the word that says so.
func referenceName(name string) (string, bool) {
	for _, w := range referenceWords {
		if name == w || strings.HasSuffix(name, "_"+w) {
			return w, true
		}
	}
	return "", false
}
