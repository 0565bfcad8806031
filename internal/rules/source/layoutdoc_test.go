package source

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A folder convention the instruction files' own drawn layout breaks is in doubt: it
// warns for review (AnimalEkarte, wild round 27); a layout that follows it, or one
// drawn for another folder, leaves it as it was.
func TestNamingAgainstDocumentedLayout(t *testing.T) {
	tree := "```\nsrc/\n├── components/\n│   ├── Layout/         # shell\n│   ├── DataTable/\n│   └── search-box/\n└── hooks/\n```"
	kebab := "```\nsrc/\n├── components/\n│   ├── main-layout/\n│   └── data-table/\n```"
	for _, c := range []struct {
		name, layout, layoutDir string
		doubt                   bool
	}{
		{"a tree against the rule", tree, "frontend", true},
		{"a tree that follows it", kebab, "frontend", false},
		{"a tree of another folder", tree, "backend", false},
	} {
		rule := &policy.Constraint{ID: "a", Text: "Files/Folders: kebab-case", File: ".claude/rules/style.md", Line: 1, Level: policy.Must,
			HeaderPath: []string{"Style", "Frontend"}}
		doc := policy.Constraint{ID: "b", Text: "Layout:", File: c.layoutDir + "/CLAUDE.md", Line: 3, Level: policy.Info,
			Scope: policy.Scope{Dir: c.layoutDir}, Code: []policy.CodeBlock{{Text: strings.Trim(c.layout, "`\n")}}}
		rc := &recognize.RepoContext{Languages: []string{"typescript"}, Dirs: []string{"backend", "frontend", "frontend/src"},
			Constraints: []policy.Constraint{*rule, doc}}
		got := false
		for _, r := range (textRecognizer{}).Recognize(rule, rc).Rules {
			if strings.Contains(r.Message, "directory name") {
				got = strings.Contains(r.Review, "`Layout`, `DataTable`")
			}
		}
		if got != c.doubt {
			t.Errorf("%s: doubted %v, want %v", c.name, got, c.doubt)
		}
	}
}

// File names a framework or the module system fixes are no project's to style
// (hyukraeyo/wedding-invitation, wild round 28: a PascalCase file rule flagged Next.js's
// `page.tsx` and `layout.tsx`); the project's own names are judged.
func TestToolNamedFilesKeepTheirNames(t *testing.T) {
	for base, want := range map[string]string{
		"page.tsx": "", "layout.tsx": "", "loading.tsx": "", "index.ts": "", "route.ts": "", "__init__.py": "",
		"userCard.tsx": "userCard", "Button.tsx": "", "date-utils.ts": "date-utils",
	} {
		if got := badNamePart(base, "PascalCase"); got != want {
			t.Errorf("badNamePart(%q, PascalCase) = %q, want %q", base, got, want)
		}
	}
}

// A limit stated under a label that names a language or format holds for its files
// ("**Python:** keep lines under 100 characters", "**Markdown:** Use Markdownlint; keep
// lines under 180 characters", GaryOcean428/pantheon-chat AGENTS.md:44, wild round 29).
func TestLabelNamesTheFileType(t *testing.T) {
	for text, want := range map[string]string{
		"Python: keep lines under 100 characters.": "**/*.py",
		"Keep lines under 100 characters.":         "",
	} {
		c := &policy.Constraint{ID: "a", Text: text, File: "AGENTS.md", Line: 1, Level: policy.Must}
		rc := &recognize.RepoContext{Languages: []string{"python", "typescript"}, Constraints: []policy.Constraint{*c}}
		got := ""
		for _, r := range (textRecognizer{}).Recognize(c, rc).Rules {
			got = strings.Join(r.Scope.Globs, ",")
		}
		if !strings.HasPrefix(got, want) || want == "" && got != "" {
			t.Errorf("%q: globs %q, want %q", text, got, want)
		}
	}
}

// A limit of a component's lines holds for component files and warns; a size that
// conditions another demand, and a limit for one kind of module heed cannot locate,
// are no file limits (pantheon-chat, wild round 29).
func TestComponentAndQualifiedSizeLimits(t *testing.T) {
	if l, ok := norm.ReadSizeLimit("Maximum component length: 200 lines (triggers ESLint warning)"); !ok || !l.Component {
		t.Errorf("component limit: %+v %v", l, ok)
	}
	if _, ok := norm.ReadSizeLimit("React components >150 lines SHOULD extract stateful logic into `client/src/hooks/`."); ok {
		t.Error("a size that conditions another demand read as a limit")
	}
	if l, ok := norm.ReadSizeLimit("**Module size:** For extracted primitives, keep modules <400 lines (soft)."); !ok || l.For != "extracted primitives" {
		t.Errorf("a limit for some modules: %+v %v", l, ok)
	}
	if _, ok := norm.ReadSizeLimit("Files over 500 lines should be split."); !ok {
		t.Error("a plain limit no longer read: the test judges nothing")
	}
}

// A line that fits without its trailing linter directive, and a Ruby heredoc's body,
// are within a line limit, as the project's linters count them (samuelvaneck/
// radio_playlists, wild round 30: prompt text in heredocs, a `# rubocop:disable`
// comment); a long line of code is still reported.
func TestLineLengthAsLintersCount(t *testing.T) {
	r := &policy.Rule{ID: "len", Domain: policy.DomainSource, Kind: KindText, Severity: policy.SeverityWarning,
		Params: marshal(TextParams{Check: "max_line_length", Max: 40})}
	exempt := "def f\n" +
		"  x = compute(one, two) # rubocop:disable Metrics/AbcSize\n" +
		"  prompt = <<~PROMPT\n" +
		"    You are a careful assistant who reads the whole playlist before answering.\n" +
		"  PROMPT\n"
	long := "  y = compute_the_value(argument_one, argument_two, three)\n"
	if o := engine.RunCase(testRegistry, r, policy.Case{Path: "app/models/a.rb", Code: exempt + "end\n"}); o.Got != engine.Satisfied {
		t.Errorf("a directive and a heredoc: %s (%s)", o.Got, o.Reason)
	}
	if o := engine.RunCase(testRegistry, r, policy.Case{Path: "app/models/a.rb", Code: exempt + long + "end\n"}); o.Got != engine.Violated {
		t.Errorf("a long line of code: %s", o.Got)
	}
}

// `any` banned in one situation of the data warns; a ban beside words about another
// boundary stays a ban (Lumilio-Photos FRONTEND.md:443: "never `as any`. A component
// test may still stub a heavy leaf child at a clear boundary").
func TestAnyInOneSituationOfTheData(t *testing.T) {
	for text, warns := range map[string]bool{
		"Use `unknown` instead of `any` when receiving untyped input.":                                                                  true,
		"Type fixtures with the generated DTOs and `satisfies`, never `as any`. A component test may stub a child at a clear boundary.": false,
		"Never use `any`.": false,
	} {
		s := newSentence(&policy.Constraint{Text: text, Level: policy.Must})
		if got := s.has(anySituationRE); got != warns {
			t.Errorf("%q: situation %v, want %v", text, got, warns)
		}
	}
}
