package planet

import (
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
)

// Hours logged per person are that person's: the timesheets are titled
// for them, and a composed world with no staff of its own has them as
// its staff. A customer's hours are nobody's timesheet.
func TestReadHoursOfAPerson(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		title, staff                  string // "" staff: not checked
	}{
		{"a possessive names whose hours", "seaplane tours", "CA",
			"Seaplane tours from Vancouver harbour. Passengers book seats online, and each pilot's flight hours are logged.",
			"pilots' flight hours", "pilot"},
		{"the subject of log names whose hours", "crop dusting", "AR",
			"Crop spraying for soy farms around Rosario with four planes. Pilots log duty hours every day.",
			"pilots' duty hours", "pilot"},
		// (A pack's own staff stay: removals are done by movers.)
		{"a tachograph keeps drivers' time", "removals", "IE",
			"House removals from Galway with six lorries. The tachograph of every driver is checked each week.",
			"drivers' tachographs", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := read.Read(engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			var title string
			for _, s := range p.Services {
				if s.Archetype == "timesheets" {
					title = s.Title
				}
			}
			if !strings.HasSuffix(title, ": "+tc.title) {
				t.Errorf("timesheets titled %q, want …%q; services %v", title, tc.title, serviceNames(p))
			}
			if tc.staff != "" && p.Staff.One != tc.staff {
				t.Errorf("staff are %s, want %s", p.Staff.Many, tc.staff)
			}
		})
	}
}
