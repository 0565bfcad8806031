// Command initcheck reports work done at package initialisation, against heed's rule
// (AGENTS.md, "Conventions"): nothing is computed at package init, because every PATH
// shim and agent hook starts the whole binary. It flags, in non-test files:
//
//   - a func init();
//   - a regular expression compiled in a package-level variable's initialiser
//     (regexp.MustCompile and its kin): use internal/lazyre, compiled on first use;
//   - a map literal with entries in a package-level initialiser, or a call there
//     that returns a map (a map is always built at run time): use internal/lazy,
//     built on first use (an empty map, the container of a cache, is not flagged);
//   - a slice or array literal in a package-level initialiser whose elements call
//     functions (other than conversions, builtins and internal/lazy and
//     internal/lazyre's constructors, which only record what to do later).
//
// Code inside a function literal is not run at init and is not flagged, nor are
// generated files (cgo's among them). A finding that is meant stays, with a comment on
// its line, on its declaration's, or on the line above either:
//
//	// initcheck:allow REASON
//
// The reason is required. Findings not fixed yet can be listed in a baseline file
// (-baseline FILE: one "PATH NAME REASON" a line, PATH relative to the module root,
// NAME the declared variable, or init); a finding it lists is not reported, and an
// entry that matches no finding is, so the list only shrinks. Usage:
//
//	go run ./tools/initcheck [-baseline FILE] PACKAGES...
//
// It exits 1 when it reports anything, 2 when the packages do not load.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

func main() {
	baselineFile := flag.String("baseline", "", "file of known findings (PATH NAME REASON a line) not to report")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: initcheck [-baseline FILE] PACKAGES...\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	os.Exit(Main(*baselineFile, flag.Args(), os.Stdout, os.Stderr))
}

// Main checks the packages the patterns name and prints what it finds on stdout;
// it returns the exit code.
func Main(baselineFile string, patterns []string, stdout, stderr io.Writer) int {
	known := &baseline{entries: map[string]bool{}}
	if baselineFile != "" {
		var err error
		if known, err = readBaseline(baselineFile); err != nil {
			fmt.Fprintf(stderr, "initcheck: %v\n", err)
			return 2
		}
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadSyntax}, patterns...)
	if err != nil {
		fmt.Fprintf(stderr, "initcheck: load %s: %v\n", strings.Join(patterns, " "), err)
		return 2
	}
	if packages.PrintErrors(pkgs) > 0 {
		return 2
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{newAnalyzer(known)}, pkgs, nil)
	if err != nil {
		fmt.Fprintf(stderr, "initcheck: %v\n", err)
		return 2
	}
	var out []string
	for _, act := range graph.Roots {
		if act.Err != nil {
			fmt.Fprintf(stderr, "initcheck: %s: %v\n", act.Package.PkgPath, act.Err)
			return 2
		}
		for _, d := range act.Diagnostics {
			out = append(out, fmt.Sprintf("%s: %s", act.Package.Fset.Position(d.Pos), d.Message))
		}
	}
	for _, e := range known.unused() {
		out = append(out, fmt.Sprintf("%s: baseline entry %q matches no finding: remove it", baselineFile, e))
	}
	slices.Sort(out)
	for _, line := range out {
		fmt.Fprintln(stdout, line)
	}
	if len(out) > 0 {
		fmt.Fprintf(stderr, "initcheck: %d findings\n", len(out))
		return 1
	}
	return 0
}

// Analyzer is initcheck without a baseline.
var Analyzer = newAnalyzer(nil)

// newAnalyzer is initcheck, leaving out what known lists (nil: nothing).
func newAnalyzer(known *baseline) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: "initcheck",
		Doc:  "report work done at package initialisation (func init, regexp compiled, maps and computed tables in package-level variables)",
		URL:  "https://github.com/heed-dev/heed/blob/main/AGENTS.md#conventions",
		Run:  func(pass *analysis.Pass) (any, error) { return nil, run(pass, known) },
	}
}

