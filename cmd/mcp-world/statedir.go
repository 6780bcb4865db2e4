package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/mercury/mcp-world/world"
)

// A state directory holds one episode on disk: state.db (the SQLite
// database) and trajectory.jsonl (every call, synced before it is
// answered).
const (
	stateFile      = "state.db"
	trajectoryFile = "trajectory.jsonl"
)

// diskEpisode is an episode whose state and trajectory live in a state
// directory.
type diskEpisode struct {
	ep   *world.Episode
	file *os.File
	tw   *world.TrajectoryWriter
}

func newDiskEpisode(ctx context.Context, w *world.World, task *world.Task, dir string) (*diskEpisode, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("--state-dir: %w", err)
	}
	if _, err := os.Stat(filepath.Join(dir, trajectoryFile)); err == nil {
		return nil, fmt.Errorf("--state-dir %s already holds an episode (%s); use an empty directory", dir, trajectoryFile)
	}
	ep, err := w.NewEpisodeFile(ctx, task, filepath.Join(dir, stateFile))
	if err != nil {
		return nil, fmt.Errorf("--state-dir: %w", err)
	}
	h, err := ep.Header(ctx)
	if err != nil {
		ep.Close()
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(dir, trajectoryFile), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		ep.Close()
		return nil, fmt.Errorf("--state-dir: %w", err)
	}
	tw, err := world.NewTrajectoryWriter(f, h, f.Sync)
	if err != nil {
		ep.Close()
		f.Close()
		return nil, fmt.Errorf("write trajectory: %w", err)
	}
	ep.OnCall(tw.Call)
	return &diskEpisode{ep: ep, file: f, tw: tw}, nil
}

// Close writes the end line and closes the files.
func (d *diskEpisode) Close(ctx context.Context) error {
	h, herr := d.ep.StateHash(ctx)
	var eerr error
	if herr == nil {
		eerr = d.tw.End(world.TrajectoryEnd{FinalStateHash: h, Calls: d.ep.Calls()})
	}
	return errors.Join(herr, eerr, d.ep.Close(), d.file.Close())
}

// openStateDir opens a state directory for grading: the database read-only
// and the trajectory, which must belong to this world and task.
func openStateDir(ctx context.Context, w *world.World, task *world.Task, dir string) (*world.Episode, *world.Trajectory, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, nil, fmt.Errorf("--state-dir %s: no such directory", dir)
	}
	db := filepath.Join(dir, stateFile)
	if _, err := os.Stat(db); errors.Is(err, fs.ErrNotExist) {
		return nil, nil, fmt.Errorf("--state-dir %s has no %s: was the episode served with --state-dir %s?", dir, stateFile, dir)
	}
	var tr *world.Trajectory
	if f, err := os.Open(filepath.Join(dir, trajectoryFile)); err == nil {
		tr, err = world.ReadTrajectory(f)
		f.Close()
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", filepath.Join(dir, trajectoryFile), err)
		}
		if err := checkHeader(w, task, tr.Header); err != nil {
			return nil, nil, err
		}
	}
	ep, err := w.OpenEpisodeFile(ctx, task, db)
	if err != nil {
		return nil, nil, err
	}
	return ep, tr, nil
}

// checkHeader makes sure a trajectory was recorded on this bundle and task.
func checkHeader(w *world.World, task *world.Task, h world.TrajectoryHeader) error {
	if h.World != w.Name() {
		return fmt.Errorf("trajectory is of world %q, not %q", h.World, w.Name())
	}
	if h.BundleHash != w.Hash() {
		return fmt.Errorf("trajectory was recorded on bundle %s (version %s), but world %s is now bundle %s (version %s)", h.BundleHash, h.Version, w.Name(), w.Hash(), w.Version())
	}
	if task != nil && h.Task != task.ID() {
		return fmt.Errorf("trajectory is of task %q, not %q", h.Task, task.ID())
	}
	return nil
}
