package archetypes

import (
	"fmt"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/world"
)

func init() { kit.Register("campaigns", "Campaigns", buildCampaigns) }

func buildCampaigns(k *kit.Builder) {
	g, s := k.Gen, k.Svc
	k.SinceRole()
	s.Description = fmt.Sprintf("Marketing campaigns of %s and their recipient lists: who gets which mailing, and who opted out. Budgets are in %s minor units.",
		g.Company.Name, g.Company.Currency)
	const ct, rt = "campaigns_campaigns", "campaigns_recipients"
	s.Table(ct, "Campaigns.", "CMP-", 3,
		kit.PK(),
		kit.Text("name", "Campaign name."),
		kit.Enum("kind", "promotion, newsletter, review_request (asks for a review after a "+k.W+") or exit_survey (asks leaving "+g.Vocab.Customer.Many+" why).",
			"promotion", "newsletter", "review_request", "exit_survey"),
		kit.Enum("channel", "How it reaches people.", "email", "sms", "post", "social"),
		kit.Text("segment", "Who it is aimed at."),
		kit.Enum("status", "draft → scheduled → running → completed; draft or scheduled can be cancelled.", "draft", "scheduled", "running", "completed", "cancelled"),
		kit.Date("starts_on", "Start date."),
		kit.Opt(kit.Date("ends_on", "End date, if any.")),
		kit.Money("budget", "Budget"),
	)
	s.Table(rt, "Recipients of a campaign.", "RCP-", 5,
		kit.PK(),
		kit.Ref("campaign_id", ct, "The campaign."),
		kit.RefersTo("customer_id", k.Cust.Table+".id", "The "+k.C+" (CRM id)."),
		kit.Email("email", "Address the campaign goes to."),
		kit.Enum("status", "queued → sent; opted_out when they ask to be left out; bounced.", "queued", "sent", "opted_out", "bounced"),
		kit.Date("added_on", "Date added to the list."),
		kit.Text("source", "What put them on the list: a "+k.W+" id, a "+k.C+" id, or \"manual\"."),
	)

	camp := k.Entity(ct, "campaign", "campaigns", map[string]engine.Role{"id": engine.Column("id"), "name": engine.Column("name")})
	rcp := k.Entity(rt, "recipient", "recipients", k.CustRoles("customer_id"))
	rcp.Roles["email"] = engine.Column("email")
	rcp.Roles["campaign"] = kit.TextRole("campaign_id", func(r engine.Row) any { return kit.Find(g.Rows(ct), r["campaign_id"])["name"] })

	// Seed campaigns: the two standing ones and a history of others.
	items := g.Vocab.Items
	item := func() string {
		if len(items) == 0 {
			return g.Vocab.Offering.One
		}
		return engine.Pick(g.R, items).Name
	}
	segs := []string{"All active " + g.Vocab.Customer.Many, g.Vocab.Customer.Many + " in " + g.Locale.City(), g.Vocab.Customer.Many + " without a " + k.W + " this year",
		"New " + g.Vocab.Customer.Many + " (last 90 days)", "Loyal " + g.Vocab.Customer.Many + " (3+ years)"}
	addCamp := func(name, kind, channel, seg, status string, start int, budget int64) engine.Row {
		r := engine.Row{"id": k.NextID(ct), "name": name, "kind": kind, "channel": channel, "segment": seg, "status": status, "starts_on": g.Day(start), "budget": budget}
		if status == "completed" {
			r["ends_on"] = g.Day(start + 14 + g.R.IntN(20))
		}
		return k.Add(camp, ct, r)
	}
	review := addCamp("How did we do? Review request", "review_request", "email", fmt.Sprintf("Every %s whose %s is done", k.C, k.W), "running", -200-g.R.IntN(200), k.Money(g.R, 200, 600))
	exit := addCamp("Sorry to see you go: exit survey", "exit_survey", "email", "Every "+k.C+" who leaves us", "running", -300-g.R.IntN(200), k.Money(g.R, 100, 300))
	months := []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
	for i := 0; i < 2+g.R.IntN(3); i++ {
		d := -30*(i+1) - g.R.IntN(20)
		month := months[(int(g.Start.Month())-1+12*4+d/30)%12]
		if g.R.IntN(2) == 0 {
			addCamp("Newsletter "+month, "newsletter", "email", segs[0], "completed", d, k.Money(g.R, 150, 500))
		} else {
			addCamp(fmt.Sprintf("%s offer: %s", month, item()), "promotion", engine.Pick(g.R, []string{"email", "sms", "post", "social"}), engine.Pick(g.R, segs), "completed", d, k.Money(g.R, 400, 3000))
		}
	}
	upcoming := addCamp("Spring offer: "+item(), "promotion", "sms", engine.Pick(g.R, segs), "scheduled", 5+g.R.IntN(20), k.Money(g.R, 400, 2500))
	addCamp("Newsletter "+months[int(g.Start.Month())%12], "newsletter", "email", segs[0], "draft", 20+g.R.IntN(10), k.Money(g.R, 150, 400))
	addCamp("Word of mouth: "+item(), "promotion", "social", engine.Pick(g.R, segs), "running", -3-g.R.IntN(10), k.Money(g.R, 500, 2000))

	// Seed recipients of the campaigns that went out.
	for _, c := range camp.Rows {
		if c["status"] != "completed" && c["status"] != "running" || c["kind"] == "review_request" || c["kind"] == "exit_survey" {
			continue
		}
		seen := map[any]bool{}
		for j := 0; j < 3+g.R.IntN(6); j++ {
			cu := engine.Pick(g.R, k.Customers())
			if seen[cu["id"]] {
				continue
			}
			seen[cu["id"]] = true
			st := engine.Pick(g.R, []string{"sent", "sent", "sent", "opted_out", "bounced"})
			if c["status"] == "running" && j%2 == 0 {
				st = "queued"
			}
			k.Add(rcp, rt, engine.Row{"id": k.NextID(rt), "campaign_id": c["id"], "customer_id": cu["id"], "email": cu["email"], "status": st, "added_on": c["starts_on"], "source": "manual"})
		}
	}
	running := kit.RowsWhere(camp.Rows, "status", "running", "kind", "promotion")

	// Tools.
	k.Tool(true, "search_marketing_campaigns", "Search campaigns",
		fmt.Sprintf("Find campaigns by name, kind, channel or status, newest start first. Returns id (like %s), name, kind, channel, segment, status, start and budget (minor units).", g.FormatID(ct, 1)),
		[]world.ArgSpec{kit.S("query", false, "Part of the name."), kit.A("kind", ct+".kind", false, ""), kit.A("channel", ct+".channel", false, ""), kit.A("status", ct+".status", false, "")},
		kit.Search(ct, []string{"-starts_on"}, nil, kit.F("name", "contains", "query"), kit.F("kind", "eq", "kind"), kit.F("channel", "eq", "channel"), kit.F("status", "eq", "status")))
	k.Tool(false, "create_marketing_campaign", "Create a campaign",
		"Set up a new campaign as a draft. budget is in minor units. Returns it with its id.",
		[]world.ArgSpec{kit.S("name", true, ""), kit.A("kind", ct+".kind", true, ""), kit.A("channel", ct+".channel", true, ""), kit.S("segment", true, "Who it is aimed at."),
			kit.DateArg("starts_on", true, ""), kit.MoneyArg("budget", true, "Budget.")},
		kit.Insert(ct, "", map[string]any{"name": "$name", "kind": "$kind", "channel": "$channel", "segment": "$segment", "status": "draft", "starts_on": "$starts_on", "budget": "$budget"}))
	k.Tool(false, "set_marketing_campaign_status", "Move a campaign along",
		"Change a campaign's status: draft → scheduled → running → completed; a draft or scheduled campaign can be cancelled.",
		[]world.ArgSpec{kit.S("campaign_id", true, ""), kit.A("status", ct+".status", true, "The new status.")},
		world.Step{Update: ct, Key: "$campaign_id", Set: map[string]any{"status": "$status"},
			Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{"draft": {"scheduled", "cancelled"}, "scheduled": {"running", "cancelled"}, "running": {"completed"}}},
			Message:     "No campaign {campaign_id}."})
	k.Tool(true, "add_campaign_recipient", "Add a recipient",
		fmt.Sprintf("Put a %s on a campaign's list (queued) at an email address. source says what put them there: a %s id, a %s id, or \"manual\". The same %s is listed once per campaign and source; completed or cancelled campaigns take no one.", k.C, k.W, k.C, k.C),
		[]world.ArgSpec{kit.S("campaign_id", true, "e.g. "+g.FormatID(ct, 1)), kit.S("customer_id", true, "CRM id."), {Name: "email", Type: "email", Required: true}, kit.S("source", true, "")},
		kit.Get(ct, "campaign_id", "c", "No campaign {campaign_id}; search_marketing_campaigns finds them."),
		world.Step{Require: "$c.status", In: kit.Vals("draft", "scheduled", "running"), Message: "Campaign {campaign_id} is {c.status}; it takes no new recipients."},
		world.Step{Absent: rt, Where: map[string]any{"campaign_id": "$campaign_id", "customer_id": "$customer_id", "source": "$source"}, As: "dup",
			Message: "{customer_id} is already on {campaign_id} for {source} as {dup.id}."},
		kit.Insert(rt, "", map[string]any{"campaign_id": "$campaign_id", "customer_id": "$customer_id", "email": "$email", "status": "queued", "added_on": "$today", "source": "$source"}))
	k.Tool(false, "search_campaign_recipients", "Search recipients",
		"List the recipients of campaigns by campaign, "+k.C+", email or status.",
		[]world.ArgSpec{kit.S("campaign_id", false, ""), kit.S("customer_id", false, ""), kit.S("email", false, "Part of the address."), kit.A("status", rt+".status", false, "")},
		kit.Search(rt, []string{"campaign_id", "added_on"}, nil, kit.F("campaign_id", "eq", "campaign_id"), kit.F("customer_id", "eq", "customer_id"), kit.F("email", "contains", "email"), kit.F("status", "eq", "status")))
	k.Tool(false, "opt_out_recipient", "Opt a recipient out",
		"Take a recipient off a campaign at their request (opted_out). Returns the recipient.",
		[]world.ArgSpec{kit.S("recipient_id", true, "e.g. "+g.FormatID(rt, 1))},
		world.Step{Update: rt, Key: "$recipient_id", Set: map[string]any{"status": "opted_out"},
			Transitions: &world.Transitions{Column: "status", Allowed: map[string][]string{"queued": {"opted_out"}, "sent": {"opted_out"}}},
			Message:     "No recipient {recipient_id}; search_campaign_recipients finds them."})

	// Events.
	s.Events = append(s.Events, &engine.Event{
		Entity: camp, Name: "launched", Kind: "created", When: "a campaign goes live (running) in Campaigns", Where: map[string]any{"status": map[string]any{"in": kit.Vals("running", "completed")}},
		InState: func(r engine.Row) bool { return r["status"] == "running" || r["status"] == "completed" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			it := g.Vocab.Offering.One
			if len(items) > 0 {
				it = engine.Pick(tc.R, items).Name
			}
			return engine.Row{"id": k.TaskID(tc, ct), "name": "Flash offer: " + it, "kind": "promotion", "channel": engine.Pick(tc.R, []string{"email", "sms"}),
				"segment": engine.Pick(tc.R, segs), "status": "scheduled", "starts_on": g.Day(0), "budget": k.Money(tc.R, 300, 1500)}
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "set_marketing_campaign_status", Args: map[string]any{"campaign_id": r["id"], "status": "running"}}}
		},
		Ask: []string{
			"The \"{name}\" campaign ({id}) starts today. Set it live.",
			"We're launching campaign {id} (\"{name}\") now; switch it to running.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The campaign is running.", ct, r["id"], "status", "running")}
		},
		Touches: func(r engine.Row) []world.Change { return []world.Change{kit.Change(ct, []any{r["id"]}, "update")} },
	})
	s.Events = append(s.Events, &engine.Event{
		Entity: rcp, Name: "opted out", Kind: "closed", When: "a recipient opts out of a campaign", Where: map[string]any{"status": "opted_out"},
		InState: func(r engine.Row) bool { return r["status"] == "opted_out" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			c := engine.Pick(tc.R, running)
			cu := engine.Pick(tc.R, k.Customers())
			return engine.Row{"id": k.TaskID(tc, rt), "campaign_id": c["id"], "customer_id": cu["id"], "email": cu["email"], "status": "queued", "added_on": g.Day(-1), "source": "manual"}
		},
		Do: func(r engine.Row) []world.Call {
			return []world.Call{{Tool: "opt_out_recipient", Args: map[string]any{"recipient_id": r["id"]}}}
		},
		Ask: []string{
			"{name} replied STOP to \"{campaign}\". Take recipient {id} off the list.",
			"{name} does not want our \"{campaign}\" mailings; opt out recipient {id}.",
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The recipient is opted out.", rt, r["id"], "status", "opted_out")}
		},
		Touches: func(r engine.Row) []world.Change { return []world.Change{kit.Change(rt, []any{r["id"]}, "update")} },
	})

	// Actions: finished work asks for a review; a leaving customer gets
	// the exit survey.
	listed := func(name, kind string, c engine.Row, needs []string, then string, source func(up *engine.Entity, r engine.Row) any) *engine.Action {
		return &engine.Action{
			Service: s.Name, Name: name, Needs: needs, Then: then,
			Rule: func(up *engine.Entity) *world.RuleThen {
				return engine.KeysOf(up).Eq("source", "id").Eq("customer_id", "customer_id").Eq("email", "email").
					In(rt, "", map[string]any{"campaign_id.kind": kind})
			},
			Do: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Call {
				tc.NextID(rt)
				return []world.Call{{Tool: "add_campaign_recipient", Args: map[string]any{"campaign_id": c["id"], "customer_id": up.Val("customer_id", r),
					"email": up.Val("email", r), "source": source(up, r)}}}
			},
			Check: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) []world.Assertion {
				return []world.Assertion{kit.Exists("The "+k.C+" is on the "+kit.Spaced(kind)+" list.", rt, map[string]any{"campaign_id": c["id"],
					"customer_id": up.Val("customer_id", r), "email": up.Val("email", r), "source": source(up, r)})}
			},
			Touches: []world.Change{kit.Change(rt, nil, "insert")},
			Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
				if len(kit.RowsWhere(g.Rows(rt), "campaign_id", c["id"], "source", source(up, r))) > 0 {
					return
				}
				day := g.Day(-1)
				switch {
				case up.Has("date"):
					day = fmt.Sprint(up.Val("date", r))
				case up.Has("since"):
					day = kit.AddDays(up.Val("since", r), 30+kit.IDNumber(r[up.Key])%300)
				}
				if day >= g.Day(0) {
					day = g.Day(-1)
				}
				k.Add(rcp, rt, engine.Row{"id": k.NextID(rt), "campaign_id": c["id"], "customer_id": up.Val("customer_id", r), "email": up.Val("email", r),
					"status": "sent", "added_on": day, "source": source(up, r)})
			},
		}
	}
	reviewAfter := listed("review requested", "review_request", review, []string{"id", "customer_id", "email", "date"},
		fmt.Sprintf("the %s must be added to the recipients of the running review-request campaign in Campaigns, at the email on file, with the {noun} id as source", k.C),
		func(up *engine.Entity, r engine.Row) any { return r[up.Key] })
	reviewAfter.On = []string{"done"}
	exitAfter := listed("exit survey sent", "exit_survey", exit, []string{"id", "customer_id", "email", "since"},
		"the {noun} must be added to the recipients of the running exit-survey campaign in Campaigns, at the email on file, with their CRM id as source",
		func(up *engine.Entity, r engine.Row) any { return r[up.Key] })
	exitAfter.On = []string{"closed"}
	s.Actions = append(s.Actions, reviewAfter, exitAfter)

	// Chores.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "sales manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		it := g.Vocab.Offering.One
		if len(items) > 0 {
			it = engine.Pick(tc.R, items).Name
		}
		name := fmt.Sprintf("%s week", it)
		if len(kit.RowsWhere(g.Rows(ct), "name", name)) > 0 {
			return engine.Task{}, false
		}
		channel := engine.Pick(tc.R, []string{"email", "sms", "post", "social"})
		seg := engine.Pick(tc.R, segs)
		start := g.Day(14 + tc.R.IntN(30))
		budget := k.Money(tc.R, 300, 2500)
		k.TaskID(tc, ct) // the new row: checked by its details, not its id
		return engine.Task{
			Title: "set up campaign",
			Instruction: fmt.Sprintf("Set up a new %s promotion called \"%s\" for %s, starting %s, with a budget of %s. Leave it as a draft for now.",
				channel, name, kit.LowerFirst(seg), start, k.FmtMoney(budget)),
			Calls: []world.Call{{Tool: "create_marketing_campaign", Args: map[string]any{"name": name, "kind": "promotion", "channel": channel, "segment": seg, "starts_on": start, "budget": budget}}},
			Assertions: []world.Assertion{
				kit.Exists("The campaign is set up as asked.", ct, map[string]any{"name": name, "kind": "promotion", "channel": channel, "starts_on": start, "budget": budget, "status": "draft"}),
				kit.CountIs("There is one campaign of that name.", ct, map[string]any{"name": name}, 1),
			},
			MayChange: []world.Change{kit.Change(ct, nil, "insert")},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "sales manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		return engine.Task{
			Title:       "cancel campaign",
			Instruction: fmt.Sprintf("We are pulling the \"%s\" campaign (%s) before it starts: the budget went elsewhere. Cancel it.", upcoming["name"], upcoming["id"]),
			Calls:       []world.Call{{Tool: "set_marketing_campaign_status", Args: map[string]any{"campaign_id": upcoming["id"], "status": "cancelled"}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The campaign is cancelled.", ct, upcoming["id"], "status", "cancelled"),
				engine.Constraint(kit.FieldIs("The standing review-request campaign still runs.", ct, review["id"], "status", "running")),
			},
			MayChange: []world.Change{kit.Change(ct, []any{upcoming["id"]}, "update")},
			Services:  []string{s.Name},
		}, true
	}})
	g.SetEntity("campaign", camp)
}
