package process

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/shell"
)

func TestPatternMatchingIsArgvAware(t *testing.T) {
	forcePushFlags := []string{"-f", "--force", "--force-with-lease", "--force-if-includes"}
	forcePush := Pattern{Program: []string{"git"}, Args: []string{"push"}, Flags: [][]string{forcePushFlags}}
	hard := Pattern{Program: []string{"git"}, Args: []string{"reset"}, Flags: [][]string{{"--hard"}}}
	clean := Pattern{Program: []string{"git"}, Args: []string{"clean"}, Flags: [][]string{{"-f", "--force"}}}
	compile := Pattern{Program: []string{"npm"}, Args: []string{"run", "compile"}}
	build := Pattern{Program: []string{"pnpm"}, Args: []string{"run", "build"}}
	bareBuild := Pattern{Program: []string{"pnpm"}, Args: []string{"build"}}
	yarnLint := Pattern{Program: []string{"yarn"}, Args: []string{"lint"}}
	pnpmInstall := Pattern{Program: []string{"pnpm"}, Args: []string{"install"}}
	bunBuild := Pattern{Program: []string{"bun"}, Args: []string{"build"}}
	race := Pattern{Program: []string{"go"}, Args: []string{"test"}, Flags: [][]string{{"-race"}}}
	bin := Pattern{Program: []string{"**/node_modules/.bin/*"}}
	// a file's own command with a shell glob (round 7 of the findings study): the
	// shell expands the command's glob as it would the file's
	erbLint := Pattern{Program: []string{"bundle"}, Args: []string{"exec", "erb_lint", "./app/**/*.erb"}}
	lintDir := Pattern{Program: []string{"erb_lint"}, Args: []string{"app/views/*.erb"}}
	for _, c := range []struct {
		p    Pattern
		line string
		want match
	}{
		{forcePush, "git push --force", matches},
		{forcePush, "git push origin main --force", matches},
		{forcePush, "git push -uf origin x", matches},
		{forcePush, "git push --force-with-lease=main:abc", matches},
		{forcePush, "git -C repo -c core.x=y push -f", matches},
		{forcePush, "git push origin feature", noMatch},
		{forcePush, "git push -- --force", noMatch}, // after --, a refspec named --force
		{forcePush, "git commit -m --force", noMatch},
		{forcePush, "git push --forc", matches},   // git accepts unambiguous prefixes
		{forcePush, "git push $FLAGS", mayMatch},  // a computed word could be --force
		{forcePush, "git $SUB --force", mayMatch}, // the subcommand is computed
		{forcePush, "git status $X", noMatch},     // not push, whatever $X is
		{hard, "git reset --hard HEAD~2", matches},
		{hard, "git reset --soft HEAD~1", noMatch},
		{hard, "git reset --mixed", noMatch},
		{clean, "git clean -fdx", matches},
		{clean, "git clean -xdf", matches},
		{clean, "git clean -n", noMatch},
		{clean, "git clean -e -f", noMatch}, // -e takes a value: -f is the pattern excluded
		{compile, "npm run compile", matches},
		{compile, "npm run-script compile", matches},
		{compile, "npm run compile-check-ts-native", noMatch},
		{compile, "npm test", noMatch},
		{compile, "npm -w build run compile", matches},
		{build, "pnpm build", matches}, // pnpm runs scripts without "run"
		{build, "pnpm --filter web build", matches},
		{build, "pnpm install", noMatch},
		// the script a file names bare is run by `run` as well: a required `pnpm
		// build` is met by `pnpm run build` (own batch 260, S19)
		{bareBuild, "pnpm run build", matches},
		{bareBuild, "pnpm --filter web run build", matches},
		{bareBuild, "pnpm run build:prod", noMatch},
		{yarnLint, "yarn run lint", matches},
		{pnpmInstall, "pnpm run install", noMatch}, // a script named install is not pnpm's install
		{bunBuild, "bun run build", noMatch},       // bun build is bun's bundler, not the script
		{race, "go test -race ./...", matches},
		{race, "go test --race ./...", matches},
		{race, "go test -run Race ./...", noMatch},
		{race, "go test -racy", noMatch},
		{bin, "./node_modules/.bin/tsc", matches},
		{bin, "/repo/web/node_modules/.bin/eslint .", matches},
		{bin, "tsc", noMatch},
		{erbLint, "bundle exec erb_lint ./app/**/*.erb", matches},
		{erbLint, "bundle exec erb_lint ./app/views/*.erb", mayMatch}, // another glob: what it expands to is not known
		{erbLint, "bundle exec erb_lint $FILES", mayMatch},
		{erbLint, "bundle exec rubocop ./app/**/*.erb", noMatch},
		{lintDir, "erb_lint app/views/*.erb", matches},
		{lintDir, "erb_lint lib/*.erb", mayMatch},
	} {
		cmds := shell.Parse(c.line, shell.Options{})
		got := noMatch
		for _, cmd := range cmds {
			if r := c.p.match(parseArgv(cmd.Argv, cmd.DynamicArgs)); r.m > got {
				got = r.m
			}
		}
		if got != c.want {
			t.Errorf("%s ~ %s: %d, want %d", c.p.String(), c.line, got, c.want)
		}
	}
}

