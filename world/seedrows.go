package world

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// seedRows holds a table's seed rows as the bundle parser read them: each
// row its keys, in document order, and its scalar values, with no map
// and no interface value per row or value. A bundle of 100,000 rows has
// half a million values; a map per row and an interface per value were
// most of parsing it and most of the garbage collector's work, for rows
// that are only read once, to seed the image. The maps Bundle.Tables[].Rows
// holds are made from it when someone asks for them ([seedRows.maps]).
type seedRows struct {
	shapes [][]string // the distinct key lists of the rows
	// plain[i]: every key of shapes[i] is printable ASCII without a
	// quote or a backslash, so that its JSON text is the key in quotes.
	plain []bool
	rows  []seedRow
	vals  []scalar // the values of every row, row after row
	// byKeys finds a shape by its keys while parsing.
	byKeys map[string]int
}

// seedRow is one row: its keys are shapes[shape], its values
// vals[start:start+len(keys)].
type seedRow struct{ shape, start int }

// scalar is a JSON scalar as the parser read it: a string's value, a
// number's literal text.
type scalar struct {
	text string
	kind scalarKind
}

type scalarKind uint8

const (
	scalarNull scalarKind = iota
	scalarString
	scalarNumber
	scalarTrue
	scalarFalse
)

// value is the scalar as encoding/json decodes it with UseNumber.
func (s scalar) value() any {
	switch s.kind {
	case scalarString:
		return s.text
	case scalarNumber:
		return json.Number(s.text)
	case scalarTrue:
		return true
	case scalarFalse:
		return false
	}
	return nil
}

// scalarOf is the inverse of value, for rows decoded the slow way; it
// reports false for anything but a scalar.
func scalarOf(v any) (scalar, bool) {
	switch x := v.(type) {
	case nil:
		return scalar{kind: scalarNull}, true
	case string:
		return scalar{text: x, kind: scalarString}, true
	case json.Number:
		return scalar{text: string(x), kind: scalarNumber}, true
	case bool:
		if x {
			return scalar{kind: scalarTrue}, true
		}
		return scalar{kind: scalarFalse}, true
	}
	return scalar{}, false
}

func (rs *seedRows) len() int {
	if rs == nil {
		return 0
	}
	return len(rs.rows)
}

// row returns the keys and values of row i.
func (rs *seedRows) row(i int) ([]string, []scalar) {
	r := rs.rows[i]
	keys := rs.shapes[r.shape]
	return keys, rs.vals[r.start : r.start+len(keys)]
}

// rowMap is row i as encoding/json decodes it.
func (rs *seedRows) rowMap(i int) map[string]any {
	keys, vals := rs.row(i)
	m := make(map[string]any, len(keys))
	for j, k := range keys {
		m[k] = vals[j].value()
	}
	return m
}

// maps is every row as encoding/json decodes it: Table.Rows.
func (rs *seedRows) maps() []map[string]any {
	out := make([]map[string]any, rs.len())
	for i := range out {
		out[i] = rs.rowMap(i)
	}
	return out
}

// add appends a row; it reports false when the row names a key twice.
func (rs *seedRows) add(keys []string, vals []scalar) bool {
	shape := -1
	if n := len(rs.rows); n > 0 && slices.Equal(rs.shapes[rs.rows[n-1].shape], keys) {
		shape = rs.rows[n-1].shape
	} else {
		id := shapeID(keys)
		if s, ok := rs.byKeys[id]; ok {
			shape = s
		} else {
			for i, k := range keys {
				if slices.Contains(keys[:i], k) {
					return false
				}
			}
			if rs.byKeys == nil {
				rs.byKeys = map[string]int{}
			}
			shape = len(rs.shapes)
			rs.byKeys[id] = shape
			rs.shapes = append(rs.shapes, slices.Clone(keys))
			rs.plain = append(rs.plain, !slices.ContainsFunc(keys, func(k string) bool {
				return strings.ContainsFunc(k, func(r rune) bool { return r < 0x20 || r > 0x7e || r == '"' || r == '\\' })
			}))
		}
	}
	rs.rows = append(rs.rows, seedRow{shape: shape, start: len(rs.vals)})
	rs.vals = append(rs.vals, vals...)
	return true
}

// shapeID names a key list unambiguously.
func shapeID(keys []string) string {
	var sb strings.Builder
	for _, k := range keys {
		sb.WriteString(strconv.Itoa(len(k)))
		sb.WriteByte(':')
		sb.WriteString(k)
	}
	return sb.String()
}

