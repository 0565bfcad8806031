package source

import (
	"regexp"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A site whose comment names the banned form and the prescribed one ("Using #[allow]
// instead of #[expect] because ...") is a deviation the project documented there
// (wild round 19, tasker-core-rs: three such sites were reported as errors); a site
// with another comment, or none, is still reported.
func TestDocumentedDeviationIsNotReported(t *testing.T) {
	rules := rulesOf(t, "Use `#[expect(lint_name, reason = \"...\")]` instead of `#[allow]`.", "allow", "rust")
	if len(rules) == 0 {
		t.Fatal("no rule: the test judges nothing")
	}
	code := "// Note: Using #[allow(dead_code)] instead of #[expect] because test targets differ.\n#[allow(dead_code)]\nfn a() {}\n\n" +
		"/// Reserved for later.\n// Note: Using #[allow] instead of #[expect] due to lib and test targets.\n#[derive(Clone)]\n#[allow(dead_code)]\nstruct B;\n\n" +
		"// a helper kept for the benchmarks\n#[allow(dead_code)]\nfn c() {}\n\n" +
		"#[allow(unused)]\nfn d() {}\n"
	fs, _ := runFiles(t, rules, map[string]string{"src/lib.rs": code})
	var lines []int
	for _, f := range fs {
		lines = append(lines, f.Line)
	}
	if len(lines) != 2 || lines[0] != 12 || lines[1] != 15 {
		t.Errorf("findings on lines %v, want 12 and 15 (the sites whose comment gives no reason against the rule)", lines)
	}
}

func TestDeviationDocumented(t *testing.T) {
	src := []byte("// Using panic here instead of errors.New: the caller cannot recover\npanic(\"x\")\n// panics on internal errors\npanic(\"y\")\n")
	li := newLineIndex(src)
	if !deviationDocumented(src, li, 2, "panic(\"x\")", []string{"errors.New"}) {
		t.Error("a comment naming the ban and the alternative does not excuse the site")
	}
	if deviationDocumented(src, li, 4, "panic(\"y\")", []string{"errors.New"}) {
		t.Error("a comment that names the alternative's words loosely excused the site")
	}
}

// The file of the wrapper a ban prescribes uses what it wraps: it is not judged
// (batch 632; wild round 19, myplanet: `DefaultDispatcherProvider` and its test were
// flagged under "Never hardcode `Dispatchers.IO`").
func TestWrapperFile(t *testing.T) {
	for _, c := range []struct {
		alts []string
		path string
		code string
		want bool
	}{
		{[]string{"apiClient"}, "src/lib/apiClient.ts", "export const apiClient = {};\n", true},
		{[]string{"httpx"}, "internal/httpx/client.go", "package httpx\n", true},
		{[]string{"HttpClient"}, "app/services/http_client.rb", "class HttpClient\nend\n", true},
		{[]string{"Clock"}, "src/main/java/a/SystemClock.java", "class SystemClock implements Clock {}\n", true},
		{[]string{"DispatcherProvider"}, "app/src/test/DefaultDispatcherProviderTest.kt", "class DefaultDispatcherProviderTest\n", true},
		{[]string{"config::Settings"}, "src/config.rs", "pub struct Settings;\n", true},
		{[]string{"mypkg.log.get_logger()"}, "mypkg/log.py", "def get_logger(): pass\n", true},
		// a module-level logger is the library's, not a wrapper; a member is no
		// wrapper of its own; the top package holds all the code
		{[]string{"logger"}, "app/jobs.py", "logger = logging.getLogger(__name__)\n", false},
		{[]string{"datetime.now()"}, "app/clock.py", "def now():\n    pass\n", false},
		{[]string{"subprocess.run"}, "app/shell.py", "def run(cmd):\n    pass\n", false},
		{[]string{"settings", "app.settings"}, "app/jobs.py", "import os\n", false},
		{[]string{"settings", "app.settings"}, "app/settings.py", "import os\n", true},
		{[]string{"mypkg.log.get_logger()"}, "mypkg/io.py", "log = 1\n", false},
	} {
		files, declared := alternativeNames(c.alts)
		c2 := &queryCheck{alts: c.alts, wrapperNames: files}
		c2.wrapperDecl = func() *regexp.Regexp { return wrapperShape(declared) }
		if got := c2.wrapperFile(&engine.File{Path: c.path, Content: []byte(c.code)}); got != c.want {
			t.Errorf("%v in %s: wrapper %v, want %v", c.alts, c.path, got, c.want)
		}
	}
}

// A ban of reading the environment directly leaves unsaid where the program reads it
// (its bootstrap, its configuration): it warns, unless the sentence names the one
// place ("outside `src/env.ts`").
func TestEnvironmentReadBansWarnUnlessPlaced(t *testing.T) {
	for text, want := range map[string]string{
		"Application code must not read `process.env` directly; use `env` from `src/env.ts`.": policy.SeverityWarning,
		"Never read `process.env` outside `src/env.ts`.":                                      policy.SeverityError,
	} {
		rules := recognizeAll(&policy.Constraint{ID: "x", Text: text, File: "AGENTS.md", Line: 1, Level: policy.Must}, &recognize.RepoContext{Languages: []string{"typescript"}})
		if len(rules) == 0 || rules[0].Severity != want {
			t.Errorf("%q: %d rules, want one %s", text, len(rules), want)
		}
	}
}

// A ban whose way round is an injected seam holds in the production code: tests
// substitute the seam, or check the real thing (wild round 19, myplanet).
func TestInjectedAlternativeLeavesTestsOut(t *testing.T) {
	rules := rulesOf(t, "Don't hardcode `Dispatchers.IO`. Inject `DispatcherProvider` so tests can substitute deterministic dispatchers.", "io", "kotlin")
	if len(rules) == 0 {
		t.Fatal("no rule: the test judges nothing")
	}
	code := "package a\n\nimport kotlinx.coroutines.Dispatchers\n\nval d = Dispatchers.IO\n"
	fs, _ := runFiles(t, rules, map[string]string{"src/main/kotlin/a/Repo.kt": code, "src/test/kotlin/a/RepoTest.kt": code})
	if len(fs) != 1 || fs[0].Path != "src/main/kotlin/a/Repo.kt" {
		var got []string
		for _, f := range fs {
			got = append(got, f.Path)
		}
		t.Errorf("findings in %v, want only the production file", got)
	}
}

// "forbidden" before a noun phrase says which of its kind are forbidden ("Physical
// Android devices are forbidden test and deployment targets"): no word of it is a
// banned package (wild round 20, logdate-mobile: every `androidx.test` import warned).
func TestAttributiveForbiddenBansNoName(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"kotlin"}, Packages: []recognize.Package{{Name: "androidx.test:core", Ecosystem: "maven"}}}
	con := &policy.Constraint{File: "AGENTS.md", Line: 3, Text: "Physical Android devices are forbidden test and deployment targets for agent-driven work.", Level: policy.Must}
	if bans := itemSentence(con, rc).nameBans(); len(bans) != 0 {
		t.Errorf("banned %+v", bans)
	}
	con.Text = "Never use test in this repository."
	if bans := itemSentence(con, rc).nameBans(); len(bans) != 1 || bans[0].span != "test" {
		t.Errorf("a ban of the name banned %+v, want test: the test judges nothing", bans)
	}
}

