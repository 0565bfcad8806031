package arch

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// ---- layers ----

type layersRecognizer struct{}

func (layersRecognizer) Name() string { return "arch.layers" }

func (layersRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	var out recognize.Result
	ss := sentences(c.Text)
	if d, ok := diagramLayers(c, rc); ok {
		// "Arrows point the way imports may go" under a diagram of the layers
		ss = []sentence{d}
	}
	for _, s := range ss {
		if m := norm.ArchFoundationRE.FindStringSubmatch(s.prose); m != nil && norm.ArchLayerWordRE.MatchString(s.prose) || m != nil && strings.Contains(s.prose, "foundation") {
			subs, ok := resolveAll(s, c, rc, spanIndexes(m[1]))
			if !ok {
				out.Unenforced = "names a layer heed cannot place"
				continue
			}
			fg, _, ok := importerSide(subs)
			if !ok || len(fg) == 0 {
				continue
			}
			sm := newSampler(rc, subs...)
			params := importsParams{Mode: ModeOnly, From: fg}
			out.Rules = append(out.Rules, archRule(KindImports, params, c,
				fmt.Sprintf("the foundation layer %s imports another part of the repository", list(humans(fg))),
				"the foundation depends on nothing above it: move the code up, or invert the dependency",
				sm.importCase(policy.ExpectViolated, sm.concrete(fg[0], "base"), sm.concrete("neutral/**", "higher"), "the foundation importing a higher layer"),
				sm.importCase(policy.ExpectSatisfied, sm.concrete(fg[0], "base"), sm.concrete(fg[0], "sibling"), "the foundation importing itself")))
			continue
		}
		if !norm.ArchLayerWordRE.MatchString(s.prose) && !headerSays(c, "layer") && !(norm.ArchDependencyWordRE.MatchString(norm.WithoutDependingCondition(s.prose)) || headerMatches(c, norm.ArchDependencyWordRE)) {
			continue
		}
		if norm.ArchFromToRE.MatchString(s.prose) && norm.PathOperation(s.prose) {
			// "create a symlink from `a` to `b`", "copy each import from `a` to `b`":
			// a step on files, no order of layers
			continue
		}
		order := layerOrder(s)
		var layers []layer
		why := ""
		if len(order) < 2 {
			// "Layered Architecture (API -> Service -> Models)": bare names of
			// sibling folders, highest first
			if layers = bareChainLayers(s, c, rc); layers == nil {
				continue
			}
		} else {
			layers, why = placeLayers(s, c, rc, order)
		}
		if layers == nil {
			out.Unenforced = why
			continue
		}
		params := layersParams{Layers: layers}
		sm := newSampler(rc)
		lo := sm.concrete(layers[0].Paths[0], "low")
		hi := sm.concrete(layers[len(layers)-1].Paths[0], "high")
		names := make([]string, len(layers))
		for i, l := range layers {
			names[i] = l.Name
		}
		out.Rules = append(out.Rules, archRule(KindLayers, params, c,
			fmt.Sprintf("a lower layer imports a higher one (%s, lowest first)", strings.Join(names, " → ")),
			"keep the dependency pointing down: move the shared code to the lower layer, or invert the dependency",
			sm.importCase(policy.ExpectViolated, lo, hi, "the lowest layer importing the highest"),
			sm.importCase(policy.ExpectSatisfied, hi, lo, "the highest layer importing the lowest")))
	}
	if len(out.Rules) > 0 {
		out.Unenforced = ""
	}
	out.Rules = exemptTests(out.Rules, c, rc)
	return out
}

func headerMatches(c *policy.Constraint, re *lazyre.RE) bool {
	for _, h := range c.HeaderPath {
		if re.MatchString(strings.ToLower(h)) {
			return true
		}
	}
	return false
}

func headerSays(c *policy.Constraint, word string) bool {
	for _, h := range c.HeaderPath {
		if strings.Contains(strings.ToLower(h), word) {
			return true
		}
	}
	return false
}

