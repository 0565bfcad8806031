package lower

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/process"
)

// compileText runs every process recogniser on one constraint, as the compiler does.
func compileText(t *testing.T, text string, level policy.Level, dir string) []policy.Rule {
	t.Helper()
	c := &policy.Constraint{ID: "c1", Text: text, Level: level, Scope: policy.Scope{Dir: dir}, File: "AGENTS.md", Line: 1}
	var out []policy.Rule
	for _, r := range []recognize.Recognizer{Process()} {
		for _, rule := range r.Recognize(c, &recognize.RepoContext{}).Rules {
			rule.ID = "R" + string(rune('0'+len(out)))
			if rule.Scope.Dir == "" {
				rule.Scope = c.Scope
			}
			out = append(out, rule)
		}
	}
	return out
}

// verdict judges a command line (shell syntax, as a hook sees it) with the rules; it
// returns "blocked" when an error rule is violated, "warned" for a warning, else
// "allowed".
func verdict(t *testing.T, rules []policy.Rule, line string, history ...[]string) string {
	t.Helper()
	reg := engine.NewRegistry(process.Kinds()...)
	var compiled []engine.Compiled
	for i := range rules {
		chk, err := reg.CompileRule(&rules[i])
		if err != nil {
			t.Fatalf("rule %s does not compile: %v\n%s", rules[i].ID, err, rules[i].Params)
		}
		compiled = append(compiled, engine.Compiled{Rule: &rules[i], Check: chk})
	}
	ev, err := process.CaseEvidence(policy.Case{Shell: line, History: history})
	if err != nil {
		t.Fatal(err)
	}
	got := "allowed"
	for _, o := range engine.Run(compiled, ev, engine.Options{Workers: 1}) {
		if o.Verdict == engine.Violated || o.Verdict == engine.Undetermined {
			if o.Rule.Severity == policy.SeverityError {
				return "blocked"
			}
			got = "warned"
		}
	}
	return got
}

