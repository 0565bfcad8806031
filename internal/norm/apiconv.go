package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// A project's "use X for Y" API conventions, as the style guides of Python projects
// write them: "In tests, prefer assertRaisesMessage() over assertRaises()" (calls and
// dotted names without code spans), "For boolean checks, use `assertIs(x, True)`
// instead of `assertTrue(x)`" (a purpose every assertion has), "Import the helpers
// from `pkg.tests` instead of importing `dask.array` directly", "When testing an
// expected exception, the test must use `pkg.testing.pytest.raises`" (a wrapper
// module named after the library it wraps), "Tests must use the wrappers in
// `pkg.testing.pytest` instead of calling pytest functions directly", "Code must not
// instantiate or emit `DeprecationWarningX` directly". APIConvention restates each in
// the forms the source reader reads ("Use `X` instead of `Y`", "Do not import `M`").

// substitutionRE: a sentence that compares a preferred way with another.
var substitutionRE = lazyre.New(`(?i)\b(?:instead of|rather than|over|in place of)\b`)

// bareCallRE: a call written without a code span ("assertRaises()", "assertIs(x,
// True/False)", "asyncio.gather()"); bareDottedRE: a dotted name ("warnings.warn",
// "_api.warn_external", "mpl.rcParams").
var (
	bareCallRE   = lazyre.New(`[A-Za-z_][\w.]*\([^()\n]{0,40}\)`)
	bareDottedRE = lazyre.New(`[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+`)
)

// fileExtension: the last segment of a dotted word that makes it a file's name, not
// code.
func fileExtension(ext string) bool {
	switch strings.ToLower(ext) {
	case "py", "pyi", "pyx", "md", "rst", "txt", "toml", "cfg", "ini", "json", "yml", "yaml", "html",
		"js", "ts", "c", "h", "cpp", "sh", "in", "lock", "css":
		return true
	}
	return false
}

// spanBareCode puts code spans around the calls and dotted names of a sentence that
// compares two ways of writing code; added is how many it put. Text in code spans
// already is kept; so are abbreviations ("e.g.", "i.e."), file names and numbers.
func spanBareCode(text string) (string, int) {
	if !substitutionRE.MatchString(text) {
		return text, 0
	}
	var b strings.Builder
	added := 0
	parts := strings.Split(text, "`")
	for i, p := range parts {
		if i > 0 {
			b.WriteByte('`')
		}
		if i%2 == 1 {
			b.WriteString(p)
			continue
		}
		p = bareCallRE.ReplaceAllStringFunc(p, func(m string) string {
			name := m[:strings.IndexByte(m, '(')]
			if name == "" || strings.ContainsAny(name[:1], "0123456789") {
				return m
			}
			added++
			if assertionMethod(name) {
				// "assertRaises()": unittest's assertion, a method of the test case
				return "`." + m + "`"
			}
			return "`" + m + "`"
		})
		// the calls just spanned are split out again, so a dotted name inside one
		// is not spanned twice
		sub := strings.Split(p, "`")
		for k := range sub {
			if k%2 == 1 {
				continue
			}
			sub[k] = bareDottedRE.ReplaceAllStringFunc(sub[k], func(m string) string {
				segs := strings.Split(m, ".")
				short := true
				for _, s := range segs {
					if len(s) > 1 {
						short = false
					}
				}
				if short || fileExtension(segs[len(segs)-1]) {
					return m // "e.g", "i.e", "setup.py"
				}
				added++
				return "`" + m + "`"
			})
		}
		b.WriteString(strings.Join(sub, "`"))
	}
	return b.String(), added
}

// userFacingRE: the convention is for what users meet.
var userFacingRE = lazyre.New(`(?i)\buser[- ]facing\b`)

// assertPurposeRE: "For boolean checks, use ...": a purpose every assertion serves,
// so the preference holds wherever the assertions are written.
var assertPurposeRE = lazyre.New("(?i)^for (?:[a-z/-]+ ){0,4}(?:checks|comparisons|assertions|tests)\\b[^,`]{0,30},\\s*(use|prefer)\\b")

// importDirectlyRE: "instead of importing `M` directly".
var importDirectlyRE = lazyre.New("(?i)\\b(?:instead of|rather than)\\s+importing\\s+`([A-Za-z_][\\w.]*)`(?:\\s+directly)?")

// instantiateRE: "must not instantiate or emit `E` directly".
var instantiateRE = lazyre.New("(?i)\\b(?:must|should|do) not\\s+(?:instantiate|construct)(?:\\s+or\\s+(?:emit|raise|throw|create))?\\s+`([A-Za-z_]\\w*)`\\s+directly\\b")

// doctestSubjectRE: "A doctest must not use `X`", the doctest the subject.
var doctestSubjectRE = lazyre.New("(?i)^(?:a|each|every|any|no) doctests? (?:must|should) not (?:use|contain|include|call|run) (`[^`]+`)(?:\\s*[;.,]|$)")

// pep8NamingRE: "Follow PEP 8's naming conventions (in Python code)".
var pep8NamingRE = lazyre.New(`(?i)^(?:follow|use|apply|respect) (?:the )?pep[- ]?8(?:'s)? naming(?: conventions?| rules| style)?(?: in (?:all )?(?:python )?code)?\s*\.?$`)

// wrapperUseRE: "the test must use `pkg.testing.pytest.raises`" as the whole duty, a
// condition before it allowed.
var wrapperUseRE = lazyre.New("(?i)^(?:(?:when|whenever|if)\\b[^,`]{0,60},\\s*)?(?:(?:the|a|an|each|every|all)\\s+)?(?:tests?|it|they|code)?\\s*(?:must|should)\\s+(?:always\\s+)?use\\s+`((?:[A-Za-z_]\\w*\\.)+([a-z_]\\w*)\\.([a-z_]\\w*))(?:\\(\\))?`\\s*\\.?$")

