package repo

import (
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
)

// gitRepo is a scratch repository for tests.
type gitRepo struct {
	t   *testing.T
	dir string
}

func newGitRepo(t *testing.T) *gitRepo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	g := &gitRepo{t: t, dir: t.TempDir()}
	g.git("init", "-q", "-b", "main")
	return g
}

func (g *gitRepo) git(args ...string) string {
	g.t.Helper()
	cmd := exec.Command("git", append([]string{"-C", g.dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=T", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=T", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_NOSYSTEM=1", "HOME="+g.dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		g.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func (g *gitRepo) write(files map[string]string) {
	g.t.Helper()
	for p, c := range files {
		abs := filepath.Join(g.dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			g.t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(c), 0o644); err != nil {
			g.t.Fatal(err)
		}
	}
}

func (g *gitRepo) commit(msg string) string {
	g.git("add", "-A")
	g.git("commit", "-q", "--no-verify", "--allow-empty", "-m", msg)
	return g.git("rev-parse", "HEAD")
}

func (g *gitRepo) open() *Repo {
	g.t.Helper()
	r, err := Open(g.dir)
	if err != nil {
		g.t.Fatal(err)
	}
	if !r.Git {
		g.t.Fatal("a git repository was not recognised")
	}
	return r
}

func lines(n ...int) engine.LineSet {
	s := engine.LineSet{}
	for _, i := range n {
		s[i] = true
	}
	return s
}

func byPath(c *Change) map[string]FileChange {
	m := map[string]FileChange{}
	for _, f := range c.Files {
		m[f.Path] = f
	}
	return m
}

func numbered(n int, tag string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%s line %d\n", tag, i)
	}
	return b.String()
}

func TestDiffWorktreeOwnsExactlyWhatTheChangeTouched(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{
		"src/edit.py":     numbered(10, "e"),
		"src/gone.py":     "x = 1\n",
		"src/old name.go": numbered(6, "r"),
		"src/trim.py":     numbered(8, "t"),
		"keep.txt":        "same\n",
	})
	base := g.commit("base")
	// Committed part of the change: modify lines 3 and 7, append a line.
	edited := strings.Replace(numbered(10, "e"), "e line 3\n", "E LINE 3\n", 1)
	edited = strings.Replace(edited, "e line 7\n", "E LINE 7\n", 1) + "e line 11\n"
	g.write(map[string]string{"src/edit.py": edited})
	g.git("rm", "-q", "src/gone.py")
	g.git("mv", "src/old name.go", "src/new näme.go")
	g.commit("change")
	// Uncommitted part: delete lines 4-5 of trim.py, edit the renamed file, add files.
	trimmed := strings.Replace(numbered(8, "t"), "t line 4\nt line 5\n", "", 1)
	g.write(map[string]string{
		"src/trim.py":     trimmed,
		"src/new näme.go": strings.Replace(numbered(6, "r"), "r line 2\n", "R LINE 2\n", 1),
		"src/staged.ts":   "export const a = 1;\n",
		"untracked.md":    "# new\n",
	})
	g.git("add", "src/staged.ts")

	c, err := g.open().DiffWorktree(base)
	if err != nil {
		t.Fatal(err)
	}
	got := byPath(c)
	check := func(p string, st Status, touched, deleted engine.LineSet) {
		t.Helper()
		f, ok := got[p]
		if !ok {
			t.Errorf("%s: not in the change (have %v)", p, c.Paths())
			return
		}
		if f.Status != st {
			t.Errorf("%s: status %c, want %c", p, f.Status, st)
		}
		if !reflect.DeepEqual(f.Touched, touched) {
			t.Errorf("%s: touched %v, want %v", p, f.Touched, touched)
		}
		if deleted != nil && !reflect.DeepEqual(f.Deleted, deleted) {
			t.Errorf("%s: deleted anchors %v, want %v", p, f.Deleted, deleted)
		}
	}
	check("src/edit.py", Modified, lines(3, 7, 11), lines())
	// lines 3 and 7 replaced old lines in place; line 11 is new
	if r := got["src/edit.py"].Replaced; !reflect.DeepEqual(r, map[int]string{3: "e line 3", 7: "e line 7"}) {
		t.Errorf("src/edit.py: replaced %v, want lines 3 and 7 with their old text", r)
	}
	if r := got["src/trim.py"].Replaced; len(r) != 0 {
		t.Errorf("src/trim.py: a deletion replaces nothing, got %v", r)
	}
	check("src/trim.py", Modified, lines(), lines(3))
	check("src/new näme.go", Renamed, lines(2), lines())
	check("src/gone.py", Deleted, nil, nil)
	check("src/staged.ts", Added, nil, nil)
	check("untracked.md", Added, nil, nil)
	if f := got["untracked.md"]; !f.Untracked {
		t.Error("untracked.md should be marked untracked")
	}
	if _, ok := got["keep.txt"]; ok {
		t.Error("keep.txt did not change")
	}
	if f := got["src/new näme.go"]; f.OldPath != "src/old name.go" {
		t.Errorf("rename old path %q", f.OldPath)
	}
	if d := c.DeletedPaths(); !reflect.DeepEqual(d, []string{"src/gone.py", "src/old name.go"}) {
		t.Errorf("deleted paths %v", d)
	}
}

func TestDiffStagedAndUnstagedSplitTheWorkInProgress(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{"a.py": numbered(5, "a")})
	g.commit("base")
	g.write(map[string]string{"a.py": strings.Replace(numbered(5, "a"), "a line 2\n", "STAGED\n", 1)})
	g.git("add", "a.py")
	g.write(map[string]string{"a.py": strings.Replace(strings.Replace(numbered(5, "a"), "a line 2\n", "STAGED\n", 1), "a line 5\n", "UNSTAGED\n", 1), "new.py": "n\n"})
	r := g.open()

	staged, err := r.DiffStaged()
	if err != nil {
		t.Fatal(err)
	}
	if f := byPath(staged)["a.py"]; !reflect.DeepEqual(f.Touched, lines(2)) {
		t.Errorf("staged: touched %v, want [2]", f.Touched)
	}
	if _, ok := byPath(staged)["new.py"]; ok {
		t.Error("staged: an untracked file is not staged")
	}
	unstaged, err := r.DiffUnstaged()
	if err != nil {
		t.Fatal(err)
	}
	if f := byPath(unstaged)["a.py"]; !reflect.DeepEqual(f.Touched, lines(5)) {
		t.Errorf("unstaged: touched %v, want [5]", f.Touched)
	}
	if f, ok := byPath(unstaged)["new.py"]; !ok || !f.New() {
		t.Error("unstaged: an untracked file is new work")
	}

	idx, err := r.IndexSnapshot()
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	b, err := idx.Read("a.py")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "STAGED") || strings.Contains(string(b), "UNSTAGED") {
		t.Errorf("the index snapshot must hold the staged content, got %q", b)
	}
	if idx.Has("new.py") {
		t.Error("the index does not have the untracked file")
	}
}

