package source

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// find returns the corpus constraint whose text contains the quote.
func find(t *testing.T, corpus map[string]*corpusFile, file, quote string) (*policy.Constraint, *corpusFile) {
	t.Helper()
	cf := corpus[file]
	if cf == nil {
		t.Fatalf("no corpus file %s", file)
	}
	for i := range cf.cons {
		if strings.Contains(cf.cons[i].Text, quote) {
			return &cf.cons[i], cf
		}
	}
	t.Fatalf("%s: no constraint contains %q", file, quote)
	return nil, nil
}

// TestRecognizeCorpus: real sentences from the corpus, each with the rules it must
// compile into (described as kind, entry or message, languages, scope, severity).
func TestRecognizeCorpus(t *testing.T) {
	corpus := loadCorpus(t)
	cases := []struct {
		file, quote string
		want        []string // substrings of describe(rule), one per rule, in order
	}{
		// "by default": banned unless there is a reason, so each use is a warning
		{"langfuse__langfuse__web__AGENTS.md", "Do not add `useEffect` by default.",
			[]string{"query `useEffect` is banned here unless there is a reason (the rule says \"by default\") [javascript,tsx,typescript] warning"}},
		// a doctest is the text after a ">>>" prompt, in docstrings and documentation
		{"sympy__sympy__doc__src__contributing__new-contributors-guide__workflow-process.md", "`from sympy import *` is not allowed in doctests",
			[]string{"pattern `from sympy import *` in a doctest"}},
		// the qualifier "with a fixed duration" is what the entry's query checks
		{"modelcontextprotocol__python-sdk__AGENTS.md", "Avoid `anyio.sleep()` with a fixed duration",
			[]string{"query py-fixed-sleep [python] in=**/test_*.py"}},
		{"microsoft__vscode__.github__copilot-instructions.md", "Use PascalCase for `enum` values",
			[]string{"query ts-enum-member-pascal [tsx,typescript] error"}},
		{"apache__iceberg__AGENTS.md", "Prefer switch expressions",
			[]string{"query java-switch-statement [java] warning"}},
		{"temporalio__temporal__AGENTS.md", "For error assertions in testify suites",
			[]string{"query `s.NoError(err)` is banned here [go] exclude=require-suites in=**/*_test.go"}},
		{"microsoft__vscode__.github__copilot-instructions.md", "Only surround arrow function parameters when necessary",
			[]string{"query arrow-parens [javascript,tsx,typescript]"}},
		{"microsoft__vscode__.github__copilot-instructions.md", "Prefer `async` and `await` over `Promise` and `then` calls",
			[]string{"query promise-then [javascript,tsx,typescript] warning"}},
		{"microsoft__vscode__.github__copilot-instructions.md", "Do not use `any` or `unknown` as the type",
			[]string{"query ts-any [tsx,typescript] warning", "query ts-unknown [tsx,typescript] warning"}},
		{"microsoft__vscode__.github__copilot-instructions.md", "Always surround loop and conditional bodies with curly braces",
			[]string{"query curly-braces"}},
		{"cloudflare__workers-sdk__AGENTS.md", "Avoid `any`, non-null assertions, and floating",
			[]string{"query ts-any [tsx,typescript] warning", "query non-null-assertion [tsx,typescript] warning"}},
		{"cloudflare__workers-sdk__AGENTS.md", "`node:` prefixes for Node.js built-ins",
			[]string{"query node-protocol"}},
		{"cloudflare__workers-sdk__packages__wrangler__AGENTS.md", "No `console.*` — use `logger` singleton",
			[]string{"query `console.*` is banned here [javascript,tsx,typescript] error"}},
		{"cloudflare__workers-sdk__packages__wrangler__AGENTS.md", "Never import `expect` from vitest",
			[]string{"query `expect` imported from `vitest` is banned here"}},
		{"vercel__ai__AGENTS.md", "Never use `JSON.parse` directly in production code",
			[]string{"query `JSON.parse` is banned here [javascript,tsx,typescript] exclude=tests not="}},
		{"vercel__ai__AGENTS.md", "Use `require()` for imports", // under "## Do Not"
			[]string{"query `require()` is banned here"}},
		{"astral-sh__uv__AGENTS.md", "PREFER `#[expect()]` over `[allow()]`",
			[]string{"query rust-allow-clippy [rust] warning"}},
		{"astral-sh__uv__AGENTS.md", "AVOID using `panic!`, `unreachable!`, `.unwrap()`, unsafe code",
			[]string{"query rust-unsafe [rust] exclude=tests", "query rust-unwrap [rust] exclude=tests", "query rust-panic [rust] exclude=tests", "query `unreachable!` is banned here [rust] exclude=tests"}},
		{"astral-sh__ruff__AGENTS.md", "Rust imports should always go at the top of the file",
			[]string{"query rust-local-use [rust]"}},
		{"astral-sh__ruff__AGENTS.md", "Don't prefix tests with `test_`.",
			[]string{"query test-prefix [rust] error"}},
		{"modelcontextprotocol__python-sdk__AGENTS.md", "Always pass `encoding=` to text-mode `open()`",
			[]string{"query open-encoding [python] error"}},
		{"modelcontextprotocol__python-sdk__AGENTS.md", "Avoid adding new `# pragma: no cover`",
			[]string{"pattern `# pragma: no cover` comment", "pattern `# type: ignore` comment", "pattern `# noqa` comment"}},
		{"modelcontextprotocol__python-sdk__AGENTS.md", "Do not use `Test` prefixed classes",
			[]string{"query python-test-class [python] in=**/test_*.py"}},
		{"browser-use__browser-use__CLAUDE.md", "Use tabs for indentation in all python code",
			[]string{"text indent=tabs [python] not=6 error"}},
		{"browser-use__browser-use__CLAUDE.md", "use `str | None` instead of `Optional[str]`",
			[]string{"query py-pep604-union [python]", "query py-pep585-generics [python]"}},
		{"elastic__elasticsearch__AGENTS.md", "Absolutely no wildcard imports",
			[]string{"query wildcard-import [java] warning"}},
		{"elastic__elasticsearch__AGENTS.md", "Always use parameterized logging",
			[]string{"query logging-format [java] error"}},
		{"apache__iceberg__AGENTS.md", "No `final` on locals.", []string{"query java-final-local [java] error"}},
		{"apache__iceberg__AGENTS.md", "never use fully-qualified class names inline", []string{"query java-fqcn [java] error"}},
		{"apache__iceberg__AGENTS.md", "Use Iceberg's `Pair` instead of `Map.Entry`.", []string{"query `Map.Entry` is banned here [java]"}},
		{"dotnet__aspnetcore__.github__copilot-instructions.md", "Always use `is null` or `is not null` instead of `== null`",
			[]string{"query eq-null [csharp] error"}},
		{"dotnet__runtime__.github__copilot-instructions.md", "For markdown (`.md`) files, ensure there is no trailing whitespace",
			[]string{"text trailing_whitespace in=*.md not=6 error"}},
		{"django__django__docs__internals__contributing__writing-code__coding-style.txt", "We allow up to 88 characters",
			[]string{"text max_line_length=88 [python]"}},
		{"PostHog__posthog__.cursor__rules__django-python.mdc", "120 characters per line instead of 79",
			[]string{"text max_line_length=120 [python] in=*.py"}},
		{"charmbracelet__crush__AGENTS.md", "Always pass `context.Context` as first parameter",
			[]string{"query go-context-first [go] error"}},
		{"temporalio__temporal__.github__copilot-instructions.md", "Don't use `Get` prefix for getters",
			[]string{"query go-getter-prefix [go] error"}},
		{"temporalio__temporal__AGENTS.md", "use `require.Eventually` instead of `time.Sleep`",
			[]string{"query `time.Sleep` is banned here [go] in=**/*_test.go"}},
		{"gohugoio__hugo__AGENTS.md", "Never name tests `TestIssue1234`", []string{"query go-test-issue-name [go]"}},
		{"openai__openai-agents-python__AGENTS.md", "Prefer `tool` over `function_tool`", // scoped by the sentence before it
			[]string{"query `function_tool` is banned here [python] in=examples/**,docs/** warning"}},
		{"vercel__ai__AGENTS.md", "Type test files: `kebab-case.test-d.ts`", []string{"text filename=kebab-case in=*.test-d.ts"}},
		{"modelcontextprotocol__typescript-sdk__CLAUDE.md", "2-space indentation",
			[]string{"query js-single-quotes [javascript,tsx,typescript] warning", "query js-semicolons [javascript,tsx,typescript] warning", "text indent=spaces"}},
	}
	for _, c := range cases {
		con, cf := find(t, corpus, c.file, c.quote)
		rules := recognizeAll(con, cf.rc())
		var got []string
		for _, r := range rules {
			got = append(got, describe(r))
		}
		if len(got) != len(c.want) {
			t.Errorf("%s: %q\n  got  %q\n  want %q", c.file, con.Text, got, c.want)
			continue
		}
		for i := range got {
			if !strings.Contains(got[i], c.want[i]) {
				t.Errorf("%s: %q\n  rule %d = %q, want it to contain %q", c.file, con.Text, i, got[i], c.want[i])
			}
		}
	}
}

