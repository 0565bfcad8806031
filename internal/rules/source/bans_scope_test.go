package source

import (
	"slices"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A list's lead-in that names a folder places its items' bans there ("- In
// `services/api/`:" over "  - never call `log.Fatal`"); a lead-in naming no folder,
// or a table's header, places nothing.
func TestALeadInPlacesItsItemsBans(t *testing.T) {
	for _, c := range []struct {
		lead string
		want []string
	}{
		{"In `services/api/`:", []string{"services/api/**"}},
		{"**Under `src/server/`:**", []string{"src/server/**"}},
		{"Rules:", nil},
		{"Don't | Do instead", nil},
	} {
		parent := policy.Constraint{ID: "p", Text: c.lead, File: "AGENTS.md", Line: 1, Level: policy.Must}
		item := policy.Constraint{ID: "i", Text: "never call `log.Fatal`; return the error", Context: c.lead, File: "AGENTS.md", Line: 2, Level: policy.Must}
		rc := &recognize.RepoContext{Languages: []string{"go"}, Constraints: []policy.Constraint{parent, item}}
		rs := recognizeAll(&item, rc)
		if len(rs) != 1 {
			t.Fatalf("%q: %d rules", c.lead, len(rs))
		}
		if !slices.Equal(rs[0].Scope.Globs, c.want) {
			t.Errorf("%q: globs %v, want %v", c.lead, rs[0].Scope.Globs, c.want)
		}
	}
}

// The home of the replacement, named in the clause the extractor split from the same
// item, is left out of the ban: it must use what it wraps.
func TestTheReplacementsHomeInTheSameItemIsLeftOut(t *testing.T) {
	ban := policy.Constraint{ID: "a", Text: "Don't call `JSON.parse` directly in `src/server/`", File: "AGENTS.md", Line: 3, Level: policy.Must}
	use := policy.Constraint{ID: "b", Text: "use `safeJson()` from `src/server/json.ts`.", File: "AGENTS.md", Line: 3, Level: policy.Must}
	next := policy.Constraint{ID: "c", Text: "Read `docs/json.md` from `src/server/notes.ts` first.", File: "AGENTS.md", Line: 4, Level: policy.Must}
	rc := &recognize.RepoContext{Languages: []string{"typescript"}, Constraints: []policy.Constraint{ban, use, next}}
	rs := recognizeAll(&ban, rc)
	if len(rs) != 1 {
		t.Fatalf("%d rules", len(rs))
	}
	if !slices.Contains(rs[0].Scope.Exclude, "src/server/json.ts") || slices.Contains(rs[0].Scope.Exclude, "src/server/notes.ts") {
		t.Errorf("exclude %v: want src/server/json.ts only", rs[0].Scope.Exclude)
	}
}

// "where you can" hedges a preference; it names no place heed cannot locate.
func TestWhereYouCanIsAHedgeNotAPlace(t *testing.T) {
	c := &policy.Constraint{ID: "a", Text: "Prefer `pathlib.Path` over `os.path` where you can.", File: "AGENTS.md", Line: 1, Level: policy.Must}
	rs := recognizeAll(c, &recognize.RepoContext{Languages: []string{"python"}})
	if len(rs) != 1 || rs[0].Severity != policy.SeverityWarning {
		t.Fatalf("rules %+v: want one warning", rs)
	}
}

// A member of a well-known global or module written without backticks is code; a file
// name, a span already written and a word that only looks dotted are left as they are.
func TestPlainCallsAreSpans(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"NO console.log/warn/error in production code", "NO `console.log`, `console.warn`, `console.error` in production code"},
		{"Never use System.out.println; use SLF4J.", "Never use `System.out.println`; use SLF4J."},
		{"avoid subprocess.call() in tests", "avoid `subprocess.call()` in tests"},
		{"see process.md and `console.log`", "see process.md and `console.log`"},
		{"the console is fine", "the console is fine"},
	} {
		if got := spanPlainCalls(c.in); got != c.want {
			t.Errorf("%q: %q, want %q", c.in, got, c.want)
		}
	}
}

