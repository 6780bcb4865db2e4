package engine

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"maps"
	"math"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/mercury/mcp-world/planet/lexicon"
)

// data/records.json is what the builders know about records, as data:
// whose a record is, what its lifecycle is by what the thing is, and how
// many everyday records a business of its size has.
//
//go:embed data/records.json
var recordsJSON []byte

type recordKnowledge struct {
	Source string `json:"_source"`
	Own    struct {
		Why        string   `json:"_why"`
		Archetypes []string `json:"archetypes"`
	} `json:"own"`
	Goods struct {
		Why        string   `json:"_why"`
		Archetypes []string `json:"archetypes"`
	} `json:"goods"`
	Owned struct {
		Why       string   `json:"_why"`
		Customers []string `json:"customers"`
		States    []string `json:"states"`
		Date      string   `json:"date"`
		// IntakeCues say a thing is the customer's, left with the
		// business for work: "every camera we take in is logged".
		IntakeCues []string `json:"intake_cues"`
	} `json:"owned"`
	// Held is the lifecycle of a credential a person holds (see
	// HeldLifecycle).
	Held struct {
		Why    string   `json:"_why"`
		States []string `json:"states"`
		Cancel string   `json:"cancel"`
		Date   string   `json:"date"`
	} `json:"held"`
	Resources struct {
		Why         string            `json:"_why"`
		ByArchetype map[string]string `json:"by_archetype"`
	} `json:"resources"`
	Sources struct {
		Why  string   `json:"_why"`
		Cues []string `json:"cues"`
	} `json:"sources"`
	Lifecycles []lifecycleRule `json:"lifecycles"`
	PersonOnly struct {
		Why     string   `json:"_why"`
		Columns []string `json:"columns"`
	} `json:"person_only"`
	Volumes map[string]json.RawMessage `json:"volumes"`
	volumes map[string]volume
}

// lifecycleRule gives the lifecycle of records of some archetypes when
// what they are matches: the brief's phrase has one of the cues (a verb
// of making, of ageing), the record's noun is one of nouns, what it is of
// one of of, or it is an animal.
type lifecycleRule struct {
	Why        string   `json:"why"`
	Archetypes []string `json:"archetypes"`
	Cues       []string `json:"cues,omitempty"`
	Nouns      []string `json:"nouns,omitempty"`
	Of         []string `json:"of,omitempty"`
	Animal     bool     `json:"animal,omitempty"`
	States     []string `json:"states"`
	Cancel     string   `json:"cancel,omitempty"`
	FinalKind  string   `json:"final_kind,omitempty"`
	Date       string   `json:"date,omitempty"`
	// SaidAs names a state as the brief does: "quoted and approved by
	// the client" is approved, "signed off by the client" signed_off,
	// where the rule says accepted (state → the brief's words → state).
	SaidAs map[string]map[string]string `json:"said_as,omitempty"`
	// TaxExempt, when set, says why invoices of such records carry no
	// VAT or GST (money lent).
	TaxExempt string `json:"tax_exempt,omitempty"`
	// PrecedesWork: such a record prices work before it is done (a
	// quote), so it is the line of work only when the brief names no
	// other.
	PrecedesWork bool `json:"precedes_work,omitempty"`
}

// PrecedesWork reports whether records of noun price work before it is
// done (quotes, estimates): see lifecycleRule.PrecedesWork.
func PrecedesWork(archetype, noun string) bool {
	return ruleOfNoun(archetype, noun, func(r lifecycleRule) bool { return r.PrecedesWork })
}

// TaxExempt reports whether invoices for records of noun, of archetype,
// carry no tax by what the records are (a loan), whatever the industry.
func TaxExempt(archetype, noun string) bool {
	return ruleOfNoun(archetype, noun, func(r lifecycleRule) bool { return r.TaxExempt != "" })
}

// ruleOfNoun reports whether a lifecycle rule of archetype that lists
// noun (or its last word) among its nouns is one has holds for.
func ruleOfNoun(archetype, noun string, has func(lifecycleRule) bool) bool {
	n := strings.ToLower(noun)
	return slices.ContainsFunc(records().Lifecycles, func(r lifecycleRule) bool {
		return has(r) && slices.Contains(r.Archetypes, archetype) && (slices.Contains(r.Nouns, n) || slices.Contains(r.Nouns, LastWord(n)))
	})
}

