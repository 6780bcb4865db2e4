package read

import (
	"cmp"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/lexicon"
	"github.com/mercury/mcp-world/planet/seed"
)

// PackThreshold is the industry match confidence at and above which a
// brief is built on the matched pack; below it the industry is composed
// from the brief's capabilities.
const PackThreshold = 0.75

// ErrUnreadable is returned for a brief with nothing to build on.
var ErrUnreadable = errors.New("brief unreadable")

// Read turns a brief into a plan: the industry (a matched pack, or
// composed), the country, the headquarters city, scale, currencies, the
// kind of customer, counterparts and, most of all, the capabilities the
// description names, each a service with the brief's own nouns. Every
// decision is logged in Plan.Decisions with the phrase that caused it.
// Read is deterministic: the same brief gives the same plan.
func Read(s engine.Scenario) (*engine.Plan, error) {
	p, err := ReadForced(s, nil)
	if err != nil {
		return nil, err
	}
	if p.Policies, err = engine.ReadPolicies(p); err != nil {
		return nil, err
	}
	// A composed world whose services bind fewer than three rules is thin
	// (a rice mill with one policy): its customers still write about their
	// orders, so a helpdesk answers them, and its tickets follow the work.
	has := slices.ContainsFunc(p.Services, func(s engine.PlanService) bool { return s.Builder == "helpdesk" })
	if n := len(p.Policies); n < minPolicies && p.Company.Pack == engine.Composed && !has && engine.Registry["helpdesk"] != nil {
		p.Services = append(p.Services, engine.PlanService{Name: "helpdesk", Archetype: "helpdesk", Title: "Helpdesk", Builder: "helpdesk"})
		p.Decisions = append(p.Decisions, engine.Decision{Decision: fmt.Sprintf("helpdesk (helpdesk): the world binds only %d policies without one", n), Pointer: fmt.Sprintf("/services/%d", len(p.Services)-1)})
		if p.Policies, err = engine.ReadPolicies(p); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// minPolicies is the fewest policies a composed world is read with before
// a helpdesk is added (see planet's TestSenseCorpus for the corpus it was
// read from).
const minPolicies = 3

// ReadForced reads a brief with some services forced in (by builder
// name) before the horizontal services are drawn.
func ReadForced(s engine.Scenario, force []string) (*engine.Plan, error) {
	r := &reader{lex: lexicon.Load(), s: s, force: force}
	return r.read()
}

type reader struct {
	lex   *lexicon.Lexicon
	s     engine.Scenario
	p     *engine.Plan
	ind   *catalog.Industry
	c     catalog.Country
	desc  string
	force []string
	place catalog.Place // where the brief's country field points
	// roles are the crews the description names by several roles
	// ("rangers and trackers"), by the first role (see crews).
	roles map[string][]string
	// holders are the people the description says must hold a
	// credential, in order (see credentials).
	holders []countedParty
	// partyCounts are the counts of those the business deals with that
	// the brief gives ("from 2,000 smallholders"), by singular noun.
	partyCounts map[string]int
	// countedFrom are those nouns in the order the brief counts them, each
	// with its phrase.
	countedFrom []countedParty
}

// countedParty is one of those the business gets things from, counted
// by the brief ("from over 200 weavers").
type countedParty struct{ noun, phrase string }

func (r *reader) decide(phrase, ptr, format string, args ...any) {
	r.p.Decisions = append(r.p.Decisions, engine.Decision{Phrase: phrase, Decision: fmt.Sprintf(format, args...), Pointer: ptr})
}

func (r *reader) read() (*engine.Plan, error) {
	s := r.s
	// "2,000 shillings": a thousands separator is no clause break.
	r.desc = strings.TrimSpace(s.Description)
	for thousands.MatchString(r.desc) {
		r.desc = thousands.ReplaceAllString(r.desc, "$1$2")
	}
	r.p = &engine.Plan{Version: engine.PlanVersion, Seed: s.Seed, Brief: s}
	p := r.p

	// Country: the brief's own field (a name, code, local name, region or
	// "city, country"), else a place the description names.
	place, ok := catalog.Locate(s.Country)
	if !ok && strings.TrimSpace(s.Country) == "" {
		place, ok = catalog.Locate(r.desc)
	}
	if !ok {
		if strings.TrimSpace(s.Country) == "" {
			return nil, fmt.Errorf("%w: no country: give one (an ISO code such as DE, JP, BR, or a name)", ErrUnreadable)
		}
		return nil, fmt.Errorf("unknown country %q: give an ISO code (DE, JP, BR…), a country name or a region", s.Country)
	}
	c := place.Country
	r.place = place
	r.c = c
	p.Company.Country = c.Code
	r.decide(cmp.Or(strings.TrimSpace(s.Country), c.Name), "/company/country", "country %s (%s)", c.Code, c.Name)

	// Industry: a pack when it fits well, composed otherwise.
	indText := strings.TrimSpace(s.Industry)
	if indText == "" && r.desc == "" {
		return nil, fmt.Errorf("%w: the industry and the description are both empty: say what the business does (e.g. \"industry\": \"locksmith\", \"description\": \"We open locked doors and fit new locks for households in Leeds.\")", ErrUnreadable)
	}
	ind, score, ok := catalog.MatchIndustry(indText)
	fits := ok && indText != "" && r.packFits(ind, indText, score)
	// "tiệm nail", "Nail salon in Ho Chi Minh City…": an industry in a
	// language the packs do not know is named again, in one of theirs,
	// where the description starts; only a pack's own name counts there.
	by := indText
	if opening := r.openingIndustry(); !fits && opening != "" {
		if oi, os, ook := catalog.MatchIndustry(opening); ook && os >= 1 {
			ind, score, fits, by = oi, os, true, opening
		}
	}
	if fits {
		r.ind = &ind
		p.Company.Pack, p.Company.Match = ind.ID, round2(score)
		p.Company.Industry = ind.Name
		// (The industry is named as the pack was found, so that the
		// validators find the same pack again.)
		if score < 1 || by != indText {
			p.Company.Industry = by
		}
		r.decide(by, "/company/pack", "industry pack %s (%s), match %.2f", ind.ID, ind.Name, score)
	} else {
		p.Company.Pack, p.Company.Match = engine.Composed, 0
		p.Company.Industry = cmp.Or(indText, r.industryFromDescription())
		why := "no pack fits"
		if ok {
			why = fmt.Sprintf("closest pack %s only matches %.2f", ind.ID, score)
		}
		r.decide(cmp.Or(indText, p.Company.Industry), "/company/pack", "composed industry %q (%s)", p.Company.Industry, why)
		if r.desc == "" {
			// With nothing but a name to go on, the industry's own words
			// are the description.
			r.desc = indText
		}
	}

	caps := r.capabilities()
	r.fields(caps)
	caps = r.withoutFieldWords(caps)
	caps = r.checks(r.keptFields(caps))
	run, caps := r.productionRun(caps)
	if p.Company.Pack == engine.Composed && len(caps) == 0 && strings.TrimSpace(s.Description) == "" {
		return nil, fmt.Errorf("%w: no industry pack is close to %q and there is no description: add a sentence of what the business does (what it sells, books, repairs or delivers, and for whom)", ErrUnreadable, indText)
	}
	r.customer()
	r.tradeBuyers()
	r.customerTrade()
	r.scale(caps)
	r.currencies()
	r.counterparts()
	r.work(caps)
	r.workFields(caps)
	r.standingOrders()
	caps = r.intake(caps)
	r.workPriority()
	r.company()
	pay, caps := r.payouts(caps)
	pay, caps = r.channelCommissions(pay, caps)
	r.services(caps)
	r.addProductionRun(run)
	r.filings()
	r.evidence()
	r.paymentMethod()
	r.addPayouts(pay)
	r.balance()
	r.renewals()
	r.hourlyBilling()
	r.refundsSaid()
	r.moneyTerms()
	r.bookingDetails()
	r.waitlist()
	r.noPartyColumns()
	p.Tasks = engine.PlanTasks{Count: 10, Families: []string{"cross-system", "chore"}}
	r.decide("", "/tasks", "%d tasks: cross-system policies and chores inside one service", p.Tasks.Count)
	return p, nil
}

// noPartyColumns drops a record's text column named for whom it is with
// when a table of them keeps them ("buy acrylic from two suppliers":
// the purchase order has its supplier's id, not a supplier written in
// beside it, which the seed would fill with some other firm).
func (r *reader) noPartyColumns() {
	for i := range r.p.Services {
		s := &r.p.Services[i]
		if s.Counterpart == nil {
			continue
		}
		s.Attributes = slices.DeleteFunc(s.Attributes, func(a engine.PlanAttribute) bool {
			// ("sent to a repair shop": nor a "shop" beside the repair shop.)
			return len(a.Values) == 0 && (a.Name == engine.Snake(s.Counterpart.One) || a.Name == engine.Snake(s.Counterpart.Many) || a.Name == engine.Snake(engine.LastWord(s.Counterpart.One)))
		})
	}
}

// thousands matches a comma between digits that groups thousands.
var thousands = regexp.MustCompile(`(\d),(\d{3})\b`)

func round2(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 2, 64), 64)
	return v
}

