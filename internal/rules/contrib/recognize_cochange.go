package contrib

import (
	"github.com/heed-dev/heed/internal/layout"
	"path"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// coChangeRules lowers the co-changes norm reads (norm.CoChangesIn) beyond "when you
// change X, update Y": a lockfile with its manifest, generated code with its source,
// a migration with a model change, the files a heading or a table says to update.
// Paths are placed in the instruction file's folder (or at the root, where only the
// root holds them); roles are resolved against the repository's folders. A side heed
// cannot place gives no rule. Test demands are the co-change recogniser's; a
// changelog named by a path is read here, one named by a word there.
func coChangeRules(c *policy.Constraint, s sentence, rc *recognize.RepoContext) []policy.Rule {
	if norm.LeftToJudgement(s.text) && !norm.UnlessMinor(s.text) {
		return nil
	}
	var rules []policy.Rule
	for _, cc := range norm.CoChangesIn(c.Text, norm.CoFrame{Headings: c.HeaderPath, Context: c.Context}) {
		if coChangelogTarget(cc.Then) {
			// "Changes that only touch tests or documentation don't need an entry."
			// in another paragraph of the section
			cc.Exempt = append(cc.Exempt, sectionExemptions(c, rc)...)
		}
		ifs := coGlobs(cc.If, cc.IfRoles, c, rc)
		if cc.Dependencies {
			// "when you add a dependency to `@acme/core`": the package's manifest,
			// whose dependency lines the rule reads
			ifs = packageManifests(cc.If, rc, ifs)
		}
		thens := coGlobs(cc.Then, cc.ThenRoles, c, rc)
		if len(ifs) == 0 || len(thens) == 0 {
			continue
		}
		if len(cc.ThenRoles) == 0 && allTests(cc.Then) && !lazyre.New(`\b(?:fixtures?|snapshots?|golden|goldens|expected outputs?)\b`).MatchString(s.text) {
			continue // "add tests under `tests/`": the test recogniser's
		}
		if slices.Contains(cc.IfRoles, norm.CoCode) && allCode(thens) {
			// "Adding a new feature" over "1. Create the model in `domain/model/`":
			// the feature's code is what the condition stands for, so a demand on
			// code is a step of writing it, and asked of every code change it flags
			// all the others
			continue
		}
		if len(cc.IfRoles) == 1 && cc.IfRoles[0] == norm.CoAny {
			if d := headingDir(c); d != "" {
				ifs = []string{"/" + path.Join(c.Scope.Dir, d) + "/**"}
			}
		}
		unless := append([]string(nil), thens...)
		for _, e := range cc.Exempt {
			switch e {
			case "tests":
				unless = append(unless, testGlobs()...)
			case "docs":
				unless = append(unless, docGlobs...)
			}
		}
		if coChangelogTarget(cc.Then) && len(cc.Exempt) == 0 {
			// a changelog entry follows code changes, not its own tests
			unless = append(unless, testGlobs()...)
		}
		component := norm.ComponentOwnFile(strings.ToLower(s.raw)) && len(cc.ThenRoles) == 0
		if component {
			// "every change to a plugin needs an entry in its CHANGELOG.md": the
			// changed component's own file
			thens = componentNames(thens)
			unless = append([]string(nil), thens...)
			if coChangelogTarget(cc.Then) && len(cc.Exempt) == 0 {
				unless = append(unless, testGlobs()...)
			}
		}
		r := pairRule(s, ifs, thens)
		var p CochangeParams
		_ = decodeRaw(r.Params, &p)
		p.Unless, p.Added, p.Component = unless, cc.Added, component
		if cc.Dependencies && allManifests(ifs) {
			// "if you change the dependencies in `pyproject.toml`, commit `uv.lock`":
			// a touched dependency line, not any change to the manifest
			p.When = WhenDependencies
		}
		if slices.Contains(cc.IfRoles, norm.CoCode) {
			// "when adding a notable feature, record it in §0": the code stands for the
			// feature; tests and documentation are none
			p.Unless = append(p.Unless, testGlobs()...)
			p.Unless = append(p.Unless, docGlobs...)
		}
		if slices.Contains(cc.IfRoles, norm.CoDeprecation) {
			// "every deprecation": code whose touched lines deprecate something
			p.Lines = deprecationLines
			p.Unless = append(p.Unless, testGlobs()...)
		}
		if cc.What != "" && !strings.HasPrefix(cc.What, "it") {
			p.Need = cc.What + " (" + strings.Join(trimRoot(thens), " or ") + ")"
		}
		var readings []string
		if len(cc.IfRoles)+len(cc.ThenRoles) > 0 {
			readings = append(readings, coRoleReading(cc, ifs, thens))
		}
		if cc.Added {
			readings = append(readings, "only files the change adds count")
		}
		if cc.Approx != "" {
			readings = append(readings, cc.Approx)
		}
		if p.Lines != "" {
			readings = append(readings, "a code line the change adds or modifies that mentions a deprecation stands for one")
		}
		p.Reading = strings.Join(readings, "; ")
		r.Params = mustJSON(p)
		r.Cases = coCases(ifs, thens, cc.Added)
		if p.Lines != "" {
			r.Cases = linesCases(example(thens[0]))
		}
		if component {
			r.Cases = componentCases(thens[0])
		}
		if len(cc.IfRoles)+len(cc.ThenRoles) > 0 {
			r.Exact = false
		}
		if cc.Approx != "" || p.Lines != "" {
			r.Exact, r.Severity = false, policy.SeverityWarning
		}
		if slices.Contains(cc.Exempt, norm.CoExemptJudged) {
			// "Refactors don't need one.": which changes the exemption covers is
			// the author's call, so heed only reminds
			r.Severity = policy.SeverityWarning
			r.Review = "the sentence exempts a kind of change heed cannot tell from the change's files"
		}
		if cc.Judgement {
			r.Severity = policy.SeverityWarning
			r.Review = "which changes need it is the author's judgement: heed asks on every change the sentence's files cover"
		}
		rules = append(rules, r)
	}
	return rules
}

// packageManifests replaces the folders of the packages a side names by name with
// their manifests (package.json, Cargo.toml); other globs stay.
func packageManifests(paths []string, rc *recognize.RepoContext, globs []string) []string {
	var out []string
	for _, p := range paths {
		name, ok := strings.CutPrefix(p, norm.CoPackagePrefix)
		if !ok {
			continue
		}
		dir, found := rc.PackageDir(name)
		if !found {
			return globs
		}
		manifest := "package.json"
		for _, w := range rc.Crates {
			if w.Dir == dir && !slices.ContainsFunc(rc.Workspace, func(x recognize.WorkspacePackage) bool { return x.Dir == dir }) {
				manifest = "Cargo.toml"
			}
		}
		out = append(out, "/"+path.Join(dir, manifest))
	}
	if len(out) == 0 {
		return globs
	}
	return out
}

// allManifests reports whether every glob names a manifest whose dependency lines
// heed reads (manifestGlobs).
func allManifests(globs []string) bool {
	for _, g := range globs {
		if !matchesAny(manifestGlobs, strings.TrimPrefix(g, "/")) {
			return false
		}
	}
	return len(globs) > 0
}

// sectionExemptions are the kinds of change ("tests", "docs") that another sentence
// of c's section, under the same headings of the same file, exempts from a co-change
// without stating one of its own (norm.CoExemptions).
func sectionExemptions(c *policy.Constraint, rc *recognize.RepoContext) []string {
	if rc == nil {
		return nil
	}
	var out []string
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.File != c.File || o.Line == c.Line && o.Text == c.Text || !slices.Equal(o.HeaderPath, c.HeaderPath) {
			continue
		}
		for _, e := range norm.CoExemptions(o.Text) {
			if !slices.Contains(out, e) {
				out = append(out, e)
			}
		}
	}
	return out
}