func TestStagedInARepositoryWithoutCommits(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{"first.go": "package first\n"})
	g.git("add", "first.go")
	c, err := g.open().DiffStaged()
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := byPath(c)["first.go"]; !ok || !f.New() {
		t.Errorf("every staged file is new before the first commit: %+v", c.Files)
	}
	if got := c.AddedPaths(); len(got) != 1 || got[0] != "first.go" {
		t.Errorf("added paths %v, want first.go", got)
	}
}

func TestPathsThatGitQuotes(t *testing.T) {
	g := newGitRepo(t)
	names := []string{"tab\there.py", "quote\"d.py", "back\\slash.py", "new\nline.py"}
	files := map[string]string{}
	for _, n := range names {
		files[n] = "a\nb\n"
	}
	g.write(files)
	base := g.commit("base")
	for _, n := range names {
		files[n] = "a\nB\n"
	}
	g.write(files)
	c, err := g.open().DiffWorktree(base)
	if err != nil {
		t.Fatal(err)
	}
	got := byPath(c)
	for _, n := range names {
		if f, ok := got[n]; !ok || !reflect.DeepEqual(f.Touched, lines(2)) {
			t.Errorf("%q: %+v (present %v)", n, f, ok)
		}
	}
}

func TestUnknownRevision(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{"a": "a\n"})
	g.commit("base")
	r := g.open()
	for _, rev := range []string{"no-such-branch", "--output=/tmp/x", "deadbeefdeadbeef", ""} {
		_, err := r.ResolveRev(rev)
		var ue *UnknownRevisionError
		if !errors.As(err, &ue) {
			t.Errorf("ResolveRev(%q) = %v, want an unknown-revision error", rev, err)
		}
	}
	if h, err := r.ResolveRev("HEAD"); err != nil || len(h) != 40 {
		t.Errorf("HEAD resolves to %q, %v", h, err)
	}
}

func TestCommitsCarryMessagesParentsAndFiles(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{"a.txt": "a\n"})
	base := g.commit("base")
	g.write(map[string]string{"src/b.go": "package b\n", "c d.md": "x\n"})
	g.commit("feat(parser): accept ISO weeks\n\nLonger body\nwith two lines.")
	g.git("checkout", "-q", "-b", "side")
	g.write(map[string]string{"side.txt": "s\n"})
	g.commit("side work")
	g.git("checkout", "-q", "main")
	g.write(map[string]string{"main.txt": "m\n"})
	g.commit("main work")
	g.git("merge", "-q", "--no-ff", "-m", "Merge side", "side")

	cs, err := g.open().Commits(base, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 4 {
		t.Fatalf("%d commits, want 4: %+v", len(cs), cs)
	}
	first := cs[0]
	if first.Message != "feat(parser): accept ISO weeks\n\nLonger body\nwith two lines." {
		t.Errorf("message %q", first.Message)
	}
	if !reflect.DeepEqual(first.Files, []string{"c d.md", "src/b.go"}) || first.Parents != 1 || first.Author != "T <t@example.com>" {
		t.Errorf("first commit %+v", first)
	}
	last := cs[len(cs)-1]
	if last.Parents != 2 || last.Message != "Merge side" {
		t.Errorf("merge commit %+v", last)
	}
	// the side branch's commit came in with the merge; the rest is the main line
	for _, c := range cs {
		if c.Merged != (c.Message == "side work") {
			t.Errorf("%q: merged %v", c.Message, c.Merged)
		}
	}
}

