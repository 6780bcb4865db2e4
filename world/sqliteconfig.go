package world

import (
	"fmt"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// lookaside is the per-connection lookaside allocator SQLite gives every
// connection: slot size and count. SQLite's default, 100 slots of 1,200
// bytes, costs each connection about 120 KB; a server holds a connection
// per live episode (10,000 of them is 1.2 GB of lookaside alone), so
// episodes get a smaller one.
const lookasideSlot, lookasideSlots = 256, 32

// configErr is why configuring SQLite failed, if it did: episodes then
// run on SQLite's defaults, which is correct, only larger.
var configErr = configureSQLite()

// configureSQLite sets SQLite's process-wide configuration. It must run
// before the first connection is opened, hence a package variable.
func configureSQLite() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("configure sqlite: %v", r)
		}
	}()
	tls := libc.NewTLS()
	defer tls.Close()
	va := tls.Alloc(16)
	defer tls.Free(16)
	if rc := sqlite3.Xsqlite3_config(tls, sqlite3.SQLITE_CONFIG_LOOKASIDE, libc.VaList(va, int32(lookasideSlot), int32(lookasideSlots))); rc != sqlite3.SQLITE_OK {
		return fmt.Errorf("configure sqlite lookaside: code %d", rc)
	}
	return nil
}
