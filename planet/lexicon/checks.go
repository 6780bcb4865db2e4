package lexicon

import (
	"slices"
	"strings"
)

// Checks are the recurring checks a business keeps a record of: the
// verbs and nouns of checking a thing ("chillers are checked twice a
// day", "every extinguisher gets a yearly service", "water-quality checks
// on every tank"), what a check of a kind of thing reads (a chiller's
// temperature, a pool's chlorine and pH), and the cues that say how often
// it is done: often, by the business on its own equipment ("twice a
// day", "before use"), or on a schedule that leaves a next due date
// ("yearly", "on a legal schedule").
type Checks struct {
	Source string `json:"_source"`
	// Verbs are lemmas of checking a thing.
	Verbs []string `json:"verbs"`
	// Nouns are the checks themselves ("inspection", "service", "test").
	Nouns []string `json:"nouns"`
	// Readings are what a check of each kind of thing records.
	Readings []Reading `json:"readings"`
	// ReadingNouns name a reading itself: "chiller temperatures are
	// logged" logs a check of the chillers.
	ReadingNouns []string `json:"reading_nouns"`
	// LogVerbs keep a reading ("temperatures are recorded"); of anything
	// but a reading they say no check.
	LogVerbs []string `json:"log_verbs"`
	// Routine cues say the check is the business's own routine on its
	// own equipment: done many times a day or before each use.
	Routine []string `json:"routine"`
	// Scheduled cues say the check falls due again: the thing has a
	// next due date.
	Scheduled []string `json:"scheduled"`
}

// Reading is what a check of a kind of thing records: a chiller's
// temperature, a pool's free chlorine and pH. Fields are column names;
// each is a number.
type Reading struct {
	Things []string `json:"things"`
	Fields []string `json:"fields"`
}

// IsCheckVerb reports whether a verb lemma is one of checking a thing.
func (l *Lexicon) IsCheckVerb(lemma string) bool { return slices.Contains(l.Checks.Verbs, lemma) }

// IsCheckNoun reports whether a noun names a check ("inspection",
// "service", "emissions test" by its last word).
func (l *Lexicon) IsCheckNoun(noun string) bool { return slices.Contains(l.Checks.Nouns, noun) }

// ReadingsOf returns the fields a check of a thing records, nil when
// the lexicon knows none.
func (l *Lexicon) ReadingsOf(thing string) []string {
	for _, r := range l.Checks.Readings {
		if slices.Contains(r.Things, thing) {
			return slices.Clone(r.Fields)
		}
	}
	return nil
}

// ReadingField is the field a reading the brief names is kept in: the
// readings' own ("temperature" is temperature_c), else the reading's
// word; numeric reports whether it is one of the readings' measures.
func (l *Lexicon) ReadingField(noun string) (field string, numeric bool) {
	snake := strings.ReplaceAll(noun, " ", "_")
	for _, r := range l.Checks.Readings {
		for _, f := range r.Fields {
			if f == snake || strings.HasPrefix(f, snake+"_") {
				return f, true
			}
		}
	}
	return snake, false
}

// IsReadingField reports whether a field is one of the readings' measures
// (temperature_c, ph): a check not done has none.
func (l *Lexicon) IsReadingField(name string) bool {
	for _, r := range l.Checks.Readings {
		if slices.Contains(r.Fields, name) {
			return true
		}
	}
	return false
}
