package world

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

func (w *World) compileTaskRefs() []*BundleError {
	var errs []*BundleError
	fail := func(p, format string, a ...any) { errs = append(errs, errAt(p, format, a...)) }
	w.taskBy = map[string]*Task{}
	invs := map[string]bool{}
	for _, inv := range w.bundle.Invariants {
		invs[inv.Name] = true
	}
	for i := range w.bundle.Tasks {
		spec := &w.bundle.Tasks[i]
		ptr := Pointer("tasks", strconv.Itoa(i))
		if _, dup := w.taskBy[spec.ID]; dup {
			fail(ptr+"/id", "task %q is declared twice", spec.ID)
			continue
		}
		for j, s := range spec.Services {
			if w.service(s) == nil {
				fail(ptr+"/services/"+strconv.Itoa(j), "unknown service %q (services: %s)", s, w.serviceNames())
			}
		}
		for j, name := range spec.Invariants {
			if !invs[name] {
				fail(ptr+"/invariants/"+strconv.Itoa(j), "unknown invariant %q", name)
			}
		}
		for j, ch := range spec.MayChange {
			cp := ptr + "/may_change/" + strconv.Itoa(j)
			t := w.tableBy[ch.Table]
			if t == nil {
				fail(cp+"/table", "unknown table %q (tables: %s)", ch.Table, w.tableNames())
				continue
			}
			if t.pk == nil {
				continue // the table's own error says why
			}
			for k, key := range ch.Keys {
				if _, err := t.pk.typ.toSQL(key); err != nil {
					fail(cp+"/keys/"+strconv.Itoa(k), "%v", err)
				}
			}
		}
		ids := map[string]int{}
		for j, a := range spec.Assertions {
			ap := ptr + "/assertions/" + strconv.Itoa(j)
			// Assertion ids are check ids of the grade report, beside
			// "collateral" and "invariant:<name>".
			switch k, dup := ids[a.ID]; {
			case dup:
				fail(ap+"/id", "assertion %q is declared twice (first at %s/assertions/%d)", a.ID, ptr, k)
			case a.ID == "collateral" || strings.HasPrefix(a.ID, "invariant:"):
				fail(ap+"/id", "assertion id %q is reserved: the grade report uses \"collateral\" and \"invariant:<name>\" for its own checks", a.ID)
			default:
				ids[a.ID] = j
			}
			check := func(kind, table string, where map[string]any) {
				t := w.tableBy[table]
				if t == nil {
					fail(ap+"/"+kind+"/table", "unknown table %q (tables: %s)", table, w.tableNames())
					return
				}
				for _, col := range sortedKeys(where) {
					if t.colBy[col] == nil {
						fail(ap+"/"+kind+"/where/"+col, "table %s has no column %q (columns: %s)", table, col, t.columnNames())
					}
				}
			}
			switch {
			case a.Exists != nil:
				check("exists", a.Exists.Table, a.Exists.Where)
			case a.Absent != nil:
				check("absent", a.Absent.Table, a.Absent.Where)
			case a.Count != nil:
				check("count", a.Count.Table, a.Count.Where)
			case a.Field != nil:
				check("field", a.Field.Table, nil)
				if t := w.tableBy[a.Field.Table]; t != nil && t.colBy[a.Field.Column] == nil {
					fail(ap+"/field/column", "table %s has no column %q (columns: %s)", t.name, a.Field.Column, t.columnNames())
				}
			}
		}
		for j, c := range spec.Solution {
			cp := ptr + "/solution/" + strconv.Itoa(j)
			t := w.toolBy[c.Tool]
			if t == nil {
				if !w.broken[c.Tool] {
					fail(cp+"/tool", "unknown tool %q (tools: %s)", c.Tool, strings.Join(w.toolNames(), ", "))
				}
				continue
			}
			if w.trusted {
				continue
			}
			raw, _ := json.Marshal(c.Args)
			if _, err := t.ValidateArgs(raw); err != nil {
				fail(cp+"/args", "%v", err)
			}
		}
		task := &Task{spec: spec}
		w.taskBy[spec.ID] = task
		w.tasks = append(w.tasks, task)
	}
	return errs
}

// buildTaskImages applies each task's seed to the world image. A seed that
// does not apply is a bundle error at the seed step. One connection serves
// every task: deserializing the world image resets it between tasks.
func (w *World) buildTaskImages(ctx context.Context) []*BundleError {
	db, conn, err := openMemory(ctx)
	if err != nil {
		return []*BundleError{errAt("/tasks", "%v", err)}
	}
	defer db.Close()
	defer conn.Close()
	var errs []*BundleError
	for i, task := range w.tasks {
		ptr := Pointer("tasks", strconv.Itoa(i), "seed")
		if len(task.spec.Seed) == 0 {
			task.image = w.image
			continue
		}
		img, err := w.applySeed(ctx, conn, task.spec.Seed, ptr)
		if err != nil {
			errs = append(errs, err...)
			continue
		}
		task.image = img
	}
	return errs
}

