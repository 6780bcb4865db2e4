package seed

import (
	"fmt"
	"io/fs"
	"strings"
	"unicode"
)

type romanizeFile struct {
	About     string                       `json:"about"`
	Languages map[string]map[string]string `json:"languages"`
	// Names are whole names by locale or language, for scripts without
	// an alphabet-to-alphabet mapping.
	Names map[string]map[string]string `json:"names"`
}

func parseRomanize(fsys fs.FS) (letters, names map[string]map[string]string, err error) {
	var f romanizeFile
	if err := decodeFile(fsys, "data/romanize.json", &f); err != nil {
		return nil, nil, err
	}
	for loc, table := range f.Names {
		for k, v := range table {
			if k == "" || v == "" || strings.ContainsFunc(v, func(r rune) bool { return r > unicode.MaxLatin1 }) {
				return nil, nil, fmt.Errorf("romanize.json: names %s: %q → %q is not a name and its Latin spelling", loc, k, v)
			}
		}
	}
	for lang, table := range f.Languages {
		for k := range table {
			if n := len([]rune(k)); n < 1 || n > 2 {
				return nil, nil, fmt.Errorf("romanize.json: %s: key %q is not one or two letters", lang, k)
			}
		}
	}
	return f.Languages, f.Names, nil
}

// unspaced are the languages whose company names run words together
// ("三栄麦酒"), so known names are looked for inside a word.
var unspaced = map[string]bool{"ja": true, "zh": true, "ko": true, "th": true}

// Romanize spells a name of a non-Latin script in Latin letters, the way
// people do in their email addresses: letter by letter for alphabets
// ("Иванов" → "Ivanov"), name by name for other scripts ("前田" →
// "Maeda"; a company name keeps only the names it is made of, "三栄麦酒"
// → "Sanei"), for the locales data/romanize.json has ("ja-JP", "zh-TW",
// "ru"); other text is returned as it is.
func Romanize(locale, s string) string {
	t := load()
	lang, _, _ := strings.Cut(locale, "-")
	names := t.names[locale]
	if names == nil {
		names = t.names[lang]
	}
	if names != nil {
		return romanizeNames(names, s, unspaced[lang])
	}
	table := t.romanize[lang]
	if table == nil {
		return s
	}
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		upper := unicode.IsUpper(rs[i])
		v, ok := "", false
		if i+1 < len(rs) {
			if v, ok = table[strings.ToLower(string(rs[i:i+2]))]; ok {
				i++
			}
		}
		if !ok {
			v, ok = table[strings.ToLower(string(rs[i]))]
		}
		if !ok {
			b.WriteRune(rs[i])
			continue
		}
		if upper && v != "" {
			v = strings.ToUpper(v[:1]) + v[1:]
		}
		b.WriteString(v)
	}
	return b.String()
}

// romanizeNames replaces the known names of s, longest first (a family
// name of two words, "عبد الله", before one); in glued scripts it also
// looks inside words for names of two or more letters. What is not a
// known name stays as it is.
func romanizeNames(names map[string]string, s string, glued bool) string {
	toks := strings.Fields(s)
	var out []string
tokens:
	for i := 0; i < len(toks); {
		for n := min(3, len(toks)-i); n >= 1; n-- {
			if v, ok := names[strings.Join(toks[i:i+n], " ")]; ok {
				out = append(out, v)
				i += n
				continue tokens
			}
		}
		if glued {
			out = append(out, namesWithin(names, toks[i])...)
		} else {
			out = append(out, toks[i])
		}
		i++
	}
	return strings.Join(out, " ")
}

// namesWithin splits a glued word into known names (two letters or more,
// the longest at each place) and the runs of letters between them, each
// run one token: a Latin word in a Japanese name ("桜 Kayak") stays a word,
// not five letters.
func namesWithin(names map[string]string, word string) []string {
	rs := []rune(word)
	var out []string
	start := 0 // where the run of letters that are no name began
	for i := 0; i < len(rs); {
		l := min(8, len(rs)-i)
		for ; l >= 2; l-- {
			if _, ok := names[string(rs[i:i+l])]; ok {
				break
			}
		}
		if l < 2 {
			i++
			continue
		}
		if start < i {
			out = append(out, string(rs[start:i]))
		}
		out = append(out, names[string(rs[i:i+l])])
		i += l
		start = i
	}
	if start < len(rs) {
		out = append(out, string(rs[start:]))
	}
	return out
}
