package source

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// TestLabelledDemands: a demand for type hints said as a labelled list item ("Type
// Hints: Include comprehensive type annotations", noov's copilot-instructions.md:35 on
// the dev split) reads as the demand it is; a label before a description stays
// unread. Doc-comment demands behind a label stay unread: detekt's AGENTS.md:131
// ("Documented: Include proper KDoc for public APIs and rules") means the public API
// module, which the catalogue's every-public-item query cannot tell (a wrong error
// rule on dev when it was read).
func TestLabelledDemands(t *testing.T) {
	rc := func(langs ...string) *recognize.RepoContext { return &recognize.RepoContext{Languages: langs} }
	for _, c := range []struct {
		text string
		rc   *recognize.RepoContext
		want []string
	}{
		{"Documented: Include proper KDoc for public APIs", rc("kotlin"), nil},
		{"Typing: include complete type hints", rc("python"), []string{"query py-untyped-def [python] exclude=tests"}},
		{"Docs: the README shows public APIs with KDoc samples", rc("kotlin"), nil},
		{"Docstrings include type annotations where they help.", rc("python"), nil},
	} {
		con := &policy.Constraint{ID: "x", Text: c.text, File: "AGENTS.md", Line: 1, Level: policy.Must}
		expectRecognized(t, con, c.rc, c.want)
	}
}

// TestReturnTypeDemands (session 43): return types demanded in PHP and TypeScript, in
// Laravel Boost's words (CodifyTech/cervagelada_back_api AGENTS.md:117) and our own;
// a kind of method ("relationship methods", AGENTS.md:150 there) or a sentence about
// documentation stays unread.
func TestReturnTypeDemands(t *testing.T) {
	rc := func(langs ...string) *recognize.RepoContext { return &recognize.RepoContext{Languages: langs} }
	for _, c := range []struct {
		text string
		rc   *recognize.RepoContext
		want []string
	}{
		{"Always use explicit return type declarations for methods and functions.", rc("php"), []string{"query py-untyped-def [php] exclude=tests"}},
		{"Exported functions should have explicit return types.", rc("typescript"), []string{"query ts-exported-return-type [tsx,typescript]"}},
		{"All public methods must have explicit return type declarations.", rc("php"), []string{"query py-untyped-public-def [php] exclude=tests"}},
		{"Custom hooks must declare explicit return types.", rc("typescript", "tsx"), []string{"query ts-untyped-hook [tsx,typescript] exclude=tests"}},
		{"Always use proper Eloquent relationship methods with return type hints.", rc("php"), nil},
		{"Helper functions should declare explicit return types.", rc("typescript"), nil},
		{"Docstrings must describe the parameters and return types.", rc("python"), nil},
		{"Components may omit explicit return types.", rc("tsx"), nil},
	} {
		con := &policy.Constraint{ID: "x", Text: c.text, File: "AGENTS.md", Line: 1, Level: policy.Must}
		expectRecognized(t, con, c.rc, c.want)
	}
}

// TestPassiveBanOfPhrase (session 43): a construct named in words as the subject of a
// passive ban ("Star imports are not allowed") is banned like "Don't use star
// imports"; a description of the phrase, or a condition, stays unread.
func TestPassiveBanOfPhrase(t *testing.T) {
	rc := func(langs ...string) *recognize.RepoContext { return &recognize.RepoContext{Languages: langs} }
	for _, c := range []struct {
		text string
		rc   *recognize.RepoContext
		want []string
	}{
		{"Star imports are not allowed.", rc("python"), []string{"query wildcard-import [python]"}},
		{"Wildcard imports are forbidden in library code.", rc("python"), []string{"query wildcard-import [python]"}},
		{"If star imports are not allowed, list the names.", rc("python"), nil},
		{"Tests for star imports are not allowed to be skipped.", rc("python"), nil},
	} {
		con := &policy.Constraint{ID: "x", Text: c.text, File: "AGENTS.md", Line: 1, Level: policy.Must}
		expectRecognized(t, con, c.rc, c.want)
	}
}
