package lexicon

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
)

//go:embed data/*.json
var dataFS embed.FS

// Noun is a singular and a plural.
type Noun struct {
	One  string `json:"one"`
	Many string `json:"many"`
}

// Archetype is one kind of service, defined once: the engine builds it
// for whatever nouns a plan gives it.
type Archetype struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	// Entity is the record it keeps when the brief names no noun.
	Entity Noun `json:"entity"`
	// States is the record's lifecycle, first to final; Cancel the
	// terminal state off the main path.
	States []string `json:"states,omitempty"`
	Cancel string   `json:"cancel,omitempty"`
	// DoneKind is the event kind of reaching the final state ("done",
	// "paid", "closed"), which says which downstream actions follow it.
	DoneKind string `json:"done_kind,omitempty"`
	// Money names the record's amount column, "" when it has none.
	Money string `json:"money,omitempty"`
	// Date names the record's date column.
	Date string `json:"date,omitempty"`
	// Staff is who does the work when the archetype is the business's
	// own line of work.
	Staff Noun   `json:"staff,omitempty"`
	Unit  string `json:"unit,omitempty"`
	// Native lists the nouns the archetype's own builder models as they
	// are (an invoice is what billing keeps).
	Native []string `json:"native,omitempty"`
	// Generic are the nouns that name the record itself whatever the
	// brief's word for it: a courier's "delivery" is its parcel's, a
	// garage's "job" is its repair.
	Generic []string `json:"generic,omitempty"`
	// Then is the policy clause of a record made for an upstream record:
	// {an_entity} and {service} are filled in.
	Then string `json:"then,omitempty"`
	// Builder names the registered service builder that models the
	// archetype with its native nouns; "" means the generic record builder.
	Builder string `json:"builder,omitempty"`
	// Horizontal archetypes are services most businesses have.
	Horizontal bool `json:"horizontal,omitempty"`
	// Follows: a record is made for each finished item of the line of
	// work (an aftercare reminder after a session, a permit for a flight).
	Follows bool `json:"follows,omitempty"`
	// Counterparty is who the records are with when it is not the
	// customer: "supplier" for what the business buys (purchase orders go
	// to suppliers, not to the CRM's customers).
	Counterparty string `json:"counterparty,omitempty"`
	// LineOfWork archetypes can be a business's main line of work.
	LineOfWork bool `json:"line_of_work,omitempty"`
	// LineRank orders the line-of-work archetypes a brief names: the
	// lowest is the line of work (a studio that books sessions and keeps
	// consent forms is in bookings, its forms a record beside them).
	LineRank int `json:"line_rank,omitempty"`
}

// Verb is a verb that names a capability. Role says what its object is:
// "entity" (the record itself: "dispatches call-outs"), "resource" (what
// is booked: "rents kayaks" → rentals of kayaks), "offering" (what is sold
// or moved: "sells bread" → orders of bread) or "subject" (what the work
// is on: "repairs boilers" → repairs of boilers). Entity is the record
// noun for the roles other than "entity".
//
// ByCustomer is the verb read when the clause's subject is the customer:
// "we buy beans from members" are purchase orders, "skiers buy day
// passes" are orders (a sale) of day passes.
//
// OfThing is the verb read when its object is a thing, not a person:
// "we hire seasonal guides" is hiring staff, "builders hire breakers"
// a hire of breakers; "we lend to farmers" is a loan of money, "we
// lend tools" a loan of tools.
type Verb struct {
	Verb       string `json:"verb"`
	Archetype  string `json:"archetype"`
	Role       string `json:"role"`
	Entity     string `json:"entity,omitempty"`
	ByCustomer *Verb  `json:"by_customer,omitempty"`
	OfThing    *Verb  `json:"of_thing,omitempty"`
}

// NounEntry says which archetype keeps records of a noun.
type NounEntry struct {
	Noun      string `json:"noun"`
	Archetype string `json:"archetype"`
}

