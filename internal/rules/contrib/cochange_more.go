package contrib

import (
	"errors"
	"path"
	"regexp"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
)

// What a co-change rule reads beyond the change's paths: the repository's tree (a
// component's own changelog, a file the sentence names that the repository does not
// keep) and the lines the change touched in a manifest (a version set, a dependency
// added).

// knownTree reports whether ev's tree says which files the repository holds: a
// case's empty snapshot says nothing.
func knownTree(ev *engine.Evidence) bool {
	if ev.Tree == nil {
		return false
	}
	if m, ok := ev.Tree.(engine.MapSnapshot); ok && len(m) == 0 {
		return false
	}
	return true
}

// inTree reports whether the tree holds p, or the change touches it.
func inTree(ev *engine.Evidence, p string, changed map[string]bool) bool {
	if changed[p] {
		return true
	}
	_, err := ev.Tree.Read(p)
	var nf *engine.NotFoundError
	return err == nil || !errors.As(err, &nf)
}

// concreteFile is a glob that names one file: a rooted path without wildcards.
func concreteFile(g string) (string, bool) {
	if !strings.HasPrefix(g, "/") || strings.ContainsAny(g, "*?[{") || strings.HasSuffix(g, "/") {
		return "", false
	}
	return strings.TrimPrefix(g, "/"), true
}

// absentThen reports the file the rule asks for when every Then names one file and
// the repository keeps none of them: "update HISTORY.txt" where there is no such
// file asks nothing heed can judge.
func (c *cochangeCheck) absentThen(ev *engine.Evidence) (string, bool) {
	if !knownTree(ev) {
		return "", false
	}
	changed := map[string]bool{}
	for _, p := range ev.Changed {
		changed[p] = true
	}
	var names []string
	for _, g := range c.p.Then {
		f, ok := concreteFile(g)
		if !ok || inTree(ev, f, changed) {
			return "", false
		}
		names = append(names, f)
	}
	return strings.Join(names, " or "), len(names) > 0
}

// judgeComponents judges a rule whose Then is each component's own file: every
// triggering path needs the file of the nearest folder above it (within the rule's
// scope) that keeps one.
func (c *cochangeCheck) judgeComponents(ev *engine.Evidence, deleted map[string]bool) engine.Result {
	if !knownTree(ev) {
		return undetermined("the repository's files could not be read to find each component's " + strings.Join(c.p.Then, " or "))
	}
	changed := map[string]bool{}
	for _, p := range ev.Changed {
		if !deleted[p] {
			changed[p] = true
		}
	}
	var missing, shown []string
	var related []engine.Location
	seen := map[string]bool{}
	for _, p := range c.triggers(ev) {
		own := c.componentFile(ev, p, changed)
		if own == "" || changed[own] || seen[own] {
			continue
		}
		seen[own] = true
		missing = append(missing, own)
		shown = append(shown, p)
		related = append(related, engine.Location{Path: p, Message: "changed by the change"},
			engine.Location{Path: own, Message: "needed to change with " + p + " (its component's file), and did not"})
	}
	if len(missing) == 0 {
		return satisfied("each component the change touches has its " + strings.Join(c.p.Then, " or ") + " changed, or keeps none")
	}
	msg := "the change touches " + strings.Join(shown, ", ") + " but not " + strings.Join(missing, ", ") + ", the file of its own component"
	if c.p.Reading != "" {
		msg += " (" + c.p.Reading + ")"
	}
	f := engine.Finding{CommandIndex: -1, Change: true, Message: msg, Snippet: strings.Join(shown, "\n"),
		Suggestion: "add an entry to " + strings.Join(missing, ", "), Related: related}
	return violated(f)
}

// componentFile returns the Then file of the nearest folder above p that keeps one
// (p's own folder first, the rule's scope the last), or "".
func (c *cochangeCheck) componentFile(ev *engine.Evidence, p string, changed map[string]bool) string {
	stop := strings.Trim(c.scope.Dir, "/")
	if stop == "." {
		stop = ""
	}
	for d := path.Dir(p); ; d = path.Dir(d) {
		if d == "." {
			d = ""
		}
		for _, name := range c.p.Then {
			f := path.Join(d, strings.TrimPrefix(name, "/"))
			if inTree(ev, f, changed) {
				return f
			}
		}
		if d == "" || d == stop {
			return ""
		}
	}
}

// whenHolds reports whether the change to p does what the rule's When names. A file
// heed did not read does not.
func (c *cochangeCheck) whenHolds(ev *engine.Evidence, p string) bool {
	f := ev.WithContent(ev.File(p))
	if f == nil {
		return false
	}
	if c.p.Lines != "" && !touchedMatch(f, c.p.Lines) {
		return false
	}
	switch c.p.When {
	case WhenVersion:
		return setsVersion(f)
	case WhenDependency:
		return len(c.unlisted(ev, touchedDependencies(f))) > 0
	case WhenDependencies:
		return len(dependencyLines(f, true)) > 0
	}
	return true
}

