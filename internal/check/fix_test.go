package check

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/project"
)

// heed check --fix on a project compiled from its AGENTS.md: the rule that carries its
// replacement ("use X instead of Y") is fixed and passes on the fixed file; the rule
// that only says what to do ("use the logging module") is reported again, its line
// untouched.
func TestFixAppliesTheExactFixesAndChecksAgain(t *testing.T) {
	g := newRepo(t, map[string]string{
		"AGENTS.md": "# Rules\n\n- Use `yaml.safe_load` instead of `yaml.load`.\n- Never call `print()`; use the `logging` module.\n",
		"app.py":    "import yaml\n\n\ndef read(f):\n    data = yaml.load(f)\n    print(data)\n    return yaml.load(f)\n",
	})
	g.commit("feat: base")
	p := g.open(t)
	before, err := Run(p, Options{Mode: All})
	if err != nil {
		t.Fatal(err)
	}
	yamlRule := ""
	for _, f := range before.Findings {
		if strings.Contains(f.Message, "yaml.load") {
			yamlRule = f.Rule
		}
	}
	if yamlRule == "" || len(before.Findings) != 3 {
		t.Fatalf("before: %v, want two yaml.load findings and a print", where(before.Findings))
	}
	res, rep, err := RunFix(p, Options{Mode: All}, false)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(g.dir, "app.py"))
	want := "import yaml\n\n\ndef read(f):\n    data = yaml.safe_load(f)\n    print(data)\n    return yaml.safe_load(f)\n"
	if string(got) != want {
		t.Fatalf("fixed app.py:\n%s\nwant:\n%s", got, want)
	}
	if len(rep.Applied) != 2 || len(rep.Skipped) != 0 {
		t.Errorf("fix report %+v", rep)
	}
	for _, f := range res.Findings {
		if f.Rule == yamlRule {
			t.Errorf("the fixed file still breaks the rule: %v", where(res.Findings))
		}
	}
	if w := where(res.Findings); len(w) != 1 || !strings.HasPrefix(w[0], "app.py:6 ") {
		t.Errorf("after the fix: %v, want the print on line 6 alone", w)
	}
}

// --staged judges the index: --fix would edit the working tree behind it.
func TestFixRefusesTheIndex(t *testing.T) {
	g := newRepo(t, map[string]string{
		"AGENTS.md": "# Rules\n\n- Use `yaml.safe_load` instead of `yaml.load`.\n",
		"app.py":    "x = 1\n",
	})
	g.commit("feat: base")
	g.write(map[string]string{"app.py": "import yaml\nx = yaml.load(f)\n"})
	g.git("add", "-A")
	p, err := project.Open(g.dir)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = RunFix(p, Options{Mode: Staged}, false)
	var ue *UsageError
	if !errors.As(err, &ue) {
		t.Fatalf("--fix --staged: %v, want a usage error", err)
	}
	if b, _ := os.ReadFile(filepath.Join(g.dir, "app.py")); !strings.Contains(string(b), "yaml.load(f)") {
		t.Errorf("the file was edited: %q", b)
	}
}

// `yaml.load(f, Loader=L)` made `yaml.safe_load(f, Loader=L)` would raise a TypeError:
// safe_load takes no loader. The finding carries that fix to review, and --fix edits
// only the call whose arguments suit the new name.
func TestFixLeavesACallWhoseArgumentsTheReplacementMayNotTake(t *testing.T) {
	g := newRepo(t, map[string]string{
		"AGENTS.md": "# Rules\n\n- Use `yaml.safe_load` instead of `yaml.load`.\n",
		"app.py":    "import yaml\n\n\ndef read(f, g):\n    a = yaml.load(f, Loader=yaml.FullLoader)\n    b = yaml.load(g)\n    return a, b\n",
	})
	g.commit("feat: base")
	p := g.open(t)
	res, rep, err := RunFix(p, Options{Mode: All}, false)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(g.dir, "app.py"))
	want := "import yaml\n\n\ndef read(f, g):\n    a = yaml.load(f, Loader=yaml.FullLoader)\n    b = yaml.safe_load(g)\n    return a, b\n"
	if string(got) != want {
		t.Fatalf("fixed app.py:\n%s\nwant:\n%s", got, want)
	}
	if len(rep.Applied) != 1 {
		t.Errorf("fix report %+v, want one edit applied", rep)
	}
	if w := where(res.Findings); len(w) != 1 || !strings.HasPrefix(w[0], "app.py:5 ") {
		t.Fatalf("after the fix: %v, want the call with a loader on line 5 alone", w)
	}
	if fx := res.Findings[0].Fixes; len(fx) != 1 || fx[0].Exact || !strings.Contains(fx[0].Message, "Loader=") {
		t.Errorf("the call left alone carries %+v, want its fix to review, naming the loader", fx)
	}
}