// Measures are verbs that leave a measure on the record of a thing:
// "grade every truffle" gives the truffle's record a grade, and what a
// thing is tested for or graded by ("for weight and roundness", "by
// size") are fields of it too.
type Measures struct {
	Source string    `json:"_source"`
	Verbs  []Measure `json:"verbs"`
	// Values are the outcomes of the measures that have a few ("grade":
	// A, B, C, reject; "result": pass, fail).
	Values []struct {
		Field  string   `json:"field"`
		Values []string `json:"values"`
	} `json:"values"`
	// CoordinatedHeads are the records a brief names for two kinds at
	// once: "farrier and vet visits" are farrier visits and vet visits.
	CoordinatedHeads []string `json:"coordinated_heads"`
	// Manners follow "by" or "for" without being a measure ("sorted by
	// hand", "tested for the customer").
	Manners []string `json:"manners"`
}

// FieldType is the type of a field named by the brief: by its last word
// ("strength" real, "fill_date" date), else text.
func (l *Lexicon) FieldType(field string) string {
	// ("harvest_area" names a place, though a floor area is a number.)
	if slices.Contains(l.FieldTypes["text"], field) {
		return "text"
	}
	last := field[strings.LastIndexByte(field, '_')+1:]
	for _, typ := range []string{"date", "real", "integer"} {
		if slices.Contains(l.FieldTypes[typ], last) {
			return typ
		}
	}
	return "text"
}

// MeasureValues returns the usual outcomes of a measure field, nil when
// it has no short list (a weight, a depth).
func (l *Lexicon) MeasureValues(field string) []string {
	for _, v := range l.Measures.Values {
		if v.Field == field {
			return slices.Clone(v.Values)
		}
	}
	return nil
}

// Measure is one verb of measuring and the field it leaves ("" when it
// leaves only what follows "for" or "by": "sort by fineness").
type Measure struct {
	Verb  string `json:"verb"`
	Field string `json:"field,omitempty"`
	// Quantities: what a thing is measured for is a number ("tested for
	// alpha acid and moisture").
	Quantities bool `json:"quantities,omitempty"`
}

// MeasureOf returns the measure a verb lemma is, if it is one.
func (l *Lexicon) MeasureOf(lemma string) (Measure, bool) {
	for _, m := range l.Measures.Verbs {
		if m.Verb == lemma {
			return m, true
		}
	}
	return Measure{}, false
}

// Scale lists nouns whose count gives a business's size of one kind:
// "locations", "vehicles", "staff" or "customers".
type Scale struct {
	Kind  string   `json:"kind"`
	Nouns []string `json:"nouns"`
}

// VehicleKind is a kind of vehicle: its name, the other words owners
// use for it, and models sold for that use.
type VehicleKind struct {
	Kind   string   `json:"kind"`
	Also   []string `json:"also"`
	Models []string `json:"models"`
}

// Headcount is a phrase of a business's size and the people it means.
type Headcount struct {
	Phrase string `json:"phrase"`
	Min    int    `json:"min"`
	Max    int    `json:"max"`
}

// ProductionRun is a noun of one run of making. A generic one ("batch",
// "lot", "run") says nothing of the making, so its table is named
// "production_batches", not "batches".
type ProductionRun struct {
	Run     string `json:"run"`
	Generic bool   `json:"generic,omitempty"`
}

// RunYield is the output per unit of input of a kind of run: "pressing"
// kilos of olives in, litres of oil out, 0.13-0.20. Run and Of, when
// given, must match (Of: a word of what goes in or comes out).
type RunYield struct {
	Run   string     `json:"run,omitempty"`
	In    string     `json:"in"`
	Out   string     `json:"out"`
	Of    []string   `json:"of,omitempty"`
	Range [2]float64 `json:"range"`
}

// ProductionRun returns the run noun entry of a singular noun.
func (l *Lexicon) ProductionRun(noun string) (ProductionRun, bool) {
	for _, r := range l.ProductionRuns {
		if r.Run == noun {
			return r, true
		}
	}
	return ProductionRun{}, false
}

