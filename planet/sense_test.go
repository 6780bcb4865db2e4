package planet

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
	"github.com/mercury/mcp-world/planet/lexicon"
	"github.com/mercury/mcp-world/world"
)

// senseBrief is one line of testdata/briefs/sense.jsonl: a brief labelled
// with what its owner would frown at in the world (see the README there).
type senseBrief struct {
	ID          string `json:"id"`
	Industry    string `json:"industry"`
	Country     string `json:"country"`
	Description string `json:"description"`
	Customer    struct {
		Kinds []string `json:"kinds"`
		Org   *bool    `json:"org"`
		Not   []string `json:"not"`
	} `json:"customer"`
	Forbid      []string   `json:"forbid"`
	Single      [][]string `json:"single"`
	MinPolicies int        `json:"min_policies"`
}

func loadSense(t *testing.T, file string) []senseBrief {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []senseBrief
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var b senseBrief
		dec := json.NewDecoder(strings.NewReader(sc.Text()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&b); err != nil {
			t.Fatalf("%s line %d: %v", file, n, err)
		}
		out = append(out, b)
	}
	return out
}

// worldMatches reports whether a labelled pattern is in the world:
// service:GLOB, table:GLOB, column:TABLEGLOB.COLGLOB, policy:TEXT (in an
// invariant's title or policy) or text:TEXT (anywhere an agent reads:
// tools, tables, policies, task instructions), texts lower-cased.
func worldMatches(b *world.Bundle, pattern string) (bool, error) {
	kind, pat, ok := strings.Cut(pattern, ":")
	if !ok {
		return false, fmt.Errorf("pattern %q has no kind (service:, table:, column:, policy:, text:)", pattern)
	}
	glob := func(p, s string) bool { m, _ := path.Match(p, s); return m }
	switch kind {
	case "service":
		return slices.ContainsFunc(b.Services, func(s world.Service) bool { return glob(pat, s.Name) }), nil
	case "table":
		return slices.ContainsFunc(b.Tables, func(t world.Table) bool { return glob(pat, t.Name) }), nil
	case "column":
		tp, cp, ok := strings.Cut(pat, ".")
		if !ok {
			return false, fmt.Errorf("column pattern %q is not TABLE.COLUMN", pattern)
		}
		for _, t := range b.Tables {
			if glob(tp, t.Name) && slices.ContainsFunc(t.Columns, func(c world.Column) bool { return glob(cp, c.Name) }) {
				return true, nil
			}
		}
		return false, nil
	case "policy":
		for _, inv := range b.Invariants {
			if strings.Contains(strings.ToLower(inv.Title+" "+inv.Policy), pat) {
				return true, nil
			}
		}
		return false, nil
	case "text":
		return strings.Contains(strings.ToLower(worldSurface(b)), pat), nil
	}
	return false, fmt.Errorf("pattern %q: unknown kind %q", pattern, kind)
}

// labelledFrowns are the decisions of one world its brief's labels
// forbid: each a short sentence naming what is there.
func labelledFrowns(lex *lexicon.Lexicon, br senseBrief, p *Plan, b *world.Bundle) ([]string, error) {
	var out []string
	one := strings.ToLower(p.Customer.One)
	head := lex.Singular(engine.LastWord(one))
	for _, n := range br.Customer.Not {
		if head == n || one == n || strings.HasPrefix(head, n) {
			out = append(out, fmt.Sprintf("customers are %s (an item or counterpart, not who pays)", p.Customer.Many))
		}
	}
	if br.Customer.Org != nil && *br.Customer.Org != p.Customer.Organisation {
		out = append(out, fmt.Sprintf("customers %s organisation = %v", p.Customer.Many, p.Customer.Organisation))
	}
	if br.Customer.Org != nil && *br.Customer.Org && !crmHasOrgNames(b) {
		out = append(out, "organisation customers carry person names")
	}
	var kinds []string
	kinds = append(kinds, one)
	for _, a := range p.Customer.Attributes {
		if a.Name == "kind" {
			kinds = append(kinds, a.Values...)
		}
	}
	for _, k := range br.Customer.Kinds {
		if !slices.ContainsFunc(kinds, func(x string) bool { return strings.HasPrefix(strings.ToLower(x), k) }) {
			out = append(out, fmt.Sprintf("the brief's customers %q are missing (customers: %s)", k, strings.Join(kinds, ", ")))
		}
	}
	for _, f := range br.Forbid {
		hit, err := worldMatches(b, f)
		if err != nil {
			return nil, err
		}
		if hit {
			out = append(out, "forbidden "+f)
		}
	}
	for _, group := range br.Single {
		var names []string
		for _, s := range b.Services {
			if slices.ContainsFunc(group, func(g string) bool { m, _ := path.Match(g, s.Name); return m }) {
				names = append(names, s.Name)
			}
		}
		if len(names) > 1 {
			out = append(out, "one capability, several services: "+strings.Join(names, ", "))
		}
	}
	if n := structuredPolicies(b); br.MinPolicies > 0 && n < br.MinPolicies {
		out = append(out, fmt.Sprintf("%d policies < %d", n, br.MinPolicies))
	}
	return out, nil
}