// Real sentences from /work/shared/corpus/instructions (file named in each case) and
// the two acceptance cases, with commands that must be blocked and near-misses that
// must stay allowed.
func TestRecognisersOnCorpusSentences(t *testing.T) {
	for _, c := range []struct {
		file    string
		text    string
		level   policy.Level
		blocked []string
		allowed []string
		warned  []string
	}{
		{
			file:    "microsoft__vscode__.github__copilot-instructions.md",
			text:    "NEVER use `npm run compile` to compile TypeScript files",
			blocked: []string{"npm run compile", "npm run-script compile", "cd src && npm run compile -- --watch", "sudo npm run compile", "npm --prefix build run compile"},
			allowed: []string{"npm test", "npm run compile-check-ts-native", "npm run gulp compile-extensions", "npm run typecheck"},
		},
		{
			file:    "cases/01-keep-uncommitted-work/base/CLAUDE.md",
			text:    "Do not run `git reset --hard`, with or without a target, and don't discard changes wholesale with `git checkout -- .` or `git restore .`.",
			blocked: []string{"git reset --hard", "git reset --hard origin/main", "git checkout -- .", "git restore .", "git stash && git reset --hard HEAD~2", "git -C . reset --hard", "git reset --ha"},
			allowed: []string{"git reset --soft HEAD~1", "git reset fathom/grid.py", "git checkout -b fix/hard-reset-docs", "git restore --staged fathom/grid.py", "git stash push fathom/grid.py"},
		},
		{
			file:    "cases/01-keep-uncommitted-work/base/CLAUDE.md",
			text:    "Do not run `git clean` with `-f`. A dry run (`git clean -n`) is fine when you want to see what is untracked.",
			blocked: []string{"git clean -f", "git clean -fdx", "git clean -f -d", "git clean --force", "git clean -xdf"},
			allowed: []string{"git clean -n", "git clean -nd", "git status --short && git clean -n", "git clean -fn"},
		},
		{
			file:    "cases/02-no-cargo-publish/base/AGENTS.md",
			text:    "Never run `cargo publish` for any crate in this workspace.",
			blocked: []string{"cargo publish", "cargo publish -p sprocket-macros", "cargo +nightly publish", "cd crates/sprocket && cargo publish"},
			allowed: []string{"cargo publish --dry-run", "cargo publish --dry-run -p sprocket-macros", "cargo package --list", "cargo build"},
		},
		{
			file:    "cases/02-no-cargo-publish/base/AGENTS.md",
			text:    "Don't create `v*` tags.",
			blocked: []string{"git tag v0.9.1", `git tag -a v0.9.1 -m "Release 0.9.1"`, "git tag -s v1.0.0 -m x"},
			allowed: []string{"git tag --list", "git tag -l 'v*'", "git tag release-notes", "git tag -d v0.9.0"},
		},
		{
			file:    "cases/02-no-cargo-publish/base/AGENTS.md",
			text:    "Releases are cut by the `release.yml` workflow when a maintainer pushes a `v*` tag. Agents never publish anything:",
			blocked: []string{"cargo publish", "npm publish", "twine upload dist/*"},
			allowed: []string{"cargo publish --dry-run", "npm publish --dry-run", "git push origin main", "cargo package"},
		},
		{
			file:    "cloudflare__workers-sdk__AGENTS.md",
			text:    "Use `pnpm`, not npm or yarn.",
			blocked: []string{"npm install", "npx wrangler dev", "yarn add lodash", "/usr/local/bin/npm ci"},
			allowed: []string{"pnpm install", "pnpm dlx wrangler dev", "bun install"},
		},
		{
			file:    "browser-use__browser-use__CLAUDE.md",
			text:    "**Always use `uv` instead of `pip`** for dependency management",
			blocked: []string{"pip install requests", "pip3 install -r requirements.txt", "python -m pip install x", "python3.12 -m pip install x"},
			allowed: []string{"uv add requests", "uv pip install x", "uv sync"},
		},
		{
			file:    "modelcontextprotocol__python-sdk__AGENTS.md",
			text:    "ONLY use uv, NEVER pip",
			blocked: []string{"pip install x", "python -m pip list"},
			allowed: []string{"uv run --frozen pytest", "uv add x"},
		},
		{
			file:    "modelcontextprotocol__python-sdk__AGENTS.md",
			text:    "FORBIDDEN: `uv pip install`, `@latest` syntax",
			blocked: []string{"uv pip install requests"},
			allowed: []string{"uv pip list", "uv add requests"},
		},
		{
			file:    "denoland__deno__.github__copilot-instructions.md",
			text:    "Never force push — all commits are squashed on merge",
			blocked: []string{"git push --force", "git push -f origin main", "git push --force-with-lease", "git push origin +main", "git push -uf origin x", "git push --forc origin x"},
			allowed: []string{"git push origin feature", "git push -u origin feature", "git push --follow-tags"},
		},
		{
			file:    "denoland__deno__CLAUDE.md",
			text:    "When pushing updates to the PR, make sure to never force push. Create as many commits as you need, all of them get squashed when the PR is merged, so there is no need to rewrite history.",
			blocked: []string{"git push --force"},
			allowed: []string{"git push"},
		},
		{
			file:    "microsoft__playwright__CLAUDE.md",
			text:    "**Never amend commits.** Always create a new commit for follow-up changes, even when iterating on an open PR.",
			blocked: []string{"git commit --amend", "git commit --amend --no-edit", "git commit -a --amend -m x"},
			allowed: []string{"git commit -m 'fix: follow-up'", "git commit --fixup HEAD"},
		},
		{
			file: "microsoft__playwright__CLAUDE.md",
			// the push waits for the user's instruction: asked (a warning marked ask),
			// not blocked, so the push the user asked for runs
			text:    "Never `git push` without an explicit instruction to push.",
			warned:  []string{"git push", "git push origin fix-39562"},
			allowed: []string{"git commit -m x", "git push --dry-run"},
		},
		{
			file:    "microsoft__playwright__CLAUDE.md",
			text:    "Do not use `tsc --noEmit` or individual lint commands separately.",
			blocked: []string{"tsc --noEmit", "npx tsc --noEmit -p .", "pnpm exec tsc --noemit"},
			allowed: []string{"tsc -p .", "npm run flint"},
		},
		{
			file:    "langfuse__langfuse__.agents__AGENTS.md",
			text:    "Never invoke Node-installed binaries through `./node_modules/.bin/*`. Always run them through `pnpm`.",
			blocked: []string{"./node_modules/.bin/tsc", "web/node_modules/.bin/eslint .", "cd web && ../node_modules/.bin/vitest"},
			allowed: []string{"pnpm exec tsc", "pnpm tsc", "ls node_modules/.bin"},
		},
		{
			file:    "denoland__deno__CLAUDE.md",
			text:    "Do NOT run these directly with `./target/debug/deno test` — they depend on the cargo test harness for correct setup.",
			blocked: []string{"./target/debug/deno test", "target/debug/deno test tests/unit"},
			allowed: []string{"cargo test unit::", "./target/debug/deno eval 'console.log(1)'"},
		},
		{
			file:    "dotnet__runtime__.github__copilot-instructions.md",
			text:    "Prefer creating a new commit rather than amending an existing one.",
			warned:  []string{"git commit --amend"},
			allowed: []string{"git commit -m x"},
		},
		{
			file:    "denoland__deno__CLAUDE.md",
			text:    "Use `cargo check` instead of `cargo build` when possible",
			warned:  []string{"cargo build"},
			allowed: []string{"cargo check", "cargo build-std"},
		},
		{
			file:    "PostHog__posthog__.cursor__rules__django-python.mdc",
			text:    "Use `uv sync` instead of `pip install -r ...`, and `uv add PACKAGE` instead of `pip install PACKAGE`.",
			blocked: []string{"pip install -r requirements.txt", "pip install django"},
			allowed: []string{"uv sync", "uv add django", "pip list"},
		},
		{
			file:    "issue 5 (variation)",
			text:    "Use `make test`, not `go test`.",
			blocked: []string{"go test ./...", "go test -run TestX ./pkg"},
			allowed: []string{"make test", "go vet ./...", "go build ./..."},
		},
		{
			file:    "issue 5 (variation)",
			text:    "Use pnpm.",
			blocked: []string{"npm install", "yarn", "bun install", "npx tsc"},
			allowed: []string{"pnpm install"},
		},
		{
			file:    "sympy__sympy__doc__src__contributing__new-contributors-guide__workflow-process.md",
			text:    "Avoid using the `-m` switch to `git commit` to write a commit message on the command line.",
			level:   policy.Should,
			warned:  []string{"git commit -m x", "git commit -am x"},
			allowed: []string{"git commit", "git commit -a"},
		},
	} {
		level := c.level
		if level == "" {
			level = policy.Must
		}
		rules := compileText(t, c.text, level, "")
		if len(rules) == 0 {
			t.Errorf("%s: %q compiled to no rule", c.file, c.text)
			continue
		}
		for _, want := range []struct {
			list []string
			v    string
		}{{c.blocked, "blocked"}, {c.allowed, "allowed"}, {c.warned, "warned"}} {
			for _, line := range want.list {
				if got := verdict(t, rules, line); got != want.v {
					var params []string
					for _, r := range rules {
						params = append(params, string(r.Params))
					}
					t.Errorf("%s: %q\n  %s: %s, want %s\n  params: %s", c.file, c.text, line, got, want.v, strings.Join(params, "\n          "))
				}
			}
		}
	}
}

