package compile

import (
	"bufio"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/recognize"
)

// toolFiles maps a file's base name to the tool its presence shows the repository uses.
var toolFiles = lazy.Value[map[string][]string]{F: func() map[string][]string {
	return map[string][]string{
		"package-lock.json":       {"npm"},
		"npm-shrinkwrap.json":     {"npm"},
		"pnpm-lock.yaml":          {"pnpm"},
		"pnpm-workspace.yaml":     {"pnpm"},
		"yarn.lock":               {"yarn"},
		"bun.lockb":               {"bun"},
		"bun.lock":                {"bun"},
		"deno.json":               {"deno"},
		"deno.jsonc":              {"deno"},
		"deno.lock":               {"deno"},
		"uv.lock":                 {"uv"},
		"poetry.lock":             {"poetry"},
		"Pipfile.lock":            {"pipenv"},
		"Pipfile":                 {"pipenv"},
		"pdm.lock":                {"pdm"},
		"requirements.txt":        {"pip"},
		"tox.ini":                 {"tox"},
		"noxfile.py":              {"nox"},
		"Cargo.toml":              {"cargo"},
		"Cargo.lock":              {"cargo"},
		"go.mod":                  {"go"},
		"Makefile":                {"make"},
		"GNUmakefile":             {"make"},
		"justfile":                {"just"},
		"Justfile":                {"just"},
		"Taskfile.yml":            {"task"},
		"pom.xml":                 {"mvn"},
		"mvnw":                    {"mvn"},
		"build.gradle":            {"gradle"},
		"build.gradle.kts":        {"gradle"},
		"gradlew":                 {"gradle"},
		"Gemfile.lock":            {"bundle"},
		"composer.lock":           {"composer"},
		"CMakeLists.txt":          {"cmake"},
		"BUILD.bazel":             {"bazel"},
		"MODULE.bazel":            {"bazel"},
		"WORKSPACE":               {"bazel"},
		"global.json":             {"dotnet"},
		"nx.json":                 {"nx"},
		"turbo.json":              {"turbo"},
		".pre-commit-config.yaml": {"pre-commit"},
	}
}}

// RepoContextFor describes a repository for the recognisers from its file list
// (repository-relative, "/"-separated): languages and extensions by file count,
// directories, the root Go module, the tools its lock and build files show, and the
// packages its manifests declare. It reads only root/go.mod and the manifests
// (manifestPackages).
func RepoContextFor(root string, paths []string) *recognize.RepoContext {
	rc := &recognize.RepoContext{}
	langs := map[string]int{}
	dirs := map[string]bool{}
	tools := map[string]bool{}
	exts := map[string]int{}
	under := map[string]map[string]int{} // folder -> language -> files
	for _, p := range paths {
		p = strings.TrimPrefix(path.Clean("/"+filepath.ToSlash(p)), "/")
		if p == "" {
			continue
		}
		if l := engine.LangOf(p, nil); l != "" {
			langs[l]++
			for d := path.Dir(p); d != "." && d != "/"; d = path.Dir(d) {
				if under[d] == nil {
					under[d] = map[string]int{}
				}
				under[d][l]++
			}
		}
		for d := path.Dir(p); d != "." && d != "/" && !dirs[d]; d = path.Dir(d) {
			dirs[d] = true
		}
		if e := strings.ToLower(path.Ext(p)); e != "" && len(e) <= 8 {
			exts[e]++
		}
		base := path.Base(p)
		for _, t := range toolFiles.Get()[base] {
			tools[t] = true
		}
		if strings.HasSuffix(base, ".csproj") || strings.HasSuffix(base, ".sln") {
			tools["dotnet"] = true
		}
	}
	rc.Languages = byCount(langs)
	rc.LanguagesUnder = func(dir string) []string {
		if c := under[strings.Trim(dir, "/")]; c != nil {
			return byCount(c)
		}
		return nil
	}
	rc.Extensions = byCount(exts)
	if len(rc.Extensions) > 12 {
		rc.Extensions = rc.Extensions[:12]
	}
	for d := range dirs {
		rc.Dirs = append(rc.Dirs, d)
	}
	sort.Strings(rc.Dirs)
	for t := range tools {
		rc.Tools = append(rc.Tools, t)
	}
	sort.Strings(rc.Tools)
	if root != "" {
		rc.GoModule = goModule(filepath.Join(root, "go.mod"))
		mf := newManifestFiles(root)
		rc.Packages = manifestPackages(mf, paths)
		rc.SourceImports = lazySourceImports(root, slices.Clone(paths))
		rc.Tasks = repoTasks(root, paths)
		rc.Workspace = workspacePackages(mf, paths)
		rc.Crates = cratePackages(mf, paths)
		rc.LintExcluded = lintExcluded(mf)
		rc.LintIgnored = lintIgnored(mf)
	}
	return rc
}

func goModule(file string) string {
	f, err := os.Open(file)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "module"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}

// byCount lists the keys of counts, the most counted first, ties by name.
func byCount(counts map[string]int) []string {
	out := make([]string, 0, len(counts))
	for k := range counts {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if counts[a] != counts[b] {
			return counts[a] > counts[b]
		}
		return a < b
	})
	return out
}
