package source

import (
	"slices"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A ban of a language's global function by name (round 7 of the findings study:
// identifier bans hit same-named helpers) leaves out the calls of a helper of that
// name the file defines or imports from the project, and keeps a package's function
// of the name and every call of a name the project defines itself.
func TestBansOfGlobalsSpareTheProjectsHelpers(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"python", "typescript"}}
	cases := []struct {
		text  string
		files map[string]string
		want  []string // files with a finding
	}{
		{"Never use `print()`; use the logger.", map[string]string{
			"pkg/plain.py":    "def show(x):\n    print(x)\n",
			"pkg/helper.py":   "from .display import print\n\ndef show(x):\n    print(x)\n",
			"pkg/aliased.py":  "from ..ui import echo as print\n\nprint('x')\n",
			"pkg/own.py":      "def print(*args):\n    pass\n\nprint('x')\n",
			"pkg/rich_out.py": "from rich import print\n\nprint('x')\n",
			"pkg/method.py":   "class Doc:\n    def print(self):\n        return 1\n\nprint('x')\n",
		}, []string{"pkg/method.py", "pkg/plain.py", "pkg/rich_out.py"}},
		{"Never call `fetch` directly; use `apiClient`.", map[string]string{
			"src/plain.ts":    "export const get = (u: string) => fetch(u);\n",
			"src/helper.ts":   "import { fetch } from './http';\nexport const get = (u: string) => fetch(u);\n",
			"src/own.ts":      "function fetch(u: string) { return u; }\nexport const x = fetch('a');\n",
			"src/const.ts":    "const fetch = (u: string) => u;\nexport const x = fetch('a');\n",
			"src/package.ts":  "import fetch from 'node-fetch';\nexport const x = fetch('a');\n",
			"src/exported.ts": "export function fetch(u: string) { return u; }\nexport const x = fetch('a');\n",
		}, []string{"src/package.ts", "src/plain.ts"}},
		// a helper the project defines is what the ban is about: its callers are
		// flagged; the module of the prescribed wrapper (`def compact`) calls it by
		// design (wrapperFile)
		{"Never call `trim_messages()` directly; use `compact()`.", map[string]string{
			"pkg/compaction.py": "def trim_messages(m):\n    return m\n\ndef compact(m):\n    return trim_messages(m)\n",
			"pkg/agent.py":      "from .compaction import trim_messages\n\ntrim_messages([])\n",
		}, []string{"pkg/agent.py"}},
	}
	for _, c := range cases {
		con := &policy.Constraint{ID: "x", Text: c.text, File: "AGENTS.md", Line: 1, Level: policy.Must}
		var rules []*policy.Rule
		for _, r := range recognizeAll(con, rc) {
			r := r
			r.ID = "R" + string(rune('0'+len(rules)))
			rules = append(rules, &r)
		}
		if len(rules) == 0 {
			t.Errorf("%q: no rule", c.text)
			continue
		}
		fs, _ := runFiles(t, rules, c.files)
		var got []string
		for _, f := range fs {
			if !slices.Contains(got, f.Path) {
				got = append(got, f.Path)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: findings in %v, want %v", c.text, got, c.want)
		}
	}
}
