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
}

func parseRomanize(fsys fs.FS) (map[string]map[string]string, error) {
	var f romanizeFile
	if err := decodeFile(fsys, "data/romanize.json", &f); err != nil {
		return nil, err
	}
	for lang, table := range f.Languages {
		for k := range table {
			if n := len([]rune(k)); n < 1 || n > 2 {
				return nil, fmt.Errorf("romanize.json: %s: key %q is not one or two letters", lang, k)
			}
		}
	}
	return f.Languages, nil
}

// Romanize spells a name of an alphabetic non-Latin script in Latin
// letters, the way people do in their email addresses ("Иванов" →
// "Ivanov"), for the languages data/romanize.json has; other text is
// returned as it is.
func Romanize(lang, s string) string {
	table := load().romanize[lang]
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
