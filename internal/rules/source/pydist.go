package source

import (
	_ "embed"
	"strings"

	"github.com/heed-dev/heed/internal/lazy"
)

//go:embed pydist.tsv
var pyDistTSV string

// pyDistImports maps a Python distribution, in PEP 503's normal form, to the
// modules code imports it by, where they differ from its name (PyYAML is imported
// as yaml, Pillow as PIL); pyImportDists maps each such module, lower-cased, back to
// its distributions.
var pyDistImports = lazy.Value[map[string][]string]{F: func() map[string][]string {
	out := map[string][]string{}
	for _, line := range strings.Split(pyDistTSV, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		dist, mods, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		out[canonPy(dist)] = strings.Fields(mods)
	}
	return out
}}

var pyImportDists = lazy.Value[map[string][]string]{F: func() map[string][]string {
	out := map[string][]string{}
	for dist, mods := range pyDistImports.Get() {
		for _, m := range mods {
			out[strings.ToLower(m)] = append(out[strings.ToLower(m)], dist)
		}
	}
	return out
}}

// pyImportNames are the modules code imports a Python distribution by: the table's,
// else the name lower-cased with dashes as underscores (a dotted name such as
// ruamel.yaml or zope.interface is its module's path).
func pyImportNames(dist string) []string {
	if mods, ok := pyDistImports.Get()[canonPy(dist)]; ok {
		return mods
	}
	return []string{strings.ReplaceAll(strings.ToLower(dist), "-", "_")}
}

// pySameProject reports whether two names a sentence, a manifest or an import gives
// are one Python project: equal distributions, a distribution and a module it
// installs (either way round), or equal modules.
func pySameProject(a, b string) bool {
	if canonPy(a) == canonPy(b) {
		return true
	}
	for _, m := range pyImportNames(a) {
		if strings.EqualFold(m, b) || canonPy(m) == canonPy(b) {
			return true
		}
	}
	for _, m := range pyImportNames(b) {
		if strings.EqualFold(m, a) || canonPy(m) == canonPy(a) {
			return true
		}
	}
	return false
}

// sameAlternative reports an alternative that names the banned package itself
// ("Avoid PyYAML; use `yaml.safe_load`" is no ban of the package).
func sameAlternative(instead string, ref pkgRef) bool {
	if instead == "" {
		return false
	}
	if ref.eco == "pypi" {
		top, _, _ := strings.Cut(instead, ".")
		return pySameProject(instead, ref.mod) || strings.EqualFold(top, ref.mod)
	}
	return strings.EqualFold(instead, ref.mod)
}
