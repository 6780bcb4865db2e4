package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mercury/mcp-world/planet"
	"github.com/mercury/mcp-world/planet/catalog"
	"github.com/mercury/mcp-world/verifier"
	"github.com/mercury/mcp-world/world"
)

func (e *env) synth(args []string) error {
	fs := e.flags("synth", "(--industry X --country Y [--description TEXT] [--emit-plan FILE] | --plan FILE | --briefs FILE.jsonl | --count N) [--seed S] --out DIR")
	industry := fs.String("industry", "", "industry: a catalog id, name or free text (mapped to the closest known one)")
	country := fs.String("country", "", "country: ISO code or name")
	description := fs.String("description", "", "free-text description of the business")
	briefs := fs.String("briefs", "", "JSON Lines file, one brief per line: {\"industry\", \"country\", \"description\", \"seed\"?}")
	count := fs.Int("count", 0, "sample N scenarios across the catalogs: industries in turn, every country once per round of countries")
	emitPlan := fs.String("emit-plan", "", "write how the brief was read (a mercury.plan/v1 JSON plan) to FILE, - for stdout; with --out also build it")
	planFile := fs.String("plan", "", "build the world of a plan FILE (as --emit-plan writes it, or edited by hand)")
	seed := fs.Uint64("seed", 1, "seed; the same seed gives a byte-identical corpus")
	out := fs.String("out", "", "directory to write one bundle per world into (required)")
	tasks := fs.Int("tasks", 10, "tasks per world")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "worlds built and validated in parallel; with --count, by one process each (a shard apiece)")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	shardArg := fs.String("shard", "", "build only shard I of K (0-based, e.g. 2/8): every K-th world from the I-th; the shards' union is the whole corpus, byte for byte")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the run to FILE (go tool pprof)")
	memProfile := fs.String("memprofile", "", "write an allocation profile of the run to FILE when it ends (go tool pprof -sample_index=alloc_space)")
	if err := parse(fs, args); err != nil {
		return done(err)
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return fmt.Errorf("--cpuprofile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("--cpuprofile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	if *memProfile != "" {
		defer func() {
			f, err := os.Create(*memProfile)
			if err != nil {
				fmt.Fprintln(e.stderr, "mcp-world: --memprofile:", err)
				return
			}
			defer f.Close()
			if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
				fmt.Fprintln(e.stderr, "mcp-world: --memprofile:", err)
			}
		}()
	}
	// A corpus run allocates much and keeps little (peak RSS about 100 MB
	// over 4,783 worlds): collecting a quarter as often saves about 8% of
	// its CPU (240 worlds: 64 against 68–73 CPU-s). GOGC, when set, decides.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	shard, err := parseShard(*shardArg)
	if err != nil {
		return err
	}
	modes := 0
	for _, on := range []bool{*industry != "" || *country != "" || *description != "", *briefs != "", *count > 0, *planFile != ""} {
		if on {
			modes++
		}
	}
	if modes != 1 {
		return &exitError{2, errors.New("synth: give one of --industry/--country, --plan FILE, --briefs FILE or --count N")}
	}
	if *emitPlan != "" && (*briefs != "" || *count > 0 || *planFile != "") {
		return &exitError{2, errors.New("synth: --emit-plan goes with one brief (--industry/--country/--description)")}
	}
	if *out == "" && *emitPlan == "" {
		return &exitError{2, errors.New("synth: --out DIR is required")}
	}
	var jobs []synthJob
	var bad []string
	switch {
	case *briefs != "":
		f, err := os.Open(*briefs)
		if err != nil {
			return fmt.Errorf("--briefs: %w", err)
		}
		jobs, bad = readBriefs(f, *seed, e.stderr)
		f.Close()
	case *count > 0:
		jobs = sampleScenarios(*count, *seed)
	case *planFile != "":
		data, err := os.ReadFile(*planFile)
		if err != nil {
			return fmt.Errorf("--plan: %w", err)
		}
		p, err := planet.ParsePlan(data)
		if err != nil {
			return fmt.Errorf("--plan %s: %w", *planFile, err)
		}
		jobs = []synthJob{{plan: p, label: *planFile}}
	default:
		j, err := resolveBrief(brief{Industry: *industry, Country: *country, Description: *description}, *seed)
		if err != nil {
			return err
		}
		// How the brief was read, one line per decision.
		for _, d := range j.plan.Decisions {
			fmt.Fprintln(e.stderr, "  "+d.String())
		}
		if *emitPlan != "" {
			data, err := planet.MarshalPlan(j.plan)
			if err != nil {
				return err
			}
			if *emitPlan == "-" {
				_, err = e.stdout.Write(data)
			} else {
				err = os.WriteFile(*emitPlan, data, 0o644)
			}
			if err != nil {
				return fmt.Errorf("--emit-plan: %w", err)
			}
			if *out == "" {
				return nil
			}
		}
		jobs = []synthJob{j}
	}
	jobs = shard.of(jobs)
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	opts := planet.Options{Tasks: *tasks}
	if *planFile != "" && !flagSet(fs, "tasks") {
		opts.Tasks = 0 // the plan says how many
	}
	var sum synthSummary
	if procs := max(1, *workers); procs > 1 && *count > 0 && len(jobs) >= 4*procs && *cpuProfile == "" && *memProfile == "" && !isSynthChild() && canRunWorkerProcesses() {
		// A corpus: one process per worker (see runSynthProcs).
		sum, err = runSynthProcs(e.ctx, args, shard, procs, len(jobs), e.stderr)
		if err != nil {
			return err
		}
	} else {
		sum = runSynth(e.ctx, jobs, *out, opts, max(1, *workers), e.stderr)
	}
	sum.BadBriefs = len(bad)
	sum.BadBriefLines = bad
	if *asJSON {
		if err := writeJSON(e.stdout, sum); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(e.stdout, "synthesized %d worlds (%d tasks) into %s in %.1fs; %d failed validation, %d bad briefs\n",
			sum.Written, sum.Tasks, *out, sum.Seconds, sum.Failed, sum.BadBriefs)
		for _, f := range sum.Failures {
			fmt.Fprintf(e.stdout, "  FAILED %s\n", f)
		}
	}
	if sum.Failed > 0 || (sum.Written == 0 && len(jobs) > 0) {
		return fmt.Errorf("%d of %d worlds failed; none of them was written", sum.Failed, len(jobs))
	}
	if len(bad) > 0 {
		// The good briefs were written; the exit code still says not all were.
		return fmt.Errorf("%d bad briefs (listed above); the other %d were synthesized", len(bad), sum.Written)
	}
	return nil
}

