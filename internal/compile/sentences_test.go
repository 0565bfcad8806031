package compile_test

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules"
	"github.com/heed-dev/heed/internal/rules/process"
	"github.com/heed-dev/heed/internal/shell"
)

type sentenceCase struct {
	name   string
	doc    string
	expect []expectation
	// dirs are the repository's folders ("dirs<TAB>frontend api"), what the layout
	// resolves a named area of the repository against; none when not given
	dirs []string
	// tasks are the repository's task-runner targets ("task<TAB>make<TAB>test<TAB>go
	// test ./...;;go vet ./..."): runner, name, and the steps it runs
	tasks []recognize.Task
}

type expectation struct {
	want, line string
	// history are the session's earlier commands ("edit PATH" an edit, "fail CMD" a
	// command that failed)
	history string
	gap     bool // a known gap: reported, not failed
}

// readCaseFile splits a file of documents ("== name" lines, "#" comments) and hands
// each of its other lines to line, with the document it belongs to.
func readCaseFile(t *testing.T, name string, open func(doc string), line func(text string)) {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	started := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "== "):
			open(strings.TrimPrefix(l, "== "))
			started = true
		case !started || strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "##"):
		default:
			line(l)
		}
	}
}

// readSentenceCases reads a file of own sentences (testdata/own-sentences*.txt).
func readSentenceCases(t *testing.T, name string) []sentenceCase {
	t.Helper()
	var out []sentenceCase
	readCaseFile(t, name, func(doc string) { out = append(out, sentenceCase{name: doc}) }, func(line string) {
		cur := &out[len(out)-1]
		if !strings.Contains(line, "\t") {
			cur.doc += line + "\n"
			return
		}
		want, cmd, _ := strings.Cut(line, "\t")
		if want == "dirs" {
			cur.dirs = append(cur.dirs, strings.Fields(cmd)...)
			return
		}
		if want == "task" {
			f := strings.SplitN(cmd, "\t", 3)
			if len(f) != 3 {
				t.Fatalf("%s: task line %q: want runner, name and steps", name, line)
			}
			task := recognize.Task{Runner: f[0], Name: f[1], File: map[string]string{"npm": "package.json", "just": "justfile"}[f[0]]}
			if task.File == "" {
				task.File = "Makefile"
			}
			for _, step := range strings.Split(f[2], ";;") {
				task.Steps = append(task.Steps, strings.Fields(step))
			}
			cur.tasks = append(cur.tasks, task)
			return
		}
		cmd, history, _ := strings.Cut(cmd, "\t")
		gap := false
		if w, ok := strings.CutPrefix(want, "gap "); ok {
			want, gap = w, true
		}
		cur.expect = append(cur.expect, expectation{want: want, line: cmd, history: history, gap: gap})
	})
	return out
}

// compileDoc compiles a Markdown document as the repository's AGENTS.md.
func compileDoc(doc string) []policy.Rule { return compileDocIn(doc, nil) }

// compileDocIn compiles a Markdown document as the AGENTS.md of a repository that
// holds these folders.
func compileDocIn(doc string, dirs []string) []policy.Rule { return compileDocWith(doc, dirs, nil) }

// compileDocWith compiles a Markdown document as the AGENTS.md of a repository that
// holds these folders and task-runner targets.
func compileDocWith(doc string, dirs []string, tasks []recognize.Task) []policy.Rule {
	dirs = slices.Sorted(slices.Values(dirs))
	p := compileAgentsDoc(doc, &recognize.RepoContext{Tools: []string{"cargo", "pnpm", "go"}, Dirs: dirs, Tasks: tasks})
	var out []policy.Rule
	for _, e := range p.Entries {
		for _, r := range e.Rules {
			if r.Domain == policy.DomainProcess {
				out = append(out, r)
			}
		}
	}
	return out
}

// historyOf turns "make lint;;edit src/a.go;;fail make test" into a case's history;
// "shell LINE" is a command line typed as it is (`cd server && npm test`).
func historyOf(h string) [][]string {
	var out [][]string
	for _, e := range strings.Split(h, ";;") {
		e = strings.TrimSpace(e)
		switch {
		case e == "":
		case strings.HasPrefix(e, "edit "):
			out = append(out, []string{process.HistoryEdit, strings.TrimPrefix(e, "edit ")})
		case strings.HasPrefix(e, "shell "):
			out = append(out, []string{"bash", "-c", strings.TrimPrefix(e, "shell ")})
		case strings.HasPrefix(e, "fail "):
			out = append(out, append([]string{process.HistoryExit + "1"}, strings.Fields(strings.TrimPrefix(e, "fail "))...))
		default:
			out = append(out, strings.Fields(e))
		}
	}
	return out
}

func lineVerdict(t *testing.T, reg *engine.Registry, rs []policy.Rule, line string, history ...string) string {
	t.Helper()
	c := policy.Case{Shell: line}
	if len(history) > 0 {
		c.History = historyOf(history[0])
	}
	ev, err := process.CaseEvidence(c)
	if err != nil {
		t.Fatal(err)
	}
	return evidenceVerdict(t, reg, rs, ev)
}

// evidenceVerdict runs the rules over the evidence and folds their outcomes as the
// hook does: an error rule violated (or unable to judge) blocks, a warning warns.
func evidenceVerdict(t *testing.T, reg *engine.Registry, rs []policy.Rule, ev *engine.Evidence) string {
	t.Helper()
	got := "allowed"
	for _, o := range engine.Run(compileRules(t, reg, rs), ev, engine.Options{Workers: 1}) {
		if o.Verdict == engine.Violated || o.Verdict == engine.Undetermined {
			if o.Rule.Severity == policy.SeverityError {
				return "blocked"
			}
			got = "warned"
		}
	}
	return got
}

