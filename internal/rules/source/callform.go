package source

import (
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// callFormRecognizer lowers norm.ReadCallForm: the form of particular Python calls,
// as query rules (and a doctest pattern).
type callFormRecognizer struct{}

func (callFormRecognizer) Name() string { return "source.callform" }

func (callFormRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	f, ok := norm.ReadCallForm(c.Text)
	if !ok {
		return recognize.Result{}
	}
	if strings.HasPrefix(strings.ToLower(strings.TrimSpace(c.Text)), "code ") {
		// "Code that emits a warning must ...": the sentence names its own subject,
		// all code; a heading over it ("Tests and test style") does not narrow it
		cc := *c
		cc.HeaderPath = nil
		c = &cc
	}
	s := itemSentence(c, rc)
	langs := pickLangs(s, rc, []string{engine.LangPython})
	if len(langs) == 0 {
		if f.Form == "no-keyword" {
			// "Never set `CIBuild=true` ...": a keyword of another tool's calls
			return recognize.Result{}
		}
		return recognize.Result{Unenforced: "states the form of a Python call; the constraint's files are not Python"}
	}
	sc, _ := ruleScope(s, rc, langs)
	sev := s.severity()
	if f.Inferred {
		sev = policy.SeverityWarning
	}
	r := policy.Rule{Domain: policy.DomainSource, Kind: KindQuery, Severity: sev, Exact: !f.Inferred, Scope: sc}
	p, _ := samplePath(sc, engine.LangPython, "")
	segs := strings.Split(f.Callee, ".")
	name := segs[len(segs)-1]
	var q, bad, good string
	var needles []string
	// the rule speaks of the calls it names: a change that adds none is not one
	// it applies to
	r.When = &policy.Condition{What: "a line the change adds or modifies calls " + name, Added: `\b` + regexp.QuoteMeta(name) + `\s*\(`}
	switch f.Form {
	case "keyword":
		args := fmt.Sprintf(`(#not-match? @args %q)`, `\b`+f.Keyword+`\s*=|\*\*`)
		if f.LimitsPositional {
			// the argument may be given by position: only calls of no more positional
			// arguments than the sentence's form shows lack it for certain
			args += fmt.Sprintf(` (#max-positional? @args %d) (#not-match? @args "\\*")`, f.MaxPositional)
		}
		switch {
		case len(segs) == 2:
			// "warnings.warn": the module's function, called through the module
			q = fmt.Sprintf(`((call function: (attribute object: (identifier) @o attribute: (identifier) @n) arguments: (argument_list) @args) @match (#eq? @o %q) (#eq? @n %q) %s)`, segs[0], name, args)
		case moduleCallee(f.Callee, rc):
			// "every `requests` call must pass a `timeout`": the module's functions
			// (lower case: `requests.Session()` is a class, and takes none)
			q = fmt.Sprintf(`((call function: (attribute object: (identifier) @o attribute: (identifier) @n) arguments: (argument_list) @args) @match (#eq? @o %q) (#match? @n "^[a-z]") %s)`, name, args)
			r.When = &policy.Condition{What: "a line the change adds or modifies calls " + name, Added: `\b` + regexp.QuoteMeta(name) + `\.\w+\s*\(`}
			bad = "def f(url):\n    return " + name + ".get(url)\n"
			good = "def f(url):\n    return " + name + ".get(url, " + f.Keyword + "=2)\n"
		default:
			q = fmt.Sprintf(`((call function: (identifier) @n arguments: (argument_list) @args) @match (#eq? @n %q) %s)`+"\n"+
				`((call function: (attribute attribute: (identifier) @n) arguments: (argument_list) @args) @match (#eq? @n %q) %s)`, name, args, name, args)
		}
		needles = []string{name}
		if bad == "" && f.LimitsPositional {
			shown := strings.TrimSuffix(strings.Repeat("a, ", f.MaxPositional), ", ")
			bad = "def f(a):\n    return " + f.Callee + "(" + shown + ")\n"
			good = "def f(a):\n    return " + f.Callee + "(" + shown + strings.Repeat(", ", min(f.MaxPositional, 1)) + f.Keyword + "=a)\n\n\ndef g(a):\n    return " + f.Callee + "(" + strings.Repeat("a, ", f.MaxPositional) + "a)\n"
		}
		if bad == "" {
			bad = "def f():\n    " + f.Callee + "(\"f is old\")\n"
			good = "def f():\n    " + f.Callee + "(\"f is old\", " + f.Keyword + "=2)\n"
		}
		r.Message = fmt.Sprintf("a call of %s without %s", f.Callee, f.Keyword)
		r.Suggestion = fmt.Sprintf("pass %s=... to %s", f.Keyword, f.Callee)
	case "no-keyword":
		// "never pass `shell=True` to `subprocess` calls": the keyword with that
		// value, in the calls of the callee (its name, or the module's functions), or
		// in any call
		kw := `(keyword_argument name: (identifier) @k value: (_) @v)`
		preds := fmt.Sprintf(`(#eq? @k %q) (#eq? @v %q)`, f.Keyword, f.Value)
		r.When = &policy.Condition{What: "a line the change adds or modifies passes " + f.Keyword + "=" + f.Value, Added: `\b` + regexp.QuoteMeta(f.Keyword) + `\s*=\s*` + regexp.QuoteMeta(f.Value) + `\b`}
		call, other := "run", "run"
		switch {
		case f.Callee == "":
			q = fmt.Sprintf(`((call arguments: (argument_list %s @match)) %s)`, kw, preds)
		case len(segs) == 2:
			q = fmt.Sprintf(`((call function: (attribute object: (identifier) @o attribute: (identifier) @n) arguments: (argument_list %s @match)) (#eq? @o %q) (#eq? @n %q) %s)`, kw, segs[0], name, preds)
			call = f.Callee
		case len(segs) == 1:
			q = fmt.Sprintf(`((call function: (identifier) @n arguments: (argument_list %s @match)) (#eq? @n %q) %s)`+"\n"+
				`((call function: (attribute object: (identifier) @n) arguments: (argument_list %s @match)) (#eq? @n %q) %s)`, kw, name, preds, kw, name, preds)
			call = name + ".run"
			if !moduleCallee(f.Callee, rc) {
				call = name
			}
		default:
			return recognize.Result{}
		}
		if f.Callee != "" {
			other = "other"
		}
		needles = []string{f.Keyword}
		bad = "def f(cmd):\n    return " + call + "(cmd, " + f.Keyword + "=" + f.Value + ")\n"
		good = "def f(cmd):\n    return " + call + "(cmd)\n\n\ndef g(cmd):\n    return " + other + "(cmd, flag=" + f.Value + ")\n"
		what := "any call"
		if f.Callee != "" {
			what = "a call of " + f.Callee
		}
		r.Message = fmt.Sprintf("%s=%s passed to %s", f.Keyword, f.Value, what)
		r.Suggestion = fmt.Sprintf("leave out %s=%s", f.Keyword, f.Value)
	case "category":
		args := `(#max-positional? @args 1) (#no-keyword-arg? @args "category") (#not-match? @args "\\*")`
		q = fmt.Sprintf(`((call function: (attribute object: (identifier) @o attribute: (identifier) @n) arguments: (argument_list) @args) @match (#eq? @o %q) (#eq? @n %q) %s)`, segs[0], name, args)
		needles = []string{name}
		bad = "def f():\n    " + f.Callee + "(\"f is old\")\n"
		good = "def f():\n    " + f.Callee + "(\"f is old\", DeprecationWarning)\n"
		r.Message = fmt.Sprintf("a call of %s without a warning class", f.Callee)
		r.Suggestion = fmt.Sprintf("name the class: %s(message, category)", f.Callee)
	case "super":
		r.When = &policy.Condition{What: "a line the change adds or modifies calls a class's method on self", Added: `(?:^|[^\w.])[A-Z]\w*\.\w+\(\s*self\b`}
		q = `((call function: (attribute object: (identifier) @c attribute: (identifier) @m) arguments: (argument_list . (identifier) @s)) @match (#match? @c "^[A-Z]") (#eq? @s "self"))`
		needles = []string{"self"}
		bad = "class Square(Shape):\n    def __init__(self, side):\n        Shape.__init__(self, side, side)\n"
		good = "class Square(Shape):\n    def __init__(self, side):\n        super().__init__(side, side)\n"
		r.Message = "a base class's method called on self by the class's name"
		r.Suggestion = "call it through super()"
	case "lambda-arg":
		q = fmt.Sprintf(`((call function: (identifier) @n arguments: (argument_list . (_) . (call) @match)) (#eq? @n %q))`+"\n"+
			`((call function: (attribute attribute: (identifier) @n) arguments: (argument_list . (_) . (call) @match)) (#eq? @n %q))`, name, name)
		needles = []string{name}
		bad = "def test_bad():\n    " + name + "(ValueError, parse(\"x\"))\n"
		good = "def test_bad():\n    " + name + "(ValueError, lambda: parse(\"x\"))\n"
		r.Message = fmt.Sprintf("the tested expression of %s called before %s runs", name, name)
		r.Suggestion = "wrap the expression in lambda: " + name + "(E, lambda: expr)"
	case "doctest-none":
		// an expected output of None after an input that is not a print call:
		// the interpreter shows nothing for None
		r.Kind = KindPattern
		r.Params = marshal(PatternParams{Regex: `^[ \t]*>>> (?:[^p\n]|p[^r\n]|pr[^i\n]|pri[^n\n]|prin[^t\n]|print[^(\n])[^\n]*\n[ \t]*None[ \t]*$`, Where: "any"})
		r.Scope.Globs = []string{"*.py", "*.rst", "*.md", "*.txt"}
		r.When = &policy.Condition{What: "a line the change adds or modifies expects None", Added: `^[ \t]*None[ \t]*$`}
		r.Message = "a doctest that expects None from an expression, which shows nothing"
		r.Suggestion = "show the result with print(...)"
		dp := path.Join(r.Scope.Dir, "pkg", "mod.py")
		r.Cases = []policy.Case{
			{Expect: policy.ExpectViolated, Path: dp, Code: "def f():\n    \"\"\"\n    >>> f()\n    None\n    \"\"\"\n", Note: "None expected from a bare expression"},
			{Expect: policy.ExpectSatisfied, Path: dp, Code: "def f():\n    \"\"\"\n    >>> print(f())\n    None\n    \"\"\"\n", Note: "None printed"},
		}
		return recognize.Result{Rules: []policy.Rule{r}}
	}
	r.Params = marshal(QueryParams{Queries: map[string]string{engine.LangPython: q}, Needles: needles})
	if p == "" {
		return recognize.Result{Unenforced: "no sample path of Python lies in the rule's scope"}
	}
	r.Cases = []policy.Case{
		{Expect: policy.ExpectViolated, Path: p, Code: bad, Note: "the call in the form the rule rules out"},
		{Expect: policy.ExpectSatisfied, Path: p, Code: good, Note: "the call in the form it asks for"},
	}
	return recognize.Result{Rules: []policy.Rule{r}}
}

// moduleCallee: a callee written as one lower-case name that the repository imports
// as a module, or a well-known module of the standard library or of HTTP ("every
// `requests` call"), whose calls are its functions.
func moduleCallee(callee string, rc *recognize.RepoContext) bool {
	if strings.Contains(callee, ".") || callee == "" || strings.ToLower(callee) != callee {
		return false
	}
	switch callee {
	case "subprocess", "requests", "httpx", "os", "shutil", "urllib", "socket", "pickle", "yaml", "json":
		return true
	}
	if rc != nil && rc.SourceImports != nil {
		for _, m := range rc.SourceImports() {
			if m.Name == callee && m.Lang == engine.LangPython {
				return true
			}
		}
	}
	return false
}
