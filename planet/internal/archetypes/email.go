package archetypes

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

func init() {
	// Email and chat react to almost any upstream event: they are a layer
	// above every service whose events they can follow.
	engine.Register(&engine.ServiceDef{Name: "email", Title: "Email", Layer: engine.LayerNotify, Weight: 3, Build: buildEmail})
}

func buildEmail(g *engine.Gen, s *engine.Svc) {
	cust := g.Entity("customer")
	s.Description = fmt.Sprintf("The shared mailbox of %s (%s): messages to and from %s.", g.Company.Name, "hello@"+g.Locale.Domain, cust.Plural)
	const table = "email_messages"
	s.Table(table, "Email messages, inbound and outbound.", "MSG-", 5,
		kit.PK(),
		kit.Enum("direction", "inbound (received) or outbound (sent).", "outbound", "inbound"),
		kit.Email("from_addr", "Sender."),
		kit.Email("to_addr", "Recipient."),
		kit.Text("subject", "Subject line."),
		withKind(kit.Text("body", "Text of the message."), seed.Message),
		kit.Datetime("sent_at", "When it was sent or received."),
	)
	us := "hello@" + g.Locale.Domain
	n := 0
	add := func(dir, from, to, subject, body, at string) engine.Row {
		n++
		r := engine.Row{"id": fmt.Sprintf("MSG-%05d", len(g.Rows(table))+1), "direction": dir, "from_addr": from, "to_addr": to, "subject": subject, "body": body, "sent_at": at}
		tablesAdd(g, s, table, r)
		return r
	}
	lex := g.Locale.Lex()
	for i, n := 0, g.Volume("email_messages"); i < n; i++ {
		c := engine.Pick(g.R, cust.Rows)
		// The subject says what the message asks: email_inbound asks for
		// an invoice copy, the opening hours, a booking confirmed, an
		// address changed, which email_subject names at 2, 1, 0 and 3.
		bodies := lex.Sentences("email_inbound")
		bi := g.R.IntN(len(bodies))
		add("inbound", c["email"].(string), us, lex.Sentences("email_subject")[[]int{2, 1, 0, 3}[bi]],
			bodies[bi], g.At(-g.R.IntN(30), 9+float64(g.R.IntN(8))))
	}
	// letter writes a whole message in the world's language: its
	// greeting (to the person by name where the country's opening needs
	// one, "Dear Anna Kowalska,"), the body and the sign-off.
	letter := func(key, name string, r *rand.Rand, kv ...string) string {
		greeting := strings.TrimSpace(g.Locale.C.Greeting)
		// The opening's last letter, not its last byte: "。" and "！"
		// close an opening that needs no name.
		if last, _ := utf8.DecodeLastRuneInString(greeting); !strings.ContainsRune(",:!，、。！،", last) {
			greeting = strings.TrimSpace(greeting+" "+name) + ","
		}
		kv = append(kv, "greeting", greeting, "sign_off", engine.Pick(r, lex.Sentences("sign_off")), "company", g.Company.Name)
		return seed.Fill(engine.Pick(r, lex.Sentences(key)), kv...)
	}
	s.Tool(true, kit.Tool(s.Name, "send_email", "Send an email",
		"Send an email from "+us+". Put the reference (an id) in the subject so the recipient can match it.",
		[]world.ArgSpec{{Name: "to", Type: "email", Required: true}, kit.S("subject", true, ""), kit.S("body", true, "")},
		kit.Insert(table, "", map[string]any{"direction": "outbound", "from_addr": us, "to_addr": "$to", "subject": "$subject", "body": "$body", "sent_at": "$now"})))
	s.Tool(true, kit.Tool(s.Name, "search_emails", "Search the mailbox",
		"Find messages by address, subject text or direction, newest first.",
		[]world.ArgSpec{{Name: "address", Type: "email", Description: "Sender or recipient."}, kit.S("text", false, "Part of the subject or body."), kit.A("direction", table+".direction", false, "")},
		kit.Search(table, []string{"-sent_at"}, nil, world.Filter{Columns: []string{"from_addr", "to_addr"}, Op: "contains", Arg: "address"}, kit.FAny("text", "subject", "body"), kit.F("direction", "eq", "direction"))))

	// What an email about a record must carry besides its id: the
	// reference it concerns (the job an invoice bills) and its date, when
	// the record has them as plain text or date columns.
	content := func(up *engine.Entity) []string {
		var roles []string
		for _, role := range []string{"ref", "date"} {
			r, ok := up.Roles[role]
			if !ok || r.Path == "" || strings.Contains(r.Path, ".") {
				continue
			}
			if t := g.Tables[up.Table]; t != nil && slices.ContainsFunc(t.Columns, func(c world.Column) bool {
				return c.Name == r.Path && (c.Type == "date" || c.Type == "text")
			}) {
				roles = append(roles, role)
			}
		}
		return roles
	}
	say := map[string]string{"ref": "the reference it concerns", "date": "its date"}
	// body is a letter in the world's language about the record, then the
	// values the rule needs in the body (its reference, its date).
	body := func(up *engine.Entity, r engine.Row, rng *rand.Rand) string {
		b := letter("email_notify", nameOf(up, r), rng, "id", fmt.Sprint(r[up.Key]))
		for _, role := range content(up) {
			b += "\n" + up.Str(role, r)
		}
		return b
	}
	s.Actions = append(s.Actions, &engine.Action{
		Service: s.Name, Name: "emailed", Needs: []string{"id", "email"}, Notify: true, ToCustomer: true,
		Then: "the " + cust.Noun + " must be sent an email about it from the shared mailbox, with the {noun} id in the subject",
		ThenFor: func(up *engine.Entity) string {
			var what []string
			for _, role := range content(up) {
				what = append(what, say[role])
			}
			body := ""
			if len(what) > 0 {
				body = " and " + strings.Join(what, " and ") + " in the body"
			}
			return fmt.Sprintf("the %s must be sent an email about it from the shared mailbox, with the %s id in the subject%s", cust.Noun, up.Noun, body)
		},
		Rule: func(up *engine.Entity) *world.RuleThen {
			k := engine.KeysOf(up).Eq("to_addr", "email").Mentions("id", "subject")
			for _, role := range content(up) {
				k.Mentions(role, "body")
			}
			return k.In(table, "", map[string]any{"direction": "outbound"})
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			tc.NextID(table)
			return []world.Call{{Tool: "send_email", Args: map[string]any{"to": up.Val("email", r),
				"subject": lex.Say("notify_subject", "id", fmt.Sprint(r[up.Key])), "body": body(up, r, tc.R)}}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			to := up.Val("email", r)
			out := []world.Assertion{
				{Description: "The email on file got a message naming the id in its subject.", Exists: &world.RowMatch{Table: table,
					Where: map[string]any{"direction": "outbound", "to_addr": to, "subject": map[string]any{"contains": r[up.Key]}}}},
			}
			for _, role := range content(up) {
				out = append(out, world.Assertion{Description: "The message gives " + say[role] + ".", Exists: &world.RowMatch{Table: table,
					Where: map[string]any{"direction": "outbound", "to_addr": to, "subject": map[string]any{"contains": r[up.Key]}, "body": map[string]any{"contains": up.Str(role, r)}}}})
			}
			return out
		},
		Touches: []world.Change{{Table: table, Ops: []string{"insert"}}},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			add("outbound", us, up.Str("email", r), lex.Say("notify_subject", "id", fmt.Sprint(r[up.Key])), body(up, r, g.R), g.At(-1, 10))
		},
	})
	// Chore: answer an inbound question.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "support lead", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		c := engine.Pick(tc.R, kit.ActiveRows(cust))
		// The instruction names the topic in English; the message is in
		// the world's language (lexicon topics are parallel to English).
		ti := tc.R.IntN(len(lex.Sentences("topic")))
		topic := seed.LexiconFor("en").Sentences("topic")[ti]
		local := lex.Sentences("topic")[ti]
		subject := seed.Fill(engine.Pick(tc.R, lex.Sentences("question_subject")), "topic", local)
		// A reply's subject starts the way the language's mail clients
		// write it: "AW:", "Sv:", "回复：".
		prefix := lex.Sentences("reply_subject_prefix")[0]
		reply := prefix + " " + subject
		if strings.HasSuffix(prefix, "：") {
			reply = prefix + subject
		}
		id := fmt.Sprintf("MSG-%05d", tc.NextID(table))
		msg := engine.Row{"id": id, "direction": "inbound", "from_addr": c["email"], "to_addr": us, "subject": subject,
			"body": seed.Fill(engine.Pick(tc.R, lex.Sentences("email_question")), "topic", local), "sent_at": g.At(0, -1)}
		tc.NextID(table)
		return engine.Task{
			Title:       "answer email",
			Instruction: fmt.Sprintf("%s wrote to the shared mailbox about %s. Reply to them (keep the subject, starting with %q) and tell them we will follow up by phone.", c["name"], topic, prefix),
			Seed:        []world.SeedOp{{Insert: table, Values: msg}},
			Calls:       []world.Call{{Tool: "send_email", Args: map[string]any{"to": c["email"], "subject": reply, "body": letter("email_reply", fmt.Sprint(c["name"]), tc.R)}}},
			Assertions: []world.Assertion{
				{Description: "A reply went to the sender.", Exists: &world.RowMatch{Table: table, Where: map[string]any{"direction": "outbound", "to_addr": c["email"], "subject": map[string]any{"contains": reply}}}},
				{Description: "Exactly one reply was sent.", Count: &world.CountMatch{Table: table, Where: map[string]any{"direction": "outbound", "to_addr": c["email"]}, Equals: kit.PtrInt(kit.CountWhere(g.Rows(table), "direction", "outbound", "to_addr", c["email"]) + 1)}},
			},
			MayChange: []world.Change{{Table: table, Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
}

// withKind sets a column's semantic kind.
func withKind(c world.Column, k seed.Kind) world.Column { c.Kind = string(k); return c }

// nameOf is the name of the person or organisation a record is about, or
// "" when its entity does not know it.
func nameOf(e *engine.Entity, r engine.Row) string {
	if !e.Has("name") {
		return ""
	}
	return e.Str("name", r)
}
