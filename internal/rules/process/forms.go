package process

import (
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/shell"
)

// scriptNameRE is a script's name as package.json, a Makefile or a justfile names it.
var scriptNameRE = lazyre.New(`^[a-z][a-z0-9:_-]*$`)

// Command forms and authored cases that the compiler's lowering (internal/lower)
// builds rules from. Nothing here reads English.

// display renders a pattern as the command a person would type.
func Display(p Pattern) string {
	parts := []string{strings.TrimPrefix(p.Program[0], "**/")}
	flags := p.Flags
	if strings.HasPrefix(parts[0], "python") && len(p.Args) > 0 {
		// `python -m pytest`: the module is the value of -m, written after it
		for i, g := range flags {
			if len(g) == 1 && g[0] == "-m" {
				parts = append(parts, "-m")
				flags = append(slices.Clone(flags[:i]), flags[i+1:]...)
				break
			}
		}
	}
	parts = append(parts, p.Args...)
	for _, g := range flags {
		f := g[0]
		for _, x := range g {
			if strings.HasPrefix(x, "--") {
				f = x
				break
			}
		}
		parts = append(parts, f)
	}
	return strings.Join(parts, " ")
}

// CommandCases authors a violated case per forbidden form, and satisfied near-misses:
// each exception, the forbidden form without its options or with another
// subcommand, and the replacement the rule asks for.
func CommandCases(p CommandParams) []policy.Case {
	var cases []policy.Case
	seen := map[string]bool{}
	count := map[string]int{}
	add := func(expect string, argv []string, note string) {
		key := expect + "\x00" + strings.Join(argv, "\x00")
		if seen[key] || len(argv) == 0 || count[expect] >= 4 {
			return
		}
		// a near-miss that is itself forbidden is not a near-miss
		got := judgeArgv(p, argv)
		if got != expect {
			return
		}
		seen[key] = true
		count[expect]++
		cases = append(cases, policy.Case{Expect: expect, Argv: argv, Note: note})
	}
	for _, f := range p.Forbid {
		add(policy.ExpectViolated, example(f), "the forbidden form")
	}
	for _, a := range p.Allow {
		add(policy.ExpectSatisfied, example(a), "an exception the instruction allows")
	}
	for _, f := range p.Forbid {
		ex := example(f)
		if f.Alone {
			add(policy.ExpectSatisfied, append(append([]string(nil), ex...), "path/to/target"), "the same command with more than its bare form")
		}
		if f.Bare {
			add(policy.ExpectSatisfied, append(append([]string(nil), ex...), "path/to/target"), "the same command with the argument the rule asks for")
		}
		for _, g := range f.Lacking {
			add(policy.ExpectSatisfied, append(append([]string(nil), ex...), g[0]), "the same command with the option the rule asks for")
		}
		if len(f.Flags) > 0 {
			add(policy.ExpectSatisfied, ex[:len(ex)-len(f.Flags)], "the same command without the forbidden options")
		}
		if len(f.Args) > 0 {
			prog := ex[0]
			add(policy.ExpectSatisfied, []string{prog, "--version"}, "the same program, not the forbidden form")
			if len(f.Args) > 1 {
				last := instantiate(f.Args[len(f.Args)-1])
				if last == "." {
					last = "README.md"
				} else {
					last += "-other"
				}
				near := append(append([]string{prog}, ex[1:len(f.Args)]...), last)
				add(policy.ExpectSatisfied, near, "a near-miss of the forbidden form")
			}
		}
	}
	for _, v := range p.Via {
		add(policy.ExpectSatisfied, example(v), "what the instruction asks for instead")
	}
	if len(p.At) > 0 && len(p.Forbid) > 0 {
		other := "packages/app"
		if p.At[0] != "." {
			// forbidden in one folder below the root: the example runs there
			cases = append(cases, policy.Case{Expect: policy.ExpectViolated, Argv: example(p.Forbid[0]), Cwd: p.At[0], Note: "the forbidden form, in " + p.At[0] + "/"})
			if p.At[0] == other {
				other = "."
			}
		}
		cases = append(cases, policy.Case{Expect: policy.ExpectSatisfied, Argv: example(p.Forbid[0]), Cwd: other, Note: "the same command in another folder"})
	}
	if len(p.OnlyAt) > 0 && len(p.Forbid) > 0 {
		other := "packages/app"
		if p.OnlyAt[0] == other {
			other = "."
		}
		cases = append(cases,
			policy.Case{Expect: policy.ExpectSatisfied, Argv: example(p.Forbid[0]), Cwd: p.OnlyAt[0], Note: "the command where the rule asks for it"},
			policy.Case{Expect: policy.ExpectViolated, Argv: example(p.Forbid[0]), Cwd: other, Note: "the same command in another folder"})
	}
	if len(p.Together) >= 2 {
		a, b := example(p.Together[0]), example(p.Together[1])
		cases = append(cases,
			policy.Case{Expect: policy.ExpectViolated, Shell: shell.Join(a) + " && " + shell.Join(b), Note: "both in one command line"},
			policy.Case{Expect: policy.ExpectSatisfied, Argv: a, Note: "the first alone"},
			policy.Case{Expect: policy.ExpectSatisfied, Argv: b, Note: "the second alone"})
	}
	if !hasExpect(cases, policy.ExpectSatisfied) {
		add(policy.ExpectInapplicable, []string{"ls"}, "a command the rule is not about")
	}
	return cases
}

