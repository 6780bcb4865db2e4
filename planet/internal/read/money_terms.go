package read

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/lexicon"
)

// The passes of this file read money that moves beyond one invoice to
// one customer (the words are lexicon.Money's): an insurer who pays for
// the customer, work billed in stages as each is approved, surcharges
// at set times, credit accounts and what befalls an account past due,
// and the channels that sell for the business on commission. Each adds
// attributes to the plan's one billing service; the billing builder
// turns them into records, tools and tasks.

// moneyPart is one comma part of a sentence of the brief, folded: its
// words joined by single spaces, hyphens as spaces, padded with spaces.
type moneyPart struct{ text, low, sentence string }

func moneyParts(desc string) []moneyPart {
	var out []moneyPart
	for _, sentence := range sentenceSplit.Split(desc, -1) {
		whole := " " + strings.Join(words(strings.ReplaceAll(sentence, "-", " ")), " ") + " "
		for _, part := range strings.Split(sentence, ",") {
			if strings.TrimSpace(part) == "" {
				continue
			}
			ws := words(strings.ReplaceAll(part, "-", " "))
			out = append(out, moneyPart{text: strings.TrimSpace(part), low: " " + strings.Join(ws, " ") + " ", sentence: whole})
		}
	}
	return out
}

func (m moneyPart) has(phrase string) bool {
	return strings.Contains(m.low, " "+strings.Join(words(strings.ReplaceAll(phrase, "-", " ")), " ")+" ")
}

// hasPrefix reports a word of the part that starts with stem.
func (m moneyPart) hasPrefix(stem string) bool { return strings.Contains(m.low, " "+stem) }

func (r *reader) moneyTerms() {
	parts := moneyParts(r.desc)
	r.insurerClaims(parts)
	r.stageBilling(parts)
	r.surcharges(parts)
	r.creditAccounts(parts)
	r.upfrontSaid(parts)
	r.finedSaid(parts)
}

// setBilling adds an attribute to billing (added when the plan has
// none) and records the decision.
func (r *reader) setBilling(name string, values []string, from, format string, args ...any) {
	i := r.billingIndex(from)
	if i < 0 || slices.ContainsFunc(r.p.Services[i].Attributes, func(a engine.PlanAttribute) bool { return a.Name == name }) {
		return
	}
	s := &r.p.Services[i]
	s.Attributes = append(s.Attributes, engine.PlanAttribute{Name: name, Type: "text", Values: values, From: from})
	r.decide(from, fmt.Sprintf("/services/%d/attributes", i), "billing: "+format, args...)
}

// insurerClaims reads an insurer paying for the customer: "we bill
// insurers directly", "insurers send us claims", "insured admissions
// need the insurer's guarantee of payment", "claim treatment fees from
// health insurance each month". What the brief says of the claims
// anywhere (a guarantee, a referral, an approval, a monthly run, the
// customer's excess) are their steps.
func (r *reader) insurerClaims(parts []moneyPart) {
	mt := lexicon.Money()
	from := ""
	for _, part := range parts {
		named := slices.ContainsFunc(mt.Insurers, func(w string) bool { return part.has(w) || part.has(r.lex.Plural(w)) })
		if !named {
			continue
		}
		// A verb of paying or claiming, or a step of a claim ("need a
		// pre-authorisation from their insurer").
		cued := slices.ContainsFunc(strings.Fields(part.low), func(w string) bool {
			return slices.ContainsFunc(mt.InsurerCues, func(c string) bool { return w == c || slices.Contains(lexicon.VerbLemma(w), c) })
		}) || slices.ContainsFunc(mt.InsurerSteps, func(c lexicon.Cue) bool { return c.Step != "monthly" && part.has(c.Cue) })
		// "tenant insurance sold at the counter" is a product, not a payer.
		if cued && !part.has("sell") && !part.has("sold") {
			from = part.text
			break
		}
	}
	if from == "" {
		return
	}
	// "handle insurance claims" read as cases of claims from the same
	// words already keeps them: one register of claims, not two.
	if slices.ContainsFunc(r.p.Services, func(s engine.PlanService) bool {
		return s.Builder != "billing" && strings.Contains(s.Name, "claim") && s.From != "" && strings.Contains(from, s.From)
	}) {
		return
	}
	var steps []string
	for _, part := range parts {
		for _, c := range mt.InsurerSteps {
			if part.has(c.Cue) && !slices.Contains(steps, c.Step) {
				steps = append(steps, c.Step)
			}
		}
	}
	slices.Sort(steps)
	vals := append([]string{"insurer"}, steps...)
	what := "claims to insurers, who pay for the " + r.p.Customer.Many
	if len(steps) > 0 {
		what += " (" + strings.Join(steps, ", ") + ")"
	}
	r.setBilling("insurer_claims", vals, from, "%s", what)
}

