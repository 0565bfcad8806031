package arch

import (
	"path"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A boundary often leaves its subject to the heading or the lead-in above it:
//
//	### cmd/
//	1. Only import `pkg/linter`
//
//	### internal/ packages
//	1. DO NOT import other internal packages
//
//	**cmd/app/main.go** - Minimal:
//	- Only imports `pkg/linter`
//
// An item with no subject of its own ("only import …", "do not import …") takes the
// one folder its nearest heading (or its lead-in) names, when that folder is in the
// repository; a heading that names no folder, or several, gives the item no subject.

// headingFolder is the one repository folder the nearest heading, or the lead-in,
// names; "" when none or several.
func headingFolder(c *policy.Constraint, rc *recognize.RepoContext) string {
	if c == nil || rc == nil || len(rc.Dirs) == 0 {
		return ""
	}
	texts := []string{c.Context}
	if len(c.HeaderPath) > 0 {
		texts = append(texts, c.HeaderPath[len(c.HeaderPath)-1])
	}
	for _, t := range texts {
		if strings.TrimSpace(t) == "" {
			continue
		}
		var found []string
		add := func(p string) {
			p = strings.Trim(strings.TrimPrefix(strings.TrimSpace(p), "./"), "/")
			if p == "" {
				return
			}
			if path.Ext(p) != "" && !isDir(rc, repoPath(p, c, rc)) {
				p = path.Dir(p) // a file names its folder
			}
			if d := repoPath(p, c, rc); isDir(rc, d) {
				for _, f := range found {
					if f == d {
						return
					}
				}
				found = append(found, d)
			}
		}
		for _, sp := range recognize.CodeSpans(t) {
			add(sp)
		}
		plain := spanRE.ReplaceAllString(strings.NewReplacer("**", " ", "__", " ").Replace(t), " ")
		for _, m := range norm.ArchFolderWordRE.FindAllStringSubmatch(plain, -1) {
			add(m[1])
		}
		if len(found) == 1 {
			return found[0]
		}
		if len(found) > 1 {
			return ""
		}
	}
	return ""
}

// subjectFromHeading reads a boundary with no subject against the folder its heading
// names: the sentence with that folder as its subject, or an isolation of the
// folder's parts ("do not import other internal packages" under "internal/").
func subjectFromHeading(s sentence, c *policy.Constraint, rc *recognize.RepoContext) ([]policy.Rule, string, bool) {
	p := norm.SubjectlessBoundary(s.prose)
	if !norm.ArchSubjectlessRE.MatchString(p) {
		return nil, "", false
	}
	dir := headingFolder(c, rc)
	if dir == "" {
		return nil, "", false
	}
	if m := norm.ArchOtherSiblingsRE.FindStringSubmatch(p); m != nil {
		w := strings.TrimSpace(m[1])
		if w != "" && w != path.Base(dir) {
			return nil, "", false
		}
		return []policy.Rule{isolateRule(c, rc, dir+"/*")}, "", true
	}
	// The sentence with the folder as its subject: "§N must not import …", "§N
	// may only import …".
	n := len(s.spans)
	subj := "§" + itoa(n)
	ns := sentence{spans: append(append([]string(nil), s.spans...), dir+"/")}
	ns.prose = norm.WithArchSubject(p, subj)
	rules, why := recognizeBoundary(ns, c, rc, "")
	return rules, why, len(rules) > 0 || why != ""
}
