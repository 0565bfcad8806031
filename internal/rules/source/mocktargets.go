package source

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// mockTargetRecognizer lowers norm.MockedTargets: a ban of mocking named things
// ("Do not mock `$api`", "Never mock `requests`", "Don't mock `ILogger`") is a query
// for the test runners' mocking calls that name them — Vitest's and Jest's
// vi.mock/jest.mock/spyOn/stubGlobal, unittest.mock's patch, Moq's, NSubstitute's and
// FakeItEasy's generic mocks, Mockito's mock(T.class) and @Mock fields, gomock's
// NewMockT — and no other mock.
type mockTargetRecognizer struct{}

func (mockTargetRecognizer) Name() string { return "source.mocktarget" }

var mockLangs = []string{engine.LangTypeScript, engine.LangTSX, engine.LangJavaScript, engine.LangPython, engine.LangCSharp, engine.LangJava, engine.LangGo}

func (mockTargetRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	targets, certain := norm.MockedTargets(c.Text)
	if len(targets) == 0 {
		return recognize.Result{}
	}
	s := itemSentence(c, rc)
	langs := pickLangs(s, rc, mockLangs)
	sc, _ := ruleScope(s, rc, langs)
	qs := map[string]string{}
	var needles []string
	var bad, good, at string
	for _, l := range langs {
		q, b, g := mockTargetQuery(l, targets)
		if q == "" {
			continue
		}
		qs[l] = q
		if at == "" {
			if p, ok := samplePath(sc, l, "mocks_test"); ok {
				at, bad, good = p, b, g
			}
		}
	}
	for _, t := range targets {
		if n := mockNeedle(t); n != "" {
			needles = append(needles, n)
		}
	}
	if len(qs) == 0 || at == "" {
		return recognize.Result{Unenforced: fmt.Sprintf("bans mocking %s, in no language whose mocks heed reads", backtickList(strings.Join(targets, ", ")))}
	}
	sev := s.severity()
	if !certain {
		// "unless testing logging behavior": which mocks the exception keeps heed
		// cannot tell
		sev = policy.SeverityWarning
	}
	r := policy.Rule{Domain: policy.DomainSource, Kind: KindQuery, Severity: sev, Exact: certain, Scope: sc,
		Params:     marshal(QueryParams{Queries: qs, Needles: needles}),
		Message:    "a mock of " + backtickList(strings.Join(targets, ", ")),
		Suggestion: "use the real thing, or the way the rule names",
		Cases: []policy.Case{
			{Expect: policy.ExpectViolated, Path: at, Code: bad, Note: "a mock of what the rule names"},
			{Expect: policy.ExpectSatisfied, Path: at, Code: good, Note: "a mock of something else"},
		}}
	return recognize.Result{Rules: []policy.Rule{r}}
}

// mockTypeName is the type a target names, for the languages that mock types:
// `ILogger<T>` is ILogger, `java.time.Clock` Clock; "" for a path or a name no type
// has (`$api`, a JavaScript name).
func mockTypeName(t string) string {
	if n := mockNeedle(t); modulePrefix(t) == "" && typeNameRE.MatchString(n) {
		return n
	}
	return ""
}

// typeNameRE is a name a type of the languages that mock types can have.
var typeNameRE = lazyre.New(`^[A-Za-z_][A-Za-z0-9_]*$`)

// modulePrefix is the module path a target names by a path or a glob (`@/lib/*`,
// `./api`), "" for a name.
func modulePrefix(t string) string {
	if !strings.ContainsAny(t, "/") {
		return ""
	}
	return strings.TrimSuffix(strings.TrimSuffix(t, "**"), "*")
}

// mockNeedle is text every mock of the target holds.
func mockNeedle(t string) string {
	if p := modulePrefix(t); p != "" {
		return p
	}
	t = strings.TrimSuffix(strings.TrimSpace(t), "()")
	if i := strings.IndexAny(t, "<(["); i >= 0 {
		t = t[:i]
	}
	if i := strings.LastIndexByte(t, '.'); i >= 0 {
		t = t[i+1:]
	}
	return t
}

