package phoneplan

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// This file follows libphonenumber's PhoneNumberUtil.parseHelper as the
// Go port github.com/nyaruka/phonenumbers (MIT licence, Copyright (c)
// 2017-2022 Trey Tacon, Nyaruka) writes it, keeping only what a national
// significant number needs: its patterns are that port's, read by Go's
// regexp as the port reads them.

var (
	errNotANumber  = errors.New("not a phone number")
	errTooLong     = errors.New("too long to be a phone number")
	errTooShort    = errors.New("too short to be a phone number")
	errCallingCode = errors.New("no such country calling code")
	errShortIDD    = errors.New("too short after the international prefix")
	errUnknownPlan = errors.New("no numbering plan for the region")
)

// The port's limits: a national significant number has 2 to 17 digits, a
// calling code at most 3, and longer input is not read.
const (
	minNSN, maxNSN  = 2, 17
	maxCallingDigit = 3
	maxInput        = 250
)

const (
	validPunctuation = "-x\u2010-\u2015\u2212\u30FC\uFF0D-\uFF0F " +
		"\u00A0\u00AD\u200B\u2060\u3000()\uFF08\uFF09\uFF3B\uFF3D." +
		"\\[\\]/~\u2053\u223C\uFF5E"
	digits     = "\\p{Nd}"
	validAlpha = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	plusChars  = "+\uFF0B"

	rfc3966ExtnPrefix     = ";ext="
	rfc3966Prefix         = "tel:"
	rfc3966PhoneContext   = ";phone-context="
	rfc3966IsdnSubaddress = ";isub="

	sepBeforeExtLabel  = "[ \u00A0\\t,]*"
	charsAfterExtLabel = "[:\\.\uFF0E]?[ \u00A0\\t,-]*"
	optionalExtnSuffix = "#?"
	explicitExtLabels  = "(?:e?xt(?:ensi(?:o\u0301?|\u00F3))?n?|" +
		"\uFF45?\uFF58\uFF54\uFF4E?|\u0434\u043E\u0431|anexo)"
	ambiguousExtLabels = "(?:[x\uFF58#\uFF03~\uFF5E]|int|\uFF49\uFF4E\uFF54)"
	ambiguousSeparator = "[- ]+"
	extnForMatching    = rfc3966ExtnPrefix + "(" + digits + "{1,20})" + "|" +
		sepBeforeExtLabel + explicitExtLabels + charsAfterExtLabel + "(" + digits + "{1,20})" + optionalExtnSuffix + "|" +
		sepBeforeExtLabel + ambiguousExtLabels + charsAfterExtLabel + "(" + digits + "{1,9})" + optionalExtnSuffix + "|" +
		ambiguousSeparator + "(" + digits + "{1,6})#"
	extnForParsing = extnForMatching + "|" +
		"[ \u00A0\\t]*" + "(?:,{2}|;)" + charsAfterExtLabel + "(" + digits + "{1,15})" + optionalExtnSuffix + "|" +
		"[ \u00A0\\t]*" + "(?:,)+" + charsAfterExtLabel + "(" + digits + "{1,9})" + optionalExtnSuffix
	rfc3966PhoneDigit  = "(" + digits + "|" + "[\\-\\.\\(\\)]?" + ")"
	alphanum           = validAlpha + digits
	rfc3966DomainLabel = "[" + alphanum + "]+((\\-)*[" + alphanum + "])*"
	rfc3966TopLabel    = "[" + validAlpha + "]+((\\-)*[" + alphanum + "])*"
	validPhoneNumber   = digits + "{2}" + "|" +
		"[" + plusChars + "]*(?:[" + validPunctuation + "*]*" + digits + "){3,}[" +
		validPunctuation + "*" + validAlpha + digits + "]*"
)