// layerOrder returns the spans of an ordered layering, lowest first.
func layerOrder(s sentence) []int {
	if m := norm.ArchFromToRE.FindStringSubmatch(s.prose); m != nil {
		return append(spanIndexes(m[1]), spanIndexes(m[2])...)
	}
	if m := norm.ArchOrderedListRE.FindStringSubmatch(s.prose); m != nil {
		idx := spanIndexes(m[2])
		if m[1] == "highest" || m[1] == "top" {
			for i, j := 0, len(idx)-1; i < j; i, j = i+1, j-1 {
				idx[i], idx[j] = idx[j], idx[i]
			}
		}
		return idx
	}
	if m := norm.ArchArrowChainRE.FindStringSubmatch(s.prose); m != nil {
		// "`api` → `service` → `repo`": arrows point from a layer to what it
		// depends on, as dependency diagrams draw them; the code as it stands is the
		// judge of a reading the other way (a rule that flags much of it is demoted to
		// a warning for review).
		idx := spanIndexes(m[1])
		slices.Reverse(idx)
		return idx
	}
	if m := norm.ArchLeftArrowChainRE.FindStringSubmatch(s.prose); m != nil {
		return spanIndexes(m[1])
	}
	return nil
}

// placeLayers maps layer names to folders: paths as written, or bare names that are
// sibling folders of one parent ("base", "platform" are src/vs/base, src/vs/platform).
func placeLayers(s sentence, c *policy.Constraint, rc *recognize.RepoContext, order []int) ([]layer, string) {
	names := make([]string, len(order))
	bare := true
	for i, j := range order {
		names[i] = strings.Trim(strings.TrimPrefix(s.spans[j], "./"), "/")
		if strings.Contains(names[i], "/") {
			bare = false
		}
	}
	var dirs []string
	if bare {
		parent, ok := commonParent(names, c, rc)
		if !ok {
			return nil, fmt.Sprintf("the layers %s are not sibling folders of this repository", strings.Join(names, ", "))
		}
		for _, n := range names {
			dirs = append(dirs, path.Join(parent, n))
		}
	} else {
		for _, n := range names {
			d := repoPath(n, c, rc)
			if strings.HasPrefix(n, "@") && rc != nil && len(rc.Dirs) > 0 && !isDir(rc, d) {
				// "`@acme/app` → `@acme/sdk`": a workspace package's name is no
				// folder, and a layer of a path that does not exist never fires
				return nil, fmt.Sprintf("the layer %s is a package name, not a folder of this repository", n)
			}
			dirs = append(dirs, d)
		}
	}
	var out []layer
	for i, d := range dirs {
		out = append(out, layer{Name: names[i], Paths: []string{d + "/**"}})
	}
	return out, ""
}

// bareChainLayers reads three or more bare names joined by arrows as layers, each
// depending on the next (the last lowest), when every name is a child folder of one
// parent: the name as written, in another case, or in the other number ("Service"
// is services/, "Models" is models/). A name two joined by a slash is one layer of
// two folders. Nil when the chain is not there or a name places nowhere.
func bareChainLayers(s sentence, c *policy.Constraint, rc *recognize.RepoContext) []layer {
	m := norm.ArchBareArrowChainRE.FindStringSubmatch(s.prose)
	if m == nil || rc == nil || len(rc.Dirs) == 0 {
		return nil
	}
	words := norm.ArchArrowSplitRE.Split(m[1], -1)
	if len(words) < 3 {
		return nil
	}
	var names [][]string
	for _, w := range words {
		names = append(names, strings.Split(w, "/"))
	}
	children := map[string][]string{} // parent -> child folder names
	for _, d := range rc.Dirs {
		p := path.Dir(d)
		if p == "." {
			p = ""
		}
		children[p] = append(children[p], path.Base(d))
	}
	var cands []string
	placed := map[string][][]string{}
	for p, kids := range children {
		var dirs [][]string
		ok := true
		for _, layerNames := range names {
			var ds []string
			for _, n := range layerNames {
				k, one := oneChildNamed(kids, n)
				if !one {
					ok = false
					break
				}
				ds = append(ds, path.Join(p, k))
			}
			if !ok {
				break
			}
			dirs = append(dirs, ds)
		}
		if ok {
			cands = append(cands, p)
			placed[p] = dirs
		}
	}
	if len(cands) == 0 {
		return nil
	}
	sort.Slice(cands, func(i, j int) bool {
		if a, b := strings.Count(cands[i], "/"), strings.Count(cands[j], "/"); a != b {
			return a < b
		}
		return cands[i] < cands[j]
	})
	parent := cands[0]
	if c != nil && c.Scope.Dir != "" {
		for _, p := range cands {
			if p == c.Scope.Dir || strings.HasPrefix(p, c.Scope.Dir+"/") {
				parent = p
				break
			}
		}
	}
	var out []layer
	for i := len(words) - 1; i >= 0; i-- {
		var paths []string
		for _, d := range placed[parent][i] {
			paths = append(paths, d+"/**")
		}
		out = append(out, layer{Name: words[i], Paths: paths})
	}
	return out
}

