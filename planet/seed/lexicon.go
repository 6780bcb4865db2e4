package seed

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// Lexicon is the text of one business language: what staff write in
// chat, what customers write by email, how a note on a patient reads, the
// names people give their pets. Every language's lexicon has the same
// keys as English (data/lexicon/en.json), which is also the fallback for a
// language without a lexicon. Field names mirror the JSON files.
type Lexicon struct {
	Language  string   `json:"language"` // BCP 47 base language
	Stopwords []string `json:"stopwords"`
	// Pools are lists for text kinds, keyed by kind ("job_title") or, for
	// notes, by column ("allergies").
	Pools map[string][]string `json:"pools"`
	// Channels are chat channels by role: name and purpose.
	Channels map[string][2]string `json:"channels"`
	// Folders are document folders by role.
	Folders map[string]string `json:"folders"`
	// Text holds sentences with placeholders ({noun}, {id}, {topic},
	// {company}, {name}), keyed by what they are for.
	Text map[string][]string `json:"text"`
}

// lexiconRoles are the keys every lexicon must have, so that a world
// never falls back to English halfway through a text.
var (
	lexiconChannels = []string{"general", "ops", "finance", "reports", "front_desk", "archive"}
	lexiconFolders  = []string{"general", "handbook", "policies", "customers", "operations", "finance", "support", "hr", "sales", "purchasing", "meetings"}
	lexiconText     = []string{
		"email_subject", "email_inbound", "email_notify", "email_reply", "email_question", "sign_off",
		"chat_message", "chat_done", "crm_note", "topic", "reply_subject_prefix", "question_subject",
		"doc_handbook", "doc_price_list", "doc_opening_hours", "doc_emergency_contacts", "doc_onboarding",
		"doc_complaints", "doc_month_end", "doc_meeting_notes",
		"doc_opening_hours_body", "doc_emergency_contacts_body", "doc_onboarding_body", "doc_complaints_body", "doc_month_end_body",
		"meeting_customer", "meeting_internal", "ticket_subject", "ticket_comment",
	}
)

func parseLexicons(fsys fs.FS) (map[string]*Lexicon, error) {
	names, err := fs.Glob(fsys, "data/lexicon/*.json")
	if err != nil {
		return nil, err
	}
	out := map[string]*Lexicon{}
	for _, n := range names {
		var lx Lexicon
		if err := decodeFile(fsys, n, &lx); err != nil {
			return nil, err
		}
		if want := strings.TrimSuffix(path.Base(n), ".json"); lx.Language != want {
			return nil, fmt.Errorf("%s: language %q, want %q", n, lx.Language, want)
		}
		out[lx.Language] = &lx
	}
	en := out["en"]
	if en == nil {
		return nil, fmt.Errorf("data/lexicon: no en.json")
	}
	for _, lang := range sortedKeys(out) {
		lx := out[lang]
		if err := lx.complete(en); err != nil {
			return nil, fmt.Errorf("data/lexicon/%s.json: %w", lang, err)
		}
	}
	return out, nil
}

// complete checks that a lexicon has every key English has.
func (lx *Lexicon) complete(en *Lexicon) error {
	if len(lx.Stopwords) < 5 {
		return fmt.Errorf("needs at least 5 stopwords")
	}
	for _, k := range sortedKeys(en.Pools) {
		// Industry pools ("certification@it-services") hold names that
		// are the same in every language; English serves for all.
		if strings.Contains(k, "@") {
			continue
		}
		if len(lx.Pools[k]) == 0 {
			return fmt.Errorf("pools: missing %q", k)
		}
	}
	if n := len(lx.Pools["helpdesk_team"]); n != 3 {
		return fmt.Errorf("pools: helpdesk_team has %d teams, want 3 (front line, billing, escalations)", n)
	}
	for _, k := range lexiconChannels {
		if lx.Channels[k][0] == "" || lx.Channels[k][1] == "" {
			return fmt.Errorf("channels: missing %q", k)
		}
	}
	for _, k := range lexiconFolders {
		if lx.Folders[k] == "" {
			return fmt.Errorf("folders: missing %q", k)
		}
	}
	for _, k := range lexiconText {
		if len(lx.Text[k]) == 0 {
			return fmt.Errorf("text: missing %q", k)
		}
	}
	// Documents a chore rewrites: the document and what it becomes.
	for _, k := range []string{"doc_opening_hours_body", "doc_onboarding_body", "doc_month_end_body"} {
		if len(lx.Text[k]) < 2 {
			return fmt.Errorf("text: %q needs the document and at least one rewrite", k)
		}
	}
	return nil
}

// FolderRoles lists the document folders by role, in a fixed order.
func FolderRoles() []string { return slices.Clone(lexiconFolders) }

// LexiconFor returns the lexicon of a locale's language ("pl-PL" → pl),
// or English when there is none.
func LexiconFor(locale string) *Lexicon {
	t := load()
	if lx := t.lexicons[locale]; lx != nil {
		return lx // a script of its own: zh-TW's traditional characters
	}
	base, _, _ := strings.Cut(locale, "-")
	if lx := t.lexicons[strings.ToLower(base)]; lx != nil {
		return lx
	}
	return t.lexicons["en"]
}

// Languages lists the languages that have a lexicon, sorted.
func Languages() []string { return sortedKeys(load().lexicons) }

// Pool returns the pool for key ("job_title", "allergies").
func (lx *Lexicon) Pool(key string) []string { return lx.Pools[key] }

// Channel returns a channel's name and purpose by role.
func (lx *Lexicon) Channel(role string) (name, purpose string) {
	c := lx.Channels[role]
	return c[0], c[1]
}

// Folder returns a document folder's name by role.
func (lx *Lexicon) Folder(role string) string { return lx.Folders[role] }

// Sentences returns the sentences for a text key.
func (lx *Lexicon) Sentences(key string) []string { return lx.Text[key] }

// Fill replaces {name} placeholders with values.
func Fill(s string, kv ...string) string {
	for i := 0; i+1 < len(kv); i += 2 {
		s = strings.ReplaceAll(s, "{"+kv[i]+"}", kv[i+1])
	}
	return s
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