// RunYield returns the plausible output per unit of input of a run of
// noun, from in-units to out-units, of the things named (the words of
// what goes in and comes out). ok is false when no entry fits and the
// units differ; the same unit falls back to 0.85-0.98.
func (l *Lexicon) RunYield(run, in, out string, things []string) ([2]float64, bool) {
	if u, ok := l.RunUnits[in]; ok {
		in = u
	}
	if u, ok := l.RunUnits[out]; ok {
		out = u
	}
	for _, y := range l.RunYields {
		if y.Run != "" && y.Run != run || y.In != in || y.Out != out {
			continue
		}
		if len(y.Of) > 0 && !slices.ContainsFunc(things, func(t string) bool { return slices.Contains(y.Of, t) }) {
			continue
		}
		return y.Range, true
	}
	if in != "" && in == out {
		return [2]float64{0.85, 0.98}, true
	}
	return [2]float64{}, false
}

// Reactors lists the reacting services a composed world and a pack's
// world draw from, in draw order.
type Reactors struct {
	Composed []string `json:"composed"`
	Pack     []string `json:"pack"`
}

// Lexicon is the capability lexicon and the archetypes.
type Lexicon struct {
	Source           string            `json:"_source"`
	Verbs            []Verb            `json:"verbs"`
	Nouns            []NounEntry       `json:"nouns"`
	CompoundHeads    []string          `json:"compound_heads"`
	StopWords        []string          `json:"stop_words"`
	Determiners      []string          `json:"determiners"`
	IrregularPlurals map[string]string `json:"irregular_plurals"`
	Scale            []Scale           `json:"scale"`
	CustomerCues     []string          `json:"customer_cues"`
	Organisations    []string          `json:"organisations"`
	Counterparts     []string          `json:"counterparts"`
	Currencies       map[string]string `json:"currencies"`
	MultiCurrency    []string          `json:"multi_currency"`
	// IndustryModifiers may stand beside an industry's name without
	// making it another industry ("boutique hotel").
	IndustryModifiers []string `json:"industry_modifiers"`
	// NotPlaces are capitalised words after "in" that are no city.
	NotPlaces []string `json:"not_places"`
	// Upfront are charges taken before the work goes ahead ("deposit",
	// "advance"); PrecedeCues are words of a clause that say a record is
	// due before it ("before", "up front", "at booking").
	Upfront     []string `json:"upfront"`
	PrecedeCues []string `json:"precede_cues"`
	// FollowCues are words of a clause that say a record of other work
	// comes after the line of work ("after", "once", "on completion"):
	// only then does a record of a line-of-work archetype follow it.
	FollowCues []string `json:"follow_cues"`
	// DueBefore are records due before the work goes ahead, whatever
	// the clause says ("consent form", "waiver", "permit").
	DueBefore []string `json:"due_before"`
	// AnyWork are words any business uses for a unit of its work ("every
	// job starts with a quote" at a sign maker whose work is orders):
	// alone, they name the line of work, whatever its archetype.
	AnyWork []string `json:"any_work"`
	// VagueNouns are words after a verb that name no record ("cancelled
	// for weather", "every morning", "the rest").
	VagueNouns []string `json:"vague_nouns"`
	// PriceUnits are what a price is given per ("paid by the kilo",
	// "per night", "by cubic metre"): a record priced so has a quantity
	// of them.
	PriceUnits []string `json:"price_units"`
	// GenericVerbs say little of what is done to a record ("keep",
	// "take", "book"): no yes/no field of it.
	GenericVerbs []string `json:"generic_verbs"`
	// IrregularVerbs maps past forms to lemmas ("paid" → "pay", "sold"
	// → "sell"), and regular ones whose stem doubles ("shipped").
	IrregularVerbs map[string]string `json:"irregular_verbs"`
	// Animals counted in a brief are what the business keeps or looks
	// after ("35 horses at livery", "120 cows"), not its customers.
	Animals []string `json:"animals"`
	// Premises stand for the customers who have them in a list of
	// kinds: "to homes and offices" are customers of kinds home, office.
	Premises []string `json:"premises"`
	// Priorities are words of urgency a brief gives its work
	// ("emergency call-outs", "same-day repairs"): the line of work then
	// has a priority.
	Priorities []string `json:"priorities"`
	// PaymentMeans are how customers pay ("by bank transfer", "via
	// M-Pesa", "on account"): a column of billing, never a record of
	// their own.
	PaymentMeans []string `json:"payment_means"`
	// Headcount are phrases that say how many people the business is
	// ("a one-woman studio", "a small family bakery"): its size.
	Headcount []Headcount `json:"headcount"`
	// OrganisationCustomers are customer nouns that stand for
	// organisations (a CRM of company names), in several languages.
	OrganisationCustomers []string `json:"organisation_customers"`
	// Landmarks are heads of place names that are sights, not cities
	// ("near Kiyomizu-dera", "by the Old Town").
	Landmarks []string `json:"landmarks"`
	// ContactChannels are how a customer reaches the business or a
	// thing is sent ("book by phone", "by WhatsApp", "by courier"): no
	// column a record is kept by.
	ContactChannels []string `json:"contact_channels"`
	// Reactors are the services that react to the line of work
	// downstream (invoices, tickets, meetings): a world needs some for
	// policies across systems. Their order is part of the seeded draw.
	Reactors Reactors `json:"reactors"`
	// Places are where on its premises a business does a thing ("in
	// the indoor arena", "at the counter"): a location of the record.
	Places []string `json:"places"`
	// CountedUnits are the things a business counts that it has or
	// looks after, beside its premises and vehicles: "a six-screen
	// cinema", "22 sea pens", "180 washers and dryers", "EV chargers".
	CountedUnits []string `json:"counted_units"`
	// UnitModifiers make a premises word a unit the business has rather
	// than a place it works from ("60 mobile homes", "holiday homes").
	UnitModifiers []string `json:"unit_modifiers"`
	// Tradespeople are workers of a trade who are staff when a brief
	// counts them ("with six carpenters") and often customers otherwise
	// (a timber yard's carpenters): they are no ScaleKind.
	Tradespeople []string `json:"tradespeople"`
	// UnitsOfTime are durations a count may be of ("a 24-month
	// guarantee", "5 free days"): no thing the business has.
	UnitsOfTime []string `json:"units_of_time"`
	// PeopleKinds are kinds of customer that are people or their homes
	// ("households" beside "shops"): named as people in a CRM of firms.
	PeopleKinds []string `json:"people_kinds"`
	// VehicleKinds are the kinds of vehicle a fleet may run, with the
	// other words for each ("cab" is a taxi) and models sold for it.
	VehicleKinds []VehicleKind `json:"vehicle_kinds"`
	// Carriers are what goods travel on or with ("on low-loaders", "by
	// wellboat", "in our own vans", "by courier"): the transport of a
	// shipment, never a record of its own.
	Carriers []string `json:"carriers"`
	// Conditions are words for the state a lent or sent thing comes
	// back in or falls into ("overdue loans", "damaged tools", "lost
	// parcels"): a yes/no of the record they are said of.
	Conditions []string `json:"conditions"`
	// TrailingConditions are said after the thing ("loans more than two
	// weeks in arrears", "invoices past due"): a yes/no of the record.
	TrailingConditions []string `json:"trailing_conditions"`
	// Approvers are who approves or signs off a record ("once the loan
	// committee approves", "need board approval", "signed off by the
	// supervisor"): the record has a yes/no of that approval.
	Approvers []string `json:"approvers"`
	// TradeBuyers are the trades that buy from makers and growers (a
	// stall, a boutique, a refinery, a mechanic, a tea house): named in a
	// sale clause ("sell cloth to boutiques"), each is a kind of
	// customer, though most are no customer word of their own.
	TradeBuyers []string `json:"trade_buyers"`
	// IntakeTickets are what a thing taken in for work is given to be
	// known by ("a numbered ticket", "a claim stub", "a job card"): a
	// number of the work on it, not a helpdesk ticket.
	IntakeTickets []string `json:"intake_tickets"`
	// Vessels are what things are made, kept or finished in ("dyeing
	// hides in stone vats", "keep it in holding tanks", "fired in the
	// kiln"): places of the record that need no article, and places
	// the location column names.
	Vessels []string `json:"vessels"`
	// ProductionRuns are the nouns owners give one run of making ("each
	// brew", "each pressing", "every dye lot"): a production run named so.
	ProductionRuns []ProductionRun `json:"production_runs"`
	// RunSides are the words after a quantity of a run that say it went
	// in ("the kilos of olives in", "the grams of dye used") or came out
	// ("the litres of oil out", "the litres bottled").
	RunSides struct {
		In  []string `json:"in"`
		Out []string `json:"out"`
	} `json:"run_sides"`
	// RunYields are the output per unit of input a run plausibly gives
	// (see RunYield).
	RunYields []RunYield `json:"run_yields"`
	// RunUnits are the spellings of a unit that mean one for a run's
	// yield ("kg" is a kilo).
	RunUnits map[string]string `json:"run_units"`
	// Filings are what is reported, filed or submitted to an authority
	// (see [Filings]).
	Filings Filings `json:"filings"`
	// Evidence is what is kept as proof of work (see [Evidence]).
	Evidence Evidence `json:"evidence"`
	// FieldTypes are the last words of fields that make them numbers
	// or dates, by type ("strength" real, "fill date" date).
	FieldTypes map[string][]string `json:"field_types"`
	// Sources says where each list added after _source comes from.
	Sources map[string]string `json:"_sources"`
	// Measures are the verbs of measuring, testing and grading a thing
	// ("grade every catch by size", "tested for alpha acid").
	Measures Measures `json:"measures"`
	// Checks are the recurring checks of a thing and what they read
	// ("chillers are checked twice a day": a temperature).
	Checks Checks `json:"checks"`
	// LinkingVerbs join a subject to what it is or stays ("the gate
	// stays open", "each slide stays closed if it fails"), and
	// Predicatives are what follows them: before one, a linking verb's
	// third person is the verb, not a plural ("stays" is no booking).
	LinkingVerbs []string `json:"linking_verbs"`
	Predicatives []string `json:"predicatives"`
	// PaperHeads end a paper's name ("load sheet", "delivery note"), and
	// WorkPlaces are where things go for work ("to a repair shop").
	PaperHeads []string `json:"paper_heads"`
	WorkPlaces []string `json:"work_places"`
	// Credentials are what a person must hold ("every lifeguard must
	// hold a valid certificate"; see [Credentials]).
	Credentials Credentials `json:"credentials"`

	Archetypes []Archetype `json:"-"`
	senses     senses
	customers  customerTrades
	byID       map[string]int
	nounArch   map[string]string
	scaleKind  map[string]string
	set        map[string]map[string]bool
}

