package arch

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// The readings of this stop carry authored cases the kinds pass: a test file left out
// of a boundary is inapplicable, and "only tests may import" lets a test file alone.
func TestExemptionsCarryCasesTheKindPasses(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	rcGo := &recognize.RepoContext{Languages: []string{"go"}, GoModule: "example.com/app",
		Dirs: []string{"internal", "internal/api", "internal/db", "internal/engine", "internal/fixtures", "internal/policy", "internal/testkit"}}
	for _, tc := range []struct {
		text       string
		inapplic   bool // a case shows a test file left alone
		rules      int
		scopeTests string // "exclude", "only" or "" for each rule in turn
	}{
		{"`internal/api` must not import `internal/db` outside its tests.", true, 1, "exclude"},
		{"`internal/api` (the HTTP handlers) must not import `internal/db`, except in tests.", true, 1, "exclude"},
		{"Only tests may import `internal/fixtures`.", true, 1, ""},
		{"Neither `internal/api` nor `internal/engine` may import `internal/db`.", false, 1, ""},
		{"`internal/engine` may import only `internal/policy`; its tests may also import `internal/testkit`.", true, 2, "exclude,only"},
		{"`internal/api` and `internal/engine` may import only `internal/policy`.", false, 2, ","},
	} {
		con := &policy.Constraint{Text: tc.text, Level: policy.Must, File: "AGENTS.md"}
		rules := recognizeAll(con, rcGo)
		if len(rules) != tc.rules {
			t.Errorf("%q: %d rules, want %d: %s", tc.text, len(rules), tc.rules, summary(rules))
			continue
		}
		scopes := strings.Split(tc.scopeTests, ",")
		sawInapplicable := false
		for i, r := range rules {
			r := r
			r.ID = "R"
			want := scopes[min(i, len(scopes)-1)]
			got := ""
			switch {
			case len(r.Scope.Exclude) > 0:
				got = "exclude"
			case len(r.Scope.Globs) > 0:
				got = "only"
			}
			if got != want {
				t.Errorf("%q: rule %d scope %+v, want tests %q", tc.text, i, r.Scope, want)
			}
			for _, cs := range r.Cases {
				out := engine.RunCase(reg, &r, cs)
				if !out.OK {
					js, _ := json.Marshal(cs)
					t.Errorf("%q (%s): case %s got %s (%s)", tc.text, r.Params, js, out.Got, out.Reason)
				}
				if cs.Expect == policy.ExpectInapplicable && strings.HasSuffix(cs.Path, "_test.go") {
					sawInapplicable = true
				}
			}
		}
		if sawInapplicable != tc.inapplic {
			t.Errorf("%q: a case of a test file left alone: %v, want %v", tc.text, sawInapplicable, tc.inapplic)
		}
	}
}

// "no circular dependencies" in a constraint about Maven or Gradle modules is about
// cycles between build modules, which heed's import graph does not have: no rule that
// would flag the cycles between classes of one module.
func TestCyclesAtTheLevelTheTextNames(t *testing.T) {
	java := &recognize.RepoContext{Languages: []string{"java"}, Dirs: []string{"core-common", "core-rpc", "core-client"}}
	goRepo := &recognize.RepoContext{Languages: []string{"go"}, GoModule: "example.com/app", Dirs: []string{"internal", "internal/a"}}
	workspace := &recognize.RepoContext{Languages: []string{"typescript"}, Dirs: []string{"packages", "packages/api", "packages/env"},
		Packages: []recognize.Package{{Name: "zod", Ecosystem: "npm", Manifest: "packages/api/package.json"}, {Name: "zod", Ecosystem: "npm", Manifest: "packages/env/package.json"}}}
	for _, c := range []struct {
		text string
		rc   *recognize.RepoContext
		want string
	}{
		{"Define interfaces in lower modules and implementations in higher ones; no circular dependencies.", java, ``},
		{"No circular dependencies.", java, `cycles {"granularity":"file"}`},
		{"Packages depend on lower packages only; no circular imports.", goRepo, `cycles {"granularity":"package"}`},
		{"No circular imports.", goRepo, `cycles {"granularity":"file"}`},
		// a monorepo's packages (bluesky-social/atproto STYLE_GUIDE.md:46)
		{"No new circular dependencies between packages.", workspace, `cycles {"granularity":"workspace"}`},
	} {
		con := &policy.Constraint{Text: c.text, Level: policy.Must, File: "AGENTS.md"}
		var got []policy.Rule
		for _, r := range recognizeAll(con, c.rc) {
			if r.Kind == KindCycles {
				got = append(got, r)
				for _, cs := range r.Cases {
					// its own cases hold (a workspace's two packages each have a manifest)
					if o := engine.RunCase(engine.NewRegistry(Kinds()...), &r, cs); !o.OK {
						t.Errorf("%q: its case %q: got %s (%s)", c.text, cs.Note, o.Got, o.Reason)
					}
				}
			}
		}
		if s := summary(got); s != c.want {
			t.Errorf("%q: %s, want %s", c.text, s, c.want)
		}
	}
}