// Sentences that mention commands without forbidding them, or forbid something heed
// must not read as a command, compile to no process rule.
func TestNearMissesDoNotCompile(t *testing.T) {
	for _, c := range []struct{ file, text string }{
		{"cases/01-keep-uncommitted-work/base/CLAUDE.md", "To set your own edits aside, use `git stash push <paths>`."},
		{"cases/02-no-cargo-publish/base/AGENTS.md", "`cargo publish --dry-run` is fine, and encouraged, to check that a crate packages cleanly."},
		{"cloudflare__workers-sdk__AGENTS.md", "Use the Node.js and pnpm versions declared in `package.json`."},
		{"cloudflare__workers-sdk__AGENTS.md", "Run `pnpm check` rather than relying on a duplicated list of every enforced rule."},
		{"dotnet__runtime__.github__copilot-instructions.md", "Always use `is null` or `is not null` instead of `== null` or `!= null`."},
		{"dotnet__runtime__.github__copilot-instructions.md", "Windows: Use `build.cmd` instead of `build.sh`."},
		{"astral-sh__uv__AGENTS.md", "AVOID shortening variable names, e.g., use `version` instead of `ver`, and `requires_python` instead of `rp`"},
		{"cloudflare__workers-sdk__packages__wrangler__AGENTS.md", "Never import `expect` from vitest — use test context `({ expect }) => {}`"},
		{"temporalio__temporal__.github__copilot-instructions.md", "Never use `time.Sleep` or `time.Since(start) > threshold` to enforce ordering — use channels, `sync.WaitGroup`, or `EventuallyWithT` instead."},
		{"openai__openai-agents-python__AGENTS.md", "The skill replaces the former GitHub Actions release-PR creator. It must never push, open or edit a pull request, create a release, or mutate any other GitHub state."},
		{"langfuse__langfuse__.agents__AGENTS.md", "Never put internal ticket ids (`LFE-1234`, `LFINT-1234`, `CLI-Q226-12`) or Linear URLs into anything this repo publishes: code comments, docs prose, commit messages, PR titles and descriptions, or changelog entries."},
		{"django__django__docs__internals__contributing__committing-code.txt", "Never change the published history of `django/django` branches by force pushing."},
		{"sympy__sympy__doc__src__contributing__new-contributors-guide__workflow-process.md", "And remember, never type the following commands in master: `git merge`, `git add`, `git commit`, `git rebase`."},
		{"apache__iceberg__AGENTS.md", "**Never** modify `.asf.yaml`, `LICENSE`, `NOTICE`, or `versions.props` without explicit discussion."},
		{"denoland__deno__.github__copilot-instructions.md", "If a Rust function returns `Result` and an `Option` is needed, use `.ok()` before `.or_else()` or `.unwrap_or()`."},
		{"variation", "Don't use `git` submodules for vendored code."},
		{"variation", "The CI pipeline will never publish unreviewed code."},
	} {
		rules := compileText(t, c.text, policy.Must, "")
		for _, r := range rules {
			if strings.Contains(c.text, "force pushing") && strings.Contains(string(r.Params), "--force") {
				continue // force-pushing is the prohibition there; only the publish reading is wrong
			}
			t.Errorf("%s: %q must not compile, got %s %s", c.file, c.text, r.Kind, r.Params)
		}
	}
}

// The install command a file prescribes names the project's package manager: another
// manager's install warns (inferred, so never a block), a global install of the
// prescribed tool is how one gets it, and the manager's other commands are not about
// installing (cloudflare/workers-sdk AGENTS.md; svelte CONTRIBUTING.md:75 labels the
// same reading).
func TestAnInstallCommandNamesThePackageManager(t *testing.T) {
	rules := compileText(t, "Install dependencies with `pnpm install`.", policy.Must, "")
	for line, want := range map[string]string{
		"npm install": "warned", "yarn add left-pad": "warned", "npm ci": "warned",
		"pnpm install": "allowed", "npm install -g pnpm": "allowed", "npm --version": "allowed",
	} {
		if got := verdict(t, rules, line); got != want {
			t.Errorf("%s: %s, want %s", line, got, want)
		}
	}
	for _, r := range rules {
		if r.Severity == policy.SeverityError {
			t.Errorf("an inferred rival blocks: %s", r.Norm)
		}
	}
}

func TestOrderingRules(t *testing.T) {
	for _, c := range []struct {
		file    string
		text    string
		line    string
		history [][]string
		want    string
	}{
		{"biomejs__biome__AGENTS.md", "Run `just f` and `just l` before committing.", "git commit -m x", nil, "blocked"},
		{"biomejs__biome__AGENTS.md", "Run `just f` and `just l` before committing.", "git commit -m x", [][]string{{"just", "f"}, {"just", "l"}}, "allowed"},
		{"biomejs__biome__AGENTS.md", "Run `just f` and `just l` before committing.", "git commit -m x", [][]string{{"just", "f"}}, "blocked"},
		{"biomejs__biome__AGENTS.md", "Run `just f` and `just l` before committing.", "just f && just l && git commit -m x", nil, "allowed"},
		{"biomejs__biome__AGENTS.md", "Run `just f` and `just l` before committing.", "just f; just l; git commit -m x", nil, "blocked"},
		{"microsoft__playwright__CLAUDE.md", "**Always run `flint` before committing.**", "git commit -m x", [][]string{{"npm", "run", "flint"}}, "allowed"},
		{"microsoft__playwright__CLAUDE.md", "**Always run `flint` before committing.**", "git commit -m x", [][]string{{"npm", "run", "flint"}, {process.HistoryEdit, "src/a.ts"}}, "blocked"},
		{"microsoft__playwright__CLAUDE.md", "**Always run `flint` before committing.**", "git commit -m x", [][]string{{process.HistoryExit + "1", "npm", "run", "flint"}}, "blocked"},
		{"microsoft__playwright__CLAUDE.md", "**Always run `flint` before committing.**", "git status", nil, "allowed"},
		{"denoland__deno__.github__copilot-instructions.md", "Before committing, run `tools/format.js` and `tools/lint.js`", "git commit -m x", [][]string{{"./tools/format.js"}, {"deno", "run", "-A", "tools/lint.js", "--js"}}, "allowed"},
		{"denoland__deno__CLAUDE.md", "Before committing, make sure `tools/format.js` is run to format your code", "git commit -m x", nil, "blocked"},
		{"dotnet__aspire__AGENTS.md", "Run `./restore.sh` (Linux/macOS) or `./restore.cmd` (Windows) first to install the local SDK. After restore, you can use standard `dotnet` commands, which will automatically use the local SDK when available due to the paths configuration in global.json.", "dotnet build", nil, "blocked"},
		{"dotnet__aspire__AGENTS.md", "Run `./restore.sh` (Linux/macOS) or `./restore.cmd` (Windows) first to install the local SDK. After restore, you can use standard `dotnet` commands.", "dotnet build", [][]string{{"./restore.sh"}, {process.HistoryEdit, "src/a.cs"}}, "allowed"},
		{"issue 5", "Run `make lint` before committing.", "git commit -m x", [][]string{{process.HistoryExit + "?", "make", "lint"}}, "blocked"},
		{"issue 5", "Run `make lint` before committing.", "make lint && git commit -m x", nil, "allowed"},
		{"issue 5", "Run `make lint` before committing.", "git push", nil, "allowed"},
		// a program heed does not know, named as what to run: its subcommand words count, its options do not
		{"own", "Before committing, run `mytool check --fix`.", "git commit -m x", [][]string{{"mytool", "check", "--fix", "-v"}}, "allowed"},
		{"own", "Before committing, run `mytool check --fix`.", "git commit -m x", [][]string{{"mytool", "build"}}, "blocked"},
		// a parenthetical says what the script runs: either satisfies the order
		{"own", "Before pushing, run `script/test` (runs `go test ./...`).", "git push", [][]string{{"script/test"}}, "allowed"},
		// a purpose clause: the order holds after changes to those files
		{"own", "Run `make fmt` to format `.go` files.", "git commit -m x", [][]string{{process.HistoryEdit, "pkg/a.go"}}, "warned"},
		{"own", "Run `make fmt` to format `.go` files.", "git commit -m x", [][]string{{process.HistoryEdit, "README.md"}}, "allowed"},
	} {
		rules := compileText(t, c.text, policy.Must, "")
		if len(rules) == 0 {
			t.Errorf("%s: %q compiled to no rule", c.file, c.text)
			continue
		}
		if got := verdict(t, rules, c.line, c.history...); got != c.want {
			t.Errorf("%s: %q\n  %s after %v: %s, want %s", c.file, c.text, c.line, c.history, got, c.want)
		}
	}
	// The commands in the code block after "... run the formatter and linter:"
	// (denoland__deno__.github__copilot-instructions.md:75); the block's later variants
	// of lint.js (--js, --rs) are alternatives, not more commands to run.
	block := &policy.Constraint{ID: "c1", Text: "Before committing, always run the formatter and linter:", Level: policy.Must, File: "AGENTS.md", Line: 1,
		Code: []policy.CodeBlock{{Lang: "bash", Text: "# Format all code (uses dprint under the hood)\n./tools/format.js\n\n# Lint all code\n./tools/lint.js\n\n# Lint only JS/TS\n./tools/lint.js --js\n"}}}
	var blockRules []policy.Rule
	for _, r := range []recognize.Recognizer{Process()} {
		for _, rule := range r.Recognize(block, &recognize.RepoContext{}).Rules {
			rule.ID = "B" + string(rune('0'+len(blockRules)))
			blockRules = append(blockRules, rule)
		}
	}
	for _, h := range []struct {
		history [][]string
		want    string
	}{
		{nil, "blocked"},
		{[][]string{{"./tools/format.js"}}, "blocked"},
		{[][]string{{"./tools/format.js"}, {"./tools/lint.js"}}, "allowed"},
	} {
		if got := verdict(t, blockRules, "git commit -m x", h.history...); got != h.want {
			t.Errorf("formatter and linter from the code block: commit after %v: %s, want %s", h.history, got, h.want)
		}
	}
	if res := Process().Recognize(&policy.Constraint{Text: "Before committing, run the checks:", Level: policy.Must,
		Code: []policy.CodeBlock{{Lang: "python", Text: "import os\n"}}}, nil); len(res.Rules) != 0 {
		t.Errorf("a non-shell block is not a list of commands: %+v", res.Rules)
	}

	// a condition heed cannot check leaves the rule unenforced, with the reason
	c := &policy.Constraint{Text: "Before committing, if only non-Rust was changed, make sure to run `tools/lint.js --js` and fix any lint errors before committing", Level: policy.Must}
	res := Process().Recognize(c, nil)
	if len(res.Rules) != 0 || !strings.Contains(res.Unenforced, "condition") {
		t.Errorf("denoland__deno__CLAUDE.md conditional lint: %+v", res)
	}
}