func TestSubdirectoryRootSeesItsOwnPaths(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{"outside.py": "o\n", "examples/demo/app.py": "a\nb\n", "examples/demo/.gitignore": "build/\n", "examples/demo/build/out.py": "x\n"})
	base := g.commit("base")
	g.write(map[string]string{"outside.py": "O\n", "examples/demo/app.py": "a\nB\n"})
	r, err := Open(filepath.Join(g.dir, "examples", "demo"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Prefix != "examples/demo/" {
		t.Errorf("prefix %q", r.Prefix)
	}
	files, err := r.ListFiles()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(files, []string{".gitignore", "app.py"}) {
		t.Errorf("files %v", files)
	}
	c, err := r.DiffWorktree(base)
	if err != nil {
		t.Fatal(err)
	}
	if p := c.Paths(); !reflect.DeepEqual(p, []string{"app.py"}) {
		t.Errorf("a change seen from a subfolder lists its own paths only, relative to it: %v", p)
	}
	snap, err := r.RevSnapshot(base)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	if b, err := snap.Read("app.py"); err != nil || string(b) != "a\nb\n" {
		t.Errorf("revision snapshot read %q, %v", b, err)
	}
}

func TestPlainDirectoryWalkHonoursGitignore(t *testing.T) {
	dir := t.TempDir()
	for p, c := range map[string]string{
		".gitignore": "*.log\n/build/\n", "a.py": "a", "x.log": "l", "build/out.py": "o",
		"src/.gitignore": "secret.txt\n", "src/secret.txt": "s", "src/ok.txt": "k",
		"node_modules/pkg/index.js": "n",
	} {
		abs := filepath.Join(dir, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(abs), 0o755)
		os.WriteFile(abs, []byte(c), 0o644)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if r.Git {
		t.Skip("temp dir is inside a git work tree")
	}
	files, err := r.ListFiles()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{".gitignore", "a.py", "src/.gitignore", "src/ok.txt"}; !reflect.DeepEqual(files, want) {
		t.Errorf("files %v, want %v", files, want)
	}
	if _, err := r.DiffWorktree("HEAD"); !errors.Is(err, ErrNotGit) {
		t.Errorf("a diff outside git must say so, got %v", err)
	}
}

func TestListFilesSkipsDeletedAndSymlinks(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{"a.py": "a", "b.py": "b", ".gitignore": "*.tmp\n", "x.tmp": "t"})
	g.commit("base")
	os.Remove(filepath.Join(g.dir, "b.py"))
	os.Symlink("a.py", filepath.Join(g.dir, "link.py"))
	files, err := g.open().ListFiles()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{".gitignore", "a.py"}; !reflect.DeepEqual(files, want) {
		t.Errorf("files %v, want %v", files, want)
	}
}

func TestClassify(t *testing.T) {
	for _, c := range []struct {
		path, content, want string
	}{
		{"internal/flags/state_string.go", "// Code generated by \"stringer -type=State\"; DO NOT EDIT.\n\npackage flags\n", SkipGenerated},
		{"api/pb/api_pb2.py", "# -*- coding: utf-8 -*-\n# Generated by the protocol buffer compiler.  DO NOT EDIT!\n", SkipGenerated},
		{"src/schema.ts", "/**\n * @generated SignedSource<<abc>>\n */\n", SkipGenerated},
		{"web/app.min.js", "var a=1;", SkipGenerated},
		{"package-lock.json", "{}", SkipGenerated},
		{"rust/Cargo.lock", "# This file is automatically @generated by Cargo.\n", SkipGenerated},
		{"docs/api.md", "<!-- Code generated by gomarkdoc. DO NOT EDIT -->\n# API\n", SkipGenerated},
		{"vendor/github.com/x/y.go", "package y\n", SkipVendored},
		{"web/node_modules/left-pad/index.js", "module.exports = 1\n", SkipVendored},
		{"img/logo.png", "\x89PNG\r\n\x1a\n\x00\x00", SkipBinary},
		// Near misses: prose about generated code, and code that merely mentions it.
		{"AGENTS.md", "# Rules\n- Do not edit generated files; code generated by protoc lives in gen/.\n", ""},
		{"CLAUDE.md", "# Do not edit generated code (generated by make gen)\n", ""},
		{"src/gen.go", "package gen\n\n// Generate writes code. The output says \"Code generated ... DO NOT EDIT.\"\nfunc Generate() {}\n", ""},
		{"gen/enum.py", "# DO NOT EDIT: generated by tools/enum.py\n", SkipGenerated},
		{"src/vendors.py", "VENDORS = []\n", ""},
		{"src/vendor.go", "package vendor\n", ""},
	} {
		if got := Classify(c.path, []byte(c.content)); got != c.want {
			t.Errorf("Classify(%s) = %q, want %q", c.path, got, c.want)
		}
	}
	big := make([]byte, MaxFileBytes+1)
	if got := Classify("big.txt", big); got != SkipTooLarge {
		t.Errorf("a file over the limit: %q", got)
	}
}

func TestRelRefusesPathsOutside(t *testing.T) {
	dir := t.TempDir()
	r := &Repo{Root: dir}
	if p, err := r.Rel(dir, "src/a.go"); err != nil || p != "src/a.go" {
		t.Errorf("Rel = %q, %v", p, err)
	}
	if p, err := r.Rel(filepath.Join(dir, "src"), "../lib"); err != nil || p != "lib" {
		t.Errorf("Rel from a subfolder = %q, %v", p, err)
	}
	if _, err := r.Rel(dir, "../elsewhere"); err == nil || !strings.Contains(err.Error(), "outside the repository") {
		t.Errorf("a path outside: %v", err)
	}
	if _, err := r.Rel(dir, "/etc/passwd"); err == nil {
		t.Error("an absolute path outside must be refused")
	}
	for _, bad := range []string{"../x", "/abs", "a/../b", "", "a//b"} {
		if ValidRel(bad) {
			t.Errorf("ValidRel(%q) should be false", bad)
		}
	}
}

// TestChangedLinesAgreesWithGit compares the in-process line diff with git's on
// random edits: the same number of touched lines (both are shortest edit scripts), and
// the untouched lines of the new file are the old file's lines in order.
func TestChangedLinesAgreesWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	rng := rand.New(rand.NewSource(1))
	dir := t.TempDir()
	for iter := 0; iter < 60; iter++ {
		old := randomLines(rng, rng.Intn(40))
		nw := mutate(rng, old)
		oldB, newB := []byte(strings.Join(old, "")), []byte(strings.Join(nw, ""))
		touched, deleted := ChangedLines(oldB, newB)

		a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
		os.WriteFile(a, oldB, 0o644)
		os.WriteFile(b, newB, 0o644)
		out, _ := exec.Command("git", "diff", "--no-index", "-U0", "--no-color", a, b).Output()
		patches, err := parsePatch(out)
		if err != nil {
			t.Fatal(err)
		}
		var want filePatch
		for _, p := range patches {
			want = p
		}
		if want.touched == nil {
			want.touched = engine.LineSet{}
		}
		if len(touched) != len(want.touched) {
			t.Fatalf("iteration %d: %d touched lines, git finds %d\nold %q\nnew %q\nours %v git %v", iter, len(touched), len(want.touched), old, nw, keys(touched), keys(want.touched))
		}
		var kept []string
		for i, l := range nw {
			if !touched[i+1] {
				kept = append(kept, l)
			}
		}
		if !subsequence(kept, old) {
			t.Fatalf("iteration %d: untouched lines %q are not the old file's in order %q", iter, kept, old)
		}
		if len(touched) == 0 && len(old) > len(nw) && len(deleted) == 0 {
			t.Fatalf("iteration %d: lines were deleted but no anchor recorded", iter)
		}
	}
}

