package read

import "testing"

// TestWithoutLengths: a length is no part of a booking's name, and a
// name never starts with a digit ("48_hour_sessions" is no table name).
func TestWithoutLengths(t *testing.T) {
	for in, want := range map[string]string{"90-minute session": "session", "48-hour session": "session", "jump session": "jump session", "session": "session", "3-hour blocks": "blocks"} {
		if got := withoutLengths(in); got != want {
			t.Errorf("withoutLengths(%q) = %q, want %q", in, got, want)
		}
	}
}
