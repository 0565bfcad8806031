package source

import (
	"strings"
	"testing"

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