func TestChangedLinesOnAHugeRewriteOverApproximates(t *testing.T) {
	old := numbered(3000, "o")
	nw := "header\n" + numbered(3000, "n") + "footer\n"
	touched, _ := ChangedLines([]byte(old), []byte(nw))
	if len(touched) != 3002 {
		t.Errorf("a full rewrite touches every line, got %d", len(touched))
	}
}

func randomLines(rng *rand.Rand, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("l%d\n", rng.Intn(8))
	}
	return out
}

func mutate(rng *rand.Rand, in []string) []string {
	out := append([]string(nil), in...)
	for k := rng.Intn(6); k >= 0; k-- {
		switch op := rng.Intn(3); {
		case op == 0 && len(out) > 0:
			i := rng.Intn(len(out))
			out = append(out[:i], out[i+1:]...)
		case op == 1:
			i := rng.Intn(len(out) + 1)
			out = append(out[:i], append([]string{fmt.Sprintf("n%d\n", rng.Intn(8))}, out[i:]...)...)
		case len(out) > 0:
			out[rng.Intn(len(out))] = fmt.Sprintf("m%d\n", rng.Intn(8))
		}
	}
	return out
}

func subsequence(sub, of []string) bool {
	j := 0
	for _, s := range sub {
		for j < len(of) && of[j] != s {
			j++
		}
		if j == len(of) {
			return false
		}
		j++
	}
	return true
}

func keys(s engine.LineSet) []int {
	var out []int
	for k := range s {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

func TestGitattributesDecideGeneratedAndVendored(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{
		".gitattributes":       "gen/** linguist-generated\nsrc/vendor/** -linguist-vendored\nlib/*.js linguist-vendored\nsrc/stringer.go linguist-generated=false\n",
		"gen/api.py":           "x = 1\n",
		"src/vendor/ours.py":   "x = 1\n",
		"lib/jquery.js":        "x = 1\n",
		"src/stringer.go":      "// Code generated by stringer; DO NOT EDIT.\npackage src\n",
		"src/plain.py":         "x = 1\n",
		"testdata/fixture.py":  "x = 1\n",
		"pkg/testdata/case.go": "package case\n",
	})
	g.commit("base")
	r := g.open()
	paths, err := r.ListFiles()
	if err != nil {
		t.Fatal(err)
	}
	l := r.LoadFiles(r.Worktree(), paths)
	var judged []string
	for _, f := range l.Files {
		judged = append(judged, f.Path)
	}
	if want := []string{".gitattributes", "src/plain.py", "src/stringer.go", "src/vendor/ours.py"}; !reflect.DeepEqual(judged, want) {
		t.Errorf("judged %v, want %v", judged, want)
	}
	want := map[string][]string{SkipGenerated: {"gen/api.py"}, SkipVendored: {"lib/jquery.js"}, SkipFixture: {"pkg/testdata/case.go", "testdata/fixture.py"}}
	if !reflect.DeepEqual(l.Skipped, want) {
		t.Errorf("skipped %v, want %v", l.Skipped, want)
	}
}

func TestWorktreeListsCheaplyAndForgetsWhatIsGone(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{"a.py": "a", "b.py": "b", ".gitignore": "*.tmp\n", "x.tmp": "t"})
	os.Symlink("a.py", filepath.Join(g.dir, "tracked-link.py"))
	g.commit("base")
	os.Remove(filepath.Join(g.dir, "b.py"))
	os.Symlink("a.py", filepath.Join(g.dir, "untracked-link.py"))
	g.write(map[string]string{"new.py": "n"})
	r := g.open()
	wt := r.Worktree()
	cand, err := wt.Candidates()
	if err != nil {
		t.Fatal(err)
	}
	// No lstat per tracked file: the deleted b.py is still a candidate; symlinks are
	// not (the index says so for tracked ones, an lstat for untracked ones).
	if want := []string{".gitignore", "a.py", "b.py", "new.py"}; !reflect.DeepEqual(cand, want) {
		t.Errorf("candidates %v, want %v", cand, want)
	}
	l := r.LoadFiles(wt, cand)
	if !reflect.DeepEqual(l.Missing, []string{"b.py"}) || len(l.Unreadable) != 0 {
		t.Errorf("missing %v unreadable %v: a deleted file is missing, not an error", l.Missing, l.Unreadable)
	}
	wt.Forget(l.Missing...)
	if want := []string{".gitignore", "a.py", "new.py"}; !reflect.DeepEqual(wt.Paths(), want) {
		t.Errorf("paths %v, want %v", wt.Paths(), want)
	}
	if _, err := wt.Read("b.py"); err == nil {
		t.Error("reading a deleted file must fail")
	}
}

