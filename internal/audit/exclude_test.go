package audit

import (
	"testing"

	"github.com/heed-dev/heed/internal/engine"
)

// A file .heedignore or --exclude leaves out is not judged by file rules, as in heed
// check; the change-level rules still see the whole change.
func TestAuditLeavesOutExcludedFiles(t *testing.T) {
	verdicts := func(r *Report) map[string]engine.Verdict {
		m := map[string]engine.Verdict{}
		for _, rr := range r.Rules {
			m[rr.Rule] = rr.Verdict
		}
		return m
	}
	for _, c := range []struct {
		name       string
		heedignore string
		exclude    []string
	}{
		{"--exclude", "", []string{"src/format.ts"}},
		{".heedignore", "# generated\n/src/format.*\n", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir, base := sessionRepo(t)
			if c.heedignore != "" {
				write(t, dir, ".heedignore", c.heedignore)
			}
			rep, err := Run(Options{Repo: dir, Base: base, Trajectory: loadSample(t, "claude/session.jsonl"), Rules: sessionRules(t), Workers: 1, Exclude: c.exclude})
			if err != nil {
				t.Fatal(err)
			}
			v := verdicts(rep)
			if v["source.console"] == engine.Violated || v["change.header"] == engine.Violated {
				t.Errorf("the excluded src/format.ts was judged: console %s, header %s", v["source.console"], v["change.header"])
			}
			if v["change.tests"] != engine.Violated {
				t.Errorf("change.tests: %s, want violated (the change still touched src/ without a test)", v["change.tests"])
			}
		})
	}
	// and without exclusion the file is judged (the test above can fail)
	dir, base := sessionRepo(t)
	rep, err := Run(Options{Repo: dir, Base: base, Trajectory: loadSample(t, "claude/session.jsonl"), Rules: sessionRules(t), Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if verdicts(rep)["source.console"] != engine.Violated {
		t.Fatal("src/format.ts is not judged even without exclusion")
	}
}
