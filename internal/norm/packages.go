package norm

import (
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// packageNameRE: a package's name as a manager spells it (`lodash`, `@types/node`,
// `django-environ`, `golang.org/x/exp`); packageFileRE: a name that is a file instead
// (`package.json`, `setup.py`).
var (
	packageNameRE  = lazyre.New(`^@?[A-Za-z0-9][A-Za-z0-9._-]*(?:/[A-Za-z0-9._-]+)*$`)
	packageFileRE  = lazyre.New(`(?i)\.(?:json|toml|txt|md|lock|ya?ml|cfg|ini|py|js|ts|go|rs|rb|sh|mod|sum)$`)
	dependencyRE   = lazyre.New(`(?i)\b(?:dependenc(?:y|ies)|deps?|package\.json|requirements|pyproject|cargo\.toml|go\.mod|gemfile|composer\.json)\b`)
	packageMeansRE = lazyre.New("(?i)\\b(?:with|using|via|through|by|from|run)\\s+`([^`]+)`")
)

// namedPackageAdds: "Do not install `moment`", "Never add `lodash` as a dependency":
// the packages named are what the ban keeps out of the project, not programs to run
// (`moment` is none). Its objects become the concept add-dependency of those names,
// whose forms are every manager's install of them. A span named as the means ("do not
// install with `npm`") is the tool, left as it is; "add" needs a word of dependencies
// ("add `x` to the README" adds no package).
func namedPackageAdds(ns []Norm, text string) {
	if !strings.Contains(text, "`") || !slices.ContainsFunc(ns, func(n Norm) bool { return n.Polarity == Forbid && n.Verb == "install" }) {
		return
	}
	means := map[string]bool{}
	for _, m := range packageMeansRE.FindAllStringSubmatch(text, -1) {
		means[m[1]] = true
	}
	low := strings.ToLower(text)
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Forbid || n.Verb != "install" || len(n.Objects) == 0 {
			continue
		}
		if !strings.Contains(low, "install") && !dependencyRE.MatchString(withoutAsides(text, n.Condition)) {
			// "do not add manual `useMemo` unless ... (e.g. a ref needed as an
			// effect dependency)": the dependency word is the exception's, and
			// what is added is code
			continue
		}
		var names []string
		for _, o := range n.Objects {
			t := strings.TrimSpace(o.Text)
			if o.Kind != KCode && o.Kind != KCommand && o.Kind != KTool || means[t] || !packageNameRE.MatchString(t) || packageFileRE.MatchString(t) {
				names = nil
				break
			}
			names = append(names, t)
		}
		if len(names) == 0 {
			continue
		}
		n.Objects = []Object{{Kind: KConcept, Text: "add-dependency", Argv: names}}
	}
}

// stripAsides is text without its parenthetical asides.
func stripAsides(text string) string { return asideRE.ReplaceAllString(text, " ") }

// WithoutReferences is text without the asides that refer the reader elsewhere
// ("(see `pyproject.toml`)", "(e.g. `x`)"): what they name is not what the text says.
func WithoutReferences(text string) string { return referenceAsideRE.ReplaceAllString(text, " ") }

var referenceAsideRE = lazyre.New(`(?i)\((?:see|cf\.|e\.g\.|i\.e\.|for example|as in|per|via)\b[^()]*\)`)

// asideRE: a parenthetical aside.
var asideRE = lazyre.New(`\([^()]*\)`)

// withoutAsides is text without its parenthetical asides and without the condition
// cond the reading took from it.
func withoutAsides(text, cond string) string {
	text = stripAsides(text)
	if cond != "" {
		if i := strings.Index(strings.ToLower(text), strings.ToLower(strings.Fields(cond)[0]+" ")); i > 0 {
			text = text[:i]
		}
	}
	return text
}
