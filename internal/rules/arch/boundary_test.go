package arch

import (
	"sort"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

func TestLibrariesAside(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"`domain/` imports nothing (no FastAPI, SQLAlchemy, HTTP, etc.)", "fastapi sqlalchemy"},
		{"`core` imports nothing (no `react` or `lodash`)", "react lodash"},
		{"`core` imports nothing (no side effects either)", ""},
		{"`core` imports nothing.", ""},
	} {
		if got := strings.Join(librariesAside(c.in), " "); got != c.want {
			t.Errorf("librariesAside(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Layers named as words: both placed is a boundary; one placed names the other as
// what heed could not place; neither is no boundary of this repository.
func TestWordBoundary(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"typescript"},
		Dirs: []string{"frontend", "frontend/components", "frontend/domain", "src", "src/infra"}}
	for _, c := range []struct{ text, rules, why string }{
		{"Domain must not depend on Infrastructure.", "", "`infrastructure` names no folder of this repository"},
		{"The domain layer must never import the components layer.", `imports {"from":["frontend/domain/**"],"to":["frontend/components/**"],"mode":"forbid"}`, ""},
		{"You must not import lodash.", "", ""},
	} {
		res := importsRecognizer{}.Recognize(&policy.Constraint{Text: c.text, Level: policy.Must}, rc)
		var got []string
		for _, r := range res.Rules {
			got = append(got, r.Kind+" "+string(r.Params))
		}
		if strings.Join(got, "\n") != c.rules || res.Unenforced != c.why {
			t.Errorf("%q: rules %q, reason %q; want %q, %q", c.text, got, res.Unenforced, c.rules, c.why)
		}
	}
}

// Tests beside their source: a test file in a separate test tree is misplaced; a
// sentence that keeps tests apart is no such rule.
func TestBesidePlacement(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"typescript"}, Dirs: []string{"src", "src/deploy"}}
	for _, c := range []struct {
		text string
		want string
	}{
		{"Unit tests (`*.spec.ts`) should be co-located with their source files.", `{"files":["**/*.spec.ts"]`},
		{"Place `*_test.go` files alongside source.", `{"files":["**/*_test.go"]`},
		// tests kept apart: the tests folder's rule, not a beside one
		{"Tests go in `tests/`, not next to the code.", `{"files":["**/*.test.{ts,tsx,js,jsx,mjs,cjs}","**/*.spec.{ts,tsx,js,jsx,mjs,cjs}"],"under":["**/tests/**"`},
		{"Keep the README next to the code.", ""},
		// a separate test tree given as one of the places a test may go
		{"Every fix comes with a test, either in `tests/cli/test_cmd.ts` or as a unit test next to the code.", ""},
		// a tests folder of the feature's own (ben-watt/surveyor-v2 AGENTS.md:5, wild
		// round 24): beside the code's folder, not its files
		{"Prefer colocating tests next to the code they cover inside a **tests** directory within the relevant feature/module folder.", ""},
		{"Colocate tests with the code, in a `__tests__` folder of the feature.", ""},
		// a table row of where an image may be published (htayj's screenshot review,
		// wild round 27): a span, and no test
		{"`screen-editor-menu.png` | Shows the menu | Publish beside the source/runtime Screen Editor comparison", ""},
		{"The images sit beside source/runtime comparison, implementation criticism, and conformance tests.", ""},
		{"Tests live next to the code they test.", `{"files":["**/*.test.{ts,tsx,js,jsx,mjs,cjs}"`},
	} {
		res := placementRecognizer{}.Recognize(&policy.Constraint{Text: c.text, Level: policy.Must}, rc)
		got := ""
		for _, r := range res.Rules {
			got = string(r.Params)
		}
		if c.want == "" && got != "" || c.want != "" && !strings.HasPrefix(got, c.want) {
			t.Errorf("%q: %s, want %s...", c.text, got, c.want)
		}
	}
}

