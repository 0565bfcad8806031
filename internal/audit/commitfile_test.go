package audit

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/audit/trajectory"
	"github.com/heed-dev/heed/internal/engine"
)

// `git commit -F` reads its message from a file; where the session shows that file's
// text (written by a tool, by `cat > FILE <<EOF`, or a here-document on stdin), the
// message is read as `-m`'s is. A file the session never shows is not guessed.
func TestScrapeCommitMessageFiles(t *testing.T) {
	content := "Add the parser\n\nIt reads the header first."
	zero := 0
	tr := &trajectory.Trajectory{Format: trajectory.Claude, Cwd: "/w", Steps: []trajectory.Step{
		{Kind: trajectory.KindWrite, Path: "/tmp/msg.txt", Content: &content},
		{Kind: trajectory.KindCommand, Command: "git add -A && git commit -F /tmp/msg.txt", Exit: &zero},
		{Kind: trajectory.KindCommand, Command: "cat > .git/MSG <<'EOF'\nFix the reader\n\nEmpty input no longer panics.\nEOF", Exit: &zero},
		{Kind: trajectory.KindCommand, Command: "git commit --file=.git/MSG", Exit: &zero},
		{Kind: trajectory.KindCommand, Command: "git commit -q -F - <<'EOF'\nDocument the format\nEOF", Exit: &zero},
		{Kind: trajectory.KindCommand, Command: "git commit -F /tmp/never-shown.txt", Exit: &zero},
	}}
	for i := range tr.Steps {
		tr.Steps[i].Index = i
	}
	b := &bundle{opt: Options{Trajectory: tr}, rep: &Report{}, ev: &engine.Evidence{}, prStep: -1}
	b.trajectory()
	var got []string
	for _, s := range b.scrapeCommits() {
		got = append(got, s.message)
	}
	want := []string{content, "Fix the reader\n\nEmpty input no longer panics.", "Document the format"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("messages:\n%q\nwant:\n%q", got, want)
	}
}