// words folds text into lower-case words, keeping inner hyphens
// ("call-outs").
func words(s string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, strings.Trim(b.String(), "-"))
			b.Reset()
		}
	}
	for _, ch := range strings.ToLower(s) {
		if unicode.IsLetter(ch) || unicode.IsDigit(ch) || ch == '-' {
			b.WriteRune(ch)
		} else {
			flush()
		}
	}
	flush()
	return slices.DeleteFunc(out, func(w string) bool { return w == "" })
}

// packFits accepts a pack matched by name: exact, or every content word
// of the brief's industry is one of the pack's words or a mere modifier
// ("boutique hotel" is a hotel; "chess club" is not a fitness studio).
func (r *reader) packFits(ind catalog.Industry, text string, score float64) bool {
	if score >= 1 {
		return true
	}
	if score < PackThreshold {
		return false
	}
	own := map[string]bool{}
	addOwn := func(texts []string) {
		for _, n := range texts {
			for _, w := range words(placeholderRe().ReplaceAllString(n, " ")) {
				own[w], own[r.lex.Singular(w)] = true, true
			}
		}
	}
	addOwn(append([]string{strings.ReplaceAll(ind.ID, "-", " "), ind.Name}, ind.Aliases...))
	// Where the industry's head word is the pack's own ("motor insurer"),
	// the words the pack describes its business in qualify it too: an
	// insurer "selling motor, home and business cover" is a motor
	// insurer; "pharmacy delivery" is no pharmacy.
	if ws := words(text); len(ws) > 0 && (own[ws[len(ws)-1]] || own[r.lex.Singular(ws[len(ws)-1])]) {
		addOwn(ind.DescriptionTemplates)
	}
	for _, w := range strings.FieldsFunc(strings.Join(words(text), " "), func(r rune) bool { return r == ' ' || r == '-' }) {
		sg := r.lex.Singular(w)
		if own[w] || own[sg] || r.lex.Is("det", w) || r.lex.Is("stop", w) || r.lex.Is("modifier", w) || len(w) < 3 {
			continue
		}
		return false
	}
	return true
}

