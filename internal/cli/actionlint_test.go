package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Issue 21, with the real linters: the example workflow of docs/integrations.md,
// using heed's action.yml as a local action (`uses: ./`) with every input the action
// declares, passes actionlint (HEED_ACTIONLINT names it, else actionlint on PATH:
// go install github.com/rhysd/actionlint/cmd/actionlint@latest), which checks the
// workflow's permissions, the action's metadata and the inputs against it. Every run
// script of action.yml passes shellcheck where it is installed.
func TestActionAndExampleWorkflowPassActionlint(t *testing.T) {
	tool := os.Getenv("HEED_ACTIONLINT")
	if tool == "" {
		p, err := exec.LookPath("actionlint")
		if err != nil {
			t.Skip("no actionlint (go install github.com/rhysd/actionlint/cmd/actionlint@latest; HEED_ACTIONLINT=path)")
		}
		tool = p
	}
	action, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../../docs/integrations.md")
	if err != nil {
		t.Fatal(err)
	}
	var workflow string
	for _, m := range regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(string(doc), -1) {
		if strings.Contains(m[1], "jobs:") {
			workflow = m[1]
		}
	}
	uses := regexp.MustCompile(`(?m)^(\s*)- uses: heed-dev/heed@\S+\n`)
	m := uses.FindStringSubmatch(workflow)
	if m == nil {
		t.Fatalf("docs/integrations.md: no example workflow using heed-dev/heed:\n%s", workflow)
	}
	// the same step, as a local action, with every input set
	in := m[1] + "  "
	workflow = uses.ReplaceAllLiteralString(workflow, m[1]+"- uses: ./\n"+in+"with:\n"+
		in+"  base: ${{ github.event.pull_request.base.sha }}\n"+
		in+"  sarif: \"true\"\n"+
		in+"  args: --baseline --guard-severity error\n"+
		in+"  go-version: \"1.26\"\n")
	dir := t.TempDir()
	files := map[string]string{"action.yml": string(action), ".github/workflows/heed.yml": workflow}
	for rel, content := range files {
		p := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := exec.Command("git", "init", "-q", dir).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	lint := func() (string, error) {
		cmd := exec.Command(tool, "-no-color")
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := lint(); err != nil || out != "" {
		t.Errorf("actionlint: %v\n%s\n--- the workflow:\n%s", err, out, workflow)
	}
	// a mistake is caught: an input the action does not declare
	bad := strings.Replace(workflow, "go-version:", "go_version:", 1)
	os.WriteFile(filepath.Join(dir, ".github/workflows/heed.yml"), []byte(bad), 0o644)
	if out, _ := lint(); !strings.Contains(out, `input "go_version" is not defined`) {
		t.Errorf("actionlint did not check the inputs against action.yml:\n%s", out)
	}

	shellcheck, err := exec.LookPath("shellcheck")
	if err != nil {
		t.Log("no shellcheck: the action's run scripts are not checked")
		return
	}
	scripts := runScripts(string(action))
	if len(scripts) < 2 {
		t.Fatalf("action.yml: %d run scripts, want the install and the check", len(scripts))
	}
	for i, s := range scripts {
		p := filepath.Join(dir, "step.sh")
		// a `shell: bash` step runs as bash --noprofile --norc -eo pipefail {0}
		os.WriteFile(p, []byte("#!/bin/bash\nset -eo pipefail\n"+s), 0o644)
		if out, err := exec.Command(shellcheck, "-s", "bash", p).CombinedOutput(); err != nil {
			t.Errorf("shellcheck, run script %d of action.yml: %v\n%s\n%s", i+1, err, out, s)
		}
	}
}

// runScripts returns the body of every `run: |` block of a YAML file.
func runScripts(yaml string) []string {
	lines := strings.Split(yaml, "\n")
	var out []string
	for i, l := range lines {
		if strings.TrimSpace(l) != "run: |" {
			continue
		}
		indent := len(l) - len(strings.TrimLeft(l, " "))
		var body []string
		for _, b := range lines[i+1:] {
			if strings.TrimSpace(b) != "" && len(b)-len(strings.TrimLeft(b, " ")) <= indent {
				break
			}
			body = append(body, strings.TrimPrefix(b, strings.Repeat(" ", indent+2)))
		}
		out = append(out, strings.Join(body, "\n"))
	}
	return out
}