var load = sync.OnceValue(func() *Lexicon {
	l, err := parse()
	if err != nil {
		panic("lexicon: embedded data is invalid: " + err.Error())
	}
	return l
})

// Load returns the embedded lexicon.
func Load() *Lexicon { return load() }

func parse() (*Lexicon, error) {
	l := &Lexicon{}
	if err := decode("data/capabilities.json", l); err != nil {
		return nil, err
	}
	if err := decode("data/archetypes.json", &l.Archetypes); err != nil {
		return nil, err
	}
	if err := decode("data/senses.json", &l.senses); err != nil {
		return nil, err
	}
	if err := decode("data/customers.json", &l.customers); err != nil {
		return nil, err
	}
	l.byID = map[string]int{}
	for i, a := range l.Archetypes {
		if _, dup := l.byID[a.ID]; dup {
			return nil, fmt.Errorf("archetypes.json: duplicate id %q", a.ID)
		}
		if a.Builder == "" && len(a.States) < 2 {
			return nil, fmt.Errorf("archetypes.json: %s: a record archetype needs at least two states", a.ID)
		}
		l.byID[a.ID] = i
	}
	var errs []error
	// Plural reads the irregular plurals by singular: one each.
	plurals := map[string]string{}
	for _, pl := range slices.Sorted(maps.Keys(l.IrregularPlurals)) {
		sg := l.IrregularPlurals[pl]
		if pl == sg {
			continue
		}
		if other, dup := plurals[sg]; dup {
			errs = append(errs, fmt.Errorf("capabilities.json: /irregular_plurals: %q has two plurals, %q and %q", sg, other, pl))
		}
		plurals[sg] = pl
	}
	for i, v := range l.Verbs {
		if _, ok := l.byID[v.Archetype]; !ok {
			errs = append(errs, fmt.Errorf("capabilities.json: /verbs/%d: unknown archetype %q", i, v.Archetype))
		}
		if !slices.Contains([]string{"entity", "resource", "offering", "subject"}, v.Role) {
			errs = append(errs, fmt.Errorf("capabilities.json: /verbs/%d: unknown role %q", i, v.Role))
		}
		for k, c := range []*Verb{v.ByCustomer, v.OfThing} {
			if c == nil {
				continue
			}
			key := []string{"by_customer", "of_thing"}[k]
			if _, ok := l.byID[c.Archetype]; !ok || !slices.Contains([]string{"entity", "resource", "offering", "subject"}, c.Role) {
				errs = append(errs, fmt.Errorf("capabilities.json: /verbs/%d/%s: unknown archetype %q or role %q", i, key, c.Archetype, c.Role))
			}
			c.Verb = v.Verb
		}
	}
	l.nounArch = map[string]string{}
	for i, n := range l.Nouns {
		if _, ok := l.byID[n.Archetype]; !ok {
			errs = append(errs, fmt.Errorf("capabilities.json: /nouns/%d: unknown archetype %q", i, n.Archetype))
		}
		l.nounArch[n.Noun] = n.Archetype
	}
	l.scaleKind = map[string]string{}
	for _, s := range l.Scale {
		for _, n := range s.Nouns {
			if _, dup := l.scaleKind[n]; !dup {
				l.scaleKind[n] = s.Kind
			}
		}
	}
	l.set = map[string]map[string]bool{}
	sets := map[string][]string{"stop": l.StopWords, "det": l.Determiners, "head": l.CompoundHeads, "org": l.Organisations, "counterpart": l.Counterparts, "modifier": l.IndustryModifiers, "notplace": l.NotPlaces, "upfront": l.Upfront, "due_before": l.DueBefore, "any_work": l.AnyWork, "vague": l.VagueNouns, "price_unit": l.PriceUnits, "generic_verb": l.GenericVerbs, "animal": l.Animals, "premises": l.Premises, "priority": l.Priorities, "payment_means": l.PaymentMeans, "org_customer": l.OrganisationCustomers, "landmark": l.Landmarks, "channel": l.ContactChannels, "place": l.Places, "measure_manner": l.Measures.Manners, "coordinated_head": l.Measures.CoordinatedHeads}
	sets["carrier"], sets["condition"] = l.Carriers, l.Conditions
	sets["approver"] = l.Approvers
	sets["linking_verb"], sets["predicative"] = l.LinkingVerbs, l.Predicatives
	sets["paper_head"], sets["work_place"] = l.PaperHeads, l.WorkPlaces
	sets["trade_buyer"] = l.TradeBuyers
	sets["intake_ticket"] = l.IntakeTickets
	sets["vessel"] = l.Vessels
	for _, v := range l.Vessels {
		if !slices.Contains(l.Places, v) {
			sets["place"] = append(slices.Clone(sets["place"]), v)
		}
	}
	for name, words := range sets {
		m := map[string]bool{}
		for _, w := range words {
			m[w] = true
		}
		l.set[name] = m
	}
	// A kind of vehicle counted is a fleet's, unless the lexicon counts
	// it as a unit (a forwarder is also a freight agent's word).
	for i, v := range l.VehicleKinds {
		if v.Kind == "" || len(v.Models) == 0 {
			errs = append(errs, fmt.Errorf("capabilities.json: /vehicle_kinds/%d: want a kind and models", i))
		}
		for _, n := range append([]string{v.Kind}, v.Also...) {
			if _, known := l.scaleKind[n]; !known && !slices.Contains(l.CountedUnits, n) {
				l.scaleKind[n] = "vehicles"
			}
		}
	}
	for name, words := range map[string][]string{"counted_unit": l.CountedUnits, "unit_modifier": l.UnitModifiers, "unit_of_time": l.UnitsOfTime, "people_kind": l.PeopleKinds, "tradesperson": l.Tradespeople} {
		l.set[name] = map[string]bool{}
		for _, w := range words {
			l.set[name][w] = true
		}
	}
	for _, id := range append(slices.Clone(l.Reactors.Composed), l.Reactors.Pack...) {
		if _, ok := l.byID[id]; !ok {
			errs = append(errs, fmt.Errorf("capabilities.json: /reactors: unknown archetype %q", id))
		}
	}
	if len(l.Reactors.Composed) == 0 || len(l.Reactors.Pack) == 0 {
		errs = append(errs, fmt.Errorf("capabilities.json: /reactors: both lists are needed"))
	}
	for i, h := range l.Headcount {
		if h.Phrase == "" || h.Min < 1 || h.Max < h.Min {
			errs = append(errs, fmt.Errorf("capabilities.json: /headcount/%d: want a phrase and 1 <= min <= max", i))
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%w", joinErrs(errs))
	}
	return l, nil
}

func joinErrs(errs []error) error {
	var b strings.Builder
	for i, e := range errs {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(e.Error())
	}
	return fmt.Errorf("%s", b.String())
}

func decode(name string, v any) error {
	b, err := dataFS.ReadFile(name)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("%s: trailing data", name)
	}
	return nil
}

