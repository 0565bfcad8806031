package source

import (
	"bytes"
	"path"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
)

// Testify suites: `s.NoError(err)` only logs and goes on when s's assertions are
// suite.Suite's own (*assert.Assertions); a suite that embeds *require.Assertions,
// directly or through a base suite, overrides them, so there `s.NoError` already is
// `s.Require().NoError` (temporalio/temporal tests/testcore/functional_test_base.go:52
// explains the idiom). These read the evidence's tree, not the disk.

var (
	goRecvRE     = lazyre.New(`^func\s*\(\s*(\w+)\s+\*?([A-Za-z_]\w*)(?:\[[^\]]*\])?\s*\)`)
	goImportRE   = lazyre.New(`(?m)^\s*(?:import\s+)?(?:([A-Za-z_]\w*)\s+)?"([^"]+)"`)
	goEmbeddedRE = lazyre.New(`^\s*\*?([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)?)(?:\[[^\]]*\])?\s*(?://.*)?$`)
)

// suiteResolver answers, for one run (it lives in the evidence's memo, shared by its
// files and rules), whether a Go type embeds *require.Assertions. Each package folder
// is read once, when a type of it is first asked about.
type suiteResolver struct {
	mu     sync.Mutex
	tree   engine.Snapshot
	module string
	byDir  map[string][]string
	types  map[string]map[string]goStruct // folder -> type name -> struct
	memo   map[string]bool
}

// goStruct is a struct type's field list and the imports of its file (alias ->
// import path).
type goStruct struct {
	body    string
	imports map[string]string
}

func newSuiteResolver(ev *engine.Evidence) *suiteResolver {
	r := &suiteResolver{tree: ev.Tree, byDir: map[string][]string{}, types: map[string]map[string]goStruct{}, memo: map[string]bool{}}
	if ev.Tree == nil {
		return r
	}
	for _, p := range ev.Tree.Paths() {
		if strings.HasSuffix(p, ".go") {
			d := path.Dir(p)
			r.byDir[d] = append(r.byDir[d], p)
		}
	}
	if b, err := ev.Tree.Read("go.mod"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if f := strings.Fields(l); len(f) >= 2 && f[0] == "module" {
				r.module = strings.Trim(f[1], `"`)
				break
			}
		}
	}
	return r
}

// receiverType is the type of the receiver named recv of the method around line
// (1-based) of a Go file, or "".
func receiverType(src []byte, li lineIndex, line int, recv string) string {
	for n := line; n >= 1; n-- {
		t := lineText(src, li, n)
		if !strings.HasPrefix(t, "func") {
			continue
		}
		if m := goRecvRE.FindStringSubmatch(t); m != nil && m[1] == recv {
			return m[2]
		}
		return ""
	}
	return ""
}

var goStructRE = lazyre.New(`(?m)^\s*(?:type\s+)?([A-Za-z_]\w*)(?:\[[^\]\n]*\])?\s+struct\s*\{`)

// structs are the struct types the Go files of a folder declare.
func (r *suiteResolver) structs(dir string) map[string]goStruct {
	if ts, ok := r.types[dir]; ok {
		return ts
	}
	ts := map[string]goStruct{}
	r.types[dir] = ts
	for _, p := range r.byDir[dir] {
		b, err := r.tree.Read(p)
		if err != nil || !bytes.Contains(b, []byte("struct")) {
			continue
		}
		src := string(b)
		var imports map[string]string
		for _, loc := range goStructRE.Regexp().FindAllStringSubmatchIndex(src, -1) {
			name := src[loc[2]:loc[3]]
			if _, dup := ts[name]; dup {
				continue
			}
			body, ok := braced(src, loc[1])
			if !ok {
				continue
			}
			if imports == nil {
				imports = goImports(src)
			}
			ts[name] = goStruct{body: body, imports: imports}
		}
	}
	return ts
}

// requireAssertions reports whether the type name, declared in the Go package of dir,
// embeds *require.Assertions (through at most four embedded types).
func (r *suiteResolver) requireAssertions(dir, name string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.embedsRequire(dir, name, 0)
}

func (r *suiteResolver) embedsRequire(dir, name string, depth int) bool {
	key := dir + "\x00" + name
	if v, ok := r.memo[key]; ok {
		return v
	}
	r.memo[key] = false // cycles
	v := false
	if st, ok := r.structs(dir)[name]; ok && depth <= 4 && r.tree != nil {
		for _, l := range strings.Split(st.body, "\n") {
			m := goEmbeddedRE.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			emb := m[1]
			if emb == "require.Assertions" && strings.Contains(l, "*") {
				v = true
				break
			}
			if i := strings.IndexByte(emb, '.'); i >= 0 {
				if d := r.importDir(st.imports[emb[:i]]); d != "" && r.embedsRequire(d, emb[i+1:], depth+1) {
					v = true
					break
				}
			} else if r.embedsRequire(dir, emb, depth+1) {
				v = true
				break
			}
		}
	}
	r.memo[key] = v
	return v
}

// goImports maps a Go file's import aliases (or last path elements) to import paths.
func goImports(src string) map[string]string {
	out := map[string]string{}
	for _, m := range goImportRE.FindAllStringSubmatch(src, -1) {
		name := m[1]
		if name == "" {
			name = path.Base(m[2])
		}
		out[name] = m[2]
	}
	return out
}

// importDir is the folder, in this repository, of an import path, or "".
func (r *suiteResolver) importDir(imp string) string {
	switch {
	case r.module == "" || imp == "":
		return ""
	case imp == r.module:
		return "."
	case strings.HasPrefix(imp, r.module+"/"):
		return imp[len(r.module)+1:]
	}
	return ""
}

// braced returns the text from start up to the brace that closes the one just
// before start.
func braced(src string, start int) (string, bool) {
	depth := 1
	for i := start; i < len(src); i++ {
		switch src[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return src[start:i], true
			}
		}
	}
	return "", false
}
