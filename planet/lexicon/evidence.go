package lexicon

// Evidence is what a business keeps as proof of a piece of work or a
// record: photos, videos, scans and copies ("photos of every job before
// and after", "signed delivery notes are scanned", "we keep a video of
// each survey", "we photograph every vehicle on arrival"). Proof is a
// record of its own, linked to what it proves, and the work cannot be
// finished without it.
type Evidence struct {
	Source string `json:"_source"`
	// Nouns are the words for a piece of proof ("photo", "video",
	// "scan", "copy"), by a record's last word.
	Nouns []string `json:"nouns"`
	// Verbs make proof of what they are done to when it is quantified
	// ("photograph each connection", "film every inspection"): the
	// proof noun each makes.
	Verbs map[string]string `json:"verbs"`
}