// patterns are the port's fixed regular expressions, compiled on first
// use rather than at start-up.
var patterns = sync.OnceValue(func() *fixedPatterns {
	return &fixedPatterns{
		plus:        regexp.MustCompile("[" + plusChars + "]+"),
		digit:       regexp.MustCompile("(" + digits + ")"),
		validStart:  regexp.MustCompile("[" + plusChars + digits + "]"),
		secondStart: regexp.MustCompile("[\\\\/] *x"),
		// As the port writes it; Go's regexp reads Java's class
		// intersection literally, so it strips (almost) nothing.
		unwantedEnd:  regexp.MustCompile("[[\\P{N}&&\\P{L}]&&[^#]]+$"),
		alphaPhone:   regexp.MustCompile("^(?:.*?[A-Za-z]){3}.*$"),
		extn:         regexp.MustCompile("(?i)(?:" + extnForParsing + ")$"),
		validPhone:   regexp.MustCompile("(?i)^(" + validPhoneNumber + "(?:" + extnForParsing + ")?)$"),
		globalDigits: regexp.MustCompile("^\\+" + rfc3966PhoneDigit + "*" + digits + rfc3966PhoneDigit + "*$"),
		domainName:   regexp.MustCompile("^(" + rfc3966DomainLabel + "\\.)*" + rfc3966TopLabel + "\\.?$"),
	}
})

type fixedPatterns struct {
	plus, digit, validStart, secondStart, unwantedEnd, alphaPhone, extn, validPhone,
	globalDigits, domainName *regexp.Regexp
}

// Parse reads s as a phone number of the region (an ISO 3166 code the
// data holds): written nationally, or internationally with + or the
// region's international prefix, with any punctuation and an extension.
// It does not say whether the number is valid; see Valid and TypeIn.
func Parse(s, region string) (Number, error) {
	meta := regionPlan(region)
	if meta == nil {
		return Number{}, errUnknownPlan
	}
	if s == "" {
		return Number{}, errNotANumber
	}
	if len(s) > maxInput {
		return Number{}, errTooLong
	}
	pt := patterns()
	national, err := nationalForParsing(pt, s)
	if err != nil {
		return Number{}, err
	}
	if !viable(pt, national) {
		return Number{}, errNotANumber
	}
	national = stripExtension(pt, national)

	cc, normalized, err := extractCountryCode(pt, national, meta)
	if err != nil {
		ind := pt.plus.FindStringIndex(national)
		if err != errCallingCode || ind == nil {
			return Number{}, err
		}
		if cc, normalized, err = extractCountryCode(pt, national[ind[1]:], meta); err != nil {
			return Number{}, err
		} else if cc == 0 {
			return Number{}, errCallingCode
		}
	}
	if cc != 0 {
		if r := mainRegion(cc); r != region {
			meta = regionPlan(r) // nil for a region the data lacks: nothing to strip
		}
	} else {
		normalized = normalize(pt, national)
		cc = meta.CountryCode
	}
	if len(normalized) < minNSN {
		return Number{}, errTooShort
	}
	if meta != nil {
		if stripped, ok := meta.stripNationalPrefix(normalized); ok {
			// Kept only if what is left has a possible length: the whole
			// could be a valid short number.
			switch meta.testLength(stripped) {
			case tooShort, possibleLocalOnly, invalidLength:
			default:
				normalized = stripped
			}
		}
	}
	if len(normalized) < minNSN {
		return Number{}, errTooShort
	}
	if len(normalized) > maxNSN {
		return Number{}, errTooLong
	}
	return Number{CountryCode: cc, National: significant(normalized)}, nil
}

// significant is the national significant number as the port keeps it:
// an unsigned integer (0 if the digits are not ASCII) after the leading
// zeros it counts.
func significant(n string) string {
	zeros := 0
	if len(n) >= 2 && n[0] == '0' {
		zeros = 1
		for zeros < len(n)-1 && n[zeros] == '0' {
			zeros++
		}
	}
	v, _ := strconv.ParseUint(n, 10, 64)
	return strings.Repeat("0", zeros) + strconv.FormatUint(v, 10)
}

// regionPlan is region(code) for a code that may be "".
func regionPlan(code string) *plan {
	if code == "" {
		return nil
	}
	return region(code)
}

