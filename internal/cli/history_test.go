package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// heed compile reviews commit-message rules on the project's recent commits: a rule
// most of them break is not how the project works (a pull request's title read as
// every commit's, a misreading) and warns for review with the count; one the history
// follows keeps its level.
func TestCompileReviewsCommitRulesOnTheHistory(t *testing.T) {
	for _, tc := range []struct {
		subject string
		want    string
	}{
		{"Update the parser %d", "warning"},
		{"fix(parser): handle case %d", "error"},
	} {
		dir := gitRepo(t, map[string]string{
			"AGENTS.md": "# Rules\n\n- Commit messages must follow Conventional Commits.\n",
			"src/a.py":  "x = 0\n",
		})
		for i := range 12 {
			os.WriteFile(filepath.Join(dir, "src/a.py"), []byte(fmt.Sprintf("x = %d\n", i+1)), 0o644)
			git(t, dir, "add", "-A")
			git(t, dir, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", fmt.Sprintf(tc.subject, i))
		}
		if code, out, errs := runHeed(nil, "--repo", dir, "compile"); code != 0 {
			t.Fatalf("heed compile: %d\n%s%s", code, out, errs)
		}
		data, err := os.ReadFile(filepath.Join(dir, ".heed", "policy.json"))
		if err != nil {
			t.Fatal(err)
		}
		var p struct {
			Constraints []struct {
				Rules []struct {
					Kind, Severity, Review string
				} `json:"rules"`
			} `json:"constraints"`
		}
		if err := json.Unmarshal(data, &p); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, c := range p.Constraints {
			for _, r := range c.Rules {
				if r.Kind != "commit" {
					continue
				}
				found = true
				if r.Severity != tc.want {
					t.Errorf("history %q: severity %s, want %s (review %q)", tc.subject, r.Severity, tc.want, r.Review)
				}
			}
		}
		if !found {
			t.Fatalf("no commit rule compiled:\n%s", data)
		}
	}
}
