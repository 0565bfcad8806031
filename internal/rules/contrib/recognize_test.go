package contrib

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// compileAll runs every recogniser of the domain on a constraint.
func compileAll(c *policy.Constraint) []policy.Rule {
	var out []policy.Rule
	for _, r := range Recognizers() {
		res := r.Recognize(c, &recognize.RepoContext{})
		for _, rule := range res.Rules {
			rule.Origin = r.Name()
			rule.ID = fmt.Sprintf("%s-%d", r.Name(), len(out))
			if rule.Scope.Dir == "" && len(rule.Scope.Globs) == 0 {
				rule.Scope = c.Scope
			}
			out = append(out, rule)
		}
	}
	return out
}

// summary renders a rule as "kind:check key=value ..." for table comparisons.
func summary(r policy.Rule) string {
	var m map[string]any
	_ = json.Unmarshal(r.Params, &m)
	check, _ := m["check"].(string)
	delete(m, "check")
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(r.Kind)
	if check != "" {
		b.WriteString(":" + check)
	}
	for _, k := range keys {
		switch k {
		case "max", "mood", "period", "case", "types", "trailers", "value_pattern", "text", "contains", "globs", "pattern", "applies_if", "sections", "then":
			v, _ := json.Marshal(m[k])
			fmt.Fprintf(&b, " %s=%s", k, v)
		}
	}
	if !r.Exact {
		b.WriteString(" ~")
	}
	return b.String()
}

type sentenceCase struct {
	file   string // the corpus file the sentence comes from ("" for a variation)
	head   []string
	text   string
	code   string
	format string
	want   []string // summaries; nil means no rule at all
}