// seedRowsOf is rows decoded the slow way as seedRows, each row's keys
// sorted; nil for nil. It reports false for a value that is not a
// scalar.
func seedRowsOf(rows []map[string]any) (*seedRows, bool) {
	if rows == nil {
		return nil, true
	}
	rs := &seedRows{}
	var vals []scalar
	for _, r := range rows {
		keys := sortedKeys(r)
		vals = vals[:0]
		for _, k := range keys {
			s, ok := scalarOf(r[k])
			if !ok {
				return nil, false
			}
			vals = append(vals, s)
		}
		rs.add(keys, vals)
	}
	return rs, true
}

// seedRows parses the value of /tables/N/rows: an array of objects whose
// values are scalars (the bundle schema's rule for rows,
// [bundleRowsSchema]). Anything else, and a key given twice in a row, is
// errTreeFallback: the slow way explains it.
func (p *treeParser) seedRows() (*seedRows, error) {
	p.space()
	if p.i >= len(p.data) || p.data[p.i] != '[' {
		return nil, errTreeFallback
	}
	p.i++
	rs := &seedRows{}
	p.space()
	if p.i < len(p.data) && p.data[p.i] == ']' {
		p.i++
		return rs, nil
	}
	var (
		keys []string
		vals []scalar
	)
	for {
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != '{' {
			return nil, errTreeFallback
		}
		var err error
		start := p.i
		keys, vals, err = p.seedRow(rs, keys[:0], vals[:0])
		if err != nil {
			return nil, err
		}
		if !rs.add(keys, vals) {
			return nil, errTreeFallback
		}
		if len(rs.rows) == 1 {
			// Room for as many rows like the first as the rest of the
			// document could hold: a large table is most of it.
			n := (len(p.data) - p.i) / max(p.i-start, 1)
			rs.rows = slices.Grow(rs.rows, n)
			rs.vals = slices.Grow(rs.vals, n*len(vals))
		}
		p.space()
		if p.i >= len(p.data) {
			return nil, errTreeFallback
		}
		switch p.data[p.i] {
		case ',':
			p.i++
		case ']':
			p.i++
			rs.byKeys = nil
			return rs, nil
		default:
			return nil, errTreeFallback
		}
	}
}

// seedRow parses one row object at p.i into keys and vals. A key is
// taken from the previous row's keys when it is the same key in the same
// place, which it nearly always is, instead of being looked up.
func (p *treeParser) seedRow(rs *seedRows, keys []string, vals []scalar) ([]string, []scalar, error) {
	var prev []string // the previous row's keys, if they are plain
	if n := len(rs.rows); n > 0 && rs.plain[rs.rows[n-1].shape] {
		prev = rs.shapes[rs.rows[n-1].shape]
	}
	p.i++ // {
	p.space()
	if p.i < len(p.data) && p.data[p.i] == '}' {
		p.i++
		return keys, vals, nil
	}
	for {
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != '"' {
			return nil, nil, errTreeFallback
		}
		var k string
		if n := len(keys); n < len(prev) && p.hasKey(prev[n]) {
			k = prev[n]
		} else {
			var err error
			if k, err = p.key(); err != nil {
				return nil, nil, err
			}
		}
		keys = append(keys, k)
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != ':' {
			return nil, nil, errTreeFallback
		}
		p.i++
		v, err := p.scalar()
		if err != nil {
			return nil, nil, err
		}
		vals = append(vals, v)
		p.space()
		if p.i >= len(p.data) {
			return nil, nil, errTreeFallback
		}
		switch p.data[p.i] {
		case ',':
			p.i++
		case '}':
			p.i++
			return keys, vals, nil
		default:
			return nil, nil, errTreeFallback
		}
	}
}

// hasKey reports whether the string at p.i is the plain key k (see
// seedRows.plain) in quotes, and if so reads it.
func (p *treeParser) hasKey(k string) bool {
	end := p.i + 1 + len(k)
	if end >= len(p.data) || p.data[end] != '"' || p.data[p.i+1:end] != k {
		return false
	}
	p.i = end + 1
	return true
}

// scalar reads a JSON scalar at p.i; an object or array is
// errTreeFallback.
func (p *treeParser) scalar() (scalar, error) {
	p.space()
	if p.i >= len(p.data) {
		return scalar{}, errTreeFallback
	}
	switch c := p.data[p.i]; {
	case c == '"':
		s, err := p.string()
		return scalar{text: s, kind: scalarString}, err
	case c == '-' || c >= '0' && c <= '9':
		n, err := p.numberText()
		return scalar{text: n, kind: scalarNumber}, err
	}
	for _, lit := range [...]struct {
		text string
		kind scalarKind
	}{{"true", scalarTrue}, {"false", scalarFalse}, {"null", scalarNull}} {
		if strings.HasPrefix(p.data[p.i:], lit.text) {
			p.i += len(lit.text)
			return scalar{kind: lit.kind}, nil
		}
	}
	return scalar{}, errTreeFallback
}
