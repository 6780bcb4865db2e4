package archetypes

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

// Insurance policies: a vertical of policies with endorsements and
// renewals.

func init() {
	engine.Register(&engine.ServiceDef{Name: "policies_insurance", Title: "Insurance policies", Vertical: true, Layer: engine.LayerOperations, Build: buildPolicies})
}

func buildPolicies(g *engine.Gen, s *engine.Svc) {
	v := kit.New(g, s)
	one, many := v.Noun([2]string{"insurance policy", "insurance policies"}, [2]string{"cover", "covers"}, [2]string{"insurance contract", "insurance contracts"})
	v.Named(many)
	o, m := engine.Snake(one), engine.Snake(many)
	table, endorse := s.Name+"_policies", s.Name+"_endorsements"
	prefix := v.Prefix("POL-", "INP-")
	s.Description = fmt.Sprintf("%s arranged by %s for its %s: cover, sum insured, premium, endorsements and renewals.", engine.Title(many), g.Company.Name, v.CMany)
	products := []string{"motor", "home", "contents", "liability", "travel", "health", "business", "cargo", "equipment"}
	s.Table(table, engine.Title(many)+".", prefix, 5,
		kit.PK(),
		kit.RefersTo("customer_id", v.Cust.Table+".id", "The policyholder (CRM id)."),
		kit.Enum("product", "Line of cover.", products...),
		kit.Text("insured_item", "What is insured."),
		kit.Text("insurer", "Underwriting insurer."),
		kit.Money("sum_insured", "Sum insured"),
		kit.Money("premium", "Annual premium"),
		kit.Date("starts_on", "Cover starts."),
		kit.Opt(kit.Date("renews_on", "Next renewal date (set when bound).")),
		kit.Opt(kit.Money("bound_premium", "Annual premium when it was bound (invoiced then)")),
		kit.Enum("status", "quoted → active (bound) → lapsed; quotes or active policies can be cancelled.", "quoted", "active", "lapsed", "cancelled"),
		kit.Opt(kit.RefersTo("source_ref", v.Work.Table+".id", "The "+v.Work.Noun+" it covers, if any.")),
		kit.Datetime("quoted_at", "When it was quoted."),
	)
	s.Table(endorse, "Mid-term changes (endorsements) of "+many+".", "END-", 5,
		kit.PK(), kit.Ref("policy_id", table, "The "+one+"."), kit.Text("change", "What changed."), kit.Money("premium_after", "Annual premium after the change"),
		kit.Date("effective_on", "From when."), kit.Datetime("recorded_at", "When it was recorded."))
	e := &engine.Entity{Service: s.Name, Table: table, Key: "id", Noun: one, Plural: many, Prefix: prefix, Width: 5, Roles: v.CustRoles("customer_id")}
	// The amount billed is the premium as bound; endorsements and renewals
	// change the premium later.
	e.Roles["amount"] = engine.Role{
		SQL: func(a string) string { return fmt.Sprintf("COALESCE(%s.bound_premium, %s.premium)", a, a) },
		Value: func(r engine.Row) any {
			if bp, ok := r["bound_premium"].(int64); ok {
				return bp
			}
			return r["premium"]
		},
	}
	e.Roles["date"] = engine.Column("starts_on")
	g.SetEntity(o, e)
	mine := []string{engine.Pick(g.R, products), engine.Pick(g.R, products), engine.Pick(g.R, products)}
	plate := func() string {
		return fmt.Sprintf("%c%c %03d %c%c", 'A'+rune(g.R.IntN(26)), 'A'+rune(g.R.IntN(26)), 100+g.R.IntN(900), 'A'+rune(g.R.IntN(26)), 'A'+rune(g.R.IntN(26)))
	}
	// What is insured, by line of cover, in the world's language (a car
	// with its plate).
	items := map[string][]string{}
	for _, p := range []string{"motor", "home", "contents", "liability", "travel", "health", "business", "cargo", "equipment"} {
		for _, it := range g.Locale.Lex().Sentences("insured_" + p) {
			if strings.Contains(it, "{plate}") {
				it = seed.Fill(it, "plate", plate())
			}
			items[p] = append(items[p], it)
		}
	}
	// Sums insured (EUR-equivalent) and annual rates per line of cover.
	type band struct{ lo, hi, rlo, rhi float64 }
	bands := map[string]band{"motor": {8000, 60000, 0.04, 0.08}, "home": {150000, 600000, 0.001, 0.003}, "contents": {10000, 80000, 0.005, 0.01},
		"liability": {500000, 3000000, 0.0005, 0.002}, "travel": {5000, 20000, 0.01, 0.03}, "health": {10000, 50000, 0.05, 0.1},
		"business": {50000, 1000000, 0.003, 0.01}, "cargo": {20000, 300000, 0.003, 0.01}, "equipment": {10000, 200000, 0.01, 0.03}}
	premiumFor := func(r interface{ Float64() float64 }, p string, sum int64) int64 {
		b := bands[p]
		unit := engine.MinorPerMajor(g.Locale.C.CurrencyDigits)
		// No insurer writes a policy for less than about 25 euros a year.
		floor := int64(math.Round(25*engine.EurRate(g.Locale.C.Currency))) * unit
		return max(floor, int64(float64(sum)*(b.rlo+r.Float64()*(b.rhi-b.rlo)))/unit*unit)
	}
	insurers := []string{insurerName(v, g.R), insurerName(v, g.R)}
	anniversary := func(date string) string {
		t, err := time.Parse(time.DateOnly, date)
		if err != nil {
			return date
		}
		return t.AddDate(1, 0, 0).Format(time.DateOnly)
	}
	newRow := func(n int, c engine.Row, d int, status string) engine.Row {
		p := engine.Pick(g.R, mine)
		sum := v.StepMoney(g.R, bands[p].lo, bands[p].hi)
		r := engine.Row{"id": e.ID(n), "customer_id": c["id"], "product": p, "insured_item": engine.Pick(g.R, items[p]), "insurer": engine.Pick(g.R, insurers),
			"sum_insured": sum, "premium": premiumFor(g.R, p, sum), "starts_on": g.Day(d), "status": status, "quoted_at": v.At(min(d-7, -1), 14, 10)}
		if status != "quoted" {
			r["renews_on"], r["bound_premium"] = anniversary(g.Day(d)), r["premium"]
		}
		return r
	}
	for i := 1; i <= 14+g.R.IntN(12); i++ {
		d := 30 - g.R.IntN(400)
		status := engine.Pick(g.R, []string{"active", "active", "active", "quoted", "lapsed", "cancelled"})
		if d > 0 {
			status = "quoted"
		}
		v.Add(e, table, newRow(i, engine.Pick(g.R, v.Customers()), d, status))
	}
	// Two active ones that come up for renewal soon.
	for range 2 {
		v.Add(e, table, newRow(v.NextNumber(table), engine.Pick(g.R, v.Customers()), -365+10+g.R.IntN(20), "active"))
	}
	for _, r := range e.Rows {
		if r["status"] == "active" && g.R.IntN(3) == 0 {
			g.AddRow(endorse, engine.Row{"id": fmt.Sprintf("END-%05d", v.NextNumber(endorse)), "policy_id": r["id"], "change": engine.Pick(g.R, g.Locale.Lex().Sentences("endorsement_change")),
				"premium_after": r["premium"], "effective_on": g.Day(v.Offset(r["starts_on"]) + 60), "recorded_at": v.At(v.Offset(r["starts_on"])+58, 10, 0)})
		}
	}

	// Tools.
	v.Tool(true, "search_"+m, "Search "+many,
		fmt.Sprintf("Find %s by policyholder, status, product or renewal date. Returns id (like %s), policyholder id, product, insured item, sum insured and premium (minor units), dates and status.", many, e.ID(1)),
		[]world.ArgSpec{kit.S("customer_id", false, "CRM id of the policyholder."), kit.A("status", table+".status", false, ""), kit.A("product", table+".product", false, ""),
			{Name: "renews_by", Type: "date", Description: "Renewing on or before."}},
		kit.Search(table, []string{"starts_on"}, []string{"id", "customer_id", "product", "insured_item", "sum_insured", "premium", "starts_on", "renews_on", "status"},
			kit.F("customer_id", "eq", "customer_id"), kit.F("status", "eq", "status"), kit.F("product", "eq", "product"), kit.F("renews_on", "lte", "renews_by")))
	v.Tool(false, "get_"+o, "Get "+engine.An(one), fmt.Sprintf("Read one %s by id, with insurer and reference.", one),
		[]world.ArgSpec{kit.S(o+"_id", true, "e.g. "+e.ID(1))}, kit.Get(table, o+"_id", "", fmt.Sprintf("No %s {%s_id}.", one, o)))
	v.Tool(true, "quote_"+o, "Quote "+engine.An(one),
		fmt.Sprintf("Record a quote for a %s: product, what is insured, insurer, sum insured and annual premium (minor units), start date. Starts as quoted.", one),
		[]world.ArgSpec{kit.S("customer_id", true, "CRM id of the policyholder."), kit.A("product", table+".product", true, ""), kit.S("insured_item", true, ""), kit.S("insurer", true, ""),
			{Name: "sum_insured", Type: "integer", Required: true, Minimum: kit.NumPtr(1)}, {Name: "premium", Type: "integer", Required: true, Minimum: kit.NumPtr(0)},
			{Name: "starts_on", Type: "date", Required: true}, kit.S("source_ref", false, "Id of the "+v.Work.Noun+" it covers, if any.")},
		kit.Insert(table, "", map[string]any{"customer_id": "$customer_id", "product": "$product", "insured_item": "$insured_item", "insurer": "$insurer", "sum_insured": "$sum_insured",
			"premium": "$premium", "starts_on": "$starts_on", "source_ref": "$source_ref", "status": "quoted", "quoted_at": "$now"}))
	v.Tool(true, "bind_"+o, "Bind "+engine.An(one),
		fmt.Sprintf("Put a quoted %s in force (active) with its first renewal date, normally a year after the start.", one),
		[]world.ArgSpec{kit.S(o+"_id", true, ""), {Name: "renews_on", Type: "date", Required: true}},
		kit.Get(table, o+"_id", "p", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$p.status", Equals: "quoted", Message: "{" + o + "_id} is {p.status}; only quotes can be bound."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"status": "active", "renews_on": "$renews_on", "bound_premium": "$p.premium"}})
	v.Tool(false, "add_endorsement", "Endorse "+engine.An(one),
		fmt.Sprintf("Record a mid-term change to an active %s and its new annual premium (minor units), effective from a date.", one),
		[]world.ArgSpec{kit.S("policy_id", true, ""), kit.S("change", true, "What changes."), {Name: "premium_after", Type: "integer", Required: true, Minimum: kit.NumPtr(0)},
			{Name: "effective_on", Type: "date", Required: true}},
		kit.Get(table, "policy_id", "p", "No "+one+" {policy_id}."),
		world.Step{Require: "$p.status", Equals: "active", Message: "{policy_id} is {p.status}; only active " + many + " can be endorsed."},
		kit.Insert(endorse, "en", map[string]any{"policy_id": "$policy_id", "change": "$change", "premium_after": "$premium_after", "effective_on": "$effective_on", "recorded_at": "$now"}),
		world.Step{Update: table, Key: "$policy_id", Set: map[string]any{"premium": "$premium_after"}})
	s.Tools[len(s.Tools)-1].Returns = "en"
	v.Tool(false, "renew_"+o, "Renew "+engine.An(one),
		fmt.Sprintf("Renew an active %s: the next renewal date and the new annual premium (minor units).", one),
		[]world.ArgSpec{kit.S(o+"_id", true, ""), {Name: "renews_on", Type: "date", Required: true}, {Name: "premium", Type: "integer", Required: true, Minimum: kit.NumPtr(0)}},
		kit.Get(table, o+"_id", "p", fmt.Sprintf("No %s {%s_id}.", one, o)),
		world.Step{Require: "$p.status", Equals: "active", Message: "{" + o + "_id} is {p.status}; only active " + many + " can be renewed."},
		world.Step{Update: table, Key: "$" + o + "_id", Set: map[string]any{"renews_on": "$renews_on", "premium": "$premium"}})

	// Event: bound.
	v.Event(e, kit.StatusEvent{
		Name: "bound", Kind: "done", When: fmt.Sprintf("%s is bound (active)", engine.An(one)), Where: map[string]any{"status": "active"},
		InState: func(r engine.Row) bool { return r["status"] == "active" },
		Setup: func(tc *engine.TaskCtx) engine.Row {
			r := newRow(tc.FreshID(table), engine.Pick(tc.R, v.Customers()), 7, "quoted")
			return r
		},
		Call: func(r engine.Row) world.Call {
			return world.Call{Tool: "bind_" + o, Args: map[string]any{o + "_id": r["id"], "renews_on": anniversary(r["starts_on"].(string))}}
		},
		Ask: []string{
			"{name} accepted quote {id}. Bind it, renewing a year after the start date ({date}).",
			fmt.Sprintf("Put %s {id} for {name} in force from {date}; first renewal one year later.", one),
		},
		Check: func(r engine.Row) []world.Assertion {
			return []world.Assertion{kit.FieldIs("The "+one+" is active.", table, r["id"], "status", "active"),
				kit.FieldIs("It renews a year after the start.", table, r["id"], "renews_on", anniversary(r["starts_on"].(string)))}
		},
	})

	// Action: finished or cancelled work gets cover.
	v.RefAction(kit.RefAction{
		Name: "cover_quoted", On: []string{"done"}, Needs: []string{"id", "customer_id", "amount"}, Table: table,
		Then: fmt.Sprintf("%s covering it must be quoted or in force in %s for the same %s, with the {noun}'s amount as the sum insured and the {noun} id as its reference", engine.An(one), s.Title, v.C),
		Live: []string{"quoted", "active"},
		Eq:   map[string]string{"sum_insured": "amount"},
		Call: func(tc *engine.TaskCtx, up *engine.Entity, r engine.Row) world.Call {
			sum := up.Val("amount", r).(int64)
			return world.Call{Tool: "quote_" + o, Args: map[string]any{"customer_id": up.Val("customer_id", r), "product": mine[0], "insured_item": fmt.Sprint(r[up.Key]),
				"insurer": insurers[0], "sum_insured": sum, "premium": premiumFor(tc.R, mine[0], sum), "starts_on": g.Day(1), "source_ref": r[up.Key]}}
		},
		Want: func(up *engine.Entity, r engine.Row) map[string]any {
			return map[string]any{"status": "quoted", "sum_insured": up.Val("amount", r)}
		},
		Seed: func(g *engine.Gen, up *engine.Entity, r engine.Row) {
			d := v.Offset(v.UpDate(up, r)) + 1
			status := "quoted"
			if d < 0 {
				status = "active"
			}
			row := newRow(v.NextNumber(table), kit.Find(v.Cust.Rows, up.Val("customer_id", r)), d, status)
			row["insured_item"], row["sum_insured"], row["source_ref"] = fmt.Sprint(r[up.Key]), up.Val("amount", r), r[up.Key]
			row["premium"] = premiumFor(g.R, row["product"].(string), up.Val("amount", r).(int64))
			if status == "active" {
				row["bound_premium"] = row["premium"]
			}
			v.Add(e, table, row)
		},
	})

	// Chores: an endorsement; a renewal.
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "account manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		cands := v.PickRows(table, func(r engine.Row) bool { return r["status"] == "active" })
		if len(cands) == 0 {
			return engine.Task{}, false
		}
		p := engine.Pick(tc.R, cands)
		change := engine.Pick(tc.R, []string{"Additional driver", "Higher excess", "New address", "Extra item covered"})
		after := p["premium"].(int64) + v.StepMoney(tc.R, 10, 120)
		eff := g.Day(1 + tc.R.IntN(14))
		tc.NextID(endorse)
		return engine.Task{
			Title: "endorse " + one,
			Instruction: fmt.Sprintf("%s asked for a change to %s %s: \"%s\", from %s. The insurer quotes a new annual premium of %s. Please record it.",
				kit.Lookup(v.Cust, p["customer_id"], "name"), one, p["id"], change, eff, v.FmtMoney(after)),
			Calls: []world.Call{{Tool: "add_endorsement", Args: map[string]any{"policy_id": p["id"], "change": change, "premium_after": after, "effective_on": eff}}},
			Assertions: []world.Assertion{
				{Description: "The endorsement is recorded.", Weight: 2, Exists: &world.RowMatch{Table: endorse, Where: map[string]any{"policy_id": p["id"], "premium_after": after, "effective_on": eff}}},
				kit.FieldIs("The premium is the new one.", table, p["id"], "premium", after),
			},
			MayChange: []world.Change{{Table: endorse, Ops: []string{"insert"}}, {Table: table, Keys: []any{p["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "account manager", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		cands := v.PickRows(table, func(r engine.Row) bool {
			return r["status"] == "active" && r["renews_on"] != nil && v.Offset(r["renews_on"]) <= 45
		})
		if len(cands) == 0 {
			return engine.Task{}, false
		}
		p := engine.Pick(tc.R, cands)
		next := anniversary(p["renews_on"].(string))
		premium := p["premium"].(int64) + v.StepMoney(tc.R, 5, 60)
		return engine.Task{
			Title:       "renew " + one,
			Instruction: fmt.Sprintf("%s %s of %s comes up for renewal on %s. The insurer renews it for another year at %s. Please renew it.", engine.Title(one), p["id"], kit.Lookup(v.Cust, p["customer_id"], "name"), p["renews_on"], v.FmtMoney(premium)),
			Calls:       []world.Call{{Tool: "renew_" + o, Args: map[string]any{o + "_id": p["id"], "renews_on": next, "premium": premium}}},
			Assertions: []world.Assertion{
				kit.FieldIs("It renews a year later.", table, p["id"], "renews_on", next),
				kit.FieldIs("At the new premium.", table, p["id"], "premium", premium),
				kit.FieldIs("It stays active.", table, p["id"], "status", "active"),
			},
			MayChange: []world.Change{{Table: table, Keys: []any{p["id"]}, Ops: []string{"update"}}},
			Services:  []string{s.Name},
		}, true
	}})
}
