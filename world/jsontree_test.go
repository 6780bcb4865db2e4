package world

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// stdTree is what parseTree stands in for.
func stdTree(data []byte) (any, error) { return jsonschema.UnmarshalJSON(bytes.NewReader(data)) }

var treeCases = []string{
	`{}`, `[]`, `""`, `0`, `-0`, `1.5e-3`, `-12E+4`, `true`, `false`, `null`,
	` {"a" : [1, "x", true, null, {"b": []}] } `,
	`{"s": "tab\there \"q\" \\ \/ \u00e9 \ud83d\ude00 \ud800 \udc00x"}`,
	`{"s": "plain ünïcödé and 日本"}`,
	"{\"s\": \"bad utf-8 \xff\xfe here\"}",
	`{"a": 1, "a": 2}`,
	`{"a": 1,}`, `[1,]`, `[1 2]`, `{"a" 1}`, `{a: 1}`, `01`, `1.`, `.5`, `1e`, `-`, `+1`, `tru`, `nul`,
	`"unterminated`, "\"ctl \x01\"", `{"a": 1} x`, `{"a": 1}{}`, ``, ` `, "\ufeff{}",
	`"\u12"`, `"\x"`, `"ends with \`,
	strings.Repeat("[", 600) + strings.Repeat("]", 600),
}

// TestParseTree: parseTree gives encoding/json's tree or hands over.
func TestParseTree(t *testing.T) {
	inputs := treeCases
	for _, p := range []string{"testdata/mini.json", "testdata/ops.json", "testdata/crm-anchor.json", "bundle.schema.json"} {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, string(data))
	}
	for _, in := range inputs {
		checkTree(t, []byte(in))
	}
	// The good documents must take the fast way, or it is never taken.
	for _, in := range []string{`{}`, ` {"a" : [1, "x", true, null, {"b": []}] } `, `{"s": "plain ünïcödé and 日本"}`} {
		if _, err := parseTree([]byte(in)); err != nil {
			t.Errorf("parseTree(%q) handed over: %v", in, err)
		}
	}
}

func checkTree(t *testing.T, data []byte) {
	t.Helper()
	want, werr := stdTree(data)
	got, gerr := parseTree(data)
	switch {
	case gerr != nil:
		// Handing over is always allowed; encoding/json decides.
	case werr != nil:
		t.Errorf("parseTree(%.60q) = %v, encoding/json fails: %v", data, got, werr)
	case !reflect.DeepEqual(got, want):
		t.Errorf("parseTree(%.60q) = %#v, want %#v", data, got, want)
	}
}

func FuzzParseTree(f *testing.F) {
	for _, c := range treeCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkTree(t, data) })
}

// TestDecodeFast: a good bundle decodes the fast way, to exactly what
// decoding it the slow way gives; a bad one is left to the slow way.
func TestDecodeFast(t *testing.T) {
	sch, err := bundleSchema()
	if err != nil {
		t.Fatal(err)
	}
	paths, _ := filepath.Glob("../bundles/worlds/*.json")
	paths = append(paths, "testdata/mini.json", "testdata/ops.json", "testdata/crm-anchor.json")
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		got, gotRows, ok := decodeFast(sch, data)
		if !ok {
			t.Errorf("%s: not decoded the fast way", p)
			continue
		}
		setRows(got, gotRows)
		want, err := decodeStrict(data)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the fast way decodes to something else", p)
		}
		// The trusted way (embedded bundles, compiled forms) is the fast
		// way without the JSON Schema pass: the same bundle.
		trusted, trustedRows, err := decodeTrusted(data)
		if err == nil {
			setRows(trusted, trustedRows)
		}
		if err != nil || !reflect.DeepEqual(trusted, want) {
			t.Errorf("%s: the trusted way decodes to something else (%v)", p, err)
		}
	}
	mini, err := os.ReadFile("testdata/mini.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(mini, &doc); err != nil {
		t.Fatal(err)
	}
	rows := doc["tables"].([]any)[0].(map[string]any)["rows"].([]any)
	for name, bad := range map[string]any{
		"row not an object": "x",
		"value an object":   map[string]any{"id": map[string]any{}},
		"value an array":    map[string]any{"id": []any{}},
	} {
		rows[0] = bad
		data, _ := json.Marshal(doc)
		if _, _, ok := decodeFast(sch, data); ok {
			t.Errorf("%s: decoded the fast way", name)
		}
		if _, err := Decode(data); err == nil || !strings.Contains(err.Error(), "/tables/0/rows/0") {
			t.Errorf("%s: Decode = %v, want an error at /tables/0/rows/0", name, err)
		}
	}
}

// TestRowsSchema: treeParser.seedRows implements what bundle.schema.json
// says of seed rows; a change to the schema must change it too.
func TestRowsSchema(t *testing.T) {
	var s struct {
		Defs struct {
			Table struct {
				Properties struct {
					Rows json.RawMessage `json:"rows"`
				} `json:"properties"`
			} `json:"table"`
			Scalar json.RawMessage `json:"scalar"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(bundleSchemaJSON, &s); err != nil {
		t.Fatal(err)
	}
	same := func(a, b []byte) bool {
		var x, y any
		return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && reflect.DeepEqual(x, y)
	}
	if !same(s.Defs.Table.Properties.Rows, []byte(bundleRowsSchema)) {
		t.Errorf("rows schema is %s, seedRows implements %s", s.Defs.Table.Properties.Rows, bundleRowsSchema)
	}
	if want := `{"type": ["string", "number", "integer", "boolean", "null"]}`; !same(s.Defs.Scalar, []byte(want)) {
		t.Errorf("scalar schema is %s, seedRows implements %s", s.Defs.Scalar, want)
	}
}

// FuzzDecodeFast: a bundle decodeFast accepts is one the slow way (the
// JSON Schema over the whole document, then decodeStrict) accepts, decoded
// to the same Bundle, whatever bytes the rows were cut from.
func FuzzDecodeFast(f *testing.F) {
	for _, p := range []string{"testdata/mini.json", "testdata/ops.json"} {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"tables":[{"rows":[]},{"rows" : [ {"a":1} ] }]}`))
	f.Add([]byte(`{"tables":[{"rows":[{"a":1,"b":"x"},{"b":"y","a":2},{"\u0061":3,"b":null},{"a":true},{},{"é":1.5e3,"a":"\u00e9"}]}]}`))
	f.Add([]byte(`{"tables":[{"rows":[{"a":1,"a":2}]}]}`))
	f.Add([]byte(`{"tables":{"t":{"rows":[{"a":1}]}}}`))
	sch, err := bundleSchema()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, rows, ok := decodeFast(sch, data)
		if !ok {
			return
		}
		setRows(got, rows)
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("decodeFast accepted bytes that are not JSON: %v", err)
		}
		if err := sch.Validate(inst); err != nil {
			t.Fatalf("decodeFast accepted a bundle the schema refuses: %v", err)
		}
		want, err := decodeStrict(data)
		if err != nil {
			t.Fatalf("decodeFast accepted a bundle decodeStrict refuses: %v", err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatal("decodeFast decodes to another bundle")
		}
	})
}
