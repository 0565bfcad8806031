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
		{"go forbidigo, bare nolint, other linter", "Use `clock.Now()` instead of `time.Now()`.", engine.LangGo, "p/job.go",
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

// The suppressions that may lie anywhere above a site (ESLint's and RuboCop's blocks,
// Rust's and Kotlin's file-wide attributes) are looked for on the lines that can hold
// them, found once per file: judging a site far down a large file neither reads nor
// copies every line above it (a generated TypeScript file of 1.7 MB and 2,000 sites
// took 9 s of CPU when each site read every line above it).
func TestSuppressionsAboveASiteAreFoundWithoutReadingEveryLine(t *testing.T) {
	var b strings.Builder
	b.WriteString("/* eslint-disable no-console */\n")
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&b, "export const v%d = %d;\n", i, i)
	}
	b.WriteString("/* eslint-enable no-console */\n/* eslint-disable no-debugger */\nconsole.log(1);\n")
	src := []byte(b.String())
	li := newLineIndex(src)
	last := len(li) - 1 // the console.log line (the text ends with a newline)
	f := &engine.File{Path: "gen.ts", Lang: engine.LangTypeScript, Content: src}
	marks := newFileMarks(src, li)
	if markedSite(f, li, marks, last, "console.log(1)", nil) {
		t.Fatal("no-console was enabled again above the site")
	}
	if !markedSite(f, li, marks, 3, "console.log(1)", nil) {
		t.Fatal("a site under the first block is allowed by it")
	}
	if allocs := testing.AllocsPerRun(20, func() { markedSite(f, li, marks, last, "console.log(1)", nil) }); allocs > 40 {
		t.Fatalf("judging one site allocated %.0f times: it reads the lines above it", allocs)
	}
	rb := []byte("# rubocop:disable Style/Foo\n" + strings.Repeat("x = 1\n", 20000) + "# rubocop:enable Style/Foo\nputs 1\n")
	rli := newLineIndex(rb)
	rf := &engine.File{Path: "a.rb", Lang: engine.LangRuby, Content: rb}
	rm := newFileMarks(rb, rli)
	style := []string{"style/foo"}
	if markedSite(rf, rli, rm, len(rli)-1, "puts 1", style) || !markedSite(rf, rli, rm, 5, "puts 1", style) {
		t.Fatal("rubocop blocks: enabled again at the end, disabled at the top")
	}
	if allocs := testing.AllocsPerRun(20, func() { markedSite(rf, rli, rm, len(rli)-1, "puts 1", style) }); allocs > 40 {
		t.Fatalf("judging one Ruby site allocated %.0f times", allocs)
	}
	kb := []byte("@file:Suppress(\"MagicNumber\")\npackage a\n" + strings.Repeat("val x = 1\n", 20000) + "val y = 42\n")
	kli := newLineIndex(kb)
	kf := &engine.File{Path: "A.kt", Lang: engine.LangKotlin, Content: kb}
	km := newFileMarks(kb, kli)
	if !markedSite(kf, kli, km, len(kli)-1, "42", []string{"magicnumber"}) {
		t.Fatal("a file-wide @file:Suppress covers the site")
	}
	if allocs := testing.AllocsPerRun(20, func() { markedSite(kf, kli, km, len(kli)-2, "1", []string{"x"}) }); allocs > 60 {
		t.Fatalf("judging one Kotlin site allocated %.0f times", allocs)
	}
}

func TestFileMarksLines(t *testing.T) {
	src := []byte("a eslint- b eslint-\nnone\n\neslint-\nend eslint-")
	m := newFileMarks(src, newLineIndex(src))
	if got := fmt.Sprint(m.with("eslint-")); got != "[1 4 5]" {
		t.Fatalf("lines with the needle: %s", got)
	}
	if got := fmt.Sprint(m.above("eslint-", 4)); got != "[1]" {
		t.Fatalf("above line 4: %s", got)
	}
	if got := fmt.Sprint(m.with("absent")); got != "[]" {
		t.Fatalf("absent needle: %s", got)
	}
}
