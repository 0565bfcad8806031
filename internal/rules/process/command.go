// Package process is heed's process domain: rules about the commands an agent runs.
//
// Kinds:
//   - command: forbidden command forms (a program, a subcommand, options), with
//     exceptions ("never `cargo publish`; `cargo publish --dry-run` is fine") and tool
//     families ("use pnpm, not npm" forbids npm, npx and yarn).
//   - sequence: ordering rules over the session ("run `make lint` before committing"):
//     a command is allowed only after another one succeeded, since the last edit.
//
// Commands are matched argv-aware, after internal/shell has turned a line into the
// simple commands it runs. A command heed cannot analyse, or whose words computed at
// run time could make it match, is never passed.
package process

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/shell"
)

// Kind names.
const (
	KindCommand  = "command"
	KindSequence = "sequence"
)

// The driver contracts the checks implement (engine/capabilities.go).
var (
	_ engine.FileSelector  = (*commandCheck)(nil)
	_ engine.ProgramLister = (*commandCheck)(nil)
	_ engine.Delegator     = (*commandCheck)(nil)
	_ engine.FileSelector  = (*sequenceCheck)(nil)
	_ engine.ProgramLister = (*sequenceCheck)(nil)
	_ engine.Ordering      = (*sequenceCheck)(nil)
	_ engine.FileSelector  = (*branchCheck)(nil)
	_ engine.ProgramLister = (*branchCheck)(nil)
	_ engine.Ordering      = (*branchCheck)(nil)
)

// Kinds returns the process domain's rule kinds.
func Kinds() []engine.Kind {
	return []engine.Kind{
		{Name: KindCommand, Doc: commandDoc, Domain: policy.DomainProcess, Compile: compileCommand, CaseEvidence: CaseEvidence, Needs: []engine.Part{engine.PartTrajectory}},
		{Name: KindSequence, Doc: sequenceDoc, Domain: policy.DomainProcess, Compile: compileSequence, CaseEvidence: CaseEvidence, Needs: []engine.Part{engine.PartTrajectory}},
		{Name: KindBranch, Doc: branchDoc, Domain: policy.DomainProcess, Compile: compileBranch, CaseEvidence: CaseEvidence, Needs: []engine.Part{engine.PartTrajectory}, Uses: []engine.Use{engine.UseBranch}},
	}
}

// CommandParams are the parameters of a command rule.
type CommandParams struct {
	// Forbid lists the forbidden forms; a command matching any of them violates the rule.
	Forbid []Pattern `json:"forbid"`
	// Allow lists exceptions: a command matching one is satisfied even when it also
	// matches a forbidden form (`cargo publish --dry-run`).
	Allow []Pattern `json:"allow,omitempty"`
	// Via lists the commands that run the forbidden one on the agent's behalf and
	// are what the rule asks for instead (`make test` runs `go test`): a PATH shim
	// lets the forbidden command through when one of them started it.
	Via []Pattern `json:"via,omitempty"`
	// Together lists forms that must not run in one command line: a line that runs a
	// command of one form and a command of another violates the rule ("never chain
	// commit and push in the same command"); each alone is fine.
	Together []Pattern `json:"together,omitempty"`
	// At lists the folders (repository-relative, "." the root) where the forbidden
	// forms are forbidden: "do not run tests from the repository root" forbids them
	// there and nowhere else. Empty: anywhere the rule's scope covers.
	At []string `json:"at,omitempty"`
	// OnlyAt lists the folders where the forms may run, and is forbidden everywhere
	// else: "run `pytest` from the repository root" forbids it in any other folder
	// (each folder itself, not the folders below it).
	OnlyAt []string `json:"only_at,omitempty"`
	// Indirect, when true, says the rule bans the forbidden commands however they are
	// reached: a task runner's target that runs one (`make deploy` runs `terraform
	// apply`) breaks the rule at its severity. By default such a target only warns:
	// the agent ran the project's own target, and the sentence may be about what the
	// agent types. A rule with Via, Together or At never judges a target's recipe.
	Indirect bool `json:"indirect,omitempty"`
}

