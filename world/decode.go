package world

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

//go:embed bundle.schema.json
var bundleSchemaJSON []byte

// BundleSchema returns the JSON Schema of the bundle format.
func BundleSchema() []byte { return slices.Clone(bundleSchemaJSON) }

// Rule names the kind of rule a bundle error breaks, so validators can
// report each problem under the check it belongs to.
type Rule string

const (
	RuleSchema     Rule = "schema"       // the JSON Schema of the format
	RuleReferences Rule = "references"   // names of services, tables, columns, tools, args, steps resolve
	RuleUnique     Rule = "unique-names" // no name is declared twice
	RuleOwnership  Rule = "ownership"    // every table has exactly one owning service
	RuleToolScope  Rule = "tool-scope"   // tools use only their own service's tables
	RuleToolSchema Rule = "tool-schemas" // tool input and output schemas compile
	RuleSeed       Rule = "seed"         // seed rows match types and keys
	RuleTaskSeed   Rule = "task-seed"    // each task seed applies cleanly
	RuleStructure  Rule = "structure"    // everything else the compiler requires
)

// BundleError is one problem in a bundle, located by JSON pointer.
type BundleError struct {
	Pointer string // RFC 6901, "" for the whole document
	Rule    Rule
	Err     error
}

func (e *BundleError) Error() string {
	p := e.Pointer
	if p == "" {
		p = "/"
	}
	return p + ": " + e.Err.Error()
}

func (e *BundleError) Unwrap() error { return e.Err }

func errAt(ptr string, format string, args ...any) *BundleError {
	err := fmt.Errorf(format, args...)
	return &BundleError{Pointer: ptr, Rule: ruleOf(ptr, err.Error()), Err: err}
}

