package seed

import (
	"math/rand/v2"
	"regexp"
	"strings"
)

// Pattern letters: '#' a digit, 'A' a capital letter, 'X' a digit or
// capital letter, 'V' a character allowed in a vehicle identification
// number (no I, O or Q); "{cc}" is the country code. Everything else is
// literal.
const (
	digits    = "0123456789"
	letters   = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	alnum     = digits + letters
	vinLetter = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ"
)

// FillPattern draws a value of a pattern.
func FillPattern(r *rand.Rand, pattern, country string) string {
	pattern = strings.ReplaceAll(pattern, "{cc}", country)
	var b strings.Builder
	for _, ch := range pattern {
		switch ch {
		case '#':
			b.WriteByte(digits[r.IntN(len(digits))])
		case 'A':
			b.WriteByte(letters[r.IntN(len(letters))])
		case 'X':
			b.WriteByte(alnum[r.IntN(len(alnum))])
		case 'V':
			b.WriteByte(vinLetter[r.IntN(len(vinLetter))])
		default:
			b.WriteRune(ch)
		}
	}
	return b.String()
}

// PatternRegexp compiles a pattern into an anchored regular expression
// that matches exactly the values FillPattern can draw.
func PatternRegexp(pattern, country string) *regexp.Regexp {
	pattern = strings.ReplaceAll(pattern, "{cc}", country)
	var b strings.Builder
	b.WriteString("^")
	for _, ch := range pattern {
		switch ch {
		case '#':
			b.WriteString("[0-9]")
		case 'A':
			b.WriteString("[A-Z]")
		case 'X':
			b.WriteString("[0-9A-Z]")
		case 'V':
			b.WriteString("[0-9A-HJ-NPR-Z]")
		default:
			b.WriteString(regexp.QuoteMeta(string(ch)))
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}
