package arch

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
)

// corpusDir holds the real instruction files (shared/corpus/instructions).
const corpusDir = "../../../../shared/corpus/instructions"

// Every architecture rule the recognisers compile from the 46 real instruction files,
// pinned: a new one must be looked at (precision matters more than recall), and a
// lost one is a regression. Without folders (no repository), a bare name is the
// folder of that name at any depth, or the package of that name.
func TestCorpusRulesArePinned(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*"))
	if len(files) == 0 {
		t.Skip("corpus not present")
	}
	var got []string
	for _, f := range files {
		base := filepath.Base(f)
		if base == "README.md" || base == "MANIFEST.tsv" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// The corpus names files OWNER__REPO__PATH; extract as the path they had.
		parts := strings.SplitN(base, "__", 3)
		rel := strings.ReplaceAll(parts[len(parts)-1], "__", "/")
		cons, _ := instr.Extract(rel, src, instr.Classify(rel), policy.Scope{})
		for i := range cons {
			c := &cons[i]
			// Info constraints are not compiled, but what the recognisers would make of
			// them is the harder precision test: descriptions must stay descriptions.
			lc := *c
			lc.Level = policy.Must
			for _, r := range recognizeAll(&lc, nil) {
				got = append(got, base+": "+r.Kind+" "+string(r.Params)+" <- "+c.Text)
			}
		}
	}
	sort.Strings(got)
	want := []string{
		// without a layout, `web` is the folder web/ at any depth or the package web
		"langfuse__langfuse__.agents__AGENTS.md: imports {\"from_packages\":[\"@langfuse/shared\"],\"to\":[\"**/web/**\",\"**/worker/**\",\"**/ee/**\"],\"to_packages\":[\"web\",\"worker\",\"ee\"],\"mode\":\"forbid\"} <- `@langfuse/shared` -> no imports from `web`, `worker`, or `ee`",
		// items of a "Dependency direction:" list: the target must not depend back
		"langfuse__langfuse__.agents__AGENTS.md: imports {\"from_packages\":[\"@langfuse/shared\"],\"to_packages\":[\"@langfuse/ee\"],\"mode\":\"forbid\"} <- `@langfuse/ee` -> `@langfuse/shared`",
		"langfuse__langfuse__.agents__AGENTS.md: imports {\"from_packages\":[\"@langfuse/shared\"],\"to_packages\":[\"worker\"],\"mode\":\"forbid\"} <- `worker` -> `@langfuse/shared`",
		"microsoft__vscode__.github__copilot-instructions.md: imports {\"from\":[\"vs/workbench/**\"],\"to\":[\"src/vs/sessions/**\"],\"mode\":\"forbid\"} <- `src/vs/sessions/` - Agents sessions window, a dedicated workbench layer for agentic workflows (sits alongside `vs/workbench`, may import from it but not vice versa)",
		// tests beside their source: a *.test.ts in a separate test tree is misplaced
		"vercel__ai__AGENTS.md: placement {\"files\":[\"**/*.test.ts\"],\"except\":[\"**/e2e/**\",\"**/integration/**\",\"**/integration-tests/**\",\"**/acceptance/**\",\"**/smoke/**\",\"**/*e2e*/**\",\"**/*end_to_end*/**\",\"**/*end-to-end*/**\",\"**/*integration*/**\",\"**/robustness/**\",\"**/*stress_test*/**\",\"**/*compat_test*/**\",\"**/system_test*/**\",\"**/*evals/**\",\"**/*-evals/**\",\"**/benchmarks/**\",\"**/fixtures/**\",\"**/testdata/**\",\"**/__fixtures__/**\",\"**/*.e2e.*\",\"**/*.e2e-spec.*\"],\"not_under\":[\"**/test/**\",\"**/tests/**\",\"**/__tests__/**\",\"**/spec/**\",\"**/specs/**\"]} <- Test files: `*.test.ts` alongside source files",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("corpus rules changed:\n%s", strings.Join(got, "\n"))
	}
}
