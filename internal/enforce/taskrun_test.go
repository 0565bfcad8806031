package enforce

import "testing"

// heed exec (and a shim) records how a command ended only when an ordering rule will
// read it: `make lint`, whose recipe runs the prerequisite, is recorded; `make docs`
// is not. The same Makefile decides a commit after them.
func TestExecRecordsARunnerTargetThatRunsAPrerequisite(t *testing.T) {
	root := newRepo(t, "- Run `ruff check` before committing.")
	write(t, root, "Makefile", ".PHONY: lint docs\nlint:\n\truff check .\ndocs:\n\tmkdocs build\n")
	e := newEnforcer()
	e.NoJournal = true
	for _, c := range []struct {
		argv   []string
		record bool
	}{
		{[]string{"make", "lint"}, true},
		{[]string{"make", "docs"}, false},
		{[]string{"ruff", "check", "."}, true},
	} {
		d := e.Check(Request{Root: root, Argv: c.argv, Source: "exec"})
		if d.Blocked || d.Record != c.record {
			t.Errorf("%v: blocked %v, record %v; want record %v\n%s", c.argv, d.Blocked, d.Record, c.record, d.Message)
		}
	}
	e.NoRunners = true
	if d := e.Check(Request{Root: root, Argv: []string{"make", "lint"}, Source: "exec"}); d.Record {
		t.Errorf("with NoRunners, make lint was recorded")
	}
}
