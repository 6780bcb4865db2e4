package archetypes

import (
	"fmt"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

func init() {
	// The drive keeps documents about everything, so it comes last: its
	// handbook covers every other service, and any of their events can
	// ask for a document.
	engine.Register(&engine.ServiceDef{Name: "drive", Title: "Drive", Layer: engine.LayerArchive, Weight: 1, Build: buildDrive, FilePolicies: addPolicyDocument})
}

const driveTable = "drive_documents"

// driveFolders are the drive's folders, named in the world's language.
func driveFolders(g *engine.Gen) []string {
	var out []string
	for _, role := range seed.FolderRoles() {
		out = append(out, folder(g, role))
	}
	return out
}

// folder names a folder by role ("meetings") in the world's language.
func folder(g *engine.Gen, role string) string { return g.Locale.Lex().Folder(role) }

// driveFolder is where documents about a service's records are filed:
// the folder its definition names.
func driveFolder(g *engine.Gen, service string) string {
	if s := g.ServiceNamed(service); s != nil && s.Def != nil && s.Def.Folder != "" {
		return folder(g, s.Def.Folder)
	}
	return folder(g, "general")
}

func buildDrive(g *engine.Gen, s *engine.Svc) {
	s.Description = fmt.Sprintf("The shared document drive of %s: handbooks, price lists, procedures, meeting notes and file notes, in folders.", g.Company.Name)
	s.Table(driveTable, "Documents, one row per document.", "DOC-", 5,
		kit.PK(),
		kit.Text("title", "Document title; references (ids) go here."),
		kit.Enum("folder", "Folder the document is filed in.", driveFolders(g)...),
		kit.Text("body", "The text of the document."),
		kit.Opt(kit.Text("owner", "Who maintains it.")),
		kit.Datetime("updated_at", "Last change."),
	)
	doc := &engine.Entity{Service: s.Name, Table: driveTable, Key: "id", Noun: "document", Plural: "documents", Prefix: "DOC-", Width: 5,
		Roles: map[string]engine.Role{"id": engine.Column("id"), "name": engine.Column("title")}}

	var people []string
	for _, role := range []string{"employee", "staff"} {
		if e := g.Entity(role); e != nil {
			for _, r := range e.Rows {
				people = append(people, fmt.Sprint(r["name"]))
			}
		}
	}
	for len(people) < 4 {
		name, _ := g.Locale.Person("")
		people = append(people, name)
	}
	lex := g.Locale.Lex()
	docTitle := func(key string, kv ...string) string { return seed.Fill(lex.Sentences(key)[0], kv...) }
	role := map[string]string{} // document id → what it is ("doc_opening_hours")
	add := func(ttl, folder, body string, day int) engine.Row {
		r := engine.Row{"id": doc.ID(len(g.Rows(driveTable)) + 1), "title": ttl, "folder": folder, "body": body, "owner": engine.Pick(g.R, people),
			"updated_at": kit.Clock(g, day, 8+g.R.IntN(9), 5*g.R.IntN(12))}
		tablesAdd(g, s, driveTable, r)
		doc.Rows = append(doc.Rows, r)
		return r
	}

	// One operating handbook per system the company runs.
	for _, sv := range g.Services {
		var b strings.Builder
		desc := sv.Description
		if desc == "" {
			desc = sv.Title + " of " + g.Company.Name + "."
		}
		// The handbook is in the world's language; the systems' own
		// descriptions are English (they document the tools), so a
		// world in another language lists its tables by name.
		english := lex.Language == "en"
		label := g.ServiceLabel(sv)
		fmt.Fprintf(&b, "%s\n\n", lex.Say("doc_handbook_intro", "company", g.Company.Name, "service", label))
		if english {
			fmt.Fprintf(&b, "%s\n\n", desc)
		}
		fmt.Fprintf(&b, "%s\n", lex.Say("doc_handbook_holds"))
		for _, t := range sv.Tables {
			if english {
				fmt.Fprintf(&b, "- %s", t.Description)
			} else {
				fmt.Fprintf(&b, "- %s:", t.Name)
			}
			if t.ID != nil {
				fmt.Fprintf(&b, " %s", lex.Say("doc_handbook_ids", "id", fmt.Sprintf("%s%0*d", t.ID.Prefix, t.ID.Width, 1)))
			}
			b.WriteString("\n")
		}
		b.WriteString("\n" + lex.Say("doc_handbook_practice"))
		add(docTitle("doc_handbook", "service", label), folder(g, "handbook"), b.String(), -200-g.R.IntN(300))
	}

	// Everyday documents.
	c := g.Locale.C
	var prices strings.Builder
	year := g.Start.Year()
	priceList := docTitle("doc_price_list", "year", fmt.Sprint(year))
	// Headed in the world's language, as its title and items are.
	fmt.Fprintf(&prices, "%s (%s):\n", priceList, g.Term(g.Vocab.Unit))
	for _, it := range kit.Offerings(g) {
		fmt.Fprintf(&prices, "- %s: %s\n", it.Name, c.FormatMoney(kit.ItemPrice(g, g.R, engine.Item{Name: it.Name, Min: (it.Min + it.Max) / 2, Max: (it.Min + it.Max) / 2})))
	}
	add(priceList, folder(g, "sales"), prices.String(), -30-g.R.IntN(60))
	// The bodies are in the world's language, as their titles are; the
	// first of each lexicon entry is the document, the others what a
	// chore rewrites it to.
	body := func(key string) string { return lex.Sentences(key + "_body")[0] }
	role[add(docTitle("doc_opening_hours"), folder(g, "general"), body("doc_opening_hours"), -300)["id"].(string)] = "doc_opening_hours"
	manager, managerPhone := engine.Pick(g.R, people), g.Locale.Phone()
	it, itPhone := engine.Pick(g.R, people), g.Locale.Phone()
	add(docTitle("doc_emergency_contacts"), folder(g, "general"),
		seed.Fill(body("doc_emergency_contacts"), "manager", manager, "manager_phone", managerPhone, "it", it, "it_phone", itPhone), -120)
	role[add(docTitle("doc_onboarding"), folder(g, "hr"), body("doc_onboarding"), -250)["id"].(string)] = "doc_onboarding"
	add(docTitle("doc_complaints"), folder(g, "support"), seed.Fill(body("doc_complaints"), "noun", g.Vocab.Customer.One), -180)
	role[add(docTitle("doc_month_end"), folder(g, "finance"), body("doc_month_end"), -90)["id"].(string)] = "doc_month_end"
	for k := 0; k < 2+g.R.IntN(3); k++ {
		d := -2 - 7*k
		add(docTitle("doc_meeting_notes", "date", g.Day(d)), folder(g, "meetings"),
			engine.Pick(g.R, lex.Sentences("meeting_notes_body"))+" "+engine.Pick(g.R, lex.Sentences("meeting_notes_close")), d)
	}

	// Tools.
	s.Tool(true, kit.Tool(s.Name, "search_documents", "Search documents",
		"Find documents by words in the title or text, or by folder; most recently changed first. Returns id (like DOC-00001), title, folder, owner and updated_at, not the text (read_document gives it).",
		[]world.ArgSpec{kit.S("query", false, "Words from the title or text."), kit.A("folder", driveTable+".folder", false, "")},
		kit.Search(driveTable, []string{"-updated_at"}, []string{"id", "title", "folder", "owner", "updated_at"}, kit.FAny("query", "title", "body"), kit.F("folder", "eq", "folder"))))
	s.Tool(true, kit.Tool(s.Name, "read_document", "Read a document", "Read one document by id, with its full text.",
		[]world.ArgSpec{kit.S("document_id", true, "e.g. DOC-00001")},
		kit.Get(driveTable, "document_id", "", "No document {document_id}; search_documents finds ids.")))
	s.Tool(false, kit.Tool(s.Name, "create_document", "Create a document",
		"File a new document in a folder. Titles are unique: update the existing document instead of filing a second one with the same title. Returns the document with its id.",
		[]world.ArgSpec{kit.S("title", true, "Title; include the id of the record it is about."), kit.A("folder", driveTable+".folder", true, ""), kit.S("body", true, "The text."), kit.S("owner", false, "Who maintains it.")},
		world.Step{Absent: driveTable, Where: map[string]any{"title": "$title"}, As: "dup", Message: "A document titled \"{title}\" already exists ({dup.id}); update it instead."},
		kit.Insert(driveTable, "", map[string]any{"title": "$title", "folder": "$folder", "body": "$body", "owner": "$owner", "updated_at": "$now"})))
	s.Tool(false, kit.Tool(s.Name, "update_document", "Update a document",
		"Replace the text of a document, or rename or move it. Give only what changes; the body replaces the whole text.",
		[]world.ArgSpec{kit.S("document_id", true, ""), kit.S("body", false, "The new full text."), kit.S("title", false, "New title."), kit.A("folder", driveTable+".folder", false, "Move to this folder.")},
		kit.Update(driveTable, "document_id", "", map[string]any{"body": "$body", "title": "$title", "folder": "$folder", "updated_at": "$now"})))

	// Action: file a document about the record.
	titleFor := func(up *engine.Entity, r engine.Row) string {
		return lex.Say("file_note_title", "id", fmt.Sprint(r[up.Key]))
	}
	bodyFor := func(up *engine.Entity, r engine.Row) string {
		if up.Has("name") {
			return lex.Say("file_note_body_named", "id", fmt.Sprint(r[up.Key]), "name", up.Str("name", r))
		}
		return lex.Say("file_note_body", "id", fmt.Sprint(r[up.Key]))
	}
	s.Actions = append(s.Actions, &engine.Action{
		Service: s.Name, Name: "filed", Needs: []string{"id"},
		Then: "a document with the {noun} id in its title must be filed in the Drive",
		Rule: func(up *engine.Entity) *world.RuleThen {
			return engine.KeysOf(up).Mentions("id", "title").In(driveTable, "", nil)
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			tc.NextID(driveTable)
			return []world.Call{{Tool: "create_document", Args: map[string]any{"title": titleFor(up, r), "folder": driveFolder(g, up.Service), "body": bodyFor(up, r)}}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			return []world.Assertion{{Description: "A document names the " + up.Noun + " in its title.", Exists: &world.RowMatch{Table: driveTable,
				Where: map[string]any{"title": map[string]any{"contains": r[up.Key]}}}}}
		},
		Touches: []world.Change{{Table: driveTable, Ops: []string{"insert"}}},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			id := fmt.Sprint(r[up.Key])
			for _, x := range g.Rows(driveTable) {
				if strings.Contains(fmt.Sprint(x["title"]), id) {
					return
				}
			}
			row := engine.Row{"id": doc.ID(len(g.Rows(driveTable)) + 1), "title": titleFor(up, r), "folder": driveFolder(g, up.Service), "body": bodyFor(up, r),
				"owner": engine.Pick(g.R, people), "updated_at": kit.Clock(g, -1-g.R.IntN(20), 16, 0)}
			g.AddRow(driveTable, row)
			doc.Rows = append(doc.Rows, row)
		},
	})

	// Chore: replace the text of a document.
	rewrites := map[string][]string{}
	for _, key := range []string{"doc_opening_hours", "doc_onboarding", "doc_month_end"} {
		rewrites[key] = lex.Sentences(key + "_body")[1:]
	}
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		var cands []engine.Row
		for _, r := range doc.Rows {
			if _, ok := rewrites[role[fmt.Sprint(r["id"])]]; ok {
				cands = append(cands, r)
			}
		}
		if len(cands) == 0 {
			return engine.Task{}, false
		}
		r := engine.Pick(tc.R, cands)
		text := engine.Pick(tc.R, rewrites[role[fmt.Sprint(r["id"])]])
		return engine.Task{
			Title:       "update " + strings.ToLower(fmt.Sprint(r["title"])),
			Instruction: fmt.Sprintf("The \"%s\" document in the drive is out of date. Replace its text with exactly this: %s", r["title"], text),
			Calls:       []world.Call{{Tool: "update_document", Args: map[string]any{"document_id": r["id"], "body": text}}},
			Assertions: []world.Assertion{
				{Description: "The document has the new text.", Field: &world.FieldMatch{Table: driveTable, Key: r["id"], Column: "body", Equals: text}},
				{Description: "It keeps its title and folder.", Role: world.RoleConstraint, Exists: &world.RowMatch{Table: driveTable, Where: map[string]any{"id": r["id"], "title": r["title"], "folder": r["folder"]}}},
				{Description: "No second copy was filed.", Role: world.RoleConstraint, Count: &world.CountMatch{Table: driveTable, Where: map[string]any{"title": r["title"]}, Equals: kit.PtrInt(1)}},
			},
			MayChange: []world.Change{{Table: driveTable, Keys: []any{r["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
	// Chore: file meeting notes.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		topic := engine.Pick(tc.R, []string{"Quarterly planning", "Safety briefing", "Price review", "Customer feedback review"})
		ttl := fmt.Sprintf("%s notes %s", topic, g.Day(-1))
		point := engine.Pick(tc.R, []string{"Decision: keep current prices until the end of the quarter.", "Decision: hire one more person for the front office.", "Decision: review the complaints procedure next month."})
		id := doc.ID(tc.NextID(driveTable))
		return engine.Task{
			Title:       "file " + strings.ToLower(topic) + " notes",
			Instruction: fmt.Sprintf("Please file the notes of yesterday's %s in the %s folder of the drive, titled \"%s\". The text is one line: %s", strings.ToLower(topic), folder(g, "meetings"), ttl, point),
			Calls:       []world.Call{{Tool: "create_document", Args: map[string]any{"title": ttl, "folder": folder(g, "meetings"), "body": point}}},
			Assertions: []world.Assertion{
				{Description: "The notes are filed in " + folder(g, "meetings") + ".", Exists: &world.RowMatch{Table: driveTable, Where: map[string]any{"id": id, "title": ttl, "folder": folder(g, "meetings")}}},
				{Description: "They record the decision.", Exists: &world.RowMatch{Table: driveTable, Where: map[string]any{"title": ttl, "body": map[string]any{"contains": strings.TrimSuffix(point, ".")}}}},
			},
			MayChange: []world.Change{{Table: driveTable, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// addPolicyDocument files the world's policies in the drive, when the
// world has one: it must run after the links are picked and seeded and
// before tasks are sampled (task ids count the drive's rows).
func addPolicyDocument(g *engine.Gen, links []*engine.Link) {
	if g.Tables[driveTable] == nil || len(links) == 0 {
		return
	}
	var b strings.Builder
	lex := g.Locale.Lex()
	fmt.Fprintf(&b, "%s\n\n", lex.Say("doc_policies_body", "company", g.Company.Name))
	for _, l := range links {
		// English worlds list the policies by title; others by the systems
		// they bind, in the staff's words, and the status that triggers
		// them as the tools write it.
		from, to := serviceNamed(g, l.Event.Entity.Service), serviceNamed(g, l.Action.Service)
		if lex.Language == "en" || from == nil || to == nil {
			fmt.Fprintf(&b, "- %s\n", l.Title)
			continue
		}
		fmt.Fprintf(&b, "- %s: %s → %s\n", g.ServiceLabel(from), l.Event.Name, g.ServiceLabel(to))
	}
	g.AddRow(driveTable, engine.Row{"id": fmt.Sprintf("DOC-%05d", len(g.Rows(driveTable))+1), "title": lex.Say("doc_policies"), "folder": folder(g, "policies"),
		"body": b.String(), "owner": lex.Say("doc_policies_owner"), "updated_at": kit.Clock(g, -7, 9, 0)})
}

// serviceNamed is the world's service of that name, nil if none.
func serviceNamed(g *engine.Gen, name string) *engine.Svc {
	for _, sv := range g.Services {
		if sv.Name == name {
			return sv
		}
	}
	return nil
}
