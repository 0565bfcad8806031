package source

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A ban of a package the repository does not use yet: "Do not add `axios`", "never
// install `moment`", "the `request` package must not be added". No manifest declares
// the name and no code imports it, so the resolution above finds nothing; the
// sentence itself says the name is a package, by a verb of adding one before it or a
// word of packages beside it. Such a ban is two rules: a declaration of the name in
// the repository's manifests (the lines a change adds; an exact name, so it keeps the
// sentence's severity) and an import of it in the registry's languages (a warning:
// the name a package is imported by is inferred).

var (
	// addPkgRE: a verb of adding a dependency right before the name, with at most a
	// few determiners between ("do not add any new `x`", "never install `x`").
	addPkgRE = lazyre.New(`(?i)\b(?:add|adding|install|installing|introduce|introducing|adopt|adopting|pull in|bring in|depend on|depending on|take a dependency on)\s+(?:(?:any|new|a|an|the|another|more|extra)\s+)*` + "`" + `([^` + "`" + `]+)` + "`")
	// pkgNounRE: a word of packages beside the name ("the `request` package", "`x` as
	// a dependency", "a library like `x`").
	pkgNounRE = lazyre.New(`(?i)(?:\b(?:package|packages|dependency|dependencies|library|libraries|crate|crates|gem|gems|module|modules|deps?)\s+(?:(?:like|such as|called|named|e\.g\.,?)\s+)?` + "`" + `([^` + "`" + `]+)` + "`" + `|` + "`" + `([^` + "`" + `]+)` + "`" + `\s+(?:(?:npm|pypi|python|go|rust|ruby|nuget)\s+)?(?:package|dependency|library|crate|gem|module)\b)`)
	// camelRE: a name in camel case, which is code.
	camelRE = lazyre.New(`^[a-z][a-z0-9]*[A-Z]`)
	// goModRE: a Go module path, a host with a dot and at least one element after it
	goModRE = lazyre.New(`^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:/[\w.~-]+)+$`)
	// fileLikeRE: a name with a file extension, which is a file, not a package.
	fileLikeRE = lazyre.New(`(?i)\.(?:json|ya?ml|toml|lock|md|txt|cfg|ini|ts|tsx|js|mjs|cjs|py|go|rs|rb|java|kt|cs|xml|sh|env|sql|html|css)$`)
)

// dependencyFrame reports whether the clause reads name as a package: a verb of
// adding one right before it, or a word of packages beside it.
func dependencyFrame(clause, name string) bool {
	for _, re := range []*lazyre.RE{addPkgRE, pkgNounRE} {
		for _, m := range re.FindAllStringSubmatch(clause, -1) {
			for _, g := range m[1:] {
				if g == name {
					return true
				}
			}
		}
	}
	return false
}

// undeclaredPackage reads a name no manifest declares as a package of the
// repository's registries when the clause frames it as one. A dotted name is a
// package only beside a word of packages (`console.log` after "add" is code).
func undeclaredPackage(b ban, rc *recognize.RepoContext) ([]pkgRef, bool) {
	name := b.span
	if b.bare || b.from != "" || !pkgNameRE.MatchString(name) || fileLikeRE.MatchString(name) || strings.HasPrefix(name, ".") {
		return nil, false
	}
	if !dependencyFrame(b.clause, name) && !moduleShaped(name, rc) || camelRE.MatchString(name) {
		// "do not add `useEffect` by default": a name in camel case is code (no
		// registry's package begins in lower case and goes on in upper)
		return nil, false
	}
	if strings.Contains(name, ".") && !strings.Contains(name, "/") && !jsSuffixRE.MatchString(name) && !pkgNounRE.MatchString(b.clause) {
		return nil, false
	}
	var ecos []string
	for _, p := range rc.Packages {
		if !slices.Contains(ecos, p.Ecosystem) {
			ecos = append(ecos, p.Ecosystem)
		}
	}
	if len(ecos) == 0 {
		// no manifest declares anything yet: the registries of the repository's
		// languages
		for _, l := range rc.Languages {
			if e := langEcos.Get()[l]; e != "" && !slices.Contains(ecos, e) {
				ecos = append(ecos, e)
			}
		}
	}
	slices.Sort(ecos)
	low := strings.ToLower(name)
	var refs []pkgRef
	for _, eco := range ecos {
		ref := pkgRef{eco: eco, langs: recognize.EcosystemLanguages(eco)}
		switch eco {
		case "npm":
			ref.mod = strings.TrimSuffix(jsSuffixRE.ReplaceAllString(low, ""), "-")
			if strings.HasSuffix(low, ".js") && !strings.Contains(low, "/") {
				ref.mod = low // chart.js is the package's own name
			}
		case "pypi":
			if strings.Contains(name, "/") || strings.HasPrefix(name, "@") {
				continue
			}
			ref.mod = pyImportNames(name)[0]
		case "go":
			// a Go module is a path with a host
			if !strings.Contains(name, "/") || !strings.Contains(strings.SplitN(name, "/", 2)[0], ".") {
				continue
			}
			ref.mod = name
		case "cargo":
			if strings.ContainsAny(name, "/.@") {
				continue
			}
			ref.mod = strings.ReplaceAll(low, "-", "_")
		case "gem":
			if strings.ContainsAny(name, "/.@") {
				continue
			}
			ref.mod = snake(name)
			ref.gems = []string{name}
		case "nuget":
			if strings.ContainsAny(name, "/@") {
				continue
			}
			ref.mod = name
		default:
			continue
		}
		if ref.mod == "" {
			continue
		}
		refs = append(refs, ref)
	}
	return refs, len(refs) > 0
}