// nationalForParsing is the port's buildNationalNumberForParsing: the
// number out of an RFC 3966 URI, or the text from its first digit or +.
func nationalForParsing(pt *fixedPatterns, s string) (string, error) {
	var b strings.Builder
	ctxAt := strings.Index(s, rfc3966PhoneContext)
	ctx := ""
	if ctxAt >= 0 {
		start := ctxAt + len(rfc3966PhoneContext)
		if start < len(s) {
			ctx = s[start:]
			if end := strings.IndexRune(ctx, ';'); end != -1 {
				ctx = ctx[:end]
			}
		}
		if ctx == "" || !(pt.globalDigits.MatchString(ctx) || pt.domainName.MatchString(ctx)) {
			return "", errNotANumber
		}
	}
	if ctxAt > 0 {
		if ctx[0] == '+' {
			b.WriteString(ctx)
		}
		from := 0
		if p := strings.Index(s, rfc3966Prefix); p >= 0 && p < ctxAt {
			from = p + len(rfc3966Prefix)
		}
		b.WriteString(s[from:ctxAt])
	} else {
		b.WriteString(possibleNumber(pt, s))
	}
	n := b.String()
	if i := strings.Index(n, rfc3966IsdnSubaddress); i > 0 {
		n = n[:i]
	}
	return n, nil
}

// possibleNumber is the port's extractPossibleNumber.
func possibleNumber(pt *fixedPatterns, s string) string {
	ind := pt.validStart.FindStringIndex(s)
	if ind == nil {
		return ""
	}
	s = s[ind[0]:]
	if i := pt.unwantedEnd.FindStringIndex(s); i != nil {
		s = s[:i[0]]
	}
	if i := pt.secondStart.FindStringIndex(s); i != nil {
		s = s[:i[0]]
	}
	return s
}

func viable(pt *fixedPatterns, s string) bool {
	return len(s) >= minNSN && pt.validPhone.MatchString(s)
}

// stripExtension drops an extension ("x 12", ";ext=12") after a viable
// number.
func stripExtension(pt *fixedPatterns, s string) string {
	ind := pt.extn.FindStringIndex(s)
	if ind == nil || !viable(pt, s[:ind[0]]) {
		return s
	}
	for _, ext := range pt.extn.FindStringSubmatch(s)[1:] {
		if ext != "" {
			return s[:ind[0]]
		}
	}
	return s
}

// extractCountryCode is the port's maybeExtractCountryCode: the calling
// code (0 if the number is written nationally) and the digits after it.
func extractCountryCode(pt *fixedPatterns, s string, meta *plan) (int, string, error) {
	if s == "" {
		return 0, "", nil
	}
	full, international := stripInternationalPrefix(pt, s, meta.idd)
	if international {
		if len(full) <= minNSN {
			return 0, "", errShortIDD
		}
		if cc, rest := splitCallingCode(full); cc != 0 {
			return cc, rest, nil
		}
		return 0, "", errCallingCode
	}
	// Written without + but starting with the region's own code: taken as
	// the code when the number is not valid with it and is without it, or
	// is too long with it.
	own := strconv.Itoa(meta.CountryCode)
	if rest, ok := strings.CutPrefix(full, own); ok {
		if stripped, ok := meta.stripNationalPrefix(rest); ok {
			rest = stripped
		}
		if (!meta.general.re.MatchString(full) && meta.general.re.MatchString(rest)) || meta.testLength(full) == tooLong {
			return meta.CountryCode, rest, nil
		}
	}
	return 0, "", nil
}

// stripInternationalPrefix is the port's
// maybeStripInternationalPrefixAndNormalize: the number normalized, and
// whether it was written with + or the international prefix.
func stripInternationalPrefix(pt *fixedPatterns, s string, idd *regexp.Regexp) (string, bool) {
	if ind := pt.plus.FindStringIndex(s); ind != nil && ind[0] == 0 {
		return normalize(pt, s[ind[1]:]), true
	}
	n := normalize(pt, s)
	ind := idd.FindStringIndex(n)
	if ind == nil || ind[0] != 0 {
		return n, false
	}
	// A calling code does not start with 0.
	if d := pt.digit.FindString(n[ind[1]:]); d != "" && normalizeDigits(d) == "0" {
		return n, false
	}
	return n[ind[1]:], true
}

