package toolgen

import (
	"encoding/json"
	"reflect"
	"testing"
)

var headCases = []string{
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_order","arguments":{"order_id":"ORD-1"}}}`,
	` { "jsonrpc" : "2.0" , "id" : "a\"b" , "method" : "ping" } `,
	`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
	`{"jsonrpc":"2.0","id":null,"method":"x","params":[1,{"a":"}"}]}`,
	`{"JSONRPC":"2.0","Method":"tools/call","id":2}`,
	`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"n\u0061me":"get_order","arguments":{}}}`,
	`{"jsonrpc":"2.0","id":4,"method":"t\u006fols/call","params":{"name":"a","name":"b"}}`,
	`{"jsonrpc":2,"id":5,"method":"tools/call"}`,
	`{"jsonrpc":"2.0","id":6,"method":null}`,
	`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"a","arguments":{},"_meta":{}}}`,
	`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":5}}`,
	`{"jsonrpc":"2.0","id":9,"extra":true,"method":"tools/call","params":{"name":"a"}}`,
	`{"jsonrpc":"2.0","id":1e3,"method":"tools/call","params":{"name":"ü","arguments":null}}`,
	`{}`, `[]`, `"x"`, `{"jsonrpc":"2.0",`, `{"id":1}x`, ``,
}

// oldHead is how the stdio loop read a message before parseHead.
func oldHead(msg []byte) (rpcHead, bool) {
	var h rpcHead
	return h, json.Unmarshal(msg, &h) == nil
}

func checkHead(t *testing.T, msg []byte) {
	t.Helper()
	got, gok := parseHead(msg)
	want, wok := oldHead(msg)
	if gok != wok || gok && !reflect.DeepEqual(got, want) {
		t.Errorf("parseHead(%q) = %+v %v, encoding/json: %+v %v", msg, got, gok, want, wok)
	}
	if !gok {
		return
	}
	gc := plainToolCall(got.JSONRPC, got.Method, got.Params)
	var wc *toolCall
	if want.JSONRPC == "2.0" && want.Method == "tools/call" {
		wc = decodeToolCall(want.Params)
	}
	if !reflect.DeepEqual(gc, wc) {
		t.Errorf("plainToolCall(%q) = %+v, encoding/json: %+v", msg, gc, wc)
	}
}

// TestParseHead: the hand-split head and tool call are what encoding/json
// reads.
func TestParseHead(t *testing.T) {
	for _, c := range headCases {
		checkHead(t, []byte(c))
	}
}

func FuzzParseHead(f *testing.F) {
	for _, c := range headCases {
		f.Add([]byte(c))
	}
	f.Fuzz(checkHead)
}