func hasExpect(cs []policy.Case, e string) bool {
	for _, c := range cs {
		if c.Expect == e {
			return true
		}
	}
	return false
}

// judgeArgv is the verdict the rule gives one argv (for authoring cases).
func judgeArgv(p CommandParams, argv []string) string {
	// (as the compiled check: the force-push spellings the rule allows or prescribes
	// are no force push of it)
	c := &commandCheck{rule: &policy.Rule{}, p: p, forceExempt: forceSpellings(p.Allow, p.Via)}
	ev, _ := CaseEvidence(policy.Case{Argv: argv})
	outs := c.Targets(ev)
	if len(outs) == 0 {
		return policy.ExpectInapplicable
	}
	v := policy.ExpectSatisfied
	for _, t := range outs {
		if r := c.Judge(ev, t); r.Verdict == "violated" {
			return policy.ExpectViolated
		}
	}
	return v
}

// family members: a tool word and the programs it stands for.
var toolPrograms = lazy.Value[map[string][]string]{F: func() map[string][]string {
	return map[string][]string{
		"npm":    {"npm", "npx"},
		"npx":    {"npx"},
		"yarn":   {"yarn"},
		"pnpm":   {"pnpm", "pnpx"},
		"bun":    {"bun", "bunx"},
		"pip":    {"pip", "pip3", "pip3.*"},
		"pip3":   {"pip", "pip3", "pip3.*"},
		"uv":     {"uv", "uvx"},
		"poetry": {"poetry"},
		"pipenv": {"pipenv"},
		"conda":  {"conda"},
		"deno":   {"deno"},
	}
}}

// PrerequisiteForms reads a command an instruction requires to have run: a command as
// written (matched as a prefix), or a bare script name (`flint`) as what the package
// manager, make or just runs under that name; nil when the span is neither.
func PrerequisiteForms(span string, tools []string, scopeDir string) []Pattern {
	argv, ok := SpanArgv(span)
	if !ok {
		return nil
	}
	argv = behindLoader(argv)
	if IsCommand(argv, tools) {
		forms := defaultTarget(PatternFrom(argv, scopeDir))
		if progName(argv[0]) == "gofmt" {
			// `go fmt` runs gofmt over the packages named
			forms = append(forms, Pattern{Program: []string{"go"}, Args: []string{"fmt"}})
		}
		return forms
	}
	if len(argv) != 1 || !scriptNameRE.MatchString(argv[0]) {
		return nil
	}
	name := argv[0]
	return []Pattern{
		{Program: []string{name}},
		{Program: []string{"npm", "pnpm", "yarn", "bun"}, Args: []string{"run", name}},
		{Program: []string{"make", "just", "task"}, Args: []string{name}},
		// "Run `detekt` before pushing" in a Gradle build: the task of that name
		{Program: []string{"gradle", "gradlew"}, Args: []string{name}},
	}
}

// taskRunner reports whether a program runs the target a positional word names, or
// its default target when none is named (`make` and `make docs` are different
// work), and that target's usual names. A switch, not a map: every shim links this
// package, and a map here was built at each start.
func taskRunner(prog string) ([]string, bool) {
	switch prog {
	case "make", "gmake":
		return []string{"all"}, true
	case "rake", "just", "task":
		return []string{"default"}, true
	case "mage":
		return nil, true
	}
	return nil, false
}

