package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A rule on the pull request's description is judged on the text --pr gives, or the
// CI event of the pull request; without either it is undetermined, never passed.
func TestCheckJudgesThePullRequest(t *testing.T) {
	dir := gitRepo(t, map[string]string{
		"AGENTS.md":   "# Rules\n\n## Pull requests\n\n- Every pull request must reference the issue it resolves (for example `Fixes #123`).\n",
		"go.mod":      "module example.com/app\n\ngo 1.22\n",
		"app/main.go": "package main\n\nfunc main() {}\n",
	})
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=T", "-c", "user.email=t@example.com"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	git("add", ".")
	git("commit", "-qm", "start")
	if code, _, stderr := runHeed(nil, "compile", "--repo", dir); code != 0 {
		t.Fatalf("compile: exit %d: %s", code, stderr)
	}
	git("add", ".")
	git("commit", "-qm", "policy")
	if err := os.WriteFile(filepath.Join(dir, "app", "main.go"), []byte("package main\n\nfunc main() { println(1) }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("commit", "-qam", "Print one")

	write := func(name, text string) string {
		p := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	check := func(env map[string]string, extra ...string) (int, string) {
		t.Helper()
		args := append([]string{"check", "--repo", dir, "--diff", "HEAD~1", "--domain", "contribution", "--format", "json"}, extra...)
		code, out, stderr := runHeed(env, args...)
		if code == 2 {
			t.Fatalf("check %v: exit 2: %s", extra, stderr)
		}
		return code, out
	}

	code, out := check(nil)
	if code != 0 || strings.Contains(out, `"undetermined": []`) || !strings.Contains(out, "--pr FILE") {
		t.Errorf("without a pull request: exit %d, want 0 with the rule undetermined:\n%s", code, out)
	}
	if code, out := check(nil, "--pr", write("pr.md", "Print one\n\nPrints one.\n")); code != 1 || !strings.Contains(out, "pull") {
		t.Errorf("a description without the issue: exit %d, want 1:\n%s", code, out)
	}
	if code, out := check(nil, "--pr", write("pr.md", "Print one\n\nPrints one.\n\nFixes #12\n")); code != 0 || !strings.Contains(out, `"undetermined": []`) {
		t.Errorf("a description that references the issue: exit %d, want 0, judged:\n%s", code, out)
	}

	// GitHub Actions: the pull request's event
	event := write("event.json", `{"action":"opened","pull_request":{"number":3,"title":"Print one","body":"Prints one."}}`)
	if code, out := check(map[string]string{"GITHUB_EVENT_NAME": "pull_request", "GITHUB_EVENT_PATH": event}); code != 1 {
		t.Errorf("a GitHub pull request without the issue: exit %d, want 1:\n%s", code, out)
	}
	// a push event has no pull request: undetermined, as without one
	push := write("push.json", `{"ref":"refs/heads/main","commits":[]}`)
	if code, out := check(map[string]string{"GITHUB_EVENT_NAME": "push", "GITHUB_EVENT_PATH": push}); code != 0 || strings.Contains(out, `"undetermined": []`) {
		t.Errorf("a push: exit %d, want 0 with the rule undetermined:\n%s", code, out)
	}
	// GitLab: the merge request's variables
	if code, out := check(map[string]string{"CI_MERGE_REQUEST_IID": "7", "CI_MERGE_REQUEST_TITLE": "Print one", "CI_MERGE_REQUEST_DESCRIPTION": "Closes #4"}); code != 0 || !strings.Contains(out, `"undetermined": []`) {
		t.Errorf("a GitLab merge request that references the issue: exit %d, want 0, judged:\n%s", code, out)
	}
}
