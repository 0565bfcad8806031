package audit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/audit/trajectory"
	"github.com/heed-dev/heed/internal/enforce"
)

// The journal adapter reads what internal/enforce writes, not a format of its own.
// (It lives here, not in package trajectory, so the adapters' fuzz target does not link
// enforce's cgo dependencies, which stall the fuzzing workers.)
func TestJournalWrittenByEnforce(t *testing.T) {
	root := t.TempDir()
	zero, one := 0, 1
	for _, e := range []enforce.JournalEntry{
		{Time: "2026-03-02T10:00:00Z", ID: "a", Source: "shim", Argv: []string{"npm", "install"}, Cwd: "web", Verdict: "allowed"},
		{Time: "2026-03-02T10:00:01Z", ID: "a", Exit: &one},
		{Time: "2026-03-02T10:00:02Z", ID: "b", Source: "hook:claude", Line: "git push --force", Verdict: "blocked"},
		{Time: "2026-03-02T10:00:03Z", ID: "c", Source: "hook:claude", Edit: []string{"web/app.ts", "web/x.ts"}},
		{Time: "2026-03-02T10:00:04Z", ID: "d", Source: "exec", Line: "make lint", Verdict: "warned"},
		{Time: "2026-03-02T10:00:05Z", ID: "d", Exit: &zero},
	} {
		if err := enforce.AppendJournal(root, e); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(filepath.Join(root, enforce.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := trajectory.Parse(data, "auto")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range tr.Steps {
		got = append(got, stepString(s)+" cwd="+s.Cwd)
	}
	want := []string{`command "npm install" exit=1 cwd=web`, `command "git push --force" DENIED cwd=`, `edit web/app.ts cwd=`, `edit web/x.ts cwd=`, `command "make lint" exit=0 cwd=`}
	if tr.Format != trajectory.Heed || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("format %s steps:\n%s", tr.Format, strings.Join(got, "\n"))
	}
}

func stepString(s trajectory.Step) string {
	out := s.Kind
	if s.Kind == trajectory.KindCommand {
		out += fmt.Sprintf(" %q", s.Command)
	} else {
		out += " " + s.Path
	}
	if s.Exit != nil {
		out += fmt.Sprintf(" exit=%d", *s.Exit)
	}
	if s.Denied {
		out += " DENIED"
	}
	return out
}
