package engine

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"
)

// data/pricelines/<lang>.json is a composed price list in one language:
// each line template of data/pricelists.json as that language's price
// lists write it ("{Noun}, 6er-Pack", "{Noun} 6個パック"), the nouns a
// brief names in that language, and for each kind the word a business
// prints when it has no better name for what it sells.
//
//go:embed data/pricelines/*.json
var priceLinesFS embed.FS

// lineFile is one language's data/pricelines/<lang>.json.
type lineFile struct {
	Language string `json:"language"`
	About    string `json:"about"`
	// Lines are the line templates by their English: "{Noun}, pack of 6"
	// → "{Noun}, 6er-Pack". {Noun} is the noun as a list entry starts
	// (capitalised where the language capitalises one).
	Lines map[string]string `json:"lines"`
	// Generic is, by kind, what a line names when the noun has no
	// translation: German "Artikel, 6er-Pack", "Mietgerät, 1 Stunde".
	Generic map[string]string `json:"generic"`
	// Nouns are the brief's English nouns (lower case, singular) and
	// qualified nouns ("organic vegetable box") as a list entry writes
	// them.
	Nouns map[string]string `json:"nouns"`
}

// loadLineFiles reads every data/pricelines file and checks it against
// data/pricelists.json: every template of every kind, each keeping
// {Noun} once, a generic noun per kind, no template or kind the price
// lists lack (a stale line), and no empty noun.
var loadLineFiles = sync.OnceValue(func() map[string]*lineFile {
	out, err := parseLineFiles(priceLinesFS, loadPriceLists())
	if err != nil {
		panic("engine: " + err.Error())
	}
	return out
})

func parseLineFiles(fsys fs.FS, pl *priceLists) (map[string]*lineFile, error) {
	tmpls := map[string]bool{}
	kinds := map[string]bool{}
	for _, k := range pl.Kinds {
		kinds[k.Kind] = true
		for _, l := range k.Lines {
			tmpls[l.Name] = true
		}
	}
	names, err := fs.ReadDir(fsys, "data/pricelines")
	if err != nil {
		return nil, err
	}
	out := map[string]*lineFile{}
	for _, e := range names {
		name := "data/pricelines/" + e.Name()
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		f := &lineFile{}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(f); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if f.Language+".json" != path.Base(name) || f.Language == "en" {
			return nil, fmt.Errorf("%s: /language: %q does not name the file (nor may it be English, the plan's own)", name, f.Language)
		}
		for _, t := range slices.Sorted(maps.Keys(tmpls)) {
			v, ok := f.Lines[t]
			if !ok {
				return nil, fmt.Errorf("%s: /lines: no line for %q (every line template of data/pricelists.json needs one)", name, t)
			}
			if strings.Count(v, "{Noun}") != 1 {
				return nil, fmt.Errorf("%s: /lines/%s: %q must keep {Noun} exactly once", name, t, v)
			}
		}
		for _, t := range slices.Sorted(maps.Keys(f.Lines)) {
			if !tmpls[t] {
				return nil, fmt.Errorf("%s: /lines/%s: no such line template in data/pricelists.json", name, t)
			}
		}
		for _, k := range slices.Sorted(maps.Keys(kinds)) {
			if strings.TrimSpace(f.Generic[k]) == "" {
				return nil, fmt.Errorf("%s: /generic: no word for kind %q", name, k)
			}
		}
		for _, k := range slices.Sorted(maps.Keys(f.Generic)) {
			if !kinds[k] {
				return nil, fmt.Errorf("%s: /generic/%s: no such kind in data/pricelists.json", name, k)
			}
		}
		for _, n := range slices.Sorted(maps.Keys(f.Nouns)) {
			if v := f.Nouns[n]; strings.TrimSpace(v) == "" || n != strings.ToLower(n) {
				return nil, fmt.Errorf("%s: /nouns/%s: an empty word, or a key not in lower case", name, n)
			}
		}
		out[f.Language] = f
	}
	return out, nil
}

// lineFileFor is the file a language or locale reads: its own ("zh-TW"),
// else its base language's ("de-AT" → de), else none (English).
func lineFileFor(lang string) *lineFile {
	files := loadLineFiles()
	if f, ok := files[lang]; ok {
		return f
	}
	base, _, _ := strings.Cut(lang, "-")
	return files[base]
}

// PriceLineLanguages lists the languages with a composed price list,
// sorted.
func PriceLineLanguages() []string { return slices.Sorted(maps.Keys(loadLineFiles())) }

// nounFor is a noun as the language's price list writes it: its own
// entry, else its head's ("timber cabin" → cabin), else the kind's
// generic word. A business writes its own language, never a half-English
// line.
func (f *lineFile) nounFor(noun, kind string) string {
	if v, ok := f.noun(noun); ok {
		return v
	}
	return f.Generic[kind]
}

