// Package lower turns norms (internal/norm) into rules of heed's kinds: the back end
// of the compiler, one file per domain. It reads no English itself: every word was
// read by internal/norm, and every rule kind lives in internal/rules.
package lower

import (
	"encoding/json"
	"fmt"
	"github.com/heed-dev/heed/internal/layout"
	"path"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/process"
	"github.com/heed-dev/heed/internal/shell"
	"github.com/heed-dev/heed/internal/uniq"
)

// OriginProcess is the origin of the command rules lowered from norms.
const OriginProcess = "norm.process"

// Process returns the recogniser that reads a constraint into norms and lowers the
// ones about commands into command and sequence rules.
func Process() recognize.Recognizer { return processRec{} }

type processRec struct{}

func (processRec) Name() string { return OriginProcess }

// readContext builds the reader's context for a constraint: its heading, the lead-in of
// its list, the commands of its code block, and what counts as a command here.
func readContext(c *policy.Constraint, rc *recognize.RepoContext) norm.Context {
	var tools []string
	if rc != nil {
		tools = rc.Tools
	}
	ctx := norm.Context{
		Heading: c.HeaderPath,
		Command: func(span string) ([]string, bool) {
			argv, ok := process.SpanArgv(span)
			if !ok || !process.IsCommand(argv, tools) {
				return nil, false
			}
			return argv, true
		},
		Block: blockCommands(blockOf(c, rc)),
	}
	ctx.LeadIn = leadInOf(c, rc)
	ctx.Section = func() []string { return sectionCommands(c, rc) }
	ctx.Previous = func() []norm.Object {
		// "Run the full suite with `make`. Always run it before you commit."
		p := preceding(c, rc)
		if p == nil || p.Line < c.Line-1 || p.Line > c.Line {
			return nil
		}
		pctx := readContext(p, rc)
		pctx.Previous = nil
		var cmds []norm.Object
		for _, n := range norm.Read(p.Text, pctx) {
			if n.Polarity == norm.Require {
				for _, o := range n.Objects {
					if o.Kind == norm.KCommand {
						cmds = append(cmds, o)
					}
				}
			}
		}
		return cmds
	}
	ctx.Following = func() []norm.Object {
		// the clause after this one on the same line, which the extractor cut off
		// at a semicolon
		next := rc.Following(c, 1)
		if len(next) == 0 || next[0].Line != c.Line {
			return nil
		}
		nctx := readContext(next[0], rc)
		nctx.Following, nctx.Previous = nil, nil
		var cmds []norm.Object
		for _, n := range norm.Read(next[0].Text, nctx) {
			if n.Polarity == norm.Require {
				for _, o := range n.Objects {
					if o.Kind == norm.KCommand && len(o.Argv) > 0 {
						cmds = append(cmds, o)
					}
				}
			}
		}
		return cmds
	}
	ctx.Continues = func() bool {
		p := preceding(c, rc)
		return p != nil && p.Line <= c.Line && p.EndLine >= c.Line && p.Context == c.Context
	}
	if strings.Contains(c.Text, " | ") && strings.Contains(c.Context, " | ") {
		ctx.Columns = strings.Split(norm.TableHeader(c.Context), " | ")
	}
	return ctx
}

// sectionCommands are the command lines of the shell code blocks in c's section.
func sectionCommands(c *policy.Constraint, rc *recognize.RepoContext) []string {
	if rc == nil {
		return nil
	}
	var out []string
	hp := strings.Join(c.HeaderPath, "\x00")
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.File != c.File || strings.Join(o.HeaderPath, "\x00") != hp {
			continue
		}
		for _, b := range o.Code {
			if shellLangs[strings.ToLower(b.Lang)] {
				out = append(out, commandLines(b.Text)...)
			}
		}
	}
	return out
}

// listOrders gives a lead-in that orders its list ("Always run these commands before
// opening a pull request:", "Before you push, make sure the following pass:") the
// commands of the list's items, nested lists included, as its own objects: the
// sentence is the rule, the items what it names. (Each item also reads as the order
// on its own; an order stated twice is one check, see policy.EnforcementKey.)
func listOrders(c *policy.Constraint, rc *recognize.RepoContext, norms []norm.Norm) {
	for i := range norms {
		n := &norms[i]
		if n.Polarity == norm.Require && len(n.Before)+len(n.After) == 0 && n.Condition == "" && len(n.Objects) == 0 && norm.ValidatesChanges(c.Text) {
			// "Run the following commands to validate your changes:": they run
			// before the work leaves the session
			n.Before = []norm.Object{{Kind: norm.KEvent, Text: "finish", Origin: "inferred"}}
			n.Uncertain = append(n.Uncertain, "the list validates the work: it runs before the work leaves the session")
		}
		if n.Polarity != norm.Require || len(n.Before)+len(n.After) == 0 || hasKind(n.Objects, norm.KCommand) {
			continue
		}
		if norm.FilesLead(c.Text) {
			// "When modifying these files, ensure property validation remains
			// intact:": the list names files, not commands to run
			continue
		}
		cmds, items, mixed := listCommands(c, rc)
		if items > 0 && len(n.Objects) > 0 && allOfKind(n.Objects, norm.KRole) {
			// "Run ALL linters before submitting a PR:" over "Ruby code: `bundle exec
			// rubocop`", ...: the list says which linter when; the role's commands
			// taken together would ask for all of them every time
			n.Objects = cmds
		}
		if len(cmds) == 0 || len(cmds) > maxListCommands {
			return
		}
		n.Objects = cmds
		n.InsteadOfPrevious = false // "these commands" points at the list below
		if mixed {
			n.Uncertain = append(n.Uncertain, "the list holds duties that are no command: its commands are read as the order's steps")
		}
		if norm.ChecklistLead(c.Text) {
			// "make sure you have checked all the items that apply:": a checklist,
			// whose commands are advice like its other duties
			n.Uncertain = append(n.Uncertain, checklistItems)
		}
	}
}

// previousOrder: "Run tests locally before submitting. At a minimum, run `pnpm lint`
// and `pnpm check`.": a sentence that names the commands of the sentence before it in
// the same paragraph, which named only their role and when, runs them then (a
// warning: the order is inferred from the neighbour).
func previousOrder(c *policy.Constraint, rc *recognize.RepoContext, norms []norm.Norm) {
	need := false
	for i := range norms {
		n := &norms[i]
		if n.Polarity == norm.Require && len(n.Before)+len(n.After) == 0 && n.Condition == "" && hasKind(n.Objects, norm.KCommand) && n.Subject == "" {
			need = true
		}
	}
	if !need {
		return
	}
	p := preceding(c, rc)
	// "- After editing code, run `cargo clippy ...`." + "- Then run `cargo fmt
	// --all`.": a step that opens with "then" is the next step of the order before
	// it, in the next item as in the same paragraph
	then := thenStep(c.Text)
	if p == nil || p.Line != c.Line && !(then && p.Line < c.Line) {
		return
	}
	pctx := readContext(p, rc)
	pctx.Previous = nil
	for _, pn := range norm.Read(p.Text, pctx) {
		if pn.Polarity != norm.Require || len(pn.Before)+len(pn.After) == 0 || !allOfKind(pn.Objects, norm.KRole) && !then || pn.Condition != "" {
			continue
		}
		for i := range norms {
			n := &norms[i]
			if n.Polarity == norm.Require && len(n.Before)+len(n.After) == 0 && n.Condition == "" && hasKind(n.Objects, norm.KCommand) && n.Subject == "" {
				n.Before, n.After = pn.Before, pn.After
				n.Uncertain = append(n.Uncertain, "the order is the one the sentence before it gives")
			}
		}
		return
	}
}

// procedureOrder: "Runtime package updates:" over "1. Update root `package.json`.",
// "2. Run `npm run build:three`.", "3. Commit the generated outputs.": a step that runs
// a command, in a procedure whose earlier step edits files and whose later step
// commits, runs after those files change and before the commit (a warning: the order
// is read from the steps around it).
func procedureOrder(c *policy.Constraint, rc *recognize.RepoContext, norms []norm.Norm) {
	need := slices.ContainsFunc(norms, func(n norm.Norm) bool {
		return n.Polarity == norm.Require && len(n.Before)+len(n.After) == 0 && n.Condition == "" && hasKind(n.Objects, norm.KCommand)
	})
	if !need || rc == nil {
		return
	}
	lead := strings.TrimSpace(leadInOf(c, rc))
	if lead == "" {
		return
	}
	var edited []norm.Object
	commits := false
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.File != c.File || o.ID == c.ID || o.Line < c.Line-20 || o.Line > c.Line+20 || strings.TrimSpace(leadInOf(o, rc)) != lead {
			continue
		}
		verb := norm.StepVerb(o.Text)
		switch {
		case o.Line < c.Line && (verb == "edit" || verb == "update"):
			for _, t := range norm.Tokenize(o.Text) {
				if t.Code && (strings.Contains(t.Text, "/") || strings.Contains(t.Text, ".")) && !strings.Contains(t.Text, " ") {
					edited = append(edited, norm.Object{Kind: norm.KPath, Text: t.Text, Origin: "procedure"})
				}
			}
		case o.Line > c.Line && verb == "commit":
			commits = true
		}
	}
	if len(edited) == 0 || !commits {
		return
	}
	for i := range norms {
		n := &norms[i]
		if n.Polarity == norm.Require && len(n.Before)+len(n.After) == 0 && n.Condition == "" && hasKind(n.Objects, norm.KCommand) {
			n.After = edited
			n.Before = []norm.Object{{Kind: norm.KEvent, Text: "commit", Origin: "procedure"}}
			n.Uncertain = append(n.Uncertain, "the order is read from the steps of the procedure around it")
		}
	}
}

// thenStep: the text opens with "then" or "next" ("Then run `cargo fmt --all`.",
// "Next, run the formatter."): a step after the one before it.
func thenStep(text string) bool {
	t := strings.ToLower(strings.TrimLeft(text, " *_-"))
	return strings.HasPrefix(t, "then ") || strings.HasPrefix(t, "then, ") || strings.HasPrefix(t, "next, ") || strings.HasPrefix(t, "afterwards, ")
}

// pushTargets: "Never `git push --force` to `main`": the branch after "to" is where
// the push goes; the ban is of pushes there (`git push --force origin main`), not of
// every force-push ("force-pushing your own branch is fine").
func pushTargets(objs []norm.Object, sentence string) []norm.Object {
	out := make([]norm.Object, 0, len(objs))
	for i := 0; i < len(objs); i++ {
		o := objs[i]
		concept := pushConcept(o)
		if concept == "" {
			out = append(out, o)
			continue
		}
		var branches []string
		j := i + 1
		// ("to `master` or `release`": the first says where, the rest are listed)
		for ; j < len(objs) && objs[j].Kind == norm.KCode && (norm.BranchTarget(sentence, objs[j].Text) || len(branches) > 0 && !strings.ContainsAny(objs[j].Text, " -")); j++ {
			branches = append(branches, objs[j].Text)
		}
		if len(branches) == 0 {
			out = append(out, o)
			continue
		}
		out = append(out, norm.Object{Kind: norm.KConcept, Text: concept, Argv: branches, Origin: o.Origin})
		i = j - 1
	}
	return out
}

// pushConcept is the push a push span or practice names ("push" or "force-push"):
// `git push --force`, or "force-push" in words not yet sent anywhere; "" for others.
func pushConcept(o norm.Object) string {
	switch {
	case o.Kind == norm.KConcept && (o.Text == "push" || o.Text == "force-push") && len(o.Argv) == 0:
		return o.Text
	case o.Kind == norm.KCommand && len(o.Argv) >= 2 && o.Argv[0] == "git" && o.Argv[1] == "push":
		for _, a := range o.Argv[2:] {
			if a == "--force" || a == "-f" || a == "--force-with-lease" {
				return "force-push"
			}
		}
		return "push"
	}
	return ""
}

// allOfKind: every object is of kind k (practices named in words, commands named by
// their role); true for none.
func allOfKind(objs []norm.Object, k norm.Kind) bool {
	return !slices.ContainsFunc(objs, func(o norm.Object) bool { return o.Kind != k })
}

// maxListCommands: a longer list is a catalogue of commands, not the steps of one
// order.
const maxListCommands = 8

// listCommands are the commands the items of c's list (c is its lead-in) require,
// in order; the list ends where its section does. An item under a condition of its
// own ("`bin/rails test:system` (only when applicable)") is not one of the steps
// every time; an item that names no command ("Describe your test plan") makes the
// list mixed: a checklist of more than commands, whose commands the lead-in's order
// is only inferred to hold.
// leadsList: c ends in a colon and list items follow it, under it as their lead-in.
func leadsList(c *policy.Constraint, rc *recognize.RepoContext) bool {
	lead := strings.TrimSpace(c.Text)
	if rc == nil || !strings.HasSuffix(lead, ":") {
		return false
	}
	next := rc.Following(c, 1)
	return len(next) == 1 && strings.TrimSpace(next[0].Context) == lead
}

// listPaths are the files the items of the list c leads in name, one a item; nil when
// an item names anything else.
func listPaths(c *policy.Constraint, rc *recognize.RepoContext) []norm.Object {
	if rc == nil || !strings.HasSuffix(strings.TrimSpace(c.Text), ":") {
		return nil
	}
	lead := strings.TrimSpace(c.Text)
	var out []norm.Object
	for _, o := range rc.Following(c, maxListCommands+1) {
		if strings.TrimSpace(o.Context) != lead {
			break
		}
		p := norm.ItemPath(o.Text)
		if p == "" {
			return nil
		}
		out = append(out, norm.Object{Kind: norm.KPath, Text: p, Origin: "list"})
	}
	if len(out) > maxListCommands {
		return nil
	}
	return out
}

func listCommands(c *policy.Constraint, rc *recognize.RepoContext) (cmds []norm.Object, items int, mixed bool) {
	if rc == nil {
		return nil, 0, false
	}
	lead := strings.TrimSpace(c.Text)
	hp := strings.Join(c.HeaderPath, "\x00")
	seen := map[string]bool{}
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.File != c.File || o.Line <= c.Line {
			continue
		}
		if strings.Join(o.HeaderPath, "\x00") != hp || o.Line > c.Line+60 {
			break
		}
		if strings.TrimSpace(leadInOf(o, rc)) != lead || strings.HasSuffix(strings.TrimSpace(o.Text), ":") {
			continue
		}
		items++
		ns, _ := Readings(o, rc)
		var own []norm.Object
		conditional := false
		for _, n := range ns {
			if n.Polarity != norm.Require {
				continue
			}
			fromItem := slices.ContainsFunc(n.Objects, func(obj norm.Object) bool { return obj.Origin == "item" })
			for _, obj := range n.Objects {
				// ("`script/test` (runs `go test -race ./...`)": the item's own command,
				// not the ones its description names)
				if obj.Kind == norm.KCommand && (!fromItem || obj.Origin == "item") {
					own = append(own, obj)
					// ("Ruby code: `bundle exec rubocop`": after Ruby changes only)
					conditional = conditional || n.Condition != "" || slices.ContainsFunc(n.After, func(o norm.Object) bool { return o.Origin == "label" })
				}
			}
		}
		if conditional || norm.ConditionalItem(o.Text) {
			continue
		}
		own = withoutAsides(own, o.Text)
		if len(own) == 0 {
			// "Verify the SDK is available", "Keep the change scoped": a duty of
			// the list that is no command; the commands of the others still run
			// before the lead-in's event
			mixed = true
			continue
		}
		for _, obj := range own {
			if !seen[obj.Text] {
				seen[obj.Text] = true
				obj.Origin = "list"
				cmds = append(cmds, obj)
			}
		}
	}
	return cmds, items, mixed
}

// leadInOf is the lead-in of the list c is an item of: the sentence before the list
// that ends with a colon, as the extractor kept it, or the constraint just before c.
// A nested list's lead-in that only labels its items ("**Tests** (required):") says
// nothing of when they run; the lead-in of the list it is an item of does ("Always run
// these commands before opening a pull request:"), up to three levels up.
func leadInOf(c *policy.Constraint, rc *recognize.RepoContext) string {
	lead := ""
	if strings.HasSuffix(strings.TrimSpace(c.Context), ":") && !strings.Contains(c.Context, " | ") {
		lead = c.Context
	} else if p := preceding(c, rc); p != nil && strings.HasSuffix(strings.TrimSpace(p.Text), ":") {
		return p.Text
	}
	for depth := 0; depth < 3 && lead != "" && norm.LabelLeadIn(lead); depth++ {
		p := leadInConstraint(c, rc, lead)
		if p == nil || !strings.HasSuffix(strings.TrimSpace(p.Context), ":") || strings.Contains(p.Context, " | ") {
			break
		}
		lead, c = p.Context, p
	}
	if norm.LabelLeadIn(lead) {
		if order := norm.SectionOrder(lead); order != "" {
			return order // "Pre-commit checklist:"
		}
	}
	return lead
}

// leadInConstraint is the constraint before c in its file whose text is the lead-in.
func leadInConstraint(c *policy.Constraint, rc *recognize.RepoContext, lead string) *policy.Constraint {
	if rc == nil {
		return nil
	}
	lead = strings.TrimSpace(lead)
	var found *policy.Constraint
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.File != c.File || o.Line >= c.Line {
			continue
		}
		if strings.TrimSpace(o.Text) == lead {
			found = o // the nearest one before c
		}
	}
	return found
}