// TestRecognizeCorpusNearMisses: real sentences that mention code in a prohibition but
// must not compile into a source rule (precision matters more than recall).
func TestRecognizeCorpusNearMisses(t *testing.T) {
	corpus := loadCorpus(t)
	for _, c := range []struct{ file, quote, why string }{
		{"apache__iceberg__AGENTS.md", "Metrics must not leak across `TableScan` refinements", "the span is not what is prohibited"},
		{"apache__iceberg__AGENTS.md", "Never modify `.asf.yaml`", "files, not code"},
		{"apache__iceberg__AGENTS.md", "Avoid `Factory` suffix unless", "a naming rule, not a ban of `Factory`"},
		{"apache__iceberg__AGENTS.md", "Never add Hadoop dependencies where `FileIO`", "a dependency rule"},
		{"cloudflare__workers-sdk__packages__wrangler__AGENTS.md", "does NOT use `mergeConfig`", "a description"},
		{"cloudflare__workers-sdk__packages__wrangler__AGENTS.md", "does NOT use the `unstable_dev` test harness", "a description"},
		{"denoland__deno__.github__copilot-instructions.md", "do not flag the `unsafe` usage", "a reviewing instruction"},
		{"django__django__docs__internals__contributing__writing-code__coding-style.txt", "f-strings should not be used for any string that may require translation", "depends on translation"},
		{"django__django__docs__internals__contributing__writing-code__coding-style.txt", "i.e. `poll.get_unique_voters()`", "an example of a naming rule"},
		{"langfuse__langfuse__web__AGENTS.md", "Never import `prettier/plugins/typescript` in client code", "client code is not locatable"},
		{"langfuse__langfuse__web__AGENTS.md", "Do not evade this rule with `useLayoutEffect`", "not a ban of useLayoutEffect"},
		{"langfuse__langfuse__web__AGENTS.md", "do not leak `EvalTemplate`", "naming in a contract"},
		{"microsoft__vscode__.github__copilot-instructions.md", "instead of `IEditorGroupsService.activeGroup.openEditor`", "a member named through its interface type"},
		{"microsoft__vscode__.github__copilot-instructions.md", "MUST NOT be accessed through the `IInstantiationService`", "not a ban of the name"},
		{"modelcontextprotocol__python-sdk__AGENTS.md", "`logger.exception(\"Failed\")` not", "a particular call, about message content"},
		{"openai__codex__AGENTS.md", "Never add or modify any code related to", "modify is not a use"},
		{"pydantic__pydantic-ai__tests__AGENTS.md", "Never reference line numbers in test docstrings", "examples in parentheses"},
		{"pydantic__pydantic-ai__tests__AGENTS.md", "Don't blanket-suppress `reportDeprecated` at file scope", "only whole-file suppressions"},
		{"pydantic__pydantic-ai__tests__AGENTS.md", "Coverage cannot catch the gap", "100% is not a line length"},
		{"temporalio__temporal__.github__copilot-instructions.md", "Never use suite assertion methods", "examples in parentheses, from goroutines"},
		{"temporalio__temporal__.github__copilot-instructions.md", "`request_id` not `requestId`", "field naming"},
		{"temporalio__temporal__.github__copilot-instructions.md", "Never use `time.Sleep` or `time.Since(start) > threshold` to enforce ordering", "only to enforce ordering"},
		{"temporalio__temporal__AGENTS.md", "For float comparisons in tests", "only for float comparisons"},
		{"charmbracelet__crush__internal__ui__AGENTS.md", "Never call `TotalHeight` per frame", "only per frame during a resize"},
		{"vercel__ai__AGENTS.md", "Use `.nullish()` instead of `.optional()`", "another rule of the file asks for .optional()"},
		{"openai__openai-agents-python__AGENTS.md", "Do not claim a grant applies to", "about documentation"},
	} {
		con, cf := find(t, corpus, c.file, c.quote)
		if rules := recognizeAll(con, cf.rc()); len(rules) > 0 {
			var got []string
			for _, r := range rules {
				got = append(got, describe(r))
			}
			t.Errorf("%s: %q (%s)\n  compiled into %q, want nothing", c.file, con.Text, c.why, got)
		}
	}
}

