package archetypes

import (
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
)

// Readings and outcomes on a record: what a check of a thing reads
// ("temperature_c": Temperature (°C)) and what it came to ("result":
// pass, fail). Their columns say so, not "Kind of chiller: pass, fail"
// nor "Temperature c".

// unitSuffixes are the units a reading's column name ends in, as people
// write them.
var unitSuffixes = []struct{ suffix, unit string }{
	{"_mg_l", "mg/l"}, {"_c", "°C"}, {"_bar", "bar"}, {"_kg", "kg"}, {"_m2", "m²"}, {"_m3", "m³"}, {"_kwh", "kWh"},
}

// attributeTitle is the description of an attribute's column from its
// name, its unit written as a unit.
func attributeTitle(name string) string {
	for _, u := range unitSuffixes {
		if base, ok := strings.CutSuffix(name, u.suffix); ok && base != "" {
			return engine.Title(strings.ReplaceAll(base, "_", " ")) + " (" + u.unit + ")"
		}
	}
	return engine.Title(strings.ReplaceAll(name, "_", " "))
}

// outcome reports whether an attribute with values is an outcome of a
// check or a measure (a result, a grade), not a kind of the record.
func outcome(name string) bool {
	switch name {
	case "result", "grade", "score", "rating", "class", "outcome":
		return true
	}
	return strings.HasSuffix(name, "_result")
}
