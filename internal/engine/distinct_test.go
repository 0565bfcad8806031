package engine

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// rygwdn/slack-tools (wild round 8): CLAUDE.md:20 gives a 100-column limit for
// JavaScript and TypeScript, a TypeScript guide under .cursor/rules gives it for
// TypeScript: one check, so each long line is one finding, not two under two ids.
func TestDistinctNarrowerLanguages(t *testing.T) {
	rule := func(id, langs string) Compiled {
		return Compiled{Rule: &policy.Rule{ID: id, Domain: "source", Kind: "text", Severity: "warning",
			Params: []byte(`{"check":"max_line_length","max":100,"languages":` + langs + `}`)}}
	}
	ids := func(cs []Compiled) (out []string) {
		for _, c := range cs {
			out = append(out, c.Rule.ID)
		}
		return out
	}
	for _, c := range []struct {
		name  string
		rules []Compiled
		want  []string
	}{
		{"narrower after", []Compiled{rule("a", `["javascript","tsx","typescript"]`), rule("b", `["tsx","typescript"]`)}, []string{"a"}},
		{"narrower first", []Compiled{rule("b", `["typescript"]`), rule("a", `["javascript","typescript"]`)}, []string{"a"}},
		{"overlapping only", []Compiled{rule("a", `["javascript","tsx"]`), rule("b", `["tsx","typescript"]`)}, []string{"a", "b"}},
		{"another limit", []Compiled{rule("a", `["typescript"]`), {Rule: &policy.Rule{ID: "c", Domain: "source", Kind: "text", Severity: "warning",
			Params: []byte(`{"check":"max_line_length","max":120,"languages":["typescript","python"]}`)}}}, []string{"a", "c"}},
	} {
		got := ids(Distinct(c.rules))
		if len(got) != len(c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: %v, want %v", c.name, got, c.want)
			}
		}
	}
}