// unlisted are the names the Then files of the tree do not mention.
func (c *cochangeCheck) unlisted(ev *engine.Evidence, names []string) []string {
	var text strings.Builder
	if ev.Tree != nil {
		for _, g := range c.p.Then {
			if f, ok := concreteFile(g); ok {
				if b, err := ev.Tree.Read(f); err == nil {
					text.WriteString(strings.ToLower(string(b)))
					text.WriteByte('\n')
				}
			}
		}
	}
	all := text.String()
	var out []string
	for _, n := range names {
		ln := strings.ToLower(n)
		if strings.Contains(all, ln) {
			continue
		}
		// a Go module listed by its last elements ("yaml.v3" for gopkg.in/yaml.v3)
		if i := strings.LastIndexByte(ln, '/'); i > 0 && strings.Count(ln, "/") >= 2 && strings.Contains(all, ln[strings.LastIndexByte(ln[:i], '/')+1:]) {
			continue
		}
		out = append(out, n)
	}
	return out
}

// touchedLines returns f's lines with whether the change touched each.
func touchedLines(f *engine.File) ([]string, func(i int) bool) {
	lines := strings.Split(string(f.Content), "\n")
	return lines, func(i int) bool { return f.Touched == nil || f.Touched[i+1] }
}

var (
	tomlSectionRE = lazyre.New(`^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$`)
	versionKeyRE  = lazyre.New(`(?i)^\s*"?(version|__version__|VERSION)"?\s*[:=]`)
	versionLitRE  = lazyre.New(`(?i)\bversion\b.*\b[0-9]+\.[0-9]+(\.[0-9]+)?\b|__version__|\b[0-9]+\.[0-9]+\.[0-9]+\b`)
)

// setsVersion reports whether the change to f touches the line that sets the
// project's version: the top-level "version" of package.json, the version key of a
// TOML or INI manifest's project section, any line of a VERSION file, or a version
// assignment elsewhere.
func setsVersion(f *engine.File) bool {
	lines, touched := touchedLines(f)
	base := path.Base(f.Path)
	switch {
	case base == "package.json" || base == "composer.json" || base == "manifest.json":
		depth := 0
		for i, l := range lines {
			if depth == 1 && touched(i) && versionKeyRE.MatchString(l) {
				return true
			}
			depth += strings.Count(l, "{") - strings.Count(l, "}")
		}
		return false
	case strings.HasSuffix(base, ".toml") || strings.HasSuffix(base, ".cfg"):
		section := ""
		for i, l := range lines {
			if m := tomlSectionRE.FindStringSubmatch(l); m != nil {
				section = m[1]
				continue
			}
			if touched(i) && versionKeyRE.MatchString(l) && projectSectionRE.MatchString(section) {
				return true
			}
		}
		return false
	case strings.HasPrefix(strings.ToUpper(base), "VERSION"):
		for i := range lines {
			if touched(i) && strings.TrimSpace(lines[i]) != "" {
				return true
			}
		}
		return false
	}
	for i, l := range lines {
		if touched(i) && (versionKeyRE.MatchString(l) || versionLitRE.MatchString(l)) {
			return true
		}
	}
	return false
}

var projectSectionRE = lazyre.New(`^(project|package|workspace\.package|tool\.poetry|metadata|tool\.flit\.metadata)$`)

var (
	goRequireRE  = lazyre.New(`^\s*(?:require\s+)?([a-z0-9.-]+\.[a-z]{2,}/[^\s]+)\s+v[0-9]`)
	jsonDepRE    = lazyre.New(`^\s*"([^"]+)"\s*:\s*"`)
	tomlDepRE    = lazyre.New(`^\s*([A-Za-z0-9_.-]+)\s*=`)
	pyReqRE      = lazyre.New(`^\s*["']?([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(?:[<>=!~;@ ,"']|$)`)
	gemRE        = lazyre.New(`^\s*gem\s+["']([^"']+)["']`)
	gemGroupRE   = lazyre.New(`^\s*group\b.*:(development|test)\b`)
	jsonKeyOpen  = lazyre.New(`^\s*"([A-Za-z]+)"\s*:\s*\{`)
	tomlArrayRE  = lazyre.New(`^\s*dependencies\s*=\s*\[`)
	devSectionRE = lazyre.New(`(?i)dev|test|build|lint|doc`)
)

// touchedDependencies returns the dependencies the change's added lines of a
// manifest declare: go.mod requirements (not indirect ones), package.json's
// dependencies, peer and optional dependencies, Cargo's and Poetry's dependency
// tables, pyproject's dependencies array, requirements files, a Gemfile's gems;
// development and test dependencies are none of them. Another file declares none.
func touchedDependencies(f *engine.File) []string { return dependencyLines(f, false) }

