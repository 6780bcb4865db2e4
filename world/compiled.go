package world

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
)

// CompiledFormat names the layout of [Compiled].
const CompiledFormat = "mercury.compiled/v1"

// Compiled is what a full [Compile] of a bundle leaves for the next start:
// the bundle without its seed rows, how many rows each table had, and the
// hashes that tie it to the bundle's bytes and to this engine's schema.
// With the seeded image ([World.Image]) it is all [Recompile] needs: the
// rows are already in the image, so a large bundle starts without parsing
// or inserting them again. It holds the hidden parts of the bundle (checks,
// rubrics, solutions) like the bundle itself: store it where the bundle is
// readable, never on an agent's surface.
type Compiled struct {
	Format     string          `json:"format"`
	BundleHash string          `json:"bundle_hash"`
	SchemaHash string          `json:"schema_hash"`
	Rows       map[string]int  `json:"rows"`
	Bundle     json.RawMessage `json:"bundle"`
}

// Compiled returns the world in the form [Recompile] reads.
func (w *World) Compiled() (*Compiled, error) {
	b := *w.bundle
	b.Tables = make([]Table, len(w.bundle.Tables))
	rows := map[string]int{}
	for i, t := range w.bundle.Tables {
		rows[t.Name] = w.tableRows(w.tableBy[t.Name])
		t.Rows = nil
		b.Tables[i] = t
	}
	data, err := marshalNoEscape(&b)
	if err != nil {
		return nil, fmt.Errorf("encode compiled bundle: %w", err)
	}
	return &Compiled{Format: CompiledFormat, BundleHash: w.hash, SchemaHash: w.SchemaHash(), Rows: rows, Bundle: data}, nil
}

// ErrStale is matched by the error of [Recompile] when the compiled form
// does not fit this engine (another format or another schema for the same
// bundle): compile the bundle again.
var ErrStale = errors.New("compiled world is stale")

// Recompile rebuilds the world that [World.Compiled] and [World.Image]
// came from, without its checks: use it only for what this engine wrote
// itself from a bundle that passed a full Compile. The world reports the
// original bundle's hash and row counts; its [World.Bundle] has no seed
// rows (they are in the image).
func Recompile(c *Compiled, image []byte) (*World, error) {
	if c.Format != CompiledFormat {
		return nil, fmt.Errorf("%w: format %q, want %q", ErrStale, c.Format, CompiledFormat)
	}
	w, err := CompileWith(c.Bundle, Options{Trusted: true, Image: image})
	if err != nil {
		return nil, err
	}
	if w.SchemaHash() != c.SchemaHash {
		return nil, fmt.Errorf("%w: its schema is not the one this engine builds", ErrStale)
	}
	w.hash = c.BundleHash
	w.rowCounts = c.Rows
	return w, nil
}

// SchemaHash digests the world's database schema ([World.DDL]).
func (w *World) SchemaHash() string {
	sum := sha256.Sum256([]byte(w.DDL()))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// tableRows is how many seed rows a table has.
func (w *World) tableRows(t *table) int {
	if w.rowCounts != nil {
		return w.rowCounts[t.name]
	}
	return t.seed.len()
}
