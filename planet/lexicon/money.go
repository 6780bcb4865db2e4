package lexicon

import (
	"fmt"
	"sync"
)

// MoneyTerms are the words of money that moves beyond one invoice to
// one customer (data/money.json): a third party that pays (an insurer),
// work billed in stages as each is approved, surcharges at set times,
// credit accounts and what happens to an account past due, and sales
// channels paid a commission.
type MoneyTerms struct {
	Source string `json:"_source"`
	// Insurers are the words for an insurer as a payer ("bill insurers
	// directly", "claim from health insurance"); InsurerCues are the
	// verbs and prepositions that make one pay rather than be a customer.
	Insurers    []string `json:"insurers"`
	InsurerCues []string `json:"insurer_cues"`
	// InsurerSteps are what a brief says an insurer's claim goes
	// through: a guarantee of payment first, a referral, an approval, a
	// monthly claim run, the customer's own excess.
	InsurerSteps []Cue `json:"insurer_steps"`
	// Stages are the parts work is billed in ("invoiced by stage",
	// "three progress payments"); StageApprovals say who lets each be
	// invoiced, and the state it is then in.
	Stages         []string `json:"stages"`
	StageApprovals []Cue    `json:"stage_approvals"`
	// Surcharges are the extra rates charged at some times ("time and a
	// half", "an out-of-hours fee"), with the multiplier when the phrase
	// says it; SurchargeTimes are the times they apply at.
	Surcharges     []Surcharge `json:"surcharges"`
	SurchargeTimes []string    `json:"surcharge_times"`
	// CreditCues say customers buy on an account with a limit;
	// PastDueCues name an account not paid in time.
	CreditCues  []string `json:"credit_cues"`
	PastDueCues []string `json:"past_due_cues"`
	// ChannelVerbs with a commission make the subject a sales channel
	// paid one ("hotels resell our tours on commission"); Channels are
	// the channels a business sells through ("through booking sites").
	ChannelVerbs []string `json:"channel_verbs"`
	Channels     []string `json:"channels"`
	// Glosses say in English what a local word for a charge is
	// ("mensalidade": the monthly fee).
	Glosses map[string]string `json:"glosses"`
}

// Cue is a phrase and what it says (a step, a state).
type Cue struct {
	Cue   string `json:"cue"`
	Step  string `json:"step,omitempty"`
	State string `json:"state,omitempty"`
}

// Surcharge is a phrase of an extra rate, with its multiplier of the
// normal rate when the phrase says one (0 when not).
type Surcharge struct {
	Cue        string  `json:"cue"`
	Multiplier float64 `json:"multiplier,omitempty"`
}

var loadMoney = sync.OnceValue(func() *MoneyTerms {
	m := &MoneyTerms{}
	if err := decode("data/money.json", m); err != nil {
		panic("lexicon: embedded data/money.json is invalid: " + err.Error())
	}
	for i, c := range m.InsurerSteps {
		if c.Cue == "" || c.Step == "" {
			panic(fmt.Sprintf("lexicon: data/money.json: /insurer_steps/%d needs a cue and a step", i))
		}
	}
	return m
})

// Money returns the embedded money terms.
func Money() *MoneyTerms { return loadMoney() }
