package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/policyfile"
	"github.com/heed-dev/heed/internal/project"
)

func (app *App) newCompileCmd() *cobra.Command {
	var check, dropLost bool
	var format string
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

With --check nothing is written: exit 1 when the policy file is missing or stale
(instruction files changed, or this heed compiles them differently), for CI and hooks.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat("compile", format, "text", "json"); err != nil {
				return err
			}
			return app.runCompile(check, dropLost, format, &model)
		},
	}
	cmd.Flags().BoolVar(&check, "check", false, "write nothing; exit 1 when .heed/policy.json is missing or stale")
	cmd.Flags().BoolVar(&dropLost, "drop-lost", false, "drop the rules you edited or added whose instruction is gone (without it, compile stops and writes nothing)")
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	model.register(cmd)
	return cmd
}

// compileOutput is `heed compile --format json`.
type compileOutput struct {
	Policy  string `json:"policy"`
	Check   bool   `json:"check,omitempty"`
	Written bool   `json:"written"`
	Stale   bool   `json:"stale"`
	// Unsealed says why the policy file on disk is not as heed wrote it (a hand edit
	// not yet accepted by heed compile); empty when it is.
	Unsealed string          `json:"unsealed,omitempty"`
	Changes  *policy.Changes `json:"changes"`
	Coverage *compile.Report `json:"coverage"`
	Warnings []string        `json:"warnings,omitempty"`
	Counts   map[string]int  `json:"counts"`
}

func (app *App) runCompile(check, dropLost bool, format string, model *modelStep) error {
	root, err := app.Repo()
	if err != nil {
		return err
	}
	path := project.PolicyPath(root)
	if !check {
		// before any write under .heed: a compile killed mid-write leaves a temporary
		// file (.policy.json.tmp-*) that git must not show
		enforce.EnsureIgnored(root)
	}
	fresh, rep, set, err := project.CompileRepo(root, project.Options{})
	if err != nil {
		return Fail("%v", err)
	}
	var old *policy.Policy
	oldBytes, err := os.ReadFile(path)
	switch {
	case err == nil:
		old, err = policyfile.Parse(oldBytes, policy.File)
		if err != nil {
			if check {
				return Fail("%v", err)
			}
			return Fail("%v\n(fix it, or delete it to compile from scratch: hand-edited rules in it would be lost)", err)
		}
	case errors.Is(err, os.ErrNotExist):
		oldBytes = nil
	default:
		return Fail("read %s: %v", policy.File, err)
	}
	if err := app.compileWithModel(root, old, fresh, model, check); err != nil {
		return err
	}
	merged, changes := policy.Merge(old, fresh)
	if len(changes.LostRules) > 0 && !check && !dropLost {
		return Fail("%s", lostRules(old, changes.LostRules))
	}
	// Never write a policy every other command would reject: a kept hand-edited rule
	// that no longer compiles is an error naming it.
	compiled, err := project.Validate(merged, policy.File)
	if err != nil {
		return Fail("%v", err)
	}
	data, err := policy.Marshal(merged)
	if err != nil {
		return Fail("encode policy: %v", err)
	}
	cov := compile.ReportFor(merged)
	cov.Warnings = rep.Warnings
	var warnings []string
	for _, w := range set.Warnings {
		warnings = append(warnings, w.String())
	}
	warnings = append(warnings, rep.Warnings...)
	// Stale compares content, not layout: a policy reformatted by hand is up to date.
	stale := old == nil
	unsealed := ""
	if old != nil {
		canon, err := policy.Marshal(old)
		stale = err != nil || !bytes.Equal(data, canon)
		// A hand edit the live hooks refuse to judge from until heed compile seals it
		// (docs/security.md): up to date in content, but not as heed wrote it.
		if err := policy.CheckSeal(oldBytes); err != nil {
			stale, unsealed = true, err.Error()
		}
	}
	out := compileOutput{Policy: policy.File, Check: check, Stale: stale, Unsealed: unsealed, Changes: changes, Coverage: cov, Warnings: warnings, Counts: counts(merged)}
	if !check && !bytes.Equal(data, oldBytes) {
		if err := policy.WriteAtomic(path, data); err != nil {
			return Fail("%v", err)
		}
		out.Written = true
	}
	if !check {
		// The live index lets shims and hooks read only the process rules they need;
		// they rebuild it when it is stale, so a failure here only costs them time.
		if err := enforce.WriteIndex(root, data, compiled); err != nil {
			warnings = append(warnings, err.Error())
			out.Warnings = warnings
		}
	}
	if format == "json" {
		enc := json.NewEncoder(app.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(&out); err != nil {
			return err
		}
	} else {
		app.printCompile(&out, old == nil && oldBytes == nil)
		if !check {
			app.suggestShim(root)
		}
	}
	if check && stale {
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

func counts(p *policy.Policy) map[string]int {
	c := map[string]int{"constraints": len(p.Entries), "rules": 0, "sources": len(p.Sources)}
	for _, e := range p.Entries {
		c["rules"] += len(e.Rules)
	}
	return c
}

func (app *App) printCompile(out *compileOutput, created bool) {
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
	fmt.Fprintln(w)
	out.Coverage.WriteTable(w)
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
