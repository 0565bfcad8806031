package fix

import (
	"os"
	"path/filepath"
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

func TestApplyEditsAFileWhole(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.py", "x = yaml.load(f)\ny = yaml.load(g)\n")
	edits := []engine.TextEdit{
		{Path: "a.py", Start: 21, End: 30, Old: "yaml.load", New: "yaml.safe_load"},
		{Path: "a.py", Start: 4, End: 13, Old: "yaml.load", New: "yaml.safe_load"},
	}
	rep, err := Apply(dir, edits)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := read(t, dir, "a.py"), "x = yaml.safe_load(f)\ny = yaml.safe_load(g)\n"; got != want {
		t.Fatalf("fixed file:\n%s\nwant:\n%s", got, want)
	}
	if len(rep.Applied) != 2 || len(rep.Files) != 1 || len(rep.Skipped) != 0 {
		t.Errorf("report %+v", rep)
	}
	if info, _ := os.Stat(filepath.Join(dir, "a.py")); info.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want the file's own 0640", info.Mode().Perm())
	}
}

// Two fixes of one span: the first is applied, the second is reported, not guessed at.
func TestOverlappingEditsApplyTheFirstOnly(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.py", "yaml.load(f)\n")
	rep, err := Apply(dir, []engine.TextEdit{
		{Path: "a.py", Start: 0, End: 9, Old: "yaml.load", New: "yaml.safe_load"},
		{Path: "a.py", Start: 5, End: 9, Old: "load", New: "full_load"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := read(t, dir, "a.py"); got != "yaml.safe_load(f)\n" {
		t.Fatalf("fixed file %q", got)
	}
	if len(rep.Skipped) != 1 || rep.Skipped[0].Reason != ReasonOverlap {
		t.Errorf("skipped %+v, want the overlapping edit", rep.Skipped)
	}
}

// A file edited since it was judged is left alone, every edit of it reported.
func TestAFileChangedSinceItWasJudgedIsNotWritten(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.py", "# a new first line\nx = yaml.load(f)\n")
	rep, err := Apply(dir, []engine.TextEdit{{Path: "a.py", Start: 4, End: 13, Old: "yaml.load", New: "yaml.safe_load"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := read(t, dir, "a.py"); got != "# a new first line\nx = yaml.load(f)\n" {
		t.Fatalf("the file was written: %q", got)
	}
	if len(rep.Files) != 0 || len(rep.Skipped) != 1 || rep.Skipped[0].Reason != ReasonChanged {
		t.Errorf("report %+v", rep)
	}
}

func TestAPathOutsideTheRepositoryIsNeverWritten(t *testing.T) {
	dir := t.TempDir()
	rep, err := Apply(filepath.Join(dir, "repo"), []engine.TextEdit{{Path: "../x.py", Start: 0, End: 1, Old: "x", New: "y"}})
	if err != nil || len(rep.Skipped) != 1 || rep.Skipped[0].Reason != ReasonPath {
		t.Fatalf("report %+v, err %v", rep, err)
	}
}

func TestOnlyExactFixesAreTaken(t *testing.T) {
	e := engine.TextEdit{Path: "a.py", Start: 0, End: 1, Old: "x", New: "y"}
	got := Exact([]engine.Fix{{Message: "a guess", Edits: []engine.TextEdit{e}}, {Message: "the rule's replacement", Edits: []engine.TextEdit{e}, Exact: true}})
	if len(got) != 1 {
		t.Fatalf("%d edits, want the exact fix's one", len(got))
	}
}
