package audit_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/audit"
	"github.com/heed-dev/heed/internal/audit/trajectory"
	"github.com/heed-dev/heed/internal/check"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/report"
)

// heed check --diff and heed audit judge a change through the same engine: on the same
// repository, rules and commits they own the same findings and give each rule the same
// verdict. The change adds a print() to a new file and touches another line of a file
// whose print() was there before (the change does not own it), edits a migration and
// commits with a message that is not a Conventional Commit.
func TestCheckAndAuditGiveTheSameVerdictsOnTheSameChange(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir,
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	write := func(rel, text string) {
		t.Helper()
		p := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run("init", "-q", "-b", "main")
	write("AGENTS.md", "# Agents\n\n"+
		"- Python code never calls `print()`; use the `logging` module.\n"+
		"- Never modify files in `migrations/`.\n"+
		"- Commit messages must follow the Conventional Commits format.\n")
	write("app/old.py", "import logging\nprint('old')\nx = 1\n")
	write("migrations/0001_init.sql", "CREATE TABLE t (id INT);\n")
	run("add", "-A")
	run("commit", "-q", "-m", "feat: start the app")
	base := run("rev-parse", "HEAD")
	write("app/new.py", "import logging\nprint('new')\n")
	write("app/old.py", "import logging\nprint('old')\nx = 2\n")
	write("migrations/0001_init.sql", "CREATE TABLE t (id BIGINT);\n")
	run("add", "-A")
	run("commit", "-q", "-m", "Fixed the parser")
	head := run("rev-parse", "HEAD")

	p, err := project.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	checked, err := check.Run(p, check.Options{Mode: check.Diff, Rev: base, NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
	audited, err := audit.Run(audit.Options{Repo: dir, Base: base, Head: head, Rules: p.Rules, Workers: 1,
		Trajectory: &trajectory.Trajectory{Format: trajectory.Claude, Cwd: dir}})
	if err != nil {
		t.Fatal(err)
	}

	place := func(f report.Finding) string {
		switch {
		case f.File != "":
			return fmt.Sprintf("%s %s:%d", f.Rule, f.File, f.Line)
		case f.Commit != "":
			return fmt.Sprintf("%s commit %.7s", f.Rule, f.Commit)
		}
		return f.Rule + " the change"
	}
	var fromCheck, fromAudit []string
	violatedByCheck := map[string]bool{}
	for _, f := range checked.Findings {
		fromCheck = append(fromCheck, place(f))
		violatedByCheck[f.Rule] = true
	}
	for _, r := range audited.Rules {
		if (r.Verdict == engine.Violated) != violatedByCheck[r.Rule] {
			t.Errorf("rule %s (%s): audit says %s, check finds it violated: %v", r.Rule, r.Instruction.Text, r.Verdict, violatedByCheck[r.Rule])
		}
		for _, v := range r.Violations {
			fromAudit = append(fromAudit, place(v.Finding))
		}
	}
	slices.Sort(fromCheck)
	slices.Sort(fromAudit)
	if !slices.Equal(fromCheck, fromAudit) {
		t.Errorf("the two drivers own different findings:\ncheck: %q\naudit: %q", fromCheck, fromAudit)
	}
	t.Logf("both own: %q", fromCheck)
	// what both must find, so that agreeing on nothing cannot pass
	all := strings.Join(fromCheck, "\n")
	for _, want := range []string{" app/new.py:2", " migrations/0001_init.sql", " commit " + head[:7]} {
		if !strings.Contains(all, want) {
			t.Errorf("no finding at %q among:\n%s", want, all)
		}
	}
	if strings.Contains(all, "app/old.py:2") {
		t.Errorf("the print() the change did not touch is reported:\n%s", all)
	}
}