// An item of a list of allowed edges, under a heading that says so, allows what its
// arrow points to and nothing else of the repository; without such a heading an
// arrow is a flow, no rule.
func TestArrowItem(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"typescript"}, Dirs: []string{"src", "src/api", "src/state", "src/ui"}}
	for _, c := range []struct {
		text, heading, want string
	}{
		{"`ui` → `state`, `api`", "Allowed dependencies", `imports {"from":["src/ui/**"],"to":["src/state/**","src/api/**"],"mode":"only"}`},
		{"`api` → nothing", "Allowed dependencies", `imports {"from":["src/api/**"],"mode":"only"}`},
		{"`ui` → `state`", "Request flow", ""},
	} {
		res := importsRecognizer{}.Recognize(&policy.Constraint{Text: c.text, Level: policy.Must, HeaderPath: []string{"Architecture", c.heading}}, rc)
		var got []string
		for _, r := range res.Rules {
			got = append(got, r.Kind+" "+string(r.Params))
		}
		if strings.Join(got, "\n") != c.want {
			t.Errorf("%q under %q: %q, want %q", c.text, c.heading, got, c.want)
		}
	}
}

// A file the tests must not import: written as a path, or as a bare file name.
func TestTestsImportRule(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"typescript"}, Dirs: []string{"app", "test"}}
	for _, c := range []struct{ text, want string }{
		{"Never import `app/env.server.ts` in test files.", `"to":["app/env.server.ts"]`},
		{"For testable code, never import env.server.ts in test files.", `"to":["**/env.server.ts"]`},
		{"Never import `vitest` in production code.", ""},
		{"Never import from `app/` in test files.", ""},
	} {
		res := importsRecognizer{}.Recognize(&policy.Constraint{Text: c.text, Level: policy.Must}, rc)
		got := ""
		for _, r := range res.Rules {
			got += string(r.Params)
		}
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%q: %s, want %s", c.text, got, c.want)
		}
	}
}

// A folder used only through its entry file.
func TestEntryRule(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"typescript"}, Dirs: []string{"src", "src/billing", "src/billing/internal", "src/orders"}}
	for _, c := range []struct{ text, want string }{
		{"Other modules may use `src/billing/` only through its `index.ts`.", `{"from":["**"],"from_except":["src/billing/**"],"to":["src/billing/**"],"to_except":["src/billing/index.*"],"mode":"forbid"}`},
		{"`src/billing` must only be imported via its `index.ts`.", `{"from":["**"],"from_except":["src/billing/**"],"to":["src/billing/**"],"to_except":["src/billing/index.*"],"mode":"forbid"}`},
		{"Use `src/billing/` through its `index.ts` when you can.", ""},
	} {
		res := importsRecognizer{}.Recognize(&policy.Constraint{Text: c.text, Level: policy.Must}, rc)
		got := ""
		for _, r := range res.Rules {
			got += string(r.Params)
		}
		if got != c.want {
			t.Errorf("%q: %s, want %s", c.text, got, c.want)
		}
	}
}

// The folders of a folder said to be independent of one another.
func TestIsolateUnder(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"typescript"}, Dirs: []string{"src", "src/features", "src/features/cart", "src/shared"}}
	for _, c := range []struct{ text, want string }{
		{"Modules under `src/features/` are independent: one feature never imports another.", `{"mode":"isolate","groups":"src/features/*"}`},
		{"The packages in `src/features/` must stay isolated from each other.", `{"mode":"isolate","groups":"src/features/*"}`},
		{"Modules under `src/features/` are documented in the README.", ""},
	} {
		res := importsRecognizer{}.Recognize(&policy.Constraint{Text: c.text, Level: policy.Must}, rc)
		got := ""
		for _, r := range res.Rules {
			got += string(r.Params)
		}
		if got != c.want {
			t.Errorf("%q: %s, want %s", c.text, got, c.want)
		}
	}
}

// Layers named as plural words, in other verbs.
func TestWordRoles(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"java"}, Dirs: []string{"src", "src/main", "src/main/java", "src/main/java/com", "src/main/java/com/acme",
		"src/main/java/com/acme/controller", "src/main/java/com/acme/repository", "src/main/java/com/acme/service", "tests"}}
	for _, c := range []struct{ text, want, why string }{
		{"Controllers never touch a repository.", `{"from":["src/main/java/com/acme/controller/**"],"to":["src/main/java/com/acme/repository/**"],"mode":"forbid"}`, ""},
		{"Controllers may only use services, never repositories directly.", `{"from":["src/main/java/com/acme/controller/**"],"to":["src/main/java/com/acme/repository/**"],"mode":"forbid"}`, ""},
		{"Tests must never call the network.", "", ""},
		{"Controllers must not import gateways.", "", "`gateways` names no folder of this repository"},
	} {
		res := importsRecognizer{}.Recognize(&policy.Constraint{Text: c.text, Level: policy.Must}, rc)
		got := ""
		for _, r := range res.Rules {
			got += string(r.Params)
		}
		if got != c.want || res.Unenforced != c.why && !strings.Contains(res.Unenforced, strings.Trim(c.why, "`")) {
			t.Errorf("%q: %s (%q), want %s (%q)", c.text, got, res.Unenforced, c.want, c.why)
		}
	}
}