// defaultTarget: a prerequisite that is a task runner's default target (`make`,
// `bundle exec rake`) is met by that target only, spelled bare or by its usual name,
// not by another target (`make docs`, `rake spec`).
func defaultTarget(p Pattern) []Pattern {
	runner, args := progName(p.Program[0]), p.Args
	if runner == "bundle" && len(args) == 2 && args[0] == "exec" {
		runner = args[1]
	} else if len(args) > 0 {
		return []Pattern{p}
	}
	names, ok := taskRunner(runner)
	if !ok {
		return []Pattern{p}
	}
	p.Bare = true
	out := []Pattern{p}
	for _, n := range names {
		q := p
		q.Bare = false
		q.Args = append(append([]string(nil), p.Args...), n)
		out = append(out, q)
	}
	return out
}

// SequenceCases: the guarded command with no history, after the prerequisite, after
// the prerequisite and then an edit, after a failed prerequisite, and chained with &&.
//
// firstArgv is the prerequisite as the instruction wrote it (its options' values
// included), where the pattern alone would lose them; nil to make one from the pattern.
func SequenceCases(p SequenceParams, firstArgv []string) []policy.Case {
	then := example(p.Then[0])
	if len(then) > 1 && then[1] == "commit" {
		then = append(then, "-m", "Change code")
	}
	first := example(p.First[0])
	if len(firstArgv) > 0 && !strings.Contains(strings.Join(firstArgv, " "), anyWord) {
		first = firstArgv
	}
	cases := []policy.Case{
		{Expect: policy.ExpectViolated, Argv: then, Note: "nothing ran before"},
		{Expect: policy.ExpectSatisfied, Argv: then, History: [][]string{first}, Note: "the prerequisite succeeded first"},
		{Expect: policy.ExpectViolated, Argv: then, History: [][]string{{HistoryExit + "2"}}, Note: "the prerequisite failed"},
		{Expect: policy.ExpectSatisfied, Shell: strings.Join(first, " ") + " && " + strings.Join(then, " "), Note: "chained with &&: runs only if the prerequisite succeeds"},
	}
	cases[2].History[0] = append(cases[2].History[0], first...)
	if len(p.Changed) > 0 {
		// the order holds after a change to those files: every case edits one, and
		// a change elsewhere needs nothing
		edit := []string{HistoryEdit, exampleOf(p.Changed[0])}
		for i := range cases {
			cases[i].History = append([][]string{edit}, cases[i].History...)
		}
		if !changesAnything(p.Changed) {
			cases = append(cases, policy.Case{Expect: policy.ExpectSatisfied, Argv: then, History: [][]string{{HistoryEdit, "unrelated.txt"}}, Note: "no change to the files the order is about"})
		}
	}
	if len(p.Unless) > 0 {
		cases = append(cases, policy.Case{Expect: policy.ExpectSatisfied, Argv: then, History: [][]string{{HistoryEdit, exampleOf(p.Unless[0])}}, Note: "only files that need no prerequisite changed"})
	}
	if p.Anytime {
		cases = append(cases, policy.Case{Expect: policy.ExpectSatisfied, Argv: then, History: [][]string{first, {HistoryEdit, "src/main.go"}}, Note: "once is enough"})
	} else {
		changed := "src/main.go"
		if len(p.Changed) > 0 {
			changed = exampleOf(p.Changed[0])
		}
		cases = append(cases, policy.Case{Expect: policy.ExpectViolated, Argv: then, History: [][]string{first, {HistoryEdit, changed}}, Note: "a file changed after the prerequisite"})
	}
	return cases
}

// exampleOf is a path a glob matches: src/** gives src/x, **/*.rs gives x.rs.
func exampleOf(glob string) string {
	g := strings.TrimPrefix(glob, "/")
	g = strings.ReplaceAll(g, "**/", "")
	g = strings.ReplaceAll(g, "**", "x")
	g = strings.ReplaceAll(g, "*", "x")
	g = strings.ReplaceAll(g, "?", "x")
	if g == "" {
		return "x"
	}
	return g
}

// changesAnything: one of the globs matches every file.
func changesAnything(globs []string) bool {
	for _, g := range globs {
		if g == "**" || g == "/**" || g == "**/*" {
			return true
		}
	}
	return false
}

// behindLoader is the command an environment loader runs (`mise exec -- make lint`,
// `dotenv -- pytest`): what the loader sets up is the environment, the work is the
// command, and the shell reads the loader as launching it. Other argv are returned as
// they are.
func behindLoader(argv []string) []string {
	switch progName(argv[0]) {
	case "mise", "rtx":
		if len(argv) < 3 || argv[1] != "exec" && argv[1] != "x" {
			return argv
		}
	case "dotenv", "with-env":
	default:
		return argv
	}
	for i, a := range argv {
		if a == "--" && i+1 < len(argv) {
			return argv[i+1:]
		}
	}
	return argv
}