// wrapperFunctionsRE: "use the wrappers in `pkg.testing.pytest` instead of calling
// pytest functions directly".
var wrapperFunctionsRE = lazyre.New("(?i)`((?:[A-Za-z_]\\w*\\.)+([a-z_]\\w*))`\\s+instead of\\s+(?:calling|using)\\s+([a-z_]\\w*)(?:'s)?\\s+(?:functions|helpers|api)\\s+directly\\b")

// wrappedLibraries: the functions of the libraries a project's testing module wraps
// under the library's own name; a wrapper of another name replaces nothing heed knows.
func wrappedFunction(lib, name string) bool {
	switch lib {
	case "pytest":
		switch name {
		case "raises", "warns", "skip", "xfail", "fail", "importorskip", "approx", "deprecated_call":
			return true
		}
	case "unittest":
		return name == "mock" || name == "skip" || name == "skipif"
	}
	return false
}

// APIConvention restates a sentence of a project's API convention in the form the
// source reader reads; inferred is true when the restatement supplied something the
// text does not spell (a code span around a bare name, the library function a wrapper
// replaces, a module banned by "instead of importing"): a reading to warn with. A
// sentence of no such shape is returned unchanged.
func APIConvention(text string) (string, bool) {
	t := strings.TrimSpace(text)
	if t == "" {
		return text, false
	}
	inTests := strings.Contains(strings.ToLower(t), "test")
	if m := wrapperUseRE.FindStringSubmatch(t); m != nil && inTests {
		// "When testing an expected exception, the test must use
		// `sympy.testing.pytest.raises`": the project's wrapper of `pytest.raises`
		if strings.Count(m[1], ".") >= 2 && wrappedFunction(strings.ToLower(m[2]), m[3]) {
			return "In tests, use `" + m[1] + "` instead of `" + m[2] + "." + m[3] + "`.", true
		}
	}
	if m := wrapperFunctionsRE.FindStringSubmatch(t); m != nil && strings.EqualFold(m[2], m[3]) && strings.Contains(m[1], ".") {
		// "the wrappers in `sympy.testing.pytest` instead of calling pytest
		// functions directly": the library itself is not imported
		out := "Do not import `" + m[3] + "`"
		if inTests {
			out = "In tests, do not import `" + m[3] + "`"
		}
		return out + "; use the wrappers in `" + m[1] + "`.", true
	}
	if m := importDirectlyRE.FindStringSubmatch(t); m != nil {
		out := "Do not import `" + m[1] + "`"
		if strings.Contains(strings.ToLower(t), "in tests") {
			out = "In tests, do not import `" + m[1] + "`"
		}
		return out + ".", true
	}
	if m := doctestSubjectRE.FindStringSubmatch(t); m != nil {
		// "A doctest must not use `from sympy import *`": the doctest's text, as
		// "`X` is not allowed in doctests" says it; nothing inferred
		return m[1] + " is not allowed in doctests.", false
	}
	if m := instantiateRE.FindStringSubmatch(t); m != nil {
		// a class is instantiated by calling it: `raise E(...)`, not `except E:`
		return "Do not call `" + m[1] + "()` directly.", true
	}
	spanned, added := spanBareCode(t)
	if m := assertPurposeRE.FindStringSubmatchIndex(spanned); m != nil && allAssertions(spanned) {
		// "For boolean checks, use `assertIs(x, True/False)` instead of
		// `assertTrue()`": the purpose is what an assertion does
		verb := spanned[m[2]:m[3]]
		return "In tests, " + strings.ToLower(verb) + asMethods(spanned[m[3]:]), true
	}
	if added > 0 {
		if userFacingRE.MatchString(spanned) && !strings.Contains(strings.ToLower(spanned), "production") {
			// "Raise user-facing warnings through ...": what users meet is the
			// shipped code's, not the tests'
			spanned = strings.TrimRight(spanned, ". ") + " in production code."
		}
		return spanned, true
	}
	return text, false
}

// allAssertions: every code span of the text is an assertion call ("assertIs(x,
// True)", "self.assertTrue()"), and there are two or more.
func allAssertions(text string) bool {
	parts := strings.Split(text, "`")
	n := 0
	for i := 1; i < len(parts); i += 2 {
		s := strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(parts[i]), "self"), ".")
		if !assertionMethod(s) {
			return false
		}
		n++
	}
	return n >= 2
}

// assertionMethod: a name of unittest's assertions ("assertRaises", "assertIs"),
// written bare or as a call.
func assertionMethod(name string) bool {
	rest, ok := strings.CutPrefix(name, "assert")
	return ok && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z'
}

// asMethods writes the assertion calls of a text's code spans as the test case's
// methods: `assertTrue()` becomes `.assertTrue()`.
func asMethods(text string) string {
	parts := strings.Split(text, "`")
	for i := 1; i < len(parts); i += 2 {
		if p := strings.TrimSpace(parts[i]); assertionMethod(p[:strings.IndexAny(p+"(", "(")]) {
			parts[i] = "." + p
		}
	}
	return strings.Join(parts, "`")
}

// PEP8Naming restates "Follow PEP 8's naming conventions" as the conventions PEP 8
// states for functions, variables and classes, in Python code; ok is false for any
// other sentence.
func PEP8Naming(text string) (string, bool) {
	if !pep8NamingRE.MatchString(strings.TrimSpace(text)) {
		return text, false
	}
	return "Use snake_case for function and variable names and CapWords for class names in Python code.", true
}