// preceding is the constraint before c in its file and section.
func preceding(c *policy.Constraint, rc *recognize.RepoContext) *policy.Constraint {
	if rc == nil {
		return nil
	}
	for i := range rc.Constraints {
		if rc.Constraints[i].ID == c.ID && c.ID != "" {
			if i == 0 {
				return nil
			}
			p := &rc.Constraints[i-1]
			if p.File != c.File || strings.Join(p.HeaderPath, "\x00") != strings.Join(c.HeaderPath, "\x00") {
				return nil
			}
			return p
		}
	}
	return nil
}

// paragraphCondition: an earlier sentence of c's own paragraph or list item opens with
// a condition ("If you added or changed a public option, ...").
func paragraphCondition(c *policy.Constraint, rc *recognize.RepoContext) bool {
	p := preceding(c, rc)
	if p == nil || p.Line > c.Line || p.EndLine < c.Line || p.Context != c.Context {
		return false
	}
	return norm.OpensWithCondition(p.Text)
}

// shellLangs are the code block languages whose lines are commands.
var shellLangs = map[string]bool{"": true, "sh": true, "bash": true, "shell": true, "console": true, "zsh": true, "shell-session": true, "powershell": true, "pwsh": true, "ps1": true, "cmd": true, "bat": true}

// blockCommands are the command lines of a constraint's first code block: one
// command a line, prompts and comments dropped; a later variant of a program already
// listed is an alternative to it, not another command.
func blockCommands(c *policy.Constraint) []string {
	if len(c.Code) == 0 || !shellLangs[strings.ToLower(c.Code[0].Lang)] {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, l := range commandLines(c.Code[0].Text) {
		// `./tools/lint.js --js` after `./tools/lint.js` is a variant; `pnpm
		// typecheck` after `pnpm lint` another command; `pnpm run typecheck` after
		// `pnpm run lint` another too: a runner's script is the third word
		key, words := "", 2
		for i, w := range strings.Fields(l) {
			if key != "" && strings.HasPrefix(w, "-") {
				continue
			}
			if i == 1 && runsScript(w) {
				words = 3
			}
			if i == 2 && words == 3 {
				// `pnpm run lint` after `pnpm run lint:fix` is a variant of it
				w, _, _ = strings.Cut(w, ":")
			}
			key += " " + w
			if strings.Count(key, " ") == words {
				break
			}
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, l)
	}
	limit := 4
	if norm.PointsAtList(c.Text) {
		// "run each of the following commands": every line of the block, up to a
		// list's length
		limit = maxListCommands
	}
	if len(out) > limit {
		return nil
	}
	return out
}

// afterPaths: the order follows changes to paths the sentence names.
func afterPaths(n *norm.Norm) bool {
	return slices.ContainsFunc(n.After, func(o norm.Object) bool { return o.Kind == norm.KPath && o.Origin != "words" })
}

// runsScript: a runner's word that names the script after it (`pnpm run lint`, `uv
// run pytest`, `npx` has none: its package is the second word).
func runsScript(w string) bool {
	switch w {
	case "run", "run-script", "exec", "x", "dlx":
		return true
	}
	return false
}

// blockOf is the constraint whose code block c's commands are in: c's own, or, when
// c points at a list and has none, the block of the next sentence of its paragraph
// ("Run each of the following commands and ensure they succeed. Include the outputs:"
// and the block).
func blockOf(c *policy.Constraint, rc *recognize.RepoContext) *policy.Constraint {
	if len(c.Code) > 0 || rc == nil || !norm.PointsAtList(c.Text) {
		return c
	}
	for _, next := range rc.Following(c, 1) {
		if next.Line == c.Line && len(next.Code) > 0 {
			b := *c
			b.Code = next.Code
			return &b
		}
	}
	return c
}

// commandLines are the lines of a shell block that are commands.
func commandLines(block string) []string {
	var out []string
	for _, l := range strings.Split(block, "\n") {
		l = strings.TrimSpace(l)
		l = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(l, "$ "), "> "))
		if l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "//") || strings.ContainsAny(l, "`\\") || strings.HasSuffix(l, "&&") {
			continue
		}
		// "./gradlew spotbugsMain   # optional static analysis": a step only when wanted
		if i := strings.Index(l, " #"); i >= 0 {
			if norm.ConditionalItem(l[i+2:]) {
				continue
			}
			l = strings.TrimSpace(l[:i]) // the shell's comment
		}
		out = append(out, l)
	}
	return out
}

func (processRec) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	if r, ok := branchSection(c, rc); ok {
		return r
	}
	if r, ok := onBranch(c, rc); ok {
		return r
	}
	norms, bans := Readings(c, rc)
	var rules []policy.Rule
	unenforced := ""
	condLead := paragraphCondition(c, rc)
	for i := range norms {
		n := &norms[i]
		areaChanges(n, rc)
		if n.Polarity == norm.Require && len(n.After) == 0 && norm.ListChange(n.Condition) {
			// "After modifying any of these files, run `go generate ./...`:" over a
			// list of files: the order follows changes to them
			if paths := listPaths(c, rc); len(paths) > 0 {
				n.After, n.Condition = paths, ""
			}
		}
		if condLead && n.Polarity == norm.Require && len(n.Before) > 0 && n.Condition == "" && len(n.After) == 0 {
			// "If you changed a public option, update the docs. Run `make
			// config-docs` and commit the result.": the paragraph's condition
			// holds over its later sentences too, and heed cannot see it
			n.Condition = "the condition an earlier sentence of the paragraph sets"
		}
		if b := norm.RowBranch(c.Context, c.Text); b != "" && n.Polarity == norm.Forbid && len(n.OnBranches) == 0 {
			// a row of a table of branches: its bans hold on the row's branch
			n.OnBranches = []string{b}
		}
		var r []policy.Rule
		var why string
		switch {
		case n.Polarity == norm.Forbid:
			r, why = lowerBan(c, rc, n)
			r = append(r, lowerCommitOnBranch(c, n)...)
		case n.Polarity == norm.Require && (n.InPackage || len(n.RunIn) > 0) && len(n.Before) == 0 && len(n.After) == 0:
			r, why = lowerInPackage(c, rc, n)
		case n.Polarity == norm.Require && hasConcept(n.Objects, "branch-name"):
			r = lowerBranchNames(c, rc, n)
		case n.Polarity == norm.Require && hasConcept(n.Objects, "pr-base"):
			r = lowerPRBase(c, n)
		case !bans && n.Subject == "" && flagsOnEvent(n) != nil:
			// "always use `--signoff` when creating commits": the event is the command
			r = lowerRequiredFlags(c, flagsOnEvent(n))
		case n.Polarity == norm.Require && (len(n.Before) > 0 || len(n.After) > 0):
			r, why = lowerOrder(c, rc, n)
		case n.Polarity == norm.Require && n.First && (hasKind(n.Objects, norm.KCommand) || n.Verb == "run" && hasKind(n.Objects, norm.KCode)) && n.Condition == "":
			// "always run `./restore.sh` first": before the file's builds and tests
			r, why = lowerFirst(c, rc, n)
		case n.Polarity == norm.Require && !bans && languageRunner(n) != nil:
			// "Use `uv run` for all Python commands": the language's programs run
			// through the runner
			r = lowerLanguageRunner(c, n)
		case n.Polarity == norm.Require && (n.Only || !bans && useTool(n)):
			r, why = lowerOnly(c, rc, n)
		case n.Polarity == norm.Require && !bans && n.Condition == "" && (n.Subject == "" || hasConcept(n.Objects, "draft-pr")):
			r = lowerWrapped(c, rc, n)
			if len(r) == 0 {
				r = lowerRequiredEnv(c, n)
			}
			if len(r) == 0 {
				r = lowerRequiredFlags(c, n)
			}
			if len(r) == 0 {
				r = lowerPrescribedForm(c, n)
			}
		}
		if len(r) == 0 {
			if ir, iwhy, ok := inferredOrder(c, rc, n); ok {
				r, why = ir, iwhy
			} else if sr, swhy, ok := stepOrder(c, rc, n); ok {
				r, why = sr, swhy
			}
		}
		rules = append(rules, r...)
		if why != "" && unenforced == "" {
			unenforced = why
		}
	}
	rules = append(rules, lowerWorkOnBranch(c, rc, rules)...)
	if len(rules) == 0 {
		rules = lowerRunnerTargets(c, rc)
	}
	if len(rules) == 0 {
		return recognize.Result{Unenforced: unenforced}
	}
	kept := rules[:0]
	for i := range rules {
		scopeToHeadingFolder(c, rc, &rules[i])
		reviewAgainstFile(c, rc, &rules[i])
		if rules[i].Review != "" && strings.Contains(rules[i].Norm, norm.StatementAdvice) {
			// advice read from a statement that the file's own examples go against:
			// the reading, not the file, is what is wrong
			continue
		}
		kept = append(kept, rules[i])
	}
	rules = kept
	if len(rules) == 0 {
		return recognize.Result{Unenforced: "a statement of the project's tool that its own examples go against"}
	}
	return recognize.Result{Rules: rules}
}

// timed reports whether any of the norms is an order: it names a moment before or
// after which it holds.
func timed(ns []norm.Norm) bool {
	for _, n := range ns {
		if len(n.Before) > 0 || len(n.After) > 0 || len(n.When) > 0 {
			return true
		}
	}
	return false
}

// Readings are the norms a constraint was read as, with what its neighbours add (the
// alternative in the next clause, exceptions in the next items); bans reports whether
// any of them forbids something.
func Readings(c *policy.Constraint, rc *recognize.RepoContext) (norms []norm.Norm, bans bool) {
	ctx := readContext(c, rc)
	norms = norm.Read(c.Text, ctx)
	if len(norms) > 0 && namesCommand(norms) && !timed(norms) && (norm.MomentLead(ctx.LeadIn) != "" || norm.DoneLead(ctx.LeadIn)) {
		// "**Build passes:** `dotnet build`" under "Before marking any task complete:":
		// the label's word read as a verb ("build `dotnet build`") names no moment;
		// the lead-in names it, and the item is one of its commands
		if item := norm.ReadItem(c.Text, ctx); len(item) > 0 && timed(item) {
			norms = item
		}
	}
	if other := norm.OtherActorBans(c.Text, ctx); len(other) > 0 {
		// "Only the release workflow may run `cargo publish`": someone else runs it,
		// so the reader must not (batch 640); word by word the sentence reads as a
		// duty to run it
		norms = other
	}
	if len(norms) == 0 || !namesCommand(norms) {
		// "`make lint` – run the linter" under "Run the following before committing:"
		// (the item's own words may read as a requirement that lost its command)
		if item := norm.ReadItem(c.Text, ctx); len(item) > 0 {
			norms = item
		} else if len(norms) == 0 {
			// "Your code passes all tests (`make test`)" under "make sure you have
			// checked all the items that apply:"
			norms = norm.ChecklistItem(c.Text, ctx)
		}
	}
	if strings.HasSuffix(strings.TrimSpace(c.Text), ":") {
		if len(norms) == 0 && norm.ValidatesChanges(c.Text) {
			// "Run the following commands to validate your changes:": the list is
			// what it asks to run
			norms = []norm.Norm{{Polarity: norm.Require, Strength: "must", Verb: "run", Sentence: c.Text}}
		}
		listOrders(c, rc, norms)
	}
	previousOrder(c, rc, norms)
	procedureOrder(c, rc, norms)
	if steps := aboveSteps(c, rc); len(steps) > 0 {
		// ("Only commit when the above steps succeed" reads, word by word, as a ban
		// of commits under a condition heed cannot see)
		norms = steps
	}
	// a ban of the clause before, on the same line, that names only the action this
	// clause's required form performs
	if p := preceding(c, rc); p != nil && p.Line == c.Line {
		norms = append(norms, norm.RequiredForms(p.Text, readContext(p, rc), norms)...)
	}
	for i := range norms {
		if norms[i].Polarity == norm.Forbid {
			bans = true
		}
	}
	// a ban's neighbours may name its alternative (the next clause of the same item)
	// or grant exceptions ("`git clean -n` is fine", the next list items); other
	// norms need neither, and reading them is a good part of compiling
	if bans {
		if p := preceding(c, rc); p != nil && p.Line == c.Line {
			// "Use `mise exec -- <command>` to run tools; don't rely on a global `node`"
			norm.RunnerForBans(norms, norm.Read(p.Text, readContext(p, rc)))
		}
		for _, next := range rc.Following(c, 2) {
			nctx := readContext(next, rc)
			if next.Line == c.Line {
				norm.Alternatives(norms, next.Text, nctx)
			}
			ex := norm.Exceptions(next.Text, nctx)
			for i := range norms {
				if norms[i].Polarity == norm.Forbid {
					norms[i].Except = append(norms[i].Except, ex...)
				}
			}
		}
		// an alternative counts only when it replaces the banned command
		sameActionAlternatives(norms, rc)
	}
	return norms, bans
}

// forms are the command forms a norm's objects name. Flags attach to the command
// they follow or precede in the sentence; a flag with no command names nothing.
type forms struct {
	patterns []process.Pattern
	// flagsOnly: the objects held options but no command to attach them to.
	flagsOnly bool
	// other: the objects held things that are not commands (identifiers, paths).
	other bool
	// atRoot: the commands are forbidden where they run at the repository root.
	atRoot bool
	// unheld: a thing named after a command that no pattern holds ("never run
	// `npm install` with `legacy peer deps`"): the patterns are wider than the text.
	unheld bool
}

// argumentWord: a code span that can be one word of a command line (`release`,
// `prod.tfvars`), not an option, a placeholder or a phrase.
func argumentWord(s string) bool {
	if s == "" || strings.ContainsAny(s, " \t<>{}$`") {
		return false
	}
	c := s[0]
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '/'
}

func formsOf(objs []norm.Object, rc *recognize.RepoContext, scopeDir string) forms {
	var f forms
	var pendingFlags [][]string
	lastCmd := -1
	for _, o := range objs {
		switch o.Kind {
		case norm.KCommand:
			p := process.BanPatternFrom(o.Argv, scopeDir)
			if _, tool := norm.ToolFamily(o.Argv[0]); tool && len(o.Argv) == 1 {
				// `npm` names the tool, with the runner it ships (npx)
				p = process.Pattern{Program: process.ProgramsOf(o.Argv[0])}
			}
			// "never run `CI=1 pnpm install`": that install, not every one
			if env := append(process.SpanEnv(o.Text), o.Env...); len(env) > 0 {
				slices.Sort(env)
				p.Env = slices.Compact(env)
			}
			p.Alone = o.Alone
			if len(pendingFlags) > 1 {
				// "never pass `--port` or `-p` to `pnpm dev`": the command with any
				// one of the options, each a pattern of its own
				for _, fl := range pendingFlags {
					q := p
					q.Flags = [][]string{flagGroup(p, fl)}
					f.patterns = append(f.patterns, q)
				}
				pendingFlags = nil
				lastCmd = -1
				continue
			}
			for _, fl := range pendingFlags {
				p.Flags = append(p.Flags, flagGroup(p, fl))
			}
			pendingFlags = nil
			f.patterns = append(f.patterns, p)
			lastCmd = len(f.patterns) - 1
		case norm.KFlag:
			if lastCmd >= 0 {
				p := &f.patterns[lastCmd]
				p.Flags = append(p.Flags, flagGroup(*p, o.Argv))
			} else {
				pendingFlags = append(pendingFlags, o.Argv)
			}
		case norm.KTool:
			p := process.Pattern{Program: process.ProgramsOf(o.Text)}
			// "never pass `--no-verify` to git": the option on that tool, not the
			// tool itself
			for _, fl := range pendingFlags {
				p.Flags = append(p.Flags, flagGroup(p, fl))
			}
			pendingFlags = nil
			f.patterns = append(f.patterns, p)
			lastCmd = len(f.patterns) - 1
		case norm.KConcept:
			ps := conceptForms(o.Text, rc)
			if len(o.Argv) > 0 {
				if named := namedConceptForms(o); named != nil {
					ps = named
				}
			}
			f.patterns = append(f.patterns, ps...)
		case norm.KEvent:
			f.patterns = append(f.patterns, eventForms(o.Text)...)
			lastCmd = len(f.patterns) - 1
		case norm.KPath:
			if o.Origin == "cwd-root" {
				f.atRoot = true
				continue
			}
			if (o.Origin == "root" || o.Origin == "target") && lastCmd >= 0 {
				// "`rm -rf` on the repository root", "on the `data/` folder": its target
				p := &f.patterns[lastCmd]
				p.Paths = append(p.Paths, o.Text)
				continue
			}
			f.other = true
		case norm.KCode:
			if o.Origin != "qualifier" {
				if hasKind(objs, norm.KConcept) {
					// "Do not push commits titled `WIP`": the span says which pushes,
					// which no pattern of the practice holds
					f.unheld = true
				}
				f.other = true
				continue
			}
			if lastCmd >= 0 && argumentWord(o.Text) {
				// "never call `make` with `release`": the command with that word
				// among its arguments (a target, a file it is given)
				p := &f.patterns[lastCmd]
				p.Args = append(p.Args, o.Text)
				continue
			}
			if lastCmd >= 0 {
				f.unheld = true
			}
			f.other = true
		default:
			f.other = true
		}
	}
	if len(pendingFlags) > 0 {
		f.flagsOnly = true
	}
	return f
}