// oneChildNamed finds the one folder of kids a bare layer name names: the name in any
// case, or in the other number (a trailing "s" or "es" added or taken away).
func oneChildNamed(kids []string, name string) (string, bool) {
	forms := []string{name, name + "s", name + "es", strings.TrimSuffix(name, "s")}
	found := ""
	for _, k := range kids {
		lk := strings.ToLower(k)
		for _, f := range forms {
			if f != "" && lk == f {
				if found != "" && found != k {
					return "", false
				}
				found = k
			}
		}
	}
	return found, found != ""
}

// commonParent finds the one folder that has every name as a child, preferring the
// instruction file's scope and the shallowest.
func commonParent(names []string, c *policy.Constraint, rc *recognize.RepoContext) (string, bool) {
	if rc == nil || len(rc.Dirs) == 0 {
		return "", false
	}
	count := map[string]int{}
	for _, n := range names {
		for _, d := range rc.Dirs {
			if path.Base(d) == n {
				p := path.Dir(d)
				if p == "." {
					p = ""
				}
				count[p]++
			}
		}
	}
	var cands []string
	for p, n := range count {
		if n == len(names) {
			cands = append(cands, p)
		}
	}
	if len(cands) == 0 {
		return "", false
	}
	sort.Slice(cands, func(i, j int) bool {
		if a, b := strings.Count(cands[i], "/"), strings.Count(cands[j], "/"); a != b {
			return a < b
		}
		return cands[i] < cands[j]
	})
	if c != nil && c.Scope.Dir != "" {
		for _, p := range cands {
			if p == c.Scope.Dir || strings.HasPrefix(p, c.Scope.Dir+"/") {
				return p, true
			}
		}
	}
	return cands[0], true
}

// ---- cycles ----

type cyclesRecognizer struct{}

func (cyclesRecognizer) Name() string { return "arch.cycles" }

