package planet

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
	"github.com/mercury/mcp-world/planet/lexicon"
	"github.com/mercury/mcp-world/verifier"
	"github.com/mercury/mcp-world/world"
)

var (
	validateSuite = flag.Bool("suite.validate", false, "fully validate every world of the brief suite (CI sets it)")
	suiteTargets  = flag.Bool("suite.targets", false, "hold the brief suite to issue 7's targets (coverage 0.9, city 0.95) instead of today's floors")
	suiteExplain  = flag.Bool("suite.explain", false, "with -v: log how each brief with a miss was read (its plan's decisions) and the misses by labelled archetype")
)

// suiteBrief is one line of testdata/briefs/briefs.jsonl: a real-business
// brief labelled with the capabilities it names.
type suiteBrief struct {
	ID           string `json:"id"`
	Industry     string `json:"industry"`
	Country      string `json:"country"`
	City         string `json:"city"`
	Description  string `json:"description"`
	Capabilities []struct {
		Phrase    string   `json:"phrase"`
		Archetype string   `json:"archetype"`
		Terms     []string `json:"terms"`
	} `json:"capabilities"`
	Scale []struct {
		Noun  string `json:"noun"`
		Count int    `json:"count"`
	} `json:"scale"`
	Pack string `json:"pack"`
}

func loadSuite(t testing.TB, path string) []suiteBrief {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Skip("no brief suite:", err)
	}
	defer f.Close()
	var out []suiteBrief
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var b suiteBrief
		if err := json.Unmarshal(sc.Bytes(), &b); err != nil {
			t.Fatalf("%s line %d: %v", path, n, err)
		}
		out = append(out, b)
	}
	return out
}

// foldTerms normalises text for term matching: lower case, "_" and "-"
// as spaces, every word singular.
func foldTerms(lex *lexicon.Lexicon, s string) string {
	ws := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127 && r != '’')
	})
	for i, w := range ws {
		// Terms are ASCII: "café" is found by "cafe", "maâlem" by
		// "maalem" (a word of another script stays as it is).
		if f := engine.ASCIIFold(w); f != "" && len(f) >= len([]rune(w))-1 {
			w = f
		}
		ws[i] = lex.Singular(w)
	}
	return " " + strings.Join(ws, " ") + " "
}

// worldSurface is every text of a world an agent works with, except the
// company description: services, tables, columns, tools, policies, task
// instructions.
func worldSurface(b *world.Bundle) string {
	var sb strings.Builder
	w := func(xs ...string) {
		for _, x := range xs {
			sb.WriteString(x)
			sb.WriteString(" . ")
		}
	}
	for _, s := range b.Services {
		w(s.Name, s.Title, s.Description)
	}
	for _, t := range b.Tables {
		w(t.Name, t.Description)
		for _, c := range t.Columns {
			w(c.Name, c.Description)
			for _, v := range c.Enum {
				if s, ok := v.(string); ok {
					w(s)
				}
			}
		}
	}
	for _, t := range b.Tools {
		w(t.Name, t.Title, t.Description)
	}
	for _, inv := range b.Invariants {
		w(inv.Title, inv.Policy)
	}
	for _, task := range b.Tasks {
		w(task.Instruction)
	}
	return sb.String()
}

