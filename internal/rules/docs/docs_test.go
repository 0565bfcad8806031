package docs

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Sentences of our own writing in the forms SWE-CC's documentation policies use
// (policies.csv, category "Documentation and docstrings"): each compiles into one rule
// whose authored cases pass, and the near misses compile into none.
func TestDocSentences(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	py := &recognize.RepoContext{Languages: []string{engine.LangPython}}
	for _, tc := range []struct {
		text  string
		check string // "" : no rule
	}{
		{"Docstrings must use triple double quotes.", `{"check":"quotes","quote":"\"\"\""}`},
		{"If a docstring has a backslash in it, make it a raw string.", `{"check":"raw-backslash"}`},
		{"The docstring summary must fit on one line and end with a period.", `{"check":"summary","one_line":true,"period":true}`},
		{"Leave a blank line after the summary in every docstring.", `{"check":"blank-after-summary"}`},
		{"Keep the closing quotes of a multi-line docstring on their own line.", `{"check":"quote-lines","close":true}`},
		{"Leave a blank line immediately before the closing quotes of a docstring.", `{"check":"blank-before-close"}`},
		{"Each public docstring must include a `Notes` section.", `{"check":"section","section":"Notes"}`},
		{"Every public function must have a docstring.", `{"check":"present","owners":["def"]}`},
		{"Give all public classes a short docstring.", `{"check":"present","owners":["class"]}`},
		{"Avoid contractions in the documentation.", `{"check":"words","patterns":["` + jsonEscaped(contractionPattern) + `"],"what":"a contraction","in":["docs","docstrings"]}`},
		{"Never use words such as 'basically' or 'clearly' in the docs.", `{"check":"words","patterns":["\\bbasically\\b|\\bclearly\\b"],"what":"the word basically or clearly","in":["docs","docstrings"]}`},
		{"Avoid using 'I' in code comments.", `{"check":"words","patterns":["\\bi\\b"],"what":"the word I","in":["comments"]}`},
		{"Every heading's underline must be at least as long as the heading text.", `{"check":"heading-underline"}`},
		{"In the documentation, put a space on either side of an em dash.", `{"check":"words","patterns":["\\S—|—\\S"],"what":"an em dash without a space on each side","in":["docs","docstrings"]}`},
		{"Write dates in the docs in ISO 8601 form.", "iso-date"},
		{"Documentation uses American spelling.", "american"},
		{"Follow i.e. and e.g. with a comma in the docs.", "ie-eg"},
		{"Give heading levels these characters: `#` with an overline for parts, `=` for sections, `-` for subsections.", `{"check":"heading-levels","levels":["#","=","-"]}`},
		{"A doctest input longer than 72 characters must be wrapped with the continuation prompt.", `{"check":"doctest-width","max":72}`},
		{"A parameter entry in a docstring uses the separator `name : type`.", `{"check":"param-separator"}`},
		{"A `Notes` section must have a blank line before its first doctest.", `{"check":"blank-before-doctest","section":"Notes"}`},
		{"In docs, write the em dash without spaces at either side.", `{"check":"words","patterns":["\\s—|—\\s"],"what":"a spaced em dash","in":["docs","docstrings"]}`},
		{"Don't \"improve\" adjacent code or comments.", ""},
		{"Do not use the word \"sample\" in a tutorial page title.", ""},
		{"Write docstrings following the numpydoc style.", `{"check":"numpydoc"}`},
		{"Never reference issue numbers or links in the code.", "issue-refs"},
		{"Do not use Markdown tables in reStructuredText pages.", "md-tables"},
		// not documentation rules heed reads
		{"Docstrings should be helpful.", ""},
		{"Use simple words in the documentation.", ""},
		{"Do not use f-strings in log messages.", ""},
		// a code span names code, not wording
		{"Never use `any` without a comment that says why.", ""},
		{"Do not use `T` or `N` as generic names in docs; spell the role out.", ""},
	} {
		res := docRecognizer{}.Recognize(&policy.Constraint{Text: tc.text, Level: policy.Must}, py)
		if tc.check == "" {
			if len(res.Rules) != 0 {
				t.Errorf("%q: want no rule, got %s", tc.text, res.Rules[0].Params)
			}
			continue
		}
		if len(res.Rules) != 1 {
			t.Errorf("%q: want one rule, got %d", tc.text, len(res.Rules))
			continue
		}
		r := res.Rules[0]
		r.ID = "r"
		if !strings.HasPrefix(tc.check, "{") {
			// a style: its pattern is long; the cases show it
		} else if string(r.Params) != tc.check {
			t.Errorf("%q: params %s, want %s", tc.text, r.Params, tc.check)
		}
		for _, cs := range r.Cases {
			if out := engine.RunCase(reg, &r, cs); !out.OK {
				t.Errorf("%q: case %q expects %s, got %s (%s)", tc.text, cs.Note, cs.Expect, out.Got, out.Reason)
			}
		}
	}
	// no docstring rules where the repository has no Python
	if res := (docRecognizer{}).Recognize(&policy.Constraint{Text: "Docstrings must use triple double quotes.", Level: policy.Must},
		&recognize.RepoContext{Languages: []string{engine.LangGo}}); len(res.Rules) != 0 {
		t.Errorf("a Go repository got a docstring rule")
	}
}