// Archetype returns an archetype by id.
func (l *Lexicon) Archetype(id string) (Archetype, bool) {
	i, ok := l.byID[id]
	if !ok {
		return Archetype{}, false
	}
	return l.Archetypes[i], true
}

// ArchetypeIDs lists every archetype id, in file order.
func (l *Lexicon) ArchetypeIDs() []string {
	out := make([]string, len(l.Archetypes))
	for i, a := range l.Archetypes {
		out[i] = a.ID
	}
	return out
}

// NounArchetype returns the archetype that keeps records of a singular
// noun, or "".
func (l *Lexicon) NounArchetype(noun string) string { return l.nounArch[noun] }

// Vehicle returns the kind of vehicle a singular noun names ("cab" →
// taxi), ok false when it names none the lexicon knows.
func (l *Lexicon) Vehicle(noun string) (VehicleKind, bool) {
	for _, v := range l.VehicleKinds {
		if v.Kind == noun || slices.Contains(v.Also, noun) {
			return v, true
		}
	}
	return VehicleKind{}, false
}

// ScaleKind returns what a counted singular noun measures, or "".
func (l *Lexicon) ScaleKind(noun string) string { return l.scaleKind[noun] }

// Is reports whether a word is in one of the word sets: "stop" (ends a
// noun phrase), "det" (skipped before one), "head" (a noun that keeps its
// modifier: "consent form"), "org" (a customer that is an organisation),
// "counterpart", "modifier" (beside an industry name), "notplace",
// "payment_means", "org_customer" (an organisation customer noun),
// "landmark", "carrier" (what goods travel on: "low loader", "courier"),
// "condition" (a state a thing falls into: "overdue", "damaged").
func (l *Lexicon) Is(set, word string) bool { return l.set[set][word] }