// splitCallingCode is the port's extractCountryCode.
func splitCallingCode(full string) (int, string) {
	if full == "" || full[0] == '0' {
		return 0, ""
	}
	for i := 1; i <= maxCallingDigit && i <= len(full); i++ {
		cc, _ := strconv.Atoi(full[:i])
		if isCallingCode(cc) {
			return cc, full[i:]
		}
	}
	return 0, ""
}

// stripNationalPrefix is the port's maybeStripNationalPrefixAndCarrierCode:
// the number without its trunk prefix (and carrier code), transformed as
// the plan says, if it had one worth stripping.
func (p *plan) stripNationalPrefix(n string) (string, bool) {
	if n == "" || p.npp == nil {
		return "", false
	}
	groups := p.npp.FindStringSubmatchIndex(n)
	if groups == nil {
		return "", false
	}
	viableBefore := p.general.re.MatchString(n)
	last := len(groups)/2 - 1
	if p.NationalPrefixTransformRule == "" || groups[last*2] < 0 {
		if viableBefore && !p.general.re.MatchString(n[groups[1]:]) {
			return "", false
		}
		return n[groups[1]:], true
	}
	t := p.npp.ReplaceAllString(n, p.NationalPrefixTransformRule)
	if viableBefore && !p.general.re.MatchString(t) {
		return "", false
	}
	return t, true
}

type lengthResult int

const (
	possible lengthResult = iota
	possibleLocalOnly
	tooShort
	invalidLength
	tooLong
)

// testLength is the port's testNumberLength for the general description.
func (p *plan) testLength(n string) lengthResult {
	ls := p.General.Lengths
	if len(ls) == 0 || ls[0] == -1 {
		return invalidLength
	}
	if containsLen(p.General.LocalOnly, len(n)) {
		return possibleLocalOnly
	}
	switch {
	case int(ls[0]) == len(n):
		return possible
	case int(ls[0]) > len(n):
		return tooShort
	case int(ls[len(ls)-1]) < len(n):
		return tooLong
	case containsLen(ls[1:], len(n)):
		return possible
	}
	return invalidLength
}

// normalize is the port's normalize: with three or more letters, letters
// become their keypad digits and punctuation goes; otherwise only the
// digits (of any script) are kept.
func normalize(pt *fixedPatterns, s string) string {
	if pt.alphaPhone.MatchString(s) {
		var b strings.Builder
		for _, r := range s {
			if d, ok := keypad(r); ok {
				b.WriteRune(d)
			}
		}
		return b.String()
	}
	return normalizeDigits(s)
}

// normalizeDigits keeps a string's decimal digits (unicode.IsDigit):
// Arabic-Indic, extended Arabic-Indic and full-width digits become ASCII,
// any other script's are kept as they are (and make no valid number), as
// the port has it.
func normalizeDigits(s string) string {
	var b strings.Builder
	for _, r := range s {
		if !unicode.IsDigit(r) {
			continue
		}
		for _, zero := range []rune{'\u0660', '\u06F0', '\uFF10'} {
			if r >= zero && r <= zero+9 {
				r = '0' + (r - zero)
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}

// keypad maps what the port's ALPHA_PHONE_MAPPINGS holds: ASCII digits
// and letters (on the E.161 keypad); everything else is dropped.
func keypad(r rune) (rune, bool) {
	r = unicode.ToUpper(r) // as the port looks letters up: 'ı' is 'I'
	if r >= '0' && r <= '9' {
		return r, true
	}
	if r < 'A' || r > 'Z' {
		return 0, false
	}
	return rune("22233344455566677778889999"[r-'A']), true
}
