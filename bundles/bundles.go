package bundles

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/world"
)

// Default is the name of the world used when none is chosen.
const Default = "rijnmond-forwarding"

//go:embed worlds/*.json worlds/*.db
var files embed.FS

// Each embedded world ships the seeded database a full compile of its
// bundle produces (worlds/NAME.db, named by the bundle's hash in
// images.json). Loading an embedded world then skips the checks and
// seeding that only a changed bundle could fail — the difference between a
// 50 ms and a few-ms start. A stale image is never used: its recorded
// bundle hash must match the bytes. Regenerate with
// go test ./bundles -run TestImages -update.
//
//go:embed images.json
var manifest []byte

type imageEntry struct {
	BundleHash string `json:"bundle_hash"`
	// SchemaHash guards against an engine whose DDL changed since the
	// image was built: same bundle bytes, different database layout.
	SchemaHash string `json:"schema_hash"`
}

func schemaHash(w *world.World) string {
	sum := sha256.Sum256([]byte(w.DDL()))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Names returns the names of the embedded worlds, sorted.
func Names() []string {
	entries, err := fs.ReadDir(files, "worlds")
	if err != nil {
		return nil // cannot happen: the directory is embedded
	}
	var names []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".json"); ok && !e.IsDir() {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// Bytes returns the raw bundle of the embedded world called name. The
// caller may modify the returned slice.
func Bytes(name string) ([]byte, error) {
	if !slices.Contains(Names(), name) {
		return nil, fmt.Errorf("unknown embedded world %q (embedded worlds: %s)", name, strings.Join(Names(), ", "))
	}
	return files.ReadFile(path.Join("worlds", name+".json"))
}

// Load compiles the embedded world called name, from its prebuilt image
// when that is current.
func Load(name string) (*world.World, error) {
	b, err := Bytes(name)
	if err != nil {
		return nil, err
	}
	if img, schema, ok := image(name, b); ok {
		w, err := world.CompileWith(b, world.Options{Trusted: true, Image: img})
		if err == nil && schemaHash(w) == schema {
			return w, nil
		}
		// Stale for this engine: fall back to a full compile.
	}
	w, err := world.Compile(b)
	if err != nil {
		return nil, fmt.Errorf("compile world %s: %w", name, err)
	}
	return w, nil
}

// image returns the prebuilt image of a world if it was built from
// exactly these bundle bytes, with the schema hash it was built for.
func image(name string, bundle []byte) ([]byte, string, bool) {
	var m map[string]imageEntry
	if json.Unmarshal(manifest, &m) != nil {
		return nil, "", false
	}
	sum := sha256.Sum256(bundle)
	if m[name].BundleHash != "sha256:"+hex.EncodeToString(sum[:]) {
		return nil, "", false
	}
	img, err := files.ReadFile(path.Join("worlds", name+".db"))
	return img, m[name].SchemaHash, err == nil
}
