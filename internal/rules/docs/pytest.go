package docs

import (
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
)

// KindPytest is the rule kind for the form of pytest test modules: how tests are
// named, that names are unique, plain asserts, functions over classes, and the
// context-manager form of pytest.raises and pytest.warns.
const KindPytest = "pytest"

// Pytest checks (PytestParams.Check).
const (
	PyTestPrefix  = "test-prefix"    // a module-level function that asserts and is never called is named test_*
	PyClassPrefix = "class-prefix"   // a class holding test_ methods is named Test*
	PyUnique      = "unique-names"   // no two module-level tests (or methods of one class) share a name
	PyPlainAssert = "plain-assert"   // no unittest self.assert*() calls
	PyFunctions   = "functions"      // no test classes
	PyRaisesCtx   = "raises-context" // pytest.raises as a context manager, no assertRaises
	PyWarnsCtx    = "warns-context"  // pytest.warns as a context manager, no assertWarns
)

var pytestChecks = []string{PyTestPrefix, PyClassPrefix, PyUnique, PyPlainAssert, PyFunctions, PyRaisesCtx, PyWarnsCtx}

// PytestParams are the parameters of a pytest rule.
type PytestParams struct {
	Check string `json:"check"`
}

type pytestCheck struct {
	rule *policy.Rule
	p    PytestParams
}

func compilePytest(rule *policy.Rule) (engine.Check, error) {
	var p PytestParams
	if err := decode(rule.Params, &p); err != nil {
		return nil, err
	}
	for _, c := range pytestChecks {
		if c == p.Check {
			return &pytestCheck{rule: rule, p: p}, nil
		}
	}
	return nil, fmt.Errorf("params.check: unknown check %q (want one of %s)", p.Check, strings.Join(pytestChecks, ", "))
}

// testModule reports whether p is a pytest test module by its name.
func testModule(p string) bool {
	b := path.Base(p)
	return path.Ext(b) == ".py" && (strings.HasPrefix(b, "test_") || strings.HasSuffix(b, "_test.py"))
}

// FileByFile implements engine.FileByFile.
func (c *pytestCheck) FileByFile(*engine.Evidence) bool { return true }

// WantsFile implements engine.FileSelector.
func (c *pytestCheck) WantsFile(p, _ string) bool { return testModule(p) && c.rule.Scope.Covers(p) }

func (c *pytestCheck) Targets(ev *engine.Evidence) []engine.Target {
	var ts []engine.Target
	for i, f := range ev.Files {
		if testModule(f.Path) && c.rule.Scope.Covers(f.Path) {
			ts = append(ts, engine.Target{Kind: engine.TargetFile, Index: i, Path: f.Path})
		}
	}
	return ts
}

// pyDef is a def or class of a test module.
type pyDef struct {
	kind, name string
	line       int // 1-based
	indent     int
	body       string // the lines of its body
	decorators string
	class      string // the enclosing class, for a method
}

var (
	pyDefRE      = lazyre.New(`^([ \t]*)(?:async[ \t]+)?(def|class)[ \t]+([A-Za-z_]\w*)`)
	assertRE     = lazyre.New(`(?m)^\s+assert\b|\bassert_\w+\(|\.assert\w*\(|\bpytest\.raises\b|\braises\(`)
	fixtureRE    = lazyre.New(`@(?:pytest\.)?fixture\b|@\w+\.(?:setter|getter)\b|@(?:typing\.)?overload\b|@(?:staticmethod|classmethod|property)\b`)
	unittestRE   = lazyre.New(`\bself\.assert[A-Z]\w*\(|\bself\.fail[A-Z]?\w*\(`)
	assertRaises = lazyre.New(`\.assertRaises(?:Regex|Regexp)?\(|\bpytest\.raises\([^()\n]*(?:\([^()\n]*\)[^()\n]*)*,\s*[A-Za-z_]`)
	testMethodRE = lazyre.New(`(?m)^\s+(?:async\s+)?def test\w*\(`)
	assertWarns  = lazyre.New(`\.assertWarns(?:Regex)?\(|\bpytest\.warns\([^()\n]*(?:\([^()\n]*\)[^()\n]*)*,\s*[A-Za-z_]`)
)

// pyDefs reads the defs and classes of a module at the top level and one level in.
func pyDefs(src string) []pyDef {
	lines := strings.Split(src, "\n")
	var out []pyDef
	var class string
	classIndent := -1
	for i := 0; i < len(lines); i++ {
		m := pyDefRE.FindStringSubmatch(lines[i])
		if m == nil {
			t := strings.TrimSpace(lines[i])
			if t != "" && !strings.HasPrefix(t, "#") && classIndent >= 0 && indentOf(lines[i]) <= classIndent && !strings.HasPrefix(t, "@") && !strings.HasPrefix(t, ")") {
				class, classIndent = "", -1
			}
			continue
		}
		ind := len(strings.ReplaceAll(m[1], "\t", "    "))
		if classIndent >= 0 && ind <= classIndent {
			class, classIndent = "", -1
		}
		if ind > 0 && (classIndent < 0 || ind > classIndent+4) {
			continue // nested deeper than a method
		}
		d := pyDef{kind: m[2], name: m[3], line: i + 1, indent: ind}
		if ind > 0 {
			d.class = class
		}
		var dec []string
		for k := i - 1; k >= 0 && strings.HasPrefix(strings.TrimSpace(lines[k]), "@"); k-- {
			dec = append(dec, strings.TrimSpace(lines[k]))
		}
		d.decorators = strings.Join(dec, "\n")
		var body []string
		for k := i + 1; k < len(lines); k++ {
			t := strings.TrimSpace(lines[k])
			if t != "" && !strings.HasPrefix(t, "#") && indentOf(lines[k]) <= ind && !strings.HasPrefix(t, ")") {
				break
			}
			body = append(body, lines[k])
		}
		d.body = strings.Join(body, "\n")
		out = append(out, d)
		if m[2] == "class" && ind == 0 {
			class, classIndent = m[3], 0
		}
	}
	return out
}

