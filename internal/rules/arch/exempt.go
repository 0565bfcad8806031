package arch

import (
	"encoding/json"
	"path"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/uniq"
)

// Test files left out of a boundary. A project says it in the boundary's own sentence
// ("`store` must not import `testkit` outside its tests", "(tests excepted)"), in its
// list item's lead-in, in a heading above it ("Import rules (test files excepted)"), or
// once for a whole section, in a sentence of the section or of a section above it
// ("Test files (`_test.go`) are outside these boundaries", "These rules do not apply to
// `_test.go` files"). The boundary's rules then leave those files out of their scope:
// an import in a test is no finding, and `heed rules --for` a test file does not list
// them. The test files are the kinds the exempting text names (`_test.go`,
// `test_*.py`), else the repository's languages' usual test files.

// testExemption returns the globs of the test files the constraint's boundary leaves
// out, or nil when nothing exempts them.
func testExemption(c *policy.Constraint, rc *recognize.RepoContext) []string {
	var named []string
	exempt := false
	note := func(text string) {
		exempt = true
		for _, sp := range recognize.CodeSpans(text) {
			if sub, ok := resolveSpan(sp, nil, nil); ok && sub.fileKind {
				named = append(named, sub.globs...)
			}
		}
	}
	if norm.TestsExempted(c.Text) {
		note(c.Text)
	}
	if c.Context != "" && (norm.TestsExempted(c.Context) || norm.TestsFramedOut(c.Context)) {
		note(c.Context)
	}
	for _, h := range c.HeaderPath {
		if norm.TestsExempted(h) {
			note(h)
		}
	}
	if rc != nil {
		for i := range rc.Constraints {
			o := &rc.Constraints[i]
			if o.File != c.File || o.Line == c.Line && o.Text == c.Text || !headerWithin(o.HeaderPath, c.HeaderPath) {
				continue
			}
			if norm.TestsFramedOut(o.Text) {
				note(o.Text)
			}
		}
	}
	if !exempt && jvmModules(c, rc) {
		// "`client` cannot depend on `server`" under "Module dependency rules" in a
		// Maven or Gradle build: a module's dependencies are its build's, and the
		// test sources' are a scope of their own (<scope>test</scope>,
		// testImplementation).
		return []string{"**/src/test/**", "**/src/testFixtures/**", "**/src/androidTest/**", "**/src/integrationTest/**"}
	}
	if !exempt {
		return nil
	}
	if len(named) > 0 {
		return uniq.Values(named)
	}
	return defaultTestGlobs(rc)
}

// defaultTestGlobs are the usual test files of the repository's languages (of every
// language heed reads when the languages are unknown), tests folders at any depth.
func defaultTestGlobs(rc *recognize.RepoContext) []string {
	var langs []string
	if rc != nil {
		langs = rc.Languages
	}
	if len(langs) == 0 {
		langs = []string{engine.LangGo, engine.LangPython, engine.LangTypeScript, engine.LangRust, engine.LangJava,
			engine.LangKotlin, engine.LangCSharp, engine.LangRuby, engine.LangC, engine.LangCPP}
	}
	var out []string
	for _, g := range testGlobs(langs) {
		if strings.Contains(g, "/") && !strings.HasPrefix(g, "**/") {
			g = "**/" + g // a tests folder at any depth, not only at the root
		}
		out = append(out, g)
	}
	return uniq.Values(out)
}

// headerWithin reports whether a constraint under the headings outer frames one under
// inner: the same section, or a section above it.
func headerWithin(outer, inner []string) bool {
	return len(outer) <= len(inner) && slices.Equal(outer, inner[:len(outer)])
}

// exemptTests leaves the test files the constraint exempts out of the scope of its
// architecture rules, with a case that shows a test file is left alone.
func exemptTests(rules []policy.Rule, c *policy.Constraint, rc *recognize.RepoContext) []policy.Rule {
	if len(rules) == 0 {
		return rules // the section's sentences are read only for a boundary
	}
	globs := testExemption(c, rc)
	if len(globs) == 0 {
		return rules
	}
	for i := range rules {
		r := &rules[i]
		if r.Domain != policy.DomainArchitecture || r.Kind == KindPlacement {
			continue
		}
		withTests(r, c, globs, false)
	}
	return rules
}