func compileCommand(rule *policy.Rule) (engine.Check, error) {
	var p CommandParams
	if err := decodeParams(rule.Params, &p); err != nil {
		return nil, err
	}
	if len(p.Forbid) == 0 && len(p.Together) < 2 {
		return nil, fmt.Errorf("params.forbid: at least one forbidden command form is required (or two forms in params.together)")
	}
	for i := range p.Together {
		if err := p.Together[i].validate("params.together", i); err != nil {
			return nil, err
		}
	}
	for i := range p.Forbid {
		if err := p.Forbid[i].validate("params.forbid", i); err != nil {
			return nil, err
		}
	}
	for i := range p.Allow {
		if err := p.Allow[i].validate("params.allow", i); err != nil {
			return nil, err
		}
	}
	for i := range p.Via {
		if err := p.Via[i].validate("params.via", i); err != nil {
			return nil, err
		}
	}
	return &commandCheck{rule: rule, p: p, forceExempt: forceSpellings(p.Allow, p.Via)}, nil
}

// forceSpellings lists the force-push spellings that exception or alternative
// patterns name ("use `git push --force-with-lease` instead"): those are not counted
// as a forbidden force push.
func forceSpellings(sets ...[]Pattern) map[string]bool {
	out := map[string]bool{}
	for _, set := range sets {
		for _, p := range set {
			for _, g := range p.Flags {
				for _, f := range g {
					switch f {
					case "--force-with-lease", "--force-if-includes", "--mirror":
						out[f] = true
					}
				}
			}
			for _, a := range p.Args {
				if strings.HasPrefix(a, "+") {
					out["+*"] = true
				}
			}
		}
	}
	return out
}

type commandCheck struct {
	rule        *policy.Rule
	p           CommandParams
	forceExempt map[string]bool
}

// Programs lists the programs the rule can match, for shims and the live index; "*"
// when a pattern names a path or a glob.
func (c *commandCheck) Programs() []string {
	return programsOf(append(append([]Pattern(nil), c.p.Forbid...), c.p.Together...))
}

// Delegates reports whether argv is one of the commands that run the forbidden one on
// the agent's behalf (the rule's Via).
//
// The alternative does not delegate when its own command line runs a form the rule
// forbids (`pnpm exec npm i`, `make --eval=... ` running go test), or something heed
// cannot read: then it runs the forbidden command because it was told to.
func (c *commandCheck) Delegates(argv []string) bool {
	p := parseArgv(argv, nil)
	via := false
	for i := range c.p.Via {
		if c.p.Via[i].match(p).m == matches {
			via = true
			break
		}
	}
	if !via {
		return false
	}
	for _, cmd := range shell.FromArgv(argv, shell.Options{})[1:] {
		if cmd.Unparsable != "" || len(cmd.Argv) == 0 {
			return false
		}
		q := parseArgv(cmd.Argv, cmd.DynamicArgs).withEnv(&cmd)
		if c.forbids(q) {
			return false
		}
	}
	return true
}

// launchedByVia names the prescribed form that launches cmd, when the rule's
// alternative is a wrapper of this very program ("use `uv run pytest`, never bare
// `pytest`": `uv run pytest -x` runs pytest through it). An alternative that does
// not name the program (`pnpm` for `npm`) never launches it legitimately: `pnpm exec
// npm i` still runs npm.
func (c *commandCheck) launchedByVia(ev *engine.Evidence, cmd *engine.Command, p *parsed) string {
	n := len(cmd.LaunchedBy)
	if n == 0 || len(c.p.Via) == 0 {
		return ""
	}
	at := cmd.LaunchedBy[n-1]
	if at < 0 || at >= len(ev.Commands) {
		return ""
	}
	launcher := parsedAt(ev, at)
	for i := range c.p.Via {
		v := &c.p.Via[i]
		if v.match(launcher).m != matches {
			continue
		}
		for k, a := range v.Args {
			// `mise exec -- <command>` names any program as what it launches
			if a == p.prog || a == anyWord && k == len(v.Args)-1 {
				return Display(*v)
			}
		}
	}
	return ""
}

// forbids reports whether a command matches (or may match) a forbidden form and no
// exception.
func (c *commandCheck) forbids(p *parsed) bool {
	exact := *p
	exact.exact = true
	for i := range c.p.Allow {
		if c.p.Allow[i].match(&exact).m == matches {
			return false
		}
	}
	for i := range c.p.Forbid {
		if c.p.Forbid[i].match(p).m != noMatch {
			return true
		}
	}
	return false
}

// WantsFile implements engine.FileSelector: it judges commands, no file.
func (c *commandCheck) WantsFile(string, string) bool { return false }

