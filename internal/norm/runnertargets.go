package norm

import (
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// "Use `make` targets, which are the source of truth for builds, tests, and linting",
// "Always use `make` instead of calling the Go toolchain directly", "Run everything
// through `just` recipes", "Use the npm scripts instead of running the underlying
// tools": the project's task runner is the way to run its tools, and the tools are
// the ones its targets run, which the sentence does not name. A target named for one
// job ("Use `make docs` to build the documentation") shows a command, no more.

// runnerUseRE: the sentence prefers the runner: a verb of using, then the runner.
var runnerUseRE = lazyre.New(`(?i)\b(?:use|prefer|run\s+(?:everything|all\s+\w+|commands|tasks)\s+(?:through|via|with))\s+(?:the\s+|our\s+|its\s+)?` +
	"`?(make|makefile|just|justfile|npm|pnpm|yarn|bun|task)`?" + `(?:\s*('s|')?\s*(targets?|recipes?|scripts?|tasks?)\b)?`)

// runnerOverToolsRE: the sentence sets the runner against the tools themselves.
var runnerOverToolsRE = lazyre.New(`(?i)\b(?:instead\s+of|rather\s+than|over|not)\b.*\b(?:tools?|toolchain|directly|yourself|underlying|raw|by\s+hand)\b|\bsource\s+of\s+truth\b|\bfor\s+everything\b|\bdirectly\b`)

// runnerWords: one of them is in every sentence RunnerTargets reads.
var runnerWords = []string{"target", "recipe", "script", "directly", "instead", "rather", "through", "via", "source of truth", "everything", "makefile", "justfile"}

// RunnerTargets reports the task runner a sentence makes the way to run the project's
// tools, by the name heed's task list gives its targets: "make", "just", "npm" (the
// scripts of package.json, whichever package manager runs them), "task".
func RunnerTargets(text string) (string, bool) {
	low := strings.ToLower(text)
	if !strings.Contains(low, "make") && !strings.Contains(low, "just") && !strings.Contains(low, "script") && !strings.Contains(low, "task") {
		return "", false
	}
	if !slices.ContainsFunc(runnerWords, func(w string) bool { return strings.Contains(low, w) }) {
		return "", false // the expressions are for the sentences that could match
	}
	m := runnerUseRE.FindStringSubmatchIndex(text)
	if m == nil {
		return "", false
	}
	runner := strings.ToLower(text[m[2]:m[3]])
	targets := m[6] >= 0
	switch runner {
	case "makefile":
		runner, targets = "make", true
	case "justfile":
		runner, targets = "just", true
	case "pnpm", "yarn", "bun":
		runner = "npm"
	}
	if runner == "npm" && !targets {
		return "", false // "use npm" picks a package manager
	}
	if strings.HasPrefix(strings.ToLower(text[m[0]:]), "run ") {
		// "Run everything through `just` recipes": every tool, through them
		return runner, true
	}
	// the runner set against the tools ("instead of calling the toolchain
	// directly", "the source of truth"): "Use the make targets." alone says nothing
	// of the tools
	if !runnerOverToolsRE.MatchString(text[m[1]:]) {
		return "", false
	}
	return runner, true
}
