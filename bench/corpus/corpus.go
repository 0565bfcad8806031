// Package corpus loads the instruction corpora in ../shared/corpus for the benchmarks:
// each file extracted with instr.Extract at its real repository path, grouped by
// repository, with a repository context made from the manifest's language (the corpora
// hold only instruction files, not code).
package corpus

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// File is one row of a corpus manifest.
type File struct {
	// Name is the file's name in the corpus folder (OWNER__REPO__PATH).
	Name string
	// Repo is owner/name, Path the file's path in that repository.
	Repo, Path string
	// Kind is the manifest's kind (agents, claude, copilot, cursor, contributing...).
	Kind string
	// Language is the repository's main language or ecosystem, as the manifest says.
	Language string
}

// Repo is one corpus repository: its instruction files as an instruction set, and a
// repository context built from the manifest's language.
type Repo struct {
	Name    string
	Set     *instr.Set
	Context *recognize.RepoContext
	// Names maps a file's repository path to its corpus file name.
	Names map[string]string
	// Files are the repository's manifest rows, in manifest order.
	Files []File
	// Paths are the files of the repository's tree when it has a layout (UseLayouts).
	Paths []string
	// Layout says where Context came from: "" from the manifest's language; else the
	// origin of the repository's layout (UseLayouts): "manifest" (the tree at the
	// manifest's commit), "manifest-newest" (the newest of the several commits the
	// manifest lists for the repository), "snapshot-head" (a later tree: the snapshot
	// lacked the manifest's commits).
	Layout string
}

// ReadManifest reads dir/MANIFEST.tsv. The two corpora name their columns differently
// (language_ecosystem or language), so columns are found by their header.
func ReadManifest(dir string) ([]File, error) {
	path := filepath.Join(dir, "MANIFEST.tsv")
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read corpus manifest: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	col := map[string]int{}
	var out []File
	for line := 1; sc.Scan(); line++ {
		cols := strings.Split(sc.Text(), "\t")
		if line == 1 {
			for i, c := range cols {
				col[c] = i
			}
			for _, need := range []string{"file", "repo", "path", "kind"} {
				if _, ok := col[need]; !ok {
					return nil, fmt.Errorf("%s: no %q column", path, need)
				}
			}
			continue
		}
		get := func(name string) string {
			if i, ok := col[name]; ok && i < len(cols) {
				return cols[i]
			}
			return ""
		}
		if get("file") == "" {
			continue
		}
		lang := get("language_ecosystem")
		if lang == "" {
			lang = get("language")
		}
		out = append(out, File{Name: get("file"), Repo: get("repo"), Path: get("path"), Kind: get("kind"), Language: lang})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return out, nil
}

// Load reads the manifest in dir and extracts every file at its real repository path,
// grouped by repository (so nested files keep their scope), repositories sorted by name.
func Load(dir string) ([]*Repo, error) { return LoadOnly(dir, nil) }

// LoadOnly is Load of the repositories keep accepts (every one when keep is nil): a
// test that judges a sample of the corpus reads and extracts only that sample.
func LoadOnly(dir string, keep func(repo string) bool) ([]*Repo, error) {
	files, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	byName := map[string]*Repo{}
	var order []string
	for _, mf := range files {
		if keep != nil && !keep(mf.Repo) {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, mf.Name))
		if err != nil {
			return nil, fmt.Errorf("read corpus file: %w", err)
		}
		r := byName[mf.Repo]
		if r == nil {
			r = &Repo{Name: mf.Repo, Set: &instr.Set{}, Context: ContextFor(mf.Language), Names: map[string]string{}}
			byName[mf.Repo] = r
			order = append(order, mf.Repo)
		}
		format := instr.Classify(mf.Path)
		scope := instr.ScopeDir(mf.Path, format)
		if format == "" {
			// heed finds no file of this name on its own: `heed compile` reads it only
			// through a link from an instruction file, with the linking file's scope
			// (instr's followLink). The manifest does not say which file links it; a
			// root file does in every such case of the corpus (a style guide under
			// docs/ that CONTRIBUTING points to), so it governs the whole repository,
			// not its own folder.
			format, scope = mf.Kind, ""
		}
		cons, warns := instr.Extract(mf.Path, src, format, policy.Scope{Dir: scope})
		sum := sha256.Sum256(src)
		r.Set.Files = append(r.Set.Files, instr.File{Path: mf.Path, Format: format, SHA256: hex.EncodeToString(sum[:]), Constraints: len(cons)})
		r.Set.Constraints = append(r.Set.Constraints, cons...)
		r.Set.Warnings = append(r.Set.Warnings, warns...)
		r.Names[mf.Path] = mf.Name
		r.Files = append(r.Files, mf)
	}
	sort.Strings(order)
	out := make([]*Repo, len(order))
	for i, n := range order {
		out[i] = byName[n]
	}
	return out, nil
}

