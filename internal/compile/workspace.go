package compile

import (
	"encoding/json"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/recognize"
	"github.com/pelletier/go-toml/v2"
)

// maxWorkspacePackages bounds the package.json files read for the workspace.
const maxWorkspacePackages = 500

// workspacePackages reads every package.json of the repository (none vendored) for
// its name and whether the release tool publishes it: "private": true leaves a
// package out, as does a name (or glob of names) the changesets configuration
// (`.changeset/config.json`) lists under "ignore".
func workspacePackages(mf *manifestFiles, paths []string) []recognize.WorkspacePackage {
	found := manifestsNamed(paths, "package.json", maxWorkspacePackages)
	if len(found) == 0 {
		return nil
	}
	var ignore []string
	if data, err := mf.read(".changeset/config.json"); err == nil {
		var cfg struct {
			Ignore []string `json:"ignore"`
		}
		if json.Unmarshal(data, &cfg) == nil {
			ignore = cfg.Ignore
		}
	}
	var out []recognize.WorkspacePackage
	for _, p := range found {
		data, err := mf.read(p)
		if err != nil {
			continue
		}
		var m struct {
			Name    string `json:"name"`
			Private bool   `json:"private"`
		}
		if json.Unmarshal(data, &m) != nil {
			continue
		}
		dir := path.Dir(p)
		if dir == "." {
			dir = ""
		}
		w := recognize.WorkspacePackage{Dir: dir, Name: m.Name, Unpublished: m.Private}
		for _, g := range ignore {
			if ok, _ := path.Match(g, m.Name); ok && m.Name != "" {
				w.Unpublished = true
			}
		}
		out = append(out, w)
	}
	return out
}

// maxCrates bounds the Cargo.toml files read for the crates' names.
const maxCrates = 500

// cratePackages reads every Cargo.toml of the repository (none vendored) that
// declares a [package] for its name, so a sentence that names a crate ("any change to
// the `acme-core` crate") can be resolved to its folder.
func cratePackages(mf *manifestFiles, paths []string) []recognize.WorkspacePackage {
	var out []recognize.WorkspacePackage
	for _, p := range manifestsNamed(paths, "Cargo.toml", maxCrates) {
		data, err := mf.read(p)
		if err != nil {
			continue
		}
		name := cargoPackageName(string(data))
		if name == "" {
			continue
		}
		dir := path.Dir(p)
		if dir == "." {
			dir = ""
		}
		out = append(out, recognize.WorkspacePackage{Dir: dir, Name: name})
	}
	return out
}

// manifestsNamed lists the repository's files of that base name outside vendored
// folders, sorted, at most max of them.
func manifestsNamed(paths []string, base string, max int) []string {
	var found []string
	for _, p := range paths {
		p = strings.TrimPrefix(path.Clean("/"+filepath.ToSlash(p)), "/")
		if path.Base(p) == base && !vendored(p) {
			found = append(found, p)
		}
	}
	sort.Strings(found)
	if len(found) > max {
		found = found[:max]
	}
	return found
}

// cargoPackageName is the name a Cargo.toml's [package] table declares, or "" (a
// virtual workspace manifest, or a file that is not TOML).
func cargoPackageName(text string) string {
	var doc struct {
		Package struct {
			Name string `toml:"name"`
		} `toml:"package"`
	}
	if toml.Unmarshal([]byte(text), &doc) != nil {
		return ""
	}
	return doc.Package.Name
}