// openingIndustry is the business's name for itself where the
// description starts: "Nail salon in Ho Chi Minh City with twelve
// technicians" → "nail salon"; "" when the description starts
// otherwise (a verb, a pronoun, a longer phrase).
func (r *reader) openingIndustry() string {
	ws := words(r.desc)
	start := 0
	for start < len(ws) && (ws[start] == "a" || ws[start] == "an" || ws[start] == "the" || ws[start] == "our") {
		start++
	}
	for i := start; i < len(ws) && i < start+4; i++ {
		if slices.Contains([]string{"in", "near", "on", "at", "with", "for", "from", "that", "which", "serving"}, ws[i]) {
			if i == start {
				return ""
			}
			return strings.Join(ws[start:i], " ")
		}
		if r.isVerb(ws[i]) && i == start || r.lex.Is("stop", ws[i]) {
			return ""
		}
	}
	return ""
}

// industryFromDescription names a composed industry from the
// description's first clause when the brief gave none.
func (r *reader) industryFromDescription() string {
	ws := words(r.desc)
	for i, w := range ws {
		if (w == "a" || w == "an") && i+1 < len(ws) {
			var np []string
			for _, x := range ws[i+1:] {
				if r.lex.Is("stop", x) || x == "that" || x == "which" || x == "and" {
					break
				}
				np = append(np, x)
				if len(np) == 3 {
					break
				}
			}
			if len(np) > 0 {
				return strings.Join(np, " ")
			}
		}
	}
	return "business"
}

