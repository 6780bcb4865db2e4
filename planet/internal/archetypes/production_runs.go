package archetypes

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/kit"
	"github.com/mercury/mcp-world/planet/lexicon"
	"github.com/mercury/mcp-world/world"
)

// productionRun is how Production names and measures one run of making:
// in the brief's noun ("pressings", "brews", "dye lots"; production
// batches when it names none) with the quantities the brief says go in
// and come out ("kilos of olives in", "litres of oil out") and the
// plausible yield between them.
type productionRun struct {
	one, many, table, idArg string
	toolOne, searchTool     string
	prodOne, prodMany       string // "production batch", or the run's own noun
	in, out                 *runQuantity
	yield                   [2]float64
	hasYield                bool
}

// runQuantity is one side of a run: its column (the brief's words), the
// unit ("kilo"; "" when counted) and what it is of.
type runQuantity struct {
	col, said, unit, of string
}

// runOf reads the production service's run from its plan attributes
// (the reader's "production_run", "production_input", "production_output"…).
func runOf(g *engine.Gen, ps engine.PlanService) productionRun {
	lex := lexicon.Load()
	one := attributeValue(ps, "production_run")
	generic := true
	if one != "" {
		if e, ok := lex.ProductionRun(one); ok {
			generic = e.Generic
		} else {
			generic = false
		}
	} else {
		one = "batch"
	}
	run := productionRun{one: one, many: lex.Plural(one), idArg: engine.Snake(one) + "_id", prodOne: one, prodMany: lex.Plural(one)}
	run.table, run.toolOne = engine.Snake(run.many), engine.Snake(one)
	if generic {
		run.prodOne, run.prodMany = "production "+one, "production "+run.many
		run.table, run.toolOne = "production_"+engine.Snake(run.many), "production_"+engine.Snake(one)
	}
	run.searchTool = "search_" + run.table
	side := func(name string) *runQuantity {
		said := attributeValue(ps, name)
		if said == "" {
			return nil
		}
		return &runQuantity{col: engine.Snake(said), said: said, unit: attributeValue(ps, name+"_unit"), of: attributeValue(ps, name+"_of")}
	}
	run.in, run.out = side("production_input"), side("production_output")
	if run.in != nil && run.out != nil {
		var things []string
		for _, of := range []string{run.in.of, run.out.of} {
			things = append(things, strings.Fields(of)...)
		}
		run.yield, run.hasYield = lex.RunYield(one, unitOr(run.in.unit, run.in.of), unitOr(run.out.unit, run.out.of), things)
	}
	return run
}

// unitOr is a side's unit, or what it counts ("loaf").
func unitOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// prefix is the id prefix of the runs: BAT- for production batches, the
// run's own letters otherwise (PRE-, BRE-, DYE-).
func (r productionRun) prefix(g *engine.Gen) string {
	if r.table == "production_batches" {
		return "BAT-"
	}
	letters := strings.ToUpper(strings.ReplaceAll(engine.Snake(r.one), "_", ""))
	if len(letters) > 3 {
		letters = letters[:3]
	}
	return g.FreePrefix(letters+"-", "RUN-", "LOT-")
}

// unitsOf says a side's unit in words: "litres", or what is counted.
func (q *runQuantity) unitsOf() string {
	lex := lexicon.Load()
	if q.unit != "" {
		return lex.Plural(q.unit)
	}
	// Counted: in the brief's own words ("loaves", "skeins").
	if f := strings.Fields(q.said); len(f) > 1 {
		return strings.Join(f[:len(f)-1], " ")
	}
	return lex.Plural(q.of)
}

// items are what the runs are of when the brief names it ("the litres
// of oil out": oil; "we roast pistachios and hazelnuts"), else none.
func (r productionRun) items() []string {
	for _, q := range []*runQuantity{r.out, r.in} {
		if q != nil && q.of != "" {
			var out []string
			for _, it := range strings.Split(q.of, " or ") {
				out = append(out, engine.Title(it))
			}
			return out
		}
	}
	return nil
}

func (r productionRun) description() string {
	if r.in == nil && r.out == nil {
		return "Production batches (lots)."
	}
	d := engine.Title(r.many) + ", one row per " + r.one
	var sides []string
	for _, q := range []*runQuantity{r.in, r.out} {
		if q != nil {
			sides = append(sides, "its "+q.said)
		}
	}
	d += ", with " + strings.Join(sides, "; ")
	if r.hasYield {
		d += fmt.Sprintf("; the yield (%s out per %s in) of a %s is usually %s–%s", r.out.unitsOf(), r.in.perUnit(), r.one, trimFloat(r.yield[0]), trimFloat(r.yield[1]))
	}
	return d + "."
}

// perUnit is a side's unit after "per": "kilo", "juice".
func (q *runQuantity) perUnit() string { return unitOr(q.unit, q.of) }

func trimFloat(f float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", f), "0"), ".")
}

// columns are the run's quantities in and out, recorded as it goes.
func (r productionRun) columns() []world.Column {
	var cols []world.Column
	if r.in != nil {
		cols = append(cols, kit.Opt(world.Column{Name: r.in.col, Type: "real", Description: engine.Title(r.in.said) + ": what went into the " + r.one + ", in " + r.in.unitsOf() + "."}))
	}
	if r.out != nil {
		cols = append(cols, kit.Opt(world.Column{Name: r.out.col, Type: "real", Description: engine.Title(r.out.said) + ": what the " + r.one + " gave, in " + r.out.unitsOf() + "; recorded when it is completed."}))
	}
	return cols
}