// Rules in a nested instruction file apply to commands run in its directory.
func TestScopeByDirectory(t *testing.T) {
	rules := compileText(t, "Use `pnpm`, not npm or yarn.", policy.Must, "web")
	for line, want := range map[string]string{
		"npm install":               "allowed",
		"cd web && npm install":     "blocked",
		"cd web/src && npm install": "blocked",
		"npm --prefix web install":  "blocked",
		"cd webapp && npm install":  "allowed",
	} {
		if got := verdict(t, rules, line); got != want {
			t.Errorf("%s: %s, want %s", line, got, want)
		}
	}
}

// "..., in `web/`" scopes the rule to that directory (examples/demo/AGENTS.md).
func TestInlineDirectoryScope(t *testing.T) {
	rules := compileText(t, "Use `pnpm`, never `npm` or `yarn`, in `web/`.", policy.Must, "")
	for line, want := range map[string]string{
		"npm install":           "allowed",
		"cd web && npm install": "blocked",
		"cd web && yarn":        "blocked",
	} {
		if got := verdict(t, rules, line); got != want {
			t.Errorf("%s: %s, want %s", line, got, want)
		}
	}
	// an ordering rule about some files holds after a change to them
	rules = compileText(t, "Run `pytest service/tests` before committing changes to `service/`.", policy.Must, "")
	for _, c := range []struct {
		history [][]string
		want    string
	}{
		{[][]string{{process.HistoryEdit, "service/api/app.py"}}, "blocked"},
		{[][]string{{process.HistoryEdit, "service/api/app.py"}, {"pytest", "service/tests"}}, "allowed"},
		{[][]string{{process.HistoryEdit, "web/src/app.ts"}}, "allowed"},
		{nil, "allowed"}, // no record of the session's edits: heed cannot tell
	} {
		if got := verdict(t, rules, "git commit -m x", c.history...); got != c.want {
			t.Errorf("examples/demo ordering on service/ changes, after %v: %s, want %s", c.history, got, c.want)
		}
	}
}

// Every rule a recogniser emits carries a violated and a satisfied (or
// inapplicable) case, and the engine agrees with each.
func TestEmittedCasesAgreeWithTheEngine(t *testing.T) {
	reg := engine.NewRegistry(process.Kinds()...)
	texts := []string{
		"NEVER use `npm run compile` to compile TypeScript files",
		"Do not run `git reset --hard`, with or without a target, and don't discard changes wholesale with `git checkout -- .` or `git restore .`.",
		"Do not run `git clean` with `-f`. A dry run (`git clean -n`) is fine when you want to see what is untracked.",
		"Never run `cargo publish` for any crate in this workspace.",
		"Don't create `v*` tags.",
		"Agents never publish anything:",
		"Use `pnpm`, not npm or yarn.",
		"Always use `uv` instead of `pip` for dependency management",
		"Never force push",
		"Never amend commits.",
		"Never skip the git hooks with `--no-verify`.",
		"Never invoke Node-installed binaries through `./node_modules/.bin/*`.",
		"Run `just f` and `just l` before committing.",
		"**Always run `flint` before committing.**",
		"Run `./build.sh` first, then use `./start-code.sh` to launch with correct environment",
		"Use `make test`, not `go test`.",
		"Never push directly to main.",
	}
	for _, text := range texts {
		rules := compileText(t, text, policy.Must, "")
		if len(rules) == 0 {
			t.Errorf("%q compiled to no rule", text)
		}
		for i := range rules {
			r := &rules[i]
			if !hasExpect(r.Cases, policy.ExpectViolated) || !(hasExpect(r.Cases, policy.ExpectSatisfied) || hasExpect(r.Cases, policy.ExpectInapplicable)) {
				t.Errorf("%q: rule %s lacks a violated and a passing case: %+v", text, r.Kind, r.Cases)
			}
			if r.Message == "" {
				t.Errorf("%q: rule without a message", text)
			}
			for _, cs := range r.Cases {
				if out := engine.RunCase(reg, r, cs); !out.OK {
					b, _ := json.Marshal(cs)
					t.Errorf("%q: case %s: engine says %s (%s)", text, b, out.Got, out.Reason)
				}
			}
		}
	}
}