// compileRules compiles the rules with the build's kinds; a rule that does not compile
// fails the test.
func compileRules(t *testing.T, reg *engine.Registry, rs []policy.Rule) []engine.Compiled {
	t.Helper()
	var compiled []engine.Compiled
	for i := range rs {
		chk, err := reg.CompileRule(&rs[i])
		if err != nil {
			t.Fatalf("rule %s: %v", rs[i].Params, err)
		}
		compiled = append(compiled, engine.Compiled{Rule: &rs[i], Check: chk})
	}
	return compiled
}

// TestOwnCommandSentences: command sentences written before the compiler read them
// (testdata/own-sentences.txt), each with commands a careful reader blocks, warns
// about or allows.
func TestOwnCommandSentences(t *testing.T) {
	ownSentences(t, "testdata/own-sentences.txt", 40)
}

// TestOwnCommandSentences2: the second batch (testdata/own-sentences-2.txt), with
// orders judged against the session's earlier commands.
func TestOwnCommandSentences2(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-2.txt", 30)
}

func ownSentences(t *testing.T, file string, atLeast int) {
	// the batches are independent of one another: they run side by side
	t.Parallel()
	reg := rules.Registry()
	cases := readSentenceCases(t, file)
	if len(cases) < atLeast {
		t.Fatalf("only %d cases in %s", len(cases), file)
	}
	var s expectationScore
	for _, c := range cases {
		rs := compileDocWith(c.doc, c.dirs, c.tasks)
		for _, e := range c.expect {
			s.judge(t, c.name, c.doc, e, lineVerdict(t, reg, rs, e.line, e.history), rs)
		}
	}
	s.log(t)
}

// expectationScore counts a batch's expectations as they are judged: met, missed
// (an error naming the rules), known gaps (logged; a gap met is an error, so that
// its mark is dropped).
type expectationScore struct{ right, total, gaps int }

func (s *expectationScore) judge(t *testing.T, name, doc string, e expectation, got string, rs []policy.Rule) {
	t.Helper()
	s.total++
	at := "`" + e.line + "`"
	if e.history != "" {
		at += fmt.Sprintf(" after %q", e.history)
	}
	if commandScale.met(e.want, got) {
		s.right++
		if e.gap {
			t.Errorf("%s: %s is %s as wanted: drop its gap mark", name, at, got)
		}
		return
	}
	if e.gap {
		s.gaps++
		t.Logf("known gap, %s: %s: %s, want %s", name, at, got, e.want)
		return
	}
	var norms []string
	for _, r := range rs {
		norms = append(norms, r.Norm+" ["+r.Severity+"]")
	}
	t.Errorf("%s: %s: %s, want %s\n  doc: %s  rules: %s", name, at, got, e.want, doc, strings.Join(norms, "; "))
}

func (s *expectationScore) log(t *testing.T) {
	t.Logf("%d of %d expectations met, %d known gaps", s.right, s.total, s.gaps)
}

// A ban that would block what its own file shows as normal use is demoted to a
// warning, with the reason, for a person to review.
func TestBanAgainstTheFilesOwnExamples(t *testing.T) {
	doc := "## Setup\n\n```sh\nnpm install\nnpm test\n```\n\n## Rules\n\n- Never run `npm install`; it rewrites the lockfile.\n- Never run `npm publish`.\n"
	var install, publish *policy.Rule
	rs := compileDoc(doc)
	for i := range rs {
		switch {
		case strings.Contains(rs[i].Norm, "npm install"):
			install = &rs[i]
		case strings.Contains(rs[i].Norm, "npm publish"):
			publish = &rs[i]
		}
	}
	if install == nil || publish == nil {
		t.Fatalf("rules: %+v", rs)
	}
	if install.Severity != policy.SeverityWarning || !strings.Contains(install.Review, "npm install") || !strings.Contains(install.Review, "AGENTS.md:") {
		t.Errorf("the ban of a command the file shows: severity %s, review %q", install.Severity, install.Review)
	}
	if publish.Severity != policy.SeverityError || publish.Review != "" {
		t.Errorf("a ban the file never contradicts: severity %s, review %q", publish.Severity, publish.Review)
	}
}

// TestOwnCommandSentences3: the third batch (testdata/own-sentences-3.txt), with
// checklists, change triggers named by a kind of file, task-runner targets and
// environment prefixes.
func TestOwnCommandSentences3(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-3.txt", 30)
}

// "Run X first", with nothing said of what it comes before: before the builds and
// tests the file shows, as a warning (what "first" is before is inferred).
func TestFirstBeforeTheFilesBuildsAndTests(t *testing.T) {
	doc := "## Setup\n\n- Always run `./bootstrap.sh` first.\n\n## Build\n\n```sh\nmake build\nmake test\n```\n"
	reg := rules.Registry()
	rs := compileDoc(doc)
	for _, c := range []struct{ line, history, want string }{
		{"make test", "", "warned"},
		{"make build", "", "warned"},
		{"make test", "./bootstrap.sh", "allowed"},
		{"git status", "", "allowed"},
	} {
		if got := lineVerdict(t, reg, rs, c.line, c.history); got != c.want {
			t.Errorf("%s after %q: %s, want %s", c.line, c.history, got, c.want)
		}
	}
}

// TestOwnCommandSentences4: the fourth batch (testdata/own-sentences-4.txt), written
// after round F was scored, in the phrasing of small projects' files.
func TestOwnCommandSentences4(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-4.txt", 25)
}