// mockTargetQuery is a language's query for the mocks of the targets, with a sample
// that mocks the first and one that mocks something else; "" where the language's
// mocks name no target of these.
func mockTargetQuery(l string, targets []string) (q, bad, good string) {
	var names, paths, types []string
	for _, t := range targets {
		if p := modulePrefix(t); p != "" {
			paths = append(paths, regexp.QuoteMeta(p))
			continue
		}
		if n := mockNeedle(t); identRE.MatchString(n) {
			names = append(names, regexp.QuoteMeta(strings.TrimSuffix(strings.TrimSpace(t), "()")))
		}
		if ty := mockTypeName(t); ty != "" {
			types = append(types, ty)
		}
	}
	switch l {
	case engine.LangTypeScript, engine.LangTSX, engine.LangJavaScript:
		var alts []string
		if len(names) > 0 {
			alts = append(alts, `(?:^|[^\w$.])(?:`+strings.Join(names, "|")+`)(?:[^\w$]|$)`)
		}
		if len(paths) > 0 {
			alts = append(alts, "^\\(\\s*[\"'`](?:"+strings.Join(paths, "|")+")")
		}
		if len(alts) == 0 {
			return "", "", ""
		}
		q = fmt.Sprintf(`((call_expression function: (member_expression object: (identifier) @o property: (property_identifier) @p) arguments: (arguments) @args) @match (#any-of? @o "vi" "jest") (#any-of? @p "mock" "doMock" "unstable_mockModule" "spyOn" "stubGlobal" "mocked") (#match? @args %q))`, strings.Join(alts, "|"))
		if len(paths) > 0 && len(names) == 0 {
			p := strings.TrimSuffix(modulePrefix(targets[0]), "/")
			return q, "jest.mock(\"" + p + "/db\");\n", "jest.mock(\"other-package\");\n"
		}
		n := mockNeedle(targets[0])
		return q, "vi.mock(\"./client\", () => ({ " + n + ": {} }));\n", "vi.mock(\"./other\", () => ({ other: {} }));\nconst f = vi.fn();\n"
	case engine.LangPython:
		if len(names) == 0 {
			return "", "", ""
		}
		re := `^["'](?:[\w.]*\.)?(?:` + strings.Join(names, "|") + `)(?:\.[\w.]*)?["']$`
		obj := `^(?:[\w.]*\.)?(?:` + strings.Join(names, "|") + `)$`
		q = fmt.Sprintf(`((call function: [(identifier) (attribute)] @f arguments: (argument_list . (string) @a)) @match (#match? @f "(?:^|\\.)patch$") (#match? @a %q))
((call function: (attribute) @f arguments: (argument_list . [(identifier) (attribute)] @a)) @match (#match? @f "(?:^|\\.)patch\\.object$") (#match? @a %q))`, re, obj)
		n := mockNeedle(targets[0])
		return q, "from unittest.mock import patch\n\n\n@patch(\"app." + n + "\")\ndef test_a(m):\n    pass\n", "from unittest.mock import patch\n\n\n@patch(\"app.other\")\ndef test_a(m):\n    pass\n"
	case engine.LangCSharp:
		if len(types) == 0 {
			return "", "", ""
		}
		q = fmt.Sprintf(`((generic_name (identifier) @g (type_argument_list . [(identifier) (generic_name) (qualified_name)] @t)) @match (#any-of? @g "Mock" "For" "Fake" "Of") (#match? @t %q))`, `^(?:[\w.]*\.)?(?:`+strings.Join(types, "|")+`)(?:<|$)`)
		return q, "class ATests {\n    Mock<" + types[0] + "> m = new Mock<" + types[0] + ">();\n}\n", "class ATests {\n    Mock<IOther> m = new Mock<IOther>();\n}\n"
	case engine.LangJava:
		if len(types) == 0 {
			return "", "", ""
		}
		q = fmt.Sprintf(`((method_invocation name: (identifier) @n arguments: (argument_list . (class_literal [(type_identifier) (scoped_type_identifier)] @t))) @match (#any-of? @n "mock" "spy") (#match? @t %q))
((field_declaration (modifiers [(marker_annotation name: (identifier) @a) (annotation name: (identifier) @a)]) type: [(type_identifier) (scoped_type_identifier) (generic_type)] @t) @match (#any-of? @a "Mock" "Spy" "MockBean" "SpyBean" "MockitoBean") (#match? @t %q))`,
			`^(?:[\w.]*\.)?(?:`+strings.Join(types, "|")+`)$`, `^(?:[\w.]*\.)?(?:`+strings.Join(types, "|")+`)(?:<|$)`)
		return q, "class ATest {\n  " + types[0] + " t = mock(" + types[0] + ".class);\n}\n", "class ATest {\n  Other o = mock(Other.class);\n}\n"
	case engine.LangGo:
		if len(types) == 0 {
			return "", "", ""
		}
		var mocks []string
		for _, t := range types {
			mocks = append(mocks, "NewMock"+strings.ToUpper(t[:1])+t[1:])
		}
		slices.Sort(mocks)
		q = fmt.Sprintf(`((call_expression function: [(identifier) @f (selector_expression field: (field_identifier) @f)]) @match (#any-of? @f %s))`, quoteAll(mocks))
		return q, "package a\n\nfunc TestA(t *testing.T) {\n\t_ = " + mocks[0] + "(ctrl)\n}\n", "package a\n\nfunc TestA(t *testing.T) {\n\t_ = NewMockOther(ctrl)\n}\n"
	}
	return "", "", ""
}