// allowMarker starts the comment that keeps a finding, with its reason.
const allowMarker = "initcheck:allow"

// The packages whose calls only record what to do on first use.
const (
	lazyPkg   = "github.com/heed-dev/heed/internal/lazy"
	lazyrePkg = "github.com/heed-dev/heed/internal/lazyre"
)

func run(pass *analysis.Pass, known *baseline) error {
	for _, f := range pass.Files {
		// A file cgo rewrote is generated, but maps (//line) back to its source: that
		// source is checked; cgo's own files and other generated files are not.
		name := pass.Fset.Position(f.Package).Filename
		generated := ast.IsGenerated(f) && pass.Fset.PositionFor(f.Package, false).Filename == name
		if strings.HasSuffix(name, "_test.go") || generated {
			continue
		}
		allowed := allowLines(pass.Fset, f)
		report := func(node, decl ast.Node, format string, args ...any) {
			if reason, ok := allowedAt(pass.Fset, allowed, decl, node); ok {
				if reason == "" {
					pass.Reportf(node.Pos(), "%s needs a reason after it", allowMarker)
				}
				return
			}
			if known.has(name, declName(decl)) {
				return
			}
			pass.Reportf(node.Pos(), format, args...)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.Name == "init" {
					report(d.Name, d, "func init runs at every start of the binary (every shim and hook); do the work on first use (internal/lazy)")
				}
			case *ast.GenDecl:
				if d.Tok != token.VAR {
					continue
				}
				for _, spec := range d.Specs {
					vs := spec.(*ast.ValueSpec)
					for _, v := range vs.Values {
						checkInit(pass, v, func(n ast.Node, format string, args ...any) { report(n, vs, format, args...) })
					}
				}
			}
		}
	}
	return nil
}

// checkInit reports what a package-level initialiser computes at init.
func checkInit(pass *analysis.Pass, init ast.Expr, report func(ast.Node, string, ...any)) {
	ast.Inspect(init, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // runs when called, not at init
		case *ast.CallExpr:
			fn := calleeFunc(pass, n)
			if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "regexp" &&
				(strings.HasPrefix(fn.Name(), "MustCompile") || strings.HasPrefix(fn.Name(), "Compile")) {
				report(n, "regexp.%s in a package-level variable compiles at every start of the binary; use internal/lazyre (compiled on first use)", fn.Name())
				return false
			}
			if _, isMap := under(pass, n).(*types.Map); isMap && !conversionOrBuiltin(pass, n) {
				report(n, "%s builds a map at every start of the binary; build it on first use (internal/lazy)", exprString(n.Fun))
				return false
			}
		case *ast.CompositeLit:
			switch under(pass, n).(type) {
			case *types.Map:
				if len(n.Elts) == 0 {
					return false // an empty map: a cache's container, nothing computed
				}
				report(n, "a map literal in a package-level variable is built at every start of the binary; build it on first use (internal/lazy)")
				return false
			case *types.Slice, *types.Array:
				if call := firstCall(pass, n); call != nil {
					report(n, "this package-level table calls %s at every start of the binary; build it on first use (internal/lazy)", exprString(call.Fun))
					return false
				}
			}
		}
		return true
	})
}

// firstCall is the first call in a literal's elements that runs at init: not a
// conversion, not a builtin, not a constructor of internal/lazy or internal/lazyre.
func firstCall(pass *analysis.Pass, lit *ast.CompositeLit) *ast.CallExpr {
	var found *ast.CallExpr
	ast.Inspect(lit, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if conversionOrBuiltin(pass, n) {
				return true
			}
			if fn := calleeFunc(pass, n); fn != nil && fn.Pkg() != nil && (fn.Pkg().Path() == lazyPkg || fn.Pkg().Path() == lazyrePkg) {
				return false
			}
			found = n
			return false
		}
		return true
	})
	return found
}

