package check

import (
	"fmt"
	"sort"
	"testing"

	"github.com/heed-dev/heed/internal/project"
)

// A line the change replaced in place is modified, not added: a rule that bans
// something judges what the change brought, so a modified line that keeps what it
// had draws no finding, while a line that brings it does. Rules and code of our own
// writing, judged through git's hunks.

func TestABanJudgesWhatTheChangeBrought(t *testing.T) {
	g := newRepo(t, map[string]string{
		"AGENTS.md":   "# Rules\n\n- Never use `eval()` in Python code.\n",
		"app/calc.py": "def total(expr):\n    result = eval(expr)\n    return result\n\n\ndef double(x):\n    return x * 2\n",
	})
	base := g.commit("Add calc")
	// line 2 keeps its eval (a variable renamed); line 7 brings a new one
	g.write(map[string]string{"app/calc.py": "def total(expr):\n    value = eval(expr)\n    return value\n\n\ndef double(x):\n    return eval(x) * 2\n"})
	sameList(t, "modified lines", findingPlaces(t, g, Options{Mode: Diff, Rev: base}), "app/calc.py:7")
}

func TestABoundaryJudgesTheImportsTheChangeBrought(t *testing.T) {
	g := newRepo(t, map[string]string{
		"AGENTS.md":            "# Rules\n\n- `app/core/` must not import from `app/ui/`.\n",
		"app/__init__.py":      "",
		"app/ui/__init__.py":   "",
		"app/ui/widgets.py":    "def button():\n    pass\n\n\ndef label():\n    pass\n",
		"app/ui/theme.py":      "DARK = 1\n",
		"app/core/__init__.py": "",
		"app/core/model.py":    "from app.ui.widgets import button\n\n\ndef run():\n    return button()\n",
	})
	base := g.commit("Add the app")
	// the old import gains a name (the edge was there); a new line imports the theme
	g.write(map[string]string{"app/core/model.py": "from app.ui.widgets import button, label\nfrom app.ui.theme import DARK\n\n\ndef run():\n    return button(), label(), DARK\n"})
	sameList(t, "imports", findingPlaces(t, g, Options{Mode: Diff, Rev: base}), "app/core/model.py:2")
}

func findingPlaces(t *testing.T, g *gitRepo, opt Options) []string {
	t.Helper()
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	p, err := project.Open(g.dir)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(p, opt)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range res.Findings {
		out = append(out, fmt.Sprintf("%s:%d", f.File, f.Line))
	}
	sort.Strings(out)
	return out
}