// TestBriefSuite reads every brief of the suite into a world and measures
// what a user would: none refused, the capabilities the brief names are in
// the world (coverage), the named city is the headquarters, and the
// company description names no other business or city.
//
// It runs on the suite the reader was developed against and on held-out
// sets of other industries (heldout*.jsonl), each written and labelled
// before the reader was changed for it, so that the numbers together say
// how well the reader reads a business nobody wrote it for (which sets
// are still held out: testdata/briefs/README.md). Each has its floor;
// -suite.targets asks all for issue 7's targets.
func TestBriefSuite(t *testing.T) {
	sets := []struct {
		name, path          string
		floorCov, floorCity float64
	}{
		{"suite", "testdata/briefs/briefs.jsonl", 0.88, 0.95},
		{"heldout", "testdata/briefs/heldout.jsonl", 0.88, 0.95},
		{"heldout2", "testdata/briefs/heldout2.jsonl", 0.81, 0.90},
		{"heldout3", "testdata/briefs/heldout3.jsonl", 0.87, 0.95},
		// Written by the lead at 3c06ce1, after the helpers had started and
		// unseen by them: the held-out set of this round.
		{"heldout4", "testdata/briefs/heldout4.jsonl", 0.74, 0.95},
		// Written by the lead at fb55515, one brief per catalog country,
		// unseen by that round's helpers: its held-out set.
		{"heldout5", "testdata/briefs/heldout5.jsonl", 0.83, 0.95},
		// Written by the lead at 2916043, one brief in each of 59 countries,
		// unseen by that round's helpers: its held-out set.
		{"heldout6", "testdata/briefs/heldout6.jsonl", 0.77, 0.95},
		// Written by a helper on 2026-12-04 at 910a36b, 40 briefs in 40
		// countries, unseen by that session's reader work: its held-out set.
		{"heldout7", "testdata/briefs/heldout7.jsonl", 0.70, 0.95},
		// Helpers' sets of their own class of capability, written before
		// the reader was changed for it (testdata/briefs/README.md).
		{"heldout-i7a", "testdata/briefs/heldout-i7a.jsonl", 0.70, 0.95},
		// Records the business keeps about its things (grades, tests,
		// logs, certificates, labels, serials, batches): written by
		// helper i7b before its reader change.
		{"heldout-i7b", "testdata/briefs/heldout-i7b.jsonl", 0.60, 0.90},
		// Money and time (payouts, balances, renewals, shifts): helper i7m.
		{"heldout-i7m", "testdata/briefs/heldout-i7m.jsonl", 0.87, 0.95},
		// Bookings, rentals, orders and deliveries: helper i7d.
		{"heldout-i7d", "testdata/briefs/heldout-i7d.jsonl", 0.78, 0.95},
	}
	listed := map[string]bool{}
	for _, set := range sets {
		listed[set.path] = true
		t.Run(set.name, func(t *testing.T) {
			wantCov, wantCity := set.floorCov, set.floorCity
			if *suiteTargets {
				wantCov, wantCity = 0.9, 0.95
			}
			runBriefSet(t, set.path, wantCov, wantCity)
		})
	}
	// The small held-out sets of one class of capability each
	// (heldout-<branch>.jsonl), written before the reader was changed for
	// that class: reported beside the others, held to the same city rate
	// and to a floor each class raises as its reader work lands.
	classSets, _ := filepath.Glob("testdata/briefs/heldout-*.jsonl")
	for _, path := range classSets {
		if listed[path] {
			continue
		}
		t.Run(strings.TrimSuffix(filepath.Base(path), ".jsonl"), func(t *testing.T) {
			wantCov, wantCity := 0.65, 0.95
			if *suiteTargets {
				wantCov = 0.9
			}
			runBriefSet(t, path, wantCov, wantCity)
		})
	}
}

