package world

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// fullStateHash is the state hash computed the way it was defined first:
// every row of every table read and encoded with encoding/json. The fast
// hash must give exactly this.
func fullStateHash(t testing.TB, e *Episode) string {
	t.Helper()
	ctx := context.Background()
	e.mu.Lock()
	defer e.mu.Unlock()
	h := sha256.New()
	for _, tb := range e.world.tables {
		fmt.Fprintf(h, "table %s\n", tb.name)
		rows, err := e.conn.QueryContext(ctx, "SELECT "+(&call{}).selectList(tb)+" FROM "+quoteIdent(tb.name)+" ORDER BY "+quoteIdent(tb.pk.Name))
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			row, err := (&call{}).scanRow(tb, rows)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := marshalNoEscape(row)
			h.Write(b)
			h.Write([]byte{'\n'})
		}
		rows.Close()
	}
	rows, err := e.conn.QueryContext(ctx, "SELECT table_name, next FROM "+seqTable+" ORDER BY table_name")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		var next int64
		if err := rows.Scan(&name, &next); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(h, "seq %s %d\n", name, next)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// fullChanges diffs the whole initial state (a fresh episode) against the
// whole current state, with no change log.
func fullChanges(t testing.TB, e *Episode) []RowChange {
	t.Helper()
	ctx := context.Background()
	fresh, err := e.world.NewEpisode(ctx, e.task)
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	var out []RowChange
	for _, i := range e.world.byName {
		tb := e.world.tables[i]
		before, err := readTable(ctx, connQuerier(fresh.conn), tb, "")
		if err != nil {
			t.Fatal(err)
		}
		e.mu.Lock()
		after, err := readTable(ctx, connQuerier(e.conn), tb, "")
		e.mu.Unlock()
		if err != nil {
			t.Fatal(err)
		}
		for _, key := range mergeKeys(before, after) {
			bi, inB := before.byKey[key]
			ai, inA := after.byKey[key]
			ch := RowChange{Table: tb.name, Key: key, Columns: tb.columnList()}
			switch {
			case inB && inA:
				if string(before.rows[bi].line) == string(after.rows[ai].line) {
					continue
				}
				ch.Op, ch.Before, ch.After = "update", before.rows[bi].vals, after.rows[ai].vals
			case inA:
				ch.Op, ch.After = "insert", after.rows[ai].vals
			default:
				ch.Op, ch.Before = "delete", before.rows[bi].vals
			}
			out = append(out, ch)
		}
	}
	return out
}

