package source

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

//go:embed libraries.tsv
var librariesTSV string

// library is a well-known library of one registry: what a manifest declares it as and
// the modules code imports it by.
type library struct {
	eco      string
	packages []string
	modules  []string
}

// knownLibraries maps each name a sentence may give a library by, in lower case, to
// the libraries of that name (one per registry).
var knownLibraries = lazy.Value[map[string][]library]{F: func() map[string][]library {
	out := map[string][]library{}
	for _, line := range strings.Split(librariesTSV, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 4 {
			continue
		}
		lib := library{eco: cols[0], packages: strings.Fields(cols[2]), modules: strings.Fields(cols[3])}
		for _, n := range strings.Split(cols[1], ",") {
			out[n] = append(out[n], lib)
		}
	}
	return out
}}

// knownLibrary resolves a name no manifest declares and no code imports against the
// well-known libraries of the registries the repository uses: "Moment.js" is npm's
// `moment`, "Hilt" is imported as `dagger.hilt`, "logrus" is
// github.com/sirupsen/logrus. Each module is one reference; the packages are those a
// manifest would declare (none for a standard library's module).
func knownLibrary(name string, rc *recognize.RepoContext) ([]pkgRef, []string) {
	if rc == nil {
		return nil, nil
	}
	libs := knownLibraries.Get()[strings.ToLower(name)]
	if len(libs) == 0 {
		return nil, nil
	}
	uses := map[string]bool{}
	for _, p := range rc.Packages {
		uses[p.Ecosystem] = true
	}
	for _, l := range rc.Languages {
		uses[langEcos.Get()[l]] = true
	}
	var refs []pkgRef
	var pkgs []string
	for _, lib := range libs {
		if !uses[lib.eco] {
			continue
		}
		for _, m := range lib.modules {
			refs = append(refs, pkgRef{mod: m, langs: recognize.EcosystemLanguages(lib.eco), eco: lib.eco})
		}
		pkgs = append(pkgs, lib.packages...)
		break // one registry: the repository's first that knows the name
	}
	return refs, pkgs
}

// knownLibraryRules are the rules of a ban of a well-known library the repository
// neither declares nor imports: its import, and its declaration in the registry's
// manifests, as warnings (the library was known by its name, the sentence read in
// plain words).
func knownLibraryRules(s *sentence, rc *recognize.RepoContext, b ban, refs []pkgRef, pkgs []string) ([]policy.Rule, string) {
	var out []policy.Rule
	why := ""
	how := "a library known by the name " + b.span
	alt := knownModule(b.instead, rc)
	for _, ref := range refs {
		if sameAlternative(b.instead, ref) || strings.EqualFold(ref.mod, alt) {
			return nil, "" // the name and its alternative are one library
		}
	}
	for _, ref := range refs {
		// the registry's languages the repository has: a library's name is no
		// language context ("no React, no lodash" bans lodash in .ts files too)
		langs := ref.langs
		if have := repoLangs(s, rc); len(have) > 0 {
			langs = intersect(ref.langs, siblingLangs(have))
		}
		if len(langs) == 0 {
			continue
		}
		if ref.eco == "gem" {
			// Bundler requires a gem; its declaration is where its use shows
			if gr, ok := gemRule(s, pkgRef{mod: ref.mod, gems: pkgs}, how, b.instead); ok {
				out = append(out, gr)
			}
		}
		mb := ban{from: ref.mod, clause: b.clause, instead: b.instead, qualifier: b.qualifier}
		r, w := shape{kind: "module", from: ref.mod}.rule(s, rc, langs, mb)
		if w != "" {
			why = w
			continue
		}
		r.Severity = policy.SeverityWarning
		r.Exact = false
		r.Message = fmt.Sprintf("import of `%s` (%s) is banned here", ref.mod, how)
		out = append(out, r)
	}
	if len(out) == 0 || refs[0].eco == "gem" {
		return out, why // a gem's declaration is banned above
	}
	for _, p := range pkgs {
		mr, ok := manifestRule(s, refs[0], ban{span: p, instead: b.instead})
		if !ok {
			break
		}
		mr.Severity = policy.SeverityWarning
		mr.Exact = false
		out = append(out, mr)
	}
	return out, why
}

// knownModule is the first module of the well-known library a name gives, or "".
func knownModule(name string, rc *recognize.RepoContext) string {
	if refs, _ := knownLibrary(name, rc); len(refs) > 0 {
		return refs[0].mod
	}
	return ""
}