var sentences = []sentenceCase{
	// --- SymPy: doc/src/contributing/new-contributors-guide/workflow-process.md
	{file: "sympy__sympy__doc__src__contributing__new-contributors-guide__workflow-process.md",
		head: []string{"Development Workflow Process", "Writing commit messages"},
		text: "Keep the first line 71 characters or less and subsequent lines to 78 characters or less. This allows the one-line form of the log to display the summary without wrapping.",
		want: []string{"commit:subject-length max=71", "commit:body-width max=78"}},
	{file: "sympy__sympy__doc__src__contributing__new-contributors-guide__workflow-process.md",
		head: []string{"Development Workflow Process", "Writing commit messages"},
		text: "**Make sure to leave a blank line after the summary**",
		want: []string{"commit:blank-line"}},
	{file: "sympy__sympy__doc__src__contributing__new-contributors-guide__workflow-process.md",
		head: []string{"Development Workflow Process", "Writing commit messages"},
		text: "Do not end the first line with a period (full stop). Subsequent lines should use periods.",
		want: []string{`commit:period period="forbid"`}},
	{file: "sympy__sympy__doc__src__contributing__new-contributors-guide__workflow-process.md",
		head: []string{"Development Workflow Process", "Writing pull request title and description"},
		text: "Do not put issue numbers or file names in the pull request title. Issue numbers should go in the description.",
		want: []string{"pr:title-forbid pattern=" + jsonString(issueRefPattern+"|"+fileNamePattern) + " ~"}},
	{file: "sympy__sympy__doc__src__contributing__new-contributors-guide__workflow-process.md",
		head: []string{"Development Workflow Process", "Add Tests"},
		text: "All new functionality should be tested. If you are fixing a bug, it should be accompanied with a regression test. That is, a test that would fail before the bug fix but now passes.",
		want: []string{`cochange then=` + jsonList(testGlobs()) + ` ~`}},
	{file: "sympy__sympy__doc__src__contributing__new-contributors-guide__workflow-process.md",
		head: []string{"Development Workflow Process", "Writing commit messages", "Co-Author"},
		text: "For these cases, you may use co-author feature of GitHub by adding",
		want: nil},
	{file: "sympy__sympy__doc__src__contributing__new-contributors-guide__workflow-process.md",
		head: []string{"Development Workflow Process", "Writing commit messages"},
		text: "Provide context for the commit if possible,",
		want: nil},

	// --- Django: docs/internals/contributing/committing-code.txt
	{file: "django__django__docs__internals__contributing__committing-code.txt",
		head: []string{"Committing code", "Committing guidelines"},
		text: "Write detailed commit messages in the past tense, not present tense.",
		want: []string{`commit:mood mood="past" ~`}},
	{file: "django__django__docs__internals__contributing__committing-code.txt",
		head: []string{"Committing code", "Committing guidelines"},
		text: "The commit message should be in lines of 72 chars maximum. There should be a subject line, separated by a blank line and then paragraphs of 72 char lines. The limits are soft. For the subject line, shorter is better. In the body of the commit message more detail is better than less:",
		want: []string{"commit:subject-length max=72", "commit:body-width max=72", "commit:blank-line"}},
	{file: "django__django__docs__internals__contributing__committing-code.txt",
		head: []string{"Committing code", "Committing guidelines"},
		text: `If your commit closes a ticket in the Django ticket tracker, begin your commit message with the text "Fixed #xxxxx", where "xxxxx" is the number of the ticket your commit fixes. Example: "Fixed #123 -- Added whizbang feature.". We've rigged Trac so that any commit message in that format will automatically close the referenced ticket and post a comment to it with the full commit message.`,
		want: []string{`commit:format applies_if="(?i)\\b(fix|fixes|fixed|close|closes|closed|resolve|resolves|resolved)\\b[^\\n]*#[0-9]+" pattern="^(Fixed #[0-9]+)(\\b|:|$)" ~`}},
	{file: "django__django__docs__internals__contributing__committing-code.txt",
		head: []string{"Committing code", "Committing guidelines"},
		text: `For commits to a branch, prefix the commit message with the branch name. For example: "[1.4.x] Fixed #xxxxx -- Added support for mind reading."`,
		want: nil},
	{file: "django__django__docs__internals__contributing__committing-code.txt",
		head: []string{"Committing code", "Committing guidelines"},
		text: "Never change the published history of ``django/django`` branches by force pushing. If you absolutely must (for security reasons for example), first discuss the situation with the team.",
		want: nil},

	// --- Flask: CONTRIBUTING.rst
	{file: "pallets__flask__CONTRIBUTING.rst", head: []string{"How to contribute to Flask", "Submitting patches"},
		text: "Include tests if your patch adds or changes code. Make sure the test fails without your patch.",
		want: []string{`cochange then=` + jsonList(testGlobs()) + ` ~`}},
	{file: "pallets__flask__CONTRIBUTING.rst", head: []string{"How to contribute to Flask", "Submitting patches"},
		text: "Add an entry in ``CHANGES.rst``. Use the same style as other entries. Also include ``.. versionchanged::`` inline changelogs in relevant docstrings.",
		want: []string{`cochange then=["/CHANGES.rst"] ~`}},
	{file: "pallets__flask__CONTRIBUTING.rst", head: []string{"How to contribute to Flask", "Start coding"},
		text: "Push your commits to your fork on GitHub and create a pull request. Link to the issue being addressed with ``fixes #123`` in the pull request description.",
		want: []string{`pr:body-require pattern="(?i)\\b(fix|fixes|fixed|close|closes|closed|resolve|resolves|resolved) #[0-9]+" ~`}},
	{file: "pallets__flask__CONTRIBUTING.rst", head: []string{"How to contribute to Flask", "Running the tests"},
		text: "Run the basic test suite with pytest.",
		want: nil},

	// --- Requests: .github/CONTRIBUTING.md
	{file: "psf__requests__.github__CONTRIBUTING.md", head: []string{"Contribution Guidelines", "Good Pull Requests"},
		text: "When filing a pull request, always include tests that fail without your changes thus preventing the fix from regressing.",
		want: []string{`cochange then=` + jsonList(testGlobs()) + ` ~`}},
	{file: "psf__requests__.github__CONTRIBUTING.md", head: []string{"Contribution Guidelines", "Good Pull Requests"},
		text: `Write commit messages that explain _why_ a change was made beyond "Fixes #NNNN". Why is this the right fix? What other options were ruled out? etc.`,
		want: nil},

	// --- Kafka: AGENTS.md
	{file: "apache__kafka__AGENTS.md", format: "agents", head: []string{"Coding conventions"},
		text: "**Commits / PR titles**: Start with `KAFKA-XXXXX`, `MINOR`, or `HOTFIX`. Use `KAFKA-XXXXX` only when there is a valid Jira ticket for the change.",
		want: []string{`commit:format pattern="^(KAFKA-[0-9]+|MINOR|HOTFIX)(\\b|:|$)" ~`, `pr:title-format pattern="^(KAFKA-[0-9]+|MINOR|HOTFIX)(\\b|:|$)" ~`}},
	{file: "apache__kafka__AGENTS.md", format: "agents", head: []string{"Coding conventions"},
		text: "**AI-generated contributions**: Follow the [AI-Generated Contributions](CONTRIBUTING.md#ai-generated-contributions) section in `CONTRIBUTING.md` — add a `Co-Authored-By` or `Generated-by` commit trailer for AI-assisted changes.",
		want: []string{`commit:trailer-required trailers=["Co-Authored-By","Generated-by"] value_pattern="ai" ~`}},
	{file: "apache__kafka__AGENTS.md", format: "agents", head: []string{"Coding conventions"},
		text: "**License header**: New source files need the standard ASF license header (see existing files in the same module).",
		want: []string{`newfile-header contains="Licensed to the Apache Software Foundation" ~`}},

	// --- Elasticsearch: AGENTS.md
	{file: "elastic__elasticsearch__AGENTS.md", format: "agents", head: []string{"Best Practices for Automation Agents"},
		text: `Do not add "Co-Authored-By" or any AI attribution trailers to commit messages, by any means—including ` + "`--trailer`, `-m`" + `, or any other git flag. commit messages should adhere to the 50/72 rule: use a maximum of 50 columns for the commit summary`,
		want: []string{"commit:subject-length max=50", "commit:body-width max=72", `commit:trailer-forbidden trailers=["Co-Authored-By"]`, `commit:trailer-forbidden value_pattern="ai" ~`}},

	// --- Iceberg: AGENTS.md
	{file: "apache__iceberg__AGENTS.md", format: "agents", head: []string{"PR & Commit Conventions"},
		text: "PR titles follow `Module: Description` format (e.g., `Core: Fix ...`, `Spark: Add ...`, `Docs: Update ...`).",
		want: []string{`pr:title-format pattern="^([A-Z][A-Za-z0-9.+-]*( [A-Z][A-Za-z0-9.+-]*)?: \\S)" ~`}},
	{file: "apache__iceberg__AGENTS.md", format: "agents", head: []string{"PR & Commit Conventions"},
		text: "Apache License header required on all new files (enforced by spotless pre-commit hook).",
		want: []string{`newfile-header contains="Apache License" ~`}},
	{file: "apache__iceberg__AGENTS.md", format: "agents", head: []string{"AI-Generated PR Disclosure"},
		text: "Pull requests that are authored or substantially generated by AI agents **must** disclose that in the PR description. When creating a PR description, always include an AI Disclosure block at the bottom. Use the template below and fill in the fields you know.",
		want: []string{"pr:ai-disclosure ~", `pr:contains text="AI Disclosure"`}},
	{file: "apache__iceberg__AGENTS.md", format: "agents", head: []string{"PR & Commit Conventions"},
		text: "Commit messages describe the *what* and *why*, not implementation details.",
		want: nil},

	// --- PyTorch: CLAUDE.md
	{file: "pytorch__pytorch__CLAUDE.md", format: "claude", head: []string{"Commit messages"},
		text: "Disclose that the PR was authored with Claude.",
		want: []string{"pr:ai-disclosure ~"}},
	{file: "pytorch__pytorch__CLAUDE.md", format: "claude", head: []string{"Commit messages"},
		text: "Don't commit unless the user explicitly asks you to.",
		want: nil},

	// --- Biome: AGENTS.md
	{file: "biomejs__biome__AGENTS.md", format: "agents", head: []string{"Agent Guidelines for Contributing to Biome", "Implementation Gate"},
		text: "Add tests for code changes. Bug fixes require a case that fails without the fix.",
		want: []string{`cochange then=` + jsonList(testGlobs()) + ` ~`}},
	{file: "biomejs__biome__AGENTS.md", format: "agents", head: []string{"Agent Guidelines for Contributing to Biome", "Pull Requests"},
		text: "Use a conventional-commit title and the target branch defined in `CONTRIBUTING.md`.",
		want: []string{`pr:title-format pattern="^([A-Za-z][A-Za-z0-9_-]*)(\\([^()\\r\\n]*\\))?!?: \\S"`}},
	{file: "biomejs__biome__AGENTS.md", format: "agents", head: []string{"Agent Guidelines for Contributing to Biome", "Communication"},
		text: "Do not use emojis in source, comments, rustdoc, diagnostics, tests, snapshots, commits, issues, PR communication, or agent output. The PR-title marker above is the only exception.",
		want: []string{`commit:ref-forbidden pattern="[\\x{1F300}-\\x{1FAFF}\\x{2600}-\\x{27BF}\\x{1F000}-\\x{1F2FF}]"`}},
	{file: "biomejs__biome__AGENTS.md", format: "agents", head: []string{"Agent Guidelines for Contributing to Biome", "User-Facing Changes"},
		text: "Before opening a PR, explicitly confirm whether the change is user-facing. User-facing behavior requires a changeset; internal refactors, tests, CI, and documentation-only changes do not.",
		want: nil},

	{file: "sympy__sympy__doc__src__contributing__new-contributors-guide__workflow-process.md",
		head: []string{"Development Workflow Process", "Pull request checklist"},
		text: "Add tests.",
		want: []string{`cochange then=` + jsonList(testGlobs()) + ` ~`}},
	{file: "variation", head: []string{"Pull requests"}, text: "Write unit tests for your changes.",
		want: []string{`cochange then=` + jsonList(testGlobs()) + ` ~`}},
	{file: "variation", head: []string{"Testing"}, text: "Add tests when you find a flaky one.", want: nil},

	// --- Crush: AGENTS.md
	{file: "charmbracelet__crush__AGENTS.md", format: "agents", head: []string{"Committing"},
		text: "ALWAYS use semantic commits (`fix:`, `feat:`, `chore:`, `refactor:`, `docs:`, `sec:`, etc).",
		want: []string{"commit:conventional"}},

	// --- Deno: .github/copilot-instructions.md
	{file: "denoland__deno__.github__copilot-instructions.md", format: "copilot", head: []string{"Git Workflow and Pull Requests", "PR Title Linting"},
		text: "PR titles are validated by CI (see `.github/workflows/pr.ts`). The title must follow [Conventional Commits](https://www.conventionalcommits.org) and start with one of these prefixes:",
		want: []string{`pr:title-format pattern="^([A-Za-z][A-Za-z0-9_-]*)(\\([^()\\r\\n]*\\))?!?: \\S"`}},
	{file: "denoland__deno__.github__copilot-instructions.md", format: "copilot", head: []string{"Git Workflow and Pull Requests", "Workflow Rules"},
		text: "Before committing, run `tools/format.js` and `tools/lint.js`",
		want: nil},

	// --- Langfuse: .agents/AGENTS.md
	{file: "langfuse__langfuse__.agents__AGENTS.md", format: "agents", head: []string{"Repository rules"},
		text: "Never put internal ticket ids (`LFE-1234`, `LFINT-1234`, `CLI-Q226-12`) or Linear URLs into anything this repo publishes: code comments, docs prose, commit messages, PR titles and descriptions, or changelog entries.",
		want: []string{`commit:ref-forbidden pattern="\\bLFE-[0-9]+\\b|\\bLFINT-[0-9]+\\b|\\bCLI-Q[0-9]+-[0-9]+\\b|https?://linear\\.app/\\S+" ~`,
			`pr:body-forbid pattern="\\bLFE-[0-9]+\\b|\\bLFINT-[0-9]+\\b|\\bCLI-Q[0-9]+-[0-9]+\\b|https?://linear\\.app/\\S+" ~`}},

	// --- Workers SDK: AGENTS.md
	{file: "cloudflare__workers-sdk__AGENTS.md", format: "agents", head: []string{"Changes and Pull Requests"},
		text: "Use the repository's established `[package] description` PR-title style.",
		want: []string{`pr:title-format pattern="^(\\[[^\\]]+\\] \\S)" ~`}},
	{file: "cloudflare__workers-sdk__AGENTS.md", format: "agents", head: []string{"Changes and Pull Requests"},
		text: "Read `.changeset/README.md` to determine whether a changeset is required and how to write it. Do not assume every package-code change needs one.",
		want: nil},

	// --- Ruff: AGENTS.md (a precondition heed cannot observe)
	{file: "astral-sh__ruff__AGENTS.md", format: "agents", head: []string{"PR conventions"},
		text: "When working on ty, PR titles should start with `[ty]`.",
		want: nil},

	// --- The acceptance scenario 07 (shared/cases/07-conventional-commit-types/base/AGENTS.md)
	{head: []string{"AGENTS.md — sundial", "Commit messages"}, format: "agents",
		text: "Subject: `<type>(<optional scope>): <description>`, for example `fix(parser): accept ISO week dates`.",
		want: []string{"commit:conventional"}},
	{head: []string{"AGENTS.md — sundial", "Commit messages"}, format: "agents",
		text: "Allowed types: `feat`, `fix`, `docs`, `refactor`, `perf`, `test`, `build`, `ci`, `chore`. Nothing else.",
		want: []string{`commit:conventional types=["feat","fix","docs","refactor","perf","test","build","ci","chore"]`}},
	{head: []string{"AGENTS.md — sundial", "Commit messages"}, format: "agents",
		text: "The description is lower case and imperative, without a trailing period.",
		want: []string{`commit:period period="forbid"`, `commit:mood mood="imperative" ~`, `commit:case case="lower" ~`}},
	{head: []string{"AGENTS.md — sundial", "Commit messages"}, format: "agents",
		text: "Breaking changes put a `!` after the type or scope and add a `BREAKING CHANGE:` footer.",
		want: []string{"commit:breaking"}},
	{head: []string{"AGENTS.md — sundial", "Commit messages"}, format: "agents",
		text: "The changelog is generated from commit subjects, so every commit follows Conventional Commits:",
		want: []string{"commit:conventional"}},

	// --- The acceptance scenario 08 (shared/cases/08-license-header-on-new-files/base/AGENTS.md)
	{head: []string{"AGENTS.md — cobalt", "License headers"}, format: "agents",
		text: "Every new `.go` file starts with this two-line header, above the package clause:",
		code: "// Copyright The Cobalt Authors\n// SPDX-License-Identifier: Apache-2.0\n",
		// A verbatim header in comment syntax is the source domain's text rule.
		want: nil},
	{head: []string{"Licensing"}, text: "Every new Python file must start with this notice:",
		code: "Copyright (c) YYYY <name of copyright owner>\nSPDX-License-Identifier: BSD-3-Clause\n",
		want: []string{`newfile-header globs=["*.py"]`}},
	{head: []string{"Licensing"}, text: "New files must start with `# SPDX-License-Identifier: MIT`.",
		want: nil},
	{head: []string{"AGENTS.md — cobalt", "License headers"}, format: "agents",
		text: "Don't add or rewrite headers in files you didn't create in your change; older files are being migrated separately.",
		want: nil},

	// --- SWE-CC policies (shared/corpus/swe-cc/policies.csv)
	{file: "policies.csv PALLETS-C009", head: []string{"Git and commit conventions"},
		text: "Keep the first line of the commit message to 50 characters or fewer.", want: []string{"commit:subject-length max=50"}},
	{file: "policies.csv PALLETS-C010", head: []string{"Git and commit conventions"},
		text: "Separate any commit message body from the subject with a blank line and wrap it at 72 characters.",
		want: []string{"commit:body-width max=72", "commit:blank-line"}},
	{file: "policies.csv PALLETS-C011", head: []string{"Git and commit conventions"},
		text: "Do not put issue numbers in the commit message.", want: []string{"commit:ref-forbidden pattern=" + jsonString(issueRefPattern) + " ~"}},
	{file: "policies.csv DJANGO-C046", head: []string{"Git and commit conventions"},
		text: "Phrase commit subject lines in past tense and end them with a period.",
		want: []string{`commit:period period="require"`, `commit:mood mood="past" ~`}},
	{file: "policies.csv PSF-C026", head: []string{"AI-assisted contribution policy"},
		text: "Do not list an LLM tool as a Co-authored-by trailer on a commit.",
		want: []string{`commit:trailer-forbidden trailers=["Co-authored-by"] value_pattern="ai" ~`}},
	// own sentence in round 9's phrasing (dborgards/eds-dcf-net CLAUDE.md:29): the
	// one assistant the span names, not every AI (Cursor's trailers were flagged)
	{file: "own", head: []string{"Branching rules for Claude Code"},
		text: "**Never include `Co-Authored-By: Claude` lines** in commit messages.",
		want: []string{`commit:trailer-forbidden trailers=["Co-Authored-By"] value_pattern="(?i)\\bClaude\\b" ~`}},
	{file: "policies.csv PYTEST-DEV-C062", head: []string{"AI-assisted contribution policy"},
		text: "Credit AI agents that were used in `Co-authored-by` commit trailers.",
		want: []string{`commit:trailer-required trailers=["Co-authored-by"] value_pattern="ai" ~`}},
	{file: "policies.csv SYMPY-C023", head: []string{"Git and commit conventions"},
		text: "A commit-message summary line must be no longer than 71 characters.", want: []string{"commit:subject-length max=71"}},
	{file: "policies.csv SYMPY-C024", head: []string{"Git and commit conventions"},
		text: "Every commit-message body line must be no longer than 78 characters.", want: []string{"commit:body-width max=78"}},
	{file: "policies.csv SYMPY-C026", head: []string{"Git and commit conventions"},
		text: "A commit-message summary must not end with a period.", want: []string{`commit:period period="forbid"`}},
	{file: "policies.csv PYDATA-C069", head: []string{"PR and release metadata"},
		text: "Add an entry describing your change to doc/whats-new.rst.", want: []string{`cochange then=["/doc/whats-new.rst"] ~`}},
	{file: "policies.csv PALLETS-C086", head: []string{"PR and release metadata"},
		text: "Add a CHANGES.rst entry summarizing the change.", want: []string{`cochange then=["/CHANGES.rst"] ~`}},
	{file: "policies.csv PALLETS-C018", head: []string{"PR and release metadata"},
		text: "Do not add a changelog entry for a change that only touches documentation or tool configuration.", want: nil},
	{file: "policies.csv SYMPY-C039", head: []string{"PR and release metadata"},
		text: "A pull-request title must contain neither issue numbers nor file names; issue numbers belong in the description.",
		want: []string{"pr:title-forbid pattern=" + jsonString(issueRefPattern+"|"+fileNamePattern) + " ~"}},
	{file: "policies.csv MATPLOTLIB-C268", head: []string{"AI-assisted contribution policy"},
		text: "Disclose in the PR description whether and how AI was used.", want: []string{"pr:ai-disclosure ~"}},

	// --- Variations and near-misses
	{head: []string{"Contributing"}, text: "All commits must be signed off (`git commit -s`).",
		want: []string{`commit:trailer-required trailers=["Signed-off-by"]`}},
	{file: "examples/demo/AGENTS.md", head: []string{"Contributions", "Tests"}, text: "Every change to `service/` must come with a test in `service/tests/`.",
		want: []string{`cochange then=["/service/tests/**"] ~`}},
	{head: []string{"Contributing"}, text: "Changes under `src/` need tests.",
		want: []string{`cochange then=` + jsonList(testGlobs()) + ` ~`}},
	{head: []string{"Contributing"}, text: "Add a news fragment in `changes/` for every user-visible change.",
		want: []string{`cochange then=["/changes/**"] ~`}},
	{head: []string{"Style"}, text: "Comments that live on their own lines should start with capital letters and end with periods.",
		want: nil},
	{head: []string{"Git"}, text: "Avoid merge commits; rebase your branch on main instead.", want: []string{"commit:no-merge"}},
	{head: []string{"Git"}, text: "Run `make lint` before committing.", want: nil},
	{head: []string{"Git"}, text: "Use the imperative mood in the commit subject (\"Add\", not \"Added\").", want: []string{`commit:mood mood="imperative" ~`}},
	{head: []string{"Pull requests"}, text: "The PR description must include a `## Test plan` section.", want: []string{`pr:sections sections=["Test plan"]`}},
	{head: []string{"Release notes"}, text: "Write changelog entries in the past or present tense.", want: nil},
	{head: []string{"Tests"}, text: "When adding new unit tests, avoid adding a regression comment citing a GitHub issue or PR number unless explicitly asked to include such information.", want: nil},
	{head: []string{"Strategy"}, text: "find or write tests that verify any assumptions about the existing design + confirm that it works as expected before changes are made", want: nil},
	// Whole files sampled for issue 20 (stop 41).
	// Innim/Lightning-PM AGENTS.md:77: a subject in another script is not English
	{file: "AGENTS.md", format: "agents", head: []string{"Commit Messages"}, text: "Commit messages must be in English",
		want: []string{`commit:format pattern="^[^\\p{Cyrillic}\\p{Han}\\p{Hangul}\\p{Hiragana}\\p{Katakana}\\p{Arabic}\\p{Hebrew}\\p{Thai}\\p{Greek}\\p{Devanagari}]*$"`}},
	// InnoSquadCorp/InnoDI .cursor/rules/developer-guidelines.mdc:13
	{file: "AGENTS.md", format: "cursor", head: []string{"Developer Guidelines", "Language Policy"}, text: "PR description always in Korean.",
		want: []string{`pr:body-require pattern="\\p{Hangul}"`}},
	// the agent's replies are no text of the repository
	{file: "AGENTS.md", format: "cursor", head: []string{"Language Policy"}, text: "Even if I ask questions in English, please respond in Korean unless I am explicitly requesting a system prompt.", want: nil},
	// Innovation-Labs-Technical-Hub/TablePro CLAUDE.md:289
	{file: "CLAUDE.md", format: "claude", head: []string{"Mandatory Rules"}, text: "Commit messages: Follow Conventional Commits 1.0.0. Single line only, no description body.",
		want: []string{"commit:conventional", "commit:one-line"}},
	// Innim/Lightning-PM AGENTS.md:79: a preference, and big changes excepted
	{file: "AGENTS.md", format: "agents", head: []string{"Commit Messages"}, text: "Prefer a concise one-line summary, add detailed descriptions ONLY for important or big changes.", want: nil},
	// a credit trailer asked for in a file written for agents credits the agent
	{file: "AGENTS.md", format: "agents", head: []string{"Commits"}, text: "Use `Co-authored-by:` trailer in commit messages.",
		want: []string{`commit:trailer-required trailers=["Co-authored-by"] value_pattern="ai" ~`}},
	// ... and in a CONTRIBUTING written for people, a person's
	{file: "CONTRIBUTING.md", format: "contributing", head: []string{"Commits"}, text: "Use `Co-authored-by:` trailer in commit messages.", want: nil},
}

