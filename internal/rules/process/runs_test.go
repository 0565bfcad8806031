package process

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/shell"
)

// step is a command a runner's target runs, written at at.
func step(line, at string, implied bool) engine.RunStep {
	c := shell.Parse(line, shell.Options{Index: -1})[0]
	return engine.RunStep{Command: c, At: at, Target: "t", Implied: implied}
}

func past(line string, exit int, runs ...engine.RunStep) engine.Command {
	c := shell.Parse(line, shell.Options{Index: -1})[0]
	c.Past, c.Exit, c.Runs = true, &exit, runs
	return c
}

func judgeLast(t *testing.T, rule *policy.Rule, cmds []engine.Command) engine.TargetResult {
	t.Helper()
	check, err := engine.NewRegistry(Kinds()...).CompileRule(rule)
	if err != nil {
		t.Fatal(err)
	}
	for i := range cmds {
		cmds[i].Index = i
	}
	ev := &engine.Evidence{Mode: engine.ModeAll, Commands: cmds}
	defer ev.Close()
	for _, o := range engine.Run([]engine.Compiled{{Rule: rule, Check: check}}, ev, engine.Options{Workers: 1}) {
		for _, tr := range o.Targets {
			if tr.Target.Index == len(cmds)-1 {
				return tr
			}
		}
	}
	return engine.TargetResult{Result: engine.Result{Verdict: engine.Inapplicable}}
}

func TestOrderCountsWhatARunnerTargetRan(t *testing.T) {
	raw, _ := json.Marshal(SequenceParams{
		Then:  []Pattern{{Program: []string{"git"}, Args: []string{"commit"}}},
		First: []Pattern{{Program: []string{"ruff"}, Args: []string{"check"}}},
	})
	rule := &policy.Rule{ID: "r", Domain: policy.DomainProcess, Kind: KindSequence, Params: raw, Severity: policy.SeverityError}
	commit := shell.Parse("git commit -m x", shell.Options{Index: -1})[0]
	// a target that failed, perhaps on another of its commands, after a direct run
	// that passed: the direct run counts
	if tr := judgeLast(t, rule, []engine.Command{past("ruff check .", 0), past("make check", 2, step("ruff check .", "Makefile:3", true), step("mypy .", "Makefile:4", true)), commit}); tr.Verdict != engine.Satisfied {
		t.Errorf("ruff check passed, then make check failed: %s (%s), want satisfied", tr.Verdict, tr.Reason)
	}
	for _, c := range []struct {
		name string
		prev engine.Command
		want engine.Verdict
		says string
	}{
		{"the target runs it", past("make fix", 0, step("ruff check --fix .", "Makefile:3", true)), engine.Satisfied, "through `make fix`, Makefile:3"},
		{"the target failed", past("make fix", 2, step("ruff check .", "Makefile:3", true)), engine.Violated, "it failed (exit status 2), so heed cannot tell whether `ruff check` passed"},
		{"its failure is ignored", past("make fix", 0, step("ruff check .", "Makefile:3", false)), engine.Violated, "can succeed without it"},
		{"another command", past("make fix", 0, step("ruff format .", "Makefile:3", true)), engine.Violated, "has not run"},
		{"another subcommand of the same tool", past("make fix", 0, step("ruff", "Makefile:3", true)), engine.Violated, "has not run"},
		{"an unreadable Makefile", func() engine.Command {
			c := past("make fix", 0)
			c.RunsErr = "Makefile:7: heed cannot read this makefile line"
			return c
		}(), engine.Violated, "heed could not read all that `make fix` runs: Makefile:7"},
	} {
		tr := judgeLast(t, rule, []engine.Command{c.prev, commit})
		if tr.Verdict != c.want || !strings.Contains(tr.Reason, c.says) {
			t.Errorf("%s: %s (%s), want %s saying %q", c.name, tr.Verdict, tr.Reason, c.want, c.says)
		}
	}
}

