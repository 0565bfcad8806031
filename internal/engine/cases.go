package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/policy"
)

// DefaultCaseEvidence turns an authored case into evidence: argv and history become
// commands, path and code a file (in ModeAll), files the rest of the snapshot, message
// a commit, changed the change's paths, pr a pull request.
func DefaultCaseEvidence(c policy.Case) (*Evidence, error) {
	ev := &Evidence{Mode: ModeAll}
	for i, h := range c.History {
		ev.Commands = append(ev.Commands, Command{Argv: h, Cwd: c.Cwd, Index: i})
	}
	if len(c.Argv) > 0 {
		ev.Commands = append(ev.Commands, Command{Argv: c.Argv, Cwd: c.Cwd, Index: len(ev.Commands)})
	}
	snap := MapSnapshot{}
	for p, content := range c.Files {
		snap[p] = []byte(content)
	}
	if c.Path != "" {
		snap[c.Path] = []byte(c.Code)
		// a case's file that its change lists is one the change adds: a rule about
		// new files can then be shown a violation (the whole file is judged)
		added := slices.Contains(c.Changed, c.Path)
		ev.Files = append(ev.Files, &File{Path: c.Path, Content: []byte(c.Code), Lang: LangOf(c.Path, []byte(c.Code)), New: added})
	}
	ev.Tree = snap
	if c.Message != "" {
		ev.Commits = []Commit{{Hash: "0000000000000000000000000000000000000000", Message: c.Message, Parents: 1, Files: c.Changed}}
	}
	if len(c.Changed) > 0 {
		ev.Mode = ModeDiff
		ev.Changed = c.Changed
	}
	if c.PR != "" {
		title, body, _ := strings.Cut(c.PR, "\n")
		ev.PR = &PR{Title: title, Body: body}
	}
	return ev, nil
}

// inScope places a command case that names no directory where its rule applies: a
// case of a rule about web/ is a command run in web/, not at the root, where the
// rule never applies. `cwd: "."` places a case at the root on purpose.
func inScope(rule *policy.Rule, c policy.Case) policy.Case {
	if c.Cwd == "" && rule.Scope.Dir != "" && (len(c.Argv) > 0 || c.Shell != "" || len(c.History) > 0) {
		c.Cwd = rule.Scope.Dir
	}
	return c
}

// CaseOutcome is how a rule fared on one authored case.
type CaseOutcome struct {
	Case   policy.Case
	Got    Verdict
	OK     bool
	Reason string
}

// RunCase judges one authored case with the rule's kind and compares the verdict, as
// the case surface folds it (SurfaceCase), with the case's expectation.
func RunCase(reg *Registry, rule *policy.Rule, c policy.Case) CaseOutcome {
	out := CaseOutcome{Case: c}
	k, ok := reg.Kind(rule.Kind)
	if !ok {
		out.Reason = fmt.Sprintf("unknown rule kind %q", rule.Kind)
		return out
	}
	check, err := reg.CompileRule(rule)
	if err != nil {
		out.Reason = err.Error()
		return out
	}
	build := k.CaseEvidence
	if build == nil {
		build = DefaultCaseEvidence
	}
	ev, err := build(inScope(rule, c))
	if err != nil {
		out.Reason = fmt.Sprintf("case evidence: %v", err)
		return out
	}
	defer ev.Close()
	o := Run([]Compiled{{Rule: rule, Check: check}}, ev, Options{Workers: 1})[0]
	out.Got, _ = SurfaceCase.Fold(o.Targets)
	out.OK = string(o.Verdict) == c.Expect
	for _, t := range o.Targets {
		if t.Reason != "" {
			out.Reason = t.Reason
			break
		}
	}
	return out
}