// A cycle rule whose text tolerates some cycles warns: heed cannot tell the tolerated
// ones from the others.
func TestCyclesTheTextToleratesWarn(t *testing.T) {
	for text, warn := range map[string]bool{
		"No new circular dependencies, explicit or implicit. The only tolerated cycle is `pds` ↔ `bsky` in tests.": true,
		"No circular imports, except between `a` and `b`.":                                                         true,
		"No circular imports.": false,
	} {
		con := &policy.Constraint{Text: text, Level: policy.Must, File: "AGENTS.md"}
		for _, r := range recognizeAll(con, &recognize.RepoContext{Languages: []string{"typescript"}}) {
			if r.Kind == KindCycles && (r.Severity == policy.SeverityWarning) != warn {
				t.Errorf("%q: severity %s", text, r.Severity)
			}
		}
	}
}

// A dependency rule between Maven or Gradle modules is about the modules' builds: the
// test sources, whose dependencies are a scope of their own, are left out; a rule
// between Java packages is not a rule between modules.
func TestJVMModuleRulesLeaveTestSourcesOut(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"java"},
		Dirs: []string{"shop-client", "shop-client/src", "shop-client/src/main", "shop-client/src/test", "shop-server", "shop-server/src",
			"src", "src/main", "src/main/java", "src/main/java/com", "src/main/java/com/acme", "src/main/java/com/acme/domain", "src/main/java/com/acme/web"}}
	for _, c := range []struct {
		text, context string
		exempt        bool
	}{
		{"`shop-client` cannot depend on `shop-server`.", "Module dependency rules:", true},
		{"The `shop-client` module must not depend on `shop-server`.", "", true},
		{"`shop-client` must not import `shop-server`.", "", false},
		{"The `com.acme.domain` module must not import `com.acme.web`.", "", false},
	} {
		con := &policy.Constraint{Text: c.text, Context: c.context, Level: policy.Must, File: "AGENTS.md"}
		rules := recognizeAll(con, rc)
		if len(rules) != 1 {
			t.Errorf("%q: %s", c.text, summary(rules))
			continue
		}
		if got := len(rules[0].Scope.Exclude) > 0; got != c.exempt {
			t.Errorf("%q: test sources left out %v, want %v (scope %+v)", c.text, got, c.exempt, rules[0].Scope)
		}
	}
}

// "`application/` imports domain only", "`domain/` imports nothing": what a layer may
// import, its folders named without code spans, placed beside the subject.
func TestImportsNamedWithoutSpans(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"python"},
		Dirs: []string{"backend", "backend/app", "backend/app/api", "backend/app/application", "backend/app/contracts", "backend/app/domain", "frontend", "frontend/api"}}
	for _, c := range []struct{ text, want string }{
		{"`domain/` imports NOTHING (no web frameworks)", `imports {"from":["backend/app/domain/**"],"mode":"only"}`},
		{"`application/` imports domain only", `imports {"from":["backend/app/application/**"],"to":["backend/app/domain/**"],"mode":"only"}`},
		{"`api/` imports application + contracts only", `imports {"from":["backend/app/api/**"],"to":["backend/app/application/**","backend/app/contracts/**"],"mode":"only"}`},
		{"`api/` may import only application and contracts.", `imports {"from":["backend/app/api/**"],"to":["backend/app/application/**","backend/app/contracts/**"],"mode":"only"}`},
		{"`domain/` imports lodash only", ``},
		{"`api/` imports the router.", ``},
		{"`api/` imports application.", ``},
	} {
		con := &policy.Constraint{Text: c.text, Level: policy.Must, File: "AGENTS.md"}
		if got := summary(recognizeAll(con, rc)); got != c.want {
			t.Errorf("%q\n got  %s\n want %s", c.text, got, c.want)
		}
	}
}

// A cycle rule between parts the import graph has no boundary for ("Domain A → B → A
// is forbidden", "no cycles between features") warns: heed reports every cycle of
// files, and two files of one domain importing each other are none of the sentence's
// (wild round 20, lets-intern-client: 17 of 23 errors were such cycles).
func TestCyclesBetweenDomainsWarn(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"typescript"}, Dirs: []string{"src", "src/domain", "src/domain/a"}}
	for text, want := range map[string]string{
		"**No circular dependencies**: Domain A → B → A is forbidden": policy.SeverityWarning,
		"No circular dependencies between features.":                  policy.SeverityWarning,
		"No circular imports.":                                        policy.SeverityError,
	} {
		con := &policy.Constraint{Text: text, Level: policy.Must, File: "AGENTS.md"}
		var sev []string
		for _, r := range recognizeAll(con, rc) {
			if r.Kind == KindCycles {
				sev = append(sev, r.Severity)
			}
		}
		if len(sev) != 1 || sev[0] != want {
			t.Errorf("%q: cycle rules %v, want one %s", text, sev, want)
		}
	}
}
