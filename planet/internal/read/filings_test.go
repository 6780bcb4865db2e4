package read

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/lexicon"
)

// TestFilingMentions: a clause that sends a record to an authority is a
// filing named by its document, or by what is reported, with the
// authority as the brief writes it, its window and what it is for.
func TestFilingMentions(t *testing.T) {
	r := &reader{lex: lexicon.Load()}
	for _, c := range []struct{ sentence, want string }{
		{"Every accident on site is reported to the Health and Safety Executive within 10 days", "accident report|Health and Safety Executive|accident|10"},
		{"Skippers submit the electronic catch log to the Directorate of Fisheries after every trip", "catch log|Directorate of Fisheries|trip|0"},
		{"We send an annual emissions report to the Marshal's Office by the end of March", "emission report|Marshal's Office||0"},
		{"We notify the town hall and the Guardia Civil before each display", "display notification|town hall+Guardia Civil|display<|0"},
		{"we submit the annual manifest report to the prefecture by the end of June", "manifest report|prefecture||0"},
		{"the city tourist tax is filed with Roma Capitale each quarter", "tourist tax return|Roma Capitale|tourist tax|0"},
		{"We file each client's EMP201 return with SARS by the 7th of the next month", "return|SARS||0"},
		{"we photograph every vehicle on arrival and send the photos to the insurer", ""},
		{"We deliver to restaurants and hotels", ""},
	} {
		var got []string
		for _, m := range r.filingMentions(c.sentence) {
			trig := m.trigger
			if m.before {
				trig += "<"
			}
			got = append(got, strings.Join([]string{m.document, strings.Join(m.authorities, "+"), trig, itoa(m.withinDays)}, "|"))
		}
		if strings.Join(got, "; ") != c.want {
			t.Errorf("%q: got %q, want %q", c.sentence, strings.Join(got, "; "), c.want)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