// deprecationLines: a line that deprecates something (a warning, a decorator, a
// helper named for it).
const deprecationLines = `(?i)deprecat`

// allCode reports whether every glob names code: a file with a code extension, or a
// folder that is no place of documentation, changelogs or translations.
func allCode(globs []string) bool {
	for _, g := range globs {
		g = strings.TrimPrefix(g, "/")
		if dir, ok := strings.CutSuffix(g, "/**"); ok {
			if notCodeFolderRE.MatchString(dir) {
				return false
			}
			continue
		}
		if !layout.CodeFile(g) {
			return false
		}
	}
	return len(globs) > 0
}

var notCodeFolderRE = lazyre.New(`(?i)(?:^|/)(?:docs?|documentation|wiki|guides?|changelogs?|changelog\.d|\.changeset|changes|newsfragments|release[-_]?notes|i18n|l10n|locales?|translations?|lang|messages|assets|public|static|examples?|samples?|fixtures|testdata|tests?|specs?|migrations?|\.github)(?:/|$)`)

var docGlobs = []string{"**/docs/**", "**/doc/**", "**/*.md", "**/*.rst", "**/*.mdx", "**/*.txt"}

func decodeRaw(raw []byte, v any) error {
	r := policy.Rule{Params: raw}
	return decodeParams(&r, v)
}