// flagGroup is one option group: the options as written, with their other spellings.
func flagGroup(p process.Pattern, flags []string) []string {
	sub := ""
	if len(p.Args) > 0 {
		sub = p.Args[0]
	}
	var g []string
	seen := map[string]bool{}
	for _, fl := range flags {
		name, val, hasVal := strings.Cut(fl, "=")
		for _, s := range process.FlagSynonyms(p.Program[0], sub, name) {
			if hasVal && val != "" && strings.HasPrefix(s, "--") {
				// `--mode=hard`, `-tags ignore`: the option with that value (a
				// short spelling may take its value glued, which is not spelled)
				s += "=" + val
			} else if hasVal && val != "" && s == name {
				s += "=" + val
			}
			if !seen[s] {
				seen[s] = true
				g = append(g, s)
			}
		}
	}
	return g
}

// useTool: "Use pnpm.", "This repo uses uv": a package manager named alone, which
// rules out the other managers of its family.
func useTool(n *norm.Norm) bool {
	// an instruction ("Use pnpm."), or a statement of the project's package manager
	// ("This project uses pnpm as its package manager", "we use `uv` to manage
	// dependencies"); not any statement ("we use uv in CI")
	stated := (n.Declarative || norm.ProjectSubject(n.Subject)) && norm.NamesPackageManagement(n.Sentence)
	if n.Verb != "use" || (n.Subject != "" || n.Declarative) && !stated || n.Condition != "" || len(n.Objects) == 0 || n.Hedge == norm.HedgeAdvice {
		return false
	}
	tool := ""
	for _, o := range n.Objects {
		if o.Kind == norm.KTool || o.Kind == norm.KCommand && len(o.Argv) == 1 {
			tool = o.Text
			if len(o.Argv) > 0 {
				tool = o.Argv[0]
			}
			tool = strings.TrimPrefix(tool, "./")
		}
	}
	for _, o := range n.Objects {
		if o.Kind == norm.KCommand && len(o.Argv) > 1 && o.Argv[0] == tool {
			continue // "Use yarn: `yarn install`, `yarn test`": examples of the tool
		}
		if o.Kind != norm.KTool && !(o.Kind == norm.KCommand && len(o.Argv) == 1) {
			return false
		}
		w := o.Text
		if len(o.Argv) > 0 {
			w = strings.TrimPrefix(o.Argv[0], "./")
		}
		if fam, _ := norm.ToolFamily(w); !packageManagers[fam] {
			return false
		}
	}
	return true
}

// packageManagers are the tool families where using one member rules out the others.
var packageManagers = map[string]bool{"js-pm": true, "py-pm": true, "maven": true, "gradle": true}

// processVerbs are the actions a command rule can be about; a ban of another action
// ("never import `expect` from vitest") is not about running a command.
var processVerbs = map[string]bool{"": true, "run": true, "use": true, "pass": true, "install": true, "commit": true, "push": true, "update": true, "build": true, "test": true, "delete": true}

// severity is the rule's severity: a block only for a must-level constraint read with
// certainty in words of must strength.
func severity(c *policy.Constraint, n *norm.Norm) string {
	if c.Level != policy.Must || n.Strength == "should" || !n.Certain() || n.Hedge == norm.HedgeAdvice || n.Ask {
		return policy.SeverityWarning
	}
	return policy.SeverityError
}

func lowerBan(c *policy.Constraint, rc *recognize.RepoContext, n *norm.Norm) ([]policy.Rule, string) {
	if len(n.OnBranches) > 0 {
		return lowerBanOnBranch(c, rc, n), ""
	}
	if committedFilesBan(c, n) {
		return nil, ""
	}
	if len(n.Objects) > 0 && allOfKind(n.Objects, norm.KConcept) && leadsList(c, rc) {
		// "Never commit:" over a list of `.env.local`, `*.pem`: the items are what
		// the ban keeps out, and each is read on its own; the lead-in alone bans
		// no commit
		return nil, ""
	}
	scopeDir := c.Scope.Dir
	objs := n.Objects
	if hasRole(objs) && n.Verb != "run" && n.Verb != "use" {
		return nil, "" // "don't improve formatting" is no ban of the formatter
	}
	if hasRole(objs) && n.Condition != "" {
		// "never run Feature tests outside Docker": which of the file's test commands
		// the condition leaves banned (its own `docker exec ... test` is the way it
		// asks for) heed cannot tell
		return nil, "a ban of commands named by their role, under a condition heed cannot see"
	}
	objs = pushTargets(objs, n.Sentence)
	objs = rolesNamedByCommands(objs)
	if n.Verb != "run" && norm.DesignHeading(c.HeaderPath) && !slices.ContainsFunc(objs, func(o norm.Object) bool { return len(o.Argv) > 1 || o.Kind == norm.KConcept || o.Kind == norm.KEvent }) {
		// "## Architecture > Core Principles: We do not support using local git CLI
		// to operate on repositories": a tool the project's code does not use, not
		// a command the agent may not run
		return nil, "" // the design's rule, for the readings of code and the judge
	}
	if norm.RedundantOnly(n.Sentence) {
		// "Avoid redundant `cd`": the command where it is not needed only
		return nil, "bans the command only where it is not needed, which heed cannot see"
	}
	if norm.PortabilityBan(c.Text) || norm.PortabilityBan(leadInOf(c, rc)) {
		// "Do not use these commands -- they are not portable across all target
		// platforms: `jq`, `grep -A`": what the project's scripts may call, not
		// what the agent may run on its own machine
		return nil, "bans commands the project's scripts must not call (portability), not the agent's own"
	}
	if norm.MannerCondition(n.Condition) {
		// "avoid running `make e2e` in a loop": one way of running it, which no
		// single command shows
		return nil, "a ban of one way of running the command, which one command cannot show"
	}
	if len(objs) > 0 && allOfKind(objs, norm.KTool) && norm.WritingCondition(n.Condition) {
		// "When generating helper scripts, use Node.js — NOT Python": the language
		// of the scripts written, which running `python` does not break
		return nil, "names the language of code to write, not a command to run"
	}
	if len(objs) > 0 && allOfKind(objs, norm.KConcept) && norm.WhereaboutsCondition(n.Condition) {
		// "never create a worktree from inside an existing worktree": the practice
		// where the reader works, which no command line shows
		return nil, "a practice banned where the reader works, which heed cannot see"
	}
	if len(objs) > 0 && allOfKind(objs, norm.KConcept) && norm.IntentPurpose(n.Condition) {
		// "never open pull requests just to collect credit": the practice for one end
		// only; every pull request would be held up for what none of them shows
		return nil, "a practice banned for a purpose heed cannot see"
	}
	if hasRole(objs) {
		// "do not run tests from the project root": the file's test commands
		objs = withRoleCommands(objs, fileRoleCommands(c, rc))
	}
	if n.Verb == "run" {
		// "do not run `prisma migrate reset`": what the sentence says not to run is a
		// command, even of a program heed does not know
		objs = ranSpans(objs)
	}
	if n.Verb == "pass" && !hasKind(objs, norm.KFlag) && !slices.ContainsFunc(objs, func(o norm.Object) bool { return len(o.Argv) > 1 }) {
		// "do not pass generic `ctx`, `env`, `state` through ...": values handed to
		// code, not programs to run; a ban of passing names an option
		return nil, ""
	}
	if n.Verb == "install" && saysInstall(n.Sentence) {
		// "do not install `vitest` directly": installing the package is banned, not
		// running the tool
		objs = installedPackages(objs)
		if len(objs) == 0 {
			return nil, ""
		}
	}
	f := formsOf(objs, rc, scopeDir)
	if len(f.patterns) == 0 {
		if f.flagsOnly {
			return nil, "forbids options but names no command they belong to"
		}
		return nil, ""
	}
	if f.unheld && !n.Together {
		// the ban names something beside its commands that no pattern holds: the
		// commands alone are wider than the sentence, so they only warn
		n.Uncertain = append(slices.Clone(n.Uncertain), "the ban names more than its commands, which the rule cannot hold")
	}
	if norm.CIOnly(n.Condition) {
		return nil, "applies in CI only, never to an agent's own commands"
	}
	if hasConcept(objs, "push-branch") {
		// a push that sets an upstream stands for making the branch on the remote,
		// which a plain push may do too and an upstream push may not
		n.Uncertain = append(slices.Clone(n.Uncertain), "a push that sets an upstream stands for a new remote branch")
	}
	if jointActions(n) {
		m := *n
		m.Uncertain = append(slices.Clone(n.Uncertain), "two practices banned together, which may be banned only as one act")
		n = &m
	}
	if n.Subject != "" && statedPackageManagerBan(n) {
		// "This project uses Yarn as its package manager, not npm": a statement of
		// how the project works, which the reader follows; heed warns
		m := *n
		m.Subject = ""
		n = &m
	}
	if n.Subject != "" || !processVerbs[n.Verb] {
		// "the CLI never calls `exit`", "never import `expect`": about the code, not
		// the agent's commands
		return nil, ""
	}
	if conditionImplied(n, f.patterns) {
		// "when pushing, never force push": the condition holds whenever the ban applies
		var keep []string
		for _, u := range n.Uncertain {
			if !strings.HasPrefix(u, "condition:") {
				keep = append(keep, u)
			}
		}
		n.Uncertain = keep
	}
	if n.Together {
		return lowerChain(c, n, f.patterns)
	}
	var via, allow []process.Pattern
	if len(n.Instead) > 0 {
		via = formsOf(n.Instead, rc, scopeDir).patterns
		via = append(via, launchersOf(n.Instead, scopeDir)...)
		via = append(via, runnerForms(via, f.patterns)...)
		if !slices.ContainsFunc(n.Instead, func(o norm.Object) bool { return !strings.HasSuffix(strings.TrimSpace(o.Text), "()") }) {
			// "`grep -E` | `_egrep_o()`": a function of the project's scripts, which
			// no shell of the agent's can call: the ban is the scripts'
			return nil, "the alternative is a function of the project's code: the ban is about the code the change writes"
		}
		if len(via) == 0 && insteadIsCode(n.Instead) {
			n.Uncertain = append(slices.Clone(n.Uncertain), "the alternative is code, not a command: the ban may be about the scripts the change writes")
		}
		if updateImplied(n, f.patterns, via) {
			// the condition is what the banned command and its alternative both do
			var keep []string
			for _, u := range n.Uncertain {
				if !strings.HasPrefix(u, "condition:") {
					keep = append(keep, u)
				}
			}
			n.Uncertain = keep
		}
	}
	for _, e := range n.Except {
		if e.Kind == norm.KCommand {
			ap := process.PatternFrom(e.Argv, scopeDir)
			// "`git stash` is fine, but never `git stash drop`": the exception is the
			// command the ban narrows, not a way out of it
			if slices.ContainsFunc(f.patterns, func(fb process.Pattern) bool { return refines(fb, ap) }) {
				continue
			}
			allow = append(allow, ap)
		}
	}
	// "never run `rm -rf` on anything but `build/`": the banned commands on those paths
	// are allowed
	var exceptPaths []string
	for _, e := range n.Except {
		if e.Kind == norm.KPath || e.Kind == norm.KCode && strings.HasSuffix(e.Text, "/") {
			exceptPaths = append(exceptPaths, strings.TrimSuffix(strings.TrimPrefix(e.Text, "./"), "/"))
		}
	}
	if len(exceptPaths) > 0 {
		for _, p := range f.patterns {
			ap := p
			ap.Paths = exceptPaths
			allow = append(allow, ap)
		}
	}
	// "`--force-with-lease` is OK", "use `--force-with-lease`, never `--force`": the
	// banned commands with the excepted or prescribed option are allowed
	for _, e := range slices.Concat(n.Except, n.Instead) {
		if e.Kind != norm.KFlag {
			continue
		}
		seen := map[string]bool{}
		for _, p := range f.patterns {
			key := strings.Join(p.Program, "|") + " " + strings.Join(p.Args, " ")
			if seen[key] || len(p.Args) > 0 && strings.ContainsAny(p.Args[len(p.Args)-1], "*+") {
				continue
			}
			seen[key] = true
			// the other forbidden spellings stay forbidden beside it
			var others [][]string
			for _, g := range p.Flags {
				for _, fl := range g {
					if !slices.Contains(e.Argv, fl) {
						others = append(others, []string{fl})
					}
				}
			}
			allow = append(allow, process.Pattern{Program: p.Program, Args: p.Args, Flags: [][]string{e.Argv}, Lacking: others})
		}
	}
	if a, b, ok := versionSubstitution(n); ok {
		// "use `python3`, not `python`": two names of one family, each meant as
		// itself
		f.patterns = []process.Pattern{{Program: []string{a}}}
		via = []process.Pattern{{Program: []string{b}}}
	}
	if n.ByHand && len(via) == 0 && !allRunTasks(f.patterns) {
		// "do not run `go test` directly": the project's task runners run it for the
		// reader, and their targets are the way; "never call `python` directly" under
		// "all Python is run through `uv run`": the environment's runners launch it.
		// ("Don't `pnpm start` manually: `pnpm harness` gets the server up for you":
		// a task already, which "by hand" cannot mean running without a runner; the
		// reader is not to run it at all.)
		via = append(taskRunnerForms(), environmentRunners()...)
	}
	forbid := withoutVia(f.patterns, via)
	if len(forbid) == 0 {
		return nil, ""
	}
	for i := range forbid {
		// "use `uv run pytest`, never bare `pytest`": bare means not through the
		// runner, with any arguments
		if forbid[i].Alone && launches(via, forbid[i].Program) {
			forbid[i].Alone = false
		}
	}
	if len(n.Lacking) > 0 || n.NoArgs {
		// "never run `cargo publish` without `--dry-run`": the command is forbidden
		// only in the form that lacks what the sentence asks for
		for i := range forbid {
			forbid[i].Bare = n.NoArgs
			for _, o := range n.Lacking {
				for _, fl := range o.Argv {
					forbid[i].Lacking = append(forbid[i].Lacking, flagGroup(forbid[i], []string{fl}))
				}
			}
		}
	}
	// "use `git push origin HEAD`, not just `git push`": the alternative that refines
	// the banned form stays allowed
	for _, v := range via {
		for _, fb := range forbid {
			if refines(v, fb) || sameBaseName(v, fb) {
				allow = append(allow, v)
			}
		}
	}
	allow = append(allow, process.DryRunAllows(forbid)...)
	for _, o := range n.Objects {
		if o.Kind == norm.KConcept && o.Text == "tag" {
			// listing, deleting and verifying tags creates none
			allow = append(allow, pat("git", []string{"tag"}, []string{"-l", "--list"}), pat("git", []string{"tag"}, []string{"-d", "--delete"}), pat("git", []string{"tag"}, []string{"-v", "--verify"}))
		}
	}
	p := process.CommandParams{Forbid: forbid, Allow: allow, Via: via}
	if f.atRoot {
		p.At = []string{"."}
	} else if d := sharedCwd(n.Objects); d != "" {
		// "❌ Wrong:" over `cd packages/x && npm test`: forbidden where the line
		// runs it
		p.At = []string{path.Join(strings.TrimSuffix(scopeDir, "/"), d)}
	}
	d := scopeDirOf(n.Scope, scopeDir, rc)
	if d == "" && len(n.Scope) > 0 {
		// "never run X in `src`" where no folder `src` is known: the ban holds in a
		// place heed cannot find, so it must not block everywhere else
		m := *n
		m.Uncertain = append(slices.Clone(n.Uncertain), "the ban holds in "+strings.Join(n.Scope, ", ")+", which is no folder heed knows")
		n = &m
	}
	r := rule(c, n, process.KindCommand, p)
	if d != "" {
		r.Scope = policy.Scope{Dir: d}
	}
	r.Message = forbiddenMessage(forbid)
	if len(p.At) == 1 && p.At[0] != "." {
		r.Message += " in " + p.At[0] + "/"
	}
	if cond := strings.TrimSpace(n.Condition); cond != "" {
		// "Only submit a PR if you are able to own the changes": forbidden only
		// where the condition does not hold, which the message must say
		if first, _, _ := strings.Cut(strings.ToLower(cond), " "); conditionWord(first) {
			r.Message += " " + cond
		} else {
			r.Message += " (" + cond + ")"
		}
	}
	switch {
	case len(n.Instead) > 0 && len(via) > 0:
		r.Message = substitutionMessage(n.Instead, n.Objects)
		r.Suggestion = "use " + strings.Join(names(n.Instead), " or ") + " instead"
	case n.ByHand && len(via) > 0:
		r.Suggestion = "run it through the project's task runner (its make, just or npm run targets) or its environment's runner (uv run, poetry run, npx, bundle exec)"
	case n.ByHand && allRunTasks(forbid):
		if others := otherCommandSpans(c, forbid); len(others) > 0 {
			r.Suggestion = "leave it to " + strings.Join(others, " or ") + ", which the rule names"
		}
	}
	r.Cases = process.CommandCases(p)
	return []policy.Rule{r}, ""
}

