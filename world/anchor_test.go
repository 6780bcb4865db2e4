package world

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The anchor world: the rows of the TypeScript reference server that
// BENCHMARKS.md compares Mercury with (mulberry32 seeded 20240601, the
// same names, emails, companies and deals), in the shape of
// testdata/crm-anchor.json. anchorBundle(500) is byte-for-byte the
// rows of the anchor's own crm-anchor.json; anchorBundle(100000) is its
// "N_CONTACTS=100000" world, the real-table-size case.

var (
	anchorFirst     = []string{"Ada", "Alan", "Anna", "Boris", "Carla", "Dana", "Diego", "Elena", "Farid", "Grace", "Hana", "Ivan", "Joan", "Kenji", "Lena", "Marco", "Nadia", "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tara", "Umar", "Vera", "Wei", "Xena", "Yusuf", "Zoe", "Noah"}
	anchorLast      = []string{"Lovelace", "Turing", "Hopper", "Knuth", "Liskov", "Ritchie", "Thompson", "Hamilton", "Dijkstra", "Backus", "Kay", "Lamport", "Torvalds", "Goldberg", "Wirth", "Stroustrup", "Perlman", "Allen", "Cerf", "Kahn"}
	anchorCompanies = []string{"Acme Corp", "Globex", "Initech", "Umbrella", "Hooli", "Stark Industries", "Wayne Enterprises", "Wonka Industries", "Soylent", "Tyrell", "Cyberdyne", "Aperture", "Black Mesa", "Vandelay Industries", "Pied Piper", "Massive Dynamic", "Oscorp", "Gringotts", "Monsters Inc", "Dunder Mifflin"}
	anchorStages    = []string{"lead", "qualified", "proposal", "won", "lost"}
)

// mulberry32 is the reference server's PRNG, in uint32 arithmetic.
func mulberry32(seed uint32) func() float64 {
	a := seed
	return func() float64 {
		a += 0x6d2b79f5
		t := a
		t = (t ^ t>>15) * (t | 1)
		t ^= t + (t^t>>7)*(t|61)
		return float64(t^t>>14) / 4294967296
	}
}

// anchorBundle returns the anchor world with n contacts and 300 deals.
func anchorBundle(tb testing.TB, n int) []byte {
	tb.Helper()
	data, err := os.ReadFile("testdata/crm-anchor.json")
	if err != nil {
		tb.Fatal(err)
	}
	var b map[string]any
	if err := json.Unmarshal(data, &b); err != nil {
		tb.Fatal(err)
	}
	rnd := mulberry32(20240601)
	pick := func(xs []string) string { return xs[int(math.Floor(rnd()*float64(len(xs))))] }
	pad := func(i int) string { return fmt.Sprintf("%04d", i) }
	epoch := time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)
	contacts := make([]any, 0, n)
	for i := 1; i <= n; i++ {
		first, last, company := pick(anchorFirst), pick(anchorLast), pick(anchorCompanies)
		domain := strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' {
				return r
			}
			return -1
		}, strings.ToLower(company)) + ".example"
		created := epoch.Add(time.Duration(math.Floor(rnd()*365*86400)) * time.Second)
		contacts = append(contacts, map[string]any{
			"id": "c_" + pad(i), "name": first + " " + last,
			"email":   strings.ToLower(first + "." + last + strconv.Itoa(i) + "@" + domain),
			"company": company, "created_at": created.Format("2006-01-02T15:04:05.000Z"),
		})
	}
	// The anchor's generator lists rows by id, as text: c_10000 before c_1001.
	slices.SortFunc(contacts, func(a, b any) int {
		return strings.Compare(a.(map[string]any)["id"].(string), b.(map[string]any)["id"].(string))
	})
	deals := make([]any, 0, 300)
	for i := 1; i <= 300; i++ {
		contact := 1 + int(math.Floor(rnd()*float64(n)))
		amount := math.Round((500+rnd()*50000)*100) / 100
		deals = append(deals, map[string]any{"id": "d_" + pad(i), "contact_id": "c_" + pad(contact), "amount_cents": int64(math.Round(amount * 100)), "stage": pick(anchorStages)})
	}
	tables := b["tables"].([]any)
	tables[0].(map[string]any)["rows"] = contacts
	tables[1].(map[string]any)["rows"] = deals
	out, err := json.Marshal(b)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// TestAnchorBundle checks the generator against the reference server's
