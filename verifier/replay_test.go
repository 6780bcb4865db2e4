package verifier

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mercury/mcp-world/world"
)

var (
	hashRE   = regexp.MustCompile(`sha256:[0-9a-f]{64}`)
	cmpEmpty = cmpopts.EquateEmpty()
)

// record plays calls on a fresh episode of the world's first task and
// returns the trajectory file, closed with its end line.
func record(t *testing.T, w *world.World, calls []world.Call) []byte {
	t.Helper()
	ctx := context.Background()
	ep, err := w.NewEpisode(ctx, w.Tasks()[0])
	if err != nil {
		t.Fatal(err)
	}
	defer ep.Close()
	h, err := ep.Header(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	tw, err := world.NewTrajectoryWriter(&buf, h, nil)
	if err != nil {
		t.Fatal(err)
	}
	ep.OnCall(tw.Call)
	for _, c := range calls {
		ep.Call(ctx, c.Tool, callArgs(c)) // tool errors are part of the recording
	}
	final, err := ep.StateHash(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := tw.End(world.TrajectoryEnd{FinalStateHash: final, Calls: ep.Calls()}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func readTrajectory(t *testing.T, b []byte) *world.Trajectory {
	t.Helper()
	tr, err := world.ReadTrajectory(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestReplay(t *testing.T) {
	w := compile(t, miniBytes(t))
	sol := record(t, w, solution)
	failing := record(t, w, []world.Call{sendInvoice, markDelivered}) // no INV-00002 yet

	// The tampered file changes one argument but keeps every recorded
	// result and the final hash.
	tampered := bytes.Replace(sol, []byte(`"args":{"amount_cents":12550`), []byte(`"args":{"amount_cents":12500`), 1)
	if bytes.Equal(tampered, sol) {
		t.Fatal("tampering changed nothing")
	}
	lines := strings.SplitAfter(string(sol), "\n")
	unfinished := strings.Join(lines[:len(lines)-2], "") // no end line
	// A recorded error the replay does not reproduce.
	wrongErr := bytes.Replace(failing, []byte(`"error":"No invoice INV-00002."`), []byte(`"error":"No invoice INV-00003."`), 1)

	tests := []struct {
		name       string
		file       []byte
		wantOK     bool
		wantScore  float64
		mismatches []string
	}{
		{name: "solution", file: sol, wantOK: true, wantScore: 1},
		{name: "without end line", file: []byte(unfinished), wantOK: true, wantScore: 1},
		{name: "a failing call", file: failing, wantOK: true, wantScore: 1.0 / 6},
		{name: "tampered argument", file: tampered, wantScore: 1.0 / 6, mismatches: []string{
			`step 2 (create_invoice): result: recorded {"id":"INV-00002","order_ref":"ORD-00002","customer_email":"kueche@adlon.example","amount_cents":12550,"status":"draft","issued_at":null}, replayed {"id":"INV-00002","order_ref":"ORD-00002","customer_email":"kueche@adlon.example","amount_cents":12500,"status":"draft","issued_at":null}`,
			`step 3 (send_invoice): result: recorded {"id":"INV-00002","order_ref":"ORD-00002","customer_email":"kueche@adlon.example","amount_cents":12550,"status":"sent","issued_at":"2026-03-02T08:02:00+01:00"}, replayed {"id":"INV-00002","order_ref":"ORD-00002","customer_email":"kueche@adlon.example","amount_cents":12500,"status":"sent","issued_at":"2026-03-02T08:02:00+01:00"}`,
			"final state hash: recorded HASH, replayed HASH",
		}},
		{name: "different error", file: wrongErr, wantScore: 1.0 / 6, mismatches: []string{
			`step 1 (send_invoice): error: recorded "No invoice INV-00003.", replayed "No invoice INV-00002."`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Replay(context.Background(), w, readTrajectory(t, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if res.OK != tt.wantOK || res.Report.Score != tt.wantScore {
				t.Errorf("ok %v score %v, want %v %v", res.OK, res.Report.Score, tt.wantOK, tt.wantScore)
			}
			got := make([]string, len(res.Mismatches))
			for i, m := range res.Mismatches {
				got[i] = hashRE.ReplaceAllString(m, "HASH")
			}
			if d := cmp.Diff(tt.mismatches, got, cmpEmpty); d != "" {
				t.Errorf("mismatches (-want +got):\n%s", d)
			}
			if res.StateHash != res.Report.StateHash {
				t.Errorf("state hash %s, report says %s", res.StateHash, res.Report.StateHash)
			}
		})
	}
}

func TestReplayRejects(t *testing.T) {
	w := compile(t, miniBytes(t))
	other := compile(t, strict(t))
	sol := record(t, w, solution)
	unknownTask := bytes.Replace(sol, []byte(`"task":"invoice-delivered-order"`), []byte(`"task":"bill-everyone"`), 1)
	otherWorld := bytes.Replace(sol, []byte(`"world":"mini-bakery"`), []byte(`"world":"maxi-bakery"`), 1)
	tests := []struct {
		name    string
		w       *world.World
		file    []byte
		wantErr string
	}{
		{"other bundle", other, sol, "replay: trajectory was recorded on bundle " + w.Hash() + ", but this world is bundle " + other.Hash() + " (world mini-bakery 1.0.0); replay needs the exact bundle"},
		{"other world", w, otherWorld, `replay: trajectory is of world "maxi-bakery", not "mini-bakery"`},
		{"unknown task", w, unknownTask, `replay: unknown task "bill-everyone" (tasks: invoice-delivered-order)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Replay(context.Background(), tt.w, readTrajectory(t, tt.file))
			if err == nil || err.Error() != tt.wantErr {
				t.Fatalf("err = %v\nwant %s", err, tt.wantErr)
			}
		})
	}
}