// TestEveryCorpusRuleHasPassingCases: every rule the recognisers emit on the whole
// corpus carries a violated and a satisfied case, and the engine agrees with each.
func TestEveryCorpusRuleHasPassingCases(t *testing.T) {
	corpus := loadCorpus(t)
	n := 0
	for name, cf := range corpus {
		for i, rules := range cf.recognized() {
			for _, r := range rules {
				r := r
				n++
				r.ID = name + ":" + cf.cons[i].ID
				checkRuleCases(t, &r, cf.cons[i].Text)
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d rules from the whole corpus; the recognisers lost coverage", n)
	}
}

func checkRuleCases(t *testing.T, r *policy.Rule, text string) {
	t.Helper()
	var v, s bool
	for _, c := range r.Cases {
		v = v || c.Expect == policy.ExpectViolated
		s = s || c.Expect == policy.ExpectSatisfied
		out := engine.RunCase(testRegistry, r, c)
		if !out.OK {
			t.Errorf("%s (%q): case %s at %s: got %s (%s)\ncode:\n%s", r.ID, snippet(text), c.Expect, c.Path, out.Got, out.Reason, c.Code)
		}
	}
	if !v || !s {
		t.Errorf("%s (%q): needs a violated and a satisfied case, has %d cases", r.ID, snippet(text), len(r.Cases))
	}
	if r.Domain != policy.DomainSource || r.Severity == "" || r.Message == "" {
		t.Errorf("%s: domain %q severity %q message %q", r.ID, r.Domain, r.Severity, r.Message)
	}
}

// TestRecognizeVariations: hand-written sentences around the families, including
// near-misses that must stay allowed.
func TestRecognizeVariations(t *testing.T) {
	rc := func(langs ...string) *recognize.RepoContext { return &recognize.RepoContext{Languages: langs} }
	for _, c := range []struct {
		text   string
		header []string
		rc     *recognize.RepoContext
		want   []string
	}{
		{"Don't use `fmt.Println`; use the logger.", nil, rc("go"), []string{"query `fmt.Println` is banned here [go] exclude=programs,tests not=15 error"}},
		{"Don't use `fmt.Println` in handlers.", nil, rc("go"), nil},
		// the span qualifies the noun after it, which is what is absent (wild round 39)
		{"No `user_id` scoping on domain models.", nil, rc("python"), nil},
		{"No `SelfWriteGuard` e2e exists.", nil, rc("typescript"), nil},
		{"No `console.log` statements in production code.", nil, rc("typescript"), []string{"query `console.log` is banned here"}},
		// an emoji ban of the documentation is of its Markdown, not of the code
		{"Never use emoji in any documentation files (README.md, CHANGELOG.md, docs/*.md).", nil, rc("python"), []string{"pattern emoji in documentation"}},
		// a comparison described, no preference
		{"`Command` vs `Query` are marker subtypes of `Request`.", nil, rc("python"), nil},
		{"Never call `fmt.Println`.", nil, rc("go"), []string{"query `fmt.Println` is banned here [go] not=7 error"}},
		{"No `print()` in library code.", nil, rc("python"), []string{"query `print()` is banned here [python] exclude=tests,main,program-files not="}},
		{"Never call `JSON.parse` directly.", nil, rc("typescript", "tsx"), []string{"query `JSON.parse` is banned here [tsx,typescript]"}},
		{"Do not use `assertEquals`.", nil, rc("java"), []string{"query `assertEquals` is banned here [java]"}},
		{"No `console.log`.", nil, rc("javascript"), []string{"query `console.log` is banned here [javascript]"}},
		// `print` alone: in Python the print function (py-print), in no other language
		{"Use `logger.info` instead of `print`.", nil, rc("python"), []string{"query py-print [python] exclude=tests,programs,main"}},
		{"Use `logger.info` instead of `print`.", nil, rc("go"), nil},
		{"Use `slog` instead of `log.Printf`.", nil, rc("go"), []string{"query `log.Printf` is banned here [go]"}},
		{"Never use `unwrap()` in library code.", []string{"Rust"}, rc("rust", "python"), []string{"query rust-unwrap [rust] exclude=tests,main"}},
		{"Don't use `panic(` in library code.", nil, rc("go"), nil}, // not a well-formed span
		// issue 19's reading of source rules (branch src21)
		{"Call sites construct them via `Foo::make(...)`, never `new Foo(...)`.", nil, rc("typescript"), nil}, // a placeholder class
		{"Never use `new Date()`.", nil, rc("typescript"), []string{"query `new Date()` is banned here [tsx,typescript] error"}},
		{"Do not use `async`/`await`.", nil, rc("python"), []string{"query `async` is banned here [python] error", "query `await` is banned here [python] error"}},
		{"Do not leave TODO or FIXME comments.", nil, rc("go"), []string{"pattern `TODO` comment /" + markerRE("TODO") + "/ comments [go] error", "pattern `FIXME` comment /" + markerRE("FIXME") + "/ comments [go] error"}},
		{"Don't hack around the type system.", nil, rc("go"), nil}, // a marker word in lower case is a verb
		{"`substr()` is deprecated.", nil, rc("typescript"), []string{"query `substr()` is banned here [tsx,typescript] warning"}},
		{"NEVER use @Timeout on tests.", nil, rc("java"), []string{"query `@Timeout` is banned here [java] in=**/src/test/**"}},
		{"Ping @alice for reviews; never use @alice directly.", nil, rc("java"), nil},                       // a handle, not an annotation
		{"`src/ui` must not import from `src/db`.", nil, rc("typescript"), nil},                             // folders: an architecture rule
		{"projects that can't use `@cloudflare/vite-plugin` use the delegate.", nil, rc("typescript"), nil}, // describes projects
		{"Do not review the header (`header_comment`, `header_meta`).", nil, rc("python"), nil},             // a verb, not a kind of code
		{"Prefer `require` over `assert`.", nil, rc("python", "go"), nil},                                   // testify's package, no statement
		{"NEVER import the root (`@acme/core`).", nil, rc("typescript"), []string{"query import of `@acme/core` is banned here [tsx,typescript] error"}},
		{"Don't use `export default`; named exports only.", nil, rc("typescript"), []string{"query default-export [tsx,typescript]"}},
		{"Prefer `type` over `interface`.", nil, rc("typescript"), []string{"query prefer-type-alias [tsx,typescript]"}},
		{"Use `interface` instead of `type` for object shapes.", nil, rc("typescript"), []string{"query prefer-interface [tsx,typescript]"}},
		{"No bare `except:`.", nil, rc("python"), []string{"query bare-except [python]"}},
		{"Use f-strings instead of %-formatting.", nil, rc("python"), []string{"query percent-format [python]"}},
		{"Never use `var`; use `const` or `let`.", nil, rc("javascript", "typescript"), []string{"query js-var [javascript,tsx,typescript]"}},
		{"Avoid wildcard imports.", []string{"Python"}, rc("python", "java"), []string{"query wildcard-import [python]"}},
		{"Use absolute imports.", nil, rc("python"), []string{"query relative-import [python]"}},
		{"Keep lines under 100 characters.", nil, rc("go"), []string{"text max_line_length=99 [go]"}}, // under 100: at most 99
		{"Commit subject lines are at most 72 characters.", nil, rc("go"), nil},
		{"We use tabs, not spaces.", nil, rc("typescript"), []string{"text indent=tabs [tsx,typescript]"}},
		{"Never use tabs for alignment inside strings.", nil, rc("go"), nil},
		{"It does not use `eval()` anywhere.", nil, rc("javascript"), nil},
		{"Component files are PascalCase, e.g. `InvoiceList.tsx`.", nil, rc("typescript", "tsx"), []string{"text filename=PascalCase in=*.tsx"}}, // not the hooks in .ts
		{"Use kebab-case file names.", nil, rc("typescript"), []string{"text filename=kebab-case in=*.cts,*.mts,*.ts"}},
		{"`eval()` is forbidden.", nil, rc("javascript"), []string{"query `eval()` is banned here [javascript]"}},
		{"Do not use `print_function` in doctests.", nil, rc("python"), []string{"pattern `print_function` in a doctest"}},
		{"Never write to `System.out` or `System.err`.", nil, rc("java"), []string{"query `System.out` is banned here [java]", "query `System.err` is banned here [java]"}},
		// a comment marker is judged in comments, never as text of code, where it would
		// match `{ type: ignore }` and strings of other languages (round 7 of the
		// findings study)
		{"Do not add `type: ignore`.", nil, rc("python", "typescript"), []string{"pattern `type: ignore` comment /(?m)(?:^|//[/!]?|#+|/\\*+|\\*+|--|<!--)[ \\t]*type:\\s*ignore\\b/ comments [python]"}},
		{"Never add `# type: ignore` comments.", nil, rc("python"), []string{"pattern `# type: ignore` comment"}},
	} {
		con := &policy.Constraint{ID: "x", Text: c.text, File: "AGENTS.md", Line: 1, Level: policy.Must, HeaderPath: c.header}
		expectRecognized(t, con, c.rc, c.want)
	}
}

// The header rule of shared case 08: a code block after the sentence, the exemption of
// generated files in the next list item.
func TestRecognizeHeaderFromCodeBlock(t *testing.T) {
	cons := []policy.Constraint{
		{ID: "h", File: "AGENTS.md", Line: 14, Level: policy.Must, HeaderPath: []string{"AGENTS.md — cobalt", "License headers"},
			Text: "Every new `.go` file starts with this two-line header, above the package clause:",
			Code: []policy.CodeBlock{{Text: "// Copyright The Cobalt Authors\n// SPDX-License-Identifier: Apache-2.0\n", Line: 17}}},
		{ID: "g", File: "AGENTS.md", Line: 20, Level: policy.Info, HeaderPath: []string{"AGENTS.md — cobalt", "License headers"},
			Text: "Files written by code generators (their first line reads `// Code generated ... DO NOT EDIT.`) are exempt."},
	}
	rc := &recognize.RepoContext{Languages: []string{"go"}, Constraints: cons}
	rules := recognizeAll(&cons[0], rc)
	if len(rules) != 1 || rules[0].Kind != KindText {
		t.Fatalf("rules %v", rules)
	}
	var p TextParams
	json.Unmarshal(rules[0].Params, &p)
	if p.Check != "header" || !p.NewFilesOnly || !p.SkipGenerated || !strings.HasPrefix(p.Header, "// Copyright The Cobalt Authors\n// SPDX") || strings.Join(rules[0].Scope.Globs, ",") != "*.go" {
		t.Fatalf("params %+v scope %+v", p, rules[0].Scope)
	}
	checkRuleCases(t, &rules[0], cons[0].Text)
}

// A generated catalogue rule carries its needles, so at load its Tree-sitter queries
// are left uncompiled until a file that may match is judged; the needles keep every
// bad case (checkRuleCases runs them through the lazy path).
func TestGeneratedQueryRulesCarryNeedles(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"typescript", "python", "javascript"}}
	for text, want := range map[string][]string{
		"Avoid `any` in TypeScript.":                                    {"any"},
		"Always pass `encoding=` to text-mode `open()` in Python code.": {"open", "read_text", "write_text"},
		"Use async/await instead of `.then()` chains.":                  {"then"},
	} {
		con := &policy.Constraint{ID: "x", Text: text, File: "AGENTS.md", Line: 1, Level: policy.Must}
		rules := recognizeAll(con, rc)
		if len(rules) == 0 {
			t.Errorf("%q: no rule", text)
			continue
		}
		var p QueryParams
		if err := json.Unmarshal(rules[0].Params, &p); err != nil {
			t.Fatal(err)
		}
		if strings.Join(p.Needles, ",") != strings.Join(want, ",") {
			t.Errorf("%q: needles %q, want %q", text, p.Needles, want)
		}
		r := rules[0]
		r.ID = text
		checkRuleCases(t, &r, text)
	}
}

