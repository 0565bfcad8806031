package contrib

import (
	"path"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// manifestRecognizer reads what a change to a manifest asks of other files: the
// version kept equal in the files a sentence names ("bump the version in
// `package.json` and `src/version.ts` together"), and new dependencies listed in a
// notices file ("New dependencies must be listed in `NOTICE`"). Both judge the lines
// the change touched (cochange.when), not the mere change of the file.
type manifestRecognizer struct{}

func (manifestRecognizer) Name() string { return "contrib.manifest" }

var (
	noticeNameRE = lazyre.New(`(?i)^(?:[\w.-]+/)*(?:NOTICE|THIRD[_-]?PARTY[\w.-]*|[\w-]*third[_-]party[\w.-]*|LICENSE-3RD-PARTY[\w.-]*|ThirdPartyNotices[\w.-]*|CREDITS|ACKNOWLEDGEMENTS)(?:\.[a-z]+)?$`)
	plainFileRE  = lazyre.New(`(?:^|[\s(])((?:[\w-]+/)*[\w-]+\.(?:md|rst|txt|toml|json|ya?ml|cfg|ini|py|go|rs|ts|js|rb|gemspec|gradle|xml|properties)|NOTICE|VERSION|CREDITS)\b`)
)

// manifestGlobs are the manifests whose touched lines declare dependencies
// (touchedDependencies).
var manifestGlobs = []string{"**/go.mod", "**/package.json", "**/Cargo.toml", "**/pyproject.toml", "**/requirements.txt", "**/requirements.in", "**/Gemfile"}

// versionFiles are the files of the clause that keeps a version equal across them
// (norm.KeepsVersionEqual), with the files it names.
func versionFiles(s sentence) []string {
	for _, cl := range lazyre.New(`[.;:!?]\s+`).Split(s.raw, -1) {
		lc := recognize.Lower(cl)
		if !norm.KeepsVersionEqual(lc) {
			continue
		}
		c := *s.c
		c.Text = cl
		var fs []string
		for _, f := range namedFiles(read(&c)) {
			// a file holds the version: a name with an extension or VERSION, not a
			// package (`@scope/name`) or a folder
			if b := path.Base(f); !strings.HasPrefix(f, "@") && (strings.Contains(b, ".") || strings.HasPrefix(strings.ToUpper(b), "VERSION")) {
				fs = append(fs, f)
			}
		}
		if len(fs) >= 2 {
			return fs
		}
	}
	return nil
}

// namedFiles are the files a sentence names, in code spans or as plain words.
func namedFiles(s sentence) []string {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		p = strings.TrimPrefix(strings.TrimSpace(p), "./")
		if p != "" && !seen[p] && (strings.Contains(p, ".") || strings.Contains(p, "/") || noticeNameRE.MatchString(p) || p == "VERSION") && !strings.ContainsAny(p, " <>()") {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, sp := range s.spans {
		if !strings.HasPrefix(sp, "__") && !strings.HasPrefix(sp, "-") {
			add(sp)
		}
	}
	for _, m := range plainFileRE.FindAllStringSubmatch(s.raw, -1) {
		add(m[1])
	}
	return out
}

func (manifestRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	if norm.ForbidsOutright(s.text) {
		return recognize.Result{}
	}
	place := func(p string) string {
		if strings.Contains(p, "/") {
			return "/" + path.Join(c.Scope.Dir, p)
		}
		if c.Scope.Dir != "" && c.Scope.Dir != "." {
			return "/" + path.Join(c.Scope.Dir, p)
		}
		return "/" + p
	}
	files := namedFiles(s)
	var rules []policy.Rule
	if vfiles := versionFiles(s); len(vfiles) >= 2 && !norm.LeftToJudgement(s.text) {
		files := vfiles
		// "bump the version in `a` and `b` together", "the version in a and b must
		// always match": each file's version change needs the others
		for i, a := range files {
			var others []string
			for j, b := range files {
				if i != j {
					others = append(others, place(b))
				}
			}
			p := CochangeParams{If: []string{place(a)}, Then: others, When: WhenVersion,
				Need: "the version in " + strings.Join(trimRoot(others), " and ")}
			rules = append(rules, s.rule(KindCochange, p, true,
				"changed the version in "+a+" alone", "set the same version in "+strings.Join(trimRoot(others), " and "), versionCases(strings.TrimPrefix(place(a), "/"), strings.TrimPrefix(others[0], "/"))))
		}
		return recognize.Result{Rules: rules}
	}
	if vfiles := versionFilesOfFrame(c, rc); len(vfiles) >= 2 {
		// "The version must be bumped in both places at once:" over items that each
		// name a file: this item's file, when its version changes, needs the others
		own := place(vfiles[0])
		var others []string
		for _, b := range vfiles[1:] {
			others = append(others, place(b))
		}
		p := CochangeParams{If: []string{own}, Then: others, When: WhenVersion,
			Need:    "the version in " + strings.Join(trimRoot(others), " and "),
			Reading: "the list's lead-in keeps the version equal across the files its items name"}
		r := s.rule(KindCochange, p, false, "changed the version in "+vfiles[0]+" alone", "set the same version in "+strings.Join(trimRoot(others), " and "),
			versionCases(strings.TrimPrefix(own, "/"), strings.TrimPrefix(others[0], "/")))
		// read from the frame, not the sentence: a reminder
		r.Severity = policy.SeverityWarning
		return recognize.Result{Rules: []policy.Rule{r}}
	}
	if norm.ListsNewDependencies(s.text, s.near) {
		var notices []string
		for _, f := range files {
			if noticeNameRE.MatchString(path.Base(f)) || noticeNameRE.MatchString(f) {
				notices = append(notices, place(f))
			}
		}
		if len(notices) == 0 {
			return recognize.Result{}
		}
		var ifs []string
		for _, g := range manifestGlobs {
			if c.Scope.Dir != "" && c.Scope.Dir != "." {
				g = "/" + c.Scope.Dir + "/" + g
			}
			ifs = append(ifs, g)
		}
		p := CochangeParams{If: ifs, Then: notices, When: WhenDependency, Need: "the new dependency listed in " + strings.Join(trimRoot(notices), " or "),
			Reading: "a dependency line the change touches whose name " + strings.Join(trimRoot(notices), " or ") + " does not hold stands for a new dependency (heed does not see the line before the change; development dependencies are left out)"}
		r := s.rule(KindCochange, p, false, "a new dependency not listed in "+strings.Join(trimRoot(notices), " or "),
			"list the dependency (and its license) in "+strings.Join(trimRoot(notices), " or "), dependencyCases(strings.TrimPrefix(notices[0], "/")))
		// a bump of a dependency the file never listed reads as a new one
		r.Severity = policy.SeverityWarning
		rules = append(rules, r)
	}
	return recognize.Result{Rules: rules}
}

// versionCases are a version rule's own cases: the version changed in a alone, with
// b, and another line of a changed.
func versionCases(a, b string) []policy.Case {
	text := func(v, extra string) string {
		switch {
		case path.Base(a) == "package.json":
			return "{\n  \"name\": \"app\",\n  \"version\": \"" + v + "\"" + extra + "\n}\n"
		case strings.HasSuffix(a, ".cfg"):
			return "[metadata]\nversion = " + v + "\n" + extra + "\n"
		case strings.HasSuffix(a, ".toml"):
			return "[package]\nversion = \"" + v + "\"\n" + extra + "\n"
		}
		return "version = \"" + v + "\"\n" + extra + "\n"
	}
	extra := "# notes"
	if path.Base(a) == "package.json" {
		extra = ",\n  \"private\": true"
	}
	before := map[string]string{a: text("1.0.0", ""), b: "x\n"}
	return []policy.Case{
		{Expect: policy.ExpectViolated, Path: a, Code: text("1.1.0", ""), Changed: []string{a}, Files: before, Note: "the version changed in one file"},
		{Expect: policy.ExpectSatisfied, Path: a, Code: text("1.1.0", ""), Changed: []string{a, b}, Files: before, Note: "in both"},
		{Expect: policy.ExpectInapplicable, Path: a, Code: text("1.0.0", extra), Changed: []string{a}, Files: before, Note: "another line of the file"},
	}
}

// dependencyCases are a notices rule's own cases, on a go.mod: a dependency added
// alone, with the notices file, and the bump of one it lists.
func dependencyCases(notice string) []policy.Case {
	mod := func(deps ...string) string {
		return "module example.com/app\n\ngo 1.22\n\nrequire (\n\t" + strings.Join(deps, "\n\t") + "\n)\n"
	}
	before := map[string]string{"go.mod": mod("github.com/acme/log v1.0.0"), notice: "github.com/acme/log (MIT)\n"}
	return []policy.Case{
		{Expect: policy.ExpectViolated, Path: "go.mod", Code: mod("github.com/acme/log v1.0.0", "github.com/other/yaml v2.0.0"), Changed: []string{"go.mod"}, Files: before, Note: "a new dependency alone"},
		{Expect: policy.ExpectSatisfied, Path: "go.mod", Code: mod("github.com/acme/log v1.0.0", "github.com/other/yaml v2.0.0"), Changed: []string{"go.mod", notice}, Files: before, Note: "listed in the same change"},
		{Expect: policy.ExpectInapplicable, Path: "go.mod", Code: mod("github.com/acme/log v1.1.0"), Changed: []string{"go.mod"}, Files: before, Note: "a listed dependency bumped"},
	}
}

// versionFilesOfFrame reads an item of a list whose lead-in (with the heading over it)
// keeps a version equal across the files the items name ("The version must be bumped
// in both places at once:" over "- `package.json`", "- `src/version.ts`"): the item's
// own file first, then its siblings' files. Nil when the item names other than one
// file, the frame says no such thing, or fewer than two items name a file.
func versionFilesOfFrame(c *policy.Constraint, rc *recognize.RepoContext) []string {
	if rc == nil || c.Context == "" {
		return nil
	}
	frame := recognize.Lower(c.Context)
	if len(c.HeaderPath) > 0 {
		frame = recognize.Lower(c.HeaderPath[len(c.HeaderPath)-1]) + " " + frame
	}
	if !norm.KeepsVersionEqual(frame) || norm.AtRelease(frame) {
		return nil
	}
	one := func(o *policy.Constraint) string {
		fs := namedFiles(read(o))
		if len(fs) != 1 || strings.HasPrefix(fs[0], "@") || !strings.Contains(path.Base(fs[0]), ".") && !strings.HasPrefix(strings.ToUpper(path.Base(fs[0])), "VERSION") {
			return ""
		}
		return fs[0]
	}
	own := one(c)
	if own == "" {
		return nil
	}
	out := []string{own}
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.File != c.File || o.ID == c.ID || o.Context != c.Context || !slices.Equal(o.HeaderPath, c.HeaderPath) {
			continue
		}
		if f := one(o); f != "" && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}
