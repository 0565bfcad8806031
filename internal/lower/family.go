package lower

import (
	"path"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/process"
)

// An alternative a ban's sentence or its neighbour names ("...; use X instead") is the
// rule's advice and the command its shims let through, so it must replace the banned
// command: do the same kind of action. "Never force-push to main. Run `pytest
// service/tests` instead." reads, word for word, as if pytest replaced a force push;
// it does not. Kinds are told from the command forms, not from words: the norms
// carry the commands, this file only compares them.

// Action kinds of command forms.
const (
	kindVCS       = "vcs"        // git and the forges' CLIs: commits, pushes, PRs
	kindPackage   = "package"    // installing, adding, removing dependencies
	kindTest      = "test"       // running tests
	kindLint      = "lint"       // linters, formatters, type checkers
	kindBuild     = "build"      // compiling, bundling
	kindRelease   = "release"    // publishing a package or a release
	kindContainer = "containers" // container engines
	kindPrivilege = "privilege"  // running as another user
)

// vcsPrograms are programs whose every subcommand is a version-control or forge
// operation.
var vcsPrograms = map[string]bool{"git": true, "gh": true, "glab": true, "hub": true, "jj": true, "hg": true, "sl": true, "svn": true, "tea": true}

// packagePrograms manage dependencies whatever else they do: their dependency
// subcommands are kindPackage.
var packagePrograms = map[string]bool{
	"npm": true, "pnpm": true, "yarn": true, "bun": true, "pip": true, "pip3": true, "uv": true, "poetry": true,
	"pipenv": true, "conda": true, "mamba": true, "pdm": true, "cargo": true, "go": true, "gem": true, "bundle": true,
	"composer": true, "brew": true, "apt": true, "apt-get": true, "dnf": true, "yum": true, "apk": true, "dotnet": true,
	"mvn": true, "mvnw": true, "gradle": true, "gradlew": true, "mix": true, "deno": true, "swift": true,
}

// taskRunners run a named target: the target says what kind of action it is.
var taskRunners = map[string]bool{"make": true, "just": true, "task": true, "rake": true, "invoke": true}

// subcommandKinds are the kinds of the subcommands (and task targets) that say
// what they do, whatever the program.
var subcommandKinds = map[string]string{
	"test": kindTest, "tests": kindTest, "nextest": kindTest, "bench": kindTest, "check-tests": kindTest,
	"install": kindPackage, "i": kindPackage, "add": kindPackage, "ci": kindPackage, "remove": kindPackage,
	"rm": kindPackage, "uninstall": kindPackage, "update": kindPackage, "upgrade": kindPackage, "up": kindPackage,
	"sync": kindPackage, "lock": kindPackage, "get": kindPackage, "tidy": kindPackage, "restore": kindPackage,
	"lint": kindLint, "fmt": kindLint, "format": kindLint, "vet": kindLint, "clippy": kindLint, "typecheck": kindLint,
	"build": kindBuild, "compile": kindBuild, "bundle": kindBuild, "dist": kindBuild,
	"publish": kindRelease, "release": kindRelease, "upload": kindRelease,
}

// programKinds are the kinds of single-purpose programs.
var programKinds = map[string]string{
	"pytest": kindTest, "jest": kindTest, "vitest": kindTest, "mocha": kindTest, "tox": kindTest, "nox": kindTest,
	"phpunit": kindTest, "rspec": kindTest, "ctest": kindTest, "playwright": kindTest, "cypress": kindTest,
	"eslint": kindLint, "biome": kindLint, "oxlint": kindLint, "prettier": kindLint, "black": kindLint,
	"ruff": kindLint, "isort": kindLint, "flake8": kindLint, "pylint": kindLint, "mypy": kindLint, "pyright": kindLint,
	"gofmt": kindLint, "goimports": kindLint, "golangci-lint": kindLint, "rustfmt": kindLint, "shellcheck": kindLint,
	"tsc": kindBuild, "webpack": kindBuild, "vite": kindBuild, "esbuild": kindBuild, "rollup": kindBuild,
	"twine": kindRelease, "changeset": kindRelease,
	"docker": kindContainer, "podman": kindContainer, "docker-compose": kindContainer, "nerdctl": kindContainer,
	"sudo": kindPrivilege, "doas": kindPrivilege, "su": kindPrivilege,
}