// "outside of <something heed cannot locate>" in the banning clause is an exception
// the code cannot show: no rule; "outside" in a sentence that only describes is not.
func TestOutsideOfAnUnknownRegion(t *testing.T) {
	c := &policy.Constraint{Text: "Don't write `unsafe` blocks outside of the low-level driver bindings.", Level: policy.Must, File: "AGENTS.md", Format: "agents"}
	s := newSentence(c)
	if r := s.unknownRegion(); r == "" {
		t.Errorf("%q: no unknown region", c.Text)
	}
	d := &policy.Constraint{Text: "Use `Padding`, never `Margin`. Margin sits outside the box.", Level: policy.Must, File: "AGENTS.md", Format: "agents"}
	if r := newSentence(d).unknownRegion(); r != "" {
		t.Errorf("%q: region %q from a describing sentence", d.Text, r)
	}
}

// A limit given as a target warns; an editor's settings are no rule of the files.
func TestApproximateLimitsAndEditorSettings(t *testing.T) {
	c := &policy.Constraint{Text: "Keep Python lines around ~90 characters.", Level: policy.Must, File: "AGENTS.md", Format: "agents"}
	res := textRecognizer{}.Recognize(c, nil)
	if len(res.Rules) != 1 || res.Rules[0].Severity != policy.SeverityWarning {
		t.Errorf("%q: %+v, want one warning", c.Text, res.Rules)
	}
	d := &policy.Constraint{Text: "If you use IntelliJ, change the setting that removes trailing spaces in Python files.", Level: policy.Must, File: "AGENTS.md", Format: "agents"}
	if res := (textRecognizer{}).Recognize(d, nil); len(res.Rules) != 0 {
		t.Errorf("%q compiled to %+v", d.Text, res.Rules)
	}
}