// runBriefSet builds every brief of one file and holds the set to a mean
// coverage and a city rate.
func runBriefSet(t *testing.T, path string, wantCov, wantCity float64) {
	lex := lexicon.Load()
	briefs := loadSuite(t, path)
	type result struct {
		refused      error
		covered, all int
		missing      []string
		missArch     []string // the labelled archetype of each miss
		decisions    []Decision
		cityOK       bool
		descBad      string
	}
	results := make([]result, len(briefs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for i, br := range briefs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			res := &results[i]
			p, err := read.Read(engine.Scenario{Industry: br.Industry, Country: br.Country, Description: br.Description, Seed: uint64(i + 1)})
			if err != nil {
				res.refused = err
				return
			}
			b, err := engine.Build(p, engine.Options{})
			if err != nil {
				res.refused = err
				return
			}
			res.decisions = p.Decisions
			if *validateSuite {
				data, _ := json.Marshal(b)
				if rep := verifier.Validate(context.Background(), data); !rep.OK {
					for _, v := range rep.Validators {
						if !v.OK && v.Skipped == "" {
							res.refused = &engine.PlanError{Pointer: v.Name, Err: errString(strings.Join(v.Errors[:min(2, len(v.Errors))], "; "))}
							return
						}
					}
				}
			}
			raw := worldSurface(b)
			// The measure is honest only if the brief is not pasted into
			// what it measures: no six words of the description in a row
			// appear in the surface (the company name aside).
			if run := pastedRun(br.Description, raw, b.Company.Name); run != "" {
				res.descBad = "is pasted into the world: " + run
			}
			surface := foldTerms(lex, raw)
			for _, c := range br.Capabilities {
				res.all++
				ok := true
				for _, term := range c.Terms {
					if !termIn(lex, surface, term) {
						ok = false
					}
				}
				if ok {
					res.covered++
				} else {
					res.missing = append(res.missing, c.Phrase+" "+strings.Join(c.Terms, "+"))
					res.missArch = append(res.missArch, c.Archetype)
				}
			}
			country, _ := catalog.CountryByCode(p.Company.Country)
			if br.City != "" {
				want := br.City
				if c, ok := country.CityNamed(br.City); ok {
					want = c.Name
				} else if t, ok := country.TownNamed(br.City); ok {
					// A town of GeoNames under its own name
					// ("Castellón" is "Castelló de la Plana").
					want = t.Name
				}
				// The named city, or one of its wards where the catalog
				// keeps a city as wards (Hongdae is in 마포구 "Mapo-gu,
				// Seoul", and that is Seoul).
				hq := p.Company.Headquarters
				inWard := false
				if c, ok := country.CityNamed(hq); ok {
					if i := strings.LastIndexByte(c.Latin, ','); i >= 0 && strings.EqualFold(strings.TrimSpace(c.Latin[i+1:]), br.City) {
						inWard = true
					}
				}
				// The address is in it (Singapore's addresses name no
				// district).
				inAddress := strings.Contains(b.Company.Headquarters, hq) || !strings.Contains(country.AddressFormat, "{city}")
				res.cityOK = (hq == want || inWard) && inAddress
			}
			// The description names no other city of the country and no
			// other industry than the brief's own words do.
			// (The headquarters' own name is taken out first: "札幌市中央区"
			// contains another city's "中央区".)
			desc := strings.ReplaceAll(strings.ToLower(b.Company.Description), strings.ToLower(p.Company.Headquarters), " ")
			own := strings.ToLower(br.Description + " " + br.Industry)
			for _, c := range country.Cities {
				n := strings.ToLower(c.Name)
				if c.Name != p.Company.Headquarters && len(n) > 3 && read.ContainsWord(desc, n) && !read.ContainsWord(own, n) {
					res.descBad = "names city " + c.Name
				}
			}
			for _, ind := range catalog.Industries() {
				n := strings.ToLower(ind.Name)
				if ind.ID != p.Company.Pack && read.ContainsWord(desc, n) && !read.ContainsWord(own, n) {
					res.descBad = "names industry " + ind.Name
				}
			}
		}()
	}
	wg.Wait()
	refused, covered, all, withCity, cityOK := 0, 0.0, 0, 0, 0
	byArch := map[string]int{}
	sum := 0.0
	for i, r := range results {
		br := briefs[i]
		if r.refused != nil {
			refused++
			t.Errorf("%s: refused: %v", br.ID, r.refused)
			continue
		}
		if r.all > 0 {
			sum += float64(r.covered) / float64(r.all)
			all++
		}
		covered += float64(r.covered)
		if br.City != "" {
			withCity++
			if r.cityOK {
				cityOK++
			} else {
				t.Logf("%s: headquarters is not %s", br.ID, br.City)
			}
		}
		if r.descBad != "" {
			t.Errorf("%s: company description %s", br.ID, r.descBad)
		}
		for _, m := range r.missing {
			t.Logf("%s: not in the world: %s", br.ID, m)
		}
		if *suiteExplain && len(r.missing) > 0 {
			var sb strings.Builder
			for _, d := range r.decisions {
				sb.WriteString("\n\t" + d.String())
			}
			t.Logf("%s: %s\n%s%s", br.ID, br.Description, "how it was read:", sb.String())
		}
		for _, a := range r.missArch {
			byArch[a]++
		}
	}
	if *suiteExplain {
		var sb strings.Builder
		for _, a := range slices.SortedFunc(maps.Keys(byArch), func(x, y string) int { return cmp.Or(byArch[y]-byArch[x], strings.Compare(x, y)) }) {
			fmt.Fprintf(&sb, " %s %d", a, byArch[a])
		}
		t.Logf("misses by labelled archetype:%s", sb.String())
	}
	mean := sum / float64(max(all, 1))
	cityRate := float64(cityOK) / float64(max(withCity, 1))
	t.Logf("briefs %d, refused %d, mean capability coverage %.3f, named city = headquarters %d/%d (%.2f)", len(briefs), refused, mean, cityOK, withCity, cityRate)
	// The targets of issue 7 are coverage ≥ 0.9 and city ≥ 0.95; what the
	// reader reaches today is a floor no change may fall below (the
	// caller's). Raise the floors as the reader improves.
	if mean < wantCov {
		t.Errorf("mean capability coverage %.3f < %.2f", mean, wantCov)
	}
	if cityRate < wantCity {
		t.Errorf("named city is the headquarters in %.2f of briefs < %.2f", cityRate, wantCity)
	}
}

