package arch

import (
	"fmt"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Where Python tests live and how their modules are named (norm.TestsFolder,
// norm.TestModuleNames), for repositories with Python: a test module is a file that
// pytest collects by default (test_*.py, *_test.py) or, for naming, a Python file
// under a tests folder that defines test functions or classes.
type testsPlacementRecognizer struct{}

func (testsPlacementRecognizer) Name() string { return "arch.tests-placement" }

// definesTests matches a module that defines pytest tests at its top level.
const definesTests = `(?m)^(?:async )?def test\w*\(|^class Test\w*[(:]`

func (testsPlacementRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	if !rc.HasLanguage(engine.LangPython) {
		return recognize.Result{}
	}
	var out recognize.Result
	if dir, ok := norm.TestsFolder(c.Text); ok && !strings.Contains(dir, "/") {
		under := []string{"**/" + dir + "/**", dir + "/**"}
		out.Rules = append(out.Rules, archRule(KindPlacement, placementParams{Files: []string{"**/test_*.py", "**/*_test.py"}, Under: under}, c,
			fmt.Sprintf("a test module outside a %s/ folder", dir),
			fmt.Sprintf("move the test module into the %s/ folder of the package it tests", dir),
			policy.Case{Expect: policy.ExpectViolated, Path: "pkg/core/test_parse.py", Code: "def test_parse():\n    assert True\n", Note: "a test module beside the code"},
			policy.Case{Expect: policy.ExpectSatisfied, Path: "pkg/core/" + dir + "/test_parse.py", Code: "def test_parse():\n    assert True\n", Note: "a test module in the folder"},
			policy.Case{Expect: policy.ExpectInapplicable, Path: "pkg/core/testing.py", Code: "def helper():\n    pass\n", Note: "a module that is not a test module"}))
	}
	if names := norm.TestModuleNames(c.Text); len(names) > 0 {
		params := placementParams{Files: []string{"**/tests/**/*.py", "tests/**/*.py", "**/test/**/*.py", "test/**/*.py"},
			Named: names, Containing: definesTests}
		good := strings.Replace(names[0], "*", "parse", 1)
		out.Rules = append(out.Rules, archRule(KindPlacement, params, c,
			fmt.Sprintf("a test module not named %s", strings.Join(names, " or ")),
			fmt.Sprintf("rename the module to %s", strings.Replace(names[0], "*", "<topic>", 1)),
			policy.Case{Expect: policy.ExpectViolated, Path: "pkg/tests/parsing.py", Code: "def test_parse():\n    assert True\n", Note: "a test module misnamed"},
			policy.Case{Expect: policy.ExpectSatisfied, Path: "pkg/tests/" + good, Code: "def test_parse():\n    assert True\n", Note: "a test module named as required"},
			policy.Case{Expect: policy.ExpectSatisfied, Path: "pkg/tests/helpers.py", Code: "def make_input():\n    return 1\n", Note: "a helper module that defines no test"}))
	}
	return out
}

// fragmentDirs are the folders changelog fragments live in, and fragmentExcept the
// files there that are not fragments.
var (
	fragmentDirs = []string{"**/changelog/**/*.{rst,md,txt}", "**/changes/**/*.{rst,md,txt}", "**/newsfragments/**/*.{rst,md,txt}", "**/changelog.d/**/*.{rst,md,txt}",
		"changelog/**/*.{rst,md,txt}", "changes/**/*.{rst,md,txt}", "newsfragments/**/*.{rst,md,txt}", "changelog.d/**/*.{rst,md,txt}"}
	fragmentExcept = []string{"**/README*", "**/readme*", "**/_*", "**/template*", "**/.*", "**/*.j2", "**/*.jinja", "**/*.py", "**/*.toml", "**/*.cfg"}
)

// fragmentRecognizer reads the name changelog fragments must have (norm.FragmentName).
type fragmentRecognizer struct{}

func (fragmentRecognizer) Name() string { return "arch.fragment-name" }

func (fragmentRecognizer) Recognize(c *policy.Constraint, _ *recognize.RepoContext) recognize.Result {
	glob, ok := norm.FragmentName(c.Text)
	if !ok {
		return recognize.Result{}
	}
	good := strings.NewReplacer("[0-9]*", "1234", "*", "fix").Replace(glob)
	if i := strings.IndexByte(good, '{'); i >= 0 {
		j := strings.IndexByte(good[i:], '}')
		first, _, _ := strings.Cut(good[i+1:i+j], ",")
		good = good[:i] + first + good[i+j+1:]
	}
	params := placementParams{Files: fragmentDirs, Named: []string{glob}, Except: fragmentExcept}
	return recognize.Result{Rules: []policy.Rule{archRule(KindPlacement, params, c,
		fmt.Sprintf("a changelog fragment not named %s", glob),
		fmt.Sprintf("name the fragment like %s", good),
		policy.Case{Expect: policy.ExpectViolated, Path: "changelog/fix-parser.rst", Code: "Fixed the parser.\n", Note: "a fragment named freely"},
		policy.Case{Expect: policy.ExpectSatisfied, Path: "changelog/" + good, Code: "Fixed the parser.\n", Note: "a fragment named as required"},
		policy.Case{Expect: policy.ExpectInapplicable, Path: "changelog/README.rst", Code: "How to write fragments.\n", Note: "the folder's README"})}}
}