func (c *commandCheck) Targets(ev *engine.Evidence) []engine.Target {
	var ts []engine.Target
	for i := range ev.Commands {
		cmd := &ev.Commands[i]
		// a command whose directory heed cannot tell may run where the rule applies
		if cmd.Past || len(cmd.Edit) > 0 || !cmd.CwdUnknown && !c.rule.Scope.CoversDir(cmd.Cwd) {
			continue
		}
		if cmd.Unparsable != "" {
			ts = append(ts, engine.Target{Kind: engine.TargetCommand, Index: i})
			continue
		}
		if len(cmd.Argv) == 0 {
			continue
		}
		p := parsedAt(ev, i)
		if p.progDyn || c.about(p) || c.forbiddenStep(ev, i) != nil {
			ts = append(ts, engine.Target{Kind: engine.TargetCommand, Index: i})
		}
	}
	return ts
}

// forbiddenStep is the first command a task runner's target runs for the command at
// i that the rule forbids for sure (a step heed cannot read for sure is no finding:
// it is inferred already), or nil. Rules about the agent's choice of tool (Via),
// about combinations (Together) or folders (At, OnlyAt) do not judge recipes.
func (c *commandCheck) forbiddenStep(ev *engine.Evidence, i int) *engine.RunStep {
	cmd := &ev.Commands[i]
	if len(cmd.Runs) == 0 || len(c.p.Via) > 0 || len(c.p.Together) > 0 || len(c.p.At) > 0 || len(c.p.OnlyAt) > 0 || len(c.p.Forbid) == 0 {
		return nil
	}
	for k := range cmd.Runs {
		st := &cmd.Runs[k]
		if st.Command.Unparsable != "" || len(st.Command.Argv) == 0 || st.Command.CwdUnknown || !c.rule.Scope.CoversDir(st.Command.Cwd) {
			continue
		}
		p := parsedStep(ev, i, k)
		if p.progDyn {
			continue
		}
		p = c.withExempt(p)
		if c.allowedBy(p) >= 0 {
			continue
		}
		for j := range c.p.Forbid {
			if effectForm(&c.p.Forbid[j]) && c.p.Forbid[j].match(p).m == matches {
				return st
			}
		}
	}
	return nil
}

// effectForm reports whether a forbidden form names an action (`terraform apply`,
// `git push --force`), which a recipe performs as much as the agent would. A whole
// program ("do not use `pytest`") is a choice of tool, and a form defined by how it
// is spelled (without `--dry-run`, bare, alone, lacking an assignment) is about what
// the agent types: the project's own recipes are neither.
func effectForm(p *Pattern) bool {
	return (len(p.Args) > 0 || len(p.Flags) > 0) && len(p.Lacking) == 0 && !p.Bare && !p.Alone && len(p.LackingEnv) == 0
}

// judgeSteps judges a command that is no forbidden form itself by what its task
// runner's target runs.
func (c *commandCheck) judgeSteps(ev *engine.Evidence, i int) engine.Result {
	st := c.forbiddenStep(ev, i)
	if st == nil {
		return engine.Result{Verdict: engine.Satisfied, Reason: "not a forbidden form"}
	}
	cmd := &ev.Commands[i]
	var which string
	p := parsedStep(ev, i, indexOf(cmd.Runs, st))
	for j := range c.p.Forbid {
		if effectForm(&c.p.Forbid[j]) && c.p.Forbid[j].match(p).m == matches {
			which = Display(c.p.Forbid[j])
			break
		}
	}
	msg := c.rule.Message
	if msg == "" || strings.HasPrefix(msg, "`") {
		msg = fmt.Sprintf("`%s` is forbidden", which)
	}
	msg = describeStep(cmd, st) + ": " + msg
	sugg := c.rule.Suggestion
	if sugg == "" {
		sugg = fmt.Sprintf("the target runs what the rule forbids: ask the user before running `%s`", shell.Join(cmd.Argv))
	}
	res := violated(cmd, shell.Join(cmd.Argv), msg, sugg)
	if !c.p.Indirect {
		res.Findings[0].Advisory = true
	}
	return res
}

func indexOf(steps []engine.RunStep, st *engine.RunStep) int {
	for k := range steps {
		if &steps[k] == st {
			return k
		}
	}
	return 0
}

