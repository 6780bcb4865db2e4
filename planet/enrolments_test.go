package planet

import (
	"fmt"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
)

// TestEnrolmentNeedsAFreeCourse: a policy that puts a customer down for an
// open course is only asked for when one is left that they are not already
// on, counting the task's own seed. These two music schools of the
// 4,783-world run (#563 TR, #2862 CL, seed 1,000,003 + index) had
// reference solutions that apply_enrolment refused ("already applied",
// "already enrolled").
func TestEnrolmentNeedsAFreeCourse(t *testing.T) {
	for _, s := range []engine.Scenario{
		{Industry: "music-schools", Country: "TR", Seed: 1_000_003 + 562},
		{Industry: "music-schools", Country: "CL", Seed: 1_000_003 + 2861},
	} {
		t.Run(fmt.Sprint(s.Country, s.Seed), func(t *testing.T) {
			_, data := synthJSON(t, s, engine.Options{})
			validate(t, s.Industry, data)
		})
	}
}