func jsonString(s string) string { b, _ := json.Marshal(s); return string(b) }

func jsonList(xs []string) string { b, _ := json.Marshal(xs); return string(b) }

func TestRecognizersOnRealSentences(t *testing.T) {
	for _, sc := range sentences {
		c := &policy.Constraint{Text: sc.text, HeaderPath: sc.head, Level: policy.Must, Format: sc.format, File: sc.file}
		if sc.code != "" {
			c.Code = []policy.CodeBlock{{Text: sc.code}}
		}
		rules := compileAll(c)
		var got []string
		for _, r := range rules {
			got = append(got, summary(r))
		}
		want := append([]string(nil), sc.want...)
		sort.Strings(got)
		sort.Strings(want)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s\n  %q\n  got:\n    %s\n  want:\n    %s", sc.file, sc.text, strings.Join(got, "\n    "), strings.Join(want, "\n    "))
		}
	}
}

// Every rule a recogniser emits carries authored cases, a violated and a satisfied one
// at least, and the rule's own kind agrees with each of them.
func TestEmittedRulesPassTheirCases(t *testing.T) {
	// The text kind (verbatim headers) belongs to the source domain; its cases are run
	// where the full registry is assembled (internal/rules).
	reg := engine.NewRegistry(Kinds()...)
	for _, sc := range sentences {
		c := &policy.Constraint{Text: sc.text, HeaderPath: sc.head, Level: policy.Must, Format: sc.format}
		if sc.code != "" {
			c.Code = []policy.CodeBlock{{Text: sc.code}}
		}
		for _, r := range compileAll(c) {
			r := r
			if _, ok := reg.Kind(r.Kind); !ok {
				continue
			}
			var v, s bool
			for _, cs := range r.Cases {
				v = v || cs.Expect == policy.ExpectViolated
				s = s || cs.Expect == policy.ExpectSatisfied
				out := engine.RunCase(reg, &r, cs)
				if !out.OK {
					t.Errorf("%s (%s): case %q expects %s, got %s (%s)\n  sentence: %q", summary(r), r.Origin, cs.Note, cs.Expect, out.Got, out.Reason, sc.text)
				}
			}
			if !v || !s {
				t.Errorf("%s: needs a violated and a satisfied case (sentence %q)", summary(r), sc.text)
			}
			if r.Message == "" || r.Suggestion == "" {
				t.Errorf("%s: message and suggestion must be set", summary(r))
			}
		}
	}
}

