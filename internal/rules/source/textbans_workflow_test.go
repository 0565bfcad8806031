package source

import (
	"regexp"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// TestWorkflowKeysBannedInWorkflowFiles: a sentence about workflows that bans an
// event or a key (with its value) is a text rule of the workflow files; its regular
// expression finds the key in a mapping, in `on:`'s list and as its scalar, and
// nowhere else; the alternative the sentence names is not banned.
func TestWorkflowKeysBannedInWorkflowFiles(t *testing.T) {
	rc := &recognize.RepoContext{Dirs: []string{"src", ".github", ".github/workflows"}}
	for _, c := range []struct {
		text      string
		bad, good []string
	}{
		{"Never add workflows triggered by `pull_request_target`; use `pull_request`.",
			[]string{"  pull_request_target:", "on: [push, pull_request_target]", "on: pull_request_target", "  - pull_request_target"},
			[]string{"  pull_request:", "# pull_request_target: is unsafe", "      - run: echo pull_request_target"}},
		{"No `permissions: write-all` in workflows.",
			[]string{"permissions: write-all", "    permissions: 'write-all'"},
			[]string{"permissions: read-all", "permissions:"}},
	} {
		res := textBanRecognizer{}.Recognize(&policy.Constraint{Text: c.text, Level: policy.Must, File: "AGENTS.md"}, rc)
		if len(res.Rules) != 1 {
			t.Fatalf("%q: %d rules, want 1 (%s)", c.text, len(res.Rules), res.Unenforced)
		}
		var p PatternParams
		if err := decode(res.Rules[0].Params, &p); err != nil {
			t.Fatal(err)
		}
		re := regexp.MustCompile(p.Regex)
		for _, l := range c.bad {
			if !re.MatchString(l) {
				t.Errorf("%q: %q not matched by %s", c.text, l, p.Regex)
			}
		}
		for _, l := range c.good {
			if re.MatchString(l) {
				t.Errorf("%q: %q matched by %s", c.text, l, p.Regex)
			}
		}
		if got := res.Rules[0].Scope.Globs; len(got) == 0 || got[0] != ".github/workflows/*.yml" {
			t.Errorf("%q: scope %v, want the workflow files", c.text, got)
		}
	}
	// a repository without workflows, a sentence of code: none
	for _, c := range []struct {
		text string
		rc   *recognize.RepoContext
	}{
		{"Never add workflows triggered by `pull_request_target`.", &recognize.RepoContext{Dirs: []string{"src"}}},
		{"Never call `load_all` in the request path.", rc},
	} {
		if res := (textBanRecognizer{}).Recognize(&policy.Constraint{Text: c.text, Level: policy.Must, File: "AGENTS.md"}, c.rc); len(res.Rules) != 0 {
			t.Errorf("%q: %d rules, want none", c.text, len(res.Rules))
		}
	}
}

// TestADataValueBannedForASubject: a key and a quoted value banned for the things a
// subject names (jpro99/Kepi-Travel KEPI_DESIGN_LAW.md:345, wild round 25: only
// security checkpoints may never be surveyed) is no ban of the text everywhere; an
// imperative ban of the same text is.
func TestADataValueBannedForASubject(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"typescript"}}
	for text, want := range map[string]int{
		"M32 — Security checkpoints are permanently approximate: never `precision: \"surveyed\"`, always disclaimed": 0,
		"A `security` POI may never carry `precision: \"surveyed\"`.":                                                0,
		"Never write `precision: \"surveyed\"`.":                                                                     1,
	} {
		res := textBanRecognizer{}.Recognize(&policy.Constraint{Text: text, Level: policy.Must, File: "AGENTS.md"}, rc)
		if len(res.Rules) != want {
			t.Errorf("%q: %d rules, want %d", text, len(res.Rules), want)
		}
	}
}
