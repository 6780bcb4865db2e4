package world

import (
	"encoding/json"
	"fmt"
	"math"
	"net/mail"
	"strconv"
	"strings"
	"time"
)

// colType is a column type of the bundle format.
type colType string

const (
	typeText     colType = "text"
	typeInteger  colType = "integer"
	typeReal     colType = "real"
	typeBoolean  colType = "boolean"
	typeDate     colType = "date"
	typeDatetime colType = "datetime"
	typeEmail    colType = "email"
)

// sqlType is the STRICT-table storage type of a column type.
func (t colType) sqlType() string {
	switch t {
	case typeInteger, typeBoolean:
		return "INTEGER"
	case typeReal:
		return "REAL"
	default:
		return "TEXT"
	}
}

// argType is the JSON-facing argument type that matches a column type.
func (t colType) argType() string {
	switch t {
	case typeText:
		return "string"
	case typeReal:
		return "number"
	default:
		return string(t)
	}
}

// toSQL converts a decoded JSON value (json.Number, string, bool, nil) to the
// value stored in a column of type t, or explains why it does not fit.
func (t colType) toSQL(v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	switch t {
	case typeInteger:
		switch x := v.(type) {
		case json.Number:
			n, err := parseInteger(string(x))
			if err != nil {
				return nil, err
			}
			return n, nil
		case int64:
			return x, nil
		case int:
			return int64(x), nil
		case float64:
			if x != math.Trunc(x) || math.Abs(x) > 1<<53 {
				return nil, fmt.Errorf("%v is not an integer", x)
			}
			return int64(x), nil
		}
		return nil, fmt.Errorf("want an integer, got %s", describe(v))
	case typeReal:
		switch x := v.(type) {
		case json.Number:
			f, err := parseReal(string(x))
			if err != nil {
				return nil, err
			}
			return f, nil
		case float64:
			return x, nil
		case int64:
			return float64(x), nil
		case int:
			return float64(x), nil
		}
		return nil, fmt.Errorf("want a number, got %s", describe(v))
	case typeBoolean:
		switch x := v.(type) {
		case bool:
			if x {
				return int64(1), nil
			}
			return int64(0), nil
		case int64:
			if x == 0 || x == 1 {
				return x, nil
			}
		}
		return nil, fmt.Errorf("want true or false, got %s", describe(v))
	}
	s, ok := v.(string)
	if !ok {
		return nil, fmt.Errorf("want a string, got %s", describe(v))
	}
	if err := t.checkText(s); err != nil {
		return nil, err
	}
	return v, nil // the string itself, without boxing it again
}

// parseInteger reads a JSON number as an integer.
func parseInteger(lit string) (int64, error) {
	n, err := strconv.ParseInt(lit, 10, 64)
	if err != nil {
		// JSON Schema counts 1.0 as an integer; so do we.
		f, ferr := strconv.ParseFloat(lit, 64)
		if ferr != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
			return 0, fmt.Errorf("%s is not an integer", lit)
		}
		return int64(f), nil
	}
	return n, nil
}

// parseReal reads a JSON number as a real.
func parseReal(lit string) (float64, error) {
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil {
		return 0, fmt.Errorf("%s is not a number", lit)
	}
	return f, nil
}

// checkText explains why s does not fit a column of the text type t.
func (t colType) checkText(s string) error {
	switch t {
	case typeDate:
		if _, err := time.Parse(time.DateOnly, s); err != nil {
			return fmt.Errorf("%q is not a date (YYYY-MM-DD)", s)
		}
	case typeDatetime:
		if _, err := time.Parse(time.RFC3339, s); err != nil {
			return fmt.Errorf("%q is not a date-time (RFC 3339, e.g. 2026-03-02T09:30:00+01:00)", s)
		}
	case typeEmail:
		if a, err := mail.ParseAddress(s); err != nil || a.Address != s || a.Name != "" {
			return fmt.Errorf("%q is not an email address", s)
		}
	}
	return nil
}

// sqlValue is a value to bind, what [column.check] stores, without an
// interface around it (see [column.seedValue]).
type sqlValue struct {
	text string
	num  int64
	real float64
	kind sqlKind
}

type sqlKind uint8

const (
	sqlNull sqlKind = iota
	sqlInteger
	sqlReal
	sqlText
)

// sqlValueOf is v, a value check returns, as an sqlValue; it reports false
// for another type.
func sqlValueOf(v any) (sqlValue, bool) {
	switch x := v.(type) {
	case nil:
		return sqlValue{}, true
	case int64:
		return sqlValue{num: x, kind: sqlInteger}, true
	case float64:
		return sqlValue{real: x, kind: sqlReal}, true
	case string:
		return sqlValue{text: x, kind: sqlText}, true
	}
	return sqlValue{}, false
}

// any is the value as check returns it.
func (v sqlValue) any() any {
	switch v.kind {
	case sqlInteger:
		return v.num
	case sqlReal:
		return v.real
	case sqlText:
		return v.text
	}
	return nil
}

// fromSQL converts a stored value back to its JSON form.
func (t colType) fromSQL(v any) any {
	if t == typeBoolean {
		if n, ok := v.(int64); ok {
			return n != 0
		}
	}
	if b, ok := v.([]byte); ok {
		return string(b)
	}
	return v
}

func describe(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case json.Number:
		return "the number " + string(x)
	case bool:
		return strconv.FormatBool(x)
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%v", v)
}

// display renders a value for a message to the model.
func display(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return "'" + x + "'"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = display(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprint(v)
}

// sqlEqual reports whether two stored values are equal, treating integers
// and reals as numbers.
func sqlEqual(a, b any) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	af, aok := toFloat(a)
	bf, bok := toFloat(b)
	if aok && bok {
		return af == bf
	}
	return fmt.Sprint(a) == fmt.Sprint(b)
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	case int:
		return float64(x), true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	}
	return 0, false
}

// quoteIdent quotes an SQL identifier. Identifiers are already restricted by
// the schema to [a-z0-9_], so this is belt and braces.
func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// sqlLiteral renders a literal for DDL (defaults and CHECK lists), where
// bound parameters are not allowed.
func sqlLiteral(v any) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case string:
		return "'" + strings.ReplaceAll(x, "'", "''") + "'"
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	return "NULL"
}
