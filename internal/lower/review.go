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
	"github.com/heed-dev/heed/internal/shell"
)

// formatContributing is the Format of a constraint of a CONTRIBUTING file
// (instr.FormatContributing).
const formatContributing = "contributing"

// example is a command an instruction file shows as normal use.
type example struct {
	argv []string
	line string
	at   string // file:line
	id   string // the constraint that shows it
	// shell: the line of a code block marked as shell (```sh, ```bash): a command
	// whatever its program, which heed may not know (`nr test`)
	shell bool
}

// shownCommands are the commands c's instruction file shows as normal use: those its
// sentences require or allow, and the lines of its shell code blocks, except those
// of constraints that forbid something (a block after "never run these:" lists what
// is forbidden).
func shownCommands(c *policy.Constraint, rc *recognize.RepoContext) []example {
	return shownCommandsIn(rc, func(o *policy.Constraint) bool { return o.File == c.File })
}

// shownCommandsIn are the commands shown by the constraints in returns true for.
// What each constraint shows is read once per compile (RepoContext.Cache): every
// command rule of a file asks for the commands the whole file shows.
func shownCommandsIn(rc *recognize.RepoContext, in func(*policy.Constraint) bool) []example {
	if rc == nil {
		return nil
	}
	var out []example
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if !in(o) {
			continue
		}
		key := shownKey{first: &rc.Constraints[0], i: i}
		for _, ex := range rc.Cache.Get(key, func() any { return shownBy(o, rc) }).([]example) {
			// the caller's own argv: the cached one is every later caller's too
			ex.argv = slices.Clone(ex.argv)
			out = append(out, ex)
		}
	}
	return out
}

// shownKey keys the commands constraint i of a context's constraints shows.
type shownKey struct {
	first *policy.Constraint
	i     int
}

// shownBy are the commands constraint o shows as normal use: those its sentences
// require or allow, the spans of known programs it lists, and the lines of its shell
// code blocks; none when it forbids something.
func shownBy(o *policy.Constraint, rc *recognize.RepoContext) []example {
	if len(norm.OtherActorCommands(o.Text)) > 0 {
		return nil // "Only the release workflow may run `cargo publish`": a ban
	}
	var out []example
	norms := norm.Read(o.Text, readContext(o, rc))
	forbids := false
	for _, n := range norms {
		if n.Polarity == norm.Forbid {
			forbids = true
		}
	}
	if forbids {
		return nil
	}
	at := fmt.Sprintf("%s:%d", o.File, o.Line)
	named := map[string]bool{}
	for _, n := range norms {
		for _, obj := range n.Objects {
			if obj.Kind == norm.KCommand && obj.Origin == "" && !familyMention(obj.Argv) {
				out = append(out, example{argv: obj.Argv, line: obj.Text, at: at, id: o.ID})
				named[strings.Join(obj.Argv, " ")] = true
			}
		}
	}
	// the commands a line shows without requiring them: "`pnpm lint` - Lint code"
	// in a list of the project's commands; a span of a known program with at
	// least one word after it, so a tool named in passing ("we use `npm`") is
	// not taken for a way of running it
	tools := rc.Tools
	for _, span := range norm.ShownSpans(o.Text) {
		for _, cmd := range shell.Parse(span, shell.Options{}) {
			key := strings.Join(cmd.Argv, " ")
			if len(cmd.Argv) < 2 || cmd.Unparsable != "" || cmd.Dynamic || cmd.Cwd != "" || cmd.CwdUnknown || named[key] || cmd.Argv[0] == "cd" || familyMention(cmd.Argv) || !process.IsCommand(cmd.Argv, tools) {
				continue
			}
			named[key] = true
			out = append(out, example{argv: cmd.Argv, line: span, at: at, id: o.ID})
		}
	}
	for _, b := range o.Code {
		if !shellLangs[strings.ToLower(b.Lang)] {
			continue
		}
		for _, l := range commandLines(b.Text) {
			for _, cmd := range shell.Parse(l, shell.Options{}) {
				if len(cmd.Argv) > 0 && cmd.Unparsable == "" && !cmd.Dynamic {
					out = append(out, example{argv: cmd.Argv, line: l, at: fmt.Sprintf("%s:%d", o.File, b.Line), id: o.ID, shell: b.Lang != ""})
				}
			}
		}
	}
	return out
}

