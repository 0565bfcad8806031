package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// Issue 21: "no --config, --exclude or ignore file". The three leave files out of
// heed check, in the order a linter user expects: .heedignore, then the
// configuration file's [check] exclude, then --exclude.
func TestCheckLeavesOutWhatTheUserExcludes(t *testing.T) {
	dir := gitRepo(t, map[string]string{
		"AGENTS.md":           "# Rules\n\n- Python code never calls `print()`; use the `logging` module.\n",
		"app/main.py":         "print('main')\n",
		"app/gen/client.py":   "print('generated')\n",
		"tasks/seed.py":       "print('seed')\n",
		"legacy/old.py":       "print('old')\n",
		"elsewhere/heed.conf": "[check]\nexclude = [\"legacy/\"]\n",
	})
	flagged := func(args ...string) []string {
		t.Helper()
		code, stdout, stderr := runHeed(nil, append([]string{"check", "--repo", dir, "--format", "json"}, args...)...)
		if code != 1 {
			t.Fatalf("heed check %v: exit %d, want 1\n%s", args, code, stderr)
		}
		var rep struct {
			Findings []struct {
				Path string `json:"file"`
			} `json:"findings"`
			Summary struct {
				Skipped map[string]int `json:"skipped"`
			} `json:"summary"`
		}
		if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
			t.Fatalf("%v: %s", err, stdout)
		}
		var out []string
		for _, f := range rep.Findings {
			out = append(out, f.Path)
		}
		sort.Strings(out)
		return out
	}
	all := "app/gen/client.py app/main.py legacy/old.py tasks/seed.py"
	if got := strings.Join(flagged(), " "); got != all {
		t.Fatalf("nothing excluded: %s, want %s", got, all)
	}
	os.WriteFile(filepath.Join(dir, ".heedignore"), []byte("# generated code\ngen/\n"), 0o644)
	if got := strings.Join(flagged(), " "); got != "app/main.py legacy/old.py tasks/seed.py" {
		t.Errorf(".heedignore gen/: %s", got)
	}
	if got := strings.Join(flagged("--exclude", "tasks/*.py", "--exclude", "/legacy"), " "); got != "app/main.py" {
		t.Errorf("--exclude twice: %s", got)
	}
	os.MkdirAll(filepath.Join(dir, ".heed"), 0o755)
	os.WriteFile(filepath.Join(dir, ".heed/config"), []byte("[check]\nexclude = [\"tasks/\"]\n"), 0o644)
	if got := strings.Join(flagged(), " "); got != "app/main.py legacy/old.py" {
		t.Errorf(".heed/config exclude tasks/: %s", got)
	}
	// --config replaces .heed/config: its exclude applies, the repository's does not
	if got := strings.Join(flagged("--config", filepath.Join(dir, "elsewhere/heed.conf")), " "); got != "app/main.py tasks/seed.py" {
		t.Errorf("--config elsewhere/heed.conf: %s", got)
	}
	// a later pattern includes again
	if got := strings.Join(flagged("--exclude", "!tasks/seed.py"), " "); got != "app/main.py legacy/old.py tasks/seed.py" {
		t.Errorf("--exclude !tasks/seed.py: %s", got)
	}
}

// A wrong configuration stops every command with a message that names the file.
func TestConfigErrorsNameTheFile(t *testing.T) {
	dir := gitRepo(t, map[string]string{"AGENTS.md": "# Rules\n\n- Use `pnpm`, never `npm`.\n"})
	bad := filepath.Join(dir, "bad.conf")
	os.WriteFile(bad, []byte("[check]\nexclude = [\"a\"]\nignore = [\"b\"]\n"), 0o644)
	for _, args := range [][]string{
		{"check", "--repo", dir, "--config", bad},
		{"rules", "--repo", dir, "--config", bad},
	} {
		code, _, stderr := runHeed(nil, args...)
		if code != 2 || !strings.Contains(stderr, bad+`:3: unknown [check] setting "ignore"`) {
			t.Errorf("heed %s: exit %d, %q", args[0], code, stderr)
		}
	}
	missing := filepath.Join(dir, "missing.conf")
	if code, _, stderr := runHeed(nil, "check", "--repo", dir, "--config", missing); code != 2 || !strings.Contains(stderr, "--config: configuration file "+missing+": no such file") {
		t.Errorf("a missing --config: exit %d, %q", code, stderr)
	}
	os.MkdirAll(filepath.Join(dir, ".heed"), 0o755)
	os.WriteFile(filepath.Join(dir, ".heed/config"), []byte("[checks]\n"), 0o644)
	if code, _, stderr := runHeed(nil, "check", "--repo", dir); code != 2 || !strings.Contains(stderr, filepath.Join(dir, ".heed/config")+":1: unknown section [checks]") {
		t.Errorf("a bad .heed/config: exit %d, %q", code, stderr)
	}
	// the model path stays the user's: --config's [llm] is ignored, with a warning
	os.WriteFile(filepath.Join(dir, ".heed/config"), nil, 0o644)
	llm := filepath.Join(dir, "llm.conf")
	os.WriteFile(llm, []byte("[llm]\nprovider = \"openai-compatible\"\nmodel = \"m\"\nbase_url = \"http://127.0.0.1:1/v1\"\n"), 0o644)
	code, _, stderr := runHeed(nil, "check", "--repo", dir, "--config", llm)
	if code != 0 || !strings.Contains(stderr, llm+": ignored [llm] base_url, model, provider") || strings.Contains(stderr, "model:") {
		t.Errorf("--config with [llm]: exit %d, %q", code, stderr)
	}
}

// Completions offer the ids heed explain and heed test take.
func TestCompletionsOfferRuleIDs(t *testing.T) {
	dir := gitRepo(t, map[string]string{"AGENTS.md": "# Rules\n\n- Use `pnpm`, never `npm`.\n"})
	code, stdout, stderr := runHeed(nil, "__complete", "--repo", dir, "explain", "")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var ids []string
	for _, l := range strings.Split(stdout, "\n") {
		if id, _, ok := strings.Cut(l, "\t"); ok {
			ids = append(ids, id)
		}
	}
	var rule string
	for _, id := range ids {
		if strings.HasSuffix(id, ".command.1") {
			rule = id
		}
	}
	if rule == "" {
		t.Fatalf("no command rule id offered: %q", stdout)
	}
	constraint := strings.SplitN(rule, ".", 2)[0]
	if !slices.Contains(ids, constraint) {
		t.Errorf("constraint %s not offered: %q", constraint, ids)
	}
	// a prefix narrows; explain takes one id, test several
	_, stdout, _ = runHeed(nil, "__complete", "--repo", dir, "explain", constraint[:4])
	if !strings.Contains(stdout, rule) {
		t.Errorf("prefix %s: %q", constraint[:4], stdout)
	}
	_, stdout, _ = runHeed(nil, "__complete", "--repo", dir, "explain", rule, "")
	if strings.Contains(stdout, constraint) {
		t.Errorf("explain offers a second id: %q", stdout)
	}
	_, stdout, _ = runHeed(nil, "__complete", "--repo", dir, "test", rule, "")
	if !strings.Contains(stdout, constraint+"\t") || strings.Contains(stdout, rule+"\t") {
		t.Errorf("test after %s: %q", rule, stdout)
	}
}
