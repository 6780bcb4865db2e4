package lexicon

// senses is data/senses.json: what kind of thing a noun is.
type senses struct {
	Source  string              `json:"_source"`
	Natures map[string][]string `json:"natures"`
}

// Nature says what kind of thing a noun names: "goods" (counted in
// stock, bought and sold), "intangible" (a ticket, pass, plan or course:
// sold or issued, never located or broken) or "equipment" (the default:
// a thing that is used, has a place and can be out of service). A
// compound takes its head's nature ("season ticket" is a ticket).
func (l *Lexicon) Nature(noun string) string {
	for _, n := range []string{noun, lastField(noun)} {
		for nature, nouns := range l.senses.Natures {
			for _, x := range nouns {
				if x == n {
					return nature
				}
			}
		}
	}
	return "equipment"
}

func lastField(s string) string {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == ' ' {
			return s[i+1:]
		}
	}
	return s
}
