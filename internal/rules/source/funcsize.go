package source

import (
	"fmt"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A limit of a function's lines ("Functions should not exceed 40 lines", "No method
// longer than 30 lines"): a query over the declarations of functions and methods of
// each language, whose node spans more lines than the limit (#longer-than?). Whether
// the signature, the closing brace, blank lines and comments count is each project's
// own convention, which the sentence rarely says: the rule warns. A change owns a
// finding when it touched a line of the function (QueryParams.Whole).

// functionNodes are, per language, the nodes that declare a function or a method with
// its body.
var functionNodes = lazy.Value[map[string][]string]{F: func() map[string][]string {
	return map[string][]string{
		engine.LangGo:         {"function_declaration", "method_declaration"},
		engine.LangPython:     {"function_definition"},
		engine.LangJavaScript: {"function_declaration", "method_definition", "generator_function_declaration"},
		engine.LangTypeScript: {"function_declaration", "method_definition", "generator_function_declaration"},
		engine.LangTSX:        {"function_declaration", "method_definition", "generator_function_declaration"},
		engine.LangRust:       {"function_item"},
		engine.LangJava:       {"method_declaration", "constructor_declaration"},
		engine.LangKotlin:     {"function_declaration"},
		engine.LangCSharp:     {"method_declaration", "constructor_declaration", "local_function_statement"},
		engine.LangRuby:       {"method", "singleton_method"},
		engine.LangPHP:        {"function_definition", "method_declaration"},
		engine.LangC:          {"function_definition"},
		engine.LangCPP:        {"function_definition"},
	}
}}

// functionSizeSample is a function of one language with BODY where its lines go, and
// one line of its body.
type functionSizeSample struct{ code, line string }

var functionSizeSamples = lazy.Value[map[string]functionSizeSample]{F: func() map[string]functionSizeSample {
	return map[string]functionSizeSample{
		engine.LangGo:         {"package p\n\nfunc f() int {\n\tx := 0\nBODY\treturn x\n}\n", "\tx += 1\n"},
		engine.LangPython:     {"def f():\n    x = 0\nBODY    return x\n", "    x += 1\n"},
		engine.LangJavaScript: {"function f() {\n  let x = 0;\nBODY  return x;\n}\n", "  x += 1;\n"},
		engine.LangTypeScript: {"function f(): number {\n  let x = 0;\nBODY  return x;\n}\n", "  x += 1;\n"},
		engine.LangRust:       {"fn f() -> i32 {\n    let mut x = 0;\nBODY    x\n}\n", "    x += 1;\n"},
		engine.LangJava:       {"class A {\n  int f() {\n    int x = 0;\nBODY    return x;\n  }\n}\n", "    x += 1;\n"},
	}
}}

// functionSizeRule lowers a limit of a function's lines for the languages the
// sentence's files use.
func functionSizeRule(s *sentence, rc *recognize.RepoContext, l norm.SizeLimit) (policy.Rule, bool) {
	langs := pickLangs(s, rc, codeLangs)
	sc, _ := ruleScope(s, rc, langs)
	qp := QueryParams{Queries: map[string]string{}, Whole: true}
	for _, lg := range langs {
		var pats []string
		for _, k := range functionNodes.Get()[lg] {
			pats = append(pats, fmt.Sprintf(`((%s) @match (#longer-than? @match "%d"))`, k, l.Lines))
		}
		if len(pats) > 0 {
			qp.Queries[lg] = strings.Join(pats, "\n")
		}
	}
	if len(qp.Queries) == 0 {
		return policy.Rule{}, false
	}
	r := policy.Rule{
		Domain: policy.DomainSource, Kind: KindQuery, Severity: policy.SeverityWarning, Exact: false, Scope: sc,
		Params:     marshal(qp),
		Message:    fmt.Sprintf("function longer than %d lines", l.Lines),
		Suggestion: "split the function into smaller ones",
	}
	for _, lg := range langs {
		sample, ok := functionSizeSamples.Get()[lg]
		path, pok := textSamplePath(sc, []string{lg})
		if !ok || !pok {
			continue
		}
		long := strings.Replace(sample.code, "BODY", strings.Repeat(sample.line, l.Lines), 1)
		r.Cases = []policy.Case{
			{Expect: policy.ExpectViolated, Path: path, Code: long, Note: "a function past the limit"},
			{Expect: policy.ExpectSatisfied, Path: path, Code: strings.Replace(sample.code, "BODY", "", 1), Note: "a short one"},
		}
		break
	}
	return r, true
}