// Three sentences of one section that all ask for Conventional Commits (examples/demo
// and shared case 07 word it this way) compile into one rule: the closed type list.
func TestConventionalSentencesOfASectionYieldOneRule(t *testing.T) {
	head := []string{"AGENTS.md — tidewater (heed demo)", "Contributions", "Commit messages"}
	cs := []policy.Constraint{
		{ID: "a", File: "AGENTS.md", Line: 47, Level: policy.Must, HeaderPath: head, Text: "Every commit follows Conventional Commits:"},
		{ID: "b", File: "AGENTS.md", Line: 49, Level: policy.Must, HeaderPath: head, Text: "Subject: `<type>(<optional scope>): <description>`."},
		{ID: "c", File: "AGENTS.md", Line: 50, Level: policy.Must, HeaderPath: head, Text: "Allowed types: `feat`, `fix`, `docs`, `refactor`, `test`, `chore`. Nothing else."},
	}
	rc := &recognize.RepoContext{Constraints: cs}
	var got []string
	for i := range cs {
		for _, rule := range (conventionalRecognizer{}).Recognize(&cs[i], rc).Rules {
			got = append(got, cs[i].ID+" "+summary(rule))
		}
	}
	if want := `c commit:conventional types=["feat","fix","docs","refactor","test","chore"]`; strings.Join(got, "\n") != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	// Without a closed list, the first of two generic sentences speaks.
	rc = &recognize.RepoContext{Constraints: cs[:2]}
	got = nil
	for i := range cs[:2] {
		for _, rule := range (conventionalRecognizer{}).Recognize(&cs[i], rc).Rules {
			got = append(got, cs[i].ID+" "+summary(rule))
		}
	}
	if strings.Join(got, "\n") != "a commit:conventional" {
		t.Fatalf("got %q", got)
	}
}