func TestParamsAreValidated(t *testing.T) {
	for _, c := range []struct {
		kind, params, want string
	}{
		{KindCommand, `{}`, "params.forbid"},
		{KindCommand, `{"forbid":[{"program":[]}]}`, "params.forbid[0].program"},
		{KindCommand, `{"forbid":[{"program":["git"],"flags":[[]]}]}`, "params.forbid[0].flags[0]"},
		{KindCommand, `{"forbid":[{"program":["git"],"flags":[["force"]]}]}`, "params.forbid[0].flags[0][0]"},
		{KindCommand, `{"forbid":[{"program":["git"]}],"allow":[{"program":["git"],"args":["[x"]}]}`, "params.allow[0].args[0]"},
		{KindCommand, `{"forbid":[{"program":["git"]}],"nope":1}`, "nope"},
		{KindSequence, `{"then":[{"program":["git"]}]}`, "params.first"},
		{KindSequence, `{"first":[{"program":["make"]}]}`, "params.then"},
	} {
		reg := engine.NewRegistry(Kinds()...)
		_, err := reg.CompileRule(&policy.Rule{ID: "R", Kind: c.kind, Params: json.RawMessage(c.params)})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: error %v, want one naming %s", c.kind, c.params, err, c.want)
		}
	}
}

// verdictOf judges a shell line, run in cwd of the repository /repo, against params.
func verdictOf(t *testing.T, params CommandParams, line, cwd string) string {
	t.Helper()
	raw, _ := json.Marshal(params)
	reg := engine.NewRegistry(Kinds()...)
	c, err := reg.CompileRule(&policy.Rule{ID: "R", Kind: KindCommand, Params: raw})
	if err != nil {
		t.Fatal(err)
	}
	ev := &engine.Evidence{Mode: engine.ModeAll, Commands: shell.Parse(line, shell.Options{Cwd: cwd, Root: "/repo", Index: -1})}
	out := "allowed"
	for _, tg := range c.Targets(ev) {
		if r := c.Judge(ev, tg); r.Verdict == engine.Violated {
			out = "blocked"
		}
	}
	return out
}

// A rule that forbids `git push --force` forbids every way git force-pushes, except the
// spellings the rule itself names as its exception or alternative.
func TestForcePushSpellings(t *testing.T) {
	span := CommandParams{Forbid: []Pattern{PatternFrom([]string{"git", "push", "--force"}, "")}}
	lease := span
	lease.Via = []Pattern{PatternFrom([]string{"git", "push", "--force-with-lease"}, "")}
	for _, c := range []struct {
		p          CommandParams
		line, want string
	}{
		{span, "git push --force", "blocked"},
		{span, "git push --force-with-lease", "blocked"},
		{span, "git push --force-with-lease=main:abc origin main", "blocked"},
		{span, "git push --force-if-includes --force-with-lease", "blocked"},
		{span, "git push --mirror", "blocked"},
		{span, "git push origin +main", "blocked"},
		{span, "git push origin +HEAD:refs/heads/main", "blocked"},
		{span, "git push --forc origin x", "blocked"},
		{span, "git push origin main", "allowed"},
		{span, "git push origin :old-branch", "allowed"},
		{span, "git push -u origin feature", "allowed"},
		{lease, "git push --force-with-lease", "allowed"},
		{lease, "git push --force", "blocked"},
		{lease, "git push origin +main", "blocked"},
	} {
		if got := verdictOf(t, c.p, c.line, ""); got != c.want {
			t.Errorf("%s (via %d): %s, want %s", c.line, len(c.p.Via), got, c.want)
		}
	}
}

