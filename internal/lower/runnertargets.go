package lower

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/process"
)

// runnerTargetsUncertain is why a ban of the tools a task runner's targets run never
// blocks: the sentence names the runner, and heed read the tools off its targets.
const runnerTargetsUncertain = "the tools are the ones the runner's targets run, as heed reads them"

// notTools are programs a target's recipe runs that are the shell's or the runner's
// own, not the project's tools: running them directly is no way around a target.
var notTools = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"rm": true, "cp": true, "mv": true, "mkdir": true, "echo": true, "printf": true, "cd": true, "cat": true,
		"touch": true, "ln": true, "chmod": true, "test": true, "true": true, "false": true, "sh": true, "bash": true,
		"env": true, "export": true, "set": true, "sed": true, "awk": true, "grep": true, "find": true, "xargs": true,
		"tee": true, "sleep": true, "exit": true, "git": true, "make": true, "just": true, "npm": true, "pnpm": true,
		"yarn": true, "bun": true, "npx": true, "task": true, "command": true, "which": true, "curl": true, "wget": true,
		"break": true, "continue": true, "sort": true, "uniq": true, "head": true, "tail": true, "wc": true, "cut": true,
		"tr": true, "read": true, "while": true, "for": true, "if": true, "then": true, "fi": true, "do": true, "done": true,
		"[": true, "[[": true, "ls": true, "pwd": true, "date": true, "tput": true, "install": true, "rmdir": true,
	}
})

// lowerRunnerTargets: "Use `make` targets, which are the source of truth for builds,
// tests, and linting" (norm.RunnerTargets), in a repository whose root Makefile (or
// justfile, package.json) runs `go test ./...` for `make test`: running `go test`
// directly goes around the targets. It warns, naming the target that runs the tool.
func lowerRunnerTargets(c *policy.Constraint, rc *recognize.RepoContext) []policy.Rule {
	runner, ok := norm.RunnerTargets(c.Text)
	if !ok || rc == nil {
		return nil
	}
	dir := c.Scope.Dir
	if dir == "." {
		dir = ""
	}
	// a tool the file shows run directly ("If using `go test` directly, run `go
	// generate ./...` first") is one it allows outside the targets
	shown := shownCommands(c, rc)
	for i := range rc.Constraints {
		if o := &rc.Constraints[i]; o.File == c.File {
			if used := norm.UsedDirectly(o.Text); used != "" {
				shown = append(shown, example{argv: strings.Fields(used)})
			}
		}
	}
	showsRun := func(f process.Pattern) bool {
		one := process.CommandParams{Forbid: []process.Pattern{f}}
		return slices.ContainsFunc(shown, func(ex example) bool { return process.JudgeArgv(one, ex.argv) == policy.ExpectViolated })
	}
	var forbid []process.Pattern
	targetOf := map[string]string{}
	for _, t := range rc.Tasks {
		if t.Runner != runner || path.Dir(t.File) != path.Clean("./"+dir) && !(dir == "" && path.Dir(t.File) == ".") {
			continue
		}
		steps := t.Programs
		if len(steps) == 0 {
			steps = t.Steps
		}
		for _, step := range steps {
			words := toolWords(step)
			key := strings.Join(words, " ")
			if len(words) == 0 || targetOf[key] != "" {
				continue
			}
			f := process.Pattern{Program: process.ProgramsOf(words[0]), Args: words[1:]}
			if showsRun(f) {
				continue
			}
			targetOf[key] = t.Name
			forbid = append(forbid, f)
		}
	}
	if len(forbid) == 0 {
		return nil
	}
	keys := slices.Sorted(maps.Keys(targetOf))
	n := norm.Norm{Sentence: c.Text, Polarity: norm.Forbid, Uncertain: []string{runnerTargetsUncertain}}
	var pairs []string
	for _, k := range keys {
		n.Objects = append(n.Objects, norm.Object{Kind: norm.KCommand, Text: k, Argv: strings.Fields(k)})
		pairs = append(pairs, fmt.Sprintf("`%s %s` runs `%s`", runner, targetOf[k], k))
	}
	// the runner's own commands run the tools as the sentence asks: `make lint`
	// runs `golangci-lint run` on the agent's behalf
	p := process.CommandParams{Forbid: forbid, Via: []process.Pattern{{Program: runnerPrograms(runner)}}}
	r := rule(c, &n, process.KindCommand, p)
	r.Message = "run the project's tools through its " + runner + " targets (" + strings.Join(pairs, "; ") + ")"
	r.Suggestion = "run the " + runner + " target that runs the tool"
	r.Cases = process.CommandCases(p)
	return []policy.Rule{r}
}

// runnerPrograms are the programs that run a runner's targets: npm's scripts run by
// whichever package manager.
func runnerPrograms(runner string) []string {
	if runner == "npm" {
		return []string{"npm", "pnpm", "yarn", "bun"}
	}
	return []string{runner}
}

// toolWords is the part of a recipe's command that names the tool: the program and the
// subcommands after it ("go test", "golangci-lint run", "cargo nextest run"), without
// options, paths or values; none for the shell's own programs.
func toolWords(step []string) []string {
	if len(step) == 0 || notTools()[path.Base(step[0])] || strings.Contains(step[0], "/") || strings.Contains(step[0], "=") || strings.HasPrefix(step[0], "$") {
		return nil
	}
	words := []string{step[0]}
	for _, a := range step[1:] {
		if len(words) == 3 || a == "" || !subcommandWord(a) {
			break
		}
		words = append(words, a)
	}
	return words
}

// subcommandWord: a word that names a subcommand ("test", "nextest"), not an option,
// a path, a pattern or a value.
func subcommandWord(a string) bool {
	for _, r := range a {
		if !(r >= 'a' && r <= 'z' || r == '-' && a[0] != '-' || r == ':') {
			return false
		}
	}
	return a[0] != '-'
}