// The scanner finds module, class, method and nested docstrings and leaves strings
// that are not docstrings alone.
func TestDocstringScanner(t *testing.T) {
	src := `"""Module summary."""
import os

X = """not a docstring
def fake():
    pass
"""


class Shape(Base):
    """A shape.

    More text.
    """

    def area(self, scale=1, *args, **kw):
        r"""Return \pi r^2."""
        def inner():
            """Inner."""
        return 1

    def _hidden(self):
        return 2


def build(
    name: str,
    size: int = 3,
) -> Shape:
    return Shape()
`
	ds := docstrings(src)
	type want struct {
		owner, name string
		public, has bool
		start, end  int
	}
	wants := []want{
		{"module", "", true, true, 1, 1},
		{"class", "Shape", true, true, 11, 14},
		{"def", "area", true, true, 17, 17},
		{"def", "inner", false, true, 19, 19},
		{"def", "_hidden", false, false, 0, 0},
		{"def", "build", true, false, 0, 0},
	}
	if len(ds) != len(wants) {
		for _, d := range ds {
			t.Logf("%+v", d)
		}
		t.Fatalf("got %d docstrings, want %d", len(ds), len(wants))
	}
	for i, w := range wants {
		d := ds[i]
		if d.Owner != w.owner || d.Name != w.name || d.Public != w.public || (d.Quote != "") != w.has || (w.has && (d.Start != w.start || d.End != w.end)) {
			t.Errorf("docstring %d: got %s %s public=%v quote=%q lines %d-%d, want %+v", i, d.Owner, d.Name, d.Public, d.Quote, d.Start, d.End, w)
		}
	}
	if got := ds[2].Params; len(got) != 3 || got[0] != "scale" || got[1] != "args" {
		t.Errorf("area's parameters: %v", got)
	}
	if got := ds[5].Params; len(got) != 2 || got[0] != "name" || got[1] != "size" {
		t.Errorf("build's parameters: %v", got)
	}
	if ds[2].Prefix != "r" || !ds[2].InClass {
		t.Errorf("area: prefix %q in class %v", ds[2].Prefix, ds[2].InClass)
	}
}

// In a change, only the docstrings the change touches are judged.
func TestDocstringOnlyTouched(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	r := &policy.Rule{ID: "r", Domain: policy.DomainSource, Kind: KindDocstring, Severity: policy.SeverityError,
		Params: []byte(`{"check":"quotes","quote":"\"\"\""}`)}
	chk, err := reg.CompileRule(r)
	if err != nil {
		t.Fatal(err)
	}
	src := "def a():\n    '''Old.'''\n\n\ndef b():\n    '''New.'''\n"
	f := &engine.File{Path: "pkg/m.py", Content: []byte(src), Lang: engine.LangPython, Touched: engine.LineSet{5: true, 6: true}}
	ev := &engine.Evidence{Mode: engine.ModeDiff, Files: []*engine.File{f}}
	res := chk.Judge(ev, engine.Target{Kind: engine.TargetFile, Index: 0, Path: f.Path})
	if res.Verdict != engine.Violated || len(res.Findings) != 1 || res.Findings[0].Line != 6 {
		t.Errorf("want one finding on line 6, got %v %+v", res.Verdict, res.Findings)
	}
}