func allTests(ps []string) bool {
	for _, p := range ps {
		if !lazyre.New(`(?i)(^|/)(tests?|__tests__|spec|specs)(/|$)|_test\.|\.test\.|\.spec\.|(^|/)test_`).MatchString(p) {
			return false
		}
	}
	return len(ps) > 0
}

func coChangelogTarget(ps []string) bool {
	for _, p := range ps {
		if changelogSpan.MatchString(strings.TrimSuffix(p, "/")) || lazyre.New(`(?i)(^|/)(\.changeset|changelog\.d|newsfragments|changes)/?$`).MatchString(strings.TrimSuffix(p, "/")) {
			return true
		}
	}
	return false
}

// headingDir is the folder the innermost heading over c names on its own ("In
// `packages/ui/`", "`web/`", "Changes under `api/`"), or "".
func headingDir(c *policy.Constraint) string {
	if len(c.HeaderPath) == 0 {
		return ""
	}
	h := c.HeaderPath[len(c.HeaderPath)-1]
	spans := recognize.CodeSpans(h)
	if len(spans) != 1 || !dirSpanRE.MatchString(spans[0]) {
		return ""
	}
	rest := strings.Fields(recognize.Lower(h))
	if len(rest) > 3 {
		return ""
	}
	return strings.Trim(strings.TrimPrefix(spans[0], "./"), "/")
}

// coGlobs places the paths and roles of one side.
func coGlobs(paths, roles []string, c *policy.Constraint, rc *recognize.RepoContext) []string {
	var out []string
	for _, p := range paths {
		if name, ok := strings.CutPrefix(p, norm.CoPackagePrefix); ok {
			// "the `acme-core` crate", "`@acme/schema`": the package's folder, as
			// its manifest places it; a name no manifest of the repository declares
			// leaves the side unplaced (never every file)
			dir, found := rc.PackageDir(name)
			if !found {
				return nil
			}
			if dir == "" {
				out = append(out, "**")
				continue
			}
			out = append(out, "/"+dir+"/**")
			continue
		}
		out = append(out, coPlace(p, c, rc))
	}
	for _, r := range roles {
		out = append(out, roleGlobs(r, c, rc)...)
	}
	return out
}

