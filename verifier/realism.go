package verifier

import (
	"fmt"
	"strings"

	"github.com/mercury/mcp-world/world"
)

// VRealism checks seed values against their columns' semantic kinds.
const VRealism = "realism"

// Realism lists a bundle's realism findings, each "JSON pointer: what is
// wrong". The data it needs (a country's names, streets, postcodes, phone
// areas, tax rates) belongs to the synthesizer, which grading must not
// import (the design's import rules), so the program provides it:
// mcp-world sets it to planet/seed.Findings. Nil: the realism validator is
// skipped. Set it once, before validating.
var Realism func(b *world.Bundle) []string

// maxRealismFindings caps the findings listed; the rest are counted.
const maxRealismFindings = 40

// realism checks what a person from the world's country would notice
// first: values of each kind from the right pool and in the right form
// (names, postcodes, phone numbers, email domains), money in the range of
// its meaning, dates on the right side of the clock for their row's
// status, no street or city in a column of another kind, and no text
// that mixes English with the world's language. Findings fail a
// synthesized bundle (version "planet/…") and are warnings on a
// hand-written one, whose data may be deliberately simple.
func (v *validation) realism(b *world.Bundle) {
	if Realism == nil {
		v.skip(VRealism, "not checked: this program has no realism data (verifier.Realism is not set)")
		return
	}
	findings := Realism(b)
	if len(findings) > maxRealismFindings {
		findings = append(findings[:maxRealismFindings], fmt.Sprintf("… and %d more", len(findings)-maxRealismFindings))
	}
	if strings.HasPrefix(b.Version, "planet/") {
		for _, f := range findings {
			v.fail(VRealism, "%s", f)
		}
		return
	}
	r := v.byName[VRealism]
	r.Warnings = append(r.Warnings, findings...)
}