// A streamed run reads the files one at a time and finds the deleted ones only as it
// goes: a listing it asks for before then must already leave out the deleted files
// among those it will read (and only those: the loaded listing left the others in).
func TestStreamedSourceAndTheListingAgree(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{"a.py": "a", "b.py": "b", "c.txt": "c", "gen.py": "# Code generated by x. DO NOT EDIT.\n", "bin.py": "\x00\x01"})
	g.commit("base")
	os.Remove(filepath.Join(g.dir, "b.py"))
	os.Remove(filepath.Join(g.dir, "c.txt"))
	r := g.open()
	wt := r.Worktree()
	keep := []string{"a.py", "b.py", "bin.py", "gen.py"}
	wt.ForgetMissing(keep)
	if want := []string{"a.py", "bin.py", "c.txt", "gen.py"}; !reflect.DeepEqual(wt.Paths(), want) {
		t.Errorf("paths %v, want %v", wt.Paths(), want)
	}
	src := r.StreamFiles(wt, keep)
	var judged, toolWritten []string
	for i := 0; i < src.Len(); i++ {
		if f := src.Load(i); f != nil {
			judged = append(judged, f.Path)
		} else if src.ToolWritten(i) {
			toolWritten = append(toolWritten, src.Path(i))
		}
	}
	if !reflect.DeepEqual(toolWritten, []string{"bin.py", "gen.py"}) {
		t.Errorf("tool-written %v, want the binary and the generated file, not the deleted one", toolWritten)
	}
	l := src.Loaded()
	if !reflect.DeepEqual(judged, []string{"a.py"}) || !reflect.DeepEqual(l.Missing, []string{"b.py"}) ||
		!reflect.DeepEqual(l.Skipped, map[string][]string{SkipBinary: {"bin.py"}, SkipGenerated: {"gen.py"}}) {
		t.Errorf("judged %v missing %v skipped %v", judged, l.Missing, l.Skipped)
	}
	// The same as loading them all at once.
	all := r.LoadFiles(r.Worktree(), keep)
	if len(all.Files) != 1 || !reflect.DeepEqual(all.Missing, l.Missing) || !reflect.DeepEqual(all.Skipped, l.Skipped) {
		t.Errorf("LoadFiles: files %d missing %v skipped %v", len(all.Files), all.Missing, all.Skipped)
	}
}

func TestReadDoesNotFollowSymlinks(t *testing.T) {
	g := newGitRepo(t)
	outside := filepath.Join(t.TempDir(), "secret.txt")
	os.WriteFile(outside, []byte("outside the repository"), 0o644)
	g.write(map[string]string{"a.py": "a"})
	g.commit("base")
	// A tracked file replaced by a link, not staged: the index still says file.
	os.Remove(filepath.Join(g.dir, "a.py"))
	os.Symlink(outside, filepath.Join(g.dir, "a.py"))
	wt := g.open().Worktree()
	if b, err := wt.Read("a.py"); err == nil {
		t.Fatalf("read %q through a symlink", b)
	}
	l := g.open().LoadFiles(wt, []string{"a.py"})
	if len(l.Files) != 0 || !reflect.DeepEqual(l.Missing, []string{"a.py"}) {
		t.Errorf("a symlink is not a file heed judges: files %d missing %v unreadable %v", len(l.Files), l.Missing, l.Unreadable)
	}
}

// One listing serves a command: after ListCandidates, Untracked answers from it (no
// second walk of the tree), with what a fresh `git ls-files --others` says, and a diff
// still reports the untracked files as added.
func TestUntrackedFromTheListing(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{"a.py": "a", ".gitignore": "*.tmp\n"})
	g.commit("base")
	g.write(map[string]string{"new.py": "n", "sub/new2.py": "m", "x.tmp": "ignored"})
	os.Symlink("a.py", filepath.Join(g.dir, "link.py"))
	fresh, err := g.open().Untracked()
	if err != nil {
		t.Fatal(err)
	}
	r := g.open()
	cands, err := r.ListCandidates()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{".gitignore", "a.py", "new.py", "sub/new2.py"}; !reflect.DeepEqual(cands, want) {
		t.Errorf("candidates %v, want %v", cands, want)
	}
	got, err := r.Untracked()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, fresh) || len(got) != 3 {
		t.Errorf("untracked from the listing %v, fresh %v", got, fresh)
	}
	c, err := r.DiffWorktree("HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := byPath(c)["sub/new2.py"]; !ok || !f.Untracked || f.Status != Added {
		t.Errorf("the diff must report the untracked file as added: %+v", byPath(c))
	}
}