// A name given as an example of a naming rule is no ban of that name.
func TestExampleNamesAreNoBans(t *testing.T) {
	c := &policy.Constraint{Text: "Use descriptive names for methods. For example, `isRegisteredForDiscounts`, not `discount()`.", Level: policy.Must, File: "AGENTS.md", Format: "agents"}
	if res := (bannedRecognizer{}).Recognize(c, nil); len(res.Rules) != 0 {
		t.Errorf("%q compiled to %+v", c.Text, res.Rules)
	}
}

// A naming style written in itself is no identifier: "No `_` or `mixedCaps`." under a
// heading on Go package names (round 9, zhubert/milo CLAUDE.md:30) banned every
// identifier spelled `mixedCaps` at error; `mixedCaps`, `snake_case` or `PascalCase`
// name how names are written.
func TestNamingStylesAreNoBannedNames(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"go"}}
	for _, text := range []string{"No `_` or `mixedCaps`.", "Never use `snake_case` in Go.", "Don't use `MixedCaps` for unexported helpers."} {
		c := &policy.Constraint{Text: text, Level: policy.Must, File: "CLAUDE.md", Format: "claude", HeaderPath: []string{"CLAUDE.md", "Naming"}}
		for _, r := range recognizeAll(c, rc) {
			if strings.Contains(r.Message, "Caps") || strings.Contains(r.Message, "snake_case") {
				t.Errorf("%q compiled to a ban of a style's name: %s", text, describe(r))
			}
		}
	}
	c := &policy.Constraint{Text: "Never call `mixedHelper`.", Level: policy.Must, File: "CLAUDE.md", Format: "claude"}
	if len(recognizeAll(c, rc)) == 0 {
		t.Error("a ban of an ordinary identifier no longer compiles")
	}
}

// A heading that names Android scopes a ban to the app's languages: "Use Timber for
// logging, never `println` or `Log.*`" under "Android App Code Guidelines" (round 9,
// henrik242/where CLAUDE.md:44) flagged a `Log` object in the TypeScript of web/.
func TestAndroidHeadingScopesToKotlinAndJava(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"kotlin", "typescript", "tsx"}}
	c := &policy.Constraint{Text: "Use Timber for logging, never `println` or `Log.*`", Level: policy.Must, File: "CLAUDE.md", Format: "claude",
		HeaderPath: []string{"CLAUDE.md", "Android App Code Guidelines"}}
	rules := recognizeAll(c, rc)
	if len(rules) == 0 {
		t.Fatal("the ban of Log.* no longer compiles")
	}
	for _, r := range rules {
		var p QueryParams
		json.Unmarshal(r.Params, &p)
		for l := range p.Queries {
			if l != "kotlin" && l != "java" {
				t.Errorf("%s: a query for %s under an Android heading", describe(r), l)
			}
		}
	}
}

