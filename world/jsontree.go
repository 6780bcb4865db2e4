package world

import (
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"
)

// parseTree parses a JSON document into the tree encoding/json builds with
// UseNumber (map[string]any, []any, string, json.Number, bool, nil), about
// five times faster: a bundle of 100,000 seed rows is 19 MB, and parsing
// it is a large part of a first start. It does not explain bad input:
// on any error, and on what it leaves to encoding/json (a key given twice,
// very deep nesting), it returns errTreeFallback and the caller parses the
// document with encoding/json, which reports the problem in its own words.
// Strings with escapes or non-ASCII bytes are unquoted by encoding/json
// too, so every string is exactly what encoding/json would make of it.
//
// The document is copied to one string once, and every plain string and
// number of the tree is a piece of it: a large bundle has a few hundred
// thousand of them, and allocating each on its own was a third of the
// parse and most of the garbage collector's work while compiling.
func parseTree(data []byte) (any, error) {
	p := treeParser{data: string(data)}
	return p.document()
}

// document parses the whole document.
func (p *treeParser) document() (any, error) {
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i != len(p.data) {
		return nil, errTreeFallback
	}
	return v, nil
}

// parseBundleTree is parseTree for a bundle: the value of each
// /tables/N/rows is a *[seedRows] in the tree (see [treeParser.seedRows]),
// not a []any of maps, and it also returns the byte ranges of those
// values (whitespace before each included), in order, for the caller to
// cut the rows out of the bytes.
func parseBundleTree(data []byte) (any, [][2]int, error) {
	p := treeParser{data: string(data), bundle: true}
	v, err := p.document()
	if err != nil {
		return nil, nil, err
	}
	return v, p.rows, nil
}

var errTreeFallback = errors.New("parse with encoding/json")

// maxTreeDepth is where parseTree hands over to encoding/json, which has
// a nesting limit of its own.
const maxTreeDepth = 512

type treeParser struct {
	data string
	// bundle: the document is a bundle, whose rows are parsed as
	// seedRows. top is the key of the document's member being parsed,
	// inTables is set while the array /tables is, and rows holds the
	// byte ranges of the values of /tables/N/rows, in order.
	bundle   bool
	top      string
	inTables bool
	rows     [][2]int
	i        int
	// keys holds each object key once: the rows of a table repeat the
	// same few keys many thousand times.
	keys map[string]string
}

// maxTreeKeys bounds keys, for documents whose keys do not repeat.
const maxTreeKeys = 4096

func (p *treeParser) space() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *treeParser) value(depth int) (any, error) {
	if depth > maxTreeDepth {
		return nil, errTreeFallback
	}
	p.space()
	if p.i >= len(p.data) {
		return nil, errTreeFallback
	}
	switch c := p.data[p.i]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		return p.string()
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	default:
		for _, lit := range [...]struct {
			text string
			v    any
		}{{"true", true}, {"false", false}, {"null", nil}} {
			if len(p.data)-p.i >= len(lit.text) && p.data[p.i:p.i+len(lit.text)] == lit.text {
				p.i += len(lit.text)
				return lit.v, nil
			}
		}
		return nil, errTreeFallback
	}
}

func (p *treeParser) object(depth int) (any, error) {
	p.i++ // {
	m := map[string]any{}
	p.space()
	if p.i < len(p.data) && p.data[p.i] == '}' {
		p.i++
		return m, nil
	}
	for {
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != '"' {
			return nil, errTreeFallback
		}
		k, err := p.key()
		if err != nil {
			return nil, err
		}
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != ':' {
			return nil, errTreeFallback
		}
		p.i++
		if depth == 0 {
			p.top = k
		}
		start := p.i
		rows := p.bundle && p.inTables && depth == 2 && k == "rows"
		var v any
		if rows {
			v, err = p.seedRows()
		} else {
			v, err = p.value(depth + 1)
		}
		if err != nil {
			return nil, err
		}
		if rows {
			p.rows = append(p.rows, [2]int{start, p.i})
		}
		n := len(m)
		m[k] = v
		if len(m) == n {
			// A key given twice: encoding/json merges a struct field
			// given twice rather than replacing it; let it decide.
			return nil, errTreeFallback
		}
		p.space()
		if p.i >= len(p.data) {
			return nil, errTreeFallback
		}
		switch p.data[p.i] {
		case ',':
			p.i++
		case '}':
			p.i++
			return m, nil
		default:
			return nil, errTreeFallback
		}
	}
}