// ContextFor turns the manifest's language into the languages and tools a recogniser
// may rely on.
func ContextFor(eco string) *recognize.RepoContext {
	e := strings.ToLower(eco)
	rc := &recognize.RepoContext{}
	add := func(langs ...string) { rc.Languages = append(rc.Languages, langs...) }
	if strings.Contains(e, "typescript") || strings.Contains(e, "javascript") {
		add(engine.LangTypeScript, engine.LangJavaScript, engine.LangTSX)
		rc.Tools = append(rc.Tools, "npm")
	}
	if strings.Contains(e, "python") {
		add(engine.LangPython)
	}
	if strings.Contains(e, "rust") {
		add(engine.LangRust)
		rc.Tools = append(rc.Tools, "cargo")
	}
	if strings.HasPrefix(e, "go") {
		add(engine.LangGo)
		rc.Tools = append(rc.Tools, "go")
	}
	if strings.Contains(e, "java") && !strings.Contains(e, "javascript") {
		add(engine.LangJava)
	}
	if strings.Contains(e, "c#") {
		add(engine.LangCSharp)
		rc.Tools = append(rc.Tools, "dotnet")
	}
	return rc
}

// UseLayouts gives each repository that has a layout under dir (dir/OWNER__NAME/
// paths.txt, go.mod when the repository has one, its package manifests at their
// paths, and origin.tsv saying which commit it is of: bench/compiler/fetched/layouts.sh
// writes them) the context `heed compile` builds from a checkout, in place of the one
// made from the manifest's language: the repository's directories, languages, tools,
// Go module and declared packages. It sets each such repository's Layout to the
// layout's origin ("manifest" when origin.tsv is absent: layouts written before it
// existed are all at the manifest's commit) and returns how many got one.
func UseLayouts(repos []*Repo, dir string) (int, error) {
	n := 0
	for _, r := range repos {
		at := filepath.Join(dir, strings.ReplaceAll(r.Name, "/", "__"))
		src, err := os.ReadFile(filepath.Join(at, "paths.txt"))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return n, fmt.Errorf("read layout of %s: %w", r.Name, err)
		}
		origin, err := layoutOrigin(filepath.Join(at, "origin.tsv"))
		if err != nil {
			return n, fmt.Errorf("read layout of %s: %w", r.Name, err)
		}
		paths := strings.Split(strings.TrimRight(string(src), "\n"), "\n")
		r.Context = compile.RepoContextFor(at, paths)
		r.Paths = paths
		r.Layout = origin
		n++
	}
	return n, nil
}

// layoutOrigin reads the origin line of a layout's origin.tsv ("origin<TAB>manifest"):
// "manifest" when the file is absent.
func layoutOrigin(path string) (string, error) {
	src, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return "manifest", nil
	}
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(src), "\n") {
		if k, v, ok := strings.Cut(line, "\t"); ok && k == "origin" && strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v), nil
		}
	}
	return "", fmt.Errorf("%s: no origin line", path)
}