// Prose leaves code out: fenced and literal blocks, directives, doctests, inline code.
func TestProseLines(t *testing.T) {
	src := "Title\n=====\n\nYou can run it.\n\n.. code-block:: python\n\n   you = 1\n\nExample::\n\n    you = 2\n\n>>> you = 3\n\nSet ``you`` and :func:`you` then.\n"
	f := &engine.File{Path: "docs/a.rst", Content: []byte(src)}
	var got []int
	for _, pl := range proseLines(f, true, true, false, false) {
		if pl.text != "" && containsWord(pl.text, "you") {
			got = append(got, pl.line)
		}
	}
	if len(got) != 1 || got[0] != 4 {
		t.Errorf("lines with 'you' in prose: %v, want [4]", got)
	}
}

func jsonEscaped(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

func containsWord(s, w string) bool {
	for _, f := range splitWords(s) {
		if f == w || f == "You" {
			return true
		}
	}
	return false
}

func splitWords(s string) []string {
	var out []string
	cur := ""
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			cur += string(r)
			continue
		}
		if cur != "" {
			out = append(out, cur)
		}
		cur = ""
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

// Heading levels follow the list's order as they first appear; a page may start at a
// lower level.
func TestHeadingLevels(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	r := &policy.Rule{ID: "r", Domain: policy.DomainSource, Kind: KindProse, Severity: policy.SeverityError,
		Params: []byte(`{"check":"heading-levels","levels":["*","=","-","^"]}`)}
	for _, tc := range []struct {
		src  string
		want string
	}{
		{"Part\n====\n\nSub\n---\n\nSub 2\n-----\n\nOther\n=====\n", policy.ExpectSatisfied},
		{"Part\n----\n\nSub\n^^^\n", policy.ExpectSatisfied},
		{"*****\nTitle\n*****\n\nPart\n====\n", policy.ExpectSatisfied},
		{"Part\n----\n\nSub\n====\n", policy.ExpectViolated},
		{"Part\n~~~~\n", policy.ExpectViolated},
		{"Text\n\n====  ====\nA     B\n====  ====\n", policy.ExpectSatisfied},
	} {
		if out := engine.RunCase(reg, r, policy.Case{Expect: tc.want, Path: "docs/a.rst", Code: tc.src}); !out.OK {
			t.Errorf("%q: want %s, got %s (%s)", tc.src, tc.want, out.Got, out.Reason)
		}
	}
}

// pytest forms, in sentences of our own writing in the forms of SWE-CC's test
// policies (policies.csv: ASTROPY-C003, ASTROPY-C020, ASTROPY-C021, MATPLOTLIB-C170,
// PALLETS-C072, PALLETS-C076, PYDATA-C052, SYMPY-C076).
func TestPytestSentences(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	py := &recognize.RepoContext{Languages: []string{engine.LangPython}}
	for _, tc := range []struct{ text, check string }{
		{"Prefix every test function with `test_`.", PyTestPrefix},
		{"A test function must have a name beginning with `test_`.", PyTestPrefix},
		{"Name test classes with a `Test` prefix.", PyClassPrefix},
		{"Give every test function a unique name.", PyUnique},
		{"Use plain assert statements.", PyPlainAssert},
		{"Write new tests as functions, not test classes.", PyFunctions},
		{"Check expected exceptions with the `pytest.raises` context manager.", PyRaisesCtx},
		{"Check expected warnings with the `pytest.warns` context manager.", PyWarnsCtx},
		{"Use plain assert statements for scalars.", ""},
		{"Write tests for every new function.", ""},
	} {
		res := docRecognizer{}.Recognize(&policy.Constraint{Text: tc.text, Level: policy.Must}, py)
		var got []policy.Rule
		for _, r := range res.Rules {
			if r.Kind == KindPytest {
				got = append(got, r)
			}
		}
		if tc.check == "" {
			if len(got) != 0 {
				t.Errorf("%q: want no rule, got %s", tc.text, got[0].Params)
			}
			continue
		}
		if len(got) != 1 || string(got[0].Params) != `{"check":"`+tc.check+`"}` {
			t.Errorf("%q: want the %s rule, got %d rules", tc.text, tc.check, len(got))
			continue
		}
		r := got[0]
		r.ID = "r"
		for _, cs := range r.Cases {
			if out := engine.RunCase(reg, &r, cs); !out.OK {
				t.Errorf("%q: case %q expects %s, got %s (%s)", tc.text, cs.Note, cs.Expect, out.Got, out.Reason)
			}
		}
	}
}
