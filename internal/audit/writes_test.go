package audit

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/audit/trajectory"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules/contrib"
)

// handRules are rules about files not to edit by hand, as "Never edit `src/count.ts`
// by hand; regenerate it" compiles, beside one about the file itself.
func handRules(t *testing.T) []engine.Compiled {
	return compiled(t, []testRule{
		{id: "hand.count", domain: policy.DomainContribution, kind: contrib.KindUntouched,
			params: contrib.UntouchedParams{Paths: []string{"/src/count.ts"}, HandOnly: true}, text: "Never edit `src/count.ts` by hand; regenerate it."},
		{id: "hand.docs", domain: policy.DomainContribution, kind: contrib.KindUntouched,
			params: contrib.UntouchedParams{Paths: []string{"docs/api/**"}, HandOnly: true}, text: "Never edit `docs/api/` by hand."},
		{id: "keep.count", domain: policy.DomainContribution, kind: contrib.KindUntouched,
			params: contrib.UntouchedParams{Paths: []string{"/src/count.ts"}}, text: "Do not modify `src/count.ts`."},
		{id: "commit.added", domain: policy.DomainContribution, kind: contrib.KindUntouched,
			params: contrib.UntouchedParams{Paths: []string{"**/.env"}, AddedOnly: true}, text: "Do not commit `.env` files."},
	})
}

// editStep is the step of the session that wrote p with an edit tool.
func editStep(t *testing.T, tr *trajectory.Trajectory, p string) int {
	t.Helper()
	for _, s := range tr.Steps {
		if s.Kind != trajectory.KindCommand && strings.HasSuffix(s.Path, p) {
			return s.Index
		}
	}
	t.Fatalf("the session does not write %s", p)
	return -1
}

// A session that edits a file not to be edited by hand breaks the rule at that step,
// though the final change could as well hold it regenerated: Claude Code's Edit and
// Codex's apply_patch, the shapes their transcripts record.
func TestAuditJudgesHandEditsOnTheSessionsWrites(t *testing.T) {
	dir, base := sessionRepo(t)
	for _, name := range []string{"claude/session.jsonl", "codex/rollout-2026-03-02T10-00-00-0199a3c2.jsonl"} {
		t.Run(name, func(t *testing.T) {
			tr := loadSample(t, name)
			tr.Cwd = "/home/dev/tally"
			rep, err := Run(Options{Repo: dir, Base: base, Trajectory: tr, Rules: handRules(t), Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			rows := map[string]RuleResult{}
			for _, r := range rep.Rules {
				rows[r.Rule] = r
			}
			hand := rows["hand.count"]
			if hand.Verdict != engine.Violated || len(hand.Violations) != 1 {
				t.Fatalf("hand.count: %s %+v, want violated once\n%s", hand.Verdict, hand.Violations, verdictTable(rep))
			}
			v := hand.Violations[0]
			if v.Step != editStep(t, tr, "src/count.ts") || v.File != "src/count.ts" || v.Survived == nil || !*v.Survived {
				t.Errorf("hand.count violation at step %d file %q survived %v", v.Step, v.File, v.Survived)
			}
			if !strings.Contains(v.Message, "by hand") {
				t.Errorf("message %q", v.Message)
			}
			if rows["hand.docs"].Verdict != engine.Satisfied {
				t.Errorf("hand.docs: %s, the session wrote nothing under docs/api/", rows["hand.docs"].Verdict)
			}
			// the rule about the file itself is broken by the final change, once
			if k := rows["keep.count"]; k.Verdict != engine.Violated || len(k.Violations) != 1 {
				t.Errorf("keep.count: %s %d violations", k.Verdict, len(k.Violations))
			}
			if rows["commit.added"].Verdict == engine.Violated {
				t.Errorf("a rule about committing files is not about writes")
			}
		})
	}
}

// Without the repository the session's writes are still evidence: the hand edit is a
// violation, its fate in the final change unknown.
func TestAuditHandEditsWithoutTheRepository(t *testing.T) {
	tr := loadSample(t, "claude/session.jsonl")
	rep, err := Run(Options{Trajectory: tr, Rules: handRules(t), Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Rules {
		switch r.Rule {
		case "hand.count", "keep.count":
			if r.Verdict != engine.Violated || len(r.Violations) != 1 || r.Violations[0].Survived != nil {
				t.Errorf("%s: %s %+v", r.Rule, r.Verdict, r.Violations)
			}
		case "hand.docs":
			if r.Verdict != engine.Undetermined {
				t.Errorf("hand.docs without a diff: %s (a command may have written docs/api/)", r.Verdict)
			}
		}
	}
}

// A hand edit the final change does not hold (written, then reverted) is a violation
// of the session, not of the change.
func TestAuditHandEditUndone(t *testing.T) {
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	write(t, dir, "src/count.ts", "export function count(items: string[]): number {\n  return items.length;\n}\n")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "Initial commit")
	base := git(t, dir, "rev-parse", "HEAD")
	write(t, dir, "src/format.ts", "export const x = 1;\n")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "feat: add count formatting")
	tr := loadSample(t, "claude/session.jsonl")
	rep, err := Run(Options{Repo: dir, Base: base, Trajectory: tr, Rules: handRules(t), Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Rules {
		if (r.Rule == "hand.count" || r.Rule == "keep.count") && r.Verdict != engine.Satisfied {
			t.Errorf("%s: %s; the final change leaves src/count.ts alone", r.Rule, r.Verdict)
		}
	}
	n := 0
	for _, v := range rep.Session {
		if v.Rule == "hand.count" && v.Survived != nil && !*v.Survived && v.Step == editStep(t, tr, "src/count.ts") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("session violations %+v, want the hand edit once", rep.Session)
	}
}