func crmHasOrgNames(b *world.Bundle) bool {
	for _, t := range b.Tables {
		if t.Service == "crm" && strings.HasPrefix(t.Name, "crm_") && slices.ContainsFunc(t.Columns, func(c world.Column) bool { return c.Name == "contact_person" }) {
			return true
		}
	}
	return false
}

func structuredPolicies(b *world.Bundle) int {
	n := 0
	for _, inv := range b.Invariants {
		if inv.Rule != nil {
			n++
		}
	}
	return n
}

// minPolicies is the fewest structured policies a world may have. Read
// from the sense corpus at 7d37601 (333 worlds): 50 worlds had exactly
// one policy, none two, the rest 3–14 — the one-policy worlds were the
// thin ones a reader frowned at (a ferry line with one rule).
const minPolicies = 3

// senseProblems are the mechanical sense checks every world must pass,
// whatever its brief: each problem names its rule and the offending name.
func senseProblems(lex *lexicon.Lexicon, p *Plan, b *world.Bundle) []string {
	var out []string
	isVerb := func(w string) bool {
		for _, l := range lexicon.VerbLemma(w) {
			for _, v := range lex.Verbs {
				if v.Verb == l {
					return true
				}
			}
		}
		return false
	}
	// A column is an attribute of the record, never a verb phrase of the
	// brief ("order_flour").
	for _, s := range p.Services {
		attrs := slices.Clone(s.Attributes)
		if s.Resource != nil {
			attrs = append(attrs, s.Resource.Attributes...)
		}
		for _, a := range attrs {
			ws := strings.Split(a.Name, "_")
			if a.From != "" && len(ws) > 1 && isVerb(ws[0]) && !strings.HasSuffix(ws[0], "ed") && !strings.HasSuffix(ws[0], "ing") && lex.NounArchetype(ws[0]) == "" && lex.NounArchetype(strings.Join(ws, " ")) == "" && !slices.Contains(read.FieldHeads, ws[len(ws)-1]) {
				out = append(out, fmt.Sprintf("verb-column: %s.%s", s.Name, a.Name))
			}
		}
	}
	tables := map[string]world.Table{}
	for _, t := range b.Tables {
		tables[t.Name] = t
	}
	has := func(t world.Table, col string) bool {
		return slices.ContainsFunc(t.Columns, func(c world.Column) bool { return c.Name == col })
	}
	for _, s := range p.Services {
		// What cannot be in a place or broken has no location or condition:
		// a season ticket, a sack of flour.
		if s.Resource != nil {
			t, ok := tables[s.Name+"_"+engine.Snake(s.Resource.Many)]
			if nat := lex.Nature(s.Resource.One); ok && nat != "equipment" && nat != "vehicle" && (has(t, "condition") || has(t, "location")) {
				out = append(out, fmt.Sprintf("physical-columns: %s (%s) has location/condition", t.Name, nat))
			}
		}
		// Purchase orders go to suppliers.
		if s.Archetype == "purchase_orders" {
			for _, t := range b.Tables {
				if t.Service == s.Name && (t.Name == s.Name || strings.HasSuffix(t.Name, "_records")) && has(t, "customer_id") {
					out = append(out, fmt.Sprintf("po-to-customer: %s.customer_id", t.Name))
				}
			}
		}
	}
	// One thing of the business, one service: a noun and an occasion of it
	// ("maintenance" and "maintenance visit"), or two records of one
	// archetype and head ("cake order", "bake order").
	type rec struct{ name, arch, one string }
	recs := []rec{{engine.Snake(p.Work.Many), p.Work.Archetype, p.Work.One}}
	for _, s := range p.Services {
		if s.Builder == "record" && s.Entity != nil {
			recs = append(recs, rec{s.Name, s.Archetype, s.Entity.One})
		}
	}
	var occasions []string
	for _, id := range []string{"bookings", "work_orders"} {
		a, _ := lex.Archetype(id)
		occasions = append(occasions, a.Native...)
	}
	for i, a := range recs {
		for _, c := range recs[i+1:] {
			aw, cw := strings.Fields(a.one), strings.Fields(c.one)
			sameHead := a.arch == c.arch && engine.LastWord(a.one) == engine.LastWord(c.one) && a.arch != "documents"
			// "maintenance" and "maintenance visit"; a "purchase order" is
			// no kind of "order" the business sells.
			within := len(aw) == 1 && len(cw) > 1 && cw[0] == aw[0] && slices.Contains(occasions, cw[len(cw)-1]) ||
				len(cw) == 1 && len(aw) > 1 && aw[0] == cw[0] && slices.Contains(occasions, aw[len(aw)-1])
			if a.name != c.name && (sameHead || within) {
				out = append(out, fmt.Sprintf("twin-services: %s and %s", a.name, c.name))
			}
		}
	}
	if p.Customer.Organisation && !crmHasOrgNames(b) {
		out = append(out, "org-names: organisation customers "+p.Customer.Many+" carry person names")
	}
	if n := structuredPolicies(b); n < minPolicies {
		out = append(out, fmt.Sprintf("few-policies: %d < %d", n, minPolicies))
	}
	out = append(out, buildSenseProblems(p, b)...)
	// A policy links what a business would link: nothing is bought or
	// rostered because an item of the work was finished.
	for _, pol := range p.Policies {
		up := slices.IndexFunc(p.Services, func(s PlanService) bool { return s.Name == pol.Trigger })
		down := slices.IndexFunc(p.Services, func(s PlanService) bool { return s.Name == pol.Target })
		if up < 0 || down < 0 || p.Services[up].Builder != "work" {
			continue
		}
		if arch := p.Services[down].Archetype; (arch == "purchase_orders" || arch == "shifts") && slices.Contains(p.Work.States[len(p.Work.States)-1:], pol.Event) {
			out = append(out, fmt.Sprintf("odd-policy: %s (%s after the work is done)", pol.Name, arch))
		}
	}
	return out
}

