package seed

import (
	"math/rand/v2"
	"regexp"
	"strings"
)

// Pattern letters: '#' a digit, 'A' a capital letter, 'X' a digit or
// capital letter, 'V' a character allowed in a vehicle identification
// number (no I, O or Q), 'F' a floor of a building, 1 to 5, 'N' a digit
// other than 0 (room "F0N" is 304, never 300); "{cc}" is the country
// code. Everything else is literal.
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
		case 'F':
			b.WriteByte(byte('1' + r.IntN(5)))
		case 'N':
			b.WriteByte(byte('1' + r.IntN(9)))
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
		case 'F':
			b.WriteString("[1-5]")
		case 'N':
			b.WriteString("[1-9]")
		default:
			b.WriteString(regexp.QuoteMeta(string(ch)))
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}
