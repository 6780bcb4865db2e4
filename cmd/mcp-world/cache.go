package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/mercury/mcp-world/bundles"
	"github.com/mercury/mcp-world/world"
)

// worldCache keeps, for each bundle file serve has compiled, the world's
// compiled form and seeded image (see [world.Recompile]), so the next
// start of the same bytes skips the checks, the parsing and the seeding of
// its rows: a 19 MB bundle of 100,000 rows starts in about 0.1 s instead
// of the 0.6 s of CPU of a first start. Entries are named by the bundle's
// hash and this binary's identity, so an edited bundle or a rebuilt
// mcp-world never reads an old entry. MERCURY_CACHE_DIR chooses the
// directory (default: the user cache directory's mercury-world);
// MERCURY_CACHE_DIR=off turns it off.
type worldCache struct {
	dir string
	log *slog.Logger
}

// openWorldCache returns the cache, or nil when it is turned off or there
// is no cache directory.
func openWorldCache(log *slog.Logger) *worldCache {
	dir := os.Getenv("MERCURY_CACHE_DIR")
	switch dir {
	case "off":
		return nil
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return nil
		}
		dir = filepath.Join(base, "mercury-world")
	}
	return &worldCache{dir: dir, log: log}
}

// binaryStamp identifies this build of mcp-world: its version and its
// executable's size and modification time, so that a rebuild (which may
// seed or lay out tables differently) starts a new set of entries.
func binaryStamp() string {
	exe, err := os.Executable()
	if err != nil {
		return version
	}
	st, err := os.Stat(exe)
	if err != nil {
		return version
	}
	return version + "/" + strconv.FormatInt(st.Size(), 10) + "/" + strconv.FormatInt(st.ModTime().UnixNano(), 10)
}

// key names the entry of a bundle whose SHA-256 is sum.
func (c *worldCache) key(sum [sha256.Size]byte) string {
	h := sha256.New()
	h.Write([]byte(world.CompiledFormat + "\x00" + binaryStamp() + "\x00"))
	h.Write(sum[:])
	return hex.EncodeToString(h.Sum(nil))
}

// load returns the cached world of the entry named key, if there is one.
func (c *worldCache) load(key string) (*world.World, bool) {
	base := filepath.Join(c.dir, key)
	data, err := os.ReadFile(base + ".json")
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			c.log.Warn("world cache: read entry", "err", err)
		}
		return nil, false
	}
	image, err := os.ReadFile(base + ".db")
	if err != nil {
		c.log.Warn("world cache: read image", "err", err)
		return nil, false
	}
	var cw world.Compiled
	if err := json.Unmarshal(data, &cw); err != nil {
		c.log.Warn("world cache: bad entry; compiling the bundle", "file", base+".json", "err", err)
		return nil, false
	}
	w, err := world.Recompile(&cw, image)
	if err != nil {
		c.log.Warn("world cache: unusable entry; compiling the bundle", "file", base+".json", "err", err)
		return nil, false
	}
	return w, true
}

// store writes the entry named key of a world. Each file is written under
// a temporary name and renamed, so a reader sees a whole entry or none.
func (c *worldCache) store(key string, w *world.World) error {
	cw, err := w.Compiled()
	if err != nil {
		return err
	}
	data, err := json.Marshal(cw)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(c.dir, 0o700); err != nil {
		return err
	}
	base := filepath.Join(c.dir, key)
	// The image first: an entry is found by its .json.
	if err := writeFileAtomic(base+".db", w.Image()); err != nil {
		return err
	}
	return writeFileAtomic(base+".json", data)
}

func writeFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(f.Name(), path)
	}
	if werr != nil {
		os.Remove(f.Name())
	}
	return werr
}

// loadServedWorld is [loadWorld] for serve: a bundle file comes from the
// world cache when it has a current entry, and is put there after a full
// compile otherwise. Embedded worlds have their images built in. The entry
// is written while the server starts serving, not before: wait returns
// when it is written (at once when there is nothing to write).
func loadServedWorld(name string, log *slog.Logger) (w *world.World, wait func(), err error) {
	wait = func() {}
	cache := openWorldCache(log)
	if cache == nil || name == "" || slices.Contains(bundles.Names(), name) {
		w, err := loadWorld(name)
		return w, wait, err
	}
	path := name
	if st, err := os.Stat(name); err == nil && st.IsDir() {
		path = filepath.Join(name, "world.json")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		w, err := loadWorld(name) // it reports the error
		return w, wait, err
	}
	// The bundle is hashed once, for the key and for the world's hash.
	sum := sha256.Sum256(data)
	key := cache.key(sum)
	if w, ok := cache.load(key); ok {
		log.Debug("world from cache", "world", w.Name(), "dir", cache.dir)
		return w, wait, nil
	}
	if w, err = world.CompileWith(data, world.Options{Sum: &sum}); err != nil {
		return nil, wait, &bundleError{name: path, err: err}
	}
	stored := make(chan struct{})
	go func() {
		defer close(stored)
		if err := cache.store(key, w); err != nil {
			log.Debug("world cache: not stored", "dir", cache.dir, "err", fmt.Sprint(err))
		}
	}()
	return w, func() { <-stored }, nil
}