// company names the company and places it: the city the brief names is
// the headquarters.
func (r *reader) company() {
	p := r.p
	rng := r.s.Rand(engine.StageCompany)
	cities := r.cities()
	if len(cities) > 0 {
		p.Company.Headquarters = cities[0].name
		if t, ok := r.c.TownNamed(cities[0].name); ok {
			r.decide(cities[0].phrase, "/company/headquarters", "headquarters in %s (a town %d km from %s)", t.Name, t.NearKm, t.Near)
		} else {
			r.decide(cities[0].phrase, "/company/headquarters", "headquarters in %s", cities[0].name)
		}
	} else {
		p.Company.Headquarters = engine.Pick(rng, r.c.Cities).Name
		r.decide("", "/company/headquarters", "headquarters in %s (no city named)", p.Company.Headquarters)
	}
	lo, hi := 8, 60
	if r.ind != nil {
		lo, hi = r.ind.SizeRange[0], max(r.ind.SizeRange[1], r.ind.SizeRange[0]+1)
	}
	// How the owner says they are ("an independent piano tuner", "a
	// one-woman studio", "a team of 4") sets the size, and with it the
	// legal form and the seed's volumes.
	hlo, hhi, said, sized := r.headcount()
	// ("An independent bookshop with three branches": a small word
	// says little of a business that counts its sites; each has staff.)
	if sc, ok := r.scaleOf("locations"); sized && ok && sc.Count >= 2 && sc.Count >= hhi {
		sized = false
		lo, hi = max(lo, 2*sc.Count), max(hi, 4*sc.Count)
	}
	if sized {
		lo, hi = hlo, hhi
	}
	p.Company.Employees = lo + rng.IntN(hi-lo+1)
	if p.Staff.Count > 0 {
		p.Company.Employees = max(p.Staff.Count, 1)
	}
	if sc, ok := r.scaleOf("staff"); ok {
		p.Company.Employees = sc.Count
	}
	// A stated team counts the owner among the staff it names: "a
	// family firm with five fitters" is at least five.
	if sized && p.Staff.Count == 0 {
		if _, ok := r.scaleOf("staff"); !ok {
			r.decide(said, "/company/employees", "%d %s", p.Company.Employees, map[bool]string{true: "employee", false: "employees"}[p.Company.Employees == 1])
		}
	}
	// The name: a pack's patterns or the industry's own words; a city or
	// region in the name is the headquarters', and the legal form fits
	// the company's size.
	// A composed industry is named by the kind of business its words name
	// and is an association when the brief says so (catalog.ComposedIndustry).
	ind := catalog.ComposedIndustry(p.Company.Industry, r.s.Industry+" "+r.desc)
	if r.ind != nil {
		ind = *r.ind
	}
	// A business in a language region of its country (Genève, Lugano,
	// Liège, Montréal) is named and registered in the region's language.
	home := r.c.InCity(p.Company.Headquarters)
	if home.Locale != r.c.Locale {
		r.decide("", "/company/headquarters", "writes %s (%s), as %s does", home.Language, home.Locale, p.Company.Headquarters)
	}
	// A town the reader wrote with its state ("Breckenridge, CO", to
	// find it again) is named by its name alone.
	nameCity, _, _ := strings.Cut(p.Company.Headquarters, ", ")
	p.Company.Name = home.CompanyNameFor(rng, ind,
		catalog.Firm{City: nameCity, Employees: p.Company.Employees})
	r.decide("", "/company/name", "company %s", p.Company.Name)
	p.Company.Locations = []string{p.Company.Headquarters}
	for _, c := range cities[min(1, len(cities)):] {
		p.Company.Locations = append(p.Company.Locations, c.name)
	}
	if sc, ok := r.scaleOf("locations"); ok {
		for i := len(p.Company.Locations); i < min(sc.Count, 200); i++ {
			p.Company.Locations = append(p.Company.Locations, r.c.Cities[(i*7+len(p.Company.Name))%len(r.c.Cities)].Name)
		}
		r.decide(sc.From, "/company/locations", "%d locations", len(p.Company.Locations))
	}
	// The description: one sentence of who and where, then the brief's
	// own words. A pack's template is used only when the brief says
	// nothing, so the text never describes another business or city.
	// A ward is named with its city, as its address names it ("臺南市東區").
	city := r.c.PlaceName(p.Company.Headquarters)
	// The business in the brief's own word ("Zahnarztpraxis", "tattoo
	// studio"), not a pack's plural name ("Dental clinics").
	kind := strings.TrimSpace(r.s.Industry)
	if kind == "" || r.ind != nil && strings.EqualFold(kind, r.ind.ID) {
		kind = strings.ToLower(p.Company.Industry)
		if r.ind != nil && len(r.ind.Aliases) > 0 {
			kind = r.ind.Aliases[0]
		}
	}
	switch lex := seed.LexiconFor(home.Locale); {
	case lex.Language != "en":
		// Who and where in the world's language, then the brief's own
		// words as written; a pack's English template says nothing here.
		p.Company.Description = strings.TrimSpace(lex.Say("company_about", "company", p.Company.Name, "city", city) + " " + ensureStop(strings.TrimSpace(r.s.Description)))
	case strings.TrimSpace(r.s.Description) != "":
		p.Company.Description = Describe(p.Company.Name, engine.An(kind), city, ensureStop(strings.TrimSpace(r.s.Description)))
	case r.ind != nil && len(r.ind.DescriptionTemplates) > 0:
		p.Company.Description = strings.NewReplacer("{company}", p.Company.Name, "{city}", city).Replace(engine.Pick(rng, r.ind.DescriptionTemplates))
	default:
		p.Company.Description = fmt.Sprintf("%s is %s based in %s.", p.Company.Name, engine.An(kind), city)
	}
}

