package compile

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/recognize"
)

// Limits of the manifest reading: a compile reads at most maxManifests manifests,
// the shallowest first, each up to maxManifestBytes.
const (
	maxManifests     = 64
	maxManifestBytes = 1 << 20
)

// indirectMark ends a name declaredNames reads from an indirect requirement.
const indirectMark = " (indirect)"

// manifestEcosystem is the ecosystem of a manifest file by its base name, or "".
func manifestEcosystem(base string) string {
	switch {
	case base == "package.json":
		return "npm"
	case base == "pyproject.toml", base == "Pipfile", strings.HasPrefix(base, "requirements") && strings.HasSuffix(base, ".txt"):
		return "pypi"
	case base == "go.mod":
		return "go"
	case base == "Cargo.toml":
		return "cargo"
	case base == "Gemfile", strings.HasSuffix(base, ".gemspec"):
		return "gem"
	case base == "build.gradle", base == "build.gradle.kts", base == "libs.versions.toml", base == "pom.xml":
		return "maven"
	case strings.HasSuffix(base, ".csproj"), strings.HasSuffix(base, ".fsproj"), base == "Directory.Packages.props", base == "packages.config":
		return "nuget"
	}
	return ""
}

// vendoredDirs hold other projects' files: their manifests are not the repository's.
func vendored(p string) bool {
	for _, seg := range strings.Split(path.Dir(p), "/") {
		switch seg {
		case "node_modules", "vendor", "third_party", "third-party", "external", ".git", "testdata", "fixtures", "__fixtures__":
			return true
		}
	}
	return false
}

// manifestPackages reads the packages the repository's manifests declare. paths are
// repository-relative; files are read under root. Unreadable or malformed manifests
// are skipped: the context is a help to the reading, not a requirement.
func manifestPackages(mf *manifestFiles, paths []string) []recognize.Package {
	var found []string
	for _, p := range paths {
		if manifestEcosystem(path.Base(p)) != "" && !vendored(p) {
			found = append(found, p)
		}
	}
	sort.SliceStable(found, func(i, j int) bool {
		di, dj := strings.Count(found[i], "/"), strings.Count(found[j], "/")
		if di != dj {
			return di < dj
		}
		return found[i] < found[j]
	})
	if len(found) > maxManifests {
		found = found[:maxManifests]
	}
	seen := map[string]bool{}
	var out []recognize.Package
	for _, p := range found {
		data, err := mf.read(p)
		if err != nil {
			continue
		}
		eco := manifestEcosystem(path.Base(p))
		for _, name := range declaredNames(path.Base(p), data) {
			name, indirect := strings.CutSuffix(name, indirectMark)
			key := eco + "\x00" + name
			if name == "" || seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, recognize.Package{Name: name, Ecosystem: eco, Manifest: p, Indirect: indirect})
		}
	}
	return out
}

// manifestFiles reads the repository's manifests for the readers of its context
// (dependencies, workspace packages, crates), each file once.
type manifestFiles struct {
	root string
	data map[string][]byte
}

func newManifestFiles(root string) *manifestFiles {
	return &manifestFiles{root: root, data: map[string][]byte{}}
}

// read returns a repository-relative file's first maxManifestBytes bytes.
func (mf *manifestFiles) read(p string) ([]byte, error) {
	if data, ok := mf.data[p]; ok {
		return data, nil
	}
	data, err := readLimited(filepath.Join(mf.root, filepath.FromSlash(p)))
	if err == nil {
		mf.data[p] = data
	}
	return data, err
}

func readLimited(file string) ([]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxManifestBytes))
}

var (
	pyReqNameRE    = lazyre.New(`^\s*([A-Za-z0-9][A-Za-z0-9._-]*)`)
	goRequireRE    = lazyre.New(`^\s*(?:require\s+)?([a-zA-Z0-9][\w.\-]*\.[a-z]{2,}(?:/[\w.\-~]+)+)\s+v\d`)
	gemRE          = lazyre.New(`^\s*(?:gem|s\.add_(?:runtime_|development_)?dependency|spec\.add_(?:runtime_|development_)?dependency)\s*\(?\s*["']([\w.\-]+)["']`)
	gradleCoordRE  = lazyre.New(`["']([A-Za-z0-9][\w.\-]*):([A-Za-z0-9][\w.\-]*)(?::[^"']*)?["']`)
	gradleModuleRE = lazyre.New(`\bmodule\s*=\s*["']([\w.\-]+):([\w.\-]+)["']|\bgroup\s*=\s*["']([\w.\-]+)["']\s*,\s*name\s*=\s*["']([\w.\-]+)["']`)
	pomDepRE       = lazyre.New(`(?s)<dependency>\s*<groupId>\s*([\w.\-]+)\s*</groupId>\s*<artifactId>\s*([\w.\-]+)\s*</artifactId>`)
	nugetRE        = lazyre.New(`<Package(?:Reference|Version)\s+Include="([\w.\-]+)"|<package\s+id="([\w.\-]+)"`)
)