// own rows, when the anchor's crm-anchor.json is at hand
// (MERCURY_ANCHOR_BUNDLE=…/crm-anchor.json).
func TestAnchorBundle(t *testing.T) {
	path := os.Getenv("MERCURY_ANCHOR_BUNDLE")
	if path == "" {
		t.Skip("MERCURY_ANCHOR_BUNDLE is not set")
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rowsOf := func(data []byte) (n int, tables [][]map[string]any) {
		var b struct {
			Tables []struct {
				Rows []map[string]any `json:"rows"`
			} `json:"tables"`
		}
		if err := json.Unmarshal(data, &b); err != nil {
			t.Fatal(err)
		}
		for _, tb := range b.Tables {
			tables = append(tables, tb.Rows)
		}
		return len(b.Tables[0].Rows), tables
	}
	n, wantRows := rowsOf(want)
	_, gotRows := rowsOf(anchorBundle(t, n))
	for i := range wantRows {
		if !slices.EqualFunc(wantRows[i], gotRows[i], func(a, b map[string]any) bool { return fmt.Sprint(a) == fmt.Sprint(b) }) {
			t.Errorf("table %d: generated rows differ from %s", i, path)
		}
	}
}

// anchorEpisode compiles the anchor world with n contacts and opens an
// episode on it.
func anchorEpisode(b *testing.B, n int) *Episode {
	b.Helper()
	w, err := Compile(anchorBundle(b, n))
	if err != nil {
		b.Fatal(err)
	}
	ep, err := w.NewEpisode(context.Background(), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ep.Close() })
	return ep
}