// The clause that names a trailer decides whether it is asked for, forbidden or merely
// allowed; a test demanded for "new functionality" is never an error.
func TestTrailerClausesAndJudgedTests(t *testing.T) {
	for _, c := range []struct {
		text, want string
	}{
		{"Never paste private links in commit messages; a `Co-Authored-By:` trailer is fine.", ""},
		{"Tell us when an AI tool wrote most of a commit without changes: add an `Assisted-by:` trailer naming the tool.", "commit:trailer-required"},
		{"Do not add a `Co-Authored-By` trailer crediting an AI assistant to commit messages.", "commit:trailer-forbidden"},
	} {
		con := &policy.Constraint{Text: c.text, Level: policy.Must, File: "AGENTS.md", Format: "agents"}
		var got []string
		for _, r := range compileAll(con) {
			if r.Kind == KindCommit {
				s := summary(r)
				got = append(got, strings.Fields(s)[0])
			}
		}
		if c.want == "" && len(got) > 0 || c.want != "" && (len(got) == 0 || got[0] != c.want) {
			t.Errorf("%q: got %v, want %q", c.text, got, c.want)
		}
	}
	con := &policy.Constraint{Text: "Write tests for new functionality.", Level: policy.Must, File: "AGENTS.md", Format: "agents"}
	for _, r := range compileAll(con) {
		if r.Kind == KindCochange && (r.Severity != policy.SeverityWarning || r.Review == "") {
			t.Errorf("a judged test demand compiled to %s without review: %+v", r.Severity, r)
		}
	}
}