// substitutionMessage: "use pnpm, not npm or yarn".
func substitutionMessage(uses, nots []norm.Object) string {
	return "use " + strings.Join(names(uses), " / ") + ", not " + strings.Join(rivalNames(nots), " or ")
}

// rivalNames are the forbidden objects as written, each once; the forms the job's
// other tools do it with ("npm install", "npm ci", "yarn add") by their tool alone.
func rivalNames(objs []norm.Object) []string {
	var out []string
	seen := map[string]bool{}
	for _, o := range objs {
		name := o.Text
		if o.Origin == "job" && o.Kind == norm.KCommand && len(o.Argv) == 2 && !strings.HasPrefix(o.Argv[1], "-") {
			name = o.Argv[0]
		}
		if o.Kind == norm.KFlag || seen[name] {
			continue
		}
		seen[name] = true
		out = append(out, name)
	}
	return out
}

// names are the objects as written, each once.
func names(objs []norm.Object) []string {
	var out []string
	seen := map[string]bool{}
	for _, o := range objs {
		if o.Kind == norm.KFlag || seen[o.Text] {
			continue
		}
		seen[o.Text] = true
		out = append(out, o.Text)
	}
	return out
}

// refines: v is the forbidden form fb with more words or options (same program).
func refines(v, fb process.Pattern) bool {
	if len(v.Program) == 0 || len(fb.Program) == 0 || v.Program[0] != fb.Program[0] || len(v.Args) < len(fb.Args) {
		return false
	}
	for i, a := range fb.Args {
		if v.Args[i] != a {
			return false
		}
	}
	return len(v.Args) > len(fb.Args) || len(v.Flags) > len(fb.Flags)
}

// sameBaseName: the alternative is a path to a program of the forbidden one's name
// ("use `bin/sqlite3`, not the system `sqlite3`"): it must stay allowed, though a
// program name matches any path that ends in it.
func sameBaseName(v, fb process.Pattern) bool {
	if len(v.Program) == 0 || len(fb.Program) == 0 || !strings.Contains(v.Program[0], "/") {
		return false
	}
	return path.Base(v.Program[0]) == fb.Program[0]
}

// installedPackages turns the packages a sentence says not to install into the
// commands that install them (`npm install vitest`, `pnpm add vitest`, ...); a package
// manager's own command ("never `npm install`") stays as it is.
func installedPackages(objs []norm.Object) []norm.Object {
	var out []norm.Object
	for _, o := range objs {
		if o.Kind != norm.KTool && o.Kind != norm.KCommand && o.Kind != norm.KCode {
			out = append(out, o)
			continue
		}
		f := strings.Fields(o.Text)
		if len(f) != 1 || installers[f[0]] != nil {
			out = append(out, o)
			continue
		}
		for prog, subs := range installers {
			for _, sub := range subs {
				out = append(out, norm.Object{Kind: norm.KCommand, Text: prog + " " + sub + " " + f[0], Argv: []string{prog, sub, f[0]}})
			}
		}
	}
	slices.SortFunc(out, func(a, b norm.Object) int { return strings.Compare(a.Text, b.Text) })
	return out
}

// saysInstall: the sentence says "install" ("add" also means adding code).
func saysInstall(sentence string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(sentence), func(r rune) bool { return r < 'a' || r > 'z' }) {
		switch w {
		case "install", "installs", "installing", "installed":
			return true
		}
	}
	return false
}

// installers are the package managers and the subcommands that install a package.
var installers = map[string][]string{
	"npm": {"install", "i", "add"}, "pnpm": {"add", "install", "i"}, "yarn": {"add"}, "bun": {"add", "install", "i"},
	"pip": {"install"}, "pip3": {"install"}, "uv": {"add"}, "poetry": {"add"}, "cargo": {"add", "install"}, "gem": {"install"},
}

// ranSpans turns the code spans of a sentence about running into commands when they
// have a command's shape: a lower-case program word and plain words after it.
func ranSpans(objs []norm.Object) []norm.Object {
	out := append([]norm.Object(nil), objs...)
	for i, o := range out {
		if o.Kind != norm.KCode {
			continue
		}
		argv, ok := process.SpanArgv(o.Text)
		if !ok || len(argv) < 2 || !programWord(argv[0]) {
			continue // a bare word ("`Update`") is no command without a known program
		}
		out[i] = norm.Object{Kind: norm.KCommand, Text: o.Text, Argv: argv, Origin: o.Origin}
	}
	return out
}

// versionSubstitution: the ban names one program and its alternative another of the
// same family ("`python3`, not `python`"): the banned name and the alternative.
func versionSubstitution(n *norm.Norm) (banned, instead string, ok bool) {
	if len(n.Objects) != 1 || len(n.Instead) != 1 {
		return "", "", false
	}
	o, i := n.Objects[0], n.Instead[0]
	if len(o.Argv) != 1 || len(i.Argv) != 1 || o.Argv[0] == i.Argv[0] {
		return "", "", false
	}
	fo, fi := process.ProgramsOf(o.Argv[0]), process.ProgramsOf(i.Argv[0])
	if !slices.Equal(fo, fi) {
		return "", "", false
	}
	return o.Argv[0], i.Argv[0], true
}

// launches: one of the alternatives runs one of the programs (`uv run pytest` runs
// pytest).
func launches(via []process.Pattern, progs []string) bool {
	for _, v := range via {
		for k, a := range v.Args {
			// `uv run <anything>`: the runner launches whatever it is given
			if slices.Contains(progs, a) || a == process.AnyWord && k == len(v.Args)-1 {
				return true
			}
		}
	}
	return false
}

// runnerForms: "use `uv` for everything, never bare `python`": an alternative that is
// a runner of another family (uv runs python) is the way to run the banned program,
// so `uv run python` is the prescribed form. An alternative of the banned program's
// own family ("use pnpm, never npm") replaces it instead: `pnpm exec npm` still runs npm.
func runnerForms(via, forbid []process.Pattern) []process.Pattern {
	var out []process.Pattern
	for _, v := range via {
		// "run scripts with `uv run`, never bare `python`": the runner named with its
		// own subcommand is the same prescribed form as the runner alone
		if len(v.Program) == 0 || len(v.Args) > 0 && !isRunnerForm(v) {
			continue
		}
		same := false
		vf, _ := norm.ToolFamily(v.Program[0])
		for _, f := range forbid {
			for _, p := range f.Program {
				pf, _ := norm.ToolFamily(p)
				same = same || slices.Contains(process.ProgramsOf(v.Program[0]), p) || vf != "" && vf == pf
			}
		}
		if same {
			continue
		}
		for _, r := range runners {
			if r[0] == v.Program[0] {
				out = append(out, process.Pattern{Program: []string{r[0]}, Args: append(append([]string(nil), r[1:]...), process.AnyWord)})
			}
		}
	}
	return out
}

// isRunnerForm: the pattern is a runner with exactly its running subcommand and
// nothing else (`uv run`, `bundle exec`), naming no program it runs.
func isRunnerForm(v process.Pattern) bool {
	if len(v.Flags) > 0 {
		return false
	}
	for _, r := range runners {
		if slices.Contains(v.Program, r[0]) && len(r) > 1 && slices.Equal(v.Args, r[1:]) {
			return true
		}
	}
	return false
}

// launchersOf are the alternatives that run any command given to them (`mise exec --
// <command>`): a banned program they launch is run the way the text prescribes.
func launchersOf(objs []norm.Object, scopeDir string) []process.Pattern {
	var out []process.Pattern
	for _, o := range objs {
		if o.Kind != norm.KCommand || len(o.Argv) < 2 || !norm.PlaceholderWord(o.Argv[len(o.Argv)-1]) {
			continue
		}
		p := process.PatternFrom(o.Argv[:len(o.Argv)-1], scopeDir)
		p.Args = append(p.Args, process.AnyWord)
		out = append(out, p)
	}
	return out
}

// withoutVia drops forbidden forms that are the alternative itself ("use `pnpm
// install`, not `pnpm i`" keeps pnpm install allowed), and the alternative's program
// from a form that names the forbidden one by its family: "use `gradle`, not
// `gradlew`" forbids the wrapper, whose family holds gradle, and gradle is what the
// sentence asks for.
func withoutVia(forbid, via []process.Pattern) []process.Pattern {
	var out []process.Pattern
	for _, f := range forbid {
		same := false
		for _, v := range via {
			if patternKey(f) == patternKey(v) {
				same = true
				break
			}
			if len(f.Program) > 1 && sameButProgram(f, v) {
				var keep []string
				for _, p := range f.Program {
					if !slices.Contains(v.Program, p) {
						keep = append(keep, p)
					}
				}
				if len(keep) == 0 {
					same = true
					break
				}
				f.Program = keep
			}
		}
		if !same {
			out = append(out, f)
		}
	}
	return out
}

// sameButProgram: two forms alike in everything but the programs they name.
func sameButProgram(a, b process.Pattern) bool {
	a.Program, b.Program = nil, nil
	return patternKey(a) == patternKey(b)
}

func patternKey(p process.Pattern) string {
	b, _ := json.Marshal(p)
	return string(b)
}

// lowerChain: "never chain commit and push in one command": forbidden together, each
// allowed alone.
func lowerChain(c *policy.Constraint, n *norm.Norm, ps []process.Pattern) ([]policy.Rule, string) {
	if len(ps) < 2 {
		return nil, "forbids chaining commands but names fewer than two"
	}
	p := process.CommandParams{Together: ps}
	r := rule(c, n, process.KindCommand, p)
	var names []string
	for _, x := range ps {
		names = append(names, "`"+process.Display(x)+"`")
	}
	r.Message = strings.Join(names, " and ") + " must not run in one command line"
	r.Suggestion = "run them as separate commands"
	r.Cases = process.CommandCases(p)
	return []policy.Rule{r}, ""
}

// lowerOnly: "only use pnpm": the other tools of its family are forbidden.
func lowerOnly(c *policy.Constraint, rc *recognize.RepoContext, n *norm.Norm) ([]policy.Rule, string) {
	var forbid, via []process.Pattern
	for _, o := range n.Objects {
		if o.Kind != norm.KTool && o.Kind != norm.KCommand {
			continue
		}
		word := o.Text
		if len(o.Argv) > 0 {
			word = strings.TrimPrefix(o.Argv[0], "./")
		}
		if len(o.Argv) > 1 {
			if named(n.Objects, o.Argv[0]) {
				continue // "use yarn: `yarn install`": an example of the tool named alone
			}
			return nil, "" // "only use `npm ci`" says how to use npm, not which tool
		}
		fam, ok := norm.ToolFamily(word)
		if !ok || fam == "" {
			continue
		}
		if o.Kind == norm.KCommand && strings.Contains(o.Argv[0], "/") {
			via = append(via, process.PatternFrom(o.Argv, c.Scope.Dir)) // a wrapper: ./mvnw
		} else {
			via = append(via, process.Pattern{Program: process.ProgramsOf(word)})
		}
		packageJob := norm.ForPackageJob(n.Sentence)
		for _, other := range norm.FamilyMembers(fam) {
			if other == word || isVia(other, n.Objects) {
				continue
			}
			if !packageJob {
				forbid = append(forbid, process.Pattern{Program: process.ProgramsOf(other)})
				continue
			}
			// "Use yarn for all dependency management": npm is wrong for adding a
			// package, not for `npx tsc` or `npm run build`
			for _, sub := range norm.PackageJobForms(other) {
				forbid = append(forbid, process.Pattern{Program: process.ProgramsOf(other), Args: []string{sub}})
			}
		}
	}
	forbid = withoutExcepted(forbid, n.Except)
	if len(forbid) == 0 {
		return nil, ""
	}
	forbid = withoutVia(uniq.By(forbid, patternKey), via)
	p := process.CommandParams{Forbid: forbid, Via: via}
	r := rule(c, n, process.KindCommand, p)
	if d := scopeDirOf(n.Scope, c.Scope.Dir, rc); d != "" {
		r.Scope = policy.Scope{Dir: d}
	}
	var nots []norm.Object
	for _, f := range forbid {
		nots = append(nots, norm.Object{Text: f.Program[0]})
	}
	r.Message = substitutionMessage(n.Objects, nots)
	r.Suggestion = "use " + strings.Join(names(n.Objects), " or ") + " instead"
	r.Cases = process.CommandCases(p)
	return []policy.Rule{r}, ""
}

// rolesNamedByCommands drops a role whose command the sentence names beside it
// ("Don't run the whole workspace's tests (`cargo test --workspace` takes 40
// minutes)"): the command says which of the role's runs is banned, and the role
// would ban the others too (batch 640: `cargo test -p core` was warned).
func rolesNamedByCommands(objs []norm.Object) []norm.Object {
	if !hasRole(objs) {
		return objs
	}
	named := map[string]bool{}
	for _, o := range objs {
		if o.Kind == norm.KCommand && o.Origin == "" && len(o.Argv) > 0 {
			if r := roleOf(o.Argv); r != "" {
				named[r] = true
			}
		}
	}
	if len(named) == 0 {
		return objs
	}
	return slices.DeleteFunc(slices.Clone(objs), func(o norm.Object) bool {
		return o.Kind == norm.KRole && named[strings.TrimPrefix(o.Text, "role:")]
	})
}

func hasRole(objs []norm.Object) bool {
	for _, o := range objs {
		if o.Kind == norm.KRole {
			return true
		}
	}
	return false
}

// withRoleCommands replaces each role with the commands the file gives it (none when
// it gives more than four: the role is then too loose to ban).
func withRoleCommands(objs []norm.Object, roles map[string][][]string) []norm.Object {
	var out []norm.Object
	for _, o := range objs {
		if o.Kind != norm.KRole {
			out = append(out, o)
			continue
		}
		if cmds := roles[o.Text]; len(cmds) <= 4 {
			for _, argv := range cmds {
				out = append(out, norm.Object{Kind: norm.KCommand, Text: strings.Join(argv, " "), Argv: argv, Origin: "role"})
			}
		}
	}
	return out
}

// named: the tool is among the objects on its own.
func named(objs []norm.Object, tool string) bool {
	for _, o := range objs {
		if (o.Kind == norm.KTool || o.Kind == norm.KCommand) && len(o.Argv) == 1 && strings.TrimPrefix(o.Argv[0], "./") == tool {
			return true
		}
	}
	return false
}

func isVia(word string, objs []norm.Object) bool {
	for _, o := range objs {
		if o.Text == word || len(o.Argv) > 0 && o.Argv[0] == word {
			return true
		}
	}
	return false
}

// lowerInPackage: "Run tests using `vitest` from within the specific package
// directory", "Run `cargo` commands from `core/`": the command run from the repository
// root is the wrong place.
func lowerInPackage(c *policy.Constraint, rc *recognize.RepoContext, n *norm.Norm) ([]policy.Rule, string) {
	objs := n.Objects
	if hasRole(objs) && !hasKind(objs, norm.KCommand) {
		objs = withRoleCommands(objs, fileRoleCommands(c, rc))
	}
	var cmds []norm.Object
	for _, o := range objs {
		if o.Kind == norm.KCommand && o.Origin == "" || o.Kind == norm.KCommand && o.Origin == "role" {
			if fs := strings.Fields(o.Text); slices.ContainsFunc(fs, func(a string) bool {
				// ("`pnpm test <file>`": an argument to fill in, after the program and
				// its subcommand, is the run's own; the form stands)
				return norm.PlaceholderPath(a) && !(strings.HasPrefix(a, "<") && slices.Index(fs, a) >= 2)
			}) {
				// "run `php /path/to/composer/bin/composer` inside that project's
				// directory": a form to fill in, about another project; banning its
				// program at the root would ban every run of it
				return nil, "the command is a form with a placeholder path"
			}
			cmds = append(cmds, o)
		}
	}
	f := formsOf(cmds, rc, c.Scope.Dir)
	atRoot := slices.Equal(n.RunIn, []string{"."})
	if len(f.patterns) == 0 || c.Scope.Dir != "" && !atRoot {
		return nil, "" // a nested file's commands already run in its folder
	}
	var forbid []process.Pattern
	for _, p := range f.patterns {
		if len(p.Program) > 0 && p.Program[0] == "cd" {
			continue // `cd core && ...` shows where, it is not the command
		}
		// the place is the rule, not the environment the sentence's form sets
		// ("from the repository root with `PYTHONPATH=src python -m pytest`": a run
		// from tests/ with PYTHONPATH=../src is in the wrong place all the same)
		p.Env, p.LackingEnv = nil, nil
		forbid = append(forbid, p)
	}
	if len(forbid) == 0 {
		return nil, ""
	}
	if atRoot {
		// "Run tests from the repository root with `pytest`": anywhere else is the
		// wrong place
		p := process.CommandParams{Forbid: forbid, OnlyAt: []string{"."}}
		r := rule(c, n, process.KindCommand, p)
		r.Message = forbiddenMessage(forbid) + " below the repository root: run it from the root"
		r.Suggestion = "cd to the repository root first, then " + process.Display(forbid[0])
		r.Cases = process.CommandCases(p)
		return []policy.Rule{r}, ""
	}
	p := process.CommandParams{Forbid: forbid, At: []string{"."}}
	r := rule(c, n, process.KindCommand, p)
	r.Message = forbiddenMessage(forbid) + " at the repository root: run it from the package's own folder"
	r.Suggestion = "cd into the package's folder first (cd PACKAGE && ...)"
	if len(n.RunIn) > 0 {
		r.Message = forbiddenMessage(forbid) + " at the repository root: run it from " + strings.Join(n.RunIn, "/ or ") + "/"
		r.Suggestion = "cd " + n.RunIn[0] + " && " + process.Display(forbid[0])
	}
	r.Cases = process.CommandCases(p)
	return []policy.Rule{r}, ""
}

