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
	changed := c.Changed
	if c.Path != "" {
		snap[c.Path] = []byte(c.Code)
		f := &File{Path: c.Path, Content: []byte(c.Code), Lang: LangOf(c.Path, []byte(c.Code))}
		if before, ok := c.Files[c.Path]; ok {
			// the case edits a file the repository holds (files gives its text
			// before the change): the change owns only the lines that differ, which is
			// how a case shows that a rule about new code leaves old code alone
			f.Touched = EditedLines(before, c.Code)
			if !slices.Contains(changed, c.Path) {
				changed = append(slices.Clip(changed), c.Path)
			}
		} else {
			// a case's file that its change lists is one the change adds: a rule
			// about new files can then be shown a violation (the whole file is judged)
			f.New = slices.Contains(changed, c.Path)
		}
		ev.Files = append(ev.Files, f)
	}
	ev.Tree = snap
	if c.Message != "" {
		ev.Commits = []Commit{{Hash: "0000000000000000000000000000000000000000", Message: c.Message, Parents: 1, Files: changed}}
	}
	if len(changed) > 0 {
		ev.Mode = ModeDiff
		ev.Changed = changed
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
	if w := rule.When; w != nil && w.NewCode && c.Path != "" && len(c.Changed) == 0 {
		// a case of a rule about new code is code a change adds: the file, as new
		c.Changed = []string{c.Path}
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

// EditedLines returns the lines of after that are not in before, matched in order (a
// longest common subsequence): the lines a change from before to after touched, for
// a case that gives a file's text before and after. The common head and tail are
// matched first; a middle too large to align within maxEditedCells is touched whole,
// so a huge case costs bounded memory.
func EditedLines(before, after string) LineSet {
	a, b := strings.Split(before, "\n"), strings.Split(after, "\n")
	head := 0
	for head < len(a) && head < len(b) && a[head] == b[head] {
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && a[len(a)-1-tail] == b[len(b)-1-tail] {
		tail++
	}
	a, b = a[head:len(a)-tail], b[head:len(b)-tail]
	touched := LineSet{}
	n, m := len(a), len(b)
	if (n+1)*(m+1) > maxEditedCells {
		for j := range m {
			touched[head+j+1] = true
		}
		return touched
	}
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	i, j := 0, 0
	for j < m {
		switch {
		case i < n && a[i] == b[j]:
			i++
			j++
		case i < n && lcs[i+1][j] >= lcs[i][j+1]:
			i++
		default:
			touched[head+j+1] = true
			j++
		}
	}
	return touched
}

// maxEditedCells bounds the table EditedLines aligns (about 32 MB of ints).
const maxEditedCells = 1 << 22
