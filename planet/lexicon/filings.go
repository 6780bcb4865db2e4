package lexicon

import "slices"

// Filings are what a business reports, files or submits to an authority
// ("every accident is reported to the Health and Safety Executive within
// 10 days", "we file each client's return with SARS", "skippers submit
// the catch log to the Directorate of Fisheries after every trip"): the
// verbs of sending a record to one, the words that make a party an
// authority rather than a customer, and the words a filed document is
// called by. A filing is a record with the authority it goes to, a due
// date and a lifecycle draft → submitted → acknowledged.
type Filings struct {
	Source string `json:"_source"`
	// Verbs are lemmas of sending a record to an authority.
	Verbs []string `json:"verbs"`
	// Authorities are the words (a last word or a whole phrase) that
	// name a body a business reports to: "executive", "tax office",
	// "police", "prefecture". A capitalised name ("SARS", "Roma
	// Capitale") is one too.
	Authorities []string `json:"authorities"`
	// Documents are the nouns a filed record is called by: "report",
	// "return", "log", "declaration".
	Documents []string `json:"documents"`
	// Plain are modifiers of a document that say how or how often it is
	// made, not what it is: "annual", "electronic", "paper".
	Plain []string `json:"plain"`
	// Returns are what a return is filed of: "tourist tax is filed" is a
	// tourist tax return, not a report.
	Returns []string `json:"returns"`
}

// IsFilingVerb reports whether a verb lemma sends a record to an
// authority.
func (l *Lexicon) IsFilingVerb(lemma string) bool { return slices.Contains(l.Filings.Verbs, lemma) }
