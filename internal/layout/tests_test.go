package layout

import (
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

func matches(globs []string, p string) bool {
	for _, g := range globs {
		if policy.MatchGlob(g, "", p) {
			return true
		}
	}
	return false
}

// What each kind of rule counts as a test, on paths of real layouts.
func TestWhatCountsAsATest(t *testing.T) {
	tests := AllGlobs(Tests | Support)
	for _, c := range []struct {
		path string
		want bool
	}{
		{"internal/shell/parse_test.go", true},
		{"internal/shell/testdata/cases.txt", true},
		{"pkg/conftest.py", true},
		{"src/__mocks__/fs.js", true},
		{"osu.Game.Tests/Visual/TestSceneA.cs", true},
		{"src/Foo.UnitTests/Helpers.cs", true},
		{"app/src/androidTest/java/MainTest.kt", true},
		{"lib/testing/fakes.go", true},
		// a benchmark or a story is no test of the change's behaviour
		{"benches/parse.rs", false},
		{"src/Button.stories.tsx", false},
		{"internal/shell/parse.go", false},
		{"src/contest.py", false},
	} {
		if got := matches(tests, c.path); got != c.want {
			t.Errorf("%s counts as a test: %v, want %v", c.path, got, c.want)
		}
	}
}

// "Production code" leaves out a language's tests and what sits beside them; the
// layouts of another language do not apply.
func TestNotProductionByLanguage(t *testing.T) {
	for _, c := range []struct {
		lang, path string
		want       bool
	}{
		{engine.LangRust, "benches/parse.rs", true},
		{engine.LangRust, "tests/cli.rs", true},
		{engine.LangRust, "src/lib.rs", false},
		{engine.LangRust, "src/core/pubsub/integration_tests.rs", true},
		{engine.LangRust, "src/parser/tests.rs", true},
		{engine.LangRust, "src/contest.rs", false},
		{engine.LangTSX, "src/Button.stories.tsx", true},
		{engine.LangTypeScript, "src/types.test-d.ts", true},
		{engine.LangJava, "src/it/java/a/OrderIT.java", true},
		{engine.LangGo, "tests/helper.py", false},
		{engine.LangSwift, "Tests/AppTests/AppTests.swift", false}, // no layout known
	} {
		if got := matches(Globs(c.lang, Any), c.path); got != c.want {
			t.Errorf("%s %s is outside production: %v, want %v", c.lang, c.path, got, c.want)
		}
	}
	// the tests alone, for the architecture rules: no benchmarks' support folders
	if matches(Globs(engine.LangGo, Tests), "internal/x/testdata/a.go") {
		t.Error("testdata/ counts as a test file")
	}
}

// The views share the one table: each glob comes once, and a language's globs keep
// the order its rules' scopes list them in.
func TestGlobsOnceInOrder(t *testing.T) {
	got := Globs(engine.LangPython, Any)
	want := []string{"**/test_*.py", "**/*_test.py", "**/tests/**", "**/test/**", "**/conftest.py"}
	if len(got) != len(want) {
		t.Fatalf("python: %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("python: %v, want %v", got, want)
		}
	}
	seen := map[string]bool{}
	for _, g := range AllGlobs(Any) {
		if seen[g] {
			t.Errorf("%s twice", g)
		}
		seen[g] = true
	}
}