func (cyclesRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	var out recognize.Result
	for _, s := range sentences(c.Text) {
		if !norm.ArchCycleWordRE.MatchString(s.prose) {
			continue
		}
		if !norm.ArchCycleRule(s.prose) {
			continue
		}
		params := cyclesParams{Granularity: GranularityFile}
		// The level is the sentence's, else the one the rest of the constraint speaks
		// of ("Define interfaces in lower modules, implementations in higher modules;
		// no circular dependencies": cycles between modules, not between files).
		whole := recognize.Lower(c.Text)
		if buildModules(whole, rc) {
			out.Unenforced = "cycles between build modules: the build refuses them, and heed's import graph has no module level"
			continue
		}
		if norm.ArchPackageGranRE.MatchString(s.prose) && !strings.Contains(s.prose, "python module") ||
			norm.ArchPackageGranRE.MatchString(whole) && !strings.Contains(whole, "python module") {
			params.Granularity = GranularityPackage
			if workspaceRepo(rc) {
				// "no circular dependencies" between the packages of a monorepo: its
				// workspace's packages, not the folders of one package
				params.Granularity = GranularityWorkspace
			}
		}
		for _, sp := range s.spans {
			if sub, ok := resolveSpan(sp, c, rc); ok && sub.dir != "" {
				params.Within = append(params.Within, sub.globs...)
			}
		}
		sm := newSampler(rc)
		base := "lib/**"
		if len(params.Within) > 0 {
			base = params.Within[0]
		}
		a, b := sm.concrete(base, "a"), sm.concrete(base, "b")
		if params.Granularity != GranularityFile || sm.lang == "go" {
			a, b = sm.concrete(strings.TrimSuffix(base, "/**")+"/a/**", "a"), sm.concrete(strings.TrimSuffix(base, "/**")+"/b/**", "b")
		}
		codeA, filesA := sm.repo(a, b)
		codeB, _ := sm.repo(b, a)
		violated := policy.Case{Expect: policy.ExpectViolated, Path: a, Code: codeA, Files: map[string]string{}, Note: "two files importing each other"}
		for k, v := range filesA {
			violated.Files[k] = v
		}
		violated.Files[b] = codeB
		satisfied := sm.importCase(policy.ExpectSatisfied, a, b, "an import in one direction only")
		if params.Granularity == GranularityWorkspace {
			// the two sides are packages of the workspace: each has its manifest
			if satisfied.Files == nil {
				satisfied.Files = map[string]string{}
			}
			for _, side := range []string{a, b} {
				m := path.Join(path.Dir(side), "package.json")
				violated.Files[m], satisfied.Files[m] = "{}\n", "{}\n"
			}
		}
		r := archRule(KindCycles, params, c, "an import cycle",
			"break the cycle: move what both sides need into a module they can both import, or invert one dependency",
			violated, satisfied)
		if level := norm.ArchCycleLevel(s.prose); level != "" && len(params.Within) == 0 {
			// "No circular dependencies: Domain A → B → A is forbidden": a cycle
			// between parts heed's graph has no boundary for; two files of one
			// domain importing each other are no such cycle
			r.Doubt("the sentence forbids cycles between " + level + ", a level heed's import graph does not have: it reports every cycle of files")
		}
		if norm.ExceptionAt(whole) >= 0 || norm.ArchToleratedRE.MatchString(whole) {
			// "The only tolerated cycle is `pds` ↔ `bsky` in tests": which cycles the
			// text allows heed cannot tell from the ones it forbids
			r.Doubt("the text allows some cycles, which heed cannot tell apart from the ones it forbids")
		}
		out.Rules = append(out.Rules, r)
	}
	return out
}

// workspaceRepo reports a monorepo: its manifests declare packages in two folders or
// more (package.json, Cargo.toml, pyproject.toml, go.mod).
func workspaceRepo(rc *recognize.RepoContext) bool {
	if rc == nil {
		return false
	}
	dirs := map[string]bool{}
	for _, p := range rc.Packages {
		base := path.Base(p.Manifest)
		if slices.Contains(workspaceManifests, base) && !strings.Contains("/"+p.Manifest, "/node_modules/") {
			dirs[path.Dir(p.Manifest)] = true
		}
	}
	return len(dirs) >= 2
}

// buildModules reports whether a constraint about cycles speaks of modules in a
// repository where a module is a unit of the build (Java and Kotlin: Maven or Gradle
// modules), not a file or a package.
func buildModules(prose string, rc *recognize.RepoContext) bool {
	if rc == nil || len(rc.Languages) == 0 || !norm.ArchModuleWordRE.MatchString(prose) {
		return false
	}
	switch rc.Languages[0] {
	case engine.LangJava, engine.LangKotlin:
		return true
	}
	return false
}

// ---- placement ----

type placementRecognizer struct{}

func (placementRecognizer) Name() string { return "arch.placement" }