// lowerRequiredFlags: "Use `php artisan make:*` commands with `--no-interaction`": the
// command without the option is the wrong form. Unless the sentence says always, all
// or every, the option may be advice, and the rule warns.
func lowerRequiredFlags(c *policy.Constraint, n *norm.Norm) []policy.Rule {
	if n.Verb != "use" && n.Verb != "pass" && n.Verb != "run" && !hasConcept(n.Objects, "draft-pr") {
		return nil
	}
	var cmds, flags []norm.Object
	for _, o := range n.Objects {
		switch {
		case o.Kind == norm.KCommand:
			cmds = append(cmds, o)
		case o.Kind == norm.KFlag:
			flags = append(flags, o)
		case o.Kind == norm.KConcept && o.Text == "draft-pr":
		default:
			return nil
		}
	}
	if len(cmds) == 0 && len(flags) > 0 {
		// "Pass `--no-interaction` to all Artisan commands": the program named in
		// words
		if argv := norm.CommandsNamedInWords(n.Sentence); len(argv) > 0 {
			cmds = append(cmds, norm.Object{Kind: norm.KCommand, Text: strings.Join(argv, " "), Argv: argv})
			m := *n
			m.Uncertain = append(slices.Clone(n.Uncertain), "the program is named in words")
			n = &m
		}
	}
	if hasConcept(n.Objects, "draft-pr") && len(cmds) == 0 {
		// "all PRs must be opened as drafts": `gh pr create` with `--draft`
		cmds = append(cmds, norm.Object{Kind: norm.KCommand, Text: "gh pr create", Argv: []string{"gh", "pr", "create"}})
		flags = append(flags, norm.Object{Kind: norm.KFlag, Text: "--draft", Argv: []string{"--draft", "-d"}})
	}
	if len(cmds) == 1 && len(flags) == 0 {
		// "use `gh pr create --draft` to create draft PRs": the option the sentence
		// names in its own words is what it asks for
		flags = namedOptions(cmds[0], n.Sentence)
		if len(flags) > 0 {
			cmds[0].Argv = withoutOptions(cmds[0].Argv, flags)
		}
	}
	if len(cmds) != 1 || len(flags) == 0 || !slices.ContainsFunc(flags, func(f norm.Object) bool { return !slices.ContainsFunc(f.Argv, queryOption) }) {
		// (an option that asks the tool about itself is how to inspect it, not what
		// its every use needs)
		return nil
	}
	p := process.BanPatternFrom(cmds[0].Argv, c.Scope.Dir)
	for _, f := range flags {
		for _, fl := range f.Argv {
			for _, a := range cmds[0].Argv {
				if a == fl {
					return nil // the span already carries it: an example, not a requirement
				}
			}
			p.Lacking = append(p.Lacking, flagGroup(p, []string{fl}))
		}
	}
	m := *n
	low := " " + strings.ToLower(n.Sentence) + " "
	if !strings.Contains(low, " always ") && !strings.Contains(low, " all ") && !strings.Contains(low, " every ") && !strings.Contains(low, " must ") {
		m.Uncertain = append(append([]string(nil), n.Uncertain...), "the option may be advice")
	}
	params := process.CommandParams{Forbid: []process.Pattern{p}}
	r := rule(c, &m, process.KindCommand, params)
	var fl []string
	for _, f := range flags {
		fl = append(fl, "`"+f.Text+"`")
	}
	r.Message = "`" + process.Display(p) + "` needs " + strings.Join(fl, " and ")
	r.Suggestion = "add " + strings.Join(fl, " ")
	r.Cases = process.CommandCases(params)
	return []policy.Rule{r}
}

// lowerPrescribedForm: "Run tests with `cargo test --workspace --locked`", "Build the
// solution with `dotnet build App.slnx -bl`": the form the file gives for the work;
// the same command with none of its options is the bare form it steers away from. The
// words say how, not that another form is wrong, so the rule warns.
func lowerPrescribedForm(c *policy.Constraint, n *norm.Norm) []policy.Rule {
	var cmd *norm.Object
	for i, o := range n.Objects {
		switch o.Kind {
		case norm.KCommand:
			if cmd != nil {
				return nil
			}
			cmd = &n.Objects[i]
		case norm.KRole:
		default:
			return nil
		}
	}
	if cmd == nil || !norm.MeansSpan(n.Sentence, cmd.Text) || runsThroughLauncher(cmd.Text) {
		// (`uv run python -m pytest`: the options are the launched program's)
		return nil
	}
	var opts []string
	for _, a := range cmd.Argv[1:] {
		if strings.HasPrefix(a, "-") && a != "-" && a != "--" {
			name, _, _ := strings.Cut(a, "=")
			opts = append(opts, name)
		}
	}
	if len(opts) == 0 || !slices.ContainsFunc(opts, func(o string) bool { return !queryOption(o) }) {
		// (`dotnet --list-sdks`, `node --version`: how to ask the tool about itself,
		// not a form its every use must take)
		return nil
	}
	// the bare form: the program and the words that say what it does (`cargo test`,
	// `bundle exec rspec`), not what it works on (`App.slnx`) nor its options
	words := cmd.Argv[:1]
	for _, a := range cmd.Argv[1:] {
		if strings.HasPrefix(a, "-") || strings.ContainsAny(a, "/.") {
			break
		}
		words = append(words, a)
	}
	bare := process.BanPatternFrom(words, c.Scope.Dir)
	required := 0
	for _, o := range opts {
		if selectorOption(o) {
			// "Run single tests with `go test -tags x -run '^T$'`": the selection
			// says when the form applies; the other options are what it needs
			bare.Flags = append(bare.Flags, flagGroup(bare, []string{o}))
			continue
		}
		bare.Lacking = append(bare.Lacking, flagGroup(bare, []string{o}))
		required++
	}
	if required == 0 {
		return nil // `pytest -k name`: how to select, nothing the runs must carry
	}
	m := *n
	m.Uncertain = append(append([]string(nil), n.Uncertain...), "the form is given as how to do the work")
	// the form itself, however its options are spelled, is never the bare one
	params := process.CommandParams{Forbid: []process.Pattern{bare}, Allow: []process.Pattern{process.PatternFrom(cmd.Argv, c.Scope.Dir)}}
	r := rule(c, &m, process.KindCommand, params)
	r.Message = "the file gives `" + cmd.Text + "` for this"
	r.Suggestion = "run `" + cmd.Text + "`"
	r.Cases = process.CommandCases(params)
	return []policy.Rule{r}
}

// queryOption: an option that makes a program report on itself and exit
// (`--version`, `--help`, `--list-sdks`, `--print-sysroot`).
func queryOption(o string) bool {
	switch o {
	case "--version", "-V", "--help", "-h", "--info", "--list":
		return true
	}
	for _, p := range []string{"--list-", "--print-", "--show-"} {
		if strings.HasPrefix(o, p) {
			return true
		}
	}
	return false
}

// runsThroughLauncher: the command line runs another program through a launcher (`uv run`,
// `npx`), as the shell reader unwraps it.
func runsThroughLauncher(line string) bool {
	for _, c := range shell.Parse(line, shell.Options{}) {
		if len(c.LaunchedBy) > 0 {
			return true
		}
	}
	return false
}

func hasConcept(objs []norm.Object, concept string) bool {
	for _, o := range objs {
		if o.Kind == norm.KConcept && o.Text == concept {
			return true
		}
	}
	return false
}

// namedOptions are the options of a command span that the sentence also names in
// words outside the span: `--draft` in "use `gh pr create --draft` to create draft
// PRs". Options with values are left alone: their value is an example.
func namedOptions(cmd norm.Object, sentence string) []norm.Object {
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(stripSpans(sentence)), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r == '-')
	}) {
		words[w] = true
	}
	var out []norm.Object
	for _, a := range cmd.Argv[1:] {
		name, _, hasVal := strings.Cut(a, "=")
		if !strings.HasPrefix(name, "--") || hasVal || len(name) < 5 {
			continue
		}
		if w := strings.TrimPrefix(name, "--"); words[w] && !activityWords[w] {
			out = append(out, norm.Object{Kind: norm.KFlag, Text: name, Argv: []string{name}})
		}
	}
	return out
}

// activityWords name what a command does more than how: "the format check" says
// nothing of `--check`.
var activityWords = map[string]bool{"check": true, "fix": true, "test": true, "write": true, "all": true, "verbose": true,
	"quiet": true, "help": true, "force": true, "debug": true, "format": true, "build": true, "watch": true, "update": true}

