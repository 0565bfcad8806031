package cli

import (
	"slices"
	"strings"
	"testing"
)

// Issue 21: the completions missed hook install, --format, --agent and --domain.
// Cobra's __complete is what the bash, zsh and fish scripts call.
func TestCompletionsOfferTheEnumeratedValues(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"hook", ""}, []string{"install", "claude", "codex", "gemini", "cursor", "copilot", "git"}},
		{[]string{"hook", "install", "claude", ""}, []string{"codex", "gemini", "cursor", "copilot", "git"}},
		{[]string{"check", "--format", ""}, []string{"text", "json", "sarif", "github"}},
		{[]string{"rules", "--format", ""}, []string{"text", "json", "agent"}},
		{[]string{"audit", "--format", ""}, []string{"text", "json", "html"}},
		{[]string{"audit", "--agent", ""}, []string{"auto", "claude"}},
		{[]string{"check", "--domain", ""}, []string{"process", "source", "architecture", "contribution", "semantic"}},
		{[]string{"check", "--color", ""}, []string{"auto", "always", "never"}},
	} {
		code, stdout, stderr := runHeed(nil, append([]string{"__complete"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d %s", c.args, code, stderr)
		}
		got := strings.Fields(stdout)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("heed %s: %q is not offered (got %q)", strings.Join(c.args, " "), w, got)
			}
		}
	}
	// an agent already named is not offered again
	_, stdout, _ := runHeed(nil, "__complete", "hook", "install", "claude", "")
	if slices.Contains(strings.Fields(stdout), "claude") {
		t.Errorf("hook install claude offers claude again: %q", stdout)
	}
}