// Three readings of public batch 1 and own sentences 53: a print function in a span is
// a call of the languages it belongs to; a sentence that opens with "For logging," bans
// a logging API wherever it is used; a leading "in the library crates (`crates/`),"
// places the ban in that folder rather than making it situational.
func TestBansOfPrintFunctionsLoggingAPIsAndLeadingFolders(t *testing.T) {
	for _, c := range []struct {
		text  string
		langs []string
		want  string // a part of the one rule's description, "" for none
		glob  string
	}{
		{"Use Timber for logging, never `println`.", []string{"kotlin"}, "println", ""},
		{"Use `logger.info` instead of `print`.", []string{"go"}, "", ""},
		{"For logging, use `@Slf4j` instead of `LoggerFactory.getLogger`.", []string{"java"}, "LoggerFactory", ""},
		{"For performance, use `StringBuilder` instead of `String.concat`.", []string{"java"}, "", ""},
		{"In the library crates (`crates/`), never `println!`; use `tracing` instead.", []string{"rust"}, "println", "crates/**"},
	} {
		con := &policy.Constraint{ID: "a", Text: c.text, File: "AGENTS.md", Line: 1, Level: policy.Must}
		rs := recognizeAll(con, &recognize.RepoContext{Languages: c.langs})
		if c.want == "" {
			if len(rs) != 0 {
				t.Errorf("%q: %d rules, want none", c.text, len(rs))
			}
			continue
		}
		if len(rs) != 1 || !strings.Contains(string(rs[0].Params), c.want) {
			t.Errorf("%q: rules %v, want one of %s", c.text, rs, c.want)
			continue
		}
		if c.glob != "" && !slices.Contains(rs[0].Scope.Globs, c.glob) {
			t.Errorf("%q: globs %v, want %s", c.text, rs[0].Scope.Globs, c.glob)
		}
	}
}

// A ban stated as the default case of its item ("**Default:** rely on language packs.
// Do **not** call `load_plugin_textdomain()`.") warns, for the next item's opt-in may
// lift it; "do not call it unconditionally" bans a call heed cannot tell from a
// guarded one (wild round 23, fair-event-plugins: a false block).
func TestDefaultCaseBansWarn(t *testing.T) {
	severity := func(cs []policy.Constraint, i int) string {
		rc := &recognize.RepoContext{Languages: []string{"php"}, Constraints: cs}
		got := ""
		for _, r := range recognizeAll(&rc.Constraints[i], rc) {
			if strings.Contains(string(r.Params), "load_plugin_textdomain") {
				got = r.Severity
			}
		}
		return got
	}
	label := policy.Constraint{ID: "a", Text: "Default: rely on WordPress.org language packs.", File: "AGENTS.md", Line: 7, Level: policy.Must}
	ban := policy.Constraint{ID: "b", Text: "Do not call `load_plugin_textdomain()`.", File: "AGENTS.md", Line: 7, Level: policy.Must}
	if got := severity([]policy.Constraint{label, ban}, 1); got != policy.SeverityWarning {
		t.Errorf("the default case's ban: %q, want a warning", got)
	}
	alone := ban
	alone.Line = 9
	if got := severity([]policy.Constraint{label, alone}, 1); got != policy.SeverityError {
		t.Errorf("a ban of its own: %q, want an error", got)
	}
	unconditional := policy.Constraint{ID: "c", Text: "Default behaviour: rely on the language pack — do not call `load_plugin_textdomain()` unconditionally.", File: "AGENTS.md", Line: 3, Level: policy.Must}
	if got := severity([]policy.Constraint{unconditional}, 0); got != "" {
		t.Errorf("an unconditional call's ban: %q, want no rule", got)
	}
}

// A ban of reading `IConfiguration` leaves out the composition root, where the options
// are bound from it (wild round 19, learn-ai: a feature's IServiceCollection extension).
func TestConfigurationBanLeavesTheCompositionRoot(t *testing.T) {
	rules := rulesOf(t, "Use `IOptions<T>` for configuration — NOT raw `IConfiguration` reads scattered through code", "c", "csharp")
	found := false
	for _, r := range rules {
		if !strings.Contains(string(r.Params), "IConfiguration") {
			continue
		}
		found = true
		for _, p := range []string{"src/Api/Program.cs", "src/Jobs/IvRecorderRegistration.cs"} {
			if r.Scope.Covers(p) {
				t.Errorf("%s is in the ban's scope", p)
			}
		}
		if !r.Scope.Covers("src/Api/Services/Quotes.cs") {
			t.Error("a service is out of the ban's scope")
		}
	}
	if !found {
		t.Error("no ban of IConfiguration")
	}
}

