package world

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"modernc.org/sqlite"
)

// seqTable holds the next id of each table with an id sequence. It lives in
// the episode database so that forks, snapshots and replays carry it.
const seqTable = "_mercury_sequences"

// changesTable holds the primary key of every world-table row a call
// inserted, updated or deleted since the episode's initial state: the
// write steps of exec.go record each row they write, inside the call's
// transaction, so a call that fails leaves no trace in it, and forks,
// snapshots and state files carry it. Images (s0 and every task's s0 +
// Δs0) hold it empty: it is how the episode differs from its image, which
// is what grading and the state hash read instead of the whole state.
//
// (Triggers would record raw writes too, but the runtime makes none, and
// SQLite parses every trigger of the schema when an episode's connection
// first runs a statement: a few hundred microseconds per episode.)
const changesTable = "_mercury_changes"

// DDL returns the schema of the world's database, deterministic for a bundle.
func (w *World) DDL() string {
	var sb strings.Builder
	for _, t := range w.tables {
		fmt.Fprintf(&sb, "CREATE TABLE %s (\n", quoteIdent(t.name))
		for i, c := range t.cols {
			if i > 0 {
				sb.WriteString(",\n")
			}
			fmt.Fprintf(&sb, "  %s %s", quoteIdent(c.Name), c.typ.sqlType())
			if c.PrimaryKey {
				sb.WriteString(" PRIMARY KEY NOT NULL")
			} else if !c.Nullable {
				sb.WriteString(" NOT NULL")
			}
			if c.Unique {
				sb.WriteString(" UNIQUE")
			}
			if c.def != nil {
				sb.WriteString(" DEFAULT " + sqlLiteral(c.def))
			}
			var allowed []any
			if c.typ == typeBoolean {
				allowed = []any{int64(0), int64(1)}
			}
			if len(c.enum) > 0 {
				allowed = c.enum
			}
			if len(allowed) > 0 {
				lits := make([]string, len(allowed))
				for i, v := range allowed {
					lits[i] = sqlLiteral(v)
				}
				fmt.Fprintf(&sb, " CHECK (%s IN (%s))", quoteIdent(c.Name), strings.Join(lits, ", "))
			}
			if c.References != "" {
				rt, rc, _ := strings.Cut(c.References, ".")
				fmt.Fprintf(&sb, " REFERENCES %s(%s)", quoteIdent(rt), quoteIdent(rc))
			}
		}
		sb.WriteString("\n) STRICT;\n")
	}
	fmt.Fprintf(&sb, "CREATE TABLE %s (\"table_name\" TEXT PRIMARY KEY NOT NULL, \"next\" INTEGER NOT NULL) STRICT;\n", seqTable)
	// key is ANY so that it keeps the key's own type (STRICT tables give a
	// primary key exactly one).
	fmt.Fprintf(&sb, "CREATE TABLE %s (\"table_name\" TEXT NOT NULL, \"key\" ANY NOT NULL, PRIMARY KEY (\"table_name\", \"key\")) STRICT, WITHOUT ROWID;\n", changesTable)
	return sb.String()
}

// openMemory opens a private in-memory database on one connection.
func openMemory(ctx context.Context) (*sql.DB, *sql.Conn, error) {
	db, err := sql.Open("sqlite", "file::memory:?_pragma=foreign_keys(1)")
	if err != nil {
		return nil, nil, err
	}
	// Every new connection to :memory: is a new, empty database.
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	conn, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	return db, conn, nil
}

type serializer interface {
	Serialize() ([]byte, error)
	Deserialize([]byte) error
}

func serialize(conn *sql.Conn) ([]byte, error) {
	var out []byte
	err := conn.Raw(func(dc any) error {
		s, ok := dc.(serializer)
		if !ok {
			return errors.New("sqlite driver cannot serialize")
		}
		var err error
		out, err = s.Serialize()
		return err
	})
	return out, err
}

func deserialize(conn *sql.Conn, image []byte) error {
	return conn.Raw(func(dc any) error {
		s, ok := dc.(serializer)
		if !ok {
			return errors.New("sqlite driver cannot deserialize")
		}
		return s.Deserialize(image)
	})
}