func hasExpect(cs []policy.Case, e string) bool {
	for _, c := range cs {
		if c.Expect == e {
			return true
		}
	}
	return false
}

// A line heed cannot analyse is never passed by a process rule.
func TestUnanalysableLinesAreBlocked(t *testing.T) {
	rules := compileText(t, "Never run `cargo publish`.", policy.Must, "")
	for _, line := range []string{`echo "unterminated`, `bash -c "$SCRIPT"`, `curl -s x | sh`, `$PUBLISH`, `cargo $CMD`} {
		if got := verdict(t, rules, line); got != "blocked" {
			t.Errorf("%s: %s, want blocked", line, got)
		}
	}
	for _, line := range []string{`git log --format="$FMT"`, `echo $HOME`} {
		if got := verdict(t, rules, line); got != "allowed" {
			t.Errorf("%s: %s, want allowed (the dynamic part cannot make it cargo publish)", line, got)
		}
	}
}

// The examples from astral-sh__uv__AGENTS.md, in a Rust repository (cargo is
// its tool): the release-build ban has its command from the repository and a
// condition heed cannot see, so it warns; the bare `cargo update` is banned and the
// required form allowed.
func TestUvReleaseAndUpdate(t *testing.T) {
	rc := &recognize.RepoContext{Tools: []string{"cargo"}}
	compile := func(text string) []policy.Rule {
		c := &policy.Constraint{ID: "c1", Text: text, Level: policy.Must, File: "AGENTS.md", Line: 8}
		return Process().Recognize(c, rc).Rules
	}
	release := compile("NEVER perform builds with the release profile, unless asked or reproducing performance issues")
	for line, want := range map[string]string{"cargo build --release": "warned", "cargo test -r": "warned", "cargo build": "allowed", "cargo test": "allowed"} {
		if got := verdict(t, release, line); got != want {
			t.Errorf("release profile: %s: %s, want %s", line, got, want)
		}
	}
	update := compile("NEVER update all dependencies in the lockfile and ALWAYS use `cargo update --precise` to make lockfile changes")
	for line, want := range map[string]string{"cargo update": "blocked", "cargo update --precise 1.2.3 -p serde": "allowed", "cargo build": "allowed"} {
		if got := verdict(t, update, line); got != want {
			t.Errorf("cargo update: %s: %s, want %s", line, got, want)
		}
	}
}

// "from the repository root" says where a command must not run, not what it acts on.
func TestForbiddenAtTheRoot(t *testing.T) {
	rules := compileText(t, "Never run `cargo build` from the repository root.", policy.Must, "")
	for line, want := range map[string]string{"cargo build": "blocked", "cd core && cargo build": "allowed", "cargo test": "allowed"} {
		if got := verdict(t, rules, line); got != want {
			t.Errorf("%s: %s, want %s", line, got, want)
		}
	}
	rules = compileText(t, "Never use `rm -rf` on the repository root.", policy.Must, "")
	for line, want := range map[string]string{"rm -rf .": "blocked", "rm -rf build/": "allowed"} {
		if got := verdict(t, rules, line); got != want {
			t.Errorf("%s: %s, want %s", line, got, want)
		}
	}
}

// A rule file that governs some files (Cursor globs, applyTo): its orders hold when the
// session changed such files, and an order "after finishing" is checked at the end
// (a reminder: the sentence names no commit).
func TestOrdersOfAGlobScopedFile(t *testing.T) {
	c := &policy.Constraint{ID: "c1", Text: "After completing your task, run `yarn tsc --noEmit`.", Level: policy.Must,
		File: ".cursor/rules/ts.mdc", Line: 3, Scope: policy.Scope{Globs: []string{"**/*.ts"}}}
	orderVerdicts(t, c, "git commit -m x", []historyVerdict{
		{[][]string{{process.HistoryEdit, "src/a.ts"}}, "warned"},
		{[][]string{{process.HistoryEdit, "src/a.ts"}, {"yarn", "tsc", "--noEmit"}}, "allowed"},
		{[][]string{{process.HistoryEdit, "README.md"}}, "allowed"},
	})
}

// A nested instruction file governs the work in its folder: its order before a pull
// request holds when the session changed files there.
func TestOrdersOfANestedFile(t *testing.T) {
	c := &policy.Constraint{ID: "c1", Text: "Run `just ready` before opening a pull request.", Level: policy.Must,
		File: "engine/AGENTS.md", Line: 3, Scope: policy.Scope{Dir: "engine"}}
	orderVerdicts(t, c, "gh pr create --fill", []historyVerdict{
		{[][]string{{process.HistoryEdit, "engine/src/lib.rs"}}, "blocked"},
		{[][]string{{process.HistoryEdit, "engine/src/lib.rs"}, {"just", "ready"}}, "allowed"},
		{[][]string{{process.HistoryEdit, "web/src/app.ts"}}, "allowed"},
	})
}

// historyVerdict is what a command gets after a session's history.
type historyVerdict struct {
	history [][]string
	want    string
}

// orderVerdicts compiles c, which must give one rule, and judges line after each
// history.
func orderVerdicts(t *testing.T, c *policy.Constraint, line string, cases []historyVerdict) {
	t.Helper()
	res := Process().Recognize(c, &recognize.RepoContext{})
	if len(res.Rules) != 1 {
		t.Fatalf("rules = %+v (%s)", res.Rules, res.Unenforced)
	}
	res.Rules[0].ID = "R1"
	for _, h := range cases {
		if got := verdict(t, res.Rules, line, h.history...); got != h.want {
			t.Errorf("`%s` after %v: %s, want %s", line, h.history, got, h.want)
		}
	}
}