// GNU getopt_long accepts any unambiguous prefix of a long option.
func TestAbbreviatedLongOptions(t *testing.T) {
	rmrf := CommandParams{Forbid: []Pattern{PatternFrom([]string{"rm", "-rf"}, "")}}
	for line, want := range map[string]string{
		"rm --rec --force x": "blocked", "rm -r --forc x": "blocked", "rm --recursive -f x": "blocked",
		"rm --r --f x": "blocked", "rm -r x": "allowed", "rm --verbose -f x": "allowed", "rm -f x": "allowed",
	} {
		if got := verdictOf(t, rmrf, line, ""); got != want {
			t.Errorf("%s: %s, want %s", line, got, want)
		}
	}
}

// "never `rm -rf` on the repository root": the operand is judged against the directory
// the command runs in, never as a subcommand.
func TestRootPathOperands(t *testing.T) {
	root := CommandParams{Forbid: []Pattern{{Program: []string{"rm"}, Flags: [][]string{{"-r", "-R", "--recursive"}, {"-f", "--force"}}, Paths: []string{"."}}}}
	for _, c := range []struct{ line, cwd, want string }{
		{"rm -rf .", "", "blocked"},
		{"rm -rf ./", "", "blocked"},
		{"rm -rf -- .", "", "blocked"},
		{"rm -rf build .", "", "blocked"},
		{"rm -rf /repo", "", "blocked"},
		{"rm -rf /repo/", "web", "blocked"},
		{"rm -rf /", "", "blocked"},
		{"rm -rf ..", "web", "blocked"},
		{"rm -rf ../..", "web/app", "blocked"},
		{"cd web && rm -rf ..", "", "blocked"},
		{"rm -rf *", "", "blocked"},
		{`rm -rf "$DIR"`, "", "blocked"},
		{`cd "$X" && rm -rf .`, "", "blocked"},
		{"rm -rf build/", "", "allowed"},
		{"rm -rf build/*", "", "allowed"},
		{"rm -rf .", "web", "allowed"},
		{"rm -rf /repo/build", "", "allowed"},
		{"rm -rf /tmp/x", "", "allowed"},
		{"rm -rf ../other", "web", "allowed"},
		{"rm -r .", "", "allowed"},
	} {
		if got := verdictOf(t, root, c.line, c.cwd); got != c.want {
			t.Errorf("%s (in %q): %s, want %s", c.line, c.cwd, got, c.want)
		}
	}
}

// "Do not run rubocop on `.erb` files" (round 7 of the findings study): a glob of the
// rule names every file of its extension, given one by one or by a glob of the same
// extension; the whole project and other files are not named.
func TestGlobPathOperands(t *testing.T) {
	erb := CommandParams{Forbid: []Pattern{{Program: []string{"rubocop"}, Paths: []string{"**/*.erb"}}}}
	for _, c := range []struct{ line, cwd, want string }{
		{"rubocop app/views/home/index.html.erb", "", "blocked"},
		{"bundle exec rubocop app/views/home/index.html.erb", "", "blocked"},
		{"rubocop index.html.erb", "app/views", "blocked"},
		{"rubocop layout.erb", "", "blocked"},
		{"rubocop app/**/*.erb", "", "blocked"},
		{"rubocop", "", "allowed"},
		{"rubocop -a app/models/user.rb", "", "allowed"},
		{"rubocop app/views", "", "allowed"},
		{"rubocop app/**/*.rb", "", "allowed"},
	} {
		if got := verdictOf(t, erb, c.line, c.cwd); got != c.want {
			t.Errorf("%s (in %q): %s, want %s", c.line, c.cwd, got, c.want)
		}
	}
}

// A code span names a command when its program is a path to an executable: a script
// folder, or any bin folder (`vendor/bin/pint`); a data file is no program.
func TestPathPrograms(t *testing.T) {
	for span, want := range map[string]bool{
		"vendor/bin/pint --dirty": true,
		"./gradlew build":         true,
		"script/lint":             true,
		"hack/verify.sh":          true,
		"scripts/gen/codes.json":  false,
		"docs/guide.md":           false,
		"src/app":                 false,
	} {
		argv, ok := SpanArgv(span)
		if got := ok && IsCommand(argv, nil); got != want {
			t.Errorf("%q: command %v, want %v", span, got, want)
		}
	}
}

