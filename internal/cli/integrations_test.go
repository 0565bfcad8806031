package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The pre-commit hooks and the GitHub action call heed by command line; a renamed
// command or flag must fail here rather than in a user's CI.
func TestShippedIntegrationsCallRealCommands(t *testing.T) {
	var lines []string
	hooks, err := os.ReadFile("../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`(?m)^\s*entry:\s*(heed .*)$`).FindAllStringSubmatch(string(hooks), -1) {
		lines = append(lines, strings.TrimSuffix(m[1], " --")) // --help must come before --
	}
	// Stages named pre-commit, pre-push... came with pre-commit 3.2.0; a hook using them
	// must say so, or older versions fail with a confusing manifest error.
	for _, hook := range strings.Split(string(hooks), "\n- id: ")[1:] {
		if strings.Contains(hook, "stages: [pre-") && !strings.Contains(hook, `minimum_pre_commit_version: "3.2.0"`) {
			t.Errorf(".pre-commit-hooks.yaml: hook %s uses a pre-commit 3.2 stage name without minimum_pre_commit_version", strings.SplitN(hook, "\n", 2)[0])
		}
	}
	if len(lines) != 2 {
		t.Fatalf(".pre-commit-hooks.yaml: found %d heed entries, want 2", len(lines))
	}
	action, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range regexp.MustCompile(`(?m)^\s*(heed check [^>\n]*)`).FindAllStringSubmatch(string(action), -1) {
		line, _, _ := strings.Cut(m[1], " ||")
		line = strings.NewReplacer(`"$HEED_BASE"`, "HEAD", `"$sarif"`, "heed.sarif", `${args[@]+"${args[@]}"}`, "").Replace(line)
		lines = append(lines, line)
		n++
	}
	if n != 1 {
		t.Fatalf("action.yml: found %d heed check calls, want 1 (annotations and SARIF from one run)", n)
	}
	for _, line := range lines {
		args := append([]string{"heed"}, strings.Fields(line)[1:]...)
		args = append(args, "--help")
		var out, errb bytes.Buffer
		if code := Main(args, strings.NewReader(""), &out, &errb); code != 0 {
			t.Errorf("%q is not a valid heed command line: exit %d: %s", line, code, errb.String())
		}
	}
}