// dependencyLines returns the dependencies the change's touched lines of a manifest
// declare, as touchedDependencies does; bumps keeps those whose line only changed
// their version too.
func dependencyLines(f *engine.File, bumps bool) []string {
	lines, touched := touchedLines(f)
	base := path.Base(f.Path)
	var out []string
	// add keeps a dependency the change declares, unless its line replaced one that
	// declared it already (a version changed): that dependency is not new.
	add := func(i int, name string, find func(string) []string) {
		if was, ok := f.Was(i + 1); ok && !bumps {
			if m := find(was); m != nil && strings.EqualFold(m[1], name) {
				return
			}
		}
		out = append(out, name)
	}
	switch {
	case base == "go.mod":
		for i, l := range lines {
			if m := goRequireRE.FindStringSubmatch(l); m != nil && touched(i) && !strings.Contains(l, "// indirect") {
				add(i, m[1], goRequireRE.FindStringSubmatch)
			}
		}
	case base == "package.json":
		section, depth := "", 0
		for i, l := range lines {
			if m := jsonKeyOpen.FindStringSubmatch(l); m != nil && depth == 1 {
				section = m[1]
			}
			if depth == 2 && touched(i) && (section == "dependencies" || section == "peerDependencies" || section == "optionalDependencies") {
				if m := jsonDepRE.FindStringSubmatch(l); m != nil {
					add(i, m[1], jsonDepRE.FindStringSubmatch)
				}
			}
			depth += strings.Count(l, "{") - strings.Count(l, "}")
		}
	case base == "Cargo.toml" || base == "pyproject.toml":
		section, inArray := "", false
		for i, l := range lines {
			if m := tomlSectionRE.FindStringSubmatch(l); m != nil {
				section, inArray = m[1], false
				continue
			}
			if section == "project" && tomlArrayRE.MatchString(l) {
				inArray = !strings.Contains(l, "]")
				continue
			}
			switch {
			case inArray:
				if strings.HasPrefix(strings.TrimSpace(l), "]") {
					inArray = false
					continue
				}
				if m := pyReqRE.FindStringSubmatch(l); m != nil && touched(i) {
					add(i, m[1], pyReqRE.FindStringSubmatch)
				}
			case depTableRE.MatchString(section) && !devSectionRE.MatchString(section):
				if m := tomlDepRE.FindStringSubmatch(l); m != nil && touched(i) && m[1] != "python" {
					add(i, m[1], tomlDepRE.FindStringSubmatch)
				}
			}
		}
	case requirementsRE.MatchString(base):
		for i, l := range lines {
			t := strings.TrimSpace(l)
			if t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "-") || !touched(i) {
				continue
			}
			if m := pyReqRE.FindStringSubmatch(l); m != nil {
				add(i, m[1], pyReqRE.FindStringSubmatch)
			}
		}
	case base == "Gemfile":
		dev := false
		for i, l := range lines {
			t := strings.TrimSpace(l)
			switch {
			case gemGroupRE.MatchString(l):
				dev = true
			case t == "end":
				dev = false
			}
			if m := gemRE.FindStringSubmatch(l); m != nil && touched(i) && !dev {
				add(i, m[1], gemRE.FindStringSubmatch)
			}
		}
	}
	return out
}

var requirementsRE = lazyre.New(`^requirements\.(txt|in)$`)

var depTableRE = lazyre.New(`(^|\.)dependencies$|^tool\.poetry\.dependencies$`)

// componentChangelogs are the names a component's changelog goes by, for sentences
// that do not name the file.
var componentChangelogs = []string{"CHANGELOG.md", "CHANGES.md", "CHANGELOG.rst", "CHANGES.rst", "CHANGELOG", "HISTORY.md", "NEWS.md", "CHANGELOG.txt"}

// componentNames turns the changelog globs a sentence names into the file names a
// component keeps ("/CHANGELOG.md" is "CHANGELOG.md" of each component).
func componentNames(then []string) []string {
	var out []string
	for _, g := range then {
		b := path.Base(g)
		if !strings.ContainsAny(b, "*?[{") {
			out = append(out, b)
		}
	}
	if len(out) == 0 {
		return componentChangelogs
	}
	return out
}

// componentCases are a component-changelog rule's own cases: a component's file
// changed alone, with its changelog, and with another component's.
func componentCases(name string) []policy.Case {
	files := map[string]string{"pkgs/a/" + name: "x\n", "pkgs/b/" + name: "x\n", "pkgs/a/src/lib.go": "x\n", "pkgs/b/src/lib.go": "x\n"}
	return []policy.Case{
		{Expect: policy.ExpectViolated, Changed: []string{"pkgs/a/src/lib.go"}, Files: files, Note: "a component's code without its changelog"},
		{Expect: policy.ExpectViolated, Changed: []string{"pkgs/a/src/lib.go", "pkgs/b/" + name}, Files: files, Note: "another component's changelog"},
		{Expect: policy.ExpectSatisfied, Changed: []string{"pkgs/a/src/lib.go", "pkgs/a/" + name}, Files: files, Note: "its own changelog"},
	}
}

// touchedMatch reports whether a line of f the change touched matches expr.
func touchedMatch(f *engine.File, expr string) bool {
	re, err := regexp.Compile(expr)
	if err != nil {
		return false
	}
	lines, touched := touchedLines(f)
	for i, l := range lines {
		if touched(i) && re.MatchString(l) {
			return true
		}
	}
	return false
}
