package lower

import (
	"slices"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/recognize"
)

func TestTaskRole(t *testing.T) {
	for _, c := range []struct {
		task recognize.Task
		want string
	}{
		{recognize.Task{Runner: "npm", Name: "test"}, "test"},
		{recognize.Task{Runner: "make", Name: "lint"}, "lint"},
		{recognize.Task{Runner: "just", Name: "fmt"}, "format"},
		{recognize.Task{Runner: "nox", Name: "mypy"}, "typecheck"},
		{recognize.Task{Runner: "tox", Name: "py311"}, "test"},
		{recognize.Task{Runner: "tox", Name: "pypy3"}, "test"},
		// a part of a role, several roles, or another job
		{recognize.Task{Runner: "npm", Name: "test:e2e"}, ""},
		{recognize.Task{Runner: "make", Name: "check"}, ""},
		{recognize.Task{Runner: "make", Name: "py311"}, ""},
		{recognize.Task{Runner: "tox", Name: "pylint"}, ""},
	} {
		if got := taskRole(c.task); got != c.want {
			t.Errorf("taskRole(%s %s) = %q, want %q", c.task.Runner, c.task.Name, got, c.want)
		}
	}
}

func TestTaskOf(t *testing.T) {
	rc := &recognize.RepoContext{Tasks: []recognize.Task{
		{Runner: "npm", Name: "test"}, {Runner: "make", Name: "lint"}, {Runner: "tox", Name: "lint"}, {Runner: "composer", Name: "test"},
	}}
	for _, c := range []struct {
		line string
		want string // runner and name, "" for none
	}{
		{"pnpm test", "npm test"},
		{"yarn run test", "npm test"},
		{"npm run-script test", "npm test"},
		{"make lint", "make lint"},
		{"gmake lint", "make lint"},
		{"tox -e lint", "tox lint"},
		{"composer run-script test", "composer test"},
		// a narrower run, or a target the repository does not have
		{"pnpm test src/a.test.ts", ""},
		{"make test", ""},
		{"tox -e py311", ""},
	} {
		got := ""
		if task := taskOf(rc, strings.Fields(c.line)); task != nil {
			got = task.Runner + " " + task.Name
		}
		if got != c.want {
			t.Errorf("taskOf(%s) = %q, want %q", c.line, got, c.want)
		}
	}
}

func TestRoleFromTasks(t *testing.T) {
	one := &recognize.RepoContext{Tasks: []recognize.Task{
		{Runner: "npm", Name: "test", File: "package.json", Steps: [][]string{{"vitest", "run"}}},
		{Runner: "npm", Name: "lint", File: "package.json"},
	}}
	cmds, why := roleFromTasks(one, "test")
	if len(cmds) != 1 || strings.Join(cmds[0], " ") != "npm run test" || !strings.Contains(why, "`npm run test` (package.json)") {
		t.Errorf("one test script: %q, %q", cmds, why)
	}
	if cmds, why := roleFromTasks(one, "build"); cmds != nil || why != "" {
		t.Errorf("no build target: %q, %q", cmds, why)
	}
	// `make build` runs `npm run build`: one task by two names
	same := &recognize.RepoContext{Tasks: []recognize.Task{
		{Runner: "make", Name: "build", File: "Makefile", Steps: [][]string{{"npm", "run", "build"}, {"tsc", "-p", "."}}},
		{Runner: "npm", Name: "build", File: "package.json", Steps: [][]string{{"tsc", "-p", "."}}},
	}}
	if cmds, why := roleFromTasks(same, "build"); len(cmds) != 2 || strings.Contains(why, "several") {
		t.Errorf("make build over npm run build: %q, %q", cmds, why)
	}
	// two targets that do different work: both count, and the reading says so
	two := &recognize.RepoContext{Tasks: []recognize.Task{
		{Runner: "make", Name: "test", File: "Makefile", Steps: [][]string{{"go", "test", "./..."}}},
		{Runner: "npm", Name: "test", File: "package.json", Steps: [][]string{{"jest"}}},
	}}
	if cmds, why := roleFromTasks(two, "test"); len(cmds) != 2 || !strings.Contains(why, "several") {
		t.Errorf("two unrelated test targets: %q, %q", cmds, why)
	}
}

func TestTaskSpellings(t *testing.T) {
	rc := &recognize.RepoContext{Tasks: []recognize.Task{
		{Runner: "npm", Name: "test", Steps: [][]string{{"vitest", "run"}}},
		{Runner: "make", Name: "test", Steps: [][]string{{"go", "vet", "./..."}, {"go", "test", "./..."}}},
		{Runner: "make", Name: "ci", Steps: [][]string{{"make", "ci", "V=1"}}},
	}}
	var got []string
	for _, p := range taskSpellings(rc, []string{"pnpm", "test"}, "") {
		got = append(got, strings.Join(append(slices.Clone(p.Program[:1]), p.Args...), " "))
	}
	if !slices.Contains(got, "npm run test") || !slices.Contains(got, "npm test") || !slices.Contains(got, "vitest run") {
		t.Errorf("pnpm test: %q", got)
	}
	// a recipe of two commands is met by neither alone; a recipe that calls the
	// target again is no other spelling; a nested file's commands are its folder's
	if ps := taskSpellings(rc, []string{"make", "test"}, ""); len(ps) != 0 {
		t.Errorf("make test of two commands: %+v", ps)
	}
	if ps := taskSpellings(rc, []string{"make", "ci"}, ""); len(ps) != 0 {
		t.Errorf("make ci that calls itself: %+v", ps)
	}
	if ps := taskSpellings(rc, []string{"pnpm", "test"}, "web"); len(ps) != 0 {
		t.Errorf("pnpm test in web/: %+v", ps)
	}
}