// pageSize is the page size of the world's database. Every table and
// index takes at least one page and every live episode holds a copy of
// the image, so a small world gets small pages: the default world's image
// is 138 KiB at 1 KiB pages and 228 KiB at SQLite's default 4 KiB, which
// is what 10,000 live episodes in one process must fit. A world with many
// rows keeps 4 KiB pages, which scan faster.
func (w *World) pageSize() int {
	rows := 0
	for _, t := range w.tables {
		rows += t.seed.len()
	}
	if rows > smallWorldRows {
		return 4096
	}
	return 1024
}

// smallWorldRows is the most seed rows a world with 1 KiB pages has.
const smallWorldRows = 20000

// buildImage creates the schema, inserts the seed rows and returns the
// serialized database. Row errors are located at the offending value.
func (w *World) buildImage(ctx context.Context) ([]byte, []*BundleError) {
	d, err := openImageDB()
	if err != nil {
		return nil, []*BundleError{errAt("", "%v", err)}
	}
	defer d.close()
	if err := d.execScript(fmt.Sprintf("PRAGMA page_size=%d;", w.pageSize()) + w.DDL()); err != nil {
		return nil, []*BundleError{errAt("/tables", "create schema: %v", err)}
	}
	var errs []*BundleError
	// Seed rows may reference rows declared later; check keys after all
	// inserts, then map violations back to their rows.
	if err := d.execScript("PRAGMA foreign_keys=OFF"); err != nil {
		return nil, []*BundleError{errAt("", "%v", err)}
	}
	// One transaction, and rows inserted many to a statement: seeding is
	// most of a first start of a large bundle, and most of that was the
	// cost around each statement, not SQLite's insert.
	if err := d.execScript("BEGIN"); err != nil {
		return nil, []*BundleError{errAt("", "%v", err)}
	}
	s := seeder{db: d}
	failed := map[*table]map[int]bool{}
	for ti, t := range w.tables {
		rerrs, bad := s.seed(ti, t)
		errs = append(errs, rerrs...)
		if len(bad) > 0 {
			failed[t] = bad
		}
	}
	if err := d.execScript("COMMIT"); err != nil {
		errs = append(errs, errAt("", "%v", err))
	}
	rowPtr := map[*table]map[int64]string{}
	errs = append(errs, w.foreignKeyErrors(ctx, d, func(t *table, rowid int64) string {
		if rowPtr[t] == nil {
			rowPtr[t] = w.seedRowids(t, failed[t])
		}
		return rowPtr[t][rowid]
	})...)
	if len(errs) > 0 {
		return nil, errs
	}
	if err := w.resetSequences(ctx, d); err != nil {
		return nil, []*BundleError{errAt("/tables", "%v", err)}
	}
	image, err := d.serialize()
	if err != nil {
		return nil, []*BundleError{errAt("", "serialize: %v", err)}
	}
	return image, nil
}

// rowValues checks a seed row against the table's columns.
func (t *table) rowValues(row map[string]any, ptr string) ([]string, []any, []*BundleError) {
	var errs []*BundleError
	var cols []string
	var vals []any
	for _, k := range sortedKeys(row) {
		c := t.colBy[k]
		if c == nil {
			errs = append(errs, errAt(ptr+"/"+k, "table %s has no column %q (columns: %s)", t.name, k, t.columnNames()))
			continue
		}
		v, err := c.check(row[k])
		if err != nil {
			errs = append(errs, errAt(ptr+"/"+k, "%v", err))
			continue
		}
		cols = append(cols, k)
		vals = append(vals, v)
	}
	for _, c := range t.cols {
		if _, ok := row[c.Name]; !ok && !c.Nullable && c.def == nil {
			errs = append(errs, errAt(ptr, "missing required column %q", c.Name))
		}
	}
	return cols, vals, errs
}

// seeder inserts a world's seed rows.
type seeder struct {
	db *imageDB
}

// seedBatch is the most rows one INSERT carries: enough that the cost of
// a statement is spread thin, well below SQLite's limit on parameters.
const seedBatch = 64