// BenchmarkAnchorSearch: a search on the 100,000-contact anchor world.
// "fills-early" matches most rows, so its first page is found among the
// first rows in key order; "no-match" and "few" must read the whole table.
// "point-read" (a get by key), "sqlite-count" (SQLite counting the
// LIKE filter over the whole table), "sqlite-page" (the search's SELECT
// with LIKE, as SQLite runs it, through database/sql) and
// "sqlite-page-contains" (the same with mercury_contains, the search's
// own) are the yardsticks; the "-driver" cases are searches as they ran
// before direct reads (database/sql and LIKE). On a shared machine,
// compare cpu-µs/op (the process's CPU time per call, garbage collection
// included) as well as the wall-clock p50. Targets: fills-early ≤ 1 ms
// p50 and ≤ 2× point-read; no-match ≤ sqlite-page + a constant.
//
//	go test ./world -run '^$' -bench AnchorSearch -benchtime 200x
func BenchmarkAnchorSearch(b *testing.B) {
	n := 100000
	if v := os.Getenv("MERCURY_ANCHOR_CONTACTS"); v != "" {
		n, _ = strconv.Atoi(v)
	}
	ep := anchorEpisode(b, n)
	ctx := context.Background()
	// driver: an episode whose searches run as before the direct reads
	// (database/sql and LIKE), for comparison in the same run.
	driver, err := ep.World().NewEpisode(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer driver.Close()
	driver.noDirect = true
	call := func(tool, args string) func() error {
		return func() error {
			_, err := ep.Call(ctx, tool, json.RawMessage(args))
			return err
		}
	}
	// The filter the tool ran before mercury_contains, and the two ways
	// SQLite can read the table for it: counting in storage order, and
	// the tool's own query (key order, a page plus one). "+?" keeps each
	// pattern's binding from expiring the prepared statement, as in the
	// tool: with a bare "?" every run was prepared and planned again.
	const filter = `(name LIKE +? ESCAPE '\' OR email LIKE +? ESCAPE '\' OR company LIKE +? ESCAPE '\')`
	scan := func(q, sql string) func() error {
		like := "%" + q + "%"
		return func() error {
			return ep.Read(ctx, func(r Querier) error {
				rows, err := r.QueryContext(ctx, sql, like, like, like)
				if err != nil {
					return err
				}
				for rows.Next() {
				}
				return rows.Close()
			})
		}
	}
	// The search's own SELECT, as the tool writes it; mercury_contains
	// is registered on the connection by the episode's first search.
	if err := call("crm_search_contacts", `{"query":"an"}`)(); err != nil {
		b.Fatal(err)
	}
	scanContains := func(q string) func() error {
		return func() error {
			return ep.Read(ctx, func(r Querier) error {
				rows, err := r.QueryContext(ctx, `SELECT "id", "name", "email", "company", "created_at" FROM crm_contacts WHERE mercury_contains(+?, "name", "email", "company") ORDER BY "id" LIMIT ? OFFSET ?`, q, 11, 0)
				if err != nil {
					return err
				}
				for rows.Next() {
				}
				return rows.Close()
			})
		}
	}
	for _, c := range []struct {
		name string
		run  func() error
	}{
		{"point-read", call("crm_get_deal", `{"deal_id":"d_0150"}`)},
		{"fills-early", call("crm_search_contacts", `{"query":"an"}`)},
		{"fills-early-driver", func() error {
			_, err := driver.Call(ctx, "crm_search_contacts", json.RawMessage(`{"query":"an"}`))
			return err
		}},
		{"fills-early-page-100", call("crm_search_contacts", `{"query":"an","cursor":"`+encodeCursor(1000)+`"}`)},
		{"few", call("crm_search_contacts", `{"query":"hopper9999"}`)},
		{"no-match", call("crm_search_contacts", `{"query":"zzzz"}`)},
		{"no-match-driver", func() error {
			_, err := driver.Call(ctx, "crm_search_contacts", json.RawMessage(`{"query":"zzzz"}`))
			return err
		}},
		{"sqlite-count", scan("zzzz", "SELECT count(*) FROM crm_contacts WHERE "+filter)},
		{"sqlite-page", scan("zzzz", `SELECT "id", "name", "email", "company", "created_at" FROM crm_contacts WHERE `+filter+` ORDER BY "id" LIMIT 11`)},
		{"sqlite-page-fills-early", scan("an", `SELECT "id", "name", "email", "company", "created_at" FROM crm_contacts WHERE `+filter+` ORDER BY "id" LIMIT 11`)},
		{"sqlite-page-contains", scanContains("zzzz")},
		{"sqlite-page-contains-fills-early", scanContains("an")},
		{"sqlite-point-read", func() error {
			return ep.Read(ctx, func(r Querier) error {
				rows, err := r.QueryContext(ctx, `SELECT "id", "contact_id", "amount_cents", "stage" FROM crm_deals WHERE "id" = ?`, "d_0150")
				if err != nil {
					return err
				}
				for rows.Next() {
				}
				return rows.Close()
			})
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			if err := c.run(); err != nil {
				b.Fatal(err)
			}
			var took []time.Duration
			cpu0 := cpuTime()
			for b.Loop() {
				start := time.Now()
				if err := c.run(); err != nil {
					b.Fatal(err)
				}
				took = append(took, time.Since(start))
			}
			cpu := cpuTime() - cpu0
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Nanoseconds())/1000, "p50-µs")
			b.ReportMetric(float64(cpu.Nanoseconds())/1000/float64(b.N), "cpu-µs/op")
		})
	}
}

