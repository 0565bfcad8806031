package norm

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Where tests live and how their modules are named: "Put tests in the tests
// directory", "Put new tests in the tests subdirectory of the package they cover",
// "Name test modules `test_*.py` or `*_test.py`", "Name a test module with a
// `test_` prefix", "Name test files using the test_{topic}.py pattern".

var (
	testsPlaceRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("(?i)^(?:always )?(?:put|place|keep|write|add|store) (?:all |new |the |your |a |any |every )?(?:[\\w-]+'s )?(?:new )?(?:unit |regression )?tests? (?:files? |modules? |cases? )?(?:in|into|under|inside|within) (?:(?:its|their) own |the |a |its |their |that [\\w-]+(?:'s)? own |the [\\w-]+(?:'s)? own )?(?:`\\.?/?([\\w.-]+)/?`|(tests?)) (?:sub-?)?(?:directory|folder|dir)\\b")
	})
	testModuleWordsRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^(?:always )?(?:name|call|prefix)\b.{0,20}?\btest (?:modules?|files?)\b|^test (?:modules?|files?) (?:must|should) (?:be named|start|begin|have)\b`)
	})
	testNameFormRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(test_)(?:[<{][\w -]+[>}])?(\.py)\b|(?:[<{][\w -]+[>}])(_test)(\.py)\b`)
	})
	testPrefixRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("(?i)\\bwith (?:a |the )?`(test_?)` prefix\\b")
	})
	testGlobRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("`([\\w*]*\\*[\\w*]*\\.py)`")
	})
)

// TestsFolder returns the folder name a sentence says tests live in ("tests").
func TestsFolder(text string) (string, bool) {
	text = strings.Join(strings.Fields(text), " ")
	m := testsPlaceRE().FindStringSubmatch(text)
	if m == nil {
		return "", false
	}
	name := m[1]
	if name == "" {
		name = strings.ToLower(m[2])
	}
	if strings.Contains(name, "*") {
		return "", false
	}
	return name, true
}

// TestModuleNames returns the file-name globs a sentence gives Python test modules.
func TestModuleNames(text string) []string {
	text = strings.Join(strings.Fields(text), " ")
	if !testModuleWordsRE().MatchString(text) {
		return nil
	}
	var out []string
	for _, m := range testGlobRE().FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	for _, m := range testNameFormRE().FindAllStringSubmatch(text, -1) {
		if m[1] != "" {
			out = append(out, "test_*.py")
		} else {
			out = append(out, "*_test.py")
		}
	}
	if m := testPrefixRE().FindStringSubmatch(text); m != nil {
		out = append(out, strings.TrimSuffix(m[1], "_")+"_*.py")
	}
	var uniq []string
	for _, g := range out {
		if !slices.Contains(uniq, g) {
			uniq = append(uniq, g)
		}
	}
	return uniq
}

// PytestForm reads a rule on the form of pytest tests: "test-prefix" ("Name a test
// function with a `test_` prefix"), "class-prefix", "unique-names", "plain-assert",
// "functions" ("Write new tests as functions rather than as test classes"),
// "raises-context", "warns-context" ("Assert expected exceptions with the
// `pytest.raises` context manager").
func PytestForm(text string) string {
	t := strings.Join(strings.Fields(strings.ReplaceAll(text, "``", "`")), " ")
	for _, f := range pytestForms() {
		if f.re.MatchString(t) {
			return f.form
		}
	}
	return ""
}

type pytestFormRE struct {
	form string
	re   *regexp.Regexp
}

var pytestForms = sync.OnceValue(func() []pytestFormRE {
	return []pytestFormRE{
		{"unique-names", regexp.MustCompile(`(?i)\b(?:each|every) test (?:function|method)s? (?:a )?unique name\b|\btest (?:function |method )?names must be unique\b`)},
		{"class-prefix", regexp.MustCompile("(?i)\\btest class(?:es)?\\b[^.]*(?:with )?(?:a )?`Test`(?: prefix)?|\\btest class(?:es)?\\b[^.]*\\bname (?:begins|starts|beginning|starting) with `?Test`?")},
		{"test-prefix", regexp.MustCompile("(?i)^(?:name|prefix|call)\\b[^.]*\\btest (?:functions?|methods?)(?: and methods)?\\b[^.]*`?test_|\\btest functions? must have a name (?:beginning|starting) with `test_`|^name (?:each |every |all )?test functions? test_")},
		{"functions", regexp.MustCompile(`(?i)^write (?:new |your )?tests as (?:module-level )?functions,? (?:rather than|not|instead of) (?:as )?(?:test )?classes\b`)},
		{"plain-assert", regexp.MustCompile("(?i)^(?:use|write) (?:plain|bare) `?assert`?(?: statements?)?(?: in tests)?[.]?$|^assert (?:on [a-z ,]{2,40} )?with (?:a |the )?(?:plain|bare) `?assert`?(?: statements?)?[.]?$")},
		{"raises-context", regexp.MustCompile("(?i)\\bexpected exceptions?\\b[^.]*`pytest\\.raises`[^.]*\\bcontext manager\\b")},
		{"warns-context", regexp.MustCompile("(?i)\\bexpected warnings?\\b[^.]*`pytest\\.warns`[^.]*\\bcontext manager\\b")},
	}
})