// Rust's `// SAFETY:` comment: a ban of `unsafe` whose text allows a block that
// explains itself spares such blocks, and a demand for the comment compiles to a
// check of its presence (own sentences, in the phrasings of round 9's blz
// crates/blz-core/AGENTS.md:183 and of Microsoft's pragmatic Rust guidelines).
func TestUnsafeWithASafetyComment(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"rust"}}
	code := "pub fn a(p: *const u8) -> u8 {\n    // SAFETY: the caller passes a valid pointer.\n    unsafe { *p }\n}\n\npub fn b(p: *const u8) -> u8 {\n    unsafe { *p }\n}\n"
	for _, text := range []string{
		"Avoid `unsafe` unless absolutely necessary. If used, it must be documented with `// SAFETY:` comments explaining why it is sound.",
		"Every unsafe block MUST have a `// SAFETY:` comment explaining invariants",
		"All `unsafe` blocks require `// SAFETY:` comments (invariants, aliasing, lifetimes).",
	} {
		c := &policy.Constraint{Text: text, Level: policy.Must, File: "AGENTS.md", Format: "agents"}
		rules := recognizeAll(c, rc)
		if len(rules) != 1 {
			t.Errorf("%q: %d rules, want 1", text, len(rules))
			continue
		}
		fs, _ := runFiles(t, []*policy.Rule{&rules[0]}, map[string]string{"src/lib.rs": code})
		if len(fs) != 1 || fs[0].Line != 7 {
			t.Errorf("%q (%s): findings %v, want the one block without a SAFETY comment (line 7)", text, describe(rules[0]), located(fs))
		}
	}
	// the exemption in the sentence after the ban, under the same heading
	ban := policy.Constraint{ID: "b1", Text: "Don't write `unsafe` code.", Level: policy.Must, File: "AGENTS.md", Format: "agents", Line: 3}
	next := policy.Constraint{ID: "b2", Text: "Where it cannot be avoided, justify every block with a `// SAFETY:` comment.", Level: policy.Must, File: "AGENTS.md", Format: "agents", Line: 3}
	rc2 := &recognize.RepoContext{Languages: []string{"rust"}, Constraints: []policy.Constraint{ban, next}}
	if rules := recognizeAll(&ban, rc2); len(rules) != 1 {
		t.Errorf("a ban with its exemption next: %d rules", len(rules))
	} else if fs, _ := runFiles(t, []*policy.Rule{&rules[0]}, map[string]string{"src/lib.rs": code}); len(fs) != 1 {
		t.Errorf("a ban whose next sentence asks for SAFETY comments: findings %v, want the uncommented block only", located(fs))
	}
	c := &policy.Constraint{Text: "Never use `unsafe`.", Level: policy.Must, File: "AGENTS.md", Format: "agents"}
	rules := recognizeAll(c, rc)
	if len(rules) != 1 {
		t.Fatalf("a plain ban of unsafe: %d rules", len(rules))
	}
	if fs, _ := runFiles(t, []*policy.Rule{&rules[0]}, map[string]string{"src/lib.rs": code}); len(fs) != 2 {
		t.Errorf("a plain ban of unsafe spares a commented block: findings %v", located(fs))
	}
}

// A ban of console prints meant as logging ("Logging: use the logger, no
// `System.out.println`", as in apache/gravitino AGENTS.md:32) does not reach a
// command-line program (a main method, a command-line client's folder, a console
// writer), whose prints are its output; a ban that says nothing of logging does.
func TestPrintBansAsLoggingSpareCommandLinePrograms(t *testing.T) {
	use := policy.Constraint{ID: "a", Text: "Logging: use the logger.", Level: policy.Must, File: "AGENTS.md", Line: 3, Format: "agents"}
	ban := policy.Constraint{ID: "b", Text: "No `System.out.println`.", Level: policy.Must, File: "AGENTS.md", Line: 3, Format: "agents"}
	plain := policy.Constraint{ID: "c", Text: "Never call `System.out.println`.", Level: policy.Must, File: "AGENTS.md", Line: 5, Format: "agents"}
	rc := &recognize.RepoContext{Languages: []string{engine.LangJava}, Constraints: []policy.Constraint{use, ban, plain}}
	files := map[string]string{
		"src/main/java/a/Tool.java":                             "class Tool {\n  public static void main(String[] args) {\n    System.out.println(\"usage: tool FILE\");\n  }\n  void report() { System.out.println(\"done\"); }\n}\n",
		"src/main/java/a/Service.java":                          "class Service {\n  void run() {\n    System.out.println(\"started\");\n  }\n}\n",
		"clients/cli/src/main/java/a/commands/SetProperty.java": "class SetProperty {\n  void handle() {\n    System.out.println(\"property set\");\n  }\n}\n",
		"src/main/java/a/ConsoleReporter.java":                  "class ConsoleReporter {\n  void report() {\n    System.out.println(\"3 rows\");\n  }\n}\n",
	}
	for _, tc := range []struct {
		c    policy.Constraint
		want []string
	}{
		{ban, []string{"src/main/java/a/Service.java:3"}},
		{plain, []string{"clients/cli/src/main/java/a/commands/SetProperty.java:3", "src/main/java/a/ConsoleReporter.java:3", "src/main/java/a/Service.java:3", "src/main/java/a/Tool.java:3", "src/main/java/a/Tool.java:5"}},
	} {
		res := bannedRecognizer{}.Recognize(&tc.c, rc)
		if len(res.Rules) != 1 {
			t.Fatalf("%q: %d rules (%s), want 1", tc.c.Text, len(res.Rules), res.Unenforced)
		}
		r := res.Rules[0]
		r.ID = "r"
		fs, _ := runFiles(t, []*policy.Rule{&r}, files)
		var got []string
		for _, f := range fs {
			got = append(got, fmt.Sprintf("%s:%d", f.Path, f.Line))
		}
		sort.Strings(got)
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%q: findings %v, want %v", tc.c.Text, got, tc.want)
		}
	}
}

// A heading that names a folder right under the instruction file's own ("Dialog
// rendering rules" in a file whose folder has dialog/, as in charmbracelet/crush
// internal/ui/AGENTS.md:165) scopes its rules to that folder; a heading about a
// topic of every file ("Testing") does not, even where a folder has its name.
func TestHeadingThatNamesAFolderScopesTheRule(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{engine.LangGo}, Dirs: []string{"app", "app/chart", "app/dialog", "app/testing"}}
	for _, tc := range []struct {
		header []string
		want   []string
	}{
		{[]string{"App notes", "Dialogs", "Dialog rendering rules"}, []string{"app/dialog/**"}},
		{[]string{"App notes", "Testing"}, []string{"**/*_test.go", "**/testdata/**"}}, // Go's tests anywhere
		{[]string{"App notes", "Dialogs and charts"}, nil},                             // two folders: no one place
	} {
		c := &policy.Constraint{ID: "x", Text: "Never use `Margin`.", Level: policy.Must, File: "app/AGENTS.md", Line: 4, Format: "agents", HeaderPath: tc.header, Scope: policy.Scope{Dir: "app"}}
		res := bannedRecognizer{}.Recognize(c, rc)
		if len(res.Rules) != 1 {
			t.Fatalf("%v: %d rules (%s)", tc.header, len(res.Rules), res.Unenforced)
		}
		if got := res.Rules[0].Scope.Globs; strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("heading %v: globs %v, want %v", tc.header, got, tc.want)
		}
	}
}