// "without": the ban holds only for the form that lacks what the sentence asks for.
func TestBansOfTheFormWithout(t *testing.T) {
	for _, c := range []struct{ text, line, want string }{
		{"Do not run `npm test` without a path argument.", "npm test", "blocked"},
		{"Do not run `npm test` without a path argument.", "npm run test", "blocked"},
		{"Do not run `npm test` without a path argument.", "npm test -- src/search/tests/", "allowed"},
		{"Do not run `npm test` without a path argument.", "npm run test:fixtures", "allowed"},
		{"Important: never run `cargo publish` without `--dry-run`.", "cargo publish", "blocked"},
		{"Important: never run `cargo publish` without `--dry-run`.", "cargo publish --dry-run", "allowed"},
		{"Never run `git push` without asking the user.", "git push", "warned"},
		// an option's literal value in a banned form is part of what is banned
		{"Never run `pnpm run build --filter webapp`.", "pnpm run build --filter webapp", "blocked"},
		{"Never run `pnpm run build --filter webapp`.", "pnpm run build --filter docs", "allowed"},
		// a purpose that narrows the ban to one use of the command: a warning
		{"Do not use `curl` to debug the dev server.", "curl -s https://example.com", "warned"},
		// a purpose that is what the command is for: the ban stands
		{"Do not use `pip` to install packages.", "pip install requests", "blocked"},
		// a condition heed cannot see after a ban: a warning
		{"Do not amend commits after the PR is opened.", "git commit --amend", "warned"},
	} {
		checkVerdict(t, c.text, c.line, c.want)
	}
}

// The prescribed form that wraps the banned program runs it legitimately; an
// alternative that does not name the program never launches it.
func TestPrescribedWrapperRunsTheBannedProgram(t *testing.T) {
	for _, c := range []struct{ text, line, want string }{
		{"Use `uv run pytest`, never bare `pytest`.", "pytest -x", "blocked"},
		{"Use `uv run pytest`, never bare `pytest`.", "uv run pytest -x", "allowed"},
		{"Use `uv run pytest`, never bare `pytest`.", "uv run python -c 'import os' && pytest", "blocked"},
		{"Use `bundle exec rspec` instead of `rspec`.", "bundle exec rspec spec/a_spec.rb", "allowed"},
		{"Use `pnpm`, never `npm`.", "pnpm exec npm i", "blocked"},
		{"Use `pnpm`, never `npm`.", "pnpm install", "allowed"},
		// a runner given as the means: the bare tool is the wrong form (a warning)
		{"Run tox via uv: `uv run tox -e <env>`", "tox -e py312", "warned"},
		{"Run tox via uv: `uv run tox -e <env>`", "uv run tox -e py312", "allowed"},
		{"Run the specs with `bundle exec rspec`.", "rspec spec/a_spec.rb", "warned"},
		// an option the command must carry
		{"Always run `terraform plan` with `-lock=false`.", "terraform plan", "blocked"},
		{"Always run `terraform plan` with `-lock=false`.", "terraform plan -lock=false", "allowed"},
		{"Use `php artisan make:*` commands with `--no-interaction` to create files.", "php artisan make:model User", "warned"},
		{"Use `php artisan make:*` commands with `--no-interaction` to create files.", "php artisan make:model User --no-interaction", "allowed"},
	} {
		checkVerdict(t, c.text, c.line, c.want)
	}
}

// A command shown for reference, with no word that makes its runner the means, says
// nothing about the bare tool.
func TestAShownRunnerCommandIsNoRule(t *testing.T) {
	for _, text := range []string{
		"Run a single test file: `uv run pytest tests/test_x.py`",
		"Then run `uv run pytest -k test_thing` to update the snapshot.",
		"Run the tests with `uv run python -m pytest`.",
	} {
		if rules := compileText(t, text, policy.Must, ""); len(rules) != 0 {
			t.Errorf("%q compiled to %s", text, rules[0].Params)
		}
	}
}

// "Run the formatters before committing" where the file formats two languages with two
// tools: each tool is due after changes in its own language.
func TestRoleCommandsPerLanguage(t *testing.T) {
	c := &policy.Constraint{ID: "c2", Text: "Before committing, run the formatters.", Level: policy.Must, File: "AGENTS.md", Line: 5}
	rc := &recognize.RepoContext{Constraints: []policy.Constraint{
		{ID: "c1", Text: "Format Rust with `cargo fmt --all` and Python with `ruff format .`.", Level: policy.Info, File: "AGENTS.md", Line: 3},
		*c,
	}}
	res := Process().Recognize(c, rc)
	if len(res.Rules) != 2 {
		t.Fatalf("rules = %d (%s), want one a language", len(res.Rules), res.Unenforced)
	}
	for i := range res.Rules {
		res.Rules[i].ID = fmt.Sprintf("R%d", i)
	}
	for _, h := range []struct {
		history [][]string
		want    string
	}{
		{[][]string{{process.HistoryEdit, "docs/index.md"}}, "allowed"},
		{[][]string{{process.HistoryEdit, "src/lib.rs"}}, "blocked"},
		{[][]string{{process.HistoryEdit, "src/lib.rs"}, {"cargo", "fmt", "--all"}}, "allowed"},
		{[][]string{{process.HistoryEdit, "src/lib.rs"}, {process.HistoryEdit, "py/a.py"}, {"cargo", "fmt", "--all"}}, "blocked"},
	} {
		if got := verdict(t, res.Rules, "git commit -m x", h.history...); got != h.want {
			t.Errorf("commit after %v: %s, want %s", h.history, got, h.want)
		}
	}
}

// "Run tests from within the specific package directory": the command at the
// repository root is the wrong place; in a package's folder it is right.
func TestCommandsRunFromAPackagesFolder(t *testing.T) {
	for _, c := range []struct{ text, line, cwd, want string }{
		{"Run tests using `vitest` from within the specific package directory.", "vitest run", "", "blocked"},
		{"Run tests using `vitest` from within the specific package directory.", "cd core && vitest run", "", "allowed"},
		{"Run tests using `vitest` from within the specific package directory.", "vitest run", "packages/core", "allowed"},
		{"Run `pnpm lint` in that library's directory.", "pnpm lint", "", "blocked"},
		{"Run `pnpm lint` before committing.", "pnpm lint", "", "allowed"},
	} {
		rules := compileText(t, c.text, policy.Must, "")
		got := "allowed"
		if len(rules) > 0 {
			line := c.line
			if c.cwd != "" {
				line = "cd " + c.cwd + " && " + line
			}
			got = verdict(t, rules, line)
		}
		if got != c.want {
			t.Errorf("%q: %s in %q: %s, want %s", c.text, c.line, c.cwd, got, c.want)
		}
	}
}

