package main

import (
	"encoding/json"
	"fmt"
	"testing"
)

// FuzzDecodeAction: whatever the bytes, an accepted action is exactly one
// JSON value, of one of the three types, and a call_tool has a tool name
// and an object of arguments.
func FuzzDecodeAction(f *testing.F) {
	for _, s := range []string{`{"type":"list_tools"}`, `{"type":"call_tool","tool_name":"x","arguments":{"a":1}}`, `{"type":"submit"}`,
		`{"type":"call_tool","tool_name":"x","arguments":[1]}`, `{"type":"call_tool","tool_name":"x","arguments":null}`, `null`, `{"type":"submit","tool_name":"x"}`, `{`, `{"type":"submit"}}`, `{"type":"submit"} {}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := decodeAction(data)
		if err != nil {
			return
		}
		if !json.Valid(data) {
			t.Fatalf("accepted %q, which is not one JSON value", data)
		}
		switch a.Type {
		case "list_tools", "submit":
			if a.ToolName != "" || len(a.Arguments) > 0 {
				t.Fatalf("%s accepted with a tool or arguments: %q", a.Type, data)
			}
		case "call_tool":
			var args map[string]any
			if a.ToolName == "" || json.Unmarshal(a.Arguments, &args) != nil || args == nil {
				t.Fatalf("call_tool accepted without a name or an object of arguments: %q → %+v", data, a)
			}
		default:
			t.Fatalf("accepted type %q from %q", a.Type, data)
		}
	})
}

// FuzzShards: the k shards of any job list are disjoint, cover it, and
// keep its order.
func FuzzShards(f *testing.F) {
	f.Add(uint8(10), uint8(3))
	f.Add(uint8(0), uint8(1))
	f.Add(uint8(7), uint8(9))
	f.Fuzz(func(t *testing.T, n, k uint8) {
		if k == 0 {
			return
		}
		jobs := make([]synthJob, n)
		for i := range jobs {
			jobs[i].label = fmt.Sprint(i)
		}
		seen := make([]int, n)
		for i := range int(k) {
			sh, err := parseShard(fmt.Sprintf("%d/%d", i, k))
			if err != nil {
				t.Fatal(err)
			}
			last := -1
			for _, j := range sh.of(jobs) {
				var idx int
				fmt.Sscan(j.label, &idx)
				if idx <= last {
					t.Fatalf("shard %d/%d out of order", i, k)
				}
				last = idx
				seen[idx]++
			}
		}
		for i, c := range seen {
			if c != 1 {
				t.Fatalf("job %d is in %d of %d shards", i, c, k)
			}
		}
	})
}