func ensureStop(s string) string {
	if s == "" || strings.ContainsRune(".!?。", []rune(s)[len([]rune(s))-1]) {
		return s
	}
	return s + "."
}

type namedCity struct{ name, phrase string }

var basedIn = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(?:based in|located in|headquartered in|in the city of|out of|from|in|near|across|around)\s+((?:\p{Lu}[\p{L}'’-]+)(?:[ -](?:\p{Lu}[\p{L}'’-]+|de|del|la|le|am|an|upon|on|sur))*)`)
})

// cities finds the cities the brief names, in order: the country's
// known cities first (catalog.Country.CitiesIn), then a town of the
// country (catalog.Country.TownNamed), a region's main city, then a
// capitalised place after "in", "based in"….
func (r *reader) cities() []namedCity {
	var out []namedCity
	addCity := func(name, phrase string) {
		if name != "" && !slices.ContainsFunc(out, func(c namedCity) bool { return c.name == name }) {
			out = append(out, namedCity{name, phrase})
		}
	}
	// The cities of the brief's country the description names, by name,
	// alias or district ("in Kreuzberg" is Berlin), clause by clause and
	// in order; other countries it mentions ("remittances to India") hide
	// nothing. Then what the country field named ("Lyon, France").
	var regionHQ namedCity
	for _, clause := range clauseBreak.Split(r.s.Description, -1) {
		for _, m := range r.c.CitiesIn(clause) {
			// The name as the brief writes it ("Kreuzberg" → Berlin), else
			// the clause.
			phrase := strings.TrimSpace(clause)
			if low := strings.ToLower(clause); len(low) == len(clause) {
				if i := strings.Index(low, m.Name); i >= 0 && utf8.ValidString(clause[i:i+len(m.Name)]) {
					phrase = clause[i : i+len(m.Name)]
				}
			}
			addCity(m.City.Name, phrase)
		}
		if pl, ok := catalog.Locate(clause); ok && pl.Country.Code == r.c.Code && pl.City.Name == "" && regionHQ.name == "" {
			if hq, ok := pl.Headquarters(); ok {
				regionHQ = namedCity{hq.Name, pl.Region.Name}
			}
		}
	}
	if r.place.City.Name != "" {
		addCity(r.place.City.Name, r.s.Country)
	}
	// Then a town the brief names (GeoNames' places the catalog has no
	// city for: "above Zermatt"), a region the description names ("in the
	// Algarve" → Faro), a place after "in" neither knows, and last the
	// region of the country field ("Bayern" → München).
	if len(out) == 0 {
		if t, ok := r.town(); ok {
			addCity(t.name, t.phrase)
		}
	} else if t, ok := r.townBefore(out[0]); ok {
		out = append([]namedCity{t}, out...)
	}
	if len(out) == 0 && regionHQ.name != "" {
		addCity(regionHQ.name, regionHQ.phrase)
	}
	if len(out) == 0 {
		out = append(out, r.placeAfterIn()...)
	}
	if hq, ok := r.place.Headquarters(); ok && len(out) == 0 {
		addCity(hq.Name, r.s.Country)
	}
	return out
}

// placeAfterIn is a capitalised place after "in", "based in"… that is
// no country: a city the catalog does not list.
func (r *reader) placeAfterIn() []namedCity {
	var out []namedCity
	for _, m := range basedIn().FindAllStringSubmatch(r.s.Description, -1) {
		name := strings.TrimRight(strings.TrimSuffix(strings.TrimSuffix(m[1], "'s"), "’s"), "'’-")
		if _, isCountry := catalog.MatchCountry(name); isCountry || r.lex.Is("notplace", strings.ToLower(name)) {
			continue
		}
		// "near Kiyomizu-dera", "around the old harbour": what a business
		// is near is a sight or an area, not its city; nor is a name
		// whose head is a sight's ("Kiyomizu-dera", "Wat Pho").
		cue := strings.ToLower(strings.Fields(m[0])[0])
		if cue == "near" || cue == "around" || cue == "across" || r.isLandmark(name) {
			continue
		}
		if strings.EqualFold(name, r.c.Name) || strings.EqualFold(name, r.c.NativeName) {
			continue
		}
		// A town in Latin letters in a country of another script is
		// written as its people write it ("Beppu" → 別府市), so no
		// address mixes scripts; a town without a local name in the
		// data gives way to a catalog city rather than be transliterated.
		if t, ok := r.c.Town(name); ok {
			r.decide(m[0], "/company/headquarters", "%s, written %s", name, t.Name)
			name = t.Name
		} else if !r.c.WritesLatin() {
			r.decide(m[0], "/company/headquarters", "%s has no local spelling in the catalog (places.json): headquarters in a catalog city instead", name)
			continue
		}
		out = append(out, namedCity{name, m[0]})
		break
	}
	return out
}

// isLandmark reports whether a place name is a sight's: a word of it
// (split at spaces and hyphens) is a landmark head of the lexicon.
func (r *reader) isLandmark(name string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(c rune) bool { return c == ' ' || c == '-' }) {
		if r.lex.Is("landmark", w) {
			return true
		}
	}
	return false
}

func unspacedScript(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai) {
			return true
		}
	}
	return false
}

var placeholderRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\{[a-z_]+\}`) })
