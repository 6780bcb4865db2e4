package planet

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// What the reader decides for a phrase, one behaviour per row: each row
// fails without the rule it names.
func TestReadDecisions(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		check                         func(t *testing.T, p *Plan)
	}{
		{"participles are yes/no fields", "marble quarry", "GR", "We quarry marble near Kavala. Every block is numbered and graded, and we ship in containers.", func(t *testing.T, p *Plan) {
			if !hasAttribute(p, "graded") || !hasAttribute(p, "numbered") {
				t.Errorf("no graded/numbered field in %+v", p.Services)
			}
		}},
		{"customer kinds from a list", "scaffolding hire", "GB", "We hire out scaffolding for builders, councils and housing associations in Glasgow.", func(t *testing.T, p *Plan) {
			var kinds []string
			for _, a := range p.Customer.Attributes {
				if a.Name == "kind" {
					kinds = a.Values
				}
			}
			if !slices.Contains(kinds, "council") || !slices.Contains(kinds, "housing association") {
				t.Errorf("customer kinds %v", kinds)
			}
		}},
		{"a noun before a bare verb is no subject", "auto repair", "BR", "Car repair workshop in Curitiba. Customers book a diagnosis and every repair has a warranty.", func(t *testing.T, p *Plan) {
			for _, d := range p.Decisions {
				if strings.Contains(d.Decision, "of car") {
					t.Errorf("%q read as repairs of cars", d.Phrase)
				}
			}
		}},
		{"vague words are no records", "balloon flights", "TR", "We fly balloons at dawn. Flights cancelled for weather are rebooked every morning.", func(t *testing.T, p *Plan) {
			for _, s := range p.Services {
				if s.Name == "weathers" || s.Name == "mornings" {
					t.Errorf("service %s", s.Name)
				}
			}
		}},
		{"the customers' own things are not customers", "dog hotel", "JP", "Owners book stays for their dogs in Tokyo.", func(t *testing.T, p *Plan) {
			if p.Customer.One != "owner" {
				t.Errorf("customers are %s, want owners", p.Customer.Many)
			}
		}},
		{"made to order is no customer", "fur atelier", "RU", "Fur atelier in Novosibirsk sewing coats to order. Each order starts with measurements and a deposit.", func(t *testing.T, p *Plan) {
			if p.Customer.One == "order" {
				t.Errorf("customers are %s", p.Customer.Many)
			}
		}},
		{"shifts are of the people the clause names", "surf school", "PT", "Students book lessons by the day and instructors are rostered by tide.", func(t *testing.T, p *Plan) {
			if !slices.ContainsFunc(p.Services, func(s PlanService) bool { return s.Archetype == "shifts" && strings.HasPrefix(s.Name, "instructor_") }) {
				t.Errorf("no shifts of instructors in %+v", p.Services)
			}
		}},
		{"a composed name in another script stays whole", "зернове господарство (grain farm)", "UA", "Агрофірма near Poltava growing wheat.", func(t *testing.T, p *Plan) {
			if !utf8.ValidString(p.Company.Name) || strings.Contains(p.Company.Name, "(") {
				t.Errorf("company name %q", p.Company.Name)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Read(Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, p)
		})
	}
}

func hasAttribute(p *Plan, name string) bool {
	for _, a := range p.Work.Attributes {
		if a.Name == name {
			return true
		}
	}
	for _, s := range p.Services {
		for _, a := range s.Attributes {
			if a.Name == name {
				return true
			}
		}
	}
	return false
}

func TestTitleByRune(t *testing.T) {
	for in, want := range map[string]string{"зернове": "Зернове", "école": "École", "kayak": "Kayak", "": ""} {
		if got := title(in); got != want {
			t.Errorf("title(%q) = %q, want %q", in, got, want)
		}
	}
}
