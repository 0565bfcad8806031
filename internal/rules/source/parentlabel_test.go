package source

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A parent list item that is only a label names the language of its nested items,
// as a heading would: "**Swift (iOS)**" over "- Use async/await for async
// operations" is Swift's advice, no ban of `.then()` in TypeScript (wild round 36),
// and "TypeScript:" over "- single quotes" leaves Python's strings alone.
func TestParentLabelScopesNestedItems(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{engine.LangTypeScript, engine.LangPython}}
	for _, c := range []struct {
		ctx, text string
		want      string
	}{
		{"Swift (iOS)", "Use async/await for async operations", ""},
		{"TypeScript/JavaScript", "Use async/await for async operations", "promise-then"},
		{"TypeScript:", "single quotes", "js-single-quotes"},
		{"", "single quotes", "js-single-quotes py-single-quotes"},
	} {
		con := &policy.Constraint{ID: "a", Text: c.text, Context: c.ctx, Level: policy.Should, File: "AGENTS.md", Line: 2}
		var got []string
		for _, r := range recognizeAll(con, rc) {
			got = append(got, entryOf(r))
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%q under %q: %q, want %q", c.text, c.ctx, got, c.want)
		}
	}
}

// entryOf is the catalogue entry a query rule was compiled from, or "".
func entryOf(r policy.Rule) string {
	var qp QueryParams
	if err := json.Unmarshal(r.Params, &qp); err != nil {
		return ""
	}
	return qp.Entry
}
