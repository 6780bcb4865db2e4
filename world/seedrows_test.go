package world

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
)

// FuzzSeedValue: seedValue, the seeder's check of a parsed value, accepts
// exactly what check accepts, and stores the same value.
func FuzzSeedValue(f *testing.F) {
	for _, c := range []struct {
		kind byte
		text string
	}{
		{0, ""}, {1, "a"}, {1, "2026-02-28"}, {1, "2026-03-02T09:30:00+01:00"}, {1, "x@y.example"}, {1, "Ann <x@y.example>"},
		{2, "1"}, {2, "1.0"}, {2, "1e2"}, {2, "1.5"}, {2, "-0"}, {2, "9223372036854775807"}, {2, "9223372036854775808"},
		{2, "1e400"}, {2, "9007199254740993.0"}, {2, "x"}, {3, ""}, {4, ""},
	} {
		for typ := range byte(len(seedTypes)) {
			f.Add(c.kind, c.text, typ, false, false, false)
			f.Add(c.kind, c.text, typ, true, false, true)
		}
	}
	f.Fuzz(func(t *testing.T, kind byte, text string, typ byte, nullable, pk, enum bool) {
		c := &column{Column: Column{Name: "c", Nullable: nullable, PrimaryKey: pk}, typ: seedTypes[int(typ)%len(seedTypes)]}
		if enum {
			for _, e := range seedEnums[c.typ] {
				v, err := c.typ.toSQL(e)
				if err != nil {
					t.Fatal(err)
				}
				c.enum = append(c.enum, v)
			}
			c.indexEnum()
		}
		s := scalar{text: text, kind: scalarKind(kind % 5)}
		got, ok := c.seedValue(s)
		want, err := c.check(s.value())
		if ok != (err == nil) {
			t.Fatalf("%s column, %#v: seedValue ok %v, check error %v", c.typ, s, ok, err)
		}
		if !ok {
			return
		}
		g := got.any()
		if gf, isF := g.(float64); isF {
			if wf, _ := want.(float64); math.Float64bits(gf) != math.Float64bits(wf) {
				t.Fatalf("%s column, %#v: seedValue %v, check %v", c.typ, s, g, want)
			}
			return
		}
		if !reflect.DeepEqual(g, want) {
			t.Fatalf("%s column, %#v: seedValue %#v, check %#v", c.typ, s, g, want)
		}
	})
}

var (
	seedTypes = []colType{typeText, typeInteger, typeReal, typeBoolean, typeDate, typeDatetime, typeEmail}
	seedEnums = map[colType][]any{
		typeText:    {"a", "b", ""},
		typeInteger: {json.Number("1"), json.Number("2")},
		typeReal:    {json.Number("1.5"), json.Number("2")},
		typeDate:    {"2026-02-28"},
		typeEmail:   {"x@y.example"},
	}
)

var seedRowsCases = []string{
	`[]`, `[{}]`, `[{"a":1,"b":"x"},{"b":"y","a":2},{"\u0061":3,"b":null},{"a":true},{},{"é":1.5e3,"a":"\u00e9"}]`,
	`[{"id":"c_1","n":"A"},{"id":"c_2","n":"B"},{"id":"c_3"},{"id":"c_4","n":"D","x":false}]`,
	`[{"a":1},{"ab":2},{"a\"":3},{"a\\":4}]`, ` [ { "a" : -0.5e-3 } , { "a" : "\ud83d\ude00" } ] `,
	`[{"a":1,"a":2}]`, `[{"a":{}}]`, `[{"a":[]}]`, `["x"]`, `[1]`, `{}`, `[{"a":1},]`, `[{"a" 1}]`, `[{"a":1}`,
	"[{\"a\":\"bad utf-8 \xff\"}]", "[{\"\xff\":1}]",
}

// TestSeedRows: the parser's seed rows are encoding/json's, or it hands
// over to the slow way.
func TestSeedRows(t *testing.T) {
	for _, c := range seedRowsCases {
		checkSeedRows(t, c)
	}
	for _, c := range seedRowsCases[:6] {
		if _, ok := parseSeedRows(c); !ok {
			t.Errorf("%s: handed over", c)
		}
	}
}

func FuzzSeedRows(f *testing.F) {
	for _, c := range seedRowsCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, rows string) { checkSeedRows(t, rows) })
}

// parseSeedRows parses rows as /tables/0/rows of a document.
func parseSeedRows(rows string) ([]map[string]any, bool) {
	tree, _, err := parseBundleTree([]byte(`{"tables": [{"rows": ` + rows + `}]}`))
	if err != nil {
		return nil, false
	}
	rs, ok := tree.(map[string]any)["tables"].([]any)[0].(map[string]any)["rows"].(*seedRows)
	if !ok {
		return nil, false
	}
	return rs.maps(), true
}

func checkSeedRows(t *testing.T, rows string) {
	t.Helper()
	got, ok := parseSeedRows(rows)
	var want []map[string]any
	dec := json.NewDecoder(strings.NewReader(rows))
	dec.UseNumber()
	werr := dec.Decode(&want)
	if werr == nil && dec.More() {
		werr = errors.New("trailing data")
	}
	switch {
	case !ok:
		// Handing over is always allowed; the slow way decides.
	case werr != nil:
		t.Errorf("seedRows(%.60q) = %v, encoding/json fails: %v", rows, got, werr)
	case !reflect.DeepEqual(got, want):
		t.Errorf("seedRows(%.60q) = %#v, want %#v", rows, got, want)
	}
}
