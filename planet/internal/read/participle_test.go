package read

import "testing"

func TestParticiple(t *testing.T) {
	for v, want := range map[string]string{"grade": "graded", "repair": "repaired", "ship": "shipped", "apply": "applied", "renew": "renewed", "dispatch": "dispatched", "weigh": "weighed", "fit": "fitted", "edit": "edited", "open": "opened"} {
		if got := participle(v); got != want {
			t.Errorf("participle(%q) = %q, want %q", v, got, want)
		}
	}
}
