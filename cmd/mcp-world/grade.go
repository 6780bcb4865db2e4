package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/mercury/mcp-world/bundles"
	"github.com/mercury/mcp-world/verifier"
	"github.com/mercury/mcp-world/world"
)

// needTask resolves a required --task.
func needTask(w *world.World, id string) (*world.Task, error) {
	if id == "" {
		return nil, &exitError{2, fmt.Errorf("--task is required (tasks of %s: %s)", w.Name(), strings.Join(w.TaskIDs(), ", "))}
	}
	return findTask(w, id)
}

func (e *env) grade(args []string) error {
	fs := e.flags("grade", "--world W --task T --state-dir DIR [--grader G] [--json]")
	worldName := fs.String("world", "", "embedded world name or bundle file (default: the default world)")
	taskID := fs.String("task", "", "the task the episode ran (required)")
	dir := fs.String("state-dir", "", "the episode's state directory, as given to serve --state-dir (required)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	grader := fs.String("grader", "", "grade with this rule ("+strings.Join(verifier.GraderVersions(), ", ")+"; default "+verifier.GraderVersion+"), e.g. to compare with an old report")
	if err := parse(fs, args); err != nil {
		return done(err)
	}
	if *dir == "" {
		return &exitError{2, errors.New("grade: --state-dir is required")}
	}
	if err := checkGrader(*grader); err != nil {
		return err
	}
	w, err := loadWorld(*worldName)
	if err != nil {
		return err
	}
	task, err := needTask(w, *taskID)
	if err != nil {
		return err
	}
	ep, tr, err := openStateDir(e.ctx, w, task, *dir)
	if err != nil {
		return err
	}
	defer ep.Close()
	rep, err := verifier.GradeWith(e.ctx, ep, task, verifier.Options{Grader: *grader})
	if err != nil {
		return err
	}
	if tr != nil {
		rep.Calls = len(tr.Calls)
	}
	return printReport(e.stdout, rep, *asJSON)
}

func printReport(w io.Writer, r *verifier.Report, asJSON bool) error {
	if asJSON {
		return writeJSON(w, r)
	}
	verdict := "FAIL"
	if r.Success {
		verdict = "PASS"
	}
	fmt.Fprintf(w, "%s  score %.3f  world %s  task %s  (%d calls)\n", verdict, r.Score, r.World, r.Task, r.Calls)
	for _, c := range r.Checks {
		mark := "✗"
		if c.Passed {
			mark = "✓"
		}
		fmt.Fprintf(w, "  %s %-11s %-36s w=%g  %s\n", mark, c.Kind, c.ID, c.Weight, c.Detail)
		for _, row := range c.Rows {
			fmt.Fprintf(w, "        %s\n", row)
		}
	}
	fmt.Fprintf(w, "state %s  bundle %s  %s\n", r.StateHash, r.BundleHash, r.GraderVersion)
	return nil
}

func (e *env) replay(args []string) error {
	fs := e.flags("replay", "--world W --task T --trajectory FILE [--grader G] [--json]")
	worldName := fs.String("world", "", "embedded world name or bundle file (default: the default world)")
	taskID := fs.String("task", "", "the task of the trajectory (required; must match its header)")
	file := fs.String("trajectory", "", "trajectory.jsonl to replay (required)")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	grader := fs.String("grader", "", "regrade with this rule ("+strings.Join(verifier.GraderVersions(), ", ")+"; default "+verifier.GraderVersion+")")
	if err := parse(fs, args); err != nil {
		return done(err)
	}
	if *file == "" {
		return &exitError{2, errors.New("replay: --trajectory is required")}
	}
	if err := checkGrader(*grader); err != nil {
		return err
	}
	w, err := loadWorld(*worldName)
	if err != nil {
		return err
	}
	task, err := needTask(w, *taskID)
	if err != nil {
		return err
	}
	f, err := os.Open(*file)
	if err != nil {
		return fmt.Errorf("--trajectory: %w", err)
	}
	tr, err := world.ReadTrajectory(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", *file, err)
	}
	if err := checkHeader(w, task, tr.Header); err != nil {
		return fmt.Errorf("%s: %w", *file, err)
	}
	res, err := verifier.ReplayWith(e.ctx, w, tr, verifier.Options{Grader: *grader})
	if err != nil {
		return err
	}
	if *asJSON {
		if err := writeJSON(e.stdout, res); err != nil {
			return err
		}
	} else {
		if res.OK {
			fmt.Fprintf(e.stdout, "replay OK: %d calls, state %s\n", len(tr.Calls), res.StateHash)
		} else {
			fmt.Fprintf(e.stdout, "replay MISMATCH (%d):\n", len(res.Mismatches))
			for _, m := range res.Mismatches {
				fmt.Fprintf(e.stdout, "  %s\n", m)
			}
		}
		if err := printReport(e.stdout, res.Report, false); err != nil {
			return err
		}
	}
	if !res.OK {
		return fmt.Errorf("replay of %s does not match the recording (%d mismatches)", *file, len(res.Mismatches))
	}
	return nil
}

func (e *env) validate(args []string) error {
	fs := e.flags("validate", "[--json] [PATH|NAME...]  (a folder validates every *.json bundle in it; no argument: every embedded world)")
	asJSON := fs.Bool("json", false, "print one JSON report per bundle: {ok, world, validators: [{name, ok, errors, skipped}]}, as a JSON array")
	advisory := fs.String("advisory", "", "comma-separated validators whose errors are reported but do not fail a bundle; \"rewards\" names the reward validators ("+strings.Join(verifier.RewardValidators(), ", ")+")")
	if err := fs.Parse(args); err != nil {
		return done(parseErr(err))
	}
	var opts verifier.ValidateOptions
	for _, n := range strings.Split(*advisory, ",") {
		switch n = strings.TrimSpace(n); {
		case n == "":
		case n == "rewards":
			opts.Advisory = append(opts.Advisory, verifier.RewardValidators()...)
		case slices.Contains(verifier.ValidatorNames(), n):
			opts.Advisory = append(opts.Advisory, n)
		default:
			return &exitError{2, fmt.Errorf("--advisory: unknown validator %q (validators: rewards, %s)", n, strings.Join(verifier.ValidatorNames(), ", "))}
		}
	}
	targets := fs.Args()
	if len(targets) == 0 {
		targets = bundles.Names()
	}
	type item struct {
		Source string `json:"source"`
		*verifier.ValidationReport
	}
	var items []item
	var failed []string
	for _, t := range targets {
		files, err := bundleFiles(t)
		if err != nil {
			return err
		}
		for _, f := range files {
			data, err := readBundle(f)
			if err != nil {
				return err
			}
			rep := verifier.ValidateWith(e.ctx, data, opts)
			items = append(items, item{f, rep})
			if !rep.OK {
				failed = append(failed, f)
			}
		}
	}
	if *asJSON {
		if err := writeJSON(e.stdout, items); err != nil {
			return err
		}
	} else {
		for _, it := range items {
			printValidation(e.stdout, it.Source, it.ValidationReport)
		}
		fmt.Fprintf(e.stdout, "%d bundles, %d valid, %d invalid\n", len(items), len(items)-len(failed), len(failed))
	}
	if len(failed) > 0 {
		return fmt.Errorf("%d of %d bundles failed validation: %s", len(failed), len(items), strings.Join(failed, ", "))
	}
	return nil
}

func parseErr(err error) error {
	if errors.Is(err, errHelp) {
		return err
	}
	return &exitError{2, errSilent}
}

func printValidation(w io.Writer, source string, r *verifier.ValidationReport) {
	verdict := "valid"
	if !r.OK {
		verdict = "INVALID"
	}
	fmt.Fprintf(w, "%s: %s (world %s)\n", source, verdict, r.World)
	for _, v := range r.Validators {
		switch {
		case v.Skipped != "":
			fmt.Fprintf(w, "  - %-22s skipped: %s\n", v.Name, v.Skipped)
		case v.OK:
			fmt.Fprintf(w, "  ✓ %s\n", v.Name)
			for _, e := range v.Warnings {
				fmt.Fprintf(w, "      warning: %s\n", e)
			}
		case v.Advisory:
			fmt.Fprintf(w, "  ! %s (advisory)\n", v.Name)
			for _, e := range v.Errors {
				fmt.Fprintf(w, "      %s\n", e)
			}
		default:
			fmt.Fprintf(w, "  ✗ %s\n", v.Name)
			for _, e := range v.Errors {
				fmt.Fprintf(w, "      %s\n", e)
			}
		}
	}
}

// bundleFiles expands a validate target: an embedded world's name, a
// bundle file, or a folder of bundles (a corpus), sorted.
func bundleFiles(target string) ([]string, error) {
	st, err := os.Stat(target)
	if err != nil {
		for _, n := range bundles.Names() {
			if n == target {
				return []string{target}, nil
			}
		}
		return nil, fmt.Errorf("%s: not an embedded world (%s) and no such file or folder", target, strings.Join(bundles.Names(), ", "))
	}
	if !st.IsDir() {
		return []string{target}, nil
	}
	var files []string
	err = filepath.WalkDir(target, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".json") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no *.json bundles in this folder", target)
	}
	sort.Strings(files)
	return files, nil
}

func readBundle(source string) ([]byte, error) {
	if _, err := os.Stat(source); err != nil {
		return bundles.Bytes(source)
	}
	return os.ReadFile(source)
}
