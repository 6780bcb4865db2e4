package main

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strings"
	"text/tabwriter"
)

// evalSummary is the eval --json contract and summary.json.
type evalSummary struct {
	Model            string         `json:"model"`
	BaseURL          string         `json:"base_url"`
	World            string         `json:"world"`
	Planned          int            `json:"planned_episodes"`
	Episodes         int            `json:"episodes"`
	Tasks            int            `json:"tasks"`
	K                int            `json:"k"`
	SuccessRate      float64        `json:"success_rate"`
	MeanScore        float64        `json:"mean_score"`
	PassK            []passAtK      `json:"pass_k"`
	MeanTurns        float64        `json:"mean_turns"`
	MeanToolCalls    float64        `json:"mean_tool_calls"`
	PromptTokens     int            `json:"prompt_tokens"`
	CompletionTokens int            `json:"completion_tokens"`
	Statuses         map[string]int `json:"statuses"`
	RateLimited      int            `json:"rate_limited"`
	Retries          int            `json:"retries"`
	Malformed        int            `json:"malformed_tool_calls"`
	ToolErrors       int            `json:"tool_errors"`
	ByPersona        []groupStat    `json:"by_persona"`
	ByService        []groupStat    `json:"by_service"`
	ByTaskType       []groupStat    `json:"by_task_type"`
}

// passAtK is τ-bench's pass^k: the chance that k trials of a task all
// succeed, estimated per task from its n trials as C(c,k)/C(n,k) and
// averaged over tasks.
type passAtK struct {
	K     int     `json:"k"`
	Value float64 `json:"value"`
	Tasks int     `json:"tasks"` // tasks with at least k trials
}

type groupStat struct {
	Name        string  `json:"name"`
	Episodes    int     `json:"episodes"`
	SuccessRate float64 `json:"success_rate"`
	MeanScore   float64 `json:"mean_score"`
}

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }

// taskType groups tasks by how many systems they span.
func taskType(services []string) string {
	if len(services) == 1 {
		return "1 system"
	}
	return fmt.Sprintf("%d systems", len(services))
}

func summarize(cfg evalConfig, jobs []evalJob, results []evalResult) evalSummary {
	s := evalSummary{Model: cfg.Model, BaseURL: cfg.BaseURL, World: cfg.World, Planned: len(jobs), K: cfg.K, Statuses: map[string]int{}, PassK: []passAtK{}}
	if s.World == "" {
		s.World = "(default)"
	}
	planned := map[string]bool{}
	for _, j := range jobs {
		planned[j.key()] = true
	}
	type tally struct{ n, ok int }
	perTask := map[string]*tally{}
	groups := map[string]map[string]*groupStat{"persona": {}, "service": {}, "type": {}}
	add := func(kind, name string, r evalResult) {
		g := groups[kind][name]
		if g == nil {
			g = &groupStat{Name: name}
			groups[kind][name] = g
		}
		g.Episodes++
		g.MeanScore += r.Score
		if r.Success {
			g.SuccessRate++
		}
	}
	for _, r := range results {
		if !planned[r.key()] {
			continue
		}
		s.Episodes++
		s.MeanScore += r.Score
		if r.Success {
			s.SuccessRate++
		}
		s.MeanTurns += float64(r.Turns)
		s.MeanToolCalls += float64(r.ToolCalls)
		s.PromptTokens += r.PromptTokens
		s.CompletionTokens += r.CompletionTokens
		s.Statuses[r.Status]++
		s.RateLimited += r.RateLimited
		s.Retries += r.Retries
		s.Malformed += r.Malformed
		s.ToolErrors += r.ToolErrors
		tk := r.World + "/" + r.Task
		if perTask[tk] == nil {
			perTask[tk] = &tally{}
		}
		perTask[tk].n++
		if r.Success {
			perTask[tk].ok++
		}
		add("persona", r.Persona, r)
		for _, svc := range r.Services {
			add("service", svc, r)
		}
		add("type", taskType(r.Services), r)
	}
	s.Tasks = len(perTask)
	if s.Episodes > 0 {
		n := float64(s.Episodes)
		s.SuccessRate, s.MeanScore = round3(s.SuccessRate/n), round3(s.MeanScore/n)
		s.MeanTurns, s.MeanToolCalls = round3(s.MeanTurns/n), round3(s.MeanToolCalls/n)
	}
	for k := 1; k <= cfg.K; k++ {
		p := passAtK{K: k}
		sum := 0.0
		for _, t := range perTask {
			if t.n >= k {
				p.Tasks++
				sum += binom(t.ok, k) / binom(t.n, k)
			}
		}
		if p.Tasks > 0 {
			p.Value = round3(sum / float64(p.Tasks))
			s.PassK = append(s.PassK, p)
		}
	}
	list := func(kind string) []groupStat {
		out := []groupStat{}
		for _, name := range slices.Sorted(maps.Keys(groups[kind])) {
			g := *groups[kind][name]
			g.SuccessRate, g.MeanScore = round3(g.SuccessRate/float64(g.Episodes)), round3(g.MeanScore/float64(g.Episodes))
			out = append(out, g)
		}
		return out
	}
	s.ByPersona, s.ByService, s.ByTaskType = list("persona"), list("service"), list("type")
	return s
}

// binom is n choose k as a float.
func binom(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}

func printSummary(w io.Writer, s evalSummary) {
	fmt.Fprintf(w, "%s on %s: %d of %d episodes (%d tasks × k=%d)\n", s.Model, s.World, s.Episodes, s.Planned, s.Tasks, s.K)
	var pk []string
	for _, p := range s.PassK {
		pk = append(pk, fmt.Sprintf("pass^%d %.3f", p.K, p.Value))
	}
	fmt.Fprintf(w, "success %.1f%%  mean score %.3f  %s\n", 100*s.SuccessRate, s.MeanScore, strings.Join(pk, "  "))
	fmt.Fprintf(w, "turns %.1f  tool calls %.1f per episode; tokens %d prompt, %d completion\n", s.MeanTurns, s.MeanToolCalls, s.PromptTokens, s.CompletionTokens)
	var st []string
	for _, k := range slices.Sorted(maps.Keys(s.Statuses)) {
		st = append(st, fmt.Sprintf("%s %d", k, s.Statuses[k]))
	}
	fmt.Fprintf(w, "ended: %s; rate limited %d, retries %d, malformed tool calls %d, tool errors %d\n", strings.Join(st, ", "), s.RateLimited, s.Retries, s.Malformed, s.ToolErrors)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, g := range []struct {
		title string
		rows  []groupStat
	}{{"PERSONA", s.ByPersona}, {"SERVICE", s.ByService}, {"TASK TYPE", s.ByTaskType}} {
		fmt.Fprintf(tw, "\n%s\tEPISODES\tSUCCESS\tMEAN SCORE\n", g.title)
		for _, r := range g.rows {
			fmt.Fprintf(tw, "%s\t%d\t%.1f%%\t%.3f\n", r.Name, r.Episodes, 100*r.SuccessRate, r.MeanScore)
		}
	}
	tw.Flush()
}