// Code spans that are tools are no commit types because "TypeScript" holds the letters
// of "types".
func TestToolSpansAreNoCommitTypes(t *testing.T) {
	c := &policy.Constraint{Text: "TypeScript changes: run the relevant `npm`/`pnpm` lint and build commands in `nodejs` before you commit.", Level: policy.Must, File: "AGENTS.md", Format: "agents"}
	for _, r := range compileAll(c) {
		if r.Kind == KindCommit {
			t.Errorf("compiled a commit rule: %s", summary(r))
		}
	}
}

// A convention the sentence says is not asked for compiles to no rule; one whose part
// is optional still does.
func TestConventionNotRequired(t *testing.T) {
	for text, want := range map[string]bool{
		"Semantic commit prefixes like `fix:` aren't required here.":                              false,
		"Conventional Commits are not mandatory for commits in this repository.":                  false,
		"Commits follow Conventional Commits; the scope is not required.":                         true,
		"Write commit messages as Conventional Commits (`type(scope): summary`), scope optional.": true,
	} {
		c := &policy.Constraint{Text: text, Level: policy.Must, File: "AGENTS.md", Format: "agents"}
		got := false
		for _, r := range compileAll(c) {
			got = got || r.Kind == KindCommit && strings.Contains(string(r.Params), CheckConventional)
		}
		if got != want {
			t.Errorf("%q: a Conventional Commits rule: %v, want %v", text, got, want)
		}
	}
}