type senseResult struct {
	id       string
	policies int
	frowns   []string
	problems []string
	err      error
}

func runSense(t *testing.T, scen []Scenario, ids []string, labels []senseBrief) []senseResult {
	lex := lexicon.Load()
	out := make([]senseResult, len(scen))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for i, s := range scen {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			res := &out[i]
			res.id = ids[i]
			p, err := Read(s)
			if err != nil {
				res.err = err
				return
			}
			b, err := Build(p, Options{})
			if err != nil {
				res.err = err
				return
			}
			res.problems = senseProblems(lex, p, b)
			res.policies = structuredPolicies(b)
			if labels != nil {
				res.frowns, res.err = labelledFrowns(lex, labels[i], p, b)
			}
		}()
	}
	wg.Wait()
	return out
}

// TestSenseSuite reads every brief of the precision suite and measures
// what its owner would: the share of briefs whose world has none of the
// decisions its labels forbid (precision), and the mechanical sense
// checks. Precision may not fall below its floor.
func TestSenseSuite(t *testing.T) {
	briefs := loadSense(t, "testdata/briefs/sense.jsonl")
	if len(briefs) < 40 {
		t.Fatalf("the precision suite has %d briefs, want at least 40", len(briefs))
	}
	var scen []Scenario
	var ids []string
	seen := map[string]bool{}
	for i, br := range briefs {
		if seen[br.ID] {
			t.Fatalf("duplicate id %s", br.ID)
		}
		seen[br.ID] = true
		scen = append(scen, Scenario{Industry: br.Industry, Country: br.Country, Description: br.Description, Seed: uint64(i + 1)})
		ids = append(ids, br.ID)
	}
	clean, mechClean := 0, 0
	for _, r := range runSense(t, scen, ids, briefs) {
		if r.err != nil {
			t.Errorf("%s: %v", r.id, r.err)
			continue
		}
		if len(r.frowns) == 0 {
			clean++
		}
		if len(r.problems) == 0 {
			mechClean++
		}
		for _, f := range r.frowns {
			t.Logf("%s: %s", r.id, f)
		}
		for _, f := range r.problems {
			t.Logf("%s: %s", r.id, f)
		}
	}
	prec := float64(clean) / float64(len(briefs))
	t.Logf("precision suite: %d briefs, %d with no forbidden decision (precision %.2f), %d pass every sense check", len(briefs), clean, prec, mechClean)
	if prec < senseFloor {
		t.Errorf("precision %.2f < floor %.2f", prec, senseFloor)
	}
}