// stripSpans drops the code spans of a sentence.
func stripSpans(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		if r == '`' {
			in = !in
			continue
		}
		if !in {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// withoutOptions is argv without the options named.
func withoutOptions(argv []string, flags []norm.Object) []string {
	var out []string
	for _, a := range argv {
		drop := false
		for _, f := range flags {
			drop = drop || a == f.Text
		}
		if !drop {
			out = append(out, a)
		}
	}
	return out
}

// runners are the commands that run a tool from the project's environment: `uv run
// tox`, `bundle exec rspec`, `pnpm exec eslint`, `npx prettier`.
var runners = [][]string{{"uv", "run"}, {"uvx"}, {"poetry", "run"}, {"pipenv", "run"}, {"pdm", "run"}, {"hatch", "run"},
	{"rye", "run"}, {"bundle", "exec"}, {"pnpm", "exec"}, {"npm", "exec"}, {"yarn", "exec"}, {"npx"}, {"pnpx"}, {"bunx"}}

// interpreters are programs a runner also starts that are no tool of their own: a
// required `uv run python -m x` does not make every bare `python` wrong.
var interpreters = map[string]bool{"python": true, "python3": true, "node": true, "ruby": true, "bash": true, "sh": true, "bun": true, "deno": true}

// pythonRunner reports a runner of a Python program in the project's environment.
func pythonRunner(run string) bool {
	switch run {
	case "uv run", "poetry run", "pipenv run", "pdm run", "hatch run", "rye run":
		return true
	}
	return false
}

// pythonPrograms are the programs "all Python commands" names: the interpreter and
// the tools a Python project runs.
var pythonPrograms = []string{"python", "python3", "pytest", "mypy", "ruff", "black", "isort", "flake8", "pylint", "pyright", "tox", "nox"}

// languageRunner is the runner a requirement gives for a language's commands ("Use
// `uv run` for all Python commands", "使用 `uv run` 运行所有 Python 命令"): the
// sentence names the runner alone and the language, nothing else, and no moment.
func languageRunner(n *norm.Norm) []string {
	if n.Verb != "use" && n.Verb != "run" || n.Condition != "" || len(n.Before) > 0 || len(n.After) > 0 || n.Subject != "" || len(n.Objects) != 2 {
		return nil
	}
	var runner []string
	python := false
	for _, o := range n.Objects {
		switch {
		case o.Kind == norm.KTool && strings.EqualFold(o.Text, "python"):
			python = true
		case o.Kind == norm.KCode || o.Kind == norm.KCommand:
			if f := strings.Fields(o.Text); pythonRunner(strings.Join(f, " ")) {
				runner = f
			}
		}
	}
	if !python || runner == nil {
		return nil
	}
	low := strings.ToLower(n.Sentence)
	if !strings.Contains(low, "all ") && !strings.Contains(low, "every ") && !strings.Contains(n.Sentence, "所有") {
		return nil // "Use `uv run` to try Python snippets": one use, not every command
	}
	return runner
}

// lowerLanguageRunner: the language's programs run bare are the wrong form; the
// programs are inferred from the language, so the rule warns.
func lowerLanguageRunner(c *policy.Constraint, n *norm.Norm) []policy.Rule {
	runner := languageRunner(n)
	var progs []string
	for _, p := range pythonPrograms {
		progs = append(progs, process.ProgramsOf(p)...)
	}
	via := process.Pattern{Program: runner[:1], Args: append(slices.Clone(runner[1:]), process.AnyWord)}
	p := process.CommandParams{Forbid: []process.Pattern{{Program: uniq.Values(progs)}}, Via: []process.Pattern{via}}
	m := *n
	m.Uncertain = append(slices.Clone(n.Uncertain), "the language's programs are inferred from its name")
	r := rule(c, &m, process.KindCommand, p)
	r.Message = "run Python's commands through `" + strings.Join(runner, " ") + "`"
	r.Suggestion = "prefix the command with `" + strings.Join(runner, " ") + "`"
	r.Cases = process.CommandCases(p)
	return []policy.Rule{r}
}

// lowerWrapped: "Run tox via uv: `uv run tox -e <env>`", "Run RSpec with `bundle exec
// rspec`": the tool runs through the runner, so the tool run bare is the wrong form.
// It is a reading of what the sentence implies, never a block.
func lowerWrapped(c *policy.Constraint, rc *recognize.RepoContext, n *norm.Norm) []policy.Rule {
	var tools []string
	if rc != nil {
		tools = rc.Tools
	}
	var rules []policy.Rule
	seen := map[string]bool{}
	for _, o := range n.Objects {
		if o.Kind != norm.KCommand || o.Origin != "" {
			continue
		}
		for _, r := range runners {
			if len(o.Argv) <= len(r) || !slices.Equal(o.Argv[:len(r)], r) {
				continue
			}
			if !throughRunner(n.Sentence, o.Text, r[0]) {
				break // "Run a single test: `uv run pytest -k x`" shows a command, no more
			}
			inner := o.Argv[len(r):]
			prog := inner[0]
			if interpreters[prog] || seen[prog] || !process.IsCommand(inner, tools) || strings.Contains(prog, "/") || prog == "*" {
				break
			}
			seen[prog] = true
			via := process.PatternFrom(append(append([]string(nil), r...), prog), c.Scope.Dir)
			p := process.CommandParams{Forbid: []process.Pattern{{Program: process.ProgramsOf(prog)}}, Via: []process.Pattern{via}}
			m := *n
			m.Uncertain = append(append([]string(nil), n.Uncertain...), "the bare form is inferred to be wrong from the form the sentence prescribes")
			rule := rule(c, &m, process.KindCommand, p)
			rule.Message = "run `" + prog + "` through `" + strings.Join(r, " ") + "`"
			rule.Suggestion = "use `" + strings.Join(append(append([]string(nil), r...), prog), " ") + "` instead"
			rule.Cases = process.CommandCases(p)
			rules = append(rules, rule)
			break
		}
	}
	return rules
}

// throughRunner: the sentence gives the runner as the means ("run tox via uv: `uv run
// tox`", "run the tests with `bundle exec rspec`"), not merely a command to copy.
func throughRunner(sentence, span, runner string) bool {
	low := strings.ToLower(sentence)
	for _, w := range []string{"via ", "through ", "using ", "with ", "prefix with ", "prefixed with "} {
		for _, r := range []string{runner + " ", runner + ":", runner + ",", "`" + runner} {
			if strings.Contains(low, w+r) {
				return true
			}
		}
	}
	i := strings.Index(sentence, "`"+span+"`")
	if i < 0 {
		return false
	}
	before := strings.ToLower(strings.TrimSpace(sentence[:i]))
	for _, w := range []string{" via", " through", " using", " with", " always use", " prefix with"} {
		if strings.HasSuffix(" "+before, w) {
			return true
		}
	}
	return false
}

// lowerOrder: "run `make lint` before committing".
func lowerOrder(c *policy.Constraint, rc *recognize.RepoContext, n *norm.Norm) ([]policy.Rule, string) {
	return lowerOrderInferring(c, rc, n, nil)
}

// lowerOrderInferring lowers an order; inferred are the files whose change the order
// follows when neither the sentence nor the instruction file's scope names any.
func lowerOrderInferring(c *policy.Constraint, rc *recognize.RepoContext, n *norm.Norm, inferred []string) ([]policy.Rule, string) {
	if n.Verb != "" && n.Verb != "run" && n.Verb != "use" && n.Verb != "test" && n.Verb != "build" && n.Verb != "update" && n.Verb != "pass" {
		return nil, "" // "stop `docker compose` when you are done" asks for another action, not a run
	}
	if editsRoles(n) {
		return nil, "" // "update tests when modifying code": the tests are edited, not run
	}
	// "after finishing a task, run X": X runs at the end, before the work leaves the
	// session
	var after []norm.Object
	for _, o := range n.After {
		if o.Kind == norm.KEvent && o.Text == "finish" {
			n.Before = append(n.Before, o)
			continue
		}
		after = append(after, o)
	}
	n.After = after
	n = blockRoleRuns(n)
	// "run X after changing `src/`", "run X before committing changes to `service/`":
	// the order holds when the session changed those files
	var changed []string
	anyChange := false // the change named is any change ("after making changes")
	for _, o := range append(append([]norm.Object(nil), n.After...), n.Before...) {
		if o.Kind == norm.KPath {
			if o.Text == "**" && o.Origin == "words" {
				anyChange = true
			}
			if globs := codeGlobs(rc); o.Text == "**" && o.Origin == "words" && len(globs) > 0 && norm.SaysCode(n.Sentence) {
				// "if you have changed the code": the repository's code, not its
				// documents
				changed = append(changed, globs...)
				continue
			}
			changed = append(changed, changedGlob(o.Text, c.Scope.Dir))
		}
	}
	if len(n.After) > 0 && len(changed) == 0 {
		return nil, "the order follows a change heed cannot name"
	}
	if len(changed) == 0 && len(n.Scope) > 0 && len(n.Before) > 0 && allOfKind(n.Before, norm.KEvent) && !startsWork(n.Before) {
		// "run `terraform validate` before you push any change under `infra/`": the
		// place an order before the work leaves the session names is where the
		// change is, not where the command runs; pushing other changes needs no run
		for _, s := range n.Scope {
			changed = append(changed, changedGlob(s, c.Scope.Dir))
		}
	}
	// a condition in parentheses beside a list item's label, which the reading left
	// out: "**Run quality gates** (if code changed) - Run `make check-all` before push"
	labelCond := ""
	if n.Condition == "" && len(n.When) == 0 {
		labelCond = norm.ParentheticalCondition(c.Text)
	}
	onCodeChange := labelCond != "" && norm.GenericCodeChange(labelCond)
	changedInferred := false
	if len(changed) == 0 && onCodeChange {
		// a push after no change to the code needs no gate
		changed = layout.CodeGlobs()
	} else if len(changed) == 0 && len(c.Scope.Globs) > 0 && !startsWork(n.Before) {
		// a rule file that governs `*.ts` files: its orders hold when the session
		// changed such files (the file's scope says so, not the sentence: where the
		// session's edits are not recorded, the order holds as written)
		changed = append(changed, c.Scope.Globs...)
		changedInferred = true
	} else if len(changed) == 0 && len(inferred) > 0 {
		changed = append(changed, inferred...)
		changedInferred = true
	} else if globs := norm.HeadingLanguageGlobs(c.HeaderPath); len(changed) == 0 && len(globs) > 0 && !startsWork(n.Before) && allOfKind(n.Before, norm.KEvent) {
		// "### Python Development" over "Run linters (always run before committing)":
		// the section's language's changes, not every commit of the repository (an
		// order before a command, "build the library before the C++ tests", holds
		// whatever changed)
		changed = append(changed, globs...)
		changedInferred = true
	} else if len(changed) == 0 && len(c.HeaderPath) > 0 && norm.GenericCodeChange(c.HeaderPath[len(c.HeaderPath)-1]) && !startsWork(n.Before) {
		// "## After making code changes" over "`./scripts/fix` (always run this
		// before committing)": the section's orders follow a change to the code
		changed = layout.CodeGlobs()
		changedInferred = true
	} else if what := norm.HeadingChange(c.HeaderPath); len(changed) == 0 && what != "" && !startsWork(n.Before) {
		// "### When you touch the API" over "Run `npm run test:api` before
		// committing": the section holds after a change to what it names, and
		// only then; what heed cannot find in the repository is a condition it
		// cannot see
		globs := headingChangeGlobs(what, c, rc)
		if len(globs) == 0 {
			return nil, "the order holds under a condition heed cannot see (" + c.HeaderPath[len(c.HeaderPath)-1] + ")"
		}
		changed = append(changed, globs...)
	} else if d := headingDir(c, rc); len(changed) == 0 && d != "" && !startsWork(n.Before) && allOfKind(n.Before, norm.KEvent) {
		// "### Frontend (`web/`)" over "Run `pnpm --filter web lint` before
		// committing": the work in that folder, not every commit of the repository
		changed = append(changed, d+"/**")
		changedInferred = true
	} else if len(changed) == 0 && c.Scope.Dir != "" && c.Scope.Dir != "." && !startsWork(n.Before) {
		// a nested instruction file (`pnpm/AGENTS.md`) governs the work in its
		// folder: its orders hold when the session changed files there, not for
		// every pull request of the repository
		changed = append(changed, strings.TrimSuffix(c.Scope.Dir, "/")+"/**")
		changedInferred = true
	}
	var tools []string
	if rc != nil {
		tools = rc.Tools
	}
	// each prerequisite is one set of forms: "run `./restore.sh` or `./restore.cmd`"
	// names alternatives, "run `make fmt` and `make lint`" two prerequisites
	var first [][]process.Pattern
	var firstArgv [][]string
	var roles map[string][][]string
	var perLang []langCommand
	var guessed, noCommand []string // roles resolved to the repository's tasks, and roles with no command
	named := hasKind(n.Objects, norm.KCommand)
	unread, kept := 0, 0
	for _, o := range n.Objects {
		if o.Kind == norm.KRole && !named {
			// "make sure all tests pass": the file's test commands, any one of them
			if roles == nil {
				roles = fileRoleCommands(c, rc)
			}
			cmds := packageFamilies(ofLanguages(roles[o.Text], changed))
			if len(roles[o.Text]) == 0 {
				// the file names no command for the role: the repository's task for
				// it, inferred, so the order warns (tasks.go)
				var why string
				if cmds, why = roleFromTasks(rc, o.Text); why != "" {
					guessed = append(guessed, why)
				} else {
					noCommand = append(noCommand, roleNoun(o.Text))
				}
			}
			if len(cmds) == 0 || len(cmds) > maxPrerequisiteAlternatives {
				continue
			}
			if per := perLanguage(cmds); per != nil && len(changed) == 0 {
				// "run the formatters before committing" in a file that formats Rust
				// with `cargo fmt` and Python with `ruff format`: each after changes
				// in its language
				perLang = append(perLang, per...)
				continue
			}
			var alts []process.Pattern
			for _, argv := range cmds {
				alts = append(alts, process.PatternFrom(argv, c.Scope.Dir))
				alts = append(alts, taskSpellings(rc, argv, c.Scope.Dir)...)
			}
			first = append(first, alts)
			firstArgv = append(firstArgv, cmds[0])
			continue
		}
		// "make sure `mix test` passes": what must pass is run
		runs := n.Verb == "run" || o.Kind == norm.KCode && norm.RunsDirectly(n.Sentence, o.Text)
		if o.Kind != norm.KCommand && (o.Kind != norm.KCode || !runs) {
			// "use the `commit-helper` skill": a word in a code span is a command
			// only when the sentence says to run it (or that it must pass)
			continue
		}
		if keptSetting(strings.Fields(o.Text)) {
			// `git config --global user.name "Jane Doe"`: set once, kept across
			// sessions, with the reader's own value
			kept++
			continue
		}
		if elided(o.Text) {
			// "run targeted tests through `cd python && uv run ...`": a shape of
			// command, the words that make it one left out; nothing to run first
			continue
		}
		if f := strings.Fields(o.Text); len(f) == 1 && idleAlone[f[0]] {
			// "the relevant `npm`/`pnpm` lint commands": a tool named as the means;
			// run alone it does no work, so it is no prerequisite
			continue
		}
		if parts := chainParts(o.Text); len(parts) > 1 && !strings.Contains(o.Text, "||") {
			// "run `git checkout main && git pull`": each command of the chain is a
			// prerequisite; a `cd` only says where the next one runs
			// ("`cd frontend && npm run build ; cd ..`": a `;` ends one as well)
			for _, part := range parts {
				argv, ok := process.SpanArgv(strings.TrimSpace(part))
				if !ok || argv[0] == "cd" {
					continue
				}
				if fs := process.PrerequisiteForms(strings.TrimSpace(part), tools, c.Scope.Dir); len(fs) > 0 {
					first = append(first, append(fs, taskSpellings(rc, argv, c.Scope.Dir)...))
					firstArgv = append(firstArgv, argv)
				}
			}
		} else if fs := process.PrerequisiteForms(o.Text, tools, c.Scope.Dir); len(fs) > 0 {
			first = append(first, append(fs, taskSpellings(rc, o.Argv, c.Scope.Dir)...))
			firstArgv = append(firstArgv, o.Argv)
		} else if argv, ok := process.SpanArgv(o.Text); ok && runs && programWord(argv[0]) {
			// "run `crlfmt -w <file>.go`": what one is told to run is a command, even
			// of a program heed does not know; how it reads its options heed does
			// not know either, so its subcommand words are kept and its options not
			words := argv[:1]
			for _, a := range argv[1:] {
				if strings.HasPrefix(a, "-") || a == "*" {
					break
				}
				words = append(words, a)
			}
			first = append(first, []process.Pattern{process.PatternFrom(words, c.Scope.Dir)})
			firstArgv = append(firstArgv, argv)
		} else {
			unread++
		}
	}
	if len(guessed) > 0 {
		m := *n
		m.Uncertain = append(slices.Clone(n.Uncertain), guessed...)
		n = &m
	}
	if len(first)+len(perLang) == 0 && len(noCommand) > 0 {
		return nil, "the file names no command for " + strings.Join(noCommand, " or ") + ", and the repository has no task for it at its root"
	}
	if norm.WordAlternative(n.Sentence) {
		// "run `swift build` or the relevant Fastlane lane": the other way is named
		// in words, and heed cannot tell when it was taken
		return nil, "one of the alternative commands is no form heed can match"
	}
	if len(first) == 0 && kept > 0 {
		return nil, "the command sets what the clone or the machine keeps across sessions"
	}
	if unread > 0 && alternatives(n.Sentence) {
		// "run `restore.cmd` or `. ./restore.sh`": an alternative heed cannot match
		// would make the order impossible to meet the other way
		return nil, "one of the alternative commands is no form heed can match"
	}
	if norm.CommandAside(n.Sentence) && len(first) == 1 {
		// "Format your code with black (`make format`)": running black itself meets
		// it as well as the project's command for it does
		for _, o := range n.Objects {
			if o.Kind == norm.KTool && staticTools[o.Text] {
				first[0] = append(first[0], process.Pattern{Program: process.ProgramsOf(o.Text)})
			}
		}
	}
	if alternatives(n.Sentence) && len(first) > 1 {
		var all []process.Pattern
		for _, fs := range first {
			all = append(all, fs...)
		}
		first = [][]process.Pattern{all}
		firstArgv = firstArgv[:1]
	}
	var then []process.Pattern
	for _, o := range n.Before {
		switch o.Kind {
		case norm.KEvent:
			then = append(then, eventForms(o.Text)...)
		case norm.KConcept:
			// "do not commit until `make test` passes": the banned act is what comes
			// after
			then = append(then, conceptForms(o.Text, rc)...)
		case norm.KCommand:
			if o.Origin == "block" {
				// the run a block shows after its preparation (blockRoleRuns): its
				// options' values say which run it is (`-p driver-cpp`)
				then = append(then, process.BanPatternFrom(o.Argv, c.Scope.Dir))
				continue
			}
			then = append(then, process.PatternFrom(o.Argv, c.Scope.Dir))
		case norm.KRole:
			// "run `npm run build` before running tests": the file's test commands
			if roles == nil {
				roles = fileRoleCommands(c, rc)
			}
			if cmds := roles[o.Text]; len(cmds) <= 4 {
				for _, argv := range cmds {
					then = append(then, process.PatternFrom(argv, c.Scope.Dir))
				}
			}
		}
	}
	// "Don't `--admin` merge a PR until `gh pr checks` passes": the option names
	// which of the acts waits, not one more act
	for _, o := range n.Before {
		if o.Kind == norm.KFlag {
			for i := range then {
				then[i].Flags = append(slices.Clone(then[i].Flags), flagGroup(then[i], o.Argv))
			}
		}
	}
	if len(then) == 0 && len(n.Before) > 0 {
		// "Install (required before integration tests): ...": the order names what
		// comes after, and heed found no command of it; it is not the commit
		return nil, ""
	}
	momentInferred := false
	if len(then) == 0 && len(changed) > 0 {
		// after a change, before the change is committed; or before the event the
		// section is about ("## Before opening a PR" over "If you added a `.rs`
		// file, run `hawkeye format`")
		ev := norm.FramingEvent(c.HeaderPath, c.Context)
		if ev == "" || ev == "branch" {
			ev = "commit"
			momentInferred = true
		}
		then = eventForms(ev)
	}
	if why := reminderOnly(c, n, momentInferred, anyChange && !changedInferred); why != "" {
		// "when you're done, run `make check`", "test your changes with `pnpm
		// test`": the reader expects to be reminded, not stopped; the rule warns
		// (and the audit reports it), it never blocks
		m := *n
		m.Uncertain = append(slices.Clone(n.Uncertain), why)
		n = &m
	}
	if len(first)+len(perLang) == 0 || len(then) == 0 {
		return nil, ""
	}
	if labelCond != "" && !onCodeChange {
		// "Regenerate the client (only when the API changed) - run `make gen` before
		// push": a condition heed cannot see
		return nil, "the order holds under a condition heed cannot see (" + labelCond + ")"
	}
	if n.Condition != "" && !conditionIsEvent(n) && !(norm.GenericCodeChange(n.Condition) && afterPaths(n)) && !(norm.EachUnitOfWork(n.Condition) && len(n.Before) > 0) {
		// ("after you change anything under `proto/`": the change the condition
		// speaks of is the one the order's paths name)
		return nil, "the order holds under a condition heed cannot see (" + n.Condition + ")"
	}
	var rules []policy.Rule
	order := func(p process.SequenceParams, argv []string) {
		on := n
		if setupStep(argv) && len(n.Before) > 0 && (!handOver(n.Before) || norm.InstallsHooks(n.Sentence)) && len(n.After) == 0 {
			// "Before running your tests, set up all packages: `uv sync`": a session
			// may begin in a tree set up long before; the order can only remind
			m := *n
			m.Uncertain = append(slices.Clone(n.Uncertain), "a setup step, which an earlier session may have done")
			on = &m
		}
		// "run `cd web && npm test`": the folder the file names is where it runs
		p.In = cdFolders(n.Objects)
		p.Unless = exemptChanges(c, n, rc, p)
		r := rule(c, on, process.KindSequence, p)
		r.Message = "`" + p.Label + "` must run first"
		r.Suggestion = "run `" + p.Label + "` first, and then " + process.Display(then[0])
		r.Cases = process.SequenceCases(p, argv)
		rules = append(rules, r)
	}
	for _, cmd := range perLang {
		order(process.SequenceParams{Then: then, First: []process.Pattern{process.PatternFrom(cmd.argv, c.Scope.Dir)},
			Label: strings.Join(cmd.argv, " "), Anytime: n.First, Changed: cmd.globs}, cmd.argv)
	}
	// several prerequisites are each required ("run `make fmt` and `make lint`")
	for k, f := range first {
		// a command never guards itself: `make format` before "the formatters"
		// that resolve to `make format` again would block its own first run
		guarded := slices.DeleteFunc(slices.Clone(then), func(t process.Pattern) bool {
			return slices.ContainsFunc(f, func(p process.Pattern) bool {
				return slices.Equal(p.Program, t.Program) && slices.Equal(p.Args, t.Args)
			})
		})
		if len(guarded) == 0 {
			continue
		}
		p := process.SequenceParams{Then: guarded, First: f, Label: process.Display(f[0]), Anytime: n.First, Changed: changed, ChangedInferred: changedInferred}
		if len(changed) == 0 && !startsWork(n.Before) {
			// "apply `gofmt` before committing": a formatter or linter of one
			// language has work only after that language's files changed
			p.Changed = staticToolFiles(f)
			if len(p.Changed) == 0 {
				// "Format your code with black (`make format`)": the tool the command
				// runs says whose files
				for _, o := range n.Objects {
					if o.Kind == norm.KTool && len(p.Changed) == 0 {
						p.Changed = staticToolFiles([]process.Pattern{{Program: []string{o.Text}}})
					}
				}
			}
			p.ChangedInferred = len(p.Changed) > 0
		} else if slices.Equal(changed, []string{"**"}) {
			// "Run `mypy` over the change": any change, but a formatter or linter of
			// one language has work only after that language's files changed
			if g := staticToolFiles(f); len(g) > 0 {
				p.Changed = g
			}
		}
		order(p, firstArgv[k])
	}
	return rules, ""
}

// cdFolders are the folders a `cd` among objs goes to (`cd web && npm test`, a block's
// `cd web` line): where the commands after it run.
func cdFolders(objs []norm.Object) []string {
	var out []string
	for _, o := range objs {
		if o.Kind != norm.KCommand && o.Kind != norm.KCode {
			continue
		}
		for _, part := range chainParts(o.Text) {
			f := strings.Fields(part)
			if len(f) == 2 && f[0] == "cd" && f[1] != ".." && f[1] != "-" && !strings.HasPrefix(f[1], "/") && !strings.HasPrefix(f[1], "$") && !strings.HasPrefix(f[1], "~") {
				if d := strings.Trim(strings.TrimPrefix(f[1], "./"), "/"); d != "" && !slices.Contains(out, d) {
					out = append(out, d)
				}
			}
		}
	}
	return out
}

// chainParts splits a command line of a sentence at `&&` and `;` into the commands
// it runs one after another.
// (a `\;` ends a `find -exec`, not a command).
func chainParts(line string) []string {
	var parts []string
	for _, p := range strings.Split(line, "&&") {
		start := 0
		for i := 0; i < len(p); i++ {
			if p[i] == ';' && (i == 0 || p[i-1] != '\\') {
				parts = append(parts, p[start:i])
				start = i + 1
			}
		}
		if strings.TrimSpace(p[start:]) != "" || start == 0 {
			parts = append(parts, p[start:])
		}
	}
	return parts
}

// lowerFirst reads "run X first" with nothing said of what comes after as an order
// before the builds and tests the file shows (heed infers what "first" is before, so
// the rule warns).
func lowerFirst(c *policy.Constraint, rc *recognize.RepoContext, n *norm.Norm) ([]policy.Rule, string) {
	if ev := norm.FramingEvent(c.HeaderPath, ""); ev != "" {
		// "## Committing" and "Run `pre-commit run --all-files` first": first, before
		// the event the section is about
		m := *n
		m.Before = []norm.Object{{Kind: norm.KEvent, Text: ev, Origin: "heading"}}
		m.Uncertain = append(slices.Clone(n.Uncertain), "what the command comes first before is the event the section's heading names")
		return lowerOrder(c, rc, &m)
	}
	roles := fileRoleCommands(c, rc)
	var later []norm.Object
	for _, role := range []string{"build", "test"} {
		cmds := roles[role]
		if len(cmds) > maxPrerequisiteAlternatives {
			continue
		}
		for _, argv := range cmds {
			if !slices.ContainsFunc(n.Objects, func(o norm.Object) bool { return strings.Join(o.Argv, " ") == strings.Join(argv, " ") }) {
				later = append(later, norm.Object{Kind: norm.KCommand, Text: strings.Join(argv, " "), Argv: argv, Origin: "role"})
			}
		}
	}
	if len(later) == 0 {
		return nil, "runs first, before commands the file does not show"
	}
	m := *n
	m.Before = later
	m.Uncertain = append(append([]string(nil), n.Uncertain...), "what the command comes first before is inferred from the file's build and test commands")
	return lowerOrder(c, rc, &m)
}

// branchSection: the items of a "### Branch Naming" section each give one allowed
// form ("`feature/description` - New features", "`fix/description` - Bug fixes"); the
// section is one convention, compiled once, on its first item, with every form.
func branchSection(c *policy.Constraint, rc *recognize.RepoContext) (recognize.Result, bool) {
	if rc == nil || !norm.BranchNamingSection(c.HeaderPath) || norm.BranchSectionItem(c.Text) == "" {
		return recognize.Result{}, false
	}
	var items []string
	first := ""
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.File != c.File || !slices.Equal(o.HeaderPath, c.HeaderPath) {
			continue
		}
		items = append(items, o.Text)
		if first == "" && norm.BranchSectionItem(o.Text) != "" {
			first = o.ID
		}
	}
	if first != c.ID {
		return recognize.Result{Unenforced: "one form of the section's branch naming convention, compiled with its first item"}, true
	}
	globs, doubt := norm.BranchSectionForms(items)
	if len(globs) == 0 {
		return recognize.Result{Unenforced: "a branch naming section whose items give no whole name"}, true
	}
	n := norm.Norm{Polarity: norm.Require, Strength: "must", Sentence: c.Text,
		Objects: []norm.Object{{Kind: norm.KConcept, Text: "branch-name", Argv: globs}}}
	if doubt != "" {
		n.Uncertain = []string{doubt}
	}
	return recognize.Result{Rules: lowerBranchNames(c, rc, &n)}, true
}

// lowerBranchNames: a new branch (`git checkout -b NAME`, `git switch -c NAME`,
// `git worktree add -b NAME`) must have a name the convention allows.
func lowerBranchNames(c *policy.Constraint, rc *recognize.RepoContext, n *norm.Norm) []policy.Rule {
	globs := branchGlobs(n)
	for _, g := range siblingBranchGlobs(c, rc) {
		// "Hotfix branch names must start with `hotfix/`" beside "Branch names must
		// start with `feature/`": each names the branches of one kind, and a name
		// the other allows is no breach of this one
		if !slices.Contains(globs, g) {
			globs = append(globs, g)
		}
	}
	creates := []struct {
		args  []string
		flags []string
	}{
		{[]string{"checkout"}, []string{"-b", "-B"}},
		{[]string{"switch"}, []string{"-c", "-C", "--create", "--force-create"}},
		{[]string{"worktree", "add"}, []string{"-b", "-B"}},
	}
	var forbid, allow []process.Pattern
	for _, cr := range creates {
		forbid = append(forbid, pat("git", cr.args, cr.flags))
		for _, g := range globs {
			var spelled []string
			for _, f := range cr.flags {
				spelled = append(spelled, f+"="+g)
			}
			allow = append(allow, pat("git", cr.args, spelled))
		}
	}
	params := process.CommandParams{Forbid: forbid, Allow: allow}
	m := *n
	m.Subject = ""
	r := rule(c, &m, process.KindCommand, params)
	r.Message = "a new branch must be named " + strings.Join(globs, " or ")
	r.Suggestion = "name the branch " + strings.Join(globs, " or ")
	r.Cases = []policy.Case{
		{Expect: policy.ExpectViolated, Argv: []string{"git", "checkout", "-b", "quick-fix"}, Note: "a name outside the convention"},
		{Expect: policy.ExpectSatisfied, Argv: []string{"git", "switch", "-c", strings.ReplaceAll(globs[0], "*", "x")}, Note: "a name the convention allows"},
		{Expect: policy.ExpectSatisfied, Argv: []string{"git", "checkout", "main"}, Note: "no new branch"},
	}
	if other, at := agentBranchFormat(c, rc, globs); other != "" {
		// CONTRIBUTING.md says `git-username/type/...` to people, AGENTS.md
		// `<type>/...` to the agent: the agent's file speaks to the reader heed
		// enforces on, and a person must say which holds
		r.Severity = policy.SeverityWarning
		r.Review = fmt.Sprintf("%s gives the agent another format for branch names (%s)", at, other)
	}
	return []policy.Rule{r}
}

// siblingBranchGlobs are the branch-name globs the other constraints of c's file
// require.
func siblingBranchGlobs(c *policy.Constraint, rc *recognize.RepoContext) []string {
	if rc == nil {
		return nil
	}
	var out []string
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.File != c.File || o.ID == c.ID || o.Line == c.Line || !strings.Contains(strings.ToLower(o.Text), "branch") {
			continue
		}
		for _, on := range norm.Read(o.Text, readContext(o, rc)) {
			if on.Polarity == norm.Require {
				out = append(out, branchGlobs(&on)...)
			}
		}
	}
	return out
}

