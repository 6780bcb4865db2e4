package world

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestMeter: a metered statement is stopped past its VM steps, after the
// same count every time, on an episode and on a scratch database alike;
// one within its steps runs to the end; the context's deadline still
// stops a metered statement (the wall-clock backstop); and the meter
// leaves the connection once the statement is done.
func TestMeter(t *testing.T) {
	ctx := context.Background()
	w := mustCompile(t, "testdata/mini.json")
	ep, err := w.NewEpisode(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ep.Close()
	sc, err := w.Scratch(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sc.Release()
	const endless = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n"
	const bounded = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000) SELECT count(*) FROM n"
	count := func(read func(context.Context, func(Querier) error) error, ctx context.Context, q string) (int, error) {
		var n int
		err := read(ctx, func(qr Querier) error {
			rows, err := qr.QueryContext(ctx, q)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				if err := rows.Scan(&n); err != nil {
					return err
				}
			}
			return rows.Err()
		})
		return n, err
	}
	for name, read := range map[string]func(context.Context, func(Querier) error) error{"episode": ep.Read, "scratch": sc.Read} {
		t.Run(name, func(t *testing.T) {
			var steps []int64
			for range 2 {
				m := NewMeter(200_000)
				if _, err := count(read, WithMeter(ctx, m), endless); err == nil || !m.Over() {
					t.Fatalf("the endless query: err %v, over %v", err, m.Over())
				}
				steps = append(steps, m.Steps())
			}
			if steps[0] != steps[1] || steps[0] <= 200_000 || steps[0] > 200_000+MeterGranularity {
				t.Errorf("stopped after %v steps; want the same count twice, just past 200000", steps)
			}
			m := NewMeter(10_000_000)
			if n, err := count(read, WithMeter(ctx, m), bounded); err != nil || n != 1000 || m.Over() || m.Steps() == 0 {
				t.Errorf("the bounded query: %d rows, err %v, over %v, %d steps", n, err, m.Over(), m.Steps())
			}
			dctx, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
			m = NewMeter(1 << 62)
			_, err := count(read, WithMeter(dctx, m), endless)
			cancel()
			if err == nil || m.Over() {
				t.Errorf("the backstop: err %v, over %v", err, m.Over())
			}
			// Unmetered, the endless query runs until its context ends,
			// not at a meter left behind.
			dctx, cancel = context.WithTimeout(ctx, 50*time.Millisecond)
			start := time.Now()
			_, err = count(read, dctx, endless)
			cancel()
			if !errors.Is(err, context.DeadlineExceeded) && time.Since(start) < 40*time.Millisecond {
				t.Errorf("unmetered: stopped after %s with %v", time.Since(start), err)
			}
		})
	}
}
