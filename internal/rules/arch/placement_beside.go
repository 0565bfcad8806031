package arch

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/uniq"
)

// Tests kept beside the code they test: "Unit tests (`*.spec.ts`) should be
// co-located with their source files", "Place `*_test.go` files alongside source",
// "Tests live next to the code they test". A test file of the kind the sentence
// names (or, naming none, of the repository's languages) must not live in a separate
// test tree (test/, tests/, __tests__/, spec/); end-to-end and integration suites,
// which have no one source file to sit beside, are not the sentence's.

// testNameGlobs are the names of test files by language (folders aside).
func testNameGlobs(langs []string) []string {
	var out []string
	for _, l := range langs {
		switch l {
		case engine.LangGo:
			out = append(out, "**/*_test.go")
		case engine.LangTypeScript, engine.LangTSX, engine.LangJavaScript:
			out = append(out, "**/*.test.{ts,tsx,js,jsx,mjs,cjs}", "**/*.spec.{ts,tsx,js,jsx,mjs,cjs}")
		case engine.LangPython:
			out = append(out, "**/test_*.py", "**/*_test.py")
		case engine.LangRuby:
			out = append(out, "**/*_spec.rb", "**/*_test.rb")
		}
	}
	return uniq.Values(out)
}

var (
	testTrees = []string{"**/test/**", "**/tests/**", "**/__tests__/**", "**/spec/**", "**/specs/**"}
	// suitesApart are suites of another kind than unit tests (end to end,
	// integration, acceptance, evaluations, benchmarks) and test data: none has one
	// source file to sit beside.
	suitesApart = []string{"**/e2e/**", "**/integration/**", "**/integration-tests/**", "**/acceptance/**", "**/smoke/**",
		"**/*e2e*/**", "**/*end_to_end*/**", "**/*end-to-end*/**", "**/*integration*/**", "**/robustness/**",
		"**/*stress_test*/**", "**/*compat_test*/**", "**/system_test*/**", "**/*evals/**", "**/*-evals/**", "**/benchmarks/**", "**/fixtures/**", "**/testdata/**", "**/__fixtures__/**", "**/*.e2e.*", "**/*.e2e-spec.*"}
)

// besidePlacement reads a sentence that keeps tests beside their source.
func besidePlacement(s sentence, c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	p := s.prose
	if !norm.ArchBesideRE.MatchString(p) || !norm.ArchBesideTestsRE.MatchString(p) || norm.ArchBesideNotRE.MatchString(p) || norm.ArchInTestFolderRE.MatchString(p) {
		return policy.Rule{}, false
	}
	var files []string
	for _, sp := range s.spans {
		sp = strings.TrimSpace(sp)
		if inTestTree(sp) {
			// "a test in `tests/by-util/test_x.rs` or a unit test next to the code":
			// the sentence gives a separate test tree as a place tests may go
			return policy.Rule{}, false
		}
		if !strings.Contains(sp, "*") || strings.Contains(sp, "/") || !norm.ArchTestKindSpan.MatchString(sp) {
			continue
		}
		files = append(files, "**/"+sp)
	}
	if len(files) == 0 {
		if rc == nil || !norm.TestsAreBeside(p) {
			// "Publish beside the source comparison" (of `screen-editor-menu.png`):
			// neither a test word nor a test file's pattern, so no tests are placed
			return policy.Rule{}, false
		}
		files = testNameGlobs(rc.Languages)
	}
	if len(files) == 0 {
		return policy.Rule{}, false
	}
	except := slices.Clone(suitesApart)
	for _, o := range rc.Following(c, 4) {
		if o.Line == c.Line || norm.ArchBesideNotRE.MatchString(strings.ToLower(o.Text)) {
			continue // the same sentence's other clause ("; do not create a `test/` tree")
		}
		// "1. Unit tests: co-located with the code. 2. Integration tests:
		// `server/<context>/internal/tests/`": the test folders the next items give
		// other kinds of tests are theirs
		for _, sp := range recognize.CodeSpans(o.Text) {
			if sp = strings.TrimSpace(sp); inTestTree(sp) {
				except = append(except, norm.PathPlaceholdersAsWildcards(strings.TrimSuffix(strings.TrimPrefix(sp, "./"), "/"))+"/**")
			}
		}
	}
	params := placementParams{Files: files, NotUnder: testTrees, Except: uniq.Values(except)}
	name := strings.NewReplacer("**/", "", "*", "parse", "{ts,tsx,js,jsx,mjs,cjs}", "ts").Replace(files[0])
	bad, good := "", path.Join("src", "parse", name)
	for _, tree := range []string{"tests", "test", "__tests__", "spec"} {
		// a test tree the exceptions leave to the rule
		if p := path.Join(tree, name); !matchAny(params.Except, p) {
			bad = p
			break
		}
	}
	if bad == "" {
		return policy.Rule{}, false
	}
	return archRule(KindPlacement, params, c,
		fmt.Sprintf("a test file (%s) in a separate test folder, not beside the code it tests", list(files)),
		"move the test file into the folder of the code it tests",
		policy.Case{Expect: policy.ExpectViolated, Path: bad, Code: "x\n", Note: "a test in a separate tests/ tree"},
		policy.Case{Expect: policy.ExpectSatisfied, Path: good, Code: "x\n", Note: "a test beside its source"}), true
}

// inTestTree: a span is a path inside a test folder (`tests/by-util/`,
// `spec/models/user_spec.rb`, `popup/js/**/__tests__/`): the sentence gives such a
// folder as where tests go, beside their modules or not.
func inTestTree(span string) bool {
	segs := strings.Split(strings.TrimPrefix(span, "./"), "/")
	if len(segs) < 2 {
		return false
	}
	for i, sg := range segs {
		if i == len(segs)-1 && !strings.HasSuffix(span, "/") {
			break // the last element of a file's path is its name
		}
		switch sg {
		case "test", "tests", "__tests__", "spec", "specs":
			return true
		}
	}
	return false
}