// undeclaredRules are the rules of a ban of a package no manifest declares: its
// declaration in the manifests of each registry and its import.
func undeclaredRules(s *sentence, rc *recognize.RepoContext, b ban, refs []pkgRef) ([]policy.Rule, string) {
	var out []policy.Rule
	why := ""
	for _, ref := range refs {
		if sameAlternative(b.instead, ref) {
			continue
		}
		how := "a package no manifest of the repository declares"
		if ref.eco == "gem" {
			if gr, ok := gemRule(s, ref, how, b.instead); ok {
				gr.Severity = s.severity()
				out = append(out, gr)
			}
			continue
		}
		if mr, ok := manifestRule(s, ref, b); ok {
			out = append(out, mr)
		}
		if ref.eco == "nuget" {
			continue // a NuGet package's namespaces are not its name
		}
		langs := pickLangs(s, rc, ref.langs)
		if len(langs) == 0 {
			continue
		}
		mb := ban{from: ref.mod, clause: b.clause, instead: b.instead, qualifier: b.qualifier}
		r, w := shape{kind: "module", from: ref.mod}.rule(s, rc, langs, mb)
		if w != "" {
			why = w
			continue
		}
		if !importNameCertain(ref, b.span) {
			// the name the package is imported by is a guess
			r.Severity = policy.SeverityWarning
			r.Exact = false
		}
		r.Message = fmt.Sprintf("import of `%s` (%s) is banned here", ref.mod, how)
		out = append(out, r)
	}
	return out, why
}