func (placementRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	var out recognize.Result
	for _, s := range sentences(c.Text) {
		var dirIdx int
		var childList string
		switch {
		case norm.ArchOnlyAllowsRE.MatchString(s.prose):
			m := norm.ArchOnlyAllowsRE.FindStringSubmatch(s.prose)
			dirIdx, childList = atoi(m[1][len("§"):]), m[2]
		case norm.ArchOnlyChildrenRE.MatchString(s.prose):
			m := norm.ArchOnlyChildrenRE.FindStringSubmatch(s.prose)
			dirIdx, childList = atoi(m[1][len("§"):]), m[2]
		case norm.ArchNewFilesUnderRE.MatchString(s.prose):
			m := norm.ArchNewFilesUnderRE.FindStringSubmatch(s.prose)
			dirIdx, childList = atoi(m[1][len("§"):]), m[2]
		default:
			// the first placement reader that reads the sentence
			for _, read := range placementReaders {
				if r, ok := read(s, c, rc); ok {
					if dir := missingFolder(r, rc); dir != "" {
						// a place the repository does not have: a misreading, a
						// folder renamed since, or one to be made; never a silent
						// rule that every file of the kind breaks
						out.Unenforced = fmt.Sprintf("the sentence places files in %s/, a folder the repository does not have", dir)
						break
					}
					out.Rules = append(out.Rules, r)
					break
				}
			}
			continue
		}
		dir, ok := resolveSpan(s.spans[dirIdx], c, rc)
		if !ok || dir.dir == "" {
			out.Unenforced = "the folder is not one heed can place"
			continue
		}
		var allowed []string
		for _, i := range spanIndexes(childList) {
			ch := strings.Trim(strings.TrimPrefix(s.spans[i], "./"), "/")
			// A child written with its parent ("workbench/browser/") is the child.
			if j := strings.LastIndexByte(ch, '/'); j >= 0 {
				parent := ch[:j]
				if !strings.HasSuffix(dir.dir, parent) {
					allowed = nil
					break
				}
				ch = ch[j+1:]
			}
			if ch == "" || strings.ContainsAny(ch, " *?") {
				allowed = nil
				break
			}
			allowed = append(allowed, ch)
		}
		if len(allowed) == 0 {
			out.Unenforced = "the allowed folders are not folder names"
			continue
		}
		params := placementParams{Dir: dir.dir, Allowed: allowed}
		sm := newSampler(rc)
		out.Rules = append(out.Rules, archRule(KindPlacement, params, c,
			fmt.Sprintf("a new file under %s/ outside %s", dir.dir, list(slashed(allowed))),
			fmt.Sprintf("put the file in one of %s", list(slashed(prefixAll(dir.dir+"/", allowed)))),
			policy.Case{Expect: policy.ExpectViolated, Path: sm.concrete(dir.dir+"/elsewhere/**", "new"), Code: "", Note: "a file in a folder the rule does not allow"},
			policy.Case{Expect: policy.ExpectSatisfied, Path: sm.concrete(dir.dir+"/"+allowed[0]+"/**", "new"), Code: "", Note: "a file in an allowed folder"}))
	}
	return out
}

// missingFolder returns the folder a placement rule puts files under when it is a
// path the repository does not have while it holds files of the kind elsewhere (a
// folder the kind is named by, `migrations/`, or files of the kind's extension): the
// text's folder is a misreading or a stale name, and the rule would flag every file
// of the kind. "" when the rule names no such folder, a folder at any depth
// ("**/tests/**"), one of its folders exists, or nothing of the kind is there yet (the
// folder is one to be made).
func missingFolder(r policy.Rule, rc *recognize.RepoContext) string {
	if rc == nil || len(rc.Dirs) == 0 || r.Kind != KindPlacement {
		return ""
	}
	var p placementParams
	if err := json.Unmarshal(r.Params, &p); err != nil || len(p.Under) == 0 || p.NewOnly || !kindPresent(p.Files, rc) {
		return ""
	}
	missing := ""
	for _, g := range p.Under {
		d, ok := strings.CutSuffix(strings.TrimPrefix(g, "/"), "/**")
		if !ok || d == "" || strings.ContainsAny(d, "*?[{") {
			return ""
		}
		if isDir(rc, d) {
			return ""
		}
		if missing == "" {
			missing = d
		}
	}
	return missing
}

// kindPresent reports whether the repository holds files of a placement's kind, as
// far as its folders and extensions tell: a folder the kind is named by
// ("**/migrations/**/*.sql" and a `migrations/` folder), or the kind's extension
// ("*.py") among the repository's.
func kindPresent(files []string, rc *recognize.RepoContext) bool {
	for _, g := range files {
		if name, rest, ok := strings.Cut(strings.TrimPrefix(g, "**/"), "/**/"); ok && g != name && rest != "" && !strings.ContainsAny(name, "*?[{/") {
			for _, d := range rc.Dirs {
				if path.Base(d) == name {
					return true
				}
			}
			continue
		}
		if ext := path.Ext(g); strings.HasPrefix(path.Base(g), "*.") && !strings.ContainsAny(ext, "*?[{") && slices.Contains(rc.Extensions, ext) {
			return true
		}
	}
	return false
}

