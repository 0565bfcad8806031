package arch

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// recognizeAll runs every architecture recogniser over one constraint.
func recognizeAll(c *policy.Constraint, rc *recognize.RepoContext) []policy.Rule {
	var out []policy.Rule
	for _, r := range Recognizers() {
		out = append(out, r.Recognize(c, rc).Rules...)
	}
	return out
}

// summary renders rules as "kind params" lines for comparison.
func summary(rules []policy.Rule) string {
	var out []string
	for _, r := range rules {
		out = append(out, r.Kind+" "+string(r.Params))
	}
	return strings.Join(out, "\n")
}

var (
	rcCase05 = &recognize.RepoContext{Languages: []string{"typescript", "tsx"},
		Dirs: []string{"src", "src/app", "src/features", "src/features/billing", "src/features/team", "src/shared", "src/shared/ui"}}
	rcCase06 = &recognize.RepoContext{Languages: []string{"go"}, GoModule: "example.com/orbit",
		Dirs: []string{"internal", "internal/clock", "internal/notify", "internal/scheduler", "internal/store", "internal/testutil"}}
	rcHeed = &recognize.RepoContext{Languages: []string{"go"}, GoModule: "github.com/heed-dev/heed",
		Dirs: []string{"cmd", "cmd/heed", "internal", "internal/cli", "internal/compile", "internal/engine", "internal/instr", "internal/policy", "internal/recognize", "internal/report", "internal/rules", "internal/rules/arch"}}
	rcVSCode = &recognize.RepoContext{Languages: []string{"typescript"},
		Dirs: []string{"src", "src/vs", "src/vs/base", "src/vs/editor", "src/vs/platform", "src/vs/sessions", "src/vs/workbench", "src/vs/workbench/api", "src/vs/workbench/browser", "src/vs/workbench/contrib", "src/vs/workbench/services"}}
)

