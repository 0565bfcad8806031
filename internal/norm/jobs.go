package norm

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// installForms are the subcommands with which each package manager installs a
// project's dependencies.
var installForms = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"npm": {"install", "i", "ci", "add"}, "yarn": {"install", "add"}, "pnpm": {"install", "i", "add"}, "bun": {"install", "i", "add"},
		"pip": {"install"}, "pip3": {"install"}, "uv": {"sync", "add"}, "poetry": {"install", "add"}, "pipenv": {"install"}, "pdm": {"install", "add"},
	}
})

// installRivals: "After cloning, install the dependencies with `pnpm install`": the
// install command a file prescribes names the project's package manager, so another
// manager's install is the wrong tool. Inferred, so advice: the rivals' installs warn,
// and a global install (how one gets the prescribed tool: `npm install -g pnpm`) is
// left alone.
func installRivals(ns []Norm) []Norm {
	if slices.ContainsFunc(ns, func(n Norm) bool { return n.Polarity == Forbid }) {
		return nil
	}
	var out []Norm
	for _, n := range ns {
		if n.Polarity != Require || n.Subject != "" || !setupCondition(n.Condition) {
			continue
		}
		// ("Use yarn: `yarn install`, ...": the manager named alone is the project's
		// choice in so many words, read as such elsewhere)
		if slices.ContainsFunc(n.Objects, func(o Object) bool {
			return (o.Kind == KTool || o.Kind == KCommand && len(o.Argv) == 1) && installForms()[strings.ToLower(o.Text)] != nil
		}) {
			continue
		}
		tool := ""
		for _, o := range n.Objects {
			if o.Kind != KCommand || len(o.Argv) < 2 || !slices.Contains(installForms()[o.Argv[0]], o.Argv[1]) {
				continue
			}
			if tool != "" && tool != o.Argv[0] {
				return nil // two managers: which the project uses is not said
			}
			tool = o.Argv[0]
		}
		if tool == "" {
			continue
		}
		family := toolFamilies()[tool]
		var rivals, global []Object
		for _, t := range slices.Sorted(slices.Values(mapKeys(installForms()))) {
			if t == tool || toolFamilies()[t] != family || t == "pip3" {
				continue
			}
			for _, sub := range installForms()[t] {
				rivals = append(rivals, Object{Kind: KCommand, Text: t + " " + sub, Argv: []string{t, sub}, Origin: "job"})
			}
			if family == "js-pm" {
				global = append(global, Object{Kind: KCommand, Text: t + " install -g", Argv: []string{t, "install", "-g"}, Origin: "job"})
			}
		}
		out = append(out, Norm{Sentence: n.Sentence, Polarity: Forbid, Strength: "should", Verb: "run", Objects: rivals, Except: global,
			Instead:   []Object{{Kind: KTool, Text: tool, Argv: []string{tool}}},
			Uncertain: []string{"the other package managers are inferred from the install command the sentence names"}})
	}
	return out
}

// setupCondition: no condition, or one that says when the install happens (after
// cloning, to set up), not for which part of the project.
func setupCondition(c string) bool {
	c = strings.ToLower(c)
	return c == "" || strings.Contains(c, "clon") || strings.Contains(c, "set up") || strings.Contains(c, "setup") || strings.Contains(c, "first")
}

func mapKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// roleRunWithRE: "Tests are run with `pytest`", "Linting is done using ruff": the
// tool the project does a job with, said as a fact of the project.
var roleRunWithRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)^(?:all\\s+|the\\s+|our\\s+|unit\\s+)*(tests?|linting|lint checks|formatting|code formatting)\\s+(?:is|are)\\s+(?:run|done|executed|handled|written)\\s+(?:with|using|via|through|by)\\s+`?([a-z][a-z0-9._-]*)`?(?:\\s+command)?\\.?$")
})

// managedWithRE: "Dependencies are managed with Yarn", "We manage packages using
// `uv`": the project's package manager, said as a fact.
var managedWithRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)^(?:(?:all\\s+|the\\s+|our\\s+|project\\s+)*(?:dependencies|packages)\\s+(?:are|is)\\s+managed|we\\s+manage\\s+(?:our\\s+|the\\s+)?(?:dependencies|packages))\\s+(?:with|by|using|via|through)\\s+`?([a-z][a-z0-9._-]*)`?\\.?$")
})

// roleRunWith reads such a statement as the project's use of the tool for the job.
func roleRunWith(text string) []Norm {
	if m := managedWithRE().FindStringSubmatch(strings.TrimSpace(text)); m != nil {
		w := strings.TrimRight(strings.ToLower(m[1]), ".")
		if _, ok := installForms()[w]; ok {
			return []Norm{{Sentence: text, Polarity: Require, Strength: "should", Verb: "use", Declarative: true,
				Objects: []Object{{Kind: KTool, Text: w, Argv: []string{w}}}}}
		}
	}
	m := roleRunWithRE().FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return nil
	}
	w := strings.TrimRight(strings.ToLower(m[2]), ".")
	if toolJobs()[w] == nil {
		return nil
	}
	role := "test"
	switch low := strings.ToLower(m[1]); {
	case strings.HasPrefix(low, "lint"):
		role = "lint"
	case strings.Contains(low, "format"):
		role = "format"
	}
	return []Norm{{Sentence: text, Polarity: Require, Strength: "should", Verb: "use", Declarative: true,
		Objects: []Object{{Kind: KTool, Text: w, Argv: []string{w}}, {Kind: KRole, Text: role}}}}
}
