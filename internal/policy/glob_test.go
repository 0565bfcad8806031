package policy

import (
	"strings"
	"testing"

	"github.com/bmatcuk/doublestar/v4"
)

// refMatchGlob is MatchGlob as it was before globs were compiled: the glob's text
// read again and handed to doublestar on every call. The compiled form must agree
// with it everywhere.
func refMatchGlob(glob, p string) bool {
	g := strings.TrimSpace(glob)
	if g == "" {
		return false
	}
	g = strings.TrimPrefix(g, "./")
	anchored := strings.HasPrefix(g, "/")
	g = strings.TrimPrefix(g, "/")
	if strings.HasSuffix(g, "/") {
		g += "**"
	}
	if !anchored && !strings.Contains(g, "/") {
		g = "**/" + g
	}
	if ok, _ := doublestar.Match(g, p); ok {
		return true
	}
	ok, _ := doublestar.Match(g+"/**", p)
	return ok
}

// globForms are the forms of glob policies hold: base names at any depth, anchored
// and relative folders, "**" at either end and between, brace alternatives (within
// a segment and across segments), character classes and their negation, escapes,
// folder globs with and without a trailing "/", and texts doublestar rejects.
var globForms = []string{
	"*.py", "**/*.py", "*_test.go", "test_*.py", "*.test.*", "*.{ts,tsx}", "src/**/*.{ts,tsx}",
	"CHANGELOG.md", "/CHANGELOG.md", "./docs/*.md", "/docs/*.md", "docs/", "docs", "docs/**",
	"/**", "**", "*", "src/main/java", "a/**/b/*.go", "**/migrations/**", "**/**/x.go",
	"{src/a,lib}/**", "{web,api}/**/*.ts", "[a-c]*.go", "[!_]*.py", "[^_]*.py", "b[!a]x",
	"src/[A-Z]*.java", `a\*b`, `docs\/x`, "a?.md", "src/?/x", "a**b", "**.md", "a//b",
	"[", "{a,b", "src/{a,b", " *.md ", "", "  ", "!*.md", ".github/workflows/*.yml",
	"packages/*/src/**", "**/{test,tests}/**", "*.{py,pyi}/**", "tools/cli/**", "x/**/",
}

var globPaths = []string{
	"a.py", "src/a.py", "src/deep/b_test.go", "tests/test_x.py", "a.test.ts", "src/a/b.tsx",
	"CHANGELOG.md", "x/CHANGELOG.md", "docs/a.md", "x/docs/a.md", "docs", "docs/sub/b.md",
	"src/main/java/dev/A.java", "a/b/c/b/x.go", "a/b/x.go", "app/migrations/0001.py",
	"x.go", "z/x.go", "src/a/k.ts", "lib/q", "web/s/t.ts", "api/u.ts", "b.go", "_x.py",
	"y.py", "bax", "b/x", "src/Foo.java", "src/foo.java", "a*b", "axb", "docs/x", "a1.md",
	"src/q/x", "axxb", "ax/xb", "README.md", "a/b", "a//b", "", "/_", "a/", "src/_",
	"!a.md", ".github/workflows/ci.yml", "packages/core/src/i.ts", "pkg/tests/t.py",
	"m.py/inner", "tools/cli/main.go", "tools/cli", "x", "x/y/z",
}

func TestCompiledGlobMatchesAsDoublestar(t *testing.T) {
	n := 0
	for _, g := range globForms {
		c := CompileGlob(g)
		for _, p := range globPaths {
			want := refMatchGlob(g, p)
			if want {
				n++
			}
			if got := c.Match(p); got != want {
				t.Errorf("CompileGlob(%q).Match(%q) = %v, doublestar says %v", g, p, got, want)
			}
			if got := MatchGlob(g, "", p); got != want {
				t.Errorf("MatchGlob(%q, %q) = %v, doublestar says %v", g, p, got, want)
			}
		}
	}
	if n < 100 {
		t.Fatalf("only %d pairs match: the table no longer exercises matching", n)
	}
}

// What a user writes and means, said plainly.
func TestCompiledGlobReadsAsInstructionFilesMeanIt(t *testing.T) {
	for _, c := range []struct {
		glob, path string
		want       bool
	}{
		{"*.py", "pkg/deep/mod.py", true},               // a base name at any depth
		{"/docs/*.md", "docs/guide.md", true},           // anchored
		{"/docs/*.md", "site/docs/guide.md", false},     // anchored: not below another folder
		{"docs/", "docs/a/b.md", true},                  // a folder and all below it
		{"src/main/java", "src/main/java/A.java", true}, // a folder named without "/**"
		{"*.{ts,tsx}", "web/App.tsx", true},
		{"*.{ts,tsx}", "web/App.jsx", false},
		{"[!_]*.py", "pkg/_private.py", false},
		{"[!_]*.py", "pkg/public.py", true},
		{"{src/a,lib}/**", "src/a/x.go", true},
		{"{src/a,lib}/**", "src/b/x.go", false},
		{"**/migrations/**", "app/migrations/0001_initial.py", true},
		{"test_*.py", "tests/helpers.py", false},
		{"", "a.py", false},
	} {
		if got := CompileGlob(c.glob).Match(c.path); got != c.want {
			t.Errorf("%q matches %q: %v, want %v", c.glob, c.path, got, c.want)
		}
	}
}

func TestMatchGlobSharesOneCompiledGlob(t *testing.T) {
	if compiledGlob("**/shared-once/*.go") != compiledGlob("**/shared-once/*.go") {
		t.Fatal("the same glob text compiled twice")
	}
}

func FuzzCompiledGlobMatchesDoublestar(f *testing.F) {
	for i, g := range globForms {
		f.Add(g, globPaths[i%len(globPaths)])
	}
	f.Fuzz(func(t *testing.T, g, p string) {
		if got, want := CompileGlob(g).Match(p), refMatchGlob(g, p); got != want {
			t.Fatalf("CompileGlob(%q).Match(%q) = %v, doublestar says %v", g, p, got, want)
		}
	})
}

func BenchmarkMatchGlob(b *testing.B) {
	gs := []string{"**/*.py", "*_test.go", "docs/", "src/**/*.{ts,tsx}", "CHANGELOG.md"}
	ps := []string{"service/mod400/file10000.py", "web/src/app/x.tsx", "docs/a/b.md", "core/a_test.go"}
	b.Run("compiled", func(b *testing.B) {
		for b.Loop() {
			for _, g := range gs {
				for _, p := range ps {
					MatchGlob(g, "", p)
				}
			}
		}
	})
	b.Run("text", func(b *testing.B) {
		for b.Loop() {
			for _, g := range gs {
				for _, p := range ps {
					refMatchGlob(g, p)
				}
			}
		}
	})
}