// coPlace turns a path as written into a glob: in the instruction file's folder; a
// glob without "/" matches file names at any depth there; a folder its contents.
func coPlace(p string, c *policy.Constraint, rc *recognize.RepoContext) string {
	p = strings.TrimPrefix(strings.TrimPrefix(p, "./"), "/")
	dir := c.Scope.Dir
	if !strings.Contains(strings.TrimSuffix(p, "/"), "/") && strings.ContainsAny(p, "*?{[") {
		if dir == "" || dir == "." {
			return p
		}
		return "/" + dir + "/**/" + p
	}
	if dir != "" && dir != "." && rc != nil && len(rc.Dirs) > 0 {
		// a path the root holds and the instruction's folder does not: the root's
		first := strings.SplitN(strings.TrimSuffix(p, "/"), "/", 2)[0]
		if strings.Contains(strings.TrimSuffix(p, "/"), "/") && hasDir(rc, first) && !hasDir(rc, path.Join(dir, first)) {
			dir = ""
		}
	}
	if strings.HasSuffix(p, "/") && !strings.Contains(strings.TrimSuffix(p, "/"), "/") && rc != nil && len(rc.Dirs) > 0 &&
		!hasDir(rc, path.Join(dir, p)) && nestedDir(rc, dir, strings.TrimSuffix(p, "/")) {
		// "update its snapshot in `__snapshots__/`": a folder name the tree holds
		// below the instruction's folder, not at it
		return "/" + path.Join(dir, "**", p) + "/**"
	}
	g := "/" + path.Join(dir, p)
	if strings.HasSuffix(p, "/") {
		g += "/**"
	}
	return g
}

// nestedDir reports whether a folder named name sits anywhere below dir.
func nestedDir(rc *recognize.RepoContext, dir, name string) bool {
	for _, d := range rc.Dirs {
		if path.Base(d) == name && (dir == "" || dir == "." || strings.HasPrefix(d, dir+"/")) {
			return true
		}
	}
	return false
}

func hasDir(rc *recognize.RepoContext, d string) bool {
	for _, x := range rc.Dirs {
		if x == d {
			return true
		}
	}
	return false
}

// roleGlobs resolves a kind of file against the repository's folders: the folders
// whose name says they hold it, else (with no layout known) the usual places. A
// role with no place in a known layout gives nothing.
func roleGlobs(role string, c *policy.Constraint, rc *recognize.RepoContext) []string {
	var dirs []string
	known := rc != nil && len(rc.Dirs) > 0
	within := func(d string) bool {
		sd := c.Scope.Dir
		return sd == "" || sd == "." || d == sd || strings.HasPrefix(d, sd+"/")
	}
	find := func(names ...string) {
		if !known {
			return
		}
		for _, d := range rc.Dirs {
			if !within(d) || lazyre.New(`(^|/)(vendor|node_modules|third_party|testdata|fixtures|examples?|docs?|tests?)(/|$)`).MatchString(path.Dir(d)+"/") {
				continue
			}
			for _, n := range names {
				if path.Base(d) == n || strings.Contains(n, "/") && (d == n || strings.HasSuffix(d, "/"+n)) {
					dirs = append(dirs, "/"+d+"/**")
				}
			}
		}
	}
	switch role {
	case norm.CoAny:
		if c.Scope.Dir != "" && c.Scope.Dir != "." {
			return []string{"/" + c.Scope.Dir + "/**"}
		}
		return []string{"**"}
	case norm.CoModel:
		find("models")
		if !known {
			return []string{"**/models/**", "**/models.py"}
		}
		if rc.HasLanguage(engine.LangPython) {
			dirs = append(dirs, "**/models.py")
		}
		// (a repository with neither a models folder nor Python has no model files
		// heed can name: "permission model" in a Rust project is no file)
		return dirs
	case norm.CoMigration:
		find("migrations", "migrate", "alembic/versions")
		if !known {
			return []string{"**/migrations/**", "**/migrate/**"}
		}
		return dirs
	case norm.CoPublicAPI:
		find("include")
		return dirs
	case norm.CoDocs:
		find("docs", "doc")
		if !known {
			return []string{"**/docs/**", "**/doc/**"}
		}
		return dirs
	case norm.CoSchema:
		return []string{"**/schema.sql", "**/schema.prisma", "**/schema.rb", "**/structure.sql"}
	case norm.CoDeprecation, norm.CoCode:
		return layout.CodeGlobs()
	case norm.CoNewPackage:
		return newPackageGlobs(rc)
	}
	return nil
}