// branchGlobs are the branch-name globs a norm requires.
func branchGlobs(n *norm.Norm) []string {
	var globs []string
	for _, o := range n.Objects {
		if o.Kind == norm.KConcept && o.Text == "branch-name" {
			globs = append(globs, o.Argv...)
		}
	}
	return globs
}

// agentBranchFormat is another format for branch names that an agent file governing
// c's folder requires, when c is a contributors' guide's; "" when there is none.
func agentBranchFormat(c *policy.Constraint, rc *recognize.RepoContext, globs []string) (string, string) {
	if rc == nil || c.Format != formatContributing {
		return "", ""
	}
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.Format == formatContributing || !enclosing(o.Scope.Dir, c.Scope.Dir) || !strings.Contains(strings.ToLower(o.Text), "branch") {
			continue
		}
		at := fmt.Sprintf("%s:%d", o.File, o.Line)
		for _, on := range norm.Read(o.Text, readContext(o, rc)) {
			if other := branchGlobs(&on); len(other) > 0 && !slices.Equal(other, globs) {
				return strings.Join(other, " or "), at
			}
		}
		// "Branch naming — `<type>/<short-description>` (e.g., `feat/x`)": names
		// the agent's file shows that the guide's format does not allow
		var shown []string
		for _, span := range norm.ShownSpans(o.Text) {
			if strings.Contains(span, "/") && !strings.ContainsAny(span, " <>*") {
				shown = append(shown, span)
			}
		}
		if len(shown) > 0 && !slices.ContainsFunc(shown, func(name string) bool {
			return slices.ContainsFunc(globs, func(g string) bool { ok, _ := path.Match(g, name); return ok })
		}) {
			return "`" + strings.Join(shown, "`, `") + "`", at
		}
	}
	return "", ""
}

// areaChanges: "if you've made changes to the frontend, run `npm run lint:fix`" in a
// repository with one folder named frontend: the order follows changes under it. The
// folder is found by name, so the order warns.
func areaChanges(n *norm.Norm, rc *recognize.RepoContext) {
	if n.Polarity != norm.Require || rc == nil || len(rc.Dirs) == 0 || n.Condition == "" || len(n.After) > 0 {
		return
	}
	area := norm.ChangedArea(n.Condition)
	if area == "" {
		return
	}
	var found []string
	for _, d := range rc.Dirs {
		// ("template changes" and a `templates/` folder)
		if (path.Base(d) == area || path.Base(d) == area+"s") && strings.Count(d, "/") <= 1 {
			found = append(found, d)
		}
	}
	if len(found) != 1 {
		return
	}
	n.ChangesUnder(found[0], "area")
	n.Uncertain = append(n.Uncertain, "the folder of \""+area+"\" is found by its name")
}

// lowerPRBase: "All PRs target `develop` (NOT `master`)": a pull request opened with
// an explicit base names that branch. One opened with no base goes to the
// repository's default branch, which the instruction file does not name, so it
// passes.
func lowerPRBase(c *policy.Constraint, n *norm.Norm) []policy.Rule {
	var bases []string
	for _, o := range n.Objects {
		if o.Kind == norm.KConcept && o.Text == "pr-base" {
			bases = append(bases, o.Argv...)
		}
	}
	if len(bases) == 0 {
		return nil
	}
	var allowed []string
	for _, b := range bases {
		allowed = append(allowed, "--base="+b, "-B="+b)
	}
	params := process.CommandParams{
		Forbid: []process.Pattern{pat("gh", []string{"pr", "create"}, []string{"--base", "-B"})},
		Allow:  []process.Pattern{pat("gh", []string{"pr", "create"}, allowed)},
	}
	m := *n
	r := rule(c, &m, process.KindCommand, params)
	r.Message = "pull requests are based on " + strings.Join(bases, " or ")
	r.Suggestion = "open it with `--base " + bases[0] + "`"
	wrong := "some-other-branch"
	if len(n.Instead) > 0 {
		wrong = n.Instead[0].Text
	}
	r.Cases = []policy.Case{
		{Expect: policy.ExpectViolated, Argv: []string{"gh", "pr", "create", "--base", wrong, "--fill"}, Note: "another base"},
		{Expect: policy.ExpectSatisfied, Argv: []string{"gh", "pr", "create", "--base", bases[0], "--fill"}, Note: "the base the file names"},
		{Expect: policy.ExpectSatisfied, Argv: []string{"gh", "pr", "create", "--fill"}, Note: "no base named: the repository's default"},
	}
	return []policy.Rule{r}
}

// idleAlone are programs that do no work run with no arguments (they print help or
// open a prompt): named alone in an order they are the means of other commands.
var idleAlone = map[string]bool{"npm": true, "pnpm": true, "bun": true, "cargo": true, "go": true, "git": true, "uv": true,
	"poetry": true, "docker": true, "kubectl": true, "gh": true, "pip": true, "pip3": true, "npx": true, "dotnet": true,
	"node": true, "nodejs": true, "python": true, "python3": true, "deno": true, "java": true, "rustup": true}

// startsWork: the order comes before events that start a piece of work (a new
// branch), before any file of it changed.
func startsWork(before []norm.Object) bool {
	for _, o := range before {
		if o.Kind != norm.KEvent || o.Text != "branch" {
			return false
		}
	}
	return len(before) > 0
}

// workLeaves are the events at which the work leaves the session by a command the
// sentence names: a commit, a push, a pull request, a merge.
var workLeaves = []string{"commit", "push", "push-tags", "pr", "merge"}

// reminderOnly says why an order only reminds: its moment is the end of the work
// ("when you're done", "before handing off your work") with no commit, push or pull
// request named by the sentence or its section, or the moment is inferred and the
// change it follows is any change ("after making changes, run X", "test your changes
// with X"). heed checks such an order at the commit, which the sentence does not
// name; a block there stops work the reader was only asked to finish well.
func reminderOnly(c *policy.Constraint, n *norm.Norm, momentInferred, anyChange bool) string {
	named := false
	finish := false
	for _, o := range n.Before {
		if o.Kind != norm.KEvent {
			continue
		}
		if o.Text == "finish" {
			finish = true
		}
		if slices.Contains(workLeaves, o.Text) && o.Origin != "inferred" {
			named = true
		}
	}
	// the section's heading or lead-in, or a second moment of the sentence itself
	// ("when you're done, and always before you commit")
	if ev := norm.FramingEvent(c.HeaderPath, c.Context); slices.Contains(workLeaves, ev) {
		named = true
	}
	for _, ev := range norm.MomentEvents(n.Sentence) {
		if slices.Contains(workLeaves, ev) {
			named = true
		}
	}
	switch {
	case named:
		return ""
	case finish:
		return "the moment is the end of the work, which the sentence names no command for: a reminder"
	case momentInferred && anyChange:
		return "the order follows any change and names no moment: a reminder before the commit"
	}
	return ""
}

// namesCommand: some norm is about a command named by its words.
func namesCommand(ns []norm.Norm) bool {
	for i := range ns {
		if hasKind(ns[i].Objects, norm.KCommand) {
			return true
		}
	}
	return false
}

func hasKind(objs []norm.Object, k norm.Kind) bool {
	for _, o := range objs {
		if o.Kind == k {
			return true
		}
	}
	return false
}

// languageOf are the files a program checks or rewrites, by the program: `cargo fmt`
// formats Rust, `ruff` Python.
var languageOf = map[string][]string{
	"cargo": {"**/*.rs"}, "rustfmt": {"**/*.rs"}, "ruff": {"**/*.py"}, "black": {"**/*.py"}, "isort": {"**/*.py"},
	"flake8": {"**/*.py"}, "mypy": {"**/*.py"}, "pylint": {"**/*.py"}, "pyright": {"**/*.py"}, "pytest": {"**/*.py"},
	"gofmt": {"**/*.go"}, "goimports": {"**/*.go"}, "gofumpt": {"**/*.go"}, "golangci-lint": {"**/*.go"},
	"rubocop": {"**/*.rb"}, "standardrb": {"**/*.rb"}, "swiftformat": {"**/*.swift"}, "swiftlint": {"**/*.swift"},
	"clang-format": {"**/*.c", "**/*.h", "**/*.cc", "**/*.cpp", "**/*.hpp"}, "ktlint": {"**/*.kt", "**/*.kts"},
	"mix": {"**/*.ex", "**/*.exs"}, "pint": {"**/*.php"}, "php-cs-fixer": {"**/*.php"},
}

// staticTools are the formatters and linters that read one language's files and
// nothing else, by program (and subcommand, for `cargo fmt` and `go vet`).
var staticTools = map[string]bool{"rustfmt": true, "ruff": true, "black": true, "isort": true, "flake8": true, "mypy": true,
	"pylint": true, "pyright": true, "gofmt": true, "goimports": true, "gofumpt": true, "golangci-lint": true, "rubocop": true,
	"standardrb": true, "swiftformat": true, "swiftlint": true, "clang-format": true, "ktlint": true, "pint": true,
	"php-cs-fixer": true, "cargo fmt": true, "cargo clippy": true, "go fmt": true, "go vet": true}

// staticToolFiles are the files the alternatives of one prerequisite all format or
// lint, when each is a formatter or linter of the same single language; nil
// otherwise (a test suite or a build has work after any change).
func staticToolFiles(alts []process.Pattern) []string {
	var globs []string
	for _, p := range alts {
		if len(p.Program) > 1 {
			// `npm run goimports`, `make goimports`: the script a bare name may
			// also be; the tool itself decides
			continue
		}
		prog := p.Program[0]
		if i := strings.LastIndex(prog, "/"); i >= 0 {
			prog = prog[i+1:]
		}
		key := prog
		if (prog == "cargo" || prog == "go") && len(p.Args) > 0 {
			key = prog + " " + p.Args[0]
		}
		if !staticTools[key] {
			return nil
		}
		g, ok := commandLanguage(append([]string{prog}, p.Args...))
		if !ok || globs != nil && !slices.Equal(g, globs) {
			return nil
		}
		globs = g
	}
	return globs
}

// ofLanguages keeps the role commands that may check the changed files: after
// TypeScript changes, `ruff check` (Python's linter) is no lint of them.
// sharedCwd is the folder every command object of objs runs in after its `cd`, ""
// when one runs where it is typed or they differ.
func sharedCwd(objs []norm.Object) string {
	d := ""
	for _, o := range objs {
		if o.Kind != norm.KCommand {
			continue
		}
		if o.Cwd == "" || d != "" && o.Cwd != d {
			return ""
		}
		d = o.Cwd
	}
	return d
}

