package world

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// TrajectoryFormat is the format of trajectory files this package writes.
const TrajectoryFormat = "mercury.trajectory/v1"

// TrajectoryHeader is the first line of a trajectory file.
type TrajectoryHeader struct {
	Format      string `json:"format"`
	World       string `json:"world"`
	Version     string `json:"world_version"`
	BundleHash  string `json:"bundle_hash"`
	Task        string `json:"task,omitempty"`
	InitialHash string `json:"initial_state_hash"`
}

// TrajectoryEnd is the last line of a trajectory that was closed cleanly.
type TrajectoryEnd struct {
	FinalStateHash string `json:"final_state_hash"`
	Calls          int    `json:"calls"`
}

// Trajectory is a decoded trajectory file. End is nil when the episode
// did not close cleanly (the server was killed): every answered call is
// still in Calls.
type Trajectory struct {
	Header TrajectoryHeader
	Calls  []Entry
	End    *TrajectoryEnd
}

// Header returns the trajectory header of an episode.
func (e *Episode) Header(ctx context.Context) (TrajectoryHeader, error) {
	initial, err := e.world.InitialStateHash(ctx, e.task)
	if err != nil {
		return TrajectoryHeader{}, err
	}
	h := TrajectoryHeader{Format: TrajectoryFormat, World: e.world.Name(), Version: e.world.Version(), BundleHash: e.world.hash, InitialHash: initial}
	if e.task != nil {
		h.Task = e.task.ID()
	}
	return h, nil
}

// InitialStateHash is the state hash of a fresh episode of task (nil: s0).
func (w *World) InitialStateHash(ctx context.Context, task *Task) (string, error) {
	init, err := w.initial(ctx, task)
	if err != nil {
		return "", err
	}
	return init.hash, nil
}

// TrajectoryWriter writes a trajectory as JSON Lines: a header, one line
// per call, and an end line with the final state hash.
type TrajectoryWriter struct {
	w    io.Writer
	sync func() error
}

// NewTrajectoryWriter writes the header to w. sync, when not nil, is
// called after every line (an *os.File's Sync, so a line is on disk before
// the call is answered).
func NewTrajectoryWriter(w io.Writer, h TrajectoryHeader, sync func() error) (*TrajectoryWriter, error) {
	tw := &TrajectoryWriter{w: w, sync: sync}
	return tw, tw.line(h)
}

func (tw *TrajectoryWriter) line(v any) error {
	b, err := marshalNoEscape(v)
	if err != nil {
		return err
	}
	if _, err := tw.w.Write(append(b, '\n')); err != nil {
		return err
	}
	if tw.sync != nil {
		return tw.sync()
	}
	return nil
}

// Call writes one call.
func (tw *TrajectoryWriter) Call(e Entry) error { return tw.line(e) }

// End writes the end line.
func (tw *TrajectoryWriter) End(end TrajectoryEnd) error {
	return tw.line(struct {
		End TrajectoryEnd `json:"end"`
	}{end})
}

// ReadTrajectory decodes a trajectory file. Errors name the line.
func ReadTrajectory(r io.Reader) (*Trajectory, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 64*1024*1024)
	var t Trajectory
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		if t.End != nil {
			return nil, fmt.Errorf("line %d: content after the end line", n)
		}
		strict := func(v any) error {
			dec := json.NewDecoder(bytes.NewReader(line))
			dec.DisallowUnknownFields()
			if err := dec.Decode(v); err != nil {
				return fmt.Errorf("line %d: %w", n, err)
			}
			return nil
		}
		if n == 1 {
			if err := strict(&t.Header); err != nil {
				return nil, fmt.Errorf("%w (want the header {\"format\":%q,...})", err, TrajectoryFormat)
			}
			if t.Header.Format != TrajectoryFormat {
				return nil, fmt.Errorf("line 1: format %q is not %q", t.Header.Format, TrajectoryFormat)
			}
			continue
		}
		if bytes.HasPrefix(line, []byte(`{"end"`)) {
			var end struct {
				End *TrajectoryEnd `json:"end"`
			}
			if err := strict(&end); err != nil {
				return nil, err
			}
			t.End = end.End
			continue
		}
		var e Entry
		if err := strict(&e); err != nil {
			return nil, err
		}
		if e.Tool == "" {
			return nil, fmt.Errorf("line %d: a call needs \"tool\"", n)
		}
		if want := len(t.Calls) + 1; e.Step != want {
			return nil, fmt.Errorf("line %d: step %d, want %d (calls must be numbered from 1 without gaps)", n, e.Step, want)
		}
		t.Calls = append(t.Calls, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", n+1, err)
	}
	if n == 0 {
		return nil, errors.New("empty trajectory: want a header line")
	}
	if t.End != nil && t.End.Calls != len(t.Calls) {
		return nil, fmt.Errorf("end line says %d calls, the file has %d", t.End.Calls, len(t.Calls))
	}
	return &t, nil
}
