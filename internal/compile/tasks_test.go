package compile

import (
	"strings"
	"testing"
)

// The repository context lists the root's task runner targets with what each runs.
func TestRepoContextTasks(t *testing.T) {
	files := map[string]string{
		"package.json":       `{"scripts": {"test": "vitest run", "lint": "eslint . && prettier --check ."}}`,
		"Makefile":           "build:\n\tgo build ./...\n",
		"tox.ini":            "[tox]\nenvlist = py311, lint\n\n[testenv]\ncommands = pytest\n\n[testenv:lint]\ncommands = ruff check .\n",
		"noxfile.py":         "import nox\n\n@nox.session(python=\"3.12\")\ndef tests(session):\n    pass\n\n@nox.session(name=\"type-check\")\ndef mypy_session(session):\n    pass\n",
		"pyproject.toml":     "[tool.poe.tasks]\nfmt = \"ruff format .\"\ncheck = { cmd = \"ruff check .\" }\n",
		".cargo/config.toml": "[alias]\nlint = \"clippy --workspace\"\n",
		"composer.json":      `{"scripts": {"test": "phpunit", "all": ["@test", "@cs"]}}`,
	}
	root := t.TempDir()
	paths := writeFiles(t, root, files)
	got := map[string]string{}
	for _, task := range RepoContextFor(root, paths).Tasks {
		var steps []string
		for _, s := range task.Steps {
			steps = append(steps, strings.Join(s, " "))
		}
		got[task.Runner+" "+task.Name] = strings.Join(steps, "; ")
	}
	for key, want := range map[string]string{
		"npm test":       "vitest run",
		"npm lint":       "eslint .; prettier --check .",
		"make build":     "go build ./...",
		"tox py311":      "pytest",
		"tox lint":       "ruff check .",
		"nox tests":      "",
		"nox type-check": "",
		"poe fmt":        "ruff format .",
		"poe check":      "ruff check .",
		"cargo lint":     "cargo clippy --workspace",
		"composer test":  "phpunit",
		"composer all":   "",
	} {
		if steps, ok := got[key]; !ok || steps != want {
			t.Errorf("%s: steps %q (listed: %v), want %q", key, steps, ok, want)
		}
	}
}
