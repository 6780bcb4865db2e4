package world

import (
	"fmt"
	"strings"
)

// This file renders the texts an agent sees besides the tools: the server
// instructions, the resources and the task prompt. They live in world, not
// in toolgen, because both sides need them: toolgen serves them over MCP,
// and the verifier checks that nothing hidden appears in them.

// Document is one agent-visible resource of a world.
type Document struct {
	URI         string
	Name        string
	Title       string
	Description string
	Text        string
}

// Documents returns the world's resources: the company profile, one
// document per service and the policies. Only visible text is used: policy
// statements, never their checks.
func (w *World) Documents() []Document {
	base := "world://" + w.Name()
	c := w.Company()
	docs := []Document{{
		URI: base + "/company", Name: "company", Title: c.Name + " — company profile",
		Description: "Who the company is: industry, country, currency, time zone, size and what it does.",
		Text:        companyDoc(w),
	}}
	tables := w.Tables()
	for _, s := range w.Services() {
		docs = append(docs, Document{
			URI: base + "/services/" + s.Name, Name: "service-" + s.Name, Title: s.Title,
			Description: fmt.Sprintf("The %s system: what it holds and which tools operate it.", s.Title),
			Text:        serviceDoc(w, s, tables),
		})
	}
	if len(w.Policies()) > 0 {
		docs = append(docs, Document{
			URI: base + "/policies", Name: "policies", Title: c.Name + " — operating policies",
			Description: "The company's rules that keep its systems consistent. Follow them in every task.",
			Text:        policiesDoc(w),
		})
	}
	return docs
}

func companyDoc(w *World) string {
	c := w.Company()
	var sb strings.Builder
	fmt.Fprintf(&sb, "# %s\n\n%s\n\n", c.Name, c.Description)
	row := func(k, v string) {
		if v != "" {
			fmt.Fprintf(&sb, "- **%s:** %s\n", k, v)
		}
	}
	row("Legal name", c.LegalName)
	row("Industry", c.Industry)
	row("Country", c.Country)
	row("Locale", c.Locale)
	row("Currency", c.Currency+" (amounts in tools are in minor units, e.g. cents)")
	row("Time zone", c.Timezone)
	row("Employees", fmt.Sprint(c.Employees))
	row("Headquarters", c.Headquarters)
	row("Website", c.Website)
	sb.WriteString("\n## Systems\n\n")
	for _, s := range w.Services() {
		fmt.Fprintf(&sb, "- **%s** (`%s`): %s\n", s.Title, s.Name, s.Description)
	}
	if len(w.Policies()) > 0 {
		fmt.Fprintf(&sb, "\nRead the operating policies (world://%s/policies) before changing anything.\n", w.Name())
	}
	return sb.String()
}

func serviceDoc(w *World, s Service, tables []TableInfo) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# %s (`%s`)\n\n%s\n", s.Title, s.Name, s.Description)
	if len(s.DependsOn) > 0 {
		fmt.Fprintf(&sb, "\nWorks with data from: %s.\n", strings.Join(s.DependsOn, ", "))
	}
	sb.WriteString("\n## Records\n")
	for _, t := range tables {
		if t.Service != s.Name {
			continue
		}
		fmt.Fprintf(&sb, "\n### %s\n\n%s\n\n| field | type | notes |\n|---|---|---|\n", t.Name, t.Description)
		for _, c := range t.Columns {
			var notes []string
			if c.PrimaryKey {
				notes = append(notes, "id")
			}
			if c.Nullable {
				notes = append(notes, "optional")
			}
			if len(c.Enum) > 0 {
				vals := make([]string, len(c.Enum))
				for i, e := range c.Enum {
					vals[i] = fmt.Sprint(e)
				}
				notes = append(notes, "one of: "+strings.Join(vals, ", "))
			}
			if c.References != "" {
				notes = append(notes, "→ "+c.References)
			}
			if c.RefersTo != "" {
				notes = append(notes, "value from "+c.RefersTo+" (another system)")
			}
			if c.Description != "" {
				notes = append(notes, c.Description)
			}
			fmt.Fprintf(&sb, "| %s | %s | %s |\n", c.Name, c.Type, strings.Join(notes, "; "))
		}
	}
	sb.WriteString("\n## Tools\n\n")
	for _, t := range w.Tools() {
		if t.Service() != s.Name {
			continue
		}
		kind := "writes"
		if t.ReadOnly() {
			kind = "read-only"
		}
		fmt.Fprintf(&sb, "- `%s` (%s): %s\n", t.Name(), kind, t.Title())
	}
	return sb.String()
}

func policiesDoc(w *World) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# Operating policies of %s\n\nThese rules keep our systems consistent with each other. No system enforces them for you: when your work touches one system, make the others agree.\n", w.Company().Name)
	for i, p := range w.Policies() {
		fmt.Fprintf(&sb, "\n## %d. %s\n\n%s\n\n_Applies when %s changes; keep %s in line._\n", i+1, p.Title, p.Text, p.Trigger, p.Target)
	}
	return sb.String()
}

// Instructions is the MCP server's instructions text: where the agent is
// and where to look.
func (w *World) Instructions() string {
	c := w.Company()
	var names []string
	for _, s := range w.Services() {
		names = append(names, s.Title)
	}
	text := fmt.Sprintf("You are working inside the business systems of %s (%s, %s; currency %s, time zone %s). Systems: %s. Each tool operates one system; systems do not update each other.",
		c.Name, c.Industry, c.Country, c.Currency, c.Timezone, strings.Join(names, ", "))
	if len(w.Policies()) > 0 {
		text += fmt.Sprintf(" The company's operating policies are in the resource world://%s/policies: read them before you act and follow them across systems.", w.Name())
	}
	return text
}

// TaskPrompt is the text of the "task" prompt for a task's public view.
func (w *World) TaskPrompt(t TaskInfo) string {
	return fmt.Sprintf("You are the %s at %s.\n\n%s\n\nUse the tools to do the work. Company policies: world://%s/policies.", t.Persona, w.Company().Name, t.Instruction, w.Name())
}