// actionStep returns the run script of the action.yml step with the given id.
func actionStep(t *testing.T, id string) string {
	t.Helper()
	data, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	inStep := false
	for i, l := range lines {
		if strings.TrimSpace(l) == "id: "+id {
			inStep = true
		}
		if !inStep || strings.TrimSpace(l) != "run: |" {
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
		return strings.Join(body, "\n")
	}
	t.Fatalf("action.yml: no step %q with a run script", id)
	return ""
}

// The action's check step runs heed once, for annotations and SARIF together, passes
// the args input as words (quotes honoured, never glob-expanded) and fails the job
// with heed's exit status after recording the SARIF file for upload.
func TestActionRunsHeedOnceWithArgsAsWords(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	script := actionStep(t, "check")
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	// A stand-in heed: logs each argument on a line, writes the --sarif file, exit 1.
	stub := "#!/bin/sh\necho call >> \"$STUB_DIR/calls\"\nprev=\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >> \"$STUB_DIR/args\"; [ \"$prev\" = --sarif ] && echo '{}' > \"$a\"; prev=$a; done\nexit 1\n"
	if err := os.WriteFile(filepath.Join(bin, "heed"), []byte(stub), 0o755); err != nil {
		t.Fatal(err)
	}
	repo := filepath.Join(dir, "repo")
	for _, args := range [][]string{{"init", "-q", repo}, {"-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "base"}} {
		if out, err := exec.Command("git", args...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	// A file that "*.go" would glob to, were the input expanded.
	if err := os.WriteFile(filepath.Join(repo, "main.go"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(heedArgs string) (int, []string, string) {
		os.Remove(filepath.Join(dir, "args"))
		os.Remove(filepath.Join(dir, "calls"))
		out := filepath.Join(dir, "github_output")
		os.WriteFile(out, nil, 0o644)
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
			"STUB_DIR="+dir, "RUNNER_TEMP="+dir, "GITHUB_OUTPUT="+out, "HEED_BASE=HEAD", "HEED_ARGS="+heedArgs)
		msg, _ := cmd.CombinedOutput()
		calls, _ := os.ReadFile(filepath.Join(dir, "calls"))
		if n := strings.Count(string(calls), "call"); n > 1 {
			t.Errorf("heed ran %d times, want once", n)
		}
		got, _ := os.ReadFile(filepath.Join(dir, "args"))
		ghOut, _ := os.ReadFile(out)
		if cmd.ProcessState.ExitCode() == 1 && !strings.Contains(string(ghOut), "sarif-file="+filepath.Join(dir, "heed.sarif")) {
			t.Errorf("the SARIF file is not recorded for upload: %q", ghOut)
		}
		return cmd.ProcessState.ExitCode(), strings.Split(strings.TrimSuffix(string(got), "\n"), "\n"), string(msg)
	}
	code, args, msg := run(`--domain source '*.go' "two words" --baseline`)
	want := []string{"check", "--diff", "HEAD", "--format", "github", "--sarif", filepath.Join(dir, "heed.sarif"), "--domain", "source", "*.go", "two words", "--baseline"}
	if code != 1 || strings.Join(args, "|") != strings.Join(want, "|") {
		t.Errorf("exit %d, heed got %q, want exit 1 and %q\n%s", code, args, want, msg)
	}
	if code, args, msg := run("*.go"); code != 1 || args[len(args)-1] != "*.go" {
		t.Errorf("an unquoted glob must reach heed as written: exit %d, heed got %q\n%s", code, args, msg)
	}
	if code, args, msg := run("   "); code != 1 || len(args) != len(want)-5 {
		t.Errorf("blank args: exit %d, heed got %q\n%s", code, args, msg)
	}
	if code, _, msg := run(`--domain 'unclosed`); code != 2 || !strings.Contains(msg, "cannot split the args input") {
		t.Errorf("an unmatched quote: exit %d, want 2 with a message: %s", code, msg)
	}
}

func TestCompletionScripts(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish"} {
		var out, errb bytes.Buffer
		if code := Main([]string{"heed", "completion", sh}, strings.NewReader(""), &out, &errb); code != 0 || !strings.Contains(out.String(), "heed") {
			t.Errorf("heed completion %s: exit %d, %d bytes: %s", sh, code, out.Len(), errb.String())
		}
	}
}

// Issue 21: docs/integrations.md linked docs/hooks.md, which did not exist. Every
// relative link of the README and docs/ leads to a file.
func TestDocsLinkOnlyFilesThatExist(t *testing.T) {
	files, _ := filepath.Glob("../../docs/*.md")
	files = append(files, "../../README.md")
	link := regexp.MustCompile(`\]\(([^)#\s]+)(?:#[^)]*)?\)`)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(data), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(f), filepath.FromSlash(target))); err != nil {
				t.Errorf("%s links %s, which does not exist", strings.TrimPrefix(f, "../../"), target)
			}
		}
	}
}

// Issue 21: the example workflow lacked the permissions a private repository needs
// for the SARIF upload (github/codeql-action/upload-sarif: security-events: write;
// in a private repository also actions: read and contents: read).
func TestExampleWorkflowGrantsWhatTheUploadNeeds(t *testing.T) {
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
	_, perms, ok := strings.Cut(workflow, "\npermissions:\n")
	if !ok {
		t.Fatalf("the example workflow sets no permissions:\n%s", workflow)
	}
	perms, _, _ = strings.Cut(perms, "\njobs:")
	got := map[string]string{}
	for _, l := range strings.Split(perms, "\n") {
		l, _, _ = strings.Cut(l, "#")
		if k, v, ok := strings.Cut(strings.TrimSpace(l), ":"); ok {
			got[k] = strings.TrimSpace(v)
		}
	}
	for k, v := range map[string]string{"contents": "read", "security-events": "write", "actions": "read"} {
		if got[k] != v {
			t.Errorf("the example workflow's permissions: %s is %q, want %q (%v)", k, got[k], v, got)
		}
	}
}