type volume struct {
	PerEmployee float64 `json:"per_employee"`
	PerCustomer float64 `json:"per_customer"`
	Min         int     `json:"min"`
	Max         int     `json:"max"`
}

var records = sync.OnceValue(func() *recordKnowledge {
	k := &recordKnowledge{}
	mustDecode("data/records.json", recordsJSON, k)
	k.volumes = map[string]volume{}
	for name, raw := range k.Volumes {
		if name == "_why" {
			continue
		}
		var v volume
		mustDecode("data/records.json: volumes/"+name, raw, &v)
		if v.Min > v.Max {
			panic("engine: data/records.json: volumes/" + name + ": min over max")
		}
		k.volumes[name] = v
	}
	for _, r := range k.Lifecycles {
		if len(r.States) < 2 {
			panic("engine: data/records.json: lifecycle " + r.Why + " needs two states")
		}
	}
	return k
})

// OwnRegister reports whether records of an archetype are the business's
// own (its animals, batches, equipment, stock): no customer is on them.
func OwnRegister(archetype string) bool {
	return slices.Contains(records().Own.Archetypes, archetype)
}

// TakenIn reports whether a sentence says its things are the
// customers', left with the business for work ("every camera or lens we
// take in is logged with its serial number"): a register of them keeps
// each with its owner, not as stock.
func TakenIn(sentence string) bool {
	low := " " + strings.ToLower(sentence) + " "
	return slices.ContainsFunc(records().Owned.IntakeCues, func(c string) bool { return strings.Contains(low, " "+c+" ") })
}

// OwnedByCustomer reports whether a register of animals is of the
// customers' animals, not the business's own: a stable whose customers
// are owners keeps their horses at livery, each with its owner.
func OwnedByCustomer(thing, customer string) bool {
	lex := lexicon.Load()
	if !lex.Is("animal", lex.Singular(LastWord(thing))) {
		return false
	}
	return slices.Contains(records().Owned.Customers, lex.Singular(LastWord(customer)))
}

// OwnedLifecycle is the lifecycle of a customer's animal in the
// business's care: it arrives and is collected; it is not for sale.
func OwnedLifecycle() LifecycleOf {
	o := records().Owned
	return LifecycleOf{States: slices.Clone(o.States), FinalKind: "retired", Date: o.Date, Why: o.Why}
}

// HeldLifecycle is the lifecycle of a credential a person must hold (a
// lifeguard's certificate, a carer's vetting): checked, then verified
// until it expires; one that fails the check is rejected.
func HeldLifecycle() LifecycleOf {
	h := records().Held
	return LifecycleOf{States: slices.Clone(h.States), Cancel: h.Cancel, Date: h.Date, Why: h.Why}
}

// GoodsArchetype reports whether records of an archetype hand goods over
// or keep them (an order, a delivery, a stock batch) rather than being
// work performed for someone.
func GoodsArchetype(archetype string) bool {
	return slices.Contains(records().Goods.Archetypes, archetype)
}

// ResourceNature is what a record's resource is: the lexicon's nature of
// the noun when it knows it, else what the archetype's resources are
// (cables bought from a wholesaler are goods; kayaks booked, equipment).
func ResourceNature(noun, archetype string) string {
	// The lexicon lists goods, intangibles, vehicles and people;
	// "equipment" is its default for a noun it does not know.
	if n := lexicon.Load().Nature(noun); n != "equipment" {
		return n
	}
	if n, ok := records().Resources.ByArchetype[archetype]; ok {
		return n
	}
	return "equipment"
}

// SourceCue reports whether a word of a phrase says what follows is whom
// a record comes from ("from grocery stores").
func SourceCue(w string) bool { return slices.Contains(records().Sources.Cues, w) }

// PersonOnly reports whether a column is one only a person has
// (allergies, date of birth): an organisation customer has none.
func PersonOnly(column, typ string) bool {
	return slices.Contains(records().PersonOnly.Columns, column) || IsBirthColumn(column, typ)
}

// LifecycleOf is what [Lifecycle] knows of a kind of record.
type LifecycleOf struct {
	States []string
	Cancel string
	// FinalKind, when set, is the kind of event reaching the final state
	// is (see [Event.Kind]); Date the record's date column ("made_on").
	FinalKind, Date string
	Why             string
	// OfNoun is whether the record's own noun chose it ("loan",
	// "quote"), not a cue of the phrase or what the record is of.
	OfNoun bool
}

