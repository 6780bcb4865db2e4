package planet

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/verifier"
)

var corpus = flag.Int("corpus", 0, "TestRealismCorpus: synthesize this many worlds (0: one per country; -short: a few)")

// TestRealismCorpus synthesizes worlds across every catalog country and
// industry and requires zero realism findings: every value of a kind from
// that kind's pool, in range and on the right side of the clock.
func TestRealismCorpus(t *testing.T) {
	cs, is := catalog.Countries(), catalog.Industries()
	n := *corpus
	if n == 0 {
		n = len(cs)
		if testing.Short() {
			n = 8
		}
	}
	found := 0
	for i := range n {
		s := engine.Scenario{Industry: is[(i*5)%len(is)].ID, Country: cs[i%len(cs)].Code, Seed: uint64(1000 + i)}
		b, err := Synthesize(s, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range seed.Findings(b) {
			found++
			if *corpus > 0 {
				fmt.Printf("FINDING %s %s %d %s\n", s.Country, s.Industry, s.Seed, f)
			}
			if found <= 60 {
				t.Errorf("%s/%s seed %d: %s", s.Industry, s.Country, s.Seed, f)
			}
		}
	}
	if found > 60 {
		t.Errorf("… %d findings in all", found)
	}
	fmt.Printf("realism: %d worlds, %d findings\n", n, found)
}

// BenchmarkRealism measures the realism validator against the whole
// validation of the same world, to keep its share of synth's budget small.
func BenchmarkRealism(b *testing.B) {
	bundle, data := synthJSON(b, engine.Scenario{Industry: "dental-clinics", Country: "PL", Seed: 3}, engine.Options{})
	b.Run("realism", func(b *testing.B) {
		for b.Loop() {
			seed.Findings(bundle)
		}
	})
	b.Run("validate", func(b *testing.B) {
		for b.Loop() {
			verifier.Validate(context.Background(), data)
		}
	})
}

// TestSeedTimesFollowRows: a work item's status history is stamped after
// the item was recorded and before the clock, and not at one moment for
// every row; a ticket's comments come after the ticket, in order, before
// the clock.
func TestSeedTimesFollowRows(t *testing.T) {
	b, err := Synthesize(engine.Scenario{Industry: "dental-clinics", Country: "PL", Seed: 11}, engine.Options{Services: []string{"helpdesk"}})
	if err != nil {
		t.Fatal(err)
	}
	clock, _ := time.Parse(time.RFC3339, b.Clock.Start)
	rows := map[string]map[string]any{} // by id, every table
	for _, tb := range b.Tables {
		for _, r := range tb.Rows {
			if id, ok := r["id"].(string); ok {
				rows[id] = r
			}
		}
	}
	at := func(v any) time.Time { t, _ := time.Parse(time.RFC3339, fmt.Sprint(v)); return t }
	checked := map[string]int{}
	for _, tb := range b.Tables {
		switch {
		case strings.HasSuffix(tb.Name, "_history"):
			stamps := map[string]bool{}
			for _, r := range tb.Rows {
				var item map[string]any
				for k, v := range r {
					if strings.HasSuffix(k, "_id") {
						item = rows[fmt.Sprint(v)]
					}
				}
				ch := at(r["changed_at"])
				if item == nil || ch.Before(at(item["created_at"])) || !ch.Before(clock) {
					t.Errorf("%s %s: changed at %v, item %v recorded %v, clock %v", tb.Name, r["id"], r["changed_at"], item["id"], item["created_at"], clock)
				}
				stamps[fmt.Sprint(r["changed_at"])] = true
				checked[tb.Name]++
			}
			if len(tb.Rows) > 3 && len(stamps) < len(tb.Rows)/2 {
				t.Errorf("%s: %d rows share %d timestamps", tb.Name, len(tb.Rows), len(stamps))
			}
		case tb.Name == "helpdesk_comments":
			last := map[string]time.Time{}
			for _, r := range tb.Rows {
				tk := rows[fmt.Sprint(r["ticket_id"])]
				c := at(r["created_at"])
				if h := c.Hour(); h < 8 || h >= 19 {
					t.Errorf("comment %s at %v: out of hours", r["id"], r["created_at"])
				}
				if tk == nil || c.Before(at(tk["created_at"])) || c.Before(last[fmt.Sprint(r["ticket_id"])]) || !c.Before(clock) {
					t.Errorf("comment %s at %v on ticket %v of %v (clock %v)", r["id"], r["created_at"], r["ticket_id"], tk["created_at"], clock)
				}
				last[fmt.Sprint(r["ticket_id"])] = c
				checked[tb.Name]++
			}
		}
	}
	if len(checked) < 2 {
		t.Fatalf("checked %v: want a history table and comments", checked)
	}
}

// TestStaffAndOfferingColumns: a client's preferred stylist is one of the
// salon's stylists, and a service_name is one of its services, not a
// stranger's name or a note.
func TestStaffAndOfferingColumns(t *testing.T) {
	b, err := Synthesize(engine.Scenario{Industry: "hair-beauty-salons", Country: "DE", Seed: 65}, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	staff, items := map[string]bool{}, map[string]bool{}
	for _, tb := range b.Tables {
		if strings.HasSuffix(tb.Name, "_stylists") {
			for _, r := range tb.Rows {
				staff[fmt.Sprint(r["name"])] = true
			}
		}
		if strings.HasSuffix(tb.Name, "_services") {
			for _, r := range tb.Rows {
				items[fmt.Sprint(r["name"])] = true
			}
		}
	}
	n := 0
	for _, tb := range b.Tables {
		for _, c := range tb.Columns {
			for _, r := range tb.Rows {
				v, ok := r[c.Name].(string)
				switch {
				case !ok:
				case c.Kind == string(seed.StaffName) && !staff[v]:
					t.Errorf("%s %v %s %q is not one of the stylists", tb.Name, r["id"], c.Name, v)
				case c.Name == "service_name" && !items[v]:
					t.Errorf("%s %v service_name %q is not one of the services", tb.Name, r["id"], v)
				default:
					if c.Kind == string(seed.StaffName) || c.Name == "service_name" {
						n++
					}
				}
			}
		}
	}
	if n == 0 || len(staff) == 0 || len(items) == 0 {
		t.Fatalf("nothing checked (%d values, %d stylists, %d services)", n, len(staff), len(items))
	}
}

// TestDomainsBelongToOneFirm: two firms of one stem get two domains, the
// same firm keeps its own, a name is never cut inside a word, and a
// Japanese firm's domain is its name in Latin letters.
func TestDomainsBelongToOneFirm(t *testing.T) {
	kr, _ := catalog.CountryByCode("KR")
	l := &engine.Locale{C: kr, R: rand.New(rand.NewPCG(1, 2))}
	a, b := l.DomainFor("다온의료검사센터 주식회사"), l.DomainFor("다온유통 주식회사")
	if a == b || !strings.HasPrefix(a, "daon") || !strings.HasPrefix(b, "daon") {
		t.Errorf("two Daon firms: %q and %q", a, b)
	}
	if again := l.DomainFor("다온의료검사센터 주식회사"); again != a {
		t.Errorf("the same firm: %q, then %q", a, again)
	}
	de, _ := catalog.CountryByCode("DE")
	l = &engine.Locale{C: de, R: rand.New(rand.NewPCG(1, 2))}
	if got := l.DomainFor("Regensburg Locksmiths GmbH"); got != "regensburg-locksmiths.de" {
		t.Errorf("DomainFor(Regensburg Locksmiths GmbH) = %q", got)
	}
	// A name too long for a domain keeps what tells the firm apart (its
	// stem, family name or city), not only its trade words.
	for _, tc := range []struct{ country, name, want string }{
		{"ES", "Escuela Infantil Cantábrica S.L.", "escuela-cantabrica.es"},
		{"ES", "Estudio Fotográfico Olivo S.Coop.", "estudioolivo.es"},
		{"MX", "Tienda de Mascotas Nopal S. de R.L. de C.V.", "tienda-mascotas-nopal.com.mx"},
		{"ES", "Mudanzas Serrano S.L.", "mudanzas-serrano.es"},
		// A compound that does not fit gives its first parts: not the
		// city's own domain.
		{"DE", "München 3D-Druck-Dienstleister e.K.", "muenchen-3d-druck.de"},
		// The Turkish dotless i is an i, not a gap.
		{"TR", "Yıldız Ltd. Şti.", "yildiz.com.tr"},
	} {
		c, _ := catalog.CountryByCode(tc.country)
		l = &engine.Locale{C: c, R: rand.New(rand.NewPCG(1, 2))}
		if got := l.DomainFor(tc.name); got != tc.want {
			t.Errorf("DomainFor(%s) = %q, want %q", tc.name, got, tc.want)
		}
	}
	jp, _ := catalog.CountryByCode("JP")
	l = &engine.Locale{C: jp, R: rand.New(rand.NewPCG(1, 2))}
	if got := l.DomainFor("株式会社三栄麦酒"); got != "sanei.co.jp" {
		t.Errorf("DomainFor(株式会社三栄麦酒) = %q", got)
	}
}

// TestTownAddressesInOneScript: a brief that names, in Latin letters, a
// town the catalog does not list in a country of another script gets its
// headquarters and customers' city in the country's script (別府市, not
// "Beppu旭町"), and the realism validator finds nothing; a town without a
// local name in the data gives way to a catalog city.
func TestTownAddressesInOneScript(t *testing.T) {
	for _, tc := range []struct{ country, desc, want string }{
		{"JP", "A family ryokan with hot spring baths in Beppu.", "大分県別府市"},
		{"CN", "A bakery in Guilin.", "桂林市"},
		{"KR", "A bakery in Gangneung.", "강릉시"},
		{"RU", "A bakery in Pyatigorsk.", "Пятигорск"},
		{"GR", "A bakery in Nafplio.", "Ναύπλιο"},
		{"IL", "A bakery in Eilat.", "אילת"},
		{"TH", "A bakery in Krabi.", "กระบี่"},
		{"SA", "A bakery in AlUla.", "العلا"},
		{"JP", "A bakery in Shirakawa-go.", ""},
	} {
		b, err := Synthesize(engine.Scenario{Industry: "bakeries", Country: tc.country, Description: tc.desc, Seed: 7}, engine.Options{})
		if err != nil {
			t.Fatalf("%s %q: %v", tc.country, tc.desc, err)
		}
		if hq := b.Company.Headquarters; !strings.Contains(hq, tc.want) || strings.ContainsFunc(hq, func(r rune) bool { return unicode.Is(unicode.Latin, r) }) {
			t.Errorf("%s %q: headquarters %q, want it in %s", tc.country, tc.desc, hq, tc.want)
		}
		for _, f := range seed.Findings(b) {
			t.Errorf("%s %q: %s", tc.country, tc.desc, f)
		}
	}
}
