package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A step "required before integration tests" in a nested instruction file, with no
// test command heed can find, names what comes after it: no order before the commit.
// A step required before committing, in the same list, still is one.
func TestStepRequiredBeforeWhatIsNoEvent(t *testing.T) {
	dir := gitRepo(t, map[string]string{
		"sdk/web/AGENTS.md": "# Web SDK (`sdk/web/`)\n\n## Commands\n\nAll commands run from `sdk/web/`.\n\n" +
			"- **Build:** `make build`\n- **Install (required before integration tests):** `make install`\n" +
			"- **Lint (required before every commit):** `make lint`\n",
		"sdk/web/src/a.ts": "export const x = 1\n",
	})
	if code, out, errs := runHeed(nil, "--repo", dir, "compile"); code != 0 {
		t.Fatalf("heed compile: %d\n%s%s", code, out, errs)
	}
	data, err := os.ReadFile(filepath.Join(dir, ".heed", "policy.json"))
	if err != nil {
		t.Fatal(err)
	}
	policy := string(data)
	for _, line := range strings.Split(policy, "\n") {
		if strings.Contains(line, `"label"`) && strings.Contains(line, "make install") {
			t.Errorf("an order with `make install` first: %s", line)
		}
	}
	if !strings.Contains(policy, "make lint") {
		t.Errorf("the lint order is gone:\n%s", policy)
	}
}
