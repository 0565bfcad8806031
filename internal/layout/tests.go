// Package layout knows where projects keep their tests: one table, by language, of the
// files and folders that hold tests and what sits beside them. The source, architecture
// and contribution rules read it when a sentence speaks of tests, of production code or
// of a change that needs a test; each asks for the roles its reading needs.
package layout

import (
	"slices"
	"sync"

	"github.com/heed-dev/heed/internal/engine"
)

// Role is what a path of the table is to a project's tests.
type Role uint8

const (
	// Named: a test file by its name ("*_test.go", "test_*.py", "FooTest.java",
	// pytest's "conftest.py").
	Named Role = 1 << iota
	// Tree: a folder of tests ("tests/", "spec/", "src/test/", a .NET test project).
	Tree
	// Support: what only tests read (Go's "testdata/", Jest's "__mocks__/"); no test
	// itself.
	Support
	// Bench: benchmarks (Rust's "benches/"): built like tests, never shipped, but no
	// test of behaviour.
	Bench
	// Beside: files kept beside the code that neither ship nor test its behaviour
	// (Storybook stories, TypeScript type tests "*.test-d.ts").
	Beside

	// Any is every role: what is not production code.
	Any = Named | Tree | Support | Bench | Beside
	// Tests is the test files and folders alone.
	Tests = Named | Tree
)

type row struct {
	lang string // "" for a layout of no one language
	glob string // from the repository's root, "**/" before it
	role Role
}

// table lists the layouts, built on first use. Within a language, rows keep the order
// the source rules have always written them in (a rule's scope lists them in this
// order).
var table = sync.OnceValue(func() []row {
	const (
		n = Named
		t = Tree
		s = Support
		b = Bench
		x = Beside
	)
	var rows []row
	add := func(lang string, pairs ...any) {
		for i := 0; i < len(pairs); i += 2 {
			rows = append(rows, row{lang: lang, glob: pairs[i].(string), role: pairs[i+1].(Role)})
		}
	}
	add(engine.LangPython, "**/test_*.py", n, "**/*_test.py", n, "**/tests/**", t, "**/test/**", t, "**/conftest.py", n)
	add(engine.LangGo, "**/*_test.go", n, "**/testdata/**", s)
	add(engine.LangJavaScript, "**/*.test.*", n, "**/*.spec.*", n, "**/__tests__/**", t, "**/__mocks__/**", s, "**/test/**", t, "**/tests/**", t)
	add(engine.LangTypeScript, "**/*.test.*", n, "**/*.spec.*", n, "**/__tests__/**", t, "**/__mocks__/**", s, "**/test/**", t, "**/tests/**", t,
		"**/*.test-d.ts", x)
	add(engine.LangTSX, "**/*.test.*", n, "**/*.spec.*", n, "**/__tests__/**", t, "**/test/**", t, "**/tests/**", t, "**/*.stories.tsx", x)
	add(engine.LangJava, "**/src/test/**", t, "**/*Test.java", n, "**/*Tests.java", n, "**/*IT.java", n, "**/test/**", t)
	// a module of its own file under #[cfg(test)] is named so: "tests.rs",
	// "integration_tests.rs", "parser_test.rs"
	add(engine.LangRust, "**/tests/**", t, "**/benches/**", b, "**/tests.rs", n, "**/*_tests.rs", n, "**/*_test.rs", n)
	// "*Tests/" covers the .NET test projects "osu.Game.Tests/", "Foo.UnitTests/",
	// "Foo.IntegrationTests/"
	add(engine.LangCSharp, "**/*Tests/**", t, "**/*.Tests/**", t, "**/*Test.cs", n, "**/*Tests.cs", n, "**/test/**", t, "**/tests/**", t)
	add(engine.LangKotlin, "**/src/test/**", t, "**/src/androidTest/**", t, "**/src/*Test/**", t, "**/*Test.kt", n, "**/*Tests.kt", n, "**/test/**", t)
	add(engine.LangRuby, "**/spec/**", t, "**/test/**", t, "**/*_spec.rb", n, "**/*_test.rb", n)
	add(engine.LangC, "**/test/**", t, "**/tests/**", t, "**/test_*.c", n, "**/*_test.c", n, "**/*_tests.c", n)
	add(engine.LangPHP, "**/tests/**", t, "**/test/**", t, "**/*Test.php", n)
	add(engine.LangCPP, "**/test/**", t, "**/tests/**", t, "**/test_*.cpp", n, "**/test_*.cc", n, "**/*_test.cpp", n, "**/*_test.cc", n,
		"**/*_tests.cpp", n, "**/*_tests.cc", n, "**/*_unittest.cc", n, "**/*_unittest.cpp", n, "**/*Test.cpp", n, "**/*Tests.cpp", n)
	// a folder of tests in projects of any language, though no one language's
	// convention ("internal/testing/")
	add("", "**/testing/**", t)
	return rows
})

// Globs are the layouts of lang that have one of the roles, in the table's order,
// each once.
func Globs(lang string, roles Role) []string {
	var out []string
	for _, r := range table() {
		if r.lang == lang && r.role&roles != 0 && !slices.Contains(out, r.glob) {
			out = append(out, r.glob)
		}
	}
	return slices.Clip(out)
}

// AllGlobs are the layouts of every language, and of none, that have one of the
// roles, each once: what a project whose languages are not known keeps its tests in.
func AllGlobs(roles Role) []string {
	var out []string
	for _, r := range table() {
		if r.role&roles != 0 && !slices.Contains(out, r.glob) {
			out = append(out, r.glob)
		}
	}
	return slices.Clip(out)
}