func prefixAll(p string, xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = p + x
	}
	return out
}

// kindPlacement reads "`*.test.ts` files go in `__tests__/`".
// placementReaders read placement said in words, most specific first.
var placementReaders = []func(sentence, *policy.Constraint, *recognize.RepoContext) (policy.Rule, bool){
	kindPlacement, avoidFolderPlacement, besidePlacement, testsFolderPlacement, testsDirPlacement, testsNotInPlacement, rootPlacement, codePlacement,
	migrationPlacement, classPlacement, classWordPlacement, namedFilesPlacement, languagePlacement, examplePathPlacement,
}

func kindPlacement(s sentence, c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	m := norm.ArchKindUnderRE.FindStringSubmatch(s.prose)
	if m == nil {
		m = norm.ArchPutKindRE.FindStringSubmatch(s.prose)
	}
	if m == nil || strings.Contains(s.prose, " not ") || strings.Contains(s.prose, " once ") || strings.HasPrefix(s.prose, "if ") {
		return policy.Rule{}, false
	}
	var kind subject
	for _, i := range spanIndexes(m[1]) {
		k, ok := placedKind(s.spans[i], c, rc)
		if !ok {
			return policy.Rule{}, false
		}
		kind.globs = append(kind.globs, k.globs...)
	}
	if len(kind.globs) == 0 {
		return policy.Rule{}, false
	}
	var under []string
	for _, i := range spanIndexes(m[2]) {
		span := strings.TrimSpace(s.spans[i])
		name := strings.Trim(strings.TrimPrefix(span, "./"), "/")
		if name == "" || strings.ContainsAny(name, " *?{}<>") {
			return policy.Rule{}, false
		}
		switch {
		case isDir(rc, repoPath(name, c, rc)):
			under = append(under, repoPath(name, c, rc)+"/**")
		case strings.HasSuffix(span, "/") && !strings.Contains(name, "/"):
			// A bare folder name ("`tests/`") the repository does not have yet:
			// that folder at any depth.
			under = append(under, "**/"+name+"/**")
		case strings.Contains(name, "/") && path.Ext(name) == "":
			under = append(under, repoPath(name, c, rc)+"/**")
		default:
			return policy.Rule{}, false
		}
	}
	params := placementParams{Files: kind.globs, Under: under}
	sm := newSampler(rc, kind)
	name := sm.concrete(kind.globs[0], "sample")
	good := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(under[0], "**/"), "/"), "/**") + "/" + path.Base(name)
	bad := "elsewhere/" + path.Base(name)
	return archRule(KindPlacement, params, c,
		fmt.Sprintf("a %s file outside %s", list(kind.globs), list(humans(under))),
		fmt.Sprintf("move the file under %s", list(humans(under))),
		policy.Case{Expect: policy.ExpectViolated, Path: bad, Note: "a file of the kind in the wrong place"},
		policy.Case{Expect: policy.ExpectSatisfied, Path: good, Note: "a file of the kind where it belongs"}), true
}

// placedKindRE is a kind of file named by its extension or name pattern, of any
// type ("`.proto`", "`*.ipynb`", "`*.stories.tsx`"): where files live is not only
// a question for source files.
var placedKindRE = lazyre.New(`^(?:\*[\w.-]*|\.|_[\w-]*)\.?[A-Za-z][A-Za-z0-9]{0,9}$`)

// placedKind resolves a span naming a kind of file in a placement sentence: a code
// file kind resolveSpan knows, or any extension or name pattern.
func placedKind(span string, c *policy.Constraint, rc *recognize.RepoContext) (subject, bool) {
	span = strings.TrimSpace(span)
	if k, ok := resolveSpan(span, c, rc); ok && k.fileKind {
		return k, true
	}
	if strings.Contains(span, "/") || !placedKindRE.MatchString(span) || !strings.Contains(span, ".") {
		return subject{}, false
	}
	g := span
	if !strings.Contains(g, "*") {
		g = "*" + g
	}
	return subject{globs: []string{g}, fileKind: true}, true
}

// ---- external ----

