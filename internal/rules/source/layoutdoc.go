package source

import (
	"path"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A naming convention of files or folders is checked against the layouts the
// instruction files draw in their code blocks (a tree of `├── Layout/` lines): a
// convention that the project's own documented layout breaks is stated too widely or
// read too widely, and a person reviews it before it blocks (AnimalEkarte, wild round
// 27: "Files/Folders: kebab-case" beside a frontend guide whose tree names
// `Layout/`, `DataTable/`, `SearchBox/`).

// treeEntryRE: one entry of a drawn tree, after its branch.
var treeEntryRE = lazyre.New(`^[\s│|]*(?:├──|└──|├─|└─|\|--|\+--|` + "`" + `--)\s*([^\s#]+)`)

// documentedAgainst returns up to three names a drawn layout of the instruction files
// gives, inside the rule's scope, that break the style: folders when dirs, else files.
func documentedAgainst(rc *recognize.RepoContext, sc policy.Scope, style string, dirs bool) []string {
	if rc == nil || namingRE[style] == nil {
		return nil
	}
	ext := ".ts"
	if p, ok := textSamplePath(sc, nil); ok && path.Ext(p) != "" {
		ext = path.Ext(p)
	}
	var out []string
	seen := map[string]bool{}
	for i := range rc.Constraints {
		c := &rc.Constraints[i]
		for _, b := range c.Code {
			if !strings.Contains(b.Text, "──") && !strings.Contains(b.Text, "|--") && !strings.Contains(b.Text, "`--") {
				continue
			}
			for _, line := range strings.Split(b.Text, "\n") {
				m := treeEntryRE.FindStringSubmatch(line)
				if m == nil {
					continue
				}
				name := m[1]
				folder := strings.HasSuffix(name, "/")
				name = strings.TrimSuffix(name, "/")
				if name == "" || strings.ContainsAny(name, "*{}<>/") || seen[name] || folder != dirs {
					continue
				}
				var probe string
				if dirs {
					if badDirName(name, style) == "" {
						continue
					}
					probe = path.Join(c.Scope.Dir, name, "example"+ext)
				} else {
					if badNamePart(name, style) == "" {
						continue
					}
					probe = path.Join(c.Scope.Dir, name)
				}
				if !sc.Covers(probe) {
					continue
				}
				seen[name] = true
				if out = append(out, name); len(out) == 3 {
					return out
				}
			}
		}
	}
	return out
}

// doubtByDrawnLayout puts a naming rule in doubt when two or more names the drawn
// layouts give in its scope break its style (folders when dirs, else files).
func doubtByDrawnLayout(r *policy.Rule, rc *recognize.RepoContext, style string, dirs bool) {
	names := documentedAgainst(rc, r.Scope, style, dirs)
	if len(names) < 2 {
		return
	}
	r.Exact = false
	r.Doubt("the layout the instruction files draw names `" + strings.Join(names, "`, `") + "`, which are not " + style + ": the convention or its reach is in doubt")
}
