package seed

import (
	"fmt"
	"io/fs"
	"strings"
)

// scriptsFile is data/scripts.json: per locale, the characters its
// writing does not use.
type scriptsFile struct {
	About   string            `json:"about"`
	Foreign map[string]string `json:"foreign"` // locale → characters
}

func parseScripts(fsys fs.FS) (map[string]string, error) {
	var f scriptsFile
	if err := decodeFile(fsys, "data/scripts.json", &f); err != nil {
		return nil, err
	}
	return f.Foreign, nil
}

// foreignScript reports a text written with characters the world's
// locale does not use: Simplified Chinese in a Taiwanese world.
func (ck *Checker) foreignScript(s string) string {
	chars := load().scripts[ck.Country.Locale]
	if chars == "" {
		return ""
	}
	var found []rune
	for _, r := range s {
		if strings.ContainsRune(chars, r) && !strings.ContainsRune(string(found), r) {
			found = append(found, r)
		}
	}
	if len(found) == 0 {
		return ""
	}
	return fmt.Sprintf("%q has characters %s does not write (%s)", clip(s), ck.Country.Locale, string(found))
}