// manifestRule bans declaring the package in its registry's manifests: the lines of
// package.json, requirements files, pyproject.toml, go.mod, Cargo.toml or a project
// file that name it as a dependency. Only the lines a change adds or touches are its
// findings (the engine's ownership), so a declaration the change does not touch is no
// finding of a diff.
func manifestRule(s *sentence, ref pkgRef, b ban) (policy.Rule, bool) {
	name := b.span
	q := regexp.QuoteMeta(name)
	var globs []string
	var re, sample, other, manifest string
	switch ref.eco {
	case "npm":
		// a key whose value is a version, a tag or a protocol: "axios": "^1.7.0"
		re = `"` + q + `"\s*:\s*"`
		globs = []string{"package.json", "**/package.json"}
		manifest = "package.json"
		sample = "{\n  \"name\": \"app\",\n  \"dependencies\": {\n    \"" + name + "\": \"^1.0.0\"\n  }\n}\n"
		other = "{\n  \"name\": \"app\",\n  \"dependencies\": {\n    \"" + name + "-extra\": \"^1.0.0\"\n  }\n}\n"
	case "pypi":
		// a requirement: the project name (any of - _ . between its words, any
		// case), then a version, an extra, a marker, a quote or the line's end
		parts := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '-' || r == '_' || r == '.' })
		for i := range parts {
			parts[i] = regexp.QuoteMeta(parts[i])
		}
		nm := `(?i)(?:^\s*|["'])` + strings.Join(parts, `[-_.]`) + `\s*(?:[<>=!~;\[@,"']|$)`
		re = nm
		globs = []string{"requirements*.txt", "**/requirements*.txt", "requirements/*.txt", "**/requirements/*.txt", "pyproject.toml", "**/pyproject.toml", "setup.cfg", "**/setup.cfg"}
		manifest = "requirements.txt"
		sample = name + ">=1.0\n"
		other = name + "-extra>=1.0\n"
	case "go":
		re = `^\s*(?:require\s+)?` + q + `(?:/v\d+)?\s+v\d`
		globs = []string{"go.mod", "**/go.mod"}
		manifest = "go.mod"
		sample = "module example.com/app\n\ngo 1.22\n\nrequire " + name + " v1.0.0\n"
		other = "module example.com/app\n\ngo 1.22\n\nrequire " + name + "x v1.0.0\n"
	case "cargo":
		parts := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '-' || r == '_' })
		for i := range parts {
			parts[i] = regexp.QuoteMeta(parts[i])
		}
		nm := strings.Join(parts, `[-_]`)
		re = `^\s*(?:` + nm + `\s*=|\[[^\]]*?\b(?:dev-|build-)?dependencies\.` + nm + `\])`
		globs = []string{"Cargo.toml", "**/Cargo.toml"}
		manifest = "Cargo.toml"
		sample = "[package]\nname = \"app\"\nversion = \"0.1.0\"\n\n[dependencies]\n" + name + " = \"1\"\n"
		other = "[package]\nname = \"app\"\nversion = \"0.1.0\"\n\n[dependencies]\n" + name + "-extra = \"1\"\n"
	case "nuget":
		re = `(?i)<Package(?:Reference|Version)\b[^>]*\b(?:Include|Update)\s*=\s*"` + q + `"`
		globs = []string{"**/*.csproj", "**/*.fsproj", "**/*.vbproj", "**/*.props", "**/*.targets"}
		manifest = "App.csproj"
		sample = "<Project Sdk=\"Microsoft.NET.Sdk\">\n  <ItemGroup>\n    <PackageReference Include=\"" + name + "\" Version=\"1.0.0\" />\n  </ItemGroup>\n</Project>\n"
		other = "<Project Sdk=\"Microsoft.NET.Sdk\">\n  <ItemGroup>\n    <PackageReference Include=\"" + name + ".Extra\" Version=\"1.0.0\" />\n  </ItemGroup>\n</Project>\n"
	default:
		return policy.Rule{}, false
	}
	sc := policy.Scope{Dir: s.c.Scope.Dir, Globs: globs}
	p := sc.Dir
	if p != "" {
		p += "/"
	}
	r := policy.Rule{
		Domain: policy.DomainSource, Kind: KindPattern, Severity: s.severity(), Exact: !s.soft(), Scope: sc,
		Params:  marshal(PatternParams{Regex: re, Where: "any"}),
		Message: fmt.Sprintf("declares `%s`, a package the instructions ban", name),
		Cases: []policy.Case{
			{Expect: policy.ExpectViolated, Path: p + manifest, Code: sample, Note: "the package declared"},
			{Expect: policy.ExpectSatisfied, Path: p + manifest, Code: other, Note: "a package whose name only begins with it"},
		},
	}
	if b.instead != "" {
		r.Suggestion = "use " + backtickList(b.instead)
	}
	return r, true
}

// importNameCertain reports whether code imports the package by the name the
// sentence gives: an npm package or a Go module by its own name, a crate by its name
// with - as _, a PyPI project the table of distributions knows or whose name is its
// module's.
func importNameCertain(ref pkgRef, name string) bool {
	switch ref.eco {
	case "npm":
		return strings.EqualFold(ref.mod, name)
	case "go", "cargo":
		return true
	case "pypi":
		_, known := pyDistImports.Get()[canonPy(name)]
		return known || strings.EqualFold(ref.mod, name) && !strings.ContainsAny(name, "-.")
	}
	return false
}

// moduleShaped reports a name whose shape makes it a package whatever the sentence
// says around it: a Go module path in a repository of Go ("Use `modernc.org/sqlite`,
// not `github.com/mattn/go-sqlite3`"), never one of the repository's own module (a
// scoped npm name is read as a module already, and may be a package of the
// repository's own workspace).
func moduleShaped(name string, rc *recognize.RepoContext) bool {
	if goModRE.MatchString(name) && slices.Contains(rc.Languages, engine.LangGo) {
		return rc.GoModule == "" || name != rc.GoModule && !strings.HasPrefix(name, rc.GoModule+"/")
	}
	return false
}