// tools are command names that "use X, not Y" sentences are about (the process
// domain's business), never import names.
var tools = map[string]bool{
	"npm": true, "npx": true, "pnpm": true, "yarn": true, "bun": true, "bunx": true, "pip": true, "pip3": true, "uv": true, "uvx": true,
	"poetry": true, "pipenv": true, "conda": true, "cargo": true, "go": true, "make": true, "git": true, "docker": true, "node": true,
	"deno": true, "python": true, "python3": true, "tsc": true, "gradle": true, "mvn": true, "gradlew": true, "mvnw": true, "just": true,
	"bazel": true, "sudo": true, "curl": true, "wget": true, "brew": true, "apt": true, "apt-get": true, "rm": true,
}

// notPackages are names "do not use X" sentences give that are language features,
// globals or types, not packages.
var notPackages = map[string]bool{
	"any": true, "unknown": true, "never": true, "object": true, "eval": true, "exec": true, "print": true, "println": true,
	"var": true, "let": true, "const": true, "console": true, "assert": true, "global": true, "globals": true, "fetch": true,
	"settimeout": true, "setinterval": true, "this": true, "self": true, "super": true, "goto": true, "panic": true,
	"unwrap": true, "expect": true, "unsafe": true, "static": true, "default": true, "mut": true, "null": true,
	"undefined": true, "none": true, "true": true, "false": true, "interface": true, "enum": true, "namespace": true,
	"async": true, "await": true, "yield": true, "lambda": true, "del": true, "pass": true, "todo": true, "fixme": true,
	// keywords: "Use `const` instead of `function` for component methods"
	"function": true, "class": true, "def": true, "fn": true, "func": true, "struct": true, "type": true,
	"return": true, "new": true, "nil": true, "switch": true, "case": true, "try": true, "catch": true, "finally": true,
	"throw": true, "raise": true, "public": true, "private": true, "protected": true, "final": true, "abstract": true,
	"override": true, "virtual": true, "impl": true, "trait": true, "pub": true, "typeof": true, "instanceof": true,
	"delete": true, "void": true,
	// types of the languages' own: "Do not use `mixed`" (PHP), "no `number`"
	"mixed": true, "iterable": true, "callable": true, "array": true, "string": true, "int": true, "float": true,
	"bool": true, "boolean": true, "number": true, "symbol": true, "bigint": true, "dynamic": true,
}

type externalRecognizer struct{}

func (externalRecognizer) Name() string { return "arch.external" }

func (externalRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	var out recognize.Result
	ss := sentences(c.Text)
	for k, s := range ss {
		if norm.ArchCommandishRE.MatchString(s.prose) {
			continue
		}
		var bannedIdx []int
		instead := -1
		approximate := false
		switch {
		case norm.ArchBanAloneRE.MatchString(s.prose) && k+1 < len(ss) && norm.ArchUseNextRE.MatchString(ss[k+1].prose) && !norm.ArchCommandishRE.MatchString(ss[k+1].prose):
			bannedIdx = spanIndexes(norm.ArchBanAloneRE.FindStringSubmatch(s.prose)[1])
			next := ss[k+1]
			s.spans = append(append([]string(nil), s.spans...), next.spans[atoi(norm.ArchUseNextRE.FindStringSubmatch(next.prose)[1][len("§"):])])
			instead = len(s.spans) - 1
		case norm.ArchBanUseRE.MatchString(s.prose):
			m := norm.ArchBanUseRE.FindStringSubmatch(s.prose)
			bannedIdx, instead = spanIndexes(m[1]), atoi(m[2][len("§"):])
		case norm.ArchUseInsteadRE.MatchString(s.prose):
			m := norm.ArchUseInsteadRE.FindStringSubmatch(s.prose)
			bannedIdx, instead = spanIndexes(m[2]), atoi(m[1][len("§"):])
		case norm.ArchNeverImportRE.MatchString(s.prose):
			bannedIdx = spanIndexes(norm.ArchNeverImportRE.FindStringSubmatch(s.prose)[1])
		case norm.ArchBanAloneRE.MatchString(s.prose):
			// "Do not use `requests`" on its own (instruction files split "...; use
			// `httpx`" off): a reading of "use" as "import", so not exact.
			bannedIdx = spanIndexes(norm.ArchBanAloneRE.FindStringSubmatch(s.prose)[1])
			approximate = true
		default:
			continue
		}
		var banned []string
		ok := true
		for _, i := range bannedIdx {
			name := strings.TrimSpace(s.spans[i])
			first, _, _ := strings.Cut(name, ".")
			if !packageNameRE.MatchString(name) || tools[name] || notPackages[name] || notPackages[strings.ToLower(first)] || memberLike(name) || strings.HasSuffix(name, "/") || isDir(rc, name) || strings.Contains(name, "()") {
				ok = false
				break
			}
			banned = append(banned, name)
		}
		if !ok || len(banned) == 0 {
			continue
		}
		params := externalParams{Banned: banned}
		suggestion := ""
		if instead >= 0 {
			alt := strings.TrimSpace(s.spans[instead])
			if tools[alt] || !packageNameRE.MatchString(alt) || memberLike(alt) {
				continue
			}
			params.Instead = alt
			suggestion = "use " + alt + " instead"
		}
		sm := newSampler(rc)
		bad, good := externalCase(sm, banned[0], params.Instead)
		r := archRule(KindExternal, params, c, fmt.Sprintf("a file imports %s", list(banned)), suggestion, bad, good)
		r.Exact = !approximate
		if approximate {
			if name := undeclared(rc, banned); name != "" {
				// "Do not use `preview`": "use" read as "import", of a name no manifest
				// of the repository declares (a setting, a flag, a word of its own?)
				r.Severity = policy.SeverityWarning
				r.Review = fmt.Sprintf("heed reads \"use\" as an import of %s, which no manifest of the repository declares", name)
			}
		}
		out.Rules = append(out.Rules, r)
	}
	out.Rules = exemptTests(out.Rules, c, rc)
	return out
}