// Singular returns the singular of an English noun (lower case).
func (l *Lexicon) Singular(w string) string {
	if s, ok := l.IrregularPlurals[w]; ok {
		return s
	}
	// "midwives", "penknives": a compound keeps its head's
	// irregular plural.
	for _, pl := range compoundPlurals {
		if strings.HasSuffix(w, pl) && len(w) > len(pl)+1 {
			return w[:len(w)-len(pl)] + l.IrregularPlurals[pl]
		}
	}
	n := len(w)
	switch {
	case n <= 3 || strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "ies") && n > 4:
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "zes"):
		return w[:n-2]
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "'s"):
		return w[:n-1]
	}
	return w
}

// compoundPlurals are the irregular plurals that end compounds
// ("midwives", "chairwomen"), each a key of IrregularPlurals; others
// would misread words they end ("olives" is no olife, "specimen" no
// plural of a speciman).
var compoundPlurals = []string{"wives", "knives", "women", "children"}

// Plural returns the plural of a singular English noun phrase (the last
// word is inflected).
func (l *Lexicon) Plural(phrase string) string {
	i := strings.LastIndexByte(phrase, ' ')
	head, w := phrase[:i+1], phrase[i+1:]
	for pl, sg := range l.IrregularPlurals {
		// ("leaf" is "leaves", "calf" "calves", "lens" "lenses": each
		// singular has one plural in the data, so the map's order does
		// not matter.)
		if sg == w && pl != w {
			return head + pl
		}
	}
	for _, pl := range compoundPlurals {
		if sg := l.IrregularPlurals[pl]; strings.HasSuffix(w, sg) && len(w) > len(sg)+1 {
			return head + w[:len(w)-len(sg)] + pl
		}
	}
	n := len(w)
	switch {
	case n == 0:
		return phrase
	case l.IrregularPlurals[w] == w:
		return phrase
	case strings.HasSuffix(w, "y") && n > 1 && !strings.ContainsRune("aeiou", rune(w[n-2])):
		return head + w[:n-1] + "ies"
	case strings.HasSuffix(w, "s"), strings.HasSuffix(w, "x"), strings.HasSuffix(w, "ch"), strings.HasSuffix(w, "sh"), strings.HasSuffix(w, "z"):
		return head + w + "es"
	}
	return head + w + "s"
}