func (c *commandCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	cmd := &ev.Commands[t.Index]
	if cmd.Unparsable != "" {
		return unanalysable(cmd, c.rule)
	}
	p := c.withExempt(parsedAt(ev, t.Index))
	if i := c.allowedBy(p); i >= 0 {
		return engine.Result{Verdict: engine.Satisfied, Reason: fmt.Sprintf("allowed: matches the exception `%s`", c.p.Allow[i].String())}
	}
	if via := c.launchedByVia(ev, cmd, p); via != "" {
		return engine.Result{Verdict: engine.Satisfied, Reason: fmt.Sprintf("runs through `%s`, the form the rule asks for", via)}
	}
	if len(c.p.At) > 0 && !cmd.CwdUnknown && !inFolders(cmd.Cwd, c.p.At) {
		return engine.Result{Verdict: engine.Satisfied, Reason: fmt.Sprintf("runs in %s, not where the rule forbids it", folderName(cmd.Cwd))}
	}
	if len(c.p.OnlyAt) > 0 && !cmd.CwdUnknown && inFolders(cmd.Cwd, c.p.OnlyAt) {
		return engine.Result{Verdict: engine.Satisfied, Reason: fmt.Sprintf("runs in %s, where the rule asks for it", folderName(cmd.Cwd))}
	}
	if k, other := c.together(ev, t.Index, p); k >= 0 {
		msg := fmt.Sprintf("`%s` and `%s` must not run in one command line", Display(c.p.Together[k]), Display(c.p.Together[other]))
		return violated(cmd, cmd.Line, msg, c.rule.Suggestion)
	}
	best := matchResult{}
	var which *Pattern
	for i := range c.p.Forbid {
		r := c.p.Forbid[i].match(p)
		if r.m > best.m {
			best, which = r, &c.p.Forbid[i]
		}
		if best.m == matches {
			break
		}
	}
	line := shell.Join(cmd.Argv)
	switch best.m {
	case matches:
		// a named practice keeps its message ("force-pushing is forbidden"); a list of
		// forbidden commands names the one that matched
		msg := c.rule.Message
		shown := Display(*which)
		if msg == "" || strings.HasPrefix(msg, "`") {
			msg = fmt.Sprintf("`%s` is forbidden", shown)
		}
		var how []string
		for _, h := range best.how {
			if !strings.Contains(" "+shown+" ", " "+h+" ") {
				how = append(how, h)
			}
		}
		if len(how) > 0 {
			msg += " (matched " + strings.Join(how, ", ") + ")"
		}
		if cmd.CwdUnknown && len(c.p.OnlyAt) > 0 {
			msg += "; heed cannot tell which folder it runs in (a cd computed at run time), and the rule asks for it in " + c.onlyWhere()
			return violated(cmd, line, msg, "cd to a literal folder so heed can check where the command runs")
		}
		if cmd.CwdUnknown && (len(c.p.At) > 0 || !c.rule.Scope.CoversDir(cmd.Cwd)) {
			msg += "; heed cannot tell which folder it runs in (a cd computed at run time), and the rule applies in " + c.where()
			return violated(cmd, line, msg, "cd to a literal folder so heed can check where the command runs")
		}
		if len(c.p.OnlyAt) > 0 && (c.rule.Message == "" || strings.HasPrefix(c.rule.Message, "`")) {
			msg = fmt.Sprintf("`%s` runs in %s; the rule asks for it in %s", shown, folderName(cmd.Cwd), c.onlyWhere())
		}
		return violated(cmd, line, msg, c.rule.Suggestion)
	case mayMatch:
		msg := fmt.Sprintf("heed cannot tell whether this is `%s`, which the rule forbids: %s", Display(*which), strings.Join(best.how, "; "))
		return violated(cmd, line, msg, "write the command with literal words so heed can check it")
	}
	return c.judgeSteps(ev, t.Index)
}

func violated(cmd *engine.Command, line, msg, suggestion string) engine.Result {
	return engine.Result{Verdict: engine.Violated, Reason: msg, Findings: []engine.Finding{{
		CommandIndex: cmd.Index, Command: line, Message: msg, Suggestion: suggestion,
	}}}
}

func unanalysable(cmd *engine.Command, rule *policy.Rule) engine.Result {
	msg := "heed cannot analyse this command line: " + cmd.Unparsable
	return engine.Result{Verdict: engine.Violated, Reason: msg, Findings: []engine.Finding{{
		CommandIndex: cmd.Index, Command: cmd.Line, Message: msg,
		Suggestion: "run the command without computing the script at run time, so heed can check it",
	}}}
}

// where names the folders the rule forbids its commands in.
func (c *commandCheck) where() string {
	if len(c.p.At) > 0 {
		return folderNames(c.p.At, ", ")
	}
	return folderName(c.rule.Scope.Dir)
}

// onlyWhere names the folders the rule's commands may run in.
func (c *commandCheck) onlyWhere() string { return folderNames(c.p.OnlyAt, " or ") }

// folderNames names each folder as folderName does, joined by sep.
func folderNames(folders []string, sep string) string {
	names := make([]string, len(folders))
	for i, f := range folders {
		names[i] = folderName(f)
	}
	return strings.Join(names, sep)
}

