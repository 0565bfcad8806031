package arch

import (
	"fmt"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/graph"
	"github.com/heed-dev/heed/internal/policy"
)

// Granularities of the cycles kind.
const (
	GranularityFile    = "file"
	GranularityPackage = "package"
	// GranularityWorkspace: the packages of a monorepo's workspace, each the folder
	// of its manifest (package.json, Cargo.toml, pyproject.toml, go.mod): a cycle
	// between two folders of one package is none between packages.
	GranularityWorkspace = "workspace"
)

// workspaceManifests name the files whose folder is a workspace's package.
var workspaceManifests = []string{"package.json", "Cargo.toml", "pyproject.toml", "go.mod"}

// cyclesParams: no import cycle among the files (or package folders) of Within.
// Imports that do not run at import time (type-only, inside functions, dynamic) break
// no module loading and are left out unless asked for.
type cyclesParams struct {
	Granularity     string   `json:"granularity"`
	Within          []string `json:"within,omitempty"`
	IncludeTypeOnly bool     `json:"include_type_only,omitempty"`
	IncludeLazy     bool     `json:"include_lazy,omitempty"`
}

type cyclesCheck struct {
	rule *policy.Rule
	p    cyclesParams
	// packageDirs (workspace granularity) are the folders that hold a manifest, set
	// per judgement from the tree.
	packageDirs map[string]bool
}

func compileCycles(rule *policy.Rule) (engine.Check, error) {
	var p cyclesParams
	if err := decode(rule, &p); err != nil {
		return nil, err
	}
	if p.Granularity == "" {
		p.Granularity = GranularityFile
	}
	if p.Granularity != GranularityFile && p.Granularity != GranularityPackage && p.Granularity != GranularityWorkspace {
		return nil, fmt.Errorf("params.granularity: %q is not file, package or workspace", p.Granularity)
	}
	if err := validGlobs("within", p.Within); err != nil {
		return nil, err
	}
	return &cyclesCheck{rule: rule, p: p}, nil
}

// The cycle rule judges the change (or the tree) as a whole: a cycle is a property
// of many files.
func (c *cyclesCheck) Targets(ev *engine.Evidence) []engine.Target {
	if ev.Tree == nil {
		return nil
	}
	if ev.Mode == engine.ModeDiff {
		touched := false
		for _, f := range ev.Files {
			if graph.Sourced(f.Lang) && c.inScope(f.Path) {
				touched = true
				break
			}
		}
		if !touched {
			return nil
		}
	}
	return []engine.Target{{Kind: engine.TargetChange}}
}

// WantsFile implements engine.FileSelector: the cycle rule reads the tree, and of the
// judged files only which source files a change touched.
func (c *cyclesCheck) WantsFile(p, lang string) bool { return mayBeSource(p, lang) && c.inScope(p) }

func (c *cyclesCheck) inScope(p string) bool {
	if !c.rule.Scope.Covers(p) {
		return false
	}
	return len(c.p.Within) == 0 || matchAny(c.p.Within, p)
}

// vertexOf maps a file to its vertex: itself, or its folder at package granularity
// (Go files always: a Go import names a package).
func (c *cyclesCheck) vertexOf(f *graph.File) string {
	if c.p.Granularity == GranularityWorkspace {
		return c.packageOf(f.Path)
	}
	if c.p.Granularity == GranularityPackage || f.Lang == engine.LangGo {
		return graph.Dir(f.Path)
	}
	return f.Path
}

func (c *cyclesCheck) targetVertex(from *graph.File, e *graph.Edge) (string, bool) {
	if c.p.Granularity == GranularityWorkspace && (e.ToKind == graph.NodeFile || e.ToKind == graph.NodeDir) {
		return c.packageOf(e.To), true
	}
	switch e.ToKind {
	case graph.NodeFile:
		if c.p.Granularity == GranularityPackage {
			return graph.Dir(e.To), true
		}
		return e.To, true
	case graph.NodeDir:
		if c.p.Granularity == GranularityPackage || from.Lang == engine.LangGo {
			return e.To, true
		}
	}
	return "", false
}