// "Use `require()` for imports" under "## Do Not" (vercel/ai AGENTS.md:318) is about
// modules that can import: a CommonJS config, which exports by assigning
// module.exports, imports with require and is left alone; a script is not.
func TestRequireBanSparesCommonJSModules(t *testing.T) {
	c := &policy.Constraint{ID: "r", Text: "Use `require()` for imports", Level: policy.Must, File: "AGENTS.md", Line: 9, Format: "agents", HeaderPath: []string{"AGENTS.md", "Do Not"}}
	rc := &recognize.RepoContext{Languages: []string{engine.LangTypeScript, engine.LangJavaScript}}
	res := bannedRecognizer{}.Recognize(c, rc)
	if len(res.Rules) != 1 {
		t.Fatalf("%d rules (%s), want 1", len(res.Rules), res.Unenforced)
	}
	r := res.Rules[0]
	r.ID = "r"
	fs, _ := runFiles(t, []*policy.Rule{&r}, map[string]string{
		"web/tailwind.config.js": "module.exports = {\n  plugins: [require('tailwindcss-animate')],\n};\n",
		"web/legacy.cjs":         "const fs = require('fs');\n",
		"scripts/new-page.js":    "const fs = require('node:fs');\nfs.writeFileSync('x', '');\n",
		"src/index.ts":           "const path = require('node:path');\n",
	})
	var got []string
	for _, f := range fs {
		got = append(got, fmt.Sprintf("%s:%d", f.Path, f.Line))
	}
	sort.Strings(got)
	if want := "scripts/new-page.js:1 src/index.ts:1"; strings.Join(got, " ") != want {
		t.Errorf("findings %v, want %s", got, want)
	}
}

// "Call `self._trim()` from the adapter, never `_trim_messages` directly" (the shape
// of pydantic/pydantic-ai pydantic_ai_slim/pydantic_ai/models/AGENTS.md:46): the
// prescribed wrapper calls the helper, and the helper's definition is no use of it.
func TestDirectCallBanSparesThePrescribedWrapper(t *testing.T) {
	c := &policy.Constraint{ID: "w", Text: "An adapter calls `self._trim()` from its message step, never `_trim_messages` directly.", Level: policy.Must, File: "AGENTS.md", Line: 2, Format: "agents"}
	rc := &recognize.RepoContext{Languages: []string{engine.LangPython}}
	res := bannedRecognizer{}.Recognize(c, rc)
	if len(res.Rules) != 1 {
		t.Fatalf("%d rules (%s), want 1", len(res.Rules), res.Unenforced)
	}
	r := res.Rules[0]
	r.ID = "w"
	fs, _ := runFiles(t, []*policy.Rule{&r}, map[string]string{
		"models/base.py":    "def _trim_messages(messages):\n    return messages\n\nclass Model:\n    def _trim(self, messages):\n        return _trim_messages(messages)\n",
		"models/adapter.py": "class Adapter(Model):\n    def prepare(self, messages):\n        return _trim_messages(messages)\n",
	})
	var got []string
	for _, f := range fs {
		got = append(got, fmt.Sprintf("%s:%d", f.Path, f.Line))
	}
	if strings.Join(got, " ") != "models/adapter.py:3" {
		t.Errorf("findings %v, want only the adapter's direct call", got)
	}
}

// A sentence that says a linter enforces it ("... instead of `time.Sleep` (forbidden
// by linter)", temporalio/temporal AGENTS.md:78) leaves alone the sites the project
// marked as exceptions to that linter with golangci-lint's //nolint: on the line,
// alone above it, or on the function around it.
func TestLinterEnforcedBansHonourNolint(t *testing.T) {
	c := &policy.Constraint{ID: "n", Text: "Use `require.Eventually` instead of `time.Sleep` (forbidden by linter)", Level: policy.Must, File: "AGENTS.md", Line: 4, Format: "agents"}
	rc := &recognize.RepoContext{Languages: []string{engine.LangGo}}
	res := bannedRecognizer{}.Recognize(c, rc)
	if len(res.Rules) != 1 {
		t.Fatalf("%d rules (%s), want 1", len(res.Rules), res.Unenforced)
	}
	r := res.Rules[0]
	r.ID = "n"
	src := "package p\n\nimport \"time\"\n\n" +
		"func a() {\n\ttime.Sleep(time.Second) //nolint:forbidigo\n}\n\n" + // 6: marked
		"func b() {\n\t// nolint:forbidigo // waits for the clock\n\ttime.Sleep(time.Second)\n}\n\n" + // 11: marked above
		"//nolint:forbidigo\nfunc c() {\n\ttime.Sleep(time.Second)\n}\n\n" + // 16: the function is marked
		"func d() {\n\ttime.Sleep(time.Second)\n}\n\n" + // 20: not marked
		"func e() {\n\tx() //nolint:errcheck\n\ttime.Sleep(time.Second)\n}\n" // 25: the line above is code
	fs, _ := runFiles(t, []*policy.Rule{&r}, map[string]string{"p/wait_test.go": src})
	var got []string
	for _, f := range fs {
		got = append(got, fmt.Sprintf("%d", f.Line))
	}
	if strings.Join(got, " ") != "20 25" {
		t.Errorf("findings on lines %v, want 20 25", got)
	}
}

func TestSentenceLinters(t *testing.T) {
	for text, want := range map[string]string{
		"Use `InDelta` instead of `Equal` (enforced by `testifylint`)":           "testifylint",
		"Use `require.Eventually` instead of `time.Sleep` (forbidden by linter)": "*",
		"Never call `time.Sleep` in tests.":                                      "",
		"Use `errors.Is`, as checked by the reviewers.":                          "",
	} {
		s := newSentence(&policy.Constraint{Text: text})
		if got := strings.Join(sentenceLinters(s), ","); got != want {
			t.Errorf("%q: linters %q, want %q", text, got, want)
		}
	}
}