// termIn reports whether a labelled term is in the folded surface: its
// words in order, each the start of a word there (labels may give stems:
// "approv", "licen").
func termIn(lex *lexicon.Lexicon, surface, term string) bool {
	ws := strings.Fields(foldTerms(lex, term))
	if len(ws) == 0 {
		return true
	}
	var pat strings.Builder
	pat.WriteString(`(^|\s)`)
	for i, w := range ws {
		if i > 0 {
			pat.WriteString(`\S*\s+`)
		}
		pat.WriteString(regexp.QuoteMeta(w))
	}
	return regexp.MustCompile(pat.String()).MatchString(surface)
}

type errString string

func (e errString) Error() string { return string(e) }

// pastedRun returns six consecutive words of desc found in surface, ""
// when there are none; runs that overlap the company name do not count.
func pastedRun(desc, surface, company string) string {
	norm := func(x string) []string {
		return strings.FieldsFunc(strings.ToLower(x), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	}
	ws := norm(desc)
	text := " " + strings.Join(norm(surface), " ") + " "
	name := " " + strings.Join(norm(company), " ") + " "
	for i := 0; i+6 <= len(ws); i++ {
		run := strings.Join(ws[i:i+6], " ")
		if strings.Contains(text, " "+run+" ") && !strings.Contains(name, " "+ws[i]+" ") && !strings.Contains(name, " "+ws[i+5]+" ") {
			return run
		}
	}
	return ""
}

// The honesty check of the suite can fail: a world that pastes the brief
// into a tool description is caught; one that uses its nouns is not.
func TestPastedRun(t *testing.T) {
	desc := "We dispatch emergency call-outs for lockouts, fit and rekey locks for landlords."
	if got := pastedRun(desc, "Tool: dispatch emergency call-outs for lockouts, fit and more", "Leeds Locksmith"); got == "" {
		t.Error("a pasted brief was not caught")
	}
	if got := pastedRun(desc, "call_outs: emergency call-outs of landlords; rekey jobs", "Leeds Locksmith"); got != "" {
		t.Errorf("nouns of the brief counted as pasted: %q", got)
	}
}