// False blocks found by listing every blocking rule over the corpora (session 18): each
// sentence with commands a careful reader allows.
func TestNoFalseBlocksOfTheCorpusSweep(t *testing.T) {
	reg := rules.Registry()
	for _, c := range []struct{ doc, line, want string }{
		{"- Use `uv` for everything — never bare `python` or `python3`.\n", "uv run python3 x.py", "allowed"},
		{"- Use `uv` for everything — never bare `python` or `python3`.\n", "python3 x.py", "blocked"},
		{"- Use `pnpm`, never `npm`.\n", "pnpm exec npm i", "blocked"},
		{"- Never commit changes to `scripts/gen/codes.json`.\n", "git commit -m x", "allowed"},
		{"- Use the branch name `release/<partner>-<version>`.\n", "git checkout -b fix-x", "warned"},
		{"- Use the tracker's branch name (`abc-XXXX-short-title`).\n", "git checkout -b abc-123-fix", "allowed"},
		{"- The `dev` and `build` scripts already run it, so proto changes are picked up; run it manually otherwise.\n", "git commit -m x", "allowed"},
		{"- Never push to main or master.\n", "git push origin feature/x", "allowed"},
		{"- Never push to main or master.\n", "git push origin master", "blocked"},
		// found trying real repositories: a label that says when, tools named as the
		// means, a role command of another language, a subject that narrows the event
		{"- Rust changes: run `cargo fmt --all`.\n", "git commit -m x", "allowed"},
		{"- Rust changes: run `cargo fmt --all`.\n", "git commit -m x\tedit src/lib.rs", "blocked"},
		{"## Lint\n\n```sh\nruff check .\n```\n\n- TypeScript changes: run the relevant `npm`/`pnpm` lint commands.\n", "git commit -m x\tedit web/a.ts", "allowed"},
		{"- Any pull request claiming speedups must include `make bench` results.\n", "gh pr create --fill", "allowed"},
		{"- Do NOT install `vitest` or `oxlint` directly; the toolchain wraps them.\n", "vitest run", "allowed"},
		{"- Do NOT install `vitest` or `oxlint` directly; the toolchain wraps them.\n", "npm install -D vitest", "blocked"},
		// the sweep of session 19: an API of a tool, merges whose direction decides, a
		// change that belongs to a purpose, "not just"
		{"- Do not use `expect` from Vitest.\n", "vitest run", "allowed"},
		{"- Never merge directly into `master` (except hotfixes).\n", "gh pr merge 3 --squash", "allowed"},
		{"- Never merge upstream `main` into your branches.\n", "git merge feature", "allowed"},
		{"- To rebuild whenever sources change, run `pnpm dev`.\n", "git commit -m x\tedit src/a.ts", "allowed"},
		{"- Use `git push origin HEAD` to push, not just `git push`.\n", "git push origin feature", "allowed"},
		{"- Use `git push origin HEAD` to push, not just `git push`.\n", "git push", "blocked"},
		{"- Never rewrite published history.\n", "git rebase main", "allowed"},
		{"- Never rewrite published history.\n", "git push --force origin x", "blocked"},
		{"- No history rewrites.\n", "git rebase -i HEAD~3", "blocked"},
		{"- No history rewrites.\n", "git commit --amend --no-edit", "blocked"},
		{"- All PRs target `develop` (NOT `master`).\n", "gh pr create --base master --fill", "blocked"},
		{"- All PRs target `develop` (NOT `master`).\n", "gh pr create -B develop --fill", "allowed"},
		{"- All PRs target `develop` (NOT `master`).\n", "gh pr create --fill", "allowed"},
		// graphiti, tried as a user: the formatter's own first run was blocked
		{"## Format\n\n```sh\nmake format\n```\n\n- Run `make format` before committing to tidy imports and docstring formatting.\n", "make format", "allowed"},
		{"## Format\n\n```sh\nmake format\n```\n\n- Run `make format` before committing to tidy imports and docstring formatting.\n", "git commit -m x", "blocked"},
		// a section of branch forms is one convention: each form is allowed
		{"### Branch Naming\n\n- `feature/description` - New features\n- `fix/description` - Bug fixes\n", "git checkout -b fix/login", "allowed"},
		{"### Branch Naming\n\n- `feature/description` - New features\n- `fix/description` - Bug fixes\n", "git checkout -b feature/sso", "allowed"},
		{"### Branch Naming\n\n- `feature/description` - New features\n- `fix/description` - Bug fixes\n", "git checkout -b quick-fix", "warned"},
		// the project's package manager, stated: the others warn
		{"- We use `uv` to manage dependencies.\n", "pip install requests", "warned"},
		{"- We use `uv` to manage dependencies.\n", "uv add requests", "allowed"},
		{"- We use uv in CI.\n", "pip install requests", "allowed"},
		// what a bot does is no rule; a branch of one's own leaves the ban on main to
		// inference
		{"- Add a `backport 2.x` label. This will create a backport PR against the `2.x` branch.\n", "gh pr create --base main --fill", "allowed"},
		{"- Fork the repo and create your branch from `main`.\n", "git push origin main", "warned"},
		// round G: a repository is no base branch, and a sentence that shows the
		// command says the base itself
		{"- Open PRs against `acme/widgets` and create them with `gh pr create --repo acme/widgets --base main`.\n", "gh pr create --repo acme/widgets --base main --fill", "allowed"},
		{"- Open pull requests against `acme/widgets`.\n", "gh pr create --base main --fill", "allowed"},
		// a form given as the way to do the work warns about the bare form only
		{"- Run tests with `cargo test --workspace --locked`.\n", "cargo test", "warned"},
		{"- Run tests with `cargo test --workspace --locked`.\n", "cargo test --workspace --locked", "allowed"},
		{"- Run tests with `cargo test --workspace --locked`.\n", "cargo build", "allowed"},
		{"- Run the app with `npm start`.\n", "npm run dev", "allowed"},
		// the tool that does a job is no object of the ban; role commands under a
		// condition heed cannot see are not banned
		{"## Style\n\n- ❌ Trailing commas, whitespace (handled by `ruff`)\n", "ruff check .", "allowed"},
		{"## Tests\n\n```sh\ndocker compose exec app pytest\n```\n\n- NEVER run the tests outside Docker.\n", "docker compose exec app pytest", "allowed"},
		{"- Pass `--locked` to all `cargo build` commands.\n", "cargo build --release", "blocked"},
		{"- Pass `--locked` to all `cargo build` commands.\n", "cargo build --locked", "allowed"},
		{"- NEVER push tags.\n", "git push origin v1.4.0", "blocked"},
		{"- NEVER push tags.\n", "git push origin feature/v2", "allowed"},
		{"- Apply the repository's scope rules; see `docs/` (applies to `src/**`).\n", "git commit -m x", "allowed"},
		// round H, after its first-sight score (session 20): items that name their
		// files, a practice banned for one end, quoted speech, an example of how, the
		// affected tests, a Gradle task named alone
		{"Run every linter before opening a PR:\n\n- Ruby code: `bundle exec rubocop`\n- Feature files: `npm run feature-lint`\n", "gh pr create --fill\tedit docs/a.md", "allowed"},
		{"Run every linter before opening a PR:\n\n- Ruby code: `bundle exec rubocop`\n- Feature files: `npm run feature-lint`\n", "gh pr create --fill\tedit lib/a.rb", "blocked"},
		{"- Never open pull requests just to collect contribution credit.\n", "gh pr create --fill", "allowed"},
		{"- Never amend commits to fix hook failures.\n", "git commit --amend --no-edit", "warned"},
		{"- \"The toolchain is missing. Please run `brew install go` and tell me when it is done.\"\n", "git commit -m x", "allowed"},
		{"- Release notes must describe every change on the branch (for example, from `git log --oneline main..HEAD`).\n", "gh pr create --fill", "allowed"},
		{"## Tests\n\n```sh\nmake test\n```\n\n- Also run the affected tests for the code you changed.\n", "git commit -m x\tedit README.md", "allowed"},
		{"- Run `lintKotlin` before you push.\n", "git push origin x\t./gradlew lintKotlin", "allowed"},
		// a paragraph's elaboration takes the order of the sentence before it; "each
		// of the following commands" takes the block after its paragraph
		// the tool the project uses for a job leaves the job's other tools out, as
		// advice; a tool used for one purpose among others leaves them alone
		{"- Use Ruff for formatting and linting.\n", "black .", "warned"},
		{"- Use Ruff for formatting and linting.\n", "ruff format .", "allowed"},
		{"- Use Ruff for formatting.\n", "flake8 src", "allowed"},
		{"- Use Jest for the router's state logic.\n", "vitest run", "allowed"},
		{"Use ruff for linting and formatting:\n\n- `uv run ruff check --fix src`\n", "uv run ruff check --fix src", "allowed"},
		// a language in an "after" clause is a change only when the clause speaks of one
		{"- After cloning and compiling Elixir, run `make docs`.\n", "git commit -m x\tedit lib/a.ex", "allowed"},
		{"- After any Elixir changes, run `mix format`.\n", "git commit -m x\tedit lib/a.ex", "blocked"},
		// the project's tool stated as a fact, and where a tool is configured as an aside
		{"- `pnpm` is the default package manager.\n", "npm install lodash", "warned"},
		{"- `pnpm` is the default package manager.\n", "pnpm add lodash", "allowed"},
		{"- Vitest is our test runner.\n", "jest", "warned"},
		{"- Use Ruff for formatting and linting (configured in pyproject.toml).\n", "black .", "warned"},
		// an option for every command of a program named in words (a warning)
		{"- Pass `--no-interaction` to all Artisan commands.\n", "php artisan migrate", "warned"},
		{"- Pass `--no-interaction` to all Artisan commands.\n", "php artisan migrate --no-interaction", "allowed"},
		// commands that must pass, with no event: before the work leaves (a warning)
		{"- Ensure `pnpm lint` and `pnpm check` pass.\n", "gh pr create --fill", "warned"},
		{"- Ensure `pnpm lint` and `pnpm check` pass.\n", "gh pr create --fill\tpnpm lint;;pnpm check", "allowed"},
		{"Once tests pass, move them. Make sure each test lives in `tests/ci/test_x.py`.\n", "git commit -m x", "allowed"},
		// a command in parentheses after the tool's name is the project's way to run it
		{"- Format your code with black (`make format`).\n", "gh pr create --fill\tedit app/a.py;;make format", "allowed"},
		// the event waits for the checks: an order, never a ban of the event
		{"## Tests\n\n```sh\nmake test\n```\n\n- Push only after the tests pass.\n", "git push origin x", "blocked"},
		{"## Tests\n\n```sh\nmake test\n```\n\n- Push only after the tests pass.\n", "git push origin x\tmake test", "allowed"},
		{"- Open a PR only after `make check` passes.\n", "gh pr create --fill\tmake check", "allowed"},
		{"Run the tests before you open a PR. At a minimum, run `pnpm lint` and `pnpm check`.\n", "gh pr create --fill", "warned"},
		{"Run the tests before you open a PR. At a minimum, run `pnpm lint` and `pnpm check`.\n", "gh pr create --fill\tpnpm lint;;pnpm check", "allowed"},
		{"Before opening a pull request, run each of the following commands and make sure they pass. Paste the output:\n\n```sh\nmake a\nmake b\nmake c\nmake d\nmake e\n```\n", "gh pr create --fill\tmake a;;make b;;make c;;make d", "blocked"},
		{"Before opening a pull request, run each of the following commands and make sure they pass. Paste the output:\n\n```sh\nmake a\nmake b\nmake c\nmake d\nmake e\n```\n", "gh pr create --fill\tmake a;;make b;;make c;;make d;;make e", "allowed"},
	} {
		line, history, _ := strings.Cut(c.line, "\t")
		if got := lineVerdict(t, reg, compileDoc(c.doc), line, history); got != c.want {
			t.Errorf("%q: %s: %s, want %s", c.doc, c.line, got, c.want)
		}
	}
}

