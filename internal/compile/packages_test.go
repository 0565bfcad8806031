package compile_test

import (
	"testing"

	"github.com/heed-dev/heed/internal/rules"
)

// A ban of adding a named package blocks every manager's install of it, and nothing
// else: another package, a package whose name only begins with it, the bare install
// of what the manifests list.
func TestNamedPackageAddBans(t *testing.T) {
	reg := rules.Registry()
	for _, c := range []struct{ doc, line, want string }{
		{"- Never add `lodash` as a dependency.\n", "npm install lodash", "blocked"},
		{"- Never add `lodash` as a dependency.\n", "npm i -D lodash@4.17.21", "blocked"},
		{"- Never add `lodash` as a dependency.\n", "pnpm add react lodash", "blocked"},
		{"- Never add `lodash` as a dependency.\n", "yarn add lodash-es", "allowed"},
		{"- Never add `lodash` as a dependency.\n", "npm install", "allowed"},
		{"- Never add `lodash` as a dependency.\n", "npm run build", "allowed"},
		{"- Do not install `requests`; use `httpx`.\n", "pip install requests==2.31", "blocked"},
		{"- Do not install `requests`; use `httpx`.\n", "uv add requests", "blocked"},
		{"- Do not install `requests`; use `httpx`.\n", "uv add httpx", "allowed"},
		{"- Do not install `requests`; use `httpx`.\n", "python -m requests", "allowed"},
	} {
		if got := lineVerdict(t, reg, compileDoc(c.doc), c.line); got != c.want {
			t.Errorf("%q under %q: %s, want %s", c.line, c.doc, got, c.want)
		}
	}
}

// A procedure's run step comes after its edit step and before its commit step (fresh
// file s57: "Runtime package updates:" over "Update root `package.json`", "Run `npm run
// build:three`", "Commit generated runtime outputs"): a warning, the order read from
// the steps around it.
func TestProcedureStepsOrderTheirCommand(t *testing.T) {
	reg := rules.Registry()
	doc := "## Releasing\n\nRuntime package updates:\n\n1. Update root `package.json` and `package-lock.json`.\n2. Run `npm run build:three`.\n3. Run `npm run build:runtime`.\n4. Commit the generated outputs.\n"
	rs := compileDoc(doc)
	for _, c := range []struct{ line, history, want string }{
		{"git commit -m x", "edit package.json", "warned"},
		{"git commit -m x", "edit package.json;;npm run build:three", "warned"},
		{"git commit -m x", "edit package.json;;npm run build:three;;npm run build:runtime", "allowed"},
		{"git commit -m x", "edit src/app.js", "allowed"},
		{"npm run build:three", "", "allowed"},
	} {
		if got := lineVerdict(t, reg, rs, c.line, c.history); got != c.want {
			t.Errorf("%s after %q: %s, want %s", c.line, c.history, got, c.want)
		}
	}
}

// A list whose lead-in says it names files holds no commands to run (fresh file s55:
// "When modifying these files, ensure property validation remains intact:" over
// "- `server/tools/hubspot/*.js` - Must not bypass validator", read as an order to run
// the pattern after any change).
func TestAListOfFilesIsNoListOfCommands(t *testing.T) {
	reg := rules.Registry()
	rs := compileDoc("### Files Managing Rate Limits\n\nWhen modifying these files, preserve rate limit logic:\n- `server/worker.js` - Implements circuit breaker pattern\n- `server/tools/hubspot/*.js` - Must not bypass validator\n")
	for _, c := range []struct{ line, history string }{
		{"git commit -m x", "edit server/worker.js"},
		{"git commit -m x", "edit README.md"},
	} {
		if got := lineVerdict(t, reg, rs, c.line, c.history); got != "allowed" {
			t.Errorf("%s after %q: %s, want allowed", c.line, c.history, got)
		}
	}
}
