package world

import (
	"bytes"
	"encoding/json"
)

// object is a JSON object that keeps its keys in insertion order, so
// records list columns in declaration order and schemas list arguments as
// the author wrote them.
type object []member

type member struct {
	Key   string
	Value any
}

func (o object) MarshalJSON() ([]byte, error) { return o.appendJSON(nil) }

// appendJSON appends o as encoding/json encodes it (keys as json.Marshal
// writes them, values without HTML escaping), written out by hand: tool
// results are encoded on every call.
func (o object) appendJSON(b []byte) ([]byte, error) {
	b = append(b, '{')
	for i, m := range o {
		if i > 0 {
			b = append(b, ',')
		}
		if htmlSpecial(m.Key) {
			k, err := json.Marshal(m.Key)
			if err != nil {
				return nil, err
			}
			b = append(b, k...)
		} else {
			b = appendJSONString(b, m.Key)
		}
		b = append(b, ':')
		var err error
		if b, err = appendAnyJSON(b, m.Value); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// htmlSpecial reports whether s holds a character encoding/json escapes
// in keys for HTML (<, > or &). A byte loop: strings.ContainsAny was 5%
// of a search call, run on every key of every row.
func htmlSpecial(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '<' || c == '>' || c == '&' {
			return true
		}
	}
	return false
}

// AppendJSONString appends s as a JSON string, as encoding/json encodes it
// but without HTML escaping. toolgen writes tool results with it.
func AppendJSONString(b []byte, s string) []byte { return appendJSONString(b, s) }

// appendAnyJSON appends v as encoding/json encodes it without HTML
// escaping.
func appendAnyJSON(b []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case object:
		return x.appendJSON(b)
	case []object:
		if x == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		for i, o := range x {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = o.appendJSON(b); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	case nil, int64, float64, string, bool:
		if out, ok := appendJSONValue(b, v); ok {
			return out, nil
		}
	}
	enc, err := marshalNoEscape(v)
	if err != nil {
		return nil, err
	}
	return append(b, enc...), nil
}

// get returns the value of key, if present.
func (o object) get(key string) (any, bool) {
	for _, m := range o {
		if m.Key == key {
			return m.Value, true
		}
	}
	return nil, false
}

// marshalNoEscape encodes v without HTML escaping: results are read by
// models and people, and "<" is easier to read than "\u003c".
func marshalNoEscape(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}
