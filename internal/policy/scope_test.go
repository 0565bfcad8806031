package policy

import (
	"path"
	"strings"
	"testing"
)

func TestScopeCovers(t *testing.T) {
	for _, c := range []struct {
		s    Scope
		p    string
		want bool
	}{
		{Scope{}, "a/b.go", true},
		{Scope{Dir: "web"}, "web/src/x.ts", true},
		{Scope{Dir: "web"}, "webapp/x.ts", false},
		{Scope{Dir: "web"}, "core/x.ts", false},
		{Scope{Globs: []string{"**/*.ts"}}, "src/a.ts", true},
		{Scope{Globs: []string{"*.ts"}}, "src/deep/a.ts", true},
		{Scope{Globs: []string{"*.ts"}}, "src/a.tsx", false},
		{Scope{Globs: []string{"src/**/*.{ts,tsx}"}}, "src/a/b.tsx", true},
		{Scope{Globs: []string{"src/main/java"}}, "src/main/java/dev/A.java", true},
		{Scope{Globs: []string{"/docs/*.md"}}, "docs/a.md", true},
		{Scope{Globs: []string{"/docs/*.md"}}, "x/docs/a.md", false},
		{Scope{Exclude: []string{"**/*_test.go"}}, "a/b_test.go", false},
		{Scope{Exclude: []string{"**/*_test.go"}}, "a/b.go", true},
	} {
		if got := c.s.Covers(c.p); got != c.want {
			t.Errorf("%+v.Covers(%q) = %v, want %v", c.s, c.p, got, c.want)
		}
	}
}

func TestScopeCoversDir(t *testing.T) {
	s := Scope{Dir: "web", Globs: []string{"*.ts"}}
	if !s.CoversDir("web/src") || s.CoversDir("") || s.CoversDir("core") {
		t.Fatal("commands are in scope exactly when they run inside the scope's directory")
	}
}

// cleanRel takes a fast path for paths that are clean already: it must agree with
// cleaning every path.
func TestCleanRelAgreesWithPathClean(t *testing.T) {
	for _, p := range []string{"", ".", "..", "/", "a", "a/b.go", "a/b/", "/a", "./a", "a/./b", "a/../b", "a//b", "../a", "a/..", "a/.", ".a/b", "a/.b", "a/..b", "...", "a b/c"} {
		want := strings.TrimPrefix(path.Clean("/"+p), "/")
		if got := cleanRel(p); got != want {
			t.Errorf("cleanRel(%q) = %q, want %q", p, got, want)
		}
	}
}