func (p *treeParser) array(depth int) (any, error) {
	if depth == 1 && p.top == "tables" {
		p.inTables = true
		defer func() { p.inTables = false }()
	}
	p.i++ // [
	a := []any{}
	p.space()
	if p.i < len(p.data) && p.data[p.i] == ']' {
		p.i++
		return a, nil
	}
	for {
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		a = append(a, v)
		p.space()
		if p.i >= len(p.data) {
			return nil, errTreeFallback
		}
		switch p.data[p.i] {
		case ',':
			p.i++
		case ']':
			p.i++
			return a, nil
		default:
			return nil, errTreeFallback
		}
	}
}

// key reads an object key: a string, from p.keys when it is there.
func (p *treeParser) key() (string, error) {
	raw, plain, err := p.scanString()
	if err != nil {
		return "", err
	}
	if !plain {
		return unquote(raw)
	}
	if k, ok := p.keys[raw[1:len(raw)-1]]; ok {
		return k, nil
	}
	// A copy of its own: a key kept here outlives the document.
	k := strings.Clone(raw[1 : len(raw)-1])
	if p.keys == nil {
		p.keys = map[string]string{}
	}
	if len(p.keys) < maxTreeKeys {
		p.keys[k] = k
	}
	return k, nil
}

// string reads a JSON string at p.i.
func (p *treeParser) string() (string, error) {
	raw, plain, err := p.scanString()
	if err != nil {
		return "", err
	}
	if !plain {
		return unquote(raw)
	}
	return raw[1 : len(raw)-1], nil
}

// unquote is encoding/json's reading of a string literal, for those with
// an escape or a byte beyond ASCII.
func unquote(raw string) (string, error) {
	var s string
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		return "", errTreeFallback
	}
	return s, nil
}

// scanString finds the end of the JSON string at p.i and returns it with
// its quotes, and whether it is plain ASCII without escapes.
func (p *treeParser) scanString() (raw string, plain bool, err error) {
	start := p.i
	p.i++ // "
	plain = true
	for p.i < len(p.data) {
		c := p.data[p.i]
		switch {
		case c == '"':
			p.i++
			return p.data[start:p.i], plain, nil
		case c == '\\':
			plain = false
			p.i += 2 // the escaped byte is never the closing quote
		case c < 0x20:
			return "", false, errTreeFallback
		case c >= utf8.RuneSelf:
			plain = false
			p.i++
		default:
			p.i++
		}
	}
	return "", false, errTreeFallback
}

// number reads a JSON number (RFC 8259's grammar) as its literal text.
func (p *treeParser) number() (any, error) {
	n, err := p.numberText()
	if err != nil {
		return nil, err
	}
	return json.Number(n), nil
}

func (p *treeParser) numberText() (string, error) {
	start := p.i
	d := p.data
	if p.i < len(d) && d[p.i] == '-' {
		p.i++
	}
	switch {
	case p.i < len(d) && d[p.i] == '0':
		p.i++
	case p.i < len(d) && d[p.i] >= '1' && d[p.i] <= '9':
		p.digits()
	default:
		return "", errTreeFallback
	}
	if p.i < len(d) && d[p.i] == '.' {
		p.i++
		if p.digits() == 0 {
			return "", errTreeFallback
		}
	}
	if p.i < len(d) && (d[p.i] == 'e' || d[p.i] == 'E') {
		p.i++
		if p.i < len(d) && (d[p.i] == '+' || d[p.i] == '-') {
			p.i++
		}
		if p.digits() == 0 {
			return "", errTreeFallback
		}
	}
	return d[start:p.i], nil
}

func (p *treeParser) digits() int {
	n := 0
	for p.i < len(p.data) && p.data[p.i] >= '0' && p.data[p.i] <= '9' {
		p.i++
		n++
	}
	return n
}
