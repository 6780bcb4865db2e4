package world

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"testing"
)

// FuzzCompile: any input either fails with located errors or compiles, and
// compiling twice gives the same schema and image.
func FuzzCompile(f *testing.F) {
	for _, p := range []string{"testdata/mini.json", "testdata/ops.json"} {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		w1, err := Compile(data)
		if err != nil {
			var be *BundleError
			if !errors.As(err, &be) {
				t.Fatalf("error is not located: %v", err)
			}
			return
		}
		w2, err := Compile(data)
		if err != nil {
			t.Fatalf("second compile failed: %v", err)
		}
		if w1.DDL() != w2.DDL() || !bytes.Equal(w1.image, w2.image) {
			t.Fatal("non-deterministic compile")
		}
	})
}

// FuzzCall: any arguments to any tool either succeed or fail with a
// ToolError that leaves the state unchanged; never an internal error.
func FuzzCall(f *testing.F) {
	w := mustCompile(f, "testdata/ops.json")
	for i, c := range opsCalls {
		f.Add(uint8(i), []byte(c.args))
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, tool uint8, args []byte) {
		ep, err := w.NewEpisode(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ep.Close()
		name := opsCalls[int(tool)%len(opsCalls)].tool
		before := hash(t, ep)
		out, err := ep.Call(ctx, name, json.RawMessage(args))
		if err != nil {
			var te *ToolError
			if !errors.As(err, &te) {
				t.Fatalf("%s %s: internal error %v", name, args, err)
			}
			if hash(t, ep) != before {
				t.Fatalf("%s %s failed but changed the state", name, args)
			}
			return
		}
		if !json.Valid(out) {
			t.Fatalf("%s returned invalid JSON %s", name, out)
		}
	})
}