// about reports whether the rule is about the command's program: a forbidden form's,
// an exception's or the replacement's (using pnpm satisfies "use pnpm, not npm").
func (c *commandCheck) about(p *parsed) bool {
	for _, set := range [][]Pattern{c.p.Forbid, c.p.Allow, c.p.Via, c.p.Together} {
		for i := range set {
			if set[i].programOK(p) {
				return true
			}
		}
	}
	return false
}

// programOK reports whether the pattern is about the command's program.
func (p *Pattern) programOK(c *parsed) bool {
	for _, spec := range p.Program {
		if programMatches(spec, c) {
			return true
		}
	}
	return false
}

// ProgramSpecs lists the program names and patterns of the forbidden forms as
// written (pip3.*, **/node_modules/.bin/*), for PATH shims.
func (c *commandCheck) ProgramSpecs() []string { return specsOf(c.p.Forbid, c.p.Together) }

func specsOf(pss ...[]Pattern) []string {
	seen := map[string]bool{}
	var out []string
	for _, ps := range pss {
		for _, p := range ps {
			for _, prog := range p.Program {
				if !seen[prog] {
					seen[prog] = true
					out = append(out, prog)
				}
			}
		}
	}
	return out
}

// programsOf lists the program names the patterns can match, "*" when any: a path
// pattern matches only a program run by a path that ends in its last element
// (programMatches), so `scripts/release.sh` is about release.sh, and only a glob
// in that element (`tools/*`, `**`) makes it about every program. The live index
// files a rule under these names, so a command loads only the rules that could
// match it.
func programsOf(ps []Pattern) []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range ps {
		for _, prog := range p.Program {
			name := prog
			if i := strings.LastIndexByte(prog, '/'); i >= 0 {
				name = prog[i+1:]
			}
			if name == "" || name == "." || name == ".." || strings.ContainsAny(name, "*?[\\") {
				name = "*"
			}
			if !seen[name] {
				seen[name] = true
				out = append(out, name)
			}
		}
	}
	return out
}

// parsedAt parses the i-th command once per evidence.
func parsedAt(ev *engine.Evidence, i int) *parsed {
	cmd := &ev.Commands[i]
	parse := func() *parsed {
		p := parseArgv(cmd.Argv, cmd.DynamicArgs).withEnv(cmd)
		p.cwd, p.cwdUnknown, p.root = cmd.Cwd, cmd.CwdUnknown, cmd.Root
		return p
	}
	v, err := ev.Memo("process.argv:"+strconv.Itoa(i), func() (any, error) {
		return parse(), nil
	})
	if err != nil {
		return parse()
	}
	return v.(*parsed)
}

// together finds, for the command at i, the Together form it matches and another
// command of the same shell line that matches a different one; -1 when there is none.
func (c *commandCheck) together(ev *engine.Evidence, i int, p *parsed) (int, int) {
	if len(c.p.Together) < 2 || ev.Commands[i].Line == "" {
		return -1, -1
	}
	mine := -1
	for k := range c.p.Together {
		if c.p.Together[k].match(p).m == matches {
			mine = k
			break
		}
	}
	if mine < 0 {
		return -1, -1
	}
	for j := range ev.Commands {
		o := &ev.Commands[j]
		if j == i || o.Past || o.Line != ev.Commands[i].Line || len(o.Argv) == 0 {
			continue
		}
		q := parsedAt(ev, j)
		for k := range c.p.Together {
			if k != mine && c.p.Together[k].match(q).m == matches {
				return mine, k
			}
		}
	}
	return -1, -1
}

// inFolders reports whether the repository-relative folder cwd is one of folders.
func inFolders(cwd string, folders []string) bool {
	c := path.Clean("/" + cwd)
	for _, f := range folders {
		if path.Clean("/"+f) == c {
			return true
		}
	}
	return false
}

func folderName(cwd string) string {
	if c := strings.Trim(path.Clean("/"+cwd), "/"); c != "" {
		return c + "/"
	}
	return "the repository root"
}

// withExempt is p with the rule's force-push exemptions, p itself when it has none.
func (c *commandCheck) withExempt(p *parsed) *parsed {
	if len(c.forceExempt) == 0 {
		return p
	}
	cp := *p
	cp.forceExempt = c.forceExempt
	return &cp
}

// allowedBy is the index of the rule's first exception that p matches exactly, or -1.
func (c *commandCheck) allowedBy(p *parsed) int {
	exact := *p
	exact.exact = true
	for i := range c.p.Allow {
		if c.p.Allow[i].match(&exact).m == matches {
			return i
		}
	}
	return -1
}
