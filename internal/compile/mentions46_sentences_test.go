package compile_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/recognize"
)

// allRulesOf compiles a document as a repository's AGENTS.md and returns every rule
// of every domain, each as "kind params", for tests that look at what was read.
func allRulesOf(doc string) []string {
	p := compileAgentsDoc(doc, &recognize.RepoContext{Tools: []string{"git"}, Dirs: []string{"src", "docs"}})
	var out []string
	for _, e := range p.Entries {
		for _, r := range e.Rules {
			params, _ := json.Marshal(r.Params)
			out = append(out, string(r.Kind)+" "+r.Severity+" "+string(params)+" | "+r.Norm)
		}
	}
	return out
}

// TestOwnSentences461: things a sentence mentions without banning them, and files a
// sentence names before it says "do not commit them" (batch 461, written before the
// compiler read any of it, 2026-12-06; first sight in own-sentences-460.md). Each
// document lists rule fragments that must appear and fragments no rule may carry.
func TestOwnSentences461(t *testing.T) {
	cases := []struct {
		name, doc  string
		want, none []string
	}{
		{"reason clause keeps merge commits", "- Never rebase `develop` onto `upstream/main` — it contains intentional merge commits that must stay.\n",
			nil, []string{`"no-merge"`}},
		{"merge commits kept, squash banned", "- Keep the merge commits on `develop`; do not squash them.\n",
			nil, []string{`"no-merge"`}},
		{"history keeps merge commits", "- Don't squash release branches: their history keeps a merge commit for every release.\n",
			nil, []string{`"no-merge"`}},
		{"control: merge commits banned", "- Avoid merge commits; rebase on `main` instead.\n",
			[]string{`"no-merge"`}, nil},
		{"control: no merge commits", "- Do not create merge commits in pull requests.\n",
			[]string{`"no-merge"`}, nil},
		{"files then do not commit them", "- The `PAT_*.md` documents at the repository root are working notes only — do not commit them.\n",
			[]string{`untouched`, `"paths":["PAT_*.md"]`}, []string{`concept:commit`, `**/PAT_*.md`}},
		{"a secret file, never commit it", "- `.env.local` holds your own secrets; never commit it.\n",
			[]string{`untouched`, `.env.local`}, []string{`concept:commit`}},
		{"screenshots, don't check them in", "- Screenshots in `tmp/shots/` are for local debugging. Don't commit them.\n",
			[]string{`untouched`, `tmp/shots/`}, []string{`concept:commit`}},
		{"control: changes, do not commit them until tests pass", "- Stage your changes, but do not commit them until `make test` passes.\n",
			nil, []string{`untouched`}},
		{"control: files must not be committed", "- Generated files under `dist/` must not be committed.\n",
			[]string{`untouched`, `dist/`}, nil},
	}
	met, total := 0, 0
	for _, c := range cases {
		got := strings.Join(allRulesOf(c.doc), "\n")
		ok := true
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				ok = false
				t.Errorf("%s: no rule carries %s\n  rules:\n%s", c.name, w, got)
			}
		}
		for _, n := range c.none {
			if strings.Contains(got, n) {
				ok = false
				t.Errorf("%s: a rule carries %s\n  rules:\n%s", c.name, n, got)
			}
		}
		total++
		if ok {
			met++
		}
	}
	t.Logf("%d of %d documents read as labelled", met, total)
}

// TestOwnSentences463: "merge" of things of the code is no rule about `git merge`
// (batch 463, written before the compiler read it, 2026-12-06, after tabiya-tech/
// compass backend/AGENTS.md:79 warned on every `git merge`).
func TestOwnSentences463(t *testing.T) {
	cases := []struct {
		doc  string
		want bool // a rule about `git merge`
	}{
		{"- Task decomposition — each agent has one objective. Don't merge responsibilities.\n", false},
		{"- Do not merge the two config classes; keep them apart.\n", false},
		{"- Never merge unrelated modules into one file.\n", false},
		{"- Never merge your own pull requests.\n", true},
		{"- Don't merge; rebase instead.\n", true},
		{"- Never merge PRs yourself.\n", true},
	}
	for _, c := range cases {
		got := strings.Contains(strings.Join(allRulesOf(c.doc), "\n"), `"merge"`)
		if got != c.want {
			t.Errorf("%q: a rule about git merge: %v, want %v\n%s", c.doc, got, c.want, strings.Join(allRulesOf(c.doc), "\n"))
		}
	}
}