// senseFloor is the precision the reader reaches today; raise it as the
// reader improves.
const senseFloor = 0.83 // 36 of 43

// TestSenseCorpus runs the mechanical sense checks over every world of
// the brief suite, the held-out set and one pack world per industry (a
// slice of what `synth --count` samples), and reports each rule's count.
// Rules that the worlds pass today may not regress.
func TestSenseCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("builds some 300 worlds")
	}
	var scen []Scenario
	var ids []string
	for _, file := range []string{"testdata/briefs/briefs.jsonl", "testdata/briefs/heldout.jsonl"} {
		for i, br := range loadSuite(t, file) {
			scen = append(scen, Scenario{Industry: br.Industry, Country: br.Country, Description: br.Description, Seed: uint64(i + 1)})
			ids = append(ids, br.ID)
		}
	}
	countries := catalog.Countries()
	for i, ind := range catalog.Industries() {
		c := countries[(i*7)%len(countries)]
		scen = append(scen, Scenario{Industry: ind.ID, Country: c.Code, Seed: uint64(i + 1)})
		ids = append(ids, ind.ID+"-"+c.Code)
	}
	byRule := map[string]int{}
	worlds := 0
	results := runSense(t, scen, ids, nil)
	for _, r := range results {
		if r.err != nil {
			t.Errorf("%s: %v", r.id, r.err)
			continue
		}
		worlds++
		rules := map[string]bool{}
		for _, f := range r.problems {
			rule, _, _ := strings.Cut(f, ":")
			rules[rule] = true
			t.Logf("%s: %s", r.id, f)
		}
		for rule := range rules {
			byRule[rule]++
		}
	}
	var names []string
	for n := range byRule {
		names = append(names, n)
	}
	sort.Strings(names)
	var sb strings.Builder
	for _, n := range names {
		fmt.Fprintf(&sb, " %s=%d", n, byRule[n])
	}
	t.Logf("sense corpus: %d worlds; worlds failing each rule:%s; policies per world: %s", worlds, sb.String(), policyHistogram(results))
	for rule, most := range senseCorpusCeiling {
		if byRule[rule] > most {
			t.Errorf("%s: %d worlds > %d", rule, byRule[rule], most)
		}
	}
}

// senseCorpusCeiling is the most worlds of the corpus each rule may fail
// today (at 7d37601 they were few-policies 50, odd-policy 56, org-names
// 30, physical-columns 22, po-to-customer 29, twin-services 20,
// verb-column 4); lower it as the reader improves.
var senseCorpusCeiling = map[string]int{
	"few-policies": 0, "odd-policy": 1, "org-names": 0, "physical-columns": 0,
	"po-to-customer": 0, "twin-services": 0, "verb-column": 0,
	// The builders' rules (sense_build_test.go); at 3026e94 they were
	// own-register-customer 83, person-column 1, policy-sense 119,
	// possessive-firm 90, price-line 130, twin-builder 4.
	"own-register-customer": 0, "person-column": 0, "policy-sense": 0, "possessive-firm": 0, "price-line": 0, "twin-builder": 0,
	// People hired or rostered are people (helper i7ppl): before afff999
	// staff-as-firm 5 (lifeguards, volunteers, bar staff named as firms)
	// and staff-as-product 4 ("Instructor, simple", "Ranger, simple").
	"staff-as-firm": 0, "staff-as-product": 0,
	// Producers supply what they produce (i7ppl): before this rule's
	// fix producer-sells-supplies was 4 (farmers selling toner and
	// gloves); olive-mill-cordoba's olives are not yet known as goods.
	"producer-as-firm": 0, "producer-sells-supplies": 1,
	// Registers gathered over the firm's years, groups started not
	// acquired (i7ppl): before, register-dates 48, register-kind 1.
	"register-dates": 0, "register-kind": 0,
	// Cuisine follows the brief and the country (r7pack): before the
	// restaurant pack's variants were read, menu-cuisine was 1 (the
	// tapas bar in Madrid served bruschetta, risotto and espresso).
	"menu-cuisine": 0,
}

// policyHistogram counts worlds by their number of structured policies:
// "1:4 2:9 3:20 …".
func policyHistogram(rs []senseResult) string {
	n := map[int]int{}
	most := 0
	for _, r := range rs {
		if r.err == nil {
			n[r.policies]++
			most = max(most, r.policies)
		}
	}
	var parts []string
	for i := 0; i <= most; i++ {
		if n[i] > 0 {
			parts = append(parts, fmt.Sprintf("%d:%d", i, n[i]))
		}
	}
	return strings.Join(parts, " ")
}