// newPackageGlobs are the manifests a new package of the workspace adds: one beside
// each folder that holds packages already ("/packages/*/package.json"); none when
// the repository has no packages below its root.
func newPackageGlobs(rc *recognize.RepoContext) []string {
	if rc == nil {
		return nil
	}
	var out []string
	add := func(ws []recognize.WorkspacePackage, manifest string) {
		for _, w := range ws {
			if w.Dir == "" || vendoredDir(w.Dir) {
				continue
			}
			g := "/" + path.Join(path.Dir(w.Dir), "*", manifest)
			if path.Dir(w.Dir) == "." {
				g = "/*/" + manifest
			}
			if !slices.Contains(out, g) {
				out = append(out, g)
			}
		}
	}
	add(rc.Workspace, "package.json")
	add(rc.Crates, "Cargo.toml")
	return out
}

// vendoredDir: a folder of examples, fixtures or third-party code, whose packages
// are no members of the workspace a sentence speaks of.
func vendoredDir(d string) bool {
	return lazyre.New(`(^|/)(node_modules|vendor|third_party|examples?|fixtures|testdata|tests?)(/|$)`).MatchString(d)
}

// coRoleReading states how the roles were placed, for the rule's reading.
func coRoleReading(cc norm.CoChange, ifs, thens []string) string {
	var parts []string
	for _, r := range cc.IfRoles {
		if r != norm.CoAny {
			parts = append(parts, r+" files are "+strings.Join(trimRoot(ifs), ", "))
		}
	}
	for _, r := range cc.ThenRoles {
		parts = append(parts, r+" files are "+strings.Join(trimRoot(thens), ", "))
	}
	if len(parts) == 0 {
		return "every file the change touches counts"
	}
	return strings.Join(parts, "; ") + " (placed by the repository's folders)"
}

// coCases are the rule's own cases: the trigger alone, with its companion, and a
// change of neither. For a rule about added files the repository holds another file,
// so the trigger reads as new.
func coCases(ifs, thens []string, added bool) []policy.Case {
	ex := example(ifs[0])
	if ex == "sub" || ex == "" {
		ex = "src/main.go"
	}
	other := "unrelated/other.txt"
	if policy.MatchGlob(ifs[0], "", other) {
		other = ""
	}
	var files map[string]string
	if added {
		files = map[string]string{"README.md": "x\n"}
	}
	cases := []policy.Case{
		{Expect: policy.ExpectViolated, Changed: []string{ex}, Files: files, Note: "the first file changed alone"},
		{Expect: policy.ExpectSatisfied, Changed: []string{ex, example(thens[0])}, Files: files, Note: "both changed"},
	}
	if other != "" {
		cases = append(cases, policy.Case{Expect: policy.ExpectInapplicable, Changed: []string{other}, Note: "neither changed"})
	}
	return cases
}

// linesCases are the own cases of a rule triggered by what the change's lines do (a
// deprecation): such a line alone, with the companion file, and another line.
func linesCases(then string) []policy.Case {
	before := map[string]string{"src/lib.py": "def f():\n    return 1\n", then: "x\n"}
	dep := "import warnings\n\ndef f():\n    warnings.warn('f is deprecated', DeprecationWarning)\n    return 1\n"
	return []policy.Case{
		{Expect: policy.ExpectViolated, Path: "src/lib.py", Code: dep, Changed: []string{"src/lib.py"}, Files: before, Note: "a deprecation alone"},
		{Expect: policy.ExpectSatisfied, Path: "src/lib.py", Code: dep, Changed: []string{"src/lib.py", then}, Files: before, Note: "with its companion"},
		{Expect: policy.ExpectInapplicable, Path: "src/lib.py", Code: "def f():\n    return 2\n", Changed: []string{"src/lib.py"}, Files: before, Note: "a change that deprecates nothing"},
	}
}