// A caller that needs only some of the files (a check's judged files) gets the same
// paths from ListCandidatesWhere as from filtering the whole listing, in a repository
// listed already or not, and in a plain folder.
func TestListCandidatesWhereIsTheListingFiltered(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{"a.py": "a", "b.go": "b", "sub/c.py": "c", ".gitignore": "*.tmp\n"})
	g.commit("base")
	g.write(map[string]string{"new.py": "n", "x.tmp": "ignored", "sub/d.txt": "d"})
	os.Remove(filepath.Join(g.dir, "b.go")) // tracked, deleted: still listed, as by ListCandidates
	py := func(p string) bool { return strings.HasSuffix(p, ".py") }
	all, err := g.open().ListCandidates()
	if err != nil {
		t.Fatal(err)
	}
	want := filterPaths(all, py)
	if !reflect.DeepEqual(want, []string{"a.py", "new.py", "sub/c.py"}) {
		t.Fatalf("the listing's .py files: %v", want)
	}
	fresh, err := g.open().ListCandidatesWhere(py)
	if err != nil || !reflect.DeepEqual(fresh, want) {
		t.Errorf("not listed yet: %v %v, want %v", fresh, err, want)
	}
	r := g.open()
	r.ListCandidates()
	if listed, err := r.ListCandidatesWhere(py); err != nil || !reflect.DeepEqual(listed, want) {
		t.Errorf("listed already: %v %v, want %v", listed, err, want)
	}
	plain := t.TempDir()
	os.WriteFile(filepath.Join(plain, "a.py"), []byte("a"), 0o644)
	os.WriteFile(filepath.Join(plain, "b.go"), []byte("b"), 0o644)
	pr, err := Open(plain)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := pr.ListCandidatesWhere(py); err != nil || !reflect.DeepEqual(got, []string{"a.py"}) {
		t.Errorf("plain folder: %v %v", got, err)
	}
}

// A copy of Go's standard library inside another project (hugo forks text/template
// into tpl/internal/go_templates with a script) is someone else's code: the project's
// rules do not judge it. In the Go repository itself the header is the project's own.
func TestCopiesOfTheGoSourcesAreVendored(t *testing.T) {
	goHeader := "// Copyright 2011 The Go Authors. All rights reserved.\n// Use of this source code is governed by a BSD-style\n// license that can be found in the LICENSE file.\n\npackage template\n"
	for _, tc := range []struct {
		module string
		forked bool
	}{
		{"github.com/example/site", true},
		{"golang.org/x/tools", false},
	} {
		g := newGitRepo(t)
		g.write(map[string]string{
			"go.mod":                            "module " + tc.module + "\n\ngo 1.22\n",
			"tpl/internal/go_templates/exec.go": goHeader,
			"tpl/ours.go":                       "// Copyright 2024 The Site Authors.\n\npackage tpl\n",
			"tpl/quotes.go":                     "package tpl\n\n// Copyright 2011 The Go Authors: a comment that quotes it.\n",
		})
		g.commit("base")
		r := g.open()
		paths, err := r.ListFiles()
		if err != nil {
			t.Fatal(err)
		}
		l := r.LoadFiles(r.Worktree(), paths)
		var judged []string
		for _, f := range l.Files {
			judged = append(judged, f.Path)
		}
		want := []string{"go.mod", "tpl/internal/go_templates/exec.go", "tpl/ours.go", "tpl/quotes.go"}
		if tc.forked {
			want = []string{"go.mod", "tpl/ours.go", "tpl/quotes.go"}
			if got := l.Skipped[SkipVendored]; !reflect.DeepEqual(got, []string{"tpl/internal/go_templates/exec.go"}) {
				t.Errorf("module %s: vendored %v, want the copy of the Go sources", tc.module, got)
			}
		}
		if !reflect.DeepEqual(judged, want) {
			t.Errorf("module %s: judged %v, want %v", tc.module, judged, want)
		}
	}
}

// A diff started early (StartDiffWorktree, while a command loads its rules) is the
// diff DiffWorktree would have made, untracked files included; a diff of another base
// is made afresh, and a second diff of the same base asks git again.
func TestAStartedDiffIsTheDiff(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{"a.py": numbered(5, "a"), "b.py": "b\n", "c.py": "c\n"})
	first := g.commit("base")
	g.write(map[string]string{"a.py": strings.Replace(numbered(5, "a"), "a line 2\n", "A LINE 2\n", 1)})
	second := g.commit("change")
	g.write(map[string]string{"b.py": "B\n", "new.py": "n\n"})
	want, err := g.open().DiffWorktree(first)
	if err != nil {
		t.Fatal(err)
	}
	r := g.open()
	r.StartListing()
	r.StartDiffWorktree(first)
	got, err := r.DiffWorktree(first)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("the started diff %+v (%v), want %+v", got, err, want)
	}
	other, err := r.DiffWorktree(second)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := byPath(other)["a.py"]; ok {
		t.Errorf("a diff against %s holds a.py, which only the commit before it changed", second)
	}
	g.write(map[string]string{"c.py": "C\n"})
	again, err := r.DiffWorktree(first)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := byPath(again)["c.py"]; !ok {
		t.Errorf("a second diff of the same base was not made afresh: %v", again.Paths())
	}
	if _, err := g.open().DiffWorktree("no-such-rev"); err == nil {
		t.Error("a diff against an unknown revision must fail")
	}
	bad := g.open()
	bad.StartDiffWorktree("no-such-rev")
	if _, err := bad.DiffWorktree("no-such-rev"); err == nil {
		t.Error("a started diff against an unknown revision must fail as the diff does")
	}
}