// PastForm reports whether w is a past form of a verb: "-ed" or an
// irregular one ("paid", "sold", "bought").
func PastForm(w string) bool {
	if _, irregular := Load().IrregularVerbs[w]; irregular {
		return true
	}
	// Not "bed", "red", nor a noun in -eed ("breed", "speed", "seed"):
	// "agreed", "guaranteed" are.
	if len(w) <= 3 || strings.HasSuffix(w, "eed") && len(w) < 6 {
		return false
	}
	return strings.HasSuffix(w, "ed")
}

// VerbLemma returns the candidate base forms of an inflected English verb:
// "dispatches" → "dispatch", "rents" → "rent", "handled" → "handle".
func VerbLemma(w string) []string {
	out := []string{w}
	add := func(s string) {
		if len(s) >= 2 && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	if l, ok := Load().IrregularVerbs[w]; ok {
		add(l)
	}
	n := len(w)
	switch {
	case strings.HasSuffix(w, "ies"):
		add(w[:n-3] + "y")
	case strings.HasSuffix(w, "es"):
		add(w[:n-2])
		add(w[:n-1])
	case strings.HasSuffix(w, "s"):
		add(w[:n-1])
	case strings.HasSuffix(w, "ied"):
		add(w[:n-3] + "y")
	case strings.HasSuffix(w, "ed"):
		add(w[:n-2])
		add(w[:n-1])
		if n > 4 && w[n-3] == w[n-4] {
			add(w[:n-3])
		}
	case strings.HasSuffix(w, "ing"):
		add(w[:n-3])
		add(w[:n-3] + "e")
		if n > 5 && w[n-4] == w[n-5] {
			add(w[:n-4])
		}
	}
	return out
}