// toolFamilyKinds are the kinds of norm's tool families (a whole tool named alone).
var toolFamilyKinds = map[string]string{
	"js-pm": kindPackage, "py-pm": kindPackage, "js-test": kindTest, "js-lint": kindLint, "js-fmt": kindLint,
	"py-fmt": kindLint, "containers": kindContainer, "compose": kindContainer, "gradle": kindBuild, "maven": kindBuild,
}

// programName is a pattern program's plain name: "pip3.*" is pip3, "**/gradlew" gradlew.
func programName(p string) string {
	p = path.Base(p)
	if i := strings.IndexAny(p, "*?["); i >= 0 {
		p = p[:i]
	}
	return strings.TrimSuffix(strings.TrimSuffix(p, "."), ".exe")
}

// actionKind is the kind of action a command form performs, "" when heed cannot
// tell (a script, a tool it does not know, a task runner's unknown target).
func actionKind(p process.Pattern) string {
	for _, prog := range p.Program {
		name := programName(prog)
		if k := actionKindOf(name, p.Args); k != "" {
			return k
		}
	}
	return ""
}

func actionKindOf(name string, args []string) string {
	sub := ""
	if len(args) > 0 {
		sub = strings.ToLower(args[0])
	}
	switch {
	case vcsPrograms[name]:
		if name == "gh" && sub == "release" {
			return kindRelease
		}
		return kindVCS
	case programKinds[name] != "":
		return programKinds[name]
	case taskRunners[name]:
		return targetKind(sub)
	}
	if sub == "run" || sub == "run-script" || sub == "exec" {
		// npm run test:unit, uv run pytest, poetry run mypy: what is run says
		if len(args) > 1 {
			rest := args[1:]
			if k := targetKind(strings.ToLower(rest[0])); k != "" {
				return k
			}
			return actionKindOf(programName(rest[0]), rest[1:])
		}
		return ""
	}
	if sub != "" && packagePrograms[name] {
		// go test, cargo add, pnpm lint (a package.json script)
		return targetKind(sub)
	}
	if fam, ok := norm.ToolFamily(name); ok && fam != "" && sub == "" {
		return toolFamilyKinds[fam]
	}
	if packagePrograms[name] && sub == "" {
		return kindPackage
	}
	return ""
}

// targetKind is the kind of a subcommand or task target: "test", "test:unit",
// "lint-fix".
func targetKind(t string) string {
	if k, ok := subcommandKinds[t]; ok {
		return k
	}
	if i := strings.IndexAny(t, ":-_."); i > 0 {
		return subcommandKinds[t[:i]]
	}
	return ""
}

// sameAction reports whether the alternative forms replace the banned ones: some
// pair performs the same kind of action, or one names a whole tool (`npm`) and the
// other a tool of its family (`pnpm install`). The same program is not enough: `npm
// test` does not replace `npm publish`. A kind heed cannot tell on either side
// leaves the sentence's word standing, except against a version-control ban: nothing
// but a version-control or forge operation replaces one.
func sameAction(ban, alt []process.Pattern) bool {
	for _, b := range ban {
		kb := actionKind(b)
		for _, a := range alt {
			ka := actionKind(a)
			switch {
			case kb != "" && kb == ka:
				return true
			case (len(a.Args) == 0 || len(b.Args) == 0) && sameToolFamily(a, b):
				return true
			case kb == kindVCS:
			case kb == "" || ka == "":
				return true
			}
		}
	}
	return false
}

// sameToolFamily: both run tools of one family (npm and pnpm, pip and uv).
func sameToolFamily(a, b process.Pattern) bool {
	for _, x := range a.Program {
		fx, _ := norm.ToolFamily(programName(x))
		for _, y := range b.Program {
			if fy, _ := norm.ToolFamily(programName(y)); fx != "" && fx == fy {
				return true
			}
		}
	}
	return false
}

// sameActionAlternatives drops, from every ban of ns, the alternatives that do not
// replace the banned command (sameAction): the advice would be wrong, and its
// command would be let through as the ban's substitute. Alternatives that are not
// commands (an API, an identifier) are kept: they are not this file's to judge.
func sameActionAlternatives(ns []norm.Norm, rc *recognize.RepoContext) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != norm.Forbid || len(n.Instead) == 0 {
			continue
		}
		ban := formsOf(n.Objects, rc, "").patterns
		if len(ban) == 0 {
			continue
		}
		var keep []norm.Object
		for _, o := range n.Instead {
			alt := formsOf([]norm.Object{o}, rc, "").patterns
			if len(alt) == 0 || sameAction(ban, alt) {
				keep = append(keep, o)
			}
		}
		n.Instead = keep
	}
}
