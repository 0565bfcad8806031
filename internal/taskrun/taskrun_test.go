package taskrun

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/heed-dev/heed/internal/shell"
)

// repo writes files (path → content) into a new folder and returns it.
func repo(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, c := range files {
		abs := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// expand reads what the command line runs, one string per step: "argv @ at [target]",
// with " (unsure)" for a step whose success the runner's does not imply.
func expand(t *testing.T, r *Reader, root, cwd, line string) ([]string, error) {
	t.Helper()
	cmds := shell.Parse(line, shell.Options{Cwd: cwd, Root: root, Index: -1})
	if len(cmds) == 0 {
		t.Fatalf("%q parses to no command", line)
	}
	steps, err := r.Expand(root, &cmds[0])
	var out []string
	for _, s := range steps {
		e := shell.Join(s.Command.Argv) + " @ " + s.At + " [" + s.Target + "]"
		if s.Command.Dynamic {
			e += " (computed)"
		}
		if !s.Implied {
			e += " (unsure)"
		}
		out = append(out, e)
	}
	return out, err
}

func same(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\ngot:\n  %s\nwant:\n  %s", what, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

func TestMakefile(t *testing.T) {
	root := repo(t, map[string]string{
		"Makefile": `# a project's Makefile
PYTHON ?= python3
SRC := src tests
RUFF = $(PYTHON) -m ruff

.PHONY: fix lint format check deploy build

fix: format lint ## format and lint
	@echo fixing

format:
	$(RUFF) format $(SRC)

lint:
	-$(RUFF) check --fix $(SRC)
	mypy $(SRC) \
	  --strict

check:
	$(MAKE) fix
	pytest -q || true

deploy: build
	terraform apply -auto-approve

build:
	go build ./...

%.o: %.c
	cc -c $<

undefined:
	$(TOOL) run
`,
	})
	r := &Reader{}
	got, err := expand(t, r, root, "", "make fix")
	if err != nil {
		t.Fatal(err)
	}
	same(t, "make fix", got, []string{
		"make format @ Makefile:11 [fix > format]",
		"python3 -m ruff format src tests @ Makefile:12 [fix > format]",
		"ruff format src tests @ Makefile:12 [fix > format]",
		"make lint @ Makefile:14 [fix > lint]",
		"python3 -m ruff check --fix src tests @ Makefile:15 [fix > lint] (unsure)",
		"ruff check --fix src tests @ Makefile:15 [fix > lint] (unsure)",
		"mypy src tests --strict @ Makefile:16 [fix > lint]",
		"echo fixing @ Makefile:9 [fix]",
	})
	// a variable given on the command line wins
	got, _ = expand(t, r, root, "", "make PYTHON=python3.12 format")
	same(t, "make PYTHON=python3.12 format", got, []string{
		"python3.12 -m ruff format src tests @ Makefile:12 [format]",
		"ruff format src tests @ Makefile:12 [format]",
	})
	// $(MAKE) recurses; a discarded status is no success
	got, _ = expand(t, r, root, "", "make check")
	same(t, "make check", got, []string{
		"make fix @ Makefile:20 [check]",
		"make format @ Makefile:11 [check > fix > format]",
		"python3 -m ruff format src tests @ Makefile:12 [check > fix > format]",
		"ruff format src tests @ Makefile:12 [check > fix > format]",
		"make lint @ Makefile:14 [check > fix > lint]",
		"python3 -m ruff check --fix src tests @ Makefile:15 [check > fix > lint] (unsure)",
		"ruff check --fix src tests @ Makefile:15 [check > fix > lint] (unsure)",
		"mypy src tests --strict @ Makefile:16 [check > fix > lint]",
		"echo fixing @ Makefile:9 [check > fix]",
		"pytest -q @ Makefile:21 [check] (unsure)",
		"true @ Makefile:21 [check] (unsure)",
	})
	// the default goal is the first target
	got, _ = expand(t, r, root, "", "make")
	if len(got) != 8 || !strings.Contains(got[7], "[fix]") {
		t.Errorf("make runs the first target, fix: got %q", got)
	}
	// a variable the file does not define stays computed
	got, _ = expand(t, r, root, "", "make undefined")
	if len(got) != 1 || !strings.Contains(got[0], "(computed)") {
		t.Errorf("make undefined: %q", got)
	}
	// a dry run runs nothing
	if got, err := expand(t, r, root, "", "make -n deploy"); len(got) != 0 || err != nil {
		t.Errorf("make -n deploy: %q %v", got, err)
	}
	// an unknown target is an error naming the file
	if _, err := expand(t, r, root, "", "make nosuch"); err == nil || !strings.Contains(err.Error(), "Makefile") {
		t.Errorf("make nosuch: %v", err)
	}
}

func TestMakefileSubdirAndCycles(t *testing.T) {
	root := repo(t, map[string]string{
		"Makefile":      "all:\n\t$(MAKE) -C web lint\n\tcd api && $(MAKE) test\nloop: loop2\n\techo one\nloop2: loop\n\techo two\nself:\n\t$(MAKE) self\n",
		"web/Makefile":  "lint:\n\tnpx eslint .\n",
		"api/Makefile":  "include common.mk\ntest: vet\n\tgo test ./...\n",
		"api/common.mk": "vet:\n\tgo vet ./...\n",
		"build/.keep":   "",
	})
	r := &Reader{}
	got, err := expand(t, r, root, "", "make all")
	if err != nil {
		t.Fatal(err)
	}
	same(t, "make all", got, []string{
		"make -C web lint @ Makefile:2 [all]",
		"npx eslint . @ web/Makefile:2 [all > lint]",
		"eslint . @ web/Makefile:2 [all > lint]",
		"cd api @ Makefile:3 [all]",
		"make test @ Makefile:3 [all]",
		"make vet @ api/common.mk:1 [all > test > vet]",
		"go vet ./... @ api/common.mk:2 [all > test > vet]",
		"go test ./... @ api/Makefile:3 [all > test]",
	})
	got, err = expand(t, r, root, "", "make loop")
	if err != nil || len(got) != 3 {
		t.Errorf("make loop: %q %v", got, err)
	}
	got, err = expand(t, r, root, "", "make self")
	if err != nil || len(got) != 1 {
		t.Errorf("make self (a target that runs itself): %q %v", got, err)
	}
}

func TestMakefileUpToDate(t *testing.T) {
	// a target that is a file make may find up to date: its recipe may not run
	root := repo(t, map[string]string{
		"Makefile":  "build:\n\tgo build -o build/app\n",
		"build/app": "",
	})
	got, _ := expand(t, &Reader{}, root, "", "make build")
	same(t, "make build", got, []string{"go build -o build/app @ Makefile:2 [build] (unsure)"})
}

func TestBadFiles(t *testing.T) {
	root := repo(t, map[string]string{
		"Makefile":     "lint:\n\truff check\nthis is not make\n",
		"package.json": `{"scripts": {"lint": `,
		"justfile":     "lint arg=\"unterminated:\n    ruff\n",
		"Taskfile.yml": "tasks:\n  lint: &x\n    cmds: [ruff]\n",
	})
	r := &Reader{}
	for _, line := range []string{"make lint", "npm run lint", "just lint", "task lint"} {
		got, err := expand(t, r, root, "", line)
		if err == nil || len(got) != 0 {
			t.Errorf("%s: want an error and no expansion, got %q %v", line, got, err)
			continue
		}
		if !strings.Contains(err.Error(), strings.Fields(map[string]string{"make": "Makefile", "npm": "package.json", "just": "justfile", "task": "Taskfile.yml"}[strings.Fields(line)[0]])[0]) {
			t.Errorf("%s: the error does not name the file: %v", line, err)
		}
	}
}

func TestPackageScripts(t *testing.T) {
	root := repo(t, map[string]string{
		"package.json": `{
  "name": "x",
  "packageManager": "pnpm@9.0.0",
  "scripts": {
    "prelint": "prettier --check .",
    "lint": "eslint . --max-warnings 0",
    "postlint": "echo done",
    "test": "vitest run",
    "check": "npm run lint && tsc --noEmit",
    "all": "run-s lint test:*",
    "test:unit": "vitest run unit",
    "test:e2e": "playwright test",
    "dev": "concurrently \"npm:lint\" \"vite\""
  }
}`,
	})
	r := &Reader{}
	got, _ := expand(t, r, root, "", "npm run lint")
	same(t, "npm run lint", got, []string{
		"prettier --check . @ package.json:5 [prelint]",
		"eslint . --max-warnings 0 @ package.json:6 [lint]",
		"echo done @ package.json:7 [postlint]",
	})
	// pnpm runs no pre- or post-script by default, and passes every word on
	got, _ = expand(t, r, root, "", "pnpm lint --fix")
	same(t, "pnpm lint --fix", got, []string{"eslint . --max-warnings 0 --fix @ package.json:6 [lint]"})
	got, _ = expand(t, r, root, "", "npm test")
	same(t, "npm test", got, []string{"vitest run @ package.json:8 [test]"})
	got, _ = expand(t, r, root, "", "yarn run check")
	same(t, "yarn run check", got, []string{
		"npm run lint @ package.json:9 [check]",
		"prettier --check . @ package.json:5 [check > prelint]",
		"eslint . --max-warnings 0 @ package.json:6 [check > lint]",
		"echo done @ package.json:7 [check > postlint]",
		"tsc --noEmit @ package.json:9 [check]",
	})
	got, _ = expand(t, r, root, "", "npm run all")
	same(t, "npm run all", got, []string{
		"run-s lint 'test:*' @ package.json:10 [all] (computed)",
		"npm run lint @ package.json:6 [all > lint]",
		"prettier --check . @ package.json:5 [all > prelint]",
		"eslint . --max-warnings 0 @ package.json:6 [all > lint]",
		"echo done @ package.json:7 [all > postlint]",
		"npm run test:unit @ package.json:11 [all > test:unit]",
		"vitest run unit @ package.json:11 [all > test:unit]",
		"npm run test:e2e @ package.json:12 [all > test:e2e]",
		"playwright test @ package.json:12 [all > test:e2e]",
	})
	got, _ = expand(t, r, root, "", "npm run dev")
	same(t, "npm run dev", got, []string{
		"concurrently npm:lint vite @ package.json:13 [dev]",
		"npm run lint @ package.json:13 [dev]",
		"prettier --check . @ package.json:5 [dev > prelint]",
		"eslint . --max-warnings 0 @ package.json:6 [dev > lint]",
		"echo done @ package.json:7 [dev > postlint]",
		"vite @ package.json:13 [dev]",
	})
	// npm's own commands, workspaces and bun's test runner run no script
	for _, line := range []string{"npm install", "pnpm -r lint", "bun test", "pnpm add lodash"} {
		if got, err := expand(t, r, root, "", line); len(got) != 0 || err != nil {
			t.Errorf("%s: %q %v", line, got, err)
		}
	}
}

func TestJustfile(t *testing.T) {
	root := repo(t, map[string]string{
		"justfile": `set shell := ["bash", "-c"]
pkgs := "./..."
alias l := lint

# the default
default: lint

[private]
@lint target=pkgs: fmt
    golangci-lint run {{target}}
    -go vet {{target}}

fmt:
    gofmt -l .

release version: test && publish
    git tag v{{version}}

test:
    #!/usr/bin/env bash
    set -euo pipefail
    go test ./...

publish:
    goreleaser release
`,
	})
	r := &Reader{}
	got, err := expand(t, r, root, "", "just")
	if err != nil {
		t.Fatal(err)
	}
	same(t, "just", got, []string{
		"just lint @ justfile:9 [default > lint]",
		"just fmt @ justfile:13 [default > lint > fmt]",
		"gofmt -l . @ justfile:14 [default > lint > fmt]",
		"golangci-lint run ./... @ justfile:10 [default > lint]",
		"go vet ./... @ justfile:11 [default > lint] (unsure)",
	})
	got, _ = expand(t, r, root, "", "just l ./cmd/...")
	same(t, "just l ./cmd/...", got, []string{
		"just fmt @ justfile:13 [l > fmt]",
		"gofmt -l . @ justfile:14 [l > fmt]",
		"golangci-lint run ./cmd/... @ justfile:10 [l]",
		"go vet ./cmd/... @ justfile:11 [l] (unsure)",
	})
	got, _ = expand(t, r, root, "", "just release 1.2.0")
	same(t, "just release 1.2.0", got, []string{
		"just test @ justfile:19 [release > test]",
		"set -euo pipefail @ justfile:21 [release > test]",
		"go test ./... @ justfile:22 [release > test]",
		"git tag v1.2.0 @ justfile:17 [release]",
		"just publish @ justfile:24 [release > publish]",
		"goreleaser release @ justfile:25 [release > publish]",
	})
}

func TestTaskfile(t *testing.T) {
	root := repo(t, map[string]string{
		"Taskfile.yml": `version: '3'

vars:
  PKGS: ./...

tasks:
  default:
    cmds:
      - task: lint

  lint:
    desc: Lint everything
    deps: [fmt]
    cmds:
      - golangci-lint run {{.PKGS}}
      - cmd: go vet {{.PKGS}}
        ignore_error: true
      - defer: echo cleanup

  fmt:
    cmds:
      - |
        gofmt -l .
      - "goimports -l ."

  test: go test {{.CLI_ARGS}}
`,
	})
	r := &Reader{}
	got, err := expand(t, r, root, "", "task")
	if err != nil {
		t.Fatal(err)
	}
	same(t, "task", got, []string{
		"task lint @ Taskfile.yml:11 [default > lint]",
		"task fmt @ Taskfile.yml:20 [default > lint > fmt]",
		"gofmt -l . @ Taskfile.yml:23 [default > lint > fmt]",
		"goimports -l . @ Taskfile.yml:24 [default > lint > fmt]",
		"golangci-lint run ./... @ Taskfile.yml:15 [default > lint]",
		"go vet ./... @ Taskfile.yml:16 [default > lint] (unsure)",
	})
	got, _ = expand(t, r, root, "", "task test -- -run TestX ./x")
	same(t, "task test", got, []string{"go test -run TestX ./x @ Taskfile.yml:26 [test]"})
}

func TestTox(t *testing.T) {
	root := repo(t, map[string]string{
		"tox.ini": `[tox]
envlist = py312, lint

[testenv]
deps = pytest
commands =
    pytest {posargs:tests}

[testenv:lint]
commands =
    ruff check .
    - mypy src
`,
	})
	r := &Reader{}
	got, _ := expand(t, r, root, "", "tox -e lint")
	same(t, "tox -e lint", got, []string{
		"ruff check . @ tox.ini:11 [lint]",
		"mypy src @ tox.ini:12 [lint] (unsure)",
	})
	got, _ = expand(t, r, root, "", "tox")
	same(t, "tox", got, []string{
		"pytest tests @ tox.ini:7 [py312]",
		"ruff check . @ tox.ini:11 [lint]",
		"mypy src @ tox.ini:12 [lint] (unsure)",
	})
}

func TestCacheFollowsTheFile(t *testing.T) {
	root := repo(t, map[string]string{"Makefile": "lint:\n\truff check\n"})
	r := &Reader{}
	got, _ := expand(t, r, root, "", "make lint")
	same(t, "before", got, []string{"ruff check @ Makefile:2 [lint]"})
	if err := os.WriteFile(filepath.Join(root, "Makefile"), []byte("lint:\n\tflake8 .\n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, _ = expand(t, r, root, "", "make lint")
	same(t, "after the Makefile changed", got, []string{"flake8 . @ Makefile:2 [lint]"})
}

func TestLimits(t *testing.T) {
	// a Makefile whose targets run one another as deep as they go
	var b strings.Builder
	for i := 0; i < 20; i++ {
		b.WriteString("t" + string(rune('a'+i)) + ":\n\t$(MAKE) t" + string(rune('a'+i+1)) + "\n")
	}
	root := repo(t, map[string]string{"Makefile": b.String()})
	got, err := expand(t, &Reader{}, root, "", "make ta")
	if err == nil || !strings.Contains(err.Error(), "nest") {
		t.Errorf("want an error about nesting, got %v", err)
	}
	if len(got) == 0 || len(got) > maxDepth+1 {
		t.Errorf("want the steps read up to the limit, got %d", len(got))
	}
}

func TestMakefileBombs(t *testing.T) {
	// each variable is ten references to the next: 10^15 words if expanded
	var b strings.Builder
	for i := 0; i < 15; i++ {
		fmt.Fprintf(&b, "A%d = %s\n", i, strings.Repeat(fmt.Sprintf("$(A%d)", i+1), 10))
	}
	b.WriteString("A15 = x\nt:\n\techo $(A0)\n")
	files := map[string]string{"Makefile": b.String()}
	// and a makefile that includes a hundred others
	var inc strings.Builder
	for i := 0; i < 100; i++ {
		fmt.Fprintf(&inc, "include m%d.mk\n", i)
		files[fmt.Sprintf("m%d.mk", i)] = fmt.Sprintf("V%d = %d\n", i, i)
	}
	inc.WriteString("u:\n\techo hi\n")
	files["inc/Makefile"] = inc.String()
	for i := 0; i < 100; i++ {
		files[fmt.Sprintf("inc/m%d.mk", i)] = fmt.Sprintf("V%d = %d\n", i, i)
	}
	root := repo(t, files)
	start := time.Now()
	got, err := expand(t, &Reader{}, root, "", "make t")
	if err != nil || len(got) != 1 || !strings.Contains(got[0], "(computed)") {
		t.Errorf("make t: %q %v", got, err)
	}
	if _, err := expand(t, &Reader{}, root, "inc", "make u"); err == nil || !strings.Contains(err.Error(), "include more than") {
		t.Errorf("make u: want an error about includes, got %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
}

func TestJustfileBomb(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 15; i++ {
		fmt.Fprintf(&b, "a%d := %s\n", i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("a%d + ", i+1), 10), " + "))
	}
	b.WriteString("a15 := 'x'\nt:\n    echo {{a0}}\n")
	root := repo(t, map[string]string{"justfile": b.String()})
	start := time.Now()
	got, err := expand(t, &Reader{}, root, "", "just t")
	if err != nil || len(got) != 1 || !strings.Contains(got[0], "(computed)") {
		t.Errorf("just t: %q %v", got, err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
}

func TestMakefilePatternsAndFunctions(t *testing.T) {
	root := repo(t, map[string]string{
		"Makefile": `ifndef GOPATH
$(warning GOPATH is not set)
endif
$(foreach p,a b,$(eval $(call rule,$(p))))
.PHONY: release
release: build-linux build-darwin
build-%: gen-%
	GOOS=$* go build -o bin/$*
gen-%:
	go generate ./$*/...
`,
	})
	got, err := expand(t, &Reader{}, root, "", "make release")
	if err != nil {
		t.Fatal(err)
	}
	same(t, "make release", got, []string{
		"make build-linux @ Makefile:7 [release > build-linux]",
		"make gen-linux @ Makefile:9 [release > build-linux > gen-linux]",
		"go generate ./linux/... @ Makefile:10 [release > build-linux > gen-linux]",
		"go build -o bin/linux @ Makefile:8 [release > build-linux]",
		"make build-darwin @ Makefile:7 [release > build-darwin]",
		"make gen-darwin @ Makefile:9 [release > build-darwin > gen-darwin]",
		"go generate ./darwin/... @ Makefile:10 [release > build-darwin > gen-darwin]",
		"go build -o bin/darwin @ Makefile:8 [release > build-darwin]",
	})
	if got, err := expand(t, &Reader{}, root, "", "make $T"); len(got) != 0 || err == nil || !strings.Contains(err.Error(), "computed at run time") {
		t.Errorf("a computed goal: want no steps and an error saying so, got %q %v", got, err)
	}
}

func TestPackageScriptsLeftAlone(t *testing.T) {
	root := repo(t, map[string]string{
		"package.json": `{"scripts": {"build": "tsc", "lint": "eslint ."}}`,
		"justfile":     "import? 'other.just'\nset quiet\nlint:\n    npm run lint\n",
	})
	r := &Reader{}
	for _, line := range []string{"npm run build -w packages/app", "npm run lint --workspaces", "bun run ./scripts/x.ts", "yarn tsc"} {
		if got, err := expand(t, r, root, "", line); len(got) != 0 || err != nil {
			t.Errorf("%s: %q %v", line, got, err)
		}
	}
	if got, err := expand(t, r, root, "", "pnpm --reporter silent lint"); err != nil || len(got) != 1 {
		t.Errorf("pnpm --reporter silent lint: %q %v", got, err)
	}
	if got, err := expand(t, r, root, "", "just lint"); err != nil || len(got) != 2 {
		t.Errorf("just lint: %q %v", got, err)
	}
}

func TestTargets(t *testing.T) {
	root := repo(t, map[string]string{
		"Makefile":     "lint:\n\truff check\nbuild-%:\n\tgo build\n",
		"package.json": `{"scripts": {"pretest": "x", "test": "vitest"}}`,
		"justfile":     "fmt:\n    gofmt -l .\n",
		"tox.ini":      "[testenv:py]\ncommands = pytest\n",
		"Taskfile.yml": "tasks:\n  vet: go vet ./...\n",
	})
	got, errs := (&Reader{}).Targets(root, "")
	same(t, "targets", got, []string{"just fmt", "make lint", "npm run test", "task vet", "tox -e py"})
	if len(errs) != 0 {
		t.Errorf("errors: %v", errs)
	}
}

// Flow collections nested deeper than the reader goes are refused with an error naming
// the file (the nesting bound once counted the brackets of one level only, so it never
// held).
func TestTaskfileDeepFlowIsRefused(t *testing.T) {
	root := repo(t, map[string]string{
		"Taskfile.yml": "tasks:\n  lint:\n    cmds: " + strings.Repeat("[", 40) + "ruff" + strings.Repeat("]", 40) + "\n",
	})
	got, err := expand(t, &Reader{}, root, "", "task lint")
	if err == nil || !strings.Contains(err.Error(), "Taskfile.yml") || len(got) != 0 {
		t.Errorf("40 nested flow sequences: want an error naming the file, got %q %v", got, err)
	}
}

// A `*` parameter takes zero or more words: `just test` with none runs the recipe
// without them, where a `+` one (one or more) given none stays unknown.
func TestJustOptionalVariadic(t *testing.T) {
	root := repo(t, map[string]string{
		"justfile": "test *args:\n    uv run pytest {{args}}\n\ncheck +paths:\n    ruff check {{paths}}\n",
	})
	r := &Reader{}
	got, _ := expand(t, r, root, "", "just test")
	same(t, "just test", got, []string{"uv run pytest @ justfile:2 [test]", "pytest @ justfile:2 [test]"})
	got, _ = expand(t, r, root, "", "just test tests/unit")
	same(t, "just test tests/unit", got, []string{"uv run pytest tests/unit @ justfile:2 [test]", "pytest tests/unit @ justfile:2 [test]"})
	got, _ = expand(t, r, root, "", "just check")
	if len(got) == 0 || !strings.Contains(got[0], "HEED_UNKNOWN") {
		t.Errorf("just check with no paths: %q, want the parameter left unknown", got)
	}
}

// A one-line macro called in a recipe (`${call print, ...}`, fresh file s52: openfga's
// Makefile) expands with its arguments, and the prefixes of the expanded line (`@`)
// are make's, not the command's; a macro of several lines stays computed.
func TestMakefileCall(t *testing.T) {
	root := repo(t, map[string]string{"Makefile": "define print\n\t@printf \"%s\\n\" $(1)\nendef\n\ndefine many\n\techo a\n\techo b\nendef\n\nlint:\n\t${call print, \"Linting\"}\n\t@golangci-lint run ./...\n\ncheck:\n\t$(call many)\n\tgo vet ./...\n"})
	r := &Reader{}
	got, err := expand(t, r, root, "", "make lint")
	if err != nil {
		t.Fatal(err)
	}
	same(t, "make lint", got, []string{
		`printf '%s\n' Linting @ Makefile:11 [lint]`,
		`golangci-lint run ./... @ Makefile:12 [lint]`,
	})
	got, err = expand(t, r, root, "", "make check")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || !strings.Contains(got[0], "(computed)") || !strings.HasPrefix(got[1], "go vet") {
		t.Errorf("make check: %q, want a computed step, then go vet", got)
	}
}