func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

type brief struct {
	Industry    string  `json:"industry"`
	Country     string  `json:"country"`
	Description string  `json:"description"`
	Seed        *uint64 `json:"seed"`
	// Labels of a brief suite (planet/testdata/briefs) ride along unused.
	ID           json.RawMessage `json:"id,omitempty"`
	City         json.RawMessage `json:"city,omitempty"`
	Capabilities json.RawMessage `json:"capabilities,omitempty"`
	Scale        json.RawMessage `json:"scale,omitempty"`
	Pack         json.RawMessage `json:"pack,omitempty"`
	Currencies   json.RawMessage `json:"currencies,omitempty"`
}

type synthJob struct {
	// scenario is read lazily by the worker (--count); plan is read
	// already (one brief, --briefs, --plan).
	scenario planet.Scenario
	plan     *planet.Plan
	label    string
	note     string
}

// resolveBrief reads a brief into a plan (planet.Read): it never refuses
// a brief whose country it knows.
func resolveBrief(b brief, seed uint64) (synthJob, error) {
	if b.Seed != nil {
		seed = *b.Seed
	}
	p, err := planet.Read(planet.Scenario{Industry: b.Industry, Country: b.Country, Description: b.Description, Seed: seed})
	if err != nil {
		return synthJob{}, err
	}
	j := synthJob{plan: p, label: p.Company.Pack + "/" + p.Company.Country}
	if p.Company.Pack == planet.Composed {
		j.note = fmt.Sprintf("industry %q composed from the description", p.Company.Industry)
	} else if p.Company.Match < 1 {
		j.note = fmt.Sprintf("industry %q maps to pack %q (match %.2f)", b.Industry, p.Company.Pack, p.Company.Match)
	}
	return j, nil
}

// readBriefs parses a JSON Lines file. A bad line is reported with its
// number and skipped; the others go on.
func readBriefs(r io.Reader, seed uint64, stderr io.Writer) ([]synthJob, []string) {
	var jobs []synthJob
	var bad []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		fail := func(msg string) {
			s := fmt.Sprintf("line %d: %s", n, msg)
			bad = append(bad, s)
			fmt.Fprintln(stderr, "mcp-world: briefs", s)
		}
		if len(line) == 0 {
			fail("empty line")
			continue
		}
		var b brief
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&b); err != nil {
			fail("malformed JSON: " + err.Error())
			continue
		}
		j, err := resolveBrief(b, seed+uint64(n))
		if err != nil {
			fail(err.Error())
			continue
		}
		if j.note != "" {
			fmt.Fprintf(stderr, "mcp-world: briefs line %d: %s\n", n, j.note)
		}
		j.label = fmt.Sprintf("line %d (%s)", n, j.label)
		jobs = append(jobs, j)
	}
	if err := sc.Err(); err != nil {
		bad = append(bad, fmt.Sprintf("line %d: %v", n+1, err))
	}
	return jobs, bad
}

