package cli

import (
	"bytes"
	"os"
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
		lines = append(lines, m[1])
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
		line := strings.NewReplacer(`"$HEED_BASE"`, "HEAD", "$HEED_ARGS", "").Replace(m[1])
		lines = append(lines, line)
		n++
	}
	if n != 2 {
		t.Fatalf("action.yml: found %d heed check calls, want 2 (SARIF and annotations)", n)
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

func TestCompletionScripts(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish"} {
		var out, errb bytes.Buffer
		if code := Main([]string{"heed", "completion", sh}, strings.NewReader(""), &out, &errb); code != 0 || !strings.Contains(out.String(), "heed") {
			t.Errorf("heed completion %s: exit %d, %d bytes: %s", sh, code, out.Len(), errb.String())
		}
	}
}