// stageBilling reads work billed in parts, each when it is approved:
// "strata jobs are invoiced by stage", "invoice each stage when the
// diocese approves it", "paid in three progress payments as each stage
// is signed off". Values: the state a stage is in before it may be
// invoiced, then who approves it when the brief names them.
func (r *reader) stageBilling(parts []moneyPart) {
	mt := lexicon.Money()
	for _, part := range parts {
		stage := slices.ContainsFunc(mt.Stages, func(w string) bool { return r.billedPart(part, w) || r.billedPart(part, r.lex.Plural(w)) })
		billed := slices.ContainsFunc(strings.Fields(part.low), func(w string) bool {
			return w == "paid" || slices.ContainsFunc(lexicon.VerbLemma(w), func(l string) bool { return l == "invoice" || l == "bill" || l == "pay" || l == "charge" })
		})
		if !stage || !billed {
			continue
		}
		state, approver := "approved", ""
		// The approval may be in the next part of the sentence ("paid in
		// three stages, each invoiced once the homeowner signs it off").
		whole := moneyPart{text: part.text, low: part.sentence}
		for _, c := range mt.StageApprovals {
			if !whole.has(c.Cue) {
				continue
			}
			state = c.State
			// "when the diocese approves it": who approves.
			ws := strings.Fields(whole.low)
			first := strings.Fields(strings.Join(words(c.Cue), " "))[0]
			if k := slices.Index(ws, first); k > 0 {
				w := r.lex.Singular(ws[k-1])
				if !r.lex.Is("det", w) && !slices.Contains(passiveAux, ws[k-1]) && !slices.Contains(mt.Stages, w) && !r.lex.Is("stop", w) && w != "we" && w != "it" {
					approver = w
				}
			}
			break
		}
		vals := []string{state}
		if approver != "" {
			vals = append(vals, approver)
		}
		r.setBilling("stages", vals, part.text, "work invoiced by stage, each once %s%s", strings.ReplaceAll(state, "_", " "), map[bool]string{true: " by the " + approver, false: ""}[approver != ""])
		return
	}
}

// surcharges reads extra rates at set times: "time and a half for
// weekend emergencies", "after-hours call-outs carry a surcharge",
// "night emergencies carry an out-of-hours fee". Values: the times,
// then "x<multiplier>" when the phrase says one.
func (r *reader) surcharges(parts []moneyPart) {
	mt := lexicon.Money()
	for _, part := range parts {
		k := slices.IndexFunc(mt.Surcharges, func(s lexicon.Surcharge) bool { return part.has(s.Cue) })
		if k < 0 {
			continue
		}
		var times []string
		for _, t := range mt.SurchargeTimes {
			name := strings.ReplaceAll(strings.Join(words(strings.ReplaceAll(t, "-", " ")), " "), " ", "_")
			if part.has(t) && !slices.Contains(times, name) {
				times = append(times, name)
			}
		}
		if len(times) == 0 {
			times = []string{"surcharge"}
		}
		vals := slices.Clone(times)
		if m := mt.Surcharges[k].Multiplier; m > 0 {
			vals = append(vals, "x"+strconv.FormatFloat(m, 'f', -1, 64))
		}
		r.setBilling("surcharge", vals, part.text, "surcharges for %s", strings.ReplaceAll(strings.Join(times, ", "), "_", " "))
		return
	}
}

