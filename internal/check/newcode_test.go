package check

import (
	"fmt"
	"sort"
	"strings"
	"testing"
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
	p := g.open(t)
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

// A rule that judges lines one by one (their length, indentation, trailing white
// space) judges a modified line only when the change made it break the rule: a
// long line whose one word was renamed was long before; a short line the change
// made long, a clean line it gave trailing spaces, and an added line are the
// change's.
func TestALineRuleJudgesTheLinesTheChangeMadeBreakIt(t *testing.T) {
	long := "result = compute_the_total(first_argument, second_argument, third_argument, fourth)"
	g := newRepo(t, map[string]string{
		"AGENTS.md": "# Style\n\n- Keep lines under 80 characters.\n- Do not leave trailing whitespace.\n",
		"app/calc.py": "def run(first_argument, second_argument, third_argument, fourth):\n" +
			"    " + long + "\n" +
			"    short = 1\n" +
			"    padded = 2  \n" +
			"    clean = 3\n" +
			"    return result\n",
	})
	base := g.commit("Add calc")
	g.write(map[string]string{"app/calc.py": "def run(first_argument, second_argument, third_argument, fourth):\n" +
		"    " + strings.Replace(long, "compute_the_total", "compute_the_sum", 1) + "\n" + // long before: kept
		"    short = " + strings.Repeat("1 + ", 20) + "1\n" + // made long: the change's
		"    padded = 20  \n" + // trailing spaces before: kept
		"    clean = 30 \n" + // trailing space brought
		"    return result\n" +
		"    # " + strings.Repeat("added words ", 8) + "\n", // added: long and trailing
	})
	sameList(t, "line rules", findingPlaces(t, g, Options{Mode: Diff, Rev: base}),
		"app/calc.py:3", "app/calc.py:5", "app/calc.py:7", "app/calc.py:7")
	// The whole file judged, every long line and every trailing space is reported.
	sameList(t, "the whole tree", findingPlaces(t, g, Options{Mode: All}),
		"app/calc.py:2", "app/calc.py:3", "app/calc.py:4", "app/calc.py:5", "app/calc.py:7", "app/calc.py:7")
}

// The same for indentation: a line indented with tabs where the rule asks for
// spaces, modified but indented as before, is not the change's; a line the change
// re-indented with a tab is.
func TestAnIndentRuleJudgesTheIndentationTheChangeBrought(t *testing.T) {
	g := newRepo(t, map[string]string{
		"AGENTS.md": "# Style\n\n- Indent with 2 spaces.\n",
		"lib/a.js":  "function f() {\n\treturn 1;\n}\nfunction g() {\n  return 2;\n}\n",
	})
	base := g.commit("Add a")
	g.write(map[string]string{"lib/a.js": "function f() {\n\treturn 10;\n}\nfunction g() {\n\treturn 2;\n}\n"})
	sameList(t, "indentation", findingPlaces(t, g, Options{Mode: Diff, Rev: base}), "lib/a.js:5")
}

// The live hook judges an agent's write the same way: an edit that renames a word on
// a line that was already too long is not denied; one that makes a line too long is.
func TestAWriteIsJudgedByTheLinesItMakesTooLong(t *testing.T) {
	long := "    result = compute_the_total(first_argument, second_argument, third_argument, fourth)\n"
	g := newRepo(t, map[string]string{
		"AGENTS.md":   "# Style\n\n- Keep lines under 80 characters.\n",
		"app/calc.py": "def run():\n" + long + "    return result\n",
	})
	g.commit("Add calc")
	p := g.open(t)
	renamed := "def run():\n" + strings.Replace(long, "compute_the_total", "compute_the_sum", 1) + "    return result\n"
	if fs, err := ProposedWrite(p, "app/calc.py", []byte(renamed)); err != nil || len(fs) != 0 {
		t.Fatalf("a word renamed on a line already too long: %v, %v", fs, err)
	}
	longer := renamed + "    return " + strings.Repeat("result + ", 10) + "result\n"
	fs, err := ProposedWrite(p, "app/calc.py", []byte(longer))
	if err != nil || len(fs) != 1 || fs[0].Line != 4 {
		t.Fatalf("a line the write makes too long: %v, %v", fs, err)
	}
}

// git pairs a hunk's removed and added lines in order: a long line that takes the
// place of another, unrelated long line is new code, and reported.
func TestALongLineInThePlaceOfAnotherIsTheChanges(t *testing.T) {
	g := newRepo(t, map[string]string{
		"AGENTS.md": "# Style\n\n- Keep lines under 80 characters.\n",
		"app/calc.py": "def run(options):\n" +
			"    options.rewrite_notes_reference = duplicate_the_string(options.rewrite_notes_reference)\n" +
			"    return options\n",
	})
	base := g.commit("Add calc")
	g.write(map[string]string{"app/calc.py": "def run(options):\n" +
		"    copy_the_tree(options.checkout_options.baseline, options.checkout_options.baseline_tree)\n" +
		"    return options\n"})
	sameList(t, "a line in the place of another", findingPlaces(t, g, Options{Mode: Diff, Rev: base}), "app/calc.py:2")
}

// "Do not create new files under `legacy/`": the live hook denies the write that would
// create one and lets an edit of a file that is there through; "never modify
// `db/migrations/`" does the opposite (a new migration is how the history grows).
func TestAWriteThatCreatesAFileIsJudgedAsACreation(t *testing.T) {
	g := newRepo(t, map[string]string{
		"AGENTS.md":              "# Rules\n\n- Do not create new files under `legacy/`.\n- Never modify existing files in `db/migrations/`.\n",
		"legacy/old.py":          "x = 1\n",
		"db/migrations/0001.sql": "create table t (id int);\n",
	})
	g.commit("Add files")
	p := g.open(t)
	for _, c := range []struct {
		path string
		deny bool
	}{
		{"legacy/new.py", true},
		{"legacy/old.py", false},
		{"db/migrations/0002.sql", false},
		{"db/migrations/0001.sql", true},
		{"src/app.py", false},
	} {
		fs, err := ProposedWrite(p, c.path, []byte("y = 2\n"))
		if err != nil {
			t.Fatal(err)
		}
		if got := len(fs) > 0; got != c.deny {
			t.Errorf("%s: findings %v, want denied=%v", c.path, fs, c.deny)
		}
	}
}

// A folder a tool writes ("Do not manually modify `docs/api/**` — these files are
// auto-generated") takes no hand-written file, new or not: the hook denies both.
func TestAHandWrittenFileInAGeneratedFolderIsDenied(t *testing.T) {
	g := newRepo(t, map[string]string{
		"AGENTS.md":       "# Rules\n\n- Do not manually modify `docs/api/**` — these files are auto-generated from source code.\n",
		"docs/api/old.md": "# old\n",
	})
	g.commit("Add files")
	p := g.open(t)
	for _, path := range []string{"docs/api/old.md", "docs/api/new.md"} {
		fs, err := ProposedWrite(p, path, []byte("# by hand\n"))
		if err != nil {
			t.Fatal(err)
		}
		if len(fs) == 0 {
			t.Errorf("%s: a hand write into a generated folder passed", path)
		}
	}
}