type edgeRef struct {
	file string
	e    *graph.Edge
	new  bool
}

func (c *cyclesCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	g, err := graph.Of(ev)
	if err != nil {
		return engine.Result{Verdict: engine.Undetermined, Reason: fmt.Sprintf("import graph not built: %v", err)}
	}
	if c.p.Granularity == GranularityWorkspace {
		// a copy: the check may judge other evidence at the same time
		cc := *c
		cc.packageDirs = manifestDirs(ev.Tree.Paths())
		c = &cc
	}
	ids := map[string]int{}
	var names []string
	id := func(s string) int {
		if i, ok := ids[s]; ok {
			return i
		}
		ids[s] = len(names)
		names = append(names, s)
		return len(names) - 1
	}
	type pair struct{ u, v int }
	refs := map[pair][]edgeRef{}
	var unread []string
	for _, p := range g.Paths() {
		f := g.Files[p]
		if !c.inScope(p) {
			continue
		}
		if f.Lang == engine.LangGo && strings.HasSuffix(p, "_test.go") {
			// A Go test builds into a test package nothing imports: its imports close
			// no cycle (the go tool rejects the ones that would not compile)
			continue
		}
		if f.Lang == engine.LangRust {
			// A Rust crate's modules compile as one unit (a parent that declares its
			// children, children that name it with `use crate::` or `use super::`),
			// and cargo rejects a cycle among crates; what remains is a crate's
			// tests using a dev-dependency that depends on the crate, which cargo
			// builds. A Rust import closes no cycle a rule could mean
			continue
		}
		if f.Err != "" {
			unread = append(unread, p)
			continue
		}
		u := id(c.vertexOf(f))
		judged := ev.File(p)
		for i := range f.Edges {
			e := &f.Edges[i]
			if (e.TypeOnly && !c.p.IncludeTypeOnly) || ((e.Lazy || e.Kind == graph.KindDynamic) && !c.p.IncludeLazy) {
				continue
			}
			tv, ok := c.targetVertex(f, e)
			if !ok || !c.inScope(tv) && !(e.ToKind == graph.NodeDir && c.inScopeDir(tv)) {
				continue
			}
			v := id(tv)
			if u == v {
				continue
			}
			isNew := ev.Mode == engine.ModeDiff && judged != nil && judged.Owns(e.Line) && broughtByTheChange(judged, e)
			refs[pair{u, v}] = append(refs[pair{u, v}], edgeRef{file: p, e: e, new: isNew})
		}
	}
	n := len(names)
	adj := make([][]int, n)
	adj0 := make([][]int, n)
	var pairs []pair
	for pr := range refs {
		pairs = append(pairs, pr)
	}
	sort.Slice(pairs, func(i, j int) bool {
		if names[pairs[i].u] != names[pairs[j].u] {
			return names[pairs[i].u] < names[pairs[j].u]
		}
		return names[pairs[i].v] < names[pairs[j].v]
	})
	newPair := map[pair]bool{}
	for _, pr := range pairs {
		adj[pr.u] = append(adj[pr.u], pr.v)
		allNew := true
		for _, r := range refs[pr] {
			if !r.new {
				allNew = false
				break
			}
		}
		if allNew && ev.Mode == engine.ModeDiff {
			newPair[pr] = true
		} else {
			adj0[pr.u] = append(adj0[pr.u], pr.v)
		}
	}
	comp := componentIDs(n, adj)
	var fs []engine.Finding
	reported := map[int]bool{}
	report := func(pr pair) {
		cid := comp[pr.u]
		if reported[cid] {
			return
		}
		reported[cid] = true
		cyc := graph.ShortestCycle(adj, pr.u, pr.v, func(w int) bool { return comp[w] == cid })
		path := []string{names[pr.u]}
		for _, w := range cyc {
			path = append(path, names[w])
		}
		var ref edgeRef
		for _, r := range refs[pr] {
			if ev.Mode != engine.ModeDiff || r.new {
				ref = r
				break
			}
		}
		size := 0
		for _, x := range comp {
			if x == cid {
				size++
			}
		}
		unit := "files"
		if c.p.Granularity != GranularityFile {
			unit = "packages"
		}
		msg := fmt.Sprintf("import cycle: %s", strings.Join(path, " → "))
		if size > len(path)-1 {
			msg += fmt.Sprintf(" (one of the cycles among %d %s)", size, unit)
		}
		// Each import of the cycle, in its order, where the file writes it.
		var related []engine.Location
		from := pr.u
		for _, w := range cyc {
			if rs := refs[pair{from, w}]; len(rs) > 0 {
				r := rs[0]
				for _, x := range rs {
					if ev.Mode != engine.ModeDiff || x.new {
						r = x
						break
					}
				}
				related = append(related, engine.Location{Path: r.file, Line: r.e.Line, Column: r.e.Col,
					Message: fmt.Sprintf("%s imports %s", names[from], names[w])})
			}
			from = w
		}
		content := c.content(ev, ref.file)
		fs = append(fs, engine.Finding{Path: ref.file, Line: ref.e.Line, Column: ref.e.Col, CommandIndex: -1,
			Message: msg, Snippet: lineText(content, ref.e.Line), Suggestion: c.rule.Suggestion, Related: related})
	}
	if ev.Mode == engine.ModeDiff {
		// A cycle belongs to the change when the change's new imports close it: it
		// runs through a new edge, and without the new edges its ends were not yet
		// in one component.
		comp0 := componentIDs(n, adj0)
		for _, pr := range pairs {
			if newPair[pr] && comp[pr.u] == comp[pr.v] && comp0[pr.u] != comp0[pr.v] {
				report(pr)
			}
		}
	} else {
		for _, pr := range pairs {
			if comp[pr.u] == comp[pr.v] {
				report(pr)
			}
		}
	}
	if len(fs) == 0 && len(unread) > 0 {
		return engine.Result{Verdict: engine.Undetermined, Reason: fmt.Sprintf("imports of %d file(s) could not be read (%s): a cycle through them would go unseen", len(unread), list(firstN(unread, 3)))}
	}
	return verdictOf(fs, "no import cycle")
}

