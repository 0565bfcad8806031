package source

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// TestCFamilyConstructsNamed: the sentences that name catalogue_cfamily.go's
// conventions as a rule, and the ones that only mention them or ask the opposite.
func TestCFamilyConstructsNamed(t *testing.T) {
	for _, c := range []struct {
		entry *Entry
		text  string
		want  bool
	}{
		{cTypedefStruct, "Use structs by all means, but do not typedef them.", true},
		{cTypedefStruct, "Don't typedef structs.", true},
		{cTypedefStruct, "No `typedef struct` declarations.", true},
		{cTypedefStruct, "Every public struct gets a typedef ending in `_t`.", false},
		{cTypedefStruct, "Never typedef pointer types.", false},
		{csConfigureAwait, "Always call `ConfigureAwait(false)` on awaited tasks in library code.", true},
		{csConfigureAwait, "Library code must use `.ConfigureAwait(false)` on every await.", true},
		{csConfigureAwait, "Don't use `ConfigureAwait(false)` in ASP.NET Core application code.", false},
		{csConfigureAwait, "`ConfigureAwait` is not needed in the app.", false},
		{catalogueEntry("go-context-name"), "`context.Context` is always the first parameter, named `ctx`.", true},
		{catalogueEntry("go-context-name"), "Pass a `context.Context` called `ctx` first.", true},
		{catalogueEntry("go-context-name"), "Pass `context.Context` as the first parameter.", false},
	} {
		s := newSentence(&policy.Constraint{Text: c.text, Level: policy.Must})
		if got := c.entry.Names(s); got != c.want {
			t.Errorf("%s names %q: %v, want %v", c.entry.Name, c.text, got, c.want)
		}
	}
}

// TestAsAnyBansTheAssertion: "never `as any`" bans the assertion to any, not every
// annotation with it (Lumilio-Photos FRONTEND.md:443, wild round 24); "no `any`"
// keeps the whole type.
func TestAsAnyBansTheAssertion(t *testing.T) {
	for text, narrowed := range map[string]bool{
		"Type fixtures with the generated DTOs and `satisfies`, never `as any`.": true,
		"No `any`; use `unknown` and narrow it.":                                 false,
	} {
		rules := rulesOf(t, text, "a", "typescript")
		if len(rules) == 0 {
			t.Fatalf("%q: no rule", text)
		}
		if got := strings.Contains(string(rules[0].Params), "as_expression"); got != narrowed {
			t.Errorf("%q: narrowed to the assertion %v, want %v: %s", text, got, narrowed, rules[0].Params)
		}
	}
}

// TestJSStyleIndentJudgesJavaScriptOnly: an indentation listed with a JavaScript
// formatter's options is the JavaScript family's (ben-watt/surveyor-v2 CLAUDE.md:86,
// wild round 24: Capacitor's generated Java keeps four spaces).
func TestJSStyleIndentJudgesJavaScriptOnly(t *testing.T) {
	for text, want := range map[string]string{
		"- 2-space indentation, single quotes, trailing commas": `["tsx","typescript"]`,
		"- Use 2-space indentation.":                            `["java","tsx","typescript"]`,
	} {
		var got string
		for _, r := range rulesOf(t, text, "i", "java", "typescript") {
			if strings.Contains(string(r.Params), `"indent"`) {
				var p TextParams
				if err := decode(r.Params, &p); err != nil {
					t.Fatal(err)
				}
				got = `["` + strings.Join(p.Languages, `","`) + `"]`
			}
		}
		if got != want {
			t.Errorf("%q: languages %s, want %s", text, got, want)
		}
	}
}

// TestATestFolderPlacesItsTests: under a heading about tests, a sentence that names
// the folder of its tests judges that folder alone, not every test file besides
// (jelrod27/Weather-application- AGENTS.md:105-106, wild round 24); "in `tests/`
// directories" is every folder of that name (sympy's workflow-process.md:192).
func TestATestFolderPlacesItsTests(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"typescript", "python"}, Dirs: []string{"tests", "tests/e2e", "__tests__", "pkg", "pkg/tests"}}
	for text, want := range map[string]string{
		"E2E tests in `tests/e2e/` with `.spec.ts` suffix":                                               "tests/e2e/**",
		"Unit tests in `__tests__/` directory with `.test.ts` suffix":                                    "__tests__/**",
		"Tests are located alongside the code in `tests/` directories, in files named `test_<file>.py`.": "**/tests/**",
	} {
		con := &policy.Constraint{ID: "x", Text: text, File: "AGENTS.md", Line: 1, Level: policy.Should, HeaderPath: []string{"Code Style Guidelines", "Testing Patterns"}}
		rules := recognizeAll(con, rc)
		if len(rules) == 0 {
			t.Errorf("%q: no rule", text)
		}
		for _, r := range rules {
			if got := strings.Join(r.Scope.Globs, ","); got != want {
				t.Errorf("%q: globs %s, want %s", text, got, want)
			}
		}
	}
}

// TestACJKHeadingNamesItsFolder: a heading of CJK text that names its folder in
// full-width parentheses ("### 性能测试（performance/）", wild round 25) places its
// rules there.
func TestACJKHeadingNamesItsFolder(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"python"}, Dirs: []string{"src", "src/tests", "src/tests/performance", "src/tests/integration"}}
	c := &policy.Constraint{Text: "禁止 Mock：性能测试直接调用真实服务，不使用 Mock", Level: policy.Must, File: "src/tests/AGENTS.md", Scope: policy.Scope{Dir: "src/tests"}, HeaderPath: []string{"测试", "性能测试（performance/）"}}
	s := itemSentence(c, rc)
	if got := headingPlainPath(s, rc); got != "src/tests/performance/**" {
		t.Errorf("heading folder %q", got)
	}
}

// TestAKindUnderAHeadingsFolder: "### Mobile (`apps/mobile`)" over "Hooks: ...
// camelCase files" places the rule in the hooks of that folder, not of every app
// (aurickwilliam/apt-rental-platform AGENTS.md:153, wild round 26).
func TestAKindUnderAHeadingsFolder(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"typescript"}, Dirs: []string{"apps", "apps/mobile", "apps/mobile/hooks", "apps/web", "apps/web/hooks"}}
	c := &policy.Constraint{Text: "Hooks: `hooks/<domain>/useX.ts` camelCase files.", Level: policy.Should, File: "AGENTS.md", HeaderPath: []string{"Repository Conventions", "Mobile (`apps/mobile`)"}}
	s := itemSentence(c, rc)
	globs, _, ok := kindPlace(s, rc)
	if !ok || strings.Join(globs, ",") != "apps/mobile/hooks/**" {
		t.Errorf("place %v (%v)", globs, ok)
	}
}
