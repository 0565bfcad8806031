package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// A change judged with rules compiled from its base's instruction files (no policy
// committed) gets the rules the base would have enforced after heed compile's
// self-validation: a ban that flags much of the base's own code warns, one the base
// keeps blocks. The change's own violations never count toward the demotion.
func TestDiffJudgesWithTheBasesSelfValidatedRules(t *testing.T) {
	for _, tc := range []struct {
		name     string
		existing int
		want     string
	}{
		{"the base's idiom", 80, "warning"},
		{"a rule the base keeps", 0, "error"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{
				"AGENTS.md":   "# Rules\n\n- Never call `eval()` in Python code.\n",
				"app/main.py": "def main():\n    return 1\n",
			}
			for i := range tc.existing {
				files[fmt.Sprintf("app/m%02d.py", i)] = "def f(x):\n    return eval(x)\n"
			}
			dir := gitRepo(t, files)
			git(t, dir, "checkout", "-q", "-b", "main")
			git(t, dir, "add", "-A")
			git(t, dir, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base")
			// the change adds many violations of its own: they must not demote the rule
			for i := range 90 {
				os.WriteFile(filepath.Join(dir, fmt.Sprintf("app/new%02d.py", i)), []byte("def g(x):\n    return eval(x)\n"), 0o644)
			}
			git(t, dir, "add", "-A")
			git(t, dir, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "feat: more")
			_, fs := checkJSON(t, dir, "--diff", "HEAD~1")
			f := finding(fs, "", "app/new00.py")
			if f == nil {
				t.Fatalf("no finding on the change's own eval(): %v", fs)
			}
			if f["severity"] != tc.want {
				t.Errorf("severity %v, want %s (existing sites at the base: %d)", f["severity"], tc.want, tc.existing)
			}
		})
	}
}

// With no policy file at all, heed check compiles the instruction files in memory and
// judges their rules on HEAD's tree as heed compile would: the project's own idiom
// warns; a rule HEAD keeps blocks the working tree's new violation.
func TestZeroConfigCheckSelfValidatesOnHead(t *testing.T) {
	for _, tc := range []struct {
		existing int
		want     string
	}{{80, "warning"}, {0, "error"}} {
		files := map[string]string{
			"AGENTS.md":   "# Rules\n\n- Never call `eval()` in Python code.\n",
			"app/main.py": "def main():\n    return 1\n",
		}
		for i := range tc.existing {
			files[fmt.Sprintf("app/m%02d.py", i)] = "def f(x):\n    return eval(x)\n"
		}
		dir := gitRepo(t, files)
		git(t, dir, "add", "-A")
		git(t, dir, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base")
		os.WriteFile(filepath.Join(dir, "app/new.py"), []byte("def g(x):\n    return eval(x)\n"), 0o644)
		// every site: the idiom's rule needs review, and a condensed report lists
		// only its first three
		_, fs := checkJSON(t, dir, "--all", "--all-sites")
		f := finding(fs, "", "app/new.py")
		if f == nil {
			t.Fatalf("no finding on the new eval(): %v", fs)
		}
		if f["severity"] != tc.want {
			t.Errorf("existing sites %d: severity %v, want %s", tc.existing, f["severity"], tc.want)
		}
	}
}