func TestRecognizeCorpusAndCases(t *testing.T) {
	const feat = "Code is grouped by feature under `src/features/<name>/`, and features stay independent of each other:"
	for _, c := range []struct {
		file, text, context string
		rc                  *recognize.RepoContext
		want                string
	}{
		// /work/shared/cases/05-ts-independent-features/base/AGENTS.md
		{"cases/05 AGENTS.md", "A feature must not import from another feature's folder.", feat, rcCase05,
			`imports {"mode":"isolate","groups":"src/features/*"}`},
		{"cases/05 AGENTS.md", "Nothing in `src/features/billing/` may import from `src/features/team/` (or the other way round), and that includes deep imports of single files.", feat, rcCase05,
			``}, // an instance of the isolation its context states: compiled once, by the sentence above
		{"cases/05 AGENTS.md", "Code needed by more than one feature goes into `src/shared/` (components, hooks, utilities). Any feature may import from `src/shared/`.", feat, rcCase05,
			``}, // an allowance, not a violation
		{"cases/05 AGENTS.md", "`src/shared/` itself must not import from `src/features/`.", feat, rcCase05,
			`imports {"from":["src/shared/**"],"to":["src/features/**"],"mode":"forbid"}`},
		{"cases/05 AGENTS.md", "`src/app/` wires the features together (routes, providers) and may import any feature through its `index.ts`.", feat, rcCase05,
			``},
		// /work/shared/cases/06-go-testutil-only-in-tests/base/AGENTS.md
		{"cases/06 AGENTS.md", "Only `_test.go` files may import `example.com/orbit/internal/testutil`.", "", rcCase06,
			`imports {"from":["**"],"from_except":["*_test.go"],"to":["internal/testutil/**"],"to_packages":["example.com/orbit/internal/testutil"],"mode":"forbid"}`},
		{"cases/06 AGENTS.md", "Production code must never import it, not even behind a build tag.", "", rcCase06, ``},
		{"cases/06 AGENTS.md", "Shared fakes belong in `internal/testutil`, not in another package's `_test.go` files.", "", rcCase06, ``},
		{"cases/06 AGENTS.md", "Production code that needs a replaceable clock takes a `clock.Clock` from `example.com/orbit/internal/clock`; tests pass a `testutil.FakeClock`.", "", rcCase06, ``},
		// /work/main/AGENTS.md, Package boundaries
		{"heed AGENTS.md", "`internal/policy` is the data model: it imports no other heed package.", "", rcHeed,
			`imports {"from":["internal/policy/**"],"mode":"only"}`},
		{"heed AGENTS.md", "`internal/engine` imports only `internal/policy`.", "", rcHeed,
			`imports {"from":["internal/engine/**"],"to":["internal/policy/**"],"mode":"only"}`},
		{"heed AGENTS.md", "`internal/recognize` imports only `internal/policy` and `internal/engine`.", "", rcHeed,
			`imports {"from":["internal/recognize/**"],"to":["internal/policy/**","internal/engine/**"],"mode":"only"}`},
		// the same boundaries as AGENTS.md words them now, with a modal verb the level
		// classifier reads as binding
		{"heed AGENTS.md", "`internal/policy` is the data model: it must not import any other heed package.", "", rcHeed,
			`imports {"from":["internal/policy/**"],"mode":"only"}`},
		{"heed AGENTS.md", "`internal/engine` may import only `internal/policy`.", "", rcHeed,
			`imports {"from":["internal/engine/**"],"to":["internal/policy/**"],"mode":"only"}`},
		{"heed AGENTS.md", "`internal/recognize` may import only `internal/policy` and `internal/engine`.", "", rcHeed,
			`imports {"from":["internal/recognize/**"],"to":["internal/policy/**","internal/engine/**"],"mode":"only"}`},
		{"variation", "`internal/engine` must depend only on `internal/policy`.", "", rcHeed,
			`imports {"from":["internal/engine/**"],"to":["internal/policy/**"],"mode":"only"}`},
		{"variation", "`internal/policy` may not import anything from any other package.", "", rcHeed,
			`imports {"from":["internal/policy/**"],"mode":"only"}`},
		{"heed AGENTS.md", "`internal/instr` must not import `internal/engine`, `internal/rules` or `internal/compile`.", "", rcHeed,
			`imports {"from":["internal/instr/**"],"to":["internal/engine/**","internal/rules/**","internal/compile/**"],"mode":"forbid"}`},
		{"heed AGENTS.md", "`internal/rules/...` must not import `internal/compile`, `internal/cli`, `internal/enforce`, `internal/check`, `internal/audit` or `internal/report`.", "", rcHeed,
			`imports {"from":["internal/rules/**"],"to":["internal/compile/**","internal/cli/**","internal/enforce/**","internal/check/**","internal/audit/**","internal/report/**"],"mode":"forbid"}`},
		{"heed AGENTS.md", "`internal/report` must not import `internal/rules`.", "", rcHeed,
			`imports {"from":["internal/report/**"],"to":["internal/rules/**"],"mode":"forbid"}`},
		{"heed AGENTS.md", "Nothing imports `internal/cli` except `cmd/heed`.", "", rcHeed,
			`imports {"from":["**"],"from_except":["cmd/heed/**"],"to":["internal/cli/**"],"mode":"forbid"}`},
		{"heed AGENTS.md", "`cmd/heed` holds wiring only; the CLI (`internal/cli`) is a thin layer over library packages.", "", rcHeed, ``},
		{"heed AGENTS.md", "The import direction runs one way. A lower package never imports a higher one.", "", rcHeed, ``},
		// microsoft__vscode__.github__copilot-instructions.md
		{"vscode copilot-instructions.md", "**Layered architecture** - from `base`, `platform`, `editor`, to `workbench`", "", rcVSCode,
			`layers {"layers":[{"name":"base","paths":["src/vs/base/**"]},{"name":"platform","paths":["src/vs/platform/**"]},{"name":"editor","paths":["src/vs/editor/**"]},{"name":"workbench","paths":["src/vs/workbench/**"]}]}`},
		{"vscode copilot-instructions.md", "`src/vs/sessions/` - Agents sessions window, a dedicated workbench layer for agentic workflows (sits alongside `vs/workbench`, may import from it but not vice versa)", "", rcVSCode,
			`imports {"from":["src/vs/workbench/**"],"to":["src/vs/sessions/**"],"mode":"forbid"}`},
		{"vscode copilot-instructions.md", "`src/vs/base/` - Foundation utilities and cross-platform abstractions", "", rcVSCode, ``},
		{"vscode copilot-instructions.md", "Use `npm run valid-layers-check` to check for layering issues", "", rcVSCode, ``},
		// langfuse__langfuse__.agents__AGENTS.md (nested items under "Dependency direction:")
		{"langfuse AGENTS.md", "`@langfuse/shared` -> no imports from `web`, `worker`, or `ee`", "Dependency direction:",
			&recognize.RepoContext{Languages: []string{"typescript"}, Dirs: []string{"ee", "packages", "packages/shared", "web", "worker"}},
			`imports {"from_packages":["@langfuse/shared"],"to":["web/**","worker/**","ee/**"],"mode":"forbid"}`},
		{"langfuse AGENTS.md", "`web` -> `@langfuse/shared`, `@langfuse/ee`", "Dependency direction:",
			&recognize.RepoContext{Dirs: []string{"ee", "web", "worker"}}, ``},
		// modelcontextprotocol__python-sdk__AGENTS.md: about inline imports, not cycles
		{"python-sdk AGENTS.md", "IMPORTANT: All imports go at the top of the file — inline imports hide dependencies and obscure circular-import bugs.", "", nil, ``},
		// django coding-style.txt: a purpose clause, not a rule about cycles
		{"django coding-style.txt", "If an import must be out of order (to avoid a circular import, for example) use a comment like this", "", nil, ``},
		// denoland__deno__.github__copilot-instructions.md: about review suggestions
		{"deno copilot-instructions.md", "Don't suggest fixes that introduce circular dependencies", "", nil, ``},
		// charmbracelet__crush__AGENTS.md: styling layers, no order of imports
		{"crush AGENTS.md", "The styling system lives in `internal/ui/styles/` and is organized into three layers:", "", nil, ``},
		// cloudflare__workers-sdk__packages__wrangler__AGENTS.md: a named import from a package (source domain)
		{"wrangler AGENTS.md", "Never import `expect` from vitest — use test context `({ expect }) => {}`", "", nil, ``},
		// langfuse__langfuse__web__AGENTS.md: "in client code" is a place heed cannot see
		{"langfuse web AGENTS.md", "Never import `prettier/plugins/typescript` in client code — it embeds the TypeScript compiler, which the SWC minifier miscompiles", "", nil, ``},
		// openai__openai-agents-python__AGENTS.md: placement by meaning, not by name
		{"openai-agents AGENTS.md", "Put new runtime logic under `src/agents/run_internal/` and import it into `run.py`.", "", nil, ``},
		// pydantic-ai models/AGENTS.md
		{"pydantic-ai models AGENTS.md", "Place provider-specific code in `models/{provider}.py`, not shared modules", "", nil, ``},
		// browser-use CLAUDE.md: conditional, not a placement rule
		{"browser-use CLAUDE.md", "Once test files pass they should be moved into the `tests/ci/` subdirectory", "", nil, ``},
		// vscode: process rule, not an external package
		{"vscode copilot-instructions.md", "NEVER use `npm run compile` to compile TypeScript files", "", nil, ``},
	} {
		con := &policy.Constraint{Text: c.text, Context: c.context, Level: policy.Must, File: "AGENTS.md"}
		got := summary(recognizeAll(con, c.rc))
		if got != c.want {
			t.Errorf("%s: %q\n got  %s\n want %s", c.file, c.text, got, c.want)
		}
	}
}

