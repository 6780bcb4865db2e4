package engine

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ReadPolicies lists the policies Build picks for a plan that lists none,
// so that the plan a brief reads into shows them, to be kept, dropped or
// added to.
func ReadPolicies(p *Plan) (pols []PlanPolicy, err error) {
	defer func() {
		if r := recover(); r != nil {
			pols, err = nil, fmt.Errorf("read the policies of %s/%s seed %d: %v", p.Company.Pack, p.Company.Country, p.Seed, r)
		}
	}()
	g, err := BuildServices(p, Options{})
	if err != nil {
		return nil, err
	}
	s := p.Brief
	s.Seed = p.Seed
	g.R = s.Rand(stageInvariants)
	g.Locale.R = g.R
	for _, l := range g.pickLinks(g.Candidates()) {
		pols = append(pols, g.PlanPolicy(l))
	}
	return pols, nil
}

// checkPolicies builds the plan's services and reports every problem of
// its policies, as Build would.
func checkPolicies(p *Plan) (err error) {
	if len(p.Policies) == 0 {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("check the policies of %s/%s seed %d: %v", p.Company.Pack, p.Company.Country, p.Seed, r)
		}
	}()
	g, err := BuildServices(p, Options{})
	if err != nil {
		return err
	}
	_, err = g.planLinks(g.Candidates(), p.Policies)
	return err
}

// PlanPolicy is a link as the plan lists it.
func (g *Gen) PlanPolicy(l *Link) PlanPolicy {
	return PlanPolicy{Name: l.Name, Trigger: g.ServiceNamed(l.Event.Entity.Service).plan, Event: l.Event.Name,
		Target: g.ServiceNamed(l.Action.Service).plan, Action: l.Action.Name}
}

// ServiceNamed returns the built service of a world name.
func (g *Gen) ServiceNamed(name string) *Svc {
	for _, s := range g.Services {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// planLinks makes the plan's policies, each from the candidate pairing
// its trigger's event with its target's action. Every policy that names
// no candidate, repeats another or cannot hold with another is an error
// at its JSON pointer; the plan is rejected whole.
func (g *Gen) planLinks(candidates []*Link, pols []PlanPolicy) ([]*Link, error) {
	byPlan := map[string]*Svc{}
	for _, s := range g.Services {
		byPlan[s.plan] = s
	}
	var errs []error
	bad := func(ptr, format string, args ...any) {
		errs = append(errs, &PlanError{Pointer: ptr, Err: fmt.Errorf(format, args...)})
	}
	var out []*Link
	at := map[*Link]int{}
	for i, pol := range pols {
		ptr := fmt.Sprintf("/policies/%d", i)
		up, down := byPlan[pol.Trigger], byPlan[pol.Target]
		if up == nil || down == nil {
			continue // Check has said so
		}
		ev := slices.IndexFunc(up.Events, func(e *Event) bool { return e.Name == pol.Event })
		ac := slices.IndexFunc(down.Actions, func(a *Action) bool { return a.Name == pol.Action && a.Service == down.Name })
		if ev < 0 {
			bad(ptr+"/event", "%s has no event %q (events: %s)", pol.Trigger, pol.Event, strings.Join(eventNames(up), ", "))
		}
		if ac < 0 {
			bad(ptr+"/action", "%s has no action %q (actions: %s)", pol.Target, pol.Action, strings.Join(actionNames(down), ", "))
		}
		if ev < 0 || ac < 0 {
			continue
		}
		var l *Link
		for _, c := range candidates {
			if c.Event == up.Events[ev] && c.Action == down.Actions[ac] {
				l = c
				break
			}
		}
		if l == nil {
			var follows []string
			for _, c := range candidates {
				if c.Event == up.Events[ev] {
					follows = append(follows, g.ServiceNamed(c.Action.Service).plan+" "+c.Action.Name)
				}
			}
			bad(ptr, "%s's %q cannot follow %s's %q (what can: %s)", pol.Target, pol.Action, pol.Trigger, pol.Event, cmp.Or(strings.Join(follows, ", "), "nothing"))
			continue
		}
		if pol.Name != "" && pol.Name != l.Name {
			bad(ptr+"/name", "the policy of this pair is named %q, not %q (or leave the name out)", l.Name, pol.Name)
		}
		if j, dup := at[l]; dup {
			bad(ptr, "the same policy as /policies/%d", j)
			continue
		}
		for _, o := range out {
			if l.Clashes(o) {
				bad(ptr, "cannot hold with /policies/%d: one asks for %s rows about a %s, the other forbids them", at[o], l.Rule.Then.Table, l.Event.Entity.Noun)
			}
		}
		at[l] = i
		out = append(out, l)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	slices.SortFunc(out, func(a, b *Link) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

func eventNames(s *Svc) []string {
	var out []string
	for _, e := range s.Events {
		out = append(out, e.Name)
	}
	return out
}

func actionNames(s *Svc) []string {
	var out []string
	for _, a := range s.Actions {
		if a.Service == s.Name {
			out = append(out, a.Name)
		}
	}
	return out
}