// ReviewRule is the review of a command rule made elsewhere (a model's): why it is in
// doubt, "" when it is not. The rule is not changed.
func (processRec) ReviewRule(c *policy.Constraint, rc *recognize.RepoContext, r *policy.Rule) string {
	if why := howToBan(c, r); why != "" {
		return why
	}
	cp := *r
	cp.Params = append(json.RawMessage(nil), r.Params...)
	cp.Cases = append([]policy.Case(nil), r.Cases...)
	cp.Scope.Globs = append([]string(nil), r.Scope.Globs...)
	cp.Scope.Exclude = append([]string(nil), r.Scope.Exclude...)
	cp.Review = ""
	reviewAgainstFile(c, rc, &cp)
	return cp.Review
}

// howToBan: a ban drawn from an instruction that only shows a way to do something
// ("Run `pnpm install` to install dependencies" read as "never `npm install`") is
// wider than the instruction, which names the way it shows and bans nothing.
func howToBan(c *policy.Constraint, r *policy.Rule) string {
	if r.Kind != process.KindCommand {
		return ""
	}
	var p process.CommandParams
	if err := json.Unmarshal(r.Params, &p); err != nil || len(p.Forbid) == 0 {
		return ""
	}
	if why := norm.CommandHowTo(c.Text); why != "" {
		return "it bans commands, but the instruction is " + why
	}
	return ""
}

// reviewAgainstFile demotes a command rule that would block a command its own
// instruction file shows as normal use: the rule or the file is wrong, and a person
// must say which. The rule still warns; it never blocks.
func reviewAgainstFile(c *policy.Constraint, rc *recognize.RepoContext, r *policy.Rule) {
	if r.Kind != process.KindCommand {
		return
	}
	var p process.CommandParams
	if err := json.Unmarshal(r.Params, &p); err != nil || len(p.Forbid) == 0 {
		return
	}
	exs := shownCommands(c, rc)
	if len(p.At) > 0 {
		// a rule about where a command runs: the file's examples do not say where,
		// but the form its own line prescribes ("Don't run `pnpm dev` at the root;
		// start one app with `pnpm --filter web dev`") is its exception there too
		for _, ex := range exs {
			if ex.id != c.ID && process.JudgeArgv(p, ex.argv) == policy.ExpectViolated && ownAlternative(c, r, &p, ex) {
				_ = json.Unmarshal(r.Params, &p)
			}
		}
		return
	}
	if narrowToExamples(r, exs, c, rc) {
		_ = json.Unmarshal(r.Params, &p)
	}
	demote := func(ex example) {
		r.Severity = policy.SeverityWarning
		r.Review = fmt.Sprintf("it would block `%s`, which %s shows as normal use", ex.line, ex.at)
		r.Cases = append(r.Cases, policy.Case{Expect: policy.ExpectViolated, Argv: ex.argv, Note: "shown as normal use at " + ex.at + ": needs review"})
	}
	for _, ex := range exs {
		if ex.id == c.ID || process.JudgeArgv(p, ex.argv) != policy.ExpectViolated || ownAlternative(c, r, &p, ex) {
			continue
		}
		demote(ex)
		return
	}
	// Another instruction file that governs the rule's folder too (CLAUDE.md beside
	// .cursor/rules, or the root's above a folder's) speaks to the same reader: a
	// command it shows as normal use there ("`npm exec nx test`") puts the ban in
	// doubt as much as the rule's own file would.
	// A contributors' guide speaks to people, not to the agent an agent file binds:
	// `pnpm test` shown there for a human does not put an agent file's "never run
	// `pnpm test`" in doubt.
	sibling := func(o *policy.Constraint) bool {
		return o.File != c.File && enclosing(o.Scope.Dir, c.Scope.Dir) && !(o.Format == formatContributing && c.Format != formatContributing)
	}
	for _, ex := range shownCommandsIn(rc, sibling) {
		if process.JudgeArgv(p, ex.argv) == policy.ExpectViolated {
			demote(ex)
			return
		}
	}
	narrowToNestedFiles(c, rc, r, p)
}