// packageFamilies folds commands that differ only in their last word into the
// command without it: a file that runs `nx test auth-js` and `nx test storage-js`
// runs "the package's tests" as `nx test PKG`, so any `nx test` of a package does
// the role. A family needs two members and a subcommand before the word that varies
// (`nx test`, never a bare `nx`); options never vary.
func packageFamilies(cmds [][]string) [][]string {
	count := map[string]int{}
	key := func(argv []string) (string, bool) {
		if len(argv) < 3 || strings.HasPrefix(argv[len(argv)-1], "-") || strings.HasPrefix(argv[len(argv)-2], "-") {
			return "", false
		}
		return strings.Join(argv[:len(argv)-1], "\x00"), true
	}
	for _, argv := range cmds {
		if k, ok := key(argv); ok {
			count[k]++
		}
	}
	var out [][]string
	done := map[string]bool{}
	for _, argv := range cmds {
		k, ok := key(argv)
		if !ok || count[k] < 2 {
			out = append(out, argv)
			continue
		}
		if !done[k] {
			done[k] = true
			out = append(out, argv[:len(argv)-1:len(argv)-1])
		}
	}
	return out
}

func ofLanguages(cmds [][]string, changed []string) [][]string {
	if len(changed) == 0 {
		return cmds
	}
	var out [][]string
	for _, argv := range cmds {
		globs, known := commandLanguage(argv)
		if !known || slices.ContainsFunc(globs, func(g string) bool { return slices.Contains(changed, g) }) {
			out = append(out, argv)
		}
	}
	return out
}

// commandLanguage is the files a command checks, when its program says (ruff: Python;
// `uv run ruff`, `bundle exec rubocop` by the program they run).
func commandLanguage(argv []string) ([]string, bool) {
	prog := argv[0]
	if i := strings.LastIndex(prog, "/"); i >= 0 {
		prog = prog[i+1:]
	}
	if (prog == "uv" || prog == "poetry" || prog == "bundle") && len(argv) > 2 {
		prog = argv[2]
	}
	if prog == "go" && len(argv) > 1 && (argv[1] == "fmt" || argv[1] == "vet") {
		prog = "gofmt"
	}
	globs, ok := languageOf[prog]
	return globs, ok
}

type langCommand struct {
	argv  []string
	globs []string
}

// perLanguage splits a role's commands by the language each checks, when they are
// for two languages or more and each one's language is known; nil otherwise.
func perLanguage(cmds [][]string) []langCommand {
	var out []langCommand
	langs := map[string]bool{}
	for _, argv := range cmds {
		globs, ok := commandLanguage(argv)
		if !ok {
			return nil
		}
		langs[globs[0]] = true
		out = append(out, langCommand{argv: argv, globs: globs})
	}
	if len(langs) < 2 {
		return nil
	}
	return out
}

// programWord: a word that can name a program (`crlfmt`, `just`), not an identifier
// or a sentence fragment.
func programWord(w string) bool {
	if w == "" || w != strings.ToLower(w) || len(w) > 40 {
		return false
	}
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return w[0] >= 'a' && w[0] <= 'z'
}

// alternatives: the sentence offers its commands as alternatives ("`a` or `b`"), not
// a list of steps ("`a` and `b`").
func alternatives(sentence string) bool {
	if strings.Contains(sentence, "` or `") || strings.Contains(sentence, ") or `") || strings.Contains(sentence, "`/`") ||
		strings.Contains(sentence, "` / `") || strings.Contains(sentence, "(or `") {
		return true
	}
	// "Format your code with black (`make format`)": the project's way to run the
	// tool the sentence names in words
	if norm.CommandAside(sentence) {
		return true
	}
	low := strings.ToLower(sentence)
	// "ensure the hooks are installed by running one of:" and a block: any one of
	// its commands meets the order
	for _, p := range []string{"one of:", "one of the following", "either of", "any of the following", "any one of"} {
		if strings.Contains(low, p) {
			return true
		}
	}
	// "`script/test` (runs `go test -race ./...`)": what the first command does
	for _, p := range []string{"(runs `", "(which runs `", "(i.e. `", "(ie `", "(wraps `", "(calls `", "(equivalent to `", "(same as `"} {
		if strings.Contains(low, p) {
			return true
		}
	}
	return false
}

// conditionImplied: the norm's condition names only events that the forbidden forms
// themselves make happen ("when pushing, never force push").
func conditionImplied(n *norm.Norm, forbid []process.Pattern) bool {
	if len(n.When) == 0 {
		return false
	}
	for _, o := range n.When {
		if o.Kind != norm.KEvent {
			return false
		}
		ok := false
		for _, ev := range eventForms(o.Text) {
			for _, f := range forbid {
				if len(f.Program) > 0 && len(ev.Program) > 0 && f.Program[0] == ev.Program[0] && len(f.Args) > 0 && len(ev.Args) > 0 && f.Args[0] == ev.Args[0] {
					ok = true
				}
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// changedGlob turns a path the sentence names into a glob of the files under it,
// relative to the instruction file's folder: `service/` is service/**.
func changedGlob(p, base string) string {
	g := strings.TrimPrefix(p, "./")
	if !strings.Contains(g, "/") && (strings.HasPrefix(g, ".") && path.Ext(g) == g || strings.HasPrefix(g, "*.")) {
		// `.go`, `*.ts`: files of that kind anywhere
		g = "**/*" + path.Ext(g)
	}
	fileName := !strings.ContainsAny(g, "/*?") && path.Ext(g) != "" && !strings.HasPrefix(g, ".")
	if strings.HasSuffix(g, "/") {
		g += "**"
	} else if !strings.ContainsAny(g, "*?") && path.Ext(g) == "" {
		g += "/**"
	}
	if fileName {
		// `schema.graphql`, `contexts.yaml`: a file of that name wherever it is
		// below the instruction file, the root's included
		return path.Join(base, "**", g)
	}
	if strings.HasPrefix(g, "**/") || base == "" {
		return g
	}
	return path.Join(base, g)
}

// conditionIsEvent: the norm's only condition is an event it orders against.
func conditionIsEvent(n *norm.Norm) bool {
	for _, o := range n.When {
		if o.Kind != norm.KEvent {
			return false
		}
	}
	return len(n.When) > 0
}

// rule fills what every lowered rule shares.
func rule(c *policy.Constraint, n *norm.Norm, kind string, params any) policy.Rule {
	raw, err := json.Marshal(params)
	if err != nil {
		panic(fmt.Sprintf("marshal %s params: %v", kind, err)) // params are heed's own types
	}
	return policy.Rule{
		Domain:   policy.DomainProcess,
		Kind:     kind,
		Params:   raw,
		Severity: severity(c, n),
		Exact:    n.Certain(),
		Norm:     n.String(),
		Ask:      n.Ask && n.Polarity == norm.Forbid,
	}
}

// scopeDirOf is the folder a norm's scope names, joined to the constraint's own, when
// it is a folder (ends with "/" or is one of the repository's).
func scopeDirOf(scope []string, base string, rc *recognize.RepoContext) string {
	for _, s := range scope {
		d := strings.Trim(strings.TrimPrefix(s, "./"), "/")
		isDir := strings.HasSuffix(s, "/")
		if i := strings.IndexAny(d, "*?["); i >= 0 {
			// `engines/*`, `packages/**`: the folders below a literal one; commands
			// run anywhere in it fall under the ban (the folder itself too)
			lit := d[:i]
			if !strings.HasSuffix(lit, "/") {
				continue
			}
			d, isDir = strings.TrimSuffix(lit, "/"), true
		}
		if d == "" || strings.ContainsAny(d, " ") {
			continue
		}
		if rc != nil {
			for _, x := range rc.Dirs {
				if x == path.Join(base, d) {
					isDir = true
				}
			}
		}
		if isDir {
			return path.Join(base, d)
		}
	}
	return ""
}

// conditionWord: a word that opens a condition that reads on after "X is forbidden".
func conditionWord(w string) bool {
	switch w {
	case "if", "unless", "when", "whenever", "while", "before", "after", "until", "without", "except", "in", "on", "for", "during", "outside":
		return true
	}
	return false
}

// forbiddenMessage names what the rule forbids: "`npm run compile` is forbidden".
func forbiddenMessage(forbid []process.Pattern) string {
	var names []string
	for i, p := range uniq.By(forbid, patternKey) {
		if i == 3 {
			names = append(names, "…")
			break
		}
		names = append(names, "`"+process.Display(p)+"`")
	}
	if len(names) > 1 {
		return strings.Join(names, ", ") + " are forbidden"
	}
	return names[0] + " is forbidden"
}

// elided: a command written with its words left out (`uv run ...`, `pytest …`).
func elided(span string) bool {
	for _, w := range strings.Fields(span) {
		if w == "..." || w == "…" || strings.HasSuffix(w, "...") && !strings.Contains(w, "/") {
			return true
		}
	}
	return false
}

// withoutExcepted drops the programs a sentence excepts from the rival tools it rules
// out ("use `bun`, but `npx` is fine for one-off tools": npm still, npx not).
func withoutExcepted(forbid []process.Pattern, except []norm.Object) []process.Pattern {
	ex := map[string]bool{}
	for _, o := range except {
		if (o.Kind == norm.KTool || o.Kind == norm.KCommand) && len(o.Argv) == 1 {
			ex[o.Argv[0]] = true
		}
	}
	if len(ex) == 0 {
		return forbid
	}
	var out []process.Pattern
	for _, p := range forbid {
		p.Program = slices.DeleteFunc(slices.Clone(p.Program), func(prog string) bool { return ex[prog] })
		if len(p.Program) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// envNotSeen is why a required assignment only warns: one the session exported in an
// earlier line is not on the command's own line.
const envNotSeen = "an assignment the session made in an earlier line (export) is not seen"

// lowerRequiredEnv: "In the sandbox, run Nx with `CI=1 NX_DAEMON=false pnpm nx run
// ...`", "Set `HOMEBREW_NO_AUTO_UPDATE=1` for `brew bundle exec` commands": the
// command without those assignments is the wrong form, as advice.
func lowerRequiredEnv(c *policy.Constraint, n *norm.Norm) []policy.Rule {
	if n.Verb != "" && n.Verb != "run" && n.Verb != "use" && n.Verb != "pass" || n.Subject != "" && !n.Declarative || norm.OptionalPurpose(n.Sentence) {
		return nil
	}
	var cmd *norm.Object
	var env []string
	for i, o := range n.Objects {
		if norm.EnvAssignment(o) {
			env = append(env, strings.TrimSpace(o.Text))
			continue
		}
		switch o.Kind {
		case norm.KCommand:
			if cmd != nil {
				return nil // which command wants which assignment is not said
			}
			cmd = &n.Objects[i]
		case norm.KRole:
		default:
			return nil
		}
	}
	if cmd == nil {
		return nil
	}
	spanEnv := process.SpanEnv(cmd.Text)
	if len(env) == 0 && len(spanEnv) > 0 && !norm.NamesTheWay(n.Sentence) {
		// "Fix: run `UPDATE_TOOLSNAPS=true go test ./...`", "Run one file:
		// `TESTPATH=... tox`": how to do one task, not how every run must look
		return nil
	}
	env = append(env, spanEnv...)
	if len(env) == 0 {
		return nil
	}
	p := process.PatternFrom(cmd.Argv, c.Scope.Dir)
	p.LackingEnv = env
	m := *n
	m.Uncertain = append(slices.Clone(n.Uncertain), envNotSeen)
	r := rule(c, &m, process.KindCommand, process.CommandParams{Forbid: []process.Pattern{p}})
	r.Message = "`" + strings.Join(cmd.Argv, " ") + "` runs here with " + strings.Join(env, " ")
	r.Suggestion = "run `" + strings.Join(env, " ") + " " + strings.Join(cmd.Argv, " ") + "`"
	return []policy.Rule{r}
}

// checklistItems is why a checklist's lead-in only warns.
const checklistItems = "the commands of a checklist, read as what its lead-in asks to ensure"

// setupStep: the command installs or syncs the project's dependencies or tools.
func setupStep(argv []string) bool {
	if len(argv) < 2 {
		return false
	}
	prog := path.Base(argv[0])
	switch argv[1] {
	case "install", "i", "ci", "sync", "bootstrap", "setup", "restore", "fetch", "download":
		return prog != "git"
	}
	return prog == "go" && len(argv) > 2 && argv[1] == "mod" && argv[2] == "download"
}

// keptSetting: the command sets something the clone or the machine keeps across
// sessions (`git config --global user.name ...`): that this session did not run it
// says nothing of whether it is set.
func keptSetting(argv []string) bool {
	return len(argv) > 1 && path.Base(argv[0]) == "git" && argv[1] == "config"
}

// handOver: the order guards a hand-over of the work (commit, push, pull request,
// merge), not a step of it such as running the tests.
func handOver(before []norm.Object) bool {
	for _, o := range before {
		if o.Kind == norm.KEvent || o.Kind == norm.KConcept {
			return true
		}
	}
	return false
}

// blockRoleRuns: "Build the C++ library before running the tests:" over a block that
// shows the build and then the test run: the tests the order comes before are the run
// the block shows (`cargo test -p driver-cpp`), not every test run of the repository,
// and that run is no prerequisite of itself.
func blockRoleRuns(n *norm.Norm) *norm.Norm {
	roles := map[string]bool{}
	for _, o := range n.Before {
		if o.Kind == norm.KRole {
			roles[o.Text] = true
		}
	}
	if len(roles) == 0 {
		return n
	}
	var runs, first []norm.Object
	for _, o := range n.Objects {
		if o.Kind == norm.KCommand && o.Origin == "block" && len(o.Argv) > 0 && roles[roleOf(o.Argv)] {
			runs = append(runs, o)
			continue
		}
		first = append(first, o)
	}
	if len(runs) == 0 || len(first) == 0 {
		return n
	}
	shown := map[string]bool{}
	for _, o := range runs {
		shown[roleOf(o.Argv)] = true
	}
	m := *n
	m.Objects = first
	m.Before = nil
	for _, o := range n.Before {
		if o.Kind != norm.KRole || !shown[o.Text] {
			m.Before = append(m.Before, o)
		}
	}
	m.Before = append(m.Before, runs...)
	return &m
}

// taskRunnerForms are the commands that run a project's named tasks: `make test`,
// `just lint`, `npm run build`, `tox -e py`.
// environmentRunners run any command given to them in the project's environment
// (`uv run python`, `poetry run pytest`, `npx tsc`, `bundle exec rspec`): a program
// "not run directly" is run through them.
func environmentRunners() []process.Pattern {
	var out []process.Pattern
	for _, r := range [][]string{
		{"uv", "run"}, {"poetry", "run"}, {"pdm", "run"}, {"pipenv", "run"}, {"hatch", "run"}, {"rye", "run"},
		{"pixi", "run"}, {"conda", "run"}, {"mamba", "run"}, {"npx"}, {"bunx"}, {"pnpm", "exec"}, {"pnpm", "dlx"},
		{"yarn", "exec"}, {"bun", "x"}, {"bundle", "exec"}, {"mise", "exec", "--"}, {"devbox", "run", "--"},
	} {
		out = append(out, process.Pattern{Program: r[:1], Args: append(slices.Clone(r[1:]), process.AnyWord)})
	}
	return out
}

func taskRunnerForms() []process.Pattern {
	return []process.Pattern{
		{Program: []string{"make", "gmake", "just", "task", "mage", "tox", "nox", "invoke"}},
		{Program: []string{"npm", "pnpm", "yarn", "bun"}, Args: []string{"run"}},
	}
}

// allRunTasks: every pattern runs a project's task (`pnpm start`, `npm run dev`,
// `make serve`), not a program of its own: a task runner's program, or a package
// manager's (taskRunnerForms) with a script for its first word.
func allRunTasks(ps []process.Pattern) bool {
	if len(ps) == 0 {
		return false
	}
	forms := taskRunnerForms()
	for _, p := range ps {
		if len(p.Program) != 1 {
			return false
		}
		script := len(p.Args) > 0 && !strings.HasPrefix(p.Args[0], "-")
		if !slices.Contains(forms[0].Program, p.Program[0]) && !(script && slices.Contains(forms[1].Program, p.Program[0])) {
			return false
		}
	}
	return true
}

// otherCommandSpans are the code spans of the constraint that are commands none of
// the forbidden patterns names, as written: what the sentence offers instead.
func otherCommandSpans(c *policy.Constraint, forbid []process.Pattern) []string {
	var out []string
	for _, t := range norm.Tokenize(c.Text) {
		if !t.Code {
			continue
		}
		span := t.Text
		argv, ok := process.SpanArgv(span)
		if !ok || len(argv) == 0 {
			continue
		}
		named := false
		for _, p := range forbid {
			if slices.Contains(p.Program, argv[0]) && (len(p.Args) == 0 || len(argv) > 1 && argv[1] == p.Args[0]) {
				named = true
			}
		}
		if !named && !slices.Contains(out, "`"+span+"`") {
			out = append(out, "`"+span+"`")
		}
	}
	return out
}

// headingDir is the folder c's innermost heading names, under c's file's folder,
// when the repository has it (or the heading writes it as a folder, "`web/`" with its
// slash, where heed does not know the repository's folders); "" otherwise.
func headingDir(c *policy.Constraint, rc *recognize.RepoContext) string {
	d := norm.HeadingFolder(c.HeaderPath)
	if d == "" {
		return ""
	}
	full := path.Join(c.Scope.Dir, d)
	if rc != nil && len(rc.Dirs) > 0 {
		if slices.Contains(rc.Dirs, full) {
			return full
		}
		return ""
	}
	if strings.Contains(c.HeaderPath[len(c.HeaderPath)-1], d+"/`") {
		return full
	}
	return ""
}
