package arch

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Where Python tests live and how test modules are named, in sentences of our own
// writing in the forms of SWE-CC's policies (policies.csv: PALLETS-C069, ASTROPY-C002,
// MATPLOTLIB-C168, PALLETS-C070, PYDATA-C060).
func TestTestsPlacementAndNaming(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	py := &recognize.RepoContext{Languages: []string{engine.LangPython}}
	for _, tc := range []struct {
		text string
		rc   *recognize.RepoContext
		want int
		// a file and whether the rule flags it
		path, code string
		flags      bool
	}{
		{"Keep unit tests in the tests folder.", py, 1, "app/test_views.py", "def test_x():\n    pass\n", true},
		{"Keep unit tests in the tests folder.", py, 1, "app/tests/test_views.py", "def test_x():\n    pass\n", false},
		{"Put every package's tests in its own `testing/` directory.", py, 1, "app/testing/test_views.py", "def test_x():\n    pass\n", false},
		{"Name test modules `test_*.py`.", py, 1, "app/tests/views.py", "class TestViews:\n    pass\n", true},
		{"Name test modules `test_*.py`.", py, 1, "app/tests/views_test.py", "def test_x():\n    pass\n", true},
		{"Name test modules `test_*.py`.", py, 1, "app/tests/conftest.py", "import pytest\n\n@pytest.fixture\ndef client():\n    pass\n", false},
		{"Name every test file with a `test_` prefix.", py, 1, "app/tests/test_views.py", "def test_x():\n    pass\n", false},
		{"Name test files after the feature, as in test_<feature>.py.", py, 1, "app/tests/feature.py", "def test_x():\n    pass\n", true},
		// no Python, no reading; test data is not tests
		{"Keep unit tests in the tests folder.", &recognize.RepoContext{Languages: []string{engine.LangGo}}, 0, "", "", false},
		{"Put test data in the tests directory.", py, 0, "", "", false},
	} {
		res := testsPlacementRecognizer{}.Recognize(&policy.Constraint{ID: "c", Text: tc.text, Level: policy.Must}, tc.rc)
		if len(res.Rules) != tc.want {
			t.Errorf("%q: %d rules, want %d", tc.text, len(res.Rules), tc.want)
			continue
		}
		for _, r := range res.Rules {
			r := r
			r.ID = "r"
			for _, cs := range r.Cases {
				if out := engine.RunCase(reg, &r, cs); !out.OK {
					t.Errorf("%q: case %q expects %s, got %s (%s)", tc.text, cs.Note, cs.Expect, out.Got, out.Reason)
				}
			}
			want := policy.ExpectSatisfied
			if tc.flags {
				want = policy.ExpectViolated
			}
			if out := engine.RunCase(reg, &r, policy.Case{Expect: want, Path: tc.path, Code: tc.code}); !out.OK && !(want == policy.ExpectSatisfied && out.Got == policy.ExpectInapplicable) {
				t.Errorf("%q on %s: want %s, got %s (%s)", tc.text, tc.path, want, out.Got, out.Reason)
			}
		}
	}
}

// A changelog fragment's name, from a template with placeholders (policies.csv:
// ASTROPY-C062, PYTEST-DEV-C020), in sentences of our own writing.
func TestFragmentNames(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	for _, tc := range []struct {
		text, path string
		flags      bool
	}{
		{"Name each changelog fragment `<issue number>.<bugfix|feature>.md`.", "changelog/123.bugfix.md", false},
		{"Name each changelog fragment `<issue number>.<bugfix|feature>.md`.", "changelog/123.doc.md", true},
		{"Name each changelog fragment `<issue number>.<bugfix|feature>.md`.", "docs/changes/io/fix.bugfix.md", true},
		{"Name each changelog fragment `<issue number>.<bugfix|feature>.md`.", "changelog/README.md", false},
		{"Name each changelog fragment `<issue number>.<bugfix|feature>.md`.", "src/changes/apply.py", false},
		{"The changelog file must be named `<ticket>.<kind>.rst`.", "changes/77.misc.rst", false},
	} {
		res := fragmentRecognizer{}.Recognize(&policy.Constraint{ID: "c", Text: tc.text, Level: policy.Must}, nil)
		if len(res.Rules) != 1 {
			t.Errorf("%q: %d rules", tc.text, len(res.Rules))
			continue
		}
		r := res.Rules[0]
		r.ID = "r"
		for _, cs := range r.Cases {
			if out := engine.RunCase(reg, &r, cs); !out.OK {
				t.Errorf("%q: case %q expects %s, got %s (%s)", tc.text, cs.Note, cs.Expect, out.Got, out.Reason)
			}
		}
		out := engine.RunCase(reg, &r, policy.Case{Expect: policy.ExpectViolated, Path: tc.path, Code: "Fixed it.\n"})
		if flagged := out.Got == policy.ExpectViolated; flagged != tc.flags {
			t.Errorf("%q on %s: flagged %v, want %v (%s)", tc.text, tc.path, flagged, tc.flags, out.Reason)
		}
	}
	if res := (fragmentRecognizer{}).Recognize(&policy.Constraint{Text: "Add a changelog fragment for every change.", Level: policy.Must}, nil); len(res.Rules) != 0 {
		t.Errorf("a sentence without a name template got a rule")
	}
}

// A sentence that gives a test folder as where tests go (beside their modules, in a
// `__tests__/` folder of each) keeps no test out of such folders.
func TestBesideNamesATestFolder(t *testing.T) {
	for span, want := range map[string]bool{
		"popup/js/**/__tests__/": true,
		"tests/by-util/":         true,
		"src/lib/":               false,
		"src/tests.ts":           false, // a file named tests, not a folder
		"__tests__":              false,
	} {
		if got := inTestTree(span); got != want {
			t.Errorf("inTestTree(%q) = %v, want %v", span, got, want)
		}
	}
}

// TestBesideLeavesTheNextItemsTestFolders: "1. Unit tests: co-located with the code.
// 2. Integration tests: `server/<context>/internal/tests/`" (getvictor/fleet-edr
// CLAUDE.md:32, wild round 26): the folder the next item gives integration tests is
// no breach of the first.
func TestBesideLeavesTheNextItemsTestFolders(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"go"}}
	unit := policy.Constraint{ID: "a", Text: "**Per-package unit tests**: co-located with the code, default tag.", Level: policy.Should, File: "CLAUDE.md", Line: 32, HeaderPath: []string{"Testing"}}
	integ := policy.Constraint{ID: "b", Text: "**Per-context integration tests**: `server/<context>/internal/tests/`, `package tests`.", Level: policy.Should, File: "CLAUDE.md", Line: 33, HeaderPath: []string{"Testing"}}
	rc.Constraints = []policy.Constraint{unit, integ}
	res := placementRecognizer{}.Recognize(&unit, rc)
	if len(res.Rules) != 1 {
		t.Fatalf("%d rules (%s)", len(res.Rules), res.Unenforced)
	}
	r := res.Rules[0]
	if !strings.Contains(string(r.Params), `server/*/internal/tests/**`) {
		t.Errorf("params %s", r.Params)
	}
	reg := engine.NewRegistry(Kinds()...)
	for _, cs := range r.Cases {
		if o := engine.RunCase(reg, &r, cs); !o.OK {
			t.Errorf("its case %q: got %s (%s)", cs.Note, o.Got, o.Reason)
		}
	}
}