func TestRecognizeVariations(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"python"},
		Dirs: []string{"app", "app/api", "app/core", "app/web", "core", "tests", "web", "src", "src/lib", "src/ui", "pkg", "pkg/domain", "pkg/infra"}}
	for _, c := range []struct{ text, want string }{
		{"Code in `web/` must not import from `core/` directly; go through `api/`.",
			`imports {"from":["web/**"],"to":["core/**"],"mode":"forbid"}`},
		{"`web` should never depend on `core`.", `imports {"from":["web/**"],"to":["core/**"],"mode":"forbid"}`},
		{"`app/web` may only import from `app/core` and `app/api`.", `imports {"from":["app/web/**"],"to":["app/core/**","app/api/**"],"mode":"only"}`},
		{"`app/core` may only depend on `app/api`.", `imports {"from":["app/core/**"],"to":["app/api/**"],"mode":"only"}`},
		{"`pkg/domain` must not import any other package.", `imports {"from":["pkg/domain/**"],"mode":"only"}`},
		{"`src/ui` may import `src/lib` but not vice versa.", `imports {"from":["src/lib/**"],"to":["src/ui/**"],"mode":"forbid"}`},
		{"`pkg/domain` must only be imported by `pkg/infra`.", `imports {"from":["**"],"from_except":["pkg/infra/**"],"to":["pkg/domain/**"],"mode":"forbid"}`},
		{"Modules must not import each other.", ``},            // no folder of modules
		{"Layers, lowest first: `core`, `domain`, `api`.", ``}, // not folders here
		{"The layers are, from bottom to top: `pkg/domain`, `pkg/infra`, `app/api`.",
			`layers {"layers":[{"name":"pkg/domain","paths":["pkg/domain/**"]},{"name":"pkg/infra","paths":["pkg/infra/**"]},{"name":"app/api","paths":["app/api/**"]}]}`},
		{"Layering (top to bottom): `app/api`, `pkg/infra`, `pkg/domain`.",
			`layers {"layers":[{"name":"pkg/domain","paths":["pkg/domain/**"]},{"name":"pkg/infra","paths":["pkg/infra/**"]},{"name":"app/api","paths":["app/api/**"]}]}`},
		// Arrows point from a layer to what it depends on: app/api is the lowest.
		{"Our layers: `core` → `web` → `app/api`.",
			`layers {"layers":[{"name":"app/api","paths":["app/api/**"]},{"name":"web","paths":["web/**"]},{"name":"core","paths":["core/**"]}]}`},
		{"Our layers: `app/api` ← `web` ← `core`.",
			`layers {"layers":[{"name":"app/api","paths":["app/api/**"]},{"name":"web","paths":["web/**"]},{"name":"core","paths":["core/**"]}]}`},
		{"Request flow: `extension.ts` → `controller.ts` → `task.ts`.", ``},
		{"`pkg/domain` is the foundation layer.", `imports {"from":["pkg/domain/**"],"mode":"only"}`},
		{"No circular imports.", `cycles {"granularity":"file"}`},
		{"Avoid circular dependencies between packages.", `cycles {"granularity":"package"}`},
		{"Do not introduce import cycles in `app/`.", `cycles {"granularity":"file","within":["app/**"]}`},
		{"Circular imports are not allowed.", `cycles {"granularity":"file"}`},
		{"Keep the dependency graph acyclic.", `cycles {"granularity":"file"}`},
		{"Fix the circular import in `app/core`.", ``},
		{"`app` only allows subdirectories `api`, `core` and `web`.", `placement {"dir":"app","allowed":["api","core","web"]}`},
		{"New files under `app/` go in `api/`, `core/` or `web/`.", `placement {"dir":"app","allowed":["api","core","web"]}`},
		{"Test files (`test_*.py`) live in `tests/`.", `placement {"files":["test_*.py"],"under":["tests/**"]}`},
		{"Put `*_test.py` files in `tests/`.", `placement {"files":["*_test.py"],"under":["tests/**"]}`},
		{"Do not use `requests`; use `httpx`.", `external {"banned":["requests"],"instead":"httpx"}`},
		{"Use `httpx` instead of `requests`.", `external {"banned":["requests"],"instead":"httpx"}`},
		{"Never import `lodash`.", `external {"banned":["lodash"]}`},
		// instr splits "Do not use `requests`; use `httpx`." at the semicolon.
		{"Do not use `requests`", `external {"banned":["requests"]}`},
		{"Never use `any`", ``},
		{"Don't use `eval`.", ``},
		// temporalio__temporal__.github__copilot-instructions.md: a function, not a package
		{"Use `errors.AsType` instead of `errors.As`", ``},
		{"Use `unittest.mock` instead of `mock`.", `external {"banned":["mock"],"instead":"unittest.mock"}`},
		{"Use `pnpm`, not `npm`.", ``},
		{"Use `uv run pytest` instead of `pytest`.", ``},
		{"Don't run `pytest` directly; use `make test`.", ``},
	} {
		con := &policy.Constraint{Text: c.text, Level: policy.Must, File: "AGENTS.md"}
		if got := summary(recognizeAll(con, rc)); got != c.want {
			t.Errorf("%q\n got  %s\n want %s", c.text, got, c.want)
		}
	}
}

