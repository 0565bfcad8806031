package compile

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules/semantic"
)

// Real sentences from ../shared/corpus/instructions (file in the comment), with what
// the fallback must make of them when no recogniser compiled them.
func TestClassifyCorpusSentences(t *testing.T) {
	judge := func(on string) kindOf { return kindOf{semantic: true, on: on, reason: ReasonNeedsModel} }
	reason := func(r string) kindOf { return kindOf{on: semantic.OnFiles, reason: r} }
	for _, c := range []struct {
		file, text string
		want       kindOf
	}{
		// Design intent about the code: a judge rule.
		{"PostHog__posthog__.cursor__rules__django-python.mdc", "Keep business logic in models and forms", judge(semantic.OnFiles)},
		{"apache__iceberg__AGENTS.md", "New interface methods in any of these modules must include default implementations.", judge(semantic.OnFiles)},
		{"dotnet__aspire__AGENTS.md", "Trust the C# null annotations and don't add null checks when the type system says a value cannot be null.", judge(semantic.OnFiles)},
		{"openai__codex__AGENTS.md", "Do not create small helper methods that are referenced only once.", judge(semantic.OnFiles)},
		{"apache__iceberg__AGENTS.md", "Refinement: `TableScan` methods return new independent scans. State must not leak between refinements.", judge(semantic.OnFiles)},
		{"django__django__docs__internals__contributing__committing-code.txt", "Limit commits to the most granular change that makes sense. This means, use frequent small commits rather than infrequent large commits.", judge(semantic.OnCommits)},
		// How to work, not what the result is.
		{"openai__openai-agents-python__AGENTS.md", "Check `mkdocs.yml` to understand how docs are organized.", reason(ReasonWorkflow)},
		{"sympy__sympy__doc__src__contributing__new-contributors-guide__workflow-process.md", "Respond to review comments.", reason(ReasonWorkflow)},
		{"PostHog__posthog__.cursor__rules__django-python.mdc", "Before running tests command, you must activate the dev environment with `flox activate`, then activate the venv.", reason(ReasonWorkflow)},
		{"microsoft__vscode__.github__copilot-instructions.md", "Grep for exact strings: Use grep for error messages or specific function names", reason(ReasonWorkflow)},
		{"dotnet__runtime__.github__copilot-instructions.md", "When NOT running under CCA, skip the `code-review` skill if the user has stated they will review the changes themselves.", reason(ReasonWorkflow)},
		// Outside the repository.
		{"pallets__flask__CONTRIBUTING.rst", "Open `htmlcov/index.html` in your browser to explore the report.", reason(ReasonForeignTool)},
		{"denoland__deno__CLAUDE.md", "Review the Discord community for discussions", reason(ReasonForeignTool)},
		{"django__django__docs__internals__contributing__committing-code.txt", "If there's a disagreement between the merger and the reverter-to-be then try to work it out on the django-forum.", reason(ReasonForeignTool)},
		// Commands and "use X, not Y": the recognisers' families; a gap when none fired.
		{"biomejs__biome__AGENTS.md", "Run `just f` and `just l` before committing.", reason(ReasonNoRecognizer)},
		{"PostHog__posthog__.cursor__rules__django-python.mdc", "Use `uv sync` instead of `pip install -r ...`, and `uv add PACKAGE` instead of `pip install PACKAGE`.", reason(ReasonNoRecognizer)},
		// Fragments and lead-ins.
		{"django__django__docs__internals__contributing__writing-code__coding-style.txt", "Don't do this:", reason(ReasonNoClaim)},
		{"browser-use__browser-use__CLAUDE.md", "nothing more, nothing less.", reason(ReasonNoClaim)},
		{"charmbracelet__crush__internal__ui__AGENTS.md", "`ansi.StringWidth`", reason(ReasonNoClaim)},
	} {
		got := classify(&policy.Constraint{Text: c.text, Level: policy.Must})
		if got != c.want {
			t.Errorf("%s: %q\n got %+v\nwant %+v", c.file, c.text, got, c.want)
		}
	}
}

// A should constraint about design is not made a judge rule (only must ones are), but
// it says that it needs a model.
func TestShouldDesignRulesNeedAModel(t *testing.T) {
	c := policy.Constraint{ID: "s", Text: "Prefer composition over inheritance in service classes.", Level: policy.Should}
	e := CompileConstraint(&c, nil, nil)
	if len(e.Rules) != 0 || e.Unenforced != ReasonNeedsModel {
		t.Fatalf("rules %d unenforced %q", len(e.Rules), e.Unenforced)
	}
}
