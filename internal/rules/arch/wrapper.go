package arch

import (
	"fmt"
	"path"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/uniq"
)

// A package kept behind the project's wrapper (norm.WrapperBan): "Call the shared
// `request` from `src/service/request` for every HTTP call; do not use `axios`
// directly" is read as: only the wrapper's place, and tests (which mock the package),
// import axios. The package must be one the repository uses, and the place one it
// has: a rule about a package nobody imports, or a wrapper that moved, would speak of
// nothing or flag the wrapper's new home.

type wrapperRecognizer struct{}

func (wrapperRecognizer) Name() string { return "arch.wrapper" }

func (wrapperRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	var out recognize.Result
	if rc == nil || len(rc.Dirs) == 0 {
		return out
	}
	// the item's clauses may be constraints of their own (the extractor splits an
	// item at a semicolon): the others of its line are read with it, and the rule
	// is the ban's, so the wrapper's clause alone compiles to nothing here
	as := norm.ArchSentences(c.Text)
	own := len(as)
	for _, o := range rc.Constraints {
		if o.File == c.File && o.Line == c.Line && o.Text != c.Text {
			as = append(as, norm.ArchSentences(o.Text)...)
		}
	}
	banS, banSpan, useS, useSpan, ok := norm.WrapperBan(as)
	if !ok || banS >= own {
		return out
	}
	pkg := strings.TrimSpace(as[banS].Spans[banSpan])
	lang, used := packageUsed(pkg, rc)
	if !used {
		return out
	}
	place, ok := wrapperPlace(as[useS].Spans[useSpan], c, rc)
	if !ok {
		return out
	}
	except := uniq.Values(append(append([]string{}, place...), testGlobs(rc.Languages)...))
	params := importsParams{Mode: ModeForbid, From: []string{"**"}, FromExcept: except, ToPackages: []string{pkg}}
	sm := sampler{lang: lang, module: "example.com/app"}
	if sm.lang == engine.LangGo && rc.GoModule != "" {
		sm.module = rc.GoModule
	}
	bad, good := externalCase(sm, pkg, "")
	if bad.Code == "" {
		return out
	}
	bad.Path = sm.concrete("elsewhere/**", "client")
	good.Path = bad.Path
	inside := policy.Case{Expect: policy.ExpectInapplicable, Path: wrapperSample(place[0], sm), Code: bad.Code, Note: "the wrapper itself"}
	r := archRule(KindImports, params, c,
		fmt.Sprintf("a file outside %s imports %s instead of going through the wrapper", list(humans(place)), pkg),
		fmt.Sprintf("use the wrapper in %s instead of %s", list(humans(place)), pkg), bad, good, inside)
	// the wrapper is named by the text, the files it covers are heed's reading: a
	// warning, which the compiler demotes if much of the code imports the package
	r.Severity = policy.SeverityWarning
	r.Exact = false
	out.Rules = append(out.Rules, r)
	return out
}

// packageUsed reports whether the repository declares or imports the package (or a
// subpath of it), and the language of the code that imports it.
func packageUsed(pkg string, rc *recognize.RepoContext) (string, bool) {
	if pkg == "" || strings.ContainsAny(pkg, " ()=;'\"*") || strings.HasPrefix(pkg, ".") || strings.HasPrefix(pkg, "/") {
		return "", false
	}
	if rc.SourceImports != nil {
		for _, m := range rc.SourceImports() {
			if m.Name == pkg || strings.HasPrefix(m.Name, pkg+"/") || strings.HasPrefix(m.Name, pkg+".") {
				return m.Lang, true
			}
		}
	}
	for _, p := range rc.Packages {
		if langs := recognize.EcosystemLanguages(p.Ecosystem); p.Name == pkg && len(langs) > 0 {
			return langs[0], true
		}
	}
	return "", false
}

// wrapperPlace resolves where the wrapper lives: a folder, a file, or a module written
// without its extension (`src/service/request` for `request.ts`), whose folder the
// repository must have.
func wrapperPlace(span string, c *policy.Constraint, rc *recognize.RepoContext) ([]string, bool) {
	if sub, ok := resolveSpan(span, c, rc); ok && len(sub.globs) > 0 && !sub.fileKind && placeExists(sub.globs, rc) {
		if len(sub.globs) == 1 && isDir(rc, strings.TrimSuffix(sub.globs[0], "/**")) || path.Ext(sub.globs[0]) != "" {
			return sub.globs, true
		}
	}
	p := strings.Trim(strings.TrimPrefix(strings.TrimSpace(span), "./"), "/")
	p = strings.TrimPrefix(p, "@/")
	if p == "" || path.Ext(p) != "" || !strings.Contains(p, "/") || strings.ContainsAny(p, " *?{}<>") {
		return nil, false
	}
	dir := repoPath(path.Dir(p), c, rc)
	if !isDir(rc, dir) {
		return nil, false
	}
	full := dir + "/" + path.Base(p)
	if isDir(rc, full) {
		return []string{full + "/**"}, true
	}
	return []string{full + ".*", full + "/**"}, true
}

// wrapperSample is a file of the wrapper's place.
func wrapperSample(glob string, sm sampler) string {
	switch {
	case strings.HasSuffix(glob, ".*"):
		return strings.TrimSuffix(glob, ".*") + sm.ext()
	case strings.HasSuffix(glob, "/**"):
		return strings.TrimSuffix(glob, "/**") + "/client" + sm.ext()
	}
	return glob
}