// Every rule a recogniser emits carries a violated and a satisfied case, and the
// kind agrees with each.
func TestEmittedRulesCarryCasesTheKindPasses(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	texts := []struct {
		text string
		rc   *recognize.RepoContext
		ctx  string
	}{
		{"A feature must not import from another feature's folder.", rcCase05, "Code is grouped by feature under `src/features/<name>/`."},
		{"`src/shared/` itself must not import from `src/features/`.", rcCase05, ""},
		{"Only `_test.go` files may import `example.com/orbit/internal/testutil`.", rcCase06, ""},
		{"`internal/policy` is the data model: it imports no other heed package.", rcHeed, ""},
		{"`internal/recognize` imports only `internal/policy` and `internal/engine`.", rcHeed, ""},
		{"Nothing imports `internal/cli` except `cmd/heed`.", rcHeed, ""},
		{"**Layered architecture** - from `base`, `platform`, `editor`, to `workbench`", rcVSCode, ""},
		{"`src/vs/sessions/` - a workbench layer (sits alongside `vs/workbench`, may import from it but not vice versa)", rcVSCode, ""},
		{"No circular imports.", rcCase05, ""},
		{"Avoid circular dependencies between packages.", rcCase06, ""},
		{"`src` only allows subdirectories `app`, `features` and `shared`.", rcCase05, ""},
		{"Test files (`test_*.py`) live in `tests/`.", &recognize.RepoContext{Languages: []string{"python"}}, ""},
		{"Do not use `requests`; use `httpx`.", &recognize.RepoContext{Languages: []string{"python"}}, ""},
		{"Never import `lodash`.", rcCase05, ""},
		{"`src/vs/base` is the foundation layer.", rcVSCode, ""},
	}
	for _, tc := range texts {
		con := &policy.Constraint{Text: tc.text, Context: tc.ctx, Level: policy.Must, File: "AGENTS.md"}
		rules := recognizeAll(con, tc.rc)
		if len(rules) == 0 {
			t.Errorf("%q: no rule", tc.text)
			continue
		}
		for _, r := range rules {
			r := r
			r.ID = "R"
			// an error, or a warning waiting for review (a boundary stated without a
			// directive: statedOnly)
			if !r.Exact || r.Domain != policy.DomainArchitecture || r.Severity != policy.SeverityError && r.Review == "" {
				t.Errorf("%q: rule fields %+v", tc.text, r)
			}
			var kinds = map[string]bool{}
			for _, cs := range r.Cases {
				kinds[cs.Expect] = true
				out := engine.RunCase(reg, &r, cs)
				if !out.OK {
					js, _ := json.Marshal(cs)
					t.Errorf("%q (%s %s): case %s got %s (%s)", tc.text, r.Kind, r.Params, js, out.Got, out.Reason)
				}
			}
			if !kinds[policy.ExpectViolated] || !kinds[policy.ExpectSatisfied] {
				t.Errorf("%q: rule %s lacks a violated or a satisfied case", tc.text, r.Kind)
			}
		}
	}
}