// BenchmarkAnchorSearchLayout: the search's own SELECT (a page of 10 + 1
// for "an", which reads 30 rows in key order to fill it) and a point read
// by key, on three layouts of the same 100,000 contacts, all outside any
// world: the table as worlds lay it out (a rowid table, its text key in an
// index: each row read is an index step and a table seek), the same table
// WITHOUT ROWID (one b-tree in key order), and the first with a covering
// index (id, name, email, company). It measures what a change of storage
// would buy the search; worlds keep the first layout (see BENCHMARKS.md).
//
//	go test ./world -run '^$' -bench AnchorSearchLayout -benchtime 2s
func BenchmarkAnchorSearchLayout(b *testing.B) {
	data := anchorBundle(b, 100000)
	bd, err := Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	var rows []map[string]any
	for _, t := range bd.Tables {
		if t.Name == "crm_contacts" {
			rows = t.Rows
		}
	}
	ctx := context.Background()
	db, conn, err := openMemory(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	defer conn.Close()
	for _, ddl := range []string{
		`CREATE TABLE rowid_t (id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL, company TEXT NOT NULL, created_at TEXT NOT NULL) STRICT`,
		`CREATE TABLE norowid_t (id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL, company TEXT NOT NULL, created_at TEXT NOT NULL) STRICT, WITHOUT ROWID`,
		`CREATE TABLE covering_t (id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL, company TEXT NOT NULL, created_at TEXT NOT NULL) STRICT`,
		`CREATE INDEX covering_ix ON covering_t (id, name, email, company)`,
	} {
		if _, err := conn.ExecContext(ctx, ddl); err != nil {
			b.Fatal(err)
		}
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, t := range []string{"rowid_t", "norowid_t", "covering_t"} {
		st, err := tx.PrepareContext(ctx, "INSERT INTO "+t+" VALUES (?,?,?,?,?)")
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range rows {
			if _, err := st.ExecContext(ctx, r["id"], r["name"], r["email"], r["company"], r["created_at"]); err != nil {
				b.Fatal(err)
			}
		}
		st.Close()
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	// "+?": a bare "?" would have each run prepared again (see
	// BenchmarkAnchorSearch).
	const filter = `(name LIKE +? ESCAPE '\' OR email LIKE +? ESCAPE '\' OR company LIKE +? ESCAPE '\')`
	// Each query is prepared once, as an episode's are, and closed
	// before the connection is.
	var stmts []*sql.Stmt
	defer func() {
		for _, st := range stmts {
			st.Close()
		}
	}()
	prepare := func(q string) *sql.Stmt {
		st, err := conn.PrepareContext(ctx, q)
		if err != nil {
			b.Fatal(err)
		}
		stmts = append(stmts, st)
		return st
	}
	run := func(q string, args ...any) func() {
		st := prepare(q)
		return func() {
			r, err := st.QueryContext(ctx, args...)
			if err != nil {
				b.Fatal(err)
			}
			var a, bb, c, d, e sql.RawBytes
			for r.Next() {
				r.Scan(&a, &bb, &c, &d, &e)
			}
			r.Close()
		}
	}
	point := func(t string) func() {
		st := prepare(`SELECT id, name, email, company, created_at FROM ` + t + ` WHERE id = ?`)
		return func() {
			r, err := st.QueryContext(ctx, "c_50000")
			if err != nil {
				b.Fatal(err)
			}
			var a, bb, c, d, e sql.RawBytes
			n := 0
			for r.Next() {
				r.Scan(&a, &bb, &c, &d, &e)
				n++
			}
			r.Close()
			if n != 1 {
				b.Fatalf("point read of c_50000 in %s: %d rows", t, n)
			}
		}
	}
	like := "%an%"
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"rowid-page", run(`SELECT id, name, email, company, created_at FROM rowid_t WHERE `+filter+` ORDER BY id LIMIT 11`, like, like, like)},
		{"norowid-page", run(`SELECT id, name, email, company, created_at FROM norowid_t WHERE `+filter+` ORDER BY id LIMIT 11`, like, like, like)},
		{"covering-page", run(`SELECT id, name, email, company, created_at FROM covering_t WHERE `+filter+` ORDER BY id LIMIT 11`, like, like, like)},
		{"rowid-point", point("rowid_t")},
		{"norowid-point", point("norowid_t")},
	} {
		b.Run(c.name, func(b *testing.B) {
			c.f()
			var took []time.Duration
			cpu0 := cpuTime()
			for b.Loop() {
				s := time.Now()
				c.f()
				took = append(took, time.Since(s))
			}
			cpu := cpuTime() - cpu0
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Nanoseconds())/1000, "p50-µs")
			b.ReportMetric(float64(cpu.Nanoseconds())/1000/float64(b.N), "cpu-µs/op")
		})
	}
}

// BenchmarkAnchorCompile: compiling the anchor bundle from its bytes, as
// serving a bundle file does on start.
//
//	go test ./world -run '^$' -bench AnchorCompile -benchtime 5x
func BenchmarkAnchorCompile(b *testing.B) {
	for _, n := range []int{500, 100000} {
		data := anchorBundle(b, n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			cpu0 := cpuTime()
			for b.Loop() {
				if _, err := Compile(data); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// cpuTime is the process's user and system CPU time so far: on a shared
// machine it varies much less with the load than wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