// A pattern's environment: "never run `CI=1 pnpm install`" matches that install only;
// a required assignment ("run Nx with `NX_DAEMON=false ...`") makes the form without
// it the match. Assignments reach the command through `env` and through a launcher,
// and one computed at run time may be the one named.
func TestEnvironmentAssignments(t *testing.T) {
	ci := Pattern{Program: []string{"pnpm"}, Args: []string{"install"}, Env: []string{"CI=1"}}
	anyTrace := Pattern{Program: []string{"git"}, Args: []string{"push"}, Env: []string{"GIT_TRACE"}}
	daemon := Pattern{Program: []string{"pnpm"}, Args: []string{"nx"}, LackingEnv: []string{"NX_DAEMON=false"}}
	for _, c := range []struct {
		p    Pattern
		line string
		want match
	}{
		{ci, "CI=1 pnpm install", matches},
		{ci, "env CI=1 pnpm install --frozen-lockfile", matches},
		{ci, "pnpm install", noMatch},
		{ci, "CI=0 pnpm install", noMatch},
		{ci, "CI=$X pnpm install", mayMatch},
		{anyTrace, "GIT_TRACE=2 git push origin x", matches},
		{anyTrace, "git push origin x", noMatch},
		{daemon, "pnpm nx run web:build", matches},
		{daemon, "NX_DAEMON=false pnpm nx run web:build", noMatch},
		{daemon, "NX_DAEMON=true pnpm nx run web:build", matches},
		{daemon, "NX_DAEMON=false sh -c 'pnpm nx run web:build'", noMatch},
	} {
		got := noMatch
		for _, cmd := range shell.Parse(c.line, shell.Options{}) {
			if r := c.p.match(parseArgv(cmd.Argv, cmd.DynamicArgs).withEnv(&cmd)); r.m > got {
				got = r.m
			}
		}
		if got != c.want {
			t.Errorf("%s ~ %s: %d, want %d", c.p.String(), c.line, got, c.want)
		}
	}
	bad := Pattern{Program: []string{"make"}, Env: []string{"1X=2"}}
	if err := bad.check(); err == nil {
		t.Error("an assignment to no variable name validated")
	}
}

// A form's short option keeps its value as a long one does: `cargo test -p driver`
// names one crate's tests, in every spelling, and no other crate's.
func TestFormKeepsShortOptionValues(t *testing.T) {
	form := CommandParams{Forbid: []Pattern{BanPatternFrom([]string{"cargo", "test", "-p", "driver"}, "")}}
	for line, want := range map[string]string{
		"cargo test -p driver": "blocked", "cargo test --package driver": "blocked", "cargo test --package=driver": "blocked",
		"cargo test -p other": "allowed", "cargo test": "allowed",
	} {
		if got := verdictOf(t, form, line, ""); got != want {
			t.Errorf("%s: %s, want %s", line, got, want)
		}
	}
}

// "Run `pytest` from the repository root": only_at forbids the command in every
// other folder, a cd in the line included; a folder heed cannot know is a finding.
func TestOnlyAtForbidsEveryOtherFolder(t *testing.T) {
	p := CommandParams{Forbid: []Pattern{PatternFrom([]string{"python", "-m", "pytest"}, "")}, OnlyAt: []string{"."}}
	for _, c := range []struct{ line, cwd, want string }{
		{"python -m pytest tests/test_a.py", "", "allowed"},
		{"python -m pytest", "tests", "blocked"},
		{"cd tests && python -m pytest test_a.py", "", "blocked"},
		{"cd tests && cd .. && python -m pytest", "", "allowed"},
		{`cd "$DIR" && python -m pytest`, "", "blocked"},
		{"cd tests && ls", "", "allowed"},
	} {
		if got := verdictOf(t, p, c.line, c.cwd); got != c.want {
			t.Errorf("%s in %q: %s, want %s", c.line, c.cwd, got, c.want)
		}
	}
	for _, cs := range CommandCases(p) {
		ev, err := CaseEvidence(cs)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := json.Marshal(p)
		c, err := engine.NewRegistry(Kinds()...).CompileRule(&policy.Rule{ID: "R", Kind: KindCommand, Params: raw})
		if err != nil {
			t.Fatal(err)
		}
		got := policy.ExpectSatisfied
		for _, tg := range c.Targets(ev) {
			if c.Judge(ev, tg).Verdict == engine.Violated {
				got = policy.ExpectViolated
			}
		}
		if got != cs.Expect {
			t.Errorf("authored case %+v: %s", cs, got)
		}
	}
}
