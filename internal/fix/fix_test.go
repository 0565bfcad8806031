package fix

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
)

func write(t *testing.T, dir, name, content string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o640); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// one is an exact fix of one edit.
func one(path string, start, end int, old, new string) engine.Fix {
	return engine.Fix{Message: "replace `" + old + "` with `" + new + "`", Exact: true,
		Edits: []engine.TextEdit{{Path: path, Start: start, End: end, Old: old, New: new}}}
}

func TestApplyEditsAFileWhole(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.py", "x = yaml.load(f)\ny = yaml.load(g)\n")
	rep, err := Apply(dir, []engine.Fix{
		one("a.py", 21, 30, "yaml.load", "yaml.safe_load"),
		one("a.py", 4, 13, "yaml.load", "yaml.safe_load"),
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := read(t, dir, "a.py"), "x = yaml.safe_load(f)\ny = yaml.safe_load(g)\n"; got != want {
		t.Fatalf("fixed file:\n%s\nwant:\n%s", got, want)
	}
	if len(rep.Applied) != 2 || len(rep.Files) != 1 || len(rep.Skipped) != 0 {
		t.Errorf("report %+v", rep)
	}
	if rep.Applied[0].Edits[0].Start != 4 {
		t.Errorf("applied fixes not in file order: %+v", rep.Applied)
	}
	if info, _ := os.Stat(filepath.Join(dir, "a.py")); info.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want the file's own 0640", info.Mode().Perm())
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("a temporary file was left: %v", ents)
	}
}

// Two different fixes of one span: which is right is not heed's to guess. Both are
// reported, neither is applied; a fix elsewhere in the file still is.
func TestOverlappingFixesAreBothRefused(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.py", "yaml.load(f)\nyaml.load(g)\n")
	rep, err := Apply(dir, []engine.Fix{
		one("a.py", 0, 9, "yaml.load", "yaml.safe_load"),
		one("a.py", 5, 9, "load", "full_load"),
		one("a.py", 13, 22, "yaml.load", "yaml.safe_load"),
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := read(t, dir, "a.py"); got != "yaml.load(f)\nyaml.safe_load(g)\n" {
		t.Fatalf("fixed file %q", got)
	}
	if len(rep.Skipped) != 2 || rep.Skipped[0].Reason != ReasonOverlap || rep.Skipped[1].Reason != ReasonOverlap {
		t.Errorf("skipped %+v, want both overlapping fixes", rep.Skipped)
	}
	if rep.Skipped[0].Line != 1 || rep.Skipped[0].Path != "a.py" {
		t.Errorf("skipped at %s:%d, want a.py:1", rep.Skipped[0].Path, rep.Skipped[0].Line)
	}
	if len(rep.Applied) != 1 {
		t.Errorf("applied %+v, want the fix on line 2", rep.Applied)
	}
}

// Two insertions at one point: which goes first is unknown, so neither does. An
// insertion where a replacement starts or ends meets it at a boundary and is fine.
func TestInsertionsAtOnePointConflict(t *testing.T) {
	cases := []struct {
		a, b engine.TextEdit
		want bool
	}{
		{engine.TextEdit{Start: 3, End: 3, New: "x"}, engine.TextEdit{Start: 3, End: 3, New: "y"}, true},
		{engine.TextEdit{Start: 3, End: 3, New: "x"}, engine.TextEdit{Start: 1, End: 5}, true},
		{engine.TextEdit{Start: 3, End: 3, New: "x"}, engine.TextEdit{Start: 3, End: 5}, false},
		{engine.TextEdit{Start: 5, End: 5, New: "x"}, engine.TextEdit{Start: 3, End: 5}, false},
		{engine.TextEdit{Start: 0, End: 3}, engine.TextEdit{Start: 3, End: 5}, false},
		{engine.TextEdit{Start: 0, End: 4}, engine.TextEdit{Start: 3, End: 5}, true},
		{engine.TextEdit{Path: "a", Start: 0, End: 4}, engine.TextEdit{Path: "b", Start: 3, End: 5}, false},
	}
	for _, c := range cases {
		if got := overlap(c.a, c.b); got != c.want {
			t.Errorf("overlap(%+v, %+v) = %v", c.a, c.b, got)
		}
		if got := overlap(c.b, c.a); got != c.want {
			t.Errorf("overlap(%+v, %+v) = %v", c.b, c.a, got)
		}
	}
}

// The same fix twice (two findings of one span carry it) is applied once.
func TestTheSameFixTwiceIsAppliedOnce(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.py", "yaml.load(f)\n")
	f := one("a.py", 0, 9, "yaml.load", "yaml.safe_load")
	rep, err := Apply(dir, []engine.Fix{f, f})
	if err != nil {
		t.Fatal(err)
	}
	if got := read(t, dir, "a.py"); got != "yaml.safe_load(f)\n" || len(rep.Applied) != 1 || len(rep.Skipped) != 0 {
		t.Fatalf("file %q, report %+v", got, rep)
	}
}

// A fix of two edits is made whole or not at all: one edit that no longer holds
// leaves the file alone.
func TestAFileChangedSinceItWasJudgedIsNotWritten(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.py", "# a new first line\nx = yaml.load(f)\n")
	rep, err := Apply(dir, []engine.Fix{one("a.py", 4, 13, "yaml.load", "yaml.safe_load"), one("a.py", 0, 1, "#", "#")})
	if err != nil {
		t.Fatal(err)
	}
	if got := read(t, dir, "a.py"); got != "# a new first line\nx = yaml.load(f)\n" {
		t.Fatalf("the file was written: %q", got)
	}
	if len(rep.Files) != 0 || len(rep.Skipped) != 2 || rep.Skipped[0].Reason != ReasonChanged || rep.Skipped[1].Reason != ReasonChanged {
		t.Errorf("report %+v", rep)
	}
}

// The file changes between the plan and the write (an editor saves it): the write
// reads it again and leaves it.
func TestAFileChangedWhileFixingIsNotOverwritten(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.py", "x = yaml.load(f)\n")
	path := filepath.Join(dir, "a.py")
	ok, err := writeAtomic(path, []byte("x = yaml.load(g)\n"), []byte("x = yaml.safe_load(g)\n"))
	if err != nil || ok {
		t.Fatalf("writeAtomic = %v, %v, want it to decline", ok, err)
	}
	if got := read(t, dir, "a.py"); got != "x = yaml.load(f)\n" {
		t.Fatalf("the file was overwritten: %q", got)
	}
}

func TestAPathOutsideTheRepositoryIsNeverWritten(t *testing.T) {
	dir := t.TempDir()
	repo := filepath.Join(dir, "repo")
	if err := os.MkdirAll(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, dir, "x.py", "x\n")
	if err := os.Symlink(filepath.Join(dir, "x.py"), filepath.Join(repo, "link.py")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(dir, filepath.Join(repo, "up")); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"../x.py", "/x.py", "link.py", "up/x.py", "missing.py"} {
		rep, err := Apply(repo, []engine.Fix{one(p, 0, 1, "x", "y")})
		if err != nil || len(rep.Skipped) != 1 || rep.Skipped[0].Reason != ReasonPath {
			t.Errorf("%s: report %+v, err %v", p, rep, err)
		}
	}
	if got := read(t, dir, "x.py"); got != "x\n" {
		t.Errorf("the file outside was written: %q", got)
	}
}

func TestOnlyExactFixesAreTaken(t *testing.T) {
	e := engine.TextEdit{Path: "a.py", Start: 0, End: 1, Old: "x", New: "y"}
	got := Exact([]engine.Fix{{Message: "a guess", Edits: []engine.TextEdit{e}}, {Message: "the rule's replacement", Edits: []engine.TextEdit{e}, Exact: true}})
	if len(got) != 1 || got[0].Message != "the rule's replacement" {
		t.Fatalf("%+v, want the exact fix alone", got)
	}
}

// A plan writes nothing; its diff is what Apply would change.
func TestPlanWritesNothingAndShowsTheDiff(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.py", "import yaml\nx = yaml.load(f)\n")
	rep, err := Plan(dir, []engine.Fix{one("a.py", 16, 25, "yaml.load", "yaml.safe_load")})
	if err != nil {
		t.Fatal(err)
	}
	if got := read(t, dir, "a.py"); got != "import yaml\nx = yaml.load(f)\n" {
		t.Fatalf("a plan wrote the file: %q", got)
	}
	d := string(rep.Diff())
	for _, want := range []string{"--- a/a.py\n", "+++ b/a.py\n", "-x = yaml.load(f)\n", "+x = yaml.safe_load(f)\n", " import yaml\n"} {
		if !strings.Contains(d, want) {
			t.Errorf("diff lacks %q:\n%s", want, d)
		}
	}
}