func TestOwnCommandSentences5(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-5.txt", 28)
}

// A formatter or linter of one language has work only after that language's files
// changed: "apply `gofmt` before committing" does not hold up a commit of a README,
// but where heed has no record of the session's edits it holds as written.
func TestStaticToolOrdersHoldAfterTheirLanguageChanged(t *testing.T) {
	reg := rules.Registry()
	rs := compileDoc("- Apply `gofmt` before committing.\n")
	for _, c := range []struct{ history, want string }{
		{"", "blocked"},
		{"edit README.md", "allowed"},
		{"edit pkg/a.go", "blocked"},
		{"edit pkg/a.go;;gofmt -w pkg/a.go", "allowed"},
		{"edit pkg/a.go;;go fmt ./...", "allowed"},
	} {
		if got := lineVerdict(t, reg, rs, "git commit -m x", c.history); got != c.want {
			t.Errorf("git commit after %q: %s, want %s", c.history, got, c.want)
		}
	}
}

func TestOwnCommandSentences6(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-6.txt", 19)
}

// TestOwnCommandSentences7: the seventh batch (testdata/own-sentences-7.txt): lead-ins
// that point at the list below, nested checklists, change conditions named by a
// language or a file, bold-labelled items, tables of change and command.
func TestOwnCommandSentences7(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-7.txt", 22)
}