// TestMarkingWithAnAttributeBansIt: "must not be marked `#[ignore]`", "don't annotate
// X with `@Y`" ban the attribute; a span marked that is no attribute bans nothing.
// "never by reading `sys.argv`" bans the span the gerund names.
func TestMarkingWithAnAttributeBansIt(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Tests must not be marked `#[ignore]`: fix them or delete them.", "#[ignore]"},
		{"Do not mark tests with `#[ignore]`.", "#[ignore]"},
		{"Never annotate entities with `@Data`.", "@Data"},
		{"Don't decorate new tests as `@pytest.mark.skip`.", "@pytest.mark.skip"},
		{"Do not mark the release as `latest`.", ""},
		{"Scripts parse arguments with `argparse`, never by reading `sys.argv` directly.", "sys.argv"},
	} {
		if got := lastBanned(c.text); got != c.want {
			t.Errorf("%q: banned %q, want %q", c.text, got, c.want)
		}
	}
}

// TestAPartOfAModuleAndTheWayRound: "Don't use `@repo/supabase`'s default export on
// web (...); use `@supabase/ssr` directly ..." (aurickwilliam/apt-rental-platform
// AGENTS.md:324, wild round 26) bans neither the module (a part of it is named) nor
// writing default exports, and its second sentence, under a "Don'ts" heading, is the
// way round the ban, no ban of `@supabase/ssr`.
func TestAPartOfAModuleAndTheWayRound(t *testing.T) {
	if got := lastBanned("Don't use `@repo/supabase`'s default export on web (it's mobile-oriented)"); got != "" {
		t.Errorf("banned %q", got)
	}
	if got := lastBanned("Don't use `lodash` on web."); got != "lodash" {
		t.Errorf("a plain ban: banned %q", got)
	}
	first := policy.Constraint{ID: "a", Text: "Don't use `@repo/supabase`'s default export on web (it's mobile-oriented)", Level: policy.Must, File: "AGENTS.md", Line: 5, HeaderPath: []string{"Don'ts"}}
	second := policy.Constraint{ID: "b", Text: "use `@supabase/ssr` directly or `@repo/supabase/server` / `@repo/supabase/browser`.", Level: policy.Must, File: "AGENTS.md", Line: 5, HeaderPath: []string{"Don'ts"}}
	rc := &recognize.RepoContext{Languages: []string{"typescript"}, Constraints: []policy.Constraint{first, second}}
	for _, c := range []policy.Constraint{first, second} {
		for _, r := range recognizeAll(&c, rc) {
			t.Errorf("%q: a rule %s", c.Text, r.Message)
		}
	}
}

// A ban under a heading about writing e2e tests holds in the e2e folders; one under
// "Testing > Coverage" is about all the code (wild round 37; the corpus's
// python-sdk Coverage section).
func TestBanUnderWritingTestsHeading(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"python"}, Dirs: []string{"app", "tests", "tests/e2e", "tests/unit"}}
	for _, c := range []struct {
		heads []string
		want  string
	}{
		{[]string{"Testing", "Writing e2e tests", "The rules"}, "tests/e2e/**"},
		{[]string{"Testing", "Coverage"}, ""},
	} {
		con := &policy.Constraint{ID: "a", Text: "No `time.sleep(...)`.", HeaderPath: c.heads, Level: policy.Must, File: "AGENTS.md", Line: 5}
		res := bannedRecognizer{}.Recognize(con, rc)
		if len(res.Rules) == 0 {
			t.Fatalf("%v: no rule (%s)", c.heads, res.Unenforced)
		}
		if got := strings.Join(res.Rules[0].Scope.Globs, ","); got != c.want {
			t.Errorf("%v: globs %q, want %q", c.heads, got, c.want)
		}
	}
}
