// Package read turns a brief (a [engine.Scenario]: industry, country,
// description) into a plan: the industry (an industry pack of package
// catalog when one fits at [PackThreshold] or better, else composed from
// the description), the country and headquarters city, scale, currencies,
// the kind of customer, counterparts and the capabilities the description
// names, each mapped by the capability lexicon (package lexicon) to a
// service archetype with the brief's own nouns. Every decision is logged
// with the phrase that caused it ([engine.Decision]); the policies the
// engine would pick are listed in the plan, to be kept, dropped or added
// to.
package read
