package contrib

import (
	"fmt"
	"github.com/heed-dev/heed/internal/lazy"
	"path"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Files a change must leave alone (norm.UntouchedFiles).
type untouchedRecognizer struct{}

func (untouchedRecognizer) Name() string { return "contrib.untouched" }

// dotNames are dot files that are names, not extensions.
var dotNames = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return map[string]bool{".env": true, ".envrc": true, ".npmrc": true, ".pypirc": true, ".netrc": true, ".DS_Store": true, ".mailmap": true}
}}

// (A ban of editing a file "directly" under a generated-files frame (norm.GeneratedFrame)
// keeps it from hand edits; "Never edit `x` — it is auto-generated" bans any change to
// it, as written.)

// untouchedGlob turns a path as written into a glob of the repository.
func untouchedGlob(p, ext string, plural bool) string {
	p = strings.TrimPrefix(p, "./")
	switch {
	case strings.HasPrefix(p, ".") && !strings.Contains(p[1:], ".") && !strings.Contains(p, "/") && !dotNames.Get()[p] && plural:
		return "**/*" + p // "`.pyc` files": an extension
	case strings.HasSuffix(p, "/"):
		if ext != "" {
			return p + "**/*." + ext
		}
		return p + "**"
	case !strings.Contains(p, "/"):
		return "**/" + p
	case path.Ext(p) == "" && !strings.Contains(p, "*"):
		if ext != "" {
			return p + "/**/*." + ext
		}
		return p + "/**"
	}
	return p
}

func (untouchedRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	u, ok := norm.UntouchedFiles(c.Text)
	if !ok {
		// "- `scripts/release.mjs`" under "Never modify these without approval:";
		// "`x` niemals von Hand bearbeiten."
		t, read := norm.UntouchedLeadItem(c.Context, c.Text)
		if !read {
			t, read = norm.UntouchedGlossed(c.Text)
		}
		if !read {
			return recognize.Result{}
		}
		if u, ok = norm.UntouchedFiles(t); !ok {
			return recognize.Result{}
		}
		stated := *c
		stated.Text = t // the sentence the item or the glossed text stands for
		c = &stated
	}
	s := read(c)
	if !u.HandOnly && !u.AddedOnly && norm.SaysDirectly(s.text) &&
		(norm.GeneratedFrame(s.around) || norm.GeneratedFrame(sentenceBefore(c, rc))) {
		// "Do not edit `x` directly" under "Generated Files — Do Not Hand-Edit",
		// or after "Edit the templates, then regenerate.": what the section keeps
		// from hand edits, which a change holding the file regenerated does not break
		u.HandOnly = true
	}
	plural := strings.Contains(strings.ToLower(c.Text), " files")
	var paths, except []string
	// a nested instruction file names paths from its own folder ("`../generated/**`"
	// in web/AGENTS.md is generated/** of the repository): the globs are re-rooted,
	// and the rule then needs no folder scope of its own, which would keep out the
	// paths "../" points to
	dir := c.Scope.Dir
	for _, p := range u.Paths {
		g := untouchedGlob(p, u.Ext, plural)
		if u.AtRoot && !strings.Contains(p, "/") {
			g = strings.TrimPrefix(g, "**/") // "the `PAT_*.md` notes at the repo root"
		}
		if name, ok := strings.CutSuffix(g, "/**"); ok && dir == "" && !strings.Contains(name, "*") && !u.AtRoot {
			// a folder the root does not have, found below it
			switch ds := rc.FoldersNamed(name); {
			case len(ds) == 0 || slices.Contains(ds, name):
			case !strings.Contains(name, "/"):
				// "never edit `__snapshots__/` by hand" where every such folder
				// sits beside its tests: the folders of that name, wherever they are
				g = "**/" + g
			case len(ds) <= 4:
				// "NEVER modify `src/components/ui/` files" where such folders are
				// frontend/src/components/ui (and landing/'s): those folders (more
				// than a few name no particular place)
				for _, d := range ds[1:] {
					paths = append(paths, d+"/**")
				}
				g = ds[0] + "/**"
			}
		}
		if g := rerootedIn(rc, dir, g); !strings.HasPrefix(g, "../") {
			paths = append(paths, g) // a path above the repository names no file of it
		}
	}
	what := strings.Join(u.Paths, ", ")
	if u.Role == norm.RoleMigration {
		// "never edit existing migrations": the repository's migration folders; a
		// layout with none gives no rule
		for _, g := range roleGlobs(norm.CoMigration, c, rc) {
			if strings.HasPrefix(g, "/") {
				paths = append(paths, strings.TrimPrefix(g, "/"))
			}
		}
		what = "existing migrations (" + strings.Join(paths, ", ") + ")"
		dir = ""
	}
	if len(paths) == 0 {
		return recognize.Result{}
	}
	for _, p := range u.Except {
		except = append(except, rerootedIn(rc, dir, untouchedGlob(p, "", false)))
	}
	sample := strings.NewReplacer("**/", "", "/**", "/x", "*", "x").Replace(paths[0])
	if !strings.Contains(path.Base(sample), ".") && u.Ext != "" {
		sample += "." + u.Ext
	}
	params := UntouchedParams{Paths: paths, Except: except, AddedOnly: u.AddedOnly, HandOnly: u.HandOnly, EditsOnly: u.EditsOnly, Creates: u.Creates, What: what}
	verb := "touches"
	if u.AddedOnly {
		verb = "adds"
	}
	cases := []policy.Case{
		{Expect: policy.ExpectViolated, Changed: []string{sample, "src/app.py"}, Note: "the change touches the file"},
		{Expect: policy.ExpectSatisfied, Changed: []string{"src/app.py"}, Note: "the change leaves it alone"},
	}
	if u.EditsOnly && !u.HandOnly {
		// an edit is of a file the repository holds; one the change adds is none
		cases[0].Files = map[string]string{sample: "before\n", "src/app.py": "x\n"}
		cases[0].Note = "the change edits the file"
		cases = append(cases, policy.Case{Expect: policy.ExpectSatisfied, Changed: []string{sample, "src/app.py"},
			Files: map[string]string{"src/app.py": "x\n"}, Note: "the change adds the file: no edit of one"})
	}
	if u.Creates {
		// the agent's write of a new one breaks it as it writes
		cases = append(cases, policy.Case{Expect: policy.ExpectViolated, Path: sample, Code: "new\n", Note: "the agent creates the file"})
	}
	if u.HandOnly {
		cases = []policy.Case{
			{Expect: policy.ExpectViolated, Path: sample, Code: "edited\n", Note: "the agent writes the file itself"},
			{Expect: policy.ExpectSatisfied, Changed: []string{sample, "src/app.py"}, Note: "a change that holds it regenerated"},
		}
	}
	msg := fmt.Sprintf("the change %s %s", verb, params.What)
	if u.HandOnly {
		msg = "an edit by hand of " + params.What
	}
	r := s.rule(KindUntouched, params, true, msg, fmt.Sprintf("leave %s out of the change", params.What), cases)
	if dir != "" && dir != "." {
		// the globs are the repository's now: a scope of every path (an empty one
		// would take the file's folder back)
		r.Scope = policy.Scope{Globs: []string{"**"}}
	}
	if u.Condition != "" {
		r.Severity = policy.SeverityWarning // "unless asked": heed cannot see the asking
		// the user's yes is the condition: an agent that can ask puts the write to
		// them (policy.Rule.Ask)
		r.Ask = norm.ApprovalCondition(u.Condition)
	}
	r.Norm = "forbid: touching " + params.What
	if u.HandOnly {
		r.Norm = "forbid: editing " + params.What + " by hand"
	}
	return recognize.Result{Rules: []policy.Rule{r}}
}