// "<pkg>/CHANGELOG.md" is the changelog of any package, not one at the root.
func TestChangelogOfAPlaceholderFolder(t *testing.T) {
	c := &policy.Constraint{Text: "Add an entry to the top of `<pkg>/CHANGELOG.md`.", Level: policy.Must, File: "AGENTS.md", Format: "agents"}
	found := false
	for _, r := range compileAll(c) {
		if r.Kind == KindCochange {
			found = true
			if !strings.Contains(string(r.Params), `"/*/CHANGELOG.md"`) {
				t.Errorf("changelog rule %s, want /*/CHANGELOG.md", r.Params)
			}
		}
	}
	if !found {
		t.Fatal("no changelog rule")
	}
}

// A body line is too long only when wrapping could shorten it: a URL longer than the
// limit cannot be wrapped.
func TestBodyWidthSparesLongURLs(t *testing.T) {
	long := "https://example.com/" + strings.Repeat("segment/", 10)
	for line, want := range map[string]bool{
		"See " + long:                            false,
		strings.Repeat("word ", 20) + "and more": true,
		"Read https://example.com/short " + strings.Repeat("then more words ", 3): true,
	} {
		if got := !urlOverflows(line, 72) && len(line) > 72; got != want {
			t.Errorf("%q: too long %v, want %v", line, got, want)
		}
	}
}

// "When you change X, also update Y" is a pair of files that change together, both
// ways with "vice versa"; a kind of file the sentence only implies is no pair.
func TestFilesThatChangeTogether(t *testing.T) {
	for text, want := range map[string]int{
		"When you change `api/schema.graphql`, also update `docs/api.md`.": 1,
		"When editing CLAUDE.md, also update AGENTS.md and vice versa.":    2,
		"If you add a dependency, update `docs/deps.md`.":                  0,
		"Update `docs/api.md` when it is out of date.":                     0,
	} {
		c := &policy.Constraint{Text: text, Level: policy.Must, File: "AGENTS.md", Format: "agents"}
		got := 0
		for _, r := range compileAll(c) {
			if r.Kind == KindCochange && strings.HasPrefix(r.Origin, "contribution.pair") {
				got++
			}
		}
		if got != want {
			t.Errorf("%q: %d pair rules, want %d", text, got, want)
		}
	}
}

// A changelog entry the author decides on ("if you believe your change should be
// noted") is a reminder, not a block.
func TestJudgedChangelogEntryWarns(t *testing.T) {
	c := &policy.Constraint{Text: "If you believe that your change should be noted in the changelog, please also add an entry to the `CHANGELOG.md` file.", Level: policy.Must, File: "CONTRIBUTING.md", Format: "contributing"}
	found := false
	for _, r := range compileAll(c) {
		if r.Kind == KindCochange {
			found = true
			if r.Severity != policy.SeverityWarning {
				t.Errorf("severity %s, want warning", r.Severity)
			}
		}
	}
	if !found {
		t.Error("no changelog rule")
	}
}