// checkVerdict compiles one sentence and judges one command line with its rules.
func checkVerdict(t *testing.T, text, line, want string) {
	t.Helper()
	rules := compileText(t, text, policy.Must, "")
	if len(rules) == 0 {
		t.Errorf("%q compiled to no rule", text)
		return
	}
	if got := verdict(t, rules, line); got != want {
		t.Errorf("%q: %s: %s, want %s (%s)", text, line, got, want, rules[0].Params)
	}
}

// Orders this reader learned in session 18: a chain's commands are each a
// prerequisite; a new branch is an event; a task runner's default target is met by
// that target only; alternatives heed cannot all match compile to nothing.
func TestOrdersOfChainsBranchesAndTaskRunners(t *testing.T) {
	chain := "Before creating a branch, run `git fetch && git rebase origin/main`."
	rules := compileText(t, chain, policy.Must, "")
	if len(rules) != 2 {
		t.Fatalf("%q: %d rules, want one per command of the chain", chain, len(rules))
	}
	for _, c := range []struct {
		history [][]string
		line    string
		want    string
	}{
		{nil, "git checkout -b fix-x", "blocked"},
		{[][]string{{"git", "fetch"}}, "git switch -c fix-x", "blocked"},
		{[][]string{{"git", "fetch"}, {"git", "rebase", "origin/main"}}, "git switch -c fix-x", "allowed"},
		{nil, "git checkout main", "allowed"},
	} {
		if got := verdict(t, rules, c.line, c.history...); got != c.want {
			t.Errorf("%s after %v: %s, want %s", c.line, c.history, got, c.want)
		}
	}
	runner := compileText(t, "Always run `make` before committing.", policy.Must, "")
	for _, c := range []struct {
		history [][]string
		want    string
	}{
		{[][]string{{"make"}}, "allowed"},
		{[][]string{{"make", "-j8"}}, "allowed"},
		{[][]string{{"make", "all"}}, "allowed"},
		{[][]string{{"make", "docs"}}, "blocked"},
	} {
		if got := verdict(t, runner, "git commit -m x", c.history...); got != c.want {
			t.Errorf("`make` before committing, after %v: %s, want %s", c.history, got, c.want)
		}
	}
	if rules := compileText(t, "Run `setup.cmd` or `. ./setup.sh` before committing.", policy.Must, ""); len(rules) != 0 {
		t.Errorf("alternatives heed cannot all match compiled to %s", rules[0].Params)
	}
}

// "Branch prefix: always use `claude/`": a new branch outside the convention is the
// wrong form; other git commands are not concerned.
func TestBranchNameConvention(t *testing.T) {
	for _, c := range []struct{ text, line, want string }{
		{"Branch prefix: always use `claude/` for agent work.", "git checkout -b fix-login", "blocked"},
		{"Branch prefix: always use `claude/` for agent work.", "git switch -c claude/fix-login", "allowed"},
		{"Branch prefix: always use `claude/` for agent work.", "git checkout -b claude/fix-login", "allowed"},
		{"Branch prefix: always use `claude/` for agent work.", "git checkout main", "allowed"},
		{"Always prefix branch names with `<author>-bot/`.", "git switch -c ana-bot/docs", "allowed"},
		{"Always prefix branch names with `<author>-bot/`.", "git switch -c docs", "blocked"},
		{"Always create branches with the team prefix (e.g. `team/feature-x`).", "git checkout -b feature-x", "warned"},
		// a template whose words describe the rest of the name: its own example
		// must fit it ("short-description" is not written literally)
		{"Branch naming: always `<ticket>-short-summary` (e.g., `4521-fix-login`).", "git checkout -b 4521-fix-login", "allowed"},
		{"Branch naming: always `<ticket>-short-summary` (e.g., `4521-fix-login`).", "git checkout -b fixlogin", "blocked"},
		{"Branch names must be `feature/<area>-description` (e.g. `feature/ui-dark-mode`).", "git switch -c feature/ui-dark-mode", "allowed"},
		{"Branch names must be `feature/<area>-description` (e.g. `feature/ui-dark-mode`).", "git switch -c ui-dark-mode", "blocked"},
	} {
		checkVerdict(t, c.text, c.line, c.want)
	}
}

// An option the sentence allows beside a ban ("`--force-with-lease` is OK") allows the
// banned command with that option alone, never with a forbidden spelling beside it.
func TestAllowedOptionOfABan(t *testing.T) {
	text := "Never force-push; `--force-with-lease` is OK."
	for line, want := range map[string]string{
		"git push --force origin x":                    "blocked",
		"git push --force-with-lease origin x":         "allowed",
		"git push --force-with-lease --force origin x": "blocked",
	} {
		checkVerdict(t, text, line, want)
	}
}

// A change named by a part of the project ("the frontend", "backend changes") is the
// folder of that name when the repository has exactly one; the order then warns.
func TestOrdersAfterChangesToANamedArea(t *testing.T) {
	for _, c := range []struct {
		dirs []string
		text string
		want string // the order's changed globs, "" for no rule
	}{
		{[]string{"backend", "frontend", "frontend/src"}, "If you've made changes to the frontend, you should run `npm run lint`.", "frontend/**"},
		{[]string{"backend", "frontend"}, "After backend changes, run `go test ./...`.", "backend/**"},
		{[]string{"apps/frontend", "packages/frontend"}, "After frontend changes, run `npm run lint`.", ""},
		{nil, "After backend changes, run `go test ./...`.", ""},
	} {
		con := policy.Constraint{ID: "c1", Text: c.text, Level: policy.Must, File: "AGENTS.md", Line: 1}
		rc := &recognize.RepoContext{Tools: []string{"npm", "go"}, Constraints: []policy.Constraint{con}, Dirs: c.dirs}
		res := Process().Recognize(&con, rc)
		got := ""
		for _, r := range res.Rules {
			var p process.SequenceParams
			if json.Unmarshal(r.Params, &p) == nil && len(p.Changed) > 0 {
				got = strings.Join(p.Changed, ",")
				if r.Severity != policy.SeverityWarning {
					t.Errorf("%q: %s, want a warning", c.text, r.Severity)
				}
			}
		}
		if got != c.want {
			t.Errorf("%q with folders %v: changed %q, want %q", c.text, c.dirs, got, c.want)
		}
	}
}