// ResolveRev learns the commit's tree in the same git call, and a name that is not
// one commit (a range, an unknown name) is still refused.
func TestResolveRevKnowsTheTreeToo(t *testing.T) {
	dir := t.TempDir()
	gitT := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.email=t@t", "-c", "user.name=t"}, args...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	gitT("init", "-q")
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("a\n"), 0o644)
	gitT("add", "a.txt")
	gitT("commit", "-qm", "one")
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("b\n"), 0o644)
	gitT("commit", "-qam", "two")
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	c, err := r.ResolveRev("HEAD~1")
	if err != nil || c != gitT("rev-parse", "HEAD~1") {
		t.Fatalf("HEAD~1 resolved to %q (%v)", c, err)
	}
	if tr, err := r.ResolveTree("HEAD~1"); err != nil || tr != gitT("rev-parse", "HEAD~1^{tree}") {
		t.Errorf("the tree of HEAD~1: %q (%v)", tr, err)
	}
	for _, bad := range []string{"HEAD~1..HEAD", "nope", "HEAD~5"} {
		if h, err := r.ResolveRev(bad); err == nil {
			t.Errorf("%q resolved to %q, want an unknown revision", bad, h)
		}
	}
}

// The parents of the listed commits name base exactly when base is an ancestor of
// head: a diff check then knows its merge base without asking git for it.
func TestCommitsAndParentsShowWhenBaseIsAnAncestor(t *testing.T) {
	dir := t.TempDir()
	gitT := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.email=t@t", "-c", "user.name=t"}, args...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	commit := func(name, content string) string {
		os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644)
		gitT("add", name)
		gitT("commit", "-qm", "change "+name)
		return gitT("rev-parse", "HEAD")
	}
	gitT("init", "-q", "-b", "main")
	root := commit("a.txt", "a\n")
	gitT("checkout", "-q", "-b", "feature")
	commit("b.txt", "b\n")
	commit("c.txt", "c\n")
	gitT("checkout", "-q", "main")
	moved := commit("d.txt", "d\n")
	gitT("checkout", "-q", "feature")
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	cs, parents, err := r.CommitsAndParents(root, "HEAD")
	if err != nil || len(cs) != 2 || !parents[root] {
		t.Errorf("the branch point %s is an ancestor of HEAD: %d commits, parents %v (%v)", root[:7], len(cs), parents, err)
	}
	cs, parents, err = r.CommitsAndParents(moved, "HEAD")
	if err != nil || len(cs) != 2 || parents[moved] {
		t.Errorf("main moved on (%s): it is no ancestor of HEAD, yet parents %v (%d commits, %v)", moved[:7], parents, len(cs), err)
	}
	if cs, parents, err := r.CommitsAndParents("HEAD", "HEAD"); err != nil || len(cs) != 0 || len(parents) != 0 {
		t.Errorf("HEAD..HEAD lists nothing: %d commits, parents %v (%v)", len(cs), parents, err)
	}
}

// A hunk that removes two lines and adds three replaces the first two in order and
// adds the third: the evidence tells a modified line from a new one.
func TestAReplacedLineIsModifiedNotAdded(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{"a.go": "package a\n\nvar x = 1\nvar y = 2\n\nfunc f() {}\n"})
	base := g.commit("base")
	g.write(map[string]string{"a.go": "package a\n\nvar x = 10\nvar y = 20\nvar z = 30\n\nfunc f() {}\nfunc g() {}\n"})
	c, err := g.open().DiffWorktree(base)
	if err != nil {
		t.Fatal(err)
	}
	fc := byPath(c)["a.go"]
	if want := lines(3, 4, 5, 8); !reflect.DeepEqual(fc.Touched, want) {
		t.Fatalf("touched %v, want %v", keys(fc.Touched), keys(want))
	}
	f := &engine.File{Path: "a.go", Touched: fc.Touched, Deleted: fc.Deleted, Replaced: fc.Replaced}
	for line, added := range map[int]bool{3: false, 4: false, 5: true, 8: true, 1: false} {
		if f.Added(line) != added {
			t.Errorf("line %d: added %v, want %v", line, f.Added(line), added)
		}
	}
	if was, ok := f.Was(4); !ok || was != "var y = 2" {
		t.Errorf("line 4 replaced %q (%v), want the old `var y = 2`", was, ok)
	}
}

// The in-process line diff of a proposed write tells a modified line from an added
// one as git's hunks do.
func TestChangedLinesReplacingPairsModifiedLines(t *testing.T) {
	touched, _, replaced := ChangedLinesReplacing([]byte("a\nb\nc\n"), []byte("a\nB\nc\nd\n"))
	if !reflect.DeepEqual(touched, lines(2, 4)) || !reflect.DeepEqual(replaced, map[int]string{2: "b"}) {
		t.Errorf("touched %v replaced %v, want lines 2 and 4 touched, line 2 replacing `b`", keys(touched), replaced)
	}
}