func TestBansReadWhatARunnerTargetRuns(t *testing.T) {
	deploy := func() engine.Command {
		c := shell.Parse("make deploy", shell.Options{Index: -1})[0]
		c.Runs = []engine.RunStep{step("terraform apply -auto-approve", "Makefile:9", true)}
		return c
	}
	ban := func(p CommandParams) *policy.Rule {
		raw, _ := json.Marshal(p)
		return &policy.Rule{ID: "r", Domain: policy.DomainProcess, Kind: KindCommand, Params: raw, Severity: policy.SeverityError}
	}
	tf := Pattern{Program: []string{"terraform"}, Args: []string{"apply"}}

	tr := judgeLast(t, ban(CommandParams{Forbid: []Pattern{tf}}), []engine.Command{deploy()})
	if tr.Verdict != engine.Violated || len(tr.Findings) != 1 || !tr.Findings[0].Advisory || !strings.Contains(tr.Findings[0].Message, "Makefile:9") {
		t.Errorf("a ban of the command: want an advisory finding naming Makefile:9, got %s %+v", tr.Verdict, tr.Findings)
	}
	tr = judgeLast(t, ban(CommandParams{Forbid: []Pattern{tf}, Indirect: true}), []engine.Command{deploy()})
	if tr.Verdict != engine.Violated || len(tr.Findings) != 1 || tr.Findings[0].Advisory {
		t.Errorf("a ban of the effect however reached: want a finding at the rule's severity, got %s %+v", tr.Verdict, tr.Findings)
	}
	// "use `make deploy`, never `terraform apply` by hand": the target is the way
	tr = judgeLast(t, ban(CommandParams{Forbid: []Pattern{tf}, Via: []Pattern{{Program: []string{"make"}, Args: []string{"deploy"}}}}), []engine.Command{deploy()})
	if tr.Verdict == engine.Violated {
		t.Errorf("the rule's own alternative was flagged: %+v", tr.Findings)
	}
	// an exception covers the recipe's form
	tr = judgeLast(t, ban(CommandParams{Forbid: []Pattern{tf}, Allow: []Pattern{{Program: []string{"terraform"}, Args: []string{"apply"}, Flags: [][]string{{"-auto-approve"}}}}}), []engine.Command{deploy()})
	if tr.Verdict == engine.Violated {
		t.Errorf("an allowed form was flagged: %+v", tr.Findings)
	}
	// a ban of a whole program or of a spelling is about what the agent types
	c0 := shell.Parse("make test", shell.Options{Index: -1})[0]
	c0.Runs = []engine.RunStep{step("pytest tests -q", "Makefile:4", true), step("cargo test", "Makefile:5", true)}
	for _, p := range []CommandParams{
		{Forbid: []Pattern{{Program: []string{"pytest"}}}},
		{Forbid: []Pattern{{Program: []string{"cargo"}, Args: []string{"test"}, Lacking: [][]string{{"--workspace"}}}}},
		{Forbid: []Pattern{{Program: []string{"cargo"}, Args: []string{"test"}, Alone: true}}},
	} {
		if tr = judgeLast(t, ban(p), []engine.Command{c0}); tr.Verdict == engine.Violated {
			t.Errorf("%+v flagged the project's own recipe: %+v", p.Forbid, tr.Findings)
		}
	}
	// a step computed at run time is no finding
	c := shell.Parse("make deploy", shell.Options{Index: -1})[0]
	c.Runs = []engine.RunStep{step("$TF apply", "Makefile:9", true)}
	if tr = judgeLast(t, ban(CommandParams{Forbid: []Pattern{tf}}), []engine.Command{c}); tr.Verdict == engine.Violated {
		t.Errorf("a computed step was flagged: %+v", tr.Findings)
	}
}

