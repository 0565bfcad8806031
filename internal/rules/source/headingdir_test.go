package source

import (
	"slices"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A heading word names a folder of the repository, unless it names a library the
// repository depends on: "Prisma Query Patterns" is about the library even where a
// `prisma/` folder holds its schema.
func TestHeadingDirLibraryIsTopic(t *testing.T) {
	c := &policy.Constraint{Text: "Never call `findUnique` in a loop.", Level: policy.Must,
		HeaderPath: []string{"Webapp", "Prisma Query Patterns"}}
	rc := &recognize.RepoContext{Dirs: []string{"prisma", "src"}}
	if got := headingDir(newSentence(c), rc); got != "prisma" {
		t.Fatalf("without the package: %q, want prisma", got)
	}
	rc.Packages = []recognize.Package{{Name: "@prisma/client", Ecosystem: "npm"}}
	if got := headingDir(newSentence(c), rc); got != "" {
		t.Fatalf("with @prisma/client declared: %q, want no folder", got)
	}
}

// A heading about the application's code leaves its tests out: "Use Timber for logging,
// never `println`" under "Android App Code Guidelines" flagged the prints of
// integration tests (round 9, where).
func TestAppCodeHeadingLeavesTestsOut(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"kotlin"}}
	c := &policy.Constraint{Text: "Use Timber for logging, never `println` or `Log.*`", Level: policy.Must, File: "CLAUDE.md", Format: "claude",
		HeaderPath: []string{"CLAUDE.md", "Android App Code Guidelines"}}
	rules := recognizeAll(c, rc)
	if len(rules) == 0 {
		t.Fatal("no rule")
	}
	for _, r := range rules {
		if !slices.Contains(r.Scope.Exclude, "**/src/test/**") && !slices.ContainsFunc(r.Scope.Exclude, func(g string) bool { return strings.Contains(g, "test") }) {
			t.Errorf("%s: tests not left out: %v", describe(r), r.Scope.Exclude)
		}
	}
	// A print ban about logging leaves the tests out under any heading: a test's
	// prints are its output, not the program's logs (round 38, streamlib, whose CI
	// denies println! in the library crates and not in their tests).
	c.HeaderPath = []string{"CLAUDE.md", "Logging"}
	for _, r := range recognizeAll(c, rc) {
		if !slices.ContainsFunc(r.Scope.Exclude, func(g string) bool { return strings.Contains(g, "test") }) {
			t.Errorf("under a plain heading: %s keeps the tests: %v", describe(r), r.Scope.Exclude)
		}
	}
	// A print ban that says nothing of logging keeps them.
	c.Text, c.HeaderPath = "Never call `println`.", []string{"CLAUDE.md", "Style"}
	for _, r := range recognizeAll(c, rc) {
		if slices.ContainsFunc(r.Scope.Exclude, func(g string) bool { return strings.Contains(g, "test") }) {
			t.Errorf("a bare print ban: %s leaves out tests: %v", describe(r), r.Scope.Exclude)
		}
	}
}

// A print ban about logging spares the project's own logging layer, by its files'
// names (round 9, where: an iOS Logger.kt prints where Timber is not available).
func TestLoggingPrintBanSparesTheLogger(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"kotlin"}}
	c := &policy.Constraint{Text: "Use Timber for logging, never `println`.", Level: policy.Must, File: "CLAUDE.md", Format: "claude"}
	rules := recognizeAll(c, rc)
	if len(rules) == 0 {
		t.Fatal("no rule")
	}
	for _, r := range rules {
		if !slices.Contains(r.Scope.Exclude, "**/*Logger.*") {
			t.Errorf("%s: the logger's files not left out: %v", describe(r), r.Scope.Exclude)
		}
		if !r.Scope.Covers("app/src/main/kotlin/Main.kt") || r.Scope.Covers("shared/src/iosMain/kotlin/util/Logger.kt") {
			t.Errorf("%s: scope %v", describe(r), r.Scope)
		}
	}
}