// seedShape is how the rows of one key list go in: cols, the columns
// they give in table order, each cols[i] from the row's value at[i]; ok
// reports whether the keys name only columns of the table and every
// column a row must give. A row whose keys are not ok is explained by
// rowValues.
type seedShape struct {
	cols []*column
	at   []int
	ok   bool
}

func (t *table) seedShape(keys []string) seedShape {
	var sh seedShape
	for _, c := range t.cols {
		if i := slices.Index(keys, c.Name); i >= 0 {
			sh.cols = append(sh.cols, c)
			sh.at = append(sh.at, i)
		} else if !c.Nullable && c.def == nil {
			return sh
		}
	}
	sh.ok = len(sh.cols) == len(keys)
	return sh
}

// seed inserts the rows of table t (the ti-th) and returns the errors of
// the rows that do not fit, each located at the row or value, and the
// indexes of those rows. Consecutive good rows with the same columns go in
// batches; a batch SQLite refuses is inserted again row by row, so each
// error names its row, and the rows are inserted in the order of the
// bundle either way.
func (s *seeder) seed(ti int, t *table) ([]*BundleError, map[int]bool) {
	var errs []*BundleError
	var bad map[int]bool
	fail := func(ri int, e ...*BundleError) {
		if bad == nil {
			bad = map[int]bool{}
		}
		bad[ri] = true
		errs = append(errs, e...)
	}
	rowPtr := func(ri int) string { return Pointer("tables", strconv.Itoa(ti), "rows", strconv.Itoa(ri)) }
	var (
		cols []*column // the columns of the batch
		rows []int     // its rows' indexes
		vals []sqlValue
	)
	insertOne := func(ri int, cols []*column, vals []sqlValue) {
		st, err := s.db.prepare(insertRowsSQL(t, cols, 1))
		if err == nil {
			err = st.exec(vals)
		}
		if err != nil {
			fail(ri, errAt(rowPtr(ri), "%s", constraintMessage(t, err)))
		}
	}
	flush := func() {
		if len(rows) == 0 {
			return
		}
		st, err := s.db.prepare(insertRowsSQL(t, cols, len(rows)))
		if err == nil {
			err = st.exec(vals)
		}
		if err != nil {
			// The statement failed whole; find the rows that fail.
			for i, ri := range rows {
				insertOne(ri, cols, vals[i*len(cols):(i+1)*len(cols)])
			}
		}
		rows, vals = rows[:0], vals[:0]
	}
	// slow inserts a row the way that explains what is wrong with it.
	slow := func(ri int) {
		flush()
		names, rvals, rerrs := t.rowValues(t.seed.rowMap(ri), rowPtr(ri))
		if len(rerrs) > 0 {
			fail(ri, rerrs...)
			return
		}
		rc := make([]*column, len(names))
		vs := make([]sqlValue, len(names))
		for i, n := range names {
			rc[i] = t.colBy[n]
			vs[i], _ = sqlValueOf(rvals[i]) // check's values are all sqlValues
		}
		insertOne(ri, rc, vs)
	}
	rs := t.seed
	if rs == nil {
		return nil, nil
	}
	shapes := make([]*seedShape, len(rs.shapes))
	for ri, r := range rs.rows {
		sh := shapes[r.shape]
		if sh == nil {
			x := t.seedShape(rs.shapes[r.shape])
			sh, shapes[r.shape] = &x, &x
		}
		if !sh.ok {
			slow(ri)
			continue
		}
		if !slices.Equal(sh.cols, cols) || len(rows) == seedBatch {
			flush()
			cols = append(cols[:0], sh.cols...)
		}
		start := len(vals)
		ok := true
		for i, c := range sh.cols {
			v, good := c.seedValue(rs.vals[r.start+sh.at[i]])
			if !good {
				ok = false
				break
			}
			vals = append(vals, v)
		}
		if !ok {
			vals = vals[:start]
			slow(ri)
			continue
		}
		rows = append(rows, ri)
	}
	flush()
	return errs, bad
}

