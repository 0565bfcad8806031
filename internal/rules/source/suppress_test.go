package source

import (
	"fmt"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// banRule compiles one ban sentence for a language into its single rule.
func banRule(t *testing.T, text, language string) *policy.Rule {
	t.Helper()
	c := &policy.Constraint{ID: "b", Text: text, Level: policy.Must, File: "AGENTS.md", Line: 3, Format: "agents"}
	res := bannedRecognizer{}.Recognize(c, &recognize.RepoContext{Languages: []string{language}})
	if len(res.Rules) != 1 {
		t.Fatalf("%q: %d rules (%s), want 1", text, len(res.Rules), res.Unenforced)
	}
	r := res.Rules[0]
	r.ID = "b"
	return &r
}

func findingLines(fs []engine.Finding) string {
	var got []string
	for _, f := range fs {
		got = append(got, fmt.Sprintf("%d", f.Line))
	}
	return strings.Join(got, " ")
}

// A project that bans a call with its own linter marks the sites it allows with that
// linter's suppression comment; heed's rule of the same ban leaves them alone even
// when the sentence does not name the linter (kopia marks its clock's own time.Now
// //nolint:forbidigo, fresh-eval-6 findings.tsv). A comment that silences another
// rule decides nothing about this one.
func TestBansHonourTheProjectsSuppressionComments(t *testing.T) {
	for _, tc := range []struct {
		name, sentence, language, path, src, want string
	}{
		{"go forbidigo, bare nolint, other linter", "Use `clock.Now()` instead of `time.Now()`.", engine.LangGo, "p/clock.go",
			"package p\n\nimport \"time\"\n\n" +
				"func a() time.Time {\n\treturn time.Now() //nolint:forbidigo\n}\n\n" + // 6: the ban linter
				"func b() time.Time {\n\treturn time.Now() //nolint\n}\n\n" + // 10: every linter
				"func c() time.Time {\n\treturn time.Now() //nolint:errcheck\n}\n\n" + // 14: another linter
				"func d() time.Time {\n\treturn time.Now()\n}\n", // 18
			"14 18"},
		{"eslint next-line, line, block", "Never use `console.log`; use the logger instead.", engine.LangTypeScript, "src/log.ts",
			"// eslint-disable-next-line no-console\n" +
				"console.log('a');\n" + // 2: no-console names the call
				"console.log('b'); // eslint-disable-line no-restricted-syntax\n" + // 3: a ban rule
				"// eslint-disable-next-line @typescript-eslint/no-unused-vars\n" +
				"console.log('c');\n" + // 5: another rule
				"console.log('d');\n" + // 6
				"/* eslint-disable no-console */\n" +
				"console.log('e');\n" + // 8: in the disabled block
				"/* eslint-enable no-console */\n" +
				"console.log('f');\n", // 10
			"5 6 10"},
		{"python noqa", "Do not use `print()` for output; use the `logging` module.", engine.LangPython, "pkg/cli.py",
			"def main():\n" +
				"    print('a')  # noqa: T201\n" + // 2: the print code
				"    print('b')  # noqa\n" + // 3: every code
				"    print('c')  # noqa: E501\n" + // 4: the line length
				"    print('d')\n", // 5
			"4 5"},
		{"java SuppressWarnings", "Do not use `System.out.println`; log through SLF4J.", engine.LangJava, "src/main/java/a/Tool.java",
			"package a;\n\nclass Tool {\n" +
				"    @SuppressWarnings(\"PMD.SystemPrintln\")\n" +
				"    void a() {\n        System.out.println(\"a\");\n    }\n\n" + // 6: the method is marked
				"    @SuppressWarnings(\"unchecked\")\n" +
				"    void b() {\n        System.out.println(\"b\");\n    }\n}\n", // 11: another warning
			"11"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := banRule(t, tc.sentence, tc.language)
			fs, _ := runFiles(t, []*policy.Rule{r}, map[string]string{tc.path: tc.src})
			if got := findingLines(fs); got != tc.want {
				t.Errorf("findings on lines %q, want %q", got, tc.want)
			}
		})
	}
}

func TestLintRuleCovers(t *testing.T) {
	for _, tc := range []struct {
		name, matched string
		want          bool
	}{
		{"forbidigo", "time.Now", true},
		{"no-console", "console.log", true},
		{"@typescript-eslint/no-explicit-any", "any", true},
		{"clippy::unwrap_used", "unwrap", true},
		{"clippy::print_stdout", "println", true},
		{"clippy::disallowed_methods", "Instant::now", true},
		{"lint/suspicious/noConsole", "console.error", true},
		{"T201", "print", true},
		{"T201", "eval", false},
		{"errcheck", "time.Now", false},
		{"E501", "print", false},
		{"@typescript-eslint/no-unused-vars", "var", false},
		{"gosec", "os.Getenv", false},
		{"deprecation", "System.out.println", false},
	} {
		if got := lintRuleCovers(tc.name, tc.matched, nil); got != tc.want {
			t.Errorf("lintRuleCovers(%q, %q) = %v, want %v", tc.name, tc.matched, got, tc.want)
		}
	}
}

// An emoji rule that reaches code, comments and documentation ("where": "any") leaves
// alone the string literals of test files: there the emoji is data the test feeds
// the code (kopia's JSON writer test encodes one, fresh-eval-6 findings.tsv). An
// emoji in a test's comment, or in a string of the code that ships, is still found.
func TestAnyWhereRulesLeaveTestFilesStringData(t *testing.T) {
	r := &policy.Rule{ID: "e", Kind: KindPattern, Params: mustParams(t, PatternParams{Regex: `[\x{1F300}-\x{1FAFF}]`, Where: "any"})}
	src := "package w\n\n// round-trips 😄 faces\nfunc TestFace(t *testing.T) {\n\tcheck(t, \"😄\")\n}\n"
	fs, _ := runFiles(t, []*policy.Rule{r}, map[string]string{"w/writer_test.go": src, "w/writer.go": "package w\n\nconst smile = \"😄\"\n"})
	var got []string
	for _, f := range fs {
		got = append(got, fmt.Sprintf("%s:%d", f.Path, f.Line))
	}
	if strings.Join(got, " ") != "w/writer.go:3 w/writer_test.go:3" {
		t.Errorf("findings %v, want the shipped string and the test's comment", got)
	}
}