// Lifecycle is the lifecycle of records of an archetype by what they
// are: entity is the record's noun ("batch"), of what it is of ("cheese",
// "season ticket"), phrase the brief's words for it ("we make cheese in
// batches that we age"). ok is false when nothing is known beyond the
// archetype's own lifecycle.
func Lifecycle(archetype, entity, of, phrase string) (lc LifecycleOf, ok bool) {
	lex := lexicon.Load()
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(phrase), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r == '-' || r >= 0x80)
	}) {
		words[w] = true
	}
	head := func(n string) string { return LastWord(strings.ToLower(n)) }
	isOne := func(n string, list []string) bool {
		n = strings.ToLower(n)
		return n != "" && (slices.Contains(list, n) || slices.Contains(list, head(n)))
	}
	for _, r := range records().Lifecycles {
		if !slices.Contains(r.Archetypes, archetype) {
			continue
		}
		match := len(r.Cues) == 0 && len(r.Nouns) == 0 && len(r.Of) == 0 && !r.Animal
		if len(r.Cues) > 0 && slices.ContainsFunc(r.Cues, func(c string) bool { return words[c] }) {
			match = true
		}
		ofNoun := len(r.Nouns) > 0 && isOne(entity, r.Nouns)
		match = match || ofNoun
		if len(r.Of) > 0 && isOne(of, r.Of) {
			match = true
		}
		if r.Animal && (lex.Is("animal", strings.ToLower(entity)) || lex.Is("animal", head(entity))) {
			match = true
		}
		if match {
			states := slices.Clone(r.States)
			low := " " + strings.Join(strings.FieldsFunc(strings.ToLower(phrase), func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 0x80) }), " ") + " "
			for i, st := range states {
				// The brief's word for it, the first the rule lists that
				// the phrase says, unless it says the rule's own
				// ("accepted the quote").
				if len(r.SaidAs[st]) == 0 || strings.Contains(low, " "+strings.TrimSuffix(st, "ed")) {
					continue
				}
				for _, said := range slices.Sorted(maps.Keys(r.SaidAs[st])) {
					if strings.Contains(low, " "+said+" ") {
						states[i] = r.SaidAs[st][said]
						break
					}
				}
			}
			return LifecycleOf{States: states, Cancel: r.Cancel, FinalKind: r.FinalKind, Date: r.Date, Why: r.Why, OfNoun: ofNoun}, true
		}
	}
	return LifecycleOf{}, false
}

// Volume is how many rows of an everyday record (helpdesk tickets, chat
// messages, emails, calendar events, work items, orders) a business of
// the world's size has in the seed: per employee and per customer, within
// the kind's floor and ceiling, give or take a fifth.
func (g *Gen) Volume(kind string) int {
	v, ok := records().volumes[kind]
	if !ok {
		panic("engine: no volume " + kind)
	}
	emp := 1
	customers := 0
	if g.Plan != nil {
		emp = max(1, g.Plan.Company.Employees)
		customers = g.Plan.Customer.Count
	}
	if c := g.Entity("customer"); c != nil && customers == 0 {
		customers = len(c.Rows)
	}
	n := v.PerEmployee*float64(emp) + v.PerCustomer*float64(customers)
	n *= 0.8 + 0.4*g.R.Float64()
	return min(v.Max, max(v.Min, int(math.Round(n))))
}

// mustDecode decodes embedded data strictly (no unknown fields); the data
// ships with the binary, so an error is a bug of ours.
func mustDecode(name string, data []byte, v any) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		panic("engine: " + name + ": " + err.Error())
	}
}

// SentenceOf is the sentence of text that holds phrase ("we send an
// estimate" in "…; we send an estimate and start only once the customer
// approves it"), or phrase when none does: what a record's lifecycle
// reads its words from.
func SentenceOf(text, phrase string) string {
	if phrase == "" {
		return ""
	}
	low := strings.ToLower(phrase)
	for _, s := range sentenceEnd.Split(text, -1) {
		if strings.Contains(strings.ToLower(s), low) {
			return s
		}
	}
	return phrase
}

var sentenceEnd = regexp.MustCompile(`[.;!?\n]+`)
