package lower

import (
	"path"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/process"
)

// exemptChanges are the files whose change alone needs no step of an order: the
// sentence's own clause ("..., unless you only touched Markdown files"), or a
// sentence of the same instruction file that frees such changes from the step
// ("Docs-only changes don't need the test run"). A sentence elsewhere frees an order
// only from the step it names: the tests, the linter, the build, or the order's own
// command; "the checks", "CI" or "these steps" free every order before a commit,
// push or pull request. An order that follows changes to named files keeps them.
func exemptChanges(c *policy.Constraint, n *norm.Norm, rc *recognize.RepoContext, p process.SequenceParams) []string {
	if len(n.Unless) > 0 {
		return n.Unless
	}
	if rc == nil || len(p.Changed) > 0 && !p.ChangedInferred {
		return nil
	}
	label := strings.ToLower(p.Label)
	var out []string
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.File != c.File || o.ID == c.ID {
			continue
		}
		globs, step, ok := norm.OnlyChangeExemption(o.Text)
		if !ok || !stepNamed(step, label, n) {
			continue
		}
		for _, g := range globs {
			if !slices.Contains(out, g) {
				out = append(out, g)
			}
		}
	}
	return out
}

// stepNamed: the words of an exemption ("the test run", "to run the linter", "CI")
// name the step an order requires (its command, label, or role).
func stepNamed(step, label string, n *norm.Norm) bool {
	words := strings.Fields(strings.NewReplacer("`", " ", ",", " ", ".", " ").Replace(step))
	has := func(ws ...string) bool {
		return slices.ContainsFunc(words, func(w string) bool { return slices.Contains(ws, w) })
	}
	if strings.Contains(step, "`") || strings.Contains(step, label) {
		return strings.Contains(step, label)
	}
	if has("checks", "ci", "steps", "above", "these", "this", "them", "it") {
		return true
	}
	roles := map[string][]string{
		"test":  {"test", "tests", "testing", "suite"},
		"lint":  {"lint", "linter", "linters", "linting"},
		"build": {"build", "builds", "compile"},
	}
	for role, ws := range roles {
		if !has(ws...) {
			continue
		}
		if strings.Contains(label, role) {
			return true
		}
		for _, ob := range n.Objects {
			if ob.Kind == norm.KRole && ob.Text == role {
				return true
			}
		}
	}
	return false
}

// headingChangeGlobs are the files a section's condition names ("When you touch the
// API", "If you change `proto/`"): its paths in code spans, the files of a language,
// or a folder of the repository named in plain words ("the API": `api/`); nil when
// heed finds none of them.
func headingChangeGlobs(what string, c *policy.Constraint, rc *recognize.RepoContext) []string {
	var out []string
	for _, t := range norm.Tokenize(what) {
		if t.Code && !strings.Contains(strings.TrimSpace(t.Text), " ") {
			out = append(out, changedGlob(strings.TrimSpace(t.Text), c.Scope.Dir))
		}
	}
	if len(out) > 0 {
		return out
	}
	if g := norm.HeadingLanguageGlobs([]string{what}); len(g) > 0 {
		return g
	}
	if rc == nil {
		return nil
	}
	var words []string
	for _, w := range strings.Fields(strings.ToLower(what)) {
		switch w {
		case "the", "a", "an", "any", "our", "your", "this", "its", "code", "files", "folder", "directory", "package", "module", "layer":
			continue
		}
		words = append(words, strings.Trim(w, ".,:()`'\""))
	}
	if len(words) != 1 || words[0] == "" {
		return nil
	}
	for _, d := range rc.Dirs {
		if strings.EqualFold(d, path.Join(c.Scope.Dir, words[0])) {
			return []string{d + "/**"}
		}
	}
	return nil
}

// maxAboveSteps: how many constraints back "the above steps" may reach.
const maxAboveSteps = 6

// aboveSteps: "Commit only when the above steps succeed" after items that each run a
// command: the event waits for those commands, each of them, run after the last
// change. The steps are the constraints before c in its section (up to
// maxAboveSteps), the commands each requires; a step under a condition of its own
// ("run the tests related to your changes when available") is none of them.
func aboveSteps(c *policy.Constraint, rc *recognize.RepoContext) []norm.Norm {
	ev, ok := norm.AboveStepsOrder(c.Text)
	if !ok || rc == nil {
		return nil
	}
	at := -1
	for i := range rc.Constraints {
		if rc.Constraints[i].ID == c.ID && c.ID != "" {
			at = i
		}
	}
	var cmds []norm.Object
	for i := at - 1; i >= 0 && i >= at-maxAboveSteps; i-- {
		p := &rc.Constraints[i]
		if p.File != c.File || strings.Join(p.HeaderPath, "\x00") != strings.Join(c.HeaderPath, "\x00") {
			break
		}
		pctx := readContext(p, rc)
		pctx.Previous = nil
		for _, pn := range norm.Read(p.Text, pctx) {
			if pn.Polarity != norm.Require || pn.Condition != "" || pn.Hedge != "" || len(pn.Before) > 0 {
				continue
			}
			for _, o := range pn.Objects {
				if o.Kind == norm.KCommand && !slices.ContainsFunc(cmds, func(x norm.Object) bool { return x.Text == o.Text }) {
					cmds = append([]norm.Object{o}, cmds...)
				}
			}
		}
	}
	if len(cmds) == 0 {
		return nil
	}
	return []norm.Norm{{Polarity: norm.Require, Strength: "must", Verb: "run", Objects: cmds,
		Before: []norm.Object{{Kind: norm.KEvent, Text: ev, Origin: "the steps above"}}, Sentence: c.Text}}
}
