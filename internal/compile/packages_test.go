package compile_test

import (
	"testing"

	"github.com/heed-dev/heed/internal/rules"
)

// verdictCase is a command line, the session's earlier commands (";;"-separated, as
// in the own-sentences files) and the verdict a careful reader expects.
type verdictCase struct{ line, history, want string }

// expectVerdicts compiles doc and judges each case's line after its history.
func expectVerdicts(t *testing.T, doc string, cases []verdictCase) {
	t.Helper()
	reg, rs := rules.Registry(), compileDoc(doc)
	for _, c := range cases {
		if got := lineVerdict(t, reg, rs, c.line, c.history); got != c.want {
			t.Errorf("%q after %q under %q: %s, want %s", c.line, c.history, doc, got, c.want)
		}
	}
}

// A ban of adding a named package blocks every manager's install of it, and nothing
// else: another package, a package whose name only begins with it, the bare install
// of what the manifests list.
func TestNamedPackageAddBans(t *testing.T) {
	expectVerdicts(t, "- Never add `lodash` as a dependency.\n", []verdictCase{
		{"npm install lodash", "", "blocked"},
		{"npm i -D lodash@4.17.21", "", "blocked"},
		{"pnpm add react lodash", "", "blocked"},
		{"yarn add lodash-es", "", "allowed"},
		{"npm install", "", "allowed"},
		{"npm run build", "", "allowed"},
	})
	expectVerdicts(t, "- Do not install `requests`; use `httpx`.\n", []verdictCase{
		{"pip install requests==2.31", "", "blocked"},
		{"uv add requests", "", "blocked"},
		{"uv add httpx", "", "allowed"},
		{"python -m requests", "", "allowed"},
	})
}

// A procedure's run step comes after its edit step and before its commit step (fresh
// file s57: "Runtime package updates:" over "Update root `package.json`", "Run `npm run
// build:three`", "Commit generated runtime outputs"): a warning, the order read from
// the steps around it.
func TestProcedureStepsOrderTheirCommand(t *testing.T) {
	expectVerdicts(t, "## Releasing\n\nRuntime package updates:\n\n1. Update root `package.json` and `package-lock.json`.\n2. Run `npm run build:three`.\n3. Run `npm run build:runtime`.\n4. Commit the generated outputs.\n", []verdictCase{
		{"git commit -m x", "edit package.json", "warned"},
		{"git commit -m x", "edit package.json;;npm run build:three", "warned"},
		{"git commit -m x", "edit package.json;;npm run build:three;;npm run build:runtime", "allowed"},
		{"git commit -m x", "edit src/app.js", "allowed"},
		{"npm run build:three", "", "allowed"},
	})
}

// A list whose lead-in says it names files holds no commands to run (fresh file s55:
// "When modifying these files, ensure property validation remains intact:" over
// "- `server/tools/hubspot/*.js` - Must not bypass validator", read as an order to run
// the pattern after any change).
func TestAListOfFilesIsNoListOfCommands(t *testing.T) {
	expectVerdicts(t, "### Files Managing Rate Limits\n\nWhen modifying these files, preserve rate limit logic:\n- `server/worker.js` - Implements circuit breaker pattern\n- `server/tools/hubspot/*.js` - Must not bypass validator\n", []verdictCase{
		{"git commit -m x", "edit server/worker.js", "allowed"},
		{"git commit -m x", "edit README.md", "allowed"},
	})
}

// Two branch-name conventions in one file name the branches of two kinds: a name one
// allows is no breach of the other.
func TestBranchNameConventionsOfOneFileAllowEachOther(t *testing.T) {
	expectVerdicts(t, "- Branch names must start with `feature/`.\n- Hotfix branch names must start with `hotfix/`.\n", []verdictCase{
		{"git checkout -b feature/login", "", "allowed"},
		{"git checkout -b hotfix/crash", "", "allowed"},
		{"git checkout -b quick-fix", "", "blocked"},
	})
}
