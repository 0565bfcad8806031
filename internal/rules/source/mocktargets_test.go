package source

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// TestMockTargetRules: a ban of mocking one named thing finds the mocks of it in each
// language's mocking calls, and no other mock; its own cases hold (batch 642, wild
// round 24).
func TestMockTargetRules(t *testing.T) {
	for _, c := range []struct {
		text, lang, path string
		bad, good        []string
	}{
		{"Do not mock `$api`; drive it with MSW.", "typescript", "src/a.spec.ts",
			[]string{"vi.mock(\"@/lib/q\", () => ({ $api: {} }));\n", "vi.spyOn(client, \"$api\");\n"},
			[]string{"vi.mock(\"./picker\", () => ({ default: null }));\nconst f = vi.fn();\n", "const $api = makeApi();\n"}},
		{"Never mock internal modules (`@/lib/*`) with `jest.mock`.", "typescript", "src/a.test.ts",
			[]string{"jest.mock(\"@/lib/db\");\n"},
			[]string{"jest.mock(\"axios\");\n", "jest.mock(\"./local\", () => ({ lib: 1 }));\n"}},
		{"Never mock `requests`; use `responses`.", "python", "tests/test_a.py",
			[]string{"@patch(\"app.client.requests.get\")\ndef test_a(m):\n    pass\n", "def test_a(mocker):\n    mocker.patch(\"requests.get\")\n", "def test_a(mocker):\n    mocker.patch.object(requests, \"get\")\n"},
			[]string{"def test_a(mocker):\n    mocker.patch(\"app.requests_log.write\")\n", "def test_a(mocker):\n    mocker.patch(\"app.clock.now\")\n"}},
		{"Don't mock `ILogger`; use `NullLogger<T>.Instance`.", "csharp", "tests/A.Tests/ATests.cs",
			[]string{"class ATests {\n    Mock<ILogger<Foo>> m = new Mock<ILogger<Foo>>();\n}\n", "class ATests {\n    ILogger l = Substitute.For<ILogger>();\n}\n"},
			[]string{"class ATests {\n    Mock<IRepository> m = new Mock<IRepository>();\n    List<ILogger> ls;\n}\n"}},
		{"Do not mock `Clock`; inject `Clock.fixed(...)`.", "java", "src/test/java/a/ATest.java",
			[]string{"class ATest {\n  Clock c = mock(Clock.class);\n}\n", "class ATest {\n  @Mock\n  Clock clock;\n}\n"},
			[]string{"class ATest {\n  Repo r = mock(Repo.class);\n  Clock c = Clock.systemUTC();\n}\n"}},
		{"Don't mock `Store`; use the real one.", "go", "a/a_test.go",
			[]string{"package a\n\nfunc TestA(t *testing.T) {\n\t_ = NewMockStore(ctrl)\n}\n"},
			[]string{"package a\n\nfunc TestA(t *testing.T) {\n\t_ = NewMockMailer(ctrl)\n\t_ = NewStore()\n}\n"}},
	} {
		rules := rulesOf(t, c.text, "m", c.lang)
		var mine []*policy.Rule
		for _, r := range rules {
			if strings.HasPrefix(r.Message, "a mock of") {
				mine = append(mine, r)
			}
		}
		if len(mine) != 1 {
			t.Errorf("%q: %d mock rules of %d", c.text, len(mine), len(rules))
			continue
		}
		for _, cs := range mine[0].Cases {
			fs, _ := runFiles(t, mine, map[string]string{cs.Path: cs.Code})
			if (len(fs) > 0) != (cs.Expect == policy.ExpectViolated) {
				t.Errorf("%q: its own case %q: %d findings", c.text, cs.Code, len(fs))
			}
		}
		for _, code := range c.bad {
			if fs, _ := runFiles(t, mine, map[string]string{c.path: code}); len(fs) == 0 {
				t.Errorf("%q: not found in %q", c.text, code)
			}
		}
		for _, code := range c.good {
			if fs, _ := runFiles(t, mine, map[string]string{c.path: code}); len(fs) > 0 {
				t.Errorf("%q: found in %q", c.text, code)
			}
		}
	}
}

// TestABareCheckInsideTheHelper: "gates on `EditorUi.isMermaidSupported()` — never a
// bare `isMermaidEnabled` or `typeof mxMermaidToDrawio` check" (a draw.io copy's
// CLAUDE.md, wild round 25): the helper's own body, a function bound to a member, is
// where the bare check belongs; elsewhere it is banned.
func TestABareCheckInsideTheHelper(t *testing.T) {
	rules := rulesOf(t, "Mermaid gating: every mermaid entry point gates on `EditorUi.isMermaidSupported()` — never a bare `isMermaidEnabled` or `typeof mxMermaidToDrawio` check.", "m", "javascript")
	helper := "EditorUi.isMermaidSupported = function () {\n  return window.isMermaidEnabled && typeof mxMermaidToDrawio !== 'undefined';\n};\n"
	if fs, _ := runFiles(t, rules, map[string]string{"js/EditorUi.js": helper}); len(fs) != 0 {
		t.Errorf("the helper's body flagged: %d findings", len(fs))
	}
	entry := "function open() {\n  if (window.isMermaidEnabled && typeof mxMermaidToDrawio !== 'undefined') {\n    run();\n  }\n}\n"
	if fs, _ := runFiles(t, rules, map[string]string{"js/Menus.js": entry}); len(fs) < 2 {
		t.Errorf("an entry point's bare checks: %d findings, want 2", len(fs))
	}
}
