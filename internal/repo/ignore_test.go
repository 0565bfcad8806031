package repo

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// .heedignore is read as gitignore is (go-git's matcher): what a linter user writes
// there must leave out what it leaves out in .gitignore.
func TestIgnoreMatchesLikeGitignore(t *testing.T) {
	ig := NewIgnore([]string{
		"# generated clients",
		"",
		"*.gen.go",
		"/build",
		"docs/*.md",
		"fixtures/",
		"web/**/legacy/*.ts",
		"!web/src/legacy/keep.ts",
	})
	for p, want := range map[string]bool{
		"a.gen.go":                    true,
		"pkg/api/client.gen.go":       true, // no slash: any depth
		"pkg/api/client.go":           false,
		"build/out.js":                true,
		"src/build/out.js":            false, // a leading slash anchors at the root
		"docs/intro.md":               true,
		"docs/api/intro.md":           false, // a middle slash anchors too
		"src/fixtures/case.py":        true,  // a folder, at any depth
		"src/fixtures.py":             false,
		"web/src/feature/legacy/a.ts": true,
		"web/legacy/a.ts":             true, // ** is zero or more folders
		"web/src/legacy/keep.ts":      false,
		"# generated clients":         false,
	} {
		if got := ig.Match(p); got != want {
			t.Errorf("Match(%q) = %v, want %v", p, got, want)
		}
	}
	if (*Ignore)(nil).Match("a.go") || NewIgnore(nil).Match("a.go") {
		t.Error("an empty matcher leaves a file out")
	}
}

func TestLoadIgnoreReadsTheFileThenTheExtraPatterns(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, IgnoreFile), []byte("vendor2/\r\n*.py\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ig, err := LoadIgnore(root, []string{"!keep.py"})
	if err != nil {
		t.Fatal(err)
	}
	if !ig.Match("vendor2/x.go") || !ig.Match("a/b.py") || ig.Match("keep.py") {
		t.Errorf("patterns %q: vendor2/x.go %v, a/b.py %v, keep.py %v", ig.Patterns, ig.Match("vendor2/x.go"), ig.Match("a/b.py"), ig.Match("keep.py"))
	}
	// a committed link is not followed: the error names the file
	os.Remove(filepath.Join(root, IgnoreFile))
	if err := os.Symlink("/dev/zero", filepath.Join(root, IgnoreFile)); err != nil {
		t.Skip(err)
	}
	if _, err := LoadIgnore(root, nil); err == nil || !strings.Contains(err.Error(), filepath.Join(root, IgnoreFile)) {
		t.Errorf("a linked .heedignore: %v", err)
	}
	if _, err := LoadIgnore(t.TempDir(), nil); err != nil {
		t.Errorf("no .heedignore: %v", err)
	}
}

// The .heedignore example of docs/check.md leaves out what its comments say: a
// pattern with a comment after it on the same line would match nothing.
func TestIgnoreExampleOfTheDocs(t *testing.T) {
	data, err := os.ReadFile("../../docs/check.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(data), "```\n# .heedignore")
	if !ok {
		t.Fatal("docs/check.md has no .heedignore example")
	}
	block, _, _ = strings.Cut(block, "```")
	ig := NewIgnore(strings.Split(block, "\n")[1:]) // the rest of the title line
	if len(ig.Patterns) != 5 {
		t.Errorf("the example's patterns: %q", ig.Patterns)
	}
	for p, want := range map[string]bool{
		"gen/a.go":              true,
		"pkg/gen/a.go":          true, // at any depth
		"gen/keep.go":           false,
		"build/out.js":          true,
		"web/build/out.js":      false, // only at the root
		"docs/intro.md":         true,
		"web/docs/intro.md":     false,
		"a/b/fixtures/one.json": true,
		"fixtures/one.json":     true,
		"a/fixtures/one.yaml":   false,
	} {
		if got := ig.Match(p); got != want {
			t.Errorf("the example of docs/check.md: %s excluded %v, want %v", p, got, want)
		}
	}
}
