package arch

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A literal "§" in a sentence ("the entries in §6.1–§6.4") is no span placeholder:
// reading it used to panic every architecture recogniser.
func TestLiteralSectionSignIsNoSpan(t *testing.T) {
	text := "When a chunk changes, update the relevant entries in §6.1–§6.4 and `docs/index.md`."
	ss := sentences(text)
	if len(ss) == 0 || len(ss[0].spans) != 1 || ss[0].spans[0] != "docs/index.md" {
		t.Fatalf("sentences: %+v", ss)
	}
	c := &policy.Constraint{ID: "c", Text: text, Level: policy.Must, File: "AGENTS.md", Line: 1}
	for _, rec := range Recognizers() {
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("%s panics: %v", rec.Name(), p)
				}
			}()
			rec.Recognize(c, &recognize.RepoContext{})
		}()
	}
}

// "Use `const` instead of `function` for component methods" names keywords, not
// packages: no ban of an import.
func TestKeywordsAreNoPackages(t *testing.T) {
	c := &policy.Constraint{ID: "c", Text: "Use `const` instead of `function` for component methods.", Level: policy.Must, File: "AGENTS.md", Line: 1}
	if r := (externalRecognizer{}).Recognize(c, &recognize.RepoContext{}); len(r.Rules) > 0 {
		t.Errorf("rules: %s", r.Rules[0].Params)
	}
	c.Text = "Use `httpx` instead of `requests`."
	if r := (externalRecognizer{}).Recognize(c, &recognize.RepoContext{}); len(r.Rules) == 0 {
		t.Error("a package substitution compiles to nothing: the test judges nothing")
	}
}

// "Do not use `X`" read as a ban on importing X blocks only when the repository's
// manifests declare X (or it has none to ask): a name no manifest knows may be a
// setting, a flag or a word of the project's own.
func TestBareUseBanNeedsADeclaredPackage(t *testing.T) {
	c := &policy.Constraint{Text: "Do not use `preview`.", Level: policy.Must}
	pkgs := []recognize.Package{{Name: "react", Ecosystem: "npm", Manifest: "package.json"}, {Name: "lodash", Ecosystem: "npm", Manifest: "package.json"}}
	r := (externalRecognizer{}).Recognize(c, &recognize.RepoContext{Packages: pkgs})
	if len(r.Rules) != 1 || r.Rules[0].Severity != policy.SeverityWarning || r.Rules[0].Review == "" {
		t.Fatalf("undeclared name: %+v", r.Rules)
	}
	c = &policy.Constraint{Text: "Do not use `lodash`.", Level: policy.Must}
	r = (externalRecognizer{}).Recognize(c, &recognize.RepoContext{Packages: pkgs})
	if len(r.Rules) != 1 || r.Rules[0].Severity == policy.SeverityWarning {
		t.Fatalf("declared package: %+v", r.Rules)
	}
}

// With no manifest and no code heed parses (a dotfiles repository), a bare "use" ban
// warns; with code and no manifest, it keeps its level.
func TestBareUseBanWithoutManifests(t *testing.T) {
	c := &policy.Constraint{Text: "Do not use `preview`.", Level: policy.Must}
	if r := (externalRecognizer{}).Recognize(c, &recognize.RepoContext{}); len(r.Rules) != 1 || r.Rules[0].Severity != policy.SeverityWarning {
		t.Fatalf("no manifest, no code: %+v", r.Rules)
	}
	if r := (externalRecognizer{}).Recognize(c, &recognize.RepoContext{Languages: []string{"python"}}); len(r.Rules) != 1 || r.Rules[0].Severity == policy.SeverityWarning {
		t.Fatalf("code, no manifest: %+v", r.Rules)
	}
}