// `cd web && pytest; cd ..` (round 7 of the findings study, there with `npm test`):
// the line's recorded status is that of the `cd ..` after the prerequisite, and the
// denial says so, and how to run it, instead of asking for a hook that did record the
// line. (A program that is no task runner is the same program in any folder; a
// runner's target in another folder is that folder's, TestRunnerTargetInAnotherFolder.)
func TestStatusHiddenByALaterCommand(t *testing.T) {
	raw, _ := json.Marshal(SequenceParams{
		Then:  []Pattern{{Program: []string{"git"}, Args: []string{"commit"}}},
		First: []Pattern{{Program: []string{"pytest"}}},
		Label: "pytest",
	})
	rule := &policy.Rule{ID: "r", Domain: policy.DomainProcess, Kind: KindSequence, Params: raw, Severity: policy.SeverityError}
	ran := func(line string, exit int) []engine.Command {
		cmds, ok := shell.ParseStatus(line, shell.Options{Index: -1})
		for i := range cmds {
			cmds[i].Past = true
			if slices.Contains(ok, i) {
				cmds[i].Exit = &exit
			}
		}
		return cmds
	}
	commit := shell.Parse("git commit -m x", shell.Options{Index: -1})[0]
	for _, c := range []struct {
		line string
		want engine.Verdict
		says string
	}{
		{"cd web && pytest; cd ..", engine.Violated, "its exit status is hidden by `cd ..` after it"},
		{"pytest; echo done", engine.Violated, "hidden by `echo done`"},
		{"cd web && pytest && cd ..", engine.Satisfied, ""},
		{"cd web && pytest", engine.Satisfied, ""},
	} {
		tr := judgeLast(t, rule, append(ran(c.line, 0), commit))
		if tr.Verdict != c.want || !strings.Contains(tr.Reason, c.says) {
			t.Errorf("%s: %s (%s), want %s saying %q", c.line, tr.Verdict, tr.Reason, c.want, c.says)
		}
	}
}

// "Before committing, run `npm test`" in the root's AGENTS.md: `cd server && npm
// test` typed as it is runs the server package's script, not the root's, and does not
// meet the order; run at the root, or where the guarded command runs, or where the
// rule's changes lie, it does.
func TestRunnerTargetInAnotherFolder(t *testing.T) {
	rule := func(changed ...string) *policy.Rule {
		raw, _ := json.Marshal(SequenceParams{
			Then:    []Pattern{{Program: []string{"git"}, Args: []string{"commit"}}},
			First:   []Pattern{{Program: []string{"npm"}, Args: []string{"test"}}},
			Label:   "npm test",
			Changed: changed,
		})
		return &policy.Rule{ID: "r", Domain: policy.DomainProcess, Kind: KindSequence, Params: raw, Severity: policy.SeverityError}
	}
	ran := func(line string) []engine.Command {
		cmds, ok := shell.ParseStatus(line, shell.Options{Index: -1})
		zero := 0
		for i := range cmds {
			cmds[i].Past = true
			if slices.Contains(ok, i) {
				cmds[i].Exit = &zero
			}
		}
		return cmds
	}
	edit := engine.Command{Edit: []string{"server/a.js"}, Past: true}
	for _, c := range []struct {
		line, commitAt string
		changed        []string
		want           engine.Verdict
	}{
		{"cd server && npm test", "", nil, engine.Violated},
		{"npm test", "", nil, engine.Satisfied},
		{"cd server && npm test", "server", nil, engine.Satisfied},
		{"cd server && npm test", "", []string{"server/**"}, engine.Satisfied},
	} {
		commit := shell.Parse("git commit -m x", shell.Options{Index: -1, Cwd: c.commitAt})[0]
		tr := judgeLast(t, rule(c.changed...), append(append([]engine.Command{edit}, ran(c.line)...), commit))
		if tr.Verdict != c.want {
			t.Errorf("%s, commit in %q, changed %v: %s (%s), want %s", c.line, c.commitAt, c.changed, tr.Verdict, tr.Reason, c.want)
		}
	}
}

// An option heed does not know to take a value is read bare, its value a word of its
// own: "--output-structure locale-modules" carries "--output-structure=locale-modules"
// as much as the joined spelling does.
func TestLackingOptionWithSeparateValue(t *testing.T) {
	p := CommandParams{Forbid: []Pattern{{Program: []string{"npx"}, Args: []string{"paraglide-js", "compile"}, Lacking: [][]string{{"--output-structure=locale-modules"}}}}}
	for argv, want := range map[string]string{
		"npx paraglide-js compile --project ./p":                                    policy.ExpectViolated,
		"npx paraglide-js compile --project ./p --output-structure locale-modules":  policy.ExpectSatisfied,
		"npx paraglide-js compile --project ./p --output-structure=locale-modules":  policy.ExpectSatisfied,
		"npx paraglide-js compile --project ./p --output-structure message-modules": policy.ExpectViolated,
	} {
		if got := JudgeArgv(p, strings.Fields(argv)); got != want {
			t.Errorf("%s: %v, want %v", argv, got, want)
		}
	}
}
