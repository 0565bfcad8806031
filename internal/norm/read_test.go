package norm

import (
	"slices"
	"strings"
	"testing"
)

// commands is a stand-in for the process domain's command reader: the first word is
// a known program.
func commands(span string) ([]string, bool) {
	f := strings.Fields(span)
	if len(f) == 0 {
		return nil, false
	}
	switch f[0] {
	case "git", "npm", "pnpm", "yarn", "cargo", "docker", "terraform", "make", "pytest", "go", "uv", "pip", "rm", "gradle", "./gradlew":
		return f, true
	}
	return nil, false
}

// What the reader understood of sentences from the dev corpus (file named) and the
// issue's examples, as norm.String renders it.
func TestReadSentences(t *testing.T) {
	for _, c := range []struct{ from, text, want string }{
		{"examples/demo/AGENTS.md", "Use `pnpm`, never `npm` or `yarn`, in `web/`.", "forbid: npm, yarn | instead: pnpm | in web/"},
		{"issue 18", "Never pass `--no-verify` to `git commit`.", "forbid: --no-verify, git commit"},
		{"issue 18", "Don't forget to stop `docker compose` when you are done.", "require (reminder): docker compose | before: event:finish"},
		{"issue 18", "Don't ever invoke yarn; this repo uses pnpm.", "forbid: yarn | instead: pnpm"},
		{"issue 18", "Under no circumstances should you run `terraform apply`.", "forbid: terraform apply"},
		{"astral-sh__uv__AGENTS.md", "NEVER update all dependencies in the lockfile and ALWAYS use `cargo update --precise` to make lockfile changes", "forbid: cargo update (from required form) | instead: cargo update --precise | except: cargo update --precise"},
		{"astral-sh__uv__AGENTS.md", "NEVER perform builds with the release profile, unless asked or reproducing performance issues", "forbid: concept:release-build | if: unless or reproducing performance issues | uncertain: condition: unless or reproducing performance issues"},
		{"dotnet__runtime__.github__copilot-instructions.md", "Never chain commit and push in the same command.", "forbid: concept:commit, concept:push | together in one command line"},
		{"own", "`npm install` is forbidden; `npm ci` is fine.", "forbid: npm install | except: npm ci"},
		{"own", "Use `uv add` instead of `pip install`.", "forbid: pip install | instead: uv add"},
		{"own", "Run `make lint` before committing.", "require: make lint | before: event:commit"},
		{"own", "Do not skip `make check` before you push.", "require: make check | before: event:push"},
		{"own", "Run `cargo test` after every change.", "require: cargo test | after: ** (from words)"},
		{"own", "Run `make typecheck` after big changes.", "require: make typecheck | if: after big changes"},
		{"own", "Never skip the hooks.", "forbid: concept:skip-hooks"},
		{"own", "Run `make lint` before committing Go changes.", "require: make lint | before: event:commit | after: **/*.go (from language)"},
		{"own", "Run `cargo fmt` before pushing changes to Rust code.", "require: cargo fmt | before: event:push | after: **/*.rs (from language)"},
		{"own", "Never push without running `make test`.", "require: make test | before: concept:push"},
		{"own", "Tests must pass before you push.", "require: role:test (from subject) | before: event:push"},
		{"own", "`make lint` — runs gofmt and golangci-lint. MUST run before committing.", "require: make lint | before: event:commit"},
		{"own", "./gradlew - builds everything. MUST run before pushing.", "require: ./gradlew | before: event:push"},
		{"own", "You should run `make test` before opening a PR.", "require (should): make test | before: event:pr"},
		{"own", "It's a good idea to run `pnpm test` before pushing.", "require (advice) (should): pnpm test | before: event:push | uncertain: hedged"},
		{"own", "Apply `make fmt` before committing.", "require: make fmt | before: event:commit"},
		{"own", "Before pushing, perform `make verify`.", "require: make verify | before: event:push"},
		{"own", "Always rebuild before running the tests.", "require: role:build (from verb) | before: role:test | uncertain: the build commands are inferred from the verb"},
		{"own", "After any change to `tools/gen.sh`, run `make gen`.", "require: make gen | after: tools/gen.sh"},
		{"own", "Before you commit, we suggest you run `make fmt`.", "require (should): make fmt | before: event:commit"},
		{"own", "Never make real network calls in tests.", ""},
		{"own", "All PRs target `develop` (NOT `master`)", "require: concept:pr-base develop | instead: master"},
		{"own", "Pull requests should be opened against the `main` branch.", "require (should): concept:pr-base main"},
		{"own", "If your PR adds an API, open it against `next`.", ""},
		{"own", "Make sure all the tests are still passing.", "require (reminder): role:test | before: event:finish (from inferred) | uncertain: what the commands must pass before is inferred: the work leaving the session"},
		{"own", "Don't merge without `make check` passing.", "require: make check | before: concept:merge"},
		{"own", "Never run `pnpm test:e2e` without building first (`pnpm build`).", "require: role:build, pnpm build | before: pnpm test:e2e"},
		{"own", "Never push without running the tests.", "require: role:test | before: concept:push"},
		{"own", "Never run `cargo publish` without `--dry-run`.", "forbid: cargo publish | without: --dry-run"},
		{"own", "Do not open pull requests without prior discussion.", "forbid: concept:open-pr | if: without prior discussion | uncertain: condition: without prior discussion"},
		{"own", "Run `pnpm install` after pulling, and never `npm install`.", "forbid: npm install | instead: pnpm install"},
		{"own", "Only use `./gradlew`, never a system `gradle`.", "forbid: gradle | instead: ./gradlew"},
		{"own", "Try not to run the full `pytest` suite.", "forbid (advice) (should): pytest | uncertain: hedged"},
		{"own", "Never use `rm -rf` on the repository root.", "forbid: rm -rf, . (from root)"},
		{"own", "Never run `pip install` outside a virtual environment.", "forbid: pip install | if: outside a virtual environment | uncertain: condition: outside a virtual environment"},
		{"own", "The CLI must never call `os.Exit`.", "forbid: os.Exit | subject: the cli | uncertain: the subject is not the reader: the cli"},
		{"own", "Never merge a pull request yourself (`gh pr merge`).", "forbid: gh pr merge"},
		{"own", "`docker compose` commands must be run from `deploy/`.", "require: docker compose | run from deploy, not the root"},
		{"own", "Execute `terraform` commands from the `infra/` directory.", "require: terraform | run from infra, not the root | uncertain: the folder is where the sentence runs it; it does not say that nowhere else will do"},
		{"own", "Don't run `rspec` from the engine folders (`engines/*`).", "forbid: rspec | in engines/*"},
		// the root is a folder too (fresh file s55: "Run tests from the repository root
		// with `PYTHONPATH=src python -m pytest`")
		// branch names prefixed or named with a verb of their own (fresh file s56, in
		// Russian: "Создай новую ветку с префиксом `feature/`, `fix/` или `refactor/`")
		// a package a ban keeps out of the project (fresh file s56: "don't use React,
		// Vue, Angular"; installs are how a package comes in)
		{"own", "Do not install `moment`.", "forbid: concept:add-dependency moment"},
		{"own", "Never add `lodash` as a dependency.", "forbid: concept:add-dependency lodash"},
		{"own", "Never add `README.md` to the index.", "forbid: README.md"},
		// batch 621: the wrapper form is the ban's alternative; a passive run with an option
		{"own", "Never call `pip` directly — use `python -m pip`.", "forbid: pip | run by hand, not by a task runner | instead: python -m pip"},
		// "it" is the branch the sentence opens with (fresh file s57)
		{"own", "`main` is the integration branch — never push to it directly.", "forbid: concept:push main"},
		{"own", "Prefix branches with `feature/` or `fix/`.", "require: concept:branch-name feature/* fix/* | subject: branch names"},
		{"own", "Create a new branch with a `feat/` or `fix/` prefix.", "require: concept:branch-name feat/* fix/* | subject: branch names"},
		{"own", "Name branches `feature/<short-name>`.", "require: concept:branch-name feature/*"},
		{"own", "Создай новую ветку с префиксом `feature/` или `fix/`.", "require: concept:branch-name feature/* fix/* | subject: branch names"},
		{"own", "Run `pytest` from the repository root.", "require: pytest | run from the repository root, nowhere else | uncertain: the folder is where the sentence runs it; it does not say that nowhere else will do"},
		{"own", "Always run `make` at the repo root.", "require: make | run from the repository root, nowhere else"},
		{"own", "Run `npm install` from the root of each package.", "require: npm install, . (from cwd-root)"},
		{"own", "Do not merge pull requests (`gh pr merge`); a maintainer does.", "forbid: gh pr merge"},
		{"own", "Benchmark through `make bench`, never with `go test -bench` directly.", "forbid: go test -bench | run by hand, not by a task runner"},
		{"own", "Do not commit until `make test` passes.", "require: make test | before: concept:commit"},
		{"own", "Instead of `npm install`, use `pnpm install`.", "forbid: npm install | instead: pnpm install"},
		{"own", "Avoid git rebase.", "forbid (should): git rebase (from words)"},
		{"own", "Use tox for testing (not `pytest` directly).", "forbid: pytest | instead: tox"},
		{"own", "Write tests, and make sure all tests pass before pushing.", "require (reminder): role:test | before: event:push"},
		{"own", "This is a Bun workspace. Do not use npm/yarn/pnpm.", "forbid: npm, yarn, pnpm"},
		{"own", "Linting is mandatory before pushing - always run `make lint`.", "require: make lint | before: event:push"},
		{"own", "❌ Run destructive git operations (`reset --hard`, `clean -fdx`)", "forbid: git reset --hard, git clean -fdx"},
		{"own", "❌ Force-push to protected branches", "forbid: concept:force-push | if: protected branches | uncertain: condition: protected branches"},
		{"own", "Never push directly to `acme/widgets` upstream.", "forbid: concept:push | if: acme/widgets directly to upstream | uncertain: condition: acme/widgets directly to upstream"},
		{"own", "Run `make fmt` before finalizing changes.", "require: make fmt | before: event:finish"},
		{"own", "Before committing, run `make lint`, and run the full `make test` before opening a PR.", "require: make test | before: event:pr"},
		{"own", "Every check must pass before opening a PR (`make check`).", "require: make check | before: event:pr | subject: every check"},
		{"own", "No history rewrites.", "forbid: concept:rewrite-history"},
		{"own", "`make check` must pass.", "require: make check | before: event:finish (from pass)"},
		{"own", "`make check` must pass before pushing.", "require: make check | before: event:push"},
		{"own", "Never amend commits to fix lint failures.", "forbid: concept:amend | if: to fix lint failures | uncertain: condition: to fix lint failures"},
		{"own", "Please do not open pull requests for new features without prior discussion.", "forbid: concept:open-pr | if: for new features without prior discussion | uncertain: condition: for new features without prior discussion"},
		{"own", "No history rewrites on shared work.", "forbid: concept:rewrite-history | if: on shared work | uncertain: condition: on shared work"},
		// session 18
		{"own", "Only force-push branches if a maintainer tells you to.", "forbid: concept:force-push | ask: the user may approve | uncertain: the command may run once someone approves, which heed cannot see"},
		{"own", "Never run `make release` without maintainer sign-off.", "forbid: make release | ask: the user may approve | uncertain: the command may run once someone approves, which heed cannot see"},
		{"own", "Never run `rake db:reset` without explicit user approval; it wipes the data.", "forbid: rake db:reset | ask: the user may approve | uncertain: the command may run once someone approves, which heed cannot see"},
		{"own", "Never run `cargo bench` unless asked or profiling a regression.", "forbid: cargo bench | if: unless or profiling a regression | uncertain: condition: unless or profiling a regression"},
		{"own", "Do not force-push without asking first, ever.", "forbid: concept:force-push | ask: the user may approve | uncertain: the command may run once someone approves, which heed cannot see"},
		{"own", "Never ask for confirmation before running seed commands.", ""},
		{"own", "Never file an issue, PR or review comment on your own.", "forbid: concept:create-issue, concept:open-pr, concept:comment"},
		{"own", "Do not rebase your branch after review started.", "forbid: concept:rebase | if: after review started | uncertain: condition: after review started"},
		{"own", "When you bump a dependency, regenerate the lockfile with `npm install`.", "require: npm install | after: **/package.json (from kind), **/pyproject.toml (from kind), **/requirements*.txt (from kind), **/setup.py (from kind), **/setup.cfg (from kind), **/go.mod (from kind), **/Cargo.toml (from kind), **/Gemfile (from kind), **/*.gemspec (from kind), **/pom.xml (from kind), **/build.gradle (from kind), **/build.gradle.kts (from kind), **/composer.json (from kind), **/*.csproj (from kind), **/Package.swift (from kind), **/mix.exs (from kind), **/pubspec.yaml (from kind) | uncertain: the changed files are inferred from the kind of file the words name"},
		{"own", "If you touch files in `api/`, run `make openapi`.", "require: make openapi | after: api/"},
		{"own", "Open a draft pull request first.", "require: concept:draft-pr"},
		{"own", "When editing CLAUDE.md, also update docs/agents.md.", "require: docs/agents.md | after: CLAUDE.md"},
		{"own", "Run go test ./... before committing.", "require: go test ./... | before: event:commit"},
		{"own", "For schema changes, `make migrate-check` must pass.", "require: make migrate-check | if: For schema changes"},
		{"own", "Never `--no-verify`.", "forbid: concept:skip-hooks (from option)"},
		{"own", "Branch naming: always prefix branches with `bot/`.", "require: concept:branch-name bot/*"},
		{"own", "Schemas are code-generated: after changing `schema.graphql`, run `make gen`.", "require: make gen | after: schema.graphql"},
		// session 24: what an order or a ban keeps of its sentence
		{"own", "Always run RuboCop on modified Ruby files before committing: `bundle exec rubocop`", "require: bundle exec rubocop | before: event:commit | after: **/*.rb (from language)"},
		{"own", "If you added a `.rs`, `.py`, or `.ts` file, run `hawkeye format`.", "require: hawkeye format | after: .rs, .py, .ts | uncertain: the order follows added files only; heed sees every change to them"},
		{"own", "Install these from source rather than with `cargo binstall`.", "forbid: cargo binstall | uncertain: the ban is of a way to handle what an earlier sentence names"},
		{"own", "NEVER run the full PHPUnit test suite.", "forbid: role:test | if: when the whole suite runs"},
		{"own", "Runs on Deno, not Node.", "forbid: node | instead: deno | uncertain: a statement of what the code runs on"},
		{"own", "Do not comment on pull requests in this repository.", "forbid: concept:comment-pr"},
		{"own", "Always finish with `cargo clippy`.", "require: cargo clippy | before: event:finish"},
		{"own", "Finish every task by running `just test`.", "require: just test | before: event:finish"},
		{"own", "Please run `cargo fmt` prior to submitting your work.", "require: cargo fmt | before: event:finish"},
		{"own", "Make sure `mix test` passes before you push.", "require (reminder): mix test | before: event:push"},
		{"own", "Pre-push: `make lint test`", "require: make lint test | before: event:push"},
		{"own", "Do not use focused tests (fit, fdescribe).", "forbid: role:test | if: only the focused ones"},
		{"own", "Run the linters before committing (e.g. `npm run lint`).", "require: npm run lint | before: event:commit | uncertain: the command is an example of what the sentence asks"},
		{"own", "Never run destructive commands, for example `rm -rf /`.", "forbid: rm -rf /"},
		{"own", "**Lint** (required before every PR): `pnpm lint`", "require: pnpm lint | before: event:pr"},
		{"own", "Use importmap for JS dependencies — no npm/yarn", "forbid: npm install (from job), npm i (from job), npm ci (from job), npm add (from job), yarn install (from job), yarn add (from job)"},
		{"own", "Do not add `\"acme\"` to a docs-only changeset: there `acme` means the CLI package.", ""},
		{"own", "Don't push code that hasn't been through `make check`.", "require: make check | before: event:push (from verb)"},
		// round 9: a subcommand word modifying a noun names a kind of operations, not
		// the command (a ban of every `git branch`, listing included, blocked
		// `git branch --show-current`)
		{"own", "Never mix raw Git branch operations with Graphite-tracked branches", ""},
		{"own", "Never use git rebase on shared branches.", "forbid: git rebase (from words) | if: on shared branches | uncertain: condition: on shared branches"},
	} {
		var got []string
		for _, n := range Read(c.text, Context{Command: commands}) {
			got = append(got, n.String())
		}
		found := c.want == "" && len(got) == 0 // "": nothing to read
		for _, g := range got {
			if g == c.want {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: %q\n  got  %q\n  want %q among them", c.from, c.text, got, c.want)
		}
	}
}

// Sentences whose order comes from outside the sentence's verb: a list's lead-in, a
// purpose clause, a qualified change heed cannot see.
func TestReadOrderContext(t *testing.T) {
	for _, c := range []struct{ text, leadIn, want string }{
		{"Always run `make lint`.", "Every change must pass these checks before pushing:", "require: make lint | before: event:push (from lead-in)"},
		{"Run `make lint` to lint `.go` files.", "", "require: make lint | after: .go (from purpose) | uncertain: the order is inferred from what the command is for"},
		{"Run `make fmt` to format Rust code, and run `make lint` to check it.", "", "require: make lint | after: **/*.rs (from purpose) | uncertain: the order is inferred from what the command is for"},
		{"Run `pnpm test` to check TypeScript types.", "The repository is written in TypeScript:", "require: pnpm test"},
		{"Run `make docs` before committing documentation changes.", "", "require: make docs | before: event:commit | if: before committing documentation changes"},
		{"Run `make test` to run the suite.", "", "require: make test"},
		{"Run `make check` to validate your changes.", "", "require: make check | before: event:finish (from purpose) | uncertain: the order is inferred from what the command is for"},
		{"Ensure all tests pass before creating PR.", "", "require (reminder): role:test | before: event:pr"},
		{"After finishing your task, run `make lint`.", "", "require: make lint | after: event:finish"},
		{"`make lint`", "", ""},
	} {
		var got []string
		for _, n := range Read(c.text, Context{Command: commands, LeadIn: c.leadIn}) {
			got = append(got, n.String())
		}
		found := c.want == "" && len(got) == 0
		for _, g := range got {
			found = found || g == c.want
		}
		if !found {
			t.Errorf("%q (lead-in %q)\n  got  %q\n  want %q among them", c.text, c.leadIn, got, c.want)
		}
	}
}

// A bare command item under a heading that says when its steps run.
func TestReadItemUnderOrderHeading(t *testing.T) {
	ns := ReadItem("`make lint` – the linter", Context{Command: commands, Heading: []string{"Guide", "Before Every Push"}})
	if len(ns) != 1 || ns[0].String() != "require: make lint (from item) | before: event:push" {
		t.Errorf("item under an order heading: %v", ns)
	}
	lead := Context{Command: commands, LeadIn: "Run these before committing:"}
	for _, item := range []string{"Lint: `make lint` (runs golangci-lint)", "`make lint`: you can add `--fix`"} {
		if ns := ReadItem(item, lead); len(ns) != 1 || ns[0].String() != "require: make lint (from item) | before: event:commit" {
			t.Errorf("%q under a lead-in: %v", item, ns)
		}
	}
	docker := Context{Command: commands, LeadIn: "Do not commit until all of the following pass inside a Docker container:"}
	if ns := ReadItem("`make test` — the suite", docker); len(ns) != 1 || ns[0].Certain() {
		t.Errorf("an item run inside a container: %v", ns)
	}
	if ns := ReadItem("`make lint`", Context{Command: commands, Heading: []string{"Guide", "Commands"}}); len(ns) != 0 {
		t.Errorf("item under a plain heading read as %v", ns)
	}
}

// A reminder is never a ban, and neither is a description of what something else does.
func TestReadIsNoBan(t *testing.T) {
	for _, text := range []string{
		"Don't forget to stop `docker compose` when you are done.",
		"Make sure `make lint` passes.",
		"The release workflow runs `cargo publish`.",
		"You do not need to rebuild your package to test it.",
		"Pass flags through `pnpm run test --` so they reach the runner instead of being consumed by pnpm.",
		"Do not commit real secrets.",
		"We use uv to manage the virtual environment.",
		"Test applications install packages from Verdaccio instead of public npm.",
	} {
		for _, n := range Read(text, Context{Command: commands}) {
			if n.Polarity == Forbid && n.Subject == "" {
				t.Errorf("%q read as a ban: %s", text, n.String())
			}
		}
	}
}

func TestTableRows(t *testing.T) {
	ns := Read("`npm install` | `npm ci` | slower", Context{Command: commands, Columns: []string{"Don't", "Do instead", "Why"}})
	if len(ns) == 0 || ns[0].String() != "forbid: npm install | instead: npm ci" {
		t.Errorf("table row: %v", ns)
	}
	if got := tableRow("a | b", []string{"Name", "Purpose"}); got != "a | b" {
		t.Errorf("a table of names is read as it is: %q", got)
	}
	// "| Task | Command | When |": the row's command runs when its When cell says
	when := []string{"Task", "Command", "When"}
	ns = Read("Format | `npm run fmt` | before each commit", Context{Command: commands, Columns: when})
	if len(ns) == 0 || !strings.HasPrefix(ns[0].String(), "require: npm run fmt | before: event:commit | uncertain: the table's columns") {
		t.Errorf("when row: %v", ns)
	}
	if !WhenTableRow("Format | `npm run fmt` | before each commit", "Task | Command | When") {
		t.Error("a row with a command and a moment is no order row")
	}
	// a When cell that names no moment ("rarely") is no order
	if WhenTableRow("Bench | `make bench` | rarely", "Task | Command | When") {
		t.Error("a When cell with no order's marker is read as an order")
	}
}

func TestTokenize(t *testing.T) {
	got := Tokenize("Never run ``a `b` c``, see [the docs](http://x) (e.g. here).")
	var parts []string
	for _, tk := range got {
		switch {
		case tk.Code:
			parts = append(parts, "`"+tk.Text+"`")
		default:
			parts = append(parts, tk.Text)
		}
	}
	want := "Never run `a `b` c` , see the docs ( e.g. here ) ."
	if strings.Join(parts, " ") != want {
		t.Errorf("tokens %q, want %q", strings.Join(parts, " "), want)
	}
}

func TestBanStrength(t *testing.T) {
	for text, want := range map[string]string{
		"Refrain from running `npm audit fix --force`.":  "must",
		"No `yarn`, no `npm`: this is a pnpm workspace.": "must",
		"Avoid `git add -A`.":                            "should",
		"The CLI lives in `cmd/`.":                       "",
		"Don't forget to run `make lint`.":               "",
	} {
		if got := BanStrength(text); got != want {
			t.Errorf("BanStrength(%q) = %q, want %q", text, got, want)
		}
	}
}

// Every verb form names one action: a form under two would take either by chance.
func TestVerbFormsAreUnambiguous(t *testing.T) {
	for form, canon := range verbForms() {
		if canon == "ambiguous" {
			t.Errorf("verb form %q is listed under two actions", form)
		}
	}
}

// Sentences that look like bans or "only" rules and are not.
func TestNotRulesOfTheReader(t *testing.T) {
	for _, text := range []string{
		"Settings are read exclusively from environment variables and tuned for Docker.",
		"When a plan fails, stop and rethink - don't keep pushing.",
	} {
		for _, n := range Read(text, Context{Command: commands}) {
			if n.Polarity == Forbid || n.Only {
				t.Errorf("%q read as %s", text, n.String())
			}
		}
	}
}

// Rules in other languages' words, written before the reader knew any (0 of 8 read at
// first sight, session 18): Spanish, Russian, German and French bans and orders.
func TestRulesInOtherLanguages(t *testing.T) {
	for text, want := range map[string]string{
		"Nunca uses `npm`; usa `pnpm`.":                      "forbid: npm | instead: pnpm",
		"Siempre ejecuta `make test` antes de hacer commit.": "require: make test | before: event:commit",
		"Никогда не используйте `npm install`.":              "forbid: npm install",
		"Всегда запускайте `make test` перед коммитом.":      "require: make test | before: event:commit",
		"Immer `make lint` vor dem Commit ausführen.":        "require: make lint | before: event:commit",
		"Verwende niemals `git push --force`.":               "forbid: git push --force",
		"N'utilisez jamais `npm`, utilisez `pnpm`.":          "forbid: npm | instead: pnpm",
		"Exécutez toujours `make test` avant de committer.":  "require: make test | before: event:commit",
	} {
		var got []string
		for _, n := range Read(text, Context{Command: commands}) {
			got = append(got, n.String())
		}
		if !slices.Contains(got, want) {
			t.Errorf("%q: got %q, want %q among them", text, got, want)
		}
	}
}

// A line shows commands as the project's own only where it lists them: a definition
// of a command, a label and its command; never a span in running prose or in a line
// that bans, hedges or makes exceptions.
func TestShownSpans(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"`pnpm lint` - Lint code", []string{"pnpm lint"}},
		{"`pnpm typecheck` — Run type checks", []string{"pnpm typecheck"}},
		{"Lint: `pnpm lint`", []string{"pnpm lint"}},
		{"`gofmt -w <file>` (or `go fmt ./...`) reformats Go files.", []string{"gofmt -w <file>", "go fmt ./..."}},
		{"`make test`", []string{"make test"}},
		{"`cargo test` is slow on this workspace.", nil},
		{"`npm` is not supported.", nil},
		{"`npm install` - don't use it here", nil},
		{"Backend tests: `cd src && npx vitest run x` (never from the root)", nil},
		{"We usually run `make e2e` by hand.", nil},
		{"The CI pipeline runs `cargo deny check` on every PR.", nil},
	} {
		if got := ShownSpans(c.text); !slices.Equal(got, c.want) {
			t.Errorf("ShownSpans(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// A heading that names a folder gives "frontend changes" under it their files, and a
// heading that names a change orders its bare command items after it.
func TestChangesNamedByTheHeading(t *testing.T) {
	ctx := Context{Command: commands, Heading: []string{"Frontend (`web/`)"}}
	got := Read("Run `pnpm lint` before committing frontend changes.", ctx)
	if len(got) != 1 || got[0].String() != "require: pnpm lint | before: event:commit | after: web/** (from heading)" {
		t.Errorf("frontend changes under a heading naming web/: %v", got)
	}
	got = Read("After backend changes, run `pnpm test`.", ctx)
	if len(got) != 1 || len(got[0].After) > 0 {
		t.Errorf("backend changes are not the heading's folder: %v", got)
	}
	nested := ReadItem("`make lint`", Context{Command: commands, Heading: []string{"Before committing", "Go"}})
	if len(nested) != 1 || len(nested[0].Before) != 1 || nested[0].Before[0].Text != "commit" {
		t.Errorf("a step under \"## Before committing\" > \"### Go\": %v", nested)
	}
	item := ReadItem("`make proto`", Context{Command: commands, Heading: []string{"If you touched the protobufs"}})
	if len(item) != 1 || len(item[0].After) != 1 || item[0].After[0].Text != "**/*.proto" {
		t.Errorf("a step under \"If you touched the protobufs\": %v", item)
	}
}

// A lead-in that bans a hand-over "without ensuring" its list is the order "before
// the hand-over, ensure:"; the items of a checklist under an "ensure" lead-in that
// name a command are what must pass first, as advice.
// A heading over a bare block of commands that says when they run, and a heading whose
// aside makes its commands required: the block's lead-in.
// A lead-in whose condition points at its list of files, and the items that name one
// file each.
func TestListOfChangedFiles(t *testing.T) {
	for cond, want := range map[string]bool{
		"after modifying any of these files":   true,
		"when you change one of the following": true,
		"after changing `api/`":                false,
		"if these tests fail":                  false,
	} {
		if got := ListChange(cond); got != want {
			t.Errorf("ListChange(%q) = %v", cond, got)
		}
	}
	for item, want := range map[string]string{
		"`api/schema.yaml`":                  "api/schema.yaml",
		"✅ `module.yaml` (module metadata)":  "module.yaml",
		"`make gen` regenerates the clients": "",
		"the schema in `api/schema.yaml`":    "",
	} {
		if got := ItemPath(item); got != want {
			t.Errorf("ItemPath(%q) = %q, want %q", item, got, want)
		}
	}
}

func TestSectionOrders(t *testing.T) {
	for heading, want := range map[string]string{
		"Before you commit":                 "Run the following before you commit:",
		"Lint (must pass before merging)":   "Run the following before merging:",
		"Tests (required before every PR)":  "Run the following before every pr:",
		"Lint (optional, before a release)": "",
		"Linting":                           "",
	} {
		if got := SectionOrder(heading); got != want {
			t.Errorf("SectionOrder(%q) = %q, want %q", heading, got, want)
		}
	}
	ctx := Context{Command: commands, Heading: []string{"Guide", "Before you commit"}, Block: []string{"ruff check .", "pytest -q"}}
	var got []string
	for _, n := range Read("Before you commit", ctx) {
		got = append(got, n.String())
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "require: ruff check . (from block), pytest -q (from block) | before: event:commit") {
		t.Errorf("a heading over a block: %q", got)
	}
}

func TestPrerequisiteLeadsAndChecklists(t *testing.T) {
	for lead, want := range map[string]string{
		"NEVER return control to the user without ensuring:": "Before returning control to the user, ensure the following:",
		"Don't commit without first running the following:":  "Before committing, ensure the following:",
		"Never push to a shared branch without checking:":    "Before pushing to a shared branch, ensure the following:",
		"Never push without running `make test`.":            "",
		"Run these before committing:":                       "",
	} {
		if got := PrerequisiteLead(lead); got != want {
			t.Errorf("PrerequisiteLead(%q) = %q, want %q", lead, got, want)
		}
	}
	ctx := Context{Command: commands, LeadIn: "NEVER hand work back without ensuring:"}
	ns := ChecklistItem("Linting is clean: `make lint`", ctx)
	if len(ns) != 1 || ns[0].Certain() || !strings.Contains(ns[0].String(), "make lint") || len(ns[0].Before) == 0 {
		t.Errorf("a checklist item under a prerequisite lead-in: %v", ns)
	}
	ctx.LeadIn = "Before you open your PR, make sure every item below holds:"
	if ns := ChecklistItem("Your change passes the suite (`pytest`)", ctx); len(ns) != 1 || ns[0].Before[0].Text != "pr" {
		t.Errorf("a checklist item under an ensure lead-in: %v", ns)
	}
	if ns := ChecklistItem("The changelog has an entry", ctx); ns != nil {
		t.Errorf("an item without a command is no order: %v", ns)
	}
	ctx.LeadIn = "Run the linters before you push to ensure the style holds:"
	if ns := ChecklistItem("Go code: `make lint`", ctx); ns != nil {
		t.Errorf("a purpose's 'to ensure' makes no checklist: %v", ns)
	}
}

// A byte of a multi-byte character is no white space: 0xA0 inside "だ" once split
// a Japanese word in two; full-width punctuation ends a word as ASCII's does.
func TestTokenizeMultiByteText(t *testing.T) {
	toks := Tokenize("`git push --force` は使わないでください。次へ")
	var words []string
	for _, tk := range toks {
		words = append(words, tk.Text)
	}
	if len(words) != 4 || words[1] != "は使わないでください" || words[2] != "." {
		t.Errorf("tokens: %q", words)
	}
}

// A subject that names commands by their role and must pass is what must run: "Tests
// must pass and lint must be clean before committing" requires both, before the
// commit.
func TestRoleSubjectsThatMustPass(t *testing.T) {
	ns := Read("Tests must pass and lint must be clean before committing.", Context{})
	roles := map[string]bool{}
	for _, n := range ns {
		if n.Polarity != Require || len(n.Before) == 0 || n.Before[0].Text != "commit" {
			t.Errorf("norm %s: want a requirement before the commit", n.String())
		}
		for _, o := range n.Objects {
			roles[o.Text] = o.Kind == KRole
		}
	}
	if !roles["test"] || !roles["lint"] {
		t.Errorf("roles %v from %d norms", roles, len(ns))
	}
	if !RunsDirectly("Run `a`, `b` and `c`.", "c") || RunsDirectly("Run the tests with `a`.", "a") || !RunsDirectly("Ensure `a` and `b` pass.", "b") || RunsDirectly("Use `a` for b.", "a") {
		t.Error("RunsDirectly")
	}
}

// A step of a one-off procedure ("To update the results after a release:" + "Run
// `uv sync`") says nothing of which package managers the project shuns; the same
// command under a lead-in that states the project's way does.
func TestProcedureStepNamesNoRivals(t *testing.T) {
	rivals := func(leadIn string) bool {
		for _, n := range Read("Run `uv sync`.", Context{LeadIn: leadIn, Command: func(s string) ([]string, bool) { return strings.Fields(s), true }}) {
			if n.Polarity == Forbid {
				return true
			}
		}
		return false
	}
	if rivals("To update the conformance results after a release:") {
		t.Error("a procedure's step banned the other package managers")
	}
	if !rivals("") {
		t.Error("the command alone no longer names the project's package manager")
	}
}

// A command written without backticks after a verb that runs it is a command up to
// the first word that is no argument; a role ("pre-commit hooks", "the tests") is no
// command.
func TestBareCommandsInWords(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Run cargo fmt --all after changing src/.", "cargo fmt --all"},
		{"Always run make lint before pushing.", "make lint"},
		{"Ensure it passes by running ./gradlew check.", "./gradlew check"},
		{"Run pre-commit hooks before making PRs.", ""},
		{"Run the tests before pushing.", ""},
	} {
		got := ""
		for _, tk := range bareCommands(Tokenize(c.text), Context{Command: commands}) {
			if tk.Code {
				got = tk.Text
			}
		}
		if got != c.want {
			t.Errorf("%q: command %q, want %q", c.text, got, c.want)
		}
	}
}

// Message templates: placeholders stand for text of their kind, the rest as written;
// a form with nothing written but a colon, or a condition, is none.
func TestMessageTemplates(t *testing.T) {
	for _, c := range []struct{ span, pattern string }{
		{"Fix #NNNN - summary", `Fix #[0-9]+ - \S`},
		{"[<component>]", `\[[^\]]+\]\s*\S`},
		{"PROJ-<number>: description", `PROJ-[0-9]+: \S`},
		{"Add <feature> ...", `Add \S+?`},
		{"<type>: <subject>", ""},
		{"plain words", ""},
	} {
		got, _, _ := MessageTemplate(c.span)
		if got != c.pattern {
			t.Errorf("%q: %q, want %q", c.span, got, c.pattern)
		}
	}
	for span, want := range map[string]bool{"🐛 bug:": true, ":": false, "fix:": false, "[ty]": false} {
		if LiteralPrefix(span) != want {
			t.Errorf("LiteralPrefix(%q) = %v", span, !want)
		}
	}
	for text, want := range map[string]string{
		"Include `Closes #<issue>` in the PR description.":                                     "Closes #<issue>",
		"Write `Fixes #NNN` in your PR text, where NNN is the issue number (if there is one).": "",
		"Add `Refs #<n>` to the pull request body when it relates to an issue.":                "",
	} {
		if got, _ := PRBodyTemplate(text); got != want {
			t.Errorf("PRBodyTemplate(%q) = %q, want %q", text, got, want)
		}
	}
}

// A mark inside a quotation ends the quotation, not the sentence: the words after
// "me too!" still belong to the ban they narrow.
func TestQuotedMarkEndsNoSentence(t *testing.T) {
	ss := Sentences(`Do not post comments like "+1" or "me too!" without new information.`)
	if len(ss) != 1 {
		t.Fatalf("%d sentences, want 1", len(ss))
	}
	if ss := Sentences(`Run the tests. Then push!`); len(ss) != 2 {
		t.Errorf("%d sentences, want 2", len(ss))
	}
}

// Orders stated with a hook's label, a parenthesised command, a redundant "once
// you've made your changes", or "blocked unless".
func TestOrdersOfBatch616(t *testing.T) {
	for text, want := range map[string]string{
		"Pre-push checklist: `npm run lint`, `npm test`.":                           "require: npm run lint, npm test | before: event:push",
		"Pushes are rejected unless `make check` succeeds.":                         "require: make check | before: event:push",
		"Merges are blocked unless `make ci` passes.":                               "require: make ci | before: event:merge",
		"All commits are blocked unless `make guardrails` passes.":                  "require: make guardrails | before: event:commit",
		"Format the code (`make fmt`) before committing.":                           "require: make fmt | before: event:commit",
		"Once you've made your changes, run `pnpm typecheck` before you open a PR.": "require: pnpm typecheck | before: event:pr",
		"Format your code with black (`make format`) before committing.":            "", // the means named already: the parenthesis is another way to run it
		"Describe the change (`feat`, `fix`) in the title.":                         "",
		// (alone, the words name no moment: a condition, as before)
		"After making changes, run `make lint`.": "require: make lint | if: after making changes",
	} {
		var got []string
		for _, n := range Read(text, Context{}) {
			got = append(got, n.String())
		}
		if strings.Join(got, "; ") != want {
			t.Errorf("%q: %q, want %q", text, strings.Join(got, "; "), want)
		}
	}
}