// checkState compares the fast state hash and changes of ep with the full
// ones.
func checkState(t *testing.T, ep *Episode, step string) {
	t.Helper()
	ctx := context.Background()
	got, err := ep.StateHash(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := fullStateHash(t, ep); got != want {
		t.Fatalf("%s: state hash %s, full hash %s", step, got, want)
	}
	diff, err := ep.Diff(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if diff.StateHash != got {
		t.Fatalf("%s: diff state hash %s, state hash %s", step, diff.StateHash, got)
	}
	want := fullChanges(t, ep)
	if want == nil {
		want = []RowChange{}
	}
	if d := cmp.Diff(want, diff.Changes); d != "" {
		t.Fatalf("%s: changes (-full +fast):\n%s", step, d)
	}
}

func callJSON(c Call) json.RawMessage {
	b, _ := json.Marshal(c.Args)
	return b
}

// TestStateMatchesFullRead plays many calls on every task of three worlds
// and checks, after each, that the state hash and the changes read through
// the change log are exactly those of reading the whole state.
func TestStateMatchesFullRead(t *testing.T) {
	ctx := context.Background()
	type play struct {
		path  string
		calls func(*Task) []Call
	}
	ops := func(*Task) []Call {
		var cs []Call
		for _, c := range opsCalls {
			var args map[string]any
			json.Unmarshal([]byte(c.args), &args)
			cs = append(cs, Call{Tool: c.tool, Args: args})
		}
		return cs
	}
	solution := func(t *Task) []Call { return t.spec.Solution }
	for _, p := range []play{
		{"testdata/ops.json", ops},
		{"testdata/mini.json", solution},
		{"../bundles/worlds/rijnmond-forwarding.json", solution},
	} {
		w := mustCompile(t, p.path)
		for _, task := range append([]*Task{nil}, w.tasks...) {
			name := "s0"
			if task != nil {
				name = task.ID()
			}
			t.Run(w.Name()+"/"+name, func(t *testing.T) {
				ep, err := w.NewEpisode(ctx, task)
				if err != nil {
					t.Fatal(err)
				}
				defer ep.Close()
				checkState(t, ep, "start")
				if init, _ := w.InitialStateHash(ctx, task); init != fullStateHash(t, ep) {
					t.Fatalf("initial state hash %s, full hash %s", init, fullStateHash(t, ep))
				}
				var n int
				if err := ep.conn.QueryRowContext(ctx, "SELECT count(*) FROM "+changesTable).Scan(&n); err != nil || n != 0 {
					t.Fatalf("the image starts with %d logged changes (%v), want none", n, err)
				}
				calls := ops(task)
				if task != nil {
					calls = p.calls(task)
				}
				for i, c := range calls {
					ep.Call(ctx, c.Tool, callJSON(c))
					checkState(t, ep, fmt.Sprintf("call %d (%s)", i+1, c.Tool))
				}
				// A file opened for grading does not trust its log: the
				// same state, read whole, hashes the same.
				img, err := ep.Snapshot(ctx)
				if err != nil {
					t.Fatal(err)
				}
				f, err := w.episodeFromImage(ctx, task, img)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				f.logged = false
				checkState(t, f, "unlogged")
				if hash(t, f) != hash(t, ep) {
					t.Fatal("unlogged episode hashes differently")
				}
			})
		}
	}
}

// TestChangedBack: a row changed and changed back is no change, and a row
// inserted and deleted is none either; the state hash is the initial one.
func TestChangedBack(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/ops.json")
	ep, err := w.NewEpisode(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ep.Close()
	initial := hash(t, ep)
	for _, args := range []string{`{"ticket_id":"TCK-0002","priority":1}`, `{"ticket_id":"TCK-0002","priority":2}`} {
		if _, err := ep.Call(ctx, "update_ticket", json.RawMessage(args)); err != nil {
			t.Fatal(err)
		}
		checkState(t, ep, "update_ticket "+args)
	}
	// No tool deletes what it inserts: write as a tool would, by hand.
	if err := ep.setQueryOnly(ctx, false); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		"INSERT INTO helpdesk_agents (id, name, email, active) VALUES (99, 'Temp', 'temp@x.example', 1)",
		"INSERT INTO " + changesTable + " VALUES ('helpdesk_agents', 99)",
	} {
		if _, err := ep.conn.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	checkState(t, ep, "inserted")
	if _, err := ep.conn.ExecContext(ctx, "DELETE FROM helpdesk_agents WHERE id = 99"); err != nil {
		t.Fatal(err)
	}
	checkState(t, ep, "deleted")
	if diff, _ := ep.Diff(ctx); len(diff.Changes) != 0 {
		t.Errorf("changes %v, want none", diff.Changes)
	}
	if got := hash(t, ep); got != initial {
		t.Errorf("state hash %s after changing back, want the initial %s", got, initial)
	}
}

// TestFailedCallLogsNothing: a call that fails rolls back its log entries
// with its writes.
func TestFailedCallLogsNothing(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/ops.json")
	ep, _ := w.NewEpisode(ctx, nil)
	defer ep.Close()
	if _, err := ep.Call(ctx, "broken_write", json.RawMessage(`{"thread_id":"THR-001"}`)); err == nil {
		t.Fatal("broken_write succeeded")
	}
	var n int
	if err := ep.conn.QueryRowContext(ctx, "SELECT count(*) FROM "+changesTable).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d logged changes after a failed call (%v), want none", n, err)
	}
}

func TestCompareKeys(t *testing.T) {
	keys := []any{"b", int64(-2), nil, "B", 1.5, int64(10), "a", "ä", int64(2)}
	slices.SortFunc(keys, compareKeys)
	want := []any{nil, int64(-2), 1.5, int64(2), int64(10), "B", "a", "b", "ä"}
	if d := cmp.Diff(want, keys); d != "" {
		t.Errorf("key order (-want +got):\n%s", d)
	}
}

// legacyObject is object as it was encoded before the hand-written
// encoder: json.Marshal for keys, encoding/json for values.
type legacyObject []member

func (o legacyObject) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			buf.WriteByte(',')
		}
		k, err := json.Marshal(m.Key)
		if err != nil {
			return nil, err
		}
		buf.Write(k)
		buf.WriteByte(':')
		v := m.Value
		if inner, ok := v.(object); ok {
			v = legacyObject(inner)
		}
		if items, ok := v.([]object); ok && items != nil {
			l := make([]legacyObject, len(items))
			for i, it := range items {
				l[i] = legacyObject(it)
			}
			v = l
		}
		enc, err := marshalNoEscape(v)
		if err != nil {
			return nil, err
		}
		buf.Write(enc)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// FuzzAppendJSONValue: the hand-written encoding is encoding/json's.
func FuzzAppendJSONValue(f *testing.F) {
	for _, s := range []string{"", "plain", "\"quoted\" \\ back", "tab\tnew\nline\r\b\f\x00\x1f\x7f", "<a & b>", "€ ü 日本", "\u2028\u2029", "bad \xff\xfe utf8", string(utf8.RuneError)} {
		f.Add(s, 0.0)
	}
	for _, x := range []float64{1, -1, 0.1, 1e-7, 1e-6, 123456789, 1e20, 1e21, 1.5e300, 5e-324, math.Copysign(0, -1)} {
		f.Add("", x)
	}
	f.Fuzz(func(t *testing.T, s string, x float64) {
		want, _ := marshalNoEscape(s)
		if got := appendJSONString(nil, s); string(got) != string(want) {
			t.Errorf("string %q: got %s, want %s", s, got, want)
		}
		want, err := marshalNoEscape(x)
		got, ok := appendJSONFloat(nil, x)
		if ok != (err == nil) || ok && string(got) != string(want) {
			t.Errorf("float %v: got %s %v, want %s %v", x, got, ok, want, err)
		}
		o := object{{s, s}, {"n", x}, {"i", int64(len(s))}, {"b", len(s)%2 == 0}, {"null", nil},
			{"items", []object{{{"k<" + s, s}}, {}}}, {"none", []object(nil)}, {"list", []any{s, x}}}
		want, werr := marshalNoEscape(legacyObject(o))
		got, gerr := o.appendJSON(nil)
		if (werr == nil) != (gerr == nil) || werr == nil && string(got) != string(want) {
			t.Errorf("object: got %s %v, want %s %v", got, gerr, want, werr)
		}
	})
}

// TestStateHashMidstates: a state hash that starts from the initial
// state's digest before the first changed table equals the hash of the
// whole state, after every call of every task's reference solution.
func TestStateHashMidstates(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/ops.json")
	for _, task := range w.Tasks() {
		ep, err := w.NewEpisode(ctx, task)
		if err != nil {
			t.Fatal(err)
		}
		init, err := w.initial(ctx, task)
		if err != nil {
			t.Fatal(err)
		}
		if len(init.mids) != len(w.tables)+1 {
			t.Fatalf("task %s: %d midstates for %d tables", task.ID(), len(init.mids), len(w.tables))
		}
		for k, c := range task.Spec().Solution {
			args, _ := json.Marshal(c.Args)
			ep.Call(ctx, c.Tool, args)
			got, err := ep.StateHash(ctx)
			if err != nil {
				t.Fatal(err)
			}
			_, d, seqs, err := ep.readState(ctx)
			if err != nil {
				t.Fatal(err)
			}
			whole := w.hashStateFrom(&initialState{tables: init.tables, seqs: init.seqs}, d, seqs, nil)
			if got != whole {
				t.Errorf("task %s, after call %d: %s from the midstate, %s from the start", task.ID(), k, got, whole)
			}
		}
		ep.Close()
	}
}