// rerooted is a glob written in a nested instruction file, as a path of the repository.
func rerooted(dir, glob string) string {
	if dir == "" || dir == "." {
		return glob
	}
	trail := ""
	if strings.HasSuffix(glob, "/") {
		trail = "/"
	}
	j := path.Join(dir, glob)
	if strings.HasPrefix(j, "../") || j == ".." {
		return glob // above the repository: keep it as written
	}
	return j + trail
}

// rerootedIn is rerooted, unless the path is the repository's as written: a nested
// file that writes `ui/packages/api-client/src/` in `ui/AGENTS.md` names the folder the
// repository holds, not `ui/ui/packages/...`, which it does not.
func rerootedIn(rc *recognize.RepoContext, dir, glob string) string {
	j := rerooted(dir, glob)
	if rc == nil || len(rc.Dirs) == 0 || j == glob {
		return j
	}
	if !holdsDir(rc.Dirs, literalDir(j)) && holdsDir(rc.Dirs, literalDir(glob)) {
		return glob
	}
	return j
}

// literalDir is the folder a glob's literal leading segments name ("" for none).
func literalDir(glob string) string {
	var segs []string
	parts := strings.Split(strings.Trim(glob, "/"), "/")
	for i, seg := range parts {
		if strings.ContainsAny(seg, "*?[{") || i == len(parts)-1 && !strings.HasSuffix(glob, "/") {
			break
		}
		segs = append(segs, seg)
	}
	return strings.Join(segs, "/")
}

// holdsDir reports whether the sorted folder list holds dir.
func holdsDir(dirs []string, dir string) bool {
	if dir == "" {
		return false
	}
	_, ok := slices.BinarySearch(dirs, dir)
	return ok
}

// sentenceBefore is the text of the sentence before c in its paragraph, or "".
func sentenceBefore(c *policy.Constraint, rc *recognize.RepoContext) string {
	if rc == nil {
		return ""
	}
	for i := range rc.Constraints {
		if rc.Constraints[i].ID != c.ID || c.ID == "" {
			continue
		}
		if i == 0 {
			return ""
		}
		p := &rc.Constraints[i-1]
		if p.File != c.File || p.Line > c.Line || p.EndLine < c.Line || p.Context != c.Context {
			return ""
		}
		return p.Text
	}
	return ""
}
