package brief

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

func entry(id string, lv policy.Level, text string, scope policy.Scope, rules ...policy.Rule) policy.Entry {
	return policy.Entry{Constraint: policy.Constraint{ID: id, Level: lv, Text: text, File: "AGENTS.md", Line: 1, Scope: scope}, Rules: rules}
}

func TestForSelectsWhatGovernsThePath(t *testing.T) {
	web := policy.Scope{Dir: "web"}
	entries := []policy.Entry{
		entry("a", policy.Must, "Use async/await, in `web/`.", policy.Scope{},
			policy.Rule{ID: "a.1", Domain: policy.DomainSource, Scope: web}),
		entry("b", policy.Must, "Never force push.", policy.Scope{},
			policy.Rule{ID: "b.1", Domain: policy.DomainProcess, Scope: policy.Scope{Dir: "service"}}),
		entry("c", policy.Should, "Keep functions short.", policy.Scope{}),
		entry("d", policy.Must, "Keep  functions short.", policy.Scope{}), // stated twice
		entry("c2", policy.Should, "keep functions SHORT.", policy.Scope{}),
		entry("e", policy.Must, "Type every prop.", policy.Scope{Globs: []string{"*.tsx"}}),
		entry("f", policy.Info, "This is a monorepo.", policy.Scope{}),
	}
	for i := range entries {
		entries[i].Line = i + 1 // each its own sentence
	}
	ids := func(es []policy.Entry) string {
		var s []string
		for _, e := range es {
			s = append(s, e.ID)
		}
		return strings.Join(s, ",")
	}
	for _, c := range []struct {
		path string
		info bool
		want string
	}{
		// a compiled rule scoped to web/ narrows its constraint; a process rule never does
		{"web/app.ts", false, "a,b,c,d"},
		{"service/x.py", false, "b,c,d"},
		{"web/Button.tsx", false, "a,b,c,d,e"},
		{"", false, "a,b,c,d,e"},
		{"service/x.py", true, "b,c,d,f"},
	} {
		if got := ids(For(entries, c.path, c.info)); got != c.want {
			t.Errorf("For(%q, info=%v) = %s, want %s", c.path, c.info, got, c.want)
		}
	}
	if !entries[0].AboutFiles() || entries[1].AboutFiles() || !entries[2].AboutFiles() {
		t.Error("AboutFiles: a source rule and an unenforced text bear on files; a process rule does not")
	}
}

func TestWriteIsOneLinePerRuleMustFirst(t *testing.T) {
	cs := []policy.Constraint{
		{Level: policy.Should, Text: "prefer small PRs", File: "AGENTS.md", Line: 9, HeaderPath: []string{"Agents", "Git"}},
		{Level: policy.Must, Text: "Run the tests before committing:", File: "AGENTS.md", Line: 4,
			Code: []policy.CodeBlock{{Text: "$ make test\n"}}},
		{Level: policy.Must, Text: "run the tests before committing:", File: "CLAUDE.md", Line: 2},
	}
	got := Text(cs, "web/app.ts")
	want := "Rules for web/app.ts (from the repository's instruction files):\n" +
		"- [must] Run the tests before committing: `make test` (AGENTS.md:4)\n" +
		"- [should] Git: Prefer small PRs (AGENTS.md:9)\n"
	if got != want {
		t.Errorf("Text:\n%s\nwant:\n%s", got, want)
	}
	if got := Text(nil, ""); !strings.Contains(got, "Rules for this repository") || !strings.Contains(got, "- none") {
		t.Errorf("no rules: %q", got)
	}
}

// The half of a split sentence that compiled to nothing follows the half that did.
func TestSplitSentenceFollowsItsScopedHalf(t *testing.T) {
	svc := policy.Scope{Dir: "service"}
	printBan := entry("p", policy.Must, "Do not use `print()` in `service/`", policy.Scope{},
		policy.Rule{ID: "p.1", Domain: policy.DomainSource, Scope: svc})
	logger := entry("l", policy.Must, "Use the logger.", policy.Scope{}, // same file and line
		policy.Rule{ID: "l.judge", Domain: policy.DomainSemantic}) // only a judge rule
	other := entry("o", policy.Must, "Keep functions short.", policy.Scope{})
	other.Line = 2
	es := []policy.Entry{printBan, logger, other}
	var got []string
	for _, e := range For(es, "web/app.ts", false) {
		got = append(got, e.ID)
	}
	if strings.Join(got, ",") != "o" {
		t.Errorf("for web/app.ts: %v, want only the unrelated rule", got)
	}
	got = nil
	for _, e := range For(es, "service/a.py", false) {
		got = append(got, e.ID)
	}
	if strings.Join(got, ",") != "p,l,o" {
		t.Errorf("for service/a.py: %v, want both halves and the unrelated rule", got)
	}
}