// TestOwnCommandSentences8: the eighth batch (testdata/own-sentences-8.txt): banners,
// numbered workflows, Windows, permissions, questions to the user, scripts.
func TestOwnCommandSentences8(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-8.txt", 20)
}

// TestOwnCommandSentences9: the ninth batch (testdata/own-sentences-9.txt): the tool
// named for a job, mixed checklists, lead-ins over a code block, reasons after a colon.
func TestOwnCommandSentences9(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-9.txt", 22)
}

// TestOwnCommandSentences10: the tenth batch (testdata/own-sentences-10.txt), new
// phrasings of batch 9's shapes and a few of their own.
func TestOwnCommandSentences10(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-10.txt", 20)
}

// TestOwnCommandSentences11: the eleventh batch (testdata/own-sentences-11.txt):
// environment assignments in commands.
func TestOwnCommandSentences11(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-11.txt", 8)
}

// TestOwnCommandSentences12: the twelfth batch (testdata/own-sentences-12.txt): bans
// whose verb undoes what they name, and orders qualified by a language.
func TestOwnCommandSentences12(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-12.txt", 10)
}

// TestOwnCommandSentences13: the thirteenth batch (testdata/own-sentences-13.txt):
// verbs around a command that do not ban running it.
func TestOwnCommandSentences13(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-13.txt", 10)
}

// TestOwnCommandSentences14: the fourteenth batch (testdata/own-sentences-14.txt):
// bans qualified by a manner or a situation, descriptions, staging bans.
func TestOwnCommandSentences14(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-14.txt", 8)
}

// TestOwnCommandSentences15: the fifteenth batch (testdata/own-sentences-15.txt):
// permissions, optional steps, steps another party runs, advice with its alternative.
func TestOwnCommandSentences15(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-15.txt", 10)
}

// TestOwnCommandSentences16: the sixteenth batch (testdata/own-sentences-16.txt): how
// a command is run, a subcommand's exception, substitutions.
func TestOwnCommandSentences16(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-16.txt", 7)
}

// TestOwnCommandSentences17: the seventeenth batch (testdata/own-sentences-17.txt):
// Markdown shapes of command rules.
func TestOwnCommandSentences17(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-17.txt", 7)
}

// TestOwnCommandSentences18: the eighteenth batch (testdata/own-sentences-18.txt):
// orders timed by the work's milestones.
func TestOwnCommandSentences18(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-18.txt", 6)
}

// TestOwnCommandSentences19: the nineteenth batch (testdata/own-sentences-19.txt):
// commands inside descriptions, narrower preferences, purposes of a substitution.
func TestOwnCommandSentences19(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-19.txt", 8)
}

// TestOwnCommandSentences20: the twentieth batch (testdata/own-sentences-20.txt):
// rules in other languages' words.
func TestOwnCommandSentences20(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-20.txt", 8)
}

// TestOwnCommandSentences21: the twenty-first batch (testdata/own-sentences-21.txt):
// git and remote rules.
func TestOwnCommandSentences21(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-21.txt", 7)
}

// TestOwnCommandSentences22: the twenty-second batch (testdata/own-sentences-22.txt):
// package managers with scopes, exceptions and narrower forms.
func TestOwnCommandSentences22(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-22.txt", 6)
}

// TestOwnCommandSentences23: the twenty-third batch (testdata/own-sentences-23.txt):
// test and lint prescriptions naming a way, a permission, a conditioned exception.
func TestOwnCommandSentences23(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-23.txt", 5)
}

// TestOwnCommandSentences24: the twenty-fourth batch (testdata/own-sentences-24.txt):
// exceptions given elsewhere, "anything but" scopes.
func TestOwnCommandSentences24(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-24.txt", 5)
}

// TestOwnCommandSentences25: the twenty-fifth batch (testdata/own-sentences-25.txt):
// hedged bans.
func TestOwnCommandSentences25(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-25.txt", 6)
}

// TestOwnCommandSentences26: the twenty-sixth batch (testdata/own-sentences-26.txt):
// orders in the shapes real files give them.
func TestOwnCommandSentences26(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-26.txt", 22)
}

// TestOwnCommandSentences27: the twenty-seventh batch (testdata/own-sentences-27.txt):
// orders in untidy shapes: comments in code blocks, lead-ins opened by a place or an
// adverbial, labelled steps, a When column, the end of the work in many words.
func TestOwnCommandSentences27(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-27.txt", 28)
}