var tableServicePtr = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^/tables/[0-9]+/(service|columns|columns/[0-9]+/primary_key)$`)
})

// ruleOf classifies a compiler error by its message and location. Stages that are a rule of their own (seed
// rows, task seeds) set the rule themselves.
func ruleOf(ptr, msg string) Rule {
	switch {
	case strings.Contains(msg, "may only use its own service"):
		return RuleToolScope
	case tableServicePtr().MatchString(ptr):
		return RuleOwnership
	case strings.Contains(msg, "declared twice"):
		return RuleUnique
	case strings.Contains(msg, "schema does not compile"):
		return RuleToolSchema
	case strings.HasPrefix(msg, "unknown "), strings.Contains(msg, ": unknown argument"), strings.Contains(msg, "has no column"),
		strings.Contains(msg, "no earlier step"), strings.Contains(msg, "not table.column"),
		strings.Contains(msg, "no step is named"), strings.Contains(msg, "unknown argument"),
		strings.HasSuffix(ptr, "/references"), strings.HasSuffix(ptr, "/refers_to"), strings.HasSuffix(ptr, "/column"):
		return RuleReferences
	}
	return RuleStructure
}

// withRule sets the rule of every error.
func withRule(errs []*BundleError, r Rule) []*BundleError {
	for _, e := range errs {
		e.Rule = r
	}
	return errs
}

var bundleSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(bundleSchemaJSON))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	const url = "mercury.world.v1.json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	return c.Compile(url)
})

var printer = message.NewPrinter(language.English)

// Decode parses and schema-checks a bundle. All schema errors are returned
// at once, joined, each a *BundleError.
func Decode(data []byte) (*Bundle, error) {
	b, rows, err := decodeRows(data)
	if err != nil {
		return nil, err
	}
	setRows(b, rows)
	return b, nil
}

// decodeRows is Decode, but the seed rows of a table it parsed the fast
// way are in rows (by table index), not in the bundle: rows is nil when
// they all are in the bundle.
func decodeRows(data []byte) (*Bundle, []*seedRows, error) {
	sch, err := bundleSchema()
	if err != nil {
		return nil, nil, fmt.Errorf("compile bundle schema: %w", err)
	}
	if b, rows, ok := decodeFast(sch, data); ok {
		return b, rows, nil
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil, nil, &BundleError{Rule: RuleSchema, Err: fmt.Errorf("not valid JSON: %w", err)}
	}
	if err := sch.Validate(inst); err != nil {
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			return nil, nil, errors.Join(schemaErrors(ve)...)
		}
		return nil, nil, err
	}
	// The schema closes every object, and it matches keys case-sensitively,
	// so encoding/json's case-insensitive matching can no longer let "Name"
	// stand in for "name".
	b, err := decodeStrict(data)
	return b, nil, err
}

// setRows puts the rows decodeRows kept aside into the bundle, as maps.
func setRows(b *Bundle, rows []*seedRows) {
	for i, rs := range rows {
		if rs != nil {
			b.Tables[i].Rows = rs.maps()
		}
	}
}

// decodeFast is decodeRows for a good bundle, in one parse: the seed
// rows, nearly all of a large bundle, are parsed as [seedRows], which
// holds only what the schema allows of them (an array of objects whose
// values are scalars: [bundleRowsSchema]), instead of being checked by
// the JSON Schema validator and decoded again. It reports false when the
// bundle has any problem, for the slow way to find and explain it; a
// bundle it accepts is one the slow way accepts, decoded to the same
// values.
//
// With sch nil it skips the JSON Schema pass, for bytes that passed a full
// Compile before ([decodeTrusted]).
func decodeFast(sch *jsonschema.Schema, data []byte) (*Bundle, []*seedRows, bool) {
	tree, spans, err := parseBundleTree(data)
	if err != nil {
		return nil, nil, false
	}
	doc, ok := tree.(map[string]any)
	if !ok {
		return nil, nil, false
	}
	tables, _ := doc["tables"].([]any)
	rows := make([]*seedRows, len(tables))
	for i, t := range tables {
		t, ok := t.(map[string]any)
		if !ok {
			continue
		}
		if rs, ok := t["rows"].(*seedRows); ok {
			rows[i] = rs
			t["rows"] = []any{}
		}
	}
	if sch != nil && sch.Validate(doc) != nil {
		return nil, nil, false
	}
	// What is left without the rows is small: decode it as Decode does,
	// from the bytes with each rows array cut to [].
	n := len(data)
	for _, sp := range spans {
		n -= sp[1] - sp[0] - len("[]")
	}
	rest := make([]byte, 0, n)
	last := 0
	for _, sp := range spans {
		rest = append(append(rest, data[last:sp[0]]...), "[]"...)
		last = sp[1]
	}
	rest = append(rest, data[last:]...)
	b, err := decodeStrict(rest)
	if err != nil || len(b.Tables) != len(tables) {
		return nil, nil, false
	}
	for i, rs := range rows {
		if rs != nil {
			b.Tables[i].Rows = nil
		}
	}
	return b, rows, true
}

// bundleRowsSchema is the schema of /tables/N/rows that
// [treeParser.seedRows] implements; a test holds bundle.schema.json to it.
const bundleRowsSchema = `{"type": "array", "items": {"type": "object", "additionalProperties": {"$ref": "#/$defs/scalar"}}}`

// decodeTrusted decodes bytes that passed a full Compile (an embedded
// bundle, a compiled form): the rows by [decodeFast]'s parser, which
// halves the start of a server on the embedded world, and anything it
// leaves by decodeStrict.
func decodeTrusted(data []byte) (*Bundle, []*seedRows, error) {
	if b, rows, ok := decodeFast(nil, data); ok {
		return b, rows, nil
	}
	b, err := decodeStrict(data)
	return b, nil, err
}

// decodeStrict decodes without the JSON Schema pass: unknown keys are
// still errors.
func decodeStrict(data []byte) (*Bundle, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	var b Bundle
	if err := dec.Decode(&b); err != nil {
		return nil, &BundleError{Rule: RuleSchema, Err: fmt.Errorf("decode bundle: %w", err)}
	}
	return &b, nil
}

func schemaErrors(ve *jsonschema.ValidationError) []error {
	var out []error
	seen := map[string]bool{}
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			if _, ok := e.ErrorKind.(*kind.Reference); ok {
				return
			}
			msg := e.ErrorKind.LocalizedString(printer)
			if k, ok := e.ErrorKind.(*kind.OneOf); ok && len(k.Subschemas) > 1 {
				if m := oneOfKeys(e.InstanceLocation); m != "" {
					msg = m
				}
			}
			be := &BundleError{Pointer: Pointer(e.InstanceLocation...), Rule: RuleSchema, Err: errors.New(msg)}
			if k := be.Error(); !seen[k] {
				seen[k] = true
				out = append(out, be)
			}
			return
		}
		// A oneOf over alternatives reports every branch's failure; the
		// useful one is usually the branch that matched the most, which we
		// cannot know, so we report the oneOf itself when all branches fail
		// at the same place.
		if _, ok := e.ErrorKind.(*kind.OneOf); ok && allAt(e) {
			be := &BundleError{Pointer: Pointer(e.InstanceLocation...), Rule: RuleSchema, Err: errors.New(oneOfMessage(e))}
			if k := be.Error(); !seen[k] {
				seen[k] = true
				out = append(out, be)
			}
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	slices.SortStableFunc(out, func(a, b error) int {
		return strings.Compare(a.(*BundleError).Pointer, b.(*BundleError).Pointer)
	})
	return out
}

// oneOfKeys explains, for the objects that take exactly one kind key, that
// more than one was given.
func oneOfKeys(loc []string) string {
	if len(loc) < 2 {
		return ""
	}
	switch loc[len(loc)-2] {
	case "steps":
		return "a step takes exactly one operation: get, search, insert, update, delete, require or absent"
	case "assertions":
		return "an assertion takes exactly one kind: exists, absent, count, field or sql"
	case "seed":
		return "a seed change takes exactly one of insert, update or delete"
	case "filters":
		return "a filter takes either column or columns"
	}
	return ""
}

func allAt(e *jsonschema.ValidationError) bool {
	at := Pointer(e.InstanceLocation...)
	for _, c := range e.Causes {
		if len(c.Causes) != 0 || Pointer(c.InstanceLocation...) != at {
			return false
		}
		if _, ok := c.ErrorKind.(*kind.Required); !ok {
			return false
		}
	}
	return true
}

// oneOfMessage turns "oneOf failed, each branch wants a different key" into
// the list of keys one of which is expected.
func oneOfMessage(e *jsonschema.ValidationError) string {
	var alts []string
	for _, c := range e.Causes {
		if r, ok := c.ErrorKind.(*kind.Required); ok {
			alts = append(alts, strings.Join(r.Missing, "+"))
		}
	}
	return "needs exactly one of: " + strings.Join(alts, ", ")
}

// Pointer builds an RFC 6901 JSON pointer from path tokens.
func Pointer(tokens ...string) string {
	var sb strings.Builder
	for _, t := range tokens {
		sb.WriteByte('/')
		t = strings.ReplaceAll(t, "~", "~0")
		sb.WriteString(strings.ReplaceAll(t, "/", "~1"))
	}
	return sb.String()
}