// taskImage returns the task's image, building it on first use when the
// world was compiled from a trusted bundle.
func (w *World) taskImage(ctx context.Context, t *Task) ([]byte, error) {
	t.once.Do(func() {
		if t.image != nil {
			return
		}
		if len(t.spec.Seed) == 0 {
			t.image = w.image
			return
		}
		db, conn, err := openMemory(ctx)
		if err != nil {
			t.err = err
			return
		}
		defer db.Close()
		defer conn.Close()
		img, errs := w.applySeed(ctx, conn, t.spec.Seed, "/tasks/"+t.spec.ID+"/seed")
		if len(errs) > 0 {
			t.err = fmt.Errorf("task %s: seed does not apply: %v", t.spec.ID, errs[0])
			return
		}
		t.image = img
	})
	return t.image, t.err
}

func (w *World) applySeed(ctx context.Context, conn *sql.Conn, ops []SeedOp, ptr string) ([]byte, []*BundleError) {
	if err := deserialize(conn, w.image); err != nil {
		return nil, []*BundleError{errAt(ptr, "%v", err)}
	}
	if _, err := conn.ExecContext(ctx, "PRAGMA foreign_keys=OFF"); err != nil {
		return nil, []*BundleError{errAt(ptr, "%v", err)}
	}
	var errs []*BundleError
	type inserted struct {
		t     *table
		rowid int64
		ptr   string
	}
	var ins []inserted
	touched := map[*table]bool{}
	deleted := false
	for j, op := range ops {
		p := ptr + "/" + strconv.Itoa(j)
		name := op.Insert + op.Update + op.Delete
		t := w.tableBy[name]
		if t == nil {
			kind := "insert"
			if op.Update != "" {
				kind = "update"
			} else if op.Delete != "" {
				kind = "delete"
			}
			errs = append(errs, errAt(p+"/"+kind, "unknown table %q (tables: %s)", name, w.tableNames()))
			continue
		}
		touched[t] = true
		switch {
		case op.Insert != "":
			cols, vals, rerrs := t.rowValues(op.Values, p+"/values")
			if len(rerrs) > 0 {
				errs = append(errs, rerrs...)
				continue
			}
			res, err := conn.ExecContext(ctx, insertSQL(t, cols), vals...)
			if err != nil {
				errs = append(errs, errAt(p, "%s", constraintMessage(t, err)))
				continue
			}
			id, _ := res.LastInsertId()
			ins = append(ins, inserted{t, id, p})
		case op.Update != "":
			key, err := t.pk.typ.toSQL(op.Key)
			if err != nil {
				errs = append(errs, errAt(p+"/key", "%v", err))
				continue
			}
			var sets []string
			var args []any
			for _, k := range sortedKeys(op.Set) {
				c := t.colBy[k]
				if c == nil {
					errs = append(errs, errAt(p+"/set/"+k, "table %s has no column %q (columns: %s)", t.name, k, t.columnNames()))
					continue
				}
				v, err := c.check(op.Set[k])
				if err != nil {
					errs = append(errs, errAt(p+"/set/"+k, "%v", err))
					continue
				}
				sets = append(sets, quoteIdent(k)+" = ?")
				args = append(args, v)
			}
			if len(sets) == 0 {
				continue
			}
			res, err := conn.ExecContext(ctx, "UPDATE "+quoteIdent(t.name)+" SET "+strings.Join(sets, ", ")+" WHERE "+quoteIdent(t.pk.Name)+" = ?", append(args, key)...)
			if err != nil {
				errs = append(errs, errAt(p, "%s", constraintMessage(t, err)))
			} else if n, _ := res.RowsAffected(); n == 0 {
				errs = append(errs, errAt(p+"/key", "no %s row with %s %s", t.name, t.pk.Name, display(key)))
			}
		default:
			deleted = true
			key, err := t.pk.typ.toSQL(op.Key)
			if err != nil {
				errs = append(errs, errAt(p+"/key", "%v", err))
				continue
			}
			res, err := conn.ExecContext(ctx, "DELETE FROM "+quoteIdent(t.name)+" WHERE "+quoteIdent(t.pk.Name)+" = ?", key)
			if err != nil {
				errs = append(errs, errAt(p, "%v", err))
			} else if n, _ := res.RowsAffected(); n == 0 {
				errs = append(errs, errAt(p+"/key", "no %s row with %s %s", t.name, t.pk.Name, display(key)))
			}
		}
	}
	// Inserts and updates can only break keys of the rows they touched; a
	// delete can break any table's.
	var check []*table
	if !deleted {
		for _, t := range w.tables {
			if touched[t] {
				check = append(check, t)
			}
		}
	}
	{
		errs = append(errs, w.foreignKeyErrorsIn(ctx, sqlSeedConn{conn}, check, func(t *table, rowid int64) string {
			for _, in := range ins {
				if in.t == t && in.rowid == rowid {
					return in.ptr
				}
			}
			return ptr
		})...)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if _, err := conn.ExecContext(ctx, "PRAGMA foreign_keys=ON"); err != nil {
		return nil, []*BundleError{errAt(ptr, "%v", err)}
	}
	var seqs []*table
	for _, t := range w.tables {
		if touched[t] {
			seqs = append(seqs, t)
		}
	}
	if err := w.resetSequencesOf(ctx, sqlSeedConn{conn}, seqs); err != nil {
		return nil, []*BundleError{errAt(ptr, "%v", err)}
	}
	img, err := serialize(conn)
	if err != nil {
		return nil, []*BundleError{errAt(ptr, "%v", err)}
	}
	return img, nil
}