// TestOwnCommandSentences28: the twenty-eighth batch (testdata/own-sentences-28.txt):
// sentences a careless reader turns into a block (a how-to opened by its purpose, a
// statement of how the project works, a command described in parentheses, a ban of
// one kind of thing, example values, what CI does) and controls that do block.
func TestOwnCommandSentences28(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-28.txt", 30)
}

// TestOwnCommandSentences29: the twenty-ninth batch (testdata/own-sentences-29.txt):
// a command that is the subject of what it prints, a path beside a command, two ways
// of running a tool, an example value, history, one platform's section; controls.
func TestOwnCommandSentences29(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-29.txt", 15)
}

// Sentences whose words limit or describe what they name compile into no blocking
// rule: things like a span ("`fmt.Sprintf`-style placeholders"), a ban under a
// condition the code cannot show ("... synchronously from async code without this
// guard"), a change rule for when an entry "is needed", a period rule about another
// line of the message than the subject (each found on unseen text, session 20).
func TestNoBlockingRuleFromQualifiedSentences(t *testing.T) {
	for _, doc := range []string{
		"- Never put `fmt.Sprintf`-style placeholders (`%s`, `%d`) in translatable strings.\n",
		"- Do not call `flush()` synchronously from async code without this guard.\n",
		"- When a changelog entry is needed, add a fragment under `doc/changes/`.\n",
		"## Commit messages\n\n- Solution line ends with `(Author Name)`, period after them.\n",
	} {
		cons, _ := instr.Extract("AGENTS.md", []byte(doc), instr.Classify("AGENTS.md"), policy.Scope{})
		set := &instr.Set{Files: []instr.File{{Path: "AGENTS.md", Format: instr.Classify("AGENTS.md"), Constraints: len(cons)}}, Constraints: cons}
		p, _ := compile.Compile(set, &recognize.RepoContext{}, rules.Recognizers())
		for _, e := range p.Entries {
			for _, r := range e.Rules {
				if r.Severity == policy.SeverityError && r.Kind != "judge" {
					t.Errorf("%q: a blocking %s/%s rule %s", doc, r.Domain, r.Kind, r.Params)
				}
			}
		}
	}
	// the same words without the limit still block
	cons, _ := instr.Extract("AGENTS.md", []byte("- Never call `fmt.Sprintf`.\n- The first line of a commit message must not end with a period.\n"), instr.Classify("AGENTS.md"), policy.Scope{})
	set := &instr.Set{Files: []instr.File{{Path: "AGENTS.md", Format: instr.Classify("AGENTS.md"), Constraints: len(cons)}}, Constraints: cons}
	p, _ := compile.Compile(set, &recognize.RepoContext{}, rules.Recognizers())
	blocking := 0
	for _, e := range p.Entries {
		for _, r := range e.Rules {
			if r.Severity == policy.SeverityError && r.Kind != "judge" {
				blocking++
			}
		}
	}
	if blocking != 2 {
		t.Errorf("the unqualified sentences compiled into %d blocking rules, want 2", blocking)
	}
}

// A lead-in over a list that mixes duties with commands orders the commands, as a
// warning: the list is a checklist of more than its commands.
func TestMixedListLeadIn(t *testing.T) {
	doc := "Before opening a pull request, you must:\n\n1. Keep the change focused.\n2. Build: `make build`.\n3. Test: `make test`.\n"
	rs := compileDoc(doc)
	var lead []policy.Rule
	for _, r := range rs {
		if strings.Contains(r.Norm, "make build") && strings.Contains(r.Norm, "make test") {
			lead = append(lead, r)
		}
	}
	if len(lead) == 0 {
		t.Fatalf("no rule of the lead-in: %+v", rs)
	}
	for _, r := range lead {
		if r.Severity != policy.SeverityWarning {
			t.Errorf("the mixed list's order: %s, want a warning", r.Severity)
		}
	}
	reg := rules.Registry()
	if got := lineVerdict(t, reg, rs, "gh pr create --fill", "make build"); got == "allowed" {
		t.Errorf("a pull request without the tests: %s", got)
	}
	if got := lineVerdict(t, reg, rs, "gh pr create --fill", "make build;;make test"); got != "allowed" {
		t.Errorf("a pull request after both: %s", got)
	}
}

// A lead-in that runs its list to validate the work orders the list's commands before
// the work leaves the session; a lead-in that says where the commands run ("in that
// library's directory") says no condition heed cannot see.
func TestListLeadInsThatValidateOrRunInAPackage(t *testing.T) {
	reg := rules.Registry()
	rs := compileDoc("Run the following commands to validate your changes:\n\n- `npm run tsc`\n- `npm run lint`\n")
	if got := lineVerdict(t, reg, rs, "git commit -m x", "npm run tsc"); got != "warned" {
		t.Errorf("commit without the lint: %s", got)
	}
	if got := lineVerdict(t, reg, rs, "git commit -m x", "npm run tsc;;npm run lint"); got != "allowed" {
		t.Errorf("commit after the list: %s", got)
	}
	rs = compileDoc("When you modify code in any library, run the following commands in that library's directory before creating a pull request:\n\n- `make format` – run code formatters\n- `make lint` – run the linter\n")
	if got := lineVerdict(t, reg, rs, "gh pr create --fill", "edit libs/core/a.py;;make format"); got == "allowed" {
		t.Errorf("a pull request without the lint: %s", got)
	}
	if got := lineVerdict(t, reg, rs, "gh pr create --fill", "edit libs/core/a.py;;make format;;make lint"); got != "allowed" {
		t.Errorf("a pull request after the list: %s", got)
	}
}

