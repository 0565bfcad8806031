package compile_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules/process"
)

// A flag banned on a tool named in plain words ("Never pass `--no-verify` to git",
// found by the shim48 helper) is the flag on that tool: before, the tool word took no
// option and the rule banned every git command, `git status` included.
func TestAFlagBannedOnAToolInWordsBansTheFlagOnly(t *testing.T) {
	for _, doc := range []string{
		"# X\n\n- Never pass `--no-verify` to git.\n",
		"# X\n\n- Do not use `--no-verify` with git.\n",
	} {
		p, n := commandParamsOf(t, doc)
		if n != 1 {
			t.Errorf("%q: %d command rules, want 1", doc, n)
			continue
		}
		for argv, want := range map[string]string{
			"git status":                  policy.ExpectSatisfied,
			"git commit -m x":             policy.ExpectSatisfied,
			"git commit --no-verify -m x": policy.ExpectViolated,
			"git push --no-verify":        policy.ExpectViolated,
		} {
			if got := process.JudgeArgv(p, strings.Fields(argv)); got != want {
				t.Errorf("%q: %s is %s, want %s", doc, argv, got, want)
			}
		}
	}
}

// "❌ Wrong:" over `cd web && npm test` forbids `npm test` where the line runs it, in
// web/, and nowhere else (wild round 11: supabase-js's Pitfall 2 compiled into a ban
// of program `cd`).
// A span does the same: "Never run `cd web && npm test`".
func TestABannedCdLineForbidsTheCommandInItsFolder(t *testing.T) {
	for _, doc := range []string{
		"# Pitfalls\n\n❌ Wrong:\n\n```bash\ncd web && npm test\n```\n",
		"# Pitfalls\n\n- Never run `cd web && npm test`.\n",
	} {
		p, n := commandParamsOf(t, doc)
		if n != 1 || len(p.At) != 1 || p.At[0] != "web" || len(p.Forbid) != 1 || strings.Join(p.Forbid[0].Program, " ") != "npm" {
			t.Errorf("%q: %d rules, params %+v: want one ban of npm test at web", doc, n, p)
		}
	}
}

// commandParamsOf compiles doc as AGENTS.md: the params of its (last) command rule,
// and how many command rules it gave.
func commandParamsOf(t *testing.T, doc string) (process.CommandParams, int) {
	t.Helper()
	var p process.CommandParams
	n := 0
	for _, r := range compileWithFile(doc) {
		if r.Kind == process.KindCommand {
			n++
			if err := json.Unmarshal(r.Params, &p); err != nil {
				t.Fatal(err)
			}
		}
	}
	return p, n
}
