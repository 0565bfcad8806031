package lower

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/process"
)

// insteadIsCode: every alternative the ban names is an identifier of code (`fs.rm`,
// `shutil.rmtree()`, `os.remove`), not a command: "Use Node's `fs.rm` instead of
// shell commands like `rm -rf`" is about what scripts the change writes call, and
// says nothing certain of the commands the agent types.
func insteadIsCode(objs []norm.Object) bool {
	if len(objs) == 0 {
		return false
	}
	for _, o := range objs {
		if !apiName(o.Text) {
			return false
		}
	}
	return true
}

// apiName: a dotted or called identifier (`fs.rm`, `os.path.join()`, `std::fs::copy`),
// never a path (`./dev`, `bin/x`) or a command line.
func apiName(s string) bool {
	s = strings.TrimSuffix(strings.TrimSpace(s), "()")
	if s == "" || strings.ContainsAny(s, " /\\") || strings.HasPrefix(s, ".") {
		return false
	}
	dotted := strings.Contains(s, ".") || strings.Contains(s, "::")
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == '.' || r == ':' }) {
		if !identifier(part) {
			return false
		}
	}
	return dotted
}

func identifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9' {
			continue
		}
		return false
	}
	return true
}

// flagsOnEvent: "Always use `--signoff` (`-s`) when creating commits": options the
// sentence asks for on an event that is one command (`git commit`) are that command's
// required options; spellings of one option ("`--signoff` (`-s`)") are one option.
// Nil when the norm is not of that shape.
func flagsOnEvent(n *norm.Norm) *norm.Norm {
	if n.Polarity != norm.Require || len(n.Objects) == 0 || len(n.After) > 0 {
		return nil
	}
	for _, o := range n.Objects {
		if o.Kind != norm.KFlag || len(o.Argv) == 0 {
			return nil
		}
	}
	var argv []string
	rest := ""
	switch {
	case n.Condition != "" && len(n.Before) == 0:
		// "if you skip the hook; you check in code": the event is one of the
		// conditions, the others still hold and heed cannot see them
		for _, part := range strings.Split(n.Condition, ";") {
			if a := norm.EventCommand(strings.TrimSpace(part)); a != nil && argv == nil {
				argv = a
			} else if strings.TrimSpace(part) != "" {
				rest = strings.TrimSpace(strings.TrimSpace(rest + "; " + strings.TrimSpace(part)))
			}
		}
		rest = strings.TrimPrefix(rest, "; ")
	case len(n.Before) == 1 && n.Before[0].Kind == norm.KEvent && (n.Condition == "" || norm.EventCommand(n.Condition) != nil):
		// "pass `-s` on every commit": an option is no step before the commit, but
		// a part of it
		argv = norm.EventCommand(n.Before[0].Text)
	}
	if argv == nil {
		return nil
	}
	m := *n
	m.Condition = rest
	m.Before = nil
	m.Uncertain = nil
	for _, u := range n.Uncertain {
		if !strings.HasPrefix(u, "condition:") {
			m.Uncertain = append(m.Uncertain, u)
		}
	}
	if rest != "" {
		m.Uncertain = append(m.Uncertain, "condition: "+rest)
	}
	flags := []norm.Object{n.Objects[0]}
	for _, o := range n.Objects[1:] {
		if sameOption(argv, flags[len(flags)-1].Argv[0], o.Argv[0]) {
			continue // the rule's option group holds every spelling
		}
		flags = append(flags, o)
	}
	m.Objects = append([]norm.Object{{Kind: norm.KCommand, Text: strings.Join(argv, " "), Argv: argv}}, flags...)
	return &m
}

// sameOption: two spellings of one option of the command (`-s`, `--signoff`).
func sameOption(argv []string, a, b string) bool {
	sub := ""
	if len(argv) > 1 {
		sub = argv[1]
	}
	return slices.Contains(process.FlagSynonyms(argv[0], sub, a), b)
}

// shippedRunners are the runners a package manager ships, which a ban of the tool
// named alone covers (`npm` stands for npm and npx).
func shippedRunner(prog string) bool {
	switch prog {
	case "npx", "pnpx", "bunx", "uvx":
		return true
	}
	return false
}