// In a linked worktree the branch checked out is the worktree's own, and the
// reflogs that say where each commit was made are the repository's shared ones.
func TestCommitsKnowTheBranchTheyWereMadeOnInAWorktree(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{"a.txt": "one\n"})
	base := g.commit("first")
	g.write(map[string]string{"a.txt": "two\n"})
	onMain := g.commit("on main")
	wt := &gitRepo{t: t, dir: filepath.Join(t.TempDir(), "wt")}
	g.git("worktree", "add", "-q", "-b", "topic", wt.dir, onMain)
	wt.write(map[string]string{"b.txt": "b\n"})
	onTopic := wt.commit("on topic")

	r := wt.open()
	if b := r.HeadBranch(); b != "topic" {
		t.Errorf("head branch %q, want topic", b)
	}
	cs, err := r.Commits(base, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, c := range cs {
		got[c.Hash] = c.MadeOn
	}
	if got[onMain] != "main" || got[onTopic] != "topic" || len(got) != 2 {
		t.Errorf("made on %v, want %s on main and %s on topic", got, onMain[:7], onTopic[:7])
	}
	if b := g.open().HeadBranch(); b != "main" {
		t.Errorf("the main work tree's branch %q, want main", b)
	}
}

// Third-party folders are the ones GitHub's linguist names vendored, in any case, at
// any depth; `deps/` only at the root, where C projects bundle their libraries.
func TestVendoredFolders(t *testing.T) {
	for p, want := range map[string]bool{
		"vendor/github.com/x/y.go":                         true,
		"src/ThirdParty/zlib/inflate.c":                    true,
		"lib/3rdparty/json.hpp":                            true,
		"extern/imgui/imgui.cpp":                           true,
		"deps/pcre/pcre.c":                                 true,
		"src/deps/resolve.go":                              false,
		"src/dependencies.go":                              false,
		"internal/vendoring/vendoring.go":                  false,
		"main.go":                                          false,
		"env/lib/python3.12/site-packages/pip/__init__.py": true,
		"usr/lib/python3/dist-packages/apt/package.py":     true,
		"src/packages/site.py":                             false,
		// an agent's installed skills and plugins (wild round 37)
		".claude/skills/party/scripts/merge.py": true,
		".agents/plugins/x/run.ts":              true,
		".claude/hooks/check.py":                false,
		"src/skills/cook.py":                    false,
	} {
		if got := Vendored(p); got != want {
			t.Errorf("Vendored(%q) = %v, want %v", p, got, want)
		}
	}
}

// The uncommitted part of a change: paths no commit touched, and the committed
// paths edited again since; a committed path left as committed is not in it.
func TestUncommittedIsWhatHEADDoesNotHold(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{"x.txt": "1\n", "y.txt": "1\n", "z.txt": "1\n"})
	base := g.commit("base")
	g.write(map[string]string{"x.txt": "2\n", "y.txt": "2\n"})
	g.commit("x and y")
	g.write(map[string]string{"y.txt": "3\n", "z.txt": "2\n", "new.txt": "1\n"})
	r := g.open()
	commits, got := uncommittedInWorktree(t, r, base)
	if want := "new.txt y.txt z.txt"; strings.Join(got, " ") != want {
		t.Errorf("work tree: uncommitted %q, want %s", got, want)
	}
	g.git("add", "z.txt")
	c, err := r.DiffIndex(base)
	if err != nil {
		t.Fatal(err)
	}
	got, err = r.Uncommitted(c, commits, true)
	if err != nil {
		t.Fatal(err)
	}
	if want := "z.txt"; strings.Join(got, " ") != want {
		t.Errorf("index: uncommitted %q, want %s", got, want)
	}
}

// uncommittedInWorktree returns the commits since base and the work tree's files their
// commits do not hold.
func uncommittedInWorktree(t *testing.T, r *Repo, base string) ([]engine.Commit, []string) {
	t.Helper()
	commits, err := r.Commits(base, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	c, err := r.DiffWorktree(base)
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Uncommitted(c, commits, false)
	if err != nil {
		t.Fatal(err)
	}
	return commits, got
}

// A file a commit renamed is committed on both sides: the change's paths hold the
// old one too, and it is no uncommitted edit (pixpilot/supabase-toolkit 343a74c moved
// tooling/rollup/eslint.config.mjs and heed called the old path uncommitted).
func TestRenamedInACommitIsNotUncommitted(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{"old/conf.mjs": "export default { a: 1, b: 2, c: 3 };\n", "keep.txt": "1\n"})
	base := g.commit("base")
	g.write(map[string]string{"new/conf.mjs": "export default { a: 1, b: 2, c: 3 };\n"})
	g.git("rm", "-q", "old/conf.mjs")
	g.commit("move the config")
	r := g.open()
	_, got := uncommittedInWorktree(t, r, base)
	if len(got) != 0 {
		t.Errorf("uncommitted %q after a committed rename, want none", got)
	}
}

// ChangedLines is ChangedLinesReplacing without the replaced lines.
func ChangedLines(old, new []byte) (touched, deleted engine.LineSet) {
	touched, deleted, _ = ChangedLinesReplacing(old, new)
	return touched, deleted
}

func TestRetired(t *testing.T) {
	for p, want := range map[string]bool{
		".archived/marketing/features.tsx":    true,
		"packages/ui/.scratch/try.ts":         true,
		"src/_archive/old.py":                 true,
		"src/archive/mailbox.ts":              false, // an application's feature
		"src/features/archived-items/list.ts": false,
		"archived/v1/client.go":               true,
		"docs/.archived.md":                   false,
	} {
		if got := Retired(p); got != want {
			t.Errorf("Retired(%q) = %v, want %v", p, got, want)
		}
	}
	if got := Classify(".archived/a/b.ts", []byte("export const a = 1;\n")); got != SkipRetired {
		t.Errorf("Classify of an archived file: %q, want %q", got, SkipRetired)
	}
}
