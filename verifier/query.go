package verifier

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mercury/mcp-world/world"
)

// checkQuery reports why q is not a single read-only query. Hidden SQL
// (invariant checks and sql assertions) runs only if it passes.
//
// [world.Episode.Read] turns on PRAGMA query_only, but the SQLite driver
// runs every statement of a multi-statement string, so "SELECT 1; PRAGMA
// query_only=OFF; DELETE …" would write, and statements such as BEGIN,
// ATTACH or PRAGMA foreign_keys=OFF change the episode's connection without
// writing a page. So we accept one statement that starts with SELECT, WITH
// or VALUES; query_only then stops a WITH … DELETE.
func checkQuery(q string) error {
	first := ""
	end := -1 // offset of the first top-level ';'
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '-' && i+1 < len(q) && q[i+1] == '-':
			nl := strings.IndexByte(q[i:], '\n')
			if nl < 0 {
				i = len(q)
			} else {
				i += nl + 1
			}
		case c == '/' && i+1 < len(q) && q[i+1] == '*':
			close := strings.Index(q[i+2:], "*/")
			if close < 0 {
				return errors.New("unterminated /* comment")
			}
			i += 2 + close + 2
		case end >= 0:
			return errors.New("more than one statement: write a single SELECT")
		case c == ';':
			end = i
			i++
		case c == '\'' || c == '"' || c == '`' || c == '[':
			closer := c
			if c == '[' {
				closer = ']'
			}
			j := i + 1
			for {
				k := strings.IndexByte(q[j:], closer)
				if k < 0 {
					return fmt.Errorf("unterminated %c", c)
				}
				j += k + 1
				// A doubled quote is an escaped quote, not the end.
				if closer != ']' && j < len(q) && q[j] == closer {
					j++
					continue
				}
				break
			}
			if first == "" {
				first = q[i:j]
			}
			i = j
		default:
			j := i
			for j < len(q) && (isWordByte(q[j])) {
				j++
			}
			if j == i {
				j = i + 1
			}
			if first == "" {
				first = q[i:j]
			}
			i = j
		}
	}
	switch strings.ToUpper(first) {
	case "SELECT", "WITH", "VALUES":
		return nil
	case "":
		return errors.New("empty query")
	}
	return fmt.Errorf("starts with %s: only a read-only SELECT (or WITH … SELECT, VALUES) runs here", strings.ToUpper(first))
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// result is the full answer of a query: column names and rows of stored
// values ([]byte turned into string).
type result struct {
	cols []string
	rows [][]any
}

// query runs a hidden query (after [checkQuery]) and reads every row.
func query(ctx context.Context, q world.Querier, sql string, args ...any) (*result, error) {
	if err := checkQuery(sql); err != nil {
		return nil, err
	}
	return queryAll(ctx, q, sql, args...)
}

// queryAll runs SQL the verifier built itself and reads every row.
func queryAll(ctx context.Context, q world.Querier, sql string, args ...any) (*result, error) {
	rows, err := q.QueryContext(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	res := &result{cols: cols}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		for i, v := range vals {
			if b, ok := v.([]byte); ok {
				vals[i] = string(b)
			}
		}
		res.rows = append(res.rows, vals)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return res, rows.Close()
}

// ordered is a JSON object that keeps its keys in the order given.
type ordered []field

type field struct {
	key string
	val any
}

func (o ordered) MarshalJSON() ([]byte, error) { return o.encode(), nil }

// encode writes the object. Values are strings, numbers, booleans, nulls
// and raw JSON, none of which fail to encode.
func (o ordered) encode() json.RawMessage {
	buf := []byte{'{'}
	for i, f := range o {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = appendJSON(buf, f.key)
		buf = append(buf, ':')
		buf = appendJSON(buf, f.val)
	}
	return append(buf, '}')
}

// appendJSON appends the JSON form of a scalar (or raw JSON) value.
func appendJSON(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case bool:
		return strconv.AppendBool(b, x)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case json.RawMessage:
		return append(b, x...)
	}
	enc, err := marshal(v)
	if err != nil {
		enc, _ = marshal(fmt.Sprint(v))
	}
	return append(b, enc...)
}

// marshal encodes without HTML escaping: reports are read by people, and
// "o.status <> 'void'" reads better than "\u003c\u003e".
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// rowObject turns one result row into a JSON object. Repeated column names
// (SELECT o.id, c.id) get a suffix, since a JSON object cannot repeat a key.
// types, when set, gives the bundle type of a column, so booleans read as
// true and false rather than 1 and 0.
func rowObject(cols []string, vals []any, types func(column string) string) json.RawMessage {
	o := make(ordered, len(cols))
	seen := map[string]int{}
	for i, c := range cols {
		name := c
		if n := seen[c]; n > 0 {
			name = c + "_" + strconv.Itoa(n+1)
		}
		seen[c]++
		typ := ""
		if types != nil {
			typ = types(c)
		}
		o[i] = field{name, jsonValue(vals[i], typ)}
	}
	return o.encode()
}

// jsonValue converts a stored value to its JSON form.
func jsonValue(v any, typ string) any {
	switch x := v.(type) {
	case int64:
		if typ == "boolean" {
			return x != 0
		}
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return strconv.FormatFloat(x, 'g', -1, 64)
		}
	case []byte:
		return string(x)
	}
	return v
}

// show renders a value the way the report's details do: SQL-like literals.
func show(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return "'" + strings.ReplaceAll(x, "'", "''") + "'"
	case []byte:
		return show(string(x))
	case bool:
		return strconv.FormatBool(x)
	case json.Number:
		return string(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case int:
		return strconv.Itoa(x)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = show(e)
		}
		return "(" + strings.Join(parts, ", ") + ")"
	}
	return fmt.Sprint(v)
}

// truthy is how a sql assertion's answer counts: NULL, 0, 0.0, "", "0"
// and "false" (any case) are false, everything else is true.
func truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case int64:
		return x != 0
	case float64:
		return x != 0
	case bool:
		return x
	case string:
		s := strings.TrimSpace(x)
		return s != "" && s != "0" && !strings.EqualFold(s, "false")
	case []byte:
		return truthy(string(x))
	}
	return true
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