// narrowToExamples: a ban of a tool named alone ("use pnpm, never npm") covers the
// runner the tool ships (npx) only as far as the file's own examples allow: a file
// that shows `npx playwright install` as normal use bans npm, not npx. It drops such
// runners from the rule's forbidden programs and reports whether it did.
func narrowToExamples(r *policy.Rule, exs []example, c *policy.Constraint, rc *recognize.RepoContext) bool {
	var p process.CommandParams
	if err := json.Unmarshal(r.Params, &p); err != nil {
		return false
	}
	if !slices.ContainsFunc(p.Forbid, func(f process.Pattern) bool {
		return len(f.Program) > 1 && slices.ContainsFunc(f.Program[1:], shippedRunner)
	}) {
		return false
	}
	exs = append(slices.Clone(exs), runnerSpans(c, rc)...)
	narrowed := false
	for _, ex := range exs {
		if len(ex.argv) == 0 || !shippedRunner(ex.argv[0]) {
			continue
		}
		for i := range p.Forbid {
			f := &p.Forbid[i]
			if len(f.Program) > 1 && !slices.Contains(f.Program[:1], ex.argv[0]) && slices.Contains(f.Program[1:], ex.argv[0]) {
				f.Program = slices.DeleteFunc(slices.Clone(f.Program), func(s string) bool { return s == ex.argv[0] })
				narrowed = true
			}
		}
	}
	if !narrowed {
		return false
	}
	b, err := json.Marshal(p)
	if err != nil {
		return false
	}
	r.Params = b
	r.Cases = process.CommandCases(p)
	return true
}

// statedPackageManagerBan: the ban half of a statement of the project's package
// manager ("This project uses Yarn as its package manager, not npm"): the project is
// the subject, the sentence names package management, and what it bans are package
// managers. The norm keeps its doubt (the subject is not the reader), so it warns.
func statedPackageManagerBan(n *norm.Norm) bool {
	if n.Polarity != norm.Forbid || len(n.Instead) == 0 || !norm.ProjectSubject(n.Subject) || !norm.NamesPackageManagement(n.Sentence) || len(n.Uncertain) == 0 {
		return false
	}
	for _, o := range append(slices.Clone(n.Objects), n.Instead...) {
		w := o.Text
		if len(o.Argv) > 0 {
			w = o.Argv[0]
		}
		if o.Kind != norm.KTool && !(o.Kind == norm.KCommand && len(o.Argv) == 1) {
			return false
		}
		if fam, _ := norm.ToolFamily(w); !packageManagers[fam] {
			return false
		}
	}
	return true
}

// runnerSpans are the spans of the file that run a shipped runner (`npx playwright
// install --with-deps`) in a sentence that forbids nothing: "Install the browsers
// when you need them: `npx playwright install`" shows npx as normal use even where
// the span is not the sentence's object.
func runnerSpans(c *policy.Constraint, rc *recognize.RepoContext) []example {
	if rc == nil {
		return nil
	}
	var out []example
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.File != c.File || o.ID == c.ID || !strings.Contains(o.Text, "`") {
			continue
		}
		var spans [][]string
		for _, t := range norm.Tokenize(o.Text) {
			if f := strings.Fields(t.Text); t.Code && len(f) > 1 && shippedRunner(f[0]) {
				spans = append(spans, f)
			}
		}
		if len(spans) == 0 || slices.ContainsFunc(norm.Read(o.Text, readContext(o, rc)), func(n norm.Norm) bool { return n.Polarity == norm.Forbid }) {
			continue
		}
		for _, f := range spans {
			out = append(out, example{argv: f, line: strings.Join(f, " "), at: fmt.Sprintf("%s:%d", o.File, o.Line), id: o.ID})
		}
	}
	return out
}

// jointActions: "Do not amend commits and force push": two practices under one "not"
// joined by "and" may be banned as one act (amending what is pushed, then forcing
// it), each alone allowed; which, the sentence does not say. A list of things one
// verb bans ("never use npm or yarn", "never `git add .` and `git commit -a`") is no
// such pair: only practices named as verbs are.
func jointActions(n *norm.Norm) bool {
	if n.Polarity != norm.Forbid || n.Together || len(n.Objects) < 2 || !allOfKind(n.Objects, norm.KConcept) {
		return false
	}
	low := " " + strings.ToLower(n.Sentence) + " "
	if i := strings.IndexAny(low, ".;"); i > 0 {
		low = low[:i+1]
	}
	return strings.Contains(low, " and ") && !strings.Contains(low, " or ") && !strings.Contains(low, " nor ") && !strings.Contains(low, " either ")
}

// updateImplied: "When you need to incorporate the latest changes from the main
// branch, use `git merge main` instead of `git rebase main`": the condition is what
// both commands do, so it holds whenever the ban applies.
func updateImplied(n *norm.Norm, forbid, via []process.Pattern) bool {
	if n.Condition == "" || len(forbid) == 0 || len(via) == 0 || !norm.UpdatesFromMain(n.Condition) {
		return false
	}
	integrates := func(ps []process.Pattern) bool {
		for _, p := range ps {
			if len(p.Program) == 0 || p.Program[0] != "git" || len(p.Args) == 0 || p.Args[0] != "rebase" && p.Args[0] != "merge" && p.Args[0] != "pull" {
				return false
			}
		}
		return true
	}
	return integrates(forbid) && integrates(via)
}