// withTests narrows a rule's scope: without the test files (only false), or to them
// alone (only true). A rule without a scope of its own takes the constraint's first.
func withTests(r *policy.Rule, c *policy.Constraint, globs []string, only bool) {
	if r.Scope.Dir == "" && len(r.Scope.Globs) == 0 && len(r.Scope.Exclude) == 0 {
		r.Scope = c.Scope
		r.Scope.Globs = slices.Clone(c.Scope.Globs)
		r.Scope.Exclude = slices.Clone(c.Scope.Exclude)
	}
	var cases []policy.Case
	for _, k := range r.Cases {
		if p := testVariant(k.Path, globs); p != "" && !only && k.Expect == policy.ExpectViolated {
			t := k
			t.Path, t.Expect, t.Note = p, policy.ExpectInapplicable, "the same import in a test file: tests are exempt"
			cases = append(cases, k, t)
			continue
		}
		if only && k.Path != "" {
			p := testVariant(k.Path, globs)
			if p == "" {
				continue // a case of a file the narrowed rule does not cover
			}
			k.Path = p
		}
		cases = append(cases, k)
	}
	r.Cases = cases
	for _, g := range globs {
		if only && !slices.Contains(r.Scope.Globs, g) {
			r.Scope.Globs = append(r.Scope.Globs, g)
		} else if !only && !slices.Contains(r.Scope.Exclude, g) {
			r.Scope.Exclude = append(r.Scope.Exclude, g)
		}
	}
}

// testsMayAlso reads "`engine` may import only `policy`; its tests may also import
// `testkit`": the boundary leaves the tests out, and a rule of the tests' own allows
// them the boundary's packages and the ones the sentence adds.
func testsMayAlso(rules []policy.Rule, c *policy.Constraint, rc *recognize.RepoContext) []policy.Rule {
	for _, s := range sentences(c.Text) {
		m := norm.ArchTestsAlsoRE.FindStringSubmatch(s.prose)
		if m == nil {
			continue
		}
		to, why, _ := placeAll(s, c, rc, spanIndexes(m[1]))
		if why != "" {
			continue
		}
		tg, tp := targetSide(to)
		globs := defaultTestGlobs(rc)
		n := len(rules)
		for i := 0; i < n; i++ {
			r := &rules[i]
			if r.Domain != policy.DomainArchitecture || r.Kind != KindImports {
				continue
			}
			var p importsParams
			if decode(r, &p) != nil || p.Mode != ModeOnly {
				continue
			}
			p.To, p.ToPackages = uniq.Values(append(p.To, tg...)), uniq.Values(append(p.ToPackages, tp...))
			t := *r
			t.Params, _ = json.Marshal(p)
			t.Message = "a test of " + list(humans(p.From)) + " imports another part of the repository than " + list(append(humans(p.To), p.ToPackages...))
			t.Cases = slices.Clone(r.Cases)
			withTests(&t, c, globs, true)
			withTests(r, c, globs, false)
			rules = append(rules, t)
		}
	}
	return rules
}

// testVariant names the test file beside p that one of the file-name globs selects
// (importer.go -> importer_test.go, importer.ts -> importer.test.ts), or "".
func testVariant(p string, globs []string) string {
	if p == "" {
		return ""
	}
	dir, base := path.Dir(p), path.Base(p)
	ext := path.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	for _, g := range globs {
		if strings.Contains(g, "/") || strings.Count(g, "*") == 0 {
			continue
		}
		name := strings.Replace(g, "*", stem, 1)
		name = strings.ReplaceAll(name, "*", strings.TrimPrefix(ext, "."))
		if path.Ext(name) != ext {
			continue
		}
		cand := path.Join(dir, name)
		if policy.MatchGlob(g, "", cand) {
			return cand
		}
	}
	return ""
}

// ownBoundariesBelow leaves out of an "only" boundary of a folder the sub-folders that
// have a boundary of their own in the same file: with "`internal/audit` may import only
// `internal/policy`" and "`internal/audit/trajectory` may import only
// `internal/lazyre`", the second sentence is the rule for trajectory, and the first
// still lets audit import its own sub-package.
func ownBoundariesBelow(rules []policy.Rule, c *policy.Constraint, rc *recognize.RepoContext) []policy.Rule {
	return exceptImporters(rules, rc, func(p importsParams) []string {
		if p.Mode != ModeOnly || len(p.From) != 1 || !strings.HasSuffix(p.From[0], "/**") {
			return nil
		}
		return subBoundaries(strings.TrimSuffix(p.From[0], "/**"), c, rc)
	})
}

