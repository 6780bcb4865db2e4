package verifier

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mercury/mcp-world/world"
)

// initialState snapshots a fresh episode of the task: the state the agent
// started from (s0 + Δs0).
func (g *grader) initialState(ctx context.Context) ([]tableRows, error) {
	ep, err := g.w.NewEpisode(ctx, g.task)
	if err != nil {
		return nil, err
	}
	defer ep.Close()
	var rows []tableRows
	err = ep.Read(ctx, func(q world.Querier) error {
		var err error
		rows, err = g.snapshot(ctx, q)
		return err
	})
	return rows, err
}

// tableRows is one table of a state snapshot, rows in key order.
type tableRows struct {
	name  string
	cols  []string
	rows  []row
	byKey map[string]int
}

type row struct {
	key  any
	vals []any
	sig  string // the values, encoded for comparison
}

// snapshot reads every world table (not the runtime's _mercury tables) in
// primary-key order.
func (g *grader) snapshot(ctx context.Context, q world.Querier) ([]tableRows, error) {
	names, err := queryAll(ctx, q, `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\' AND name NOT LIKE '\_mercury%' ESCAPE '\' ORDER BY name`)
	if err != nil {
		return nil, err
	}
	out := make([]tableRows, 0, len(names.rows))
	for _, n := range names.rows {
		name, _ := n[0].(string)
		pk, ok := g.w.PrimaryKey(name)
		sel := "SELECT * FROM " + quoteIdent(name) + " ORDER BY " + quoteIdent(pk)
		if !ok {
			// Not a world table: key its rows by rowid.
			sel = "SELECT rowid AS \"#rowid\", * FROM " + quoteIdent(name) + " ORDER BY rowid"
		}
		res, err := queryAll(ctx, q, sel)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		keyCol := slices.Index(res.cols, pk)
		if !ok {
			keyCol = 0
		}
		t := tableRows{name: name, cols: res.cols, rows: make([]row, len(res.rows)), byKey: make(map[string]int, len(res.rows))}
		var buf []byte
		for i, r := range res.rows {
			buf = signature(buf[:0], r)
			t.rows[i] = row{key: r[keyCol], vals: r, sig: string(buf)}
			t.byKey[keyString(r[keyCol])] = i
		}
		out = append(out, t)
	}
	return out, nil
}

// signature encodes stored values so that two rows have the same
// signature exactly when every value has the same type and value.
func signature(b []byte, vals []any) []byte {
	for _, v := range vals {
		switch x := v.(type) {
		case nil:
			b = append(b, 'n')
		case int64:
			b = append(b, 'i')
			b = strconv.AppendInt(b, x, 10)
		case float64:
			b = append(b, 'f')
			b = strconv.AppendFloat(b, x, 'g', -1, 64)
		case string:
			b = append(b, 's')
			b = strconv.AppendInt(b, int64(len(x)), 10)
			b = append(b, ':')
			b = append(b, x...)
		default:
			s := fmt.Sprintf("%T:%v", v, v)
			b = append(b, 'o')
			b = strconv.AppendInt(b, int64(len(s)), 10)
			b = append(b, ':')
			b = append(b, s...)
		}
		b = append(b, ';')
	}
	return b
}

// change is one row that differs between the initial and final states.
type change struct {
	op     string // insert, update, delete
	table  string
	key    any
	cols   []string
	before []any // nil for an insert
	after  []any // nil for a delete
}

func (c change) String() string { return c.op + " " + c.table + " " + keyString(c.key) }

// diff lists the changed rows, by table name, then key.
func diff(initial, final []tableRows) []change {
	byName := map[string]tableRows{}
	var names []string
	for _, t := range initial {
		byName[t.name] = t
		names = append(names, t.name)
	}
	finalBy := map[string]tableRows{}
	for _, t := range final {
		finalBy[t.name] = t
		if _, ok := byName[t.name]; !ok {
			names = append(names, t.name)
		}
	}
	slices.Sort(names)
	var out []change
	for _, name := range names {
		before, after := byName[name], finalBy[name]
		cols := after.cols
		if cols == nil {
			cols = before.cols
		}
		var cs []change
		for _, r := range after.rows {
			i, ok := before.byKey[keyString(r.key)]
			switch {
			case !ok:
				cs = append(cs, change{op: "insert", table: name, key: r.key, cols: cols, after: r.vals})
			case before.rows[i].sig != r.sig:
				cs = append(cs, change{op: "update", table: name, key: r.key, cols: cols, before: before.rows[i].vals, after: r.vals})
			}
		}
		for _, r := range before.rows {
			if _, ok := after.byKey[keyString(r.key)]; !ok {
				cs = append(cs, change{op: "delete", table: name, key: r.key, cols: cols, before: r.vals})
			}
		}
		slices.SortStableFunc(cs, func(a, b change) int { return compareKeys(a.key, b.key) })
		out = append(out, cs...)
	}
	return out
}

// compareKeys orders keys as SQLite does: numbers before text, text by
// bytes.
func compareKeys(a, b any) int {
	af, aNum := number(a)
	bf, bNum := number(b)
	switch {
	case aNum && bNum:
		return cmp.Compare(af, bf)
	case aNum:
		return -1
	case bNum:
		return 1
	}
	return strings.Compare(keyString(a), keyString(b))
}

func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

func (g *grader) allowed(c change) bool {
	for _, m := range g.spec.MayChange {
		if m.Table != c.table {
			continue
		}
		if len(m.Keys) > 0 && !slices.ContainsFunc(m.Keys, func(k any) bool { return keyString(k) == keyString(c.key) }) {
			continue
		}
		if len(m.Ops) > 0 && !slices.Contains(m.Ops, c.op) {
			continue
		}
		return true
	}
	return false
}

func (g *grader) collateral(initial, final []tableRows) Check {
	c := Check{ID: "collateral", Kind: KindCollateral, Weight: 1}
	changes := diff(initial, final)
	var bad []change
	for _, ch := range changes {
		if !g.allowed(ch) {
			bad = append(bad, ch)
		}
	}
	if len(bad) == 0 {
		c.Passed = true
		switch len(changes) {
		case 0:
			c.Detail = "no rows changed"
		case 1:
			c.Detail = "1 row changed, allowed by may_change"
		default:
			c.Detail = fmt.Sprintf("%d rows changed, all allowed by may_change", len(changes))
		}
		return c
	}
	names := make([]string, 0, maxShown)
	for _, ch := range bad[:min(len(bad), maxShown)] {
		names = append(names, ch.String())
	}
	noun := "changes"
	if len(bad) == 1 {
		noun = "change"
	}
	c.Detail = fmt.Sprintf("%d %s outside may_change: %s", len(bad), noun, strings.Join(names, ", "))
	if len(bad) > maxShown {
		c.Detail += fmt.Sprintf(" and %d more", len(bad)-maxShown)
	}
	for _, ch := range bad[:min(len(bad), maxRows)] {
		o := ordered{{"op", ch.op}, {"table", ch.table}, {"key", ch.key}}
		if ch.before != nil {
			o = append(o, field{"before", rowObject(ch.cols, ch.before, g.types[ch.table])})
		}
		if ch.after != nil {
			o = append(o, field{"after", rowObject(ch.cols, ch.after, g.types[ch.table])})
		}
		c.Rows = append(c.Rows, o.encode())
	}
	return c
}