// An exception that names a construct ("except for programmer errors in `init`") bans
// nothing of it, and a catalogue ban it excepts from, which the entry knows nothing
// of, warns (batch 634 n8); an exception the entry handles ("except `as const`") does
// not weaken it.
func TestExceptionsOfConstructs(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"go"}}
	rules := recognizeAll(&policy.Constraint{ID: "x", Text: "Never `panic` except for programmer errors in `init`.", File: "AGENTS.md", Line: 1, Level: policy.Must}, rc)
	if len(rules) != 1 || rules[0].Severity != policy.SeverityWarning || !strings.Contains(string(rules[0].Params), "go-panic") {
		var got []string
		for _, r := range rules {
			got = append(got, r.Severity+" "+string(r.Params))
		}
		t.Errorf("got %v, want one go-panic warning", got)
	}
	ts := &recognize.RepoContext{Languages: []string{"typescript"}}
	rules = recognizeAll(&policy.Constraint{ID: "y", Text: "Don't use `as` casts, except `as const`.", File: "AGENTS.md", Line: 1, Level: policy.Must}, ts)
	if len(rules) == 0 || rules[0].Severity != policy.SeverityError {
		t.Errorf("the as-cast ban with the exception its entry handles: %d rules, want an error", len(rules))
	}
}

// A script of the project's own prints its result (wild round 19, learn-ai: a check
// script's last line under a `console.log` ban that asks for structured logging).
func TestScriptsArePrograms(t *testing.T) {
	for p, want := range map[string]bool{
		"Frontend/scripts/verify-proxy-control-guard.cjs": true,
		"bin/setup.js":         true,
		"src/app/service.ts":   false,
		"src/scriptsHelper.ts": false,
	} {
		if got := isProgram(&engine.File{Path: p, Lang: engine.LangJavaScript, Content: []byte("const x = 1;\n")}); got != want {
			t.Errorf("%s: program %v, want %v", p, got, want)
		}
	}
}
