package archetypes

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

func init() {
	engine.Register(&engine.ServiceDef{Name: "chat", Title: "Chat", Layer: engine.LayerNotify, Weight: 2.5, Build: buildChat})
}

func buildChat(g *engine.Gen, s *engine.Svc) {
	s.Description = fmt.Sprintf("Team chat of %s: channels and messages.", g.Company.Name)
	s.Table("chat_channels", "Channels.", "", 0,
		world.Column{Name: "id", Type: "text", PrimaryKey: true, Description: "Channel id, e.g. CH-01."},
		kit.Unique(kit.Text("name", "Channel name without #.")),
		kit.Text("purpose", "What the channel is for."),
		kit.Bool("archived", "Archived channels take no new messages.", false))
	s.Table("chat_messages", "Messages posted in channels.", "CM-", 5,
		kit.PK(), kit.Ref("channel_id", "chat_channels", "Channel."), kit.Text("author", "Who posted it."), withKind(kit.Text("body", "Text."), seed.Message), kit.Datetime("posted_at", "When."))
	work := g.Entity("work")
	// Channels by role, named in the world's language.
	lex := g.Locale.Lex()
	type channel struct{ role, name, purpose string }
	var chans []channel
	for _, role := range []string{"general", "ops", "finance", "reports", "front_desk", "archive"} {
		name, purpose := lex.Channel(role)
		chans = append(chans, channel{role, name, purpose})
	}
	for i, c := range chans {
		tablesAdd(g, s, "chat_channels", engine.Row{"id": fmt.Sprintf("CH-%02d", i+1), "name": c.name, "purpose": c.purpose, "archived": c.role == "archive"})
	}
	chanID := func(role string) string {
		for i, c := range chans {
			if c.role == role {
				return fmt.Sprintf("CH-%02d", i+1)
			}
		}
		return "CH-01"
	}
	chanName := func(role string) string { n, _ := lex.Channel(role); return "#" + n }
	staffName := func() string { n, _ := g.Locale.Person(""); return n }
	for i, n := 0, g.Volume("chat_messages"); i < n; i++ {
		c := engine.Pick(g.R, chans[:5])
		tablesAdd(g, s, "chat_messages", engine.Row{"id": fmt.Sprintf("CM-%05d", len(g.Rows("chat_messages"))+1), "channel_id": chanID(c.role), "author": staffName(),
			"body": engine.Pick(g.R, lex.Sentences("chat_message")), "posted_at": g.At(-g.R.IntN(14), 8+float64(g.R.IntN(9)))})
	}
	s.Tool(true, kit.Tool(s.Name, "list_channels", "List channels", "Channels with their ids, purpose and whether they are archived.", nil,
		kit.Search("chat_channels", []string{"name"}, nil)))
	s.Tool(false, kit.Tool(s.Name, "read_channel", "Read a channel", "Messages of one channel, newest first.",
		[]world.ArgSpec{kit.S("channel_id", true, "e.g. CH-01 (see list_channels)")},
		kit.Search("chat_messages", []string{"-posted_at"}, nil, kit.F("channel_id", "eq", "channel_id"))))
	s.Tool(true, kit.Tool(s.Name, "post_message", "Post a message", "Post in a channel by id. Archived channels take no messages.",
		[]world.ArgSpec{kit.S("channel_id", true, "e.g. CH-02 (see list_channels)"), kit.S("text", true, "")},
		kit.Get("chat_channels", "channel_id", "ch", "No channel {channel_id}; list_channels shows them."),
		world.Step{Require: "$ch.archived", Equals: false, Message: "#{ch.name} is archived; post somewhere else."},
		kit.Insert("chat_messages", "", map[string]any{"channel_id": "$channel_id", "author": "You", "body": "$text", "posted_at": "$now"})))

	target := map[string]string{"billing": "finance", "crm": "front_desk", "helpdesk": "ops"}
	s.Actions = append(s.Actions, &engine.Action{
		Service: s.Name, Name: "announced", Needs: []string{"id"}, Notify: true,
		Then: fmt.Sprintf("it must be announced in Chat in the channel for its area (%s for operations, %s for billing, %s for customer records), mentioning the {noun} id", chanName("ops"), chanName("finance"), chanName("front_desk")),
		Rule: func(up *engine.Entity) *world.RuleThen {
			name, _ := lex.Channel(cmp.Or(target[up.Service], "ops"))
			return engine.KeysOf(up).Mentions("id", "body").In("chat_messages", "", map[string]any{"channel_id.name": name})
		},
		Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
			tc.NextID("chat_messages")
			return []world.Call{{Tool: "post_message", Args: map[string]any{"channel_id": chanID(cmp.Or(target[up.Service], "ops")), "text": seed.Fill(engine.Pick(tc.R, lex.Sentences("chat_done")), "id", fmt.Sprint(r[up.Key]))}}}
		},
		Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
			return []world.Assertion{
				{Description: "It was announced in Chat.", Exists: &world.RowMatch{Table: "chat_messages", Where: map[string]any{"body": map[string]any{"contains": r[up.Key]}}}},
				{Description: "In the right channel.", Exists: &world.RowMatch{Table: "chat_messages",
					Where: map[string]any{"channel_id": chanID(cmp.Or(target[up.Service], "ops")), "body": map[string]any{"contains": r[up.Key]}}}},
			}
		},
		Touches: []world.Change{{Table: "chat_messages", Ops: []string{"insert"}}},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			g.AddRow("chat_messages", engine.Row{"id": fmt.Sprintf("CM-%05d", len(g.Rows("chat_messages"))+1), "channel_id": chanID(cmp.Or(target[up.Service], "ops")),
				"author": staffName(), "body": seed.Fill(engine.Pick(g.R, lex.Sentences("chat_done")), "id", fmt.Sprint(r[up.Key])), "posted_at": g.At(-1, 12)})
		},
	})

	// Chore: report a figure.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "analytics lead", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		state := engine.Pick(tc.R, g.Vocab.States)
		n := kit.CountWhere(work.Rows, "status", state)
		tc.NextID("chat_messages")
		said := strings.ReplaceAll(state, "_", " ")
		text := fmt.Sprintf("%s %s: %d", engine.Title(work.Plural), said, n)
		return engine.Task{
			Title:       "report " + work.Plural + " " + said,
			Instruction: fmt.Sprintf("How many %s are %s right now? Post the number in %s, in the form \"%s %s: <number>\".", work.Plural, said, chanName("reports"), engine.Title(work.Plural), said),
			Calls:       []world.Call{{Tool: "post_message", Args: map[string]any{"channel_id": chanID("reports"), "text": text}}},
			Assertions: []world.Assertion{
				{Description: "The right figure is in #reports.", Exists: &world.RowMatch{Table: "chat_messages", Where: map[string]any{"channel_id": chanID("reports"), "body": map[string]any{"contains": text}}}},
				{Description: "One message was posted there.", Count: &world.CountMatch{Table: "chat_messages", Where: map[string]any{"channel_id": chanID("reports")}, Equals: kit.PtrInt(kit.CountWhere(g.Rows("chat_messages"), "channel_id", chanID("reports")) + 1)}},
			},
			MayChange: []world.Change{{Table: "chat_messages", Ops: []string{"insert"}}},
			Services:  []string{s.Name},
		}, true
	}})
	_ = strings.TrimSpace
}