// A trailer the sentence only describes ("`Assisted-by:` records tool use") is not the
// one it asks for.
func TestDescribedTrailerIsNotAskedFor(t *testing.T) {
	c := &policy.Constraint{Text: "Sign off commits with a `Signed-off-by:` trailer. Sign-off is distinct from AI disclosure: `Assisted-by:` records tool use; `Signed-off-by:` records human responsibility.", Level: policy.Must, File: "AGENTS.md", Format: "agents"}
	for _, r := range compileAll(c) {
		if strings.Contains(string(r.Params), "Assisted-by") {
			t.Errorf("asked for the described trailer: %s", r.Params)
		}
	}
}

// A list under "PR titles should:" is about pull request titles, though the wider
// section names commit messages too.
func TestNearestFrameSaysPRTitles(t *testing.T) {
	c := &policy.Constraint{ID: "c", Text: "Adhere to Conventional Commit style.", Level: policy.Should, File: "CONTRIBUTING.md", Line: 3,
		HeaderPath: []string{"Pull request titles and commit messages", "PR titles should:"}}
	for _, rec := range Recognizers() {
		for _, r := range rec.Recognize(c, &recognize.RepoContext{}).Rules {
			if r.Kind == KindCommit {
				t.Errorf("%s made a commit rule: %s", rec.Name(), r.Params)
			}
		}
	}
}

// A convention asked for "where a sufficiently large change is made" is judged by a
// reader: it warns, never blocks.
func TestJudgedConditionOnlyWarns(t *testing.T) {
	c := &policy.Constraint{ID: "c", Text: "Follow Conventional Commit specification where sufficiently large or impactful change is made.", Level: policy.Must, File: "CONTRIBUTING.md", Line: 3,
		HeaderPath: []string{"Submitting Pull Requests"}, Context: "Use a clear and descriptive title for the pull request."}
	n := 0
	for _, rec := range Recognizers() {
		for _, r := range rec.Recognize(c, &recognize.RepoContext{}).Rules {
			n++
			if r.Severity != policy.SeverityWarning {
				t.Errorf("%s: %s at %s", rec.Name(), r.Params, r.Severity)
			}
		}
	}
	if n == 0 {
		t.Error("no rule compiled: the test judges nothing")
	}
}

// A co-change step of one kind of change ("When adding a new integration:", a
// deprecation procedure), read as following any change to the code, only warns.
func TestOneOccasionsCochangeWarns(t *testing.T) {
	c := &policy.Constraint{ID: "c", Text: "Add a deprecation fragment to `deprecation.d/`.", Level: policy.Must, File: "docs/DEPRECATION_POLICY.md", Line: 3,
		HeaderPath: []string{"Deprecation policy", "Deprecating a feature"}}
	n := 0
	for _, rec := range Recognizers() {
		for _, r := range rec.Recognize(c, &recognize.RepoContext{}).Rules {
			if r.Kind != KindCochange {
				continue
			}
			n++
			if r.Severity != policy.SeverityWarning {
				t.Errorf("%s: %s at %s", rec.Name(), r.Params, r.Severity)
			}
		}
	}
	if n == 0 {
		t.Error("no co-change rule compiled: the test judges nothing")
	}
}

// An issue link given as one way to describe the problem ("It could be simply a
// reference to the issue, e.g. `Resolves #123`") is no required link; one asked for
// is.
func TestIssueLinkAsAnExampleIsNotRequired(t *testing.T) {
	count := func(text string) int {
		c := &policy.Constraint{ID: "c", Text: text, Level: policy.Must, File: "CONTRIBUTING.md", Line: 3, HeaderPath: []string{"Pull requests"}}
		n := 0
		for _, rec := range Recognizers() {
			for _, r := range rec.Recognize(c, &recognize.RepoContext{}).Rules {
				if strings.Contains(string(r.Params), "#[0-9]+") {
					n++
				}
			}
		}
		return n
	}
	if count("Link to the issue being addressed with `fixes #123` in the pull request description.") == 0 {
		t.Fatal("the link asked for compiles to no rule")
	}
	if n := count("A description of the problem it is solving. It could be simply a reference to the corresponding issue in the description, e.g. `Resolves #123`."); n > 0 {
		t.Errorf("%d rules require the example link", n)
	}
}

// Spans called types in a design note ("typed `estimate` input ... `refund` types",
// with commit as a verb nearby) are no list of commit types; `feat`, `fix` are.
func TestCommitTypesAreTheUsualOnes(t *testing.T) {
	types := func(text string) bool {
		c := &policy.Constraint{ID: "c", Text: text, Level: policy.Must, File: "CLAUDE.md", Line: 3}
		for _, rec := range Recognizers() {
			for _, r := range rec.Recognize(c, &recognize.RepoContext{}).Rules {
				if strings.Contains(string(r.Params), `"types"`) {
					return true
				}
			}
		}
		return false
	}
	if !types("Commit messages use Conventional Commits with the types `feat`, `fix` and `docs` only.") {
		t.Fatal("a list of commit types compiles to nothing: the test judges nothing")
	}
	if types("Providers commit, void and refund as external steps; the `estimate` and `refund` types stay typed inputs.") {
		t.Error("a design note's types were read as commit types")
	}
}