func (c *cyclesCheck) inScopeDir(d string) bool {
	if len(c.p.Within) == 0 {
		return c.rule.Scope.Dir == "" || d == c.rule.Scope.Dir || strings.HasPrefix(d, c.rule.Scope.Dir+"/")
	}
	return matchAny(c.p.Within, d)
}

func (c *cyclesCheck) content(ev *engine.Evidence, p string) []byte {
	if f := ev.File(p); f != nil && f.Content != nil {
		return f.Content // a streamed run's files hold no content by now: the tree has it
	}
	if b, err := ev.Tree.Read(p); err == nil {
		return b
	}
	return nil
}

func componentIDs(n int, adj [][]int) []int {
	out := make([]int, n)
	for i, c := range graph.SCC(n, adj) {
		for _, v := range c {
			out[v] = i
		}
	}
	return out
}

func firstN(xs []string, n int) []string {
	if len(xs) > n {
		return append(xs[:n:n], "…")
	}
	return xs
}

// packageOf is the folder of the nearest manifest at or above p ("" for the root).
func (c *cyclesCheck) packageOf(p string) string {
	for d := graph.Dir(p); d != "" && d != "."; d = graph.Dir(d) {
		if c.packageDirs[d] {
			return d
		}
	}
	return ""
}

// manifestDirs lists the folders of the tree that hold a package's manifest, the
// dependencies' own (node_modules, vendor) left out.
func manifestDirs(paths []string) map[string]bool {
	out := map[string]bool{}
	for _, p := range paths {
		if strings.Contains("/"+p, "/node_modules/") || strings.HasPrefix(p, "vendor/") {
			continue
		}
		for _, m := range workspaceManifests {
			if p == m || strings.HasSuffix(p, "/"+m) {
				out[graph.Dir(p)] = true
			}
		}
	}
	return out
}