func indentOf(l string) int {
	return len(strings.ReplaceAll(l, "\t", "    ")) - len(strings.TrimLeft(strings.ReplaceAll(l, "\t", "    "), " "))
}

func (c *pytestCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	f := ev.Files[t.Index]
	src := string(f.Content)
	lines := strings.Split(src, "\n")
	defs := pyDefs(src)
	var fs []engine.Finding
	add := func(line int, msg, sug string) {
		if !f.Owns(line) {
			return
		}
		fs = append(fs, engine.Finding{Path: f.Path, Line: line, CommandIndex: -1, Message: msg, Snippet: strings.TrimSpace(lines[line-1]), Suggestion: sug})
	}
	switch c.p.Check {
	case PyTestPrefix:
		for _, d := range defs {
			if d.kind != "def" || strings.HasPrefix(d.name, "test") || strings.HasPrefix(d.name, "_") || fixtureRE.MatchString(d.decorators) ||
				(d.class != "" && !strings.HasPrefix(d.class, "Test")) || d.indent > 0 && d.class == "" {
				continue
			}
			if d.name == "setup" || d.name == "teardown" || strings.HasPrefix(d.name, "setup_") || strings.HasPrefix(d.name, "teardown_") || d.name == "pytest_generate_tests" {
				continue
			}
			if !assertRE.MatchString(d.body) || called(src, d.name) {
				continue
			}
			add(d.line, fmt.Sprintf("%s asserts like a test but its name does not start with test_, so pytest never runs it", d.name),
				"name it test_"+strings.TrimPrefix(d.name, "check_"))
		}
	case PyClassPrefix:
		for _, d := range defs {
			if d.kind != "class" || d.indent > 0 || strings.HasPrefix(d.name, "Test") || strings.HasPrefix(d.name, "_") {
				continue
			}
			if testMethodRE.MatchString(d.body) {
				add(d.line, fmt.Sprintf("class %s holds test methods but its name does not start with Test, so pytest never collects it", d.name), "name the class Test"+d.name)
			}
		}
	case PyUnique:
		seen := map[string]int{}
		for _, d := range defs {
			if d.kind != "def" || !strings.HasPrefix(d.name, "test") || d.indent > 0 && d.class == "" || d.decorators != "" && strings.Contains(d.decorators, "overload") {
				continue
			}
			key := d.class + "." + d.name
			if first, ok := seen[key]; ok {
				add(d.line, fmt.Sprintf("%s is defined again (first on line %d); pytest runs only the last one", d.name, first), "give each test its own name")
				continue
			}
			seen[key] = d.line
		}
	case PyFunctions:
		for _, d := range defs {
			if d.kind == "class" && d.indent == 0 && strings.HasPrefix(d.name, "Test") {
				add(d.line, fmt.Sprintf("test class %s", d.name), "write the tests as module-level test functions")
			}
		}
	case PyPlainAssert, PyRaisesCtx, PyWarnsCtx:
		re := unittestRE
		msg, sug := "a unittest-style assertion", "use a plain assert statement"
		switch c.p.Check {
		case PyRaisesCtx:
			re, msg, sug = assertRaises, "an expected exception asserted without the pytest.raises context manager", "write with pytest.raises(Error): ..."
		case PyWarnsCtx:
			re, msg, sug = assertWarns, "an expected warning asserted without the pytest.warns context manager", "write with pytest.warns(Warning): ..."
		}
		for k, l := range lines {
			code := stripComment(l)
			if loc := re.FindStringIndex(code); loc != nil && !strings.HasPrefix(strings.TrimSpace(code), "with ") {
				add(k+1, msg, sug)
			} else if loc != nil && c.p.Check == PyPlainAssert {
				add(k+1, msg, sug)
			}
		}
	}
	if len(fs) == 0 {
		owned := false
		for _, d := range defs {
			owned = owned || f.Owns(d.line)
		}
		if !owned && c.p.Check != PyPlainAssert && c.p.Check != PyRaisesCtx && c.p.Check != PyWarnsCtx {
			return engine.Result{Verdict: engine.Inapplicable, Reason: "the change adds or renames no test function or class"}
		}
		return engine.Result{Verdict: engine.Satisfied}
	}
	return engine.Result{Verdict: engine.Violated, Findings: fs}
}

// called reports whether the module calls or passes name anywhere but its def line.
func called(src, name string) bool {
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`)
	n := len(re.FindAllStringIndex(src, -1))
	return n > 1
}
