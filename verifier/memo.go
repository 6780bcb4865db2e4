package verifier

import (
	"crypto/sha256"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mercury/mcp-world/world"
)

// checkMemo remembers the checks graded during one validation, so that
// the many plays of a task (its reference, doing nothing, a prefix, the
// reference without one call) run each hidden query once per distinct
// content of the tables it reads. A check is a pure function of the
// rows of the tables it reads: grading reads no clock and no trajectory.
// Its key is the check, the initial state of those tables and a digest of
// the episode's changes to them. That initial state is the task's when
// its seed writes one of them, and otherwise the world's (s0): an
// invariant that reads no table a task seeds is answered once for all
// the tasks whose changes to its tables are the same (doing nothing, to
// begin with).
//
// A check whose tables are not known for sure (SQL naming a table of
// SQLite's or the engine's own, sqlite_sequence or _mercury_changes) is
// never memoized. replay-deterministic grades without the memo, so that a
// check that gives two answers on one state is still caught.
type checkMemo struct {
	tables map[string]bool                 // the world's tables
	reads  map[string][]string             // by check: the tables it reads; nil: not memoized
	known  map[string]bool                 // reads computed
	checks map[[32]byte]Check              // by key
	seeded map[*world.Task]map[string]bool // by task: the tables its seed writes
	hits   int                             // for tests and benchmarks
}

func newCheckMemo(w *world.World) *checkMemo {
	m := &checkMemo{tables: map[string]bool{}, reads: map[string][]string{}, known: map[string]bool{}, checks: map[[32]byte]Check{}, seeded: map[*world.Task]map[string]bool{}}
	for _, t := range w.Tables() {
		m.tables[t.Name] = true
	}
	return m
}

// sqlToken is an SQL identifier, bare or double-quoted. Table names are
// [a-z][a-z0-9_]*, so every mention of a table, bare, quoted, bracketed
// or schema-qualified, has one as a token.
var sqlToken = regexp.MustCompile(`"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_]*`)

// sqlTables returns the world tables hidden SQL names (over-counting
// words that are also column names or string contents, which only costs
// memo hits), or ok false when it names one of SQLite's or the engine's
// own tables, whose rows an episode's changes do not list.
func (m *checkMemo) sqlTables(sql string) (tables []string, ok bool) {
	seen := map[string]bool{}
	for _, tok := range sqlToken.FindAllString(sql, -1) {
		if strings.HasPrefix(tok, `"`) {
			tok = strings.ReplaceAll(tok[1:len(tok)-1], `""`, `"`)
		}
		tok = strings.ToLower(tok) // SQLite's names are case-insensitive
		if strings.HasPrefix(tok, "sqlite_") || strings.HasPrefix(tok, "_mercury") || strings.HasPrefix(tok, "pragma_") {
			return nil, false
		}
		if m.tables[tok] && !seen[tok] {
			seen[tok] = true
			tables = append(tables, tok)
		}
	}
	slices.Sort(tables)
	return tables, true
}

// assertionReads returns the tables an assertion of task reads, or nil.
func (m *checkMemo) assertionReads(task *world.Task, a world.Assertion) []string {
	id := task.ID() + "\x00" + a.ID // assertion ids are the task's own
	if m.known[id] {
		return m.reads[id]
	}
	var reads []string
	switch {
	case a.Exists != nil:
		reads = []string{a.Exists.Table}
	case a.Absent != nil:
		reads = []string{a.Absent.Table}
	case a.Count != nil:
		reads = []string{a.Count.Table}
	case a.Field != nil:
		reads = []string{a.Field.Table}
	case a.SQL != "":
		if t, ok := m.sqlTables(a.SQL); ok {
			reads = append([]string{}, t...) // memoized even when it reads no table
		}
	}
	m.known[id], m.reads[id] = true, reads
	return reads
}

// invariantReads returns the tables an invariant's check reads, or nil.
func (m *checkMemo) invariantReads(w *world.World, inv world.Invariant) []string {
	id := "invariant:" + inv.Name
	if m.known[id] {
		return m.reads[id]
	}
	var reads []string
	if inv.Rule != nil {
		reads = append([]string{}, w.InvariantReads(inv.Name)...)
	} else if t, ok := m.sqlTables(inv.Check); ok {
		reads = append([]string{}, t...)
	}
	m.known[id], m.reads[id] = true, reads
	return reads
}

// base names the initial state of tables in episodes of task: the
// task's own when its seed writes one of them, else s0's (""). Nothing
// else makes a task's initial table differ from the world's: seed steps
// name their table, and foreign keys are off while a seed applies.
func (m *checkMemo) base(task *world.Task, tables []string) string {
	seeded, ok := m.seeded[task]
	if !ok {
		seeded = map[string]bool{}
		for _, op := range task.Spec().Seed {
			seeded[strings.ToLower(op.Insert+op.Update+op.Delete)] = true
		}
		m.seeded[task] = seeded
	}
	for _, t := range tables {
		if seeded[t] {
			return "task " + task.ID()
		}
	}
	return ""
}

// key is the memo key of a check, graded with a grader version, that
// reads tables from the initial state base (see [checkMemo.base]), on a
// state with the given changes (sorted by table, as [world.Diff] lists
// them). A check that is the task's own (an assertion) has the task in
// its base.
func (m *checkMemo) key(version, base, checkID string, tables []string, changes []world.RowChange) [32]byte {
	b := make([]byte, 0, 256)
	b = strconv.AppendQuote(b, version)
	b = strconv.AppendQuote(b, base)
	b = strconv.AppendQuote(b, checkID)
	for _, ch := range changes {
		if !slices.Contains(tables, ch.Table) {
			continue
		}
		b = append(b, '\n')
		b = append(b, ch.Table...)
		b = append(b, ' ')
		b = append(b, ch.Op...)
		b = appendMemoValue(b, ch.Key)
		for _, v := range ch.After {
			b = appendMemoValue(b, v)
		}
	}
	return sha256.Sum256(b)
}

// appendMemoValue writes a stored value with its type, unambiguously.
func appendMemoValue(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, " n"...)
	case int64:
		return strconv.AppendInt(append(b, " i"...), x, 10)
	case float64:
		return strconv.AppendUint(append(b, " f"...), math.Float64bits(x), 16)
	case string:
		return strconv.AppendQuote(append(b, " s"...), x)
	case []byte:
		return strconv.AppendQuote(append(b, " b"...), string(x))
	case bool:
		return strconv.AppendBool(append(b, " t"...), x)
	}
	return fmt.Appendf(b, " %T%q", v, fmt.Sprint(v))
}