// creditAccounts reads customers who buy on an account with a limit
// ("contractors buy on credit with a limit") and the rule for an
// account past due ("units more than 14 days past due are overlocked",
// "accounts 30 days overdue are put on stop"). Values: "limit" when
// there is a credit limit; then the days and the state an account past
// due is put in.
func (r *reader) creditAccounts(parts []moneyPart) {
	mt := lexicon.Money()
	var vals []string
	from := ""
	for _, part := range parts {
		if slices.ContainsFunc(mt.CreditCues, part.has) || part.has("credit") && part.hasPrefix("limit") {
			if !slices.Contains(vals, "limit") {
				vals = append([]string{"limit"}, vals...)
				from = part.text
			}
		}
		cue := ""
		for _, c := range mt.PastDueCues {
			if part.has(c) {
				cue = c
				break
			}
		}
		if cue == "" {
			continue
		}
		ws := strings.Fields(part.low)
		days := ""
		for k := 0; k+1 < len(ws); k++ {
			if isNumber(ws[k]) && (ws[k+1] == "days" || ws[k+1] == "day") {
				days = ws[k]
			}
		}
		// What befalls the account: the words after its verb ("are
		// overlocked", "are put on stop", "are disconnected").
		state := ""
		for k, w := range ws {
			if (w == "are" || w == "is" || w == "get" || w == "gets" || w == "go") && k+1 < len(ws) && k > slices.Index(ws, strings.Fields(cue)[0]) {
				tail := slices.DeleteFunc(slices.Clone(ws[k+1:]), func(x string) bool { return x == "put" || x == "then" || r.lex.Is("det", x) })
				state = strings.Join(tail[:min(len(tail), 2)], "_")
				if len(tail) > 1 && !slices.Contains([]string{"on", "off", "in"}, tail[0]) {
					state = tail[0]
				}
				break
			}
		}
		if days == "" || state == "" {
			continue
		}
		vals = append(vals, "past_due", days, state, cue)
		from = cmpOr(from, part.text)
		break
	}
	if len(vals) == 0 {
		return
	}
	what := "accounts"
	if vals[0] == "limit" {
		what = "credit accounts with a credit limit"
	}
	if k := slices.Index(vals, "past_due"); k >= 0 {
		what += fmt.Sprintf("; more than %s days %s, an account is %s", vals[k+1], vals[k+3], strings.ReplaceAll(vals[k+2], "_", " "))
	}
	r.setBilling("credit_accounts", vals, from, "%s", what)
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// channelCommissions reads the channels that sell for the business and
// are paid a commission: "hotels resell our tours on commission",
// "travel agents sell our treks on commission", "guests book directly
// and through booking sites". They are payouts of commission (see
// [payout]) when no other clause read one; "on commission" is then no
// commissioned order.
func (r *reader) channelCommissions(pay payout, caps []capability) (payout, []capability) {
	if pay.from != "" {
		return pay, caps
	}
	mt := lexicon.Money()
	for _, part := range moneyParts(r.desc) {
		ws := strings.Fields(part.low)
		var payees []string
		if part.has("commission") {
			for k, w := range ws {
				if k > 0 && slices.ContainsFunc(lexicon.VerbLemma(w), func(l string) bool { return slices.Contains(mt.ChannelVerbs, l) }) {
					payees = r.channelsBefore(ws, k)
					break
				}
			}
		}
		if len(payees) == 0 {
			// "through booking sites": a channel a booking comes by.
			for k, w := range ws {
				if w != "through" && w != "via" {
					continue
				}
				for _, c := range mt.Channels {
					n := len(strings.Fields(c))
					if k+n < len(ws) && strings.Join(append(slices.Clone(ws[k+1:k+n]), r.lex.Singular(ws[k+n])), " ") == c {
						payees = []string{c}
						break
					}
				}
			}
		}
		if len(payees) == 0 {
			continue
		}
		kept := slices.DeleteFunc(slices.Clone(caps), func(c capability) bool {
			return strings.Contains(part.text, c.phrase) && engine.LastWord(c.entity) == "commission"
		})
		return payout{payees: payees, commission: "paid", from: part.text}, kept
	}
	return pay, caps
}

// channelsBefore reads who sells for the business, just before its verb:
// "hotels and campgrounds (resell)", "travel agents (sell)".
func (r *reader) channelsBefore(ws []string, k int) []string {
	var out []string
	for j := k - 1; j >= 0; j-- {
		w := ws[j]
		if w == "and" || w == "or" || w == "also" || w == "who" || w == "that" || w == "can" {
			continue
		}
		sg := r.lex.Singular(w)
		if sg == w || r.lex.Is("det", w) || r.lex.Is("stop", w) || r.lex.Is("vague", sg) || slices.Contains([]string{"we", "us", "they"}, w) {
			break // only plural nouns are a kind of channel
		}
		// "travel agents": a compound's modifier joins its head.
		if j > 0 && !r.lex.Is("det", ws[j-1]) && !r.lex.Is("stop", ws[j-1]) && ws[j-1] != "and" && ws[j-1] != "or" && r.lex.Singular(ws[j-1]) == ws[j-1] && slices.Contains(lexicon.Money().Channels, ws[j-1]+" "+sg) {
			sg = ws[j-1] + " " + sg
			j--
		}
		out = append([]string{sg}, out...)
	}
	return out
}

// upfrontSaid reads money taken ahead that no charge clause read as
// one: "every case has a retainer that we bill hours against", "a
// refund of the pallet deposit" (a deposit paid back when what it
// secures comes back). Billing then takes it before the work goes ahead.
func (r *reader) upfrontSaid(parts []moneyPart) {
	p := r.p
	if i := slices.IndexFunc(p.Services, func(s engine.PlanService) bool { return s.Builder == "billing" }); i >= 0 && p.Services[i].Precedes {
		return
	}
	for _, part := range parts {
		ws := strings.Fields(part.low)
		for k, w := range ws {
			sg := r.lex.Singular(w)
			if !r.lex.Is("upfront", sg) && sg != "retainer" {
				continue
			}
			noun := sg
			// "the pallet deposit": the noun before it says which.
			if k > 0 && !r.lex.Is("det", ws[k-1]) && !r.lex.Is("stop", ws[k-1]) && !isNumber(ws[k-1]) && r.lex.Singular(ws[k-1]) == ws[k-1] && !strings.HasSuffix(ws[k-1], "ly") {
				noun = ws[k-1] + " " + sg
			}
			i := r.billingIndex(part.text)
			if i < 0 {
				return
			}
			s := &p.Services[i]
			s.Precedes = true
			s.Attributes = append(s.Attributes, engine.PlanAttribute{Name: "upfront", Type: "text", Values: []string{noun}, From: part.text})
			r.decide(part.text, fmt.Sprintf("/services/%d/attributes", i), "billing: %s taken before each %s goes ahead", r.lex.Plural(noun), p.Work.One)
			return
		}
	}
}

// finedSaid reads a fine said as a verb ("scooters parked outside zones
// are fined"): fines are a kind of invoice.
func (r *reader) finedSaid(parts []moneyPart) {
	for _, part := range parts {
		if !part.has("fined") {
			continue
		}
		i := r.billingIndex(part.text)
		if i < 0 {
			return
		}
		s := &r.p.Services[i]
		k := slices.IndexFunc(s.Attributes, func(a engine.PlanAttribute) bool { return a.Name == "kind" })
		if k < 0 {
			s.Attributes = append(s.Attributes, engine.PlanAttribute{Name: "kind", Type: "text", Values: []string{"invoice"}, From: part.text})
			k = len(s.Attributes) - 1
		}
		if slices.Contains(s.Attributes[k].Values, "fine") {
			return
		}
		s.Attributes[k].Values = append(slices.Clone(s.Attributes[k].Values), "fine")
		r.decide(part.text, fmt.Sprintf("/services/%d/attributes", i), "billing: invoices of fines")
		return
	}
}

// stageCounters are the words before a one-word stage that make it a
// part work is billed in ("by stage", "in stages", "each stage", "three
// phases"), not a thing ("stage lighting").
var stageCounters = []string{"by", "in", "each", "per", "every", "first", "second", "final", "last", "two", "three", "four", "five"}

// billedPart reports whether the part names a stage word as a part of
// the work: a compound ("progress payment") anywhere, one word after a
// counter.
func (r *reader) billedPart(part moneyPart, w string) bool {
	if !part.has(w) {
		return false
	}
	if strings.Contains(w, " ") {
		return true
	}
	ws := strings.Fields(part.low)
	for k, x := range ws {
		if x == w && k > 0 && (slices.Contains(stageCounters, ws[k-1]) || isNumber(ws[k-1])) {
			return true
		}
	}
	return false
}