// conversionOrBuiltin reports whether a call is a type conversion or a builtin's.
func conversionOrBuiltin(pass *analysis.Pass, call *ast.CallExpr) bool {
	tv, ok := pass.TypesInfo.Types[call.Fun]
	return ok && (tv.IsType() || tv.IsBuiltin())
}

// calleeFunc is the function or method a call names statically, if any.
func calleeFunc(pass *analysis.Pass, call *ast.CallExpr) *types.Func {
	fun := ast.Unparen(call.Fun)
	switch ix := fun.(type) { // a generic function instantiated
	case *ast.IndexExpr:
		fun = ix.X
	case *ast.IndexListExpr:
		fun = ix.X
	}
	var id *ast.Ident
	switch f := fun.(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return nil
	}
	fn, _ := pass.TypesInfo.Uses[id].(*types.Func)
	return fn
}

func under(pass *analysis.Pass, e ast.Expr) types.Type {
	if t := pass.TypesInfo.TypeOf(e); t != nil {
		return t.Underlying()
	}
	return nil
}

func exprString(e ast.Expr) string {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return exprString(e.X) + "." + e.Sel.Name
	case *ast.IndexExpr:
		return exprString(e.X)
	case *ast.IndexListExpr:
		return exprString(e.X)
	}
	return "a function"
}

// allowLines maps each line of f holding an allow comment to its reason.
func allowLines(fset *token.FileSet, f *ast.File) map[int]string {
	out := map[int]string{}
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			text := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(c.Text, "//"), "/*"), "*/"))
			if rest, ok := strings.CutPrefix(text, allowMarker); ok {
				out[fset.Position(c.Pos()).Line] = strings.TrimSpace(rest)
			}
		}
	}
	return out
}

// allowedAt finds an allow comment for a finding: on the line of the finding or of
// its declaration, or on the line just above either.
func allowedAt(fset *token.FileSet, allowed map[int]string, decl, node ast.Node) (string, bool) {
	for _, n := range []ast.Node{node, decl} {
		line := fset.Position(n.Pos()).Line
		for _, l := range []int{line, line - 1} {
			if reason, ok := allowed[l]; ok {
				return reason, true
			}
		}
	}
	return "", false
}

// declName is the name a baseline entry gives a declaration: its variables, or init.
func declName(decl ast.Node) string {
	switch d := decl.(type) {
	case *ast.FuncDecl:
		return d.Name.Name
	case *ast.ValueSpec:
		var names []string
		for _, n := range d.Names {
			names = append(names, n.Name)
		}
		return strings.Join(names, ",")
	}
	return ""
}

// A baseline is the findings not fixed yet, by file and declaration.
type baseline struct {
	mu sync.Mutex
	// entries maps "PATH NAME" to whether a finding matched it.
	entries map[string]bool
}

// readBaseline reads a baseline file: "PATH NAME REASON" a line, # comments.
func readBaseline(file string) (*baseline, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("read the baseline: %w", err)
	}
	defer f.Close()
	b := &baseline{entries: map[string]bool{}}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) < 3 {
			return nil, fmt.Errorf("%s:%d: want PATH NAME REASON", file, n)
		}
		b.entries[fields[0]+" "+fields[1]] = false
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", file, err)
	}
	return b, nil
}

// has reports whether the baseline lists the declaration name of file (an absolute
// path: an entry's PATH is matched as its trailing part).
func (b *baseline) has(file, name string) bool {
	if b == nil {
		return false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	file = filepath.ToSlash(file)
	for key := range b.entries {
		path, decl, _ := strings.Cut(key, " ")
		if decl == name && (file == path || strings.HasSuffix(file, "/"+path)) {
			b.entries[key] = true
			return true
		}
	}
	return false
}

// unused lists the entries no finding matched, sorted.
func (b *baseline) unused() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []string
	for key, hit := range b.entries {
		if !hit {
			out = append(out, key)
		}
	}
	slices.Sort(out)
	return out
}