// declaredNames reads the dependency names of one manifest.
func declaredNames(base string, data []byte) []string {
	var out []string
	switch {
	case base == "package.json":
		var pj map[string]json.RawMessage
		if json.Unmarshal(data, &pj) != nil {
			return nil
		}
		for _, k := range []string{"dependencies", "devDependencies", "peerDependencies", "optionalDependencies"} {
			var deps map[string]any
			if raw, ok := pj[k]; ok && json.Unmarshal(raw, &deps) == nil {
				for name := range deps {
					out = append(out, name)
				}
			}
		}
	case base == "pyproject.toml", base == "Pipfile":
		var doc map[string]any
		if toml.Unmarshal(data, &doc) != nil {
			return nil
		}
		out = append(out, pyprojectNames(doc)...)
	case strings.HasPrefix(base, "requirements"):
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			l := strings.TrimSpace(sc.Text())
			if l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "-") {
				continue
			}
			if m := pyReqNameRE.FindStringSubmatch(l); m != nil {
				out = append(out, m[1])
			}
		}
	case base == "go.mod":
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			if m := goRequireRE.FindStringSubmatch(sc.Text()); m != nil {
				name := m[1]
				if strings.Contains(sc.Text(), "// indirect") {
					// a dependency's choice, not the repository's: resolved only by
					// its whole path (recognize.Package.Indirect)
					name += indirectMark
				}
				out = append(out, name)
			}
		}
	case base == "Cargo.toml":
		var doc map[string]any
		if toml.Unmarshal(data, &doc) != nil {
			return nil
		}
		out = append(out, cargoNames(doc)...)
	case base == "Gemfile", strings.HasSuffix(base, ".gemspec"):
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			if m := gemRE.FindStringSubmatch(sc.Text()); m != nil {
				out = append(out, m[1])
			}
		}
	case base == "build.gradle", base == "build.gradle.kts", base == "libs.versions.toml":
		for _, m := range gradleCoordRE.FindAllStringSubmatch(string(data), -1) {
			if strings.Contains(m[1], ".") {
				out = append(out, m[1]+":"+m[2])
			}
		}
		for _, m := range gradleModuleRE.FindAllStringSubmatch(string(data), -1) {
			if m[1] != "" {
				out = append(out, m[1]+":"+m[2])
			} else {
				out = append(out, m[3]+":"+m[4])
			}
		}
	case base == "pom.xml":
		for _, m := range pomDepRE.FindAllStringSubmatch(string(data), -1) {
			out = append(out, m[1]+":"+m[2])
		}
	default: // .NET project files
		for _, m := range nugetRE.FindAllStringSubmatch(string(data), -1) {
			out = append(out, m[1]+m[2])
		}
	}
	sort.Strings(out)
	return out
}

// pyprojectNames reads PEP 621 dependencies and optional dependencies, dependency
// groups, Poetry's tables and a Pipfile's packages.
func pyprojectNames(doc map[string]any) []string {
	var out []string
	fromList := func(v any) {
		list, _ := v.([]any)
		for _, e := range list {
			if s, ok := e.(string); ok {
				if m := pyReqNameRE.FindStringSubmatch(s); m != nil {
					out = append(out, m[1])
				}
			}
		}
	}
	fromTable := func(v any) {
		t, _ := v.(map[string]any)
		for k := range t {
			if k != "python" {
				out = append(out, k)
			}
		}
	}
	if proj, ok := doc["project"].(map[string]any); ok {
		fromList(proj["dependencies"])
		if opt, ok := proj["optional-dependencies"].(map[string]any); ok {
			for _, v := range opt {
				fromList(v)
			}
		}
	}
	if groups, ok := doc["dependency-groups"].(map[string]any); ok {
		for _, v := range groups {
			fromList(v)
		}
	}
	if tool, ok := doc["tool"].(map[string]any); ok {
		if poetry, ok := tool["poetry"].(map[string]any); ok {
			fromTable(poetry["dependencies"])
			fromTable(poetry["dev-dependencies"])
			if groups, ok := poetry["group"].(map[string]any); ok {
				for _, g := range groups {
					if gt, ok := g.(map[string]any); ok {
						fromTable(gt["dependencies"])
					}
				}
			}
		}
		if uv, ok := tool["uv"].(map[string]any); ok {
			fromList(uv["dev-dependencies"])
		}
	}
	fromTable(doc["packages"])
	fromTable(doc["dev-packages"])
	return out
}

// cargoNames reads a Cargo manifest's dependency tables, the workspace's and each
// target's included.
func cargoNames(doc map[string]any) []string {
	var out []string
	tables := func(t map[string]any) {
		for _, k := range []string{"dependencies", "dev-dependencies", "build-dependencies"} {
			if deps, ok := t[k].(map[string]any); ok {
				for name := range deps {
					out = append(out, name) // a renamed dependency is used by its key
				}
			}
		}
	}
	tables(doc)
	if ws, ok := doc["workspace"].(map[string]any); ok {
		tables(ws)
	}
	if targets, ok := doc["target"].(map[string]any); ok {
		for _, t := range targets {
			if tt, ok := t.(map[string]any); ok {
				tables(tt)
			}
		}
	}
	return out
}