// sampleScenarios spreads n scenarios over every industry and country.
func sampleScenarios(n int, seed uint64) []synthJob {
	inds, cs := catalog.Industries(), catalog.Countries()
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	jobs := make([]synthJob, n)
	var order []int
	for i := range jobs {
		// Round-robin industries so every one appears; countries in a
		// fresh shuffle each round, so every one appears once n reaches
		// their number, paired with a different industry each round.
		ind := inds[i%len(inds)]
		if i%len(cs) == 0 {
			order = r.Perm(len(cs))
		}
		c := cs[order[i%len(cs)]]
		jobs[i] = synthJob{scenario: planet.Scenario{Industry: ind.ID, Country: c.Code, Seed: seed*1_000_003 + uint64(i)}, label: fmt.Sprintf("#%d %s/%s", i+1, ind.ID, c.Code)}
	}
	return jobs
}

// synthSummary is the synth --json contract.
type synthSummary struct {
	Worlds        int      `json:"worlds"`
	Written       int      `json:"written"`
	Failed        int      `json:"failed"`
	Tasks         int      `json:"tasks"`
	BadBriefs     int      `json:"bad_briefs"`
	Seconds       float64  `json:"seconds"`
	Failures      []string `json:"failures,omitempty"`
	BadBriefLines []string `json:"bad_brief_lines,omitempty"`
}

// runSynth builds, validates and writes worlds with a pool of workers.
// Memory stays bounded: a world lives only while its worker handles it.
func runSynth(ctx context.Context, jobs []synthJob, dir string, opts planet.Options, workers int, stderr io.Writer) synthSummary {
	start := time.Now()
	var mu sync.Mutex
	sum := synthSummary{Worlds: len(jobs)}
	failures := make([]string, len(jobs))
	var doneN atomic.Int64
	bar := newProgress(stderr, len(jobs), "worlds")
	if isSynthChild() {
		bar = &progress{w: stderr, marks: true}
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				name, tasks, err := buildWorld(ctx, jobs[i], dir, opts)
				mu.Lock()
				if err != nil {
					sum.Failed++
					failures[i] = fmt.Sprintf("%s: %v", jobs[i].label, err)
				} else {
					sum.Written++
					sum.Tasks += tasks
					_ = name
				}
				mu.Unlock()
				bar.set(int(doneN.Add(1)))
			}
		}()
	}
	for i := range jobs {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	bar.finish()
	for _, f := range failures {
		if f != "" {
			sum.Failures = append(sum.Failures, f)
		}
	}
	sum.Seconds = time.Since(start).Seconds()
	return sum
}

// synthValidation is what synth holds a generated world to: every
// validator, the reward validators (verifier.RewardValidators) included.
var synthValidation = verifier.ValidateOptions{}

// buildWorld synthesizes one world, validates it with every validator and
// writes it only if it passes.
func buildWorld(ctx context.Context, j synthJob, dir string, opts planet.Options) (string, int, error) {
	var b *world.Bundle
	var err error
	if p := j.plan; p != nil {
		if opts.Tasks > 0 {
			p.Tasks.Count = opts.Tasks
		}
		b, err = planet.Build(p, opts)
	} else {
		// A sampled scenario: the same world as Build(Read), without
		// listing the policies in a plan no one reads.
		b, err = planet.Synthesize(j.scenario, opts)
	}
	if err != nil {
		return "", 0, err
	}
	data, err := json.MarshalIndent(b, "", " ")
	if err != nil {
		return "", 0, err
	}
	rep := verifier.ValidateWith(ctx, data, synthValidation)
	if !rep.OK {
		var why []string
		for _, v := range rep.Validators {
			if !v.OK && v.Skipped == "" {
				msg := v.Name
				if len(v.Errors) > 0 {
					msg += ": " + v.Errors[0]
				}
				why = append(why, msg)
			}
		}
		return "", 0, fmt.Errorf("world %s failed validation: %s", b.Name, strings.Join(why, "; "))
	}
	path := filepath.Join(dir, b.Name+".json")
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		return "", 0, err
	}
	return b.Name, len(b.Tasks), nil
}

// progress draws a one-line bar on stderr when it is a terminal.
type progress struct {
	w     io.Writer
	total int
	unit  string // what is counted: "worlds", "episodes"
	on    bool
	marks bool // a worker of runSynthProcs: a progressMark line per world
	start time.Time
	mu    sync.Mutex
	last  time.Time
}

func newProgress(w io.Writer, total int, unit string) *progress {
	p := &progress{w: w, total: total, unit: unit, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.on = true
		}
	}
	return p
}

func (p *progress) set(n int) {
	if p.marks {
		p.mu.Lock()
		fmt.Fprintln(p.w, progressMark) // one per world, counted by the parent
		p.mu.Unlock()
		return
	}
	if !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if time.Since(p.last) < 100*time.Millisecond && n < p.total {
		return
	}
	p.last = time.Now()
	const width = 30
	fill := width * n / max(p.total, 1)
	rate := float64(n) / time.Since(p.start).Seconds()
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d %s  %.1f/s ", strings.Repeat("#", fill), strings.Repeat(" ", width-fill), n, p.total, p.unit, rate)
}

func (p *progress) finish() {
	if p.on {
		fmt.Fprintln(p.w)
	}
}
