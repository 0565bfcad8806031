package lower

import (
	"path"
	"strings"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/process"
)

// roleWords tell a command's role from its words: `npm test`, `pytest`, `make lint`,
// `cargo clippy`, `ruff format`, `tsc`.
var roleWords = map[string]map[string]bool{
	"test":      {"test": true, "tests": true, "pytest": true, "jest": true, "vitest": true, "rspec": true, "phpunit": true, "ctest": true, "nextest": true, "tox": true, "nox": true, "runtests": true, "unit-test": true, "test:unit": true, "check.sh": true},
	"lint":      {"lint": true, "clippy": true, "eslint": true, "golangci-lint": true, "rubocop": true, "flake8": true, "pylint": true, "oxlint": true, "lint:fix": true, "check": true, "prek": true, "pre-commit": true, "biome": true},
	"format":    {"fmt": true, "format": true, "prettier": true, "black": true, "gofmt": true, "gofumpt": true, "rustfmt": true, "crlfmt": true, "isort": true},
	"build":     {"build": true, "compile": true, "assemble": true, "build.sh": true, "build.cmd": true, "build.ps1": true},
	"typecheck": {"typecheck": true, "tsc": true, "mypy": true, "pyright": true, "type-check": true, "check-types": true, "types": true, "typecheck:all": true},
}

// roleOf is the role a command plays, "" when its words say none or several.
func roleOf(argv []string) string {
	if prog := path.Base(argv[0]); len(argv) > 2 && (prog == "tox" || prog == "nox") {
		// `tox -e docs`, `nox -s lint`: the environment says what runs, not the tool
		for i := 1; i+1 < len(argv); i++ {
			if argv[i] == "-e" || argv[i] == "-s" || argv[i] == "--session" {
				env := strings.ToLower(argv[i+1])
				for role, words := range roleWords {
					if words[env] {
						return role
					}
				}
				if strings.HasPrefix(env, "py") || strings.Contains(env, "test") || strings.Contains(env, "unit") {
					return "test"
				}
				return ""
			}
		}
	}
	found := ""
	for role, words := range roleWords {
		for _, a := range argv {
			if strings.HasPrefix(a, "-") {
				continue
			}
			w := a
			if i := strings.LastIndex(w, "/"); i >= 0 {
				w = w[i+1:]
			}
			if words[w] {
				if found != "" && found != role {
					return ""
				}
				found = role
			}
		}
	}
	return found
}

// fileRoleCommands are the commands c's instruction file gives each role: the
// commands it shows as normal use (shownCommands), by the role their words say, each
// once.
func fileRoleCommands(c *policy.Constraint, rc *recognize.RepoContext) map[string][][]string {
	out := roleCommands(shownCommands(c, rc), rc)
	if len(out) > 0 {
		out["hooks"] = hookCommands(shownCommands(c, rc))
		return out
	}
	// a file that shows no command ("Always run tests before committing" in
	// .github/instructions/testing.instructions.md): the commands of the instruction
	// files that govern the same folder or an enclosing one
	shown := shownCommandsIn(rc, func(o *policy.Constraint) bool {
		return o.File != c.File && enclosing(o.Scope.Dir, c.Scope.Dir)
	})
	out = roleCommands(shown, rc)
	out["hooks"] = hookCommands(shown)
	return out
}

// hookCommands are the ways to run the pre-commit hooks: the ones the file shows
// (`uv run pre-commit run --all-files`, `prek run`), else the tools' own.
func hookCommands(shown []example) [][]string {
	var out [][]string
	for _, ex := range shown {
		for i, a := range ex.argv {
			if (a == "pre-commit" || a == "prek") && i+1 < len(ex.argv) && ex.argv[i+1] == "run" {
				out = append(out, ex.argv[:i+2])
				break
			}
		}
	}
	if len(out) == 0 {
		out = [][]string{{"pre-commit", "run"}, {"prek", "run"}}
	}
	return withoutTargets(out)
}

// enclosing: folder outer is folder inner or one of its parents ("" is the root).
func enclosing(outer, inner string) bool {
	return outer == "" || outer == inner || strings.HasPrefix(inner, outer+"/")
}

// roleCommands groups commands by the role their words say, each once.
func roleCommands(shown []example, rc *recognize.RepoContext) map[string][][]string {
	out := map[string][][]string{}
	var tools []string
	if rc != nil {
		tools = rc.Tools
	}
	seen := map[string]bool{}
	for _, ex := range shown {
		role := roleOf(ex.argv)
		key := strings.Join(ex.argv, " ")
		if role == "" || seen[key] || !process.IsCommand(ex.argv, tools) && !(ex.shell && programWord(ex.argv[0])) {
			continue
		}
		if role == "test" && selectsTests(ex.argv) {
			// `./gradlew test --tests FooTest`, `go test -run TestX`: one test run for
			// a purpose of its own, not a way to run "the tests"
			continue
		}
		seen[key] = true
		out[role] = append(out[role], ex.argv)
	}
	for role, cmds := range out {
		out[role] = withoutTargets(cmds)
	}
	return out
}

// withoutTargets drops what a role's command runs on (`dotnet test
// tests/Api.Tests.csproj`, `pytest tests/unit`): "run the relevant tests" names the
// way of testing, and a run on any target meets it.
func withoutTargets(cmds [][]string) [][]string {
	var out [][]string
	seen := map[string]bool{}
	for _, argv := range cmds {
		cut := argv
		for i := 1; i < len(argv); i++ {
			if strings.Contains(argv[i], "/") || strings.HasSuffix(argv[i], ".csproj") || strings.HasSuffix(argv[i], ".py") || strings.HasSuffix(argv[i], ".ts") {
				cut = argv[:i]
				break
			}
		}
		key := strings.Join(cut, " ")
		if !seen[key] {
			seen[key] = true
			out = append(out, cut)
		}
	}
	return out
}

// maxPrerequisiteAlternatives bounds the commands a role stands for in an order
// ("make sure all tests pass before opening a PR"): any one of them meets the order,
// so more of them only make it easier to meet, never a false block; past this many
// the file lists so many ways of testing that "the tests" names none of them.
const maxPrerequisiteAlternatives = 12

// selectsTests reports whether a test command runs only the tests it names: by a
// selection option (`--tests`, `-k`, `-run`, `--filter`, `-Dtest=`) or a test's own
// address (`tests/test_x.py::test_y`).
func selectsTests(argv []string) bool {
	for _, a := range argv[1:] {
		name, _, _ := strings.Cut(a, "=")
		switch name {
		case "--tests", "--test", "-k", "-run", "--filter", "--testNamePattern", "--grep", "-Dtest", "--only":
			return true
		}
		if strings.Contains(a, "::") {
			return true
		}
	}
	return false
}