// exceptImporters adds to each imports rule's exempted importers the globs more
// gives for its params (none: the rule stays as it is).
func exceptImporters(rules []policy.Rule, rc *recognize.RepoContext, more func(importsParams) []string) []policy.Rule {
	if rc == nil || len(rc.Constraints) == 0 {
		return rules
	}
	for i := range rules {
		r := &rules[i]
		if r.Domain != policy.DomainArchitecture || r.Kind != KindImports {
			continue
		}
		var p importsParams
		if decode(r, &p) != nil {
			continue
		}
		add := slices.DeleteFunc(uniq.Values(more(p)), func(g string) bool { return slices.Contains(p.FromExcept, g) })
		if len(add) == 0 {
			continue
		}
		p.FromExcept = append(p.FromExcept, add...)
		r.Params, _ = json.Marshal(p)
	}
	return rules
}

// subBoundaries returns the globs of the folders below dir that another boundary of
// c's file binds as importers.
func subBoundaries(dir string, c *policy.Constraint, rc *recognize.RepoContext) []string {
	// The names of the folders below dir: a sentence that names none of them binds
	// none of them, and is not read.
	names := map[string]bool{}
	for _, d := range rc.Dirs {
		if rest, ok := strings.CutPrefix(d, dir+"/"); ok {
			for _, seg := range strings.Split(rest, "/") {
				names[seg] = true
			}
		}
	}
	if len(names) == 0 {
		return nil
	}
	var out []string
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.File != c.File || o.Line == c.Line && o.Text == c.Text || o.Level != policy.Must && o.Level != policy.Should {
			continue
		}
		mentions := false
		for _, sp := range recognize.CodeSpans(o.Text) {
			for _, seg := range strings.FieldsFunc(sp, func(r rune) bool { return r == '/' || r == '.' }) {
				mentions = mentions || names[seg]
			}
		}
		if !mentions {
			continue
		}
		for _, s := range sentences(o.Text) {
			rs, _ := recognizeBoundary(s, o, rc, "")
			for _, r := range rs {
				var q importsParams
				if decode(&r, &q) != nil {
					continue
				}
				for _, g := range q.From {
					if strings.HasPrefix(g, dir+"/") && strings.HasSuffix(g, "/**") {
						out = append(out, g)
					}
				}
			}
		}
	}
	return uniq.Values(out)
}

// jvmModules reports whether a constraint of a Java or Kotlin repository states a
// dependency rule between build modules: it or its heading speaks of modules, and it
// names top-level folders, not packages.
func jvmModules(c *policy.Constraint, rc *recognize.RepoContext) bool {
	if rc == nil || len(rc.Languages) == 0 || rc.Languages[0] != engine.LangJava && rc.Languages[0] != engine.LangKotlin {
		return false
	}
	words := c.Text + " " + c.Context + " " + strings.Join(c.HeaderPath, " ")
	if !norm.ArchModuleWordRE.MatchString(recognize.Lower(words)) {
		return false
	}
	for _, sp := range recognize.CodeSpans(c.Text) {
		if strings.Contains(sp, ".") || strings.Contains(strings.Trim(sp, "/"), "/") {
			return false // a package or a path inside a module
		}
	}
	return true
}

// grantedBelow leaves out of a forbidding boundary the folder below its importers
// that another sentence of the section grants the import: under "Nothing under
// `src/ui/` may import `src/db/`", a later item "The admin screens (`src/ui/admin/`)
// are the one exception: they read `src/db/` directly" takes `src/ui/admin/` out.
func grantedBelow(rules []policy.Rule, c *policy.Constraint, rc *recognize.RepoContext) []policy.Rule {
	return exceptImporters(rules, rc, func(p importsParams) []string {
		if p.Mode != ModeForbid || len(p.To) == 0 {
			return nil
		}
		var add []string
		for j := range rc.Constraints {
			o := &rc.Constraints[j]
			if o.File != c.File || o.Line == c.Line && o.Text == c.Text || !headerWithin(o.HeaderPath, c.HeaderPath) || !norm.GrantsBoundaryException(o.Text) {
				continue
			}
			var below []string
			target := false
			for _, sp := range recognize.CodeSpans(o.Text) {
				sub, ok := resolveSpan(sp, o, rc)
				if !ok || sub.dir == "" {
					continue
				}
				g := sub.dir + "/**"
				if slices.Contains(p.To, g) {
					target = true
					continue
				}
				for _, f := range p.From {
					if base, ok := strings.CutSuffix(f, "/**"); ok && strings.HasPrefix(sub.dir, base+"/") {
						below = append(below, g)
					}
				}
			}
			if target {
				add = append(add, below...)
			}
		}
		return add
	})
}