// externalCase writes a file importing the banned package and one importing the
// alternative (or nothing third-party).
func externalCase(sm sampler, banned, instead string) (policy.Case, policy.Case) {
	alt := instead
	if alt == "" {
		alt = "some-other-package"
	}
	p := sm.concrete("src/**", "client")
	code := func(pkg string) string {
		switch sm.lang {
		case "python":
			return "import " + strings.ReplaceAll(pkg, "-", "_") + "\n"
		case "go":
			return "package src\n\nimport _ \"" + pkg + "\"\n"
		case "java":
			return "package src;\n\nimport " + pkg + ".Thing;\n\nclass Client {}\n"
		}
		return "import x from \"" + pkg + "\";\n"
	}
	return policy.Case{Expect: policy.ExpectViolated, Path: p, Code: code(banned), Note: "an import of the banned package"},
		policy.Case{Expect: policy.ExpectSatisfied, Path: p, Code: code(alt), Note: "an import of another package"}
}

// memberLike reports names that are a function or type of a package, not a package:
// `errors.As`, `Foo.bar`, `assert.Equal`.
func memberLike(name string) bool {
	if strings.Contains(name, ".") && !strings.Contains(name, "/") && strings.ToLower(name) != name {
		// "`page.waitForTimeout`": a camel-case member of an object; module and
		// package names of dotted form are lower case ("`os.path`",
		// "`lodash.debounce`"), a module path's owner may not be ("`github.com/BurntSushi/toml`")
		return true
	}
	for _, seg := range strings.Split(name, ".") {
		if seg != "" && seg[0] >= 'A' && seg[0] <= 'Z' {
			return true
		}
	}
	return false
}

// undeclared returns the first name no manifest of the repository declares, or ""
// when all are declared or the repository has no manifest to ask but code to import
// into (a repository with neither gives no reason to read the name as a package).
func undeclared(rc *recognize.RepoContext, names []string) string {
	if rc == nil {
		return ""
	}
	if len(rc.Packages) == 0 {
		if len(rc.Languages) == 0 && len(names) > 0 {
			// no manifest and no code heed parses: nothing says the name is a package
			return names[0]
		}
		return ""
	}
	for _, n := range names {
		found := false
		for _, p := range rc.Packages {
			if strings.EqualFold(p.Name, n) || strings.EqualFold(path.Base(p.Name), n) || strings.HasPrefix(strings.ToLower(n), strings.ToLower(p.Name)+"/") {
				found = true
				break
			}
		}
		if !found {
			return n
		}
	}
	return ""
}
