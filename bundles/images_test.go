package bundles

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"testing"

	"github.com/mercury/mcp-world/world"
)

var update = flag.Bool("update", false, "rebuild worlds/*.db and images.json")

// TestImages: every embedded world has a prebuilt image, built from its
// current bytes, byte-identical to what a full compile produces; and the
// fast load is the same world as the full one.
func TestImages(t *testing.T) {
	m := map[string]imageEntry{}
	for _, name := range Names() {
		b, _ := Bytes(name)
		full, err := world.Compile(b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if *update {
			if err := os.WriteFile("worlds/"+name+".db", full.Image(), 0o644); err != nil {
				t.Fatal(err)
			}
			m[name] = imageEntry{BundleHash: full.Hash(), SchemaHash: schemaHash(full)}
			continue
		}
		img, schema, ok := image(name, b)
		if !ok || schema != schemaHash(full) {
			t.Fatalf("%s: no current prebuilt image; run go test ./bundles -run TestImages -update", name)
		}
		if !bytes.Equal(img, full.Image()) {
			t.Fatalf("%s: prebuilt image differs from a fresh compile; run go test ./bundles -run TestImages -update", name)
		}
		fast, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		if fast.DDL() != full.DDL() || len(fast.Tools()) != len(full.Tools()) {
			t.Fatalf("%s: fast load differs from the full compile", name)
		}
		for i, tl := range fast.Tools() {
			if !bytes.Equal(tl.InputSchema(), full.Tools()[i].InputSchema()) || !bytes.Equal(tl.OutputSchema(), full.Tools()[i].OutputSchema()) {
				t.Errorf("%s: tool %s schemas differ", name, tl.Name())
			}
		}
		ctx := t.Context()
		for _, task := range full.Tasks() {
			a, err := full.InitialStateHash(ctx, task)
			if err != nil {
				t.Fatal(err)
			}
			ft, _ := fast.Task(task.ID())
			b, err := fast.InitialStateHash(ctx, ft)
			if err != nil {
				t.Fatal(err)
			}
			if a != b {
				t.Errorf("%s/%s: fast load starts the task in another state", name, task.ID())
			}
		}
	}
	if *update {
		out, _ := json.MarshalIndent(m, "", "  ")
		if err := os.WriteFile("images.json", append(out, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
