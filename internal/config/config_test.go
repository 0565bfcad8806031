package config

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseReadsCheckExcludeAndLeavesLLMAlone(t *testing.T) {
	cfg, err := Parse([]byte(`# heed's configuration
[check]
exclude = ["build/", 'gen/**/*.go'] # generated
exclude = [
  "web/legacy/",   # one a line
  "*.min.ts",
]

[llm]
provider = openai
`), "cfg")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"build/", "gen/**/*.go", "web/legacy/", "*.min.ts"}
	if !reflect.DeepEqual(cfg.Exclude, want) {
		t.Errorf("exclude = %q, want %q", cfg.Exclude, want)
	}
}

// A mistake is an error that names the file and the line, never a setting silently
// dropped.
func TestParseErrorsNameTheFileAndLine(t *testing.T) {
	for text, want := range map[string]string{
		"[chek]\nexclude = [\"a\"]\n":     "my.conf:1: unknown section [chek]",
		"[check]\nexclud = [\"a\"]\n":     `my.conf:2: unknown [check] setting "exclud"`,
		"[check]\nexclude = \"a\"\n":      "my.conf:2: exclude: want an array",
		"[check]\nexclude = [\"a\",\n":    "my.conf:2: exclude: the array is not closed",
		"exclude = [\"a\"]\n":             "my.conf:1: exclude is outside any section",
		"[check\n":                        "my.conf:1: unterminated section header",
		"[check]\nexclude = [\"a\"] x\n":  "my.conf:2: exclude: text after the array",
		"[check]\nexclude = [\"a\", b]\n": "my.conf:2: exclude: want a quoted string",
		"[check]\nexclude\n":              "my.conf:2: want key = value",
	} {
		_, err := Parse([]byte(text), "my.conf")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", text, err, want)
		}
	}
}

func TestLoadMissingFile(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "config")
	if cfg, err := Load(missing, false, false); err != nil || len(cfg.Exclude) != 0 {
		t.Errorf("the repository's missing file: %v %v", cfg, err)
	}
	if _, err := Load(missing, true, true); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("a named missing file: %v", err)
	}
	dir := t.TempDir()
	link := filepath.Join(dir, "config")
	os.WriteFile(filepath.Join(dir, "real"), []byte("[check]\nexclude = [\"x\"]\n"), 0o644)
	if err := os.Symlink("real", link); err != nil {
		t.Skip(err)
	}
	if _, err := Load(link, false, false); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("the repository's file as a link: %v", err)
	}
	if cfg, err := Load(link, true, true); err != nil || len(cfg.Exclude) != 1 {
		t.Errorf("a named file through a link: %v %v", cfg, err)
	}
}

// The [guard] section is read here, the one reader of the file, for the write guard.
func TestGuardSection(t *testing.T) {
	cfg, err := Parse([]byte("[check]\nexclude = [\"gen/**\"]\n\n[guard]\nagent_may_edit = [\"instructions\", \"hooks\"]\n"), ".heed/config")
	if err != nil || len(cfg.AgentMayEdit) != 2 || cfg.AgentMayEdit[1] != "hooks" || len(cfg.Exclude) != 1 {
		t.Fatalf("cfg %+v, err %v", cfg, err)
	}
	for _, bad := range []string{"[guard]\nagent_may_edit = [\"everything\"]\n", "[guard]\nagents = [\"heed\"]\n"} {
		if _, err := Parse([]byte(bad), ".heed/config"); err == nil || !strings.Contains(err.Error(), ".heed/config:2") {
			t.Errorf("%q: err %v, want one naming .heed/config:2", bad, err)
		}
	}
}
