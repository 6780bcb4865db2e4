package toolgen

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// rpcHead is what the stdio loop and callDirect read of a JSON-RPC
// message before deciding who serves it.
type rpcHead struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

// parseHead reads a message's head, or reports false if msg is not valid
// JSON. A message of only the four members, spelled exactly so, is split
// by hand (encoding/json's decoding of it was a tenth of a point read's
// server CPU); any other goes to encoding/json, which also matches keys
// case-insensitively.
func parseHead(msg []byte) (rpcHead, bool) {
	var h rpcHead
	if !json.Valid(msg) {
		return h, false
	}
	ok := rawMembers(msg, func(key string, v []byte) bool {
		switch key {
		case "jsonrpc":
			s, ok := plainString(v)
			h.JSONRPC = s
			return ok
		case "method":
			s, ok := plainString(v)
			h.Method = s
			return ok
		case "id":
			h.ID = v
		case "params":
			h.Params = v
		default:
			return false
		}
		return true
	})
	if ok {
		return h, true
	}
	h = rpcHead{}
	return h, json.Unmarshal(msg, &h) == nil
}

// rawMembers calls f with each key of the JSON object data (valid JSON)
// and the raw bytes of its value, and reports false if data is not an
// object, a key has an escape or a byte beyond ASCII, or f returns false.
func rawMembers(data []byte, f func(key string, v []byte) bool) bool {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return false
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return true
	}
	for i < len(data) {
		end := skipValue(data, i)
		key, ok := plainString(data[i:end])
		if !ok {
			return false
		}
		i = skipSpace(data, end)
		i = skipSpace(data, i+1) // the ':'
		end = skipValue(data, i)
		if !f(key, data[i:end]) {
			return false
		}
		i = skipSpace(data, end)
		if i >= len(data) || data[i] == '}' {
			return true
		}
		i = skipSpace(data, i+1) // the ','
	}
	return false
}

// plainString returns the JSON string v (valid JSON) when it has no
// escapes and only ASCII.
func plainString(v []byte) (string, bool) {
	if len(v) < 2 || v[0] != '"' {
		return "", false
	}
	inner := v[1 : len(v)-1]
	for _, c := range inner {
		if c == '\\' || c >= utf8.RuneSelf {
			return "", false
		}
	}
	return string(inner), true
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// skipValue returns the end of the JSON value at i of data (valid JSON).
func skipValue(data []byte, i int) int {
	if i >= len(data) {
		return i
	}
	switch data[i] {
	case '"':
		for j := i + 1; j < len(data); j++ {
			switch data[j] {
			case '\\':
				j++
			case '"':
				return j + 1
			}
		}
		return len(data)
	case '{', '[':
		depth := 0
		for j := i; j < len(data); j++ {
			switch data[j] {
			case '"':
				j = skipValue(data, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return len(data)
	}
	end := bytes.IndexAny(data[i:], ",}] \t\n\r")
	if end < 0 {
		return len(data)
	}
	return i + end
}