// amount draws a plausible quantity of a side: hundreds of kilos or
// litres, a few tonnes, tens of things counted.
func (q *runQuantity) amount(rng *rand.Rand) float64 {
	switch q.unit {
	case "tonne", "ton":
		return float64(10+rng.IntN(60)) / 10
	case "gram", "g":
		return float64(10 + rng.IntN(90))
	case "kilo", "kg", "kilogram":
		return float64(10 * (20 + rng.IntN(130)))
	case "litre", "liter", "l":
		return float64(50 * (10 + rng.IntN(30)))
	case "":
		return float64(20 + rng.IntN(180))
	}
	return float64(10 * (5 + rng.IntN(50)))
}

// round keeps a quantity to what is weighed or counted: whole things,
// tenths of a unit.
func (q *runQuantity) round(v float64) float64 {
	if q.unit == "" {
		return math.Round(v)
	}
	return math.Round(v*10) / 10
}

// seed gives a run row its quantities for its state: what went in once
// it has started, what came out once it is completed, at a plausible
// yield.
func (r productionRun) seed(rng *rand.Rand, row engine.Row) {
	st, _ := row["status"].(string)
	if st == "planned" {
		return
	}
	var in float64
	if r.in != nil {
		in = r.in.amount(rng)
		row[r.in.col] = in
	}
	if r.out == nil || st == "in_progress" || st == "scrapped" {
		return
	}
	out := r.out.amount(rng)
	if r.hasYield && r.in != nil {
		out = r.out.round(in * (r.yield[0] + rng.Float64()*(r.yield[1]-r.yield[0])))
	}
	row[r.out.col] = out
	if r.out.unit == "" && out >= 1 {
		row["quantity"] = int64(out)
	}
}

// buildRunOutput lets Production record what a run gave ("the litres of
// oil out") as it completes, and gives a chore of recording it from the
// floor's figure.
func buildRunOutput(k *kit.Builder, run productionRun) {
	g, s := k.Gen, k.Svc
	bt, one, idArg, out := run.table, run.one, run.idArg, run.out
	tool := "record_" + run.toolOne + "_output"
	desc := fmt.Sprintf("Record what an in-progress or completed %s gave (%s, in %s) and mark it completed.", one, out.col, out.unitsOf())
	if run.hasYield {
		desc += fmt.Sprintf(" A %s usually gives %s–%s %s out per %s in.", one, trimFloat(run.yield[0]), trimFloat(run.yield[1]), out.unitsOf(), run.in.perUnit())
	}
	k.Tool(true, tool, "Record what a "+one+" gave", desc,
		[]world.ArgSpec{kit.S(idArg, true, "e.g. "+g.FormatID(bt, 1)), {Name: out.col, Type: "number", Required: true, Description: engine.Title(out.said) + ", in " + out.unitsOf() + "."}},
		kit.Get(bt, idArg, "b", "No "+one+" {"+idArg+"}."),
		world.Step{Require: "$b.status", In: kit.Vals("in_progress", "completed"), Message: engine.Title(one) + " {" + idArg + "} is {b.status}; only an in-progress or completed " + one + " has an output to record."},
		world.Step{Update: bt, Key: "$" + idArg, Set: map[string]any{out.col: "$" + out.col, "status": "completed"}})
	// What a run gave is what a person at a press or a still would miss
	// first: the tool a world keeps whatever its tool budget.
	s.Core = append([]string{tool}, slices.DeleteFunc(s.Core, func(c string) bool { return c == tool })...)
	s.Chores = append(s.Chores, &engine.Chore{Service: s.Name, Persona: "operations coordinator", Make: func(tc *engine.TaskCtx) (engine.Task, bool) {
		running := kit.RowsWhere(g.Rows(bt), "status", "in_progress")
		if len(running) == 0 {
			return engine.Task{}, false
		}
		b := engine.Pick(tc.R, running)
		probe := engine.Row{"status": "completed"}
		run.seed(tc.R, probe)
		v, _ := probe[out.col].(float64)
		if in, ok := b[colOr(run.in)].(float64); ok && run.hasYield {
			v = out.round(in * (run.yield[0] + tc.R.Float64()*(run.yield[1]-run.yield[0])))
		}
		return engine.Task{
			Title:       "record " + one + " output",
			Instruction: fmt.Sprintf("%s %s (%s) is finished: %s %s. Record it in %s.", engine.Title(one), b["id"], b["item"], trimFloat(v), out.said, s.Title),
			Calls:       []world.Call{{Tool: tool, Args: map[string]any{idArg: b["id"], out.col: v}}},
			Assertions: []world.Assertion{
				kit.FieldIs("The "+out.said+" is recorded.", bt, b["id"], out.col, v),
				kit.FieldIs("The "+one+" is completed.", bt, b["id"], "status", "completed"),
			},
			MayChange: []world.Change{kit.Change(bt, []any{b["id"]}, "update")},
			Services:  []string{s.Name},
		}, true
	}})
}

func colOr(q *runQuantity) string {
	if q == nil {
		return ""
	}
	return q.col
}
