package world

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"strings"
)

// NewEpisodeFile starts an episode whose database is the file at path, so
// that every committed call survives the process. The file must not exist:
// it is created from the task image (an SQLite image is a database file).
func (w *World) NewEpisodeFile(ctx context.Context, task *Task, path string) (*Episode, error) {
	image := w.image
	if task != nil {
		var err error
		if image, err = w.taskImage(ctx, task); err != nil {
			return nil, err
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("%s already exists: an episode's state is never overwritten; use an empty directory", path)
	}
	if err != nil {
		return nil, err
	}
	_, werr := f.Write(image)
	serr := f.Sync()
	if err := errors.Join(werr, serr, f.Close()); err != nil {
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	return w.openFile(ctx, task, path, false)
}

// OpenEpisodeFile opens the database file of an episode that ran before,
// read-only, to grade it. It checks that the file holds this world's
// tables.
func (w *World) OpenEpisodeFile(ctx context.Context, task *Task, path string) (*Episode, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, err
	}
	return w.openFile(ctx, task, path, true)
}

func (w *World) openFile(ctx context.Context, task *Task, path string, readOnly bool) (*Episode, error) {
	q := url.Values{}
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "busy_timeout(5000)")
	if readOnly {
		q.Set("mode", "ro")
	} else {
		// Each commit is on disk before the call is answered.
		q.Add("_pragma", "journal_mode(wal)")
		q.Add("_pragma", "synchronous(full)")
	}
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	conn, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if err := w.checkTables(ctx, conn, readOnly); err != nil {
		conn.Close()
		db.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	// A file opened to be graded may come from elsewhere: its change log
	// is not trusted to be relative to this task's image, so its state is
	// read whole.
	return &Episode{world: w, task: task, db: db, conn: conn, logged: !readOnly}, nil
}

// checkTables verifies the database has this world's schema. A file
// opened only to be graded may lack the change log (it was written before
// there was one); such an episode does not use it.
func (w *World) checkTables(ctx context.Context, conn *sql.Conn, readOnly bool) error {
	rows, err := conn.QueryContext(ctx, "SELECT name, sql FROM sqlite_schema WHERE type = 'table'")
	if err != nil {
		return fmt.Errorf("not an SQLite database of this world: %w", err)
	}
	defer rows.Close()
	have := map[string]string{}
	for rows.Next() {
		var name, ddl string
		if err := rows.Scan(&name, &ddl); err != nil {
			return err
		}
		have[name] = ddl
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("not an SQLite database of this world: %w", err)
	}
	for _, stmt := range strings.Split(w.DDL(), ";\n") {
		stmt = strings.TrimSpace(stmt)
		if stmt == "" {
			continue
		}
		name := strings.Trim(strings.Fields(stmt)[2], `"`)
		if readOnly && name == changesTable {
			continue
		}
		if have[name] != stmt {
			return fmt.Errorf("not a database of world %s %s: table %s is missing or has another schema", w.Name(), w.Version(), name)
		}
	}
	return nil
}
