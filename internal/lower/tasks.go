package lower

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/process"
)

// The project's task runner. A file says "run the tests before committing" and names
// no command, while the repository's package.json has a `test` script or its
// Makefile a `test` target: the project's command for the role is that target. And a
// file that names one spelling of a task (`pnpm test`) is met by the project's others
// (`npm test`, `pnpm run test`) and by the one command the target runs (`vitest
// run`). The targets come from the repository (recognize.RepoContext.Tasks), read at
// compile time.

// taskRole is the role a target's name says, exactly: `test`, `lint`, `fmt`,
// `build`, `typecheck`, a tox environment of a Python version (`py311`); "" for any
// other name (`check`, `ci`, `test:e2e`: a part of a role, or several).
func taskRole(t recognize.Task) string {
	switch strings.ToLower(t.Name) {
	case "test", "tests":
		return "test"
	case "lint":
		return "lint"
	case "format", "fmt":
		return "format"
	case "build":
		return "build"
	case "typecheck", "type-check", "check-types", "types", "tsc", "mypy", "pyright":
		return "typecheck"
	}
	if t.Runner == "tox" && pythonEnv(t.Name) {
		return "test"
	}
	return ""
}

// pythonEnv: a tox environment named for a Python version (`py311`, `py3`, `pypy3`).
func pythonEnv(name string) bool {
	rest, ok := strings.CutPrefix(name, "pypy")
	if !ok {
		rest, ok = strings.CutPrefix(name, "py")
	}
	if !ok || rest == "" {
		return false
	}
	for _, r := range rest {
		if (r < '0' || r > '9') && r != '.' {
			return false
		}
	}
	return true
}

// scriptRunners run package.json scripts.
func scriptRunners() []string { return []string{"npm", "pnpm", "yarn", "bun"} }

// taskCall is how the project runs a target: `npm run test`, `make lint`, `tox -e
// lint`.
func taskCall(t recognize.Task) []string {
	switch t.Runner {
	case "npm":
		return []string{"npm", "run", t.Name}
	case "tox":
		return []string{"tox", "-e", t.Name}
	case "nox":
		return []string{"nox", "-s", t.Name}
	}
	return []string{t.Runner, t.Name}
}

// taskOf is the target argv runs when it is exactly a call of one (`pnpm test`,
// `npm run lint`, `make test`, `tox -e lint`, `composer run-script test`), nil
// otherwise: a call with more words (`pnpm test src/a`) is a narrower run.
func taskOf(rc *recognize.RepoContext, argv []string) *recognize.Task {
	if rc == nil || len(argv) < 2 {
		return nil
	}
	prog := path.Base(argv[0])
	runner, words := prog, argv[1:]
	switch {
	case slices.Contains(scriptRunners(), prog):
		runner = "npm"
		if words[0] == "run" || words[0] == "run-script" {
			words = words[1:]
		}
	case prog == "composer":
		if words[0] == "run-script" || words[0] == "run" {
			words = words[1:]
		}
	case prog == "tox" && words[0] == "-e", prog == "nox" && (words[0] == "-s" || words[0] == "--session"):
		words = words[1:]
	case prog == "gmake":
		runner = "make"
	case prog == "go-task":
		runner = "task"
	}
	if len(words) != 1 {
		return nil
	}
	for i := range rc.Tasks {
		if t := &rc.Tasks[i]; t.Runner == runner && t.Name == words[0] {
			return t
		}
	}
	return nil
}

// taskSpellings are the other commands that run the target argv calls, or do its
// work: each package manager's spelling of a package.json script, composer's
// `run-script`, and the one command the target runs when it runs only one. Nil when
// argv calls no target of the repository.
func taskSpellings(rc *recognize.RepoContext, argv []string, scopeDir string) []process.Pattern {
	t := taskOf(rc, argv)
	if t == nil || scopeDir != "" {
		// a nested instruction file's commands run in its folder, whose targets
		// are not the root's
		return nil
	}
	var out []process.Pattern
	switch t.Runner {
	case "npm":
		out = append(out, process.Pattern{Program: scriptRunners(), Args: []string{"run", t.Name}})
		if t.Name == "test" {
			// `npm test`, `npm t`, `yarn test`: the script runs without `run`
			out = append(out, process.Pattern{Program: scriptRunners(), Args: []string{"test"}},
				process.Pattern{Program: []string{"npm"}, Args: []string{"t"}})
		}
	case "composer":
		out = append(out, process.Pattern{Program: []string{"composer"}, Args: []string{"run-script", t.Name}},
			process.Pattern{Program: []string{"composer"}, Args: []string{"run", t.Name}},
			process.Pattern{Program: []string{"composer"}, Args: []string{t.Name}})
	}
	if len(t.Steps) == 1 && len(t.Steps[0]) > 0 && !selfCall(*t, t.Steps[0]) {
		out = append(out, process.PatternFrom(t.Steps[0], ""))
	}
	return out
}

// selfCall: a step that calls the target again by another name is no other spelling.
func selfCall(t recognize.Task, argv []string) bool {
	return path.Base(argv[0]) == t.Runner && slices.Contains(argv[1:], t.Name)
}

// roleFromTasks resolves a role the file names in words and gives no command for
// ("run the tests") to the repository's targets for it: the commands, any one of
// which meets an order, and what heed concluded, for the rule's reading. Nil when
// the repository has no target of the role at its root.
func roleFromTasks(rc *recognize.RepoContext, role string) (cmds [][]string, why string) {
	if rc == nil {
		return nil, ""
	}
	var found []recognize.Task
	for _, t := range rc.Tasks {
		if taskRole(t) == role {
			found = append(found, t)
		}
	}
	if len(found) == 0 {
		return nil, ""
	}
	var names []string
	for _, t := range found {
		cmds = append(cmds, taskCall(t))
		names = append(names, fmt.Sprintf("`%s` (%s)", strings.Join(taskCall(t), " "), t.File))
	}
	what := roleNoun(role)
	if len(found) == 1 || sameWork(found) {
		return cmds, fmt.Sprintf("the file names no command for %s: the repository's task for it is %s", what, strings.Join(names, ", which runs "))
	}
	return cmds, fmt.Sprintf("the file names no command for %s, and the repository has several tasks that may be it: %s; any one of them counts", what, strings.Join(names, ", "))
}

// sameWork: every target but one runs another of them (`make build` runs `npm run
// build`), so they are one task by several names.
func sameWork(ts []recognize.Task) bool {
	calls := 0
	for _, t := range ts {
		for _, o := range ts {
			if o.Runner == t.Runner && o.Name == t.Name {
				continue
			}
			if slices.ContainsFunc(t.Steps, func(argv []string) bool { return callsTask(argv, o) }) {
				calls++
				break
			}
		}
	}
	return calls == len(ts)-1
}

// callsTask: argv is a call of the target o.
func callsTask(argv []string, o recognize.Task) bool {
	rc := &recognize.RepoContext{Tasks: []recognize.Task{o}}
	return taskOf(rc, argv) != nil
}

// roleNoun names a role in messages.
func roleNoun(role string) string {
	switch role {
	case "test":
		return "the tests"
	case "lint":
		return "the linter"
	case "format":
		return "the formatter"
	case "build":
		return "the build"
	case "typecheck":
		return "the type check"
	}
	return role
}
