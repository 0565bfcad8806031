package source

import (
	"encoding/json"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// judgeText runs a text rule over one file and returns its findings.
func judgeText(t *testing.T, rule *policy.Rule, path, lang, src string) []engine.Finding {
	t.Helper()
	chk, err := compileText(rule)
	if err != nil {
		t.Fatal(err)
	}
	ev := &engine.Evidence{Mode: engine.ModeAll, Files: []*engine.File{{Path: path, Content: []byte(src), Lang: lang}}}
	defer ev.Close()
	return engine.Run([]engine.Compiled{{Rule: rule, Check: chk}}, ev, engine.Options{Workers: 1})[0].Findings()
}

// applyExact makes the exact fixes of findings to src (none overlap in these cases).
func applyExact(t *testing.T, src string, fs []engine.Finding) string {
	t.Helper()
	out := src
	// edits from the end, so that earlier offsets hold
	var es []engine.TextEdit
	for _, f := range fs {
		for _, fx := range f.Fixes {
			if fx.Exact {
				es = append(es, fx.Edits...)
			}
		}
	}
	for i := len(es) - 1; i >= 0; i-- {
		e := es[i]
		if out[e.Start:e.End] != e.Old {
			t.Fatalf("edit %+v: the text there is %q", e, out[e.Start:e.End])
		}
		out = out[:e.Start] + e.New + out[e.End:]
	}
	return out
}

// The text rules whose sentence says what the text must be carry that edit: the
// white space at a line's end deleted ("No trailing whitespace."), a final newline
// ("Files end with a newline."), a tab made the rule's spaces ("Indent with 4
// spaces, never tabs."). The fixed file passes the rule. A rule that does not say
// what a tab becomes ("Use spaces, not tabs." without a width; "Indent with tabs."),
// and two spaces ending a Markdown line (a hard break), carry no exact fix.
func TestTextRulesCarryTheEditTheirSentenceStates(t *testing.T) {
	for _, c := range []struct {
		name, path, lang string
		p                TextParams
		src, fixed       string // fixed "": no exact fix
	}{
		{"trailing", "a.py", "python", TextParams{Check: "trailing_whitespace"},
			"x = 1  \ny = 2\t\nz = 3\n", "x = 1\ny = 2\nz = 3\n"},
		{"trailing before CRLF", "a.py", "python", TextParams{Check: "trailing_whitespace"},
			"x = 1 \r\ny = 2\r\n", "x = 1\r\ny = 2\r\n"},
		{"trailing in Markdown", "README.md", "", TextParams{Check: "trailing_whitespace"},
			"A line  \nanother \n", "A line  \nanother\n"},
		{"final newline", "a.go", "go", TextParams{Check: "final_newline"},
			"package a\n\nvar x = 1", "package a\n\nvar x = 1\n"},
		{"final CRLF", "a.cs", "csharp", TextParams{Check: "final_newline"},
			"class A {\r\n}", "class A {\r\n}\r\n"},
		{"tabs to four spaces", "a.py", "python", TextParams{Check: "indent", Indent: "spaces", Width: 4},
			"def f():\n\tif x:\n\t\treturn 1\n\treturn 2\n", "def f():\n    if x:\n        return 1\n    return 2\n"},
		{"alignment kept", "a.js", "javascript", TextParams{Check: "indent", Indent: "spaces", Width: 2},
			"function f() {\n\tg(a,\n\t  b);\n}\n", "function f() {\n  g(a,\n    b);\n}\n"},
		{"spaces without a width", "a.py", "python", TextParams{Check: "indent", Indent: "spaces"},
			"def f():\n\treturn 1\n", ""},
		{"tabs", "a.go", "go", TextParams{Check: "indent", Indent: "tabs"},
			"func f() {\n    return\n}\n", ""},
	} {
		params, _ := json.Marshal(c.p)
		rule := &policy.Rule{ID: "r", Domain: policy.DomainSource, Kind: KindText, Severity: policy.SeverityError, Exact: true, Params: params}
		fs := judgeText(t, rule, c.path, c.lang, c.src)
		if len(fs) == 0 {
			t.Errorf("%s: no finding", c.name)
			continue
		}
		got := applyExact(t, c.src, fs)
		if c.fixed == "" {
			if got != c.src {
				t.Errorf("%s: an exact fix was offered: %q", c.name, got)
			}
			continue
		}
		if got != c.fixed {
			t.Errorf("%s: fixed %q, want %q", c.name, got, c.fixed)
			continue
		}
		if again := judgeText(t, rule, c.path, c.lang, got); len(again) != 0 && c.name != "trailing in Markdown" {
			t.Errorf("%s: the fixed file still breaks the rule: %+v", c.name, again)
		}
	}
}

// A rule demoted to a warning (it flags much of the existing code, or stands in for a
// reading) carries its fixes to review: --fix does not rewrite a project by a rule
// that needs review.
func TestADemotedTextRuleCarriesItsFixesToReview(t *testing.T) {
	params, _ := json.Marshal(TextParams{Check: "trailing_whitespace"})
	for _, r := range []*policy.Rule{
		{ID: "w", Domain: policy.DomainSource, Kind: KindText, Severity: policy.SeverityWarning, Exact: true, Params: params},
		{ID: "e", Domain: policy.DomainSource, Kind: KindText, Severity: policy.SeverityError, Exact: false, Params: params},
	} {
		fs := judgeText(t, r, "a.py", "python", "x = 1 \n")
		if len(fs) != 1 || len(fs[0].Fixes) != 1 || fs[0].Fixes[0].Exact {
			t.Errorf("%s: %+v, want one fix to review", r.ID, fs)
		}
	}
}
