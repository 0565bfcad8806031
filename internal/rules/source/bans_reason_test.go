package source

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Own sentences 570 (wild round 11, supabase-js's realtime README): what a reason
// compares ("since filters travel in the payload rather than a URL"), a common noun
// after an article ("rather than a URL") and a "no" coordinated with a statement of
// what exists ("there is no embedding and no `or()` grouping") ban nothing; the ban
// the sentence makes beside them stays.
func TestReasonsAndStatementsOfWhatExistsBanNothing(t *testing.T) {
	rc := &recognize.RepoContext{
		Languages: []string{engine.LangTypeScript},
		Packages:  []recognize.Package{{Name: "axios", Ecosystem: "npm", Manifest: "package.json"}, {Name: "moment", Ecosystem: "npm", Manifest: "package.json"}},
		SourceImports: func() []recognize.ImportedModule {
			return []recognize.ImportedModule{{Name: "url", Lang: engine.LangTypeScript, Files: 2}}
		},
	}
	for _, c := range []struct {
		text string
		want string // a part of the one rule's params, "" for none
	}{
		{"Use `fetch` directly, since the SDK talks to the server over HTTP rather than `axios`.", ""},
		{"Use `%` for wildcards because the filter travels in the payload rather than a URL.", ""},
		{"Use `%` for wildcards; the filter travels in the payload rather than a URL.", ""},
		{"Realtime evaluates filters on the server: there is no resource embedding and no `or()` grouping.", ""},
		{"Do not use `moment`; we use `date-fns` because it tree-shakes rather than bundling every locale.", "moment"},
		{"Use `fetch` rather than `axios`.", "axios"},
		{"There must be no `or()` calls and no `and()` calls in filters.", "or"},
	} {
		con := &policy.Constraint{ID: "a", Text: c.text, File: "AGENTS.md", Line: 1, Level: policy.Must}
		rs := recognizeAll(con, rc)
		if c.want == "" {
			if len(rs) != 0 {
				t.Errorf("%q: rules %v, want none", c.text, rs)
			}
			continue
		}
		found := false
		for _, r := range rs {
			found = found || strings.Contains(string(r.Params), c.want)
		}
		if !found {
			t.Errorf("%q: rules %v, want one of %s", c.text, rs, c.want)
		}
	}
}