// Bans read wider than their sentences on fresh repositories (session 23's precision
// study): a broad practice narrowed by its object, question or section, a ban of
// saying rather than running, an option named with its value, a command named with
// what it is run on. None may block what the sentence allows.
func TestBansNoWiderThanTheirSentence(t *testing.T) {
	reg := rules.Registry()
	for _, c := range []struct{ doc, line, want string }{
		{"Do not open PRs that duplicate the bot's work.", "gh pr create --fill", "warned"},
		{"**Found a security vulnerability?** Don't open an issue or a PR. Email us instead.", "gh issue create", "warned"},
		{"## Reporting a Vulnerability\n\nPlease *DO NOT* create an issue.\n", "gh issue create", "warned"},
		{"Do not push to it directly.", "git push origin main", "warned"},
		{"Please don't squash other people's commits.", "git rebase -i HEAD~3", "warned"},
		{"Never state that `go build` or `go test -race` pass.", "go build ./...", "allowed"},
		{"Do not run `npm install` with `legacy-peer-deps`.", "npm install", "allowed"},
		{"Never call `make` with `release`.", "make build", "allowed"},
		{"Never call `make` with `release`.", "make release", "blocked"},
		{"Never run `go build` with `-tags ignore`.", "go build ./...", "allowed"},
		{"Do not open pull requests.", "gh pr create --fill", "blocked"},
		{"It is on PyPI and can be installed with `pip install acme-sdk`.", "uv add httpx", "allowed"},
		{"Make sure `cargo --version` prints `1.96.0` once you are done.", "git commit -m x", "allowed"},
	} {
		if got := lineVerdict(t, reg, compileDoc(c.doc), c.line); got != c.want {
			t.Errorf("%q: %s is %s, want %s", c.doc, c.line, got, c.want)
		}
	}
}

// "Don't use conventional commits" bans the convention; it used to require it.
func TestABannedConventionIsNotRequired(t *testing.T) {
	conventional := func(doc string) bool {
		cons, _ := instr.Extract("AGENTS.md", []byte(doc), instr.Classify("AGENTS.md"), policy.Scope{})
		set := &instr.Set{Files: []instr.File{{Path: "AGENTS.md", Format: instr.Classify("AGENTS.md"), Constraints: len(cons)}}, Constraints: cons}
		p, _ := compile.Compile(set, &recognize.RepoContext{}, rules.Recognizers())
		for _, e := range p.Entries {
			for _, r := range e.Rules {
				if r.Domain == policy.DomainContribution && strings.Contains(string(r.Params), "conventional") {
					return true
				}
			}
		}
		return false
	}
	if !conventional("Commit messages must follow Conventional Commits.\n") {
		t.Fatal("the convention required in so many words compiles to no rule")
	}
	if conventional("**Commits**: Don't use conventional commits; match recent imperative subjects.\n") {
		t.Error("a rule requires the convention the sentence bans")
	}
}

// A topic label over a link ("PR titles / Conventional Commits (changelog):" and the
// link on the next line) asks for no more than it names: PR titles, not commits.
func TestATopicLabelOverALink(t *testing.T) {
	doc := "## References\n\nRead these when relevant:\n\n- PR titles / Conventional Commits (changelog):\n  [docs/contributing.md#titles-and-commit-messages](docs/contributing.md#titles-and-commit-messages)\n"
	p := compileAgentsDoc(doc, nil)
	kinds := map[string]bool{}
	for _, e := range p.Entries {
		for _, r := range e.Rules {
			kinds[r.Kind] = true
		}
	}
	if kinds["commit"] {
		t.Error("a label naming PR titles became a commit rule")
	}
	if !kinds["pr"] {
		t.Error("the PR-title reading the label names is gone")
	}
}

// TestOwnCommandSentences30: the thirtieth batch (testdata/own-sentences-30.txt):
// tests a change must include (not a test run), "when done, run X again" after an
// instruction of its own, and controls that block.
func TestOwnCommandSentences30(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-30.txt", 12)
}

// TestOwnCommandSentences31: the thirty-first batch (testdata/own-sentences-31.txt):
// steps under a lead-in that opens with a condition on the kind of change; controls
// whose lead-in names only the moment.
func TestOwnCommandSentences31(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-31.txt", 5)
}

// TestOwnCommandSentences32: the thirty-second batch (testdata/own-sentences-32.txt,
// written as the thirtieth on branch order27): orders whose moment a lead-in, label
// or heading gives, checklist items that pass, a block of several scripts, a
// numbered process ending in a pull request; near misses.
func TestOwnCommandSentences32(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-32.txt", 16)
}

// TestOwnCommandSentences33: the thirty-third batch (testdata/own-sentences-33.txt,
// the thirty-first on branch order27): steps of numbered processes (an edit step then
// a command, a last step that opens the pull request), a label naming any change;
// near misses.
func TestOwnCommandSentences33(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-33.txt", 8)
}

// TestOwnCommandSentences34: the thirty-fourth batch (testdata/own-sentences-34.txt):
// an order whose condition says more than its moment warns; one whose condition is
// only the moment blocks.
func TestOwnCommandSentences34(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-34.txt", 5)
}

// TestOwnCommandSentences35: the thirty-fifth batch (testdata/own-sentences-35.txt):
// orders opened by "prior to", "ahead of"; a sentence about the past that is none.
func TestOwnCommandSentences35(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-35.txt", 4)
}

// TestOwnCommandSentences36: the thirty-sixth batch (testdata/own-sentences-36.txt):
// a definition of done listing commands that must pass; a list of what a release holds.
func TestOwnCommandSentences36(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-36.txt", 4)
}

// TestOwnCommandSentences37: the thirty-seventh batch (testdata/own-sentences-37.txt):
// a label required before no known event; a ban under a condition at the sentence's
// head; controls.
func TestOwnCommandSentences37(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-37.txt", 4)
}

