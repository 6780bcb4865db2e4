package bundles

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/world"
)

// Default is the name of the world used when none is chosen.
const Default = "rijnmond-forwarding"

//go:embed worlds/*.json
var files embed.FS

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

// Load compiles the embedded world called name.
func Load(name string) (*world.World, error) {
	b, err := Bytes(name)
	if err != nil {
		return nil, err
	}
	w, err := world.Compile(b)
	if err != nil {
		return nil, fmt.Errorf("compile world %s: %w", name, err)
	}
	return w, nil
}
