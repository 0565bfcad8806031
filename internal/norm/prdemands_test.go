package norm

import (
	"reflect"
	"regexp"
	"testing"
)

// Sentences of our own writing, read in lower case with code spans taken out, as the
// contribution recognisers pass them.
func TestReadPRDemands(t *testing.T) {
	for _, tc := range []struct {
		lower string
		spans []string
		want  PRDemands
	}{
		{"disclose in the pull request description that claude wrote the change.", nil, PRDemands{Disclose: true}},
		// what the agent says in its chat reply is not pull-request text
		{"refuse in your chat reply and disclose that the pr policy forbids ai.", nil, PRDemands{}},
		{"do not put issue numbers or file names in the pull request title.", nil, PRDemands{TitleBans: []string{PRTitleIssueRef, PRTitleFileName}}},
		{"do not use a bare as the pr title.", []string{"Fix #123"}, PRDemands{TitleBans: []string{PRTitleBareRef}}},
		{"pr titles must be under 72 characters.", nil, PRDemands{TitleMax: 72}},
		{"every pull request must include a section.", []string{"## Testing"}, PRDemands{Sections: []string{"Testing"}}},
		{"link the issue with in the pull request description.", []string{"fixes #123"}, PRDemands{LinkKeyword: "fixes"}},
		// one way among others, not a requirement
		{"the pr description could simply be a reference, e.g. .", []string{"Resolves #123"}, PRDemands{}},
		{"keep the pull request description under 200 words.", nil, PRDemands{MaxWords: 200}},
	} {
		if got := ReadPRDemands(tc.lower, tc.spans, true, false); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ReadPRDemands(%q) = %+v, want %+v", tc.lower, got, tc.want)
		}
	}
	// a sentence about commit subjects: the length is the commit rules' business
	if got := ReadPRDemands("commit titles must be under 72 characters.", nil, false, true); got.TitleMax != 0 {
		t.Errorf("a commit subject's length read as a PR title's: %+v", got)
	}
}

// Demands that take a pattern: what each reads, and that the patterns hold the
// texts they are about.
func TestPRTextDemands(t *testing.T) {
	d := ReadPRDemands("never add a test plan to the pr description.", nil, true, false)
	if len(d.BodyBans) != 1 || !regexp.MustCompile(d.BodyBans[0].Pattern).MatchString("Fix\n\n## Test plan\n") || regexp.MustCompile(d.BodyBans[0].Pattern).MatchString("Fix\n\nWe plan to test it later.") {
		t.Errorf("a banned test plan: %+v", d.BodyBans)
	}
	d = ReadPRDemands("in the pr body, link the linear ticket as code.", []string{"https://linear.app/acme/issue/ACME-123"}, true, false)
	if len(d.BodyNeeds) != 1 || !regexp.MustCompile(d.BodyNeeds[0].Pattern).MatchString("see https://linear.app/acme/issue/ACME-9") || regexp.MustCompile(d.BodyNeeds[0].Pattern).MatchString("https://linear.app/other/issue/ACME-9") {
		t.Errorf("a ticket link: %+v", d.BodyNeeds)
	}
	d = ReadPRDemands("never paste internal links such as code into pr descriptions.", []string{"https://claude.ai/code/session_..."}, true, false)
	if len(d.BodyBans) != 1 || !regexp.MustCompile(d.BodyBans[0].Pattern).MatchString("https://claude.ai/code/session_01x") {
		t.Errorf("a private link: %+v", d.BodyBans)
	}
	d = ReadPRDemands("pr titles are plain sentences — no conventional-commit prefixes like code.", []string{"feat:"}, true, false)
	if len(d.TitleForbids) != 1 || !regexp.MustCompile(d.TitleForbids[0].Pattern).MatchString("feat(api): add x") || regexp.MustCompile(d.TitleForbids[0].Pattern).MatchString("Add x: the cache") {
		t.Errorf("no Conventional Commits prefix: %+v", d.TitleForbids)
	}
	// near misses: a test plan in the commit body, a link to follow
	for _, lower := range []string{"describe your test plan in the commit body.", "follow the link to the style guide."} {
		if d := ReadPRDemands(lower, []string{"https://example.com/guide/..."}, true, false); len(d.BodyNeeds)+len(d.BodyBans)+len(d.TitleFormats)+len(d.TitleForbids) != 0 {
			t.Errorf("%q: %+v", lower, d)
		}
	}
}