// TestOwnCommandSentences38: the thirty-eighth batch (testdata/own-sentences-38.txt):
// bans of a kind of practice or of a practice without something heed cannot see.
func TestOwnCommandSentences38(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-38.txt", 4)
}

// TestOwnCommandSentences39: the thirty-ninth batch (testdata/own-sentences-39.txt):
// rules addressed to maintainers or core developers; a control for contributors.
func TestOwnCommandSentences39(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-39.txt", 3)
}

// TestOwnCommandSentences40: the fortieth batch (testdata/own-sentences-40.txt): a
// pull request's base read only from a directive, never from words that describe a
// tool or from a label over a code block.
func TestOwnCommandSentences40(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-40.txt", 8)
}

// TestOwnCommandSentences41: the forty-first batch (testdata/own-sentences-41.txt): a
// ban whose object a relative clause narrows to a part heed cannot see never blocks.
func TestOwnCommandSentences41(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-41.txt", 8)
}

// TestOwnCommandSentences42: the forty-second batch (testdata/own-sentences-42.txt): a
// requirement offered beside an alternative heed cannot see never blocks.
func TestOwnCommandSentences42(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-42.txt", 6)
}

// TestOwnCommandSentences43: the forty-third batch (testdata/own-sentences-43.txt): a
// tool prescribed for one job bans its rivals for that job only.
func TestOwnCommandSentences43(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-43.txt", 5)
}

// TestOwnCommandSentences44: the forty-fourth batch (testdata/own-sentences-44.txt): a
// reminder's command is what to do, never what is banned.
func TestOwnCommandSentences44(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-44.txt", 6)
}

// TestOwnCommandSentences45: the forty-fifth batch (testdata/own-sentences-45.txt): an
// order before some runs of a command only never blocks every run.
func TestOwnCommandSentences45(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-45.txt", 4)
}

// TestOwnCommandSentences46: the forty-sixth batch (testdata/own-sentences-46.txt): a
// tool named as where things go is no object of the ban.
func TestOwnCommandSentences46(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-46.txt", 3)
}

// TestOwnCommandSentences47: the forty-seventh batch (testdata/own-sentences-47.txt):
// a "don't run X before Y" that calls X needless, "the tests" bound to a single-test
// command, and a section's preparation step narrowed to the section's test command.
func TestOwnCommandSentences47(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-47.txt", 10)
}

// TestOwnCommandSentences48: the forty-eighth batch (testdata/own-sentences-48.txt):
// a ban of running a tool directly or by hand.
func TestOwnCommandSentences48(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-48.txt", 5)
}

// TestDirectBanLeavesRunnerTargets: "do not run `go test` directly" beside the
// project's runner bans typing the tool, not the runner's targets that run it (round
// 6's eso: `make test` was warned for the `go test` its recipe runs).
func TestDirectBanLeavesRunnerTargets(t *testing.T) {
	reg := rules.Registry()
	for _, doc := range []string{
		"Use the `make` targets. Do not run `go test` or `golangci-lint` directly.\n",
		"Do not run `go test` by hand.\n",
	} {
		rs := compileDoc(doc)
		if len(rs) == 0 {
			t.Fatalf("%q: no rule", doc)
		}
		if !strings.Contains(rs[len(rs)-1].Suggestion, "task runner") || strings.HasPrefix(rs[len(rs)-1].Message, "use ,") {
			t.Errorf("%q: message %q, suggestion %q: want the tool forbidden and the task runner as the way", doc, rs[len(rs)-1].Message, rs[len(rs)-1].Suggestion)
		}
		var compiled []engine.Compiled
		for i := range rs {
			chk, err := reg.CompileRule(&rs[i])
			if err != nil {
				t.Fatal(err)
			}
			compiled = append(compiled, engine.Compiled{Rule: &rs[i], Check: chk})
		}
		cmd := shell.Parse("make test", shell.Options{Index: -1})[0]
		step := shell.Parse("go test ./...", shell.Options{Index: -1})[0]
		cmd.Runs = []engine.RunStep{{Command: step, At: "Makefile:3", Target: "test", Implied: true}}
		ev := &engine.Evidence{Mode: engine.ModeAll, Commands: []engine.Command{cmd}}
		for _, o := range engine.Run(compiled, ev, engine.Options{Workers: 1}) {
			if o.Verdict == engine.Violated {
				t.Errorf("%q: `make test` flagged for its recipe: %s %+v", doc, o.Rule.Norm, o.Targets)
			}
		}
		ev.Close()
	}
}

// TestOwnCommandSentences49: the forty-ninth batch (testdata/own-sentences-49.txt): an
// order in a section named for one language holds after that language's changes.
func TestOwnCommandSentences49(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-49.txt", 5)
}

// TestOwnCommandSentences50: the fiftieth batch (testdata/own-sentences-50.txt): a ban
// of stopping a command is no ban of running it.
func TestOwnCommandSentences50(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-50.txt", 5)
}

// An order before a command in a section named for a language ("### C++ tests": build
// the library before the tests) holds whatever changed; only orders before the work's
// events (a commit) follow the section's language's changes.
func TestSectionLanguageNarrowsOnlyEventOrders(t *testing.T) {
	for doc, wantChanged := range map[string]bool{
		"### C++ tests\n\nBuild the library before running the tests:\n\n```sh\ncargo build --lib -p mylib-cpp\ncargo test -p driver-cpp\n```\n": false,
		"### Python Development\n\nRun `ruff check .` before committing.\n":                                                                      true,
	} {
		rs := compileDoc(doc)
		if len(rs) == 0 {
			t.Fatalf("%q: no rule", doc)
		}
		if got := strings.Contains(string(rs[0].Params), `"changed"`); got != wantChanged {
			t.Errorf("%q: changed condition %v, want %v: %s", doc, got, wantChanged, rs[0].Params)
		}
	}
}
