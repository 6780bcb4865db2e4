package planet

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/lexicon"
	"github.com/mercury/mcp-world/planet/seed"
	"github.com/mercury/mcp-world/world"
)

// buildSenseProblems are the mechanical sense checks of what the builders
// make of a plan (issues 7 and 8, build side): whose a record is, which
// columns it has, which policies bind it, how tasks name things and what
// a composed price list holds. Each problem names its rule, as
// senseProblems' do.
func buildSenseProblems(p *Plan, b *world.Bundle) []string {
	var out []string
	tables := map[string]world.Table{}
	for _, t := range b.Tables {
		tables[t.Name] = t
	}
	has := func(table, col string) bool {
		return slices.ContainsFunc(tables[table].Columns, func(c world.Column) bool { return c.Name == col })
	}
	// A record is a customer's when it names one (a customer_id, a car's
	// owner), or the record it belongs to does (a milestone's project).
	customers := func(table string) bool {
		if has(table, "customer_id") {
			return true
		}
		for _, c := range tables[table].Columns {
			if ref, _, ok := strings.Cut(c.References+c.RefersTo, "."); ok && ref != table && (has(ref, "customer_id") || tables[ref].Service == "crm") {
				return true
			}
		}
		return false
	}
	// A register of the business's own animals, batches, equipment or
	// stock has no customer on it; one of the customers' animals (a
	// kennel's boarders, a livery stable's horses) has their owner.
	for _, s := range p.Services {
		if s.Builder == "record" && slices.Contains([]string{"assets", "inventory", "production"}, s.Archetype) && s.Counterpart == nil && (s.Entity == nil || !engine.OwnedByCustomer(s.Entity.One, p.Customer.One)) {
			for _, t := range b.Tables {
				if t.Service == s.Name && has(t.Name, "customer_id") {
					out = append(out, fmt.Sprintf("own-register-customer: %s.customer_id", t.Name))
				}
			}
		}
	}
	// One thing, one service: no service every business may have keeps
	// what the line of work keeps (a bakery's bake orders and "orders").
	// A pack's own verticals are its choice (an estate agent's listings
	// and viewing appointments).
	for _, s := range p.Services {
		if d := engine.Registry[s.Builder]; d != nil && !d.Vertical && s.Builder != "work" && s.Archetype == p.Work.Archetype {
			out = append(out, fmt.Sprintf("twin-builder: %s beside the line of work %s", s.Name, engine.Snake(p.Work.Many)))
		}
	}
	// Only a person has allergies or a date of birth.
	if p.Customer.Organisation {
		for _, t := range b.Tables {
			if t.Service != "crm" || !has(t.Name, "contact_person") {
				continue
			}
			for _, c := range t.Columns {
				if slices.Contains([]string{"allergies", "allergy", "date_of_birth", "dob", "dietary_requirements", "gender"}, c.Name) {
					out = append(out, fmt.Sprintf("person-column: %s.%s for organisation customers", t.Name, c.Name))
				}
			}
		}
	}
	// A policy binds what a manager would bind: nothing is invoiced,
	// answered or met about records with no customer on them (a batch, a
	// volunteer shift), and no follow-up meeting is booked because goods
	// were handed over.
	goods := []string{"orders", "shipments", "inventory", "production", "purchase_orders", "warehouse"}
	archetypeOf := map[string]string{}
	for _, s := range p.Services {
		archetypeOf[s.Name] = s.Archetype
	}
	for _, inv := range b.Invariants {
		r := inv.Rule
		if r == nil {
			continue
		}
		toCustomer := r.Then.Table == "billing_invoices" || r.Then.Table == "helpdesk_tickets" ||
			r.Then.Table == "calendar_events" && r.Then.Require != world.RequireNone
		if toCustomer && !customers(r.When.Table) && tables[r.When.Table].Service != "crm" {
			out = append(out, fmt.Sprintf("policy-sense: %s (no customer on a %s)", inv.Name, r.When.Noun))
		}
		if r.Then.Table == "calendar_events" && r.Then.Require != world.RequireNone && slices.Contains(goods, archetypeOf[inv.Trigger]) {
			out = append(out, fmt.Sprintf("policy-sense: %s (a follow-up meeting because goods moved)", inv.Name))
		}
	}
	// A task names a firm as a colleague would: "order ORD-1 for Kowalski
	// Sp.j.", never "Kowalski Sp.j.'s order".
	var orgs []string
	if p.Customer.Organisation {
		for _, t := range b.Tables {
			if t.Service == "crm" && has(t.Name, "contact_person") {
				for _, row := range t.Rows {
					if n, ok := row["name"].(string); ok {
						orgs = append(orgs, n)
					}
				}
			}
		}
	}
	for _, t := range b.Tasks {
		for _, n := range orgs {
			if strings.Contains(t.Instruction, n+"'s ") {
				out = append(out, fmt.Sprintf("possessive-firm: %s: %q", t.ID, n+"'s"))
				break
			}
		}
	}
	// A price list has lines a business would print: no "X, extended".
	for _, t := range b.Tables {
		if !has(t.Name, "list_price") {
			continue
		}
		for _, row := range t.Rows {
			if n, _ := row["name"].(string); strings.HasSuffix(n, ", extended") {
				out = append(out, fmt.Sprintf("price-line: %s %q", t.Name, n))
			}
		}
	}
	// People are people: the porters, rangers or crew a record is of are
	// named as people, never as firms taking orders, and no roster sells
	// a person as a line of a price list ("Porter, standard"). A security
	// firm's "Static guard (per hour)" is a service it sells: not shifts.
	lex := lexicon.Load()
	staff := func(noun string) bool {
		return noun != "" && (lex.ScaleKind(noun) == "staff" || lex.ScaleKind(engine.LastWord(noun)) == "staff") && noun != "staff"
	}
	for _, s := range p.Services {
		if s.Counterpart == nil || !staff(s.Counterpart.One) {
			continue
		}
		for _, t := range b.Tables {
			if t.Service != s.Name || t.Name != s.Name+"_"+engine.Snake(s.Counterpart.Many) {
				continue
			}
			for _, row := range t.Rows {
				if e, _ := row["email"].(string); strings.HasPrefix(e, "orders@") {
					out = append(out, fmt.Sprintf("staff-as-firm: %s %q", t.Name, row["name"]))
					break
				}
			}
		}
	}
	shifts := map[string]bool{}
	for _, s := range p.Services {
		shifts[s.Name] = s.Archetype == "shifts"
	}
	for _, t := range b.Tables {
		if !shifts[t.Service] || !has(t.Name, "unit_price") && !has(t.Name, "list_price") {
			continue
		}
		for _, row := range t.Rows {
			n, _ := row["name"].(string)
			if head, _, ok := strings.Cut(n, ","); ok && staff(strings.ToLower(head)) {
				out = append(out, fmt.Sprintf("staff-as-product: %s %q", t.Name, n))
				break
			}
		}
	}
	// Producers supply what they produce: the farmers or growers a world
	// buys from are people, and what it buys from them is no office
	// supply ("farmers" selling toner to a cheese dairy).
	for _, s := range p.Services {
		if s.Builder != "procurement" {
			continue
		}
		var kinds []string
		for _, a := range s.Attributes {
			if a.Name == "kind" {
				kinds = a.Values
			}
		}
		if len(kinds) == 0 || slices.ContainsFunc(kinds, func(k string) bool { return lex.Nature(k) != "person" }) {
			continue
		}
		for _, row := range tables["procurement_suppliers"].Rows {
			if e, _ := row["email"].(string); strings.HasPrefix(e, "orders@") {
				out = append(out, fmt.Sprintf("producer-as-firm: procurement_suppliers %q", row["name"]))
				break
			}
		}
		lang := b.Company.Locale
		for _, row := range tables["procurement_purchase_orders"].Rows {
			item, _ := row["item"].(string)
			if slices.ContainsFunc(kit.GeneralSupplies, func(it engine.Item) bool {
				return item == it.Name || item == seed.Translate(lang, it.Name) || item == seed.Translate(strings.Split(lang, "-")[0], it.Name)
			}) {
				out = append(out, fmt.Sprintf("producer-sells-supplies: procurement_purchase_orders %q from %s", item, strings.Join(kinds, ", ")))
				break
			}
		}
	}
	// A restaurant serves the cuisine its brief or country calls for: an
	// izakaya's menu has yakitori, not the generic risotto and espresso.
	if v, by, ok := catalog.Variant(p.Company.Pack, p.Brief.Industry+" "+p.Brief.Description, p.Company.Country); ok && len(v.Items) > 0 {
		lang := b.Company.Locale
		names := map[string]bool{}
		for _, it := range v.Items {
			names[seed.Translate(lang, it.Name)] = true
			names[seed.Translate(strings.Split(lang, "-")[0], it.Name)] = true
		}
		priced, served := false, false
		for _, t := range b.Tables {
			if !has(t.Name, "list_price") {
				continue
			}
			priced = true
			for _, row := range t.Rows {
				if n, _ := row["name"].(string); names[n] {
					served = true
				}
			}
		}
		if priced && !served {
			out = append(out, fmt.Sprintf("menu-cuisine: no %s on the price list (%s)", strings.ReplaceAll(v.ID, "_", " "), by))
		}
	}
	// A register holds what the firm gathered over its years: its dates
	// spread over more than a season (no 95 cabs all acquired last
	// month), and groups of people are started, never acquired.
	for _, s := range p.Services {
		// (A kennel's boarders are the customers', in for a stay.)
		if s.Builder != "record" || s.Archetype != "assets" || s.Counterpart != nil || s.Entity == nil || engine.OwnedByCustomer(s.Entity.One, p.Customer.One) {
			continue
		}
		t := tables[s.Name]
		if slices.Contains([]string{"group", "class", "team", "cohort"}, engine.LastWord(s.Entity.One)) && has(t.Name, "acquired_on") {
			out = append(out, fmt.Sprintf("register-kind: %s.acquired_on of %s", t.Name, s.Entity.Many))
		}
		var lo, hi string
		// The register's own date: when a thing came (acquired_on,
		// started_on), else its first date; not when it was last checked.
		cols := slices.Clone(t.Columns)
		slices.SortStableFunc(cols, func(a, b world.Column) int {
			own := func(c world.Column) int {
				if c.Name == "acquired_on" || c.Name == "started_on" {
					return 0
				}
				return 1
			}
			return own(a) - own(b)
		})
		for _, c := range cols {
			if c.Type != "date" || c.Name == "created_at" {
				continue
			}
			for _, row := range t.Rows {
				d, _ := row[c.Name].(string)
				if d == "" {
					continue
				}
				if lo == "" || d < lo {
					lo = d
				}
				if d > hi {
					hi = d
				}
			}
			break
		}
		if len(t.Rows) >= 5 && lo != "" && monthsApart(lo, hi) < 4 {
			out = append(out, fmt.Sprintf("register-dates: %s from %s to %s", t.Name, lo, hi))
		}
	}
	return out
}

// monthsApart is how many months lie between two dates (YYYY-MM-DD).
func monthsApart(a, b string) int {
	var ya, ma, yb, mb int
	fmt.Sscanf(a, "%d-%d", &ya, &ma)
	fmt.Sscanf(b, "%d-%d", &yb, &mb)
	return (yb-ya)*12 + mb - ma
}