// narrowToNestedFiles: the instruction file nearest to where a command runs wins. A
// ban that would block what an instruction file in a folder below the ban's own shows
// as normal use there ("Do not use `pip`" at the root, "`pip install -e .`" in
// tools/cli/AGENTS.md) holds everywhere but that folder.
func narrowToNestedFiles(c *policy.Constraint, rc *recognize.RepoContext, r *policy.Rule, p process.CommandParams) {
	own := r.Scope.Dir // (the rule's folder, which a heading may have narrowed)
	if own == "" || own == "." {
		own = c.Scope.Dir
	}
	if own == "." {
		own = ""
	}
	below := func(o *policy.Constraint) bool {
		d := o.Scope.Dir
		return o.File != c.File && d != "" && d != "." && d != own && (own == "" || strings.HasPrefix(d, own+"/"))
	}
	var dirs []string
	for _, ex := range shownCommandsIn(rc, below) {
		if process.JudgeArgv(p, ex.argv) != policy.ExpectViolated {
			continue
		}
		dir := ""
		for i := range rc.Constraints {
			if rc.Constraints[i].ID == ex.id {
				dir = rc.Constraints[i].Scope.Dir
				break
			}
		}
		if dir != "" && !slices.Contains(dirs, dir) {
			dirs = append(dirs, dir)
			r.Scope.Exclude = append(r.Scope.Exclude, dir+"/**")
			r.Norm += fmt.Sprintf(" | not in: %s (%s shows `%s` as normal use there)", dir, ex.at, ex.line)
		}
	}
}

// scopeToHeadingFolder: a ban under a heading that names one folder of the
// repository in a code span ("## Contributing to the SDK (`sdk/`)", "### In
// `web/`") holds in that folder. The nearest heading that names folders decides; one
// that names two names no one place.
func scopeToHeadingFolder(c *policy.Constraint, rc *recognize.RepoContext, r *policy.Rule) {
	if r.Kind != process.KindCommand || rc == nil || r.Scope.Dir != "" && r.Scope.Dir != "." || c.Scope.Dir != "" && c.Scope.Dir != "." {
		return
	}
	for i := len(c.HeaderPath) - 1; i >= 0; i-- {
		var dirs []string
		for _, t := range norm.Tokenize(c.HeaderPath[i]) {
			if !t.Code {
				continue
			}
			d := strings.Trim(strings.TrimPrefix(strings.TrimSpace(t.Text), "./"), "/")
			if d != "" && !strings.ContainsAny(d, " *") && slices.Contains(rc.Dirs, d) && !slices.Contains(dirs, d) {
				dirs = append(dirs, d)
			}
		}
		switch len(dirs) {
		case 0:
			continue
		case 1:
			r.Scope.Dir = dirs[0]
			r.Norm += " | in: " + dirs[0] + " (the heading names it)"
		}
		return
	}
}

// ownAlternative: "Never force-push; if you must rewrite your own branch, use `git
// push --force-with-lease`": the command the ban's own sentence goes on to prescribe
// (a constraint of the same line) is the ban's exception, not a sign that the ban is
// wrong. It is allowed when allowing it leaves every form the ban's cases forbid
// still forbidden; the rule's params are rewritten and it keeps its level.
func ownAlternative(c *policy.Constraint, r *policy.Rule, p *process.CommandParams, ex example) bool {
	if ex.at != fmt.Sprintf("%s:%d", c.File, c.Line) || len(ex.argv) < 2 {
		return false
	}
	q := *p
	q.Allow = append(slices.Clone(p.Allow), process.PatternFrom(ex.argv, c.Scope.Dir))
	if process.JudgeArgv(q, ex.argv) == policy.ExpectViolated {
		return false
	}
	forbidden := 0
	for _, k := range r.Cases {
		if k.Expect != policy.ExpectViolated || len(k.Argv) == 0 {
			continue
		}
		forbidden++
		if process.JudgeArgv(q, k.Argv) != policy.ExpectViolated {
			return false
		}
	}
	if forbidden == 0 {
		return false
	}
	raw, err := json.Marshal(q)
	if err != nil {
		return false
	}
	*p = q
	r.Params = raw
	return true
}

// familyMention reports a command named by the stem of a family of subcommands
// ("`php artisan make:` commands", "`npm run test:...`"): no run of it as written, so
// no example of normal use a rule about every run could contradict.
func familyMention(argv []string) bool {
	if len(argv) == 0 {
		return false
	}
	last := argv[len(argv)-1]
	// (`go test ./...` is Go's pattern of every package, a run as written)
	return strings.HasSuffix(last, ":") || strings.HasSuffix(last, ":...") || strings.HasSuffix(last, ":…") || last == "..." || last == "…"
}