// "In production code" is the code that ships: not tests, and not example apps,
// scripts, a repository's tools/ and CI, or the config files of its build and test
// tools (vercel/ai AGENTS.md:152; its examples/ and vitest configs call JSON.parse);
// and the package the sentence names as the replacement's home implements it.
func TestProductionCodeIsWhatShips(t *testing.T) {
	c := &policy.Constraint{ID: "p", Text: "Never use `JSON.parse` directly in production code. Instead use `parseJSON` from `@acme/json-utils`.", Level: policy.Must, File: "AGENTS.md", Line: 7, Format: "agents"}
	rc := &recognize.RepoContext{Languages: []string{engine.LangTypeScript, engine.LangJavaScript}, Dirs: []string{"packages", "packages/core", "packages/json-utils"}}
	res := bannedRecognizer{}.Recognize(c, rc)
	if len(res.Rules) != 1 {
		t.Fatalf("%d rules (%s), want 1", len(res.Rules), res.Unenforced)
	}
	r := res.Rules[0]
	r.ID = "p"
	call := "export const v = JSON.parse(s);\n"
	fs, _ := runFiles(t, []*policy.Rule{&r}, map[string]string{
		"packages/core/src/load.ts":            call,
		"packages/core/src/load.test.ts":       call,
		"packages/core/vitest.node.config.js":  call,
		"examples/chat/util/store.ts":          call,
		"tools/check-deps.mjs":                 call,
		"packages/core/scripts/build-types.ts": call,
		".github/actions/check/index.js":       call,
		"packages/json-utils/src/parse.ts":     call, // the replacement's own home
	})
	var got []string
	for _, f := range fs {
		got = append(got, f.Path)
	}
	if strings.Join(got, " ") != "packages/core/src/load.ts" {
		t.Errorf("findings %v, want only the package's source", got)
	}
}

// "Use `s.Require().NoError(err)` instead of `s.NoError(err)`" (temporalio/temporal
// AGENTS.md:80): in a suite that embeds *require.Assertions, directly or through a
// base suite of the repository, s.NoError already stops the test; in a plain
// suite.Suite it only logs.
func TestRequireAssertionBanSparesRequireSuites(t *testing.T) {
	c := &policy.Constraint{ID: "s", Text: "For error assertions in testify suites, use `s.Require().NoError(err)` instead of `s.NoError(err)`", Level: policy.Must, File: "AGENTS.md", Line: 3, Format: "agents"}
	rc := &recognize.RepoContext{Languages: []string{engine.LangGo}}
	res := bannedRecognizer{}.Recognize(c, rc)
	if len(res.Rules) != 1 {
		t.Fatalf("%d rules (%s), want 1", len(res.Rules), res.Unenforced)
	}
	r := res.Rules[0]
	r.ID = "s"
	fs, _ := runFiles(t, []*policy.Rule{&r}, map[string]string{
		"go.mod":                  "module example.com/app\n\ngo 1.22\n",
		"testkit/base.go":         "package testkit\n\nimport (\n\t\"github.com/stretchr/testify/require\"\n\t\"github.com/stretchr/testify/suite\"\n)\n\ntype Base struct {\n\tsuite.Suite\n\t*require.Assertions\n}\n",
		"store/store_test.go":     "package store\n\nimport \"example.com/app/testkit\"\n\ntype storeSuite struct {\n\ttestkit.Base\n}\n\nfunc (s *storeSuite) TestPut() {\n\ts.NoError(put())\n}\n",
		"cache/cache_test.go":     "package cache\n\nimport \"github.com/stretchr/testify/suite\"\n\ntype cacheSuite struct {\n\tsuite.Suite\n}\n\nfunc (s *cacheSuite) TestGet() {\n\ts.NoError(get())\n}\n",
		"queue/queue_test.go":     "package queue\n\ntype (\n\tqueueSuite struct {\n\t\tsuite.Suite\n\t\t*require.Assertions\n\t}\n)\n",
		"queue/queue_pop_test.go": "package queue\n\nfunc (s *queueSuite) TestPop() {\n\ts.NoError(pop())\n}\n",
	})
	var got []string
	for _, f := range fs {
		got = append(got, fmt.Sprintf("%s:%d", f.Path, f.Line))
	}
	if strings.Join(got, " ") != "cache/cache_test.go:10" {
		t.Errorf("findings %v, want only the plain suite's s.NoError", got)
	}
}

// expectRecognized checks that a constraint compiles into rules described as want (each
// a part of describe's text), in order, and that every rule passes its own cases.
func expectRecognized(t *testing.T, con *policy.Constraint, rc *recognize.RepoContext, want []string) {
	t.Helper()
	var got []string
	for _, r := range recognizeAll(con, rc) {
		got = append(got, describe(r))
		r := r
		r.ID = con.Text
		checkRuleCases(t, &r, con.Text)
	}
	if len(got) != len(want) {
		t.Errorf("%q: got %q, want %q", con.Text, got, want)
		return
	}
	for i := range got {
		if !strings.Contains(got[i], want[i]) {
			t.Errorf("%q: rule %d = %q, want it to contain %q", con.Text, i, got[i], want[i])
		}
	}
}

// markerRE is the expression a ban of a comment marker compiles to.
func markerRE(m string) string {
	return directiveRegex(shape{kind: "comment", text: m, marker: true})
}

// A comment marker is used where it opens its comment, or a line of it, and says what
// follows; a comment that names markers, as a debt detector's documentation does, uses
// none (wild round 17).
func TestMarkerOpensItsComment(t *testing.T) {
	re := regexp.MustCompile(markerRE("TODO"))
	for line, want := range map[string]bool{
		"// TODO: add tests":                        true,
		"    # TODO fix the retry":                  true,
		"// TODO(ana): drop after v3":               true,
		"/* TODO */":                                false,
		"// TODO":                                   true,
		"// Slow on big inputs. TODO: cache it":     true,
		"// Only explicit TODO/FIXME patterns":      false,
		"Requirement, // TODO, FEAT - features":     false,
		"/// text: \"TODO: validate\".to_string(),": false,
		"//!   * no SATD comments (TODO, FIXME)":    false,
		"/// Detects TODO markers in the tree":      false,
	} {
		if got := re.MatchString(line); got != want {
			t.Errorf("%q: marker found = %v, want %v", line, got, want)
		}
	}
}
