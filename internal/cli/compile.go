package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	checkpkg "github.com/heed-dev/heed/internal/check"
	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/gcfloor"
	"github.com/heed-dev/heed/internal/llm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/policybuild"
)

// validateFlags are compile's flags for the self-validation.
type validateFlags struct {
	skip     bool
	budget   time.Duration
	baseline bool
}

func (app *App) newCompileCmd() *cobra.Command {
	var check, dropLost bool
	var format string
	var vf validateFlags
	var model modelStep
	cmd := &cobra.Command{
		Use:   "compile",
		Short: "Compile the instruction files into .heed/policy.json",
		Long: `Compile reads the repository's instruction files (AGENTS.md, CLAUDE.md, copilot
instructions, Cursor rules, CONTRIBUTING...) and writes every constraint with the rules
it compiles into to .heed/policy.json, atomically. Rules you edited or added by hand
are kept for constraints whose text is unchanged, wherever the sentence moved (a
renamed heading, another section or file). When a constraint with such rules is gone
from the instruction files, compile stops and writes nothing: put the sentence back,
or pass --drop-lost to drop its rules. It prints what changed and the
coverage table: per instruction file, constraints by level, rules per domain, judge-only
and not-enforced constraints with the most common reasons.

Before it enforces a source or architecture rule it compiled, heed runs it over the
repository as it stands (the tree of HEAD; the working tree outside git), all rules in
one pass. A rule that flags more existing code than the thresholds allow (default: more
than 50 sites, or more than 5% of the files it applies to once it flags 3) is the
project's own idiom or a misreading: it is written as a warning with the count in its
"review" field. A rule that flags a few sites keeps its level, and compile lists those
sites: --baseline records them in .heed/baseline.json, so 'heed check --baseline'
reports only new ones. Rules a person wrote, edited or decided on ("decision": "keep" or
"drop") are never demoted. The pass is bounded (--validate-budget); rules it has not
finished are marked "not validated". --no-validate skips it: rules unchanged since the
last compile keep what it recorded, new ones are marked "not validated".

With --check nothing is written: exit 1 when the policy file is missing or stale
(instruction files changed, or this heed compiles them differently), for CI and hooks.
--check does not run the self-validation: it keeps what the policy file records.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat("compile", format, "text", "json"); err != nil {
				return err
			}
			if check && (vf.baseline || vf.skip) {
				return Fail("compile: --check writes nothing and does not validate: drop --baseline and --no-validate")
			}
			if vf.skip && vf.baseline {
				return Fail("compile: --baseline records what the self-validation finds: drop --no-validate")
			}
			return app.runCompile(check, dropLost, format, &model, &vf)
		},
	}
	cmd.Flags().BoolVar(&check, "check", false, "write nothing; exit 1 when .heed/policy.json is missing or stale")
	cmd.Flags().BoolVar(&dropLost, "drop-lost", false, "drop the rules you edited or added whose instruction is gone (without it, compile stops and writes nothing)")
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	cmd.Flags().BoolVar(&vf.skip, "no-validate", false, "do not run the compiled rules over the repository (new rules are marked \"not validated\")")
	cmd.Flags().DurationVar(&vf.budget, "validate-budget", 0, "time the self-validation may take (default: the policy's self_validation.budget_seconds, else 60s)")
	cmd.Flags().BoolVar(&vf.baseline, "baseline", false, "record the existing sites of the rules that keep their level in "+checkpkg.BaselineFile)
	model.register(cmd)
	return cmd
}

// compileHeapFloor is the heap goal under which a compile does not collect: reading a
// file's sentences allocates much and keeps little (3 MB live for the corpus's largest
// file), and Go's 4 MB starting goal made the collector a tenth of a compile's CPU.
const compileHeapFloor = 16 << 20

func (app *App) runCompile(check, dropLost bool, format string, model *modelStep, vf *validateFlags) error {
	gcfloor.Set(compileHeapFloor)
	root, err := app.Repo()
	if err != nil {
		return err
	}
	opt := policybuild.Options{Check: check, DropLost: dropLost, NoValidate: vf.skip, Budget: vf.budget, Baseline: vf.baseline}
	if model != nil && model.use {
		if check {
			return Fail("compile: --check and --llm do not go together (--check never contacts a model)")
		}
		client, err := app.modelClient(root, &model.flags)
		if err != nil {
			return err
		}
		if client == nil {
			return Fail("compile --llm: %v", llm.ErrDisabled)
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		opt.Model = &policybuild.Model{Client: client, Context: ctx, Log: app.Stderr}
	}
	out, err := policybuild.Run(root, opt)
	if err != nil {
		var lost *policybuild.LostRulesError
		var bad *policybuild.PolicyError
		switch {
		case errors.As(err, &lost):
			return Fail("%s", lostRules(lost.Old, lost.Lost))
		case errors.As(err, &bad) && !check:
			return Fail("%v\n(fix it, or delete it to compile from scratch: hand-edited rules in it would be lost)", err)
		}
		return Fail("%v", err)
	}
	if format == "json" {
		enc := json.NewEncoder(app.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return err
		}
	} else {
		app.printCompile(out)
		if !check {
			app.suggestShim(root)
		}
	}
	if check && out.Stale {
		return Violations()
	}
	return nil
}

// lostRules says which hand-edited rules a recompile would drop, with the instruction
// each came from, and what to do.
func lostRules(old *policy.Policy, lost []string) string {
	ids := map[string]bool{}
	for _, id := range lost {
		ids[id] = true
	}
	var b strings.Builder
	they := "the instruction they came from is"
	if len(lost) == 1 {
		they = "the instruction it came from is"
	}
	fmt.Fprintf(&b, "compile: %s you edited or added would be lost: %s no longer in the instruction files\n", plural(len(lost), "rule"), they)
	shown := 0
	for _, e := range old.Entries {
		for _, r := range e.Rules {
			if !ids[r.ID] {
				continue
			}
			if shown++; shown > 8 {
				continue
			}
			at := e.File
			if e.Line > 0 {
				at += fmt.Sprintf(":%d", e.Line)
			}
			fmt.Fprintf(&b, "  %s, from %q (%s)\n", r.ID, clipText(e.Text, 120), at)
		}
	}
	if shown > 8 {
		fmt.Fprintf(&b, "  and %d more\n", shown-8)
	}
	fmt.Fprintf(&b, "%s is unchanged. Put the instruction back (its heading and place may change: heed finds it by its text),\n", policy.File)
	b.WriteString("or run heed compile --drop-lost to drop these rules.")
	return b.String()
}

func clipText(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	r := []rune(s)
	if len(r) > n {
		r = r[:n]
	}
	return string(r) + "…"
}

func counts(p *policy.Policy) map[string]int { return policybuild.Counts(p) }

func (app *App) printCompile(out *policybuild.Result) {
	created := out.Created
	w := app.Stdout
	for _, warn := range out.Warnings {
		fmt.Fprintf(app.Stderr, "heed: warning: %s\n", warn)
	}
	n := out.Counts
	if n["sources"] == 0 {
		fmt.Fprintf(app.Stderr, "heed: warning: %s: the policy holds no rules\n", noInstructionFiles)
	}
	switch {
	case out.Check && !out.Stale:
		fmt.Fprintf(w, "%s is up to date (%d constraints, %d rules)\n", out.Policy, n["constraints"], n["rules"])
	case out.Check && created:
		fmt.Fprintf(w, "%s is missing: run `heed compile` to write it\n", out.Policy)
	case out.Check && out.Unsealed != "":
		fmt.Fprintf(w, "%s is not as heed wrote it: %s; the live hooks will not judge from it: run `heed compile` to accept the edit\n", out.Policy, out.Unsealed)
	case out.Check:
		fmt.Fprintf(w, "%s is stale: run `heed compile` to update it\n", out.Policy)
	case out.Written && created:
		fmt.Fprintf(w, "wrote %s: %d constraints from %d instruction files, %d rules\n", out.Policy, n["constraints"], n["sources"], n["rules"])
	case out.Written:
		fmt.Fprintf(w, "updated %s: %d constraints, %d rules\n", out.Policy, n["constraints"], n["rules"])
	default:
		fmt.Fprintf(w, "%s is up to date (%d constraints, %d rules)\n", out.Policy, n["constraints"], n["rules"])
	}
	if !created {
		printChanges(w, out.Changes, out.Check)
	}
	printReview(w, out)
	printValidation(w, out)
	fmt.Fprintln(w)
	out.Coverage.WriteTable(w)
}

// printReview lists the rules that need review for what the compiler saw in their
// sentences (the self-validation lists its own).
func printReview(w io.Writer, out *policybuild.Result) {
	for _, n := range out.Review {
		fmt.Fprintf(w, "  needs review (a warning): %s%s %s\n", n.Rule, quoteRule(out, n.Rule), n.Review)
	}
}

func quoteRule(out *policybuild.Result, id string) string {
	if c := out.Constraints[id]; c != nil {
		return fmt.Sprintf(" %q (%s:%d)", clipText(c.Text, 80), c.File, c.Line)
	}
	return ""
}

// printValidation says what the self-validation did: the rules it demoted, the
// existing sites of the rules that keep their level (the baseline to accept), and
// the rules it did not finish.
func printValidation(w io.Writer, out *policybuild.Result) {
	if len(out.NotValidated) > 0 {
		fmt.Fprintf(w, "not validated (--no-validate): %s: run heed compile to run them over the repository\n", strings.Join(clipIDs(out.NotValidated), ", "))
	}
	v := out.Validation
	if v == nil || len(v.Rules) == 0 {
		return
	}
	fmt.Fprintf(w, "self-validation: %s over %s (%s) in %.1fs\n", plural(len(v.Rules), "source/architecture rule"), v.Tree, plural(v.Files, "file"), v.DurationMS/1000)
	quote := func(id string) string { return quoteRule(out, id) }
	var sites, baselined int
	var unfinished []string
	for _, rv := range v.Rules {
		switch rv.Verdict {
		case checkpkg.ValidDemote:
			fmt.Fprintf(w, "  needs review (now a warning): %s%s %s\n", rv.Rule, quote(rv.Rule), rv.Review)
		case checkpkg.ValidBaseline:
			baselined++
			sites += rv.Sites
			var at []string
			for i, f := range rv.Findings {
				if i == 3 {
					at = append(at, "...")
					break
				}
				at = append(at, fmt.Sprintf("%s:%d", f.File, f.Line))
			}
			kept := ""
			if rv.Authored && rv.Review != "" {
				kept = ", kept at its level: a person wrote or confirmed it"
			}
			sampled := ""
			if rv.Sampled > 0 {
				sampled = fmt.Sprintf(" of a sample of %d of its %d files (about %d in all; --baseline judges every file)", rv.Sampled, rv.Of, rv.EstimatedSites())
			}
			fmt.Fprintf(w, "  existing sites: %s (%s)%s: %s in %s%s%s: %s\n", rv.Rule, rv.Severity, quote(rv.Rule), plural(rv.Sites, "site"), plural(rv.Files, "file"), sampled, kept, strings.Join(at, ", "))
		case checkpkg.ValidNotValidated:
			unfinished = append(unfinished, rv.Rule)
		}
	}
	var sampled []string
	for _, rv := range v.Rules {
		if rv.Sampled > 0 {
			sampled = append(sampled, rv.Rule)
		}
	}
	if len(sampled) > 0 {
		fmt.Fprintf(w, "  judged on a sample of %d of the files they might judge (self_validation.sample_files): %s; their existing sites are not all listed: heed compile --baseline judges every file\n",
			v.Thresholds.SampleFiles, strings.Join(clipIDs(sampled), ", "))
	}
	if len(unfinished) > 0 {
		fmt.Fprintf(w, "  not validated (the %gs budget ran out): %s; they keep their level, unjudged (raise --validate-budget or self_validation.budget_seconds)\n",
			v.Thresholds.BudgetSeconds, strings.Join(clipIDs(unfinished), ", "))
	}
	switch {
	case out.Baseline != "":
		fmt.Fprintf(w, "  recorded %s of %s in %s: heed check --baseline reports only new ones\n", plural(sites, "existing site"), plural(baselined, "rule"), out.Baseline)
	case sites > 0 && !out.Check:
		fmt.Fprintf(w, "  accept the %s as they are with heed compile --baseline: heed check --baseline then reports only new ones\n", plural(sites, "existing site"))
	}
}

func clipIDs(ids []string) []string {
	if len(ids) > 8 {
		return append(append([]string(nil), ids[:8]...), fmt.Sprintf("and %d more", len(ids)-8))
	}
	return ids
}

func printChanges(w io.Writer, ch *policy.Changes, check bool) {
	verb := func(done, would string) string {
		if check {
			return would
		}
		return done
	}
	list := func(label string, ids []string) {
		if len(ids) == 0 {
			return
		}
		shown := ids
		more := ""
		if len(shown) > 8 {
			shown, more = shown[:8], fmt.Sprintf(" (and %d more)", len(ids)-8)
		}
		fmt.Fprintf(w, "  %s %d: %s%s\n", label, len(ids), strings.Join(shown, ", "), more)
	}
	if len(ch.Sources) > 0 {
		list(verb("instruction files changed", "instruction files changed"), ch.Sources)
	}
	list(verb("constraints added", "constraints to add"), ch.AddedConstraints)
	list(verb("constraints removed", "constraints to remove"), ch.RemovedConstraints)
	list(verb("rules added", "rules to add"), ch.AddedRules)
	list(verb("rules removed", "rules to remove"), ch.RemovedRules)
	list(verb("rules regenerated", "rules to regenerate"), ch.ChangedRules)
	if len(ch.MovedConstraints) > 0 {
		var moves []string
		for _, m := range ch.MovedConstraints {
			moves = append(moves, m.From+" → "+m.To)
		}
		list(verb("constraints found under a new heading or place (by their text)", "constraints to follow to a new heading or place (by their text)"), moves)
	}
	list("hand-edited rules kept", ch.KeptRules)
	if len(ch.LostRules) > 0 {
		list(verb("HAND-EDITED RULES DROPPED (their constraint is gone)", "HAND-EDITED RULES TO DROP (their constraint is gone)"), ch.LostRules)
	}
}

// suggestShim says, once a policy is compiled, where shims and hooks still run heed
// although heed-shim, beside it, can now answer them from the live index.
func (app *App) suggestShim(root string) {
	exe, err := enforce.Self()
	if err != nil {
		return
	}
	if _, ok := enforce.Beside(exe, enforce.ShimBinary); !ok {
		return
	}
	var again []string
	if enforce.ShimsRunHeed(filepath.Join(root, filepath.FromSlash(enforce.ShimDir))) {
		again = append(again, "heed shim install")
	}
	if agents := enforce.HeedHooks(root); len(agents) > 0 {
		again = append(again, "heed hook install "+strings.Join(agents, " "))
	}
	if len(again) > 0 {
		fmt.Fprintf(app.Stdout, "shims and hooks installed before this policy run heed; %s answers them in about half the time now: run %s\n", enforce.ShimBinary, strings.Join(again, " and "))
	}
}