func (f *lineFile) noun(noun string) (string, bool) {
	n := strings.ToLower(strings.TrimSpace(noun))
	if v, ok := f.Nouns[n]; ok {
		return v, true
	}
	v, ok := f.Nouns[LastWord(n)]
	return v, ok
}

// local is the line in a language or locale; a qualified line ("Organic
// vegetable box") is said only when the language has the whole phrase,
// since a qualifier's grammar (agreement, position) is the language's
// own: otherwise ok is false and the line is left off.
func (l priceLine) local(lang string) (name string, ok bool) {
	f := lineFileFor(lang)
	if f == nil {
		return l.english(), true
	}
	if l.tmpl == "" {
		v, ok := f.Nouns[strings.ToLower(l.qual+" "+l.noun)]
		return v, ok
	}
	return strings.Replace(f.Lines[l.tmpl], "{Noun}", f.nounFor(l.noun, l.kind), 1), true
}

// composedLine reads a plan's item back into the line it was made from:
// a line template with its noun ("Kayak, 1 hour"), or a qualifier of
// quals before the offering's noun ("Same-day delivery"). Which kind a
// template belongs to (a half day of a visit or of a rental) is the
// noun's kind for the archetype, as [PriceList] chose it.
func composedLine(name, offering, archetype string, quals []string) (priceLine, bool) {
	for _, q := range quals {
		if offering != "" && Title(q)+" "+offering == name {
			return priceLine{kind: PriceKind(offering, archetype), noun: offering, qual: q}, true
		}
	}
	pl := loadPriceLists()
	for _, k := range pl.Kinds {
		for _, l := range k.Lines {
			suffix := strings.TrimPrefix(l.Name, "{Noun}")
			noun, found := strings.CutSuffix(name, suffix)
			if !found || noun == "" || suffix == l.Name {
				continue
			}
			line := priceLine{kind: k.Kind, tmpl: l.Name, noun: noun}
			if kind := PriceKind(noun, archetype); kind != k.Kind && kindHas(pl, kind, l.Name) {
				line.kind = kind
			}
			return line, true
		}
	}
	return priceLine{}, false
}

func kindHas(pl *priceLists, kind, tmpl string) bool {
	for _, k := range pl.Kinds {
		if k.Kind == kind {
			return slices.ContainsFunc(k.Lines, func(l lineTemplate) bool { return l.Name == tmpl })
		}
	}
	return false
}

// LocalPlanItem is a plan's item as a world of the language and
// currency names and prices it: a catalog term in its translation (see
// [LocalItem]), a composed line in the language's price-list grammar with
// its noun translated, at the currency's level for such lines (see
// composedLevel), else the plan's own item. ok is false for a composed
// qualified line the language cannot say (see priceLine.local).
func LocalPlanItem(lang, currency string, w PlanWork, it PlanItem) (Item, bool) {
	if local := LocalItem(lang, it.Name, it.Price[0], it.Price[1]); local.Source != "" {
		return local, true
	}
	var quals []string
	for _, a := range w.Attributes {
		if a.Name == "category" {
			quals = a.Values
		}
	}
	l, ok := composedLine(it.Name, w.Offering.One, w.Archetype, quals)
	if !ok {
		return Item{Name: it.Name, Min: it.Price[0], Max: it.Price[1]}, true
	}
	name, ok := l.local(lang)
	if !ok {
		return Item{}, false
	}
	f := composedLevel(currency)
	out := Item{Name: name, Min: round2(it.Price[0] * f), Max: round2(it.Price[1] * f)}
	if name != it.Name {
		out.Source = it.Name
	}
	return out, true
}

// LocalNoun is a brief's noun as a list entry of the language starts
// ("kayak" → German "Kajak"), for the names of the things a world keeps
// ("Kajak 3"): data/pricelines' entry for the noun or its head, else the
// noun itself, capitalised (a label, where no generic word would fit).
func LocalNoun(lang, noun string) string {
	if f := lineFileFor(lang); f != nil {
		if v, ok := f.noun(noun); ok {
			return v
		}
	}
	return Title(noun)
}

// LineNoun is a noun as the language's price list writes it and whether
// the language has a word of its own for it (the noun's or its head's
// entry); without one a composed line names the kind's generic word
// ("Artikel, 6er-Pack") and a register the English noun. English has
// every noun.
func LineNoun(lang, noun string) (string, bool) {
	f := lineFileFor(lang)
	if f == nil {
		return noun, true
	}
	return f.noun(noun)
}

// ComposedItemNoun is the noun a plan's item was composed from ("Kayak,
// 1 hour" → Kayak), ok false for an item that is no composed line.
func ComposedItemNoun(w PlanWork, it PlanItem) (noun string, ok bool) {
	var quals []string
	for _, a := range w.Attributes {
		if a.Name == "category" {
			quals = a.Values
		}
	}
	l, ok := composedLine(it.Name, w.Offering.One, w.Archetype, quals)
	return l.noun, ok
}
