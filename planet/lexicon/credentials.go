package lexicon

// Credentials are the words of what a person must hold to do the work or
// take part: "every lifeguard must hold a valid certificate", "each
// carer must have Garda vetting", "every angler needs a valid rod
// licence".
type Credentials struct {
	Source string `json:"_source"`
	// Nouns are the last words of a credential ("certificate",
	// "licence", "vetting", "police check"): after a verb of holding,
	// a person's record of one.
	Nouns []string `json:"nouns"`
	// Qualifiers say a credential is in force ("valid", "current"):
	// any noun after one is a credential, and none is part of its name.
	Qualifiers []string `json:"qualifiers"`
	// Verbs are the verbs of holding one ("hold", "need", "carry"), in
	// every form a brief writes them.
	Verbs []string `json:"verbs"`
	// Modals come between the holder and the verb ("must", "has to").
	Modals []string `json:"modals"`
}