// seedRowids maps the rowid of each seed row of t that was inserted
// (every row but those in failed) to its JSON pointer, as SQLite assigns
// rowids: a table whose key is an INTEGER uses the key (or the largest
// rowid plus one for a null key); any other, the largest plus one, which
// with rows only inserted is their count.
func (w *World) seedRowids(t *table, failed map[int]bool) map[int64]string {
	ti := slices.Index(w.tables, t)
	out := map[int64]string{}
	var last int64
	for ri := range t.seed.len() {
		if failed[ri] {
			continue
		}
		rowid := last + 1
		if t.pk != nil && t.pk.typ.sqlType() == "INTEGER" {
			if v, err := t.pk.check(t.seed.rowMap(ri)[t.pk.Name]); err == nil && v != nil {
				rowid = v.(int64)
			}
		}
		last = max(last, rowid)
		out[rowid] = Pointer("tables", strconv.Itoa(ti), "rows", strconv.Itoa(ri))
	}
	return out
}

func insertSQL(t *table, cols []string) string {
	q := make([]string, len(cols))
	qc := make([]string, len(cols))
	for i, c := range cols {
		q[i] = "?"
		qc[i] = quoteIdent(c)
	}
	return fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)", quoteIdent(t.name), strings.Join(qc, ", "), strings.Join(q, ", "))
}

// insertRowsSQL inserts rows rows of the columns cols into t.
func insertRowsSQL(t *table, cols []*column, rows int) string {
	var sb strings.Builder
	sb.WriteString("INSERT INTO " + quoteIdent(t.name) + " (")
	for i, c := range cols {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(quoteIdent(c.Name))
	}
	sb.WriteString(") VALUES ")
	one := "(" + strings.Repeat("?, ", len(cols)-1) + "?)"
	for i := range rows {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(one)
	}
	return sb.String()
}

// seedConn runs the statements that check and finish a seeded database:
// the [imageDB] that builds s0, or the database/sql connection a task's
// seed is applied on ([sqlSeedConn]).
type seedConn interface {
	// each runs q with args and calls row, if not nil, with each result
	// row's values (int64, float64, string, []byte or nil).
	each(ctx context.Context, q string, args []any, row func([]any) error) error
}

// sqlSeedConn is a database/sql connection as a [seedConn].
type sqlSeedConn struct{ *sql.Conn }

func (c sqlSeedConn) each(ctx context.Context, q string, args []any, row func([]any) error) error {
	if row == nil {
		_, err := c.ExecContext(ctx, q, args...)
		return err
	}
	rows, err := c.QueryContext(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		if err := row(vals); err != nil {
			return err
		}
	}
	return rows.Err()
}

// foreignKeyErrors runs PRAGMA foreign_key_check and describes each broken
// key; where says where the row with that rowid came from.
func (w *World) foreignKeyErrors(ctx context.Context, conn seedConn, where func(*table, int64) string) []*BundleError {
	return w.foreignKeyErrorsIn(ctx, conn, nil, where)
}

type badKey struct {
	tbl    string
	rowid  int64
	parent string
}

// foreignKeyErrorsIn checks only the given tables (nil: all).
func (w *World) foreignKeyErrorsIn(ctx context.Context, conn seedConn, tables []*table, where func(*table, int64) string) []*BundleError {
	queries := []string{"PRAGMA foreign_key_check"}
	if tables != nil {
		queries = queries[:0]
		for _, t := range tables {
			queries = append(queries, "PRAGMA foreign_key_check("+quoteIdent(t.name)+")")
		}
	}
	var bads []badKey
	for _, q := range queries {
		// Rows of (table, rowid, parent, fkid); every world table has a rowid.
		err := conn.each(ctx, q, nil, func(r []any) error {
			b := badKey{}
			var ok1, ok2, ok3 bool
			b.tbl, ok1 = r[0].(string)
			b.rowid, ok2 = r[1].(int64)
			b.parent, ok3 = r[2].(string)
			if !ok1 || !ok2 || !ok3 {
				return fmt.Errorf("unexpected row %v", r)
			}
			bads = append(bads, b)
			return nil
		})
		if err != nil {
			return []*BundleError{errAt("", "foreign key check: %v", err)}
		}
	}
	var errs []*BundleError
	for _, b := range bads {
		t := w.tableBy[b.tbl]
		// Find the column: the fkid-th foreign key in SQLite's list, which
		// is in reverse declaration order; cheaper to test each FK column.
		msg := fmt.Sprintf("row references a missing %s row", b.parent)
		for _, c := range t.cols {
			if c.References == "" || !strings.HasPrefix(c.References, b.parent+".") {
				continue
			}
			var v any
			_ = conn.each(ctx, fmt.Sprintf("SELECT %s FROM %s WHERE rowid = ?", quoteIdent(c.Name), quoteIdent(t.name)), []any{b.rowid}, func(r []any) error {
				v = r[0]
				return nil
			})
			if v == nil {
				continue
			}
			_, rc, _ := strings.Cut(c.References, ".")
			var n int64
			_ = conn.each(ctx, fmt.Sprintf("SELECT count(*) FROM %s WHERE %s = ?", quoteIdent(b.parent), quoteIdent(rc)), []any{v}, func(r []any) error {
				n, _ = r[0].(int64)
				return nil
			})
			if n == 0 {
				msg = fmt.Sprintf("%s: no %s row with %s %s", c.Name, b.parent, rc, display(v))
				break
			}
		}
		errs = append(errs, errAt(where(t, b.rowid), "%s", msg))
	}
	return errs
}

