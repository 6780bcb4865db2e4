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
	"time"

	"github.com/mercury/mcp-world/world"
)

// result is the full answer of a query: column names and rows of stored
// values ([]byte turned into string).
type result struct {
	cols []string
	rows [][]any
}

// DefaultSteps is how many SQLite virtual machine steps one hidden
// statement may run: about two seconds of a free core, some ten thousand
// times what a typical check needs. Steps, not time, so that the same
// bundle is accepted or refused the same way on any machine, however
// loaded.
const DefaultSteps = 50_000_000

// DefaultBudget is the wall-clock backstop of one hidden statement, far
// above what [DefaultSteps] take: it stops a statement only on a machine
// so slow or loaded that the step count would take many times longer
// than here.
const DefaultBudget = 30 * time.Second

// maxResultRows is the most rows one hidden statement may return.
const maxResultRows = 100_000

// ErrBudget is matched (with [errors.Is]) by the error of a hidden
// statement that ran past its budget and was stopped.
var ErrBudget = errors.New("the query ran past its budget")

// budget bounds one hidden statement: VM steps, and a wall-clock
// backstop.
type budget struct {
	steps    int64
	backstop time.Duration
}

// budgetKey carries a budget through the validators to every grade and
// hidden query they run.
type budgetKey struct{}

func withBudget(ctx context.Context, b budget) context.Context {
	if b == (budget{}) {
		return ctx
	}
	return context.WithValue(ctx, budgetKey{}, b)
}

// budgetOf is b, its zero fields taken from the budget ctx carries, or
// else from [DefaultSteps] and [DefaultBudget].
func budgetOf(ctx context.Context, b budget) budget {
	c, _ := ctx.Value(budgetKey{}).(budget)
	if b.steps <= 0 {
		b.steps = c.steps
	}
	if b.backstop <= 0 {
		b.backstop = c.backstop
	}
	if b.steps <= 0 {
		b.steps = DefaultSteps
	}
	if b.backstop <= 0 {
		b.backstop = DefaultBudget
	}
	return b
}

// budgeted runs fn metered by b's steps (see [world.Meter]) and under a
// deadline of b's backstop. A statement stopped for either comes back as
// an [ErrBudget]; a ctx the caller canceled stays a cancellation.
func budgeted[T any](ctx context.Context, b budget, fn func(ctx context.Context) (T, error)) (T, error) {
	b = budgetOf(ctx, b)
	bctx, cancel := context.WithTimeout(ctx, b.backstop)
	defer cancel()
	m := world.NewMeter(b.steps)
	v, err := fn(world.WithMeter(bctx, m))
	var zero T
	switch {
	case err == nil:
		return v, nil
	case m.Over():
		return zero, fmt.Errorf("stopped after %d VM steps: %w", b.steps, ErrBudget)
	case ctx.Err() == nil && bctx.Err() != nil:
		return zero, fmt.Errorf("stopped after %s of wall-clock time: %w", b.backstop, ErrBudget)
	}
	return v, err
}

// hiddenTable names the materialized result of a hidden statement.
const hiddenTable = "_mercury_hidden"

// materialized wraps a hidden statement (an invariant check, a sql
// assertion) so that SQLite computes its whole result in the first step.
// The driver can interrupt a statement only while QueryContext runs, not
// while rows.Next steps to a later row; a check that finds one row fast
// and then searches forever (a recursive CTE over a cycle the agent made)
// would hang the grader without this. The body keeps its own ORDER BY,
// and the result is read in that order.
func materialized(sql string) string {
	body := strings.TrimSpace(sql)
	for strings.HasSuffix(body, ";") {
		body = strings.TrimSpace(strings.TrimSuffix(body, ";"))
	}
	// The newline ends a trailing -- comment before the parenthesis.
	return "WITH " + hiddenTable + " AS MATERIALIZED (\n" + body + "\n) SELECT * FROM " + hiddenTable
}

// hiddenColumn undoes SQLite's renaming of repeated column names in a
// materialized result ("id", "id:1"), so reports name columns as the
// statement did.
func hiddenColumns(cols []string) []string {
	seen := map[string]bool{}
	out := make([]string, len(cols))
	for i, c := range cols {
		if base, n, ok := strings.Cut(c, ":"); ok && seen[base] && n != "" && strings.Trim(n, "0123456789") == "" {
			c = base
		}
		seen[c] = true
		out[i] = c
	}
	return out
}

// queryHidden runs hidden SQL, materialized and under the budget.
func queryHidden(ctx context.Context, q world.Querier, b budget, sql string) (*result, error) {
	return runHidden(ctx, q, b, sql, true)
}

// queryCompiled runs the hidden SQL a structured rule compiled to, under
// the budget. It is not materialized: the compiler writes no recursion,
// so no step after the first can search without end.
func queryCompiled(ctx context.Context, q world.Querier, b budget, sql string) (*result, error) {
	return runHidden(ctx, q, b, sql, false)
}

func runHidden(ctx context.Context, q world.Querier, b budget, sql string, materialize bool) (*result, error) {
	if err := world.CheckQuery(sql); err != nil {
		return nil, err
	}
	if !materialize {
		return budgeted(ctx, b, func(ctx context.Context) (*result, error) { return query(ctx, q, sql) })
	}
	return budgeted(ctx, b, func(ctx context.Context) (*result, error) {
		res, err := query(ctx, q, materialized(sql))
		if err != nil {
			return nil, err
		}
		res.cols = hiddenColumns(res.cols)
		return res, nil
	})
}

// query runs a query and reads every row. The querier of
// [world.Episode.Read] refuses hidden SQL (invariant checks, sql
// assertions) that is not a single read-only statement. Past
// maxResultRows rows, or when ctx ends, it stops with an error.
func query(ctx context.Context, q world.Querier, sql string, args ...any) (*result, error) {
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
		if len(res.rows) >= maxResultRows {
			return nil, fmt.Errorf("returned more than %d rows: %w", maxResultRows, ErrBudget)
		}
		if err := ctx.Err(); err != nil {
			// The driver interrupts a statement only while it steps
			// inside QueryContext; a query that streams rows is stopped
			// here.
			return nil, err
		}
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
