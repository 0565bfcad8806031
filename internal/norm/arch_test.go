package norm

import (
	"slices"
	"strings"
	"testing"
)

func TestBoundaryStatement(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Allowed import direction: `api` -> `service` -> `repository`.", true},
		{"Dependencies flow one way: `app` → `lib` → `utils`.", true},
		{"Layers: `domain` ← `application` ← `infrastructure`", true},
		{"`render` depends only on `model`.", true},
		{"Only tests may import `internal/fixtures`.", true},
		{"Only `_test.go` files may import `internal/testutil`.", true},
		{"Neither `ui` nor `api` may import `db`.", true},
		{"Only maintainers may merge to `main`.", false},
		{"`domain/` imports nothing.", true},
		{"`application/` imports domain only.", true},
		{"`api/` imports application + contracts only.", true},
		{"`api/` imports the router.", false},
		{"Only `pnpm` may be used.", false},
		{"The `core` package imports only from `util`.", true},
		{"Request flow: `extension.ts` → `controller.ts` → `task.ts`.", false},
		{"Run `make` -> `make test` -> `make install`.", false},
		{"`render` depends on `model`.", false},
		{"Imports: `a` -> `b`.", false},
		{"Install dependencies: `npm ci` -> `npm run build` -> `npm test`.", false},
		{"The `domain` layer knows nothing about `http`.", true},
		{"`pkg/parser` is independent of `pkg/render`.", true},
		{"`internal/gateway` is the only package that talks to `github.com/stripe/stripe-go`.", true},
		{"The `cache` is independent of the request.", false},
		{"`heed` is the only tool that reads `AGENTS.md`.", false},
		// where tests live, said as a fact, describes the layout (instr's level
		// examples pin it as information); with a modal it is a placement rule
		{"Tests live next to the code they test.", false},
	} {
		if got := BoundaryStatement(c.text); got != c.want {
			t.Errorf("BoundaryStatement(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestCoChanges(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"If you change `package.json`, commit the updated `package-lock.json` with it.", "package.json -> package-lock.json"},
		{"Changes to `proto/` must come with the regenerated code in `gen/`.", "proto/ -> gen/"},
		{"A change to `app/models/` needs a migration in `db/migrate/`.", "app/models/ -> db/migrate/"},
		{"Changes to `src/` should be small.", ""},
		{"If you change `make test`, update `make lint`.", ""},
	} {
		var got []string
		for _, cc := range CoChanges(c.text) {
			got = append(got, strings.Join(cc.If, ",")+" -> "+strings.Join(cc.Then, ","))
		}
		if strings.Join(got, "; ") != c.want {
			t.Errorf("CoChanges(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestCommitsOn(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Never commit directly on `main`; create a branch first.", "main"},
		{"Never commit to `main` or `master`.", "main master"},
		{"Do not commit directly to the main branch.", "main"},
		{"Always work on a feature branch, never on `main`.", "main"},
		{"Never push to `main`.", ""},
		{"Never force-push to `main`.", ""},
	} {
		var got []string
		for _, n := range Read(c.text, Context{}) {
			got = append(got, CommitsOn(&n)...)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("CommitsOn(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestWorkOnBranch(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Create a new branch for your contribution.", ""},
		{"You can create a branch from `main` to try it.", ""},
		{"Fork the repo and create your branch from `main`.", "main"},
		{"Create & push a feature branch", ""},
		{"IMPORTANT: Making changes in `main` is discouraged.", "main"},
		{"It is a good practice to create branches instead of pushing to master.", "master"},
		{"Delete the branch after merging.", ""},
		{"Name your branch after the issue.", ""},
		{"Backport fixes to the release branch.", ""},
		{"The CI runs on every branch.", ""},
	} {
		if got := strings.Join(WorkOnBranch(c.text), " "); got != c.want {
			t.Errorf("WorkOnBranch(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestFormatStatement(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Commit messages follow `<type>(<scope>): <subject>`, with type one of `feat`, `fix`.", true},
		{"PR titles use Conventional Commits.", true},
		{"Commits follow the style of the project's history.", false},
		{"Commit messages are reviewed by a maintainer.", false},
		{"The CLI uses `<name>` as a placeholder.", false},
	} {
		if got := FormatStatement(c.text); got != c.want {
			t.Errorf("FormatStatement(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestImportColumn(t *testing.T) {
	for _, c := range []struct {
		header string
		want   bool
	}{
		{"Layer | May import", true},
		{"Package | Allowed imports | Notes", true},
		{"Command | What it does", false},
		{"Don't | Do instead", false},
	} {
		if got := ImportColumn(c.header); got != c.want {
			t.Errorf("ImportColumn(%q) = %v, want %v", c.header, got, c.want)
		}
	}
}

func TestTestsExempted(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"`store` must not import `testkit` outside its tests.", true},
		{"`api` must not import `db`, except in tests.", true},
		{"`app.core` must not import `app.web` (tests excepted).", true},
		{"`src/domain/` must not import from `src/infra/`. Tests are exempt.", true},
		{"Files in `src/ui/` must not import `src/db/` (test files such as `*.test.ts` are exempt).", true},
		{"`data` must never import `ui` outside of unit tests.", true},
		{"Classes in `domain` must not depend on `infra`, except in test code.", true},
		{"Import rules (test files excepted)", true},
		{"`ui` must never import `server`, not even in tests.", false},
		{"`api` must not import `db`; tests of `api` use the fakes in `fakes`.", false},
		{"`api` must not import `db`.", false},
		{"Write tests for every change outside `vendor/`.", false},
	} {
		if got := TestsExempted(c.text); got != c.want {
			t.Errorf("TestsExempted(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestTestsFramedOut(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Test files (`_test.go`) are outside these boundaries: a test may import what it needs to build its case.", true},
		{"Every package has its boundary below. Test files are outside these boundaries.", true},
		{"These rules do not apply to `_test.go` files.", true},
		{"Test modules (`test_*.py`) may import any layer.", true},
		{"Tests may import anything.", true},
		{"Tests must not import `internal/cli`.", false},
		{"Run the tests before you push.", false},
		{"These rules apply to tests too.", false},
	} {
		if got := TestsFramedOut(c.text); got != c.want {
			t.Errorf("TestsFramedOut(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestSplitArrowSpans(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Layers: `cmd → pkg → internal`, where `internal: []` means none.", "Layers: `cmd` → `pkg` → `internal`, where `internal: []` means none."},
		{"Run `make build -> make test -> make install`.", "Run `make build -> make test -> make install`."},
		{"`a -> b`", "`a -> b`"},
	} {
		if got := SplitArrowSpans(c.in); got != c.want {
			t.Errorf("SplitArrowSpans(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if !BoundaryStatement("Architecture: strict 3-layer: `cmd → pkg → internal`, where `internal: []` means internal packages cannot import each other.") {
		t.Error("an arrow list in one span, beside a span with a space, is a boundary statement")
	}
}

// Boundary sentences with and without a directive, of our own writing.
func TestArchDirective(t *testing.T) {
	for _, c := range []struct {
		text, context string
		headings      []string
		want          bool
	}{
		{"`model` must never import `server`.", "", nil, true},
		{"Never import `server` from `model`.", "", nil, true},
		{"Keep `model` free of imports from `server`.", "", nil, true},
		{"`render` depends only on `model`.", "", nil, true},
		{"Neither `ui` nor `api` may import `db`.", "", nil, true},
		{"No circular imports between packages.", "", nil, true},
		{"Nothing imports `cli` except `cmd`.", "", nil, true},
		{"Allowed import direction: `api` -> `service` -> `store`.", "", nil, true},
		{"| `service` | `store` |", "| Package | May import |", nil, true},
		{"Dependencies flow one way: `app` → `lib` → `util`.", "", []string{"Import rules"}, true},
		{"Dependencies flow one way: `app` → `lib` → `util`.", "", []string{"Overview"}, false},
		{"The `model` package knows nothing about `server`.", "", nil, false},
		{"`src/base` is the foundation layer.", "", nil, false},
		{"Test files live in `tests/`.", "", nil, false},
	} {
		if got := ArchDirective(c.text, c.context, c.headings); got != c.want {
			t.Errorf("%q (context %q, headings %q): directive %v, want %v", c.text, c.context, c.headings, got, c.want)
		}
	}
}

// How-to steps on paths, and boundary sentences that are none, of our own writing.
func TestPathOperation(t *testing.T) {
	for text, want := range map[string]bool{
		"you may have to create a symlink from `docs/site/snippets` to `snippets` by hand": true,
		"Before building, copy the templates: `templates/base` -> `site/layouts`.":         true,
		"Move its tests from `tests/legacy` to `tests/unit` with `git mv`.":                true,
		"Point `web/static` to `assets/dist` so the dev server finds the bundle.":          true,
		"Imports go from `api` to `service`, never back.":                                  false,
		"Layers, from `domain` to `adapter`, each import only the ones below.":             false,
	} {
		if got := PathOperation(text); got != want {
			t.Errorf("%q: path operation %v, want %v", text, got, want)
		}
	}
	if got := WithoutDependingCondition("Depending on your git settings, you may need a link."); strings.Contains(got, "Depending") {
		t.Errorf("the condition stays: %q", got)
	}
}

// One reader answers "statement or directive?" for the certainty checks (Statement)
// and for boundary sentences (ArchDirective): of sentences that open with a subject
// other than the reader, of our own writing, the two agree.
func TestStatementAndBoundaryDirectiveAgree(t *testing.T) {
	for text, directive := range map[string]bool{
		"The generated clients belong in `gen/`.":           true,
		"The `ui` layer has to go through `service`.":       true,
		"The `core` package shall stay free of `web`.":      true,
		"The `api` package may import `store` and `log`.":   true,
		"Imports of `web` are disallowed in `core`.":        true,
		"The `model` package knows nothing about `server`.": false,
		"The `render` package is the view layer.":           false,
		"These modules are loaded by `main` at start-up.":   false,
	} {
		if got := Statement(text) == ""; got != directive {
			t.Errorf("Statement(%q): directive %v, want %v", text, got, directive)
		}
		if got := ArchDirective(text, "", nil); got != directive {
			t.Errorf("ArchDirective(%q) = %v, want %v", text, got, directive)
		}
	}
}

func TestGrantsBoundaryException(t *testing.T) {
	for text, want := range map[string]bool{
		"The admin screens (`src/ui/admin/`) are the one exception: they read `src/db/` directly.": true,
		"`cmd/migrate` is allowed to use `internal/db`.":                                           true,
		"`src/ui/admin/` may import `src/db/`.":                                                    true,
		"`src/ui/admin/` may not import `src/db/` either.":                                         false,
		"There are no exceptions for `src/ui/admin/`.":                                             false,
		"Keep `src/ui/admin/` small.":                                                              false,
	} {
		if got := GrantsBoundaryException(text); got != want {
			t.Errorf("GrantsBoundaryException(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestCollapseNamedSpans(t *testing.T) {
	for in, want := range map[string]string{
		"the storage layer (§0) has no knowledge of http (§1).": "the §0 has no knowledge of §1.",
		"§0 must not depend on android framework classes (§1).": "§0 must not depend on §1.",
		"only test files (§0) may import §1":                    "only test files (§0) may import §1",
		"use §0 (§1) for this":                                  "use §0 (§1) for this",
		"The Storage Layer (§) has no knowledge of HTTP (§).":   "The § has no knowledge of §.",
	} {
		if got := collapseNamedSpans(in); got != want {
			t.Errorf("collapseNamedSpans(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLayerRuleItem(t *testing.T) {
	cases := []struct {
		text, ctx string
		want      bool
	}{
		{"`app`: may import `domain`", "Layer rules:", true},
		{"`domain`: imports nothing from the project", "Layer rules:", true},
		{"`app`: may import `domain`", "Examples:", false},
		{"`app`: the application services", "Layers:", false},
		{"`app`: may import `domain`", "Layer rules", false},
	}
	for _, c := range cases {
		if got := LayerRuleItem(c.text, c.ctx); got != c.want {
			t.Errorf("LayerRuleItem(%q, %q) = %v, want %v", c.text, c.ctx, got, c.want)
		}
	}
}

// Boundaries with their way round (batch 659, paraphrased): the parts of a target a
// sentence excepts, a private folder and the one part of it others reach, German with
// its verb last (as written and as glossed word by word).
func TestReadBoundaryWaysRound(t *testing.T) {
	for _, c := range []struct {
		text             string
		form             BoundaryForm
		from, to, except []int
	}{
		{"`net/` imports nothing from `core/` except `core/api/`.", BoundaryForbid, []int{0}, []int{1}, []int{2}},
		{"`store/` is private: reach it only through `store/public/`.", BoundaryExcept, []int{0}, []int{0}, []int{1}},
		{"`domain/` darf nichts aus `web/` importieren.", BoundaryForbid, []int{0}, []int{1}, nil},
		{"`domain/` must not `web/` import.", BoundaryForbid, []int{0}, []int{1}, nil},
	} {
		as := ArchSentences(c.text)
		if len(as) != 1 {
			t.Fatalf("%q: %d sentences", c.text, len(as))
		}
		b := ReadBoundary(as[0].Prose, BoundaryContext{})
		if b.Form != c.form || !slices.Equal(b.From, c.from) || !slices.Equal(b.To, c.to) || !slices.Equal(b.Except, c.except) {
			t.Errorf("%q: %+v", c.text, b)
		}
	}
	if p, ok := ArchAntecedent("the cli (§0) never imports it directly", "§0 holds the wire types.", 1); !ok || p != "the cli (§0) never imports §1 directly" {
		t.Errorf("antecedent: %q %v", p, ok)
	}
}