// The nearest instruction file wins: a root ban that would block what a nested
// file shows as normal use in its folder holds everywhere but that folder.
func TestNestedFileNormalUseNarrowsARootBan(t *testing.T) {
	root := policy.Constraint{ID: "r1", File: "AGENTS.md", Line: 3, Text: "Do not use `pip` for dependencies; use `uv`.", Level: policy.Must}
	nested := policy.Constraint{ID: "n1", File: "tools/cli/AGENTS.md", Line: 5, Text: "Commands", Level: policy.Info, Scope: policy.Scope{Dir: "tools/cli"},
		Code: []policy.CodeBlock{{Lang: "bash", Line: 7, Text: "pip install -e .   # dev install\npytest\n"}}}
	rc := &recognize.RepoContext{Tools: []string{"pip", "uv"}, Constraints: []policy.Constraint{root, nested}}
	var rules []policy.Rule
	for _, r := range Process().Recognize(&rc.Constraints[0], rc).Rules {
		r.ID = "R" + string(rune('0'+len(rules)))
		rules = append(rules, r)
	}
	if len(rules) == 0 {
		t.Fatal("no rule")
	}
	for line, want := range map[string]string{
		"pip install requests":                 "blocked",
		"cd tools/cli && pip install -e .":     "allowed",
		"cd tools/cli/sub && pip install -e .": "allowed",
		"cd tools && pip install requests":     "blocked",
	} {
		if got := verdict(t, rules, line); got != want {
			t.Errorf("%s: %s, want %s (%s %+v)", line, got, want, rules[0].Params, rules[0].Scope)
		}
	}
}

// A ban under a heading that names one folder in a code span ("Contributing to the SDK
// (`sdk/`)") holds in that folder.
func TestHeadingFolderScopesACommandBan(t *testing.T) {
	for _, c := range []struct {
		heading string
		dirs    []string
		want    map[string]string
	}{
		{"Contributing to the SDK (`sdk/`)", []string{"sdk", "web"}, map[string]string{
			"pip install requests":           "allowed",
			"cd sdk && pip install requests": "blocked",
		}},
		// a heading naming two folders, or a folder the repository lacks, names no one place
		{"`sdk/` and `web/`", []string{"sdk", "web"}, map[string]string{"pip install requests": "blocked"}},
		{"The `gone/` folder", []string{"sdk"}, map[string]string{"pip install requests": "blocked"}},
	} {
		con := policy.Constraint{ID: "c1", File: "CONTRIBUTING.md", Line: 4, Text: "Do not use `pip` for dependencies; use `hatch`.", Level: policy.Must,
			HeaderPath: []string{"Contributing", c.heading}}
		rc := &recognize.RepoContext{Tools: []string{"pip", "hatch"}, Constraints: []policy.Constraint{con}, Dirs: c.dirs}
		var rules []policy.Rule
		for _, r := range Process().Recognize(&rc.Constraints[0], rc).Rules {
			r.ID = "R" + string(rune('0'+len(rules)))
			rules = append(rules, r)
		}
		if len(rules) == 0 {
			t.Fatalf("%q: no rule", c.heading)
		}
		for line, want := range c.want {
			if got := verdict(t, rules, line); got != want {
				t.Errorf("under %q: %s: %s, want %s (scope %+v)", c.heading, line, got, want, rules[0].Scope)
			}
		}
	}
}

// A prerequisite written behind an environment loader (`mise exec -- make lint`) is the
// command it runs: `mise exec -- echo` does not meet it.
func TestPrerequisiteBehindAnEnvironmentLoader(t *testing.T) {
	rules := compileText(t, "Run `mise exec -- make lint` before committing.", policy.Must, "")
	if len(rules) == 0 {
		t.Fatal("no rule")
	}
	for _, c := range []struct {
		history []string
		want    string
	}{
		{[]string{"mise", "exec", "--", "make", "lint"}, "allowed"},
		{[]string{"make", "lint"}, "allowed"},
		{[]string{"mise", "exec", "--", "echo", "hi"}, "blocked"},
	} {
		if got := verdict(t, rules, "git commit -m x", c.history); got != c.want {
			t.Errorf("after %q: %s, want %s (%s)", c.history, got, c.want, rules[0].Params)
		}
	}
}

// TestATaskNotRunByHand: "by hand" of a project's own task (`pnpm start`) cannot mean
// "not through a task runner", which is what it already is: the task is not to be run
// at all, in any spelling, and the way is what the sentence names (firecrawl's
// CLAUDE.md, at 0fac8fb: the rule told the agent to run it as an npm-run target).
func TestATaskNotRunByHand(t *testing.T) {
	rules := compileText(t, "`pnpm harness` gets the API server and workers up for you. Don't run `pnpm start` manually.", policy.Must, "")
	if len(rules) == 0 {
		t.Fatal("no rule")
	}
	for _, line := range []string{"pnpm start", "pnpm run start"} {
		if got := verdict(t, rules, line); got == "allowed" {
			t.Errorf("%q: %s, want it blocked or warned", line, got)
		}
	}
	if got := verdict(t, rules, "pnpm harness jest src/a.test.ts"); got != "allowed" {
		t.Errorf("the harness: %s, want allowed", got)
	}
	if s := rules[0].Suggestion; !strings.Contains(s, "`pnpm harness`") || strings.Contains(s, "task runner") {
		t.Errorf("suggestion %q, want the harness the sentence names", s)
	}
	// a program of its own run by hand still goes through the project's runners
	rules = compileText(t, "Do not run `go test` directly.", policy.Must, "")
	if len(rules) == 0 || verdict(t, rules, "make test") != "allowed" || verdict(t, rules, "go test ./...") == "allowed" {
		t.Errorf("`go test` directly: want it caught and `make test` allowed")
	}
}

// TestNotTheFirstStep: "do not start with X" forbids X as the first step, not X: the
// command may run once the small proofs pass (webdriverio's AGENTS.md, "Test
// selection", read whole by a helper of stop 44: an error ban of every `pnpm test`).
func TestNotTheFirstStep(t *testing.T) {
	rules := compileText(t, "Prefer the smallest proof that covers the change. Do not start with `pnpm test` or `pnpm run ci`; those run the full pipeline.", policy.Must, "")
	if len(rules) == 0 {
		t.Fatal("no rule: the ban should still warn")
	}
	for _, r := range rules {
		if r.Severity == policy.SeverityError {
			t.Errorf("%s is an error (%s), want a warning", r.ID, r.Norm)
		}
	}
	// starting a command, not starting with it, is still a ban read with certainty
	rules = compileText(t, "Never run `pnpm run ci` locally.", policy.Must, "")
	if len(rules) == 0 || verdict(t, rules, "pnpm run ci") != "blocked" {
		t.Errorf("a plain ban of `pnpm run ci`: want it blocked")
	}
}
