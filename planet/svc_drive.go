package planet

import (
	"fmt"
	"strings"

	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

func init() {
	// The drive keeps documents about everything, so it comes last: its
	// handbook covers every other service, and any of their events can
	// ask for a document.
	register(&ServiceDef{Name: "drive", Title: "Drive", Layer: LayerArchive, Weight: 1, Build: buildDrive})
}

const driveTable = "drive_documents"

// driveFolders are the drive's folders, named in the world's language.
func driveFolders(g *Gen) []string {
	var out []string
	for _, role := range seed.FolderRoles() {
		out = append(out, g.folder(role))
	}
	return out
}

// folder names a folder by role ("meetings") in the world's language.
func (g *Gen) folder(role string) string { return g.Locale.Lex().Folder(role) }

// driveFolder is where documents about a service's records are filed.
func driveFolder(g *Gen, service string) string {
	if w := g.Service("work"); w != nil && w.Name == service {
		return g.folder("operations")
	}
	switch service {
	case "crm":
		return g.folder("customers")
	case "billing", "payments":
		return g.folder("finance")
	case "helpdesk":
		return g.folder("support")
	case "hr":
		return g.folder("hr")
	case "orders", "sales":
		return g.folder("sales")
	case "procurement", "inventory":
		return g.folder("purchasing")
	case "calendar":
		return g.folder("meetings")
	}
	return g.folder("general")
}

func buildDrive(g *Gen, s *Svc) {
	s.Description = fmt.Sprintf("The shared document drive of %s: handbooks, price lists, procedures, meeting notes and file notes, in folders.", g.Company.Name)
	s.Table(driveTable, "Documents, one row per document.", "DOC-", 5,
		PK(),
		Text("title", "Document title; references (ids) go here."),
		Enum("folder", "Folder the document is filed in.", driveFolders(g)...),
		Text("body", "The text of the document."),
		Opt(Text("owner", "Who maintains it.")),
		Datetime("updated_at", "Last change."),
	)
	doc := &Entity{Service: s.Name, Table: driveTable, Key: "id", Noun: "document", Plural: "documents", Prefix: "DOC-", Width: 5,
		Roles: map[string]Role{"id": Column("id"), "name": Column("title")}}

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
	add := func(ttl, folder, body string, day int) Row {
		r := Row{"id": doc.ID(len(g.Rows(driveTable)) + 1), "title": ttl, "folder": folder, "body": body, "owner": Pick(g.R, people),
			"updated_at": hzClock(g, day, 8+g.R.IntN(9), 5*g.R.IntN(12))}
		g.tablesAdd(s, driveTable, r)
		doc.Rows = append(doc.Rows, r)
		return r
	}

	// One operating handbook per system the company runs.
	for _, sv := range g.svcs {
		var b strings.Builder
		desc := sv.Description
		if desc == "" {
			desc = sv.Title + " of " + g.Company.Name + "."
		}
		fmt.Fprintf(&b, "How %s uses %s.\n\n%s\n\nWhat it holds:\n", g.Company.Name, sv.Title, desc)
		for _, t := range sv.Tables {
			fmt.Fprintf(&b, "- %s", t.Description)
			if t.ID != nil {
				fmt.Fprintf(&b, " Ids look like %s%0*d.", t.ID.Prefix, t.ID.Width, 1)
			}
			b.WriteString("\n")
		}
		b.WriteString("\nHow we work: look a record up before changing it; record changes when they happen, not at the end of the week; " +
			"quote the id of the record a message, document or meeting is about, so colleagues in other teams can find it. " +
			"The company's cross-team rules are kept in the policies.")
		add(docTitle("doc_handbook", "service", sv.Title), g.folder("handbook"), b.String(), -200-g.R.IntN(300))
	}

	// Everyday documents.
	c := g.Locale.C
	var prices strings.Builder
	fmt.Fprintf(&prices, "Standard prices of %s (%s):\n", g.Vocab.Offering.Many, g.Vocab.Unit)
	for _, it := range hzOfferings(g) {
		fmt.Fprintf(&prices, "- %s: %s\n", it.Name, c.FormatMoney(hzPrice(g, g.R, Item{Name: it.Name, Min: (it.Min + it.Max) / 2, Max: (it.Min + it.Max) / 2})))
	}
	year := g.Start.Year()
	add(docTitle("doc_price_list", "year", fmt.Sprint(year)), g.folder("sales"), prices.String(), -30-g.R.IntN(60))
	role[add(docTitle("doc_opening_hours"), g.folder("general"), "Monday to Friday 08:00-18:00. Closed on weekends and public holidays.", -300)["id"].(string)] = "doc_opening_hours"
	add(docTitle("doc_emergency_contacts"), g.folder("general"), fmt.Sprintf("Building manager: %s, %s. IT support: %s, %s.", Pick(g.R, people), g.Locale.Phone(), Pick(g.R, people), g.Locale.Phone()), -120)
	role[add(docTitle("doc_onboarding"), g.folder("hr"), "1. Sign the contract. 2. Get a work email and keys. 3. Read the operating handbooks. 4. Meet the team lead in week one.", -250)["id"].(string)] = "doc_onboarding"
	add(docTitle("doc_complaints"), g.folder("support"), fmt.Sprintf("Every complaint from a %s is logged the same day, answered within two working days and reviewed monthly.", g.Vocab.Customer.One), -180)
	role[add(docTitle("doc_month_end"), g.folder("finance"), "Check open invoices, reconcile the bank account, file receipts, send the figures to the accountant.", -90)["id"].(string)] = "doc_month_end"
	for k := 0; k < 2+g.R.IntN(3); k++ {
		d := -2 - 7*k
		add(docTitle("doc_meeting_notes", "date", g.Day(d)), g.folder("meetings"),
			Pick(g.R, []string{"Agreed the rota for next month. ", "Reviewed open " + g.Vocab.Work.Many + ". ", "Discussed new " + g.Vocab.Offering.Many + ". "})+
				Pick(g.R, []string{"Next meeting in a week.", "Action items sent by email.", "No open points."}), d)
	}

	// Tools.
	s.Tool(true, Tool(s.Name, "search_documents", "Search documents",
		"Find documents by words in the title or text, or by folder; most recently changed first. Returns id (like DOC-00001), title, folder, owner and updated_at, not the text (read_document gives it).",
		[]world.ArgSpec{S("query", false, "Words from the title or text."), A("folder", driveTable+".folder", false, "")},
		Search(driveTable, []string{"-updated_at"}, []string{"id", "title", "folder", "owner", "updated_at"}, FAny("query", "title", "body"), F("folder", "eq", "folder"))))
	s.Tool(true, Tool(s.Name, "read_document", "Read a document", "Read one document by id, with its full text.",
		[]world.ArgSpec{S("document_id", true, "e.g. DOC-00001")},
		Get(driveTable, "document_id", "", "No document {document_id}; search_documents finds ids.")))
	s.Tool(false, Tool(s.Name, "create_document", "Create a document",
		"File a new document in a folder. Titles are unique: update the existing document instead of filing a second one with the same title. Returns the document with its id.",
		[]world.ArgSpec{S("title", true, "Title; include the id of the record it is about."), A("folder", driveTable+".folder", true, ""), S("body", true, "The text."), S("owner", false, "Who maintains it.")},
		world.Step{Absent: driveTable, Where: map[string]any{"title": "$title"}, As: "dup", Message: "A document titled \"{title}\" already exists ({dup.id}); update it instead."},
		Insert(driveTable, "", map[string]any{"title": "$title", "folder": "$folder", "body": "$body", "owner": "$owner", "updated_at": "$now"})))
	s.Tool(false, Tool(s.Name, "update_document", "Update a document",
		"Replace the text of a document, or rename or move it. Give only what changes; the body replaces the whole text.",
		[]world.ArgSpec{S("document_id", true, ""), S("body", false, "The new full text."), S("title", false, "New title."), A("folder", driveTable+".folder", false, "Move to this folder.")},
		Update(driveTable, "document_id", "", map[string]any{"body": "$body", "title": "$title", "folder": "$folder", "updated_at": "$now"})))

	// Action: file a document about the record.
	titleFor := func(up *Entity, r Row) string { return fmt.Sprintf("%s %s: file note", title(up.Noun), r[up.Key]) }
	bodyFor := func(up *Entity, r Row) string {
		b := fmt.Sprintf("File note on %s %s", up.Noun, r[up.Key])
		if up.Has("name") {
			b += " (" + up.Str("name", r) + ")"
		}
		return b + "."
	}
	s.Actions = append(s.Actions, &Action{
		Service: s.Name, Name: "filed", Needs: []string{"id"},
		Then: "a document with the {noun} id in its title must be filed in the Drive",
		Rule: func(up *Entity) *world.RuleThen { return KeysOf(up).Mentions("id", "title").In(driveTable, "", nil) },
		Do: func(tc *TaskCtx, up *Entity, r Row) []world.Call {
			tc.NextID(driveTable)
			return []world.Call{{Tool: "create_document", Args: map[string]any{"title": titleFor(up, r), "folder": driveFolder(g, up.Service), "body": bodyFor(up, r)}}}
		},
		Check: func(tc *TaskCtx, up *Entity, r Row) []world.Assertion {
			return []world.Assertion{{Description: "A document names the " + up.Noun + " in its title.", Exists: &world.RowMatch{Table: driveTable,
				Where: map[string]any{"title": map[string]any{"contains": r[up.Key]}}}}}
		},
		Touches: []world.Change{{Table: driveTable, Ops: []string{"insert"}}},
		Seed: func(g *Gen, up *Entity, r Row) {
			id := fmt.Sprint(r[up.Key])
			for _, x := range g.Rows(driveTable) {
				if strings.Contains(fmt.Sprint(x["title"]), id) {
					return
				}
			}
			row := Row{"id": doc.ID(len(g.Rows(driveTable)) + 1), "title": titleFor(up, r), "folder": driveFolder(g, up.Service), "body": bodyFor(up, r),
				"owner": Pick(g.R, people), "updated_at": hzClock(g, -1-g.R.IntN(20), 16, 0)}
			g.AddRow(driveTable, row)
			doc.Rows = append(doc.Rows, row)
		},
	})

	// Chore: replace the text of a document.
	rewrites := map[string][]string{
		"doc_opening_hours": {
			"Monday to Friday 07:30-18:30, Saturday 09:00-13:00. Closed on Sundays and public holidays.",
			"Monday to Thursday 08:00-18:00, Friday 08:00-15:00. Closed on weekends and public holidays.",
		},
		"doc_onboarding": {
			"1. Sign the contract. 2. Get a work email, keys and a badge. 3. Read the operating handbooks. 4. Shadow a colleague for three days. 5. Meet the team lead in week one.",
		},
		"doc_month_end": {
			"Check open invoices, chase overdue ones, reconcile the bank account, file receipts, send the figures to the accountant by the 5th.",
		},
	}
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		var cands []Row
		for _, r := range doc.Rows {
			if _, ok := rewrites[role[fmt.Sprint(r["id"])]]; ok {
				cands = append(cands, r)
			}
		}
		if len(cands) == 0 {
			return Task{}, false
		}
		r := Pick(tc.R, cands)
		text := Pick(tc.R, rewrites[role[fmt.Sprint(r["id"])]])
		return Task{
			Title:       "update " + strings.ToLower(fmt.Sprint(r["title"])),
			Instruction: fmt.Sprintf("The \"%s\" document in the drive is out of date. Replace its text with exactly this: %s", r["title"], text),
			Calls:       []world.Call{{Tool: "update_document", Args: map[string]any{"document_id": r["id"], "body": text}}},
			Assertions: []world.Assertion{
				{Description: "The document has the new text.", Field: &world.FieldMatch{Table: driveTable, Key: r["id"], Column: "body", Equals: text}},
				{Description: "It keeps its title and folder.", Role: world.RoleConstraint, Exists: &world.RowMatch{Table: driveTable, Where: map[string]any{"id": r["id"], "title": r["title"], "folder": r["folder"]}}},
				{Description: "No second copy was filed.", Role: world.RoleConstraint, Count: &world.CountMatch{Table: driveTable, Where: map[string]any{"title": r["title"]}, Equals: ptrInt(1)}},
			},
			MayChange: []world.Change{{Table: driveTable, Keys: []any{r["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
	// Chore: file meeting notes.
	s.Chores = append(s.Chores, &Chore{Service: s.Name, Persona: "coordinator", Make: func(tc *TaskCtx) (Task, bool) {
		topic := Pick(tc.R, []string{"Quarterly planning", "Safety briefing", "Price review", "Customer feedback review"})
		ttl := fmt.Sprintf("%s notes %s", topic, g.Day(-1))
		point := Pick(tc.R, []string{"Decision: keep current prices until the end of the quarter.", "Decision: hire one more person for the front office.", "Decision: review the complaints procedure next month."})
		id := doc.ID(tc.NextID(driveTable))
		return Task{
			Title:       "file " + strings.ToLower(topic) + " notes",
			Instruction: fmt.Sprintf("Please file the notes of yesterday's %s in the %s folder of the drive, titled \"%s\". The text is one line: %s", strings.ToLower(topic), g.folder("meetings"), ttl, point),
			Calls:       []world.Call{{Tool: "create_document", Args: map[string]any{"title": ttl, "folder": g.folder("meetings"), "body": point}}},
			Assertions: []world.Assertion{
				{Description: "The notes are filed in " + g.folder("meetings") + ".", Exists: &world.RowMatch{Table: driveTable, Where: map[string]any{"id": id, "title": ttl, "folder": g.folder("meetings")}}},
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
func (g *Gen) addPolicyDocument(links []*Link) {
	if g.tables[driveTable] == nil || len(links) == 0 {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Rules that keep the systems of %s consistent with each other. Whoever makes the change that triggers a rule also does what it asks; the full wording of each is in the policy handbook.\n\n", g.Company.Name)
	for _, l := range links {
		fmt.Fprintf(&b, "- %s\n", l.Title)
	}
	g.AddRow(driveTable, Row{"id": fmt.Sprintf("DOC-%05d", len(g.Rows(driveTable))+1), "title": "Company policies", "folder": g.folder("policies"),
		"body": b.String(), "owner": "Management", "updated_at": hzClock(g, -7, 9, 0)})
}
