package seed

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
)

// Lexicon is the text of one business language: what staff write in
// chat, what customers write by email, how a note on a patient reads, the
// names people give their pets. Every language's lexicon has the same
// keys as English (data/lexicon/en.json), which is also the fallback for a
// language without a lexicon. Field names mirror the JSON files.
type Lexicon struct {
	Language  string   `json:"language"` // BCP 47: a base language ("zh") or a regional one ("zh-TW")
	Stopwords []string `json:"stopwords"`
	// Pools are lists for text kinds, keyed by kind ("job_title") or, for
	// notes, by column ("allergies").
	Pools map[string][]string `json:"pools"`
	// Channels are chat channels by role: name and purpose.
	Channels map[string][2]string `json:"channels"`
	// Folders are document folders by role.
	Folders map[string]string `json:"folders"`
	// Services are the names staff give the company's systems, by the
	// builder's name ("billing" → "Facturación"); "work" also names a
	// line of work the list has no name for. Tool names stay English.
	Services map[string]string `json:"services"`
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
	// lexiconRows are what the archetypes write into rows, documents and
	// subjects; their ids and names are what tasks and checks look for,
	// so each sentence keeps every placeholder English has.
	lexiconRows = []string{
		"company_about", "doc_policies_owner", "meeting_scheduled", "ticket_close_note", "quality_scrap_note",
		"follow_up_title", "follow_up_location", "ticket_follow_up", "ticket_when_done", "notify_subject", "receivables_subject",
		"file_note_title", "file_note_body", "file_note_body_named", "meeting_notes_body", "meeting_notes_close",
		"doc_policies", "doc_policies_body", "doc_handbook_intro", "doc_handbook_holds", "doc_handbook_ids", "doc_handbook_practice",
		"work_order_task", "work_order_follow_up", "vehicle_job", "vehicle_post_job_check", "vehicle_gearbox", "vehicle_brakes",
		"stock_location", "shipment_depot", "appointment_room", "appointment_purpose", "appointment_follow_up",
		"claim_loss", "claim_service", "claim_damage", "claim_delay", "claim_defect", "claim_injury", "claim_other", "claim_approved", "claim_rejected", "case_deadline", "case_settled", "case_outcome",
		"timesheet_split_note", "timesheet_reject_reason", "visit_note", "project_milestone", "quality_fail_note", "enquiry_after",
		"resource_room", "resource_table", "resource_bay", "resource_studio", "resource_vehicle", "resource_equipment",
		"insured_motor", "insured_home", "insured_contents", "insured_liability", "insured_travel", "insured_health", "insured_business", "insured_cargo", "insured_equipment", "endorsement_change",
	}
	// lexiconCounts are text keys read by position: one sentence per
	// fleet job kind (inspection, oil service, tyres, brakes, repair,
	// post-job check), per case deadline kind (filing, hearing, response,
	// limitation, review); a case's outcome and the word its check looks
	// for.
	lexiconCounts = map[string]int{"vehicle_job": 6, "case_deadline": 5, "case_settled": 2}
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
		if err := checkLanguageTag(n, lx.Language); err != nil {
			return nil, err
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
	for _, k := range sortedKeys(en.Services) {
		if lx.Services[k] == "" {
			return fmt.Errorf("services: missing %q", k)
		}
	}
	for _, k := range slices.Concat(lexiconText, lexiconRows) {
		if len(lx.Text[k]) == 0 {
			return fmt.Errorf("text: missing %q", k)
		}
	}
	for _, k := range sortedKeys(lexiconCounts) {
		if n := len(lx.Text[k]); n != lexiconCounts[k] {
			return fmt.Errorf("text: %q has %d sentences, want %d (read by position)", k, n, lexiconCounts[k])
		}
	}
	if err := lx.placeholders(en); err != nil {
		return err
	}
	// Documents a chore rewrites: the document and what it becomes.
	for _, k := range []string{"doc_opening_hours_body", "doc_onboarding_body", "doc_month_end_body"} {
		if len(lx.Text[k]) < 2 {
			return fmt.Errorf("text: %q needs the document and at least one rewrite", k)
		}
	}
	return nil
}

// placeholder is a {name} slot in a sentence.
var placeholder = regexp.MustCompile(`\{[a-z_]+\}`)

// placeholders checks the {name} slots of every text: a sentence fills
// only slots English fills somewhere in that key (no "{id}" left in a
// row), and a sentence of a key Go code writes into rows (lexiconRows)
// has exactly the slots of English, so that no translation drops the id
// a task looks for.
func (lx *Lexicon) placeholders(en *Lexicon) error {
	for _, k := range sortedKeys(en.Text) {
		all := map[string]bool{}
		for _, s := range en.Text[k] {
			for _, p := range placeholder.FindAllString(s, -1) {
				all[p] = true
			}
		}
		exact := slices.Contains(lexiconRows, k)
		for i, s := range lx.Text[k] {
			for _, p := range placeholder.FindAllString(s, -1) {
				if !all[p] {
					return fmt.Errorf("text: %s/%d %q has placeholder %s, which English never fills", k, i, s, p)
				}
			}
			if want := placeholderSet(en.Text[k][min(i, len(en.Text[k])-1)]); exact && placeholderSet(s) != want {
				return fmt.Errorf("text: %s/%d %q has placeholders %q, English has %q", k, i, s, placeholderSet(s), want)
			}
		}
	}
	return nil
}

// placeholderSet is a sentence's distinct slots, sorted.
func placeholderSet(s string) string {
	ps := placeholder.FindAllString(s, -1)
	slices.Sort(ps)
	return strings.Join(slices.Compact(ps), " ")
}

// FolderRoles lists the document folders by role, in a fixed order.
func FolderRoles() []string { return slices.Clone(lexiconFolders) }

// LexiconFor returns the lexicon of a locale: its own regional one
// ("zh-TW" → zh-TW, Traditional Chinese as Taiwan writes it), else its
// base language's ("pl-PL" → pl), else English.
func LexiconFor(locale string) *Lexicon {
	t := load()
	for _, k := range localeKeys(locale) {
		if lx := t.lexicons[k]; lx != nil {
			return lx
		}
	}
	return t.lexicons["en"]
}

// localeKeys are the names a locale's data files are looked up by, most
// specific first: "zh-TW" → zh-TW, zh; "pt_br" → pt-BR, pt; "de" → de.
// A regional file is a complete file of its own, not a patch on the
// base, so the first that exists is the one used.
func localeKeys(locale string) []string {
	lang, region, ok := strings.Cut(strings.ReplaceAll(locale, "_", "-"), "-")
	lang = strings.ToLower(lang)
	if !ok || region == "" {
		return []string{lang}
	}
	return []string{lang + "-" + strings.ToUpper(region), lang}
}

// languageTag is a data file's language: a base language ("pt") or a
// language and a region ("pt-BR"), as BCP 47 writes them.
var languageTag = regexp.MustCompile(`^[a-z]{2,3}(-[A-Z]{2})?$`)

// checkLanguageTag checks that a data file is named for its language and
// that the language is a tag localeKeys can find.
func checkLanguageTag(file, lang string) error {
	if want := strings.TrimSuffix(path.Base(file), ".json"); lang != want {
		return fmt.Errorf("%s: language %q, want %q", file, lang, want)
	}
	if !languageTag.MatchString(lang) {
		return fmt.Errorf("%s: language %q is not a language (\"pt\") or a language and region (\"pt-BR\")", file, lang)
	}
	return nil
}

// Languages lists the languages that have a lexicon, regional ones
// ("zh-TW") included, sorted.
func Languages() []string { return sortedKeys(load().lexicons) }

// Pool returns the pool for key ("job_title", "allergies").
func (lx *Lexicon) Pool(key string) []string { return lx.Pools[key] }

// Channel returns a channel's name and purpose by role.
func (lx *Lexicon) Channel(role string) (name, purpose string) {
	c := lx.Channels[role]
	return c[0], c[1]
}

// Service returns the name staff give a system by its builder's name,
// and whether the lexicon has one.
func (lx *Lexicon) Service(builder string) (string, bool) {
	name, ok := lx.Services[builder]
	return name, ok
}

// Folder returns a document folder's name by role.
func (lx *Lexicon) Folder(role string) string { return lx.Folders[role] }

// Sentences returns the sentences for a text key.
func (lx *Lexicon) Sentences(key string) []string { return lx.Text[key] }

// Say is the first sentence of a text key with its placeholders filled:
// the one way the world writes that text.
func (lx *Lexicon) Say(key string, kv ...string) string {
	return Fill(lx.Text[key][0], kv...)
}

// Fill replaces {name} placeholders with values; a value that ends a
// sentence with its own full stop ("Cafetera Energía Ltda.") takes the
// place of the sentence's, not a second one.
func Fill(s string, kv ...string) string {
	for i := 0; i+1 < len(kv); i += 2 {
		if strings.HasSuffix(kv[i+1], ".") {
			s = strings.ReplaceAll(s, "{"+kv[i]+"}.", "{"+kv[i]+"}")
		}
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

// RowTextKeys lists the text keys Go code writes into rows, documents
// and subjects (a calendar title, a shelf, a case outcome), for checking
// that a world writes them in its language.
func RowTextKeys() []string { return slices.Clone(lexiconRows) }