// resetSequences sets each id sequence past the largest id in its table.
func (w *World) resetSequences(ctx context.Context, conn seedConn) error {
	return w.resetSequencesOf(ctx, conn, w.tables)
}

func (w *World) resetSequencesOf(ctx context.Context, conn seedConn, tables []*table) error {
	for _, t := range tables {
		if t.seq == nil && t.pk.typ != typeInteger {
			continue
		}
		var next int64 = 1
		var q string
		var args []any
		if t.seq != nil {
			q = fmt.Sprintf("SELECT %s FROM %s WHERE %s LIKE ? ESCAPE '\\'", quoteIdent(t.pk.Name), quoteIdent(t.name), quoteIdent(t.pk.Name))
			args = append(args, likeEscape(t.seq.Prefix)+"%")
		} else {
			q = fmt.Sprintf("SELECT %s FROM %s", quoteIdent(t.pk.Name), quoteIdent(t.name))
		}
		err := conn.each(ctx, q, args, func(r []any) error {
			var n int64
			switch x := r[0].(type) {
			case int64:
				n = x
			case string:
				n, _ = strconv.ParseInt(strings.TrimPrefix(x, t.seq.Prefix), 10, 64)
			}
			next = max(next, n+1)
			return nil
		})
		if err != nil {
			return err
		}
		if err := conn.each(ctx, "INSERT OR REPLACE INTO "+seqTable+" VALUES (?, ?)", []any{t.name, next}, nil); err != nil {
			return err
		}
	}
	return nil
}

// likeEscape escapes LIKE's wildcards and its escape character.
func likeEscape(s string) string {
	if !strings.ContainsAny(s, `\%_`) {
		return s
	}
	return likeEscaper.Replace(s)
}

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// constraintMessage turns an SQLite constraint error into words a model or
// bundle author can act on, naming the table and column.
func constraintMessage(t *table, err error) string {
	var se *sqlite.Error
	msg := err.Error()
	if errors.As(err, &se) {
		msg = se.Error()
	}
	switch {
	case strings.Contains(msg, "UNIQUE constraint failed"):
		col := msg[strings.LastIndex(msg, ".")+1:]
		if i := strings.IndexAny(col, " )"); i >= 0 {
			col = col[:i]
		}
		if c := t.colBy[col]; c != nil && c.PrimaryKey {
			return fmt.Sprintf("a %s row with this %s already exists", t.name, col)
		}
		return fmt.Sprintf("another %s row already has this %s; %s must be unique", t.name, col, col)
	case strings.Contains(msg, "FOREIGN KEY constraint failed"):
		return fmt.Sprintf("a reference from %s points to a row that does not exist", t.name)
	case strings.Contains(msg, "NOT NULL constraint failed"):
		col := msg[strings.LastIndex(msg, ".")+1:]
		if i := strings.IndexAny(col, " )"); i >= 0 {
			col = col[:i]
		}
		return fmt.Sprintf("%s.%s cannot be empty", t.name, col)
	case strings.Contains(msg, "CHECK constraint failed"):
		return fmt.Sprintf("a value does not fit %s's allowed values", t.name)
	}
	return msg
}