// A Gradle module by its project path, a JVM package with everything in it, the
// target named in words with its code in parentheses.
func TestGradleModuleAndPackage(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"kotlin"}, Dirs: []string{"app", "core", "core/src", "feature", "feature/login"}}
	for _, c := range []struct{ text, want string }{
		{"The `:core` module must not depend on Android framework classes (`android.*`).", `{"from":["core/**"],"to_packages":["android"],"mode":"forbid"}`},
		{"`:feature:login` must not import `:core`.", `{"from":["feature/login/**"],"to":["core/**"],"mode":"forbid"}`},
		{"The `:billing` module must not import `:core`.", ""},
	} {
		res := importsRecognizer{}.Recognize(&policy.Constraint{Text: c.text, Level: policy.Must}, rc)
		got := ""
		for _, r := range res.Rules {
			got += string(r.Params)
		}
		if got != c.want {
			t.Errorf("%q: %s (%s), want %s", c.text, got, res.Unenforced, c.want)
		}
	}
}

// Each part of a folder on its own, a shared folder excepted
// (Crossbill-Highlights/crossbill-web CLAUDE.md:26).
func TestEachOnly(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"python"}, Dirs: []string{"backend", "backend/src", "backend/src/domain", "backend/src/domain/common",
		"backend/src/domain/library", "backend/src/domain/reading", "backend/src/application", "backend/src/application/library", "backend/src/application/reading",
		"src", "src/modules", "src/modules/a", "src/shared"}}
	sort.Strings(rc.Dirs) // as RepoContextFor gives them
	for _, c := range []struct{ text, want string }{
		{"a domain module (`library`, `reading`, …) imports only itself and `domain/common/`, referencing other modules' aggregates by ID.",
			`{"to_except":["backend/src/domain/common/**"],"mode":"isolate","groups":"backend/src/domain/*"}` + `{"from":["backend/src/domain/**"],"mode":"only"}`},
		{"Each module under `src/modules/` may only import from itself and `src/shared/`.",
			`{"to_except":["src/shared/**"],"mode":"isolate","groups":"src/modules/*"}` + `{"from":["src/modules/**"],"to":["src/shared/**"],"mode":"only"}`},
		{"Each module under `src/modules/` imports itself first.", ""},
		// both domain/ and application/ hold library/ and reading/: the qualifier
		// says which; without one, which is not said
		{"A module (`library`, `reading`) imports only itself.", ""},
	} {
		res := importsRecognizer{}.Recognize(&policy.Constraint{Text: c.text, Level: policy.Must}, rc)
		got := ""
		for _, r := range res.Rules {
			got += string(r.Params)
		}
		if got != c.want {
			t.Errorf("%q: %s (%s), want %s", c.text, got, res.Unenforced, c.want)
		}
	}
}

// A Go module named without its host is the module of any host; an npm scope, a
// package named in full and a longer name are not stretched so.
func TestMatchPackageWithoutHost(t *testing.T) {
	for _, c := range []struct {
		names []string
		spec  string
		want  bool
	}{
		{[]string{"mattn/go-sqlite3"}, "github.com/mattn/go-sqlite3", true},
		{[]string{"mattn/go-sqlite3"}, "github.com/mattn/go-sqlite3/sqlite3_opt", true},
		{[]string{"mattn/go-sqlite3"}, "github.com/mattn/go-sqlite3x", false},
		{[]string{"mattn/go-sqlite3"}, "github.com/other/mattn/go-sqlite3", false},
		{[]string{"@types/node"}, "x.com/@types/node", false},
		{[]string{"github.com/pkg/errors"}, "github.com/pkg/errors", true},
		{[]string{"pkg/errors"}, "errors", false},
	} {
		if got := matchPackage(c.names, c.spec); got != c.want {
			t.Errorf("matchPackage(%q, %q) = %v, want %v", c.names, c.spec, got, c.want)
		}
	}
}
